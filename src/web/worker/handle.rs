//! The worker's request handling: one [`Worker`] holds what lasts between requests (the exact
//! solver's table and database, the endgame databases built) and answers every message
//! through one `post`. A task returns `Err(message)` and the dispatch turns it into the one
//! `Error` reply.

use super::databases::Held;
use super::protocol::{Reply, Request, Task, MAX_MEMORY_MIB, MAX_TABLE_MIB};
use crate::families::{AnyMove, AnyPosition, AnyRules, ExactSolver, FamilyId, SolveError};
use crate::labs::{run_lab, Throttle};
use crate::search::{Analysis, SearchHandler};

/// What a worker keeps between requests.
#[derive(Default)]
pub struct Worker {
    /// The exact solver of the last solve: its values are relative to the pits only, so they
    /// stay true for any position of the same rules and sizes, and the next root move or the
    /// next move of a game starts from everything proven so far.
    solver: Option<Box<dyn ExactSolver>>,
    /// The endgame databases held.
    pub databases: Held,
}

/// A search's handler in the worker: nodes a few times a second, every iteration, every
/// window of the exact solver; a deadline.
struct Handler<'a> {
    id: u32,
    start: f64,
    deadline: Option<f64>,
    throttle: Throttle,
    now: &'a dyn Fn() -> f64,
    post: &'a mut dyn FnMut(Reply),
}

impl SearchHandler<AnyMove> for Handler<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let t = (self.now)();
        if self.throttle.due(t) {
            (self.post)(Reply::Nodes { id: self.id, nodes, elapsed_ms: t - self.start });
        }
        self.deadline.is_some_and(|d| t >= d)
    }

    fn on_progress(&mut self, analysis: &Analysis<AnyMove>) {
        let elapsed_ms = (self.now)() - self.start;
        (self.post)(Reply::Progress { id: self.id, analysis: analysis.clone(), elapsed_ms });
    }

    fn on_window(&mut self, mv: AnyMove, lower: i32, upper: i32) {
        (self.post)(Reply::Window { id: self.id, mv, lower, upper });
    }
}

/// A position from its rules id and setup.
///
/// # Errors
/// Either part, in words.
pub fn parse_position(rules: &str, setup: &str) -> Result<AnyPosition, String> {
    let rules: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    rules.parse_setup(setup).map_err(|e| format!("setup: {e}"))
}

/// Why a family has no exact solver: the families that have one.
fn no_solver() -> String {
    let with: Vec<String> = FamilyId::ALL
        .iter()
        .filter(|f| f.has_exact_solver())
        .map(|f| {
            let k = f.key();
            k[..1].to_ascii_uppercase() + &k[1..]
        })
        .collect();
    format!("the exact solver is for {}-family games", with.join("- and "))
}

impl Worker {
    /// Handles one message's text: parses it, runs it, and posts every reply through `post`.
    /// `now` is a millisecond clock.
    pub fn handle(&mut self, text: &str, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
        match Request::read(text) {
            Ok(req) => self.handle_request(req, now, post),
            Err(unreadable) => post(unreadable.into()),
        }
    }

    /// Runs a request already read, posting every reply through `post`.
    pub fn handle_request(&mut self, req: Request, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
        let id = req.id;
        if let Err(message) = self.run(req, now, post) {
            post(Reply::Error { id: Some(id), message });
        }
    }

    /// Runs a request, posting its replies; its error, in words.
    fn run(&mut self, req: Request, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) -> Result<(), String> {
        let (id, start) = (req.id, now());
        match req.task {
            Task::Analyze { rules, setup, max_depth, time_ms, table_mib, endgame } => {
                let pos = parse_position(&rules, &setup)?;
                if !(1..=MAX_TABLE_MIB).contains(&table_mib) {
                    return Err(format!("table size {table_mib} MiB is out of range: 1 to {MAX_TABLE_MIB}"));
                }
                if pos.outcome().is_some() {
                    return Err("the game is over: nothing to analyze".into());
                }
                let deadline = (time_ms > 0).then_some(start + time_ms as f64);
                let mut h = Handler { id, start, deadline, throttle: Throttle::new(start), now, post };
                let depth = max_depth.clamp(1, 200);
                let held = self.databases.of(&pos.rules()).filter(|_| endgame);
                let analysis = match held.and_then(|db| db.analyze(&pos, depth, table_mib, &mut h)) {
                    Some(a) => a,
                    None => pos.analyze(depth, table_mib, &mut h),
                };
                let analysis = (!analysis.moves.is_empty()).then_some(analysis);
                let elapsed_ms = now() - start;
                post(Reply::Done { id, analysis, elapsed_ms, memory_bytes: (table_mib as u64) << 20 });
            }
            Task::Solve { rules, setup, memory_mib, time_ms, value_only, moves, guess } => {
                let pos = parse_position(&rules, &setup)?;
                if !(16..=MAX_MEMORY_MIB).contains(&memory_mib) {
                    return Err(format!("memory budget {memory_mib} MiB is out of range: 16 to {MAX_MEMORY_MIB}"));
                }
                if !pos.rules().has_exact_solver() {
                    return Err(no_solver());
                }
                let req = crate::families::SolveRequest::budget(memory_mib);
                if guess.is_some_and(|g| g.unsigned_abs() > 1000) {
                    return Err("guess is out of range".into());
                }
                if let Some(m) = moves.iter().find(|m| m.family() != pos.family()) {
                    let k = pos.family().key();
                    let game = k[..1].to_ascii_uppercase() + &k[1..];
                    return Err(format!(
                        "moves: a {} move is not a move of the exact solver's {game}",
                        m.family().key()
                    ));
                }
                let cached = self.solver.take().filter(|s| s.serves(&pos, &req));
                let mut solver = match cached {
                    Some(s) => s,
                    None => pos.exact_solver(&req).ok_or_else(no_solver)?.map_err(|e| e.to_string())?,
                };
                let st = solver.stats();
                post(Reply::Memory { id, bytes: st.table_bytes + st.db_bytes });
                let deadline = (time_ms > 0).then_some(start + time_ms as f64);
                let result = {
                    let mut h = Handler { id, start, deadline, throttle: Throttle::new(start), now, post };
                    if value_only {
                        // The value alone, reported as an analysis without per-move values.
                        solver.solve(&pos, &mut h).map(|value| Analysis {
                            value: crate::engine::Value::Margin(value),
                            exact: true,
                            nodes: solver.stats().nodes,
                            ..Default::default()
                        })
                    } else {
                        solver.analyze_moves(&pos, Some(&moves), guess, &mut h)
                    }
                };
                let st = solver.stats();
                self.solver = Some(solver);
                match result {
                    Ok(analysis) => {
                        let elapsed_ms = now() - start;
                        let memory_bytes = st.table_bytes + st.db_bytes;
                        post(Reply::Done { id, analysis: Some(analysis), elapsed_ms, memory_bytes })
                    }
                    Err(SolveError::Stopped) => {
                        return Err(format!(
                            "not solved within {:.0} s: this position is too large for the time allowed",
                            time_ms as f64 / 1000.0
                        ))
                    }
                    Err(e) => return Err(e.to_string()),
                }
            }
            Task::Endgame(task) => self
                .databases
                .run(task, now, &mut |reply, elapsed_ms| post(Reply::Endgame { id, reply, elapsed_ms }))?,
            Task::Lab(task) => {
                run_lab(task, id, now, &mut |id, reply, elapsed_ms| post(Reply::Lab { id, reply, elapsed_ms }))?
            }
        }
        Ok(())
    }
}

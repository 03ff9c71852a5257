//! `solve … --processes P` and `solve … --hosts FILE --process I`: the exact solver across
//! processes. The position's first plies are split into subtrees ([`Split`]), enough for
//! every process to have work; they are searched in rounds with windows (young brothers wait:
//! `crate::families::split`), each process taking its share of a round's searches with its own
//! solver and table, and every process hearing every result through the distributed engine's
//! rounds, so that all of them know the same and agree on the next round without a master.
//! The first process reports the value and every opening move's value, with each process's
//! share of the work.

#![cfg_attr(not(feature = "distributed"), allow(dead_code))]

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::databases::MoveValue;
use super::head::Head;
use super::parts::Where;
use super::progress::{mib, Progress};
use super::solve::SolveArgs;
use super::CliError;
use crate::engine::rounds::Rounds;
use crate::families::split::{Known, Split};
use crate::families::{AnyPosition, SolveError, SolveRequest};
use crate::notation::Game;
use crate::search::NoHandler;

/// Where the processes of a solve are.
pub struct Across {
    /// Processes to launch here.
    pub processes: Option<usize>,
    /// This process, of a cluster's.
    pub process: Option<usize>,
    /// The cluster's host file.
    pub hosts: Option<std::path::PathBuf>,
}

/// Subtrees a process at least, so that a round's searches spread over the processes.
const JOBS_A_PROCESS: usize = 4;

/// The layers valued exactly and shared by the processes, by default: on 6 pits a side
/// C(28, 12) = 30 million layouts, 29 MiB.
const SHARED_SEEDS: u32 = 16;

/// The deepest split.
const MOST_DEPTH: u32 = 8;

/// One process's share of a solve.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProcessWork {
    /// The process, from 0.
    pub process: usize,
    /// Searches it made (a subtree within a window).
    pub searches: u64,
    /// Nodes it searched.
    pub nodes: u64,
    /// Seconds it searched.
    pub busy_seconds: f64,
}

/// `solve` across processes.
#[derive(Serialize)]
pub struct FarmReport {
    #[serde(flatten)]
    head: Head,
    value: i32,
    best: Option<String>,
    moves: Vec<MoveValue>,
    processes: usize,
    /// Plies of the split, and its subtrees.
    depth: u32,
    subtrees: usize,
    /// Rounds of searches, and searches in all (a subtree may be searched again with a wider
    /// window).
    rounds: u64,
    searches: u64,
    nodes: u64,
    seconds: f64,
    /// The mean of the processes' busy seconds over the largest: 1 is a perfect balance.
    balance: f64,
    work: Vec<ProcessWork>,
    /// Each process's solver: its table and databases.
    solver: String,
    /// The processes that mapped the shared layers from the file (the others built them).
    mapped_by: u64,
}

/// Routes `solve` across processes.
///
/// # Errors
/// Options that do not go together, and those of the solve.
pub fn solve(g: &Game, args: SolveArgs, across: Across, relaunch: &[String]) -> Result<Option<FarmReport>, CliError> {
    if args.value_only {
        return Err(CliError::NotUsed {
            option: "--value-only",
            why: "a solve across processes values every move at the root",
        });
    }
    if args.threads.is_some() {
        return Err(CliError::NotUsed {
            option: "--threads",
            why: "each process of a solve across processes is one thread",
        });
    }
    let root = g.position();
    if root.outcome().is_some() {
        return Err(CliError::GameOver(root.status()));
    }
    match super::parts::where_to_run(across.processes, across.process, across.hosts.as_deref())? {
        Where::Here(p) => launch(relaunch, p).map(|()| None),
        Where::Cluster { process, addresses } => as_process(g, &args, process, addresses),
    }
}

#[cfg(feature = "distributed")]
fn launch(relaunch: &[String], processes: usize) -> Result<(), CliError> {
    let args: Vec<std::ffi::OsString> = relaunch.iter().map(Into::into).collect();
    super::cluster::launch_here(&args, processes, &std::env::temp_dir(), "run it again")
}

#[cfg(not(feature = "distributed"))]
fn launch(_: &[String], _: usize) -> Result<(), CliError> {
    Err(super::parts::not_built())
}

#[cfg(feature = "distributed")]
fn as_process(g: &Game, args: &SolveArgs, i: usize, addresses: Vec<String>) -> Result<Option<FarmReport>, CliError> {
    // The layers valued exactly before the search are the databases the processes share (a
    // file each maps): by default up to the database's seeds, in place of the bounds a
    // search fills in as it goes (which a process could not share).
    let db_seeds = args.db_seeds.unwrap_or(SHARED_SEEDS);
    let req = SolveRequest {
        table_mib: args.table_mib,
        db_seeds: Some(db_seeds),
        exact_seeds: Some(args.exact_seeds.unwrap_or(db_seeds)),
        ..SolveRequest::threads(1)
    };
    let (json, head, root) = (args.json, Head::of(g), g.position().clone());
    super::cluster::with_rounds(i, addresses, move |rounds| {
        solve_in_rounds(&root, &req, head.clone(), rounds, &mut Progress::new(json, false))
    })
}

#[cfg(not(feature = "distributed"))]
fn as_process(_: &Game, _: &SolveArgs, _: usize, _: Vec<String>) -> Result<Option<FarmReport>, CliError> {
    Err(super::parts::not_built())
}

/// Solves `root` with the other processes through `rounds`; the first process reports.
///
/// # Errors
/// The solver's (memory), and the transport's (a process died).
pub fn solve_in_rounds(
    root: &AnyPosition,
    req: &SolveRequest,
    head: Head,
    rounds: &mut dyn Rounds,
    progress: &mut Progress,
) -> Result<Option<FarmReport>, CliError> {
    let (me, processes) = (rounds.process(), rounds.processes());
    let start = Instant::now();
    let who = format!("process {me} of {processes}");
    let mut solver = root.exact_solver(req).ok_or_else(|| CliError::WrongFamily("no exact solver".into()))??;
    // The first process builds the shared layers (or finds them built), then the others map
    // them; one without the first's file system builds its own.
    let file =
        std::env::temp_dir().join(format!("mancala-lab-{}-exact-{}.bin", root.rules(), req.exact_seeds.unwrap_or(0)));
    let share = |solver: &mut Box<dyn crate::families::ExactSolver>| -> Result<bool, CliError> {
        if req.exact_seeds.unwrap_or(0) == 0 {
            return Ok(false);
        }
        Ok(solver.share_databases(&file, &mut NoHandler)?)
    };
    let transport = |e: String| CliError::Processes(format!("{who}: {e}"));
    let mut mapped = if me == 0 { share(&mut solver)? } else { false };
    rounds.round(vec![vec![]; processes], [0, 0]).map_err(transport)?;
    if me != 0 {
        mapped = share(&mut solver)?;
    }
    let (_, [mapped_by, _]) = rounds.round(vec![vec![]; processes], [u64::from(mapped), 0]).map_err(transport)?;
    let st = solver.stats();
    let shared = match (req.exact_seeds, mapped) {
        (Some(1..), true) => format!(", mapped from {}", file.display()),
        (Some(1..), false) => format!(", written to {} for the other processes to map", file.display()),
        _ => String::new(),
    };
    progress.say(&format!(
        "{who}: solve: {} of memory ({}{shared})",
        mib(st.table_bytes + st.db_bytes),
        solver.sizes_text()
    ));
    let split = Split::at_least(root, JOBS_A_PROCESS * processes, MOST_DEPTH);
    let mut known = vec![Known::NOTHING; split.jobs.len()];
    let mut work: Vec<ProcessWork> =
        (0..processes).map(|process| ProcessWork { process, ..Default::default() }).collect();
    let mut round = 0u64;
    loop {
        let asks = split.asks(&known);
        if asks.is_empty() {
            break;
        }
        round += 1;
        // This process's share of the round: every processes-th search, with its window.
        let mut words = vec![];
        for (n, a) in asks.iter().enumerate().filter(|(n, _)| n % processes == me) {
            let t = Instant::now();
            let v = solver.solve_within(&split.jobs[a.job], a.alpha, a.beta, &mut NoHandler).map_err(|e| match e {
                SolveError::Stopped => CliError::Processes(format!("{who}: stopped")),
                e => e.into(),
            })?;
            words.extend([n as u64, (v + (1 << 20)) as u64, solver.stats().nodes, t.elapsed().as_micros() as u64]);
            progress.tick(|| format!("{who}: round {round}: {} searches of {}", n + 1, asks.len()));
        }
        let (inbox, _) = rounds.round(vec![words; processes], [0, 0]).map_err(transport)?;
        for w in inbox.chunks_exact(4) {
            let (n, v) = (w[0] as usize, w[1] as i32 - (1 << 20));
            let a = asks[n];
            known[a.job].learn(a.alpha, a.beta, v);
            let p = &mut work[n % processes];
            p.searches += 1;
            p.nodes += w[2];
            p.busy_seconds += w[3] as f64 / 1e6;
        }
    }
    if me != 0 {
        return Ok(None);
    }
    let (value, moves) = split.values(&known);
    let busiest = work.iter().map(|w| w.busy_seconds).fold(0.0, f64::max);
    let mean = work.iter().map(|w| w.busy_seconds).sum::<f64>() / processes as f64;
    Ok(Some(FarmReport {
        head,
        value,
        best: moves.first().map(|m| m.0.to_string()),
        moves: moves.iter().map(|&(m, v)| MoveValue::new(m, v)).collect(),
        processes,
        depth: split.depth,
        subtrees: split.jobs.len(),
        rounds: round,
        searches: work.iter().map(|w| w.searches).sum(),
        nodes: work.iter().map(|w| w.nodes).sum(),
        seconds: start.elapsed().as_secs_f64(),
        balance: if busiest > 0.0 { mean / busiest } else { 1.0 },
        work,
        solver: solver.sizes_text() + &shared,
        mapped_by,
    }))
}

impl fmt::Display for FarmReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {:+} with perfect play", self.head.title_to_move(), self.value)?;
        for m in &self.moves {
            writeln!(f, "  {:>3}  {:+}", m.mv, m.value)?;
        }
        writeln!(
            f,
            "across {} processes: {} plies split into {} subtrees, searched in {} rounds with windows ({} searches), {} nodes in {:.2} s",
            self.processes, self.depth, self.subtrees, self.rounds, self.searches, self.nodes, self.seconds
        )?;
        writeln!(f, "{:>7} {:>9} {:>14} {:>9}", "process", "searches", "nodes", "busy s")?;
        for w in &self.work {
            writeln!(f, "{:>7} {:>9} {:>14} {:>9.2}", w.process, w.searches, w.nodes, w.busy_seconds)?;
        }
        writeln!(f, "balance {:.2} (mean busy time over the busiest's); each process: {}", self.balance, self.solver)?;
        writeln!(f, "{} of the {} processes mapped the shared layers", self.mapped_by, self.processes)
    }
}

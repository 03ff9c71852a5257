//! Messages between the page and the search worker, as JSON text. Both directions are
//! untrusted: a message that does not parse, or names bad rules or a bad setup, gets an
//! `Error` reply, never a panic.

use serde::{Deserialize, Serialize};

use crate::engine::{Position, Value};
use crate::families::kalah::solver::{SolveError, SolveOptions, Solver};
use crate::families::kalah::{Kalah, KalahMove, KalahRules};
use crate::families::oware::search as oware_search;
use crate::families::oware::Oware;
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, SearchHandler};

/// Largest transposition table the page may ask for, in MiB.
pub const MAX_TABLE_MIB: usize = 1024;
/// Largest memory budget of the exact solver in the browser, in MiB.
pub const MAX_MEMORY_MIB: usize = 2048;

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the page; every reply carries it so stale replies can be dropped.
    pub id: u32,
    /// What to do.
    pub task: Task,
}

/// Work the worker can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// Iterative-deepening analysis of a position, in link notation.
    Analyze {
        /// Rules id.
        rules: String,
        /// Setup of the position to analyze.
        setup: String,
        /// Deepest iteration, in sowings.
        max_depth: u32,
        /// Time limit in ms (0: none, only the depth and Stop limit it).
        time_ms: u64,
        /// Table size in MiB.
        table_mib: usize,
        /// Value the positions the endgame databases cover exactly (Oware family): the
        /// databases this worker holds, after (in the browser) loading those cached.
        #[serde(default)]
        endgame: bool,
    },
    /// Exact values of every legal move of a Kalah position (the exact solver).
    Solve {
        /// Rules id.
        rules: String,
        /// Setup of the position to solve.
        setup: String,
        /// Memory budget for the table and the endgame database, in MiB.
        memory_mib: usize,
        /// Time limit in ms (0: none).
        time_ms: u64,
        /// Only the value of the position, not of every move (faster; for benchmarks).
        #[serde(default)]
        value_only: bool,
        /// Only these root moves (empty: every legal move). The page shares a position's moves
        /// between several workers this way.
        #[serde(default)]
        moves: Vec<AnyMove>,
        /// A first guess of the value (absolute) for MTD(f), e.g. the best value found so far
        /// by other workers, for moves the solver's short heuristic search has no value for.
        #[serde(default)]
        guess: Option<i32>,
    },
    /// A lab's computation.
    Lab(LabTask),
}

/// The labs' work, one variant a lab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "lab", rename_all = "snake_case")]
pub enum LabTask {
    /// The CLI's `bench` workloads, timed in the worker.
    Bench,
    /// Dooley's study: state counts and opening values of a small Kalah game.
    Dooley {
        /// Rules id.
        rules: String,
    },
    /// Dakon's first turns.
    Dakon(DakonTask),
    /// Erickson's "Sowing Games": tables, searches, the octal game, a row's value.
    Erickson(EricksonTask),
    /// Ayo's determined positions (Broline & Loeb, Theorem 3) on boards of 2 to `max_pits`
    /// pits a side, every candidate played out.
    Determined {
        /// The largest board: 2 to [`MAX_DETERMINED_PAGE`].
        max_pits: usize,
    },
    /// The Oware family's endgame databases.
    Endgame(super::endgame::EndgameTask),
    /// Tchoukaillon's mathematics.
    Tchoukaillon(TchoukaillonTask),
    /// Erickson's Towers-of-Hanoi sowing puzzle: the minimum for 1 to `max_n` pots, either way
    /// and rightward only.
    Hanoi {
        /// The last n: 1 to [`MAX_HANOI_PAGE`].
        max_n: usize,
    },
}

/// Most pots the worker searches the Hanoi puzzle for (16 pots: about 1.3 million positions).
pub const MAX_HANOI_PAGE: usize = 16;
/// Most positions one Hanoi search stores in the worker.
pub const HANOI_PAGE_STATES: u64 = 5_000_000;

/// The Tchoukaillon lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tchoukaillon", rename_all = "snake_case")]
pub enum TchoukaillonTask {
    /// The winning position for `seeds` (every pit up to [`WHOLE_PITS`], else its first
    /// [`FIRST_PITS`] pits; and its number of pits)
    /// and, when it has at most [`MAX_OCCUPANCY_PITS`] pits, its occupancy picture (Figure 7).
    Position {
        /// Seeds: any u64.
        seeds: u64,
    },
    /// The Tchouka solitaire's solvability map, 1..=`max_pits` pits of 1..=`max_seeds` seeds.
    TchoukaMap {
        /// Most pits: 1 to [`MAX_TCHOUKA_MAP_PITS`].
        max_pits: u8,
        /// Most seeds a pit: 1 to [`MAX_TCHOUKA_MAP_SEEDS`].
        max_seeds: u8,
    },
    /// s(1), …, s(n), checked by the other methods as far as they go in a moment.
    SOfN {
        /// The last n: 1 to [`MAX_S_OF_N_PAGE`].
        n: u64,
    },
}

/// Most pits of the worker's Tchouka map (12 pits of up to 20 seeds: a few seconds).
pub const MAX_TCHOUKA_MAP_PITS: u8 = 12;
/// Most seeds a pit of the worker's Tchouka map.
pub const MAX_TCHOUKA_MAP_SEEDS: u8 = 20;

/// Pits of a large winning position the worker sends (the rest are counted).
pub const FIRST_PITS: usize = 1000;
/// Most pits of a winning position the worker sends whole.
pub const WHOLE_PITS: u64 = 10_000;
/// Most pits the worker walks for Figure 7 (the position for about 8·10¹⁴ seeds: about 1 s).
pub const MAX_OCCUPANCY_PITS: u64 = 50_000_000;
/// Most n the page computes s(n) to.
pub const MAX_S_OF_N_PAGE: u64 = 200_000;
/// Points of Figure 7's picture.
pub const OCCUPANCY_POINTS: u64 = 4000;

/// A check of s(n) by another method.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SOfNCheck {
    /// The method, in words.
    pub method: String,
    /// It was run for n = 1 to this.
    pub upto: u64,
    /// The first n where it differs (a defect), if any.
    pub differs_at: Option<u64>,
    /// Its milliseconds.
    pub ms: f64,
}

/// What the Tchoukaillon lab says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tchoukaillon", rename_all = "snake_case")]
pub enum TchoukaillonReply {
    /// A winning position.
    Position {
        /// Its first pits and its size.
        position: crate::labs::tchoukaillon::WinningPosition,
        /// Figure 7's picture (none past [`MAX_OCCUPANCY_PITS`] pits).
        occupancy: Option<crate::labs::tchoukaillon::Occupancy>,
        /// The milliseconds the position itself took (its first pits and its number of pits).
        position_ms: f64,
    },
    /// The Tchouka solitaire's map.
    TchoukaMap {
        /// Each start, by pits then seeds.
        entries: Vec<crate::families::tchouka::MapEntry>,
    },
    /// s(1..=n).
    SOfN {
        /// s(1), …, s(n).
        s: Vec<u64>,
        /// Its milliseconds.
        ms: f64,
        /// The other methods' checks.
        checks: Vec<SOfNCheck>,
    },
}

/// The largest board the worker checks for determined Ayo positions (7 pits a side: about
/// 360,000 candidates).
pub const MAX_DETERMINED_PAGE: usize = 7;

/// The Erickson lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "erickson", rename_all = "snake_case")]
pub enum EricksonTask {
    /// Tables 1–5, the example 312, Theorems 2.2–2.5, Table 5's classification, the followers
    /// of 1ⁿ.
    Tables,
    /// Table 3's exhaustive search.
    Search {
        /// Most seeds: 1 to [`MAX_SEARCH_SEEDS`].
        max_seeds: u32,
        /// Most pots of every plain row: 1 to 7.
        max_pots: u32,
        /// Most seeds of the rows of one pot more: at most 14.
        max_seeds_long: u32,
    },
    /// An octal game's nim-sequence.
    Octal {
        /// The code (`.37`).
        code: String,
        /// Largest heap size: at most [`crate::labs::erickson::MAX_OCTAL_PAGE`].
        n: usize,
    },
    /// A row's value and its options' (the play page's game-value view).
    Value {
        /// `sowing`, `sowing-i`, `atomic` or `atomic-i`.
        rules: String,
        /// The row, link notation.
        row: String,
    },
}

/// Most seeds Table 3's search takes in the worker (9 seeds: about 1.5 GB).
pub const MAX_SEARCH_SEEDS: u32 = 9;

/// The Dakon lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "dakon", rename_all = "snake_case")]
pub enum DakonTask {
    /// Dakon-n's first turns, every one (counts, shortest, maximum capture, least lap count).
    Survey {
        /// Holes a side: 1 to [`MAX_DAKON_SURVEY`] in the browser.
        n: usize,
    },
    /// One of Dakon-n's special openings, with its proof.
    Search {
        /// Holes a side.
        n: usize,
        /// Which opening.
        goal: DakonGoal,
        /// Most boards kept (at most [`MAX_DAKON_BOARDS`]).
        max_boards: u64,
    },
    /// Dakon-n's shortest opening of at most `bound` moves, proven by a depth-first search
    /// that keeps only its path (no board limit; it may take long: Stop ends it).
    Prove {
        /// Holes a side.
        n: usize,
        /// Longest opening searched: 1 to [`MAX_DAKON_BOUND`].
        bound: u32,
    },
}

/// Longest opening the depth-first proof searches (Dakon-10's best known has 68 moves).
pub const MAX_DAKON_BOUND: u32 = 200;

/// The Dakon openings the lab searches for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DakonGoal {
    /// Fewest moves (Table 2).
    Shortest,
    /// Least largest lap count, then fewest moves (Table 3).
    MinLaps,
    /// Least largest sowing, then fewest moves of more than one cycle.
    MinCycles,
}

/// Largest Dakon whose first turns the worker surveys (Dakon-6: 32 MB; Dakon-7 does not fit
/// in 24 GB, BENCHMARKS.md).
pub const MAX_DAKON_SURVEY: usize = 6;
/// Most boards a Dakon search may keep in the worker (about 45 bytes each: 1 GiB).
pub const MAX_DAKON_BOARDS: u64 = 24_000_000;

/// A reply from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// The worker has loaded and listens.
    Ready,
    /// An iteration finished.
    Progress {
        /// Request id.
        id: u32,
        /// The analysis so far.
        analysis: Analysis<AnyMove>,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The exact solver narrowed the value of a root move.
    Window {
        /// Request id.
        id: u32,
        /// The move being solved.
        mv: AnyMove,
        /// Proven lower bound (absolute).
        lower: i32,
        /// Proven upper bound (absolute).
        upper: i32,
    },
    /// The exact solver's table and database are allocated: this much memory, in bytes.
    Memory {
        /// Request id.
        id: u32,
        /// Table and database, in bytes.
        bytes: u64,
    },
    /// Nodes searched so far, sent a few times a second during long iterations.
    Nodes {
        /// Request id.
        id: u32,
        /// Nodes.
        nodes: u64,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The search ended (depth or time reached, or every value proven).
    Done {
        /// Request id.
        id: u32,
        /// The last finished iteration, if any.
        analysis: Option<Analysis<AnyMove>>,
        /// Time since the request arrived.
        elapsed_ms: f64,
        /// Memory the search used (table and database), in bytes.
        #[serde(default)]
        memory_bytes: u64,
    },
    /// A lab's progress or answer.
    Lab {
        /// Request id.
        id: u32,
        /// What the lab says.
        reply: LabReply,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The request could not be read or run.
    Error {
        /// Request id, when it could be read.
        id: Option<u32>,
        /// What is wrong.
        message: String,
    },
}

/// What a lab says: its progress, or its answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "lab", rename_all = "snake_case")]
pub enum LabReply {
    /// Benchmark figures.
    Bench {
        /// Perft nodes.
        perft_nodes: u64,
        /// Perft time.
        perft_ms: f64,
        /// Search nodes.
        search_nodes: u64,
        /// Search time.
        search_ms: f64,
        /// The search with endgame databases at its leaves: nodes.
        #[serde(default)]
        endgame_nodes: u64,
        /// Its time (the databases' build not counted).
        #[serde(default)]
        endgame_ms: f64,
        /// The databases' build time.
        #[serde(default)]
        endgame_db_ms: f64,
        /// Tchoukaillon: the pits of the winning position for
        /// [`crate::labs::bench::TCHOUKAILLON_SEEDS`] seeds, every one computed.
        #[serde(default)]
        tchoukaillon_pits: u64,
        /// Its time.
        #[serde(default)]
        tchoukaillon_ms: f64,
        /// s(n) for every n ≤ 10⁴: its time.
        #[serde(default)]
        s_of_n_10k_ms: f64,
        /// s(n) for every n ≤ 10⁵: its time.
        #[serde(default)]
        s_of_n_100k_ms: f64,
    },
    /// Dooley's study of a rule set.
    Dooley {
        /// State counts.
        study: crate::labs::dooley::Study,
        /// Exact values of the opening moves.
        analysis: Analysis<AnyMove>,
    },
    /// The Dakon lab.
    Dakon(DakonReply),
    /// The Erickson lab.
    Erickson(EricksonReply),
    /// Ayo's determined positions, a board size each.
    Determined {
        /// Each board's check.
        boards: Vec<crate::labs::ayo::BoardCheck>,
    },
    /// The endgame databases.
    Endgame(super::endgame::EndgameReply),
    /// The Tchoukaillon lab.
    Tchoukaillon(TchoukaillonReply),
    /// The Hanoi puzzle's minima, an n each (so far, while under way).
    Hanoi {
        /// Either way.
        both: Vec<crate::labs::hanoi::Minimum>,
        /// Rightward only.
        right: Vec<crate::labs::hanoi::Minimum>,
        /// Whether every n asked for is done.
        done: bool,
    },
}

/// What the Erickson lab says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "erickson", rename_all = "snake_case")]
pub enum EricksonReply {
    /// A stage under way, with rows (or heap sizes) so far.
    Progress {
        /// What is being computed.
        stage: String,
        /// Rows searched or heap sizes computed so far.
        count: u64,
    },
    /// The tables recomputed, and the milliseconds each stage took.
    Tables {
        /// The report.
        report: Box<crate::labs::erickson::Report>,
        /// Each stage and its milliseconds.
        stages: Vec<(String, f64)>,
    },
    /// Table 3's search.
    Search {
        /// Its answer.
        search: crate::labs::erickson::Table3Search,
    },
    /// An octal game's nim-sequence.
    Octal {
        /// Its summary.
        summary: Box<crate::labs::erickson::OctalSummary>,
    },
    /// A row's value.
    Value {
        /// The value and its options'.
        value: Box<crate::labs::erickson::RowValue>,
    },
}

/// What the Dakon lab says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "dakon", rename_all = "snake_case")]
pub enum DakonReply {
    /// A survey or search is under way.
    Progress {
        /// Store level (survey) or cost level (search) just finished.
        level: u32,
        /// Boards so far.
        boards: u64,
    },
    /// A survey's figures.
    Survey {
        /// The figures.
        survey: crate::labs::dakon::search::Survey,
    },
    /// A search's answer.
    Found {
        /// The limits tried on the way (min-laps, min-cycles), each with its verdict.
        trials: Vec<crate::labs::dakon::search::Trial>,
        /// The opening and what was proven (`None`: the board limit came first).
        found: Option<crate::labs::dakon::search::Found>,
    },
    /// A depth-first proof is under way.
    DeepProgress {
        /// Prefixes (first few moves) searched.
        done: usize,
        /// Prefixes in all.
        total: usize,
        /// Moves played so far.
        moves: u64,
    },
    /// A depth-first proof's answer.
    Deep {
        /// The shortest opening within the bound, or the proof that none is.
        found: crate::labs::dakon::deep::DeepFound,
    },
}

impl LabReply {
    /// The lab's answer, not its progress.
    pub fn is_answer(&self) -> bool {
        !matches!(
            self,
            LabReply::Dakon(DakonReply::Progress { .. } | DakonReply::DeepProgress { .. })
                | LabReply::Erickson(EricksonReply::Progress { .. })
                | LabReply::Endgame(super::endgame::EndgameReply::Progress { .. })
                | LabReply::Hanoi { done: false, .. }
        )
    }
}

thread_local! {
    static SOLVER: std::cell::RefCell<Option<(KalahRules, SolveOptions, Solver)>> = const { std::cell::RefCell::new(None) };
}

impl Reply {
    /// The request a reply answers (`None` for `Ready`, and for errors about a message whose
    /// id could not be read).
    pub fn id(&self) -> Option<u32> {
        match self {
            Reply::Ready => None,
            Reply::Progress { id, .. }
            | Reply::Nodes { id, .. }
            | Reply::Done { id, .. }
            | Reply::Window { id, .. }
            | Reply::Lab { id, .. }
            | Reply::Memory { id, .. } => Some(*id),
            Reply::Error { id, .. } => *id,
        }
    }
}

struct WorkerHandler<'a> {
    id: u32,
    start: f64,
    deadline: Option<f64>,
    last_report: f64,
    now: &'a dyn Fn() -> f64,
    post: &'a mut dyn FnMut(Reply),
}

impl SearchHandler<AnyMove> for WorkerHandler<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let t = (self.now)();
        if t - self.last_report >= 200.0 {
            self.last_report = t;
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

/// Handles one message's text: parses it, runs it, and posts every reply through `post`.
/// `now` is a millisecond clock.
pub fn handle(text: &str, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
    let req: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let id = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("id")?.as_u64())
                .map(|x| x as u32);
            post(Reply::Error { id, message: format!("unreadable request: {e}") });
            return;
        }
    };
    let id = req.id;
    let start = now();
    match req.task {
        Task::Analyze { rules, setup, max_depth, time_ms, table_mib, endgame } => {
            let pos = match parse_position(&rules, &setup) {
                Ok(p) => p,
                Err(message) => return post(Reply::Error { id: Some(id), message }),
            };
            if !(1..=MAX_TABLE_MIB).contains(&table_mib) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("table size {table_mib} MiB is out of range: 1 to {MAX_TABLE_MIB}"),
                });
            }
            if pos.outcome().is_some() {
                return post(Reply::Error { id: Some(id), message: "the game is over: nothing to analyze".into() });
            }
            let deadline = (time_ms > 0).then_some(start + time_ms as f64);
            let mut h = WorkerHandler { id, start, deadline, last_report: start, now, post };
            let depth = max_depth.clamp(1, 200);
            let analysis = match <&Oware>::try_from(&pos) {
                Ok(o) if endgame => {
                    super::endgame::with_held(|db| oware_search::analyze(o, db, depth, table_mib, &mut h))
                }
                _ => pos.analyze(depth, table_mib, &mut h),
            };
            let analysis = (!analysis.moves.is_empty()).then_some(analysis);
            let elapsed_ms = now() - start;
            post(Reply::Done { id, analysis, elapsed_ms, memory_bytes: (table_mib as u64) << 20 });
        }
        Task::Solve { rules, setup, memory_mib, time_ms, value_only, moves, guess } => {
            let pos = match parse_position(&rules, &setup) {
                Ok(p) if <&Kalah>::try_from(&p).is_ok() => *<&Kalah>::try_from(&p).expect("checked"),
                Ok(_) => {
                    return post(Reply::Error {
                        id: Some(id),
                        message: "the exact solver is for Kalah-family games".into(),
                    })
                }
                Err(message) => return post(Reply::Error { id: Some(id), message }),
            };
            if !(16..=MAX_MEMORY_MIB).contains(&memory_mib) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("memory budget {memory_mib} MiB is out of range: 16 to {MAX_MEMORY_MIB}"),
                });
            }
            let only = match moves.iter().map(|&m| KalahMove::try_from(m)).collect::<Result<Vec<_>, _>>() {
                Ok(m) => m,
                Err(f) => {
                    return post(Reply::Error {
                        id: Some(id),
                        message: format!("moves: a {} move is not a move of the exact solver's Kalah", f.key()),
                    })
                }
            };
            if guess.is_some_and(|g| g.unsigned_abs() > 1000) {
                return post(Reply::Error { id: Some(id), message: "guess is out of range".into() });
            }
            let seeds = pos.pit_seeds();
            let opts = SolveOptions::for_budget(pos.rules().pits(), seeds, memory_mib);
            // The solver of the last request, kept when the rules and sizes are the same: its
            // values are relative to the pits only, so they stay true for any position, and the
            // next root move or the next move of a game starts from everything proven so far.
            let cached = SOLVER.with_borrow_mut(|c| c.take()).filter(|(r, o, _)| *r == pos.rules() && *o == opts);
            let mut solver = match cached {
                Some((_, _, s)) => s,
                None => match Solver::new(pos.rules(), opts) {
                    Ok(s) => s,
                    Err(e) => return post(Reply::Error { id: Some(id), message: e.to_string() }),
                },
            };
            post(Reply::Memory { id, bytes: solver.stats().table_bytes + solver.stats().db_bytes });
            let deadline = (time_ms > 0).then_some(start + time_ms as f64);
            let result = {
                let mut h = WorkerHandler { id, start, deadline, last_report: start, now, post };
                if value_only {
                    // The value alone, reported as an analysis without per-move values.
                    solver.solve(&pos, &mut h).map(|value| Analysis {
                        value: Value::Margin(value),
                        exact: true,
                        nodes: solver.stats().nodes,
                        ..Default::default()
                    })
                } else {
                    let only = (!only.is_empty()).then_some(&only[..]);
                    solver.analyze_moves(&pos, only, guess, &mut h)
                }
            };
            let memory_bytes = solver.stats().table_bytes + solver.stats().db_bytes;
            SOLVER.with_borrow_mut(|c| *c = Some((pos.rules(), opts, solver)));
            match result {
                Ok(analysis) => {
                    let elapsed_ms = now() - start;
                    post(Reply::Done { id, analysis: Some(analysis), elapsed_ms, memory_bytes })
                }
                Err(SolveError::Stopped) => post(Reply::Error {
                    id: Some(id),
                    message: format!(
                        "not solved within {:.0} s: this position is too large for the time allowed",
                        time_ms as f64 / 1000.0
                    ),
                }),
                Err(e) => post(Reply::Error { id: Some(id), message: e.to_string() }),
            }
        }
        Task::Lab(lab) => run_lab(lab, id, start, now, post),
    }
}

/// The Tchoukaillon lab's computations (each a second at most: no progress).
fn tchoukaillon(task: TchoukaillonTask, now: &dyn Fn() -> f64) -> Result<TchoukaillonReply, String> {
    use crate::labs::tchoukaillon as t;
    match task {
        TchoukaillonTask::Position { seeds } => {
            let t0 = now();
            let position = t::winning_position_upto(seeds, WHOLE_PITS, FIRST_PITS);
            let position_ms = now() - t0;
            let occupancy = (position.highest <= MAX_OCCUPANCY_PITS).then(|| t::occupancy(seeds, OCCUPANCY_POINTS));
            Ok(TchoukaillonReply::Position { position, occupancy, position_ms })
        }
        TchoukaillonTask::TchoukaMap { max_pits, max_seeds } => {
            if !(1..=MAX_TCHOUKA_MAP_PITS).contains(&max_pits) || !(1..=MAX_TCHOUKA_MAP_SEEDS).contains(&max_seeds) {
                return Err(format!(
                    "the map is drawn here for 1 to {MAX_TCHOUKA_MAP_PITS} pits of 1 to {MAX_TCHOUKA_MAP_SEEDS} seeds (not {max_pits} of {max_seeds}); the CLI goes further"
                ));
            }
            let entries = crate::families::tchouka::solvability_map(max_pits, max_seeds, &mut |_| true);
            Ok(TchoukaillonReply::TchoukaMap { entries })
        }
        TchoukaillonTask::SOfN { n } => {
            if !(1..=MAX_S_OF_N_PAGE).contains(&n) {
                return Err(format!(
                    "s(n) is computed here for n from 1 to {MAX_S_OF_N_PAGE} (not {n}); the CLI goes to 10⁶"
                ));
            }
            let t0 = now();
            let s = t::s_of_n(n);
            let ms = now() - t0;
            let check = |method: &str, upto: u64, extra_ms: f64, f: &mut dyn FnMut(u64) -> u64| {
                let upto = upto.min(n);
                let t0 = now();
                let differs_at = (1..=upto).find(|&k| f(k) != s[k as usize - 1]);
                SOfNCheck { method: method.into(), upto, differs_at, ms: now() - t0 + extra_ms }
            };
            // The list sieve runs over every number up to s(3000), about 2.9 million.
            let sieve_n = n.min(3000);
            let t0 = now();
            let sieve = t::s_by_sieve(s[sieve_n as usize - 1] as u32);
            let sieve_ms = now() - t0;
            let checks = vec![
                check("Figure 8's sieve on a list", sieve_n, sieve_ms, &mut |k| {
                    sieve.get(k as usize - 1).copied().unwrap_or(0)
                }),
                check("Erdős–Jabotinsky rounding (n up to a multiple of n−1, …, 1)", 3000, 0.0, &mut t::s_by_rounding),
                check(
                    "the definition: the least s whose winning position uses pit n",
                    1000,
                    0.0,
                    &mut t::s_by_definition,
                ),
            ];
            Ok(TchoukaillonReply::SOfN { s, ms, checks })
        }
    }
}

/// Runs a lab's task, posting its progress and its answer.
fn run_lab(lab: LabTask, id: u32, start: f64, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
    let answer = |reply: LabReply| Reply::Lab { id, reply, elapsed_ms: now() - start };
    match lab {
        LabTask::Dooley { rules } => {
            let rules: AnyRules = match rules.parse() {
                Ok(r) => r,
                Err(e) => return post(Reply::Error { id: Some(id), message: format!("rules: {e}") }),
            };
            let first = rules.start();
            let Ok(k) = <&Kalah>::try_from(&first) else {
                return post(Reply::Error {
                    id: Some(id),
                    message: "Dooley's study is about Kalah-family games".into(),
                });
            };
            if k.total_seeds() > 24 {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("{} seeds is too many to enumerate every state: at most 24", k.total_seeds()),
                });
            }
            let study = crate::labs::dooley::study(k);
            let opts = SolveOptions { table_mib: 64, db_seeds: 12, threads: 1 };
            let analysis = Solver::new(k.rules(), opts).and_then(|mut s| {
                let mut h = WorkerHandler { id, start, deadline: None, last_report: start, now, post };
                s.analyze(k, &mut h)
            });
            match analysis {
                Ok(analysis) => post(answer(LabReply::Dooley { study, analysis })),
                Err(e) => post(Reply::Error { id: Some(id), message: e.to_string() }),
            }
        }
        LabTask::Endgame(task) => super::endgame::run(task, id, start, now, post),
        LabTask::Hanoi { max_n } => {
            if !(1..=MAX_HANOI_PAGE).contains(&max_n) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("the Hanoi puzzle is searched here for 1 to {MAX_HANOI_PAGE} pots (not {max_n}); the CLI goes further"),
                });
            }
            let (mut both, mut right) = (Vec::new(), Vec::new());
            for n in 1..=max_n {
                both.push(crate::labs::hanoi::minimum(n, false, HANOI_PAGE_STATES, &mut |_| true));
                right.push(crate::labs::hanoi::minimum(n, true, HANOI_PAGE_STATES, &mut |_| true));
                let done = n == max_n;
                post(Reply::Lab {
                    id,
                    reply: LabReply::Hanoi { both: both.clone(), right: right.clone(), done },
                    elapsed_ms: now() - start,
                });
            }
        }
        LabTask::Tchoukaillon(task) => match tchoukaillon(task, now) {
            Ok(reply) => post(answer(LabReply::Tchoukaillon(reply))),
            Err(message) => post(Reply::Error { id: Some(id), message }),
        },
        LabTask::Determined { max_pits } => {
            if !(2..=MAX_DETERMINED_PAGE).contains(&max_pits) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("boards of 2 to {MAX_DETERMINED_PAGE} pits a side (not {max_pits})"),
                });
            }
            let boards = (2..=max_pits).map(crate::labs::ayo::check_board).collect();
            post(answer(LabReply::Determined { boards }))
        }
        LabTask::Dakon(DakonTask::Survey { n }) => {
            use crate::labs::dakon::search::survey;
            if !(1..=MAX_DAKON_SURVEY).contains(&n) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("Dakon-{n} cannot be surveyed here: 1 to {MAX_DAKON_SURVEY} holes a side in the browser (the CLI goes further)"),
                });
            }
            let result = survey(n, &mut dakon_ticker(id, start, now, post));
            match result {
                Ok(survey) => post(answer(LabReply::Dakon(DakonReply::Survey { survey }))),
                Err(e) => post(Reply::Error { id: Some(id), message: e.to_string() }),
            }
        }
        LabTask::Dakon(DakonTask::Search { n, goal, max_boards }) => {
            use crate::labs::dakon::search::{least_limit, search, Goal, Limit};
            if !(1..=crate::labs::dakon::MAX_HOLES).contains(&n) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!("Dakon-{n} is not handled: 1 to {} holes a side", crate::labs::dakon::MAX_HOLES),
                });
            }
            let max_boards = max_boards.clamp(1, MAX_DAKON_BOARDS);
            let mut tick = dakon_ticker(id, start, now, post);
            let result = match goal {
                DakonGoal::Shortest => search(n, Goal::Shortest, max_boards, &mut tick).map(|f| (vec![], Some(f))),
                DakonGoal::MinLaps => least_limit(n, Limit::Laps, max_boards, &mut tick),
                DakonGoal::MinCycles => least_limit(n, Limit::Sown, max_boards, &mut tick),
            };
            drop(tick);
            match result {
                Ok((trials, found)) => post(answer(LabReply::Dakon(DakonReply::Found { trials, found }))),
                Err(e) => post(Reply::Error { id: Some(id), message: e.to_string() }),
            }
        }
        LabTask::Dakon(DakonTask::Prove { n, bound }) => {
            use crate::labs::dakon::{deep::shortest_depth_first, MAX_HOLES};
            if !(1..=MAX_HOLES).contains(&n) || !(1..=MAX_DAKON_BOUND).contains(&bound) {
                return post(Reply::Error {
                    id: Some(id),
                    message: format!(
                        "Dakon-{n} within {bound} moves is not handled: 1 to {MAX_HOLES} holes a side, 1 to {MAX_DAKON_BOUND} moves"
                    ),
                });
            }
            let mut last = start;
            let mut tick = |p: &crate::labs::dakon::deep::DeepProgress| {
                let t = now();
                if t - last >= 200.0 {
                    last = t;
                    let reply =
                        LabReply::Dakon(DakonReply::DeepProgress { done: p.done, total: p.total, moves: p.moves });
                    post(Reply::Lab { id, reply, elapsed_ms: t - start });
                }
                true
            };
            let result = shortest_depth_first(n, bound, 1, &Default::default(), &mut tick);
            match result {
                Ok(found) => post(answer(LabReply::Dakon(DakonReply::Deep { found }))),
                Err(e) => post(Reply::Error { id: Some(id), message: e.to_string() }),
            }
        }
        LabTask::Erickson(task) => run_erickson(task, id, start, now, post),
        LabTask::Bench => {
            let t = now();
            let perft_nodes = crate::labs::bench::perft();
            let perft_ms = now() - t;
            let t = now();
            let search_nodes = crate::labs::bench::search();
            let search_ms = now() - t;
            let t = now();
            let (pos, db) = crate::labs::bench::endgame_databases();
            let endgame_db_ms = now() - t;
            let t = now();
            let endgame_nodes = crate::labs::bench::endgame_search(&pos, &db);
            let endgame_ms = now() - t;
            let t = now();
            let tchoukaillon_pits =
                crate::labs::tchoukaillon::winning_position(crate::labs::bench::TCHOUKAILLON_SEEDS, usize::MAX)
                    .pits
                    .len() as u64;
            let tchoukaillon_ms = now() - t;
            let t = now();
            let _ = crate::labs::tchoukaillon::s_of_n(10_000);
            let s_of_n_10k_ms = now() - t;
            let t = now();
            let _ = crate::labs::tchoukaillon::s_of_n(100_000);
            let s_of_n_100k_ms = now() - t;
            post(answer(LabReply::Bench {
                perft_nodes,
                perft_ms,
                search_nodes,
                search_ms,
                endgame_nodes,
                endgame_ms,
                endgame_db_ms,
                tchoukaillon_pits,
                tchoukaillon_ms,
                s_of_n_10k_ms,
                s_of_n_100k_ms,
            }));
        }
    }
}

/// Runs an Erickson lab task, posting progress at most every 200 ms and its answer.
fn run_erickson(task: EricksonTask, id: u32, start: f64, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
    use crate::labs::erickson;
    let mut last = start;
    let mut tell = |stage: &str, count: u64, post: &mut dyn FnMut(Reply), force: bool| {
        let t = now();
        if force || t - last >= 200.0 {
            last = t;
            let reply = LabReply::Erickson(EricksonReply::Progress { stage: stage.to_string(), count });
            post(Reply::Lab { id, reply, elapsed_ms: t - start });
        }
    };
    let fail = |message: String| Reply::Error { id: Some(id), message };
    let reply = match task {
        EricksonTask::Tables => {
            let (report, stages) = erickson::timed_report(now, &mut |stage| tell(stage, 0, post, true));
            Ok(EricksonReply::Tables { report: Box::new(report), stages })
        }
        EricksonTask::Search { max_seeds, max_pots, max_seeds_long } => {
            if !(1..=MAX_SEARCH_SEEDS).contains(&max_seeds) || !(1..=7).contains(&max_pots) || max_seeds_long > 14 {
                Err(format!(
                    "Table 3's search of {max_seeds} seeds, {max_pots} pots, {max_seeds_long} seeds in the longest rows: use 1 to {MAX_SEARCH_SEEDS} seeds, 1 to 7 pots and at most 14 (the CLI goes further)"
                ))
            } else {
                let found = erickson::table_3_search(max_seeds, max_pots, max_seeds_long, &mut |stage, rows| {
                    tell(stage, rows, post, false);
                    true
                });
                found
                    .map(|search| EricksonReply::Search {
                        search: crate::labs::erickson::Table3Search { seconds: (now() - start) / 1000.0, ..search },
                    })
                    .ok_or_else(|| "stopped".to_string())
            }
        }
        EricksonTask::Octal { code, n } => erickson::octal_summary(&code, n, &mut |k| {
            tell("heap sizes", k as u64, post, false);
            true
        })
        .and_then(|s| s.ok_or_else(|| "stopped".to_string()))
        .map(|summary| EricksonReply::Octal {
            summary: Box::new(crate::labs::erickson::OctalSummary { seconds: (now() - start) / 1000.0, ..summary }),
        }),
        EricksonTask::Value { rules, row } => {
            erickson::row_value(&rules, &row).map(|value| EricksonReply::Value { value: Box::new(value) })
        }
    };
    match reply {
        Ok(r) => post(Reply::Lab { id, reply: LabReply::Erickson(r), elapsed_ms: now() - start }),
        Err(e) => post(fail(e)),
    }
}

/// A Dakon survey's or search's progress callback: a progress reply at most every 200 ms;
/// never asks to stop (Stop terminates the worker).
fn dakon_ticker<'a>(
    id: u32,
    start: f64,
    now: &'a dyn Fn() -> f64,
    post: &'a mut dyn FnMut(Reply),
) -> impl FnMut(u32, u64) -> bool + 'a {
    let mut last = start;
    move |level, boards| {
        let t = now();
        if t - last >= 200.0 {
            last = t;
            post(Reply::Lab {
                id,
                reply: LabReply::Dakon(DakonReply::Progress { level, boards }),
                elapsed_ms: t - start,
            });
        }
        true
    }
}

fn parse_position(rules: &str, setup: &str) -> Result<AnyPosition, String> {
    let rules: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    rules.parse_setup(setup).map_err(|e| format!("setup: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replies to one message's text, with a clock that advances a millisecond a call.
    fn run(text: &str) -> Vec<Reply> {
        let t = std::cell::Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let mut replies = vec![];
        handle(text, &now, &mut |r| replies.push(r));
        replies
    }

    #[test]
    fn messages_round_trip_as_json() {
        let tasks = [
            Task::Analyze {
                rules: "kalah-4-3".into(),
                setup: "3.3.3.3-3.3.3.3-0.0-s".into(),
                max_depth: 3,
                time_ms: 0,
                table_mib: 1,
                endgame: false,
            },
            Task::Lab(LabTask::Bench),
            Task::Lab(LabTask::Dooley { rules: "kalah-6-1-e".into() }),
            Task::Lab(LabTask::Dakon(DakonTask::Survey { n: 4 })),
            Task::Lab(LabTask::Dakon(DakonTask::Search { n: 4, goal: DakonGoal::MinLaps, max_boards: 10 })),
            Task::Lab(LabTask::Dakon(DakonTask::Prove { n: 3, bound: 5 })),
            Task::Lab(LabTask::Erickson(EricksonTask::Tables)),
            Task::Lab(LabTask::Erickson(EricksonTask::Search { max_seeds: 5, max_pots: 4, max_seeds_long: 6 })),
            Task::Lab(LabTask::Erickson(EricksonTask::Octal { code: ".37".into(), n: 1000 })),
            Task::Lab(LabTask::Erickson(EricksonTask::Value { rules: "sowing".into(), row: "312".into() })),
        ];
        for task in tasks {
            let text = serde_json::to_string(&Request { id: 3, task: task.clone() }).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap().task, task, "{text}");
        }
        let text =
            serde_json::to_string(&Request { id: 1, task: Task::Lab(LabTask::Dakon(DakonTask::Survey { n: 4 })) })
                .unwrap();
        assert_eq!(text, r#"{"id":1,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":4}}"#);
    }

    /// The Erickson lab's tasks answer through the worker's messages: a row's value and its
    /// options, .37's P-positions, a small Table 3 search, and bad input as an error.
    #[test]
    fn erickson_tasks_answer() {
        let last = |task: EricksonTask| {
            let text = serde_json::to_string(&Request { id: 7, task: Task::Lab(LabTask::Erickson(task)) }).unwrap();
            run(&text).pop().unwrap()
        };
        let Reply::Lab { reply: LabReply::Erickson(EricksonReply::Value { value }), .. } =
            last(EricksonTask::Value { rules: "sowing".into(), row: "312".into() })
        else {
            panic!("a value")
        };
        assert_eq!((value.ascii.as_str(), value.outcome), ("{0|-2}", 'N'));
        assert_eq!(value.left.iter().map(|o| (o.row.as_str(), o.wins)).collect::<Vec<_>>(), [("303", true)]);
        let Reply::Lab { reply: LabReply::Erickson(EricksonReply::Octal { summary }), .. } =
            last(EricksonTask::Octal { code: ".37".into(), n: 1000 })
        else {
            panic!("a summary")
        };
        assert_eq!(summary.p_positions, [0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407]);
        assert!(summary.officers_agree && summary.officers_checked_to == 1000);
        let Reply::Lab { reply: LabReply::Erickson(EricksonReply::Search { search }), .. } =
            last(EricksonTask::Search { max_seeds: 5, max_pots: 5, max_seeds_long: 7 })
        else {
            panic!("a search")
        };
        assert_eq!(search.simplest[3].fewest_seeds.as_deref(), Some("1112"));
        for bad in [
            EricksonTask::Value { rules: "sowing".into(), row: "3q2".into() },
            EricksonTask::Value { rules: "kalah".into(), row: "312".into() },
            EricksonTask::Octal { code: ".9".into(), n: 10 },
            EricksonTask::Octal { code: ".37".into(), n: usize::MAX },
            EricksonTask::Search { max_seeds: 99, max_pots: 3, max_seeds_long: 3 },
        ] {
            assert!(matches!(last(bad.clone()), Reply::Error { id: Some(7), .. }), "{bad:?}");
        }
    }

    #[test]
    fn endgame_databases_are_built_and_queried_in_the_worker() {
        use crate::web::endgame::{EndgameReply, EndgameTask};
        let ask = |task: EndgameTask| {
            let text = serde_json::to_string(&Request { id: 9, task: Task::Lab(LabTask::Endgame(task)) }).unwrap();
            run(&text).pop().unwrap()
        };
        let query = |setup: &str| ask(EndgameTask::Query { rules: "awari".into(), setup: setup.into() });
        // Nothing built yet: outside.
        let Reply::Lab { reply: LabReply::Endgame(EndgameReply::Outside { seeds: None, on_board: 8, .. }), .. } =
            query("1.0.0.2.0.1-0.1.1.0.2.0-20.20-s")
        else {
            panic!("outside")
        };
        let built = ask(EndgameTask::Build { rules: "awari".into(), seeds: 8, cache_only: false });
        let Reply::Lab { reply: LabReply::Endgame(EndgameReply::Built { seeds: Some(8), layers, .. }), .. } = built
        else {
            panic!("{built:?}")
        };
        // The layers' counts are those of the data file.
        assert_eq!((layers.len(), layers[8].positions, layers[8].won), (9, 75582, 37767));
        let Reply::Lab { reply: LabReply::Endgame(EndgameReply::Values { value, moves, line, .. }), .. } =
            query("1.0.0.2.0.1-0.1.1.0.2.0-20.20-s")
        else {
            panic!("values")
        };
        // The same values as the CLI's solve (see the README's example).
        assert_eq!(value, 0);
        assert_eq!(
            moves.iter().map(|m| (m.mv.to_string(), m.value)).collect::<Vec<_>>(),
            [("a".into(), 0), ("d".into(), -4), ("f".into(), -8)]
        );
        assert_eq!(line.first().map(|m| m.to_string()).as_deref(), Some("a"));
        // Too many seeds on the board, bad rules, another family, sizes the page refuses.
        assert!(matches!(
            query("4.4.4.4.4.4-4.4.4.4.4.4-0.0-s"),
            Reply::Lab { reply: LabReply::Endgame(EndgameReply::Outside { on_board: 48, seeds: Some(8), .. }), .. }
        ));
        for bad in [
            EndgameTask::Query { rules: "kalah".into(), setup: "".into() },
            EndgameTask::Query { rules: "awari".into(), setup: "1.2-3".into() },
            EndgameTask::Build { rules: "awari".into(), seeds: 19, cache_only: false },
            EndgameTask::Build { rules: "awari".into(), seeds: usize::MAX, cache_only: false },
            EndgameTask::Build { rules: "dakon".into(), seeds: 3, cache_only: false },
        ] {
            assert!(matches!(ask(bad.clone()), Reply::Error { id: Some(9), .. }), "{bad:?}");
        }
        // An analysis asking for the databases values their positions exactly: proven at once
        // here; without them, the search of 6 moves proves nothing.
        let analyze = |endgame: bool| {
            let task = Task::Analyze {
                rules: "awari".into(),
                setup: "1.0.0.2.0.1-0.1.1.0.2.0-20.20-s".into(),
                max_depth: 6,
                time_ms: 0,
                table_mib: 1,
                endgame,
            };
            match run(&serde_json::to_string(&Request { id: 4, task }).unwrap()).pop().unwrap() {
                Reply::Done { analysis: Some(a), .. } => a,
                r => panic!("{r:?}"),
            }
        };
        let a = analyze(true);
        assert!(a.exact);
        assert_eq!(
            a.moves.iter().map(|m| (m.mv.to_string(), m.value.number())).collect::<Vec<_>>(),
            [("a".into(), 0), ("d".into(), -4), ("f".into(), -8)]
        );
        assert!(!analyze(false).exact);
    }

    #[test]
    fn determined_ayo_positions_are_checked_in_the_worker() {
        let ask = |max_pits: usize| {
            let text =
                serde_json::to_string(&Request { id: 7, task: Task::Lab(LabTask::Determined { max_pits }) }).unwrap();
            run(&text).pop().unwrap()
        };
        let Reply::Lab { reply: LabReply::Determined { boards }, .. } = ask(6) else { panic!("boards") };
        assert_eq!(boards.last().map(|b| (b.pits, b.largest, b.bijection_holds)), Some((6, 21, true)));
        for bad in [0, 1, 8, usize::MAX] {
            assert!(matches!(ask(bad), Reply::Error { id: Some(7), .. }), "{bad}");
        }
    }

    #[test]
    fn tchoukaillon_positions_and_s_of_n_in_the_worker() {
        let ask = |task: TchoukaillonTask| {
            let text = serde_json::to_string(&Request { id: 9, task: Task::Lab(LabTask::Tchoukaillon(task)) }).unwrap();
            run(&text).pop().unwrap()
        };
        // 10^12 seeds: about 1.8 million pits, the first thousand sent, the picture drawn.
        let Reply::Lab {
            reply: LabReply::Tchoukaillon(TchoukaillonReply::Position { position, occupancy, .. }), ..
        } = ask(TchoukaillonTask::Position { seeds: 1_000_000_000_000 })
        else {
            panic!("a position")
        };
        assert_eq!(position.pits.len(), FIRST_PITS);
        assert!(!position.complete);
        assert_eq!(position.highest, 1_772_452);
        let o = occupancy.unwrap();
        assert!((o.ratio - 2.0 / core::f64::consts::PI).abs() < 1e-3, "{}", o.ratio);
        assert!(o.points.len() as u64 <= OCCUPANCY_POINTS + 1);
        // The paper's Figure 7, whole; past 2^50 pits' walk, no picture.
        let Reply::Lab {
            reply: LabReply::Tchoukaillon(TchoukaillonReply::Position { position, occupancy, .. }), ..
        } = ask(TchoukaillonTask::Position { seeds: 1_925_280 })
        else {
            panic!("a position")
        };
        assert!(position.complete && occupancy.is_some_and(|o| o.every_pit));
        assert_eq!(position.pits.iter().sum::<u64>(), 1_925_280);
        let Reply::Lab { reply: LabReply::Tchoukaillon(TchoukaillonReply::Position { occupancy, .. }), .. } =
            ask(TchoukaillonTask::Position { seeds: u64::MAX })
        else {
            panic!("a position")
        };
        assert!(occupancy.is_none());
        let Reply::Lab { reply: LabReply::Tchoukaillon(TchoukaillonReply::SOfN { s, checks, .. }), .. } =
            ask(TchoukaillonTask::SOfN { n: 2000 })
        else {
            panic!("s(n)")
        };
        assert_eq!(s.len(), 2000);
        assert_eq!(&s[..10], &[1, 2, 4, 6, 10, 12, 18, 22, 30, 34]);
        assert_eq!(checks.len(), 3);
        assert!(checks.iter().all(|c| c.differs_at.is_none() && c.upto >= 1000), "{checks:?}");
        for n in [0, MAX_S_OF_N_PAGE + 1] {
            assert!(matches!(ask(TchoukaillonTask::SOfN { n }), Reply::Error { id: Some(9), .. }), "{n}");
        }
        let Reply::Lab { reply: LabReply::Tchoukaillon(TchoukaillonReply::TchoukaMap { entries }), .. } =
            ask(TchoukaillonTask::TchoukaMap { max_pits: 4, max_seeds: 3 })
        else {
            panic!("a map")
        };
        assert_eq!(entries.len(), 12);
        let ruma = entries.iter().find(|e| (e.pits, e.seeds) == (4, 2)).unwrap();
        assert!(ruma.solvable && ruma.line.len() == 6, "{ruma:?}");
        for (p, s) in [(0, 1), (13, 1), (4, 0), (4, 21)] {
            let bad = ask(TchoukaillonTask::TchoukaMap { max_pits: p, max_seeds: s });
            assert!(matches!(bad, Reply::Error { id: Some(9), .. }), "{p} {s}");
        }
    }

    #[test]
    fn hanoi_minima_in_the_worker() {
        let text = serde_json::to_string(&Request { id: 4, task: Task::Lab(LabTask::Hanoi { max_n: 10 }) }).unwrap();
        let replies = run(&text);
        assert_eq!(replies.len(), 10, "one reply an n");
        let Some(Reply::Lab { reply: LabReply::Hanoi { both, right, done: true }, .. }) = replies.last() else {
            panic!("{replies:?}")
        };
        let minima: Vec<Option<u64>> = both.iter().map(|m| m.moves).collect();
        assert_eq!(minima, [0, 1, 3, 4, 7, 8, 10, 12, 14, 15].map(Some));
        assert_eq!(right[2].moves, None, "1 1 1 cannot be solved rightwards");
        assert!(!right[2].cut);
        for bad in [0, MAX_HANOI_PAGE + 1] {
            let text =
                serde_json::to_string(&Request { id: 4, task: Task::Lab(LabTask::Hanoi { max_n: bad }) }).unwrap();
            assert!(matches!(run(&text).pop(), Some(Reply::Error { id: Some(4), .. })), "{bad}");
        }
    }

    #[test]
    fn analyze_answers_with_typed_moves_and_values() {
        let replies = run(
            r#"{"id":7,"task":{"kind":"analyze","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","max_depth":200,"time_ms":0,"table_mib":8}}"#,
        );
        let Some(Reply::Done { id: 7, analysis: Some(a), .. }) = replies.last() else { panic!("{replies:?}") };
        assert_eq!(a.value, Value::Margin(6), "Kalah(4,3) is +6 for the first player (Irving et al. 2000)");
        assert_eq!(a.moves[0].mv, AnyMove::from(KalahMove(1)));
        assert!(a.exact);
    }

    #[test]
    fn bad_messages_get_an_error_not_a_panic() {
        for (text, id, part) in [
            ("not json", None, "unreadable request"),
            (
                r#"{"id":4,"task":{"kind":"analyze","rules":"kalah-99-4","setup":"","max_depth":3,"time_ms":0,"table_mib":8}}"#,
                Some(4),
                "rules",
            ),
            (
                r#"{"id":5,"task":{"kind":"solve","rules":"dakon-4","setup":"4.4.4.4-4.4.4.4-0.0-s","memory_mib":64,"time_ms":0}}"#,
                Some(5),
                "exact solver is for Kalah",
            ),
            (
                r#"{"id":6,"task":{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":64,"time_ms":0,"moves":[{"Dakon":1}]}}"#,
                Some(6),
                "not a move of the exact solver's Kalah",
            ),
            (r#"{"id":8,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":40}}"#, Some(8), "cannot be surveyed"),
            (r#"{"id":9,"task":{"kind":"lab","lab":"nope"}}"#, Some(9), "unreadable request"),
        ] {
            let replies = run(text);
            let Some(Reply::Error { id: got, message }) = replies.last() else { panic!("{text}: {replies:?}") };
            assert_eq!(*got, id, "{text}");
            assert!(message.contains(part), "{text}: {message}");
        }
    }

    #[test]
    fn labs_answer_through_their_own_replies() {
        let replies = run(r#"{"id":11,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":4}}"#);
        let Some(Reply::Lab { id: 11, reply: LabReply::Dakon(DakonReply::Survey { survey }), .. }) = replies.last()
        else {
            panic!("{replies:?}")
        };
        // The paper's Dakon-4 figures: 7 winning openings (seed 001).
        assert_eq!(survey.counts.winning(), 7);
        let replies = run(r#"{"id":12,"task":{"kind":"lab","lab":"dooley","rules":"kalah-3-1-e"}}"#);
        let Some(Reply::Lab { reply: LabReply::Dooley { study, analysis }, .. }) = replies.last() else {
            panic!("{replies:?}")
        };
        assert_eq!(study.rules, "kalah-3-1-e");
        assert!(!analysis.moves.is_empty());
    }
}

//! What only some families have, reached through optional hooks of the family traits rather
//! than by naming a family: an exact solver ([`ExactSolver`], Kalah's), endgame databases
//! ([`EndgameDatabases`], the Oware family's), a game-theory value (Sowing's and Atomic Wari's
//! rows, [`super::FamilySearch::value_row`]), and the convention under which a proven value
//! holds. The page, the worker and the CLI ask the rules or the position for a capability and
//! get `None` where the family has none.

use super::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, SearchHandler};

/// Why rules without endgame databases have none: the families that have them, from the
/// registry ("endgame databases are for the Oware family (oware, ayo, awari, wari)").
pub fn no_databases() -> String {
    format!("endgame databases are for {}", super::FamilyId::which(AnyRules::has_databases))
}

/// What a caller asks of an exact solver: the threads, the memory it may have, and, where the
/// caller sets them (the CLI's flags), the solver's own sizes. `None` leaves a size to the
/// solver, which picks what suits the position ([`super::FamilySearch::exact_solver`]; Kalah's
/// choice is `kalah::solver::options`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// Threads (1 in the browser).
    pub threads: usize,
    /// A memory budget in MiB for the table and databases together, for a solve that must
    /// answer soon (the page's worker); `None`: sizes that suit the position natively.
    pub budget_mib: Option<usize>,
    /// The table's size in MiB.
    pub table_mib: Option<usize>,
    /// The endgame database's seeds.
    pub db_seeds: Option<u32>,
    /// The exact layers built ahead.
    pub exact_seeds: Option<u32>,
}

impl SolveRequest {
    /// The solver's own choice of every size, on `threads` threads.
    pub fn threads(threads: usize) -> SolveRequest {
        SolveRequest { threads, budget_mib: None, table_mib: None, db_seeds: None, exact_seeds: None }
    }

    /// Sizes within `budget_mib` MiB, on one thread (the page's worker).
    pub fn budget(budget_mib: usize) -> SolveRequest {
        SolveRequest { budget_mib: Some(budget_mib), ..SolveRequest::threads(1) }
    }
}

/// What a solver holds once it has solved ([`ExactSolver::report`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolverReport {
    /// Its sizes and contents, named, in the order a report lists them (Kalah's: `db_seeds`,
    /// `exact_seeds`, `db_bytes`, `db_filled`, `table_bytes`).
    pub figures: Vec<(&'static str, u64)>,
    /// The same in words ("table 16 MiB; endgame database to 16 seeds: 4 MiB, 1234 entries
    /// of bounds filled").
    pub text: String,
}

impl serde::Serialize for SolverReport {
    /// The figures as a map, in order (a report flattens it into its own fields).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.figures.len()))?;
        for (k, v) in &self.figures {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// Figures of a solve, for progress and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolveStats {
    /// Nodes searched.
    pub nodes: u64,
    /// Null-window searches made (MTD(f) passes).
    pub passes: u64,
    /// Endgame database size in bytes.
    pub db_bytes: u64,
    /// Table size in bytes.
    pub table_bytes: u64,
}

/// Why a position cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// More seeds on the board than the solver takes: the seeds, and the most it takes.
    TooManySeeds {
        /// Seeds on the board.
        seeds: u32,
        /// The most the solver takes.
        most: u32,
    },
    /// A table size asked for ([`SolveRequest::table_mib`]) past what the solver takes.
    TableSize {
        /// The size asked for, MiB.
        mib: usize,
        /// The sizes it takes, in words ("1 to 16384").
        allowed: &'static str,
    },
    /// The game is over.
    GameOver,
    /// Stopped by the handler.
    Stopped,
    /// The requested memory could not be had.
    Memory(String),
    /// A root move asked for is not legal in the position.
    IllegalMove(String),
    /// The position is not of the solver's rules (the rules it is of).
    OtherRules(String),
    /// A file of the solver's databases cannot be read or written (the file, and why).
    File(String),
}

impl core::fmt::Display for SolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SolveError::TooManySeeds { seeds, most } => {
                write!(f, "{seeds} seeds on the board is more than the exact solver handles ({most})")
            }
            SolveError::TableSize { mib, allowed } => {
                write!(f, "a table of {mib} MiB is out of range: {allowed}")
            }
            SolveError::GameOver => f.write_str("the game is over"),
            SolveError::Stopped => f.write_str("stopped"),
            SolveError::Memory(m) => write!(f, "not enough memory: {m}"),
            SolveError::File(m) => f.write_str(m),
            SolveError::IllegalMove(m) => write!(f, "move {m} is not legal in this position"),
            SolveError::OtherRules(r) => write!(f, "a position of {r} is not one of this solver's rules"),
        }
    }
}

impl std::error::Error for SolveError {}

/// An exact solver: proven values by a memory-bounded search, its table and database kept
/// between calls (the next position of a game starts from everything proven so far).
pub trait ExactSolver {
    /// The rules it solves.
    fn rules(&self) -> AnyRules;
    /// Whether it is the solver `pos.exact_solver(req)` would make (one kept between calls,
    /// the page's worker's, serves the next request when its sizes are those asked).
    fn serves(&self, pos: &AnyPosition, req: &SolveRequest) -> bool;
    /// Figures so far.
    fn stats(&self) -> SolveStats;
    /// What it holds, in words, for a progress line ("table 16 MiB, endgame database to 16
    /// seeds 4.4 MiB").
    fn sizes_text(&self) -> String;
    /// What it holds and has filled, for a report: its sizes and contents named as the
    /// report's machine-readable form names them, in order, and in words. It may scan its
    /// tables (for reports, not progress).
    fn report(&self) -> SolverReport;
    /// The exact value of `pos` for its side to move (absolute).
    ///
    /// # Errors
    /// Game over, too many seeds, another rule set's position, or stopped.
    fn solve(&mut self, pos: &AnyPosition, handler: &mut dyn SearchHandler<AnyMove>) -> Result<i32, SolveError>;
    /// The value of `pos` (as [`ExactSolver::solve`]) if strictly between `alpha` and `beta`,
    /// else a bound outside them: at most `alpha`, the value is at most that; at least
    /// `beta`, at least that (fail-soft).
    ///
    /// # Errors
    /// As [`ExactSolver::solve`].
    fn solve_within(
        &mut self,
        pos: &AnyPosition,
        alpha: i32,
        beta: i32,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<i32, SolveError>;
    /// Shares the databases a search only reads through the file `path`, for solvers of the
    /// same rules and options in other processes: maps them from it if it holds them (their
    /// pages shared by every process that maps it), else builds them and writes it. `Ok(true)`:
    /// mapped.
    ///
    /// # Errors
    /// None to share (no layers built ahead), the file cannot be written, or stopped.
    fn share_databases(
        &mut self,
        path: &std::path::Path,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<bool, SolveError>;
    /// The exact value of every legal move of `pos` (only those of `only`, when given and not
    /// empty), best first, with the best line; `guess` (absolute) seeds the search of moves
    /// a short heuristic search has no value for.
    ///
    /// # Errors
    /// As [`ExactSolver::solve`], and a move of `only` not legal here.
    fn analyze_moves(
        &mut self,
        pos: &AnyPosition,
        only: Option<&[AnyMove]>,
        guess: Option<i32>,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<Analysis<AnyMove>, SolveError>;
}

/// A layer's figures, as the CLI prints them and the data file checks them.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LayerStats {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions (boards seen by the mover).
    pub positions: u64,
    /// Won for the mover (value > 0).
    pub won: u64,
    /// Drawn (value 0).
    pub drawn: u64,
    /// Lost for the mover (value < 0).
    pub lost: u64,
    /// The largest value.
    pub largest: i32,
    /// Build time, milliseconds (set by the caller, who has the clock).
    pub millis: f64,
}

/// How a build is going, for a progress line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BuildProgress {
    /// The layer being built.
    pub layer: u32,
    /// Positions of that layer done (first pass, then settled).
    pub done: u64,
    /// Positions in that layer.
    pub of: u64,
    /// Bytes held by the databases and the layer's work tables.
    pub bytes: u64,
}

/// A best line from a position within the databases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatabaseLine {
    /// The moves.
    pub moves: Vec<AnyMove>,
    /// The line stops because its next position would repeat one of it (endless play).
    pub repeats: bool,
}

/// Endgame databases: the exact value of every position with at most so many seeds on the
/// board, built a layer (a number of seeds) at a time, each layer storable as bytes (a cache).
/// Values are final captured differences for the side to move, the seeds captured so far
/// counted.
pub trait EndgameDatabases {
    /// The rules.
    fn rules(&self) -> AnyRules;
    /// Layers built: positions with fewer seeds on the board than this are covered.
    fn seeds(&self) -> usize;
    /// The most seeds these can be built to.
    fn max_seeds(&self) -> usize;
    /// Bytes held.
    fn bytes(&self) -> u64;
    /// Threads for a build natively (0: every core).
    fn set_threads(&mut self, threads: usize);
    /// Builds the next layer; `progress` is called now and then and stops the build when it
    /// returns false. Its figures, or `None` when stopped or full.
    fn build_next(&mut self, progress: &mut dyn FnMut(BuildProgress) -> bool) -> Option<LayerStats>;
    /// Layer `k` as bytes, for a cache.
    fn layer_bytes(&self, k: usize) -> Vec<u8>;
    /// Adds the next layer from a cache's bytes.
    ///
    /// # Errors
    /// Bytes that are not the next layer's, in words.
    fn push_layer_bytes(&mut self, bytes: &[u8]) -> Result<(), String>;
    /// The seeds on the board of a position of these rules (`None`: other rules).
    fn seeds_on_board(&self, pos: &AnyPosition) -> Option<usize>;
    /// The value of a position, if covered.
    fn value(&self, pos: &AnyPosition) -> Option<i32>;
    /// Every legal move of a covered position with its value, best first.
    fn move_values(&self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>>;
    /// A best line from a covered position, at most `max` moves, read from the stored values
    /// (lookups only: bounded by `max`).
    fn best_line(&self, pos: &AnyPosition, max: usize) -> Option<DatabaseLine>;
    /// The family's search of `pos` with these databases valuing the positions they cover
    /// exactly, at its leaves.
    fn analyze(
        &self,
        pos: &AnyPosition,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Option<Analysis<AnyMove>>;
}

/// What a process reports while it builds a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartProgress {
    /// The layer.
    pub layer: u32,
    /// 0: the first pass, 1: the retrograde pass.
    pub pass: u8,
    /// Boards of this process's run looked at (first pass) or settled (retrograde pass).
    pub done: u64,
    /// Boards in this process's run.
    pub of: u64,
    /// Rounds of messages so far in this layer.
    pub rounds: u64,
    /// Words this process has sent so far in this layer.
    pub words: u64,
}

/// A layer's part as built: its run's values then distances (the bytes of [`Layer::to_bytes`]
/// for the run), and the run's figures.
pub struct BuiltPart {
    /// The run's values, then its distances.
    pub bytes: Vec<u8>,
    /// The run's figures (`millis` left at 0).
    pub stats: LayerStats,
}

/// One process's part of a family's endgame databases, built with the other processes through
/// [`Rounds`](crate::engine::rounds::Rounds) (the Oware family's: see its `databases::part`).
pub trait DatabasePart: Send {
    /// Layers held: boards with fewer seeds are known.
    fn seeds(&self) -> usize;
    /// Boards in layer `k`.
    fn layer_size(&self, k: usize) -> u64;
    /// This process's run of the ranks of layer `k`.
    fn run(&self, k: usize) -> std::ops::Range<u64>;
    /// Adds this process's run of the next layer, read back from a finished build: its values.
    ///
    /// # Errors
    /// When it is not of the run's length.
    fn push_run(&mut self, values: Vec<i8>) -> Result<(), String>;
    /// Builds this process's run of the next layer with the others.
    ///
    /// # Errors
    /// The transport's, or past the most seeds.
    fn build_next(
        &mut self,
        rounds: &mut dyn crate::engine::rounds::Rounds,
        progress: &mut dyn FnMut(PartProgress),
    ) -> Result<BuiltPart, String>;
}

/// The figures of a layer from those of its runs: their sums, the largest value of all.
pub fn combine(parts: &[LayerStats]) -> LayerStats {
    let mut s = LayerStats::default();
    for p in parts {
        s.seeds = p.seeds;
        s.positions += p.positions;
        s.won += p.won;
        s.drawn += p.drawn;
        s.lost += p.lost;
        s.largest = s.largest.max(p.largest);
    }
    s
}

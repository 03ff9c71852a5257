//! The exact Kalah solver: the final store difference under perfect play, for the side to
//! move, of any Kalah-family position, and of every legal move.
//!
//! - The state is the pits only, seen from the mover (`me`, then `op`): the stores do not change
//!   the future, so values are *relative* (seeds still to be won from here) and the
//!   transposition table ignores the stores and the side to move. A move that earns another
//!   turn keeps the mover; otherwise the halves swap and the value is negated. No passes.
//! - Null-window searches (MTD(f), started from a quick heuristic guess) over a fail-soft
//!   alpha-beta that keeps both bounds per table entry, prunes with the bounds the seeds on the
//!   board allow (a side can win at most what is left), and orders moves: table move, extra
//!   turns nearest the store first, captures by size, moves past the store with the fewest
//!   seeds first, then the rest.
//! - An endgame database for positions with few seeds on the board, filled on demand by the
//!   search and never evicted: positions are ranked combinatorially (stars and bars), so every
//!   layout with at most `db_seeds` seeds has its own two bytes (lower and upper bound).
//! - Exact layers under the database: every layout of the bottom layers valued exactly, a
//!   byte each. Built ahead ([`SolveOptions::exact_seeds`]: layer by layer, each in order of
//!   potential, on every thread, see [`ahead`]) for a long solve, so that the search reads a
//!   value where it would have searched; otherwise a few layers filled on demand by memoized
//!   minimax ([`lazy_exact_seeds`]). The database keeps bounds only above them.
//! - Natively, threads share the table and the database (one atomic word per entry, so no
//!   entry is ever torn; a lost update only loses a bound, never invents one). Two threads
//!   split the moves of the nodes near the root once their first move has been searched
//!   (young brothers wait, on a work-stealing pool); from three, all search from the root and
//!   leave for last the moves another thread is searching (ABDADA). See [`threads`].

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU16, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use crate::engine::Position;
use std::cmp::Reverse;

use crate::engine::Value;
use crate::families::kalah::{CaptureRule, EndRule, Kalah, KalahMove, KalahRules};
use crate::families::AnyMove;

use crate::search::{Analysis, MoveValue, SearchHandler};

pub use crate::families::capability::{SolveError, SolveRequest, SolveStats};

/// The sizes the solver is made with: its transposition table, its endgame database
/// (positions with at most `db_seeds` seeds on the board) and the exact layers under it, and
/// its threads. What suits a position is [`options`]'s choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Transposition table size in MiB ([`TABLE_MIB`]).
    pub table_mib: usize,
    /// Positions with at most this many seeds on the board go to the endgame database
    /// (0: no database).
    pub db_seeds: u32,
    /// Layouts with at most this many seeds on the board are valued exactly before the first
    /// solve, every layer in turn on every thread; the search reads their values instead of
    /// searching them, and the database keeps bounds only above them. 0: none built ahead;
    /// the exact layers a few seeds under the database then fill on demand as the search
    /// reaches them (what suits a quick solve, the page's).
    pub exact_seeds: u32,
    /// Threads sharing the table and the database (1 in the browser; natively up to the
    /// cores), on a work-stealing pool. On two, the nodes near the root share their moves
    /// between them once their eldest moves are searched (young brothers wait), and `analyze`
    /// also makes each root move a task; from three, every thread searches from the root (or a
    /// root move) and the nodes near the root leave for last the moves another thread is
    /// searching (ABDADA).
    pub threads: usize,
}

/// The table sizes the solver takes, MiB.
pub const TABLE_MIB: core::ops::RangeInclusive<usize> = 1..=16384;
/// [`TABLE_MIB`] in words.
const TABLE_MIB_WORDS: &str = "1 to 16384";

/// Nodes with this many seeds more than the database holds split their moves between two
/// threads (young brothers wait, see [`threads`]). Measured on Kalah(6,4) (BENCHMARKS.md).
const SPLIT_ABOVE_DB: u32 = 4;

/// How many moves a split node searches alone before the others go to the pool (young
/// brothers wait, on two threads: see [`ABDADA_THREADS`]): one for a board of up to 48 seeds,
/// two otherwise, where the brothers searched past a cutoff cost more. Measured when chosen:
/// on Kalah(6,4) (48 seeds) two threads waiting for one elder did 1.04 times the nodes of one
/// thread, for two 1.12 times; on a 52-seed board, for one elder 1.34 times, for two 1.19
/// times, and were 1.33 times as fast (the current figures: BENCHMARKS.md). The environment variable
/// `MANCALA_LAB_SPLIT_WAIT` sets it, for measuring.
fn split_wait(seeds: u32) -> usize {
    let chosen = if seeds > 48 { 2 } else { 1 };
    std::env::var("MANCALA_LAB_SPLIT_WAIT").ok().and_then(|v| v.parse().ok()).filter(|&w| w >= 1).unwrap_or(chosen)
}

/// From this many threads, they search together from the root (ABDADA), not by splitting
/// nodes (young brothers wait). Measured on Kalah(6,4) (BENCHMARKS.md, "Kalah: ABDADA from
/// three threads"): at 16 threads young brothers wait did 1.2–1.35 times the nodes of one
/// thread but kept on average fewer than 5 of them busy (2.95 times as fast as one on 16
/// real cores), where ABDADA keeps them all busy for 1.15 times the nodes (with its nodes
/// expected to cut off and the nodes settled by another thread, see [`Search::search`]). On
/// four threads young brothers wait kept 3.1 busy on average (2.3 times as fast as one on real
/// cores) for 1.23 times the nodes, ABDADA all four for 1.17–1.2 times. On two, young brothers
/// wait stays, where the 10-minute Kalah(6,5) was measured (ABDADA on two was not measured
/// since the settled nodes came in).
const ABDADA_THREADS: usize = 3;

/// Nodes with this many seeds more than the database (or the layers built ahead) holds defer
/// the moves another thread is searching (ABDADA), or from this many seeds under the root if
/// that is lower. Measured on Kalah(6,4)'s start at 16 threads (BENCHMARKS.md), before the
/// nodes expected to cut off and the settled nodes came in: every move deferred (the eldest
/// too) from 7 to 18 seeds above the database, 1.5–1.7 times the nodes of one thread; the
/// eldest searched by every thread that comes, from 4 above, 1.85–1.92 times. With the nodes
/// expected to cut off (not yet the settled nodes), from 3, 6, 8 or 11 seeds above, the same
/// nodes within the noise.
const ABDADA_ABOVE_DB: u32 = 14;

/// The fewest seeds of the nodes that defer moves (ABDADA) in a search from a root of
/// `root_seeds` seeds, over a database or exact layers of `top` seeds: 14 above `top`, or 14
/// under the root where that is lower (a position deep in a game still spreads its threads),
/// but always above `top`.
fn abdada_seeds(top: u32, root_seeds: u32) -> u32 {
    (top + ABDADA_ABOVE_DB).min(root_seeds.saturating_sub(ABDADA_ABOVE_DB).max(top + 1))
}

/// Most seeds on the board the solver accepts (its pits hold a byte, its values must fit an
/// `i8`): a position past it is refused before any memory is set aside.
pub const MAX_SOLVER_SEEDS: u32 = 127;

/// Kalah(6,4)'s fastest sizes (BENCHMARKS.md): 686 MiB in all for 6 pits.
pub const DEFAULT_OPTIONS: SolveOptions = SolveOptions { table_mib: 256, db_seeds: 20, exact_seeds: 0, threads: 1 };

/// The solver's sizes for `pos` as asked: what the request sets, the rest chosen for the
/// position ([`auto_options`], or [`options_for_budget`] within a budget), the exact layers
/// never past the seeds on the board (they would never be read: Kalah(3,3) with 65 once spent
/// 17 s building them).
///
/// # Errors
/// More seeds on the board than [`MAX_SOLVER_SEEDS`] (checked first: past it no size is worth
/// a word); a table size asked for outside [`TABLE_MIB`].
pub fn options(pos: &Kalah, req: &SolveRequest) -> Result<SolveOptions, SolveError> {
    let seeds = pos.pit_seeds();
    if seeds > MAX_SOLVER_SEEDS {
        return Err(SolveError::TooManySeeds { seeds, most: MAX_SOLVER_SEEDS });
    }
    if let Some(mib) = req.table_mib.filter(|m| !TABLE_MIB.contains(m)) {
        return Err(SolveError::TableSize { mib, allowed: TABLE_MIB_WORDS });
    }
    let chosen = match req.budget_mib {
        Some(mib) => options_for_budget(pos.rules().pits(), seeds, mib),
        None => auto_options(seeds),
    };
    let db_seeds = req.db_seeds.unwrap_or(chosen.db_seeds);
    let exact_seeds = match (req.exact_seeds, req.budget_mib) {
        (Some(e), _) => e,
        (None, Some(_)) => chosen.exact_seeds,
        (None, None) => exact_ahead(seeds, db_seeds),
    };
    Ok(SolveOptions {
        table_mib: req.table_mib.unwrap_or(chosen.table_mib),
        db_seeds,
        exact_seeds: exact_seeds.min(seeds),
        threads: req.threads,
    })
}

/// Sizes that suit a position with `seeds` seeds on the board, natively: a small game would
/// spend most of its time having the operating system zero memory it barely uses; a big one
/// gets its database built ahead, exact ([`exact_ahead`]).
pub fn auto_options(seeds: u32) -> SolveOptions {
    match seeds {
        0..=40 => SolveOptions { table_mib: 16, db_seeds: seeds.min(16), ..DEFAULT_OPTIONS },
        41..=48 => DEFAULT_OPTIONS,
        _ => SolveOptions {
            table_mib: 1024,
            exact_seeds: exact_ahead(seeds, DEFAULT_OPTIONS.db_seeds),
            ..DEFAULT_OPTIONS
        },
    }
}

/// The exact layers worth building ahead ([`SolveOptions::exact_seeds`]) for a position with
/// `seeds` seeds on the board and a database of `db_seeds` seeds: on a board of more than 48
/// seeds the whole database, exact (no bounds left to fill), and one layer more, where the
/// table's most frequent nodes were (Kalah(6,5), database 24: 587.9 s against 653.4 s with the
/// layers to 24); none on smaller boards, whose searches gain less than the build costs, nor
/// without a database. Measured on Kalah(6,5) and Kalah(6,4) (BENCHMARKS.md).
pub fn exact_ahead(seeds: u32, db_seeds: u32) -> u32 {
    if seeds > 48 && db_seeds > 0 {
        db_seeds + 1
    } else {
        0
    }
}

/// The sizes [`auto_options`] picks for `seeds` seeds on the board, without exact layers built
/// ahead, shrunk to fit a memory budget: the table halves, then the endgame database loses
/// seeds, until table and database together fit `budget_mib` (for `pits` pits a side). The
/// database up to s seeds takes 2·C(s + 2n, 2n) bytes, and the exact layers filled on demand
/// under it a byte a layout.
pub fn options_for_budget(pits: usize, seeds: u32, budget_mib: usize) -> SolveOptions {
    let budget = (budget_mib as u64) << 20;
    let m = 2 * pits as u64;
    // Layouts of at most s seeds: C(s + m, m).
    let layouts = |s: u32| -> u64 {
        let mut c: u128 = 1;
        for j in 1..=m as u128 {
            c = c * (s as u128 + j) / j;
        }
        c.min(u64::MAX as u128 / 4) as u64
    };
    let db_bytes = |s: u32| -> u64 {
        if s == 0 {
            return 0;
        }
        let exact = lazy_exact_seeds(pits, s);
        2 * layouts(s) + if exact > 0 { layouts(exact) } else { 0 }
    };
    let mut o = auto_options(seeds);
    o.db_seeds = o.db_seeds.min(seeds);
    // Within a budget (the page's worker) a solve must answer soon: nothing is built ahead,
    // the exact layers fill on demand.
    o.exact_seeds = 0;
    while ((o.table_mib as u64) << 20) + db_bytes(o.db_seeds) > budget {
        if o.table_mib > 16 && (o.table_mib as u64) << 20 >= db_bytes(o.db_seeds) {
            o.table_mib /= 2;
        } else if o.db_seeds > 0 {
            o.db_seeds -= 1;
        } else if o.table_mib > 1 {
            o.table_mib /= 2;
        } else {
            break;
        }
    }
    o
}

mod ahead;
mod big;
mod database;
pub(crate) use database::lazy_exact_seeds;
mod exact;
mod search;
mod state;
mod table;
mod threads;

use big::BigArray;
use database::*;
use search::*;
use state::*;
use table::*;
use threads::*;

/// The solver; keep it to reuse its table and database across solves of the same rules.
pub struct Solver {
    rules: KalahRules,
    opts: SolveOptions,
    shared: Shared,
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    threads: usize,
    /// The threads' work-stealing pool (natively, more than one thread).
    #[cfg(not(target_arch = "wasm32"))]
    pool: Option<rayon::ThreadPool>,
    etc_seeds: u32,
    split_seeds: u32,
    split_wait: usize,
    /// The seeds of the database's top layer, or of the exact layers' if higher.
    top: u32,
    /// From these seeds, nodes defer the moves another thread is searching (ABDADA, from
    /// `ABDADA_THREADS` threads; else `u32::MAX`): set for each solve from its root.
    abdada_seeds: u32,
    /// The last position's heuristic search (see [`heuristic`]).
    guesses: Option<(Kalah, Analysis<AnyMove>)>,
    /// The next layer and potential of the exact layers to build ahead (see [`Exact::build`]):
    /// past `opts.exact_seeds` once they are built.
    ahead_next: (u32, u32),
    nodes: u64,
    passes: u64,
}

/// Where a position's bounds live.
#[derive(Clone, Copy)]
enum Slot {
    /// In the endgame database, at this index.
    Db(usize),
    /// In the transposition table, under this key.
    Table(u64),
}

const NO_MOVE: u8 = u8::MAX;

/// Calls a method generic over the pits a side (`N`) with the runtime number of pits.
macro_rules! by_pits {
    ($pits:expr, |N| $call:expr) => {
        by_pits!(@ $pits, $call, 1 2 3 4 5 6 7 8 9 10 11 12)
    };
    (@ $pits:expr, $call:expr, $($n:literal)*) => {
        match $pits {
            $($n => {
                #[allow(non_upper_case_globals)]
                const N: usize = $n;
                $call
            })*
            _ => unreachable!("1 to 12 pits"),
        }
    };
}

impl Solver {
    /// A solver for positions of `rules`.
    ///
    /// # Errors
    /// When the memory asked for cannot be had.
    pub fn new(rules: KalahRules, opts: SolveOptions) -> Result<Solver, SolveError> {
        let (pits, db_seeds, ahead) =
            (rules.pits(), opts.db_seeds.min(MAX_SOLVER_SEEDS), opts.exact_seeds.min(MAX_SOLVER_SEEDS));
        // Bounds only above the layers built ahead.
        let db = if db_seeds > ahead { Some(Database::new(pits, db_seeds)?) } else { None };
        // The exact layers: those built ahead, and under a bounds database at least the lazy
        // ones (filled on demand past the layers built).
        let lazy = if db.is_some() { lazy_exact_seeds(pits, db_seeds) } else { 0 };
        let exact = if ahead.max(lazy) > 0 { Some(Exact::new(pits, ahead.max(lazy))?) } else { None };
        let threads = if cfg!(target_arch = "wasm32") { 1 } else { opts.threads.clamp(1, 64) };
        // Measured on Kalah(6,4): cutoffs probed below this cost more than they save. Both
        // counted from the top of the database or of the layers built ahead, whichever is
        // higher.
        let top = db_seeds.max(ahead);
        let etc_seeds = top + 16;
        // Split nodes: big enough subtrees that a task's cost is nothing beside them. From
        // `ABDADA_THREADS` threads, none: the threads search together, deferring near the root
        // the moves another is searching.
        let abdada = threads >= ABDADA_THREADS;
        let split_seeds = if threads > 1 && !abdada { top + SPLIT_ABOVE_DB } else { u32::MAX };
        let abdada_seeds = if abdada { top + ABDADA_ABOVE_DB } else { u32::MAX };
        let marks = (0..if abdada { MARKS } else { 0 }).map(|_| AtomicU64::new(0)).collect();
        #[cfg(not(target_arch = "wasm32"))]
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("kalah-solver-{i}"))
                    .build()
                    .map_err(|e| SolveError::Memory(format!("{threads} threads: {e}")))?,
            )
        } else {
            None
        };
        Ok(Solver {
            rules,
            opts,
            shared: Shared { table: Table::new(opts.table_mib)?, db, exact, marks },
            threads,
            #[cfg(not(target_arch = "wasm32"))]
            pool,
            etc_seeds,
            split_seeds,
            split_wait: split_wait(0),
            top,
            abdada_seeds,
            guesses: None,
            ahead_next: (1, 1),
            nodes: 0,
            passes: 0,
        })
    }

    /// Builds the exact layers ahead, if they are to be and are not built yet (going on where a
    /// stopped build left off); their layouts count as nodes.
    fn build_ahead<const N: usize>(&mut self, handler: &mut dyn SearchHandler<AnyMove>) -> Result<(), SolveError> {
        let ahead = self.opts.exact_seeds.min(MAX_SOLVER_SEEDS);
        let Some(x) = self.shared.exact.as_ref().filter(|_| self.ahead_next.0 <= ahead) else { return Ok(()) };
        let (mut next, mut valued) = (self.ahead_next, 0);
        let built = x.build::<N>(
            Rules { capture: self.rules.capture, end: self.rules.end },
            #[cfg(not(target_arch = "wasm32"))]
            self.pool.as_ref(),
            ahead,
            &mut next,
            &mut valued,
            &mut |n| handler.should_stop(n),
        );
        self.ahead_next = next;
        self.nodes += valued;
        built
    }

    /// Shares the exact layers built ahead through the file `path`, for solvers in other
    /// processes: maps them from it if it holds them (its pages shared by every process that
    /// maps it), else builds them and writes it. `Ok(true)`: mapped. A file is trusted only
    /// with its description beside it (`path` and `.meta`: the format's version, the rules, the
    /// seeds, the length and a checksum of the bytes, checked on the mapped bytes), so that a
    /// stale or damaged file is built again rather than believed.
    ///
    /// # Errors
    /// No layers are built ahead ([`SolveOptions::exact_seeds`] 0), the file cannot be written,
    /// or the build was stopped.
    #[cfg(target_os = "linux")]
    pub fn share_exact(
        &mut self,
        path: &std::path::Path,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<bool, SolveError> {
        let ahead = self.opts.exact_seeds.min(MAX_SOLVER_SEEDS);
        let Some(x) = self.shared.exact.as_ref().filter(|x| ahead > 0 && x.max_seeds == ahead) else {
            return Err(SolveError::File("no exact layers are built ahead to share".into()));
        };
        let len = x.values.len();
        let mut meta_path = path.as_os_str().to_owned();
        meta_path.push(".meta");
        let meta_path = std::path::PathBuf::from(meta_path);
        let rules = self.rules;
        let describe =
            |sum: u64| format!("{EXACT_FILE_VERSION}\nrules {rules}\nseeds {ahead}\nbytes {len}\nfnv1a64 {sum:016x}\n");
        if let (Ok(meta), Ok(file)) = (std::fs::read_to_string(&meta_path), std::fs::File::open(path)) {
            if let Ok(values) = BigArray::<AtomicU8>::mapped(&file, len) {
                if meta == describe(fnv1a(values.iter().map(|v| v.load(Relaxed)))) {
                    let x = self.shared.exact.as_mut().expect("checked above");
                    x.values = values;
                    self.ahead_next = (ahead + 1, ahead + 1);
                    return Ok(true);
                }
            }
        }
        by_pits!(self.rules.pits(), |N| self.build_ahead::<N>(handler))?;
        let x = self.shared.exact.as_ref().expect("checked above");
        let bytes: Vec<u8> = x.values.iter().map(|v| v.load(Relaxed)).collect();
        write_new(path, &bytes)?;
        write_new(&meta_path, describe(fnv1a(bytes.iter().copied())).as_bytes())?;
        Ok(false)
    }

    /// [`heuristic`] of `pos`, made once per position.
    fn heuristic(&mut self, pos: &Kalah) -> Analysis<AnyMove> {
        match &self.guesses {
            Some((p, a)) if p == pos => a.clone(),
            _ => {
                let a = heuristic(pos);
                self.guesses = Some((*pos, a.clone()));
                a
            }
        }
    }

    /// Endgame database entries that hold a bound (a scan of the whole database: for reports,
    /// not for progress).
    pub fn db_filled(&self) -> u64 {
        self.shared.db.as_ref().map_or(0, |d| d.filled())
    }

    /// Figures so far.
    pub fn stats(&self) -> SolveStats {
        SolveStats {
            nodes: self.nodes,
            passes: self.passes,
            db_bytes: self.shared.db.as_ref().map_or(0, |d| 2 * d.bounds.len() as u64)
                + self.shared.exact.as_ref().map_or(0, |x| x.values.len() as u64),
            table_bytes: self.shared.table.bytes(),
        }
    }

    /// Whether the threads search together from the root (ABDADA), rather than split nodes.
    fn together(&self) -> bool {
        self.threads >= ABDADA_THREADS
    }

    /// The parallel search's settings that depend on the root's seeds.
    fn set_root(&mut self, pos: &Kalah) {
        self.split_wait = split_wait(pos.pit_seeds());
        if self.together() {
            self.abdada_seeds = abdada_seeds(self.top, pos.pit_seeds());
        }
    }

    fn search_ctx<'a, 'h>(
        &'a self,
        stop: &'a AtomicBool,
        handler: Option<&'h mut dyn SearchHandler<AnyMove>>,
        events: Option<&'a Events>,
    ) -> Search<'a, 'h> {
        let base = Base {
            shared: &self.shared,
            rules: Rules { capture: self.rules.capture, end: self.rules.end },
            etc_seeds: self.etc_seeds,
            split_seeds: self.split_seeds,
            split_wait: self.split_wait,
            abdada_seeds: self.abdada_seeds,
            stop,
            events,
        };
        Search::new(base, handler, None)
    }

    /// Runs `work` on `copies` threads at once on the pool (natively, several threads), the
    /// handler hearing of it through this thread; otherwise once here, with the handler. Returns
    /// what each run returned, and the nodes and passes of all. `windows`: the positions the
    /// threads search together (ABDADA, [`Search::mtdf_shared`]).
    fn run<R: Send>(
        &self,
        stop: &AtomicBool,
        handler: &mut dyn SearchHandler<AnyMove>,
        (copies, windows): (usize, usize),
        work: impl Fn(&mut Search<'_, '_>) -> R + Sync,
    ) -> (Vec<R>, u64, u64) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pool) = &self.pool {
            let events =
                Events { windows: (0..windows).map(|_| SharedWindow::default()).collect(), ..Events::default() };
            let events_ref = &events;
            return threads::run_on_pool(pool, &events, stop, handler, || {
                let out = Mutex::new((Vec::new(), 0, 0));
                let one = || {
                    let mut ctx = self.search_ctx(stop, None, Some(events_ref));
                    let r = work(&mut ctx);
                    let mut o = out.lock().expect("no panics while locked");
                    o.0.push(r);
                    o.1 += ctx.nodes;
                    o.2 += ctx.passes;
                };
                rayon::in_place_scope(|s| {
                    for _ in 1..copies {
                        s.spawn(|_| one());
                    }
                    one();
                });
                out.into_inner().expect("no panics while locked")
            });
        }
        let _ = (copies, windows);
        let mut ctx = self.search_ctx(stop, Some(handler), None);
        let r = work(&mut ctx);
        (vec![r], ctx.nodes, ctx.passes)
    }

    /// The exact value of every legal move of `pos` (absolute: final store difference for the
    /// side to move), best first, with the best line.
    ///
    /// # Errors
    /// Game over, too many seeds, or stopped by the handler.
    pub fn analyze(
        &mut self,
        pos: &Kalah,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<Analysis<AnyMove>, SolveError> {
        self.analyze_moves(pos, None, None, handler)
    }

    /// [`Solver::analyze`] restricted to the root moves `only` (all legal moves if `None` or
    /// empty): how the page shares the root moves between workers. Each move's MTD(f) starts
    /// from the move's value in a short heuristic search of `pos` (made once per position and
    /// kept, so the calls for the other moves reuse it); `guess` (an absolute value) stands in
    /// where that search gave none. The best line starts with the best of these moves. Nodes
    /// in the result are this call's.
    ///
    /// # Errors
    /// As [`Solver::analyze`], and [`SolveError::IllegalMove`] for a move in `only` that is
    /// not legal here.
    pub fn analyze_moves(
        &mut self,
        pos: &Kalah,
        only: Option<&[KalahMove]>,
        guess: Option<i32>,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<Analysis<AnyMove>, SolveError> {
        if let Some(m) = only.into_iter().flatten().find(|m| !pos.legal_moves().contains(m)) {
            return Err(SolveError::IllegalMove(m.to_string()));
        }
        let only = only.filter(|o| !o.is_empty());
        by_pits!(self.rules.pits(), |N| self.analyze_n::<N>(pos, only, guess, handler))
    }

    /// The root moves of `pos` in the order the solver searches them (most promising first).
    pub fn root_order(pos: &Kalah) -> Vec<KalahMove> {
        by_pits!(pos.rules().pits(), |N| {
            let st = state_of::<N>(pos);
            order::<N>(&st, None, pos.rules().capture)
                .iter()
                .take_while(|&&i| i != NO_MOVE)
                .map(|&i| KalahMove(i))
                .collect()
        })
    }

    fn check<const N: usize>(pos: &Kalah) -> Result<State<N>, SolveError> {
        if pos.outcome().is_some() {
            return Err(SolveError::GameOver);
        }
        // Counted on the position: the state's word sums hold only up to 255 seeds a side.
        let seeds = pos.pit_seeds();
        if seeds > MAX_SOLVER_SEEDS {
            return Err(SolveError::TooManySeeds { seeds, most: MAX_SOLVER_SEEDS });
        }
        Ok(state_of::<N>(pos))
    }

    fn analyze_n<const N: usize>(
        &mut self,
        pos: &Kalah,
        only: Option<&[KalahMove]>,
        guess: Option<i32>,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<Analysis<AnyMove>, SolveError> {
        let st = Self::check::<N>(pos)?;
        let base = pos.store_diff();
        let stop = AtomicBool::new(false);
        self.nodes = 0;
        self.passes = 0;
        self.build_ahead::<N>(handler)?;
        self.set_root(pos);
        let heuristic = self.heuristic(pos);
        let guess = AtomicI32::new(guess.unwrap_or(heuristic.value.number()) - base);
        // Root moves in the order the search prefers; threads take the next unsolved one.
        let roots: Vec<u8> =
            Self::root_order(pos).into_iter().filter(|m| only.is_none_or(|o| o.contains(m))).map(|m| m.0).collect();
        let next = AtomicUsize::new(0);
        let done: Mutex<Vec<MoveValue<AnyMove>>> = Mutex::new(Vec::new());
        let this = &*self;
        // With ABDADA, a thread with no root move left to start helps search one still open.
        let together = this.together();
        let finished: Vec<AtomicBool> = roots.iter().map(|_| AtomicBool::new(false)).collect();
        let work = |ctx: &mut Search<'_, '_>| -> Result<(), SolveError> {
            loop {
                let k = next.fetch_add(1, Relaxed);
                let open = || (0..roots.len()).map(|d| (k + d) % roots.len()).find(|&j| !finished[j].load(Relaxed));
                let Some(j) = (if k < roots.len() {
                    Some(k)
                } else if together {
                    open()
                } else {
                    None
                }) else {
                    return Ok(());
                };
                let i = roots[j];
                let (gain, extra, child) = st.play(i as usize, ctx.rules);
                let sign = if extra { 1 } else { -1 };
                let name = AnyMove::from(KalahMove(i));
                // The move's heuristic value: far closer than the best value so far for a
                // poor move (Kalah(6,4): 47 passes in all → 17, 6 % fewer nodes).
                let g = heuristic
                    .moves
                    .iter()
                    .find(|m| m.mv == name)
                    .map_or_else(|| guess.load(Relaxed), |m| m.value.number() - base);
                let report = Some((name, base + gain, sign));
                let v = gain
                    + sign
                        * if together {
                            ctx.mtdf_shared(&child, sign * (g - gain), j, report)?
                        } else {
                            ctx.mtdf(&child, sign * (g - gain), report)?
                        };
                if finished[j].swap(true, Relaxed) {
                    // Another thread searching it too told it first.
                    continue;
                }
                guess.fetch_max(v, Relaxed);
                let mut moves = done.lock().expect("no panics while locked");
                moves.push(MoveValue { mv: name, value: Value::Margin(base + v), exact: true });
                let mut partial = Analysis { nodes: ctx.nodes, moves: moves.clone(), ..Default::default() };
                partial.moves.sort_by_key(|m| Reverse(m.value));
                partial.value = partial.moves[0].value;
                if let Some(h) = ctx.handler.as_deref_mut() {
                    h.on_progress(&partial);
                } else if let Some(e) = ctx.events {
                    e.post(Event::Progress(partial));
                }
            }
        };
        // Natively with several threads, the root moves are tasks of the pool (each splitting
        // its own nodes, or with ABDADA searched by every thread free); otherwise one after the
        // other here.
        let copies = if together { this.threads } else { roots.len().min(this.threads) };
        let (results, nodes, passes) = this.run(&stop, handler, (copies, roots.len()), |ctx| {
            let r = work(ctx);
            if r.is_err() {
                stop.store(true, Relaxed);
            }
            r
        });
        let result: Result<Vec<()>, SolveError> = results.into_iter().collect();
        self.nodes += nodes;
        self.passes += passes;
        result?;
        let mut moves = done.into_inner().expect("no panics while locked");
        moves.sort_by_key(|m| Reverse(m.value));
        let first = roots.iter().copied().find(|&i| AnyMove::from(KalahMove(i)) == moves[0].mv).expect("a root move");
        let (gain, extra, _) = st.play(first as usize, Rules { capture: self.rules.capture, end: self.rules.end });
        let v = moves[0].value.number() - base;
        let mut after = *pos;
        after.play_unchecked(first as usize);
        let mut best_line = vec![moves[0].mv];
        best_line.extend(self.best_line::<N>(&after, if extra { v - gain } else { gain - v }));
        Ok(Analysis {
            depth: best_line.len() as u32,
            stopped: None,
            nodes: self.nodes,
            value: moves[0].value,
            exact: true,
            moves,
            best_line,
        })
    }

    /// The exact value of `pos` for the side to move (absolute), without the per-move values.
    ///
    /// # Errors
    /// As [`Solver::analyze`].
    pub fn solve(&mut self, pos: &Kalah, handler: &mut dyn SearchHandler<AnyMove>) -> Result<i32, SolveError> {
        by_pits!(self.rules.pits(), |N| self.solve_n::<N>(pos, handler))
    }

    fn solve_n<const N: usize>(
        &mut self,
        pos: &Kalah,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<i32, SolveError> {
        self.solve_within_n::<N>(pos, (i32::MIN, i32::MAX), handler)
    }

    /// The value of `pos` for the side to move (absolute) if it lies strictly between `alpha`
    /// and `beta`; else a bound that shows it does not (fail-soft: at most `alpha`, the value
    /// is at most that; at least `beta`, at least that). A subtree solved apart needs no more
    /// where its elder brothers' values already decide (`crate::families::split`).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_within(
        &mut self,
        pos: &Kalah,
        alpha: i32,
        beta: i32,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<i32, SolveError> {
        by_pits!(self.rules.pits(), |N| self.solve_within_n::<N>(pos, (alpha, beta), handler))
    }

    /// [`Solver::solve_within`], the window absolute (`(i32::MIN, i32::MAX)`: the value).
    fn solve_within_n<const N: usize>(
        &mut self,
        pos: &Kalah,
        (alpha, beta): (i32, i32),
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<i32, SolveError> {
        let st = Self::check::<N>(pos)?;
        self.nodes = 0;
        self.passes = 0;
        self.build_ahead::<N>(handler)?;
        self.set_root(pos);
        let base = pos.store_diff();
        let guess = self.heuristic(pos).value.number() - base;
        let whole = (alpha, beta) == (i32::MIN, i32::MAX);
        let window = if whole { (alpha, beta) } else { (alpha.saturating_sub(base), beta.saturating_sub(base)) };
        let stop = AtomicBool::new(false);
        let this = &*self;
        // With ABDADA every thread searches the root (for its value), else one (splitting its
        // nodes).
        let together = this.together() && whole;
        let copies = if together { this.threads } else { 1 };
        let (mut results, nodes, passes) = this.run(&stop, handler, (copies, 1), |ctx| {
            if together {
                ctx.mtdf_shared(&st, guess, 0, None)
            } else {
                ctx.mtdf_within(&st, guess, window, None)
            }
        });
        // Every thread returns the value once the window is closed.
        let result = results.pop().expect("a search");
        self.nodes += nodes;
        self.passes += passes;
        Ok(base + result?)
    }

    /// The best line from `pos`, whose relative value (from its stores) is `target`: at each
    /// ply the first move, in search order, that a null-window search shows reaches the value
    /// (mostly answered by the table and the database).
    fn best_line<const N: usize>(&mut self, pos: &Kalah, mut target: i32) -> Vec<AnyMove> {
        let stop = AtomicBool::new(false);
        let mut ctx = self.search_ctx(&stop, None, None);
        let rules = ctx.rules;
        let mut line = vec![];
        let mut p = *pos;
        while !p.is_over() && line.len() < 200 {
            let st = state_of::<N>(&p);
            let tt = ctx.shared.table.probe(st.key()).map(|e| e.best);
            let moves = order::<N>(&st, tt, rules.capture);
            let chosen = moves.iter().take_while(|&&i| i != NO_MOVE).find_map(|&i| {
                let (gain, extra, child) = st.play(i as usize, rules);
                // The move's value is at least `target` (so equal to it): child value
                // c >= target - gain after an extra turn, else gain - c >= target.
                let reaches = if extra {
                    ctx.search(&child, target - gain - 1, target - gain, None, true) >= target - gain
                } else {
                    ctx.search(&child, gain - target, gain - target + 1, None, false) <= gain - target
                };
                reaches.then_some((i, if extra { target - gain } else { gain - target }))
            });
            let Some((i, next)) = chosen else { break };
            line.push(KalahMove(i).into());
            p.play_unchecked(i as usize);
            target = next;
        }
        let nodes = ctx.nodes;
        self.nodes += nodes;
        line
    }
}

/// The first line of a shared exact-layer file's description ([`Solver::share_exact`]): a
/// new layout of the values needs a new version.
#[cfg(target_os = "linux")]
const EXACT_FILE_VERSION: &str = "mancala-lab exact layers 1";

/// FNV-1a, 64 bits, of some bytes: a checksum of a shared file.
#[cfg(target_os = "linux")]
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Writes `path` whole or not at all: to a temporary file of this process that must not exist
/// (so that nothing planted at its name is followed), then renamed.
#[cfg(target_os = "linux")]
fn write_new(path: &std::path::Path, bytes: &[u8]) -> Result<(), SolveError> {
    use std::io::Write;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let io = |e: std::io::Error| SolveError::File(format!("{}: {e}", path.display()));
    let _ = std::fs::remove_file(&tmp);
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(io)?;
    f.write_all(bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// MTD(f) converges in fewer passes from a good guess: a short heuristic search gives one for
/// the position and each of its moves (absolute values; if the search has none, the stores'
/// difference, a relative guess of 0, and no moves). Deeper for big games, where a pass saved
/// is worth far more than the guess costs (Kalah(6,4): depth 12 guesses +6 and takes 3 passes;
/// depth 16 guesses +7, 2 passes, 3 % fewer nodes in all); never more than a few million nodes,
/// so that a wide board does not spend long on its guess.
fn heuristic(pos: &Kalah) -> Analysis<AnyMove> {
    struct Budget(u64);
    impl SearchHandler<AnyMove> for Budget {
        fn should_stop(&mut self, nodes: u64) -> bool {
            nodes > self.0
        }
        fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
    }
    let seeds = pos.pit_seeds();
    let (depth, table_mib) = if seeds > 40 { (16, 16) } else { (12, 1) };
    super::Searcher::new(table_mib)
        .analyze(pos, depth, &mut Budget(8_000_000))
        .unwrap_or(Analysis { value: Value::Margin(pos.store_diff()), ..Default::default() })
}

fn state_of<const N: usize>(pos: &Kalah) -> State<N> {
    let me = pos.turn();
    let mut st = State { me: [0; N], op: [0; N] };
    for i in 0..N {
        st.me[i] = pos.pit(me, i).min(255) as u8;
        st.op[i] = pos.pit(!me, i).min(255) as u8;
    }
    st
}

// After `by_pits!`, which the tests use.
#[cfg(test)]
mod tests;

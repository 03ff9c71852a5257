//! The worker's endgame databases (Oware family): messages, and the databases the worker
//! holds between requests. The worker builds them a layer at a time, so that (in the browser)
//! each finished layer can be stored in IndexedDB before the next begins, and a Stop, which
//! terminates the worker, loses only the layer under way.

use serde::{Deserialize, Serialize};

use super::protocol::Reply;
use crate::families::oware::databases::{positions_upto, Databases, Layer, LayerStats, Progress};
use crate::families::oware::{Oware, OwareMove, OwareRules};
use crate::families::AnyRules;

/// The most positions the page builds (every layer together): 18 seeds on a 6-pit board
/// (86,493,225 positions, a byte each, and the last layer's work tables: about 300 MB).
pub const MAX_PAGE_POSITIONS: u64 = 90_000_000;

/// The seeds the page builds to by default on a 6-pit board (17,383,860 positions).
pub const DEFAULT_PAGE_SEEDS: usize = 15;

/// The endgame databases' work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "endgame", rename_all = "snake_case")]
pub enum EndgameTask {
    /// Load what is cached and build the rest, up to `seeds` seeds on the board.
    Build {
        /// Rules id (Oware family).
        rules: String,
        /// Most seeds on the board.
        seeds: usize,
        /// Only load what is cached; build nothing.
        #[serde(default)]
        cache_only: bool,
    },
    /// The exact value of a position and of each of its moves, from the databases held.
    Query {
        /// Rules id.
        rules: String,
        /// Setup.
        setup: String,
    },
}

/// One move's exact value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveValue {
    /// The move.
    #[serde(rename = "move")]
    pub mv: OwareMove,
    /// Captured seeds at the end, the mover's minus the opponent's, with perfect play after it.
    pub value: i32,
}

/// What the endgame databases say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "endgame", rename_all = "snake_case")]
pub enum EndgameReply {
    /// A build under way.
    Progress {
        /// Layer (seeds on the board) being built.
        layer: u32,
        /// Its positions done.
        done: u64,
        /// Its positions.
        of: u64,
        /// Positions built this request so far (cached layers not counted).
        built: u64,
        /// Bytes held.
        bytes: u64,
        /// Positions a second so far.
        rate: f64,
    },
    /// The databases are ready to `seeds` seeds (`None`: nothing built or cached).
    Built {
        /// Rules id.
        rules: String,
        /// Most seeds covered.
        seeds: Option<usize>,
        /// The layers built now (cached ones are loaded, not listed).
        layers: Vec<LayerStats>,
        /// Layers loaded from the cache.
        cached: usize,
        /// Bytes held.
        bytes: u64,
        /// Build time of the layers built now, ms.
        build_ms: f64,
    },
    /// A position's exact values.
    Values {
        /// Rules id.
        rules: String,
        /// Setup.
        setup: String,
        /// The position's value: captured seeds at the end, the side to move's minus the other's.
        value: i32,
        /// Each legal move, best first.
        moves: Vec<MoveValue>,
        /// A best line.
        line: Vec<OwareMove>,
        /// The line stops where it would repeat a position (endless play, worth 0 from there).
        repeats: bool,
        /// Most seeds the databases cover.
        seeds: usize,
    },
    /// The position has more seeds on the board than the databases cover.
    Outside {
        /// Rules id.
        rules: String,
        /// Setup.
        setup: String,
        /// Seeds on the board.
        on_board: usize,
        /// Most seeds covered (`None`: nothing built).
        seeds: Option<usize>,
    },
}

thread_local! {
    static DB: std::cell::RefCell<Option<Databases>> = const { std::cell::RefCell::new(None) };
}

/// The rules of a request, checked: the Oware family, and a size the page may build.
pub fn check_build(rules: &str, seeds: usize) -> Result<OwareRules, String> {
    let any: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    let r = OwareRules::try_from(any).map_err(|_| "endgame databases are for the Oware family".to_string())?;
    let total = positions_upto(r.pits(), seeds);
    if seeds > 60 || total > MAX_PAGE_POSITIONS {
        return Err(format!(
            "{seeds} seeds on {} pits a side is too much for the page ({total} positions; at most {MAX_PAGE_POSITIONS}): the CLI's endgame goes further",
            r.pits()
        ));
    }
    Ok(r)
}

/// Makes the databases held those of `rules` (dropping others), able to grow to `seeds`;
/// returns the layers already held.
pub fn hold(rules: OwareRules, seeds: usize) -> usize {
    DB.with_borrow_mut(|db| {
        let keep = db.as_ref().is_some_and(|d| d.rules() == rules && d.max_seeds() >= seeds);
        if !keep {
            let mut fresh = Databases::new(rules, seeds);
            // Keep what was built for these rules under a smaller limit.
            if let Some(old) = db.take().filter(|d| d.rules() == rules) {
                for k in 0..old.seeds().min(seeds + 1) {
                    let _ = fresh.push_layer(old.layer(k).clone());
                }
            }
            *db = Some(fresh);
        }
        db.as_ref().map_or(0, |d| d.seeds())
    })
}

/// Adds a cached layer (its bytes, [`Layer::to_bytes`]) to the databases held (false when
/// it does not fit).
pub fn push_cached(bytes: Vec<u8>) -> bool {
    let Some(layer) = Layer::from_bytes(&bytes) else { return false };
    DB.with_borrow_mut(|db| db.as_mut().is_some_and(|d| d.push_layer(layer).is_ok()))
}

/// Builds the next layer of the databases held, posting progress now and then; returns its
/// figures and its bytes (for the cache).
pub fn build_one(
    id: u32,
    start: f64,
    built_before: u64,
    now: &dyn Fn() -> f64,
    post: &mut dyn FnMut(Reply),
) -> Option<(LayerStats, Vec<u8>)> {
    DB.with_borrow_mut(|db| {
        let db = db.as_mut()?;
        let t0 = now();
        let mut last = t0;
        let mut report = |p: Progress| {
            let t = now();
            if t - last >= 250.0 {
                last = t;
                let built = built_before + p.done;
                let reply = EndgameReply::Progress {
                    layer: p.layer,
                    done: p.done,
                    of: p.of,
                    built,
                    bytes: p.bytes,
                    rate: built as f64 / ((t - start) / 1e3).max(1e-3),
                };
                post(Reply::Lab { id, reply: super::protocol::LabReply::Endgame(reply), elapsed_ms: t - start });
            }
            true
        };
        let mut stats = db.build_next(&mut report)?;
        stats.millis = now() - t0;
        let k = stats.seeds as usize;
        Some((stats, db.layer(k).to_bytes()))
    })
}

/// Runs `f` with the databases held (if any).
pub fn with_held<R>(f: impl FnOnce(Option<&Databases>) -> R) -> R {
    DB.with_borrow(|db| f(db.as_ref()))
}

/// The most seeds the page builds to on a board of `pits` pits a side.
pub fn max_page_seeds(pits: usize) -> usize {
    (0..=60).take_while(|&s| positions_upto(pits, s) <= MAX_PAGE_POSITIONS).last().unwrap_or(0)
}

/// The layers held and their bytes.
pub fn held() -> (usize, u64) {
    DB.with_borrow(|db| db.as_ref().map_or((0, 0), |d| (d.seeds(), d.bytes())))
}

/// Answers a query from the databases held.
pub fn query(rules: &str, setup: &str) -> Result<EndgameReply, String> {
    let any: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    let pos = any.parse_setup(setup).map_err(|e| format!("setup: {e}"))?;
    let pos: Oware = *<&Oware>::try_from(&pos).map_err(|_| "endgame databases are for the Oware family".to_string())?;
    if pos.is_over() {
        return Err("the game is over: nothing to value".into());
    }
    DB.with_borrow(|db| {
        let on_board = pos.board_seeds() as usize;
        let seeds = db.as_ref().filter(|d| d.rules() == pos.rules() && d.seeds() > 0).map(|d| d.seeds() - 1);
        let Some(d) = db.as_ref().filter(|_| seeds.is_some_and(|s| s >= on_board)) else {
            return Ok(EndgameReply::Outside { rules: rules.into(), setup: setup.into(), on_board, seeds });
        };
        let base = pos.captured_diff();
        let moves = d.move_values(&pos).expect("within the databases");
        let line = d.best_line(&pos, 40);
        Ok(EndgameReply::Values {
            rules: rules.into(),
            setup: setup.into(),
            value: base + d.value_of(&pos).expect("within the databases"),
            moves: moves.iter().map(|&(i, v)| MoveValue { mv: OwareMove(i as u8), value: base + v }).collect(),
            line: line.moves,
            repeats: line.repeats,
            seeds: d.seeds() - 1,
        })
    })
}

/// Runs an endgame task synchronously (no cache): the native tests' worker, and queries.
pub fn run(task: EndgameTask, id: u32, start: f64, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
    let answer = |reply: EndgameReply| Reply::Lab {
        id,
        reply: super::protocol::LabReply::Endgame(reply),
        elapsed_ms: now() - start,
    };
    match task {
        EndgameTask::Build { rules, seeds, cache_only } => {
            let r = match check_build(&rules, seeds) {
                Ok(r) => r,
                Err(message) => return post(Reply::Error { id: Some(id), message }),
            };
            hold(r, seeds);
            let mut layers = vec![];
            let mut built = 0;
            let t0 = now();
            while !cache_only && held().0 <= seeds {
                let Some((s, _)) = build_one(id, start, built, now, post) else { break };
                built += s.positions;
                layers.push(s);
            }
            let (n, bytes) = held();
            let reply =
                EndgameReply::Built { rules, seeds: n.checked_sub(1), layers, cached: 0, bytes, build_ms: now() - t0 };
            post(answer(reply));
        }
        EndgameTask::Query { rules, setup } => match query(&rules, &setup) {
            Ok(reply) => post(answer(reply)),
            Err(message) => post(Reply::Error { id: Some(id), message }),
        },
    }
}

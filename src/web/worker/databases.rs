//! The worker's endgame databases (families that have them, through their capability):
//! messages, and the databases the worker holds between requests. The worker builds them a
//! layer at a time, so that (in the browser) each finished layer can be stored in IndexedDB
//! before the next begins, and a Stop, which terminates the worker, loses only the layer under
//! way.

use serde::{Deserialize, Serialize};

use crate::families::capability::LayerStats;
use crate::families::{AnyMove, AnyRules, EndgameDatabases};
use crate::labs::Throttle;

/// The most positions the page builds (every layer together): 18 seeds on a 6-pit board
/// (86,493,225 positions, two bytes each, and the last layer's work tables: about 450 MB).
pub const MAX_PAGE_POSITIONS: u64 = 90_000_000;

/// The seeds the page builds to by default on a 6-pit board (17,383,860 positions).
pub const DEFAULT_PAGE_SEEDS: usize = 15;
/// The positions of the default build ([`DEFAULT_PAGE_SEEDS`] on 6 pits): other boards build
/// by default as many seeds as fit.
pub const DEFAULT_PAGE_POSITIONS: u64 = 17_383_860;

/// The endgame databases' work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "endgame", rename_all = "snake_case")]
pub enum EndgameTask {
    /// Load what is cached and build the rest, up to `seeds` seeds on the board.
    Build {
        /// Rules id (a family with endgame databases).
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
pub struct DatabaseMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: AnyMove,
    /// Captured seeds at the end, the mover's minus the opponent's, with perfect play after it.
    pub value: i32,
}

/// What the endgame databases say (externally tagged, as [`super::protocol::Reply`] explains).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
        moves: Vec<DatabaseMove>,
        /// A best line.
        line: Vec<AnyMove>,
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

/// The rules of a build request, checked: a family with databases, and a size the page may
/// build.
///
/// # Errors
/// Either, in words.
pub fn check_build(rules: &str, seeds: usize) -> Result<AnyRules, String> {
    let r: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    let total = r.databases_size(seeds).ok_or_else(crate::families::capability::no_databases)?;
    if seeds > 60 || total > MAX_PAGE_POSITIONS {
        return Err(format!(
            "{seeds} seeds on {} is too much for the page ({total} positions; at most {MAX_PAGE_POSITIONS}): the CLI's endgame goes further",
            r.title()
        ));
    }
    Ok(r)
}

/// The most seeds the page builds to for `rules`.
pub fn max_page_seeds(rules: &AnyRules) -> usize {
    (0..=60).take_while(|&s| rules.databases_size(s).is_some_and(|n| n <= MAX_PAGE_POSITIONS)).last().unwrap_or(0)
}

/// The databases a worker holds (of one rule set at a time).
#[derive(Default)]
pub struct Held {
    db: Option<Box<dyn EndgameDatabases>>,
}

impl Held {
    /// The databases held for `rules`, when at least one layer is built.
    pub fn of(&self, rules: &AnyRules) -> Option<&dyn EndgameDatabases> {
        self.db.as_deref().filter(|d| d.rules() == *rules && d.seeds() > 0)
    }

    /// Makes the databases held those of `rules` (dropping others), able to grow to `seeds`;
    /// returns the layers already held.
    pub fn hold(&mut self, rules: AnyRules, seeds: usize) -> usize {
        let keep = self.db.as_ref().is_some_and(|d| d.rules() == rules && d.max_seeds() >= seeds);
        if !keep {
            let mut fresh = rules.endgame_databases(seeds).expect("checked: the family has databases");
            // Keep what was built for these rules under a smaller limit.
            if let Some(old) = self.db.take().filter(|d| d.rules() == rules) {
                for k in 0..old.seeds().min(seeds + 1) {
                    let _ = fresh.push_layer_bytes(&old.layer_bytes(k));
                }
            }
            self.db = Some(fresh);
        }
        self.db.as_ref().map_or(0, |d| d.seeds())
    }

    /// Adds a cached layer (its bytes) to the databases held (false when it does not fit).
    pub fn push_cached(&mut self, bytes: &[u8]) -> bool {
        self.db.as_mut().is_some_and(|d| d.push_layer_bytes(bytes).is_ok())
    }

    /// The layers held and their bytes.
    pub fn held(&self) -> (usize, u64) {
        self.db.as_ref().map_or((0, 0), |d| (d.seeds(), d.bytes()))
    }

    /// Answers a query from the databases held.
    ///
    /// # Errors
    /// Bad rules or setup, a family without databases, a finished game.
    pub fn query(&self, rules: &str, setup: &str) -> Result<EndgameReply, String> {
        let any: AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
        let pos = any.parse_setup(setup).map_err(|e| format!("setup: {e}"))?;
        if !any.has_databases() {
            return Err(crate::families::capability::no_databases());
        }
        if pos.outcome().is_some() {
            return Err("the game is over: nothing to value".into());
        }
        let on_board = pos.board_seeds() as usize;
        let held = self.of(&any);
        let seeds = held.map(|d| d.seeds() - 1);
        let Some(d) = held.filter(|_| seeds.is_some_and(|s| s >= on_board)) else {
            return Ok(EndgameReply::Outside { rules: rules.into(), setup: setup.into(), on_board, seeds });
        };
        let moves = d.move_values(&pos).expect("within the databases");
        let line = d.best_line(&pos, 40).expect("within the databases");
        Ok(EndgameReply::Values {
            rules: rules.into(),
            setup: setup.into(),
            value: d.value(&pos).expect("within the databases"),
            moves: moves.into_iter().map(|(mv, value)| DatabaseMove { mv, value }).collect(),
            line: line.moves,
            repeats: line.repeats,
            seeds: d.seeds() - 1,
        })
    }

    /// Runs an endgame task synchronously, without a cache (the native worker's, the tests'),
    /// posting each reply with its time since the request began.
    ///
    /// # Errors
    /// As [`BuildJob::start`] and [`Held::query`].
    pub fn run(
        &mut self,
        task: EndgameTask,
        now: &dyn Fn() -> f64,
        post: &mut dyn FnMut(EndgameReply, f64),
    ) -> Result<(), String> {
        let start = now();
        match task {
            EndgameTask::Build { rules, seeds, cache_only } => {
                let mut job = BuildJob::start(self, &rules, seeds, cache_only, start)?;
                job.cached_loaded(now());
                while job.step(self, now, post).is_some() {}
                let (reply, elapsed) = job.finish(self, now());
                post(reply, elapsed);
            }
            EndgameTask::Query { rules, setup } => post(self.query(&rules, &setup)?, now() - start),
        }
        Ok(())
    }
}

/// A build request under way, as steps that do no IO: the caller loads the cached layers
/// ([`BuildJob::next_cached`], [`BuildJob::push_cached`]), builds a layer at a time
/// ([`BuildJob::step`], storing each layer's bytes where it keeps a cache) and posts the
/// answer ([`BuildJob::finish`]). The browser's worker and the native one run the same steps.
pub struct BuildJob {
    rules: AnyRules,
    seeds: usize,
    cache_only: bool,
    /// When the request began, and when the first layer began building (ms).
    start: f64,
    built_from: f64,
    /// Positions built, the layers built, the layers loaded from a cache.
    built: u64,
    layers: Vec<LayerStats>,
    cached: usize,
}

impl BuildJob {
    /// Checks a build request ([`check_build`]) and makes the databases held those of its
    /// rules (keeping the layers already held).
    ///
    /// # Errors
    /// As [`check_build`].
    pub fn start(held: &mut Held, rules: &str, seeds: usize, cache_only: bool, now: f64) -> Result<BuildJob, String> {
        let r = check_build(rules, seeds)?;
        held.hold(r, seeds);
        Ok(BuildJob { rules: r, seeds, cache_only, start: now, built_from: now, built: 0, layers: vec![], cached: 0 })
    }

    /// The rules.
    pub fn rules(&self) -> AnyRules {
        self.rules
    }

    /// The layer to look for in a cache next (`None`: every layer asked for is held).
    pub fn next_cached(&self, held: &Held) -> Option<usize> {
        let have = held.held().0;
        (have <= self.seeds).then_some(have)
    }

    /// Adds a layer found in a cache (false when its bytes do not fit: stop loading).
    pub fn push_cached(&mut self, held: &mut Held, bytes: &[u8]) -> bool {
        let ok = held.push_cached(bytes);
        self.cached += usize::from(ok);
        ok
    }

    /// The cached layers are loaded: the build's clock starts.
    pub fn cached_loaded(&mut self, now: f64) {
        self.built_from = now;
    }

    /// Builds the next layer asked for, posting progress now and then; its seeds and bytes
    /// (for a cache), or `None` when every layer asked for is held (or the request only loads).
    pub fn step(
        &mut self,
        held: &mut Held,
        now: &dyn Fn() -> f64,
        post: &mut dyn FnMut(EndgameReply, f64),
    ) -> Option<(usize, Vec<u8>)> {
        if self.cache_only || held.held().0 > self.seeds {
            return None;
        }
        let db = held.db.as_mut()?;
        let (start, built_before) = (self.start, self.built);
        let t0 = now();
        let mut throttle = Throttle::new(t0);
        let mut report = |p: crate::families::capability::BuildProgress| {
            let t = now();
            if throttle.due(t) {
                let built = built_before + p.done;
                let reply = EndgameReply::Progress {
                    layer: p.layer,
                    done: p.done,
                    of: p.of,
                    built,
                    bytes: p.bytes,
                    rate: built as f64 / ((t - start) / 1e3).max(1e-3),
                };
                post(reply, t - start);
            }
            true
        };
        let mut stats = db.build_next(&mut report)?;
        stats.millis = now() - t0;
        let k = stats.seeds as usize;
        self.built += stats.positions;
        self.layers.push(stats);
        Some((k, db.layer_bytes(k)))
    }

    /// The answer, and its time since the request began.
    pub fn finish(self, held: &Held, now: f64) -> (EndgameReply, f64) {
        let (n, bytes) = held.held();
        let reply = EndgameReply::Built {
            rules: self.rules.to_string(),
            seeds: n.checked_sub(1),
            layers: self.layers,
            cached: self.cached,
            bytes,
            build_ms: now - self.built_from,
        };
        (reply, now - self.start)
    }
}

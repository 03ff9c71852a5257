//! The fixed workloads of `mancala-lab bench`, also run by the browser worker so native and
//! wasm figures compare the same work.

mod task;
pub use task::*;

use crate::families::kalah::perft_kalah;
use crate::families::kalah::KalahRules;
use crate::families::oware::databases::Databases;
use crate::families::oware::{search as oware_search, Oware, OwareRules};
use crate::families::AnyRules;
use crate::search::{NoHandler, Searcher};

/// Perft depth of the benchmark (Kalah(6,4) start).
pub const PERFT_DEPTH: u32 = 11;
/// Search depth of the benchmark (Kalah(6,4) start).
pub const SEARCH_DEPTH: u32 = 18;
/// Table size of the benchmark search, in MiB.
pub const SEARCH_TABLE_MIB: usize = 64;

/// Runs the perft workload; returns the leaf count (its nodes).
pub fn perft() -> u64 {
    perft_kalah(&KalahRules::standard(6, 4).expect("valid").start(), PERFT_DEPTH)
}

/// Runs the search workload; returns the nodes searched.
pub fn search() -> u64 {
    let pos = KalahRules::standard(6, 4).expect("valid").start();
    let mut s = Searcher::new(SEARCH_TABLE_MIB);
    s.analyze::<_, crate::families::kalah::KalahMove>(&pos, SEARCH_DEPTH, &mut NoHandler).map_or(0, |a| a.nodes)
}

/// The endgame-leaves workload: an Awari middlegame (20 seeds on the board) searched to this
/// depth, with the databases to [`ENDGAME_SEEDS`] seeds at its leaves.
pub const ENDGAME_SEARCH_DEPTH: u32 = 22;
/// Seeds the endgame-leaves workload's databases cover.
pub const ENDGAME_SEEDS: usize = 12;
/// The endgame-leaves workload's position.
pub const ENDGAME_SETUP: &str = "3.0.4.2.1.0-1.2.0.3.2.2-14.14-s";
/// The Tchoukaillon workload's seeds: 10¹², a winning position of about 1.8 million pits.
pub const TCHOUKAILLON_SEEDS: u64 = 1_000_000_000_000;

/// The endgame-leaves workload's position and its databases, built (not timed by the search).
pub fn endgame_databases() -> (Oware, Databases) {
    let rules: AnyRules = "awari".parse().expect("valid");
    let pos = rules.parse_setup(ENDGAME_SETUP).expect("valid");
    let pos = *<&Oware>::try_from(&pos).expect("Awari");
    let mut db = Databases::new(OwareRules::try_from(rules).expect("Awari"), ENDGAME_SEEDS);
    while db.build_next(&mut |_| true).is_some() {}
    (pos, db)
}

/// Runs the endgame-leaves search; returns the nodes searched.
pub fn endgame_search(pos: &Oware, db: &Databases) -> u64 {
    oware_search::analyze(pos, Some(db), ENDGAME_SEARCH_DEPTH, SEARCH_TABLE_MIB, &mut NoHandler).nodes
}

//! The fixed workloads of `mancala-lab bench`, also run by the browser worker so native and
//! wasm figures compare the same work.

use super::{NoHandler, Searcher};
use crate::families::kalah::perft_kalah;
use crate::families::kalah::KalahRules;

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
    s.analyze(&pos, SEARCH_DEPTH, &mut NoHandler).map_or(0, |a| a.nodes)
}

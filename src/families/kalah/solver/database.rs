//! The endgame database: every layout with at most `db_seeds` seeds ranked combinatorially,
//! two bytes (lower and upper bound) each, filled on demand and never evicted.

use super::*;
use crate::engine::rank::Ranker;

/// Bounds on the value of every layout with at most `max_seeds` seeds, filled on demand by the
/// search itself: a table with a slot of its own for every endgame position (no key, no
/// eviction), which ends up holding exact values wherever the search needed them.
pub(super) struct Database {
    pub(super) max_seeds: u32,
    /// Ranks a layout of the opponent's pits then the mover's (see [`Database::index`]).
    pub(super) ranker: Ranker,
    /// Lower bound + 128 in the low byte, upper bound + 128 in the high byte; 0 for a
    /// position not searched yet (all-zero memory costs nothing until touched).
    pub(super) bounds: BigArray<AtomicU16>,
}

impl Database {
    pub(super) fn new(pits: usize, max_seeds: u32) -> Result<Database, SolveError> {
        let ranker = Ranker::new(2 * pits, max_seeds as usize);
        let size = ranker.size();
        if size > (1 << 32) {
            return Err(SolveError::Memory(format!("a database of {} bytes", 2 * size)));
        }
        let bounds = BigArray::zeroed(size as usize)
            .map_err(|e| SolveError::Memory(format!("{} byte database: {e}", 2 * size)))?;
        Ok(Database { max_seeds, ranker, bounds })
    }

    /// Stars-and-bars rank of a layout among those with the same number of seeds, plus the
    /// offset of that number ([`Ranker`]). The opponent's pits are ranked first, so that the
    /// mover's pits make the high-order part: positions with the same seeds and the same
    /// mover's side lie together, as do the children of a node that neither reach the
    /// opponent's side nor capture (they share the mover's side, the node's opponent's): fewer
    /// TLB misses.
    #[inline(always)]
    pub(super) fn index<const N: usize>(&self, st: &State<N>, seeds: u32) -> usize {
        let mut rank = 0u64;
        let mut bar = 0usize;
        for j in 0..N {
            bar += st.op[j] as usize;
            rank += self.ranker.term(j, bar);
        }
        for j in 0..N - 1 {
            bar += st.me[j] as usize;
            rank += self.ranker.term(N + j, bar);
        }
        (self.ranker.offset(seeds as usize) + rank) as usize
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<(i32, i32)> {
        let w = self.bounds[i].load(Relaxed);
        (w != 0).then(|| ((w & 0xFF) as i32 - 128, (w >> 8) as i32 - 128))
    }

    #[inline]
    pub(super) fn set(&self, i: usize, lower: i32, upper: i32) {
        // A plain store: a bound another thread stored meanwhile may be lost, never invented.
        self.bounds[i].store(((upper + 128) as u16) << 8 | (lower + 128) as u16, Relaxed);
    }

    /// Entries holding a bound (a scan of the whole database).
    pub(super) fn filled(&self) -> u64 {
        self.bounds.iter().filter(|b| b.load(Relaxed) != 0).count() as u64
    }
}

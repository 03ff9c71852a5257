//! The endgame database: every layout with at most `db_seeds` seeds ranked combinatorially,
//! two bytes (lower and upper bound) each, filled on demand and never evicted.

use super::*;

/// Bounds on the value of every layout with at most `max_seeds` seeds, filled on demand by the
/// search itself: a table with a slot of its own for every endgame position (no key, no
/// eviction), which ends up holding exact values wherever the search needed them.
pub(super) struct Database {
    pub(super) max_seeds: u32,
    /// `terms[j * stride + bar]` = C(bar + j, j + 1): what pit `j` of the ranked order (the
    /// opponent's pits, then the mover's) adds to the rank when `bar` seeds lie in it and the
    /// pits before it.
    pub(super) terms: Vec<u64>,
    pub(super) stride: usize,
    /// Index of the first layout with `s` seeds.
    pub(super) offset: Vec<u64>,
    /// Lower bound + 128 in the low byte, upper bound + 128 in the high byte; 0 for a
    /// position not searched yet (all-zero memory costs nothing until touched).
    pub(super) bounds: BigArray<AtomicU16>,
}

impl Database {
    pub(super) fn new(pits: usize, max_seeds: u32) -> Result<Database, SolveError> {
        let m = 2 * pits;
        let top = max_seeds as usize + m + 1;
        let width = m + 1;
        let mut binom = vec![0u64; (top + 1) * width];
        for a in 0..=top {
            binom[a * width] = 1;
            for b in 1..=m.min(a) {
                let up = if b < a { binom[(a - 1) * width + b] } else { 0 };
                binom[a * width + b] = binom[(a - 1) * width + b - 1].saturating_add(up);
            }
        }
        // Layouts with exactly s seeds in m pits: C(s + m - 1, m - 1); before s: C(s + m - 1, m).
        let offset: Vec<u64> = (0..=max_seeds as usize + 1).map(|s| binom[(s + m - 1) * width + m]).collect();
        let size = offset[max_seeds as usize + 1];
        if size > (1 << 32) {
            return Err(SolveError::Memory(format!("a database of {} bytes", 2 * size)));
        }
        let stride = max_seeds as usize + 1;
        let terms =
            (0..m).flat_map(|j| (0..stride).map(move |bar| (bar + j) * width + j + 1)).map(|a| binom[a]).collect();
        let bounds = BigArray::zeroed(size as usize)
            .map_err(|e| SolveError::Memory(format!("{} byte database: {e}", 2 * size)))?;
        Ok(Database { max_seeds, terms, stride, offset, bounds })
    }

    /// Stars-and-bars rank of a layout among those with the same number of seeds, plus the
    /// offset of that number. The opponent's pits are ranked first, so that the mover's pits
    /// make the high-order part: positions with the same seeds and the same mover's side lie
    /// together, as do the children of a node that neither reach the opponent's side nor
    /// capture (they share the mover's side, the node's opponent's): fewer TLB misses.
    #[inline(always)]
    pub(super) fn index<const N: usize>(&self, st: &State<N>, seeds: u32) -> usize {
        let mut rank = 0u64;
        let mut bar = 0usize;
        for j in 0..N {
            bar += st.op[j] as usize;
            rank += self.terms[j * self.stride + bar];
        }
        for j in 0..N - 1 {
            bar += st.me[j] as usize;
            rank += self.terms[(N + j) * self.stride + bar];
        }
        (self.offset[seeds as usize] + rank) as usize
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

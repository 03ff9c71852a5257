//! Combinatorial ranking of layouts: the ways of putting `s` seeds into `m` pits, numbered
//! `0..C(s + m − 1, m − 1)` with no gap (stars and bars). One ranker serves Kalah's on-demand
//! endgame database and the Oware family's retrograde databases.
//!
//! A layout `x₀ … x_{m−1}` is the set of its `m − 1` bars, bar `j` standing at `Pⱼ + j`
//! where `Pⱼ = x₀ + … + xⱼ`; its rank is the colexicographic rank of that set,
//! `Σⱼ C(Pⱼ + j, j + 1)` over `j < m − 1`. A rank is a sum of table lookups, one a pit, along
//! the prefix sums, so it needs no division and no branch; layouts with fewer seeds are
//! numbered before (`offset`), so that a layout and its seed count give one index into a table
//! of every layout up to `max_seeds`.
//!
//! ```
//! use mancala_lab::engine::rank::Ranker;
//! let r = Ranker::new(3, 4);
//! assert_eq!(r.layer_size(2), 6); // 2 seeds in 3 pits: 002 011 020 101 110 200
//! let mut x = r.unrank(2, 0);
//! let mut seen = vec![];
//! loop {
//!     seen.push(r.rank(&x[..3]));
//!     if !r.next(&mut x[..3]) { break }
//! }
//! assert_eq!(seen, [0, 1, 2, 3, 4, 5]);
//! ```

/// Asks the processor to fetch the cache line at `x` (a hint; nothing where there is no such
/// instruction): the tables indexed by rank are read at random, and their loads overlap best
/// when asked for ahead. Any address will do, a reference coerces.
#[inline(always)]
pub fn prefetch<T>(x: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is only a hint and never faults, whatever the address.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(x as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Most pits a layout of the rankers has (two rows of twelve).
pub const MAX_PARTS: usize = 24;

/// Ranks, unranks and walks layouts of `parts` pits holding at most `max_seeds` seeds.
#[derive(Clone, Debug)]
pub struct Ranker {
    parts: usize,
    max_seeds: usize,
    /// `terms[j * stride + p]` = C(p + j, j + 1): what pit `j` adds to the rank when the pits
    /// up to it hold `p` seeds.
    terms: Vec<u64>,
    stride: usize,
    /// `offset[s]`: the layouts with fewer than `s` seeds, C(s + m − 1, m).
    offset: Vec<u64>,
}

impl Ranker {
    /// A ranker of layouts of `parts` pits (1 to [`MAX_PARTS`]) with at most `max_seeds`
    /// seeds. Counts past `u64::MAX` saturate (no table that large is ever built).
    pub fn new(parts: usize, max_seeds: usize) -> Ranker {
        assert!((1..=MAX_PARTS).contains(&parts), "1 to {MAX_PARTS} pits");
        let m = parts;
        let top = max_seeds + m + 1;
        let width = m + 1;
        let mut binom = vec![0u64; (top + 1) * width];
        for a in 0..=top {
            binom[a * width] = 1;
            for b in 1..=m.min(a) {
                let up = if b < a { binom[(a - 1) * width + b] } else { 0 };
                binom[a * width + b] = binom[(a - 1) * width + b - 1].saturating_add(up);
            }
        }
        let c = |a: usize, b: usize| if b > a { 0 } else { binom[a * width + b] };
        let offset = (0..=max_seeds + 1).map(|s| if s == 0 { 0 } else { c(s + m - 1, m) }).collect();
        let stride = max_seeds + 1;
        let terms = (0..m).flat_map(|j| (0..stride).map(move |p| (p + j, j + 1))).map(|(a, b)| c(a, b)).collect();
        Ranker { parts, max_seeds, terms, stride, offset }
    }

    /// Pits in a layout.
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// The most seeds a layout may hold.
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// What pit `j` adds to a rank when pits `0..=j` hold `prefix` seeds: for a caller that
    /// walks its own pits in its own order (Kalah's solver, on its two arrays).
    #[inline(always)]
    pub fn term(&self, j: usize, prefix: usize) -> u64 {
        self.terms[j * self.stride + prefix]
    }

    /// The layouts with fewer than `s` seeds: the index of the first with `s`.
    #[inline(always)]
    pub fn offset(&self, s: usize) -> u64 {
        self.offset[s]
    }

    /// Layouts with exactly `s` seeds: C(s + m − 1, m − 1).
    pub fn layer_size(&self, s: usize) -> u64 {
        self.offset[s + 1] - self.offset[s]
    }

    /// Layouts with at most [`Ranker::max_seeds`] seeds.
    pub fn size(&self) -> u64 {
        self.offset[self.max_seeds + 1]
    }

    /// The rank of a layout among those with as many seeds (`x.len()` is the ranker's pits, and
    /// the seeds at most its `max_seeds`).
    #[inline]
    pub fn rank(&self, x: &[u8]) -> u64 {
        let mut prefix = 0;
        let mut r = 0;
        for (j, &v) in x[..self.parts - 1].iter().enumerate() {
            prefix += v as usize;
            r += self.terms[j * self.stride + prefix];
        }
        r
    }

    /// The layout of rank `r` among those with `s` seeds, in the first pits of a board.
    pub fn unrank(&self, s: usize, mut r: u64) -> [u8; MAX_PARTS] {
        let m = self.parts;
        let mut x = [0u8; MAX_PARTS];
        // Bar j stands at b = prefix + j, below the bar above it (or s + m − 1 for the last).
        let mut above = s + m - 1;
        let mut prefix_above = s;
        for j in (0..m - 1).rev() {
            let mut b = above - 1;
            while b > j && self.terms[j * self.stride + (b - j)] > r {
                b -= 1;
            }
            r -= self.terms[j * self.stride + (b - j)];
            let prefix = b - j;
            x[j + 1] = (prefix_above - prefix) as u8;
            prefix_above = prefix;
            above = b;
        }
        x[0] = prefix_above as u8;
        x
    }

    /// Steps a layout to the next of its rank order (rank + 1); false after the last.
    #[inline]
    pub fn next(&self, x: &mut [u8]) -> bool {
        // The next set of bars: the lowest bar that can move up does, the bars below it go
        // back to the bottom. In pits: the first pit j with seeds after it gathers the seeds
        // of pits 0..=j and one from pit j + 1.
        let mut gathered = 0u32;
        for j in 0..self.parts - 1 {
            gathered += x[j] as u32;
            if x[j + 1] > 0 {
                x[..j].fill(0);
                x[j] = (gathered + 1) as u8;
                x[j + 1] -= 1;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_in_order() {
        for (parts, max) in [(1, 5), (2, 6), (4, 5), (12, 4), (6, 7)] {
            let r = Ranker::new(parts, max);
            for s in 0..=max {
                let n = r.layer_size(s);
                let mut x = r.unrank(s, 0);
                for i in 0..n {
                    let u = r.unrank(s, i);
                    assert_eq!(u, x, "{parts} {s} {i}");
                    assert_eq!(u.iter().map(|&v| v as usize).sum::<usize>(), s);
                    assert_eq!(r.rank(&u[..parts]), i);
                    assert_eq!(r.next(&mut x[..parts]), i + 1 < n);
                }
            }
            assert_eq!(r.size(), (0..=max).map(|s| r.layer_size(s)).sum::<u64>());
        }
        // Positions of 6-pit Oware with South to move, to 15 and 20 seeds on the board.
        let r = Ranker::new(12, 20);
        let upto = |k: usize| (0..=k).map(|j| r.layer_size(j)).sum::<u64>();
        assert_eq!((upto(15), upto(20)), (17_383_860, 225_792_840));
        assert_eq!(r.layer_size(6), 12376);
    }
}

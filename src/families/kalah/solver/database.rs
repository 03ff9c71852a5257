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
    pub(super) terms: Box<Terms>,
    /// Lower bound + 128 in the low byte, upper bound + 128 in the high byte; 0 for a
    /// position not searched yet (all-zero memory costs nothing until touched).
    pub(super) bounds: BigArray<AtomicU16>,
}

impl Database {
    pub(super) fn new(pits: usize, max_seeds: u32) -> Result<Database, SolveError> {
        let (ranker, bounds) = ranked_array(pits, max_seeds, 1 << 32, "database")?;
        let terms = Terms::new(&ranker);
        Ok(Database { max_seeds, terms, bounds })
    }

    /// Stars-and-bars rank of a layout among those with the same number of seeds, plus the
    /// offset of that number ([`Ranker`]). The opponent's pits are ranked first, so that the
    /// mover's pits make the high-order part: positions with the same seeds and the same
    /// mover's side lie together, as do the children of a node that neither reach the
    /// opponent's side nor capture (they share the mover's side, the node's opponent's): fewer
    /// TLB misses.
    #[inline(always)]
    pub(super) fn index<const N: usize>(&self, st: &State<N>, seeds: u32) -> usize {
        layout_index(&self.terms, st, seeds)
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

/// A ranker of every layout with at most `seeds` seeds on `pits` pits a side, and a zeroed
/// array with an entry for each: refused past `most` entries, or where the memory cannot be had
/// (`what` names the array in the message).
fn ranked_array<T: super::big::Zeroable>(
    pits: usize,
    seeds: u32,
    most: u64,
    what: &str,
) -> Result<(Ranker, BigArray<T>), SolveError> {
    let ranker = Ranker::new(2 * pits, seeds as usize);
    let size = ranker.size();
    let bytes = size.saturating_mul(core::mem::size_of::<T>() as u64);
    let len = usize::try_from(size)
        .ok()
        .filter(|_| size <= most)
        .ok_or_else(|| SolveError::Memory(format!("{what} of {bytes} bytes")))?;
    let array = BigArray::zeroed(len).map_err(|e| SolveError::Memory(format!("{bytes} byte {what}: {e}")))?;
    Ok((ranker, array))
}

/// A [`Ranker`]'s terms and offsets in arrays of fixed size, for the ranks of the search and
/// the build: an index masked to the array's size needs no bounds check (when it came in,
/// Kalah(6,4)'s layers to 20 seeds on two threads built in 12.8 and 14.1 s against 14.3 and 14.5 s;
/// the current build times are in BENCHMARKS.md).
pub(super) struct Terms {
    /// `term[j][p]`: [`Ranker::term`] (zero past the ranker's seeds).
    term: [[u64; SEEDS]; 2 * MAX_PITS],
    /// `offset[s]`: [`Ranker::offset`].
    offset: [u64; SEEDS],
}

/// Room for every count of seeds the solver allows (at most [`MAX_SOLVER_SEEDS`]).
const SEEDS: usize = 128;
/// The most pits a side.
const MAX_PITS: usize = 12;
const _: () = assert!((MAX_SOLVER_SEEDS as usize) < SEEDS);

impl Terms {
    /// [`Ranker::term`].
    #[inline(always)]
    pub(super) fn term(&self, j: usize, prefix: usize) -> u64 {
        self.term[j][prefix % SEEDS]
    }

    /// [`Ranker::offset`].
    #[inline(always)]
    pub(super) fn offset(&self, s: usize) -> u64 {
        self.offset[s % SEEDS]
    }

    pub(super) fn new(ranker: &Ranker) -> Box<Terms> {
        let mut t = Box::new(Terms { term: [[0; SEEDS]; 2 * MAX_PITS], offset: [0; SEEDS] });
        for j in 0..ranker.parts() {
            for p in 0..=ranker.max_seeds() {
                t.term[j][p] = ranker.term(j, p);
            }
        }
        for s in 0..=ranker.max_seeds() {
            t.offset[s] = ranker.offset(s);
        }
        t
    }
}

/// The rank of `st`'s layout (`seeds` seeds, at most the ranker's) by `terms`: the opponent's
/// pits first, then the mover's (see [`Database::index`]).
#[inline(always)]
fn layout_index<const N: usize>(terms: &Terms, st: &State<N>, seeds: u32) -> usize {
    debug_assert!((seeds as usize) < SEEDS && st.seeds() == seeds);
    let mut rank = 0u64;
    let mut bar = 0usize;
    for j in 0..N {
        bar += st.op[j] as usize;
        rank += terms.term(j, bar);
    }
    for j in 0..N - 1 {
        bar += st.me[j] as usize;
        rank += terms.term(N + j, bar);
    }
    (terms.offset(seeds as usize) + rank) as usize
}

/// Seeds below the database's that the exact layers stop at (Kalah(6,4), database 20: exact
/// values to 12 seeds; Kalah(6,5), database 24: to 16). Measured in BENCHMARKS.md.
pub(super) const EXACT_BELOW_DB: u32 = 8;

/// Most bytes the exact layers may take: they are meant to stay in the processor's cache.
const EXACT_MAX_BYTES: u64 = 32 << 20;

/// The seeds of the exact layers under a bounds database of `db_seeds` seeds on `pits` pits a
/// side: [`EXACT_BELOW_DB`] seeds below it, fewer where the array would pass
/// [`EXACT_MAX_BYTES`]; 0 (none) where that leaves fewer than 2 seeds.
pub(crate) fn lazy_exact_seeds(pits: usize, db_seeds: u32) -> u32 {
    let mut seeds = db_seeds.saturating_sub(EXACT_BELOW_DB);
    while seeds >= 2 && Ranker::new(2 * pits, seeds as usize).size() > EXACT_MAX_BYTES {
        seeds -= 1;
    }
    if seeds < 2 {
        0
    } else {
        seeds
    }
}

/// Exact values of every layout with at most `max_seeds` seeds, one byte each: either built
/// ahead, every layout at once ([`Exact::build`], for a long solve), or filled on demand by a
/// plain memoized minimax (no window: every move of a layout is valued; a few layers, small
/// enough to stay in the cache). Below the bounds database: a node that reaches these layers
/// is valued at once, where the bounds database answered a null window only and sent the
/// search on below it.
pub(super) struct Exact {
    pub(super) max_seeds: u32,
    /// Ranks a layout, as [`Database::index`] does, and the build's walk.
    pub(super) terms: Box<Terms>,
    /// Value + 128 (never 0: at most 127 seeds); 0 for a layout not valued yet.
    pub(super) values: BigArray<AtomicU8>,
}

impl Exact {
    /// Room for the exact value of every layout with at most `seeds` seeds on `pits` pits a
    /// side, none valued yet.
    pub(super) fn new(pits: usize, seeds: u32) -> Result<Exact, SolveError> {
        let (ranker, values) = ranked_array(pits, seeds, 1 << 33, "exact layers")?;
        let terms = Terms::new(&ranker);
        Ok(Exact { max_seeds: seeds, terms, values })
    }

    /// Where the value of `st` (`seeds` seeds, at most `max_seeds`) lives in `values`.
    #[inline(always)]
    pub(super) fn index<const N: usize>(&self, st: &State<N>, seeds: u32) -> usize {
        layout_index(&self.terms, st, seeds)
    }

    /// The exact value of the non-terminal `st` with `seeds` seeds (at most `max_seeds`);
    /// `valued` counts the layouts valued here (the solve counts them as nodes).
    pub(super) fn value<const N: usize>(&self, st: &State<N>, seeds: u32, rules: Rules, valued: &mut u64) -> i32 {
        let i = self.index(st, seeds);
        let w = self.values[i].load(Relaxed);
        if w != 0 {
            return w as i32 - 128;
        }
        *valued += 1;
        let s = seeds as i32;
        let mut best = -s - 1;
        for m in (0..N).filter(|&m| st.me[m] > 0) {
            let (gain, extra, child) = st.play(m, rules);
            let c = match child.terminal(rules) {
                Some(t) => t,
                None => self.value(&child, child.seeds(), rules, valued),
            };
            let v = if extra { gain + c } else { gain - c };
            if v > best {
                best = v;
                // Nothing beats taking every seed left.
                if best >= s {
                    break;
                }
            }
        }
        // Two threads valuing one layout store the same value.
        self.values[i].store((best + 128) as u8, Relaxed);
        best
    }
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// The fixed-size terms rank every layout of up to 24 seeds on 6 pits a side as the
        /// ranker does.
        #[test]
        fn terms_rank_as_the_ranker(sown in proptest::collection::vec(0usize..12, 0..=24)) {
            let ranker = Ranker::new(12, 24);
            let terms = Terms::new(&ranker);
            let mut pits = [0u8; 12];
            for &pit in &sown {
                pits[pit] += 1;
            }
            let st = State::<6> { op: pits[..6].try_into().unwrap(), me: pits[6..].try_into().unwrap() };
            let want = ranker.offset(sown.len()) + ranker.rank(&pits);
            proptest::prop_assert_eq!(layout_index(&terms, &st, sown.len() as u32) as u64, want, "{:?}", pits);
        }
    }
}

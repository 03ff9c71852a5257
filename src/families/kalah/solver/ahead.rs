//! The exact layers built ahead: every layout of the exact layers valued once, layer by layer
//! (seeds on the board), each layer in order of potential, before the search starts.
//!
//! A move either puts seeds into a store (the child has fewer seeds on the board: a layer
//! already built) or sows only along the mover's own side, short of the store, without a
//! capture. Such a child keeps the layer, and its *potential* — every seed's distance to its
//! owner's store, summed — is lower: `k` seeds sown from a pit `d` pits from the store go
//! `1 … k` pits nearer, so the potential drops by `k(k + 1)/2`. Valuing a layer in order of
//! potential therefore finds every child valued already, and the layouts of one potential are
//! independent: the threads share them with no lock and no race. Every child's value is a
//! load from the array, so the loads of one layout's moves go to memory side by side.

use super::*;
use crate::engine::rank::{prefetch, MAX_PARTS};

/// The layouts of one layer and one potential that start with the same few pits: a task.
#[derive(Clone, Copy)]
struct Prefix {
    parts: [u8; PREFIX_PARTS],
    /// Seeds and potential left for the other pits.
    seeds: u32,
    potential: u32,
    /// Prefix sum of the seeds and rank so far.
    bar: usize,
    rank: u64,
}

/// Pits fixed by a task: enough tasks for the threads to share, few enough to list cheaply.
const PREFIX_PARTS: usize = 3;

impl Exact {
    /// Values every layout with at most `to` seeds (at most `max_seeds`) from `next` on (a
    /// layer's seeds and a potential: `(1, 1)` at first), on `pool`'s threads if any, adding
    /// the layouts valued to `valued`. After each potential, `next` moves on and `progress`
    /// hears the layouts valued so far and says whether to stop: then
    /// `Err(SolveError::Stopped)`, every value stored being exact, and a later call goes on from
    /// `next`.
    pub(super) fn build<const N: usize>(
        &self,
        rules: Rules,
        #[cfg(not(target_arch = "wasm32"))] pool: Option<&rayon::ThreadPool>,
        to: u32,
        next: &mut (u32, u32),
        valued: &mut u64,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<(), SolveError> {
        let fixed = PREFIX_PARTS.min(2 * N - 1);
        let to = to.min(self.max_seeds);
        while next.0 <= to {
            let (seeds, potential) = *next;
            let mut tasks = Vec::new();
            let mut p = [0u8; MAX_PARTS];
            let offset = self.terms.offset(seeds as usize);
            self.walk::<N>(0, fixed, seeds, potential, 0, offset, &mut p, &mut |p, left, q, bar, rank| {
                let mut parts = [0u8; PREFIX_PARTS];
                parts[..fixed].copy_from_slice(&p[..fixed]);
                tasks.push(Prefix { parts, seeds: left, potential: q, bar, rank });
            });
            *valued += self.run_tasks::<N>(
                &tasks,
                fixed,
                seeds,
                rules,
                #[cfg(not(target_arch = "wasm32"))]
                pool,
            );
            // A layer's potentials run from every seed in the pits next to the stores to every
            // seed in the pits farthest from them.
            *next = if potential < seeds * N as u32 { (seeds, potential + 1) } else { (seeds + 1, seeds + 1) };
            if next.0 <= to && progress(*valued) {
                return Err(SolveError::Stopped);
            }
        }
        Ok(())
    }

    /// Values the layouts of `tasks` (layer `seeds`), on the pool's threads if any; returns
    /// how many.
    fn run_tasks<const N: usize>(
        &self,
        tasks: &[Prefix],
        fixed: usize,
        seeds: u32,
        rules: Rules,
        #[cfg(not(target_arch = "wasm32"))] pool: Option<&rayon::ThreadPool>,
    ) -> u64 {
        let one = |t: &Prefix| -> u64 {
            let mut p = [0u8; MAX_PARTS];
            p[..fixed].copy_from_slice(&t.parts[..fixed]);
            let mut batch = Batch::<N>::new();
            let mut n = 0u64;
            self.walk::<N>(fixed, 2 * N, t.seeds, t.potential, t.bar, t.rank, &mut p, &mut |p, _, _, _, rank| {
                let st = layout::<N>(p);
                if batch.push(self, st, rank as usize, rules) {
                    batch.finish(self, seeds);
                }
                n += 1;
            });
            batch.finish(self, seeds);
            n
        };
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pool) = pool.filter(|_| tasks.len() > 1) {
            let next = AtomicUsize::new(0);
            let total = AtomicU64::new(0);
            pool.scope(|s| {
                for _ in 0..pool.current_num_threads() {
                    s.spawn(|_| {
                        let mut n = 0;
                        while let Some(t) = tasks.get(next.fetch_add(1, Relaxed)) {
                            n += one(t);
                        }
                        total.fetch_add(n, Relaxed);
                    });
                }
            });
            return total.into_inner();
        }
        tasks.iter().map(one).sum()
    }

    /// Calls `f` with every filling of pits `from..to` (in the ranker's order: the opponent's
    /// pits, then the mover's) that holds `seeds` seeds of `potential` in all, the pits left
    /// after `to` able to hold what is left; `f` gets the pits, the seeds and potential left,
    /// and the prefix sum and rank so far (the whole rank when `to` is the last pit).
    #[allow(clippy::too_many_arguments)]
    fn walk<const N: usize>(
        &self,
        at: usize,
        to: usize,
        seeds: u32,
        potential: u32,
        bar: usize,
        rank: u64,
        p: &mut [u8; MAX_PARTS],
        f: &mut impl FnMut(&[u8; MAX_PARTS], u32, u32, usize, u64),
    ) {
        let parts = 2 * N;
        if at == to {
            f(p, seeds, potential, bar, rank);
            return;
        }
        if at == parts - 1 {
            // The last pit, next to the mover's store (distance 1), takes what is left.
            if potential == seeds {
                p[at] = seeds as u8;
                f(p, 0, 0, bar + seeds as usize, rank);
            }
            return;
        }
        // The pit's distance to its owner's store, and the farthest of the pits after it.
        let w = (N - at % N) as u32;
        let far = if at + 1 < N { N as u32 } else { (N - (at + 1 - N)) as u32 };
        for x in 0..=seeds {
            let Some(q) = potential.checked_sub(x * w) else { break };
            let r = seeds - x;
            // The pits after hold r seeds of potential q: r ≤ q ≤ far·r, every value between
            // reachable (their distances run from 1 to far).
            if q < r {
                break;
            }
            if q > far * r {
                continue;
            }
            p[at] = x as u8;
            let bar = bar + x as usize;
            self.walk::<N>(at + 1, to, r, q, bar, rank + self.terms.term(at, bar), p, f);
        }
    }
}

/// The layout of `p` (the opponent's pits, then the mover's) as a state. Each side is put
/// together from its bytes one at a time where a side fits a word: the walk has just written
/// them a byte at a time, and a wider load of bytes still on their way to the cache waits for
/// them (when it came in, Kalah(6,4)'s layers to 20 seeds on two threads built in 13.9 and
/// 14.8 s against 15.2 and 15.9 s; the current build times are in BENCHMARKS.md).
#[inline(always)]
fn layout<const N: usize>(p: &[u8; MAX_PARTS]) -> State<N> {
    let mut st = State { me: [0; N], op: [0; N] };
    if N <= 8 {
        let (mut op, mut me) = (0u64, 0u64);
        for j in 0..N {
            op |= (p[j] as u64) << (8 * j);
            me |= (p[N + j] as u64) << (8 * j);
        }
        st.op = unword(op);
        st.me = unword(me);
    } else {
        st.op.copy_from_slice(&p[..N]);
        st.me.copy_from_slice(&p[N..2 * N]);
    }
    st
}

/// Layouts of one potential gathered before they are valued: their children's values are
/// asked of memory for the whole batch first, then read (the loads overlap).
struct Batch<const N: usize> {
    len: usize,
    /// Where each layout's value goes.
    at: [usize; BATCH],
    /// Each move's gain, with whether it earns another turn (the child's value then adds)...
    gain: [[i32; N]; BATCH],
    extra: [[bool; N]; BATCH],
    /// ...and the child's value where the game ends there, else its index in the array.
    child: [[Result<i32, usize>; N]; BATCH],
    moves: [u8; BATCH],
}

/// Layouts valued together.
const BATCH: usize = 64;

impl<const N: usize> Batch<N> {
    fn new() -> Self {
        Batch {
            len: 0,
            at: [0; BATCH],
            gain: [[0; N]; BATCH],
            extra: [[false; N]; BATCH],
            child: [[Ok(0); N]; BATCH],
            moves: [0; BATCH],
        }
    }

    /// Adds `st`, to be stored at `at`: plays its moves and asks for its children's values.
    /// Returns whether the batch is full. A layout where the game is over is stored at once.
    #[inline(always)]
    fn push(&mut self, x: &Exact, st: State<N>, at: usize, rules: Rules) -> bool {
        if let Some(t) = st.terminal(rules) {
            x.values[at].store((t + 128) as u8, Relaxed);
            return false;
        }
        let b = self.len;
        let mut k = 0;
        for m in 0..N {
            if st.me[m] == 0 {
                continue;
            }
            let (gain, extra, child) = st.play(m, rules);
            self.gain[b][k] = gain;
            self.extra[b][k] = extra;
            self.child[b][k] = match child.terminal(rules) {
                Some(t) => Ok(t),
                None => {
                    let i = x.index(&child, child.seeds());
                    prefetch(&x.values[i]);
                    Err(i)
                }
            };
            k += 1;
        }
        self.moves[b] = k as u8;
        self.at[b] = at;
        self.len += 1;
        self.len == BATCH
    }

    /// Values and stores the layouts gathered (`seeds` seeds each), and empties the batch.
    fn finish(&mut self, x: &Exact, seeds: u32) {
        for b in 0..self.len {
            let mut best = -(seeds as i32) - 1;
            for k in 0..self.moves[b] as usize {
                let c = match self.child[b][k] {
                    Ok(t) => t,
                    Err(i) => {
                        let w = x.values[i].load(Relaxed);
                        // Never 0: a bug in the order would show here, not as a wrong value.
                        assert!(w != 0, "a child valued before its parent");
                        w as i32 - 128
                    }
                };
                let g = self.gain[b][k];
                best = best.max(if self.extra[b][k] { g + c } else { g - c });
            }
            x.values[self.at[b]].store((best + 128) as u8, Relaxed);
        }
        self.len = 0;
    }
}

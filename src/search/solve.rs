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
//! - Natively, threads share the table and the database (one atomic word per entry, so no
//!   entry is ever torn; a lost update only loses a bound, never invents one).

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU16, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use crate::engine::Position;
use std::cmp::Reverse;

use crate::engine::Value;
use crate::families::kalah::{CaptureRule, EndRule, Kalah, KalahMove, KalahRules};
use crate::families::AnyMove;
use big::BigArray;

use super::{Analysis, MoveValue, SearchHandler};

/// Options of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Positions with at most this many seeds on the board go to the endgame database
    /// (0: no database). Its size is 2·C(seeds + 2n, 2n) bytes for n pits a side.
    pub db_seeds: u32,
    /// Threads sharing the table and the database (1 in the browser; natively up to the
    /// cores). `analyze` splits the root moves between them; `solve` runs them all on the
    /// root (lazy SMP: a thread puts off moves another is searching) and returns the main
    /// thread's answer.
    pub threads: usize,
}

impl SolveOptions {
    /// The sizes [`SolveOptions::auto`] picks for `seeds` seeds on the board, shrunk to fit a
    /// memory budget: the table halves, then the endgame database loses seeds, until table and
    /// database together fit `budget_mib` (for `pits` pits a side).
    pub fn for_budget(pits: usize, seeds: u32, budget_mib: usize) -> SolveOptions {
        let budget = (budget_mib as u64) << 20;
        let m = 2 * pits as u64;
        // Bytes of a database up to s seeds: 2 * C(s + m, m).
        let db_bytes = |s: u32| -> u64 {
            if s == 0 {
                return 0;
            }
            let mut c: u128 = 1;
            for j in 1..=m as u128 {
                c = c * (s as u128 + j) / j;
            }
            (2 * c).min(u64::MAX as u128) as u64
        };
        let mut o = SolveOptions::auto(seeds);
        o.db_seeds = o.db_seeds.min(seeds);
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
}

impl SolveOptions {
    /// Sizes that suit a position with `seeds` seeds on the board, natively: a small game
    /// would spend most of its time having the operating system zero memory it barely uses.
    pub fn auto(seeds: u32) -> SolveOptions {
        match seeds {
            0..=40 => SolveOptions { table_mib: 16, db_seeds: seeds.min(16), threads: 1 },
            41..=48 => SolveOptions::default(),
            _ => SolveOptions { table_mib: 1024, ..SolveOptions::default() },
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        // Kalah(6,4) measured fastest with these (BENCHMARKS.md): 686 MiB in all for 6 pits.
        SolveOptions { table_mib: 256, db_seeds: 20, threads: 1 }
    }
}

/// Figures of a solve, for progress and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolveStats {
    /// Nodes searched.
    pub nodes: u64,
    /// Null-window searches made (MTD(f) passes).
    pub passes: u64,
    /// Endgame database size in bytes.
    pub db_bytes: u64,
    /// Table size in bytes.
    pub table_bytes: u64,
}

/// Why a position cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// More seeds on the board than the solver's byte-sized pits hold.
    TooManySeeds(u32),
    /// The game is over.
    GameOver,
    /// Stopped by the handler.
    Stopped,
    /// The requested memory could not be had.
    Memory(String),
    /// A root move asked for is not legal in the position.
    IllegalMove(String),
}

impl core::fmt::Display for SolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SolveError::TooManySeeds(n) => {
                write!(f, "{n} seeds on the board is more than the exact solver handles (127)")
            }
            SolveError::GameOver => f.write_str("the game is over"),
            SolveError::Stopped => f.write_str("stopped"),
            SolveError::Memory(m) => write!(f, "not enough memory: {m}"),
            SolveError::IllegalMove(m) => write!(f, "move {m} is not legal in this position"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Most seeds on the board the solver accepts (values must fit an `i8`).
pub const MAX_SOLVER_SEEDS: u32 = 127;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State<const N: usize> {
    me: [u8; N],
    op: [u8; N],
}

#[derive(Clone, Copy)]
struct Rules {
    capture: CaptureRule,
    end: EndRule,
}

impl<const N: usize> State<N> {
    #[inline]
    fn seeds(&self) -> u32 {
        let (me, op) = self.sides();
        me + op
    }

    /// Seeds on the mover's side and on the opponent's.
    #[inline]
    fn sides(&self) -> (u32, u32) {
        if N <= 8 {
            (byte_sum(word(&self.me)), byte_sum(word(&self.op)))
        } else {
            (self.me.iter().map(|&x| x as u32).sum(), self.op.iter().map(|&x| x as u32).sum())
        }
    }

    /// The relative value if the game is over here.
    #[inline]
    fn terminal(&self, rules: Rules) -> Option<i32> {
        let (me, op) = self.sides();
        Self::terminal_from(me, op, rules)
    }

    /// [`State::terminal`] from the seeds on each side.
    #[inline]
    fn terminal_from(me: u32, op: u32, rules: Rules) -> Option<i32> {
        match rules.end {
            EndRule::EitherSideEmpty if me == 0 || op == 0 => Some(me as i32 - op as i32),
            EndRule::MoverCannotMove if me == 0 => Some(-(op as i32)),
            _ => None,
        }
    }

    /// Plays pit `i` of the mover: (seeds gained by the mover, extra turn, next state from the
    /// next mover's point of view).
    #[inline]
    fn play(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        if N <= 8 {
            self.play_words(i, rules)
        } else {
            self.play_bytes(i, rules)
        }
    }

    /// [`State::play`] on each side as one word, a byte a pit (at most 8 pits a side; every
    /// side holds fewer than 256 seeds, so bytes never carry): a run of sown seeds is one add.
    #[inline(always)]
    fn play_words(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        let mut me = word(&self.me);
        let mut op = word(&self.op);
        let k = byte(me, i) as usize;
        me &= !(0xFF << (8 * i));
        let len = 2 * N + 1;
        let laps = k / len;
        let mut gain = laps as i32;
        if laps > 0 {
            let add = laps as u64 * ones(0, N);
            me += add;
            op += add;
        }
        let mut left = k % len;
        let end = N.min(i + 1 + left);
        me += ones(i + 1, end);
        left -= end - (i + 1);
        if left > 0 {
            gain += 1;
            left -= 1;
            let o = left.min(N);
            op += ones(0, o);
            me += ones(0, left - o);
        }
        let last = (i + k) % len;
        if last == N {
            return (gain, true, State { me: unword(me), op: unword(op) });
        }
        if last < N && byte(me, last) == 1 {
            let o = N - 1 - last;
            let opp = byte(op, o) as i32;
            let (take, clear_mine) = match rules.capture {
                CaptureRule::Standard => (opp > 0, true),
                CaptureRule::Empty => (true, true),
                CaptureRule::OppositeOnly => (opp > 0, false),
            };
            if take {
                gain += opp + clear_mine as i32;
                op &= !(0xFF << (8 * o));
                if clear_mine {
                    me &= !(0xFF << (8 * last));
                }
            }
        }
        (gain, false, State { me: unword(op), op: unword(me) })
    }

    /// [`State::play`] pit by pit, for any number of pits.
    #[inline]
    fn play_bytes(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        let mut s = *self;
        let k = s.me[i] as usize;
        s.me[i] = 0;
        let len = 2 * N + 1;
        let laps = k / len;
        let mut gain = 0i32;
        if laps > 0 {
            for x in s.me.iter_mut().chain(s.op.iter_mut()) {
                *x += laps as u8;
            }
            gain += laps as i32;
        }
        // The rest, in runs: the mover's pits after i, the store, the opponent's pits, and
        // round again to the mover's pits (at most up to i, as rest < len).
        let mut left = k % len;
        let end = N.min(i + 1 + left);
        for x in &mut s.me[i + 1..end] {
            *x += 1;
        }
        left -= end - (i + 1);
        if left > 0 {
            gain += 1;
            left -= 1;
            let o = left.min(N);
            for x in &mut s.op[..o] {
                *x += 1;
            }
            left -= o;
            for x in &mut s.me[..left] {
                *x += 1;
            }
        }
        let last = (i + k) % len;
        if last == N {
            return (gain, true, s);
        }
        if last < N && s.me[last] == 1 {
            let o = N - 1 - last;
            let opp = s.op[o] as i32;
            match rules.capture {
                CaptureRule::Standard => {
                    if opp > 0 {
                        gain += opp + 1;
                        s.op[o] = 0;
                        s.me[last] = 0;
                    }
                }
                CaptureRule::Empty => {
                    gain += opp + 1;
                    s.op[o] = 0;
                    s.me[last] = 0;
                }
                CaptureRule::OppositeOnly => {
                    if opp > 0 {
                        gain += opp;
                        s.op[o] = 0;
                    }
                }
            }
        }
        (gain, false, State { me: s.op, op: s.me })
    }

    /// A 64-bit key: its high 40 bits, which the table checks, a hash of all the pits; its low
    /// 24 bits, which index the table, a hash of the mover's pits above a hash of the
    /// opponent's in the low 6 (see [`Table`]: the children of a node mostly share the mover's
    /// side, so they share a 4 KiB page of the table).
    #[inline]
    fn key(&self) -> u64 {
        let home = side_hash(&self.me) << 6 | side_hash(&self.op) & 63;
        self.hash() & !INDEX_MASK | home & INDEX_MASK
    }

    /// A hash of all the pits ([`fold_pits`] of the mover's then the opponent's), then a
    /// bijective mix so that every bit depends on every pit.
    #[inline]
    fn hash(&self) -> u64 {
        let mut pits = [0u8; 24];
        pits[..N].copy_from_slice(&self.me);
        pits[N..2 * N].copy_from_slice(&self.op);
        let mut h = fold_pits(&pits[..2 * N]);
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

/// Bits of a key that index the table (up to 2^24 buckets, 1 GiB; a bigger table also
/// indexes by the check bits above them).
const INDEX_MASK: u64 = (1 << 24) - 1;

/// Up to 24 pits packed a byte each into 64-bit words, combined so that every pit counts: the
/// first word, then the others each multiplied by an odd constant of its own (a bijection, so
/// pits that differ in one word only always fold differently). Exact up to 8 pits.
#[inline]
fn fold_pits(pits: &[u8]) -> u64 {
    const ODD: [u64; 3] = [1, 0x9E37_79B9_7F4A_7C15, 0xD6E8_FEB8_6659_FD93];
    pits.chunks(8).zip(ODD).fold(0, |h, (chunk, odd)| {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h ^ u64::from_le_bytes(w).wrapping_mul(odd)
    })
}

/// A hash of one side's pits.
#[inline]
fn side_hash<const N: usize>(side: &[u8; N]) -> u64 {
    let mut h = fold_pits(side).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// A side of at most 8 pits as one word, pit `j` in byte `j`.
#[inline]
fn word<const N: usize>(side: &[u8; N]) -> u64 {
    let mut b = [0u8; 8];
    b[..N].copy_from_slice(side);
    u64::from_le_bytes(b)
}

/// [`word`] undone.
#[inline]
fn unword<const N: usize>(w: u64) -> [u8; N] {
    let mut side = [0u8; N];
    side.copy_from_slice(&w.to_le_bytes()[..N]);
    side
}

/// Byte `j` of `w`.
#[inline]
fn byte(w: u64, j: usize) -> u64 {
    (w >> (8 * j)) & 0xFF
}

/// A 1 in each of bytes `a..b` (`a <= b <= 8`).
#[inline]
fn ones(a: usize, b: usize) -> u64 {
    // A 1 in each of bytes 0..n (no 128-bit shift: wasm has none, it would be a call).
    const BELOW: [u64; 9] = {
        let mut t = [0u64; 9];
        let mut n = 1;
        while n <= 8 {
            t[n] = t[n - 1] | 1 << (8 * (n - 1));
            n += 1;
        }
        t
    };
    BELOW[b] ^ BELOW[a]
}

/// The sum of the bytes of `w`, which must be below 256.
#[inline]
fn byte_sum(w: u64) -> u32 {
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// A table entry: both bounds of the relative value, and the best move.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    /// log2 of the nodes spent on this entry's subtree, 1 to 15: bigger work is kept.
    work: u8,
}

/// Eight packed entries, one cache line: a probe costs one memory access. Buckets are indexed
/// by the low bits of [`State::key`]: 64 buckets (a 4 KiB page) per hash of the mover's side,
/// chosen in the page by a hash of the opponent's. The children of a node that neither reach
/// the opponent's side nor capture keep its opponent's side, now the mover's, so their probes
/// all fall in one page: fewer TLB misses, which matters where memory has no huge pages (the
/// browser's wasm). With the database's order (see [`Database::index`]), Kalah(6,4) takes 2 %
/// more nodes and a third fewer TLB misses (simulated), 5–10 % less time in the worker
/// (BENCHMARKS.md).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

/// Bits of the key kept in an entry (the bucket index holds the others).
const CHECK_SHIFT: u32 = 24;

impl Entry {
    #[inline]
    fn pack(&self) -> u64 {
        (self.key >> CHECK_SHIFT) << CHECK_SHIFT
            | (self.work.min(15) as u64) << 20
            | ((self.best & 15) as u64) << 16
            | ((self.upper as i32 + 128) as u64) << 8
            | (self.lower as i32 + 128) as u64
    }

    #[inline]
    fn unpack(word: u64, key: u64) -> Entry {
        Entry {
            key,
            lower: ((word & 0xFF) as i32 - 128) as i8,
            upper: (((word >> 8) & 0xFF) as i32 - 128) as i8,
            best: ((word >> 16) & 15) as u8,
            work: ((word >> 20) & 15) as u8,
        }
    }
}

struct Table {
    buckets: BigArray<Bucket>,
    mask: usize,
}

impl Table {
    fn new(mib: usize) -> Result<Table, SolveError> {
        let want = (mib.max(1) << 20) / core::mem::size_of::<Bucket>();
        // Above 2^24 buckets the index and the check bits overlap: harmless, as together they
        // still hold the whole key.
        let len = (want + 1).next_power_of_two() / 2;
        let buckets = BigArray::zeroed(len).map_err(|e| SolveError::Memory(format!("{mib} MiB table: {e}")))?;
        Ok(Table { buckets, mask: len - 1 })
    }

    #[inline(always)]
    fn probe(&self, key: u64) -> Option<Entry> {
        let check = key >> CHECK_SHIFT;
        let b = &self.buckets[(key as usize) & self.mask];
        b.0.iter()
            .map(|w| w.load(Relaxed))
            .find(|&w| w >> CHECK_SHIFT == check && (w >> 20) & 15 != 0)
            .map(|w| Entry::unpack(w, key))
    }

    #[inline(always)]
    fn store(&self, e: Entry) {
        let check = e.key >> CHECK_SHIFT;
        let b = &self.buckets[(e.key as usize) & self.mask];
        let mut victim = 0;
        let mut least = u64::MAX;
        for (i, w) in b.0.iter().enumerate() {
            let w = w.load(Relaxed);
            if w >> CHECK_SHIFT == check {
                victim = i;
                break;
            }
            let work = (w >> 20) & 15;
            if work < least {
                least = work;
                victim = i;
            }
        }
        b.0[victim].store(e.pack(), Relaxed);
    }

    fn bytes(&self) -> u64 {
        (self.buckets.len() * core::mem::size_of::<Bucket>()) as u64
    }
}

/// Bounds on the value of every layout with at most `max_seeds` seeds, filled on demand by the
/// search itself: a table with a slot of its own for every endgame position (no key, no
/// eviction), which ends up holding exact values wherever the search needed them.
struct Database {
    max_seeds: u32,
    /// `terms[j * stride + bar]` = C(bar + j, j + 1): what pit `j` of the ranked order (the
    /// opponent's pits, then the mover's) adds to the rank when `bar` seeds lie in it and the
    /// pits before it.
    terms: Vec<u64>,
    stride: usize,
    /// Index of the first layout with `s` seeds.
    offset: Vec<u64>,
    /// Lower bound + 128 in the low byte, upper bound + 128 in the high byte; 0 for a
    /// position not searched yet (all-zero memory costs nothing until touched).
    bounds: BigArray<AtomicU16>,
}

impl Database {
    fn new(pits: usize, max_seeds: u32) -> Result<Database, SolveError> {
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
    fn index<const N: usize>(&self, st: &State<N>, seeds: u32) -> usize {
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
    fn get(&self, i: usize) -> Option<(i32, i32)> {
        let w = self.bounds[i].load(Relaxed);
        (w != 0).then(|| ((w & 0xFF) as i32 - 128, (w >> 8) as i32 - 128))
    }

    #[inline]
    fn set(&self, i: usize, lower: i32, upper: i32) {
        // A plain store: a bound another thread stored meanwhile may be lost, never invented.
        self.bounds[i].store(((upper + 128) as u16) << 8 | (lower + 128) as u16, Relaxed);
    }

    /// Entries holding a bound (a scan of the whole database).
    fn filled(&self) -> u64 {
        self.bounds.iter().filter(|b| b.load(Relaxed) != 0).count() as u64
    }
}

/// What the threads of a solve share.
struct Shared {
    table: Table,
    db: Option<Database>,
    /// Positions some thread is searching now (near the root, several threads only).
    busy: Busy,
}

/// Keys of the positions threads are searching, so that another thread reaching one first
/// searches its other moves and comes back to it (ABDADA's deferral): threads then share the
/// work of a node instead of all searching its first moves. A slot holds one key; a key that
/// finds its slot taken is simply not marked.
struct Busy(Vec<AtomicU64>);

impl Busy {
    const SLOTS: usize = 1 << 14;

    fn new(threads: usize) -> Busy {
        Busy(if threads > 1 { (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect() } else { Vec::new() })
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[(key >> 40) as usize & (Self::SLOTS - 1)]
    }

    /// (Key 0, which an empty slot also holds, is never busy.)
    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Relaxed) == key
    }

    /// Marks `key` busy if its slot is free; true if marked (then [`Busy::clear`] it).
    #[inline]
    fn mark(&self, key: u64) -> bool {
        key != 0 && self.slot(key).compare_exchange(0, key, Relaxed, Relaxed).is_ok()
    }

    #[inline]
    fn clear(&self, key: u64) {
        self.slot(key).store(0, Relaxed);
    }
}

/// The solver; keep it to reuse its table and database across solves of the same rules.
pub struct Solver {
    rules: KalahRules,
    shared: Shared,
    threads: usize,
    etc_seeds: u32,
    busy_seeds: u32,
    /// The last position's heuristic search (see [`heuristic`]).
    guesses: Option<(Kalah, Analysis)>,
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
        let db = if opts.db_seeds > 0 {
            Some(Database::new(rules.pits(), opts.db_seeds.min(MAX_SOLVER_SEEDS))?)
        } else {
            None
        };
        let threads = if cfg!(target_arch = "wasm32") { 1 } else { opts.threads.clamp(1, 64) };
        // Measured on Kalah(6,4): cutoffs probed below this cost more than they save.
        let etc_seeds = opts.db_seeds + 16;
        // Measured on Kalah(6,4), two threads: deferral from 0 to 12 seeds above the database
        // all did the same (BENCHMARKS.md).
        let busy_seeds = opts.db_seeds + 4;
        Ok(Solver {
            rules,
            shared: Shared { table: Table::new(opts.table_mib)?, db, busy: Busy::new(threads) },
            threads,
            etc_seeds,
            busy_seeds,
            guesses: None,
            nodes: 0,
            passes: 0,
        })
    }

    /// [`heuristic`] of `pos`, made once per position.
    fn heuristic(&mut self, pos: &Kalah) -> Analysis {
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
            db_bytes: self.shared.db.as_ref().map_or(0, |d| 2 * d.bounds.len() as u64),
            table_bytes: self.shared.table.bytes(),
        }
    }

    fn search_ctx<'a, 'h>(
        &'a self,
        stop: &'a AtomicBool,
        handler: Option<&'h mut dyn SearchHandler>,
    ) -> Search<'a, 'h> {
        Search {
            shared: &self.shared,
            rules: Rules { capture: self.rules.capture, end: self.rules.end },
            etc_seeds: self.etc_seeds,
            busy_seeds: self.busy_seeds,
            stop,
            handler,
            nodes: 0,
            passes: 0,
        }
    }

    /// The exact value of every legal move of `pos` (absolute: final store difference for the
    /// side to move), best first, with the best line.
    ///
    /// # Errors
    /// Game over, too many seeds, or stopped by the handler.
    pub fn analyze(&mut self, pos: &Kalah, handler: &mut dyn SearchHandler) -> Result<Analysis, SolveError> {
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
        handler: &mut dyn SearchHandler,
    ) -> Result<Analysis, SolveError> {
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
            return Err(SolveError::TooManySeeds(seeds));
        }
        Ok(state_of::<N>(pos))
    }

    fn analyze_n<const N: usize>(
        &mut self,
        pos: &Kalah,
        only: Option<&[KalahMove]>,
        guess: Option<i32>,
        handler: &mut dyn SearchHandler,
    ) -> Result<Analysis, SolveError> {
        let st = Self::check::<N>(pos)?;
        let base = pos.store_diff();
        let stop = AtomicBool::new(false);
        self.nodes = 0;
        self.passes = 0;
        let heuristic = self.heuristic(pos);
        let guess = AtomicI32::new(guess.unwrap_or(heuristic.value.number()) - base);
        // Root moves in the order the search prefers; threads take the next unsolved one.
        let roots: Vec<u8> =
            Self::root_order(pos).into_iter().filter(|m| only.is_none_or(|o| o.contains(m))).map(|m| m.0).collect();
        let next = AtomicUsize::new(0);
        let done: Mutex<Vec<MoveValue>> = Mutex::new(Vec::new());
        let this = &*self;
        let work = |ctx: &mut Search<'_, '_>| -> Result<(), SolveError> {
            loop {
                let k = next.fetch_add(1, Relaxed);
                let Some(&i) = roots.get(k) else { return Ok(()) };
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
                let v = gain + sign * ctx.mtdf(&child, sign * (g - gain), Some((name, base + gain, sign)))?;
                guess.fetch_max(v, Relaxed);
                let mut moves = done.lock().expect("no panics while locked");
                moves.push(MoveValue { mv: name, value: Value::Margin(base + v), exact: true });
                if let Some(h) = ctx.handler.as_deref_mut() {
                    let mut partial = Analysis { nodes: ctx.nodes, moves: moves.clone(), ..Default::default() };
                    partial.moves.sort_by_key(|m| Reverse(m.value));
                    partial.value = partial.moves[0].value;
                    h.on_progress(&partial);
                }
            }
        };
        let (result, nodes, passes) = std::thread::scope(|sc| {
            let helpers: Vec<_> = (1..this.threads)
                .map(|_| {
                    let stop = &stop;
                    let work = &work;
                    sc.spawn(move || {
                        let mut ctx = this.search_ctx(stop, None);
                        let r = work(&mut ctx);
                        (r, ctx.nodes, ctx.passes)
                    })
                })
                .collect();
            let mut ctx = this.search_ctx(&stop, Some(handler));
            let mut r = work(&mut ctx);
            if r.is_err() {
                stop.store(true, Relaxed);
            }
            let (mut nodes, mut passes) = (ctx.nodes, ctx.passes);
            for h in helpers {
                let (hr, n, p) = h.join().expect("solver threads do not panic");
                r = r.and(hr);
                nodes += n;
                passes += p;
            }
            (r, nodes, passes)
        });
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
    pub fn solve(&mut self, pos: &Kalah, handler: &mut dyn SearchHandler) -> Result<i32, SolveError> {
        by_pits!(self.rules.pits(), |N| self.solve_n::<N>(pos, handler))
    }

    fn solve_n<const N: usize>(&mut self, pos: &Kalah, handler: &mut dyn SearchHandler) -> Result<i32, SolveError> {
        let st = Self::check::<N>(pos)?;
        self.nodes = 0;
        self.passes = 0;
        let guess = self.heuristic(pos).value.number() - pos.store_diff();
        let stop = AtomicBool::new(false);
        let this = &*self;
        let (result, nodes, passes) = std::thread::scope(|sc| {
            // Helpers search the same root (on windows one above or below) and fill the shared table;
            // the main thread's answer is the one returned, and ends the helpers.
            let helpers: Vec<_> = (1..this.threads)
                .map(|t| {
                    let stop = &stop;
                    sc.spawn(move || {
                        let mut ctx = this.search_ctx(stop, None);
                        let _ = ctx.mtdf(&st, guess + if t % 2 == 1 { 1 } else { -1 }, None);
                        (ctx.nodes, ctx.passes)
                    })
                })
                .collect();
            let mut ctx = this.search_ctx(&stop, Some(handler));
            let r = ctx.mtdf(&st, guess, None);
            stop.store(true, Relaxed);
            let (mut nodes, mut passes) = (ctx.nodes, ctx.passes);
            for h in helpers {
                let (n, p) = h.join().expect("solver threads do not panic");
                nodes += n;
                passes += p;
            }
            (r, nodes, passes)
        });
        self.nodes += nodes;
        self.passes += passes;
        Ok(pos.store_diff() + result?)
    }

    /// The best line from `pos`, whose relative value (from its stores) is `target`: at each
    /// ply the first move, in search order, that a null-window search shows reaches the value
    /// (mostly answered by the table and the database).
    fn best_line<const N: usize>(&mut self, pos: &Kalah, mut target: i32) -> Vec<AnyMove> {
        let stop = AtomicBool::new(false);
        let mut ctx = self.search_ctx(&stop, None);
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
                    ctx.search(&child, target - gain - 1, target - gain, None) >= target - gain
                } else {
                    ctx.search(&child, gain - target, gain - target + 1, None) <= gain - target
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

/// One thread's search: the shared tables, its counters, and (main thread only) the handler.
struct Search<'a, 'h> {
    shared: &'a Shared,
    rules: Rules,
    etc_seeds: u32,
    busy_seeds: u32,
    stop: &'a AtomicBool,
    handler: Option<&'h mut dyn SearchHandler>,
    nodes: u64,
    passes: u64,
}

impl Search<'_, '_> {
    /// MTD(f): null-window searches converging on the relative value; after every pass the
    /// handler hears the proven window of `report`'s root move, mapped to its absolute value
    /// (`offset + sign * v`).
    fn mtdf<const N: usize>(
        &mut self,
        st: &State<N>,
        guess: i32,
        report: Option<(AnyMove, i32, i32)>,
    ) -> Result<i32, SolveError> {
        if let Some(v) = st.terminal(self.rules) {
            return Ok(v);
        }
        let s = st.seeds() as i32;
        let (mut lo, mut hi) = (-s, s);
        let mut f = guess.clamp(lo, hi);
        while lo < hi {
            let beta = if f == lo { f + 1 } else { f };
            self.passes += 1;
            let g = self.search(st, beta - 1, beta, None);
            if self.stop.load(Relaxed) {
                return Err(SolveError::Stopped);
            }
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
            f = g;
            if let (Some((mv, offset, sign)), Some(h)) = (report, self.handler.as_deref_mut()) {
                let (a, b) = (offset + sign * lo, offset + sign * hi);
                h.on_window(mv, a.min(b), a.max(b));
            }
        }
        Ok(lo)
    }

    /// Bounds already proven for a (non-terminal) position, from the database or the table.
    #[inline]
    fn known<const N: usize>(&self, st: &State<N>) -> Option<(i32, i32)> {
        self.lookup(self.slot_of(st, st.seeds())).0
    }

    /// The bounds kept at `slot`, if any, and the table's best move (the database keeps none).
    #[inline(always)]
    fn lookup(&self, slot: Slot) -> (Option<(i32, i32)>, Option<u8>) {
        match slot {
            Slot::Db(i) => (self.shared.db.as_ref().expect("db").get(i), None),
            Slot::Table(key) => match self.shared.table.probe(key) {
                Some(e) => (Some((e.lower as i32, e.upper as i32)), Some(e.best)),
                None => (None, None),
            },
        }
    }

    /// Where the bounds of `st`, with `seeds` seeds on the board, live.
    #[inline(always)]
    fn slot_of<const N: usize>(&self, st: &State<N>, seeds: u32) -> Slot {
        match &self.shared.db {
            Some(db) if seeds <= db.max_seeds => Slot::Db(db.index(st, seeds)),
            _ => Slot::Table(st.key()),
        }
    }

    /// Asks the processor to fetch the slot of `st` (database entry or table bucket) into the
    /// cache, and returns the slot so that the child need not find it again (finding it twice
    /// was a sixth of a native solve's instructions: callgrind, Kalah(6,3), 2,738 M → 2,309 M
    /// in the search). `None` where there is no prefetch instruction (wasm): there the child
    /// finds its slot itself, only if it needs it.
    #[inline(always)]
    fn prefetch<const N: usize>(&self, st: &State<N>) -> Option<Slot> {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = self.slot_of(st, st.seeds());
            let ptr = match slot {
                Slot::Db(i) => {
                    self.shared.db.as_ref().map_or(core::ptr::null(), |db| db.bounds.as_ptr().wrapping_add(i))
                        as *const i8
                }
                Slot::Table(key) => {
                    let t = &self.shared.table;
                    t.buckets.as_ptr().wrapping_add(key as usize & t.mask) as *const i8
                }
            };
            // SAFETY: prefetching is only a hint and never faults, whatever the address.
            #[allow(unused_unsafe)]
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr)
            };
            Some(slot)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = st;
            None
        }
    }

    /// Fail-soft alpha-beta on the relative value; `slot`, if known, is where its bounds live.
    fn search<const N: usize>(&mut self, st: &State<N>, mut alpha: i32, mut beta: i32, slot: Option<Slot>) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 {
            if let Some(h) = self.handler.as_deref_mut() {
                if h.should_stop(self.nodes) {
                    self.stop.store(true, Relaxed);
                }
            }
            if self.stop.load(Relaxed) {
                return 0;
            }
        }
        let rules = self.rules;
        let (me, op) = st.sides();
        if let Some(v) = State::<N>::terminal_from(me, op, rules) {
            return v;
        }
        let seeds = me + op;
        let s = seeds as i32;
        if s <= alpha {
            return s;
        }
        if -s >= beta {
            return -s;
        }
        let slot = slot.unwrap_or_else(|| self.slot_of(st, seeds));
        let (known, tt_move) = self.lookup(slot);
        if let Some((lower, upper)) = known {
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let nodes0 = self.nodes;
        let order = order::<N>(st, tt_move, self.rules.capture);
        let count = order.iter().take_while(|&&i| i != NO_MOVE).count();
        // Enhanced transposition cutoff near the root: a child already known good enough ends
        // the search here without searching any.
        if seeds >= self.etc_seeds {
            for &i in &order[..count] {
                let (gain, extra, child) = st.play(i as usize, rules);
                let (lower, upper) = match child.terminal(rules) {
                    Some(t) => (t, t),
                    None => match self.known(&child) {
                        Some(b) => b,
                        None => continue,
                    },
                };
                let v = if extra { gain + lower } else { gain - upper };
                if v >= beta {
                    return v;
                }
            }
        }
        let mut best = -s - 1;
        let mut best_move = order[0];
        let mut a = alpha;
        // With several threads, near the root, a move (not the first) that another thread is
        // searching is put off to the end, once.
        let share = !self.shared.busy.0.is_empty() && seeds >= self.busy_seeds;
        let mut moves = [NO_MOVE; 24];
        moves[..12].copy_from_slice(&order);
        let mut len = count;
        // Each child is made one move ahead, and its slot fetched from memory while the
        // previous child is searched.
        let mut next = st.play(moves[0] as usize, rules);
        let mut next_slot = self.prefetch(&next.2);
        let mut k = 0;
        while k < len {
            let i = moves[k];
            let (gain, extra, child) = next;
            let child_slot = next_slot;
            k += 1;
            if k < len {
                next = st.play(moves[k] as usize, rules);
                next_slot = self.prefetch(&next.2);
            }
            let mut marked = None;
            if share {
                let key = child.key();
                if k > 1 && k <= count && self.shared.busy.is_busy(key) {
                    moves[len] = i;
                    len += 1;
                    if k == len - 1 {
                        next = (gain, extra, child);
                        next_slot = child_slot;
                    }
                    continue;
                }
                marked = self.shared.busy.mark(key).then_some(key);
            }
            let v = if extra {
                gain + self.search(&child, a - gain, beta - gain, child_slot)
            } else {
                gain - self.search(&child, gain - beta, gain - a, child_slot)
            };
            if let Some(key) = marked {
                self.shared.busy.clear(key);
            }
            if self.stop.load(Relaxed) {
                return 0;
            }
            if v > best {
                best = v;
                best_move = i;
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        // Merge what this search proved with what was known.
        let (mut lower, mut upper) = known.unwrap_or((-s, s));
        if best <= alpha {
            upper = upper.min(best);
        } else if best >= beta {
            lower = lower.max(best);
        } else {
            lower = best;
            upper = best;
        }
        match slot {
            Slot::Db(i) => self.shared.db.as_ref().expect("db").set(i, lower, upper),
            Slot::Table(key) => {
                let work = (64 - (self.nodes - nodes0).leading_zeros()) as u8 + 1;
                self.shared.table.store(Entry { key, lower: lower as i8, upper: upper as i8, best: best_move, work });
            }
        }
        best
    }
}

/// Moves in search order: the table move, extra turns nearest the store first, captures by
/// size, moves that go past the store with the fewest seeds first, then the moves that end on
/// one's own side nearest the store first.
/// `NO_MOVE` pads.
///
/// This, the move, the table's probe and store and the database's index are always inlined into
/// [`Search::search`]: left as calls (the compiler's choice for this recursive function), the
/// browser's worker ran a few per cent slower, natively no change (BENCHMARKS.md).
#[inline(always)]
fn order<const N: usize>(st: &State<N>, tt_move: Option<u8>, rule: CaptureRule) -> [u8; 12] {
    let len = 2 * N + 1;
    let tt = tt_move.unwrap_or(NO_MOVE);
    // A sort key per move, the move in its low 4 bits: class (table move, extra turn, capture,
    // a move past the store, a move ending on one's own side), then the seeds captured or
    // fewest seeds sown, then nearest the store. Ordering the quiet moves this way cut the
    // nodes of Kalah(6,4) by a quarter (BENCHMARKS.md). Kept sorted by
    // insertion (six moves, mostly in order already).
    let mut keys = [0u16; 12];
    let mut k = 0;
    for i in 0..N {
        let seeds = st.me[i] as usize;
        if seeds == 0 {
            continue;
        }
        let last = i + seeds;
        let class = if i as u8 == tt {
            3 << 12
        } else if seeds % len == N - i {
            2 << 12
        } else if last < N && st.me[last] == 0 && (st.op[N - 1 - last] > 0 || rule == CaptureRule::Empty) {
            1 << 12 | (st.op[N - 1 - last] as u16) << 4
        } else if last >= N {
            // Past the store: fewest seeds first (the least given to the opponent).
            1 << 11 | (127 - seeds.min(127) as u16) << 4
        } else {
            // Ending in a pit of one's own without capturing: last.
            0
        };
        let key = class | i as u16;
        let mut j = k;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = key;
        k += 1;
    }
    let mut out = [NO_MOVE; 12];
    for (o, key) in out.iter_mut().zip(&keys[..k]) {
        *o = (key & 15) as u8;
    }
    out
}

/// MTD(f) converges in fewer passes from a good guess: a short heuristic search gives one for
/// the position and each of its moves (absolute values; if the search has none, the stores'
/// difference, a relative guess of 0, and no moves). Deeper for big games, where a pass saved
/// is worth far more than the guess costs (Kalah(6,4): depth 12 guesses +6 and takes 3 passes;
/// depth 16 guesses +7, 2 passes, 3 % fewer nodes in all); never more than a few million nodes,
/// so that a wide board does not spend long on its guess.
fn heuristic(pos: &Kalah) -> Analysis {
    struct Budget(u64);
    impl SearchHandler for Budget {
        fn should_stop(&mut self, nodes: u64) -> bool {
            nodes > self.0
        }
        fn on_progress(&mut self, _: &Analysis) {}
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::kalah::minimax_value;
    use crate::search::NoHandler;

    #[test]
    fn budgets_fit_and_small_games_get_little() {
        let big = SolveOptions::for_budget(6, 48, 768);
        assert_eq!((big.table_mib, big.db_seeds), (256, 20));
        let small = SolveOptions::for_budget(4, 12, 768);
        assert_eq!((small.table_mib, small.db_seeds), (16, 12));
        for budget in [16, 128, 256, 1024] {
            let o = SolveOptions::for_budget(6, 60, budget);
            assert!(
                Solver::new(KalahRules::standard(6, 5).unwrap(), o).unwrap().stats().db_bytes
                    + ((o.table_mib as u64) << 20)
                    <= (budget as u64) << 20,
                "{budget}: {o:?}"
            );
        }
    }

    /// The word move and the word sums are the pit-by-pit ones on `pits` (the first `N` the
    /// mover's, the next `N` the opponent's).
    #[cfg(not(target_arch = "wasm32"))]
    fn words_agree_with_bytes<const N: usize>(pits: &[u8], rules: Rules) {
        let mut st = State { me: [0; N], op: [0; N] };
        st.me.copy_from_slice(&pits[..N]);
        st.op.copy_from_slice(&pits[N..2 * N]);
        let sums = (st.me.iter().map(|&x| x as u32).sum(), st.op.iter().map(|&x| x as u32).sum());
        assert_eq!(st.sides(), sums, "{st:?}");
        for i in (0..N).filter(|&i| st.me[i] > 0) {
            assert_eq!(st.play_words(i, rules), st.play_bytes(i, rules), "N = {N}, pit {i} of {st:?}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// On boards of 1 to 8 pits a side, every rule, empty pits (captures) and up to the
        /// solver's 127 seeds (laps), a move on words is the move pit by pit.
        #[test]
        fn moves_on_words_agree_with_moves_pit_by_pit(
            n in 1usize..=8,
            pits in proptest::collection::vec(proptest::prop_oneof![proptest::strategy::Just(0u8), 0u8..=3, 0u8..=60], 16),
            capture in 0usize..3,
            end in 0usize..2,
        ) {
            // Scaled down to the solver's limit.
            let sum: u32 = pits[..2 * n].iter().map(|&x| x as u32).sum();
            let pits: Vec<u8> = pits.iter().map(|&x| if sum > MAX_SOLVER_SEEDS { (x as u32 * MAX_SOLVER_SEEDS / sum) as u8 } else { x }).collect();
            let rules = Rules {
                capture: [CaptureRule::Standard, CaptureRule::Empty, CaptureRule::OppositeOnly][capture],
                end: [EndRule::EitherSideEmpty, EndRule::MoverCannotMove][end],
            };
            by_pits!(n, |N| words_agree_with_bytes::<N>(&pits, rules));
        }
    }

    #[test]
    fn solver_matches_minimax_on_small_games() {
        for id in ["kalah-3-2", "kalah-3-2-e", "kalah-3-2-m", "kalah-3-2-o", "kalah-2-3-e-m", "kalah-4-1"] {
            let rules = match id.parse::<crate::families::AnyRules>().unwrap() {
                crate::families::AnyRules::Kalah(r) => r,
                _ => unreachable!(),
            };
            let start = rules.start();
            for db in [0, 4] {
                let mut s =
                    Solver::new(rules, SolveOptions { table_mib: 1, db_seeds: db, threads: 1 + db as usize % 2 })
                        .unwrap();
                assert_eq!(s.solve(&start, &mut NoHandler).unwrap(), minimax_value(&start), "{id} db {db}");
            }
        }
    }
}

/// Big zeroed arrays for the table and the database: zeroed memory costs nothing until it is
/// touched, and on Linux the memory is asked to be backed by huge pages, which cuts the TLB
/// misses of random access over gigabytes.
mod big {
    use std::alloc::{alloc_zeroed, dealloc, Layout};
    use std::ops::{Deref, DerefMut};
    use std::ptr::NonNull;

    /// Types for which all-zero bytes are a valid value.
    pub trait Zeroable {}
    // SAFETY: both are atomics of plain integers, valid when zero.
    impl Zeroable for super::Bucket {}
    impl Zeroable for std::sync::atomic::AtomicU16 {}

    /// A fixed-length zero-initialised array with its own allocation.
    pub struct BigArray<T: Zeroable> {
        ptr: NonNull<T>,
        len: usize,
        layout: Layout,
        /// Made by mmap (unmapped on drop) rather than the allocator.
        #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
        mapped: bool,
    }

    // SAFETY: BigArray owns its memory like a Box<[T]>.
    unsafe impl<T: Zeroable + Send> Send for BigArray<T> {}
    unsafe impl<T: Zeroable + Sync> Sync for BigArray<T> {}

    #[cfg(target_os = "linux")]
    const HUGE_PAGE: usize = 2 << 20;

    impl<T: Zeroable> BigArray<T> {
        /// `len` zeroed elements.
        pub fn zeroed(len: usize) -> Result<BigArray<T>, String> {
            let bytes = len.checked_mul(core::mem::size_of::<T>()).ok_or("size overflow")?.max(1);
            let layout =
                Layout::from_size_align(bytes, core::mem::align_of::<T>().max(64)).map_err(|e| e.to_string())?;
            #[cfg(target_os = "linux")]
            if bytes >= HUGE_PAGE {
                // Anonymous memory is zeroed and only backed when touched; mapped directly so
                // the huge-page advice comes before the first touch.
                // SAFETY: a fresh private anonymous mapping; checked for failure below.
                let raw = unsafe {
                    libc::mmap(
                        core::ptr::null_mut(),
                        bytes,
                        libc::PROT_READ | libc::PROT_WRITE,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                        -1,
                        0,
                    )
                };
                if raw == libc::MAP_FAILED {
                    return Err(format!("could not map {bytes} bytes"));
                }
                // SAFETY: advice on the mapping just made.
                unsafe { libc::madvise(raw, bytes, libc::MADV_HUGEPAGE) };
                let ptr = NonNull::new(raw as *mut T).ok_or("null mapping")?;
                return Ok(BigArray { ptr, len, layout, mapped: true });
            }
            // SAFETY: the layout has a non-zero size.
            let raw = unsafe { alloc_zeroed(layout) };
            let ptr = NonNull::new(raw as *mut T).ok_or_else(|| format!("could not allocate {bytes} bytes"))?;
            Ok(BigArray { ptr, len, layout, mapped: false })
        }
    }

    impl<T: Zeroable> Deref for BigArray<T> {
        type Target = [T];
        fn deref(&self) -> &[T] {
            // SAFETY: ptr points to len zero-initialised (valid) T, owned by self.
            unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
        }
    }

    impl<T: Zeroable> DerefMut for BigArray<T> {
        fn deref_mut(&mut self) -> &mut [T] {
            // SAFETY: as in deref, and &mut self gives unique access.
            unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
        }
    }

    impl<T: Zeroable> Drop for BigArray<T> {
        fn drop(&mut self) {
            #[cfg(target_os = "linux")]
            if self.mapped {
                // SAFETY: mapped in `zeroed` with this size.
                unsafe { libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.layout.size()) };
                return;
            }
            // SAFETY: allocated in `zeroed` with this layout.
            unsafe { dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
        }
    }
}

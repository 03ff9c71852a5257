//! A depth-first proof of Dakon's shortest winning opening, for boards whose breadth-first
//! search does not fit in memory.
//!
//! Distinct first-turn boards are almost all reached by one path only (Dakon-8 to 16 moves:
//! 2,669,321 paths to 2,647,476 boards), so storing boards to merge paths saves little, while
//! the breadth-first search's memory grows with every level (Dakon-8: 8.7 GB to prove that
//! no opening has fewer than 20 moves, BENCHMARKS.md).
//! This search keeps nothing but its path: branch and bound over move sequences, every
//! sequence of at most `bound` moves tried, the bound lowered to one below each winning
//! opening found, so when it ends the last opening found is the shortest, and with none found
//! no winning opening has `bound` moves or fewer.
//!
//! The moves are sown on a packed board: the 2n + 1 cells of the mover's sowing ring (holes,
//! store, the opponent's holes) are the bytes of three 64-bit words, and a lap of `h` counters
//! from cell `p` adds `h / (2n + 1)` to every byte and a precomputed run of ones to the
//! `h % (2n + 1)` cells after `p`: a few word additions per lap instead of one per counter. No
//! cell can overflow a byte: all 2n² ≤ 242 counters are on the board.
//!
//! The work is split between threads by the sequences of the first few moves, each thread
//! taking the next unsearched prefix.

use core::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{Board, DakonError, MAX_LAPS};

/// The mover's sowing ring in three words: byte `i` is cell `i` of [`Board`]'s cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed([u64; 3]);

impl Packed {
    const ZERO: Packed = Packed([0; 3]);

    fn of(b: &Board) -> Packed {
        let mut p = Packed::ZERO;
        for (i, &c) in b.cells[..=2 * b.n].iter().enumerate() {
            p.add(i, c as u32);
        }
        p
    }

    /// Masks selecting word `i / 8` (all ones) and no other: the board's words stay in
    /// registers, where indexing them would send them through memory on every lap.
    #[inline(always)]
    fn word_masks(i: usize) -> [u64; 3] {
        let k = i / 8;
        [0u64.wrapping_sub((k == 0) as u64), 0u64.wrapping_sub((k == 1) as u64), 0u64.wrapping_sub((k == 2) as u64)]
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        let m = Self::word_masks(i);
        let w = (self.0[0] & m[0]) | (self.0[1] & m[1]) | (self.0[2] & m[2]);
        (w >> (8 * (i % 8))) as u8 as u32
    }

    #[inline(always)]
    fn clear(&mut self, i: usize) {
        let m = Self::word_masks(i);
        let byte = 0xffu64 << (8 * (i % 8));
        for (w, m) in self.0.iter_mut().zip(m) {
            *w &= !(byte & m);
        }
    }

    #[inline(always)]
    fn add(&mut self, i: usize, x: u32) {
        self.0[i / 8] += (x as u64) << (8 * (i % 8));
    }

    /// Adds `times` times `m` to every byte (no byte may pass 255).
    #[inline(always)]
    fn add_times(&mut self, m: &Packed, times: u64) {
        for (w, x) in self.0.iter_mut().zip(m.0) {
            *w += x * times;
        }
    }

    /// Whether any byte that is set in `mask` is non-zero here.
    #[inline(always)]
    fn any(&self, mask: &Packed) -> bool {
        (self.0[0] & mask.0[0]) | (self.0[1] & mask.0[1]) | (self.0[2] & mask.0[2]) != 0
    }

    #[cfg(test)]
    fn board(&self, n: usize) -> Board {
        let mut cells = [0u8; 2 * super::MAX_HOLES + 1];
        for (i, c) in cells[..=2 * n].iter_mut().enumerate() {
            *c = self.get(i) as u8;
        }
        Board { n, cells }
    }
}

/// How a packed move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// In the store with a hole of the mover's still full: select again.
    Again,
    /// The turn is over; whether it won.
    Over(bool),
}

/// The runs of ones a lap adds, for Dakon-N (the size a compile-time constant, so that the
/// lap arithmetic divides by a constant).
struct Ring<const N: usize> {
    /// Ones in every cell of the ring.
    ones: Packed,
    /// All bits of the mover's holes.
    own: Packed,
    /// `runs[p * len + r]`: ones in the `r` cells after cell `p`, round the ring.
    runs: Vec<Packed>,
    /// The store that wins: fewer than n counters left outside it.
    winning_store: u32,
}

impl<const N: usize> Ring<N> {
    const LEN: usize = 2 * N + 1;

    fn new() -> Self {
        let (n, len) = (N, Self::LEN);
        let mut ones = Packed::ZERO;
        let mut own = Packed::ZERO;
        for i in 0..len {
            ones.add(i, 1);
            if i < n {
                own.add(i, 0xff);
            }
        }
        let mut runs = Vec::with_capacity(len * len);
        for p in 0..len {
            for r in 0..len {
                let mut m = Packed::ZERO;
                for k in 1..=r {
                    m.add((p + k) % len, 1);
                }
                runs.push(m);
            }
        }
        Ring { ones, own, runs, winning_store: (2 * n * n - n + 1) as u32 }
    }

    /// Plays hole `j` (which must hold counters) on `b` in place, as [`Board::play`] does;
    /// after a move that ends the turn `b` is left as the last lap sowed it (no capture made):
    /// only whether it won is of use then.
    #[inline]
    fn play(&self, b: &mut Packed, j: usize) -> Result<Ending, DakonError> {
        let (n, len) = (N, Self::LEN);
        let mut pos = j;
        let mut hand = b.get(j);
        b.clear(j);
        let mut laps = 0u32;
        loop {
            laps += 1;
            if laps > MAX_LAPS {
                return Err(DakonError::Endless);
            }
            let r = hand as usize % len;
            if hand as usize >= len {
                b.add_times(&self.ones, (hand as usize / len) as u64);
            }
            b.add_times(&self.runs[pos * len + r], 1);
            pos += r;
            if pos >= len {
                pos -= len;
            }
            let here = b.get(pos);
            // One branch for the common case, a relay (the store is never picked up).
            if (pos != n) & (here > 1) {
                hand = here;
                b.clear(pos);
                continue;
            }
            if pos == n {
                return Ok(if b.any(&self.own) { Ending::Again } else { Ending::Over(b.get(n) >= self.winning_store) });
            }
            if pos < n {
                let opp = 2 * n - pos;
                let store = b.get(n) + here + b.get(opp);
                return Ok(Ending::Over(store >= self.winning_store));
            }
            return Ok(Ending::Over(b.get(n) >= self.winning_store));
        }
    }
}

/// What [`shortest_depth_first`] found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeepFound {
    /// Holes a side.
    pub n: usize,
    /// The bound asked for: openings of at most this many moves were searched.
    pub bound: u32,
    /// The shortest winning opening of at most `bound` moves (holes 1..n from the mover's
    /// left), if there is one (and the search was not stopped).
    pub line: Option<Vec<usize>>,
    /// Every sequence of at most `bound` moves (or, once a line was found, of fewer moves
    /// than it) was tried, in this run or the runs it resumed: with `line`, it is proven
    /// shortest; without, no winning opening has `bound` moves or fewer.
    pub complete: bool,
    /// Prefixes (sequences of the first few moves) the work was split into.
    pub prefixes: usize,
    /// Prefixes searched by the runs this one resumed, skipped here.
    pub resumed: usize,
    /// Boards from which the mover selected in this run, by moves played (index 0: the start).
    pub expanded: Vec<u64>,
    /// Moves played in this run, the turn-ending ones included.
    pub moves: u64,
}

impl DeepFound {
    /// Every winning opening has at least this many moves (proven by what was searched).
    pub fn lower_bound(&self) -> u32 {
        match (&self.line, self.complete) {
            (Some(l), true) => l.len() as u32,
            (None, true) => self.bound + 1,
            // A stopped search proves only what the breadth-first search below it would: here
            // nothing beyond the trivial one move.
            _ => 1,
        }
    }
}

/// What earlier runs of the same search (same n and bound) finished: a long proof may be
/// stopped and resumed, as the CLI's checkpoint file does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    /// Prefixes searched completely (indices into the search's list of prefixes).
    pub done: Vec<usize>,
    /// The shortest winning opening they found (holes 1..n), if any.
    pub best: Option<Vec<usize>>,
}

/// A progress report: called on the calling thread after each prefix it searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeepProgress {
    /// Prefixes searched (resumed ones included).
    pub done: usize,
    /// Prefixes in all.
    pub total: usize,
    /// Moves played in this run so far.
    pub moves: u64,
    /// Prefixes searched completely since the last report (by any thread).
    pub finished: Vec<usize>,
    /// The shortest winning opening found so far (holes 1..n).
    pub best: Option<Vec<usize>>,
}

/// Prefix length at which the work is split between threads: enough prefixes for even shares.
fn split_depth(n: usize, bound: u32) -> u32 {
    let want: u32 = match n {
        0..=4 => 3,
        5..=6 => 6,
        _ => 9,
    };
    want.min(bound.saturating_sub(2))
}

/// Shared state of the threads.
struct Shared {
    /// Longest opening still worth finding: one move fewer than the best found.
    limit: AtomicU32,
    best: Mutex<Option<Vec<usize>>>,
    stop: AtomicBool,
    next: AtomicUsize,
    moves: AtomicU64,
    expanded: Vec<AtomicU64>,
    /// Prefixes searched completely and not yet reported.
    finished: Mutex<Vec<usize>>,
}

/// The shortest winning opening of Dakon-n with at most `bound` moves, by depth-first branch
/// and bound on `threads` threads (at least one: the calling thread, plus `threads - 1`
/// spawned), skipping what `resume` says earlier runs did. `progress` is called on the
/// calling thread after each prefix it searched, and once at the end, and may return `false`
/// to stop (every prefix reported finished was searched completely).
///
/// # Errors
/// A board size outside 1..=11; an endless move; a resumed line that is not a winning
/// opening of Dakon-n within the bound.
pub fn shortest_depth_first(
    n: usize,
    bound: u32,
    threads: usize,
    resume: &Resume,
    progress: &mut dyn FnMut(&DeepProgress) -> bool,
) -> Result<DeepFound, DakonError> {
    macro_rules! sizes {
        ($($k:literal)*) => {
            match n {
                $($k => run::<$k>(bound, threads, resume, progress),)*
                _ => Err(DakonError::Size(n)),
            }
        };
    }
    sizes!(1 2 3 4 5 6 7 8 9 10 11)
}

fn run<const N: usize>(
    bound: u32,
    threads: usize,
    resume: &Resume,
    progress: &mut dyn FnMut(&DeepProgress) -> bool,
) -> Result<DeepFound, DakonError> {
    let n = N;
    let start = Board::start(n)?;
    let ring = Ring::<N>::new();
    let bound = bound.min(u16::MAX as u32);
    let shared = Shared {
        limit: AtomicU32::new(bound),
        best: Mutex::new(None),
        stop: AtomicBool::new(false),
        next: AtomicUsize::new(0),
        moves: AtomicU64::new(0),
        expanded: (0..=bound).map(|_| AtomicU64::new(0)).collect(),
        finished: Mutex::new(Vec::new()),
    };
    if let Some(line) = &resume.best {
        record_resumed(&shared, n, bound, line)?;
    }
    let prefixes = prefixes(&ring, &shared, &start, split_depth(n, bound))?;
    let total = prefixes.len();
    let mut skip = vec![false; total];
    for &k in &resume.done {
        if let Some(s) = skip.get_mut(k) {
            *s = true;
        }
    }
    let resumed = skip.iter().filter(|&&s| s).count();
    let done_prefixes = AtomicUsize::new(resumed);
    let error: Mutex<Option<DakonError>> = Mutex::new(None);
    let report = |progress: &mut dyn FnMut(&DeepProgress) -> bool| {
        let p = DeepProgress {
            done: done_prefixes.load(Ordering::Relaxed),
            total,
            moves: shared.moves.load(Ordering::Relaxed),
            finished: core::mem::take(&mut *shared.finished.lock().expect("finished lock")),
            best: shared.best.lock().expect("best lock").as_ref().map(|l| l.iter().map(|j| j + 1).collect()),
        };
        progress(&p)
    };
    // One share of the work: prefixes taken one at a time until none is left. The calling
    // thread reports progress after each of its prefixes (so the callback never crosses
    // threads, and one thread spawns none: the browser's worker has no threads).
    let work = |mut progress: Option<&mut dyn FnMut(&DeepProgress) -> bool>| {
        let mut line = Vec::with_capacity(bound as usize);
        let mut local = vec![0u64; bound as usize + 1];
        while !shared.stop.load(Ordering::Relaxed) {
            let k = shared.next.fetch_add(1, Ordering::Relaxed);
            let Some((b, path)) = prefixes.get(k) else { break };
            if skip[k] {
                continue;
            }
            if (path.len() as u32) < shared.limit.load(Ordering::Relaxed) {
                line.clear();
                line.extend_from_slice(path);
                let mut moves = 0;
                if let Err(e) = dive(&ring, &shared, b, &mut line, &mut local, &mut moves) {
                    *error.lock().expect("error lock") = Some(e);
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                shared.moves.fetch_add(moves, Ordering::Relaxed);
            }
            done_prefixes.fetch_add(1, Ordering::Relaxed);
            shared.finished.lock().expect("finished lock").push(k);
            if let Some(p) = progress.as_mut() {
                if !report(&mut **p) {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        for (d, x) in local.iter().enumerate() {
            shared.expanded[d].fetch_add(*x, Ordering::Relaxed);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads.max(1) {
            s.spawn(|| work(None));
        }
        work(Some(&mut *progress));
    });
    report(progress);
    if let Some(e) = error.into_inner().expect("error lock") {
        return Err(e);
    }
    let line = shared.best.into_inner().expect("best lock");
    Ok(DeepFound {
        n,
        bound,
        line: line.map(|l| l.iter().map(|j| j + 1).collect()),
        complete: done_prefixes.load(Ordering::Relaxed) == total,
        prefixes: total,
        resumed,
        expanded: shared.expanded.iter().map(|x| x.load(Ordering::Relaxed)).collect(),
        moves: shared.moves.load(Ordering::Relaxed),
    })
}

/// Keeps a resumed run's best line, once replayed: a winning opening within the bound.
///
/// # Errors
/// A line that is not one.
fn record_resumed(shared: &Shared, n: usize, bound: u32, line: &[usize]) -> Result<(), DakonError> {
    let holes: Vec<usize> = line.iter().map(|h| h.wrapping_sub(1)).collect();
    let won = super::replay(n, line).is_ok_and(|m| m.last().is_some_and(|m| m.end.is_some() && m.board.is_won()));
    if !won || holes.len() as u32 > bound {
        return Err(DakonError::NotWinning(line.to_vec()));
    }
    record(shared, &holes);
    Ok(())
}

/// Every sequence of `split` moves from `start` that does not end the turn, searched
/// breadth-first, with its board (the shares of the work); openings shorter than that are
/// recorded here. The split depends on n and the bound only, so a resumed run numbers the
/// prefixes as the run it resumes did.
///
/// # Errors
/// A board the ring cannot sow.
fn prefixes<const N: usize>(
    ring: &Ring<N>,
    shared: &Shared,
    start: &Board,
    split: u32,
) -> Result<Vec<(Packed, Vec<usize>)>, DakonError> {
    let mut prefixes: Vec<(Packed, Vec<usize>)> = vec![(Packed::of(start), Vec::new())];
    for depth in 0..split {
        let mut next = Vec::new();
        for (b, path) in &prefixes {
            shared.expanded[depth as usize].fetch_add(1, Ordering::Relaxed);
            for j in (0..N).filter(|&j| b.get(j) > 0) {
                let mut c = *b;
                shared.moves.fetch_add(1, Ordering::Relaxed);
                let mut line = path.clone();
                line.push(j);
                match ring.play(&mut c, j)? {
                    Ending::Again => next.push((c, line)),
                    Ending::Over(true) => record(shared, &line),
                    Ending::Over(false) => {}
                }
            }
        }
        prefixes = next;
    }
    Ok(prefixes)
}

/// Keeps `line` if it is shorter than the best so far, and lowers the limit below it.
fn record(shared: &Shared, line: &[usize]) {
    let mut best = shared.best.lock().expect("best lock");
    if best.as_ref().is_none_or(|b| line.len() < b.len()) {
        *best = Some(line.to_vec());
        shared.limit.store(line.len() as u32 - 1, Ordering::Relaxed);
    }
}

/// Tries every continuation of `line` (which led to `b`, the mover to select) within the
/// shared limit.
fn dive<const N: usize>(
    ring: &Ring<N>,
    shared: &Shared,
    b: &Packed,
    line: &mut Vec<usize>,
    expanded: &mut [u64],
    moves: &mut u64,
) -> Result<(), DakonError> {
    let depth = line.len();
    expanded[depth] += 1;
    let last = depth as u32 + 1 >= shared.limit.load(Ordering::Relaxed);
    for j in 0..N {
        if b.get(j) == 0 {
            continue;
        }
        let mut c = *b;
        *moves += 1;
        line.push(j);
        match ring.play(&mut c, j)? {
            Ending::Again if !last => dive(ring, shared, &c, line, expanded, moves)?,
            Ending::Over(true) => record(shared, line),
            _ => {}
        }
        line.pop();
        // A line found elsewhere may have lowered the limit below this depth.
        if depth as u32 + 1 > shared.limit.load(Ordering::Relaxed) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packed move of the first boards reached agrees with [`Board::play`].
    #[test]
    fn packed_moves_agree_with_the_board() {
        agree::<3>();
        agree::<5>();
        agree::<8>();
        agree::<11>();
    }

    fn agree<const N: usize>() {
        let ring = Ring::<N>::new();
        let mut boards = vec![Board::start(N).unwrap()];
        let mut tried = 0;
        while let Some(b) = boards.pop() {
            for j in b.legal() {
                check_move(&ring, &b, j);
                let m = b.play(j).unwrap();
                if m.end.is_none() && tried < 3000 {
                    boards.push(m.board);
                }
                tried += 1;
            }
        }
    }

    fn check_move<const N: usize>(ring: &Ring<N>, b: &Board, j: usize) {
        let m = b.play(j).unwrap();
        let mut p = Packed::of(b);
        let e = ring.play(&mut p, j).unwrap();
        match m.end {
            None => {
                assert_eq!(e, Ending::Again, "{b:?} hole {j}");
                assert_eq!(p.board(N), m.board, "{b:?} hole {j}");
            }
            Some(_) => assert_eq!(e, Ending::Over(m.board.is_won()), "{b:?} hole {j}"),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// On any board (any counts, all 2n² counters on it), a packed move is the board's move.
        #[test]
        fn packed_moves_agree_on_random_boards(
            seed in proptest::collection::vec(0u8..=255, 23),
            j in 0usize..8,
        ) {
            let ring = Ring::<8>::new();
            // Spread 128 counters over the 17 cells in proportion to the seed.
            let weights: Vec<u32> = seed[..17].iter().map(|&w| w as u32 + 1).collect();
            let sum: u32 = weights.iter().sum();
            let mut cells = [0u8; 2 * super::super::MAX_HOLES + 1];
            let mut placed = 0;
            for (c, w) in cells.iter_mut().zip(&weights) {
                *c = (w * 128 / sum) as u8;
                placed += *c as u32;
            }
            cells[seed[17] as usize % 17] += (128 - placed) as u8;
            let b = Board { n: 8, cells };
            if b.own(j) > 0 {
                check_move(&ring, &b, j);
            }
        }
    }

    /// A proof stopped part-way and resumed from what it reported gives the proof that one
    /// uninterrupted run gives, without searching any prefix twice.
    #[test]
    fn a_stopped_proof_resumes() {
        let whole = shortest_depth_first(6, 18, 1, &Resume::default(), &mut |_| true).unwrap();
        assert!(whole.complete && whole.line.is_none());
        let mut resume = Resume::default();
        let mut calls = 0;
        let part = shortest_depth_first(6, 18, 1, &Resume::default(), &mut |p| {
            resume.done.extend(&p.finished);
            calls += 1;
            calls < 40
        })
        .unwrap();
        assert!(!part.complete && part.lower_bound() == 1);
        assert_eq!(resume.done.len(), 40);
        let rest = shortest_depth_first(6, 18, 2, &resume, &mut |p| {
            assert!(p.finished.iter().all(|k| !resume.done.contains(k)));
            true
        })
        .unwrap();
        assert!(rest.complete && rest.line.is_none() && rest.lower_bound() == 19);
        assert_eq!((rest.resumed, rest.prefixes), (40, whole.prefixes));
        // A resumed best line lowers the bound at once; a line that does not win is refused.
        let line = vec![1, 5, 2, 6, 6, 1, 4, 6, 2, 6, 3, 2, 6, 6, 4, 6, 5, 6, 3];
        let with_best = Resume { done: vec![], best: Some(line.clone()) };
        let f = shortest_depth_first(6, 30, 2, &with_best, &mut |_| true).unwrap();
        assert_eq!(f.line.map(|l| l.len()), Some(19));
        let bad = Resume { done: vec![], best: Some(line[..5].to_vec()) };
        assert!(matches!(shortest_depth_first(6, 30, 1, &bad, &mut |_| true), Err(DakonError::NotWinning(_))));
        assert!(matches!(
            shortest_depth_first(12, 30, 1, &Resume::default(), &mut |_| true),
            Err(DakonError::Size(12))
        ));
    }
}

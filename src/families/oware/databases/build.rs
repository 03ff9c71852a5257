//! Building a layer: the first pass over every board, then the retrograde growth of the won
//! and lost positions, level by level, breadth first, with their distances (see the module).

use std::sync::atomic::{AtomicI8, AtomicU8, Ordering::Relaxed};

use super::model::{MoverBoard, Node};
use super::{Databases, Layer, Progress};
use crate::engine::rank::prefetch;
use crate::families::oware::Ruleset;

/// No move leaves the layer.
pub(super) const NONE: i8 = i8::MIN;

impl Databases {
    /// The rank of a board in its layer.
    #[inline]
    fn rank(&self, b: &MoverBoard) -> u64 {
        self.ranker.rank(&b[..self.ranker.parts()])
    }

    /// The first pass over a slice of the layer: for each board, the best exit (or the value
    /// of a finished game) and the number of moves that stay.
    fn first_pass(
        &self,
        k: usize,
        from: u64,
        best: &mut [i8],
        count: &mut [u8],
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        let mut b = self.ranker.unrank(k, from);
        for r in 0..best.len() {
            if r > 0 {
                self.ranker.next(&mut b[..self.ranker.parts()]);
            }
            if r & 0xffff == 0xffff && !progress(r as u64) {
                return false;
            }
            let mut top = NONE;
            let (over, stay) = self.look(&b, |captured, child| {
                let v = self.value(child).expect("a smaller layer is built");
                top = top.max((captured as i32 - v) as i8);
            });
            best[r] = over.max(top);
            count[r] = stay;
        }
        true
    }

    /// A board's moves at a glance: the value of a finished game (and no move), or [`NONE`]
    /// and the number of moves that stay in the layer (a pass stays); `exit` is called with the
    /// seeds captured and the board after (seen by its mover) of every move that leaves it.
    #[inline]
    pub(super) fn look(&self, b: &MoverBoard, mut exit: impl FnMut(u8, &MoverBoard)) -> (i8, u8) {
        let m = &self.model;
        match m.expand(b) {
            Node::Over(v) => (v as i8, 0),
            Node::Pass => (NONE, 1),
            Node::Moves(legal, sown) => {
                let mut stay = 0;
                for (i, s) in sown.iter().enumerate().take(m.n) {
                    let Some(s) = s else { continue };
                    if legal & (1 << i) == 0 {
                        continue;
                    }
                    if s.captured == 0 {
                        stay += 1;
                    } else {
                        exit(s.captured, &m.flip(&s.board));
                    }
                }
                (NONE, stay)
            }
        }
    }

    /// Calls `f` with the rank of every board of the layer that reaches `q` by a move that
    /// stays in the layer (a move without capture, or a pass).
    pub(super) fn predecessors(&self, k: usize, q: &MoverBoard, f: &mut impl FnMut(u64)) {
        let m = &self.model;
        let n = m.n;
        // Seen by the previous mover.
        let r = m.flip(q);
        let wari = m.set == Ruleset::Wari;
        // A pass leads here when the one who passed could not move.
        if wari && matches!(m.expand(&r), Node::Pass) {
            f(self.rank(&r));
        }
        let least = m.least() as usize;
        for o in 0..n {
            if !wari && r[o] != 0 {
                continue;
            }
            // The board before sowing c + 1 seeds is the one before c with one seed fewer where
            // seed c falls (until a pit has none to give back, for this c and every larger one).
            let mut p = r;
            for c in 1..=k {
                let j = m.lands(o, c - 1);
                if p[j] == 0 {
                    break;
                }
                p[j] -= 1;
                if c < least || (wari && p[o] != 0) {
                    continue;
                }
                let mut before = p;
                before[o] = c as u8;
                if m.unmoves_to(&before, o, &r) {
                    f(self.rank(&before));
                }
            }
        }
    }

    /// Solves layer `k`: values, and distances (see the module), breadth first.
    pub(super) fn solve_layer(&self, k: usize, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Layer> {
        let size = self.ranker.layer_size(k) as usize;
        let below: u64 = self.bytes();
        let mut best = vec![NONE; size];
        let mut count = vec![0u8; size];
        let work = 8 * size as u64;
        let report = |done: u64| Progress { layer: k as u32, done, of: size as u64, bytes: below + work };
        if !self.first_pass_all(k, &mut best, &mut count, &mut |d| progress(report(d / 2))) {
            return None;
        }
        let mut value = vec![0i8; size];
        let mut distance = vec![0u8; size];
        if self.model.set == Ruleset::Ayo {
            self.end_without_captures(k, &mut best, &mut count, &mut value);
        }
        // Breadth first, a frontier at a time, so that distances come in order: a won position
        // takes the distance of the nearest lost one that reaches it, plus one; a lost position
        // that of the last (farthest) of its moves, plus one. The frontier's positions are
        // shared between the threads: a position is settled by one compare-and-swap of its
        // value, so by one thread, and a lost one by the thread whose move-count decrement
        // reaches zero (a lost child never decrements, so a position with one is settled won
        // first, as one thread would settle it).
        let threads = self.threads_for(size);
        let shared = Settle {
            value: atomic_i8(&mut value),
            distance: atomic_u8(&mut distance),
            count: atomic_u8(&mut count),
            best: &best,
        };
        let mut settled = 0u64;
        for t in (1..=k as i32).rev() {
            let ti = t as i8;
            // The level's seeds: exits worth t, and positions whose exits are all worth -t or
            // less with no move staying.
            let mut frontier: Vec<u32> = in_chunks(threads, size, 1 << 20, |range, out| {
                // The best exit first: few are worth ±t (`NONE`'s magnitude is no level's).
                for (r, &b) in range.clone().zip(&shared.best[range]) {
                    if opens(b, ti)
                        && shared.value[r].load(Relaxed) == 0
                        && (b == ti || shared.count[r].load(Relaxed) == 0)
                    {
                        shared.value[r].store(b, Relaxed);
                        out.push(r as u32);
                    }
                }
            });
            while !frontier.is_empty() {
                settled += frontier.len() as u64;
                if !progress(report(size as u64 / 2 + settled.min(size as u64) / 2)) {
                    return None;
                }
                // One thread (the browser) hears of its progress every 65,536 positions.
                let block = if threads > 1 { frontier.len() } else { 1 << 16 };
                let mut next = vec![];
                for (i, part) in frontier.chunks(block).enumerate() {
                    if i > 0 && !progress(report(size as u64 / 2 + settled.min(size as u64) / 2)) {
                        return None;
                    }
                    next.extend(in_chunks(threads, part.len(), 1 << 12, |range, out| {
                        for &q in &part[range] {
                            self.settle_predecessors(k, q, ti, &shared, out);
                        }
                    }));
                }
                frontier = next;
            }
        }
        progress(report(size as u64));
        Some(Layer { values: value, distances: distance })
    }

    /// Settles the predecessors of `q` (settled at level `ti`) that its value decides: every
    /// one of a lost `q` is won; one of a won `q` is lost once all its staying moves are known
    /// to lead to won positions and its exits are worth `-ti` or less. Each settled
    /// predecessor goes to `out`, with `q`'s distance plus one.
    fn settle_predecessors(&self, k: usize, q: u32, ti: i8, s: &Settle<'_>, out: &mut Vec<u32>) {
        let v = s.value[q as usize].load(Relaxed);
        let d = s.distance[q as usize].load(Relaxed).saturating_add(1);
        let board = self.ranker.unrank(k, q as u64);
        let won = if v > 0 { -ti } else { ti };
        let settle = |p: usize, out: &mut Vec<u32>| {
            if s.value[p].load(Relaxed) != 0 {
                return;
            }
            let settles = if v > 0 { s.count[p].fetch_sub(1, Relaxed) == 1 && s.best[p] <= -ti } else { true };
            if settles && s.value[p].compare_exchange(0, won, Relaxed, Relaxed).is_ok() {
                s.distance[p].store(d, Relaxed);
                out.push(p as u32);
            }
        };
        // The predecessors are ranked first and their bytes asked of memory together, then
        // settled: a predecessor's value is a random byte of the layer, and waiting for each in
        // turn was a third of the pass.
        let mut ranks = [0u32; 64];
        let mut n = 0;
        self.predecessors(k, &board, &mut |p| {
            if n < ranks.len() {
                prefetch(&s.value[p as usize]);
                if v > 0 {
                    prefetch(&s.count[p as usize]);
                }
                ranks[n] = p as u32;
                n += 1;
            } else {
                settle(p as usize, out);
            }
        });
        for &p in &ranks[..n] {
            settle(p as usize, out);
        }
    }

    /// Threads for a layer of `size` boards: one for a small layer, else the databases'
    /// setting (0: every core).
    fn threads_for(&self, size: usize) -> usize {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let every = std::thread::available_parallelism().map_or(1, |n| n.get());
            let threads = if self.threads == 0 { every } else { self.threads }.min(64);
            if size > 1 << 16 {
                return threads;
            }
        }
        let _ = size;
        1
    }

    /// Ayo's "neither player can ever capture, but both players will always have a legal
    /// move": the boards of the layer from which no exit (a capture, or a game over) can be
    /// reached, found by going back from every board with an exit. Each such board is a
    /// finished game, each player taking the seeds on his side: its value is set now, and a
    /// move into it from a board that can still reach an exit counts as an exit.
    fn end_without_captures(&self, k: usize, best: &mut [i8], count: &mut [u8], value: &mut [i8]) {
        let size = best.len();
        let mut reach = vec![0u64; size.div_ceil(64)];
        let marked = |reach: &[u64], r: usize| reach[r / 64] & (1 << (r % 64)) != 0;
        let mut stack: Vec<u32> = vec![];
        for r in 0..size {
            if best[r] == NONE || marked(&reach, r) {
                continue;
            }
            reach[r / 64] |= 1 << (r % 64);
            stack.push(r as u32);
            while let Some(q) = stack.pop() {
                self.predecessors(k, &self.ranker.unrank(k, q as u64), &mut |p| {
                    let p = p as usize;
                    if !marked(&reach, p) {
                        reach[p / 64] |= 1 << (p % 64);
                        stack.push(p as u32);
                    }
                });
            }
        }
        let m = &self.model;
        for r in (0..size).filter(|&r| !marked(&reach, r)) {
            let board = self.ranker.unrank(k, r as u64);
            let v = (m.side(&board, false) as i32 - m.side(&board, true) as i32) as i8;
            value[r] = v;
            best[r] = v;
            count[r] = 0;
            self.predecessors(k, &board, &mut |p| {
                let p = p as usize;
                if marked(&reach, p) {
                    best[p] = best[p].max(-v);
                    count[p] -= 1;
                }
            });
        }
    }

    /// The first pass over the whole layer, on every core natively.
    fn first_pass_all(
        &self,
        k: usize,
        best: &mut [i8],
        count: &mut [u8],
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let threads = self.threads_for(best.len());
            if threads > 1 {
                let chunk = best.len().div_ceil(threads);
                let stop = std::sync::atomic::AtomicBool::new(false);
                let ok = std::thread::scope(|scope| {
                    let mut handles = vec![];
                    let mut rest_b = &mut best[..];
                    let mut rest_c = &mut count[..];
                    let mut from = 0u64;
                    let mut first = None;
                    while !rest_b.is_empty() {
                        let take = chunk.min(rest_b.len());
                        let (b, rb) = rest_b.split_at_mut(take);
                        let (c, rc) = rest_c.split_at_mut(take);
                        rest_b = rb;
                        rest_c = rc;
                        if first.is_none() {
                            first = Some((from, b, c));
                        } else {
                            let stop = &stop;
                            handles.push(scope.spawn(move || {
                                self.first_pass(k, from, b, c, &mut |_| {
                                    !stop.load(std::sync::atomic::Ordering::Relaxed)
                                })
                            }));
                        }
                        from += take as u64;
                    }
                    let (from, b, c) = first.expect("a chunk");
                    let t = threads as u64;
                    let ok = self.first_pass(k, from, b, c, &mut |d| progress(d * t));
                    if !ok {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    handles.into_iter().fold(ok, |acc, h| h.join().expect("no panic") && acc)
                });
                return ok;
            }
        }
        self.first_pass(k, 0, best, count, progress)
    }
}

/// A board whose best exit is `best` is settled at level `ti` from the start of the level, if
/// not settled before: when the exit is worth `ti`, or worth `-ti` and no move stays in the
/// layer (the caller checks that).
#[inline]
pub(super) fn opens(best: i8, ti: i8) -> bool {
    best.unsigned_abs() == ti as u8
}

/// The arrays a layer's retrograde pass shares between its threads.
struct Settle<'a> {
    value: &'a [AtomicI8],
    distance: &'a [AtomicU8],
    count: &'a [AtomicU8],
    best: &'a [i8],
}

fn atomic_i8(v: &mut [i8]) -> &[AtomicI8] {
    // SAFETY: AtomicI8 has the size and alignment of i8, and the borrow is unique.
    unsafe { &*(v as *mut [i8] as *const [AtomicI8]) }
}

fn atomic_u8(v: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the size and alignment of u8, and the borrow is unique.
    unsafe { &*(v as *mut [u8] as *const [AtomicU8]) }
}

/// Runs `work` over `0..len` in chunks of `chunk`, on `threads` threads taking the next chunk
/// as they finish (natively), each adding to its own list; returns the lists joined.
fn in_chunks(
    threads: usize,
    len: usize,
    chunk: usize,
    work: impl Fn(std::ops::Range<usize>, &mut Vec<u32>) + Sync,
) -> Vec<u32> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let run = |out: &mut Vec<u32>| loop {
        let from = next.fetch_add(chunk, Relaxed);
        if from >= len {
            break;
        }
        work(from..(from + chunk).min(len), out);
    };
    let mut out = vec![];
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && len > chunk {
        let parts: Vec<Vec<u32>> = std::thread::scope(|sc| {
            let helpers: Vec<_> = (1..threads.min(len.div_ceil(chunk)))
                .map(|_| {
                    sc.spawn(|| {
                        let mut out = vec![];
                        run(&mut out);
                        out
                    })
                })
                .collect();
            run(&mut out);
            helpers.into_iter().map(|h| h.join().expect("no panic")).collect()
        });
        for p in parts {
            out.extend_from_slice(&p);
        }
        return out;
    }
    let _ = threads;
    run(&mut out);
    out
}

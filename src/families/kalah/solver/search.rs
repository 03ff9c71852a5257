//! One thread's search: MTD(f) over a fail-soft null-window alpha-beta with the table, the
//! database, the seed bounds and the move order.

use super::*;
use crate::engine::rank::prefetch;
use crate::families::AnyMove;

/// One thread's search: the shared tables, its counters, and (main thread only) the handler.
pub(super) struct Search<'a, 'h> {
    pub(super) shared: &'a Shared,
    pub(super) rules: Rules,
    pub(super) etc_seeds: u32,
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    /// Nodes with at least these seeds split their moves between threads (young brothers wait,
    /// two threads; `u32::MAX`: one thread, or ABDADA).
    pub(super) split_seeds: u32,
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    /// How many moves a split node searches alone before it splits.
    pub(super) split_wait: usize,
    /// Nodes with at least these seeds defer the moves another thread is searching (ABDADA,
    /// see [`threads`]; `u32::MAX`: none).
    pub(super) abdada_seeds: u32,
    pub(super) stop: &'a AtomicBool,
    pub(super) handler: Option<&'h mut dyn SearchHandler<AnyMove>>,
    /// Where a search on the pool posts what the handler should hear.
    pub(super) events: Option<&'a Events>,
    /// The split node this search is under, if it is a task of the pool.
    pub(super) abort: Option<&'a Abort<'a>>,
    /// Stopped, aborted from above, the shared pass ended, or a node this thread is in was
    /// settled by another (see [`Search::unwind`]): every search returns at once (see
    /// [`Search::check_halt`]).
    pub(super) halted: bool,
    pub(super) nodes: u64,
    /// `nodes` when the handler, the events and the stop were last looked at.
    pub(super) checked: u64,
    pub(super) passes: u64,
    /// The shared window of the ABDADA search this runs (an index into [`Events::windows`]),
    /// and the number of the pass it searches (see [`SharedWindow::pass`]): a thread that ends
    /// the pass halts the others.
    pub(super) window: Option<(usize, u32)>,
    /// ABDADA: the nodes this thread is in that defer moves, root first, with the slot and
    /// the window each searches. Another thread may settle one of them meanwhile (its bound
    /// stored reaches the window); this thread then leaves all it searches under it.
    pub(super) path: Vec<(Slot, i32, i32)>,
    /// The depth in `path` of the node settled by another thread and its value, while the
    /// searches under it return (`halted` is set).
    pub(super) unwind: Option<(usize, i32)>,
}

impl Search<'_, '_> {
    /// MTD(f) on every thread at once (ABDADA): the threads share the window of the position,
    /// `Events::windows[w]`, and search its passes together; the first to end a pass starts
    /// the next for all (the others halt, keeping what they stored). Returns once the window
    /// is closed, whoever closed it.
    pub(super) fn mtdf_shared<const N: usize>(
        &mut self,
        st: &State<N>,
        guess: i32,
        w: usize,
        report: Option<(AnyMove, i32, i32)>,
    ) -> Result<i32, SolveError> {
        if let Some(v) = st.terminal(self.rules) {
            return Ok(v);
        }
        use std::sync::atomic::Ordering::{AcqRel, Acquire, Release};
        let window = &self.events.expect("a pool's search has events").windows[w];
        let s = st.seeds() as i32;
        window.open.get_or_init(|| {
            window.lo.store(-s, Relaxed);
            window.hi.store(s, Relaxed);
            window.pass.store(SharedWindow::pack(0, guess.clamp(-s, s)), Release);
        });
        loop {
            let pass = window.pass.load(Acquire);
            let (lo, hi) = (window.lo.load(Relaxed), window.hi.load(Relaxed));
            if lo >= hi {
                self.window = None;
                return Ok(lo);
            }
            let f = SharedWindow::guess(pass).clamp(lo, hi);
            let beta = if f == lo { f + 1 } else { f };
            self.window = Some((w, SharedWindow::number(pass)));
            let g = self.search(st, beta - 1, beta, None, f != lo);
            if self.halted {
                if self.stop.load(Relaxed) || self.abort.is_some_and(|a| a.any()) {
                    self.window = None;
                    return Err(SolveError::Stopped);
                }
                // Another thread ended the pass.
                self.halted = false;
                continue;
            }
            // The bound holds whoever ended the pass first; only the first starts the next.
            if g < beta {
                window.hi.fetch_min(g, Relaxed);
            } else {
                window.lo.fetch_max(g, Relaxed);
            }
            let next = SharedWindow::pack(SharedWindow::number(pass) + 1, g);
            if window.pass.compare_exchange(pass, next, AcqRel, Relaxed).is_ok() {
                self.passes += 1;
                self.report_window(report, window.lo.load(Relaxed), window.hi.load(Relaxed));
            } else if window.lo.load(Relaxed) >= window.hi.load(Relaxed) {
                // A pass ended late closed the window: the threads on the next one may stop.
                window.pass.fetch_add(1 << 32, Release);
            }
        }
    }

    /// MTD(f): null-window searches converging on the relative value; after every pass the
    /// handler hears the proven window of `report`'s root move, mapped to its absolute value
    /// (`offset + sign * v`). A pass tests the guess `f`, expected to hold (the root a CUT
    /// node), or, where `f` is already proven the lower end, one above it, expected to fail.
    pub(super) fn mtdf<const N: usize>(
        &mut self,
        st: &State<N>,
        guess: i32,
        report: Option<(AnyMove, i32, i32)>,
    ) -> Result<i32, SolveError> {
        self.mtdf_within(st, guess, (i32::MIN, i32::MAX), report)
    }

    /// [`Search::mtdf`] that stops as soon as the value is proven outside the window
    /// `alpha..beta` (relative): fail-soft, a result at most `alpha` is an upper bound, at least
    /// `beta` a lower bound, and between them the value.
    pub(super) fn mtdf_within<const N: usize>(
        &mut self,
        st: &State<N>,
        guess: i32,
        (alpha, beta): (i32, i32),
        report: Option<(AnyMove, i32, i32)>,
    ) -> Result<i32, SolveError> {
        if let Some(v) = st.terminal(self.rules) {
            return Ok(v);
        }
        let s = st.seeds() as i32;
        let (mut lo, mut hi) = (-s, s);
        // The guess, within the window where it meets the values possible.
        let mut f = guess.max(lo.max(alpha)).min(hi.min(beta)).clamp(lo, hi);
        while lo < hi && hi > alpha && lo < beta {
            let b = if f == lo { f + 1 } else { f };
            self.passes += 1;
            let g = self.search(st, b - 1, b, None, f != lo);
            if self.halted || self.check_halt() {
                return Err(SolveError::Stopped);
            }
            if g < b {
                hi = g;
            } else {
                lo = g;
            }
            f = g;
            self.report_window(report, lo, hi);
        }
        Ok(if hi <= alpha { hi } else { lo })
    }

    /// Tells the handler the window (`lo`, `hi`) proven for `report`'s root move, mapped to its
    /// absolute value (`offset + sign * v`).
    fn report_window(&mut self, report: Option<(AnyMove, i32, i32)>, lo: i32, hi: i32) {
        if let Some((mv, offset, sign)) = report {
            let (a, b) = (offset + sign * lo, offset + sign * hi);
            if let Some(h) = self.handler.as_deref_mut() {
                h.on_window(mv, a.min(b), a.max(b));
            } else if let Some(e) = self.events {
                e.post(Event::Window(mv, a.min(b), a.max(b)));
            }
        }
    }

    /// Bounds already proven for a (non-terminal) position, from the database or the table.
    #[inline]
    pub(super) fn known<const N: usize>(&self, st: &State<N>) -> Option<(i32, i32)> {
        self.lookup(self.slot_of(st, st.seeds())).0
    }

    /// The bounds kept at `slot`, if any, and the table's best move (the database keeps none).
    #[inline(always)]
    pub(super) fn lookup(&self, slot: Slot) -> (Option<(i32, i32)>, Option<u8>) {
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
    pub(super) fn slot_of<const N: usize>(&self, st: &State<N>, seeds: u32) -> Slot {
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
    pub(super) fn prefetch<const N: usize>(&self, st: &State<N>) -> Option<Slot> {
        if !cfg!(target_arch = "x86_64") {
            return None;
        }
        let seeds = st.seeds();
        // The exact layers have no slot: the child finds its value itself.
        if let Some(x) = self.shared.exact.as_ref().filter(|x| seeds <= x.max_seeds) {
            prefetch(x.values.as_ptr().wrapping_add(x.index(st, seeds)));
            return None;
        }
        let slot = self.slot_of(st, seeds);
        match slot {
            Slot::Db(i) => {
                if let Some(db) = &self.shared.db {
                    prefetch(db.bounds.as_ptr().wrapping_add(i));
                }
            }
            Slot::Table(key) => {
                let t = &self.shared.table;
                prefetch(t.buckets.as_ptr().wrapping_add(key as usize & t.mask));
            }
        }
        Some(slot)
    }

    /// The value, within (`alpha`, `beta`), of a move that gained `gain` seeds and left
    /// `child` (the mover's again after an extra turn, else the opponent's), from a node
    /// expected to cut off if `cut` (see [`Search::search`]).
    #[inline(always)]
    pub(super) fn move_value<const N: usize>(
        &mut self,
        (gain, extra, child): (i32, bool, &State<N>),
        alpha: i32,
        beta: i32,
        slot: Option<Slot>,
        cut: bool,
    ) -> i32 {
        // After an extra turn the child is the same side's choice, so the same kind of node;
        // else the other kind (a node expected to cut off has children expected to fail low).
        if extra {
            gain + self.search(child, alpha - gain, beta - gain, slot, cut)
        } else {
            gain - self.search(child, gain - beta, gain - alpha, slot, !cut)
        }
    }

    /// Fail-soft alpha-beta on the relative value; `slot`, if known, is where its bounds live.
    /// `cut`: the node is expected to reach `beta` (a CUT node, against an ALL node expected to
    /// fail low); the pass's root is expected to hold the guess (see [`Search::mtdf`]). Only
    /// ABDADA reads it: a node expected to cut off searches its eldest move even while another
    /// thread is on it, since its younger brothers would most likely be searched for nothing.
    pub(super) fn search<const N: usize>(
        &mut self,
        st: &State<N>,
        mut alpha: i32,
        mut beta: i32,
        slot: Option<Slot>,
        cut: bool,
    ) -> i32 {
        self.nodes += 1;
        // Every 1,024 nodes or more (the exact layers count many at once).
        if self.nodes >= self.checked + 0x400 && self.poll() {
            return 0;
        }
        let rules = self.rules;
        let (me, op) = st.sides();
        if let Some(v) = State::<N>::terminal_from(me, op, rules) {
            return v;
        }
        let seeds = me + op;
        if let Some(x) = self.shared.exact.as_ref().filter(|x| seeds <= x.max_seeds) {
            return x.value(st, seeds, rules, &mut self.nodes);
        }
        let s = seeds as i32;
        if s <= alpha {
            return s;
        }
        if -s >= beta {
            return -s;
        }
        let slot = slot.unwrap_or_else(|| self.slot_of(st, seeds));
        let (known, tt_move) = self.lookup(slot);
        if let Some(bounds) = known {
            (alpha, beta) = match narrow(bounds, alpha, beta) {
                Ok(window) => window,
                Err(v) => return v,
            };
        }
        let nodes0 = self.nodes;
        let order = order::<N>(st, tt_move, self.rules.capture);
        let count = order.iter().take_while(|&&i| i != NO_MOVE).count();
        if seeds >= self.etc_seeds {
            if let Some(v) = self.etc_cutoff(st, &order[..count], beta) {
                return v;
            }
        }
        let mut best = -s - 1;
        let mut best_move = order[0];
        let mut a = alpha;
        // Each child is made one move ahead, and its slot fetched from memory while the
        // previous child is searched.
        let mut next = st.play(order[0] as usize, rules);
        let mut next_slot = self.prefetch(&next.2);
        let mut k = 0;
        // ABDADA: the moves left for after the others, their children being searched by
        // another thread.
        let mut deferred = [NO_MOVE; N];
        let mut waiting = 0;
        let tracked = seeds >= self.abdada_seeds;
        let depth = self.path.len();
        if tracked {
            self.path.push((slot, alpha, beta));
        }
        while k < count {
            let i = order[k];
            let (gain, extra, child) = next;
            let child_slot = next_slot;
            k += 1;
            // Young brothers wait: near the root, once the first moves (`split_wait` of them)
            // have not cut off, the others go to every free thread.
            #[cfg(not(target_arch = "wasm32"))]
            if k == self.split_wait + 1 && count > k && seeds >= self.split_seeds && beta - a == 1 {
                (best, best_move) = self.split(st, &order[k - 1..count], a, beta, (best, best_move));
                if self.halted {
                    return self.leave(tracked, depth);
                }
                break;
            }
            if k < count {
                next = st.play(order[k] as usize, rules);
                next_slot = self.prefetch(&next.2);
            }
            let _claim = if seeds >= self.abdada_seeds {
                match self.shared.claim(&child) {
                    Some(c) => Some(c),
                    // At a node expected to cut off, the eldest (searched together).
                    None if cut && k == 1 => None,
                    None => {
                        deferred[waiting] = i;
                        waiting += 1;
                        continue;
                    }
                }
            } else {
                None
            };
            let v = self.move_value((gain, extra, &child), a, beta, child_slot, cut);
            if self.halted {
                return self.leave(tracked, depth);
            }
            if take(v, i, (&mut best, &mut best_move), &mut a, beta) {
                break;
            }
        }
        if a < beta && !self.search_deferred(st, &deferred[..waiting], (&mut a, beta), (&mut best, &mut best_move), cut)
        {
            return self.leave(tracked, depth);
        }
        if tracked {
            self.path.pop();
        }
        let bounds = merged(known.unwrap_or((-s, s)), best, alpha, beta);
        self.store(slot, bounds, best_move, self.nodes - nodes0);
        best
    }

    /// ABDADA: the moves left for last because another thread was on them, searched now in the
    /// window `(a, beta)`; false when the search halted.
    #[inline(always)]
    fn search_deferred<const N: usize>(
        &mut self,
        st: &State<N>,
        moves: &[u8],
        (a, beta): (&mut i32, i32),
        best: (&mut i32, &mut u8),
        cut: bool,
    ) -> bool {
        for &i in moves {
            let (gain, extra, child) = st.play(i as usize, self.rules);
            let v = self.move_value((gain, extra, &child), *a, beta, None, cut);
            if self.halted {
                return false;
            }
            if take(v, i, (&mut *best.0, &mut *best.1), a, beta) {
                break;
            }
        }
        true
    }

    /// The check made every 1,024 nodes or more: the handler asked (Stop, a deadline), the
    /// nodes counted for progress, and whether to leave the search (stopped, or a node on the
    /// path settled by another thread).
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        let done = self.nodes - self.checked;
        self.checked = self.nodes;
        if let Some(h) = self.handler.as_deref_mut() {
            if h.should_stop(self.nodes) {
                self.stop.store(true, Relaxed);
            }
        }
        if let Some(e) = self.events {
            e.nodes.fetch_add(done, Relaxed);
        }
        self.check_halt() || self.settled_above()
    }

    /// Enhanced transposition cutoff near the root: a child of `st` (among `moves`) already
    /// known good enough ends the search without searching any; its value.
    #[inline(always)]
    fn etc_cutoff<const N: usize>(&mut self, st: &State<N>, moves: &[u8], beta: i32) -> Option<i32> {
        let rules = self.rules;
        for &i in moves {
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
                return Some(v);
            }
        }
        None
    }

    /// Stores a node's bounds where they live: its database entry, or a table entry with its
    /// best move and the work it took (`nodes` searched under it, as a log).
    #[inline(always)]
    fn store(&mut self, slot: Slot, (lower, upper): (i32, i32), best_move: u8, nodes: u64) {
        match slot {
            Slot::Db(i) => self.shared.db.as_ref().expect("db").set(i, lower, upper),
            Slot::Table(key) => {
                let work = (64 - nodes.leading_zeros()) as u8 + 1;
                self.shared.table.store(Entry { key, lower: lower as i8, upper: upper as i8, best: best_move, work });
            }
        }
    }

    /// ABDADA: whether a node this thread is in, settled by another thread since, is to be
    /// left (see [`Search::path`]); the shallowest is.
    pub(super) fn settled_above(&mut self) -> bool {
        for d in 0..self.path.len() {
            let (slot, alpha, beta) = self.path[d];
            if let (Some((lower, upper)), _) = self.lookup(slot) {
                if lower >= beta || upper <= alpha {
                    self.unwind = Some((d, if lower >= beta { lower } else { upper }));
                    self.halted = true;
                    return true;
                }
            }
        }
        false
    }

    /// What a search at `depth` of the path (if `tracked`) returns once halted: the value
    /// another thread settled it on, searching on; else nothing (`halted` stays set).
    #[cold]
    pub(super) fn leave(&mut self, tracked: bool, depth: usize) -> i32 {
        if tracked {
            self.path.truncate(depth);
            if let Some((_, v)) = self.unwind.filter(|&(d, _)| d == depth) {
                self.unwind = None;
                self.halted = false;
                return v;
            }
        }
        0
    }
}

/// Takes `v`, the value of move `i`, into the best value and move so far and the window's
/// lower end `a`; whether it reaches `beta` (a cutoff).
#[inline(always)]
fn take(v: i32, i: u8, (best, best_move): (&mut i32, &mut u8), a: &mut i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        *best_move = i;
        if v > *a {
            *a = v;
            return v >= beta;
        }
    }
    false
}

/// What a search of the window `(alpha, beta)` that found `best` proved, merged with the
/// bounds known before it.
#[inline(always)]
fn merged((lower, upper): (i32, i32), best: i32, alpha: i32, beta: i32) -> (i32, i32) {
    if best <= alpha {
        (lower, upper.min(best))
    } else if best >= beta {
        (lower.max(best), upper)
    } else {
        (best, best)
    }
}

/// A window narrowed by a node's known bounds, or (`Err`) the value they already settle: a
/// bound past the window, or both bounds equal.
#[inline(always)]
fn narrow((lower, upper): (i32, i32), alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
    if lower >= beta {
        return Err(lower);
    }
    if upper <= alpha {
        return Err(upper);
    }
    if lower == upper {
        return Err(lower);
    }
    Ok((alpha.max(lower), beta.min(upper)))
}

/// Moves in search order: the table move, extra turns nearest the store first, captures by
/// size, moves that go past the store with the fewest seeds first, then the moves that end on
/// one's own side nearest the store first.
/// `NO_MOVE` pads.
///
/// This, the move, the table's probe and store and the database's index are always inlined into
/// [`Search::search`]: left as calls (the compiler's choice for this recursive function), the
/// browser's worker ran a few per cent slower, natively no change (measured when chosen).
#[inline(always)]
pub(super) fn order<const N: usize>(st: &State<N>, tt_move: Option<u8>, rule: CaptureRule) -> [u8; 12] {
    let len = 2 * N + 1;
    let tt = tt_move.unwrap_or(NO_MOVE);
    // A sort key per move, the move in its low 4 bits: class (table move, extra turn, capture,
    // a move past the store, a move ending on one's own side), then the seeds captured or
    // fewest seeds sown, then nearest the store. Ordering the quiet moves this way cut the
    // nodes of Kalah(6,4) by a quarter (measured when chosen). Kept sorted by
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

//! The parallel search (natively, with more than one thread), in one of two ways.
//!
//! **Two threads: young brothers wait.** A node near the root searches its first move alone
//! (its first two on a board of more than 48 seeds); if that does not cut off, its other moves
//! are searched at once by every thread that is free, on a work-stealing pool (rayon), and a
//! move that cuts off aborts its brothers. The searches are null-window (MTD(f)), so the
//! brothers need no window from each other: they are searched exactly as one thread would
//! search them, and the threads only lose the transpositions between brothers searched at the
//! same time and the brothers searched past a cutoff that the elder ones did not give.
//! Kalah(6,4), BENCHMARKS.md: 1.04 times the nodes of one thread, 1.9 times as fast.
//!
//! **Three threads or more: ABDADA.** Past a few threads young brothers wait starves: on 16
//! threads it did only 1.25 times the nodes of one but kept on average fewer than five busy
//! (2.95 times as fast on a 16-core host). So every thread searches the position's passes
//! together ([`Search::mtdf_shared`]: a shared window; the first to end a pass starts the next
//! for all), and a node near the root marks the child it searches ([`Shared::claim`]); a move
//! whose child another thread has marked waits until the node's other moves are searched,
//! except the eldest of a node expected to cut off (its brothers would most likely be searched
//! for nothing). A thread leaves the nodes it is in as soon as another thread has settled one
//! of them (every 1,024 nodes it looks their bounds up, [`Search::path`]). The threads spread
//! over the tree without ever waiting for each other: on Kalah(6,4), 1.15 times the nodes of
//! one thread on 16 (BENCHMARKS.md, "Kalah: ABDADA from three threads").
//!
//! The handler stays on the calling thread: the pool's searches post their windows and
//! results as [`Event`]s and count their nodes in one counter, which the calling thread reads
//! every few milliseconds, stopping the pool when the handler says so.

// One thread in the browser: the pool and its events are native only.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use super::*;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::AtomicU32;

/// What the threads of a solve share.
pub(super) struct Shared {
    pub(super) table: Table,
    pub(super) db: Option<Database>,
    /// Exact values below the database ([`Exact`]).
    pub(super) exact: Option<Exact>,
    /// ABDADA's marks: the keys of the positions near the root that a thread is searching now,
    /// one word per hash (a collision only loses a mark). Empty without ABDADA.
    pub(super) marks: Box<[AtomicU64]>,
}

/// ABDADA's marks: a power of two.
pub(super) const MARKS: usize = 1 << 16;

/// A thread's mark on the position it searches (see [`Shared::claim`]), taken off when dropped.
pub(super) struct Claim<'a> {
    cell: &'a AtomicU64,
    key: u64,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        // Only if no other thread's mark took its word since.
        let _ = self.cell.compare_exchange(self.key, 0, Relaxed, Relaxed);
    }
}

impl Shared {
    /// Marks `st` as searched by this thread, unless another thread marked it (`None`).
    pub(super) fn claim<const N: usize>(&self, st: &State<N>) -> Option<Claim<'_>> {
        let key = st.key();
        let cell = &self.marks[Self::mark_index(key)];
        // In one step, so that two threads never both take it.
        if cell.swap(key, Relaxed) == key {
            return None;
        }
        Some(Claim { cell, key })
    }

    pub(super) fn mark_index(key: u64) -> usize {
        (key ^ key >> 32) as usize & (MARKS - 1)
    }
}

/// The window of a position that all threads search together (ABDADA): the proven bounds, and
/// the pass the threads search with its guess, which the first thread to end a pass moves on.
#[derive(Default)]
pub(super) struct SharedWindow {
    pub(super) lo: AtomicI32,
    pub(super) hi: AtomicI32,
    /// The pass's number (high 32 bits) and guess (low), in one word so that they change
    /// together.
    pub(super) pass: AtomicU64,
    /// Set once, by the first thread to search the position.
    pub(super) open: std::sync::OnceLock<()>,
}

impl SharedWindow {
    pub(super) fn pack(number: u32, guess: i32) -> u64 {
        (number as u64) << 32 | guess as u32 as u64
    }

    pub(super) fn number(pass: u64) -> u32 {
        (pass >> 32) as u32
    }

    pub(super) fn guess(pass: u64) -> i32 {
        pass as u32 as i32
    }
}

/// What every search of a solve shares: the tables, the settings, the stop and the events (a
/// task of the pool takes them from the search that splits).
#[derive(Clone, Copy)]
pub(super) struct Base<'a> {
    pub(super) shared: &'a Shared,
    pub(super) rules: Rules,
    pub(super) etc_seeds: u32,
    pub(super) split_seeds: u32,
    pub(super) split_wait: usize,
    pub(super) abdada_seeds: u32,
    pub(super) stop: &'a AtomicBool,
    pub(super) events: Option<&'a Events>,
}

/// A split node's abort flag, chained to the split nodes above it: a search under it stops
/// when any of them is aborted.
pub(super) struct Abort<'p> {
    pub(super) flag: AtomicBool,
    pub(super) parent: Option<&'p Abort<'p>>,
}

impl Abort<'_> {
    /// Whether this split node or one above it was aborted.
    pub(super) fn any(&self) -> bool {
        let mut a = Some(self);
        while let Some(s) = a {
            if s.flag.load(Relaxed) {
                return true;
            }
            a = s.parent;
        }
        false
    }
}

/// What a search on the pool tells the handler, through the calling thread.
pub(super) enum Event {
    /// A root move's proven window (absolute, lower first).
    Window(AnyMove, i32, i32),
    /// The moves solved so far.
    Progress(Analysis<AnyMove>),
}

/// The pool's side of the handler: events to pass on and the nodes so far.
#[derive(Default)]
pub(super) struct Events {
    pub(super) queue: Mutex<Vec<Event>>,
    pub(super) nodes: AtomicU64,
    /// The positions searched by all threads together (ABDADA): one per root move analysed, or
    /// the root.
    pub(super) windows: Vec<SharedWindow>,
}

impl Events {
    pub(super) fn post(&self, e: Event) {
        self.queue.lock().expect("no panics while locked").push(e);
    }
}

/// Runs `work` on `pool` while the calling thread passes the events to `handler` and stops
/// the search (sets `stop`) when the handler says so.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn run_on_pool<R: Send>(
    pool: &rayon::ThreadPool,
    events: &Events,
    stop: &AtomicBool,
    handler: &mut dyn SearchHandler<AnyMove>,
    work: impl FnOnce() -> R + Send,
) -> R {
    let done = AtomicBool::new(false);
    let pass_on = |handler: &mut dyn SearchHandler<AnyMove>| {
        let events = std::mem::take(&mut *events.queue.lock().expect("no panics while locked"));
        for e in events {
            match e {
                Event::Window(mv, lo, hi) => handler.on_window(mv, lo, hi),
                Event::Progress(a) => handler.on_progress(&a),
            }
        }
    };
    let caller = std::thread::current();
    std::thread::scope(|sc| {
        let runner = sc.spawn(|| {
            let r = pool.install(work);
            done.store(true, Relaxed);
            // Wakes the caller at once: a solve of a small position (the opening book's) should
            // not wait out the 20 ms.
            caller.unpark();
            r
        });
        while !done.load(Relaxed) {
            std::thread::park_timeout(std::time::Duration::from_millis(20));
            pass_on(handler);
            if handler.should_stop(events.nodes.load(Relaxed)) {
                stop.store(true, Relaxed);
            }
        }
        let r = runner.join().expect("solver threads do not panic");
        pass_on(handler);
        r
    })
}

impl<'a, 'h> Search<'a, 'h> {
    /// A search on `base`'s tables, settings and stops, telling `handler`, under the split
    /// node `abort` if any (a task of the pool), its counters at zero.
    pub(super) fn new(
        base: Base<'a>,
        handler: Option<&'h mut dyn SearchHandler<AnyMove>>,
        abort: Option<&'a Abort<'a>>,
    ) -> Self {
        let Base { shared, rules, etc_seeds, split_seeds, split_wait, abdada_seeds, stop, events } = base;
        Search {
            shared,
            rules,
            etc_seeds,
            split_seeds,
            split_wait,
            abdada_seeds,
            stop,
            handler,
            events,
            abort,
            halted: false,
            nodes: 0,
            checked: 0,
            passes: 0,
            window: None,
            path: Vec::new(),
            unwind: None,
        }
    }

    /// What this search shares with the others of its solve.
    fn base(&self) -> Base<'a> {
        Base {
            shared: self.shared,
            rules: self.rules,
            etc_seeds: self.etc_seeds,
            split_seeds: self.split_seeds,
            split_wait: self.split_wait,
            abdada_seeds: self.abdada_seeds,
            stop: self.stop,
            events: self.events,
        }
    }
}

impl Search<'_, '_> {
    /// Whether the search must stop now: the solve was stopped, a split node above was
    /// aborted, or another thread ended the shared pass this searches. Remembered in `halted`,
    /// which every search returns on at once.
    #[inline]
    pub(super) fn check_halt(&mut self) -> bool {
        if self.stop.load(Relaxed)
            || self.abort.is_some_and(|a| a.any())
            || self
                .window
                .zip(self.events)
                .is_some_and(|((w, pass), e)| SharedWindow::number(e.windows[w].pass.load(Relaxed)) != pass)
        {
            self.halted = true;
        }
        self.halted
    }

    /// The moves of a split node after its eldest (the `split_wait` searched alone), on every
    /// free thread; returns the best
    /// value and move found (fail-soft, as the sequential loop would), the first move that
    /// reaches `beta` aborting the others. A null window (`beta == alpha + 1`). With
    /// `self.halted` set on return the values mean nothing (stopped, or aborted from above).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn split<const N: usize>(
        &mut self,
        st: &State<N>,
        moves: &[u8],
        alpha: i32,
        beta: i32,
        best: (i32, u8),
    ) -> (i32, u8) {
        let abort = Abort { flag: AtomicBool::new(false), parent: self.abort };
        let next = AtomicUsize::new(0);
        // Value (offset to be positive) over move: the largest is the best, fail-soft.
        let pack = |v: i32, i: u8| ((v + 512) as u32) << 8 | i as u32;
        let found = AtomicU32::new(pack(best.0, best.1));
        let nodes = AtomicU64::new(0);
        let rules = self.rules;
        let base = self.base();
        let worker = || {
            let mut ctx = Search::new(base, None, Some(&abort));
            loop {
                if abort.flag.load(Relaxed) {
                    break;
                }
                let k = next.fetch_add(1, Relaxed);
                let Some(&i) = moves.get(k) else { break };
                let (gain, extra, child) = st.play(i as usize, rules);
                let slot = ctx.prefetch(&child);
                // A split node is past its first moves: expected to fail low.
                let v = ctx.move_value((gain, extra, &child), alpha, beta, slot, false);
                if ctx.halted {
                    break;
                }
                found.fetch_max(pack(v, i), Relaxed);
                if v >= beta {
                    abort.flag.store(true, Relaxed);
                    break;
                }
            }
            // What its last checks did not post yet (the caller adds these nodes to its own
            // count, but not to what it posts).
            if let Some(e) = ctx.events {
                e.nodes.fetch_add(ctx.nodes - ctx.checked, Relaxed);
            }
            nodes.fetch_add(ctx.nodes, Relaxed);
        };
        let helpers = rayon::current_num_threads().min(moves.len()) - 1;
        rayon::in_place_scope(|s| {
            for _ in 0..helpers {
                s.spawn(|_| worker());
            }
            worker();
        });
        // The tasks posted their nodes themselves: counted, not posted again.
        let tasks = nodes.into_inner();
        self.nodes += tasks;
        self.checked += tasks;
        self.check_halt();
        let f = found.into_inner();
        ((f >> 8) as i32 - 512, (f & 0xFF) as u8)
    }
}

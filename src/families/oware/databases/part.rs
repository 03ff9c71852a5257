//! The databases built by several processes, each holding its part: every layer is split into
//! as many runs of ranks as there are processes ([`share`]), and a process keeps the values
//! of its runs only. A layer is built as [`Databases`] builds it — a first pass, then the
//! retrograde growth of the won and lost positions level by level, breadth first — with what
//! crosses a run's bounds sent through [`Rounds`]: the first pass asks the owners of the boards
//! after a capture for their values, and each breadth-first step sends every settled board's
//! predecessors to their owners. A step's outcome does not depend on the order its messages
//! are read in (a board is settled won by any lost child, lost by its last won child, and every
//! board settled in a step gets the step's distance), so the parts, put end to end, are the
//! bytes one process builds, which the tests check.
//!
//! The transport is not here: [`Rounds`] is a round of messages between the processes, given
//! by the CLI's distributed engine (Timely Dataflow, processes over TCP), or by threads in the
//! tests ([`local_rounds`](crate::engine::rounds::local_rounds)).

use std::ops::Range;

use super::build::{opens, NONE};
use super::model::MoverBoard;
use super::{Databases, Layer};
use crate::engine::rounds::{owner, share, Rounds};
use crate::families::capability::{BuiltPart, DatabasePart, PartProgress};
use crate::families::oware::{OwareRules, Ruleset};

/// Boards a process looks at in one round of the first pass, and settled boards whose
/// predecessors it sends in one round of a breadth-first step: each round's messages are a
/// few words a board, so this bounds them (about 50 MB a round).
const BATCH: usize = 1 << 20;

/// A word's low 40 bits: a rank within a process's run.
const LOW: u64 = (1 << 40) - 1;

/// One process's part of the databases: the values of its run of every layer built.
pub struct Part {
    db: Databases,
    process: usize,
    processes: usize,
    /// The values of this process's run of each layer built.
    values: Vec<Vec<i8>>,
    /// Boards a round ([`BATCH`]; the tests take a few, so that a step takes many rounds).
    batch: usize,
}

impl Part {
    /// Process `process`'s part of the databases of `rules` to at most `max_seeds` seeds,
    /// built by `processes` processes.
    pub fn new(rules: OwareRules, max_seeds: usize, process: usize, processes: usize) -> Part {
        assert!(process < processes, "process {process} of {processes}");
        Part { db: Databases::new(rules, max_seeds), process, processes, values: vec![], batch: BATCH }
    }

    /// The same, sending `batch` boards a round (at least one).
    pub fn with_batch(mut self, batch: usize) -> Part {
        self.batch = batch.max(1);
        self
    }

    /// The most bytes a process holds while it builds layer `seeds`: a byte a board of its runs
    /// of the layers below (their values); eight a board of its run of the layer built (first
    /// exits, moves that stay, values, distances — which hold Ayo's reach first — and the
    /// boards settled in a step and the next: four bytes in all, since a board is settled
    /// once);
    /// and a round's messages in and out.
    pub fn bytes_to_build(rules: OwareRules, seeds: usize, processes: usize) -> u64 {
        let ranker = crate::engine::rank::Ranker::new(2 * rules.pits(), seeds);
        let run = |k: usize| ranker.layer_size(k).div_ceil(processes as u64);
        let below: u64 = (0..seeds).map(run).sum();
        // A round's messages: two words out and in for each predecessor (or exit) of a batch.
        let messages = 2 * run(seeds).min(BATCH as u64) * 2 * 8 * rules.pits() as u64;
        below + run(seeds) * 8 + messages
    }

    /// The owner of rank `r` of layer `k`, and its place in the owner's run.
    #[inline]
    fn owner(&self, k: usize, r: u64) -> (usize, u64) {
        owner(self.db.layer_size(k), r, self.processes)
    }

    /// [`DatabasePart::build_next`].
    fn build(&mut self, rounds: &mut dyn Rounds, progress: &mut dyn FnMut(PartProgress)) -> Result<BuiltPart, String> {
        let k = self.values.len();
        if k > self.db.max_seeds() {
            return Err(format!("these databases stop at {} seeds", self.db.max_seeds()));
        }
        let run = self.run(k);
        let n = (run.end - run.start) as usize;
        let mut talk = Talk { rounds, sent: 0, count: 0 };
        let mut report = |pass: u8, done: usize, talk: &Talk<'_>| {
            progress(PartProgress {
                layer: k as u32,
                pass,
                done: done as u64,
                of: n as u64,
                rounds: talk.count,
                words: talk.sent,
            })
        };
        let (best, count) = self.first_pass(k, &run, &mut talk, &mut report)?;
        let mut state = Settle { best, count, value: vec![0i8; n], distance: vec![0u8; n], next: vec![] };
        if self.db.model.set == Ruleset::Ayo {
            self.end_without_captures(k, &run, &mut talk, &mut state)?;
        }
        let mut settled = 0;
        for t in (1..=k as i32).rev() {
            let ti = t as i8;
            let s = &mut state;
            let mut frontier: Vec<u32> = (0..n)
                .filter(|&r| opens(s.best[r], ti) && s.value[r] == 0 && (s.best[r] == ti || s.count[r] == 0))
                .map(|r| r as u32)
                .collect();
            for &r in &frontier {
                s.value[r as usize] = s.best[r as usize];
            }
            // A step: every settled board's predecessors to their owners with whether it is
            // lost and its distance. A level ends with a step in which no process sent anything.
            loop {
                settled += frontier.len();
                report(1, settled.min(n), &talk);
                let emit = |s: &Settle, q: u32, out: &mut Vec<Vec<u64>>| {
                    let lost = u64::from(s.value[q as usize] < 0);
                    let d = s.distance[q as usize].saturating_add(1);
                    self.db.predecessors(k, &self.db.ranker.unrank(k, run.start + u64::from(q)), &mut |p| {
                        let (owner, at) = self.owner(k, p);
                        out[owner].push(at | lost << 40 | u64::from(d) << 48);
                    });
                };
                // A lost child settles it won; a won one settles it lost once all its staying
                // moves are known to lead to won boards and its exits are worth -t or less.
                let take = |s: &mut Settle, w: u64| {
                    let p = (w & LOW) as usize;
                    if s.value[p] != 0 {
                        return;
                    }
                    let child_lost = w >> 40 & 1 == 1;
                    if !child_lost {
                        s.count[p] -= 1;
                    }
                    if child_lost || (s.count[p] == 0 && s.best[p] <= -ti) {
                        s.value[p] = if child_lost { ti } else { -ti };
                        s.distance[p] = (w >> 48) as u8;
                        s.next.push(p as u32);
                    }
                };
                if self.step(&mut talk, &frontier, &mut state, emit, take)? == 0 {
                    break;
                }
                frontier = std::mem::take(&mut state.next);
            }
        }
        report(1, n, &talk);
        let Settle { value, distance, .. } = state;
        let layer = Layer { values: value, distances: distance };
        let stats = layer.stats(k);
        let bytes = layer.to_bytes();
        self.values.push(layer.values);
        Ok(BuiltPart { bytes, stats })
    }

    /// One breadth-first step across the processes: `emit` turns each board of `items` into
    /// words for their owners, a batch of boards a round, until every process has sent all of
    /// its own; `take` reads each word sent to this process. Returns the words every process
    /// sent.
    fn step(
        &self,
        talk: &mut Talk<'_>,
        items: &[u32],
        state: &mut Settle,
        emit: impl Fn(&Settle, u32, &mut Vec<Vec<u64>>),
        mut take: impl FnMut(&mut Settle, u64),
    ) -> Result<u64, String> {
        let mut batches = items.chunks(self.batch);
        let mut all = 0;
        loop {
            let mut out = vec![vec![]; self.processes];
            for &q in batches.next().unwrap_or(&[]) {
                emit(state, q, &mut out);
            }
            let (inbox, [words, more]) = talk.round(out, u64::from(batches.len() > 0))?;
            all += words;
            for w in inbox {
                take(state, w);
            }
            if more == 0 {
                return Ok(all);
            }
        }
    }

    /// The first pass over this process's run: each board's best exit (or the value of a
    /// finished game) and the number of its moves that stay, a batch of boards a round: the
    /// boards after a capture go to their owners with the seeds captured, and come back with
    /// the exit's worth.
    fn first_pass(
        &self,
        k: usize,
        run: &Range<u64>,
        talk: &mut Talk<'_>,
        report: &mut dyn FnMut(u8, usize, &Talk<'_>),
    ) -> Result<(Vec<i8>, Vec<u8>), String> {
        let n = (run.end - run.start) as usize;
        let mut best = vec![NONE; n];
        let mut count = vec![0u8; n];
        // Every process does as many rounds, those of the longest run.
        let longest = self.layer_size(k).div_ceil(self.processes as u64) as usize;
        let parts = self.db.ranker.parts();
        // An empty run (a small layer) still takes part in every round.
        let mut b = if n > 0 { self.db.ranker.unrank(k, run.start) } else { [0; crate::engine::rank::MAX_PARTS] };
        let size = self.batch;
        for batch in 0..longest.div_ceil(size).max(1) {
            let mut out = vec![vec![]; self.processes];
            for r in (batch * size).min(n)..((batch + 1) * size).min(n) {
                if r > 0 {
                    self.db.ranker.next(&mut b[..parts]);
                }
                let (over, stay) = self.db.look(&b, |captured, child: &MoverBoard| {
                    let j = k - captured as usize;
                    let (owner, at) = self.owner(j, self.db.ranker.rank(&child[..parts]));
                    out[owner].push(at | (j as u64) << 48);
                    out[owner].push(r as u64 | u64::from(captured) << 40 | (self.process as u64) << 48);
                });
                best[r] = over;
                count[r] = stay;
            }
            report(0, ((batch + 1) * size).min(n), talk);
            // Each asker gets back the worth of its exits.
            let (asked, _) = talk.round(out, 0)?;
            let mut back = vec![vec![]; self.processes];
            for w in asked.chunks_exact(2) {
                let v = self.values[(w[0] >> 48) as usize][(w[0] & LOW) as usize];
                let worth = (w[1] >> 40 & 0xff) as i32 - v as i32;
                back[(w[1] >> 48) as usize].push(w[1] & LOW | u64::from(worth as i8 as u8) << 40);
            }
            let (answers, _) = talk.round(back, 0)?;
            for w in answers {
                let r = (w & LOW) as usize;
                best[r] = best[r].max((w >> 40) as u8 as i8);
            }
        }
        Ok((best, count))
    }

    /// Ayo's "neither player can ever capture" across the processes (see
    /// `Databases::end_without_captures`): the boards from which an exit can be reached are
    /// grown breadth first from those with one, a step at a time; every other board is a
    /// finished game, and the moves into it from a board that can reach an exit count as
    /// exits. `state.distance` holds the reach (1: an exit can be reached) until the
    /// retrograde pass, which starts from zeros.
    fn end_without_captures(
        &self,
        k: usize,
        run: &Range<u64>,
        talk: &mut Talk<'_>,
        state: &mut Settle,
    ) -> Result<(), String> {
        let n = state.best.len();
        let mut frontier: Vec<u32> = (0..n).filter(|&r| state.best[r] != NONE).map(|r| r as u32).collect();
        for &r in &frontier {
            state.distance[r as usize] = 1;
        }
        let predecessors = |_: &Settle, q: u32, out: &mut Vec<Vec<u64>>| {
            self.db.predecessors(k, &self.db.ranker.unrank(k, run.start + u64::from(q)), &mut |p| {
                let (owner, at) = self.owner(k, p);
                out[owner].push(at);
            });
        };
        let reach = |s: &mut Settle, w: u64| {
            if s.distance[w as usize] == 0 {
                s.distance[w as usize] = 1;
                s.next.push(w as u32);
            }
        };
        while self.step(talk, &frontier, state, predecessors, reach)? > 0 {
            frontier = std::mem::take(&mut state.next);
        }
        let m = &self.db.model;
        let stalled: Vec<u32> = (0..n).filter(|&r| state.distance[r] == 0).map(|r| r as u32).collect();
        let side = |q: u32| {
            let board = self.db.ranker.unrank(k, run.start + u64::from(q));
            ((m.side(&board, false) as i32 - m.side(&board, true) as i32) as i8, board)
        };
        for &r in &stalled {
            let (v, _) = side(r);
            state.value[r as usize] = v;
            state.best[r as usize] = v;
            state.count[r as usize] = 0;
        }
        let into_stalled = |_: &Settle, q: u32, out: &mut Vec<Vec<u64>>| {
            let (v, board) = side(q);
            self.db.predecessors(k, &board, &mut |p| {
                let (owner, at) = self.owner(k, p);
                out[owner].push(at | u64::from(-v as u8) << 40);
            });
        };
        let exit = |s: &mut Settle, w: u64| {
            let p = (w & LOW) as usize;
            if s.distance[p] == 1 {
                s.best[p] = s.best[p].max((w >> 40) as u8 as i8);
                s.count[p] -= 1;
            }
        };
        self.step(talk, &stalled, state, into_stalled, exit)?;
        state.distance.fill(0);
        Ok(())
    }
}

/// A layer's arrays while it is settled: each board's best exit and staying moves, value and
/// distance, and the boards settled in this step.
struct Settle {
    best: Vec<i8>,
    count: Vec<u8>,
    value: Vec<i8>,
    distance: Vec<u8>,
    next: Vec<u32>,
}

/// The rounds of a layer, counted: rounds, and words sent by this process.
struct Talk<'a> {
    rounds: &'a mut dyn Rounds,
    sent: u64,
    count: u64,
}

impl Talk<'_> {
    /// A round whose tally is the words this process sends and `more`; returns its words in,
    /// and the words sent by every process and the sum of `more`.
    fn round(&mut self, out: Vec<Vec<u64>>, more: u64) -> Result<(Vec<u64>, [u64; 2]), String> {
        let words: u64 = out.iter().map(|o| o.len() as u64).sum();
        self.sent += words;
        self.count += 1;
        self.rounds.round(out, [words, more])
    }
}

impl DatabasePart for Part {
    fn seeds(&self) -> usize {
        self.values.len()
    }

    fn layer_size(&self, k: usize) -> u64 {
        self.db.layer_size(k)
    }

    fn run(&self, k: usize) -> Range<u64> {
        share(self.db.layer_size(k), self.process, self.processes)
    }

    fn push_run(&mut self, values: Vec<i8>) -> Result<(), String> {
        let k = self.values.len();
        let want = self.run(k);
        if values.len() as u64 != want.end - want.start {
            return Err(format!("layer {k}'s run should hold {} values, not {}", want.end - want.start, values.len()));
        }
        self.values.push(values);
        Ok(())
    }

    fn build_next(
        &mut self,
        rounds: &mut dyn Rounds,
        progress: &mut dyn FnMut(PartProgress),
    ) -> Result<BuiltPart, String> {
        self.build(rounds, progress)
    }
}

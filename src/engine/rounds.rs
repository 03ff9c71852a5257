//! Rounds of messages between the processes of a computation split across them (the endgame
//! databases built in parts): the vocabulary a distributed engine gives the solvers, and a
//! transport between threads for the tests and as a reference.

use std::ops::Range;

/// A round of messages between the processes of a build: every process takes part in every
/// round, in the same order.
pub trait Rounds {
    /// This process, from 0.
    fn process(&self) -> usize;
    /// The processes of the build.
    fn processes(&self) -> usize;
    /// Sends `out[p]` to process `p` (this one included) with `tally`, and returns the words
    /// every process sent to this one (each sender's words together, the senders in any
    /// order) and the sum of every process's `tally`, once every process has sent its own.
    ///
    /// # Errors
    /// When the transport fails (a process died): in words.
    fn round(&mut self, out: Vec<Vec<u64>>, tally: [u64; 2]) -> Result<(Vec<u64>, [u64; 2]), String>;
}

/// The ranks of a layer of `size` boards that process `p` of `processes` owns: runs of
/// `ceil(size / processes)`, the last ones shorter or empty.
pub fn share(size: u64, p: usize, processes: usize) -> Range<u64> {
    let run = size.div_ceil(processes as u64);
    let from = (p as u64 * run).min(size);
    from..(from + run).min(size)
}

/// The process whose [`share`] of a layer of `size` boards holds rank `r`, and its place in it.
#[inline]
pub fn owner(size: u64, r: u64, processes: usize) -> (usize, u64) {
    let run = size.div_ceil(processes as u64);
    ((r / run) as usize, r % run)
}

/// `processes` [`Rounds`] between threads of this process (the tests' transport, and a
/// reference for any other): a shared mailbox and a barrier.
pub fn local_rounds(processes: usize) -> Vec<LocalRounds> {
    use std::sync::{Arc, Barrier, Mutex};
    let shared = Arc::new(LocalShared { mail: Mutex::new(vec![vec![]; processes]), barrier: Barrier::new(processes) });
    (0..processes).map(|process| LocalRounds { process, processes, shared: shared.clone() }).collect()
}

/// A batch of a round: its words and the sender's tally.
type Batch = (Vec<u64>, [u64; 2]);

/// What the threads of [`local_rounds`] share.
struct LocalShared {
    /// Each process's batches of the round: words and the sender's tally.
    mail: std::sync::Mutex<Vec<Vec<Batch>>>,
    barrier: std::sync::Barrier,
}

/// One thread's [`Rounds`] (see [`local_rounds`]).
pub struct LocalRounds {
    process: usize,
    processes: usize,
    shared: std::sync::Arc<LocalShared>,
}

impl Rounds for LocalRounds {
    fn process(&self) -> usize {
        self.process
    }

    fn processes(&self) -> usize {
        self.processes
    }

    fn round(&mut self, out: Vec<Vec<u64>>, tally: [u64; 2]) -> Result<(Vec<u64>, [u64; 2]), String> {
        {
            let mut mail = self.shared.mail.lock().map_err(|_| "a thread died".to_string())?;
            for (p, words) in out.into_iter().enumerate() {
                mail[p].push((words, tally));
            }
        }
        self.shared.barrier.wait();
        let mine = std::mem::take(&mut self.shared.mail.lock().map_err(|_| "a thread died".to_string())?[self.process]);
        self.shared.barrier.wait();
        let mut sum = [0u64; 2];
        let mut words = vec![];
        for (w, t) in mine {
            sum[0] += t[0];
            sum[1] += t[1];
            words.extend(w);
        }
        Ok((words, sum))
    }
}

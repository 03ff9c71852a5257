//! The bookkeeping of an exact solve shared between workers, one root move at a time: which
//! worker solves which move, the memory each may use, the replies merged into one stream for
//! the page, and what a failure ends. Pure (no browser), so it is tested natively; the page's
//! client only carries out what [`Job::on_reply`] says.

use std::cmp::Reverse;
use std::collections::VecDeque;

use super::worker::{Request, Task};

/// A worker's reply as the page reads it: a lab's part decoded by the lab that asked.
type Reply = super::worker::Reply<crate::labs::LabWire>;
use crate::engine::Value;
use crate::families::AnyMove;
use crate::search::{Analysis, MoveValue};

/// Each worker's part of the memory budget, in MiB: an equal share, never below 16.
pub fn per_worker_mib(total_mib: usize, workers: usize) -> usize {
    (total_mib / workers.max(1)).max(16)
}

/// A shared solve in flight.
#[derive(Debug)]
pub struct Job {
    id: u32,
    rules: String,
    setup: String,
    /// Memory budget of each worker, MiB.
    memory_mib: usize,
    /// Time limit of the whole solve (0: none) and its end on the page's clock.
    time_ms: u64,
    deadline: Option<f64>,
    start: f64,
    /// Root moves in the solver's order, and those not handed out yet.
    roots: Vec<AnyMove>,
    queue: VecDeque<AnyMove>,
    /// Per worker: solving a move now.
    busy: Vec<bool>,
    /// Nodes of the move each worker is on, memory each worker reported.
    live: Vec<u64>,
    memory: Vec<u64>,
    /// Solved moves with the best line that starts with each.
    results: Vec<(MoveValue<AnyMove>, Vec<AnyMove>)>,
    nodes_done: u64,
}

/// What the page's client must do after a reply of a worker on the job.
#[derive(Debug, Default, PartialEq)]
pub struct JobStep {
    /// Replies for the page, in order.
    pub to_page: Vec<Reply>,
    /// Requests to send: (worker, message text).
    pub send: Vec<(usize, String)>,
    /// Workers to terminate (busy on a move of no use now).
    pub terminate: Vec<usize>,
    /// The job is over (done or failed).
    pub finished: bool,
}

impl Job {
    /// A job of request `id` solving `rules`/`setup`'s root moves `roots` on `workers`
    /// workers that share `total_mib`, within `time_ms` (0: none), started at `start` (ms).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: u32,
        rules: &str,
        setup: &str,
        roots: Vec<AnyMove>,
        workers: usize,
        total_mib: usize,
        time_ms: u64,
        start: f64,
    ) -> Job {
        Job {
            id,
            rules: rules.into(),
            setup: setup.into(),
            memory_mib: per_worker_mib(total_mib, workers),
            time_ms,
            deadline: (time_ms > 0).then_some(start + time_ms as f64),
            start,
            queue: roots.iter().copied().collect(),
            roots,
            busy: vec![false; workers],
            live: vec![0; workers],
            memory: vec![0; workers],
            results: vec![],
            nodes_done: 0,
        }
    }

    /// The request id.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Each worker's memory budget, MiB.
    pub fn memory_mib(&self) -> usize {
        self.memory_mib
    }

    /// The first requests: a root move for every worker (as long as there are moves).
    pub fn start(&mut self, now: f64) -> Vec<(usize, String)> {
        (0..self.busy.len()).filter_map(|k| self.next_request(k, now).map(|t| (k, t))).collect()
    }

    fn nodes(&self) -> u64 {
        self.nodes_done + self.live.iter().sum::<u64>()
    }

    /// What is proven so far, best first (ties in the solver's root order).
    fn analysis(&self, complete: bool) -> Analysis<AnyMove> {
        let mut results: Vec<_> = self.results.iter().collect();
        let rank = |mv: AnyMove| self.roots.iter().position(|&r| r == mv);
        results.sort_by_key(|(m, _)| (Reverse(m.value), rank(m.mv)));
        let best_line = if complete { results.first().map(|r| r.1.clone()).unwrap_or_default() } else { vec![] };
        Analysis {
            depth: best_line.len() as u32,
            stopped: None,
            nodes: self.nodes(),
            value: results.first().map_or(Value::default(), |r| r.0.value),
            exact: complete,
            moves: results.iter().map(|r| r.0.clone()).collect(),
            best_line,
        }
    }

    /// Worker `k`'s next root move as a request, or `None` (and `k` idle) when none is left.
    fn next_request(&mut self, k: usize, now: f64) -> Option<String> {
        let Some(mv) = self.queue.pop_front() else {
            self.busy[k] = false;
            return None;
        };
        let time_ms = self.deadline.map_or(0, |d| (d - now).max(1.0) as u64);
        let guess = self.results.iter().map(|r| r.0.value).max().map(Value::number);
        let task = Task::Solve {
            rules: self.rules.clone(),
            setup: self.setup.clone(),
            memory_mib: self.memory_mib,
            time_ms,
            value_only: false,
            moves: vec![mv],
            guess,
        };
        self.busy[k] = true;
        Some(serde_json::to_string(&Request { id: self.id, task }).expect("serializable"))
    }

    /// Whether worker `k`'s reply belongs to the job (a worker that died says so without an
    /// id: it matters if it was on a root move).
    pub fn is_ours(&self, k: usize, reply: &Reply) -> bool {
        match (reply, reply.id()) {
            (Reply::Ready, _) => false,
            (Reply::Error { .. }, None) => self.busy.get(k).copied().unwrap_or(false),
            (_, id) => id == Some(self.id) && k < self.busy.len(),
        }
    }

    /// Takes worker `k`'s reply (one of the job's) at time `now`: what to tell the page, whom
    /// to send what, whom to stop.
    pub fn on_reply(&mut self, k: usize, reply: Reply, now: f64) -> JobStep {
        let id = self.id;
        let elapsed_ms = now - self.start;
        let mut step = JobStep::default();
        match reply {
            Reply::Memory { bytes, .. } => {
                self.memory[k] = bytes;
                step.to_page.push(Reply::Memory { id, bytes: self.memory.iter().sum() });
            }
            Reply::Nodes { nodes, .. } => {
                self.live[k] = nodes;
                step.to_page.push(Reply::Nodes { id, nodes: self.nodes(), elapsed_ms });
            }
            Reply::Window { .. } => step.to_page.push(reply),
            Reply::Done { analysis, memory_bytes, .. } => {
                self.live[k] = 0;
                self.memory[k] = self.memory[k].max(memory_bytes);
                if let Some(a) = analysis {
                    self.nodes_done += a.nodes;
                    if let Some(m) = a.moves.into_iter().next() {
                        self.results.push((m, a.best_line));
                    }
                }
                if let Some(text) = self.next_request(k, now) {
                    step.send.push((k, text));
                }
                if self.busy.iter().any(|&b| b) {
                    step.to_page.push(Reply::Progress { id, analysis: self.analysis(false), elapsed_ms });
                } else {
                    step.to_page.push(Reply::Done {
                        id,
                        analysis: Some(self.analysis(true)),
                        elapsed_ms,
                        memory_bytes: self.memory.iter().sum(),
                    });
                    step.finished = true;
                }
            }
            Reply::Error { message, .. } => {
                let message = if self.deadline.is_some_and(|d| now >= d) {
                    format!(
                        "not solved within {:.0} s: this position is too large for the time allowed",
                        self.time_ms as f64 / 1000.0
                    )
                } else {
                    message
                };
                // The other workers' moves are of no use now: stop them.
                step.terminate = (0..self.busy.len()).filter(|&j| self.busy[j]).collect();
                step.to_page.push(Reply::Error { id: Some(id), message });
                step.finished = true;
            }
            _ => {}
        }
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::AnyRules;

    /// Kalah's move from pit `i` (a, b, ...), read as the page reads it.
    fn mv(i: u8) -> AnyMove {
        let start = "kalah".parse::<AnyRules>().unwrap().start();
        start.parse_move(&char::from(b'a' + i).to_string()).unwrap()
    }

    fn done(id: u32, m: u8, value: i32, nodes: u64) -> Reply {
        let a = Analysis {
            nodes,
            value: Value::Margin(value),
            exact: true,
            moves: vec![MoveValue { mv: mv(m), value: Value::Margin(value), exact: true }],
            best_line: vec![mv(m)],
            ..Default::default()
        };
        Reply::Done { id, analysis: Some(a), elapsed_ms: 1.0, memory_bytes: 5 << 20 }
    }

    fn job(workers: usize) -> Job {
        Job::new(9, "kalah-4-3", "3.3.3.3-3.3.3.3-0.0-s", vec![mv(1), mv(2), mv(3), mv(0)], workers, 768, 0, 0.0)
    }

    #[test]
    fn the_memory_budget_is_shared_equally_and_never_below_16_mib() {
        assert_eq!(per_worker_mib(768, 1), 768);
        assert_eq!(per_worker_mib(768, 3), 256);
        assert_eq!(per_worker_mib(20, 4), 16);
        assert_eq!(per_worker_mib(768, 0), 768);
        assert_eq!(job(2).memory_mib(), 384);
    }

    #[test]
    fn moves_go_out_one_at_a_time_and_merge_best_first() {
        let mut j = job(2);
        let first = j.start(0.0);
        assert_eq!(first.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [0, 1]);
        let req: Request = serde_json::from_str(&first[0].1).unwrap();
        assert!(matches!(req.task, Task::Solve { ref moves, memory_mib: 384, .. } if moves == &[mv(1)]));
        // Worker 0 finishes b: it gets d; the page hears progress.
        let s = j.on_reply(0, done(9, 1, 6, 100), 10.0);
        assert_eq!(s.send.len(), 1);
        assert!(matches!(&s.to_page[..], [Reply::Progress { .. }]));
        assert!(!s.finished);
        for (k, m, v) in [(1, 2, 2), (0, 3, -2)] {
            let s = j.on_reply(k, done(9, m, v, 100), 20.0);
            assert!(!s.finished);
        }
        // Worker 1 finishes the last move (a): the whole analysis, best first.
        let s = j.on_reply(1, done(9, 0, -6, 100), 30.0);
        assert!(s.finished && s.send.is_empty());
        let [Reply::Done { analysis: Some(a), .. }] = &s.to_page[..] else { panic!("{s:?}") };
        let order: Vec<String> = a.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(order, ["b", "c", "d", "a"]);
        assert_eq!((a.value, a.nodes, a.exact, a.best_line.clone()), (Value::Margin(6), 400, true, vec![mv(1)]));
    }

    #[test]
    fn a_failure_stops_the_other_workers_and_says_why() {
        let mut j = job(3);
        j.start(0.0);
        // A worker that died (no id) while on a move: the job fails, the busy ones are stopped.
        let died = Reply::Error { id: None, message: "the search worker stopped: out of memory".into() };
        assert!(j.is_ours(1, &died));
        let s = j.on_reply(1, died, 5.0);
        assert!(s.finished);
        assert_eq!(s.terminate, [0, 1, 2]);
        assert!(matches!(&s.to_page[..], [Reply::Error { id: Some(9), message }] if message.contains("out of memory")));
        // Past the deadline, the message says the time was too short.
        let mut t = Job::new(9, "kalah-6-6", "", vec![mv(0), mv(1)], 2, 768, 1000, 0.0);
        t.start(0.0);
        let s = t.on_reply(0, Reply::Error { id: Some(9), message: "stopped".into() }, 1500.0);
        assert!(matches!(&s.to_page[..], [Reply::Error { message, .. }] if message.contains("not solved within 1 s")));
        // Replies of other requests, and an idle worker's death, are not the job's.
        let idle = job(5);
        assert!(!idle.is_ours(4, &Reply::Error { id: None, message: String::new() }));
        assert!(!idle.is_ours(0, &Reply::Nodes { id: 3, nodes: 1, elapsed_ms: 0.0 }));
    }
}

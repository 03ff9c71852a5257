//! The distributed engine: Timely Dataflow (processes over TCP, `docs/distributed.md`) as
//! [`Rounds`] of messages between the processes of a build. A round is one of timely's epochs:
//! every process sends one batch to every process (itself too) at the epoch, then steps its
//! worker until its probe says the epoch is complete everywhere, so every batch of the round
//! has arrived. The processes of a build launched here are watched: when one fails, the others
//! are stopped.

use std::cell::RefCell;
use std::path::Path;
use std::process::Child;
use std::rc::Rc;
use std::time::Duration;

use timely::communication::Config as Comm;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Pipeline;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Exchange, Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use super::CliError;
use crate::engine::rounds::Rounds;

/// A batch of a round: its process, the sender's tally, its words.
type Batch = (u32, [u64; 2], Vec<u64>);

/// Timely's rounds, on its worker.
struct TimelyRounds<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Batch>>>,
    probe: ProbeHandle<u64>,
    /// The batches arrived, with their rounds: a process that has seen a round complete may
    /// send the next one's before this one has seen it complete.
    inbox: Rc<RefCell<Vec<(u64, Batch)>>>,
    epoch: u64,
}

impl Rounds for TimelyRounds<'_> {
    fn process(&self) -> usize {
        self.worker.index()
    }

    fn processes(&self) -> usize {
        self.worker.peers()
    }

    fn round(&mut self, out: Vec<Vec<u64>>, tally: [u64; 2]) -> Result<(Vec<u64>, [u64; 2]), String> {
        for (p, words) in out.into_iter().enumerate() {
            self.input.send((p as u32, tally, words));
        }
        let round = self.epoch;
        self.epoch += 1;
        self.input.advance_to(self.epoch);
        while self.probe.less_than(self.input.time()) {
            self.worker.step_or_park(Some(Duration::from_millis(1)));
        }
        let mut sum = [0u64; 2];
        let mut words = vec![];
        let mut inbox = self.inbox.borrow_mut();
        let (now, later): (Vec<_>, Vec<_>) = inbox.drain(..).partition(|(t, _)| *t == round);
        *inbox = later;
        // Every process sends one batch to every process a round: one missing is a process
        // that has stopped taking part.
        if now.len() != self.worker.peers() {
            return Err(format!(
                "round {round} brought {} batches, not one from each of the {} processes: a process has stopped",
                now.len(),
                self.worker.peers()
            ));
        }
        for (_, (_, t, w)) in now {
            sum[0] += t[0];
            sum[1] += t[1];
            words.extend(w);
        }
        Ok((words, sum))
    }
}

/// Runs `job` as process `process` of those listening at `addresses` (one worker a process),
/// with timely's rounds.
///
/// # Errors
/// Timely cannot start (an address in use, or unreachable), or the job's worker panicked.
pub fn with_rounds<R: Send + 'static>(
    process: usize,
    addresses: Vec<String>,
    job: impl Fn(&mut dyn Rounds) -> Result<R, CliError> + Send + Sync + 'static,
) -> Result<R, CliError> {
    let communication = if addresses.len() == 1 {
        Comm::Thread
    } else {
        Comm::Cluster { threads: 1, process, addresses, report: false, zerocopy: false }
    };
    let config = timely::Config { communication, worker: Default::default() };
    // When another process dies, timely's network threads panic on the closed connection: one
    // line says so, rather than a panic's report.
    std::panic::set_hook(Box::new(move |info| {
        let what = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        eprintln!("mancala-lab: process {process}: {what}");
    }));
    // Timely says how its processes meet ("awaiting connections", a retry) on standard output,
    // where the report goes: while they meet, standard output is standard error.
    let _meeting = StdoutToStderr::new();
    let guards = timely::execute(config, move |worker| {
        let mut input = InputHandle::<u64, CapacityContainerBuilder<Vec<Batch>>>::new();
        let inbox: Rc<RefCell<Vec<(u64, Batch)>>> = Rc::default();
        let sink = inbox.clone();
        // The probe follows the operator that takes the batches in: a round is complete there
        // only once every batch of it has been taken (batches not yet read hold its input
        // back, and its output with it; it keeps no capability of its own).
        let probe = worker.dataflow(|scope| {
            scope
                .input_from(&mut input)
                .exchange(|b: &Batch| u64::from(b.0))
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(Pipeline, "Inbox", |capability, _| {
                    drop(capability);
                    move |input, _| {
                        input.for_each(|at, data| {
                            let round = at.least().copied().unwrap_or(0);
                            sink.borrow_mut().extend(data.drain(..).map(|b| (round, b)));
                        });
                    }
                })
                .probe()
                .0
        });
        let mut rounds = TimelyRounds { worker, input, probe, inbox, epoch: 0 };
        match job(&mut rounds) {
            Ok(r) => r,
            Err(e) => {
                // The others must not wait for this one, nor go on without it: leaving now
                // closes its connections, and theirs fail.
                eprintln!("mancala-lab: {e}");
                std::process::exit(2);
            }
        }
    })
    .map_err(|e| CliError::Processes(format!("process {process}: the distributed engine cannot start: {e}")))?;
    drop(_meeting);
    guards
        .join()
        .into_iter()
        .next()
        .ok_or_else(|| CliError::Processes(format!("process {process}: no worker ran")))?
        .map_err(|e| CliError::Processes(format!("process {process}: {e}")))
}

/// `n` ports of the loopback free now (each bound, then let go).
///
/// # Errors
/// None can be bound.
fn free_ports(n: usize) -> Result<Vec<u16>, CliError> {
    let listeners: Vec<std::net::TcpListener> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Processes(format!("no free port on 127.0.0.1: {e}")))?;
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.port()))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Processes(format!("no free port on 127.0.0.1: {e}")))
}

/// Launches `processes` processes of this program here, each with `args` and `--hosts FILE
/// --process I`, on ports of the loopback free now (FILE: a host file in `dir`, removed at the
/// end), and waits for them; when one fails, stops the others and says which, and `then` (how
/// to go on).
///
/// # Errors
/// A process cannot start, or failed.
pub fn launch_here(args: &[std::ffi::OsString], processes: usize, dir: &Path, then: &str) -> Result<(), CliError> {
    let hosts = dir.join(format!("mancala-lab-hosts-{}", std::process::id()));
    let ports = free_ports(processes)?;
    let text: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    std::fs::write(&hosts, text).map_err(|e| CliError::Files(format!("{}: {e}", hosts.display())))?;
    let r = run_here(args, processes, &hosts, then);
    let _ = std::fs::remove_file(&hosts);
    r
}

/// [`launch_here`]'s processes, given their host file.
fn run_here(args: &[std::ffi::OsString], processes: usize, hosts: &Path, then: &str) -> Result<(), CliError> {
    let exe = std::env::current_exe().map_err(|e| CliError::Processes(format!("this program's path: {e}")))?;
    let mut children = vec![];
    for i in 0..processes {
        let mut c = std::process::Command::new(&exe);
        c.args(args).arg("--hosts").arg(hosts).args(["--process", &i.to_string()]);
        c.env(super::files::LOCKED_BY_LAUNCHER, "1");
        // A process launched here ends with its launcher (killed, or stopped by a scheduler),
        // rather than going on alone.
        // SAFETY: prctl in the child before exec, async-signal-safe.
        #[cfg(target_os = "linux")]
        unsafe {
            use std::os::unix::process::CommandExt;
            c.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        match c.spawn() {
            Ok(child) => children.push(child),
            Err(e) => {
                stop(&mut children);
                return Err(CliError::Processes(format!("process {i} cannot start: {e}")));
            }
        }
    }
    wait_all(children, then)
}

/// Stops processes launched here.
fn stop(children: &mut [Child]) {
    for c in children {
        let _ = c.kill();
        let _ = c.wait();
    }
}

/// Waits for the processes launched here; when one fails, stops the others and says which
/// failed, and `then`.
///
/// # Errors
/// A process failed.
fn wait_all(mut children: Vec<Child>, then: &str) -> Result<(), CliError> {
    let n = children.len();
    let mut ended: Vec<Option<std::process::ExitStatus>> = vec![None; n];
    loop {
        for (i, c) in children.iter_mut().enumerate() {
            if ended[i].is_none() {
                ended[i] = c.try_wait().map_err(|e| CliError::Processes(format!("process {i} of {n}: {e}")))?;
            }
        }
        if ended.iter().all(|e| e.is_some_and(|s| s.success())) {
            return Ok(());
        }
        if ended.iter().any(|e| e.is_some_and(|s| !s.success())) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // One failed: the others lose their connections to it and fail too, a moment later. The
    // one to name is the first that did not fail that way (killed, or ended by its own error),
    // rather than the first seen.
    std::thread::sleep(Duration::from_millis(300));
    for (i, c) in children.iter_mut().enumerate() {
        if ended[i].is_none() {
            ended[i] = c.try_wait().ok().flatten();
        }
    }
    stop(&mut children);
    let failed = |i: &usize| ended[*i].is_some_and(|s| !s.success());
    let lost_a_peer = |i: &usize| ended[*i].and_then(|s| s.code()) == Some(PANICKED);
    let i = (0..n).filter(failed).find(|i| !lost_a_peer(i)).or_else(|| (0..n).find(failed)).unwrap_or(0);
    let why = ended[i].map_or_else(|| "unknown".to_string(), |s| s.to_string());
    Err(CliError::Processes(format!("process {i} of {n} failed ({why}), and the others were stopped; {then}")))
}

/// The exit code of a process whose thread panicked (Rust's): here, a process whose
/// connection to a peer closed.
const PANICKED: i32 = 101;

/// Standard output sent to standard error while it lives (file descriptor 1 made a copy of 2,
/// and put back when dropped).
struct StdoutToStderr {
    saved: i32,
}

impl StdoutToStderr {
    fn new() -> StdoutToStderr {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        // SAFETY: dup and dup2 on the process's own standard descriptors; a failure leaves
        // standard output as it was (saved < 0 is never put back).
        let saved = unsafe { libc::dup(1) };
        if saved >= 0 {
            unsafe { libc::dup2(2, 1) };
        }
        StdoutToStderr { saved }
    }
}

impl Drop for StdoutToStderr {
    fn drop(&mut self) {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        if self.saved >= 0 {
            // SAFETY: puts back the descriptor saved by `new`, then closes the copy.
            unsafe {
                libc::dup2(self.saved, 1);
                libc::close(self.saved);
            }
        }
    }
}

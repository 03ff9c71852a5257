//! `endgame … --processes P` and `endgame … --hosts FILE --process I`: the endgame databases
//! built across processes, each holding its run of every layer (see the Oware family's
//! `databases::part`), through a distributed engine's rounds of messages ([`super::cluster`],
//! Timely Dataflow, with the `distributed` feature). Each process writes its run of a layer to
//! the folder, the first one puts the runs end to end as the layer's file — byte for byte the
//! file one process writes — and a build that is stopped or killed goes on from its last
//! finished layer when run again, with any number of processes.

// Without the engine only the routing runs (and says how to build it); the rest is tested on
// threads.
#![cfg_attr(not(feature = "distributed"), allow(dead_code))]

use std::path::Path;
use std::time::Instant;

use super::databases::{last_layer, EndgameArgs, EndgameReport, ProcessFigures};
use super::files::{stats_of, Folder};
use super::progress::{mib, Progress};
use super::CliError;
use crate::engine::rounds::Rounds;
use crate::engine::text::group;
use crate::families::capability::{combine, LayerStats, PartProgress};
use crate::families::AnyRules;

/// The environment variable that makes a process of a build die at the start of a layer, as
/// `PROCESS:LAYER` (the tests' killed process).
pub const DIE_AT: &str = "MANCALA_LAB_DIE_AT";

/// The most seeds a build across processes goes to: the whole of Awari.
pub const MAX_SEEDS: usize = 48;

/// The most processes of a build or a solve.
pub const MAX_PROCESSES: usize = 1024;

/// Routes `endgame` with `--processes`, or `--hosts` and `--process`.
///
/// # Errors
/// Options that do not go together, and those of the build.
pub fn endgame(a: EndgameArgs) -> Result<Option<EndgameReport>, CliError> {
    let rules = super::databases::database_rules(&a.rules)?;
    if a.seeds > MAX_SEEDS {
        return Err(CliError::OutOfRange {
            option: "--seeds",
            value: a.seeds as u64,
            allowed: "0 to 48 across processes",
        });
    }
    let place = where_to_run(a.processes, a.process, a.hosts.as_deref())?;
    let Some(dir) = a.out.clone() else {
        return Err(CliError::Files(
            "a build across processes needs --out DIR: its processes write their layers there, and a build stopped goes on from there".into(),
        ));
    };
    match place {
        Where::Here(p) => launch(rules, &a, &dir, p).map(|()| None),
        Where::Cluster { process, addresses } => as_process(rules, &a, &dir, process, addresses),
    }
}

/// Where the processes of a computation across processes run.
pub(super) enum Where {
    /// This many, launched here.
    Here(usize),
    /// This process of those listening at these addresses (a host file's).
    Cluster { process: usize, addresses: Vec<String> },
}

/// Where `--processes`, `--process` and `--hosts` say to run (not all three absent).
///
/// # Errors
/// Out of range, or options that do not go together.
pub(super) fn where_to_run(
    processes: Option<usize>,
    process: Option<usize>,
    hosts: Option<&Path>,
) -> Result<Where, CliError> {
    match (processes, process, hosts) {
        (Some(p), None, None) if (1..=MAX_PROCESSES).contains(&p) => Ok(Where::Here(p)),
        (Some(p), None, None) => {
            Err(CliError::OutOfRange { option: "--processes", value: p as u64, allowed: "1 to 1024" })
        }
        (given, Some(i), Some(hosts)) => {
            let addresses = read_hosts(hosts)?;
            check_cluster(given, i, hosts, addresses.len())?;
            Ok(Where::Cluster { process: i, addresses })
        }
        _ => Err(CliError::Processes(
            "--process and --hosts go together (one process of a cluster); --processes alone launches them here".into(),
        )),
    }
}

/// A process `i` of the `n` of a host file, and `--processes` (if given) that many.
///
/// # Errors
/// Either is not.
fn check_cluster(given: Option<usize>, i: usize, hosts: &Path, n: usize) -> Result<(), CliError> {
    if given.is_some_and(|p| p != n) {
        return Err(CliError::Processes(format!(
            "--processes {} but {} lists {n} processes",
            given.unwrap_or(0),
            hosts.display()
        )));
    }
    if i >= n {
        return Err(CliError::Processes(format!(
            "--process {i} is not one of the {n} processes of {} (0 to {})",
            hosts.display(),
            n - 1
        )));
    }
    Ok(())
}

/// The addresses of a host file: one `host:port` a line, blank lines and `#` comments aside.
fn read_hosts(path: &Path) -> Result<Vec<String>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Files(format!("{}: {e}", path.display())))?;
    let hosts: Vec<String> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    if let Some(bad) = hosts.iter().find(|h| h.rsplit_once(':').is_none_or(|(_, port)| port.parse::<u16>().is_err())) {
        return Err(CliError::Files(format!(
            "{}: '{}' is not host:port",
            path.display(),
            crate::engine::text::clip(bad, 40)
        )));
    }
    if hosts.is_empty() || hosts.len() > MAX_PROCESSES {
        return Err(CliError::Files(format!(
            "{}: 1 to {MAX_PROCESSES} processes, one host:port a line",
            path.display()
        )));
    }
    Ok(hosts)
}

/// The memory one process may use: seven eighths of what is available, shared by `here`
/// processes on this machine.
fn check_memory(rules: AnyRules, seeds: usize, processes: usize, here: usize) -> Result<u64, CliError> {
    // A process's run of a layer holds at most 2³² boards (its frontiers' indices).
    let last = last_layer(rules, seeds).unwrap_or(0);
    if last.div_ceil(processes as u64) > u64::from(u32::MAX) {
        return Err(CliError::OutOfRange {
            option: "--processes",
            value: processes as u64,
            allowed: "more processes: a process's run of a layer holds at most 2³² boards",
        });
    }
    let bytes = rules.part_bytes(seeds, processes).ok_or_else(super::databases::no_databases)?;
    if let Some(free) = crate::engine::memory::available() {
        let usable = (free - free / 8) / here as u64;
        if bytes > usable {
            return Err(CliError::Solve(crate::families::SolveError::Memory(format!(
                "each of {processes} processes needs about {} to build the databases to {seeds} seeds, more than the {} that each of the {here} here may use (seven eighths of the {} available, shared)",
                mib(bytes),
                mib(usable),
                mib(free)
            ))));
        }
    }
    Ok(bytes)
}

/// Launches `processes` processes of this program here (`endgame` with `--hosts` and
/// `--process`), and waits for them.
#[cfg(feature = "distributed")]
fn launch(rules: AnyRules, a: &EndgameArgs, dir: &Path, processes: usize) -> Result<(), CliError> {
    check_memory(rules, a.seeds, processes, processes)?;
    let _lock = Folder::open(dir, rules)?.lock()?;
    let mut args: Vec<std::ffi::OsString> =
        vec!["endgame".into(), rules.to_string().into(), "--seeds".into(), a.seeds.to_string().into()];
    args.extend(["--out".into(), dir.as_os_str().to_owned()]);
    if a.progress {
        args.push("--progress".into());
    }
    if a.json {
        args.push("--json".into());
    }
    let how =
        format!("the layers finished are kept in {}: run the same command again to go on from there", dir.display());
    super::cluster::launch_here(&args, processes, dir, &how)
}

#[cfg(not(feature = "distributed"))]
fn launch(_: AnyRules, _: &EndgameArgs, _: &Path, _: usize) -> Result<(), CliError> {
    Err(not_built())
}

/// Runs as process `i` of a build whose processes listen at `addresses`.
#[cfg(feature = "distributed")]
fn as_process(
    rules: AnyRules,
    a: &EndgameArgs,
    dir: &Path,
    i: usize,
    addresses: Vec<String>,
) -> Result<Option<EndgameReport>, CliError> {
    let processes = addresses.len();
    // The processes on this machine share its memory: those of the same host as this one.
    let host = |a: &str| a.rsplit_once(':').map_or(a, |(h, _)| h).to_string();
    let here = addresses.iter().filter(|a| host(a) == host(&addresses[i])).count().max(1);
    let bytes = check_memory(rules, a.seeds, processes, here)?;
    // Checked before the processes meet, so that a bad folder says so at once; the first
    // process holds it for the build (unless its launcher does).
    let folder = Folder::open(dir, rules)?;
    let _lock = if i == 0 { folder.lock()? } else { None };
    let (seeds, lines, json) = (a.seeds, a.progress, a.json);
    super::cluster::with_rounds(i, addresses, move |rounds| {
        build_parts(rules, seeds, &folder, rounds, &mut Progress::new(json, lines), bytes)
    })
}

#[cfg(not(feature = "distributed"))]
fn as_process(
    _: AnyRules,
    _: &EndgameArgs,
    _: &Path,
    _: usize,
    _: Vec<String>,
) -> Result<Option<EndgameReport>, CliError> {
    Err(not_built())
}

#[cfg(not(feature = "distributed"))]
pub(super) fn not_built() -> CliError {
    CliError::Processes(
        "this mancala-lab was built without the distributed engine: build it with `cargo build --release --features cli,distributed`".into(),
    )
}

/// A process's figures for a layer, as words for the first process ([`read_figures`]).
fn figure_words(me: usize, s: &LayerStats, last: &PartProgress, seconds: f64) -> Vec<u64> {
    vec![
        me as u64,
        s.positions,
        s.won,
        s.drawn,
        s.lost,
        (s.largest + 128) as u64,
        last.rounds,
        last.words,
        (seconds * 1e6) as u64,
    ]
}

/// Every process's figures for layer `k` from their words ([`figure_words`]): each run's
/// figures, and each process's.
fn read_figures(k: usize, words: &[u64]) -> (Vec<LayerStats>, Vec<ProcessFigures>) {
    words
        .chunks_exact(9)
        .map(|w| {
            let run = LayerStats {
                seeds: k as u32,
                positions: w[1],
                won: w[2],
                drawn: w[3],
                lost: w[4],
                largest: w[5] as i32 - 128,
                millis: 0.0,
            };
            let process = ProcessFigures {
                process: w[0] as usize,
                seeds: k as u32,
                boards: w[1],
                rounds: w[6],
                words: w[7],
                seconds: w[8] as f64 / 1e6,
            };
            (run, process)
        })
        .unzip()
}

/// Builds this process's runs of the databases of `rules` to `seeds` with the others through
/// `rounds`, writing each layer's run to `folder`, and reading back the layers it holds. The
/// first process puts each layer's runs end to end and reports (the others return `None`).
///
/// # Errors
/// The files', and the transport's (a process died).
pub fn build_parts(
    rules: AnyRules,
    seeds: usize,
    folder: &Folder,
    rounds: &mut dyn Rounds,
    progress: &mut Progress,
    bytes: u64,
) -> Result<Option<EndgameReport>, CliError> {
    let (me, processes) = (rounds.process(), rounds.processes());
    let start = Instant::now();
    let who = format!("process {me} of {processes}");
    progress.say(&format!(
        "{who}: endgame databases of {} to {seeds} seeds: up to {} of memory",
        rules.title(),
        mib(bytes)
    ));
    let mut part = rules.database_part(seeds, me, processes).ok_or_else(super::databases::no_databases)?;
    let transport = |e: String| {
        CliError::Processes(format!(
            "{who}: {e}; the layers finished are kept in {}: run the same command again to go on",
            folder.dir().display()
        ))
    };
    // The first process says which layers are finished, so that all go on from the same one.
    let mine = if me == 0 { folder.finished(seeds, |k| last_layer(rules, k).unwrap_or(0))? as u64 } else { 0 };
    let (_, [done, _]) = rounds.round(vec![vec![]; processes], [mine, 0]).map_err(transport)?;
    let done = done as usize;
    let mut layers = vec![];
    for k in 0..done {
        part.push_run(folder.read_values(k, part.run(k))?).map_err(CliError::Files)?;
        if me == 0 {
            layers.push(stats_of(k, &folder.read_layer(k)?));
        }
    }
    if done > 0 {
        progress.say(&format!("{who}: layers 0 to {} read back from {}", done - 1, folder.dir().display()));
    }
    let die_at = std::env::var(DIE_AT).ok().and_then(|v| {
        let (p, k) = v.split_once(':')?;
        Some((p.parse::<usize>().ok()?, k.parse::<usize>().ok()?))
    });
    let mut figures = vec![];
    for k in done..=seeds {
        if die_at == Some((me, k)) {
            eprintln!("{who}: dies at layer {k} ({DIE_AT})");
            std::process::abort();
        }
        let t = Instant::now();
        let mut report = |p: PartProgress| {
            progress.tick(|| {
                format!(
                    "{who}: layer {} of {seeds}: {} {} of {} boards, {} rounds, {} words sent",
                    p.layer,
                    if p.pass == 0 { "first pass" } else { "retrograde" },
                    group(p.done.into()),
                    group(p.of.into()),
                    p.rounds,
                    group(p.words.into())
                )
            });
        };
        let mut last = PartProgress { layer: k as u32, pass: 0, done: 0, of: 0, rounds: 0, words: 0 };
        let built = part
            .build_next(rounds, &mut |p| {
                last = p;
                report(p);
            })
            .map_err(transport)?;
        folder.write_run(k, me, processes, &built.bytes)?;
        let seconds = t.elapsed().as_secs_f64();
        progress.milestone(&format!(
            "{who}: layer {k} done: {} boards in {seconds:.2} s, {} rounds, {} words sent",
            group(built.stats.positions.into()),
            last.rounds,
            group(last.words.into())
        ));
        // Every process's figures to the first, which puts the runs end to end.
        let mut out = vec![vec![]; processes];
        out[0] = figure_words(me, &built.stats, &last, seconds);
        let (inbox, _) = rounds.round(out, [0, 0]).map_err(transport)?;
        if me == 0 {
            folder.merge_runs(k, processes)?;
            let (runs, each) = read_figures(k, &inbox);
            figures.extend(each);
            let mut all = combine(&runs);
            all.millis = seconds * 1e3;
            layers.push(all);
        }
    }
    if me != 0 {
        return Ok(None);
    }
    figures.sort_by_key(|f| (f.seeds, f.process));
    let seconds = start.elapsed().as_secs_f64();
    let positions = layers.iter().map(|l| l.positions).sum();
    let built: u64 = layers.iter().skip(done).map(|l| l.positions).sum();
    let held: u64 = (0..=seeds).map(|k| 2 * last_layer(rules, k).unwrap_or(0)).sum();
    Ok(Some(EndgameReport {
        rules: rules.to_string(),
        seeds: seeds as u32,
        layers,
        positions,
        bytes: held,
        seconds,
        positions_per_second: built as f64 / seconds.max(1e-9),
        read_back: done,
        threads: 1,
        peak_memory_bytes: crate::engine::memory::peak(),
        processes: figures,
        title: rules.title(),
    }))
}

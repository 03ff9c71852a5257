//! The CLI under hostile input: every invocation of `tests/cli-corpus.txt` (the replay, part of
//! `make test`) and random mutations of them (`make fuzz`) ends in time with exit status 0 or 2,
//! never a panic (101), an abort (134) or a signal, and says something.

use std::process::Command;
use std::time::{Duration, Instant};

/// The corpus's invocations: one a line, `#` lines and blank lines aside.
fn corpus() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli-corpus.txt")).unwrap();
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(split).collect()
}

/// Arguments split at spaces; 'single quotes' keep spaces (and may hold nothing).
fn split(line: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                cur.get_or_insert_with(String::new);
            }
            ' ' if !quoted => out.extend(cur.take()),
            c => cur.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(cur);
    out
}

/// How an invocation ended: its exit status (None: a signal, or killed past `limit`), whether
/// it ran past the limit, and its standard error.
fn run_for(args: &[String], limit: Duration) -> (Option<i32>, bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-lab"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            use std::io::Read as _;
            let _ = child.stderr.take().unwrap().read_to_string(&mut err);
            return (status.code(), false, err);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return (None, true, String::new());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// What is wrong with how an invocation ended, if anything.
fn fault(args: &[String], (code, late, err): &(Option<i32>, bool, String)) -> Option<String> {
    let shown = args.join(" ");
    if *late {
        return Some(format!("{shown}: still running past the limit, with nothing said"));
    }
    match code {
        Some(0) => None,
        Some(2) if !err.trim().is_empty() && !err.contains("panicked") => None,
        Some(2) => Some(format!("{shown}: exit 2 without a message: {err}")),
        Some(c) => Some(format!("{shown}: exit {c}: {}", err.lines().next().unwrap_or(""))),
        None => Some(format!("{shown}: killed by a signal: {err}")),
    }
}

#[test]
fn the_cli_corpus_replays_cleanly() {
    let corpus = corpus();
    assert!(corpus.len() >= 50, "{} invocations", corpus.len());
    let faults: Vec<String> =
        corpus.iter().filter_map(|args| fault(args, &run_for(args, Duration::from_secs(60)))).collect();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Values that break parsers and limits.
const HOSTILE: &[&str] = &[
    "0",
    "-1",
    "1",
    "65",
    "255",
    "256",
    "65536",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "",
    "x",
    "-",
    "--",
    "--json",
    "é",
    "\u{202E}",
    "*",
    "{",
    "}",
    "(",
    ")",
    "1/0",
    "+-",
    "...",
    "4.4.4",
    "0-0-0",
];

/// Random mutations of the corpus (a token replaced by a hostile value, dropped or doubled),
/// each given 10 seconds: every one must end as the corpus's do. `FUZZ_CASES` sets how many
/// (default 2,000).
#[test]
#[ignore = "run by `make fuzz`: thousands of invocations, minutes"]
fn fuzz_cli() {
    let cases: usize = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let corpus = corpus();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let (mut faults, mut late) = (vec![], 0);
    let t = Instant::now();
    for _ in 0..cases {
        let mut args = corpus[next(corpus.len())].clone();
        let k = next(args.len());
        match next(4) {
            0 => args[k] = HOSTILE[next(HOSTILE.len())].to_string(),
            1 if args.len() > 1 => {
                args.remove(k);
            }
            2 => args.insert(k, args[k].clone()),
            _ => args[k] = format!("{}{}", args[k], HOSTILE[next(HOSTILE.len())]),
        }
        let ran = run_for(&args, Duration::from_secs(10));
        if ran.1 {
            late += 1;
            println!("fuzz cli: past 10 s with nothing said: {}", args.join(" "));
        } else if let Some(f) = fault(&args, &ran) {
            faults.push(f);
        }
    }
    println!(
        "fuzz cli: {cases} invocations in {:.0} s, {} faults, {late} past 10 s",
        t.elapsed().as_secs_f64(),
        faults.len()
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

//! The endgame databases built across processes on the distributed engine (the CLI built with
//! the `distributed` feature): the files of two and three processes are byte for byte those of
//! one, for every rule set of the Oware family; a process killed in the middle of a build, and
//! the same command run again, end with the same bytes; and the exact solver across processes
//! gives the one-process values.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala-lab"));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// A fresh folder under the target directory.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("distributed").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The layer files of a folder, by name (other files aside).
fn layers(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("layer-") && n.ends_with(".bin"))
        .map(|n| (n.clone(), std::fs::read(dir.join(&n)).unwrap()))
        .collect();
    v.sort();
    v
}

fn build(rules: &str, seeds: u32, dir: &Path, processes: Option<usize>, env: &[(&str, &str)]) -> Output {
    let seeds = seeds.to_string();
    let dir = dir.to_str().unwrap();
    let mut args = vec!["endgame", rules, "--seeds", &seeds, "--out", dir, "--json"];
    let p = processes.map(|p| p.to_string());
    match &p {
        Some(p) => args.extend(["--processes", p]),
        None => args.extend(["--threads", "1"]),
    }
    cli(&args, env)
}

fn ok(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)))
}

/// Two and three processes build the databases to 12 seeds of every Oware rule set byte for
/// byte as one process does, and report the same figures, with every process's part.
#[test]
fn every_oware_rule_set_to_12_seeds_across_processes_is_the_one_process_bytes() {
    for rules in ["awari", "oware", "oware-6-4-gi", "ayo", "wari"] {
        let one = folder(&format!("{rules}-1"));
        let alone = ok(&build(rules, 12, &one, None, &[]));
        let want = layers(&one);
        assert_eq!(want.len(), 13, "{rules}: layers 0 to 12");
        for processes in [2, 3] {
            let dir = folder(&format!("{rules}-{processes}"));
            let report = ok(&build(rules, 12, &dir, Some(processes), &[]));
            let got = layers(&dir);
            assert_eq!(got.len(), want.len(), "{rules} in {processes}");
            for ((name, a), (_, b)) in want.iter().zip(&got) {
                assert!(a == b, "{rules}: {name} of {processes} processes differs from one process's");
            }
            assert_eq!(report["layers"].as_array().unwrap().len(), 13);
            for (a, b) in alone["layers"].as_array().unwrap().iter().zip(report["layers"].as_array().unwrap()) {
                for key in ["positions", "won", "drawn", "lost", "largest"] {
                    assert_eq!(a[key], b[key], "{rules} in {processes}: layer {} {key}", a["seeds"]);
                }
            }
            // Each process's part of each layer, their boards adding up to the layer's.
            let parts = report["processes"].as_array().unwrap();
            assert_eq!(parts.len(), 13 * processes);
            for layer in report["layers"].as_array().unwrap() {
                let boards: u64 =
                    parts.iter().filter(|p| p["seeds"] == layer["seeds"]).map(|p| p["boards"].as_u64().unwrap()).sum();
                assert_eq!(boards, layer["positions"].as_u64().unwrap());
            }
        }
    }
}

/// A process killed at layer 9 stops the build, which says so and keeps the layers finished;
/// the same command run again goes on from there (with another number of processes too) and
/// ends with the one-process bytes.
#[test]
fn a_killed_process_and_a_restart_end_identical() {
    let one = folder("killed-1");
    ok(&build("awari", 12, &one, None, &[]));
    let dir = folder("killed-3");
    let killed = build("awari", 12, &dir, Some(3), &[("MANCALA_LAB_DIE_AT", "1:9")]);
    assert!(!killed.status.success());
    let err = String::from_utf8_lossy(&killed.stderr);
    assert!(err.contains("process 1 of 3 failed") && err.contains("run the same command again"), "{err}");
    let kept = layers(&dir);
    assert!((8..=9).contains(&kept.len()), "layers 0 to 7 or 8 kept, not {}", kept.len());
    for ((a, x), (b, y)) in kept.iter().zip(&layers(&one)) {
        assert!(a == b && x == y, "{a} kept as built");
    }
    // Run again: it reads the finished layers back, and builds the rest.
    let dir_s = dir.to_str().unwrap();
    let again =
        cli(&["endgame", "awari", "--seeds", "12", "--out", dir_s, "--processes", "3", "--json", "--progress"], &[]);
    let report = ok(&again);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains(&format!("layers 0 to {} read back", kept.len() - 1)), "{err}");
    assert_eq!(report["layers"].as_array().unwrap().len(), 13);
    assert!(layers(&dir) == layers(&one), "the build killed and run again ends with one process's bytes");
    // And once more with two processes, killing the first process this time at layer 12.
    let dir2 = folder("killed-2");
    let dir2_s = dir2.to_str().unwrap();
    let killed = build("awari", 12, &dir2, Some(2), &[("MANCALA_LAB_DIE_AT", "0:12")]);
    assert!(!killed.status.success());
    let again = cli(&["endgame", "awari", "--seeds", "12", "--out", dir2_s, "--processes", "2", "--json"], &[]);
    ok(&again);
    assert!(layers(&dir2) == layers(&one));
}

/// What is refused says why: a folder of other rules, a build across processes without a
/// folder, a host file that is not host:port lines, a process not in it.
#[test]
fn bad_options_of_a_build_across_processes_say_why() {
    let dir = folder("refusals");
    ok(&build("wari", 4, &dir, None, &[]));
    let d = dir.to_str().unwrap();
    let err = |o: Output| {
        assert!(!o.status.success());
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    assert!(err(cli(&["endgame", "awari", "--seeds", "4", "--out", d], &[])).contains("holds the databases of wari"));
    assert!(err(cli(&["endgame", "awari", "--seeds", "4", "--processes", "2"], &[])).contains("needs --out"));
    let hosts = dir.join("hosts");
    std::fs::write(&hosts, "127.0.0.1:1\nnot an address\n").unwrap();
    let h = hosts.to_str().unwrap();
    let o = cli(&["endgame", "wari", "--seeds", "4", "--out", d, "--hosts", h, "--process", "0"], &[]);
    assert!(err(o).contains("'not an address' is not host:port"));
    std::fs::write(&hosts, "127.0.0.1:1\n127.0.0.1:2\n").unwrap();
    let o = cli(&["endgame", "wari", "--seeds", "4", "--out", d, "--hosts", h, "--process", "2"], &[]);
    assert!(err(o).contains("--process 2 is not one of the 2 processes"));
    let o = cli(&["endgame", "wari", "--seeds", "4", "--out", d, "--processes", "0"], &[]);
    assert!(err(o).contains("--processes 0 is out of range"));
}

/// Kalah(5,4) and Kalah(6,3) solved across two and three processes: the value and every
/// opening move's value are the one-process solve's.
#[test]
fn kalah_across_processes_equals_one_process() {
    for rules in ["kalah-5-4", "kalah-6-3"] {
        let alone = ok(&cli(&["solve", rules, "--threads", "1", "--json"], &[]));
        let file = std::env::temp_dir().join(format!("mancala-lab-{rules}-exact-16.bin"));
        for processes in ["2", "3"] {
            // Two processes: the first builds the shared layers and writes them, the other
            // maps them; three: all map the file the two wrote.
            if processes == "2" {
                let _ = std::fs::remove_file(&file);
            }
            let across = ok(&cli(&["solve", rules, "--processes", processes, "--json"], &[]));
            let n: u64 = processes.parse().unwrap();
            assert_eq!(across["mapped_by"], if n == 2 { 1 } else { 3 }, "{rules} across {processes}");
            assert_eq!(across["value"], alone["value"], "{rules} across {processes}");
            let moves = |r: &serde_json::Value| {
                let mut m: Vec<(String, i64)> = r["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| (m["move"].as_str().unwrap().to_string(), m["value"].as_i64().unwrap()))
                    .collect();
                m.sort();
                m
            };
            assert_eq!(moves(&across), moves(&alone), "{rules} across {processes}: every opening move");
            assert_eq!(across["processes"], processes.parse::<u64>().unwrap());
            let solver = across["solver"].as_str().unwrap();
            assert!(solver.contains("exact values to 16 seeds"), "{solver}");
            // Every process searched, and their nodes add up.
            let work = across["work"].as_array().unwrap();
            assert!(work.iter().all(|w| w["searches"].as_u64().unwrap() > 0), "{across}");
            let nodes: u64 = work.iter().map(|w| w["nodes"].as_u64().unwrap()).sum();
            assert_eq!(nodes, across["nodes"].as_u64().unwrap());
        }
    }
}

/// A process that fails (here the first, reading a layer file cut short when it goes on from
/// a folder) ends the build at once with its reason: the others neither wait for it for ever
/// nor go on without it.
#[test]
fn a_process_that_fails_ends_the_build_with_its_reason() {
    let dir = folder("cut-short");
    ok(&build("awari", 6, &dir, None, &[]));
    let layer = dir.join("layer-04.bin");
    let bytes = std::fs::read(&layer).unwrap();
    std::fs::write(&layer, &bytes[..bytes.len() - 1]).unwrap();
    let d = dir.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-lab"))
        .args(["endgame", "awari", "--seeds", "8", "--out", d, "--processes", "3"])
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > std::time::Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the build did not end two minutes after a process failed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(!status.success());
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(err.contains("layer-04.bin holds") && err.contains("remove it to build it again"), "{err}");
    assert!(err.contains("failed"), "{err}");
}

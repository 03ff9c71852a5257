//! The coverage-guided fuzz targets' seed corpora (`fuzz/corpus/TARGET/`, kept in the
//! repository) replayed through the targets' own checks (`src/fuzzing.rs`) on the stable
//! toolchain: part of `make test`, so an input that once made a target fail (copied into its
//! corpus when fixed) fails CI if the fault comes back. `make fuzz` runs the targets themselves
//! (cargo-fuzz, libFuzzer, pinned nightly). `write_fuzz_seeds` writes the first seeds from the
//! product's own examples.

use std::path::PathBuf;

use mancala_lab::fuzzing;

use super::*;

fn corpus(target: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/corpus")).join(target)
}

#[test]
fn the_fuzz_corpora_replay_cleanly() {
    let targets = fuzzing::targets();
    assert_eq!(targets.len(), 9, "every target, the CLI's included");
    let mut replayed = 0;
    for (name, check) in targets {
        let source =
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/fuzz_targets")).join(format!("{name}.rs"));
        assert!(source.exists(), "{name}: no fuzz/fuzz_targets/{name}.rs");
        let mut files: Vec<_> = std::fs::read_dir(corpus(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        assert!(files.len() >= 10, "{name}: only {} seeds", files.len());
        for f in files {
            let data = std::fs::read(&f).unwrap();
            if std::panic::catch_unwind(|| check(&data)).is_err() {
                panic!("{name}: {} fails ({:?})", f.display(), String::from_utf8_lossy(&data));
            }
            replayed += 1;
        }
    }
    println!("{replayed} corpus inputs replayed");
}

/// Writes a seed file named after its content (as libFuzzer names them).
fn seed(target: &str, data: &[u8]) {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in data {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let dir = corpus(target);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("seed-{h:016x}")), data).unwrap();
}

/// The first seeds, from the product's own examples: every preset of every family (its start,
/// a few legal moves, a record with a side line and a comment), the links and routes of
/// docs/notation.md, the game values of the Sowing tables, the worker's requests, and the CLI
/// corpus (`tests/cli-corpus.txt`, arguments joined by NUL bytes).
#[test]
#[ignore = "writes fuzz/corpus: cargo test --features cli --test native -- --ignored write_fuzz_seeds"]
fn write_fuzz_seeds() {
    let presets = fuzzing::presets();
    for (i, id) in presets.iter().enumerate() {
        seed("rules_ids", id.as_bytes());
        let rules: AnyRules = id.parse().unwrap();
        seed("rules_ids", rules.to_string().as_bytes());
        let mut game = Game::new(rules.start());
        for _ in 0..4 {
            let Some(&m) = game.last().legal_moves().first() else { break };
            game.play(m).unwrap();
        }
        let moves = game.tree_text(false);
        seed("links", game.to_string().as_bytes());
        seed("links", format!("rules={id}&setup={}&moves={moves}&ply=1", rules.start()).as_bytes());
        let mut setup = vec![i as u8];
        setup.extend(format!("{}\n{moves}", rules.start()).bytes());
        seed("setups_and_moves", &setup);
        let mut later = vec![i as u8];
        later.extend(format!("{}\n", game.last()).bytes());
        seed("setups_and_moves", &later);
        if game.len() >= 2 {
            let first = game.node_at(1);
            let side = game.last().legal_moves();
            game.set_comment(first, "a note {with braces}");
            if let (Some(&m), Some(parent)) = (side.last(), game.parent(game.node())) {
                let _ = game.add(parent, m);
            }
        }
        seed("records", game.record().as_bytes());
    }
    let notation = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/notation.md")).unwrap();
    for piece in notation.split('`').skip(1).step_by(2) {
        if let Some(route) = piece.strip_prefix('#') {
            seed("lab_links", route.as_bytes());
            if let Some((_, q)) = route.split_once('?') {
                seed("links", q.as_bytes());
            }
        }
    }
    // The puzzles: each shipped file's first line, and one cut short.
    for rules in mancala_lab::labs::puzzles::RULE_SETS {
        let path = format!("{}/data/puzzles/{rules}.tsv", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        seed("puzzles", line.as_bytes());
        seed("puzzles", &line.as_bytes()[..line.len() * 2 / 3]);
    }
    for file in ["sowing_table1.tsv", "sowing_partizan.tsv", "sowing_impartial.tsv", "atomic_table5.tsv"] {
        for r in rows(file).into_iter().skip(1).take(40) {
            for cell in r.iter().skip(1).take(2) {
                seed("cgt_values", cell.as_bytes());
            }
        }
    }
    for v in ["0", "*", "↑*", "{1|*}", "-1/2", "{0,*|0}", "±1", "^^*3", "{{2|1}|0}", "1.5"] {
        seed("cgt_values", v.as_bytes());
    }
    for (rules, setup) in [
        ("kalah-6-4", "4.4.4.4.4.4-4.4.4.4.4.4-0.0-s"),
        ("oware-6-4", "0.0.0.0.1.2-1.0.0.0.0.0-20.25-s"),
        ("sowing", "312-l"),
    ] {
        seed("worker_messages", format!(r#"{{"id":1,"task":{{"kind":"analyze","rules":"{rules}","setup":"{setup}","max_depth":4,"time_ms":10,"table_mib":1}}}}"#).as_bytes());
        seed("worker_messages", format!(r#"{{"id":2,"task":{{"kind":"solve","rules":"{rules}","setup":"{setup}","memory_mib":8,"time_ms":10,"value_only":true}}}}"#).as_bytes());
    }
    for text in
        ["", "{", "null", r#"{"id":1}"#, r#"{"id":1,"task":{"kind":"nope"}}"#, r#"{"id":-1,"task":{"kind":"analyze"}}"#]
    {
        seed("worker_messages", text.as_bytes());
    }
    let cli = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli-corpus.txt")).unwrap();
    for line in cli.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        seed("cli_args", line.split(' ').collect::<Vec<_>>().join("\0").as_bytes());
    }
    for args in [
        ["show", "kalah-6-4", "--moves", "cf", "--json"].as_slice(),
        &["rules", "oware-6-4-gi"],
        &["show", "sowing-1-0", "--json"],
    ] {
        seed("cli_args", args.join("\0").as_bytes());
    }
}

//! The native CLI: same notation and values as the page, clear errors on bad arguments.
#![cfg(feature = "cli")]

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_mancala-lab")).args(args).output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

/// The CLI under an address-space limit of `kb` KiB (`ulimit -v`): its exit status, standard
/// output and standard error.
#[cfg(target_os = "linux")]
fn run_limited(kb: u64, command: &str) -> (Option<i32>, String, String) {
    let bin = env!("CARGO_BIN_EXE_mancala-lab");
    let o = Command::new("sh").arg("-c").arg(format!("ulimit -v {kb}; exec {bin} {command}")).output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

#[test]
fn show_prints_the_board_after_moves() {
    let (code, out, _) = run(&["show", "kalah-6-4", "--moves", "cf"]);
    assert_eq!(code, 0);
    assert!(out.contains("Setup: 4.4.0.5.5.0-5.5.5.5.4.4-2.0-n"), "{out}");
    assert!(out.contains("North to move."));
    let (code, out, _) = run(&["show", "kalah-6-4", "--moves", "cf", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["turn"], "North");
    assert_eq!(v["legal"].as_array().unwrap().len(), 6);
}

#[test]
fn a_negative_game_value_can_be_searched() {
    // Conway's Sowing has rows worth -1 (Right's): the search takes a negative value.
    // The value first, or after the options.
    for args in [
        &["search", "value", "-1", "--game", "sowing", "--max-seeds", "3", "--max-pots", "3", "--json"][..],
        &["search", "value", "--game", "sowing", "--max-seeds", "3", "--max-pots", "3", "-1", "--json"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(v["found"].as_array().is_some_and(|r| !r.is_empty()), "{out}");
        assert_eq!(v["value"].as_str(), Some("-1"), "{out}");
    }
    // Elsewhere a negative number is still refused in words, in the search's options too.
    for args in [
        &["perft", "kalah-6-4", "-1"][..],
        &["search", "value", "^", "--game", "sowing", "--max-seeds", "-3"],
        &["search", "value", "--max-seeds", "-3", "^", "--game", "sowing"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("is negative"), "{args:?}: {err}");
    }
}

#[test]
fn show_names_the_winner_as_the_text_does() {
    // Left/Right families: the JSON's winner is the side the text names, never South/North.
    let (code, out, _) = run(&["show", "sowing-1-0"]);
    assert_eq!(code, 0);
    assert!(out.contains("Left cannot move; Right wins."), "{out}");
    let (code, out, _) = run(&["show", "sowing-1-0", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["outcome"].as_str(), v["turn"].as_str()), (Some("Right wins"), Some("Left")));
}

#[test]
fn an_empty_record_and_a_header_in_a_comment() {
    let dir = std::env::temp_dir().join(format!("mancala-lab-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let (code, out, err) = run(&["open", empty.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("the record is empty"), "{err}");
    let noted = dir.join("noted.txt");
    std::fs::write(&noted, "[Rules \"kalah-6-4\"]\n\nc {a note\n[Rules \"awari\"]\nend} f\n").unwrap();
    let (code, out, err) = run(&["open", noted.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rules"].as_str(), Some("kalah-6-4"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn perft_matches_the_library() {
    let (code, out, _) = run(&["perft", "kalah-6-4", "5"]);
    assert_eq!((code, out.trim()), (0, "4690"));
    let (code, out, _) = run(&["perft", "kalah-6-4", "4", "--setup", "4.4.4.4.4.4-4.4.4.4.4.4-0.0-s", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"], 942);
}

#[test]
fn analyze_proves_small_kalah() {
    let (code, out, err) = run(&["analyze", "kalah-4-3", "--depth", "200", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], 6);
    assert_eq!(v["exact"], true);
    assert_eq!(v["best"], "b");
    assert_eq!(v["rules"], "kalah-4-3");
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
}

#[test]
fn tchoukaillon_winning_position() {
    let (code, out, _) = run(&["winning", "9"]);
    assert_eq!((code, out.trim()), (0, "1 2 2 4"));
}

#[test]
fn tchoukaillon_position_s_of_n_and_periods() {
    let (code, out, err) = run(&["tchoukaillon", "position", "1925280", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["seeds"], 1_925_280);
    assert_eq!(v["complete"], true);
    let pits = v["pits"].as_array().unwrap();
    assert_eq!(v["highest"], pits.len());
    assert_eq!(pits.iter().map(|p| p.as_u64().unwrap()).sum::<u64>(), 1_925_280);
    // Near 2^64: the number of pits and the first ones, at once.
    let (code, out, _) = run(&["tchoukaillon", "position", "18446744073709551615", "--first", "4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pits"].as_array().unwrap().len(), 4);
    assert_eq!(v["complete"], false);
    assert!(v["highest"].as_u64().unwrap() > 7_000_000_000);
    let (code, out, _) = run(&["tchoukaillon", "s-of-n", "10", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["s"], serde_json::json!([1, 2, 4, 6, 10, 12, 18, 22, 30, 34]));
    let (code, out, _) = run(&["tchoukaillon", "periods", "11"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["11", "27720", "27720", "yes"]), "{out}");
    for bad in
        [&["tchoukaillon", "s-of-n", "0"][..], &["tchoukaillon", "periods", "999"], &["tchoukaillon", "position", "x"]]
    {
        let (code, out, err) = run(bad);
        assert_eq!(code, 2, "{bad:?}: {out}");
        assert!(!err.is_empty() && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn hanoi_prints_both_algorithms_and_the_proven_minimum() {
    let (code, out, err) = run(&["hanoi", "10", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["n"].as_u64(), v["exponential"].as_u64(), v["recursive"].as_u64()), (Some(10), Some(511), Some(22)));
    assert_eq!(v["minimum"], 15);
    assert_eq!(v["recursive_is_optimal"], false);
    assert!(v["states"].as_u64().unwrap() > 0);
    assert_eq!(v["line"].as_str().unwrap().split('.').count(), 15);
    let (code, out, _) = run(&["hanoi", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("proven minimum, either way:    3 moves") && out.contains("T(n) is optimal"), "{out}");
    assert!(out.contains("rightward moves only:          cannot be solved"), "{out}");
    for bad in ["0", "26", "x"] {
        let (code, _, err) = run(&["hanoi", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A search cut by its limit says so.
    let (code, out, _) = run(&["hanoi", "14", "--max-states", "100", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["minimum"].is_null(), v["cut"].as_bool()), (true, Some(true)));
}

#[test]
fn tchouka_map_and_tchuka_ruma_solved() {
    let (code, out, err) = run(&["tchouka-map", "--pits", "4", "--seeds", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ruma = v["entries"].as_array().unwrap().iter().find(|e| e["pits"] == 4 && e["seeds"] == 2).unwrap().clone();
    assert_eq!((ruma["solvable"].as_bool(), ruma["moves"].as_u64()), (Some(true), Some(6)));
    let (code, out, _) = run(&["analyze", "tchuka-ruma", "--depth", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["best_line"], "2 1 2 1 3 1");
    assert_eq!(v["rules"], "tchouka-4-2");
    let (code, out, _) = run(&["analyze", "tchouka2-4-2", "--depth", "60", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["value"].as_i64(), v["exact"].as_bool()), (Some(8), Some(true)));
    for bad in [
        &["tchouka-map", "--pits", "17"][..],
        &["tchouka-map", "--seeds", "0"],
        &["show", "tchouka-4-0"],
        &["show", "tchouka-20-2"],
    ] {
        let (code, _, err) = run(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn rules_card_names_its_source() {
    let (code, out, _) = run(&["rules", "erickson"]);
    assert_eq!(code, 0);
    assert!(out.contains("Erickson") && out.contains("kalah-6-3-e-m"), "{out}");
}

#[test]
fn bad_arguments_fail_with_a_message() {
    for (args, part) in [
        (&["show", "kalah-13-4"][..], "13 pits per side is out of range"),
        (&["show", "chess"][..], "unknown rules 'chess'"),
        (&["show", "kalah-6-4", "--moves", "cc"][..], "move 2 (c) is illegal: pit c is empty"),
        (&["show", "kalah-6-4", "--moves", "cfz"][..], "move 3 'z' is not a pit: this board's pits are a to f"),
        (&["show", "kalah-1-4", "--moves", "z"][..], "this board's pits are a only"),
        (&["show", "dakon-4", "--moves", "z"][..], "move 1 'z' is not a hole: this board's holes are a to d"),
        (&["show", "kalah-6-4", "--setup", "1.2.3"][..], "setup:"),
        (&["perft", "kalah-6-4", "99"][..], "too deep"),
        (&["perft", "kalah-6-4", "-3"][..], "'-3' is negative: every number here"),
        (
            &["show", "kalah", "--setup", "4.4..4.4.4.4-4.4.4.4.4.4-0.0-s"][..],
            "South pit c: empty (a count is missing between two separators)",
        ),
        (
            &["show", "kalah", "--setup", "4.4.99999999999999999999.4.4.4-4.4.4.4.4.4-0.0-s"][..],
            "South pit c: 999999999999… is too large",
        ),
        (
            &["hanoi", "24", "--max-states", "9223372036854775808"][..],
            "--max-states 9223372036854775808 is out of range: use 1 to 100000000",
        ),
        (&["tchoukaillon", "periods", "201"][..], "periods: the last i, 201 is out of range"),
        (&["analyze", "kalah-1-1", "--moves", "a", "--depth", "3"][..], "no move to analyze: Game over: Draw"),
        (&["analyze", "kalah-6-4"][..], "--depth"),
        (&["winning", "99999999"][..], "needs more than the 200 pits"),
    ] {
        let (code, out, err) = run(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(part), "{args:?}: {err}");
    }
}

#[test]
fn dakon_analysis_says_won_games_in_words() {
    // South wins this Dakon-2 position with either move (src/families/dakon/search.rs); the text says
    // so, the JSON keeps the search's number (1000 + the margin).
    let (code, out, _) = run(&["analyze", "dakon-2", "--setup", "1.1-1.3-2.0-s", "--depth", "6"]);
    assert_eq!(code, 0);
    assert!(out.contains("    a  win by 8  proven\n    b  win by 6\n"), "{out}");
    let (code, out, _) = run(&["analyze", "dakon-2", "--setup", "1.1-1.3-2.0-s", "--depth", "6", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"].as_i64(), Some(1008));
}

#[test]
fn dakon_count_and_replay() {
    let (code, out, _) = run(&["dakon", "count", "4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The paper's 147 possible sequences and 7 winning openings of Dakon-4 (seed 001).
    assert_eq!((v["total"].as_str(), v["winning"].as_str()), (Some("154"), Some("7")));
    assert_eq!(v["paper_possible_sequences"].as_str(), Some("147"));
    let (code, out, _) = run(&["dakon", "replay", "4", "1, 4, 2, 4, 2, 2, 2, 4, 3, 1, 4, 4, 3, 4, 1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["winning"].as_bool(), v["opponent_left"].as_u64(), v["laps"].as_u64()),
        (Some(true), Some(2), Some(40))
    );
    // How the turn ended, as a word (not the program's own name for it).
    let moves = v["moves"].as_array().unwrap();
    assert_eq!((moves[13]["end"].as_str(), moves[14]["end"].as_str()), (None, Some("capture")));
    let (_, out, _) = run(&["dakon", "replay", "4", "1, 4, 2, 4, 2, 2, 2, 4, 3, 1, 4, 4, 3, 4, 1"]);
    assert!(out.contains(" 14. hole 4: 1 lap, 1 counter sown; ends in the store"), "{out}");
    for (args, part) in [
        (&["dakon", "replay", "4", "1, 9"][..], "move 2 (hole 9)"),
        (&["dakon", "replay", "4", "1, x"][..], "not a hole number"),
        (&["dakon", "count", "12"][..], "Dakon-12"),
        (&["dakon", "shortest", "0"][..], "Dakon-0"),
        (&["dakon", "min-laps", "x"][..], "invalid value"),
        (&["dakon", "min-laps", "0"][..], "Dakon-0"),
        (&["dakon", "min-cycles", "0"][..], "Dakon-0"),
        (&["dakon", "min-laps", "65536"][..], "Dakon-65536"),
        (&["dakon", "min-cycles", "65536"][..], "Dakon-65536"),
        (&["dakon", "prove-shortest", "4", "--bound", "3", "--threads", "0"][..], "--threads 0 is out of range"),
        (&["dakon", "prove-shortest", "4", "--bound", "3", "--threads", "65"][..], "--threads 65 is out of range"),
        (
            &["solve", "awari", "--setup", "1.0.0.0.0.0-0.0.0.0.0.1-23.23-s", "--threads", "65"][..],
            "--threads 65 is out of range",
        ),
        (
            &["solve", "oware", "--setup", "1.0.0.0.0.0-0.0.0.0.0.1-23.23-s", "--table-mib", "9"][..],
            "--table-mib does not apply",
        ),
        (
            &["solve", "ayo", "--setup", "1.0.0.0.0.0-0.0.0.0.0.1-23.23-s", "--db-seeds", "4"][..],
            "--db-seeds does not apply",
        ),
        (
            &["solve", "wari", "--setup", "2.0.0.0.0.0-0.0.0.0.0.2-22.22-s", "--exact-seeds", "4"][..],
            "--exact-seeds does not apply",
        ),
        (&["solve", "kalah-12-10"][..], "240 seeds on the board is more than the exact solver handles (127)"),
        (&["solve", "kalah-12-10", "--table-mib", "0"][..], "more than the exact solver handles (127)"),
        (&["solve", "kalah-4-3", "--table-mib", "0"][..], "--table-mib 0 is out of range: use 1 to 16384"),
        (&["solve", "kalah-4-3", "--table-mib", "16385"][..], "--table-mib 16385 is out of range: use 1 to 16384"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(part), "{args:?}: {err}");
    }
}

#[test]
fn dakon_searches() {
    // Table 2: the shortest winning opening of Dakon-5 has 24 moves (proven).
    let (code, out, _) = run(&["dakon", "shortest", "5", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["moves"].as_u64(), v["proven"].as_bool()), (Some(24), Some(true)));
    assert_eq!(v["goal"], "shortest", "the goal as a word, not the program's name for it");
    let (code, out, _) = run(&["dakon", "min-laps", "4", "--laps", "8", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["found"]["goal"], serde_json::json!({ "shortest_with_laps": 8 }), "{out}");
    // Table 3: at most 8 laps a move for Dakon-4, then 13 moves; the smaller limits fail.
    let (code, out, _) = run(&["dakon", "min-laps", "4"]);
    assert_eq!(code, 0);
    assert!(out.contains("limit 7: no winning opening keeps within it (complete search)"), "{out}");
    assert!(out.contains("at most 8 laps a move: cost 13 (proven least), 13 moves"), "{out}");
    // The survey of Dakon-5: Table 1's maximum capture (4 counters left, 2 openings).
    let (code, out, _) = run(&["dakon", "survey", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("maximum capture: 4 counters left outside the store, by 2 openings"), "{out}");
    // A board limit too small: a proven lower bound instead of an answer.
    let (code, out, _) = run(&["dakon", "shortest", "6", "--max-boards", "1000"]);
    assert_eq!(code, 0);
    assert!(out.contains("none found; proven: every one costs at least"), "{out}");
}

#[test]
fn dakon_prove_shortest_with_a_checkpoint() {
    // Table 2: no Dakon-6 opening within 18 moves; within 25 the shortest has 19.
    let (code, out, _) = run(&["dakon", "prove-shortest", "6", "--bound", "18"]);
    assert_eq!(code, 0);
    assert!(out.contains("Dakon-6: no winning opening has 18 moves or fewer"), "{out}");
    let (code, out, _) = run(&["dakon", "prove-shortest", "6", "--bound", "25", "--threads", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["moves_in_line"].as_u64(), v["lower_bound"].as_u64()), (Some(19), Some(19)));
    // A checkpoint records every prefix; run again, it skips them all and proves the same.
    let dir = std::env::temp_dir().join(format!("mancala-lab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("dakon-6.checkpoint");
    let _ = std::fs::remove_file(&ck);
    let ck_arg = ck.to_str().unwrap();
    let (code, first, _) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg, "--json"]);
    assert_eq!(code, 0, "{first}");
    let text = std::fs::read_to_string(&ck).unwrap();
    assert!(text.starts_with("mancala-lab dakon prove-shortest 6 --bound 18\n"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("done ")).count() as u64, v["prefixes"].as_u64().unwrap());
    let (code, out, _) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg]);
    assert_eq!(code, 0);
    assert!(out.contains("no winning opening has 18 moves or fewer"), "{out}");
    assert!(out.contains("searched by earlier runs"), "{out}");
    // A checkpoint of another search, or a damaged one, is refused with where and why.
    for (args, part) in [
        (&["dakon", "prove-shortest", "6", "--bound", "17", "--checkpoint", ck_arg][..], "it is for another search"),
        (&["dakon", "prove-shortest", "13", "--bound", "17"][..], "Dakon-13"),
        (&["dakon", "prove-shortest", "6"][..], "--bound"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(part), "{args:?}: {err}");
    }
    // An empty checkpoint (a run stopped before its first line) is this search's: it gets the
    // header, and the next run reads it back.
    std::fs::write(&ck, "").unwrap();
    let (code, _, err) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&ck).unwrap().starts_with("mancala-lab dakon prove-shortest 6 --bound 18\n"));
    let (code, out, err) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("searched by earlier runs"), "{out}");
    std::fs::write(&ck, "mancala-lab dakon prove-shortest 6 --bound 18\ndone 1\nbest 1, 9\n").unwrap();
    let (code, _, err) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg]);
    assert_eq!(code, 2);
    assert!(err.contains("line 3"), "{err}");
    std::fs::write(&ck, "mancala-lab dakon prove-shortest 6 --bound 18\nbest 1, 5, 2\n").unwrap();
    let (code, _, err) = run(&["dakon", "prove-shortest", "6", "--bound", "18", "--checkpoint", ck_arg]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: not a winning opening"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--help` names every family's rules ids, setups and moves (it used to leave Dakon out), and
/// a rules card is also JSON, from the same report as its text.
#[test]
fn help_names_every_family_and_cards_are_json() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    for id in ["kalah-M-N", "dakon-N", "tchoukaillon", "Dakon setup", "Tchoukaillon setup", "Kalah setup"] {
        assert!(out.contains(id), "--help lacks {id}: {out}");
    }
    let (code, text, _) = run(&["rules", "ohvalhu"]);
    assert_eq!(code, 0);
    let (code, json, _) = run(&["rules", "ohvalhu", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["id"].as_str(), Some("dakon-8-cw"));
    let first_source = v["sources"][0].as_str().unwrap();
    assert!(text.contains(first_source), "{text}");
    assert!(text.starts_with(&format!("{} (dakon-8-cw)", v["title"].as_str().unwrap())), "{text}");
}

/// `value` reads the paper's notation (full pots, endless full pots, sums) and refuses what is
/// not a row of the game; `tables` names the papers it knows.
#[test]
fn values_of_rows_and_their_errors() {
    let (code, out, err) = run(&["value", "sowing", "312"]);
    assert_eq!((code, out.lines().next()), (0, Some("{0|-2}")), "{err}");
    let (code, out, _) = run(&["value", "sowing-i", "←•1111•→", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["value"].as_str(), v["row"].as_str()), (Some("*"), Some("~1111~")));
    let (code, out, _) = run(&["value", "sowing", "312+312+11"]);
    assert_eq!((code, out.lines().next()), (0, Some("-2*")));
    // A sum reads as a sum again, and so do its options (rows as played, not normal forms).
    let (code, out, _) = run(&["value", "sowing", "312+21", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["paper_row"].as_str(), v["value"].as_str()), (Some("312 + 21"), Some("{-1|-3}")));
    assert_eq!(v["components"], serde_json::json!([["312", "{0|−2}"], ["21", "−1"]]));
    assert_eq!((v["left"][0]["move"].as_str(), v["left"][0]["paper_row"].as_str()), (Some("2r"), Some("303 + 21")));
    assert_eq!(v["right"][0]["wins"].as_bool(), Some(true));
    for (args, says) in [
        (&["value", "atomic", "312+21"][..], "sums of rows (a+b) are Sowing's"),
        (&["value", "atomic", "x12"], "full pots (x)"),
        (&["value", "sowing", "1~1"], "endless full pots (~) go only at an end"),
        (&["value", "sowing", "3q2"], "pot 2"),
        (&["tables", "wolfe"], "unknown paper 'wolfe'"),
        (&["tables", "erickson", "--search", "--max-seeds", "42"], "use 1 to 10"),
    ] {
        let (code, _, err) = run(args);
        assert!(code != 0 && err.contains(says), "{args:?}: {err}");
    }
}

/// Broline & Loeb's Theorem 3 on the Ayo engine: on the 12-pit board no determined position
/// has more than 21 stones, and they are exactly Tchoukaillon's winning positions.
#[test]
fn determined_ayo_positions() {
    let (code, out, err) = run(&["determined", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let six = &v["boards"][4];
    assert_eq!(
        (six["pits"].as_u64(), six["largest"].as_u64(), six["bijection_holds"].as_bool()),
        (Some(6), Some(21), Some(true))
    );
    let (code, _, err) = run(&["determined", "--pits", "12"]);
    assert!(code != 0 && err.contains("2 to 8"), "{err}");
}

#[test]
fn endgame_databases_solve_and_analyze_the_oware_family() {
    let (code, out, err) = run(&["endgame", "awari", "--seeds", "8", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["layers"][8]["positions"].as_u64(), v["layers"][8]["won"].as_u64()), (Some(75582), Some(37767)));
    assert_eq!(v["positions"], 125_970);
    let setup = "1.0.0.2.0.1-0.1.1.0.2.0-20.20-s";
    let values = |v: &serde_json::Value| -> Vec<(String, i64)> {
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["move"].as_str().unwrap().into(), m["value"].as_i64().unwrap()))
            .collect()
    };
    let want: Vec<(String, i64)> = vec![("a".into(), 0), ("d".into(), -4), ("f".into(), -8)];
    let (code, out, err) = run(&["solve", "awari", "--setup", setup, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["value"].as_i64(), v["db_seeds"].as_u64()), (Some(0), Some(8)));
    assert_eq!(values(&v), want);
    // The search with the databases at its leaves proves the same values at once.
    let (code, out, err) = run(&["analyze", "awari", "--setup", setup, "--depth", "3", "--endgame", "8", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["exact"].as_bool(), v["endgame_seeds"].as_u64()), (Some(true), Some(8)));
    assert_eq!(values(&v), want);
    for (args, part) in [
        (&["endgame", "kalah-6-4", "--seeds", "3"][..], "Oware family"),
        (&["endgame", "awari", "--seeds", "29"][..], "--seeds"),
        (&["endgame", "awari-7-4", "--seeds", "25"][..], "2³² positions"),
        (&["analyze", "kalah-6-4", "--depth", "3", "--endgame", "3"][..], "Oware family"),
        (&["analyze", "awari", "--depth", "3", "--endgame", "99"][..], "--seeds"),
    ] {
        let (code, out, err) = run(args);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(err.contains(part), "{args:?}: {err}");
    }
}

/// Every figure the README's CLI cheat sheet puts in backquotes is printed by its command (the
/// README states no figure that no test checks).
#[test]
fn readme_commands_print_their_figures() {
    use serde_json::json;
    // Each README figure (between backticks in a command's comment), and the field of the
    // command's `--json` output that must be exactly it: no figure passes by being echoed
    // somewhere in the text (`value grid 11111-...` prints its row, which holds a `1`).
    // (the figure as the README writes it, the JSON pointer, the value there)
    type Figure = (&'static str, &'static str, serde_json::Value);
    let fields: Vec<(&str, Vec<Figure>)> = vec![
        ("perft kalah-6-4 8", vec![("563055", "/nodes", json!(563055))]),
        (
            "analyze kalah-4-3 --depth 200",
            vec![("proven", "/exact", json!(true)), ("b", "/best", json!("b")), ("+6", "/value", json!(6))],
        ),
        (
            "book kalah-4-3 --plies 2",
            vec![("b +6 c +2 d -2 a -6", "/lines/0", json!("3.3.3.3-3.3.3.3-0.0-s\tb +6 c +2 d -2 a -6"))],
        ),
        ("dooley", vec![("93757", "/dooley_states", json!(93757))]),
        ("winning 24", vec![("0 0 0 4 2 4 6 8", "/pits", json!([0, 0, 0, 4, 2, 4, 6, 8]))]),
        ("tchoukaillon position 1925280", vec![("2459", "/highest", json!(2459))]),
        ("analyze tchuka-ruma --depth 1", vec![("2 1 2 1 3 1", "/best_line", json!("2 1 2 1 3 1"))]),
        (
            "hanoi 12",
            vec![("2047", "/exponential", json!(2047)), ("31", "/recursive", json!(31)), ("18", "/minimum", json!(18))],
        ),
        ("dakon count 5", vec![("1373", "/total", json!("1373")), ("2 winning", "/winning", json!("2"))]),
        ("dakon shortest 5", vec![("24 moves", "/moves", json!(24))]),
        ("perft oware 6", vec![("27332", "/nodes", json!(27332))]),
        ("solve awari --setup 1.0.0.2.0.1-0.1.1.0.2.0-20.20-s", vec![("+0", "/value", json!(0))]),
        ("value sowing 312", vec![("{0|-2}", "/value", json!("{0|-2}"))]),
        ("value atomic 312", vec![("^", "/value", json!("^"))]),
        ("value atomic-i 312", vec![("*2", "/value", json!("*2"))]),
        ("value sowing 312+21", vec![("{-1|-3}", "/value", json!("{-1|-3}"))]),
        ("value reaping 01010120", vec![("1/8", "/value", json!("1/8"))]),
        ("value grid 11111-11111-11111-11111", vec![("1", "/value", json!("1"))]),
        ("value colour 1b1r.2b.0.1b2r.3r", vec![("6", "/value", json!("6"))]),
        ("puzzles verify data/puzzles/kalah-4-3.tsv", vec![("100 puzzles", "/puzzles", json!(100))]),
    ];
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let block = readme.split("## The CLI").nth(1).unwrap().split("```sh").nth(1).unwrap().split("```").next().unwrap();
    let mut checked = 0;
    let mut commands = 0;
    for line in block.lines().filter(|l| l.starts_with("mancala-lab ")) {
        let (command, comment) = line.split_once('#').unwrap_or((line, ""));
        let figures: Vec<&str> = comment.split('`').skip(1).step_by(2).collect();
        if figures.is_empty() {
            continue;
        }
        let command = command.trim().trim_start_matches("mancala-lab ");
        let Some((_, want)) = fields.iter().find(|(c, _)| *c == command) else {
            panic!("README: `{command}` quotes {figures:?}: name the --json field of each in this test");
        };
        let named: Vec<&str> = want.iter().map(|w| w.0).collect();
        assert_eq!(named, figures, "{command}: the README's figures and this test's");
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("--json");
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{command}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{command}: {e}: {out}"));
        for (figure, pointer, value) in want {
            assert_eq!(v.pointer(pointer), Some(value), "{command}: `{figure}` should be {pointer} = {value}");
            checked += 1;
        }
        commands += 1;
    }
    assert_eq!(commands, fields.len(), "every command of this test is in the README");
    assert_eq!(checked, fields.iter().map(|f| f.1.len()).sum::<usize>());
}

/// `puzzles generate` is the same file for a seed, `verify` proves it and names the line of a
/// change, `show` tells a puzzle in words; bad options and ids say what is wrong.
#[test]
fn puzzles_generate_verify_show() {
    let args = ["puzzles", "generate", "kalah-4-3", "--count", "6", "--seed", "3", "--plies", "0-20"];
    let (code, file, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(run(&args).1, file, "one seed, one file");
    assert!(file.starts_with("# Mancala Lab puzzles of kalah-4-3: 6 proven puzzles"), "{file}");
    assert!(file
        .contains("# made by: mancala-lab puzzles generate kalah-4-3 --count 6 --seed 3 --plies 0-20 --tries 360\n"));
    let dir = std::env::temp_dir().join(format!("mancala-lab-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kalah-4-3.tsv");
    std::fs::write(&path, &file).unwrap();
    let (code, out, err) = run(&["puzzles", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("6 puzzles of kalah-4-3, every one proven again"), "{out}");
    // A changed value on the fourth line (the first puzzle) is found and named.
    let lines: Vec<String> = file.lines().map(|l| l.to_string()).collect();
    let mut f: Vec<String> = lines[3].split('\t').map(str::to_string).collect();
    f[4] = "+40".into();
    let changed = [&lines[..3], &[f.join("\t")], &lines[4..]].concat().join("\n");
    std::fs::write(&path, changed).unwrap();
    let (code, _, err) = run(&["puzzles", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("1 of its puzzles do not verify") && err.contains("line 4: ") && err.contains("value"),
        "{err}"
    );
    // Show: the puzzle in words, from the directory given.
    std::fs::write(&path, &file).unwrap();
    let id = lines[3].split('\t').next().unwrap();
    let (code, out, err) = run(&["puzzles", "show", id, "--dir", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("Puzzle {id}")) && out.contains("to move") && out.contains("Solution:"), "{out}");
    assert!(out.contains("Wrong moves:\n  at your move 1: "), "{out}");
    let (code, _, err) = run(&["puzzles", "show", "kalah-4-3-00000000", "--dir", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no puzzle 'kalah-4-3-00000000'"), "{err}");
    for (bad, says) in [
        (vec!["puzzles", "generate", "kalah-4-3", "--plies", "9-2"], "--plies '9-2': use MIN-MAX"),
        (vec!["puzzles", "generate", "kalah-4-3", "--count", "0"], "--count 0 is out of range"),
        (vec!["puzzles", "generate", "chess"], "rules:"),
        (vec!["puzzles", "verify", "/nonexistent/x.tsv"], "cannot read it"),
    ] {
        let (code, _, err) = run(&bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains(says), "{bad:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dakon replay` says how each move ended in words, not in the program's names for them.
#[test]
fn dakon_replay_says_how_a_turn_ends_in_words() {
    let (code, out, _) = run(&["dakon", "replay", "4", "1,4,1"]);
    assert_eq!(code, 0);
    assert!(out.contains("1 lap, 4 counters sown; ends in the store: the mover selects again"), "{out}");
    assert!(out.contains("ends in an empty hole of the opponent's: the turn is over"), "{out}");
    assert!(!out.contains("EmptyOpponentHole"), "{out}");
}

/// A game record round-trips through the CLI: `show --record`, then `open` of that text.
#[test]
fn records_are_written_and_read_by_the_cli() {
    let (code, record, _) = run(&["show", "kalah-6-4", "--moves", "fa(cd{a try})b", "--record"]);
    assert_eq!(code, 0);
    assert_eq!(record, "[Rules \"kalah-6-4\"]\n[South \"human\"]\n[North \"human\"]\n\nf a (c d {a try}) b\n");
    let dir = std::env::temp_dir().join(format!("mancala-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, &record).unwrap();
    let (code, again, _) = run(&["open", file.to_str().unwrap(), "--record"]);
    assert_eq!((code, again.as_str()), (0, record.as_str()));
    let (code, board, _) = run(&["open", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(board.contains("Setup: "), "{board}");
    std::fs::write(&file, "[Rules \"kalah-6-4\"]\nf a ) b\n").unwrap();
    let (code, _, err) = run(&["open", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("moves: a ')' after move 2 closes no side line"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every registered family's record round-trips through the CLI (`show --record`, then
/// `open --record`), with a side line and a comment, from its first preset.
#[test]
fn every_familys_record_round_trips_through_the_cli() {
    use mancala_lab::families::{AnyRules, FamilyId};
    let dir = std::env::temp_dir().join(format!("mancala-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for family in FamilyId::ALL {
        let id = family.presets()[0].id;
        let rules: AnyRules = id.parse().unwrap();
        let start = rules.start();
        let legal = start.legal_moves();
        // Two first moves: the first as the main line, the second as a side line with a note.
        let tree = match legal.as_slice() {
            [] => String::new(),
            [a] => format!("{a}{{only move}}"),
            [a, b, ..] => format!("{a}({b}{{a try}})"),
        };
        let (code, record, err) = run(&["show", id, "--moves", &tree, "--record"]);
        assert_eq!(code, 0, "{id} {tree}: {err}");
        let file = dir.join(format!("{id}.txt"));
        std::fs::write(&file, &record).unwrap();
        let (code, again, err) = run(&["open", file.to_str().unwrap(), "--record"]);
        assert_eq!((code, again.as_str()), (0, record.as_str()), "{id}: {err}");
        assert!(legal.len() < 2 || record.contains("a try"), "{id}: {record}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `analyze --time-ms` covers the endgame databases' build too: asked for 24 seeds within
/// 237 ms, it builds what it can in the time and says how far (it used to build all 24 first).
#[test]
fn analyze_time_limit_covers_the_databases() {
    let (code, out, err) = run(&["analyze", "ayo-8-3", "--endgame", "24", "--time-ms", "237", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let seeds = v["endgame_seeds"].as_u64().unwrap();
    assert!(seeds < 24, "{out}");
}

#[test]
fn book_solves_the_openings_as_solve_does_and_refuses_what_it_cannot() {
    let (code, out, err) = run(&["book", "kalah-4-3", "--plies", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "no progress when standard error is not a terminal: {err}");
    assert!(out.starts_with("# Opening book of Kalah(4,3)"), "{out}");
    // The start position's line: the values `solve` prints, best first.
    assert!(out.lines().any(|l| l == "3.3.3.3-3.3.3.3-0.0-s\tb +6 c +2 d -2 a -6"), "{out}");
    let rules: mancala_lab::families::AnyRules = "kalah-4-3".parse().unwrap();
    for line in out.lines().filter(|l| !l.starts_with('#') && !l.starts_with("setup")) {
        let pos = rules.parse_setup(line.split('\t').next().unwrap()).unwrap();
        assert!(mancala_lab::families::book::lookup(&out, &pos).is_some(), "{line}");
    }
    for (args, says) in [
        (&["book", "dakon-8"][..], "book is for the games with an exact solver"),
        (&["book", "kalah-6-4", "--plies", "9"], "--plies"),
        (&["book", "kalah-6-4", "--threads", "0"], "--threads"),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn long_work_shows_no_progress_off_a_terminal() {
    for args in [&["solve", "kalah-4-3"][..], &["endgame", "awari", "--seeds", "6"], &["value", "sowing", "11111"]] {
        let (code, _, err) = run(args);
        assert_eq!(code, 0, "{args:?}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// A row with too many followers to value is refused at once, never valued for minutes: under
/// a 300 MB address space the rows that may be kept are about 200,000, so a row of 20 ones
/// (at least 2^19 - 1 followers, Erickson's bound) is refused from the bound alone, and a row
/// that is not all ones from counting its followers up to the limit.
#[cfg(target_os = "linux")]
#[test]
fn value_refuses_a_row_too_large_at_once() {
    let limited = |row: &str| {
        let (code, _, err) = run_limited(300_000, &format!("value sowing {row}"));
        (code, err)
    };
    let (code, err) = limited("11111111111111111111");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("rows follow 11111111111111111111: too many to value here"), "{err}");
    assert!(err.contains("(a row of ones has at least 524,287: Erickson"), "{err}");
    let (code, err) = limited("11111111111111111112");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("rows follow 11111111111111111112: too many to value here"), "{err}");
    // Counted: the figure is the limit the memory sets, below the 4,000,000 rows of a large machine.
    let figure: u64 =
        err.split("more than ").nth(1).and_then(|t| t.split(' ').next()).unwrap().replace(',', "").parse().unwrap();
    assert!((10_000..4_000_000).contains(&figure), "{err}");
}

/// The README's `search` commands, `octal` and `bench` run and print what they claim: the
/// first row of value *3, the unusual atomic weights, families whose every find has the value
/// `value` gives it, separations proven, the published Domineering values agreeing, Officers'
/// P-positions where the nim-values are 0, and the bench's fixed workloads counted.
#[test]
fn readme_searches_octal_and_bench_print_what_they_claim() {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut a = args.to_vec();
        a.push("--json");
        let (code, out, err) = run(&a);
        assert_eq!(code, 0, "{args:?}: {err}");
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
    };
    let value_of = |game: &str, row: &str| json(&["value", game, row]);
    // Every row of value *3 in impartial Sowing, fewest seeds first: 1112 (5 seeds) leads.
    let v = json(&["search", "value", "*3", "--game", "sowing-i", "--max-seeds", "6"]);
    let found = v["found"].as_array().unwrap();
    assert_eq!(found[0]["row"], "1112");
    assert!(found.len() >= 10, "{found:?}");
    for f in found.iter().take(5) {
        assert_eq!(value_of("sowing-i", f["row"].as_str().unwrap())["value"], "*3", "{f}");
    }
    // Atomic weights: 1332 weighs -1/2 and 40304 weighs * (the README), as `value` says.
    let v = json(&["search", "atomic-weights", "--max-seeds", "11", "--max-pots", "5"]);
    let unusual: Vec<(String, String)> = v["unusual"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["example"].as_str().unwrap().to_string(), u["weight"].as_str().unwrap().to_string()))
        .collect();
    for (row, weight) in [("1332", "-1/2"), ("40304", "*")] {
        assert!(unusual.contains(&(row.to_string(), weight.to_string())), "{unusual:?}");
        assert_eq!(value_of("atomic", row)["atomic_weight"], weight, "{row}");
    }
    // The families' smallest rows: each has the value `value` finds for it.
    let v = json(&["search", "families", "--game", "sowing", "--max-seeds", "6", "--max-pots", "6"]);
    let finds = v["finds"].as_array().unwrap();
    assert!(finds.len() >= 4, "{finds:?}");
    for f in finds {
        assert_eq!(value_of("sowing", f["row"].as_str().unwrap())["value"], f["value"], "{f}");
    }
    // Separations: every size's least run proven, the search complete.
    let v = json(&["search", "separation", "--game", "sowing", "--max-seeds", "4", "--max-pots", "4"]);
    assert_eq!(v["complete"], true);
    let sizes = v["by_size"].as_array().unwrap();
    assert_eq!(sizes.len(), 4);
    assert!(sizes.iter().all(|s| s["proven"] == s["least"]), "{sizes:?}");
    // Followers of 1^n at least Erickson's bound 2^(n-1) - 1, and `value` counts them alike.
    assert_eq!(value_of("sowing", "11111")["followers"], 69, "1^5's followers, as the search counts them");
    let v = json(&["search", "followers", "--game", "sowing", "--max-seeds", "5", "--max-pots", "5"]);
    let sizes = v["by_size"].as_array().unwrap();
    assert_eq!(sizes.len(), 5);
    for s in sizes {
        assert!(
            s["ones"].as_u64().unwrap() >= s["bound"].as_u64().unwrap() && s["most"].as_u64() >= s["ones"].as_u64(),
            "{s}"
        );
    }
    // The published Domineering values: every one valued here agrees.
    let rows = json(&["search", "domineering"]);
    let rows = rows.as_array().unwrap();
    let valued: Vec<_> = rows.iter().filter(|r| !r["ours"].is_null()).collect();
    assert!(valued.len() >= 30, "{}", valued.len());
    assert!(valued.iter().all(|r| r["agrees"] == true), "{valued:?}");
    // Officers (.37): the P-positions are exactly where the nim-values are 0.
    let v = json(&["octal", ".37", "200"]);
    let p: Vec<u64> = v["p_positions"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    let first = v["first"].as_array().unwrap();
    assert!(p.len() >= 10 && p[0] == 0, "{p:?}");
    let zeros: Vec<u64> = (0..first.len() as u64).filter(|&k| first[k as usize] == 0).collect();
    assert_eq!(zeros, p.iter().copied().filter(|&k| (k as usize) < first.len()).collect::<Vec<_>>());
}

/// `bench` runs every fixed workload and reports positive figures.
#[test]
#[ignore = "slow in debug builds: run optimised by make test (make test-release)"]
fn bench_reports_its_workloads() {
    let (code, out, err) = run(&["bench", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["perft"]["nodes"].as_u64().unwrap() > 1_000_000, "{out}");
    assert!(v["perft"]["nodes_per_second"].as_f64().unwrap() > 0.0, "{out}");
    assert!(v["endgame_search"]["search"]["nodes"].as_u64().unwrap() > 0, "{out}");
    assert!(v["dakon_survey"]["boards"].as_u64().unwrap() > 0, "{out}");
}

/// `value` takes every registered family whose games have a value, from its first preset's
/// start, and names exactly those families when it refuses another (the list is the registry's).
#[test]
fn value_takes_every_family_with_game_values() {
    use mancala_lab::families::{AnyRules, FamilyId};
    let mut valued = vec![];
    for family in FamilyId::ALL {
        let id = family.presets()[0].id;
        let rules: AnyRules = id.parse().unwrap();
        if !rules.has_game_value() {
            continue;
        }
        let row = rules.start().value_row().unwrap_or_else(|| panic!("{id}: a start with a value has a row"));
        let (code, out, err) = run(&["value", id, &row, "--json"]);
        assert_eq!(code, 0, "{id} {row}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(v["value"].as_str().is_some_and(|s| !s.is_empty()), "{id}: {out}");
        valued.push(family.key());
    }
    assert!(valued.len() >= 6, "{valued:?}");
    let (code, _, err) = run(&["value", "kalah", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains(&valued.join(", ")), "the refusal lists {valued:?}: {err}");
}

/// `solve`, `book` and `endgame` refuse a family without the capability they need by naming
/// the families that have it, from the registry: every family with it, and none without.
#[test]
fn refusals_name_the_families_that_have_the_capability() {
    use mancala_lab::families::{AnyRules, FamilyId};
    let rules = |f: &FamilyId| f.presets()[0].id.parse::<AnyRules>().unwrap();
    let having = |what: fn(&AnyRules) -> bool| -> Vec<&str> {
        FamilyId::ALL.iter().filter(|f| what(&rules(f))).map(|f| f.key()).collect()
    };
    let (solvers, databases) = (having(AnyRules::has_exact_solver), having(AnyRules::has_databases));
    assert!(!solvers.is_empty() && !databases.is_empty(), "{solvers:?} {databases:?}");
    let neither = FamilyId::ALL
        .iter()
        .find(|f| !rules(f).has_exact_solver() && !rules(f).has_databases())
        .expect("a family with neither");
    let id = neither.presets()[0].id;
    let both = [solvers.clone(), databases.clone()].concat();
    for (args, named) in
        [(vec!["solve", id], &both), (vec!["book", id], &solvers), (vec!["endgame", id, "--seeds", "4"], &databases)]
    {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        // A family is named by its name and its ids in brackets, its key first.
        let found: Vec<&str> =
            FamilyId::ALL.iter().map(|f| f.key()).filter(|k| err.contains(&format!("({k}"))).collect();
        assert_eq!(&found, named, "{args:?}: {err}");
    }
}

/// Under an address-space limit (`ulimit -v`), a command whose memory would outgrow what may
/// be used stops with the figures and exit status 2 (an estimate first where one exists, else
/// what it holds as it grows), never an abort (status 134, "memory allocation … failed") nor
/// the system's out-of-memory killer.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "optimised: make test runs it (test-release); 2 minutes in a debug build"]
fn memory_past_what_may_be_used_ends_with_the_figures() {
    for (command, says) in [
        ("dakon count 11", "not enough memory: the survey of Dakon-11's first turns ("),
        ("dooley kalah-6-2", "not enough memory: Dooley's study of kalah-6-2 ("),
        // Its hash table grows by doubling between two checks: here the allocator's refusal
        // speaks first (with 1.5 GB, the search's own figures do).
        ("tables erickson --search --max-seeds 10 --max-pots 8 --max-seeds-long 16", "not enough memory: "),
        ("search value '*' --game sowing --max-seeds 12 --max-pots 12", "not enough memory: search value ("),
        (
            "tchoukaillon position 18446744073709551615 --first 10000000",
            "not enough memory: showing the first 10,000,000 pits needs about",
        ),
        ("value atomic 999999999", "too many to value within the memory that may be used"),
        // The Tchouka solitaire's solve remembers the positions that fail: it stops at half the
        // memory that may be used and says so.
        ("analyze tchouka-16-15 --depth 200", "not enough memory: the solve of tchouka-16-15 ("),
    ] {
        // 150 MB of address space: the program itself fits; these commands' tables do not (and
        // reach it in 8 s in all, against 21 s for 300 MB).
        let (code, _, err) = run_limited(150_000, command);
        assert_eq!(code, Some(2), "{command}: {err}");
        assert!(err.contains(says), "{command}: {err}");
    }
    // The Dakon searches fit their boards (10⁸ by default, 4.2 GiB) to the memory instead, and
    // answer within them.
    let (code, out, err) = run_limited(150_000, "dakon shortest 5 --json");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["moves"].as_u64(), v["proven"].as_bool()), (Some(24), Some(true)), "{v}");
}

/// Work that would take past an hour is refused at once from an estimate, with its figures.
#[test]
fn perft_past_an_hour_is_refused_from_its_estimate() {
    let (code, _, err) = run(&["perft", "kalah-6-4", "40"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("depth 40 would count about") && err.contains("more than an hour"), "{err}");
    let (code, out, _) = run(&["perft", "kalah-6-4", "5", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["nodes"], 4_690);
}

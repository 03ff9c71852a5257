//! Fuzzing by long property runs (`make fuzz`): every parser of untrusted text — links, every
//! family's setups and moves, rules ids, game records, CGT values, lab links, worker messages —
//! fed FUZZ_CASES inputs each (default 10⁶), random and near-valid; none may panic, and each
//! returns within the time a parse takes (a hang fails the run's time, which is printed). The
//! figures are in BENCHMARKS.md.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use mancala_lab::cgt::Games;
use mancala_lab::families::{AnyPosition, AnyRules};
use mancala_lab::notation::Game;
use mancala_lab::web::route::Route;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000)
}

/// Longest time one input may take: past it, the input counts as a hang.
const HANG_MS: f64 = 1000.0;

/// Runs `check` on `cases()` inputs of `strategy`, printing the rate and the slowest input.
fn fuzz<S: Strategy>(name: &str, strategy: S, check: impl Fn(S::Value))
where
    S::Value: std::fmt::Debug + Clone,
{
    let mut runner = TestRunner::new(Config { cases: cases(), failure_persistence: None, ..Config::default() });
    let t = Instant::now();
    let slowest = std::cell::RefCell::new((0.0f64, String::new()));
    runner
        .run(&strategy, |v| {
            let shown = format!("{v:?}");
            let one = Instant::now();
            check(v);
            let ms = one.elapsed().as_secs_f64() * 1000.0;
            if ms > slowest.borrow().0 {
                *slowest.borrow_mut() = (ms, shown.clone());
            }
            prop_assert!(ms < HANG_MS, "{name}: {ms:.0} ms on {shown}");
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let s = t.elapsed().as_secs_f64();
    let (ms, input) = slowest.into_inner();
    println!(
        "fuzz {name}: {} inputs in {s:.1} s ({:.0} a second), 0 panics, slowest {ms:.1} ms ({})",
        cases(),
        cases() as f64 / s,
        mancala_lab::engine::text::clip(&input, 60)
    );
}

/// Every preset of every registered family (`FamilyId::ALL`): a family added to the registry
/// is fuzzed by construction.
fn rules_ids() -> Vec<&'static str> {
    mancala_lab::families::FamilyId::ALL.iter().flat_map(|f| f.presets().iter().map(|p| p.id)).collect()
}

/// Text near the notations: their characters, mostly.
fn near() -> impl Strategy<Value = String> {
    prop_oneof!["[0-9a-z.+x~•_,() {}-]{0,40}", "\\PC{0,30}", "[0-9]{1,30}(-[0-9.]{0,12}){0,4}",]
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_links() {
    fuzz(
        "links",
        (prop::sample::select(rules_ids()), near(), near(), "[0-9]{0,6}", near()),
        |(r, setup, moves, ply, other)| {
            for q in [
                format!("rules={r}&setup={setup}&moves={moves}&ply={ply}"),
                format!("rules={r}&moves={moves}&line={ply}&south={other}"),
                format!("rules={other}&setup={setup}"),
                other.clone(),
            ] {
                let (g, e) = Game::from_query_lenient(&q);
                assert!(g.ply() <= g.moves().len());
                if let Some(e) = e {
                    assert!(!e.message(&g).is_empty());
                }
            }
        },
    );
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_setups_and_moves() {
    fuzz("setups and moves", (prop::sample::select(rules_ids()), near()), |(r, text)| {
        let rules: AnyRules = r.parse().unwrap();
        if let Ok(p) = rules.parse_setup(&text) {
            // What reads back writes canonically and reads again as itself.
            assert_eq!(rules.parse_setup(&p.to_string()).unwrap(), p);
        }
        let start: AnyPosition = rules.start();
        for token in start.split_moves(&text) {
            let _ = start.parse_move(token);
        }
    });
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_rules_ids() {
    fuzz("rules ids", "[a-z0-9-]{0,24}|\\PC{0,20}", |text| {
        if let Ok(r) = text.parse::<AnyRules>() {
            assert_eq!(r.to_string().parse::<AnyRules>().unwrap(), r);
        }
    });
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_records() {
    let header = prop_oneof![
        Just(String::new()),
        prop::sample::select(rules_ids()).prop_map(|r| format!("[Rules \"{r}\"]\n")),
        "\\[[A-Za-z]{0,8} \"[^\"\n]{0,12}\"\\]\n",
        "\\[[^\n]{0,16}\n",
    ];
    fuzz("records", (header.clone(), header, near()), |(a, b, moves)| {
        let (g, e) = Game::from_record_lenient(&format!("{a}{b}\n{moves}\n"));
        assert!(g.ply() <= g.moves().len());
        if e.is_none() {
            assert_eq!(Game::from_record_lenient(&g.record()).0, g);
        }
    });
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_cgt_values() {
    fuzz("CGT values", "[-+*^v{}|0-9.,/ ↑↓∗±_A-Za-z]{0,24}", |text| {
        let mut t = Games::new();
        if let Ok(g) = t.parse(&text) {
            let shown = t.show(g);
            assert_eq!(t.parse(&shown).ok(), Some(g), "{text} → {shown}");
        }
    });
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_lab_links() {
    let labs = prop::sample::select(vec![
        "/lab/dakon",
        "/lab/ayo",
        "/lab/tchoukaillon",
        "/lab/hanoi",
        "/lab/erickson",
        "/lab/dooley",
        "/lab/solved-kalah",
        "/bench",
        "/play",
        "/nope",
    ]);
    fuzz("lab links", (labs, "[a-z=&0-9._%-]{0,30}|\\PC{0,20}"), |(path, q)| {
        let r: Route = format!("#{path}?{q}").parse().unwrap();
        let _ = r.to_string();
    });
}

#[test]
#[ignore = "run by `make fuzz`: 10^6 inputs a parser, minutes"]
fn fuzz_worker_messages() {
    // Random text, and JSON-shaped text built from the protocol's words (never a whole valid
    // long task: the worker's handling of those is tested in src/web/worker/tests.rs).
    let word = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"id\"",
        "\"task\"",
        "\"Analyze\"",
        "\"Solve\"",
        "\"Lab\"",
        "\"Endgame\"",
        "\"rules\"",
        "\"setup\"",
        "1",
        "-1",
        "1e99",
        "null",
        "\"x\"",
        "true",
    ]);
    let json = prop::collection::vec(word, 0..16).prop_map(|w| w.concat());
    fuzz("worker messages", prop_oneof!["\\PC{0,40}", json], |text| {
        let mut replies = 0;
        mancala_lab::web::worker::handle(&text, &|| 0.0, &mut |_| replies += 1);
        assert!(replies >= 1, "every message gets an answer: {text}");
    });
}

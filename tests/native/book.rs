//! The opening book shipped with the page (data/book_kalah_6_4.tsv): read back whole, its
//! start position the known value (+8, the Kalah(6,4) line of data/kalah_values.tsv), every
//! line a position the perfect player meets, and its deepest lines checked against the exact
//! solver (optimised builds).

use mancala_lab::families::{book, AnyPosition, AnyRules, SolveRequest};
use mancala_lab::search::Analysis;

fn kalah64() -> (AnyRules, &'static str) {
    let rules: AnyRules = "kalah-6-4".parse().unwrap();
    (rules, book::shipped(&rules).expect("Kalah(6,4) ships a book"))
}

fn entries(text: &str, rules: &AnyRules) -> Vec<AnyPosition> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("setup\t") && !l.is_empty())
        .map(|l| rules.parse_setup(l.split('\t').next().unwrap()).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn the_shipped_book_reads_back_whole_and_starts_with_the_known_value() {
    let (rules, text) = kalah64();
    let positions = entries(text, &rules);
    assert!(positions.len() >= 50, "{} positions", positions.len());
    for p in &positions {
        let a = book::lookup(text, p).unwrap_or_else(|| panic!("{p} does not read back"));
        assert!(a.exact && a.moves.len() == p.legal_moves().len(), "{p}");
        assert_eq!(book::line(p, &a), text.lines().find(|l| l.starts_with(&format!("{p}\t"))).unwrap());
    }
    let start = book::lookup(text, &rules.start()).unwrap();
    let known = mancala_lab::data::rows(mancala_lab::data::table("kalah_values.tsv").unwrap())
        .find(|r| r[0] == "kalah-6-4")
        .map(|r| r[1].parse::<i32>().unwrap())
        .unwrap();
    assert_eq!(start.value.number(), known);
    // A position the book does not hold, or a line tampered with, is not answered.
    assert!(book::lookup(text, &rules.parse_setup("0.0.0.0.0.1-0.0.0.0.0.1-23.23-s").unwrap()).is_none());
    let tampered = text.replacen("\tc +8 ", "\tc -99 ", 1);
    assert_ne!(tampered, text);
    assert!(book::lookup(&tampered, &rules.start()).is_none(), "a best move worth less than another is refused");
    let short = text.replacen(" a -14\n", "\n", 1);
    assert_ne!(short, text);
    assert!(book::lookup(&short, &rules.start()).is_none(), "a line without every legal move is refused");
    assert!(book::lookup("setup\tmoves\n", &rules.start()).is_none());
}

/// The book is one minimax tree: every move's value is the value of the position it leads to,
/// wherever the book holds that position (the same number when the mover moves again, else
/// its negation: values are final store differences for the side to move).
#[test]
fn every_line_agrees_with_the_lines_below_it() {
    let (rules, text) = kalah64();
    let mut linked = 0;
    for p in entries(text, &rules) {
        for m in book::lookup(text, &p).unwrap().moves {
            let (child, _) = p.play(m.mv).unwrap();
            let Some(below) = book::lookup(text, &child) else { continue };
            let v = if child.turn() == p.turn() { below.value.number() } else { -below.value.number() };
            assert_eq!(m.value.number(), v, "{p} {}: the book's line of {child} says {v}", m.mv);
            linked += 1;
        }
    }
    // 36 moves of the 57 lines lead to another line of the book.
    assert!(linked >= entries(text, &rules).len() / 2, "{linked} moves lead to a line of the book");
}

#[test]
#[ignore = "slow in debug builds: run optimised by make test (make test-release)"]
fn the_books_deepest_lines_are_what_the_solver_proves() {
    let (rules, text) = kalah64();
    let positions = entries(text, &rules);
    let mut solver = rules.start().exact_solver(&SolveRequest::threads(2)).unwrap().unwrap();
    // Four of the deepest lines (North's part, four moves deep: quick to solve again). The
    // lines above them are checked against the lines they lead to (the test above), and the
    // start against the published value.
    let mut checked = 0;
    let values = |a: &Analysis<mancala_lab::families::AnyMove>| {
        let mut v: Vec<(String, i32)> = a.moves.iter().map(|m| (m.mv.to_string(), m.value.number())).collect();
        v.sort();
        (a.value.number(), v)
    };
    for p in positions.iter().rev().take(4) {
        let a = solver.analyze_moves(p, None, None, &mut mancala_lab::search::NoHandler).unwrap();
        assert_eq!(values(&a), values(&book::lookup(text, p).unwrap()), "{p}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

//! Erickson's "Sowing Games" recomputed: Tables 1–5 beside their printed entries, the worked
//! example 312 in its four versions, Theorems 2.2–2.5 on their families, the follower counts
//! of 1ⁿ (the Towers-of-Hanoi remark), Table 5's case classification past the table, and
//! Table 3's exhaustive search. Pure functions with progress, for the CLI and the worker.

mod octal;
mod table3;
mod task;
mod theorems;

pub use crate::families::row::cgt::MAX_FOLLOWERS;
pub use crate::families::row::parse_row;
pub use crate::families::row::value::{
    row_value, row_value_in, row_value_in_limited, row_value_in_watched, row_value_within, RowOption, RowValue,
    RowValueError,
};
pub use octal::*;
pub use table3::*;
pub use task::*;
pub use theorems::*;

use serde::{Deserialize, Serialize};

use crate::cgt::octal::NimSequence;
use crate::cgt::{Games, Gid, Style};
use crate::families::atomic::AtomicGame;
use crate::families::row::cgt::{nim_value, options, value, value_within, Memo};
use crate::families::row::{paper_row, row_text, RowGame};
use crate::families::sowing::SowingGame;

/// One entry of a table: the row, the value printed in the paper and ours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrintedEntry {
    /// The row in the link notation (`x` full, `~` endless full pots).
    pub row: String,
    /// The row as the paper writes it (`•`, `←•`, `•→`).
    pub paper_row: String,
    /// Where it is printed ("Table 2 (•1^4•)").
    pub source: String,
    /// The value as printed (CGSuite's ASCII syntax, or the paper's symbols for Table 5).
    pub printed: String,
    /// The printed value in the paper's symbols.
    pub printed_paper: String,
    /// Our value, CGSuite's ASCII syntax.
    pub ours: String,
    /// Our value in the paper's symbols.
    pub ours_paper: String,
    /// Whether they are the same game.
    pub agrees: bool,
    /// Why they differ, and the nearest row that gives the printed value (from the data file).
    pub note: String,
}

/// One table of the paper, recomputed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrintedTable {
    /// "Table 2".
    pub name: String,
    /// What it lists.
    pub title: String,
    /// The rules id its rows are valued under.
    pub rules: String,
    /// Its entries.
    pub entries: Vec<PrintedEntry>,
}

/// The paper recomputed (Table 3's search apart: [`table_3_search`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Tables 1–5 and the worked examples.
    pub tables: Vec<PrintedTable>,
    /// Theorems 2.2–2.5.
    pub theorems: Vec<Theorem>,
    /// Table 5's classification past the table.
    pub classification: Classification,
    /// Follower counts of 1ⁿ.
    pub hanoi: Vec<Hanoi>,
    /// Rows valued (memo entries, components and followers included).
    pub rows_valued: u64,
}

/// Everything but Table 3's search; `progress(stage)` is told each stage as it starts and may
/// return `false` to stop (the report so far is returned).
pub fn report(progress: &mut dyn FnMut(&str) -> bool) -> Report {
    let mut t = Games::new();
    let (mut partizan, mut impartial, mut atomic) = (Memo::default(), Memo::default(), Memo::default());
    let mut tables = vec![];
    let stages: [(&str, &str, &str, &str, &str); 4] = [
        ("Table 1", "Some interesting partizan Sowing values", "sowing", crate::data::SOWING_TABLE_1, "Table 1"),
        (
            "Table 2",
            "Values of starting positions in partizan Sowing",
            "sowing",
            crate::data::SOWING_PARTIZAN,
            "Table 2",
        ),
        (
            "Table 3",
            "Simplest impartial Sowing positions with given nim-values",
            "sowing-i",
            crate::data::SOWING_IMPARTIAL,
            "Table 3",
        ),
        (
            "Table 4",
            "Values of starting positions in impartial Sowing",
            "sowing-i",
            crate::data::SOWING_IMPARTIAL,
            "Table 4",
        ),
    ];
    let mut report = Report {
        tables: vec![],
        theorems: vec![],
        classification: Classification { up_to: 0, checked: 0, failures: vec![] },
        hanoi: vec![],
        rows_valued: 0,
    };
    for (name, title, rules, text, prefix) in stages {
        if !progress(name) {
            return report;
        }
        let memo = if rules == "sowing" { &mut partizan } else { &mut impartial };
        let entries = crate::data::rows(text)
            .filter(|r| r[3].starts_with(prefix))
            .map(|r| sowing_entry(&mut t, memo, rules == "sowing-i", &r))
            .collect();
        tables.push(PrintedTable { name: name.into(), title: title.into(), rules: rules.into(), entries });
    }
    if !progress("Table 5") {
        return report;
    }
    tables.push(table_5(&mut t, &mut atomic));
    tables.push(examples(&mut t));
    report.tables = tables;
    report.rows_valued = (partizan.len() + impartial.len() + atomic.len()) as u64;
    if !progress("Theorems 2.2–2.5") {
        return report;
    }
    report.theorems = theorems(&mut t, THEOREM_FOLLOWERS);
    if !progress("Table 5's classification") {
        return report;
    }
    report.classification = classification(&mut t, &mut atomic, CLASSIFICATION_LIMIT);
    report.rows_valued = (partizan.len() + impartial.len() + atomic.len()) as u64;
    if !progress("Followers of 1ⁿ") {
        return report;
    }
    report.hanoi = hanoi(HANOI_LIMIT, &mut |_| true);
    report
}

/// [`report`] timed by `now` (the caller's clock, in its unit): the report and how long each
/// stage took, in order; `on_stage` hears each stage as it starts.
pub fn timed_report(now: &dyn Fn() -> f64, on_stage: &mut dyn FnMut(&str)) -> (Report, Vec<(String, f64)>) {
    let mut starts: Vec<(String, f64)> = vec![];
    let r = report(&mut |stage| {
        starts.push((stage.to_string(), now()));
        on_stage(stage);
        true
    });
    let ends: Vec<f64> = starts.iter().skip(1).map(|s| s.1).chain([now()]).collect();
    (r, starts.into_iter().zip(ends).map(|((name, start), end)| (name, end - start)).collect())
}

/// A row of a Sowing table file (row, printed, ours or "-", source; note).
fn sowing_entry(t: &mut Games, memo: &mut Memo, impartial: bool, r: &[&str]) -> PrintedEntry {
    let pots: Vec<u8> = parse_row(r[0], SowingGame::MAX_SEEDS)
        .expect("the data file's rows are rows")
        .into_iter()
        .map(|n| n as u8)
        .collect();
    let g = value::<SowingGame>(t, memo, &pots, impartial).expect("the tables' rows have values");
    let printed = t.parse(r[1]).expect("the data file's values parse");
    let (source, note) = match r[3].split_once("; ") {
        Some((s, n)) => (s.to_string(), n.to_string()),
        None => (r[3].to_string(), String::new()),
    };
    PrintedEntry {
        row: row_text(&pots),
        paper_row: paper_row(&pots),
        source,
        printed: r[1].into(),
        printed_paper: t.show_in(printed, Style::Paper),
        ours: t.show(g),
        ours_paper: t.show_in(g, Style::Paper),
        agrees: printed == g,
        note,
    }
}

/// Table 5: Atomic Wari's xy for x, y ≤ 10, in the paper's symbols.
fn table_5(t: &mut Games, memo: &mut Memo) -> PrintedTable {
    let entries = crate::data::rows(crate::data::ATOMIC_TABLE_5)
        .map(|r| {
            let pots = [r[0].parse::<u8>().expect("x"), r[1].parse::<u8>().expect("y")];
            let g = value::<AtomicGame>(t, memo, &pots, false).expect("two pots have values");
            let ours_paper = t.show_in(g, Style::Paper);
            PrintedEntry {
                row: row_text(&pots),
                paper_row: paper_row(&pots),
                source: r[4].into(),
                printed: r[2].into(),
                printed_paper: r[2].into(),
                ours: t.show(g),
                agrees: ours_paper == r[2],
                ours_paper,
                note: String::new(),
            }
        })
        .collect();
    PrintedTable {
        name: "Table 5".into(),
        title: "Values of two-pot Atomic Wari positions xy".into(),
        rules: "atomic".into(),
        entries,
    }
}

/// The worked example 312 in its four versions (§2 and §3).
fn examples(t: &mut Games) -> PrintedTable {
    let cases: [(&str, &str, &str); 4] = [
        ("sowing", "{0|-2}", "§2: 312 = {303 | 402, 420} = {0 | -2}"),
        ("sowing-i", "*", "§2: 312 = {303, 402, 420} = *"),
        ("atomic", "^", "§3: 312 = {1, 3111 | 301, 11112} = ↑"),
        ("atomic-i", "*2", "§3: 312 = {1, 3111, 301, 11112} = *2"),
    ];
    let entries = cases
        .iter()
        .map(|&(rules, printed, source)| {
            let mut memo = Memo::default();
            let impartial = rules.ends_with("-i");
            let g = if rules.starts_with("sowing") {
                value::<SowingGame>(t, &mut memo, &[3, 1, 2], impartial)
            } else {
                value::<AtomicGame>(t, &mut memo, &[3, 1, 2], impartial)
            }
            .expect("312 has a value");
            let p = t.parse(printed).expect("a value");
            PrintedEntry {
                row: "312".into(),
                paper_row: rules.into(),
                source: source.into(),
                printed: printed.into(),
                printed_paper: t.show_in(p, Style::Paper),
                ours: t.show(g),
                ours_paper: t.show_in(g, Style::Paper),
                agrees: p == g,
                note: String::new(),
            }
        })
        .collect();
    PrintedTable {
        name: "312".into(),
        title: "The worked example in its four versions (each line names the rules)".into(),
        rules: "sowing, sowing-i, atomic, atomic-i".into(),
        entries,
    }
}

/// `(a)^k` as pots.
fn rep(a: &[u8], k: u32) -> Vec<u8> {
    a.iter().copied().cycle().take(a.len() * k as usize).collect()
}

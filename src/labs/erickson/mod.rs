//! Erickson's "Sowing Games" recomputed: Tables 1–5 beside their printed entries, the worked
//! example 312 in its four versions, Theorems 2.2–2.5 on their families, the follower counts
//! of 1ⁿ (the Towers-of-Hanoi remark), Table 5's case classification past the table, and
//! Table 3's exhaustive search. Pure functions with progress, for the CLI and the worker.

mod task;
pub use task::*;

use serde::{Deserialize, Serialize};

use crate::cgt::octal::NimSequence;
use crate::cgt::{Games, Gid, Style};
use crate::families::atomic::AtomicGame;
use crate::families::row::cgt::{nim_value, options, value, value_within, Memo, RowKey};
use crate::families::row::{paper_row, parse_row, row_text, trimmed, RowGame};
use crate::families::sowing::SowingGame;

/// One entry of a table: the row, the value printed in the paper and ours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
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
pub struct Table {
    /// "Table 2".
    pub name: String,
    /// What it lists.
    pub title: String,
    /// The rules id its rows are valued under.
    pub rules: String,
    /// Its entries.
    pub entries: Vec<Entry>,
}

/// A theorem checked on its family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Theorem {
    /// "Theorem 2.3".
    pub name: String,
    /// What it says.
    pub statement: String,
    /// Every m, n with m + n at most this was checked (the rows grow: past it, some row had
    /// more followers than the limit).
    pub up_to: u32,
    /// Rows checked.
    pub checked: u32,
    /// Largest number of followers of a row checked.
    pub most_followers: u64,
    /// Rows where it fails (none expected), with our value.
    pub failures: Vec<String>,
}

/// The followers of 1ⁿ in Sowing, against Erickson's lower bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hanoi {
    /// Pots of one seed.
    pub n: u32,
    /// Distinct rows reachable by any sequence of moves (either player, either way), the
    /// row itself included, empty ends dropped.
    pub followers: u64,
    /// 2ⁿ⁻¹ − 1.
    pub bound: u64,
}

/// Table 5's case classification checked past the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Classification {
    /// Largest x and y checked.
    pub up_to: u32,
    /// Rows xy (x ≤ y) checked.
    pub checked: u32,
    /// Rows where the classification and the value differ.
    pub failures: Vec<String>,
}

/// The paper recomputed (Table 3's search apart: [`table_3_search`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Tables 1–5 and the worked examples.
    pub tables: Vec<Table>,
    /// Theorems 2.2–2.5.
    pub theorems: Vec<Theorem>,
    /// Table 5's classification past the table.
    pub classification: Classification,
    /// Follower counts of 1ⁿ.
    pub hanoi: Vec<Hanoi>,
    /// Rows valued (memo entries, components and followers included).
    pub rows_valued: u64,
}

/// Most followers of a row Theorems 2.2–2.5 are checked on (m + n grows until a row has more).
pub const THEOREM_FOLLOWERS: usize = 300_000;
/// Largest m + n the theorems are checked for (rows of up to 62 pots).
pub const MAX_THEOREM_SUM: u32 = 30;
/// Largest x, y of Table 5's classification check.
pub const CLASSIFICATION_LIMIT: u32 = 16;
/// Follower counts of 1ⁿ stop past this many rows.
pub const HANOI_LIMIT: u64 = 2_000_000;

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
        tables.push(Table { name: name.into(), title: title.into(), rules: rules.into(), entries });
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
fn sowing_entry(t: &mut Games, memo: &mut Memo, impartial: bool, r: &[&str]) -> Entry {
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
    Entry {
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
fn table_5(t: &mut Games, memo: &mut Memo) -> Table {
    let entries = crate::data::rows(crate::data::ATOMIC_TABLE_5)
        .map(|r| {
            let pots = [r[0].parse::<u8>().expect("x"), r[1].parse::<u8>().expect("y")];
            let g = value::<AtomicGame>(t, memo, &pots, false).expect("two pots have values");
            let ours_paper = t.show_in(g, Style::Paper);
            Entry {
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
    Table {
        name: "Table 5".into(),
        title: "Values of two-pot Atomic Wari positions xy".into(),
        rules: "atomic".into(),
        entries,
    }
}

/// The worked example 312 in its four versions (§2 and §3).
fn examples(t: &mut Games) -> Table {
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
            Entry {
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
    Table {
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

/// Theorems 2.2–2.5 for every m and n, by growing m + n until a row has more than `limit`
/// followers.
pub fn theorems(t: &mut Games, limit: usize) -> Vec<Theorem> {
    type Family = fn(u32, u32) -> Option<Vec<u8>>;
    type Claim = fn(&mut Games, u32, u32) -> Gid;
    let cases: [(&str, &str, Family, Claim); 4] = [
        (
            "Theorem 2.2",
            "(10)^m 03 (01)^n = 0 for all m and n",
            |m, n| Some([rep(&[1, 0], m), vec![0, 3], rep(&[0, 1], n)].concat()),
            |t, _, _| t.zero(),
        ),
        (
            "Theorem 2.3",
            "(01)^m 2 (01)^n = n+1 for all m and n except m = n = 0",
            |m, n| (m + n > 0).then(|| [rep(&[0, 1], m), vec![2], rep(&[0, 1], n)].concat()),
            |t, _, n| t.integer(n as i64 + 1),
        ),
        (
            "Theorem 2.4",
            "11 (01)^n = {n+1 | 0} for all positive n",
            |m, n| (m == 0 && n > 0).then(|| [vec![1, 1], rep(&[0, 1], n)].concat()),
            |t, _, n| {
                let (a, z) = (t.integer(n as i64 + 1), t.zero());
                t.game(vec![a], vec![z])
            },
        ),
        (
            "Theorem 2.5",
            "(10)^m 2 (01)^n = {n | -m} for all positive m and n",
            |m, n| (m > 0 && n > 0).then(|| [rep(&[1, 0], m), vec![2], rep(&[0, 1], n)].concat()),
            |t, m, n| {
                let (a, b) = (t.integer(n as i64), t.integer(-(m as i64)));
                t.game(vec![a], vec![b])
            },
        ),
    ];
    cases
        .iter()
        .map(|&(name, statement, family, claim)| {
            let mut memo = Memo::default();
            let (mut checked, mut failures, mut up_to, mut most) = (0, vec![], 0, 0);
            'sums: for d in 0..=MAX_THEOREM_SUM {
                for m in 0..=d {
                    let n = d - m;
                    let Some(row) = family(m, n) else { continue };
                    let want = claim(t, m, n);
                    let before = memo.len();
                    match value_within::<SowingGame>(t, &mut memo, &row, false, limit) {
                        Ok(g) if g == want => {}
                        Ok(g) => failures.push(format!("m={m}, n={n}: {} = {}", row_text(&row), t.show(g))),
                        Err(_) => break 'sums,
                    }
                    most = most.max((memo.len() - before) as u64);
                    checked += 1;
                }
                up_to = d;
            }
            Theorem { name: name.into(), statement: statement.into(), up_to, checked, most_followers: most, failures }
        })
        .collect()
}

/// Table 5's classification of xy (x ≤ y) through .37's P-positions, for x, y ≤ `limit`.
pub fn classification(t: &mut Games, memo: &mut Memo, limit: u32) -> Classification {
    let mut s = NimSequence::new(".37".parse().expect("an octal code"));
    s.extend_to(limit as usize + 2, &mut |_| true);
    let p = |n: i64| n >= 0 && s.values[n as usize] == 0;
    let (mut checked, mut failures) = (0, vec![]);
    for x in 1..=limit as i64 {
        for y in x..=limit as i64 {
            let class = if x == 1 {
                match y {
                    1 => "0",
                    2 => "∗",
                    _ => "↑",
                }
            } else if x <= y - 2 {
                if p(x) {
                    "↓(1|0)"
                } else {
                    "↑²∗"
                }
            } else if x == y - 1 {
                if p(x - 2) {
                    "↑(1|0)"
                } else if p(y - 2) {
                    "↓(1|0)"
                } else {
                    "∗2"
                }
            } else if x == 2 || !p(x - 2) {
                "∗2"
            } else {
                "↑(±1)"
            };
            let ours = value::<AtomicGame>(t, memo, &[x as u8, y as u8], false).map(|g| t.show_in(g, Style::Paper));
            match ours {
                Ok(v) if v == class => {}
                Ok(v) => failures.push(format!("{x},{y}: the classification says {class}, the value is {v}")),
                Err(e) => failures.push(format!("{x},{y}: {e}")),
            }
            checked += 1;
        }
    }
    Classification { up_to: limit, checked, failures }
}

/// The rows reachable from `start` by Sowing's moves, either player, either way (the row
/// included, empty ends dropped); `None` past `limit` rows.
pub fn followers(start: &[u8], limit: u64) -> Option<u64> {
    let mut seen: crate::cgt::HashMap<RowKey, ()> = Default::default();
    let mut todo = vec![trimmed(start).to_vec()];
    seen.insert(RowKey::new(&todo[0]), ());
    while let Some(row) = todo.pop() {
        if seen.len() as u64 > limit {
            return None;
        }
        for q in crate::families::row::cgt::options::<SowingGame>(&row, true, true)? {
            // Followers as rows (full pots keep their seeds' place, not a normal form).
            if seen.insert(RowKey::new(&q), ()).is_none() {
                todo.push(q);
            }
        }
    }
    Some(seen.len() as u64)
}

/// Follower counts of 1ⁿ for n = 1, 2, … until one passes `limit` rows (or `progress` says
/// stop; it hears each n before it is counted).
pub fn hanoi(limit: u64, progress: &mut dyn FnMut(u32) -> bool) -> Vec<Hanoi> {
    let mut out = vec![];
    for n in 1..=crate::families::row::ROOM as u32 {
        if !progress(n) {
            break;
        }
        match followers(&vec![1; n as usize], limit) {
            Some(f) => out.push(Hanoi { n, followers: f, bound: (1u64 << (n - 1)) - 1 }),
            None => break,
        }
    }
    out
}

/// The simplest rows found for one nim-value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Simplest {
    /// The nim-value.
    pub value: u32,
    /// The row with the fewest seeds (then the fewest pots), if the search met one.
    pub fewest_seeds: Option<String>,
    /// The row with the fewest pots (then the fewest seeds), if the search met one.
    pub fewest_pots: Option<String>,
    /// Table 3's printed rows (fewest seeds, fewest pots), for values 0 to 9.
    pub printed: Option<(String, String)>,
    /// Whether our fewest-seeds row has as few seeds as the printed one, and our fewest-pots
    /// row as few pots (the tables may pick another row of the same size).
    pub agrees: Option<(bool, bool)>,
}

/// Table 3 recomputed by exhaustive search (positions with at least one move: the paper's
/// simplest 0 is 102, not a single seed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table3Search {
    /// Every row of at most this many seeds was valued (rows that split at a run of empty
    /// pots are sums of smaller rows, so only rows that do not split are listed).
    pub max_seeds: u32,
    /// Every plain row of at most this many pots (with no pot full), and rows of one more
    /// pot up to `max_seeds_long` seeds.
    pub max_pots: u32,
    /// The seed limit of the longest rows searched.
    pub max_seeds_long: u32,
    /// Rows searched.
    pub rows: u64,
    /// Rows valued (memo entries, followers included).
    pub valued: u64,
    /// The simplest rows of every value met, from 0 up.
    pub simplest: Vec<Simplest>,
    /// Seconds it took (set by the caller, who has the clock; 0 when not).
    #[serde(default)]
    pub seconds: f64,
}

/// Calls `f` with every row of exactly `seeds` seeds (first and last pots not empty) that does
/// not split at a run of empty pots ([`crate::families::sowing::split`]'s first rule).
fn rows_with_seeds(seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    fn go(row: &mut Vec<u8>, used: u32, seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if used == seeds {
            return f(row);
        }
        for a in 1..=seeds - used {
            // A gap before this pot (none before the first): shorter than the larger side.
            let gaps = if row.is_empty() { 0 } else { used.max(seeds - used).saturating_sub(1) };
            for g in 0..=gaps {
                let len = row.len();
                row.extend(std::iter::repeat_n(0, g as usize));
                row.push(a as u8);
                let go_on = go(row, used + a, seeds, f);
                row.truncate(len);
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
    go(&mut vec![], 0, seeds, f)
}

/// Calls `f` with every plain row of `pots` pots (ends not empty, no pot full: each holds at
/// most its larger distance to an end) of at most `max_seeds` seeds.
fn rows_with_pots(pots: usize, max_seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    fn go(row: &mut Vec<u8>, pots: usize, left: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        let i = row.len();
        if i == pots {
            return f(row);
        }
        let most = (i.max(pots - 1 - i) as u32).min(left);
        let least = u32::from(i == 0 || i == pots - 1);
        for a in least..=most {
            row.push(a as u8);
            let go_on = go(row, pots, left - a, f);
            row.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    go(&mut vec![], pots, max_seeds, f)
}

/// Table 3's exhaustive search: every row of at most `max_seeds` seeds, then every plain row
/// of at most `max_pots` pots and the rows of `max_pots + 1` pots of at most `max_seeds_long`
/// seeds. `progress(stage, rows so far)` may return `false` to stop (`None`).
pub fn table_3_search(
    max_seeds: u32,
    max_pots: u32,
    max_seeds_long: u32,
    progress: &mut dyn FnMut(&str, u64) -> bool,
) -> Option<Table3Search> {
    let mut memo = Memo::default();
    let mut by_seeds: Vec<Option<(u32, usize, Vec<u8>)>> = vec![];
    let mut by_pots: Vec<Option<(usize, u32, Vec<u8>)>> = vec![];
    let mut rows = 0u64;
    let mut note = |row: &[u8], memo: &mut Memo, rows: &mut u64, seeds_first: bool| {
        let Ok(v) = nim_value::<SowingGame>(memo, row) else { return };
        *rows += 1;
        // As the paper's 102 = 0 shows, a position counts only if it has a move (else a
        // single seed would be the simplest 0).
        if v == 0 && options::<SowingGame>(row, true, true).is_none_or(|o| o.is_empty()) {
            return;
        }
        let v = v as usize;
        let seeds: u32 = row.iter().map(|&n| n as u32).sum();
        if seeds_first {
            if by_seeds.len() <= v {
                by_seeds.resize(v + 1, None);
            }
            let key = (seeds, row.len(), row.to_vec());
            if by_seeds[v].as_ref().is_none_or(|b| key < *b) {
                by_seeds[v] = Some(key);
            }
        }
        if by_pots.len() <= v {
            by_pots.resize(v + 1, None);
        }
        let key = (row.len(), seeds, row.to_vec());
        if by_pots[v].as_ref().is_none_or(|b| key < *b) {
            by_pots[v] = Some(key);
        }
    };
    // Each stage enumerates its rows and values them, telling `progress` as it goes.
    type Rows = dyn Fn(&mut dyn FnMut(&[u8]) -> bool) -> bool;
    let mut stages: Vec<(String, bool, Box<Rows>)> = vec![];
    for s in 1..=max_seeds {
        stages.push((format!("rows of {s} seeds"), true, Box::new(move |f| rows_with_seeds(s, f))));
    }
    for pots in 1..=max_pots as usize + 1 {
        let cap = if pots > max_pots as usize { max_seeds_long } else { u32::MAX / 2 };
        stages.push((format!("rows of {pots} pots"), false, Box::new(move |f| rows_with_pots(pots, cap, f))));
    }
    for (stage, seeds_first, each) in stages {
        if !progress(&stage, rows) {
            return None;
        }
        let finished = each(&mut |row| {
            note(row, &mut memo, &mut rows, seeds_first);
            rows % 262_144 != 0 || progress(&stage, rows)
        });
        if !finished {
            return None;
        }
    }
    let printed: Vec<Vec<&str>> =
        crate::data::rows(crate::data::SOWING_IMPARTIAL).filter(|r| r[3].starts_with("Table 3")).collect();
    let printed_for = |v: usize| -> Option<(String, String)> {
        let want = match v {
            0 => "Table 3 (value 0".to_string(),
            1 => "Table 3 (value *".to_string(),
            v => format!("Table 3 (value *{v}"),
        };
        let ours: Vec<&Vec<&str>> = printed
            .iter()
            .filter(|r| r[3].strip_prefix(want.as_str()).is_some_and(|rest| rest.starts_with([',', ')'])))
            .collect();
        let pick = |tag: &str| {
            ours.iter()
                .find(|r| r[3].contains(tag))
                .or_else(|| ours.iter().find(|r| !r[3].contains("fewest")))
                .map(|r| r[0].to_string())
        };
        Some((pick("fewest seeds")?, pick("fewest pots")?))
    };
    let n = by_seeds.len().max(by_pots.len());
    let simplest = (0..n)
        .map(|v| {
            let fs = by_seeds.get(v).cloned().flatten();
            let fp = by_pots.get(v).cloned().flatten();
            let printed = printed_for(v);
            // A printed row is marked when it does not have the value, when ours is simpler,
            // or when the search found none although the printed row is within its limits; a
            // printed row of the right value beyond the limits is not marked.
            let agrees = printed.as_ref().map(|(a, b)| {
                let pots = |r: &str| r.bytes().map(|c| c.wrapping_sub(b'0')).collect::<Vec<u8>>();
                let seeds = |r: &str| pots(r).iter().map(|&n| n as u32).sum::<u32>();
                let mut has_value =
                    |r: &str| nim_value::<SowingGame>(&mut memo, &pots(r)).is_ok_and(|g| g as usize == v);
                let seeds_ok = has_value(a)
                    && match &fs {
                        Some(f) => f.0 == seeds(a),
                        None => seeds(a) > max_seeds,
                    };
                let within_pots =
                    b.len() <= max_pots as usize || (b.len() == max_pots as usize + 1 && seeds(b) <= max_seeds_long);
                let pots_ok = has_value(b)
                    && match &fp {
                        Some(f) => f.0 == b.len(),
                        None => !within_pots,
                    };
                (seeds_ok, pots_ok)
            });
            Simplest {
                value: v as u32,
                fewest_seeds: fs.map(|f| row_text(&f.2)),
                fewest_pots: fp.map(|f| row_text(&f.2)),
                printed,
                agrees,
            }
        })
        .collect();
    Some(Table3Search { max_seeds, max_pots, max_seeds_long, rows, valued: memo.len() as u64, simplest, seconds: 0.0 })
}

/// An octal game's nim-sequence summarised for the lab page: what the CLI's `octal` prints, a
/// plot's worth of G(n), the rare values met first, and .37 = .6 shifted by one checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OctalSummary {
    /// The code (`.37`).
    pub game: String,
    /// G(0..=n) computed.
    pub n: usize,
    /// The heap sizes of value 0.
    pub p_positions: Vec<usize>,
    /// The largest value, and the first heap size with it.
    pub largest: u16,
    /// Where the largest value first occurs.
    pub largest_first_at: usize,
    /// The sparse space's parity mask (0 before it was chosen).
    pub mask: u16,
    /// How many heap sizes have rare values.
    pub rare_count: usize,
    /// The first rare values (heap size, value).
    pub rare_first: Vec<(u32, u16)>,
    /// Σ G(i) for i ≤ n, a checksum.
    pub sum: u64,
    /// Splits examined.
    pub splits: u64,
    /// G(0..40).
    pub first: Vec<u16>,
    /// Heap sizes a plot column.
    pub bucket: usize,
    /// The least, mean and largest value of each plot column.
    pub plot: Vec<(u16, u16, u16)>,
    /// For .37: G(n) = Officers' (.6) G(n + 1) checked for n ≤ this (0: not checked).
    pub officers_checked_to: usize,
    /// Whether it held.
    pub officers_agree: bool,
    /// Seconds it took (set by the caller, who has the clock; 0 when not).
    #[serde(default)]
    pub seconds: f64,
}

/// Largest heap size the lab page computes.
pub const MAX_OCTAL_PAGE: usize = 20_000_000;
/// Columns of the plot.
pub const PLOT_COLUMNS: usize = 600;

/// The nim-sequence of `code` to `n`, summarised; `progress(heap size)` may return `false` to
/// stop (`Ok(None)`).
///
/// # Errors
/// A code that cannot be read, or `n` past [`MAX_OCTAL_PAGE`].
pub fn octal_summary(
    code: &str,
    n: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Option<OctalSummary>, String> {
    let game: crate::cgt::octal::Octal = code.parse().map_err(|e: crate::cgt::octal::OctalError| e.to_string())?;
    if n > MAX_OCTAL_PAGE {
        return Err(format!("{n} heap sizes is too many here: at most {MAX_OCTAL_PAGE} (the CLI goes further)"));
    }
    let mut s = NimSequence::new(game);
    if !s.extend_to(n, progress) {
        return Ok(None);
    }
    let values = &s.values[..=n];
    let largest = values.iter().copied().max().unwrap_or(0);
    let bucket = values.len().div_ceil(PLOT_COLUMNS).max(1);
    let plot = values
        .chunks(bucket)
        .map(|c| {
            let mean = c.iter().map(|&v| v as u64).sum::<u64>() / c.len() as u64;
            (c.iter().copied().min().unwrap_or(0), mean as u16, c.iter().copied().max().unwrap_or(0))
        })
        .collect();
    let (officers_checked_to, officers_agree) = if s.game().to_string() == ".37" {
        let m = n.min(100_000);
        let mut o = NimSequence::new(".6".parse().expect("an octal code"));
        o.extend_to(m + 1, &mut |_| true);
        (m, (0..=m).all(|i| values[i] == o.values[i + 1]))
    } else {
        (0, false)
    };
    Ok(Some(OctalSummary {
        game: s.game().to_string(),
        n,
        p_positions: s.p_positions(),
        largest,
        largest_first_at: values.iter().position(|&v| v == largest).unwrap_or(0),
        mask: s.mask,
        rare_count: s.rare.len(),
        rare_first: s.rare.iter().take(200).copied().collect(),
        sum: values.iter().map(|&v| v as u64).sum(),
        splits: s.splits,
        first: values.iter().take(40).copied().collect(),
        bucket,
        plot,
        officers_checked_to,
        officers_agree,
        seconds: 0.0,
    }))
}

/// One option of a row in the CGT view: the move, the row it leaves, its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowOption {
    /// The move (`2r`).
    pub mv: String,
    /// The row after it, in the link notation.
    pub row: String,
    /// The row in the paper's notation.
    pub paper_row: String,
    /// Its value, in the paper's symbols.
    pub value: String,
    /// Its value, CGSuite's syntax.
    pub ascii: String,
    /// Whether the move wins: its player wins the option moving second (the option is ≥ 0
    /// for a move of Left's, ≤ 0 for Right's).
    pub wins: bool,
}

/// A row's value with everything the CGT view shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowValue {
    /// The rules id.
    pub rules: String,
    /// The row (normal form dropped: as given, empty ends removed), link notation.
    pub row: String,
    /// The row in the paper's notation.
    pub paper_row: String,
    /// The value in the paper's symbols.
    pub value: String,
    /// The value, CGSuite's syntax.
    pub ascii: String,
    /// L, R, N or P.
    pub outcome: char,
    /// The outcome in words.
    pub outcome_words: String,
    /// The components the row splits into (link notation), if it splits.
    pub components: Vec<(String, String)>,
    /// For sparse Atomic Wari rows, the .37 heaps (Theorem 3.1).
    pub heaps: Option<Vec<usize>>,
    /// Left's options.
    pub left: Vec<RowOption>,
    /// Right's options.
    pub right: Vec<RowOption>,
    /// Rows valued.
    pub followers: usize,
}

/// The value of `row` under `rules` (`sowing`, `sowing-i`, `atomic`, `atomic-i`) and of every
/// option, for the page's CGT view.
///
/// # Errors
/// Other rules, a row that cannot be read, or one too large to value.
pub fn row_value(rules: &str, row: &str) -> Result<RowValue, String> {
    row_value_in(rules, row).map(|(v, _, _)| v)
}

/// [`row_value`] with the table of games it built and the row's value in it (for the CLI's
/// atomic weight, mean and temperature).
///
/// # Errors
/// As [`row_value`].
pub fn row_value_in(rules: &str, row: &str) -> Result<(RowValue, Games, Gid), String> {
    use crate::families::AnyRules;
    match rules.parse::<AnyRules>().map_err(|e| e.to_string())? {
        AnyRules::Sowing(r) => row_value_of::<SowingGame>(r, row),
        AnyRules::Atomic(r) => row_value_of::<AtomicGame>(r, row),
        _ => Err("game values are for the one-row games: sowing, sowing-i, atomic, atomic-i".into()),
    }
}

/// A row in the paper's notation, written as the sum of its parts where it splits as it
/// stands (a sum set up as 312+21 reads so again, and so do its options: 303 + 21).
fn sum_text<G: RowGame>(pots: &[u8]) -> String {
    let parts = if G::FULL_POTS { crate::families::sowing::parts_as_is(pots) } else { vec![] };
    if parts.len() > 1 {
        parts.iter().map(|p| paper_row(p)).collect::<Vec<_>>().join(" + ")
    } else {
        paper_row(pots)
    }
}

fn row_value_of<G: RowGame>(
    rules: crate::families::row::RowRules<G>,
    text: &str,
) -> Result<(RowValue, Games, Gid), String> {
    use crate::engine::Position;
    use crate::families::row::Row;
    if text.contains('+') && !G::FULL_POTS {
        return Err(crate::families::row::NO_SUMS.into());
    }
    let counts = parse_row(text, G::MAX_SEEDS).map_err(|e| e.to_string())?;
    let start = Row::new(rules, &counts, crate::engine::Player::South).map_err(|e| e.to_string())?;
    // A row of empty pots is the empty row, 0: valued as one empty pot.
    let pots = match trimmed(start.pots()) {
        [] => vec![0],
        p => p.to_vec(),
    };
    let mut t = Games::new();
    let mut memo = Memo::default();
    let g = value::<G>(&mut t, &mut memo, &pots, rules.impartial).map_err(|e| e.to_string())?;
    let zero = t.zero();
    let mut sides = [vec![], vec![]];
    for (k, turn) in [crate::engine::Player::South, crate::engine::Player::North].into_iter().enumerate() {
        let p =
            Row::new(rules, &pots.iter().map(|&n| n as u32).collect::<Vec<_>>(), turn).map_err(|e| e.to_string())?;
        for m in p.legal_moves() {
            let q = p.play(m).map_err(|e| e.reason.to_string())?.0;
            let after = trimmed(q.pots()).to_vec();
            let h = value::<G>(&mut t, &mut memo, &after, rules.impartial).map_err(|e| e.to_string())?;
            // A move wins when the player who made it wins moving second from the option.
            let wins = if k == 0 { t.le(zero, h) } else { t.le(h, zero) };
            sides[k].push(RowOption {
                mv: m.to_string(),
                row: row_text(&after),
                paper_row: sum_text::<G>(&after),
                value: t.show_in(h, Style::Paper),
                ascii: t.show(h),
                wins,
            });
        }
    }
    // The parts as the row stands (312 and 21 of 312+21), else those of its normal form.
    let as_is = if G::FULL_POTS { crate::families::sowing::parts_as_is(&pots) } else { vec![] };
    let parts = if as_is.len() > 1 { as_is } else { G::components(&G::normal(&pots)) };
    let components = if parts.len() > 1 {
        parts
            .iter()
            .map(|c| {
                let h = value::<G>(&mut t, &mut memo, c, rules.impartial).map(|h| t.show_in(h, Style::Paper));
                (paper_row(c), h.unwrap_or_else(|e| e.to_string()))
            })
            .collect()
    } else {
        vec![]
    };
    let heaps = if G::KEY == AtomicGame::KEY { crate::families::atomic::sparse_heaps(&pots) } else { None };
    let outcome = t.outcome(g);
    let [left, right] = sides;
    let v = RowValue {
        rules: rules.to_string(),
        row: row_text(&pots),
        paper_row: sum_text::<G>(&pots),
        value: t.show_in(g, Style::Paper),
        ascii: t.show(g),
        outcome: outcome.letter(),
        outcome_words: outcome.words().to_string(),
        components,
        heaps,
        left,
        right,
        followers: memo.len(),
    };
    Ok((v, t, g))
}

//! The Erickson page's view model: its sections, the inputs of the search and of .37 (read and
//! refused in words), the progress lines, and the sentences, rows and plot of each answer.

use crate::engine::text::group;
use crate::labs::erickson::{
    OctalSummary, PrintedEntry, PrintedTable, Report, Table3Search, Theorem, MAX_OCTAL_PAGE, THEOREM_FOLLOWERS,
};
use crate::web::route::Route;

/// The page's sections: their ids and the names their links show.
pub const SECTIONS: [(&str, &str); 5] = [
    ("erickson-table-1", "Tables 1–5"),
    ("erickson-theorems", "Theorems"),
    ("erickson-hanoi", "Followers of 1ⁿ"),
    ("erickson-search", "Table 3 search"),
    ("erickson-octal", ".37"),
];

/// A row's link: the play page on it, Left to move.
pub fn play_link(rules: &str, row: &str) -> String {
    Route::Play(format!("rules={rules}&setup={row}-l")).to_string()
}

/// The id of a printed table's section (`erickson-table-1`).
pub fn anchor(name: &str) -> String {
    format!("erickson-{}", name.to_ascii_lowercase().replace(' ', "-"))
}

/// The tables' progress line: the stage under way.
pub fn tables_progress(stage: &str, elapsed_ms: f64) -> String {
    format!("Recomputing in the worker: {stage}… ({:.1} s)", elapsed_ms / 1000.0)
}

/// The search's progress line: the stage under way and the rows valued.
pub fn search_progress(stage: &str, rows: u64, elapsed_ms: f64) -> String {
    format!("Searching: {stage}, {} rows valued so far ({:.1} s)", group(rows.into()), elapsed_ms / 1000.0)
}

/// The octal game's progress line: how far G(n) is computed.
pub fn octal_progress(n: u64, elapsed_ms: f64) -> String {
    format!("G(n) computed to n = {} ({:.1} s)", group(n.into()), elapsed_ms / 1000.0)
}

/// The search's choice of seeds `n`, with the memory the largest takes.
pub fn seeds_option(n: u32) -> String {
    format!("{n}{}", if n == 9 { " (1.5 GB)" } else { "" })
}

/// The largest heap size typed for .37.
///
/// # Errors
/// Text that is not a heap size from 1 to [`MAX_OCTAL_PAGE`], with what was typed.
pub fn read_heaps(text: &str) -> Result<usize, String> {
    match text.trim().replace([',', '_', ' '], "").parse::<usize>() {
        Ok(n) if (1..=MAX_OCTAL_PAGE).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{}' is not a heap size from 1 to {}",
            crate::engine::text::clip(text, 12),
            group(MAX_OCTAL_PAGE as u128)
        )),
    }
}

/// The tables' verdict: how many entries agree, and the time each stage took.
pub fn report_verdict(r: &Report, stages: &[(String, f64)]) -> String {
    let differ = disagreements(r).len();
    let entries: usize = r.tables.iter().map(|t| t.entries.len()).sum();
    let total: f64 = stages.iter().map(|s| s.1).sum();
    let times = stages.iter().map(|(n, ms)| format!("{n} {:.2} s", ms / 1000.0)).collect::<Vec<_>>().join(", ");
    format!(
        "{entries} printed entries recomputed in {:.1} s in the worker ({times}): {} agree, {} differ.",
        total / 1000.0,
        entries - differ,
        differ
    )
}

/// A printed entry ours differs from.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// Its table's section id.
    pub anchor: String,
    /// The table and row (`Table 1 312`).
    pub label: String,
    /// ": printed …, ours …".
    pub values: String,
    /// " — " and why, if the data says.
    pub note: Option<String>,
}

/// Every printed entry ours differs from, table by table.
pub fn disagreements(r: &Report) -> Vec<Disagreement> {
    r.tables
        .iter()
        .flat_map(|t| t.entries.iter().filter(|e| !e.agrees).map(move |e| (t, e)))
        .map(|(t, e)| Disagreement {
            anchor: anchor(&t.name),
            label: format!("{} {}", t.name, e.paper_row),
            values: format!(": printed {}, ours {}", e.printed_paper, e.ours_paper),
            note: (!e.note.is_empty()).then(|| format!(" — {}", e.note)),
        })
        .collect()
}

/// A theorem's check, in words: where it holds, or how it fails.
pub fn theorem_text(th: &Theorem) -> String {
    if th.failures.is_empty() {
        format!(
            "holds on all {} rows with {} ≤ {} (up to {} followers a row; the check stops where a row passes {} followers).",
            th.checked,
            if th.statement.contains("^m") { "m + n" } else { "n" },
            th.up_to,
            group(th.most_followers.into()),
            group(THEOREM_FOLLOWERS as u128)
        )
    } else {
        format!("fails: {}", th.failures.join("; "))
    }
}

/// Table 5's case classification checked, in words.
pub fn classification_text(r: &Report) -> String {
    let c = &r.classification;
    if c.failures.is_empty() {
        format!(
            "Table 5's case classification (through .37's P-positions) agrees with the values of all {} rows xy, x ≤ y ≤ {} — past the printed 10 × 10.",
            c.checked, c.up_to
        )
    } else {
        format!("Table 5's case classification fails: {}", c.failures.join("; "))
    }
}

/// A printed table's heading: its name and title without the parenthesis.
pub fn table_heading(t: &PrintedTable) -> String {
    format!("{} — {}", t.name, t.title.split(" (").next().unwrap_or(&t.title))
}

/// An entry's link to the board (the example 312's entries are one row under four rules).
pub fn entry_link(t: &PrintedTable, e: &PrintedEntry) -> String {
    if t.name == "312" {
        play_link(&e.paper_row, "312")
    } else {
        play_link(&t.rules, &e.row)
    }
}

/// A nim-value as the paper writes it: 0, ∗, ∗2.
pub fn nim_name(v: u32) -> String {
    match v {
        0 => "0".to_string(),
        1 => "∗".to_string(),
        n => format!("∗{n}"),
    }
}

/// The search's verdict.
pub fn search_verdict(s: &Table3Search) -> String {
    let largest = s.simplest.len().saturating_sub(1);
    format!(
        "{} rows searched, {} valued with their followers, in {:.1} s in the worker. The largest nim-value met is ∗{largest}.",
        group(s.rows.into()),
        group(s.valued.into()),
        s.seconds
    )
}

/// The plot's width and height.
pub const PLOT: (f64, f64) = (600.0, 200.0);

/// The plot of .37's values: three paths (least, mean, largest of each column) and what a
/// column holds.
#[derive(Clone, Debug, PartialEq)]
pub struct OctalPlot {
    /// The least value's path.
    pub low: String,
    /// The mean's.
    pub mean: String,
    /// The largest's.
    pub high: String,
    /// "each heap size", "each 1,000 heap sizes".
    pub each: String,
}

/// The plot of a summary.
pub fn octal_plot(s: &OctalSummary) -> OctalPlot {
    let h = PLOT.1;
    let top = s.largest.max(1) as f64;
    let y = |v: u16| h - 10.0 - (v as f64 / top) * (h - 20.0);
    let line = |pick: fn(&(u16, u16, u16)) -> u16| {
        s.plot
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { " L" }, i as f64 + 0.5, y(pick(p))))
            .collect::<String>()
    };
    OctalPlot {
        low: line(|p| p.0),
        mean: line(|p| p.1),
        high: line(|p| p.2),
        each: if s.bucket == 1 {
            "each heap size".to_string()
        } else {
            format!("each {} heap sizes", group(s.bucket as u128))
        },
    }
}

/// The octal answer's verdict.
pub fn octal_verdict(s: &OctalSummary) -> String {
    format!(
        "{}: G(0..{}) in {:.2} s in the worker. P-positions: {}. Largest value {} (first at n = {}). {} rare values (mask {:b}). Σ G(n) = {}.",
        s.game,
        group(s.n as u128),
        s.seconds,
        s.p_positions.iter().map(|p| group(*p as u128)).collect::<Vec<_>>().join(", "),
        s.largest,
        group(s.largest_first_at as u128),
        group(s.rare_count as u128),
        s.mask,
        group(s.sum.into())
    )
}

/// The check against Officers, if it was made.
pub fn officers_text(s: &OctalSummary) -> Option<String> {
    (s.officers_checked_to > 0).then(|| {
        format!(
            "Officers (.6) shifted by one: G.37(n) = G.6(n + 1) for every n ≤ {} — {}.",
            group(s.officers_checked_to as u128),
            if s.officers_agree { "holds" } else { "FAILS" }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary() -> OctalSummary {
        OctalSummary {
            game: ".37".into(),
            n: 12000,
            p_positions: vec![0, 1, 15],
            largest: 4,
            largest_first_at: 9,
            mask: 0b101,
            rare_count: 3,
            rare_first: vec![(0, 0)],
            sum: 23456,
            splits: 0,
            first: vec![0, 1, 2],
            bucket: 1000,
            plot: vec![(0, 2, 4), (4, 4, 4)],
            officers_checked_to: 5000,
            officers_agree: true,
            seconds: 1.234,
        }
    }

    fn entry(row: &str, agrees: bool, note: &str) -> PrintedEntry {
        PrintedEntry {
            row: row.into(),
            paper_row: format!("p{row}"),
            source: "Table 1".into(),
            printed: "1".into(),
            printed_paper: "1".into(),
            ours: "2".into(),
            ours_paper: "2".into(),
            agrees,
            note: note.into(),
        }
    }

    #[test]
    fn inputs_and_progress_lines() {
        assert_eq!(read_heaps(" 1,000 "), Ok(1000));
        assert_eq!(read_heaps("0"), Err("'0' is not a heap size from 1 to 20,000,000".to_string()));
        assert!(read_heaps("lots").is_err());
        assert_eq!(seeds_option(9), "9 (1.5 GB)");
        assert_eq!(seeds_option(7), "7");
        assert_eq!(tables_progress("Table 2", 1500.0), "Recomputing in the worker: Table 2… (1.5 s)");
        assert_eq!(search_progress("8 pots", 12345, 100.0), "Searching: 8 pots, 12,345 rows valued so far (0.1 s)");
        assert_eq!(octal_progress(20000, 2000.0), "G(n) computed to n = 20,000 (2.0 s)");
        assert_eq!(anchor("Table 1"), "erickson-table-1");
        assert_eq!(play_link("sowing", "312"), "#/play?rules=sowing&setup=312-l");
        assert_eq!((nim_name(0), nim_name(1), nim_name(5)), ("0".into(), "∗".into(), "∗5".into()));
    }

    #[test]
    fn the_tables_sentences() {
        let t = PrintedTable {
            name: "Table 1".into(),
            title: "Sowing values (impartial)".into(),
            rules: "sowing".into(),
            entries: vec![entry("1", true, ""), entry("21", false, "a misprint")],
        };
        let r = Report {
            tables: vec![t.clone()],
            theorems: vec![],
            classification: crate::labs::erickson::Classification { up_to: 16, checked: 136, failures: vec![] },
            hanoi: vec![],
            rows_valued: 0,
        };
        let stages = [("Table 1".to_string(), 1500.0), ("Table 2".to_string(), 500.0)];
        assert_eq!(
            report_verdict(&r, &stages),
            "2 printed entries recomputed in 2.0 s in the worker (Table 1 1.50 s, Table 2 0.50 s): 1 agree, 1 differ."
        );
        assert_eq!(
            disagreements(&r),
            vec![Disagreement {
                anchor: "erickson-table-1".into(),
                label: "Table 1 p21".into(),
                values: ": printed 1, ours 2".into(),
                note: Some(" — a misprint".into()),
            }]
        );
        assert!(classification_text(&r).contains("all 136 rows xy, x ≤ y ≤ 16"));
        assert_eq!(table_heading(&t), "Table 1 — Sowing values");
        assert_eq!(entry_link(&t, &t.entries[1]), "#/play?rules=sowing&setup=21-l");
        let ex = PrintedTable { name: "312".into(), ..t };
        assert_eq!(entry_link(&ex, &ex.entries[0]), "#/play?rules=p1&setup=312-l");
    }

    #[test]
    fn theorems_in_words() {
        let th = Theorem {
            name: "2.2".into(),
            statement: "1^m 2 1^n".into(),
            up_to: 10,
            checked: 55,
            most_followers: 1234,
            failures: vec![],
        };
        assert_eq!(
            theorem_text(&th),
            "holds on all 55 rows with m + n ≤ 10 (up to 1,234 followers a row; the check stops where a row passes 300,000 followers)."
        );
        let failed = Theorem { failures: vec!["12".into(), "21".into()], ..th };
        assert_eq!(theorem_text(&failed), "fails: 12; 21");
    }

    #[test]
    fn the_octal_answer() {
        let s = summary();
        let plot = octal_plot(&s);
        assert_eq!(plot.high, "M0.5,10.0 L1.5,10.0");
        assert_eq!(plot.low, "M0.5,190.0 L1.5,10.0");
        assert_eq!(plot.mean, "M0.5,100.0 L1.5,10.0");
        assert_eq!(plot.each, "each 1,000 heap sizes");
        assert_eq!(
            octal_verdict(&s),
            ".37: G(0..12,000) in 1.23 s in the worker. P-positions: 0, 1, 15. Largest value 4 (first at n = 9). 3 rare values (mask 101). Σ G(n) = 23,456."
        );
        assert_eq!(
            officers_text(&s).as_deref(),
            Some("Officers (.6) shifted by one: G.37(n) = G.6(n + 1) for every n ≤ 5,000 — holds.")
        );
        assert_eq!(officers_text(&OctalSummary { officers_checked_to: 0, ..s }), None);
    }
}

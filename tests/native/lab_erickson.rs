//! The Erickson lab: "Sowing Games" recomputed (Tables 1–5, theorems, Table 3's search).

/// Erickson's "Sowing Games" recomputed (`mancala-lab tables erickson`): every printed entry
/// of Tables 1–5 and the example 312 as ours, but for the six the data files explain (Table 1's
/// •00114, Table 2's 1^4 and 1^5, Table 3's 111312, 11111122 and 11132112); Theorems 2.2–2.5
/// hold on every row checked; Table 5's classification agrees to 16; 1^n has at least
/// 2^(n-1) - 1 followers. The page keeps the tables in the browser as JSON: the answer reads
/// back as written (one computation of the tables, about 20 s, serves both checks).
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn erickson_tables_recomputed() {
    use mancala_lab::labs::erickson::{self, EricksonAnswer};
    let (r, stages) = erickson::timed_report(&|| 0.0, &mut |_| {});
    assert_eq!(stages.iter().map(|s| s.0.as_str()).collect::<Vec<_>>()[..2], ["Table 1", "Table 2"]);
    let differ: Vec<String> = r
        .tables
        .iter()
        .flat_map(|t| t.entries.iter().filter(|e| !e.agrees).map(move |e| format!("{} {}", t.name, e.paper_row)))
        .collect();
    assert_eq!(
        differ,
        ["Table 1 •00114", "Table 2 1111", "Table 2 11111", "Table 3 111312", "Table 3 11111122", "Table 3 11132112"]
    );
    // Every disagreement is explained in its data file.
    assert!(r.tables.iter().flat_map(|t| &t.entries).filter(|e| !e.agrees).all(|e| !e.note.is_empty()));
    let entries: usize = r.tables.iter().map(|t| t.entries.len()).sum();
    assert_eq!(entries, 11 + 49 + 15 + 51 + 100 + 4);
    for th in &r.theorems {
        assert!(th.failures.is_empty() && th.checked >= 7 && th.up_to >= 6, "{th:?}");
    }
    assert!(r.classification.failures.is_empty() && r.classification.checked == 136);
    assert!(r.hanoi.len() >= 10 && r.hanoi.iter().all(|h| h.followers > h.bound));
    let text = serde_json::to_string(&EricksonAnswer::Tables { report: Box::new(r), stages }).unwrap();
    let back: EricksonAnswer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}

/// Table 3 by exhaustive search (rows of up to 8 seeds, plain rows of up to 7 pots, and 8 pots
/// up to 13 seeds): the paper's simplest rows have as few seeds and pots as ours, but for *6
/// (11020111 has 7 seeds, the printed 10111121 has 8; 111213, the printed 111312 with two pots
/// swapped, is *6) and the *9 of fewest pots (11123112, the printed 11132112 with two pots
/// swapped). Rows of 9 seeds take 20 s and 1.5 GB: the CLI's `tables erickson --search`.
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn erickson_table_3_search() {
    use mancala_lab::labs::erickson;
    let s = erickson::table_3_search(8, 7, 13, &mut |_, _| true).unwrap();
    let found: Vec<(Option<&str>, Option<&str>)> =
        s.simplest.iter().map(|v| (v.fewest_seeds.as_deref(), v.fewest_pots.as_deref())).collect();
    assert_eq!(
        found,
        [
            (Some("102"), Some("102")),
            (Some("11"), Some("11")),
            (Some("111"), Some("111")),
            (Some("1112"), Some("1112")),
            (Some("110111"), Some("11112")),
            (Some("111121"), Some("12113")),
            (Some("11020111"), Some("111213")),
            (Some("11101112"), Some("1111113")),
            (None, Some("11112111")),
            (None, Some("11123112")),
        ]
    );
    // Marked: *6's printed rows (10111121 has more seeds than ours, 111312 is not *6) and
    // *9's (11111122 is *3, 11132112 is 0); *8's printed 11112111 (9 seeds, past the search)
    // is not.
    let marked: Vec<(u32, bool, bool)> =
        s.simplest.iter().filter_map(|v| v.agrees.filter(|a| !a.0 || !a.1).map(|a| (v.value, !a.0, !a.1))).collect();
    assert_eq!(marked, [(6, true, true), (9, true, true)]);
}

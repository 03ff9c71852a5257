//! The papers' tables and the published values (`data/`), one copy read by the tests and by
//! the pages alike, each row with its source.
//!
//! Every file is tab-separated text: one row a line, `#` comments and blank lines skipped.

/// Kalah perft counts, published and pinned (with the independent reference's check).
pub const KALAH_PERFT: &str = include_str!("../data/kalah_perft.tsv");
/// Kalah values published by Irving, Donkers & Uiterwijk (2000) and others.
pub const KALAH_VALUES: &str = include_str!("../data/kalah_values.tsv");
/// Broline & Loeb's Figure 4: Tchoukaillon's winning positions.
pub const TCHOUKAILLON_FIGURE_4: &str = include_str!("../data/tchoukaillon_figure4.tsv");
/// Broline & Loeb's Figure 5: the period of the first i pits.
pub const TCHOUKAILLON_FIGURE_5: &str = include_str!("../data/tchoukaillon_figure5.tsv");
/// s(n), the fewest stones whose winning Tchoukaillon position uses pit n (OEIS A002491).
pub const TCHOUKAILLON_S_OF_N: &str = include_str!("../data/tchoukaillon_s_of_n.tsv");
/// The Dakon paper's printed openings.
pub const DAKON_LINES: &str = include_str!("../data/dakon_lines.tsv");
/// The Dakon paper's counts of first-turn sequences.
pub const DAKON_COUNTS: &str = include_str!("../data/dakon_counts.tsv");
/// The Dakon paper's Tables 1–3 and our searches' figures.
pub const DAKON_SEARCHES: &str = include_str!("../data/dakon_searches.tsv");

/// Conway's Sowing: the positions each move leads to, from the paper's worked examples.
pub const SOWING_MOVES: &str = include_str!("../data/sowing_moves.tsv");

/// Impartial Sowing's Nim-values, Erickson's Tables 3 and 4.
pub const SOWING_IMPARTIAL: &str = include_str!("../data/sowing_impartial.tsv");

/// Partizan Sowing's values of starting positions, Erickson's Table 2.
pub const SOWING_PARTIZAN: &str = include_str!("../data/sowing_partizan.tsv");

/// Partizan Sowing's interesting values, Erickson's Table 1 (the entries our copy shows).
pub const SOWING_TABLE_1: &str = include_str!("../data/sowing_table1.tsv");

/// Atomic Wari's two-pot values xy, Erickson's Table 5.
pub const ATOMIC_TABLE_5: &str = include_str!("../data/atomic_table5.tsv");

/// Published Domineering values and outcomes of rectangles and other shapes, each with its
/// source: Two-dimensional Sowing with one seed a pot (Erickson §4).
pub const DOMINEERING: &str = include_str!("../data/domineering.tsv");

/// The smallest rows found of 2^-n, n.^, +_n and *n in Erickson's games, with the search's
/// limits (`mancala-lab search families`).
pub const ERICKSON_FAMILIES: &str = include_str!("../data/erickson_families.tsv");

/// The Oware family's perft counts and replayed games, from the independent reference
/// `scripts/oware_reference.py`.
pub const OWARE_PERFT: &str = include_str!("../data/oware_perft.tsv");
/// The endgame databases' layer counts (6 pits a side), from `mancala-lab endgame --json`.
pub const ENDGAME_LAYERS: &str = include_str!("../data/endgame_layers.tsv");

/// A table by its file name in `data/` (`"kalah_perft.tsv"`).
pub fn table(file: &str) -> Option<&'static str> {
    Some(match file {
        "kalah_perft.tsv" => KALAH_PERFT,
        "oware_perft.tsv" => OWARE_PERFT,
        "endgame_layers.tsv" => ENDGAME_LAYERS,
        "kalah_values.tsv" => KALAH_VALUES,
        "tchoukaillon_figure4.tsv" => TCHOUKAILLON_FIGURE_4,
        "tchoukaillon_figure5.tsv" => TCHOUKAILLON_FIGURE_5,
        "tchoukaillon_s_of_n.tsv" => TCHOUKAILLON_S_OF_N,
        "dakon_lines.tsv" => DAKON_LINES,
        "dakon_counts.tsv" => DAKON_COUNTS,
        "dakon_searches.tsv" => DAKON_SEARCHES,
        "sowing_moves.tsv" => SOWING_MOVES,
        "sowing_impartial.tsv" => SOWING_IMPARTIAL,
        "sowing_partizan.tsv" => SOWING_PARTIZAN,
        "sowing_table1.tsv" => SOWING_TABLE_1,
        "domineering.tsv" => DOMINEERING,
        "erickson_families.tsv" => ERICKSON_FAMILIES,
        "atomic_table5.tsv" => ATOMIC_TABLE_5,
        _ => return None,
    })
}

/// The rows of a table: its tab-separated fields, comments and blank lines skipped.
///
/// ```
/// let rows: Vec<_> = mancala_lab::data::rows("# a comment\na\tb\n\nc\td\n").collect();
/// assert_eq!(rows, [vec!["a", "b"], vec!["c", "d"]]);
/// ```
pub fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split('\t').collect())
}

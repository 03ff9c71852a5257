//! Domineering inside Two-dimensional Sowing: the published values and outcomes of
//! `data/domineering.tsv` (rectangles and other shapes, each with its source) set beside
//! the values of the same shapes with one seed a pot, as the tests check and the Erickson lab
//! shows.

use serde::{Deserialize, Serialize};

use super::cgt::{value, Memo};
use crate::cgt::{Games, Style};

/// Most pots a shape may have to be valued here (5 × 5 and the 2 × n boards; 8 × 8 and
/// beyond are known only by their outcome, from searches far larger than a valuation).
pub const MOST_POTS: usize = 26;

/// One published shape beside ours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DomineeringRow {
    /// The shape as the file writes it (`4x5`, `110-011`).
    pub shape: String,
    /// The grid with one seed a pot, as a setup's rows (`11111-11111`).
    pub grid: String,
    /// The published value (CGSuite's syntax), if the source gives one.
    pub published: Option<String>,
    /// The published outcome (L, R, N or P).
    pub outcome: char,
    /// Where it was published.
    pub source: String,
    /// Ours: the value in CGSuite's syntax and the paper's symbols, and the outcome; `None`
    /// for a shape past [`MOST_POTS`].
    pub ours: Option<(String, String, char)>,
    /// Whether ours is the published value and outcome (`None`: not valued here).
    pub agrees: Option<bool>,
}

/// The shape's grid: `RxC` all pots, or rows of 1s and 0s joined by `-`.
pub fn shape_grid(shape: &str) -> Option<(usize, usize, Vec<u8>)> {
    if let Some((r, c)) = shape.split_once('x') {
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        return Some((r, c, vec![1; r * c]));
    }
    let rows: Vec<&str> = shape.split('-').collect();
    let cols = rows.first()?.len();
    let mut pots = vec![];
    for row in &rows {
        if row.len() != cols {
            return None;
        }
        pots.extend(row.bytes().map(|b| (b == b'1') as u8));
    }
    Some((rows.len(), cols, pots))
}

/// Every row of the file, valued where it is small enough.
pub fn table() -> Vec<DomineeringRow> {
    let mut t = Games::new();
    let mut memo = Memo::default();
    let mut out = vec![];
    for r in crate::data::rows(crate::data::DOMINEERING).filter(|r| r.len() >= 4 && r[0] != "shape") {
        let Some((h, w, pots)) = shape_grid(r[0]) else { continue };
        let published = (r[1] != "-").then(|| r[1].to_string());
        let outcome = r[2].chars().next().unwrap_or('?');
        let valued =
            (pots.len() <= MOST_POTS).then(|| value(&mut t, &mut memo, h, w, &pots, false, usize::MAX).ok()).flatten();
        let ours = valued.map(|g| (t.show(g), t.show_in(g, Style::Paper), t.outcome(g).letter()));
        let agrees = valued.map(|g| {
            let value_ok = published.as_deref().is_none_or(|p| t.parse(p).is_ok_and(|want| want == g));
            value_ok && t.outcome(g).letter() == outcome
        });
        let grid = super::grid_text(h, w, &pots);
        out.push(DomineeringRow { shape: r[0].into(), grid, published, outcome, source: r[3].into(), ours, agrees });
    }
    out
}

/// The rectangles of the speed target: every `r × c` with `r, c ≤ 5` of at most 20 pots (up to
/// 4 × 5 and 5 × 4).
pub fn target_rectangles() -> Vec<(usize, usize)> {
    (1..=5).flat_map(|r| (1..=5).map(move |c| (r, c))).filter(|(r, c)| r * c <= 20).collect()
}

/// Values the all-ones grids `shapes` in one fresh table; returns the grids valued (followers
/// and components included).
pub fn value_rectangles(shapes: &[(usize, usize)]) -> u64 {
    let mut t = Games::new();
    let mut memo = Memo::default();
    for &(r, c) in shapes {
        value(&mut t, &mut memo, r, c, &vec![1; r * c], false, usize::MAX).expect("no limit");
    }
    memo.len() as u64
}

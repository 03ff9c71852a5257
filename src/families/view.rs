//! What the page needs to draw a family's board: the layout kind and its size, and words for
//! what a move did.

use crate::engine::{Cell, Outcome, Player, Step, Trace};

/// A one-row board's pit label: its number from 1 (Tchoukaillon's pits, Sowing's pots).
pub fn pit_number(cell: Cell) -> String {
    match cell {
        Cell::Pit { index, .. } => format!("{}", index + 1),
        Cell::Store(_) => String::new(),
    }
}

/// A one-row board's pits from counts typed in the editor, joined by dots.
pub fn row_from_cells(len: usize, counts: &[(Cell, String)]) -> String {
    let get = |c: Cell| counts.iter().find(|(x, _)| *x == c).map(|(_, v)| v.clone()).unwrap_or_else(|| "0".into());
    (0..len).map(|i| get(Cell::Pit { owner: Player::South, index: i as u16 })).collect::<Vec<_>>().join(".")
}

/// A two-player result in words, the winner's score first: "North wins 13 to 11", "Draw, 24
/// to 24"; `scores` are South's and North's.
pub fn result_text(o: Outcome, south: u32, north: u32, unit: &str) -> String {
    match o {
        Outcome::Win(Player::South) => format!("South wins {south} to {north}{unit}"),
        Outcome::Win(Player::North) => format!("North wins {north} to {south}{unit}"),
        other => format!("{other}, {south} to {north}{unit}"),
    }
}

/// How a board is laid out on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Two rows of `pits` with a store at each end: North's row on top from North's left
    /// (so right to left on screen), South's store at the right — at the left when `mirrored`
    /// (Dakon sown clockwise).
    TwoRowsWithStores {
        /// Pits a row.
        pits: usize,
        /// Drawn in a mirror.
        mirrored: bool,
    },
    /// A solitaire: one row of `pits` numbered from 1, with the store (the Roumba) at the left.
    Solitaire {
        /// Pits in the row.
        pits: usize,
    },
    /// One row of `pits` numbered from 1 and no store, played by two players (Conway's
    /// Sowing).
    Row {
        /// Pits in the row.
        pits: usize,
    },
    /// A grid of pots, row-major, numbered by column letter and row (Two-dimensional Sowing):
    /// played by two players, Left up and down, Right across.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

impl Layout {
    /// Two players sit at the board (South below, North above).
    pub fn two_sided(&self) -> bool {
        matches!(self, Layout::TwoRowsWithStores { .. })
    }
}

/// What a move's trace says beyond the move itself: ", captures 4", ", 3 laps".
pub fn captures_and_laps(t: &Trace) -> String {
    let captured: u32 = t.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
    let mut text = String::new();
    if captured > 0 {
        text += &format!(", captures {captured}");
    }
    if t.laps > 1 {
        text += &format!(", {} laps", t.laps);
    }
    text
}

/// One field of a family's New game form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The element's id (stable, for labels and tests).
    pub id: &'static str,
    /// The label on screen.
    pub label: &'static str,
    /// What it holds.
    pub kind: FieldKind,
    /// Its value when the form opens: the current game's.
    pub value: String,
}

impl Field {
    /// Whether `value` fits the field: `Err` says what is wrong, in words about the field
    /// ("Pits a side: at most 12").
    ///
    /// # Errors
    /// An empty field, text that is not a whole number, or a number out of the field's range.
    pub fn check(&self, value: &str) -> Result<(), String> {
        let FieldKind::Number { min, max } = self.kind else { return Ok(()) };
        let v = value.trim();
        let label = self.label.trim_end_matches(':');
        if v.is_empty() {
            return Err(format!("{label}: type a number from {min} to {max}"));
        }
        if v.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
            return Err(format!("{label}: {v} is too few; at least {min}"));
        }
        if !v.bytes().all(|b| b.is_ascii_digit()) {
            let shown = crate::engine::text::clip(v, 12);
            return Err(format!("{label}: '{shown}' is not a whole number; type one from {min} to {max}"));
        }
        match v.parse::<u64>() {
            Ok(n) if n < u64::from(min) => Err(format!("{label}: {n} is too few; at least {min}")),
            Ok(n) if n <= u64::from(max) => Ok(()),
            _ => Err(format!("{label}: {} is too many; at most {max}", crate::engine::text::clip(v, 12))),
        }
    }
}

/// What a field of a New game form holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole number in a range.
    Number {
        /// The least.
        min: u32,
        /// The most.
        max: u32,
    },
    /// One of a list: (value, label).
    Choice(Vec<(&'static str, &'static str)>),
}

/// A family's New game form: its fields (with the current game's values) and its button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// The fields, in order.
    pub fields: Vec<Field>,
    /// The button's label.
    pub submit: &'static str,
    /// The form's class: styling and tests.
    pub class: &'static str,
    /// The button's class.
    pub button_class: &'static str,
}

/// A full pot (the paper's •, Sowing): more seeds than its distance to either end, so it is
/// never sown again; it only receives seeds. Written `x` (or `•`); drawn as such.
pub const FULL: u8 = 255;
/// Full pots without end (the paper's ←• at the left, •→ at the right): the row's first or
/// last pot stands for endless full pots, into which seeds may be sown past the end. Written
/// `~` (or `←•`, `•→`, `<`, `>`); drawn as such.
pub const WALL: u8 = 254;

/// A count in the CLI's board drawing: `[ 4]`.
pub fn count_text(n: u32) -> String {
    format!("[{n:>2}]")
}

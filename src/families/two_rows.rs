//! What the two-row families (Kalah, Dakon, and the Oware family) share: the stores and
//! side-to-move parts of a setup, the check of a setup's rows and seeds, the setup from the
//! editor's counts, the board in text.

use core::fmt;

use super::{Family, FamilyBoard, Layout, ParseMoveError, ParseSetupError};
use crate::engine::text::{parse_count, split_fields};
use crate::engine::{Cell, Player, Position};

/// A family played on two rows of pits whose move is a pit of the mover's, by index (Kalah,
/// the Oware family, Dakon): what their traits share, once: their board ([`FamilyBoard`], a
/// blanket impl below) and, as provided methods their impls answer with, the parsing of a pit
/// move.
pub trait TwoRowFamily: Family {
    /// Most pits a side any board of the family has.
    const MAX_PITS: usize;
    /// What a pit is called in messages ("pit"; Dakon's "hole").
    const NOUN: &'static str = "pit";
    /// Pits a side of the position's board.
    fn pits(pos: &Self::Position) -> usize;
    /// The board is drawn as its mirror image (Dakon's clockwise Ohvalhu).
    fn mirrored(_pos: &Self::Position) -> bool {
        false
    }
    /// The move from the mover's pit `i` (from his left).
    fn from_pit(i: u8) -> Self::Move;
    /// The mover's pit a move is played from.
    fn pit_of(mv: Self::Move) -> u8;

    /// [`Family::parse_move`]: a pit letter relative to the mover.
    ///
    /// # Errors
    /// Not one letter, or a letter past the family's boards.
    fn parse_pit_move(pos: &Self::Position, token: &str) -> Result<Self::Move, ParseMoveError> {
        ParseMoveError::letter(token, Self::pits(pos), Self::MAX_PITS, Self::NOUN).map(Self::from_pit)
    }
}

/// The board of a two-row family: two rows with stores, a move the mover's pit, a click on a pit
/// of the mover's its move.
impl<F: TwoRowFamily> FamilyBoard for F {
    fn layout(pos: &Self::Position) -> Layout {
        Layout::TwoRowsWithStores { pits: F::pits(pos), mirrored: F::mirrored(pos) }
    }

    fn move_cell(pos: &Self::Position, mv: Self::Move) -> Cell {
        Cell::Pit { owner: pos.turn(), index: F::pit_of(mv) as u16 }
    }

    fn cell_move(pos: &Self::Position, cell: Cell) -> Option<Self::Move> {
        mover_pit(pos.turn(), cell).map(F::from_pit)
    }
}

/// Why a two-row setup (Kalah, the Oware family) is not a position of its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A row has the wrong number of pits.
    RowLength {
        /// Whose row.
        player: Player,
        /// Pits given.
        found: usize,
        /// Pits the rules have.
        expected: usize,
    },
    /// Too many seeds, those kept off the rows (stores, captured seeds) included.
    TooManySeeds {
        /// Seeds given.
        found: u64,
        /// The most allowed.
        max: u32,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::RowLength { player, found, expected } => {
                write!(f, "{player}'s row has {found} pits but these rules have {expected} pits per side")
            }
            SetupError::TooManySeeds { found, max } => write!(f, "{found} seeds in all is too many: at most {max}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Checks a two-row setup: each row has `pits` pits, and the seeds of the rows and the two
/// `kept` apart (stores, or captured seeds) are at most `max`.
///
/// # Errors
/// A row of another length, or too many seeds.
pub fn check_rows(south: &[u32], north: &[u32], kept: [u32; 2], pits: usize, max: u32) -> Result<(), SetupError> {
    for (player, row) in [(Player::South, south), (Player::North, north)] {
        if row.len() != pits {
            return Err(SetupError::RowLength { player, found: row.len(), expected: pits });
        }
    }
    let total: u64 = south.iter().chain(north).chain(&kept).map(|&x| x as u64).sum();
    if total > max as u64 {
        return Err(SetupError::TooManySeeds { found: total, max });
    }
    Ok(())
}

/// One row of a two-row setup: counts named by field ("South pit c:") up to `max`, and, where
/// the family marks holes out (`leaves`), `x` for one (`None`).
///
/// # Errors
/// A count that cannot be read.
pub fn parse_row(
    text: &str,
    who: &str,
    noun: &str,
    max: u64,
    leaves: bool,
) -> Result<Vec<Option<u32>>, ParseSetupError> {
    split_fields(text)
        .into_iter()
        .enumerate()
        .map(|(i, t)| match t {
            "x" | "X" if leaves => Ok(None),
            _ => parse_count(t, &format!("{who} {noun} {}:", crate::engine::pit_letter(i as u16)), max)
                .map(Some)
                .map_err(ParseSetupError::from),
        })
        .collect()
}

/// The parts of a two-row setup after the rows: the stores (`South.North`) and the side to move.
///
/// # Errors
/// A count that cannot be read, not two stores, or no side to move.
pub fn stores_and_turn(stores: &str, turn: &str, max: u64) -> Result<([u32; 2], Player), ParseSetupError> {
    let stores: Vec<u32> =
        split_fields(stores).into_iter().map(|t| parse_count(t, "store:", max)).collect::<Result<_, _>>()?;
    let [south, north] = stores[..] else {
        return Err(ParseSetupError::Stores(stores.len()));
    };
    let turn: Player = turn.parse().map_err(ParseSetupError::Turn)?;
    Ok(([south, north], turn))
}

/// A two-row setup read: South's row, North's row, the two counts, the side to move.
pub type FourParts = (Vec<u32>, Vec<u32>, [u32; 2], Player);

/// A setup of four parts joined by `-` (Kalah's and the Oware family's): South's row, North's
/// row, two counts (stores, or captured seeds) and the side to move; `form` says the form in
/// words when the parts are not four.
///
/// # Errors
/// Not four parts, a count that cannot be read, not two counts, or no side to move.
pub fn four_parts(text: &str, form: &'static str, max: u64) -> Result<FourParts, ParseSetupError> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    if parts.len() != 4 {
        return Err(ParseSetupError::Parts { form, found: parts.len() });
    }
    let row = |p: &str, who: &str| -> Result<Vec<u32>, ParseSetupError> {
        Ok(parse_row(p, who, "pit", max, false)?.into_iter().flatten().collect())
    };
    let (stores, turn) = stores_and_turn(parts[2], parts[3], max)?;
    Ok((row(parts[0], "South")?, row(parts[1], "North")?, stores, turn))
}

/// Writes a four-part setup, the twin of [`four_parts`]: the rows joined by `.`, the two
/// counts (stores, or captured seeds), the side to move.
///
/// # Errors
/// Only the formatter's.
pub fn write_four_parts(
    f: &mut core::fmt::Formatter<'_>,
    south: &[u32],
    north: &[u32],
    counts: [u32; 2],
    turn: Player,
) -> core::fmt::Result {
    let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
    write!(f, "{}-{}-{}.{}-{}", join(south), join(north), counts[0], counts[1], turn.letter())
}

/// The pit of the player to move that a click on `cell` stands for (its index from his left).
pub fn mover_pit(turn: Player, cell: Cell) -> Option<u8> {
    match cell {
        Cell::Pit { owner, index } if owner == turn => Some(index as u8),
        _ => None,
    }
}

/// The setup text of a two-row board from counts typed in the editor; `marked` cells are
/// written `x` (Dakon's leaves).
pub fn two_rows_setup(
    width: usize,
    counts: &[(Cell, String)],
    turn: Player,
    marked: impl Fn(Player, usize) -> bool,
) -> String {
    let get = |c: Cell| counts.iter().find(|(x, _)| *x == c).map(|(_, v)| v.clone()).unwrap_or_else(|| "0".into());
    let row = |p: Player| {
        (0..width)
            .map(|i| if marked(p, i) { "x".into() } else { get(Cell::Pit { owner: p, index: i as u16 }) })
            .collect::<Vec<_>>()
            .join(".")
    };
    format!(
        "{}-{}-{}.{}-{}",
        row(Player::South),
        row(Player::North),
        get(Cell::Store(Player::South)),
        get(Cell::Store(Player::North)),
        turn.letter()
    )
}

/// Two rows of `n` holes in text with their letters and the stores between: North's row on
/// top (from North's left, so reversed on screen). `hole` gives each pit's text.
pub fn two_rows_text(
    n: usize,
    hole: impl Fn(Player, usize) -> String,
    north_store: String,
    south_store: String,
) -> String {
    let letters = |rev: bool| {
        let mut v: Vec<String> = (0..n).map(|i| format!("  {} ", crate::engine::pit_letter(i as u16))).collect();
        if rev {
            v.reverse();
        }
        v.join("")
    };
    let mut out = format!("      {}  North\n", letters(true));
    out += &format!("      {}\n", (0..n).rev().map(|i| hole(Player::North, i)).collect::<String>());
    out += &format!("{north_store}  {}{south_store}\n", " ".repeat(4 * n));
    out += &format!("      {}\n", (0..n).map(|i| hole(Player::South, i)).collect::<String>());
    out += &format!("      {}  South\n", letters(false));
    out
}

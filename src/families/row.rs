//! What the one-row games of Erickson's paper share (Conway's Sowing and Atomic Wari): the
//! way a move sows, the row setup (`312`, `3.10.2`, then `-l` or `-r` for who moves), moves
//! written as a pot's number and a way (`2r`), Left and Right as the players' names, and the
//! row drawn in text.

use core::fmt;

use super::{Field, FieldKind, NewGameForm, ParseMoveError, ParseRulesError, ParseSetupError};
use crate::engine::text::{clip, parse_count, split_list};
use crate::engine::{Cell, Player};

/// Which way a move sows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Direction {
    /// To the left (Right's way).
    Left,
    /// To the right (Left's way).
    Right,
}

impl Direction {
    /// `l` or `r`.
    pub fn letter(self) -> char {
        if self == Direction::Right {
            'r'
        } else {
            'l'
        }
    }

    /// The way in words.
    pub fn word(self) -> &'static str {
        if self == Direction::Right {
            "right"
        } else {
            "left"
        }
    }

    /// The arrow drawn on a pot's button.
    pub fn glyph(self) -> &'static str {
        if self == Direction::Right {
            "→"
        } else {
            "←"
        }
    }
}

/// Reads a row setup: the pots (digits together, or joined by dots when a pot holds 10 or
/// more), `-`, and who moves (`l` or `r`). `form` describes the setup for messages.
///
/// # Errors
/// The parts, a count, or the side to move, named.
pub fn parse_setup(text: &str, form: &'static str, max_seeds: u32) -> Result<(Vec<u32>, Player), ParseSetupError> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    let [row, turn] = parts[..] else {
        return Err(ParseSetupError::Parts { form, found: parts.len() });
    };
    let pots = parse_row(row, max_seeds)?;
    let turn = match turn.trim().to_ascii_lowercase().as_str() {
        "l" | "left" | "s" => Player::South,
        "r" | "right" | "n" => Player::North,
        _ => return Err(ParseSetupError::Form(form)),
    };
    Ok((pots, turn))
}

/// Reads a row: digits together (`312`), or counts joined by dots when a pot holds 10 or more
/// (`3.10.2`).
///
/// # Errors
/// A count that is not a number or is above `max_seeds`, naming its pot.
pub fn parse_row(row: &str, max_seeds: u32) -> Result<Vec<u32>, ParseSetupError> {
    let row = row.trim();
    let pots: Vec<u32> = if row.contains(['.', '_', ' ', ',']) {
        split_list(row)
            .enumerate()
            .map(|(i, t)| parse_count(t, &format!("pot {}:", i + 1), max_seeds as u64))
            .collect::<Result<_, _>>()?
    } else {
        row.chars()
            .enumerate()
            .map(|(i, c)| parse_count(&c.to_string(), &format!("pot {}:", i + 1), 9.min(max_seeds as u64)))
            .collect::<Result<_, _>>()?
    };
    Ok(pots)
}

/// The row as the paper writes it: digits together when every pot holds fewer than 10 seeds,
/// else joined by dots.
pub fn row_text(pots: &[u8]) -> String {
    let sep = if pots.iter().all(|&n| n < 10) { "" } else { "." };
    pots.iter().map(u8::to_string).collect::<Vec<_>>().join(sep)
}

/// Writes a row setup: the row, `-`, and `l` or `r`.
///
/// # Errors
/// Only the formatter's.
pub fn write_setup(pots: &[u8], turn: Player, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{}-{}", row_text(pots), turn_letter(turn))
}

/// `l` for Left (South), `r` for Right (North).
pub fn turn_letter(p: Player) -> char {
    if p == Player::South {
        'l'
    } else {
        'r'
    }
}

/// Reads a move: a pot's number from 1 and its way, `l` or `r` (`2r`).
///
/// # Errors
/// When the text is not of that form, or the pot is out of `1..=max_pots`.
pub fn parse_move(token: &str, max_pots: usize) -> Result<(u8, Direction), ParseMoveError> {
    let t = token.trim().to_ascii_lowercase();
    let dir = match t.chars().last() {
        Some('l') => Direction::Left,
        Some('r') => Direction::Right,
        _ => return Err(ParseMoveError::NotANumber(clip(&t, 12))),
    };
    match t[..t.len() - 1].parse::<u8>() {
        Ok(n) if n >= 1 && (n as usize) <= max_pots => Ok((n - 1, dir)),
        _ => Err(ParseMoveError::NotANumber(clip(&t, 12))),
    }
}

/// Left and Right, drawn as South and North.
pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::South => "Left",
        Player::North => "Right",
    }
}

/// "Pot 3".
pub fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Pit { index, .. } => format!("Pot {}", index + 1),
        Cell::Store(_) => String::new(),
    }
}

/// The cell of pot `i` (0-based).
pub fn cell(i: usize) -> Cell {
    Cell::Pit { owner: Player::South, index: i as u16 }
}

/// The editor's counts as a setup of `len` pots.
pub fn setup_from_cells(len: usize, counts: &[(Cell, String)], turn: Player) -> String {
    format!("{}-{}", super::view::row_from_cells(len, counts), turn_letter(turn))
}

/// The row in text, with the pots' numbers under it.
pub fn board_text(pots: &[u8]) -> String {
    let cells = pots.iter().map(|&n| super::two_rows::count_text(n as u32)).collect::<String>();
    let numbers = (1..=pots.len()).map(|i| format!("{i:>3} ")).collect::<String>();
    format!("pots   {cells}\n       {numbers}\n")
}

/// The status line of a normal-play game: who moves, or who could not and so lost.
pub fn status(can_move: bool, turn: Player) -> String {
    if can_move {
        format!("{} to move.", player_name(turn))
    } else {
        format!("Game over: {} cannot move; {} wins.", player_name(turn), player_name(!turn))
    }
}

/// The row without the empty pots at its ends (they never matter).
pub fn trimmed(pots: &[u8]) -> &[u8] {
    let start = pots.iter().position(|&n| n > 0).unwrap_or(pots.len());
    let end = pots.iter().rposition(|&n| n > 0).map_or(start, |e| e + 1);
    &pots[start..end]
}

/// The Searchable impl of a one-row normal-play game whose moves are a pot and a way: there is
/// no score, only who makes the last move, so a finished game is worth −1 to the player who
/// cannot move. The position needs `is_legal`, `for_each_move`, `play_unchecked`,
/// `can_move` and `hash_key`; the move type needs `pot` and `dir` fields.
macro_rules! row_searchable {
    ($pos:ty, $mv:ident) => {
        impl $crate::search::alphabeta::Searchable for $pos {
            type Move = $mv;

            fn turn(&self) -> $crate::engine::Player {
                $crate::engine::Position::turn(self)
            }

            fn is_over(&self) -> bool {
                !self.can_move()
            }

            fn score(&self) -> i32 {
                0
            }

            fn final_score(&self) -> i32 {
                -1
            }

            fn key(&self) -> u64 {
                self.hash_key()
            }

            fn ordered_moves(&self, first: Option<u8>, out: &mut $crate::search::alphabeta::MoveList) {
                let index = |m: $mv| m.pot * 2 + (m.dir == $crate::families::row::Direction::Right) as u8;
                let mut rest = $crate::search::alphabeta::MoveList::default();
                self.for_each_move(|m| {
                    let i = index(m);
                    if Some(i) == first {
                        out.push(i);
                    } else {
                        rest.push(i);
                    }
                });
                for &i in rest.as_slice() {
                    out.push(i);
                }
            }

            fn is_legal(&self, m: u8) -> bool {
                <$pos>::is_legal(self, Self::to_move(m))
            }

            fn play_index(&mut self, m: u8) {
                self.play_unchecked(Self::to_move(m), None);
            }

            fn to_move(m: u8) -> $mv {
                let dir = if m % 2 == 1 {
                    $crate::families::row::Direction::Right
                } else {
                    $crate::families::row::Direction::Left
                };
                $mv { pot: m / 2, dir }
            }

            /// Won or lost with best play; 0 is a line the depth cut before its end.
            fn value(score: i32) -> $crate::engine::Value {
                match score {
                    0 => $crate::engine::Value::Margin(0),
                    s => $crate::engine::Value::Decided(s > 0),
                }
            }
        }
    };
}
pub(crate) use row_searchable;

/// A row game's rules id parts after the key: `-N-S` (N pots of S seeds, else `default`) and
/// `-i` (impartial). Returns (pots, seeds, impartial).
///
/// # Errors
/// Unknown options, or a size that is not two numbers.
pub fn parse_rules(
    parts: &[&str],
    id: &str,
    family: &'static str,
    default: (u32, u32),
) -> Result<(u32, u32, bool), ParseRulesError> {
    let (mut size, mut impartial) = (vec![], false);
    for p in parts.iter().skip(1) {
        match *p {
            "i" => impartial = true,
            t if t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty() => size.push(t),
            other => {
                return Err(ParseRulesError::UnknownOption {
                    family,
                    option: other.to_string(),
                    id: id.to_string(),
                    known: "-N-S (N pots of S seeds) and -i (impartial)",
                })
            }
        }
    }
    let num = |t: &str, what: &'static str| {
        t.parse::<u32>().map_err(|_| ParseRulesError::NotANumber { token: t.to_string(), id: id.to_string(), what })
    };
    let (pots, seeds) = match size[..] {
        [] => default,
        [n, s] => (num(n, "pots")?, num(s, "seeds")?),
        _ => return Err(ParseRulesError::Unknown(clip(id, 40))),
    };
    Ok((pots, seeds, impartial))
}

/// Writes a row game's rules id: `key`, `-N-S` unless the size is `default`, `-i`.
///
/// # Errors
/// Only the formatter's.
pub fn write_rules(
    key: &str,
    size: (u32, u32),
    default: (u32, u32),
    impartial: bool,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str(key)?;
    if size != default {
        write!(f, "-{}-{}", size.0, size.1)?;
    }
    if impartial {
        f.write_str("-i")?;
    }
    Ok(())
}

/// The New game form of a row game: pots, seeds a pot, partizan or impartial.
pub fn new_game_form(size: (u32, u32), impartial: bool, max_pots: usize, submit: &'static str) -> NewGameForm {
    NewGameForm {
        fields: vec![
            Field {
                id: "ng-pots",
                label: "Pots",
                kind: FieldKind::Number { min: 1, max: max_pots as u32 },
                value: size.0.to_string(),
            },
            Field {
                id: "ng-pot-seeds",
                label: "Seeds a pot",
                kind: FieldKind::Number { min: 0, max: 9 },
                value: size.1.to_string(),
            },
            Field {
                id: "ng-version",
                label: "Version",
                kind: FieldKind::Choice(vec![
                    ("", "partizan (Left sows right, Right sows left)"),
                    ("-i", "impartial (either player, either way)"),
                ]),
                value: if impartial { "-i" } else { "" }.into(),
            },
        ],
        submit,
        class: "custom",
        button_class: "start",
    }
}

/// The rules id the New game form's values stand for.
pub fn new_game_id(key: &str, values: &[String]) -> String {
    let v = |k: usize| values.get(k).map_or("", |s| s.trim());
    format!("{key}-{}-{}{}", v(0), v(1), v(2))
}

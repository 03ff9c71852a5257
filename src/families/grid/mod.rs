//! Two-dimensional Sowing (Erickson, "Sowing Games" §4): a rectangle of pots; Left sows a pot
//! up or down, Right left or right (impartial: anyone, any way), one seed a pot as in Sowing,
//! the last seed into a pot that holds seeds and none off the grid; every seed that falls into
//! a pot holding seeds captures that pot, the seed included. With one seed a pot it is
//! Domineering, Left's dominoes vertical.
//!
//! Rules ids `grid` (4 × 4 pots of one seed) and `grid-R-C-S` (R rows, C columns, S seeds a
//! pot), with `-i` for the impartial game; setups are the rows from the top, each as a row
//! game's (`11`, or `1.10` when a pot holds 10 or more), joined by `-`, then `-` and who moves
//! (`11-11-l`); moves are a pot's column letter, its row's number from the top and the way:
//! `b1d` (column b, row 1, down).

mod card;
pub mod cgt;
pub mod domineering;
mod position;
#[cfg(test)]
mod tests;
mod value;

use core::fmt;

pub use position::*;

use super::{
    Card, Family, FamilyBoard, FamilySearch, FamilyView, Field, FieldKind, Layout, NewGameForm, ParseMoveError,
    ParseRulesError, ParseSetupError, Preset,
};
use crate::engine::text::clip;
use crate::engine::{Cell, Player, Position, Step, Trace};
use crate::families::row::cgt::Tick;
use crate::families::row::value::{GameValue, RowValueError};
use crate::families::AnyMove;
use crate::search::alphabeta::NormalPlay;
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Two-dimensional Sowing family.
pub struct GridFamily;

/// What a setup must look like, for messages.
const SETUP_FORM: &str =
    "a grid setup is the rows from the top joined by '-' (11-11, or 1.10-2.3 when a pot holds 10 or more), then '-' and who moves (l or r)";
/// What a move must look like, for messages.
const MOVE_FORM: &str = "a grid move is a column letter, a row number from the top and a way, u d l or r (b1d)";

/// Reads a grid: the rows from the top joined by `-` (each as a row game's: `11`, `1.10`).
///
/// # Errors
/// A count that cannot be read or is over [`MAX_SEEDS`], naming its row and pot; rows of
/// unequal lengths or too many.
pub fn parse_grid(text: &str) -> Result<Vec<Vec<u32>>, ParseSetupError> {
    let mut rows = vec![];
    for (k, part) in text.trim().split('-').enumerate() {
        if part.contains(['x', 'X', '~', '•', '+']) {
            return Err(ParseSetupError::Form(SETUP_FORM));
        }
        let row = crate::families::row::parse_row(part, MAX_SEEDS).map_err(|e| match e {
            ParseSetupError::Count(c) => ParseSetupError::Count(c.within(&format!("row {}", k + 1))),
            e => e,
        })?;
        rows.push(row);
    }
    Ok(rows)
}

/// The grid `rows` × `cols` (row-major) as its setup's rows: `11-11`.
pub fn grid_text(rows: usize, cols: usize, pots: &[u8]) -> String {
    (0..rows).map(|r| crate::families::row::row_text(&pots[r * cols..(r + 1) * cols])).collect::<Vec<_>>().join("-")
}

impl Family for GridFamily {
    type Rules = GridRules;

    type Position = Grid;

    type SetupError = GridSetupError;

    type Move = GridMove;

    const KEY: &'static str = "grid";
    const NAME: &'static str = "Two-dimensional Sowing";
    const HOW_IT_PLAYS: &'static str = "A grid of pots: Left sows up or down, Right left or right; the last seed into a pot with seeds; a seed falling into a pot with seeds captures it. One seed a pot is Domineering.";
    const ALIASES: &'static [(&'static str, &'static str)] =
        &[("domineering", "grid"), ("two-dimensional-sowing", "grid"), ("2d-sowing", "grid")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "grid",
            name: "Two-dimensional Sowing: Domineering 4 × 4",
            source: "Erickson, \"Sowing Games\", §4: \"One special case of this game is already quite well-known!\" One seed a pot is Domineering.",
        },
        Preset {
            id: "grid-4-4-2",
            name: "Two-dimensional Sowing, 4 × 4 of 2",
            source: "Erickson, \"Sowing Games\", §4: Left sows up or down, Right left or right; a seed into a pot with seeds captures it.",
        },
        Preset {
            id: "grid-3-3-2-i",
            name: "Two-dimensional Sowing, impartial",
            source: "As §4's game, either player sowing any of the four ways (§2's impartial Sowing).",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["grid", "grid-5-4-1", "grid-3-3-2-i"];
    const RULES_HELP: &'static str = "grid (Two-dimensional Sowing: 4 x 4 pots of one seed, which is Domineering) and grid-R-C-S (R rows, C columns of S seeds, sides 1 to 8), with suffix -i (impartial: anyone, any way); presets domineering and 2d-sowing (grid)";
    const SETUP_HELP: &'static str = "Grid setup: the rows from the top joined by '-', each row's pots as digits (11) or joined by dots when a pot holds 10 or more (1.10), then '-' and who moves (l for Left, r for Right): 11-11-l.";
    const MOVES_HELP: &'static str =
        "Grid: a pot's column letter, its row number from the top and its way, u d l or r, joined by dots (b1d.a2r)";
    const MOVES_JOINED: bool = false;

    fn parse_rules(parts: &[&str], id: &str) -> Result<GridRules, ParseRulesError> {
        let (mut size, mut impartial) = (vec![], false);
        for p in parts.iter().skip(1) {
            match *p {
                "i" => impartial = true,
                t if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => size.push(t),
                other => {
                    return Err(ParseRulesError::UnknownOption {
                        family: Self::NAME,
                        option: other.to_string(),
                        id: id.to_string(),
                        known: "-R-C-S (R rows, C columns of S seeds) and -i (impartial)",
                    })
                }
            }
        }
        let num = |t: &str, what: &'static str| {
            t.parse::<u32>().map_err(|_| ParseRulesError::NotANumber { token: t.to_string(), id: id.to_string(), what })
        };
        let (r, c, s) = match size[..] {
            [] => DEFAULT,
            [r, c, s] => (num(r, "rows")?, num(c, "columns")?, num(s, "seeds")?),
            _ => return Err(ParseRulesError::Unknown(clip(id, 40))),
        };
        GridRules::new(r, c, s, impartial).map_err(|reason| ParseRulesError::OutOfRange { id: id.to_string(), reason })
    }

    fn write_rules(rules: &GridRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &GridRules) -> String {
        format!("Two-dimensional Sowing{}", if r.impartial { ", impartial" } else { "" })
    }

    fn start(rules: &GridRules) -> Grid {
        rules.start()
    }

    fn rules_of(pos: &Grid) -> GridRules {
        pos.rules()
    }

    fn card(rules: &GridRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(rules: &GridRules, text: &str) -> Result<Grid, ParseSetupError> {
        let text = text.trim();
        let (grid, turn) = match text.rsplit_once('-') {
            Some((g, t)) if !t.is_empty() && t.chars().all(|c| c.is_ascii_alphabetic()) => {
                let turn = match t.to_ascii_lowercase().as_str() {
                    "l" | "left" | "s" => Player::South,
                    "r" | "right" | "n" => Player::North,
                    _ => return Err(ParseSetupError::Form(SETUP_FORM)),
                };
                (g, turn)
            }
            _ => return Err(ParseSetupError::Form(SETUP_FORM)),
        };
        let rows = parse_grid(grid)?;
        Grid::new(*rules, &rows, turn).map_err(|e| ParseSetupError::Invalid(crate::families::AnySetupError::Grid(e)))
    }

    fn write_setup(p: &Grid, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = p.size();
        write!(f, "{}-{}", grid_text(rows, cols, p.pots()), if Position::turn(p) == Player::South { 'l' } else { 'r' })
    }

    fn parse_move(_: &Grid, token: &str) -> Result<GridMove, ParseMoveError> {
        parse_move(token)
    }
}

/// Reads a move: `b1d`.
///
/// # Errors
/// Text not of that form, or a column or row past 8.
fn parse_move(token: &str) -> Result<GridMove, ParseMoveError> {
    let t = token.trim().to_ascii_lowercase();
    let bad = || ParseMoveError::Form(clip(&t, 12), MOVE_FORM);
    let (Some(col), Some(way)) = (t.chars().next(), t.chars().last()) else { return Err(bad()) };
    if t.len() < 3 || !t.is_ascii() || !('a'..='h').contains(&col) {
        return Err(bad());
    }
    let way = match way {
        'u' => Way::Up,
        'd' => Way::Down,
        'l' => Way::Left,
        'r' => Way::Right,
        _ => return Err(bad()),
    };
    match t[1..t.len() - 1].parse::<u8>() {
        Ok(row) if (1..=MAX_SIDE as u8).contains(&row) => Ok(GridMove { row: row - 1, col: col as u8 - b'a', way }),
        _ => Err(bad()),
    }
}

/// "Pot b1": the column's letter and the row's number from the top.
fn pot_name(pos: &Grid, c: Cell) -> String {
    match c {
        Cell::Pit { index, .. } => {
            let cols = pos.size().1;
            format!("{}{}", (b'a' + (index as usize % cols) as u8) as char, index as usize / cols + 1)
        }
        Cell::Store(_) => String::new(),
    }
}

impl FamilyBoard for GridFamily {
    fn layout(pos: &Grid) -> Layout {
        let (rows, cols) = pos.size();
        Layout::Grid { rows, cols }
    }

    fn move_cell(pos: &Grid, mv: GridMove) -> Cell {
        cell(mv.row as usize * pos.size().1 + mv.col as usize)
    }

    fn cell_move(pos: &Grid, c: Cell) -> Option<GridMove> {
        let mut found = vec![];
        pos.for_each_move(|m| {
            if Self::move_cell(pos, m) == c {
                found.push(m);
            }
        });
        match found[..] {
            [m] => Some(m),
            _ => None,
        }
    }
}

impl FamilyView for GridFamily {
    fn cell_name(pos: &Grid, c: Cell) -> String {
        format!("Pot {}", pot_name(pos, c))
    }

    fn cell_label(pos: &Grid, c: Cell) -> String {
        pot_name(pos, c)
    }

    fn status(pos: &Grid) -> String {
        let name = Self::player_name(Position::turn(pos));
        if pos.can_move() {
            format!("{name} to move.")
        } else {
            format!("Game over: {name} cannot move; {} wins.", Self::player_name(!Position::turn(pos)))
        }
    }

    fn describe_move(before: &Grid, mv: GridMove, trace: &Trace, _: &Grid) -> String {
        let captured: u32 =
            trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
        let took = if captured > 0 { format!(", capturing {captured}") } else { String::new() };
        let pot = pot_name(before, Self::move_cell(before, mv));
        format!("{} sows pot {pot} {}{took}", Self::player_name(Position::turn(before)), mv.way.word())
    }

    fn player_name(p: Player) -> &'static str {
        if p == Player::South {
            "Left"
        } else {
            "Right"
        }
    }

    fn move_glyph(mv: GridMove) -> String {
        mv.way.glyph().into()
    }

    fn move_label(mover: Player, mv: GridMove) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn setup_from_cells(pos: &Grid, counts: &[(Cell, String)], turn: Player) -> String {
        let (rows, cols) = pos.size();
        let text = |i: usize| {
            counts.iter().find(|(c, _)| *c == cell(i)).map_or("0".to_string(), |(_, t)| t.trim().to_string())
        };
        let grid = (0..rows)
            .map(|r| (0..cols).map(|c| text(r * cols + c)).collect::<Vec<_>>().join("."))
            .collect::<Vec<_>>()
            .join("-");
        format!("{grid}-{}", if turn == Player::South { 'l' } else { 'r' })
    }

    fn board_text(p: &Grid) -> String {
        let (rows, cols) = p.size();
        let mut out = String::from("    ");
        for c in 0..cols {
            out += &format!("  {} ", (b'a' + c as u8) as char);
        }
        out.push('\n');
        for r in 0..rows {
            out += &format!("{:>3} ", r + 1);
            for c in 0..cols {
                out += &super::view::count_text(p.pots()[r * cols + c] as u32);
            }
            out.push('\n');
        }
        out
    }

    fn new_game_form(current: Option<&GridRules>) -> NewGameForm {
        let r = current
            .copied()
            .unwrap_or_else(|| GridRules::new(DEFAULT.0, DEFAULT.1, DEFAULT.2, false).expect("the default is valid"));
        let number = |id, label, min, max, value: u8| Field {
            id,
            label,
            kind: FieldKind::Number { min, max },
            value: value.to_string(),
        };
        NewGameForm {
            fields: vec![
                number("ng-rows", "Rows", 1, MAX_SIDE as u32, r.rows),
                number("ng-cols", "Columns", 1, MAX_SIDE as u32, r.cols),
                number("ng-pot-seeds", "Seeds a pot", 0, 9, r.seeds),
                Field {
                    id: "ng-version",
                    label: "Version",
                    kind: FieldKind::Choice(vec![
                        ("", "partizan (Left up or down, Right left or right)"),
                        ("-i", "impartial (anyone, any way)"),
                    ]),
                    value: if r.impartial { "-i" } else { "" }.into(),
                },
            ],
            submit: "Start Two-dimensional Sowing",
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Grid, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("grid-{}-{}-{}{}", v(0), v(1), v(2), v(3));
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }
}

impl FamilySearch for GridFamily {
    fn analyze(
        pos: &Grid,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }

    /// A grid's valuation reports no progress (a grid large enough to want it is refused).
    fn game_value(
        rules: &GridRules,
        row: &str,
        limit: usize,
        _: Option<Tick>,
    ) -> Option<Result<GameValue, RowValueError>> {
        Some(value::grid_value(*rules, row, limit))
    }

    fn value_row(pos: &Grid) -> Option<String> {
        let (rows, cols) = pos.size();
        Some(grid_text(rows, cols, pos.pots()))
    }

    fn paper_row(_: &GridRules, row: &str) -> Option<String> {
        Some(row.replace('-', " / "))
    }
}

/// A move as the search's index: the pot (on an 8-wide grid) four times, plus its way.
fn index(m: GridMove) -> u8 {
    ((m.row as usize * MAX_SIDE + m.col as usize) * 4 + m.way as usize) as u8
}

impl NormalPlay for Grid {
    type Move = GridMove;

    fn mover(&self) -> Player {
        Position::turn(self)
    }

    fn has_move(&self) -> bool {
        self.can_move()
    }

    fn hash(&self) -> u64 {
        self.hash_key()
    }

    fn each_move_index(&self, f: &mut dyn FnMut(u8)) {
        self.for_each_move(|m| f(index(m)));
    }

    fn legal_index(&self, m: u8) -> bool {
        Grid::is_legal(self, Self::move_at(m))
    }

    fn play_at(&mut self, m: u8) {
        self.play_unchecked(Self::move_at(m), None);
    }

    fn move_at(m: u8) -> GridMove {
        let pot = m as usize / 4;
        GridMove { row: (pot / MAX_SIDE) as u8, col: (pot % MAX_SIDE) as u8, way: Way::ALL[m as usize % 4] }
    }
}

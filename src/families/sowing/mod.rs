//! Conway's Sowing (Erickson §2), partizan and impartial, as a playable row game. Rules ids
//! `sowing` and `sowing-i` (impartial), with the start's size as `sowing-N-S` (N pots of S
//! seeds); setups are the pots from the left, digits written together when every pot holds
//! fewer than 10 (`312`) or joined by dots (`3.10.2`), then `-` and who moves (`l` or `r`);
//! moves are a pot's number from 1 and its way, `l` or `r` (`2r`). Game-theory values come in
//! a later view (`Partizan`); here the search says who wins.

mod card;
pub mod cgt;
mod position;
mod search;

use core::fmt;

pub use position::*;

use super::{Card, Family, Field, FieldKind, Layout, NewGameForm, ParseMoveError, ParseRulesError, ParseSetupError, Preset};
use crate::engine::text::{clip, parse_count, split_list};
use crate::engine::{Cell, Player, Position, Trace};
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Sowing family (see the module).
pub struct SowingFamily;

/// The start when an id gives no size: five pots of two seeds.
const DEFAULT: (u32, u32) = (5, 2);

impl fmt::Display for SowingRules {
    /// The canonical rules id: `sowing`, `sowing-i`, `sowing-6-1`, `sowing-6-1-i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("sowing")?;
        if (self.pots as u32, self.seeds as u32) != DEFAULT {
            write!(f, "-{}-{}", self.pots, self.seeds)?;
        }
        if self.impartial {
            f.write_str("-i")?;
        }
        Ok(())
    }
}

impl Family for SowingFamily {
    type Rules = SowingRules;
    type Position = Sowing;
    type SetupError = SowingSetupError;
    type Move = SowingMove;

    const KEY: &'static str = "sowing";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("conway", "sowing")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "sowing",
            name: "Conway's Sowing",
            source: "Erickson, \"Sowing Games\", §2: Left sows to the right, Right to the left; the last seed may not fall into an empty pot.",
        },
        Preset {
            id: "sowing-i",
            name: "Conway's Sowing, impartial",
            source: "Erickson, \"Sowing Games\", §2: either player may sow either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["sowing", "sowing-i"];
    const RULES_HELP: &'static str = "sowing (Conway's Sowing: five pots of two seeds, Left sows right, Right sows left) and \
sowing-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset conway (sowing)";
    const SETUP_HELP: &'static str = "Sowing setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str = "Sowing: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const MOVES_JOINED: bool = false;

    fn parse_rules(parts: &[&str], id: &str) -> Result<SowingRules, ParseRulesError> {
        let (mut size, mut impartial) = (vec![], false);
        for p in &parts[1..] {
            match *p {
                "i" => impartial = true,
                t if t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty() => size.push(t),
                other => {
                    return Err(ParseRulesError::UnknownOption {
                        family: "Sowing",
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
            [] => DEFAULT,
            [n, s] => (num(n, "pots")?, num(s, "seeds")?),
            _ => return Err(ParseRulesError::Unknown(clip(id, 40))),
        };
        SowingRules::new(pots, seeds, impartial)
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &SowingRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &SowingRules) -> String {
        format!("Conway's Sowing{}", if r.impartial { ", impartial" } else { "" })
    }

    fn start(rules: &SowingRules) -> Sowing {
        rules.start()
    }

    fn rules_of(pos: &Sowing) -> SowingRules {
        pos.rules()
    }

    fn card(rules: &SowingRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(rules: &SowingRules, text: &str) -> Result<Sowing, ParseSetupError> {
        const FORM: &str = "a Sowing setup is the pots from the left (312, or 3.10.2), then '-' and who moves (l or r)";
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [row, turn] = parts[..] else {
            return Err(ParseSetupError::Parts { form: FORM, found: parts.len() });
        };
        let pots: Vec<u32> = if row.contains(['.', '_', ' ', ',']) {
            split_list(row)
                .enumerate()
                .map(|(i, t)| parse_count(t, &format!("pot {}:", i + 1), MAX_SEEDS as u64))
                .collect::<Result<_, _>>()?
        } else {
            row.chars()
                .enumerate()
                .map(|(i, c)| parse_count(&c.to_string(), &format!("pot {}:", i + 1), 9))
                .collect::<Result<_, _>>()?
        };
        let turn = match turn.trim().to_ascii_lowercase().as_str() {
            "l" | "left" | "s" => Player::South,
            "r" | "right" | "n" => Player::North,
            _ => return Err(ParseSetupError::Form(FORM)),
        };
        SowingSetup { rules: *rules, pots, turn }.validate().map_err(ParseSetupError::from)
    }

    fn write_setup(p: &Sowing, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if p.pots().iter().all(|&n| n < 10) { "" } else { "." };
        let row = p.pots().iter().map(u8::to_string).collect::<Vec<_>>().join(sep);
        write!(f, "{row}-{}", if p.turn() == Player::South { 'l' } else { 'r' })
    }

    fn parse_move(_: &Sowing, token: &str) -> Result<SowingMove, ParseMoveError> {
        let t = token.trim().to_ascii_lowercase();
        let dir = match t.chars().last() {
            Some('l') => Direction::Left,
            Some('r') => Direction::Right,
            _ => return Err(ParseMoveError::NotANumber(clip(&t, 12))),
        };
        match t[..t.len() - 1].parse::<u8>() {
            Ok(n) if (1..=MAX_POTS as u8).contains(&n) => Ok(SowingMove { pot: n - 1, dir }),
            _ => Err(ParseMoveError::NotANumber(clip(&t, 12))),
        }
    }

    fn layout(pos: &Sowing) -> Layout {
        Layout::Row { pits: pos.pots().len() }
    }

    fn move_cell(_: &Sowing, mv: SowingMove) -> Cell {
        Cell::Pit { owner: Player::South, index: mv.pot as u16 }
    }

    fn cell_move(pos: &Sowing, cell: Cell) -> Option<SowingMove> {
        // A click on a pot plays its only legal move; a pot with two (impartial) has a button
        // a way, drawn by the board from the legal moves.
        let Cell::Pit { index, .. } = cell else { return None };
        let mut found = vec![];
        pos.for_each_move(|m| {
            if m.pot as u16 == index {
                found.push(m);
            }
        });
        match found[..] {
            [m] => Some(m),
            _ => None,
        }
    }

    fn cell_name(_: &Sowing, cell: Cell) -> String {
        match cell {
            Cell::Pit { index, .. } => format!("Pot {}", index + 1),
            Cell::Store(_) => String::new(),
        }
    }

    fn cell_label(_: &Sowing, cell: Cell) -> String {
        super::view::pit_number(cell)
    }

    fn status(pos: &Sowing) -> String {
        match pos.outcome() {
            Some(crate::engine::Outcome::Win(p)) => {
                format!("Game over: {} cannot move; {} wins.", Self::player_name(!p), Self::player_name(p))
            }
            _ => format!("{} to move.", Self::player_name(pos.turn())),
        }
    }

    fn describe_move(before: &Sowing, mv: SowingMove, _: &Trace, _: &Sowing) -> String {
        format!(
            "{} sows pot {} to the {}",
            Self::player_name(before.turn()),
            mv.pot + 1,
            if mv.dir == Direction::Right { "right" } else { "left" }
        )
    }

    fn player_name(p: Player) -> &'static str {
        match p {
            Player::South => "Left",
            Player::North => "Right",
        }
    }

    fn move_glyph(mv: SowingMove) -> String {
        if mv.dir == Direction::Right { "→" } else { "←" }.into()
    }

    fn move_label(mover: Player, mv: SowingMove) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn setup_from_cells(pos: &Sowing, counts: &[(Cell, String)], turn: Player) -> String {
        let pots = super::view::row_from_cells(pos.pots().len(), counts);
        format!("{pots}-{}", if turn == Player::South { 'l' } else { 'r' })
    }

    fn board_text(p: &Sowing) -> String {
        let cells = p.pots().iter().map(|&n| super::two_rows::count_text(n as u32)).collect::<String>();
        let numbers = (1..=p.pots().len()).map(|i| format!("{i:>3} ")).collect::<String>();
        format!("pots   {cells}\n       {numbers}\n")
    }

    fn new_game_form(current: Option<&SowingRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| SowingRules::new(DEFAULT.0, DEFAULT.1, false).expect("valid"));
        NewGameForm {
            fields: vec![
                Field {
                    id: "ng-pots",
                    label: "Pots",
                    kind: FieldKind::Number { min: 1, max: MAX_POTS as u32 },
                    value: r.pots.to_string(),
                },
                Field {
                    id: "ng-pot-seeds",
                    label: "Seeds a pot",
                    kind: FieldKind::Number { min: 0, max: 9 },
                    value: r.seeds.to_string(),
                },
                Field {
                    id: "ng-version",
                    label: "Version",
                    kind: FieldKind::Choice(vec![
                        ("", "partizan (Left sows right, Right sows left)"),
                        ("-i", "impartial (either player, either way)"),
                    ]),
                    value: if r.impartial { "-i" } else { "" }.into(),
                },
            ],
            submit: "Start Sowing",
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Sowing, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("sowing-{}-{}{}", v(0), v(1), v(2));
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }

    fn analyze(pos: &Sowing, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler) -> Analysis {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }
}

//! Conway's Sowing (Erickson §2), partizan and impartial, as a playable row game. Rules ids
//! `sowing` and `sowing-i` (impartial), with the start's size as `sowing-N-S` (N pots of S
//! seeds); setups are the pots from the left, digits written together when every pot holds
//! fewer than 10 (`312`) or joined by dots (`3.10.2`), then `-` and who moves (`l` or `r`);
//! moves are a pot's number from 1 and its way, `l` or `r` (`2r`). Game-theory values come in
//! a later view (`Partizan`); here the search says who wins.

mod card;
pub mod cgt;
mod position;

use core::fmt;

pub use position::*;

use super::{row, Card, Family, Layout, NewGameForm, ParseMoveError, ParseRulesError, ParseSetupError, Preset};
use crate::engine::{Cell, Player, Position, Trace};
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Sowing family (see the module).
pub struct SowingFamily;

/// The start when an id gives no size: five pots of two seeds.
const DEFAULT: (u32, u32) = (5, 2);

impl fmt::Display for SowingRules {
    /// The canonical rules id: `sowing`, `sowing-i`, `sowing-6-1`, `sowing-6-1-i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        row::write_rules("sowing", (self.pots as u32, self.seeds as u32), DEFAULT, self.impartial, f)
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
        let (pots, seeds, impartial) = row::parse_rules(parts, id, "Sowing", DEFAULT)?;
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
        let (pots, turn) = row::parse_setup(text, FORM, MAX_SEEDS)?;
        SowingSetup { rules: *rules, pots, turn }.validate().map_err(ParseSetupError::from)
    }

    fn write_setup(p: &Sowing, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        row::write_setup(p.pots(), p.turn(), f)
    }

    fn parse_move(_: &Sowing, token: &str) -> Result<SowingMove, ParseMoveError> {
        row::parse_move(token, MAX_POTS).map(|(pot, dir)| SowingMove { pot, dir })
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
        row::cell_name(cell)
    }

    fn cell_label(_: &Sowing, cell: Cell) -> String {
        super::view::pit_number(cell)
    }

    fn status(pos: &Sowing) -> String {
        row::status(pos.can_move(), pos.turn())
    }

    fn describe_move(before: &Sowing, mv: SowingMove, _: &Trace, _: &Sowing) -> String {
        format!("{} sows pot {} to the {}", Self::player_name(before.turn()), mv.pot + 1, mv.dir.word())
    }

    fn player_name(p: Player) -> &'static str {
        row::player_name(p)
    }

    fn move_glyph(mv: SowingMove) -> String {
        mv.dir.glyph().into()
    }

    fn move_label(mover: Player, mv: SowingMove) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn setup_from_cells(pos: &Sowing, counts: &[(Cell, String)], turn: Player) -> String {
        row::setup_from_cells(pos.pots().len(), counts, turn)
    }

    fn board_text(p: &Sowing) -> String {
        row::board_text(p.pots())
    }

    fn new_game_form(current: Option<&SowingRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| SowingRules::new(DEFAULT.0, DEFAULT.1, false).expect("valid"));
        row::new_game_form((r.pots as u32, r.seeds as u32), r.impartial, MAX_POTS, "Start Sowing")
    }

    fn new_game(values: &[String]) -> Result<Sowing, String> {
        let id = row::new_game_id("sowing", values);
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }

    fn analyze(pos: &Sowing, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler) -> Analysis {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }
}

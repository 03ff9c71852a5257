//! Atomic Wari (Erickson §3), partizan and impartial, as a playable row game. Rules ids
//! `atomic` and `atomic-i` (impartial), with the start's size as `atomic-N-S` (N pots of S
//! seeds); setups and moves are written as Atomic's (`312-l`, `2r`). Values in canonical form
//! are in [`cgt`].

mod card;
pub mod cgt;
mod position;

use core::fmt;

pub use position::*;

use super::{row, Card, Family, Layout, NewGameForm, ParseMoveError, ParseRulesError, ParseSetupError, Preset};
use crate::engine::{Cell, Player, Position, Step, Trace};
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Atomic family (see the module).
pub struct AtomicFamily;

/// The start when an id gives no size: four pots of three seeds.
const DEFAULT: (u32, u32) = (4, 3);

impl fmt::Display for AtomicRules {
    /// The canonical rules id: `atomic`, `atomic-i`, `atomic-6-1`, `atomic-6-1-i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        row::write_rules("atomic", (self.pots as u32, self.seeds as u32), DEFAULT, self.impartial, f)
    }
}

impl Family for AtomicFamily {
    type Rules = AtomicRules;
    type Position = Atomic;
    type SetupError = AtomicSetupError;
    type Move = AtomicMove;

    const KEY: &'static str = "atomic";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("atomic-wari", "atomic")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "atomic",
            name: "Atomic Wari",
            source: "Erickson, \"Sowing Games\", §3: sow from the pot itself, at least two seeds, Left to the right, Right to the left; capture 2s and 3s backwards.",
        },
        Preset {
            id: "atomic-i",
            name: "Atomic Wari, impartial",
            source: "Erickson, \"Sowing Games\", §3: either player may sow either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["atomic", "atomic-i"];
    const RULES_HELP: &'static str = "atomic (Atomic Wari: four pots of three seeds, Left sows right, Right sows left, from the pot itself) and \
atomic-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset atomic-wari (atomic)";
    const SETUP_HELP: &'static str = "Atomic Wari setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str = "Atomic Wari: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const MOVES_JOINED: bool = false;

    fn parse_rules(parts: &[&str], id: &str) -> Result<AtomicRules, ParseRulesError> {
        let (pots, seeds, impartial) = row::parse_rules(parts, id, "Atomic Wari", DEFAULT)?;
        AtomicRules::new(pots, seeds, impartial)
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &AtomicRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &AtomicRules) -> String {
        format!("Atomic Wari{}", if r.impartial { ", impartial" } else { "" })
    }

    fn start(rules: &AtomicRules) -> Atomic {
        rules.start()
    }

    fn rules_of(pos: &Atomic) -> AtomicRules {
        pos.rules()
    }

    fn card(rules: &AtomicRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(rules: &AtomicRules, text: &str) -> Result<Atomic, ParseSetupError> {
        const FORM: &str = "an Atomic Wari setup is the pots from the left (312, or 3.10.2), then '-' and who moves (l or r)";
        let (pots, turn) = row::parse_setup(text, FORM, MAX_SEEDS)?;
        AtomicSetup { rules: *rules, pots, turn }.validate().map_err(ParseSetupError::from)
    }

    fn write_setup(p: &Atomic, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        row::write_setup(p.pots(), p.turn(), f)
    }

    fn parse_move(_: &Atomic, token: &str) -> Result<AtomicMove, ParseMoveError> {
        row::parse_move(token, MAX_POTS).map(|(pot, dir)| AtomicMove { pot, dir })
    }

    fn layout(pos: &Atomic) -> Layout {
        Layout::Row { pits: pos.pots().len() }
    }

    fn move_cell(_: &Atomic, mv: AtomicMove) -> Cell {
        Cell::Pit { owner: Player::South, index: mv.pot as u16 }
    }

    fn cell_move(pos: &Atomic, cell: Cell) -> Option<AtomicMove> {
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

    fn cell_name(_: &Atomic, cell: Cell) -> String {
        row::cell_name(cell)
    }

    fn cell_label(_: &Atomic, cell: Cell) -> String {
        super::view::pit_number(cell)
    }

    fn status(pos: &Atomic) -> String {
        row::status(pos.can_move(), pos.turn())
    }

    fn describe_move(before: &Atomic, mv: AtomicMove, trace: &Trace, _: &Atomic) -> String {
        let captured: u32 = trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
        let took = if captured > 0 { format!(", capturing {captured}") } else { String::new() };
        format!("{} sows pot {} to the {}{took}", Self::player_name(before.turn()), mv.pot + 1, mv.dir.word())
    }

    fn player_name(p: Player) -> &'static str {
        row::player_name(p)
    }

    fn move_glyph(mv: AtomicMove) -> String {
        mv.dir.glyph().into()
    }

    fn move_label(mover: Player, mv: AtomicMove) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn setup_from_cells(pos: &Atomic, counts: &[(Cell, String)], turn: Player) -> String {
        row::setup_from_cells(pos.pots().len(), counts, turn)
    }

    fn board_text(p: &Atomic) -> String {
        row::board_text(p.pots())
    }

    fn new_game_form(current: Option<&AtomicRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| AtomicRules::new(DEFAULT.0, DEFAULT.1, false).expect("valid"));
        row::new_game_form((r.pots as u32, r.seeds as u32), r.impartial, MAX_POTS, "Start Atomic Wari")
    }

    fn new_game(values: &[String]) -> Result<Atomic, String> {
        let id = row::new_game_id("atomic", values);
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }

    fn analyze(pos: &Atomic, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler) -> Analysis {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }
}

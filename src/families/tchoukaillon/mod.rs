//! Tchoukaillon, the solitaire of Broline & Loeb §3: pits numbered from the Roumba, a pit
//! harvested when it holds exactly its number. Rules id `tchoukaillon`; setups are the pits
//! from pit 1 outwards, then `-` and the Roumba; moves are pit numbers joined by dots.

mod card;
mod position;

use core::fmt;

pub use position::*;

use super::view::count_text;
use super::{
    AnyMove, Card, Family, FamilyBoard, FamilySearch, FamilyView, Field, FieldKind, Layout, NewGameForm,
    ParseMoveError, ParseRulesError, ParseSetupError, Preset,
};
use crate::engine::text::{clip, parse_count, split_fields};
use crate::engine::{Cell, Player, Position, Trace, Value};
use crate::search::{Analysis, MoveValue, SearchHandler};

/// The start of a Tchoukaillon game when no setup is given: the winning position for 17 seeds
/// (six pits), a game of 17 harvests.
pub const DEFAULT_SEEDS: u32 = 17;

/// Most seeds the New game form offers (the winning position for 12,000 seeds needs 195 pits).
pub const MAX_WINNING_SEEDS: u32 = 12_000;

/// Tchoukaillon has no parameters: its one rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TchoukaillonRules;

/// The Tchoukaillon family (see the module).
pub struct TchoukaillonFamily;

impl Family for TchoukaillonFamily {
    type Rules = TchoukaillonRules;

    type Position = Tchoukaillon;

    type SetupError = TchoukaillonSetupError;

    type Move = TchoukaillonMove;

    const KEY: &'static str = "tchoukaillon";
    const NAME: &'static str = "Tchoukaillon";
    const HOW_IT_PLAYS: &'static str =
        "A solitaire: pit i may be sown only when it holds exactly i seeds, its last seed landing in the Roumba; empty the board to win.";

    const ALIASES: &'static [(&'static str, &'static str)] = &[];

    const PRESETS: &'static [Preset] = &[Preset {
        id: "tchoukaillon",
        name: "Tchoukaillon",
        source: "Broline & Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3.",
    }];

    const EXAMPLES: &'static [&'static str] = &["tchoukaillon"];

    const RULES_HELP: &'static str =
        "tchoukaillon (the solitaire; a new game starts from the winning position for 17 seeds)";

    const SETUP_HELP: &'static str =
        "Tchoukaillon setup: pits 1.2.3… from the Roumba outwards, then '-' and the Roumba.";

    const MOVES_HELP: &'static str = "Tchoukaillon: pit numbers joined by dots (1.2.1)";

    const MOVES_JOINED: bool = false;

    const SOLITAIRE: bool = true;

    fn parse_rules(parts: &[&str], id: &str) -> Result<TchoukaillonRules, ParseRulesError> {
        if parts.len() == 1 {
            Ok(TchoukaillonRules)
        } else {
            Err(ParseRulesError::Unknown(clip(id, 40)))
        }
    }

    fn write_rules(_: &TchoukaillonRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tchoukaillon")
    }

    fn title(_: &TchoukaillonRules) -> String {
        "Tchoukaillon".to_string()
    }

    fn start(_: &TchoukaillonRules) -> Tchoukaillon {
        Tchoukaillon::winning_position(DEFAULT_SEEDS).expect("17 seeds fit in 6 pits")
    }

    fn rules_of(_: &Tchoukaillon) -> TchoukaillonRules {
        TchoukaillonRules
    }

    fn card(_: &TchoukaillonRules) -> Card {
        card::card()
    }

    fn parse_setup(_: &TchoukaillonRules, text: &str) -> Result<Tchoukaillon, ParseSetupError> {
        let parts: Vec<&str> = text.trim().split('-').collect();
        if parts.len() > 2 {
            return Err(ParseSetupError::Form(
                "a Tchoukaillon setup is the pits from pit 1 outwards, then optionally '-' and the Roumba",
            ));
        }
        let pits: Vec<u32> = split_fields(parts[0])
            .into_iter()
            .enumerate()
            .map(|(i, t)| parse_count(t, &format!("pit {}:", i + 1), MAX_SEEDS))
            .collect::<Result<_, _>>()?;
        let roumba = match parts.get(1) {
            Some(t) => parse_count(t.trim(), "Roumba:", MAX_SEEDS)?,
            None => 0,
        };
        TchoukaillonSetup { pits, roumba }
            .validate()
            .map_err(|e| ParseSetupError::Invalid(super::AnySetupError::Tchoukaillon(e)))
    }

    fn write_setup(p: &Tchoukaillon, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pits = p.pits().iter().map(u32::to_string).collect::<Vec<_>>().join(".");
        write!(f, "{pits}-{}", p.roumba())
    }

    fn parse_move(_: &Tchoukaillon, token: &str) -> Result<TchoukaillonMove, ParseMoveError> {
        let t = token.trim();
        match t.parse::<u16>() {
            Ok(n) if n >= 1 && (n as usize) <= MAX_PITS => Ok(TchoukaillonMove(n)),
            _ => Err(ParseMoveError::NotANumber(clip(t, 12))),
        }
    }
}

impl FamilyBoard for TchoukaillonFamily {
    fn layout(pos: &Tchoukaillon) -> Layout {
        Layout::Solitaire { pits: pos.len() }
    }

    fn move_cell(_: &Tchoukaillon, mv: TchoukaillonMove) -> Cell {
        Cell::Pit { owner: Player::South, index: mv.0 - 1 }
    }

    fn cell_move(_: &Tchoukaillon, cell: Cell) -> Option<TchoukaillonMove> {
        match cell {
            Cell::Pit { index, .. } => Some(TchoukaillonMove(index + 1)),
            Cell::Store(_) => None,
        }
    }
}

impl FamilyView for TchoukaillonFamily {
    fn cell_name(_: &Tchoukaillon, cell: Cell) -> String {
        match cell {
            Cell::Store(_) => "Roumba".into(),
            Cell::Pit { index, .. } => format!("Pit {}", index + 1),
        }
    }

    fn cell_label(_: &Tchoukaillon, cell: Cell) -> String {
        super::view::pit_number(cell)
    }

    fn status(t: &Tchoukaillon) -> String {
        match t.outcome() {
            Some(crate::engine::Outcome::Stuck) => "Lost: no pit can be harvested.".into(),
            Some(o) => format!("{o}."),
            None => format!(
                "{} seeds left, {} in the Roumba. {}",
                t.seeds_left(),
                t.roumba(),
                if t.is_winnable() { "Still winnable." } else { "No longer winnable." }
            ),
        }
    }

    fn describe_move(_: &Tchoukaillon, mv: TchoukaillonMove, _: &Trace, _: &Tchoukaillon) -> String {
        format!("Harvest pit {mv}")
    }

    fn setup_from_cells(t: &Tchoukaillon, counts: &[(Cell, String)], _: Player) -> String {
        let pits = super::view::row_from_cells(t.len(), counts);
        let roumba = counts.iter().find(|(c, _)| *c == Cell::Store(Player::South)).map_or("0", |(_, v)| v.as_str());
        format!("{pits}-{roumba}")
    }

    fn board_text(t: &Tchoukaillon) -> String {
        let mut out = format!("Roumba {}\n", count_text(t.roumba()));
        out += &format!("pits   {}\n", t.pits().iter().map(|&x| count_text(x)).collect::<String>());
        out += &format!("       {}\n", (1..=t.len()).map(|i| format!("{i:>3} ")).collect::<String>());
        out
    }

    fn new_game_form(_: Option<&TchoukaillonRules>) -> NewGameForm {
        NewGameForm {
            fields: vec![Field {
                id: "ng-tseeds",
                label: "The winning position for this many seeds",
                kind: FieldKind::Number { min: 0, max: MAX_WINNING_SEEDS },
                value: DEFAULT_SEEDS.to_string(),
            }],
            submit: "Show winning position",
            class: "tchouk",
            button_class: "show-winning",
        }
    }

    fn new_game(values: &[String]) -> Result<Tchoukaillon, String> {
        let v = values.first().map_or("", |s| s.trim());
        v.parse::<u32>().ok().filter(|&s| s <= MAX_WINNING_SEEDS).and_then(Tchoukaillon::winning_position).ok_or_else(
            || {
                format!(
                    "'{}' seeds: the winning position must fit in {MAX_PITS} pits, so use 0 to {MAX_WINNING_SEEDS}",
                    clip(v, 20)
                )
            },
        )
    }
}

impl FamilySearch for TchoukaillonFamily {
    /// The unique winning move (Proposition 4) valued 1, every other move 0: a solitaire's
    /// value is whether it can still be won, and the best line is the winning line.
    fn analyze(t: &Tchoukaillon, _: u32, _: usize, _: &mut dyn SearchHandler<AnyMove>) -> Analysis<AnyMove> {
        let line = t.winning_line();
        let mut moves = t
            .legal_moves()
            .into_iter()
            .map(|m| {
                let wins = t.play(m).map(|(p, _)| p.is_winnable()).unwrap_or(false);
                MoveValue { mv: m.into(), value: Value::Winnable(wins), exact: true }
            })
            .collect::<Vec<_>>();
        moves.sort_by_key(|m| core::cmp::Reverse(m.value));
        Analysis {
            depth: line.as_ref().map_or(0, |l| l.len() as u32),
            nodes: 0,
            value: Value::Winnable(line.is_some()),
            exact: true,
            moves,
            best_line: line.unwrap_or_default().into_iter().map(AnyMove::from).collect(),
            stopped: None,
        }
    }
}

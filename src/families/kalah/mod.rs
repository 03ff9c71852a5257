//! The Kalah family: two rows with stores (Kalah, and Mancala as Papegay, Erickson and Dooley
//! describe it). Rules ids `kalah-M-N` with `-e`, `-o`, `-m`; setups
//! `South's pits-North's pits-stores-side`; moves are pit letters relative to the mover.

mod card;
mod position;
mod search;
pub mod solver;

use core::fmt;

pub use position::*;
pub use search::{minimax_value, perft_kalah};

use super::two_rows::{four_parts, two_rows_setup, two_rows_text, write_four_parts, TwoRowFamily};
use super::view::captures_and_laps;
use super::view::count_text;
use super::{
    Card, ExactSolver, Family, FamilySearch, FamilyView, Field, FieldKind, NewGameForm, ParseMoveError,
    ParseRulesError, ParseSetupError, Preset, SolveError, SolveRequest,
};
use crate::engine::{ByPlayer, Cell, Player, Position, Trace};
use crate::families::AnyMove;
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Kalah family (see the module).
pub struct KalahFamily;

impl fmt::Display for KalahRules {
    /// The canonical rules id: `kalah-6-4`, `kalah-6-3-e-m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kalah-{}-{}", self.pits(), self.seeds())?;
        match self.capture {
            CaptureRule::Standard => {}
            CaptureRule::Empty => f.write_str("-e")?,
            CaptureRule::OppositeOnly => f.write_str("-o")?,
        }
        if self.end == EndRule::MoverCannotMove {
            f.write_str("-m")?;
        }
        Ok(())
    }
}

impl Family for KalahFamily {
    type Rules = KalahRules;

    type Position = Kalah;

    type SetupError = SetupError;

    type Move = KalahMove;

    const KEY: &'static str = "kalah";
    const NAME: &'static str = "Kalah and Mancala";
    const HOW_IT_PLAYS: &'static str =
        "Two rows of pits and a store each: sow counter-clockwise; a last seed in your store plays again, one in an empty pit of yours captures the pit across.";

    const ALIASES: &'static [(&'static str, &'static str)] = &[
        ("kalah", "kalah-6-4"),
        ("dooley", "kalah-6-4-e"),
        ("dooley-1", "kalah-6-1-e"),
        ("papegay", "kalah-6-4-o"),
        ("erickson", "kalah-6-3-e-m"),
        ("erickson-3", "kalah-6-3-e-m"),
        ("erickson-6", "kalah-6-6-e-m"),
        ("mancala", "kalah-6-4"),
    ];

    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "kalah-6-4",
            name: "Kalah (6,4)",
            source: "The common rules; first player wins by 8 with perfect play (Irving, Donkers & Uiterwijk 2000).",
        },
        Preset {
            id: "kalah-6-4-e",
            name: "Kalah (6,4), empty capture",
            source: "Irving, Donkers & Uiterwijk 2000: a lone last seed is captured even against an empty pit (+10).",
        },
        Preset {
            id: "kalah-6-4-o",
            name: "Papegay's Mancala",
            source: "Papegay, \"Exploring Board Game Strategies\", The Mathematica Journal 10:2.",
        },
        Preset {
            id: "kalah-6-3-e-m",
            name: "Erickson's Mancala (3 seeds)",
            source: "Erickson, \"Sowing Games\", Games of No Chance, §4.",
        },
        Preset {
            id: "kalah-6-6-e-m",
            name: "Erickson's Mancala (6 seeds)",
            source: "Erickson, \"Sowing Games\": \"three (or sometimes six) seeds in each pot\".",
        },
        Preset {
            id: "kalah-6-1-e",
            name: "Dooley's one-pebble game",
            source: "Dooley, \"How to Play Mancala - and WIN!\": the 6-bin game with one pebble per bin.",
        },
    ];

    const EXAMPLES: &'static [&'static str] =
        &["kalah-6-4", "kalah-6-4-e", "papegay", "erickson", "erickson-6", "dooley"];

    const RULES_HELP: &'static str = "kalah-M-N (M pits a side, N seeds a pit, standard capture, \
game over when either side is empty), with suffixes -e (empty capture: a lone last seed in your \
empty pit is captured even when the opposite pit is empty), -o (capture the opposite pit only), \
-m (the game ends only when the player to move cannot move); presets kalah, dooley (kalah-6-4-e), dooley-1 (kalah-6-1-e), \
papegay (kalah-6-4-o), erickson (kalah-6-3-e-m), erickson-6 (kalah-6-6-e-m)";

    const SETUP_HELP: &'static str = "Kalah setup: South's pits a.b.c…, North's pits a.b.c…, stores South.North, side to move (s or n), joined by '-'.";

    const MOVES_HELP: &'static str = "Kalah: pit letters relative to the mover, written together (cfab)";

    const MOVES_JOINED: bool = true;

    fn parse_rules(parts: &[&str], id: &str) -> Result<KalahRules, ParseRulesError> {
        if parts.len() < 3 {
            return Err(ParseRulesError::Unknown(crate::engine::text::clip(id, 40)));
        }
        let num = |t: &str, what: &'static str| -> Result<u32, ParseRulesError> {
            t.parse::<u32>().map_err(|_| ParseRulesError::NotANumber { token: t.to_string(), id: id.to_string(), what })
        };
        let pits = num(parts[1], "pits")?;
        let seeds = num(parts[2], "seeds")?;
        let mut capture = CaptureRule::Standard;
        let mut end = EndRule::EitherSideEmpty;
        for flag in &parts[3..] {
            match *flag {
                "e" => capture = CaptureRule::Empty,
                "o" => capture = CaptureRule::OppositeOnly,
                "s" => capture = CaptureRule::Standard,
                "m" => end = EndRule::MoverCannotMove,
                other => {
                    return Err(ParseRulesError::UnknownOption {
                        family: "Kalah",
                        option: other.to_string(),
                        id: id.to_string(),
                        known: "-e (empty capture), -o (opposite-only capture), -m (ends when the mover cannot move)",
                    })
                }
            }
        }
        KalahRules::new(pits, seeds, capture, end)
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &KalahRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &KalahRules) -> String {
        let mut t = format!("Kalah({},{})", r.pits(), r.seeds());
        match r.capture {
            CaptureRule::Standard => {}
            CaptureRule::Empty => t.push_str(", empty capture"),
            CaptureRule::OppositeOnly => t.push_str(", opposite-only capture"),
        }
        if r.end == EndRule::MoverCannotMove {
            t.push_str(", ends when the mover cannot move");
        }
        t
    }

    fn start(rules: &KalahRules) -> Kalah {
        rules.start()
    }

    fn rules_of(pos: &Kalah) -> KalahRules {
        pos.rules()
    }

    fn card(rules: &KalahRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(rules: &KalahRules, text: &str) -> Result<Kalah, ParseSetupError> {
        let form = "a Kalah setup has 4 parts separated by '-' (South's pits, North's pits, stores, side to move)";
        let (south, north, stores, turn) = four_parts(text, form, MAX_TOTAL_SEEDS as u64)?;
        let setup = KalahSetup { south, north, stores: ByPlayer { south: stores[0], north: stores[1] }, turn };
        setup.validate(*rules).map_err(|e| ParseSetupError::Invalid(super::AnySetupError::Kalah(e)))
    }

    fn write_setup(p: &Kalah, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = p.stores();
        write_four_parts(f, &p.row(Player::South), &p.row(Player::North), [c.south, c.north], p.turn())
    }

    fn parse_move(pos: &Kalah, token: &str) -> Result<KalahMove, ParseMoveError> {
        Self::parse_pit_move(pos, token)
    }
}

impl TwoRowFamily for KalahFamily {
    const MAX_PITS: usize = MAX_PITS;

    fn pits(pos: &Kalah) -> usize {
        pos.rules().pits()
    }

    fn from_pit(i: u8) -> KalahMove {
        KalahMove(i)
    }

    fn pit_of(mv: KalahMove) -> u8 {
        mv.0
    }
}

impl FamilyView for KalahFamily {
    fn status(pos: &Kalah) -> String {
        match pos.outcome() {
            Some(o) => {
                let s = pos.final_scores();
                format!("Game over: {}.", super::view::result_text(o, s.south, s.north, ""))
            }
            None => format!("{} to move.", pos.turn()),
        }
    }

    fn describe_move(before: &Kalah, mv: KalahMove, trace: &Trace, after: &Kalah) -> String {
        let mut text = format!("{} plays {}", before.turn(), mv);
        text += &captures_and_laps(trace);
        if trace.extra_turn && after.turn() == before.turn() {
            text += ", moves again";
        }
        text
    }

    fn setup_from_cells(pos: &Kalah, counts: &[(Cell, String)], turn: Player) -> String {
        two_rows_setup(pos.rules().pits(), counts, turn, |_, _| false)
    }

    fn board_text(k: &Kalah) -> String {
        let hole = |p: Player, i: usize| count_text(k.pit(p, i));
        two_rows_text(k.rules().pits(), hole, count_text(k.store(Player::North)), count_text(k.store(Player::South)))
    }

    fn new_game_form(current: Option<&KalahRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| KalahRules::standard(6, 4).expect("valid"));
        let capture = match r.capture {
            CaptureRule::Standard => "",
            CaptureRule::Empty => "-e",
            CaptureRule::OppositeOnly => "-o",
        };
        let end = if r.end == EndRule::MoverCannotMove { "-m" } else { "" };
        NewGameForm {
            fields: vec![
                Field {
                    id: "ng-pits",
                    label: "Pits a side",
                    kind: FieldKind::Number { min: 1, max: MAX_PITS as u32 },
                    value: r.pits().to_string(),
                },
                Field {
                    id: "ng-seeds",
                    label: "Seeds a pit",
                    kind: FieldKind::Number { min: 0, max: MAX_SEEDS_PER_PIT },
                    value: r.seeds().to_string(),
                },
                Field {
                    id: "ng-capture",
                    label: "Capture",
                    kind: FieldKind::Choice(vec![
                        ("", "standard (opposite pit must hold seeds)"),
                        ("-e", "empty capture (Irving et al.)"),
                        ("-o", "opposite pit only (Papegay, literal)"),
                    ]),
                    value: capture.into(),
                },
                Field {
                    id: "ng-end",
                    label: "Game ends",
                    kind: FieldKind::Choice(vec![
                        ("", "when either side is empty"),
                        ("-m", "when the mover cannot move (Erickson)"),
                    ]),
                    value: end.into(),
                },
            ],
            submit: "Start Kalah",
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Kalah, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("kalah-{}-{}{}{}", v(0), v(1), v(2), v(3));
        let rules: KalahRules =
            Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map_err(|e| e.to_string())?;
        Ok(rules.start())
    }
}

impl FamilySearch for KalahFamily {
    const EXACT_SOLVER: bool = true;

    fn exact_solver(pos: &Kalah, req: &SolveRequest) -> Option<Result<Box<dyn ExactSolver>, SolveError>> {
        Some(solver::options(pos, req).and_then(|o| solver::Solver::new(pos.rules(), o)).map(|s| Box::new(s) as _))
    }

    fn solver_root_order(pos: &Kalah) -> Vec<KalahMove> {
        if pos.is_over() {
            return vec![];
        }
        solver::Solver::root_order(pos)
    }

    fn analyze(
        pos: &Kalah,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }

    fn perft(pos: &Kalah, depth: u32) -> u64 {
        perft_kalah(pos, depth)
    }
}

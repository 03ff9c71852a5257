//! The Oware family: Ayo, Oware (Abapa), Awari and Wari, two rows without stores (captured
//! seeds drawn where stores would be). Rules ids `ayo-N-S`, `oware-N-S` (with `-gi`: grand slam
//! illegal), `awari-N-S`, `wari-N-S`, and the presets `ayo`, `oware`, `awari`, `wari` (6 pits
//! of 4); setups `South's pits-North's pits-captured South.North-side`, as Kalah's; moves are
//! pit letters relative to the mover.

mod card;
pub mod databases;
mod endgame;
mod position;
pub mod search;
#[cfg(test)]
mod tests;

use core::fmt;

pub use position::*;

use super::two_rows::{four_parts, two_rows_setup, two_rows_text, write_four_parts, TwoRowFamily};
use super::view::captures_and_laps;
use super::view::count_text;
use super::{
    Card, Family, FamilySearch, FamilyView, Field, FieldKind, NewGameForm, ParseMoveError, ParseRulesError,
    ParseSetupError, Preset,
};
use crate::engine::{ByPlayer, Cell, Player, Position, Trace};
use crate::families::AnyMove;
use crate::search::{Analysis, SearchHandler};

/// The Oware family (see the module).
pub struct OwareFamily;

impl fmt::Display for OwareRules {
    /// The canonical rules id: `oware-6-4`, `oware-6-4-gi`, `ayo-6-4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.set.key(), self.pits(), self.seeds())?;
        if self.grand_slam_illegal {
            f.write_str("-gi")?;
        }
        Ok(())
    }
}

impl Family for OwareFamily {
    type Rules = OwareRules;

    type Position = Oware;

    type SetupError = SetupError;

    type Move = OwareMove;

    const KEY: &'static str = "oware";
    const NAME: &'static str = "The Oware family";
    const HOW_IT_PLAYS: &'static str =
        "No stores to sow into: a last seed that makes 2 or 3 in the other row captures them, and the 2s and 3s before it.";

    const OTHER_KEYS: &'static [&'static str] = &["ayo", "awari", "wari"];

    const ALIASES: &'static [(&'static str, &'static str)] = &[
        ("oware", "oware-6-4"),
        ("abapa", "oware-6-4"),
        ("ayo", "ayo-6-4"),
        ("awari", "awari-6-4"),
        ("wari", "wari-6-4"),
    ];

    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "oware-6-4",
            name: "Oware (Abapa)",
            source: "The rules of international tournaments (the Oware Society's Abapa rules).",
        },
        Preset {
            id: "awari-6-4",
            name: "Awari",
            source: "As Romein & Bal solved it in 2002 (a draw with perfect play).",
        },
        Preset {
            id: "ayo-6-4",
            name: "Ayo",
            source: "Broline & Loeb, \"The Combinatorics of Mancala-Type Games\", §2 (after Odeleye).",
        },
        Preset {
            id: "wari-6-4",
            name: "Wari (Erickson)",
            source: "Erickson, \"Sowing Games\", §4: Atomic Wari on two rows.",
        },
    ];

    const EXAMPLES: &'static [&'static str] = &["oware", "oware-6-4-gi", "awari", "ayo", "ayo-8-3", "wari"];

    const RULES_HELP: &'static str = "oware-N-S, awari-N-S, ayo-N-S, wari-N-S (N pits a side, 2 to 12; S seeds a pit, 0 to 99): \
Oware as in tournaments (Abapa; suffix -gi: a grand slam is illegal rather than capturing nothing), Awari as Romein & Bal \
solved it, Ayo as Broline & Loeb give it, Erickson's Wari; presets oware, abapa, awari, ayo, wari (6 pits of 4)";

    const SETUP_HELP: &'static str = "Oware setup: South's pits a.b.c…, North's pits a.b.c…, captured seeds South.North, side to move (s or n), joined by '-'.";

    const MOVES_HELP: &'static str = "Oware: pit letters relative to the mover, written together (cfab)";

    const MOVES_JOINED: bool = true;

    fn parse_rules(parts: &[&str], id: &str) -> Result<OwareRules, ParseRulesError> {
        let set = match parts[0] {
            "ayo" => Ruleset::Ayo,
            "awari" => Ruleset::Awari,
            "wari" => Ruleset::Wari,
            _ => Ruleset::Oware,
        };
        if parts.len() < 3 {
            return Err(ParseRulesError::Unknown(crate::engine::text::clip(id, 40)));
        }
        let num = |t: &str, what: &'static str| -> Result<u32, ParseRulesError> {
            t.parse::<u32>().map_err(|_| ParseRulesError::NotANumber { token: t.to_string(), id: id.to_string(), what })
        };
        let pits = num(parts[1], "pits")?;
        let seeds = num(parts[2], "seeds")?;
        let mut grand_slam_illegal = false;
        for flag in &parts[3..] {
            match *flag {
                "gi" => grand_slam_illegal = true,
                other => {
                    return Err(ParseRulesError::UnknownOption {
                        family: "Oware",
                        option: other.to_string(),
                        id: id.to_string(),
                        known: "-gi (oware: a grand slam is illegal)",
                    })
                }
            }
        }
        OwareRules::new(set, pits, seeds, grand_slam_illegal)
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &OwareRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &OwareRules) -> String {
        let name = match r.set {
            Ruleset::Ayo => "Ayo",
            Ruleset::Oware => "Oware (Abapa)",
            Ruleset::Awari => "Awari",
            Ruleset::Wari => "Wari (Erickson)",
        };
        let mut t = name.to_string();
        if (r.pits(), r.seeds()) != (6, 4) {
            t += &format!(", {} pits a side, {} seeds a pit", r.pits(), r.seeds());
        }
        if r.grand_slam_illegal {
            t += ", grand slam illegal";
        }
        t
    }

    fn start(rules: &OwareRules) -> Oware {
        rules.start()
    }

    fn rules_of(pos: &Oware) -> OwareRules {
        pos.rules()
    }

    fn card(rules: &OwareRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(rules: &OwareRules, text: &str) -> Result<Oware, ParseSetupError> {
        let form =
            "an Oware setup has 4 parts separated by '-' (South's pits, North's pits, captured seeds, side to move)";
        let (south, north, captured, turn) = four_parts(text, form, MAX_TOTAL_SEEDS as u64)?;
        let setup = OwareSetup { south, north, captured: ByPlayer { south: captured[0], north: captured[1] }, turn };
        setup.validate(*rules).map_err(|e| ParseSetupError::Invalid(super::AnySetupError::Oware(e)))
    }

    fn write_setup(p: &Oware, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = p.captured();
        write_four_parts(f, &p.row(Player::South), &p.row(Player::North), [c.south, c.north], p.turn())
    }

    fn parse_move(pos: &Oware, token: &str) -> Result<OwareMove, ParseMoveError> {
        Self::parse_pit_move(pos, token)
    }

    fn end_by_repetition(pos: &Oware) -> Option<(Oware, Trace)> {
        pos.end_by_repetition()
    }

    fn end_without_captures(pos: &Oware) -> Option<(Oware, Trace)> {
        pos.end_without_captures()
    }
}

impl TwoRowFamily for OwareFamily {
    const MAX_PITS: usize = MAX_PITS;

    fn pits(pos: &Oware) -> usize {
        pos.rules().pits()
    }

    fn from_pit(i: u8) -> OwareMove {
        OwareMove(i)
    }

    fn pit_of(mv: OwareMove) -> u8 {
        mv.0
    }
}

impl FamilyView for OwareFamily {
    fn cell_name(_: &Oware, cell: Cell) -> String {
        match cell {
            Cell::Store(p) => format!("{p}'s captured seeds"),
            c => c.to_string(),
        }
    }

    fn cell_note(pos: &Oware, cell: Cell) -> Option<String> {
        match cell {
            Cell::Pit { owner, index }
                if owner == pos.turn() && pos.pit(owner, index as usize) > 0 && !pos.is_over() =>
            {
                pos.refusal(index as usize).map(|e| match e {
                    crate::engine::IllegalMove::TooFewSeeds { holds, needs, .. } => {
                        format!(
                            "it holds {holds} seed{}; Wari sows only a pit of {needs} or more",
                            if holds == 1 { "" } else { "s" }
                        )
                    }
                    other => other.to_string(),
                })
            }
            _ => None,
        }
    }

    fn status(pos: &Oware) -> String {
        match pos.outcome() {
            Some(o) => {
                let c = pos.captured();
                let why = match (pos.repeated(), pos.rules().set) {
                    (false, _) if pos.stalled() => {
                        " (no capture can happen again: each player was awarded the seeds on his side)"
                    }
                    (false, _) => "",
                    (true, Ruleset::Oware | Ruleset::Ayo) => {
                        " (a position repeated: each player took the seeds on his side)"
                    }
                    (true, Ruleset::Awari) => " (a position repeated: the seeds left are shared equally)",
                    (true, Ruleset::Wari) => " (a position repeated: the seeds left count for nobody)",
                };
                format!("Game over{why}: {}.", super::view::result_text(o, c.south, c.north, " captured"))
            }
            None => format!("{} to move.", pos.turn()),
        }
    }

    fn describe_move(before: &Oware, mv: OwareMove, trace: &Trace, after: &Oware) -> String {
        let mut text = format!("{} plays {}", before.turn(), mv);
        text += &captures_and_laps(trace);
        if before.rules().set == Ruleset::Oware && before.grand_slam(mv.0 as usize) {
            text += " (grand slam: nothing captured)";
        }
        if !after.is_over() && after.turn() == before.turn() {
            text += &format!(", and moves again ({} cannot move)", !before.turn());
        }
        text
    }

    fn setup_from_cells(pos: &Oware, counts: &[(Cell, String)], turn: Player) -> String {
        two_rows_setup(pos.rules().pits(), counts, turn, |_, _| false)
    }

    fn board_text(k: &Oware) -> String {
        let hole = |p: Player, i: usize| count_text(k.pit(p, i));
        two_rows_text(k.rules().pits(), hole, count_text(k.store(Player::North)), count_text(k.store(Player::South)))
    }

    fn new_game_form(current: Option<&OwareRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| OwareRules::new(Ruleset::Oware, 6, 4, false).expect("valid"));
        let set = r.set.key().to_string() + if r.grand_slam_illegal { "-gi" } else { "" };
        NewGameForm {
            fields: vec![
                Field {
                    id: "ng-game",
                    label: "Game",
                    kind: FieldKind::Choice(vec![
                        ("oware", "Oware (Abapa): a grand slam captures nothing"),
                        ("oware-gi", "Oware (Abapa): a grand slam is illegal"),
                        ("awari", "Awari (Romein & Bal)"),
                        ("ayo", "Ayo (Broline & Loeb)"),
                        ("wari", "Wari (Erickson)"),
                    ]),
                    value: set,
                },
                Field {
                    id: "ng-pits",
                    label: "Pits a side",
                    kind: FieldKind::Number { min: 2, max: MAX_PITS as u32 },
                    value: r.pits().to_string(),
                },
                Field {
                    id: "ng-seeds",
                    label: "Seeds a pit",
                    kind: FieldKind::Number { min: 0, max: MAX_SEEDS_PER_PIT },
                    value: r.seeds().to_string(),
                },
            ],
            submit: "Start",
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Oware, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let (game, gi) = match v(0).strip_suffix("-gi") {
            Some(g) => (g, "-gi"),
            None => (v(0), ""),
        };
        let id = format!("{game}-{}-{}{gi}", v(1), v(2));
        let rules = Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map_err(|e| e.to_string())?;
        Ok(rules.start())
    }
}

impl FamilySearch for OwareFamily {
    fn proven_convention(rules: &OwareRules) -> Option<&'static str> {
        databases::convention(*rules)
    }

    fn endgame_databases(rules: &OwareRules, max_seeds: usize) -> Option<Box<dyn super::EndgameDatabases>> {
        Some(Box::new(databases::Databases::new(*rules, max_seeds)))
    }

    fn database_part(
        rules: &OwareRules,
        max_seeds: usize,
        process: usize,
        processes: usize,
    ) -> Option<Box<dyn super::capability::DatabasePart>> {
        Some(Box::new(databases::Part::new(*rules, max_seeds, process, processes)))
    }

    fn part_bytes(rules: &OwareRules, seeds: usize, processes: usize) -> Option<u64> {
        Some(databases::Part::bytes_to_build(*rules, seeds, processes))
    }

    fn databases_size(rules: &OwareRules, seeds: usize) -> Option<u64> {
        Some(databases::positions_upto(rules.pits(), seeds))
    }

    fn analyze(
        pos: &Oware,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        search::analyze(pos, None, depth, table_mib, handler)
    }
}

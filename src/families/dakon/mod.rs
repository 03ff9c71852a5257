//! The Dakon family (Donkers, de Voogt & Uiterwijk): relay sowing, turns of several moves,
//! rounds with refills and holes marked out with a leaf; the clockwise Ohvalhu and Sungka's
//! simultaneous start as options. Rules ids `dakon-N` with `-cw` and `-sungka`; setups as
//! Kalah's with `x` for a hole marked out; moves are hole letters relative to the mover.

mod card;
mod position;
mod search;

use core::fmt;

pub use position::*;
pub use search::WIN;

use super::two_rows::{parse_row, stores_and_turn, two_rows_setup, two_rows_text, TwoRowFamily};
use super::view::captures_and_laps;
use super::view::count_text;
use super::{
    Card, Family, FamilySearch, FamilyView, Field, FieldKind, NewGameForm, ParseMoveError, ParseRulesError,
    ParseSetupError, Preset,
};
use crate::engine::text::{parse_count, split_list};
use crate::engine::{Cell, Player, Position, Trace};
use crate::families::AnyMove;
use crate::search::{Analysis, SearchHandler, Searcher};

/// The Dakon family (see the module).
pub struct DakonFamily;

impl fmt::Display for DakonRules {
    /// The canonical rules id: `dakon-8`, `dakon-8-cw`, `dakon-7-sungka`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dakon-{}{}{}",
            self.n(),
            if self.clockwise { "-cw" } else { "" },
            if self.sungka { "-sungka" } else { "" }
        )
    }
}

/// The fifth part of a setup with its `-`, only when it says something: a later round, a round
/// started by the player not to move, or Sungka's first turns ("" otherwise).
fn round_part(s: &DakonSetup) -> String {
    if s.round == 1 && s.starter == s.turn && s.first_turns.is_none() {
        return String::new();
    }
    let mut out = format!("-r{}.{}", s.round, s.starter.letter());
    if let Some(ft) = s.first_turns {
        let active = match ft.active {
            [true, true] => "sn",
            [true, false] => "s",
            _ => "n",
        };
        out += &format!(".{active}.{}.{}", ft.moves[0], ft.moves[1]);
    }
    out
}

/// The fifth part of a setup: `rROUND.STARTER`, then for Sungka's first turns `.ACTIVE.MS.MN`
/// (who is still in their first turn: `sn`, `s` or `n`; the moves South and North made).
fn parse_round(part: &str, setup: &mut DakonSetup) -> Result<(), ParseSetupError> {
    const FORM: &str = "the fifth part of a Dakon setup is rROUND.STARTER (e.g. r2.n), with .ACTIVE.MS.MN after it during Sungka's first turns (e.g. r1.s.sn.3.2)";
    let lower = part.trim().to_ascii_lowercase();
    let t: Vec<&str> = split_list(&lower).collect();
    let round = match t.first().and_then(|r| r.strip_prefix('r')) {
        Some(r) => parse_count(r, "round:", u16::MAX as u64)?,
        None => return Err(ParseSetupError::Form(FORM)),
    };
    let starter: Player = match t.get(1) {
        Some(p) => p.parse().map_err(ParseSetupError::Turn)?,
        None => return Err(ParseSetupError::Form(FORM)),
    };
    setup.round = round;
    setup.starter = starter;
    setup.first_turns = match t.len() {
        2 => None,
        5 => {
            let active = match t[2] {
                "sn" | "ns" => [true, true],
                "s" => [true, false],
                "n" => [false, true],
                _ => return Err(ParseSetupError::Form(FORM)),
            };
            let moves = [
                parse_count(t[3], "South's first-turn moves:", u16::MAX as u64)?,
                parse_count(t[4], "North's first-turn moves:", u16::MAX as u64)?,
            ];
            Some(FirstTurns { active, moves })
        }
        _ => return Err(ParseSetupError::Form(FORM)),
    };
    Ok(())
}

impl Family for DakonFamily {
    type Rules = DakonRules;

    type Position = Dakon;

    type SetupError = DakonSetupError;

    type Move = DakonMove;

    const KEY: &'static str = "dakon";
    const NAME: &'static str = "Dakon";
    const HOW_IT_PLAYS: &'static str =
        "Relay sowing: a last counter in a filled hole is lifted and sown on, one in your store plays again, one in your own empty hole captures across; a new round refills the holes.";

    const ALIASES: &'static [(&'static str, &'static str)] =
        &[("dakon", "dakon-8"), ("ohvalhu", "dakon-8-cw"), ("sungka", "dakon-7-sungka")];

    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "dakon-8",
            name: "Dakon (8 holes)",
            source:
                "Donkers, de Voogt & Uiterwijk, \"Human versus Machine Problem-Solving: Winning Openings in Dakon\".",
        },
        Preset {
            id: "dakon-8-cw",
            name: "Ohvalhu (Maldives)",
            source: "The same paper: Dakon sown clockwise with the store on the left, as played in the Maldives.",
        },
        Preset {
            id: "dakon-7-sungka",
            name: "Sungka (Philippines)",
            source: "The same paper: both players start the first round simultaneously (rendered turn by turn).",
        },
    ];

    const EXAMPLES: &'static [&'static str] = &["dakon-8", "ohvalhu", "sungka"];

    const RULES_HELP: &'static str =
        "dakon-N (N holes a side and N counters a hole, 2 to 11), with suffixes -cw (sown \
clockwise, the Ohvalhu of the Maldives) and -sungka (Sungka's simultaneous first turns); presets dakon (dakon-8), \
ohvalhu (dakon-8-cw), sungka (dakon-7-sungka)";

    const SETUP_HELP: &'static str = "Dakon setup: South's holes a.b.c…, North's holes a.b.c… (x for a hole marked out), stores South.North, side to move (s or n), joined by '-'; after a round, also rROUND.STARTER (r2.n), and during Sungka's first turns rROUND.STARTER.ACTIVE.MOVES.MOVES (r1.s.sn.3.2).";

    const MOVES_HELP: &'static str =
        "Dakon: hole letters relative to the mover, written together (ahhf; the paper's hole 1 is a)";

    const MOVES_JOINED: bool = true;

    fn parse_rules(parts: &[&str], id: &str) -> Result<DakonRules, ParseRulesError> {
        if parts.len() < 2 {
            return Err(ParseRulesError::Unknown(crate::engine::text::clip(id, 40)));
        }
        let n = parts[1].parse::<usize>().map_err(|_| ParseRulesError::NotANumber {
            token: parts[1].to_string(),
            id: id.to_string(),
            what: "holes",
        })?;
        let (mut clockwise, mut sungka) = (false, false);
        for flag in &parts[2..] {
            match *flag {
                "cw" => clockwise = true,
                "sungka" => sungka = true,
                other => {
                    return Err(ParseRulesError::UnknownOption {
                        family: "Dakon",
                        option: other.to_string(),
                        id: id.to_string(),
                        known: "-cw (clockwise, Ohvalhu) or -sungka (simultaneous first turns)",
                    })
                }
            }
        }
        DakonRules::new(n, clockwise)
            .map(|r| if sungka { r.with_sungka() } else { r })
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &DakonRules, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &DakonRules) -> String {
        format!(
            "Dakon-{}{}{}",
            r.n(),
            if r.clockwise { ", clockwise (Ohvalhu)" } else { "" },
            if r.sungka { ", Sungka's simultaneous start" } else { "" }
        )
    }

    fn start(rules: &DakonRules) -> Dakon {
        rules.start()
    }

    fn rules_of(pos: &Dakon) -> DakonRules {
        pos.rules()
    }

    fn card(rules: &DakonRules) -> Card {
        card::card(rules)
    }

    fn parse_setup(r: &DakonRules, text: &str) -> Result<Dakon, ParseSetupError> {
        let parts: Vec<&str> = text.trim().split('-').collect();
        if !(4..=5).contains(&parts.len()) {
            return Err(ParseSetupError::Parts {
                form: "a Dakon setup has 4 parts separated by '-' (South's holes, North's holes, stores, side to move; x marks a hole out), and a fifth for a later round or Sungka's first turns",
                found: parts.len(),
            });
        }
        let max = 2 * (r.n() * r.n()) as u64;
        let holes =
            [parse_row(parts[0], "South", "hole", max, true)?, parse_row(parts[1], "North", "hole", max, true)?];
        let (stores, turn) = stores_and_turn(parts[2], parts[3], max)?;
        let mut setup = DakonSetup::new(*r, holes, stores, turn);
        if let Some(part) = parts.get(4) {
            parse_round(part, &mut setup)?;
        }
        setup.validate().map_err(|e| ParseSetupError::Invalid(super::AnySetupError::Dakon(e)))
    }

    fn write_setup(d: &Dakon, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = d.setup();
        let row = |r: &[Option<u32>]| {
            r.iter().map(|h| h.map_or("x".to_string(), |c| c.to_string())).collect::<Vec<_>>().join(".")
        };
        write!(f, "{}-{}-{}.{}-{}", row(&s.holes[0]), row(&s.holes[1]), s.stores[0], s.stores[1], s.turn.letter())?;
        f.write_str(&round_part(&s))
    }

    fn parse_move(pos: &Dakon, token: &str) -> Result<DakonMove, ParseMoveError> {
        Self::parse_pit_move(pos, token)
    }
}

impl TwoRowFamily for DakonFamily {
    const MAX_PITS: usize = MAX_HOLES;
    const NOUN: &'static str = "hole";

    fn mirrored(pos: &Dakon) -> bool {
        // The clockwise variant (Ohvalhu) is the mirror image.
        pos.rules().clockwise
    }

    fn pits(pos: &Dakon) -> usize {
        pos.rules().n()
    }

    fn from_pit(i: u8) -> DakonMove {
        DakonMove(i)
    }

    fn pit_of(mv: DakonMove) -> u8 {
        mv.0
    }
}

impl FamilyView for DakonFamily {
    fn cell_name(pos: &Dakon, cell: Cell) -> String {
        if Self::is_marked(pos, cell) {
            format!("{cell} (marked out with a leaf)")
        } else {
            cell.to_string()
        }
    }

    fn is_marked(pos: &Dakon, cell: Cell) -> bool {
        matches!(cell, Cell::Pit { owner, index } if pos.is_leaf(owner, index as usize))
    }

    fn status(d: &Dakon) -> String {
        if let Some(o) = d.outcome() {
            let (s, n) = (d.owned(Player::South), d.owned(Player::North));
            return format!("Game over: {}.", super::view::result_text(o, s, n, " counters"));
        }
        match d.first_turns() {
            Some((s, n)) => format!(
                "{} to move. Sungka's simultaneous first turns: {}.",
                d.turn(),
                match (s, n) {
                    (true, true) => "both players are still in their first turn, one move each in turn",
                    _ => "one player's first turn is over, the other goes on alone",
                }
            ),
            None => format!("{} to move. Round {}.", d.turn(), d.round()),
        }
    }

    fn describe_move(before: &Dakon, mv: DakonMove, trace: &Trace, after: &Dakon) -> String {
        let mut text = format!("{} plays {}", before.turn(), mv);
        text += &captures_and_laps(trace);
        if after.outcome().is_some() {
            text += ", the round ends and with it the game";
        } else if after.round() > before.round() {
            text += &format!(", the round ends: round {} begins", after.round());
        }
        if trace.extra_turn && after.turn() == before.turn() {
            text += ", moves again";
        } else if trace.extra_turn && after.first_turns().is_some() {
            text += ", still in its first turn";
        }
        text
    }

    fn setup_from_cells(pos: &Dakon, counts: &[(Cell, String)], turn: Player) -> String {
        // Holes marked out with a leaf stay marked (`x`).
        two_rows_setup(pos.rules().n(), counts, turn, |p, i| pos.is_leaf(p, i)) + &round_part(&pos.setup())
    }

    fn board_text(d: &Dakon) -> String {
        let hole = |p: Player, j: usize| if d.is_leaf(p, j) { "[ x]".to_string() } else { count_text(d.hole(p, j)) };
        format!("round {}\n", d.round())
            + &two_rows_text(
                d.rules().n(),
                hole,
                count_text(d.store(Player::North)),
                count_text(d.store(Player::South)),
            )
    }

    fn new_game_form(current: Option<&DakonRules>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| DakonRules::new(8, false).expect("valid"));
        NewGameForm {
            fields: vec![
                Field {
                    id: "ng-holes",
                    label: "Holes a side (and counters a hole)",
                    kind: FieldKind::Number { min: 2, max: MAX_HOLES as u32 },
                    value: r.n().to_string(),
                },
                Field {
                    id: "ng-direction",
                    label: "Sowing",
                    kind: FieldKind::Choice(vec![
                        ("", "anticlockwise (Dakon)"),
                        ("-cw", "clockwise (Ohvalhu, Maldives)"),
                    ]),
                    value: if r.clockwise { "-cw" } else { "" }.into(),
                },
                Field {
                    id: "ng-start",
                    label: "First round",
                    kind: FieldKind::Choice(vec![("", "South starts"), ("-sungka", "both start at once (Sungka)")]),
                    value: if r.sungka { "-sungka" } else { "" }.into(),
                },
            ],
            submit: "Start Dakon",
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Dakon, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("dakon-{}{}{}", v(0), v(1), v(2));
        let rules = Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map_err(|e| e.to_string())?;
        Ok(rules.start())
    }
}

impl FamilySearch for DakonFamily {
    fn analyze(
        pos: &Dakon,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
    }
}

//! Tchouka (Broline & Loeb §3, after Deledicq & Popova): relay sowing towards a Roumba with
//! wrap-around, as a solitaire (rules ids `tchouka-N-S`: N pits of S seeds; the classic Tchuka
//! Ruma is `tchouka-4-2`, alias `tchuka-ruma`) and as a two-player game (`tchouka2-N-S`; see
//! [`crate::families::tchouka2`]). Both are [`TchoukaFamily`], the const parameter telling them
//! apart. Setups: the pits from pit 1 (next to the Roumba) outwards, then `-` and the Roumba
//! (the solitaire), or `-` and each player's seeds in it and `-` and who moves (two players).
//! Moves are pit numbers joined by dots.

mod card;
mod position;
#[cfg(test)]
mod tests;

use core::fmt;

pub use position::*;

use super::two_rows::stores_and_turn;
use super::view::count_text;
use super::{
    AnyMove, Card, Family, FamilyBoard, FamilySearch, FamilyView, Field, FieldKind, Layout, NewGameForm,
    ParseMoveError, ParseRulesError, ParseSetupError, Preset,
};
use crate::engine::text::{clip, parse_count, split_fields};
use crate::engine::{Cell, Player, Position, Trace, Value};
use crate::search::alphabeta::{MoveList, Searchable};
use crate::search::{Analysis, MoveValue, SearchHandler, Searcher, Stopped};

/// Tchouka, the solitaire (`D = false`) or the two-player game (`D = true`).
pub struct TchoukaFamily<const D: bool>;

/// The solitaire.
pub type TchoukaSolo = TchoukaFamily<false>;

/// The start when no size is given: the classic Tchuka Ruma.
const DEFAULT: (u32, u32) = (4, 2);

/// "1 seed", "7 seeds".
fn seeds(n: u32) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

/// A move as [`AnyMove`] (the registration list converts the two concrete move types).
fn any_move<const D: bool>(m: TchoukaMove<D>) -> AnyMove {
    if D {
        AnyMove::from(TchoukaMove::<true>(m.0))
    } else {
        AnyMove::from(TchoukaMove::<false>(m.0))
    }
}

impl<const D: bool> Family for TchoukaFamily<D> {
    type Rules = TchoukaRules<D>;

    type Position = Tchouka<D>;

    type SetupError = TchoukaSetupError;

    type Move = TchoukaMove<D>;

    const KEY: &'static str = if D { "tchouka2" } else { "tchouka" };
    const NAME: &'static str = if D { "Tchouka for two" } else { "Tchouka and Tchuka Ruma" };
    const HOW_IT_PLAYS: &'static str = if D {
        "Tchouka's relays for two players sharing one Roumba: a last seed in a filled pit sows on, in the Roumba plays again, in an empty pit ends the turn; the most seeds in the Roumba wins."
    } else {
        "A solitaire: sow a pit around the ring; a last seed in a filled pit sows on, in the Roumba plays again, in an empty pit loses; put every seed in the Roumba to win."
    };

    const ALIASES: &'static [(&'static str, &'static str)] =
        if D { &[("tchuka-ruma-2", "tchouka2-4-2")] } else { &[("tchuka-ruma", "tchouka-4-2")] };

    const PRESETS: &'static [Preset] = if D {
        &[Preset {
            id: "tchouka2-4-2",
            name: "Tchouka for two",
            source: "Broline & Loeb §3: each player sows until a last seed falls in an empty pit; most seeds put in the Roumba wins.",
        }]
    } else {
        &[Preset {
            id: "tchouka-4-2",
            name: "Tchuka Ruma",
            source: "Broline & Loeb §3 (Tchouka, after Deledicq & Popova); the classic puzzle of 4 pits of 2 seeds (Campbell & Chavey).",
        }]
    };

    const EXAMPLES: &'static [&'static str] = if D { &["tchouka2-4-2"] } else { &["tchouka-4-2", "tchuka-ruma"] };

    const RULES_HELP: &'static str = if D {
        "tchouka2-N-S (Tchouka for two players: N pits of S seeds)"
    } else {
        "tchouka-N-S (the Tchouka solitaire: N pits of S seeds; tchuka-ruma is tchouka-4-2)"
    };

    const SETUP_HELP: &'static str = if D {
        "Tchouka for two: pits 1.2.3… from the Roumba outwards, '-', the seeds South.North put in the Roumba, '-', who moves (s or n)."
    } else {
        "Tchouka setup: pits 1.2.3… from the Roumba outwards, then '-' and the Roumba; '-lost' after them when a turn has ended in an empty pit."
    };

    const MOVES_HELP: &'static str = "Tchouka: pit numbers joined by dots (2.4.1)";

    const MOVES_JOINED: bool = false;

    const SOLITAIRE: bool = !D;

    fn parse_rules(parts: &[&str], id: &str) -> Result<TchoukaRules<D>, ParseRulesError> {
        let number = |k: usize, what: &'static str| {
            parts[k].parse::<u32>().map_err(|_| ParseRulesError::NotANumber {
                token: clip(parts[k], 12),
                id: clip(id, 40),
                what,
            })
        };
        let (pits, seeds) = match parts.len() {
            1 => DEFAULT,
            3 => (number(1, "pits")?, number(2, "seeds")?),
            _ => return Err(ParseRulesError::Unknown(clip(id, 40))),
        };
        TchoukaRules::new(pits, seeds)
            .map_err(|e| ParseRulesError::OutOfRange { id: clip(id, 40), reason: e.to_string() })
    }

    fn write_rules(r: &TchoukaRules<D>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", Self::KEY, r.pits, r.seeds)
    }

    fn title(r: &TchoukaRules<D>) -> String {
        match (D, r.pits, r.seeds) {
            (false, 4, 2) => "Tchuka Ruma (Tchouka, 4 pits of 2)".into(),
            (false, n, s) => format!("Tchouka solitaire, {n} pits of {s}"),
            (true, n, s) => format!("Tchouka for two, {n} pits of {s}"),
        }
    }

    fn start(r: &TchoukaRules<D>) -> Tchouka<D> {
        r.start()
    }

    fn rules_of(p: &Tchouka<D>) -> TchoukaRules<D> {
        p.rules()
    }

    fn card(_: &TchoukaRules<D>) -> Card {
        card::card(D)
    }

    fn parse_setup(r: &TchoukaRules<D>, text: &str) -> Result<Tchouka<D>, ParseSetupError> {
        let parts: Vec<&str> = text.trim().split('-').collect();
        let form = if D {
            "a setup of Tchouka for two is the pits from pit 1 outwards, '-', the seeds each player put in the Roumba (South.North), '-', who moves"
        } else {
            "a Tchouka setup is the pits from pit 1 outwards, then optionally '-' and the Roumba, then '-lost' if a turn has ended in an empty pit"
        };
        let max = MAX_SEEDS as u64;
        let pits: Vec<u32> = split_fields(parts[0])
            .into_iter()
            .enumerate()
            .map(|(i, t)| parse_count(t, &format!("pit {}:", i + 1), max))
            .collect::<Result<_, _>>()?;
        // The solitaire's lost position (a turn ended in an empty pit) says so: it is over.
        let lost = !D && parts.len() == 3 && parts[2].trim().eq_ignore_ascii_case("lost");
        let (roumba, turn) = match (D, parts.len()) {
            (false, 1) => ([0, 0], Player::South),
            (false, 2) => ([parse_count(parts[1].trim(), "Roumba:", max)?, 0], Player::South),
            (false, 3) if lost => ([parse_count(parts[1].trim(), "Roumba:", max)?, 0], Player::South),
            (true, 3) => stores_and_turn(parts[1], parts[2], max)?,
            (true, 1) => ([0, 0], Player::South),
            (_, found) => return Err(ParseSetupError::Parts { form, found }),
        };
        let invalid = |e| {
            ParseSetupError::Invalid(if D {
                super::AnySetupError::Tchouka2(e)
            } else {
                super::AnySetupError::Tchouka(e)
            })
        };
        let sized = TchoukaRules::new(pits.len() as u32, r.seeds as u32).unwrap_or(*r);
        Tchouka::new(sized, &pits, roumba, turn, lost).map_err(invalid)
    }

    fn write_setup(p: &Tchouka<D>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pits = p.pits().iter().map(u8::to_string).collect::<Vec<_>>().join(".");
        if D {
            write!(f, "{pits}-{}.{}-{}", p.roumba_of(Player::South), p.roumba_of(Player::North), p.turn().letter())
        } else {
            write!(f, "{pits}-{}{}", p.roumba(), if p.is_lost() { "-lost" } else { "" })
        }
    }

    fn parse_move(_: &Tchouka<D>, token: &str) -> Result<TchoukaMove<D>, ParseMoveError> {
        let t = token.trim();
        match t.parse::<u8>() {
            Ok(n) if n >= 1 && (n as usize) <= MAX_PITS => Ok(TchoukaMove(n)),
            _ => Err(ParseMoveError::NotANumber(clip(t, 12))),
        }
    }
}

impl<const D: bool> FamilyBoard for TchoukaFamily<D> {
    fn layout(p: &Tchouka<D>) -> Layout {
        Layout::Solitaire { pits: p.len() }
    }

    fn move_cell(_: &Tchouka<D>, mv: TchoukaMove<D>) -> Cell {
        Cell::Pit { owner: Player::South, index: mv.0 as u16 - 1 }
    }

    fn cell_move(_: &Tchouka<D>, cell: Cell) -> Option<TchoukaMove<D>> {
        match cell {
            Cell::Pit { index, .. } => Some(TchoukaMove(index as u8 + 1)),
            Cell::Store(_) => None,
        }
    }
}

impl<const D: bool> FamilyView for TchoukaFamily<D> {
    fn cell_name(_: &Tchouka<D>, cell: Cell) -> String {
        match cell {
            Cell::Store(_) => "Roumba".into(),
            Cell::Pit { index, .. } => format!("Pit {}", index + 1),
        }
    }

    fn cell_label(_: &Tchouka<D>, cell: Cell) -> String {
        super::view::pit_number(cell)
    }

    fn status(p: &Tchouka<D>) -> String {
        let tally = || format!("Roumba: South {}, North {}", p.roumba_of(Player::South), p.roumba_of(Player::North));
        match p.outcome() {
            Some(o) if D => format!("{o}. {}.", tally()),
            Some(crate::engine::Outcome::Stuck) => {
                format!("Lost, with {} seeds still out of the Roumba.", p.seeds_left())
            }
            Some(o) => format!("{o}."),
            None if D => format!("{} to move. {}; {} left.", p.turn(), tally(), seeds(p.seeds_left())),
            None => format!("{} left, {} in the Roumba.", seeds(p.seeds_left()), p.roumba()),
        }
    }

    fn describe_move(before: &Tchouka<D>, mv: TchoukaMove<D>, trace: &Trace, after: &Tchouka<D>) -> String {
        let relays = trace.laps.saturating_sub(1);
        let relay = match relays {
            0 => String::new(),
            1 => ", relayed once".into(),
            k => format!(", relayed {k} times"),
        };
        let end = if trace.extra_turn || (after.seeds_left() == 0 && !after.is_lost()) {
            "the last seed fell in the Roumba"
        } else {
            "the last seed fell in an empty pit"
        };
        let who = if D { format!("{} sows", before.turn()) } else { "Sow".into() };
        format!("{who} pit {mv}{relay}; {end}")
    }

    fn setup_from_cells(p: &Tchouka<D>, counts: &[(Cell, String)], turn: Player) -> String {
        let pits = super::view::row_from_cells(p.len(), counts);
        let roumba = counts.iter().find(|(c, _)| *c == Cell::Store(Player::South)).map_or("0", |(_, v)| v.as_str());
        if D {
            // The editor shows one Roumba: its seeds are South's.
            format!("{pits}-{roumba}.0-{}", turn.letter())
        } else {
            format!("{pits}-{roumba}")
        }
    }

    fn board_text(p: &Tchouka<D>) -> String {
        let mut out = format!("Roumba {}\n", count_text(p.roumba()));
        out += &format!("pits   {}\n", p.pits().iter().map(|&x| count_text(x as u32)).collect::<String>());
        out += &format!("       {}\n", (1..=p.len()).map(|i| format!("{i:>3} ")).collect::<String>());
        out
    }

    fn new_game_form(current: Option<&TchoukaRules<D>>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| TchoukaRules::new(DEFAULT.0, DEFAULT.1).expect("valid"));
        NewGameForm {
            fields: vec![
                Field {
                    id: "ng-tpits",
                    label: "Pits",
                    kind: FieldKind::Number { min: 1, max: MAX_PITS as u32 },
                    value: r.pits.to_string(),
                },
                Field {
                    id: "ng-tseeds-each",
                    label: "Seeds a pit",
                    kind: FieldKind::Number { min: 1, max: 60 },
                    value: r.seeds.to_string(),
                },
            ],
            submit: if D { "Start Tchouka for two" } else { "Start the solitaire" },
            class: "custom",
            button_class: "start",
        }
    }

    fn new_game(values: &[String]) -> Result<Tchouka<D>, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("{}-{}-{}", Self::KEY, v(0), v(1));
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }
}

impl<const D: bool> FamilySearch for TchoukaFamily<D> {
    fn analyze(
        p: &Tchouka<D>,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        if D {
            return Searcher::new(table_mib).analyze(&p.retag::<true>(), depth, handler).unwrap_or_default();
        }
        // The solitaire: each move valued by the solver, the best line a winning one. The
        // handler hears the positions looked at (progress, a deadline, Stop); the positions
        // remembered are kept within half the memory that may be used. Stopped, nothing is
        // proven: an empty analysis with the positions looked at.
        let most = crate::engine::memory::for_a_solve().unwrap_or(u64::MAX);
        let mut nodes = 0;
        let mut solve = |q: &Tchouka<D>, nodes: &mut u64| {
            let base = *nodes;
            let r = q.solve_watched(&mut |n| handler.should_stop(base + n), most);
            let (visited, answer) = match r {
                Ok((line, v)) => (v, Ok(line)),
                Err(SolveStopped::Asked { visited }) => (visited, Err(Stopped::Asked)),
                Err(SolveStopped::Memory { visited }) => (visited, Err(Stopped::Memory)),
            };
            *nodes += visited;
            answer
        };
        let stopped = |nodes, why| Analysis { nodes, stopped: Some(why), ..Analysis::default() };
        let line = match solve(p, &mut nodes) {
            Ok(line) => line,
            Err(why) => return stopped(nodes, why),
        };
        let mut moves = Vec::new();
        for m in p.legal_moves() {
            let mut q = *p;
            q.play_unchecked(m);
            let wins = match solve(&q, &mut nodes) {
                Ok(wins) => wins,
                Err(why) => return stopped(nodes, why),
            };
            moves.push(MoveValue { mv: any_move(m), value: Value::Winnable(wins.is_some()), exact: true });
        }
        moves.sort_by_key(|m| core::cmp::Reverse(m.value));
        Analysis {
            depth: line.as_ref().map_or(0, |l| l.len() as u32),
            nodes,
            value: Value::Winnable(line.is_some()),
            exact: true,
            moves,
            best_line: line.unwrap_or_default().into_iter().map(any_move).collect(),
            stopped: None,
        }
    }
}

/// The two-player game in the generic search.
impl Searchable for Tchouka<true> {
    type Move = TchoukaMove<true>;

    fn turn(&self) -> Player {
        Position::turn(self)
    }

    fn is_over(&self) -> bool {
        Tchouka::is_over(self)
    }

    /// The Roumba's seeds put there by the mover, less the opponent's.
    fn score(&self) -> i32 {
        let me = Position::turn(self);
        self.roumba_of(me) as i32 - self.roumba_of(!me) as i32
    }

    fn final_score(&self) -> i32 {
        self.score()
    }

    fn key(&self) -> u64 {
        // Pits, the two tallies and the side to move, mixed.
        let mut h = crate::cgt::FastHasher::default();
        core::hash::Hasher::write_u128(&mut h, self.pits_key());
        core::hash::Hasher::write_u64(
            &mut h,
            (self.roumba_of(Player::South) as u64) << 20
                | (self.roumba_of(Player::North) as u64) << 4
                | Position::turn(self).index() as u64,
        );
        core::hash::Hasher::finish(&h)
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        if let Some(f) = first.filter(|&f| Searchable::is_legal(self, f)) {
            out.push(f);
        }
        self.for_each_move(|m| {
            if Some(m.0) != first {
                out.push(m.0);
            }
        });
    }

    fn is_legal(&self, m: u8) -> bool {
        !self.is_over() && m >= 1 && (m as usize) <= self.len() && self.pits()[m as usize - 1] > 0
    }

    fn play_index(&mut self, m: u8) {
        self.play_unchecked(TchoukaMove(m));
    }

    fn to_move(m: u8) -> TchoukaMove<true> {
        TchoukaMove(m)
    }

    fn value(score: i32) -> Value {
        Value::Margin(score)
    }
}

//! The families behind one type each: rules, positions and moves.

use core::fmt;
use core::str::FromStr;

use super::{parse_count, split_list, MAX_TEXT};
use crate::engine::rules::dakon::{self, Dakon, DakonMove, DakonRules, DakonSetup};
use crate::engine::rules::kalah::{self, CaptureRule, EndRule, Kalah, KalahMove, KalahRules, KalahSetup};
use crate::engine::rules::tchoukaillon::{self, Tchoukaillon, TchoukaillonMove, TchoukaillonSetup};
use crate::engine::{ByPlayer, Cell, Outcome, PlayError, Player, Position, Trace};

/// The family a rules id belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Two rows with stores (Kalah, Mancala).
    Kalah,
    /// The Tchoukaillon solitaire.
    Tchoukaillon,
    /// Dakon: relay sowing, turns of several moves, rounds.
    Dakon,
}

/// Any rule set: a family and its typed parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyRules {
    /// Kalah family.
    Kalah(KalahRules),
    /// Tchoukaillon.
    Tchoukaillon,
    /// Dakon-n.
    Dakon(DakonRules),
}

/// The start of a Tchoukaillon game when no setup is given: the winning position for 17 seeds
/// (six pits), a game of 17 harvests.
pub const TCHOUKAILLON_DEFAULT_SEEDS: u32 = 17;

impl AnyRules {
    /// The family.
    pub fn family(&self) -> Family {
        match self {
            AnyRules::Kalah(_) => Family::Kalah,
            AnyRules::Tchoukaillon => Family::Tchoukaillon,
            AnyRules::Dakon(_) => Family::Dakon,
        }
    }

    /// The start position.
    pub fn start(&self) -> AnyPosition {
        match self {
            AnyRules::Kalah(r) => AnyPosition::Kalah(r.start()),
            AnyRules::Tchoukaillon => {
                AnyPosition::Tchoukaillon(Tchoukaillon::winning_position(TCHOUKAILLON_DEFAULT_SEEDS).expect("small"))
            }
            AnyRules::Dakon(r) => AnyPosition::Dakon(r.start()),
        }
    }

    /// A readable name: "Kalah(6,4), standard capture".
    pub fn title(&self) -> String {
        match self {
            AnyRules::Kalah(r) => {
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
            AnyRules::Tchoukaillon => "Tchoukaillon".to_string(),
            AnyRules::Dakon(r) => format!(
                "Dakon-{}{}{}",
                r.n(),
                if r.clockwise { ", clockwise (Ohvalhu)" } else { "" },
                if r.sungka { ", Sungka's simultaneous start" } else { "" }
            ),
        }
    }

    /// Parses a setup for these rules.
    ///
    /// # Errors
    /// A [`ParseSetupError`] naming the faulty part.
    pub fn parse_setup(&self, s: &str) -> Result<AnyPosition, ParseSetupError> {
        let err = |m: String| ParseSetupError(m);
        if s.len() > MAX_TEXT {
            return Err(err(format!("the setup is {} characters long: at most {MAX_TEXT}", s.len())));
        }
        let parts: Vec<&str> = s.trim().split('-').collect();
        match self {
            AnyRules::Kalah(r) => {
                if parts.len() != 4 {
                    return Err(err(format!(
                        "a Kalah setup has 4 parts separated by '-' (South's pits, North's pits, stores, side to move), found {}",
                        parts.len()
                    )));
                }
                let max = kalah::MAX_TOTAL_SEEDS as u64;
                let row = |p: &str, who: &str| -> Result<Vec<u32>, ParseSetupError> {
                    split_list(p)
                        .enumerate()
                        .map(|(i, t)| {
                            parse_count(t, &format!("{who} pit {}:", crate::engine::pit_letter(i as u16)), max)
                                .map_err(err)
                        })
                        .collect()
                };
                let south = row(parts[0], "South")?;
                let north = row(parts[1], "North")?;
                let (stores, turn) = stores_and_turn(parts[2], parts[3], max)?;
                let setup = KalahSetup { south, north, stores: ByPlayer { south: stores[0], north: stores[1] }, turn };
                setup.validate(*r).map(AnyPosition::Kalah).map_err(|e| err(e.to_string()))
            }
            AnyRules::Tchoukaillon => {
                if parts.len() > 2 {
                    return Err(err(
                        "a Tchoukaillon setup is the pits from pit 1 outwards, then optionally '-' and the Roumba"
                            .into(),
                    ));
                }
                let max = tchoukaillon::MAX_SEEDS;
                let pits: Vec<u32> = split_list(parts[0])
                    .enumerate()
                    .map(|(i, t)| parse_count(t, &format!("pit {}:", i + 1), max).map_err(err))
                    .collect::<Result<_, _>>()?;
                let roumba = match parts.get(1) {
                    Some(t) => parse_count(t.trim(), "Roumba:", max).map_err(err)?,
                    None => 0,
                };
                TchoukaillonSetup { pits, roumba }
                    .validate()
                    .map(AnyPosition::Tchoukaillon)
                    .map_err(|e| err(e.to_string()))
            }
            AnyRules::Dakon(r) => {
                if parts.len() != 4 {
                    return Err(err(format!(
                        "a Dakon setup has 4 parts separated by '-' (South's holes, North's holes, stores, side to move; x marks a hole out), found {}",
                        parts.len()
                    )));
                }
                let max = 2 * (r.n() * r.n()) as u64;
                let row = |p: &str, who: &str| -> Result<Vec<Option<u32>>, ParseSetupError> {
                    split_list(p)
                        .enumerate()
                        .map(|(i, t)| match t {
                            "x" | "X" => Ok(None),
                            _ => parse_count(t, &format!("{who} hole {}:", crate::engine::pit_letter(i as u16)), max)
                                .map(Some)
                                .map_err(err),
                        })
                        .collect()
                };
                let holes = [row(parts[0], "South")?, row(parts[1], "North")?];
                let (stores, turn) = stores_and_turn(parts[2], parts[3], max)?;
                DakonSetup { rules: *r, holes, stores, turn }
                    .validate()
                    .map(AnyPosition::Dakon)
                    .map_err(|e| err(e.to_string()))
            }
        }
    }
}

/// The stores part (`South.North`) and the side-to-move part of a two-row setup.
fn stores_and_turn(stores: &str, turn: &str, max: u64) -> Result<([u32; 2], Player), ParseSetupError> {
    let err = |m: String| ParseSetupError(m);
    let stores: Vec<u32> =
        split_list(stores).map(|t| parse_count(t, "store:", max).map_err(err)).collect::<Result<_, _>>()?;
    let [south, north] = stores[..] else {
        return Err(err(format!("the stores part needs two counts (South.North), found {}", stores.len())));
    };
    let turn: Player = turn.parse().map_err(|e: crate::engine::player::ParsePlayerError| err(e.to_string()))?;
    Ok(([south, north], turn))
}

/// A rules id that is not known, or whose numbers are out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseRulesError {}

/// A setup that cannot be read, or is not a valid position of its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSetupError(pub String);

impl fmt::Display for ParseSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseSetupError {}

/// A move that is not one of the family's notation (syntax, not legality).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseMoveError {}

impl fmt::Display for AnyRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRules::Kalah(r) => {
                write!(f, "kalah-{}-{}", r.pits(), r.seeds())?;
                match r.capture {
                    CaptureRule::Standard => {}
                    CaptureRule::Empty => f.write_str("-e")?,
                    CaptureRule::OppositeOnly => f.write_str("-o")?,
                }
                if r.end == EndRule::MoverCannotMove {
                    f.write_str("-m")?;
                }
                Ok(())
            }
            AnyRules::Tchoukaillon => f.write_str("tchoukaillon"),
            AnyRules::Dakon(r) => write!(
                f,
                "dakon-{}{}{}",
                r.n(),
                if r.clockwise { "-cw" } else { "" },
                if r.sungka { "-sungka" } else { "" }
            ),
        }
    }
}

/// Named presets and the ids they stand for.
pub const PRESET_ALIASES: &[(&str, &str)] = &[
    ("kalah", "kalah-6-4"),
    ("dooley", "kalah-6-4-e"),
    ("dooley-1", "kalah-6-1-e"),
    ("papegay", "kalah-6-4-o"),
    ("erickson", "kalah-6-3-e-m"),
    ("erickson-3", "kalah-6-3-e-m"),
    ("erickson-6", "kalah-6-6-e-m"),
    ("mancala", "kalah-6-4"),
    ("dakon", "dakon-8"),
    ("ohvalhu", "dakon-8-cw"),
    ("sungka", "dakon-7-sungka"),
];

impl FromStr for AnyRules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > 64 {
            return Err(ParseRulesError(format!(
                "the rules id is {} characters long; ids are short, like kalah-6-4",
                s.len()
            )));
        }
        let lower = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let id = PRESET_ALIASES.iter().find(|(a, _)| *a == lower).map(|(_, id)| id.to_string()).unwrap_or(lower);
        let parts: Vec<&str> = id.split('-').collect();
        match parts[0] {
            "tchoukaillon" if parts.len() == 1 => Ok(AnyRules::Tchoukaillon),
            "dakon" if parts.len() >= 2 => {
                let n = parts[1]
                    .parse::<usize>()
                    .map_err(|_| ParseRulesError(format!("'{}' in '{s}' is not a number of holes", parts[1])))?;
                let (mut clockwise, mut sungka) = (false, false);
                for flag in &parts[2..] {
                    match *flag {
                        "cw" => clockwise = true,
                        "sungka" => sungka = true,
                        other => {
                            return Err(ParseRulesError(format!(
                                "unknown Dakon option '-{other}' in '{s}': use -cw (clockwise, Ohvalhu) or -sungka (simultaneous first turns)"
                            )))
                        }
                    }
                }
                DakonRules::new(n, clockwise)
                    .map(|r| AnyRules::Dakon(if sungka { r.with_sungka() } else { r }))
                    .map_err(|e| ParseRulesError(format!("{s}: {e}")))
            }
            "kalah" if parts.len() >= 3 => {
                let num = |t: &str, what: &str| -> Result<u32, ParseRulesError> {
                    t.parse::<u32>().map_err(|_| ParseRulesError(format!("'{t}' in '{s}' is not a number of {what}")))
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
                            return Err(ParseRulesError(format!(
                                "unknown Kalah option '-{other}' in '{s}': use -e (empty capture), -o (opposite-only capture), -m (ends when the mover cannot move)"
                            )))
                        }
                    }
                }
                KalahRules::new(pits, seeds, capture, end)
                    .map(AnyRules::Kalah)
                    .map_err(|e| ParseRulesError(format!("{s}: {e}")))
            }
            _ => Err(ParseRulesError(format!(
                "unknown rules '{}': try kalah-6-4, kalah-6-4-e, papegay, erickson, erickson-6, dooley, tchoukaillon, dakon-8, ohvalhu or sungka",
                s.chars().take(40).collect::<String>()
            ))),
        }
    }
}

/// A position of any family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// Kalah family.
    Kalah(Kalah),
    /// Tchoukaillon.
    Tchoukaillon(Tchoukaillon),
    /// Dakon.
    Dakon(Dakon),
}

/// A move of any family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A Kalah pit of the mover.
    Kalah(KalahMove),
    /// A Tchoukaillon pit number.
    Tchoukaillon(TchoukaillonMove),
    /// A Dakon hole of the mover.
    Dakon(DakonMove),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Kalah(m) => m.fmt(f),
            AnyMove::Tchoukaillon(m) => m.fmt(f),
            AnyMove::Dakon(m) => m.fmt(f),
        }
    }
}

impl AnyMove {
    /// The cell a move starts from, given who plays it.
    pub fn cell(&self, mover: Player) -> Cell {
        match self {
            AnyMove::Kalah(m) => Cell::Pit { owner: mover, index: m.0 as u16 },
            AnyMove::Tchoukaillon(m) => Cell::Pit { owner: Player::South, index: m.0 - 1 },
            AnyMove::Dakon(m) => Cell::Pit { owner: mover, index: m.0 as u16 },
        }
    }
}

impl fmt::Display for AnyPosition {
    /// The canonical setup.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
        match self {
            AnyPosition::Kalah(p) => {
                let s = p.stores();
                write!(
                    f,
                    "{}-{}-{}.{}-{}",
                    join(&p.row(Player::South)),
                    join(&p.row(Player::North)),
                    s.south,
                    s.north,
                    p.turn().letter()
                )
            }
            AnyPosition::Tchoukaillon(p) => write!(f, "{}-{}", join(p.pits()), p.roumba()),
            AnyPosition::Dakon(d) => {
                let s = d.setup();
                let row = |r: &[Option<u32>]| {
                    r.iter().map(|h| h.map_or("x".to_string(), |c| c.to_string())).collect::<Vec<_>>().join(".")
                };
                write!(
                    f,
                    "{}-{}-{}.{}-{}",
                    row(&s.holes[0]),
                    row(&s.holes[1]),
                    s.stores[0],
                    s.stores[1],
                    s.turn.letter()
                )
            }
        }
    }
}

impl AnyPosition {
    /// The rules of the position.
    pub fn rules(&self) -> AnyRules {
        match self {
            AnyPosition::Kalah(p) => AnyRules::Kalah(p.rules()),
            AnyPosition::Tchoukaillon(_) => AnyRules::Tchoukaillon,
            AnyPosition::Dakon(d) => AnyRules::Dakon(d.rules()),
        }
    }

    /// Who moves next.
    pub fn turn(&self) -> Player {
        match self {
            AnyPosition::Kalah(p) => p.turn(),
            AnyPosition::Tchoukaillon(p) => p.turn(),
            AnyPosition::Dakon(p) => p.turn(),
        }
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::Kalah(p) => p.legal_moves().into_iter().map(AnyMove::Kalah).collect(),
            AnyPosition::Tchoukaillon(p) => p.legal_moves().into_iter().map(AnyMove::Tchoukaillon).collect(),
            AnyPosition::Dakon(p) => p.legal_moves().into_iter().map(AnyMove::Dakon).collect(),
        }
    }

    /// Plays a move.
    ///
    /// # Errors
    /// When the move is illegal here or of another family; the position is handed back.
    pub fn play(&self, mv: AnyMove) -> Result<(AnyPosition, Trace), PlayError<AnyPosition>> {
        fn wrap<P, F: Fn(P) -> AnyPosition>(
            r: Result<(P, Trace), PlayError<P>>,
            f: F,
        ) -> Result<(AnyPosition, Trace), PlayError<AnyPosition>> {
            r.map(|(p, t)| (f(p), t)).map_err(|e| PlayError { position: f(e.position), reason: e.reason })
        }
        match (self, mv) {
            (AnyPosition::Kalah(p), AnyMove::Kalah(m)) => wrap(p.play(m), AnyPosition::Kalah),
            (AnyPosition::Tchoukaillon(p), AnyMove::Tchoukaillon(m)) => wrap(p.play(m), AnyPosition::Tchoukaillon),
            (AnyPosition::Dakon(p), AnyMove::Dakon(m)) => wrap(p.play(m), AnyPosition::Dakon),
            _ => {
                Err(PlayError { position: self.clone(), reason: crate::engine::IllegalMove::NoSuchPit(mv.to_string()) })
            }
        }
    }

    /// `Some` once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyPosition::Kalah(p) => p.outcome(),
            AnyPosition::Tchoukaillon(p) => p.outcome(),
            AnyPosition::Dakon(p) => p.outcome(),
        }
    }

    /// Every cell and its seeds.
    pub fn cells(&self) -> Vec<(Cell, u32)> {
        match self {
            AnyPosition::Kalah(p) => p.cells(),
            AnyPosition::Tchoukaillon(p) => p.cells(),
            AnyPosition::Dakon(p) => p.cells(),
        }
    }

    /// Seeds in a cell.
    pub fn count(&self, cell: Cell) -> u32 {
        self.cells().into_iter().find(|(c, _)| *c == cell).map_or(0, |(_, n)| n)
    }

    /// Pits per row (Kalah) or pits (Tchoukaillon).
    pub fn width(&self) -> usize {
        match self {
            AnyPosition::Kalah(p) => p.rules().pits(),
            AnyPosition::Tchoukaillon(p) => p.len(),
            AnyPosition::Dakon(p) => p.rules().n(),
        }
    }

    /// The letters of this board's pits (Kalah) or holes (Dakon): "a to f", or "a only".
    fn letters(&self) -> String {
        match self.width() {
            0 | 1 => "a only".to_string(),
            w => format!("a to {}", char::from(b'a' + w.min(26) as u8 - 1)),
        }
    }

    /// Parses one move in this family's notation (syntax only; legality is `play`'s job).
    ///
    /// # Errors
    /// When the text is not a move of this family.
    pub fn parse_move(&self, s: &str) -> Result<AnyMove, ParseMoveError> {
        let t = s.trim();
        match self {
            AnyPosition::Kalah(_) | AnyPosition::Dakon(_) => {
                let mut chars = t.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        let i = c.to_ascii_lowercase() as u8 - b'a';
                        match self {
                            AnyPosition::Dakon(_) if (i as usize) < dakon::MAX_HOLES => {
                                Ok(AnyMove::Dakon(DakonMove(i)))
                            }
                            AnyPosition::Dakon(_) => Err(ParseMoveError(format!(
                                "'{c}' is not a hole: this board's holes are {}",
                                self.letters()
                            ))),
                            _ if (i as usize) < kalah::MAX_PITS => Ok(AnyMove::Kalah(KalahMove(i))),
                            _ => Err(ParseMoveError(format!(
                                "'{c}' is not a pit: this board's pits are {}",
                                self.letters()
                            ))),
                        }
                    }
                    _ => {
                        Err(ParseMoveError(format!("'{}' is not a pit letter", t.chars().take(12).collect::<String>())))
                    }
                }
            }
            AnyPosition::Tchoukaillon(_) => match t.parse::<u16>() {
                Ok(n) if n >= 1 && (n as usize) <= tchoukaillon::MAX_PITS => {
                    Ok(AnyMove::Tchoukaillon(TchoukaillonMove(n)))
                }
                _ => Err(ParseMoveError(format!("'{}' is not a pit number", t.chars().take(12).collect::<String>()))),
            },
        }
    }

    /// Splits a move list into single-move tokens in this family's notation.
    pub fn split_moves<'a>(&self, s: &'a str) -> Vec<&'a str> {
        match self {
            AnyPosition::Kalah(_) | AnyPosition::Dakon(_) => {
                // Letters written together; separators allowed and ignored.
                s.char_indices()
                    .filter(|(_, c)| !matches!(c, '.' | '_' | ' ' | ','))
                    .map(|(i, c)| &s[i..i + c.len_utf8()])
                    .collect()
            }
            AnyPosition::Tchoukaillon(_) => split_list(s).collect(),
        }
    }

    /// Writes a move list canonically.
    pub fn join_moves(&self, moves: &[AnyMove]) -> String {
        let sep = match self {
            AnyPosition::Kalah(_) | AnyPosition::Dakon(_) => "",
            AnyPosition::Tchoukaillon(_) => ".",
        };
        moves.iter().map(AnyMove::to_string).collect::<Vec<_>>().join(sep)
    }
}

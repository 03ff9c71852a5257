//! A game record: rules, start position, moves, and the ply on screen. This is what a link holds.

use core::fmt;
use core::str::FromStr;

use std::borrow::Cow;

use super::MAX_TEXT;
use crate::engine::text::clip;
use crate::engine::{IllegalMove, Trace};
use crate::families::{AnyMove, AnyPosition, AnyRules, ParseMoveError, ParseRulesError, ParseSetupError};

/// Most moves a record may hold.
pub const MAX_MOVES: usize = 20_000;

/// A game: rules, start position and the moves played, with every position along the way.
///
/// The fields are private so that a game is always consistent: every move was legal, and the
/// ply on screen is never past the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: AnyRules,
    start: AnyPosition,
    moves: Vec<AnyMove>,
    /// `positions[k]` is the position after `k` moves.
    positions: Vec<AnyPosition>,
    traces: Vec<Trace>,
    /// The ply on screen, `0..=moves.len()`.
    ply: usize,
}

/// What is wrong with a link, and where. Each case has one message; [`LinkError::shown`] says
/// what the page shows instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The whole link is longer than any game's (its length).
    TooLong(usize),
    /// A part no link has (its name, clipped); it was ignored.
    UnknownPart(String),
    /// The rules id cannot be read.
    Rules(ParseRulesError),
    /// The setup cannot be read, or is not a position of the rules.
    Setup(ParseSetupError),
    /// The move list is longer than any (its length).
    MovesTooLong(usize),
    /// More than [`MAX_MOVES`] moves.
    TooManyMoves,
    /// Move `index` (1-based) is not in the family's notation.
    Move {
        /// 1-based.
        index: usize,
        /// Why.
        error: ParseMoveError,
    },
    /// Move `index` (1-based) cannot be played there.
    Illegal {
        /// 1-based.
        index: usize,
        /// The move.
        mv: AnyMove,
        /// Why.
        reason: IllegalMove,
    },
    /// The ply is past the last move.
    PlyPast {
        /// The ply asked for, as written.
        ply: String,
        /// Moves in the game.
        moves: usize,
    },
    /// The ply is not a number (the text, clipped).
    PlyNotANumber(String),
}

impl LinkError {
    /// The part of the link at fault: `rules`, `setup`, `moves`, `ply` or `link`.
    pub fn part(&self) -> &'static str {
        match self {
            LinkError::TooLong(_) | LinkError::UnknownPart(_) => "link",
            LinkError::Rules(_) => "rules",
            LinkError::Setup(_) => "setup",
            LinkError::MovesTooLong(_)
            | LinkError::TooManyMoves
            | LinkError::Move { .. }
            | LinkError::Illegal { .. } => "moves",
            LinkError::PlyPast { .. } | LinkError::PlyNotANumber(_) => "ply",
        }
    }

    /// What the page shows instead, given the game kept (`None` when the fault loses nothing).
    pub fn shown(&self, kept: &Game) -> Option<String> {
        let upto = || match kept.moves.len() {
            0 => "the start position".to_string(),
            n => format!("the game up to move {n}"),
        };
        match self {
            LinkError::TooLong(_) => Some("the start position of Kalah(6,4)".into()),
            LinkError::UnknownPart(_) | LinkError::MovesTooLong(_) => None,
            LinkError::Rules(_) => Some("Kalah(6,4) instead".into()),
            LinkError::Setup(_) => Some("the start position instead".into()),
            LinkError::TooManyMoves | LinkError::Move { .. } | LinkError::Illegal { .. } => Some(upto()),
            LinkError::PlyPast { .. } | LinkError::PlyNotANumber(_) => Some("the last position".into()),
        }
    }

    /// The fault and what is shown instead, in one sentence: "move 3 (a) is illegal: ...;
    /// showing the game up to move 2".
    pub fn message(&self, kept: &Game) -> String {
        match self.shown(kept) {
            Some(shown) => format!("{self}; showing {shown}"),
            None => self.to_string(),
        }
    }
}

impl fmt::Display for LinkError {
    /// The fault alone, after the part: "moves: move 3 (a) is illegal: pit a is empty".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.part())?;
        match self {
            LinkError::TooLong(n) => write!(f, "the link is {n} characters long, too long to read"),
            LinkError::UnknownPart(k) => {
                write!(f, "unknown part '{k}' ignored (a link has rules, setup, moves and ply)")
            }
            LinkError::Rules(e) => e.fmt(f),
            LinkError::Setup(e) => e.fmt(f),
            LinkError::MovesTooLong(n) => write!(f, "the move list is {n} characters long: at most {MAX_TEXT}"),
            LinkError::TooManyMoves => write!(f, "more than {MAX_MOVES} moves"),
            LinkError::Move { index, error } => write!(f, "move {index} {error}"),
            LinkError::Illegal { index, mv, reason } => {
                if *index == 1 {
                    write!(f, "move 1 ({mv}) is illegal: {reason}; the game is shown from its start")
                } else {
                    write!(f, "move {index} ({mv}) is illegal: {reason}; the moves are valid up to move {}", index - 1)
                }
            }
            LinkError::PlyPast { ply, moves } => write!(f, "ply {ply} is past the end of the game ({moves} moves)"),
            LinkError::PlyNotANumber(p) => write!(f, "'{p}' is not a ply number"),
        }
    }
}

impl std::error::Error for LinkError {}

/// A link's value with its `%XX` escapes decoded (as a browser's address bar writes spaces and
/// other characters); `+` stays `+`. Bytes that are not UTF-8 become U+FFFD.
pub fn percent_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

impl Game {
    /// A new game from a start position.
    pub fn new(start: AnyPosition) -> Game {
        Game {
            rules: start.rules(),
            start: start.clone(),
            moves: vec![],
            positions: vec![start],
            traces: vec![],
            ply: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> AnyRules {
        self.rules
    }

    /// The position before the first move.
    pub fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The ply on screen: `0..=moves().len()`.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Shows the position after `k` moves (the last one when `k` is past the end).
    pub fn goto(&mut self, k: usize) {
        self.ply = k.min(self.moves.len());
    }

    /// The moves played.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// The position on screen (after `ply` moves).
    pub fn position(&self) -> &AnyPosition {
        &self.positions[self.ply]
    }

    /// The position after `k` moves.
    pub fn position_at(&self, k: usize) -> &AnyPosition {
        &self.positions[k.min(self.moves.len())]
    }

    /// What the hand did in move `k` (1-based: the move that led to ply `k`).
    pub fn trace(&self, k: usize) -> Option<&Trace> {
        k.checked_sub(1).and_then(|i| self.traces.get(i))
    }

    /// The last position of the record.
    pub fn last(&self) -> &AnyPosition {
        self.positions.last().expect("never empty")
    }

    /// Plays a move at the ply on screen: later moves are dropped (a new branch), unless the
    /// move is the one already recorded next, which just steps forward.
    ///
    /// # Errors
    /// When the move is illegal (or of another family); the game is unchanged.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        if self.moves.get(self.ply) == Some(&mv) {
            self.ply += 1;
            return Ok(());
        }
        let (mut next, mut trace) = self.position().play(mv).map_err(|e| e.reason)?;
        // A position seen before in this line ends the game where the rules say so (Oware).
        if self.positions[..=self.ply].contains(&next) {
            if let Some((ended, more)) = next.end_by_repetition() {
                next = ended;
                trace.steps.extend(more.steps);
            }
        }
        // A position from which no capture can ever happen ends the game (Ayo).
        if let Some((ended, more)) = next.end_without_captures() {
            next = ended;
            trace.steps.extend(more.steps);
        }
        self.moves.truncate(self.ply);
        self.positions.truncate(self.ply + 1);
        self.traces.truncate(self.ply);
        self.moves.push(mv);
        self.positions.push(next);
        self.traces.push(trace);
        self.ply += 1;
        Ok(())
    }

    /// Builds a game from the parts of a link (each already percent-decoded), stopping at the
    /// first fault but keeping everything before it: returns the usable game and the fault.
    pub fn from_parts_lenient(
        rules: Option<&str>,
        setup: Option<&str>,
        moves: Option<&str>,
        ply: Option<&str>,
    ) -> (Game, Option<LinkError>) {
        let default_rules: AnyRules = "kalah-6-4".parse().expect("valid");
        let rules = match rules.map(str::parse::<AnyRules>) {
            None => default_rules,
            Some(Ok(r)) => r,
            Some(Err(e)) => return (Game::new(default_rules.start()), Some(LinkError::Rules(e))),
        };
        let start = match setup.filter(|s| !s.is_empty()) {
            None => rules.start(),
            Some(s) => match rules.parse_setup(s) {
                Ok(p) => p,
                Err(e) => return (Game::new(rules.start()), Some(LinkError::Setup(e))),
            },
        };
        let mut game = Game::new(start);
        if let Some(m) = moves {
            if m.len() > MAX_TEXT {
                return (game, Some(LinkError::MovesTooLong(m.len())));
            }
            for (k, token) in game.start.split_moves(m).into_iter().enumerate() {
                if k >= MAX_MOVES {
                    return (game, Some(LinkError::TooManyMoves));
                }
                let mv = match game.last().parse_move(token) {
                    Ok(mv) => mv,
                    Err(error) => return (game, Some(LinkError::Move { index: k + 1, error })),
                };
                game.ply = game.moves.len();
                if let Err(reason) = game.play(mv) {
                    return (game, Some(LinkError::Illegal { index: k + 1, mv, reason }));
                }
            }
        }
        game.ply = game.moves.len();
        if let Some(p) = ply {
            let p = p.trim();
            match p.parse::<usize>() {
                Ok(k) if k <= game.moves.len() => game.ply = k,
                _ if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                    let err = LinkError::PlyPast { ply: clip(p, 40), moves: game.moves.len() };
                    return (game, Some(err));
                }
                _ => return (game, Some(LinkError::PlyNotANumber(clip(p, 40)))),
            }
        }
        (game, None)
    }

    /// Parses a link's query (`rules=...&setup=...&moves=...&ply=...`), keeping what is usable.
    /// Values are percent-decoded first. Unknown keys are reported; repeated keys take the
    /// last value.
    pub fn from_query_lenient(query: &str) -> (Game, Option<LinkError>) {
        let query = query.trim().trim_start_matches(['?', '#']);
        if query.len() > 4 * MAX_TEXT {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::TooLong(query.len())));
        }
        let (mut rules, mut setup, mut moves, mut ply) = (None, None, None, None);
        let mut unknown = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = percent_decode(v);
            match &*percent_decode(k) {
                "rules" => rules = Some(v),
                "setup" => setup = Some(v),
                "moves" => moves = Some(v),
                "ply" => ply = Some(v),
                other => unknown = unknown.or(Some(clip(other, 20))),
            }
        }
        let (game, err) =
            Game::from_parts_lenient(rules.as_deref(), setup.as_deref(), moves.as_deref(), ply.as_deref());
        (game, err.or(unknown.map(LinkError::UnknownPart)))
    }

    /// Whether the start is the rules' own start position (so a link can leave the setup out).
    pub fn starts_at_rules_start(&self) -> bool {
        self.start == self.rules.start()
    }
}

impl fmt::Display for Game {
    /// The canonical link query: `rules=...[&setup=...][&moves=...][&ply=...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules={}", self.rules)?;
        if !self.starts_at_rules_start() {
            write!(f, "&setup={}", self.start)?;
        }
        if !self.moves.is_empty() {
            write!(f, "&moves={}", self.start.join_moves(&self.moves))?;
            if self.ply != self.moves.len() {
                write!(f, "&ply={}", self.ply)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = LinkError;

    /// Strict: any fault is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match Game::from_query_lenient(s) {
            (g, None) => Ok(g),
            (_, Some(e)) => Err(e),
        }
    }
}

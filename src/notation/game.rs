//! A game record: rules, start position, moves, and the ply on screen. This is what a link holds.

use core::fmt;
use core::str::FromStr;

use super::MAX_TEXT;
use crate::engine::Trace;
use crate::families::{AnyMove, AnyPosition, AnyRules};

/// Most moves a record may hold.
pub const MAX_MOVES: usize = 20_000;

/// A game: rules, start position and the moves played, with every position along the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The rules.
    pub rules: AnyRules,
    /// The position before the first move.
    pub start: AnyPosition,
    moves: Vec<AnyMove>,
    /// `positions[k]` is the position after `k` moves.
    positions: Vec<AnyPosition>,
    traces: Vec<Trace>,
    /// The ply on screen, `0..=moves.len()`.
    pub ply: usize,
}

/// What is wrong with a link, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError {
    /// The part of the link: `rules`, `setup`, `moves`, `ply` or `link`.
    pub part: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.part, self.message)
    }
}

impl std::error::Error for LinkError {}

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
    /// When the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), crate::engine::IllegalMove> {
        if self.moves.get(self.ply) == Some(&mv) {
            self.ply += 1;
            return Ok(());
        }
        let (next, trace) = self.position().play(mv).map_err(|e| e.reason)?;
        self.moves.truncate(self.ply);
        self.positions.truncate(self.ply + 1);
        self.traces.truncate(self.ply);
        self.moves.push(mv);
        self.positions.push(next);
        self.traces.push(trace);
        self.ply += 1;
        Ok(())
    }

    /// Builds a game from the parts of a link, stopping at the first fault but keeping
    /// everything before it: returns the usable game and the fault, if any.
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
            Some(Err(e)) => {
                return (
                    Game::new(default_rules.start()),
                    Some(LinkError { part: "rules", message: format!("{e}; showing Kalah(6,4) instead") }),
                )
            }
        };
        let start = match setup.filter(|s| !s.is_empty()) {
            None => rules.start(),
            Some(s) => match rules.parse_setup(s) {
                Ok(p) => p,
                Err(e) => {
                    return (
                        Game::new(rules.start()),
                        Some(LinkError { part: "setup", message: format!("{e}; showing the start position instead") }),
                    )
                }
            },
        };
        let mut game = Game::new(start);
        if let Some(m) = moves {
            if m.len() > MAX_TEXT {
                return (
                    game,
                    Some(LinkError {
                        part: "moves",
                        message: format!("the move list is {} characters long: at most {MAX_TEXT}", m.len()),
                    }),
                );
            }
            for (k, token) in game.start.split_moves(m).into_iter().enumerate() {
                let shown = |g: &Game| {
                    if g.moves.is_empty() {
                        "the start position".to_string()
                    } else {
                        format!("the game up to move {}", g.moves.len())
                    }
                };
                if k >= MAX_MOVES {
                    let msg = format!("more than {MAX_MOVES} moves; showing {}", shown(&game));
                    return (game, Some(LinkError { part: "moves", message: msg }));
                }
                let mv = match game.last().parse_move(token) {
                    Ok(mv) => mv,
                    Err(e) => {
                        let msg = format!("move {} {e}; showing {}", k + 1, shown(&game));
                        return (game, Some(LinkError { part: "moves", message: msg }));
                    }
                };
                game.ply = game.moves.len();
                if let Err(e) = game.play(mv) {
                    let msg = format!(
                        "move {} ({mv}) is illegal: {e}; the moves are valid up to move {}, showing {}",
                        k + 1,
                        k,
                        shown(&game)
                    );
                    return (game, Some(LinkError { part: "moves", message: msg }));
                }
            }
        }
        game.ply = game.moves.len();
        if let Some(p) = ply {
            match p.trim().parse::<usize>() {
                Ok(k) if k <= game.moves.len() => game.ply = k,
                Ok(k) => {
                    let msg = format!(
                        "ply {k} is past the end of the game ({} moves); showing the last position",
                        game.moves.len()
                    );
                    return (game, Some(LinkError { part: "ply", message: msg }));
                }
                Err(_) => {
                    let msg = format!(
                        "'{}' is not a ply number; showing the last position",
                        p.chars().take(12).collect::<String>()
                    );
                    return (game, Some(LinkError { part: "ply", message: msg }));
                }
            }
        }
        (game, None)
    }

    /// Parses a link's query (`rules=...&setup=...&moves=...&ply=...`), keeping what is usable.
    /// Unknown keys are reported; repeated keys take the last value.
    pub fn from_query_lenient(query: &str) -> (Game, Option<LinkError>) {
        let query = query.trim().trim_start_matches(['?', '#']);
        if query.len() > 4 * MAX_TEXT {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (
                g,
                Some(LinkError {
                    part: "link",
                    message: format!("the link is {} characters long, too long to read", query.len()),
                }),
            );
        }
        let (mut rules, mut setup, mut moves, mut ply) = (None, None, None, None);
        let mut unknown = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            match k {
                "rules" => rules = Some(v),
                "setup" => setup = Some(v),
                "moves" => moves = Some(v),
                "ply" => ply = Some(v),
                other => unknown = unknown.or(Some(other.chars().take(20).collect::<String>())),
            }
        }
        let (game, err) = Game::from_parts_lenient(rules, setup, moves, ply);
        let err = err.or(unknown.map(|k| LinkError {
            part: "link",
            message: format!("unknown part '{k}' ignored (a link has rules, setup, moves and ply)"),
        }));
        (game, err)
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

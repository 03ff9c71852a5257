//! A game as a link's query (`rules=…&setup=…&moves=…&line=…&ply=…&south=…&north=…`):
//! written by `Display`, read strictly by `FromStr` and leniently (the usable game and the
//! first fault) by [`Game::from_query_lenient`]; and the percent codec of a link's values.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

use super::Game;
use crate::engine::text::clip;
use crate::engine::Player;
use crate::families::AnyRules;
use crate::notation::{LinkError, Opponent, MAX_TEXT};

impl Game {
    /// Builds a game from the parts of a link (each already percent-decoded), stopping at the
    /// first fault but keeping everything before it: returns the usable game and the fault.
    pub fn from_parts_lenient(
        rules: Option<&str>,
        setup: Option<&str>,
        moves: Option<&str>,
        ply: Option<&str>,
    ) -> (Game, Option<LinkError>) {
        Game::from_link_parts(&LinkParts { rules, setup, moves, ply, ..LinkParts::default() })
    }

    /// Builds a game from every part of a link, as [`Game::from_parts_lenient`].
    pub(super) fn from_link_parts(parts: &LinkParts<'_>) -> (Game, Option<LinkError>) {
        let default_rules: AnyRules = "kalah-6-4".parse().expect("valid");
        let rules = match parts.rules.map(str::parse::<AnyRules>) {
            None => default_rules,
            Some(Ok(r)) => r,
            Some(Err(e)) => return (Game::new(default_rules.start()), Some(LinkError::Rules(e))),
        };
        let start = match parts.setup.filter(|s| !s.trim().is_empty()) {
            None => rules.start(),
            Some(s) => match rules.parse_setup(s) {
                Ok(p) => p,
                Err(e) => return (Game::new(rules.start()), Some(LinkError::Setup(e))),
            },
        };
        let mut game = Game::new(start);
        // Players first: a fault later keeps them.
        let mut fault = None;
        for (side, text) in [(Player::South, parts.south), (Player::North, parts.north)] {
            match text.map(str::parse::<Opponent>) {
                Some(Ok(o)) => game.set_player(side, o),
                Some(Err(e)) => fault = fault.or(Some(LinkError::Player(side, e))),
                None => {}
            }
        }
        if let Some(m) = parts.moves {
            if let Err(e) = game.read_tree(m) {
                game.select(game.main_line().last().copied().unwrap_or(0));
                return (game, Some(e));
            }
        }
        let main_end = *game.main_line().last().expect("never empty");
        game.select(main_end);
        if let Some(l) = parts.line.map(str::trim) {
            match l.parse::<usize>() {
                Ok(k) if k <= game.len() => {
                    // The whole line through that move, unless a ply says where on it.
                    game.select(game.written_nodes()[k]);
                    game.ply = game.moves.len();
                }
                _ if !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()) => {
                    let err = LinkError::LinePast { line: clip(l, 40), moves: game.len() };
                    return (game, Some(err));
                }
                _ => return (game, Some(LinkError::LineNotANumber(clip(l, 40)))),
            }
        }
        if let Some(p) = parts.ply {
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
        (game, fault)
    }

    /// Parses a link's query (`rules=...&setup=...&moves=...&line=...&ply=...&south=...&north=...`),
    /// keeping what is usable. Values are percent-decoded first. Unknown keys are reported;
    /// repeated keys take the last value.
    pub fn from_query_lenient(query: &str) -> (Game, Option<LinkError>) {
        let query = query.trim().trim_start_matches(['?', '#']);
        if query.len() > 4 * MAX_TEXT {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::TooLong(query.len())));
        }
        let mut values: [Option<Cow<'_, str>>; 7] = Default::default();
        let mut unknown = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = percent_decode(v);
            match LinkParts::KEYS.iter().position(|key| *key == percent_decode(k)) {
                Some(i) => values[i] = Some(v),
                None => unknown = unknown.or(Some(clip(&percent_decode(k), 20))),
            }
        }
        let [rules, setup, moves, line, ply, south, north] = values.each_ref().map(|v| v.as_deref());
        let parts = LinkParts { rules, setup, moves, line, ply, south, north };
        let (game, err) = Game::from_link_parts(&parts);
        (game, err.or(unknown.map(LinkError::UnknownPart)))
    }
}

/// The parts of a link, each already percent-decoded.
#[derive(Default)]
pub(super) struct LinkParts<'a> {
    pub(super) rules: Option<&'a str>,
    pub(super) setup: Option<&'a str>,
    pub(super) moves: Option<&'a str>,
    pub(super) line: Option<&'a str>,
    pub(super) ply: Option<&'a str>,
    pub(super) south: Option<&'a str>,
    pub(super) north: Option<&'a str>,
}

impl LinkParts<'_> {
    /// The keys, in the order of the fields.
    pub(super) const KEYS: [&'static str; 7] = ["rules", "setup", "moves", "line", "ply", "south", "north"];
}

impl fmt::Display for Game {
    /// The canonical link query: `rules=...[&setup=...][&moves=...][&line=...][&ply=...]`
    /// `[&south=...][&north=...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules={}", self.rules)?;
        if !self.starts_at_rules_start() {
            write!(f, "&setup={}", self.start())?;
        }
        if !self.is_empty() || !self.nodes[0].comment.is_empty() {
            write!(f, "&moves={}", percent_encode(&self.tree_text(false)))?;
            let end = *self.line.last().expect("never empty");
            if self.nodes[end].children.is_empty() && !self.is_main(end) {
                write!(f, "&line={}", self.written_index(end))?;
            }
            if self.ply != self.moves.len() {
                write!(f, "&ply={}", self.ply)?;
            }
        }
        for side in [Player::South, Player::North] {
            let who = *self.players.get(side);
            if who != Opponent::Human {
                let key = if side == Player::South { "south" } else { "north" };
                write!(f, "&{key}={who}")?;
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

/// Text with the characters a link's value cannot hold as they are (`%`, `&`, `#`, spaces,
/// braces, anything not ASCII...) written `%XX`; [`percent_decode`] reads it back.
pub fn percent_encode(s: &str) -> Cow<'_, str> {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"-._~()!*',;:@/?+=$".contains(&b);
    if s.bytes().all(plain) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for b in s.bytes() {
        if plain(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Cow::Owned(out)
}

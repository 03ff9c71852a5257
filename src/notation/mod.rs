//! Text forms shared by links and the CLI: rules ids, setups, moves and game records.
//!
//! Values use only `[A-Za-z0-9._-]`, so links need no escaping. `Display` writes one canonical
//! form; `FromStr` is lenient (any case, surrounding spaces, `_` or spaces for separators).
//!
//! - Rules: `kalah-M-N` with optional suffixes `-e` (empty capture), `-o` (capture the opposite
//!   pit only), `-m` (the game ends only when the mover cannot move); presets `kalah`,
//!   `papegay`, `erickson`, `erickson-6`, `dooley`; and `tchoukaillon`.
//! - Kalah setup: South's pits from South's left, `-`, North's pits from North's left, `-`,
//!   the stores (South.North), `-`, the side to move: `4.4.4.4.4.4-4.4.4.4.4.4-0.0-s`.
//! - Tchoukaillon setup: pits from pit 1 (next to the Roumba) outwards, `-`, the Roumba:
//!   `1.2.2.4-0` (the Roumba part may be left out).
//! - Moves: Kalah moves are pit letters relative to the mover, written together (`cfab`);
//!   Tchoukaillon moves are pit numbers joined by dots (`1.2.1.4`).
//! - A game: `rules=kalah-6-4&setup=...&moves=cf&ply=2` (setup omitted for the start
//!   position, ply omitted for the last one).

mod any;
mod game;

pub use any::{AnyMove, AnyPosition, AnyRules, Family, ParseMoveError, ParseRulesError, ParseSetupError};
pub use game::{Game, LinkError};

/// Longest text accepted for any one value (a link, a setup, a move list).
pub const MAX_TEXT: usize = 100_000;

/// Splits on the separators the lenient forms accept.
pub(crate) fn split_list(s: &str) -> impl Iterator<Item = &str> {
    s.split(['.', '_', ' ', ',']).filter(|t| !t.is_empty())
}

/// Parses a count, naming the token when it is not one.
pub(crate) fn parse_count(token: &str, what: &str, max: u64) -> Result<u32, String> {
    match token.parse::<u64>() {
        Ok(n) if n <= max => Ok(n as u32),
        Ok(n) => Err(format!("{what} {n} is too large (at most {max})")),
        Err(_) if token.len() > 12 => Err(format!("{what} '{}…' is not a number", &token[..12.min(token.len())])),
        Err(_) => Err(format!("{what} '{token}' is not a number")),
    }
}

/// The named presets and the canonical ids they stand for.
pub fn any_presets() -> &'static [(&'static str, &'static str)] {
    any::PRESET_ALIASES
}

//! Text forms shared by links and the CLI: rules ids, setups, moves and game records.
//!
//! Values use `[A-Za-z0-9._-]` (and a tree's parentheses), so links need no escaping but for
//! comments. `Display` writes one canonical form; `FromStr` is lenient (any case, surrounding spaces, `_` or spaces for separators).
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
//! - A game: `rules=kalah-6-4&setup=...&moves=cf(b)a&line=3&ply=2&north=hard` (setup omitted
//!   for the start position; the moves are a tree, side lines in parentheses; line omitted for
//!   the main line, ply for its last position, players for people). The moves' text may hold
//!   comments in braces, so a link writes it percent-encoded where it has to.
//! - A game record: the same parts as headers `[Rules "kalah-6-4"]`, then the tree's text
//!   (`docs/record.md`).

mod game;
mod players;

pub use crate::engine::text::MAX_TEXT;
pub use game::{
    percent_decode, percent_encode, Game, LinkError, NodeId, TreeFault, MAX_COMMENT, MAX_MOVES, MAX_NESTING, MAX_RECORD,
};
pub use players::{Opponent, ParseOpponentError};

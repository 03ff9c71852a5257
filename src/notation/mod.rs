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

mod game;

pub use crate::engine::text::MAX_TEXT;
pub use game::{percent_decode, Game, LinkError, MAX_MOVES};

//! The play page's side panels' view models: the endgame databases' panel ([`databases`]),
//! the game value of a one-row game ([`game_value`]) and the analysis panel ([`analysis`]).
//! Each computes, from the panel's state and the worker's answers, the texts, rows and flags
//! that `web::play` draws.

pub mod analysis;
pub mod databases;
pub mod game_value;

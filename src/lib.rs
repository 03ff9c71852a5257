//! Mancala Lab: play, study and solve mancala-family sowing games.
//!
//! The [`engine`] holds the shared vocabulary (players, cells, traces, the `Position` trait),
//! [`families`] one folder a game family (rules, positions, notation, rules cards, what the
//! page shows) and the one list that registers them, [`notation`] game records and links, and
//! [`search`] the game-tree searches. The `web` feature adds the yew app and its Web Worker.
//!
//! # Quick start
//! ```
//! use mancala_lab::families::AnyRules;
//! use mancala_lab::notation::Game;
//! // Kalah with 6 pits a side and 4 seeds a pit; South plays c (an extra turn), then f.
//! let game: Game = "rules=kalah-6-4&moves=cf".parse().unwrap();
//! assert_eq!(game.position().to_string(), "4.4.0.5.5.0-5.5.5.5.4.4-2.0-n");
//! let best = game.position().analyze_fixed_depth(4);
//! assert!(!best.moves.is_empty());
//! assert_eq!(game.rules(), "kalah-6-4".parse::<AnyRules>().unwrap());
//! ```

#![warn(missing_docs)]

pub mod cgt;
pub mod data;
pub mod engine;
pub mod families;
#[cfg(not(target_arch = "wasm32"))]
pub mod fuzzing;
pub mod labs;
pub mod notation;
pub mod puzzles;
pub mod search;

#[cfg(feature = "cli")]
pub mod cli;

pub mod web;

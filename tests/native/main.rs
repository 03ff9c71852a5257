//! The native tests, one file a subsystem: notation and links, each family, the Kalah solver,
//! the endgame databases, game theory, each lab, the CLI, and the house's promises. One test
//! binary (one link); the published tables are read from `data/`.
#![cfg(not(target_arch = "wasm32"))]

use mancala_lab::engine::{Outcome, Player, Position};
use mancala_lab::families::dakon::{DakonMove, DakonRules};
use mancala_lab::families::kalah::minimax_value;
use mancala_lab::families::kalah::solver::{exact_ahead, SolveError, SolveOptions, Solver, DEFAULT_OPTIONS};
use mancala_lab::families::kalah::{Kalah, KalahMove, KalahRules};
use mancala_lab::families::tchoukaillon::{Tchoukaillon, TchoukaillonMove};
use mancala_lab::families::{AnyMove, AnyPosition, AnyRules};
use mancala_lab::labs::dakon::deep::{shortest_depth_first, Resume};
use mancala_lab::labs::dakon::openings::{least_limit, search, survey, Goal, Limit, Survey};
use mancala_lab::labs::dakon::{parse_holes, replay, Board};
use mancala_lab::notation::Game;
use mancala_lab::search::{NoHandler, Searcher};

mod book;
mod cgt;
#[cfg(feature = "cli")]
mod cli;
mod cli_fuzz;
mod dakon;
mod databases;
#[cfg(feature = "distributed")]
mod distributed;
#[cfg(feature = "cli")]
mod fuzz_corpus;
mod house;
mod kalah;
mod kalah_solver;
mod lab_dakon;
mod lab_dooley;
mod lab_erickson;
mod notation;
mod oware;
mod properties;
mod puzzles;
mod reference;
mod sowing;
mod tchoukaillon;
mod tree;

/// A table of `data/`, read by the crate's one reader (the pages read the same files).
fn rows(file: &str) -> Vec<Vec<String>> {
    let text = mancala_lab::data::table(file).unwrap_or_else(|| panic!("no table {file}"));
    mancala_lab::data::rows(text).map(|r| r.into_iter().map(String::from).collect()).collect()
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn slow_perft(p: &AnyPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves().into_iter().map(|m| slow_perft(&p.play(m).unwrap().0, depth - 1)).sum()
}

/// Every move's value equals plain minimax of the position after it.
fn assert_move_values_are_minimax(p: &Kalah, moves: &[mancala_lab::search::MoveValue<AnyMove>], context: &str) {
    for m in moves {
        let mut c = *p;
        let KalahMove(pit) = KalahMove::try_from(m.mv).expect("a Kalah move");
        c.play_unchecked(pit as usize);
        let v = if c.turn() == p.turn() { minimax_value(&c) } else { -minimax_value(&c) };
        assert_eq!(m.value.number(), v, "{context}: move {}", m.mv);
    }
}

fn random_kalah_setup(rng: &mut Rng, n: usize, seeds: u32) -> String {
    let mut cells = vec![0u32; 2 * n];
    for _ in 0..seeds {
        cells[rng.below(2 * n as u64) as usize] += 1;
    }
    let j = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
    format!(
        "{}-{}-{}.{}-{}",
        j(&cells[..n]),
        j(&cells[n..]),
        rng.below(5),
        rng.below(5),
        if rng.below(2) == 0 { "s" } else { "n" }
    )
}

//! Game-tree search for the two-player families: perft, and an iterative-deepening alpha-beta
//! search with a transposition table that reports a value for every legal move.
//!
//! The one two-player search is [`alphabeta`], generic over [`Searchable`]; each family says
//! what its values mean ([`Value`]). Kalah's exact solver is [`solve`]. Time and I/O stay
//! outside: a [`SearchHandler`] decides when to stop and receives progress.

pub mod alphabeta;
pub mod bench;
pub mod solve;
mod tt;

pub use alphabeta::{Score, Searchable, Searcher, Window};

use crate::engine::{Position, Value};
use crate::families::{AnyMove, AnyPosition};

/// Counts the move sequences of exactly `depth` sowings from `pos`. A sowing that earns
/// another turn counts as one; a finished game contributes 0 at a remaining depth > 0.
pub fn perft(pos: &AnyPosition, depth: u32) -> u64 {
    pos.perft(depth)
}

/// [`perft`] on any [`Position`], through its legal-move list.
pub fn perft_generic<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves().into_iter().map(|m| perft_generic(&pos.play(m).expect("legal").0, depth - 1)).sum()
}

/// Where a search reports and asks whether to stop.
pub trait SearchHandler {
    /// Called every few thousand nodes; returning true stops the search at once, keeping the
    /// last finished iteration.
    fn should_stop(&mut self, nodes: u64) -> bool;
    /// Called after every finished iteration.
    fn on_progress(&mut self, progress: &Analysis);
    /// An exact solver proved that root move `mv` is worth between `lower` and `upper`
    /// (absolute values); called after every null-window pass.
    fn on_window(&mut self, _mv: AnyMove, _lower: i32, _upper: i32) {}
}

/// A handler that never stops and ignores progress.
pub struct NoHandler;

impl SearchHandler for NoHandler {
    fn should_stop(&mut self, _: u64) -> bool {
        false
    }
    fn on_progress(&mut self, _: &Analysis) {}
}

/// One legal move and its value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveValue {
    /// The move.
    pub mv: AnyMove,
    /// Its value for the side to move with best play to the search depth (proven when
    /// `exact`): what kind of value depends on the family.
    pub value: Value,
    /// The value is proven: the search saw every line to the end of the game.
    pub exact: bool,
}

/// The result of a search (also its progress report after each iteration).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Analysis {
    /// Depth of the last finished iteration, in moves.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Value of the position for the side to move (proven if `exact`).
    pub value: Value,
    /// Every value is proven.
    pub exact: bool,
    /// Every legal move with its value, best first.
    pub moves: Vec<MoveValue>,
    /// The best line.
    pub best_line: Vec<AnyMove>,
}

impl Analysis {
    /// The best line in link notation, moves separated by spaces.
    pub fn line_text(&self) -> String {
        self.best_line.iter().map(AnyMove::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Analysis of any position to a fixed depth, with a small table (a convenience for tests,
/// the doc example and the CLI). Tchoukaillon gets its unique winning move, valued 1 when the
/// position is winnable and 0 otherwise.
pub fn analyze_fixed_depth(pos: &AnyPosition, depth: u32) -> Analysis {
    analyze_any(pos, depth, 16, &mut NoHandler)
}

/// Analysis of any position by its family's search, stopping when the handler says so.
pub fn analyze_any(pos: &AnyPosition, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler) -> Analysis {
    pos.analyze(depth, table_mib, handler)
}

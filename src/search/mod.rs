//! Game-tree search for the two-player families: perft, and an iterative-deepening alpha-beta
//! search with a transposition table that reports a value for every legal move.
//!
//! The one two-player search is [`alphabeta`], generic over [`Searchable`]; each family says
//! what its values mean ([`Value`]). Results are generic over the move type ([`Analysis`]),
//! so this module names no family: specialised solvers live with their family (Kalah's exact
//! solver, the Oware family's endgame databases). Time and I/O stay outside: a
//! [`SearchHandler`] decides when to stop and receives progress.

pub mod alphabeta;
mod tt;

pub use alphabeta::{Score, Searchable, Searcher, Window};

use crate::engine::{Position, Value};

/// Counts the move sequences of exactly `depth` moves from `pos`, through its legal-move
/// list. A sowing that earns another turn counts as one; a finished game contributes 0 at a
/// remaining depth > 0.
pub fn perft_generic<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves().into_iter().map(|m| perft_generic(&pos.play(m).expect("legal").0, depth - 1)).sum()
}

/// Where a search of moves `M` reports and asks whether to stop.
pub trait SearchHandler<M> {
    /// Called every few thousand nodes; returning true stops the search at once, keeping the
    /// last finished iteration.
    fn should_stop(&mut self, nodes: u64) -> bool;
    /// Called after every finished iteration.
    fn on_progress(&mut self, progress: &Analysis<M>);
    /// An exact solver proved that root move `mv` is worth between `lower` and `upper`
    /// (absolute values); called after every null-window pass.
    fn on_window(&mut self, _mv: M, _lower: i32, _upper: i32) {}
}

/// A handler that never stops and ignores progress.
pub struct NoHandler;

impl<M> SearchHandler<M> for NoHandler {
    fn should_stop(&mut self, _: u64) -> bool {
        false
    }
    fn on_progress(&mut self, _: &Analysis<M>) {}
}

/// One legal move and its value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its value for the side to move with best play to the search depth (proven when
    /// `exact`): what kind of value depends on the family.
    pub value: Value,
    /// The value is proven: the search saw every line to the end of the game.
    pub exact: bool,
}

/// The result of a search (also its progress report after each iteration), its moves of
/// type `M` (a family's, or any family's `AnyMove` for the page and the CLI).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Analysis<M> {
    /// Depth of the last finished iteration, in moves.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Value of the position for the side to move (proven if `exact`).
    pub value: Value,
    /// Every value is proven.
    pub exact: bool,
    /// Every legal move with its value, best first.
    pub moves: Vec<MoveValue<M>>,
    /// The best line.
    pub best_line: Vec<M>,
    /// Why the search stopped before its answer, where the family says (`None`: it finished,
    /// or the family does not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

/// Why a search stopped short of its answer, said by the search itself so that a caller need
/// not infer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Stopped {
    /// Its handler said stop (the page's Stop, a deadline).
    Asked,
    /// What it remembers reached the memory it may hold.
    Memory,
}

impl<M> Default for Analysis<M> {
    fn default() -> Self {
        Analysis {
            depth: 0,
            nodes: 0,
            value: Value::default(),
            exact: false,
            moves: vec![],
            best_line: vec![],
            stopped: None,
        }
    }
}

impl<M> Analysis<M> {
    /// The same analysis with its moves converted (a family's moves into any family's).
    pub fn map_moves<N>(self, f: impl Fn(M) -> N) -> Analysis<N> {
        Analysis {
            depth: self.depth,
            nodes: self.nodes,
            value: self.value,
            exact: self.exact,
            moves: self.moves.into_iter().map(|m| MoveValue { mv: f(m.mv), value: m.value, exact: m.exact }).collect(),
            best_line: self.best_line.into_iter().map(f).collect(),
            stopped: self.stopped,
        }
    }
}

impl<M: core::fmt::Display> Analysis<M> {
    /// The best line in link notation, moves separated by spaces.
    pub fn line_text(&self) -> String {
        self.best_line.iter().map(M::to_string).collect::<Vec<_>>().join(" ")
    }
}

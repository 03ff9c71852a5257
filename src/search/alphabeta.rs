//! The one two-player search: iterative-deepening alpha-beta (negamax) with a transposition
//! table, generic over [`Searchable`], used by every two-player family. Kalah's exact solver
//! (`solve`) stays specialised.
//!
//! Values inside the search are *relative*: what is still to be gained from here on top of the
//! position's current [`Searchable::score`], so that a family whose score the key leaves out
//! (Kalah's stores, after Irving) can share table entries between positions that differ only
//! there. A move that keeps the turn keeps the sign: there are no pass moves. Moves are the
//! family's pit indices (`u8`) inside the search, in a list on the stack: no allocation per
//! node.

use core::ops::{Add, Neg, Sub};

use super::tt::{Bound, Table, PROVEN};
use super::{Analysis, MoveValue, SearchHandler};
use crate::engine::{Player, Value};

/// Most moves a position of any two-player family has (an impartial row game: two a pot, 64
/// pots; a move is `pot * 2 + way`, so it stays below 128).
pub const MAX_MOVES: usize = 128;

/// A score in the search, for the side to move: a number of seeds (or a family's decided-game
/// bonus on top). Relative inside the search, absolute at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// Above every score a game can have (at most 2,376 seeds on a board, plus a bonus of 1000).
    pub const INFINITY: Score = Score(30_000);
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score(self.0 + o.0)
    }
}

impl Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score(self.0 - o.0)
    }
}

/// The alpha-beta window: scores at or below `alpha` or at or above `beta` need not be exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound.
    pub alpha: Score,
    /// The upper bound.
    pub beta: Score,
}

impl Window {
    /// Every score.
    pub const FULL: Window = Window { alpha: Score(-Score::INFINITY.0), beta: Score::INFINITY };

    /// The child's window after a move that gained `g` and kept the turn.
    fn same_side(self, g: Score) -> Window {
        Window { alpha: self.alpha - g, beta: self.beta - g }
    }

    /// The child's window after a move that gained `g` and passed the turn.
    fn other_side(self, g: Score) -> Window {
        Window { alpha: -(self.beta - g), beta: -(self.alpha - g) }
    }
}

/// Moves in a list on the stack.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [u8; MAX_MOVES],
    len: usize,
}

/// Puts the moves `each` gives into `out`, `first` (the table's best move) before the others.
pub fn first_then_rest(first: Option<u8>, out: &mut MoveList, each: impl FnOnce(&mut dyn FnMut(u8))) {
    let mut rest = MoveList::default();
    each(&mut |i| {
        if Some(i) == first {
            out.push(i);
        } else {
            rest.push(i);
        }
    });
    for &i in rest.as_slice() {
        out.push(i);
    }
}

/// A search score of a game the last mover wins: won or lost; 0 is a line the depth cut
/// before its end.
pub fn last_mover_value(score: i32) -> crate::engine::Value {
    match score {
        0 => crate::engine::Value::Margin(0),
        s => crate::engine::Value::Decided(s > 0),
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [0; MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: u8) {
        debug_assert!(self.len < MAX_MOVES);
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.moves[..self.len]
    }

    /// The moves, to reorder.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.moves[..self.len]
    }

    /// No move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends scored moves, the highest score first (ties in the order given).
    #[inline]
    pub fn extend_by_score(&mut self, scored: &mut [(i32, u8)]) {
        scored.sort_by_key(|&(s, _)| -s);
        for &(_, m) in scored.iter() {
            self.push(m);
        }
    }
}

/// What the search needs of a two-player position. Positions are `Copy` and small: the search
/// copies rather than unmakes.
pub trait Searchable: Copy {
    /// The family's move type, built from a move index.
    type Move;

    /// Who moves.
    fn turn(&self) -> Player;
    /// The game is over.
    fn is_over(&self) -> bool;
    /// The score now, for the side to move (Kalah: store difference; Dakon: counters owned).
    fn score(&self) -> i32;
    /// The final score of a finished game, for the side to move, decided-game bonus included.
    fn final_score(&self) -> i32;
    /// The transposition key: everything the relative value depends on.
    fn key(&self) -> u64;
    /// The legal moves in search order, `first` (the table's move) first when legal.
    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList);
    /// Whether move `m` is legal (to follow the table's best moves).
    fn is_legal(&self, m: u8) -> bool;
    /// Plays a legal move.
    fn play_index(&mut self, m: u8);
    /// The move of index `m`.
    fn to_move(m: u8) -> Self::Move;
    /// An absolute search score as a value people read.
    fn value(score: i32) -> Value;
    /// The proven relative value of this position (what is still to be gained from here by
    /// its mover, with perfect play), when something outside the search knows it: the Oware
    /// family's endgame databases. The search stops there, as at the end of the game.
    #[inline]
    fn exact(&self) -> Option<i32> {
        None
    }
}

/// A game of normal play, with its moves as indexes: no score, and the player who cannot move
/// loses (Erickson's games). What the search needs of it; [`Searchable`] follows, written once:
/// a finished game is worth −1 to the player who cannot move, and the table's move is tried
/// first.
pub trait NormalPlay: Copy {
    /// The family's move type.
    type Move;
    /// Who moves.
    fn mover(&self) -> Player;
    /// The mover has a legal move.
    fn has_move(&self) -> bool;
    /// The transposition key.
    fn hash(&self) -> u64;
    /// Calls `f` with the index of every legal move.
    fn each_move_index(&self, f: &mut dyn FnMut(u8));
    /// Whether the move of index `m` is legal.
    fn legal_index(&self, m: u8) -> bool;
    /// Plays the legal move of index `m`.
    fn play_at(&mut self, m: u8);
    /// The move of index `m`.
    fn move_at(m: u8) -> Self::Move;
}

impl<T: NormalPlay> Searchable for T {
    type Move = T::Move;

    fn turn(&self) -> Player {
        self.mover()
    }

    fn is_over(&self) -> bool {
        !self.has_move()
    }

    fn score(&self) -> i32 {
        0
    }

    fn final_score(&self) -> i32 {
        -1
    }

    fn key(&self) -> u64 {
        self.hash()
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        first_then_rest(first, out, |push| self.each_move_index(push));
    }

    fn is_legal(&self, m: u8) -> bool {
        self.legal_index(m)
    }

    fn play_index(&mut self, m: u8) {
        self.play_at(m);
    }

    fn to_move(m: u8) -> T::Move {
        T::move_at(m)
    }

    fn value(score: i32) -> Value {
        last_mover_value(score)
    }
}

/// The search with its transposition table; reuse it across searches of one family.
pub struct Searcher {
    table: Table,
    nodes: u64,
    stopped: bool,
}

impl Searcher {
    /// A searcher whose table uses about `table_mib` MiB.
    pub fn new(table_mib: usize) -> Searcher {
        Searcher { table: Table::new(table_mib), nodes: 0, stopped: false }
    }

    /// Iterative deepening from depth 1 to `max_depth` (or until every value is proven, or the
    /// handler stops it), the previous iteration's best move first. Values are absolute.
    /// Returns `None` when the position has no legal move or the first iteration was stopped.
    pub fn analyze<P: Searchable, M: From<P::Move>>(
        &mut self,
        pos: &P,
        max_depth: u32,
        handler: &mut dyn SearchHandler<M>,
    ) -> Option<Analysis<M>> {
        self.nodes = 0;
        self.stopped = false;
        let mut moves = MoveList::default();
        pos.ordered_moves(None, &mut moves);
        // Pit order for the root, as the page lists them.
        moves.as_mut_slice().sort_unstable();
        if moves.is_empty() {
            return None;
        }
        let base = Score(pos.score());
        let mut best: Option<(Analysis<M>, u8)> = None;
        for depth in 1..=max_depth.max(1) {
            let mut values: Vec<(u8, Score, bool)> = Vec::with_capacity(moves.len);
            let mut all_exact = true;
            // The previous iteration's best move first, so the table helps the others.
            let mut order = moves;
            if let Some((_, first)) = &best {
                order.as_mut_slice().sort_by_key(|m| m != first);
            }
            for &m in order.as_slice() {
                let (v, exact) = self.search_move(pos, m, depth, Window::FULL, handler);
                if self.stopped {
                    return best.map(|b| b.0);
                }
                all_exact &= exact;
                values.push((m, base + v, exact));
            }
            values.sort_by_key(|&(_, v, _)| -v);
            let first = values[0].0;
            let line = self.best_line(pos, first, 40);
            let a = Analysis {
                depth,
                nodes: self.nodes,
                value: P::value(values[0].1 .0),
                exact: all_exact,
                moves: values
                    .iter()
                    .map(|&(m, v, exact)| MoveValue { mv: P::to_move(m).into(), value: P::value(v.0), exact })
                    .collect(),
                best_line: line.into_iter().map(|m| P::to_move(m).into()).collect(),
                stopped: None,
            };
            handler.on_progress(&a);
            best = Some((a, first));
            if all_exact {
                break;
            }
        }
        best.map(|b| b.0)
    }

    /// The relative value for the mover of playing `m`, searching `depth` moves.
    #[inline(always)]
    fn search_move<P: Searchable, M>(
        &mut self,
        pos: &P,
        m: u8,
        depth: u32,
        w: Window,
        h: &mut dyn SearchHandler<M>,
    ) -> (Score, bool) {
        let mut child = *pos;
        let d0 = Score(pos.score());
        child.play_index(m);
        if child.turn() == pos.turn() {
            let g = Score(child.score()) - d0;
            let (v, e) = self.negamax(&child, depth - 1, w.same_side(g), h);
            (g + v, e)
        } else {
            let g = -Score(child.score()) - d0;
            let (v, e) = self.negamax(&child, depth - 1, w.other_side(g), h);
            (g - v, e)
        }
    }

    /// Relative value of `pos` for its mover, and whether it is proven (no line was cut by the
    /// depth).
    fn negamax<P: Searchable, M>(
        &mut self,
        pos: &P,
        depth: u32,
        w: Window,
        h: &mut dyn SearchHandler<M>,
    ) -> (Score, bool) {
        self.nodes += 1;
        if self.nodes & 4095 == 0 && h.should_stop(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return (Score(0), false);
        }
        if pos.is_over() {
            return (Score(pos.final_score() - pos.score()), true);
        }
        if let Some(v) = pos.exact() {
            return (Score(v), true);
        }
        if depth == 0 {
            return (Score(0), false);
        }
        let key = pos.key();
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = Some(e.best);
            if e.depth as u32 >= depth {
                let v = Score(e.value as i32);
                let exact = e.depth == PROVEN;
                match e.bound {
                    Bound::Exact => return (v, exact),
                    Bound::Lower if v >= w.beta => return (v, exact),
                    Bound::Upper if v <= w.alpha => return (v, exact),
                    _ => {}
                }
            }
        }
        let mut alpha = w.alpha;
        let mut best = -Score::INFINITY;
        let mut best_move = 0u8;
        let mut all_exact = true;
        let mut moves = MoveList::default();
        pos.ordered_moves(tt_move, &mut moves);
        for &m in moves.as_slice() {
            let (v, exact) = self.search_move(pos, m, depth, Window { alpha, beta: w.beta }, h);
            if self.stopped {
                return (Score(0), false);
            }
            all_exact &= exact;
            if v > best {
                best = v;
                best_move = m;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= w.beta {
                break;
            }
        }
        let bound = if best <= w.alpha {
            Bound::Upper
        } else if best >= w.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored_depth = if all_exact { PROVEN } else { depth.min(250) as u8 };
        self.table.store(key, best.0, stored_depth, bound, best_move);
        (best, all_exact)
    }

    /// Follows the table's best moves from `pos` after playing `first`.
    fn best_line<P: Searchable>(&self, pos: &P, first: u8, max_len: usize) -> Vec<u8> {
        let mut line = vec![first];
        let mut p = *pos;
        p.play_index(first);
        while line.len() < max_len && !p.is_over() {
            match self.table.probe(p.key()) {
                Some(e) if p.is_legal(e.best) => {
                    line.push(e.best);
                    p.play_index(e.best);
                }
                _ => break,
            }
        }
        line
    }
}

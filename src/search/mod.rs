//! Game-tree search for the two-player families: perft, and an iterative-deepening alpha-beta
//! search with a transposition table that reports a value for every legal move.
//!
//! Values are *store differences for the side to move*. Inside the search they are relative:
//! the difference still to be gained from here, so that the transposition table can ignore the
//! stores (its key holds the pits and the side to move). A move that earns another turn keeps
//! the same side to move, and the search negates only when the side changes: there are no
//! pass moves. Time and I/O stay outside: a [`SearchHandler`] decides when to stop and
//! receives progress.

pub mod dakon;
pub mod solve;
mod tt;

use crate::engine::Position;
use crate::families::kalah::{Kalah, KalahMove};
use crate::families::AnyPosition;
use tt::{Bound, Table};

/// Larger than any store difference (at most 2,376 seeds on a board).
pub const INFINITY: i32 = 30_000;

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

/// [`perft`] on a Kalah position, without allocation.
pub fn perft_kalah(pos: &Kalah, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut mask = pos.legal_mask();
    if depth == 1 {
        return mask.count_ones() as u64;
    }
    let mut total = 0;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let mut child = *pos;
        child.play_unchecked(i);
        total += perft_kalah(&child, depth - 1);
    }
    total
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
    fn on_window(&mut self, _mv: &str, _lower: i32, _upper: i32) {}
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
    /// The move, in link notation.
    pub mv: String,
    /// Final store difference for the side to move after this move with best play to the
    /// search depth (proven when `exact`).
    pub value: i32,
    /// The value is proven: the search saw every line to the end of the game.
    pub exact: bool,
}

/// The result of a search (also its progress report after each iteration).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Analysis {
    /// Depth of the last finished iteration, in sowings.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Value of the position for the side to move: final store difference (proven if `exact`).
    pub value: i32,
    /// Every value is proven.
    pub exact: bool,
    /// Every legal move with its value, best first.
    pub moves: Vec<MoveValue>,
    /// The best line, in link notation.
    pub best_line: Vec<String>,
}

/// A search over Kalah positions with its transposition table; reuse it across searches.
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
    /// handler stops it). Values are absolute: they include the current store difference.
    /// Returns `None` when the position has no legal move or the first iteration was stopped.
    pub fn analyze(&mut self, pos: &Kalah, max_depth: u32, handler: &mut dyn SearchHandler) -> Option<Analysis> {
        self.nodes = 0;
        self.stopped = false;
        let moves: Vec<usize> = (0..pos.rules().pits()).filter(|&i| pos.legal_mask() & (1 << i) != 0).collect();
        if moves.is_empty() {
            return None;
        }
        let base = pos.store_diff();
        let mut best: Option<Analysis> = None;
        for depth in 1..=max_depth.max(1) {
            let mut values = Vec::with_capacity(moves.len());
            let mut all_exact = true;
            // The previous iteration's best move first, so the table helps the others.
            let mut order = moves.clone();
            if let Some(b) = &best {
                let first = (b.moves[0].mv.as_bytes()[0] - b'a') as usize;
                order.sort_by_key(|&i| i != first);
            }
            for &i in &order {
                let (v, exact) = self.search_move(pos, i, depth, -INFINITY, INFINITY, handler);
                if self.stopped {
                    return best;
                }
                all_exact &= exact;
                values.push(MoveValue { mv: KalahMove(i as u8).to_string(), value: base + v, exact });
            }
            values.sort_by_key(|m| -m.value);
            let first = (values[0].mv.as_bytes()[0] - b'a') as usize;
            let line = self.best_line(pos, first, 40);
            let a = Analysis {
                depth,
                nodes: self.nodes,
                value: values[0].value,
                exact: all_exact,
                moves: values,
                best_line: line,
            };
            handler.on_progress(&a);
            best = Some(a);
            if all_exact {
                break;
            }
        }
        best
    }

    /// The value (relative gain for the mover) of playing pit `i`, searching `depth` sowings.
    fn search_move(
        &mut self,
        pos: &Kalah,
        i: usize,
        depth: u32,
        alpha: i32,
        beta: i32,
        h: &mut dyn SearchHandler,
    ) -> (i32, bool) {
        let mut child = *pos;
        let d0 = pos.store_diff();
        child.play_unchecked(i);
        if child.turn() == pos.turn() {
            let g = child.store_diff() - d0;
            let (v, e) = self.negamax(&child, depth - 1, alpha - g, beta - g, h);
            (g + v, e)
        } else {
            let g = -child.store_diff() - d0;
            let (v, e) = self.negamax(&child, depth - 1, -(beta - g), -(alpha - g), h);
            (g - v, e)
        }
    }

    /// Relative value of `pos` for its mover, and whether it is proven (no line was cut by
    /// the depth).
    fn negamax(
        &mut self,
        pos: &Kalah,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        h: &mut dyn SearchHandler,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.nodes & 4095 == 0 && h.should_stop(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return (0, false);
        }
        if pos.is_over() {
            let f = pos.final_scores();
            let me = pos.turn();
            let diff = *f.get(me) as i32 - *f.get(!me) as i32;
            return (diff - pos.store_diff(), true);
        }
        if depth == 0 {
            return (0, false);
        }
        let key = pos.key();
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = Some(e.best as usize);
            if e.depth as u32 >= depth {
                let v = e.value as i32;
                let exact = e.depth == tt::PROVEN;
                match e.bound {
                    Bound::Exact => return (v, exact),
                    Bound::Lower if v >= beta => return (v, exact),
                    Bound::Upper if v <= alpha => return (v, exact),
                    _ => {}
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = 0usize;
        let mut all_exact = true;
        let moves = ordered_moves(pos, tt_move);
        for &i in moves.iter() {
            if i == usize::MAX {
                break;
            }
            let (v, exact) = self.search_move(pos, i, depth, alpha, beta, h);
            if self.stopped {
                return (0, false);
            }
            all_exact &= exact;
            if v > best {
                best = v;
                best_move = i;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored_depth = if all_exact { tt::PROVEN } else { depth.min(250) as u8 };
        self.table.store(key, best, stored_depth, bound, best_move as u8);
        (best, all_exact)
    }

    /// Follows the table's best moves from `pos` after playing pit `first`.
    fn best_line(&self, pos: &Kalah, first: usize, max_len: usize) -> Vec<String> {
        let mut line = vec![KalahMove(first as u8).to_string()];
        let mut p = *pos;
        p.play_unchecked(first);
        while line.len() < max_len && !p.is_over() {
            match self.table.probe(p.key()) {
                Some(e) if p.legal_mask() & (1 << e.best) != 0 => {
                    line.push(KalahMove(e.best).to_string());
                    p.play_unchecked(e.best as usize);
                }
                _ => break,
            }
        }
        line
    }
}

/// Legal moves in search order: the table's move, then moves that end in the store, then
/// captures, then the rest from the store side. `usize::MAX` pads the unused slots.
fn ordered_moves(pos: &Kalah, tt_move: Option<usize>) -> [usize; 12] {
    let n = pos.rules().pits();
    let len = 2 * n + 1;
    let me = pos.turn();
    let mask = pos.legal_mask();
    let mut scored = [(0i32, usize::MAX); 12];
    let mut k = 0;
    for i in (0..n).rev() {
        if mask & (1 << i) == 0 {
            continue;
        }
        let seeds = pos.pit(me, i) as usize;
        let last = (i + seeds) % len;
        let mut score = 0;
        if Some(i) == tt_move {
            score = 1000;
        } else if last == n {
            score = 500 + i as i32;
        } else if seeds < len && last < n && last > i && pos.pit(me, last) == 0 {
            score = 100 + pos.pit(!me, n - 1 - last) as i32;
        }
        scored[k] = (score, i);
        k += 1;
    }
    scored[..k].sort_by_key(|&(s, _)| -s);
    let mut out = [usize::MAX; 12];
    for (o, (_, i)) in out.iter_mut().zip(scored[..k].iter()) {
        *o = *i;
    }
    out
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

/// Plain full-width minimax to the end of the game, for testing the search on small positions.
pub fn minimax_value(pos: &Kalah) -> i32 {
    if pos.is_over() {
        let f = pos.final_scores();
        let me = pos.turn();
        return *f.get(me) as i32 - *f.get(!me) as i32;
    }
    let mut best = -INFINITY;
    for i in 0..pos.rules().pits() {
        if pos.legal_mask() & (1 << i) == 0 {
            continue;
        }
        let mut c = *pos;
        c.play_unchecked(i);
        let v = if c.turn() == pos.turn() { minimax_value(&c) } else { -minimax_value(&c) };
        best = best.max(v);
    }
    best
}

/// The fixed workloads of `mancala-lab bench`, also run by the browser worker so native and
/// wasm figures compare the same work.
pub mod bench {
    use super::{perft_kalah, NoHandler, Searcher};
    use crate::families::kalah::KalahRules;

    /// Perft depth of the benchmark (Kalah(6,4) start).
    pub const PERFT_DEPTH: u32 = 11;
    /// Search depth of the benchmark (Kalah(6,4) start).
    pub const SEARCH_DEPTH: u32 = 18;
    /// Table size of the benchmark search, in MiB.
    pub const SEARCH_TABLE_MIB: usize = 64;

    /// Runs the perft workload; returns the leaf count (its nodes).
    pub fn perft() -> u64 {
        perft_kalah(&KalahRules::standard(6, 4).expect("valid").start(), PERFT_DEPTH)
    }

    /// Runs the search workload; returns the nodes searched.
    pub fn search() -> u64 {
        let pos = KalahRules::standard(6, 4).expect("valid").start();
        let mut s = Searcher::new(SEARCH_TABLE_MIB);
        s.analyze(&pos, SEARCH_DEPTH, &mut NoHandler).map_or(0, |a| a.nodes)
    }
}

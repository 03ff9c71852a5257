//! Endgame databases of the Oware family by retrograde analysis (first part: Awari).
//!
//! Work in progress (issue 17): the ranking is tested; the layer solver is not yet checked
//! against a search (a plain search that stops at repeated positions explodes on cycles even
//! with 3 seeds: the check will use small boards), and nothing uses it yet.
//!
//! A position is a board seen by the player to move (his pits first, then the opponent's:
//! the side to move is folded away), with `k` seeds on the board. Its value is the best net
//! number of seeds the mover will still capture or be awarded, minus the opponent's, under
//! perfect play and Awari's rules, a game that goes round for ever (a repeated position)
//! sharing the rest equally: 0.
//!
//! Layer by layer: a capture always leads to a smaller layer, already solved; within a layer,
//! moves can go round in cycles. For each threshold t = 1..=k, the positions whose mover can
//! force at least t (W_t) and those whose mover cannot avoid at most −t (L_t) are the least
//! fixpoints of
//! - p ∈ W_t when a move leaves the layer worth ≥ t, or stays in it to a position of L_t;
//! - p ∈ L_t when every move leaving the layer is worth ≤ −t and every move staying in it
//!   goes to a position of W_t;
//!
//! computed by passes over the layer until nothing changes. A position in neither for any t is
//! worth 0 (its best play goes round for ever). Positions are ranked in their layer by the
//! combinatorial number system (no wasted entries), one byte a value.

use crate::engine::{ByPlayer, Player, Position};
use crate::families::oware::{Oware, OwareRules, OwareSetup, Ruleset};

/// Pits on the board (two rows of six).
pub const PITS: usize = 12;

/// Ranks and unranks the boards of a layer: every way of putting `k` seeds in [`PITS`] pits.
#[derive(Clone, Debug)]
pub struct Ranker {
    /// binom[a][b] = C(a, b).
    binom: Vec<Vec<u64>>,
}

impl Ranker {
    /// A ranker for layers up to `max_seeds` seeds.
    pub fn new(max_seeds: usize) -> Ranker {
        let size = max_seeds + PITS + 1;
        let mut binom = vec![vec![0u64; size + 1]; size + 1];
        for a in 0..=size {
            binom[a][0] = 1;
            for b in 1..=a {
                binom[a][b] = binom[a - 1][b - 1] + binom[a - 1][b];
            }
        }
        Ranker { binom }
    }

    /// Boards with `k` seeds: C(k + 11, 11).
    pub fn layer_size(&self, k: usize) -> u64 {
        self.binom[k + PITS - 1][PITS - 1]
    }

    /// The rank of `board` (with `k` seeds) in its layer: boards in lexicographic order of
    /// their pits, the first pit varying slowest (more seeds first counts later).
    pub fn rank(&self, board: &[u8; PITS]) -> u64 {
        let mut left: usize = board.iter().map(|&x| x as usize).sum();
        let mut r = 0;
        for (i, &pit) in board.iter().enumerate().take(PITS - 1) {
            let pits_after = PITS - 1 - i;
            // Boards whose pit i holds fewer seeds come first.
            for x in 0..pit as usize {
                let rest = left - x;
                r += self.binom[rest + pits_after - 1][pits_after - 1];
            }
            left -= pit as usize;
        }
        r
    }

    /// The board of rank `r` in layer `k`.
    pub fn unrank(&self, k: usize, mut r: u64) -> [u8; PITS] {
        let mut board = [0u8; PITS];
        let mut left = k;
        for (i, pit) in board.iter_mut().enumerate().take(PITS - 1) {
            let pits_after = PITS - 1 - i;
            let mut x = 0;
            loop {
                let count = self.binom[left - x + pits_after - 1][pits_after - 1];
                if r < count {
                    break;
                }
                r -= count;
                x += 1;
            }
            *pit = x as u8;
            left -= x;
        }
        board[PITS - 1] = left as u8;
        board
    }
}

/// The Awari position of a board seen by the mover (his pits first), nothing captured yet.
pub fn position(rules: OwareRules, board: &[u8; PITS]) -> Oware {
    let half = PITS / 2;
    let setup = OwareSetup {
        south: board[..half].iter().map(|&x| x as u32).collect(),
        north: board[half..].iter().map(|&x| x as u32).collect(),
        captured: ByPlayer { south: 0, north: 0 },
        turn: Player::South,
    };
    setup.validate(rules).expect("a board of the database is a position")
}

/// The board of a position after a move, seen by the new mover (North's pits first).
fn flipped(p: &Oware) -> [u8; PITS] {
    let mut b = [0u8; PITS];
    let half = PITS / 2;
    for i in 0..half {
        b[i] = p.pit(Player::North, i) as u8;
        b[half + i] = p.pit(Player::South, i) as u8;
    }
    b
}

/// One move of a position: it leaves the layer with a known worth, or stays in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    /// The worth of the move for the mover (captures, awards, and the value of the smaller
    /// layer's position it leads to).
    Exit(i32),
    /// A move without capture: the rank of the position it leads to (opponent to move).
    Stay(u64),
}

/// The databases built so far: `values[k][rank]` for every layer up to the largest built.
pub struct Databases {
    rules: OwareRules,
    ranker: Ranker,
    values: Vec<Vec<i8>>,
}

impl Databases {
    /// Builds the Awari databases of every board with at most `max_seeds` seeds.
    pub fn build(max_seeds: usize) -> Databases {
        let rules = OwareRules::new(Ruleset::Awari, (PITS / 2) as u32, 0, false).expect("valid");
        let mut db = Databases { rules, ranker: Ranker::new(max_seeds), values: vec![] };
        for k in 0..=max_seeds {
            let layer = db.solve_layer(k);
            db.values.push(layer);
        }
        db
    }

    /// The value of a board (seen by the mover), if its layer is built.
    pub fn value(&self, board: &[u8; PITS]) -> Option<i32> {
        let k: usize = board.iter().map(|&x| x as usize).sum();
        self.values.get(k).map(|l| l[self.ranker.rank(board) as usize] as i32)
    }

    /// Positions in layer `k`.
    pub fn layer(&self, k: usize) -> &[i8] {
        &self.values[k]
    }

    fn edges(&self, k: usize, board: &[u8; PITS]) -> Result<Vec<Edge>, i32> {
        let p = position(self.rules, board);
        if p.is_over() {
            // The mover has no seeds: the opponent takes the rest.
            let c = p.captured();
            return Err(c.south as i32 - c.north as i32);
        }
        let mut out = vec![];
        for m in p.legal_moves() {
            let mut q = p;
            let e = q.play_unchecked(m.0 as usize);
            let c = q.captured();
            let now = c.south as i32 - c.north as i32;
            if q.is_over() {
                out.push(Edge::Exit(now));
            } else if e.captured > 0 {
                let child = flipped(&q);
                let v = self.value(&child).expect("a smaller layer is built");
                out.push(Edge::Exit(now - v));
            } else {
                debug_assert_eq!(q.board_seeds() as usize, k);
                out.push(Edge::Stay(self.ranker.rank(&flipped(&q))));
            }
        }
        Ok(out)
    }

    fn solve_layer(&self, k: usize) -> Vec<i8> {
        let size = self.ranker.layer_size(k) as usize;
        let mut edges: Vec<Result<Vec<Edge>, i32>> = Vec::with_capacity(size);
        for r in 0..size {
            edges.push(self.edges(k, &self.ranker.unrank(k, r as u64)));
        }
        let mut value = vec![0i8; size];
        for t in 1..=k as i32 {
            // 1: in W_t, -1: in L_t, 0: neither (yet).
            let mut mark = vec![0i8; size];
            loop {
                let mut changed = false;
                for r in 0..size {
                    if mark[r] != 0 {
                        continue;
                    }
                    let m = match &edges[r] {
                        Err(v) => {
                            if *v >= t {
                                1
                            } else if *v <= -t {
                                -1
                            } else {
                                0
                            }
                        }
                        Ok(es) => {
                            let win = es.iter().any(|e| match *e {
                                Edge::Exit(v) => v >= t,
                                Edge::Stay(c) => mark[c as usize] == -1,
                            });
                            let lose = es.iter().all(|e| match *e {
                                Edge::Exit(v) => v <= -t,
                                Edge::Stay(c) => mark[c as usize] == 1,
                            });
                            if win {
                                1
                            } else if lose {
                                -1
                            } else {
                                0
                            }
                        }
                    };
                    if m != 0 {
                        mark[r] = m;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            for r in 0..size {
                match mark[r] {
                    1 => value[r] = t as i8,
                    -1 => value[r] = -t as i8,
                    _ => {}
                }
            }
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        let r = Ranker::new(6);
        for k in 0..=4 {
            let n = r.layer_size(k);
            for i in 0..n {
                let b = r.unrank(k, i);
                assert_eq!(b.iter().map(|&x| x as usize).sum::<usize>(), k);
                assert_eq!(r.rank(&b), i);
            }
        }
        assert_eq!(r.layer_size(15 - 9), 12376);
        // The counts of positions with South to move: 15 and 20 seeds at most.
        let r = Ranker::new(20);
        let upto = |k: usize| (0..=k).map(|j| r.layer_size(j)).sum::<u64>();
        assert_eq!((upto(15), upto(20)), (17_383_860, 225_792_840));
    }
}

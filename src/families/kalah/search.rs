//! Kalah in the generic two-player search: the score is the store difference (the table's key
//! leaves the stores out, after Irving), and moves are ordered as Kalah players think: the
//! table's move, then moves ending in the store, then captures, then the rest from the store
//! side.

use super::{Kalah, KalahMove};
use crate::engine::{Player, Position, Value};
use crate::search::alphabeta::{MoveList, Searchable};

impl Searchable for Kalah {
    type Move = KalahMove;

    #[inline]
    fn turn(&self) -> Player {
        Position::turn(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Kalah::is_over(self)
    }

    #[inline]
    fn score(&self) -> i32 {
        self.store_diff()
    }

    #[inline]
    fn final_score(&self) -> i32 {
        let f = self.final_scores();
        let me = Position::turn(self);
        *f.get(me) as i32 - *f.get(!me) as i32
    }

    #[inline]
    fn key(&self) -> u64 {
        Kalah::key(self)
    }

    #[inline]
    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        let n = self.rules().pits();
        let len = 2 * n + 1;
        let me = Position::turn(self);
        let mask = self.legal_mask();
        let mut scored = [(0i32, 0u8); 16];
        let mut k = 0;
        for i in (0..n).rev() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let seeds = self.pit(me, i) as usize;
            let last = (i + seeds) % len;
            let mut score = 0;
            if Some(i as u8) == first {
                score = 1000;
            } else if last == n {
                score = 500 + i as i32;
            } else if seeds < len && last < n && last > i && self.pit(me, last) == 0 {
                score = 100 + self.pit(!me, n - 1 - last) as i32;
            }
            scored[k] = (score, i as u8);
            k += 1;
        }
        out.extend_by_score(&mut scored[..k]);
    }

    #[inline]
    fn is_legal(&self, m: u8) -> bool {
        Kalah::is_legal(self, m as usize)
    }

    #[inline]
    fn play_index(&mut self, m: u8) {
        self.play_unchecked(m as usize);
    }

    fn to_move(m: u8) -> KalahMove {
        KalahMove(m)
    }

    fn value(score: i32) -> Value {
        Value::Margin(score)
    }
}

/// Perft on a Kalah position, without allocation.
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

/// Plain full-width minimax to the end of the game, for testing the search on small positions.
pub fn minimax_value(pos: &Kalah) -> i32 {
    if pos.is_over() {
        let f = pos.final_scores();
        let me = Position::turn(pos);
        return *f.get(me) as i32 - *f.get(!me) as i32;
    }
    let mut best = i32::MIN;
    for i in 0..pos.rules().pits() {
        if pos.legal_mask() & (1 << i) == 0 {
            continue;
        }
        let mut c = *pos;
        c.play_unchecked(i);
        let v = if Position::turn(&c) == Position::turn(pos) { minimax_value(&c) } else { -minimax_value(&c) };
        best = best.max(v);
    }
    best
}

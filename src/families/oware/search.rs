//! The Oware family in the generic two-player search: the score is the difference of captured
//! seeds for the side to move; captures are tried first.

use super::{Oware, OwareMove};
use crate::engine::{Player, Position, Value};
use crate::search::alphabeta::{MoveList, Searchable};

impl Searchable for Oware {
    type Move = OwareMove;

    #[inline]
    fn turn(&self) -> Player {
        Position::turn(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Oware::is_over(self)
    }

    #[inline]
    fn score(&self) -> i32 {
        self.captured_diff()
    }

    #[inline]
    fn final_score(&self) -> i32 {
        self.captured_diff()
    }

    #[inline]
    fn key(&self) -> u64 {
        Oware::key(self)
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        let mask = self.legal_mask();
        let mut scored = [(0i32, 0u8); 16];
        let mut k = 0;
        for i in 0..self.rules().pits() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let mut c = *self;
            let e = c.play_unchecked(i);
            let score = if Some(i as u8) == first { 1000 } else { e.captured as i32 };
            scored[k] = (score, i as u8);
            k += 1;
        }
        scored[..k].sort_by_key(|&(s, _)| -s);
        for &(_, i) in &scored[..k] {
            out.push(i);
        }
    }

    #[inline]
    fn is_legal(&self, m: u8) -> bool {
        self.legal_mask() & (1 << m) != 0
    }

    #[inline]
    fn play_index(&mut self, m: u8) {
        self.play_unchecked(m as usize);
    }

    fn to_move(m: u8) -> OwareMove {
        OwareMove(m)
    }

    fn value(score: i32) -> Value {
        Value::Margin(score)
    }
}

//! Dakon in the generic two-player search: the score is the margin of counters each player
//! owns (store and holes, which are theirs when the round ends), and a game won within the
//! search is worth [`WIN`] more than any margin. Rounds may repeat for ever, so values are
//! proven only when every line reached the end of the game within the depth.

use super::{Dakon, DakonMove};
use crate::engine::{Outcome, Player, Position, Value};
use crate::search::alphabeta::{MoveList, Searchable};

/// Worth of a won game beyond its counters, so that a win always beats a bigger margin.
pub const WIN: i32 = crate::engine::value::DECIDED;

impl Searchable for Dakon {
    type Move = DakonMove;

    #[inline]
    fn turn(&self) -> Player {
        Position::turn(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Dakon::is_over(self)
    }

    #[inline]
    fn score(&self) -> i32 {
        let me = Position::turn(self);
        self.owned(me) as i32 - self.owned(!me) as i32
    }

    fn final_score(&self) -> i32 {
        let me = Position::turn(self);
        self.score()
            + match self.outcome() {
                Some(Outcome::Win(p)) if p == me => WIN,
                Some(Outcome::Win(_)) => -WIN,
                _ => 0,
            }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.hash_key()
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        if Dakon::is_over(self) {
            return;
        }
        let me = Position::turn(self);
        let legal = |j: u8| (j as usize) < self.rules().n() && self.hole(me, j as usize) > 0;
        if let Some(f) = first.filter(|&f| legal(f)) {
            out.push(f);
        }
        for j in 0..self.rules().n() as u8 {
            if legal(j) && Some(j) != first {
                out.push(j);
            }
        }
    }

    fn is_legal(&self, m: u8) -> bool {
        !Dakon::is_over(self) && (m as usize) < self.rules().n() && self.hole(Position::turn(self), m as usize) > 0
    }

    #[inline]
    fn play_index(&mut self, m: u8) {
        self.play_unchecked(m as usize);
    }

    fn to_move(m: u8) -> DakonMove {
        DakonMove(m)
    }

    fn value(score: i32) -> Value {
        match score {
            v if v >= WIN => Value::Won((v - WIN) as u32),
            v if v <= -WIN => Value::Lost((-(v + WIN)) as u32),
            v => Value::Margin(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Player;
    use crate::families::dakon::{DakonRules, DakonSetup};
    use crate::search::{NoHandler, Searcher};

    #[test]
    fn finds_a_winning_capture() {
        // South to move in Dakon-2: hole b (1 counter) ends in the store, then hole a (1)
        // lands in the empty hole b and captures North's hole a (3): South then owns 6 of 8.
        let d = DakonSetup::new(
            DakonRules::new(2, false).unwrap(),
            [vec![Some(1), Some(1)], vec![Some(1), Some(3)]],
            [2, 0],
            Player::South,
        )
        .validate()
        .unwrap();
        let a = Searcher::new(1).analyze::<_, crate::families::AnyMove>(&d, 6, &mut NoHandler).unwrap();
        assert_eq!(a.moves.len(), 2);
        assert!(a.value > Value::Margin(0), "{a:?}");
        assert!(a.nodes > 0);
        // Both moves win the game; in words, with the counters won by.
        assert_eq!(a.moves.iter().map(|m| m.value.to_string()).collect::<Vec<_>>(), ["win by 8", "win by 6"]);
    }

    #[test]
    fn values_in_words() {
        let words = |v| <Dakon as Searchable>::value(v).to_string();
        assert_eq!(words(WIN + 32), "win by 32");
        assert_eq!(words(WIN), "win by 0");
        assert_eq!(words(-WIN - 4), "loss by 4");
        assert_eq!(words(26), "+26");
        assert_eq!(words(0), "+0");
        assert_eq!(words(-28), "-28");
        assert_eq!(<Dakon as Searchable>::value(WIN + 32).number(), 1032);
    }
}

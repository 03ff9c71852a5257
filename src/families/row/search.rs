//! A row game in the generic two-player search: there is no score, only who makes the last
//! move, so a finished game is worth −1 to the player who cannot move.

use super::{Direction, Row, RowGame, RowMove};
use crate::engine::{Player, Position, Value};
use crate::families::AnyMove;
use crate::search::alphabeta::{first_then_rest, last_mover_value, MoveList, Searchable};

/// A move as the search's index: the pot twice, plus one for the right.
fn index<G>(m: RowMove<G>) -> u8 {
    m.pot * 2 + (m.dir == Direction::Right) as u8
}

/// (Each game's move converts into [`AnyMove`] by the registration list.)
impl<G: RowGame> Searchable for Row<G>
where
    AnyMove: From<RowMove<G>>,
{
    type Move = RowMove<G>;

    fn turn(&self) -> Player {
        Position::turn(self)
    }

    fn is_over(&self) -> bool {
        !self.can_move()
    }

    fn score(&self) -> i32 {
        0
    }

    fn final_score(&self) -> i32 {
        -1
    }

    fn key(&self) -> u64 {
        self.hash_key()
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        first_then_rest(first, out, |push| self.for_each_move(|m| push(index(m))));
    }

    fn is_legal(&self, m: u8) -> bool {
        Row::is_legal(self, Self::to_move(m))
    }

    fn play_index(&mut self, m: u8) {
        self.play_unchecked(Self::to_move(m), None);
    }

    fn to_move(m: u8) -> RowMove<G> {
        RowMove::new(m / 2, if m % 2 == 1 { Direction::Right } else { Direction::Left })
    }

    fn value(score: i32) -> Value {
        last_mover_value(score)
    }
}

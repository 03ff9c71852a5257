//! A row game in the generic two-player search: there is no score, only who makes the last
//! move, so a finished game is worth −1 to the player who cannot move.

use super::{Direction, Row, RowGame, RowMove};
use crate::engine::{Player, Position};
use crate::families::AnyMove;
use crate::search::alphabeta::NormalPlay;

/// A move as the search's index: the pot twice, plus one for the right.
fn index<G>(m: RowMove<G>) -> u8 {
    m.pot * 2 + (m.dir == Direction::Right) as u8
}

/// (Each game's move converts into [`AnyMove`] by the registration list.)
impl<G: RowGame> NormalPlay for Row<G>
where
    AnyMove: From<RowMove<G>>,
{
    type Move = RowMove<G>;

    fn mover(&self) -> Player {
        Position::turn(self)
    }

    fn has_move(&self) -> bool {
        self.can_move()
    }

    fn hash(&self) -> u64 {
        self.hash_key()
    }

    fn each_move_index(&self, f: &mut dyn FnMut(u8)) {
        self.for_each_move(|m| f(index(m)));
    }

    fn legal_index(&self, m: u8) -> bool {
        Row::is_legal(self, Self::move_at(m))
    }

    fn play_at(&mut self, m: u8) {
        self.play_unchecked(Self::move_at(m), None);
    }

    fn move_at(m: u8) -> RowMove<G> {
        RowMove::new(m / 2, if m % 2 == 1 { Direction::Right } else { Direction::Left })
    }
}

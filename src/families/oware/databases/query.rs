//! Reading the databases: a position's moves valued, its best move and best line, each a
//! few lookups a move (the distances make the line progress: see the module). Nothing here
//! searches, so every query ends after at most `max` moves of lookups.

use super::model::{board_of, Node};
use super::Databases;
use crate::families::oware::{Oware, OwareMove};

/// A best line from a position within the databases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves.
    pub moves: Vec<OwareMove>,
    /// The line stops because its next position would repeat one of it (endless play).
    pub repeats: bool,
}

impl Databases {
    /// Every legal move of a position within the databases with its value for the mover
    /// (captures now, net, and the value of what follows, both as the databases count them:
    /// Oware's "more than half wins" not applied), best first; `None` outside them.
    pub fn move_values(&self, pos: &Oware) -> Option<Vec<(usize, i32)>> {
        self.value_of(pos)?;
        let mut out = vec![];
        if let (false, Node::Moves(legal, sown)) = (pos.is_over(), self.model.expand(&board_of(pos))) {
            for (i, s) in sown.iter().enumerate().take(self.model.n) {
                if let Some(s) = s.filter(|_| legal & (1 << i) != 0) {
                    out.push((i, s.captured as i32 - self.value(&self.model.flip(&s.board))?));
                }
            }
        }
        out.sort_by_key(|&(i, v)| (-v, i));
        Some(out)
    }

    /// How far each move of `pos` leaves the game from its winner's exit: 0 for an exit (a
    /// capture, or a finished game, Ayo's stall included), else the stored distance of the
    /// position it leads to.
    fn distances_after(&self, pos: &Oware) -> [u8; 12] {
        let mut out = [0u8; 12];
        let Node::Moves(legal, sown) = self.model.expand(&board_of(pos)) else { return out };
        for (i, s) in sown.iter().enumerate().take(self.model.n) {
            let Some(s) = s.filter(|_| legal & (1 << i) != 0) else { continue };
            let mut next = *pos;
            let e = next.play_unchecked(i);
            if e.captured == 0 && !next.is_over() {
                out[i] = self.distance(&self.model.flip(&s.board)).unwrap_or(0);
            }
        }
        out
    }

    /// The best move of a position within the databases: a move of the position's value; of
    /// those, a winner takes the one nearest his exit (so a won game is won, never dragged
    /// round), a loser the one farthest from it, and at a draw a move to a position not yet in
    /// `seen` (a capture or a finished game first). Lookups only: `None` outside the databases
    /// or where there is no move.
    pub fn best_move(&self, pos: &Oware, seen: &[Oware]) -> Option<usize> {
        let moves = self.move_values(pos)?;
        let &(_, top) = moves.first()?;
        let best = moves.iter().filter(|m| m.1 == top).map(|m| m.0);
        let here = self.value_of(pos)?;
        if here != 0 {
            let d = self.distances_after(pos);
            return if here > 0 {
                best.min_by_key(|&i| (d[i], i))
            } else {
                best.max_by_key(|&i| (d[i], core::cmp::Reverse(i)))
            };
        }
        let best: Vec<usize> = best.collect();
        let fresh = best.iter().copied().find(|&i| {
            let mut next = *pos;
            let e = next.play_unchecked(i);
            e.captured > 0 || next.is_over() || !seen.contains(&next)
        });
        Some(fresh.unwrap_or(best[0]))
    }

    /// The best line from a position, at most `max` moves, stopping at the end of the game
    /// (Ayo's included: no capture can happen again), outside the databases, or before a
    /// position of the line repeats.
    pub fn best_line(&self, pos: &Oware, max: usize) -> Line {
        let mut line = Line::default();
        let mut p = *pos;
        let mut seen = vec![p];
        while line.moves.len() < max && !p.is_over() {
            let Some(i) = self.best_move(&p, &seen) else { break };
            p.play_unchecked(i);
            line.moves.push(OwareMove(i as u8));
            if p.captures_impossible() {
                // Ayo: the game ends here, each player taking the seeds on his side.
                break;
            }
            if !p.is_over() && seen.contains(&p) {
                line.repeats = true;
                break;
            }
            seen.push(p);
        }
        line
    }
}

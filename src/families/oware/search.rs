//! The Oware family in the generic two-player search: the score is the difference of captured
//! seeds for the side to move; captures are tried first. With endgame databases, every
//! position they cover is a proven leaf: the search stops there with its exact value.

use super::databases::Databases;
use super::{Oware, OwareMove};
use crate::engine::{Player, Position, Value};
use crate::families::AnyMove;
use crate::search::alphabeta::{MoveList, Searchable};
use crate::search::{Analysis, SearchHandler, Searcher};

/// A position in the search, with the endgame databases its leaves may be valued by.
#[derive(Clone, Copy)]
pub struct Searched<'a> {
    /// The position.
    pub pos: Oware,
    /// The databases, if any (of the same rules; others are never consulted).
    pub db: Option<&'a Databases>,
}

/// Every legal move of `pos` valued by the search to `depth` moves, positions within `db`
/// valued exactly.
pub fn analyze(
    pos: &Oware,
    db: Option<&Databases>,
    depth: u32,
    table_mib: usize,
    handler: &mut dyn SearchHandler<AnyMove>,
) -> Analysis<AnyMove> {
    let db = db.filter(|d| d.rules() == pos.rules() && d.seeds() > 0);
    let mut a = Searcher::new(table_mib).analyze(&Searched { pos: *pos, db }, depth, handler).unwrap_or_default();
    // Within the databases, of the moves worth the most, the one the databases' quickest
    // progress picks comes first, with their best line: a won game is won, not dragged out.
    if let Some(d) = db.filter(|d| (pos.board_seeds() as usize) < d.seeds()) {
        if let (Some(i), Some(top)) = (d.best_move(pos, &[]), a.moves.first().map(|m| m.value)) {
            let pick: AnyMove = OwareMove(i as u8).into();
            if let Some(k) = a.moves.iter().position(|m| m.mv == pick && m.value == top) {
                a.moves[..=k].rotate_right(1);
                a.best_line = d.best_line(pos, 40).moves.into_iter().map(AnyMove::from).collect();
            }
        }
    }
    a
}

impl Searchable for Searched<'_> {
    type Move = OwareMove;

    #[inline]
    fn turn(&self) -> Player {
        Position::turn(&self.pos)
    }

    /// Over by the rules, unless the databases cover it: they value it as they count play
    /// (past the majority, endless play shared), as they value every move before it.
    #[inline]
    fn is_over(&self) -> bool {
        self.pos.is_over() && self.exact().is_none()
    }

    #[inline]
    fn score(&self) -> i32 {
        self.pos.captured_diff()
    }

    #[inline]
    fn final_score(&self) -> i32 {
        self.pos.captured_diff()
    }

    #[inline]
    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn ordered_moves(&self, first: Option<u8>, out: &mut MoveList) {
        let mask = self.pos.legal_mask();
        let mut scored = [(0i32, 0u8); 16];
        let mut k = 0;
        for i in 0..self.pos.rules().pits() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let mut c = self.pos;
            let e = c.play_unchecked(i);
            let score = if Some(i as u8) == first { 1000 } else { e.captured as i32 };
            scored[k] = (score, i as u8);
            k += 1;
        }
        out.extend_by_score(&mut scored[..k]);
    }

    #[inline]
    fn is_legal(&self, m: u8) -> bool {
        self.pos.legal_mask() & (1 << m) != 0
    }

    #[inline]
    fn play_index(&mut self, m: u8) {
        self.pos.play_unchecked(m as usize);
    }

    fn to_move(m: u8) -> OwareMove {
        OwareMove(m)
    }

    fn value(score: i32) -> Value {
        Value::Margin(score)
    }

    #[inline]
    fn exact(&self) -> Option<i32> {
        self.db?.value_played_on(&self.pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rank::Ranker;
    use crate::engine::ByPlayer;
    use crate::families::oware::{OwareRules, OwareSetup, Ruleset};
    use crate::search::NoHandler;

    /// The search with databases at its leaves: a position they cover gets their values,
    /// proven; a position above them, wherever the search proves its values, gets those of
    /// larger databases.
    #[test]
    fn databases_at_the_leaves() {
        let mut proven_above = 0;
        for set in [Ruleset::Awari, Ruleset::Ayo, Ruleset::Wari] {
            let rules = OwareRules::new(set, 4, 0, false).unwrap();
            let build = |k| {
                let mut db = Databases::new(rules, k);
                while db.build_next(&mut |_| true).is_some() {}
                db
            };
            let (small, big) = (build(5), build(8));
            let ranker = Ranker::new(8, 8);
            let mut x = 12345u64;
            for k in 2..=8 {
                for _ in 0..40 {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let b = ranker.unrank(k, (x >> 33) % ranker.layer_size(k));
                    let row = |r: &[u8]| r.iter().map(|&s| s as u32).collect();
                    let setup = OwareSetup {
                        south: row(&b[..4]),
                        north: row(&b[4..8]),
                        captured: ByPlayer { south: 0, north: 0 },
                        turn: Player::South,
                    };
                    let pos = setup.validate(rules).unwrap();
                    if pos.is_over() {
                        continue;
                    }
                    let a = analyze(&pos, Some(&small), 14, 4, &mut NoHandler);
                    let want = big.move_values(&pos).unwrap();
                    if k <= 5 {
                        assert!(a.exact, "{rules} {b:?}");
                        // The databases' quickest progress picks the move played.
                        let pick = small.best_move(&pos, &[]).unwrap();
                        assert_eq!(a.moves[0].mv, OwareMove(pick as u8).into(), "{rules} {b:?}");
                    }
                    if a.exact {
                        proven_above += usize::from(k > 5);
                        assert_eq!(a.value.number(), big.value_of(&pos).unwrap(), "{rules} {b:?}");
                        for (mv, v) in want {
                            let got = a.moves.iter().find(|m| m.mv == OwareMove(mv as u8).into()).unwrap();
                            assert_eq!(got.value.number(), v, "{rules} {b:?} {mv}");
                        }
                    }
                }
            }
        }
        assert!(proven_above > 20, "{proven_above}");
    }

    /// One value per position and convention: near the end, where a capture wins by the rules
    /// (Oware's majority) or the rules end the game another way with seeds left, the search with
    /// the databases at its leaves values every move as the databases do (`solve`), never by
    /// the rules' end for some moves and by the databases' convention for others.
    #[test]
    fn the_search_and_the_databases_value_every_move_alike() {
        let mut ended_by_rules = 0;
        for set in [Ruleset::Oware, Ruleset::Awari, Ruleset::Ayo, Ruleset::Wari] {
            let rules = OwareRules::new(set, 6, 4, false).unwrap();
            let mut db = Databases::new(rules, 9);
            while db.build_next(&mut |_| true).is_some() {}
            assert_eq!(db.seeds(), 10, "{rules}");
            let ranker = Ranker::new(12, 9);
            let total = 48;
            let mut x = 2024u64;
            let mut next = || {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                x >> 33
            };
            let mut checked = 0;
            while checked < 150 {
                let k = 1 + (next() % 9) as u32;
                let b = ranker.unrank(k as usize, next() % ranker.layer_size(k as usize));
                let south = (next() % u64::from(total - k + 1)) as u32;
                let row = |r: &[u8]| r.iter().map(|&s| s as u32).collect();
                let setup = OwareSetup {
                    south: row(&b[..6]),
                    north: row(&b[6..12]),
                    captured: ByPlayer { south, north: total - k - south },
                    turn: if next() % 2 == 0 { Player::South } else { Player::North },
                };
                let Ok(pos) = setup.validate(rules) else { continue };
                if pos.is_over() {
                    continue;
                }
                let a = analyze(&pos, Some(&db), 2, 4, &mut NoHandler);
                let base = pos.captured_diff();
                let want = db.move_values(&pos).unwrap();
                assert!(a.exact, "{rules} {pos:?}");
                assert_eq!(a.moves.len(), want.len(), "{rules} {pos:?}");
                for (mv, v) in want {
                    let mut after = pos;
                    after.play_unchecked(mv);
                    ended_by_rules += usize::from(after.is_over() && after.board_seeds() > 0);
                    let got = a.moves.iter().find(|m| m.mv == OwareMove(mv as u8).into()).unwrap();
                    assert_eq!(got.value.number(), base + v, "{rules} {pos:?} {mv}");
                }
                assert_eq!(a.value.number(), base + db.value_of(&pos).unwrap(), "{rules} {pos:?}");
                checked += 1;
            }
        }
        // The case of the report: moves that end the game by the rules with seeds left.
        assert!(ended_by_rules > 20, "{ended_by_rules}");
    }
}

//! A row game as a combinatorial game: the rows Left and Right can move to, whoever is to
//! move, and the row's value in canonical form (no splitting into components yet).

use std::collections::HashMap;

use super::{trimmed, Row, RowGame, RowRules, ROOM};
use crate::cgt::{Games, Gid};
use crate::engine::Player;

/// Most rows valued in one memo: past it, [`value`] gives up (`None`) rather than run for
/// hours on a row with too many followers.
pub const MAX_FOLLOWERS: usize = 4_000_000;

/// The rows (without their empty ends) Left, or Right, can move `pots` to; `None` for a row
/// longer than the room.
pub fn options<G: RowGame>(pots: &[u8], left: bool, impartial: bool) -> Option<Vec<Vec<u8>>> {
    if pots.len() > ROOM {
        return None;
    }
    let rules = RowRules::<G>::new(1, 0, impartial).expect("a valid size");
    let turn = if left { Player::South } else { Player::North };
    let p = Row::from_pots(rules, pots, turn);
    let mut out = vec![];
    p.for_each_move(|m| {
        let mut q = p;
        q.play_unchecked(m, None);
        out.push(trimmed(q.pots()).to_vec());
    });
    Some(out)
}

/// The value of the row `pots` (partizan, or impartial), memoised by row in `memo`; `None`
/// past [`MAX_FOLLOWERS`] rows or for a row [`options`] refuses.
pub fn value<G: RowGame>(t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, pots: &[u8], impartial: bool) -> Option<Gid> {
    let pots = trimmed(pots);
    if let Some(&g) = memo.get(pots) {
        return Some(g);
    }
    if memo.len() >= MAX_FOLLOWERS {
        return None;
    }
    let mut sides = [vec![], vec![]];
    for (side, left) in sides.iter_mut().zip([true, false]) {
        for q in options::<G>(pots, left, impartial)? {
            side.push(value::<G>(t, memo, &q, impartial)?);
        }
    }
    let [l, r] = sides;
    let g = t.game(l, r);
    memo.insert(pots.to_vec(), g);
    Some(g)
}

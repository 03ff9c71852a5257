//! Sowing as a combinatorial game: its Left and Right options whoever is to move, and its value
//! in canonical form (issue 16's first step: no splitting into components yet).

use std::collections::HashMap;

use super::{Sowing, SowingSetup};
use crate::cgt::{Games, Gid};
use crate::engine::Player;

/// The value of the row `pots` (partizan, or impartial), memoised by row in `memo`.
pub fn value(t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, pots: &[u8], impartial: bool) -> Gid {
    if let Some(&g) = memo.get(pots) {
        return g;
    }
    let rules = super::SowingRules::new(1, 0, impartial).expect("valid");
    let options = |player: Player| {
        let p = SowingSetup { rules, pots: pots.iter().map(|&n| n as u32).collect(), turn: player }
            .validate()
            .expect("a row of the game");
        let mut out: Vec<Vec<u8>> = vec![];
        p.for_each_move(|m| {
            let mut q: Sowing = p;
            q.play_unchecked(m, None);
            out.push(q.pots().to_vec());
        });
        out
    };
    let (l, r) = (options(Player::South), options(Player::North));
    let left: Vec<Gid> = l.iter().map(|q| value(t, memo, q, impartial)).collect();
    let right: Vec<Gid> = r.iter().map(|q| value(t, memo, q, impartial)).collect();
    let g = t.game(left, right);
    memo.insert(pots.to_vec(), g);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Erickson §2: 312 = {0 | -2} in Sowing, and * in impartial Sowing.
    #[test]
    fn the_papers_312() {
        let mut t = Games::new();
        let g = value(&mut t, &mut HashMap::new(), &[3, 1, 2], false);
        assert_eq!(t.show(g), "{0|-2}");
        let g = value(&mut t, &mut HashMap::new(), &[3, 1, 2], true);
        assert_eq!(t.show(g), "*");
    }
}

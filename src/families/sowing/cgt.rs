//! Sowing as a combinatorial game: its Left and Right options whoever is to move, and its value
//! in canonical form (issue 16's first step: no splitting into components yet).

use std::collections::HashMap;

use super::{Sowing, SowingSetup};
use crate::cgt::{Games, Gid};
use crate::engine::Player;

/// The rows Left (or Right) can move `pots` to.
pub fn options(pots: &[u8], left: bool, impartial: bool) -> Vec<Vec<u8>> {
    let rules = super::SowingRules::new(1, 0, impartial).expect("valid");
    let player = if left { Player::South } else { Player::North };
    let Ok(p) = (SowingSetup { rules, pots: pots.iter().map(|&n| n as u32).collect(), turn: player }).validate() else {
        return vec![];
    };
    let mut out: Vec<Vec<u8>> = vec![];
    p.for_each_move(|m| {
        let mut q: Sowing = p;
        q.play_unchecked(m, None);
        out.push(q.pots().to_vec());
    });
    out
}

/// Most rows valued in one memo: past it, [`value`] gives up (`None`) rather than run for
/// hours on a row with too many followers.
pub const MAX_FOLLOWERS: usize = 4_000_000;

/// The value of the row `pots` (partizan, or impartial), memoised by row in `memo`; `None`
/// past [`MAX_FOLLOWERS`] rows.
pub fn value(t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, pots: &[u8], impartial: bool) -> Option<Gid> {
    if let Some(&g) = memo.get(pots) {
        return Some(g);
    }
    if memo.len() >= MAX_FOLLOWERS {
        return None;
    }
    let (l, r) = (options(pots, true, impartial), options(pots, false, impartial));
    let left: Vec<Gid> = l.iter().map(|q| value(t, memo, q, impartial)).collect::<Option<_>>()?;
    let right: Vec<Gid> = r.iter().map(|q| value(t, memo, q, impartial)).collect::<Option<_>>()?;
    let g = t.game(left, right);
    memo.insert(pots.to_vec(), g);
    Some(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks every row of a table of Sowing values (row, value as printed, ours where it
    /// differs or "-", source): returns the rows checked and those where ours differs.
    fn check_table(text: &str, impartial: bool) -> (usize, usize) {
        let mut t = Games::new();
        let mut memo = HashMap::new();
        let (mut checked, mut differ) = (0, 0);
        for r in crate::data::rows(text) {
            let row: Vec<u8> = r[0].bytes().map(|b| b - b'0').collect();
            let g = value(&mut t, &mut memo, &row, impartial).unwrap();
            let want = if r[2] == "-" { r[1] } else { r[2] };
            assert_eq!(t.show(g), want, "{} ({})", r[0], r[3]);
            checked += 1;
            differ += (r[2] != "-") as usize;
        }
        (checked, differ)
    }

    /// Erickson's Tables 3 and 4 (data/sowing_impartial.tsv): every plain row's Nim-value,
    /// as printed, or as the file notes where ours differs (3 of 26 rows).
    #[test]
    fn tables_3_and_4_impartial() {
        assert_eq!(check_table(crate::data::SOWING_IMPARTIAL, true), (26, 3), "rows checked, rows not reproduced");
        // The row one swap away from the last disagreement is the printed *9.
        let mut t = Games::new();
        let g = value(&mut t, &mut HashMap::new(), &[1, 1, 1, 2, 3, 1, 1, 2], true).unwrap();
        assert_eq!(t.show(g), "*9");
    }

    /// Erickson's Table 2 (data/sowing_partizan.tsv): the values of starting positions, as
    /// printed or as the file notes where ours differs (2 of 16: 1^4 and 1^5, swapped).
    #[test]
    fn table_2_partizan() {
        assert_eq!(check_table(crate::data::SOWING_PARTIZAN, false), (16, 2), "rows checked, rows not reproduced");
    }

    /// Erickson §2: 312 = {0 | -2} in Sowing, and * in impartial Sowing.
    #[test]
    fn the_papers_312() {
        let mut t = Games::new();
        let g = value(&mut t, &mut HashMap::new(), &[3, 1, 2], false).unwrap();
        assert_eq!(t.show(g), "{0|-2}");
        let g = value(&mut t, &mut HashMap::new(), &[3, 1, 2], true).unwrap();
        assert_eq!(t.show(g), "*");
    }
}

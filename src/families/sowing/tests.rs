//! Sowing's rules of play and values against Erickson's §2 and his Tables 2–4.

use std::collections::HashMap;

use super::*;
use crate::cgt::Games;
use crate::engine::{Outcome, Player, Position};
use crate::families::row::cgt::value;

fn row(text: &[u32], turn: Player, impartial: bool) -> Sowing {
    Sowing::new(SowingRules::new(1, 0, impartial).unwrap(), text, turn).unwrap()
}

/// The paper's example: from 312 Left's only move gives 303; Right's give 402 and 420.
#[test]
fn the_papers_example() {
    let after = |p: Sowing| p.legal_moves().iter().map(|&m| p.play(m).unwrap().0.pots().to_vec()).collect::<Vec<_>>();
    assert_eq!(after(row(&[3, 1, 2], Player::South, false)), [vec![3, 0, 3]]);
    let mut right = after(row(&[3, 1, 2], Player::North, false));
    right.sort();
    assert_eq!(right, [vec![4, 0, 2], vec![4, 2, 0]]);
    // Impartial: either player, either way: the three of them.
    assert_eq!(after(row(&[3, 1, 2], Player::South, true)).len(), 3);
    // 303: Left cannot move (the 3s would go past the end or into an empty pot): Right wins.
    assert_eq!(row(&[3, 0, 3], Player::South, false).outcome(), Some(Outcome::Win(Player::North)));
}

fn sowing_value(t: &mut Games, pots: &[u8], impartial: bool) -> String {
    let g = value::<SowingGame>(t, &mut HashMap::new(), pots, impartial).unwrap();
    t.show(g)
}

/// Checks every row of a table of Sowing values (row, value as printed, ours where it
/// differs or "-", source): returns the rows checked and those where ours differs.
fn check_table(text: &str, impartial: bool) -> (usize, usize) {
    let mut t = Games::new();
    let mut memo = HashMap::new();
    let (mut checked, mut differ) = (0, 0);
    for r in crate::data::rows(text) {
        let row: Vec<u8> = r[0].bytes().map(|b| b - b'0').collect();
        let g = value::<SowingGame>(&mut t, &mut memo, &row, impartial).unwrap();
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
    assert_eq!(sowing_value(&mut Games::new(), &[1, 1, 1, 2, 3, 1, 1, 2], true), "*9");
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
    assert_eq!(sowing_value(&mut t, &[3, 1, 2], false), "{0|-2}");
    assert_eq!(sowing_value(&mut t, &[3, 1, 2], true), "*");
}

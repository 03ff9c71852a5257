//! Atomic Wari's rules of play and values against Erickson's §3 and his Table 5.

use super::*;
use crate::cgt::{Games, Gid};
use crate::engine::{Player, Position};
use crate::families::row::cgt::{value as row_value, Memo};
use crate::families::row::{row_text, trimmed};

fn value(t: &mut Games, memo: &mut Memo, pots: &[u8], impartial: bool) -> Option<Gid> {
    row_value::<AtomicGame>(t, memo, pots, impartial).ok()
}

fn after(pots: &[u32], turn: Player, impartial: bool) -> Vec<String> {
    let rules = AtomicRules::new(1, 0, impartial).unwrap();
    let p = Atomic::new(rules, pots, turn).unwrap();
    let mut out: Vec<String> =
        p.legal_moves().iter().map(|&m| row_text(trimmed(p.play(m).unwrap().0.pots()))).collect();
    out.sort();
    out
}

/// Erickson §3: from 312 Left moves to 1 (100, capturing 3 then 2) or 3111; Right to 301
/// or 11112.
#[test]
fn the_papers_312_moves() {
    assert_eq!(after(&[3, 1, 2], Player::South, false), ["1", "3111"]);
    assert_eq!(after(&[3, 1, 2], Player::North, false), ["11112", "301"]);
    assert_eq!(after(&[3, 1, 2], Player::South, true), ["1", "11112", "301", "3111"]);
    // A pot of one seed is never sown: 1101 is over.
    assert!(after(&[1, 1, 0, 1], Player::South, true).is_empty());
}

fn show(pots: &[u8], impartial: bool) -> String {
    let mut t = Games::new();
    let g = value(&mut t, &mut Memo::default(), pots, impartial).unwrap();
    t.show(g)
}

/// Erickson §3: the Atomic Wari 312 is ↑, and *2 when impartial.
#[test]
fn the_papers_312() {
    assert_eq!(show(&[3, 1, 2], false), "^");
    assert_eq!(show(&[3, 1, 2], true), "*2");
    // 1231110101311 = 123111 + 1311, and 1001321 = 1321 (§3's examples).
    let mut t = Games::new();
    let mut memo = Memo::default();
    let v = |t: &mut Games, memo: &mut Memo, p: &[u8]| value(t, memo, p, false).unwrap();
    let whole = v(&mut t, &mut memo, &[1, 2, 3, 1, 1, 1, 0, 1, 0, 1, 3, 1, 1]);
    let (a, b) = (v(&mut t, &mut memo, &[1, 2, 3, 1, 1, 1]), v(&mut t, &mut memo, &[1, 3, 1, 1]));
    assert_eq!(whole, t.add(a, b));
    assert_eq!(v(&mut t, &mut memo, &[1, 0, 0, 1, 3, 2, 1]), v(&mut t, &mut memo, &[1, 3, 2, 1]));
    // (01300)^n = n.^.
    let mut row = vec![];
    for n in 1..=3 {
        row.extend([0, 1, 3, 0, 0]);
        let g = v(&mut t, &mut memo, &row);
        assert_eq!(t.uptimal(g), Some((crate::cgt::Dyadic::ZERO, n, 0)), "(01300)^{n}");
    }
}

/// Erickson's Table 5 (data/atomic_table5.tsv): every two-pot value xy for x, y ≤ 10, in
/// the paper's symbols, as printed; and the paper's classification of xy (x ≤ y) through
/// .37's P-positions ("2^x = 0"), checked past the table, for x, y ≤ 12.
#[test]
fn table_5_and_its_classification() {
    use crate::cgt::Style;
    let mut t = Games::new();
    let mut memo = Memo::default();
    let mut rows = 0;
    for r in crate::data::rows(crate::data::ATOMIC_TABLE_5) {
        let (x, y): (u8, u8) = (r[0].parse().unwrap(), r[1].parse().unwrap());
        let g = value(&mut t, &mut memo, &[x, y], false).unwrap();
        let want = if r[3] == "-" { r[2] } else { r[3] };
        assert_eq!(t.show_in(g, Style::Paper), want, "{x}{y} ({})", r[4]);
        rows += 1;
    }
    assert_eq!(rows, 100);
    let mut s = crate::cgt::octal::NimSequence::new(".37".parse().unwrap());
    s.extend_to(40, &mut |_| true);
    let p = |n: i32| n >= 0 && s.values[n as usize] == 0;
    for x in 1..=12i32 {
        for y in x..=12i32 {
            let class = if x == 1 {
                match y {
                    1 => "0",
                    2 => "∗",
                    _ => "↑",
                }
            } else if x <= y - 2 {
                if p(x) {
                    "↓(1|0)"
                } else {
                    "↑²∗"
                }
            } else if x == y - 1 {
                if p(x - 2) {
                    "↑(1|0)"
                } else if p(y - 2) {
                    "↓(1|0)"
                } else {
                    "∗2"
                }
            } else if x == 2 {
                "∗2"
            } else if p(x - 2) {
                "↑(±1)"
            } else {
                "∗2"
            };
            let g = value(&mut t, &mut memo, &[x as u8, y as u8], false).unwrap();
            assert_eq!(t.show_in(g, Style::Paper), class, "{x}{y}");
        }
    }
}

#[test]
fn sparse_rows_are_heaps() {
    assert_eq!(sparse_heaps(&[1, 2, 2, 2, 0, 1, 2, 2]), Some(vec![3, 2]));
    assert_eq!(sparse_heaps(&[1, 3]), None);
}

/// An illegal move says which rule it breaks: the mover's way, or a pot of one seed.
#[test]
fn refusals_name_the_rule() {
    let p = Atomic::new(AtomicRules::new(1, 0, false).unwrap(), &[3, 1, 2], Player::South).unwrap();
    let why = |pot: u8, dir: Direction| p.play(AtomicMove::new(pot, dir)).unwrap_err().reason.to_string();
    assert_eq!(why(0, Direction::Left), "1l: Left sows only to the right");
    assert_eq!(why(1, Direction::Right), "2r: the pot holds 1 seed; a pot is sown only with 2 or more");
}

/// A row longer than a new game's (up to the room's 64 pots) is a position: an impartial row
/// of 60 pots of two has 120 moves, and the search takes them all.
#[test]
fn long_rows_and_many_moves() {
    use crate::families::FamilySearch;
    let p = Atomic::new(AtomicRules::new(1, 0, true).unwrap(), &[2; 60], Player::South).unwrap();
    assert_eq!(p.legal_moves().len(), 120);
    let a = AtomicFamily::analyze(&p, 2, 1, &mut crate::search::NoHandler);
    assert_eq!(a.moves.len(), 120);
    assert!(Atomic::new(AtomicRules::new(1, 0, true).unwrap(), &[2; 65], Player::South).is_err());
}

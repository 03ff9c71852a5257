//! Atomic Wari as a combinatorial game: the options of a row for Left and Right, its value in
//! canonical form, and sparse rows (every pot at most 2) through the octal game .37
//! (Erickson's Theorem 3.1).

use std::collections::HashMap;

use super::{sow, Direction, ROOM};
use crate::cgt::{Games, Gid};
use crate::families::row::trimmed;

/// The rows Left (or Right) can move `pots` to, each without its empty ends; `None` for rows
/// that do not fit the board's room.
pub fn options(pots: &[u8], left: bool, impartial: bool) -> Option<Vec<Vec<u8>>> {
    if pots.len() > ROOM {
        return None;
    }
    let dirs: &[Direction] = match (impartial, left) {
        (true, _) => &[Direction::Right, Direction::Left],
        (false, true) => &[Direction::Right],
        (false, false) => &[Direction::Left],
    };
    let mut out = vec![];
    for i in 0..pots.len() {
        if pots[i] < 2 {
            continue;
        }
        for &dir in dirs {
            let mut row = [0u8; ROOM];
            row[..pots.len()].copy_from_slice(pots);
            let (len, _) = sow(&mut row, pots.len(), i, dir, None)?;
            out.push(trimmed(&row[..len]).to_vec());
        }
    }
    Some(out)
}

/// The value of the row `pots` (partizan, or impartial), memoised by row in `memo`; `None`
/// when some follower outgrows the room, or past `MAX_FOLLOWERS` rows.
pub fn value(t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, pots: &[u8], impartial: bool) -> Option<Gid> {
    let pots = trimmed(pots);
    if let Some(&g) = memo.get(pots) {
        return Some(g);
    }
    if memo.len() >= crate::families::sowing::cgt::MAX_FOLLOWERS {
        return None;
    }
    let mut sides = [vec![], vec![]];
    for (s, left) in [true, false].into_iter().enumerate() {
        for q in options(pots, left, impartial)? {
            sides[s].push(value(t, memo, &q, impartial)?);
        }
    }
    let [l, r] = sides;
    let g = t.game(l, r);
    memo.insert(pots.to_vec(), g);
    Some(g)
}

/// A sparse row (every pot at most 2) as heaps of .37: the lengths of its runs of 2s.
pub fn sparse_heaps(pots: &[u8]) -> Option<Vec<usize>> {
    if pots.iter().any(|&n| n > 2) {
        return None;
    }
    Some(pots.split(|&n| n < 2).map(<[u8]>::len).filter(|&n| n > 0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(pots: &[u8], impartial: bool) -> String {
        let mut t = Games::new();
        let g = value(&mut t, &mut HashMap::new(), pots, impartial).unwrap();
        t.show(g)
    }

    /// Erickson §3: the Atomic Wari 312 is ↑, and *2 when impartial.
    #[test]
    fn the_papers_312() {
        assert_eq!(show(&[3, 1, 2], false), "^");
        assert_eq!(show(&[3, 1, 2], true), "*2");
        // 1231110101311 = 123111 + 1311, and 1001321 = 1321 (§3's examples).
        let mut t = Games::new();
        let mut memo = HashMap::new();
        let v = |t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, p: &[u8]| value(t, memo, p, false).unwrap();
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
        let mut memo = HashMap::new();
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
                    match y { 1 => "0", 2 => "∗", _ => "↑" }
                } else if x <= y - 2 {
                    if p(x) { "↓(1|0)" } else { "↑²∗" }
                } else if x == y - 1 {
                    if p(x - 2) { "↑(1|0)" } else if p(y - 2) { "↓(1|0)" } else { "∗2" }
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
}

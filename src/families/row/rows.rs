//! Rows as the games see them (their empty ends trimmed) and every row up to a size, in order.

use super::*;

/// The row without the empty pots at its ends (they never matter; endless full pots are not
/// empty, and the empty pots beside them stay).
pub fn trimmed(pots: &[u8]) -> &[u8] {
    let start = pots.iter().position(|&n| n > 0).unwrap_or(pots.len());
    let end = pots.iter().rposition(|&n| n > 0).map_or(start, |e| e + 1);
    &pots[start..end]
}

/// The row without the empty pots at its ends where they do not matter (every game but
/// Reaping): the row as the game sees it.
pub fn kept<G: RowGame>(pots: &[u8]) -> &[u8] {
    if G::KEEPS_ENDS {
        pots
    } else {
        trimmed(pots)
    }
}

/// Calls `f(seeds, row)` with every row of at most `max_seeds` seeds and `max_pots` pots,
/// fewest seeds first, then fewest pots, then in lexicographic order: rows whose end pots
/// hold seeds, or (`open_ends`: Reaping's bounded rows) any row. Returns `false` if `f` did.
pub fn for_each_row(max_seeds: u32, max_pots: usize, open_ends: bool, f: &mut dyn FnMut(u32, &[u8]) -> bool) -> bool {
    fn go(
        row: &mut Vec<u8>,
        pots: usize,
        left: u32,
        open: bool,
        seeds: u32,
        f: &mut dyn FnMut(u32, &[u8]) -> bool,
    ) -> bool {
        let i = row.len();
        if i == pots {
            return left == 0 && f(seeds, row);
        }
        let end = !open && (i == 0 || i == pots - 1);
        let last = i == pots - 1;
        let least = if last { left } else { u32::from(end) };
        let most = left.min(u8::MAX as u32);
        for a in least..=most {
            if end && a == 0 {
                continue;
            }
            row.push(a as u8);
            let go_on = go(row, pots, left - a, open, seeds, f);
            row.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    for s in 1..=max_seeds {
        for n in 1..=max_pots {
            // Two end pots with seeds need two seeds.
            if !open_ends && n >= 2 && s < 2 {
                continue;
            }
            if !go(&mut Vec::with_capacity(n), n, s, open_ends, s, f) {
                return false;
            }
        }
    }
    true
}

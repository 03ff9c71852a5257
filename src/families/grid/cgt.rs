//! Two-dimensional Sowing as a combinatorial game: a grid's value in canonical form
//! (partizan) or as a nim-value (impartial), each grid first made normal — cut to the
//! rectangle of its pots with seeds, and turned to the least of its four mirror images (a
//! mirror keeps the value: Left's up and down swap, and so do Right's left and right) — and
//! split into independent components ([`components`]).
//!
//! With one seed in every pot the game is Domineering, Left's dominoes vertical (a move sows
//! one seed into the pot beside it, which must hold seeds, and captures both).

use super::position::{can_sow, sow, Way};
use crate::cgt::{Games, Gid};

/// A grid as a memo key and as the valuation passes it around: rows, columns, then the pots
/// row-major.
pub type Key = Vec<u8>;

/// Grids valued so far (see [`crate::cgt::Memo`]).
pub type Memo = crate::cgt::Memo<Key>;

/// More grids than the limit: the valuation gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMany;

/// The key of a `rows` × `cols` grid as it stands.
pub fn key(rows: usize, cols: usize, pots: &[u8]) -> Key {
    let mut k = Vec::with_capacity(2 + pots.len());
    k.push(rows as u8);
    k.push(cols as u8);
    k.extend_from_slice(pots);
    k
}

/// The grid cut to the rectangle of its pots with seeds (no pot at all: the 0 × 0 grid),
/// turned to the least of its four mirror images.
pub fn normal(rows: usize, cols: usize, pots: &[u8]) -> Key {
    let full = |r: usize| (0..cols).any(|c| pots[r * cols + c] > 0);
    let Some(r0) = (0..rows).find(|&r| full(r)) else { return vec![0, 0] };
    let r1 = (0..rows).rfind(|&r| full(r)).expect("a row with seeds");
    let used = |c: usize| (r0..=r1).any(|r| pots[r * cols + c] > 0);
    let c0 = (0..cols).find(|&c| used(c)).expect("a column with seeds");
    let c1 = (0..cols).rfind(|&c| used(c)).expect("a column with seeds");
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    let at = |r: usize, c: usize| pots[(r0 + r) * cols + c0 + c];
    let mut best: Option<Key> = None;
    for (flip_r, flip_c) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut k = Vec::with_capacity(2 + h * w);
        k.push(h as u8);
        k.push(w as u8);
        for r in 0..h {
            for c in 0..w {
                k.push(at(if flip_r { h - 1 - r } else { r }, if flip_c { w - 1 - c } else { c }));
            }
        }
        if best.as_ref().is_none_or(|b| k < *b) {
            best = Some(k);
        }
    }
    best.expect("four images")
}

/// The pots a pot's seeds may ever reach, as a mask: the pot itself and, for a pot of two
/// seeds or more, every pot within its count along its row and column (a pot of one seed
/// only ever moves onto a pot beside it that holds seeds).
fn reach(rows: usize, cols: usize, r: usize, c: usize, k: usize) -> u64 {
    let mut m = 1u64 << (r * cols + c);
    if k >= 2 {
        for way in Way::ALL {
            let (dr, dc) = way.delta();
            for d in 1..=k as isize {
                let (y, x) = (r as isize + dr * d, c as isize + dc * d);
                if y < 0 || x < 0 || y >= rows as isize || x >= cols as isize {
                    break;
                }
                m |= 1 << (y as usize * cols + x as usize);
            }
        }
    }
    m
}

/// The mask grown by one pot up, down, left and right.
fn grown(rows: usize, cols: usize, m: u64) -> u64 {
    let mut out = m;
    for i in 0..rows * cols {
        if m >> i & 1 == 1 {
            let (r, c) = (i / cols, i % cols);
            if r > 0 {
                out |= 1 << (i - cols);
            }
            if r + 1 < rows {
                out |= 1 << (i + cols);
            }
            if c > 0 {
                out |= 1 << (i - 1);
            }
            if c + 1 < cols {
                out |= 1 << (i + 1);
            }
        }
    }
    out
}

/// The independent components of a normal grid, each normal; the grid itself when it does not
/// split. Pots never gain seeds (a seed falling into a pot with seeds captures it), so a pot
/// only ever holds its own count, one seed or none, and seeds only appear in empty pots
/// within reach of a pot of two or more ([`reach`]). Two groups of pots whose reaches are
/// not even side by side can never touch each other's seeds nor make a move legal or not for
/// the other: the grid is their sum. (With one seed a pot — Domineering — the components are
/// the groups of pots joined side by side.)
pub fn components(g: &Key) -> Vec<Key> {
    let (rows, cols) = (g[0] as usize, g[1] as usize);
    let pots = &g[2..];
    let cells: Vec<usize> = (0..rows * cols).filter(|&i| pots[i] > 0).collect();
    let reaches: Vec<u64> = cells.iter().map(|&i| reach(rows, cols, i / cols, i % cols, pots[i] as usize)).collect();
    let near: Vec<u64> = reaches.iter().map(|&m| grown(rows, cols, m)).collect();
    // Union-find over the pots with seeds.
    let mut parent: Vec<usize> = (0..cells.len()).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for (a, &close) in near.iter().enumerate() {
        for (b, &far) in reaches.iter().enumerate().skip(a + 1) {
            if close & far != 0 {
                let (x, y) = (root(&mut parent, a), root(&mut parent, b));
                parent[x] = y;
            }
        }
    }
    let mut groups: Vec<(usize, Vec<u8>)> = vec![];
    for (k, &i) in cells.iter().enumerate() {
        let r = root(&mut parent, k);
        let at = match groups.iter().position(|(x, _)| *x == r) {
            Some(at) => at,
            None => {
                groups.push((r, vec![0; rows * cols]));
                groups.len() - 1
            }
        };
        groups[at].1[i] = pots[i];
    }
    if groups.len() < 2 {
        return vec![g.clone()];
    }
    groups.into_iter().map(|(_, p)| normal(rows, cols, &p)).collect()
}

/// The normal grids a player can move the normal grid `g` to: Left's (up and down) when
/// `left`, else Right's; every way when `impartial`.
pub fn options(g: &Key, left: bool, impartial: bool) -> Vec<Key> {
    let (rows, cols) = (g[0] as usize, g[1] as usize);
    let pots = &g[2..];
    let mut out = vec![];
    let mut work = pots.to_vec();
    for r in 0..rows {
        for c in 0..cols {
            if pots[r * cols + c] == 0 {
                continue;
            }
            for way in Way::ALL {
                if !impartial && way.vertical() != left {
                    continue;
                }
                if can_sow(pots, rows, cols, r, c, way) {
                    work.copy_from_slice(pots);
                    sow(&mut work, rows, cols, (r, c), way, None);
                    out.push(normal(rows, cols, &work));
                }
            }
        }
    }
    out
}

/// The canonical form of the grid (`rows` × `cols`, row-major), memoised; impartial: the
/// nimber of its nim-value. At most `limit` grids are added to the memo.
///
/// # Errors
/// Past the limit.
pub fn value(
    t: &mut Games,
    memo: &mut Memo,
    rows: usize,
    cols: usize,
    pots: &[u8],
    impartial: bool,
    limit: usize,
) -> Result<Gid, TooMany> {
    let g = normal(rows, cols, pots);
    let stop = memo.len().saturating_add(limit);
    if impartial {
        let n = nim(memo, g, stop)?;
        Ok(t.nimber(n))
    } else {
        partizan(t, memo, g, stop)
    }
}

/// The value of a normal grid. The recursion is as deep as the longest game, which is short:
/// every move takes two seeds or more off the grid.
fn partizan(t: &mut Games, memo: &mut Memo, g: Key, stop: usize) -> Result<Gid, TooMany> {
    if let Some(v) = memo.game(&g) {
        return Ok(v);
    }
    if memo.len() >= stop {
        return Err(TooMany);
    }
    let parts = components(&g);
    let v = if parts.len() > 1 {
        let mut sum = t.zero();
        for p in parts {
            let h = partizan(t, memo, p, stop)?;
            sum = t.add(sum, h);
        }
        sum
    } else {
        let mut sides = [vec![], vec![]];
        for (k, left) in [true, false].into_iter().enumerate() {
            for o in options(&g, left, false) {
                sides[k].push(partizan(t, memo, o, stop)?);
            }
        }
        let [l, r] = sides;
        t.game(l, r)
    };
    memo.keep_game(g, v);
    Ok(v)
}

fn nim(memo: &mut Memo, g: Key, stop: usize) -> Result<u32, TooMany> {
    if let Some(v) = memo.nim(&g) {
        return Ok(v);
    }
    if memo.len() >= stop {
        return Err(TooMany);
    }
    let parts = components(&g);
    let v = if parts.len() > 1 {
        let mut x = 0;
        for p in parts {
            x ^= nim(memo, p, stop)?;
        }
        x
    } else {
        let mut values = vec![];
        for o in options(&g, true, true) {
            values.push(nim(memo, o, stop)?);
        }
        crate::families::row::cgt::mex(&values)
    };
    memo.keep_nim(g, v);
    Ok(v)
}

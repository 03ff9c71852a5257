//! A row game as a combinatorial game: the rows Left and Right can move to, and the row's value
//! — in canonical form when partizan, as a nim-value (mex of the options') when impartial —
//! with each row first made normal and split into components where the game proves it safe
//! ([`RowGame::normal`], [`RowGame::components`]). The walk over the followers is iterative
//! (Sowing's 1ⁿ has games of 2ⁿ⁻¹ − 1 moves: a recursion that deep would overflow the
//! worker's stack) and refuses a loop rather than hang.

use core::hash::BuildHasherDefault;
use std::collections::HashSet;

use super::{Row, RowGame, RowRules, ROOM};
use crate::cgt::{FastHasher, Games, Gid};
use crate::engine::Player;

/// Most rows one valuation may add to its memo: past it, [`value`] gives up rather than run
/// for hours on a row with too many followers.
pub const MAX_FOLLOWERS: usize = 4_000_000;

/// A row as a memo key: up to 15 pots packed in one word with the length (no allocation,
/// one compare), longer rows as they are.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum RowKey {
    /// Pots in the low bytes, the length in the top byte.
    Short(u128),
    /// A row of 16 pots or more.
    Long(Vec<u8>),
}

impl RowKey {
    /// The key of `row`.
    pub fn new(row: &[u8]) -> Self {
        if row.len() < 16 {
            let mut b = [0u8; 16];
            b[..row.len()].copy_from_slice(row);
            b[15] = row.len() as u8;
            RowKey::Short(u128::from_le_bytes(b))
        } else {
            RowKey::Long(row.to_vec())
        }
    }
}

/// The rows valued so far (see [`crate::cgt::Memo`]).
pub type Memo = crate::cgt::Memo<RowKey>;

/// Who hears how many rows a long valuation has valued (the CLI's progress).
pub use crate::cgt::Tick;

/// Why a row has no value here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// More rows than the limit ([`MAX_FOLLOWERS`] unless given).
    TooMany,
    /// A row longer than the room.
    TooLong,
    /// A row that is its own follower (not a short game).
    Loop,
}

impl core::fmt::Display for ValueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ValueError::TooMany => f.write_str("too many followers to value here"),
            ValueError::TooLong => write!(f, "a follower is longer than {ROOM} pots"),
            ValueError::Loop => f.write_str("the row can come back to itself: it has no short-game value"),
        }
    }
}

/// The normal rows (see [`RowGame::normal`]) Left, or Right, can move `pots` to; `None` for
/// a row longer than the room.
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
        out.push(G::normal(q.pots()));
    });
    Some(out)
}

/// How a row's value comes from its children's.
enum Node {
    /// The sum of its components.
    Sum,
    /// A game of options: the first `left` children are Left's (impartial: all of them).
    Options { left: usize },
}

/// What the walk values rows as: a canonical form or a nim-value.
trait Valuation<G: RowGame> {
    type Value: Copy;
    fn known(&self, memo: &Memo, row: &[u8]) -> Option<Self::Value>;
    fn finish(&mut self, memo: &mut Memo, row: Vec<u8>, node: Node, values: &[Self::Value]) -> Self::Value;
    /// The value of the row's mirror image (see [`RowGame::MIRROR_NEGATES`]).
    fn mirrored(&mut self, v: Self::Value) -> Self::Value;
    const IMPARTIAL: bool;
}

/// Partizan rows in canonical form.
struct Canonical<'a>(&'a mut Games);

impl<G: RowGame> Valuation<G> for Canonical<'_> {
    type Value = Gid;
    const IMPARTIAL: bool = false;

    fn known(&self, memo: &Memo, row: &[u8]) -> Option<Gid> {
        memo.game(&RowKey::new(row))
    }

    fn mirrored(&mut self, v: Gid) -> Gid {
        if G::MIRROR_NEGATES == Some(true) {
            self.0.neg(v)
        } else {
            v
        }
    }

    fn finish(&mut self, memo: &mut Memo, row: Vec<u8>, node: Node, values: &[Gid]) -> Gid {
        let t = &mut *self.0;
        let g = match node {
            Node::Sum => values.iter().fold(t.zero(), |s, &h| t.add(s, h)),
            Node::Options { left } => t.game(values[..left].to_vec(), values[left..].to_vec()),
        };
        memo.keep_game(RowKey::new(&row), g);
        g
    }
}

/// Impartial rows as nim-values.
struct Nim;

impl<G: RowGame> Valuation<G> for Nim {
    type Value = u32;
    const IMPARTIAL: bool = true;

    fn known(&self, memo: &Memo, row: &[u8]) -> Option<u32> {
        memo.nim(&RowKey::new(row))
    }

    fn mirrored(&mut self, v: u32) -> u32 {
        v
    }

    fn finish(&mut self, memo: &mut Memo, row: Vec<u8>, node: Node, values: &[u32]) -> u32 {
        let g = match node {
            Node::Sum => values.iter().fold(0, |s, &h| s ^ h),
            Node::Options { .. } => mex(values),
        };
        memo.keep_nim(RowKey::new(&row), g);
        g
    }
}

/// The least natural number not among `values`.
pub fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// A row's children: its components when it splits, else its options.
fn children<G: RowGame>(row: &[u8], impartial: bool) -> Result<(Vec<Vec<u8>>, Node), ValueError> {
    let parts = G::components(row);
    if parts.len() > 1 {
        return Ok((parts, Node::Sum));
    }
    let mut kids = options::<G>(row, true, impartial).ok_or(ValueError::TooLong)?;
    let left = kids.len();
    if !impartial {
        kids.extend(options::<G>(row, false, impartial).ok_or(ValueError::TooLong)?);
    }
    Ok((kids, Node::Options { left }))
}

/// One row of the walk: its children and their values so far.
struct Frame<V> {
    row: Vec<u8>,
    /// The row is the mirror image of the row its parent asked for.
    mirrored: bool,
    kids: Vec<Vec<u8>>,
    node: Node,
    values: Vec<V>,
}

/// Whether the game keeps the row turned round: it has a mirror symmetry and the row's mirror
/// image is the lesser (compared without building it).
fn turns<G: RowGame>(row: &[u8]) -> bool {
    G::MIRROR_NEGATES.is_some() && row.iter().zip(row.iter().rev()).find(|(a, b)| a != b).is_some_and(|(a, b)| b < a)
}

/// The row as the memo keeps it: the lesser of the row and its mirror image where the game
/// has a mirror symmetry, and whether it was turned.
fn oriented<G: RowGame>(row: &[u8]) -> (std::borrow::Cow<'_, [u8]>, bool) {
    if turns::<G>(row) {
        (std::borrow::Cow::Owned(row.iter().rev().copied().collect()), true)
    } else {
        (std::borrow::Cow::Borrowed(row), false)
    }
}

/// Values `root` (a normal row) depth first with an explicit stack.
fn walk<G: RowGame, W: Valuation<G>>(
    w: &mut W,
    memo: &mut Memo,
    root: Vec<u8>,
    limit: usize,
) -> Result<W::Value, ValueError> {
    let (root, turned) = match oriented::<G>(&root) {
        (std::borrow::Cow::Owned(r), true) => (r, true),
        _ => (root, false),
    };
    if let Some(v) = w.known(memo, &root) {
        return Ok(if turned { w.mirrored(v) } else { v });
    }
    let mut open: HashSet<RowKey, BuildHasherDefault<FastHasher>> = HashSet::default();
    let before = memo.len();
    let frame = |row: Vec<u8>, mirrored: bool| -> Result<Frame<W::Value>, ValueError> {
        let (kids, node) = children::<G>(&row, W::IMPARTIAL)?;
        Ok(Frame { row, mirrored, kids, node, values: vec![] })
    };
    open.insert(RowKey::new(&root));
    let mut stack = vec![frame(root, turned)?];
    let mut steps = 0u32;
    loop {
        steps = steps.wrapping_add(1);
        if steps % (1 << 16) == 0 {
            let rows = memo.len() - before;
            memo.report(rows);
        }
        let depth = stack.len();
        let top = stack.last_mut().expect("the walk ends when the root is valued");
        if top.values.len() < top.kids.len() {
            let (kid, turned) = oriented::<G>(&top.kids[top.values.len()]);
            if let Some(v) = w.known(memo, &kid) {
                let v = if turned { w.mirrored(v) } else { v };
                top.values.push(v);
                continue;
            }
            if open.contains(&RowKey::new(&kid)) {
                return Err(ValueError::Loop);
            }
            if memo.len() - before + depth >= limit {
                return Err(ValueError::TooMany);
            }
            let kid = kid.into_owned();
            open.insert(RowKey::new(&kid));
            stack.push(frame(kid, turned)?);
            continue;
        }
        let done = stack.pop().expect("a frame");
        open.remove(&RowKey::new(&done.row));
        let v = w.finish(memo, done.row, done.node, &done.values);
        let v = if done.mirrored { w.mirrored(v) } else { v };
        match stack.last_mut() {
            Some(parent) => parent.values.push(v),
            None => return Ok(v),
        }
    }
}

/// The value of the row `pots` (partizan in canonical form; impartial as the nimber of its
/// nim-value), memoised in `memo`.
///
/// # Errors
/// Past [`MAX_FOLLOWERS`] rows, a follower longer than the room, or a loop.
pub fn value<G: RowGame>(t: &mut Games, memo: &mut Memo, pots: &[u8], impartial: bool) -> Result<Gid, ValueError> {
    value_within::<G>(t, memo, pots, impartial, MAX_FOLLOWERS)
}

/// As [`value`], adding at most `limit` rows to the memo.
///
/// # Errors
/// As [`value`], past `limit` rows.
pub fn value_within<G: RowGame>(
    t: &mut Games,
    memo: &mut Memo,
    pots: &[u8],
    impartial: bool,
    limit: usize,
) -> Result<Gid, ValueError> {
    let row = G::normal(pots);
    if impartial {
        let n = walk::<G, _>(&mut Nim, memo, row, limit)?;
        Ok(t.nimber(n))
    } else {
        walk::<G, _>(&mut Canonical(t), memo, row, limit)
    }
}

/// The nim-value of the impartial row `pots`, memoised in `memo`.
///
/// # Errors
/// As [`value`].
pub fn nim_value<G: RowGame>(memo: &mut Memo, pots: &[u8]) -> Result<u32, ValueError> {
    walk::<G, _>(&mut Nim, memo, G::normal(pots), MAX_FOLLOWERS)
}

/// Values every row of at most `max_pots` pots and `max_seeds` seeds, partizan and impartial
/// (a loop or a valuation past the limit fails the test); returns the rows valued.
#[cfg(test)]
pub(crate) fn value_every_small_row<G: RowGame>(max_pots: usize, max_seeds: u32) -> usize {
    let mut t = Games::new();
    let (mut memo, mut imp) = (Memo::default(), Memo::default());
    let mut rows = 0;
    super::for_each_row(max_seeds, max_pots, true, &mut |_, row| {
        value::<G>(&mut t, &mut memo, row, false).unwrap_or_else(|e| panic!("{row:?}: {e}"));
        value::<G>(&mut t, &mut imp, row, true).unwrap_or_else(|e| panic!("{row:?}: {e}"));
        rows += 1;
        true
    });
    rows
}

//! Conway's Sowing (Erickson, "Sowing Games" §2): a row of pots; a move takes every seed of a
//! pot and sows them one by one into the following pots — Left to the right, Right to the left
//! (in the impartial version either player, either way) — and the last seed may not fall into
//! an empty pot nor past the end of the row. The player who cannot move loses (normal play).
//!
//! Rules ids `sowing` and `sowing-i` (impartial), with the start's size as `sowing-N-S` (N
//! pots of S seeds); setups are the pots from the left, digits written together when every
//! pot holds fewer than 10 (`312`) or joined by dots (`3.10.2`), then `-` and who moves (`l` or
//! `r`); moves are a pot's number from 1 and its way, `l` or `r` (`2r`). Everything but the
//! rules of play is the row games' ([`crate::families::row`]). Left is drawn and stored as
//! South (moves first by default), Right as North.

mod card;
#[cfg(test)]
mod tests;

use super::row::cgt::RowKey;
use super::row::{
    trimmed, Direction, FollowerCount, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, FULL, ROOM, WALL,
};
use super::{Card, ParseSetupError, Preset};
use crate::engine::{IllegalMove, Step, Trace};

/// Conway's Sowing, as a [`RowGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SowingGame;

/// The Sowing family.
pub type SowingFamily = RowFamily<SowingGame>;
/// Sowing's rules.
pub type SowingRules = RowRules<SowingGame>;
/// A Sowing position.
pub type Sowing = Row<SowingGame>;
/// A Sowing move.
pub type SowingMove = RowMove<SowingGame>;
/// Why a setup is not a Sowing position.
pub type SowingSetupError = RowSetupError<SowingGame>;

/// Most seeds a pot may hold (a pot of a row that fits the room is full long before: a pot
/// that would hold more keeps this many, with the same value).
pub const MAX_SEEDS: u32 = 250;

impl RowGame for SowingGame {
    const KEY: &'static str = "sowing";
    const NAME: &'static str = "Conway's Sowing";
    const HOW_IT_PLAYS: &'static str =
        "One row, partizan: Left sows a pot to the right, Right to the left (either way in the impartial game); the last seed may not fall into an empty pot; who cannot move loses.";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("conway", "sowing")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "sowing",
            name: "Conway's Sowing",
            source: "Erickson, \"Sowing Games\", §2: Left sows to the right, Right to the left; the last seed may not fall into an empty pot.",
        },
        Preset {
            id: "sowing-i",
            name: "Conway's Sowing, impartial",
            source: "Erickson, \"Sowing Games\", §2: either player may sow either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["sowing", "sowing-i"];
    const RULES_HELP: &'static str =
        "sowing (Conway's Sowing: five pots of two seeds, Left sows right, Right sows left) and \
sowing-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset conway (sowing)";
    const SETUP_HELP: &'static str = "Sowing setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), x (or •) for a full pot and ~ (or ←• •→) for endless full pots at an end, rows joined by + for their sum (312+21), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str = "Sowing: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const SETUP_FORM: &'static str =
        "a Sowing setup is the pots from the left (312, 3.10.2, x11x, 312+21), then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Sowing";
    /// Five pots of two seeds.
    const DEFAULT: (u32, u32) = (5, 2);
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const HASH_SEED: u64 = 0x243F_6A88_85A3_08D3;
    const FULL_POTS: bool = true;

    /// The pot has seeds and is not full, and the last one falls into a pot that is not empty:
    /// on the row, or past an end into endless full pots.
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        let k = pots[i] as usize;
        if k == 0 || k >= WALL as usize {
            return false;
        }
        let n = pots.len();
        match dir {
            Direction::Right if i + k < n => pots[i + k] > 0,
            Direction::Right => pots[n - 1] == WALL,
            Direction::Left if k <= i => pots[i - k] > 0,
            Direction::Left => pots[0] == WALL,
        }
    }

    /// One seed a pot; full pots stay full, and seeds sown past endless full pots are drawn
    /// falling into them.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, mut trace: Option<&mut Trace>) -> usize {
        let k = std::mem::take(&mut pots[i]) as usize;
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Pick(super::row::cell(i)));
        }
        for d in 1..=k {
            let j = match dir {
                Direction::Right => (i + d).min(len - 1),
                Direction::Left => i.saturating_sub(d),
            };
            if pots[j] < MAX_SEEDS as u8 {
                pots[j] += 1;
            }
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Drop(super::row::cell(j)));
            }
        }
        len
    }

    /// Without its empty ends, full pots written as such, and counts past the row's length cut
    /// to it (they sow alike: past a plain end never, past endless full pots always).
    fn normal(pots: &[u8]) -> Vec<u8> {
        let mut row = trimmed(pots).to_vec();
        let n = row.len();
        if n == 0 {
            return row;
        }
        let walls = (row[0] == WALL, row[n - 1] == WALL);
        for (i, p) in row.iter_mut().enumerate() {
            if *p == 0 || *p >= WALL {
                continue;
            }
            let k = *p as usize;
            if !walls.0 && !walls.1 && k > i && k > n - 1 - i {
                *p = FULL;
            } else if k > n {
                *p = n as u8;
            }
        }
        row
    }

    /// Splits a normal row at a run of pots nothing can ever sow across (Erickson's
    /// 1200021 = 12 + 21, 110••1 = 110• + •1); see [`split`].
    fn components(pots: &[u8]) -> Vec<Vec<u8>> {
        split(pots)
    }

    fn refusal(_: &[u8], mv: SowingMove) -> IllegalMove {
        IllegalMove::NotSowable(mv.to_string())
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Invalid(crate::families::AnySetupError::Sowing(e))
    }

    fn card(rules: &SowingRules) -> Card {
        card::card(rules)
    }

    fn parts_as_is(pots: &[u8]) -> Vec<Vec<u8>> {
        parts_as_is(pots)
    }

    fn count_followers(row: &str, limit: u64) -> Option<FollowerCount> {
        // A sum (`312+21`) is valued part by part: no count first.
        let pots = crate::families::row::parse_row(row, 254).ok().filter(|_| !row.contains('+'))?;
        let pots: Vec<u8> = pots.iter().map(|&n| n.min(255) as u8).collect();
        Some(Box::new(move || followers(&pots, limit)))
    }

    fn followers_bound(row: &str) -> Option<u32> {
        let ones = row.trim().trim_matches('0');
        (!ones.is_empty() && ones.bytes().all(|b| b == b'1')).then_some(ones.len() as u32)
    }
}

/// The rows reachable from `start` by Sowing's moves, either player, either way (the row
/// included, empty ends dropped); `None` past `limit` rows.
pub fn followers(start: &[u8], limit: u64) -> Option<u64> {
    let mut seen: crate::cgt::HashMap<RowKey, ()> = Default::default();
    let mut todo = vec![trimmed(start).to_vec()];
    seen.insert(RowKey::new(&todo[0]), ());
    while let Some(row) = todo.pop() {
        if seen.len() as u64 > limit {
            return None;
        }
        for q in crate::families::row::cgt::options::<SowingGame>(&row, true, true)? {
            // Followers as rows (full pots keep their seeds' place, not a normal form).
            if seen.insert(RowKey::new(&q), ()).is_none() {
                todo.push(q);
            }
        }
    }
    Some(seen.len() as u64)
}

/// The parts a row splits into at runs of empty pots by [`split`]'s first rule, as they stand
/// (not in normal form, only their empty ends dropped): how a sum set up as `312+21` reads
/// again.
pub fn parts_as_is(pots: &[u8]) -> Vec<Vec<u8>> {
    let seeds = |part: &[u8]| part.iter().filter(|&&n| n < WALL).map(|&n| n as usize).sum::<usize>();
    let pots = trimmed(pots);
    let mut i = 0;
    while i < pots.len() {
        if pots[i] != 0 {
            i += 1;
            continue;
        }
        let j = i + pots[i..].iter().take_while(|&&n| n == 0).count();
        let (a, b) = (&pots[..i], &pots[j..]);
        if seeds(a) <= j - i && seeds(b) <= j - i {
            let mut out = vec![a.to_vec()];
            out.extend(parts_as_is(b));
            return out;
        }
        i = j;
    }
    vec![pots.to_vec()]
}

/// The independent components of a normal Sowing row, left to right (the row itself when it
/// does not split). Two splits are proven safe:
///
/// - at a run of `w` empty pots, when neither side holds more than `w` seeds outside full
///   pots: a move must end in a pot that is not empty, so a side's moves end on its own pots
///   unless one of its pots holds more than `w` seeds, and no pot of a side ever holds more
///   than that side's seeds (only its own moves sow into it): the run stays empty for ever;
/// - at a run of `w` full pots, when neither side holds more than `w` seeds outside full
///   pots: no move reaches past the run, and sowing into a full pot changes nothing; each
///   side keeps as many of the full pots as its seeds can reach.
///
/// Erickson knew no general method ("any two positions separated by sufficiently many empty
/// or full pots should be considered independent, but we don't know how many"): these are
/// sufficient conditions, so a row that does not split here may still be a sum.
pub fn split(pots: &[u8]) -> Vec<Vec<u8>> {
    let seeds = |part: &[u8]| part.iter().filter(|&&n| n < WALL).map(|&n| n as usize).sum::<usize>();
    let n = pots.len();
    let mut i = 0;
    while i < n {
        let kind = pots[i];
        if kind != 0 && kind != FULL {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < n && pots[j] == kind {
            j += 1;
        }
        // A run [i, j) of one kind, with pots on both sides.
        if i > 0 && j < n {
            let w = j - i;
            let (a, b) = (&pots[..i], &pots[j..]);
            let (sa, sb) = (seeds(a), seeds(b));
            if sa <= w && sb <= w && sa > 0 && sb > 0 {
                let (left, right) = if kind == 0 {
                    (a.to_vec(), b.to_vec())
                } else {
                    let mut left = a.to_vec();
                    left.extend(std::iter::repeat_n(FULL, sa));
                    let mut right = vec![FULL; sb];
                    right.extend_from_slice(b);
                    (left, right)
                };
                let mut out = vec![SowingGame::normal(&left)];
                out.extend(split(&SowingGame::normal(&right)));
                return out;
            }
        }
        i = j;
    }
    vec![pots.to_vec()]
}

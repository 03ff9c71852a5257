//! Atomic Wari (Erickson, "Sowing Games" §3): a row of pots; a move takes every seed of a pot
//! holding at least two and sows them one by one *starting with that pot* — Left to the right,
//! Right to the left (in the impartial version either player, either way). If the last pot
//! sown then holds two or three seeds they are captured, and so on backwards along the pots
//! just sown while each holds two or three. The player who cannot move loses.
//!
//! The row is unbounded: a sowing that runs past an end makes the row longer (from 312,
//! Left's move from the last pot gives 3111), up to the room of [`ROOM`] pots. Rules ids
//! `atomic` and `atomic-i` (impartial), with the start's size as `atomic-N-S`; setups and
//! moves as Sowing's (`312-l`, `2r`). Everything but the rules of play is the row games'
//! ([`crate::families::row`]); sparse rows are heaps of the octal game .37 ([`sparse_heaps`]).

mod card;
#[cfg(test)]
mod tests;

use super::row::{Direction, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, ROOM};
use super::{Card, ParseSetupError, Preset};
use crate::engine::{Cell, IllegalMove, Player, Step, Trace};

/// Atomic Wari, as a [`RowGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtomicGame;

/// The Atomic Wari family.
pub type AtomicFamily = RowFamily<AtomicGame>;
/// Atomic Wari's rules.
pub type AtomicRules = RowRules<AtomicGame>;
/// An Atomic Wari position.
pub type Atomic = Row<AtomicGame>;
/// An Atomic Wari move.
pub type AtomicMove = RowMove<AtomicGame>;
/// Why a setup is not an Atomic Wari position.
pub type AtomicSetupError = RowSetupError<AtomicGame>;

/// Most seeds a pot of a setup may hold.
pub const MAX_SEEDS: u32 = 32;

impl RowGame for AtomicGame {
    const KEY: &'static str = "atomic";
    const NAME: &'static str = "Atomic Wari";
    const HOW_IT_PLAYS: &'static str =
        "One row that grows: sow a pot of two or more seeds starting with the pot itself, Left to the right and Right to the left; a last pot of 2 or 3 is captured, with the 2s and 3s before it.";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("atomic-wari", "atomic")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "atomic",
            name: "Atomic Wari",
            source: "Erickson, \"Sowing Games\", §3: sow from the pot itself, at least two seeds, Left to the right, Right to the left; capture 2s and 3s backwards.",
        },
        Preset {
            id: "atomic-i",
            name: "Atomic Wari, impartial",
            source: "Erickson, \"Sowing Games\", §3: either player may sow either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["atomic", "atomic-i"];
    const RULES_HELP: &'static str =
        "atomic (Atomic Wari: four pots of three seeds, Left sows right, Right sows left, from the pot itself) and \
atomic-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset atomic-wari (atomic)";
    const SETUP_HELP: &'static str = "Atomic Wari setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str = "Atomic Wari: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const SETUP_FORM: &'static str =
        "an Atomic Wari setup is the pots from the left (312, or 3.10.2), then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Atomic Wari";
    /// Four pots of three seeds (the paper has no start position).
    const DEFAULT: (u32, u32) = (4, 3);
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const HASH_SEED: u64 = 0x1319_8A2E_0370_7344;

    /// The pot holds two seeds or more, and the row does not outgrow the room.
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        let (k, n) = (pots[i] as usize, pots.len());
        k >= 2
            && match dir {
                Direction::Left => n + (k - 1).saturating_sub(i) <= ROOM,
                Direction::Right => i + k <= ROOM,
            }
    }

    /// Sows from the pot itself, growing the row past either end as needed, then captures.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, trace: Option<&mut Trace>) -> usize {
        sow_capturing(pots, len, i, dir, trace, |n| (2..=3).contains(&n))
    }

    fn refusal(pots: &[u8], mv: AtomicMove) -> IllegalMove {
        match pots[mv.pot as usize] {
            k @ 0..=1 => IllegalMove::TooFewSeeds { mv: mv.to_string(), holds: k as u32, needs: 2 },
            _ => IllegalMove::RowFull { mv: mv.to_string(), room: ROOM as u32 },
        }
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Invalid(crate::families::AnySetupError::Atomic(e))
    }

    fn heaps(pots: &[u8]) -> Option<Vec<usize>> {
        sparse_heaps(pots)
    }

    fn card(rules: &AtomicRules) -> Card {
        card::card(rules)
    }
}

/// A sparse row (every pot at most 2) as heaps of .37: the lengths of its runs of 2s
/// (Erickson's Theorem 3.1).
pub fn sparse_heaps(pots: &[u8]) -> Option<Vec<usize>> {
    if pots.iter().any(|&n| n > 2) {
        return None;
    }
    Some(pots.split(|&n| n < 2).map(<[u8]>::len).filter(|&n| n > 0).collect())
}

/// Atomic Wari's sowing from pot `i` the way `dir` (growing the row as needed), then the
/// captures of the pots `captures` takes (Atomic Wari: 2 or 3), from the last backwards;
/// returns the row's new length.
pub fn sow_capturing(
    pots: &mut [u8; ROOM],
    len: usize,
    i: usize,
    dir: Direction,
    mut trace: Option<&mut Trace>,
    captures: fn(u8) -> bool,
) -> usize {
    let k = pots[i] as usize;
    let (mut len, mut i) = (len, i);
    let shift = match dir {
        Direction::Left => (k - 1).saturating_sub(i),
        Direction::Right => 0,
    };
    let need = match dir {
        Direction::Left => len + shift,
        Direction::Right => len.max(i + k),
    };
    if shift > 0 {
        pots.copy_within(0..len, shift);
        pots[..shift].fill(0);
        i += shift;
    }
    len = need;
    pots[i] = 0;
    if let Some(t) = trace.as_deref_mut() {
        t.steps.push(Step::Pick(super::row::cell(i)));
    }
    let at = |d: usize| if dir == Direction::Right { i + d } else { i - d };
    for d in 0..k {
        pots[at(d)] += 1;
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Drop(super::row::cell(at(d))));
        }
    }
    // Captures: the last pot, then backwards along the sown pots, while they may be captured.
    for d in (1..k).rev() {
        let j = at(d);
        if !captures(pots[j]) {
            break;
        }
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Capture {
                from: super::row::cell(j),
                to: Cell::Store(Player::South),
                seeds: pots[j] as u32,
            });
        }
        pots[j] = 0;
    }
    len
}

//! Reverse Atomic Wari (Erickson, "Sowing Games" §4: "One could also play Atomic Wari after
//! reversing the movement rules, but one must be careful not to reverse the capturing rules as
//! well!"). Atomic Wari's sowing reversed as Sowing's is by Reaping: a move starts at a pot
//! and goes the mover's way — Left's to the right, Right's to the left (impartial: either) —
//! picking up one seed from each pot up to the first empty pot, at least two pots, and drops
//! them all into that empty pot; past an end of the row if need be, since Atomic Wari's row
//! has no end. Atomic Wari's captures are kept, not reversed: if the pot the seeds fell into
//! holds 2 or 3 they are captured, then the pots the seeds came from, nearest first, while
//! each holds 2 or 3.
//!
//! Rules ids `ratomic` (alias `reverse-atomic`) and `ratomic-i`, with the start's size as
//! `ratomic-N-S`; setups and moves as Atomic Wari's (`2222-l`, `1r`: the pot a move starts
//! from and its way).

mod card;
#[cfg(test)]
mod tests;

use super::reaping::{first_empty, reap};
use super::row::{Direction, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, ROOM};
use super::{Card, ParseSetupError, Preset};
use crate::engine::{Cell, IllegalMove, Player, Step, Trace};

/// Reverse Atomic Wari, as a [`RowGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReverseAtomicGame;

/// The Reverse Atomic Wari family.
pub type ReverseAtomicFamily = RowFamily<ReverseAtomicGame>;
/// Reverse Atomic Wari's rules.
pub type ReverseAtomicRules = RowRules<ReverseAtomicGame>;
/// A Reverse Atomic Wari position.
pub type ReverseAtomic = Row<ReverseAtomicGame>;
/// A Reverse Atomic Wari move.
pub type ReverseAtomicMove = RowMove<ReverseAtomicGame>;

/// Most seeds a pot of a setup may hold.
pub const MAX_SEEDS: u32 = 32;

/// Where the string of a move from pot `i` the way `dir` ends: the first empty pot after `i`,
/// as a place on the row grown by one pot on the left where it runs past the left end
/// (`Err(())` there: the row must grow on the left), or the pot just past the right end.
fn target(pots: &[u8], i: usize, dir: Direction) -> Result<usize, ()> {
    match (first_empty(pots, i, dir), dir) {
        (Some(e), _) => Ok(e),
        (None, Direction::Right) => Ok(pots.len()),
        (None, Direction::Left) => Err(()),
    }
}

impl RowGame for ReverseAtomicGame {
    const KEY: &'static str = "ratomic";
    const NAME: &'static str = "Reverse Atomic Wari";
    const HOW_IT_PLAYS: &'static str =
        "Atomic Wari's sowing reversed: from a pot, pick up one seed from each pot up to the first empty pot (two pots at least) and drop them all there; Left to the right, Right to the left; a pot of 2 or 3 is still captured.";
    const ALIASES: &'static [(&'static str, &'static str)] = &[("reverse-atomic", "ratomic")];
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "ratomic",
            name: "Reverse Atomic Wari",
            source: "Erickson, \"Sowing Games\", §4: Atomic Wari with the movement reversed (reaped, not sown) and the captures kept.",
        },
        Preset {
            id: "ratomic-i",
            name: "Reverse Atomic Wari, impartial",
            source: "Erickson, \"Sowing Games\", §4: either player may reap either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["ratomic", "ratomic-i"];
    const RULES_HELP: &'static str = "ratomic (Reverse Atomic Wari: four pots of three seeds, Left reaps right, Right reaps left, captures of 2s and 3s kept) and \
ratomic-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset reverse-atomic (ratomic)";
    const SETUP_HELP: &'static str = "Reverse Atomic Wari setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str =
        "Reverse Atomic Wari: the number (from 1) of the pot a move starts from and its way, l or r, joined by dots (2r.3l)";
    const SETUP_FORM: &'static str =
        "a Reverse Atomic Wari setup is the pots from the left (312, or 3.10.2), then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Reverse Atomic Wari";
    /// Four pots of three seeds, as Atomic Wari's.
    const DEFAULT: (u32, u32) = (4, 3);
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const VERB: &'static str = "reaps from";
    const HASH_SEED: u64 = 0x4528_21E6_38D0_1377;

    /// The pot and the next one its way hold seeds, and the row does not outgrow the room.
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        let next = match dir {
            Direction::Right => pots.get(i + 1),
            Direction::Left => i.checked_sub(1).map(|j| &pots[j]),
        };
        pots[i] > 0
            && next.is_some_and(|&n| n > 0)
            && match target(pots, i, dir) {
                Ok(e) => e < ROOM,
                Err(()) => pots.len() < ROOM,
            }
    }

    /// Reaps into the first empty pot (growing the row past an end if need be), then captures.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, mut trace: Option<&mut Trace>) -> usize {
        let (mut len, mut i) = (len, i);
        let e = match target(&pots[..len], i, dir) {
            Ok(e) => {
                len = len.max(e + 1);
                e
            }
            Err(()) => {
                pots.copy_within(0..len, 1);
                pots[0] = 0;
                len += 1;
                i += 1;
                0
            }
        };
        let string = reap(&mut pots[..len], i, e, trace.as_deref_mut());
        // Captures: the pot the seeds fell into, then back along the string, nearest first.
        for j in std::iter::once(e).chain(string.iter().rev().copied()) {
            if !(2..=3).contains(&pots[j]) {
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

    fn refusal(pots: &[u8], mv: ReverseAtomicMove) -> IllegalMove {
        if target(pots, mv.pot as usize, mv.dir).map_or(pots.len() >= ROOM, |e| e >= ROOM) {
            return IllegalMove::RowFull { mv: mv.to_string(), room: ROOM as u32 };
        }
        IllegalMove::Rule {
            mv: mv.to_string(),
            why: "a move takes a seed from at least two pots in a row: the next pot that way is empty or off the row",
        }
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Invalid(crate::families::AnySetupError::ReverseAtomic(e))
    }

    fn card(rules: &ReverseAtomicRules) -> Card {
        card::card(rules)
    }
}

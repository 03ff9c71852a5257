//! Reaping (Erickson, "Sowing Games" §4): Sowing played in reverse. A move starts at a pot of
//! at least two seeds and goes the mover's way — Left's to the right, Right's to the left (in
//! the impartial version either player, either way) — picking up one seed from that pot and
//! from every pot after it, up to the first empty pot, and drops them all into that empty pot.
//! The row is bounded and its empty pots, the end ones included, are part of the position.
//!
//! Every Reaping move is a Sowing move played backwards: Left's reap from `s` into the empty
//! pot `e` undoes Right's sowing of the `e − s` seeds of pot `e` (its last seed fell into pot
//! `s`, which was not empty: so `s` keeps a seed, the "at least two" above). Sowing moves that
//! end in or run through full pots have no Reaping twin (a full pot's seeds are not counted).
//!
//! Rules ids `reaping` and `reaping-i` (impartial), with the start's size as `reaping-N-S`: N
//! pots of S seeds between two empty pots. Setups and moves as Sowing's (`0222220-l`, `2r`,
//! the pot a move starts from and its way).

mod card;
#[cfg(test)]
mod tests;

use super::row::{Direction, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, ROOM};
use super::{Card, ParseSetupError, Preset};
use crate::engine::{IllegalMove, Step, Trace};

/// Reaping, as a [`RowGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReapingGame;

/// The Reaping family.
pub type ReapingFamily = RowFamily<ReapingGame>;
/// Reaping's rules.
pub type ReapingRules = RowRules<ReapingGame>;
/// A Reaping position.
pub type Reaping = Row<ReapingGame>;
/// A Reaping move.
pub type ReapingMove = RowMove<ReapingGame>;
/// Why a setup is not a Reaping position.
pub type ReapingSetupError = RowSetupError<ReapingGame>;

/// Most seeds a pot of a setup may hold.
pub const MAX_SEEDS: u32 = 99;

/// The first empty pot from pot `i` the way `dir` (not `i` itself), on the row.
pub fn first_empty(pots: &[u8], i: usize, dir: Direction) -> Option<usize> {
    match dir {
        Direction::Right => (i + 1..pots.len()).find(|&j| pots[j] == 0),
        Direction::Left => (0..i).rev().find(|&j| pots[j] == 0),
    }
}

impl RowGame for ReapingGame {
    const KEY: &'static str = "reaping";
    const NAME: &'static str = "Reaping";
    const HOW_IT_PLAYS: &'static str =
        "Sowing in reverse, on one row: from a pot of two or more, pick up one seed from each pot up to the first empty pot and drop them all there; Left reaps to the right, Right to the left; who cannot move loses.";
    const PRESETS: &'static [Preset] = &[
        Preset {
            id: "reaping",
            name: "Reaping",
            source: "Erickson, \"Sowing Games\", §4: one seed from each of a string of pots, all into the first empty pot; Sowing played backwards.",
        },
        Preset {
            id: "reaping-i",
            name: "Reaping, impartial",
            source: "Erickson, \"Sowing Games\", §4 (and §2's impartial Sowing): either player may reap either way.",
        },
    ];
    const EXAMPLES: &'static [&'static str] = &["reaping", "reaping-i"];
    const RULES_HELP: &'static str =
        "reaping (Reaping: five pots of two seeds between two empty pots, Left reaps right, Right reaps left) and \
reaping-N-S (N pots of S seeds between two empty pots), with suffix -i (impartial: either player, either way)";
    const SETUP_HELP: &'static str = "Reaping setup: the pots from the left, empty end pots included (they are part of the row), digits together when all are below 10 (0312) or joined by dots (0.3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str =
        "Reaping: the number (from 1) of the pot a reap starts from and its way, l or r, joined by dots (2r.5l)";
    const SETUP_FORM: &'static str =
        "a Reaping setup is the pots from the left, empty ends included (03120, or 0.3.10.2), then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Reaping";
    /// Five pots of two seeds, between two empty pots.
    const DEFAULT: (u32, u32) = (5, 2);
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const VERB: &'static str = "reaps from";
    const HASH_SEED: u64 = 0x0A40_9382_2299_F31D;
    const KEEPS_ENDS: bool = true;

    /// N pots of S seeds between two empty pots (a row full of seeds has no move).
    fn start(pots: u8, seeds: u8) -> Vec<u8> {
        let mut row = vec![0];
        row.extend(std::iter::repeat_n(seeds, pots as usize));
        row.push(0);
        row
    }

    /// The pot holds two seeds or more, and there is an empty pot its way on the row.
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        pots[i] >= 2 && first_empty(pots, i, dir).is_some()
    }

    /// One seed from each pot from `i` up to the first empty pot, all dropped into it.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, trace: Option<&mut Trace>) -> usize {
        let e = first_empty(&pots[..len], i, dir).expect("a legal reap has an empty pot its way");
        reap(pots, i, e, trace);
        len
    }

    fn refusal(pots: &[u8], mv: ReapingMove) -> IllegalMove {
        let i = mv.pot as usize;
        if pots[i] < 2 {
            IllegalMove::Rule {
                mv: mv.to_string(),
                why: "a reap starts at a pot of two seeds or more (the pot it starts from keeps a seed)",
            }
        } else {
            IllegalMove::Rule { mv: mv.to_string(), why: "there is no empty pot that way to drop the seeds into" }
        }
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Invalid(crate::families::AnySetupError::Reaping(e))
    }

    fn card(rules: &ReapingRules) -> Card {
        card::card(rules)
    }
}

/// Takes one seed from each pot from `i` up to the empty pot `e` (not included) and drops
/// them all into `e`, recording the steps; returns the pots taken from, nearest `e` last.
pub fn reap(pots: &mut [u8], i: usize, e: usize, mut trace: Option<&mut Trace>) -> Vec<usize> {
    let string: Vec<usize> = if e > i { (i..e).collect() } else { (e + 1..=i).rev().collect() };
    for &j in &string {
        pots[j] -= 1;
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Take(super::row::cell(j)));
        }
    }
    pots[e] = string.len() as u8;
    if let Some(t) = trace {
        t.steps.extend(std::iter::repeat_n(Step::Drop(super::row::cell(e)), string.len()));
    }
    string
}

/// The Sowing move that Reaping's move `mv` from `pots` plays backwards: the pot the seeds
/// were dropped into, sown the other way (its pot from 0 and way).
pub fn sowing_twin(pots: &[u8], mv: ReapingMove) -> Option<(usize, Direction)> {
    let e = first_empty(pots, mv.pot as usize, mv.dir)?;
    let back = if mv.dir == Direction::Right { Direction::Left } else { Direction::Right };
    Some((e, back))
}

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

use super::row::{Direction, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, ROOM};
use super::{Card, ParseSetupError, Preset};
use crate::search::{Analysis, SearchHandler};
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

/// Most seeds a pot may hold.
pub const MAX_SEEDS: u32 = 255;

impl RowGame for SowingGame {
    const KEY: &'static str = "sowing";
    const NAME: &'static str = "Conway's Sowing";
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
    const RULES_HELP: &'static str = "sowing (Conway's Sowing: five pots of two seeds, Left sows right, Right sows left) and \
sowing-N-S (N pots of S seeds), with suffix -i (impartial: either player, either way); preset conway (sowing)";
    const SETUP_HELP: &'static str = "Sowing setup: the pots from the left, digits together when all are below 10 (312) or joined by dots (3.10.2), then '-' and who moves (l for Left, r for Right).";
    const MOVES_HELP: &'static str = "Sowing: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const SETUP_FORM: &'static str = "a Sowing setup is the pots from the left (312, or 3.10.2), then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Sowing";
    /// Five pots of two seeds.
    const DEFAULT: (u32, u32) = (5, 2);
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const HASH_SEED: u64 = 0x243F_6A88_85A3_08D3;

    /// The pot has seeds, they stay on the row, and the last one falls into a pot that is not
    /// empty.
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        let k = pots[i] as usize;
        let last = match dir {
            Direction::Right => i + k,
            Direction::Left => i.wrapping_sub(k),
        };
        k > 0 && last < pots.len() && pots[last] > 0
    }

    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, mut trace: Option<&mut Trace>) -> usize {
        let k = std::mem::take(&mut pots[i]) as usize;
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Pick(super::row::cell(i)));
        }
        for d in 1..=k {
            let j = if dir == Direction::Right { i + d } else { i - d };
            pots[j] += 1;
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Drop(super::row::cell(j)));
            }
        }
        len
    }

    fn refusal(_: &[u8], mv: SowingMove) -> IllegalMove {
        IllegalMove::NotSowable(mv.to_string())
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        e.into()
    }

    fn analyze(pos: &Row<Self>, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler) -> Analysis {
        super::row::analyze(pos, depth, table_mib, handler)
    }

    fn card(rules: &SowingRules) -> Card {
        card::card(rules)
    }
}

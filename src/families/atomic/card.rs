//! Atomic Wari's rules card (Erickson §3).

use super::{AtomicRules, ROOM};
use crate::families::{Card, Family};

/// The card of an Atomic Wari rule set.
pub fn card(r: &AtomicRules) -> Card {
    let rules = vec![
        "A row of pots with seeds. A move takes all the seeds of a pot holding at least two and sows them one by one, starting with that pot itself.".to_string(),
        if r.impartial {
            "Impartial version: either player may sow either way, to the left or to the right.".to_string()
        } else {
            "Left sows to the right, Right sows to the left.".to_string()
        },
        "If the last pot sown then holds 2 or 3 seeds, they are captured (taken off the board); then the pot sown before it, if it holds 2 or 3, and so on backwards.".into(),
        "The row has no end: sowing past the last pot (or before the first) adds pots.".into(),
        "The game ends when no pot holds two seeds or more; the player who cannot move loses.".into(),
        format!("A new game of these rules starts with {} pots of {} seeds, Left to move.", r.pots, r.seeds),
    ];
    Card {
        title: super::AtomicFamily::title(r),
        rules,
        sources: vec![
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §3: \"A legal move consists of taking all the seeds from one pot, and sowing them to the left or right, starting with the original pot. As in Sowing, Left moves seeds to the right; Right moves them to the left. To avoid trivial infinite play, it is illegal to start a move at a pot that contains only one seed. At the end of a move, if the last pot in which a seed was dropped contains either two or three seeds, those seeds are captured [...] after any capture, if the previous pot has two or three seeds, they are also captured.\" The game is Erickson's.".into(),
        ],
        choices: vec![
            "\"The previous pot\" is the pot sown just before, so a chain of captures runs back along the pots of this move only (it always stops at the starting pot, which holds one seed).".into(),
            "Left moves first in a new game; a setup says who moves (l or r), since a position of a combinatorial game has no side to move of its own.".into(),
            format!("The board holds at most {ROOM} pots: a move that would make the row longer is refused. No position of the paper comes near (the tests check every follower of its tables)."),
            "Captured seeds leave the game: nobody scores them; only the last move counts.".into(),
            "A row is valued whole, never split into parts: how many empty pots make two parts independent is measured in the open questions lab (for every pair of parts of up to 4 seeds and 5 pots, the least run is 0, 1, 2 and 4 for parts of 1 to 4 seeds), but no rule is proven, and a split on a measured rule could give a wrong value.".into(),
        ],
    }
}

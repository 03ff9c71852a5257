//! Reverse Atomic Wari's rules card (Erickson §4).

use super::{ReverseAtomicRules, ROOM};
use crate::families::{Card, Family};

/// The card of a Reverse Atomic Wari rule set.
pub fn card(r: &ReverseAtomicRules) -> Card {
    let rules = vec![
        "A row of pots with seeds, with no end: empty pots go on for ever on both sides.".to_string(),
        "A move starts at a pot and goes one way along the row: it picks up one seed from that pot and from each pot after it, up to the first empty pot, and drops them all into that empty pot. At least two pots must give a seed (the pot after the first one holds seeds).".into(),
        if r.impartial {
            "Impartial version: either player may move either way, to the left or to the right.".to_string()
        } else {
            "Left moves seeds to the right, Right to the left.".to_string()
        },
        "Captures are Atomic Wari's, not reversed: if the pot the seeds fell into then holds 2 or 3 seeds, they are captured (taken off the board); then the pot the last seed came from, if it holds 2 or 3, and so on back along the pots of the move.".into(),
        "The player who cannot move loses.".into(),
        "Example: from 1320, Left's move from pot 1 takes a seed from pots 1, 2 and 3 and drops the three into pot 4, which holds 3: captured; then pot 3 (1 seed) stops the chain: 0210.".into(),
        format!("A new game of these rules starts with {} pots of {} seeds, Left to move.", r.pots, r.seeds),
    ];
    Card {
        title: super::ReverseAtomicFamily::title(r),
        rules,
        sources: vec![
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"One could also play Atomic Wari after reversing the movement rules, but one must be careful not to reverse the capturing rules as well!\"".into(),
            "§4, Reaping (the reversed movement): \"a legal move consists of picking up one seed from each of a successive string of pots and dropping them into the first available empty pot.\"".into(),
            "§3, Atomic Wari: \"it is illegal to start a move at a pot that contains only one seed. At the end of a move, if the last pot in which a seed was dropped contains either two or three seeds, those seeds are captured [...] after any capture, if the previous pot has two or three seeds, they are also captured.\"".into(),
        ],
        choices: vec![
            "The paper gives no more than one sentence. The movement is reversed as Reaping reverses Sowing: seeds are gathered from a string of pots into the first empty pot. What Atomic Wari adds is kept: its row has no end (a string may run to the end and drop its seeds just past it, and the row grows), and a move must move at least two seeds, as Atomic Wari's must (its \"only one seed\" rule): the string has two pots or more. Unlike Reaping, the first pot of the string may be emptied (Atomic Wari has no rule about where the last seed falls).".into(),
            "\"Not reverse the capturing rules\": the seeds are captured from the last pot a seed was dropped into (the empty pot now holding them) and then backwards along the move, so from the pots the seeds came from, nearest first, while each holds 2 or 3.".into(),
            "The other reading, gathering the seeds into the string's own last pot (as Atomic Wari sows starting with the pot itself), makes a loopy game: 55 → 46 (Left) → 55 (Right) for ever, so its positions have no short-game values. The reading here keeps the game finite: each move ends with seeds in a pot that was empty, and the tests value every row up to 8 seeds without meeting a loop.".into(),
            format!("The board holds at most {ROOM} pots: a move that would make the row longer is refused."),
            "Captured seeds leave the game: nobody scores them; only the last move counts. Left moves first in a new game; a setup says who moves.".into(),
        ],
    }
}

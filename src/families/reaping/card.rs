//! Reaping's rules card (Erickson §4).

use super::ReapingRules;
use crate::families::{Card, Family};

/// The card of a Reaping rule set.
pub fn card(r: &ReapingRules) -> Card {
    let rules = vec![
        "A row of pots with seeds; the empty pots, those at the ends included, are part of the row.".to_string(),
        "A move starts at a pot holding at least two seeds and goes one way along the row: it picks up one seed from that pot and from each pot after it, up to the first empty pot, and drops them all into that empty pot.".into(),
        if r.impartial {
            "Impartial version: either player may reap either way, to the left or to the right.".to_string()
        } else {
            "Left reaps to the right (the seeds travel right), Right reaps to the left.".to_string()
        },
        "There must be an empty pot that way on the row: seeds never leave the row.".into(),
        "The player who cannot move loses (the last player to move wins).".into(),
        "Example: from 2310, Left's reap from pot 2 takes a seed from pots 2 and 3 and drops both into pot 4: 2202. Played backwards it is Sowing: Right sows the two seeds of pot 4 to the left, into pots 3 and 2, the last into pot 2, which is not empty.".into(),
        format!(
            "A new game of these rules starts with {} pots of {} seeds between two empty pots, Left to move.",
            r.pots, r.seeds
        ),
    ];
    Card {
        title: super::ReapingFamily::title(r),
        rules,
        sources: vec![
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"Sowing can also be played in reverse. In Reaping, a legal move consists of picking up one seed from each of a successive string of pots and dropping them into the first available empty pot.\"".into(),
            "Sowing, §2: \"A legal move by Left consists of taking all the seeds out of any pot and putting them in successive pots to the right, subject to the restriction that the last seed cannot go into an empty pot. Right's moves are defined symmetrically.\"".into(),
        ],
        choices: vec![
            "The string runs from the pot the move starts at, the mover's way, right up to the first empty pot (so its pots all hold seeds); a move is named by the pot it starts at and its way (2r).".into(),
            "The pot a reap starts at must hold at least two seeds, so it is never emptied: this is what mirrors Sowing's \"the last seed cannot go into an empty pot\" (played backwards, that last pot gives its seed back and keeps one).".into(),
            "Left's seeds travel right, as in Sowing. Every Reaping move is then a Sowing move of the other player played backwards: Left's reap from pot s into the empty pot e undoes Right's sowing of pot e, whose e − s seeds fell into pots e−1 … s. On rows of plain counts the twins pair off exactly, both ways (a property test checks every move of thousands of rows). Only Sowing's moves into full pots (•, ←•, •→) have no Reaping twin: a full pot's seeds are not counted, so they cannot be picked back.".into(),
            "The row is bounded, as in Sowing (no seed goes past the end), so its empty end pots count: 020 is not 2.".into(),
            "Left moves first in a new game; a setup says who moves (l or r). A row full of seeds has no move, so a new game puts an empty pot at each end.".into(),
        ],
    }
}

//! Conway's Sowing's rules card (Erickson §2).

use super::SowingRules;
use crate::families::{Card, Family};

/// The card of a Sowing rule set.
pub fn card(r: &SowingRules) -> Card {
    let mut rules = vec![
        "A row of pots with seeds. A move takes all the seeds of one pot and sows them one by one into the following pots.".to_string(),
        if r.impartial {
            "Impartial version: either player may sow either way, to the left or to the right.".to_string()
        } else {
            "Left sows to the right, Right sows to the left.".to_string()
        },
        "The last seed may not fall into an empty pot, and no seed may go past the end of the row.".into(),
        "The player who cannot move loses (the last player to move wins).".into(),
        "A full pot (•) holds more seeds than its distance to either end: it is never sown again, but a sowing may end in it. Endless full pots at an end (←•, •→) take every seed sown past that end.".into(),
    ];
    rules.push(format!("A new game of these rules starts with {} pots of {} seeds, Left to move.", r.pots, r.seeds));
    Card {
        title: super::SowingFamily::title(r),
        rules,
        sources: vec![
            "Erickson §2 on full pots: \"We will call a pot full if the number of seeds is greater than the distance to either the first or last (nonempty) pot. ... we represent full pots with the symbol •\"; Table 4: \"The symbols ← and • denote full pots going forever to the left and right.\"".into(),
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §2: \"A legal move by Left consists of taking all the seeds out of any pot and putting them in successive pots to the right, subject to the restriction that the last seed cannot go into an empty pot. Right's moves are defined symmetrically.\" and \"There is a natural impartial version of this game as well, in which either player can move in either direction.\" (The game is John Conway's.)".into(),
        ],
        choices: vec![
            "Left moves first in a new game; a setup says who moves (l or r), since a position of a combinatorial game has no side to move of its own.".into(),
            "A seed that would go past the end of the row makes the move illegal (the paper's row has no wrap-around).".into(),
            "The hints say only who wins with best play; the Game value panel gives the value of the row and of every option in the paper's symbols.".into(),
            "Full pots are written x (or •) in links and the CLI, endless full pots ~ (or ←• and •→). A pot whose seeds can never be sown is valued as a full pot (110451 = 110••1); on the board it keeps its seeds.".into(),
            "A row is split into independent components at a run of empty pots, or of full pots, at least as long as the seeds (outside full pots) on either side: no move can then reach across. This is a sufficient condition, proven; the paper knew no general rule, so a row that does not split here may still be a sum. Measured (the open questions lab, every pair of parts of up to 4 seeds and 5 pots, both orders): for partizan Sowing no shorter run of empty pots, nor of full pots, makes every such pair independent — the proven run is also the least. (Impartial Sowing's pairs measure less for parts of 2 and 3 seeds: 1 and 2.)".into(),
            "A sum of rows, written 312+21, is set up as one row with the parts apart by such a run of empty pots: the game on the board is then exactly the sum.".into(),
        ],
    }
}

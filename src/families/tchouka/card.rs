//! Tchouka's rules card.

use crate::families::Card;

/// The card of the solitaire (`duel` false) or of the two-player game.
pub fn card(duel: bool) -> Card {
    let mut rules = vec![
        "A row of pits numbered 1, 2, 3, ... from an extra pit, the Roumba; each pit starts with the same number of seeds.".into(),
        "To sow a pit, take all its seeds and drop them one by one in the pits towards the Roumba and in the Roumba; past the Roumba the sowing goes on from the pit furthest from it (the pit \"opposite the Roumba\") towards it again.".into(),
        "If the last seed falls in the Roumba, you choose a pit to sow again. If it falls in an occupied pit, you must sow that pit at once (a relay). If it falls in an empty pit, your turn ends.".into(),
    ];
    if duel {
        rules.push("Two players: each goes on until a last seed falls in an empty pit, then the other plays. The game ends when every seed is in the Roumba; whoever has put more seeds in it wins.".into());
    } else {
        rules.push("Solitaire: you win when every seed is in the Roumba, and lose as soon as a last seed falls in an empty pit.".into());
    }
    Card {
        title: if duel { "Tchouka for two".into() } else { "Tchouka (Tchuka Ruma)".into() },
        rules,
        sources: vec![
            "D. M. Broline and D. E. Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3, after Deledicq and Popova (1977) and Sainte-Laguë (1929, 1937), their references [5], [15], [16].".into(),
            "The classic solitaire of 4 pits of 2 seeds, Tchuka Ruma, is studied in P. J. Campbell and D. P. Chavey, \"Tchuka Ruma Solitaire\", the paper's reference [3] (a manuscript of 1994).".into(),
        ],
        choices: vec![
            "We draw the row with the Roumba at the left; a circle of pits is the same game (the pit after the Roumba is the furthest one either way).".into(),
            "A pit emptied to sow is sown into again when a sowing laps round past it (no pit is skipped).".into(),
            "A move is a pit chosen; its relays are part of the move. A relay always ends: each sowing either passes the Roumba, which only fills, or moves seeds nearer to it.".into(),
            if duel {
                "The Roumba is shared: the board shows its total; the status line and the setup keep each player's seeds in it. South moves first.".into()
            } else {
                "Tchuka Ruma's start is 4 pits of 2; the solver finds whether any start of N pits of S seeds can be won (the Tchouka lab's map).".into()
            },
        ],
    }
}

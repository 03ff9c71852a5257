//! Tchoukaillon's rules card (Broline & Loeb §3).

use crate::families::Card;

/// The card of Tchoukaillon.
pub fn card() -> Card {
    Card {
        title: "Tchoukaillon".into(),
        rules: vec![
            "A solitaire. A row of pits numbered 1, 2, 3, ... from an extra pit, the Roumba.".into(),
            "Pit i may be harvested only when it holds exactly i seeds: its seeds are sown one by one into pits i−1, ..., 1 towards the Roumba, and the last one falls in the Roumba.".into(),
            "You win when every seed is in the Roumba; you lose when seeds remain and no pit can be harvested.".into(),
            "From a winnable position the only winning move is to harvest the smallest harvestable pit (Proposition 4), and for every number of seeds s there is exactly one winning position (Theorem 5); its number of pits grows like the square root of πs (s(n) ~ n²/π).".into(),
        ],
        sources: vec!["D. M. Broline and D. E. Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3 (after Deledicq and Popova, 1977).".into()],
        choices: vec![
            "The paper draws pit 1 next to the Roumba; we draw the Roumba at the left and number the pits from it.".into(),
            "A new game starts from the winning position for the number of seeds you choose (17 by default).".into(),
        ],
    }
}

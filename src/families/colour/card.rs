//! Coloured-seed Sowing's rules card (Erickson §4).

use super::{ColourRules, MAX_COLOUR};
use crate::families::{Card, Family};

/// The card of a Coloured-seed Sowing rule set.
pub fn card(r: &ColourRules) -> Card {
    let rules = vec![
        "A row of pots holding blue seeds (drawn round) and red seeds (drawn square).".to_string(),
        "Left moves the blue seeds, Right the red ones. A move takes all the seeds of the mover's colour from one pot and sows them one by one into the following pots, to the left or to the right; the other colour's seeds stay where they are.".into(),
        "The last seed must fall into a pot that holds at least one other seed of its colour, and no seed may go past the end of the row.".into(),
        "Then every seed of the other colour in that last pot is captured (taken off the board).".into(),
        "The player who cannot move loses.".into(),
        "Example: in 1b · 1b1r, Left sows the blue seed of pot 1 to the right onto pot 2's blue seed and captures its red seed: 0 · 2b.".into(),
        format!("A new game of these rules starts with {} pots of {} blue and {} red seed{}, Left to move.", r.pots, r.seeds, r.seeds, if r.seeds == 1 { "" } else { "s" }),
    ];
    Card {
        title: super::ColourFamily::title(r),
        rules,
        sources: vec![
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"Partisan sowing games could be played with either player moving in either direction, but with colored seeds. For example, a legal move by Left might consist of sowing all the blue seeds in any pot, in such a way that the last seed is put into a pot containing at least one other blue seed, and capturing all the red seeds in the last pot.\"".into(),
            "Sowing, §2: seeds go \"in successive pots\", \"the last seed cannot go into an empty pot\" — here, a pot without a seed of its colour.".into(),
        ],
        choices: vec![
            "The paper describes Left's move; Right's is the same with the colours swapped (red seeds sown, blue captured), as it says Sowing's are \"defined symmetrically\".".into(),
            "Only the mover's colour is sown, so the order seeds are laid does not arise: one blue (or red) seed a pot, the pot sown from skipped, as in Sowing. The other colour's seeds in the pot sown from stay there.".into(),
            "\"At least one other blue seed\" is counted before the last seed falls: the last pot must already hold a blue seed (Left) or a red one (Right). Seeds of the mover's colour sown before the last may fall into any pot, empty or not, and capture nothing.".into(),
            "Captured seeds leave the game: nobody scores them; only the last move counts. A capture happens only in the last pot, and only if it holds seeds of the other colour; a move with nothing to capture is still a move.".into(),
            "There is no impartial version: the colours are what tells the players apart (either player moves either way already).".into(),
            format!("Links write a pot as its blue and red seeds, 2b1r (two blue, one red), 1b, 3r or 0, pots joined by dots: 1b1r.0.2b-l. At most {MAX_COLOUR} seeds of a colour in all."),
            "On the board blue seeds are round and red ones square, and a pot shows two counts: blue in a round badge, red in a square one, so the colours read without their hues.".into(),
        ],
    }
}

//! Two-dimensional Sowing's rules card (Erickson §4).

use super::{GridRules, MAX_SIDE};
use crate::families::{Card, Family};

/// The card of a Two-dimensional Sowing rule set.
pub fn card(r: &GridRules) -> Card {
    let rules = vec![
        "A rectangle of pots with seeds. A move takes all the seeds of one pot and sows them one by one into the next pots along a line, as in Sowing.".to_string(),
        if r.impartial {
            "Impartial version: either player may sow any of the four ways.".to_string()
        } else {
            "Left sows up or down, Right sows left or right.".to_string()
        },
        "The last seed must fall into a pot that holds seeds, and no seed may go off the grid.".into(),
        "Whenever a seed falls into a pot that holds seeds, that pot's seeds, the new one included, are captured (taken off the board). So every move captures at least two seeds.".into(),
        "The player who cannot move loses.".into(),
        "With one seed in every pot, a move sows one seed into the pot beside it, which must hold a seed, and captures both: it is Domineering, Left placing vertical dominoes and Right horizontal ones.".into(),
        format!(
            "A new game of these rules starts with {} × {} pots of {} seed{}, Left to move.",
            r.rows,
            r.cols,
            r.seeds,
            if r.seeds == 1 { "" } else { "s" }
        ),
    ];
    Card {
        title: super::GridFamily::title(r),
        rules,
        sources: vec![
            "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"Finally, consider the following two-dimensional sowing game. The board consists of a two-dimensional grid of pots. Left can sow upwards or downwards; Right can sow to the left or right. Seeds are sown exactly as in Sowing; in particular, the last seed must be put into a nonempty pot. Whenever any seed lands in a nonempty pot, the contents of that pot, including the new seed, are captured. Thus, at least two seeds are captured on every turn. One special case of this game is already quite well-known!\"".into(),
            "Domineering: G. Andersson (1973), in E. R. Berlekamp, J. H. Conway and R. K. Guy, Winning Ways (1982), and Conway, On Numbers and Games (1976), ch. 10: Left places dominoes vertically, Right horizontally.".into(),
        ],
        choices: vec![
            "\"Exactly as in Sowing\": a seed falls into each pot of the line in turn, the pot it was taken from skipped, and the move is refused if the last seed would fall into an empty pot or a seed off the grid.".into(),
            "The pots are looked at as each seed falls: a seed into an empty pot stays there; a seed into a pot with seeds (the last one always) captures that pot. Captured seeds leave the game: nobody scores them; only the last move counts.".into(),
            "Left is the vertical player, as in the paper and in Domineering's usual convention (Left's dominoes vertical).".into(),
            format!("Grids have 1 to {MAX_SIDE} rows and columns. A setup is the rows from the top joined by '-' (11-11); moves name the pot by column letter and row number from the top, then the way: b1d sows pot b1 down."),
            "The value is computed on the grid cut to its pots with seeds, split into independent parts: groups whose seeds can never reach each other's pots nor the pots beside them (with one seed a pot: the groups of pots joined side by side, as in Domineering).".into(),
        ],
    }
}

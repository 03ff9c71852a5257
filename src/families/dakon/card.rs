//! Dakon's rules card: the rules of Donkers, de Voogt & Uiterwijk, the clockwise and Sungka
//! variants, and our choices where the paper is silent.

use super::DakonRules;
use crate::families::{Card, Family};

/// The card of a Dakon rule set.
pub fn card(r: &DakonRules) -> Card {
    let n = r.n();
    Card {
        title: super::DakonFamily::title(r),
        rules: {
            let mut v: Vec<String> = vec![
                format!("Two rows of {n} holes and a store for each player; {n} counters in every hole at the start. South starts the first round."),
                format!("A move: take the counters of one of your holes and sow them {}, one per hole, your store included, your opponent's store skipped. A lap long enough also drops a counter in the hole it started from. If the last counter of a lap falls in a hole that was not empty (either side), pick up all its counters and sow on: a move is a chain of such laps.", if r.clockwise { "clockwise (the board is drawn with the stores swapped, as in the Maldives)" } else { "anticlockwise" }),
                "If your move ends in your store, move again. If it ends in an empty hole of yours, capture that counter and all the counters of the hole opposite (even when it is empty); your turn is over. If it ends in an empty hole of your opponent's, your turn is over.".into(),
                format!("A round ends when the player to move cannot move. Each player collects the counters on their side into their store, then refills their holes from the left, {n} counters each, the rest staying in the store. Holes that cannot be filled are marked out with a leaf and skipped for the whole next round. The winner of the round (more counters) starts the next one."),
                format!("The game is over when, at the end of a round, a player cannot fill a single hole (fewer than {n} counters). The player owning more counters wins."),
                "A winning opening is a first turn after which the opponent owns fewer than n counters: the game is won before the opponent moves, since nothing the opponent can do in the rest of the round fills a hole. The Dakon lab counts and searches them.".into(),
            ];
            if r.sungka {
                v.insert(1, "Sungka's start: both players begin the first round at the same time. Here they make one move each in turn, South first, each continuing their own first turn; a player whose first turn is over drops out and the other goes on alone. Then the player who made more moves in the first turns moves next.".into());
            }
            v
        },
        sources: vec![
            "H. H. L. M. Donkers, A. J. de Voogt, J. W. H. M. Uiterwijk, \"Human versus Machine Problem-Solving: Winning Openings in Dakon\", section \"Dakon rules\": \"A round ends when one of the players cannot move anymore. All remaining counters at the own side of the players are collected into their stores. ... from the left to the right, the holes are filled with the original number of counters. Remaining counters are put in the store. If the number of counters is too low to fill all holes, the holes that cannot be filled are marked with a leaf and are skipped in the next round. The player that won the last round starts playing. The game is over when at the end of a round one of the players cannot even fill one hole.\"".into(),
            "Same paper: \"Sometimes Dakon is played by sowing in clockwise direction and having the store at the left-hand side\"; in the Maldives (Ohvalhu) \"they play in a clockwise direction\". In Sungka (Philippines) both players start the first round simultaneously.".into(),
        ],
        choices: vec![
            "Who won a round: the player owning more counters after the collection. A tied round is started next by the player who did not start the tied one (the paper does not say).".into(),
            "A move that ends in the store but leaves the mover no counter ends the round at once (the mover cannot move).".into(),
            "Holes are lettered a, b, c, ... from each player's own left, in sowing order; the paper's hole numbers 1..n are these letters (1 = a). The clockwise variant is the same game drawn in a mirror: the letters still follow the sowing.".into(),
            "Sungka (\"both players start simultaneously in the first round; the player that can move the longest starts the next round\") is played turn by turn: while both are in their first turn the players make one move each in turn, South first, each continuing their own chain; a player whose first turn is over drops out and the other goes on alone; then the player who made more moves moves next (on a tie, the one whose turn ended last). We read \"starts the next round\" as the next turn, since the first round goes on after the first turns. Option -sungka; the preset is Sungka's board of 7 holes of 7.".into(),
            "The computer player and hints use a depth-limited search on the counters each player owns (Dakon has no exact solver here); rounds can repeat for ever, so its values are estimates.".into(),
        ],
    }
}

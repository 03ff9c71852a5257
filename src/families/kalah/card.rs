//! Kalah's rules card: the common rules, the empty-capture variant, and the readings of
//! Papegay, Erickson and Dooley, each with its source.

use super::{CaptureRule, EndRule, KalahRules};
use crate::families::{Card, Family};

/// The card of a Kalah rule set.
pub fn card(r: &KalahRules) -> Card {
    let (n, s) = (r.pits(), r.seeds());
    let mut rules_text = vec![
        format!("Two rows of {n} pits, one row for each player, and a store for each player at their right. Each pit starts with {s} seeds. South moves first."),
        "On your turn, lift all the seeds of one of your non-empty pits and sow them one by one counterclockwise into the following pits, your own store included, skipping your opponent's store. A pit with enough seeds sows all the way round, and the pit it started from gets seeds too.".into(),
        "If your last seed falls in your own store, you move again.".into(),
    ];
    rules_text.push(match r.capture {
        CaptureRule::Standard => "If your last seed falls in an empty pit of yours and the pit opposite holds seeds, you capture both: that seed and all the seeds opposite go to your store. Against an empty pit nothing is captured.".into(),
        CaptureRule::Empty => "If your last seed falls in an empty pit of yours, that seed goes to your store together with all the seeds in the pit opposite — even when the pit opposite is empty (\"empty capture\").".into(),
        CaptureRule::OppositeOnly => "If your last seed falls in an empty pit of yours, you capture the seeds of the pit opposite; your last seed stays where it fell.".into(),
    });
    rules_text.push(match r.end {
        EndRule::EitherSideEmpty => "The game ends as soon as all the pits of either side are empty; each player then puts the seeds left on their own side in their store. The player with more seeds in the store wins.".into(),
        EndRule::MoverCannotMove => "The game ends when the player to move has no seeds on their side; the other player then collects all the seeds left on their side into their store. The player with more seeds in the store wins.".into(),
    });
    let mut sources = vec!["W. Irving, H. H. L. M. Donkers, J. W. H. M. Uiterwijk, \"Solving Kalah\", ICGA Journal 23(3), 2000: the common rules, and the empty-capture variant they solved.".to_string()];
    let mut choices = vec![];
    let id = r.to_string();
    if id == "kalah-6-4-o" {
        sources.insert(0, "Y. Papegay, \"Exploring Board Game Strategies\", The Mathematica Journal 10(2): \"If the last stone lands in an empty cup on the player's own side, he captures all the stones from the opponent's cup directly opposite that cup. The game is over when a player has no more stones in play on the board.\"".into());
        choices.push("Papegay's text does not say that the capturing seed is captured too, nor what happens when the opposite cup is empty; we follow it literally (only the opposite cup's seeds move). The usual readings are the standard and empty-capture rules, offered as presets.".into());
        choices.push(
            "The number of stones per cup is not given in the text; we use 4, as in his board picture's usual set."
                .into(),
        );
    }
    if r.end == EndRule::MoverCannotMove {
        sources.insert(0, "J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"If the last stone lands in an empty pot on the moving player's side, both that stone and the stones in the opponent's pot directly opposite are put into the moving player's store. If any player cannot move, the other player collects all the seeds on his side and puts them in his store, and the game ends.\"".into());
        choices.push("Erickson's \"if any player cannot move\" is read as: when the player to move has no seeds. This changes values: with empty capture, Kalah(6,3) is +2 when the game ends as soon as a side is empty, and a draw under this rule.".into());
    }
    if id == "kalah-6-1-e" || id == "kalah-6-4-e" {
        sources.push("F. Dooley, \"How to Play Mancala - and WIN!\": the 6-bin game is determined; with one pebble per bin he found 93,757 distinct states (stores ignored) and reports that the first player draws by opening from C or E and loses otherwise.".into());
        choices.push("Dooley's essay does not state his rules. Empty capture with the game over as soon as a side is empty reproduces his 93,757 states exactly (pits and side to move; see the Dooley lab), so his presets use it. Under it the one-pebble game is +2 for the first player (opening f), not his reported draw.".into());
    }
    choices.push("Pits are named a, b, c, ... from each player's own left, in sowing order; moves in links use these letters for the player to move.".into());
    Card { title: super::KalahFamily::title(r), rules: rules_text, sources, choices }
}

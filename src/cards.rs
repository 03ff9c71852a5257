//! Rules cards: each rule set in plain words, with its source and the choices we made where
//! the source is silent or ambiguous. Shown on the page and by `mancala-lab rules`.

use crate::engine::rules::kalah::{CaptureRule, EndRule};
use crate::notation::AnyRules;

/// A rules card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Title.
    pub title: String,
    /// The rules in plain words.
    pub rules: Vec<String>,
    /// Where they come from.
    pub sources: Vec<String>,
    /// What we chose where the sources leave a choice.
    pub choices: Vec<String>,
}

/// A preset: a named rule set with its source, shown on the home page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Rules id used in links.
    pub id: &'static str,
    /// Name on screen.
    pub name: &'static str,
    /// One line on the source.
    pub source: &'static str,
}

/// The presets, in home-page order.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "kalah-6-4",
        name: "Kalah (6,4)",
        source: "The common rules; first player wins by 8 with perfect play (Irving, Donkers & Uiterwijk 2000).",
    },
    Preset {
        id: "kalah-6-4-e",
        name: "Kalah (6,4), empty capture",
        source: "Irving, Donkers & Uiterwijk 2000: a lone last seed is captured even against an empty pit (+10).",
    },
    Preset {
        id: "kalah-6-4-o",
        name: "Papegay's Mancala",
        source: "Papegay, \"Exploring Board Game Strategies\", The Mathematica Journal 10:2.",
    },
    Preset {
        id: "kalah-6-3-e-m",
        name: "Erickson's Mancala (3 seeds)",
        source: "Erickson, \"Sowing Games\", Games of No Chance, §4.",
    },
    Preset {
        id: "kalah-6-6-e-m",
        name: "Erickson's Mancala (6 seeds)",
        source: "Erickson, \"Sowing Games\": \"three (or sometimes six) seeds in each pot\".",
    },
    Preset {
        id: "kalah-6-1-e",
        name: "Dooley's one-pebble game",
        source: "Dooley, \"How to Play Mancala - and WIN!\": the 6-bin game with one pebble per bin.",
    },
    Preset {
        id: "dakon-8",
        name: "Dakon (8 holes)",
        source: "Donkers, de Voogt & Uiterwijk, \"Human versus Machine Problem-Solving: Winning Openings in Dakon\".",
    },
    Preset {
        id: "dakon-8-cw",
        name: "Ohvalhu (Maldives)",
        source: "The same paper: Dakon sown clockwise with the store on the left, as played in the Maldives.",
    },
    Preset {
        id: "dakon-7-sungka",
        name: "Sungka (Philippines)",
        source: "The same paper: both players start the first round simultaneously (rendered turn by turn).",
    },
    Preset {
        id: "tchoukaillon",
        name: "Tchoukaillon",
        source: "Broline & Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3.",
    },
];

/// The card of a rule set.
pub fn card(rules: &AnyRules) -> Card {
    match rules {
        AnyRules::Kalah(r) => {
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
            let id = rules.to_string();
            if id == "kalah-6-4-o" {
                sources.insert(0, "Y. Papegay, \"Exploring Board Game Strategies\", The Mathematica Journal 10(2): \"If the last stone lands in an empty cup on the player's own side, he captures all the stones from the opponent's cup directly opposite that cup. The game is over when a player has no more stones in play on the board.\"".into());
                choices.push("Papegay's text does not say that the capturing seed is captured too, nor what happens when the opposite cup is empty; we follow it literally (only the opposite cup's seeds move). The usual readings are the standard and empty-capture rules, offered as presets.".into());
                choices.push("The number of stones per cup is not given in the text; we use 4, as in his board picture's usual set.".into());
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
            Card { title: rules.title(), rules: rules_text, sources, choices }
        }
        AnyRules::Dakon(r) => {
            let n = r.n();
            Card {
                title: rules.title(),
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
        AnyRules::Tchoukaillon => Card {
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
        },
    }
}

//! Dooley's study: his 93,757 states reproduced, and the values of his openings under the rules
//! that reproduce them (the rules card and docs/rules.md state them).

use super::*;

/// Under empty capture with the game over as soon as a side is empty (`kalah-6-1-e`, the rules
/// that give his 93,757 states), the one-pebble game is +2 for the first player by opening
/// from f; a, b and c draw; d and e lose by 2 (Dooley reported a draw from C or E).
#[test]
fn dooleys_openings_have_the_values_the_card_states() {
    let start = "kalah-6-1-e".parse::<AnyRules>().unwrap().start();
    let (study, a) = mancala_lab::labs::dooley::study_and_values(
        &start,
        &mancala_lab::engine::memory::Budget::unlimited(),
        &mut NoHandler,
    )
    .unwrap();
    assert_eq!(study.counts[0].1, mancala_lab::labs::dooley::DOOLEY_STATES);
    assert!(a.exact);
    let mut values: Vec<(String, i32)> = a.moves.iter().map(|m| (m.mv.to_string(), m.value.number())).collect();
    values.sort();
    assert_eq!(values, [("a", 0), ("b", 0), ("c", 0), ("d", -2), ("e", -2), ("f", 2)].map(|(m, v)| (m.to_string(), v)));
}

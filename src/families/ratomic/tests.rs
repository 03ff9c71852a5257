//! Reverse Atomic Wari's rules of play.

use super::*;
use crate::engine::{Player, Position};
use crate::families::row::{row_text, trimmed, Direction};

fn row(pots: &[u32], turn: Player, impartial: bool) -> ReverseAtomic {
    ReverseAtomic::new(ReverseAtomicRules::new(1, 0, impartial).unwrap(), pots, turn).unwrap()
}

fn after(p: ReverseAtomic) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| row_text(trimmed(p.play(m).unwrap().0.pots()))).collect();
    v.sort();
    v
}

/// The card's example, growth past either end, captures forwards and backwards.
#[test]
fn moves() {
    // 1320: from pot 1, three seeds into pot 4: captured, then pot 3 holds 1 and stops it.
    let p = row(&[1, 3, 2, 0], Player::South, false);
    assert_eq!(row_text(p.play(ReverseAtomicMove::new(0, Direction::Right)).unwrap().0.pots()), "0210");
    // From pot 2: two seeds into pot 4, captured, then pot 3 holds 1 (empty ends dropped).
    assert_eq!(after(p), ["121", "21"]);
    // Past the right end: 11 → 002 → captured: nothing left (the first 1s become empty).
    let q = row(&[1, 1], Player::South, false).play(ReverseAtomicMove::new(0, Direction::Right)).unwrap().0;
    assert_eq!(q.pots(), [0, 0, 0]);
    // Past the left end, with a chain: 33 reaped left from pot 2: 2 into a new pot 0, which
    // is captured, then pot 1 (2) and pot 2 (2) too.
    let r = row(&[3, 3], Player::North, false);
    assert_eq!(r.play(ReverseAtomicMove::new(1, Direction::Left)).unwrap().0.pots(), [0, 0, 0]);
    // 55: Left's move leaves 4 4 2, the 2 captured: 44.
    assert_eq!(after(row(&[5, 5], Player::South, false)), ["44"]);
    // A string of one pot is no move.
    assert!(row(&[4, 0, 4], Player::South, true).legal_moves().is_empty());
    let e = row(&[4, 0, 1, 1], Player::South, false).play(ReverseAtomicMove::new(0, Direction::Right)).unwrap_err();
    assert!(e.reason.to_string().contains("at least two pots"), "{}", e.reason);
    assert_eq!(ReverseAtomicRules::new(4, 3, false).unwrap().start().pots(), [3, 3, 3, 3]);
}

#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// Seeds are conserved but for the captures the trace records; every listed move
        /// plays; setups and moves round-trip.
        #[test]
        fn seeds_are_accounted_for(pots in proptest::collection::vec(prop_oneof![1 => Just(0u32), 3 => 1u32..6], 1..10), left in any::<bool>(), impartial in any::<bool>()) {
            use crate::families::Family;
            let turn = if left { Player::South } else { Player::North };
            let p = row(&pots, turn, impartial);
            let seeds: u32 = pots.iter().sum();
            let text = format!("{}", crate::families::AnyPosition::ReverseAtomic(p));
            prop_assert_eq!(ReverseAtomicFamily::parse_setup(&p.rules(), &text).unwrap(), p);
            for m in p.legal_moves() {
                let (q, trace) = p.play(m).unwrap();
                let captured: u32 = trace.steps.iter().map(|s| if let crate::engine::Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
                prop_assert_eq!(q.pots().iter().map(|&n| n as u32).sum::<u32>() + captured, seeds);
                prop_assert_eq!(ReverseAtomicFamily::parse_move(&p, &m.to_string()).unwrap(), m);
            }
        }
    }
}

/// The card's claim: every row of up to 6 pots and 8 seeds has a value (no loop), partizan
/// and impartial.
#[test]
fn every_small_row_is_short() {
    let rows = crate::families::row::cgt::value_every_small_row::<ReverseAtomicGame>(6, 8);
    assert!(rows > 3000, "{rows}");
}

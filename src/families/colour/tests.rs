//! Coloured-seed Sowing's rules of play, notation and values.

use super::*;
use crate::cgt::Games;
use crate::engine::Position;
use crate::families::row::cgt::{value, Memo};
use crate::families::Family;

fn row(text: &str) -> Colour {
    ColourFamily::parse_setup(&ColourRules::new(4, 1, false).unwrap(), text).unwrap()
}

/// The card's example, both colours, captures, refusals and the notation.
#[test]
fn moves() {
    let p = row("1b.1b1r-l");
    // Left may sow pot 1's blue seed right, or pot 2's left (onto pot 1's blue seed).
    assert_eq!(p.legal_moves(), [ColourMove::new(0, Direction::Right), ColourMove::new(1, Direction::Left)]);
    let q = p.play(ColourMove::new(0, Direction::Right)).unwrap().0;
    assert_eq!(ColourGame::write_row(q.pots()), "0.2b");
    // Right: the red seed of pot 2 cannot go onto a pot without red.
    assert!(row("1b.1b1r-r").legal_moves().is_empty());
    // Right sows 2 red seeds left from pot 3: into pot 2 (empty), then pot 1 (a red there):
    // its blue seed is captured.
    let r = row("1b1r.0.2r-r").play(ColourMove::new(2, Direction::Left)).unwrap().0;
    assert_eq!(ColourGame::write_row(r.pots()), "2r.1r.0");
    // Either way for either player; no seed past the end.
    assert_eq!(row("1b.2b.1b-l").legal_moves().len(), 2);
    // The notation: any order within a pot, an omitted 1, and faults named.
    assert_eq!(row("r2b.0.B-l").pots(), [pot(2, 1), 0, pot(1, 0)]);
    let rules = ColourRules::new(4, 1, false).unwrap();
    for (bad, says) in [("1b.2x-l", "pot 2"), ("1b1b-l", "pot 1"), ("7b.6b-l", "blue seeds in all"), ("3-l", "pot 1")] {
        let e = ColourFamily::parse_setup(&rules, bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
    assert!("colour-4-1-i".parse::<crate::families::AnyRules>().is_err());
    assert!("colour-13-1".parse::<crate::families::AnyRules>().is_err());
    assert_eq!("color".parse::<crate::families::AnyRules>().unwrap().to_string(), "colour");
    assert_eq!(ColourRules::new(4, 1, false).unwrap().start().pots(), [pot(1, 1); 4]);
}

/// Values: a lone seed of each colour is 0; Left's single move from 1b.1b is 1; the start.
#[test]
fn values() {
    let mut t = Games::new();
    let mut memo = Memo::default();
    let mut v = |text: &str| {
        let pots: Vec<u8> = read_row(text).unwrap().iter().map(|&n| n as u8).collect();
        let g = value::<ColourGame>(&mut t, &mut memo, &pots, false).unwrap();
        t.show(g)
    };
    assert_eq!(v("1b.1r"), "0");
    assert_eq!(v("1b.1b"), "1");
    assert_eq!(v("1r.1r"), "-1");
    // Swapping the colours negates: 1b1r.1b1r is its own negative.
    assert_eq!(v("1b1r.1b1r.1b1r.1b1r"), v("1r1b.1r1b.1r1b.1r1b"));
}

#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Seeds are conserved but for the captures the trace records (only the other
        /// colour's); every listed move plays; setups and moves round-trip; every row of a few
        /// seeds has a value (no loop).
        #[test]
        fn seeds_are_accounted_for(cells in proptest::collection::vec((0u32..3, 0u32..3), 1..7), left in any::<bool>()) {
            let turn = if left { Player::South } else { Player::North };
            let pots: Vec<u32> = cells.iter().map(|&(b, r)| pot(b, r) as u32).collect();
            let p = Colour::new(ColourRules::new(4, 1, false).unwrap(), &pots, turn).unwrap();
            let text = crate::families::AnyPosition::Colour(p).to_string();
            prop_assert_eq!(ColourFamily::parse_setup(&p.rules(), &text).unwrap(), p);
            let total = |q: &Colour| q.pots().iter().fold((0, 0), |(b, r), &n| (b + seeds(n).0, r + seeds(n).1));
            let before = total(&p);
            for m in p.legal_moves() {
                let (q, trace) = p.play(m).unwrap();
                let captured: u32 = trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
                let after = total(&q);
                if left {
                    prop_assert_eq!((after.0, after.1 + captured), before);
                } else {
                    prop_assert_eq!((after.0 + captured, after.1), before);
                }
                prop_assert_eq!(ColourFamily::parse_move(&p, &m.to_string()).unwrap(), m);
            }
            let mut t = Games::new();
            prop_assert!(value::<ColourGame>(&mut t, &mut Memo::default(), p.pots(), false).is_ok());
        }
    }
}

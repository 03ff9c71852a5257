//! Reaping's rules of play, and Erickson's "Sowing can also be played in reverse": every
//! Reaping move is a Sowing move played backwards, and back.

use super::*;
use crate::cgt::Games;
use crate::engine::{Player, Position};
use crate::families::row::cgt::{value, Memo};
use crate::families::row::{row_text, Direction};
#[cfg(not(target_arch = "wasm32"))]
use crate::families::sowing::{Sowing, SowingMove, SowingRules};

fn row(pots: &[u32], turn: Player, impartial: bool) -> Reaping {
    Reaping::new(ReapingRules::new(1, 0, impartial).unwrap(), pots, turn).unwrap()
}

fn after(p: Reaping) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| row_text(p.play(m).unwrap().0.pots())).collect();
    v.sort();
    v
}

/// The card's example, the start, and the ends of the row kept.
#[test]
fn moves() {
    // 2310: Left's reap from pot 2 drops a seed from pots 2 and 3 into pot 4.
    let p = row(&[2, 3, 1, 0], Player::South, false);
    assert_eq!(p.play(ReapingMove::new(1, Direction::Right)).unwrap().0.pots(), [2, 2, 0, 2]);
    // From pot 1 the string is pots 1–3: three seeds into pot 4.
    assert_eq!(after(p), ["1203", "2202"]);
    // Right reaps left: no empty pot on the left of any pot.
    assert!(row(&[2, 3, 1, 0], Player::North, false).legal_moves().is_empty());
    // A pot of one seed never starts a reap, and a pot may not reap off the row.
    assert!(row(&[1, 0], Player::South, false).legal_moves().is_empty());
    assert!(row(&[0, 2], Player::South, false).legal_moves().is_empty());
    assert_eq!(after(row(&[0, 2], Player::North, false)), ["11"]);
    // A new game: five 2s between two empty pots.
    let start = ReapingRules::new(5, 2, false).unwrap().start();
    assert_eq!(start.pots(), [0, 2, 2, 2, 2, 2, 0]);
    // The empty ends are part of the position: 020 and 2 differ.
    let mut t = Games::new();
    let mut memo = Memo::default();
    let a = value::<ReapingGame>(&mut t, &mut memo, &[0, 2, 0], false).unwrap();
    let b = value::<ReapingGame>(&mut t, &mut memo, &[2], false).unwrap();
    assert_eq!((t.show(a), t.show(b)), ("*".to_string(), "0".to_string()));
    // The refusals say why.
    let e = row(&[2, 1, 0], Player::South, false).play(ReapingMove::new(1, Direction::Right)).unwrap_err();
    assert!(e.reason.to_string().contains("two seeds or more"), "{}", e.reason);
}

/// Sowing's moves of `pots` by `turn`, as the rows they leave (no normal form).
#[cfg(not(target_arch = "wasm32"))]
fn sowing_after(pots: &[u8], turn: Player) -> Vec<(Vec<u8>, SowingMove)> {
    let counts: Vec<u32> = pots.iter().map(|&n| n as u32).collect();
    let p = Sowing::new(SowingRules::new(1, 0, false).unwrap(), &counts, turn).unwrap();
    p.legal_moves().into_iter().map(|m| (p.play(m).unwrap().0.pots().to_vec(), m)).collect()
}

#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Every Reaping move of a row is the Sowing move of the other player, from the row it
        /// leaves, played backwards (the one [`sowing_twin`] names); every Sowing move of a
        /// row has its Reaping twin back; seeds are conserved.
        #[test]
        fn reaping_is_sowing_backwards(pots in proptest::collection::vec(prop_oneof![2 => Just(0u8), 3 => 1u8..5], 1..10)) {
            let counts: Vec<u32> = pots.iter().map(|&n| n as u32).collect();
            let seeds: u32 = counts.iter().sum();
            for turn in [Player::South, Player::North] {
                let p = row(&counts, turn, false);
                for m in p.legal_moves() {
                    let q = p.play(m).unwrap().0;
                    prop_assert_eq!(q.pots().iter().map(|&n| n as u32).sum::<u32>(), seeds);
                    let (pot, dir) = sowing_twin(p.pots(), m).unwrap();
                    let twin = SowingMove::new(pot as u8, dir);
                    let back: Vec<(Vec<u8>, SowingMove)> = sowing_after(q.pots(), !turn);
                    prop_assert!(back.contains(&(p.pots().to_vec(), twin)), "{:?} {} -> {:?}: no Sowing {} back", p.pots(), m, q.pots(), twin);
                }
                // Sowing the other way round: each Sowing move of `turn` is undone by a reap of
                // the other player.
                for (q, sm) in sowing_after(&pots, turn) {
                    let r = row(&q.iter().map(|&n| n as u32).collect::<Vec<_>>(), !turn, false);
                    let undone = r.legal_moves().into_iter().any(|m| r.play(m).unwrap().0.pots() == &pots[..]);
                    prop_assert!(undone, "Sowing {} from {:?} to {:?} has no Reaping twin", sm, pots, q);
                }
            }
        }

        /// Setups round-trip through their text, and every listed move plays.
        #[test]
        fn setups_round_trip(pots in proptest::collection::vec(0u32..12, 1..12), left in any::<bool>(), impartial in any::<bool>()) {
            use crate::families::Family;
            let turn = if left { Player::South } else { Player::North };
            let p = row(&pots, turn, impartial);
            let text = format!("{}", crate::families::AnyPosition::Reaping(p));
            let back = ReapingFamily::parse_setup(&p.rules(), &text).unwrap();
            prop_assert_eq!(back, p);
            for m in p.legal_moves() {
                prop_assert!(p.play(m).is_ok());
                prop_assert_eq!(ReapingFamily::parse_move(&p, &m.to_string()).unwrap(), m);
            }
        }
    }
}

/// Reaping is a short game: every row of up to 6 pots and 8 seeds has a value (the walk
/// refuses a loop), partizan and impartial.
#[test]
fn every_small_row_is_short() {
    let rows = crate::families::row::cgt::value_every_small_row::<ReapingGame>(6, 8);
    assert!(rows > 3000, "{rows}");
}

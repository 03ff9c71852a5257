use super::*;
use crate::engine::Outcome;

fn ruma() -> Tchouka<false> {
    TchoukaRules::<false>::new(4, 2).unwrap().start()
}

#[test]
fn sowing_relays_and_wraps_past_the_roumba() {
    // 2.2.2.2: pit 2 sows into pit 1 and the Roumba: choose again.
    let (p, t) = ruma().play(TchoukaMove(2)).unwrap();
    assert_eq!((p.pits(), p.roumba()), (&[3, 0, 2, 2][..], 1));
    assert!(t.extra_turn);
    // Pit 1's 3 seeds: the Roumba, then round to pit 4 and pit 3, both occupied: relay from
    // pit 3 (3 seeds: pits 2, 1 and the Roumba).
    let (q, t) = p.play(TchoukaMove(1)).unwrap();
    assert_eq!(t.laps, 2);
    assert_eq!((q.pits(), q.roumba()), (&[1, 1, 0, 3][..], 3));
    assert!(t.extra_turn);
    // A last seed in an empty pit loses the solitaire.
    // Pit 2's seed into pit 1, relayed: the Roumba and pit 4, relayed: pits 3, 2, 1 and the
    // Roumba.
    let (r, t) = q.play(TchoukaMove(2)).unwrap();
    assert_eq!((r.pits(), r.roumba(), t.laps, t.extra_turn), (&[1, 1, 1, 0][..], 5, 3, true));
    // Pit 4's 3 seeds into pits 3, 2 and 1, relayed: the Roumba and pit 4, empty: lost.
    let (r, t) = q.play(TchoukaMove(4)).unwrap();
    assert_eq!((r.pits(), r.roumba(), t.extra_turn), (&[0, 2, 1, 1][..], 4, false));
    assert_eq!(r.outcome(), Some(Outcome::Stuck));
    assert!(r.legal_moves().is_empty());
    // The lost position's setup says so, and reads back lost (a link keeps the game over).
    let any = crate::families::AnyPosition::Tchouka(r);
    assert_eq!(any.to_string(), "0.2.1.1-4-lost");
    assert_eq!(any.rules().parse_setup("0.2.1.1-4-lost").unwrap(), any);
    assert!(any.rules().parse_setup("0.2.1.1-4").unwrap().outcome().is_none());
}

#[test]
fn tchuka_ruma_is_solved_with_a_verified_line() {
    let (line, visited) = ruma().solve();
    let line = line.expect("Tchuka Ruma can be won");
    assert!(visited > 0);
    let mut p = ruma();
    for m in &line {
        p = p.play(*m).unwrap().0;
    }
    assert_eq!(p.outcome(), Some(Outcome::Solved));
    assert_eq!(p.roumba(), 8);
}

#[test]
fn the_solver_agrees_with_a_plain_search() {
    // Every start of up to 5 pits and 4 seeds: the memoised solver against a search that
    // remembers nothing.
    fn plain(p: &Tchouka<false>) -> bool {
        if p.outcome() == Some(Outcome::Solved) {
            return true;
        }
        p.legal_moves().into_iter().any(|m| plain(&p.play(m).unwrap().0))
    }
    for pits in 1..=5 {
        for seeds in 1..=4 {
            let p = TchoukaRules::<false>::new(pits, seeds).unwrap().start();
            assert_eq!(p.solve().0.is_some(), plain(&p), "{pits} pits of {seeds}");
        }
    }
}

#[test]
fn two_players_take_turns_and_score_their_roumba_seeds() {
    let p = TchoukaRules::<true>::new(4, 2).unwrap().start();
    let (q, t) = p.play(TchoukaMove(4)).unwrap();
    // Pit 4's two seeds into pits 3 and 2, both occupied: relay from pit 2 (3 seeds: pit 1, the
    // Roumba, pit 4 — empty): North to move.
    assert!(!t.extra_turn);
    assert_eq!(Position::turn(&q), Player::North);
    assert_eq!((q.roumba_of(Player::South), q.roumba_of(Player::North)), (1, 0));
    let a = TchoukaFamily::<true>::analyze(&p, 40, 4, &mut crate::search::NoHandler);
    assert!(a.exact, "{a:?}");
}

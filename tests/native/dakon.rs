//! The Dakon family: setups that carry every field of a position.

use super::*;

/// A Sungka position during the simultaneous first turns crosses to the worker as its setup
/// text whole: the worker analyses the same game (issue 15: the text used to drop the round,
/// its starter and the first-turn phase, and hints analysed another game).
#[test]
fn sungka_first_turns_survive_the_setup_text() {
    let g: Game = "rules=sungka&moves=a".parse().unwrap();
    let p = g.position().clone();
    let text = p.to_string();
    assert_eq!(text, "0.8.8.8.8.8.8-7.7.7.7.7.7.7-1.0-n-r1.s.sn.1.0");
    let back = g.rules().parse_setup(&text).unwrap();
    assert_eq!(back, p);
    let a = p.analyze_fixed_depth(4);
    let b = back.analyze_fixed_depth(4);
    assert_eq!(a.moves, b.moves);
    // Dakon's start and ordinary setups print as before: no fifth part.
    let start = "dakon-8".parse::<AnyRules>().unwrap().start();
    assert_eq!(start.to_string(), "8.8.8.8.8.8.8.8-8.8.8.8.8.8.8.8-0.0-s");
    // A fifth part the rules cannot have is named.
    let e = "dakon-4".parse::<AnyRules>().unwrap().parse_setup("4.4.4.4-4.4.4.4-0.0-s-r1.s.sn.0.0").unwrap_err();
    assert!(e.to_string().contains("Sungka's first turns"), "{e}");
}

/// Dakon-11, the largest board the rules ids take (242 counters: a hole's count still fits a
/// byte), plays: every move of a long game is legal and the counters are conserved.
#[test]
fn dakon_11_plays() {
    let rules: AnyRules = "dakon-11".parse().unwrap();
    assert!("dakon-12".parse::<AnyRules>().is_err());
    let mut p = rules.start();
    let total = |p: &AnyPosition| p.cells().iter().map(|&(_, n)| n).sum::<u32>();
    assert_eq!(total(&p), 242);
    let mut rng = Rng(11);
    for _ in 0..300 {
        let legal = p.legal_moves();
        if legal.is_empty() {
            assert!(p.outcome().is_some());
            break;
        }
        p = p.play(legal[rng.below(legal.len() as u64) as usize]).unwrap().0;
        assert_eq!(total(&p), 242);
    }
}

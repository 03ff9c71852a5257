//! Game theory: the octal game .37 (sparse Atomic Wari).

/// Erickson §3: the first 200,000 values of the octal game .37 (sparse Atomic Wari) have
/// exactly thirteen P-positions (slow in a debug build: `make test-release` runs it).
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn octal_37_has_thirteen_p_positions_to_200000() {
    let mut s = mancala_lab::cgt::octal::NimSequence::new(".37".parse().unwrap());
    s.extend_to(200_000, &mut |_| true);
    assert_eq!(s.p_positions(), [0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407]);
}

/// Large nimbers are named without walking their 2ⁿ option paths (fuzzing found ∗26 taking
/// 1.6 s before `nim_value` was memoised; ∗64, the parser's largest, would never end).
#[test]
fn large_nimbers_are_named() {
    let mut t = mancala_lab::cgt::Games::new();
    let g = t.parse("*64").unwrap();
    assert_eq!(t.show(g), "*64");
    assert_eq!(t.nim_value(g), Some(64));
}

/// A number plus a large nimber is named so (`1*20`), not printed as its exponentially long
/// options, and reads back (found by `make fuzz`).
#[test]
fn numbers_plus_large_nimbers_are_named() {
    let mut t = mancala_lab::cgt::Games::new();
    for text in ["1*20", "5*27", "-3/4*63", "5vv*27", "^*40"] {
        let g = t.parse(text).unwrap();
        let shown = t.show(g);
        assert_eq!(shown, text);
        assert_eq!(t.parse(&shown).unwrap(), g);
    }
}

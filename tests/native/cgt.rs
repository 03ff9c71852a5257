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

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

/// Officers' largest value among its first 2²¹ values is 319, first at heap 1,274,955
/// (Grossman and Nowakowski, "Searching for periodicity in Officers"); .37 is Officers shifted
/// by one. The other figures are those of the plain sparse-space method this one replaced.
/// On two threads, as the CLI computes it (one thread is the test above and the next).
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn octal_37_reaches_officers_largest_value() {
    let mut s = mancala_lab::cgt::octal::NimSequence::new(".37".parse().unwrap());
    s.extend_to_on(1_300_000, 2, &mut |_| true);
    let largest = *s.values.iter().max().unwrap();
    assert_eq!((largest, s.values.iter().position(|&v| v == largest)), (319, Some(1_274_954)));
    assert_eq!(s.values[..=1_000_000].iter().map(|&v| v as u64).sum::<u64>(), 113_743_289);
    assert_eq!(s.rare.len(), 1_582);
}

/// Past the sparse-space method's switch, its first scattered scan (from 32,770 beans) and a
/// power of two, the values equal the plain recursion's (every split looked at), for games
/// with one and with several ways to split, on one thread and on two (the marks of the next
/// block beside).
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn octal_blocks_agree_with_the_plain_recursion() {
    for code in [".37", ".6", ".74", ".156"] {
        let game: mancala_lab::cgt::octal::Octal = code.parse().unwrap();
        let digits: Vec<u8> = game.to_string()[1..].bytes().map(|b| b - b'0').collect();
        let last = 70_000;
        let mut g = vec![0u16; last + 1];
        let mut seen = vec![0usize; 1 << 12];
        for n in 1..=last {
            for (k, &d) in digits.iter().enumerate() {
                let k = k + 1;
                if d & 1 != 0 && n == k {
                    seen[0] = n;
                }
                if d & 2 != 0 && n > k {
                    seen[g[n - k] as usize] = n;
                }
                if d & 4 != 0 && n >= k + 2 {
                    let rest = n - k;
                    for a in 1..=rest / 2 {
                        seen[(g[a] ^ g[rest - a]) as usize] = n;
                    }
                }
            }
            g[n] = (0..).find(|&v| seen[v] != n).unwrap() as u16;
        }
        for threads in [1, 2] {
            let mut s = mancala_lab::cgt::octal::NimSequence::new(game.clone());
            s.extend_to_on(last, threads, &mut |_| true);
            assert_eq!(s.values.len(), last + 1);
            let first = (0..=last).find(|&n| s.values[n] != g[n]);
            assert_eq!(first, None, "{code} on {threads} threads: the first difference");
        }
    }
}

/// Past the early splits' start (32,772 for .37) and a report at 65,536: two threads give
/// one thread's values, for games with one split offset and with several, and for one whose
/// marks' table grows on the way (.1464's values pass 2,048).
#[test]
#[ignore = "slow in a debug build: make test-release runs it"]
fn octal_two_threads_give_one_threads_values() {
    for code in [".37", ".156", ".1464"] {
        let [one, two] = [1, 2].map(|threads| {
            let mut s = mancala_lab::cgt::octal::NimSequence::new(code.parse().unwrap());
            s.extend_to_on(70_000, threads, &mut |_| true);
            s.values
        });
        assert_eq!(one.len(), 70_001);
        assert_eq!((0..=70_000).find(|&n| one[n] != two[n]), None, "{code}: the first difference");
        if code == ".1464" {
            assert!(two.iter().any(|&v| v > 2048), "the marks' table grew");
        }
    }
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

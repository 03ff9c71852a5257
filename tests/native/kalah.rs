//! Kalah: perft against the published table and an independent reference implementation
//! (`reference/`), the generic search against plain minimax.

use super::*;

#[test]
fn perft_table() {
    let rows = rows("kalah_perft.tsv");
    assert_eq!(rows.len(), 36, "every row is read");
    for r in rows {
        let setup = (r[1] != "start").then_some(r[1].as_str());
        let moves = (r[2] != "-").then_some(r[2].as_str());
        let (g, err) = Game::from_parts_lenient(Some(&r[0]), setup, moves, None);
        assert_eq!(err, None, "{r:?}");
        let depth: u32 = r[3].parse().unwrap();
        let want: u64 = r[4].parse().unwrap();
        assert_eq!(g.position().perft(depth), want, "{r:?}");
        if depth <= 5 {
            // The traced play (shared sowing kernel) agrees with the fast play.
            assert_eq!(slow_perft(g.position(), depth), want, "{r:?}");
        }
    }
}

#[test]
fn search_agrees_with_minimax_on_small_positions() {
    let mut rng = Rng(12345);
    for case in 0..300 {
        let n = 1 + rng.below(4) as u32;
        let rule = ["", "-e", "-m", "-o", "-e-m"][rng.below(5) as usize];
        let rules: AnyRules = format!("kalah-{n}-1{rule}").parse().unwrap();
        let setup = random_kalah_setup(&mut rng, n as usize, 9);
        let AnyPosition::Kalah(p) = rules.parse_setup(&setup).unwrap() else { panic!() };
        if p.is_over() {
            continue;
        }
        let a = Searcher::new(1).analyze(&p, 100, &mut NoHandler).unwrap();
        assert!(a.exact);
        assert_eq!(a.value.number(), minimax_value(&p), "case {case}: {rules} {setup}");
        assert_move_values_are_minimax(&p, &a.moves, &format!("case {case}: {rules} {setup}"));
    }
}

/// Every row of the perft table against the independent reference of tests/native/reference/ (rows
/// of at most `max` sequences here; the rest optimised, by make test-release).
fn perft_rows_match_the_reference(small: bool) -> usize {
    let mut checked = 0;
    for r in rows("kalah_perft.tsv") {
        let count: u64 = r[4].parse().unwrap();
        if small != (count <= 2_000_000) {
            continue;
        }
        assert!(r[5].contains("ref"), "{r:?}: the source column names the reference check");
        let mut b = reference::Board::new(&r[0], &r[1]);
        if r[2] != "-" {
            reference::play_letters(&mut b, &r[2]);
        }
        assert_eq!(reference::perft(&b, r[3].parse().unwrap()), count, "{r:?}");
        checked += 1;
    }
    checked
}

#[test]
fn perft_table_matches_the_reference() {
    assert_eq!(perft_rows_match_the_reference(true), 33, "rows checked");
}

#[test]
#[ignore = "slow in debug builds: run optimised by make test (make test-release)"]
fn perft_table_matches_the_reference_deep() {
    assert_eq!(perft_rows_match_the_reference(false), 3, "rows checked");
}

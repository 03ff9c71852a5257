//! Kalah's exact solver: the published values of Irving et al., and agreement with minimax on
//! thousands of random positions, wide boards and root moves solved one at a time.

use super::*;

/// Checks the published values of one class of `data/kalah_values.tsv`; returns the rows
/// checked, so that each caller can say how many it expects.
fn check_values(class: &str) -> usize {
    let mut checked = 0;
    for r in rows("kalah_values.tsv") {
        if r[3] != class {
            continue;
        }
        checked += 1;
        let rules: AnyRules = r[0].parse().unwrap();
        let AnyPosition::Kalah(start) = rules.start() else { panic!() };
        let want = r[1].parse::<i32>().unwrap();
        // Small boards need little; Kalah(6,4) gets the CLI's defaults, its rows in turn on two
        // threads (young brothers wait) and four (ABDADA, which leaves settled nodes); Kalah(6,5)
        // what its benchmark used (BENCHMARKS.md: about 10 GB).
        let opts = match (class, start.total_seeds() > 40) {
            ("hours", _) => SolveOptions {
                table_mib: 8192,
                db_seeds: 24,
                exact_seeds: exact_ahead(start.total_seeds(), 24),
                threads: 2,
            },
            (_, true) => SolveOptions { threads: 2 + 2 * (checked % 2), ..DEFAULT_OPTIONS },
            (_, false) => SolveOptions { table_mib: 64, db_seeds: 12, exact_seeds: 0, threads: 2 },
        };
        let v = Solver::new(start.rules(), opts).unwrap().solve(&start, &mut NoHandler).unwrap();
        assert_eq!(v, want, "exact solver: {} ({})", r[0], r[2]);
        if class == "no" {
            // The iterative-deepening search proves the same value when it sees every line.
            let a = Searcher::new(64).analyze::<_, AnyMove>(&start, 200, &mut NoHandler).unwrap();
            assert!(a.exact, "{r:?} not proven");
            assert_eq!(a.value.number(), want, "{} ({})", r[0], r[2]);
        }
    }
    checked
}

/// A random Kalah position of `n` pits a side under `rule` (an id suffix) with `seeds` seeds in
/// the pits, with its description for messages; `None` when the game is already over there.
fn random_position(rng: &mut Rng, n: u32, rule: &str, seeds: u32) -> Option<(Kalah, String)> {
    let rules: AnyRules = format!("kalah-{n}-1{rule}").parse().unwrap();
    let setup = random_kalah_setup(rng, n as usize, seeds);
    let AnyPosition::Kalah(p) = rules.parse_setup(&setup).unwrap() else { panic!() };
    (!p.is_over()).then(|| (p, format!("{rules} {setup}")))
}

/// Each move's value, by move.
fn move_values(a: &mancala_lab::search::Analysis<AnyMove>) -> Vec<(String, i32)> {
    let mut v: Vec<_> = a.moves.iter().map(|m| (m.mv.to_string(), m.value.number())).collect();
    v.sort();
    v
}

/// `line` is legal from `p`, ends the game, and the mover of `p` wins it by `value`.
fn assert_line_reaches(p: &Kalah, line: &[AnyMove], value: i32, what: &str) {
    let mut q = *p;
    for &mv in line {
        let pit = KalahMove::try_from(mv).expect("a Kalah move").0 as usize;
        assert!(q.is_legal(pit), "{what}: {line:?}");
        q.play_unchecked(pit);
    }
    assert!(q.is_over(), "{what}: line {line:?} does not end the game");
    let f = q.final_scores();
    assert_eq!(*f.get(p.turn()) as i32 - *f.get(!p.turn()) as i32, value, "{what}: best line {line:?}");
}

/// The 3,000 random positions of the minimax comparison, each solved with `threads(case)`:
/// (the threads of the analysis, those of a value-only solve on a fresh solver). Each value
/// and move value is plain minimax's, each best line legal and reaching its value.
fn solver_agrees_with_minimax_on_random_positions(threads: &dyn Fn(usize) -> Vec<(usize, usize)>) {
    let mut rng = Rng(987654321);
    let mut checked = 0;
    for case in 0..3000 {
        let n = 1 + rng.below(4) as u32;
        let rule = ["", "-e", "-m", "-o", "-e-m", "-o-m"][rng.below(6) as usize];
        let seeds = 4 + rng.below(7) as u32;
        let Some((p, what)) = random_position(&mut rng, n, rule, seeds) else { continue };
        for (analysis, value_only) in threads(case) {
            let what = format!("case {case}, {analysis} threads: {what}");
            // Small tables and databases on purpose: replacement and the database both get
            // used, with exact layers built ahead under the database, past it, or none.
            let opts = SolveOptions {
                table_mib: 1,
                db_seeds: [0, 3, 6][case % 3],
                exact_seeds: [0, 2, 7][case / 3 % 3],
                threads: analysis,
            };
            let a = Solver::new(p.rules(), opts).unwrap().analyze(&p, &mut NoHandler).unwrap();
            assert_eq!(a.value.number(), minimax_value(&p), "{what}");
            assert_move_values_are_minimax(&p, &a.moves, &what);
            // The best line is legal and reaches the end with the proven margin.
            assert_line_reaches(&p, &a.best_line, a.value.number(), &what);
            let opts = SolveOptions { threads: value_only, ..opts };
            assert_eq!(
                Solver::new(p.rules(), opts).unwrap().solve(&p, &mut NoHandler).unwrap(),
                a.value.number(),
                "{what}: solve on {value_only} threads"
            );
        }
        checked += 1;
    }
    assert!(checked > 2000, "{checked}");
}

/// One thread or two (young brothers wait) for the analysis, and a value-only solve on two
/// (the threads share the table and put off the moves another is searching).
#[test]
fn exact_solver_agrees_with_minimax_on_thousands_of_random_positions() {
    solver_agrees_with_minimax_on_random_positions(&|case| vec![(1 + case % 2, 2)]);
}

/// Boards of 9 to 12 pits a side: the solver's table key packs 18 to 24 pits into 64 bits, and
/// every pit must count (a key that dropped some once gave wrong values here).
/// The table-only solve is held to a database-only one (the database ranks every layout
/// exactly, no hashing), and to minimax where that is quick.
#[test]
fn exact_solver_agrees_with_itself_and_minimax_on_wide_boards() {
    let mut rng = Rng(24680);
    let mut checked = 0;
    for case in 0..400 {
        let n = 9 + rng.below(4) as u32;
        let rule = ["", "-e", "-m", "-o"][rng.below(4) as usize];
        let seeds = 3 + rng.below(6) as u32;
        let Some((p, what)) = random_position(&mut rng, n, rule, seeds) else { continue };
        let what = format!("case {case}: {what}");
        let solve = |db_seeds| {
            let opts = SolveOptions { table_mib: 1, db_seeds, exact_seeds: 0, threads: 1 };
            Solver::new(p.rules(), opts).unwrap().analyze(&p, &mut NoHandler).unwrap()
        };
        let (table, db) = (solve(0), solve(seeds));
        assert_eq!(table.value, db.value, "{what}");
        assert_eq!(move_values(&table), move_values(&db), "{what}");
        if seeds <= 3 {
            assert_eq!(table.value.number(), minimax_value(&p), "{what}");
            assert_move_values_are_minimax(&p, &table.moves, &what);
        }
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

/// How the page shares a position between workers: each root move alone, on a solver of its
/// own (reused from move to move), with the best value so far as the guess.
#[test]
fn root_moves_solved_one_at_a_time_agree_with_minimax() {
    let mut rng = Rng(1234567);
    let mut checked = 0;
    for case in 0..600 {
        let n = 2 + rng.below(3) as u32;
        let rule = ["", "-e", "-m", "-o"][rng.below(4) as usize];
        let seeds = 4 + rng.below(7) as u32;
        let Some((p, what)) = random_position(&mut rng, n, rule, seeds) else { continue };
        let what = format!("case {case}: {what}");
        let opts =
            SolveOptions { table_mib: 1, db_seeds: [0, 4][case % 2], exact_seeds: [0, 3][case / 2 % 2], threads: 1 };
        let mut solver = Solver::new(p.rules(), opts).unwrap();
        let mut best: Option<i32> = None;
        let order = Solver::root_order(&p);
        assert_eq!(order.len(), p.legal_moves().len(), "{what}");
        for m in order {
            let a = solver.analyze_moves(&p, Some(&[m]), best, &mut NoHandler).unwrap();
            assert_eq!(a.moves.len(), 1, "{what}");
            assert_move_values_are_minimax(&p, &a.moves, &what);
            assert_eq!(a.best_line.first(), Some(&AnyMove::from(m)), "{what}");
            assert_line_reaches(&p, &a.best_line, a.value.number(), &what);
            best = Some(best.map_or(a.value.number(), |b| b.max(a.value.number())));
        }
        assert_eq!(best, Some(minimax_value(&p)), "{what}");
        let illegal = (0..n as u8).map(KalahMove).find(|m| !p.legal_moves().contains(m));
        if let Some(m) = illegal {
            assert_eq!(
                solver.analyze_moves(&p, Some(&[m]), None, &mut NoHandler).unwrap_err(),
                SolveError::IllegalMove(m.to_string())
            );
        }
        checked += 1;
    }
    assert!(checked > 400, "{checked}");
}

#[test]
fn published_kalah_values() {
    assert_eq!(check_values("no"), 4, "rows checked");
}

#[test]
#[ignore = "slow in debug builds: run optimised by make test (make test-release)"]
fn published_kalah_values_slow() {
    assert_eq!(check_values("yes"), 8, "rows checked");
}

#[test]
#[ignore = "Kalah(6,5): about 20 minutes and 11 GB each: cargo test --release --features cli --test native kalah_6_5 -- --ignored"]
fn published_kalah_values_kalah_6_5() {
    assert_eq!(check_values("hours"), 2, "rows checked");
}

/// The parallel searches against the sequential truth (optimised, `make test`): the random
/// positions of [`exact_solver_agrees_with_minimax_on_thousands_of_random_positions`] on three,
/// four or eight threads (ABDADA: every thread from the root, settled nodes left), each count
/// a third of the cases and with every table and database setting (a solver's threads start
/// with it: all three counts on every case took three times as long, 28 s against 9 s), each value
/// and move value equal to plain minimax and each best line reaching its value; then random
/// middle games of Kalah(6,4) solved on one thread and on eight, to the same value and each
/// move's value the same.
#[test]
#[ignore = "optimised: make test runs it (test-release)"]
fn parallel_solver_agrees_with_minimax_and_one_thread() {
    solver_agrees_with_minimax_on_random_positions(&|case| vec![[(3, 3), (4, 4), (8, 8)][case / 9 % 3]]);

    // Middle games of Kalah(6,4): random moves from the start until at most 30 seeds are left in
    // the pits, then every move valued on one thread and on eight (one solver each, reused).
    let AnyPosition::Kalah(start) = "kalah-6-4".parse::<AnyRules>().unwrap().start() else { panic!() };
    let opts = |threads| SolveOptions { table_mib: 64, db_seeds: 16, exact_seeds: 0, threads };
    let (mut one, mut eight) =
        (Solver::new(start.rules(), opts(1)).unwrap(), Solver::new(start.rules(), opts(8)).unwrap());
    let mut rng = Rng(13579);
    let mut games = 0;
    while games < 6 {
        let mut p = start;
        let mut moves = String::new();
        while !p.is_over() && p.pit_seeds() > 30 {
            let legal = p.legal_moves();
            let m = legal[rng.below(legal.len() as u64) as usize];
            moves.push_str(&m.to_string());
            p.play_unchecked(m.0 as usize);
        }
        if p.is_over() {
            continue;
        }
        let what = format!("kalah-6-4 after {moves}");
        let (a, b) = (one.analyze(&p, &mut NoHandler).unwrap(), eight.analyze(&p, &mut NoHandler).unwrap());
        assert!(a.exact && b.exact, "{what}");
        assert_eq!(a.value, b.value, "{what}");
        assert_eq!(move_values(&a), move_values(&b), "{what}");
        assert_line_reaches(&p, &a.best_line, a.value.number(), &what);
        assert_line_reaches(&p, &b.best_line, b.value.number(), &what);
        games += 1;
    }
}

//! The solver against plain minimax and against itself.

use super::*;
use crate::families::kalah::minimax_value;
use crate::search::NoHandler;

#[test]
fn budgets_fit_and_small_games_get_little() {
    let big = super::options_for_budget(6, 48, 768);
    assert_eq!((big.table_mib, big.db_seeds), (256, 20));
    let small = super::options_for_budget(4, 12, 768);
    assert_eq!((small.table_mib, small.db_seeds), (16, 12));
    for budget in [16, 128, 256, 1024] {
        let o = super::options_for_budget(6, 60, budget);
        assert!(
            Solver::new(KalahRules::standard(6, 5).unwrap(), o).unwrap().stats().db_bytes
                + ((o.table_mib as u64) << 20)
                <= (budget as u64) << 20,
            "{budget}: {o:?}"
        );
    }
}

/// The capability in one step: the position's solver with the sizes asked and the rest of
/// the solver's choosing; a solver kept serves the next request only when its sizes are those
/// asked; the report names its sizes and what it filled; refusals come before any memory.
#[test]
fn the_capability_makes_reports_and_refuses() {
    use crate::families::AnyPosition;
    let pos: AnyPosition = kalah("kalah-3-2").start().into();
    let req = SolveRequest { table_mib: Some(2), ..SolveRequest::threads(1) };
    let mut s = pos.exact_solver(&req).unwrap().unwrap();
    assert!(s.serves(&pos, &req));
    assert!(!s.serves(&pos, &SolveRequest { table_mib: Some(4), ..req }), "another table size");
    assert!(!s.serves(&pos, &SolveRequest { db_seeds: Some(3), ..req }), "another database");
    let other: AnyPosition = kalah("kalah-3-2-e").start().into();
    assert!(!s.serves(&other, &req), "other rules");
    assert_eq!(
        s.analyze_moves(&pos, None, None, &mut NoHandler).unwrap().value.number(),
        minimax_value(&kalah("kalah-3-2").start())
    );
    let r = s.report();
    let names: Vec<&str> = r.figures.iter().map(|f| f.0).collect();
    assert_eq!(names, ["db_seeds", "exact_seeds", "db_bytes", "db_filled", "table_bytes"]);
    let auto = auto_options(12);
    assert_eq!((r.figures[0].1, r.figures[1].1), (u64::from(auto.db_seeds), 0));
    let filled = r.figures[3].1;
    assert_eq!(r.figures[4].1, 2 << 20);
    assert_eq!(
        r.text,
        format!(
            "table 2 MiB; endgame database to 12 seeds: {} MiB, {filled} entries of bounds filled",
            r.figures[2].1 >> 20
        )
    );
    assert_eq!(
        s.sizes_text(),
        format!("table 2 MiB, endgame database to 12 seeds {}", crate::engine::memory::in_words(r.figures[2].1))
    );
    for (table_mib, fault) in [
        (0, "a table of 0 MiB is out of range: 1 to 16384"),
        (16385, "a table of 16385 MiB is out of range: 1 to 16384"),
    ] {
        let e = pos.exact_solver(&SolveRequest { table_mib: Some(table_mib), ..req }).unwrap().err().unwrap();
        assert_eq!(e.to_string(), fault);
    }
    let big: AnyPosition = kalah("kalah-12-11").start().into();
    let e = big.exact_solver(&SolveRequest { table_mib: Some(0), ..req }).unwrap().err().unwrap();
    assert_eq!(e, SolveError::TooManySeeds { seeds: 264, most: MAX_SOLVER_SEEDS }, "the seeds are checked first");
}

/// The word move and the word sums are the pit-by-pit ones on `pits` (the first `N` the
/// mover's, the next `N` the opponent's).
#[cfg(not(target_arch = "wasm32"))]
fn words_agree_with_bytes<const N: usize>(pits: &[u8], rules: Rules) {
    let mut st = State { me: [0; N], op: [0; N] };
    st.me.copy_from_slice(&pits[..N]);
    st.op.copy_from_slice(&pits[N..2 * N]);
    let sums = (st.me.iter().map(|&x| x as u32).sum(), st.op.iter().map(|&x| x as u32).sum());
    assert_eq!(st.sides(), sums, "{st:?}");
    for i in (0..N).filter(|&i| st.me[i] > 0) {
        assert_eq!(st.play_words(i, rules), st.play_bytes(i, rules), "N = {N}, pit {i} of {st:?}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// On boards of 1 to 8 pits a side, every rule, empty pits (captures) and up to the
    /// solver's 127 seeds (laps), a move on words is the move pit by pit.
    #[test]
    fn moves_on_words_agree_with_moves_pit_by_pit(
        n in 1usize..=8,
        pits in proptest::collection::vec(proptest::prop_oneof![proptest::strategy::Just(0u8), 0u8..=3, 0u8..=60], 16),
        capture in 0usize..3,
        end in 0usize..2,
    ) {
        // Scaled down to the solver's limit.
        let sum: u32 = pits[..2 * n].iter().map(|&x| x as u32).sum();
        let pits: Vec<u8> = pits.iter().map(|&x| if sum > MAX_SOLVER_SEEDS { (x as u32 * MAX_SOLVER_SEEDS / sum) as u8 } else { x }).collect();
        let rules = Rules {
            capture: [CaptureRule::Standard, CaptureRule::Empty, CaptureRule::OppositeOnly][capture],
            end: [EndRule::EitherSideEmpty, EndRule::MoverCannotMove][end],
        };
        by_pits!(n, |N| words_agree_with_bytes::<N>(&pits, rules));
    }
}

/// The Kalah rules of `id`.
fn kalah(id: &str) -> KalahRules {
    match id.parse::<crate::families::AnyRules>().unwrap() {
        crate::families::AnyRules::Kalah(r) => r,
        _ => unreachable!("{id} is Kalah"),
    }
}

/// Every layout of three pits a side holding 0 to `per_pit` seeds each and at most `most` in
/// all, where the game goes on under `rules`: the solver's state (South to move), its seeds and
/// the position.
fn small_layouts(rules: KalahRules, per_pit: u32, most: u32) -> Vec<(State<3>, u32, Kalah)> {
    let base = per_pit + 1;
    let r = Rules { capture: rules.capture, end: rules.end };
    (0..base.pow(6))
        .filter_map(|code| {
            let pits: Vec<u8> = (0..6).map(|j| (code / base.pow(j) % base) as u8).collect();
            let seeds: u32 = pits.iter().map(|&p| p as u32).sum();
            let st = State::<3> { me: [pits[0], pits[1], pits[2]], op: [pits[3], pits[4], pits[5]] };
            if seeds > most || st.terminal(r).is_some() {
                return None;
            }
            let setup = crate::families::kalah::KalahSetup {
                south: pits[..3].iter().map(|&p| p as u32).collect(),
                north: pits[3..].iter().map(|&p| p as u32).collect(),
                ..Default::default()
            };
            Some((st, seeds, setup.validate(rules).unwrap()))
        })
        .collect()
}

#[test]
fn solver_matches_minimax_on_small_games() {
    for id in ["kalah-3-2", "kalah-3-2-e", "kalah-3-2-m", "kalah-3-2-o", "kalah-2-3-e-m", "kalah-4-1"] {
        let rules = kalah(id);
        let start = rules.start();
        // Database 20: the exact layers (to 12 seeds) hold the whole game.
        for db in [0, 4, 20] {
            let mut s = Solver::new(
                rules,
                SolveOptions { table_mib: 1, db_seeds: db, exact_seeds: 0, threads: 1 + db as usize % 2 },
            )
            .unwrap();
            assert_eq!(s.shared.exact.as_ref().map_or(0, |x| x.max_seeds), if db == 20 { 12 } else { 0 });
            assert_eq!(s.solve(&start, &mut NoHandler).unwrap(), minimax_value(&start), "{id} db {db}");
        }
    }
}

/// The exact layers against plain minimax, position by position: every layout of 1 to 7 seeds
/// on three pits a side valued through the solver's exact layers (database 15: exact to 7
/// seeds), under every rule.
#[test]
fn exact_layers_match_minimax() {
    for id in ["kalah-3-2", "kalah-3-2-e", "kalah-3-2-m", "kalah-3-2-o"] {
        let rules = kalah(id);
        let s = Solver::new(rules, SolveOptions { table_mib: 1, db_seeds: 15, exact_seeds: 0, threads: 1 }).unwrap();
        let x = s.shared.exact.as_ref().expect("exact layers");
        let r = Rules { capture: rules.capture, end: rules.end };
        assert_eq!(x.max_seeds, 7);
        let layouts = small_layouts(rules, 3, 7);
        for (st, seeds, pos) in &layouts {
            let mut valued = 0;
            assert_eq!(x.value(st, *seeds, r, &mut valued), minimax_value(pos), "{id} {st:?}");
        }
        assert!(layouts.len() > 1000, "{}", layouts.len());
    }
}

/// The exact layers built ahead against plain minimax, layout by layout: every layout of 1 to 8
/// seeds on three pits a side, under every rule, built on one thread and on three (the same
/// bytes), every layout valued.
#[test]
fn layers_built_ahead_match_minimax() {
    for id in ["kalah-3-2", "kalah-3-2-e", "kalah-3-2-m", "kalah-3-2-o", "kalah-3-2-o-m"] {
        let rules = kalah(id);
        let r = Rules { capture: rules.capture, end: rules.end };
        let one = Exact::new(3, 8).unwrap();
        let mut valued = 0;
        one.build::<3>(
            r,
            #[cfg(not(target_arch = "wasm32"))]
            None,
            8,
            &mut (1, 1),
            &mut valued,
            &mut |_| false,
        )
        .unwrap();
        // Every layout but the empty board, C(8 + 6, 6) - 1, each once: every byte but the empty
        // board's is written.
        assert_eq!(valued, 3002, "{id}");
        assert!(one.values.iter().skip(1).all(|w| w.load(Relaxed) != 0), "{id}");
        #[cfg(not(target_arch = "wasm32"))]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
            let three = Exact::new(3, 8).unwrap();
            let mut again = 0;
            three.build::<3>(r, Some(&pool), 8, &mut (1, 1), &mut again, &mut |_| false).unwrap();
            assert_eq!(again, valued);
            let same = one.values.iter().zip(three.values.iter()).all(|(a, b)| a.load(Relaxed) == b.load(Relaxed));
            assert!(same, "{id}");
        }
        let layouts = small_layouts(rules, 4, 8);
        for (st, seeds, pos) in &layouts {
            let w = one.values[one.index(st, *seeds)].load(Relaxed);
            assert_eq!(w as i32 - 128, minimax_value(pos), "{id} {st:?}");
        }
        assert!(layouts.len() > 1500, "{}", layouts.len());
    }
}

/// Small games solved with exact layers built ahead, under the database, past it and holding
/// the whole game, agree with minimax.
#[test]
fn solver_with_layers_built_ahead_matches_minimax() {
    for id in ["kalah-3-2", "kalah-3-2-e", "kalah-3-2-m", "kalah-3-2-o", "kalah-2-3-e-m", "kalah-4-1"] {
        let rules = kalah(id);
        let start = rules.start();
        for (db, exact) in [(8, 4), (4, 6), (0, 12)] {
            let threads = 1 + exact as usize % 3;
            let opts = SolveOptions { table_mib: 1, db_seeds: db, exact_seeds: exact, threads };
            let mut s = Solver::new(rules, opts).unwrap();
            assert_eq!(s.shared.db.is_some(), db > exact, "{id}: bounds only above the layers built ahead");
            // Under a database of 8 the lazy layers (to 4) are there past the 4 built.
            assert_eq!(s.solve(&start, &mut NoHandler).unwrap(), minimax_value(&start), "{id} db {db} exact {exact}");
            let a = s.analyze(&start, &mut NoHandler).unwrap();
            assert_eq!(a.value.number(), minimax_value(&start), "{id} db {db} exact {exact}: analyze");
        }
    }
}

/// Positions part-way through games of Kalah(5,3), Kalah(4,4) with the empty capture and
/// Kalah(6,2): the values of the position and of every move are the same on 1, 2, 3 and 4
/// threads (the split nodes, the pool's handler and the root moves as tasks on two threads;
/// ABDADA's shared windows, deferred moves and root moves searched together on three and four).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn threads_agree_with_one_thread() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for id in ["kalah-5-3", "kalah-4-4-e", "kalah-6-2"] {
        let rules = kalah(id);
        for game in 0..4 {
            let mut pos = rules.start();
            for _ in 0..2 + game * 3 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(moves[(seed % moves.len() as u64) as usize]).unwrap().0;
            }
            if pos.is_over() {
                continue;
            }
            let solver = |threads| {
                Solver::new(rules, SolveOptions { table_mib: 2, db_seeds: 6, exact_seeds: 0, threads }).unwrap()
            };
            let one = solver(1).analyze(&pos, &mut NoHandler).unwrap();
            for threads in [2, 3, 4] {
                assert_eq!(solver(threads).solve(&pos, &mut NoHandler).unwrap(), one.value.number(), "{id} {pos:?}");
                let mut many = solver(threads).analyze(&pos, &mut NoHandler).unwrap();
                let mut one = one.moves.clone();
                many.moves.sort_by_key(|m| m.mv.to_string());
                one.sort_by_key(|m| m.mv.to_string());
                assert_eq!(many.moves, one, "{id} {pos:?} on {threads} threads");
            }
        }
    }
}

/// A handler's stop reaches the pool's threads: the solve ends, stopped.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_stop_ends_every_thread() {
    struct After(u64);
    impl SearchHandler<AnyMove> for After {
        fn should_stop(&mut self, nodes: u64) -> bool {
            nodes > self.0
        }
        fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
    }
    let rules = KalahRules::standard(6, 4).unwrap();
    // Young brothers wait, then ABDADA.
    for threads in [2, 3] {
        let mut s = Solver::new(rules, SolveOptions { table_mib: 16, db_seeds: 8, exact_seeds: 0, threads }).unwrap();
        assert!(matches!(s.solve(&rules.start(), &mut After(200_000)), Err(SolveError::Stopped)));
        assert!(matches!(s.analyze(&rules.start(), &mut After(200_000)), Err(SolveError::Stopped)));
    }
    // Stopped while the exact layers are built ahead (319,769 layouts to 14 seeds): a build cut
    // short leaves only exact values, and the next solve goes on from where it stopped.
    let rules = KalahRules::standard(4, 3).unwrap();
    let opts = SolveOptions { table_mib: 16, db_seeds: 16, exact_seeds: 14, threads: 2 };
    let mut s = Solver::new(rules, opts).unwrap();
    assert!(matches!(s.solve(&rules.start(), &mut After(20_000)), Err(SolveError::Stopped)));
    let (stopped_at, first) = (s.ahead_next, s.nodes);
    assert!(stopped_at.0 <= 14 && first > 20_000 && first < 319_769, "{stopped_at:?} {first}");
    let full = Exact::new(4, 14).unwrap();
    let r = Rules { capture: rules.capture, end: rules.end };
    full.build::<4>(r, None, 14, &mut (1, 1), &mut 0, &mut |_| false).unwrap();
    let x = s.shared.exact.as_ref().unwrap();
    assert_eq!(x.values.iter().filter(|w| w.load(Relaxed) != 0).count() as u64, first);
    for (a, b) in x.values.iter().zip(full.values.iter()) {
        let a = a.load(Relaxed);
        assert!(a == 0 || a == b.load(Relaxed));
    }
    // Only what was left is built next.
    s.nodes = 0;
    s.build_ahead::<4>(&mut NoHandler).unwrap();
    assert_eq!((s.nodes, s.ahead_next), (319_769 - first, (15, 15)));
    let mut fresh = Solver::new(rules, SolveOptions { exact_seeds: 0, ..opts }).unwrap();
    assert_eq!(s.solve(&rules.start(), &mut NoHandler).unwrap(), fresh.solve(&rules.start(), &mut NoHandler).unwrap());
}

/// The nodes a pool's handler hears never pass those searched: a split's tasks post their
/// nodes once (their parent, which adds them to its own count, once posted them again).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn progress_counts_each_node_once() {
    struct Most(u64);
    impl SearchHandler<AnyMove> for Most {
        fn should_stop(&mut self, nodes: u64) -> bool {
            self.0 = self.0.max(nodes);
            false
        }
        fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
    }
    let rules = kalah("kalah-6-3");
    // Young brothers wait, then ABDADA.
    for threads in [2, 3] {
        let mut s = Solver::new(rules, SolveOptions { table_mib: 16, db_seeds: 12, exact_seeds: 0, threads }).unwrap();
        let mut most = Most(0);
        s.solve(&rules.start(), &mut most).unwrap();
        let searched = s.stats().nodes;
        assert!(most.0 > 0 && most.0 <= searched, "{threads} threads: heard {} of {searched} nodes", most.0);
    }
}

/// A small table, no database, one thread.
const ONE_THREAD: SolveOptions = SolveOptions { table_mib: 1, db_seeds: 0, exact_seeds: 0, threads: 1 };

/// One thread whose every node takes ABDADA's marks, as if others were beside it.
fn marking(rules: KalahRules) -> Solver {
    let mut s = Solver::new(rules, ONE_THREAD).unwrap();
    s.shared.marks = (0..MARKS).map(|_| AtomicU64::new(0)).collect();
    s.abdada_seeds = 1;
    s
}

/// ABDADA's deferred moves, made certain: with the positions of the first three plies marked
/// as searched by another thread (marks that no claim takes off), one thread defers them at
/// every node that meets them (but the eldest of a node expected to cut off), and still finds
/// minimax's values.
#[test]
fn deferred_moves_keep_the_values() {
    for id in ["kalah-3-2", "kalah-3-2-e", "kalah-2-3-e-m", "kalah-4-3"] {
        let rules = kalah(id);
        // Minimax only where it is quick.
        let small = rules.pits() * 2 * rules.seeds() as usize <= 12;
        let mut s = marking(rules);
        let mut frontier = vec![rules.start()];
        let mut marked = 0;
        for _ in 0..3 {
            let mut next = vec![];
            for pos in &frontier {
                for mv in pos.legal_moves() {
                    let child = pos.play(mv).unwrap().0;
                    if child.is_over() {
                        continue;
                    }
                    let key = by_pits!(rules.pits(), |N| state_of::<N>(&child).key());
                    s.shared.marks[Shared::mark_index(key)].store(key, Relaxed);
                    marked += 1;
                    next.push(child);
                }
            }
            frontier = next;
        }
        assert!(marked > 10, "{id}: {marked}");
        let start = rules.start();
        let mut plain = Solver::new(rules, ONE_THREAD).unwrap();
        let (mut a, mut b) =
            (s.analyze(&start, &mut NoHandler).unwrap().moves, plain.analyze(&start, &mut NoHandler).unwrap().moves);
        a.sort_by_key(|m| m.mv.to_string());
        b.sort_by_key(|m| m.mv.to_string());
        assert_eq!(a, b, "{id}");
        for pos in frontier.iter().take(8) {
            let v = s.solve(pos, &mut NoHandler).unwrap();
            assert_eq!(v, plain.solve(pos, &mut NoHandler).unwrap(), "{id} {pos:?}");
            if small {
                assert_eq!(v, minimax_value(pos), "{id} {pos:?}");
            }
        }
    }
}

/// The shared window of ABDADA's passes on one thread: it closes on the value, and a second
/// search of the same window returns at once.
#[test]
fn a_shared_window_closes_on_the_value() {
    let rules = kalah("kalah-3-2");
    let s = Solver::new(rules, ONE_THREAD).unwrap();
    let start = rules.start();
    let st = state_of::<3>(&start);
    let events = Events { windows: vec![SharedWindow::default()], ..Events::default() };
    let stop = AtomicBool::new(false);
    let mut ctx = s.search_ctx(&stop, None, Some(&events));
    let v = ctx.mtdf_shared(&st, 0, 0, None).unwrap();
    assert_eq!(start.store_diff() + v, minimax_value(&start));
    let (passes, nodes) = (ctx.passes, ctx.nodes);
    assert!(passes >= 1 && SharedWindow::number(events.windows[0].pass.load(Relaxed)) as u64 == passes);
    assert_eq!(ctx.mtdf_shared(&st, 5, 0, None).unwrap(), v);
    assert_eq!((ctx.passes, ctx.nodes), (passes, nodes));
}

/// ABDADA's settled nodes: a thread searching the start, once another thread has stored bounds
/// for it that decide its window (here its handler stores them, at the check just before the
/// thread looks), leaves what it searches under the start and returns the bound from the
/// start; bounds that do not decide the window change nothing.
#[test]
fn a_node_settled_by_another_thread_is_left() {
    struct Settles<'t>(&'t Table, Option<Entry>);
    impl SearchHandler<AnyMove> for Settles<'_> {
        fn should_stop(&mut self, _: u64) -> bool {
            if let Some(e) = self.1.take() {
                self.0.store(e);
            }
            false
        }
        fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
    }
    let rules = kalah("kalah-4-4");
    let start = rules.start();
    let st = state_of::<4>(&start);
    let stop = AtomicBool::new(false);
    // The start searched through, on the window (-1, 0).
    let s = marking(rules);
    let mut ctx = s.search_ctx(&stop, None, None);
    let v = ctx.search(&st, -1, 0, None, true);
    let through = ctx.nodes;
    assert!(through > 4 * 0x400 && !ctx.halted, "{through}");
    let Slot::Table(key) = ctx.slot_of(&st, st.seeds()) else { panic!("the start is in the table") };
    // Another thread's bounds: reaching the window's upper end, its lower end, or neither.
    for (lower, upper, settled) in [(3, 32, Some(3)), (-32, -2, Some(-2)), (-32, 5, None)] {
        let s = marking(rules);
        let mut h = Settles(&s.shared.table, Some(Entry { key, lower, upper, best: 0, work: 15 }));
        let mut ctx = s.search_ctx(&stop, Some(&mut h), None);
        let r = ctx.search(&st, -1, 0, None, true);
        assert!(!ctx.halted && ctx.unwind.is_none() && ctx.path.is_empty(), "{lower} {upper}");
        match settled {
            Some(b) => assert!(r == b && ctx.nodes <= 0x400 + 64, "{lower} {upper}: {r} after {} nodes", ctx.nodes),
            None => assert!(r == v && ctx.nodes > 2 * 0x400, "{lower} {upper}: {r} after {} nodes", ctx.nodes),
        }
    }
}

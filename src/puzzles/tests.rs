//! The uniqueness rule against plain minimax on small boards, and the solver's puzzles equal to
//! minimax's.

use super::*;
use crate::engine::{Player, Position};
use crate::families::kalah::{minimax_value, Kalah};
use crate::families::{AnyRules, SolveRequest};

/// Plain minimax as an oracle, for Kalah boards small enough.
struct Minimax;

impl MoveOracle for Minimax {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        let k = <&Kalah>::try_from(pos).ok()?;
        let me = Position::turn(k);
        Some(
            k.legal_moves()
                .into_iter()
                .map(|m| {
                    let q = k.play(m).expect("legal").0;
                    let v = minimax_value(&q);
                    (AnyMove::from(m), if Position::turn(&q) == me { v } else { -v })
                })
                .collect(),
        )
    }
}

/// Positions of `rules` after 0 to 7 moves of seeded random play, not over.
fn positions(rules: &str, count: usize) -> Vec<AnyPosition> {
    let start = rules.parse::<AnyRules>().unwrap().start();
    let mut rng = Stream::new(1);
    let mut out = vec![];
    while out.len() < count {
        let mut p = start.clone();
        for _ in 0..rng.below(8) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())]).unwrap().0;
        }
        if p.outcome().is_none() {
            out.push(p);
        }
    }
    out
}

/// Checks `s`, the solution of `start` for at most `most` player moves, step by step against
/// minimax: at each player step the moves accepted are exactly those that keep the goal (all
/// to one position) and not every move does; each defence is a move the player's value is
/// least after; and the line ends for a reason: after the defence's answer the game is over,
/// or every move keeps the goal, or moves to two positions do, or `most` moves were played.
fn check_against_minimax(start: &AnyPosition, s: &Solution, most: usize) {
    let player = start.turn();
    let mut pos = start.clone();
    for step in &s.line {
        let vals = Minimax.move_values(&pos).unwrap();
        assert_eq!(step.player, pos.turn() == player, "{start}: whose step");
        if step.player {
            let mut keep: Vec<AnyMove> = vals.iter().filter(|v| s.goal.kept_by(v.1)).map(|v| v.0).collect();
            let mut accepted = step.moves.clone();
            keep.sort_by_key(|m| m.to_string());
            accepted.sort_by_key(|m| m.to_string());
            assert_eq!(keep, accepted, "{start}: the moves that keep {}", s.goal);
            assert!(keep.len() < vals.len(), "{start}: not every move keeps it");
            let to: Vec<AnyPosition> = keep.iter().map(|&m| pos.play(m).unwrap().0).collect();
            assert!(to.windows(2).all(|w| w[0] == w[1]), "{start}: one position");
        } else {
            let best = vals.iter().map(|v| v.1).max().unwrap();
            assert_eq!(vals.iter().find(|v| v.0 == step.moves[0]).unwrap().1, best, "{start}: the defence's best");
        }
        pos = pos.play(step.moves[0]).unwrap().0;
    }
    assert!(s.line.last().is_some_and(|st| st.player), "{start}: ends with the player's step");
    while pos.outcome().is_none() && pos.turn() != player {
        let vals = Minimax.move_values(&pos).unwrap();
        let best = vals.iter().map(|v| v.1).max().unwrap();
        let mv = pos.legal_moves().into_iter().find(|m| vals.iter().any(|v| v.0 == *m && v.1 == best)).unwrap();
        pos = pos.play(mv).unwrap().0;
    }
    if pos.outcome().is_none() && s.player_moves() < most {
        let vals = Minimax.move_values(&pos).unwrap();
        let keep: Vec<AnyPosition> =
            vals.iter().filter(|v| s.goal.kept_by(v.1)).map(|v| pos.play(v.0).unwrap().0).collect();
        let one_place = keep.windows(2).all(|w| w[0] == w[1]);
        assert!(keep.len() == vals.len() || !one_place, "{start}: the line stops with more to find at {pos}");
    }
}

#[test]
fn the_uniqueness_rule_holds_against_minimax() {
    let mut found = 0;
    for rules in ["kalah-3-2", "kalah-3-2-e", "kalah-2-3"] {
        for start in positions(rules, 60) {
            let best = Minimax.move_values(&start).unwrap().iter().map(|v| v.1).max().unwrap();
            match solve(&mut Minimax, &start, 10) {
                Ok(s) => {
                    assert_eq!((s.value, s.goal), (best, Goal::of(best)));
                    check_against_minimax(&start, &s, 10);
                    found += 1;
                }
                Err(NotAPuzzle::Trivial) => {
                    assert!(Minimax.move_values(&start).unwrap().iter().all(|v| Goal::of(best).kept_by(v.1)));
                }
                Err(NotAPuzzle::NotUnique(n)) => {
                    let to: std::collections::HashSet<String> = Minimax
                        .move_values(&start)
                        .unwrap()
                        .iter()
                        .filter(|v| Goal::of(best).kept_by(v.1))
                        .map(|v| start.play(v.0).unwrap().0.to_string())
                        .collect();
                    assert!(n > 1 && to.len() == n, "{start}: {n} places, minimax {}", to.len());
                }
                Err(e) => panic!("{start}: {e}"),
            }
        }
    }
    assert!(found >= 20, "puzzles among the positions: {found}");
}

#[test]
fn the_solver_proves_the_same_puzzles_as_minimax() {
    for rules in ["kalah-3-2", "kalah-3-2-e"] {
        let any = rules.parse::<AnyRules>().unwrap();
        let solver = any.start().exact_solver(&SolveRequest { table_mib: Some(1), ..SolveRequest::threads(1) });
        let mut oracle = SolverOracle(solver.unwrap().unwrap());
        for start in positions(rules, 40) {
            assert_eq!(solve(&mut oracle, &start, 10), solve(&mut Minimax, &start, 10), "{start}");
        }
    }
}

#[test]
fn goals_in_words() {
    assert_eq!(
        [Goal::of(3), Goal::of(0), Goal::of(-4)].map(|g| g.to_string()),
        ["win", "draw", "lose by no more than 4"]
    );
    assert!(Goal::Win.kept_by(1) && !Goal::Win.kept_by(0));
    assert!(Goal::Hold(-2).kept_by(-2) && !Goal::Hold(-2).kept_by(-3));
}

#[test]
fn a_worse_move_in_words() {
    // Kalah(3,3) at the start, its moves' values as the wording needs them.
    let (rules, mut oracle) = kalah33();
    let start = rules.start();
    let vals = oracle.move_values(&start).unwrap();
    let value = |m: &str| vals.iter().find(|v| v.0.to_string() == m).unwrap().1;
    let c = start.legal_moves().into_iter().find(|m| m.to_string() == "c").unwrap();
    assert_eq!((value("a"), value("b"), value("c")), (2, 2, -4));
    let r = Refutation { mv: c, value: -4, line: vec![] };
    assert_eq!(words::worse_in_game(&start, &r, 2), "c gives the win away: with best play you lose by 4.");
    assert_eq!(words::worse_in_game(&start, &r, 0), "c gives the draw away: with best play you lose by 4.");
    assert_eq!(
        words::worse_in_game(&start, &r, -3),
        "c is 1 seed worse than the best move: with best play you lose by 4."
    );
    let r = Refutation { value: 2, ..r };
    assert_eq!(
        words::worse_in_game(&start, &r, 5),
        "c is 3 seeds worse than the best move: with best play you win by 2."
    );
    // With its line.
    let (after, _) = start.play(c).unwrap();
    let reply = after.legal_moves()[0];
    let r = Refutation { mv: c, value: -4, line: vec![reply] };
    // The puzzle's words: the defence named, "you" for the player.
    let text = words::refuted(&start, &r, Goal::Win);
    assert!(text.starts_with("c gives the win away: with best play you lose by 4. North replies "), "{text}");
    // The play page's: the same head, then the page's own words for each move.
    let (next, trace) = after.play(reply).unwrap();
    assert_eq!(
        words::worse_in_game(&start, &r, 2),
        format!("c gives the win away: with best play you lose by 4. {}.", after.describe_move(reply, &trace, &next))
    );
}

/// Kalah(3,3)'s exact solver as an oracle.
fn kalah33() -> (AnyRules, SolverOracle) {
    let rules: AnyRules = "kalah-3-3".parse().unwrap();
    let solver = rules.start().exact_solver(&SolveRequest { table_mib: Some(4), ..SolveRequest::threads(1) });
    (rules, SolverOracle(solver.unwrap().unwrap()))
}

/// `count` puzzles of seed `seed`, 0 to 14 moves from the start, 12 player moves at most.
fn gen(count: usize, seed: u64, tries: usize) -> Generation {
    Generation { count, seed, plies: (0, 14), tries, most: 12 }
}

/// The puzzles of `g`, each line rated among them, as a data file.
fn file(rules: &AnyRules, oracle: &mut dyn MoveOracle, g: Generation) -> Vec<String> {
    let puzzles = generate(&rules.start(), oracle, g, &mut |_, _| {});
    puzzles.iter().zip(ratings(&puzzles)).map(|(p, r)| p.record(r)).collect()
}

/// `verify_file` of lines.
fn verify(oracle: &mut dyn MoveOracle, lines: &[String]) -> Result<Vec<Puzzle>, Vec<String>> {
    verify_file(oracle, &lines.join("\n"), 12, &mut |_| {})
}

#[test]
fn generation_is_deterministic_and_every_record_verifies() {
    let (rules, mut oracle) = kalah33();
    let a = file(&rules, &mut oracle, gen(12, 7, 400));
    let (_, mut fresh) = kalah33();
    let b = file(&rules, &mut fresh, gen(12, 7, 400));
    assert_eq!(a, b, "one seed, one set of puzzles");
    assert_eq!(a.len(), 12);
    let c = file(&rules, &mut fresh, gen(12, 8, 400));
    assert_ne!(a, c, "another seed, other puzzles");
    let proven = verify(&mut oracle, &a).unwrap();
    for p in &proven {
        // Proven step by step: Kalah(3,3) is small enough for plain minimax.
        check_against_minimax(&p.start, &p.solution, 12);
        check_refutations(p);
    }
    // Read back without the oracle (as the page reads them): the same puzzles.
    for (line, p) in a.iter().zip(&proven) {
        let (q, r) = Puzzle::parse(line).unwrap();
        assert_eq!(&q, p);
        assert_eq!(q.record(r), *line);
    }
    // A line cut or with a character changed is refused or read as the line it then is,
    // never a panic (the fuzz target `puzzles` goes further).
    let mut rng = Stream::new(5);
    let alphabet: Vec<char> = "abcdef0123456789+-|:,/ \t.xn".chars().collect();
    for _ in 0..3000 {
        let line: Vec<char> = a[rng.below(a.len())].chars().collect();
        let k = rng.below(line.len());
        let changed: String = if rng.below(2) == 0 {
            line[..k].iter().collect()
        } else {
            let mut l = line.clone();
            l[k] = alphabet[rng.below(alphabet.len())];
            l.into_iter().collect()
        };
        if let Ok((q, r)) = Puzzle::parse(&changed) {
            assert_eq!(q.record(r), changed);
        }
    }
    // The ratings spread over the range.
    let rated: Vec<u32> = a.iter().map(|l| read(l).unwrap().1).collect();
    assert_eq!(rated.iter().min(), Some(&RATINGS.0));
    // The top is the hardest puzzle's own: the highest rating from FULL_SCALE up.
    let hardest = a.iter().map(|l| Puzzle::parse(l).unwrap().0.difficulty()).max().unwrap();
    let reach = f64::from(hardest.clamp(0, FULL_SCALE)) / f64::from(FULL_SCALE);
    let top = f64::from(RATINGS.0) + f64::from(RATINGS.1 - RATINGS.0) * reach;
    assert_eq!(rated.iter().max(), Some(&(((top / 10.0).round() * 10.0) as u32)));
    // A line with any field changed does not verify, and says which field.
    let fields: Vec<&str> = a[0].split('\t').collect();
    let line = format!("{} {}", fields[3], fields[3]);
    let themes = if fields[7] == "long" { "capture" } else { "long" };
    let easy = if fields[8] == "easy" { "-" } else { "easy" };
    let rating = if fields[9] == "1500" { "1510" } else { "1500" };
    let wrong = [
        (0, "kalah-3-3-00000000"),
        (3, line.as_str()),
        (4, "+99"),
        (5, "0"),
        (6, "9"),
        (7, themes),
        (8, easy),
        (9, rating),
        (10, "a:+0:"),
    ];
    for (k, w) in wrong {
        let mut f = fields.clone();
        f[k] = w;
        let mut lines = a.clone();
        lines[0] = f.join("\t");
        let e = verify(&mut oracle, &lines).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("line 1: ") && e[0].contains(FIELDS[k]), "{w} in field {k}: {e:?}");
    }
    let bad = |line: &str| verify(&mut kalah33().1, &[line.to_string()]).unwrap_err()[0].clone();
    assert!(bad("x\tkalah-3-3\t9.9.9\ta\t+0\t1\t0\t-\t-\t1500\t\t-").contains("setup:"));
    assert!(bad("nonsense").contains("12 fields"));
    assert!(bad(&fields[..6].join("\t")).contains("12 fields"));
    // A line twice.
    let e = verify(&mut oracle, &[a[0].clone(), a[0].clone()]).unwrap_err();
    assert!(e.iter().any(|l| l.contains("twice")), "{e:?}");
}

/// Each wrong move's refutation: its value is minimax's, it gives the goal up, and its line
/// is best play until a capture of the defence, the end, or its length.
fn check_refutations(p: &Puzzle) {
    let player = p.start.turn();
    let mut pos = p.start.clone();
    let mut steps = p.refutations.iter();
    for step in &p.solution.line {
        if step.player {
            let vals = Minimax.move_values(&pos).unwrap();
            let refuted = steps.next().unwrap();
            let wrong: Vec<(AnyMove, i32)> = vals.iter().filter(|v| !p.solution.goal.kept_by(v.1)).copied().collect();
            assert_eq!(refuted.iter().map(|r| (r.mv, r.value)).collect::<Vec<_>>(), wrong);
            for r in refuted {
                let mut q = pos.play(r.mv).unwrap().0;
                let mut punished = false;
                for &m in &r.line {
                    assert!(!punished, "{}: the line goes on after the defence's capture", r.mv);
                    let v = Minimax.move_values(&q).unwrap();
                    let best = v.iter().map(|x| x.1).max().unwrap();
                    assert_eq!(v.iter().find(|x| x.0 == m).unwrap().1, best, "best play after {}", r.mv);
                    let (next, trace) = q.play(m).unwrap();
                    punished = q.turn() != player && trace.steps.iter().any(|s| matches!(s, Sown::Capture { .. }));
                    q = next;
                }
                assert!(
                    punished || q.outcome().is_some() || r.line.len() == REFUTATION_MOVES,
                    "{}: {:?}",
                    r.mv,
                    r.line
                );
                // A search's whole best line after the wrong move, cut as the hint panel
                // cuts it, is the same refutation.
                let mut whole = vec![];
                let mut q = pos.play(r.mv).unwrap().0;
                while q.outcome().is_none() {
                    let v = Minimax.move_values(&q).unwrap();
                    let best = v.iter().map(|x| x.1).max().unwrap();
                    let m = v.iter().find(|x| x.1 == best).unwrap().0;
                    whole.push(m);
                    q = q.play(m).unwrap().0;
                }
                assert_eq!(refutation_of_line(&pos, r.mv, r.value, &whole), *r);
            }
        }
        pos = pos.play(step.moves[0]).unwrap().0;
    }
    assert!(steps.next().is_none());
}

#[test]
fn themes_come_from_the_traces() {
    let (rules, mut oracle) = kalah33();
    let puzzles = generate(&rules.start(), &mut oracle, gen(30, 11, 2000), &mut |_, _| {});
    for p in &puzzles {
        let mut pos = p.start.clone();
        let (mut captures, mut again, mut defence_takes) = (false, false, false);
        for step in &p.solution.line {
            let (next, trace) = pos.play(step.moves[0]).unwrap();
            let took = trace.steps.iter().any(|s| matches!(s, Sown::Capture { .. }));
            if step.player {
                captures |= took;
                // The mover moves again (a move into its store), where the game goes on.
                again |= next.turn() == p.start.turn() && next.outcome().is_none();
            } else {
                defence_takes |= took;
            }
            pos = next;
        }
        assert_eq!(p.themes.contains(&Theme::Capture), captures, "{}", p.record(0));
        assert_eq!(p.themes.contains(&Theme::ExtraTurn), again, "{}", p.record(0));
        assert!(!p.themes.contains(&Theme::Sacrifice) || defence_takes, "a sacrifice is taken: {}", p.record(0));
        assert_eq!(p.themes.contains(&Theme::Long), p.solution.player_moves() >= 5);
        // Zugzwang: the same board with the other side to move is worth more to the player, by
        // minimax.
        let text = p.start.to_string();
        let (board, side) = text.rsplit_once('-').unwrap();
        let passed = rules.parse_setup(&format!("{board}-{}", if side == "s" { "n" } else { "s" })).unwrap();
        let best = |q: &AnyPosition| Minimax.move_values(q).unwrap().iter().map(|v| v.1).max().unwrap();
        let pass = passed.outcome().is_none() && -best(&passed) > best(&p.start);
        assert_eq!(p.themes.contains(&Theme::Zugzwang), pass, "{}", p.record(0));
        assert_eq!(p.easy, greedy(&p.start).is_some_and(|g| p.solution.line[0].moves.contains(&g)));
    }
    let tagged = |t: Theme| puzzles.iter().filter(|p| p.themes.contains(&t)).count();
    for t in [Theme::Capture, Theme::ExtraTurn, Theme::GrandSlam, Theme::Zugzwang, Theme::Sacrifice, Theme::Long] {
        assert!(tagged(t) > 0, "{} among {} puzzles", t.key(), puzzles.len());
    }
    // Kalah sows one lap.
    assert_eq!(tagged(Theme::Relay), 0);
    assert!(puzzles.iter().any(|p| p.easy) && puzzles.iter().any(|p| !p.easy), "easy and not");
}

/// A solution of one player move, `mv`, from `setup` of `rules`: its themes.
fn themes_of_move(rules: &str, setup: Option<&str>, mv: &str) -> Vec<Theme> {
    let rules: AnyRules = rules.parse().unwrap();
    let start = setup.map_or_else(|| rules.start(), |s| rules.parse_setup(s).unwrap());
    let mv = start.legal_moves().into_iter().find(|m| m.to_string() == mv).unwrap();
    let line = vec![Step { moves: vec![mv], player: true, wrong: vec![] }];
    themes(&start, &Solution { goal: Goal::Win, value: 1, line })
}

#[test]
fn grand_slam_starving_and_relay_from_the_traces() {
    // Awari: South's f sows into North's a and b (1 seed each, made 2): both taken, North's
    // side empty: a grand slam.
    assert_eq!(
        themes_of_move("awari", Some("0.0.0.0.0.2-1.1.0.0.0.0-22.22-s"), "f"),
        [Theme::Capture, Theme::GrandSlam]
    );
    // Only b taken (a made 4 is not): no grand slam.
    assert_eq!(themes_of_move("awari", Some("0.0.0.0.0.2-3.1.0.0.0.0-20.22-s"), "f"), [Theme::Capture]);
    // North has nothing: South's e feeds it (Awari's duty to feed).
    assert_eq!(themes_of_move("awari", Some("0.0.0.0.3.1-0.0.0.0.0.0-22.22-s"), "e"), [Theme::Starving]);
    // Dakon: a's 8 seeds end in the store (one lap, another turn); b's are sown on from where
    // its last seed fell.
    assert_eq!(themes_of_move("dakon-8", None, "a"), [Theme::ExtraTurn]);
    assert!(themes_of_move("dakon-8", None, "b").contains(&Theme::Relay));
}

#[test]
fn awari_endings_from_the_databases() {
    let rules: AnyRules = "awari".parse().unwrap();
    let mut db = rules.endgame_databases(7).unwrap();
    while db.seeds() <= 7 {
        db.build_next(&mut |_| true).unwrap();
    }
    let mut oracle = DatabasesOracle(db);
    let mut rng = Stream::new(2);
    let (mut found, mut tried) = (0, 0);
    while found < 10 && tried < 500 {
        tried += 1;
        let mut pits = [0u32; 12];
        for _ in 0..7 {
            pits[rng.below(12)] += 1;
        }
        let row = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
        let setup = format!("{}-{}-20.21-s", row(&pits[..6]), row(&pits[6..]));
        let Ok(start) = rules.parse_setup(&setup) else { continue };
        let Ok(s) = solve(&mut oracle, &start, 8) else { continue };
        found += 1;
        // Each player step: its moves keep the goal by the databases, and not every move does.
        let mut pos = start.clone();
        for step in &s.line {
            let vals = oracle.0.move_values(&pos).unwrap();
            if step.player {
                let keep = vals.iter().filter(|v| s.goal.kept_by(v.1)).count();
                assert_eq!(keep, step.moves.len(), "{setup}");
                assert!(
                    keep < vals.len()
                        && step.moves.iter().all(|m| vals.iter().any(|v| v.0 == *m && s.goal.kept_by(v.1)))
                );
            } else {
                assert_eq!(
                    vals.iter().find(|v| v.0 == step.moves[0]).unwrap().1,
                    vals.iter().map(|v| v.1).max().unwrap()
                );
            }
            pos = pos.play(step.moves[0]).unwrap().0;
        }
        assert_eq!(s.value, oracle.0.value(&start).unwrap(), "{setup}");
    }
    assert_eq!(found, 10, "puzzles among {tried} endings");
}

/// An oracle that knows nothing (an empty list) and a bound of no moves are refused or
/// rounded up, never a panic.
#[test]
fn edge_cases_do_not_panic() {
    struct Empty;
    impl MoveOracle for Empty {
        fn move_values(&mut self, _: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
            Some(vec![])
        }
    }
    let start = positions("kalah-3-2", 40).into_iter().find(|p| solve(&mut Minimax, p, 10).is_ok()).unwrap();
    assert_eq!(solve(&mut Empty, &start, 10), Err(NotAPuzzle::Unknown));
    let p = Puzzle::of(&mut Minimax, &start, 0).unwrap();
    assert_eq!(p.solution.player_moves(), 1, "at least the first step");
}

/// The complete first turns from `pos` (South's turn of Dakon-`n`, played on by the family's
/// engine) that leave fewer than `n` counters outside South's store.
fn winning_turns(pos: &AnyPosition, n: u32) -> u64 {
    // A round over is the turn over (the round's winner starts the next: South again).
    if pos.turn() != crate::engine::Player::South || pos.outcome().is_some() || opening_holes(pos).is_none() {
        return u64::from(pos.board_seeds() + pos.store(crate::engine::Player::North) < n);
    }
    pos.legal_moves().into_iter().map(|m| winning_turns(&pos.play(m).unwrap().0, n)).sum()
}

#[test]
fn dakon_openings_are_the_papers_winning_first_turns() {
    // The paper's count of winning openings (data/dakon_counts.tsv: n, then paper_winning).
    let table = include_str!("../../data/dakon_counts.tsv");
    for n in [4u32, 5] {
        let row: Vec<&str> =
            table.lines().find(|l| l.split('\t').next() == Some(&n.to_string())).unwrap().split('\t').collect();
        let paper: u64 = row[2].parse().unwrap();
        let rules: AnyRules = format!("dakon-{n}").parse().unwrap();
        let start = rules.start();
        assert_eq!(winning_turns(&start, n), paper, "Dakon-{n}");
        // The oracle's value of each first move: 1 where a winning turn starts with it.
        let mut oracle = OpeningOracle::default();
        for (m, v) in oracle.move_values(&start).unwrap() {
            assert_eq!(v == 1, winning_turns(&start.play(m).unwrap().0, n) > 0, "Dakon-{n}, {m}");
        }
        // Its puzzles: each step's move the only one that keeps a winning turn, the last one
        // ending the turn with fewer than n counters outside South's store; nobody answers.
        let puzzles = generate(&rules.start(), &mut oracle, gen(40, 1, 4000), &mut |_, _| {});
        assert!(!puzzles.is_empty(), "Dakon-{n}");
        for p in &puzzles {
            let mut pos = p.start.clone();
            for step in &p.solution.line {
                assert!(step.player, "only South moves in the first turn");
                for m in pos.legal_moves() {
                    let wins = winning_turns(&pos.play(m).unwrap().0, n) > 0;
                    let to_same = pos.play(m).unwrap().0 == pos.play(step.moves[0]).unwrap().0;
                    assert_eq!(wins, to_same, "{}: {m}", p.record(0));
                }
                pos = pos.play(step.moves[0]).unwrap().0;
            }
            assert!(p.refutations.iter().flatten().all(|r| r.line.is_empty() && r.value == 0));
            assert!(words::task(p).contains("win in this turn"), "{}", words::task(p));
            if let Some(r) = p.refutations[0].first() {
                // Why, from the rules: where its last seed fell, and what the turn leaves.
                let said = words::refuted(&p.start, r, p.solution.goal);
                assert!(said.contains("this turn can no longer win the game: its last seed falls in"), "{said}");
                assert!(said.contains("seeds outside"), "{said}");
            }
            // The finish plays the turn to its end, a winning opening.
            for &m in &p.finish {
                assert_eq!(pos.turn(), Player::South, "{}", p.record(0));
                pos = pos.play(m).unwrap().0;
            }
            assert!(pos.turn() == Player::North || pos.outcome().is_some(), "{}", p.record(0));
            assert!(pos.board_seeds() + pos.store(Player::North) < n, "{}", p.record(0));
        }
        let lines: Vec<String> = puzzles.iter().zip(ratings(&puzzles)).map(|(p, r)| p.record(r)).collect();
        assert_eq!(verify_file(&mut OpeningOracle::default(), &lines.join("\n"), 12, &mut |_| {}).unwrap(), puzzles);
    }
}

/// The solitaires: each wrong move says why from the rules (Tchoukaillon's overfilled pit,
/// Tchouka's last seed in an empty pit or every way on failing), the finish clears the board,
/// and a file of easy puzzles is not rated up to hard.
#[test]
fn solitaires_say_why_and_finish() {
    let big = "0.1.3.1.5.2.4.6.8.10-0";
    for (rules, start) in [("tchoukaillon", Some(big)), ("tchouka-4-2", None)] {
        let rules: AnyRules = rules.parse().unwrap();
        let start = start.map_or_else(|| rules.start(), |s| rules.parse_setup(s).unwrap());
        let mut oracle = SearchOracle { nodes: SEARCH_NODES };
        let puzzles = generate(&start, &mut oracle, gen(60, 1, 400), &mut |_, _| {});
        assert!(puzzles.len() >= 5, "{rules}: {}", puzzles.len());
        for p in &puzzles {
            let mut pos = p.start.clone();
            let mut refuted = p.refutations.iter();
            for step in &p.solution.line {
                for r in refuted.next().unwrap() {
                    let said = words::refuted(&pos, r, p.solution.goal);
                    let (after, _) = pos.play(r.mv).unwrap();
                    let why = if rules.to_string() == "tchoukaillon" {
                        "now holds"
                    } else if after.outcome() == Some(crate::engine::Outcome::Stuck) {
                        "its last seed falls in an empty pit, which ends the game with"
                    } else {
                        "its last seed reaches the Roumba, but every way on"
                    };
                    assert!(said.contains(why), "{said}");
                }
                pos = pos.play(step.moves[0]).unwrap().0;
            }
            for &m in &p.finish {
                pos = pos.play(m).unwrap().0;
            }
            assert_eq!(pos.outcome(), Some(crate::engine::Outcome::Solved), "{}", p.record(0));
        }
        let rated = ratings(&puzzles);
        assert_eq!(rated.iter().min(), Some(&RATINGS.0));
        let hardest = puzzles.iter().map(Puzzle::difficulty).max().unwrap();
        assert!(hardest < FULL_SCALE / 2, "{rules}: {hardest}");
        assert!(*rated.iter().max().unwrap() < 1500, "{rules}: easy puzzles rated up to {rated:?}");
    }
}

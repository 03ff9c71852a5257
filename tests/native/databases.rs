//! The Oware family's endgame databases: layer counts, and values against the engine.

use super::*;

/// Rebuilds the Oware family's endgame databases and checks each layer's counts against
/// `data/endgame_layers.tsv`, up to `max_seeds`, and every value the independent reference
/// (`scripts/oware_reference.c`, `data/oware_reference.tsv`) gives within the layers built: its
/// layer counts and digests of every board's value (to 8 seeds), and its sampled boards of 13
/// and 14 seeds (built that far when `max_seeds` reaches 14); then hands each rule set's
/// databases to `also`. Returns the file's rows checked and the reference's.
fn endgame_layers_agree(
    max_seeds: u32,
    also: &mut dyn FnMut(mancala_lab::families::oware::OwareRules, &mancala_lab::families::oware::databases::Databases),
) -> (usize, usize) {
    use mancala_lab::families::oware::databases::Databases;
    use mancala_lab::families::oware::OwareRules;
    let rows: Vec<Vec<String>> = rows("endgame_layers.tsv").into_iter().filter(|r| r[0] != "rules").collect();
    let reference = rows_of("oware_reference.tsv");
    let (mut checked, mut confirmed) = (0, 0);
    let mut names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    names.dedup();
    for name in names {
        let rules = OwareRules::try_from(name.parse::<AnyRules>().unwrap()).unwrap();
        let mine: Vec<&Vec<String>> =
            rows.iter().filter(|r| r[0] == name && r[1].parse::<u32>().unwrap() <= max_seeds).collect();
        let seeds = if max_seeds >= 14 { (mine.len() - 1).max(14) } else { mine.len() - 1 };
        let mut db = Databases::new(rules, seeds);
        for k in 0..=seeds {
            let s = db.build_next(&mut |_| true).unwrap();
            if let Some(r) = mine.get(k) {
                let got = [s.seeds as u64, s.positions, s.won, s.drawn, s.lost, s.largest as u64];
                let want: Vec<u64> = r[1..7].iter().map(|x| x.parse().unwrap()).collect();
                assert_eq!(got[..], want[..], "{r:?}");
                checked += 1;
            }
        }
        for r in reference.iter().filter(|r| r[1] == name) {
            match r[0].as_str() {
                "layer" if r[2].parse::<usize>().unwrap() <= seeds => {
                    let k: usize = r[2].parse().unwrap();
                    let (mut counts, mut largest, mut digest) = ([0u64; 4], i32::MIN, 0xcbf2_9ce4_8422_2325u64);
                    for_each_board(12, k, &mut vec![], &mut |b| {
                        let mut board = [0u8; mancala_lab::engine::rank::MAX_PARTS];
                        board[..12].copy_from_slice(b);
                        let v = db.value(&board).unwrap();
                        counts[0] += 1;
                        counts[1 + usize::from(v <= 0) + usize::from(v < 0)] += 1;
                        largest = largest.max(v);
                        digest = (digest ^ (v as i8 as u8) as u64).wrapping_mul(0x0000_0100_0000_01b3);
                    });
                    let want: Vec<u64> = r[3..7].iter().map(|x| x.parse().unwrap()).collect();
                    assert_eq!(counts[..], want[..], "{r:?}");
                    assert_eq!((largest.to_string(), format!("{digest:016x}")), (r[7].clone(), r[8].clone()), "{r:?}");
                    confirmed += 1;
                }
                "value" => {
                    let b: Vec<u8> = r[2].split('.').map(|x| x.parse().unwrap()).collect();
                    if b.iter().map(|&x| x as usize).sum::<usize>() <= seeds {
                        let mut board = [0u8; mancala_lab::engine::rank::MAX_PARTS];
                        board[..12].copy_from_slice(&b);
                        assert_eq!(db.value(&board), Some(r[3].parse().unwrap()), "{r:?}");
                        confirmed += 1;
                    }
                }
                _ => {}
            }
        }
        also(rules, &db);
    }
    (checked, confirmed)
}

/// A table of `data/` that the crate does not ship (read from the file).
fn rows_of(file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    mancala_lab::data::rows(&text).map(|r| r.into_iter().map(String::from).collect()).collect()
}

/// Every board of `parts` pits holding `seeds` in all, in ascending lexicographic order.
fn for_each_board(parts: usize, seeds: usize, prefix: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
    if parts == 1 {
        prefix.push(seeds as u8);
        f(prefix);
        prefix.pop();
        return;
    }
    for first in 0..=seeds {
        prefix.push(first as u8);
        for_each_board(parts - 1, seeds - first, prefix, f);
        prefix.pop();
    }
}

#[test]
fn endgame_layers_small() {
    // Every layer to 8 seeds of the five rule sets, and the reference's digests of them.
    assert_eq!(endgame_layers_agree(8, &mut |_, _| {}), (5 * 9, 5 * 9));
}

#[test]
#[ignore = "optimised build: make test-release"]
fn endgame_layers_all() {
    // Every layer of the file (Awari to 16 seeds, the others to 12), each rule set built to 14
    // at least: the reference's digests to 8 seeds and its 80 boards of 13 and 14 seeds each.
    // The same databases then answer the engine on random positions (one build for both).
    let mut rng = Rng(20261126);
    let mut sets = vec![];
    // A rule set by what its databases depend on (not the starting seeds).
    let key = |r: &mancala_lab::families::oware::OwareRules| format!("{:?} {}", r.set, r.grand_slam_illegal);
    let counts = endgame_layers_agree(99, &mut |rules, db| {
        agree_with_the_engine_on_random_six_pit_positions(rules, db, &mut rng);
        sets.push(key(&rules));
    });
    assert_eq!(counts, (4 * 13 + 17, 5 * (9 + 80)));
    let mut all: Vec<String> = every_rule_set(6).iter().map(key).collect();
    all.sort();
    sets.sort();
    assert_eq!(sets, all, "every rule set checked against the engine");
}

/// The databases' values of positions with captured seeds and either side to move, through
/// the same path as the page and the CLI, agree with a plain search of the game (Awari: a
/// repetition ends it, the seeds left shared), on positions of 2 pits a side.
#[test]
fn endgame_values_agree_with_the_engine_on_small_boards() {
    use mancala_lab::engine::{ByPlayer, Player};
    use mancala_lab::families::oware::databases::Databases;
    use mancala_lab::families::oware::{Oware, OwareRules, OwareSetup, Ruleset};
    /// Final captured difference for the side to move, a repeated position ending the game.
    fn plain(p: &Oware, path: &mut Vec<Oware>) -> i32 {
        if p.is_over() {
            return p.captured_diff();
        }
        let me = p.turn();
        let mut best = i32::MIN;
        for m in p.legal_moves() {
            let mut q = *p;
            q.play_unchecked(m.0 as usize);
            let v = if path.contains(&q) {
                // Repetition: the game ends, nobody gets the rest.
                let c = q.captured();
                *c.get(me) as i32 - *c.get(!me) as i32
            } else {
                path.push(q);
                let v = plain(&q, path);
                path.pop();
                if q.turn() == me {
                    v
                } else {
                    -v
                }
            };
            best = best.max(v);
        }
        best
    }
    let rules = OwareRules::new(Ruleset::Awari, 2, 0, false).unwrap();
    let mut db = Databases::new(rules, 10);
    while db.build_next(&mut |_| true).is_some() {}
    let mut checked = 0;
    for a in 0..=3u32 {
        for b in 0..=3 {
            for c in 0..=2 {
                for d in 0..=2 {
                    if a + b + c + d > 6 {
                        continue;
                    }
                    for turn in [Player::South, Player::North] {
                        let setup = OwareSetup {
                            south: vec![a, b],
                            north: vec![c, d],
                            captured: ByPlayer { south: 5, north: 3 },
                            turn,
                        };
                        let p = setup.validate(rules).unwrap();
                        if p.is_over() {
                            continue;
                        }
                        let want = plain(&p, &mut vec![p]);
                        assert_eq!(p.captured_diff() + db.value_of(&p).unwrap(), want, "{p:?}");
                        for (i, v) in db.move_values(&p).unwrap() {
                            let mut q = p;
                            q.play_unchecked(i);
                            let w = if q.is_over() {
                                q.captured_diff() * if q.turn() == p.turn() { 1 } else { -1 }
                            } else {
                                let v = plain(&q, &mut vec![p, q]);
                                if q.turn() == p.turn() {
                                    v
                                } else {
                                    -v
                                }
                            };
                            assert_eq!(p.captured_diff() + v, w, "{p:?} move {i}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

/// The five rule sets of the Oware family on boards of `pits` pits a side.
fn every_rule_set(pits: u32) -> Vec<mancala_lab::families::oware::OwareRules> {
    use mancala_lab::families::oware::{OwareRules, Ruleset};
    let mut v: Vec<OwareRules> = Ruleset::ALL.iter().map(|&s| OwareRules::new(s, pits, 0, false).unwrap()).collect();
    v.push(OwareRules::new(Ruleset::Oware, pits, 0, true).unwrap());
    v
}

/// A board of `2n` pits seen by the mover (his `n` pits first) as the engine's position, South
/// to move, nothing captured yet.
fn engine_position(
    rules: mancala_lab::families::oware::OwareRules,
    board: &[u8],
) -> mancala_lab::families::oware::Oware {
    use mancala_lab::engine::ByPlayer;
    use mancala_lab::families::oware::OwareSetup;
    let n = board.len() / 2;
    let row = |r: &[u8]| r.iter().map(|&x| x as u32).collect();
    OwareSetup {
        south: row(&board[..n]),
        north: row(&board[n..]),
        captured: ByPlayer { south: 0, north: 0 },
        turn: Player::South,
    }
    .validate(rules)
    .unwrap()
}

/// Every board of `slots` pits holding exactly `k` seeds (counted out one pit after another,
/// not by the databases' ranking).
pub fn boards(slots: usize, k: usize) -> Vec<Vec<u8>> {
    if slots == 1 {
        return vec![vec![k as u8]];
    }
    (0..=k)
        .flat_map(|first| {
            boards(slots - 1, k - first).into_iter().map(move |mut rest| {
                rest.insert(0, first as u8);
                rest
            })
        })
        .collect()
}

/// What a move does, read from the engine: the mover's net gain (captures and seeds awarded
/// at the end), and where play goes on (`None`: the game is over), as a board seen by the
/// next mover and whether the same player moves again (Wari's pass).
type Step = (i32, Option<(Vec<u8>, bool)>);

/// The moves of a board's mover by the engine's own rules, with the databases' two
/// conventions: endless play is worth 0 (done by the caller), and Oware's "more than half
/// wins" is not applied (a game the engine ends so goes on from its board, nothing more
/// captured so far).
fn engine_steps(rules: mancala_lab::families::oware::OwareRules, board: &[u8]) -> Result<Vec<Step>, i32> {
    let p = engine_position(rules, board);
    if p.is_over() {
        return Err(p.captured_diff());
    }
    let n = board.len() / 2;
    let seen_by = |q: &mancala_lab::families::oware::Oware, who: Player| -> Vec<u8> {
        let mut b: Vec<u8> = q.row(who).iter().map(|&x| x as u8).collect();
        b.extend(q.row(!who).iter().map(|&x| x as u8));
        b
    };
    if p.turn() == Player::North {
        // Wari: South cannot move and passes (the engine has done it).
        return Ok(vec![(0, Some((seen_by(&p, Player::North), false)))]);
    }
    Ok(p.legal_moves()
        .into_iter()
        .map(|m| {
            let mut q = p;
            q.play_unchecked(m.0 as usize);
            let gain = q.captured().south as i32 - q.captured().north as i32;
            let on_board = q.board_seeds();
            if q.is_over() && on_board == 0 || q.is_over() && rules.set != mancala_lab::families::oware::Ruleset::Oware
            {
                (gain, None)
            } else if q.is_over() {
                // Oware's majority: the databases play on, North to move (South just moved).
                (gain, Some((seen_by(&q, Player::North), false)))
            } else {
                let again = q.turn() == Player::South;
                debug_assert!(n > 0);
                (gain, Some((seen_by(&q, q.turn()), again)))
            }
        })
        .collect())
}

/// Every board of `pits` pits a side up to `max_seeds` seeds valued from the engine's moves by
/// value iteration, layer after layer (a capture leaves the layer): the value of the game cut
/// after t moves, from t = 0 up, until it no longer changes — which is the value with endless
/// play worth 0, since every forced gain is forced within a bounded number of moves. Returns
/// the values by board.
fn values_by_iteration(
    rules: mancala_lab::families::oware::OwareRules,
    pits: usize,
    max_seeds: usize,
) -> std::collections::HashMap<Vec<u8>, i32> {
    let mut value: std::collections::HashMap<Vec<u8>, i32> = Default::default();
    for k in 0..=max_seeds {
        let layer = boards(2 * pits, k);
        let index: std::collections::HashMap<&Vec<u8>, usize> = layer.iter().enumerate().map(|(i, b)| (b, i)).collect();
        // Each move: its gain, and where it goes (a lower layer's value, fixed now, or a board
        // of this layer and whether the mover moves again).
        enum To {
            Fixed(i32),
            Here(usize, bool),
        }
        let moves: Vec<Result<Vec<(i32, To)>, i32>> = layer
            .iter()
            .map(|b| {
                engine_steps(rules, b).map(|steps| {
                    steps
                        .into_iter()
                        .map(|(gain, next)| match next {
                            None => (gain, To::Fixed(0)),
                            Some((c, again)) => match index.get(&c) {
                                Some(&j) => (gain, To::Here(j, again)),
                                None => {
                                    let v = value[&c];
                                    (gain, To::Fixed(if again { v } else { -v }))
                                }
                            },
                        })
                        .collect()
                })
            })
            .collect();
        let mut v = vec![0i32; layer.len()];
        for round in 0.. {
            let next: Vec<i32> = moves
                .iter()
                .map(|m| match m {
                    Err(over) => *over,
                    Ok(ms) => ms
                        .iter()
                        .map(|(gain, to)| {
                            gain + match to {
                                To::Fixed(x) => *x,
                                To::Here(j, true) => v[*j],
                                To::Here(j, false) => -v[*j],
                            }
                        })
                        .max()
                        .unwrap_or(0),
                })
                .collect();
            if next == v {
                break;
            }
            assert!(round < 10_000, "{rules}: layer {k} does not settle");
            v = next;
        }
        value.extend(layer.into_iter().zip(v));
    }
    value
}

/// The databases' values of every board of 3 and 4 pits a side up to 10 seeds, for the five
/// rule sets, equal values computed independently: the engine's own moves (not the
/// databases' model), valued by iteration (not by retrograde analysis).
#[test]
fn databases_equal_an_independent_valuation_on_small_boards() {
    use mancala_lab::families::oware::databases::Databases;
    let mut checked = 0;
    for (pits, seeds) in [(3usize, 10usize), (4, 10)] {
        for rules in every_rule_set(pits as u32) {
            let mut db = Databases::new(rules, seeds);
            while db.build_next(&mut |_| true).is_some() {}
            let want = values_by_iteration(rules, pits, seeds);
            for (board, v) in &want {
                let mut b = [0u8; 24];
                b[..board.len()].copy_from_slice(board);
                assert_eq!(db.value(&b), Some(*v), "{rules} {board:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 5 * (8008 + 43758));
}

/// 600 random positions of 6 pits a side with up to 12 seeds, for one rule set (of
/// [`endgame_layers_all`]'s databases, built to 14 seeds at least): each database value is
/// what the engine's moves make of the values after them (the databases' own values, so this
/// checks their consistency with the engine, not their fixed point), and the best line, played
/// on the engine, goes to the end of a won or lost game without going round.
fn agree_with_the_engine_on_random_six_pit_positions(
    rules: mancala_lab::families::oware::OwareRules,
    db: &mancala_lab::families::oware::databases::Databases,
    rng: &mut Rng,
) {
    use mancala_lab::families::oware::Ruleset;
    let mut checked = 0;
    let value = |b: &[u8]| {
        let mut x = [0u8; 24];
        x[..12].copy_from_slice(b);
        db.value(&x).unwrap()
    };
    for _ in 0..600 {
        let k = 1 + rng.below(12) as usize;
        let mut board = vec![0u8; 12];
        for _ in 0..k {
            board[rng.below(12) as usize] += 1;
        }
        let v = value(&board);
        let bellman = match engine_steps(rules, &board) {
            Err(over) => over,
            Ok(steps) => steps
                .iter()
                .map(|(gain, next)| {
                    gain + match next {
                        None => 0,
                        Some((c, true)) => value(c),
                        Some((c, false)) => -value(c),
                    }
                })
                .max()
                .unwrap_or(0),
        };
        assert_eq!(v, bellman, "{rules} {board:?}");
        let p = engine_position(rules, &board);
        if !p.is_over() && p.turn() == Player::South {
            let line = db.best_line(&p, 400);
            let mut q = p;
            for m in &line.moves {
                q.play_unchecked(m.0 as usize);
            }
            let left = if q.is_over() {
                0
            } else {
                db.value_of(&q).map_or(0, |x| if q.turn() == Player::South { x } else { -x })
            };
            if line.repeats {
                assert_eq!(left, 0, "{rules} {board:?}: {line:?} goes round where the game is not drawn");
            } else {
                assert!(q.is_over() || q.captures_impossible(), "{rules} {board:?}: {line:?} stops short");
            }
            let net = q.captured().south as i32 - q.captured().north as i32;
            if rules.set == Ruleset::Oware {
                // "More than half wins" may end it sooner: the same winner.
                assert_eq!((net + left).signum(), v.signum(), "{rules} {board:?}: {line:?}");
            } else {
                assert_eq!(net + left, v, "{rules} {board:?}: {line:?}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 600, "{rules}");
}

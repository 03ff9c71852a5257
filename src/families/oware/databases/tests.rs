//! The model against the engine, the databases against a plain search, best lines.

use super::model::Node;
use super::*;
use crate::engine::rank::Ranker;
use crate::engine::Position;
use crate::engine::{ByPlayer, Player};
use crate::families::oware::OwareSetup;
use crate::families::oware::Ruleset;
use std::collections::HashSet;

fn all_rules(pits: u32) -> Vec<OwareRules> {
    let mut v: Vec<OwareRules> = Ruleset::ALL.iter().map(|&s| OwareRules::new(s, pits, 0, false).unwrap()).collect();
    v.push(OwareRules::new(Ruleset::Oware, pits, 0, true).unwrap());
    v
}

/// The engine's position of a board, South to move (finished as the rules say).
fn engine(rules: OwareRules, b: &MoverBoard) -> Oware {
    let n = rules.pits();
    let row = |r: &[u8]| r.iter().map(|&x| x as u32).collect();
    OwareSetup {
        south: row(&b[..n]),
        north: row(&b[n..2 * n]),
        captured: ByPlayer { south: 0, north: 0 },
        turn: Player::South,
    }
    .validate(rules)
    .unwrap()
}

/// The databases' rules agree with the engine's on every board of the small layers.
#[test]
fn the_model_plays_as_the_engine() {
    for pits in [2, 3, 6] {
        for rules in all_rules(pits) {
            let m = Model::new(rules);
            let ranker = Ranker::new(2 * pits as usize, 7);
            for k in 0..=if pits == 6 { 5 } else { 7 } {
                let mut b = ranker.unrank(k, 0);
                loop {
                    let pos = engine(rules, &b);
                    // Ayo's positions where no capture can happen again are over at once.
                    assert_eq!(pos.stalled(), rules.set == Ruleset::Ayo && stalled(&m, &b), "{rules} {b:?}");
                    if pos.stalled() {
                        assert!(matches!(m.expand(&b), Node::Moves(..)));
                        if !ranker.next(&mut b[..2 * pits as usize]) {
                            break;
                        }
                        continue;
                    }
                    match m.expand(&b) {
                        Node::Over(v) => {
                            assert!(pos.is_over(), "{rules} {b:?}");
                            assert_eq!(pos.captured_diff(), v, "{rules} {b:?}");
                        }
                        Node::Pass => assert!(!pos.is_over() && pos.turn() == Player::North, "{rules} {b:?}"),
                        Node::Moves(legal, sown) => {
                            assert!(!pos.is_over() && pos.turn() == Player::South, "{rules} {b:?}");
                            assert_eq!(pos.legal_mask(), legal, "{rules} {b:?}");
                            for mv in pos.legal_moves() {
                                let i = mv.0 as usize;
                                let s = sown[i].unwrap();
                                let mut next = pos;
                                next.play_unchecked(i);
                                let child = m.flip(&s.board);
                                let south = |p: &Oware| p.captured().south as i32 - p.captured().north as i32;
                                let c = next.captured();
                                if rules.set == Ruleset::Oware
                                    && 2 * c.south.max(c.north) > c.south + c.north + next.board_seeds()
                                {
                                    // Oware's "more than half wins", which the databases
                                    // do not apply.
                                    continue;
                                }
                                match m.expand(&child) {
                                    Node::Over(v) => {
                                        assert!(next.is_over(), "{rules} {b:?} {mv}");
                                        assert_eq!(south(&next), s.captured as i32 - v, "{rules} {b:?} {mv}");
                                    }
                                    node => {
                                        let passed = matches!(node, Node::Pass);
                                        assert_eq!(next.turn() == Player::South, passed, "{rules} {b:?} {mv}");
                                        let mut plain = board_of(&next);
                                        if !passed {
                                            plain = m.flip(&plain);
                                        }
                                        assert_eq!(
                                            plain[..2 * pits as usize],
                                            s.board[..2 * pits as usize],
                                            "{rules} {b:?} {mv}"
                                        );
                                        assert_eq!(south(&next), s.captured as i32, "{rules} {b:?} {mv}");
                                    }
                                }
                            }
                        }
                    }
                    if !ranker.next(&mut b[..2 * pits as usize]) {
                        break;
                    }
                }
            }
        }
    }
}

/// Ayo: no board reachable from `b` is a finished game or has a capturing move (a plain
/// search of every reachable board).
fn stalled(m: &Model, b: &MoverBoard) -> bool {
    thread_local! {
        static KNOWN: std::cell::RefCell<std::collections::HashMap<(Model, MoverBoard), bool>> = Default::default();
    }
    if let Some(&known) = KNOWN.with_borrow(|k| k.get(&(*m, *b)).copied()).as_ref() {
        return known;
    }
    let v = explore(m, b);
    KNOWN.with_borrow_mut(|k| k.insert((*m, *b), v));
    v
}

fn explore(m: &Model, b: &MoverBoard) -> bool {
    let mut seen = HashSet::from([*b]);
    let mut todo = vec![*b];
    while let Some(b) = todo.pop() {
        let Node::Moves(legal, sown) = m.expand(&b) else { return false };
        for (i, s) in sown.iter().enumerate().take(m.n) {
            let Some(s) = s.filter(|_| legal & (1 << i) != 0) else { continue };
            if s.captured > 0 {
                return false;
            }
            let c = m.flip(&s.board);
            if seen.insert(c) {
                todo.push(c);
            }
        }
    }
    true
}

/// A plain full-width search of the game as played: a position repeated on the path ends
/// the game, the seeds left counting for nobody (alpha-beta on the tree of histories).
fn plain(m: &Model, b: &MoverBoard, path: &mut HashSet<MoverBoard>, mut alpha: i32, beta: i32) -> i32 {
    if m.set == Ruleset::Ayo && stalled(m, b) {
        return m.side(b, false) as i32 - m.side(b, true) as i32;
    }
    let (legal, sown) = match m.expand(b) {
        Node::Over(v) => return v,
        Node::Pass => {
            let c = m.flip(b);
            return if path.contains(&c) {
                0
            } else {
                path.insert(c);
                let v = -plain(m, &c, path, -beta, -alpha);
                path.remove(&c);
                v
            };
        }
        Node::Moves(l, s) => (l, s),
    };
    let mut best = i32::MIN;
    for (i, s) in sown.iter().enumerate().take(m.n) {
        if legal & (1 << i) == 0 {
            continue;
        }
        let s = s.unwrap();
        let c = m.flip(&s.board);
        let v = if s.captured > 0 {
            s.captured as i32 - plain(m, &c, &mut HashSet::from([c]), -99, 99)
        } else if path.contains(&c) {
            0
        } else {
            path.insert(c);
            let v = -plain(m, &c, path, -beta, -alpha);
            path.remove(&c);
            v
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Every position of the small layers of small boards (cycles included) has the value a
/// plain search of the game gives it.
#[test]
fn databases_agree_with_a_plain_search() {
    let mut checked = 0;
    for (pits, seeds) in [(2, 6), (3, 4), (6, 3)] {
        for rules in all_rules(pits) {
            let mut db = Databases::new(rules, seeds);
            while db.build_next(&mut |_| true).is_some() {}
            assert_eq!(db.seeds(), seeds + 1);
            let m = Model::new(rules);
            for k in 0..=seeds {
                for r in 0..db.layer_size(k) {
                    let b = db.ranker.unrank(k, r);
                    let want = plain(&m, &b, &mut HashSet::from([b]), -99, 99);
                    assert_eq!(db.value(&b), Some(want), "{rules} {b:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn layers_count_as_the_binomials_say() {
    let r = Ranker::new(12, 20);
    let upto = |k: usize| (0..=k).map(|j| r.layer_size(j)).sum::<u64>();
    assert_eq!((upto(15), upto(20)), (17_383_860, 225_792_840));
    assert_eq!(
        (positions_upto(6, 15), positions_upto(6, 20), positions_upto(6, 18)),
        (17_383_860, 225_792_840, 86_493_225)
    );
    assert_eq!(positions_upto(12, 60), u64::MAX);
    let layer = Layer { values: vec![-3, 0, 5], distances: vec![0, 7, 255] };
    assert_eq!(Layer::from_bytes(&layer.to_bytes()), Some(layer));
    assert_eq!(Layer::from_bytes(&[1, 2, 3]), None);
}

/// The databases' best line from `pos`, played on the engine, checked: it ends the game, or
/// stops before repeating a position worth 0 (endless play), within `max` moves; and what it
/// captured, with the value left where it stops, is the value of `pos` (Oware's "more than
/// half wins" may end it sooner, with the same winner).
fn check_line(db: &Databases, pos: &Oware, max: usize) -> Line {
    let v = db.value_of(pos).unwrap();
    let line = db.best_line(pos, max);
    let mut p = *pos;
    for m in &line.moves {
        assert!(p.legal_moves().contains(m), "{pos:?}: {m} is not legal in {p:?}");
        p.play_unchecked(m.0 as usize);
    }
    assert!(line.moves.len() < max, "{pos:?} ({v:+}): {line:?} runs on");
    let sign = if p.turn() == pos.turn() { 1 } else { -1 };
    let left = if p.is_over() { 0 } else { sign * db.value_of(&p).unwrap() };
    if line.repeats {
        assert_eq!(left, 0, "{pos:?} ({v:+}): {line:?} goes round at {p:?}");
    } else {
        assert!(p.is_over() || p.captures_impossible(), "{pos:?} ({v:+}): {line:?} stops at {p:?}");
    }
    let c = p.captured();
    let s = pos.captured();
    let mover = |c: crate::engine::ByPlayer<u32>| {
        let d = c.south as i32 - c.north as i32;
        if pos.turn() == Player::South {
            d
        } else {
            -d
        }
    };
    let net = mover(c) - mover(s) + left;
    if db.rules().set == Ruleset::Oware {
        assert_eq!(net.signum(), v.signum(), "{pos:?} ({v:+}): {line:?} ends at {p:?}");
    } else {
        assert_eq!(net, v, "{pos:?}: {line:?} ends at {p:?}");
    }
    line
}

/// Every position of the small layers of every rule set: the best line reaches the value the
/// databases give, never going round while the game is won or lost. The line is lookups only,
/// so none can run on (the defect: a search that recursed without end).
#[test]
fn best_lines_progress_to_their_value() {
    let mut lines = 0;
    let mut longest = 0;
    for (pits, seeds) in [(2, 9), (3, 7), (4, 5), (6, 4)] {
        for rules in all_rules(pits) {
            let mut db = Databases::new(rules, seeds);
            while db.build_next(&mut |_| true).is_some() {}
            for k in 1..=seeds {
                for r in 0..db.layer_size(k) {
                    let pos = engine(rules, &db.ranker.unrank(k, r));
                    if pos.is_over() {
                        continue;
                    }
                    let line = check_line(&db, &pos, 400);
                    lines += 1;
                    longest = longest.max(line.moves.len());
                }
            }
        }
    }
    assert!(lines > 20_000, "{lines} lines, the longest {longest} moves");
}

/// The positions the review found hanging (Awari, Oware and Ayo, 8 seeds on 6 pits): their
/// values and best lines now come at once, and each line reaches the value.
#[test]
fn the_positions_that_hung_are_answered() {
    for (rules, setup) in [
        ("awari", "4.0.0.1.1.0-0.2.0.0.0.0-0.0-s"),
        ("awari", "1.0.2.0.0.1-0.1.0.2.1.0-20.20-s"),
        ("awari", "1.1.0.0.1.0-0.2.0.1.1.0-0.0-s"),
        ("oware", "1.0.2.0.0.1-0.1.0.2.1.0-20.20-s"),
        ("oware", "1.1.0.0.1.0-0.2.0.1.1.0-0.0-s"),
        ("ayo", "1.1.0.0.1.0-0.2.0.1.1.0-0.0-s"),
    ] {
        let any: crate::families::AnyRules = rules.parse().unwrap();
        let pos = *<&Oware>::try_from(&any.parse_setup(setup).unwrap()).unwrap();
        let mut db = Databases::new(pos.rules(), 8);
        while db.build_next(&mut |_| true).is_some() {}
        check_line(&db, &pos, 400);
        assert!(db.best_move(&pos, &[]).is_some());
    }
}

/// The un-move's quick legality check agrees with the full expansion on every board and pit of
/// the small layers, for every rule set.
#[test]
fn unmoves_agree_with_the_full_expansion() {
    for pits in [2, 3, 6] {
        for rules in all_rules(pits) {
            let m = Model::new(rules);
            let n = pits as usize;
            let ranker = Ranker::new(2 * n, 6);
            for k in 0..=if pits == 6 { 4 } else { 6 } {
                let mut b = ranker.unrank(k, 0);
                loop {
                    for o in 0..n {
                        if b[o] < if rules.set == Ruleset::Wari { 2 } else { 1 } {
                            continue;
                        }
                        let s = m.sow(&b, o);
                        let full = matches!(m.expand(&b), Node::Moves(legal, _) if legal & (1 << o) != 0);
                        // The board the sowing leaves before its captures: what an un-move
                        // starts from (a capture's board is in a smaller layer).
                        let r = m.spread(&b, o).0;
                        assert_eq!(m.unmoves_to(&b, o, &r), full && s.captured == 0, "{rules} {b:?} {o}");
                    }
                    if !ranker.next(&mut b[..2 * n]) {
                        break;
                    }
                }
            }
        }
    }
}

/// The retrograde pass on several threads (a frontier shared between them) settles every
/// position of every layer with the same value and distance as one thread, on layers big
/// enough to be shared (9 seeds: 167,960 positions), for the rule sets with passes (Wari) and
/// with endings without captures (Ayo).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn threads_settle_as_one_thread() {
    for set in [Ruleset::Awari, Ruleset::Wari, Ruleset::Ayo] {
        let rules = OwareRules::new(set, 6, 0, false).unwrap();
        let build = |threads| {
            let mut db = Databases::new(rules, 9);
            db.set_threads(threads);
            while db.build_next(&mut |_| true).is_some() {}
            db
        };
        let (one, three) = (build(1), build(3));
        for k in 0..=9 {
            assert!(one.layer(k) == three.layer(k), "{set:?}, layer {k}");
        }
    }
}

/// Builds the databases of `rules` to `seeds` in `processes` parts on threads, and returns each
/// layer's runs put end to end as one layer's bytes (values, then distances).
fn built_in_parts(rules: OwareRules, seeds: usize, processes: usize, batch: usize) -> Vec<Vec<u8>> {
    use crate::engine::rounds::local_rounds;
    use crate::families::capability::DatabasePart;
    let runs: Vec<Vec<(Vec<u8>, usize)>> = std::thread::scope(|s| {
        let handles: Vec<_> = local_rounds(processes)
            .into_iter()
            .enumerate()
            .map(|(p, mut rounds)| {
                s.spawn(move || {
                    let mut part = Part::new(rules, seeds, p, processes).with_batch(batch);
                    (0..=seeds)
                        .map(|k| {
                            let built = part.build_next(&mut rounds, &mut |_| {}).unwrap();
                            assert_eq!(built.bytes.len() as u64, 2 * (part.run(k).end - part.run(k).start));
                            (built.bytes, k)
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    (0..=seeds)
        .map(|k| {
            let halves: Vec<(&[u8], &[u8])> = runs.iter().map(|r| r[k].0.split_at(r[k].0.len() / 2)).collect();
            halves.iter().flat_map(|h| h.0.iter()).chain(halves.iter().flat_map(|h| h.1.iter())).copied().collect()
        })
        .collect()
}

/// Built in parts by two and three processes (threads here), every layer is byte for byte
/// what one process builds, for every rule set (Ayo's stalled boards, Wari's passes, Oware's
/// grand slam both ways), on boards whose small layers leave some processes no board at all.
#[test]
fn parts_put_end_to_end_are_the_one_process_bytes() {
    for (pits, seeds) in [(3, 9), (4, 8)] {
        for rules in all_rules(pits) {
            let mut db = Databases::new(rules, seeds);
            db.set_threads(1);
            while db.build_next(&mut |_| true).is_some() {}
            // A batch of 7 boards a round: a step takes many rounds, and the first pass's boards
            // go on from one batch to the next.
            for (processes, batch) in [(1, 1 << 20), (2, 1 << 20), (3, 1 << 20), (2, 7), (3, 7)] {
                let parts = built_in_parts(rules, seeds, processes, batch);
                for (k, bytes) in parts.iter().enumerate() {
                    assert_eq!(bytes, &db.layer(k).to_bytes(), "{rules} layer {k} in {processes} parts of {batch}");
                }
            }
        }
    }
}

/// A run is a share of the ranks: the runs of every process cover a layer once, in order.
#[test]
fn runs_cover_a_layer_once_in_order() {
    for size in [0u64, 1, 2, 5, 64, 1000] {
        for processes in 1..=7 {
            let mut at = 0;
            for p in 0..processes {
                let r = crate::engine::rounds::share(size, p, processes);
                assert_eq!(r.start, at.min(size));
                at = r.end;
            }
            assert_eq!(at, size, "{size} in {processes}");
        }
    }
}

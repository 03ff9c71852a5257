//! Property tests of the engine's invariants over generated games of the families.

use super::*;
use proptest::prelude::*;

fn kalah_rules() -> impl Strategy<Value = String> {
    (1u32..=12, 0u32..=8, prop::sample::select(vec!["", "-e", "-m", "-o", "-e-m", "-o-m"]))
        .prop_map(|(n, s, f)| format!("kalah-{n}-{s}{f}"))
}

/// Rules of every registered family (`FamilyId::ALL`), drawn through the family's own New game
/// form: its fields' ranges and choices, as a player could set them. A family added to the
/// registry is covered by construction, with every option its form offers. Numbers lean small
/// (the first four values of a range; one draw in eight over the whole range), so that games
/// stay short in debug builds.
fn any_rules() -> impl Strategy<Value = String> {
    use mancala_lab::families::{FamilyId, FieldKind};
    // The Oware family five times over: its rare endings (a repeated position, Ayo's stall) need
    // games enough to be reached in every run.
    let mut families = FamilyId::ALL.to_vec();
    families.extend(std::iter::repeat_n(FamilyId::Oware, 4));
    (prop::sample::select(families), prop::collection::vec((any::<u32>(), 0u8..8), 8)).prop_filter_map(
        "a form's values that make no game",
        |(family, draws)| {
            let form = family.new_game_form(None);
            assert!(form.fields.len() <= draws.len(), "{family:?}: more fields than draws");
            let values: Vec<String> = form
                .fields
                .iter()
                .zip(draws)
                .map(|(field, (r, wide))| match &field.kind {
                    FieldKind::Number { min, max } => {
                        let span = u64::from(max - min) + 1;
                        let span = if wide == 0 { span } else { span.min(4) };
                        (u64::from(*min) + u64::from(r) % span).to_string()
                    }
                    FieldKind::Choice(options) => options[r as usize % options.len()].0.to_string(),
                })
                .collect();
            family.new_game(&values).ok().map(|start| start.rules().to_string())
        },
    )
}

/// The family of a rules id.
fn family_of(rules: &str) -> mancala_lab::families::FamilyId {
    rules.parse::<AnyRules>().unwrap().family()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Seeds are conserved, every listed legal move plays, the fast and traced plays agree,
    /// and the incremental key equals the key from scratch, over random games.
    #[test]
    fn random_games(rules in kalah_rules(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        let rules: AnyRules = rules.parse().unwrap();
        let AnyPosition::Kalah(mut p) = rules.start() else { unreachable!() };
        let total = p.total_seeds();
        for c in choices {
            let legal = p.legal_moves();
            if legal.is_empty() {
                prop_assert!(p.outcome().is_some());
                break;
            }
            for m in &legal {
                let (q, trace) = p.play(*m).unwrap();
                let mut fast = p;
                let effect = fast.play_unchecked(m.0 as usize);
                prop_assert_eq!(q, fast);
                prop_assert_eq!(trace.extra_turn, effect.extra_turn);
                prop_assert_eq!(q.total_seeds(), total);
                prop_assert_eq!(q.key(), q.compute_key());
            }
            p = p.play(legal[c as usize % legal.len()]).unwrap().0;
        }
    }

    /// Dakon: counters are conserved, the search's untraced move equals the traced one, and
    /// a position's setup text gives back the same position (round, starter, Sungka's first
    /// turns included: the page sends positions to the worker as this text).
    #[test]
    fn random_dakon_games(n in 2usize..=11, cw: bool, sungka: bool, choices in prop::collection::vec(any::<u8>(), 0..150)) {
        let rules = DakonRules::new(n, cw).unwrap();
        let rules = if sungka { rules.with_sungka() } else { rules };
        let any = AnyRules::from(rules);
        let mut d = rules.start();
        let total = d.total_seeds();
        for c in choices {
            let legal = d.legal_moves();
            if legal.is_empty() {
                prop_assert!(d.outcome().is_some());
                break;
            }
            for m in &legal {
                let (q, _) = d.play(*m).unwrap();
                let mut fast = d;
                fast.play_unchecked(m.0 as usize);
                prop_assert_eq!(q, fast);
                prop_assert_eq!(q.hash_key(), fast.hash_key());
                prop_assert_eq!(q.total_seeds(), total);
            }
            d = d.play(legal[c as usize % legal.len()]).unwrap().0;
            let text = AnyPosition::from(d).to_string();
            prop_assert_eq!(any.parse_setup(&text).unwrap(), AnyPosition::from(d), "{}", text);
        }
    }

    /// Games (links) round-trip through their canonical text.
    #[test]
    fn game_links_round_trip(rules in any_rules(), choices in prop::collection::vec(any::<u8>(), 0..60), ply_frac in 0.0f64..=1.0) {
        let rules: AnyRules = rules.parse().unwrap();
        let mut g = Game::new(rules.start());
        for c in choices {
            let legal = g.position().legal_moves();
            if legal.is_empty() { break; }
            g.play(legal[c as usize % legal.len()]).unwrap();
        }
        g.goto((g.moves().len() as f64 * ply_frac) as usize);
        let text = g.to_string();
        prop_assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || "._-=&".contains(c)));
        let back: Game = text.parse().unwrap();
        prop_assert_eq!(back, g);
    }

    /// Random trees (moves from random nodes, promotions, deletions, comments) keep their
    /// invariants and round-trip through links and records.
    #[test]
    fn game_trees_round_trip(
        rules in any_rules(),
        ops in prop::collection::vec((0u8..8, any::<u16>()), 0..80),
        comment in "\\PC{0,12}",
    ) {
        let rules: AnyRules = rules.parse().unwrap();
        let mut g = Game::new(rules.start());
        for (op, a) in ops {
            let node = a as usize % (g.len() + 1);
            match op {
                0..=2 => {
                    let legal = g.position().legal_moves();
                    if !legal.is_empty() {
                        let before = g.len();
                        g.play(legal[a as usize % legal.len()]).unwrap();
                        prop_assert!(g.len() == before || g.len() == before + 1, "a move adds one node at most");
                    }
                }
                3 => g.select(node),
                4 => g.goto(a as usize % (g.moves().len() + 1)),
                5 => g.promote(node),
                6 => {
                    let before = g.len();
                    g.delete(node);
                    prop_assert!(node == 0 || g.len() < before);
                }
                _ => g.set_comment(node, &comment),
            }
            prop_assert!(g.ply() <= g.moves().len());
            prop_assert_eq!(g.line().len(), g.moves().len() + 1);
            prop_assert_eq!(g.line()[0], 0);
            for k in 1..g.line().len() {
                prop_assert_eq!(g.parent(g.line()[k]), Some(g.line()[k - 1]));
            }
        }
        let text = g.to_string();
        let back: Game = text.parse().unwrap();
        prop_assert_eq!(&back, &g, "{}", text);
        let (r, e) = Game::from_record_lenient(&g.record());
        prop_assert_eq!(e, None);
        prop_assert_eq!(r, g);
    }

    /// Setups round-trip, also from a mid-game position, and parse leniently. The game is
    /// played as the page and the CLI play it (a `Game`, whose endings — Ayo's stall, a
    /// repeated position — apply as it goes), so the position is one a link can hold.
    #[test]
    fn setups_round_trip(rules in any_rules(), choices in prop::collection::vec(any::<u8>(), 0..30)) {
        let rules: AnyRules = rules.parse().unwrap();
        let mut g = Game::new(rules.start());
        for c in choices {
            let legal = g.position().legal_moves();
            if legal.is_empty() { break; }
            g.play(legal[c as usize % legal.len()]).unwrap();
        }
        let p = g.position().clone();
        let text = p.to_string();
        let lenient = text.replace('.', "_").to_uppercase();
        for read in [rules.parse_setup(&text).unwrap(), rules.parse_setup(&lenient).unwrap()] {
            // A repetition is the game's history, not the position's: a position a repetition
            // ended reads back as that position, to be played on.
            let repeated = <&mancala_lab::families::oware::Oware>::try_from(&p).is_ok_and(|o| o.repeated());
            if p.outcome().is_none() {
                prop_assert_eq!(read, p.clone());
            } else if repeated {
                prop_assert_eq!(read.to_string(), text.clone());
            } else {
                // A finished game reads back finished, with the same board and result.
                prop_assert_eq!((read.to_string(), read.outcome()), (text.clone(), p.outcome()), "{}", text);
            }
        }
    }

    /// Percent-decoding never panics, and leaves text without `%` as it is.
    #[test]
    fn percent_decoding_is_safe(s in "\\PC{0,40}") {
        let d = mancala_lab::notation::percent_decode(&s);
        if !s.contains('%') {
            prop_assert_eq!(&*d, s.as_str());
        }
        let (g, _) = Game::from_query_lenient(&format!("moves={s}&ply={s}"));
        prop_assert!(g.ply() <= g.moves().len());
    }

    /// Links of any text never panic, and what they keep is a valid game.
    #[test]
    fn any_link_text_is_safe(s in "[ -~]{0,80}") {
        let (g, _) = Game::from_query_lenient(&s);
        prop_assert!(g.ply() <= g.moves().len());
    }

    /// Links built from near-valid parts never panic.
    #[test]
    fn near_valid_links_are_safe(
        rules in prop::sample::select(vec!["kalah-6-4", "kalah-0-4", "kalah-6-999", "kalah-6-4-x", "tchoukaillon", "nope", "kalah-99999999999999-4", "tchouka-4-2", "tchuka-ruma", "tchouka2-3-3", "tchouka-0-1", "tchouka-16-99"]),
        setup in "[0-9.sn-]{0,40}",
        moves in "[a-n0-9.]{0,40}",
        ply in "[0-9]{0,25}",
    ) {
        let q = format!("rules={rules}&setup={setup}&moves={moves}&ply={ply}");
        let (g, err) = Game::from_query_lenient(&q);
        if let Some(e) = err {
            prop_assert!(!e.message(&g).is_empty());
        }
        prop_assert!(g.ply() <= g.moves().len());
    }

    /// Tchouka: seeds are conserved (pits and Roumba), every move of a random game plays,
    /// the two-player game ends, and the solitaire's solver agrees with its own line.
    #[test]
    fn tchouka_random_games(pits in 1u32..8, seeds in 1u32..6, choices in prop::collection::vec(any::<u8>(), 0..300)) {
        use mancala_lab::families::tchouka::{TchoukaRules, Tchouka};
        let mut p: Tchouka<true> = TchoukaRules::<true>::new(pits, seeds).unwrap().start();
        let total = pits * seeds;
        for c in &choices {
            let legal = p.legal_moves();
            if legal.is_empty() {
                prop_assert!(p.outcome().is_some());
                break;
            }
            p = p.play(legal[*c as usize % legal.len()]).unwrap().0;
            prop_assert_eq!(p.seeds_left() + p.roumba(), total);
        }
        let solo: Tchouka<false> = TchoukaRules::<false>::new(pits, seeds).unwrap().start();
        if let (Some(line), _) = solo.solve() {
            let mut q = solo;
            for m in line {
                q = q.play(m).unwrap().0;
            }
            prop_assert_eq!(q.outcome(), Some(mancala_lab::engine::Outcome::Solved));
        }
    }

    /// Tchoukaillon: the winning position for s seeds is winnable, has s seeds, and the
    /// next one has one seed more and is winnable too.
    #[test]
    fn tchoukaillon_winning_positions(s in 0u32..3000) {
        let p = Tchoukaillon::winning_position(s).unwrap();
        prop_assert_eq!(p.seeds_left(), s);
        prop_assert!(p.is_winnable());
        if s > 0 {
            let (q, _) = p.play(p.smallest_harvestable().unwrap()).unwrap();
            prop_assert_eq!(q.pits().iter().sum::<u32>(), s - 1);
            prop_assert!(q.is_winnable());
        }
    }
}

/// Seeds in every cell that holds a count (Sowing's full pots are markers, not counts).
fn seeds(p: &AnyPosition) -> u32 {
    use mancala_lab::families::view::{FULL, WALL};
    use mancala_lab::families::FamilyId;
    let marker = |n: u32| p.rules().family() == FamilyId::Sowing && (n == FULL as u32 || n == WALL as u32);
    p.cells().iter().map(|&(_, n)| n).filter(|&n| !marker(n)).sum()
}

/// Random games of every family, through the page's and the CLI's own types: every listed move
/// plays; seeds are conserved (captured and stored seeds included; Atomic Wari's captures and
/// Sowing's full pots aside); a position's setup reads back as the position; the game's record
/// (its link) replays to the same game; the game ends only as its rules say. Reports the share
/// of games that reach a repeated position and Ayo's stall, and requires both to be reached.
#[test]
fn every_family_plays_by_its_rules() {
    use mancala_lab::families::oware::Oware;
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;
    let (games, repeated, stalled, over) = (Cell::new(0u32), Cell::new(0u32), Cell::new(0u32), Cell::new(0u32));
    let families = std::cell::RefCell::new(std::collections::BTreeSet::new());
    let mut runner = TestRunner::new(Config { cases: 1500, ..Config::default() });
    let strategy = (any_rules(), prop::collection::vec(any::<u16>(), 0..300));
    runner
        .run(&strategy, |(rules, choices)| {
            let rules: AnyRules = rules.parse().unwrap();
            let mut g = Game::new(rules.start());
            // Atomic Wari, Reverse Atomic Wari, Coloured-seed and Two-dimensional Sowing capture
            // seeds off the board (their rules cards); the others keep every seed in a cell.
            use mancala_lab::families::FamilyId;
            let captures_off = [FamilyId::Atomic, FamilyId::ReverseAtomic, FamilyId::Colour, FamilyId::Grid];
            let conserved = !captures_off.contains(&rules.family());
            let total = seeds(g.position());
            for c in choices {
                let p = g.position().clone();
                let legal = p.legal_moves();
                if legal.is_empty() {
                    prop_assert!(p.outcome().is_some(), "{rules} {p}: no move, not over");
                    break;
                }
                prop_assert!(p.outcome().is_none(), "{rules} {p}: over with moves");
                for &m in &legal {
                    let (q, _) = p.play(m).map_err(|e| TestCaseError::fail(format!("{rules} {p} {m}: {e:?}")))?;
                    if conserved {
                        prop_assert_eq!(seeds(&q), total, "{} {} {}", rules, p, m);
                    }
                }
                if p.outcome().is_none() {
                    prop_assert_eq!(rules.parse_setup(&p.to_string()).unwrap(), p.clone(), "{}", p);
                }
                g.play(legal[c as usize % legal.len()]).unwrap();
                if g.position().outcome().is_some() {
                    break;
                }
            }
            let back: Game = g.to_string().parse().unwrap();
            prop_assert_eq!(&back, &g, "{}", g);
            games.set(games.get() + 1);
            families.borrow_mut().insert(format!("{:?}", family_of(&rules.to_string())));
            if g.position().outcome().is_some() {
                over.set(over.get() + 1);
            }
            if let Ok(o) = <&Oware>::try_from(g.position()) {
                repeated.set(repeated.get() + o.repeated() as u32);
                stalled.set(stalled.get() + o.stalled() as u32);
            }
            Ok(())
        })
        .unwrap();
    let share = |n: u32| 100.0 * n as f64 / games.get() as f64;
    eprintln!(
        "{} random games: {:.1} % played to the end, {:.1} % ended by a repeated position, {:.1} % by Ayo's stall",
        games.get(),
        share(over.get()),
        share(repeated.get()),
        share(stalled.get())
    );
    assert!(repeated.get() > 0 && stalled.get() > 0, "the rare endings were never reached");
    let every: std::collections::BTreeSet<String> =
        mancala_lab::families::FamilyId::ALL.iter().map(|f| format!("{f:?}")).collect();
    assert_eq!(*families.borrow(), every, "every registered family was played");
}

//! The trainer's state on shipped puzzles: solved by the solution's moves, a wrong move's
//! refutation and Try again, the solution shown, the analysis link, and the player's record.

use super::*;
use crate::labs::puzzles::read_file;

/// A shipped file's puzzles.
fn shipped(rules: &str) -> Vec<(Puzzle, u32)> {
    let path = format!("{}/data/puzzles/{rules}.tsv", env!("CARGO_MANIFEST_DIR"));
    read_file(&std::fs::read_to_string(path).unwrap()).0
}

/// A puzzle of at least two player moves, the defence answering the first.
fn long_one() -> (Puzzle, u32) {
    let answered = |p: &Puzzle| p.solution.line.len() >= 3 && !p.solution.line[1].player;
    shipped("kalah-6-4").into_iter().find(|(p, _)| p.solution.player_moves() >= 2 && answered(p)).unwrap()
}

/// Plays the rest of the solution: the player's first accepted move, the defence's answer.
fn solve(t: &mut Trainer) {
    while t.state == State::Solving {
        if t.defence_due() {
            t.defend();
        } else {
            let mv = t.puzzle.solution.line[t.ply].moves[0];
            assert_eq!(t.play(mv), Verdict::Right, "{}", t.said);
            assert!(t.said.starts_with("Correct: "), "{}", t.said);
        }
    }
}

#[test]
fn a_solitaire_or_an_opening_solved_says_how_the_rest_goes_and_shows_it() {
    for rules in ["tchoukaillon", "tchouka-4-2", "tchouka-7-5", "dakon-4", "dakon-6"] {
        for (p, r) in shipped(rules) {
            let mut t = Trainer::new(p, r);
            solve(&mut t);
            let end = t.after(t.ply);
            let new_round = rules.starts_with("dakon") && crate::puzzles::opening_holes(&end).is_none();
            let turn_over = end.outcome().is_some() || end.turn() != t.puzzle.start.turn() || new_round;
            let rest = if end.legal_moves().len() == 1 { "the rest is forced" } else { "more than one move keeps it" };
            let n = t.puzzle.finish.len();
            let more = format!("{rest} ({n} more move{} to the end).", if n == 1 { "" } else { "s" });
            // A solitaire's board still to clear, an opening's turn still going: said so, and
            // its finish shown on the board to the end.
            assert!(turn_over || t.said.ends_with(&more), "{rules}: {}", t.said);
            assert!(!turn_over || t.said.ends_with("Solved!"), "{rules}: {}", t.said);
            assert_eq!(t.can_show_finish(), !turn_over, "{rules}: {}", t.said);
            if turn_over {
                continue;
            }
            // Solved, a move off the finish is said so (not proven), and not played.
            if let Some(other) = end.legal_moves().into_iter().find(|m| *m != t.puzzle.finish[0]) {
                assert_eq!(t.play(other), Verdict::Noted);
                assert!(t.said.starts_with(&format!("{other} is not the finish shown")), "{}", t.said);
                assert_eq!(t.state, State::Solved);
            }
            t.show_finish();
            assert!(t.said.starts_with("One way on to the end: You play "), "{}", t.said);
            // An opening's finish ends on the winning opening, said so.
            let opening = rules.starts_with("dakon");
            assert_eq!(t.said.contains(": a winning opening (North cannot fill a pit)."), opening, "{}", t.said);
            assert_eq!(t.preview(), Some((n, n)));
            // The turn over: the other side to move, the game over, or a new round.
            let last = t.shown().0;
            let over = last.outcome().is_some() || last.turn() != t.puzzle.start.turn();
            assert!(over || crate::puzzles::opening_holes(&last).is_none(), "{rules}: {last}");
            t.preview_to(0);
            assert_eq!(t.shown().0, end);
            assert!(!t.failed, "the finish does not count against a solved puzzle");
        }
    }
    // Tchoukaillon's 1.2.0.0.0.0 (the Roumba the rest of 40 seeds): 1, then 2 is the only move
    // left, and 1 after it.
    let (p, r) =
        shipped("tchoukaillon").into_iter().find(|(p, _)| p.start.to_string() == "1.2.0.0.0.0.0.0.0.0-37").unwrap();
    let mut t = Trainer::new(p, r);
    solve(&mut t);
    assert_eq!(
        t.said,
        "Correct: 1. Solved! The board can still be cleared from here: the rest is forced (2 more moves to the end)."
    );
}

#[test]
fn a_solitaires_wrong_move_says_why_and_its_solution_shows_the_finish() {
    let file = shipped("tchouka-7-5");
    let (p, r) = file.iter().find(|(p, _)| !p.refutations[0].is_empty()).unwrap().clone();
    let mut t = Trainer::new(p.clone(), r);
    let wrong = p.refutations[0][0].clone();
    assert_eq!(t.play(wrong.mv), Verdict::Wrong);
    assert!(t.said.contains("the board can no longer be cleared: its last seed"), "{}", t.said);
    t.try_again();
    t.show_solution();
    let n = p.solution.line.len() + p.finish.len();
    assert_eq!(t.preview(), Some((n, n)));
    assert_eq!(t.shown().0.outcome(), Some(crate::engine::Outcome::Solved), "the board cleared");
    assert!(t.said.contains(" Then one way on to the end: You play "), "{}", t.said);
}

#[test]
fn the_solution_solves_it_cleanly() {
    for (p, r) in shipped("kalah-4-3").into_iter().chain(shipped("grid-4-6-1")).chain(shipped("awari-6-4")) {
        let mut t = Trainer::new(p, r);
        assert!(t.awaiting_player());
        solve(&mut t);
        assert_eq!(t.state, State::Solved);
        // Where the game goes on, what best play from there ends in is said.
        let over = t.after(t.ply).outcome().is_some();
        let goes_on = t.said.contains("Solved! The game goes on from here: with best play you ");
        assert!(!t.failed && (t.said.ends_with("Solved!") == over) && (goes_on != over), "{}", t.said);
        assert_eq!(t.play(t.puzzle.solution.line[0].moves[0]), Verdict::Ignored, "nothing to play once solved");
    }
}

#[test]
fn a_wrong_move_shows_its_refutation_and_does_not_count() {
    let (p, r) = long_one();
    let mut t = Trainer::new(p.clone(), r);
    let wrong = p.refutations[0][0].clone();
    assert_eq!(t.play(wrong.mv), Verdict::Wrong);
    assert!(t.failed);
    assert!(
        t.said.starts_with(&format!("Wrong: {}", wrong.mv)) && t.said.contains(": with best play you"),
        "{}",
        t.said
    );
    // The board shows the wrong move and the whole refutation; the preview steps back.
    let mut after = p.start.play(wrong.mv).unwrap().0;
    for &m in &wrong.line {
        after = after.play(m).unwrap().0;
    }
    assert_eq!(t.shown().0, after);
    // A line cut before the game's end says so.
    let cut = !wrong.line.is_empty() && after.outcome().is_none();
    assert_eq!(t.said.ends_with("The line stops there; best play goes on from it to that result."), cut, "{}", t.said);
    assert_eq!(t.preview(), Some((1 + wrong.line.len(), 1 + wrong.line.len())));
    t.preview_to(1);
    assert_eq!(t.shown().0, p.start.play(wrong.mv).unwrap().0);
    t.preview_to(0);
    assert_eq!(t.shown().0, p.start, "back to before the wrong move");
    assert_eq!(t.play(p.solution.line[0].moves[0]), Verdict::Ignored, "not while the refutation is shown");
    // The analysis link: the solution as the main line, the wrong move a side line.
    let link = t.analyse().to_string();
    let (g, e) = Game::from_query_lenient(link.strip_prefix("#/play?").unwrap());
    assert!(e.is_none(), "{link}");
    assert_eq!(g.main_line().len() - 1, p.solution.line.len());
    assert_eq!(g.moves()[0], wrong.mv, "the board on the wrong move's line");
    // Every wrong move of every player step is a side line, its words its comment.
    let sides: usize = p.refutations.iter().map(Vec::len).sum();
    let main = g.main_line();
    let branches: usize = main.iter().map(|&n| g.children(n).len().saturating_sub(1)).sum();
    assert_eq!(branches, sides);
    assert!(g.comment(g.node_at(1)).starts_with("Wrong:") || g.comment(g.node_at(1)).contains(": with best play"));
    t.try_again();
    assert_eq!((t.state.clone(), t.ply), (State::Solving, 0));
    solve(&mut t);
    assert!(t.failed && t.said.contains("Solved after a wrong move: it counts as missed."), "{}", t.said);
}

#[test]
fn the_solution_shown() {
    let (p, r) = long_one();
    let mut t = Trainer::new(p.clone(), r);
    t.play(p.solution.line[0].moves[0]);
    t.defend();
    t.show_solution();
    let rest = p.solution.line.len() - 2;
    assert_eq!(t.preview(), Some((rest, rest)));
    let mut end = p.start.clone();
    for s in &p.solution.line {
        end = end.play(s.moves[0]).unwrap().0;
    }
    assert_eq!(t.shown().0, end);
    t.preview_to(1);
    assert!(t.marks().0.is_some());
    assert!(t.failed);
    t.try_again();
    assert_eq!(t.ply, 2);
    solve(&mut t);
    assert!(t.said.contains("Solved with the solution shown: it counts as missed."), "{}", t.said);
}

#[test]
fn the_record_counts_a_puzzle_once() {
    let mut rec = Record::default();
    assert!(rec.finish("kalah-4-3-00000001", 1500, true));
    assert!(rec.finish("kalah-4-3-00000002", 1500, true));
    assert_eq!((rec.streak, rec.best_streak), (2, 2));
    let up = rec.rating.rating;
    assert!(up > 1500.0);
    assert!(!rec.finish("kalah-4-3-00000001", 1500, false), "once");
    assert_eq!(rec.streak, 2);
    assert!(rec.finish("kalah-4-3-00000003", 1500, false));
    assert_eq!((rec.streak, rec.best_streak), (0, 2));
    assert!(rec.rating.rating < up);
    assert_eq!(Record::from_json(&rec.to_json()), rec);
    assert_eq!(Record::from_json("{not json"), Record::default());
    assert_eq!(
        Record::from_json(
            r#"{"rating":{"rating":1e999,"deviation":1,"volatility":1},"streak":0,"best_streak":0,"history":[]}"#
        ),
        Record::default()
    );
    assert_eq!(rec.done().len(), 3);
    assert!(rec.rating_text().contains(" ± "));
}

#[test]
fn the_finish_is_played_by_hand_and_a_puzzle_counted_before_says_so() {
    let file = shipped("tchoukaillon");
    let (p, r) = file.into_iter().find(|(p, _)| p.start.to_string() == "1.2.0.0.0.0.0.0.0.0-37").unwrap();
    let mut t = Trainer::new(p.clone(), r);
    t.counted = true;
    assert_eq!(t.play(p.refutations[0][0].mv), Verdict::Wrong);
    t.try_again();
    solve(&mut t);
    assert!(t.said.contains("Solved after a wrong move (your record counted this puzzle before)."), "{}", t.said);
    // Solved, the board awaits the finish's moves: another is not taken, the finish's are.
    assert!(t.awaiting_player());
    assert_eq!(p.finish.len(), 2);
    assert_eq!(t.play(p.finish[0]), Verdict::Right);
    assert_eq!(t.state, State::Finish { shown: 1 });
    // Stepped to the end, the finish is said whole.
    t.preview_to(2);
    assert!(t.said.starts_with("One way on to the end: You play 2"), "{}", t.said);
    t.preview_to(1);
    assert_eq!(t.play(p.finish[1]), Verdict::Right);
    assert_eq!(t.shown().0.outcome(), Some(crate::engine::Outcome::Solved));
    assert!(!t.awaiting_player());
    assert!(t.said.contains("the board is clear"), "{}", t.said);
}

#[test]
fn the_defence_playing_on_then_plays() {
    let two = |p: &Puzzle| p.solution.line.windows(2).any(|w| !w[0].player && !w[1].player);
    let (p, r) = ["kalah-6-4-e", "kalah-6-4", "kalah-6-3", "kalah-4-4"]
        .into_iter()
        .find_map(|rules| shipped(rules).into_iter().find(|(p, _)| two(p)))
        .expect("a puzzle whose defence moves twice in a row");
    let mut t = Trainer::new(p.clone(), r);
    let mut again = 0;
    while t.state == State::Solving {
        if t.defence_due() {
            let second = t.ply > 0 && !p.solution.line[t.ply - 1].player;
            t.defend();
            if second {
                assert!(t.said.contains(" then plays "), "{}", t.said);
                again += 1;
            }
        } else {
            assert_eq!(t.play(p.solution.line[t.ply].moves[0]), Verdict::Right);
        }
    }
    assert!(again > 0);
}

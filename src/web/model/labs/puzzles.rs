//! The trainer's state, apart from the page: one puzzle being solved — the player's moves
//! checked against the proven solution, the defence's answers, a wrong move's refutation
//! previewed move by move, the solution shown — and the player's record (rating, streak,
//! history) kept in the browser. Pure: tested natively.

use crate::engine::Cell;
use crate::families::{AnyMove, AnyPosition};
use crate::notation::Game;
use crate::puzzles::glicko::Rating;
use crate::puzzles::{words, Puzzle, Refutation};
use crate::web::route::Route;

/// Where the solving stands.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// The player's move is awaited (or the defence's is about to be played).
    Solving,
    /// A wrong move was played: its refutation, and how many of the moves the board shows
    /// (the wrong move, then the refutation's).
    Wrong {
        /// The refutation.
        refutation: Refutation,
        /// Moves of the preview shown (0: the board before the wrong move, 1: just after it).
        shown: usize,
    },
    /// Solved: every step found.
    Solved,
    /// The solution shown from the step where it was asked (with a solitaire's or an
    /// opening's finish), `shown` of its moves on the board.
    Shown {
        /// Moves of the rest of the solution shown.
        shown: usize,
    },
    /// Solved, and the finish (one way on to the end) shown, `shown` of its moves.
    Finish {
        /// Moves of the finish shown.
        shown: usize,
    },
}

/// One puzzle being solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its rating.
    pub rating: u32,
    /// Steps of the solution played so far.
    pub ply: usize,
    /// Where the solving stands.
    pub state: State,
    /// A wrong move was played, or the solution shown: the puzzle is not solved cleanly.
    pub failed: bool,
    /// The solution was shown.
    pub helped: bool,
    /// The last sentence said about a move, for the board's caption.
    pub said: String,
    /// The player's record counted this puzzle before (played again, it does not count).
    pub counted: bool,
}

/// What a click on a pit did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move keeps the result: the defence answers next (or the puzzle is solved).
    Right,
    /// The move gives the result away: its refutation is shown.
    Wrong,
    /// Not the player's to play now (the defence to move, a refutation shown, the end).
    Ignored,
    /// Not played, but said something of (a move off the finish once solved).
    Noted,
}

impl Trainer {
    /// A puzzle at its start.
    pub fn new(puzzle: Puzzle, rating: u32) -> Trainer {
        let said = String::new();
        Trainer { puzzle, rating, ply: 0, state: State::Solving, failed: false, helped: false, said, counted: false }
    }

    /// The position after the solution's first `k` steps.
    fn after(&self, k: usize) -> AnyPosition {
        let mut pos = self.puzzle.start.clone();
        for s in self.puzzle.solution.line.iter().take(k) {
            pos = pos.play(s.moves[0]).expect("a proven line").0;
        }
        pos
    }

    /// The position the board shows, and the move that led to it from the one before (for
    /// the last move's marks), if any.
    pub fn shown(&self) -> (AnyPosition, Option<(AnyPosition, AnyMove)>) {
        let mut pos = self.after(self.ply);
        let mut last =
            (self.ply > 0).then(|| (self.after(self.ply - 1), self.puzzle.solution.line[self.ply - 1].moves[0]));
        let moves: Vec<AnyMove> = match &self.state {
            State::Wrong { refutation, shown } => {
                std::iter::once(refutation.mv).chain(refutation.line.iter().copied()).take(*shown).collect()
            }
            State::Shown { shown } | State::Finish { shown } => self.rest().into_iter().take(*shown).collect(),
            _ => vec![],
        };
        for mv in moves {
            let Ok((next, _)) = pos.play(mv) else { break };
            last = Some((pos, mv));
            pos = next;
        }
        (pos, last)
    }

    /// The moves a shown solution or finish plays from the board's step: the solution's rest
    /// and then the finish, or the finish alone.
    fn rest(&self) -> Vec<AnyMove> {
        let line = self.puzzle.solution.line.get(self.ply..).unwrap_or_default();
        let rest = line.iter().map(|s| s.moves[0]);
        match self.state {
            State::Finish { .. } => self.puzzle.finish.clone(),
            _ => rest.chain(self.puzzle.finish.iter().copied()).collect(),
        }
    }

    /// Whether the finish can be shown: solved, with one way on to the end.
    pub fn can_show_finish(&self) -> bool {
        self.state == State::Solved && !self.puzzle.finish.is_empty()
    }

    /// Shows the finish once solved: one way on to the end, all of it at once on the board
    /// (the stepper goes back and forth); the puzzle stays solved.
    pub fn show_finish(&mut self) {
        if !self.can_show_finish() {
            return;
        }
        self.state = State::Finish { shown: self.puzzle.finish.len() };
        self.said = self.finish_said();
    }

    /// The whole finish in words, and what it ends in (an opening's winning turn).
    fn finish_said(&self) -> String {
        let end = self.after(self.ply);
        let moves = words::line(&end, &self.puzzle.finish, self.puzzle.start.turn()).join(" ");
        let mut said = format!("One way on to the end: {moves}");
        let mut last = end;
        for &m in &self.puzzle.finish {
            last = last.play(m).expect("a proven finish").0;
        }
        let done = words::finished(&self.puzzle, &last);
        if !done.is_empty() {
            said = format!("{said} {done}");
        }
        said
    }

    /// Whether the player is to move on the board now: a step of the solution, or once solved
    /// the finish's next move (it may be played by hand).
    pub fn awaiting_player(&self) -> bool {
        let step = self.state == State::Solving && self.puzzle.solution.line.get(self.ply).is_some_and(|s| s.player);
        step || self.finish_step().is_some()
    }

    /// The finish's move the board awaits, once solved: the first, or the one after those shown.
    fn finish_step(&self) -> Option<usize> {
        let k = match self.state {
            State::Solved => 0,
            State::Finish { shown } => shown,
            _ => return None,
        };
        (k < self.puzzle.finish.len()).then_some(k)
    }

    /// Plays the finish's next move by hand, if `mv` is it.
    fn play_finish(&mut self, k: usize, mv: AnyMove) -> Verdict {
        if self.puzzle.finish[k] != mv {
            // The puzzle is over: its finish is one way on, the other moves are not proven.
            self.said = format!(
                "{mv} is not the finish shown, which plays {} here: the finish is one proven way on, and other moves are not checked once the puzzle is solved.",
                self.puzzle.finish[k]
            );
            return Verdict::Noted;
        }
        let (pos, _) = self.shown();
        let effects = words::effects(&pos, mv, self.puzzle.start.turn()).filter(|e| !e.is_empty());
        self.said = match effects {
            Some(e) => format!("{mv} ({e})."),
            None => format!("{mv}."),
        };
        self.state = State::Finish { shown: k + 1 };
        if k + 1 == self.puzzle.finish.len() {
            let done = words::finished(&self.puzzle, &self.shown().0);
            if !done.is_empty() {
                self.said = format!("{} {done}", self.said);
            }
        }
        Verdict::Right
    }

    /// Whether the defence's answer is to be played next (after a pause, by the page).
    pub fn defence_due(&self) -> bool {
        self.state == State::Solving && self.puzzle.solution.line.get(self.ply).is_some_and(|s| !s.player)
    }

    /// Plays the player's `mv`.
    pub fn play(&mut self, mv: AnyMove) -> Verdict {
        if let Some(k) = self.finish_step() {
            return self.play_finish(k, mv);
        }
        if !self.awaiting_player() {
            return Verdict::Ignored;
        }
        let pos = self.after(self.ply);
        let me = self.puzzle.start.turn();
        let step = &self.puzzle.solution.line[self.ply];
        if step.moves.contains(&mv) {
            let effects = words::effects(&pos, mv, me).filter(|e| !e.is_empty());
            // "Correct", not "Right": Right is a player in Erickson's games.
            self.said = match effects {
                Some(e) => format!("Correct: {mv} ({e})."),
                None => format!("Correct: {mv}."),
            };
            // The accepted moves lead to one position: the line goes on with its first.
            self.ply += 1;
            if self.ply == self.puzzle.solution.line.len() {
                self.state = State::Solved;
                self.said += match (self.failed, self.helped, self.counted) {
                    (false, _, false) => " Solved!",
                    (false, _, true) => " Solved! (Your record counted this puzzle before.)",
                    (true, false, false) => " Solved after a wrong move: it counts as missed.",
                    (true, true, false) => " Solved with the solution shown: it counts as missed.",
                    (true, false, true) => " Solved after a wrong move (your record counted this puzzle before).",
                    (true, true, true) => " Solved with the solution shown (your record counted this puzzle before).",
                };
                let end = words::solved(&self.puzzle, &self.after(self.ply));
                if !end.is_empty() {
                    self.said = format!("{} {end}", self.said);
                }
            }
            return Verdict::Right;
        }
        let refutations = self.player_step().and_then(|k| self.puzzle.refutations.get(k));
        let Some(r) = refutations.and_then(|rs| rs.iter().find(|r| r.mv == mv)) else {
            return Verdict::Ignored;
        };
        self.failed = true;
        self.said = format!("Wrong: {}", words::refuted(&pos, r, self.puzzle.solution.goal));
        self.state = State::Wrong { refutation: r.clone(), shown: 1 + r.line.len() };
        Verdict::Wrong
    }

    /// The player's steps before the current one (the index of its refutations).
    fn player_step(&self) -> Option<usize> {
        let line = &self.puzzle.solution.line;
        line.get(self.ply).filter(|s| s.player)?;
        Some(line[..self.ply].iter().filter(|s| s.player).count())
    }

    /// Plays the defence's answer.
    pub fn defend(&mut self) {
        if !self.defence_due() {
            return;
        }
        let pos = self.after(self.ply);
        let mv = self.puzzle.solution.line[self.ply].moves[0];
        // A second move of the defence's in a row (its extra turn) "then plays".
        let again = self.ply > 0 && !self.puzzle.solution.line[self.ply - 1].player;
        let reply = words::line_after(&pos, &[mv], self.puzzle.start.turn(), again.then_some(pos.turn())).join(" ");
        // "Correct: e. North replies d." — the answer joins what was said of the move.
        self.said = if self.said.starts_with("Correct") { format!("{} {reply}", self.said) } else { reply };
        self.ply += 1;
    }

    /// Back to the position before the wrong move.
    pub fn try_again(&mut self) {
        if matches!(self.state, State::Wrong { .. } | State::Shown { .. }) {
            self.state = State::Solving;
            self.said = "Try again: find the move that keeps the result.".to_string();
        }
    }

    /// Shows the rest of the solution, all of it at once on the board (the stepper goes
    /// back and forth).
    pub fn show_solution(&mut self) {
        if self.state == State::Solved {
            return;
        }
        self.failed = true;
        self.helped = true;
        let me = self.puzzle.start.turn();
        let moves: Vec<AnyMove> = self.puzzle.solution.line[self.ply..].iter().map(|s| s.moves[0]).collect();
        self.said = format!("The solution: {}", words::line(&self.after(self.ply), &moves, me).join(" "));
        let end = self.after(self.puzzle.solution.line.len());
        if !self.puzzle.finish.is_empty() {
            let finish = words::line(&end, &self.puzzle.finish, me).join(" ");
            self.said = format!("{} Then one way on to the end: {finish}", self.said);
        }
        self.state = State::Shown { shown: moves.len() + self.puzzle.finish.len() };
    }

    /// The preview's moves shown and in all (the wrong move and its refutation's, or the
    /// solution's rest).
    pub fn preview(&self) -> Option<(usize, usize)> {
        match &self.state {
            State::Wrong { refutation, shown } => Some((*shown, 1 + refutation.line.len())),
            State::Shown { shown } | State::Finish { shown } => Some((*shown, self.rest().len())),
            _ => None,
        }
    }

    /// Shows `k` moves of the preview.
    pub fn preview_to(&mut self, k: usize) {
        match &mut self.state {
            State::Wrong { refutation, shown } => *shown = k.min(1 + refutation.line.len()),
            State::Shown { .. } | State::Finish { .. } => {
                let n = self.rest().len();
                if let State::Shown { shown } | State::Finish { shown } = &mut self.state {
                    *shown = k.min(n);
                }
                // The finish stepped to its end, however it got there, is said whole.
                if self.state == (State::Finish { shown: n }) {
                    self.said = self.finish_said();
                }
            }
            _ => {}
        }
    }

    /// The play page's link with the puzzle as a tree: the solution as the main line, every
    /// wrong move of the player's steps a side line with its refutation and, as its comment,
    /// why it is wrong; on the wrong move just played, else on the move the board shows.
    pub fn analyse(&self) -> Route {
        let mut g = Game::new(self.puzzle.start.clone());
        let line: Vec<AnyMove> = self.puzzle.solution.line.iter().map(|s| s.moves[0]).collect();
        let _ = g.play_line(&line, self.ply);
        let mut chosen = None;
        let mut refuted = self.puzzle.refutations.iter();
        for (k, step) in self.puzzle.solution.line.iter().enumerate() {
            if !step.player {
                continue;
            }
            let at = g.node_at(k);
            let pos = g.position_of(at).clone();
            for r in refuted.next().into_iter().flatten() {
                let Ok(first) = g.add(at, r.mv) else { continue };
                g.set_comment(first, &words::refuted(&pos, r, self.puzzle.solution.goal));
                let mut node = first;
                for &mv in &r.line {
                    let Ok(n) = g.add(node, mv) else { break };
                    node = n;
                }
                if let State::Wrong { refutation, .. } = &self.state {
                    if k == self.ply && refutation.mv == r.mv {
                        chosen = Some(first);
                    }
                }
            }
        }
        match chosen {
            Some(node) => g.select(node),
            None => g.goto(self.ply),
        }
        Route::play(&g)
    }

    /// The cells the board marks for the move shown: where it was sown from, and its path.
    pub fn marks(&self) -> (Option<Cell>, Vec<Cell>) {
        match self.shown().1 {
            Some((before, mv)) => match before.play(mv) {
                Ok((_, t)) => (t.picked(), t.path().collect()),
                Err(_) => (None, vec![]),
            },
            None => (None, vec![]),
        }
    }
}

/// One puzzle finished, in the player's history.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Played {
    /// The puzzle's id.
    pub id: String,
    /// Solved cleanly (no wrong move, the solution not shown).
    pub solved: bool,
    /// The player's rating after it.
    pub rating: f64,
}

/// The player's record, kept in the browser.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Puzzles solved cleanly in a row.
    pub streak: u32,
    /// The best streak.
    pub best_streak: u32,
    /// The puzzles finished, the latest last (at most [`HISTORY`]).
    pub history: Vec<Played>,
}

/// Puzzles the history keeps.
pub const HISTORY: usize = 500;

impl Record {
    /// Counts a finished puzzle, once: a puzzle already in the history changes nothing (it
    /// was rated the first time). Returns whether it counted.
    pub fn finish(&mut self, id: &str, puzzle_rating: u32, solved: bool) -> bool {
        if self.history.iter().any(|p| p.id == id) {
            return false;
        }
        self.rating = self.rating.after_puzzle(puzzle_rating, solved);
        self.streak = if solved { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        self.history.push(Played { id: id.to_string(), solved, rating: self.rating.rating });
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
        true
    }

    /// The ids played.
    pub fn done(&self) -> Vec<String> {
        self.history.iter().map(|p| p.id.clone()).collect()
    }

    /// The record as kept (JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A kept record read back; a fresh one if it cannot be read.
    pub fn from_json(text: &str) -> Record {
        serde_json::from_str::<Record>(text)
            .ok()
            .filter(|r| {
                r.rating.rating.is_finite() && r.rating.deviation.is_finite() && r.rating.volatility.is_finite()
            })
            .unwrap_or_default()
    }

    /// "1500 ± 350".
    pub fn rating_text(&self) -> String {
        format!("{:.0} ± {:.0}", self.rating.rating, self.rating.deviation)
    }
}

#[cfg(test)]
mod tests;

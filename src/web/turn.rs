//! The play page's turn controller: whose turn it is where the game waits, whether a computer
//! is choosing a move there, and whether the view lets that move be played now. The board, the
//! analysis buttons and the computer all read it; nothing else decides turns.
//!
//! The computer's turn is the turn at the end of the line on screen (the analysis board's
//! model: lichess's `AnalyseCtrl`). While a computer is to move there, exactly one of these
//! holds, and [`Turn::settle`] keeps it so after every change of the game:
//! - no move is asked for yet ([`Turn::job`] is `None`): the page asks at once;
//! - a move is being chosen ([`Job::Thinking`]), by a search or a short pause;
//! - a move is chosen ([`Job::Ready`]) and waits for the view: it is played as soon as the end
//!   of the line is on screen with no preview and no animation.
//!
//! The user's own searches (Hint, Analyze, Solve, Stop) run on other workers and never touch
//! the job; stepping back through the game, previewing a line or an animation only hold the
//! chosen move back; a change of the line's end (a move played elsewhere, New game, a player
//! switched) drops the job, and the page asks again for the new end. So a computer to move at
//! the end of the line always moves. This module is pure (no browser), tested natively.

use crate::engine::Player;
use crate::families::AnyMove;
use crate::notation::{Game, NodeId, Opponent};

/// A computer's turn at the end of the line on screen: the node and its position, and who
/// plays it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Due {
    /// The node at the end of the line.
    pub node: NodeId,
    /// Its position's rules id.
    pub rules: String,
    /// Its position's setup.
    pub setup: String,
    /// The side to move there.
    pub side: Player,
    /// The computer playing that side.
    pub who: Opponent,
}

impl Due {
    /// The computer's turn at the end of `game`'s line on screen, if a computer is to move
    /// there and the game is not over.
    pub fn of(game: &Game) -> Option<Due> {
        let p = game.last();
        let side = p.turn();
        let who = *game.players().get(side);
        (who != Opponent::Human && p.outcome().is_none()).then(|| Due {
            node: *game.line().last().expect("never empty"),
            rules: p.rules().to_string(),
            setup: p.to_string(),
            side,
            who,
        })
    }
}

/// A computer's move in the making.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// Being chosen: request `id` of the computer's workers (0 for a pause without a search).
    Thinking {
        /// The turn.
        due: Due,
        /// The request choosing the move.
        id: u32,
    },
    /// Chosen, to be played when the view allows.
    Ready {
        /// The turn.
        due: Due,
        /// The move.
        mv: AnyMove,
        /// What to say once it is played (a move that is not the one asked for: a fallback).
        note: Option<String>,
    },
}

impl Job {
    /// The turn this job is for.
    pub fn due(&self) -> &Due {
        match self {
            Job::Thinking { due, .. } | Job::Ready { due, .. } => due,
        }
    }
}

/// Where the view stands, as far as the computer's move is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// A line is previewed on the board.
    pub previewing: bool,
    /// A move's sowing is being shown.
    pub animating: bool,
}

/// The computer's move played by [`Turn::settle`], and what to say of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The side that moved.
    pub side: Player,
    /// The move.
    pub mv: AnyMove,
    /// A note for the page, if the move was a fallback.
    pub note: Option<String>,
}

/// The turn controller's state: the computer's move in the making, if any.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Turn {
    /// The computer's job, for the turn at the end of the line.
    pub job: Option<Job>,
}

/// What the page shows of the turn, computed from the game, the view and the controller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A person is to move at the position on screen.
    Person,
    /// A computer is to move at the position on screen, at the end of the line, and is
    /// choosing its move (or has it and plays it once the animation ends).
    ComputerToMove {
        /// Its side.
        side: Player,
        /// Its level.
        who: Opponent,
    },
    /// The position on screen is not the end of the line and a computer is to move there: only
    /// a person plays a move off the end (a side line).
    ComputerEarlier {
        /// Its side.
        side: Player,
    },
    /// The game is over at the position on screen.
    Over,
}

impl Turn {
    /// Whether the page must ask for the computer's move now: a computer is to move at the
    /// end of the line and nothing is choosing it yet.
    pub fn wanted(&self, game: &Game) -> Option<Due> {
        Due::of(game).filter(|_| self.job.is_none())
    }

    /// A move is being chosen for `due` by request `id` (when `due` is still the turn).
    pub fn thinking(&mut self, game: &Game, due: Due, id: u32) {
        if Due::of(game).as_ref() == Some(&due) {
            self.job = Some(Job::Thinking { due, id });
        }
    }

    /// The move chosen for `due` (ignored when the turn is another by now).
    pub fn answer(&mut self, game: &Game, due: Due, mv: AnyMove, note: Option<String>) {
        if Due::of(game).as_ref() == Some(&due) && game.last().legal_moves().contains(&mv) {
            self.job = Some(Job::Ready { due, mv, note });
        }
    }

    /// Keeps the controller's promise after any change of `game` or of the view: a job for a
    /// turn that is no longer the end of the line's is dropped (the page asks again), and a
    /// chosen move is handed over, to be played at once, when the end of the line is on screen
    /// with nothing previewed or animated.
    pub fn settle(&mut self, game: &Game, view: View) -> Option<Played> {
        let due = Due::of(game);
        if self.job.as_ref().is_some_and(|j| Some(j.due()) != due.as_ref()) {
            self.job = None;
        }
        let at_end = game.ply() == game.moves().len();
        if !at_end || view.previewing || view.animating {
            return None;
        }
        let Some(Job::Ready { due, mv, note }) = self.job.take_if(|j| matches!(j, Job::Ready { .. })) else {
            return None;
        };
        Some(Played { side: due.side, mv, note })
    }

    /// What the page shows of the turn at the position on screen.
    pub fn status(&self, game: &Game) -> Status {
        let p = game.position();
        if p.outcome().is_some() {
            return Status::Over;
        }
        let side = p.turn();
        let who = *game.players().get(side);
        match (who, game.ply() == game.moves().len()) {
            (Opponent::Human, _) => Status::Person,
            (who, true) => Status::ComputerToMove { side, who },
            (_, false) => Status::ComputerEarlier { side },
        }
    }

    /// A chosen move held back by the view (an earlier ply or a preview on screen).
    pub fn held(&self, game: &Game, view: View) -> Option<Player> {
        match &self.job {
            Some(Job::Ready { due, .. }) if game.ply() < game.moves().len() || view.previewing => Some(due.side),
            _ => None,
        }
    }

    /// Why a click on the board plays nothing now, when the reason is the turn (not the pit).
    pub fn refusal(&self, game: &Game) -> Option<String> {
        let name = |s: Player| game.position().player_name(s);
        match self.status(game) {
            Status::ComputerToMove { side, .. } => Some(format!(
                "{} (the computer) is to move: this click is not played; play once it has moved (or make {} a person in Players).",
                name(side),
                name(side)
            )),
            Status::ComputerEarlier { side } => Some(format!(
                "{} is played by the computer: step to a move of yours to play a side line here, or make {} a person in Players.",
                name(side),
                name(side)
            )),
            Status::Person | Status::Over => None,
        }
    }
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

//! The play page's state, its pure reducer, and the [`use_game`] hook that wraps them in a
//! handle with the game's verbs. Effects (timers, the URL, the worker) live in the components'
//! hooks, never here. The game sits behind an `Rc`, so the animation's ticks do not copy it.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::{Cell, Player, Step, Trace};
use crate::families::{AnyMove, AnyPosition};
use crate::notation::{Game, LinkError, NodeId};
use crate::web::board::Hand;
use crate::web::turn::{Due, Turn, View};

pub use crate::notation::Opponent;

/// The steps an animation shows one at a time: where the hand picks, drops or passes over.
fn hand_steps(trace: &Trace) -> impl Iterator<Item = &Step> {
    trace.steps.iter().filter(|s| matches!(s, Step::Pick(_) | Step::Take(_) | Step::Drop(_) | Step::Skip(_)))
}

/// Animation speed: milliseconds per seed, 0 for no animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed(pub u32);

/// The sowing being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anim {
    /// The ply the move leads to.
    pub ply: usize,
    /// How many pick/drop steps are shown so far.
    pub step: usize,
    /// Number of pick/drop steps in the move.
    pub len: usize,
}

/// Everything the play page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayState {
    /// The game, with the ply on screen.
    pub game: Rc<Game>,
    /// The game a New game or the editor replaced, to go back to.
    pub previous: Option<Rc<Game>>,
    /// A line being previewed on the board without playing it.
    pub preview: Option<Preview>,
    /// What was wrong with the link that opened the page, if anything, and what is shown
    /// instead (the message of a [`LinkError`]).
    pub link_error: Option<String>,
    /// The move being animated.
    pub anim: Option<Anim>,
    /// Animation speed.
    pub speed: Speed,
    /// A message about the last action (an illegal move, an editor error).
    pub notice: Option<String>,
    /// Memory budget of the exact solver, in MiB (all its workers together).
    pub memory_mib: usize,
    /// Workers the exact solver shares the root moves between (0: as many as the browser
    /// has cores, at most 4).
    pub workers_setting: usize,
    /// The turn controller: the computer's move in the making.
    pub turn: Turn,
    /// Counts the games shown (New game, the editor, a record opened, Back): each is an entry
    /// of the browser's history.
    pub generation: u32,
}

/// A line shown on the board without playing it (a best line, stepped or hovered).
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// The node the line starts from.
    pub node: NodeId,
    /// The line's moves (those that could be played).
    pub moves: Vec<AnyMove>,
    /// The position after each move.
    pub positions: Vec<AnyPosition>,
    /// Moves shown: `1..=moves.len()`.
    pub k: usize,
    /// Shown only while the pointer is over a move of the line.
    pub hover: bool,
}

impl Preview {
    /// The preview of `moves` from `node` of `game`, after `k` of them (at least one).
    pub fn new(game: &Game, node: NodeId, moves: &[AnyMove], k: usize, hover: bool) -> Option<Preview> {
        let mut p = game.position_of(node).clone();
        let mut positions = vec![];
        for &mv in moves {
            match p.play(mv) {
                Ok((q, _)) => {
                    positions.push(q.clone());
                    p = q;
                }
                Err(_) => break,
            }
        }
        (!positions.is_empty()).then(|| Preview {
            node,
            moves: moves[..positions.len()].to_vec(),
            k: k.clamp(1, positions.len()),
            positions,
            hover,
        })
    }

    /// The position shown.
    pub fn position(&self) -> &AnyPosition {
        &self.positions[self.k - 1]
    }
}

/// Memory budgets offered for the exact solver, in MiB; the default is the third.
pub const MEMORY_CHOICES: [usize; 5] = [128, 256, 768, 1024, 1536];

/// What can happen on the play page.
pub enum Action {
    /// Play a move at the ply on screen.
    Play(AnyMove),
    /// Show ply k of the line on screen.
    Goto(usize),
    /// Show a node of the tree, on the line through it.
    GotoNode(NodeId),
    /// Show the next (1) or previous (-1) move played instead of the one on screen.
    Sibling(isize),
    /// Make a node's line the main line.
    Promote(NodeId),
    /// Delete a node's move and everything after it.
    Delete(NodeId),
    /// Set the comment on a node's move.
    Comment(NodeId, String),
    /// Show the ply this many before (negative) or after the one on screen.
    Step(isize),
    /// Show the last ply.
    End,
    /// Back to the previous ply a human moved at.
    Undo,
    /// Forward one ply.
    Redo,
    /// Replace the game with a link's (no way back: the link was asked for).
    Load(Game, Option<LinkError>),
    /// The link now asked for shows the game already shown: its fault, if any, is the one said.
    Relink(Option<String>),
    /// Replace the game (New game, the editor), keeping the one replaced to go back to.
    Replace(Game),
    /// Replace the game with a record's, its players included, keeping the one replaced to go
    /// back to.
    Open(Game),
    /// Back to the game the last New game or editor replaced.
    Back,
    /// Change who plays a side.
    SetPlayer(Player, Opponent),
    /// Change the animation speed.
    SetSpeed(Speed),
    /// Show one more seed of the animation.
    Tick,
    /// End the animation now.
    Skip,
    /// Show a message.
    Notice(Option<String>),
    /// Change the solver's memory budget.
    SetMemory(usize),
    /// Change the solver's number of workers (0: auto).
    SetWorkers(usize),
    /// Preview a line from the node on screen: the position after its first `k` moves,
    /// nothing played (`hover`: only while the pointer is over it).
    Preview(Vec<AnyMove>, usize, bool),
    /// Step the preview this many moves.
    PreviewStep(isize),
    /// End the preview (`hover`: only a preview shown by hovering).
    EndPreview(bool),
    /// Play the line previewed up to the move previewed (adding what the tree lacks) and show
    /// its position.
    PlayPreview,
    /// Play the first `k` moves of a line from the node on screen (adding what the tree lacks)
    /// and show the position after them.
    PlayLine(Vec<AnyMove>, usize),
    /// The computer's workers (request `id`, 0 for a pause) are choosing the move of a turn.
    ComputerThinking(Due, u32),
    /// The computer chose its move for a turn (with a note when it is a fallback).
    ComputerMove(Due, AnyMove, Option<String>),
}

impl PlayState {
    /// The solver's workers: the setting, or the browser's cores for "auto".
    pub fn workers(&self) -> usize {
        match self.workers_setting {
            0 => crate::web::client::auto_workers(),
            n => n,
        }
    }

    /// A state showing `game`.
    pub fn new(game: Game, link_error: Option<LinkError>) -> PlayState {
        PlayState {
            link_error: link_error.map(|e| e.message(&game)),
            game: Rc::new(game),
            previous: None,
            preview: None,
            anim: None,
            // No animation when the system asks for less motion.
            speed: Speed(if crate::web::prefs::reduced_motion() { 0 } else { 120 }),
            notice: None,
            memory_mib: MEMORY_CHOICES[2],
            workers_setting: 0,
            turn: Turn::default(),
            generation: 0,
        }
    }

    /// Where the view stands for the turn controller.
    pub fn view(&self) -> View {
        View { previewing: self.preview.is_some(), animating: self.anim.is_some() }
    }

    /// Plays the computer's chosen move once the view allows (the turn controller decides).
    fn settle(&mut self) {
        let Some(played) = self.turn.settle(&self.game, self.view()) else { return };
        self.link_error = None;
        if Rc::make_mut(&mut self.game).play(played.mv).is_ok() {
            self.notice = played.note;
            self.start_anim();
        }
    }

    /// Counts to draw, and where the hand is.
    pub fn shown(&self) -> (Vec<(Cell, u32)>, Option<Hand>) {
        if let Some(p) = &self.preview {
            return (p.position().cells(), None);
        }
        match (&self.anim, self.anim.as_ref().and_then(|a| self.game.trace(a.ply))) {
            (Some(a), Some(trace)) => {
                let before = self.game.position_at(a.ply - 1);
                let mut cells = before.cells();
                let after = self.game.position_at(a.ply).cells();
                if after.len() != cells.len() {
                    // A row that grew (Atomic Wari): the position before, laid out on the row
                    // after, moved right by the pots added on its left.
                    let shift = match (before.move_cell(self.game.moves()[a.ply - 1]), trace.picked()) {
                        (Cell::Pit { index: from, .. }, Some(Cell::Pit { index: to, .. })) => to.saturating_sub(from),
                        _ => 0,
                    };
                    let moved = |c: Cell| match c {
                        Cell::Pit { owner, index } => Cell::Pit { owner, index: index + shift },
                        store => store,
                    };
                    let counts: Vec<(Cell, u32)> = cells.iter().map(|&(c, n)| (moved(c), n)).collect();
                    cells = after
                        .iter()
                        .map(|&(c, _)| (c, counts.iter().find(|(x, _)| *x == c).map_or(0, |(_, n)| *n)))
                        .collect();
                }
                let mut hand = None;
                // What one seed adds to a count (the mover's colour in a game of two).
                let unit = before.seed_unit();
                for s in hand_steps(trace).take(a.step) {
                    match *s {
                        Step::Pick(c) => {
                            cells.iter_mut().filter(|(x, _)| *x == c).for_each(|(_, n)| *n = 0);
                            hand = Some(Hand { cell: c, skipping: false });
                        }
                        Step::Take(c) => {
                            cells.iter_mut().filter(|(x, _)| *x == c).for_each(|(_, n)| *n = n.saturating_sub(unit));
                            hand = Some(Hand { cell: c, skipping: false });
                        }
                        Step::Drop(c) => {
                            cells.iter_mut().filter(|(x, _)| *x == c).for_each(|(_, n)| *n += unit);
                            hand = Some(Hand { cell: c, skipping: false });
                        }
                        Step::Skip(c) => hand = Some(Hand { cell: c, skipping: true }),
                        _ => {}
                    }
                }
                (cells, hand)
            }
            _ => (self.game.position().cells(), None),
        }
    }

    /// During an animation: the lap the hand is sowing and the move's laps (relay sowing).
    pub fn anim_lap(&self) -> Option<(u32, u32)> {
        let a = self.anim.as_ref()?;
        let trace = self.game.trace(a.ply)?;
        let shown = hand_steps(trace).take(a.step);
        Some((shown.filter(|s| matches!(s, Step::Pick(_))).count() as u32, trace.laps))
    }

    /// Plays a line from the node on screen and shows the position after its first `k` moves.
    fn play_line(&mut self, moves: &[AnyMove], k: usize) {
        self.anim = None;
        self.link_error = None;
        self.notice = None;
        if let Err((i, e)) = Rc::make_mut(&mut self.game).play_line(moves, k) {
            self.notice = Some(format!("{} cannot be played: {e}", moves[i]));
        }
    }

    fn start_anim(&mut self) {
        self.anim = None;
        if self.speed.0 == 0 {
            return;
        }
        if let Some(t) = self.game.trace(self.game.ply()) {
            let len = hand_steps(t).count();
            self.anim = Some(Anim { ply: self.game.ply(), step: 1, len });
        }
    }
}

impl Reducible for PlayState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = PlayState::apply(self, action);
        // Whatever changed, the turn controller keeps its promise (a state left unchanged
        // stays the same `Rc`, so nothing renders again).
        let mut turn = next.turn.clone();
        if turn.settle(&next.game, next.view()).is_some() || turn != next.turn {
            Rc::make_mut(&mut next).settle();
        }
        next
    }
}

/// What an action did to the state: changed it, left it as it was (the same `Rc`, so nothing
/// renders again), or comes down to another action on the state as it was.
enum Outcome {
    Changed,
    Unchanged,
    Then(Action),
}

impl Outcome {
    /// Changed, unless `unchanged`.
    fn unless(unchanged: bool) -> Outcome {
        if unchanged {
            Outcome::Unchanged
        } else {
            Outcome::Changed
        }
    }
}

/// Whether an action moves through the game (which ends a preview).
fn moves_through(action: &Action) -> bool {
    !matches!(
        action,
        Action::Preview(..)
            | Action::PreviewStep(_)
            | Action::EndPreview(_)
            | Action::PlayPreview
            | Action::PlayLine(..)
            | Action::Tick
            | Action::Skip
            | Action::Notice(_)
            | Action::SetSpeed(_)
            | Action::SetMemory(_)
            | Action::SetWorkers(_)
            | Action::SetPlayer(..)
            | Action::Comment(..)
            | Action::ComputerThinking(..)
            | Action::ComputerMove(..)
            | Action::Relink(_)
    )
}

impl PlayState {
    /// The state after `action`, before the turn controller settles.
    fn apply(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        if moves_through(&action) {
            s.preview = None;
        }
        let outcome = match action {
            Action::Play(mv) => s.play(mv),
            Action::Goto(k) => s.goto(k),
            Action::GotoNode(n) => s.goto_node(n),
            Action::Sibling(d) => s.sibling(d),
            Action::Promote(n) => s.promote(n),
            Action::Delete(n) => s.delete(n),
            Action::Comment(n, text) => s.comment(n, &text),
            // A step that goes nowhere still ends a preview.
            Action::Step(d) => s.step(d, self.preview.is_some()),
            Action::End => {
                let n = s.game.moves().len();
                s.goto(n)
            }
            Action::Undo => s.undo(),
            Action::Redo => s.redo(),
            Action::Load(game, err) => s.load(game, err),
            Action::Replace(game) => s.replace(game),
            Action::Relink(fault) => {
                let same = s.link_error == fault;
                s.link_error = fault;
                Outcome::unless(same)
            }
            Action::Open(game) => s.open(game),
            Action::Back => s.back(),
            Action::SetPlayer(p, o) => {
                Rc::make_mut(&mut s.game).set_player(p, o);
                Outcome::Changed
            }
            Action::SetSpeed(sp) => {
                s.speed = sp;
                if sp.0 == 0 {
                    s.anim = None;
                }
                Outcome::Changed
            }
            Action::Tick => s.tick(),
            Action::Skip => {
                s.anim = None;
                Outcome::Changed
            }
            // A notice may echo what was typed or pasted: its hidden characters are named.
            Action::Notice(n) => {
                s.notice = n.map(|t| crate::engine::text::visible(&t).into_owned());
                Outcome::Changed
            }
            Action::SetMemory(m) => {
                s.memory_mib = m;
                Outcome::Changed
            }
            Action::SetWorkers(n) => {
                s.workers_setting = n.min(4);
                Outcome::Changed
            }
            Action::Preview(moves, k, hover) => s.show_preview(&moves, k, hover),
            Action::PreviewStep(d) => s.preview_step(d),
            Action::EndPreview(hover) => s.end_preview(hover),
            Action::PlayPreview => s.play_preview(),
            Action::PlayLine(moves, k) => {
                s.preview = None;
                s.play_line(&moves[..k.min(moves.len())], k);
                Outcome::Changed
            }
            Action::ComputerThinking(due, id) => {
                s.turn.thinking(&s.game, due, id);
                Outcome::Changed
            }
            Action::ComputerMove(due, mv, note) => {
                s.turn.answer(&s.game, due, mv, note);
                Outcome::Changed
            }
        };
        match outcome {
            Outcome::Changed => Rc::new(s),
            Outcome::Unchanged => self,
            Outcome::Then(next) => PlayState::apply(self, next),
        }
    }

    fn play(&mut self, mv: AnyMove) -> Outcome {
        self.anim = None;
        self.link_error = None;
        match Rc::make_mut(&mut self.game).play(mv) {
            Ok(()) => {
                self.notice = None;
                self.start_anim();
            }
            Err(e) => self.notice = Some(format!("{mv} cannot be played: {e}")),
        }
        Outcome::Changed
    }

    fn goto(&mut self, k: usize) -> Outcome {
        self.anim = None;
        Rc::make_mut(&mut self.game).goto(k);
        Outcome::Changed
    }

    fn goto_node(&mut self, n: NodeId) -> Outcome {
        self.anim = None;
        if n <= self.game.len() {
            Rc::make_mut(&mut self.game).select(n);
        }
        Outcome::Changed
    }

    /// To the `d`-th sibling line of the move on screen, round.
    fn sibling(&mut self, d: isize) -> Outcome {
        let g = &self.game;
        let Some(parent) = g.parent(g.node()) else { return Outcome::Unchanged };
        let siblings = g.children(parent);
        if siblings.len() < 2 {
            return Outcome::Unchanged;
        }
        let i = siblings.iter().position(|&c| c == g.node()).unwrap_or(0);
        let j = (i as isize + d).rem_euclid(siblings.len() as isize) as usize;
        let next = siblings[j];
        self.anim = None;
        Rc::make_mut(&mut self.game).select(next);
        Outcome::Changed
    }

    fn promote(&mut self, n: NodeId) -> Outcome {
        if n > self.game.len() {
            return Outcome::Unchanged;
        }
        Rc::make_mut(&mut self.game).promote(n);
        self.notice = Some("This line is now the main line.".into());
        Outcome::Changed
    }

    fn delete(&mut self, n: NodeId) -> Outcome {
        if n == 0 || n > self.game.len() {
            return Outcome::Unchanged;
        }
        self.anim = None;
        let removed = self.game.clone();
        Rc::make_mut(&mut self.game).delete(n);
        // A deletion can be taken back, as a New game can.
        self.previous = Some(removed);
        self.notice = Some("Moves deleted: \"Back to the game before\" brings them back.".into());
        Outcome::Changed
    }

    fn comment(&mut self, n: NodeId, text: &str) -> Outcome {
        if n > self.game.len() {
            return Outcome::Unchanged;
        }
        Rc::make_mut(&mut self.game).set_comment(n, text);
        Outcome::Changed
    }

    /// `d` plies along the line; one that goes nowhere changes nothing but the preview it ended
    /// (`had_preview`).
    fn step(&mut self, d: isize, had_preview: bool) -> Outcome {
        let k = self.game.ply().saturating_add_signed(d);
        if k == self.game.ply() || k > self.game.moves().len() {
            return Outcome::unless(!had_preview);
        }
        self.goto(k)
    }

    /// Back to the last position a person was to move in; at the start of a game that replaced
    /// another, back to that one.
    fn undo(&mut self) -> Outcome {
        self.anim = None;
        let mut k = self.game.ply().saturating_sub(1);
        while k > 0 && *self.game.players().get(self.game.position_at(k).turn()) != Opponent::Human {
            k -= 1;
        }
        if k == self.game.ply() && k == 0 && self.previous.is_some() {
            return Outcome::Then(Action::Back);
        }
        Rc::make_mut(&mut self.game).goto(k);
        Outcome::Changed
    }

    fn redo(&mut self) -> Outcome {
        self.anim = None;
        if self.game.ply() < self.game.moves().len() {
            let k = self.game.ply() + 1;
            Rc::make_mut(&mut self.game).goto(k);
            self.start_anim();
        }
        Outcome::Changed
    }

    /// A game from a link, with what the link could not read.
    fn load(&mut self, game: Game, err: Option<LinkError>) -> Outcome {
        // The link's players, so that a reload keeps them.
        self.link_error = err.map(|e| e.message(&game));
        self.game = Rc::new(game);
        self.previous = None;
        self.anim = None;
        self.notice = None;
        Outcome::Changed
    }

    /// Another game with the same players.
    fn replace(&mut self, mut game: Game) -> Outcome {
        for p in [Player::South, Player::North] {
            game.set_player(p, *self.game.players().get(p));
        }
        Outcome::Then(Action::Open(game))
    }

    /// Another game, the one before kept for Back.
    fn open(&mut self, game: Game) -> Outcome {
        self.generation += 1;
        self.previous = Some(self.game.clone());
        self.game = Rc::new(game);
        self.link_error = None;
        self.anim = None;
        self.notice = None;
        Outcome::Changed
    }

    fn back(&mut self) -> Outcome {
        let Some(prev) = self.previous.take() else { return Outcome::Unchanged };
        self.generation += 1;
        self.game = prev;
        self.anim = None;
        self.notice = Some("Back to the game before.".into());
        Outcome::Changed
    }

    /// The sowing's next step.
    fn tick(&mut self) -> Outcome {
        let Some(a) = &mut self.anim else { return Outcome::Unchanged };
        a.step += 1;
        if a.step > a.len {
            self.anim = None;
        }
        Outcome::Changed
    }

    fn show_preview(&mut self, moves: &[AnyMove], k: usize, hover: bool) -> Outcome {
        // A hover never replaces a preview being stepped.
        if hover && self.preview.as_ref().is_some_and(|p| !p.hover) {
            return Outcome::Unchanged;
        }
        self.anim = None;
        self.preview = Preview::new(&self.game, self.game.node(), moves, k, hover);
        Outcome::Changed
    }

    fn preview_step(&mut self, d: isize) -> Outcome {
        let Some(p) = &mut self.preview else { return Outcome::Unchanged };
        let k = p.k.saturating_add_signed(d).clamp(1, p.moves.len());
        if k == p.k && d < 0 {
            // Before the line's first move: the game itself.
            self.preview = None;
        } else {
            p.k = k;
            p.hover = false;
        }
        Outcome::Changed
    }

    fn end_preview(&mut self, hover: bool) -> Outcome {
        if self.preview.as_ref().is_none_or(|p| hover && !p.hover) {
            return Outcome::Unchanged;
        }
        self.preview = None;
        Outcome::Changed
    }

    fn play_preview(&mut self) -> Outcome {
        let Some(p) = self.preview.take() else { return Outcome::Unchanged };
        Rc::make_mut(&mut self.game).select(p.node);
        self.play_line(&p.moves[..p.k], p.k);
        Outcome::Changed
    }
}

/// The play page's game, with its verbs.
#[derive(Clone, PartialEq)]
pub struct GameHandle {
    state: UseReducerHandle<PlayState>,
}

impl GameHandle {
    /// Everything the page shows.
    pub fn state(&self) -> &PlayState {
        &self.state
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// Sends an action to the reducer.
    pub fn dispatch(&self, action: Action) {
        self.state.dispatch(action);
    }

    /// Plays a move at the ply on screen.
    pub fn play(&self, mv: AnyMove) {
        self.dispatch(Action::Play(mv));
    }

    /// Shows ply `k`.
    pub fn goto(&self, k: usize) {
        self.dispatch(Action::Goto(k));
    }

    /// Replaces the game, keeping the one replaced to go back to.
    pub fn replace(&self, game: Game) {
        self.dispatch(Action::Replace(game));
    }

    /// Shows a message.
    pub fn notice(&self, text: impl Into<String>) {
        self.dispatch(Action::Notice(Some(text.into())));
    }
}

/// The play page's game, read from a link's query once.
#[hook]
pub fn use_game(query: &str) -> GameHandle {
    let q = query.to_string();
    let state = use_reducer(move || {
        let (g, e) = Game::from_query_lenient(&q);
        PlayState::new(g, e)
    });
    GameHandle { state }
}

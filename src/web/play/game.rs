//! The play page's state, its pure reducer, and the [`use_game`] hook that wraps them in a
//! handle with the game's verbs. Effects (timers, the URL, the worker) live in the components'
//! hooks, never here. The game sits behind an `Rc`, so the animation's ticks do not copy it.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::{ByPlayer, Cell, Player, Step, Trace};
use crate::families::AnyMove;
use crate::notation::{Game, LinkError};
use crate::web::board::Hand;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A person at this screen.
    Human,
    /// A uniformly random legal move.
    Random,
    /// Search 2 sowings deep.
    Easy,
    /// Search 6 sowings deep.
    Medium,
    /// Search for 1 second.
    Hard,
    /// Search for 5 seconds.
    Expert,
    /// Proven-best moves from the exact solver (Kalah), within a time limit.
    Perfect,
}

impl Opponent {
    /// All, weakest first.
    pub const ALL: [Opponent; 7] = [
        Opponent::Human,
        Opponent::Random,
        Opponent::Easy,
        Opponent::Medium,
        Opponent::Hard,
        Opponent::Expert,
        Opponent::Perfect,
    ];

    /// Name on screen, for a game whose rules have endgame databases or not (the strong
    /// players' means differ).
    pub fn name(self, databases: bool) -> &'static str {
        match self {
            Opponent::Hard if databases => "Computer: hard (1 s search, endgame databases)",
            Opponent::Expert if databases => "Computer: expert (5 s search, endgame databases)",
            Opponent::Perfect if databases => "Computer: perfect within the endgame databases (else 3 s search)",
            Opponent::Human => "Human",
            Opponent::Random => "Computer: random",
            Opponent::Easy => "Computer: easy (2 sowings)",
            Opponent::Medium => "Computer: medium (6 sowings)",
            Opponent::Hard => "Computer: hard (1 s search)",
            Opponent::Expert => "Computer: expert (5 s search)",
            Opponent::Perfect => "Computer: perfect (exact solver, 60 s at most)",
        }
    }

    /// Search depth, time limit (ms, 0 = none), and whether the endgame databases cached in
    /// this browser value the search's leaves (Oware family); `None` for humans and random
    /// play.
    pub fn limits(self) -> Option<(u32, u64, bool)> {
        match self {
            Opponent::Human | Opponent::Random | Opponent::Perfect => None,
            Opponent::Easy => Some((2, 0, false)),
            Opponent::Medium => Some((6, 0, false)),
            Opponent::Hard => Some((200, 1000, true)),
            Opponent::Expert => Some((200, 5000, true)),
        }
    }
}

/// The steps an animation shows one at a time: where the hand picks, drops or passes over.
fn hand_steps(trace: &Trace) -> impl Iterator<Item = &Step> {
    trace.steps.iter().filter(|s| matches!(s, Step::Pick(_) | Step::Drop(_) | Step::Skip(_)))
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
    /// A best line being stepped through: the ply it starts from and its moves.
    pub line: Option<(usize, Vec<AnyMove>)>,
    /// What was wrong with the link that opened the page, if anything, and what is shown
    /// instead (the message of a [`LinkError`]).
    pub link_error: Option<String>,
    /// The move being animated.
    pub anim: Option<Anim>,
    /// Who plays each side.
    pub players: ByPlayer<Opponent>,
    /// Animation speed.
    pub speed: Speed,
    /// A message about the last action (an illegal move, an editor error).
    pub notice: Option<String>,
    /// Memory budget of the exact solver, in MiB (all its workers together).
    pub memory_mib: usize,
    /// Workers the exact solver shares the root moves between (0: as many as the browser
    /// has cores, at most 4).
    pub workers_setting: usize,
}

/// Memory budgets offered for the exact solver, in MiB; the default is the third.
pub const MEMORY_CHOICES: [usize; 5] = [128, 256, 768, 1024, 1536];

/// What can happen on the play page.
pub enum Action {
    /// Play a move at the ply on screen.
    Play(AnyMove),
    /// Show ply k.
    Goto(usize),
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
    /// Replace the game (New game, the editor), keeping the one replaced to go back to.
    Replace(Game),
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
    /// Step a best line: show the position after its first `k` moves (playing them as needed),
    /// keeping the line.
    StepLine(Vec<AnyMove>, usize),
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
            line: None,
            anim: None,
            players: ByPlayer { south: Opponent::Human, north: Opponent::Human },
            speed: Speed(120),
            notice: None,
            memory_mib: MEMORY_CHOICES[2],
            workers_setting: 0,
        }
    }

    /// Counts to draw, and where the hand is.
    pub fn shown(&self) -> (Vec<(Cell, u32)>, Option<Hand>) {
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
                for s in hand_steps(trace).take(a.step) {
                    match *s {
                        Step::Pick(c) => {
                            cells.iter_mut().filter(|(x, _)| *x == c).for_each(|(_, n)| *n = 0);
                            hand = Some(Hand { cell: c, skipping: false });
                        }
                        Step::Drop(c) => {
                            cells.iter_mut().filter(|(x, _)| *x == c).for_each(|(_, n)| *n += 1);
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

    /// Whether the side to move at the ply on screen is a computer that should move now.
    pub fn computer_to_move(&self) -> Option<Opponent> {
        let p = self.game.position();
        let who = *self.players.get(p.turn());
        (who != Opponent::Human
            && self.anim.is_none()
            && p.outcome().is_none()
            && self.game.ply() == self.game.moves().len())
        .then_some(who)
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
        let mut s = (*self).clone();
        match action {
            Action::Play(mv) => {
                s.anim = None;
                s.line = None;
                s.link_error = None;
                match Rc::make_mut(&mut s.game).play(mv) {
                    Ok(()) => {
                        s.notice = None;
                        s.start_anim();
                    }
                    Err(e) => s.notice = Some(format!("{mv} cannot be played: {e}")),
                }
            }
            Action::Goto(k) => {
                s.anim = None;
                Rc::make_mut(&mut s.game).goto(k);
            }
            Action::Step(d) => {
                let k = s.game.ply().saturating_add_signed(d);
                if k == s.game.ply() || k > s.game.moves().len() {
                    return self;
                }
                s.anim = None;
                Rc::make_mut(&mut s.game).goto(k);
            }
            Action::End => {
                s.anim = None;
                let n = s.game.moves().len();
                Rc::make_mut(&mut s.game).goto(n);
            }
            Action::Undo => {
                s.anim = None;
                let mut k = s.game.ply().saturating_sub(1);
                while k > 0 && *s.players.get(s.game.position_at(k).turn()) != Opponent::Human {
                    k -= 1;
                }
                if k == s.game.ply() && k == 0 && s.previous.is_some() {
                    // At the start of a game that replaced another: back to that one.
                    return self.reduce(Action::Back);
                }
                Rc::make_mut(&mut s.game).goto(k);
            }
            Action::Redo => {
                s.anim = None;
                if s.game.ply() < s.game.moves().len() {
                    let k = s.game.ply() + 1;
                    Rc::make_mut(&mut s.game).goto(k);
                    s.start_anim();
                }
            }
            Action::Load(game, err) => {
                // A link opens a game to look at: nobody plays it by itself.
                s.players = ByPlayer { south: Opponent::Human, north: Opponent::Human };
                s.link_error = err.map(|e| e.message(&game));
                s.game = Rc::new(game);
                s.previous = None;
                s.line = None;
                s.anim = None;
                s.notice = None;
            }
            Action::Replace(game) => {
                s.previous = Some(s.game.clone());
                s.game = Rc::new(game);
                s.link_error = None;
                s.line = None;
                s.anim = None;
                s.notice = None;
            }
            Action::Back => {
                let Some(prev) = s.previous.take() else { return self };
                s.game = prev;
                s.line = None;
                s.anim = None;
                s.notice = Some("Back to the game before.".into());
            }
            Action::SetPlayer(p, o) => *s.players.get_mut(p) = o,
            Action::SetSpeed(sp) => {
                s.speed = sp;
                if sp.0 == 0 {
                    s.anim = None;
                }
            }
            Action::Tick => {
                if let Some(a) = &mut s.anim {
                    a.step += 1;
                    if a.step > a.len {
                        s.anim = None;
                    }
                } else {
                    return self;
                }
            }
            Action::Skip => s.anim = None,
            Action::Notice(n) => s.notice = n,
            Action::SetMemory(m) => s.memory_mib = m,
            Action::SetWorkers(n) => s.workers_setting = n.min(4),
            Action::StepLine(moves, k) => {
                s.anim = None;
                // The line starts at the ply on screen, or at the line's own start when it is
                // being stepped already.
                let from = match &s.line {
                    Some((from, line)) if *line == moves => *from,
                    _ => s.game.ply(),
                };
                // Stepping a line that leaves the recorded moves replaces them: keep the game
                // to go back to.
                let recorded = s.game.moves().get(from..).unwrap_or_default();
                let diverges = moves.iter().zip(recorded).take(k).any(|(a, b)| a != b) && !recorded.is_empty();
                if diverges && s.line.is_none() {
                    s.previous = Some(s.game.clone());
                    s.notice = Some("The line replaced the moves after this position: \"Back to the game before\" brings them back.".into());
                }
                s.link_error = None;
                let g = Rc::make_mut(&mut s.game);
                g.goto(from);
                for &mv in moves.iter().take(k) {
                    if let Err(e) = g.play(mv) {
                        s.notice = Some(format!("{mv} cannot be played: {e}"));
                        break;
                    }
                }
                s.line = Some((from, moves));
            }
        }
        Rc::new(s)
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

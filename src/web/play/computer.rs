//! The computer's moves on the play page: the hook that asks the computer's own workers for
//! them and hands the answers to the turn controller, and the "Move now" button's callback.
//! What to do at each step is decided by [`crate::web::model::play`]'s pure functions.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::analyze_task;
use super::game::{Action, GameHandle, Opponent};
use crate::families::{AnyMove, AnyPosition};
use crate::web::client::{Purpose, SearchHandle};
use crate::web::model::play::{self as model, Answer, Plan, PERFECT_TIME_MS};
use crate::web::turn::{Due, Job};

/// The computer's fallback move when there is no exact answer: the best move of a 3 s search
/// (the endgame databases at its leaves).
fn three_second_search(search: &SearchHandle, p: &AnyPosition) -> u32 {
    search.start(analyze_task(p, 200, 3000, 64, true), Purpose::Computer)
}

/// The computer's moves: the turn controller ([`crate::web::turn`]) says when a computer's move
/// is wanted; this hook asks the computer's own workers (or pauses, for the random player and
/// the book) and hands the answer back to the controller, which plays it when the view allows.
/// Every way a search can end — an answer, an error, no move — ends in a move.
#[hook]
pub(super) fn use_computer(game: &GameHandle, computer: &SearchHandle) {
    // Why the pending move is a fallback (a 3 s search instead of a proof), said once it is
    // played.
    let fallback = use_mut_ref(|| None::<String>);
    // The pause before a move without a search; a new one replaces it, and a late one's answer
    // is for a turn that has passed (the controller ignores it).
    let pause = use_mut_ref(|| None::<Timeout>);
    use_ask(game, computer, &fallback, &pause);
    // No computer to move at the end of the line: its search stops (the cores go to the
    // user's searches).
    {
        let computer = computer.clone();
        let due = Due::of(game.game()).is_some();
        let running = computer.state().running;
        use_effect_with((due, running), move |&(due, running)| {
            if !due && running {
                computer.stop();
            }
        });
    }
    use_answers(game, computer, &fallback);
}

/// Asks for the computer's move as soon as the turn controller wants one.
#[hook]
fn use_ask(
    game: &GameHandle,
    computer: &SearchHandle,
    fallback: &Rc<RefCell<Option<String>>>,
    pause: &Rc<RefCell<Option<Timeout>>>,
) {
    let (game, computer, fallback, pause) = (game.clone(), computer.clone(), fallback.clone(), pause.clone());
    let wanted = game.state().turn.wanted(game.game());
    use_effect_with(wanted, move |wanted| {
        let Some(due) = wanted.clone() else { return };
        *fallback.borrow_mut() = None;
        let p = game.game().last().clone();
        let answer_after_pause = |mv: Option<AnyMove>| {
            let (game, due) = (game.clone(), due.clone());
            Timeout::new(400, move || {
                let moves = game.game().last().legal_moves();
                let mv = mv.filter(|m| moves.contains(m)).or_else(|| random_move(&moves));
                if let Some(mv) = mv {
                    game.dispatch(Action::ComputerMove(due, mv, None));
                }
            })
        };
        // Proven in this browser before (or shipped): the book's move, without a think.
        let book =
            (due.who == Opponent::Perfect).then(|| crate::web::book::lookup(&p)).flatten().map(|a| a.moves[0].mv);
        let id = match model::plan(due.who, book, &p) {
            Plan::Pause(mv) => {
                *pause.borrow_mut() = Some(answer_after_pause(mv));
                0
            }
            Plan::Prove => {
                let st = game.state();
                computer.solve(&due.rules, &due.setup, st.memory_mib, PERFECT_TIME_MS, st.workers(), Purpose::Computer)
            }
            Plan::Fallback(why) => {
                *fallback.borrow_mut() = Some(why.into());
                three_second_search(&computer, &p)
            }
            Plan::Search { depth, ms, endgame } => {
                computer.start(analyze_task(&p, depth, ms, 64, endgame), Purpose::Computer)
            }
        };
        game.dispatch(Action::ComputerThinking(due, id));
    });
}

/// Hands the computer's search's answer to the turn controller once the search has ended: its
/// best move, else a 3 s search's after the exact solver gave up, else a move at random.
#[hook]
fn use_answers(game: &GameHandle, computer: &SearchHandle, fallback: &Rc<RefCell<Option<String>>>) {
    let game = game.clone();
    let s = computer.state().clone();
    let (computer, fallback) = (computer.clone(), fallback.clone());
    use_effect_with((s.id, s.finished, s.error.clone()), move |_| {
        let Some(Job::Thinking { due, id }) = game.state().turn.job.clone() else { return };
        if id == 0 || id != s.id || (!s.finished && s.error.is_none()) {
            return;
        }
        let p = game.game().last().clone();
        let pending = fallback.borrow().is_some();
        match model::answer(s.analysis.as_ref(), s.error.as_ref(), &p, due.who == Opponent::Perfect, pending) {
            Answer::Best(mv) => {
                let a = s.analysis.as_ref().expect("a best move");
                // A long proof goes into the book: the next game answers at once.
                crate::web::book::keep(&p, a, s.elapsed_ms);
                // A search that saw every line to its end played a proven move.
                let note = fallback
                    .borrow_mut()
                    .take()
                    .filter(|_| !a.exact)
                    .map(|why| model::fallback_note(p.turn(), mv, &why));
                game.dispatch(Action::ComputerMove(due, mv, note));
            }
            Answer::Retry(err) => {
                // The exact solver gave up: say so, and play a strong move all the same.
                *fallback.borrow_mut() = Some(err);
                let id = three_second_search(&computer, &p);
                game.dispatch(Action::ComputerThinking(due, id));
            }
            Answer::Random(why) => {
                // No search could choose (the worker failed twice, or found no move): a
                // legal move all the same, said to be at random.
                if let Some(mv) = random_move(&p.legal_moves()) {
                    game.dispatch(Action::ComputerMove(due, mv, Some(model::random_note(p.turn(), mv, &why))));
                }
            }
        }
    });
}

/// One of `moves` at random.
fn random_move(moves: &[AnyMove]) -> Option<AnyMove> {
    (!moves.is_empty()).then(|| moves[(js_sys::Math::random() * moves.len() as f64) as usize % moves.len()])
}

/// "Move now": the computer plays at once, its search's best move so far (else a 1 s
/// search's).
pub(super) fn move_now(game: &GameHandle, computer: &SearchHandle) -> Callback<MouseEvent> {
    let (game, computer) = (game.clone(), computer.clone());
    Callback::from(move |_: MouseEvent| {
        let Some(Job::Thinking { due, .. }) = game.state().turn.job.clone() else { return };
        let p = game.game().last().clone();
        let best = model::move_now_best(computer.state().analysis.as_ref(), &computer.state().target, &due, &p);
        computer.stop();
        match best {
            Some(mv) => game.dispatch(Action::ComputerMove(due, mv, Some(model::move_now_note(p.turn(), mv)))),
            None => {
                let id = computer.start(analyze_task(&p, 200, 1000, 64, true), Purpose::Computer);
                game.dispatch(Action::ComputerThinking(due, id));
            }
        }
    })
}

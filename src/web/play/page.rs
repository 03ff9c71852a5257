//! The parts of the play page ([`super::PlayPage`]) that draw what the view model
//! ([`crate::web::model::play`]) computed, and the callbacks of its buttons and board.

use yew::prelude::*;

use super::game::{Action, GameHandle};
use super::{analysis, databases, editor, game_value, moves, new_game, panels};
use crate::engine::Cell;
use crate::families::AnyPosition;
use crate::notation::Game;
use crate::web::board::{Board, Fit};
use crate::web::client::{Purpose, SearchHandle};
use crate::web::model::play::{self as model, GameOver, Hints, Said, Sown, StatusLine, ViewControls};
use crate::web::route::Route;

/// A move played on the board: the user's analysis of the position before stops.
pub(super) fn on_play(game: &GameHandle, search: &SearchHandle) -> Callback<crate::families::AnyMove> {
    let (game, search) = (game.clone(), search.clone());
    Callback::from(move |mv| {
        if search.state().running && search.state().purpose == Purpose::Analysis {
            search.stop();
        }
        game.play(mv)
    })
}

/// A click on a pit that cannot be played says why, under the board: the computer's turn,
/// or the pit.
pub(super) fn on_refused(game: &GameHandle) -> Callback<Cell> {
    let game = game.clone();
    Callback::from(move |cell: Cell| {
        let text = model::refusal(&game.state().turn, game.game(), cell);
        game.notice(text);
    })
}

/// A button that turns a remembered setting on or off (`set` stores it).
pub(super) fn toggle(state: &UseStateHandle<bool>, set: fn(bool)) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| {
        set(!*state);
        state.set(!*state);
    })
}

/// A button that dispatches `action` to the game.
pub(super) fn dispatch(game: &GameHandle, action: fn() -> Action) -> Callback<MouseEvent> {
    let game = game.clone();
    Callback::from(move |_: MouseEvent| game.dispatch(action()))
}

/// The game-over bar's button: the same start again.
pub(super) fn rematch(game: &GameHandle) -> Callback<MouseEvent> {
    let game = game.clone();
    Callback::from(move |_: MouseEvent| game.replace(Game::new(game.game().start().clone())))
}

/// The crumbs, with the rules' whole title, also as its tooltip: a phone cuts it to one line.
pub(super) fn crumbs(title: String) -> Html {
    html! {
        <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › "}<h1 class="play-title" title={title.clone()}>{title}</h1></nav>
    }
}

/// The banner of a faulty link.
pub(super) fn link_error(e: &str) -> Html {
    html! {
        <div class="link-error" role="alert" tabindex="0">
            <strong>{"This link has a problem — "}</strong><bdi>{e.to_string()}</bdi>
        </div>
    }
}

/// The status line.
pub(super) fn status_line(line: &StatusLine) -> Html {
    html! {
        // While the seeds are being sown, only who sows: the move's result (and a
        // screen reader's announcement of it) once they have landed.
        <p class="status" aria-live="polite" role="status">
            {match &line.said {
                // Fragments in both arms, as the `if`/`else` they replace drew them.
                Said::Sowing(s) => html! { <>{ s.clone() }</> },
                Said::Result { last, status } => html! { <>{ last.clone() }{ status.clone() }</> },
            }}
            if let Some(t) = &line.thinking {
                <span class="thinking" aria-live="off">{t.clone()}</span>
            }
            if let Some(t) = &line.earlier {
                <span class="held">{t.clone()}</span>
            }
            if let Some(t) = &line.held {
                <span class="held">{t.clone()}</span>
            }
        </p>
    }
}

/// What the board shows and does, besides the game.
pub(super) struct BoardArgs {
    /// The values on the pits.
    pub hints: Hints,
    /// A person may play a move on it.
    pub interactive: bool,
    /// A move played.
    pub on_play: Callback<crate::families::AnyMove>,
    /// A click on a pit that cannot be played.
    pub on_refused: Callback<Cell>,
    /// Turned round.
    pub flipped: bool,
    /// The size it fits.
    pub fit: Option<Fit>,
}

/// The board: a previewed line's position, or the game's with its last move's marks and the
/// values on its pits.
pub(super) fn board_area(game: &GameHandle, area: &NodeRef, args: BoardArgs) -> Html {
    let st = game.state();
    let g = game.game();
    let (shown, hand) = st.shown();
    let BoardArgs { hints: Hints { hints, best, .. }, interactive, on_play, on_refused, flipped, fit } = args;
    let Sown { last_move, path, captured } = model::sown(g, st.anim.is_none());
    html! {
        <div class={classes!("board-area", st.preview.is_some().then_some("previewing"))} ref={area.clone()}>
            if let Some(pv) = &st.preview {
                <Board position={pv.position().clone()} {shown} interactive={false} {flipped} {fit} />
            } else {
                <Board position={g.position().clone()} shown={shown} {last_move} {path} {captured} {hand} hints={hints} {best}
                    {interactive} {on_play} on_refused={Some(on_refused)} {flipped} {fit} />
            }
        </div>
    }
}

/// The bar under the board at the end of a finished game.
pub(super) fn game_over(over: &GameOver, rematch: Callback<MouseEvent>) -> Html {
    html! {
        <div class="game-over" role="status">
            <strong>{ over.status.clone() }</strong>
            <button class="rematch" onclick={rematch}>{over.rematch}</button>
        </div>
    }
}

/// The controls of the view under the board: Move now, Flip board, Sound.
pub(super) fn view_controls(
    c: ViewControls,
    move_now: Callback<MouseEvent>,
    flip: Callback<MouseEvent>,
    toggle_sound: Callback<MouseEvent>,
) -> Html {
    html! {
        <div class="view-controls">
            // (Not during the short pause of the random player and the book: no search.)
            if c.move_now {
                <button class="move-now" onclick={move_now} title="The computer plays the best move its search has found so far">{"Move now"}</button>
            }
            if c.flip {
                <button class="flip" onclick={flip} aria-pressed={c.flipped.to_string()}
                    title="Turn the board round: North's row at the bottom (remembered for these rules)">{"⇅ Flip board"}</button>
            }
            <button class="sound" onclick={toggle_sound} aria-pressed={c.sound.to_string()}
                title="A tone for each seed sown and for a capture">{ c.sound_label() }</button>
        </div>
    }
}

/// A notice under the board (so that it never moves it), with its close button.
pub(super) fn notice(n: &str, dismiss: Callback<MouseEvent>) -> Html {
    html! {
        <p class="notice" role="status">{n.to_string()}
            <button class="notice-close" aria-label="Dismiss the notice" title="Dismiss" onclick={dismiss}></button>
        </p>
    }
}

/// The side of the board: the analysis, the endgame databases, the game's value, the moves.
pub(super) fn play_side(
    game: &GameHandle,
    search: &SearchHandle,
    pos: &AnyPosition,
    on_endgame_values: Callback<Option<Vec<(Cell, String)>>>,
    on_play: Callback<crate::families::AnyMove>,
) -> Html {
    html! {
        <aside class="play-side">
            <analysis::AnalysisPanel game={game.clone()} search={search.clone()} />
            if pos.rules().has_databases() {
                <databases::DatabasesPanel position={pos.clone()} on_values={on_endgame_values} {on_play} game={game.clone()} />
            }
            if game_value::row_of(pos).is_some() {
                <game_value::GameValue position={pos.clone()} game={game.clone()} />
            }
            <moves::MoveList game={game.clone()} />
        </aside>
    }
}

/// The panels under the board and its side.
pub(super) fn lower_panels(game: &GameHandle, pos: &AnyPosition) -> Html {
    html! {
        <div class="panels">
            <panels::Players game={game.clone()} />
            <panels::Share game={game.clone()} />
            <new_game::NewGame game={game.clone()} />
            <editor::Editor game={game.clone()} />
            <panels::RulesCard rules={pos.rules()} />
        </div>
    }
}

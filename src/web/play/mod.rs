//! The play page: the board with the analysis beside it on wide screens, and one component a
//! panel (move list, analysis, players, share, new game, editor, rules card). The game lives in
//! [`game::use_game`]'s reducer, the worker behind `use_search`.

mod analysis;
mod computer;
mod databases;
mod editor;
mod effects;
pub mod game;
mod game_value;
mod line;
mod moves;
mod new_game;
mod page;
mod panels;
pub(crate) use crate::web::model::play::target;
pub(crate) use panels::{bind_input, input_value, select_value, textarea_value, RulesCard};

use yew::prelude::*;

use super::client::{use_search, Purpose};
use super::route::Route;
use super::worker::Task;
use crate::engine::Cell;
use crate::families::AnyPosition;
use crate::notation::Game;
use crate::web::model::play as model;
use crate::web::turn::Status;
use game::{use_game, Action};

/// Properties of [`PlayPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayProps {
    /// The link's query (`rules=...&moves=...`).
    pub query: AttrValue,
    /// Changes on every navigation, so opening the same link again reloads it.
    pub nav: u32,
}

/// The link to a game, as the page's full address.
pub fn game_href(game: &Game) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    format!("{base}{}", Route::play(game))
}

/// A search of `p` with the family's search, for the computer, hints or analysis; with
/// `endgame`, the positions the endgame databases cached in this browser cover are valued
/// exactly (families that have them).
pub(crate) fn analyze_task(p: &AnyPosition, max_depth: u32, time_ms: u64, table_mib: usize, endgame: bool) -> Task {
    Task::Analyze { rules: p.rules().to_string(), setup: p.to_string(), max_depth, time_ms, table_mib, endgame }
}

/// The play page. Its hooks hold the game, the searches and the view's settings; what it shows
/// is computed by [`crate::web::model::play`] and drawn by the parts in `page`.
#[function_component(PlayPage)]
pub fn play_page(props: &PlayProps) -> Html {
    let game = use_game(&props.query);
    // The user's searches (Hint, Analyze, Solve, Stop) and the computer's run on workers of
    // their own: neither ever stops the other.
    let search = use_search();
    let computer = use_search();
    effects::use_link(props, &game);
    effects::use_history(&game);
    effects::use_sound(&game);
    effects::use_animation(&game);
    effects::use_tab_title(&game);
    computer::use_computer(&game, &computer);
    effects::use_step_keys(&game);

    let st = game.state();
    let g = game.game();
    let pos = g.position().clone();
    let on_play = page::on_play(&game, &search);
    // Values on the board only from an analysis asked for (not the computer's own search),
    // and only for the position on screen; the databases' proven values when they cover it.
    let ss = search.state();
    let endgame_hints = use_state(|| None::<Vec<(Cell, String)>>);
    let on_endgame_values = {
        let endgame_hints = endgame_hints.clone();
        Callback::from(move |v| endgame_hints.set(v))
    };
    let shown_analysis = model::shown_analysis(ss.analysis.as_ref(), ss.purpose == Purpose::Analysis, &ss.target, &pos);
    let hints = model::hints(&pos, (*endgame_hints).as_deref(), shown_analysis);
    // The board turned round, remembered per rules; the sound, off unless turned on.
    let (flipped, flip) = effects::use_flipped(&pos.rules().to_string());
    let sound = use_state(crate::web::prefs::sound);
    let area = use_node_ref();
    let fit = super::board::use_fit(&area, st.link_error.is_some(), super::board::CONTROLS_PX);
    let slot = use_node_ref();
    effects::use_preview_scroll(&game, &slot);

    let controls = model::view_controls(g, &st.turn, *flipped, *sound);
    let proven_note = hints.proven_note.clone();
    let board = page::BoardArgs {
        hints,
        interactive: st.turn.status(g) == Status::Person,
        on_play: on_play.clone(),
        on_refused: page::on_refused(&game),
        flipped: *flipped,
        fit,
    };
    html! {
        <main class="play">
            { page::crumbs(pos.rules().title()) }
            if let Some(e) = &st.link_error {
                { page::link_error(e) }
            }
            <div class="play-layout">
                <div class="play-main">
                    // The status line and a preview's bar share a slot of fixed height, so that
                    // neither ever moves the board.
                    <div class="status-slot" ref={slot.clone()}>
                        { page::status_line(&model::status_line(g, &st.turn, st.view(), computer.state().elapsed_ms)) }
                        <PreviewBar game={game.clone()} />
                    </div>
                    { page::board_area(&game, &area, board) }
                    // Under the board, so that it never moves the board.
                    if let Some(over) = model::game_over(g, st.anim.is_some()) {
                        { page::game_over(&over, page::rematch(&game)) }
                    }
                    if let Some(note) = proven_note {
                        <p class="hints-note">{note}</p>
                    }
                    <panels::Controls game={game.clone()} />
                    { page::view_controls(controls, computer::move_now(&game, &computer), flip, page::toggle(&sound, crate::web::prefs::set_sound)) }
                    // Under the board, so that a notice never moves it.
                    if let Some(n) = &st.notice {
                        { page::notice(n, page::dispatch(&game, || Action::Notice(None))) }
                    }
                </div>
                { page::play_side(&game, &search, &pos, on_endgame_values, on_play) }
            </div>
            { page::lower_panels(&game, &pos) }
        </main>
    }
}

/// Above the board while a line is previewed: what is shown, and the ways on.
#[function_component(PreviewBar)]
fn preview_bar(props: &panels::GameProps) -> Html {
    let game = &props.game;
    let st = game.state();
    // The bar keeps its height when there is no preview, so the board never moves.
    let Some(pv) = &st.preview else {
        return html! { <div class="preview-bar empty" aria-hidden="true"></div> };
    };
    let g = game.game();
    let before = if pv.k > 1 { &pv.positions[pv.k - 2] } else { g.position_of(pv.node) };
    let label = before.move_label(pv.moves[pv.k - 1]);
    let act = |a: fn() -> Action| {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.dispatch(a()))
    };
    html! {
        <div class="preview-bar" role="status" aria-live="polite">
            // The whole sentence on a wide screen; on a phone, its short form (the buttons
            // must keep their one line in the slot).
            <span class="preview-what"><strong>{"Preview"}</strong>
                <span class="long">{format!(
                    " — not played: after {label}, move {} of {} of the line. {}",
                    pv.k,
                    pv.moves.len(),
                    pv.position().status()
                )}</span>
                <span class="short">{format!(" {label}: {} of {}", pv.k, pv.moves.len())}</span>
            </span>
            <span class="preview-buttons">
                <button class="preview-prev" onclick={act(|| Action::PreviewStep(-1))} aria-label="Previous move of the line" title="←">{"‹"}</button>
                <button class="preview-next" onclick={act(|| Action::PreviewStep(1))} disabled={pv.k == pv.moves.len()} aria-label="Next move of the line" title="→">{"›"}</button>
                <button class="preview-play" onclick={act(|| Action::PlayPreview)} title="Add the line to the game, up to this move" aria-label="Play this line">
                    <span class="long">{"Play this line"}</span><span class="short">{"Play"}</span>
                </button>
                <button class="preview-end" onclick={act(|| Action::EndPreview(false))} title="Escape" aria-label="Back to the game">{"Back"}</button>
            </span>
        </div>
    }
}

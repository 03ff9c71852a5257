//! The endgame databases' panel (families with databases, through their capability): builds
//! the databases in its own worker, with progress and Stop, cached in IndexedDB; and, once the
//! position on the board has few enough seeds, the proven value of the position and of every
//! move (shown on the pits too) and a best line to preview and play.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::game::GameHandle;
use super::line::LineView;
use crate::engine::Cell;
use crate::families::{AnyMove, AnyPosition};
use crate::web::client::{use_search, Purpose, SearchHandle, SearchState};
use crate::web::model::panels::databases::{
    covered, databases_view, default_seeds, field_after_build, field_too_large, most_seeds, pit_values, values_of,
    DatabasesBody, DatabasesInput, DatabasesView, HeldDatabases, Mode, StatusLine, ValuesView,
};
use crate::web::worker::databases::{max_page_seeds, EndgameReply, EndgameTask, DEFAULT_PAGE_SEEDS};
use crate::web::worker::Task;

/// Properties of [`DatabasesPanel`].
#[derive(Properties, PartialEq)]
pub struct DatabasesProps {
    /// The position on the board.
    pub position: AnyPosition,
    /// The proven values to show on the pits (`None`: none for this position).
    pub on_values: Callback<Option<Vec<(Cell, String)>>>,
    /// Plays a move (the best line's next move).
    pub on_play: Callback<AnyMove>,
    /// The game, whose node on screen the best line starts from (to preview and play it).
    pub game: GameHandle,
}

/// Asks the worker to load the cached layers and (unless `cache_only`) build the rest.
fn start_build(search: &SearchHandle, mode: &Rc<RefCell<Mode>>, rules: &str, seeds: usize, cache_only: bool) {
    *mode.borrow_mut() = if cache_only { Mode::Load } else { Mode::Build };
    let task = EndgameTask::Build { rules: rules.into(), seeds, cache_only };
    search.start(Task::Endgame(task), Purpose::Analysis);
}

/// The panel's state, shared by its effects and its buttons.
#[derive(Clone)]
struct Handles {
    /// The panel's own worker.
    search: SearchHandle,
    /// What the request in flight is.
    mode: Rc<RefCell<Mode>>,
    /// The seeds field as typed.
    seeds_text: UseStateHandle<String>,
    /// What the worker holds.
    held: UseStateHandle<Option<HeldDatabases>>,
}

/// The seeds field's and the build's effects: on opening (and for other rules) the cached
/// layers loaded (up to `reload` seeds), the field kept within `most` seeds, and a build's
/// answer kept as what is held.
#[hook]
fn use_field(h: &Handles, ss: &SearchState, rules: &str, default: usize, most: usize, reload: usize) {
    // On opening (and for other rules), the size for this board, and everything the browser
    // has cached loaded, building nothing — when it has cached some (a game whose databases
    // were never built here fetches no worker).
    {
        let (search, mode, seeds_text) = (h.search.clone(), h.mode.clone(), h.seeds_text.clone());
        use_effect_with(rules.to_string(), move |rules| {
            seeds_text.set(default.to_string());
            if !rules.is_empty() && crate::web::prefs::databases_kept(rules) {
                start_build(&search, &mode, rules, reload, true);
            }
        });
    }
    // Another game of the same rules with fewer seeds (a new setup): the field no larger.
    {
        let seeds_text = h.seeds_text.clone();
        use_effect_with(most, move |&most| {
            if field_too_large(&seeds_text, most) {
                seeds_text.set(default.to_string());
            }
        });
    }
    // A build's answer: what is held now. Databases loaded beyond the field's size put the
    // field at their size (at most every seed of this game), so that Build never silently
    // does nothing.
    {
        let (held, seeds_text) = (h.held.clone(), h.seeds_text.clone());
        use_effect_with((ss.endgame.clone(), ss.id), move |(reply, id)| {
            if let Some(EndgameReply::Built { rules, seeds, bytes, .. }) = reply {
                held.set(Some((rules.clone(), *seeds, *bytes, *id)));
                crate::web::prefs::set_databases_kept(rules, seeds.is_some());
                if let Some(s) = field_after_build(&seeds_text, *seeds, most) {
                    seeds_text.set(s.to_string());
                }
            }
        });
    }
}

/// The position's values: asked for whenever the position or what is held changes, and put
/// on the pits. Returns the worker's values when they are those of the position on the board.
#[hook]
fn use_values(
    h: &Handles,
    ss: &SearchState,
    props: &DatabasesProps,
    pos: Option<&AnyPosition>,
) -> Option<EndgameReply> {
    let rules = pos.map(|p| p.rules().to_string()).unwrap_or_default();
    let setup = props.position.to_string();
    let covered = covered(pos, h.held.as_ref());
    {
        let (search, mode) = (h.search.clone(), h.mode.clone());
        let built = h.held.as_ref().map(|h| h.3);
        use_effect_with((rules.clone(), setup.clone(), covered, built), move |(rules, setup, covered, _)| {
            if *covered {
                *mode.borrow_mut() = Mode::Query;
                search.start(
                    Task::Endgame(EndgameTask::Query { rules: rules.clone(), setup: setup.clone() }),
                    Purpose::Analysis,
                );
            }
        });
    }
    let values = values_of(ss.endgame.as_ref(), &rules, &setup);
    // The pits' values for the board.
    {
        let on_values = props.on_values.clone();
        let position = props.position.clone();
        use_effect_with(values.clone(), move |shown| on_values.emit(pit_values(&position, shown.as_ref())));
    }
    values
}

/// The panel.
#[function_component(DatabasesPanel)]
pub fn databases_panel(props: &DatabasesProps) -> Html {
    let search = use_search();
    let pos = Some(props.position.clone()).filter(|p| p.rules().has_databases());
    let rules = pos.as_ref().map(|p| p.rules().to_string()).unwrap_or_default();
    let default = pos.as_ref().map_or(DEFAULT_PAGE_SEEDS, default_seeds);
    // The seeds field as typed.
    let seeds_text = use_state(|| default.to_string());
    // What the worker holds (a new build's answer asks for the values again).
    let held = use_state(|| None::<HeldDatabases>);
    let mode = use_mut_ref(|| Mode::Load);
    let h = Handles { search, mode, seeds_text, held };
    let ss = h.search.state().clone();
    let reload = pos.as_ref().map_or(0, |p| max_page_seeds(&p.rules()));
    use_field(&h, &ss, &rules, default, pos.as_ref().map_or(0, most_seeds), reload);
    let values = use_values(&h, &ss, props, pos.as_ref());
    let Some(p) = pos else { return html! {} };
    let view = databases_view(&DatabasesInput {
        position: &p,
        seeds_text: &h.seeds_text,
        held: h.held.as_ref(),
        error: ss.error.as_deref(),
        running: ss.running,
        mode: *h.mode.borrow(),
        progress: ss.endgame_progress.as_ref(),
        values: values.as_ref(),
    });
    html! {
        <section class="panel endgame" aria-label="Endgame databases">
            <h2>{"Endgame databases"}</h2>
            {status(&view.status)}
            {controls(&h, &view, &rules, reload)}
            if let Some(size) = view.size.clone() {
                <p class="endgame-size">{size}</p>
            }
            if let Some(e) = view.field_error.clone() {
                <p class="error" role="alert">{e}</p>
            }
            if let Some(progress) = view.progress.clone() {
                <p class="endgame-progress" role="status">{progress}</p>
            }
            {body(&view.body, props)}
            <p class="note">{"Exact values by retrograde analysis, every position with that many seeds or fewer; endless play is worth 0 (the seeds left shared). Built in a worker; stored in this browser (IndexedDB), so a second visit loads it."}</p>
        </section>
    }
}

/// The status line: the worker's error, or what is held.
fn status(s: &StatusLine) -> Html {
    if s.error {
        html! { <p class="error" role="alert">{s.text.clone()}</p> }
    } else {
        html! { <p class="endgame-held">{s.text.clone()}</p> }
    }
}

/// The seeds field and Build (Stop while building: the cache reloaded to `reload` seeds).
fn controls(h: &Handles, view: &DatabasesView, rules: &str, reload: usize) -> Html {
    let build = {
        let (h, rules, wanted) = (h.clone(), rules.to_string(), view.wanted);
        Callback::from(move |_: MouseEvent| {
            if let Some(k) = wanted {
                start_build(&h.search, &h.mode, &rules, k, false);
            }
        })
    };
    let stop = {
        let (h, rules) = (h.clone(), rules.to_string());
        Callback::from(move |_: MouseEvent| {
            h.search.stop();
            // The worker is gone: what it held (every layer finished) is reloaded from the cache.
            h.held.set(None);
            start_build(&h.search, &h.mode, &rules, reload, true);
        })
    };
    let on_seeds = {
        let seeds_text = h.seeds_text.clone();
        Callback::from(move |e: InputEvent| seeds_text.set(super::input_value(&e)))
    };
    html! {
        <div class="endgame-build">
            <label>{"Seeds on the board "}
                <input type="number" min="0" max={view.most.to_string()} value={(*h.seeds_text).clone()} oninput={on_seeds} disabled={view.building}
                    aria-invalid={view.field_error.is_some().to_string()} />
            </label>
            if view.building {
                <button class="endgame-stop" onclick={stop}>{"Stop"}</button>
            } else {
                <button class="endgame-build-button" onclick={build} disabled={view.field_error.is_some()}>{"Build"}</button>
            }
        </div>
    }
}

/// Below the field: the position's values, or why there are none.
fn body(body: &DatabasesBody, props: &DatabasesProps) -> Html {
    match body {
        DatabasesBody::Values(v) => values_body(v, props),
        DatabasesBody::Note { class, text } => html! { <p class={*class}>{text.clone()}</p> },
        DatabasesBody::Nothing => html! {},
    }
}

/// The position's proven values: its value, each move's, and the best line to preview and play.
fn values_body(v: &ValuesView, props: &DatabasesProps) -> Html {
    let play_next = {
        let (on_play, next) = (props.on_play.clone(), v.next);
        Callback::from(move |_: MouseEvent| {
            if let Some(m) = next {
                on_play.emit(m);
            }
        })
    };
    html! {
        <div class="endgame-values">
            <p class="endgame-value"><strong>{v.value.clone()}</strong>{v.detail.clone()}</p>
            if let Some(c) = v.convention.clone() {
                <p class="endgame-convention">{c}</p>
            }
            <ul class="endgame-moves">
                { for v.moves.iter().map(|(mv, value)| html! { <li><span class="mv">{mv.clone()}</span>{" "}<span class="v">{value.clone()}</span></li> }) }
            </ul>
            <div class="endgame-line">{"Best line: "}<LineView game={props.game.clone()} moves={v.line.clone()} limit={20} />{v.more}</div>
            <button class="endgame-next" onclick={play_next} disabled={v.next.is_none()}>{"Play the best move"}</button>
        </div>
    }
}

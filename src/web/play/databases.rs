//! The endgame databases' panel (families with databases, through their capability): builds
//! the databases in its own worker, with progress and Stop, cached in IndexedDB; and, once the
//! position on the board has few enough seeds, the proven value of the position and of every
//! move (shown on the pits too) and a best line to preview and play.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::game::GameHandle;
use super::line::LineView;
use crate::engine::{Cell, Player};
use crate::families::{AnyMove, AnyPosition};
use crate::web::client::{use_search, Purpose, SearchHandle};
use crate::web::group;
use crate::web::worker::databases::{
    max_page_seeds, EndgameReply, EndgameTask, DEFAULT_PAGE_POSITIONS, DEFAULT_PAGE_SEEDS, MAX_PAGE_POSITIONS,
};
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

/// The default size for a board: 15 seeds on 6 pits a side, and on other boards the most seeds
/// whose databases are no bigger. The most is every seed of the game.
fn default_seeds(p: &AnyPosition) -> usize {
    let rules = p.rules();
    let k = (0..60).take_while(|&k| rules.databases_size(k + 1).is_some_and(|n| n <= DEFAULT_PAGE_POSITIONS)).count();
    k.min(seeds_in_play(p))
}

/// Every seed of the game: on the board and captured.
fn seeds_in_play(p: &AnyPosition) -> usize {
    (p.board_seeds() + p.store(Player::South) + p.store(Player::North)) as usize
}

/// What the request in flight is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Loading the layers this browser kept.
    Load,
    /// Loading them, then building the rest.
    Build,
    /// Asking for a position's values.
    Query,
}

/// Asks the worker to load the cached layers and (unless `cache_only`) build the rest.
fn start_build(search: &SearchHandle, mode: &Rc<RefCell<Mode>>, rules: &str, seeds: usize, cache_only: bool) {
    *mode.borrow_mut() = if cache_only { Mode::Load } else { Mode::Build };
    let task = EndgameTask::Build { rules: rules.into(), seeds, cache_only };
    search.start(Task::Endgame(task), Purpose::Analysis);
}

/// Bytes in words: "646 kB", "17 MB".
fn size_text(bytes: u64) -> String {
    if bytes < 1_000_000 {
        format!("{} kB", bytes.div_ceil(1000))
    } else {
        format!("{} MB", group((bytes / 1_000_000) as u128))
    }
}

fn signed(v: i32) -> String {
    if v == 0 {
        "0".into()
    } else {
        format!("{v:+}")
    }
}

/// The panel.
#[function_component(DatabasesPanel)]
pub fn databases_panel(props: &DatabasesProps) -> Html {
    let search = use_search();
    let pos = Some(props.position.clone()).filter(|p| p.rules().has_databases());
    let rules = pos.as_ref().map(|p| p.rules().to_string()).unwrap_or_default();
    let setup = props.position.to_string();
    let default = pos.as_ref().map_or(DEFAULT_PAGE_SEEDS, default_seeds);
    // The seeds field as typed.
    let seeds_text = use_state(|| default.to_string());
    // What the worker holds: rules, most seeds (None: nothing yet), bytes, and the id of the
    // build that said so (a new build's answer asks for the values again).
    let held = use_state(|| None::<(String, Option<usize>, u64, u32)>);
    let mode = use_mut_ref(|| Mode::Load);
    let ss = search.state().clone();

    // On opening (and for other rules), the size for this board, and everything the browser
    // has cached loaded, building nothing — when it has cached some (a game whose databases
    // were never built here fetches no worker).
    {
        let (search, mode, seeds_text) = (search.clone(), mode.clone(), seeds_text.clone());
        let most = pos.as_ref().map_or(0, |p| max_page_seeds(&p.rules()));
        use_effect_with(rules.clone(), move |rules| {
            seeds_text.set(default.to_string());
            if !rules.is_empty() && crate::web::prefs::databases_kept(rules) {
                start_build(&search, &mode, rules, most, true);
            }
        });
    }
    // Seeds the field accepts: every seed of this game, at most 60.
    let most = pos.as_ref().map_or(0, |p| seeds_in_play(p).min(60));
    // Another game of the same rules with fewer seeds (a new setup): the field no larger.
    {
        let seeds_text = seeds_text.clone();
        use_effect_with(most, move |&most| {
            if seeds_text.trim().parse::<usize>().is_ok_and(|k| k > most) {
                seeds_text.set(default.to_string());
            }
        });
    }
    // A build's answer: what is held now. Databases loaded beyond the field's size put the
    // field at their size (at most every seed of this game), so that Build never silently
    // does nothing.
    {
        let (held, seeds_text) = (held.clone(), seeds_text.clone());
        use_effect_with((ss.endgame.clone(), ss.id), move |(reply, id)| {
            if let Some(EndgameReply::Built { rules, seeds, bytes, .. }) = reply {
                held.set(Some((rules.clone(), *seeds, *bytes, *id)));
                crate::web::prefs::set_databases_kept(rules, seeds.is_some());
                let typed = seeds_text.trim().parse::<usize>().ok();
                if let Some(s) = seeds.map(|s| s.min(most)).filter(|&s| typed.is_some_and(|k| k < s)) {
                    seeds_text.set(s.to_string());
                }
            }
        });
    }
    // The position's values, asked for whenever the position or what is held changes.
    let covered = pos.as_ref().is_some_and(|p| {
        p.outcome().is_none()
            && held.as_ref().is_some_and(|(r, s, _, _)| {
                *r == p.rules().to_string() && s.is_some_and(|s| s >= p.board_seeds() as usize)
            })
    });
    {
        let search = search.clone();
        let mode = mode.clone();
        let built = held.as_ref().map(|h| h.3);
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
    // The worker's values, when they are those of the position on the board.
    let values = match &ss.endgame {
        Some(v @ EndgameReply::Values { rules: r, setup: s, .. }) if *r == rules && *s == setup => Some(v.clone()),
        _ => None,
    };
    // The pits' values for the board.
    {
        let on_values = props.on_values.clone();
        let shown = values.clone();
        let position = props.position.clone();
        use_effect_with(shown, move |shown| {
            let pits = match shown {
                Some(EndgameReply::Values { moves, .. }) => {
                    Some(moves.iter().map(|m| (position.move_cell(m.mv), signed(m.value))).collect())
                }
                _ => None,
            };
            on_values.emit(pits);
        });
    }
    let Some(p) = pos else { return html! {} };
    let rules_now = p.rules();

    let building = ss.running && *mode.borrow() != Mode::Query;
    let wanted = seeds_text.trim().parse::<usize>().ok().filter(|&k| k <= most);
    let total = wanted.and_then(|k| rules_now.databases_size(k));
    let too_big = total.is_some_and(|t| t > MAX_PAGE_POSITIONS);
    let build = {
        let (search, mode, rules) = (search.clone(), mode.clone(), rules.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(k) = wanted {
                start_build(&search, &mode, &rules, k, false);
            }
        })
    };
    let stop = {
        let (search, mode, rules) = (search.clone(), mode.clone(), rules.clone());
        let held = held.clone();
        let reload = max_page_seeds(&rules_now);
        Callback::from(move |_: MouseEvent| {
            search.stop();
            // The worker is gone: what it held (every layer finished) is reloaded from the cache.
            held.set(None);
            start_build(&search, &mode, &rules, reload, true);
        })
    };
    let on_seeds = {
        let seeds_text = seeds_text.clone();
        Callback::from(move |e: InputEvent| seeds_text.set(super::input_value(&e)))
    };
    let field_error = match (wanted, too_big) {
        (None, _) => Some(format!("Seeds on the board: a whole number from 0 to {most} (every seed of this game)")),
        (_, true) => Some(format!(
            "Too big for the page: at most {} positions. The command-line tool (mancala-lab endgame) goes further.",
            group(MAX_PAGE_POSITIONS as u128)
        )),
        _ => None,
    };
    let status = match (&*held, &ss.error) {
        (_, Some(e)) if !ss.running => html! { <p class="error" role="alert">{e.clone()}</p> },
        (Some((_, Some(s), bytes, _)), _) => html! {
            <p class="endgame-held">{format!("Built to {s} seeds on the board, kept in this browser: the databases hold {}.", size_text(*bytes))}</p>
        },
        _ if building && *mode.borrow() == Mode::Load => {
            html! { <p class="endgame-held">{"Loading the layers this browser kept…"}</p> }
        }
        _ if building => {
            html! { <p class="endgame-held">{"Building: each layer is kept in this browser as soon as it is finished."}</p> }
        }
        _ => html! { <p class="endgame-held">{"Not built yet in this browser."}</p> },
    };
    let progress = match (&ss.endgame_progress, building) {
        (Some(EndgameReply::Progress { layer, done, of, built, bytes, rate }), true) => html! {
            <p class="endgame-progress" role="status">
                {format!(
                    // The memory the build uses now: the layers finished and this layer's work
                    // tables (8 bytes a position, let go when the layer is done).
                    "Layer {layer}: {} of {} positions · {} built · {} positions/s · memory in use {} (the layers finished and this layer's work tables)",
                    group(*done as u128), group(*of as u128), group(*built as u128), group(*rate as u128), size_text(*bytes)
                )}
            </p>
        },
        _ => html! {},
    };
    let on_board = p.board_seeds();
    let body = match &values {
        Some(EndgameReply::Values { value, moves, line, repeats, .. }) => {
            let next = line.first().copied();
            let play_next = {
                let on_play = props.on_play.clone();
                Callback::from(move |_: MouseEvent| {
                    if let Some(m) = next {
                        on_play.emit(m);
                    }
                })
            };
            let more = if *repeats && line.len() <= 20 { " … then it repeats (worth 0 from there)" } else { "" };
            let c = (p.store(Player::South), p.store(Player::North));
            html! {
                <div class="endgame-values">
                    <p class="endgame-value"><strong>{format!("{} to move: {} with perfect play", p.turn(), signed(*value))}</strong>
                        {format!(" — the captured seeds at the end, {} minus {} (so far South {}, North {})", p.turn(), !p.turn(), c.0, c.1)}</p>
                    if let Some(c) = rules_now.proven_convention() {
                        <p class="endgame-convention">{format!("Proven assuming {c}: the rules' own ending depends on where the players stop.")}</p>
                    }
                    <ul class="endgame-moves">
                        { for moves.iter().map(|m| html! { <li><span class="mv">{m.mv.to_string()}</span>{" "}<span class="v">{signed(m.value)}</span></li> }) }
                    </ul>
                    <div class="endgame-line">{"Best line: "}<LineView game={props.game.clone()} moves={line.clone()} limit={20} />{more}</div>
                    <button class="endgame-next" onclick={play_next} disabled={next.is_none()}>{"Play the best move"}</button>
                </div>
            }
        }
        _ if p.outcome().is_some() => html! {
            <p class="endgame-over">{"The game is over: nothing left to value. Step back through the moves to see the values of earlier positions."}</p>
        },
        _ => match &*held {
            Some((_, Some(s), _, _)) if (on_board as usize) > *s => html! {
                <p class="endgame-outside">{format!("{on_board} seeds on the board: the databases cover {s}. Play on, or build further.")}</p>
            },
            _ => html! {},
        },
    };
    html! {
        <section class="panel endgame" aria-label="Endgame databases">
            <h2>{"Endgame databases"}</h2>
            {status}
            <div class="endgame-build">
                <label>{"Seeds on the board "}
                    <input type="number" min="0" max={most.to_string()} value={(*seeds_text).clone()} oninput={on_seeds} disabled={building}
                        aria-invalid={field_error.is_some().to_string()} />
                </label>
                if building {
                    <button class="endgame-stop" onclick={stop}>{"Stop"}</button>
                } else {
                    <button class="endgame-build-button" onclick={build} disabled={field_error.is_some()}>{"Build"}</button>
                }
            </div>
            if let (Some(t), Some(k)) = (total.filter(|_| field_error.is_none()), wanted) {
                <p class="endgame-size">{format!("{} positions with {k} seeds or fewer on the board", group(t as u128))}</p>
            }
            if let Some(e) = field_error {
                <p class="error" role="alert">{e}</p>
            }
            {progress}
            {body}
            <p class="note">{"Exact values by retrograde analysis, every position with that many seeds or fewer; endless play is worth 0 (the seeds left shared). Built in a worker; stored in this browser (IndexedDB), so a second visit loads it."}</p>
        </section>
    }
}

//! The endgame databases' panel (Oware family): builds the databases in its own worker, with
//! progress and Stop, cached in IndexedDB; and, once the position on the board has few enough
//! seeds, the proven value of the position and of every move (shown on the pits too) and a
//! best line to play through.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::engine::{Cell, Position};
use crate::families::oware::endgame::positions_upto;
use crate::families::oware::{Oware, OwareMove};
use crate::families::{AnyMove, AnyPosition};
use crate::web::client::{use_search, Purpose, SearchHandle};
use crate::web::endgame::{EndgameReply, EndgameTask, DEFAULT_PAGE_SEEDS, MAX_PAGE_POSITIONS};
use crate::web::group;
use crate::web::protocol::{LabReply, LabTask, Task};

/// Properties of [`EndgamePanel`].
#[derive(Properties, PartialEq)]
pub struct EndgameProps {
    /// The position on the board.
    pub position: AnyPosition,
    /// The proven values to show on the pits (`None`: none for this position).
    pub on_values: Callback<Option<Vec<(Cell, String)>>>,
    /// Plays a move (the best line's next move).
    pub on_play: Callback<AnyMove>,
}

/// The Oware-family position, if it is one.
pub fn oware_of(p: &AnyPosition) -> Option<&Oware> {
    <&Oware>::try_from(p).ok()
}

/// The default size for a board: 15 seeds on 6 pits a side, and on other boards the most seeds
/// whose databases are no bigger.
fn default_seeds(p: &Oware) -> usize {
    let budget = positions_upto(6, DEFAULT_PAGE_SEEDS);
    (0..60).take_while(|&k| positions_upto(p.rules().pits(), k + 1) <= budget).count()
}

/// Asks the worker to load the cached layers and (unless `cache_only`) build the rest.
fn start_build(search: &SearchHandle, building: &Rc<RefCell<bool>>, rules: &str, seeds: usize, cache_only: bool) {
    *building.borrow_mut() = true;
    let task = EndgameTask::Build { rules: rules.into(), seeds, cache_only };
    search.start(Task::Lab(LabTask::Endgame(task)), Purpose::Analysis);
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
#[function_component(EndgamePanel)]
pub fn endgame_panel(props: &EndgameProps) -> Html {
    let search = use_search();
    let pos = oware_of(&props.position).copied();
    let rules = pos.map(|p| p.rules().to_string()).unwrap_or_default();
    let setup = props.position.to_string();
    let default = pos.map_or(DEFAULT_PAGE_SEEDS, |p| default_seeds(&p));
    let seeds_wanted = use_state(|| default);
    // What the worker holds: rules and most seeds (None: nothing yet).
    let held = use_state(|| None::<(String, Option<usize>, u64)>);
    // What the request in flight is: a build (or a load from the cache), or a query.
    let building_now = use_mut_ref(|| false);
    let ss = search.state().clone();

    // On opening (and for other rules), the size for this board, and what the browser has
    // cached loaded, building nothing.
    {
        let (search, building_now, seeds_wanted) = (search.clone(), building_now.clone(), seeds_wanted.clone());
        use_effect_with(rules.clone(), move |rules| {
            seeds_wanted.set(default);
            if !rules.is_empty() {
                start_build(&search, &building_now, rules, default, true);
            }
        });
    }
    // A build's answer: what is held now.
    {
        let held = held.clone();
        use_effect_with(ss.lab.clone(), move |lab| {
            if let Some(LabReply::Endgame(EndgameReply::Built { rules, seeds, bytes, .. })) = lab {
                held.set(Some((rules.clone(), *seeds, *bytes)));
            }
        });
    }
    // The position's values, asked for whenever the position or what is held changes.
    let covered = pos.is_some_and(|p| {
        !p.is_over()
            && held.as_ref().is_some_and(|(r, s, _)| {
                *r == p.rules().to_string() && s.is_some_and(|s| s >= p.board_seeds() as usize)
            })
    });
    {
        let search = search.clone();
        let building_now = building_now.clone();
        let held_seeds = held.as_ref().and_then(|h| h.1);
        use_effect_with((rules.clone(), setup.clone(), covered, held_seeds), move |(rules, setup, covered, _)| {
            if *covered {
                *building_now.borrow_mut() = false;
                search.start(
                    Task::Lab(LabTask::Endgame(EndgameTask::Query { rules: rules.clone(), setup: setup.clone() })),
                    Purpose::Analysis,
                );
            }
        });
    }
    // The worker's values, when they are those of the position on the board.
    let values = match &ss.lab {
        Some(LabReply::Endgame(v @ EndgameReply::Values { rules: r, setup: s, .. })) if *r == rules && *s == setup => {
            Some(v.clone())
        }
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
                    Some(moves.iter().map(|m| (position.move_cell(AnyMove::Oware(m.mv)), signed(m.value))).collect())
                }
                _ => None,
            };
            on_values.emit(pits);
        });
    }
    let Some(p) = pos else { return html! {} };

    let building = ss.running && *building_now.borrow();
    let build = {
        let (search, building_now, rules) = (search.clone(), building_now.clone(), rules.clone());
        let wanted = *seeds_wanted;
        Callback::from(move |_: MouseEvent| start_build(&search, &building_now, &rules, wanted, false))
    };
    let stop = {
        let (search, building_now, rules) = (search.clone(), building_now.clone(), rules.clone());
        let held = held.clone();
        let wanted = *seeds_wanted;
        Callback::from(move |_: MouseEvent| {
            search.stop();
            // The worker is gone: what it held (every layer finished) is reloaded from the cache.
            held.set(None);
            start_build(&search, &building_now, &rules, wanted, true);
        })
    };
    let on_seeds = {
        let seeds_wanted = seeds_wanted.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(v) = super::input_value(&e).trim().parse::<usize>() {
                seeds_wanted.set(v.min(60));
            }
        })
    };
    let total = positions_upto(p.rules().pits(), *seeds_wanted);
    let too_big = total > MAX_PAGE_POSITIONS;
    let status = match (&*held, &ss.error) {
        (_, Some(e)) if !ss.running => html! { <p class="error" role="alert">{e.clone()}</p> },
        (Some((_, Some(s), bytes)), _) => html! {
            <p class="endgame-held">{format!("Built to {s} seeds on the board ({}), kept in this browser.", size_text(*bytes))}</p>
        },
        _ => html! { <p class="endgame-held">{"Not built yet in this browser."}</p> },
    };
    let progress = match (&ss.lab_progress, building) {
        (Some(LabReply::Endgame(EndgameReply::Progress { layer, done, of, built, bytes, rate })), true) => html! {
            <p class="endgame-progress" role="status">
                {format!(
                    "Layer {layer}: {} of {} positions · {} built · {} positions/s · {}",
                    group(*done as u128), group(*of as u128), group(*built as u128), group(*rate as u128), size_text(*bytes)
                )}
            </p>
        },
        (_, true) => html! { <p class="endgame-progress" role="status">{"Loading…"}</p> },
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
                        on_play.emit(AnyMove::Oware(m));
                    }
                })
            };
            let line_text: Vec<String> = line.iter().map(OwareMove::to_string).collect();
            html! {
                <div class="endgame-values">
                    <p class="endgame-value"><strong>{format!("{} to move: {} with perfect play", p.turn(), signed(*value))}</strong>
                        {" (captured seeds at the end, the mover's minus the other's)"}</p>
                    <ul class="endgame-moves">
                        { for moves.iter().map(|m| html! { <li><span class="mv">{m.mv.to_string()}</span>{" "}<span class="v">{signed(m.value)}</span></li> }) }
                    </ul>
                    <p class="endgame-line">{"Best line: "}{line_text.join(" ")}{ if *repeats { " … then it repeats (worth 0 from there)" } else if line.len() >= 40 { " …" } else { "" } }</p>
                    <button class="endgame-next" onclick={play_next} disabled={next.is_none()}>{"Play the best move"}</button>
                </div>
            }
        }
        _ if p.is_over() => html! {},
        _ => match &*held {
            Some((_, Some(s), _)) if (on_board as usize) > *s => html! {
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
                    <input type="number" min="0" max="60" value={seeds_wanted.to_string()} oninput={on_seeds} disabled={building} />
                </label>
                <span class="endgame-size">{format!(" {} positions", group(total as u128))}</span>
                if building {
                    <button class="endgame-stop" onclick={stop}>{"Stop"}</button>
                } else {
                    <button class="endgame-build-button" onclick={build} disabled={too_big}>{"Build"}</button>
                }
            </div>
            if too_big {
                <p class="error">{format!("Too big for the page (at most {} positions): the CLI's endgame command goes further.", group(MAX_PAGE_POSITIONS as u128))}</p>
            }
            {progress}
            {body}
            <p class="note">{"Exact values by retrograde analysis, every position with that many seeds or fewer; endless play is worth 0 (the seeds left shared). Built in a worker; stored in this browser (IndexedDB), so a second visit loads it."}</p>
        </section>
    }
}

//! The Dakon lab: the paper's first-turn figures and special openings, computed in the worker,
//! and any opening replayed move by move on a board.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::labs::dakon::deep::DeepFound;
use crate::labs::dakon::openings::{Found, Survey, Trial};
use crate::labs::dakon::{
    self, Board, DakonAnswer, DakonGoal, DakonLab, DakonLink, DakonParams, DakonProgress, DakonTask, Move,
    MAX_DAKON_BOARDS, MAX_DAKON_BOUND, MAX_DAKON_SURVEY,
};
use crate::web::model::labs::dakon::{self as model, route, Printed};
use crate::web::route::Route;
use crate::web::use_lab::{use_lab, LabHandle};

fn set_hash(h: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(h);
    }
}

/// The page's properties: its link.
pub type Props = super::LabProps<DakonParams>;

/// `#/lab/dakon?n=N&line=H.H.H`: figures, searches and the replay of one opening.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    // Read (and replayed) once per link, not on every progress reply of a search.
    let link = use_memo(props.params.query(), |q| dakon::parse_link(q));
    let printed = use_memo(link.n, |&n| model::printed(n));
    let n = link.n;
    let lab = use_lab::<DakonLab>();
    let go = |n: usize, line: Option<&[usize]>| {
        set_hash(&route(n, line).to_string());
    };
    let choose_n = Callback::from(move |e: Event| {
        if let Some(s) = e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok()) {
            if let Ok(n) = s.value().parse() {
                go(n, None);
            }
        }
    });
    // What was last asked (to name its answer in the list of earlier results).
    let asked = use_mut_ref(|| None::<DakonTask>);
    // The lab's latest answer.
    let answer = lab.answer();
    let elapsed_ms = lab.elapsed_ms();
    // Every answer, newest first, kept in this browser: a new search, leaving the page, a
    // reload or another n never loses an earlier result (as the other labs keep theirs).
    let kept = use_state(load_kept);
    {
        let kept = kept.clone();
        let asked = asked.clone();
        use_effect_with((lab.id(), answer.clone()), move |(id, answer)| {
            if let Some(answer) = answer.clone().filter(|_| !kept.iter().any(|k| k.id == *id)) {
                let what = asked.borrow().as_ref().map_or_else(|| "A search".to_string(), model::task_label);
                let mut list = (*kept).clone();
                list.insert(0, Kept { id: *id, what, answer, ms: elapsed_ms });
                list.truncate(KEPT + 1);
                save_kept(&list);
                kept.set(list);
            }
        });
    }
    let earlier: Vec<&Kept> = kept.iter().filter(|k| answer.is_none() || k.id != lab.id()).collect();
    let best_printed = model::best_printed(&printed);
    // The bound the user typed, for the board size it was typed for.
    let bound = use_state(|| None::<(usize, u32)>);
    html! {
        <main class="lab dakon-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Dakon's winning openings"}</nav>
            <h1>{"Dakon: winning openings"}</h1>
            <p class="lede">{"Donkers, de Voogt & Uiterwijk, \"Human versus Machine Problem-Solving: Winning Openings in Dakon\": in Dakon-n (n holes a side, n counters each) the first player may win the game in the first turn, before the opponent ever moves. Here every first turn is counted and the paper's special openings are searched for exhaustively, so each answer comes with its proof."}</p>
            <p class="help">{format!("A winning opening here: after the first turn fewer than {n} counters are outside the mover's store, so the opponent cannot fill a single hole for the next round. The turn ends with a capture, in an empty opponent hole, or when the mover's holes are empty after a move ending in the store.")}</p>
            if let Some(e) = &link.error {
                <p class="error link-error" role="alert">{format!("This link could not be read in full: {e}. Showing Dakon-{n}.")}</p>
            }
            <label>{"Holes a side "}
                <select class="dakon-n" onchange={choose_n} aria-label="Holes a side">
                    { for (2..=crate::families::dakon::MAX_HOLES).map(|k| html! { <option value={k.to_string()} selected={k == n}>{format!("Dakon-{k}")}</option> }) }
                </select>
            </label>
            { searches(&lab, &asked, n, &bound, best_printed, &go) }
            if !earlier.is_empty() {
                { earlier_view(&earlier, best_printed, n, &go) }
            }
            { replay_view(n, &link, &printed, &go) }
        </main>
    }
}

/// The searches: their buttons, the proof's bound, the progress and the latest answer.
fn searches(
    lab: &LabHandle<DakonLab>,
    asked: &Rc<RefCell<Option<DakonTask>>>,
    n: usize,
    bound: &UseStateHandle<Option<(usize, u32)>>,
    best_printed: Option<u32>,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let run = |task: DakonTask| {
        let lab = lab.clone();
        let asked = asked.clone();
        Callback::from(move |_| {
            *asked.borrow_mut() = Some(task.clone());
            lab.run(task.clone());
        })
    };
    let stop = {
        let lab = lab.clone();
        Callback::from(move |_| lab.stop())
    };
    let search_task = |goal| DakonTask::Search { n, goal, max_boards: MAX_DAKON_BOARDS };
    // The lab's latest progress and answer.
    let (progress, answer) = (lab.progress(), lab.answer());
    let (running, elapsed_ms, error) = (lab.running(), lab.elapsed_ms(), lab.error());
    let level = match progress {
        Some(DakonProgress::Level { level, boards }) => Some((level, boards)),
        _ => None,
    };
    let deep_progress_now = match progress {
        Some(DakonProgress::Deep { done, total, moves }) => Some((done, total, moves)),
        _ => None,
    };
    // The depth-first proof's bound: by default one move less than the shortest printed
    // opening, so that "none" proves the printed one shortest.
    let bound_value = model::bound_value(**bound, n, best_printed);
    let set_bound = {
        let bound = bound.clone();
        Callback::from(move |e: Event| {
            if let Some(i) =
                e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
            {
                if let Ok(b) = i.value().trim().parse::<u32>() {
                    bound.set(Some((n, b.clamp(1, MAX_DAKON_BOUND))));
                }
            }
        })
    };
    html! {
        <section class="panel">
            <h2>{"Searches"}</h2>
            <div class="buttons">
                <button class="dakon-survey" onclick={run(DakonTask::Survey { n })} disabled={running || n > MAX_DAKON_SURVEY}
                    title={model::survey_refusal(n)}>
                    {"Count every first turn"}</button>
                <button class="dakon-shortest" onclick={run(search_task(DakonGoal::Shortest))} disabled={running}>{"Shortest opening"}</button>
                <button class="dakon-min-laps" onclick={run(search_task(DakonGoal::MinLaps))} disabled={running}>{"Least lap count"}</button>
                <button class="dakon-min-cycles" onclick={run(search_task(DakonGoal::MinCycles))} disabled={running}>{"Minimum-cycle opening"}</button>
                if running { <button class="stop" onclick={stop}>{"Stop"}</button> }
            </div>
            <div class="buttons prove">
                <label>{"Prove the shortest opening: every first turn of at most "}
                    <input type="number" class="dakon-bound" min="1" max={MAX_DAKON_BOUND.to_string()} value={bound_value.to_string()} onchange={set_bound} aria-label="Longest opening searched" />
                    {" moves"}</label>
                <button class="dakon-prove" onclick={run(DakonTask::Prove { n, bound: bound_value })} disabled={running}>{"Prove (depth-first)"}</button>
            </div>
            <p class="help">{"The depth-first proof tries every first turn up to that many moves, keeping only its path (no memory limit): it finds the shortest winning opening within the bound, or proves there is none. From Dakon-8 on it takes hours: Dakon-8 within 28 moves (the proof that the paper's 29 is shortest) is 170 billion moves, about 3.5 hours in one worker at the rate measured for Dakon-7; the CLI's prove-shortest ran it in 1.5 hours on two cores, and can stop and resume."}</p>
            if let Some((done, total, moves)) = deep_progress_now.filter(|_| answer.is_none()) {
                <p class="progress deep-progress" aria-live="polite">{ model::deep_progress(done, total, moves, elapsed_ms, running) }</p>
            }
            if deep_progress_now.is_none() && answer.is_none() && (running || level.is_some()) {
                <p class="progress" aria-live="polite">{ model::level_progress(level, running, elapsed_ms) }</p>
            }
            if let Some(e) = &error { <p class="error">{e.clone()}</p> }
            { answer.as_ref().map(|a| answer_view(a, elapsed_ms, best_printed, n, go)).unwrap_or_default() }
        </section>
    }
}

/// The earlier answers, newest first, each folded.
fn earlier_view(
    earlier: &[&Kept],
    best_printed: Option<u32>,
    n: usize,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    html! {
        <section class="panel earlier-results">
            <h2>{"Earlier results"}</h2>
            <p class="help">{format!("Earlier answers, newest first (the last {KEPT} are kept in this browser); each opens to its table or line.")}</p>
            { for earlier.iter().map(|k| html! {
                <details class="earlier">
                    <summary>{format!("{} — {:.1} s", k.what, k.ms / 1000.0)}</summary>
                    { answer_view(&k.answer, k.ms, best_printed, n, go) }
                </details>
            }) }
        </section>
    }
}

/// How many earlier answers the list keeps (beside the one shown above it).
const KEPT: usize = 12;

/// Where the answers are kept in this browser (localStorage).
const KEPT_KEY: &str = "mancala-lab:dakon-answers";

/// The answers kept in this browser by earlier visits (their ids 0: this visit's requests
/// count from 1).
fn load_kept() -> Vec<Kept> {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let text = storage.and_then(|s| s.get_item(KEPT_KEY).ok().flatten()).unwrap_or_default();
    let mut list: Vec<Kept> = serde_json::from_str(&text).unwrap_or_default();
    list.iter_mut().for_each(|k| k.id = 0);
    list
}

/// Keeps the answers in this browser (nothing is lost when it refuses: they stay on the page).
fn save_kept(list: &[Kept]) {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    if let (Some(s), Ok(text)) = (storage, serde_json::to_string(list)) {
        let _ = s.set_item(KEPT_KEY, &text);
    }
}

/// An answer, kept beside the newer ones.
#[derive(Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Kept {
    /// The request that answered it (0: kept from an earlier visit).
    id: u32,
    what: String,
    answer: DakonAnswer,
    ms: f64,
}

/// An answer's table or line.
fn answer_view(
    a: &DakonAnswer,
    ms: f64,
    best_printed: Option<u32>,
    n: usize,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    match a {
        DakonAnswer::Survey { survey } => survey_table(survey, ms),
        DakonAnswer::Found { trials, found } => found_view(trials, found.as_ref(), ms, go),
        DakonAnswer::Deep { found } => deep_view(found, best_printed.filter(|_| found.n == n), ms, go),
    }
}

fn survey_table(s: &Survey, ms: f64) -> Html {
    html! {
        <>
        <table class="dakon-survey-table">
            <caption>{model::survey_caption(s, ms)}</caption>
            <thead><tr><th>{"figure"}</th><th>{"ours"}</th><th>{"paper"}</th></tr></thead>
            <tbody>
                { for model::survey_rows(s).into_iter().map(|r| html! {
                    <tr class={classes!(r.differs.then_some("differs"))}><td>{r.what.to_string()}</td><td>{r.ours}</td><td>{r.theirs}</td></tr>
                }) }
            </tbody>
        </table>
        if let Some(note) = model::survey_note(s.n) { <p class="help note">{note}</p> }
        </>
    }
}

/// An answer's opening, and a button replaying it on the board below.
fn line_and_replay(
    n: usize,
    line: Option<&Vec<usize>>,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let Some(l) = line.cloned() else { return Html::default() };
    let text = model::line_text(&l);
    let go = go.clone();
    let replay = Callback::from(move |_| go(n, Some(&l)));
    html! {
        <>
            <p class="line">{text}</p>
            <button class="replay-found" onclick={replay}>{"Replay it on the board"}</button>
        </>
    }
}

/// A depth-first proof's answer.
fn deep_view(
    f: &DeepFound,
    best_printed: Option<u32>,
    ms: f64,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    html! {
        <div class="dakon-found dakon-deep">
            <h3>{format!("Depth-first proof, Dakon-{} within {} moves", f.n, f.bound)}</h3>
            <p class="verdict">{model::deep_verdict(f, best_printed)}</p>
            { line_and_replay(f.n, f.line.as_ref(), go) }
            <p class="help">{model::deep_help(f, ms)}</p>
        </div>
    }
}

fn found_view(
    trials: &[Trial],
    found: Option<&Found>,
    ms: f64,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let Some(f) = found else {
        return html! {
            <div class="dakon-found">
                <p>{model::not_found(ms)}</p>
                <ul class="trials">{ for trials.iter().map(|t| html! { <li>{model::trial_text(t)}</li> }) }</ul>
            </div>
        };
    };
    html! {
        <div class="dakon-found">
            <h3>{model::found_heading(f)}</h3>
            <p class="verdict">{model::found_verdict(f)}</p>
            { line_and_replay(f.n, f.line.as_ref(), go) }
            <p class="help">{model::found_help(f, ms)}</p>
            if !trials.is_empty() {
                <details><summary>{"Limits tried"}</summary><ul class="trials">{ for trials.iter().map(|t| html! { <li>{model::trial_text(t)}</li> }) }</ul></details>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ReplayProps {
    n: usize,
    line: Vec<usize>,
    moves: Vec<Move>,
}

/// The board after any move of an opening, with the moves' figures.
#[function_component(Replay)]
fn replay(p: &ReplayProps) -> Html {
    let at = use_state(|| p.moves.len());
    {
        let at = at.clone();
        let len = p.moves.len();
        use_effect_with(p.line.clone(), move |_| at.set(len));
    }
    let k = (*at).min(p.moves.len());
    let board = if k == 0 { Board::start(p.n).expect("valid n") } else { p.moves[k - 1].board };
    let n = p.n;
    let step = |d: isize| {
        let at = at.clone();
        let len = p.moves.len() as isize;
        Callback::from(move |_| at.set((*at as isize + d).clamp(0, len) as usize))
    };
    let slide = {
        let at = at.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) =
                e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
            {
                at.set(i.value().parse().unwrap_or(0));
            }
        })
    };
    let last_hole = (k > 0).then(|| p.line[k - 1] - 1);
    html! {
        <div class="dakon-replay">
            <div class="dakon-board" role="img" aria-label={model::board_label(n, k, &board)}>
                <div class="row top">{ for board.opponent().iter().rev().map(|c| html! { <span class="hole">{c.to_string()}</span> }) }</div>
                <div class="store">{board.store().to_string()}</div>
                <div class="row bottom">{ for (0..n).map(|j| html! {
                    <span class={classes!("hole", (Some(j) == last_hole).then_some("last"))}>{board.own(j).to_string()}</span>
                }) }</div>
            </div>
            <div class="stepper">
                <button class="prev" onclick={step(-1)} disabled={k == 0} aria-label="Previous move">{"◀"}</button>
                <input type="range" min="0" max={p.moves.len().to_string()} value={k.to_string()} oninput={slide} aria-label="Move" />
                <button class="next" onclick={step(1)} disabled={k == p.moves.len()} aria-label="Next move">{"▶"}</button>
                <span class="at">{ model::replay_at(n, k, &p.line, &p.moves) }</span>
            </div>
            <p class="summary">{ model::replay_summary(n, &p.moves) }</p>
        </div>
    }
}

fn replay_view(
    n: usize,
    link: &DakonLink,
    printed: &[Printed],
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let printed = printed.to_vec();
    let pick = {
        let go = go.clone();
        let printed = printed.clone();
        Callback::from(move |e: Event| {
            if let Some(s) =
                e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
            {
                if let Some(p) = s.value().parse::<usize>().ok().and_then(|i| printed.get(i)) {
                    go(n, Some(&p.holes));
                }
            }
        })
    };
    html! {
        <section class="panel">
            <h2>{"Replay an opening"}</h2>
            if !printed.is_empty() {
                <label>{"Printed in the paper "}
                    <select class="dakon-printed" onchange={pick} aria-label="Printed opening">
                        <option value="" selected={true}>{"choose…"}</option>
                        { for printed.iter().enumerate().map(|(i, p)| html! {
                            <option value={i.to_string()}>{format!("{} ({} moves)", p.source, p.holes.len())}</option>
                        }) }
                    </select>
                </label>
            }
            { match &link.line {
                Some((line, moves)) => html! {
                    <>
                        { for printed.iter().filter(|p| &p.holes == line).map(|p| html! {
                            <p class="printed-source">{format!("Printed in the paper: {}.", p.source)}
                                { for p.notes.iter().map(|note| html! { <span class="printed-note">{format!(" {note}.")}</span> }) }
                            </p>
                        }) }
                        <Replay n={n} line={line.clone()} moves={moves.clone()} />
                        <p class="help">{"Link to this opening: "}<a class="share" href={route(n, Some(line)).to_string()}>{"copy this address"}</a></p>
                    </>
                },
                None => html! { <p class="help">{"Choose a printed opening, or run a search and replay its answer."}</p> },
            } }
        </section>
    }
}

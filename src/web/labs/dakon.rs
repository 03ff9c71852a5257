//! The Dakon lab: the paper's first-turn figures and special openings, computed in the worker,
//! and any opening replayed move by move on a board.

use yew::prelude::*;

use crate::labs::dakon::deep::DeepFound;
use crate::labs::dakon::openings::{Found, Goal, Survey, Trial};
use crate::labs::dakon::{
    self, Board, DakonAnswer, DakonGoal, DakonLab, DakonLink, DakonParams, DakonProgress, DakonTask, Move,
    MAX_DAKON_BOARDS, MAX_DAKON_BOUND, MAX_DAKON_SURVEY,
};
use crate::web::group;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The paper's printed openings and figures: the test data, one source for tests and page.
use crate::data::{rows, DAKON_COUNTS as COUNTS, DAKON_LINES as LINES, DAKON_SEARCHES as SEARCHES};

/// A printed opening of the paper: where, its holes, and where it disagrees with its table.
#[derive(Clone, PartialEq)]
struct Printed {
    source: String,
    holes: Vec<usize>,
    notes: Vec<String>,
}

/// The distinct printed openings of Dakon-n.
fn printed(n: usize) -> Vec<Printed> {
    let mut out: Vec<Printed> = vec![];
    for r in rows(LINES).filter(|r| r.len() > 6 && r[1] == n.to_string()) {
        // Every printed line reads (tests/native/lab_dakon.rs replays them all).
        let Ok(holes) = dakon::parse_holes(r[6]) else { continue };
        let i = match out.iter().position(|p| p.holes == holes) {
            Some(i) => i,
            None => {
                out.push(Printed { source: r[0].to_string(), holes, notes: vec![] });
                out.len() - 1
            }
        };
        if r[3] != r[4] {
            out[i]
                .notes
                .push(format!("{} ({}): the paper says {}, the line gives {} — {}", r[0], r[2], r[3], r[4], r[5]));
        }
    }
    out
}

/// A figure the paper prints for Dakon-n (`figure` as in `dakon_searches.tsv`).
fn paper(n: usize, figure: &str) -> String {
    rows(SEARCHES)
        .find(|r| r.len() > 3 && r[1] == n.to_string() && r[2] == figure)
        .map_or("—".to_string(), |r| r[3].to_string())
}

/// The paper's sequence and winning counts for Dakon-n, and the data file's note on them.
fn paper_counts(n: usize) -> (String, String, String) {
    let num = |x: &str| x.parse::<u128>().map_or(x.to_string(), group);
    rows(COUNTS)
        .find(|r| r.len() > 2 && r[0] == n.to_string())
        .map_or(("—".into(), "—".into(), String::new()), |r| {
            (num(r[1]), num(r[2]), r.get(6).map_or(String::new(), |x| x.to_string()))
        })
}

fn set_hash(h: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(h);
    }
}

/// The page's properties: its link.
pub type Props = super::LabProps<DakonParams>;

/// The page of Dakon-`n`, replaying `line` (the paper's hole numbers) if given.
fn route(n: usize, line: Option<&[usize]>) -> Route {
    Route::lab::<DakonLab>(DakonParams { n, line: line.map(<[usize]>::to_vec) })
}

/// `#/lab/dakon?n=N&line=H.H.H`: figures, searches and the replay of one opening.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    // Read (and replayed) once per link, not on every progress reply of a search.
    let link = use_memo(props.params.query(), |q| dakon::parse_link(q));
    let printed = use_memo(link.n, |&n| printed(n));
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
    let dakon = |t: DakonTask| t;
    let search_task = |goal| dakon(DakonTask::Search { n, goal, max_boards: MAX_DAKON_BOARDS });
    // The lab's latest progress and answer.
    let (progress, answer) = (lab.progress(), lab.answer());
    let (running, elapsed_ms, error) = (lab.running(), lab.elapsed_ms(), lab.error());
    // Every answer, newest first, kept in this browser: a new search, leaving the page, a
    // reload or another n never loses an earlier result (as the other labs keep theirs).
    let kept = use_state(load_kept);
    {
        let kept = kept.clone();
        let asked = asked.clone();
        use_effect_with((lab.id(), answer.clone()), move |(id, answer)| {
            if let Some(answer) = answer.clone().filter(|_| !kept.iter().any(|k| k.id == *id)) {
                let what = asked.borrow().as_ref().map_or_else(|| "A search".to_string(), task_label);
                let mut list = (*kept).clone();
                list.insert(0, Kept { id: *id, what, answer, ms: elapsed_ms });
                list.truncate(KEPT + 1);
                save_kept(&list);
                kept.set(list);
            }
        });
    }
    let earlier: Vec<&Kept> = kept.iter().filter(|k| answer.is_none() || k.id != lab.id()).collect();
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
    let best_printed = printed.iter().map(|p| p.holes.len() as u32).min();
    // The bound the user typed, for the board size it was typed for.
    let bound = use_state(|| None::<(usize, u32)>);
    let bound_value = bound
        .filter(|&(k, _)| k == n)
        .map_or_else(|| best_printed.map_or(20, |l| l.saturating_sub(1).max(1)), |(_, b)| b);
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
            <section class="panel">
                <h2>{"Searches"}</h2>
                <div class="buttons">
                    <button class="dakon-survey" onclick={run(dakon(DakonTask::Survey { n }))} disabled={running || n > MAX_DAKON_SURVEY}
                        title={if n > MAX_DAKON_SURVEY { format!("Dakon-{n} is too large to survey in the browser: use the CLI (mancala-lab dakon survey {n})") } else { String::new() }}>
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
                    <button class="dakon-prove" onclick={run(dakon(DakonTask::Prove { n, bound: bound_value }))} disabled={running}>{"Prove (depth-first)"}</button>
                </div>
                <p class="help">{"The depth-first proof tries every first turn up to that many moves, keeping only its path (no memory limit): it finds the shortest winning opening within the bound, or proves there is none. From Dakon-8 on it takes hours: Dakon-8 within 28 moves (the proof that the paper's 29 is shortest) is 170 billion moves, about 3.5 hours in one worker at the rate measured for Dakon-7; the CLI's prove-shortest ran it in 1.5 hours on two cores, and can stop and resume."}</p>
                if let Some((done, total, moves)) = deep_progress_now.filter(|_| answer.is_none()) {
                    <p class="progress deep-progress" aria-live="polite">{ deep_progress(done, total, moves, elapsed_ms, running) }</p>
                }
                if deep_progress_now.is_none() && answer.is_none() && (running || level.is_some()) {
                    <p class="progress" aria-live="polite">{
                        match level {
                            Some((level, boards)) => format!("{} level {level}, {} boards, {:.1} s", if running { "Searching:" } else { "Stopped at" }, group(boards as u128), elapsed_ms / 1000.0),
                            None => if running { "Starting…".to_string() } else { "Stopped.".to_string() },
                        }
                    }</p>
                }
                if let Some(e) = &error { <p class="error">{e.clone()}</p> }
                { answer.as_ref().map(|a| answer_view(a, elapsed_ms, best_printed, n, &go)).unwrap_or_default() }
            </section>
            if !earlier.is_empty() {
                <section class="panel earlier-results">
                    <h2>{"Earlier results"}</h2>
                    <p class="help">{format!("Earlier answers, newest first (the last {KEPT} are kept in this browser); each opens to its table or line.")}</p>
                    { for earlier.iter().map(|k| html! {
                        <details class="earlier">
                            <summary>{format!("{} — {:.1} s", k.what, k.ms / 1000.0)}</summary>
                            { answer_view(&k.answer, k.ms, best_printed, n, &go) }
                        </details>
                    }) }
                </section>
            }
            { replay_view(n, &link, &printed, &go) }
        </main>
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

/// What a task asked, for its answer's heading.
fn task_label(t: &DakonTask) -> String {
    match t {
        DakonTask::Survey { n } => format!("Dakon-{n}: every first turn counted"),
        DakonTask::Search { n, goal, .. } => format!(
            "Dakon-{n}: {}",
            match goal {
                DakonGoal::Shortest => "shortest opening",
                DakonGoal::MinLaps => "least lap count",
                DakonGoal::MinCycles => "minimum-cycle opening",
            }
        ),
        DakonTask::Prove { n, bound } => format!("Dakon-{n}: proof within {bound} moves"),
    }
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
    let n = s.n;
    let c = &s.counts;
    let no_own_losing = c.no_own_counters.0 - c.no_own_counters.1;
    let (paper_seq, paper_win, note) = paper_counts(n);
    let row = |what: &str, ours: String, theirs: String| {
        let class = (theirs != "—" && theirs.replace(',', "") != ours.replace(',', "")).then_some("differs");
        html! { <tr class={classes!(class)}><td>{what.to_string()}</td><td>{ours}</td><td>{theirs}</td></tr> }
    };
    let opt = |x: Option<u32>| x.map_or("none".to_string(), |v| v.to_string());
    html! {
        <>
        <table class="dakon-survey-table">
            <caption>{format!("Every first turn of Dakon-{n}: {} distinct boards, {:.2} s in this browser's worker", group(s.boards as u128), ms / 1000.0)}</caption>
            <thead><tr><th>{"figure"}</th><th>{"ours"}</th><th>{"paper"}</th></tr></thead>
            <tbody>
                { row("first turns (all)", group(c.total()), "—".into()) }
                { row("the paper's \"possible move sequences\" (neither winning nor emptying the mover's side)", group(c.total() - c.winning() - no_own_losing), paper_seq) }
                { row("winning openings", group(c.winning()), paper_win) }
                { row("… ending with a capture", format!("{} ({} winning)", group(c.capture.0), group(c.capture.1)), "—".into()) }
                { row("… ending in an empty opponent hole", format!("{} ({} winning)", group(c.empty_opponent.0), group(c.empty_opponent.1)), "—".into()) }
                { row("… ending with the mover's holes empty", format!("{} ({} winning)", group(c.no_own_counters.0), group(c.no_own_counters.1)), "—".into()) }
                { row("shortest winning opening (moves; Table 2)", opt(s.shortest), paper(n, "shortest")) }
                { row("maximum capture: counters left (Table 1)", opt(s.fewest_left().map(|f| f.0)), paper(n, "fewest_left")) }
                { row("openings with the maximum capture (Table 1)", s.fewest_left().map_or("none".into(), |f| group(f.1)), paper(n, "max_capture_ways")) }
                { row("least largest lap count of a move (Table 3)", opt(s.least_max_laps), paper(n, "least_max_laps")) }
                { row("least largest sowing of a move (counters)", opt(s.least_max_sown), "—".into()) }
            </tbody>
        </table>
        if !note.is_empty() { <p class="help note">{format!("Highlighted rows differ from the paper. Dakon-{n}: {note}.")}</p> }
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
    let text = l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    let go = go.clone();
    let replay = Callback::from(move |_| go(n, Some(&l)));
    html! {
        <>
            <p class="line">{text}</p>
            <button class="replay-found" onclick={replay}>{"Replay it on the board"}</button>
        </>
    }
}

/// A depth-first proof under way: prefixes searched, moves played and their rate.
fn deep_progress(done: usize, total: usize, moves: u64, ms: f64, running: bool) -> String {
    let secs = ms / 1000.0;
    format!(
        "{} {} of {} first-move prefixes searched, {} moves played ({:.1} million a second), {:.0} s",
        if running { "Proving:" } else { "Stopped:" },
        group(done as u128),
        group(total as u128),
        group(moves as u128),
        moves as f64 / secs.max(1e-3) / 1e6,
        secs
    )
}

/// A depth-first proof's answer.
fn deep_view(
    f: &DeepFound,
    best_printed: Option<u32>,
    ms: f64,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let verdict = match (&f.line, f.complete) {
        (Some(l), true) => {
            format!("Shortest winning opening: {} moves, proven (every shorter first turn was tried).", l.len())
        }
        (Some(l), false) => format!("A winning opening of {} moves; stopped before proving it shortest.", l.len()),
        (None, true) => {
            let mut v =
                format!("No winning opening has {} moves or fewer: every first turn that long was tried.", f.bound);
            if best_printed == Some(f.bound + 1) {
                v.push_str(&format!(" The paper's {}-move opening is therefore the shortest.", f.bound + 1));
            }
            v
        }
        (None, false) => "Stopped before the end: nothing proven.".to_string(),
    };
    html! {
        <div class="dakon-found dakon-deep">
            <h3>{format!("Depth-first proof, Dakon-{} within {} moves", f.n, f.bound)}</h3>
            <p class="verdict">{verdict}</p>
            { line_and_replay(f.n, f.line.as_ref(), go) }
            <p class="help">{format!("{} boards expanded, {} moves played, {:.2} s in this browser's worker.", group(f.expanded.iter().sum::<u64>() as u128), group(f.moves as u128), ms / 1000.0)}</p>
        </div>
    }
}

fn found_view(
    trials: &[Trial],
    found: Option<&Found>,
    ms: f64,
    go: &(impl Fn(usize, Option<&[usize]>) + Clone + 'static),
) -> Html {
    let trial_text = |t: &Trial| {
        let verdict = match t.admits {
            Some(true) => "a winning opening keeps within it",
            Some(false) => "none keeps within it (complete search)",
            None => "board limit reached",
        };
        format!("limit {}: {verdict}, {} boards", t.limit, group(t.boards as u128))
    };
    let Some(f) = found else {
        return html! {
            <div class="dakon-found">
                <p>{format!("No answer within the browser's limit of {} boards ({:.1} s). The CLI has no such limit.", group(MAX_DAKON_BOARDS as u128), ms / 1000.0)}</p>
                <ul class="trials">{ for trials.iter().map(|t| html! { <li>{trial_text(t)}</li> }) }</ul>
            </div>
        };
    };
    let what = match f.goal {
        Goal::Shortest => "Shortest winning opening".to_string(),
        Goal::ShortestWithLaps(l) => format!("Least lap count: {l} laps a move at most; the shortest such opening"),
        Goal::FewestLongMoves(s) => format!(
            "Minimum-cycle opening: at most {s} counters sown a move, the fewest moves of more than one cycle ({} counters)",
            2 * f.n + 1
        ),
    };
    let verdict = match (&f.line, f.proven()) {
        (Some(l), true) => {
            format!("{} moves, cost {}: proven least (every cheaper board was expanded).", l.len(), f.cost.unwrap_or(0))
        }
        (Some(l), false) => format!(
            "{} moves, cost {}: best found; proven lower bound {}.",
            l.len(),
            f.cost.unwrap_or(0),
            f.lower_bound
        ),
        (None, _) => format!("None found; proven: every opening costs at least {}.", f.lower_bound),
    };
    html! {
        <div class="dakon-found">
            <h3>{what}</h3>
            <p class="verdict">{verdict}</p>
            { line_and_replay(f.n, f.line.as_ref(), go) }
            <p class="help">{format!("{} boards expanded, {} stored, {:.2} s.", group(f.expanded as u128), group(f.boards as u128), ms / 1000.0)}</p>
            if !trials.is_empty() {
                <details><summary>{"Limits tried"}</summary><ul class="trials">{ for trials.iter().map(|t| html! { <li>{trial_text(t)}</li> }) }</ul></details>
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
    let cycle = 2 * n as u32 + 1;
    let last_hole = (k > 0).then(|| p.line[k - 1] - 1);
    let laps: u32 = p.moves.iter().map(|m| m.laps).sum();
    let last = p.moves.last();
    html! {
        <div class="dakon-replay">
            <div class="dakon-board" role="img" aria-label={format!("Dakon-{n} after move {k}: store {}, {} counters on the opponent's side", board.store(), board.opponent_total())}>
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
                <span class="at">{ if k == 0 { "start".to_string() } else {
                    let m = &p.moves[k - 1];
                    format!("move {k} of {}: hole {}, {} laps, {} counters sown ({:.1} cycles)", p.moves.len(), p.line[k - 1], m.laps, m.sown, m.sown as f64 / cycle as f64)
                } }</span>
            </div>
            <p class="summary">{ match last {
                Some(m) => format!("{} moves, {} laps, at most {} in one move; {} moves sow more than one cycle ({cycle} counters); {} counters left on the opponent's side, {} on the mover's; {}.",
                    p.moves.len(), laps, p.moves.iter().map(|m| m.laps).max().unwrap_or(0),
                    p.moves.iter().filter(|m| m.sown > cycle).count(), m.board.opponent_total(), m.board.own_total(),
                    match (m.end, m.board.is_won()) { (None, _) => "the turn is not over", (Some(_), true) => "a winning opening", (Some(_), false) => "not a winning opening" }),
                None => String::new(),
            } }</p>
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

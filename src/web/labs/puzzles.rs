//! The puzzle trainer (`#/puzzles`): one proven puzzle at a time on the usual board, the
//! task in words, each move judged at once — the defence answering a right one, a wrong one
//! answered by its refutation on the board and in words — with Show the solution, Try again,
//! Analyse and Next; filters, the puzzle of the day, the player's rating, streak and history
//! kept in this browser. The puzzles are fetched when the trainer opens (`puzzles/RULES.tsv`,
//! precached for offline use).

use std::collections::HashMap;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::families::AnyMove;
use crate::labs::puzzles::{self as lab, Level, PuzzlesLab, PuzzlesParams, RULE_SETS};
use crate::puzzles::{Puzzle, Theme};
use crate::web::board::Board;
use crate::web::model::labs::puzzles::{Record, State, Trainer, Verdict};
use crate::web::route::Route;

/// The page's properties: its link.
pub type Props = super::LabProps<PuzzlesParams>;

/// A rule set's puzzles, as read.
type File = Rc<Vec<(Puzzle, u32)>>;

/// Where the player's record is kept (localStorage).
const RECORD_KEY: &str = "mancala-lab-puzzles";
/// The pause before the defence's answer, in milliseconds.
const DEFENCE_MS: u32 = 700;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn load_record() -> Record {
    storage().and_then(|s| s.get_item(RECORD_KEY).ok().flatten()).map(|t| Record::from_json(&t)).unwrap_or_default()
}

fn save_record(r: &Record) {
    if let Some(s) = storage() {
        let _ = s.set_item(RECORD_KEY, &r.to_json());
    }
}

/// Today's date in UTC, `2026-11-30`: the puzzle of the day's.
fn today() -> String {
    let iso: String = js_sys::Date::new_0().to_iso_string().into();
    iso.chars().take(10).collect()
}

/// A random number for the next puzzle's choice.
fn random() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// Fetches a rule set's puzzles (`puzzles/RULES.tsv`).
async fn fetch(rules: &str) -> Result<File, String> {
    use wasm_bindgen_futures::JsFuture;
    let fail = |e: wasm_bindgen::JsValue| format!("the puzzles of {rules} could not be loaded ({e:?})");
    let w = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(w.fetch_with_str(&format!("./puzzles/{rules}.tsv"))).await.map_err(fail)?;
    let resp: web_sys::Response = resp.dyn_into().map_err(fail)?;
    if !resp.ok() {
        return Err(format!("the puzzles of {rules} could not be loaded (HTTP {})", resp.status()));
    }
    let text = JsFuture::from(resp.text().map_err(fail)?).await.map_err(fail)?;
    let (puzzles, _) = lab::read_file(&text.as_string().unwrap_or_default());
    Ok(Rc::new(puzzles))
}

/// Opens a route: a new history entry (Back returns to the puzzle before), or in place of
/// the current one (`replace`: a link of filters only becomes its first puzzle's).
fn go(route: &Route, replace: bool) {
    if let Some(w) = web_sys::window() {
        let _ =
            if replace { w.location().replace(&route.to_string()) } else { w.location().set_hash(&route.to_string()) };
    }
}

/// The link of puzzle `id` with the filters of `p`.
fn puzzle_route(p: &PuzzlesParams, id: String) -> Route {
    Route::lab::<PuzzlesLab>(PuzzlesParams { id: Some(id), ..p.clone() })
}

/// What the page asks for next.
#[derive(Clone, PartialEq)]
enum Want {
    /// The puzzle of the link.
    Id(String),
    /// The next puzzle by the filters.
    Next,
    /// The puzzle of the day.
    Daily,
}

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let params = props.params.params.clone();
    let files = use_state(HashMap::<String, File>::new);
    let trainer = use_state(|| None::<Trainer>);
    let record = use_state(load_record);
    let error = use_state(|| None::<String>);
    let loading = use_state(|| false);
    let daily = use_state(|| None::<String>);
    let area = use_node_ref();
    // Room below the board for what is said of a move, the preview's steps and the buttons.
    let fit = crate::web::board::use_fit(&area, trainer.is_some(), 190.0);

    let want = use_opener(
        &params,
        !props.params.faults.is_empty(),
        &Handles {
            files: files.clone(),
            trainer: trainer.clone(),
            error: error.clone(),
            loading: loading.clone(),
            record: record.clone(),
            daily: daily.clone(),
        },
    );
    {
        // The link's puzzle, or the next one by its filters.
        let want = want.clone();
        // Keyed on every part of the link: a filter changed (no id) asks for the next puzzle.
        use_effect_with(params.clone(), move |p| {
            want.emit(p.id.clone().map_or(Want::Next, Want::Id));
        });
    }
    {
        // A puzzle opened from below the board (the history's links) is brought into view.
        let id = trainer.as_ref().map(|t| t.puzzle.id());
        use_effect_with(id, |_| {
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(t) = doc.and_then(|d| d.query_selector(".trainer").ok().flatten()) {
                if t.get_bounding_client_rect().top() < 0.0 {
                    t.scroll_into_view();
                }
            }
        });
    }
    use_defence(&trainer);
    use_counting(&trainer, &record);
    let on_play = {
        let trainer = trainer.clone();
        Callback::from(move |mv: AnyMove| {
            if let Some(mut t) = (*trainer).clone() {
                if t.play(mv) != Verdict::Ignored {
                    trainer.set(Some(t));
                }
            }
        })
    };
    let act = |f: fn(&mut Trainer)| {
        let trainer = trainer.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(mut t) = (*trainer).clone() {
                f(&mut t);
                trainer.set(Some(t));
            }
        })
    };
    let next = {
        let want = want.clone();
        Callback::from(move |_: MouseEvent| want.emit(Want::Next))
    };
    // Analyse shows the solution and every refutation: before the puzzle is solved, it counts
    // as missed, as Show the solution does (counted here: the page is left at once).
    let analyse = {
        let (trainer, record) = (trainer.clone(), record.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(t) = &*trainer else { return };
            if matches!(t.state, State::Solved | State::Finish { .. }) {
                return;
            }
            let mut r = (*record).clone();
            if r.finish(&t.puzzle.id(), t.rating, false) {
                save_record(&r);
                record.set(r);
            }
        })
    };
    let to_daily = {
        let want = want.clone();
        Callback::from(move |_: MouseEvent| want.emit(Want::Daily))
    };
    html! {
        <main class="lab puzzles-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Puzzles"}</nav>
            <h1>{"Puzzles"}</h1>
            { super::link_faults(&props.params.faults) }
            if *loading { <p class="loading" aria-live="polite">{"Loading the puzzles…"}</p> }
            if let Some(e) = &*error { <p class="error" role="alert">{e}</p> }
            if let Some(t) = &*trainer {
                { puzzle_view(t, (area, fit), on_play, act(Trainer::try_again), (act(Trainer::show_solution), act(Trainer::show_finish)), &trainer, (next.clone(), analyse), daily.as_deref() == Some(t.puzzle.id().as_str())) }
            }
            { stats(&record) }
            <div class="puzzle-buttons">
                // Where the filters find nothing, Next would find nothing either: a filter is to change.
                if trainer.is_none() && !error.as_deref().is_some_and(|e| e.starts_with("No puzzle of")) {
                    <button class="next-puzzle" onclick={next}>{"Next puzzle"}</button>
                }
                <button class="daily" onclick={to_daily}>{"Puzzle of the day"}</button>
            </div>
            { filters(&params, &themes_in(&files, &params)) }
            <p class="lede">{"In each position exactly one move keeps the result (the win, or the best that can be had; moves that lead to the same position count as one), proven by the product's exact solvers: Kalah's solver, the Oware family's endgame databases, the exhaustive searches of Erickson's games and of the solitaires. After your move the computer answers with its most resistant defence; a wrong move is answered by its refutation. A puzzle counts once for your rating: solved without a wrong move and without the solution shown, or missed."}</p>
            { history(&record) }
        </main>
    }
}

/// The page's state the opener sets.
#[derive(Clone)]
struct Handles {
    files: UseStateHandle<HashMap<String, File>>,
    trainer: UseStateHandle<Option<Trainer>>,
    error: UseStateHandle<Option<String>>,
    loading: UseStateHandle<bool>,
    record: UseStateHandle<Record>,
    /// The day's puzzle, once opened.
    daily: UseStateHandle<Option<String>>,
}

/// Finds what is wanted, fetching its file first if needed, then opens it (Next and the day's
/// puzzle through the link, so that Back and a reload keep it).
#[hook]
fn use_opener(params: &PuzzlesParams, faulty: bool, h: &Handles) -> Callback<Want> {
    let h = h.clone();
    let params = params.clone();
    Callback::from(move |want: Want| {
        // The rule sets to look in, in turn: the link's, or every one from a random start
        // (the filters' theme and level may be in some only).
        let order: Vec<String> = match (&want, &params.rules) {
            (Want::Id(id), _) => vec![lab::rules_of_id(id).unwrap_or(RULE_SETS[0]).to_string()],
            (Want::Daily, _) => vec![lab::daily_rules(&today()).to_string()],
            (Want::Next, Some(r)) => vec![r.clone()],
            (Want::Next, None) => {
                let k = (random() % RULE_SETS.len() as u64) as usize;
                RULE_SETS.iter().cycle().skip(k).take(RULE_SETS.len()).map(|s| s.to_string()).collect()
            }
        };
        let (h, params) = (h.clone(), params.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let mut known = (*h.files).clone();
            for rules in &order {
                let file = match known.get(rules) {
                    Some(f) => f.clone(),
                    None => {
                        h.loading.set(true);
                        let got = fetch(rules).await;
                        h.loading.set(false);
                        match got {
                            Ok(f) => {
                                known.insert(rules.clone(), f.clone());
                                h.files.set(known.clone());
                                f
                            }
                            Err(e) => {
                                h.error.set(Some(format!("{e}. Offline, only puzzles opened before can be.")));
                                return;
                            }
                        }
                    }
                };
                if open(&want, &file, &params, faulty, &h) {
                    return;
                }
            }
            // Nothing on the board that the filters do not describe.
            h.trainer.set(None);
            let within = match &params.rules {
                Some(r) => r.parse::<crate::families::AnyRules>().map(|r| r.title()).unwrap_or(r.clone()),
                None => "any game".to_string(),
            };
            // Only the filters that restrict are named.
            let mut by = vec![];
            if let Some(t) = params.theme {
                by.push(format!("the theme {}", theme_words(t)));
            }
            if params.level != Level::Any {
                by.push(format!("the level {}", params.level.label()));
            }
            h.error.set(Some(format!("No puzzle of {within} has {}: change a filter.", by.join(" and "))));
        });
    })
}

/// `p` rated `rating` to solve, knowing whether `record` counted it before.
fn trainer(p: &Puzzle, rating: u32, record: &Record) -> Trainer {
    let mut t = Trainer::new(p.clone(), rating);
    t.counted = record.history.iter().any(|h| h.id == t.puzzle.id());
    t
}

/// Opens what is wanted from a rule set's `file`; false if the filters find nothing there.
fn open(want: &Want, file: &File, params: &PuzzlesParams, faulty: bool, h: &Handles) -> bool {
    let r = &*h.record;
    match want {
        Want::Id(id) => {
            match file.iter().find(|(p, _)| p.id() == *id) {
                Some((p, r)) => {
                    h.error.set(None);
                    h.trainer.set(Some(trainer(p, *r, &h.record)));
                }
                None => {
                    // The link stays as it came: it says what was asked.
                    h.error.set(Some(format!("There is no puzzle {id}: here is another.")));
                    if let Some((p, r)) = lab::next(file, None, Level::Any, r.rating.rating, &r.done(), random()) {
                        h.trainer.set(Some(trainer(p, *r, &h.record)));
                    }
                }
            }
            true
        }
        Want::Next => match lab::next(file, params.theme, params.level, r.rating.rating, &r.done(), random()) {
            // A faulty link stays as it came, its faults said above the puzzle.
            Some((p, r)) if faulty => {
                h.trainer.set(Some(trainer(p, *r, &h.record)));
                true
            }
            Some((p, _)) => {
                h.error.set(None);
                go(&puzzle_route(params, p.id()), params.id.is_none());
                true
            }
            None => false,
        },
        Want::Daily => {
            let Some((p, _)) = file.get(lab::daily_index(&today(), file.len())) else { return false };
            h.daily.set(Some(p.id()));
            go(&game_link(&p.id()), false);
            true
        }
    }
}

/// The defence answers after a pause (again while it plays on).
#[hook]
fn use_defence(trainer: &UseStateHandle<Option<Trainer>>) {
    let trainer = trainer.clone();
    let due = trainer.as_ref().is_some_and(Trainer::defence_due);
    let key = trainer.as_ref().map(|t| (t.puzzle.id(), t.ply));
    use_effect_with((due, key), move |(due, _)| {
        let t = due.then(|| {
            Timeout::new(DEFENCE_MS, move || {
                if let Some(mut t) = (*trainer).clone() {
                    t.defend();
                    trainer.set(Some(t));
                }
            })
        });
        move || drop(t)
    });
}

/// A puzzle finished or failed counts once for the rating and streak.
#[hook]
fn use_counting(trainer: &UseStateHandle<Option<Trainer>>, record: &UseStateHandle<Record>) {
    let record = record.clone();
    let done = trainer.as_ref().and_then(|t| match t.state {
        State::Solved => Some((t.puzzle.id(), t.rating, !t.failed)),
        _ if t.failed => Some((t.puzzle.id(), t.rating, false)),
        _ => None,
    });
    use_effect_with(done, move |done| {
        if let Some((id, rating, solved)) = done {
            let mut r = (*record).clone();
            if r.finish(id, *rating, *solved) {
                save_record(&r);
                record.set(r);
            }
        }
    });
}

/// The themes the theme filter offers: those of the chosen game's puzzles once its file is
/// here (and the one chosen), else every theme.
fn themes_in(files: &HashMap<String, File>, p: &PuzzlesParams) -> Vec<Theme> {
    let Some(file) = p.rules.as_ref().and_then(|r| files.get(r)) else { return Theme::ALL.to_vec() };
    Theme::ALL.into_iter().filter(|t| p.theme == Some(*t) || file.iter().any(|(q, _)| q.themes.contains(t))).collect()
}

/// The filters: rule set, theme (`themes` offered), level; a change opens the next puzzle that
/// passes them. Each select is keyed on its value: a link opened after the player chose in it
/// (the history's, the day's) makes it anew, since a select a player has changed keeps its
/// choice against its options' `selected`.
fn filters(p: &PuzzlesParams, themes: &[Theme]) -> Html {
    let change = |set: fn(&mut PuzzlesParams, &str)| {
        let p = p.clone();
        Callback::from(move |e: Event| {
            let mut q = PuzzlesParams { id: None, ..p.clone() };
            set(&mut q, &crate::web::play::select_value(&e));
            go(&Route::lab::<PuzzlesLab>(q), false);
        })
    };
    let rules = change(|q, v| q.rules = RULE_SETS.iter().find(|s| **s == v).map(|s| s.to_string()));
    let theme = change(|q, v| q.theme = Theme::ALL.into_iter().find(|t| t.key() == v));
    let level = change(|q, v| q.level = Level::ALL.into_iter().find(|l| l.key() == v).unwrap_or_default());
    let title =
        |id: &str| id.parse::<crate::families::AnyRules>().map(|r| r.title()).unwrap_or_else(|_| id.to_string());
    html! {
        <form class="puzzle-filters" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <label>{"Game "}<select class="filter-rules" onchange={rules} key={format!("rules-{:?}", p.rules)}>
                <option value="" selected={p.rules.is_none()}>{"any game"}</option>
                { for RULE_SETS.iter().map(|s| html! { <option value={*s} selected={p.rules.as_deref() == Some(*s)}>{title(s)}</option> }) }
            </select></label>
            <label>{"Theme "}<select class="filter-theme" onchange={theme} key={format!("theme-{:?}", p.theme)}>
                <option value="" selected={p.theme.is_none()}>{"any theme"}</option>
                { for themes.iter().map(|t| html! { <option value={t.key()} selected={p.theme == Some(*t)}>{theme_words(*t)}</option> }) }
            </select></label>
            <label>{"Level "}<select class="filter-level" onchange={level} key={format!("level-{:?}", p.level)}>
                { for Level::ALL.iter().map(|l| html! { <option value={l.key()} selected={p.level == *l}>{l.label()}</option> }) }
            </select></label>
        </form>
    }
}

/// The state's name, for the page's tests.
fn state_key(s: &State) -> &'static str {
    match s {
        State::Solving => "solving",
        State::Wrong { .. } => "wrong",
        State::Solved => "solved",
        State::Shown { .. } => "shown",
        State::Finish { .. } => "finish",
    }
}

/// A theme in words.
fn theme_words(t: Theme) -> &'static str {
    match t {
        Theme::Capture => "a capture",
        Theme::ExtraTurn => "an extra turn",
        Theme::GrandSlam => "a grand slam",
        Theme::Starving => "starving or feeding",
        Theme::Relay => "relay sowing",
        Theme::Zugzwang => "zugzwang",
        Theme::Sacrifice => "a sacrifice",
        Theme::Long => "a long combination",
    }
}

/// The player's rating, streak and count.
fn stats(r: &Record) -> Html {
    let solved = r.history.iter().filter(|p| p.solved).count();
    html! {
        <p class="puzzle-stats">
            {"Your puzzle rating "}<strong class="my-rating">{r.rating_text()}</strong>
            {" · streak "}<strong class="streak">{r.streak}</strong>{format!(" (best {})", r.best_streak)}
            {format!(" · {solved} solved of {} tried", r.history.len())}
        </p>
    }
}

/// The game of a puzzle's id, in words: "Kalah(6,4)".
fn game_of(id: &str) -> String {
    lab::rules_of_id(id)
        .and_then(|r| r.parse::<crate::families::AnyRules>().ok())
        .map(|r| r.title())
        .unwrap_or_default()
}

/// The link of puzzle `id` in its own game (Next stays in it), no other filter: the one to
/// send, the history's, the day's.
fn game_link(id: &str) -> Route {
    let rules = lab::rules_of_id(id).map(str::to_string);
    puzzle_route(&PuzzlesParams { rules, ..PuzzlesParams::default() }, id.to_string())
}

/// The last puzzles played, the latest first.
fn history(r: &Record) -> Html {
    if r.history.is_empty() {
        return html! {};
    }
    html! {
        <section class="puzzle-history">
            <h2>{"Your last puzzles"}</h2>
            <ol reversed=true>
                { for r.history.iter().rev().take(10).map(|h| html! {
                    <li>
                        <a href={game_link(&h.id).to_string()}>{game_of(&h.id)}{" "}<bdi class="id">{&h.id}</bdi></a>
                        {if h.solved { " solved" } else { " missed" }}
                        {format!(", rating {:.0}", h.rating)}
                    </li>
                }) }
            </ol>
        </section>
    }
}

/// The puzzle on the board, what was said, and its buttons.
#[allow(clippy::too_many_arguments)]
fn puzzle_view(
    t: &Trainer,
    (area, fit): (NodeRef, Option<crate::web::model::board::Fit>),
    on_play: Callback<AnyMove>,
    try_again: Callback<MouseEvent>,
    (show, show_finish): (Callback<MouseEvent>, Callback<MouseEvent>),
    handle: &UseStateHandle<Option<Trainer>>,
    (next, analyse): (Callback<MouseEvent>, Callback<MouseEvent>),
    daily: bool,
) -> Html {
    let (pos, _) = t.shown();
    let (last_move, path) = t.marks();
    let me = t.puzzle.start.turn();
    let themes: Vec<&str> = t.puzzle.themes.iter().map(|x| theme_words(*x)).collect();
    let solved = matches!(t.state, State::Solved | State::Finish { .. });
    let mood = match &t.state {
        State::Wrong { .. } => "wrong",
        State::Solved | State::Finish { .. } if !t.failed => "solved",
        State::Solved | State::Finish { .. } => "done",
        _ if t.said.starts_with("Correct") => "right",
        _ => "",
    };
    let step = |k: usize| {
        let handle = handle.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(mut t) = (*handle).clone() {
                t.preview_to(k);
                handle.set(Some(t));
            }
        })
    };
    // The link to send: the puzzle, and its game for Next (no other filter).
    let link = game_link(&t.puzzle.id());
    html! {
        <section class="trainer" data-id={t.puzzle.id()} data-ply={t.ply.to_string()} data-state={state_key(&t.state)} data-awaiting={t.awaiting_player().to_string()}>
            <h2 class="puzzle-task">{crate::puzzles::words::task(&t.puzzle)}</h2>
            if t.puzzle.start.rules().has_databases() {
                <p class="puzzle-note">{"Results count the seeds each side captures by the end of the game; a game that would go round for ever is worth nothing more to either side from there (the endgame databases' rule), so a margin may be odd."}</p>
            }
            <p class="puzzle-meta">
                if daily { <strong class="daily-mark">{format!("The puzzle of the day ({}) · ", today())}</strong> }
                {format!("{} · rating {} · ", t.puzzle.start.rules().title(), t.rating)}
                {if themes.is_empty() { "no theme".to_string() } else { themes.join(", ") }}
                {" · "}<a class="puzzle-link" href={link.to_string()}>{"link to this puzzle"}</a>
            </p>
            <div class="board-area" ref={area}>
                <Board position={pos.clone()} shown={pos.cells()} interactive={t.awaiting_player()} on_play={on_play}
                    last_move={last_move} path={path} flipped={me == crate::engine::Player::North} fit={fit} legend=true />
            </div>
            <p class={classes!("puzzle-said", mood)} role="status" aria-live="polite">{&t.said}</p>
            if let Some((k, n)) = t.preview() {
                <div class="preview-controls">
                    <button class="start" onclick={step(0)} disabled={k == 0} aria-label="To the start">{"«"}</button>
                    <button class="back" onclick={step(k.saturating_sub(1))} disabled={k == 0}>{"‹ Back"}</button>
                    <span class="ply">{format!("{k} of {n} {} shown", if n == 1 { "move" } else { "moves" })}</span>
                    <button class="step" onclick={step(k + 1)} disabled={k >= n}>{"Step ›"}</button>
                    <button class="end" onclick={step(n)} disabled={k >= n} aria-label="To the end">{"»"}</button>
                </div>
            }
            <div class="puzzle-actions">
                if matches!(t.state, State::Wrong { .. } | State::Shown { .. }) {
                    <button class="try-again" onclick={try_again}>{"Try again"}</button>
                }
                if matches!(t.state, State::Solving | State::Wrong { .. }) {
                    <button class="show-solution" onclick={show}>{"Show the solution"}</button>
                }
                if t.can_show_finish() {
                    <button class="show-finish" onclick={show_finish}>{"Show the finish"}</button>
                }
                <a class="analyse button" href={t.analyse().to_string()} onclick={analyse}
                    title={if solved { "The puzzle as a tree on the play page" } else { "The puzzle as a tree on the play page, with its solution: it counts as missed" }}>
                    {if solved { "Analyse" } else { "Analyse (shows the solution)" }}</a>
                <button class="next" onclick={next}>{"Next"}</button>
            </div>
            // Which way a side sows, what a move's name means, how values count: the rules.
            <crate::web::play::RulesCard rules={t.puzzle.start.rules()} open={false} />
        </section>
    }
}

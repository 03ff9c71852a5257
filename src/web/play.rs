//! The play page: board, move list, players, analysis, sharing, new game, editor, rules card.

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::board::{cell_name, Board};
use super::client::{auto_workers, use_search, Purpose, SearchHandle};
use super::group;
use super::protocol::Task;
use super::route::Route;
use super::state::{Action, Opponent, PlayState, Speed, MEMORY_CHOICES};
use crate::engine::{Cell, Player};
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::notation::Game;

/// Time the perfect computer player may spend solving a position.
const PERFECT_TIME_MS: u64 = 60_000;

/// Properties of [`PlayPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayProps {
    /// The link's query (`rules=...&moves=...`).
    pub query: AttrValue,
    /// Changes on every navigation, so opening the same link again reloads it.
    pub nav: u32,
}

/// The input element with this id on the page, if any.
fn input_by_id(id: &str) -> Option<HtmlInputElement> {
    web_sys::window()?.document()?.get_element_by_id(id)?.dyn_into::<HtmlInputElement>().ok()
}

/// The value of the input or select element with this id ("" when there is none).
fn field_value(id: &str) -> String {
    let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else {
        return String::new();
    };
    match el.dyn_into::<HtmlInputElement>() {
        Ok(i) => i.value(),
        Err(el) => el.dyn_into::<HtmlSelectElement>().map(|s| s.value()).unwrap_or_default(),
    }
}

fn select_value(e: &Event) -> String {
    e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok()).map(|i| i.value()).unwrap_or_default()
}

/// The link to a game, as the page's full address.
pub fn game_href(game: &Game) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    format!("{base}{}", Route::play(game))
}

/// The computer's fallback move when there is no exact answer: the best move of a 3 s search.
fn three_second_search(search: &SearchHandle, p: &AnyPosition) {
    search.start(
        Task::Analyze {
            rules: p.rules().to_string(),
            setup: p.to_string(),
            max_depth: 200,
            time_ms: 3000,
            table_mib: 64,
        },
        Purpose::Computer,
    );
}

fn describe_move(game: &Game, k: usize) -> String {
    let before = game.position_at(k - 1);
    let mv = game.moves()[k - 1];
    match game.trace(k) {
        Some(t) => before.describe_move(mv, t, game.position_at(k)),
        None => format!("{} plays {mv}", before.turn()),
    }
}

/// The play page.
#[function_component(PlayPage)]
pub fn play_page(props: &PlayProps) -> Html {
    let state = {
        let q = props.query.clone();
        use_reducer(move || {
            let (g, e) = Game::from_query_lenient(&q);
            PlayState::new(g, e)
        })
    };
    let search = use_search();
    let copied = use_state(|| None::<String>);

    // A new link (navigation) replaces the game, unless it is the game already shown.
    {
        let state = state.clone();
        use_effect_with((props.query.clone(), props.nav), move |(q, _)| {
            let (g, e) = Game::from_query_lenient(q);
            if g != state.game {
                state.dispatch(Action::Load(g, e));
            }
        });
    }

    // The URL is the record of the game: keep it in step (replace, so Back leaves the page).
    {
        let hash = Route::play(&state.game).to_string();
        use_effect_with(hash, move |hash| {
            if let Some(w) = web_sys::window() {
                if w.location().hash().ok().as_deref() != Some(hash.as_str()) {
                    if let Ok(h) = w.history() {
                        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
                    }
                }
            }
        });
    }

    // Animation: one timer per seed.
    {
        let state = state.clone();
        let anim = state.anim.clone();
        let ms = state.speed.0;
        use_effect_with((anim, ms), move |(anim, ms)| {
            let t = anim.as_ref().map(|_| {
                let state = state.clone();
                Timeout::new(*ms, move || state.dispatch(Action::Tick))
            });
            move || drop(t)
        });
    }

    // Why the perfect player's pending move comes from a 3 s search instead of the solver, so
    // that the notice stays after that move is played (playing a move clears notices).
    let fallback = use_mut_ref(|| None::<String>);
    // The computer moves when it is its turn at the end of the record.
    {
        let state = state.clone();
        let search = search.clone();
        let fallback = fallback.clone();
        let key = (state.game.to_string(), state.game.ply(), state.computer_to_move(), state.anim.is_none());
        use_effect_with(key, move |(_, _, who, _)| {
            let mut timer = None;
            *fallback.borrow_mut() = None;
            match who {
                Some(Opponent::Random) => {
                    let state = state.clone();
                    timer = Some(Timeout::new(400, move || {
                        let moves = state.game.position().legal_moves();
                        if !moves.is_empty() {
                            let i = (js_sys::Math::random() * moves.len() as f64) as usize % moves.len();
                            state.dispatch(Action::Play(moves[i]));
                        }
                    }));
                }
                Some(Opponent::Perfect) => {
                    let p = state.game.position();
                    if p.rules().has_exact_solver() {
                        search.solve(
                            &p.rules().to_string(),
                            &p.to_string(),
                            state.memory_mib,
                            PERFECT_TIME_MS,
                            state.workers(),
                            Purpose::Computer,
                        );
                    } else {
                        // No exact solver for this family: say so and search for 3 s.
                        *fallback.borrow_mut() = Some("perfect play needs the exact solver, which is for Kalah".into());
                        state.dispatch(Action::Notice(Some(format!(
                            "Perfect play needs the exact solver, which is for Kalah; {} plays the best move of a 3 s search.",
                            p.turn()
                        ))));
                        three_second_search(&search, p);
                    }
                }
                Some(o) => {
                    if let Some((depth, ms)) = o.limits() {
                        let p = state.game.position();
                        search.start(
                            Task::Analyze {
                                rules: p.rules().to_string(),
                                setup: p.to_string(),
                                max_depth: depth,
                                time_ms: ms,
                                table_mib: 64,
                            },
                            Purpose::Computer,
                        );
                    }
                }
                None => {}
            }
            move || drop(timer)
        });
    }
    {
        let state = state.clone();
        let s = search.state().clone();
        let search2 = search.clone();
        use_effect_with((s.id, s.finished, s.error.clone()), move |_| {
            let p = state.game.position();
            let here = s.target == (p.rules().to_string(), p.to_string());
            if s.purpose != Purpose::Computer || !here || state.computer_to_move().is_none() {
                return;
            }
            if s.finished {
                if let Some(best) = s.analysis.as_ref().and_then(|a| a.moves.first()) {
                    let mv = best.mv;
                    if p.legal_moves().contains(&mv) {
                        state.dispatch(Action::Play(mv));
                        if let Some(why) = fallback.borrow_mut().take() {
                            state.dispatch(Action::Notice(Some(format!(
                                "{} played {}, the best move of a 3 s search, not a proven one: {why}.",
                                p.turn(),
                                best.mv
                            ))));
                        }
                    }
                }
            } else if let Some(err) = &s.error {
                // The exact solver gave up: say so, and play a strong move all the same.
                *fallback.borrow_mut() = Some(err.clone());
                state.dispatch(Action::Notice(Some(format!(
                    "Perfect play: {err}. Playing the best move of a 3 s search instead."
                ))));
                three_second_search(&search2, p);
            }
        });
    }

    let game = &state.game;
    let pos = game.position().clone();
    let (shown, hand) = state.shown();
    let on_play = {
        let state = state.clone();
        let search = search.clone();
        Callback::from(move |mv| {
            if search.state().running && search.state().purpose == Purpose::Analysis {
                search.stop();
            }
            state.dispatch(Action::Play(mv))
        })
    };
    let human_turn = *state.players.get(pos.turn()) == Opponent::Human;
    let (last_move, path) = match (game.ply(), game.trace(game.ply())) {
        (k, Some(t)) if k > 0 => (Some(game.position_at(k - 1).move_cell(game.moves()[k - 1])), t.path().collect()),
        _ => (None, vec![]),
    };
    let ss = search.state();
    let analysis_here =
        (ss.target == (pos.rules().to_string(), pos.to_string())).then_some(ss.analysis.as_ref()).flatten();
    let hints: Vec<(Cell, String)> = analysis_here
        .map(|a| {
            a.moves
                .iter()
                .filter(|m| pos.legal_moves().contains(&m.mv))
                .map(|m| (pos.move_cell(m.mv), m.value.short()))
                .collect()
        })
        .unwrap_or_default();

    html! {
        <main class="play">
            <nav class="crumbs"><a href="#/">{"Mancala Lab"}</a>{" › "}<span>{pos.rules().title()}</span></nav>
            if let Some(e) = &state.link_error {
                <div class="link-error" role="alert">
                    <strong>{"This link has a problem — "}</strong>{e.clone()}
                </div>
            }
            <p class="status" aria-live="polite" role="status">
                { if game.ply() > 0 { format!("{}. ", describe_move(game, game.ply())) } else { String::new() } }
                { pos.status() }
            </p>
            if let Some(n) = &state.notice {
                <p class="notice" role="alert">{n.clone()}</p>
            }
            <Board position={pos.clone()} shown={shown} {last_move} {path} {hand} hints={hints}
                interactive={human_turn && state.anim.is_none()} on_play={on_play} />
            <div class="controls">
                { nav_buttons(&state) }
                { speed_select(&state) }
            </div>
            <div class="panels">
                { analysis_panel(&state, &search) }
                { move_list(&state) }
                { players_panel(&state) }
                { share_panel(&state, copied) }
                { new_game_panel(&state) }
                { editor_panel(&state) }
                { rules_panel(&pos.rules()) }
            </div>
        </main>
    }
}

fn nav_buttons(state: &UseReducerHandle<PlayState>) -> Html {
    let g = &state.game;
    let n = g.moves().len();
    let go = |k: usize| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Goto(k)))
    };
    let undo = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Undo))
    };
    let redo = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Redo))
    };
    let skip = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Skip))
    };
    html! {
        <div class="nav-buttons">
            <button onclick={go(0)} disabled={g.ply() == 0} aria-label="First position">{"« Start"}</button>
            <button class="undo" onclick={undo} disabled={g.ply() == 0}>{"Undo"}</button>
            <button class="redo" onclick={redo} disabled={g.ply() >= n}>{"Redo"}</button>
            <button onclick={go(n)} disabled={g.ply() >= n} aria-label="Last position">{"End »"}</button>
            if let Some((lap, laps)) = state.anim_lap() {
                <span class="lap-counter" aria-live="off">{format!("lap {lap} of {laps}")}</span>
            }
            if state.anim.is_some() {
                <button class="skip" onclick={skip}>{"Skip animation"}</button>
            }
        </div>
    }
}

fn speed_select(state: &UseReducerHandle<PlayState>) -> Html {
    let onchange = {
        let s = state.clone();
        Callback::from(move |e: Event| s.dispatch(Action::SetSpeed(Speed(select_value(&e).parse().unwrap_or(120)))))
    };
    let cur = state.speed.0;
    html! {
        <label class="speed">{"Sowing: "}
            <select {onchange} aria-label="Animation speed">
                { for [(400, "slow"), (120, "normal"), (40, "fast"), (0, "no animation")].iter().map(|(ms, name)| html! {
                    <option value={ms.to_string()} selected={cur == *ms}>{*name}</option>
                }) }
            </select>
        </label>
    }
}

fn analysis_panel(state: &UseReducerHandle<PlayState>, search: &SearchHandle) -> Html {
    let pos = state.game.position().clone();
    let ss = search.state();
    let start = |time_ms: u64| {
        let search = search.clone();
        let pos = pos.clone();
        Callback::from(move |_: MouseEvent| {
            search.start(
                Task::Analyze {
                    rules: pos.rules().to_string(),
                    setup: pos.to_string(),
                    max_depth: 200,
                    time_ms,
                    table_mib: 128,
                },
                Purpose::Analysis,
            );
        })
    };
    let stop = {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| search.stop())
    };
    let solve = {
        let search = search.clone();
        let pos = pos.clone();
        let memory_mib = state.memory_mib;
        let workers = state.workers();
        Callback::from(move |_: MouseEvent| {
            search.solve(&pos.rules().to_string(), &pos.to_string(), memory_mib, 0, workers, Purpose::Analysis);
        })
    };
    let set_workers = {
        let s = state.clone();
        Callback::from(move |e: Event| s.dispatch(Action::SetWorkers(select_value(&e).parse().unwrap_or(0))))
    };
    let set_memory = {
        let s = state.clone();
        Callback::from(move |e: Event| {
            s.dispatch(Action::SetMemory(select_value(&e).parse().unwrap_or(MEMORY_CHOICES[2])))
        })
    };
    let over = pos.outcome().is_some();
    let kalah = pos.rules().has_exact_solver();
    let two_players = !pos.family().is_solitaire();
    let here = ss.target == (pos.rules().to_string(), pos.to_string());
    let nps = if ss.elapsed_ms > 0.0 { ss.nodes as f64 / ss.elapsed_ms * 1000.0 } else { 0.0 };
    let rules_title = pos.rules().title();
    // The best line as buttons: a click plays the line up to that move.
    let line_buttons = |line: &[AnyMove]| {
        let mut moves = Vec::new();
        let mut p = pos.clone();
        for &mv in line {
            match p.play(mv).ok().map(|(q, _)| (mv, q)) {
                Some((mv, q)) => {
                    moves.push((mv, p.turn()));
                    p = q;
                }
                None => break,
            }
        }
        html! {
            <ol class="best-line" aria-label="Best line">
                { for moves.iter().enumerate().map(|(k, (mv, who))| {
                    let s = state.clone();
                    let upto: Vec<_> = moves[..=k].iter().map(|(m, _)| *m).collect();
                    let label = if two_players { format!("{} {mv}", who.letter().to_ascii_uppercase()) } else { mv.to_string() };
                    html! { <li><button class="line-move" title="Play the line up to here" onclick={Callback::from(move |_: MouseEvent| s.dispatch(Action::PlayLine(upto.clone())))}>{label}</button></li> }
                }) }
            </ol>
        }
    };
    html! {
        <section class="panel analysis" aria-label="Analysis">
            <h2>{"Analysis"}</h2>
            <div class="row">
                <button class="hint" onclick={start(1000)} disabled={over}>{"Hint (1 s)"}</button>
                <button class="analyze" onclick={start(0)} disabled={over}>{"Analyze"}</button>
                if kalah {
                    <button class="solve" onclick={solve} disabled={over} title="Exact values of every move: perfect play to the end">{"Solve"}</button>
                }
                <button class="stop" onclick={stop} disabled={!ss.running}>{"Stop"}</button>
            </div>
            if kalah {
                <label class="memory">{"Solver memory "}
                    <select onchange={set_memory} aria-label="Solver memory budget">
                        { for MEMORY_CHOICES.iter().map(|m| html! { <option value={m.to_string()} selected={*m == state.memory_mib}>{format!("{m} MiB")}</option> }) }
                    </select>
                </label>
                <label class="workers" title="The solver shares the moves between this many workers, each with an equal part of the memory">{" Workers "}
                    <select onchange={set_workers} aria-label="Solver workers">
                        <option value="0" selected={state.workers_setting == 0}>{format!("auto ({})", auto_workers())}</option>
                        { for (1..=4).map(|n| html! { <option value={n.to_string()} selected={n == state.workers_setting}>{n.to_string()}</option> }) }
                    </select>
                </label>
            }
            if ss.purpose != Purpose::Bench && (ss.running || ss.nodes > 0 || ss.analysis.is_some() || ss.error.is_some()) {
                <div class="search-info" aria-live="polite">
                    <p class="search-state">
                        { if ss.running { if ss.purpose == Purpose::Computer { "Computer thinking… " } else { "Searching… " } } else if ss.finished { "Done. " } else { "Stopped. " } }
                        { if here { "" } else { "(for an earlier position) " } }
                    </p>
                    if let Some(e) = &ss.error { <p class="error">{e.clone()}</p> }
                    if ss.running && !ss.windows.is_empty() {
                        <p class="window">{ format!(
                            "Proving {}",
                            ss.windows.iter().map(|(mv, lo, hi)| format!("move {mv}: between {lo:+} and {hi:+}")).collect::<Vec<_>>().join("; ")
                        ) }</p>
                    }
                    <dl class="figures">
                        if let Some(d) = ss.analysis.as_ref().map(|a| a.depth).filter(|d| *d > 0) {
                            <dt>{ if ss.analysis.as_ref().is_some_and(|a| a.exact) && ss.finished { "best line" } else { "depth" } }</dt><dd class="depth">{d}</dd>
                        }
                        if ss.workers > 1 {
                            <dt>{"workers"}</dt><dd class="workers-used">{ss.workers}</dd>
                        }
                        <dt>{"nodes"}</dt><dd class="nodes" data-nodes={ss.nodes.to_string()}>{group(ss.nodes.into())}</dd>
                        <dt>{"nodes/s"}</dt><dd>{group(nps.max(0.0).round() as u128)}</dd>
                        <dt>{"time"}</dt><dd class="elapsed" data-ms={format!("{:.0}", ss.elapsed_ms)}>{format!("{:.1} s", ss.elapsed_ms / 1000.0)}</dd>
                        if ss.memory_bytes > 0 {
                            <dt>{"memory"}</dt><dd class="memory-used">{format!("{} MiB", ss.memory_bytes >> 20)}</dd>
                        }
                    </dl>
                    if let Some(a) = &ss.analysis {
                        <p class="value">{ format!("Value for {}: {} {} — {}", if here { pos.turn().name() } else { "the side to move" }, a.value, if a.exact { "(proven)" } else { "(to this depth)" }, rules_title) }</p>
                        <ul class="move-values">
                            { for a.moves.iter().map(|m| html! { <li>{ format!("{}: {}{}", m.mv, m.value, if m.exact { " proven" } else { "" }) }</li> }) }
                        </ul>
                        if here && !a.best_line.is_empty() {
                            <p class="line-label">{"Best line (click a move to play the line up to it):"}</p>
                            { line_buttons(&a.best_line) }
                        } else {
                            <p class="best-line-text">{ format!("Best line: {}", a.line_text()) }</p>
                        }
                    }
                </div>
            }
        </section>
    }
}

fn move_list(state: &UseReducerHandle<PlayState>) -> Html {
    let g = &state.game;
    html! {
        <section class="panel moves" aria-label="Moves">
            <h2>{"Moves"}</h2>
            <ol class="move-list">
                <li><button class={classes!("ply", (g.ply() == 0).then_some("current"))} onclick={ { let s = state.clone(); Callback::from(move |_: MouseEvent| s.dispatch(Action::Goto(0))) } }>{"start"}</button></li>
                { for (1..=g.moves().len()).map(|k| {
                    let s = state.clone();
                    let label = g.position_at(k - 1).move_label(g.moves()[k - 1]);
                    html! { <li><button class={classes!("ply", (g.ply() == k).then_some("current"))} aria-label={format!("Move {k}: {}", describe_move(g, k))} onclick={Callback::from(move |_: MouseEvent| s.dispatch(Action::Goto(k)))}>{label}</button></li> }
                }) }
            </ol>
        </section>
    }
}

fn players_panel(state: &UseReducerHandle<PlayState>) -> Html {
    if state.game.start().family().is_solitaire() {
        return html! {};
    }
    let select = |p: Player| {
        let s = state.clone();
        let onchange = Callback::from(move |e: Event| {
            let i: usize = select_value(&e).parse().unwrap_or(0);
            s.dispatch(Action::SetPlayer(p, Opponent::ALL[i.min(Opponent::ALL.len() - 1)]));
        });
        let cur = *state.players.get(p);
        html! {
            <label>{format!("{p}: ")}
                <select {onchange} class={format!("player-{}", p.letter())}>
                    { for Opponent::ALL.iter().enumerate().map(|(i, o)| html! { <option value={i.to_string()} selected={*o == cur}>{o.name()}</option> }) }
                </select>
            </label>
        }
    };
    html! {
        <section class="panel players" aria-label="Players">
            <h2>{"Players"}</h2>
            {select(Player::South)}
            {select(Player::North)}
        </section>
    }
}

fn share_panel(state: &UseReducerHandle<PlayState>, copied: UseStateHandle<Option<String>>) -> Html {
    let href = game_href(&state.game);
    let onclick = {
        let href = href.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&href);
            }
            copied.set(Some(href.clone()));
        })
    };
    html! {
        <section class="panel share" aria-label="Share">
            <h2>{"Share"}</h2>
            <button class="copy-link" {onclick}>{"Copy link"}</button>
            if copied.is_some() { <span class="copied" role="status">{" Link copied."}</span> }
            <input class="link" readonly=true value={href} aria-label="Link to this game" onfocus={Callback::from(|e: FocusEvent| {
                if let Some(i) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) { i.select(); }
            })} />
        </section>
    }
}

fn new_game_panel(state: &UseReducerHandle<PlayState>) -> Html {
    let load = |id: &'static str| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| {
            let (g, e) = Game::from_parts_lenient(Some(id), None, None, None);
            s.dispatch(Action::Load(g, e));
        })
    };
    let custom = {
        let s = state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let val = field_value;
            let id = format!(
                "kalah-{}-{}{}{}",
                val("ng-pits").trim(),
                val("ng-seeds").trim(),
                val("ng-capture"),
                val("ng-end")
            );
            match id.parse::<AnyRules>() {
                Ok(r) => s.dispatch(Action::Load(Game::new(r.start()), None)),
                Err(err) => s.dispatch(Action::Notice(Some(format!("New game: {err}")))),
            }
        })
    };
    let tchouk = {
        let s = state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let v = field_value("ng-tseeds");
            match v.trim().parse::<u32>().ok().and_then(crate::families::tchoukaillon::Tchoukaillon::winning_position) {
                Some(p) => s.dispatch(Action::Load(Game::new(AnyPosition::from(p)), None)),
                None => s.dispatch(Action::Notice(Some(format!(
                    "'{}' seeds: the winning position must fit in 200 pits, so use 0 to 12000",
                    v.chars().take(20).collect::<String>()
                )))),
            }
        })
    };
    html! {
        <details class="panel new-game">
            <summary>{"New game"}</summary>
            <div class="presets">
                { for AnyRules::presets().map(|p| html! { <button onclick={load(p.id)} title={p.source}>{p.name}</button> }) }
            </div>
            <form onsubmit={custom} class="custom" novalidate=true>
                <label>{"Pits a side "}<input id="ng-pits" type="number" min="1" max="12" value="6" /></label>
                <label>{"Seeds a pit "}<input id="ng-seeds" type="number" min="0" max="99" value="4" /></label>
                <label>{"Capture "}<select id="ng-capture">
                    <option value="">{"standard (opposite pit must hold seeds)"}</option>
                    <option value="-e">{"empty capture (Irving et al.)"}</option>
                    <option value="-o">{"opposite pit only (Papegay, literal)"}</option>
                </select></label>
                <label>{"Game ends "}<select id="ng-end">
                    <option value="">{"when either side is empty"}</option>
                    <option value="-m">{"when the mover cannot move (Erickson)"}</option>
                </select></label>
                <button type="submit">{"Start Kalah"}</button>
            </form>
            <form onsubmit={tchouk} class="tchouk" novalidate=true>
                <label>{"Tchoukaillon: winning position for "}<input id="ng-tseeds" type="number" min="0" max="12000" value="17" />{" seeds "}</label>
                <button type="submit" class="show-winning">{"Show winning position"}</button>
            </form>
        </details>
    }
}

fn editor_panel(state: &UseReducerHandle<PlayState>) -> Html {
    let pos = state.game.position().clone();
    let rules = pos.rules();
    let apply = {
        let s = state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = field_value("ed-setup");
            match rules.parse_setup(&text) {
                Ok(p) => s.dispatch(Action::Load(Game::new(p), None)),
                Err(err) => s.dispatch(Action::Notice(Some(format!("Position editor: {err}. The game is unchanged.")))),
            }
        })
    };
    // Number fields per cell write into the setup text, so both stay one source of truth.
    let cells = pos.cells();
    let field = |cell: Cell, n: u32| {
        let name = cell_name(&pos, cell);
        let pos2 = pos.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let v =
                e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_default();
            let Some(setup) = input_by_id("ed-setup") else {
                return;
            };
            let cur = pos2.rules().parse_setup(&setup.value()).unwrap_or_else(|_| pos2.clone());
            let mut counts: Vec<(Cell, String)> = cur.cells().into_iter().map(|(c, k)| (c, k.to_string())).collect();
            for (c, k) in counts.iter_mut() {
                if *c == cell {
                    *k = v.trim().to_string();
                }
            }
            setup.set_value(&pos2.setup_from_cells(&counts, cur.turn()));
        });
        html! { <label class="ed-cell">{format!("{name} ")}<input type="number" min="0" value={n.to_string()} {oninput} aria-label={name.clone()} /></label> }
    };
    let side = if pos.layout().two_sided() {
        let onchange = Callback::from(move |e: Event| {
            let v = select_value(&e);
            let Some(setup) = input_by_id("ed-setup") else {
                return;
            };
            // The side to move is the fourth part (a Dakon setup may have a fifth).
            let text = setup.value();
            let mut parts: Vec<&str> = text.split('-').collect();
            if parts.len() >= 4 {
                parts[3] = &v;
            }
            setup.set_value(&parts.join("-"));
        });
        html! { <label>{"To move "}<select {onchange}><option value="s" selected={pos.turn() == Player::South}>{"South"}</option><option value="n" selected={pos.turn() == Player::North}>{"North"}</option></select></label> }
    } else {
        html! {}
    };
    html! {
        <details class="panel editor">
            <summary>{"Edit position"}</summary>
            <div class="ed-cells">{ for cells.iter().map(|(c, n)| field(*c, *n)) }</div>
            {side}
            <form onsubmit={apply}>
                <label>{"Setup "}<input id="ed-setup" class="setup" value={pos.to_string()} spellcheck="false" /></label>
                <button type="submit" class="apply">{"Apply"}</button>
            </form>
            <p class="help">{ pos.family().setup_help() }</p>
        </details>
    }
}

/// The rules card of a rule set.
pub fn rules_panel(rules: &AnyRules) -> Html {
    let c = rules.card();
    html! {
        <details class="panel rules-card" open=true>
            <summary>{format!("Rules: {}", c.title)}</summary>
            { for c.rules.iter().map(|r| html! { <p>{r.clone()}</p> }) }
            <h3>{"Sources"}</h3>
            <ul>{ for c.sources.iter().map(|r| html! { <li>{r.clone()}</li> }) }</ul>
            if !c.choices.is_empty() {
                <h3>{"Our choices"}</h3>
                <ul>{ for c.choices.iter().map(|r| html! { <li>{r.clone()}</li> }) }</ul>
            }
        </details>
    }
}

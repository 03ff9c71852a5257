//! The analysis panel: hints, analysis and the exact solver, the value of every move of the
//! position on screen, and its best line to preview and play.

use yew::prelude::*;

use super::game::{Action, GameHandle, MEMORY_CHOICES};
use super::line::LineView;
use super::panels::select_value;
use super::{analyze_task, target};
use crate::families::AnyPosition;
use crate::web::client::{auto_workers, use_search, Purpose, SearchHandle};
use crate::web::model::panels::analysis::{
    analysis_view, explanation, solver_choices, AnalysisInput, Choice, Figures, SearchInfo, SearchState, Why,
};

/// Properties of [`AnalysisPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct AnalysisProps {
    /// The game.
    pub game: GameHandle,
    /// The worker.
    pub search: SearchHandle,
}

/// What the panel last asked the worker for, to ask again for the next position of a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A search of this many milliseconds (0: until stopped or proven).
    Search(u64),
    /// The exact solver.
    Solve,
}

/// Asks the panel's worker for `kind` of analysis of `p`.
fn start(search: &SearchHandle, game: &GameHandle, kind: Kind, p: &AnyPosition) {
    match kind {
        Kind::Search(ms) => {
            search.start(analyze_task(p, 200, ms, 128, true), Purpose::Analysis);
        }
        Kind::Solve => {
            let (rules, setup) = target(p);
            let st = game.state();
            search.solve(&rules, &setup, st.memory_mib, 0, st.workers(), Purpose::Analysis);
        }
    }
}

/// The analysis panel.
#[function_component(AnalysisPanel)]
pub fn analysis_panel(props: &AnalysisProps) -> Html {
    let (game, search) = (&props.game, &props.search);
    let kind = use_state(|| Kind::Search(1000));
    let pos = game.game().position().clone();
    let ss = search.state();
    let run = |k: Kind| {
        let (search, game, kind, pos) = (search.clone(), game.clone(), kind.clone(), pos.clone());
        Callback::from(move |_: MouseEvent| {
            kind.set(k);
            // The board never previews a line the panel no longer shows.
            game.dispatch(Action::EndPreview(false));
            start(&search, &game, k, &pos);
        })
    };
    let stop = {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| search.stop())
    };
    // Why a move is worse: its own worker searches the position after it, so that the values
    // on screen stay.
    let explain = use_search();
    let why = use_state(|| None::<(String, Why)>);
    let ask_why = {
        let (explain, game, kind, why, pos) = (explain.clone(), game.clone(), kind.clone(), why.clone(), pos.clone());
        Callback::from(move |w: Why| {
            let Ok((after, _)) = pos.play(w.mv) else { return };
            why.set(Some((pos.to_string(), w)));
            // The values were proven: the search after the move runs until it proves too.
            let k = if *kind == Kind::Solve { Kind::Solve } else { Kind::Search(0) };
            start(&explain, &game, k, &after);
        })
    };
    {
        // A search after a move of a position no longer on screen is of no use: stopped.
        let explain = explain.clone();
        use_effect_with(pos.to_string(), move |_| {
            if explain.state().running {
                explain.stop();
            }
        });
    }
    let here = pos.to_string();
    let why_view = why.as_ref().filter(|(at, _)| *at == here).map(|&(_, w)| why_text(&pos, w, &explain, game));
    let view = analysis_view(&AnalysisInput {
        position: &pos,
        target: &ss.target,
        ours: ss.purpose == Purpose::Analysis,
        running: ss.running,
        finished: ss.finished,
        analysis: ss.analysis.as_ref(),
        nodes: ss.nodes,
        elapsed_ms: ss.elapsed_ms,
        error: ss.error.as_deref(),
        windows: &ss.windows,
        workers: ss.workers,
        memory_bytes: ss.memory_bytes,
        from_book: ss.from_book,
    });
    let over = view.over;
    html! {
        <section class="panel analysis" aria-label="Analysis">
            <h2>{"Analysis"}</h2>
            <div class="row">
                <button class="hint" onclick={run(Kind::Search(1000))} disabled={over}>{"Hint (1 s)"}</button>
                <button class="analyze" onclick={run(Kind::Search(0))} disabled={over}>{"Analyze"}</button>
                if view.exact {
                    <button class="solve" onclick={run(Kind::Solve)} disabled={over} title="Exact values of every move: perfect play to the end">{"Solve"}</button>
                }
                <button class="stop" onclick={stop} disabled={!ss.running}>{"Stop"}</button>
            </div>
            if view.exact {
                {solver_settings(game)}
            }
            { match &view.state {
                SearchState::Over => html! { <p class="search-state">{"The game is over: nothing to analyze."}</p> },
                SearchState::Stale(text) => html! { <p class="search-state stale" role="status">{*text}</p> },
                SearchState::Info(info) => search_info(info, &ask_why),
                SearchState::Nothing => html! {},
            } }
            if let Some(w) = why_view {
                {w}
            }
            if let Some(line) = view.best_line {
                <p class="line-label">{"Best line (point at or click a move to see the position after it; nothing is played):"}</p>
                <LineView game={game.clone()} moves={line} />
            }
        </section>
    }
}

/// The options of a select.
fn options(choices: &[Choice]) -> Html {
    html! {
        { for choices.iter().map(|c| html! { <option value={c.value.clone()} selected={c.selected}>{c.label.clone()}</option> }) }
    }
}

/// The exact solver's memory and workers.
fn solver_settings(game: &GameHandle) -> Html {
    let st = game.state();
    let set_workers = {
        let game = game.clone();
        Callback::from(move |e: Event| game.dispatch(Action::SetWorkers(select_value(&e).parse().unwrap_or(0))))
    };
    let set_memory = {
        let game = game.clone();
        Callback::from(move |e: Event| {
            game.dispatch(Action::SetMemory(select_value(&e).parse().unwrap_or(MEMORY_CHOICES[2])))
        })
    };
    let (memory, workers) = solver_choices(&MEMORY_CHOICES, st.memory_mib, st.workers_setting, auto_workers());
    html! {
        <>
            <label class="memory">{"Solver memory "}
                <select onchange={set_memory} aria-label="Solver memory budget">
                    {options(&memory)}
                </select>
            </label>
            <label class="workers" title="The solver shares the moves between this many workers, each with an equal part of the memory">{" Workers "}
                <select onchange={set_workers} aria-label="Solver workers">
                    {options(&workers)}
                </select>
            </label>
        </>
    }
}

/// Why the move `w` of `pos` is worse, once `explain` has searched the position after it.
fn why_text(pos: &AnyPosition, w: Why, explain: &SearchHandle, game: &GameHandle) -> Html {
    let ss = explain.state();
    let after = pos.play(w.mv).map(|(q, _)| (q.rules().to_string(), q.to_string())).ok();
    let here = after.as_ref() == Some(&ss.target);
    let body = match (&ss.analysis, &ss.error) {
        _ if !here => html! {},
        (_, Some(e)) => html! { <p class="error">{e.clone()}</p> },
        (Some(a), None) if !ss.running => {
            let (text, line) = explanation(pos, w, a);
            html! {
                <>
                    <p class="why-text">{text}</p>
                    <LineView game={game.clone()} moves={line} name="Refutation" />
                </>
            }
        }
        (None, None) if !ss.running => html! { <p class="why-text">{"Stopped before the best reply was found."}</p> },
        _ => html! { <p class="why-text searching">{format!("Working out the best reply to {}…", w.mv)}</p> },
    };
    html! { <div class="why-view" role="status" aria-live="polite" data-move={w.mv.to_string()}>{body}</div> }
}

/// What the panel says of a search of the position on screen.
fn search_info(info: &SearchInfo, ask_why: &Callback<Why>) -> Html {
    html! {
        <div class="search-info" aria-live="polite">
            <p class="search-state">
                {info.state}
                if info.from_book {
                    <span class="from-book">{"From the opening book shipped with the page: every move's value proven ahead of time by the exact solver (mancala-lab book)."}</span>
                }
            </p>
            if let Some(e) = info.error.clone() { <p class="error">{e}</p> }
            if let Some(window) = info.window.clone() {
                <p class="window">{window}</p>
            }
            if let Some(f) = &info.figures {
                {figures(f)}
            }
            if let Some(v) = &info.value {
                <p class="value">{v.value.clone()}</p>
                <ul class="move-values">
                    { for v.moves.iter().map(|m| html! {
                        <li>
                            <span class="move-value">{m.text.clone()}</span>
                            if let Some(w) = m.why {
                                <button class="why" data-move={w.mv.to_string()} aria-label={format!("Why is {} worse?", w.mv)}
                                    title="Why this move is worse: best play after it, in words"
                                    onclick={ask_why.reform(move |_: MouseEvent| w)}>{"Why?"}</button>
                            }
                        </li>
                    }) }
                </ul>
                if let Some(note) = v.why_note.clone() {
                    <p class="why-note">{note}</p>
                }
                if let Some(c) = v.convention.clone() {
                    <p class="endgame-convention">{c}</p>
                }
            }
        </div>
    }
}

/// The search's figures.
fn figures(f: &Figures) -> Html {
    html! {
        <dl class="figures">
            if let Some((label, n)) = f.depth {
                <dt>{label}</dt><dd class="depth">{n}</dd>
            }
            if let Some(workers) = f.workers {
                <dt>{"workers"}</dt><dd class="workers-used">{workers}</dd>
            }
            <dt>{"nodes"}</dt><dd class="nodes" data-nodes={f.nodes.to_string()}>{f.nodes_text.clone()}</dd>
            <dt>{"nodes/s"}</dt><dd>{f.rate.clone()}</dd>
            <dt>{"time"}</dt><dd class="elapsed" data-ms={f.ms.clone()}>{f.time.clone()}</dd>
            if let Some(memory) = f.memory.clone() {
                <dt>{"memory"}</dt><dd class="memory-used">{memory}</dd>
            }
        </dl>
    }
}

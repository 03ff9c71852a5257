//! The analysis panel: hints, analysis and the exact solver, the value of every move of the
//! position on screen, and its best line to preview and play.

use yew::prelude::*;

use super::game::{Action, GameHandle, MEMORY_CHOICES};
use super::line::LineView;
use super::panels::select_value;
use super::{analyze_task, target};
use crate::families::AnyPosition;
use crate::web::client::{auto_workers, Purpose, SearchHandle};
use crate::web::group;

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
    let st = game.state();
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
    let over = pos.outcome().is_some();
    let exact = pos.rules().has_exact_solver();
    let solitaire = pos.family().is_solitaire();
    let here = ss.target == target(&pos);
    let ours = ss.purpose == Purpose::Analysis;
    let nps = if ss.elapsed_ms > 0.0 { ss.nodes as f64 / ss.elapsed_ms * 1000.0 } else { 0.0 };
    let analysis = ss.analysis.as_ref().filter(|_| here && ours && !over);
    html! {
        <section class="panel analysis" aria-label="Analysis">
            <h2>{"Analysis"}</h2>
            <div class="row">
                <button class="hint" onclick={run(Kind::Search(1000))} disabled={over}>{"Hint (1 s)"}</button>
                <button class="analyze" onclick={run(Kind::Search(0))} disabled={over}>{"Analyze"}</button>
                if exact {
                    <button class="solve" onclick={run(Kind::Solve)} disabled={over} title="Exact values of every move: perfect play to the end">{"Solve"}</button>
                }
                <button class="stop" onclick={stop} disabled={!ss.running}>{"Stop"}</button>
            </div>
            if exact {
                <label class="memory">{"Solver memory "}
                    <select onchange={set_memory} aria-label="Solver memory budget">
                        { for MEMORY_CHOICES.iter().map(|m| html! { <option value={m.to_string()} selected={*m == st.memory_mib}>{format!("{m} MiB")}</option> }) }
                    </select>
                </label>
                <label class="workers" title="The solver shares the moves between this many workers, each with an equal part of the memory">{" Workers "}
                    <select onchange={set_workers} aria-label="Solver workers">
                        <option value="0" selected={st.workers_setting == 0}>{format!("auto ({})", auto_workers())}</option>
                        { for (1..=4).map(|n| html! { <option value={n.to_string()} selected={n == st.workers_setting}>{n.to_string()}</option> }) }
                    </select>
                </label>
            }
            if over {
                <p class="search-state">{"The game is over: nothing to analyze."}</p>
            } else if ours && !here && (ss.running || ss.finished) && !ss.target.0.is_empty() {
                // Asked while the computer was to move (or before a move): the position has
                // changed since, so the answer is not for the board.
                <p class="search-state stale" role="status">{ if ss.running { "Searching a position that is no longer on the board (the game moved on): ask again here for this one." } else { "That search was of an earlier position (the game moved on): ask again for this one." } }</p>
            } else if ours && here && (ss.running || ss.nodes > 0 || ss.analysis.is_some() || ss.error.is_some()) {
                <div class="search-info" aria-live="polite">
                    <p class="search-state">
                        { if ss.running { "Searching… " } else if ss.finished { "Done. " } else { "Stopped. " } }
                        if ss.from_book {
                            <span class="from-book">{"From the opening book shipped with the page: every move's value proven ahead of time by the exact solver (mancala-lab book)."}</span>
                        }
                    </p>
                    if let Some(e) = &ss.error { <p class="error">{e.clone()}</p> }
                    if ss.running && !ss.windows.is_empty() {
                        <p class="window">{ format!(
                            "Proving {}",
                            ss.windows.iter().map(|(mv, lo, hi)| format!("move {mv}: between {lo:+} and {hi:+}")).collect::<Vec<_>>().join("; ")
                        ) }</p>
                    }
                    if ss.nodes > 0 || ss.running {
                        <dl class="figures">
                            // Proven and done: the length of the best line shown (the depth that
                            // proved it can be shorter, where the databases value the leaves).
                            if let Some((label, n)) = ss.analysis.as_ref().filter(|a| a.depth > 0).map(|a| {
                                if a.exact && ss.finished && !a.best_line.is_empty() { ("best line", a.best_line.len() as u32) } else { ("depth", a.depth) }
                            }) {
                                <dt>{label}</dt><dd class="depth">{n}</dd>
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
                    }
                    if let Some(a) = analysis {
                        <p class="value">{
                            if solitaire {
                                match a.value {
                                    crate::engine::Value::Winnable(true) => "This position can be won: the winning move is marked.".to_string(),
                                    _ => "This position can no longer be won.".to_string(),
                                }
                            } else {
                                let proven = "(proven)".to_string();
                                format!("Value for {}: {} {} — {}", pos.player_name(pos.turn()), a.value, if a.exact { proven.as_str() } else { "(to this depth)" }, pos.rules().title())
                            }
                        }</p>
                        <ul class="move-values">
                            { for a.moves.iter().map(|m| html! { <li>{ format!("{}: {}{}", m.mv, m.value, if m.exact && !solitaire { " proven" } else { "" }) }</li> }) }
                        </ul>
                        if let Some(c) = pos.rules().proven_convention().filter(|_| a.moves.iter().any(|m| m.exact)) {
                            <p class="endgame-convention">{format!("A proven value that comes from the endgame databases (the positions they cover, at the search's leaves) assumes {c}. Where the rules end the game sooner, by a repeated position that gives each player the seeds on his side, it can differ, even in who wins.")}</p>
                        }
                    }
                </div>
            }
            if let Some(a) = analysis.filter(|a| !a.best_line.is_empty()) {
                <p class="line-label">{"Best line (point at or click a move to see the position after it; nothing is played):"}</p>
                <LineView game={game.clone()} moves={a.best_line.clone()} />
            }
        </section>
    }
}

//! The benchmark page: the CLI's `bench` workloads timed in the worker, and full solves of
//! Kalah(6,3) and (6,4), for comparing the browser with native runs (BENCHMARKS.md).

use yew::prelude::*;

use crate::labs::bench::{BenchFigures, BenchLab, BenchTask};
use crate::web::client::Purpose;
use crate::web::group;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;
use crate::web::worker::Task;

/// The page's properties: its link.
pub type Props = super::LabProps<()>;

/// The benchmark page: the CLI's `bench` workloads timed in the worker, for comparing the
/// browser with native runs (BENCHMARKS.md).
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let lab = use_lab::<BenchLab>();
    let search = lab.search().clone();
    let run = {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| {
            lab.run(BenchTask {});
        })
    };
    let solve = |rules: &'static str, setup: &'static str| {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| {
            search.start(
                Task::Solve {
                    rules: rules.into(),
                    setup: setup.into(),
                    memory_mib: 768,
                    time_ms: 0,
                    value_only: true,
                    moves: vec![],
                    guess: None,
                },
                Purpose::Bench,
            );
        })
    };
    let stop = {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| search.stop())
    };
    let s = search.state();
    let rate = |nodes: u64, ms: f64| nodes as f64 / ms * 1000.0 / 1e6;
    let timed = |nodes: u64, ms: f64| {
        format!("{} nodes in {:.3} s = {:.2} M nodes/s", group(nodes.into()), ms / 1000.0, rate(nodes, ms))
    };
    html! {
        <main class="bench">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Engine benchmark"}</nav>
            <h1>{"Engine benchmark"}</h1>
            { super::link_faults(&props.params.faults) }
            <p>{format!(
                "Runs the same fixed workloads as the CLI's mancala-lab bench in the search worker: perft of Kalah(6,4) to depth {}, a search of its start position to depth {}, and a search of the Awari middlegame {} to depth {} with endgame databases to {} seeds at its leaves (built first, timed apart).",
                crate::labs::bench::PERFT_DEPTH, crate::labs::bench::SEARCH_DEPTH,
                crate::labs::bench::ENDGAME_SETUP, crate::labs::bench::ENDGAME_SEARCH_DEPTH, crate::labs::bench::ENDGAME_SEEDS
            )}</p>
            <div class="row">
                <button class="run-bench" onclick={run}>{"Run benchmark"}</button>
                <button class="solve-63" onclick={solve("kalah-6-3", "3.3.3.3.3.3-3.3.3.3.3.3-0.0-s")}>{"Solve Kalah(6,3)"}</button>
                <button class="solve-64" onclick={solve("kalah-6-4", "4.4.4.4.4.4-4.4.4.4.4.4-0.0-s")}>{"Solve Kalah(6,4)"}</button>
                <button class="solve-64e" onclick={solve("kalah-6-4-e", "4.4.4.4.4.4-4.4.4.4.4.4-0.0-s")}>{"Solve Kalah(6,4) empty capture"}</button>
                <button class="stop" onclick={stop} disabled={!s.running}>{"Stop"}</button>
            </div>
            <p class="help">{"The solves use the page's default 768 MiB budget and one worker; they report the value of the start position only. Starting another run, or Stop, ends the one running."}</p>
            if s.running {
                <p class="running" aria-live="polite">{ if s.target.0.is_empty() { "Running the benchmark…".to_string() } else { format!("Solving {}…", s.target.0) } }</p>
            } else if !s.finished && s.id > 0 && s.error.is_none() {
                <p class="stopped">{"Stopped."}</p>
            }
            if s.running && lab.answer().is_none() {
                <p class="solve-progress">{format!("{} nodes, {:.1} s", group(s.nodes.into()), s.elapsed_ms / 1000.0)}</p>
            }
            if let (false, Some(a)) = (s.running, s.analysis.as_ref()) {
                <p class="solve-result">{format!(
                    "{}: value {:+}, {} nodes in {:.1} s, {:.2} M nodes/s, {} MiB",
                    s.target.0, a.value, group(a.nodes.into()), s.elapsed_ms / 1000.0, rate(a.nodes, s.elapsed_ms), s.memory_bytes >> 20
                )}</p>
            }
            if let Some(BenchFigures { perft_nodes, perft_ms, search_nodes, search_ms, endgame_nodes, endgame_ms, endgame_db_ms, tchoukaillon_pits, tchoukaillon_ms, s_of_n_10k_ms, s_of_n_100k_ms }) = &lab.answer() {
                <dl class="bench-results">
                    <dt>{"perft"}</dt>
                    <dd class="perft-result">{timed(*perft_nodes, *perft_ms)}</dd>
                    <dt>{"search"}</dt>
                    <dd class="search-result">{timed(*search_nodes, *search_ms)}</dd>
                    <dt>{"search with endgame databases"}</dt>
                    <dd class="endgame-search-result">{format!("{} (databases built in {:.3} s)", timed(*endgame_nodes, *endgame_ms), endgame_db_ms / 1000.0)}</dd>
                    <dt>{"Tchoukaillon"}</dt>
                    <dd class="tchoukaillon-result">{format!(
                        "the winning position for 10¹² seeds, all {} pits, in {:.1} ms; s(n) for n ≤ 10⁴ in {:.1} ms, for n ≤ 10⁵ in {:.1} ms",
                        group((*tchoukaillon_pits).into()), tchoukaillon_ms, s_of_n_10k_ms, s_of_n_100k_ms
                    )}</dd>
                </dl>
            }
            if let Some(e) = &s.error { <p class="error">{e.clone()}</p> }
        </main>
    }
}

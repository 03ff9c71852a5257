//! The root component: hash routing (so any static host works) and the home page.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::Board;
use super::client::{use_search, Purpose};
use super::group;
use super::play::PlayPage;
use super::protocol::{LabReply, LabTask, Task};
use super::route::Route;
use crate::families::AnyRules;

fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The app.
#[function_component(App)]
pub fn app() -> Html {
    let route = use_state(|| current_hash().parse::<Route>().unwrap_or(Route::Home));
    let nav = use_state(|| 0u32);
    {
        let route = route.clone();
        let nav = nav.clone();
        use_effect_with((), move |_| {
            // The page's path (the hash before its query): a new page opens at its top, while a
            // page that only changes its query (a lab's input, a game's moves) keeps its place.
            let path = |h: &str| h.split('?').next().unwrap_or("").trim_end_matches('/').to_string();
            let mut last = path(&current_hash());
            let cb = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                let hash = current_hash();
                route.set(hash.parse::<Route>().unwrap_or(Route::Home));
                nav.set(*nav + 1);
                let now = path(&hash);
                if now != last {
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                    last = now;
                }
            });
            let w = web_sys::window().expect("a window");
            let _ = w.add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
            move || {
                let _ = w.remove_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
                drop(cb);
            }
        });
    }
    let body = match &*route {
        Route::Home => html! { <Home /> },
        Route::Play(q) => html! { <PlayPage query={AttrValue::from(q.clone())} nav={*nav} /> },
        Route::Bench => html! { <BenchPage /> },
        Route::SolvedKalah => html! { <super::labs::SolvedKalahPage /> },
        Route::Dooley => html! { <super::labs::DooleyPage /> },
        Route::Dakon(q) => html! { <super::dakon_lab::DakonLabPage query={AttrValue::from(q.clone())} /> },
        Route::Erickson => html! { <super::erickson_lab::EricksonLabPage /> },
        Route::Ayo(q) => html! { <super::ayo_lab::AyoLabPage query={AttrValue::from(q.clone())} /> },
        Route::Hanoi(q) => html! { <super::hanoi_lab::HanoiLabPage query={AttrValue::from(q.clone())} /> },
        Route::Tchoukaillon(q) => {
            html! { <super::tchoukaillon_lab::TchoukaillonLabPage query={AttrValue::from(q.clone())} /> }
        }
        Route::NotFound(p) => html! {
            <main class="not-found">
                <p role="alert">{format!("There is no page '{p}' here. ")}<a href="#/">{"Go to the games"}</a></p>
                <Home />
            </main>
        },
    };
    html! {
        <>
            <header class="top"><a href="#/" class="brand">{"Mancala Lab"}</a><span class="tag">{"play, study and solve sowing games"}</span></header>
            {body}
            <footer>{"Rules follow their published sources; each game's rules card names them."}</footer>
        </>
    }
}

/// The home page: the games, each with a picture of its board and its source.
#[function_component(Home)]
pub fn home() -> Html {
    html! {
        <main class="home">
            <h1>{"Mancala Lab"}</h1>
            <p class="lede">{"Play the sowing games of the mancala family against a friend or the computer, read their rules with their sources, and see the values the search finds."}</p>
            <ul class="games">
                { for AnyRules::presets().map(|p| {
                    let rules: AnyRules = p.id.parse().expect("presets are valid");
                    let start = rules.start();
                    html! {
                        <li class="game-card">
                            <a href={Route::rules(p.id).to_string()} class="game-link">
                                <Board position={start.clone()} shown={start.cells()} interactive={false} compact={true} />
                                <span class="game-name">{p.name}</span>
                            </a>
                            <span class="game-source">{p.source}</span>
                        </li>
                    }
                }) }
            </ul>
            <h2>{"Labs"}</h2>
            <ul class="labs">
                <li><a href={Route::SolvedKalah.to_string()}>{"Solved Kalah"}</a>{" — the exact value of every board size's start position and opening moves, solved in your browser."}</li>
                <li><a href={Route::Dakon(String::new()).to_string()}>{"Dakon's winning openings"}</a>{" — every first turn counted, the shortest and the human-like openings searched with proofs, and the Maldivian 93-move opening replayed."}</li>
                <li><a href={Route::Ayo("s=9".into()).to_string()}>{"Ayo = Tchoukaillon"}</a>{" — Broline & Loeb's Theorem 3 on two boards: a determined Ayo endgame played in lockstep with Tchoukaillon's winning line, and every candidate position checked on the Ayo engine (at most 21 stones on 12 pits)."}</li>
                <li><a href={Route::Tchoukaillon(String::new()).to_string()}>{"Tchoukaillon and 1/π"}</a>{" — Broline & Loeb's Figures 4–8 live: every winning position watchable harvest by harvest, the periods lcm(1, …, i+1) far past the paper's table, s(n) against n²/π to n = 2·10⁵ with its O(n) error band, and the winning position for any number of seeds below 2⁶⁴ with its occupancy picture."}</li>
                <li><a href={Route::Hanoi("n=6".into()).to_string()}>{"The Towers of Hanoi go to Africa"}</a>{" — Erickson's sowing puzzle: gather 1ⁿ into the last pot yourself, watch his two algorithms and a proven-shortest line, and see where his T(n) stops being optimal."}</li>
                <li><a href={Route::Erickson.to_string()}>{"Erickson's Sowing Games"}</a>{" — Conway's Sowing and Atomic Wari valued: Tables 1–5 recomputed beside the printed entries (six differ, each explained), Table 3 by exhaustive search, and the octal game .37 past a million values."}</li>
                <li><a href={Route::Dooley.to_string()}>{"Dooley's study"}</a>{" — 93,757 states of the one-pebble game: which rules give them, and the value of each opening."}</li>
                <li><a href={Route::Bench.to_string()}>{"Engine benchmark"}</a>{" — nodes per second and full solves of Kalah(6,3) and (6,4) in the worker."}</li>
            </ul>
        </main>
    }
}

/// The benchmark page: the CLI's `bench` workloads timed in the worker, for comparing the
/// browser with native runs (BENCHMARKS.md).
#[function_component(BenchPage)]
pub fn bench_page() -> Html {
    let search = use_search();
    let run = {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| {
            search.start(Task::Lab(LabTask::Bench), Purpose::Bench);
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
                <p class="running" aria-live="polite">{ if s.purpose == Purpose::Bench && s.target.0.is_empty() { "Running the benchmark…".to_string() } else { format!("Solving {}…", s.target.0) } }</p>
            } else if !s.finished && s.id > 0 && s.error.is_none() {
                <p class="stopped">{"Stopped."}</p>
            }
            if s.running && s.purpose == Purpose::Bench && !matches!(s.lab, Some(LabReply::Bench { .. })) {
                <p class="solve-progress">{format!("{} nodes, {:.1} s", group(s.nodes.into()), s.elapsed_ms / 1000.0)}</p>
            }
            if let (false, Some(a)) = (s.running, s.analysis.as_ref()) {
                <p class="solve-result">{format!(
                    "{}: value {:+}, {} nodes in {:.1} s, {:.2} M nodes/s, {} MiB",
                    s.target.0, a.value, group(a.nodes.into()), s.elapsed_ms / 1000.0, rate(a.nodes, s.elapsed_ms), s.memory_bytes >> 20
                )}</p>
            }
            if let Some(LabReply::Bench { perft_nodes, perft_ms, search_nodes, search_ms, endgame_nodes, endgame_ms, endgame_db_ms, tchoukaillon_pits, tchoukaillon_ms, s_of_n_10k_ms, s_of_n_100k_ms }) = &s.lab {
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

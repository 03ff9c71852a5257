//! The Solved Kalah lab's page: the value of the start
//! position and of every opening move for each board size, under both capture rules, solved on
//! demand (the exact solver, its root moves shared between workers) and cached in the browser.

use std::collections::{BTreeMap, VecDeque};

use yew::prelude::*;

use crate::families::{AnyMove, AnyRules};
use crate::labs::solved_kalah::{SolvedKalahLab, SolvedKalahParams, MEMORY_MIB, QUICK_SEEDS};
use crate::search::Analysis;
use crate::web::client::{auto_workers, use_search, Purpose, SearchHandle};
use crate::web::group;
use crate::web::route::Route;

/// The page's properties: its link.
pub type Props = super::LabProps<SolvedKalahParams>;

/// Browser cache of solved start positions, by rules id (the perfect player's book reads it).
use crate::web::book::START_PREFIX as CACHE_PREFIX;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn cached(rules: &str) -> Option<Analysis<AnyMove>> {
    let text = storage()?.get_item(&format!("{CACHE_PREFIX}{rules}")).ok()??;
    // A damaged or foreign entry is ignored (and recomputed), never trusted blindly.
    serde_json::from_str::<Analysis<AnyMove>>(&text).ok().filter(|a| a.exact && !a.moves.is_empty())
}

fn store(rules: &str, a: &Analysis<AnyMove>) {
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(a)) {
        let _ = s.set_item(&format!("{CACHE_PREFIX}{rules}"), &text);
    }
}

#[derive(Clone, PartialEq)]
struct Cell {
    rules: String,
    seeds_on_board: u32,
}

/// The "Solved Kalah" lab: the value of the start position and of every opening move for
/// each board size, under both capture rules, solved on demand and cached in the browser.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let search = use_search();
    let linked = props.params.params.clone();
    let max_pits = use_state(|| linked.pits);
    let max_seeds = use_state(|| linked.seeds);
    let empty = use_state(|| linked.empty);
    let results = use_state(|| {
        let mut m = BTreeMap::new();
        for n in 1..=12u32 {
            for s in 1..=12u32 {
                for suffix in ["", "-e"] {
                    let id = format!("kalah-{n}-{s}{suffix}");
                    if let Some(a) = cached(&id) {
                        m.insert(id, a);
                    }
                }
            }
        }
        m
    });
    let queue = use_mut_ref(VecDeque::<String>::new);
    let selected = use_state(|| linked.cell.clone());
    // The inputs and the cell chosen live in the link: a reload or a copied link keeps them.
    use_effect_with((*max_pits, *max_seeds, *empty, (*selected).clone()), |(pits, seeds, empty, cell)| {
        super::keep_in_link::<SolvedKalahLab>(SolvedKalahParams {
            pits: *pits,
            seeds: *seeds,
            empty: *empty,
            cell: cell.clone(),
        });
    });

    // When the worker finishes, keep the result, cache it, and start the next queued solve.
    {
        let results = results.clone();
        let queue = queue.clone();
        let search2 = search.clone();
        let s = search.state().clone();
        use_effect_with((s.id, s.finished, s.error.clone()), move |_| {
            if s.purpose != Purpose::Analysis || s.running {
                return;
            }
            if let (true, Some(a)) = (s.finished, &s.analysis) {
                if a.exact && !results.contains_key(&s.target.0) {
                    store(&s.target.0, a);
                    let mut m = (*results).clone();
                    m.insert(s.target.0.clone(), a.clone());
                    results.set(m);
                }
            }
            let next = queue.borrow_mut().pop_front();
            if let Some(id) = next {
                start_solve(&search2, &id);
            }
        });
    }

    let rule_suffix = if *empty { "-e" } else { "" };
    let cells: Vec<(u32, Vec<(u32, Cell)>)> = (1..=*max_pits)
        .map(|n| {
            (
                n,
                (1..=*max_seeds)
                    .map(|s| (s, Cell { rules: format!("kalah-{n}-{s}{rule_suffix}"), seeds_on_board: 2 * n * s }))
                    .collect(),
            )
        })
        .collect();
    let solve_all = {
        let queue = queue.clone();
        let search = search.clone();
        let results = results.clone();
        let ids: Vec<String> = cells
            .iter()
            .flat_map(|(_, row)| {
                row.iter().filter(|(_, c)| c.seeds_on_board <= QUICK_SEEDS).map(|(_, c)| c.rules.clone())
            })
            .collect();
        Callback::from(move |_: MouseEvent| {
            let mut q = queue.borrow_mut();
            q.clear();
            q.extend(ids.iter().filter(|id| !results.contains_key(*id)).cloned());
            let first = q.pop_front();
            drop(q);
            if let Some(id) = first {
                start_solve(&search, &id);
            }
        })
    };
    let stop = {
        let search = search.clone();
        let queue = queue.clone();
        Callback::from(move |_: MouseEvent| {
            queue.borrow_mut().clear();
            search.stop();
        })
    };
    let ss = search.state();
    let number_select = |value: u32, set: UseStateHandle<u32>, label: &'static str| {
        let onchange = Callback::from(move |e: Event| {
            let v = e
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
                .and_then(|s| s.value().parse().ok())
                .unwrap_or(6);
            set.set(v);
        });
        html! {
            <label>{label}
                <select {onchange}>{ for (1..=12u32).map(|k| html! { <option value={k.to_string()} selected={k == value}>{k}</option> }) }</select>
            </label>
        }
    };
    let toggle_rule = {
        let empty = empty.clone();
        Callback::from(move |_: Event| empty.set(!*empty))
    };
    html! {
        <main class="lab solved-kalah">
            <nav class="crumbs"><a href="#/">{"Mancala Lab"}</a>{" › Solved Kalah"}</nav>
            <h1>{"Solved Kalah"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"The value of the start position — the first player's final margin with perfect play by both — for each board size, computed on demand by the exact solver in this page's worker and kept in this browser. Click a cell for the value of every opening move and a link to the position."}</p>
            <div class="row controls">
                { number_select(*max_pits, max_pits.clone(), "Pits a side up to ") }
                { number_select(*max_seeds, max_seeds.clone(), "Seeds a pit up to ") }
                <label><input type="checkbox" checked={*empty} onchange={toggle_rule} />{" empty capture (Irving et al.)"}</label>
                <button class="solve-all" onclick={solve_all} disabled={ss.running}>{format!("Solve all up to {QUICK_SEEDS} seeds")}</button>
                <button class="stop" onclick={stop} disabled={!ss.running}>{"Stop"}</button>
            </div>
            if ss.running && ss.purpose == Purpose::Analysis {
                <p class="lab-progress" aria-live="polite">{format!("Solving {}: {} nodes, {:.1} s", ss.target.0, group(ss.nodes.into()), ss.elapsed_ms / 1000.0)}</p>
            }
            if let Some(e) = &ss.error { <p class="error">{e.clone()}</p> }
            <table class="solved-grid">
                <caption>{format!("First player's margin, {} capture; rows: pits a side, columns: seeds a pit", if *empty { "empty" } else { "standard" })}</caption>
                <thead><tr><th scope="col">{"pits \\ seeds"}</th>{ for (1..=*max_seeds).map(|s| html! { <th scope="col">{s}</th> }) }</tr></thead>
                <tbody>
                    { for cells.iter().map(|(n, row)| html! {
                        <tr>
                            <th scope="row">{*n}</th>
                            { for row.iter().map(|(_, c)| {
                                let id = c.rules.clone();
                                let value = results.get(&id).map(|a| format!("{:+}", a.value));
                                let running = ss.running && ss.target.0 == id;
                                let select = {
                                    let selected = selected.clone();
                                    let search = search.clone();
                                    let have = value.is_some();
                                    let id = id.clone();
                                    Callback::from(move |_: MouseEvent| {
                                        selected.set(Some(id.clone()));
                                        if !have && !search.state().running {
                                            start_solve(&search, &id);
                                        }
                                    })
                                };
                                html! {
                                    <td class={classes!("cell", value.is_none().then_some("unsolved"), (c.seeds_on_board > 48).then_some("big"))} data-rules={id.clone()}>
                                        <button onclick={select} title={format!("{id}: {} seeds", c.seeds_on_board)}>
                                            { if running { "…".to_string() } else { value.unwrap_or_else(|| "solve".into()) } }
                                        </button>
                                    </td>
                                }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            if let Some(id) = (*selected).clone() {
                { detail(&id, results.get(&id)) }
            }
            <p class="help">{"Cells with more than 48 seeds can take minutes or more; the solver's memory budget is 768 MiB. Results are cached in this browser (localStorage)."}</p>
        </main>
    }
}

fn start_solve(search: &SearchHandle, id: &str) {
    let Ok(rules) = id.parse::<AnyRules>() else { return };
    let start = rules.start();
    search.solve(&rules.to_string(), &start.to_string(), MEMORY_MIB, 0, auto_workers(), Purpose::Analysis);
}

fn detail(id: &str, a: Option<&Analysis<AnyMove>>) -> Html {
    let Ok(rules) = id.parse::<AnyRules>() else {
        return html! {};
    };
    let title = rules.title();
    html! {
        <section class="panel lab-detail" aria-live="polite">
            <h2>{title}</h2>
            { match a {
                Some(a) => html! {
                    <>
                        <p class="value">{ match a.value.number() {
                            0 => "With perfect play the game is a draw.".to_string(),
                            v if v > 0 => format!("With perfect play South, moving first, wins by {v}."),
                            v => format!("With perfect play North, moving second, wins by {}.", -v),
                        } }</p>
                        <ul class="move-values">
                            { for a.moves.iter().map(|m| html! {
                                <li><a href={Route::game(rules, &[m.mv]).to_string()}>{format!("{}: {}", m.mv, m.value)}</a></li>
                            }) }
                        </ul>
                        <p><a href={Route::game(rules, &[]).to_string()}>{"Play this game from the start"}</a>{format!(" — best line: {}", a.line_text())}</p>
                    </>
                },
                None => html! { <p>{"Not solved yet."}</p> },
            } }
        </section>
    }
}

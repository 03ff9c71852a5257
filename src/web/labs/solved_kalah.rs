//! The Solved Kalah lab's page: the value of the start position and of every opening move for each
//! board size, under both capture rules, solved on demand (the exact solver, its root moves shared
//! between workers) and cached in the browser.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

use yew::prelude::*;

use crate::families::{AnyMove, AnyRules};
use crate::labs::solved_kalah::{SolvedKalahLab, SolvedKalahParams, MEMORY_MIB};
use crate::search::Analysis;
use crate::web::client::{auto_workers, use_search, Purpose, SearchHandle};
use crate::web::model::labs::solved_kalah::{self as model, GridCell};

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

/// Every board of the grid solved in this browser before, by rules id.
fn load_cached() -> BTreeMap<String, Analysis<AnyMove>> {
    let mut m = BTreeMap::new();
    for id in model::every_id() {
        if let Some(a) = cached(&id) {
            m.insert(id, a);
        }
    }
    m
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
    let results = use_state(load_cached);
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

    let cells = model::grid(*max_pits, *max_seeds, *empty);
    let ss = search.state();
    let st = State { max_pits, max_seeds, empty, results, queue, selected };
    html! {
        <main class="lab solved-kalah">
            <nav class="crumbs"><a href="#/">{"Mancala Lab"}</a>{" › Solved Kalah"}</nav>
            <h1>{"Solved Kalah"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"The value of the start position — the first player's final margin with perfect play by both — for each board size, computed on demand by the exact solver in this page's worker and kept in this browser. Click a cell for the value of every opening move and a link to the position."}</p>
            { controls(&st, &cells, &search) }
            if ss.running && ss.purpose == Purpose::Analysis {
                <p class="lab-progress" aria-live="polite">{model::progress(&ss.target.0, ss.nodes, ss.elapsed_ms)}</p>
            }
            if let Some(e) = &ss.error { <p class="error">{e.clone()}</p> }
            { grid_table(&st, &cells, &search) }
            if let Some(id) = (*st.selected).clone() {
                { detail(&id, st.results.get(&id)) }
            }
            <p class="help">{"Cells with more than 48 seeds can take minutes or more; the solver's memory budget is 768 MiB. Results are cached in this browser (localStorage)."}</p>
        </main>
    }
}

/// The page's state: the grid's size and rule, the boards solved, those "Solve all" has
/// still to solve, and the board chosen.
struct State {
    max_pits: UseStateHandle<u32>,
    max_seeds: UseStateHandle<u32>,
    empty: UseStateHandle<bool>,
    results: UseStateHandle<BTreeMap<String, Analysis<AnyMove>>>,
    queue: Rc<RefCell<VecDeque<String>>>,
    selected: UseStateHandle<Option<String>>,
}

/// The grid's size and rule, "Solve all" (the `cells` of few seeds) and Stop.
fn controls(st: &State, cells: &[(u32, Vec<(u32, GridCell)>)], search: &SearchHandle) -> Html {
    let solve_all = {
        let (queue, search, results) = (st.queue.clone(), search.clone(), st.results.clone());
        let ids = model::quick_ids(cells);
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
        let queue = st.queue.clone();
        Callback::from(move |_: MouseEvent| {
            queue.borrow_mut().clear();
            search.stop();
        })
    };
    let toggle_rule = {
        let empty = st.empty.clone();
        Callback::from(move |_: Event| empty.set(!*empty))
    };
    let running = search.state().running;
    html! {
        <div class="row controls">
            { number_select(*st.max_pits, st.max_pits.clone(), "Pits a side up to ") }
            { number_select(*st.max_seeds, st.max_seeds.clone(), "Seeds a pit up to ") }
            <label><input type="checkbox" checked={*st.empty} onchange={toggle_rule} />{" empty capture (Irving et al.)"}</label>
            <button class="solve-all" onclick={solve_all} disabled={running}>{model::solve_all_label()}</button>
            <button class="stop" onclick={stop} disabled={!running}>{"Stop"}</button>
        </div>
    }
}

/// A choice of 1 to 12, labelled.
fn number_select(value: u32, set: UseStateHandle<u32>, label: &'static str) -> Html {
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
            <select {onchange}>{ for (1..=model::MOST).map(|k| html! { <option value={k.to_string()} selected={k == value}>{k}</option> }) }</select>
        </label>
    }
}

/// The grid of boards: each cell's value, or a button that solves it.
fn grid_table(st: &State, cells: &[(u32, Vec<(u32, GridCell)>)], search: &SearchHandle) -> Html {
    let ss = search.state();
    html! {
        <table class="solved-grid">
            <caption>{model::caption(*st.empty)}</caption>
            <thead><tr><th scope="col">{"pits \\ seeds"}</th>{ for (1..=*st.max_seeds).map(|s| html! { <th scope="col">{s}</th> }) }</tr></thead>
            <tbody>
                { for cells.iter().map(|(n, row)| html! {
                    <tr>
                        <th scope="row">{*n}</th>
                        { for row.iter().map(|(_, c)| {
                            let id = c.rules.clone();
                            let v = model::cell_view(c, st.results.get(&id), ss.running && ss.target.0 == id);
                            let select = {
                                let selected = st.selected.clone();
                                let search = search.clone();
                                let have = v.value.is_some();
                                let id = id.clone();
                                Callback::from(move |_: MouseEvent| {
                                    selected.set(Some(id.clone()));
                                    if !have && !search.state().running {
                                        start_solve(&search, &id);
                                    }
                                })
                            };
                            html! {
                                <td class={classes!("cell", v.unsolved.then_some("unsolved"), v.big.then_some("big"))} data-rules={id.clone()}>
                                    <button onclick={select} title={v.title}>{v.text}</button>
                                </td>
                            }
                        }) }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

fn start_solve(search: &SearchHandle, id: &str) {
    let Ok(rules) = id.parse::<AnyRules>() else { return };
    let start = rules.start();
    search.solve(&rules.to_string(), &start.to_string(), MEMORY_MIB, 0, auto_workers(), Purpose::Analysis);
}

fn detail(id: &str, a: Option<&Analysis<AnyMove>>) -> Html {
    let Some(d) = model::detail(id, a) else {
        return html! {};
    };
    html! {
        <section class="panel lab-detail" aria-live="polite">
            <h2>{d.title}</h2>
            { match d.solved {
                Some(s) => html! {
                    <>
                        <p class="value">{s.verdict}</p>
                        <ul class="move-values">
                            { for s.moves.into_iter().map(|(href, text)| html! {
                                <li><a {href}>{text}</a></li>
                            }) }
                        </ul>
                        <p><a href={s.start}>{"Play this game from the start"}</a>{s.best_line}</p>
                    </>
                },
                None => html! { <p>{"Not solved yet."}</p> },
            } }
        </section>
    }
}

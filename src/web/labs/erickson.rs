//! The Erickson lab: "Sowing Games" recomputed in the worker — Tables 1–5 beside the printed
//! entries with the disagreements explained, the example 312, Theorems 2.2–2.5, the followers
//! of 1ⁿ, Table 3's exhaustive search, and the octal game .37.

use yew::prelude::*;

use super::{use_kept, Kept};

use crate::labs::erickson::{
    EricksonAnswer, EricksonLab, EricksonParams, EricksonProgress, EricksonTask, OctalSummary, PrintedTable, Report,
    Table3Search, MAX_SEARCH_SEEDS,
};
use crate::web::group;
use crate::web::model::labs::erickson::{self as model, anchor, play_link, PLOT, SECTIONS};
use crate::web::route::Route;
use crate::web::use_lab::{use_lab, LabHandle};

/// The page's properties: its link.
pub type Props = super::LabProps<EricksonParams>;

/// A handle on the lab's work (the page runs three at once, one worker each).
type Handle = LabHandle<EricksonLab>;

/// The answer of a task: the hook's latest (kept under `key` while the app is open), else
/// the one kept from before, unless a new one is under way.
fn answer(s: &Handle, kept: &Kept, key: &'static str) -> Option<EricksonAnswer> {
    if s.running() {
        return None;
    }
    match s.answer() {
        Some(r) => {
            kept.set(key, r.clone());
            Some(r)
        }
        _ if s.error().is_some() => None,
        _ => kept.get(key),
    }
}

/// The browser's copy of Tables 1–5 recomputed (localStorage), so that a visit does not
/// recompute them (about 20 s): the key names the computation's version.
const TABLES_CACHE: &str = "mancala-lab:erickson-tables:1";

fn cached_tables() -> Option<EricksonAnswer> {
    let storage = web_sys::window()?.local_storage().ok()??;
    let text = storage.get_item(TABLES_CACHE).ok()??;
    // A damaged or foreign entry is ignored (and recomputed), never trusted blindly.
    serde_json::from_str::<EricksonAnswer>(&text).ok().filter(|a| matches!(a, EricksonAnswer::Tables { .. }))
}

fn store_tables(a: &EricksonAnswer) {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    if let (Some(s), Ok(text)) = (storage, serde_json::to_string(a)) {
        let _ = s.set_item(TABLES_CACHE, &text);
    }
}

/// The stage under way and its count, while a task runs.
fn progress(s: &Handle) -> Option<(String, u64)> {
    match (s.progress(), s.running()) {
        (Some(EricksonProgress { stage, count }), true) => Some((stage, count)),
        _ => None,
    }
}

fn run(s: &Handle, task: EricksonTask) {
    s.run(task);
}

fn input_value(e: &Event) -> Option<String> {
    let t = e.target()?;
    if let Ok(i) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t.clone()) {
        return Some(i.value());
    }
    wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok().map(|s| s.value())
}

/// `#/lab/erickson`.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    // The tables kept in this browser, before the first render's effect would recompute them.
    let kept = use_kept();
    if kept.get::<EricksonAnswer>("tables").is_none() {
        if let Some(a) = cached_tables() {
            kept.set("tables", a);
        }
    }
    let tables = use_lab::<EricksonLab>();
    let search = use_lab::<EricksonLab>();
    let octal = use_lab::<EricksonLab>();
    {
        let (tables, kept) = (tables.clone(), kept.clone());
        use_effect_with((), move |_| {
            if kept.get::<EricksonAnswer>("tables").is_none() {
                run(&tables, EricksonTask::Tables);
            }
        });
    }
    let linked = props.params.params.clone();
    let seeds = use_state(|| linked.seeds);
    let heaps = use_state(|| linked.n);
    let heaps_text = use_state(|| linked.n.to_string());
    let heaps_error = use_state(|| None::<String>);
    let inputs = Inputs { seeds, heaps, heaps_text, heaps_error };

    // A fresh answer is kept in the browser for the next visit.
    let fresh = tables.answer().filter(|_| !tables.running());
    {
        let fresh = fresh.clone();
        use_effect_with(fresh.is_some(), move |_| {
            if let Some(a) = &fresh {
                store_tables(a);
            }
        });
    }
    let tables_view = tables_view(&tables, &kept, fresh.is_none());
    let search_view = search_section(&search, &kept, &inputs);
    let octal_view = octal_section(&octal, &kept, &inputs);

    html! {
        <main class="lab erickson">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Erickson's Sowing Games"}</nav>
            <h1>{"Erickson's \"Sowing Games\" recomputed"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"Jeff Erickson's paper (Games of No Chance, 1996) valued Conway's Sowing and his Atomic Wari with Wolfe's toolkit. Here every table is recomputed in your browser's worker by Mancala Lab's own game-theory engine and set beside the printed entry: where they differ, the row is marked and the likely cause given. Each row's position is a link that opens it on the board."}</p>
            <nav class="lab-contents" aria-label="Sections">
                { for SECTIONS.iter().map(|(id, name)| html! { <a href={format!("#{id}")} onclick={scroll_to(id.to_string())}>{*name}</a> }) }
            </nav>
            {tables_view}
            {search_view}
            {octal_view}
        </main>
    }
}

/// The page's inputs: the search's seeds and .37's heap sizes (as typed, and why not read).
struct Inputs {
    seeds: UseStateHandle<u32>,
    heaps: UseStateHandle<usize>,
    heaps_text: UseStateHandle<String>,
    heaps_error: UseStateHandle<Option<String>>,
}

/// Tables 1–5 recomputed (kept from an earlier visit when `cached`), or their progress.
fn tables_view(tables: &Handle, kept: &Kept, cached: bool) -> Html {
    let recompute = {
        let tables = tables.clone();
        Callback::from(move |_: MouseEvent| run(&tables, EricksonTask::Tables))
    };
    match (answer(tables, kept, "tables"), progress(tables), &tables.error()) {
        (Some(EricksonAnswer::Tables { report, stages }), _, _) => html! {
            <>
                <p>
                    if cached {
                        <span class="cached">{"Recomputed in this browser on an earlier visit (kept in localStorage). "}</span>
                    }
                    <button class="recompute" onclick={recompute}>{"Recompute"}</button>
                </p>
                {report_view(&report, &stages)}
            </>
        },
        (_, _, Some(e)) => html! { <p class="error" role="alert">{e.clone()}</p> },
        (_, Some((stage, _)), _) => html! {
            <p class="progress" aria-live="polite">{model::tables_progress(&stage, tables.elapsed_ms())}</p>
        },
        _ => html! { <p class="progress" aria-live="polite">{"Starting the worker…"}</p> },
    }
}

/// Table 3's exhaustive search: its seeds, Search and Stop, and its answer or progress.
fn search_section(search: &Handle, kept: &Kept, inputs: &Inputs) -> Html {
    let seeds = &inputs.seeds;
    let start_search = {
        let (search, seeds) = (search.clone(), seeds.clone());
        Callback::from(move |_: MouseEvent| {
            run(&search, EricksonTask::Search { max_seeds: *seeds, max_pots: 7, max_seeds_long: 13 });
        })
    };
    let choose_seeds = {
        let (seeds, heaps) = (seeds.clone(), inputs.heaps.clone());
        Callback::from(move |e: Event| {
            if let Some(n) = input_value(&e).and_then(|v| v.parse().ok()) {
                seeds.set(n);
                super::keep_in_link::<EricksonLab>(EricksonParams { seeds: n, n: *heaps });
            }
        })
    };
    let stop_search = {
        let search = search.clone();
        Callback::from(move |_: MouseEvent| search.stop())
    };
    let search_view = match (answer(search, kept, "search"), progress(search), &search.error()) {
        (Some(EricksonAnswer::Search { search: s }), _, _) => search_table(&s),
        (_, _, Some(e)) => html! { <p class="error" role="alert">{e.clone()}</p> },
        (_, Some((stage, rows)), _) => html! {
            <p class="progress" aria-live="polite">{model::search_progress(&stage, rows, search.elapsed_ms())}</p>
        },
        _ if search.running() => html! { <p class="progress" aria-live="polite">{"Searching…"}</p> },
        _ => html! {},
    };
    html! {
        <section class="table3-search" id="erickson-search">
            <h2>{"Table 3 by exhaustive search"}</h2>
            <p>{"Every row of at most the chosen number of seeds (rows split by a long enough run of empty pots are sums of smaller rows, and are skipped), then every plain row of up to 7 pots and the 8-pot rows of up to 13 seeds: the simplest row of each nim-value, with the fewest seeds and with the fewest pots. A position counts only if it has a move (the paper's simplest 0 is 102)."}</p>
            <label>{"Seeds "}
                <select class="search-seeds" onchange={choose_seeds}>
                    { for (5..=MAX_SEARCH_SEEDS).map(|n| html! { <option value={n.to_string()} selected={n == **seeds}>{model::seeds_option(n)}</option> }) }
                </select>
            </label>
            <button class="start search-start" onclick={start_search} disabled={search.running()}>{"Search"}</button>
            if search.running() { <button class="stop" onclick={stop_search}>{"Stop"}</button> }
            {search_view}
        </section>
    }
}

/// The octal game .37: the heap sizes, Compute and Stop, and its answer or progress.
fn octal_section(octal: &Handle, kept: &Kept, inputs: &Inputs) -> Html {
    let start_octal = {
        let (octal, heaps) = (octal.clone(), inputs.heaps.clone());
        Callback::from(move |_: MouseEvent| run(&octal, EricksonTask::Octal { code: ".37".into(), n: *heaps }))
    };
    let type_heaps = {
        let (heaps, text, err, seeds) =
            (inputs.heaps.clone(), inputs.heaps_text.clone(), inputs.heaps_error.clone(), inputs.seeds.clone());
        Callback::from(move |e: InputEvent| {
            let Some(t) = e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
            else {
                return;
            };
            let v = t.value();
            match model::read_heaps(&v) {
                Ok(n) => {
                    heaps.set(n);
                    err.set(None);
                    super::keep_in_link::<EricksonLab>(EricksonParams { seeds: *seeds, n });
                }
                Err(e) => err.set(Some(e)),
            }
            text.set(v);
        })
    };
    let stop_octal = {
        let octal = octal.clone();
        Callback::from(move |_: MouseEvent| octal.stop())
    };
    let octal_view = match (answer(octal, kept, "octal"), progress(octal), &octal.error()) {
        (Some(EricksonAnswer::Octal { summary }), _, _) => octal_view(&summary),
        (_, _, Some(e)) => html! { <p class="error" role="alert">{e.clone()}</p> },
        (_, Some((_, k)), _) => html! {
            <p class="progress" aria-live="polite">{model::octal_progress(k, octal.elapsed_ms())}</p>
        },
        _ if octal.running() => html! { <p class="progress" aria-live="polite">{"Computing…"}</p> },
        _ => html! {},
    };
    let heaps_error = &*inputs.heaps_error;
    html! {
        <section class="octal" id="erickson-octal">
            <h2>{"The octal game .37 (sparse Atomic Wari)"}</h2>
            <p>{"Theorem 3.1: a sparse Atomic Wari row (no pot above 2) is a sum of heaps of .37, one a run of 2s: take 1 leaving zero or one heap, or take 2 leaving zero, one or two heaps. Its nim-values G(n), computed by the sparse-space method (the values split into common and rare by a parity mask; only the rare ones are tried against every split)."}</p>
            <label>{"Heap sizes up to "}
                <input class="octal-n" type="text" inputmode="numeric" value={(*inputs.heaps_text).clone()} oninput={type_heaps} aria-invalid={heaps_error.is_some().to_string()} />
            </label>
            <button class="start octal-start" onclick={start_octal} disabled={octal.running() || heaps_error.is_some()}>{"Compute"}</button>
            if octal.running() { <button class="stop" onclick={stop_octal}>{"Stop"}</button> }
            if let Some(e) = heaps_error { <p class="error" role="alert">{e.clone()}</p> }
            {octal_view}
        </section>
    }
}

fn report_view(r: &Report, stages: &[(String, f64)]) -> Html {
    html! {
        <>
            <p class="verdict">{model::report_verdict(r, stages)}</p>
            <ul class="disagreements">
                { for model::disagreements(r).into_iter().map(|d| html! {
                    <li><a href={format!("#{}", d.anchor)} onclick={scroll_to(d.anchor.clone())}>{d.label}</a>
                        {d.values}
                        if let Some(note) = d.note { {note} }
                    </li>
                }) }
            </ul>
            { for r.tables.iter().map(table_view) }
            <section class="theorems" id="erickson-theorems">
                <h2>{"Theorems 2.2–2.5"}</h2>
                <ul>
                    { for r.theorems.iter().map(|th| html! {
                        <li class={classes!(if th.failures.is_empty() { "holds" } else { "fails" })}>
                            <b>{th.name.clone()}</b>{format!(" {}: ", th.statement)}
                            { model::theorem_text(th) }
                        </li>
                    }) }
                </ul>
                <p>{ model::classification_text(r) }</p>
            </section>
            <section class="hanoi" id="erickson-hanoi">
                <h2>{"The Towers of Hanoi remark: followers of 1ⁿ"}</h2>
                <p>{"Erickson's recursion moves every seed of 1ⁿ into the last pot in 2ⁿ⁻¹ − 1 moves, so 1ⁿ has at least that many followers. The true counts (every row reachable by either player's moves, empty ends dropped):"}</p>
                <table class="hanoi-counts">
                    <thead><tr><th>{"n"}</th><th>{"followers of 1ⁿ"}</th><th>{"2ⁿ⁻¹ − 1"}</th></tr></thead>
                    <tbody>
                        { for r.hanoi.iter().map(|h| html! {
                            <tr><td>{h.n}</td><td>{group(h.followers.into())}</td><td>{group(h.bound.into())}</td></tr>
                        }) }
                    </tbody>
                </table>
            </section>
        </>
    }
}

/// Scrolls to an element by id (the page's address is its route: no fragment jumps).
fn scroll_to(id: String) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&id)) {
            el.scroll_into_view();
        }
    })
}

fn table_view(t: &PrintedTable) -> Html {
    html! {
        <section class="erickson-table" id={anchor(&t.name)}>
            <h2>{model::table_heading(t)}</h2>
            <div class="scroll-x"><table>
                <thead><tr><th>{if t.name == "312" { "rules" } else { "row" }}</th><th>{"printed"}</th><th>{"ours"}</th><th></th></tr></thead>
                <tbody>
                    { for t.entries.iter().map(|e| html! {
                        <>
                            <tr class={classes!(if e.agrees { "agrees" } else { "differs" })}>
                                <td><a href={model::entry_link(t, e)} title={e.source.clone()}>{e.paper_row.clone()}</a></td>
                                <td class="printed" title={e.printed.clone()}>{e.printed_paper.clone()}</td>
                                <td class="ours">{e.ours_paper.clone()}</td>
                                <td class="mark">{if e.agrees { "✓" } else { "≠" }}</td>
                            </tr>
                            if !e.note.is_empty() {
                                <tr class={classes!("note", (!e.agrees).then_some("differs"))}><td colspan="4">{e.note.clone()}</td></tr>
                            }
                        </>
                    }) }
                </tbody>
            </table></div>
        </section>
    }
}

fn search_table(s: &Table3Search) -> Html {
    let cell = |row: &Option<String>| match row {
        Some(r) => html! { <a href={play_link("sowing-i", r)}>{r.clone()}</a> },
        None => html! { {"none"} },
    };
    html! {
        <>
            <p class="verdict">{model::search_verdict(s)}</p>
            <div class="scroll-x"><table class="search-results">
                <thead><tr><th>{"value"}</th><th>{format!("fewest seeds (≤ {})", s.max_seeds)}</th><th>{"printed"}</th><th>{"fewest pots"}</th><th>{"printed"}</th></tr></thead>
                <tbody>
                    { for s.simplest.iter().map(|v| {
                        let (ps, pp) = v.printed.clone().unzip();
                        let (a, b) = v.agrees.unwrap_or((true, true));
                        html! {
                            <tr>
                                <td>{model::nim_name(v.value)}</td>
                                <td class={classes!((!a).then_some("differs"))}>{cell(&v.fewest_seeds)}</td>
                                <td>{ps.unwrap_or_default()}</td>
                                <td class={classes!((!b).then_some("differs"))}>{cell(&v.fewest_pots)}</td>
                                <td>{pp.unwrap_or_default()}</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table></div>
            <p class="help">{"Marked: the printed row does not have the value (a misprint), or ours is simpler (fewer seeds, or fewer pots), or the search found none although the printed row is within its limits. Where ours has as many seeds or pots but is another row, both are simplest. A printed row of the right value beyond the search's limits is not marked."}</p>
            if s.max_seeds >= 9 {
                <p class="help">{"With 9 seeds the search meets no ∗9 at all: the printed 11111122 is ∗3, and no row of 9 seeds or fewer is ∗9 (a row that splits is a sum, and ∗9 = ∗8 + ∗ needs 11 seeds)."}</p>
            }
        </>
    }
}

fn octal_view(s: &OctalSummary) -> Html {
    let (w, h) = PLOT;
    let model::OctalPlot { low, mean, high, each } = model::octal_plot(s);
    html! {
        <div class="octal-result">
            <p class="verdict">{model::octal_verdict(s)}</p>
            if let Some(text) = model::officers_text(s) {
                <p>{text}</p>
            }
            <figure>
                <svg class="octal-plot" viewBox={format!("0 0 {w} {h}")} role="img" aria-label={format!("G(n) for n up to {}: least, mean and largest value of {}", s.n, each)}>
                    <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="frame" />
                    <path class="high" d={high} />
                    <path class="mean" d={mean} />
                    <path class="low" d={low} />
                    <text x="4" y="14">{format!("{}", s.largest)}</text>
                    <text x="4" y={format!("{}", h - 2.0)}>{"0"}</text>
                    <text x={format!("{}", w - 4.0)} y={format!("{}", h - 2.0)} text-anchor="end">{format!("n = {}", group(s.n as u128))}</text>
                </svg>
                <figcaption>{format!("G(n): the largest (top), mean (middle) and least (bottom) value of {each}.")}</figcaption>
            </figure>
            <p>{format!("G(0..39): {}", s.first.iter().map(u16::to_string).collect::<Vec<_>>().join(" "))}</p>
            <details>
                <summary>{format!("The first {} rare values (heap size: value)", s.rare_first.len())}</summary>
                <p class="rare">{s.rare_first.iter().map(|(n, v)| format!("{n}:\u{a0}{v}")).collect::<Vec<_>>().join(", ")}</p>
            </details>
        </div>
    }
}

//! Erickson's open questions as searches anyone can run: one search at a time in the worker,
//! with its inputs in the link (a shared link runs it again), progress and Stop, and every
//! answer saying exactly what it searched, so that "none found" is a result. Rows found open
//! on the board.

use yew::prelude::*;

use crate::labs::questions::{
    AtomicWeights, DomineeringRow, Followers, QuestionsAnswer, QuestionsLab, QuestionsParams, QuestionsProgress,
    Separation, Tool, ValueFamilies, ValueSearch, TOOLS,
};
use crate::web::group;
use crate::web::model::labs::questions::{self as model, clamped, searched, task_of, FamilyRow, Form, Status};
use crate::web::route::Route;
use crate::web::use_lab::{use_lab, LabHandle};

/// The page's properties: its link.
pub type Props = super::LabProps<QuestionsParams>;

fn row_cell(game: &str, row: &str) -> Html {
    match model::play_link(game, row) {
        Some(href) => {
            html! { <a class="row-link" {href} title="open it on the board"><code>{row.to_string()}</code></a> }
        }
        None => html! { <code>{row.to_string()}</code> },
    }
}

/// The page's state that its tabs and buttons change.
#[derive(Clone)]
struct Handles {
    lab: LabHandle<QuestionsLab>,
    /// The inputs.
    params: UseStateHandle<QuestionsParams>,
    /// Where a search was stopped (its last progress), until the next search.
    stopped: UseStateHandle<Option<Option<QuestionsProgress>>>,
    /// A link's limits past what the page searches for its tool, said once.
    cut: UseStateHandle<Option<String>>,
}

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let linked = props.params.params.clone();
    let lab = use_lab::<QuestionsLab>();
    let params = use_state(|| clamped(&linked).0);
    // Where a search was stopped (its last progress), until the next search.
    let stopped = use_state(|| None::<Option<QuestionsProgress>>);
    // A link's limits past what the page searches for its tool, said once.
    let cut = use_state(|| None::<String>);
    // A link (opened, or a search's tab followed) sets the inputs; one that names a search
    // runs it (its limits are in the link, cut to the page's).
    {
        let (lab, params, stopped, cut) = (lab.clone(), params.clone(), stopped.clone(), cut.clone());
        use_effect_with(linked.clone(), move |linked| {
            let (p, note) = clamped(linked);
            params.set(p.clone());
            cut.set(note);
            stopped.set(None);
            if p.named {
                lab.run(task_of(&p));
            }
        });
    }
    let p = (*params).clone();
    let form = model::form(&p);
    let status = match model::status(lab.running(), lab.progress(), lab.error(), lab.elapsed_ms()) {
        Status::Progress(text) => html! { <p class="progress" aria-live="polite">{text}</p> },
        Status::Error(e) => html! { <p class="error" role="alert">{e}</p> },
        Status::Quiet => html! {},
    };
    // The last answer, if it is this tab's search's.
    let answer = model::shown_answer(lab.answer(), lab.running(), stopped.is_some(), p.tool);
    let stopped_view = match model::stopped_note(stopped.as_ref(), lab.running()) {
        Some(text) => html! { <p class="stopped" role="status">{text}</p> },
        None => html! {},
    };
    let h = Handles { lab, params, stopped, cut: cut.clone() };
    html! {
        <main class="lab questions">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Erickson's open questions"}</nav>
            <h1>{"Erickson's open questions"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"\"Sowing Games\" (Games of No Chance, 1996) ends its sections with questions nobody has answered. Each search here is exhaustive within limits it states — every row of so many seeds and pots — so that \"none found\" is a result too. It runs in your browser's worker; the same searches run natively, further, with "}<code>{"mancala-lab search"}</code>{"."}</p>
            { tabs(&h, p.tool) }
            <section class="question">
                <h2>{form.title}</h2>
                <blockquote>{form.asked}</blockquote>
                <p>{form.what}</p>
                { search_form(&h, &p, &form) }
                if let Some(e) = &form.game_error { <p class="error" role="alert">{e.clone()}</p> }
                if let Some(note) = &*cut { <p class="notice" role="status">{note.clone()}</p> }
                {status}
                {stopped_view}
                { answer.map(|a| answer_view(&a)).unwrap_or_default() }
            </section>
            { findings() }
        </main>
    }
}

/// The searches' tabs.
fn tabs(h: &Handles, tool: Tool) -> Html {
    html! {
        <nav class="lab-contents tools" aria-label="Searches">
            { for TOOLS.iter().map(|&(t, _, name)| {
                // A tab shows its search's form (the inputs carried, cut to its limits) and
                // writes it into the link; the search runs when asked.
                let next = clamped(&QuestionsParams { tool: t, named: false, ..(*h.params).clone() }).0;
                let href = Route::lab::<QuestionsLab>(next.clone()).to_string();
                let Handles { lab, params, stopped, cut } = h.clone();
                let onclick = Callback::from(move |e: MouseEvent| {
                    e.prevent_default();
                    if lab.running() {
                        lab.stop();
                    }
                    super::keep_in_link::<QuestionsLab>(next.clone());
                    stopped.set(None);
                    cut.set(None);
                    params.set(next.clone());
                });
                html! { <a {href} {onclick} class={classes!((t == tool).then_some("current"))} aria-current={(t == tool).then_some("page")}>{name}</a> }
            }) }
        </nav>
    }
}

/// The search's inputs, Search and Stop.
fn search_form(h: &Handles, p: &QuestionsParams, form: &Form) -> Html {
    let run = {
        let Handles { lab, params, stopped, cut } = h.clone();
        Callback::from(move |_: MouseEvent| {
            let p = QuestionsParams { named: true, ..(*params).clone() };
            super::keep_in_link::<QuestionsLab>(p.clone());
            stopped.set(None);
            cut.set(None);
            lab.run(task_of(&p));
        })
    };
    let stop = {
        let (lab, stopped) = (h.lab.clone(), h.stopped.clone());
        Callback::from(move |_: MouseEvent| {
            stopped.set(Some(lab.progress()));
            lab.stop();
        })
    };
    let set = |f: fn(&mut QuestionsParams, String)| {
        let params = h.params.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            let mut p = (*params).clone();
            f(&mut p, v);
            params.set(p);
        })
    };
    let on_game = set(|p, v| p.game = v);
    let on_seeds = set(|p, v| p.seeds = v.parse().unwrap_or(p.seeds));
    let on_pots = set(|p, v| p.pots = v.parse().unwrap_or(p.pots));
    let on_full = set(|p, v| p.full = v == "1");
    let on_value = {
        let params = h.params.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            params.set(QuestionsParams { value: v, ..(*params).clone() });
        })
    };
    let running = h.lab.running();
    let most = form.most;
    html! {
        <div class="search-form">
            if form.shows_game {
                <label>{"Game "}
                    <select class="q-game" onchange={on_game} aria-invalid={(!form.game_ok).to_string()}>
                        { for form.games.iter().map(|&g| html! { <option value={g} selected={g == p.game}>{g}</option> }) }
                    </select>
                </label>
            }
            if form.shows_value {
                <label>{"Value "}
                    <input class="q-value" type="text" value={p.value.clone()} oninput={on_value} spellcheck="false" autocomplete="off" />
                </label>
            }
            if form.shows_full {
                <label>{"Run of "}
                    <select class="q-full" onchange={on_full}>
                        <option value="0" selected={!p.full}>{"empty pots"}</option>
                        <option value="1" selected={p.full}>{"full pots (•)"}</option>
                    </select>
                </label>
            }
            if form.shows_limits {
                <label>{"Most seeds "}
                    <select class="q-seeds" onchange={on_seeds}>
                        { for (1..=most).map(|n| html! { <option key={n} value={n.to_string()} selected={n == p.seeds}>{n}</option> }) }
                    </select>
                </label>
                <label>{"Most pots "}
                    <select class="q-pots" onchange={on_pots}>
                        { for (1..=most).map(|n| html! { <option key={n} value={n.to_string()} selected={n == p.pots}>{n}</option> }) }
                    </select>
                </label>
            }
            <button class="start q-run" onclick={run} disabled={form.search_disabled(running)}>{"Search"}</button>
            if running { <button class="stop" onclick={stop}>{"Stop"}</button> }
        </div>
    }
}

/// What the searches have found, said once.
fn findings() -> Html {
    html! {
        <section class="findings">
            <h2>{"What these searches have found"}</h2>
            <ul>
                <li>{"Atomic Wari has non-integer and non-numeric atomic weights (§3's question): 1332 weighs −1/2 and 2331 weighs 1/2, the smallest of 9 seeds; 40304 weighs *, the smallest of 11 seeds. Every row of at most 12 seeds and 12 pots (1,352,078 rows, natively): weights −3 to 3, ±1/2 (1,473 rows each) and * (49 rows), nothing else. The weights add up as they must (1332 + 1332 weighs −1, 40304 + 40304 weighs 0)."}</li>
                <li>{"Sowing's proven split — a run of empty pots, or of full pots, as long as the larger part's seeds — is also the least run that works, for every pair of parts of up to 4 seeds (measured). Atomic Wari needs less (0, 1, 2 and 4 for parts of 1 to 4 seeds; measured, not proven, so rows are not split by it)."}</li>
                <li>{"Conjectures (data/erickson_families.tsv, every row of at most 12 seeds and 12 pots): in Reaping, (01)ⁿ20 = 2⁻ⁿ, the smallest row of 2⁻ⁿ for n ≤ 5 and 2⁻ⁿ for every n ≤ 10 checked; in Atomic Wari, (1300)ⁿ⁻¹13 = n·↑, the smallest for n ≤ 3 and n·↑ for n ≤ 6 checked."}</li>
                <li>{"Atomic Wari capturing 2s only has far more followers than Atomic Wari (1,048 against 565 for rows of 10 seeds), as §3 says."}</li>
            </ul>
        </section>
    }
}

/// An answer: its sentences and table.
fn answer_view(a: &QuestionsAnswer) -> Html {
    match a {
        QuestionsAnswer::Value { search: s } => value_view(s),
        QuestionsAnswer::Families { search: s } => families_view(s),
        QuestionsAnswer::Weights { search: s } => weights_view(s),
        QuestionsAnswer::Separation { search: s } => separation_view(s),
        QuestionsAnswer::Followers { search: s } => followers_view(s),
        QuestionsAnswer::Domineering { rows, seconds } => domineering_view(rows, *seconds),
    }
}

fn value_view(s: &ValueSearch) -> Html {
    let (valued, skipped) = model::value_valued(s);
    html! {
        <div class="q-answer">
            <p class="verdict">{model::value_verdict(s)}</p>
            <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}{valued}
                if let Some(skipped) = skipped { {skipped} }
            </p>
            if !s.found.is_empty() {
                <table class="q-found">
                    <thead><tr><th>{"row"}</th><th>{"seeds"}</th><th>{"pots"}</th></tr></thead>
                    <tbody>{ for s.found.iter().map(|f| html! {
                        <tr><td>{row_cell(&s.game, &f.row)}</td><td>{f.seeds}</td><td>{f.pots}</td></tr>
                    }) }</tbody>
                </table>
                if let Some(more) = model::value_more(s) { <p>{more}</p> }
            }
        </div>
    }
}

fn families_view(s: &ValueFamilies) -> Html {
    html! {
        <div class="q-answer">
            <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}</p>
            <table class="q-families">
                <thead><tr><th>{"value"}</th><th>{"smallest row"}</th><th>{"seeds"}</th><th>{"pots"}</th><th>{"rows of it"}</th></tr></thead>
                <tbody>{ for model::family_rows(s).into_iter().map(|row| match row {
                    FamilyRow::NoneFound(fam) => html! { <tr><td>{fam.to_string()}</td><td colspan="4">{"none found"}</td></tr> },
                    FamilyRow::Found(f) => html! {
                        <tr><td>{f.value.clone()}</td><td>{row_cell(&s.game, &f.row)}</td><td>{f.seeds}</td><td>{f.pots}</td><td>{group(f.count.into())}</td></tr>
                    },
                }) }</tbody>
            </table>
        </div>
    }
}

fn weights_view(s: &AtomicWeights) -> Html {
    html! {
        <div class="q-answer">
            <p class="verdict">{model::weights_verdict(s)}</p>
            <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}{model::weights_skipped(s)}</p>
            <table class="q-weights">
                <thead><tr><th>{"atomic weight"}</th><th>{"rows"}</th><th>{"first row"}</th></tr></thead>
                <tbody>{ for s.counts.iter().chain(&s.unusual).map(|c| html! {
                    <tr><td>{c.weight.clone()}</td><td>{group(c.rows.into())}</td><td>{row_cell("atomic", &c.example)}</td></tr>
                }) }</tbody>
            </table>
            <p>{ model::weights_ups(s) }</p>
        </div>
    }
}

fn separation_view(s: &Separation) -> Html {
    html! {
        <div class="q-answer">
            <p class="searched">{model::separation_searched(s)}</p>
            <table class="q-separation">
                <thead><tr><th>{"larger part's seeds"}</th><th>{"pairs"}</th><th>{"least run measured"}</th><th>{"proven rule"}</th><th>{"a pair that needs it"}</th></tr></thead>
                <tbody>{ for s.by_size.iter().map(|x| html! {
                    <tr><td>{x.seeds}</td><td>{group(x.pairs.into())}</td><td>{x.least}</td>
                        <td>{x.proven.map_or("none".to_string(), |p| p.to_string())}</td>
                        <td>{x.example.as_ref().map_or(String::new(), |(a, b)| format!("{a} and {b}"))}</td></tr>
                }) }</tbody>
            </table>
        </div>
    }
}

fn followers_view(s: &Followers) -> Html {
    html! {
        <div class="q-answer">
            <p class="searched">{model::followers_searched(s)}</p>
            <table class="q-followers">
                <thead><tr><th>{"seeds"}</th><th>{"rows"}</th><th>{"most followers"}</th><th>{"row"}</th><th>{"1ⁿ"}</th><th>{"2ⁿ⁻¹ − 1"}</th></tr></thead>
                <tbody>{ for s.by_size.iter().map(|x| html! {
                    <tr><td>{x.seeds}</td><td>{group(x.rows.into())}</td><td>{group(x.most.into())}</td><td>{row_cell(&s.game, &x.row)}</td>
                        <td>{model::count_or_dash(x.ones)}</td><td>{model::count_or_dash(x.bound)}</td></tr>
                }) }</tbody>
            </table>
        </div>
    }
}

fn domineering_view(rows: &[DomineeringRow], seconds: f64) -> Html {
    html! {
        <div class="q-answer">
            <p class="verdict">{model::domineering_verdict(rows, seconds)}</p>
            <div class="table-scroll"><table class="q-domineering">
                <thead><tr><th>{"shape"}</th><th>{"published"}</th><th>{"ours"}</th><th>{"source"}</th></tr></thead>
                <tbody>{ for rows.iter().map(|r| {
                    let r = model::domineering_line(r);
                    let shape = match r.href {
                        Some(href) => html! { <a {href} title="open it on the board"><code>{r.shape}</code></a> },
                        None => html! { <code>{r.shape}</code> },
                    };
                    html! {
                        <tr class={classes!(r.class)}>
                            <td>{shape}</td>
                            <td>{r.published}</td>
                            <td>{r.ours}</td>
                            <td class="source">{r.source}</td>
                        </tr>
                    }
                }) }</tbody>
            </table></div>
        </div>
    }
}

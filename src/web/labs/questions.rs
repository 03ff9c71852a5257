//! Erickson's open questions as searches anyone can run: one search at a time in the worker,
//! with its inputs in the link (a shared link runs it again), progress and Stop, and every
//! answer saying exactly what it searched, so that "none found" is a result. Rows found open
//! on the board.

use yew::prelude::*;

use crate::labs::questions::{
    QuestionsAnswer, QuestionsLab, QuestionsParams, QuestionsTask, Tool, FAMILIES, GAMES, PAGE_LIMITS, TOOLS,
};
use crate::web::group;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
pub type Props = super::LabProps<QuestionsParams>;

/// A row's link to the board (`None` for a game only searched).
fn play_link(game: &str, row: &str) -> Option<String> {
    let rules = crate::labs::questions::SearchGame::parse(game).ok()?.rules()?;
    Some(Route::Play(format!("rules={rules}&setup={row}-l")).to_string())
}

fn row_cell(game: &str, row: &str) -> Html {
    match play_link(game, row) {
        Some(href) => {
            html! { <a class="row-link" {href} title="open it on the board"><code>{row.to_string()}</code></a> }
        }
        None => html! { <code>{row.to_string()}</code> },
    }
}

/// The question each search answers, in Erickson's words, and what it does.
fn question(tool: Tool) -> (&'static str, &'static str) {
    match tool {
        Tool::Value => (
            "§2: \"Do Sowing positions exist with values 2⁻ⁿ, n·↑, +ₙ, *n?\"",
            "Every row of the game within the limits, fewest seeds first, then fewest pots, valued exactly; the rows of the value typed (CGSuite's syntax: ^, ^3, 1/4, +_2, *3, {1|0}). Rows no player can move from are not candidates (they are all 0).",
        ),
        Tool::Families => (
            "§2: \"How can we systematically construct positions with these values?\"",
            "Every row within the limits, each value of 2⁻ⁿ, n·↑, +ₙ and *n noted with its first (smallest) row: the table the conjectures below are read from.",
        ),
        Tool::Weights => (
            "§3: \"Are noninteger or nonnumeric atomic weights possible in Atomic Wari?\"",
            "The atomic weight of every Atomic Wari row within the limits (Winning Ways' atomic weight calculus), how often each occurs, and every weight that is not an integer with its first row; and (01300)ⁿ = n·↑ checked.",
        ),
        Tool::Separation => (
            "§2: \"Any two positions separated by sufficiently many empty or full pots should be considered independent, but we don't know how many.\"",
            "For every pair of parts within the limits (both orders), the least run of empty pots between them from which on the row is worth the sum of its parts (checked up to the parts' seeds together plus two).",
        ),
        Tool::Followers => (
            "§2: 1ⁿ has at least 2ⁿ⁻¹ − 1 followers; §3: \"Are there Atomic Wari positions with exponentially many followers? (The answer is yes if we disallow capturing groups of three seeds.)\"",
            "For each number of seeds, the row within the limits with the most followers (positions reachable by any moves of either player), and those of 1ⁿ.",
        ),
        Tool::Domineering => (
            "§4: \"One special case of this game is already quite well-known!\" — Two-dimensional Sowing with one seed a pot is Domineering.",
            "Published Domineering values and outcomes (data/domineering.tsv, each with its source) beside the values of the same shapes as grids of one seed a pot, valued here.",
        ),
    }
}

/// The games a tool takes.
fn games(tool: Tool) -> Vec<&'static str> {
    GAMES
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| match tool {
            Tool::Followers => true,
            Tool::Separation => ["sowing", "atomic", "sowing-i", "atomic-i"].contains(id),
            Tool::Weights | Tool::Domineering => false,
            _ => *id != "atomic-twos",
        })
        .collect()
}

fn limit(tool: Tool) -> u32 {
    match tool {
        Tool::Value => PAGE_LIMITS.value,
        Tool::Families => PAGE_LIMITS.families,
        Tool::Weights => PAGE_LIMITS.weights,
        Tool::Separation => PAGE_LIMITS.separation,
        Tool::Followers => PAGE_LIMITS.followers,
        Tool::Domineering => 1,
    }
}

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let linked = props.params.params.clone();
    let lab = use_lab::<QuestionsLab>();
    let params = use_state(|| clamped(&linked).0);
    // Where a search was stopped (its last progress), until the next search.
    let stopped = use_state(|| None::<Option<crate::labs::questions::QuestionsProgress>>);
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
    let tool = p.tool;
    let run = {
        let (lab, params, stopped, cut) = (lab.clone(), params.clone(), stopped.clone(), cut.clone());
        Callback::from(move |_: MouseEvent| {
            let p = QuestionsParams { named: true, ..(*params).clone() };
            super::keep_in_link::<QuestionsLab>(p.clone());
            stopped.set(None);
            cut.set(None);
            lab.run(task_of(&p));
        })
    };
    let stop = {
        let (lab, stopped) = (lab.clone(), stopped.clone());
        Callback::from(move |_: MouseEvent| {
            stopped.set(Some(lab.progress()));
            lab.stop();
        })
    };
    let set = |f: fn(&mut QuestionsParams, String)| {
        let params = params.clone();
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
        let params = params.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            params.set(QuestionsParams { value: v, ..(*params).clone() });
        })
    };
    let most = limit(tool);
    let too_big = tool != Tool::Domineering && (p.seeds > most || p.pots > most);
    let game_ok = games(tool).contains(&p.game.as_str()) || matches!(tool, Tool::Weights | Tool::Domineering);
    let (asked, what) = question(tool);
    let status = match (lab.running(), lab.progress(), lab.error()) {
        (true, Some(g), _) => html! {
            <p class="progress" aria-live="polite">{format!("Searching: rows of {} seeds, {} looked at ({:.1} s)", g.seeds, group(g.rows.into()), lab.elapsed_ms() / 1000.0)}</p>
        },
        (true, None, _) => {
            html! { <p class="progress" aria-live="polite">{format!("Searching… ({:.1} s)", lab.elapsed_ms() / 1000.0)}</p> }
        }
        (false, _, Some(e)) => html! { <p class="error" role="alert">{e}</p> },
        _ => html! {},
    };
    // The last answer, if it is this tab's search's.
    let answer = if lab.running() || stopped.is_some() { None } else { lab.answer() }.filter(|a| {
        tool == match a {
            QuestionsAnswer::Value { .. } => Tool::Value,
            QuestionsAnswer::Families { .. } => Tool::Families,
            QuestionsAnswer::Weights { .. } => Tool::Weights,
            QuestionsAnswer::Separation { .. } => Tool::Separation,
            QuestionsAnswer::Followers { .. } => Tool::Followers,
            QuestionsAnswer::Domineering { .. } => Tool::Domineering,
        }
    });
    let stopped_view = match &*stopped {
        Some(Some(g)) if !lab.running() => html! {
            <p class="stopped" role="status">{format!("Stopped at rows of {} seeds, {} rows (or pairs) looked at: no answer is claimed for these limits. Search again with fewer seeds or pots, or run mancala-lab search natively.", g.seeds, group(g.rows.into()))}</p>
        },
        Some(None) if !lab.running() => {
            html! { <p class="stopped" role="status">{"Stopped before its first report: no answer is claimed for these limits."}</p> }
        }
        _ => html! {},
    };
    html! {
        <main class="lab questions">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Erickson's open questions"}</nav>
            <h1>{"Erickson's open questions"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"\"Sowing Games\" (Games of No Chance, 1996) ends its sections with questions nobody has answered. Each search here is exhaustive within limits it states — every row of so many seeds and pots — so that \"none found\" is a result too. It runs in your browser's worker; the same searches run natively, further, with "}<code>{"mancala-lab search"}</code>{"."}</p>
            <nav class="lab-contents tools" aria-label="Searches">
                { for TOOLS.iter().map(|&(t, _, name)| {
                    // A tab shows its search's form (the inputs carried, cut to its limits) and
                    // writes it into the link; the search runs when asked.
                    let next = clamped(&QuestionsParams { tool: t, named: false, ..(*params).clone() }).0;
                    let href = Route::lab::<QuestionsLab>(next.clone()).to_string();
                    let (params, stopped, cut, lab) = (params.clone(), stopped.clone(), cut.clone(), lab.clone());
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
            <section class="question">
                <h2>{TOOLS.iter().find(|x| x.0 == tool).map_or("", |x| x.2)}</h2>
                <blockquote>{asked}</blockquote>
                <p>{what}</p>
                <div class="search-form">
                    if !matches!(tool, Tool::Weights | Tool::Domineering) {
                        <label>{"Game "}
                            <select class="q-game" onchange={on_game} aria-invalid={(!game_ok).to_string()}>
                                { for games(tool).into_iter().map(|g| html! { <option value={g} selected={g == p.game}>{g}</option> }) }
                            </select>
                        </label>
                    }
                    if tool == Tool::Value {
                        <label>{"Value "}
                            <input class="q-value" type="text" value={p.value.clone()} oninput={on_value} spellcheck="false" autocomplete="off" />
                        </label>
                    }
                    if tool == Tool::Separation && p.game.starts_with("sowing") {
                        <label>{"Run of "}
                            <select class="q-full" onchange={on_full}>
                                <option value="0" selected={!p.full}>{"empty pots"}</option>
                                <option value="1" selected={p.full}>{"full pots (•)"}</option>
                            </select>
                        </label>
                    }
                    if tool != Tool::Domineering {
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
                    <button class="start q-run" onclick={run} disabled={lab.running() || too_big || !game_ok}>{"Search"}</button>
                    if lab.running() { <button class="stop" onclick={stop}>{"Stop"}</button> }
                </div>
                if !game_ok { <p class="error" role="alert">{format!("{} is not a game of this search: choose one above.", p.game)}</p> }
                if let Some(note) = &*cut { <p class="notice" role="status">{note.clone()}</p> }
                {status}
                {stopped_view}
                { answer.map(|a| answer_view(&a)).unwrap_or_default() }
            </section>
            <section class="findings">
                <h2>{"What these searches have found"}</h2>
                <ul>
                    <li>{"Atomic Wari has non-integer and non-numeric atomic weights (§3's question): 1332 weighs −1/2 and 2331 weighs 1/2, the smallest of 9 seeds; 40304 weighs *, the smallest of 11 seeds. Every row of at most 12 seeds and 12 pots (1,352,078 rows, natively): weights −3 to 3, ±1/2 (1,473 rows each) and * (49 rows), nothing else. The weights add up as they must (1332 + 1332 weighs −1, 40304 + 40304 weighs 0)."}</li>
                    <li>{"Sowing's proven split — a run of empty pots, or of full pots, as long as the larger part's seeds — is also the least run that works, for every pair of parts of up to 4 seeds (measured). Atomic Wari needs less (0, 1, 2 and 4 for parts of 1 to 4 seeds; measured, not proven, so rows are not split by it)."}</li>
                    <li>{"Conjectures (data/erickson_families.tsv, every row of at most 12 seeds and 12 pots): in Reaping, (01)ⁿ20 = 2⁻ⁿ, the smallest row of 2⁻ⁿ for n ≤ 5 and 2⁻ⁿ for every n ≤ 10 checked; in Atomic Wari, (1300)ⁿ⁻¹13 = n·↑, the smallest for n ≤ 3 and n·↑ for n ≤ 6 checked."}</li>
                    <li>{"Atomic Wari capturing 2s only has far more followers than Atomic Wari (1,048 against 565 for rows of 10 seeds), as §3 says."}</li>
                </ul>
            </section>
        </main>
    }
}

/// The inputs with the seeds and pots cut to what the page searches for the tool, and what was
/// cut, in words.
fn clamped(p: &QuestionsParams) -> (QuestionsParams, Option<String>) {
    let most = limit(p.tool);
    if p.tool == Tool::Domineering || (p.seeds <= most && p.pots <= most) {
        return (p.clone(), None);
    }
    let note = format!(
        "The page searches this up to {most} seeds and {most} pots ({} and {} asked): {} and {} used. The CLI's mancala-lab search goes further.",
        p.seeds,
        p.pots,
        p.seeds.min(most),
        p.pots.min(most)
    );
    (QuestionsParams { seeds: p.seeds.min(most), pots: p.pots.min(most), ..p.clone() }, Some(note))
}

/// The task of the link's inputs.
fn task_of(p: &QuestionsParams) -> QuestionsTask {
    QuestionsTask {
        tool: p.tool,
        game: p.game.clone(),
        value: p.value.clone(),
        seeds: p.seeds,
        pots: p.pots,
        full: p.full && p.game.starts_with("sowing"),
    }
}

/// "every row of at most 8 seeds and 8 pots (5,798 rows) in 0.1 s".
fn searched(seeds: u32, pots: u32, rows: u64, complete: bool, seconds: f64) -> String {
    format!(
        "Searched {} row of at most {seeds} seeds and {pots} pots ({} rows) in {seconds:.1} s.",
        if complete { "every" } else { "(stopped) not every" },
        group(rows.into())
    )
}

fn answer_view(a: &QuestionsAnswer) -> Html {
    match a {
        QuestionsAnswer::Value { search: s } => html! {
            <div class="q-answer">
                <p class="verdict">{ if s.total == 0 {
                    format!("No {} row of value {} within these limits.", s.game, s.paper)
                } else {
                    format!("{} {} rows of value {}; the smallest first.", group(s.total.into()), s.game, s.paper)
                } }</p>
                <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}{format!(" {} rows valued, followers included.", group(s.valued.into()))}
                    if s.skipped > 0 { {format!(" {} rows had too many followers and were skipped: {}.", s.skipped, s.skipped_rows.join(", "))} }
                </p>
                if !s.found.is_empty() {
                    <table class="q-found">
                        <thead><tr><th>{"row"}</th><th>{"seeds"}</th><th>{"pots"}</th></tr></thead>
                        <tbody>{ for s.found.iter().map(|f| html! {
                            <tr><td>{row_cell(&s.game, &f.row)}</td><td>{f.seeds}</td><td>{f.pots}</td></tr>
                        }) }</tbody>
                    </table>
                    if s.total > s.found.len() as u64 { <p>{format!("… and {} more.", group((s.total - s.found.len() as u64).into()))}</p> }
                }
            </div>
        },
        QuestionsAnswer::Families { search: s } => html! {
            <div class="q-answer">
                <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}</p>
                <table class="q-families">
                    <thead><tr><th>{"value"}</th><th>{"smallest row"}</th><th>{"seeds"}</th><th>{"pots"}</th><th>{"rows of it"}</th></tr></thead>
                    <tbody>{ for FAMILIES.iter().flat_map(|fam| {
                        let rows: Vec<_> = s.finds.iter().filter(|f| f.family == *fam).collect();
                        if rows.is_empty() {
                            vec![html! { <tr><td>{fam.to_string()}</td><td colspan="4">{"none found"}</td></tr> }]
                        } else {
                            rows.into_iter().map(|f| html! {
                                <tr><td>{f.value.clone()}</td><td>{row_cell(&s.game, &f.row)}</td><td>{f.seeds}</td><td>{f.pots}</td><td>{group(f.count.into())}</td></tr>
                            }).collect()
                        }
                    }) }</tbody>
                </table>
            </div>
        },
        QuestionsAnswer::Weights { search: s } => html! {
            <div class="q-answer">
                <p class="verdict">{ if s.unusual.is_empty() {
                    "Every atomic weight met is an integer.".to_string()
                } else {
                    format!("Not every atomic weight is an integer: {}.", s.unusual.iter().map(|c| format!("{} weighs {} ({} rows)", c.example, c.weight, c.rows)).collect::<Vec<_>>().join("; "))
                } }</p>
                <p class="searched">{searched(s.max_seeds, s.max_pots, s.rows, s.complete, s.seconds)}{format!(" Values not all-small: {}; rows skipped: {}.", s.not_all_small, s.skipped)}</p>
                <table class="q-weights">
                    <thead><tr><th>{"atomic weight"}</th><th>{"rows"}</th><th>{"first row"}</th></tr></thead>
                    <tbody>{ for s.counts.iter().chain(&s.unusual).map(|c| html! {
                        <tr><td>{c.weight.clone()}</td><td>{group(c.rows.into())}</td><td>{row_cell("atomic", &c.example)}</td></tr>
                    }) }</tbody>
                </table>
                <p>{ s.ups.iter().map(|(n, ok)| format!("(01300)^{n} = {n}·↑ {}", if *ok { "holds" } else { "FAILS" })).collect::<Vec<_>>().join("; ") }</p>
            </div>
        },
        QuestionsAnswer::Separation { search: s } => html! {
            <div class="q-answer">
                <p class="searched">{format!("Every pair of parts of at most {} seeds and {} pots ({} parts, both orders), runs of {} up to their seeds together plus two, in {:.1} s{}.", s.max_seeds, s.max_pots, s.parts, if s.full { "full pots (the row A•ʷB against A•ʷ + •ʷB)" } else { "empty pots" }, s.seconds, if s.complete { "" } else { " (stopped)" })}</p>
                <table class="q-separation">
                    <thead><tr><th>{"larger part's seeds"}</th><th>{"pairs"}</th><th>{"least run measured"}</th><th>{"proven rule"}</th><th>{"a pair that needs it"}</th></tr></thead>
                    <tbody>{ for s.by_size.iter().map(|x| html! {
                        <tr><td>{x.seeds}</td><td>{group(x.pairs.into())}</td><td>{x.least}</td>
                            <td>{x.proven.map_or("none".to_string(), |p| p.to_string())}</td>
                            <td>{x.example.as_ref().map_or(String::new(), |(a, b)| format!("{a} and {b}"))}</td></tr>
                    }) }</tbody>
                </table>
            </div>
        },
        QuestionsAnswer::Followers { search: s } => html! {
            <div class="q-answer">
                <p class="searched">{format!("Rows of at most {} pots, {} seeds and fewer, in {:.1} s{}.", s.max_pots, s.max_seeds, s.seconds, if s.complete { "" } else { " (stopped)" })}</p>
                <table class="q-followers">
                    <thead><tr><th>{"seeds"}</th><th>{"rows"}</th><th>{"most followers"}</th><th>{"row"}</th><th>{"1ⁿ"}</th><th>{"2ⁿ⁻¹ − 1"}</th></tr></thead>
                    <tbody>{ for s.by_size.iter().map(|x| html! {
                        <tr><td>{x.seeds}</td><td>{group(x.rows.into())}</td><td>{group(x.most.into())}</td><td>{row_cell(&s.game, &x.row)}</td>
                            <td>{x.ones.map_or("—".to_string(), |n| group(n.into()))}</td><td>{x.bound.map_or("—".to_string(), |n| group(n.into()))}</td></tr>
                    }) }</tbody>
                </table>
            </div>
        },
        QuestionsAnswer::Domineering { rows, seconds } => {
            let valued = rows.iter().filter(|r| r.ours.is_some()).count();
            let agree = rows.iter().filter(|r| r.agrees == Some(true)).count();
            html! {
                <div class="q-answer">
                    <p class="verdict">{format!("{agree} of the {valued} shapes valued here agree with their published value and outcome ({:.1} s); {} larger boards are known by their outcome only.", seconds, rows.len() - valued)}</p>
                    <div class="table-scroll"><table class="q-domineering">
                        <thead><tr><th>{"shape"}</th><th>{"published"}</th><th>{"ours"}</th><th>{"source"}</th></tr></thead>
                        <tbody>{ for rows.iter().map(|r| {
                            let fits = r.grid.split('-').count() <= 8 && r.grid.split('-').all(|x| x.len() <= 8);
                            let shape = if fits {
                                html! { <a href={Route::Play(format!("rules=grid&setup={}-l", r.grid)).to_string()} title="open it on the board"><code>{r.shape.clone()}</code></a> }
                            } else {
                                html! { <code>{r.shape.clone()}</code> }
                            };
                            html! {
                                <tr class={classes!(match r.agrees { Some(true) => "agrees", Some(false) => "differs", None => "unvalued" })}>
                                    <td>{shape}</td>
                                    <td>{format!("{} ({})", r.published.as_deref().unwrap_or("—"), r.outcome)}</td>
                                    <td>{r.ours.as_ref().map_or("beyond reach here".to_string(), |(_, paper, o)| format!("{paper} ({o})"))}</td>
                                    <td class="source">{r.source.clone()}</td>
                                </tr>
                            }
                        }) }</tbody>
                    </table></div>
                </div>
            }
        }
    }
}

//! Tchouka's solvability map: every start of N pits of S seeds solved in the worker, each with its
//! winning line.

use super::*;

/// Tchouka's solvability map, solved in the worker, each start a link to the play page (with a
/// winning line to step through when there is one).
#[function_component(TchoukaMap)]
pub(super) fn tchouka_map() -> Html {
    let lab = use_lab::<TchoukaillonLab>();
    let pits_text = use_state(|| "8".to_string());
    let seeds_text = use_state(|| "8".to_string());
    let fault = use_state(|| None::<String>);
    {
        let lab = lab.clone();
        use_effect_with((), move |_| {
            lab.run(TchoukaillonTask::TchoukaMap { max_pits: 8, max_seeds: 8 });
        });
    }
    let run = {
        let (lab, pits_text, seeds_text, fault) = (lab.clone(), pits_text.clone(), seeds_text.clone(), fault.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let read = read_typed(&pits_text, "pits", 1..=MAX_TCHOUKA_MAP_PITS as u64)
                .and_then(|p| Ok((p, read_typed(&seeds_text, "seeds a pit", 1..=MAX_TCHOUKA_MAP_SEEDS as u64)?)));
            match read {
                Ok((p, s)) => {
                    fault.set(None);
                    let task = TchoukaillonTask::TchoukaMap { max_pits: p as u8, max_seeds: s as u8 };
                    lab.run(task);
                }
                Err(e) => fault.set(Some(e)),
            }
        })
    };
    let typed = bind_input;
    let (running, elapsed_ms, error, answer) = (lab.running(), lab.elapsed_ms(), lab.error(), lab.answer());
    let map = match (&answer, running) {
        (Some(TchoukaillonAnswer::TchoukaMap { entries }), false) => map_view(entries, elapsed_ms),
        _ => html! {},
    };
    html! {
        <section id="tchouka" class="tchouka-map">
            <h2>{"Tchouka and Tchuka Ruma: which starts can be won"}</h2>
            <p>{"Tchoukaillon's parent game (§3): sow any pit towards the Roumba, round past it to the far pit; a last seed in the Roumba lets you choose again, in an occupied pit it must be sown on, in an empty pit the turn (and the solitaire) is lost. The classic puzzle Tchuka Ruma is 4 pits of 2 seeds. Each start of N pits of S seeds is solved exactly in the worker (a depth-first search that remembers the positions that fail); W k means it can be won — the solver's winning line has k choices (it is not always the shortest) — open it to step through the line on the board; · means it cannot be won. Tchouka for two players is played on the same board: "}<a href={Route::rules("tchouka2-4-2").to_string()}>{"Tchouka for two"}</a>{"."}</p>
            <form class="map-form" onsubmit={run}>
                <label>{"pits up to "}<input class="map-pits" type="number" min="1" max={MAX_TCHOUKA_MAP_PITS.to_string()} value={(*pits_text).clone()} oninput={typed(&pits_text)} /></label>
                <label>{"seeds a pit up to "}<input class="map-seeds" type="number" min="1" max={MAX_TCHOUKA_MAP_SEEDS.to_string()} value={(*seeds_text).clone()} oninput={typed(&seeds_text)} /></label>
                <button type="submit" disabled={running}>{"Solve every start"}</button>
            </form>
            if let Some(f) = &*fault { <p class="error" role="alert">{f.clone()}</p> }
            if running { <p aria-live="polite">{"Solving in the worker…"}</p> }
            if let Some(e) = &error { <p class="error">{e.clone()}</p> }
            {map}
        </section>
    }
}

fn map_view(entries: &[tk::MapEntry], ms: f64) -> Html {
    let max_pits = entries.iter().map(|e| e.pits).max().unwrap_or(0);
    let max_seeds = entries.iter().map(|e| e.seeds).max().unwrap_or(0);
    let link = |e: &crate::families::tchouka::MapEntry| -> String {
        let Ok(rules) = format!("tchouka-{}-{}", e.pits, e.seeds).parse::<crate::families::AnyRules>() else {
            return Route::Home.to_string();
        };
        let mut g = Game::new(rules.start());
        for &m in &e.line {
            let _ = g.play(AnyMove::from(crate::families::tchouka::TchoukaMove::<false>(m)));
        }
        g.goto(0);
        Route::play(&g).to_string()
    };
    let won = entries.iter().filter(|e| e.solvable).count();
    let visited: u64 = entries.iter().map(|e| e.visited).sum();
    html! {
        <>
            <div class="table-scroll">
                <table class="tchouka-grid">
                    <thead><tr><th>{"pits \\ seeds"}</th>{ for (1..=max_seeds).map(|s| html! { <th>{s}</th> }) }</tr></thead>
                    <tbody>{ for (1..=max_pits).map(|p| html! {
                        <tr>
                            <th>{p}</th>
                            { for (1..=max_seeds).map(|s| match entries.iter().find(|e| e.pits == p && e.seeds == s) {
                                Some(e) if e.solvable => html! { <td class="won"><a href={link(e)} title={format!("{p} pits of {s}: won in {} choices", e.line.len())}>{format!("W{}", e.line.len())}</a></td> },
                                Some(e) => html! { <td class="lost"><a href={link(e)} title={format!("{p} pits of {s}: cannot be won")}>{"·"}</a></td> },
                                None => html! { <td class="far" title="more than 255 seeds">{"–"}</td> },
                            }) }
                        </tr>
                    }) }</tbody>
                </table>
            </div>
            <p class="verdict">{format!(
                "{won} of {} starts can be won; {} positions solved in {:.0} ms in the worker. Tchuka Ruma (4 pits of 2) {}.",
                entries.len(), group(visited as u128), ms,
                match entries.iter().find(|e| (e.pits, e.seeds) == (4, 2)) {
                    Some(e) if e.solvable => format!("is won in {} choices: {}", e.line.len(), e.line.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")),
                    Some(_) => "cannot be won".to_string(),
                    None => "is outside this map".to_string(),
                }
            )}</p>
            <p class="help">{"Further with the command-line tool: mancala-lab tchouka-map --pits 14 --seeds 18 (76 s on our machine)."}</p>
        </>
    }
}

//! Figure 7: the winning position for any s below 2⁶⁴, its occupancy picture and its runs.

use super::*;

/// Properties of [`Figure7`].
#[derive(Properties, PartialEq)]
pub(super) struct Figure7Props {
    pub(super) seeds: u64,
}

/// Figure 7 and the winning position for any s < 2⁶⁴, computed in the worker.
#[function_component(Figure7)]
pub(super) fn figure_7(props: &Figure7Props) -> Html {
    let lab = use_lab::<TchoukaillonLab>();
    let typed = use_state(|| props.seeds.to_string());
    let fault = use_state(|| None::<String>);
    {
        let (lab, typed, fault) = (lab.clone(), typed.clone(), fault.clone());
        use_effect_with(props.seeds, move |&seeds| {
            typed.set(seeds.to_string());
            fault.set(None);
            lab.run(TchoukaillonTask::Position { seeds });
        });
    }
    let go = {
        let (typed, fault) = (typed.clone(), fault.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match read_typed(&typed, "seeds", 0..=u64::MAX) {
                Ok(s) => {
                    if let Some(w) = web_sys::window() {
                        let _ =
                            w.location().set_hash(&Route::lab::<TchoukaillonLab>(TchoukaillonParams { s }).to_string());
                    }
                }
                Err(e) => fault.set(Some(e)),
            }
        })
    };
    let on_type = bind_input(&typed);
    let preset = |s: u64, label: &'static str| {
        html! { <a class="preset" href={Route::lab::<TchoukaillonLab>(TchoukaillonParams { s }).to_string()}>{label}</a> }
    };
    let (running, elapsed_ms, error, answer) = (lab.running(), lab.elapsed_ms(), lab.error(), lab.answer());
    let result = match (&answer, running) {
        (Some(TchoukaillonAnswer::Position { position, occupancy, position_ms }), false) => {
            position_view(position, occupancy.as_ref(), *position_ms, elapsed_ms)
        }
        _ => html! {},
    };
    html! {
        <section id="figure-7" class="figure-7">
            <h2>{"Figure 7: the winning position for any number of seeds"}</h2>
            <p>{"Without playing s moves backwards: of the first s numbers, Figure 8's sieve takes m_i = ⌈r/(i+1)⌉ in round i from the r it has left, and m_i is how often pit i is harvested in the winning line, while each of the r_i numbers left after round i is a harvest further out that sows a seed into pit i. So pit i holds p_i = i·m_i − r_i (the paper's equation 1), one division a pit; where m_i stays the same the pits form an arithmetic run rising by 2m_i (Theorem 9), and the number of pits is counted run by run."}</p>
            <form class="seeds" onsubmit={go}>
                <label>{"s = "}<input class="seeds-in" inputmode="numeric" value={(*typed).clone()} oninput={on_type} /></label>
                <button type="submit" disabled={running}>{"Show"}</button>
                <span class="presets">{" "}{preset(FIGURE_7_SEEDS, "1,925,280 (Figure 7)")}{" · "}{preset(21_286_434, "21,286,434 (the SML program's limit)")}{" · "}{preset(1_000_000_000_000, "10¹²")}{" · "}{preset(u64::MAX, "2⁶⁴ − 1")}</span>
            </form>
            if let Some(f) = &*fault { <p class="error" role="alert">{f.clone()}</p> }
            if running { <p aria-live="polite">{"Computing in the worker…"}</p> }
            if let Some(e) = &error { <p class="error">{e.clone()}</p> }
            {result}
        </section>
    }
}

fn position_view(w: &WinningPosition, occ: Option<&Occupancy>, position_ms: f64, total_ms: f64) -> Html {
    if w.seeds == 0 {
        return html! { <p class="verdict">{"With no seeds the winning position is the empty board: nothing to harvest, already won."}</p> };
    }
    let shown = w.pits.len();
    let text = w.pits.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let sum_shown: u128 = w.pits.iter().map(|&p| p as u128).sum();
    let board = board_position(&w.pits).map(|p| {
        let g = Game::new(AnyPosition::from(p));
        html! { <a href={Route::play(&g).to_string()}>{"play it"}</a> }
    });
    html! {
        <div class="position-result">
            <p class="verdict">{format!(
                "The winning position with {} seeds uses {} pits, in {} runs of pits harvested equally often (computed in {:.1} ms in the worker{}).",
                group(w.seeds as u128), group(w.highest as u128), group(w.runs as u128), position_ms,
                if occ.is_some() { format!("; {total_ms:.1} ms with the picture") } else { String::new() }
            )}</p>
            <p>{if w.complete {
                format!("All {} pits, from pit 1 (next to the Roumba) outwards; they hold {} seeds:", group(shown as u128), group(sum_shown))
            } else {
                format!("Its first {} pits, from pit 1 outwards (the command-line tool prints every pit: mancala-lab tchoukaillon position {}):", group(shown as u128), w.seeds)
            }}{" "}{board}</p>
            <pre class="pits" tabindex="0" aria-label="The pits, from pit 1">{format!("{text}{}", if w.complete { "" } else { " …" })}</pre>
            {match occ {
                Some(o) => occupancy_view(o),
                None => html! {
                    <>
                        <p class="verdict">{format!(
                            "Occupancy: {} seeds in {} pits that could hold n(n+1)/2 = {} without overfilling: {:.6}, against 2/π = {:.6} (§7).",
                            group(w.seeds as u128), group(w.highest as u128), group(w.highest as u128 * (w.highest as u128 + 1) / 2), w.occupancy(), core::f64::consts::FRAC_2_PI
                        )}</p>
                        <p class="help">{format!("The picture walks every pit; past {} pits (s beyond about 8·10¹⁴) it is not drawn.", group(MAX_OCCUPANCY_PITS as u128))}</p>
                    </>
                },
            }}
        </div>
    }
}

fn occupancy_view(o: &Occupancy) -> Html {
    let (w, h, pad) = (600.0, 300.0, 8.0);
    let n = o.highest.max(1) as f64;
    let x = |i: u64| pad + (i as f64 / n) * (w - 2.0 * pad);
    let y = |p: u64| h - pad - (p as f64 / n) * (h - 2.0 * pad);
    // The runs of equal m alternate two colours; each point takes its run's.
    // Points and runs both go outwards: one walk along the runs.
    let mut run = 0;
    let mut run_of = move |i: u64| {
        while o.runs.get(run).is_some_and(|r| r.last < i) {
            run += 1;
        }
        o.runs.get(run).filter(|r| r.first <= i).map(|_| run)
    };
    let dots = o.points.iter().map(|&(i, p)| {
        let class = match run_of(i) {
            Some(k) if k % 2 == 0 => "even",
            Some(_) => "odd",
            None => "far",
        };
        html! { <circle class={class} cx={format!("{:.1}", x(i))} cy={format!("{:.1}", y(p))} r="1.6" /> }
    });
    let longest = &o.longest;
    html! {
        <>
            <figure>
                <svg class="tchouk-plot occupancy" viewBox={format!("0 0 {w} {h}")} role="img" aria-label={format!("Pit occupancies p_i of the winning position with {} seeds", o.seeds)}>
                    <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="frame" />
                    <path class="full" d={format!("M{:.1},{:.1} L{:.1},{:.1}", x(0), y(0), x(o.highest), y(o.highest))} />
                    { for dots }
                    <text x={format!("{}", w - 10.0)} y={format!("{}", h - 12.0)} text-anchor="end">{format!("pit {}", group(o.highest as u128))}</text>
                </svg>
                <figcaption>{format!(
                    "p_i against i for {} seeds ({}). The diagonal is a full pit (p_i = i). Alternate colours are the runs of pits harvested equally often (the same m_i), along which p_i rises by 2m_i: Theorem 9's arithmetic runs, {} of them{}.",
                    group(o.seeds as u128),
                    if o.every_pit { "every pit".to_string() } else { format!("{} evenly spaced pits of {}", group(o.points.len() as u128), group(o.highest as u128)) },
                    group(o.run_count as u128),
                    if o.run_count as usize > o.runs.len() { format!(", the last {} coloured (the short ones nearer the Roumba brown)", o.runs.len()) } else { String::new() }
                )}</figcaption>
            </figure>
            <p class="verdict">{format!(
                "Occupancy: {} seeds in {} pits that could hold n(n+1)/2 = {} without overfilling: {:.5}, against 2/π = {:.5} (§7).",
                group(o.seeds as u128), group(o.highest as u128), group(o.highest as u128 * (o.highest as u128 + 1) / 2), o.ratio, 2.0 / core::f64::consts::PI
            )}</p>
            if !longest.is_empty() {
                <p>{"The longest runs: "}{longest.iter().map(|r| format!("pits {}–{} (m = {}, p from {} to {}, step {})", group(r.first as u128), group(r.last as u128), r.m, r.first_seeds, r.last_seeds, 2 * r.m)).collect::<Vec<_>>().join("; ")}{"."}</p>
            }
        </>
    }
}

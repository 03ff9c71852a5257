// The Tchoukaillon lab (Broline & Loeb §3–7): Figure 4 live and playable, Figure 5's periods
// against lcm(1, …, i+1), Figure 6's s(n) against n²/π with its error term, and Figure 7's
// occupancy picture with the winning position for any number of seeds below 2⁶⁴. The
// arithmetic is [`crate::labs::tchoukaillon`]; s(n) and the positions are computed in the
// worker.

use yew::prelude::*;

use crate::engine::{Cell, Player};
use crate::families::tchoukaillon::{Tchoukaillon, TchoukaillonSetup, MAX_PITS};
use crate::families::{AnyMove, AnyPosition};
use crate::labs::tchoukaillon::{
    self as tk, Occupancy, SOfNCheck, TchoukaillonAnswer, TchoukaillonLab, TchoukaillonParams, TchoukaillonTask,
    WinningPosition, FIGURE_7_SEEDS, MAX_OCCUPANCY_PITS, MAX_S_OF_N_PAGE, MAX_TCHOUKA_MAP_PITS, MAX_TCHOUKA_MAP_SEEDS,
};
use crate::labs::Linked;
use crate::notation::Game;
use crate::web::board::Board;
use crate::web::group;
use crate::web::play::bind_input;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The link (`s=1925280`).
    pub params: Linked<TchoukaillonParams>,
}
/// Most rows of the live Figure 4.
const MAX_ROWS: u64 = 200;
/// Largest first s of the live Figure 4.
const MAX_FROM: u64 = 1_000_000_000;
/// Pits Figure 4 gives a column each (wider positions are written in one cell).
const COLUMNS: usize = 12;

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let seeds = props.params.params.s;
    html! {
        <main class="lab tchouk-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Tchoukaillon and 1/π"}</nav>
            <h1>{"Tchoukaillon: one winning position for each s, periods lcm(1, …, i+1), and n²/π"}</h1>
            <p class="lede">{"Broline & Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3–7. In Tchoukaillon pit i may be harvested only when it holds exactly i seeds; the winning move is always the smallest harvestable pit (Proposition 4), so the strategy runs backwards and there is exactly one winning position with s seeds (Theorem 5)."}</p>
            { for props.params.faults.iter().map(|f| html! { <p class="error" role="alert">{f.clone()}</p> }) }
            <nav class="lab-contents">
                <a href="#figure-4" onclick={jump("figure-4")}>{"Figure 4: the positions"}</a>
                <a href="#figure-5" onclick={jump("figure-5")}>{"Figure 5: periods"}</a>
                <a href="#figure-6" onclick={jump("figure-6")}>{"Figure 6: s(n) and n²/π"}</a>
                <a href="#figure-7" onclick={jump("figure-7")}>{"Figure 7: any s"}</a>
                <a href="#tchouka" onclick={jump("tchouka")}>{"Tchouka and Tchuka Ruma"}</a>
                <a href={Route::rules("tchoukaillon").to_string()}>{"Play Tchoukaillon"}</a>
            </nav>
            <Figure4 />
            <Figure5 />
            <Figure6 />
            <Figure7 seeds={seeds} />
            <TchoukaMap />
        </main>
    }
}

/// Scrolls to a section without touching the hash (which is the route).
fn jump(id: &'static str) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) {
            el.scroll_into_view();
        }
    })
}

/// A number typed in a box: digits (with `_` or `,` between groups), within `range`.
fn read_number(text: &str, what: &str, range: core::ops::RangeInclusive<u64>) -> Result<u64, String> {
    let t = text.trim().replace(['_', ','], "");
    t.parse::<u64>().ok().filter(|v| range.contains(v)).ok_or_else(|| {
        format!(
            "{what}: '{}' is not a whole number from {} to {}",
            crate::engine::text::clip(text.trim(), 24),
            group(*range.start() as u128),
            group(*range.end() as u128)
        )
    })
}

/// The printed Figure 4 (the seed text's rows), by s: the pits and what the OCR did to them.
fn printed_rows() -> Vec<(u64, String, String)> {
    crate::data::rows(crate::data::TCHOUKAILLON_FIGURE_4)
        .filter_map(|r| Some((r.first()?.parse().ok()?, r.get(1)?.to_string(), r.get(3).map_or("", |v| v).to_string())))
        .collect()
}

/// The Tchoukaillon position of a winning position's pits (when a board here holds it).
fn board_position(pits: &[u64]) -> Option<Tchoukaillon> {
    if pits.len() > MAX_PITS {
        return None;
    }
    let pits: Vec<u32> = if pits.is_empty() { vec![0] } else { pits.iter().map(|&p| p as u32).collect() };
    TchoukaillonSetup { pits, roumba: 0 }.validate().ok()
}

/// Figure 4, live: the winning positions for a range of s with h_s, beside the printed table,
/// each row watchable move by move on a board and playable on the play page.
#[function_component(Figure4)]
fn figure_4() -> Html {
    let from_text = use_state(|| "0".to_string());
    let rows_text = use_state(|| "25".to_string());
    let range = use_state(|| (0u64, 25u64));
    let watched = use_state(|| Some(9u64));
    let step = use_state(|| 0usize);
    let fault = use_state(|| None::<String>);
    let show = {
        let (from_text, rows_text, range, fault, watched) =
            (from_text.clone(), rows_text.clone(), range.clone(), fault.clone(), watched.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match read_number(&from_text, "from s", 0..=MAX_FROM)
                .and_then(|f| Ok((f, read_number(&rows_text, "rows", 1..=MAX_ROWS)?)))
            {
                Ok((f, n)) => {
                    range.set((f, n));
                    fault.set(None);
                    watched.set(None);
                }
                Err(e) => fault.set(Some(e)),
            }
        })
    };
    let typed = bind_input;
    let from = range.0;
    // Made again only for a new range (not on every step of the watched line).
    let printed = use_memo((), |_| printed_rows());
    let rows = use_memo(*range, |&(from, count)| {
        (from..from + count).map(|s| (s, tk::winning_position(s, usize::MAX))).collect::<Vec<(u64, WinningPosition)>>()
    });
    let width = rows.iter().map(|(_, w)| w.pits.len()).max().unwrap_or(0);
    let columns = width <= COLUMNS;
    let watch = |s: u64| {
        let (watched, step) = (watched.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            watched.set(Some(s));
            step.set(0);
            // The board is below the table: bring it into view once drawn.
            gloo_timers::callback::Timeout::new(0, || {
                if let Some(el) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.query_selector(".strategy").ok().flatten())
                {
                    el.scroll_into_view();
                }
            })
            .forget();
        })
    };
    let head = if columns {
        html! { <>{ for (1..=width).map(|i| html! { <th>{format!("pit {i}")}</th> }) }</> }
    } else {
        html! { <th>{"pits 1, 2, 3, … (from the Roumba)"}</th> }
    };
    let body = rows.iter().map(|(s, w)| {
        // h_s: the pit the s-th backward step fills, the first harvest of the winning line.
        let h = w.pits.iter().enumerate().position(|(i, &p)| p == i as u64 + 1).map(|i| i + 1);
        let cells = if columns {
            html! { <>{ for (0..width).map(|i| html! { <td>{w.pits.get(i).filter(|&&p| p > 0).map(u64::to_string).unwrap_or_default()}</td> }) }</> }
        } else {
            let text = w.pits.iter().take(40).map(u64::to_string).collect::<Vec<_>>().join(" ");
            html! { <td class="wide">{format!("{text}{}", if w.pits.len() > 40 { format!(" … ({} pits)", w.pits.len()) } else { String::new() })}</td> }
        };
        let paper = printed.iter().find(|r| r.0 == *s).map(|(_, pits, ocr)| {
            if ocr.is_empty() {
                html! { <td class="paper">{"as printed"}</td> }
            } else {
                html! { <td class="paper ocr" title={format!("computed {pits}")}>{format!("OCR damage: {ocr}")}</td> }
            }
        });
        let playable = board_position(&w.pits).map(|p| {
            let g = Game::new(AnyPosition::from(p));
            html! { <a href={Route::play(&g).to_string()}>{"play"}</a> }
        });
        html! {
            <tr class={classes!((*watched == Some(*s)).then_some("watched"))}>
                <td class="s">{group(*s as u128)}</td>
                {cells}
                <td class="h">{h.map(|h| h.to_string()).unwrap_or_else(|| "–".into())}</td>
                <td class="actions">
                    if w.pits.len() <= MAX_PITS {
                        <button class="watch" onclick={watch(*s)}>{"watch"}</button>{" "}
                    }
                    {playable}
                </td>
                if from <= 24 { {paper.unwrap_or_else(|| html! { <td class="paper">{"–"}</td> })} }
            </tr>
        }
    });
    html! {
        <section id="figure-4" class="figure-4">
            <h2>{"Figure 4, live: the winning position for each s"}</h2>
            <p>{"Each row is the unique winning position with s seeds, computed directly from s (see Figure 7 below), and h_s, the pit its winning line harvests first (the pit the s-th backward step fills). For s ≤ 24 the last column compares the paper's printed table, whose OCR'd text damaged several rows; every printed row agrees with ours once the damage is read."}</p>
            <form class="range" onsubmit={show}>
                <label>{"from s "}<input class="from" inputmode="numeric" value={(*from_text).clone()} oninput={typed(&from_text)} /></label>
                <label>{"rows "}<input class="rows" type="number" min="1" max={MAX_ROWS.to_string()} value={(*rows_text).clone()} oninput={typed(&rows_text)} /></label>
                <button type="submit">{"Show"}</button>
            </form>
            if let Some(f) = &*fault { <p class="error" role="alert">{f.clone()}</p> }
            <div class="table-scroll">
                <table class="figure-4-table">
                    <thead><tr><th>{"s"}</th>{head}<th>{"h_s"}</th><th></th>if from <= 24 { <th class="paper">{"the paper's printed row"}</th> }</tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
            if let Some(s) = *watched { <Strategy seeds={s} step={step.clone()} /> }
        </section>
    }
}

/// Properties of [`Strategy`].
#[derive(Properties, PartialEq)]
struct StrategyProps {
    seeds: u64,
    step: UseStateHandle<usize>,
}

/// A winning position played out by Proposition 4's strategy, one harvest a step.
#[function_component(Strategy)]
fn strategy(props: &StrategyProps) -> Html {
    // The winning line as a game, played once for the watched s: each step shows one of its
    // positions, and the play page's link is its query with the ply.
    let watched = use_memo(props.seeds, |&s| {
        let start = board_position(&tk::winning_position(s, MAX_PITS + 1).pits)?;
        let line = start.winning_line().unwrap_or_default();
        let mut g = Game::new(AnyPosition::from(start));
        for &m in &line {
            let _ = g.play(m.into());
        }
        let query = g.to_string();
        Some((line, g, query))
    });
    let Some((line, game, query)) = watched.as_ref() else {
        return html! { <p class="help">{"This position is too wide for a board here."}</p> };
    };
    let k = (*props.step).min(line.len());
    let ap = game.position_at(k).clone();
    let set = |to: usize| {
        let step = props.step.clone();
        Callback::from(move |_: MouseEvent| step.set(to))
    };
    let words = match line.get(k) {
        Some(m) => {
            let others: Vec<String> =
                ap.legal_moves().into_iter().filter(|&x| x != AnyMove::from(*m)).map(|x| format!("pit {x}")).collect();
            format!(
                "Next: harvest pit {m} — it holds exactly {m}, and it is the smallest pit that does (Proposition 4): {}.{}",
                match m.0 {
                    1 => "its seed goes into the Roumba".to_string(),
                    2 => "one seed goes into pit 1 and the last into the Roumba".to_string(),
                    k => format!("its seeds go one each into pits {} to 1 and the last into the Roumba", k - 1),
                },
                if others.is_empty() {
                    String::new()
                } else {
                    format!(" Harvesting {} instead would overfill pit {m} for ever.", others.join(" or "))
                }
            )
        }
        None if line.is_empty() => "The empty board: nothing to harvest.".to_string(),
        None => format!("Every seed is in the Roumba: {} harvests, one a seed.", line.len()),
    };
    let last = line.len();
    // As on the play page: the ring marks the pit just harvested; the next one is labelled.
    let pit = |m: &crate::families::tchoukaillon::TchoukaillonMove| Cell::Pit { owner: Player::South, index: m.0 - 1 };
    let last_harvest = k.checked_sub(1).map(|j| pit(&line[j]));
    let next: Vec<(Cell, String)> = line.get(k).map(|m| (pit(m), "next".to_string())).into_iter().collect();
    // (A link names its ply only when it is not the last: Game's canonical query.)
    let link = if k == last || last == 0 { query.clone() } else { format!("{query}&ply={k}") };
    html! {
        <div class="strategy">
            <h3>{format!("s = {}: the winning line, harvest by harvest", props.seeds)}</h3>
            <div class="lockstep-controls">
                <button class="start" onclick={set(0)} disabled={k == 0}>{"« Start"}</button>
                <button class="back" onclick={set(k.saturating_sub(1))} disabled={k == 0}>{"‹ Back"}</button>
                <button class="step" onclick={set((k + 1).min(last))} disabled={k == last}>{"Step ›"}</button>
                <button class="end" onclick={set(last)} disabled={k == last}>{"End »"}</button>
                <span class="ply">{format!("harvest {k} of {last}")}</span>
                <a href={Route::Play(link).to_string()}>{"open this line on the play page"}</a>
            </div>
            <p class="ply-words" aria-live="polite">{words}</p>
            <Board position={ap.clone()} shown={ap.cells()} interactive={false} last_move={last_harvest} hints={next} />
        </div>
    }
}

/// Figure 5: the period of the first i pits, computed, against lcm(1, …, i+1).
#[function_component(Figure5)]
fn figure_5() -> Html {
    // Computed once (playing the first 12 periods out takes a few hundred thousand steps).
    let figure = use_memo((), |_| {
        let printed: Vec<(u32, String)> = crate::data::rows(crate::data::TCHOUKAILLON_FIGURE_5)
            .filter_map(|r| Some((r.first()?.parse().ok()?, r.get(1)?.to_string())))
            .collect();
        let computed = tk::periods(40);
        let played: Vec<Option<u64>> =
            computed.iter().take(12).map(|p| tk::period_by_play(p.i as usize, 100_000)).collect();
        (printed, computed, played)
    });
    let (printed, computed, played) = (&figure.0, &figure.1, &figure.2);
    let all_equal = computed.iter().all(|p| p.period == p.lcm);
    html! {
        <section id="figure-5" class="figure-5">
            <h2>{"Figure 5: the contents of the first i pits repeat with period lcm(1, …, i+1)"}</h2>
            <p>{"As s grows by one, the first i pits change in a way that depends on them alone (the backward step fills the first empty one among them, or takes a seed from each). So they repeat from the first s > 0 at which they are all empty again, and that s is their period. It is found here from the direct positions: the first i pits are empty exactly at the multiples of the period of the first i − 1, so it is the least such multiple whose pit i is empty too. For i ≤ 12 it is also found by playing backwards from the empty board."}</p>
            <div class="table-scroll">
                <table class="figure-5-table">
                    <thead><tr><th>{"i"}</th><th>{"period (least s > 0 with pits 1..i empty)"}</th><th>{"lcm(1, …, i+1)"}</th><th>{"played backwards"}</th><th>{"the paper"}</th></tr></thead>
                    <tbody>{ for computed.iter().enumerate().map(|(k, p)| {
                        let paper = printed.iter().find(|r| r.0 == p.i).map(|r| r.1.clone());
                        let paper_ok = paper.as_ref().map(|v| *v == p.period.to_string());
                        html! {
                            <tr class={classes!((p.period != p.lcm).then_some("fails"))}>
                                <td>{p.i}</td>
                                <td class="num">{group(p.period)}</td>
                                <td class="num">{group(p.lcm)}</td>
                                <td class="num">{played.get(k).copied().flatten().map(|v| group(v as u128)).unwrap_or_default()}</td>
                                <td>{match (paper, paper_ok) { (Some(v), Some(true)) => format!("{v} ✓"), (Some(v), _) => format!("{v} ✗"), _ => String::new() }}</td>
                            </tr>
                        }
                    }) }</tbody>
                </table>
            </div>
            <p class={classes!("verdict", (!all_equal).then_some("fails"))}>{
                if all_equal { format!("Proposition 6 holds for every i to {}: the period is lcm(1, …, i+1), and pits i and i+1 share it exactly when i+2 is not a prime power. The paper's table stops at i = 11.", computed.len()) }
                else { "The period differs from lcm(1, …, i+1) somewhere (a defect).".to_string() }
            }</p>
        </section>
    }
}

/// Figure 6: s(n) against n²/π, and the error term, computed in the worker.
#[function_component(Figure6)]
fn figure_6() -> Html {
    let lab = use_lab::<TchoukaillonLab>();
    let n_text = use_state(|| "10000".to_string());
    let fault = use_state(|| None::<String>);
    {
        let lab = lab.clone();
        use_effect_with((), move |_| {
            lab.run(TchoukaillonTask::SOfN { n: 10_000 });
        });
    }
    let run = {
        let (lab, n_text, fault) = (lab.clone(), n_text.clone(), fault.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match read_number(&n_text, "n", 1..=MAX_S_OF_N_PAGE) {
                Ok(n) => {
                    fault.set(None);
                    lab.run(TchoukaillonTask::SOfN { n });
                }
                Err(e) => fault.set(Some(e)),
            }
        })
    };
    let on_type = bind_input(&n_text);
    let (running, _, error, answer) = (lab.running(), lab.elapsed_ms(), lab.error(), lab.answer());
    let result = match (&answer, running) {
        (Some(TchoukaillonAnswer::SOfN { s, ms, checks }), false) => s_of_n_view(s, *ms, checks),
        _ => html! {},
    };
    html! {
        <section id="figure-6" class="figure-6">
            <h2>{"Figure 6: s(n), the fewest seeds that need pit n, grows like n²/π"}</h2>
            <p>{"s(n) is the first s whose winning position uses pit n (OEIS A002491). It is the first number left by n − 1 rounds of Figure 8's sieve (round i takes the first number left and every (i+1)-st after it), so it is computed by following that number back through the rounds; the step back is the same over long runs, which are taken at once. Three other methods check it: the sieve itself on a list, Erdős and Jabotinsky's rounding (n rounded up to a multiple of n − 1, then n − 2, …, 1), and the definition on the direct positions. Theorem 9: s(n) = n²/π + O(n)."}</p>
            <form class="s-of-n" onsubmit={run}>
                <label>{"n up to "}<input class="n" inputmode="numeric" value={(*n_text).clone()} oninput={on_type} /></label>
                <button type="submit" disabled={running}>{"Compute in the worker"}</button>
                <span class="help">{format!(" (at most {})", group(MAX_S_OF_N_PAGE as u128))}</span>
            </form>
            if let Some(f) = &*fault { <p class="error" role="alert">{f.clone()}</p> }
            if running { <p aria-live="polite">{"Computing s(n) in the worker…"}</p> }
            if let Some(e) = &error { <p class="error">{e.clone()}</p> }
            {result}
        </section>
    }
}

/// Evenly spaced indices of a series of `len` points, at most `max` of them (the last kept).
fn sample(len: usize, max: usize) -> impl Iterator<Item = usize> {
    let every = len.div_ceil(max.max(1)).max(1);
    (0..len).filter(move |&i| i % every == 0 || i + 1 == len)
}

/// An SVG path through points already in plot coordinates.
fn path(points: impl Iterator<Item = (f64, f64)>) -> String {
    points.enumerate().map(|(i, (x, y))| format!("{}{x:.1},{y:.1}", if i == 0 { "M" } else { " L" })).collect()
}

fn s_of_n_view(s: &[u64], ms: f64, checks: &[SOfNCheck]) -> Html {
    let n = s.len();
    let pi = core::f64::consts::PI;
    let (w, h, pad) = (600.0, 260.0, 34.0);
    let top = *s.last().unwrap_or(&1) as f64;
    let x = |k: f64| pad + (k / n as f64) * (w - pad - 8.0);
    let y = |v: f64| h - pad + 10.0 - (v / top) * (h - pad - 4.0);
    let idx: Vec<usize> = sample(n, 600).collect();
    let curve = path(idx.iter().map(|&i| (x((i + 1) as f64), y(s[i] as f64))));
    let model = path(idx.iter().map(|&i| (x((i + 1) as f64), y(((i + 1) as f64).powi(2) / pi))));
    // The error term: s(n) − n²/π, with the band of slopes it keeps (from n = 10 on).
    let diff: Vec<f64> = s.iter().enumerate().map(|(i, &v)| v as f64 - ((i + 1) as f64).powi(2) / pi).collect();
    let slopes = diff.iter().enumerate().skip(9).map(|(i, d)| d / (i + 1) as f64);
    // (The band is drawn from n = 0; the difference is drawn from n = 10, where it holds.)
    let (lo, hi) = slopes.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    let (lo, hi) = if lo > hi { (-1.0, 1.0) } else { (lo, hi) };
    let span = (hi.abs().max(lo.abs()) * n as f64).max(1.0);
    let yd = |v: f64| (h / 2.0) - (v / span) * (h / 2.0 - 12.0);
    let diff_path = path(idx.iter().filter(|&&i| i >= 9).map(|&i| (x((i + 1) as f64), yd(diff[i]))));
    let band = |slope: f64| format!("M{:.1},{:.1} L{:.1},{:.1}", x(0.0), yd(0.0), x(n as f64), yd(slope * n as f64));
    let shown = n.min(20);
    let first = s[..shown].iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let rounding = {
        let k = n.min(8) as u64;
        let mut chain = vec![k];
        let mut v = k;
        for d in (1..k).rev() {
            v = v.div_ceil(d) * d;
            chain.push(v);
        }
        format!("s({k}): {}", chain.iter().map(u64::to_string).collect::<Vec<_>>().join(" → "))
    };
    html! {
        <div class="s-of-n-result">
            <p class="verdict">{format!("s(1), …, s({}) in {:.1} ms in the worker. s({}) = {}, and n²/π = {}.", group(n as u128), ms, group(n as u128), group(top as u128), group(((n as f64).powi(2) / pi).round() as u128))}</p>
            <p>{format!("s(1..{shown}) = {first}{}", if n > shown { ", …" } else { "" })}</p>
            <ul class="checks">{ for checks.iter().map(|c| html! {
                <li class={classes!(c.differs_at.is_some().then_some("fails"))}>{match c.differs_at {
                    None => format!("{}: agrees for every n ≤ {} ({:.1} ms).", c.method, group(c.upto as u128), c.ms),
                    Some(k) => format!("{}: DIFFERS at n = {k} (a defect).", c.method),
                }}</li>
            }) }</ul>
            <p class="help">{format!("The rounding, step by step — {rounding}.")}</p>
            <div class="plots">
                <figure>
                    <svg class="tchouk-plot s-plot" viewBox={format!("0 0 {w} {h}")} role="img" aria-label={format!("s(n) and n²/π for n up to {n}")}>
                        <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="frame" />
                        <path class="model" d={model} />
                        <path class="data" d={curve} />
                        <text x={format!("{}", pad)} y="16">{group(top as u128)}</text>
                        <text x={format!("{}", w - 8.0)} y={format!("{}", h - 6.0)} text-anchor="end">{format!("n = {}", group(n as u128))}</text>
                        <text x={format!("{}", pad)} y={format!("{}", h - 6.0)}>{"0"}</text>
                    </svg>
                    <figcaption>{if n >= 1000 { "s(n) (dark) over n²/π (light): at this scale they coincide." } else { "s(n) (dark) and n²/π (light)." }}</figcaption>
                </figure>
                if n >= 20 {
                    <figure>
                        <svg class="tchouk-plot diff-plot" viewBox={format!("0 0 {w} {h}")} role="img" aria-label="s(n) − n²/π between two straight lines">
                            <rect x="0" y="0" width={w.to_string()} height={h.to_string()} class="frame" />
                            <path class="axis" d={format!("M{:.1},{:.1} L{:.1},{:.1}", x(0.0), yd(0.0), x(n as f64), yd(0.0))} />
                            <path class="band" d={band(hi)} />
                            <path class="band" d={band(lo)} />
                            <path class="data" d={diff_path} />
                            <text x={format!("{}", w - 8.0)} y={format!("{:.1}", (yd(hi * n as f64) - 6.0).max(14.0))} text-anchor="end">{format!("{}·n", signed(hi))}</text>
                            <text x={format!("{}", w - 8.0)} y={format!("{:.1}", (yd(lo * n as f64) + 16.0).min(h - 4.0))} text-anchor="end">{format!("{}·n", signed(lo))}</text>
                        </svg>
                        <figcaption>{format!("s(n) − n²/π stays between the lines {}·n and {}·n for 10 ≤ n ≤ {}: Theorem 9's O(n) error term, which Erdős and Jabotinsky had conjectured.", signed(lo), signed(hi), group(n as u128))}</figcaption>
                    </figure>
                } else {
                    <p class="help">{"The difference s(n) − n²/π and its band (fitted from n = 10) are drawn when n is at least 20."}</p>
                }
            </div>
        </div>
    }
}

/// A number with its sign, the minus a true minus.
fn signed(v: f64) -> String {
    if v < 0.0 {
        format!("−{:.3}", -v)
    } else {
        format!("+{v:.3}")
    }
}

/// Properties of [`Figure7`].
#[derive(Properties, PartialEq)]
struct Figure7Props {
    seeds: u64,
}

/// Figure 7 and the winning position for any s < 2⁶⁴, computed in the worker.
#[function_component(Figure7)]
fn figure_7(props: &Figure7Props) -> Html {
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
            match read_number(&typed, "seeds", 0..=u64::MAX) {
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
            <pre class="pits">{format!("{text}{}", if w.complete { "" } else { " …" })}</pre>
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

/// Tchouka's solvability map, solved in the worker, each start a link to the play page (with a
/// winning line to step through when there is one).
#[function_component(TchoukaMap)]
fn tchouka_map() -> Html {
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
            let read = read_number(&pits_text, "pits", 1..=MAX_TCHOUKA_MAP_PITS as u64)
                .and_then(|p| Ok((p, read_number(&seeds_text, "seeds a pit", 1..=MAX_TCHOUKA_MAP_SEEDS as u64)?)));
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

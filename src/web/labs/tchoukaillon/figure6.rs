//! Figure 6: s(n) from the worker, checked three ways, against n²/π with its O(n) band.

use super::*;

/// Figure 6: s(n) against n²/π, and the error term, computed in the worker.
#[function_component(Figure6)]
pub(super) fn figure_6() -> Html {
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
            match read_typed(&n_text, "n", 1..=MAX_S_OF_N_PAGE) {
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

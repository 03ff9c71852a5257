//! Figure 5: the periods of the first i pits against lcm(1, …, i+1) and the paper's printed values.

use super::*;

/// Figure 5: the period of the first i pits, computed, against lcm(1, …, i+1).
#[function_component(Figure5)]
pub(super) fn figure_5() -> Html {
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

//! Figure 4 live: the winning positions of any range of s beside the paper's printed rows, each
//! watched harvest by harvest or played.

use super::*;

/// The printed Figure 4 (the seed text's rows), by s: the pits and what the OCR did to them.
fn printed_rows() -> Vec<(u64, String, String)> {
    crate::data::rows(crate::data::TCHOUKAILLON_FIGURE_4)
        .filter_map(|r| Some((r.first()?.parse().ok()?, r.get(1)?.to_string(), r.get(3).map_or("", |v| v).to_string())))
        .collect()
}

/// Figure 4, live: the winning positions for a range of s with h_s, beside the printed table,
/// each row watchable move by move on a board and playable on the play page.
#[function_component(Figure4)]
pub(super) fn figure_4() -> Html {
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
            match read_typed(&from_text, "from s", 0..=MAX_FROM)
                .and_then(|f| Ok((f, read_typed(&rows_text, "rows", 1..=MAX_ROWS)?)))
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

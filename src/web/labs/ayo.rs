//! The Ayo = Tchoukaillon lab (Broline & Loeb, Theorem 3): for s stones, the determined Ayo
//! endgame (South's side from Tchoukaillon's winning position, North's single stone in pit 1)
//! and the Tchoukaillon position side by side, played in lockstep — North's forced move is a
//! harvest of pit 1, each of South's captures a harvest of the same pit — and every candidate
//! position of boards of 2 to 7 pits a side played out on the Ayo engine in the worker.

use yew::prelude::*;

use crate::engine::{Player, Position};
use crate::families::oware::Oware;
use crate::families::tchoukaillon::{Tchoukaillon, TchoukaillonMove};
use crate::families::AnyPosition;
use crate::labs::ayo::{
    ayo_of, determined_line, AyoLab, AyoParams, Determined, DeterminedTask, MAX_DETERMINED_PAGE, MAX_STONES,
};
use crate::labs::Linked;
use crate::web::board::Board;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
pub type Props = super::LabProps<AyoParams>;

/// One ply of the lockstep: the two positions after it and what happened, in words.
struct Ply {
    ayo: Oware,
    tchouk: Tchoukaillon,
    words: String,
}

/// The lockstep from the position for `s` stones, or why there is none.
fn lockstep(s: u32) -> Result<(usize, Vec<Ply>), String> {
    let w = Tchoukaillon::winning_position(s)
        .ok_or_else(|| format!("{s} stones: Tchoukaillon's winning position needs more pits than a board has here"))?;
    let len = w.pits().iter().rposition(|&x| x > 0).map_or(1, |i| i + 1);
    let n = (len.max(2) - 1).max(6);
    if n > 12 {
        return Err(format!(
            "{s} stones: the winning position uses {len} pits, more than an Ayo board of 12 pits a side holds"
        ));
    }
    let start = ayo_of(&w.pits()[..len], n).ok_or("no Ayo position")?;
    let line = determined_line(&start)
        .ok_or_else(|| format!("{s} stones: the Ayo position is not determined (a defect: Theorem 3 says it is)"))?;
    let mut plies = vec![Ply { ayo: start, tchouk: w.clone(), words: "The start.".into() }];
    let mut south = line.into_iter();
    let (mut a, mut t) = (start, w);
    while !a.is_over() {
        let (mv, who) = if a.turn() == Player::North {
            (a.legal_moves()[0].0, Player::North)
        } else {
            match south.next() {
                Some(m) => (m, Player::South),
                None => break,
            }
        };
        // The paper's pit: North's a is pit 1; South's pit j is pit n + 1 - j.
        let pit = if who == Player::North { 1 } else { n + 1 - mv as usize };
        let before = a.captured().south;
        a.play_unchecked(mv as usize);
        t = t
            .play(TchoukaillonMove(pit as u16))
            .map_err(|e| format!("Tchoukaillon refuses pit {pit}: {}", e.reason))?
            .0;
        let words = if who == Player::North {
            "North plays his single stone from pit 1 into pit 0 ↔ Tchoukaillon harvests pit 1 (1 stone into the Roumba).".to_string()
        } else {
            format!(
                "South sows pit {pit} ({pit} stones), the last on North's stone in pit 0, capturing {} ↔ Tchoukaillon harvests pit {pit}, its last stone into the Roumba.",
                a.captured().south - before
            )
        };
        plies.push(Ply { ayo: a, tchouk: t.clone(), words });
    }
    // North's last stone is awarded to him, not played: in Tchoukaillon, the last harvest of
    // pit 1.
    if a.is_over() && t.pit(1) == 1 {
        t = t.play(TchoukaillonMove(1)).map_err(|e| format!("Tchoukaillon refuses pit 1: {}", e.reason))?.0;
        let words = "(The Ayo game ended with South's last capture: North, who could not leave her a move, was awarded his last stone.) ↔ Tchoukaillon harvests pit 1: every stone is in the Roumba.".to_string();
        plies.push(Ply { ayo: a, tchouk: t, words });
    }
    Ok((n, plies))
}

/// Tchoukaillon's pits 1..=n+1 as the Ayo board holds them (North's pit 1, South's side).
fn agrees(a: &Oware, t: &Tchoukaillon, n: usize) -> bool {
    (1..=n + 1).all(|i| {
        let ayo = if i == 1 { a.pit(Player::North, 0) } else { a.pit(Player::South, n + 1 - i) };
        let tk = t.pits().get(i - 1).copied().unwrap_or(0);
        ayo == tk || a.is_over()
    })
}

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let s = props.params.params.s;
    let step = use_state(|| 0usize);
    {
        let step = step.clone();
        use_effect_with(s, move |_| step.set(0));
    }
    let lab = use_lab::<AyoLab>();
    let typed = use_state(|| s.to_string());
    {
        // The box shows the stones on display (after Back, or a link to another s).
        let typed = typed.clone();
        use_effect_with(s, move |s| typed.set(s.to_string()));
    }
    let go = {
        let typed = typed.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&Route::Ayo(Linked::read(&format!("s={}", typed.trim()))).to_string());
            }
        })
    };
    let on_type = crate::web::play::bind_input(&typed);
    let check = {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| {
            lab.run(DeterminedTask { max_pits: MAX_DETERMINED_PAGE });
        })
    };
    let body = match lockstep(s) {
        Err(e) => html! { <p class="error" role="alert">{e}</p> },
        Ok((n, plies)) => {
            let k = (*step).min(plies.len() - 1);
            let ply = &plies[k];
            let set = |to: usize| {
                let step = step.clone();
                Callback::from(move |_: MouseEvent| step.set(to))
            };
            let last = plies.len() - 1;
            let ayo = AnyPosition::from(ply.ayo);
            let tk = AnyPosition::from(ply.tchouk.clone());
            let ok = agrees(&ply.ayo, &ply.tchouk, n);
            let c = ply.ayo.captured();
            html! {
                <>
                    <div class="lockstep-controls">
                        <button class="start" onclick={set(0)} disabled={k == 0}>{"« Start"}</button>
                        <button class="back" onclick={set(k.saturating_sub(1))} disabled={k == 0}>{"‹ Back"}</button>
                        <button class="step" onclick={set((k + 1).min(last))} disabled={k == last}>{"Step ›"}</button>
                        <button class="end" onclick={set(last)} disabled={k == last}>{"End »"}</button>
                        <span class="ply">{format!("ply {k} of {last}")}</span>
                    </div>
                    if plies[0].ayo.turn() == Player::South {
                        <p class="help">{format!("Tchoukaillon's winning position for {s} stones leaves pit 1 empty: the Ayo position has North's stone in pit 0 (which Tchoukaillon ignores), {} stones in all, and South moves first.", s + 1)}</p>
                    }
                    <p class="ply-words" aria-live="polite">{ply.words.clone()}</p>
                    <div class="lockstep">
                        <figure>
                            <Board position={ayo.clone()} shown={ayo.cells()} interactive={false} />
                            <figcaption>{format!("Ayo, {n} pits a side, {}: South has captured {}, North {}.", if ply.ayo.is_over() { "game over".to_string() } else { format!("{} to move", ply.ayo.turn()) }, c.south, c.north)}</figcaption>
                        </figure>
                        <figure>
                            <Board position={tk.clone()} shown={tk.cells()} interactive={false} />
                            <figcaption>{format!("Tchoukaillon: {} in the Roumba.", ply.tchouk.roumba())}</figcaption>
                        </figure>
                    </div>
                    <p class={classes!("verdict", (!ok).then_some("fails"))}>{
                        if ok { "Pits 1 to n + 1 agree: North's pit 1 and South's pits are Tchoukaillon's pits, pit 0 and the rest of North's side ignored." }
                        else { "The boards disagree here (a defect)." }
                    }</p>
                    if k == last {
                        <p>{format!("The end: South has captured {} stones and North is awarded {} — Definition 1 holds, checked on the Ayo engine; Tchoukaillon is won.", c.south, c.north)}</p>
                    }
                </>
            }
        }
    };
    html! {
        <main class="lab ayo-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Ayo = Tchoukaillon"}</nav>
            <h1>{"Ayo's determined endgames are Tchoukaillon's winning positions"}</h1>
            <p class="lede">{"Broline & Loeb (\"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", Theorem 3): an Ayo position is determined when South can capture at every turn, never from an Odu, leaving North one stone after each of her turns, until she has captured all but the one North is awarded. Ignore North's pits from pit 0 on and what remains is a game of Tchoukaillon: North's forced move harvests pit 1, and each of South's captures harvests a pit holding as many stones as its distance from pit 0."}</p>
            { super::link_faults(&props.params.faults) }
            <form class="stones" onsubmit={go}>
                <label>{"Stones "}<input type="number" min="1" max={MAX_STONES.to_string()} value={(*typed).clone()} oninput={on_type} /></label>
                <button type="submit">{"Show"}</button>
            </form>
            {body}
            <section class="determined-check">
                <h2>{"Every candidate, played out"}</h2>
                <p>{format!("In a determined line South's pit i (the paper's numbering) is only ever sown with at most i stones, so a candidate holds at most i stones in pit i: finitely many. Each is played out on the Ayo engine for boards of 2 to {MAX_DETERMINED_PAGE} pits a side; the paper says a determined position on 12 pits has at most 21 stones.")}</p>
                <button class="check" onclick={check} disabled={lab.running()}>{"Check every candidate"}</button>
                if lab.running() { <p aria-live="polite">{"Playing every candidate in the worker…"}</p> }
                if let Some(e) = lab.error() { <p class="error">{e}</p> }
                if let (false, Some(Determined { boards })) = (lab.running(), lab.answer()) {
                    <table class="determined-table">
                        <thead><tr><th>{"pits"}</th><th>{"candidates"}</th><th>{"determined"}</th><th>{"most stones"}</th><th>{"= Tchoukaillon's winning positions"}</th></tr></thead>
                        <tbody>{ for boards.iter().map(|b| html! {
                            <tr>
                                <td>{format!("{} × 2", b.pits)}</td>
                                <td>{crate::web::group(b.candidates as u128)}</td>
                                <td>{b.by_stones.iter().map(|e| e.1 + e.2).sum::<u32>()}</td>
                                <td class="largest">{b.largest}</td>
                                <td>{if b.bijection_holds { "yes" } else { "NO" }}</td>
                            </tr>
                        }) }</tbody>
                    </table>
                    <p class="help">{format!("In {:.1} s in the worker. The CLI checks boards up to 8 pits a side: mancala-lab determined --pits 8.", lab.elapsed_ms() / 1000.0)}</p>
                }
            </section>
        </main>
    }
}

//! The Towers-of-Hanoi sowing puzzle (Erickson, "Sowing Games" §2): play it on a row of pots,
//! watch both of Erickson's algorithms and a proven-shortest line, and read the three
//! sequences side by side, the minimum searched exhaustively in the worker.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::engine::{Cell, Player};
use crate::families::row::Direction;
use crate::families::sowing::{Sowing, SowingMove, SowingRules};
use crate::families::{AnyMove, AnyPosition};
use crate::labs::hanoi::{
    self, HanoiLab, HanoiMove, HanoiParams, HanoiTask, Minima, Minimum, MAX_HANOI_PAGE, MAX_PLAY,
};
use crate::web::board::Board;
use crate::web::group;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
pub type Props = super::LabProps<HanoiParams>;

/// Which line the board plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// The user's own moves.
    Own,
    /// Erickson's first algorithm.
    Exponential,
    /// His second.
    Recursive,
    /// A shortest line found by the search.
    Shortest,
}

/// The row as a Sowing position, for the board (impartial: both ways drawn).
fn row_position(pots: &[u8]) -> AnyPosition {
    let rules = SowingRules::new(pots.len().clamp(1, 24) as u32, 1, true).expect("1 to 24 pots");
    let counts: Vec<u32> = pots.iter().map(|&p| p as u32).collect();
    AnyPosition::from(Sowing::new(rules, &counts, Player::South).expect("a row"))
}

fn describe(pots: &[u8], mv: HanoiMove) -> String {
    let k = pots[mv.pot as usize];
    let to = if mv.dir == Direction::Right { mv.pot as usize + k as usize } else { mv.pot as usize - k as usize };
    format!(
        "pot {} sows its {} seed{} to the {}, the last into pot {} ({} before)",
        mv.pot + 1,
        k,
        if k == 1 { "" } else { "s" },
        if mv.dir == Direction::Right { "right" } else { "left" },
        to + 1,
        pots[to]
    )
}

/// "1 move", "2 moves".
fn plural(k: usize, word: &str) -> String {
    format!("{k} {word}{}", if k == 1 { "" } else { "s" })
}

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let n = props.params.params.n;
    let lab = use_lab::<HanoiLab>();
    {
        let lab = lab.clone();
        use_effect_with(n, move |&n| {
            // Far enough for the board's n too (16 pots: about 2 s).
            lab.run(HanoiTask { max_n: n.max(14) });
        });
    }
    let running = lab.running();
    let latest = if running { lab.progress().or_else(|| lab.answer()) } else { lab.answer() };
    let done = !running && lab.answer().is_some();
    let Minima { both, right } = latest.unwrap_or_default();
    let more = {
        let lab = lab.clone();
        Callback::from(move |_: MouseEvent| {
            lab.run(HanoiTask { max_n: MAX_HANOI_PAGE });
        })
    };
    let shortest = both.get(n - 1).filter(|m| m.moves.is_some()).map(|m| m.line.clone());
    html! {
        <main class="lab hanoi-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › The Towers of Hanoi go to Africa"}</nav>
            <h1>{"The Towers of Hanoi go to Africa: gathering 1ⁿ into the last pot"}</h1>
            <p class="lede">{"Erickson, \"Sowing Games\" §2. Start with n pots of one seed each and move every seed into the last pot with Sowing's moves: empty a pot into the following pots, one seed each, the last seed neither into an empty pot nor past the end of the row. A pot may be sown to the right or to the left (the impartial game's moves): Erickson's first algorithm needs both, since it begins by gathering seeds towards the first pot. He gives two algorithms, so an upper bound; the true minimum is searched here."}</p>
            { super::link_faults(&props.params.faults) }
            <form class="pots-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <span>{"Pots: "}</span>
                { for (2..=MAX_PLAY).map(|k| html! {
                    <a class={classes!("n-link", (k == n).then_some("current"))} href={Route::lab::<HanoiLab>(HanoiParams { n: k }).to_string()}>{k}</a>
                }) }
            </form>
            <Puzzle key={n} n={n} shortest={shortest} />
            <section class="hanoi-table">
                <h2>{"Three sequences side by side"}</h2>
                <p>{"2ⁿ⁻¹ − 1 (the first algorithm: Theorem 2.1's exponential followers), T(n) (the second: T(2m) = 3T(m) + 1, T(2m+1) = 2T(m) + T(m+1) + 2), and the true minimum, proven by a breadth-first search from both ends in the worker (checked against a plain search for small n). The last column allows rightward moves only."}</p>
                if running { <p aria-live="polite">{format!("Searching in the worker… n = {} done", both.len())}</p> }
                if let Some(e) = lab.error() { <p class="error">{e}</p> }
                <div class="table-scroll">
                    <table class="hanoi-sequences">
                        <thead><tr><th>{"n"}</th><th>{"2ⁿ⁻¹ − 1"}</th><th>{"T(n)"}</th><th>{"minimum"}</th><th>{"T(n) optimal?"}</th><th>{"positions searched"}</th><th>{"rightward only"}</th></tr></thead>
                        <tbody>{ for both.iter().zip(&right).map(|(b, r)| row(b, r)) }</tbody>
                    </table>
                </div>
                if done { {verdict(&both, &right)} }
                if done && both.len() < MAX_HANOI_PAGE {
                    <button class="more" onclick={more} disabled={running}>{format!("Search to n = {MAX_HANOI_PAGE}")}</button>
                }
                <p class="help">{"Further natively: mancala-lab hanoi N (JSON keys n, exponential, recursive, minimum, states, …)."}</p>
            </section>
        </main>
    }
}

fn row(b: &Minimum, r: &Minimum) -> Html {
    let n = b.n as u64;
    let t = hanoi::t_of(n);
    let min = match (b.moves, b.cut) {
        (Some(m), _) => m.to_string(),
        (None, true) => "not settled".into(),
        (None, false) => "unsolvable".into(),
    };
    let optimal = match b.moves {
        Some(m) if m == t => "yes",
        Some(_) => "no",
        None => "?",
    };
    let rightward = match (r.moves, r.cut) {
        (Some(m), _) => m.to_string(),
        (None, true) => "not settled".into(),
        (None, false) => "cannot be solved".into(),
    };
    html! {
        <tr>
            <td>{n}</td>
            <td class="num">{group(hanoi::exponential_count(n) as u128)}</td>
            <td class="num">{t}</td>
            <td class="num min">{min}</td>
            <td class={classes!("opt", (optimal == "no").then_some("not"))}>{optimal}</td>
            <td class="num">{group(b.states as u128)}</td>
            <td class={classes!("right", r.moves.is_none().then_some("none"))}>{rightward}</td>
        </tr>
    }
}

fn verdict(both: &[Minimum], right: &[Minimum]) -> Html {
    let last = both.len();
    let (optimal, shorter): (Vec<&Minimum>, Vec<&Minimum>) =
        both.iter().filter(|m| m.moves.is_some()).partition(|m| m.moves == Some(hanoi::t_of(m.n as u64)));
    let list = |ms: &[&Minimum]| ms.iter().map(|m| m.n.to_string()).collect::<Vec<_>>().join(", ");
    let solvable_right: Vec<String> = right.iter().filter(|m| m.moves.is_some()).map(|m| m.n.to_string()).collect();
    html! {
        <p class="verdict">{format!(
            "Searched for n = 1 to {last}: T(n) is the minimum for n = {}; for n = {} a shorter line exists, so Erickson's second algorithm is not optimal there. With rightward moves only the puzzle can be solved for n = {} and for no other n up to {last}.",
            list(&optimal),
            if shorter.is_empty() { "none".to_string() } else { list(&shorter) },
            solvable_right.join(", ")
        )}</p>
    }
}

/// Properties of [`Puzzle`].
#[derive(Properties, PartialEq)]
struct PuzzleProps {
    n: usize,
    shortest: Option<Vec<HanoiMove>>,
}

/// The puzzle on a board: the user's own moves, or a line played out (stepped, or on a timer).
#[function_component(Puzzle)]
fn puzzle(props: &PuzzleProps) -> Html {
    let n = props.n;
    let own = use_state(Vec::<HanoiMove>::new);
    let line = use_state(|| Line::Own);
    let step = use_state(|| 0usize);
    let playing = use_state(|| false);
    let speed = use_state(|| 600u32);
    // The line and its positions, made again only when the line changes (the first algorithm
    // on 16 pots is 32,767 moves; the timer re-renders every step).
    let played = use_memo((*line, (*own).clone(), props.shortest.clone(), n), |(line, own, shortest, n)| {
        let moves: Vec<HanoiMove> = match line {
            Line::Own => own.clone(),
            Line::Exponential => hanoi::exponential(*n),
            Line::Recursive => hanoi::recursive(*n),
            Line::Shortest => shortest.clone().unwrap_or_default(),
        };
        let positions = hanoi::replay(*n, &moves).unwrap_or_else(|_| vec![hanoi::start(*n)]);
        (moves, positions)
    });
    let (moves, positions) = (&played.0, &played.1);
    let last = positions.len() - 1;
    let k = if *line == Line::Own { last } else { (*step).min(last) };
    {
        // The timer: one move every 600 ms while playing.
        let (step, playing) = (step.clone(), playing.clone());
        use_effect_with((*playing, k, last, *speed), move |&(on, k, last, ms)| {
            let t = (on && k < last).then(|| Timeout::new(ms, move || step.set(k + 1)));
            if on && k >= last {
                playing.set(false);
            }
            move || drop(t)
        });
    }
    let pots = &positions[k];
    let ap = row_position(pots);
    let solved = hanoi::is_solved(pots);
    let shown_move = if k > 0 { moves.get(k - 1).copied() } else { None };
    let on_play = {
        let (own, line, pots) = (own.clone(), line.clone(), pots.clone());
        Callback::from(move |mv: AnyMove| {
            let Ok(m) = SowingMove::try_from(mv) else { return };
            if *line != Line::Own || !hanoi::is_legal(&pots, m) {
                return;
            }
            let mut v = (*own).clone();
            v.push(m);
            own.set(v);
        })
    };
    let choose = |l: Line| {
        let (line, step, playing) = (line.clone(), step.clone(), playing.clone());
        Callback::from(move |_: MouseEvent| {
            line.set(l);
            step.set(0);
            playing.set(l != Line::Own);
        })
    };
    let set = |to: usize| {
        let (step, playing) = (step.clone(), playing.clone());
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            step.set(to);
        })
    };
    let toggle = {
        let playing = playing.clone();
        Callback::from(move |_: MouseEvent| playing.set(!*playing))
    };
    let on_speed = {
        let speed = speed.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = crate::web::play::select_value(&e).parse() {
                speed.set(v);
            }
        })
    };
    let undo = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| {
            let mut v = (*own).clone();
            v.pop();
            own.set(v);
        })
    };
    let reset = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| own.set(vec![]))
    };
    // The last move's pot and the pots it sowed, from Sowing's own trace.
    let (from, path): (Option<Cell>, Vec<Cell>) = match (shown_move, k.checked_sub(1).and_then(|j| positions.get(j))) {
        (Some(m), Some(before)) => match row_position(before).play(AnyMove::from(m)) {
            Ok((_, t)) => (t.picked(), t.path().collect()),
            Err(_) => (None, vec![]),
        },
        _ => (None, vec![]),
    };
    let words = match (shown_move, k.checked_sub(1).and_then(|j| positions.get(j))) {
        (Some(m), Some(before)) => format!("Move {k}: {}.", describe(before, m)),
        _ if *line == Line::Own => "Click a pot to sow it; where both ways are legal, choose one.".to_string(),
        _ => "The start: one seed in each pot.".to_string(),
    };
    let title = match *line {
        Line::Own => "Your moves".to_string(),
        Line::Exponential => format!("Erickson's first algorithm: 2ⁿ⁻¹ − 1 = {} moves", group(moves.len() as u128)),
        Line::Recursive => format!("Erickson's second algorithm: T({n}) = {}", plural(moves.len(), "move")),
        Line::Shortest => format!("A shortest line, proven: {}", plural(moves.len(), "move")),
    };
    let legal = ap.legal_moves().len();
    html! {
        <section class="puzzle">
            <div class="line-buttons">
                <button class={classes!("own", (*line == Line::Own).then_some("current"))} onclick={choose(Line::Own)}>{"Play it yourself"}</button>
                <button class={classes!("exponential", (*line == Line::Exponential).then_some("current"))} onclick={choose(Line::Exponential)}>{"Watch the first algorithm"}</button>
                <button class={classes!("recursive", (*line == Line::Recursive).then_some("current"))} onclick={choose(Line::Recursive)}>{"Watch the second algorithm"}</button>
                <button class={classes!("shortest", (*line == Line::Shortest).then_some("current"))} onclick={choose(Line::Shortest)} disabled={props.shortest.is_none()}>{"Watch a shortest line"}</button>
                if props.shortest.is_none() { <span class="help">{" (a shortest line once the search below has reached this n)"}</span> }
            </div>
            <h2>{title}</h2>
            if *line == Line::Own {
                <div class="lockstep-controls">
                    <button class="undo" onclick={undo} disabled={own.is_empty()}>{"Undo"}</button>
                    <button class="reset" onclick={reset} disabled={own.is_empty()}>{"Start again"}</button>
                    <span class="ply">{plural(own.len(), "move")}</span>
                </div>
            } else {
                <div class="lockstep-controls">
                    <button class="start" onclick={set(0)} disabled={k == 0}>{"« Start"}</button>
                    <button class="back" onclick={set(k.saturating_sub(1))} disabled={k == 0}>{"‹ Back"}</button>
                    <button class="play" onclick={toggle} disabled={k == last}>{if *playing { "Pause" } else { "Play" }}</button>
                    <button class="step" onclick={set((k + 1).min(last))} disabled={k == last}>{"Step ›"}</button>
                    <button class="end" onclick={set(last)} disabled={k == last}>{"End »"}</button>
                    <span class="ply">{format!("move {} of {}", group(k as u128), group(last as u128))}</span>
                    <label class="speed">{"Speed "}<select onchange={on_speed}>
                        <option value="600" selected={*speed == 600}>{"slow (0.6 s a move)"}</option>
                        <option value="150" selected={*speed == 150}>{"fast (0.15 s)"}</option>
                        <option value="20" selected={*speed == 20}>{"very fast"}</option>
                    </select></label>
                </div>
            }
            <p class="ply-words" aria-live="polite">{words}</p>
            <p class={classes!("puzzle-state", solved.then_some("solved"))}>{
                if solved {
                    format!("Solved: all {n} seeds are in the last pot, in {k} moves.")
                } else if legal == 0 {
                    "No pot can be sown: this line cannot finish. Undo, or start again.".to_string()
                } else {
                    format!("{} in the last pot; {} possible.", plural(pots[n - 1] as usize, "seed"), plural(legal, "move"))
                }
            }</p>
            <Board position={ap.clone()} shown={ap.cells()} interactive={*line == Line::Own && !solved} on_play={on_play} last_move={from} path={path} />
        </section>
    }
}

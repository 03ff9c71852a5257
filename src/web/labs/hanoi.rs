//! The Towers-of-Hanoi sowing puzzle (Erickson, "Sowing Games" §2): play it on a row of pots,
//! watch both of Erickson's algorithms and a proven-shortest line, and read the three
//! sequences side by side, the minimum searched exhaustively in the worker.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::families::sowing::SowingMove;
use crate::families::AnyMove;
use crate::labs::hanoi::{
    self, HanoiLab, HanoiMove, HanoiParams, HanoiTask, Minima, Minimum, MAX_HANOI_PAGE, MAX_PLAY,
};
use crate::web::board::Board;
use crate::web::model::labs::hanoi::{self as model, Line};
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
pub type Props = super::LabProps<HanoiParams>;

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
    let row = model::sequence_row(b, r);
    html! {
        <tr>
            <td>{row.n}</td>
            <td class="num">{row.exponential}</td>
            <td class="num">{row.t}</td>
            <td class="num min">{row.minimum}</td>
            <td class={classes!("opt", (row.optimal == "no").then_some("not"))}>{row.optimal}</td>
            <td class="num">{row.states}</td>
            <td class={classes!("right", row.no_rightward.then_some("none"))}>{row.rightward}</td>
        </tr>
    }
}

fn verdict(both: &[Minimum], right: &[Minimum]) -> Html {
    html! {
        <p class="verdict">{model::verdict(both, right)}</p>
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
        let moves = model::line_moves(*line, own, shortest.as_deref(), *n);
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
    let ap = model::row_position(pots);
    let solved = hanoi::is_solved(pots);
    let shown_move = if k > 0 { moves.get(k - 1).copied() } else { None };
    let before = k.checked_sub(1).and_then(|j| positions.get(j));
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
    // The last move's pot and the pots it sowed, from Sowing's own trace.
    let (from, path) = model::sowing(shown_move, before);
    let legal = ap.legal_moves().len();
    let stepper = Stepper { step, playing, speed };
    html! {
        <section class="puzzle">
            { line_buttons(*line, &line, &stepper, props.shortest.is_none()) }
            <h2>{model::title(*line, n, moves.len())}</h2>
            if *line == Line::Own {
                { own_controls(&own) }
            } else {
                { line_controls(&stepper, k, last) }
            }
            <p class="ply-words" aria-live="polite">{model::words(*line, k, shown_move, before)}</p>
            <p class={classes!("puzzle-state", solved.then_some("solved"))}>{model::state_text(pots, k, legal)}</p>
            <Board position={ap.clone()} shown={ap.cells()} interactive={*line == Line::Own && !solved} on_play={on_play} last_move={from} path={path} />
        </section>
    }
}

/// The puzzle's state that plays a line out: the move shown, whether it plays on a timer,
/// and how fast.
struct Stepper {
    step: UseStateHandle<usize>,
    playing: UseStateHandle<bool>,
    speed: UseStateHandle<u32>,
}

/// The buttons that choose the line the board plays (`current`).
fn line_buttons(current: Line, line: &UseStateHandle<Line>, s: &Stepper, no_shortest: bool) -> Html {
    let choose = |l: Line| {
        let (line, step, playing) = (line.clone(), s.step.clone(), s.playing.clone());
        Callback::from(move |_: MouseEvent| {
            line.set(l);
            step.set(0);
            playing.set(l != Line::Own);
        })
    };
    let class = |name: &'static str, l: Line| classes!(name, (current == l).then_some("current"));
    html! {
        <div class="line-buttons">
            <button class={class("own", Line::Own)} onclick={choose(Line::Own)}>{"Play it yourself"}</button>
            <button class={class("exponential", Line::Exponential)} onclick={choose(Line::Exponential)}>{"Watch the first algorithm"}</button>
            <button class={class("recursive", Line::Recursive)} onclick={choose(Line::Recursive)}>{"Watch the second algorithm"}</button>
            <button class={class("shortest", Line::Shortest)} onclick={choose(Line::Shortest)} disabled={no_shortest}>{"Watch a shortest line"}</button>
            if no_shortest { <span class="help">{" (a shortest line once the search below has reached this n)"}</span> }
        </div>
    }
}

/// Undo and Start again, for the user's own moves.
fn own_controls(own: &UseStateHandle<Vec<HanoiMove>>) -> Html {
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
    html! {
        <div class="lockstep-controls">
            <button class="undo" onclick={undo} disabled={own.is_empty()}>{"Undo"}</button>
            <button class="reset" onclick={reset} disabled={own.is_empty()}>{"Start again"}</button>
            <span class="ply">{model::plural(own.len(), "move")}</span>
        </div>
    }
}

/// The controls that play a line out: at move `k` of `last`.
fn line_controls(s: &Stepper, k: usize, last: usize) -> Html {
    let set = |to: usize| {
        let (step, playing) = (s.step.clone(), s.playing.clone());
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            step.set(to);
        })
    };
    let toggle = {
        let playing = s.playing.clone();
        Callback::from(move |_: MouseEvent| playing.set(!*playing))
    };
    let on_speed = {
        let speed = s.speed.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = crate::web::play::select_value(&e).parse() {
                speed.set(v);
            }
        })
    };
    let speed = *s.speed;
    html! {
        <div class="lockstep-controls">
            <button class="start" onclick={set(0)} disabled={k == 0}>{"« Start"}</button>
            <button class="back" onclick={set(k.saturating_sub(1))} disabled={k == 0}>{"‹ Back"}</button>
            <button class="play" onclick={toggle} disabled={k == last}>{if *s.playing { "Pause" } else { "Play" }}</button>
            <button class="step" onclick={set((k + 1).min(last))} disabled={k == last}>{"Step ›"}</button>
            <button class="end" onclick={set(last)} disabled={k == last}>{"End »"}</button>
            <span class="ply">{model::ply_text(k, last)}</span>
            <label class="speed">{"Speed "}<select onchange={on_speed}>
                <option value="600" selected={speed == 600}>{"slow (0.6 s a move)"}</option>
                <option value="150" selected={speed == 150}>{"fast (0.15 s)"}</option>
                <option value="20" selected={speed == 20}>{"very fast"}</option>
            </select></label>
        </div>
    }
}

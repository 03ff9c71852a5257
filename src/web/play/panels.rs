//! The small panels of the play page: the controls under the board, the players, sharing, and
//! the rules card.

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::game::{Action, GameHandle, Opponent, Speed};
use super::game_href;
use crate::engine::text::visible;
use crate::engine::Player;
use crate::families::AnyRules;

/// Properties of the panels that show or change the game.
#[derive(Properties, PartialEq, Clone)]
pub struct GameProps {
    /// The game.
    pub game: GameHandle,
}

/// The value of the select element an event came from.
pub(crate) fn select_value(e: &Event) -> String {
    e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok()).map(|i| i.value()).unwrap_or_default()
}

/// The value of the input element an event came from.
pub(crate) fn input_value(e: &InputEvent) -> String {
    e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_default()
}

/// The value of the text area an event came from.
pub(crate) fn textarea_value(e: &Event) -> String {
    e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()).map(|i| i.value()).unwrap_or_default()
}

/// A text box bound to `state`: what is typed goes there.
pub(crate) fn bind_input(state: &UseStateHandle<String>) -> Callback<InputEvent> {
    let state = state.clone();
    Callback::from(move |e: InputEvent| state.set(input_value(&e)))
}

/// Under the board: step through the game, undo and redo, the animation.
#[function_component(Controls)]
pub fn controls(props: &GameProps) -> Html {
    let game = &props.game;
    let st = game.state();
    let g = game.game();
    let n = g.moves().len();
    let act = |a: fn() -> Action| {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.dispatch(a()))
    };
    let go = |k: usize| {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.goto(k))
    };
    let set_speed = {
        let game = game.clone();
        Callback::from(move |e: Event| game.dispatch(Action::SetSpeed(Speed(select_value(&e).parse().unwrap_or(120)))))
    };
    let cur = st.speed.0;
    let can_undo = g.ply() > 0 || st.previous.is_some();
    html! {
        <div class="controls">
            <div class="nav-buttons">
                <button onclick={go(0)} disabled={g.ply() == 0} aria-label="First position" title="Home">{"« Start"}</button>
                <button class="undo" onclick={act(|| Action::Undo)} disabled={!can_undo}
                    title={if g.ply() == 0 && st.previous.is_some() { "Back to the game before" } else { "Back to the last move of a person" }}>{"Undo"}</button>
                <button class="redo" onclick={act(|| Action::Redo)} disabled={g.ply() >= n} title="Forward one move (key →)">{"Redo"}</button>
                <button onclick={go(n)} disabled={g.ply() >= n} aria-label="Last position" title="End">{"End »"}</button>
                // Over the row's right end while a sowing is shown, so nothing below moves.
                if st.anim.is_some() {
                    <span class="anim-extras">
                        if let Some((lap, laps)) = st.anim_lap().filter(|&(_, laps)| laps > 1) {
                            <span class="lap-counter" aria-live="off">{format!("lap {lap} of {laps}")}</span>
                        }
                        if st.shown().1.is_some_and(|h| h.skipping) {
                            <span class="skip-note">{"the hand skips the pit it emptied"}</span>
                        }
                        <button class="skip" onclick={act(|| Action::Skip)}>{"Skip animation"}</button>
                    </span>
                }
                if st.previous.is_some() {
                    <button class="back" onclick={act(|| Action::Back)}>{"Back to the game before"}</button>
                }
            </div>
            <label class="speed">{"Animation: "}
                <select onchange={set_speed} aria-label="Animation speed">
                    { for [(400, "slow"), (120, "normal"), (40, "fast"), (0, "no animation")].iter().map(|(ms, name)| html! {
                        <option value={ms.to_string()} selected={cur == *ms}>{*name}</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// Who plays each side (two-player games only).
#[function_component(Players)]
pub fn players(props: &GameProps) -> Html {
    let game = &props.game;
    if game.game().start().family().is_solitaire() {
        return html! {};
    }
    let select = |p: Player| {
        let cur = *game.game().players().get(p);
        let name = game.game().start().player_name(p);
        let databases = game.game().start().rules().has_databases();
        let game = game.clone();
        let onchange = Callback::from(move |e: Event| {
            let i: usize = select_value(&e).parse().unwrap_or(0);
            game.dispatch(Action::SetPlayer(p, Opponent::ALL[i.min(Opponent::ALL.len() - 1)]));
        });
        html! {
            <label>{format!("{name}: ")}
                <select {onchange} class={format!("player-{}", p.letter())}>
                    { for Opponent::ALL.iter().enumerate().map(|(i, o)| html! { <option value={i.to_string()} selected={*o == cur}>{o.name(databases)}</option> }) }
                </select>
            </label>
        }
    };
    html! {
        <section class="panel players" aria-label="Players">
            <h2>{"Players"}</h2>
            {select(Player::South)}
            {select(Player::North)}
        </section>
    }
}

/// The link to this game and position, and the game's record to keep or send (and to open one).
#[function_component(Share)]
pub fn share(props: &GameProps) -> Html {
    let copied = use_state(|| false);
    let game = &props.game;
    let href = game_href(game.game());
    let onclick = {
        let href = href.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&href);
            }
            copied.set(true);
        })
    };
    let record = game.game().record();
    let download = format!("data:text/plain;charset=utf-8,{}", crate::notation::percent_encode(&record));
    let file = format!("{}.txt", game.game().rules());
    // A record pasted to open, and what is wrong with it.
    let pasted = use_state(String::new);
    let fault = use_state(|| None::<String>);
    let on_paste = {
        let (pasted, fault) = (pasted.clone(), fault.clone());
        Callback::from(move |e: InputEvent| {
            pasted.set(textarea_input(&e));
            fault.set(None);
        })
    };
    let open = {
        let (game, pasted, fault) = (game.clone(), pasted.clone(), fault.clone());
        Callback::from(move |_: MouseEvent| {
            let (g, err) = crate::notation::Game::from_record_lenient(&pasted);
            match err {
                Some(e) => {
                    // The fault alone (what a link would show instead does not apply: nothing
                    // is opened), and no older notice left beside it.
                    game.dispatch(Action::Notice(None));
                    // A link's "shown from its start" does not apply: a faulty record opens nothing.
                    let e =
                        crate::engine::text::visible(&e.to_string()).replace("; the game is shown from its start", "");
                    fault.set(Some(format!("{e}. Nothing was opened: mend the record and open it again.")));
                }
                None => {
                    game.dispatch(Action::Open(g));
                    game.notice("The record is open: \"Back to the game before\" returns to the game it replaced.");
                    pasted.set(String::new());
                    // The board and the notice, at the top, in view.
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                }
            }
        })
    };
    // A record file chosen: its text in the box, to read before opening it.
    let on_file = {
        let (pasted, fault) = (pasted.clone(), fault.clone());
        Callback::from(move |e: Event| {
            let file = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                .and_then(|i| i.files())
                .and_then(|f| f.get(0));
            let Some(file) = file else { return };
            if file.size() > crate::notation::MAX_RECORD as f64 {
                let (kb, most) = (file.size() / 1000.0, crate::notation::MAX_RECORD / 1000);
                fault.set(Some(format!("{} is {kb:.0} KB: a record is at most {most} KB.", visible(&file.name()))));
                return;
            }
            let (pasted, fault) = (pasted.clone(), fault.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string()) {
                    Some(text) => {
                        pasted.set(text);
                        fault.set(None);
                    }
                    None => fault.set(Some(format!("The file {} could not be read.", visible(&file.name())))),
                }
            });
        })
    };
    html! {
        <section class="panel share" aria-label="Share">
            <h2>{"Share"}</h2>
            <button class="copy-link" {onclick}>{"Copy link"}</button>
            if *copied { <span class="copied" role="status">{" Link copied."}</span> }
            <input class="link" readonly=true value={href} aria-label="Link to this game" onfocus={Callback::from(|e: FocusEvent| {
                if let Some(i) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) { i.select(); }
            })} />
            <details class="record">
                <summary>{"Game record (keep it, send it, open one)"}</summary>
                <p class="help">{"The rules, the setup, the players and every line with its comments, as text (docs/record.md). The command-line tool reads and writes the same text: mancala-lab show --record."}</p>
                <textarea class="record-text" readonly=true rows="6" value={record} aria-label="This game's record" />
                <a class="download-record" href={download} download={file}>{"Download the record"}</a>
                <label class="record-import">{"Open a record (paste it here)"}
                    <textarea rows="4" value={(*pasted).clone()} oninput={on_paste} aria-invalid={fault.is_some().to_string()} />
                </label>
                <label class="record-file">{"or choose a file: "}<input type="file" accept=".txt,text/plain" onchange={on_file} /></label>
                <button class="open-record" onclick={open} disabled={pasted.trim().is_empty()}>{"Open this record"}</button>
                if let Some(f) = &*fault { <p class="error field-error" role="alert">{f.clone()}</p> }
            </details>
        </section>
    }
}

/// The value of the text area an input event came from.
fn textarea_input(e: &InputEvent) -> String {
    e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()).map(|i| i.value()).unwrap_or_default()
}

/// Properties of [`RulesCard`].
#[derive(Properties, PartialEq, Clone)]
pub struct RulesProps {
    /// The rule set.
    pub rules: AnyRules,
    /// Open at first (the play page's); the trainer's starts closed.
    #[prop_or(true)]
    pub open: bool,
}

/// The rules card of a rule set: the rules, their sources, our choices.
#[function_component(RulesCard)]
pub fn rules_card(props: &RulesProps) -> Html {
    let c = props.rules.card();
    html! {
        <details class="panel rules-card" open={props.open}>
            <summary>{format!("Rules: {}", c.title)}</summary>
            { for c.rules.iter().map(|r| html! { <p>{r.clone()}</p> }) }
            <h3>{"Sources"}</h3>
            <ul>{ for c.sources.iter().map(|r| html! { <li>{r.clone()}</li> }) }</ul>
            if !c.choices.is_empty() {
                <h3>{"Our choices"}</h3>
                <ul>{ for c.choices.iter().map(|r| html! { <li>{r.clone()}</li> }) }</ul>
            }
        </details>
    }
}

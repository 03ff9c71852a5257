//! The move list: numbered, one row a turn (a turn of Kalah or Dakon may hold several moves),
//! each move a button that shows its position.

use yew::prelude::*;

use super::describe_move;
use super::panels::GameProps;

/// The moves of the game, grouped by turn; the list keeps the current move in view.
#[function_component(MoveList)]
pub fn move_list(props: &GameProps) -> Html {
    let game = &props.game;
    let g = game.game();
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((g.ply(), g.moves().len()), move |_| {
            let el = list.cast::<web_sys::HtmlElement>();
            let current = el.as_ref().and_then(|l| l.query_selector(".ply.current").ok().flatten());
            if let (Some(l), Some(c)) =
                (el, current.and_then(|c| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(c).ok()))
            {
                // The list is positioned (CSS), so a move's offset is from the list's top.
                let top = c.offset_top();
                if top < l.scroll_top() || top + c.offset_height() > l.scroll_top() + l.client_height() {
                    l.set_scroll_top(top - l.client_height() / 2);
                }
            }
        });
    }
    let solitaire = g.start().family().is_solitaire();
    // Turns: runs of consecutive moves by the same player (each move its own row in a
    // solitaire).
    let mut turns: Vec<Vec<usize>> = vec![];
    for k in 1..=g.moves().len() {
        let who = g.position_at(k - 1).turn();
        match turns.last_mut() {
            Some(t) if !solitaire && g.position_at(t[0] - 1).turn() == who => t.push(k),
            _ => turns.push(vec![k]),
        }
    }
    let ply_button = |k: usize, label: String, aria: String| {
        let game = game.clone();
        html! {
            <button class={classes!("ply", (g.ply() == k).then_some("current"))} aria-label={aria}
                aria-current={(g.ply() == k).then_some("step")}
                onclick={Callback::from(move |_: MouseEvent| game.goto(k))}>{label}</button>
        }
    };
    html! {
        <section class="panel moves" aria-label="Moves">
            <h2>{"Moves"}</h2>
            <ol class="move-list" ref={list}>
                <li class="start">{ ply_button(0, "start".into(), "The start position".into()) }</li>
                { for turns.iter().enumerate().map(|(i, t)| {
                    let who = g.position_at(t[0] - 1).turn();
                    html! {
                        <li class="turn">
                            <span class="turn-no">{format!("{}.", i + 1)}</span>
                            if !solitaire { <span class="who">{g.start().player_name(who)}</span> }
                            { for t.iter().map(|&k| ply_button(k, g.moves()[k - 1].to_string(), format!("Move {k}: {}", describe_move(g, k)))) }
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}

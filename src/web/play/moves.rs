//! The move list: the game's tree, lichess style. The main line is numbered, one row a turn (a
//! turn of Kalah or Dakon may hold several moves); the moves played instead of a main-line
//! move follow its row in parentheses, nested as deep as they go. Every move is a button that
//! shows its position; under the list, the node on screen can be promoted, deleted or
//! commented.

use yew::prelude::*;

use super::game::{Action, GameHandle};
use super::panels::GameProps;
use crate::engine::text::visible;
use crate::notation::{Game, NodeId};

/// Move `node`'s move in words, for its accessible name.
fn describe(g: &Game, node: NodeId) -> String {
    let (Some(parent), Some(mv)) = (g.parent(node), g.move_of(node)) else {
        return "The start position".into();
    };
    let before = g.position_of(parent);
    match g.trace_of(node) {
        Some(t) => before.describe_move(mv, t, g.position_of(node)),
        None => format!("{} plays {mv}", before.turn()),
    }
}

/// A move's button: shows its node.
fn node_button(game: &GameHandle, node: NodeId, label: String) -> Html {
    let g = game.game();
    let current = g.node() == node;
    let onclick = {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.dispatch(Action::GotoNode(node)))
    };
    let comment = g.comment(node);
    html! {
        <>
            <button class={classes!("ply", current.then_some("current"))} aria-label={format!("Move {}: {}", g.depth(node), describe(g, node))}
                aria-current={current.then_some("step")} data-node={node.to_string()} {onclick}>{label}</button>
            if !comment.is_empty() { <span class="comment">{visible(comment).into_owned()}</span> }
        </>
    }
}

/// Moves a side line may have to be written inline, in parentheses, among the moves it
/// stands beside.
const INLINE_MOVES: usize = 6;

/// Whether the side line from `node` is short (at most [`INLINE_MOVES`] moves, with no side
/// line of its own): written inline; a longer one is a block indented under the move it stands
/// instead of, so that nested lines read as a tree, not as a ladder of parentheses.
fn is_short(g: &Game, node: NodeId) -> bool {
    let mut n = node;
    for _ in 0..INLINE_MOVES {
        match g.children(n) {
            [] => return true,
            [c] => n = *c,
            _ => return false,
        }
    }
    g.children(n).is_empty()
}

/// A side line from `node`, where it stands: inline in parentheses when short, else an
/// indented block.
fn variation(game: &GameHandle, node: NodeId) -> Html {
    if is_short(game.game(), node) {
        html! { <span class="variation nested">{"("}{side_line(game, node)}{")"}</span> }
    } else {
        html! { <div class="variation block" role="group" aria-label="Side line">{side_line(game, node)}</div> }
    }
}

/// The number of the turn a move belongs to, as the main line numbers its turns: a turn is a
/// run of moves by one player (each move of a solitaire its own).
fn turn_number(g: &Game, node: NodeId) -> usize {
    let solitaire = g.start().family().is_solitaire();
    let path = g.path(node);
    let mut turns = 0;
    let mut last = None;
    for w in path.windows(2) {
        let mover = g.position_of(w[0]).turn();
        if solitaire || last != Some(mover) {
            turns += 1;
        }
        last = Some(mover);
    }
    turns
}

/// A side line from `node` (a move played instead of its parent's first): its moves, the
/// mover named, with the turn's number, where it changes, and its own side lines after the
/// move they stand beside.
fn side_line(game: &GameHandle, node: NodeId) -> Html {
    let g = game.game();
    let solitaire = g.start().family().is_solitaire();
    let mut items = vec![];
    let mut n = node;
    let mut last_mover = None;
    let mut turn = turn_number(g, node);
    loop {
        let parent = g.parent(n).expect("a move");
        let before = g.position_of(parent);
        let mover = before.turn();
        let mv = g.move_of(n).expect("a move");
        if n != node && (solitaire || g.position_of(g.parent(parent).unwrap_or(parent)).turn() != mover) {
            turn += 1;
        }
        let label = if last_mover == Some(mover) {
            mv.to_string()
        } else {
            items.push(html! { <span class="turn-no">{format!("{turn}.")}</span> });
            before.move_label(mv)
        };
        last_mover = Some(mover);
        items.push(node_button(game, n, label));
        // The moves played instead of this one (not for the line's first: its parent's list
        // shows those).
        if n != node {
            for &alt in &g.children(parent)[1..] {
                items.push(variation(game, alt));
                last_mover = None;
            }
        }
        match g.children(n).first() {
            Some(&c) => n = c,
            None => break,
        }
    }
    html! { <>{ for items }</> }
}

/// The game's tree, and the tools for the node on screen.
#[function_component(MoveList)]
pub fn move_list(props: &GameProps) -> Html {
    let game = &props.game;
    let g = game.game();
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((g.node(), g.len()), move |_| {
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
    let main = g.main_line();
    // Turns of the main line: runs of consecutive moves by the same player (each move its own
    // row in a solitaire), as indices into `main`.
    let mut turns: Vec<Vec<usize>> = vec![];
    for k in 1..main.len() {
        let who = g.position_of(main[k - 1]).turn();
        match turns.last_mut() {
            Some(t) if !solitaire && g.position_of(main[t[0] - 1]).turn() == who => t.push(k),
            _ => turns.push(vec![k]),
        }
    }
    let rows = turns.iter().enumerate().map(|(i, t)| {
        let who = g.position_of(main[t[0] - 1]).turn();
        html! {
            <li class="turn">
                <span class="turn-no">{format!("{}.", i + 1)}</span>
                if !solitaire { <span class="who">{g.start().player_name(who)}</span> }
                // Each move, then the moves played instead of it, each on a line of its own
                // right after it (the turn goes on below them).
                { for t.iter().map(|&k| html! {
                    <>
                        { node_button(game, main[k], g.move_of(main[k]).expect("a move").to_string()) }
                        { for g.children(main[k - 1])[1..].iter().map(|&v| if is_short(g, v) {
                            html! { <div class="variation">{"("}{side_line(game, v)}{")"}</div> }
                        } else {
                            html! { <div class="variation block" role="group" aria-label="Side line">{side_line(game, v)}</div> }
                        }) }
                    </>
                }) }
            </li>
        }
    });
    let node = g.node();
    let act = |a: Action| {
        let game = game.clone();
        let a = std::cell::Cell::new(Some(a));
        Callback::from(move |_: MouseEvent| {
            if let Some(a) = a.take() {
                game.dispatch(a)
            }
        })
    };
    let on_comment = {
        let game = game.clone();
        // The box shows the comment's hidden characters (bidi overrides, controls) as tags; a
        // comment left as shown keeps its characters, an edited one keeps what was typed.
        let shown = visible(g.comment(node)).into_owned();
        Callback::from(move |e: Event| {
            let text = super::textarea_value(&e);
            if text != shown {
                game.dispatch(Action::Comment(node, text))
            }
        })
    };
    let start_comment = visible(g.comment(0));
    html! {
        <section class="panel moves" aria-label="Moves">
            <h2>{"Moves"}</h2>
            if !start_comment.is_empty() { <p class="comment game-comment">{start_comment.to_string()}</p> }
            <ol class="move-list" ref={list}>
                <li class="start">{ node_button(game, 0, "start".into()) }</li>
                { for rows }
            </ol>
            <div class="node-tools">
                if node != 0 && !g.is_main(node) {
                    <button class="promote" onclick={act(Action::Promote(node))}
                        title="Make the line through this move the main line">{"Promote to main line"}</button>
                }
                if node != 0 {
                    <button class="delete-node" onclick={act(Action::Delete(node))}
                        title="Delete this move and every move after it (\"Back to the game before\" brings them back)">{"Delete from here"}</button>
                }
                <label class="comment-edit">{ if node == 0 { "Comment on the game" } else { "Comment on this move" } }
                    <textarea rows="2" maxlength={crate::notation::MAX_COMMENT.to_string()} value={visible(g.comment(node)).into_owned()} onchange={on_comment} />
                </label>
            </div>
            <p class="help keys">{"Keys: ← → step, Home End, ↑ ↓ the other moves played here."}</p>
        </section>
    }
}

//! A line of moves from the position on screen (a best line: Hint, Analyze, Solve, the endgame
//! databases), each move previewed on the board without playing it — by hovering, focusing or
//! clicking it — and "Play this line" to add it to the game as a side line.

use yew::prelude::*;

use super::game::{Action, GameHandle};
use crate::families::AnyMove;

/// Properties of [`LineView`].
#[derive(Properties, PartialEq, Clone)]
pub struct LineProps {
    /// The game; the line starts from its node on screen.
    pub game: GameHandle,
    /// The line's moves.
    pub moves: Vec<AnyMove>,
    /// Moves shown at most (the rest are said in words).
    #[prop_or(40)]
    pub limit: usize,
    /// What the line is, for its accessible name ("Best line").
    #[prop_or(AttrValue::Static("Best line"))]
    pub name: AttrValue,
}

/// A line to preview and play.
#[function_component(LineView)]
pub fn line_view(props: &LineProps) -> Html {
    let game = &props.game;
    let g = game.game();
    // The labels (who moves, and the move), as far as the moves can be played.
    let mut p = g.position().clone();
    let mut labels = vec![];
    for &mv in &props.moves {
        labels.push(p.move_label(mv));
        match p.play(mv) {
            Ok((q, _)) => p = q,
            Err(_) => break,
        }
    }
    let moves: Vec<AnyMove> = props.moves[..labels.len()].to_vec();
    // The move previewed, when the preview is of this line from this node.
    let at =
        game.state().preview.as_ref().filter(|pv| pv.node == g.node() && pv.moves == moves).map(|pv| (pv.k, pv.hover));
    let items = labels.iter().enumerate().take(props.limit).map(|(k, label)| {
        let preview = |hover: bool| {
            let (game, moves) = (game.clone(), moves.clone());
            move || game.dispatch(Action::Preview(moves.clone(), k + 1, hover))
        };
        let (click, focus, enter) = (preview(false), preview(false), preview(true));
        let leave = {
            let game = game.clone();
            Callback::from(move |_: MouseEvent| game.dispatch(Action::EndPreview(true)))
        };
        let current = at.is_some_and(|(j, _)| j == k + 1);
        html! {
            <li>
                <button class={classes!("line-move", current.then_some("current"))}
                    title="Show the position after this move on the board, without playing it"
                    aria-pressed={current.to_string()}
                    onclick={Callback::from(move |_: MouseEvent| click())}
                    onfocus={Callback::from(move |_: FocusEvent| focus())}
                    onmouseover={Callback::from(move |_: MouseEvent| enter())}
                    onmouseout={leave}>{label.clone()}</button>
            </li>
        }
    });
    let more = labels.len().saturating_sub(props.limit);
    let play = {
        let (game, moves) = (game.clone(), moves.clone());
        // Up to the position previewed, else the whole line.
        let show = at.map_or(moves.len(), |(k, _)| k);
        Callback::from(move |_: MouseEvent| game.dispatch(Action::PlayLine(moves.clone(), show)))
    };
    html! {
        <div class="line-view">
            <ol class="best-line" aria-label={props.name.clone()}>
                { for items }
                if more > 0 { <li class="more">{format!("… ({more} more)")}</li> }
            </ol>
            if !moves.is_empty() {
                <button class="play-line" onclick={play}
                    title="Add this line to the game, up to the move previewed (all of it when none is), and show that position (the moves already played are kept)">{"Play this line"}</button>
            }
        </div>
    }
}

//! The game-value view of a one-row game (Sowing, Atomic Wari): the value of the position on
//! the board in the paper's symbols, its outcome class, the components it splits into, and
//! every option of Left and of Right with its value — each option a position to explore
//! further, with a breadcrumb back. Valued in the worker.

use yew::prelude::*;

use super::game::GameHandle;
use crate::families::AnyPosition;
use crate::labs::erickson::{EricksonLab, EricksonTask};
use crate::notation::Game;
pub use crate::web::model::panels::game_value::row_of;
use crate::web::model::panels::game_value::{
    game_value_view, mover, moves_through, shown_row, trail_after, value_shown, Crumb, GameValueBody, GameValueInput,
    RowValueView, SideView,
};
use crate::web::use_lab::{use_lab, LabHandle};

/// Rows a valuation that starts by itself may value (a fraction of a second): a larger row is
/// valued when asked.
const AUTO_FOLLOWERS: usize = 200_000;

/// Properties of [`GameValue`].
#[derive(Properties, PartialEq)]
pub struct GameValueProps {
    /// The position on the board.
    pub position: AnyPosition,
    /// The game, to play a row explored as a side line.
    pub game: GameHandle,
}

/// The rows explored, from the board's, each with who moves next there.
type Trail = UseStateHandle<Vec<(String, char)>>;

/// The panel: the trail of rows explored from the board's, and the last one's value.
#[function_component(GameValue)]
pub fn game_value(props: &GameValueProps) -> Html {
    let lab = use_lab::<EricksonLab>();
    // Hooks run on every render; a position of another game renders nothing (the play page
    // shows this panel for row games only).
    let row = row_of(&props.position);
    let (rules, here) = row.clone().unwrap_or_default();
    // The rows explored, from the board's, each with who moves next there (`l` or `r`: after
    // one of Left's options, Right): reset when the board changes.
    let turn = mover(&props.position);
    let trail = use_state(|| vec![(here.clone(), turn)]);
    {
        let trail = trail.clone();
        use_effect_with((rules.clone(), here.clone(), turn), move |(_, here, turn)| {
            trail.set(vec![(here.clone(), *turn)])
        });
    }
    let (shown, next) = shown_row(&trail, &here, turn);
    // The valuation of the row shown was stopped (by the Stop button; `again` counts the
    // Value again clicks, each starting it afresh).
    let stopped = use_state(|| false);
    let again = use_state(|| 0u32);
    // A valuation that starts by itself stops at AUTO_FOLLOWERS rows; past them, the page
    // asks before valuing the rest (`full`: asked, for the row shown).
    let full = use_state(|| None::<String>);
    // The first valuation waits for the page to be idle (a first visit fetches the app alone
    // before the board is ready; the worker comes after).
    let idle = crate::web::client::use_idle();
    {
        let (lab, stopped, full) = (lab.clone(), stopped.clone(), full.clone());
        use_effect_with(
            (rules.clone(), shown.clone(), *again, (*full).clone(), idle),
            move |(rules, row, _, full, idle)| {
                stopped.set(false);
                if rules.is_empty() || !idle {
                    return;
                }
                let limit = (full.as_deref() != Some(row.as_str())).then_some(AUTO_FOLLOWERS);
                lab.run(EricksonTask::Value { rules: rules.clone(), row: row.clone(), limit });
            },
        );
    }
    if row.is_none() {
        return html! {};
    }
    let value = value_shown(lab.answer(), lab.running(), &shown);
    let error = lab.error();
    let view = game_value_view(&GameValueInput {
        position: &props.position,
        rules: &rules,
        here: &here,
        trail: &trail,
        value: value.as_ref(),
        error: error.as_deref(),
        stopped: *stopped,
        full: full.as_deref(),
    });
    let body = match view.body {
        GameValueBody::Value(v) => value_body(&v, &trail, play_row(props, &trail, format!("{shown}-{next}"))),
        GameValueBody::TooBig { text, command } => too_big(text, command, &full, &shown),
        GameValueBody::Error(e) => html! { <p class="error" role="alert">{e}</p> },
        GameValueBody::Stopped { command } => stopped_body(command, &again),
        GameValueBody::Valuing => valuing(&lab, &stopped),
    };
    html! {
        <section class="game-value" aria-label="Game value">
            <h3>{"Game value"}</h3>
            <nav class="cgt-trail" aria-label="Rows explored">{ for view.crumbs.iter().enumerate().map(|(k, c)| crumb(k, c, &trail)) }</nav>
            {body}
        </section>
    }
}

/// A link that explores a row: the trail cut after its row `keep`, then `row` explored.
fn go(trail: &Trail, row: Option<(String, char)>, keep: Option<usize>) -> Callback<MouseEvent> {
    let trail = trail.clone();
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        trail.set(trail_after(&trail, row.clone(), keep));
    })
}

/// The row explored on the board: the moves that reach it, as a side line of the game; a
/// row play cannot reach (one side moving twice) opens as a new position (`setup`), the game
/// kept to go back to.
fn play_row(props: &GameValueProps, trail: &Trail, setup: String) -> Callback<MouseEvent> {
    let (game, trail, from) = (props.game.clone(), trail.clone(), props.position.clone());
    Callback::from(move |_: MouseEvent| match moves_through(&from, &trail) {
        Some(moves) => {
            let n = moves.len();
            game.dispatch(super::game::Action::PlayLine(moves, n));
        }
        None => match from.rules().parse_setup(&setup) {
            Ok(p) => {
                game.replace(Game::new(p));
                game.notice("One side moves twice on the way to this row, as game theory may and play may not: it opens as a new position (\"Back to the game before\" returns).");
            }
            Err(e) => game.notice(format!("This row cannot be set up: {e}")),
        },
    })
}

/// The trail's row `k`: a link back to it, the last in bold.
fn crumb(k: usize, c: &Crumb, trail: &Trail) -> Html {
    html! {
        <>
            if k > 0 { <span aria-hidden="true">{" › "}</span> }
            if c.last { <b>{c.text.clone()}</b> } else { <a href="#" onclick={go(trail, None, Some(k))}>{c.text.clone()}</a> }
        </>
    }
}

/// One side's options, each a link to explore the row it leaves.
fn side(s: &SideView, trail: &Trail) -> Html {
    html! {
        <div class="cgt-options">
            <h4>{s.name.to_string()}</h4>
            if s.options.is_empty() { <p class="none">{"none"}</p> }
            <ul>
                { for s.options.iter().map(|o| html! {
                    <li class={classes!(o.wins.then_some("wins"))}>
                        <a href="#" onclick={go(trail, Some(o.row.clone()), None)} title={o.title.clone()}>
                            {o.label.clone()}
                        </a>
                        {o.value.clone()}
                        if o.wins { <span class="win-mark">{" wins"}</span> }
                    </li>
                }) }
            </ul>
        </div>
    }
}

/// The value of the row shown, its options, and (a row explored) the button that plays it.
fn value_body(v: &RowValueView, trail: &Trail, play_row: Callback<MouseEvent>) -> Html {
    html! {
        <>
            <p class="cgt-value"><span class="big">{v.value.clone()}</span></p>
            <p class="cgt-outcome">{v.outcome.clone()}</p>
            <p class="cgt-ascii">{"CGSuite: "}<code>{v.ascii.clone()}</code></p>
            if let Some(split) = v.split.clone() {
                <p class="cgt-split">{split}</p>
            }
            if let Some(heaps) = v.heaps.clone() {
                <p class="cgt-heaps">{heaps}</p>
            }
            <div class="cgt-sides">
                { for v.sides.iter().map(|s| side(s, trail)) }
            </div>
            <p class="help">{v.help.clone()}</p>
            if let Some(label) = v.play_row.clone() {
                <p><button class="play-row" onclick={play_row}>{label}</button></p>
            }
        </>
    }
}

/// A large row, valued only when asked (the row `shown` put in `full`).
fn too_big(text: String, command: String, full: &UseStateHandle<Option<String>>, shown: &str) -> Html {
    let value_all = {
        let (full, shown) = (full.clone(), shown.to_string());
        Callback::from(move |_: MouseEvent| full.set(Some(shown.clone())))
    };
    html! {
        <p class="too-big">{text}
            <code>{command}</code>{" "}
            <button class="value-all" onclick={value_all}>{"Value it anyway"}</button></p>
    }
}

/// The valuation stopped: Value again (counted in `again`).
fn stopped_body(command: String, again: &UseStateHandle<u32>) -> Html {
    let again = {
        let again = again.clone();
        Callback::from(move |_: MouseEvent| again.set(*again + 1))
    };
    html! {
        <p class="stopped">{"Stopped. A large position may have millions of followers; the CLI values it faster: "}
            <code>{command}</code>{" "}
            <button class="again" onclick={again}>{"Value again"}</button></p>
    }
}

/// Valuing in the worker, with Stop.
fn valuing(lab: &LabHandle<EricksonLab>, stopped: &UseStateHandle<bool>) -> Html {
    let stop = {
        let (lab, stopped) = (lab.clone(), stopped.clone());
        Callback::from(move |_: MouseEvent| {
            lab.stop();
            stopped.set(true)
        })
    };
    html! {
        <p class="progress" aria-live="polite">{"Valuing in the worker… "}
            <button class="stop" onclick={stop}>{"Stop"}</button></p>
    }
}

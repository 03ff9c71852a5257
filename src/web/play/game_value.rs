//! The game-value view of a one-row game (Sowing, Atomic Wari): the value of the position on
//! the board in the paper's symbols, its outcome class, the components it splits into, and
//! every option of Left and of Right with its value — each option a position to explore
//! further, with a breadcrumb back. Valued in the worker.

use yew::prelude::*;

use super::game::GameHandle;
use crate::families::{AnyMove, AnyPosition};
use crate::labs::erickson::{EricksonAnswer, EricksonLab, EricksonTask, RowValue};
use crate::notation::Game;
use crate::web::use_lab::use_lab;

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

/// Empty pots at the left end of a row.
fn leading_empty(p: &AnyPosition) -> usize {
    p.cells().iter().take_while(|(c, n)| matches!(c, crate::engine::Cell::Pit { .. }) && *n == 0).count()
}

/// A move of a row (`4l`) with its pot number moved on by `shift`.
fn renumber(mv: &str, shift: usize) -> String {
    let Some(dir) = mv.chars().last() else { return mv.to_string() };
    match mv[..mv.len() - dir.len_utf8()].parse::<usize>() {
        Ok(n) if shift > 0 => format!("{}{dir}", n + shift),
        _ => mv.to_string(),
    }
}

/// The moves that lead from `from` through the rows of `trail` (after its first), each by the
/// side whose turn it is; `None` when a row is not reached so (two options of one side in a
/// row, which game theory explores and play cannot).
fn moves_through(from: &AnyPosition, trail: &[(String, char)]) -> Option<Vec<AnyMove>> {
    let mut p = from.clone();
    let mut moves = vec![];
    for (row, _) in trail.iter().skip(1) {
        let (mv, next) = p.legal_moves().into_iter().find_map(|m| {
            let q = p.play(m).ok()?.0;
            (q.value_row().as_deref() == Some(row.as_str())).then_some((m, q))
        })?;
        moves.push(mv);
        p = next;
    }
    Some(moves)
}

/// The rules id and the row of a position whose family has a game-theory value (`None` for
/// other games).
pub fn row_of(p: &AnyPosition) -> Option<(String, String)> {
    p.value_row().map(|row| (p.rules().to_string(), row))
}

/// The panel: the trail of rows explored from the board's, and the last one's value.
#[function_component(GameValue)]
pub fn game_value(props: &GameValueProps) -> Html {
    let lab = use_lab::<EricksonLab>();
    // Hooks run on every render; a position of another game renders nothing (the play page
    // shows this panel for row games only).
    let row = row_of(&props.position);
    let (rules, here) = match &row {
        Some((rules, row)) => (rules.clone(), row.clone()),
        None => (String::new(), String::new()),
    };
    // The rows explored, from the board's, each with who moves next there (`l` or `r`: after
    // one of Left's options, Right): reset when the board changes.
    let turn = if props.position.turn() == crate::engine::Player::South { 'l' } else { 'r' };
    let trail = use_state(|| vec![(here.clone(), turn)]);
    {
        let trail = trail.clone();
        use_effect_with((rules.clone(), here.clone(), turn), move |(_, here, turn)| {
            trail.set(vec![(here.clone(), *turn)])
        });
    }
    let (shown, next) = trail.last().cloned().unwrap_or_else(|| (here.clone(), turn));
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
    let go = |row: Option<(String, char)>, keep: Option<usize>| {
        let trail = trail.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let mut t = (*trail).clone();
            if let Some(k) = keep {
                t.truncate(k + 1);
            }
            if let Some(r) = &row {
                t.push(r.clone());
            }
            trail.set(t);
        })
    };
    if row.is_none() {
        return html! {};
    }
    // The row explored on the board: the moves that reach it, as a side line of the game; a
    // row play cannot reach (one side moving twice) opens as a new position, the game kept
    // to go back to.
    let play_row = {
        let (game, trail, from) = (props.game.clone(), trail.clone(), props.position.clone());
        let setup = format!("{shown}-{next}");
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
    };
    // The board's row is valued without its empty end pots: its moves are named as on the
    // board (a row explored further is its own row).
    // (A row kept whole, its empty ends included — Reaping's — starts with its empty pots.)
    let shift = if trail.len() == 1 && !here.starts_with('0') { leading_empty(&props.position) } else { 0 };
    let impartial = rules.ends_with("-i");
    let value: Option<RowValue> = match (lab.answer(), lab.running()) {
        (Some(EricksonAnswer::Value { value }), false) if value.row == shown => Some(*value),
        _ => None,
    };
    let error = lab.error();
    // A row in the paper's notation; a Sowing row that splits as it stands, as a sum.
    let any_rules: Option<crate::families::AnyRules> = rules.parse().ok();
    let paper = |row: &str| any_rules.and_then(|r| r.paper_row(row)).unwrap_or_else(|| row.to_string());
    let crumbs = trail.iter().enumerate().map(|(k, (r, _))| {
        let last = k + 1 == trail.len();
        html! {
            <>
                if k > 0 { <span aria-hidden="true">{" › "}</span> }
                if last { <b>{paper(r)}</b> } else { <a href="#" onclick={go(None, Some(k))}>{paper(r)}</a> }
            </>
        }
    });
    let body = match (&value, &error) {
        (Some(v), _) => {
            let side = |name: &str, opts: &[crate::labs::erickson::RowOption], after: char| {
                html! {
                    <div class="cgt-options">
                        <h4>{name.to_string()}</h4>
                        if opts.is_empty() { <p class="none">{"none"}</p> }
                        <ul>
                            { for opts.iter().map(|o| html! {
                                <li class={classes!(o.wins.then_some("wins"))}>
                                    <a href="#" onclick={go(Some((o.row.clone(), after)), None)} title={format!("explore {}", o.paper_row)}>
                                        {format!("{} → {}", renumber(&o.mv, shift), o.paper_row)}
                                    </a>
                                    {format!(" = {}", o.value)}
                                    if o.wins { <span class="win-mark">{" wins"}</span> }
                                </li>
                            }) }
                        </ul>
                    </div>
                }
            };
            let first = match v.outcome {
                'L' => "Left wins, whoever moves first",
                'R' => "Right wins, whoever moves first",
                'N' => "the player to move wins",
                _ => "the player to move loses (the second player wins)",
            };
            html! {
                <>
                    <p class="cgt-value"><span class="big">{format!("{} = {}", v.paper_row, v.value)}</span></p>
                    <p class="cgt-outcome">{format!("Outcome {}: {first}.", v.outcome)}</p>
                    <p class="cgt-ascii">{"CGSuite: "}<code>{v.ascii.clone()}</code></p>
                    if !v.components.is_empty() {
                        <p class="cgt-split">{format!("The sum of {} independent components (• a pot never sown again): {}.",
                            v.components.len(),
                            v.components.iter().map(|(r, val)| format!("{r}, of value {val}")).collect::<Vec<_>>().join("; "))}</p>
                    }
                    if let Some(h) = &v.heaps {
                        <p class="cgt-heaps">{ if h.is_empty() {
                            "Sparse (Theorem 3.1): no run of 2s, no .37 heap: 0.".to_string()
                        } else {
                            format!("Sparse (Theorem 3.1): a sum of .37 heaps, one a run of 2s: {}.", h.iter().map(usize::to_string).collect::<Vec<_>>().join(" + "))
                        } }</p>
                    }
                    <div class="cgt-sides">
                        if impartial {
                            {side("Options (either player)", &v.left, if next == 'l' { 'r' } else { 'l' })}
                        } else {
                            {side("Left's options", &v.left, 'r')}
                            {side("Right's options", &v.right, 'l')}
                        }
                    </div>
                    <p class="help">{format!(
                        "A game position has no side to move: its value holds for either. \"wins\": the mover then wins moving second. {} {} valued.",
                        crate::web::group(v.followers as u128), if v.followers == 1 { "row" } else { "rows" }
                    )}</p>
                    if trail.len() > 1 {
                        <p><button class="play-row" onclick={play_row.clone()}>{
                            // Said beforehand: moves on the board, or a new position to go back from.
                            match moves_through(&props.position, &trail) {
                                Some(_) => format!("Play from this row, {} to move (a side line of the game)", if next == 'l' { "Left" } else { "Right" }),
                                None => format!("Open this row as a new position, {} to move (one side moved twice to reach it)", if next == 'l' { "Left" } else { "Right" }),
                            }
                        }</button></p>
                    }
                </>
            }
        }
        (None, Some(e)) if full.as_deref() != Some(shown.as_str()) && e.starts_with("more than") => {
            let value_all = {
                let (full, shown) = (full.clone(), shown.clone());
                Callback::from(move |_: MouseEvent| full.set(Some(shown.clone())))
            };
            html! {
                <p class="too-big">{format!("A large position: {e}. Valuing it may take minutes and much memory (Stop ends it); the CLI is faster: ")}
                    <code>{format!("mancala-lab value {rules} {shown}")}</code>{" "}
                    <button class="value-all" onclick={value_all}>{"Value it anyway"}</button></p>
            }
        }
        (None, Some(e)) => html! { <p class="error" role="alert">{e.clone()}</p> },
        (None, None) if *stopped => {
            let again = {
                let again = again.clone();
                Callback::from(move |_: MouseEvent| again.set(*again + 1))
            };
            html! {
                <p class="stopped">{"Stopped. A large position may have millions of followers; the CLI values it faster: "}
                    <code>{format!("mancala-lab value {rules} {shown}")}</code>{" "}
                    <button class="again" onclick={again}>{"Value again"}</button></p>
            }
        }
        // A long row may have millions of followers: the valuation can be stopped.
        _ => {
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
    };
    html! {
        <section class="game-value" aria-label="Game value">
            <h3>{"Game value"}</h3>
            <nav class="cgt-trail" aria-label="Rows explored">{ for crumbs }</nav>
            {body}
        </section>
    }
}

//! The position editor: a field a cell and the side to move, or the setup text itself. A
//! field's fault is named with the field and the rule it breaks; a setup that is not a position
//! is explained and the game is kept; an applied position can be undone (Undo at its start).

use yew::prelude::*;

use super::panels::{input_value, select_value, GameProps};
use crate::engine::text::parse_count;
use crate::engine::{Cell, Player};
use crate::notation::Game;

/// Most seeds a field of the editor takes (any family's largest board is smaller).
const MAX_FIELD: u64 = 99_999;

/// The editor's state: each cell's text as typed, the side to move, the setup text, and the
/// field at fault.
#[derive(Clone, PartialEq)]
struct Draft {
    /// The position it started from (a new position on screen starts a new draft).
    from: String,
    counts: Vec<(Cell, String)>,
    turn: Player,
    setup: String,
    fault: Option<String>,
}

/// The position editor.
#[function_component(Editor)]
pub fn editor(props: &GameProps) -> Html {
    let game = &props.game;
    let pos = game.game().position().clone();
    let fresh = || Draft {
        from: pos.to_string(),
        counts: pos.cells().into_iter().map(|(c, n)| (c, pos.cell_text(n))).collect(),
        turn: pos.turn(),
        setup: pos.to_string(),
        fault: None,
    };
    let draft = use_state(fresh);
    let d = if draft.from == pos.to_string() { (*draft).clone() } else { fresh() };
    let set_cell = |cell: Cell| {
        let (draft, d, pos) = (draft.clone(), d.clone(), pos.clone());
        Callback::from(move |e: InputEvent| {
            let v = input_value(&e);
            let mut next = d.clone();
            for (c, k) in next.counts.iter_mut() {
                if *c == cell {
                    *k = v.trim().to_string();
                }
            }
            let name = pos.cell_name(cell);
            // Coloured pots (2b1r) are read by the setup's own reader, the whole row at once.
            let coloured = pos.seed_colours(0).is_some();
            next.fault = match parse_count(v.trim(), &format!("{name}:"), MAX_FIELD) {
                _ if coloured => {
                    pos.rules().parse_setup(&pos.setup_from_cells(&next.counts, next.turn)).err().map(|e| e.to_string())
                }
                Ok(_) => None,
                Err(_) if is_symbol(&pos, v.trim()) => None,
                Err(e) => Some(match pos.cell_symbols() {
                    Some((_, words)) => format!("{e} (a pot holds 0 to {MAX_FIELD} seeds, or {words})"),
                    None => format!("{e} (a pit holds a whole number of seeds, 0 to {MAX_FIELD})"),
                }),
            };
            // Every field a count: the setup text follows them (the position's structure kept).
            if coloured || next.counts.iter().all(|(_, k)| field_ok(&pos, k)) {
                next.setup = pos.setup_from_cells(&next.counts, next.turn);
            }
            draft.set(next);
        })
    };
    let set_turn = {
        let (draft, d, pos) = (draft.clone(), d.clone(), pos.clone());
        Callback::from(move |e: Event| {
            let mut next = d.clone();
            next.turn = if select_value(&e) == "n" { Player::North } else { Player::South };
            if next.counts.iter().all(|(_, k)| field_ok(&pos, k)) {
                next.setup = pos.setup_from_cells(&next.counts, next.turn);
            }
            draft.set(next);
        })
    };
    let set_setup = {
        let (draft, d) = (draft.clone(), d.clone());
        Callback::from(move |e: InputEvent| {
            let mut next = d.clone();
            next.setup = input_value(&e);
            next.fault = None;
            draft.set(next);
        })
    };
    let apply = {
        let (game, d, pos, draft) = (game.clone(), d.clone(), pos.clone(), draft.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(f) = &d.fault {
                game.notice(format!("Position editor: {f}. The game is unchanged."));
                return;
            }
            match pos.rules().parse_setup(&d.setup) {
                Ok(p) => game.replace(Game::new(p)),
                Err(err) => {
                    // Said beside the editor too (the notice is at the top of the page).
                    let mut next = d.clone();
                    next.fault = Some(format!("Setup: {err}"));
                    draft.set(next);
                    game.notice(format!("Position editor: {err}. The game is unchanged."));
                }
            }
        })
    };
    let symbols = pos.cell_symbols();
    html! {
        <details class="panel editor">
            <summary>{"Edit position"}</summary>
            <div class="ed-cells">{ for d.counts.iter().map(|(c, n)| {
                let name = pos.cell_name(*c);
                // A field that takes symbols or coloured pots is text (a number field would drop
                // them).
                let kind = if symbols.is_some() || pos.seed_colours(0).is_some() { "text" } else { "number" };
                html! { <label class="ed-cell">{format!("{name} ")}<input type={kind} min="0" value={n.clone()} oninput={set_cell(*c)} aria-label={name.clone()} /></label> }
            }) }</div>
            if pos.layout().two_sided() {
                <label>{"To move "}<select onchange={set_turn}>
                    <option value="s" selected={d.turn == Player::South}>{"South"}</option>
                    <option value="n" selected={d.turn == Player::North}>{"North"}</option>
                </select></label>
            }
            if let Some(f) = &d.fault { <p class="error field-error" role="alert">{f.clone()}</p> }
            <form onsubmit={apply}>
                <label>{"Setup "}<input id="ed-setup" class="setup" value={d.setup.clone()} oninput={set_setup} spellcheck="false" /></label>
                <button type="submit" class="apply">{"Apply"}</button>
            </form>
            if let Some((_, words)) = symbols { <p class="help">{format!("A field takes a count or {words}.")}</p> }
            if pos.seed_colours(0).is_some() { <p class="help">{"A field takes a pot's blue and red seeds: 2b1r, 1b, 3r or 0."}</p> }
            <p class="help">{ pos.family().setup_help() }{" Applying replaces the game; Undo at its start brings the game back."}</p>
        </details>
    }
}

/// The field holds one of the family's symbols (Sowing's full pots).
fn is_symbol(pos: &crate::families::AnyPosition, text: &str) -> bool {
    pos.cell_symbols().is_some_and(|(symbols, _)| symbols.contains(&text))
}

/// The field holds a count or a symbol.
fn field_ok(pos: &crate::families::AnyPosition, text: &str) -> bool {
    parse_count(text, "", MAX_FIELD).is_ok() || is_symbol(pos, text)
}

//! The New game panel: every family's presets, and the current family's own form, its fields
//! showing the current game's rules (controlled state, read on submit).

use yew::prelude::*;

use super::panels::{input_value, select_value, GameProps};
use crate::families::{AnyRules, FieldKind};
use crate::notation::Game;

/// The New game panel.
#[function_component(NewGame)]
pub fn new_game(props: &GameProps) -> Html {
    let game = &props.game;
    let rules = game.game().rules();
    let family = rules.family();
    let form = family.new_game_form(Some(&rules));
    // The values typed, for the rules they were typed for (a new game resets them).
    let values = {
        let initial: Vec<String> = form.fields.iter().map(|f| f.value.clone()).collect();
        use_state(|| (rules, initial))
    };
    let current: Vec<String> =
        if values.0 == rules { values.1.clone() } else { form.fields.iter().map(|f| f.value.clone()).collect() };
    let load = |id: &'static str| {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = id.parse::<AnyRules>() {
                game.replace(Game::new(r.start()));
            }
        })
    };
    let set = |k: usize| {
        let (values, current) = (values.clone(), current.clone());
        move |v: String| {
            let mut next = current.clone();
            if let Some(x) = next.get_mut(k) {
                *x = v;
            }
            values.set((rules, next));
        }
    };
    let onsubmit = {
        let (game, current) = (game.clone(), current.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match family.new_game(&current) {
                Ok(p) => game.replace(Game::new(p)),
                Err(err) => game.notice(format!("New game: {err}")),
            }
        })
    };
    html! {
        <details class="panel new-game">
            <summary>{"New game"}</summary>
            <div class="presets">
                { for AnyRules::presets().map(|p| html! { <button onclick={load(p.id)} title={p.source}>{p.name}</button> }) }
            </div>
            <form {onsubmit} class={form.class} novalidate=true>
                { for form.fields.iter().enumerate().map(|(k, f)| {
                    let set = set(k);
                    let value = current.get(k).cloned().unwrap_or_default();
                    let input = match &f.kind {
                        FieldKind::Number { min, max } => html! {
                            <input id={f.id} type="number" min={min.to_string()} max={max.to_string()} value={value}
                                oninput={Callback::from(move |e: InputEvent| set(input_value(&e)))} />
                        },
                        FieldKind::Choice(options) => html! {
                            <select id={f.id} onchange={Callback::from(move |e: Event| set(select_value(&e)))}>
                                { for options.iter().map(|(v, label)| html! { <option value={*v} selected={*v == value}>{*label}</option> }) }
                            </select>
                        },
                    };
                    html! { <label>{format!("{} ", f.label)}{input}</label> }
                }) }
                <button type="submit" class={form.button_class}>{form.submit}</button>
            </form>
            if game.state().previous.is_some() {
                <p class="help">{"Undo at the start of this game goes back to the game before it."}</p>
            }
        </details>
    }
}

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
    // What is wrong with each field (shown beside it) and with the whole (under the button),
    // after a try; a field's error goes when it changes.
    let faults = use_state(|| (vec![None::<String>; form.fields.len()], None::<String>));
    let set = |k: usize| {
        let (values, current, faults) = (values.clone(), current.clone(), faults.clone());
        move |v: String| {
            let mut next = current.clone();
            if let Some(x) = next.get_mut(k) {
                *x = v;
            }
            values.set((rules, next));
            let (mut each, _) = (*faults).clone();
            if let Some(f) = each.get_mut(k) {
                *f = None;
            }
            faults.set((each, None));
        }
    };
    let onsubmit = {
        let (game, current, faults, fields) = (game.clone(), current.clone(), faults.clone(), form.fields.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let each: Vec<Option<String>> = fields.iter().zip(&current).map(|(f, v)| f.check(v).err()).collect();
            if each.iter().any(Option::is_some) {
                faults.set((each, None));
                return;
            }
            match family.new_game(&current) {
                Ok(p) => {
                    faults.set((each, None));
                    game.replace(Game::new(p));
                }
                Err(err) => faults.set((each, Some(err.to_string()))),
            }
        })
    };
    html! {
        <details class="panel new-game">
            <summary>{"New game"}</summary>
            <div class="presets">
                // In the home page's order: the games for two first, then the solitaires, then
                // the games of game theory.
                { for crate::web::home::home_groups().into_iter().flat_map(|(_, _, fs)| fs).flat_map(|f| f.presets().iter()).map(|p| html! { <button onclick={load(p.id)} title={p.source}>{p.name}</button> }) }
            </div>
            <form {onsubmit} class={form.class} novalidate=true>
                { for form.fields.iter().enumerate().map(|(k, f)| {
                    let set = set(k);
                    let value = current.get(k).cloned().unwrap_or_default();
                    let invalid = faults.0.get(k).is_some_and(Option::is_some);
                    let input = match &f.kind {
                        FieldKind::Number { min, max } => html! {
                            <input id={f.id} type="number" min={min.to_string()} max={max.to_string()} value={value}
                                aria-invalid={invalid.to_string()} aria-describedby={invalid.then(|| format!("{}-error", f.id))}
                                oninput={Callback::from(move |e: InputEvent| set(input_value(&e)))} />
                        },
                        FieldKind::Choice(options) => html! {
                            <select id={f.id} onchange={Callback::from(move |e: Event| set(select_value(&e)))}>
                                { for options.iter().map(|(v, label)| html! { <option value={*v} selected={*v == value}>{*label}</option> }) }
                            </select>
                        },
                    };
                    let fault = faults.0.get(k).cloned().flatten();
                    html! {
                        <div class="field">
                            <label for={f.id}>{format!("{} ", f.label)}</label>{input}
                            if let Some(msg) = fault { <span class="field-error" id={format!("{}-error", f.id)} role="alert">{msg}</span> }
                        </div>
                    }
                }) }
                <button type="submit" class={form.button_class}>{form.submit}</button>
                if let Some(msg) = &faults.1 { <p class="field-error form-error" role="alert">{msg.clone()}</p> }
            </form>
            if game.state().previous.is_some() {
                <p class="help">{"Undo at the start of this game goes back to the game before it."}</p>
            }
        </details>
    }
}

//! Dooley's study's page: distinct states of the 6-bin, one-pebble game under each reading, for any
//! rule set, and the value of each opening.

use yew::prelude::*;

use crate::families::AnyRules;
use crate::labs::dooley::{DooleyAnswer, DooleyLab, DooleyTask};
use crate::web::group;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

/// The page's properties: its link.
pub type Props = super::LabProps<()>;

/// Dooley's study reproduced: distinct states of the 6-bin, one-pebble game when the stores
/// are ignored, and the exact value of each opening move, under each rule set.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let lab = use_lab::<DooleyLab>();
    let rules = use_state(|| "kalah-6-1-e".to_string());
    {
        let lab = lab.clone();
        use_effect_with((*rules).clone(), move |r| {
            lab.run(DooleyTask { rules: r.clone() });
        });
    }
    let choose = {
        let rules = rules.clone();
        Callback::from(move |e: Event| {
            if let Some(s) =
                e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
            {
                rules.set(s.value());
            }
        })
    };
    let choices = [
        ("kalah-6-1-e", "empty capture, ends when either side is empty"),
        ("kalah-6-1", "standard capture, ends when either side is empty"),
        ("kalah-6-1-e-m", "empty capture, ends when the mover cannot move"),
        ("kalah-6-1-m", "standard capture, ends when the mover cannot move"),
        ("kalah-6-1-o", "opposite-only capture (Papegay), ends when either side is empty"),
    ];
    html! {
        <main class="lab dooley">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Dooley's study"}</nav>
            <h1>{"Dooley's one-pebble game"}</h1>
            { super::link_faults(&props.params.faults) }
            <p class="lede">{"Fritz Dooley (\"How to Play Mancala - and WIN!\") enumerated the 6-bin game with one pebble per bin: \"he identified 93,757 unique states encountered during the games\", ignoring the pebbles in the mancalas, and reported that the first player draws by opening from C or E and loses otherwise. His essay does not state his rules; here every rule set is tried."}</p>
            <label>{"Rules "}
                <select onchange={choose} class="dooley-rules">
                    { for choices.iter().map(|(id, name)| html! { <option value={*id} selected={*id == rules.as_str()}>{*name}</option> }) }
                </select>
            </label>
            if lab.running() { <p aria-live="polite">{"Enumerating and solving in the worker…"}</p> }
            if let Some(e) = lab.error() { <p class="error">{e}</p> }
            if let (false, Some(DooleyAnswer { study, analysis: a })) = (lab.running(), lab.answer()) {
                <table class="dooley-counts">
                    <caption>{format!("Distinct states reachable from the start, stores ignored — {}", study.rules)}</caption>
                    <thead><tr><th>{"a state is"}</th><th>{"before the end"}</th><th>{"with the final positions"}</th></tr></thead>
                    <tbody>
                        { for study.counts.iter().map(|(r, n, f)| html! {
                            <tr class={classes!((*n == crate::labs::dooley::DOOLEY_STATES).then_some("match"))}>
                                <td>{r.clone()}</td><td>{group((*n).into())}</td><td>{group((*f).into())}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                <p class="verdict">{ if study.counts.iter().any(|(_, n, _)| *n == crate::labs::dooley::DOOLEY_STATES) {
                    "This rule set reproduces Dooley's 93,757 exactly (pits and side to move, positions before the end)."
                } else {
                    "This rule set does not give Dooley's 93,757."
                } }</p>
                <h2>{"Opening moves, exact values for the first player"}</h2>
                <ul class="move-values">
                    { for a.moves.iter().map(|m| html! { <li><a href={study.rules.parse::<AnyRules>().map(|r| Route::game(r, &[m.mv])).unwrap_or(Route::Home).to_string()}>{format!("{}: {}", m.mv, m.value)}</a></li> }) }
                </ul>
                <p class="help">{"Pits are lettered a–f from the mover's left, so f is next to the store. Under the rules that reproduce his state count the first player wins by 2 with f, draws with a, b or c, and loses by 2 with d or e: not Dooley's reported C-or-E draw. His lettering and his program's scoring are not in our copy of the essay, so the difference is shown, not explained."}</p>
            }
        </main>
    }
}

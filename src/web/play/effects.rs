//! The play page's effects on the browser, as hooks of [`super::PlayPage`]: the address, the
//! tab's title, the sound, the animation's timers, the board turned round, the preview's
//! scrolling and the keys. Each is called unconditionally, in the page's order, so the page's
//! hooks are the same as when they were written inline.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::game::{Action, GameHandle};
use super::PlayProps;
use crate::notation::Game;
use crate::web::model::play as model;
use crate::web::route::Route;

/// A new link (navigation) replaces the game, unless it is the game already shown.
#[hook]
pub(super) fn use_link(props: &PlayProps, game: &GameHandle) {
    let game = game.clone();
    use_effect_with((props.query.clone(), props.nav), move |(q, _)| {
        let (g, e) = Game::from_query_lenient(q);
        if &g != game.game() {
            game.dispatch(Action::Load(g, e));
        } else {
            // The same game (a link mended to what was shown): its banner follows the link.
            game.dispatch(Action::Relink(e.map(|e| e.message(&g))));
        }
    });
}

/// The URL is the record of the game: keep it in step. A move replaces the history's entry
/// (Back leaves the page, not a move); a new game (New game, the editor, a record, Back to
/// the game before) is an entry of its own, so Back and Forward go between the games.
/// While a link's fault is said, the address stays the link as it came (the banner is
/// about it, and mending it there clears the banner).
#[hook]
pub(super) fn use_history(game: &GameHandle) {
    let hash = Route::play(game.game()).to_string();
    let generation = game.state().generation;
    let faulty = game.state().link_error.is_some();
    let pushed = use_mut_ref(|| generation);
    use_effect_with((hash, generation, faulty), move |(hash, generation, faulty)| {
        let new_game = *pushed.borrow() != *generation;
        *pushed.borrow_mut() = *generation;
        if *faulty {
            return;
        }
        if let Some(w) = web_sys::window() {
            if w.location().hash().ok().as_deref() != Some(hash.as_str()) {
                if let Ok(h) = w.history() {
                    let _ = if new_game {
                        h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
                    } else {
                        h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
                    };
                }
            }
        }
    });
}

/// Sound: a tone a seed shown, and one for a capture once the move's seeds have landed.
#[hook]
pub(super) fn use_sound(game: &GameHandle) {
    let step = game.state().anim.as_ref().map(|a| (a.ply, a.step));
    use_effect_with(step, |step| {
        if step.is_some() {
            crate::web::prefs::play(crate::web::prefs::Tone::Drop);
        }
    });
    let g = game.game();
    let captures = model::captures(g);
    // Without animation, one tone for the move played (nothing on opening the page).
    let unanimated = game.state().speed.0 == 0;
    let moves = use_mut_ref(|| g.len());
    use_effect_with((g.len(), game.state().anim.is_none()), move |&(len, landed)| {
        let played = len > *moves.borrow();
        *moves.borrow_mut() = len;
        if landed && captures {
            crate::web::prefs::play(crate::web::prefs::Tone::Capture);
        } else if played && unanimated {
            crate::web::prefs::play(crate::web::prefs::Tone::Drop);
        }
    });
}

/// Animation: one timer per seed.
#[hook]
pub(super) fn use_animation(game: &GameHandle) {
    let game = game.clone();
    let anim = game.state().anim.clone();
    let ms = game.state().speed.0;
    use_effect_with((anim, ms), move |(anim, ms)| {
        let t = anim.as_ref().map(|_| {
            let game = game.clone();
            Timeout::new(*ms, move || game.dispatch(Action::Tick))
        });
        move || drop(t)
    });
}

/// The tab's title: the game and where in it ([`model::tab_title`]).
#[hook]
pub(super) fn use_tab_title(game: &GameHandle) {
    let title = model::tab_title(game.game());
    use_effect_with(title, |t| {
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(t);
        }
    });
}

/// The board turned round, remembered per rules (`rules_id`): whether it is, and the button's
/// callback that turns it.
#[hook]
pub(super) fn use_flipped(rules_id: &str) -> (UseStateHandle<bool>, Callback<MouseEvent>) {
    let flipped = use_state(|| crate::web::prefs::flipped(rules_id));
    {
        let flipped = flipped.clone();
        use_effect_with(rules_id.to_string(), move |r| flipped.set(crate::web::prefs::flipped(r)));
    }
    let flip = {
        let (flipped, rules_id) = (flipped.clone(), rules_id.to_string());
        Callback::from(move |_: MouseEvent| {
            crate::web::prefs::set_flipped(&rules_id, !*flipped);
            flipped.set(!*flipped);
        })
    };
    (flipped, flip)
}

/// A preview stepped (not hovered) while the board is out of sight (a phone, the line far
/// below it) brings the board into view, with the preview's own step buttons above it: the
/// status slot `slot` is scrolled into view.
#[hook]
pub(super) fn use_preview_scroll(game: &GameHandle, slot: &NodeRef) {
    let slot = slot.clone();
    let stepped = game.state().preview.as_ref().filter(|p| !p.hover).map(|p| (p.node, p.k));
    use_effect_with(stepped, move |stepped| {
        if stepped.is_none() {
            return;
        }
        let (Some(el), Some(w)) = (slot.cast::<web_sys::Element>(), web_sys::window()) else { return };
        let r = el.get_bounding_client_rect();
        let height = w.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if r.top() < 0.0 || r.top() > height * 0.5 {
            el.scroll_into_view();
        }
    });
}

/// ←/→/Home/End step through the line on screen anywhere on the page, ↑/↓ go to the other
/// moves played instead of the one on screen, unless a field has the keys or the board used
/// them (the arrows move between pits). While a line is previewed, ←/→ step the preview and
/// Escape ends it.
#[hook]
pub(super) fn use_step_keys(game: &GameHandle) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let game = game.clone();
    use_effect_with((), move |_| {
        let cb = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
            if typing || e.default_prevented() || e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            let Some(action) = step_key(&e.key(), game.state().preview.is_some()) else { return };
            e.prevent_default();
            // A key pressed on a move of the list takes the focus along to the move shown.
            let in_list = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest(".move-list").ok().flatten())
                .is_some();
            game.dispatch(action);
            if in_list {
                Timeout::new(0, || crate::web::board::focus_selector(".move-list button.ply.current")).forget();
            }
        });
        let w = web_sys::window().expect("a window");
        let _ = w.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
        move || {
            let _ = w.remove_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
            drop(cb);
        }
    });
}

/// The action of a key of [`use_step_keys`] (`None`: not one of its keys), while a line is
/// `previewing` or not.
fn step_key(key: &str, previewing: bool) -> Option<Action> {
    Some(match (key, previewing) {
        ("ArrowLeft", true) => Action::PreviewStep(-1),
        ("ArrowRight", true) => Action::PreviewStep(1),
        ("Escape", true) => Action::EndPreview(false),
        ("ArrowLeft", false) => Action::Step(-1),
        ("ArrowRight", false) => Action::Step(1),
        ("ArrowUp", _) => Action::Sibling(-1),
        ("ArrowDown", _) => Action::Sibling(1),
        ("Home", _) => Action::Goto(0),
        ("End", _) => Action::End,
        _ => return None,
    })
}

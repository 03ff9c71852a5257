//! The labs' pages: a module each, the web layer's half of a lab (its computations, task and
//! link are the lab's folder in `crate::labs`, which never imports the web). A page is the
//! component `Page` with the lab's link as its one property; the modules, routes and titles are
//! made from the lab list (`crate::labs::with_labs!`).

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use super::route::Route;
use crate::labs::Linked;

/// A lab page's one property: its link, as read (the parameters, and what could not be read).
#[derive(Properties, PartialEq)]
pub struct LabProps<P: PartialEq> {
    /// The link.
    pub params: Linked<P>,
}

/// Writes a lab's inputs into its link (the address bar) without a navigation, so that a reload
/// or a copied link keeps them.
pub fn keep_in_link<L: crate::web::route::Routed>(params: L::Params) {
    let hash = Route::lab::<L>(params).to_string();
    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
    }
}

/// What a lab link could not read, a line each, shown above the page's contents.
pub fn link_faults(faults: &[String]) -> Html {
    faults.iter().map(|f| html! { <p class="error link-error" role="alert"><bdi>{crate::engine::text::visible(f).into_owned()}</bdi></p> }).collect()
}

/// What the labs' pages keep while the app is open, by key: a page is unmounted when a row of
/// it opens a game on the play page, and its answers are shown again on Back instead of
/// recomputed. Owned by the labs' root ([`LabApp`]) and given to the pages as a context
/// ([`use_kept`]); a page drawn alone (a test) keeps its own.
#[derive(Clone, Default)]
pub struct Kept(Rc<RefCell<HashMap<&'static str, Rc<dyn Any>>>>);

impl PartialEq for Kept {
    fn eq(&self, other: &Kept) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Kept {
    /// The value kept under `key`, if one of type `T` is.
    pub fn get<T: Clone + 'static>(&self, key: &str) -> Option<T> {
        self.0.borrow().get(key)?.downcast_ref::<T>().cloned()
    }

    /// Keeps `value` under `key`.
    pub fn set<T: 'static>(&self, key: &'static str, value: T) {
        self.0.borrow_mut().insert(key, Rc::new(value));
    }
}

/// The labs' [`Kept`] values (the root's; a page's own where it is drawn alone).
#[hook]
pub fn use_kept() -> Kept {
    let own = use_memo((), |()| Kept::default());
    use_context::<Kept>().unwrap_or_else(|| (*own).clone())
}

/// The labs' root, in their own code (`labs.js`): the page of the address's lab, or nothing
/// (the app draws every other page).
#[function_component(LabApp)]
pub fn lab_app() -> Html {
    let route = use_state(current);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            use wasm_bindgen::JsCast;
            let cb = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                route.set(current());
            });
            let w = web_sys::window().expect("a window");
            let _ = w.add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
            move || {
                let _ = w.remove_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
                drop(cb);
            }
        });
    }
    let kept = use_memo((), |()| Kept::default());
    html! {
        <ContextProvider<Kept> context={(*kept).clone()}>
            { lab_page(&route).unwrap_or_default() }
        </ContextProvider<Kept>>
    }
}

fn current() -> Route {
    super::route::current_hash().parse::<Route>().unwrap_or(Route::Home)
}

/// The pages' modules (`src/web/labs/<lab>.rs`, or its folder), their router and titles, from
/// the lab list.
macro_rules! pages {
    ($($(#[$doc:meta])* $v:ident => $module:ident :: $lab:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// The page of a lab's route (`None` for the other routes).
        pub fn lab_page(route: &Route) -> Option<Html> {
            match route {
                $(Route::$v(l) => Some(html! { <$module::Page params={l.clone()} /> }),)+
                _ => None,
            }
        }

        /// The title of a lab's route (`None` for the other routes).
        pub fn lab_title(route: &Route) -> Option<&'static str> {
            match route {
                $(Route::$v(_) => Some(<crate::labs::$module::$lab as crate::labs::Lab>::TITLE),)+
                _ => None,
            }
        }
    };
}

crate::labs::with_labs!(pages);

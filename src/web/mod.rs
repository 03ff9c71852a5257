//! The yew app and its Web Worker (feature `web`, built for wasm32 by Trunk).
//!
//! The page's main thread only plays moves and renders; every search runs in the worker
//! ([`worker`]), which the page drives through `client` (and a lab's page through
//! `use_lab`) with the messages of [`worker::protocol`]. The worker's messages and request
//! handling, the shared solve's bookkeeping ([`pool`]) and the [`route`]s compile without the
//! `web` feature, so they are tested natively too. The labs' pages are [`labs`], a module a lab (the
//! lab's computations, task and link are its folder in `crate::labs`).

pub mod home;
pub mod model;
pub mod pool;
pub mod route;
pub mod turn;
pub mod worker;

#[cfg(feature = "web")]
pub mod app;
#[cfg(feature = "web")]
pub mod board;
#[cfg(feature = "web")]
pub mod book;
#[cfg(feature = "web")]
pub mod client;
#[cfg(feature = "web")]
pub mod labs;
#[cfg(feature = "web")]
pub mod play;
#[cfg(feature = "web")]
pub mod prefs;
#[cfg(feature = "web")]
pub mod use_lab;

pub use crate::engine::text::group;

/// Mounts the app on the page's element `#app` (the body if the page has none).
#[cfg(feature = "web")]
pub fn start_app() {
    prefs::apply_theme();
    match element("app") {
        Some(root) => yew::Renderer::<app::App>::with_root(root).render(),
        None => yew::Renderer::<app::App>::new().render(),
    };
}

/// Mounts the labs' pages on the page's element `#lab`, beside the app's (never inside it:
/// two yew apps must not nest). The app loads this code when a lab is first opened; from
/// then on it draws the lab of the address, or nothing.
#[cfg(feature = "web")]
pub fn start_labs() {
    if let Some(root) = element("lab") {
        yew::Renderer::<labs::LabApp>::with_root(root).render();
    }
}

#[cfg(feature = "web")]
fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

//! The yew app and its Web Worker (feature `web`, built for wasm32 by Trunk).
//!
//! The page's main thread only plays moves and renders; every search runs in the worker
//! ([`worker`]), which the page drives through [`client`] with the messages of [`protocol`].

pub mod app;
pub mod board;
pub mod client;
pub mod dakon_lab;
pub mod labs;
pub mod play;
pub mod protocol;
pub mod state;
pub mod worker;

/// Mounts the app on the page's body.
pub fn start_app() {
    yew::Renderer::<app::App>::new().render();
}

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

/// `x` with its digits grouped by threes: 141159240 → "141,159,240".
pub fn group(x: u128) -> String {
    let s = x.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Mounts the app on the page's body.
pub fn start_app() {
    yew::Renderer::<app::App>::new().render();
}

//! The yew app and its Web Worker (feature `web`, built for wasm32 by Trunk).
//!
//! The page's main thread only plays moves and renders; every search runs in the worker
//! (`worker`), which the page drives through `client` with the messages of [`protocol`].
//! The protocol (its types and the worker's request handling) and the [`route`]s compile
//! without the `web` feature, so they are tested natively too.

pub mod endgame;
pub mod pool;
pub mod protocol;
pub mod route;

#[cfg(feature = "web")]
pub mod app;
#[cfg(feature = "web")]
pub mod ayo_lab;
#[cfg(feature = "web")]
pub mod board;
#[cfg(feature = "web")]
pub mod client;
#[cfg(feature = "web")]
pub mod dakon_lab;
#[cfg(feature = "web")]
pub mod erickson_lab;
#[cfg(feature = "web")]
pub mod hanoi_lab;
#[cfg(feature = "web")]
pub mod labs;
#[cfg(feature = "web")]
pub mod play;
#[cfg(feature = "web")]
pub mod tchoukaillon_lab;
#[cfg(feature = "web")]
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
#[cfg(feature = "web")]
pub fn start_app() {
    yew::Renderer::<app::App>::new().render();
}

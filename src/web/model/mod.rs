//! The pages' view models: what a component shows, computed from its state by pure functions
//! that compile without the `web` feature, so that plain `cargo test` checks them natively.
//! The components (`web::board`, `web::play`, `web::labs`) draw what these compute.

pub mod board;
pub mod labs;
pub mod panels;
pub mod play;

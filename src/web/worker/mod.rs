//! The search worker: its messages ([`protocol`]), its request handling ([`Worker`]), its
//! endgame databases ([`databases`]) and, in the browser, its event loop with the databases'
//! cache (`browser`). All but the last compile and are tested natively.

pub mod databases;
mod handle;
pub mod protocol;
#[cfg(test)]
mod tests;

#[cfg(feature = "web")]
pub mod browser;

pub use handle::{parse_position, Worker};
pub use protocol::{Reply, Request, Task, MAX_MEMORY_MIB, MAX_TABLE_MIB};

/// Handles one message's text with a fresh worker (nothing kept from earlier requests): the
/// tests' and tools' shortcut.
pub fn handle(text: &str, now: &dyn Fn() -> f64, post: &mut dyn FnMut(Reply)) {
    Worker::default().handle(text, now, post)
}

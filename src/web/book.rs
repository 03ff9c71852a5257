//! The perfect player's opening books: the book shipped with the page (`data/book_*.tsv`, made
//! ahead of time by `mancala-lab book`), and the positions the exact solver proved in this
//! browser, kept in localStorage, so that a position solved once (by the computer, or a start
//! position by the Solved Kalah lab) is answered at once the next time instead of thought over
//! for a minute.

use crate::families::{AnyMove, AnyPosition};
use crate::search::Analysis;

/// The Solved Kalah lab's key for a start position, by rules id.
pub const START_PREFIX: &str = "mancala-lab:solved:";
/// The book's key for any other position: rules id, `:`, setup.
const BOOK_PREFIX: &str = "mancala-lab:book:";
/// Positions solved faster than this are not worth a place in the book.
const WORTH_KEEPING_MS: f64 = 1000.0;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn key(p: &AnyPosition) -> String {
    if *p == p.rules().start() {
        format!("{START_PREFIX}{}", p.rules())
    } else {
        format!("{BOOK_PREFIX}{}:{p}", p.rules())
    }
}

/// The proven analysis of a position kept in this browser; a damaged or foreign entry, or one
/// whose best move is not legal there, is ignored (never trusted blindly).
pub fn lookup(p: &AnyPosition) -> Option<Analysis<AnyMove>> {
    shipped(p).or_else(|| kept(p))
}

/// What the book shipped with the page says of `p`.
pub fn shipped(p: &AnyPosition) -> Option<Analysis<AnyMove>> {
    crate::families::book::lookup(crate::families::book::shipped(&p.rules())?, p)
}

fn kept(p: &AnyPosition) -> Option<Analysis<AnyMove>> {
    let text = storage()?.get_item(&key(p)).ok()??;
    let a = serde_json::from_str::<Analysis<AnyMove>>(&text).ok()?;
    let legal = p.legal_moves();
    (a.exact && a.moves.first().is_some_and(|m| legal.contains(&m.mv))).then_some(a)
}

/// Keeps a proven analysis of `p` that took `ms` to find.
pub fn keep(p: &AnyPosition, a: &Analysis<AnyMove>, ms: f64) {
    if !a.exact || a.moves.is_empty() || ms < WORTH_KEEPING_MS {
        return;
    }
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(a)) {
        // A full storage keeps what it has: the book is a convenience.
        let _ = s.set_item(&key(p), &text);
    }
}

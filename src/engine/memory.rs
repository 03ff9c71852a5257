//! Allocations that may be refused without ending the program. The CLI's allocator ends the
//! program with a message when the system refuses memory (never an abort); code that handles a
//! refusal itself (`try_reserve`, a table that stops growing) asks for its allocations inside
//! [`fallible`], where a refusal is returned to it as the standard library's allocators return
//! it.

use std::cell::Cell;

thread_local! {
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with this thread's refused allocations handed back to it (a null pointer, an `Err`
/// from `try_reserve`) rather than ending the program.
pub fn fallible<T>(f: impl FnOnce() -> T) -> T {
    let was = FALLIBLE.with(|c| c.replace(true));
    let out = f();
    FALLIBLE.with(|c| c.set(was));
    out
}

/// Whether this thread is inside [`fallible`] (read by the CLI's allocator; never allocates).
pub fn is_fallible() -> bool {
    FALLIBLE.with(Cell::get)
}

//! Research computations from the papers, as pure functions.

pub mod dooley;

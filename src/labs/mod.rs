//! Research computations from the papers, as pure functions.

pub mod ayo;
pub mod bench;
pub mod dakon;
pub mod dooley;
pub mod erickson;
pub mod hanoi;
pub mod tchoukaillon;

//! One family of rules per file.

pub mod kalah;
pub mod tchoukaillon;

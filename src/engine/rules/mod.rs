//! One family of rules per file.

pub mod dakon;
pub mod kalah;
pub mod tchoukaillon;

//! Erickson's open questions as searches anyone can run (§2: do Sowing positions exist of
//! values 2⁻ⁿ, n·↑, +ₙ and *n, and how are they built? How many empty or full pots make two
//! parts independent? §3: are non-integer or non-numeric atomic weights possible in Atomic
//! Wari? Can its positions have exponentially many followers?), and Domineering's published
//! values inside Two-dimensional Sowing (§4). Pure searches ([`search`]) for the CLI and the
//! worker.

pub mod search;
mod task;

pub use search::*;
pub use task::*;

/// Domineering's published values beside ours, and the rectangles of the speed target (for the
/// CLI, which reaches the families through the labs).
pub use crate::families::grid::domineering::{
    table as domineering_table, target_rectangles, value_rectangles, DomineeringRow,
};

#[cfg(test)]
mod tests;

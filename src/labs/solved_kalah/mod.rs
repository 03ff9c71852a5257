//! Solved Kalah: the value of the start position and of every opening move of each board size,
//! under both capture rules, solved by the exact solver (the worker's solve, its root moves
//! shared between workers) and cached in the browser. The lab has no task of its own: its
//! page runs the exact solver.

mod task;
pub use task::*;

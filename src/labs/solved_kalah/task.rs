//! The Solved Kalah lab: its registration (no task of its own) and its limits.

use crate::labs::{Lab, NoTask, Reporter};

/// The lab (see the module).
pub struct SolvedKalahLab;

/// Seeds on the board up to which "Solve all" includes a board (a few seconds each at most).
pub const QUICK_SEEDS: u32 = 40;
/// The memory budget of each solve, MiB (the play page's default).
pub const MEMORY_MIB: usize = 768;

impl Lab for SolvedKalahLab {
    const PATH: &'static str = "/lab/solved-kalah";
    const TITLE: &'static str = "Solved Kalah";
    const SUMMARY: &'static str =
        "the exact value of every board size's start position and opening moves, solved in your browser.";
    type Task = NoTask;
    type Progress = ();
    type Answer = ();
    type Params = ();

    fn run(task: NoTask, _: &mut Reporter<'_, ()>) -> Result<(), String> {
        match task {}
    }
}

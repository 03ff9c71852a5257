//! The trainer as a lab: a page and a link, no worker task (every puzzle is proven ahead, by
//! `mancala-lab puzzles generate`).

use super::PuzzlesParams;
use crate::labs::{Lab, LabError, NoTask, Reporter};

/// The lab (see the module).
pub struct PuzzlesLab;

impl Lab for PuzzlesLab {
    const PATH: &'static str = "/puzzles";
    const TITLE: &'static str = "Puzzles";
    const SUMMARY: &'static str =
        "positions with one winning move, proven by the solvers, every wrong move answered by its refutation.";
    type Task = NoTask;
    type Progress = ();
    type Answer = ();
    type Params = PuzzlesParams;

    fn run(task: NoTask, _: &mut Reporter<'_, ()>) -> Result<(), LabError> {
        match task {}
    }
}

//! The Hanoi lab's worker task, its limits and its link.

use serde::{Deserialize, Serialize};

use super::{minimum, Minimum};
use crate::labs::{read_number, Lab, LabError, LinkParams, Reporter};

/// Most pots the worker searches the puzzle for (16 pots: about 1.3 million positions).
pub const MAX_HANOI_PAGE: usize = 16;
/// Most positions one search stores in the worker.
pub const HANOI_PAGE_STATES: u64 = 5_000_000;
/// Most pots of the board played on the page.
pub const MAX_PLAY: usize = 16;

/// The lab (see the module).
pub struct HanoiLab;

/// The minimum for 1 to `max_n` pots, either way and rightward only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HanoiTask {
    /// The last n: 1 to [`MAX_HANOI_PAGE`].
    pub max_n: usize,
}

/// The minima so far (an n each), or all of them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Minima {
    /// Either way.
    pub both: Vec<Minimum>,
    /// Rightward only.
    pub right: Vec<Minimum>,
}

/// The page's link: `n=N`, the pots of the board played (2 to [`MAX_PLAY`]; 6 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HanoiParams {
    /// Pots.
    pub n: usize,
}

impl Default for HanoiParams {
    fn default() -> Self {
        HanoiParams { n: 6 }
    }
}

impl LinkParams for HanoiParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let (n, faults) = read_number(query, "n", 6, 2..=MAX_PLAY, |t| {
            format!("n={} is not a number of pots from 2 to {MAX_PLAY}: showing 6", crate::engine::text::clip(t, 12))
        });
        (HanoiParams { n }, faults)
    }

    fn write(&self) -> String {
        format!("n={}", self.n)
    }
}

impl Lab for HanoiLab {
    const PATH: &'static str = "/lab/hanoi";
    const TITLE: &'static str = "The Towers of Hanoi go to Africa";
    const SUMMARY: &'static str = "Erickson's sowing puzzle: gather 1ⁿ into the last pot yourself, watch his two algorithms and a proven-shortest line, and see where his T(n) stops being optimal.";
    type Task = HanoiTask;
    type Progress = Minima;
    type Answer = Minima;
    type Params = HanoiParams;

    fn run(task: HanoiTask, r: &mut Reporter<'_, Minima>) -> Result<Minima, LabError> {
        let max_n = task.max_n;
        if !(1..=MAX_HANOI_PAGE).contains(&max_n) {
            return Err(LabError::Limits(format!(
                "the Hanoi puzzle is searched here for 1 to {MAX_HANOI_PAGE} pots (not {max_n}); the CLI goes further"
            )));
        }
        let mut m = Minima::default();
        for n in 1..=max_n {
            m.both.push(minimum(n, false, HANOI_PAGE_STATES, &mut |_| true));
            m.right.push(minimum(n, true, HANOI_PAGE_STATES, &mut |_| true));
            if n < max_n {
                r.progress_now(m.clone());
            }
        }
        Ok(m)
    }
}

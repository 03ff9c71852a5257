//! The Ayo lab's worker task, its limits and its link.

use serde::{Deserialize, Serialize};

use super::{check_board, BoardCheck};
use crate::labs::{read_number, Lab, LabError, LinkParams, Reporter};

/// The largest board the worker checks (7 pits a side: about 360,000 candidates).
pub const MAX_DETERMINED_PAGE: usize = 7;
/// Most stones of the two boards played in lockstep.
pub const MAX_STONES: u32 = 200;

/// The lab (see the module).
pub struct AyoLab;

/// Ayo's determined positions on boards of 2 to `max_pits` pits a side, every candidate played
/// out (Broline & Loeb, Theorem 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeterminedTask {
    /// The largest board: 2 to [`MAX_DETERMINED_PAGE`].
    pub max_pits: usize,
}

/// Each board's check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Determined {
    /// A board size each.
    pub boards: Vec<BoardCheck>,
}

/// The page's link: `s=S`, the stones of the boards in lockstep (1 to [`MAX_STONES`]; 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AyoParams {
    /// Stones.
    pub s: u32,
}

impl Default for AyoParams {
    fn default() -> Self {
        AyoParams { s: 9 }
    }
}

impl LinkParams for AyoParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let (s, faults) = read_number(query, "s", 9, 1..=MAX_STONES, |t| {
            format!(
                "s={} is not a number of stones from 1 to {MAX_STONES}: showing 9",
                crate::engine::text::clip(t, 12)
            )
        });
        (AyoParams { s }, faults)
    }

    fn write(&self) -> String {
        format!("s={}", self.s)
    }
}

impl Lab for AyoLab {
    const PATH: &'static str = "/lab/ayo";
    const TITLE: &'static str = "Ayo = Tchoukaillon";
    const SUMMARY: &'static str = "Broline & Loeb's Theorem 3 on two boards: a determined Ayo endgame played in lockstep with Tchoukaillon's winning line, and every candidate position checked on the Ayo engine (at most 21 stones on 12 pits).";
    type Task = DeterminedTask;
    type Progress = ();
    type Answer = Determined;
    type Params = AyoParams;

    fn run(task: DeterminedTask, _: &mut Reporter<'_, ()>) -> Result<Determined, LabError> {
        let max_pits = task.max_pits;
        if !(2..=MAX_DETERMINED_PAGE).contains(&max_pits) {
            return Err(LabError::Limits(format!("boards of 2 to {MAX_DETERMINED_PAGE} pits a side (not {max_pits})")));
        }
        Ok(Determined { boards: (2..=max_pits).map(check_board).collect() })
    }
}

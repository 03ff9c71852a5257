//! Dooley's study as a worker task.

use serde::{Deserialize, Serialize};

use super::{study_and_values, Study};
use crate::families::{AnyMove, AnyRules};
use crate::labs::{Lab, LabError, Reporter};
use crate::search::Analysis;

/// The lab (see the module).
pub struct DooleyLab;

/// The study of one rule set's start position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DooleyTask {
    /// Rules id (a Kalah-family game of at most [`super::MAX_STUDY_SEEDS`] seeds).
    pub rules: String,
}

/// The study: state counts and the exact value of every opening move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DooleyAnswer {
    /// State counts.
    pub study: Study,
    /// Exact values of the opening moves.
    pub analysis: Analysis<AnyMove>,
}

/// Nodes the solver searched so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DooleyProgress {
    /// Nodes.
    pub nodes: u64,
}

impl Lab for DooleyLab {
    const PATH: &'static str = "/lab/dooley";
    const TITLE: &'static str = "Dooley's study";
    const SUMMARY: &'static str =
        "93,757 states of the one-pebble game: which rules give them, and the value of each opening.";
    type Task = DooleyTask;
    type Progress = DooleyProgress;
    type Answer = DooleyAnswer;
    type Params = ();

    fn run(task: DooleyTask, r: &mut Reporter<'_, DooleyProgress>) -> Result<DooleyAnswer, LabError> {
        let rules: AnyRules = task.rules.parse().map_err(|e| LabError::Input(format!("rules: {e}")))?;
        let mut h = r.search_handler(|nodes| DooleyProgress { nodes });
        let (study, analysis) = study_and_values(&rules.start(), &crate::engine::memory::Budget::unlimited(), &mut h)
            .map_err(LabError::failed)?;
        Ok(DooleyAnswer { study, analysis })
    }
}

//! The Erickson lab's worker task and its limits.

use serde::{Deserialize, Serialize};

use super::{
    octal_summary, row_value_within, table_3_search, timed_report, OctalSummary, Report, RowValue, Table3Search,
};
use crate::labs::{Lab, LabError, Reporter};

/// Most seeds Table 3's search takes in the worker (9 seeds: about 1.5 GB).
pub const MAX_SEARCH_SEEDS: u32 = 9;

/// The lab (see the module).
pub struct EricksonLab;

/// The Erickson lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "erickson", rename_all = "snake_case")]
pub enum EricksonTask {
    /// Tables 1–5, the example 312, Theorems 2.2–2.5, Table 5's classification, the followers
    /// of 1ⁿ.
    Tables,
    /// Table 3's exhaustive search.
    Search {
        /// Most seeds: 1 to [`MAX_SEARCH_SEEDS`].
        max_seeds: u32,
        /// Most pots of every plain row: 1 to 7.
        max_pots: u32,
        /// Most seeds of the rows of one pot more: at most 14.
        max_seeds_long: u32,
    },
    /// An octal game's nim-sequence.
    Octal {
        /// The code (`.37`).
        code: String,
        /// Largest heap size: at most [`super::MAX_OCTAL_PAGE`].
        n: usize,
    },
    /// A row's value and its options' (the play page's Game value panel).
    Value {
        /// `sowing`, `sowing-i`, `atomic` or `atomic-i`.
        rules: String,
        /// The row, link notation.
        row: String,
        /// Rows valued at most (`None`: the most any valuation here may take), so that a
        /// valuation that starts by itself stays short.
        #[serde(default)]
        limit: Option<usize>,
    },
}

/// A stage under way, with rows (or heap sizes) so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EricksonProgress {
    /// What is being computed.
    pub stage: String,
    /// Rows searched or heap sizes computed so far.
    pub count: u64,
}

/// What the Erickson lab answers (externally tagged: the play page decodes it, see
/// [`crate::web::worker::protocol::Reply`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EricksonAnswer {
    /// The tables recomputed, and the milliseconds each stage took.
    Tables {
        /// The report.
        report: Box<Report>,
        /// Each stage and its milliseconds.
        stages: Vec<(String, f64)>,
    },
    /// Table 3's search.
    Search {
        /// Its answer.
        search: Table3Search,
    },
    /// An octal game's nim-sequence.
    Octal {
        /// Its summary.
        summary: Box<OctalSummary>,
    },
    /// A row's value.
    Value {
        /// The value and its options'.
        value: Box<RowValue>,
    },
}

/// The lab's link: its inputs, so that a reload keeps them (`seeds=9&n=2000000`).
#[derive(Clone, Debug, PartialEq)]
pub struct EricksonParams {
    /// Table 3's search: the most seeds of the rows searched.
    pub seeds: u32,
    /// .37: the largest heap size.
    pub n: usize,
}

impl Default for EricksonParams {
    fn default() -> Self {
        EricksonParams { seeds: 8, n: 1_000_000 }
    }
}

impl crate::labs::LinkParams for EricksonParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let d = EricksonParams::default();
        let ([seeds, n], faults) = crate::labs::read_numbers(
            query,
            [
                ("seeds", d.seeds.into(), 5..=MAX_SEARCH_SEEDS.into()),
                ("n", d.n as u64, 1..=super::MAX_OCTAL_PAGE as u64),
            ],
        );
        (EricksonParams { seeds: seeds as u32, n: n as usize }, faults)
    }

    fn write(&self) -> String {
        let d = EricksonParams::default();
        crate::labs::join_parts([
            (self.seeds != d.seeds).then(|| format!("seeds={}", self.seeds)),
            (self.n != d.n).then(|| format!("n={}", self.n)),
        ])
    }
}

impl Lab for EricksonLab {
    const PATH: &'static str = "/lab/erickson";
    const TITLE: &'static str = "Erickson's Sowing Games";
    const SUMMARY: &'static str = "Conway's Sowing and Atomic Wari valued: Tables 1–5 recomputed beside the printed entries (six differ, each explained), Table 3 by exhaustive search, and the octal game .37 past a million values.";
    type Task = EricksonTask;
    type Progress = EricksonProgress;
    type Answer = EricksonAnswer;
    type Params = EricksonParams;

    fn run(task: EricksonTask, r: &mut Reporter<'_, EricksonProgress>) -> Result<EricksonAnswer, LabError> {
        let stage = |stage: &str, count: u64| EricksonProgress { stage: stage.to_string(), count };
        match task {
            EricksonTask::Tables => {
                let clock = r.clock();
                let (report, stages) = timed_report(clock, &mut |s| {
                    r.progress_now(stage(s, 0));
                });
                Ok(EricksonAnswer::Tables { report: Box::new(report), stages })
            }
            EricksonTask::Search { max_seeds, max_pots, max_seeds_long } => {
                if !(1..=MAX_SEARCH_SEEDS).contains(&max_seeds) || !(1..=7).contains(&max_pots) || max_seeds_long > 14 {
                    return Err(LabError::Limits(format!(
                        "Table 3's search of {max_seeds} seeds, {max_pots} pots, {max_seeds_long} seeds in the longest rows: use 1 to {MAX_SEARCH_SEEDS} seeds, 1 to 7 pots and at most 14 (the CLI goes further)"
                    )));
                }
                let found =
                    table_3_search(max_seeds, max_pots, max_seeds_long, &mut |s, rows| r.progress(|| stage(s, rows)));
                let search = found.ok_or(LabError::Stopped)?;
                Ok(EricksonAnswer::Search { search: Table3Search { seconds: r.elapsed_ms() / 1000.0, ..search } })
            }
            EricksonTask::Octal { code, n } => {
                let summary = octal_summary(&code, n, &mut |k| r.progress(|| stage("heap sizes", k as u64)))?
                    .ok_or(LabError::Stopped)?;
                let seconds = r.elapsed_ms() / 1000.0;
                Ok(EricksonAnswer::Octal { summary: Box::new(OctalSummary { seconds, ..summary }) })
            }
            EricksonTask::Value { rules, row, limit } => {
                let limit = limit.unwrap_or(crate::families::row::cgt::MAX_FOLLOWERS);
                row_value_within(&rules, &row, limit)
                    .map(|value| EricksonAnswer::Value { value: Box::new(value) })
                    .map_err(LabError::failed)
            }
        }
    }
}

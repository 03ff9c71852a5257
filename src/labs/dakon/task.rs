//! The Dakon lab's worker task, its limits and its link.

use serde::{Deserialize, Serialize};

use super::deep::{shortest_depth_first, DeepFound, DeepProgress};
use super::openings::{least_limit, search, survey, Found, Goal, Limit, Survey, Trial};
use super::{parse_link, MAX_HOLES};
use crate::labs::{Lab, LabError, LinkParams, Reporter};

/// Longest opening the depth-first proof searches (Dakon-10's best known has 68 moves).
pub const MAX_DAKON_BOUND: u32 = 200;
/// Largest Dakon whose first turns the worker surveys (Dakon-6: 32 MB; Dakon-7 does not fit
/// in 24 GB, BENCHMARKS.md).
pub const MAX_DAKON_SURVEY: usize = 6;
/// Most boards a Dakon search may keep in the worker (about 45 bytes each: 1 GiB).
pub const MAX_DAKON_BOARDS: u64 = 24_000_000;

/// The lab (see the module).
pub struct DakonLab;

/// The Dakon lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "dakon", rename_all = "snake_case")]
pub enum DakonTask {
    /// Dakon-n's first turns, every one (counts, shortest, maximum capture, least lap count).
    Survey {
        /// Holes a side: 1 to [`MAX_DAKON_SURVEY`] in the browser.
        n: usize,
    },
    /// One of Dakon-n's special openings, with its proof.
    Search {
        /// Holes a side.
        n: usize,
        /// Which opening.
        goal: DakonGoal,
        /// Most boards kept (at most [`MAX_DAKON_BOARDS`]).
        max_boards: u64,
    },
    /// Dakon-n's shortest opening of at most `bound` moves, proven by a depth-first search
    /// that keeps only its path (no board limit; it may take long: Stop ends it).
    Prove {
        /// Holes a side.
        n: usize,
        /// Longest opening searched: 1 to [`MAX_DAKON_BOUND`].
        bound: u32,
    },
}

/// The Dakon openings the lab searches for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DakonGoal {
    /// Fewest moves (Table 2).
    Shortest,
    /// Least largest lap count, then fewest moves (Table 3).
    MinLaps,
    /// Least largest sowing, then fewest moves of more than one cycle.
    MinCycles,
}

/// How a survey, a search or a proof is going.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "dakon", rename_all = "snake_case")]
pub enum DakonProgress {
    /// A survey or search: the store level (survey) or cost level (search) just finished.
    Level {
        /// The level.
        level: u32,
        /// Boards so far.
        boards: u64,
    },
    /// A depth-first proof.
    Deep {
        /// Prefixes (first few moves) searched.
        done: usize,
        /// Prefixes in all.
        total: usize,
        /// Moves played so far.
        moves: u64,
    },
}

/// What the Dakon lab answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "dakon", rename_all = "snake_case")]
pub enum DakonAnswer {
    /// A survey's figures.
    Survey {
        /// The figures.
        survey: Survey,
    },
    /// A search's answer.
    Found {
        /// The limits tried on the way (min-laps, min-cycles), each with its verdict.
        trials: Vec<Trial>,
        /// The opening and what was proven (`None`: the board limit came first).
        found: Option<Found>,
    },
    /// A depth-first proof's answer.
    Deep {
        /// The shortest opening within the bound, or the proof that none is.
        found: DeepFound,
    },
}

/// The page's link: `n=N&line=H.H.H` (the board, and an opening replayed, in the paper's hole
/// numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DakonParams {
    /// Holes a side (8 by default: the Maldivian board).
    pub n: usize,
    /// An opening to replay, when given and legal.
    pub line: Option<Vec<usize>>,
}

impl Default for DakonParams {
    fn default() -> Self {
        DakonParams { n: 8, line: None }
    }
}

impl LinkParams for DakonParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let link = parse_link(query);
        (DakonParams { n: link.n, line: link.line.map(|(holes, _)| holes) }, link.error.into_iter().collect())
    }

    fn write(&self) -> String {
        let mut q = format!("n={}", self.n);
        if let Some(l) = &self.line {
            q.push_str("&line=");
            q.push_str(&l.iter().map(usize::to_string).collect::<Vec<_>>().join("."));
        }
        q
    }
}

impl Lab for DakonLab {
    const PATH: &'static str = "/lab/dakon";
    const TITLE: &'static str = "Dakon's winning openings";
    const SUMMARY: &'static str = "every first turn counted, the shortest and the human-like openings searched with proofs, and the Maldivian 93-move opening replayed.";
    type Task = DakonTask;
    type Progress = DakonProgress;
    type Answer = DakonAnswer;
    type Params = DakonParams;

    fn run(task: DakonTask, r: &mut Reporter<'_, DakonProgress>) -> Result<DakonAnswer, LabError> {
        let mut level = |level: u32, boards: u64| r.progress(|| DakonProgress::Level { level, boards });
        match task {
            DakonTask::Survey { n } => {
                if !(1..=MAX_DAKON_SURVEY).contains(&n) {
                    return Err(LabError::Limits(format!(
                        "Dakon-{n} cannot be surveyed here: 1 to {MAX_DAKON_SURVEY} holes a side in the browser (the CLI goes further)"
                    )));
                }
                let survey = survey(n, &mut level).map_err(LabError::failed)?;
                Ok(DakonAnswer::Survey { survey })
            }
            DakonTask::Search { n, goal, max_boards } => {
                if !(1..=MAX_HOLES).contains(&n) {
                    return Err(LabError::Limits(format!("Dakon-{n} is not handled: 1 to {MAX_HOLES} holes a side")));
                }
                let max_boards = max_boards.clamp(1, MAX_DAKON_BOARDS);
                let result = match goal {
                    DakonGoal::Shortest => search(n, Goal::Shortest, max_boards, &mut level).map(|f| (vec![], Some(f))),
                    DakonGoal::MinLaps => least_limit(n, Limit::Laps, max_boards, &mut level),
                    DakonGoal::MinCycles => least_limit(n, Limit::Sown, max_boards, &mut level),
                };
                let (trials, found) = result.map_err(LabError::failed)?;
                Ok(DakonAnswer::Found { trials, found })
            }
            DakonTask::Prove { n, bound } => {
                if !(1..=MAX_HOLES).contains(&n) || !(1..=MAX_DAKON_BOUND).contains(&bound) {
                    return Err(LabError::Limits(format!(
                        "Dakon-{n} within {bound} moves is not handled: 1 to {MAX_HOLES} holes a side, 1 to {MAX_DAKON_BOUND} moves"
                    )));
                }
                let mut tick = |p: &DeepProgress| {
                    r.progress(|| DakonProgress::Deep { done: p.done, total: p.total, moves: p.moves })
                };
                let found =
                    shortest_depth_first(n, bound, 1, &Default::default(), &mut tick).map_err(LabError::failed)?;
                Ok(DakonAnswer::Deep { found })
            }
        }
    }
}

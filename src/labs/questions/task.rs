//! The open questions lab's worker task, its link and its limits.

use serde::{Deserialize, Serialize};

use super::search::{
    atomic_weights, followers, separation, value_families, value_search, AtomicWeights, Followers, SearchGame,
    Separation, ValueFamilies, ValueSearch,
};
use crate::families::grid::domineering::DomineeringRow;
use crate::labs::{query_value, Lab, LabError, LinkParams, Reporter};

/// The lab (see the module).
pub struct QuestionsLab;

/// Most seeds and pots of the rows a search takes in the worker (the CLI goes further).
pub const PAGE_LIMITS: Limits = Limits { value: 12, families: 11, weights: 11, separation: 5, followers: 9 };

/// The most seeds (and pots) of each search in the worker.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rows of a value.
    pub value: u32,
    /// The families' smallest rows.
    pub families: u32,
    /// Atomic weights.
    pub weights: u32,
    /// A part's seeds, for the separation.
    pub separation: u32,
    /// Follower counts.
    pub followers: u32,
}

/// The searches (see [`super::search`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Tool {
    /// Rows of a value.
    #[default]
    Value,
    /// The smallest rows of 2^-n, n.^, +_n and *n.
    Families,
    /// Atomic Wari's atomic weights.
    Weights,
    /// The separation that makes parts independent.
    Separation,
    /// Follower counts.
    Followers,
    /// Domineering's published values.
    Domineering,
}

/// Every tool with its link name and title.
pub const TOOLS: [(Tool, &str, &str); 6] = [
    (Tool::Value, "value", "Rows of a value"),
    (Tool::Families, "families", "2⁻ⁿ, n·↑, +ₙ and *n"),
    (Tool::Weights, "weights", "Atomic weights"),
    (Tool::Separation, "separation", "Independent parts"),
    (Tool::Followers, "followers", "Followers"),
    (Tool::Domineering, "domineering", "Domineering"),
];

/// A search to run: the tool and its inputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionsTask {
    /// The search.
    pub tool: Tool,
    /// The game's id (see [`super::search::GAMES`]).
    pub game: String,
    /// The value sought (rows of a value), CGSuite's syntax.
    pub value: String,
    /// Most seeds.
    pub seeds: u32,
    /// Most pots.
    pub pots: u32,
    /// Runs of full pots, not empty ones (the separation, Sowing only).
    #[serde(default)]
    pub full: bool,
}

/// Where a search is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuestionsProgress {
    /// The seeds of the rows being looked at.
    pub seeds: u32,
    /// Rows (or pairs) so far.
    pub rows: u64,
}

/// A search's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum QuestionsAnswer {
    /// Rows of a value.
    Value {
        /// The search.
        search: ValueSearch,
    },
    /// The families' smallest rows.
    Families {
        /// The search.
        search: ValueFamilies,
    },
    /// Atomic weights.
    Weights {
        /// The search.
        search: AtomicWeights,
    },
    /// Independent parts.
    Separation {
        /// The search.
        search: Separation,
    },
    /// Follower counts.
    Followers {
        /// The search.
        search: Followers,
    },
    /// Domineering.
    Domineering {
        /// The published shapes beside ours.
        rows: Vec<DomineeringRow>,
        /// Seconds.
        seconds: f64,
    },
}

/// The page's link: the tool and its inputs, so that a reload or a shared link shows (and
/// runs) the same search (`tool=value&game=sowing&value=^&seeds=8&pots=8`).
#[derive(Clone, Debug, PartialEq)]
pub struct QuestionsParams {
    /// The search shown.
    pub tool: Tool,
    /// Whether the link named it (it then runs at once).
    pub named: bool,
    /// The game.
    pub game: String,
    /// The value.
    pub value: String,
    /// Most seeds.
    pub seeds: u32,
    /// Most pots.
    pub pots: u32,
    /// The separation by full pots (`full=1`).
    pub full: bool,
}

impl Default for QuestionsParams {
    fn default() -> Self {
        QuestionsParams {
            tool: Tool::Value,
            named: false,
            game: "sowing".into(),
            value: "^".into(),
            seeds: 8,
            pots: 8,
            full: false,
        }
    }
}

/// Decodes a link's percent-escapes (`%5E` is `^`); `None` if they are not UTF-8.
fn unescape(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Escapes what a link's query cannot hold as it is.
fn escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' | b'^' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl LinkParams for QuestionsParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let d = QuestionsParams::default();
        let mut faults = vec![];
        let known = ["tool", "game", "value", "seeds", "pots", "full"];
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let key = part.split('=').next().unwrap_or("");
            if !known.contains(&key) {
                faults.push(format!(
                    "'{}' is not part of this lab's link: it is ignored",
                    crate::engine::text::clip(part, 30)
                ));
            }
        }
        let tool = match query_value(query, "tool") {
            None => None,
            Some(t) => match TOOLS.iter().find(|x| x.1 == t) {
                Some(x) => Some(x.0),
                None => {
                    faults.push(format!(
                        "tool={} is not a search of this lab ({}): showing the first",
                        crate::engine::text::clip(t, 16),
                        TOOLS.iter().map(|x| x.1).collect::<Vec<_>>().join(", ")
                    ));
                    None
                }
            },
        };
        let game = match query_value(query, "game") {
            None => d.game.clone(),
            Some(g) => match SearchGame::parse(g) {
                Ok(_) => g.to_string(),
                Err(e) => {
                    faults.push(format!("game={}: {e}; showing sowing", crate::engine::text::clip(g, 16)));
                    d.game.clone()
                }
            },
        };
        let value = match query_value(query, "value").map(unescape) {
            None => d.value.clone(),
            Some(Some(v)) if !v.trim().is_empty() && v.chars().count() <= 200 => v,
            Some(_) => {
                faults.push("value= cannot be read (empty, too long or not UTF-8): showing ^".into());
                d.value.clone()
            }
        };
        let (numbers, more) = crate::labs::read_numbers(
            &known_numbers(query),
            [("seeds", d.seeds.into(), 1..=16), ("pots", d.pots.into(), 1..=16)],
        );
        faults.extend(more);
        let full = match query_value(query, "full") {
            None | Some("0") => false,
            Some("1") => true,
            Some(t) => {
                faults
                    .push(format!("full={} is not 0 or 1: runs of empty pots shown", crate::engine::text::clip(t, 8)));
                false
            }
        };
        let params = QuestionsParams {
            tool: tool.unwrap_or_default(),
            named: tool.is_some(),
            game,
            value,
            seeds: numbers[0] as u32,
            pots: numbers[1] as u32,
            full,
        };
        (params, faults)
    }

    fn write(&self) -> String {
        let tool = TOOLS.iter().find(|x| x.0 == self.tool).map_or("value", |x| x.1);
        let mut parts = vec![format!("tool={tool}")];
        if !matches!(self.tool, Tool::Weights | Tool::Domineering) {
            parts.push(format!("game={}", self.game));
        }
        if self.tool == Tool::Value {
            parts.push(format!("value={}", escape(&self.value)));
        }
        if self.tool != Tool::Domineering {
            parts.push(format!("seeds={}&pots={}", self.seeds, self.pots));
        }
        if self.tool == Tool::Separation && self.full {
            parts.push("full=1".into());
        }
        parts.join("&")
    }
}

/// The query's number parts only (the others are checked above).
fn known_numbers(query: &str) -> String {
    query.split('&').filter(|p| p.starts_with("seeds=") || p.starts_with("pots=")).collect::<Vec<_>>().join("&")
}

impl Lab for QuestionsLab {
    const PATH: &'static str = "/lab/questions";
    const TITLE: &'static str = "Erickson's open questions";
    const SUMMARY: &'static str = "Searches anyone can run on the questions \"Sowing Games\" left open: rows of any value, the smallest 2⁻ⁿ, n·↑, +ₙ and *n, Atomic Wari's atomic weights (a non-integer one found), how many empty pots make parts independent, followers; and Domineering inside Two-dimensional Sowing.";
    type Task = QuestionsTask;
    type Progress = QuestionsProgress;
    type Answer = QuestionsAnswer;
    type Params = QuestionsParams;

    fn run(task: QuestionsTask, r: &mut Reporter<'_, QuestionsProgress>) -> Result<QuestionsAnswer, LabError> {
        let game = SearchGame::parse(&task.game).map_err(LabError::Input)?;
        let most = match task.tool {
            Tool::Value => PAGE_LIMITS.value,
            Tool::Families => PAGE_LIMITS.families,
            Tool::Weights => PAGE_LIMITS.weights,
            Tool::Separation => PAGE_LIMITS.separation,
            Tool::Followers => PAGE_LIMITS.followers,
            Tool::Domineering => u32::MAX,
        };
        if !(1..=most).contains(&task.seeds) || !(1..=most).contains(&task.pots) {
            return Err(LabError::Limits(format!(
                "this search takes 1 to {most} seeds and pots in the page (not {} and {}); the CLI's `mancala-lab search` goes further",
                task.seeds, task.pots
            )));
        }
        let (k, p) = (task.seeds, task.pots);
        let answer = match task.tool {
            Tool::Value => {
                let mut s = value_search(game, &task.value, k, p, &mut |seeds, rows| {
                    r.progress(|| QuestionsProgress { seeds, rows })
                })
                .map_err(LabError::Input)?;
                s.seconds = r.elapsed_ms() / 1000.0;
                QuestionsAnswer::Value { search: s }
            }
            Tool::Families => {
                let mut s =
                    value_families(game, k, p, &mut |seeds, rows| r.progress(|| QuestionsProgress { seeds, rows }));
                s.seconds = r.elapsed_ms() / 1000.0;
                QuestionsAnswer::Families { search: s }
            }
            Tool::Weights => {
                let mut s =
                    atomic_weights(k, p, 6, &mut |seeds, rows| r.progress(|| QuestionsProgress { seeds, rows }));
                s.seconds = r.elapsed_ms() / 1000.0;
                QuestionsAnswer::Weights { search: s }
            }
            Tool::Separation => {
                let mut s = separation(game, k, p, task.full, &mut |seeds, rows| {
                    r.progress(|| QuestionsProgress { seeds, rows })
                })
                .map_err(LabError::Input)?;
                s.seconds = r.elapsed_ms() / 1000.0;
                QuestionsAnswer::Separation { search: s }
            }
            Tool::Followers => {
                let mut s = followers(game, k, p, &mut |seeds, rows| r.progress(|| QuestionsProgress { seeds, rows }));
                s.seconds = r.elapsed_ms() / 1000.0;
                QuestionsAnswer::Followers { search: s }
            }
            Tool::Domineering => {
                let rows = crate::families::grid::domineering::table();
                QuestionsAnswer::Domineering { rows, seconds: r.elapsed_ms() / 1000.0 }
            }
        };
        Ok(answer)
    }
}

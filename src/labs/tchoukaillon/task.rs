//! The Tchoukaillon lab's worker task, its limits and its link.

use serde::{Deserialize, Serialize};

use crate::labs::{read_number, Lab, LabError, LinkParams, Reporter};

/// The lab (see the module).
pub struct TchoukaillonLab;

/// Figure 7's seeds, the page's default.
pub const FIGURE_7_SEEDS: u64 = 1_925_280;
/// Most pits of the Tchouka map the worker draws (12 pits of up to 20 seeds: a few seconds).
pub const MAX_TCHOUKA_MAP_PITS: u8 = 12;
/// Most seeds a pit of the worker's Tchouka map.
pub const MAX_TCHOUKA_MAP_SEEDS: u8 = 20;
/// Pits of a large winning position the worker sends (the rest are counted).
pub const FIRST_PITS: usize = 1000;
/// Most pits of a winning position the worker sends whole.
pub const WHOLE_PITS: u64 = 10_000;
/// Most pits the worker walks for Figure 7 (the position for about 8·10¹⁴ seeds: about 1 s).
pub const MAX_OCCUPANCY_PITS: u64 = 50_000_000;
/// Most n the page computes s(n) to.
pub const MAX_S_OF_N_PAGE: u64 = 200_000;
/// Points of Figure 7's picture.
pub const OCCUPANCY_POINTS: u64 = 4000;

/// The lab's work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tchoukaillon", rename_all = "snake_case")]
pub enum TchoukaillonTask {
    /// The winning position for `seeds` (every pit up to [`WHOLE_PITS`], else its first
    /// [`FIRST_PITS`] pits; and its number of pits) and, when it has at most
    /// [`MAX_OCCUPANCY_PITS`] pits, its occupancy picture (Figure 7).
    Position {
        /// Seeds: any u64.
        seeds: u64,
    },
    /// The Tchouka solitaire's solvability map, 1..=`max_pits` pits of 1..=`max_seeds` seeds.
    TchoukaMap {
        /// Most pits: 1 to [`MAX_TCHOUKA_MAP_PITS`].
        max_pits: u8,
        /// Most seeds a pit: 1 to [`MAX_TCHOUKA_MAP_SEEDS`].
        max_seeds: u8,
    },
    /// s(1), …, s(n), checked by the other methods as far as they go in a moment.
    SOfN {
        /// The last n: 1 to [`MAX_S_OF_N_PAGE`].
        n: u64,
    },
}

/// A check of s(n) by another method.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SOfNCheck {
    /// The method, in words.
    pub method: String,
    /// It was run for n = 1 to this.
    pub upto: u64,
    /// The first n where it differs (a defect), if any.
    pub differs_at: Option<u64>,
    /// Its milliseconds.
    pub ms: f64,
}

/// What the lab answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tchoukaillon", rename_all = "snake_case")]
pub enum TchoukaillonAnswer {
    /// A winning position.
    Position {
        /// Its first pits and its size.
        position: super::WinningPosition,
        /// Figure 7's picture (none past [`MAX_OCCUPANCY_PITS`] pits).
        occupancy: Option<super::Occupancy>,
        /// The milliseconds the position itself took (its first pits and its number of pits).
        position_ms: f64,
    },
    /// The Tchouka solitaire's map.
    TchoukaMap {
        /// Each start, by pits then seeds.
        entries: Vec<super::MapEntry>,
    },
    /// s(1..=n).
    SOfN {
        /// s(1), …, s(n).
        s: Vec<u64>,
        /// Its milliseconds.
        ms: f64,
        /// The other methods' checks.
        checks: Vec<SOfNCheck>,
    },
}

/// The page's link: `s=S`, Figure 7's seeds (any number below 2⁶⁴; the paper's 1,925,280).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TchoukaillonParams {
    /// Seeds.
    pub s: u64,
}

impl Default for TchoukaillonParams {
    fn default() -> Self {
        TchoukaillonParams { s: FIGURE_7_SEEDS }
    }
}

impl LinkParams for TchoukaillonParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let (s, faults) = read_number(query, "s", FIGURE_7_SEEDS, 0..=u64::MAX, |t| {
            format!(
                "s={} is not a number of seeds from 0 to 18446744073709551615 (2⁶⁴ − 1): showing the paper's {}",
                crate::engine::text::clip(t, 24),
                crate::engine::text::group(FIGURE_7_SEEDS as u128)
            )
        });
        (TchoukaillonParams { s }, faults)
    }

    fn write(&self) -> String {
        format!("s={}", self.s)
    }
}

impl Lab for TchoukaillonLab {
    const PATH: &'static str = "/lab/tchoukaillon";
    const TITLE: &'static str = "Tchoukaillon and 1/π";
    const SUMMARY: &'static str = "Broline & Loeb's Figures 4–8 live: every winning position watchable harvest by harvest, the periods lcm(1, …, i+1) far past the paper's table, s(n) against n²/π to n = 2·10⁵ with its O(n) error band, and the winning position for any number of seeds below 2⁶⁴ with its occupancy picture.";
    type Task = TchoukaillonTask;
    type Progress = ();
    type Answer = TchoukaillonAnswer;
    type Params = TchoukaillonParams;

    /// Each task takes a second at most: no progress.
    fn run(task: TchoukaillonTask, r: &mut Reporter<'_, ()>) -> Result<TchoukaillonAnswer, LabError> {
        use super as t;
        match task {
            TchoukaillonTask::Position { seeds } => {
                let t0 = r.now();
                let position = t::winning_position_upto(seeds, WHOLE_PITS, FIRST_PITS);
                let position_ms = r.now() - t0;
                let occupancy = (position.highest <= MAX_OCCUPANCY_PITS).then(|| t::occupancy(seeds, OCCUPANCY_POINTS));
                Ok(TchoukaillonAnswer::Position { position, occupancy, position_ms })
            }
            TchoukaillonTask::TchoukaMap { max_pits, max_seeds } => {
                if !(1..=MAX_TCHOUKA_MAP_PITS).contains(&max_pits) || !(1..=MAX_TCHOUKA_MAP_SEEDS).contains(&max_seeds)
                {
                    return Err(LabError::Limits(format!(
                        "the map is drawn here for 1 to {MAX_TCHOUKA_MAP_PITS} pits of 1 to {MAX_TCHOUKA_MAP_SEEDS} seeds (not {max_pits} of {max_seeds}); the CLI goes further"
                    )));
                }
                let entries = t::solvability_map(max_pits, max_seeds, &mut |_| true);
                Ok(TchoukaillonAnswer::TchoukaMap { entries })
            }
            TchoukaillonTask::SOfN { n } => {
                if !(1..=MAX_S_OF_N_PAGE).contains(&n) {
                    return Err(LabError::Limits(format!(
                        "s(n) is computed here for n from 1 to {MAX_S_OF_N_PAGE} (not {n}); the CLI goes to 10⁶"
                    )));
                }
                let t0 = r.now();
                let s = t::s_of_n(n);
                let ms = r.now() - t0;
                let check = |method: &str, upto: u64, extra_ms: f64, f: &mut dyn FnMut(u64) -> u64| {
                    let upto = upto.min(n);
                    let t0 = r.now();
                    let differs_at = (1..=upto).find(|&k| f(k) != s[k as usize - 1]);
                    SOfNCheck { method: method.into(), upto, differs_at, ms: r.now() - t0 + extra_ms }
                };
                // The list sieve runs over every number up to s(3000), about 2.9 million.
                let sieve_n = n.min(3000);
                let t0 = r.now();
                let sieve = t::s_by_sieve(s[sieve_n as usize - 1] as u32);
                let sieve_ms = r.now() - t0;
                let checks = vec![
                    check("Figure 8's sieve on a list", sieve_n, sieve_ms, &mut |k| {
                        sieve.get(k as usize - 1).copied().unwrap_or(0)
                    }),
                    check(
                        "Erdős–Jabotinsky rounding (n up to a multiple of n−1, …, 1)",
                        3000,
                        0.0,
                        &mut t::s_by_rounding,
                    ),
                    check(
                        "the definition: the least s whose winning position uses pit n",
                        1000,
                        0.0,
                        &mut t::s_by_definition,
                    ),
                ];
                Ok(TchoukaillonAnswer::SOfN { s, ms, checks })
            }
        }
    }
}

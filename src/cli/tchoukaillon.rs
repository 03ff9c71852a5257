//! `winning`: Tchoukaillon's unique winning position for a number of seeds; `determined`: Ayo's
//! determined positions (Theorem 3) checked on the Ayo engine.

use core::fmt;

use serde::Serialize;

use super::CliError;
use crate::families::tchoukaillon::Tchoukaillon;
use crate::families::AnyPosition;

/// The winning position for `seeds` seeds.
#[derive(Serialize)]
pub struct WinningReport {
    seeds: u32,
    pits: Vec<u32>,
    setup: String,
    harvests: Option<usize>,
}

/// The unique winning position with `seeds` seeds (Broline & Loeb, Theorem 5).
///
/// # Errors
/// When it needs more pits than a board here may have.
pub fn winning(seeds: u32) -> Result<WinningReport, CliError> {
    let p = Tchoukaillon::winning_position(seeds).ok_or(CliError::TooManyPits(seeds))?;
    Ok(WinningReport {
        seeds,
        pits: p.pits().to_vec(),
        setup: AnyPosition::from(p.clone()).to_string(),
        harvests: p.winning_line().map(|l| l.len()),
    })
}

impl fmt::Display for WinningReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.pits.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
    }
}

/// Ayo's determined positions on boards of 2 to `max_pits` pits a side.
#[derive(Serialize)]
pub struct DeterminedReport {
    boards: Vec<crate::labs::ayo::BoardCheck>,
    seconds: f64,
}

/// Most pits a side `determined` checks (9 pits a side would take minutes).
pub const MAX_DETERMINED_PITS: usize = 8;

/// Every candidate of every board from 2 to `max_pits` pits a side, played out.
///
/// # Errors
/// A board size out of range.
pub fn determined(max_pits: usize) -> Result<DeterminedReport, CliError> {
    if !(2..=MAX_DETERMINED_PITS).contains(&max_pits) {
        return Err(CliError::OutOfRange { option: "--pits", value: max_pits as u64, allowed: "2 to 8" });
    }
    let start = std::time::Instant::now();
    let boards = (2..=max_pits).map(crate::labs::ayo::check_board).collect();
    Ok(DeterminedReport { boards, seconds: start.elapsed().as_secs_f64() })
}

impl fmt::Display for DeterminedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Ayo's determined positions (Broline & Loeb, Definition 1), every candidate played out on the Ayo engine"
        )?;
        writeln!(f, "pits  candidates  largest  = Tchoukaillon's winning positions  stones (N to move / S to move)")?;
        for b in &self.boards {
            let by = b.by_stones.iter().map(|(s, n, m)| format!("{s}:{n}/{m}")).collect::<Vec<_>>().join(" ");
            writeln!(
                f,
                "{:>2}x2  {:>10}  {:>7}  {:<35}  {by}",
                b.pits,
                b.candidates,
                b.largest,
                if b.bijection_holds { "yes" } else { "NO" }
            )?;
        }
        writeln!(f, "time {:.2} s", self.seconds)
    }
}

//! `winning`: Tchoukaillon's unique winning position for a number of seeds.

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

//! `hanoi`: Erickson's Towers-of-Hanoi sowing puzzle — both algorithms' move counts and the
//! proven minimum.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::labs::hanoi::{self, Minimum};

/// Most pots `hanoi` takes.
pub const MAX_N: usize = hanoi::MAX_POTS;

/// `hanoi N`'s report.
#[derive(Serialize)]
pub struct HanoiReport {
    n: usize,
    /// Moves of the first algorithm, 2^(n−1) − 1.
    exponential: u64,
    /// Moves of the second, T(n).
    recursive: u64,
    /// The proven fewest moves, either way (null if the search was cut).
    minimum: Option<u64>,
    /// A shortest line, in Sowing's notation.
    line: String,
    /// Positions the search stored.
    states: u64,
    /// Whether T(n) is the minimum (null if unknown).
    recursive_is_optimal: Option<bool>,
    /// The fewest moves with rightward moves only: null when it cannot be solved so (or the
    /// search was cut: see `right_only_cut`).
    right_only_minimum: Option<u64>,
    right_only_cut: bool,
    /// Positions the rightward search stored.
    right_only_states: u64,
    /// Whether the search stopped at `--max-states`.
    cut: bool,
    /// The search either way: its seconds.
    seconds: f64,
    /// The rightward search: its seconds.
    right_only_seconds: f64,
}

/// Most positions a search may store (`--max-states`).
const MAX_STATES: u64 = 100_000_000;
/// Bytes a stored position takes at the tables' peak (measured: 3.5 GB for 2·10⁷).
const BYTES_PER_STATE: f64 = 180.0;

/// Both algorithms' counts and the minimum for `n` pots, storing at most `max_states`
/// positions in each search.
///
/// # Errors
/// `n` out of 1 to [`MAX_N`].
pub fn hanoi(n: usize, max_states: u64) -> Result<HanoiReport, CliError> {
    if !(1..=MAX_N).contains(&n) {
        return Err(CliError::OutOfRange { option: "N", value: n as u64, allowed: "1 to 24" });
    }
    if !(1..=MAX_STATES).contains(&max_states) {
        return Err(CliError::OutOfRange { option: "--max-states", value: max_states, allowed: "1 to 100000000" });
    }
    // The memory the tables may need, said before the search starts (on standard error, so
    // that the report stays clean).
    eprintln!(
        "hanoi: each search stores at most {} positions, up to about {:.1} GB",
        crate::engine::text::group(max_states as u128),
        max_states as f64 * BYTES_PER_STATE / 1e9
    );
    let t = Instant::now();
    let both: Minimum = hanoi::minimum(n, false, max_states, &mut |_| true);
    let seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let right: Minimum = hanoi::minimum(n, true, max_states, &mut |_| true);
    let right_only_seconds = t.elapsed().as_secs_f64();
    let recursive = hanoi::t_of(n as u64);
    Ok(HanoiReport {
        n,
        exponential: hanoi::exponential_count(n as u64),
        recursive,
        minimum: both.moves,
        line: both.line.iter().map(ToString::to_string).collect::<Vec<_>>().join("."),
        states: both.states,
        recursive_is_optimal: both.moves.map(|m| m == recursive),
        right_only_minimum: right.moves,
        right_only_cut: right.cut,
        right_only_states: right.states,
        cut: both.cut,
        seconds,
        right_only_seconds,
    })
}

impl fmt::Display for HanoiReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "The Towers of Hanoi sowing puzzle (Erickson §2): 1^{} to every seed in the last pot", self.n)?;
        writeln!(f, "first algorithm (2^(n-1) - 1): {} moves", self.exponential)?;
        writeln!(f, "second algorithm (T(n)):       {} moves", self.recursive)?;
        match self.minimum {
            Some(m) => writeln!(
                f,
                "proven minimum, either way:    {m} moves ({} positions searched in {:.3} s); T(n) is {}optimal\nshortest line: {}",
                self.states,
                self.seconds,
                if m == self.recursive { "" } else { "not " },
                self.line
            )?,
            None if self.cut => writeln!(
                f,
                "minimum: not proven (the search stopped at {} positions: --max-states, or memory refused)",
                self.states
            )?,
            None => writeln!(f, "minimum: the puzzle cannot be solved")?,
        }
        match (self.right_only_minimum, self.right_only_cut) {
            (Some(m), _) => writeln!(
                f,
                "rightward moves only:          {m} moves ({} positions in {:.3} s)",
                self.right_only_states, self.right_only_seconds
            )?,
            (None, true) => writeln!(
                f,
                "rightward moves only:          not settled (stopped at {} positions)",
                self.right_only_states
            )?,
            (None, false) => writeln!(
                f,
                "rightward moves only:          cannot be solved ({} positions reachable, none solved)",
                self.right_only_states
            )?,
        }
        Ok(())
    }
}

//! `winning`: Tchoukaillon's unique winning position for a number of seeds; `determined`: Ayo's
//! determined positions (Theorem 3) checked on the Ayo engine.

use core::fmt;

use serde::Serialize;

use super::CliError;

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
    let b = crate::labs::tchoukaillon::winning_board(seeds).ok_or(CliError::TooManyPits(seeds))?;
    Ok(WinningReport { seeds, pits: b.pits, setup: b.setup, harvests: b.harvests })
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
pub fn determined(max_pits: usize, json: bool) -> Result<DeterminedReport, CliError> {
    if !(2..=MAX_DETERMINED_PITS).contains(&max_pits) {
        return Err(CliError::OutOfRange { option: "--pits", value: max_pits as u64, allowed: "2 to 8" });
    }
    let start = std::time::Instant::now();
    let mut shown = super::progress::Progress::new(json, false);
    let boards = (2..=max_pits)
        .map(|n| {
            shown.say(&format!("determined: playing out every candidate of {n} pits a side (of 2 to {max_pits}; the last takes longest)"));
            crate::labs::ayo::check_board(n)
        })
        .collect();
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

/// Most pits `tchoukaillon position` prints in full (the position for about 3·10¹³ seeds).
pub const MAX_FULL_PITS: u64 = 10_000_000;

/// `tchoukaillon position`: the winning position for any number of seeds below 2⁶⁴, computed
/// directly (see [`crate::labs::tchoukaillon`]).
#[derive(Serialize)]
pub struct PositionReport {
    seeds: u64,
    /// Pits used.
    highest: u64,
    /// From pit 1 outwards: every pit, or the first `--first` of them.
    pits: Vec<u64>,
    complete: bool,
    seconds: f64,
}

/// The winning position for `seeds`: every pit when it has at most [`MAX_FULL_PITS`], else (or
/// with `first`) its first pits.
pub fn position(seeds: u64, first: Option<u64>) -> Result<PositionReport, CliError> {
    let t = std::time::Instant::now();
    let whole = first.unwrap_or(MAX_FULL_PITS).min(MAX_FULL_PITS);
    let shown = first.unwrap_or(1000).min(whole);
    // Each pit shown: 8 bytes held, and up to 21 characters of text twice (the line, and the
    // output before it is written).
    let needs = shown.saturating_mul(8 + 2 * 21);
    crate::engine::memory::Budget::of_machine()
        .check(|| format!("showing the first {} pits", crate::engine::text::group(shown.into())), needs)?;
    let w = crate::labs::tchoukaillon::winning_position_upto(seeds, whole, shown as usize);
    Ok(PositionReport {
        seeds,
        highest: w.highest,
        complete: w.complete,
        pits: w.pits,
        seconds: t.elapsed().as_secs_f64(),
    })
}

impl fmt::Display for PositionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The winning Tchoukaillon position with {} seeds uses {} pits{} (computed in {:.3} s):",
            self.seeds,
            self.highest,
            if self.complete { String::new() } else { format!("; its first {}", self.pits.len()) },
            self.seconds
        )?;
        let text = self.pits.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        writeln!(f, "{text}{}", if self.complete { "" } else { " …" })
    }
}

/// Most n `tchoukaillon s-of-n` computes (10⁶ takes about a minute).
pub const MAX_S_OF_N: u64 = 1_000_000;

/// `tchoukaillon s-of-n`: s(1), …, s(N).
#[derive(Serialize)]
pub struct SOfNReport {
    n: u64,
    /// s(1), …, s(n).
    s: Vec<u64>,
    seconds: f64,
}

/// s(1..=n), the fewest seeds whose winning position uses pit n (OEIS A002491).
///
/// # Errors
/// `n` out of 1 to [`MAX_S_OF_N`].
pub fn s_of_n(n: u64, json: bool) -> Result<SOfNReport, CliError> {
    if !(1..=MAX_S_OF_N).contains(&n) {
        return Err(CliError::OutOfRange { option: "N", value: n, allowed: "1 to 1000000" });
    }
    let t = std::time::Instant::now();
    if n > 100_000 {
        super::progress::Progress::new(json, false)
            .say(&format!("s-of-n: sieving to {} (10⁶ takes about a minute)", crate::engine::text::group(n.into())));
    }
    let s = crate::labs::tchoukaillon::s_of_n(n);
    Ok(SOfNReport { n, s, seconds: t.elapsed().as_secs_f64() })
}

impl fmt::Display for SOfNReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "s(1..{}): the fewest seeds whose winning position uses pit n (in {:.3} s)", self.n, self.seconds)?;
        writeln!(f, "{}", self.s.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
    }
}

/// `tchoukaillon periods`: Figure 5 computed.
#[derive(Serialize)]
pub struct PeriodsReport {
    /// One row an i; `period` and `lcm` as decimal text (they pass 2⁶⁴).
    rows: Vec<PeriodRow>,
    /// The last i asked for.
    max_i: u32,
    seconds: f64,
}

/// A row of [`PeriodsReport`].
#[derive(Serialize)]
struct PeriodRow {
    i: u32,
    period: String,
    lcm: String,
    equal: bool,
}

/// The period of the first i pits for i = 1..=`max_i`, against lcm(1, …, i+1).
///
/// # Errors
/// `max_i` out of 1 to 200.
pub fn periods(max_i: u32) -> Result<PeriodsReport, CliError> {
    if !(1..=200).contains(&max_i) {
        return Err(CliError::OutOfRange { option: "periods: the last i,", value: max_i as u64, allowed: "1 to 200" });
    }
    let t = std::time::Instant::now();
    let rows = crate::labs::tchoukaillon::periods(max_i)
        .into_iter()
        .map(|p| PeriodRow { i: p.i, period: p.period.to_string(), lcm: p.lcm.to_string(), equal: p.period == p.lcm })
        .collect();
    Ok(PeriodsReport { rows, max_i, seconds: t.elapsed().as_secs_f64() })
}

impl fmt::Display for PeriodsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "The period of the first i pits of Tchoukaillon's winning positions (Broline & Loeb, Figure 5),")?;
        writeln!(f, "which is the least s > 0 whose winning position has its first i pits empty:")?;
        writeln!(f, "{:>4}  {:>40}  {:>40}  =", "i", "period", "lcm(1..i+1)")?;
        for r in &self.rows {
            writeln!(f, "{:>4}  {:>40}  {:>40}  {}", r.i, r.period, r.lcm, if r.equal { "yes" } else { "NO" })?;
        }
        match self.rows.last() {
            Some(last) if last.i < self.max_i => writeln!(f, "(the period passes 2^128 after i = {})", last.i)?,
            _ => {}
        }
        writeln!(f, "time {:.3} s", self.seconds)
    }
}

/// `tchouka-map`: which starts of the Tchouka solitaire can be won.
#[derive(Serialize)]
pub struct TchoukaMapReport {
    max_pits: u8,
    max_seeds: u8,
    entries: Vec<crate::labs::tchoukaillon::MapEntry>,
    seconds: f64,
}

/// The solvability map of the Tchouka solitaire's starts, 1..=`max_pits` pits of 1..=`max_seeds`
/// seeds (boards of at most 255 seeds).
///
/// # Errors
/// Sizes out of range.
pub fn tchouka_map(max_pits: u8, max_seeds: u8, json: bool) -> Result<TchoukaMapReport, CliError> {
    use crate::labs::tchoukaillon::{solvability_map, MAX_TCHOUKA_PITS as MAX_PITS};
    if !(1..=MAX_PITS as u8).contains(&max_pits) {
        return Err(CliError::OutOfRange { option: "--pits", value: max_pits as u64, allowed: "1 to 16" });
    }
    if max_seeds == 0 {
        return Err(CliError::OutOfRange { option: "--seeds", value: 0, allowed: "1 to 255" });
    }
    let t = std::time::Instant::now();
    let mut shown = super::progress::Progress::new(json, false);
    let entries = solvability_map(max_pits, max_seeds, &mut |e| {
        shown.tick(|| {
            format!("tchouka-map: {} pits of {} seeds solved (of {max_pits} of {max_seeds})", e.pits, e.seeds)
        });
        true
    });
    Ok(TchoukaMapReport { max_pits, max_seeds, entries, seconds: t.elapsed().as_secs_f64() })
}

impl fmt::Display for TchoukaMapReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The Tchouka solitaire from N pits of S seeds: W = can be won (turns of a winning line), . = cannot"
        )?;
        write!(f, "pits\\seeds")?;
        for s in 1..=self.max_seeds {
            write!(f, "{s:>5}")?;
        }
        writeln!(f)?;
        for p in 1..=self.max_pits {
            write!(f, "{p:>10}")?;
            for s in 1..=self.max_seeds {
                let cell = match self.entries.iter().find(|e| e.pits == p && e.seeds == s) {
                    Some(e) if e.solvable => format!("W{}", e.moves.unwrap_or(0)),
                    Some(_) => ".".into(),
                    None => "-".into(),
                };
                write!(f, "{cell:>5}")?;
            }
            writeln!(f)?;
        }
        let won = self.entries.iter().filter(|e| e.solvable).count();
        let visited: u64 = self.entries.iter().map(|e| e.visited).sum();
        writeln!(
            f,
            "{won} of {} starts can be won ({visited} positions solved); - is more than 255 seeds",
            self.entries.len()
        )?;
        writeln!(f, "time {:.3} s", self.seconds)
    }
}

//! The octal game .37 (sparse Atomic Wari): its nim-sequence by the sparse-space method, and a
//! summary for the page and the CLI.

use super::*;

/// An octal game's nim-sequence summarised for the lab page: what the CLI's `octal` prints, a
/// plot's worth of G(n), the rare values met first, and .37 = .6 shifted by one checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OctalSummary {
    /// The code (`.37`).
    pub game: String,
    /// G(0..=n) computed.
    pub n: usize,
    /// The heap sizes of value 0.
    pub p_positions: Vec<usize>,
    /// The largest value, and the first heap size with it.
    pub largest: u16,
    /// Where the largest value first occurs.
    pub largest_first_at: usize,
    /// The sparse space's parity mask (0 before it was chosen).
    pub mask: u16,
    /// How many heap sizes have rare values.
    pub rare_count: usize,
    /// The first rare values (heap size, value).
    pub rare_first: Vec<(u32, u16)>,
    /// Σ G(i) for i ≤ n, a checksum.
    pub sum: u64,
    /// Splits examined.
    pub splits: u64,
    /// G(0..40).
    pub first: Vec<u16>,
    /// Heap sizes a plot column.
    pub bucket: usize,
    /// The least, mean and largest value of each plot column.
    pub plot: Vec<(u16, u16, u16)>,
    /// For .37: G(n) = Officers' (.6) G(n + 1) checked for n ≤ this (0: not checked).
    pub officers_checked_to: usize,
    /// Whether it held.
    pub officers_agree: bool,
    /// Seconds it took (set by the caller, who has the clock; 0 when not).
    #[serde(default)]
    pub seconds: f64,
}

/// Largest heap size the lab page computes.
pub const MAX_OCTAL_PAGE: usize = 20_000_000;

/// Columns of the plot.
pub const PLOT_COLUMNS: usize = 600;

/// The nim-sequence of `code` to `n`, summarised; `progress(heap size)` may return `false` to
/// stop (`Ok(None)`).
///
/// # Errors
/// A code that cannot be read, or `n` past [`MAX_OCTAL_PAGE`].
pub fn octal_summary(
    code: &str,
    n: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Option<OctalSummary>, crate::labs::LabError> {
    use crate::labs::LabError;
    let game: crate::cgt::octal::Octal =
        code.parse().map_err(|e: crate::cgt::octal::OctalError| LabError::Input(e.to_string()))?;
    if n > MAX_OCTAL_PAGE {
        return Err(LabError::Limits(format!(
            "{n} heap sizes is too many here: at most {MAX_OCTAL_PAGE} (the CLI goes further)"
        )));
    }
    let mut s = NimSequence::new(game);
    if !s.extend_to(n, progress) {
        return Ok(None);
    }
    let values = &s.values[..=n];
    let largest = values.iter().copied().max().unwrap_or(0);
    let bucket = values.len().div_ceil(PLOT_COLUMNS).max(1);
    let plot = values
        .chunks(bucket)
        .map(|c| {
            let mean = c.iter().map(|&v| v as u64).sum::<u64>() / c.len() as u64;
            (c.iter().copied().min().unwrap_or(0), mean as u16, c.iter().copied().max().unwrap_or(0))
        })
        .collect();
    let (officers_checked_to, officers_agree) = if s.game().to_string() == ".37" {
        let m = n.min(100_000);
        let mut o = NimSequence::new(".6".parse().expect("an octal code"));
        o.extend_to(m + 1, &mut |_| true);
        (m, (0..=m).all(|i| values[i] == o.values[i + 1]))
    } else {
        (0, false)
    };
    Ok(Some(OctalSummary {
        game: s.game().to_string(),
        n,
        p_positions: s.p_positions(),
        largest,
        largest_first_at: values.iter().position(|&v| v == largest).unwrap_or(0),
        mask: s.mask,
        rare_count: s.rare.len(),
        rare_first: s.rare.iter().take(200).copied().collect(),
        sum: values.iter().map(|&v| v as u64).sum(),
        splits: s.splits,
        first: values.iter().take(40).copied().collect(),
        bucket,
        plot,
        officers_checked_to,
        officers_agree,
        seconds: 0.0,
    }))
}

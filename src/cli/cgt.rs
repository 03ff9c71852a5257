//! `value` (a row's game value in canonical form) and `octal` (an octal game's nim-sequence).

use core::fmt;
use std::collections::HashMap;

use serde::Serialize;

use super::CliError;
use crate::cgt::octal::{NimSequence, Octal};
use crate::cgt::{Games, Gid, Style};
use crate::families::{atomic, row, sowing, AnyRules};

/// One option of a row: the row it leaves and its value.
#[derive(Serialize)]
pub struct OptionReport {
    row: String,
    value: String,
}

/// A row's value and what goes with it.
#[derive(Serialize)]
pub struct ValueReport {
    rules: String,
    row: String,
    /// CGSuite's ASCII syntax.
    value: String,
    /// The paper's symbols.
    paper: String,
    /// L, R, N or P.
    outcome: char,
    outcome_words: &'static str,
    atomic_weight: Option<String>,
    mean: String,
    temperature: String,
    birthday: u32,
    followers: usize,
    left: Vec<OptionReport>,
    right: Vec<OptionReport>,
}

/// Which game a rules id stands for, and whether impartial.
enum RowGame {
    Sowing(bool),
    Atomic(bool),
}

/// The value of `row` under `rules` (`sowing`, `sowing-i`, `atomic`, `atomic-i`).
///
/// # Errors
/// Rules of another family, a row that cannot be read, or too many followers.
pub fn value(rules: &str, row_text: &str) -> Result<ValueReport, CliError> {
    let r: AnyRules = rules.parse().map_err(CliError::Rules)?;
    let game = match r {
        AnyRules::Sowing(s) => RowGame::Sowing(s.impartial),
        AnyRules::Atomic(a) => RowGame::Atomic(a.impartial),
        _ => {
            return Err(CliError::WrongFamily(
                "value is for the one-row games of Erickson's paper: sowing, sowing-i, atomic, atomic-i",
            ))
        }
    };
    let max = match game {
        RowGame::Sowing(_) => sowing::MAX_SEEDS,
        RowGame::Atomic(_) => atomic::MAX_SEEDS,
    };
    let pots: Vec<u8> =
        row::parse_row(row_text, max).map_err(|e| CliError::Row(e.to_string()))?.into_iter().map(|n| n as u8).collect();
    if pots.is_empty() || pots.len() > sowing::MAX_POTS {
        return Err(CliError::Row(format!("a row of {} pots: use 1 to {}", pots.len(), sowing::MAX_POTS)));
    }
    let mut t = Games::new();
    let mut memo = HashMap::new();
    let v = |t: &mut Games, memo: &mut HashMap<Vec<u8>, Gid>, p: &[u8]| match game {
        RowGame::Sowing(i) => sowing::cgt::value(t, memo, p, i),
        RowGame::Atomic(i) => atomic::cgt::value(t, memo, p, i),
    };
    let too_many = || CliError::Row(format!("more than {} followers: too large to value", sowing::cgt::MAX_FOLLOWERS));
    let g = v(&mut t, &mut memo, &pots).ok_or_else(too_many)?;
    let followers = memo.len();
    let options = |left: bool| -> Vec<Vec<u8>> {
        match game {
            RowGame::Sowing(i) => sowing::cgt::options(&pots, left, i),
            RowGame::Atomic(i) => atomic::cgt::options(&pots, left, i).unwrap_or_default(),
        }
    };
    let mut sides = [vec![], vec![]];
    for (s, left) in [true, false].into_iter().enumerate() {
        for q in options(left) {
            let h = v(&mut t, &mut memo, &q).ok_or_else(too_many)?;
            sides[s].push(OptionReport { row: row::row_text(row::trimmed(&q)), value: t.show(h) });
        }
    }
    let [left, right] = sides;
    let outcome = t.outcome(g);
    let atomic_weight = t.atomic_weight(g).map(|w| t.show(w));
    let th = t.thermograph(g);
    Ok(ValueReport {
        rules: r.to_string(),
        row: row::row_text(&pots),
        value: t.show(g),
        paper: t.show_in(g, Style::Paper),
        outcome: outcome.letter(),
        outcome_words: outcome.words(),
        atomic_weight,
        mean: th.mean.to_string(),
        temperature: th.temperature.to_string(),
        birthday: t.birthday(g),
        followers,
        left,
        right,
    })
}

impl fmt::Display for ValueReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}\n", self.value)?;
        writeln!(f, "rules        {}", self.rules)?;
        writeln!(f, "row          {}", self.row)?;
        writeln!(f, "paper        {}", self.paper)?;
        writeln!(f, "outcome      {} ({})", self.outcome, self.outcome_words)?;
        if let Some(w) = &self.atomic_weight {
            writeln!(f, "atomic wt    {w}")?;
        }
        writeln!(f, "mean         {}", self.mean)?;
        writeln!(f, "temperature  {}", self.temperature)?;
        writeln!(f, "birthday     {}", self.birthday)?;
        writeln!(f, "followers    {}", self.followers)?;
        for (who, opts) in [("Left", &self.left), ("Right", &self.right)] {
            let list = opts.iter().map(|o| format!("{} = {}", o.row, o.value)).collect::<Vec<_>>().join(", ");
            writeln!(f, "{who:<12} {}", if list.is_empty() { "no move".into() } else { list })?;
        }
        Ok(())
    }
}

/// The summary of an octal game's nim-sequence up to N.
#[derive(Serialize)]
pub struct OctalReport {
    game: String,
    n: usize,
    p_positions: Vec<usize>,
    largest: u16,
    largest_first_at: usize,
    /// The parity mask of the sparse space (0 before it is chosen).
    mask: u16,
    /// Heap sizes up to N whose value is rare (even parity under the mask).
    rare_values: usize,
    /// The sum of G(n) for n ≤ N: a checksum others can compare.
    sum: u64,
    /// Splits examined (the work done).
    splits: u64,
    first: Vec<u16>,
    seconds: f64,
}

/// Most heap sizes the CLI computes.
pub const MAX_HEAP: usize = 100_000_000;

/// G(0..=n) of `code`, summarised.
///
/// # Errors
/// A code that cannot be read, or N out of range.
pub fn octal(code: &str, n: usize) -> Result<OctalReport, CliError> {
    let game: Octal = code.parse().map_err(|e: crate::cgt::octal::OctalError| CliError::Row(e.to_string()))?;
    if n > MAX_HEAP {
        return Err(CliError::OutOfRange { option: "N", value: n as u64, allowed: "0 to 100,000,000" });
    }
    let start = std::time::Instant::now();
    let mut s = NimSequence::new(game);
    s.extend_to(n, &mut |_| true);
    let seconds = start.elapsed().as_secs_f64();
    let largest = s.values.iter().copied().max().unwrap_or(0);
    let largest_first_at = s.values.iter().position(|&v| v == largest).unwrap_or(0);
    Ok(OctalReport {
        game: s.game().to_string(),
        n,
        p_positions: s.p_positions(),
        largest,
        largest_first_at,
        mask: s.mask,
        rare_values: s.rare.len(),
        sum: s.values.iter().map(|&v| v as u64).sum(),
        splits: s.splits,
        first: s.values.iter().take(40).copied().collect(),
        seconds,
    })
}

impl fmt::Display for OctalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: nim-values G(0..={})", self.game, self.n)?;
        let first = self.first.iter().map(u16::to_string).collect::<Vec<_>>().join(" ");
        writeln!(f, "first        {first}")?;
        let p = self.p_positions.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        writeln!(f, "P-positions  {} ({p})", self.p_positions.len())?;
        writeln!(f, "largest      {} (first at {})", self.largest, self.largest_first_at)?;
        writeln!(f, "rare values  {} heap sizes (mask {:b})", self.rare_values, self.mask)?;
        writeln!(f, "sum of G     {}", self.sum)?;
        writeln!(f, "splits       {} examined", self.splits)?;
        writeln!(f, "time         {:.2} s", self.seconds)
    }
}

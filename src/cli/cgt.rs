//! `value` (a row's game value in canonical form) and `octal` (an octal game's nim-sequence).

use core::fmt;
use std::collections::HashMap;

use serde::Serialize;

use super::CliError;
use crate::cgt::octal::{NimSequence, Octal};
use crate::cgt::{Games, Style};
use crate::engine::Player;
use crate::families::row::cgt::{self, MAX_FOLLOWERS};
use crate::families::row::{self, Row, RowGame, RowRules};
use crate::families::AnyRules;

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

/// The value of `row` under `rules` (`sowing`, `sowing-i`, `atomic`, `atomic-i`).
///
/// # Errors
/// Rules of another family, a row that cannot be read, or too many followers.
pub fn value(rules: &str, row_text: &str) -> Result<ValueReport, CliError> {
    match rules.parse().map_err(CliError::Rules)? {
        AnyRules::Sowing(r) => value_of(r, row_text),
        AnyRules::Atomic(r) => value_of(r, row_text),
        _ => Err(CliError::WrongFamily(
            "value is for the one-row games of Erickson's paper: sowing, sowing-i, atomic, atomic-i",
        )),
    }
}

fn value_of<G: RowGame>(rules: RowRules<G>, row_text: &str) -> Result<ValueReport, CliError> {
    let counts = row::parse_row(row_text, G::MAX_SEEDS).map_err(|e| CliError::Row(e.to_string()))?;
    let start = Row::new(rules, &counts, Player::South).map_err(|e| CliError::Row(e.to_string()))?;
    let pots = start.pots();
    let mut t = Games::new();
    let mut memo = HashMap::new();
    let too_many = || CliError::Row(format!("more than {MAX_FOLLOWERS} followers: too large to value"));
    let g = cgt::value::<G>(&mut t, &mut memo, pots, rules.impartial).ok_or_else(too_many)?;
    let followers = memo.len();
    let mut sides = [vec![], vec![]];
    for (side, left) in sides.iter_mut().zip([true, false]) {
        for q in cgt::options::<G>(pots, left, rules.impartial).unwrap_or_default() {
            let h = cgt::value::<G>(&mut t, &mut memo, &q, rules.impartial).ok_or_else(too_many)?;
            side.push(OptionReport { row: row::row_text(&q), value: t.show(h) });
        }
    }
    let [left, right] = sides;
    let outcome = t.outcome(g);
    let atomic_weight = t.atomic_weight(g).map(|w| t.show(w));
    let th = t.thermograph(g);
    Ok(ValueReport {
        rules: rules.to_string(),
        row: row::row_text(pots),
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

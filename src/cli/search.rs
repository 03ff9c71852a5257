//! `search`: Erickson's open questions as exhaustive searches within stated limits (rows of a
//! value, the smallest rows of 2⁻ⁿ, n·↑, +ₙ and *n, Atomic Wari's atomic weights, the
//! separation that makes parts independent, follower counts) and Domineering's published
//! values inside Two-dimensional Sowing.

use core::fmt;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::progress::Progress;
use super::CliError;
use crate::engine::text::group;
use crate::labs::questions::{
    atomic_weights, domineering_table, followers, separation, value_families, value_search, AtomicWeights,
    DomineeringRow, Followers, SearchGame, Separation, ValueFamilies, ValueSearch,
};

/// The size of the rows a search enumerates.
#[derive(Args, Debug)]
pub struct RowLimits {
    /// Most seeds of a row (1 to 16).
    #[arg(long, default_value_t = 8)]
    max_seeds: u32,
    /// Most pots of a row (1 to 16).
    #[arg(long, default_value_t = 8)]
    max_pots: u32,
}

impl RowLimits {
    /// The limits, each checked.
    ///
    /// # Errors
    /// A limit out of 1 to 16.
    fn checked(&self) -> Result<(u32, u32), CliError> {
        Ok((limit("--max-seeds", self.max_seeds, 16, "1 to 16")?, limit("--max-pots", self.max_pots, 16, "1 to 16")?))
    }
}

/// The searches.
#[derive(Subcommand, Debug)]
pub enum SearchCommand {
    /// Every row of a game with a given value, fewest seeds first, then fewest pots.
    Value {
        /// The value in CGSuite's syntax (^, *3, 1/4, -1/2, +_2, {1|0}).
        #[arg(allow_hyphen_values = true)]
        value: String,
        /// sowing, sowing-i, atomic, atomic-i, reaping, reaping-i or ratomic.
        #[arg(long)]
        game: String,
        #[command(flatten)]
        rows: RowLimits,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The smallest rows of 2^-n, n.^, +_n and *n of a game (Erickson §2's question).
    Families {
        /// sowing, sowing-i, atomic, atomic-i, reaping, reaping-i or ratomic.
        #[arg(long)]
        game: String,
        #[command(flatten)]
        rows: RowLimits,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The atomic weights of every Atomic Wari row within limits (§3's question).
    AtomicWeights {
        #[command(flatten)]
        rows: RowLimits,
        /// (01300)^n = n.^ checked for n up to this (0 to 12).
        #[arg(long, default_value_t = 5)]
        ups: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The least run of empty pots that makes two parts independent, over every pair of parts
    /// within limits (§2's question).
    Separation {
        /// sowing, sowing-i, atomic, atomic-i, reaping, reaping-i or ratomic.
        #[arg(long)]
        game: String,
        /// Most seeds of a part (1 to 8).
        #[arg(long, default_value_t = 3)]
        max_seeds: u32,
        /// Most pots of a part (1 to 8).
        #[arg(long, default_value_t = 4)]
        max_pots: u32,
        /// Runs of full pots (Sowing's •) between the parts instead of empty pots.
        #[arg(long)]
        full: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The most followers of the rows of each size, and those of 1^n (§2 and §3's questions).
    Followers {
        /// sowing, sowing-i, atomic, atomic-i, reaping, reaping-i, ratomic or atomic-twos
        /// (Atomic Wari capturing 2s only).
        #[arg(long)]
        game: String,
        #[command(flatten)]
        rows: RowLimits,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Domineering's published values (data/domineering.tsv) beside the grids of one seed a
    /// pot of Two-dimensional Sowing.
    Domineering {
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

fn limit(option: &'static str, value: u32, most: u32, allowed: &'static str) -> Result<u32, CliError> {
    if (1..=most).contains(&value) {
        Ok(value)
    } else {
        Err(CliError::OutOfRange { option, value: value as u64, allowed })
    }
}

fn game(id: &str) -> Result<SearchGame, CliError> {
    SearchGame::parse(id).map_err(CliError::Row)
}

/// Progress of a search, in rows: `search value: 12 seeds, 120,000 rows`.
fn ticker<'a>(json: bool, what: &'static str, refused: &'a Refused) -> impl FnMut(u32, u64) -> bool + 'a {
    let mut p = Progress::new(json, false);
    let budget = crate::engine::memory::Budget::of_machine();
    move |seeds, rows| {
        p.tick(|| format!("search {what}: {seeds} seeds, {} rows", group(rows as u128)));
        let what = || format!("search {what} ({} rows valued so far)", group(rows as u128));
        match budget.holds(what, rows.saturating_mul(BYTES_A_ROW)) {
            Ok(()) => true,
            Err(e) => {
                refused.set(Some(e));
                false
            }
        }
    }
}

/// Where a search's ticker leaves the memory refusal that stopped it.
type Refused = std::cell::Cell<Option<crate::engine::memory::TooLarge>>;

/// Peak memory a row enumerated by a search takes, at most: a valued row's memo entry and
/// canonical form (1,260 bytes measured for 1^13's rows, BENCHMARKS.md, game theory).
const BYTES_A_ROW: u64 = 1300;

/// A search's answer as the CLI prints it.
pub enum SearchReport {
    /// `search value`.
    Value(ValueSearch),
    /// `search families`.
    Families(ValueFamilies),
    /// `search atomic-weights`.
    Weights(AtomicWeights),
    /// `search separation`.
    Separation(Separation),
    /// `search followers`.
    Followers(Followers),
    /// `search domineering`.
    Domineering(Vec<DomineeringRow>),
}

impl serde::Serialize for SearchReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SearchReport::Value(v) => v.serialize(s),
            SearchReport::Families(v) => v.serialize(s),
            SearchReport::Weights(v) => v.serialize(s),
            SearchReport::Separation(v) => v.serialize(s),
            SearchReport::Followers(v) => v.serialize(s),
            SearchReport::Domineering(v) => v.serialize(s),
        }
    }
}

/// Runs a search.
///
/// # Errors
/// A game or a value that cannot be read, limits out of range.
pub fn search(cmd: SearchCommand) -> Result<(SearchReport, bool), CliError> {
    let start = Instant::now();
    let secs = || start.elapsed().as_secs_f64();
    let refused = Refused::default();
    let found = match cmd {
        SearchCommand::Value { value, game: g, rows, json } => {
            let (k, p) = rows.checked()?;
            let mut r =
                value_search(game(&g)?, &value, k, p, &mut ticker(json, "value", &refused)).map_err(CliError::Row)?;
            r.seconds = secs();
            (SearchReport::Value(r), json)
        }
        SearchCommand::Families { game: g, rows, json } => {
            let (k, p) = rows.checked()?;
            let mut r = value_families(game(&g)?, k, p, &mut ticker(json, "families", &refused));
            r.seconds = secs();
            (SearchReport::Families(r), json)
        }
        SearchCommand::AtomicWeights { rows, ups, json } => {
            let (k, p) = rows.checked()?;
            if ups > 12 {
                return Err(CliError::OutOfRange { option: "--ups", value: ups as u64, allowed: "0 to 12" });
            }
            let mut r = atomic_weights(k, p, ups, &mut ticker(json, "atomic-weights", &refused));
            r.seconds = secs();
            (SearchReport::Weights(r), json)
        }
        SearchCommand::Separation { game: g, max_seeds, max_pots, full, json } => {
            let (k, p) = (limit("--max-seeds", max_seeds, 8, "1 to 8")?, limit("--max-pots", max_pots, 8, "1 to 8")?);
            let mut r =
                separation(game(&g)?, k, p, full, &mut ticker(json, "separation", &refused)).map_err(CliError::Row)?;
            r.seconds = secs();
            (SearchReport::Separation(r), json)
        }
        SearchCommand::Followers { game: g, rows, json } => {
            let (k, p) = rows.checked()?;
            let mut r = followers(game(&g)?, k, p, &mut ticker(json, "followers", &refused));
            r.seconds = secs();
            (SearchReport::Followers(r), json)
        }
        SearchCommand::Domineering { json } => (SearchReport::Domineering(domineering_table()), json),
    };
    match refused.take() {
        Some(e) => Err(e.into()),
        None => Ok(found),
    }
}

/// "every row of at most 8 seeds and 8 pots (1,234 rows) in 1.2 s".
fn limits(max_seeds: u32, max_pots: u32, rows: u64, complete: bool, seconds: f64) -> String {
    format!(
        "{} row of at most {max_seeds} seeds and {max_pots} pots ({} rows) in {seconds:.1} s",
        if complete { "every" } else { "stopped: not every" },
        group(rows as u128)
    )
}

impl fmt::Display for SearchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchReport::Value(v) => write_value(f, v),
            SearchReport::Families(v) => write_families(f, v),
            SearchReport::Weights(v) => write_weights(f, v),
            SearchReport::Separation(v) => write_separation(f, v),
            SearchReport::Followers(v) => write_followers(f, v),
            SearchReport::Domineering(rows) => write_domineering(f, rows),
        }
    }
}

/// `search value`: the rows found, and what was searched.
fn write_value(f: &mut fmt::Formatter<'_>, v: &ValueSearch) -> fmt::Result {
    writeln!(f, "{} rows of value {} ({}): {}", v.game, v.value, v.paper, group(v.total as u128))?;
    writeln!(f, "searched     {}", limits(v.max_seeds, v.max_pots, v.rows, v.complete, v.seconds))?;
    writeln!(f, "valued       {} rows, followers included", group(v.valued as u128))?;
    if v.skipped > 0 {
        writeln!(f, "skipped      {} rows with too many followers: {}", v.skipped, v.skipped_rows.join(", "))?;
    }
    if v.found.is_empty() {
        writeln!(f, "none found within these limits")?;
    }
    for r in &v.found {
        writeln!(f, "  {:<16} {} seeds, {} pots", r.row, r.seeds, r.pots)?;
    }
    if v.total > v.found.len() as u64 {
        writeln!(f, "  … and {} more", group((v.total - v.found.len() as u64) as u128))?;
    }

    Ok(())
}

/// `search families`: the smallest row of each family of values.
fn write_families(f: &mut fmt::Formatter<'_>, v: &ValueFamilies) -> fmt::Result {
    writeln!(f, "{}: the smallest rows of 2^-n, n.^, +_n and *n", v.game)?;
    writeln!(f, "searched     {}", limits(v.max_seeds, v.max_pots, v.rows, v.complete, v.seconds))?;
    for family in crate::labs::questions::FAMILIES {
        let found: Vec<String> = v
            .finds
            .iter()
            .filter(|x| x.family == family)
            .map(|x| format!("n={} {} ({} seeds, {} pots; {} rows)", x.n, x.row, x.seeds, x.pots, x.count))
            .collect();
        writeln!(f, "{family:<6} {}", if found.is_empty() { "none found".into() } else { found.join("; ") })?;
    }

    Ok(())
}

/// `search atomic-weights`: the weights counted, and any that is not an integer.
fn write_weights(f: &mut fmt::Formatter<'_>, v: &AtomicWeights) -> fmt::Result {
    writeln!(f, "Atomic Wari's atomic weights")?;
    writeln!(f, "searched     {}", limits(v.max_seeds, v.max_pots, v.rows, v.complete, v.seconds))?;
    for c in &v.counts {
        writeln!(f, "  {:<8} {:>10} rows, first {}", c.weight, group(c.rows as u128), c.example)?;
    }
    if v.unusual.is_empty() {
        writeln!(f, "no weight that is not an integer")?;
    }
    for c in &v.unusual {
        writeln!(f, "  NOT AN INTEGER: {} ({} rows), first {}", c.weight, c.rows, c.example)?;
    }
    writeln!(f, "not all-small {}; skipped {}", v.not_all_small, v.skipped)?;
    for (n, holds) in &v.ups {
        writeln!(f, "(01300)^{n} = {n}.^  {}", if *holds { "holds" } else { "FAILS" })?;
    }

    Ok(())
}

/// `search separation`: the least run between two parts, by size.
fn write_separation(f: &mut fmt::Formatter<'_>, v: &Separation) -> fmt::Result {
    writeln!(
        f,
        "{}: the least run of {} pots between two parts that makes the row the sum of its parts",
        v.game,
        if v.full { "full" } else { "empty" }
    )?;
    writeln!(
            f,
            "searched     every pair of parts of at most {} seeds and {} pots ({} parts), runs up to the parts' seeds together plus 2, in {:.1} s{}",
            v.max_seeds,
            v.max_pots,
            v.parts,
            v.seconds,
            if v.complete { "" } else { " (stopped)" }
        )?;
    for s in &v.by_size {
        let proven = s.proven.map_or("no proven rule".into(), |p| format!("proven rule: {p}"));
        let example = s.example.as_ref().map_or(String::new(), |(a, b)| format!("; needed by {a} and {b}"));
        writeln!(f, "  larger part {} seeds: least {} ({} pairs; {proven}){example}", s.seeds, s.least, s.pairs)?;
    }

    Ok(())
}

/// `search followers`: the most followers, by seeds.
fn write_followers(f: &mut fmt::Formatter<'_>, v: &Followers) -> fmt::Result {
    writeln!(f, "{}: the most followers of a row, by seeds (rows of at most {} pots)", v.game, v.max_pots)?;
    for s in &v.by_size {
        let ones = s.ones.map_or("more than 2,000,000".into(), |n| group(n as u128));
        let bound = s.bound.map_or(String::new(), |b| format!(" (bound 2^(n-1)-1 = {})", group(b as u128)));
        writeln!(
            f,
            "  {:>2} seeds: most {} ({}, of {} rows); 1^{}: {ones}{bound}",
            s.seeds,
            group(s.most as u128),
            s.row,
            group(s.rows as u128),
            s.seeds
        )?;
    }
    writeln!(f, "in {:.1} s{}", v.seconds, if v.complete { "" } else { " (stopped)" })?;

    Ok(())
}

/// `search domineering`: each shape against its published value.
fn write_domineering(f: &mut fmt::Formatter<'_>, rows: &[DomineeringRow]) -> fmt::Result {
    writeln!(f, "Domineering (Left vertical) in Two-dimensional Sowing with one seed a pot")?;
    for r in rows {
        let ours = r.ours.as_ref().map_or("beyond reach here".into(), |(a, _, o)| format!("{a} ({o})"));
        let mark = match r.agrees {
            Some(true) => "agrees",
            Some(false) => "DIFFERS",
            None => "-",
        };
        writeln!(
            f,
            "  {:<20} published {} ({}), ours {ours}: {mark}",
            r.shape,
            r.published.as_deref().unwrap_or("-"),
            r.outcome
        )?;
    }

    Ok(())
}

//! `value` (a row's game value in canonical form) and `octal` (an octal game's nim-sequence).

use core::fmt;

use serde::Serialize;

use super::progress::{mib, Progress};
use super::CliError;
use crate::cgt::octal::{NimSequence, Octal};
use crate::engine::text::{clip, group};
use crate::families::AnyRules;

/// One option of a row: the move, the row it leaves, its value, and whether it wins.
#[derive(Serialize)]
pub struct OptionReport {
    /// The move (pot and way: `2r`).
    #[serde(rename = "move")]
    mv: String,
    /// The row it leaves, link notation.
    row: String,
    /// The row it leaves in the paper's notation (a sum written as one: `303 + 21`).
    paper_row: String,
    /// CGSuite's ASCII syntax.
    value: String,
    /// Its player wins moving second from it.
    wins: bool,
}

/// A row's value and what goes with it.
#[derive(Serialize)]
pub struct ValueReport {
    rules: String,
    row: String,
    /// The row in the paper's notation.
    paper_row: String,
    /// CGSuite's ASCII syntax.
    value: String,
    /// The paper's symbols.
    paper: String,
    /// L, R, N or P.
    outcome: char,
    outcome_words: String,
    atomic_weight: Option<String>,
    mean: String,
    temperature: String,
    birthday: u32,
    /// The rows reachable from this one by either player's moves, the row included, empty ends
    /// dropped (Erickson's followers; counted for Sowing's rows).
    followers: Option<u64>,
    /// The rows the valuation stored (fewer: a row that splits is valued by its parts).
    rows_valued: usize,
    /// The components the row splits into (paper's notation, value), if it splits.
    components: Vec<(String, String)>,
    /// For sparse Atomic Wari rows, the .37 heaps (Theorem 3.1).
    heaps: Option<Vec<usize>>,
    left: Vec<OptionReport>,
    right: Vec<OptionReport>,
}

/// The families `value` takes, from the registry: those whose games have a value (their ids'
/// first part; an impartial version, where there is one, adds `-i`).
pub fn value_games() -> Vec<&'static str> {
    crate::families::FamilyId::ALL
        .iter()
        .filter(|f| f.presets().first().is_some_and(|p| p.id.parse::<AnyRules>().is_ok_and(|r| r.has_game_value())))
        .map(|f| f.key())
        .collect()
}

/// The value of `row` under `rules` (`sowing`, `sowing-i`, `atomic`, `atomic-i`): the same
/// valuation as the play page's Game value panel.
///
/// # Errors
/// Rules of another family, a row that cannot be read, or too many followers.
pub fn value(rules: &str, row_text: &str, json: bool) -> Result<ValueReport, CliError> {
    let any = rules.parse::<AnyRules>().map_err(CliError::Rules)?;
    if !any.has_game_value() {
        return Err(CliError::Row(format!("value is for the games of Erickson's paper: {}", value_games().join(", "))));
    }
    // At most MAX_FOLLOWERS rows, and no more than the memory that may be used holds.
    let most = crate::labs::erickson::MAX_FOLLOWERS;
    let limit = crate::engine::memory::usable().map_or(most, |u| most.min((u / BYTES_A_ROW) as usize));
    // Where the family counts a row's followers first (Sowing: quick beside valuing them), past
    // the limit the row is refused at once instead of after minutes of valuing.
    let mut progress = Progress::new(json, false);
    let mut followers = None;
    if let Some(count) = any.count_followers(row_text, limit as u64) {
        // A row of n ones has at least 2^(n-1) - 1 followers: past the limit, refused without
        // counting them.
        let too_many =
            any.followers_bound(row_text).is_some_and(|n| ones_followers(n).is_none_or(|b| b > limit as u128));
        if !too_many {
            progress.say("value: counting the row's followers first");
            followers = count();
        }
        if followers.is_none() {
            return Err(CliError::Row(format!(
                "more than {} rows follow {}: too many to value here{}",
                group(limit as u128),
                row_text.trim(),
                ones_bound(&any, row_text).map_or(String::new(), |b| format!(
                    " (a row of ones has at least {b}: Erickson, Sowing Games, section 2)"
                ))
            )));
        }
    }
    progress.say(&format!(
        "value: at most {} rows valued, about {} of memory{}",
        group(limit as u128),
        mib(limit as u64 * BYTES_A_ROW),
        ones_bound(&any, row_text).map_or(String::new(), |b| format!(
            "; this row has at least {b} followers (Erickson, Sowing Games, section 2)"
        ))
    ));
    let valued = if progress.on() {
        let tick = move |rows: usize| {
            progress.tick(|| format!("value: {} rows valued, at most {}", group(rows as u128), group(limit as u128)))
        };
        crate::labs::erickson::row_value_in_watched(rules, row_text, limit, Some(Box::new(tick)))
    } else {
        crate::labs::erickson::row_value_in_limited(rules, row_text, limit)
    };
    let (v, mut t, g) = valued.map_err(CliError::Row)?;
    let options = |opts: Vec<crate::labs::erickson::RowOption>| {
        opts.into_iter()
            .map(|o| OptionReport { mv: o.mv, row: o.row, paper_row: o.paper_row, value: o.ascii, wins: o.wins })
            .collect()
    };
    let th = t.thermograph(g);
    Ok(ValueReport {
        rules: v.rules,
        row: v.row,
        paper_row: v.paper_row,
        value: v.ascii,
        paper: v.value,
        outcome: v.outcome,
        outcome_words: v.outcome_words,
        atomic_weight: t.atomic_weight(g).map(|w| t.show(w)),
        mean: th.mean.to_string(),
        temperature: th.temperature.to_string(),
        birthday: t.birthday(g),
        followers,
        rows_valued: v.followers,
        components: v.components,
        heaps: v.heaps,
        left: options(v.left),
        right: options(v.right),
    })
}

/// Peak memory a valued row takes (its memo entry and canonical form): 1,260 bytes measured
/// for 1^13's 2,701,103 rows (BENCHMARKS.md, game theory).
const BYTES_A_ROW: u64 = 1300;

/// Peak memory of Table 3's search a row enumerated: 1.48 GB for 9,962,709 rows (13,171,851
/// valued with their followers), BENCHMARKS.md, game theory.
const BYTES_A_SEARCHED_ROW: u64 = 160;

/// The paper's lower bound on a row's followers, 2^(n-1) - 1 (a Sowing row of n ones), in
/// words.
fn ones_bound(rules: &AnyRules, row: &str) -> Option<String> {
    rules.followers_bound(row).map(|n| match ones_followers(n) {
        Some(b) if n <= 100 => crate::engine::text::group(b),
        _ => format!("2^{} - 1", n - 1),
    })
}

/// Erickson's lower bound on the followers of a row of n ones, 2^(n-1) - 1, where a u128
/// holds it.
fn ones_followers(n: u32) -> Option<u128> {
    1u128.checked_shl(n - 1).map(|b| b - 1)
}

impl fmt::Display for ValueReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}\n", self.value)?;
        writeln!(f, "rules        {}", self.rules)?;
        writeln!(f, "row          {}", self.row)?;
        writeln!(f, "paper        {} = {}", self.paper_row, self.paper)?;
        writeln!(f, "outcome      {} ({})", self.outcome, self.outcome_words)?;
        if let Some(w) = &self.atomic_weight {
            writeln!(f, "atomic wt    {w}")?;
        }
        writeln!(f, "mean         {}", self.mean)?;
        writeln!(f, "temperature  {}", self.temperature)?;
        writeln!(f, "birthday     {}", self.birthday)?;
        if let Some(n) = self.followers {
            writeln!(f, "followers    {n} (rows reachable by either player, this one included)")?;
        }
        writeln!(f, "rows valued  {}", self.rows_valued)?;
        if !self.components.is_empty() {
            let parts = self.components.iter().map(|(r, v)| format!("{r} = {v}")).collect::<Vec<_>>().join(", ");
            writeln!(f, "components   {parts}")?;
        }
        if let Some(h) = &self.heaps {
            writeln!(f, ".37 heaps    {}", h.iter().map(usize::to_string).collect::<Vec<_>>().join(" + "))?;
        }
        // Each option: its move, the row it leaves, its value; * marks a winning move.
        for (who, opts) in [("Left", &self.left), ("Right", &self.right)] {
            let list = opts
                .iter()
                .map(|o| format!("{} {} = {}{}", o.mv, o.paper_row, o.value, if o.wins { " (wins)" } else { "" }))
                .collect::<Vec<_>>()
                .join(", ");
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
    /// Threads used (1 or 2).
    threads: usize,
    seconds: f64,
}

/// Most heap sizes the CLI computes.
pub const MAX_HEAP: usize = 100_000_000;

/// G(0..=n) of `code`, summarised.
///
/// # Errors
/// A code that cannot be read, or N out of range.
pub fn octal(code: &str, n: usize, threads: Option<usize>, json: bool) -> Result<OctalReport, CliError> {
    let game: Octal = code.parse().map_err(|e: crate::cgt::octal::OctalError| CliError::Row(e.to_string()))?;
    if n > MAX_HEAP {
        return Err(CliError::OutOfRange { option: "N", value: n as u64, allowed: "0 to 100,000,000" });
    }
    let threads = super::threads(threads)?.min(2);
    let start = std::time::Instant::now();
    let mut s = NimSequence::new(game);
    let mut shown = Progress::new(json, false);
    s.extend_to_on(n, threads, &mut |at| {
        shown.tick(|| format!("octal {code}: G(n) to {} of {}", group(at as u128), group(n as u128)));
        true
    });
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
        threads,
        seconds,
    })
}

impl fmt::Display for OctalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: nim-values G(0..={})", self.game, self.n)?;
        let first = self.first.iter().map(u16::to_string).collect::<Vec<_>>().join(" ");
        writeln!(f, "first        {first}")?;
        // A periodic game has P-positions without end: the first ones, and how many more.
        const SHOWN: usize = 30;
        let p = self.p_positions.iter().take(SHOWN).map(usize::to_string).collect::<Vec<_>>().join(", ");
        let more = self.p_positions.len().saturating_sub(SHOWN);
        let more = if more > 0 { format!(", ... and {more} more: --json lists them all") } else { String::new() };
        writeln!(f, "P-positions  {} ({p}{more})", self.p_positions.len())?;
        writeln!(f, "largest      {} (first at {})", self.largest, self.largest_first_at)?;
        writeln!(f, "rare values  {} heap sizes (mask {:b})", self.rare_values, self.mask)?;
        writeln!(f, "sum of G     {}", self.sum)?;
        writeln!(f, "splits       {} examined", self.splits)?;
        writeln!(
            f,
            "time         {:.2} s on {} thread{}",
            self.seconds,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )
    }
}

/// A paper's tables recomputed: the report, Table 3's search if asked, and the time taken.
#[derive(Serialize)]
pub struct TablesReport {
    paper: &'static str,
    #[serde(flatten)]
    report: crate::labs::erickson::Report,
    table_3_search: Option<crate::labs::erickson::Table3Search>,
    /// Seconds for each stage, in order (Tables 1–5 with the examples, the theorems, the
    /// classification, the followers of 1^n).
    stages: Vec<(String, f64)>,
    /// Seconds for Table 3's search.
    search_seconds: Option<f64>,
}

/// `tables erickson`: Tables 1–5, the example, the theorems, the followers of 1^n, and with
/// `search` = (most seeds, most pots, most seeds of the longest rows) Table 3's search.
///
/// # Errors
/// An unknown paper, or search limits out of range.
pub fn tables(paper: &str, search: Option<(u32, u32, u32)>, json: bool) -> Result<TablesReport, CliError> {
    if !paper.eq_ignore_ascii_case("erickson") {
        return Err(CliError::Row(format!(
            "unknown paper '{}': the tables recomputed are erickson's",
            clip(paper, 20)
        )));
    }
    if let Some((s, p, l)) = search {
        if !(1..=10).contains(&s) || !(1..=8).contains(&p) || l > 16 {
            return Err(CliError::Row(format!(
                "search limits {s} seeds, {p} pots, {l} seeds in the longest rows: use 1 to 10, 1 to 8 and at most 16"
            )));
        }
    }
    let clock = std::time::Instant::now();
    let (report, times) = crate::labs::erickson::timed_report(&|| clock.elapsed().as_secs_f64(), &mut |_| {});
    let stages = merge_tables(times);
    let search_clock = std::time::Instant::now();
    // The search's memory grows with the rows it values: it is shown as it goes (on a
    // terminal), and stopped with the figures before it outgrows what may be used.
    let budget = crate::engine::memory::Budget::of_machine();
    let mut refused = None;
    let mut shown = Progress::new(json, false);
    let mut progress = |stage: &str, rows: u64| {
        shown.tick(|| format!("table 3 search: {stage}, {} rows", group(rows.into())));
        let what = || format!("Table 3's search ({} rows valued so far)", group(rows.into()));
        match budget.holds(what, rows.saturating_mul(BYTES_A_SEARCHED_ROW)) {
            Ok(()) => true,
            Err(e) => {
                refused = Some(e);
                false
            }
        }
    };
    let table_3_search = search.and_then(|(s, p, l)| crate::labs::erickson::table_3_search(s, p, l, &mut progress));
    if let Some(e) = refused {
        return Err(e.into());
    }
    Ok(TablesReport {
        paper: "Erickson, \"Sowing Games\" (1996)",
        report,
        table_3_search,
        stages,
        search_seconds: search.map(|_| search_clock.elapsed().as_secs_f64()),
    })
}

impl fmt::Display for TablesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.paper)?;
        let r = &self.report;
        let mut differ = 0;
        for table in &r.tables {
            writeln!(f, "\n{}: {} ({})", table.name, table.title, table.rules)?;
            for e in &table.entries {
                let mark = if e.agrees { "  " } else { "≠ " };
                differ += usize::from(!e.agrees);
                write!(f, "{mark}{:<16} printed {:<14} ours {}", e.paper_row, e.printed, e.ours_paper)?;
                if !e.note.is_empty() {
                    write!(f, "\n                   {}", e.note)?;
                }
                writeln!(f)?;
            }
        }
        writeln!(f, "\n{differ} printed entries differ from ours (marked ≠)")?;
        for th in &r.theorems {
            let verdict = if th.failures.is_empty() { "holds".to_string() } else { th.failures.join("; ") };
            // Theorem 2.4's family has n alone.
            let size = if th.statement.contains("^m") { "m + n" } else { "n" };
            writeln!(
                f,
                "{}: {} — {verdict} on {} rows (every {size} ≤ {}; up to {} followers a row)",
                th.name, th.statement, th.checked, th.up_to, th.most_followers
            )?;
        }
        let c = &r.classification;
        let verdict = if c.failures.is_empty() { "agrees".to_string() } else { c.failures.join("; ") };
        writeln!(f, "Table 5's classification of xy (x ≤ y ≤ {}): {verdict} on {} rows", c.up_to, c.checked)?;
        writeln!(f, "\nFollowers of 1^n (Erickson: at least 2^(n-1) - 1)")?;
        for h in &r.hanoi {
            writeln!(f, "  n = {:>2}  {:>9} followers  (bound {})", h.n, h.followers, h.bound)?;
        }
        if let Some(s) = &self.table_3_search {
            writeln!(
                f,
                "\nTable 3 by exhaustive search: every row of at most {} seeds, every plain row of at most {} pots, rows of {} pots up to {} seeds ({} rows, {} valued)",
                s.max_seeds, s.max_pots, s.max_pots + 1, s.max_seeds_long, s.rows, s.valued
            )?;
            writeln!(f, "  (≠: the printed row does not have the value, or ours is simpler, or none was found within the limits)")?;
            for v in &s.simplest {
                let name = match v.value {
                    0 => "0".to_string(),
                    1 => "*".to_string(),
                    n => format!("*{n}"),
                };
                // ≠ after a printed row the search contradicts (see the lab page's legend).
                let (ma, mb) =
                    v.agrees.map_or(("", ""), |(a, b)| (if a { "" } else { " ≠" }, if b { "" } else { " ≠" }));
                let printed =
                    v.printed.as_ref().map_or(String::new(), |(a, b)| format!("   printed {a}{ma} / {b}{mb}"));
                writeln!(
                    f,
                    "  {name:<4} fewest seeds {:<14} fewest pots {:<14}{printed}",
                    v.fewest_seeds.as_deref().unwrap_or("-"),
                    v.fewest_pots.as_deref().unwrap_or("-")
                )?;
            }
        }
        writeln!(f)?;
        for (stage, secs) in &self.stages {
            writeln!(f, "{stage:<28} {secs:.3} s")?;
        }
        if let Some(s) = self.search_seconds {
            writeln!(f, "search {s:.2} s")?;
        }
        Ok(())
    }
}

/// The stages' seconds with Tables 1–5 and the examples (the stages before the theorems)
/// summed as one.
fn merge_tables(times: Vec<(String, f64)>) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = vec![];
    for (name, secs) in times {
        match out.last_mut() {
            Some(last) if last.0.starts_with("Tables") && name.starts_with("Table ") => last.1 += secs,
            _ if name == "Table 1" => out.push(("Tables 1–5 and the examples".into(), secs)),
            _ => out.push((name, secs)),
        }
    }
    out
}

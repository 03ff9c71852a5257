//! `book`: an opening book for the perfect player, made by the exact solver (the data files
//! `data/book_*.tsv`, read by `crate::families::book`).

use core::fmt;
use std::collections::HashSet;
use std::time::Instant;

use serde::Serialize;

use super::progress::{mib, Nodes, Progress};
use super::CliError;
use crate::engine::Player;
use crate::families::{book, AnyPosition, AnyRules, FamilyId, SolveRequest};

/// `book`: the book's text and how it was made.
#[derive(Serialize)]
pub struct BookReport {
    rules: String,
    #[serde(skip)]
    title: String,
    plies: u32,
    positions: usize,
    nodes: u64,
    seconds: f64,
    lines: Vec<String>,
}

/// Every position the perfect player can meet in the first `plies` moves (sowings) of a game,
/// playing either side: its own positions up to that depth, after its book moves and any move
/// of the other side; each solved with the value of every move. One solver (its table and
/// endgame database) serves them all.
///
/// # Errors
/// A family without an exact solver, a depth past 8, memory that cannot be had.
pub fn book(rules: &str, plies: u32, threads: Option<usize>, json: bool) -> Result<BookReport, CliError> {
    let rules: AnyRules = rules.parse().map_err(CliError::Rules)?;
    let start = rules.start();
    if !rules.has_exact_solver() {
        return Err(CliError::WrongFamily(format!(
            "book is for the games with an exact solver, {}",
            FamilyId::which(AnyRules::has_exact_solver)
        )));
    }
    if plies > 8 {
        return Err(CliError::OutOfRange { option: "--plies", value: u64::from(plies), allowed: "0 to 8" });
    }
    let threads = super::threads(threads)?;
    let t = Instant::now();
    let mut progress = Progress::new(json, false);
    let mut solver = start.exact_solver(&SolveRequest::threads(threads)).expect("a family with an exact solver")?;
    let st = solver.stats();
    progress.say(&format!(
        "book: {} of memory (table and endgame database), {threads} threads",
        mib(st.table_bytes + st.db_bytes)
    ));
    let mut seen = HashSet::new();
    let mut nodes = 0;
    let mut lines = vec![];
    for side in [Player::South, Player::North] {
        let mut stack = vec![(start.clone(), 0u32)];
        while let Some((pos, depth)) = stack.pop() {
            if pos.legal_moves().is_empty() {
                continue;
            }
            let next: Vec<AnyPosition> = if pos.turn() != side {
                pos.legal_moves().into_iter().filter_map(|m| pos.play(m).ok().map(|(p, _)| p)).collect()
            } else if !seen.insert(pos.to_string()) {
                // Met before on another path: solved and followed from there already.
                vec![]
            } else {
                let what = format!("book: {} positions solved, ply {depth}", lines.len());
                let a = solver.analyze_moves(&pos, None, None, &mut Nodes { progress: &mut progress, what: &what })?;
                nodes += solver.stats().nodes;
                lines.push(book::line(&pos, &a));
                vec![pos.play(a.moves[0].mv).expect("the solver's best move is legal").0]
            };
            if depth < plies {
                stack.extend(next.into_iter().rev().map(|p| (p, depth + 1)));
            }
        }
    }
    Ok(BookReport {
        rules: rules.to_string(),
        title: rules.title(),
        plies,
        positions: lines.len(),
        nodes,
        seconds: t.elapsed().as_secs_f64(),
        lines,
    })
}

impl fmt::Display for BookReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# Opening book of {}: every position the perfect player meets in a game's first {} moves",
            self.title, self.plies
        )?;
        writeln!(f, "# (sowings), playing either side, with the exact value of every move for the side to move,")?;
        writeln!(
            f,
            "# best first. Made by `mancala-lab book {} --plies {}`: {} positions, {:.0} s.",
            self.rules, self.plies, self.positions, self.seconds
        )?;
        writeln!(f, "setup\tmoves")?;
        for l in &self.lines {
            writeln!(f, "{l}")?;
        }
        Ok(())
    }
}

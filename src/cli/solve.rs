//! `solve` with a family's exact solver (Kalah's), and `dooley`.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::head::Head;
use super::play::MoveRow;
use super::progress::{mib, Nodes, Progress};
use super::{CliError, Deadline};
use crate::families::{AnyRules, FamilyId, SolveError, SolveRequest, SolverReport};
use crate::labs::dooley::{self, DOOLEY_STATES};
use crate::notation::Game;

/// `solve`: the exact value of the position and, unless `value_only`, of every legal move.
#[derive(Serialize)]
pub struct SolveReport {
    #[serde(flatten)]
    head: Head,
    value: i32,
    best: Option<String>,
    moves: Option<Vec<MoveRow>>,
    best_line: Option<String>,
    nodes: u64,
    passes: u64,
    threads: usize,
    seconds: f64,
    /// What the solver holds (Kalah's: `db_seeds`, `exact_seeds`, `db_bytes`, `db_filled`,
    /// `table_bytes`), as fields of the report.
    #[serde(flatten)]
    solver: SolverReport,
}

/// The options of `solve`.
pub struct SolveArgs {
    /// Transposition table, MiB (default by the seeds on the board).
    pub table_mib: Option<usize>,
    /// Endgame database's seeds (default by the seeds on the board).
    pub db_seeds: Option<u32>,
    /// Exact layers built ahead (default by the seeds on the board and the database's).
    pub exact_seeds: Option<u32>,
    /// Only the position's value.
    pub value_only: bool,
    /// Threads (default every core).
    pub threads: Option<usize>,
    /// Machine-readable output (no progress shown).
    pub json: bool,
}

/// Solves the game's position.
///
/// # Errors
/// A family without an exact solver (the message names those with one, from the registry),
/// options out of range, memory that cannot be had.
pub fn solve(g: &Game, args: SolveArgs) -> Result<SolveReport, CliError> {
    let k = g.position();
    if !k.rules().has_exact_solver() {
        return Err(CliError::WrongFamily(format!(
            "solve is for the games with an exact solver, {}, or endgame databases, {}; for the others use analyze",
            FamilyId::which(AnyRules::has_exact_solver),
            FamilyId::which(AnyRules::has_databases)
        )));
    }
    let threads = super::threads(args.threads)?;
    let asked = SolveRequest {
        table_mib: args.table_mib,
        db_seeds: args.db_seeds,
        exact_seeds: args.exact_seeds,
        ..SolveRequest::threads(threads)
    };
    let t = Instant::now();
    let mut progress = Progress::new(args.json, false);
    // The solver's own limits (the seeds on the board first, then the sizes) come before any
    // memory is set aside.
    let mut solver = k.exact_solver(&asked).expect("a family with an exact solver").map_err(|e| match e {
        SolveError::TableSize { mib, allowed } => {
            CliError::OutOfRange { option: "--table-mib", value: mib as u64, allowed }
        }
        e => e.into(),
    })?;
    let st = solver.stats();
    progress.say(&format!(
        "solve: {} of memory ({}), {threads} thread{}",
        mib(st.table_bytes + st.db_bytes),
        solver.sizes_text(),
        if threads == 1 { "" } else { "s" }
    ));
    let mut h = Nodes { progress: &mut progress, what: "solve" };
    let (value, a) = if args.value_only {
        (solver.solve(k, &mut h)?, None)
    } else {
        let a = solver.analyze_moves(k, None, None, &mut h)?;
        (a.value.number(), Some(a))
    };
    let seconds = t.elapsed().as_secs_f64();
    let st = solver.stats();
    Ok(SolveReport {
        head: Head::of(g),
        value,
        best: a.as_ref().map(|a| a.moves[0].mv.to_string()),
        moves: a.as_ref().map(|a| MoveRow::of(a, false)),
        best_line: a.as_ref().map(|a| a.line_text()),
        nodes: st.nodes,
        passes: st.passes,
        threads,
        seconds,
        solver: solver.report(),
    })
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {:+} with perfect play", self.head.title_to_move(), self.value)?;
        if let (Some(moves), Some(line)) = (&self.moves, &self.best_line) {
            for m in moves {
                writeln!(f, "{}", m.line())?;
            }
            writeln!(f, "best line: {line}")?;
        }
        writeln!(f, "{} nodes in {:.3} s; {}", self.nodes, self.seconds, self.solver.text)
    }
}

/// One reading of Dooley's study.
#[derive(Serialize)]
struct Reading {
    reading: String,
    states: u64,
    with_final: u64,
}

/// `dooley`: distinct states under each reading, and the exact value of every opening move.
#[derive(Serialize)]
pub struct DooleyReport {
    rules: String,
    counts: Vec<Reading>,
    dooley_states: u64,
    value: i32,
    moves: Vec<MoveRow>,
    #[serde(skip)]
    title: String,
}

/// Dooley's study of a rule set's start position.
///
/// # Errors
/// Not a Kalah game, or too many seeds to enumerate.
pub fn dooley(g: &Game) -> Result<DooleyReport, CliError> {
    let (study, a) = dooley::study_and_values(
        g.position(),
        &crate::engine::memory::Budget::of_machine(),
        &mut Deadline { end: None },
    )
    .map_err(|e| match e {
        dooley::DooleyError::NotKalah => CliError::WrongFamily(dooley::DooleyError::NotKalah.to_string()),
        dooley::DooleyError::TooManySeeds(n) => CliError::TooManySeeds(n),
        dooley::DooleyError::Solve(e) => e.into(),
        dooley::DooleyError::Memory(e) => CliError::Memory(e),
    })?;
    Ok(DooleyReport {
        rules: study.rules,
        counts: study
            .counts
            .into_iter()
            .map(|(reading, states, with_final)| Reading { reading, states, with_final })
            .collect(),
        dooley_states: DOOLEY_STATES,
        value: a.value.number(),
        moves: MoveRow::of(&a, false),
        title: g.rules().title(),
    })
}

impl fmt::Display for DooleyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} — distinct states reachable, stores ignored (Dooley: {}):", self.title, self.dooley_states)?;
        for r in &self.counts {
            writeln!(
                f,
                "  {:<26} {:>8} ({} with the final positions){}",
                r.reading,
                r.states,
                r.with_final,
                if r.states == self.dooley_states { "  = Dooley" } else { "" }
            )?;
        }
        writeln!(f, "Opening moves, exact values for the first player:")?;
        for m in &self.moves {
            writeln!(f, "{}", m.line())?;
        }
        Ok(())
    }
}

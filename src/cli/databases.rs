//! `endgame`, and `solve` for a family with endgame databases: the databases, through the
//! family's capability.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::files::Folder;
use super::head::Head;
use super::progress::{mib, Progress};
use super::CliError;
use crate::engine::text::group;
use crate::families::capability::{BuildProgress, LayerStats};
use crate::families::{AnyRules, EndgameDatabases, SolveError};
use crate::notation::Game;

/// The most seeds the CLI builds databases to: on a 6-pit board 5.6 billion positions (C(39,
/// 11) = 1.7 billion in the last layer), about 16 GB while the last layer is built; a build
/// that the machine's available memory cannot hold is refused before it starts.
pub const MAX_CLI_SEEDS: usize = 28;

/// `endgame`: the databases' figures, layer by layer.
#[derive(Serialize)]
pub struct EndgameReport {
    pub(super) rules: String,
    pub(super) seeds: u32,
    pub(super) layers: Vec<LayerStats>,
    pub(super) positions: u64,
    pub(super) bytes: u64,
    pub(super) seconds: f64,
    /// Positions a second of the layers built now (those read back from a folder aside).
    pub(super) positions_per_second: f64,
    /// Layers read back from the folder rather than built (the first ones).
    pub(super) read_back: usize,
    pub(super) threads: usize,
    pub(super) peak_memory_bytes: Option<u64>,
    /// A build across processes: each process's figures, layer by layer (empty for one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) processes: Vec<ProcessFigures>,
    #[serde(skip)]
    pub(super) title: String,
}

/// Why a family's rules have no databases, as the CLI's error.
pub(crate) fn no_databases() -> CliError {
    CliError::WrongFamily(crate::families::capability::no_databases())
}

pub(crate) fn database_rules(rules: &str) -> Result<AnyRules, CliError> {
    let any: AnyRules = rules.parse().map_err(CliError::Rules)?;
    if !any.has_databases() {
        return Err(no_databases());
    }
    Ok(any)
}

/// The most memory a build to `seeds` takes: two bytes a position of the layers kept (value
/// and distance), and three more a position of the layer being built (its best exits and move
/// counts, and its frontiers). Awari to 24 seeds: 3.75 GB by this count, 3.45 GB measured.
fn build_bytes(rules: AnyRules, seeds: usize) -> Option<u64> {
    Some(2 * rules.databases_size(seeds)? + 3 * last_layer(rules, seeds)?)
}

/// The positions with exactly `seeds` seeds on the board.
pub(crate) fn last_layer(rules: AnyRules, seeds: usize) -> Option<u64> {
    Some(rules.databases_size(seeds)? - if seeds == 0 { 0 } else { rules.databases_size(seeds - 1)? })
}

/// Databases built, each layer's figures, and the seconds the build took.
pub(crate) type Built = (Box<dyn EndgameDatabases>, Vec<LayerStats>, f64);

/// Builds the databases of `rules` to `seeds` seeds on the board, reporting progress on
/// standard error when asked (`threads` 0: every core).
pub(crate) fn build(rules: AnyRules, seeds: usize, threads: usize, progress: &mut Progress) -> Result<Built, CliError> {
    build_within(rules, seeds, threads, progress, None, None)
}

/// As [`build`], stopping at `deadline` with the layers finished by then (a layer under way is
/// dropped), so that a command's time limit covers its databases too.
///
/// # Errors
/// As [`build`].
pub(crate) fn build_within(
    rules: AnyRules,
    seeds: usize,
    threads: usize,
    progress: &mut Progress,
    deadline: Option<Instant>,
    folder: Option<&Folder>,
) -> Result<Built, CliError> {
    if seeds > MAX_CLI_SEEDS {
        return Err(CliError::OutOfRange { option: "--seeds", value: seeds as u64, allowed: "0 to 28" });
    }
    // The builder ranks a layer's positions in 32 bits (on 6 pits a side, 1.7 billion at 28
    // seeds; on 7, 5.4 billion at 25), and the machine's memory must hold the build. A build
    // within a time limit (`analyze --time-ms`) stops short of either, as it stops at the
    // deadline; any other is refused before it starts.
    let fits = |k: usize| last_layer(rules, k).is_none_or(|n| n <= u32::MAX as u64);
    let free = crate::engine::memory::available();
    // An eighth of what is available is left for everything else (the estimate is near the
    // peak: 16.2 GB by it, 15.2 GB measured, for Awari to 28 seeds).
    let usable = free.map(|f| f - f / 8);
    let holds = |k: usize| build_bytes(rules, k).zip(usable).is_none_or(|(bytes, usable)| bytes <= usable);
    let seeds = if deadline.is_some() {
        (0..=seeds).rev().find(|&k| fits(k) && holds(k)).unwrap_or(0)
    } else if !fits(seeds) {
        return Err(CliError::OutOfRange {
            option: "--seeds",
            value: seeds as u64,
            allowed: "fewer on this board: a layer holds at most 2³² positions",
        });
    } else if let (false, Some(bytes), Some(usable), Some(free)) =
        (holds(seeds), build_bytes(rules, seeds), usable, free)
    {
        return Err(CliError::Solve(SolveError::Memory(format!(
            "endgame databases to {seeds} seeds need about {}, more than the {} that may be used (seven eighths of the {} available)",
            mib(bytes),
            mib(usable),
            mib(free)
        ))));
    } else {
        seeds
    };
    if let Some(bytes) = build_bytes(rules, seeds) {
        progress.say(&format!(
            "endgame databases of {} to {seeds} seeds: up to {} of memory",
            rules.title(),
            mib(bytes)
        ));
    }
    let start = Instant::now();
    let mut db = rules.endgame_databases(seeds).ok_or_else(no_databases)?;
    db.set_threads(threads);
    let mut layers = vec![];
    // The layers a folder holds are read back; each layer built is written to it.
    if let Some(folder) = folder {
        let done = folder.finished(seeds, |k| last_layer(rules, k).unwrap_or(0))?;
        for k in 0..done {
            let bytes = folder.read_layer(k)?;
            db.push_layer_bytes(&bytes).map_err(CliError::Files)?;
            layers.push(super::files::stats_of(k, &bytes));
        }
        if done > 0 {
            progress.say(&format!("layers 0 to {} read back from {}", done - 1, folder.dir().display()));
        }
    }
    while db.seeds() <= seeds {
        let t = Instant::now();
        let mut report = |p: BuildProgress| {
            progress.tick(|| {
                format!(
                    "endgame: layer {} of {seeds}: {} of {} positions, {}",
                    p.layer,
                    group(p.done.into()),
                    group(p.of.into()),
                    mib(p.bytes)
                )
            });
            deadline.is_none_or(|d| Instant::now() < d)
        };
        let Some(mut s) = db.build_next(&mut report) else { break };
        s.millis = t.elapsed().as_secs_f64() * 1e3;
        if let Some(folder) = folder {
            folder.write_layer(s.seeds as usize, &db.layer_bytes(s.seeds as usize))?;
        }
        progress.milestone(&format!("layer {} done: {} positions in {:.1} s", s.seeds, s.positions, s.millis / 1e3));
        layers.push(s);
    }
    Ok((db, layers, start.elapsed().as_secs_f64()))
}

/// `endgame`'s options.
pub struct EndgameArgs {
    /// The rules id.
    pub rules: String,
    /// The most seeds on the board.
    pub seeds: usize,
    /// Threads for one process.
    pub threads: Option<usize>,
    /// Progress as plain lines.
    pub progress: bool,
    /// Machine-readable output.
    pub json: bool,
    /// The folder of the database files.
    pub out: Option<std::path::PathBuf>,
    /// Processes to launch here.
    pub processes: Option<usize>,
    /// This process, of a cluster's.
    pub process: Option<usize>,
    /// The cluster's host file.
    pub hosts: Option<std::path::PathBuf>,
}

/// `endgame RULES --seeds K` in this process, on threads (across processes: `super::parts`).
///
/// # Errors
/// Rules of another family, too many seeds, files that cannot be read or written.
pub fn endgame(a: EndgameArgs) -> Result<EndgameReport, CliError> {
    let rules = database_rules(&a.rules)?;
    if a.seeds > MAX_CLI_SEEDS {
        return Err(CliError::OutOfRange { option: "--seeds", value: a.seeds as u64, allowed: "0 to 28" });
    }
    let title = rules.title();
    let threads = super::threads(a.threads)?;
    let folder = a.out.as_deref().map(|d| Folder::open(d, rules)).transpose()?;
    let _lock = folder.as_ref().map(Folder::lock).transpose()?;
    let read_back = match &folder {
        Some(f) => f.finished(a.seeds, |k| last_layer(rules, k).unwrap_or(0))?,
        None => 0,
    };
    let (db, layers, seconds) =
        build_within(rules, a.seeds, threads, &mut Progress::new(a.json, a.progress), None, folder.as_ref())?;
    let positions = layers.iter().map(|l| l.positions).sum();
    let built: u64 = layers.iter().skip(read_back).map(|l| l.positions).sum();
    Ok(EndgameReport {
        rules: rules.to_string(),
        seeds: a.seeds as u32,
        layers,
        positions,
        bytes: db.bytes(),
        seconds,
        positions_per_second: built as f64 / seconds.max(1e-9),
        read_back,
        threads,
        peak_memory_bytes: crate::engine::memory::peak(),
        processes: vec![],
        title,
    })
}

/// One process's figures for one layer of a build across processes.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProcessFigures {
    /// The process, from 0.
    pub process: usize,
    /// The layer.
    pub seeds: u32,
    /// The boards of its run.
    pub boards: u64,
    /// Rounds of messages.
    pub rounds: u64,
    /// Words (8 bytes) it sent.
    pub words: u64,
    /// Seconds it took.
    pub seconds: f64,
}

impl fmt::Display for EndgameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} — endgame databases to {} seeds on the board (values for the side to move)",
            self.title, self.seeds
        )?;
        writeln!(
            f,
            "{:>5} {:>12} {:>12} {:>12} {:>12} {:>7} {:>9}",
            "seeds", "positions", "won", "drawn", "lost", "largest", "seconds"
        )?;
        for l in &self.layers {
            writeln!(
                f,
                "{:>5} {:>12} {:>12} {:>12} {:>12} {:>7} {:>9.2}",
                l.seeds,
                l.positions,
                l.won,
                l.drawn,
                l.lost,
                l.largest,
                l.millis / 1e3
            )?;
        }
        if self.read_back > 0 {
            writeln!(f, "layers 0 to {} read back from the folder, not built", self.read_back - 1)?;
        }
        write!(
            f,
            "{} positions, {} MiB, in {:.2} s: {:.0} positions/s built ({} thread{} in each layer's first and retrograde passes)",
            self.positions,
            self.bytes >> 20,
            self.seconds,
            self.positions_per_second,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )?;
        if let Some(m) = self.peak_memory_bytes {
            write!(f, "; peak memory {} MiB", m >> 20)?;
        }
        writeln!(f)?;
        if !self.processes.is_empty() {
            let n = self.processes.iter().map(|p| p.process + 1).max().unwrap_or(0);
            writeln!(f, "across {n} processes, each layer's boards split into runs:")?;
            writeln!(
                f,
                "{:>5} {:>7} {:>12} {:>7} {:>12} {:>9}",
                "seeds", "process", "boards", "rounds", "words sent", "seconds"
            )?;
            for p in &self.processes {
                writeln!(
                    f,
                    "{:>5} {:>7} {:>12} {:>7} {:>12} {:>9.2}",
                    p.seeds, p.process, p.boards, p.rounds, p.words, p.seconds
                )?;
            }
        }
        Ok(())
    }
}

/// One move's row: its exact value (final captured difference for the mover).
#[derive(Serialize)]
pub(super) struct MoveValue {
    #[serde(rename = "move")]
    pub(super) mv: String,
    pub(super) value: i32,
}

impl MoveValue {
    /// A move and its value.
    pub(super) fn new(mv: impl fmt::Display, value: i32) -> MoveValue {
        MoveValue { mv: mv.to_string(), value }
    }
}

/// `solve` for the Oware family.
#[derive(Serialize)]
pub struct OwareSolveReport {
    #[serde(flatten)]
    head: Head,
    value: i32,
    best: Option<String>,
    moves: Vec<MoveValue>,
    best_line: String,
    seconds: f64,
    db_seeds: u32,
    db_bytes: u64,
    /// How the values count endless play, where the rules end it otherwise (Oware, Ayo).
    #[serde(skip_serializing_if = "Option::is_none")]
    convention: Option<&'static str>,
}

/// Solves a position with the endgame databases of its rules (built as far as it needs).
///
/// # Errors
/// A finished game, or more seeds on the board than the databases reach here.
pub fn solve(g: &Game, value_only: bool, threads: usize, json: bool) -> Result<OwareSolveReport, CliError> {
    let pos = g.position();
    if pos.outcome().is_some() {
        return Err(CliError::GameOver(pos.status()));
    }
    let k = pos.board_seeds() as usize;
    if k > MAX_CLI_SEEDS {
        return Err(CliError::Row(format!(
            "{k} seeds on the board: the endgame databases reach {MAX_CLI_SEEDS} here; use analyze for a search"
        )));
    }
    // A board too wide for databases of these seeds says so in solve's words (the builder's
    // own refusal names `endgame`'s --seeds).
    if last_layer(pos.rules(), k).is_some_and(|n| n > u64::from(u32::MAX)) {
        return Err(CliError::Row(format!(
            "{k} seeds on the board: the endgame databases of {} hold at most 2³² positions a layer, fewer seeds than that; use analyze for a search",
            pos.rules().title()
        )));
    }
    let t = Instant::now();
    let (db, _, _) = build(pos.rules(), k, threads, &mut Progress::new(json, false))?;
    let seconds = t.elapsed().as_secs_f64();
    let moves = if value_only { vec![] } else { db.move_values(pos).expect("within the databases") };
    let value = db.value(pos).expect("within the databases");
    let line_text = if value_only {
        String::new()
    } else {
        let line = db.best_line(pos, 40).expect("within the databases");
        line.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
            + if line.repeats { " (repeats)" } else { "" }
    };
    Ok(OwareSolveReport {
        head: Head::of(g),
        value,
        best: moves.first().map(|m| m.0.to_string()),
        moves: moves.iter().map(|&(m, v)| MoveValue::new(m, v)).collect(),
        best_line: line_text,
        seconds,
        db_seeds: k as u32,
        db_bytes: db.bytes(),
        convention: pos.rules().proven_convention(),
    })
}

impl fmt::Display for OwareSolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {:+} with perfect play (captured seeds at the end, net)",
            self.head.title_to_move(),
            self.value
        )?;
        for m in &self.moves {
            writeln!(f, "  {:>3}  {:+}", m.mv, m.value)?;
        }
        if !self.moves.is_empty() {
            writeln!(f, "best line: {}", self.best_line)?;
        }
        if let Some(c) = self.convention {
            writeln!(f, "proven assuming {c}")?;
        }
        writeln!(
            f,
            "endgame databases to {} seeds: {} MiB, built in {:.3} s",
            self.db_seeds,
            self.db_bytes >> 20,
            self.seconds
        )
    }
}

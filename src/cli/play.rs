//! `show`, `perft` and `analyze`: any family's position, through the `Family` trait.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::head::Head;
use super::progress::Progress;
use super::CliError;
use crate::engine::Outcome;
use crate::families::AnyMove;
use crate::notation::Game;
use crate::search::{Analysis, SearchHandler};

/// `show`: the board, whose turn, the result, the setup.
#[derive(Serialize)]
pub struct ShowReport {
    #[serde(flatten)]
    head: Head,
    legal: Vec<String>,
    outcome: Option<String>,
    #[serde(skip)]
    board: String,
    #[serde(skip)]
    status: String,
}

/// Shows the position on screen of a game.
pub fn show(g: &Game) -> ShowReport {
    let p = g.position();
    ShowReport {
        head: Head::of(g),
        legal: p.legal_moves().iter().map(|m| m.to_string()).collect(),
        // The winner by the family's own name for the side (Left/Right in the Left/Right games).
        outcome: p.outcome().map(|o| match o {
            Outcome::Win(w) => format!("{} wins", p.player_name(w)),
            o => o.to_string(),
        }),
        board: p.board_text(),
        status: p.status(),
    }
}

impl fmt::Display for ShowReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board)?;
        writeln!(f, "{}", self.head.title)?;
        match &self.outcome {
            // The family's own words for the result (the score, Sowing's Left and Right).
            Some(_) => writeln!(f, "{}", self.status)?,
            None => writeln!(f, "{} to move.", self.head.turn)?,
        }
        writeln!(f, "Setup: {}", self.head.setup)
    }
}

/// `show --record`: the game's record.
#[derive(Serialize)]
struct RecordReport {
    record: String,
}

impl fmt::Display for RecordReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.record)
    }
}

/// `show` and `open`: the board of the position on screen, or (`record`) the game's record.
///
/// # Errors
/// When the JSON cannot be made.
pub fn show_or_record(out: &mut String, g: &Game, record: bool, json: bool) -> Result<(), CliError> {
    if record {
        super::emit(out, &RecordReport { record: g.record() }, json)
    } else {
        super::emit(out, &show(g), json)
    }
}

/// Most bytes a record file may have: the reader's own limit.
const MAX_RECORD_BYTES: u64 = crate::notation::MAX_RECORD as u64;

/// `open`: reads a game record from a file (`-`: standard input).
///
/// # Errors
/// When the file cannot be read, or the record has a fault (strict: the CLI takes no guess).
pub fn open(file: &str) -> Result<Game, CliError> {
    use std::io::Read;
    let mut text = String::new();
    let read = if file == "-" {
        std::io::stdin().take(MAX_RECORD_BYTES + 1).read_to_string(&mut text)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_string(&mut text))
    };
    read.map_err(|e| CliError::Record(format!("{file}: cannot read the record: {e}")))?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(CliError::Record(format!(
            "{file}: a record is at most {} bytes",
            crate::engine::text::group(MAX_RECORD_BYTES.into())
        )));
    }
    match Game::from_record_lenient(&text) {
        (g, None) => Ok(g),
        (_, Some(e)) => Err(CliError::Record(format!("{file}: {e}"))),
    }
}

/// `perft`: the move sequences of exactly `depth` moves.
#[derive(Serialize)]
pub struct PerftReport {
    rules: String,
    setup: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
}

/// Counts the move sequences of `depth` moves from the game's position.
///
/// # Errors
/// A depth past 40.
pub fn perft(g: &Game, depth: u32, json: bool) -> Result<PerftReport, CliError> {
    if depth > 40 {
        return Err(CliError::TooDeep(depth));
    }
    let t = Instant::now();
    // Depth by depth while each takes under a fifth of a second: past that, the last depths'
    // growth and this machine's rate say how long the asked depth would take; past an hour it
    // is refused with the figures (depth 40 of Kalah(6,4) would take longer than the universe
    // has existed), else said before it starts.
    let p = g.position();
    let (mut k, mut last, mut before) = (0, 1u64, 1u64);
    while k < depth && t.elapsed().as_secs_f64() < 0.2 {
        k += 1;
        (before, last) = (last, p.perft(k));
    }
    if k < depth {
        let growth = (last as f64 / before.max(1) as f64).max(1.0);
        let rate = last as f64 / t.elapsed().as_secs_f64().max(1e-3);
        let estimate = last as f64 * growth.powi((depth - k) as i32);
        let seconds = estimate / rate;
        let figures = format!(
            "depth {depth} would count about {estimate:.1e} move sequences (depth {k}: {last}, growing {growth:.1} times a move), about {} at {:.1e} a second",
            words_of_time(seconds),
            rate
        );
        if seconds > 3600.0 {
            return Err(CliError::Row(format!("perft: {figures}: more than an hour; ask for a smaller depth")));
        }
        super::progress::Progress::new(json, false).say(&format!("perft: {figures}"));
    }
    let nodes = if k == depth { last } else { p.perft(depth) };
    Ok(PerftReport {
        rules: g.rules().to_string(),
        setup: g.position().to_string(),
        depth,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// A duration in words: "40 s", "3.2 hours", "1.2e9 years".
fn words_of_time(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} hours", s / 3600.0),
        s if s < 3.2e8 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.1e} years", s / 3.156e7),
    }
}

impl fmt::Display for PerftReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.nodes)
    }
}

/// One move's row of an analysis.
#[derive(Serialize)]
pub struct MoveRow {
    #[serde(rename = "move")]
    mv: String,
    /// The number machine-readable output writes (see `Value::number`).
    value: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<bool>,
    #[serde(skip)]
    words: String,
}

impl MoveRow {
    /// The rows of an analysis; with `exact`, each says whether it is proven.
    pub fn of(a: &Analysis<AnyMove>, exact: bool) -> Vec<MoveRow> {
        a.moves
            .iter()
            .map(|m| MoveRow {
                mv: m.mv.to_string(),
                value: m.value.number(),
                exact: exact.then_some(m.exact),
                words: m.value.to_string(),
            })
            .collect()
    }

    /// "    c  +2  proven": the move, its value in words, and whether it is proven.
    pub fn line(&self) -> String {
        format!("  {:>3}  {}{}", self.mv, self.words, if self.exact == Some(true) { "  proven" } else { "" })
    }
}

/// `analyze`: every legal move's value from the family's search, and the best line.
#[derive(Serialize)]
pub struct AnalysisReport {
    #[serde(flatten)]
    head: Head,
    depth: u32,
    exact: bool,
    value: i32,
    best: Option<String>,
    moves: Vec<MoveRow>,
    best_line: String,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    /// The endgame databases at the leaves: most seeds they cover, and their build time.
    #[serde(skip_serializing_if = "Option::is_none")]
    endgame_seeds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    endgame_seconds: Option<f64>,
    /// How the databases count endless play, where the rules end it otherwise (Oware, Ayo).
    #[serde(skip_serializing_if = "Option::is_none")]
    convention: Option<&'static str>,
}

/// Analyzes the game's position to `depth` moves or for `time_ms`; for the Oware family,
/// with the endgame databases built to `endgame` seeds at the leaves.
///
/// # Errors
/// A finished game, a table size out of range, endgame databases for another family or too
/// many seeds.
pub fn analyze(
    g: &Game,
    depth: Option<u32>,
    time_ms: Option<u64>,
    table_mib: usize,
    endgame: Option<usize>,
    json: bool,
) -> Result<AnalysisReport, CliError> {
    if g.position().outcome().is_some() {
        return Err(CliError::GameOver(g.position().status()));
    }
    if !(1..=4096).contains(&table_mib) {
        return Err(CliError::OutOfRange { option: "--table-mib", value: table_mib as u64, allowed: "1 to 4096" });
    }
    let depth = depth.unwrap_or(200).clamp(1, 200);
    let p = g.position();
    // The time limit covers the databases' build and the search together.
    let end = time_ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms));
    let db = match endgame {
        None => None,
        Some(k) if p.rules().has_databases() => {
            let t = Instant::now();
            let (db, layers, _) =
                super::databases::build_within(p.rules(), k, 0, &mut Progress::new(json, false), end, None)?;
            // The seeds the finished layers cover (fewer than asked when the time ran out).
            let covered = layers.last().map_or(0, |l| l.seeds);
            Some((db, covered, t.elapsed().as_secs_f64()))
        }
        Some(_) => return Err(super::databases::no_databases()),
    };
    let mut progress = Progress::new(json, false);
    progress.say(&format!("analyze: a table of {table_mib} MiB"));
    let mut handler = Watch { end, progress: &mut progress, depth: 0 };
    let t = Instant::now();
    let a = match &db {
        Some((db, _, _)) => db.analyze(p, depth, table_mib, &mut handler).expect("databases of the position's rules"),
        None => p.analyze(depth, table_mib, &mut handler),
    };
    let seconds = t.elapsed().as_secs_f64();
    // A search that stopped because what it remembers reached the memory it may hold (the
    // Tchouka solitaire's solve says so).
    if a.stopped == Some(crate::search::Stopped::Memory) {
        let usable = crate::engine::memory::usable().unwrap_or(0);
        return Err(CliError::Memory(crate::engine::memory::TooLarge {
            what: format!(
                "the solve of {} ({} positions looked at)",
                g.rules(),
                crate::engine::text::group(a.nodes.into())
            ),
            needs: crate::engine::memory::for_a_solve().unwrap_or(usable),
            usable,
            grew: true,
        }));
    }
    Ok(AnalysisReport {
        head: Head::of(g),
        depth: a.depth,
        exact: a.exact,
        value: a.value.number(),
        best: a.moves.first().map(|m| m.mv.to_string()),
        moves: MoveRow::of(&a, true),
        best_line: a.line_text(),
        nodes: a.nodes,
        seconds,
        nodes_per_second: a.nodes as f64 / seconds.max(1e-9),
        endgame_seeds: db.as_ref().map(|d| d.1),
        endgame_seconds: db.as_ref().map(|d| d.2),
        convention: db.as_ref().and_then(|_| p.rules().proven_convention()),
    })
}

/// A search's handler for the command line: stops at the deadline, shows the depth and nodes.
struct Watch<'a> {
    end: Option<Instant>,
    progress: &'a mut Progress,
    depth: u32,
}

impl SearchHandler<AnyMove> for Watch<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let depth = self.depth + 1;
        self.progress.tick(|| format!("analyze: depth {depth}, {} nodes", crate::engine::text::group(nodes.into())));
        self.end.is_some_and(|e| Instant::now() >= e)
    }

    fn on_progress(&mut self, a: &Analysis<AnyMove>) {
        self.depth = a.depth;
    }
}

impl fmt::Display for AnalysisReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}, depth {}{}",
            self.head.title_to_move(),
            self.depth,
            if self.exact { " (proven)" } else { "" }
        )?;
        for m in &self.moves {
            writeln!(f, "{}", m.line())?;
        }
        writeln!(f, "best line: {}", self.best_line)?;
        if let (Some(k), Some(s)) = (self.endgame_seeds, self.endgame_seconds) {
            writeln!(f, "endgame databases to {k} seeds at the leaves (built in {s:.3} s)")?;
        }
        if let Some(c) = self.convention {
            writeln!(f, "values from the databases are proven assuming {c}")?;
        }
        writeln!(f, "{} nodes in {:.3} s = {:.2} M nodes/s", self.nodes, self.seconds, self.nodes_per_second / 1e6)
    }
}

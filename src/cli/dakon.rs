//! `dakon ...`: Dakon's first turn (Donkers, de Voogt & Uiterwijk) — counts, surveys, searches
//! with proofs, and replays.

use crate::engine::memory::Budget;
use core::fmt;
use std::fmt::Write as _;
use std::time::Instant;

use serde::Serialize;

use super::progress::{mib, Progress};
use super::CliError;
use crate::engine::text::group;
use crate::labs::dakon::deep::{shortest_depth_first, DeepFound, DeepProgress, Resume};
use crate::labs::dakon::openings::{self, Found, Goal, Limit, Survey, Trial};
use crate::labs::dakon::{parse_holes, replay, TurnEnd};

fn opt(x: Option<String>) -> String {
    x.unwrap_or_else(|| "none".to_string())
}

/// A count and how many of it win, as strings (they may pass 2^64).
#[derive(Serialize)]
struct Pair {
    all: String,
    winning: String,
}

impl From<(u128, u128)> for Pair {
    fn from(p: (u128, u128)) -> Pair {
        Pair { all: p.0.to_string(), winning: p.1.to_string() }
    }
}

/// `dakon count`: every first turn by how it ends and whether it wins.
#[derive(Serialize)]
pub struct CountReport {
    n: usize,
    total: String,
    winning: String,
    capture: Pair,
    empty_opponent_hole: Pair,
    no_own_counters: Pair,
    paper_possible_sequences: String,
    boards: u64,
    seconds: f64,
}

/// Counts the first turns of Dakon-`n`.
///
/// # Errors
/// `n` out of range, or memory.
pub fn count(n: usize, json: bool) -> Result<CountReport, CliError> {
    let t = Instant::now();
    let mut shown = Progress::new(json, false);
    let mut report = |level: u32, boards: u64| {
        shown.tick(|| format!("count: store level {level}, {} boards", group(boards.into())));
        true
    };
    let s = openings::survey_within(n, &Budget::of_machine(), &mut report)?;
    let c = s.counts;
    let no_own_losing = c.no_own_counters.0 - c.no_own_counters.1;
    let paper = c.total() - c.winning() - no_own_losing;
    Ok(CountReport {
        n,
        total: c.total().to_string(),
        winning: c.winning().to_string(),
        capture: c.capture.into(),
        empty_opponent_hole: c.empty_opponent.into(),
        no_own_counters: c.no_own_counters.into(),
        paper_possible_sequences: paper.to_string(),
        boards: s.boards,
        seconds: t.elapsed().as_secs_f64(),
    })
}

impl fmt::Display for CountReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        writeln!(
            f,
            "Dakon-{n}: {} first turns, {} winning (fewer than {n} counters outside the store)",
            self.total, self.winning
        )?;
        writeln!(f, "  ending with a capture: {} ({} winning)", self.capture.all, self.capture.winning)?;
        writeln!(
            f,
            "  ending in an empty opponent hole: {} ({} winning)",
            self.empty_opponent_hole.all, self.empty_opponent_hole.winning
        )?;
        writeln!(
            f,
            "  ending with no own counters: {} ({} winning)",
            self.no_own_counters.all, self.no_own_counters.winning
        )?;
        writeln!(
            f,
            "  the paper's \"possible move sequences\" (neither winning nor emptying the mover's side): {}",
            self.paper_possible_sequences
        )?;
        writeln!(f, "  {} distinct boards, {:.3} s", self.boards, self.seconds)
    }
}

/// `dakon survey`: one pass over every first turn.
#[derive(Serialize)]
pub struct SurveyReport {
    #[serde(flatten)]
    survey: Survey,
    fewest_left: Option<(u32, String)>,
    seconds: f64,
}

/// Surveys Dakon-`n`'s first turns, reporting each store level on standard error with
/// `progress`, and stopping after `max_level`.
///
/// # Errors
/// `n` out of range, or memory.
pub fn survey(n: usize, progress: bool, max_level: Option<u32>, json: bool) -> Result<SurveyReport, CliError> {
    let t = Instant::now();
    let mut shown = Progress::new(json, false);
    let mut report = |level: u32, boards: u64| {
        if progress {
            eprintln!("store level {level}: {boards} boards, {:.1} s", t.elapsed().as_secs_f64());
        } else {
            shown.tick(|| format!("survey: store level {level}, {} boards", group(boards.into())));
        }
        max_level.is_none_or(|m| level < m)
    };
    let s = openings::survey_within(n, &Budget::of_machine(), &mut report)?;
    let fewest_left = s.fewest_left().map(|(l, k)| (l, k.to_string()));
    Ok(SurveyReport { survey: s, fewest_left, seconds: t.elapsed().as_secs_f64() })
}

impl fmt::Display for SurveyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.survey;
        let c = &s.counts;
        if !s.complete {
            writeln!(
                f,
                "stopped after store level {}: every figure below counts only the turns ending from boards up to it (lower bounds; the others are not final)",
                s.levels_done - 1
            )?;
        }
        writeln!(f, "Dakon-{}: {} first turns, {} winning", s.n, c.total(), c.winning())?;
        writeln!(f, "  shortest winning opening: {}", opt(s.shortest.map(|x| format!("{x} moves"))))?;
        writeln!(
            f,
            "  maximum capture: {}",
            opt(self
                .fewest_left
                .as_ref()
                .map(|(l, k)| format!("{l} counters left outside the store, by {k} openings")))
        )?;
        writeln!(f, "  least largest lap count of a move: {}", opt(s.least_max_laps.map(|x| x.to_string())))?;
        writeln!(f, "  least largest sowing of a move: {}", opt(s.least_max_sown.map(|x| format!("{x} counters"))))?;
        writeln!(f, "  {} distinct boards ({} held at most), {:.3} s", s.boards, s.peak_boards, self.seconds)
    }
}

/// A search's answer, with whether it is proven and its number of moves.
#[derive(Serialize)]
pub struct FoundReport {
    #[serde(flatten)]
    found: Found,
    proven: bool,
    moves: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
}

impl FoundReport {
    fn new(found: Found, seconds: Option<f64>) -> FoundReport {
        FoundReport { proven: found.proven(), moves: found.line.as_ref().map(Vec::len), found, seconds }
    }

    /// The answer in words: the line, its cost, what was proven, and the work.
    fn write(&self, f: &mut fmt::Formatter<'_>, secs: f64) -> fmt::Result {
        let found = &self.found;
        let what = match found.goal {
            Goal::Shortest => "shortest winning opening".to_string(),
            Goal::ShortestWithLaps(l) => format!("shortest winning opening with at most {l} laps a move"),
            Goal::FewestLongMoves(s) => {
                format!(
                    "winning opening sowing at most {s} counters a move, with the fewest moves of more than one cycle"
                )
            }
        };
        let holes = |l: &Vec<usize>| l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        match (&found.line, self.proven) {
            (Some(l), true) => {
                writeln!(
                    f,
                    "Dakon-{}: {what}: cost {} (proven least), {} moves",
                    found.n,
                    found.cost.unwrap_or(0),
                    l.len()
                )?;
                writeln!(f, "  {}", holes(l))?;
            }
            (Some(l), false) => {
                writeln!(
                    f,
                    "Dakon-{}: {what}: best found costs {} ({} moves); proven: at least {}",
                    found.n,
                    found.cost.unwrap_or(0),
                    l.len(),
                    found.lower_bound
                )?;
                writeln!(f, "  {}", holes(l))?;
            }
            (None, _) => {
                writeln!(
                    f,
                    "Dakon-{}: {what}: none found; proven: every one costs at least {}",
                    found.n, found.lower_bound
                )?;
            }
        }
        writeln!(f, "  {} boards expanded, {} stored, {secs:.3} s", found.expanded, found.boards)
    }
}

impl fmt::Display for FoundReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, self.seconds.unwrap_or(0.0))
    }
}

/// `dakon shortest`: the shortest winning opening, proven shortest, or a proven lower bound.
///
/// # Errors
/// `n` out of range, or memory.
pub fn shortest(n: usize, mut max_boards: u64, json: bool) -> Result<FoundReport, CliError> {
    let t = Instant::now();
    let mut p = boards_progress("shortest", &mut max_boards, json);
    let f = openings::search(n, Goal::Shortest, max_boards, &mut |level, boards| p(level, boards))?;
    Ok(FoundReport::new(f, Some(t.elapsed().as_secs_f64())))
}

/// Peak memory a board held by the Dakon searches costs, at most (BENCHMARKS.md: 35 to 45).
const BYTES_A_BOARD: u64 = 45;

/// A search's memory said before it starts (at most [`BYTES_A_BOARD`] bytes a board), then its
/// cost level and boards as it goes (on a terminal). `max_boards` is lowered to what the
/// memory that may be used holds, and said so: the search then answers within that many boards
/// (a lower bound when it stops short) instead of being killed by the system.
fn boards_progress(what: &'static str, max_boards: &mut u64, json: bool) -> impl FnMut(u32, u64) -> bool {
    let mut p = Progress::new(json, false);
    if let Some(usable) = crate::engine::memory::usable() {
        let fits = usable / BYTES_A_BOARD;
        if *max_boards > fits {
            p.say(&format!(
                "{what}: {} boards would need up to {}; at most {} here, what the {} that may be used holds",
                group((*max_boards).into()),
                mib(max_boards.saturating_mul(BYTES_A_BOARD)),
                group(fits.into()),
                mib(usable)
            ));
            *max_boards = fits;
        }
    }
    p.say(&format!(
        "{what}: at most {} boards, up to {} of memory",
        group((*max_boards).into()),
        mib(max_boards.saturating_mul(BYTES_A_BOARD))
    ));
    move |level, boards| {
        p.tick(|| format!("{what}: cost level {level}, {} boards", group(boards.into())));
        true
    }
}

/// `dakon min-laps` and `dakon min-cycles`: one limit's search, or the least limit that
/// admits an opening.
#[derive(Serialize)]
pub struct LeastReport {
    trials: Vec<Trial>,
    found: Option<FoundReport>,
    seconds: f64,
    #[serde(skip)]
    max_boards: u64,
}

/// Searches one limit of `kind`, or the least that admits a winning opening.
///
/// # Errors
/// `n` out of range, or memory.
pub fn least(
    n: usize,
    kind: Limit,
    limit: Option<u32>,
    mut max_boards: u64,
    json: bool,
) -> Result<LeastReport, CliError> {
    let t = Instant::now();
    let mut p = boards_progress("search", &mut max_boards, json);
    let (trials, found) = match limit {
        Some(l) => {
            let goal = if kind == Limit::Laps { Goal::ShortestWithLaps(l) } else { Goal::FewestLongMoves(l) };
            (vec![], Some(openings::search(n, goal, max_boards, &mut |level, boards| p(level, boards))?))
        }
        None => openings::least_limit(n, kind, max_boards, &mut |level, boards| p(level, boards))?,
    };
    Ok(LeastReport {
        trials,
        found: found.map(|f| FoundReport::new(f, None)),
        seconds: t.elapsed().as_secs_f64(),
        max_boards,
    })
}

impl fmt::Display for LeastReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tr in &self.trials {
            let verdict = match tr.admits {
                Some(true) => "a winning opening keeps within it",
                Some(false) => "no winning opening keeps within it (complete search)",
                None => "board limit reached: unknown",
            };
            writeln!(f, "limit {}: {verdict} ({} boards)", tr.limit, tr.boards)?;
        }
        match &self.found {
            Some(found) => found.write(f, self.seconds),
            None => writeln!(f, "no answer within {} boards", self.max_boards),
        }
    }
}

/// Reads a `dakon prove-shortest` checkpoint: its header must name the same search.
pub(super) fn read_checkpoint(path: &std::path::Path, n: usize, bound: u32) -> Result<Resume, CliError> {
    read_checkpoint_text(path, n, bound).map_err(CliError::Checkpoint)
}

fn read_checkpoint_text(path: &std::path::Path, n: usize, bound: u32) -> Result<Resume, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resume::default()),
        Err(e) => return Err(format!("checkpoint {}: {e}", path.display())),
    };
    let header = checkpoint_header(n, bound);
    let mut resume = Resume::default();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("checkpoint {}, line {}", path.display(), i + 1);
        match line.split_once(' ') {
            _ if i == 0 => {
                if line != header {
                    return Err(format!("{}: it is for another search (\"{line}\"; this one is \"{header}\")", at()));
                }
            }
            Some(("done", k)) => {
                resume.done.push(k.trim().parse().map_err(|_| format!("{}: bad prefix number", at()))?)
            }
            Some(("best", l)) => {
                let holes = parse_holes(l).map_err(|e| format!("{}: {e}", at()))?;
                let moves = replay(n, &holes).map_err(|e| format!("{}: {e}", at()))?;
                if !moves.last().is_some_and(|m| m.end.is_some() && m.board.is_won()) {
                    return Err(format!("{}: not a winning opening of Dakon-{n}", at()));
                }
                resume.best = Some(holes);
            }
            _ if line.trim().is_empty() => {}
            _ => return Err(format!("{}: expected \"done K\" or \"best H, H, ...\"", at())),
        }
    }
    Ok(resume)
}

pub(super) fn checkpoint_header(n: usize, bound: u32) -> String {
    format!("mancala-lab dakon prove-shortest {n} --bound {bound}")
}

/// `dakon prove-shortest`: the depth-first proof.
#[derive(Serialize)]
pub struct ProveReport {
    #[serde(flatten)]
    found: DeepFound,
    lower_bound: u32,
    moves_in_line: Option<usize>,
    seconds: f64,
    threads: usize,
}

/// The depth-first proof of Dakon-`n`'s shortest opening within `bound` moves, recording
/// every prefix searched in `checkpoint` and skipping those it lists.
///
/// # Errors
/// `n` or `bound` out of range, or a checkpoint that cannot be read or written.
pub fn prove_shortest(
    n: usize,
    bound: u32,
    threads: Option<usize>,
    progress: bool,
    checkpoint: Option<&std::path::Path>,
    json: bool,
) -> Result<ProveReport, CliError> {
    use std::io::Write as _;
    let threads = super::threads(threads)?;
    let resume = match checkpoint {
        Some(p) => read_checkpoint(p, n, bound)?,
        None => Resume::default(),
    };
    let mut file = match checkpoint {
        Some(p) => {
            // A missing file, or an empty one (a run stopped before its first line): the header
            // first, or the next run would read the file as another search's.
            let fresh = std::fs::metadata(p).map_or(true, |m| m.len() == 0);
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| CliError::Checkpoint(format!("checkpoint {}: {e}", p.display())))?;
            if fresh {
                writeln!(f, "{}", checkpoint_header(n, bound)).map_err(|e| CliError::Checkpoint(e.to_string()))?;
            }
            Some(f)
        }
        None => None,
    };
    let t = Instant::now();
    let mut last = 0.0;
    let mut shown = Progress::new(json, false);
    let mut best = resume.best.clone();
    let mut write_error = None;
    let mut report = |p: &DeepProgress| {
        if let Some(f) = file.as_mut() {
            let mut text = String::new();
            for k in &p.finished {
                let _ = writeln!(text, "done {k}");
            }
            if p.best != best {
                best = p.best.clone();
                if let Some(l) = &best {
                    let _ = writeln!(text, "best {}", l.iter().map(usize::to_string).collect::<Vec<_>>().join(", "));
                }
            }
            if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                write_error = Some(e.to_string());
                return false;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        if progress && (secs - last >= 60.0 || p.done == p.total) {
            last = secs;
            eprintln!("{} of {} prefixes, {} moves, {secs:.0} s", p.done, p.total, p.moves);
        } else if !progress {
            shown.tick(|| format!("prove: {} of {} prefixes, {} moves", p.done, p.total, group(p.moves.into())));
        }
        true
    };
    let found = shortest_depth_first(n, bound, threads, &resume, &mut report)?;
    if let Some(e) = write_error {
        return Err(CliError::Checkpoint(format!("checkpoint: {e} (the search stopped)")));
    }
    Ok(ProveReport {
        lower_bound: found.lower_bound(),
        moves_in_line: found.line.as_ref().map(Vec::len),
        found,
        seconds: t.elapsed().as_secs_f64(),
        threads,
    })
}

impl fmt::Display for ProveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = &self.found;
        let (n, bound) = (d.n, d.bound);
        let resumed = if d.resumed > 0 {
            format!(" ({} of {} prefixes searched by earlier runs)", d.resumed, d.prefixes)
        } else {
            String::new()
        };
        match (&d.line, d.complete) {
            (Some(l), true) => {
                let holes = l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
                writeln!(f, "Dakon-{n}: shortest winning opening: {} moves (proven shortest){resumed}", l.len())?;
                writeln!(f, "  {holes}")?;
            }
            (None, true) => {
                writeln!(
                    f,
                    "Dakon-{n}: no winning opening has {bound} moves or fewer (every first turn of up to {bound} moves tried){resumed}"
                )?;
            }
            (_, false) => {
                writeln!(
                    f,
                    "Dakon-{n}: stopped before all {} prefixes were searched: nothing proven yet (--checkpoint resumes)",
                    d.prefixes
                )?;
            }
        }
        let expanded: u64 = d.expanded.iter().sum();
        writeln!(
            f,
            "  {expanded} boards expanded, {} moves played, {} threads, {:.1} s",
            d.moves, self.threads, self.seconds
        )
    }
}

/// One move of a replayed first turn.
#[derive(Serialize)]
struct ReplayMove {
    hole: usize,
    laps: u32,
    sown: u32,
    /// How the turn ended (`capture`, `empty_opponent_hole`, `no_own_counters`), after the last move.
    end: Option<TurnEnd>,
    #[serde(skip)]
    end_words: Option<&'static str>,
}

/// `dakon replay`: a first turn move by move.
#[derive(Serialize)]
pub struct ReplayReport {
    n: usize,
    moves: Vec<ReplayMove>,
    laps: u32,
    store: u32,
    opponent_left: u32,
    own_left: u32,
    turn_over: bool,
    winning: bool,
}

/// Replays the first turn `moves` (hole numbers 1..n) of Dakon-`n`.
///
/// # Errors
/// Holes that cannot be read or played.
pub fn replay_turn(n: usize, moves: &str) -> Result<ReplayReport, CliError> {
    let holes = parse_holes(moves).map_err(CliError::Moves)?;
    let played = replay(n, &holes).map_err(CliError::Replay)?;
    let last = played.last().expect("at least one move");
    Ok(ReplayReport {
        n,
        moves: played
            .iter()
            .zip(&holes)
            .map(|(m, &h)| ReplayMove {
                hole: h,
                laps: m.laps,
                sown: m.sown,
                end: m.end,
                end_words: m.end.map(TurnEnd::words),
            })
            .collect(),
        laps: played.iter().map(|m| m.laps).sum(),
        store: last.board.store(),
        opponent_left: last.board.opponent_total(),
        own_left: last.board.own_total(),
        turn_over: last.end.is_some(),
        winning: last.end.is_some() && last.board.is_won(),
    })
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, m) in self.moves.iter().enumerate() {
            let end = m.end_words.unwrap_or("ends in the store: the mover selects again");
            let laps = if m.laps == 1 { "lap" } else { "laps" };
            let counters = if m.sown == 1 { "counter" } else { "counters" };
            writeln!(f, "{:>3}. hole {}: {} {laps}, {} {counters} sown; {end}", k + 1, m.hole, m.laps, m.sown)?;
        }
        writeln!(
            f,
            "{} moves, {} laps; store {}, {} left on the opponent's side, {} on the mover's; {}",
            self.moves.len(),
            self.laps,
            self.store,
            self.opponent_left,
            self.own_left,
            match (self.turn_over, self.winning) {
                (false, _) => "the turn is not over",
                (true, true) => "a winning opening",
                (true, false) => "not a winning opening",
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Any checkpoint file is read or refused with a message: never a panic, and what is
        /// read names only prefixes and winning openings.
        #[test]
        fn checkpoints_never_panic(body in "(done [0-9x]{0,6}\n|best [0-9, ]{0,40}\n|[a-z ]{0,12}\n){0,8}") {
            let dir = std::env::temp_dir().join(format!("mancala-lab-ck-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("ck");
            std::fs::write(&path, format!("{}\n{body}", checkpoint_header(5, 30))).unwrap();
            if let Ok(r) = read_checkpoint(&path, 5, 30) {
                if let Some(l) = &r.best {
                    let moves = replay(5, l).unwrap();
                    proptest::prop_assert!(moves.last().unwrap().board.is_won());
                }
            }
        }
    }
}

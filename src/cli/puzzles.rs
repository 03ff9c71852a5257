//! `puzzles generate | verify | show`: proven puzzles made from seeded play, proven again from
//! a data file, and one shown in words (issue 47; the format is docs/puzzles.md).

use core::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde::Serialize;

use super::progress::Progress;
use super::CliError;
use crate::families::AnyRules;
use crate::puzzles::{self, words, Generation, Puzzle, FIELDS, MOST};

/// `mancala-lab puzzles ...`
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Proven puzzles of RULES from seeded play, as a data file on standard output (the same
    /// file for the same options).
    Generate {
        /// Rules id, e.g. kalah-6-4, awari, sowing-6-3 or grid-4-5-1.
        rules: String,
        /// Puzzles wanted (fewer if the candidates run out first).
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// The seed of the candidates' play.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Moves from the start to a candidate, at least and at most, as MIN-MAX (then more,
        /// until the endgame databases cover it).
        #[arg(long, default_value = "8-40")]
        plies: String,
        /// Candidate positions looked at, at most (default: 60 a puzzle wanted).
        #[arg(long)]
        tries: Option<usize>,
        /// Seeds on the board the endgame databases are built to (the Oware family).
        #[arg(long, default_value_t = 12)]
        db_seeds: usize,
        /// The candidates' games start here (a setup as in links, e.g. Tchoukaillon's winning
        /// position for 40 seeds, 0.1.3.1.5.2.4.6.8.10-0) instead of the rules' start.
        #[arg(long)]
        start: Option<String>,
        /// Report each puzzle found on standard error, as plain lines.
        #[arg(long)]
        progress: bool,
    },
    /// Proves every puzzle of a data file again: each line its start's puzzle exactly (the
    /// solution, the uniqueness at each step, the refutations, the depth, themes and easy
    /// flag) and the ratings those of the file's puzzles together.
    Verify {
        /// The data file (data/puzzles/RULES.tsv).
        file: PathBuf,
        /// Report each line proven on standard error, as plain lines.
        #[arg(long)]
        progress: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// One puzzle of the shipped files, in words: the board, the task, the solution and why
    /// every wrong move is wrong.
    Show {
        /// The puzzle's id (its rules, a dash, 8 hexadecimal digits), e.g. from a link.
        id: String,
        /// Where the data files are (default: data/puzzles, here or in the source tree).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

/// Most puzzles a file is generated with.
const MAX_COUNT: usize = 100_000;
/// Most seeds the databases of `generate` are built to.
const MAX_DB_SEEDS: usize = 24;

/// Runs a `puzzles` command: its output, and whether it is JSON.
///
/// # Errors
/// Options out of range, a file that cannot be read, a puzzle that does not verify.
pub fn puzzles(what: PuzzlesCommand, out: &mut String) -> Result<(), CliError> {
    match what {
        PuzzlesCommand::Generate { rules, count, seed, plies, tries, db_seeds, start, progress } => {
            let g = Generate { count, seed, plies, tries, db_seeds, start };
            let file = generate(&rules, &g, progress)?;
            out.push_str(&file);
            Ok(())
        }
        PuzzlesCommand::Verify { file, progress, json } => super::emit(out, &verify(&file, progress, json)?, json),
        PuzzlesCommand::Show { id, dir, json } => super::emit(out, &show(&id, dir.as_deref())?, json),
    }
}

/// `--plies MIN-MAX` read.
fn read_plies(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || CliError::Record(format!("--plies '{}': use MIN-MAX, e.g. 8-40 (at most 400)", clip(text)));
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b): (u32, u32) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a > b || b > 400 {
        return Err(bad());
    }
    Ok((a, b))
}

fn clip(s: &str) -> String {
    crate::engine::text::clip(s, 24)
}

/// `generate`'s options, as given.
struct Generate {
    count: usize,
    seed: u64,
    plies: String,
    tries: Option<usize>,
    db_seeds: usize,
    start: Option<String>,
}

/// `generate`'s data file: its header (what made it, the fields) and a line a puzzle.
fn generate(rules: &str, g: &Generate, lines: bool) -> Result<String, CliError> {
    let Generate { count, seed, ref plies, tries, db_seeds, ref start } = *g;
    let id: AnyRules = rules.parse().map_err(CliError::Rules)?;
    let from = match start {
        Some(text) => id.parse_setup(text).map_err(|e| CliError::Record(format!("--start '{}': {e}", clip(text))))?,
        None => id.start(),
    };
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(CliError::OutOfRange { option: "--count", value: count as u64, allowed: "1 to 100000" });
    }
    if db_seeds > MAX_DB_SEEDS {
        return Err(CliError::OutOfRange { option: "--db-seeds", value: db_seeds as u64, allowed: "0 to 24" });
    }
    let range = read_plies(plies)?;
    let tries = tries.unwrap_or(count.saturating_mul(60));
    let mut progress = Progress::new(false, lines);
    let mut oracle = puzzles::oracle_for(&id, db_seeds, &mut |s| {
        progress.milestone(&format!("{id}: endgame databases to {s} seeds built"));
    })
    .map_err(|e| CliError::Record(format!("{id}: {e}")))?;
    let g = Generation { count, seed, plies: range, tries, most: MOST };
    let found = puzzles::generate(&from, oracle.as_mut(), g, &mut |n, tried| {
        progress.milestone(&format!("{id}: {n} of {count} puzzles, {tried} candidates tried"));
        progress.tick(|| format!("{id}: {n} of {count} puzzles, {tried} candidates tried"));
    });
    drop(progress);
    let uses_db = id.has_databases();
    let mut file =
        format!("# Mancala Lab puzzles of {id}: {} proven puzzles (the format: docs/puzzles.md)\n", found.len());
    let _ = writeln!(
        file,
        "# made by: mancala-lab puzzles generate {id} --count {count} --seed {seed} --plies {}-{} --tries {tries}{}{}",
        range.0,
        range.1,
        if uses_db { format!(" --db-seeds {db_seeds}") } else { String::new() },
        start.as_ref().map_or(String::new(), |_| format!(" --start {from}"))
    );
    let _ = writeln!(file, "# {}", FIELDS.join("\t"));
    for (p, r) in found.iter().zip(puzzles::ratings(&found)) {
        file += &p.record(r);
        file.push('\n');
    }
    Ok(file)
}

/// `verify`'s report.
#[derive(Serialize)]
pub struct VerifyReport {
    file: String,
    rules: String,
    puzzles: usize,
    /// Lowest and highest rating.
    ratings: (u32, u32),
    /// Puzzles by theme.
    themes: Vec<(String, usize)>,
    easy: usize,
    /// The most player moves of a solution.
    longest: usize,
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {} puzzles of {}, every one proven again", self.file, self.puzzles, self.rules)?;
        writeln!(
            f,
            "ratings {} to {}; {} easy; the longest {} player moves",
            self.ratings.0, self.ratings.1, self.easy, self.longest
        )?;
        let themes: Vec<String> = self.themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
        writeln!(f, "themes: {}", if themes.is_empty() { "none".to_string() } else { themes.join(", ") })
    }
}

/// Reads a data file, with its name in the message when it cannot be read.
fn read_file(file: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(file).map_err(|e| CliError::Record(format!("{}: cannot read it: {e}", file.display())))
}

/// The rules of a file's puzzles (one rules a file), and the most seeds on the board of a
/// start (the databases are built to them).
fn rules_of(file: &Path, text: &str) -> Result<(AnyRules, usize), CliError> {
    let mut rules: Option<AnyRules> = None;
    let mut seeds = 0;
    for (k, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let at = |e: String| CliError::Record(format!("{}: line {}: {e}", file.display(), k + 1));
        let (start, _) = puzzles::read(line).map_err(at)?;
        match &rules {
            Some(r) if *r != start.rules() => {
                return Err(at(format!("rules {}, not the file's {r} (one rules a file)", start.rules())))
            }
            Some(_) => {}
            None => rules = Some(start.rules()),
        }
        if let Some(db) = start.rules().endgame_databases(0) {
            seeds = seeds.max(db.seeds_on_board(&start).unwrap_or(0));
        }
    }
    rules.map(|r| (r, seeds)).ok_or_else(|| CliError::Record(format!("{}: no puzzle in it", file.display())))
}

fn verify(file: &Path, lines: bool, json: bool) -> Result<VerifyReport, CliError> {
    let text = read_file(file)?;
    let (rules, seeds) = rules_of(file, &text)?;
    let mut progress = Progress::new(json, lines);
    let mut oracle = puzzles::oracle_for(&rules, seeds, &mut |s| {
        progress.milestone(&format!("{rules}: endgame databases to {s} seeds built"));
    })
    .map_err(|e| CliError::Record(format!("{rules}: {e}")))?;
    let proven = puzzles::verify_file(oracle.as_mut(), &text, MOST, &mut |n| {
        progress.tick(|| format!("{}: line {n} proven", file.display()));
    })
    .map_err(|errors| {
        let shown: Vec<&String> = errors.iter().take(20).collect();
        let more = if errors.len() > 20 { format!("\n… and {} more", errors.len() - 20) } else { String::new() };
        CliError::Record(format!(
            "{}: {} of its puzzles do not verify:\n{}{more}",
            file.display(),
            errors.len(),
            shown.iter().map(|e| e.as_str()).collect::<Vec<_>>().join("\n")
        ))
    })?;
    drop(progress);
    let rated: Vec<u32> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| puzzles::read(l).ok().map(|r| r.1))
        .collect();
    let themes = puzzles::Theme::ALL
        .iter()
        .map(|t| (t.key().to_string(), proven.iter().filter(|p| p.themes.contains(t)).count()))
        .filter(|t| t.1 > 0)
        .collect();
    Ok(VerifyReport {
        file: file.display().to_string(),
        rules: rules.to_string(),
        puzzles: proven.len(),
        ratings: (rated.iter().copied().min().unwrap_or(0), rated.iter().copied().max().unwrap_or(0)),
        themes,
        easy: proven.iter().filter(|p| p.easy).count(),
        longest: proven.iter().map(|p| p.solution.player_moves()).max().unwrap_or(0),
    })
}

/// `show`'s report.
#[derive(Serialize)]
pub struct ShowReport {
    id: String,
    rules: String,
    setup: String,
    task: String,
    /// The start's exact value for the player.
    value: i32,
    rating: u32,
    themes: Vec<String>,
    easy: bool,
    /// The solution, a step a line: its moves (`|` between moves accepted alike) and words.
    solution: Vec<(String, String)>,
    /// Why each wrong move is wrong: the step (counted in the player's moves), the move, its
    /// value and the words.
    wrong: Vec<(usize, String, i32, String)>,
    /// A solitaire's or an opening's one way on from the solution's end, its moves in order
    /// (none for the games of two), and in words.
    finish: Vec<String>,
    finish_words: String,
    #[serde(skip)]
    board: String,
}

impl fmt::Display for ShowReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Puzzle {} ({}), rating {}", self.id, self.rules, self.rating)?;
        let themes = if self.themes.is_empty() { "none".to_string() } else { self.themes.join(", ") };
        writeln!(f, "themes: {themes}{}", if self.easy { " (easy: the greedy move)" } else { "" })?;
        write!(f, "{}", self.board)?;
        writeln!(f, "{}.", self.task)?;
        writeln!(f, "Solution:")?;
        for (moves, words) in &self.solution {
            writeln!(f, "  {moves:<6} {words}")?;
        }
        writeln!(f, "Wrong moves:")?;
        for (step, _, _, words) in &self.wrong {
            writeln!(f, "  at your move {step}: {words}")?;
        }
        if !self.finish.is_empty() {
            writeln!(f, "Then, one way on to the end: {}", self.finish_words)?;
        }
        Ok(())
    }
}

/// Where the data files are: `dir`, else data/puzzles here, else in the source tree.
fn data_dir(dir: Option<&Path>) -> PathBuf {
    if let Some(d) = dir {
        return d.to_path_buf();
    }
    let here = PathBuf::from("data/puzzles");
    if here.is_dir() {
        here
    } else {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles"))
    }
}

fn show(id: &str, dir: Option<&Path>) -> Result<ShowReport, CliError> {
    let dir = data_dir(dir);
    let not_found = || CliError::Record(format!("no puzzle '{}' in {}", clip(id), dir.display()));
    let rules = id.rsplit_once('-').map(|r| r.0).ok_or_else(not_found)?;
    let path = dir.join(format!("{rules}.tsv"));
    let text = read_file(&path).map_err(|_| not_found())?;
    let line = text.lines().find(|l| l.split('\t').next() == Some(id)).ok_or_else(not_found)?;
    let (p, rating) = Puzzle::parse(line).map_err(|e| CliError::Record(format!("{}: {id}: {e}", path.display())))?;
    Ok(report(&p, rating))
}

/// A puzzle in words.
fn report(p: &Puzzle, rating: u32) -> ShowReport {
    let me = p.start.turn();
    let mut pos = p.start.clone();
    let (mut solution, mut wrong) = (vec![], vec![]);
    let mut refuted = p.refutations.iter();
    let mut step = 0;
    for s in &p.solution.line {
        let moves = s.moves.iter().map(ToString::to_string).collect::<Vec<_>>().join("|");
        if s.player {
            step += 1;
            for r in refuted.next().into_iter().flatten() {
                wrong.push((step, r.mv.to_string(), r.value, words::refuted(&pos, r, p.solution.goal)));
            }
        }
        solution.push((moves, words::line(&pos, &s.moves[..1], me).join(" ")));
        pos = pos.play(s.moves[0]).expect("a parsed move is legal").0;
    }
    let scale = words::Scale::of_puzzle(&p.start);
    let outcome = match scale {
        words::Scale::Solitaire | words::Scale::Opening => scale.to_you(p.solution.value),
        _ => format!("{} {}", p.start.player_name(me), scale.value(p.solution.value)),
    };
    ShowReport {
        id: p.id(),
        rules: p.start.rules().to_string(),
        setup: p.start.to_string(),
        task: format!("{}: with best play {outcome}", words::task(p)),
        finish: p.finish.iter().map(ToString::to_string).collect(),
        finish_words: words::line(&pos, &p.finish, me).join(" "),
        value: p.solution.value,
        rating,
        themes: p.themes.iter().map(|t| t.key().to_string()).collect(),
        easy: p.easy,
        solution,
        wrong,
        board: p.start.board_text(),
    }
}

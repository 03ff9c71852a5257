//! The `mancala-lab` command line (feature `cli`), one module a command group. Every command
//! makes a report that is both `Serialize` (for `--json`) and `Display` (the text), so the two
//! come from one value and cannot drift.

mod bench;
mod book;
mod cgt;
#[cfg(feature = "distributed")]
mod cluster;
mod dakon;
mod databases;
mod error;
mod farm;
mod files;
mod hanoi;
mod head;
mod parts;
mod play;
mod progress;
mod puzzles;
mod rules;
mod search;
mod solve;
mod tchoukaillon;

use std::fmt::Write as _;
use std::time::Instant;

use clap::{Parser, Subcommand};

pub use error::CliError;

use crate::families::AnyMove;
use crate::families::FamilyId;
use crate::labs::dakon::openings::Limit;
use crate::notation::Game;
use crate::search::{Analysis, SearchHandler};

/// The help's closing text: every family's rules ids, setups and moves, from the registry.
fn rules_help() -> String {
    let mut out = String::from("Rules ids:\n");
    for f in FamilyId::ALL {
        out += &format!("  {}\n", f.rules_help());
    }
    out += "Setups (--setup):\n";
    for f in FamilyId::ALL {
        out += &format!("  {}\n", f.setup_help());
    }
    out += "Moves (--moves):\n";
    for f in FamilyId::ALL {
        out += &format!("  {}\n", f.moves_help());
    }
    out
}

/// Play, study and solve mancala-family sowing games.
#[derive(Parser, Debug)]
#[command(name = "mancala-lab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where the processes of a computation across processes are (the distributed engine, a CLI
/// built with the `distributed` feature: docs/distributed.md).
#[derive(clap::Args, Debug)]
struct Across {
    /// Run across this many processes launched here (1 to 1024).
    #[arg(long)]
    processes: Option<usize>,
    /// Run as this process (from 0) of those of --hosts (a cluster's).
    #[arg(long, requires = "hosts")]
    process: Option<usize>,
    /// A host file: one host:port a line, a line a process.
    #[arg(long, requires = "process")]
    hosts: Option<std::path::PathBuf>,
}

impl Across {
    /// None of the options: one process.
    fn alone(&self) -> bool {
        self.processes.is_none() && self.process.is_none() && self.hosts.is_none()
    }
}

#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// Rules id, e.g. kalah-6-4, kalah-6-4-e, dakon-8 or tchoukaillon (every family below).
    rules: String,
    /// Start setup, as in links, e.g. 4.4.4.4.4.4-4.4.4.4.4.4-0.0-s for Kalah (every family's
    /// form below).
    #[arg(long)]
    setup: Option<String>,
    /// Moves played from the setup, as in links: pit letters relative to the mover (cfab), or
    /// Tchoukaillon's pit numbers joined by dots (1.2.1). Side lines in parentheses and
    /// comments in braces may follow a move (fa(cd{a try})b): the board is the main line's.
    #[arg(long)]
    moves: Option<String>,
}

/// `mancala-lab dakon ...`
#[derive(Subcommand, Debug)]
enum DakonCommand {
    /// Count every first-turn move sequence of Dakon-N, by how it ends and whether it wins.
    Count {
        /// Holes a side (and counters a hole), 1 to 11.
        n: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// One pass over every first turn of Dakon-N: counts, the shortest winning opening's
    /// length, the maximum capture and how many openings reach it, the least lap count.
    Survey {
        /// Holes a side, 1 to 11.
        n: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Report each store level finished on standard error.
        #[arg(long)]
        progress: bool,
        /// Stop after this store level: the counts are then lower bounds.
        #[arg(long)]
        max_level: Option<u32>,
    },
    /// The shortest winning opening of Dakon-N, proven shortest (Table 2), or a proven lower
    /// bound when the board limit is reached first.
    Shortest {
        /// Holes a side, 1 to 11.
        n: usize,
        /// Most boards kept in memory (35 to 45 bytes of peak memory each).
        #[arg(long, default_value_t = 100_000_000)]
        max_boards: u64,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Depth-first branch and bound over every first turn of at most BOUND moves, keeping
    /// nothing but its path: the shortest winning opening within BOUND moves, proven
    /// shortest, or the proof that none has BOUND moves or fewer.
    ProveShortest {
        /// Holes a side, 1 to 11.
        n: usize,
        /// Longest opening searched (e.g. one less than the best known, to prove it shortest).
        #[arg(long)]
        bound: u32,
        /// Threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Report progress on standard error about once a minute.
        #[arg(long)]
        progress: bool,
        /// Record every prefix searched in this file, and skip those it already lists: a
        /// stopped proof resumes where it was.
        #[arg(long)]
        checkpoint: Option<std::path::PathBuf>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The winning opening of Dakon-N whose largest lap count per move is least, and the
    /// shortest such (Table 3): lap limits 1, 2, ... are searched until one admits an opening.
    MinLaps {
        /// Holes a side, 1 to 11.
        n: usize,
        /// Search this lap limit only.
        #[arg(long)]
        laps: Option<u32>,
        /// Most boards kept in memory per search.
        #[arg(long, default_value_t = 100_000_000)]
        max_boards: u64,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The minimum-cycle ("human-like") winning opening of Dakon-N: the least largest number
    /// of counters one move sows, then the fewest moves sowing more than one cycle (2N + 1).
    MinCycles {
        /// Holes a side, 1 to 11.
        n: usize,
        /// Search this limit of counters sown per move only.
        #[arg(long)]
        sown: Option<u32>,
        /// Most boards kept in memory per search.
        #[arg(long, default_value_t = 100_000_000)]
        max_boards: u64,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Replay a first turn of Dakon-N given as hole numbers 1..N from the mover's left
    /// (e.g. "1, 4, 2, 4"): laps, counters sown and the end of every move.
    Replay {
        /// Holes a side.
        n: usize,
        /// The holes played, separated by commas or spaces.
        moves: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

/// `mancala-lab tchoukaillon ...`
#[derive(Subcommand, Debug)]
enum TchoukaillonCommand {
    /// The unique winning position with S seeds, for any S below 2^64, computed directly
    /// without playing S moves backwards: every pit (up to 10^7 of them), or its first ones.
    Position {
        /// Number of seeds, 0 to 18446744073709551615.
        s: u64,
        /// Print only the first FIRST pits.
        #[arg(long)]
        first: Option<u64>,
        /// Machine-readable output: seeds, pits (from pit 1 outwards), highest, complete.
        #[arg(long)]
        json: bool,
    },
    /// s(1), ..., s(N): the fewest seeds whose winning position uses pit n (OEIS A002491).
    SOfN {
        /// The last n, 1 to 1000000.
        n: u64,
        /// Machine-readable output: n and s, one array.
        #[arg(long)]
        json: bool,
    },
    /// Figure 5: the period of the contents of the first i pits for i = 1..I, against
    /// lcm(1, ..., i+1) (Proposition 6).
    Periods {
        /// The last i, 1 to 200 (rows stop where the period passes 2^128).
        i: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the board (the position at the end of the main line), or the game's record.
    Show {
        #[command(flatten)]
        pos: PositionArgs,
        /// Print the game's record (docs/record.md) instead of the board.
        #[arg(long)]
        record: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Read a game record (docs/record.md) from FILE (`-`: standard input) and print its board
    /// on screen, or the record as written back.
    Open {
        /// The record's file, or `-` for standard input.
        file: String,
        /// Print the record, written back canonically, instead of the board.
        #[arg(long)]
        record: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences of exactly DEPTH sowings (an extra turn's sowing counts as one).
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// Number of sowings.
        depth: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Value of every legal move (final store difference for the side to move) and the best line.
    Analyze {
        #[command(flatten)]
        pos: PositionArgs,
        /// Search depth in sowings.
        #[arg(long, conflicts_with = "time_ms", required_unless_present = "time_ms")]
        depth: Option<u32>,
        /// Time limit in milliseconds (iterative deepening up to depth 200).
        #[arg(long)]
        time_ms: Option<u64>,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        table_mib: usize,
        /// The Oware family: first build the endgame databases to this many seeds on the
        /// board (at most 24), and value every position they cover exactly at the search's
        /// leaves.
        #[arg(long, value_name = "SEEDS")]
        endgame: Option<usize>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Exact value (final store difference under perfect play, for the side to move) of the
    /// position and of every legal move. Kalah: the exact solver. The Oware family (ayo, oware,
    /// awari, wari): the endgame databases, built to the seeds on the board (at most 24), the
    /// value being the final difference of captured seeds; the table and database options are
    /// Kalah's.
    Solve {
        #[command(flatten)]
        pos: PositionArgs,
        /// Transposition table size in MiB (default: by the seeds on the board: 16 up to 40 seeds,
        /// 256 up to 48, 1024 above).
        #[arg(long)]
        table_mib: Option<usize>,
        /// Endgame database: positions with at most this many seeds on the board
        /// (2·C(seeds+2n, 2n) bytes for n pits a side; 0 for none; default 16 up to 40 seeds on the
        /// board, 20 above).
        #[arg(long)]
        db_seeds: Option<u32>,
        /// Value every layout of at most this many seeds exactly before the search, on every
        /// thread (C(seeds+2n, 2n) bytes; 0 for none; default: one past the database's seeds on
        /// a board of more than 48 seeds, else none).
        #[arg(long)]
        exact_seeds: Option<u32>,
        /// Only the value of the position, not of every move (faster).
        #[arg(long)]
        value_only: bool,
        /// Threads sharing the table (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Across processes: each with its own table, the first plies split into subtrees
        /// searched in rounds with windows.
        #[command(flatten)]
        across: Across,
    },
    /// An opening book for the perfect player: every position it can meet in a game's first
    /// PLIES moves (sowings), playing either side, with the exact value of every move; printed
    /// as the data file the page ships (data/book_kalah_6_4.tsv is `book kalah-6-4 --plies 4`).
    Book {
        /// Rules id of a Kalah-family game, e.g. kalah-6-4.
        rules: String,
        /// Moves deep (0 to 8).
        #[arg(long, default_value_t = 4)]
        plies: u32,
        /// Threads sharing the table (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Dooley's study: distinct states reachable when the stores are ignored (his figure:
    /// 93,757 for six bins with one pebble each), under each reading, and the exact value of
    /// every opening move.
    Dooley {
        /// Rules id (default kalah-6-1-e, the rule set that reproduces his count).
        #[arg(default_value = "kalah-6-1-e")]
        rules: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Tchoukaillon's mathematics (Broline & Loeb §4–6): winning positions for any number of
    /// seeds, s(n) and the periods.
    Tchoukaillon {
        #[command(subcommand)]
        what: TchoukaillonCommand,
    },
    /// Erickson's Towers-of-Hanoi sowing puzzle on N pots: both of his algorithms' move counts
    /// and the true minimum by exhaustive search (either way, and rightward only).
    Hanoi {
        /// Pots, 1 to 24.
        n: usize,
        /// Most positions each search stores before it gives up, 1 to 100,000,000 (about 180
        /// bytes each at the tables' peak: the default needs up to 3.6 GB; the need is printed
        /// before the search starts, and a search refused memory stops as at this limit).
        #[arg(long, default_value_t = 20_000_000)]
        max_states: u64,
        /// Machine-readable output: n, exponential, recursive, minimum, states, ...
        #[arg(long)]
        json: bool,
    },
    /// The Tchouka solitaire (Tchuka Ruma is 4 pits of 2): which starts of N pits of S seeds
    /// can be won, for N up to PITS and S up to SEEDS, with a winning line's length.
    TchoukaMap {
        /// Most pits, 1 to 16.
        #[arg(long, default_value_t = 8)]
        pits: u8,
        /// Most seeds a pit.
        #[arg(long, default_value_t = 8)]
        seeds: u8,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Tchoukaillon: the unique winning position with SEEDS seeds (Broline & Loeb, Theorem 5).
    Winning {
        /// Number of seeds.
        seeds: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Ayo's determined positions (Broline & Loeb, Theorem 3) found by playing every candidate
    /// out on the Ayo engine, on boards of 2 to PITS pits a side: how many stones they hold at
    /// most (21 on the 12-pit board), and whether they are exactly Tchoukaillon's winning
    /// positions.
    Determined {
        /// The largest board, in pits a side (2 to 8).
        #[arg(long, default_value_t = 6)]
        pits: usize,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Endgame databases of the Oware family (ayo, oware, awari, wari, any board): the exact
    /// value of every position with at most SEEDS seeds on the board, built by retrograde
    /// analysis; prints each layer's positions, how many are won, drawn and lost for the side
    /// to move, the largest value, and the time.
    Endgame {
        /// Rules id, e.g. awari, oware-6-4, ayo-4-3.
        rules: String,
        /// Most seeds on the board (0 to 28, across processes 0 to 48; refused where the memory
        /// available cannot hold the build).
        #[arg(long)]
        seeds: usize,
        /// Threads for each layer, its first pass and its retrograde pass (1 to 64; default: every
        /// core).
        #[arg(long)]
        threads: Option<usize>,
        /// Report progress on standard error every few seconds as plain lines, even when it is
        /// not a terminal (on a terminal a progress line shows anyway, unless --json).
        #[arg(long)]
        progress: bool,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Write the databases to this folder, a file a layer (the bytes the page holds:
        /// docs/distributed.md), and go on from the layers it holds already.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Across processes, each holding its part of every layer (needs --out).
        #[command(flatten)]
        across: Across,
    },
    /// Dakon's first turn (Donkers, de Voogt & Uiterwijk): counts and replays.
    Dakon {
        #[command(subcommand)]
        what: DakonCommand,
    },
    /// Print the rules card of a rule set: the rules, their sources and our choices.
    Rules {
        /// Rules id.
        rules: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The game value of a position of Erickson's games in canonical form (CGSuite's syntax),
    /// with its outcome class, atomic weight, mean, temperature and options.
    Value {
        /// Rules id: sowing, atomic, reaping, ratomic (each with -i for the impartial game),
        /// colour, or grid (Two-dimensional Sowing; -i impartial).
        rules: String,
        /// The row: digits together (312) or counts joined by dots (3.10.2); a grid's rows
        /// joined by '-' (11-11); coloured pots as 2b1r.0.1b.
        row: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// A paper's tables recomputed beside their printed entries: `tables erickson` (Tables
    /// 1–5 of "Sowing Games", the example 312, Theorems 2.2–2.5, the followers of 1^n, and
    /// with --search Table 3's exhaustive search).
    Tables {
        /// The paper: erickson.
        paper: String,
        /// Also run Table 3's exhaustive search (every row of at most --max-seeds seeds, and
        /// plain rows of at most --max-pots pots).
        #[arg(long)]
        search: bool,
        /// Table 3's search: most seeds (1 to 10).
        #[arg(long, default_value_t = 9)]
        max_seeds: u32,
        /// Table 3's search: most pots of every plain row (1 to 8); one pot more up to
        /// --max-seeds-long seeds.
        #[arg(long, default_value_t = 7)]
        max_pots: u32,
        /// Table 3's search: most seeds in the longest rows (up to 16).
        #[arg(long, default_value_t = 13)]
        max_seeds_long: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The nim-values G(0..=N) of an octal game (.37 is sparse Atomic Wari): its P-positions,
    /// largest value, rare values and the sum of G(n) as a checksum.
    Octal {
        /// The code, like .37 or .6.
        code: String,
        /// The largest heap.
        n: usize,
        /// Threads: 1, or 2 for a second thread marking the next block's splits (default: 2
        /// where there are two cores; more are not used).
        #[arg(long)]
        threads: Option<usize>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Erickson's open questions as exhaustive searches within stated limits, and
    /// Domineering's published values in Two-dimensional Sowing.
    Search {
        #[command(subcommand)]
        what: search::SearchCommand,
    },
    /// Proven puzzles: generate a data file, verify one, show a puzzle in words.
    Puzzles {
        #[command(subcommand)]
        what: puzzles::PuzzlesCommand,
    },
    /// Nodes per second of a fixed perft and a fixed search on Kalah(6,4).
    Bench {
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the CLI; returns the process exit code.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cli = match parse(&args) {
        Ok(c) => c,
        Err(Refused::Negative(msg)) => {
            eprintln!("mancala-lab: {msg}");
            return 2;
        }
        Err(Refused::Clap(e)) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let mut out = String::new();
    match run(cli.command, &mut out) {
        Ok(()) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
            0
        }
        Err(msg) => {
            eprintln!("mancala-lab: {msg}");
            2
        }
    }
}

/// Why arguments give no command: a negative number, or what clap says (an error, or the help
/// or version asked for).
enum Refused {
    Negative(String),
    Clap(clap::Error),
}

/// The command the arguments (without the program's name) ask for.
fn parse(args: &[String]) -> Result<Cli, Refused> {
    use clap::{CommandFactory, FromArgMatches};
    // A negative number would reach clap as an unknown flag ("unexpected argument '-1'"): every
    // number here is a count or a size, so say that instead; but a game value (`search value
    // -1/2`) may be negative.
    // `search value`'s value: its first argument that is neither an option nor an option's.
    let value_at = (args.len() > 2 && args[0] == "search" && args[1] == "value")
        .then(|| {
            let mut k = 2;
            while k < args.len() && args[k].starts_with("--") {
                k += if args[k] == "--json" || args[k].contains('=') { 1 } else { 2 };
            }
            k
        })
        .filter(|&k| k < args.len());
    if let Some((_, neg)) = args.iter().enumerate().find(|&(i, a)| {
        Some(i) != value_at && a.len() > 1 && a.starts_with('-') && a[1..].starts_with(|c: char| c.is_ascii_digit())
    }) {
        return Err(Refused::Negative(format!(
            "'{}' is negative: every number here (a count, a depth, a size) is 0 or more",
            crate::engine::text::clip(neg, 24)
        )));
    }
    let argv = std::iter::once("mancala-lab").chain(args.iter().map(String::as_str));
    Cli::command()
        .after_help(rules_help())
        .try_get_matches_from(argv)
        .and_then(|m| Cli::from_arg_matches(&m))
        .map_err(Refused::Clap)
}

/// The fuzz target `cli_args` (`src/fuzzing.rs`): arguments split at NUL bytes are parsed as
/// `main` parses them (never a panic), and the commands whose work the text bounds (`show`,
/// `rules`) run; the others, whose options can ask for hours by design, are left to the CLI's
/// own fuzz driver (`tests/native/cli_fuzz.rs`), which runs the binary with a time limit.
#[doc(hidden)]
pub fn fuzz_args(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let args: Vec<String> = text.split('\0').map(str::to_string).collect();
    let Ok(cli) = parse(&args) else { return };
    if matches!(cli.command, Command::Show { .. } | Command::Rules { .. }) {
        let mut out = String::new();
        if let Err(e) = run(cli.command, &mut out) {
            assert!(!e.to_string().is_empty());
        }
    }
}

fn load(args: &PositionArgs) -> Result<Game, CliError> {
    match Game::from_parts_lenient(Some(&args.rules), args.setup.as_deref(), args.moves.as_deref(), None) {
        (g, None) => Ok(g),
        (_, Some(e)) => Err(e.into()),
    }
}

/// Writes a report: its JSON (keys in order, on one line) or its text.
pub(crate) fn emit<R: serde::Serialize + std::fmt::Display>(
    out: &mut String,
    report: &R,
    json: bool,
) -> Result<(), CliError> {
    if json {
        let v = serde_json::to_value(report).map_err(|e| CliError::Json(e.to_string()))?;
        let _ = writeln!(out, "{v}");
    } else {
        let _ = write!(out, "{report}");
    }
    Ok(())
}

fn run(cmd: Command, out: &mut String) -> Result<(), CliError> {
    match cmd {
        Command::Show { pos, record, json } => play::show_or_record(out, &load(&pos)?, record, json),
        Command::Open { file, record, json } => play::show_or_record(out, &play::open(&file)?, record, json),
        Command::Perft { pos, depth, json } => emit(out, &play::perft(&load(&pos)?, depth, json)?, json),
        Command::Analyze { pos, depth, time_ms, table_mib, endgame, json } => {
            emit(out, &play::analyze(&load(&pos)?, depth, time_ms, table_mib, endgame, json)?, json)
        }
        Command::Solve { pos, table_mib, db_seeds, exact_seeds, value_only, threads, json, across }
            if load(&pos)?.rules().has_databases() =>
        {
            // The endgame databases solve these: the search's options would be silently ignored.
            const WHY: &str =
                "this family is solved by its endgame databases, built to the seeds on the board (--threads share their build)";
            for (option, given) in [
                ("--table-mib", table_mib.is_some()),
                ("--db-seeds", db_seeds.is_some()),
                ("--exact-seeds", exact_seeds.is_some()),
                ("--processes", !across.alone()),
            ] {
                if given {
                    return Err(CliError::NotUsed { option, why: WHY });
                }
            }
            let g = load(&pos)?;
            let threads = self::threads(threads)?;
            emit(out, &databases::solve(&g, value_only, threads, json)?, json)
        }
        Command::Endgame { rules, seeds, threads, progress, json, out: dir, across } => {
            let alone = across.alone();
            let Across { processes, process, hosts } = across;
            let args =
                databases::EndgameArgs { rules, seeds, threads, progress, json, out: dir, processes, process, hosts };
            if alone {
                return emit(out, &databases::endgame(args)?, json);
            }
            match parts::endgame(args)? {
                Some(report) => emit(out, &report, json),
                None => Ok(()),
            }
        }
        Command::Solve { pos, table_mib, db_seeds, exact_seeds, value_only, threads, json, across } => {
            let args = solve::SolveArgs { table_mib, db_seeds, exact_seeds, value_only, threads, json };
            if across.alone() {
                return emit(out, &solve::solve(&load(&pos)?, args)?, json);
            }
            // What each process launched here is given.
            let mut again = vec!["solve".to_string(), pos.rules.clone()];
            for (option, v) in [
                ("--setup", pos.setup.clone()),
                ("--moves", pos.moves.clone()),
                ("--table-mib", table_mib.map(|v| v.to_string())),
                ("--db-seeds", db_seeds.map(|v| v.to_string())),
                ("--exact-seeds", exact_seeds.map(|v| v.to_string())),
            ] {
                if let Some(v) = v {
                    again.extend([option.to_string(), v]);
                }
            }
            if json {
                again.push("--json".into());
            }
            let Across { processes, process, hosts } = across;
            let across = farm::Across { processes, process, hosts };
            match farm::solve(&load(&pos)?, args, across, &again)? {
                Some(report) => emit(out, &report, json),
                None => Ok(()),
            }
        }
        Command::Book { rules, plies, threads, json } => emit(out, &book::book(&rules, plies, threads, json)?, json),
        Command::Dooley { rules, json } => {
            emit(out, &solve::dooley(&load(&PositionArgs { rules, setup: None, moves: None })?)?, json)
        }
        Command::Value { rules, row, json } => emit(out, &cgt::value(&rules, &row, json)?, json),
        Command::Octal { code, n, threads, json } => emit(out, &cgt::octal(&code, n, threads, json)?, json),
        Command::Search { what } => {
            let (report, json) = search::search(what)?;
            emit(out, &report, json)
        }
        Command::Tables { paper, search, max_seeds, max_pots, max_seeds_long, json } => {
            let limits = search.then_some((max_seeds, max_pots, max_seeds_long));
            emit(out, &cgt::tables(&paper, limits, json)?, json)
        }
        Command::Tchoukaillon { what } => match what {
            TchoukaillonCommand::Position { s, first, json } => emit(out, &tchoukaillon::position(s, first)?, json),
            TchoukaillonCommand::SOfN { n, json } => emit(out, &tchoukaillon::s_of_n(n, json)?, json),
            TchoukaillonCommand::Periods { i, json } => emit(out, &tchoukaillon::periods(i)?, json),
        },
        Command::Hanoi { n, max_states, json } => emit(out, &hanoi::hanoi(n, max_states)?, json),
        Command::TchoukaMap { pits, seeds, json } => emit(out, &tchoukaillon::tchouka_map(pits, seeds, json)?, json),
        Command::Winning { seeds, json } => emit(out, &tchoukaillon::winning(seeds)?, json),
        Command::Determined { pits, json } => emit(out, &tchoukaillon::determined(pits, json)?, json),
        Command::Dakon { what } => match what {
            DakonCommand::Count { n, json } => emit(out, &dakon::count(n, json)?, json),
            DakonCommand::Survey { n, json, progress, max_level } => {
                emit(out, &dakon::survey(n, progress, max_level, json)?, json)
            }
            DakonCommand::Shortest { n, max_boards, json } => emit(out, &dakon::shortest(n, max_boards, json)?, json),
            DakonCommand::ProveShortest { n, bound, threads, progress, checkpoint, json } => {
                emit(out, &dakon::prove_shortest(n, bound, threads, progress, checkpoint.as_deref(), json)?, json)
            }
            DakonCommand::MinLaps { n, laps, max_boards, json } => {
                emit(out, &dakon::least(n, Limit::Laps, laps, max_boards, json)?, json)
            }
            DakonCommand::MinCycles { n, sown, max_boards, json } => {
                emit(out, &dakon::least(n, Limit::Sown, sown, max_boards, json)?, json)
            }
            DakonCommand::Replay { n, moves, json } => emit(out, &dakon::replay_turn(n, &moves)?, json),
        },
        Command::Rules { rules, json } => emit(out, &rules::card(&rules)?, json),
        Command::Puzzles { what } => puzzles::puzzles(what, out),
        Command::Bench { json } => emit(out, &bench::bench()?, json),
    }
}

/// A handler that stops at a deadline, if any.
struct Deadline {
    end: Option<Instant>,
}

impl SearchHandler<AnyMove> for Deadline {
    fn should_stop(&mut self, _: u64) -> bool {
        self.end.is_some_and(|e| Instant::now() >= e)
    }
    fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
}

/// The threads of a search: as given (1 to 64), or every core (at most 64).
///
/// # Errors
/// A number out of range.
pub(crate) fn threads(given: Option<usize>) -> Result<usize, CliError> {
    let threads = given.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(64));
    if !(1..=64).contains(&threads) {
        return Err(CliError::OutOfRange { option: "--threads", value: threads as u64, allowed: "1 to 64" });
    }
    Ok(threads)
}

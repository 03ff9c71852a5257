//! The `mancala-lab` command line (feature `cli`).

use std::fmt::Write as _;
use std::time::Instant;

use clap::{Parser, Subcommand};
use serde_json::json;

use crate::engine::Position;
use crate::families::kalah::Kalah;
use crate::families::tchoukaillon::Tchoukaillon;
use crate::families::{AnyPosition, FamilyId};
use crate::notation::Game;
use crate::search::{self, Analysis, SearchHandler};

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

#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// Rules id, e.g. kalah-6-4, kalah-6-4-e, dakon-8 or tchoukaillon (every family below).
    rules: String,
    /// Start setup, as in links, e.g. 4.4.4.4.4.4-4.4.4.4.4.4-0.0-s for Kalah (every family's
    /// form below).
    #[arg(long)]
    setup: Option<String>,
    /// Moves played from the setup, as in links: pit letters relative to the mover (cfab), or
    /// Tchoukaillon's pit numbers joined by dots (1.2.1).
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

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the board.
    Show {
        #[command(flatten)]
        pos: PositionArgs,
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
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Exact value (final store difference under perfect play, for the side to move) of the
    /// position and of every legal move.
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
        /// Only the value of the position, not of every move (faster).
        #[arg(long)]
        value_only: bool,
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
    /// Tchoukaillon: the unique winning position with SEEDS seeds (Broline & Loeb, Theorem 5).
    Winning {
        /// Number of seeds.
        seeds: u32,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
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
    use clap::{CommandFactory, FromArgMatches};
    let cli = match Cli::command().after_help(rules_help()).try_get_matches().and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(c) => c,
        Err(e) => {
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

fn load(args: &PositionArgs) -> Result<Game, String> {
    match Game::from_parts_lenient(Some(&args.rules), args.setup.as_deref(), args.moves.as_deref(), None) {
        (g, None) => Ok(g),
        (_, Some(e)) => Err(e.to_string()),
    }
}

fn run(cmd: Command, out: &mut String) -> Result<(), String> {
    match cmd {
        Command::Show { pos, json } => {
            let g = load(&pos)?;
            let p = g.position();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"rules": g.rules().to_string(), "setup": p.to_string(), "turn": p.turn().name(),
                    "legal": p.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                    "outcome": p.outcome().map(|o| o.to_string())})
                );
            } else {
                out.push_str(&p.board_text());
                let _ = writeln!(out, "{}", g.rules().title());
                let _ = match p.outcome() {
                    Some(o) => writeln!(out, "Game over: {o}."),
                    None => writeln!(out, "{} to move.", p.turn()),
                };
                let _ = writeln!(out, "Setup: {p}");
            }
        }
        Command::Perft { pos, depth, json } => {
            let g = load(&pos)?;
            if depth > 40 {
                return Err(format!("depth {depth} is too deep for perft: use at most 40"));
            }
            let t = Instant::now();
            let n = search::perft(g.position(), depth);
            let s = t.elapsed().as_secs_f64();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"rules": g.rules().to_string(), "setup": g.position().to_string(), "depth": depth, "nodes": n, "seconds": s})
                );
            } else {
                let _ = writeln!(out, "{n}");
            }
        }
        Command::Analyze { pos, depth, time_ms, table_mib, json } => {
            let g = load(&pos)?;
            if g.position().outcome().is_some() {
                return Err("the game is over: no move to analyze".into());
            }
            if !(1..=4096).contains(&table_mib) {
                return Err(format!("--table-mib {table_mib} is out of range: use 1 to 4096"));
            }
            let depth = depth.unwrap_or(200).clamp(1, 200);
            let mut handler = Deadline { end: time_ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms)) };
            let t = Instant::now();
            let a = search::analyze_any(g.position(), depth, table_mib, &mut handler);
            let s = t.elapsed().as_secs_f64();
            print_analysis(out, &g, &a, s, json);
        }
        Command::Solve { pos, table_mib, db_seeds, value_only, threads, json } => {
            let g = load(&pos)?;
            let Ok(k) = <&Kalah>::try_from(g.position()) else {
                return Err("solve is for Kalah-family games; for Tchoukaillon and Dakon use analyze".into());
            };
            let auto = search::solve::SolveOptions::auto(k.pit_seeds());
            let table_mib = table_mib.unwrap_or(auto.table_mib);
            let db_seeds = db_seeds.unwrap_or(auto.db_seeds);
            if !(1..=16384).contains(&table_mib) {
                return Err(format!("--table-mib {table_mib} is out of range: use 1 to 16384"));
            }
            let t = Instant::now();
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            if !(1..=64).contains(&threads) {
                return Err(format!("--threads {threads} is out of range: use 1 to 64"));
            }
            let opts = search::solve::SolveOptions { table_mib, db_seeds, threads };
            let mut solver = search::solve::Solver::new(k.rules(), opts).map_err(|e| e.to_string())?;
            let mut h = Deadline { end: None };
            let (value, a) = if value_only {
                (solver.solve(k, &mut h).map_err(|e| e.to_string())?, None)
            } else {
                let a = solver.analyze(k, &mut h).map_err(|e| e.to_string())?;
                (a.value.number(), Some(a))
            };
            let secs = t.elapsed().as_secs_f64();
            let st = solver.stats();
            if json {
                let moves = a.as_ref().map(|a| {
                    a.moves
                        .iter()
                        .map(|m| json!({"move": m.mv.to_string(), "value": m.value.number()}))
                        .collect::<Vec<_>>()
                });
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"rules": g.rules().to_string(), "setup": g.position().to_string(), "turn": k.turn().name(), "value": value,
                        "best": a.as_ref().map(|a| a.moves[0].mv.to_string()), "moves": moves,
                        "best_line": a.as_ref().map(|a| a.line_text()),
                        "nodes": st.nodes, "passes": st.passes, "threads": threads, "seconds": secs, "db_seeds": db_seeds, "db_bytes": st.db_bytes, "db_filled": solver.db_filled(), "table_bytes": st.table_bytes})
                );
            } else {
                let _ = writeln!(out, "{} — {} to move: {:+} with perfect play", g.rules().title(), k.turn(), value);
                if let Some(a) = &a {
                    for m in &a.moves {
                        let _ = writeln!(out, "  {:>3}  {}", m.mv, m.value);
                    }
                    let _ = writeln!(out, "best line: {}", a.line_text());
                }
                let _ = writeln!(
                    out,
                    "{} nodes in {secs:.3} s; table {} MiB; endgame database up to {db_seeds} seeds: {} MiB, {} entries filled",
                    st.nodes,
                    st.table_bytes >> 20,
                    st.db_bytes >> 20,
                    solver.db_filled()
                );
            }
        }
        Command::Dooley { rules, json } => {
            let g = load(&PositionArgs { rules, setup: None, moves: None })?;
            let Ok(k) = <&Kalah>::try_from(g.position()) else {
                return Err("Dooley's study is about Kalah-family games".into());
            };
            if k.total_seeds() > 24 {
                return Err(format!(
                    "{} seeds is too many to enumerate every state here: use at most 24",
                    k.total_seeds()
                ));
            }
            let study = crate::labs::dooley::study(k);
            let mut solver = search::solve::Solver::new(
                k.rules(),
                search::solve::SolveOptions { table_mib: 64, db_seeds: 12, threads: 1 },
            )
            .map_err(|e| e.to_string())?;
            let a = solver.analyze(k, &mut Deadline { end: None }).map_err(|e| e.to_string())?;
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"rules": study.rules, "counts": study.counts.iter().map(|(r, n, f)| json!({"reading": r, "states": n, "with_final": f})).collect::<Vec<_>>(),
                    "dooley_states": crate::labs::dooley::DOOLEY_STATES,
                    "value": a.value.number(), "moves": a.moves.iter().map(|m| json!({"move": m.mv.to_string(), "value": m.value.number()})).collect::<Vec<_>>()})
                );
            } else {
                let _ = writeln!(
                    out,
                    "{} — distinct states reachable, stores ignored (Dooley: {}):",
                    g.rules().title(),
                    crate::labs::dooley::DOOLEY_STATES
                );
                for (r, n, f) in &study.counts {
                    let _ = writeln!(
                        out,
                        "  {r:<26} {n:>8} ({f} with the final positions){}",
                        if *n == crate::labs::dooley::DOOLEY_STATES { "  = Dooley" } else { "" }
                    );
                }
                let _ = writeln!(out, "Opening moves, exact values for the first player:");
                for m in &a.moves {
                    let _ = writeln!(out, "  {:>3}  {}", m.mv, m.value);
                }
            }
        }
        Command::Winning { seeds, json } => {
            let p = Tchoukaillon::winning_position(seeds).ok_or_else(|| {
                format!(
                    "the winning position for {seeds} seeds needs more than the {} pits a board here may have",
                    crate::families::tchoukaillon::MAX_PITS
                )
            })?;
            let setup = AnyPosition::from(p.clone()).to_string();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"seeds": seeds, "pits": p.pits(), "setup": setup, "harvests": p.winning_line().map(|l| l.len())})
                );
            } else {
                let _ = writeln!(out, "{}", p.pits().iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
            }
        }
        Command::Dakon { what: DakonCommand::Count { n, json } } => {
            use crate::labs::dakon;
            let t = std::time::Instant::now();
            let s = dakon::search::survey(n, &mut |_, _| true).map_err(|e| e.to_string())?;
            let (c, boards) = (s.counts, s.boards);
            let secs = t.elapsed().as_secs_f64();
            let no_own_losing = c.no_own_counters.0 - c.no_own_counters.1;
            let paper = c.total() - c.winning() - no_own_losing;
            if json {
                let pair = |p: (u128, u128)| json!({"all": p.0.to_string(), "winning": p.1.to_string()});
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"n": n, "total": c.total().to_string(), "winning": c.winning().to_string(),
                        "capture": pair(c.capture), "empty_opponent_hole": pair(c.empty_opponent), "no_own_counters": pair(c.no_own_counters),
                        "paper_possible_sequences": paper.to_string(), "boards": boards, "seconds": secs})
                );
            } else {
                let _ = writeln!(
                    out,
                    "Dakon-{n}: {} first turns, {} winning (fewer than {n} counters outside the store)",
                    c.total(),
                    c.winning()
                );
                let _ = writeln!(out, "  ending with a capture: {} ({} winning)", c.capture.0, c.capture.1);
                let _ = writeln!(
                    out,
                    "  ending in an empty opponent hole: {} ({} winning)",
                    c.empty_opponent.0, c.empty_opponent.1
                );
                let _ = writeln!(
                    out,
                    "  ending with no own counters: {} ({} winning)",
                    c.no_own_counters.0, c.no_own_counters.1
                );
                let _ = writeln!(out, "  the paper's \"possible move sequences\" (neither winning nor emptying the mover's side): {paper}");
                let _ = writeln!(out, "  {boards} distinct boards, {secs:.3} s");
            }
        }
        Command::Dakon { what: DakonCommand::Survey { n, json, progress, max_level } } => {
            use crate::labs::dakon::search;
            let t = std::time::Instant::now();
            let mut report = |level: u32, boards: u64| {
                if progress {
                    eprintln!("store level {level}: {boards} boards, {:.1} s", t.elapsed().as_secs_f64());
                }
                max_level.is_none_or(|m| level < m)
            };
            let s = search::survey(n, &mut report).map_err(|e| e.to_string())?;
            let secs = t.elapsed().as_secs_f64();
            if json {
                let mut v = serde_json::to_value(&s).map_err(|e| e.to_string())?;
                v["fewest_left"] = json!(s.fewest_left().map(|(l, k)| json!([l, k.to_string()])));
                v["seconds"] = json!(secs);
                let _ = writeln!(out, "{v}");
            } else {
                let c = &s.counts;
                if !s.complete {
                    let _ = writeln!(
                        out,
                        "stopped after store level {}: every figure below counts only the turns ending from boards up to it (lower bounds; the others are not final)",
                        s.levels_done - 1
                    );
                }
                let _ = writeln!(out, "Dakon-{n}: {} first turns, {} winning", c.total(), c.winning());
                let _ = writeln!(out, "  shortest winning opening: {}", opt(s.shortest.map(|x| format!("{x} moves"))));
                let _ = writeln!(
                    out,
                    "  maximum capture: {}",
                    opt(s.fewest_left().map(|(l, k)| format!("{l} counters left outside the store, by {k} openings")))
                );
                let _ = writeln!(
                    out,
                    "  least largest lap count of a move: {}",
                    opt(s.least_max_laps.map(|x| x.to_string()))
                );
                let _ = writeln!(
                    out,
                    "  least largest sowing of a move: {}",
                    opt(s.least_max_sown.map(|x| format!("{x} counters")))
                );
                let _ = writeln!(out, "  {} distinct boards ({} held at most), {secs:.3} s", s.boards, s.peak_boards);
            }
        }
        Command::Dakon { what: DakonCommand::Shortest { n, max_boards, json } } => {
            use crate::labs::dakon::search::{search, Goal};
            let t = std::time::Instant::now();
            let f = search(n, Goal::Shortest, max_boards, &mut |_, _| true).map_err(|e| e.to_string())?;
            write_found(out, &f, t.elapsed().as_secs_f64(), json);
        }
        Command::Dakon { what: DakonCommand::ProveShortest { n, bound, threads, progress, checkpoint, json } } => {
            dakon_prove_shortest(out, n, bound, threads, progress, checkpoint.as_deref(), json)?;
        }
        Command::Dakon { what: DakonCommand::MinLaps { n, laps, max_boards, json } } => {
            dakon_least(out, n, Limit::Laps, laps, max_boards, json)?;
        }
        Command::Dakon { what: DakonCommand::MinCycles { n, sown, max_boards, json } } => {
            dakon_least(out, n, Limit::Sown, sown, max_boards, json)?;
        }
        Command::Dakon { what: DakonCommand::Replay { n, moves, json } } => {
            let holes = crate::labs::dakon::parse_holes(&moves).map_err(|e| format!("moves: {e}"))?;
            let played = crate::labs::dakon::replay(n, &holes)?;
            let last = played.last().expect("at least one move");
            if json {
                let rows: Vec<_> = played
                    .iter()
                    .zip(&holes)
                    .map(|(m, h)| json!({"hole": h, "laps": m.laps, "sown": m.sown, "end": m.end.map(|e| format!("{e:?}"))}))
                    .collect();
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"n": n, "moves": rows, "laps": played.iter().map(|m| m.laps).sum::<u32>(), "store": last.board.store(),
                        "opponent_left": last.board.opponent_total(), "own_left": last.board.own_total(), "turn_over": last.end.is_some(), "winning": last.end.is_some() && last.board.is_won()})
                );
            } else {
                for (k, (m, h)) in played.iter().zip(&holes).enumerate() {
                    let end = m.end.map_or("store: select again".to_string(), |e| format!("{e:?}"));
                    let _ = writeln!(out, "{:>3}. hole {h}: {} laps, {} counters sown, {end}", k + 1, m.laps, m.sown);
                }
                let _ = writeln!(
                    out,
                    "{} moves, {} laps; store {}, {} left on the opponent's side, {} on the mover's; {}",
                    played.len(),
                    played.iter().map(|m| m.laps).sum::<u32>(),
                    last.board.store(),
                    last.board.opponent_total(),
                    last.board.own_total(),
                    match (last.end, last.board.is_won()) {
                        (None, _) => "the turn is not over",
                        (Some(_), true) => "a winning opening",
                        (Some(_), false) => "not a winning opening",
                    }
                );
            }
        }
        Command::Rules { rules } => {
            let r: crate::families::AnyRules = rules.parse().map_err(|e| format!("rules: {e}"))?;
            let c = r.card();
            let _ = writeln!(out, "{} ({r})\n", c.title);
            for p in &c.rules {
                let _ = writeln!(out, "{p}\n");
            }
            let _ = writeln!(out, "Sources:");
            for p in &c.sources {
                let _ = writeln!(out, "- {p}");
            }
            let _ = writeln!(out, "\nOur choices:");
            for p in &c.choices {
                let _ = writeln!(out, "- {p}");
            }
        }
        Command::Bench { json } => {
            let t = Instant::now();
            let pn = search::bench::perft();
            let ps = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let sn = search::bench::search();
            let ss = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let dn = crate::labs::dakon::search::survey(6, &mut |_, _| true).map_err(|e| e.to_string())?.boards;
            let ds = t.elapsed().as_secs_f64();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"perft": {"rules": "kalah-6-4", "depth": search::bench::PERFT_DEPTH, "nodes": pn, "seconds": ps, "nodes_per_second": pn as f64 / ps},
                    "search": {"rules": "kalah-6-4", "depth": search::bench::SEARCH_DEPTH, "nodes": sn, "seconds": ss, "nodes_per_second": sn as f64 / ss},
                    "dakon_survey": {"n": 6, "boards": dn, "seconds": ds}})
                );
            } else {
                let _ = writeln!(
                    out,
                    "perft  kalah-6-4 depth {:>2}: {pn:>12} nodes in {ps:.3} s = {:.2} M nodes/s",
                    search::bench::PERFT_DEPTH,
                    pn as f64 / ps / 1e6
                );
                let _ = writeln!(
                    out,
                    "search kalah-6-4 depth {:>2}: {sn:>12} nodes in {ss:.3} s = {:.2} M nodes/s",
                    search::bench::SEARCH_DEPTH,
                    sn as f64 / ss / 1e6
                );
                let _ = writeln!(out, "survey dakon-6 first turns: {dn:>12} boards in {ds:.3} s");
            }
        }
    }
    Ok(())
}

struct Deadline {
    end: Option<Instant>,
}

impl SearchHandler for Deadline {
    fn should_stop(&mut self, _: u64) -> bool {
        self.end.is_some_and(|e| Instant::now() >= e)
    }
    fn on_progress(&mut self, _: &Analysis) {}
}

fn print_analysis(out: &mut String, g: &Game, a: &Analysis, seconds: f64, json: bool) {
    if json {
        let _ = writeln!(
            out,
            "{}",
            json!({"rules": g.rules().to_string(), "setup": g.position().to_string(), "turn": g.position().turn().name(),
                "depth": a.depth, "exact": a.exact, "value": a.value.number(),
                "best": a.moves.first().map(|m| m.mv.to_string()),
                "moves": a.moves.iter().map(|m| json!({"move": m.mv.to_string(), "value": m.value.number(), "exact": m.exact})).collect::<Vec<_>>(),
                "best_line": a.line_text(), "nodes": a.nodes, "seconds": seconds})
        );
        return;
    }
    let _ = writeln!(
        out,
        "{} — {} to move, depth {}{}",
        g.rules().title(),
        g.position().turn(),
        a.depth,
        if a.exact { " (proven)" } else { "" }
    );
    for m in &a.moves {
        let _ = writeln!(out, "  {:>3}  {}{}", m.mv, m.value, if m.exact { "  proven" } else { "" });
    }
    let _ = writeln!(out, "best line: {}", a.line_text());
    let _ = writeln!(out, "{} nodes in {:.3} s", a.nodes, seconds);
}

use crate::labs::dakon::deep::{shortest_depth_first, DeepProgress, Resume};
use crate::labs::dakon::search::Limit;

fn opt(x: Option<String>) -> String {
    x.unwrap_or_else(|| "none".to_string())
}

/// A Dakon search's answer as JSON, with whether it is proven and its number of moves.
fn found_json(f: &crate::labs::dakon::search::Found) -> serde_json::Value {
    let mut v = serde_json::to_value(f).unwrap_or_default();
    v["proven"] = json!(f.proven());
    v["moves"] = json!(f.line.as_ref().map(Vec::len));
    v
}

/// Prints a Dakon search's answer: the line, its cost, and what was proven.
fn write_found(out: &mut String, f: &crate::labs::dakon::search::Found, secs: f64, json: bool) {
    use crate::labs::dakon::search::Goal;
    if json {
        let mut v = found_json(f);
        v["seconds"] = json!(secs);
        let _ = writeln!(out, "{v}");
        return;
    }
    let what = match f.goal {
        Goal::Shortest => "shortest winning opening".to_string(),
        Goal::ShortestWithLaps(l) => format!("shortest winning opening with at most {l} laps a move"),
        Goal::FewestLongMoves(s) => {
            format!("winning opening sowing at most {s} counters a move, with the fewest moves of more than one cycle")
        }
    };
    let holes = |l: &Vec<usize>| l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    match (&f.line, f.proven()) {
        (Some(l), true) => {
            let _ =
                writeln!(out, "Dakon-{}: {what}: cost {} (proven least), {} moves", f.n, f.cost.unwrap_or(0), l.len());
            let _ = writeln!(out, "  {}", holes(l));
        }
        (Some(l), false) => {
            let _ = writeln!(
                out,
                "Dakon-{}: {what}: best found costs {} ({} moves); proven: at least {}",
                f.n,
                f.cost.unwrap_or(0),
                l.len(),
                f.lower_bound
            );
            let _ = writeln!(out, "  {}", holes(l));
        }
        (None, _) => {
            let _ =
                writeln!(out, "Dakon-{}: {what}: none found; proven: every one costs at least {}", f.n, f.lower_bound);
        }
    }
    let _ = writeln!(out, "  {} boards expanded, {} stored, {secs:.3} s", f.expanded, f.boards);
}

/// Reads a `dakon prove-shortest` checkpoint: its header must name the same search.
fn read_checkpoint(path: &std::path::Path, n: usize, bound: u32) -> Result<Resume, String> {
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
                let holes = crate::labs::dakon::parse_holes(l).map_err(|e| format!("{}: {e}", at()))?;
                let moves = crate::labs::dakon::replay(n, &holes).map_err(|e| format!("{}: {e}", at()))?;
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

fn checkpoint_header(n: usize, bound: u32) -> String {
    format!("mancala-lab dakon prove-shortest {n} --bound {bound}")
}

/// `dakon prove-shortest`.
fn dakon_prove_shortest(
    out: &mut String,
    n: usize,
    bound: u32,
    threads: Option<usize>,
    progress: bool,
    checkpoint: Option<&std::path::Path>,
    json: bool,
) -> Result<(), String> {
    use std::io::Write as _;
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |c| c.get())).max(1);
    let resume = match checkpoint {
        Some(p) => read_checkpoint(p, n, bound)?,
        None => Resume::default(),
    };
    let mut file = match checkpoint {
        Some(p) => {
            let fresh = !p.exists();
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("checkpoint {}: {e}", p.display()))?;
            if fresh {
                writeln!(f, "{}", checkpoint_header(n, bound)).map_err(|e| e.to_string())?;
            }
            Some(f)
        }
        None => None,
    };
    let t = std::time::Instant::now();
    let mut last = 0.0;
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
        }
        true
    };
    let f = shortest_depth_first(n, bound, threads, &resume, &mut report).map_err(|e| e.to_string())?;
    if let Some(e) = write_error {
        return Err(format!("checkpoint: {e} (the search stopped)"));
    }
    let secs = t.elapsed().as_secs_f64();
    if json {
        let mut v = serde_json::to_value(&f).map_err(|e| e.to_string())?;
        v["lower_bound"] = json!(f.lower_bound());
        v["moves_in_line"] = json!(f.line.as_ref().map(Vec::len));
        v["seconds"] = json!(secs);
        v["threads"] = json!(threads);
        let _ = writeln!(out, "{v}");
        return Ok(());
    }
    let resumed = if f.resumed > 0 {
        format!(" ({} of {} prefixes searched by earlier runs)", f.resumed, f.prefixes)
    } else {
        String::new()
    };
    match (&f.line, f.complete) {
        (Some(l), true) => {
            let holes = l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "Dakon-{n}: shortest winning opening: {} moves (proven shortest){resumed}", l.len());
            let _ = writeln!(out, "  {holes}");
        }
        (None, true) => {
            let _ = writeln!(
                out,
                "Dakon-{n}: no winning opening has {bound} moves or fewer (every first turn of up to {bound} moves tried){resumed}"
            );
        }
        (_, false) => {
            let _ = writeln!(
                out,
                "Dakon-{n}: stopped before all {} prefixes were searched: nothing proven yet (--checkpoint resumes)",
                f.prefixes
            );
        }
    }
    let expanded: u64 = f.expanded.iter().sum();
    let _ = writeln!(out, "  {expanded} boards expanded, {} moves played, {threads} threads, {secs:.1} s", f.moves);
    Ok(())
}

/// `dakon min-laps` and `dakon min-cycles`: one limit, or the least that admits an opening.
fn dakon_least(
    out: &mut String,
    n: usize,
    kind: Limit,
    limit: Option<u32>,
    max_boards: u64,
    json: bool,
) -> Result<(), String> {
    use crate::labs::dakon::search::{least_limit, search, Goal};
    let t = std::time::Instant::now();
    let (trials, found) = match limit {
        Some(l) => {
            let goal = if kind == Limit::Laps { Goal::ShortestWithLaps(l) } else { Goal::FewestLongMoves(l) };
            (vec![], Some(search(n, goal, max_boards, &mut |_, _| true).map_err(|e| e.to_string())?))
        }
        None => least_limit(n, kind, max_boards, &mut |_, _| true).map_err(|e| e.to_string())?,
    };
    let secs = t.elapsed().as_secs_f64();
    if json {
        let _ =
            writeln!(out, "{}", json!({"trials": trials, "found": found.as_ref().map(found_json), "seconds": secs}));
        return Ok(());
    }
    for tr in &trials {
        let verdict = match tr.admits {
            Some(true) => "a winning opening keeps within it",
            Some(false) => "no winning opening keeps within it (complete search)",
            None => "board limit reached: unknown",
        };
        let _ = writeln!(out, "limit {}: {verdict} ({} boards)", tr.limit, tr.boards);
    }
    match found {
        Some(f) => write_found(out, &f, secs, false),
        None => {
            let _ = writeln!(out, "no answer within {max_boards} boards");
        }
    }
    Ok(())
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
                    let moves = crate::labs::dakon::replay(5, l).unwrap();
                    proptest::prop_assert!(moves.last().unwrap().board.is_won());
                }
            }
        }
    }
}

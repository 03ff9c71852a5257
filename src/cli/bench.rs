//! `bench`: the fixed workloads whose figures BENCHMARKS.md records.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::labs::bench::{self, ENDGAME_SEARCH_DEPTH, ENDGAME_SEEDS, PERFT_DEPTH, SEARCH_DEPTH};

/// A Kalah workload's figures.
#[derive(Serialize)]
struct Workload {
    rules: &'static str,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
}

impl Workload {
    fn time(rules: &'static str, depth: u32, run: impl FnOnce() -> u64) -> Workload {
        let t = Instant::now();
        let nodes = run();
        let seconds = t.elapsed().as_secs_f64();
        Workload { rules, depth, nodes, seconds, nodes_per_second: nodes as f64 / seconds }
    }
}

/// The search with endgame databases at its leaves: the databases' build, then the search.
#[derive(Serialize)]
struct EndgameSearch {
    setup: &'static str,
    db_seeds: usize,
    db_seconds: f64,
    search: Workload,
}

/// The Dakon-6 survey's figures.
#[derive(Serialize)]
struct Survey {
    n: usize,
    boards: u64,
    seconds: f64,
}

/// Tchoukaillon's workloads: the winning position for 10¹² seeds (every pit) and s(n) to 10⁴
/// and 10⁵.
#[derive(Serialize)]
struct Tchoukaillon {
    position_seeds: u64,
    position_pits: u64,
    position_seconds: f64,
    s_of_n_10k_seconds: f64,
    s_of_n_100k_seconds: f64,
}

/// `bench`: perft and search on Kalah(6,4), the survey of Dakon-6's first turns, a search of
/// an Awari middlegame with endgame databases at its leaves, and Tchoukaillon's arithmetic.
#[derive(Serialize)]
pub struct BenchReport {
    perft: Workload,
    search: Workload,
    dakon_survey: Survey,
    endgame_search: EndgameSearch,
    tchoukaillon: Tchoukaillon,
}

/// Runs the workloads one after the other.
///
/// # Errors
/// Only if the survey's memory cannot be had.
pub fn bench() -> Result<BenchReport, CliError> {
    let perft = Workload::time("kalah-6-4", PERFT_DEPTH, bench::perft);
    let search = Workload::time("kalah-6-4", SEARCH_DEPTH, bench::search);
    let t = Instant::now();
    let boards = crate::labs::dakon::openings::survey(6, &mut |_, _| true)?.boards;
    let dakon_survey = Survey { n: 6, boards, seconds: t.elapsed().as_secs_f64() };
    let t = Instant::now();
    let (pos, db) = bench::endgame_databases();
    let db_seconds = t.elapsed().as_secs_f64();
    let endgame_search = EndgameSearch {
        setup: bench::ENDGAME_SETUP,
        db_seeds: ENDGAME_SEEDS,
        db_seconds,
        search: Workload::time("awari", ENDGAME_SEARCH_DEPTH, || bench::endgame_search(&pos, &db)),
    };
    let timed = |f: &dyn Fn() -> u64| {
        let t = Instant::now();
        let v = std::hint::black_box(f());
        (v, t.elapsed().as_secs_f64())
    };
    let (position_pits, position_seconds) =
        timed(&|| crate::labs::tchoukaillon::winning_position(bench::TCHOUKAILLON_SEEDS, usize::MAX).pits.len() as u64);
    let (_, s_of_n_10k_seconds) = timed(&|| crate::labs::tchoukaillon::s_of_n(10_000)[9_999]);
    let (_, s_of_n_100k_seconds) = timed(&|| crate::labs::tchoukaillon::s_of_n(100_000)[99_999]);
    let tchoukaillon = Tchoukaillon {
        position_seeds: bench::TCHOUKAILLON_SEEDS,
        position_pits,
        position_seconds,
        s_of_n_10k_seconds,
        s_of_n_100k_seconds,
    };
    Ok(BenchReport { perft, search, dakon_survey, endgame_search, tchoukaillon })
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, w) in [("perft ", &self.perft), ("search", &self.search)] {
            writeln!(
                f,
                "{name} kalah-6-4 depth {:>2}: {:>12} nodes in {:.3} s = {:.2} M nodes/s",
                w.depth,
                w.nodes,
                w.seconds,
                w.nodes_per_second / 1e6
            )?;
        }
        let s = &self.dakon_survey;
        writeln!(f, "survey dakon-6 first turns: {:>12} boards in {:.3} s", s.boards, s.seconds)?;
        let e = &self.endgame_search;
        writeln!(
            f,
            "search awari {} depth {}, endgame databases to {} seeds at the leaves (built in {:.3} s): {:>12} nodes in {:.3} s = {:.2} M nodes/s",
            e.setup,
            e.search.depth,
            e.db_seeds,
            e.db_seconds,
            e.search.nodes,
            e.search.seconds,
            e.search.nodes_per_second / 1e6
        )?;
        let t = &self.tchoukaillon;
        writeln!(
            f,
            "tchoukaillon: the winning position for {} seeds, all {} pits, in {:.4} s; s(n) for n <= 10^4 in {:.4} s, n <= 10^5 in {:.3} s",
            t.position_seeds, t.position_pits, t.position_seconds, t.s_of_n_10k_seconds, t.s_of_n_100k_seconds
        )
    }
}

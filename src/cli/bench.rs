//! `bench`: the fixed workloads whose figures BENCHMARKS.md records.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::search::bench::{self, ENDGAME_SEARCH_DEPTH, ENDGAME_SEEDS, PERFT_DEPTH, SEARCH_DEPTH};

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

/// `bench`: perft and search on Kalah(6,4), the survey of Dakon-6's first turns, and a
/// search of an Awari middlegame with endgame databases at its leaves.
#[derive(Serialize)]
pub struct BenchReport {
    perft: Workload,
    search: Workload,
    dakon_survey: Survey,
    endgame_search: EndgameSearch,
}

/// Runs the workloads one after the other.
///
/// # Errors
/// Only if the survey's memory cannot be had.
pub fn bench() -> Result<BenchReport, CliError> {
    let perft = Workload::time("kalah-6-4", PERFT_DEPTH, bench::perft);
    let search = Workload::time("kalah-6-4", SEARCH_DEPTH, bench::search);
    let t = Instant::now();
    let boards = crate::labs::dakon::search::survey(6, &mut |_, _| true)?.boards;
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
    Ok(BenchReport { perft, search, dakon_survey, endgame_search })
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
        )
    }
}

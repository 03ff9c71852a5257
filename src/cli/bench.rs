//! `bench`: the fixed workloads whose figures BENCHMARKS.md records.

use core::fmt;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::search::bench::{self, PERFT_DEPTH, SEARCH_DEPTH};

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
    fn time(depth: u32, run: impl FnOnce() -> u64) -> Workload {
        let t = Instant::now();
        let nodes = run();
        let seconds = t.elapsed().as_secs_f64();
        Workload { rules: "kalah-6-4", depth, nodes, seconds, nodes_per_second: nodes as f64 / seconds }
    }
}

/// The Dakon-6 survey's figures.
#[derive(Serialize)]
struct Survey {
    n: usize,
    boards: u64,
    seconds: f64,
}

/// `bench`: perft and search on Kalah(6,4), and the survey of Dakon-6's first turns.
#[derive(Serialize)]
pub struct BenchReport {
    perft: Workload,
    search: Workload,
    dakon_survey: Survey,
}

/// Runs the workloads one after the other.
///
/// # Errors
/// Only if the survey's memory cannot be had.
pub fn bench() -> Result<BenchReport, CliError> {
    let perft = Workload::time(PERFT_DEPTH, bench::perft);
    let search = Workload::time(SEARCH_DEPTH, bench::search);
    let t = Instant::now();
    let boards = crate::labs::dakon::search::survey(6, &mut |_, _| true)?.boards;
    Ok(BenchReport { perft, search, dakon_survey: Survey { n: 6, boards, seconds: t.elapsed().as_secs_f64() } })
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
        writeln!(f, "survey dakon-6 first turns: {:>12} boards in {:.3} s", s.boards, s.seconds)
    }
}

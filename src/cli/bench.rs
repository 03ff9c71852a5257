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

/// Erickson's games: Domineering's rectangles as grids of one seed a pot, and the value search
/// over every Sowing row of at most 12 seeds and 12 pots.
#[derive(Serialize)]
struct Erickson {
    /// Every all-ones rectangle up to 4 × 5 and 5 × 4 (20 of them), one table.
    rectangles: usize,
    rectangles_grids: u64,
    rectangles_seconds: f64,
    /// 5 × 5 and 6 × 4 alone (the aims), each in a fresh table.
    five_by_five_seconds: f64,
    six_by_four_seconds: f64,
    /// `search value ^ --game sowing --max-seeds 12 --max-pots 12`.
    value_search_rows: u64,
    value_search_seconds: f64,
}

/// `bench`: perft and search on Kalah(6,4), the survey of Dakon-6's first turns, a search of
/// an Awari middlegame with endgame databases at its leaves, Tchoukaillon's arithmetic, and
/// Erickson's games (Domineering's rectangles, the value search).
#[derive(Serialize)]
pub struct BenchReport {
    perft: Workload,
    search: Workload,
    dakon_survey: Survey,
    endgame_search: EndgameSearch,
    tchoukaillon: Tchoukaillon,
    erickson: Erickson,
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
    use crate::labs::questions::{target_rectangles, value_rectangles};
    let shapes = target_rectangles();
    let (rectangles_grids, rectangles_seconds) = timed(&|| value_rectangles(&shapes));
    let (_, five_by_five_seconds) = timed(&|| value_rectangles(&[(5, 5)]));
    let (_, six_by_four_seconds) = timed(&|| value_rectangles(&[(6, 4)]));
    let (value_search_rows, value_search_seconds) = timed(&|| {
        crate::labs::questions::value_search(crate::labs::questions::SearchGame::Sowing, "^", 12, 12, &mut |_, _| true)
            .map_or(0, |s| s.rows)
    });
    let erickson = Erickson {
        rectangles: shapes.len(),
        rectangles_grids,
        rectangles_seconds,
        five_by_five_seconds,
        six_by_four_seconds,
        value_search_rows,
        value_search_seconds,
    };
    Ok(BenchReport { perft, search, dakon_survey, endgame_search, tchoukaillon, erickson })
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
        )?;
        let e = &self.erickson;
        writeln!(
            f,
            "domineering: {} rectangles up to 4x5 and 5x4 ({} grids valued) in {:.3} s; 5x5 alone in {:.3} s, 6x4 in {:.3} s",
            e.rectangles, e.rectangles_grids, e.rectangles_seconds, e.five_by_five_seconds, e.six_by_four_seconds
        )?;
        writeln!(
            f,
            "search value ^ --game sowing, every row of at most 12 seeds and 12 pots: {} rows in {:.2} s = {:.0} rows/s",
            e.value_search_rows,
            e.value_search_seconds,
            e.value_search_rows as f64 / e.value_search_seconds
        )
    }
}

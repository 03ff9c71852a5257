//! `cargo bench`: the CLI's bench workloads (Kalah(6,4) perft and search, Dakon's first-turn
//! survey and shortest-opening proof, Erickson's tables, Table 3's search and .37), run
//! several times,
//! reporting the median and the spread. Figures go to BENCHMARKS.md with the machine.

use std::time::Instant;

use mancala_lab::labs::bench;

fn measure(name: &str, runs: usize, f: impl Fn() -> u64) {
    let mut times = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "{name:<28} {nodes:>10} nodes  median {:>10.6} s  (min {:.6}, max {:.6})  {:>7.2} M nodes/s",
        median,
        times[0],
        times[runs - 1],
        nodes as f64 / median / 1e6
    );
}

fn main() {
    measure(&format!("perft kalah-6-4 depth {}", bench::PERFT_DEPTH), 7, bench::perft);
    measure(&format!("search kalah-6-4 depth {}", bench::SEARCH_DEPTH), 7, bench::search);
    // "Nodes" here are distinct boards.
    measure("dakon-6 survey (boards)", 7, || {
        mancala_lab::labs::dakon::openings::survey(6, &mut |_, _| true).expect("Dakon-6").boards
    });
    measure("dakon-7 shortest (boards)", 3, || {
        use mancala_lab::labs::dakon::openings::{search, Goal};
        search(7, Goal::Shortest, u64::MAX, &mut |_, _| true).expect("Dakon-7").boards
    });
    // Erickson: Tables 1-5 and the examples (the stages before the theorems); rows valued.
    measure("erickson tables 1-5 (rows)", 5, || {
        use mancala_lab::labs::erickson::report;
        report(&mut |stage| !stage.starts_with("Theorems")).rows_valued
    });
    measure("erickson table 3, 9 seeds (rows)", 3, || {
        mancala_lab::labs::erickson::table_3_search(9, 7, 13, &mut |_, _| true).expect("a search").valued
    });
    // Tchoukaillon: "nodes" are pits, then values of s(n).
    measure("tchoukaillon s=10^12 (pits)", 7, || {
        mancala_lab::labs::tchoukaillon::winning_position(bench::TCHOUKAILLON_SEEDS, usize::MAX).pits.len() as u64
    });
    measure("tchoukaillon s=21286434 (pits)", 7, || {
        mancala_lab::labs::tchoukaillon::winning_position(21_286_434, usize::MAX).pits.len() as u64
    });
    measure("tchoukaillon s(n), n<=10^4", 7, || mancala_lab::labs::tchoukaillon::s_of_n(10_000).len() as u64);
    measure("tchoukaillon s(n), n<=10^5", 5, || mancala_lab::labs::tchoukaillon::s_of_n(100_000).len() as u64);
    // Erickson's games: Domineering's rectangles as grids of one seed a pot; the value search.
    measure("domineering to 4x5, 5x4 (grids)", 5, || {
        use mancala_lab::families::grid::domineering::{target_rectangles, value_rectangles};
        value_rectangles(&target_rectangles())
    });
    measure("domineering 5x5 (grids)", 3, || mancala_lab::families::grid::domineering::value_rectangles(&[(5, 5)]));
    measure("value search sowing 12/12 (rows)", 3, || {
        use mancala_lab::labs::questions::{value_search, SearchGame};
        value_search(SearchGame::Sowing, "^", 12, 12, &mut |_, _| true).expect("a search").rows
    });
    measure(".37 to 10^6 (splits)", 3, || {
        let mut s = mancala_lab::cgt::octal::NimSequence::new(".37".parse().expect("a code"));
        s.extend_to(1_000_000, &mut |_| true);
        s.splits
    });
}

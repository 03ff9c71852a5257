//! The benchmark page's worker task: the CLI's `bench` workloads, timed in the worker.

use serde::{Deserialize, Serialize};

use crate::labs::{Lab, LabError, Reporter};

/// The lab (see the module).
pub struct BenchLab;

/// Run the workloads (no parameters: they are fixed, so native and wasm figures compare).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BenchTask {}

/// The workloads' figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BenchFigures {
    /// Perft nodes.
    pub perft_nodes: u64,
    /// Perft time.
    pub perft_ms: f64,
    /// Search nodes.
    pub search_nodes: u64,
    /// Search time.
    pub search_ms: f64,
    /// The search with endgame databases at its leaves: nodes.
    pub endgame_nodes: u64,
    /// Its time (the databases' build not counted).
    pub endgame_ms: f64,
    /// The databases' build time.
    pub endgame_db_ms: f64,
    /// Tchoukaillon: the pits of the winning position for [`super::TCHOUKAILLON_SEEDS`] seeds,
    /// every one computed.
    pub tchoukaillon_pits: u64,
    /// Its time.
    pub tchoukaillon_ms: f64,
    /// s(n) for every n ≤ 10⁴: its time.
    pub s_of_n_10k_ms: f64,
    /// s(n) for every n ≤ 10⁵: its time.
    pub s_of_n_100k_ms: f64,
}

impl Lab for BenchLab {
    const PATH: &'static str = "/bench";
    const TITLE: &'static str = "Engine benchmark";
    const SUMMARY: &'static str = "nodes per second and full solves of Kalah(6,3) and (6,4) in the worker.";
    type Task = BenchTask;
    type Progress = ();
    type Answer = BenchFigures;
    type Params = ();

    fn run(_: BenchTask, r: &mut Reporter<'_, ()>) -> Result<BenchFigures, LabError> {
        let timed = |f: &mut dyn FnMut()| {
            let t = r.now();
            f();
            r.now() - t
        };
        let mut b = BenchFigures::default();
        b.perft_ms = timed(&mut || b.perft_nodes = super::perft());
        b.search_ms = timed(&mut || b.search_nodes = super::search());
        let mut built = None;
        b.endgame_db_ms = timed(&mut || built = Some(super::endgame_databases()));
        let (pos, db) = built.expect("built");
        b.endgame_ms = timed(&mut || b.endgame_nodes = super::endgame_search(&pos, &db));
        b.tchoukaillon_ms = timed(&mut || {
            b.tchoukaillon_pits =
                crate::labs::tchoukaillon::winning_position(super::TCHOUKAILLON_SEEDS, usize::MAX).pits.len() as u64
        });
        b.s_of_n_10k_ms = timed(&mut || drop(crate::labs::tchoukaillon::s_of_n(10_000)));
        b.s_of_n_100k_ms = timed(&mut || drop(crate::labs::tchoukaillon::s_of_n(100_000)));
        Ok(b)
    }
}

//! The solver as the family's [`ExactSolver`] capability: positions and moves of any family
//! come in, those of other rules are refused.

use super::{options, SolveError, SolveRequest, SolveStats, Solver};
use crate::engine::memory::in_words;
use crate::families::capability::{ExactSolver, SolverReport};
use crate::families::kalah::{Kalah, KalahMove};
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, SearchHandler};

impl Solver {
    /// What it keeps of the endgame, in words: the bounds database and the exact layers built
    /// first.
    fn databases(&self) -> String {
        match (self.opts.db_seeds, self.opts.exact_seeds) {
            (0, 0) => "no endgame database".into(),
            (d, 0) => format!("endgame database to {d} seeds"),
            (d, e) if e >= d => format!("exact values to {e} seeds, built first"),
            (d, e) => format!("endgame database to {d} seeds, exact values to {e} built first"),
        }
    }

    /// The Kalah position of these rules, if `pos` is one.
    fn ours<'a>(&self, pos: &'a AnyPosition) -> Result<&'a Kalah, SolveError> {
        <&Kalah>::try_from(pos)
            .ok()
            .filter(|k| k.rules() == self.rules)
            .ok_or_else(|| SolveError::OtherRules(pos.rules().to_string()))
    }
}

impl ExactSolver for Solver {
    fn rules(&self) -> AnyRules {
        self.rules.into()
    }

    fn serves(&self, pos: &AnyPosition, req: &SolveRequest) -> bool {
        self.ours(pos).is_ok_and(|k| options(k, req).is_ok_and(|o| o == self.opts))
    }

    fn stats(&self) -> SolveStats {
        Solver::stats(self)
    }

    fn sizes_text(&self) -> String {
        let st = Solver::stats(self);
        format!("table {}, {} {}", in_words(st.table_bytes), self.databases(), in_words(st.db_bytes))
    }

    fn report(&self) -> SolverReport {
        let st = Solver::stats(self);
        let filled = Solver::db_filled(self);
        SolverReport {
            figures: vec![
                ("db_seeds", self.opts.db_seeds.into()),
                ("exact_seeds", self.opts.exact_seeds.into()),
                ("db_bytes", st.db_bytes),
                ("db_filled", filled),
                ("table_bytes", st.table_bytes),
            ],
            text: format!(
                "table {} MiB; {}: {} MiB, {filled} entries of bounds filled",
                st.table_bytes >> 20,
                self.databases(),
                st.db_bytes >> 20
            ),
        }
    }

    fn solve(&mut self, pos: &AnyPosition, handler: &mut dyn SearchHandler<AnyMove>) -> Result<i32, SolveError> {
        let k = self.ours(pos)?;
        Solver::solve(self, k, handler)
    }

    fn solve_within(
        &mut self,
        pos: &AnyPosition,
        alpha: i32,
        beta: i32,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<i32, SolveError> {
        let k = self.ours(pos)?;
        Solver::solve_within(self, k, alpha, beta, handler)
    }

    fn share_databases(
        &mut self,
        path: &std::path::Path,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<bool, SolveError> {
        #[cfg(target_os = "linux")]
        return Solver::share_exact(self, path, handler);
        #[cfg(not(target_os = "linux"))]
        {
            let _ = (path, handler);
            Err(SolveError::File("databases are shared through mapped files on Linux only".into()))
        }
    }

    fn analyze_moves(
        &mut self,
        pos: &AnyPosition,
        only: Option<&[AnyMove]>,
        guess: Option<i32>,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Result<Analysis<AnyMove>, SolveError> {
        let k = self.ours(pos)?;
        let only: Vec<KalahMove> = only
            .unwrap_or_default()
            .iter()
            .map(|&m| KalahMove::try_from(m).map_err(|_| SolveError::IllegalMove(m.to_string())))
            .collect::<Result<_, _>>()?;
        Solver::analyze_moves(self, k, Some(&only), guess, handler)
    }
}

//! The solver as the family's [`ExactSolver`] capability: positions and moves of any family
//! come in, those of other rules are refused.

use super::{SolveError, SolveOptions, SolveStats, Solver};
use crate::families::capability::ExactSolver;
use crate::families::kalah::{Kalah, KalahMove};
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, SearchHandler};

impl Solver {
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

    fn options(&self) -> SolveOptions {
        self.opts
    }

    fn stats(&self) -> SolveStats {
        Solver::stats(self)
    }

    fn db_filled(&self) -> u64 {
        Solver::db_filled(self)
    }

    fn solve(&mut self, pos: &AnyPosition, handler: &mut dyn SearchHandler<AnyMove>) -> Result<i32, SolveError> {
        let k = self.ours(pos)?;
        Solver::solve(self, k, handler)
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

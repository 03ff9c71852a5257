//! The endgame databases as the family's [`EndgameDatabases`] capability (beside both the
//! databases and the search, which this joins): positions of any family come
//! in, those of other rules get `None`.

use super::databases::{Databases, Layer};
use super::{search, Oware};
use crate::families::capability::{BuildProgress, DatabaseLine, EndgameDatabases, LayerStats};
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, SearchHandler};

impl Databases {
    /// The Oware-family position of these rules, if `pos` is one.
    fn ours<'a>(&self, pos: &'a AnyPosition) -> Option<&'a Oware> {
        <&Oware>::try_from(pos).ok().filter(|p| self.covers_rules(p))
    }
}

impl EndgameDatabases for Databases {
    fn rules(&self) -> AnyRules {
        Databases::rules(self).into()
    }

    fn seeds(&self) -> usize {
        Databases::seeds(self)
    }

    fn max_seeds(&self) -> usize {
        Databases::max_seeds(self)
    }

    fn bytes(&self) -> u64 {
        Databases::bytes(self)
    }

    fn set_threads(&mut self, threads: usize) {
        Databases::set_threads(self, threads)
    }

    fn build_next(&mut self, progress: &mut dyn FnMut(BuildProgress) -> bool) -> Option<LayerStats> {
        Databases::build_next(self, progress)
    }

    fn layer_bytes(&self, k: usize) -> Vec<u8> {
        self.layer(k).to_bytes()
    }

    fn push_layer_bytes(&mut self, bytes: &[u8]) -> Result<(), String> {
        let layer = Layer::from_bytes(bytes).ok_or("a layer has two bytes a position")?;
        self.push_layer(layer)
    }

    fn seeds_on_board(&self, pos: &AnyPosition) -> Option<usize> {
        self.ours(pos).map(|p| p.board_seeds() as usize)
    }

    fn value(&self, pos: &AnyPosition) -> Option<i32> {
        let p = self.ours(pos)?;
        Some(p.captured_diff() + self.value_of(p)?)
    }

    fn move_values(&self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        let p = self.ours(pos)?;
        let base = p.captured_diff();
        let moves = Databases::move_values(self, p)?;
        Some(moves.into_iter().map(|(i, v)| (crate::families::oware::OwareMove(i as u8).into(), base + v)).collect())
    }

    fn best_line(&self, pos: &AnyPosition, max: usize) -> Option<DatabaseLine> {
        let p = self.ours(pos)?;
        self.value_of(p)?;
        let line = Databases::best_line(self, p, max);
        Some(DatabaseLine { moves: line.moves.into_iter().map(AnyMove::from).collect(), repeats: line.repeats })
    }

    fn analyze(
        &self,
        pos: &AnyPosition,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Option<Analysis<AnyMove>> {
        let p = <&Oware>::try_from(pos).ok()?;
        Some(search::analyze(p, Some(self), depth, table_mib, handler))
    }
}

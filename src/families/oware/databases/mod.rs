//! Endgame databases of the Oware family by retrograde analysis: the exact value of every
//! position with at most `k` seeds on the board, for Awari, Oware, Ayo and Wari on any board,
//! and for each a distance that makes its best line a walk, never a search.
//!
//! **What a value is.** A position is a board seen by the player to move (his pits first, then
//! the opponent's: the side to move is folded away, and the seeds already captured do not
//! matter). Its value is the best net number of seeds the mover will still capture or be
//! awarded, minus the opponent's, under perfect play and the rule set's endings. A game that
//! goes round for ever (a repeated position) is worth 0 from there on: Awari shares the seeds
//! left equally and Wari counts them for nobody; Oware's and Ayo's "each takes the seeds on his
//! side" depends on where the players stop, which is not a property of the position, so the
//! databases value endless play as Awari does (the rules cards, the board and the CLI say so:
//! [`CYCLE_CONVENTION`]). Oware's "more than half wins" is not applied: it ends a game whose
//! winner is already known, and the databases count every seed to the end. Ayo's "neither
//! player can ever capture, but both players will always have a legal move" ends the game with
//! each player taking his side: the databases find these positions exactly, as the boards of a
//! layer from which no exit (a capture, or a game over) can be reached, going back from every
//! board that has one.
//!
//! **How** ([`build`]). Layer by layer (`k` seeds on the board): a capture always leads to a
//! smaller layer, already solved; moves without capture stay in the layer and can go round in
//! cycles. A first pass plays every move of every position of the layer once: it keeps the
//! best value of the moves that leave the layer (or the value of a finished game) and counts
//! the moves that stay. Then, for t = k down to 1, the positions whose mover can force at least
//! t (W_t) and those whose mover cannot avoid −t or worse (L_t) are grown backwards, by
//! un-moves, breadth first from their seeds (an exit worth t; a position whose exits are all
//! worth −t or less once its staying moves all lead into W), the classic retrograde counting
//! of moves: every position is settled once, at its value's level, and what is never settled
//! is worth 0 (its best play goes round for ever, or its best exit is worth 0). Boards are
//! ranked in their layer by the shared combinatorial [`Ranker`] (no wasted entries).
//!
//! **Distances.** Breadth first, each settled position also gets its distance: the moves
//! within its layer, at its level, until the winner takes an exit (0 for a position settled
//! by its own exit). A won position is one move from a lost one nearer its exit, a lost one
//! one move from the farthest of its moves, so the best line ([`query`]) is read from the
//! stored bytes, one step a move: it always progresses, and no query searches. Two bytes a
//! position (a value, a distance; a distance past 254 is stored as 255, where the line
//! falls back on any best move — none was seen on the boards measured, BENCHMARKS.md).

mod build;
mod model;
mod part;
mod query;
#[cfg(test)]
mod tests;

pub use model::{board_of, Model, MoverBoard};
pub use part::Part;
pub use query::Line;

use crate::engine::rank::Ranker;
use crate::families::oware::{Oware, OwareRules, Ruleset};

/// How the databases value a game that goes round for ever, in a player's words: shown
/// wherever an Oware or Ayo value from the databases is called proven (for Awari and Wari it is
/// the rule itself).
pub const CYCLE_CONVENTION: &str = "that a game that would go on for ever shares the seeds left equally";

/// Oware's conventions, in a player's words: [`CYCLE_CONVENTION`], and every seed played for to
/// the end (the databases do not stop at "more than half wins", so their margin may be larger
/// than the rules' — never their winner).
pub const OWARE_CONVENTION: &str = "that a game that would go on for ever shares the seeds left equally, and that play goes on to the last seed, past the majority that wins by the rules";

/// What the databases' values of these rules assume where it is not the rules' own ending
/// (completes "proven assuming …"): Ayo's [`CYCLE_CONVENTION`], Oware's
/// [`OWARE_CONVENTION`]; `None` for Awari and Wari, whose rules end a game as the databases
/// count it.
pub fn convention(rules: OwareRules) -> Option<&'static str> {
    match rules.set {
        Ruleset::Ayo => Some(CYCLE_CONVENTION),
        Ruleset::Oware => Some(OWARE_CONVENTION),
        Ruleset::Awari | Ruleset::Wari => None,
    }
}

/// Positions of every layer up to `seeds` seeds on a board of `pits` pits a side:
/// C(seeds + 2·pits, 2·pits), saturating at `u64::MAX`.
pub fn positions_upto(pits: usize, seeds: usize) -> u64 {
    let slots = 2 * pits as u128;
    let mut c: u128 = 1;
    for i in 1..=slots {
        // C(seeds + i, i) from C(seeds + i − 1, i − 1): exact at each step.
        c = match c.checked_mul(seeds as u128 + i) {
            Some(x) => x / i,
            None => return u64::MAX,
        };
    }
    u64::try_from(c).unwrap_or(u64::MAX)
}

pub use crate::families::capability::{BuildProgress as Progress, LayerStats};

/// One layer: a value and a distance a board, by rank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layer {
    /// The value of each board for its mover.
    pub values: Vec<i8>,
    /// Each board's distance to its exit (see the module), 255 past 254.
    pub distances: Vec<u8>,
}

impl Layer {
    /// The layer as one run of bytes (values, then distances), as a cache stores it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * self.values.len());
        out.extend(self.values.iter().map(|&v| v as u8));
        out.extend_from_slice(&self.distances);
        out
    }

    /// A layer from [`Layer::to_bytes`]'s bytes (`None`: an odd length).
    pub fn from_bytes(bytes: &[u8]) -> Option<Layer> {
        if bytes.len() % 2 != 0 {
            return None;
        }
        let (v, d) = bytes.split_at(bytes.len() / 2);
        Some(Layer { values: v.iter().map(|&x| x as i8).collect(), distances: d.to_vec() })
    }

    /// Positions in the layer.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The layer has no position (never: a layer holds at least the empty board's).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The figures of the layer of `seeds` seeds.
    fn stats(&self, seeds: usize) -> LayerStats {
        let mut s = LayerStats { seeds: seeds as u32, positions: self.values.len() as u64, ..LayerStats::default() };
        for &v in &self.values {
            match v.cmp(&0) {
                core::cmp::Ordering::Greater => s.won += 1,
                core::cmp::Ordering::Equal => s.drawn += 1,
                core::cmp::Ordering::Less => s.lost += 1,
            }
            s.largest = s.largest.max(v as i32);
        }
        s
    }
}

/// Databases built so far: every layer up to [`Databases::seeds`].
pub struct Databases {
    rules: OwareRules,
    model: Model,
    ranker: Ranker,
    layers: Vec<Layer>,
    threads: usize,
}

impl Databases {
    /// Empty databases for these rules, able to grow to `max_seeds` seeds (at most 60).
    pub fn new(rules: OwareRules, max_seeds: usize) -> Databases {
        let max_seeds = max_seeds.min(60);
        Databases {
            rules,
            model: Model::new(rules),
            ranker: Ranker::new(2 * rules.pits(), max_seeds),
            layers: vec![],
            threads: 0,
        }
    }

    /// Threads for each layer natively, its first pass and its retrograde pass (0: every
    /// core).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }

    /// The rules.
    pub fn rules(&self) -> OwareRules {
        self.rules
    }

    /// Layers built: boards with fewer seeds than this are known.
    pub fn seeds(&self) -> usize {
        self.layers.len()
    }

    /// The most seeds this can be built to.
    pub fn max_seeds(&self) -> usize {
        self.ranker.max_seeds()
    }

    /// Positions in layer `k`.
    pub fn layer_size(&self, k: usize) -> u64 {
        self.ranker.layer_size(k)
    }

    /// Layer `k`.
    pub fn layer(&self, k: usize) -> &Layer {
        &self.layers[k]
    }

    /// Adds a layer built elsewhere (a cache); it must be the next one, of the right size.
    ///
    /// # Errors
    /// When it is not: the sizes in words.
    pub fn push_layer(&mut self, layer: Layer) -> Result<(), String> {
        let k = self.layers.len();
        let size = if k > self.ranker.max_seeds() { 0 } else { self.ranker.layer_size(k) };
        if size == 0 || layer.values.len() as u64 != size || layer.distances.len() as u64 != size {
            return Err(format!("layer {k} should hold {size} values, not {}", layer.values.len()));
        }
        self.layers.push(layer);
        Ok(())
    }

    /// Bytes held by the layers.
    pub fn bytes(&self) -> u64 {
        self.layers.iter().map(|l| 2 * l.values.len() as u64).sum()
    }

    /// The index of a board in its layer, and the layer, if built.
    #[inline]
    fn locate(&self, board: &MoverBoard) -> Option<(&Layer, usize)> {
        let k: usize = board[..self.ranker.parts()].iter().map(|&x| x as usize).sum();
        let layer = self.layers.get(k)?;
        Some((layer, self.ranker.rank(&board[..self.ranker.parts()]) as usize))
    }

    /// The value of a board seen by its mover, if its layer is built.
    #[inline]
    pub fn value(&self, board: &MoverBoard) -> Option<i32> {
        self.locate(board).map(|(l, r)| l.values[r] as i32)
    }

    /// The distance of a board to its exit (see the module), if its layer is built.
    pub fn distance(&self, board: &MoverBoard) -> Option<u8> {
        self.locate(board).map(|(l, r)| l.distances[r])
    }

    /// The value of a position for its side to move (captures still to come, net) as the
    /// databases count it, if within them: play goes on past a majority the rules would stop
    /// at and an endless game shares the seeds left, so a position the rules have ended with
    /// seeds on the board still has the value of those seeds (the convention that
    /// [`OwareRules::proven_convention`](super::OwareRules) states). A search with the
    /// databases at its leaves values every covered position by this, so that its values and
    /// the databases' own are one value per position.
    pub fn value_played_on(&self, pos: &Oware) -> Option<i32> {
        if !self.covers_rules(pos) || pos.board_seeds() as usize >= self.seeds() {
            return None;
        }
        self.value(&board_of(pos))
    }

    /// The rules of the position are those of the databases.
    pub(in crate::families::oware) fn covers_rules(&self, pos: &Oware) -> bool {
        let r = pos.rules();
        r.set == self.rules.set
            && r.pits() == self.rules.pits()
            && r.grand_slam_illegal == self.rules.grand_slam_illegal
    }

    /// The value of a position for its side to move (captures still to come, net), if within
    /// the databases and of these rules (and board size).
    pub fn value_of(&self, pos: &Oware) -> Option<i32> {
        if !self.covers_rules(pos) {
            return None;
        }
        if pos.is_over() {
            return Some(0);
        }
        self.value(&board_of(pos))
    }

    /// Builds the next layer; `progress` is called now and then and stops the build when it
    /// returns false (the layer is then dropped). Returns its figures, or `None` when stopped
    /// or when [`Databases::max_seeds`] is reached.
    pub fn build_next(&mut self, progress: &mut dyn FnMut(Progress) -> bool) -> Option<LayerStats> {
        let k = self.layers.len();
        if k > self.ranker.max_seeds() {
            return None;
        }
        let layer = self.solve_layer(k, progress)?;
        let stats = layer.stats(k);
        self.layers.push(layer);
        Some(stats)
    }

    /// The largest distance stored in layer `k` (255: some were past 254).
    pub fn longest(&self, k: usize) -> u8 {
        self.layers[k].distances.iter().copied().max().unwrap_or(0)
    }
}

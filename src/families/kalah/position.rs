//! Kalah and its relatives (Mancala as described by Papegay, Erickson and Dooley): two rows of
//! pits, a store for each player at their right, counterclockwise sowing that skips the
//! opponent's store, an extra turn when the last seed falls in one's own store, and a capture
//! when it falls in an empty pit of one's own.

use core::fmt;

use crate::engine::sow::sow_ring;
use crate::engine::{ByPlayer, Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most pits a side can have.
pub const MAX_PITS: usize = 12;
/// Most seeds per pit in a start position built from parameters.
pub const MAX_SEEDS_PER_PIT: u32 = 99;
/// Most seeds on a whole board (stores included), also for setups from the editor or a link.
pub const MAX_TOTAL_SEEDS: u32 = 2 * MAX_PITS as u32 * MAX_SEEDS_PER_PIT;

/// What happens when the last seed falls in an empty pit of the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CaptureRule {
    /// Capture the last seed and the opposite pit only when the opposite pit holds seeds
    /// (the common reading; Kalah(6,4) is +8 for the first player).
    Standard,
    /// Capture the last seed, and the opposite pit's seeds, even when that pit is empty
    /// (Irving, Donkers & Uiterwijk 2000; Erickson's Mancala; Kalah(6,4) is +10).
    Empty,
    /// Capture only the opposite pit's seeds; the last seed stays in its pit (the literal
    /// reading of Papegay's text: "he captures all the stones from the opponent's cup").
    OppositeOnly,
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum EndRule {
    /// As soon as either side's pits are all empty; each player then takes the seeds left on
    /// their own side (the common rule; Papegay; Irving et al.).
    EitherSideEmpty,
    /// Only when the player to move has no seeds on their side; the other player then takes
    /// the seeds left on theirs (Erickson's wording: "if any player cannot move").
    MoverCannotMove,
}

/// The typed parameters of a Kalah-family game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct KalahRules {
    pits: u8,
    seeds: u8,
    /// The capture rule.
    pub capture: CaptureRule,
    /// The end rule.
    pub end: EndRule,
}

/// Parameters out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KalahRulesError {
    /// Pits per side must be 1..=12.
    Pits(u32),
    /// Seeds per pit must be 0..=99.
    Seeds(u32),
}

impl fmt::Display for KalahRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KalahRulesError::Pits(n) => {
                write!(f, "{n} pits per side is out of range: use 1 to {MAX_PITS}")
            }
            KalahRulesError::Seeds(n) => {
                write!(f, "{n} seeds per pit is out of range: use 0 to {MAX_SEEDS_PER_PIT}")
            }
        }
    }
}

impl std::error::Error for KalahRulesError {}

impl KalahRules {
    /// Kalah with `pits` per side and `seeds` per pit.
    ///
    /// # Errors
    /// When `pits` is not in 1..=12 or `seeds` not in 0..=99.
    pub fn new(pits: u32, seeds: u32, capture: CaptureRule, end: EndRule) -> Result<Self, KalahRulesError> {
        if !(1..=MAX_PITS as u32).contains(&pits) {
            return Err(KalahRulesError::Pits(pits));
        }
        if seeds > MAX_SEEDS_PER_PIT {
            return Err(KalahRulesError::Seeds(seeds));
        }
        Ok(KalahRules { pits: pits as u8, seeds: seeds as u8, capture, end })
    }

    /// Standard Kalah(pits, seeds): capture only against a non-empty pit, game over when
    /// either side is empty.
    ///
    /// # Errors
    /// As [`KalahRules::new`].
    pub fn standard(pits: u32, seeds: u32) -> Result<Self, KalahRulesError> {
        Self::new(pits, seeds, CaptureRule::Standard, EndRule::EitherSideEmpty)
    }

    /// Pits per side.
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// Seeds per pit at the start.
    pub fn seeds(&self) -> u32 {
        self.seeds as u32
    }

    /// The start position: every pit holds `seeds`, stores empty, South to move.
    pub fn start(&self) -> Kalah {
        let n = self.pits();
        let row = vec![self.seeds(); n];
        KalahSetup { south: row.clone(), north: row, stores: ByPlayer::default(), turn: Player::South }
            .validate(*self)
            .expect("a start position from valid rules is valid")
    }
}

/// A Kalah board that has not been checked: what an editor or a link produces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct KalahSetup {
    /// South's pits from South's left (a, b, c, ...), in sowing order.
    pub south: Vec<u32>,
    /// North's pits from North's left (a, b, c, ...), in sowing order.
    pub north: Vec<u32>,
    /// Seeds in the stores.
    pub stores: ByPlayer<u32>,
    /// Who moves next.
    pub turn: Player,
}

pub use crate::families::two_rows::SetupError;

impl KalahSetup {
    /// Checks the setup against the rules.
    ///
    /// # Errors
    /// Wrong row lengths, or more than [`MAX_TOTAL_SEEDS`] seeds.
    pub fn validate(&self, rules: KalahRules) -> Result<Kalah, SetupError> {
        let n = rules.pits();
        let stores = [self.stores.south, self.stores.north];
        crate::families::two_rows::check_rows(&self.south, &self.north, stores, n, MAX_TOTAL_SEEDS)?;
        let mut cells = [0u16; 2 * MAX_PITS + 2];
        for i in 0..n {
            cells[i] = self.south[i] as u16;
            cells[n + 1 + i] = self.north[i] as u16;
        }
        cells[n] = self.stores.south as u16;
        cells[2 * n + 1] = self.stores.north as u16;
        let mut pos = Kalah { cells, rules, turn: self.turn, key: 0 };
        pos.key = pos.compute_key();
        Ok(pos)
    }
}

/// A move: a pit of the mover, 0-based from the mover's left (shown as a letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct KalahMove(pub u8);

impl fmt::Display for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&crate::engine::pit_letter(self.0 as u16))
    }
}

/// A valid Kalah position.
///
/// Equality compares the pits, the stores, the side to move and the rules. The transposition
/// key ([`Kalah::key`]) holds the pits and the side to move only, not the stores: the future of
/// a position does not depend on what is already stored, so searches store values relative to
/// the current store difference.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// Ring layout: South pits `0..n`, South store `n`, North pits `n+1..=2n`, North store `2n+1`.
    cells: [u16; 2 * MAX_PITS + 2],
    rules: KalahRules,
    turn: Player,
    key: u64,
}

const fn make_keys() -> [u64; 2 * MAX_PITS + 3] {
    let mut k = [0u64; 2 * MAX_PITS + 3];
    let mut i = 0;
    while i < k.len() {
        k[i] = crate::engine::splitmix(i as u64 * 7919 + 17) | 1;
        i += 1;
    }
    k
}

/// Key weights by *pit slot* (slot = South pit i -> i, North pit i -> MAX_PITS + i), plus the
/// side to move. The key is linear in the counts, so a lap adds a constant.
static KEYS: [u64; 2 * MAX_PITS + 3] = make_keys();
const SIDE_KEY: usize = 2 * MAX_PITS + 2;

impl fmt::Debug for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Kalah({:?} {:?} stores {:?} {:?} to move)",
            self.row(Player::South),
            self.row(Player::North),
            self.stores(),
            self.turn
        )
    }
}

/// What one fast move did, for the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The same player moves again.
    pub extra_turn: bool,
}

impl Kalah {
    /// The rules of this position.
    pub fn rules(&self) -> KalahRules {
        self.rules
    }

    #[inline]
    fn n(&self) -> usize {
        self.rules.pits as usize
    }

    #[inline]
    fn store_index(&self, p: Player) -> usize {
        match p {
            Player::South => self.n(),
            Player::North => 2 * self.n() + 1,
        }
    }

    #[inline]
    fn pit_index(&self, p: Player, i: usize) -> usize {
        match p {
            Player::South => i,
            Player::North => self.n() + 1 + i,
        }
    }

    /// Key slot of a board index (stores have none: weight 0).
    #[inline]
    fn key_weight(&self, idx: usize) -> u64 {
        let n = self.n();
        if idx < n {
            KEYS[idx]
        } else if idx > n && idx <= 2 * n {
            KEYS[MAX_PITS + idx - n - 1]
        } else {
            0
        }
    }

    /// Seeds in pit `i` (from the owner's left) of `player`.
    pub fn pit(&self, player: Player, i: usize) -> u32 {
        self.cells[self.pit_index(player, i)] as u32
    }

    /// A row of pits, from the owner's left.
    pub fn row(&self, player: Player) -> Vec<u32> {
        (0..self.n()).map(|i| self.pit(player, i)).collect()
    }

    /// Both stores.
    pub fn stores(&self) -> ByPlayer<u32> {
        ByPlayer::new_with(|p| self.cells[self.store_index(p)] as u32)
    }

    /// Seeds on `player`'s side, stores excluded.
    pub fn side_seeds(&self, player: Player) -> u32 {
        (0..self.n()).map(|i| self.pit(player, i)).sum()
    }

    /// Seeds in the pits of both sides, stores excluded.
    pub fn pit_seeds(&self) -> u32 {
        self.side_seeds(Player::South) + self.side_seeds(Player::North)
    }

    /// The unvalidated form of this position.
    pub fn to_setup(&self) -> KalahSetup {
        KalahSetup {
            south: self.row(Player::South),
            north: self.row(Player::North),
            stores: self.stores(),
            turn: self.turn,
        }
    }

    /// The transposition key: pits and side to move, not the stores. Kept up to date by every
    /// move; equal to [`Kalah::compute_key`].
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0u64;
        for idx in 0..=2 * self.n() + 1 {
            k = k.wrapping_add((self.cells[idx] as u64).wrapping_mul(self.key_weight(idx)));
        }
        if self.turn == Player::North {
            k = k.wrapping_add(KEYS[SIDE_KEY]);
        }
        k
    }

    /// Whether the game is over under this position's end rule (seeds may still lie on the
    /// board in a setup that was never played to its end; they count for their owners then).
    #[inline]
    pub fn is_over(&self) -> bool {
        match self.rules.end {
            EndRule::EitherSideEmpty => self.side_seeds(Player::South) == 0 || self.side_seeds(Player::North) == 0,
            EndRule::MoverCannotMove => self.side_seeds(self.turn) == 0,
        }
    }

    /// The final score of each player if the game stopped now: store plus the seeds on the
    /// side that the end rule gives them.
    pub fn final_scores(&self) -> ByPlayer<u32> {
        let stores = self.stores();
        match self.rules.end {
            EndRule::EitherSideEmpty => ByPlayer::new_with(|p| stores.get(p) + self.side_seeds(p)),
            EndRule::MoverCannotMove => {
                let total = self.pit_seeds();
                let mut s = stores;
                *s.get_mut(!self.turn) += total;
                s
            }
        }
    }

    /// Store difference from the point of view of the side to move.
    #[inline]
    pub fn store_diff(&self) -> i32 {
        let me = self.cells[self.store_index(self.turn)] as i32;
        let them = self.cells[self.store_index(!self.turn)] as i32;
        me - them
    }

    /// Whether pit `i` of the mover can be played.
    #[inline]
    pub fn is_legal(&self, i: usize) -> bool {
        i < self.n() && self.cells[self.pit_index(self.turn, i)] > 0 && !self.is_over()
    }

    /// Legal moves as a bit set of mover's pit indices (bit i = pit i), 0 when over.
    #[inline]
    pub fn legal_mask(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let mut m = 0;
        for i in 0..self.n() {
            if self.cells[self.pit_index(self.turn, i)] > 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// Ring position `k` (0 = mover's pit a, n = mover's store, n+1.. = opponent's pits) as a
    /// board index, for the mover.
    #[inline]
    fn ring_to_index(&self, k: usize) -> usize {
        match self.turn {
            Player::South => k,
            Player::North => {
                let n = self.n();
                if k <= n {
                    n + 1 + k
                } else {
                    k - n - 1
                }
            }
        }
    }

    /// The sowing ring of the mover as board indices (own pits, own store, opponent's pits).
    fn ring(&self) -> Vec<usize> {
        (0..=2 * self.n()).map(|k| self.ring_to_index(k)).collect()
    }

    fn cell_of(&self, idx: usize) -> Cell {
        let n = self.n();
        if idx < n {
            Cell::Pit { owner: Player::South, index: idx as u16 }
        } else if idx == n {
            Cell::Store(Player::South)
        } else if idx <= 2 * n {
            Cell::Pit { owner: Player::North, index: (idx - n - 1) as u16 }
        } else {
            Cell::Store(Player::North)
        }
    }

    /// Plays pit `i` of the mover without checking it (the search's move). The pit must be
    /// legal: non-empty, and the game not over.
    #[inline]
    pub fn play_unchecked(&mut self, i: usize) -> MoveEffect {
        let n = self.n();
        let len = 2 * n + 1;
        let start = self.pit_index(self.turn, i);
        let seeds = self.cells[start] as usize;
        debug_assert!(seeds > 0);
        self.cells[start] = 0;
        self.key = self.key.wrapping_sub((seeds as u64).wrapping_mul(self.key_weight(start)));
        let laps = seeds / len;
        let rest = seeds % len;
        if laps > 0 {
            let mut add = 0u64;
            for k in 0..len {
                let idx = self.ring_to_index(k);
                self.cells[idx] += laps as u16;
                add = add.wrapping_add(self.key_weight(idx));
            }
            self.key = self.key.wrapping_add(add.wrapping_mul(laps as u64));
        }
        for s in 1..=rest {
            let idx = self.ring_to_index((i + s) % len);
            self.cells[idx] += 1;
            self.key = self.key.wrapping_add(self.key_weight(idx));
        }
        let last = (i + seeds) % len;
        self.finish_move(last, None)
    }

    /// Captures, turn change and the end of the game, after the seeds are sown; `last` is the
    /// ring position of the last seed.
    fn finish_move(&mut self, last: usize, mut trace: Option<&mut Vec<Step>>) -> MoveEffect {
        let n = self.n();
        let mover = self.turn;
        let store = self.store_index(mover);
        let extra_turn = last == n;
        if last < n {
            let own = self.ring_to_index(last);
            if self.cells[own] == 1 {
                let opp = self.ring_to_index(2 * n - last);
                let opp_seeds = self.cells[opp];
                let (take_own, take_opp) = match self.rules.capture {
                    CaptureRule::Standard => (opp_seeds > 0, opp_seeds > 0),
                    CaptureRule::Empty => (true, true),
                    CaptureRule::OppositeOnly => (false, opp_seeds > 0),
                };
                for (take, idx) in [(take_opp, opp), (take_own, own)] {
                    if take {
                        let s = self.cells[idx];
                        self.cells[idx] = 0;
                        self.cells[store] += s;
                        self.key = self.key.wrapping_sub((s as u64).wrapping_mul(self.key_weight(idx)));
                        if let Some(t) = trace.as_deref_mut() {
                            t.push(Step::Capture { from: self.cell_of(idx), to: Cell::Store(mover), seeds: s as u32 });
                        }
                    }
                }
            }
        }
        if !extra_turn {
            self.turn = !self.turn;
            if mover == Player::South {
                self.key = self.key.wrapping_add(KEYS[SIDE_KEY]);
            } else {
                self.key = self.key.wrapping_sub(KEYS[SIDE_KEY]);
            }
        }
        if self.is_over() {
            self.collect(trace);
        }
        MoveEffect { extra_turn }
    }

    /// Moves the seeds left on the board to the stores the end rule gives them to.
    fn collect(&mut self, mut trace: Option<&mut Vec<Step>>) {
        for p in Player::ALL {
            let to = match self.rules.end {
                EndRule::EitherSideEmpty => p,
                EndRule::MoverCannotMove => !self.turn,
            };
            let store = self.store_index(to);
            for i in 0..self.n() {
                let idx = self.pit_index(p, i);
                let s = self.cells[idx];
                if s > 0 {
                    self.cells[idx] = 0;
                    self.cells[store] += s;
                    self.key = self.key.wrapping_sub((s as u64).wrapping_mul(self.key_weight(idx)));
                    if let Some(t) = trace.as_deref_mut() {
                        t.push(Step::Collect { from: self.cell_of(idx), to: Cell::Store(to), seeds: s as u32 });
                    }
                }
            }
        }
    }

    /// Plays a move with the shared sowing kernel, recording every step.
    fn play_traced(&mut self, i: usize) -> Trace {
        let ring = self.ring();
        let start = self.pit_index(self.turn, i);
        let seeds = self.cells[start] as u32;
        let mut steps = vec![Step::Pick(self.cell_of(start))];
        let mut counts: Vec<u32> = self.cells.iter().map(|&c| c as u32).collect();
        counts[start] = 0;
        let mut drops = Vec::new();
        let last = sow_ring(&mut counts, &ring, i, seeds, false, |idx| drops.push(idx));
        steps.extend(drops.into_iter().map(|idx| Step::Drop(self.cell_of(idx))));
        for (c, v) in self.cells.iter_mut().zip(counts) {
            *c = v as u16;
        }
        self.key = self.compute_key();
        let effect = self.finish_move(last, Some(&mut steps));
        Trace { steps, laps: 1, extra_turn: effect.extra_turn }
    }
}

impl Position for Kalah {
    type Move = KalahMove;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<KalahMove> {
        let mask = self.legal_mask();
        (0..self.n() as u8).filter(|i| mask & (1 << i) != 0).map(KalahMove).collect()
    }

    fn play(&self, mv: KalahMove) -> Result<(Self, Trace), PlayError<Self>> {
        let i = mv.0 as usize;
        if let Some(reason) = IllegalMove::of_pit(self.is_over(), i, self.n(), || self.pit(self.turn, i), mv) {
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let trace = next.play_traced(i);
        Ok((next, trace))
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let s = self.final_scores();
        Some(Outcome::by_scores(s.south, s.north))
    }

    fn store(&self, player: Player) -> u32 {
        self.cells[self.store_index(player)] as u32
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        (0..=2 * self.n() + 1).map(|idx| (self.cell_of(idx), self.cells[idx] as u32)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k64() -> Kalah {
        KalahRules::standard(6, 4).unwrap().start()
    }

    #[test]
    fn opening_move_into_store_gives_extra_turn() {
        // South c (4 seeds) from pit index 2 lands d, e, f, store.
        let (p, t) = k64().play(KalahMove(2)).unwrap();
        assert!(t.extra_turn);
        assert_eq!(p.turn(), Player::South);
        assert_eq!(p.row(Player::South), vec![4, 4, 0, 5, 5, 5]);
        assert_eq!(p.stores().south, 1);
        assert_eq!(p.total_seeds(), 48);
    }

    #[test]
    fn capture_rules_differ_on_empty_opposite() {
        // South: a=1, b=0. North row all empty except f so the game goes on; opposite of South b
        // is North e (index n-1-1 = 4).
        for (capture, south_store, south_b) in
            [(CaptureRule::Standard, 0, 1), (CaptureRule::Empty, 1, 0), (CaptureRule::OppositeOnly, 0, 1)]
        {
            let rules = KalahRules::new(6, 4, capture, EndRule::EitherSideEmpty).unwrap();
            let setup = KalahSetup {
                south: vec![1, 0, 0, 0, 0, 3],
                north: vec![2, 0, 0, 0, 0, 0],
                stores: ByPlayer::default(),
                turn: Player::South,
            };
            let p = setup.validate(rules).unwrap();
            let (q, _) = p.play(KalahMove(0)).unwrap();
            assert_eq!(q.stores().south, south_store, "{capture:?}");
            assert_eq!(q.pit(Player::South, 1), south_b, "{capture:?}");
        }
    }

    #[test]
    fn capture_takes_opposite() {
        let rules = KalahRules::standard(6, 4).unwrap();
        let setup = KalahSetup {
            south: vec![1, 0, 0, 0, 0, 3],
            north: vec![2, 0, 0, 0, 7, 0],
            stores: ByPlayer::default(),
            turn: Player::South,
        };
        let (q, t) = setup.validate(rules).unwrap().play(KalahMove(0)).unwrap();
        assert_eq!(q.stores().south, 8);
        assert_eq!(q.pit(Player::North, 4), 0);
        assert!(t.steps.iter().any(|s| matches!(s, Step::Capture { seeds: 7, .. })));
        assert_eq!(q.turn(), Player::North);
    }

    #[test]
    fn end_rules() {
        // South sows its last two seeds: one in its store, one in North's a. South's side is empty.
        let setup = KalahSetup {
            south: vec![0, 0, 0, 0, 0, 2],
            north: vec![1, 1, 0, 0, 0, 0],
            stores: ByPlayer { south: 3, north: 2 },
            turn: Player::South,
        };
        let either = setup.validate(KalahRules::standard(6, 4).unwrap()).unwrap();
        let (q, t) = either.play(KalahMove(5)).unwrap();
        assert_eq!(q.outcome(), Some(Outcome::Win(Player::North)));
        assert_eq!(q.stores(), ByPlayer { south: 4, north: 5 });
        assert!(t.steps.iter().any(|s| matches!(s, Step::Collect { .. })));
        // Under the other end rule North can still move, so the game goes on.
        let mover = KalahRules::new(6, 4, CaptureRule::Standard, EndRule::MoverCannotMove).unwrap();
        let (q, _) = setup.validate(mover).unwrap().play(KalahMove(5)).unwrap();
        assert_eq!(q.outcome(), None);
        assert_eq!(q.turn(), Player::North);
        // North plays b (1 seed, into its c): South to move with no seeds: North takes the rest.
        let (r, _) = q.play(KalahMove(1)).unwrap();
        assert_eq!(r.outcome(), Some(Outcome::Win(Player::North)));
        assert_eq!(r.stores(), ByPlayer { south: 4, north: 5 });
    }

    #[test]
    fn laps_pass_the_origin_but_not_the_opponent_store() {
        let setup =
            KalahSetup { south: vec![0, 14], north: vec![1, 0], stores: ByPlayer::default(), turn: Player::South };
        let rules = KalahRules::standard(2, 4).unwrap();
        let p = setup.validate(rules).unwrap();
        let (q, t) = p.play(KalahMove(1)).unwrap();
        let mut fast = p;
        fast.play_unchecked(1);
        assert_eq!(q, fast);
        assert_eq!(q.total_seeds(), 15);
        assert!(t.path().all(|c| c != Cell::Store(Player::North)));
    }

    #[test]
    fn errors_hand_the_position_back() {
        let p = k64();
        let e = p.play(KalahMove(9)).unwrap_err();
        assert_eq!(e.position, p);
        assert_eq!(e.reason, IllegalMove::NoSuchPit("j".into()));
        assert!(KalahRules::standard(13, 4).is_err());
        assert!(KalahRules::standard(6, 100).is_err());
    }
}

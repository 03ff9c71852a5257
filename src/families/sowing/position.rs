//! Conway's Sowing (Erickson, "Sowing Games" §2): a row of pots; a move takes every seed of a
//! pot and sows them one by one into the following pots — Left to the right, Right to the left
//! (in the impartial version either player, either way) — and the last seed may not fall into
//! an empty pot nor past the end of the row. The player who cannot move loses (normal play).
//!
//! Left is drawn and stored as South (moves first by default), Right as North.

use core::fmt;

pub use crate::families::row::Direction;
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most pots a row may have.
pub const MAX_POTS: usize = 24;
/// Most seeds a pot may hold.
pub const MAX_SEEDS: u32 = 255;

/// The two readings of the paper: Left sows right and Right left, or either player either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SowingRules {
    /// Either player may sow either way (the paper's "natural impartial version").
    pub impartial: bool,
    /// Pots in the start position.
    pub pots: u8,
    /// Seeds in each pot at the start.
    pub seeds: u8,
}

/// Rules out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SowingRulesError {
    /// Pots must be 1..=24.
    Pots(u32),
    /// Seeds must be 0..=255.
    Seeds(u32),
}

impl fmt::Display for SowingRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SowingRulesError::Pots(n) => write!(f, "{n} pots is out of range: use 1 to {MAX_POTS}"),
            SowingRulesError::Seeds(n) => write!(f, "{n} seeds a pot is out of range: use 0 to {MAX_SEEDS}"),
        }
    }
}

impl std::error::Error for SowingRulesError {}

impl SowingRules {
    /// A start of `pots` pots of `seeds` seeds.
    ///
    /// # Errors
    /// Pots outside 1..=24 or seeds over 255.
    pub fn new(pots: u32, seeds: u32, impartial: bool) -> Result<SowingRules, SowingRulesError> {
        if !(1..=MAX_POTS as u32).contains(&pots) {
            return Err(SowingRulesError::Pots(pots));
        }
        if seeds > MAX_SEEDS {
            return Err(SowingRulesError::Seeds(seeds));
        }
        Ok(SowingRules { impartial, pots: pots as u8, seeds: seeds as u8 })
    }

    /// The start: every pot full, Left to move.
    pub fn start(&self) -> Sowing {
        let mut pots = [0u8; MAX_POTS];
        pots[..self.pots as usize].fill(self.seeds);
        Sowing { rules: *self, pots, len: self.pots, turn: Player::South }
    }
}

/// A move: the pot (0-based from the left) and the way it sows. Written as the pot's number
/// from 1 and `l` or `r`: `2r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct SowingMove {
    /// The pot, from 0 at the left.
    pub pot: u8,
    /// The way.
    pub dir: Direction,
}

impl fmt::Display for SowingMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}{}", self.pot as u32 + 1, self.dir.letter()))
    }
}

/// An unchecked row: what a link or the editor gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowingSetup {
    /// The rules.
    pub rules: SowingRules,
    /// The pots from the left.
    pub pots: Vec<u32>,
    /// Who moves: South is Left, North is Right.
    pub turn: Player,
}

/// Why a setup is not a Sowing position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SowingSetupError {
    /// No pot, or more than [`MAX_POTS`].
    Pots(usize),
    /// A pot holds more than [`MAX_SEEDS`] (its number from 1, its seeds).
    Seeds(usize, u32),
}

impl fmt::Display for SowingSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SowingSetupError::Pots(n) => write!(f, "a row of {n} pots: use 1 to {MAX_POTS}"),
            SowingSetupError::Seeds(k, n) => write!(f, "pot {k} holds {n} seeds: at most {MAX_SEEDS}"),
        }
    }
}

impl std::error::Error for SowingSetupError {}

impl SowingSetup {
    /// Checks the setup.
    ///
    /// # Errors
    /// No pot, too many pots, or too many seeds in a pot.
    pub fn validate(&self) -> Result<Sowing, SowingSetupError> {
        if self.pots.is_empty() || self.pots.len() > MAX_POTS {
            return Err(SowingSetupError::Pots(self.pots.len()));
        }
        let mut pots = [0u8; MAX_POTS];
        for (i, &n) in self.pots.iter().enumerate() {
            if n > MAX_SEEDS {
                return Err(SowingSetupError::Seeds(i + 1, n));
            }
            pots[i] = n as u8;
        }
        Ok(Sowing { rules: self.rules, pots, len: self.pots.len() as u8, turn: self.turn })
    }
}

/// A Sowing position: the pots, and who moves. Equality compares the rules, every pot and
/// the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sowing {
    rules: SowingRules,
    pots: [u8; MAX_POTS],
    len: u8,
    turn: Player,
}

impl Sowing {
    /// The rules.
    pub fn rules(&self) -> SowingRules {
        self.rules
    }

    /// The pots from the left.
    pub fn pots(&self) -> &[u8] {
        &self.pots[..self.len as usize]
    }

    /// The ways `player` may sow.
    fn directions(&self, player: Player) -> &'static [Direction] {
        match (self.rules.impartial, player) {
            (true, _) => &[Direction::Left, Direction::Right],
            (false, Player::South) => &[Direction::Right],
            (false, Player::North) => &[Direction::Left],
        }
    }

    /// Whether `mv` is legal for the side to move: its pot has seeds, they stay on the row,
    /// and the last one falls into a pot that is not empty.
    pub fn is_legal(&self, mv: SowingMove) -> bool {
        let (i, n) = (mv.pot as usize, self.len as usize);
        if i >= n || !self.directions(self.turn).contains(&mv.dir) {
            return false;
        }
        let k = self.pots[i] as usize;
        let last = match mv.dir {
            Direction::Right => i + k,
            Direction::Left => i.wrapping_sub(k),
        };
        k > 0 && last < n && self.pots[last] > 0
    }

    /// The legal moves without allocating, in pot order (left, then right for one pot).
    pub fn for_each_move(&self, mut f: impl FnMut(SowingMove)) {
        for pot in 0..self.len {
            for &dir in self.directions(self.turn) {
                let mv = SowingMove { pot, dir };
                if self.is_legal(mv) {
                    f(mv);
                }
            }
        }
    }

    /// Plays a legal move (unchecked), recording its steps when `trace` is given.
    pub fn play_unchecked(&mut self, mv: SowingMove, mut trace: Option<&mut Trace>) {
        let i = mv.pot as usize;
        let k = std::mem::take(&mut self.pots[i]) as usize;
        let cell = |j: usize| Cell::Pit { owner: Player::South, index: j as u16 };
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Pick(cell(i)));
        }
        for d in 1..=k {
            let j = if mv.dir == Direction::Right { i + d } else { i - d };
            self.pots[j] += 1;
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Drop(cell(j)));
            }
        }
        self.turn = !self.turn;
    }

    /// Whether the side to move has a move.
    pub fn can_move(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// A 64-bit key of the rules, the pots and the side to move.
    pub fn hash_key(&self) -> u64 {
        let mut h = 0x243F_6A88_85A3_08D3u64 ^ (self.rules.impartial as u64) << 1 ^ self.turn.index() as u64;
        for &p in self.pots() {
            h = (h ^ p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        h ^ self.len as u64
    }
}

impl Position for Sowing {
    type Move = SowingMove;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<SowingMove> {
        let mut v = vec![];
        self.for_each_move(|m| v.push(m));
        v
    }

    fn play(&self, mv: SowingMove) -> Result<(Self, Trace), PlayError<Self>> {
        if !self.is_legal(mv) {
            let reason = if !self.can_move() {
                IllegalMove::GameOver
            } else if mv.pot as usize >= self.len as usize {
                IllegalMove::NoSuchPit(mv.to_string())
            } else if self.pots[mv.pot as usize] == 0 {
                IllegalMove::EmptyPit(mv.to_string())
            } else {
                IllegalMove::NotSowable(mv.to_string())
            };
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let mut trace = Trace { laps: 1, ..Trace::default() };
        next.play_unchecked(mv, Some(&mut trace));
        Ok((next, trace))
    }

    /// Normal play: the player who cannot move loses.
    fn outcome(&self) -> Option<Outcome> {
        (!self.can_move()).then_some(Outcome::Win(!self.turn))
    }

    fn store(&self, _: Player) -> u32 {
        0
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        self.pots().iter().enumerate().map(|(i, &n)| (Cell::Pit { owner: Player::South, index: i as u16 }, n as u32)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &[u32], turn: Player, impartial: bool) -> Sowing {
        let rules = SowingRules::new(1, 0, impartial).unwrap();
        SowingSetup { rules, pots: text.to_vec(), turn }.validate().unwrap()
    }

    /// The paper's example: from 312 Left's only move gives 303; Right's give 402 and 420.
    #[test]
    fn the_papers_example() {
        let after = |p: Sowing| p.legal_moves().iter().map(|&m| p.play(m).unwrap().0.pots().to_vec()).collect::<Vec<_>>();
        assert_eq!(after(row(&[3, 1, 2], Player::South, false)), [vec![3, 0, 3]]);
        let mut right = after(row(&[3, 1, 2], Player::North, false));
        right.sort();
        assert_eq!(right, [vec![4, 0, 2], vec![4, 2, 0]]);
        // Impartial: either player, either way: the three of them.
        assert_eq!(after(row(&[3, 1, 2], Player::South, true)).len(), 3);
        // 303: Left cannot move (the 3s would go past the end or into an empty pot): Right wins.
        assert_eq!(row(&[3, 0, 3], Player::South, false).outcome(), Some(Outcome::Win(Player::North)));
    }
}

crate::families::row::row_searchable!(Sowing, SowingMove);

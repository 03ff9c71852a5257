//! Atomic Wari (Erickson, "Sowing Games" §3): a row of pots; a move takes every seed of a pot
//! holding at least two and sows them one by one *starting with that pot* — Left to the right,
//! Right to the left (in the impartial version either player, either way). If the last pot
//! sown then holds two or three seeds they are captured, and so on backwards along the pots
//! just sown while each holds two or three. The player who cannot move loses.
//!
//! The row is unbounded: a sowing that runs past an end makes the row longer (from 312,
//! Left's move from the last pot gives 3111). Left is drawn as South, Right as North.

use core::fmt;

pub use crate::families::row::Direction;
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};
use crate::families::row;

/// Most pots a setup may have.
pub const MAX_POTS: usize = 24;
/// Most seeds a pot of a setup may hold.
pub const MAX_SEEDS: u32 = 32;
/// Most pots the row may grow to in play: a move that would need more is refused (no row of
/// the paper comes near; see the rules card).
pub const ROOM: usize = 64;

/// Partizan or impartial, and the start position's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtomicRules {
    /// Either player may sow either way.
    pub impartial: bool,
    /// Pots in the start position.
    pub pots: u8,
    /// Seeds in each pot at the start.
    pub seeds: u8,
}

/// Rules out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtomicRulesError {
    /// Pots must be 1..=24.
    Pots(u32),
    /// Seeds must be 0..=32.
    Seeds(u32),
}

impl fmt::Display for AtomicRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtomicRulesError::Pots(n) => write!(f, "{n} pots is out of range: use 1 to {MAX_POTS}"),
            AtomicRulesError::Seeds(n) => write!(f, "{n} seeds a pot is out of range: use 0 to {MAX_SEEDS}"),
        }
    }
}

impl std::error::Error for AtomicRulesError {}

impl AtomicRules {
    /// A start of `pots` pots of `seeds` seeds.
    ///
    /// # Errors
    /// Pots outside 1..=24 or seeds over 32.
    pub fn new(pots: u32, seeds: u32, impartial: bool) -> Result<AtomicRules, AtomicRulesError> {
        if !(1..=MAX_POTS as u32).contains(&pots) {
            return Err(AtomicRulesError::Pots(pots));
        }
        if seeds > MAX_SEEDS {
            return Err(AtomicRulesError::Seeds(seeds));
        }
        Ok(AtomicRules { impartial, pots: pots as u8, seeds: seeds as u8 })
    }

    /// The start: every pot full, Left to move.
    pub fn start(&self) -> Atomic {
        let mut pots = [0u8; ROOM];
        pots[..self.pots as usize].fill(self.seeds);
        Atomic { rules: *self, pots, len: self.pots, turn: Player::South }
    }
}

/// A move: the pot (0-based from the left) and the way it sows; written `2r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct AtomicMove {
    /// The pot, from 0 at the left.
    pub pot: u8,
    /// The way.
    pub dir: Direction,
}

impl fmt::Display for AtomicMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}{}", self.pot as u32 + 1, self.dir.letter()))
    }
}

/// An unchecked row: what a link or the editor gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomicSetup {
    /// The rules.
    pub rules: AtomicRules,
    /// The pots from the left.
    pub pots: Vec<u32>,
    /// Who moves: South is Left, North is Right.
    pub turn: Player,
}

/// Why a setup is not an Atomic Wari position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtomicSetupError {
    /// No pot, or more than [`MAX_POTS`].
    Pots(usize),
    /// A pot holds more than [`MAX_SEEDS`] (its number from 1, its seeds).
    Seeds(usize, u32),
}

impl fmt::Display for AtomicSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtomicSetupError::Pots(n) => write!(f, "a row of {n} pots: use 1 to {MAX_POTS}"),
            AtomicSetupError::Seeds(k, n) => write!(f, "pot {k} holds {n} seeds: at most {MAX_SEEDS}"),
        }
    }
}

impl std::error::Error for AtomicSetupError {}

impl AtomicSetup {
    /// Checks the setup.
    ///
    /// # Errors
    /// No pot, too many pots, or too many seeds in a pot.
    pub fn validate(&self) -> Result<Atomic, AtomicSetupError> {
        if self.pots.is_empty() || self.pots.len() > MAX_POTS {
            return Err(AtomicSetupError::Pots(self.pots.len()));
        }
        let mut pots = [0u8; ROOM];
        for (i, &n) in self.pots.iter().enumerate() {
            if n > MAX_SEEDS {
                return Err(AtomicSetupError::Seeds(i + 1, n));
            }
            pots[i] = n as u8;
        }
        Ok(Atomic { rules: self.rules, pots, len: self.pots.len() as u8, turn: self.turn })
    }
}

/// An Atomic Wari position: the row and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atomic {
    rules: AtomicRules,
    pots: [u8; ROOM],
    len: u8,
    turn: Player,
}

/// Sows pot `i` of `pots` (its first `len` pots the row) the way `dir`, growing the row past
/// either end as needed, then captures: returns the new length and how far the row moved right
/// (pots added on the left). `None` when the row would outgrow [`ROOM`].
pub fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, mut trace: Option<&mut Trace>) -> Option<(usize, usize)> {
    let k = pots[i] as usize;
    let (mut len, mut i) = (len, i);
    let shift = match dir {
        Direction::Left => (k - 1).saturating_sub(i),
        Direction::Right => 0,
    };
    let need = match dir {
        Direction::Left => len + shift,
        Direction::Right => len.max(i + k),
    };
    if need > ROOM {
        return None;
    }
    if shift > 0 {
        pots.copy_within(0..len, shift);
        pots[..shift].fill(0);
        i += shift;
    }
    len = need;
    pots[i] = 0;
    if let Some(t) = trace.as_deref_mut() {
        t.steps.push(Step::Pick(row::cell(i)));
    }
    let at = |d: usize| if dir == Direction::Right { i + d } else { i - d };
    for d in 0..k {
        pots[at(d)] += 1;
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Drop(row::cell(at(d))));
        }
    }
    // Captures: the last pot, then backwards along the sown pots, while 2 or 3.
    for d in (1..k).rev() {
        let j = at(d);
        if !(2..=3).contains(&pots[j]) {
            break;
        }
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Capture { from: row::cell(j), to: Cell::Store(Player::South), seeds: pots[j] as u32 });
        }
        pots[j] = 0;
    }
    Some((len, shift))
}

impl Atomic {
    /// The rules.
    pub fn rules(&self) -> AtomicRules {
        self.rules
    }

    /// The pots from the left.
    pub fn pots(&self) -> &[u8] {
        &self.pots[..self.len as usize]
    }

    fn directions(&self, player: Player) -> &'static [Direction] {
        match (self.rules.impartial, player) {
            (true, _) => &[Direction::Left, Direction::Right],
            (false, Player::South) => &[Direction::Right],
            (false, Player::North) => &[Direction::Left],
        }
    }

    /// Whether `mv` is legal for the side to move: its pot holds two seeds or more, its way is
    /// the mover's, and the row does not outgrow [`ROOM`].
    pub fn is_legal(&self, mv: AtomicMove) -> bool {
        let (i, n) = (mv.pot as usize, self.len as usize);
        if i >= n || !self.directions(self.turn).contains(&mv.dir) || self.pots[i] < 2 {
            return false;
        }
        let k = self.pots[i] as usize;
        match mv.dir {
            Direction::Left => n + (k - 1).saturating_sub(i) <= ROOM,
            Direction::Right => i + k <= ROOM,
        }
    }

    /// The legal moves without allocating, in pot order (left, then right for one pot).
    pub fn for_each_move(&self, mut f: impl FnMut(AtomicMove)) {
        for pot in 0..self.len {
            if self.pots[pot as usize] < 2 {
                continue;
            }
            for &dir in self.directions(self.turn) {
                let mv = AtomicMove { pot, dir };
                if self.is_legal(mv) {
                    f(mv);
                }
            }
        }
    }

    /// Plays a legal move (unchecked), recording its steps when `trace` is given.
    pub fn play_unchecked(&mut self, mv: AtomicMove, trace: Option<&mut Trace>) {
        if let Some((len, _)) = sow(&mut self.pots, self.len as usize, mv.pot as usize, mv.dir, trace) {
            self.len = len as u8;
        }
        self.turn = !self.turn;
    }

    /// Whether the side to move has a move.
    pub fn can_move(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// A 64-bit key of the rules, the row (without its empty ends) and the side to move.
    pub fn hash_key(&self) -> u64 {
        let mut h = 0x1319_8A2E_0370_7344u64 ^ (self.rules.impartial as u64) << 1 ^ self.turn.index() as u64;
        for &p in row::trimmed(self.pots()) {
            h = (h ^ p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        h
    }
}

impl Position for Atomic {
    type Move = AtomicMove;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<AtomicMove> {
        let mut v = vec![];
        self.for_each_move(|m| v.push(m));
        v
    }

    fn play(&self, mv: AtomicMove) -> Result<(Self, Trace), PlayError<Self>> {
        if !self.is_legal(mv) {
            let i = mv.pot as usize;
            let reason = if !self.can_move() {
                IllegalMove::GameOver
            } else if i >= self.len as usize {
                IllegalMove::NoSuchPit(mv.to_string())
            } else if self.pots[i] == 0 {
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
        self.pots().iter().enumerate().map(|(i, &n)| (row::cell(i), n as u32)).collect()
    }
}

crate::families::row::row_searchable!(Atomic, AtomicMove);

#[cfg(test)]
mod tests {
    use super::*;

    fn after(pots: &[u32], turn: Player, impartial: bool) -> Vec<String> {
        let rules = AtomicRules::new(1, 0, impartial).unwrap();
        let p = AtomicSetup { rules, pots: pots.to_vec(), turn }.validate().unwrap();
        let mut out: Vec<String> =
            p.legal_moves().iter().map(|&m| row::row_text(row::trimmed(p.play(m).unwrap().0.pots()))).collect();
        out.sort();
        out
    }

    /// Erickson §3: from 312 Left moves to 1 (100, capturing 3 then 2) or 3111; Right to 301
    /// or 11112.
    #[test]
    fn the_papers_312() {
        assert_eq!(after(&[3, 1, 2], Player::South, false), ["1", "3111"]);
        assert_eq!(after(&[3, 1, 2], Player::North, false), ["11112", "301"]);
        assert_eq!(after(&[3, 1, 2], Player::South, true), ["1", "11112", "301", "3111"]);
        // A pot of one seed is never sown: 1101 is over.
        assert!(after(&[1, 1, 0, 1], Player::South, true).is_empty());
    }
}

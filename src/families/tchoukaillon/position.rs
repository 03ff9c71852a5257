//! Tchoukaillon, the solitaire of Deledicq and Popova (Broline & Loeb, §3): a row of pits
//! numbered 1, 2, ... from the Roumba; pit `i` may be harvested only when it holds exactly `i`
//! seeds, which sows one seed into each of pits `i-1, ..., 1` and the last into the Roumba.
//! The game is won when every seed is in the Roumba.

use core::fmt;

use crate::engine::sow::sow_ring;
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most pits a Tchoukaillon board can have (the winning position for 12,000 seeds needs 195).
pub const MAX_PITS: usize = 200;
/// Most seeds a Tchoukaillon board can hold.
pub const MAX_SEEDS: u64 = 20_000;

/// A Tchoukaillon board that has not been checked: pits from the Roumba outwards.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TchoukaillonSetup {
    /// `pits[i - 1]` is the content of pit `i`.
    pub pits: Vec<u32>,
    /// Seeds already in the Roumba.
    pub roumba: u32,
}

/// Why a setup is not a Tchoukaillon position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TchoukaillonSetupError {
    /// No pits, or more than [`MAX_PITS`].
    PitCount(usize),
    /// More than [`MAX_SEEDS`] seeds.
    TooManySeeds(u64),
}

impl fmt::Display for TchoukaillonSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TchoukaillonSetupError::PitCount(n) => {
                write!(f, "{n} pits is out of range: use 1 to {MAX_PITS}")
            }
            TchoukaillonSetupError::TooManySeeds(n) => {
                write!(f, "{n} seeds is too many: at most {MAX_SEEDS}")
            }
        }
    }
}

impl std::error::Error for TchoukaillonSetupError {}

impl TchoukaillonSetup {
    /// Checks the setup.
    ///
    /// # Errors
    /// No pits, too many pits or too many seeds.
    pub fn validate(&self) -> Result<Tchoukaillon, TchoukaillonSetupError> {
        if self.pits.is_empty() || self.pits.len() > MAX_PITS {
            return Err(TchoukaillonSetupError::PitCount(self.pits.len()));
        }
        let total = self.pits.iter().map(|&x| x as u64).sum::<u64>() + self.roumba as u64;
        if total > MAX_SEEDS {
            return Err(TchoukaillonSetupError::TooManySeeds(total));
        }
        let mut cells = Vec::with_capacity(self.pits.len() + 1);
        cells.push(self.roumba);
        cells.extend_from_slice(&self.pits);
        Ok(Tchoukaillon { cells })
    }
}

/// A move: the number of the pit harvested (1 is next to the Roumba).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct TchoukaillonMove(pub u16);

impl fmt::Display for TchoukaillonMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0.to_string())
    }
}

/// A valid Tchoukaillon position. Equality compares every pit and the Roumba.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Tchoukaillon {
    /// `cells[0]` is the Roumba, `cells[i]` pit `i`.
    cells: Vec<u32>,
}

impl fmt::Debug for Tchoukaillon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tchoukaillon(pits {:?}, roumba {})", &self.cells[1..], self.cells[0])
    }
}

impl Tchoukaillon {
    /// Number of pits.
    pub fn len(&self) -> usize {
        self.cells.len() - 1
    }

    /// Always false: a board has at least one pit.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Seeds in pit `i` (1-based).
    pub fn pit(&self, i: usize) -> u32 {
        self.cells[i]
    }

    /// The pits from pit 1 outwards.
    pub fn pits(&self) -> &[u32] {
        &self.cells[1..]
    }

    /// Seeds in the Roumba.
    pub fn roumba(&self) -> u32 {
        self.cells[0]
    }

    /// Seeds still in the pits.
    pub fn seeds_left(&self) -> u32 {
        self.cells[1..].iter().sum()
    }

    /// The unvalidated form.
    pub fn to_setup(&self) -> TchoukaillonSetup {
        TchoukaillonSetup { pits: self.pits().to_vec(), roumba: self.roumba() }
    }

    /// The smallest harvestable pit: by Broline & Loeb's Proposition 4 the only move that can
    /// keep a win possible.
    pub fn smallest_harvestable(&self) -> Option<TchoukaillonMove> {
        (1..self.cells.len()).find(|&i| self.cells[i] as usize == i).map(|i| TchoukaillonMove(i as u16))
    }

    /// Whether every seed can still be pocketed. Plays the smallest harvestable pit until it
    /// cannot (Proposition 4), so it takes at most as many moves as there are seeds.
    pub fn is_winnable(&self) -> bool {
        self.winning_line().is_some()
    }

    /// The winning sequence of moves from here, if there is one (it is unique).
    pub fn winning_line(&self) -> Option<Vec<TchoukaillonMove>> {
        let mut p = self.clone();
        let mut line = Vec::new();
        while let Some(mv) = p.smallest_harvestable() {
            p.harvest(mv.0 as usize);
            line.push(mv);
        }
        (p.seeds_left() == 0).then_some(line)
    }

    /// The unique winning position with `seeds` seeds (Broline & Loeb, Theorem 5), built by
    /// playing the winning strategy backwards: put `i` seeds in the first empty pit `i` and take
    /// one from each pit before it. `None` when it needs more than [`MAX_PITS`] pits or `seeds`
    /// is over [`MAX_SEEDS`].
    pub fn winning_position(seeds: u32) -> Option<Tchoukaillon> {
        if seeds as u64 > MAX_SEEDS {
            return None;
        }
        let mut pits: Vec<u32> = Vec::new();
        for _ in 0..seeds {
            let i = pits.iter().position(|&x| x == 0).unwrap_or(pits.len());
            if i == pits.len() {
                if pits.len() == MAX_PITS {
                    return None;
                }
                pits.push(0);
            }
            for p in &mut pits[..i] {
                *p -= 1;
            }
            pits[i] = i as u32 + 1;
        }
        if pits.is_empty() {
            pits.push(0);
        }
        Some(TchoukaillonSetup { pits, roumba: 0 }.validate().expect("in range"))
    }

    fn harvest(&mut self, i: usize) -> u32 {
        let seeds = self.cells[i];
        self.cells[i] = 0;
        let ring: Vec<usize> = (0..self.cells.len()).rev().collect();
        let start = self.cells.len() - 1 - i;
        sow_ring(&mut self.cells, &ring, start, seeds, false, |_| {});
        seeds
    }
}

impl Position for Tchoukaillon {
    type Move = TchoukaillonMove;

    fn turn(&self) -> Player {
        Player::South
    }

    fn legal_moves(&self) -> Vec<TchoukaillonMove> {
        (1..self.cells.len()).filter(|&i| self.cells[i] as usize == i).map(|i| TchoukaillonMove(i as u16)).collect()
    }

    fn play(&self, mv: TchoukaillonMove) -> Result<(Self, Trace), PlayError<Self>> {
        let i = mv.0 as usize;
        let reason = if i == 0 || i > self.len() {
            Some(IllegalMove::NoSuchPit(mv.to_string()))
        } else if self.cells[i] as usize != i {
            Some(IllegalMove::NotHarvestable { pit: mv.to_string(), holds: self.cells[i], needs: i as u32 })
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(PlayError { position: self.clone(), reason });
        }
        let mut next = self.clone();
        let mut steps = vec![Step::Pick(cell_of(i))];
        steps.extend((0..i).rev().map(|j| Step::Drop(cell_of(j))));
        next.harvest(i);
        Ok((next, Trace { steps, laps: 1, extra_turn: true }))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.seeds_left() == 0 {
            Some(Outcome::Solved)
        } else if self.smallest_harvestable().is_none() {
            Some(Outcome::Stuck)
        } else {
            None
        }
    }

    fn store(&self, _player: Player) -> u32 {
        self.roumba()
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        self.cells.iter().enumerate().map(|(i, &n)| (cell_of(i), n)).collect()
    }
}

fn cell_of(i: usize) -> Cell {
    if i == 0 {
        Cell::Store(Player::South)
    } else {
        Cell::Pit { owner: Player::South, index: (i - 1) as u16 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_stones() {
        // Broline & Loeb, Figure 4, s = 9: 1 2 2 4.
        let p = Tchoukaillon::winning_position(9).unwrap();
        assert_eq!(p.pits(), &[1, 2, 2, 4]);
        assert_eq!(p.winning_line().unwrap().len(), 9);
    }

    #[test]
    fn illegal_harvest_is_explained() {
        let p = TchoukaillonSetup { pits: vec![0, 3], roumba: 0 }.validate().unwrap();
        let e = p.play(TchoukaillonMove(2)).unwrap_err();
        assert_eq!(e.reason.to_string(), "pit 2 holds 3 seeds; it can be harvested only with exactly 2");
        assert_eq!(p.outcome(), Some(Outcome::Stuck));
        assert!(p.play(TchoukaillonMove(9)).is_err());
    }
}

//! Broline & Loeb's Theorem 3, checked with the Ayo engine: the determined Ayo positions are
//! Tchoukaillon's winnable positions.
//!
//! The paper numbers the pits clockwise: South plays from pits n + 1 down to 2, North from 1
//! down to −n + 2, and the sowing goes from higher numbers to lower. On this product's board
//! (pits named from each owner's left, sown counterclockwise) the paper's pit 1 is North's `a`,
//! pit 0 North's `b`, and pit i ≥ 2 South's pit n + 1 − i (0-based: pit 2 is South's last).
//!
//! Definition 1: in a determined position South can play so that she captures at every turn,
//! never from an Odu, North keeps exactly one stone after each of her turns, and every stone is
//! captured by her but the one awarded to North. The check below plays that out on the Ayo
//! engine itself (North's single stone gives him one move; South's moves are all tried).
//!
//! Why an exhaustive check is finite: in a determined line South's paper pit i can only ever be
//! sown with at most i stones (with more its last stone falls beyond pit 0, on North's side
//! where it makes no capture, or on her own side, or it is an Odu: each breaks the definition),
//! and every pit is sown before the board is empty; so a candidate holds at most i stones in
//! pit i, at most (n + 1)(n + 2)/2 stones in all, and there are ∏ (i + 1) candidates.

mod task;
pub use task::*;

use serde::{Deserialize, Serialize};

use crate::engine::{ByPlayer, Player, Position};
use crate::families::oware::{Oware, OwareRules, OwareSetup, Ruleset};

/// The Ayo position of a Tchoukaillon position (`pits[0]` is pit 1) on a board of `n` pits a
/// side: South's pits from Tchoukaillon's pits 2, 3, ...; North's single stone in pit 1 (North
/// to move) when pit 1 holds one, else in pit 0 (South to move). `None` when the position needs
/// more than n + 1 pits or pit 1 holds more than one.
pub fn ayo_of(pits: &[u32], n: usize) -> Option<Oware> {
    if pits.len() > n + 1 || pits.first().copied().unwrap_or(0) > 1 {
        return None;
    }
    let mut south = vec![0u32; n];
    for (k, &x) in pits.iter().enumerate().skip(1) {
        // Tchoukaillon pit k + 1 is the paper's pit k + 1: South's pit n + 1 − (k + 1).
        south[n - k] = x;
    }
    let mut north = vec![0u32; n];
    let turn = if pits.first() == Some(&1) {
        north[0] = 1;
        Player::North
    } else {
        north[1 % n] = 1;
        Player::South
    };
    let rules = OwareRules::new(Ruleset::Ayo, n as u32, 0, false).ok()?;
    OwareSetup { south, north, captured: ByPlayer { south: 0, north: 0 }, turn }.validate(rules).ok()
}

/// Whether South can play out Definition 1 from `p`; returns South's moves when she can.
pub fn determined_line(p: &Oware) -> Option<Vec<u8>> {
    let total = p.board_seeds() + p.captured().south + p.captured().north;
    let mut line = vec![];
    go(p, total, &mut line).then_some(line)
}

fn go(p: &Oware, total: u32, line: &mut Vec<u8>) -> bool {
    if p.is_over() {
        let c = p.captured();
        // Ended by play (North left unable to give South a move, his stone awarded to him), not
        // by the rule that ends a game where no capture can happen again.
        return !p.stalled() && c.north == 1 && c.south == total - 1;
    }
    let n = p.rules().pits();
    match p.turn() {
        Player::North => {
            let moves = p.legal_moves();
            if p.side_seeds(Player::North) != 1 || moves.len() != 1 {
                return false;
            }
            let mut q = *p;
            q.play_unchecked(moves[0].0 as usize);
            go(&q, total, line)
        }
        Player::South => {
            for m in p.legal_moves() {
                let i = m.0 as usize;
                if p.pit(Player::South, i) as usize >= 2 * n {
                    continue; // an Odu
                }
                let mut q = *p;
                let e = q.play_unchecked(i);
                if e.captured == 0 || (!q.is_over() && q.side_seeds(Player::North) != 1) {
                    continue;
                }
                line.push(m.0);
                if go(&q, total, line) {
                    return true;
                }
                line.pop();
            }
            false
        }
    }
}

/// The exhaustive check on one board size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardCheck {
    /// Pits a side.
    pub pits: usize,
    /// Candidates tried (both sides to move).
    pub candidates: u64,
    /// Determined positions found, by stones: (stones, North to move, South to move).
    pub by_stones: Vec<(u32, u32, u32)>,
    /// The most stones of a determined position.
    pub largest: u32,
    /// Every determined position found is the Ayo position of Tchoukaillon's winning position
    /// for its stones (the bijection of Theorem 3), and every such position that fits the board
    /// is found.
    pub bijection_holds: bool,
}

/// Every candidate position on a board of `n` pits a side (South's paper pit i holding at most
/// i stones; North's single stone in pit 1, North to move, or in pit 0, South to move), each
/// played out by [`determined_line`].
pub fn check_board(n: usize) -> BoardCheck {
    let mut by: Vec<(u32, u32, u32)> = vec![];
    let mut candidates = 0u64;
    let mut found: Vec<Vec<u32>> = vec![];
    // Tchoukaillon pits 2..=n+1: pit i holds 0..=i.
    let mut t = vec![0u32; n];
    loop {
        for first in [1u32, 0] {
            let mut pits = vec![first];
            pits.extend_from_slice(&t);
            while pits.len() > 1 && pits.last() == Some(&0) {
                pits.pop();
            }
            let stones: u32 = pits.iter().sum::<u32>() + (1 - first);
            if first == 0 && pits.iter().sum::<u32>() == 0 {
                continue;
            }
            let Some(p) = ayo_of(&pits, n) else { continue };
            candidates += 1;
            if determined_line(&p).is_some() {
                let s = stones as usize;
                if by.len() <= s {
                    by.resize(s + 1, (0, 0, 0));
                }
                by[s].0 = stones;
                if first == 1 {
                    by[s].1 += 1;
                } else {
                    by[s].2 += 1;
                }
                found.push(pits);
            }
        }
        // Next candidate (an odometer with digit k ranging 0..=k + 2).
        let mut k = 0;
        while k < n {
            t[k] += 1;
            if t[k] <= k as u32 + 2 {
                break;
            }
            t[k] = 0;
            k += 1;
        }
        if k == n {
            break;
        }
    }
    let by_stones: Vec<(u32, u32, u32)> = by.into_iter().filter(|e| e.1 + e.2 > 0).collect();
    let largest = by_stones.iter().map(|e| e.0).max().unwrap_or(0);
    // The bijection: each Tchoukaillon winning position that fits the board is found, and
    // nothing else is.
    let mut expected: Vec<Vec<u32>> = vec![];
    for s in 1..=((n + 1) * (n + 2) / 2) as u32 {
        if let Some(w) = crate::families::tchoukaillon::Tchoukaillon::winning_position(s) {
            let mut pits = w.pits().to_vec();
            while pits.len() > 1 && pits.last() == Some(&0) {
                pits.pop();
            }
            if pits.len() <= n + 1 {
                expected.push(pits);
            }
        }
    }
    let mut a = found.clone();
    a.sort();
    expected.sort();
    BoardCheck { pits: n, candidates, by_stones, largest, bijection_holds: a == expected }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figure 2's position: nine stones, North to move, and its line.
    #[test]
    fn the_nine_stone_position_is_determined() {
        let w = crate::families::tchoukaillon::Tchoukaillon::winning_position(9).unwrap();
        let p = ayo_of(w.pits(), 6).unwrap();
        assert_eq!(p.turn(), Player::North);
        assert_eq!(p.board_seeds(), 9);
        let line = determined_line(&p).expect("determined");
        // Eight stones captured by South, two a turn (North's and the one she sows onto it),
        // and one awarded to North.
        assert_eq!(line.len(), 4);
        let mut q = p;
        for &m in &line {
            if q.turn() == Player::North {
                let only = q.legal_moves()[0].0;
                q.play_unchecked(only as usize);
            }
            q.play_unchecked(m as usize);
        }
        assert!(q.is_over());
        assert_eq!((q.captured().south, q.captured().north), (8, 1));
    }

    /// The 12-pit board: no determined position has more than 21 stones (the paper's claim),
    /// and the determined positions are exactly Tchoukaillon's winning positions that fit.
    #[test]
    fn twelve_pits_hold_at_most_21_stones() {
        let c = check_board(6);
        assert_eq!(c.largest, 21);
        assert!(c.bijection_holds, "{c:?}");
        assert_eq!(c.candidates, 2 * 20_160 - 1);
    }
}

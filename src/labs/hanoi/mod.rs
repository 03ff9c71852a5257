//! Erickson's "Towers of Hanoi go to Africa" (Sowing Games §2): from n pots of one seed each,
//! move every seed into the last pot with Sowing's moves — empty a pot into the following pots,
//! one seed each, the last seed neither into an empty pot nor past the end of the row.
//!
//! The paper's first algorithm gathers the first n − 1 seeds into the *first* pot, so the puzzle
//! takes the impartial game's moves, either way; with rightward moves alone most n cannot be
//! solved. Both of Erickson's algorithms are here as move lists (2ⁿ⁻¹ − 1 moves, and T(n) with
//! T(2m) = 3T(m) + 1, T(2m+1) = 2T(m) + T(m+1) + 2), and the true minimum by an exhaustive
//! breadth-first search from both ends, checked by a plain one on small n.

use std::collections::{HashSet, VecDeque};

mod task;
pub use task::*;

use serde::{Deserialize, Serialize};

use crate::cgt::HashMap;
use crate::families::row::{Direction, RowGame, ROOM};
use crate::families::sowing::{SowingGame, SowingMove};

/// Most pots the searches take (a pot's count fits 5 bits and the row 128; Sowing's rows hold 24
/// pots at the start).
pub const MAX_POTS: usize = 24;

/// A move: Sowing's, a pot (from 0) and its way, written `2r`.
pub type HanoiMove = SowingMove;

/// Whether `mv` is legal on `pots`: Sowing's rule ([`SowingGame::can_sow`]).
pub fn is_legal(pots: &[u8], mv: HanoiMove) -> bool {
    (mv.pot as usize) < pots.len() && SowingGame::can_sow(pots, mv.pot as usize, mv.dir)
}

/// Plays a legal move: Sowing's sowing ([`SowingGame::sow`]).
pub fn play(pots: &mut [u8], mv: HanoiMove) {
    let n = pots.len();
    let mut row = [0u8; ROOM];
    row[..n].copy_from_slice(pots);
    SowingGame::sow(&mut row, n, mv.pot as usize, mv.dir, None);
    pots.copy_from_slice(&row[..n]);
}

/// The legal moves, rightward ones only when `right_only`.
pub fn moves(pots: &[u8], right_only: bool) -> impl Iterator<Item = HanoiMove> + '_ {
    let ways: &'static [Direction] =
        if right_only { &[Direction::Right] } else { &[Direction::Right, Direction::Left] };
    (0..pots.len() as u8)
        .flat_map(move |pot| ways.iter().map(move |&dir| HanoiMove::new(pot, dir)))
        .filter(move |&m| is_legal(pots, m))
}

/// Whether every seed is in the last pot.
pub fn is_solved(pots: &[u8]) -> bool {
    pots.split_last().is_some_and(|(_, rest)| rest.iter().all(|&p| p == 0))
}

/// The start, 1ⁿ.
pub fn start(n: usize) -> Vec<u8> {
    vec![1; n]
}

/// Gathers the seeds of pots `lo..lo+len` (one each, but the pot they gather into may hold
/// more) into its last pot (`Right`) or its first (`Left`), by the first algorithm: gather all
/// but the far end into the near end, sow it across, and gather the rest.
fn exponential_into(lo: usize, len: usize, way: Direction, out: &mut Vec<HanoiMove>) {
    if len <= 1 {
        return;
    }
    match way {
        Direction::Right => {
            exponential_into(lo, len - 1, Direction::Left, out);
            out.push(HanoiMove::new(lo as u8, Direction::Right));
            exponential_into(lo + 1, len - 1, Direction::Right, out);
        }
        Direction::Left => {
            exponential_into(lo + 1, len - 1, Direction::Right, out);
            out.push(HanoiMove::new((lo + len - 1) as u8, Direction::Left));
            exponential_into(lo, len - 1, Direction::Left, out);
        }
    }
}

/// Erickson's first algorithm: (i) gather the first n − 1 seeds into the first pot, (ii) sow
/// it, (iii) gather pots 2..n into the last, pretending it holds one seed: 2ⁿ⁻¹ − 1 moves.
pub fn exponential(n: usize) -> Vec<HanoiMove> {
    let mut out = Vec::new();
    exponential_into(0, n, Direction::Right, &mut out);
    out
}

/// Gathers pots `lo..lo+len` into the last of them by the second algorithm.
fn recursive_into(lo: usize, len: usize, out: &mut Vec<HanoiMove>) {
    if len <= 1 {
        return;
    }
    let m = len / 2;
    if len % 2 == 0 {
        // (i) m 0^{m-1} m, (ii) sow the first to 1^{m-1}(m+1), (iii) gather the second half.
        recursive_into(lo, m, out);
        recursive_into(lo + m, m, out);
        out.push(HanoiMove::new((lo + m - 1) as u8, Direction::Right));
        recursive_into(lo + m, m, out);
    } else {
        // (i) m 1 0^{m-1} m, (ii) the middle seed left: (m+1) 0^m m, (iii) sow the first to
        // 1^m (m+1), (iv) gather the last m + 1 pots.
        recursive_into(lo, m, out);
        recursive_into(lo + m + 1, m, out);
        out.push(HanoiMove::new((lo + m) as u8, Direction::Left));
        out.push(HanoiMove::new((lo + m - 1) as u8, Direction::Right));
        recursive_into(lo + m, m + 1, out);
    }
}

/// Erickson's second algorithm, T(n) moves.
pub fn recursive(n: usize) -> Vec<HanoiMove> {
    let mut out = Vec::new();
    recursive_into(0, n, &mut out);
    out
}

/// T(n) by the paper's recurrence.
pub fn t_of(n: u64) -> u64 {
    match n {
        0 | 1 => 0,
        _ if n % 2 == 0 => 3 * t_of(n / 2) + 1,
        _ => 2 * t_of(n / 2) + t_of(n / 2 + 1) + 2,
    }
}

/// 2ⁿ⁻¹ − 1, the first algorithm's moves (saturating past 2⁶⁴).
pub fn exponential_count(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        1u64.checked_shl(n as u32 - 1).map_or(u64::MAX, |p| p - 1)
    }
}

/// Plays `line` from 1ⁿ: the position after each move, or the first illegal move's index.
pub fn replay(n: usize, line: &[HanoiMove]) -> Result<Vec<Vec<u8>>, usize> {
    let mut pots = start(n);
    let mut out = vec![pots.clone()];
    for (k, &m) in line.iter().enumerate() {
        if !is_legal(&pots, m) {
            return Err(k);
        }
        play(&mut pots, m);
        out.push(pots.clone());
    }
    Ok(out)
}

/// The exhaustive search's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Minimum {
    /// Pots.
    pub n: usize,
    /// Whether only rightward moves were allowed.
    pub right_only: bool,
    /// The fewest moves, if the puzzle can be solved at all.
    pub moves: Option<u64>,
    /// A shortest line.
    pub line: Vec<HanoiMove>,
    /// Distinct positions the search stored.
    pub states: u64,
    /// Whether the search stopped at its limit of states (then `moves` is unknown).
    pub cut: bool,
}

fn encode(pots: &[u8]) -> u128 {
    pots.iter().fold(0u128, |k, &p| (k << 5) | p as u128)
}

fn decode(mut key: u128, n: usize, pots: &mut [u8]) {
    for i in (0..n).rev() {
        pots[i] = (key & 31) as u8;
        key >>= 5;
    }
}

/// The positions from which a move leads to `pots` (Sowing's move undone), with the move.
fn predecessors(pots: &[u8], right_only: bool, f: &mut dyn FnMut(&[u8], HanoiMove)) {
    let n = pots.len();
    let mut prev = pots.to_vec();
    for i in 0..n {
        if pots[i] != 0 {
            continue;
        }
        // Sown rightwards from pot i with k seeds: pots i+1..=i+k each got one, and pot i+k
        // held one before.
        let mut k = 1;
        while i + k < n && pots[i + k] >= 1 {
            if pots[i + k] >= 2 {
                prev.copy_from_slice(pots);
                prev[i] = k as u8;
                for d in 1..=k {
                    prev[i + d] -= 1;
                }
                f(&prev, HanoiMove::new(i as u8, Direction::Right));
            }
            k += 1;
        }
        if right_only {
            continue;
        }
        let mut k = 1;
        while k <= i && pots[i - k] >= 1 {
            if pots[i - k] >= 2 {
                prev.copy_from_slice(pots);
                prev[i] = k as u8;
                for d in 1..=k {
                    prev[i - d] -= 1;
                }
                f(&prev, HanoiMove::new(i as u8, Direction::Left));
            }
            k += 1;
        }
    }
}

/// The fewest moves from 1ⁿ to n in the last pot, by breadth-first search from both ends (the
/// smaller frontier grows a layer at a time), storing at most `max_states` positions.
///
/// # Panics
/// If `n` is 0 or over [`MAX_POTS`].
pub fn minimum(n: usize, right_only: bool, max_states: u64, tick: &mut dyn FnMut(u64) -> bool) -> Minimum {
    assert!((1..=MAX_POTS).contains(&n), "1 to {MAX_POTS} pots");
    let from = encode(&start(n));
    let mut goal_pots = vec![0u8; n];
    goal_pots[n - 1] = n as u8;
    let to = encode(&goal_pots);
    let mut result = Minimum { n, right_only, moves: None, line: vec![], states: 1, cut: false };
    if from == to {
        result.moves = Some(0);
        return result;
    }
    // Each side: a position's key -> the move that reached it and the key it came from.
    let mut seen: [HashMap<u128, (HanoiMove, u128)>; 2] = [HashMap::default(), HashMap::default()];
    let none = HanoiMove::new(u8::MAX, Direction::Right);
    seen[0].insert(from, (none, from));
    seen[1].insert(to, (none, to));
    let mut frontier = [vec![from], vec![to]];
    let mut depth = [0u64, 0];
    let mut pots = vec![0u8; n];
    let mut row = [0u8; ROOM];
    loop {
        let side = usize::from(frontier[1].len() < frontier[0].len());
        if frontier[side].is_empty() {
            // One side has nothing left to reach: no line.
            result.states = (seen[0].len() + seen[1].len()) as u64;
            return result;
        }
        let mut next = Vec::new();
        let mut meet = None;
        let (mine, other) = if side == 0 {
            let (a, b) = seen.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = seen.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        // A table that cannot grow (memory refused) stops the search as the limit does,
        // rather than aborting the program.
        let mut no_room = false;
        for &key in &frontier[side] {
            decode(key, n, &mut pots);
            let mut visit = |q: &[u8], mv: HanoiMove| {
                let k = encode(q);
                if no_room
                    || (mine.len() == mine.capacity()
                        && crate::engine::memory::fallible(|| mine.try_reserve(mine.len().max(64))).is_err())
                {
                    no_room = true;
                    return;
                }
                if let std::collections::hash_map::Entry::Vacant(e) = mine.entry(k) {
                    e.insert((mv, key));
                    if meet.is_none() && other.contains_key(&k) {
                        meet = Some(k);
                    }
                    next.push(k);
                }
            };
            if side == 0 {
                row[..n].copy_from_slice(&pots);
                for mv in moves(&pots, right_only) {
                    let mut q = row;
                    SowingGame::sow(&mut q, n, mv.pot as usize, mv.dir, None);
                    visit(&q[..n], mv);
                }
            } else {
                predecessors(&pots, right_only, &mut visit);
            }
            if meet.is_some() {
                break;
            }
        }
        depth[side] += 1;
        let stored = (seen[0].len() + seen[1].len()) as u64;
        result.states = stored;
        if let Some(k) = meet {
            result.moves = Some(depth[0] + depth[1]);
            result.line = line_through(&seen, k, from, to);
            return result;
        }
        if no_room || stored > max_states || !tick(stored) {
            result.cut = true;
            return result;
        }
        frontier[side] = next;
    }
}

/// The line from `from` to `to` through the meeting position `k`.
fn line_through(seen: &[HashMap<u128, (HanoiMove, u128)>; 2], k: u128, from: u128, to: u128) -> Vec<HanoiMove> {
    let mut first = Vec::new();
    let mut at = k;
    while at != from {
        let (mv, prev) = seen[0][&at];
        first.push(mv);
        at = prev;
    }
    first.reverse();
    // Backward side: from k, the stored move was played from k to reach the stored key.
    let mut at = k;
    while at != to {
        let (mv, next) = seen[1][&at];
        first.push(mv);
        at = next;
    }
    first
}

/// The fewest moves by a plain breadth-first search forwards (no hashing tricks, no meeting in
/// the middle): the check of [`minimum`] on small n.
pub fn minimum_naive(n: usize, right_only: bool) -> Option<u64> {
    let start = start(n);
    let mut seen: HashSet<Vec<u8>> = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0u64)]);
    while let Some((p, d)) = queue.pop_front() {
        if is_solved(&p) {
            return Some(d);
        }
        for mv in moves(&p, right_only) {
            let mut q = p.clone();
            play(&mut q, mv);
            if seen.insert(q.clone()) {
                queue.push_back((q, d + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_algorithms_are_legal_and_solve() {
        for n in 1..=16 {
            let e = exponential(n);
            assert_eq!(e.len() as u64, exponential_count(n as u64), "n = {n}");
            let r = recursive(n);
            assert_eq!(r.len() as u64, t_of(n as u64), "n = {n}");
            for line in [&e, &r] {
                let positions = replay(n, line).unwrap_or_else(|k| panic!("n = {n}: move {k} illegal"));
                assert!(is_solved(positions.last().unwrap()), "n = {n}");
            }
        }
        // T(2^k) = (3^k − 1)/2.
        for k in 0..10u32 {
            assert_eq!(t_of(1 << k), (3u64.pow(k) - 1) / 2);
        }
    }

    #[test]
    fn the_minimum_is_the_naive_one_and_its_line_solves() {
        for n in 1..=8 {
            for right_only in [false, true] {
                let m = minimum(n, right_only, u64::MAX, &mut |_| true);
                assert_eq!(m.moves, minimum_naive(n, right_only), "n = {n}, right only {right_only}");
                if let Some(k) = m.moves {
                    assert_eq!(m.line.len() as u64, k);
                    let end = replay(n, &m.line).expect("legal");
                    assert!(is_solved(end.last().unwrap()));
                    assert!(!right_only || m.line.iter().all(|mv| mv.dir == Direction::Right));
                    assert!(k <= t_of(n as u64));
                }
            }
        }
    }
}

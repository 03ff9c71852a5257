//! Tchoukaillon's mathematics (Broline & Loeb §3–7), computed directly.
//!
//! **The sieve in counts.** Playing the winning strategy backwards from the empty board, the
//! s-th step fills pit `h_s`; §6 shows `(h_s)` is a sieve: round `i` takes the first number not
//! yet taken and every `(i+1)`-st of those left after it. Of the first `s` numbers, `r_0 = s`
//! are left before round 1, and since the numbers left are always a prefix-closed list, round
//! `i` takes `m_i = ⌈r_{i-1}/(i+1)⌉` of them, leaving `r_i = r_{i-1} − m_i`. Now `m_i` is the
//! number of times pit `i` is harvested in the winning line from the position with `s` seeds,
//! and every harvest of a pit beyond `i` sows one seed into pit `i` (`b_i = r_i`), so by the
//! paper's equation (1) the winning position is
//!
//! `p_i = i·m_i − r_i`,
//!
//! one division a pit, with no move played. Its highest pit is the last round with `r > 0`;
//! while `⌈r/(i+1)⌉` stays the same it is an arithmetic run (the runs of Theorem 9), so the
//! number of pits is found run by run, in about `s^{1/3}` steps, for any `s < 2⁶⁴`.
//!
//! **s(n)**, the fewest seeds whose winning position uses pit `n`, is the first number left
//! after `n − 1` rounds. Going back through the rounds, the `t`-th number left after round `j`
//! was the `t + 1 + ⌊(t−1)/j⌋`-th before it; that step too is the same over long runs, so
//! `s(n)` takes about `n^{2/3}` steps. Three other ways are kept to check it: the paper's
//! Figure 8 sieve on a list, the Erdős–Jabotinsky rounding (round `n` up to a multiple of
//! `n−1`, then of `n−2`, …, 1), and the definition itself on the direct positions.

mod task;
pub use task::*;

use serde::{Deserialize, Serialize};

/// The winning position with `s` seeds, pit by pit from pit 1: `(m_i, p_i)`, the times pit `i`
/// is harvested in the winning line and the seeds it holds.
#[derive(Clone, Debug)]
pub struct Pits {
    /// Pits given so far.
    i: u64,
    /// Numbers still left in the sieve (harvests of the pits not given yet).
    r: u64,
}

/// The winning position with `s` seeds, pit by pit (see [`Pits`]).
pub fn pits(s: u64) -> Pits {
    Pits { i: 0, r: s }
}

impl Iterator for Pits {
    /// `(m_i, p_i)`.
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        if self.r == 0 {
            return None;
        }
        self.i += 1;
        let m = self.r.div_ceil(self.i + 1);
        self.r -= m;
        // i·m = p_i + r_i may pass 2⁶⁴ when s is near it; p_i ≤ i does not.
        let p = (self.i as u128 * m as u128 - self.r as u128) as u64;
        Some((m, p))
    }
}

/// The number of pits the winning position with `s` seeds uses (its highest non-empty pit), and
/// the steps taken: whole runs of equal `m_i` at once, so the steps are the runs.
pub fn highest_pit(s: u64) -> (u64, u64) {
    let (mut i, mut r, mut steps) = (0u64, s, 0u64);
    while r > 0 {
        steps += 1;
        let j = i + 1;
        let c = r.div_ceil(j + 1);
        if c == 1 {
            // Every pit from here on is harvested once: r more pits.
            return (i + r, steps);
        }
        // Pits j, j+1, ..., j+k-1 all take c while r − t·c > (c−1)(j+1+t).
        // (2c − 1 passes 2⁶⁴ for s near it: u128.)
        let a = (r - (c - 1) * (j + 1)) as u128;
        let k = a.div_ceil(2 * c as u128 - 1) as u64;
        i += k;
        r -= k * c;
    }
    (i, steps)
}

/// A winning position as the CLI and the page show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinningPosition {
    /// Seeds.
    pub seeds: u64,
    /// Pits it uses (its highest non-empty pit).
    pub highest: u64,
    /// The first pits, from pit 1 (all of them when `complete`).
    pub pits: Vec<u64>,
    /// Whether `pits` is the whole position.
    pub complete: bool,
    /// Its runs of pits harvested equally often (see [`Run`]).
    pub runs: u64,
}

/// The winning position with `s` seeds: its first `limit` pits and its number of pits.
pub fn winning_position(s: u64, limit: usize) -> WinningPosition {
    winning_position_upto(s, 0, limit)
}

/// The winning position with `s` seeds: every pit when it uses at most `whole`, else its first
/// `first` pits.
pub fn winning_position_upto(s: u64, whole: u64, first: usize) -> WinningPosition {
    let (highest, runs) = highest_pit(s);
    let take = if highest <= whole { highest as usize } else { first };
    let pits: Vec<u64> = pits(s).take(take).map(|(_, p)| p).collect();
    WinningPosition { seeds: s, highest, complete: pits.len() as u64 == highest, pits, runs }
}

impl WinningPosition {
    /// Seeds over the most its pits could hold without overfilling (n(n+1)/2); 0 for no pit.
    pub fn occupancy(&self) -> f64 {
        let n = self.highest as f64;
        if self.highest == 0 {
            0.0
        } else {
            self.seeds as f64 / (n * (n + 1.0) / 2.0)
        }
    }
}

/// A run of pits harvested the same number of times `m` in the winning line: by Theorem 9's
/// proof, their contents rise by `2m` a pit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Times each pit of the run is harvested.
    pub m: u64,
    /// Its first pit.
    pub first: u64,
    /// Its last pit.
    pub last: u64,
    /// Seeds in its first pit.
    pub first_seeds: u64,
    /// Seeds in its last pit.
    pub last_seeds: u64,
}

/// Figure 7: the occupancy picture of a winning position, for any number of seeds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Occupancy {
    /// Seeds.
    pub seeds: u64,
    /// Pits used.
    pub highest: u64,
    /// Seeds over the most the pits could hold without overfilling (`n(n+1)/2`).
    pub ratio: f64,
    /// Pits drawn: every pit, or evenly spaced ones for a huge position.
    pub points: Vec<(u64, u64)>,
    /// The runs of equal harvest counts (the last [`MAX_RUNS`], furthest from the Roumba).
    pub runs: Vec<Run>,
    /// Every run counted.
    pub run_count: u64,
    /// The longest runs, by their first pit.
    pub longest: Vec<Run>,
    /// Whether every pit is drawn.
    pub every_pit: bool,
}

/// Most runs an [`Occupancy`] lists (for its colours).
pub const MAX_RUNS: usize = 400;
/// The longest runs an [`Occupancy`] names.
pub const LONGEST_RUNS: usize = 6;

/// The occupancy of the winning position with `s` seeds, with at most about `max_points`
/// pits drawn. Walks every pit (about `√(πs)` of them): for the page, `s` up to about 10¹³.
pub fn occupancy(s: u64, max_points: u64) -> Occupancy {
    let (highest, _) = highest_pit(s);
    let every = highest.div_ceil(max_points.max(1)).max(1);
    let mut points = Vec::new();
    let mut runs: Vec<Run> = Vec::new();
    let mut longest: Vec<Run> = Vec::new();
    let mut run_count = 0;
    let mut current: Option<Run> = None;
    // A finished run: kept for the colours (the last ones, long enough to see, are sent), and
    // among the longest.
    let close = |r: Run, runs: &mut Vec<Run>, longest: &mut Vec<Run>| {
        runs.push(r.clone());
        longest.push(r);
        longest.sort_by_key(|r| core::cmp::Reverse(r.last - r.first));
        longest.truncate(LONGEST_RUNS);
    };
    for (i, (m, p)) in (1u64..).zip(pits(s)) {
        if i % every == 0 || every == 1 || i == highest {
            points.push((i, p));
        }
        match current.as_mut() {
            Some(r) if r.m == m => {
                r.last = i;
                r.last_seeds = p;
            }
            _ => {
                run_count += 1;
                if let Some(r) = current.replace(Run { m, first: i, last: i, first_seeds: p, last_seeds: p }) {
                    close(r, &mut runs, &mut longest);
                }
            }
        }
    }
    if let Some(r) = current {
        close(r, &mut runs, &mut longest);
    }
    longest.sort_by_key(|r| r.first);
    runs.drain(..runs.len().saturating_sub(MAX_RUNS));
    let room = highest as f64 * (highest as f64 + 1.0) / 2.0;
    Occupancy {
        seeds: s,
        highest,
        ratio: if highest == 0 { 0.0 } else { s as f64 / room },
        points,
        runs,
        run_count,
        longest,
        every_pit: every == 1,
    }
}

/// s(n) for n = 1, …, `n`: the fewest seeds whose winning position uses pit n (OEIS A002491),
/// each by going back through the sieve's rounds run by run.
pub fn s_of_n(n: u64) -> Vec<u64> {
    (1..=n).map(s_of).collect()
}

/// s(n) (see [`s_of_n`]).
pub fn s_of(n: u64) -> u64 {
    // The first number left after round n−1 is the t-th left after round j, for j = n−1 down
    // to 1; before round j it was the (t + c)-th, c = 1 + ⌊(t−1)/j⌋, and c stays while
    // t + i·c − 1 < c·(j − i).
    let (mut t, mut j) = (1u64, n.saturating_sub(1));
    while j >= 1 {
        let c = 1 + (t - 1) / j;
        let k = (c * j + 1 - t).div_ceil(2 * c).min(j);
        t += k * c;
        j -= k;
    }
    t
}

/// s(n) by the Erdős–Jabotinsky rounding: n rounded up to a multiple of n−1, then of n−2, …,
/// then of 1.
pub fn s_by_rounding(n: u64) -> u64 {
    (1..n).rev().fold(n, |x, k| x.div_ceil(k) * k)
}

/// s(1), s(2), … up to the last one not above `max_s`, by the paper's Figure 8 sieve on a list:
/// round n takes the first number left (that is s(n)) and every (n+1)-st after it.
pub fn s_by_sieve(max_s: u32) -> Vec<u64> {
    let mut list: Vec<u32> = (1..=max_s).collect();
    let mut out = Vec::new();
    let mut n = 1usize;
    while let Some(&first) = list.first() {
        out.push(first as u64);
        let mut k = 0;
        list.retain(|_| {
            let keep = k % (n + 1) != 0;
            k += 1;
            keep
        });
        n += 1;
    }
    out
}

/// s(n) by its definition on the direct positions: the least s whose winning position uses pit
/// n (the number of pits grows with s, so a bisection).
pub fn s_by_definition(n: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, n * n);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if highest_pit(mid).0 >= n {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// One row of Figure 5: the period of the contents of the first `i` pits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Period {
    /// Pits.
    pub i: u32,
    /// The least s > 0 whose winning position has its first `i` pits empty, which is the period.
    pub period: u128,
    /// lcm(1, 2, …, i+1), Proposition 6's period.
    pub lcm: u128,
}

/// Figure 5 for i = 1, …, `max_i` (stopping where the period passes 2¹²⁸).
///
/// The contents of the first `i` pits after one more backward step depend on them alone (the
/// step fills the first empty pit among them, or takes one seed from each), so they repeat from
/// the first s > 0 at which they are all empty again, and that s is the period. The first `i`
/// pits are empty exactly at the multiples of the period of the first `i − 1`, so the period is
/// the least such multiple whose pit `i` is empty: a few direct positions each.
pub fn periods(max_i: u32) -> Vec<Period> {
    let mut out = Vec::new();
    let mut period: u128 = 1;
    let mut lcm: u128 = 1;
    for i in 1..=max_i {
        let Some(l) = lcm_with(lcm, i as u128 + 1) else { break };
        lcm = l;
        let mut k: u128 = 1;
        let next = loop {
            let Some(s) = period.checked_mul(k) else { return out };
            if first_pits_empty(s, i) {
                break s;
            }
            k += 1;
        };
        period = next;
        out.push(Period { i, period, lcm });
    }
    out
}

/// Whether the first `i` pits of the winning position with `s` seeds are empty (u128 seeds).
fn first_pits_empty(s: u128, i: u32) -> bool {
    let mut r = s;
    for j in 1..=i as u128 {
        if r == 0 {
            return true;
        }
        let m = r.div_ceil(j + 1);
        r -= m;
        if j * m != r {
            return false;
        }
    }
    true
}

/// The period of the first `i` pits found by playing backwards from the empty board until they
/// are all empty again (the check of [`periods`] for small `i`).
pub fn period_by_play(i: usize, max_s: u64) -> Option<u64> {
    let mut pits: Vec<u64> = vec![0; i];
    for s in 1..=max_s {
        match pits.iter().position(|&x| x == 0) {
            Some(j) => {
                for p in &mut pits[..j] {
                    *p -= 1;
                }
                pits[j] = j as u64 + 1;
            }
            None => pits.iter_mut().for_each(|p| *p -= 1),
        }
        if pits.iter().all(|&x| x == 0) {
            return Some(s);
        }
    }
    None
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm_with(a: u128, b: u128) -> Option<u128> {
    (a / gcd(a, b)).checked_mul(b)
}

/// The Tchouka solitaire's solvability map (Figure 4's neighbour in the lab).
pub use crate::families::tchouka::{solvability_map, MapEntry, MAX_PITS as MAX_TCHOUKA_PITS};

/// Most pits a Tchoukaillon board of the play page and the CLI's `winning` has.
pub const MAX_BOARD_PITS: usize = crate::families::tchoukaillon::MAX_PITS;

/// The winning position for `seeds` on a board: its pits, its setup in link notation, and the
/// harvests of its winning line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningBoard {
    /// Pit 1 outwards.
    pub pits: Vec<u32>,
    /// The setup (link notation).
    pub setup: String,
    /// The harvests of Proposition 4's winning line.
    pub harvests: Option<usize>,
}

/// [`WinningBoard`] for `seeds`, or `None` when it needs more than [`MAX_BOARD_PITS`] pits.
pub fn winning_board(seeds: u32) -> Option<WinningBoard> {
    let p = crate::families::tchoukaillon::Tchoukaillon::winning_position(seeds)?;
    Some(WinningBoard {
        pits: p.pits().to_vec(),
        setup: crate::families::AnyPosition::from(p.clone()).to_string(),
        harvests: p.winning_line().map(|l| l.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_positions_are_the_backward_ones() {
        // The family's position is built by playing the strategy backwards (§3).
        for s in 0..=3000u32 {
            let back = crate::families::tchoukaillon::Tchoukaillon::winning_position(s).unwrap();
            let want: Vec<u64> = if s == 0 { vec![] } else { back.pits().iter().map(|&p| p as u64).collect() };
            let w = winning_position(s as u64, usize::MAX);
            assert_eq!(w.pits, want, "s = {s}");
            assert_eq!(w.highest, want.len() as u64, "s = {s}");
            assert!(w.complete);
            assert_eq!(highest_pit(s as u64).0, want.len() as u64);
        }
    }

    #[test]
    fn highest_pit_by_runs_is_the_pit_walk() {
        for s in [1u64, 2, 17, 1_925_280, 21_286_434, 123_456_789, 10_000_000_019] {
            let (h, steps) = highest_pit(s);
            assert_eq!(h, pits(s).count() as u64, "s = {s}");
            // Each step is a run of equal m_i: the picture's count.
            let o = occupancy(s, 100);
            assert_eq!(o.run_count, steps, "s = {s}");
            let lengths: u64 = o.runs.iter().map(|r| r.last - r.first + 1).sum();
            assert!(o.run_count as usize > MAX_RUNS || lengths == h, "s = {s}");
            assert_eq!(o.runs.last().map(|r| r.last), Some(h), "s = {s}");
            assert!(o.longest.windows(2).all(|w| w[0].first < w[1].first));
        }
        // The paper's Figure 7 runs: 523 for 21,286,434, the longest of m = 1 from pit 4,089.
        let o = occupancy(21_286_434, 100);
        assert_eq!(o.run_count, 523);
        assert!(o.longest.iter().any(|r| (r.m, r.first, r.last) == (1, 4089, 8177)), "{:?}", o.longest);
    }

    #[test]
    fn the_four_ways_to_s_of_n_agree() {
        let sieve = s_by_sieve(400_000);
        let fast = s_of_n(sieve.len() as u64);
        assert!(sieve.len() > 1000);
        assert_eq!(fast, sieve);
        for (n, &s) in (1..).zip(&fast) {
            assert_eq!(s_by_rounding(n), s, "n = {n}");
            if n < 300 {
                assert_eq!(s_by_definition(n), s, "n = {n}");
            }
        }
    }

    #[test]
    fn periods_by_multiples_are_the_played_ones() {
        for p in periods(12) {
            assert_eq!(Some(p.period as u64), period_by_play(p.i as usize, 10_000_000), "i = {}", p.i);
            assert_eq!(p.period, p.lcm, "Proposition 6, i = {}", p.i);
        }
        let far = periods(200);
        assert!(far.len() > 60, "{}", far.len());
        assert!(far.iter().all(|p| p.period == p.lcm));
    }

    #[test]
    fn near_two_to_the_sixty_four() {
        let s = u64::MAX;
        let w = winning_position(s, 1000);
        assert_eq!(w.pits.len(), 1000);
        assert!(w.pits.iter().enumerate().all(|(i, &p)| p <= i as u64 + 1));
        let (h, steps) = highest_pit(s);
        let approx = (core::f64::consts::PI * s as f64).sqrt();
        assert!((h as f64 - approx).abs() < approx * 0.01, "{h} vs {approx}");
        assert!(steps < 20_000_000, "{steps}");
    }
}

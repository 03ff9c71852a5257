//! Tchoukaillon: Broline & Loeb's Figures 4 and 5, s(n) = OEIS A002491, the winning positions.

use super::*;

#[test]
fn tchoukaillon_figure_4() {
    let rows = rows("tchoukaillon_figure4.tsv");
    assert_eq!(rows.len(), 25);
    for r in rows {
        let s: u32 = r[0].parse().unwrap();
        let pits: Vec<u32> = r[1].split('.').map(|x| x.parse().unwrap()).collect();
        let p = Tchoukaillon::winning_position(s).unwrap();
        assert_eq!(p.pits(), &pits[..], "s = {s}");
        // Verified by playing it out: every seed reaches the Roumba.
        let mut q = p.clone();
        let mut first = None;
        while let Some(mv) = q.smallest_harvestable() {
            first.get_or_insert(mv);
            q = q.play(mv).unwrap().0;
        }
        assert_eq!(q.outcome(), Some(Outcome::Solved), "s = {s}");
        assert_eq!(q.roumba(), s);
        if r[2] != "-" {
            assert_eq!(first, Some(TchoukaillonMove(r[2].parse().unwrap())), "h_{s}");
        }
    }
}

#[test]
fn tchoukaillon_uniqueness_small() {
    // Theorem 5 checked by brute force: among all boards of 5 pits with pit i holding at most
    // i seeds, exactly one position of each total is winnable.
    let mut winnable = std::collections::HashMap::<u32, usize>::new();
    let mut counts = [0u32; 5];
    loop {
        let setup = mancala_lab::families::tchoukaillon::TchoukaillonSetup { pits: counts.to_vec(), roumba: 0 };
        let p = setup.validate().unwrap();
        if p.is_winnable() {
            *winnable.entry(counts.iter().sum()).or_default() += 1;
        }
        let mut i = 0;
        while i < 5 {
            counts[i] += 1;
            if counts[i] as usize <= i + 1 {
                break;
            }
            counts[i] = 0;
            i += 1;
        }
        if i == 5 {
            break;
        }
    }
    for s in 0..=9 {
        assert_eq!(winnable.get(&s), Some(&1), "s = {s}");
    }
}

#[test]
fn tchoukaillon_figure_4_by_the_direct_formula() {
    use mancala_lab::labs::tchoukaillon::winning_position;
    for r in rows("tchoukaillon_figure4.tsv") {
        let s: u64 = r[0].parse().unwrap();
        let pits: Vec<u64> = r[1].split('.').map(|x| x.parse().unwrap()).collect();
        let w = winning_position(s, 100);
        // The table writes the empty position as one empty pit.
        let want = if s == 0 { vec![] } else { pits };
        assert_eq!(w.pits, want, "s = {s}");
    }
}

#[test]
fn tchoukaillon_figure_5() {
    let rows = rows("tchoukaillon_figure5.tsv");
    assert_eq!(rows.len(), 11);
    let computed = mancala_lab::labs::tchoukaillon::periods(11);
    for (r, p) in rows.iter().zip(&computed) {
        assert_eq!(r[0], p.i.to_string());
        assert_eq!(r[1], p.period.to_string(), "i = {}", p.i);
        assert_eq!(p.period, p.lcm, "i = {}", p.i);
        let played = mancala_lab::labs::tchoukaillon::period_by_play(p.i as usize, 100_000);
        assert_eq!(played, Some(p.period as u64), "i = {}", p.i);
    }
}

#[test]
fn tchoukaillon_s_of_n_is_a002491() {
    use mancala_lab::labs::tchoukaillon::{s_by_definition, s_by_rounding, s_by_sieve, s_of_n};
    let rows = rows("tchoukaillon_s_of_n.tsv");
    assert_eq!(rows.len(), 100);
    let fast = s_of_n(100);
    let sieve = s_by_sieve(3234);
    for (r, n) in rows.iter().zip(1u64..) {
        let want: u64 = r[1].parse().unwrap();
        assert_eq!(fast[n as usize - 1], want, "n = {n}");
        assert_eq!(sieve[n as usize - 1], want, "n = {n}");
        assert_eq!(s_by_rounding(n), want, "n = {n}");
        assert_eq!(s_by_definition(n), want, "n = {n}");
    }
}

#[test]
fn tchoukaillon_large_winning_positions_play_out() {
    // The direct position for s in the millions, played out with Proposition 4's strategy on a
    // plain array: every harvest legal, every seed reaches the Roumba. The paper's s = 1,925,280
    // (Figure 7) and 21,286,434 (its SML program's limit).
    for s in [1_925_280u64, 21_286_434] {
        let w = mancala_lab::labs::tchoukaillon::winning_position(s, usize::MAX);
        assert!(w.complete);
        let mut pits: Vec<u64> = w.pits.clone();
        let mut roumba = 0u64;
        // Harvest the smallest harvestable pit, found by a pointer that only moves back to pit 1
        // after a harvest (every pit below the harvested one just gained a seed).
        let mut i = 0usize;
        let mut harvests = 0u64;
        while i < pits.len() {
            if pits[i] == i as u64 + 1 {
                pits[i] = 0;
                for p in &mut pits[..i] {
                    *p += 1;
                }
                roumba += 1;
                harvests += 1;
                i = 0;
            } else {
                i += 1;
            }
        }
        assert!(pits.iter().all(|&p| p == 0), "s = {s}: stuck");
        assert_eq!(roumba, s);
        assert_eq!(harvests, s);
    }
}

/// A new Tchoukaillon game starts, by default, from the winning position of 17 seeds (as its
/// rules card says).
#[test]
fn a_new_tchoukaillon_game_starts_from_17_seeds() {
    use mancala_lab::families::FamilyId;
    let form = FamilyId::Tchoukaillon.new_game_form(None);
    let defaults: Vec<String> = form.fields.iter().map(|f| f.value.clone()).collect();
    assert_eq!(defaults, ["17"]);
    let p = FamilyId::Tchoukaillon.new_game(&defaults).unwrap();
    assert_eq!(p.to_string(), AnyPosition::from(Tchoukaillon::winning_position(17).unwrap()).to_string());
}

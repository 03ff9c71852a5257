//! Two-dimensional Sowing's rules of play, its valuation's splits and mirror images, and
//! Domineering in it.

use super::cgt::{components, normal, options, value, Memo};
use super::*;
use crate::cgt::Games;
#[cfg(not(target_arch = "wasm32"))]
use crate::cgt::Gid;

fn grid(text: &str, impartial: bool) -> Grid {
    let rules = GridRules::new(1, 1, 0, impartial).unwrap();
    GridFamily::parse_setup(&rules, text).unwrap()
}

fn show(text: &str, impartial: bool) -> String {
    let g = grid(&format!("{text}-l"), impartial);
    let (h, w) = g.size();
    let mut t = Games::new();
    let v = value(&mut t, &mut Memo::default(), h, w, g.pots(), impartial, usize::MAX).unwrap();
    t.show(v)
}

/// Sowing in two dimensions: one seed a pot along a line, captures of pots with seeds, the
/// last seed into a pot with seeds, nothing off the grid.
#[test]
fn moves() {
    // 2 0 1 in a row: Right sows the 2 right: a seed into the empty pot, the last into the 1,
    // captured with it.
    let p = grid("201-r", false);
    let q = p.play(GridMove { row: 0, col: 0, way: Way::Right }).unwrap();
    assert_eq!(q.0.pots(), [0, 1, 0]);
    let captured: u32 = q.1.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
    assert_eq!(captured, 2);
    // Left sows only up or down; Right cannot sow the 1 left into an empty pot.
    assert_eq!(p.legal_moves().len(), 1);
    assert!(grid("201-l", false).legal_moves().is_empty());
    // A seed into a pot with seeds captures it even before the last: 3 1 1 1 → 0 0 0 0 (3
    // captured pots: 2 + 2 + 2).
    let r = grid("3111-r", false).play(GridMove { row: 0, col: 0, way: Way::Right }).unwrap();
    assert_eq!(r.0.pots(), [0, 0, 0, 0]);
    // Names: columns by letter, rows from the top.
    let m = GridFamily::parse_move(&p, "b2d").unwrap();
    assert_eq!((m.row, m.col, m.way), (1, 1, Way::Down));
    assert_eq!(m.to_string(), "b2d");
    for bad in ["b9d", "i1d", "b1x", "b", "1bd", "bb1d"] {
        assert!(GridFamily::parse_move(&p, bad).is_err(), "{bad}");
    }
    // Setups: rows joined by '-', then who moves; unequal rows are named.
    let e = GridFamily::parse_setup(&p.rules(), "11-111-l").unwrap_err().to_string();
    assert!(e.contains("row 2 has 3 pots and row 1 has 2"), "{e}");
    let e = GridFamily::parse_setup(&p.rules(), "11-1a-l").unwrap_err().to_string();
    assert!(e.contains("row 2, pot 2"), "{e}");
    assert!(GridFamily::parse_setup(&p.rules(), "11-11").is_err());
    assert_eq!(grid("1.10-0.2-r", false).pots(), [1, 10, 0, 2]);
    let rules: crate::families::AnyRules = "domineering".parse().unwrap();
    assert_eq!(rules.to_string(), "grid");
    assert_eq!("grid-5-4-1-i".parse::<crate::families::AnyRules>().unwrap().to_string(), "grid-5-4-1-i");
}

/// One seed a pot is Domineering: 2 × 2 is ±1, a column of two is 1 (Left's domino), a row
/// of two −1, 2 × 3 (two rows, three columns) {2 | −1/2}.
#[test]
fn domineering_small() {
    assert_eq!(show("11-11", false), "+-1");
    assert_eq!(show("1-1", false), "1");
    assert_eq!(show("11", false), "-1");
    assert_eq!(show("111-111", false), "{2|-1/2}");
    // The value of a grid turned over (rows for columns) is the negative.
    assert_eq!(show("11-11-11", false), "{1/2|-2}");
}

/// The value of a grid by its options alone: no normal form, no split.
#[cfg(not(target_arch = "wasm32"))]
fn raw(t: &mut Games, g: &Grid, memo: &mut std::collections::HashMap<Vec<u8>, Gid>) -> Gid {
    let (h, w) = g.size();
    let k = cgt::key(h, w, g.pots());
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let mut sides = [vec![], vec![]];
    for (s, turn) in [Player::South, Player::North].into_iter().enumerate() {
        let p = Grid::from_pots(g.rules(), h, w, g.pots(), turn);
        for m in p.legal_moves() {
            let q = p.play(m).unwrap().0;
            sides[s].push(raw(t, &q, memo));
        }
    }
    let [l, r] = sides;
    let v = if g.rules().impartial {
        let nims: Vec<u32> = l.iter().map(|&x| t.nim_value(x).unwrap()).collect();
        t.nimber(crate::families::row::cgt::mex(&nims))
    } else {
        t.game(l, r)
    };
    memo.insert(k, v);
    v
}

#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    fn grids() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        (1usize..5, 1usize..5).prop_flat_map(|(h, w)| {
            (
                Just(h),
                Just(w),
                proptest::collection::vec(prop_oneof![3 => Just(0u8), 3 => Just(1u8), 2 => 2u8..4], h * w),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// The valuation's normal forms (the rectangle of seeds, mirror images) and splits
        /// keep values: the same as valuing the grid by its options alone.
        #[test]
        fn splits_and_mirrors_keep_values((h, w, pots) in grids(), impartial in any::<bool>()) {
            prop_assume!(pots.iter().map(|&n| n as u32).sum::<u32>() <= 14);
            let rules = GridRules::new(h as u32, w as u32, 0, impartial).unwrap();
            let g = Grid::from_pots(rules, h, w, &pots, Player::South);
            let mut t = Games::new();
            let want = raw(&mut t, &g, &mut Default::default());
            let got = value(&mut t, &mut Memo::default(), h, w, &pots, impartial, usize::MAX).unwrap();
            prop_assert_eq!(got, want, "{}", grid_text(h, w, &pots));
        }

        /// Seeds are conserved but for the captures the trace records; every listed move plays
        /// and reads back; setups round-trip.
        #[test]
        fn seeds_are_accounted_for((h, w, pots) in grids(), left in any::<bool>(), impartial in any::<bool>()) {
            let turn = if left { Player::South } else { Player::North };
            let rules = GridRules::new(h as u32, w as u32, 0, impartial).unwrap();
            let g = Grid::from_pots(rules, h, w, &pots, turn);
            let text = crate::families::AnyPosition::Grid(g).to_string();
            prop_assert_eq!(GridFamily::parse_setup(&rules, &text).unwrap(), g);
            let seeds: u32 = pots.iter().map(|&n| n as u32).sum();
            for m in g.legal_moves() {
                let (q, trace) = g.play(m).unwrap();
                let captured: u32 = trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
                prop_assert!(captured >= 2);
                prop_assert_eq!(q.pots().iter().map(|&n| n as u32).sum::<u32>() + captured, seeds);
                prop_assert_eq!(GridFamily::parse_move(&g, &m.to_string()).unwrap(), m);
            }
        }
    }
}

/// Splits: Domineering's pieces apart, and pots of two whose reach joins them.
#[test]
fn splits() {
    // 1 0 1: two single pots, apart: two parts (each worth 0).
    assert_eq!(components(&normal(1, 3, &[1, 0, 1])).len(), 2);
    // 11 0 11 in a row: two dominoes' worth for Right, apart.
    assert_eq!(components(&normal(1, 5, &[1, 1, 0, 1, 1])).len(), 2);
    // 2 0 1: the 2 reaches the 1: one part.
    assert_eq!(components(&normal(1, 3, &[2, 0, 1])).len(), 1);
    // Options are normal grids.
    assert!(options(&normal(2, 2, &[1, 1, 1, 1]), true, false).iter().all(|o| o[0] <= 2));
}

/// Domineering's published values and outcomes (data/domineering.tsv: the small boards
/// derived from Conway's definitions and CGSuite's, Berlekamp's 2 × n, Wolfe's 4 × 5, the 5 × 5 second-player
/// win, and shapes from other programs' tests), reproduced by the grids of one seed a pot up
/// to 26 pots; the larger boards (8 × 8 and beyond) are known by their outcome only.
#[test]
fn domineering_published() {
    let rows = super::domineering::table();
    let valued: Vec<_> = rows.iter().filter(|r| r.ours.is_some()).collect();
    let wrong: Vec<String> = valued
        .iter()
        .filter(|r| r.agrees != Some(true))
        .map(|r| format!("{}: published {:?} {}, ours {:?}", r.shape, r.published, r.outcome, r.ours))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    let values = valued.iter().filter(|r| r.published.is_some()).count();
    assert_eq!((rows.len(), valued.len(), values), (41, 33, 28), "rows, valued, published values among them");
    // 4 × 5 is 1 (Wolfe), 5 × 5 a second-player win.
    let get = |s: &str| rows.iter().find(|r| r.shape == s).and_then(|r| r.ours.clone()).unwrap();
    assert_eq!(get("4x5").0, "1");
    assert_eq!(get("5x5").2, 'P');
}

//! Tests of the game-theory engine: the group laws, canonical forms, names and their text,
//! atomic weights and thermographs, and comparison against the recursive definition.

use super::*;
#[cfg(not(target_arch = "wasm32"))]
use proptest::prelude::*;

#[test]
fn numbers_nimbers_and_switches() {
    let mut t = Games::new();
    let (zero, one, two) = (t.zero(), t.integer(1), t.integer(2));
    assert_eq!(t.show(zero), "0");
    assert_eq!(t.show(two), "2");
    let half = t.game(vec![zero], vec![one]);
    assert_eq!(t.show(half), "1/2");
    let half_plus_half = t.add(half, half);
    assert_eq!(half_plus_half, one, "1/2 + 1/2 = 1, the same id");
    let star = t.nimber(1);
    assert_eq!(t.show(star), "*");
    assert_eq!(t.add(star, star), zero, "* + * = 0");
    let s2 = t.nimber(2);
    let s3 = t.nimber(3);
    assert_eq!(t.add(s2, star), s3, "*2 + * = *3");
    assert!(t.confused(star, zero));
    // {0 | -2}: Erickson's value of the Sowing position 312.
    let m2 = t.integer(-2);
    let g = t.game(vec![zero], vec![m2]);
    assert_eq!(t.show(g), "{0|-2}");
    // ±1/2 = {1/2 | -1/2}.
    let mhalf = t.neg(half);
    let pm = t.game(vec![half], vec![mhalf]);
    assert_eq!(t.show(pm), "+-1/2");
    // A dominated option goes: {0, -1 | 2} = {0 | 2} = 1.
    let m1 = t.integer(-1);
    let h = t.game(vec![zero, m1], vec![two]);
    assert_eq!(h, one);
    // {* | *} is a nimber-like game that reverses: {*|*} = 0.
    let ss = t.game(vec![star], vec![star]);
    assert_eq!(ss, zero);
}

/// G − G = 0, sums commute and associate, and equal values share one id, on every game
/// born by day 2 (22 values) combined in pairs and triples.
#[test]
fn group_laws_on_small_games() {
    let mut t = Games::new();
    let mut day = vec![t.zero()];
    for _ in 0..2 {
        let subsets: Vec<Vec<Gid>> = (0..1u32 << day.len())
            .map(|m| day.iter().enumerate().filter(|(i, _)| m & (1 << i) != 0).map(|(_, &g)| g).collect())
            .collect();
        let mut next = vec![];
        for l in &subsets {
            for r in &subsets {
                next.push(t.game(l.clone(), r.clone()));
            }
        }
        next.sort_unstable();
        next.dedup();
        day = next;
    }
    assert_eq!(day.len(), 22, "22 games are born by day 2");
    let zero = t.zero();
    for &g in &day {
        let n = t.neg(g);
        assert_eq!(t.add(g, n), zero, "G - G = 0 for {}", t.show(g));
        for &h in &day {
            assert_eq!(t.add(g, h), t.add(h, g));
            let same = t.eq(g, h);
            assert_eq!(same, g == h, "equal values share an id: {} and {}", t.show(g), t.show(h));
        }
    }
    for &a in day.iter().step_by(3) {
        for &b in day.iter().step_by(2) {
            for &c in day.iter().step_by(5) {
                let ab = t.add(a, b);
                let bc = t.add(b, c);
                assert_eq!(t.add(ab, c), t.add(a, bc));
            }
        }
    }
}

/// A game as a bare tree, compared by the definition alone (no canonical forms, no memo).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

#[cfg(not(target_arch = "wasm32"))]
fn tree_le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|x| tree_le(h, x)) && !h.right.iter().any(|y| tree_le(y, g))
}

#[cfg(not(target_arch = "wasm32"))]
fn tree_game(t: &mut Games, g: &Tree) -> Gid {
    let l = g.left.iter().map(|x| tree_game(t, x)).collect();
    let r = g.right.iter().map(|x| tree_game(t, x)).collect();
    t.game(l, r)
}

#[cfg(not(target_arch = "wasm32"))]
fn tree_add(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|x| tree_add(x, h)).collect();
    left.extend(h.left.iter().map(|x| tree_add(g, x)));
    let mut right: Vec<Tree> = g.right.iter().map(|x| tree_add(x, h)).collect();
    right.extend(h.right.iter().map(|x| tree_add(g, x)));
    Tree { left, right }
}

#[cfg(not(target_arch = "wasm32"))]
fn arb_tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree { left: vec![], right: vec![] });
    leaf.prop_recursive(3, 24, 3, |inner| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
            .prop_map(|(left, right)| Tree { left, right })
    })
}

#[cfg(not(target_arch = "wasm32"))]
proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Comparisons of canonical forms agree with the recursive definition on the raw trees;
    /// equal values share one id; sums agree with the definition's sum.
    #[test]
    fn comparison_agrees_with_the_definition(a in arb_tree(), b in arb_tree()) {
        let mut t = Games::new();
        let (ga, gb) = (tree_game(&mut t, &a), tree_game(&mut t, &b));
        prop_assert_eq!(t.le(ga, gb), tree_le(&a, &b));
        prop_assert_eq!(t.le(gb, ga), tree_le(&b, &a));
        prop_assert_eq!(ga == gb, tree_le(&a, &b) && tree_le(&b, &a));
        let sum = tree_add(&a, &b);
        let gs = tree_game(&mut t, &sum);
        prop_assert_eq!(t.add(ga, gb), gs);
        let n = t.neg(ga);
        let zero = t.zero();
        prop_assert_eq!(t.add(ga, n), zero);
    }

    /// Every game prints to a text that reads back as the same game, in the ASCII syntax.
    #[test]
    fn printing_round_trips(a in arb_tree(), b in arb_tree()) {
        let mut t = Games::new();
        let (ga, gb) = (tree_game(&mut t, &a), tree_game(&mut t, &b));
        for g in [ga, gb, t.add(ga, gb)] {
            let text = t.show(g);
            prop_assert_eq!(t.parse(&text), Ok(g), "{}", text);
        }
    }

    /// The parser never panics, whatever it is given: what it reads prints back as the same
    /// game, and what it refuses names a place within the text.
    #[test]
    fn parser_survives_any_text(s in "[-+_*^v{}|,()/0-9 ]{0,40}") {
        let mut t = Games::new();
        match t.parse(&s) {
            Ok(g) => {
                let text = t.show(g);
                prop_assert_eq!(t.parse(&text), Ok(g), "{} read as {}", s, text);
            }
            Err(e) => prop_assert!(e.at <= s.chars().count() && !e.what.is_empty(), "{}: {:?}", s, e),
        }
    }
}

#[test]
fn names_and_their_text() {
    let mut t = Games::new();
    for (text, paper) in [
        ("0", "0"),
        ("-3/16", "−3/16"),
        ("^", "↑"),
        ("^*", "↑∗"),
        ("vv*3", "⇓∗3"),
        ("^3", "3·↑"),
        ("1/2v*", "1/2↓∗"),
        ("+_2", "+₂"),
        ("-_1/2", "-_{1/2}"),
        ("1+_1", "1+₁"),
        ("+_{3|1}", "+_{3|1}"),
        ("+-1", "±1"),
        ("+-(0,{1|0})", "±(0, {1|0})"),
        ("{2|1||0}", "{2|1||0}"),
        ("{1|*}", "{1|∗}"),
        ("{0|-2}", "{0|−2}"),
    ] {
        let g = t.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.show(g), text);
        assert_eq!(t.show_in(g, Style::Paper), paper, "{text}");
    }
    // The same values written another way read as the same ids.
    let a = t.parse("{0|*}").unwrap();
    assert_eq!(t.show(a), "^");
    let b = t.parse("{0,*|0}").unwrap();
    assert_eq!(t.show(b), "^*");
    let c = t.parse("{1/2|-1/2}").unwrap();
    assert_eq!(t.show(c), "+-1/2");
    let d = t.parse("{0||0|-2}").unwrap();
    assert_eq!(t.show(d), "+_2");
    let e = t.parse("^ + ^ + *").unwrap();
    assert_eq!(t.show(e), "^^*");
    let f = t.parse("↑∗").unwrap();
    assert_eq!(t.show(f), "^*");
    // A number too large is named as written, not as where its count stopped growing.
    for (text, named) in [
        ("*18446744073709551616", "18446744073709551616 is too large"),
        ("*0018446744073709551616", "18446744073709551616 is too large"),
        ("*1234567890123456789012345678", "123456789012345678901234… is too large"),
    ] {
        let e = t.parse(text).unwrap_err();
        assert!(e.to_string().contains(named), "{text}: {e}");
    }
}

#[test]
fn bad_text_is_refused_with_its_place() {
    let mut t = Games::new();
    for (text, at) in
        [("{1|", 0), ("{1,2}", 0), ("3/5", 2), ("*999", 1), ("{a|b}", 1), ("", 0), ("+_-1", 2), ("{1|2|3}", 4)]
    {
        let e = t.parse(text).expect_err(text);
        assert_eq!(e.at, at, "{text}: {e}");
    }
}

/// Erickson's named forms: ↑G = {*, ↑G^L | *, ↑G^R}, with ↑1 = ↑ and the five exotic games
/// of his Table 5 as he spells them out.
#[test]
fn ericksons_up_of_a_game() {
    let mut t = Games::new();
    let one = t.integer(1);
    let up1 = t.up_of(one);
    assert_eq!(t.show(up1), "^");
    for (name, form) in [
        ("↑(1|0)", "{^,*|0,*}"),
        ("↑(±1)", "{^,*|v,*}"),
        ("↑²∗", "{0,*|v}"),
        ("↓(1|0)", "{0,*|v,*}"),
        ("↓₂∗", "{^|0,*}"),
    ] {
        let g = t.parse(form).unwrap();
        assert_eq!(t.show_in(g, Style::Paper), name, "{form}");
    }
}

#[test]
fn atomic_weights() {
    let mut t = Games::new();
    for (g, w) in [
        ("0", "0"),
        ("*", "0"),
        ("^", "1"),
        ("vv*", "-2"),
        ("{^,*|0,*}", "1"),
        ("{0,*|v,*}", "-1"),
        ("{^,*|v,*}", "0"),
        ("{0,*|v}", "0"),
        ("{^|0,*}", "0"),
        ("*2", "0"),
    ] {
        let g = t.parse(g).unwrap();
        let aw = t.atomic_weight(g).expect("all small");
        assert_eq!(t.show(aw), w);
    }
    let not_small = t.parse("{1|0}").unwrap();
    assert_eq!(t.atomic_weight(not_small), None);
}

#[test]
fn means_and_temperatures() {
    let mut t = Games::new();
    for (g, mean, temp) in [
        ("3", "3", "-1"),
        ("3/4", "3/4", "-1/4"),
        ("*", "0", "0"),
        ("^*", "0", "0"),
        ("+-1", "0", "1"),
        ("{1|0}", "1/2", "1/2"),
        ("{0|-2}", "-1", "1"),
        ("{2|1||0}", "3/4", "3/4"),
        ("{4|2}", "3", "1"),
        ("+_2", "0", "0"),
        ("{3|1||0|-5}", "0", "2"),
    ] {
        let g = t.parse(g).unwrap();
        assert_eq!(t.mean(g).to_string(), mean, "mean of {}", t.show(g));
        assert_eq!(t.temperature(g).to_string(), temp, "temperature of {}", t.show(g));
    }
}

#[test]
fn outcomes_and_birthdays() {
    let mut t = Games::new();
    for (g, class, born) in
        [("0", 'P', 0), ("^", 'L', 2), ("v*", 'N', 2), ("vv", 'R', 3), ("*", 'N', 1), ("+-1", 'N', 2), ("1/2", 'L', 2)]
    {
        let g = t.parse(g).unwrap();
        assert_eq!(t.outcome(g).letter(), class);
        assert_eq!(t.birthday(g), born);
    }
}

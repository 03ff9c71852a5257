//! Combinatorial game theory: short partizan games in canonical form (issue 16's engine, its
//! first part). Games are interned in a [`Games`] table: equal values share one [`Gid`], as in
//! CGSuite, so equality of values is equality of ids once forms are canonical.
//!
//! A game is `{ L | R }`, its Left and Right options. Its canonical form has no dominated
//! options (Left keeps only options that no other Left option beats; Right likewise) and no
//! reversible options (a Left option `GL` with a Right option `GLR ≤ G` is replaced by the Left
//! options of `GLR`). Comparison follows the definition: `G ≤ H` unless some `GL ≥ H` or some
//! `HR ≤ G`.

use std::collections::HashMap;
use std::fmt::Write as _;

/// A game's id in its [`Games`] table: its canonical form's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gid(u32);

/// A canonical form: sorted, duplicate-free option lists.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Form {
    left: Vec<Gid>,
    right: Vec<Gid>,
}

/// The table of canonical forms, with the memos of comparison, sum and negative.
#[derive(Debug, Default)]
pub struct Games {
    forms: Vec<Form>,
    ids: HashMap<Form, Gid>,
    le: HashMap<(Gid, Gid), bool>,
    sums: HashMap<(Gid, Gid), Gid>,
    negs: HashMap<Gid, Gid>,
}

impl Games {
    /// An empty table (zero is made on first use).
    pub fn new() -> Games {
        Games::default()
    }

    fn intern(&mut self, mut left: Vec<Gid>, mut right: Vec<Gid>) -> Gid {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let form = Form { left, right };
        if let Some(&g) = self.ids.get(&form) {
            return g;
        }
        let g = Gid(self.forms.len() as u32);
        self.forms.push(form.clone());
        self.ids.insert(form, g);
        g
    }

    /// Left's options of `g` (canonical).
    pub fn left(&self, g: Gid) -> &[Gid] {
        &self.forms[g.0 as usize].left
    }

    /// Right's options of `g` (canonical).
    pub fn right(&self, g: Gid) -> &[Gid] {
        &self.forms[g.0 as usize].right
    }

    /// `0 = { | }`.
    pub fn zero(&mut self) -> Gid {
        self.intern(vec![], vec![])
    }

    /// The integer `n`: `n = { n-1 | }`, `-n = { | -n+1 }`.
    pub fn integer(&mut self, n: i64) -> Gid {
        let mut g = self.zero();
        for k in 1..=n.unsigned_abs() {
            let _ = k;
            g = if n > 0 { self.intern(vec![g], vec![]) } else { self.intern(vec![], vec![g]) };
        }
        g
    }

    /// The nimber `*n = { 0, *1, ..., *(n-1) | 0, *1, ..., *(n-1) }`.
    pub fn nimber(&mut self, n: u32) -> Gid {
        let mut opts = vec![];
        let mut g = self.zero();
        for _ in 0..n {
            opts.push(g);
            g = self.intern(opts.clone(), opts.clone());
        }
        g
    }

    /// `G ≤ H` for Left: Left does at least as well in `H` as in `G`.
    pub fn le(&mut self, g: Gid, h: Gid) -> bool {
        if g == h {
            return true;
        }
        if let Some(&b) = self.le.get(&(g, h)) {
            return b;
        }
        // G ≤ H unless some GL ≥ H, or some HR ≤ G.
        let gl = self.left(g).to_vec();
        let hr = self.right(h).to_vec();
        let b = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le.insert((g, h), b);
        b
    }

    /// `G = H` as values.
    pub fn eq(&mut self, g: Gid, h: Gid) -> bool {
        self.le(g, h) && self.le(h, g)
    }

    /// `G || H`: confused, neither `≤` nor `≥`.
    pub fn confused(&mut self, g: Gid, h: Gid) -> bool {
        !self.le(g, h) && !self.le(h, g)
    }

    /// The canonical form of `{ left | right }` (options already canonical).
    pub fn game(&mut self, left: Vec<Gid>, right: Vec<Gid>) -> Gid {
        // Intern the raw form first: it is needed as G in the reversibility tests.
        let (mut left, mut right) = (left, right);
        loop {
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            let g = self.intern(left.clone(), right.clone());
            let (l2, changed_l) = self.bypass(g, &left, true);
            let (r2, changed_r) = self.bypass(g, &right, false);
            if !changed_l && !changed_r {
                return g;
            }
            left = l2;
            right = r2;
        }
    }

    /// The options that no other option of the same player beats.
    fn undominated(&mut self, mut opts: Vec<Gid>, for_left: bool) -> Vec<Gid> {
        opts.sort_unstable();
        opts.dedup();
        let mut keep = vec![];
        for (i, &x) in opts.iter().enumerate() {
            let dominated = opts.iter().enumerate().any(|(j, &y)| {
                j != i
                    && if for_left {
                        self.le(x, y) && (!self.le(y, x) || j < i)
                    } else {
                        self.le(y, x) && (!self.le(x, y) || j < i)
                    }
            });
            if !dominated {
                keep.push(x);
            }
        }
        keep
    }

    /// Bypasses reversible options of `g`'s player: Left's `GL` with some `GLR ≤ G` becomes
    /// the Left options of that `GLR` (Right's symmetrically).
    fn bypass(&mut self, g: Gid, opts: &[Gid], for_left: bool) -> (Vec<Gid>, bool) {
        let mut out = vec![];
        let mut changed = false;
        for &x in opts {
            let replies = if for_left { self.right(x).to_vec() } else { self.left(x).to_vec() };
            let reversing = replies.into_iter().find(|&r| if for_left { self.le(r, g) } else { self.le(g, r) });
            match reversing {
                Some(r) => {
                    changed = true;
                    out.extend(if for_left { self.left(r).to_vec() } else { self.right(r).to_vec() });
                }
                None => out.push(x),
            }
        }
        (out, changed)
    }

    /// `-G`: the players' roles swapped.
    pub fn neg(&mut self, g: Gid) -> Gid {
        if let Some(&n) = self.negs.get(&g) {
            return n;
        }
        let left: Vec<Gid> = self.right(g).to_vec().into_iter().map(|x| self.neg(x)).collect();
        let right: Vec<Gid> = self.left(g).to_vec().into_iter().map(|x| self.neg(x)).collect();
        let n = self.game(left, right);
        self.negs.insert(g, n);
        n
    }

    /// `G + H`: a move in either component.
    pub fn add(&mut self, g: Gid, h: Gid) -> Gid {
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        let mut left = vec![];
        let mut right = vec![];
        for x in self.left(g).to_vec() {
            left.push(self.add(x, h));
        }
        for x in self.left(h).to_vec() {
            left.push(self.add(g, x));
        }
        for x in self.right(g).to_vec() {
            right.push(self.add(x, h));
        }
        for x in self.right(h).to_vec() {
            right.push(self.add(g, x));
        }
        let s = self.game(left, right);
        self.sums.insert(key, s);
        s
    }

    /// The number `g` is, if it is a dyadic rational: (numerator, log2 of the denominator).
    pub fn number(&mut self, g: Gid) -> Option<(i64, u32)> {
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        match (&l[..], &r[..]) {
            ([], []) => Some((0, 0)),
            ([x], []) => {
                let (n, d) = self.number(*x)?;
                (d == 0 && n >= 0).then_some((n + 1, 0))
            }
            ([], [y]) => {
                let (n, d) = self.number(*y)?;
                (d == 0 && n <= 0).then_some((n - 1, 0))
            }
            ([x], [y]) => {
                // The simplest number between two numbers: here, their mean when adjacent.
                let (a, da) = self.number(*x)?;
                let (b, db) = self.number(*y)?;
                let d = da.max(db) + 1;
                let (a, b) = (a << (d - da), b << (d - db));
                (b - a == 2).then_some(((a + b) / 2, d)).map(|(n, d)| reduce(n, d))
            }
            _ => None,
        }
    }

    /// The nimber `g` is, if any: `*n`.
    pub fn nim_value(&mut self, g: Gid) -> Option<u32> {
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        if l != r {
            return None;
        }
        let mut values = l.into_iter().map(|x| self.nim_value(x)).collect::<Option<Vec<u32>>>()?;
        values.sort_unstable();
        values.iter().enumerate().all(|(i, &v)| v == i as u32).then_some(values.len() as u32)
    }

    /// `g` in CGSuite's worksheet syntax (ASCII): `0`, `3`, `-1/2`, `*2`, `{1|*}`.
    pub fn show(&mut self, g: Gid) -> String {
        if let Some((n, d)) = self.number(g) {
            return if d == 0 { n.to_string() } else { format!("{n}/{}", 1u64 << d) };
        }
        match self.nim_value(g) {
            Some(1) => return "*".into(),
            Some(n) => return format!("*{n}"),
            None => {}
        }
        // ±x: the switch {x | -x} of a number x > 0.
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        if let ([x], [y]) = (&l[..], &r[..]) {
            let (x, y) = (*x, *y);
            if let Some((n, d)) = self.number(x) {
                if self.neg(x) == y && n > 0 {
                    return if d == 0 { format!("+-{n}") } else { format!("+-{n}/{}", 1u64 << d) };
                }
            }
        }
        let mut s = String::from("{");
        let l = self.left(g).to_vec();
        let r = self.right(g).to_vec();
        for (i, x) in l.iter().enumerate() {
            let _ = write!(s, "{}{}", if i > 0 { "," } else { "" }, self.show(*x));
        }
        s.push('|');
        for (i, x) in r.iter().enumerate() {
            let _ = write!(s, "{}{}", if i > 0 { "," } else { "" }, self.show(*x));
        }
        s.push('}');
        s
    }
}

/// A dyadic fraction `n / 2^d` in lowest terms.
fn reduce(mut n: i64, mut d: u32) -> (i64, u32) {
    while d > 0 && n % 2 == 0 {
        n /= 2;
        d -= 1;
    }
    (n, d)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

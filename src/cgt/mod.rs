//! Combinatorial game theory: short partizan games in canonical form (issue 16's engine, its
//! first part). Games are interned in a [`Games`] table: equal values share one [`Gid`], as in
//! CGSuite, so equality of values is equality of ids once forms are canonical.
//!
//! A game is `{ L | R }`, its Left and Right options. Its canonical form has no dominated
//! options (Left keeps only options that no other Left option beats; Right likewise) and no
//! reversible options (a Left option `GL` with a Right option `GLR ≤ G` is replaced by the Left
//! options of `GLR`). Comparison follows the definition: `G ≤ H` unless some `GL ≥ H` or some
//! `HR ≤ G`.

mod atomic;
mod dyadic;
mod memo;
mod names;
pub mod octal;
mod parse;
#[cfg(test)]
mod tests;
mod thermo;

use core::hash::{BuildHasherDefault, Hasher};
use std::collections::HashMap as StdMap;

/// A fast hash (FxHash's multiply-rotate, eight bytes at a time) for the engine's memo tables
/// of small keys (ids, pairs of ids, rows): SipHash spent much of a valuation's time.
#[derive(Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.mix(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let mut last = 0u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            last |= (b as u64) << (8 * i);
        }
        self.mix(last ^ (bytes.len() as u64) << 56);
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.mix(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.mix(n as u64);
        self.mix((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        // A final mix, so that the table's low bits depend on every byte.
        (self.0 ^ (self.0 >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }
}

impl FastHasher {
    fn mix(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

/// A hash map with [`FastHasher`].
pub type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<FastHasher>>;

pub use dyadic::Dyadic;
pub use memo::{Memo, Tick};
pub use names::Style;
pub use parse::ParseGameError;
pub use thermo::Thermograph;

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
    numbers: HashMap<Gid, Option<Dyadic>>,
    nim_values: HashMap<Gid, Option<u32>>,
    birthdays: HashMap<Gid, u32>,
    stops: HashMap<Gid, (Dyadic, Dyadic)>,
    /// Recognised names (see `names.rs`), and the table of `n.^ + *k` it reads them from.
    names: HashMap<Gid, names::Name>,
    paper_names: HashMap<Gid, &'static str>,
    uptimals: Option<HashMap<Gid, (i32, u32)>>,
    atomic: HashMap<Gid, Gid>,
    ups: HashMap<Gid, Gid>,
    thermographs: HashMap<Gid, thermo::Thermograph>,
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
        // G ≤ H unless some GL ≥ H, or some HR ≤ G (options read by index: the recursion
        // needs the table, and copying them out is most of the time of a large valuation).
        let mut b = true;
        for i in 0..self.forms[g.0 as usize].left.len() {
            let x = self.forms[g.0 as usize].left[i];
            if self.le(h, x) {
                b = false;
                break;
            }
        }
        if b {
            for i in 0..self.forms[h.0 as usize].right.len() {
                let y = self.forms[h.0 as usize].right[i];
                if self.le(y, g) {
                    b = false;
                    break;
                }
            }
        }
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

    /// The number `g` is, if it is one.
    pub fn number(&mut self, g: Gid) -> Option<Dyadic> {
        if let Some(&n) = self.numbers.get(&g) {
            return n;
        }
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        let n = match (&l[..], &r[..]) {
            ([], []) => Some(Dyadic::ZERO),
            // Canonical integers: n = {n-1 | }, -n = { | -n+1 }.
            ([x], []) => self.number(*x).filter(|n| n.is_integer() && *n >= Dyadic::ZERO).map(|n| n + Dyadic::ONE),
            ([], [y]) => self.number(*y).filter(|n| n.is_integer() && *n <= Dyadic::ZERO).map(|n| n - Dyadic::ONE),
            // Canonical fractions: m/2^k = {(m-1)/2^k | (m+1)/2^k}.
            ([x], [y]) => match (self.number(*x), self.number(*y)) {
                (Some(a), Some(b)) => {
                    let mid = (a + b).half();
                    (mid.exp() > a.exp().max(b.exp()) && b - a == Dyadic::new(2, mid.exp())).then_some(mid)
                }
                _ => None,
            },
            _ => None,
        };
        self.numbers.insert(g, n);
        n
    }

    /// The game of the number `x`.
    pub fn number_game(&mut self, x: Dyadic) -> Gid {
        if x.is_integer() {
            return self.integer(x.num());
        }
        let step = Dyadic::new(1, x.exp());
        let (a, b) = (self.number_game(x - step), self.number_game(x + step));
        self.intern(vec![a], vec![b])
    }

    /// The nimber `g` is, if any: `*n`.
    pub fn nim_value(&mut self, g: Gid) -> Option<u32> {
        // Memoised: a nimber's options are the smaller nimbers, so without it ∗n took 2ⁿ calls
        // (∗26: 1.6 s; found by `make fuzz`).
        if let Some(&v) = self.nim_values.get(&g) {
            return v;
        }
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        let v = if l == r {
            l.into_iter().map(|x| self.nim_value(x)).collect::<Option<Vec<u32>>>().and_then(|mut values| {
                values.sort_unstable();
                values.iter().enumerate().all(|(i, &v)| v == i as u32).then_some(values.len() as u32)
            })
        } else {
            None
        };
        self.nim_values.insert(g, v);
        v
    }

    /// The birthday: 0 for `{ | }`, else one more than the latest-born option.
    pub fn birthday(&mut self, g: Gid) -> u32 {
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let opts: Vec<Gid> = self.left(g).iter().chain(self.right(g)).copied().collect();
        let b = opts.into_iter().map(|x| self.birthday(x) + 1).max().unwrap_or(0);
        self.birthdays.insert(g, b);
        b
    }

    /// The Left and Right stops: where the number avoidance play ends, Left or Right first.
    pub fn stops(&mut self, g: Gid) -> (Dyadic, Dyadic) {
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        let s = match self.number(g) {
            Some(x) => (x, x),
            None => {
                let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
                let ls = l.into_iter().map(|x| self.stops(x).1).max().expect("a non-number has Left options");
                let rs = r.into_iter().map(|x| self.stops(x).0).min().expect("a non-number has Right options");
                (ls, rs)
            }
        };
        self.stops.insert(g, s);
        s
    }

    /// Who wins `g`: Left, Right, the first player or the second player.
    pub fn outcome(&mut self, g: Gid) -> OutcomeClass {
        let zero = self.zero();
        match (self.le(zero, g), self.le(g, zero)) {
            (true, true) => OutcomeClass::Second,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::First,
        }
    }

    /// `G - H`.
    pub fn sub(&mut self, g: Gid, h: Gid) -> Gid {
        let n = self.neg(h);
        self.add(g, n)
    }
}

/// The outcome class of a game: who wins it with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeClass {
    /// `G > 0`: Left wins whoever starts.
    Left,
    /// `G < 0`: Right wins whoever starts.
    Right,
    /// `G || 0`: the player to move wins.
    First,
    /// `G = 0`: the player to move loses.
    Second,
}

impl OutcomeClass {
    /// The class's letter: L, R, N (next player) or P (previous player).
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::Left => 'L',
            OutcomeClass::Right => 'R',
            OutcomeClass::First => 'N',
            OutcomeClass::Second => 'P',
        }
    }

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            OutcomeClass::Left => "Left wins",
            OutcomeClass::Right => "Right wins",
            OutcomeClass::First => "the first player wins",
            OutcomeClass::Second => "the second player wins",
        }
    }
}

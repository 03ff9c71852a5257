//! Names of games, and printing: CGSuite's ASCII worksheet syntax (`{1|*}`, `^*`, `3/16`,
//! `+_2`, `*2`, `+-1`, `{2|1||0}`) or the paper's symbols (↑∗, ⇓, +₂, ±1, and Erickson's
//! ↑(1|0), ↑(±1), ↑²∗, ↓(1|0), ↓₂∗).
//!
//! Every name is recognised by building the named game and comparing ids (forms are canonical,
//! so equal values are equal ids): a name is never printed for a game it is not.

use super::{Dyadic, Games, Gid, HashMap};

/// How a game is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// CGSuite's ASCII worksheet syntax, which [`Games::parse`] reads back.
    Ascii,
    /// The paper's symbols, for people.
    Paper,
}

/// What a game was recognised as (cached per id).
#[derive(Clone, Debug)]
pub(super) enum Name {
    /// `x + n.^ + *k`: numbers, nimbers, ups and downs with or without a star.
    Uptimal(Dyadic, i32, u32),
    /// `x + +_G` (Left's tiny) or `x + -_G` (Right's miny, when `minus`).
    Tiny { number: Dyadic, sub: Gid, minus: bool },
    /// `+-(A, B, ...)`: Left's options are A, B, ..., Right's are their negatives.
    Switch(Vec<Gid>),
    /// Nothing shorter than the braces.
    Plain,
}

/// The largest up-multiple and nimber that are recognised by name.
const UPS: i32 = 16;
const STARS: u32 = 16;

impl Games {
    /// `^ = {0 | *}`.
    pub fn up(&mut self) -> Gid {
        let (zero, star) = (self.zero(), self.nimber(1));
        self.intern(vec![zero], vec![star])
    }

    /// `x + n.^ + *k`.
    pub fn uptimal_game(&mut self, x: Dyadic, ups: i32, star: u32) -> Gid {
        let up = self.up();
        let unit = if ups < 0 { self.neg(up) } else { up };
        let mut g = self.number_game(x);
        let s = self.nimber(star);
        g = self.add(g, s);
        for _ in 0..ups.unsigned_abs() {
            g = self.add(g, unit);
        }
        g
    }

    /// `+_G = {0 || 0 | -G}`, Left's tiny of `G` (for G > 0: a positive infinitesimal).
    pub fn tiny(&mut self, sub: Gid) -> Gid {
        let zero = self.zero();
        let m = self.neg(sub);
        let inner = self.game(vec![zero], vec![m]);
        self.game(vec![zero], vec![inner])
    }

    /// Erickson's `↑G = {*, ↑G^L | *, ↑G^R}` (after Conway): ↑1 = ↑, ↑(1|0), ↑(±1).
    pub fn up_of(&mut self, g: Gid) -> Gid {
        if let Some(&u) = self.ups.get(&g) {
            return u;
        }
        let star = self.nimber(1);
        let mut left = vec![star];
        let mut right = vec![star];
        for x in self.left(g).to_vec() {
            left.push(self.up_of(x));
        }
        for x in self.right(g).to_vec() {
            right.push(self.up_of(x));
        }
        let u = self.game(left, right);
        self.ups.insert(g, u);
        u
    }

    /// `g` as `x + n.^ + *k`, if it is one (up-multiples and nimbers up to 16).
    pub fn uptimal(&mut self, g: Gid) -> Option<(Dyadic, i32, u32)> {
        match self.name(g) {
            Name::Uptimal(x, n, k) => Some((x, n, k)),
            _ => None,
        }
    }

    pub(super) fn name(&mut self, g: Gid) -> Name {
        if let Some(n) = self.names.get(&g) {
            return n.clone();
        }
        let n = self.recognise(g);
        self.names.insert(g, n.clone());
        n
    }

    fn recognise(&mut self, g: Gid) -> Name {
        if let Some(x) = self.number(g) {
            return Name::Uptimal(x, 0, 0);
        }
        if let Some(k) = self.nim_value(g) {
            return Name::Uptimal(Dyadic::ZERO, 0, k);
        }
        let (ls, rs) = self.stops(g);
        if ls == rs {
            let minus_x = self.number_game(-ls);
            let h = self.add(g, minus_x);
            // x + ∗k for any k (the table below stops at ∗15; a larger nimber printed as its
            // options would be exponentially long: found by `make fuzz`).
            if let Some(k) = self.nim_value(h) {
                return Name::Uptimal(ls, 0, k);
            }
            if self.uptimals.is_none() {
                let mut table = HashMap::default();
                for n in -UPS..=UPS {
                    for k in 0..STARS {
                        let u = self.uptimal_game(Dyadic::ZERO, n, k);
                        table.insert(u, (n, k));
                    }
                }
                self.uptimals = Some(table);
            }
            if let Some(&(n, k)) = self.uptimals.as_ref().and_then(|t| t.get(&h)) {
                return Name::Uptimal(ls, n, k);
            }
            // Ups with a nimber past the table's (↓↓∗27).
            for n in (-UPS..=UPS).filter(|&n| n != 0) {
                let ups = self.uptimal_game(Dyadic::ZERO, n, 0);
                let rest = self.sub(h, ups);
                if let Some(k) = self.nim_value(rest) {
                    return Name::Uptimal(ls, n, k);
                }
            }
        }
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        // x + +_G = {x || x | x - G} and x + -_G = {x + G | x || x}.
        if let ([a], [b]) = (&l[..], &r[..]) {
            for minus in [false, true] {
                let (near, far) = if minus { (*b, *a) } else { (*a, *b) };
                let Some(x) = self.number(near) else { continue };
                let (fl, fr) = (self.left(far).to_vec(), self.right(far).to_vec());
                let (inner_near, inner_far) = match (minus, &fl[..], &fr[..]) {
                    (false, [p], [q]) => (*p, *q),
                    (true, [q], [p]) => (*p, *q),
                    _ => continue,
                };
                if inner_near != near {
                    continue;
                }
                // The subscript: G = x - far's far option (or its negative for a miny).
                let xg = self.number_game(x);
                let sub = if minus { self.sub(inner_far, xg) } else { self.sub(xg, inner_far) };
                let zero = self.zero();
                if !self.le(zero, sub) || sub == zero {
                    continue;
                }
                let t = self.tiny(sub);
                let t = if minus { self.neg(t) } else { t };
                if self.add(t, xg) == g {
                    return Name::Tiny { number: x, sub, minus };
                }
            }
        }
        let negs: Vec<Gid> = l.iter().map(|&x| self.neg(x)).collect();
        let mut sorted = negs.clone();
        sorted.sort_unstable();
        if sorted == r {
            return Name::Switch(l);
        }
        Name::Plain
    }

    /// Erickson's named forms (Table 5), by id.
    fn paper_name(&mut self, g: Gid) -> Option<&'static str> {
        if self.paper_names.is_empty() {
            let (zero, one) = (self.zero(), self.integer(1));
            let m1 = self.integer(-1);
            let one_zero = self.game(vec![one], vec![zero]);
            let pm1 = self.game(vec![one], vec![m1]);
            let up_one_zero = self.up_of(one_zero);
            let up_pm1 = self.up_of(pm1);
            let two = self.integer(2);
            let up2 = self.up_of(two);
            let up1 = self.up_of(one);
            let up_squared = self.sub(up2, up1);
            let star = self.nimber(1);
            let up_squared_star = self.add(up_squared, star);
            let down_one_zero = self.neg(up_one_zero);
            let down_sub_2_star = self.neg(up_squared_star);
            let up_squared_neg = self.neg(up_squared);
            for (g, name) in [
                (up_one_zero, "↑(1|0)"),
                (up_pm1, "↑(±1)"),
                (up_squared_star, "↑²∗"),
                (up_squared, "↑²"),
                (down_one_zero, "↓(1|0)"),
                (down_sub_2_star, "↓₂∗"),
                (up_squared_neg, "↓₂"),
            ] {
                self.paper_names.insert(g, name);
            }
        }
        self.paper_names.get(&g).copied()
    }

    /// `g` in CGSuite's ASCII syntax (the same as `show_in(g, Style::Ascii)`).
    pub fn show(&mut self, g: Gid) -> String {
        self.show_in(g, Style::Ascii)
    }

    /// `g` printed in `style`.
    pub fn show_in(&mut self, g: Gid, style: Style) -> String {
        self.render(g, style).0
    }

    /// The text, and the number of bars of its outer separator when it is a plain game
    /// `{...|...}` that may lose its braces inside another (0 otherwise).
    fn render(&mut self, g: Gid, style: Style) -> (String, usize) {
        if style == Style::Paper {
            if let Some(n) = self.paper_name(g) {
                return (n.to_string(), 0);
            }
        }
        match self.name(g) {
            Name::Uptimal(x, n, k) => (uptimal_text(x, n, k, style), 0),
            Name::Tiny { number, sub, minus } => {
                let mut s = if number == Dyadic::ZERO { String::new() } else { number_text(number, style) };
                s.push(if minus { '-' } else { '+' });
                match (self.number(sub), style) {
                    (Some(v), Style::Paper) if v.is_integer() => s.push_str(&subscript(&v.to_string())),
                    (Some(v), Style::Paper) => s.push_str(&format!("_{{{}}}", number_text(v, style))),
                    (Some(v), Style::Ascii) => s.push_str(&format!("_{v}")),
                    (None, _) => {
                        let t = self.show_in(sub, style);
                        s.push_str(&if t.starts_with('{') { format!("_{t}") } else { format!("_({t})") });
                    }
                }
                (s, 0)
            }
            Name::Switch(opts) => {
                let pm = if style == Style::Ascii { "+-" } else { "±" };
                let parts: Vec<String> = opts.iter().map(|&x| self.show_in(x, style)).collect();
                if let [one] = &parts[..] {
                    if self.number(opts[0]).is_some() || one.starts_with('{') {
                        return (format!("{pm}{one}"), 0);
                    }
                }
                let sep = if style == Style::Ascii { "," } else { ", " };
                (format!("{pm}({})", parts.join(sep)), 0)
            }
            Name::Plain => {
                let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
                let (ls, ld) = self.side(&l, style);
                let (rs, rd) = self.side(&r, style);
                let bars = ld.max(rd) + 1;
                (format!("{{{ls}{}{rs}}}", "|".repeat(bars)), bars)
            }
        }
    }

    /// One side's options, comma-separated; a lone plain option loses its braces (its bars
    /// count then toward the separator around it).
    fn side(&mut self, opts: &[Gid], style: Style) -> (String, usize) {
        if let [one] = opts {
            let (s, bars) = self.render(*one, style);
            if bars > 0 {
                return (s[1..s.len() - 1].to_string(), bars);
            }
            return (s, 0);
        }
        let parts: Vec<String> = opts.iter().map(|&x| self.show_in(x, style)).collect();
        let sep = if style == Style::Ascii { "," } else { ", " };
        (parts.join(sep), 0)
    }
}

fn number_text(x: Dyadic, style: Style) -> String {
    match style {
        Style::Ascii => x.to_string(),
        Style::Paper => x.to_string().replace('-', "−"),
    }
}

fn subscript(digits: &str) -> String {
    digits.chars().map(|c| char::from_u32('₀' as u32 + c.to_digit(10).unwrap_or(0)).unwrap_or(c)).collect()
}

/// `x`, `x^^*2`, `v3*`, `*5` (CGSuite), or `x⇑∗2`, `3·↓∗` (the paper).
fn uptimal_text(x: Dyadic, n: i32, k: u32, style: Style) -> String {
    let mut s = String::new();
    if x != Dyadic::ZERO || (n == 0 && k == 0) {
        s.push_str(&number_text(x, style));
    }
    let m = n.unsigned_abs();
    match (style, n > 0) {
        (_, _) if n == 0 => {}
        (Style::Ascii, up) => {
            let c = if up { '^' } else { 'v' };
            match m {
                1 => s.push(c),
                2 => {
                    s.push(c);
                    s.push(c);
                }
                _ => {
                    s.push(c);
                    s.push_str(&m.to_string());
                }
            }
        }
        (Style::Paper, up) => match m {
            1 => s.push(if up { '↑' } else { '↓' }),
            2 => s.push(if up { '⇑' } else { '⇓' }),
            _ => s.push_str(&format!("{m}·{}", if up { '↑' } else { '↓' })),
        },
    }
    if k > 0 {
        s.push(if style == Style::Ascii { '*' } else { '∗' });
        if k > 1 {
            s.push_str(&k.to_string());
        }
    }
    s
}

//! Thermographs: the mean and temperature of a short game.
//!
//! Walls are piecewise-linear functions of the temperature `t ≥ 0` with slopes -1, 0 or +1
//! and dyadic breakpoints. For a game that is not a number, below its temperature `τ` the left
//! wall is `max over G^L of (right wall of G^L)(t) - t` and the right wall `min over G^R of
//! (left wall of G^R)(t) + t`; at `τ` they meet, and above it the game is the mast at its mean.
//! A number `x` is its own mean; its temperature is -1 for an integer and `-1/2^k` for
//! `m/2^k` (CGSuite's convention).

use super::{Dyadic, Games, Gid};

/// A piece of a wall: from `t` on, the value `v + slope·(s - t)` at temperature `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    t: Dyadic,
    v: Dyadic,
    slope: i8,
}

/// A wall over `t ≥ 0`: pieces in order of `t`, the first at 0, the last going on forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall(Vec<Piece>);

fn times(x: Dyadic, k: i8) -> Dyadic {
    match k {
        0 => Dyadic::ZERO,
        1 => x,
        -1 => -x,
        2 => x + x,
        -2 => -(x + x),
        _ => unreachable!("wall slopes stay within -1..=1"),
    }
}

impl Wall {
    fn constant(x: Dyadic) -> Wall {
        Wall(vec![Piece { t: Dyadic::ZERO, v: x, slope: 0 }])
    }

    fn piece_at(&self, t: Dyadic) -> Piece {
        *self.0.iter().rev().find(|p| p.t <= t).expect("walls start at 0")
    }

    /// The wall's value at temperature `t`.
    pub fn at(&self, t: Dyadic) -> Dyadic {
        let p = self.piece_at(t);
        p.v + times(t - p.t, p.slope)
    }

    /// The wall taxed by `dir·t` (dir = -1 for Left's options, +1 for Right's).
    fn tilt(&self, dir: i8) -> Wall {
        Wall(self.0.iter().map(|p| Piece { t: p.t, v: p.v + times(p.t, dir), slope: p.slope + dir }).collect())
    }

    /// The breakpoints of both walls, in order.
    fn breaks(&self, o: &Wall) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self.0.iter().chain(&o.0).map(|p| p.t).collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// The larger (`max`) or smaller of two walls, pointwise.
    fn pick(&self, o: &Wall, max: bool) -> Wall {
        let ts = self.breaks(o);
        let mut out: Vec<Piece> = vec![];
        for (i, &a) in ts.iter().enumerate() {
            let next = ts.get(i + 1).copied();
            let (f, g) = (self.piece_at(a), o.piece_at(a));
            let (fa, ga) = (self.at(a), o.at(a));
            // Which one wins just after a.
            let f_wins = |fv: Dyadic, gv: Dyadic| {
                if fv != gv {
                    (fv > gv) == max
                } else {
                    (f.slope > g.slope) == max
                }
            };
            let first = f_wins(fa, ga);
            out.push(Piece { t: a, v: if first { fa } else { ga }, slope: if first { f.slope } else { g.slope } });
            // A crossing inside (a, next)?
            if f.slope != g.slope && fa != ga {
                let d = ga - fa;
                let k = f.slope - g.slope;
                let dt = match k {
                    1 | -1 => times(d, k),
                    _ => times(d, k.signum()).half(),
                };
                let c = a + dt;
                if c > a && next.is_none_or(|n| c < n) {
                    let v = self.at(c);
                    out.push(Piece { t: c, v, slope: if first { g.slope } else { f.slope } });
                }
            }
        }
        Wall(simplify(out))
    }
}

fn simplify(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = vec![];
    for p in pieces {
        if let Some(q) = out.last() {
            if q.slope == p.slope && q.v + times(p.t - q.t, q.slope) == p.v {
                continue;
            }
        }
        out.push(p);
    }
    out
}

/// A game's thermograph: its walls, mean and temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (her stop at each temperature).
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// The mast's value.
    pub mean: Dyadic,
    /// Where the walls meet.
    pub temperature: Dyadic,
}

impl Games {
    /// The thermograph of `g`.
    pub fn thermograph(&mut self, g: Gid) -> Thermograph {
        if let Some(t) = self.thermographs.get(&g) {
            return t.clone();
        }
        let t = self.compute_thermograph(g);
        self.thermographs.insert(g, t.clone());
        t
    }

    /// The mean (the mast's value) of `g`.
    pub fn mean(&mut self, g: Gid) -> Dyadic {
        self.thermograph(g).mean
    }

    /// The temperature of `g`: negative for numbers, 0 for infinitesimals, `x` for `±x`.
    pub fn temperature(&mut self, g: Gid) -> Dyadic {
        self.thermograph(g).temperature
    }

    fn compute_thermograph(&mut self, g: Gid) -> Thermograph {
        if let Some(x) = self.number(g) {
            let temperature = -Dyadic::new(1, x.exp());
            return Thermograph { left: Wall::constant(x), right: Wall::constant(x), mean: x, temperature };
        }
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        let mut left: Option<Wall> = None;
        for x in l {
            let w = self.thermograph(x).right.tilt(-1);
            left = Some(match left {
                None => w,
                Some(a) => a.pick(&w, true),
            });
        }
        let mut right: Option<Wall> = None;
        for x in r {
            let w = self.thermograph(x).left.tilt(1);
            right = Some(match right {
                None => w,
                Some(a) => a.pick(&w, false),
            });
        }
        let (left, right) = (left.expect("a non-number has Left options"), right.expect("and Right options"));
        // The first t where left ≤ right: left - right only falls.
        let ts = left.breaks(&right);
        let mut tau = None;
        for (i, &a) in ts.iter().enumerate() {
            let d = left.at(a) - right.at(a);
            if d <= Dyadic::ZERO {
                tau = Some(a);
                break;
            }
            let k = left.piece_at(a).slope - right.piece_at(a).slope;
            if k < 0 {
                let dt = if k == -1 { d } else { d.half() };
                let c = a + dt;
                if ts.get(i + 1).is_none_or(|&n| c < n) {
                    tau = Some(c);
                    break;
                }
            }
        }
        let tau = tau.expect("the walls of a short game meet");
        let mean = left.at(tau);
        let cut = |w: &Wall| {
            let mut pieces: Vec<Piece> = w.0.iter().copied().filter(|p| p.t < tau).collect();
            pieces.push(Piece { t: tau, v: mean, slope: 0 });
            Wall(simplify(pieces))
        };
        Thermograph { left: cut(&left), right: cut(&right), mean, temperature: tau }
    }
}

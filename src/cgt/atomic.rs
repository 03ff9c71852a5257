//! All-small games and their atomic weights (the atomic weight calculus of Winning Ways,
//! chapter 8, with the exceptional case for games far from a remote star).
//!
//! For an all-small `G` that is not an up-multiple plus a nimber, the atomic weight is
//! `G0 = {AW(G^L) - 2 | AW(G^R) + 2}`, unless `G0` is an integer: then, if `G` is below the far
//! star ☆ (a nimber larger than any in `G`), it is the least integer `n` with `n ⧐ AW(G^L) - 2`
//! for every `G^L`; if above, the greatest with `n ⧏ AW(G^R) + 2`; if confused with ☆, `G0`.

use super::{Games, Gid};

impl Games {
    /// Whether every follower of `g` has options for both players or for neither (as every
    /// Atomic Wari position does).
    pub fn is_all_small(&mut self, g: Gid) -> bool {
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        if l.is_empty() != r.is_empty() {
            return false;
        }
        l.into_iter().chain(r).all(|x| self.is_all_small(x))
    }

    /// The atomic weight of an all-small game (`None` for the others).
    pub fn atomic_weight(&mut self, g: Gid) -> Option<Gid> {
        if !self.is_all_small(g) {
            return None;
        }
        Some(self.weight(g))
    }

    fn weight(&mut self, g: Gid) -> Gid {
        if let Some(&w) = self.atomic.get(&g) {
            return w;
        }
        let w = match self.uptimal(g) {
            Some((x, n, _)) if x == super::Dyadic::ZERO => self.integer(n as i64),
            _ => self.weight_of_options(g),
        };
        self.atomic.insert(g, w);
        w
    }

    fn weight_of_options(&mut self, g: Gid) -> Gid {
        let (two, m2) = (self.integer(2), self.integer(-2));
        let mut left = vec![];
        for x in self.left(g).to_vec() {
            let w = self.weight(x);
            left.push(self.add(w, m2));
        }
        let mut right = vec![];
        for x in self.right(g).to_vec() {
            let w = self.weight(x);
            right.push(self.add(w, two));
        }
        let g0 = self.game(left.clone(), right.clone());
        if !self.number(g0).is_some_and(|x| x.is_integer()) {
            return g0;
        }
        let far = self.far_star(g);
        let far = self.nimber(far);
        let (below, above) = (self.le(g, far), self.le(far, g));
        if below && !above {
            // The least integer n with n ⧐ every G0^L (not n ≤ G0^L).
            let mut best: Option<i64> = None;
            for x in left {
                let mut n = self.stops(x).1.ceil();
                let ng = self.integer(n);
                if self.le(ng, x) {
                    n += 1;
                }
                best = Some(best.map_or(n, |b: i64| b.max(n)));
            }
            self.integer(best.unwrap_or(0))
        } else if above && !below {
            // The greatest integer n with n ⧏ every G0^R (not n ≥ G0^R).
            let mut best: Option<i64> = None;
            for x in right {
                let mut n = self.stops(x).0.floor();
                let ng = self.integer(n);
                if self.le(x, ng) {
                    n -= 1;
                }
                best = Some(best.map_or(n, |b: i64| b.min(n)));
            }
            self.integer(best.unwrap_or(0))
        } else {
            g0
        }
    }

    /// One more than the largest nimber among `g`'s followers (at least 1): the index of a
    /// star remote enough for the atomic weight's comparison.
    fn far_star(&mut self, g: Gid) -> u32 {
        if let Some(k) = self.nim_value(g) {
            return k + 1;
        }
        let opts: Vec<Gid> = self.left(g).iter().chain(self.right(g)).copied().collect();
        opts.into_iter().map(|x| self.far_star(x)).max().unwrap_or(1).max(1)
    }
}

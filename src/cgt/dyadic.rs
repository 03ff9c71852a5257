//! Dyadic rationals `n / 2^k`: the numbers of short games, their stops, means and temperatures.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// `num / 2^exp` in lowest terms (`num` odd, or `exp == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// 1.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// `num / 2^exp`, reduced.
    pub fn new(mut num: i64, mut exp: u32) -> Dyadic {
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        if num == 0 {
            exp = 0;
        }
        Dyadic { num, exp }
    }

    /// The integer `n`.
    pub fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The numerator in lowest terms.
    pub fn num(self) -> i64 {
        self.num
    }

    /// The log2 of the denominator in lowest terms.
    pub fn exp(self) -> u32 {
        self.exp
    }

    /// Whether the denominator is 1.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// `self / 2`.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The largest integer `≤ self`.
    pub fn floor(self) -> i64 {
        self.num.div_euclid(1 << self.exp)
    }

    /// The smallest integer `≥ self`.
    pub fn ceil(self) -> i64 {
        -(-self).floor()
    }

    /// Both over the larger denominator: (a, b, exp).
    fn common(self, other: Dyadic) -> (i64, i64, u32) {
        let e = self.exp.max(other.exp);
        (self.num << (e - self.exp), other.num << (e - other.exp), e)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, o: Dyadic) -> Dyadic {
        let (a, b, e) = self.common(o);
        Dyadic::new(a + b, e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, o: Dyadic) -> Dyadic {
        self + (-o)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic { num: -self.num, exp: self.exp }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, o: &Dyadic) -> Ordering {
        let (a, b, _) = self.common(*o);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, o: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-1/2`, `3/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_text() {
        let h = Dyadic::ONE.half();
        assert_eq!(h.to_string(), "1/2");
        assert_eq!((h + h).to_string(), "1");
        assert_eq!((Dyadic::int(3).half().half() - Dyadic::ONE).to_string(), "-1/4");
        assert_eq!(Dyadic::new(-3, 1).floor(), -2);
        assert_eq!(Dyadic::new(-3, 1).ceil(), -1);
        assert_eq!(Dyadic::new(12, 2), Dyadic::int(3));
        assert!(Dyadic::new(3, 4) < Dyadic::new(1, 2));
    }
}

//! Octal games (Winning Ways, chapter 4): heaps of beans; the code `.d1 d2 d3...` says what
//! removing k beans may leave: digit `dk`'s bit 1 allows taking a whole heap of k, bit 2
//! leaving one heap, bit 4 leaving two heaps. Sparse Atomic Wari is `.37` (Erickson §3) and
//! Officers is `.6`.
//!
//! Nim-values come by the sparse-space method (Gangolli–Plambeck, Flammenkamp): values are
//! split by the parity of their bits under a mask into *common* values (odd) and *rare* ones
//! (even; 0 is rare). Two commons or two rares make a rare by XOR, a common and a rare make a
//! common. As rare values occur at few heap sizes, whether a common value is some split's
//! value needs only the splits with a rare part; rare values below the smallest missing common
//! are found among the first splits. The method is exact whatever the mask (a poor mask is
//! only slower); the mask is chosen from the first values, computed directly.

use std::fmt;

/// An octal game's code: `digits[k-1]` for removing k beans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    digits: Vec<u8>,
}

/// Why an octal code was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalError(pub String);

impl fmt::Display for OctalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OctalError {}

impl std::str::FromStr for Octal {
    type Err = OctalError;

    /// `.37`, `0.37` or `37`: up to 16 octal digits after the point, the last one not 0.
    fn from_str(s: &str) -> Result<Octal, OctalError> {
        let t = s.trim();
        let t = t.strip_prefix("0.").or_else(|| t.strip_prefix('.')).unwrap_or(t);
        if t.is_empty() || t.len() > 16 {
            return Err(OctalError(format!(
                "'{}' is not an octal code: write 1 to 16 digits 0-7 after a point, like .37",
                crate::engine::text::clip(s, 20)
            )));
        }
        let digits =
            t.chars().map(|c| c.to_digit(8).map(|d| d as u8)).collect::<Option<Vec<u8>>>().ok_or_else(|| {
                OctalError(format!("'{}' has a digit that is not octal (0-7)", crate::engine::text::clip(s, 20)))
            })?;
        if digits.last() == Some(&0) {
            return Err(OctalError(format!(
                "'{}' ends in 0: drop the trailing zeros",
                crate::engine::text::clip(s, 20)
            )));
        }
        Ok(Octal { digits })
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(".")?;
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Heap sizes computed directly before the sparse-space mask is chosen.
const DIRECT: usize = 2048;

/// The nim-values of an octal game and the bookkeeping of the sparse-space method.
#[derive(Clone, Debug)]
pub struct NimSequence {
    game: Octal,
    /// G(0), G(1), ...
    pub values: Vec<u16>,
    /// The parity mask: a value is rare when `(v & mask).count_ones()` is even.
    pub mask: u16,
    /// The heap sizes (at least 1) whose value is rare, with their values.
    pub rare: Vec<(u32, u16)>,
    /// Splits examined in all (a measure of the work).
    pub splits: u64,
}

impl NimSequence {
    /// The sequence of `game`, empty but for G(0) = 0.
    pub fn new(game: Octal) -> NimSequence {
        NimSequence { game, values: vec![0], mask: 0, rare: vec![], splits: 0 }
    }

    /// The game.
    pub fn game(&self) -> &Octal {
        &self.game
    }

    fn is_rare(&self, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// Computes G(n) for every n up to `last`, calling `progress` every 65,536 values with the
    /// count so far; stops early (returning false) when it says so.
    pub fn extend_to(&mut self, last: usize, progress: &mut dyn FnMut(usize) -> bool) -> bool {
        // Marks by value, as small as the values allow (so it stays in the fastest cache).
        let top = self.values.iter().copied().max().unwrap_or(0) as usize;
        let mut seen = vec![0u32; ((top + 1).next_power_of_two() * 2).max(64)];
        // Flags of the values a scan still looks for (see `find_wanted`), as large as `seen`.
        let mut want = vec![0u8; seen.len()];
        let mut stamp = 0u32;
        while self.values.len() <= last {
            let n = self.values.len();
            if n % 65_536 == 0 && !progress(n) {
                return false;
            }
            stamp += 1;
            if stamp == u32::MAX {
                seen.fill(0);
                stamp = 1;
            }
            let v = if n <= DIRECT {
                self.direct(n, &mut seen, stamp)
            } else {
                self.sparse(n, &mut seen, &mut want, stamp)
            };
            self.values.push(v);
            if v as usize * 2 >= seen.len() {
                seen = vec![0u32; (v as usize + 1).next_power_of_two() * 2];
                want = vec![0u8; seen.len()];
                stamp = 0;
            }
            if n >= DIRECT && n.is_power_of_two() {
                self.choose_mask();
            } else if n > DIRECT && self.is_rare(v) {
                self.rare.push((n as u32, v));
            }
        }
        true
    }

    /// Marks the options that leave no heap or one heap.
    fn mark_simple(&self, n: usize, seen: &mut [u32], stamp: u32) {
        for (k, &d) in self.game.digits.iter().enumerate() {
            let k = k + 1;
            if k > n {
                break;
            }
            if d & 1 != 0 && n == k {
                seen[0] = stamp;
            }
            if d & 2 != 0 && n > k {
                seen[self.values[n - k] as usize] = stamp;
            }
        }
    }

    fn splits_of(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.game.digits.iter().enumerate().filter(move |(k, &d)| d & 4 != 0 && n >= k + 3).map(move |(k, _)| n - k - 1)
    }

    fn direct(&mut self, n: usize, seen: &mut [u32], stamp: u32) -> u16 {
        self.mark_simple(n, seen, stamp);
        for rest in self.splits_of(n).collect::<Vec<_>>() {
            for a in 1..=rest / 2 {
                seen[(self.values[a] ^ self.values[rest - a]) as usize] = stamp;
            }
            self.splits += (rest / 2) as u64;
        }
        mex(seen, stamp)
    }

    /// The mask that makes fewest of the latter half of the values so far rare, over masks of
    /// the bits the values use (chosen again at every power of two, as larger values appear);
    /// the list of rare heap sizes is rebuilt with it.
    fn choose_mask(&mut self) {
        let mut hist = vec![0usize; 1 << 16];
        for &v in &self.values[self.values.len() / 2..] {
            hist[v as usize] += 1;
        }
        let top = self.values.iter().copied().max().unwrap_or(0);
        let bits = (16 - top.leading_zeros()).min(12);
        let used: Vec<(u16, usize)> =
            hist.iter().enumerate().filter(|(_, &c)| c > 0).map(|(v, &c)| (v as u16, c)).collect();
        let mut best = (usize::MAX, 0u16);
        for mask in 1..(1u32 << bits) {
            let m = mask as u16;
            let rare: usize = used.iter().filter(|(v, _)| (v & m).count_ones() % 2 == 0).map(|(_, c)| c).sum();
            if rare < best.0 {
                best = (rare, m);
            }
        }
        self.mask = best.1;
        self.rare = (1..self.values.len())
            .filter(|&n| self.is_rare(self.values[n]))
            .map(|n| (n as u32, self.values[n]))
            .collect();
    }

    fn sparse(&mut self, n: usize, seen: &mut [u32], want: &mut [u8], stamp: u32) -> u16 {
        self.mark_simple(n, seen, stamp);
        let splits: Vec<usize> = self.splits_of(n).collect();
        // Every split with a rare part: all common values the splits reach.
        for &rest in &splits {
            for &(r, gr) in &self.rare {
                // Rare heap sizes are positive and sorted: from `rest` on, no split has them (a
                // rare heap of `rest` beans alone is no split: taking k leaving one heap is
                // marked by `mark_simple` where the game allows it).
                if r as usize >= rest {
                    break;
                }
                let x = self.values[rest - r as usize];
                if let Some(s) = seen.get_mut((gr ^ x) as usize) {
                    *s = stamp;
                }
            }
            self.splits += self.rare.len() as u64;
        }
        // The smallest common value missing so far is G(n) unless a rare value below it is
        // missing too: look for those among the splits, stopping once all are found.
        let common_missing =
            (0u16..).find(|&v| !self.is_rare(v) && seen[v as usize] != stamp).expect("a value is missing");
        // Flag the rare values below it that no split with a rare part reached: they are wanted.
        let limit = common_missing as usize;
        let mut wanted = 0;
        for v in 0..limit {
            if seen[v] != stamp {
                want[v] = 1;
                wanted += 1;
            }
        }
        if wanted > 0 {
            for &rest in &splits {
                let (lo, hi) = (&self.values[1..=rest / 2], &self.values[rest - rest / 2..rest]);
                let (examined, left) = find_wanted(lo, hi, want, seen, stamp, wanted);
                self.splits += examined as u64;
                wanted = left;
                if wanted == 0 {
                    break;
                }
            }
            want[..limit].fill(0);
        }
        // The smallest value still unmarked (a common one is never marked here).
        mex(seen, stamp)
    }

    /// The heap sizes with value 0 (the P-positions).
    pub fn p_positions(&self) -> Vec<usize> {
        self.values.iter().enumerate().filter(|(_, &v)| v == 0).map(|(n, _)| n).collect()
    }
}

fn mex(seen: &[u32], stamp: u32) -> u16 {
    (0u16..).find(|&v| seen[v as usize] != stamp).expect("the marks outnumber the options")
}

/// Scans the splits `(lo[i], hi[hi.len() - 1 - i])` in order for the `wanted` values flagged in
/// `want` (a power-of-two table larger than any split's value), marking each one found in
/// `seen` and clearing its flag; returns the splits examined and how many are still wanted.
///
/// Sixteen splits at a time: their values and the OR of their flags without a branch, then
/// the values again only when a flag was hit (most blocks of a long scan hit none). Against
/// looking up each split's mark with a branch, 2.3 times faster natively.
fn find_wanted(
    lo: &[u16],
    hi: &[u16],
    want: &mut [u8],
    seen: &mut [u32],
    stamp: u32,
    mut wanted: usize,
) -> (usize, usize) {
    const LANES: usize = 16;
    let size = want.len() - 1;
    let mut found = |x: u16, want: &mut [u8], wanted: &mut usize| {
        let x = x as usize & size;
        if want[x] != 0 {
            want[x] = 0;
            seen[x] = stamp;
            *wanted -= 1;
        }
    };
    let mut done = 0;
    for (a, b) in lo.chunks_exact(LANES).zip(hi.rchunks_exact(LANES)) {
        let mut v = [0u16; LANES];
        let mut hit = 0u8;
        for k in 0..LANES {
            v[k] = a[k] ^ b[LANES - 1 - k];
            hit |= want[v[k] as usize & size];
        }
        if hit != 0 {
            for (k, &x) in v.iter().enumerate() {
                found(x, want, &mut wanted);
                if wanted == 0 {
                    return (done + k + 1, 0);
                }
            }
        }
        done += LANES;
    }
    for (&x, &y) in lo[done..].iter().zip(hi[..hi.len() - done].iter().rev()) {
        found(x ^ y, want, &mut wanted);
        done += 1;
        if wanted == 0 {
            break;
        }
    }
    (done, wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sequence(code: &str, last: usize) -> NimSequence {
        let mut s = NimSequence::new(code.parse().unwrap());
        s.extend_to(last, &mut |_| true);
        s
    }

    /// Winning Ways' short list for .37 (= Officers' values shifted by one) and the direct
    /// recursion agree; the sparse-space values agree with the direct ones past the switch.
    #[test]
    fn first_values_and_officers() {
        let s = sequence(".37", 6000);
        // Officers (.6): 0,0,1,2,0,1,2,3,1,2,3,4,0,3,4,2,1,3,2,1,0 (Winning Ways).
        let officers = sequence(".6", 40);
        assert_eq!(&officers.values[..21], &[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0]);
        for n in 0..40 {
            assert_eq!(s.values[n], officers.values[n + 1], ".37 at {n} is .6 at {}", n + 1);
        }
        // Past the switch to sparse space: the same values as the direct recursion.
        assert_eq!(direct_values(".37", 6000), s.values);
    }

    fn direct_values(code: &str, last: usize) -> Vec<u16> {
        let mut direct = NimSequence::new(code.parse().unwrap());
        let mut seen = vec![0u32; 1 << 12];
        for n in 1..=last {
            let v = direct.direct(n, &mut seen, n as u32);
            direct.values.push(v);
        }
        direct.values
    }

    /// Games with splits after several removals, and values that need larger tables: the
    /// sparse-space values equal the direct recursion's (whatever mask is chosen).
    #[test]
    fn sparse_space_equals_direct_recursion() {
        for code in [".6", ".156", ".4", ".74", ".1464"] {
            let (s, d) = (sequence(code, 5000), direct_values(code, 5000));
            let first = (0..=5000).find(|&n| s.values[n] != d[n]);
            assert_eq!(
                first,
                None,
                "{code}: mask {} at {:?}: {:?} vs {:?}",
                s.mask,
                first,
                first.map(|n| s.values[n]),
                first.map(|n| d[n])
            );
        }
    }

    #[test]
    fn codes_are_checked() {
        assert!(".37".parse::<Octal>().is_ok());
        assert!("0.6".parse::<Octal>().is_ok());
        for bad in ["", ".", ".38", ".370", "x", ".12345670123456701"] {
            assert!(bad.parse::<Octal>().is_err(), "{bad}");
        }
    }
}

#[cfg(test)]
mod p_positions_quick {
    /// The P-positions of .37 below 20,000: the paper's thirteen.
    #[test]
    fn thirteen_p_positions_to_20000() {
        let mut s = super::NimSequence::new(".37".parse().unwrap());
        s.extend_to(20_000, &mut |_| true);
        assert_eq!(s.p_positions(), [0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407]);
    }
}

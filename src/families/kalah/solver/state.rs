//! The solver's state: the pits only, seen from the mover, packed in words; sowing, captures
//! and the end of the game on it, and its key.

use super::*;

/// A position for the solver: the mover's pits (`me`) and the opponent's (`op`), each from its
/// owner's left; no stores, no side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct State<const N: usize> {
    pub(super) me: [u8; N],
    pub(super) op: [u8; N],
}

/// The parts of the rules the sowing needs.
#[derive(Clone, Copy)]
pub(super) struct Rules {
    pub(super) capture: CaptureRule,
    pub(super) end: EndRule,
}

impl<const N: usize> State<N> {
    #[inline]
    pub(super) fn seeds(&self) -> u32 {
        let (me, op) = self.sides();
        me + op
    }

    /// Seeds on the mover's side and on the opponent's.
    #[inline]
    pub(super) fn sides(&self) -> (u32, u32) {
        if N <= 8 {
            (byte_sum(word(&self.me)), byte_sum(word(&self.op)))
        } else {
            (self.me.iter().map(|&x| x as u32).sum(), self.op.iter().map(|&x| x as u32).sum())
        }
    }

    /// The relative value if the game is over here.
    #[inline]
    pub(super) fn terminal(&self, rules: Rules) -> Option<i32> {
        let (me, op) = self.sides();
        Self::terminal_from(me, op, rules)
    }

    /// [`State::terminal`] from the seeds on each side.
    #[inline]
    pub(super) fn terminal_from(me: u32, op: u32, rules: Rules) -> Option<i32> {
        match rules.end {
            EndRule::EitherSideEmpty if me == 0 || op == 0 => Some(me as i32 - op as i32),
            EndRule::MoverCannotMove if me == 0 => Some(-(op as i32)),
            _ => None,
        }
    }

    /// Plays pit `i` of the mover: (seeds gained by the mover, extra turn, next state from the
    /// next mover's point of view).
    #[inline]
    pub(super) fn play(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        if N <= 8 {
            self.play_words(i, rules)
        } else {
            self.play_bytes(i, rules)
        }
    }

    /// [`State::play`] on each side as one word, a byte a pit (at most 8 pits a side; every
    /// side holds fewer than 256 seeds, so bytes never carry): a run of sown seeds is one add.
    #[inline(always)]
    pub(super) fn play_words(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        let mut me = word(&self.me);
        let mut op = word(&self.op);
        let k = byte(me, i) as usize;
        me &= !(0xFF << (8 * i));
        let len = 2 * N + 1;
        let laps = k / len;
        let mut gain = laps as i32;
        if laps > 0 {
            let add = laps as u64 * ones(0, N);
            me += add;
            op += add;
        }
        let mut left = k % len;
        let end = N.min(i + 1 + left);
        me += ones(i + 1, end);
        left -= end - (i + 1);
        if left > 0 {
            gain += 1;
            left -= 1;
            let o = left.min(N);
            op += ones(0, o);
            me += ones(0, left - o);
        }
        let last = (i + k) % len;
        if last == N {
            return (gain, true, State { me: unword(me), op: unword(op) });
        }
        if last < N && byte(me, last) == 1 {
            let o = N - 1 - last;
            let opp = byte(op, o) as i32;
            let (take, clear_mine) = match rules.capture {
                CaptureRule::Standard => (opp > 0, true),
                CaptureRule::Empty => (true, true),
                CaptureRule::OppositeOnly => (opp > 0, false),
            };
            if take {
                gain += opp + clear_mine as i32;
                op &= !(0xFF << (8 * o));
                if clear_mine {
                    me &= !(0xFF << (8 * last));
                }
            }
        }
        (gain, false, State { me: unword(op), op: unword(me) })
    }

    /// [`State::play`] pit by pit, for any number of pits.
    #[inline]
    pub(super) fn play_bytes(&self, i: usize, rules: Rules) -> (i32, bool, State<N>) {
        let mut s = *self;
        let k = s.me[i] as usize;
        s.me[i] = 0;
        let len = 2 * N + 1;
        let laps = k / len;
        let mut gain = 0i32;
        if laps > 0 {
            for x in s.me.iter_mut().chain(s.op.iter_mut()) {
                *x += laps as u8;
            }
            gain += laps as i32;
        }
        // The rest, in runs: the mover's pits after i, the store, the opponent's pits, and
        // round again to the mover's pits (at most up to i, as rest < len).
        let mut left = k % len;
        let end = N.min(i + 1 + left);
        for x in &mut s.me[i + 1..end] {
            *x += 1;
        }
        left -= end - (i + 1);
        if left > 0 {
            gain += 1;
            left -= 1;
            let o = left.min(N);
            for x in &mut s.op[..o] {
                *x += 1;
            }
            left -= o;
            for x in &mut s.me[..left] {
                *x += 1;
            }
        }
        let last = (i + k) % len;
        if last == N {
            return (gain, true, s);
        }
        if last < N && s.me[last] == 1 {
            let o = N - 1 - last;
            let opp = s.op[o] as i32;
            match rules.capture {
                CaptureRule::Standard => {
                    if opp > 0 {
                        gain += opp + 1;
                        s.op[o] = 0;
                        s.me[last] = 0;
                    }
                }
                CaptureRule::Empty => {
                    gain += opp + 1;
                    s.op[o] = 0;
                    s.me[last] = 0;
                }
                CaptureRule::OppositeOnly => {
                    if opp > 0 {
                        gain += opp;
                        s.op[o] = 0;
                    }
                }
            }
        }
        (gain, false, State { me: s.op, op: s.me })
    }

    /// A 64-bit key: its high 40 bits, which the table checks, a hash of all the pits; its low
    /// 24 bits, which index the table, a hash of the mover's pits above a hash of the
    /// opponent's in the low 6 (see [`Table`]: the children of a node mostly share the mover's
    /// side, so they share a 4 KiB page of the table).
    #[inline]
    pub(super) fn key(&self) -> u64 {
        let home = side_hash(&self.me) << 6 | side_hash(&self.op) & 63;
        self.hash() & !INDEX_MASK | home & INDEX_MASK
    }

    /// A hash of all the pits ([`fold_pits`] of the mover's then the opponent's), then a
    /// bijective mix so that every bit depends on every pit.
    #[inline]
    pub(super) fn hash(&self) -> u64 {
        let mut pits = [0u8; 24];
        pits[..N].copy_from_slice(&self.me);
        pits[N..2 * N].copy_from_slice(&self.op);
        let mut h = fold_pits(&pits[..2 * N]);
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

/// Bits of a key that index the table (up to 2^24 buckets, 1 GiB; a bigger table also
/// indexes by the check bits above them).
pub(super) const INDEX_MASK: u64 = (1 << 24) - 1;

/// Up to 24 pits packed a byte each into 64-bit words, combined so that every pit counts: the
/// first word, then the others each multiplied by an odd constant of its own (a bijection, so
/// pits that differ in one word only always fold differently). Exact up to 8 pits.
#[inline]
pub(super) fn fold_pits(pits: &[u8]) -> u64 {
    pub(super) const ODD: [u64; 3] = [1, 0x9E37_79B9_7F4A_7C15, 0xD6E8_FEB8_6659_FD93];
    pits.chunks(8).zip(ODD).fold(0, |h, (chunk, odd)| {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h ^ u64::from_le_bytes(w).wrapping_mul(odd)
    })
}

/// A hash of one side's pits.
#[inline]
pub(super) fn side_hash<const N: usize>(side: &[u8; N]) -> u64 {
    let mut h = fold_pits(side).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// A side of at most 8 pits as one word, pit `j` in byte `j`.
#[inline]
pub(super) fn word<const N: usize>(side: &[u8; N]) -> u64 {
    let mut b = [0u8; 8];
    b[..N].copy_from_slice(side);
    u64::from_le_bytes(b)
}

/// [`word`] undone.
#[inline]
pub(super) fn unword<const N: usize>(w: u64) -> [u8; N] {
    let mut side = [0u8; N];
    side.copy_from_slice(&w.to_le_bytes()[..N]);
    side
}

/// Byte `j` of `w`.
#[inline]
pub(super) fn byte(w: u64, j: usize) -> u64 {
    (w >> (8 * j)) & 0xFF
}

/// A 1 in each of bytes `a..b` (`a <= b <= 8`).
#[inline]
pub(super) fn ones(a: usize, b: usize) -> u64 {
    // A 1 in each of bytes 0..n (no 128-bit shift: wasm has none, it would be a call).
    pub(super) const BELOW: [u64; 9] = {
        let mut t = [0u64; 9];
        let mut n = 1;
        while n <= 8 {
            t[n] = t[n - 1] | 1 << (8 * (n - 1));
            n += 1;
        }
        t
    };
    BELOW[b] ^ BELOW[a]
}

/// The sum of the bytes of `w`, which must be below 256.
#[inline]
pub(super) fn byte_sum(w: u64) -> u32 {
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

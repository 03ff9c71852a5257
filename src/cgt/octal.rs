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
//! are found among the splits. The method is exact whatever the mask (a poor mask is only
//! slower); the mask is chosen from the first values, computed directly.
//!
//! Past the direct values, heap sizes are computed in blocks of 32: every rare heap lies far
//! enough back that its split's other part is known for the whole block, so those splits are
//! marked for all 32 sizes from one run of values. The rare values are then looked for in a
//! scattered order (see `scan`), by table while many are wanted and by compares once few are;
//! the scan's first scattered blocks are marked with the runs instead (see `MARKED`). On two
//! threads (natively), a helper marks the next block while this thread settles the current one.

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
        self.extend_to_on(last, 1, progress)
    }

    /// [`NimSequence::extend_to`] on up to two threads (natively): past the direct values, a
    /// second thread marks the next block's splits while this one settles the current block.
    pub fn extend_to_on(&mut self, last: usize, threads: usize, progress: &mut dyn FnMut(usize) -> bool) -> bool {
        // Marks by value, as small as the values allow (so they stay in the fastest cache).
        let top = self.values.iter().copied().max().unwrap_or(0) as usize;
        let mut seen = vec![0u32; ((top + 1).next_power_of_two() * 2).max(64)];
        let mut stamp = 0u32;
        while self.values.len() <= last.min(DIRECT) {
            let n = self.values.len();
            if n % 65_536 == 0 && !progress(n) {
                return false;
            }
            stamp += 1;
            let v = self.direct(n, &mut seen, stamp);
            self.values.push(v);
            if v as usize * 2 >= seen.len() {
                seen = vec![0u32; (v as usize + 1).next_power_of_two() * 2];
                stamp = 0;
            }
            if n == DIRECT {
                self.choose_mask();
            }
        }
        if self.values.len() > last {
            return true;
        }
        let mut marks = Marks::new(self, seen.len());
        #[cfg(not(target_arch = "wasm32"))]
        if threads > 1 {
            return self.pipelined(last, marks, progress);
        }
        let _ = threads;
        while self.values.len() <= last {
            let n0 = self.values.len();
            if n0 % 65_536 == 0 && !progress(n0) {
                return false;
            }
            let end = stretch_end(n0, last).min(n0 + BLOCK);
            if !self.block(n0, end, &mut marks) {
                // A value too large for the marks: larger ones, and go on after it.
                marks = self.larger_marks();
            }
        }
        true
    }

    /// Marks with room for every value so far (after one too large for the last ones).
    fn larger_marks(&self) -> Marks {
        let top = self.values.iter().copied().max().unwrap_or(0) as usize;
        Marks::new(self, (top + 1).next_power_of_two() * 2)
    }

    /// The offsets of the splits: removing `off` beans may leave two heaps of `n - off` in all.
    fn split_offsets(&self) -> Vec<usize> {
        self.game.digits.iter().enumerate().filter(|(_, &d)| d & 4 != 0).map(|(k, _)| k + 1).collect()
    }

    /// The blocks on two threads: while this thread settles block b, a helper marks block b + 1's
    /// splits whose rare part lies at least two blocks back (their other part is then known
    /// before block b starts); the few others are marked here, heap size by heap size. The
    /// helper keeps its own copy of the values, sent to it a block at a time, and the rare list
    /// as it was when a stretch between reports and powers of two (where the mask may change)
    /// began: rare heaps found within it are marked here too.
    #[cfg(not(target_arch = "wasm32"))]
    fn pipelined(&mut self, last: usize, mut marks: Marks, progress: &mut dyn FnMut(usize) -> bool) -> bool {
        use std::sync::mpsc;
        std::thread::scope(|scope| {
            let (jobs, inbox) = mpsc::channel::<ToHelper>();
            let (outbox, done) = mpsc::channel::<(Vec<u8>, Vec<(usize, usize)>)>();
            let mut copy = self.values.clone();
            scope.spawn(move || {
                let (mut rare, mut early, mut offsets) = (Vec::new(), Vec::new(), Vec::new());
                // Waits by spinning: a sleeping thread woke too late for blocks this short.
                while let Some(message) = spin(|| inbox.try_recv()) {
                    match message {
                        ToHelper::Values(v) => copy.extend_from_slice(&v),
                        ToHelper::Rare(r, e, o) => (rare, early, offsets) = (r, e, o),
                        ToHelper::Marks { block, table, skip, mut flags } => {
                            flags.clear();
                            flags.resize(block.1 * table, 0);
                            let early = if skip { &early[..] } else { &[] };
                            let ranges = block_marks(&copy, &rare, early, &offsets, block, &mut flags, table);
                            if outbox.send((flags, ranges)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
            // The helper has the first `sent` values; buffers come back to `spare`.
            let (mut sent, mut spare) = (self.values.len(), Vec::<Vec<u8>>::new());
            let gone = "the octal helper thread stopped";
            while self.values.len() <= last {
                let n0 = self.values.len();
                if n0 % 65_536 == 0 && !progress(n0) {
                    return false;
                }
                let stretch = stretch_end(n0, last);
                // Each block with whether it marks the early splits (listed, if any does, before
                // the helper hears of the stretch).
                let blocks: Vec<(usize, usize, bool)> = (n0..stretch)
                    .step_by(BLOCK)
                    .map(|b| (b, BLOCK.min(stretch - b), marks.marks_early(&self.values, b)))
                    .collect();
                jobs.send(ToHelper::Rare(self.rare.clone(), marks.early.clone(), marks.offsets.clone())).expect(gone);
                let table = marks.table;
                let ask = |i: usize, known: usize, spare: &mut Vec<Vec<u8>>| {
                    let (b, len, skip) = blocks[i];
                    let flags = spare.pop().unwrap_or_default();
                    jobs.send(ToHelper::Marks { block: (b, len, known), table, skip, flags }).expect(gone);
                };
                ask(0, n0, &mut spare);
                let mut grown = false;
                for (i, &(b, len, skip)) in blocks.iter().enumerate() {
                    if i + 1 < blocks.len() {
                        ask(i + 1, b, &mut spare);
                    }
                    let (mut flags, ranges) = spin(|| done.try_recv()).expect(gone);
                    std::mem::swap(&mut flags, &mut marks.flags);
                    spare.push(flags);
                    let ok = self.rows(b, b + len, &mut marks, &ranges, skip);
                    jobs.send(ToHelper::Values(self.values[sent..].to_vec())).expect(gone);
                    sent = self.values.len();
                    if !ok {
                        // A value too large for the marks: the block asked for is dropped.
                        if i + 1 < blocks.len() {
                            spin(|| done.try_recv()).expect(gone);
                        }
                        grown = true;
                        break;
                    }
                }
                if grown {
                    marks = self.larger_marks();
                    spare.clear();
                }
            }
            true
        })
    }

    /// Computes G(n) for n0 <= n < end (n0 > DIRECT); false if it stopped early, after a value
    /// too large for `marks`.
    fn block(&mut self, n0: usize, end: usize, marks: &mut Marks) -> bool {
        let (len, table) = (end - n0, marks.table);
        marks.flags[..len * table].fill(0);
        let skip = marks.marks_early(&self.values, n0);
        let early = if skip { &marks.early[..] } else { &[] };
        let ranges = block_marks(
            &self.values,
            &self.rare,
            early,
            &marks.offsets,
            (n0, len, n0),
            &mut marks.flags[..len * table],
            table,
        );
        self.rows(n0, end, marks, &ranges, skip)
    }

    /// The splits of n0 <= n < end not marked by [`block_marks`] (whose rare heaps were
    /// `ranges` of the list, for each offset), then G(n) for each; false if it stopped early,
    /// after a value too large for `marks`.
    /// `skip`: the early splits were marked too.
    fn rows(&mut self, n0: usize, end: usize, marks: &mut Marks, ranges: &[(usize, usize)], skip: bool) -> bool {
        let (len, table) = (end - n0, marks.table);
        let early = marks.early(skip).len();
        for k in 0..len {
            let n = n0 + k;
            let seen = &mut marks.flags[k * table..(k + 1) * table];
            self.mark_simple(n, seen, 1);
            for (&off, &(lo, hi)) in marks.offsets.iter().zip(ranges) {
                let rest = n - off;
                for &(r, gr) in self.rare[..lo].iter().chain(&self.rare[hi..]) {
                    if (r as usize) < rest {
                        seen[(gr ^ self.values[rest - r as usize]) as usize] = 1;
                    }
                }
                self.splits += (self.rare.len() + early) as u64;
            }
            let v = self.settle(n, k, marks, skip);
            self.values.push(v);
            if n.is_power_of_two() {
                self.choose_mask();
                marks.common = common_flags(self, table);
            } else if self.is_rare(v) {
                self.rare.push((n as u32, v));
            }
            if v as usize * 2 >= table {
                return false;
            }
        }
        true
    }

    /// G(n) from row `k` of the marks (every split with a rare part marked): the smallest common
    /// value missing, unless a rare value below it is missing from every split too.
    fn settle(&mut self, n: usize, k: usize, marks: &mut Marks, skip: bool) -> u16 {
        let seen = &marks.flags[k * marks.table..(k + 1) * marks.table];
        let limit = first_missing(&marks.common, seen);
        // The rare values below it that no split with a rare part reached, eight marks at a time.
        let (want, list) = (&mut marks.want, &mut marks.list);
        list.clear();
        for (i, word) in seen[..limit.next_multiple_of(8)].chunks_exact(8).enumerate() {
            let mut missing = !u64::from_le_bytes(word.try_into().expect("eight marks")) & 0x0101_0101_0101_0101;
            while missing != 0 {
                let v = i * 8 + (missing.trailing_zeros() / 8) as usize;
                missing &= missing - 1;
                if v < limit {
                    want[v] = 1;
                    list.push(v as u16);
                }
            }
        }
        let mut wanted = list.len();
        for &off in &marks.offsets {
            if wanted == 0 {
                break;
            }
            let (examined, left) = scan(&self.values, n - off, want, wanted, list, skip);
            self.splits += examined as u64;
            wanted = left;
        }
        let v = list.iter().copied().find(|&x| want[x as usize] != 0).unwrap_or(limit as u16);
        for &x in list.iter() {
            want[x as usize] = 0;
        }
        v
    }

    /// Marks the options that leave no heap or one heap.
    fn mark_simple<T: Copy>(&self, n: usize, seen: &mut [T], stamp: T) {
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

    fn direct(&mut self, n: usize, seen: &mut [u32], stamp: u32) -> u16 {
        self.mark_simple(n, seen, stamp);
        // Two heaps of at least one bean each are left.
        for rest in self.split_offsets().into_iter().filter(|&off| n >= off + 2).map(|off| n - off) {
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

    /// The heap sizes with value 0 (the P-positions).
    pub fn p_positions(&self) -> Vec<usize> {
        self.values.iter().enumerate().filter(|(_, &v)| v == 0).map(|(n, _)| n).collect()
    }
}

fn mex(seen: &[u32], stamp: u32) -> u16 {
    (0u16..).find(|&v| seen[v as usize] != stamp).expect("the marks outnumber the options")
}

/// Where the blocks from `n0` must stop (the last at `last`): before the next report, and after a
/// power of two (where the mask is chosen again, which changes which heaps are rare).
fn stretch_end(n0: usize, last: usize) -> usize {
    (last + 1).min(n0.next_power_of_two() + 1).min((n0 / 65_536 + 1) * 65_536)
}

/// The next message of a channel, spinning until there is one; `None` once the other side is
/// gone.
#[cfg(not(target_arch = "wasm32"))]
fn spin<T>(mut poll: impl FnMut() -> Result<T, std::sync::mpsc::TryRecvError>) -> Option<T> {
    let mut tries = 0u32;
    loop {
        tries = tries.saturating_add(1);
        match poll() {
            Ok(t) => return Some(t),
            // Past a few microseconds the other thread may want this core (one core, or a
            // busy machine): it gets it.
            Err(std::sync::mpsc::TryRecvError::Empty) if tries > 1024 => std::thread::yield_now(),
            Err(std::sync::mpsc::TryRecvError::Empty) => std::hint::spin_loop(),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => return None,
        }
    }
}

/// What the octal helper thread is sent.
#[cfg(not(target_arch = "wasm32"))]
enum ToHelper {
    /// The next values.
    Values(Vec<u16>),
    /// The rare heaps, the early splits and the split offsets for the blocks to come.
    Rare(Vec<(u32, u16)>, Vec<(u32, u16)>, Vec<usize>),
    /// Marks for the block (n0, len, known) in rows of `table`, into `flags`, the early splits
    /// too if `skip` (the scan skips them).
    Marks { block: (usize, usize, usize), table: usize, skip: bool, flags: Vec<u8> },
}

/// Heap sizes computed together past the direct values.
const BLOCK: usize = 32;

/// The marks of a block, by value: one row of `table` bytes per heap size (1 where an option
/// has that value), and what `settle` needs beside them.
struct Marks {
    table: usize,
    flags: Vec<u8>,
    /// 1 for the common values.
    common: Vec<u8>,
    /// Flags of the rare values a scan looks for, and the same values listed.
    want: Vec<u8>,
    list: Vec<u16>,
    offsets: Vec<usize>,
    /// The splits of the scan's first scattered blocks after its first (see [`MARKED`]), as
    /// (smaller part, its value), once those values are known.
    early: Vec<(u32, u16)>,
}

impl Marks {
    /// Marks for values below `table` (a power of two more than twice every value so far, so
    /// the XOR of two values is below half of it and a common value is always missing).
    fn new(s: &NimSequence, table: usize) -> Marks {
        Marks {
            table,
            flags: vec![0; BLOCK * table],
            common: common_flags(s, table),
            want: vec![0; table],
            list: Vec::with_capacity(table),
            offsets: s.split_offsets(),
            early: vec![],
        }
    }

    /// Whether the block from `n0` marks the early splits (those of [`MARKED`] scattered
    /// blocks): once every heap size of the block scans the scattered region. Lists them the
    /// first time.
    fn marks_early(&mut self, values: &[u16], n0: usize) -> bool {
        let last_off = self.offsets.iter().copied().max().unwrap_or(0);
        if n0 < 2 * REGION + last_off + 2 {
            return false;
        }
        if self.early.is_empty() {
            const BLOCKS: usize = REGION / LANES;
            self.early = (1..=MARKED)
                .flat_map(|j| (0..LANES).map(move |k| 1 + LANES * ((j * 7919) % BLOCKS) + k))
                .map(|a| (a as u32, values[a]))
                .collect();
            self.early.sort_unstable();
        }
        true
    }

    /// The early splits if `skip`, else none.
    fn early(&self, skip: bool) -> &[(u32, u16)] {
        if skip {
            &self.early
        } else {
            &[]
        }
    }
}

fn common_flags(s: &NimSequence, table: usize) -> Vec<u8> {
    (0..table).map(|v| u8::from(!s.is_rare(v as u16))).collect()
}

/// Marks, in rows of `table` (cleared), the splits of heap sizes n0 <= n < n0 + len whose rare
/// part r lies far enough back that their other part is among the first `known` values and
/// positive, for every n of the block: one run of values a rare heap. Returns, for each offset,
/// the range of `rare` marked.
fn block_marks(
    values: &[u16],
    rare: &[(u32, u16)],
    early: &[(u32, u16)],
    offsets: &[usize],
    (n0, len, known): (usize, usize, usize),
    flags: &mut [u8],
    table: usize,
) -> Vec<(usize, usize)> {
    let mut ranges = Vec::with_capacity(offsets.len());
    for &off in offsets {
        // The other part n - off - r is below `known` for every n of the block, and positive.
        let lo = rare.partition_point(|&(r, _)| (r as usize) + off < n0 + len - known);
        let hi = rare.partition_point(|&(r, _)| (r as usize) + off < n0).max(lo);
        mark_runs(values, &rare[lo..hi], n0 - off, len, flags, table);
        mark_runs(values, early, n0 - off, len, flags, table);
        ranges.push((lo, hi));
    }
    ranges
}

/// For each rare heap (r, gr): marks gr ^ G(first + k - r) in row k, for every k < len.
fn mark_runs(values: &[u16], rare: &[(u32, u16)], first: usize, len: usize, flags: &mut [u8], table: usize) {
    /// A whole block, with the rows' size known to the compiler: five instructions a mark.
    fn whole<const T: usize>(values: &[u16], rare: &[(u32, u16)], first: usize, flags: &mut [u8]) {
        let rows = &mut flags[..BLOCK * T];
        for &(r, gr) in rare {
            let base = first - r as usize;
            let run: &[u16; BLOCK] = values[base..base + BLOCK].try_into().expect("a value for each heap size");
            for k in 0..BLOCK {
                rows[k * T + ((gr ^ run[k]) as usize & (T - 1))] = 1;
            }
        }
    }
    match (len, table) {
        (BLOCK, 64) => whole::<64>(values, rare, first, flags),
        (BLOCK, 128) => whole::<128>(values, rare, first, flags),
        (BLOCK, 256) => whole::<256>(values, rare, first, flags),
        (BLOCK, 512) => whole::<512>(values, rare, first, flags),
        (BLOCK, 1024) => whole::<1024>(values, rare, first, flags),
        (BLOCK, 2048) => whole::<2048>(values, rare, first, flags),
        _ => {
            for &(r, gr) in rare {
                let base = first - r as usize;
                for (k, &x) in values[base..base + len].iter().enumerate() {
                    flags[k * table + (gr ^ x) as usize] = 1;
                }
            }
        }
    }
}

/// The first value flagged in `common` and not marked in `seen`.
fn first_missing(common: &[u8], seen: &[u8]) -> usize {
    for (i, (c, s)) in common.chunks_exact(8).zip(seen.chunks_exact(8)).enumerate() {
        let c = u64::from_le_bytes(c.try_into().expect("eight flags"));
        let s = u64::from_le_bytes(s.try_into().expect("eight marks"));
        let m = c & !s & 0x0101_0101_0101_0101;
        if m != 0 {
            return i * 8 + (m.trailing_zeros() / 8) as usize;
        }
    }
    // The marks' table is more than twice as large as any XOR of values, and its upper half has
    // a common value (the mask uses only the bits of the values).
    unreachable!("the upper half of the marks has a common value")
}

/// Splits looked at together in the scan.
const LANES: usize = 64;
/// The scan looks first at the splits whose smaller part is at most this, a block at a time in
/// a scattered order: neighbouring splits have alike values, so this finds every wanted value
/// in about 57% of the splits of the plain order (1,550 against 2,720 a value near 10⁶).
const REGION: usize = 16_384;
/// Compares replace the table once this few values are wanted.
const FEW: usize = 4;
/// From 2 · REGION + 2 beans plus the largest split offset, the splits of the scan's scattered
/// blocks 1 to MARKED (their smaller part is at least 65, so two blocks back) are marked with
/// the block's other runs, as if their smaller part were a rare heap: a store a split instead
/// of a lookup, and on two threads the helper's work. The scan then skips those blocks.
const MARKED: usize = 10;

/// Looks among the splits (a, rest - a), 1 <= a <= rest / 2, for the `wanted` values flagged in
/// `want` (and listed in `list`), clearing each one's flag when found; returns the splits
/// examined and how many values are still wanted.
/// With `skip`, the scattered blocks 1 to MARKED were marked already.
fn scan(values: &[u16], rest: usize, want: &mut [u8], wanted: usize, list: &[u16], skip: bool) -> (usize, usize) {
    let half = rest / 2;
    let mut s = Scan { want, wanted, few: [0; FEW], examined: 0 };
    if wanted <= FEW {
        s.keep_few(list);
    }
    let mut a = 1;
    if half >= REGION {
        const BLOCKS: usize = REGION / LANES;
        // 7919 is odd, so j * 7919 runs over every block once.
        for j in (0..BLOCKS).filter(|&j| !skip || j == 0 || j > MARKED) {
            if s.block(values, rest, 1 + LANES * ((j * 7919) % BLOCKS), list) {
                return (s.examined, 0);
            }
        }
        a = REGION + 1;
    }
    while a + LANES - 1 <= half {
        if s.block(values, rest, a, list) {
            return (s.examined, 0);
        }
        a += LANES;
    }
    while a <= half {
        s.examined += 1;
        if s.found(values[a] ^ values[rest - a]) {
            return (s.examined, 0);
        }
        a += 1;
    }
    (s.examined, s.wanted)
}

struct Scan<'a> {
    want: &'a mut [u8],
    wanted: usize,
    /// Once at most FEW values are wanted: those values, padded with the first.
    few: [u16; FEW],
    examined: usize,
}

impl Scan<'_> {
    /// Clears `x`'s flag if it is wanted; true when no value is wanted any more.
    fn found(&mut self, x: u16) -> bool {
        let x = x as usize & (self.want.len() - 1);
        if self.want[x] != 0 {
            self.want[x] = 0;
            self.wanted -= 1;
        }
        self.wanted == 0
    }

    /// The splits (a0 + k, rest - a0 - k), k < LANES; true when no value is wanted any more.
    #[inline(always)]
    fn block(&mut self, values: &[u16], rest: usize, a0: usize, list: &[u16]) -> bool {
        let lo: &[u16; LANES] = values[a0..a0 + LANES].try_into().expect("LANES values");
        let hi: &[u16; LANES] = values[rest - a0 + 1 - LANES..rest - a0 + 1].try_into().expect("LANES values");
        let mut v = [0u16; LANES];
        for k in 0..LANES {
            v[k] = lo[k] ^ hi[LANES - 1 - k];
        }
        let hit = match self.wanted {
            1 => any::<1>(&v, &self.few),
            2 => any::<2>(&v, &self.few),
            3..=FEW => any::<FEW>(&v, &self.few),
            _ => {
                // Many wanted: most blocks hit one, so each split is looked up without a branch.
                let size = self.want.len() - 1;
                let mut last = 0;
                for (k, &x) in v.iter().enumerate() {
                    let x = x as usize & size;
                    let f = self.want[x];
                    self.want[x] = 0;
                    self.wanted -= f as usize;
                    last = if f != 0 { k } else { last };
                }
                if self.wanted == 0 {
                    self.examined += last + 1;
                    return true;
                }
                self.examined += LANES;
                if self.wanted <= FEW {
                    self.keep_few(list);
                }
                return false;
            }
        };
        if !hit {
            self.examined += LANES;
            return false;
        }
        // Only the sixteens that hit are looked at split by split.
        for (c, sixteen) in v.chunks_exact(16).enumerate() {
            if any::<FEW>(sixteen, &self.few) {
                for (k, &x) in sixteen.iter().enumerate() {
                    if self.found(x) {
                        self.examined += c * 16 + k + 1;
                        return true;
                    }
                }
            }
        }
        self.examined += LANES;
        let few = self.few;
        self.keep_few(&few);
        false
    }

    /// Keeps in `few` those of `values` still wanted, padded with the first.
    fn keep_few(&mut self, values: &[u16]) {
        let mut i = 0;
        for &x in values {
            if self.want[x as usize] != 0 && !self.few[..i].contains(&x) {
                self.few[i] = x;
                i += 1;
                if i == FEW {
                    break;
                }
            }
        }
        for j in i..FEW {
            self.few[j] = self.few[0];
        }
    }
}

/// Whether a value of `v` is one of the first N of `w`.
#[inline(always)]
fn any<const N: usize>(v: &[u16], w: &[u16; FEW]) -> bool {
    v.iter().fold(false, |h, &x| h | w[..N].iter().fold(false, |e, &y| e | (x == y)))
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
    /// sparse-space values equal the direct recursion's (whatever mask is chosen), on one
    /// thread and on two.
    #[test]
    fn sparse_space_equals_direct_recursion() {
        for (code, threads) in [".6", ".156", ".4", ".74", ".1464", ".37"].into_iter().flat_map(|c| [(c, 1), (c, 2)]) {
            let mut s = NimSequence::new(code.parse().unwrap());
            s.extend_to_on(5000, threads, &mut |_| true);
            let d = direct_values(code, 5000);
            let first = (0..=5000).find(|&n| s.values[n] != d[n]);
            assert_eq!(
                first,
                None,
                "{code} on {threads} threads: mask {} at {:?}: {:?} vs {:?}",
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

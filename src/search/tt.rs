//! The transposition table: one entry per slot, always replaced, keyed on the store-independent
//! position key.

/// What the stored value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

/// Depth stored for values proven to the end of the game.
pub const PROVEN: u8 = 255;

/// One entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// Relative value for the side to move.
    pub value: i16,
    /// Depth searched, or [`PROVEN`].
    pub depth: u8,
    /// Bound kind.
    pub bound: Bound,
    /// Best move found (pit of the mover).
    pub best: u8,
}

/// A fixed-size table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// About `mib` MiB, rounded down to a power of two entries (at least 1024).
    pub fn new(mib: usize) -> Table {
        let want = (mib.max(1) << 20) / core::mem::size_of::<Entry>();
        let len = (want.next_power_of_two() / 2).max(1024);
        let empty = Entry { key: 0, value: 0, depth: 0, bound: Bound::Upper, best: 0 };
        Table { entries: vec![empty; len], mask: len - 1 }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth > 0).then_some(e)
    }

    /// Stores an entry, keeping a deeper one of the same key.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u8, bound: Bound, best: u8) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        if old.key == key && old.depth > depth {
            return;
        }
        self.entries[slot] = Entry { key, value: value as i16, depth, bound, best };
    }
}

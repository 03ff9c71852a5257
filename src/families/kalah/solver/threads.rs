//! What the threads of a solve share, and the keys they are searching now (ABDADA's deferral).

use super::*;

/// What the threads of a solve share.
pub(super) struct Shared {
    pub(super) table: Table,
    pub(super) db: Option<Database>,
    /// Positions some thread is searching now (near the root, several threads only).
    pub(super) busy: Busy,
}

/// Keys of the positions threads are searching, so that another thread reaching one first
/// searches its other moves and comes back to it (ABDADA's deferral): threads then share the
/// work of a node instead of all searching its first moves. A slot holds one key; a key that
/// finds its slot taken is simply not marked.
pub(super) struct Busy(pub(super) Vec<AtomicU64>);

impl Busy {
    pub(super) const SLOTS: usize = 1 << 14;

    pub(super) fn new(threads: usize) -> Busy {
        Busy(if threads > 1 { (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect() } else { Vec::new() })
    }

    #[inline]
    pub(super) fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[(key >> 40) as usize & (Self::SLOTS - 1)]
    }

    /// (Key 0, which an empty slot also holds, is never busy.)
    #[inline]
    pub(super) fn is_busy(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Relaxed) == key
    }

    /// Marks `key` busy if its slot is free; true if marked (then [`Busy::clear`] it).
    #[inline]
    pub(super) fn mark(&self, key: u64) -> bool {
        key != 0 && self.slot(key).compare_exchange(0, key, Relaxed, Relaxed).is_ok()
    }

    #[inline]
    pub(super) fn clear(&self, key: u64) {
        self.slot(key).store(0, Relaxed);
    }
}

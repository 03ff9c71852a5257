//! The memo of a valuation: the positions valued so far, by key (a row, a grid), and who hears
//! how far a long valuation has got.

use core::hash::{BuildHasherDefault, Hash};
use std::collections::HashMap;

use super::{FastHasher, Gid};

/// Who hears how many positions a long valuation has valued (the CLI's progress).
pub type Tick = Box<dyn FnMut(usize) + Send>;

/// The positions valued so far: canonical forms of partizan ones, nim-values of impartial ones;
/// and who hears, now and then, how many a long valuation has valued.
pub struct Memo<K> {
    games: HashMap<K, Gid, BuildHasherDefault<FastHasher>>,
    nims: HashMap<K, u32, BuildHasherDefault<FastHasher>>,
    progress: Option<Tick>,
}

impl<K> Default for Memo<K> {
    fn default() -> Self {
        Memo { games: HashMap::default(), nims: HashMap::default(), progress: None }
    }
}

impl<K: Hash + Eq> Memo<K> {
    /// An empty memo whose valuations tell `tick` now and then how many positions they have
    /// valued.
    pub fn watched(tick: Tick) -> Memo<K> {
        Memo { progress: Some(tick), ..Memo::default() }
    }

    /// Tells the watcher, if any, that `n` positions have been valued.
    pub fn report(&mut self, n: usize) {
        if let Some(tick) = self.progress.as_mut() {
            tick(n);
        }
    }

    /// The canonical form of a partizan position valued before.
    pub fn game(&self, key: &K) -> Option<Gid> {
        self.games.get(key).copied()
    }

    /// Keeps a partizan position's canonical form.
    pub fn keep_game(&mut self, key: K, g: Gid) {
        self.games.insert(key, g);
    }

    /// The nim-value of an impartial position valued before.
    pub fn nim(&self, key: &K) -> Option<u32> {
        self.nims.get(key).copied()
    }

    /// Keeps an impartial position's nim-value.
    pub fn keep_nim(&mut self, key: K, v: u32) {
        self.nims.insert(key, v);
    }

    /// Positions valued (components included).
    pub fn len(&self) -> usize {
        self.games.len() + self.nims.len()
    }

    /// Whether nothing has been valued.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

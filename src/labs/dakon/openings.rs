//! Searches over Dakon's first turn: a survey of every first turn in one forward pass, and
//! best-first searches for the paper's special openings with their proofs.
//!
//! Every move that does not end the turn ends in the store, so the store grows with every
//! move: the boards of a first turn form a DAG ordered by the store. The survey visits each
//! distinct board once, in order of the store, carrying what is known of the paths that reach
//! it (how many, the fewest moves, the smallest largest lap count and sowing), and frees each
//! store level when it is done. The searches are uniform-cost searches (each move costs zero
//! or one) over the same boards with a parent per board, so they give a line and prove that
//! no cheaper one exists, since every board reachable more cheaply has been expanded.

use crate::engine::memory::Budget;
use core::hash::{BuildHasherDefault, Hash, Hasher};
use std::collections::HashMap;

use super::{Board, Counts, DakonError, Move, MAX_HOLES};

/// A board packed for hashing: 8 bits for each of the 2n holes (the store follows from
/// them), in `W` words: 2 up to Dakon-8, 3 beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key<const W: usize>([u64; W]);

impl<const W: usize> Key<W> {
    fn of(b: &Board) -> Key<W> {
        let mut k = [0u64; W];
        let mut j = 0;
        for (i, &c) in b.cells[..=2 * b.n].iter().enumerate() {
            if i == b.n {
                continue;
            }
            k[j / 8] |= (c as u64) << (8 * (j % 8));
            j += 1;
        }
        Key(k)
    }

    fn board(&self, n: usize) -> Board {
        let mut cells = [0u8; 2 * MAX_HOLES + 1];
        let mut j = 0;
        let mut on_board = 0u32;
        for (i, c) in cells[..=2 * n].iter_mut().enumerate() {
            if i == n {
                continue;
            }
            *c = (self.0[j / 8] >> (8 * (j % 8))) as u8;
            on_board += *c as u32;
            j += 1;
        }
        cells[n] = (2 * n * n - on_board as usize) as u8;
        Board { n, cells }
    }

    /// A well-mixed hash (for the search's own index).
    fn hash(&self) -> u64 {
        let mut h = KeyHasher::default();
        for &w in &self.0 {
            h.write_u64(w);
        }
        h.finish()
    }
}

/// FxHash-style hashing of the packed words, with a final mix so that the table's low bits
/// depend on every counter.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        let x = self.0 ^ (self.0 >> 29);
        x.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (x >> 32)
    }
}

type Map<const W: usize, V> = HashMap<Key<W>, V, BuildHasherDefault<KeyHasher>>;

/// What the survey knows of the paths that reach one board.
#[derive(Clone, Copy, Debug)]
struct Paths {
    count: u64,
    fewest_moves: u16,
    least_max_laps: u16,
    least_max_sown: u16,
}

/// Everything one pass over all first turns of Dakon-n finds.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Survey {
    /// Holes a side.
    pub n: usize,
    /// Every first turn by how it ends and whether it wins.
    pub counts: Counts,
    /// Distinct boards from which the mover selects (the start included).
    pub boards: u64,
    /// Most boards held at once (the memory of the pass: 49 to 73 bytes of peak RSS each for
    /// Dakon-7, BENCHMARKS.md).
    pub peak_boards: u64,
    /// Fewest moves of a winning opening.
    pub shortest: Option<u32>,
    /// Winning openings by counters left outside the mover's store (index = counters left).
    #[serde(with = "super::big::list")]
    pub winning_by_left: Vec<u128>,
    /// The smallest possible largest lap count of one move of a winning opening.
    pub least_max_laps: Option<u32>,
    /// The smallest possible largest number of counters sown by one move of a winning opening.
    pub least_max_sown: Option<u32>,
    /// Every board was visited. When the pass was stopped after store level `levels_done`,
    /// the counts are those of the turns ending from boards up to that level: lower bounds.
    pub complete: bool,
    /// Store levels finished.
    pub levels_done: u32,
}

/// Visits every first turn of Dakon-n once per distinct board, in order of the store.
/// `progress(store level, boards so far)` is called after each store level and may return
/// `false` to stop: the result is then the partial survey (`complete` false), whose counts are
/// lower bounds.
///
/// # Errors
/// A board size outside 1..=[`MAX_HOLES`]; a path count beyond 2⁶⁴ on one board; an endless move.
pub fn survey(n: usize, progress: &mut dyn FnMut(u32, u64) -> bool) -> Result<Survey, DakonError> {
    survey_within(n, &Budget::unlimited(), progress)
}

/// As [`survey`], stopping with the figures (`DakonError::Memory`) when the boards it holds
/// outgrow `budget`.
pub fn survey_within(
    n: usize,
    budget: &Budget,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<Survey, DakonError> {
    if n <= 8 {
        survey_in::<2>(n, budget, progress)
    } else {
        survey_in::<3>(n, budget, progress)
    }
}

/// Bytes a board costs while the survey holds it: its key and paths in the level's hash map,
/// at the map's load, with the old and new tables side by side while it grows.
fn bytes_a_board<const W: usize>() -> u64 {
    2 * (std::mem::size_of::<Key<W>>() + std::mem::size_of::<Paths>()) as u64 + 8
}

fn survey_in<const W: usize>(
    n: usize,
    budget: &Budget,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<Survey, DakonError> {
    let start = Board::start(n)?;
    let top = 2 * n * n;
    let mut levels: Vec<Map<W, Paths>> = (0..=top).map(|_| Map::default()).collect();
    levels[0].insert(Key::of(&start), Paths { count: 1, fewest_moves: 0, least_max_laps: 0, least_max_sown: 0 });
    let mut s = Survey { n, winning_by_left: vec![0; n], ..Survey::default() };
    let mut held: u64 = 1;
    for level in 0..=top {
        let boards = core::mem::take(&mut levels[level]);
        s.boards += boards.len() as u64;
        for (key, p) in &boards {
            let board = key.board(n);
            for j in board.legal() {
                let m = board.play(j)?;
                // Laps and sowings past 2^16 (none is known) saturate.
                let laps = p.least_max_laps.max(m.laps.min(u16::MAX as u32) as u16);
                let sown = p.least_max_sown.max(m.sown.min(u16::MAX as u32) as u16);
                match m.end {
                    Some(end) => {
                        let won = m.board.is_won();
                        s.counts.record(end, won, p.count as u128);
                        if won {
                            let left = m.board.own_total() + m.board.opponent_total();
                            s.winning_by_left[left as usize] += p.count as u128;
                            let moves = p.fewest_moves as u32 + 1;
                            s.shortest = Some(s.shortest.map_or(moves, |x| x.min(moves)));
                            s.least_max_laps = Some(s.least_max_laps.map_or(laps as u32, |x| x.min(laps as u32)));
                            s.least_max_sown = Some(s.least_max_sown.map_or(sown as u32, |x| x.min(sown as u32)));
                        }
                    }
                    None => {
                        let child = &mut levels[m.board.store() as usize];
                        let q = Paths {
                            count: p.count,
                            fewest_moves: p.fewest_moves + 1,
                            least_max_laps: laps,
                            least_max_sown: sown,
                        };
                        let before = child.len();
                        let e = child.entry(Key::of(&m.board)).or_insert(Paths { count: 0, ..q });
                        e.count = e.count.checked_add(q.count).ok_or(DakonError::Overflow)?;
                        e.fewest_moves = e.fewest_moves.min(q.fewest_moves);
                        e.least_max_laps = e.least_max_laps.min(q.least_max_laps);
                        e.least_max_sown = e.least_max_sown.min(q.least_max_sown);
                        if child.len() > before {
                            held += 1;
                            if held % (1 << 16) == 0 {
                                let what = || {
                                    format!(
                                        "the survey of Dakon-{n}'s first turns ({} boards at store level {level})",
                                        crate::engine::text::group(held.into())
                                    )
                                };
                                budget.holds(what, held * bytes_a_board::<W>()).map_err(DakonError::Memory)?;
                            }
                        }
                    }
                }
            }
        }
        s.peak_boards = s.peak_boards.max(held);
        held -= boards.len() as u64;
        drop(boards);
        s.levels_done = level as u32 + 1;
        if !progress(level as u32, s.boards) {
            break;
        }
    }
    s.complete = s.levels_done as usize == top + 1;
    Ok(s)
}

impl Survey {
    /// Fewest counters left outside the mover's store by a winning opening (the maximum
    /// capture), and how many openings leave that few.
    pub fn fewest_left(&self) -> Option<(u32, u128)> {
        self.winning_by_left.iter().enumerate().find(|(_, &c)| c > 0).map(|(l, &c)| (l as u32, c))
    }
}

/// Which special opening a [`search`] looks for. In JSON as words: `shortest`,
/// `{"shortest_with_laps": L}`, `{"fewest_long_moves": S}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Fewest moves (Table 2).
    Shortest,
    /// Fewest moves among those whose every move has at most this many laps (Table 3, with
    /// the least possible largest lap count from the survey).
    ShortestWithLaps(u32),
    /// Fewest moves sowing more than one cycle (2n + 1 counters: the mover's holes, store
    /// and the opponent's holes) among those whose every move sows at most this many
    /// counters (the paper's minimum-cycle, human-like openings).
    FewestLongMoves(u32),
}

/// A search's answer: the best opening found, and what was proven.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Found {
    /// The goal.
    pub goal: Goal,
    /// Holes a side.
    pub n: usize,
    /// The opening (holes numbered 1..n from the mover's left), if one was found.
    pub line: Option<Vec<usize>>,
    /// Its cost (moves, or long moves); proven least when it equals `lower_bound`.
    pub cost: Option<u32>,
    /// Every opening costs at least this much.
    pub lower_bound: u32,
    /// The search was not stopped (by the board limit or `progress`): with no line, no
    /// opening keeps within the goal's limits at all.
    pub complete: bool,
    /// Boards expanded.
    pub expanded: u64,
    /// Distinct boards stored.
    pub boards: u64,
}

/// A board of a search: 16 bytes of key up to Dakon-8, then its way back to the start.
struct Node<const W: usize> {
    key: Key<W>,
    parent: u32,
    cost: u16,
    hole: u8,
    expanded: bool,
}

/// The boards of a search in the order found (their ids), with an open-addressing index of
/// ids by key: a 24-byte node a board up to Dakon-8, and 4 bytes a slot of the index.
struct Boards<const W: usize> {
    nodes: Vec<Node<W>>,
    index: Vec<u32>,
}

impl<const W: usize> Boards<W> {
    const EMPTY: u32 = u32::MAX;

    fn new() -> Self {
        Boards { nodes: Vec::new(), index: vec![Self::EMPTY; 1 << 12] }
    }

    /// The id of `key`, or the slot where it would go.
    fn find(&self, key: &Key<W>) -> Result<u32, usize> {
        let mask = self.index.len() - 1;
        let mut i = key.hash() as usize & mask;
        loop {
            match self.index[i] {
                Self::EMPTY => return Err(i),
                id if self.nodes[id as usize].key == *key => return Ok(id),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, slot: usize, node: Node<W>) -> u32 {
        let id = self.nodes.len() as u32;
        self.index[slot] = id;
        self.nodes.push(node);
        if self.nodes.len() * 10 > self.index.len() * 7 {
            self.index = vec![Self::EMPTY; self.index.len() * 2];
            let mask = self.index.len() - 1;
            for (id, n) in self.nodes.iter().enumerate() {
                let mut i = n.key.hash() as usize & mask;
                while self.index[i] != Self::EMPTY {
                    i = (i + 1) & mask;
                }
                self.index[i] = id as u32;
            }
        }
        id
    }
}

/// Uniform-cost search for `goal`'s opening in Dakon-n, storing at most `max_boards` boards
/// (the memory limit: 35 to 45 bytes of peak memory each, BENCHMARKS.md). `progress(cost level,
/// boards)` after each cost level may return `false` to stop.
///
/// # Errors
/// A board size outside 1..=[`MAX_HOLES`]; an endless move.
pub fn search(
    n: usize,
    goal: Goal,
    max_boards: u64,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<Found, DakonError> {
    let max_boards = max_boards.min(u32::MAX as u64 - 1);
    if n <= 8 {
        search_in::<2>(n, goal, max_boards, progress)
    } else {
        search_in::<3>(n, goal, max_boards, progress)
    }
}

fn search_in<const W: usize>(
    n: usize,
    goal: Goal,
    max_boards: u64,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<Found, DakonError> {
    let start = Board::start(n)?;
    let cycle = 2 * n as u32 + 1;
    // The cost of a move, or None when the goal forbids it.
    let cost_of = |m: &Move| -> Option<u32> {
        match goal {
            Goal::Shortest => Some(1),
            Goal::ShortestWithLaps(l) => (m.laps <= l).then_some(1),
            Goal::FewestLongMoves(s) => (m.sown <= s).then_some((m.sown > cycle) as u32),
        }
    };
    let mut boards = Boards::<W>::new();
    let first = Key::of(&start);
    let slot = boards.find(&first).expect_err("empty");
    boards.insert(slot, Node { key: first, parent: u32::MAX, cost: 0, hole: 0, expanded: false });
    let mut buckets: Vec<Vec<u32>> = vec![vec![0]];
    let mut best: Option<(u32, u32, u8)> = None; // cost, node, last hole
    let mut expanded = 0u64;
    let mut level = 0usize;
    let mut stopped = false;
    'levels: while level < buckets.len() {
        if best.is_some_and(|(c, _, _)| c <= level as u32) {
            break;
        }
        // Zero-cost moves may add to this level while it is expanded.
        let mut k = 0;
        while k < buckets[level].len() {
            let id = buckets[level][k] as usize;
            k += 1;
            let node = &mut boards.nodes[id];
            if node.expanded || node.cost as usize != level {
                continue;
            }
            node.expanded = true;
            expanded += 1;
            let board = node.key.board(n);
            for j in board.legal() {
                let m = board.play(j)?;
                let Some(c) = cost_of(&m) else { continue };
                let total = level as u32 + c;
                match m.end {
                    Some(_) => {
                        if m.board.is_won() && best.is_none_or(|(b, _, _)| total < b) {
                            best = Some((total, id as u32, j as u8));
                        }
                    }
                    None => {
                        let key = Key::of(&m.board);
                        let child = match boards.find(&key) {
                            Ok(i) if boards.nodes[i as usize].cost as u32 <= total => continue,
                            Ok(i) => i,
                            Err(slot) => {
                                if boards.nodes.len() as u64 >= max_boards {
                                    stopped = true;
                                    break 'levels;
                                }
                                boards.insert(slot, Node { key, parent: 0, cost: 0, hole: 0, expanded: false })
                            }
                        };
                        let node = &mut boards.nodes[child as usize];
                        node.parent = id as u32;
                        node.hole = j as u8;
                        node.cost = total as u16;
                        if buckets.len() <= total as usize {
                            buckets.resize(total as usize + 1, Vec::new());
                        }
                        buckets[total as usize].push(child);
                    }
                }
            }
        }
        if !progress(level as u32, boards.nodes.len() as u64) {
            stopped = true;
            break;
        }
        buckets[level] = Vec::new();
        level += 1;
    }
    let line = best.map(|(_, id, hole)| {
        let mut holes = vec![hole as usize + 1];
        let mut at = id as usize;
        while boards.nodes[at].parent != u32::MAX {
            holes.push(boards.nodes[at].hole as usize + 1);
            at = boards.nodes[at].parent as usize;
        }
        holes.reverse();
        holes
    });
    // Levels below `level` were expanded completely (a stop breaks out before `level` grows).
    let lower_bound = match best {
        Some((c, _, _)) if !stopped || c <= level as u32 => c,
        _ => level as u32,
    };
    Ok(Found {
        goal,
        n,
        cost: best.map(|b| b.0),
        line,
        lower_bound,
        complete: !stopped,
        expanded,
        boards: boards.nodes.len() as u64,
    })
}

/// Which limit [`least_limit`] lowers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Limit {
    /// Laps a move (Table 3): the answer is [`Goal::ShortestWithLaps`]'s opening.
    Laps,
    /// Counters sown by a move (the minimum-cycle opening): the answer is
    /// [`Goal::FewestLongMoves`]'s opening.
    Sown,
}

/// One limit tried by [`least_limit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Trial {
    /// The limit.
    pub limit: u32,
    /// Boards the search stored.
    pub boards: u64,
    /// Whether a winning opening keeps within it (`None`: the board limit was reached first).
    pub admits: Option<bool>,
}

/// The least limit of `limit`'s kind that admits a winning opening of Dakon-n, and the best
/// opening within it. Every "no" among the trials is a complete search, so the limit found is
/// proven least when the trials just below it say no. Limits are tried 1, 2, ... `None` when
/// a trial reached `max_boards` or was stopped.
///
/// # Errors
/// As [`search`].
pub fn least_limit(
    n: usize,
    limit: Limit,
    max_boards: u64,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<(Vec<Trial>, Option<Found>), DakonError> {
    let goal = |l: u32| match limit {
        Limit::Laps => Goal::ShortestWithLaps(l),
        Limit::Sown => Goal::FewestLongMoves(l),
    };
    // The size first: with no hole (or past the largest board, where the limits' range would
    // overflow) no trial is run, and that must be a refusal, never "no answer".
    Board::start(n)?;
    let mut trials = Vec::new();
    // Upwards one by one: below the answer every trial is a complete search of a space the
    // limit keeps small, and the first limit that admits an opening is the least.
    for l in 1..=4 * (2 * n * n) as u32 {
        let f = search(n, goal(l), max_boards, progress)?;
        let admits = if f.line.is_some() { Some(true) } else { f.complete.then_some(false) };
        trials.push(Trial { limit: l, boards: f.boards, admits });
        match admits {
            Some(false) => {}
            Some(true) => return Ok((trials, Some(f))),
            None => return Ok((trials, None)),
        }
    }
    Ok((trials, None))
}

impl Found {
    /// The opening found is proven cheapest: every board cheaper than it was expanded.
    pub fn proven(&self) -> bool {
        self.cost == Some(self.lower_bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surveys_cross_the_worker_boundary() {
        // The worker's replies are internally tagged: 128-bit counts must travel as text.
        let s = survey(4, &mut |_, _| true).unwrap();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Survey>(&text).unwrap(), s);
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        #[serde(tag = "kind")]
        enum Tagged {
            S { s: Survey },
        }
        let t = Tagged::S { s };
        assert_eq!(serde_json::from_str::<Tagged>(&serde_json::to_string(&t).unwrap()).unwrap(), t);
    }

    #[test]
    fn keys_round_trip() {
        let b = Board::start(8).unwrap().play(0).unwrap().board;
        assert_eq!(Key::<2>::of(&b).board(8), b);
        let b = Board::start(11).unwrap().play(10).unwrap().board;
        assert_eq!(Key::<3>::of(&b).board(11), b);
    }
}

//! Dakon's first turn: every sequence of moves the starting player can make before the
//! opponent ever moves (Donkers, de Voogt & Uiterwijk, "Human versus Machine Problem-Solving:
//! Winning Openings in Dakon", seed 001).
//!
//! Dakon-n: n holes a side, n counters in each. A move takes the counters of one of the mover's
//! holes and sows them anticlockwise, one per hole, the mover's store included and the
//! opponent's store skipped; a lap long enough also drops a counter in the hole it started
//! from. A lap ending in a non-empty hole (either side) picks that hole up and goes on (relay);
//! a move ending in the store lets the mover select again; ending in an empty hole of the
//! mover's captures that counter and the opposite hole (also when it is empty); ending in an
//! empty hole of the opponent's ends the turn.
//!
//! Here the board is seen from the mover: holes `0..n` are the mover's, hole 0 farthest from
//! the store (the paper's hole 1); cell `n` is the store; cells `n + 1..=2n` are the opponent's
//! holes in sowing order, so the hole opposite the mover's hole `j` is cell `2n - j`.

pub mod deep;
pub mod openings;
mod task;

pub use task::*;

/// Most holes a side: the game's own limit (counters must fit a byte: 2·12² = 288 would not,
/// 2·11² = 242 does).
pub const MAX_HOLES: usize = crate::families::dakon::MAX_HOLES;

/// Most laps one move may take before it is reported as endless (none is known to be).
pub const MAX_LAPS: u32 = 100_000;

/// How a turn ended.
/// In JSON (the CLI's, the worker's) as a word: `capture`, `empty_opponent_hole`, `no_own_counters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnEnd {
    /// The last move ended in an empty hole of the mover's: a capture.
    Capture,
    /// The last move ended in an empty hole of the opponent's.
    EmptyOpponentHole,
    /// The last move ended in the store and the mover's holes are all empty: no move is left.
    NoOwnCounters,
}

impl TurnEnd {
    /// How the turn ended, in words.
    pub fn words(self) -> &'static str {
        match self {
            TurnEnd::Capture => "ends in an empty hole of the mover's: a capture, and the turn is over",
            TurnEnd::EmptyOpponentHole => "ends in an empty hole of the opponent's: the turn is over",
            TurnEnd::NoOwnCounters => "ends in the store with the mover's holes all empty: no move is left",
        }
    }
}

/// A board during the first turn, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: [u8; 2 * MAX_HOLES + 1],
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The board after it.
    pub board: Board,
    /// Laps sown (1 plus one per relay).
    pub laps: u32,
    /// Counters sown over all its laps (a cycle is 2n + 1 of them).
    pub sown: u32,
    /// `None` when the move ended in the store with a hole of the mover's still full (the
    /// mover selects again); otherwise how the turn ended.
    pub end: Option<TurnEnd>,
}

/// Why a move cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DakonError {
    /// No such hole, or an empty one.
    Illegal(usize),
    /// More than [`MAX_LAPS`] laps.
    Endless,
    /// A board size this module does not handle.
    Size(usize),
    /// More paths reach one board than a 64-bit count holds.
    Overflow,
    /// An opening given as found (holes 1..n) that is not a winning opening within the bound.
    NotWinning(Vec<usize>),
    /// More boards than the memory holds.
    Memory(crate::engine::memory::TooLarge),
}

impl core::fmt::Display for DakonError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DakonError::Illegal(h) => {
                write!(f, "hole {} cannot be played (no counters, or no such hole)", h.wrapping_add(1))
            }
            DakonError::Endless => write!(f, "the move sows more than {MAX_LAPS} laps"),
            DakonError::Size(n) => write!(f, "Dakon-{n} is not handled here: 1 to {MAX_HOLES} holes a side"),
            DakonError::Overflow => f.write_str("more than 2^64 move sequences reach one board"),
            DakonError::Memory(e) => e.fmt(f),
            DakonError::NotWinning(l) => write!(
                f,
                "the opening {} is not a winning opening within the bound",
                l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for DakonError {}

impl Board {
    /// The start of Dakon-n: n counters in each of the 2n holes.
    ///
    /// # Errors
    /// For n outside 1..=[`MAX_HOLES`].
    pub fn start(n: usize) -> Result<Board, DakonError> {
        if !(1..=MAX_HOLES).contains(&n) {
            return Err(DakonError::Size(n));
        }
        let mut cells = [0u8; 2 * MAX_HOLES + 1];
        for (j, c) in cells[..=2 * n].iter_mut().enumerate() {
            *c = if j == n { 0 } else { n as u8 };
        }
        Ok(Board { n, cells })
    }

    /// Holes a side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Counters in the store.
    pub fn store(&self) -> u32 {
        self.cells[self.n] as u32
    }

    /// Counters in the mover's hole `j` (0-based from the left).
    pub fn own(&self, j: usize) -> u32 {
        self.cells[j] as u32
    }

    /// Counters in the opponent's holes, in sowing order (the hole after the mover's store
    /// first).
    pub fn opponent(&self) -> &[u8] {
        &self.cells[self.n + 1..=2 * self.n]
    }

    /// Counters on the opponent's side.
    pub fn opponent_total(&self) -> u32 {
        self.opponent().iter().map(|&c| c as u32).sum()
    }

    /// Counters on the mover's side.
    pub fn own_total(&self) -> u32 {
        self.cells[..self.n].iter().map(|&c| c as u32).sum()
    }

    /// The holes the mover may select (0-based).
    pub fn legal(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(|&j| self.cells[j] > 0)
    }

    /// Plays hole `j` (0-based from the mover's left).
    ///
    /// # Errors
    /// An empty or missing hole; a move of more than [`MAX_LAPS`] laps.
    pub fn play(&self, j: usize) -> Result<Move, DakonError> {
        let n = self.n;
        if j >= n || self.cells[j] == 0 {
            return Err(DakonError::Illegal(j));
        }
        let len = 2 * n + 1;
        let mut b = *self;
        let mut pos = j;
        let mut hand = b.cells[j] as u32;
        b.cells[j] = 0;
        let (mut laps, mut sown) = (0u32, 0u32);
        loop {
            laps += 1;
            if laps > MAX_LAPS {
                return Err(DakonError::Endless);
            }
            sown += hand;
            // Whole cycles first, then the rest one by one.
            let cycles = hand / len as u32;
            if cycles > 0 {
                for c in &mut b.cells[..len] {
                    *c += cycles as u8;
                }
            }
            for _ in 0..hand % len as u32 {
                pos = if pos + 1 == len { 0 } else { pos + 1 };
                b.cells[pos] += 1;
            }
            if pos == n {
                let end = (b.own_total() == 0).then_some(TurnEnd::NoOwnCounters);
                return Ok(Move { board: b, laps, sown, end });
            }
            if b.cells[pos] > 1 {
                hand = b.cells[pos] as u32;
                b.cells[pos] = 0;
                continue;
            }
            if pos < n {
                let opp = 2 * n - pos;
                b.cells[n] += b.cells[pos] + b.cells[opp];
                b.cells[pos] = 0;
                b.cells[opp] = 0;
                return Ok(Move { board: b, laps, sown, end: Some(TurnEnd::Capture) });
            }
            return Ok(Move { board: b, laps, sown, end: Some(TurnEnd::EmptyOpponentHole) });
        }
    }

    /// A winning opening leaves the opponent unable to fill a single hole in the next round:
    /// fewer than n counters anywhere but the mover's store (the opponent's store is still
    /// empty, and the opponent can at best win every counter outside the mover's store).
    pub fn is_won(&self) -> bool {
        self.own_total() + self.opponent_total() < self.n as u32
    }
}

/// Counts of first-turn sequences, by how they end and whether they win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Sequences ending by a capture: all, and winning.
    #[serde(with = "big")]
    pub capture: (u128, u128),
    /// Sequences ending in an empty opponent hole: all, and winning.
    #[serde(with = "big")]
    pub empty_opponent: (u128, u128),
    /// Sequences ending with the mover's holes all empty: all, and winning.
    #[serde(with = "big")]
    pub no_own_counters: (u128, u128),
}

impl Counts {
    /// Every sequence.
    pub fn total(&self) -> u128 {
        self.capture.0 + self.empty_opponent.0 + self.no_own_counters.0
    }

    /// Every winning sequence.
    pub fn winning(&self) -> u128 {
        self.capture.1 + self.empty_opponent.1 + self.no_own_counters.1
    }

    /// Records `k` sequences ending as `end`, winning or not.
    pub(crate) fn record(&mut self, end: TurnEnd, won: bool, k: u128) {
        let slot = match end {
            TurnEnd::Capture => &mut self.capture,
            TurnEnd::EmptyOpponentHole => &mut self.empty_opponent,
            TurnEnd::NoOwnCounters => &mut self.no_own_counters,
        };
        slot.0 += k;
        if won {
            slot.1 += k;
        }
    }
}

/// Hole numbers as the paper prints them ("1, 8, 8, 6"): separated by commas and/or spaces.
///
/// # Errors
/// A part that is not a number, or no hole at all.
pub fn parse_holes(text: &str) -> Result<Vec<usize>, String> {
    let holes = text
        .split([',', ' '])
        .filter(|x| !x.is_empty())
        .map(|x| x.parse::<usize>().map_err(|_| format!("{x:?} is not a hole number")))
        .collect::<Result<Vec<_>, _>>()?;
    if holes.is_empty() {
        return Err("no hole given".into());
    }
    Ok(holes)
}

/// Counts as decimal strings in serde formats: JSON numbers lose precision past 2⁵³, and
/// serde's internally tagged enums (the worker's replies) cannot carry 128-bit integers.
pub(crate) mod big {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Serializes a pair of counts.
    pub fn serialize<S: Serializer>(v: &(u128, u128), s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq([v.0.to_string(), v.1.to_string()])
    }

    /// Deserializes a pair of counts.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(u128, u128), D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        Ok((a.parse().map_err(D::Error::custom)?, b.parse().map_err(D::Error::custom)?))
    }

    /// A list of counts.
    pub mod list {
        use super::*;

        /// Serializes a list of counts.
        pub fn serialize<S: Serializer>(v: &[u128], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(v.iter().map(u128::to_string))
        }

        /// Deserializes a list of counts.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u128>, D::Error> {
            Vec::<String>::deserialize(d)?.iter().map(|x| x.parse().map_err(D::Error::custom)).collect()
        }
    }
}

/// A Dakon lab link's query (`n=8&line=1.8.8.6`), read leniently: what could be read, and
/// what could not.
#[derive(Clone, Debug, PartialEq)]
pub struct DakonLink {
    /// Holes a side (8, the Maldivian board, when missing or bad).
    pub n: usize,
    /// The opening and its moves, when given and legal.
    pub line: Option<(Vec<usize>, Vec<Move>)>,
    /// What was wrong, and where.
    pub error: Option<String>,
}

/// Longest Dakon link query read.
pub const MAX_LINK: usize = 4000;

/// Reads a Dakon lab link's query. Never fails: a bad part is dropped and named in `error`.
pub fn parse_link(query: &str) -> DakonLink {
    let mut link = DakonLink { n: 8, line: None, error: None };
    if query.len() > MAX_LINK {
        link.error = Some(format!("the link is {} characters long: at most {MAX_LINK}", query.len()));
        return link;
    }
    let mut errors = vec![];
    let mut line_text = None;
    for part in query.split('&').filter(|p| !p.is_empty()) {
        match part.split_once('=') {
            Some(("n", v)) => match v.parse::<usize>() {
                Ok(n) if (2..=MAX_HOLES).contains(&n) => link.n = n,
                _ => errors.push(format!("n={v}: holes a side must be a number from 2 to {MAX_HOLES}")),
            },
            Some(("line", v)) => line_text = Some(v),
            _ => errors.push(format!("{part:?} is not a parameter of this page (n, line)")),
        }
    }
    if let Some(v) = line_text {
        match parse_holes(&v.replace('.', " ")).and_then(|h| replay(link.n, &h).map(|m| (h, m))) {
            Ok(l) => link.line = Some(l),
            Err(e) => errors.push(format!("line: {e}")),
        }
    }
    link.error = (!errors.is_empty()).then(|| errors.join("; "));
    link
}

/// Plays a whole opening given as the paper prints it (holes numbered from 1), returning each
/// move's figures.
///
/// # Errors
/// An illegal hole (with its move number), a move after the turn ended, or an endless move.
pub fn replay(n: usize, holes: &[usize]) -> Result<Vec<Move>, String> {
    let mut b = Board::start(n).map_err(|e| e.to_string())?;
    let mut out: Vec<Move> = Vec::with_capacity(holes.len());
    for (k, &h) in holes.iter().enumerate() {
        if let Some(end) = out.last().and_then(|m| m.end) {
            return Err(format!("move {}: the turn already ended ({end:?}) at move {k}", k + 1));
        }
        let m = h.checked_sub(1).ok_or(DakonError::Illegal(usize::MAX)).and_then(|j| b.play(j));
        let m = m.map_err(|e| format!("move {} (hole {h}): {e}", k + 1))?;
        b = m.board;
        out.push(m);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_conserved_and_relays_pick_up() {
        let b = Board::start(4).unwrap();
        let m = b.play(0).unwrap();
        let total = m.board.store() + m.board.own_total() + m.board.opponent_total();
        assert_eq!(total, 32);
        // Hole 1 of Dakon-4: 4 counters to holes 2, 3, 4 and the store: another selection.
        assert_eq!(m.end, None);
        assert_eq!((m.laps, m.sown, m.board.store()), (1, 4, 1));
    }
}

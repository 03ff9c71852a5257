//! Tchouka's board and its relay sowing (Broline & Loeb §3): pits numbered 1, 2, … from the
//! Roumba; a pit's seeds go one by one towards the Roumba, into it, and on round past it to the
//! pit furthest from it. Where the last seed falls decides: the Roumba — choose again; an
//! occupied pit — sow that pit on (relay); an empty pit — the turn ends (the solitaire is lost).

use core::fmt;

use crate::engine::sow::sow_ring;
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most pits a Tchouka board has.
pub const MAX_PITS: usize = 16;
/// Most seeds a pit may hold.
pub const MAX_PIT_SEEDS: u32 = 255;
/// Most seeds on a board.
pub const MAX_SEEDS: u32 = 255;

/// Tchouka's rules: the start's pits and seeds a pit; `D` is the two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TchoukaRules<const D: bool> {
    /// Pits.
    pub pits: u8,
    /// Seeds each pit holds at the start.
    pub seeds: u8,
}

/// Why rules are out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TchoukaSetupError {
    /// No pits, or more than [`MAX_PITS`].
    Pits(usize),
    /// A pit holds more than [`MAX_PIT_SEEDS`], or the board more than [`MAX_SEEDS`].
    Seeds(u32),
    /// The setup holds no seed at all in its pits and Roumba.
    Empty,
}

impl fmt::Display for TchoukaSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TchoukaSetupError::Pits(n) => write!(f, "{n} pits is out of range: use 1 to {MAX_PITS}"),
            TchoukaSetupError::Seeds(n) => write!(f, "{n} seeds is too many: at most {MAX_SEEDS} on the board"),
            TchoukaSetupError::Empty => f.write_str("the board holds no seed"),
        }
    }
}

impl std::error::Error for TchoukaSetupError {}

impl<const D: bool> TchoukaRules<D> {
    /// `pits` pits of `seeds` seeds.
    ///
    /// # Errors
    /// Out of range.
    pub fn new(pits: u32, seeds: u32) -> Result<Self, TchoukaSetupError> {
        if !(1..=MAX_PITS as u32).contains(&pits) {
            return Err(TchoukaSetupError::Pits(pits as usize));
        }
        if seeds == 0 || pits * seeds > MAX_SEEDS {
            return Err(if seeds == 0 { TchoukaSetupError::Empty } else { TchoukaSetupError::Seeds(pits * seeds) });
        }
        Ok(TchoukaRules { pits: pits as u8, seeds: seeds as u8 })
    }

    /// The start.
    pub fn start(&self) -> Tchouka<D> {
        let mut cells = [0u8; MAX_PITS + 1];
        cells[1..=self.pits as usize].fill(self.seeds);
        Tchouka { rules: *self, cells, len: self.pits, south: 0, turn: Player::South, lost: false }
    }
}

/// A move: the pit sown first (1 is next to the Roumba).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct TchoukaMove<const D: bool>(pub u8);

impl<const D: bool> fmt::Display for TchoukaMove<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0.to_string())
    }
}

/// A Tchouka position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tchouka<const D: bool> {
    rules: TchoukaRules<D>,
    /// As Tchoukaillon's: `cells[0]` is the Roumba, `cells[i]` pit `i`.
    cells: [u8; MAX_PITS + 1],
    len: u8,
    /// The Roumba's seeds South put there (the solitaire's are all South's; North's are the
    /// rest).
    south: u8,
    turn: Player,
    /// The solitaire's last turn ended in an empty pit.
    lost: bool,
}

impl<const D: bool> fmt::Debug for Tchouka<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tchouka(pits {:?}, roumba {} ({} South's), {:?})", self.pits(), self.roumba(), self.south, self.turn)
    }
}

/// The cell of pit `i` (0 is the Roumba).
pub(super) fn cell_of(i: usize) -> Cell {
    if i == 0 {
        Cell::Store(Player::South)
    } else {
        Cell::Pit { owner: Player::South, index: (i - 1) as u16 }
    }
}

/// Where a turn's sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// In the Roumba: the player chooses again.
    Roumba,
    /// In an empty pit: the turn is over.
    EmptyPit,
}

impl<const D: bool> Tchouka<D> {
    /// A position from its parts.
    ///
    /// # Errors
    /// Pits or seeds out of range.
    pub fn new(
        rules: TchoukaRules<D>,
        pits: &[u32],
        roumba: [u32; 2],
        turn: Player,
        lost: bool,
    ) -> Result<Self, TchoukaSetupError> {
        if pits.is_empty() || pits.len() > MAX_PITS {
            return Err(TchoukaSetupError::Pits(pits.len()));
        }
        let total = pits.iter().sum::<u32>() + roumba[0] + roumba[1];
        if pits.iter().any(|&p| p > MAX_PIT_SEEDS) || total > MAX_SEEDS {
            return Err(TchoukaSetupError::Seeds(total));
        }
        if total == 0 {
            return Err(TchoukaSetupError::Empty);
        }
        // (Every count fits a byte: at most MAX_SEEDS = 255 seeds in all.)
        let mut cells = [0u8; MAX_PITS + 1];
        cells[0] = total as u8 - pits.iter().sum::<u32>() as u8;
        for (c, &p) in cells[1..].iter_mut().zip(pits) {
            *c = p as u8;
        }
        Ok(Tchouka { rules, cells, len: pits.len() as u8, south: roumba[0] as u8, turn, lost })
    }

    /// The same board under the other game's type (the search takes the two-player one).
    pub fn retag<const E: bool>(&self) -> Tchouka<E> {
        Tchouka {
            rules: TchoukaRules { pits: self.rules.pits, seeds: self.rules.seeds },
            cells: self.cells,
            len: self.len,
            south: self.south,
            turn: self.turn,
            lost: self.lost,
        }
    }

    /// The rules.
    pub fn rules(&self) -> TchoukaRules<D> {
        self.rules
    }

    /// The pits from pit 1 outwards.
    pub fn pits(&self) -> &[u8] {
        &self.cells[1..=self.len as usize]
    }

    /// Number of pits.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a board has a pit.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Seeds `p` has put in the Roumba.
    pub fn roumba_of(&self, p: Player) -> u32 {
        match p {
            Player::South => self.south as u32,
            Player::North => (self.cells[0] - self.south) as u32,
        }
    }

    /// Seeds in the Roumba.
    pub fn roumba(&self) -> u32 {
        self.cells[0] as u32
    }

    /// Seeds still in the pits.
    pub fn seeds_left(&self) -> u32 {
        self.pits().iter().map(|&p| p as u32).sum()
    }

    /// The solitaire was lost (a turn ended in an empty pit).
    pub fn is_lost(&self) -> bool {
        self.lost
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.lost || self.seeds_left() == 0
    }

    /// A key of the pits alone (for the solver's memory).
    pub fn pits_key(&self) -> u128 {
        self.pits().iter().fold(0u128, |k, &p| (k << 8) | p as u128)
    }

    /// Plays pit `i` (1-based, holding seeds) and its relays, recording steps if asked; returns
    /// how the turn's sowing ended.
    pub(super) fn sow(&mut self, i: usize, mut steps: Option<&mut Vec<Step>>, laps: &mut u32) -> Ending {
        let n = self.len as usize;
        // Tchoukaillon's ring: pit n, n − 1, …, 1, the Roumba, and round again.
        let mut ring = [0usize; MAX_PITS + 1];
        for (r, cell) in ring[..=n].iter_mut().zip((0..=n).rev()) {
            *r = cell;
        }
        let ring = &ring[..=n];
        let mut at = i;
        loop {
            let seeds = core::mem::take(&mut self.cells[at]) as u32;
            *laps += 1;
            if let Some(s) = steps.as_deref_mut() {
                s.push(Step::Pick(cell_of(at)));
            }
            let mut into_roumba = 0;
            let last = ring[sow_ring(&mut self.cells, ring, n - at, seeds, false, |c| {
                into_roumba += u32::from(c == 0);
                if let Some(s) = steps.as_deref_mut() {
                    s.push(Step::Drop(cell_of(c)));
                }
            })];
            if self.turn == Player::South {
                self.south += into_roumba as u8;
            }
            if last == 0 {
                return Ending::Roumba;
            }
            if self.cells[last] == 1 {
                return Ending::EmptyPit;
            }
            // The last seed fell in an occupied pit: sow it on. (Each relay either passes the
            // Roumba, which only fills, or moves seeds strictly towards it: a turn ends.)
            at = last;
        }
    }

    /// Plays a legal move without checks or trace.
    pub fn play_unchecked(&mut self, mv: TchoukaMove<D>) {
        let mut laps = 0;
        let end = self.sow(mv.0 as usize, None, &mut laps);
        self.after(end);
    }

    fn after(&mut self, end: Ending) {
        if end == Ending::EmptyPit {
            if D {
                self.turn = !self.turn;
            } else {
                self.lost = true;
            }
        }
    }

    /// The legal moves as pit numbers, without allocating.
    pub fn for_each_move(&self, mut f: impl FnMut(TchoukaMove<D>)) {
        if self.lost {
            return;
        }
        for (i, &p) in self.pits().iter().enumerate() {
            if p > 0 {
                f(TchoukaMove(i as u8 + 1));
            }
        }
    }

    /// A winning line of the solitaire from here, if there is one, and the positions the
    /// search looked at (a depth-first search remembering the positions that fail).
    pub fn solve(&self) -> (Option<Vec<TchoukaMove<D>>>, u64) {
        // Never asked to stop, and no memory bound: it answers.
        self.solve_watched(&mut |_| false, u64::MAX).expect("a solve without a deadline or a memory bound ends")
    }

    /// [`Self::solve`], asking `stop` every 65,536 positions (with the count so far) whether
    /// to give up, and giving up when the positions remembered would pass `most_bytes`.
    ///
    /// # Errors
    /// Stopped by `stop` or by the memory, with the positions looked at.
    pub fn solve_watched(
        &self,
        stop: &mut dyn FnMut(u64) -> bool,
        most_bytes: u64,
    ) -> Result<(Option<Vec<TchoukaMove<D>>>, u64), SolveStopped> {
        let mut w = Watched { failed: Default::default(), visited: 0, stop, most: most_bytes / BYTES_REMEMBERED };
        let mut line = Vec::new();
        let won = solve_from(self, &mut w, &mut line)?;
        Ok((won.then_some(line), w.visited))
    }
}

/// Bytes a position remembered as failing takes in the search's set (its key and the set's
/// own share, at the set's fullest).
pub const BYTES_REMEMBERED: u64 = 40;

/// Why a watched solve gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveStopped {
    /// The caller asked (a deadline, Stop).
    Asked {
        /// Positions looked at.
        visited: u64,
    },
    /// The positions to remember would pass the memory allowed.
    Memory {
        /// Positions looked at.
        visited: u64,
    },
}

struct Watched<'a> {
    failed: crate::cgt::HashMap<u128, ()>,
    visited: u64,
    stop: &'a mut dyn FnMut(u64) -> bool,
    /// Most positions remembered.
    most: u64,
}

fn solve_from<const D: bool>(
    p: &Tchouka<D>,
    w: &mut Watched<'_>,
    line: &mut Vec<TchoukaMove<D>>,
) -> Result<bool, SolveStopped> {
    if p.seeds_left() == 0 && !p.lost {
        return Ok(true);
    }
    if p.lost || w.failed.contains_key(&p.pits_key()) {
        return Ok(false);
    }
    w.visited += 1;
    if w.visited % 65_536 == 0 {
        if (w.stop)(w.visited) {
            return Err(SolveStopped::Asked { visited: w.visited });
        }
        if w.failed.len() as u64 >= w.most {
            return Err(SolveStopped::Memory { visited: w.visited });
        }
    }
    let mut moves = Vec::with_capacity(MAX_PITS);
    p.for_each_move(|m| moves.push(m));
    for m in moves {
        let mut q = *p;
        q.play_unchecked(m);
        line.push(m);
        if solve_from(&q, w, line)? {
            return Ok(true);
        }
        line.pop();
    }
    w.failed.insert(p.pits_key(), ());
    Ok(false)
}

impl<const D: bool> Position for Tchouka<D> {
    type Move = TchoukaMove<D>;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<TchoukaMove<D>> {
        if self.is_over() {
            return vec![];
        }
        let mut v = Vec::new();
        self.for_each_move(|m| v.push(m));
        v
    }

    fn play(&self, mv: TchoukaMove<D>) -> Result<(Self, Trace), PlayError<Self>> {
        let i = mv.0 as usize;
        let reason = if self.is_over() {
            Some(IllegalMove::GameOver)
        } else if i == 0 || i > self.len() {
            Some(IllegalMove::NoSuchPit(mv.to_string()))
        } else if self.cells[i] == 0 {
            Some(IllegalMove::EmptyPit(mv.to_string()))
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let mut steps = Vec::new();
        let mut laps = 0;
        let end = next.sow(i, Some(&mut steps), &mut laps);
        next.after(end);
        let extra_turn = end == Ending::Roumba && !next.is_over();
        Ok((next, Trace { steps, laps, extra_turn }))
    }

    fn outcome(&self) -> Option<Outcome> {
        if D {
            (self.seeds_left() == 0)
                .then(|| Outcome::by_scores(self.roumba_of(Player::South), self.roumba_of(Player::North)))
        } else if self.lost {
            Some(Outcome::Stuck)
        } else if self.seeds_left() == 0 {
            Some(Outcome::Solved)
        } else {
            None
        }
    }

    fn store(&self, player: Player) -> u32 {
        if D {
            self.roumba_of(player)
        } else {
            self.roumba()
        }
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        let mut v = vec![(cell_of(0), self.roumba())];
        v.extend(self.pits().iter().enumerate().map(|(i, &n)| (cell_of(i + 1), n as u32)));
        v
    }
}

/// The solvability of the solitaire's starting positions: pits × seeds a pit.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MapEntry {
    /// Pits.
    pub pits: u8,
    /// Seeds a pit.
    pub seeds: u8,
    /// Whether it can be won.
    pub solvable: bool,
    /// A winning line's length (turns chosen), if any.
    pub moves: Option<u32>,
    /// Positions the solver looked at.
    pub visited: u64,
    /// A winning line (pits chosen), if any.
    pub line: Vec<u8>,
}

/// The solitaire's map for 1..=`max_pits` pits and 1..=`max_seeds` seeds a pit (boards of at
/// most [`MAX_SEEDS`] seeds), `tick` told after each entry (false stops).
pub fn solvability_map(max_pits: u8, max_seeds: u8, tick: &mut dyn FnMut(&MapEntry) -> bool) -> Vec<MapEntry> {
    let mut out = Vec::new();
    for pits in 1..=max_pits.min(MAX_PITS as u8) {
        for seeds in 1..=max_seeds {
            let Ok(rules) = TchoukaRules::<false>::new(pits as u32, seeds as u32) else { continue };
            let (line, visited) = rules.start().solve();
            let e = MapEntry {
                pits,
                seeds,
                solvable: line.is_some(),
                moves: line.as_ref().map(|l| l.len() as u32),
                visited,
                line: line.unwrap_or_default().iter().map(|m| m.0).collect(),
            };
            let go = tick(&e);
            out.push(e);
            if !go {
                return out;
            }
        }
    }
    out
}

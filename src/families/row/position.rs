//! The position, rules, setup and move of a one-row game, generic over the game ([`RowGame`]):
//! what Conway's Sowing and Atomic Wari share. Each game says which pots may be sown and how
//! a sowing goes; everything else is here once.

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

use super::{cell, kept, Direction, RowGame, FULL, WALL};
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Trace};

/// Most pots a new game's row may have.
pub const MAX_POTS: usize = 24;
/// Most pots a row may have: a setup, or a row grown in play (Atomic Wari's rows grow past
/// their ends; a move that would need more is refused).
pub const ROOM: usize = 64;

/// Partizan or impartial, and the start position's size.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct RowRules<G> {
    /// Either player may sow either way (the paper's impartial versions).
    pub impartial: bool,
    /// Pots in the start position.
    pub pots: u8,
    /// Seeds in each pot at the start.
    pub seeds: u8,
    game: PhantomData<G>,
}

// Written out: derived, they would ask the marker `G` to be Clone and Copy too.
impl<G> Clone for RowRules<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for RowRules<G> {}

/// Rules out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowRulesError {
    /// Pots must be 1..=24.
    Pots(u32),
    /// Seeds a pot must be at most the game's largest (the count, the largest).
    Seeds(u32, u32),
    /// A start the game does not allow, in words.
    Start(String),
}

impl fmt::Display for RowRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowRulesError::Pots(n) => write!(f, "{n} pots is out of range: use 1 to {MAX_POTS}"),
            RowRulesError::Seeds(n, max) => write!(f, "{n} seeds a pot is out of range: use 0 to {max}"),
            RowRulesError::Start(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RowRulesError {}

impl<G: RowGame> RowRules<G> {
    /// A start of `pots` pots of `seeds` seeds.
    ///
    /// # Errors
    /// Pots outside 1..=24 or seeds over the game's largest.
    pub fn new(pots: u32, seeds: u32, impartial: bool) -> Result<Self, RowRulesError> {
        if !(1..=MAX_POTS as u32).contains(&pots) {
            return Err(RowRulesError::Pots(pots));
        }
        if seeds > G::MAX_SEEDS {
            return Err(RowRulesError::Seeds(seeds, G::MAX_SEEDS));
        }
        G::start_fits(pots, seeds).map_err(RowRulesError::Start)?;
        Ok(RowRules { impartial, pots: pots as u8, seeds: seeds as u8, game: PhantomData })
    }

    /// The start (by default every pot holding the seeds), Left to move.
    pub fn start(&self) -> Row<G> {
        let row = G::start(self.pots, self.seeds);
        Row::from_pots(*self, &row, Player::South)
    }

    /// The ways `player` may sow: Left to the right and Right to the left, or both ways.
    pub fn directions(&self, player: Player) -> &'static [Direction] {
        match (self.impartial || G::EITHER_WAY, player) {
            (true, _) => &[Direction::Left, Direction::Right],
            (false, Player::South) => &[Direction::Right],
            (false, Player::North) => &[Direction::Left],
        }
    }
}

impl<G: RowGame> fmt::Display for RowRules<G> {
    /// The canonical rules id: `sowing`, `sowing-i`, `atomic-6-1`, `atomic-6-1-i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_rules(G::KEY, (self.pots as u32, self.seeds as u32), G::DEFAULT, self.impartial, f)
    }
}

/// A move: the pot (0-based from the left) and the way it sows. Written as the pot's number
/// from 1 and `l` or `r`: `2r`.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
pub struct RowMove<G> {
    /// The pot, from 0 at the left.
    pub pot: u8,
    /// The way.
    pub dir: Direction,
    #[serde(skip)]
    game: PhantomData<G>,
}

impl<G> Clone for RowMove<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for RowMove<G> {}

impl<G> RowMove<G> {
    /// Sowing pot `pot` (from 0) the way `dir`.
    pub fn new(pot: u8, dir: Direction) -> Self {
        RowMove { pot, dir, game: PhantomData }
    }
}

impl<G> fmt::Display for RowMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}{}", self.pot as u32 + 1, self.dir.letter()))
    }
}

/// Why a setup is not a position of the game.
#[derive(Debug, PartialEq, Eq)]
pub enum RowSetupError<G> {
    /// No pot, or more than [`ROOM`].
    Pots(usize),
    /// A pot holds more than the game allows (its number from 1, its seeds).
    Seeds(usize, u32, PhantomData<G>),
    /// A full pot (`x`) or endless full pots (`~`) in a game without them (the pot from 1).
    NoFullPots(usize),
    /// Endless full pots (`~`) anywhere but at an end of a row of two or more pots (the pot).
    Wall(usize),
}

impl<G> Clone for RowSetupError<G> {
    fn clone(&self) -> Self {
        match self {
            RowSetupError::Pots(n) => RowSetupError::Pots(*n),
            RowSetupError::Seeds(k, n, _) => RowSetupError::Seeds(*k, *n, PhantomData),
            RowSetupError::NoFullPots(k) => RowSetupError::NoFullPots(*k),
            RowSetupError::Wall(k) => RowSetupError::Wall(*k),
        }
    }
}

impl<G: RowGame> fmt::Display for RowSetupError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowSetupError::Pots(n) => write!(f, "a row of {n} pots: use 1 to {ROOM}"),
            RowSetupError::Seeds(k, n, _) => write!(f, "pot {k} holds {n} seeds: at most {}", G::MAX_SEEDS),
            RowSetupError::NoFullPots(k) => {
                write!(f, "pot {k}: full pots (x) and endless full pots (~) are Sowing's, not {}'s", G::NAME)
            }
            RowSetupError::Wall(k) => {
                write!(f, "pot {k}: endless full pots (~) go only at an end of a row of two or more pots")
            }
        }
    }
}

impl<G: RowGame> std::error::Error for RowSetupError<G> {}

/// A position of a one-row game: the pots and who moves. Equality compares the rules, every
/// pot and the side to move.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Row<G> {
    rules: RowRules<G>,
    pots: [u8; ROOM],
    len: u8,
    turn: Player,
}

impl<G> Clone for Row<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Row<G> {}

impl<G: RowGame> Row<G> {
    /// The row `pots` under `rules`, `turn` to move.
    ///
    /// # Errors
    /// No pot, more pots than the room, or too many seeds in a pot.
    pub fn new(rules: RowRules<G>, pots: &[u32], turn: Player) -> Result<Self, RowSetupError<G>> {
        if pots.is_empty() || pots.len() > ROOM {
            return Err(RowSetupError::Pots(pots.len()));
        }
        let mut row = [0u8; ROOM];
        for (i, &n) in pots.iter().enumerate() {
            let full = n == FULL as u32 || n == WALL as u32;
            if full && !G::FULL_POTS {
                return Err(RowSetupError::NoFullPots(i + 1));
            }
            if n == WALL as u32 && (pots.len() < 2 || (i > 0 && i + 1 < pots.len())) {
                return Err(RowSetupError::Wall(i + 1));
            }
            if n > G::MAX_SEEDS && !full {
                return Err(RowSetupError::Seeds(i + 1, n, PhantomData));
            }
            row[i] = n as u8;
        }
        Ok(Row { rules, pots: row, len: pots.len() as u8, turn })
    }

    /// Any row that fits the room (a follower may be longer than a setup), unchecked.
    pub(super) fn from_pots(rules: RowRules<G>, pots: &[u8], turn: Player) -> Self {
        let mut row = [0u8; ROOM];
        row[..pots.len()].copy_from_slice(pots);
        Row { rules, pots: row, len: pots.len() as u8, turn }
    }

    /// The rules.
    pub fn rules(&self) -> RowRules<G> {
        self.rules
    }

    /// The pots from the left.
    pub fn pots(&self) -> &[u8] {
        &self.pots[..self.len as usize]
    }

    /// Whether `mv` is legal for the side to move: its way is the mover's and the game allows
    /// sowing that pot that way.
    pub fn is_legal(&self, mv: RowMove<G>) -> bool {
        (mv.pot as usize) < self.len as usize
            && self.rules.directions(self.turn).contains(&mv.dir)
            && G::can_sow_by(self.pots(), mv.pot as usize, mv.dir, self.turn)
    }

    /// The legal moves without allocating, in pot order (left, then right for one pot).
    pub fn for_each_move(&self, mut f: impl FnMut(RowMove<G>)) {
        for pot in 0..self.len {
            for &dir in self.rules.directions(self.turn) {
                if G::can_sow_by(self.pots(), pot as usize, dir, self.turn) {
                    f(RowMove::new(pot, dir));
                }
            }
        }
    }

    /// Plays a legal move (unchecked), recording its steps when `trace` is given.
    pub fn play_unchecked(&mut self, mv: RowMove<G>, trace: Option<&mut Trace>) {
        self.len = G::sow_by(&mut self.pots, self.len as usize, mv.pot as usize, mv.dir, self.turn, trace) as u8;
        self.turn = !self.turn;
    }

    /// Whether the side to move has a move.
    pub fn can_move(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// A 64-bit key of the game, the rules, the row without its empty ends where they do not
    /// matter, and the side to move.
    pub fn hash_key(&self) -> u64 {
        let mut h = G::HASH_SEED ^ (self.rules.impartial as u64) << 1 ^ self.turn.index() as u64;
        for &p in kept::<G>(self.pots()) {
            h = (h ^ p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        h
    }
}

impl<G: RowGame> Position for Row<G> {
    type Move = RowMove<G>;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<RowMove<G>> {
        let mut v = vec![];
        self.for_each_move(|m| v.push(m));
        v
    }

    fn play(&self, mv: RowMove<G>) -> Result<(Self, Trace), PlayError<Self>> {
        if !self.is_legal(mv) {
            let i = mv.pot as usize;
            let reason = if !self.can_move() {
                IllegalMove::GameOver
            } else if i >= self.len as usize {
                IllegalMove::NoSuchPit(mv.to_string())
            } else if self.pots[i] == 0 {
                IllegalMove::EmptyPit(mv.to_string())
            } else if !self.rules.directions(self.turn).contains(&mv.dir) {
                IllegalMove::WrongWay { mv: mv.to_string(), left: self.turn == Player::South }
            } else {
                G::refusal(self.pots(), mv)
            };
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let mut trace = Trace { laps: 1, ..Trace::default() };
        next.play_unchecked(mv, Some(&mut trace));
        Ok((next, trace))
    }

    /// Normal play: the player who cannot move loses.
    fn outcome(&self) -> Option<Outcome> {
        (!self.can_move()).then_some(Outcome::Win(!self.turn))
    }

    fn store(&self, _: Player) -> u32 {
        0
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        self.pots().iter().enumerate().map(|(i, &n)| (cell(i), n as u32)).collect()
    }
}

//! The engine: pure Rust, no web dependencies, no clock, no I/O.
//!
//! Every family of sowing games is a type implementing [`Position`]. The vocabulary is shared:
//! [`Player`], [`Cell`] (a pit or a store, named from its owner's side), [`Step`] (what the hand
//! did, for animation) and [`Outcome`].

pub mod memory;
pub mod player;
pub mod rank;
pub mod rounds;
pub mod sow;
pub mod text;
pub mod value;

use core::fmt;

pub use player::{ByPlayer, Player};

/// SplitMix64: a well-mixed 64-bit value of `x`, a different one for every `x` (the Kalah
/// position's hash keys, the puzzles' seeded streams).
pub const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// FNV-1a, 64 bits, of a text: a short stable name of it (the row games' hash seeds, the
/// puzzles' ids).
pub const fn fnv1a(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut h = 0xCBF2_9CE4_8422_2325_u64;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x0000_0100_0000_01B3);
        i += 1;
    }
    h
}

pub use value::Value;

/// A place on the board that holds seeds, named from its owner's point of view.
///
/// Pits are numbered from 0 at the owner's left, in sowing order, so pit 0 is shown as `a`.
/// Solitaires have one owner (South); Tchoukaillon's Roumba is South's store and its pit `i`
/// (numbered from the Roumba, as in the paper) is `Pit { index: i - 1 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Cell {
    /// A pit of `owner`, `index` from the owner's left.
    Pit {
        /// Whose side the pit is on.
        owner: Player,
        /// 0-based, from the owner's left, in sowing order.
        index: u16,
    },
    /// The store (Kalah's kalah, Tchoukaillon's Roumba) of a player.
    Store(Player),
}

/// The letter of a pit index: `a` for 0 ... `z` for 25, then `a1`, `b1`, ... (rarely needed).
pub fn pit_letter(index: u16) -> String {
    let letter = (b'a' + (index % 26) as u8) as char;
    if index < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", index / 26)
    }
}

impl fmt::Display for Cell {
    /// The accessible name's first part: "South c", "North store".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Pit { owner, index } => write!(f, "{owner} {}", pit_letter(*index)),
            Cell::Store(owner) => write!(f, "{owner} store"),
        }
    }
}

/// One step of the hand during a move, in order; replaying the `Pick` and `Drop` steps on the
/// board before the move shows the sowing seed by seed, and the board after the move includes
/// every `Capture` and `Collect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Step {
    /// All seeds of the cell are lifted (the start of a lap).
    Pick(Cell),
    /// One seed falls into the cell.
    Drop(Cell),
    /// One seed is lifted from the cell, the others stay (Reaping).
    Take(Cell),
    /// The hand passes over the cell without dropping a seed: the pit a lap was picked from,
    /// come round again (Oware's 12 or more seeds, Ayo's Odu).
    Skip(Cell),
    /// The seeds of `from` go to `to` (a capture).
    Capture {
        /// Where the captured seeds were.
        from: Cell,
        /// The store they go to.
        to: Cell,
        /// How many.
        seeds: u32,
    },
    /// At the end of the game the seeds of `from` go to their owner's store `to`.
    Collect {
        /// The pit emptied.
        from: Cell,
        /// The store it goes to.
        to: Cell,
        /// How many.
        seeds: u32,
    },
}

/// What the hand did during one move.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// Number of laps (picks) in the move: 1 for Kalah, more for relay sowing.
    pub laps: u32,
    /// The mover plays again (last seed in the store).
    pub extra_turn: bool,
}

impl Trace {
    /// The cell the move was sown from, on the board after it (its first pick): where a row
    /// grew on its left, the pot has moved right. A reaping's first pot taken from.
    pub fn picked(&self) -> Option<Cell> {
        self.steps.iter().find_map(|s| match s {
            Step::Pick(c) | Step::Take(c) => Some(*c),
            _ => None,
        })
    }

    /// Every cell that received a seed, in order: the path of the move.
    pub fn path(&self) -> impl Iterator<Item = Cell> + '_ {
        self.steps.iter().filter_map(|s| match s {
            Step::Drop(c) => Some(*c),
            _ => None,
        })
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// A two-player game with a winner.
    Win(Player),
    /// A two-player game drawn.
    Draw,
    /// A solitaire won (every seed pocketed).
    Solved,
    /// A solitaire lost (no legal move left, seeds remain).
    Stuck,
}

impl Outcome {
    /// A two-player game's result from each side's final score.
    pub fn by_scores(south: u32, north: u32) -> Outcome {
        match south.cmp(&north) {
            core::cmp::Ordering::Greater => Outcome::Win(Player::South),
            core::cmp::Ordering::Less => Outcome::Win(Player::North),
            core::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("Draw"),
            Outcome::Solved => f.write_str("Won: every seed is in the Roumba"),
            Outcome::Stuck => f.write_str("Lost"),
        }
    }
}

/// A move was not legal here. Hands the position back unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError<P> {
    /// The position the move was tried on.
    pub position: P,
    /// Why it is not legal.
    pub reason: IllegalMove,
}

/// Why a syntactically valid move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// The pit does not exist on this board.
    NoSuchPit(String),
    /// The pit is empty.
    EmptyPit(String),
    /// A move of one family played on a position of another.
    WrongFamily {
        /// The family it is a move of.
        of: &'static str,
        /// The family of the position.
        here: &'static str,
    },
    /// Its last seed would fall into an empty pot or off the row (Sowing).
    NotSowable(String),
    /// The mover does not sow this way (a partizan row game: Left sows right, Right left).
    WrongWay {
        /// The move.
        mv: String,
        /// The mover is Left, who sows to the right (else Right, who sows to the left).
        left: bool,
    },
    /// The pot holds fewer seeds than a sowing needs (Atomic Wari: two).
    TooFewSeeds {
        /// The move.
        mv: String,
        /// What the pot holds.
        holds: u32,
        /// What a sowing needs.
        needs: u32,
    },
    /// The row would grow past the board's room (Atomic Wari).
    RowFull {
        /// The move.
        mv: String,
        /// The most pots a row may have.
        room: u32,
    },
    /// The move would leave the opponent without a move (Ayo, Awari: not allowed while
    /// another move leaves one).
    Starves {
        /// The move.
        mv: String,
        /// The opponent.
        opponent: Player,
    },
    /// The opponent has no seeds and the move gives them none (Oware: feed him).
    MustFeed {
        /// The move.
        mv: String,
        /// The opponent.
        opponent: Player,
    },
    /// The move would capture every seed of the opponent, which these rules forbid (Oware's
    /// option).
    GrandSlam {
        /// The move.
        mv: String,
        /// The opponent.
        opponent: Player,
    },
    /// A rule of the game forbids the move (the move, the rule's reason in words).
    Rule {
        /// The move.
        mv: String,
        /// Why, completing "{mv}: …".
        why: &'static str,
    },
    /// The pit does not hold exactly the seeds the rules require (Tchoukaillon).
    NotHarvestable {
        /// The pit.
        pit: String,
        /// What it holds.
        holds: u32,
        /// What it must hold.
        needs: u32,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::Rule { mv, why } => write!(f, "{mv}: {why}"),
            IllegalMove::NoSuchPit(p) => write!(f, "there is no pit {p} on this board"),
            IllegalMove::EmptyPit(p) => write!(f, "pit {p} is empty"),
            IllegalMove::NotSowable(m) => {
                write!(f, "{m} cannot be sown: its last seed would fall into an empty pot or off the row")
            }
            IllegalMove::WrongWay { mv, left: true } => write!(f, "{mv}: Left sows only to the right"),
            IllegalMove::WrongWay { mv, left: false } => write!(f, "{mv}: Right sows only to the left"),
            IllegalMove::TooFewSeeds { mv, holds, needs } => {
                write!(
                    f,
                    "{mv}: the pot holds {holds} seed{}; a pot is sown only with {needs} or more",
                    if *holds == 1 { "" } else { "s" }
                )
            }
            IllegalMove::RowFull { mv, room } => write!(f, "{mv} would make the row longer than {room} pots"),
            IllegalMove::WrongFamily { of, here } => write!(f, "this is a {of} move, and the game is {here}"),
            IllegalMove::Starves { mv, opponent } => {
                write!(f, "{mv} would leave {opponent} without a move, and another move leaves one")
            }
            IllegalMove::MustFeed { mv, opponent } => {
                write!(f, "{opponent} has no seeds: {mv} gives them none, and a move must feed them")
            }
            IllegalMove::GrandSlam { mv, opponent } => {
                write!(f, "grand slam: {mv} would capture every seed of {opponent}, which these rules forbid")
            }
            IllegalMove::NotHarvestable { pit, holds, needs } => {
                write!(f, "pit {pit} holds {holds} seeds; it can be harvested only with exactly {needs}")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

impl IllegalMove {
    /// Why sowing pit `index` (named `mv`) of a row of `width` pits holding `seeds` is not
    /// legal, if it is not: the game is over, no such pit, or an empty pit.
    pub fn of_pit(
        over: bool,
        index: usize,
        width: usize,
        seeds: impl FnOnce() -> u32,
        mv: impl fmt::Display,
    ) -> Option<IllegalMove> {
        if over {
            Some(IllegalMove::GameOver)
        } else if index >= width {
            Some(IllegalMove::NoSuchPit(mv.to_string()))
        } else if seeds() == 0 {
            Some(IllegalMove::EmptyPit(mv.to_string()))
        } else {
            None
        }
    }
}

impl<P: fmt::Debug> fmt::Display for PlayError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl<P: fmt::Debug> std::error::Error for PlayError<P> {}

/// One state of a sowing game of some family.
///
/// The trait is shaped to fit every family of `shared/ARCHITECTURE.md`:
/// - **two players with stores** (Kalah, Mancala): `turn` alternates except after an extra
///   turn; `score` reads the stores; a move is one pit of the mover.
/// - **relay laps and rounds** (Dakon): one move is a chain of laps, all recorded in the one
///   [`Trace`] (`laps > 1`); a turn that ends in the store keeps `turn` unchanged; the end of a
///   round is a state change inside `play` (refill, holes marked out) and `outcome` is `None`
///   until the last round ends.
/// - **solitaires** (Tchoukaillon, Tchouka played alone): `turn` is always South, `score` is
///   the seeds pocketed, `outcome` is `Solved` or `Stuck`.
/// - **partizan row games** (Conway's Sowing, Atomic Wari): Left and Right are South and North;
///   there are no stores (`score` counts captured seeds or is 0) and the last player to move
///   wins, so `outcome` is `Win` of the player who just moved; their game-theory values come
///   from a separate `Partizan` view.
///
/// Equality compares every cell and the side to move. Moves are always named relative to the
/// mover (pit letters from the mover's left), which is what links and the CLI write.
pub trait Position: Clone + PartialEq + fmt::Debug {
    /// A move: usually a pit of the mover.
    type Move: Copy + PartialEq + fmt::Debug + fmt::Display;

    /// Who moves next (South in a solitaire).
    fn turn(&self) -> Player;

    /// The legal moves, in pit order.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays a move, returning the new position and what the hand did.
    ///
    /// # Errors
    /// An [`IllegalMove`] with the position handed back when the move is not legal here.
    fn play(&self, mv: Self::Move) -> Result<(Self, Trace), PlayError<Self>>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Seeds in the store of `player` (the Roumba for a solitaire's South).
    fn store(&self, player: Player) -> u32;

    /// Every cell of the board with its seeds, in a fixed order for drawing.
    fn cells(&self) -> Vec<(Cell, u32)>;

    /// Total seeds on the board, stores included: conserved by every move.
    fn total_seeds(&self) -> u32 {
        self.cells().iter().map(|(_, n)| n).sum()
    }
}

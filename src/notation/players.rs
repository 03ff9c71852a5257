//! Who plays a side: a person or the computer at one of its levels. Part of a game's record
//! and its link (`south=hard`), so that a reload keeps the players.

use core::fmt;
use core::str::FromStr;

use crate::engine::text::clip;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// A person at this screen.
    Human,
    /// A uniformly random legal move.
    Random,
    /// Search 2 sowings deep.
    Easy,
    /// Search 6 sowings deep.
    Medium,
    /// Search for 1 second.
    Hard,
    /// Search for 5 seconds.
    Expert,
    /// Proven-best moves from the exact solver (Kalah), within a time limit.
    Perfect,
}

impl Opponent {
    /// All, weakest first.
    pub const ALL: [Opponent; 7] = [
        Opponent::Human,
        Opponent::Random,
        Opponent::Easy,
        Opponent::Medium,
        Opponent::Hard,
        Opponent::Expert,
        Opponent::Perfect,
    ];

    /// The id in links and records: `human`, `random`, `easy`, `medium`, `hard`, `expert`,
    /// `perfect`.
    pub fn id(self) -> &'static str {
        match self {
            Opponent::Human => "human",
            Opponent::Random => "random",
            Opponent::Easy => "easy",
            Opponent::Medium => "medium",
            Opponent::Hard => "hard",
            Opponent::Expert => "expert",
            Opponent::Perfect => "perfect",
        }
    }

    /// Name on screen, for a game whose rules have endgame databases or not (the strong
    /// players' means differ).
    pub fn name(self, databases: bool) -> &'static str {
        match self {
            Opponent::Hard if databases => "Computer: hard (1 s search, endgame databases)",
            Opponent::Expert if databases => "Computer: expert (5 s search, endgame databases)",
            Opponent::Perfect if databases => "Computer: perfect within the endgame databases (else 3 s search)",
            Opponent::Human => "Human",
            Opponent::Random => "Computer: random",
            Opponent::Easy => "Computer: easy (2 sowings)",
            Opponent::Medium => "Computer: medium (6 sowings)",
            Opponent::Hard => "Computer: hard (1 s search)",
            Opponent::Expert => "Computer: expert (5 s search)",
            Opponent::Perfect => "Computer: perfect (exact solver, opening book)",
        }
    }

    /// Search depth, time limit (ms, 0 = none), and whether the endgame databases cached in
    /// this browser value the search's leaves (Oware family); `None` for humans, random play
    /// and the perfect player.
    pub fn limits(self) -> Option<(u32, u64, bool)> {
        match self {
            Opponent::Human | Opponent::Random | Opponent::Perfect => None,
            Opponent::Easy => Some((2, 0, false)),
            Opponent::Medium => Some((6, 0, false)),
            Opponent::Hard => Some((200, 1000, true)),
            Opponent::Expert => Some((200, 5000, true)),
        }
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A player's id that is not one of [`Opponent::ALL`] (the text, clipped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOpponentError(pub String);

impl fmt::Display for ParseOpponentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a player (human, random, easy, medium, hard, expert or perfect)", self.0)
    }
}

impl std::error::Error for ParseOpponentError {}

impl FromStr for Opponent {
    type Err = ParseOpponentError;

    /// Any case, surrounding spaces allowed.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Opponent::ALL.into_iter().find(|o| o.id() == t).ok_or_else(|| ParseOpponentError(clip(s.trim(), 20)))
    }
}

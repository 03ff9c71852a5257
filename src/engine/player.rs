//! The two sides of a board.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side of the board. South moves first in every preset; a solitaire is played by South.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Player {
    /// The player at the bottom of the board, who moves first.
    #[default]
    South,
    /// The player at the top of the board.
    North,
}

impl Player {
    /// Both players, South first.
    pub const ALL: [Player; 2] = [Player::South, Player::North];

    /// 0 for South, 1 for North.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Player::South => 0,
            Player::North => 1,
        }
    }

    /// The word used on screen and in accessible names.
    pub const fn name(self) -> &'static str {
        match self {
            Player::South => "South",
            Player::North => "North",
        }
    }

    /// The one-letter form used in setups (`s` or `n`).
    pub const fn letter(self) -> char {
        match self {
            Player::South => 's',
            Player::North => 'n',
        }
    }
}

impl Not for Player {
    type Output = Player;
    #[inline]
    fn not(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not `s`, `n`, `south` or `north` (any case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayerError(pub String);

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a side: use s (South) or n (North)", self.0)
    }
}

impl std::error::Error for ParsePlayerError {}

impl FromStr for Player {
    type Err = ParsePlayerError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "s" | "south" | "0" => Ok(Player::South),
            "n" | "north" | "1" => Ok(Player::North),
            _ => Err(ParsePlayerError(s.to_string())),
        }
    }
}

/// One value per player, indexed by [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> ByPlayer<T> {
    /// Builds one from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer { south: f(Player::South), north: f(Player::North) }
    }

    /// The value of `player`.
    #[inline]
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }

    /// The value of `player`, mutably.
    #[inline]
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer { south: f(self.south), north: f(self.north) }
    }

    /// Pairs the values of two `ByPlayer`s.
    pub fn zip<U>(self, other: ByPlayer<U>) -> ByPlayer<(T, U)> {
        ByPlayer { south: (self.south, other.south), north: (self.north, other.north) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_flip() {
        assert_eq!("S".parse::<Player>().unwrap(), Player::South);
        assert_eq!(" north ".parse::<Player>().unwrap(), Player::North);
        assert!("x".parse::<Player>().is_err());
        assert_eq!(!Player::South, Player::North);
        let b = ByPlayer { south: 1, north: 2 }.map(|x| x * 10);
        assert_eq!(*b.get(Player::North), 20);
        assert_eq!(b.zip(ByPlayer { south: 'a', north: 'b' }).south, (10, 'a'));
    }
}

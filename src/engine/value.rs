//! What a searched value means. A Kalah "+2" (the final store difference) and a Dakon "win by
//! 32" (a game won within the search, by that many counters) are different kinds of value, and
//! a solitaire's value is only whether it can still be won: the type says which.

use core::cmp::Ordering;
use core::fmt;

/// The value of a position or a move for the side to move, as a family's search gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// A margin of seeds for the side to move: Kalah's final store difference, or Dakon's
    /// margin of counters owned when the search did not see the game end. Reads "+2".
    Margin(i32),
    /// The game is won within the search, by this many counters (Dakon). Reads "win by 32".
    Won(u32),
    /// The game is lost within the search, by this many counters (Dakon). Reads "loss by 4".
    Lost(u32),
    /// A solitaire: whether it can still be won. Reads "winnable" or "lost".
    Winnable(bool),
    /// A game scored only by who wins (the last player to move): won or lost with best play.
    /// Reads "win" or "loss".
    Decided(bool),
}

impl Default for Value {
    fn default() -> Self {
        Value::Margin(0)
    }
}

/// How far above any margin a decided game ranks, and the offset machine-readable output adds
/// to a decided game's margin (Dakon's JSON: 1000 + N for a game won by N).
pub const DECIDED: i32 = 1000;

impl Value {
    /// The number machine-readable output writes: a margin as it is, a won game as
    /// 1000 + margin, a lost one as −1000 − margin, a solitaire as 1 (winnable) or 0.
    pub fn number(self) -> i32 {
        match self {
            Value::Margin(m) => m,
            Value::Won(by) => DECIDED + by as i32,
            Value::Lost(by) => -DECIDED - by as i32,
            Value::Winnable(w) => w as i32,
            Value::Decided(w) => {
                if w {
                    1
                } else {
                    -1
                }
            }
        }
    }

    /// The few characters a hint on the board has: "+2", "win", "loss", "wins", "loses".
    pub fn short(self) -> String {
        match self {
            Value::Margin(m) => format!("{m:+}"),
            Value::Won(by) => format!("win {by}"),
            Value::Lost(by) => format!("loss {by}"),
            Value::Winnable(true) => "wins".into(),
            Value::Winnable(false) => "loses".into(),
            Value::Decided(true) => "win".into(),
            Value::Decided(false) => "loss".into(),
        }
    }

    /// Better for the side to move is greater: a won game above every margin, a lost one
    /// below; among won games the larger margin, among lost ones the smaller.
    fn rank(self) -> i64 {
        match self {
            Value::Margin(m) => m as i64,
            Value::Won(by) => (1 << 40) + by as i64,
            Value::Lost(by) => -(1 << 40) - by as i64,
            Value::Winnable(w) => w as i64,
            Value::Decided(w) => {
                if w {
                    1
                } else {
                    -1
                }
            }
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Margin(m) => write!(f, "{m:+}"),
            Value::Won(by) => write!(f, "win by {by}"),
            Value::Lost(by) => write!(f, "loss by {by}"),
            Value::Winnable(true) => f.write_str("winnable"),
            Value::Winnable(false) => f.write_str("lost"),
            Value::Decided(true) => f.write_str("win"),
            Value::Decided(false) => f.write_str("loss"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_numbers_and_order() {
        assert_eq!(Value::Won(32).to_string(), "win by 32");
        assert_eq!(Value::Lost(4).to_string(), "loss by 4");
        assert_eq!(Value::Margin(2).to_string(), "+2");
        assert_eq!(Value::Margin(-28).to_string(), "-28");
        assert_eq!(Value::Winnable(true).to_string(), "winnable");
        assert_eq!(Value::Won(32).number(), 1032);
        assert_eq!(Value::Lost(4).number(), -1004);
        assert!(Value::Won(0) > Value::Margin(500));
        assert!(Value::Lost(0) < Value::Margin(-500));
        assert!(Value::Won(8) > Value::Won(6));
        assert!(Value::Lost(8) < Value::Lost(6));
        assert_eq!(Value::Won(8).short(), "win 8");
    }
}

//! What is wrong with a link or a record, and where; and what the page shows instead.

use core::fmt;

use super::{Game, MAX_COMMENT, MAX_MOVES, MAX_NESTING, MAX_RECORD};
use crate::engine::{IllegalMove, Player};
use crate::families::{AnyMove, ParseMoveError, ParseRulesError, ParseSetupError};
use crate::notation::{ParseOpponentError, MAX_TEXT};

/// What is wrong with the tree of a link's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeFault {
    /// A `(` with no move before it to stand instead of.
    OpenBeforeMove,
    /// A `)` that closes no side line.
    CloseWithoutOpen,
    /// A `(` never closed (the tree is kept as read).
    Unclosed,
    /// A `{` comment never closed.
    CommentUnclosed,
    /// A `}` that closes no comment.
    CloseCommentWithoutOpen,
    /// A comment longer than [`MAX_COMMENT`] characters.
    CommentTooLong,
    /// Side lines nested deeper than [`MAX_NESTING`].
    TooDeep,
}

/// What is wrong with a link or a record, and where. Each case has one message;
/// [`LinkError::shown`] says what the page shows instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The whole link is longer than any game's (its length).
    TooLong(usize),
    /// A part no link has (its name, clipped); it was ignored.
    UnknownPart(String),
    /// The rules id cannot be read.
    Rules(ParseRulesError),
    /// The setup cannot be read, or is not a position of the rules.
    Setup(ParseSetupError),
    /// The move list is longer than any (its length).
    MovesTooLong(usize),
    /// More than [`MAX_MOVES`] moves.
    TooManyMoves,
    /// Move `index` (1-based, in the order written) is not in the family's notation.
    Move {
        /// 1-based.
        index: usize,
        /// Why.
        error: ParseMoveError,
    },
    /// Move `index` (1-based, in the order written) cannot be played there.
    Illegal {
        /// 1-based.
        index: usize,
        /// The move.
        mv: AnyMove,
        /// Why.
        reason: IllegalMove,
    },
    /// The side lines' parentheses or the comments' braces do not match, after `index` moves.
    Tree {
        /// Moves read before the fault.
        index: usize,
        /// What is wrong.
        fault: TreeFault,
    },
    /// The line is not a move of the tree.
    LinePast {
        /// The line asked for, as written.
        line: String,
        /// Moves in the tree.
        moves: usize,
    },
    /// The line is not a number (the text, clipped).
    LineNotANumber(String),
    /// The ply is past the last move.
    PlyPast {
        /// The ply asked for, as written.
        ply: String,
        /// Moves in the line.
        moves: usize,
    },
    /// The ply is not a number (the text, clipped).
    PlyNotANumber(String),
    /// A side's player is not one (the side, and why).
    Player(Player, ParseOpponentError),
    /// A record's line that is neither a header `[Key "value"]` nor moves (its number, and
    /// its text clipped); the rest is read without it.
    Header(usize, String),
    /// A record with neither a header nor a move (an empty file).
    EmptyRecord,
    /// A record longer than [`MAX_RECORD`] bytes (its length).
    RecordTooLong(usize),
}

impl LinkError {
    /// The part of the link at fault: `rules`, `setup`, `moves`, `line`, `ply`, `south`,
    /// `north`, `record` or `link`.
    pub fn part(&self) -> &'static str {
        match self {
            LinkError::TooLong(_) | LinkError::UnknownPart(_) => "link",
            LinkError::Rules(_) => "rules",
            LinkError::Setup(_) => "setup",
            LinkError::MovesTooLong(_)
            | LinkError::TooManyMoves
            | LinkError::Move { .. }
            | LinkError::Illegal { .. }
            | LinkError::Tree { .. } => "moves",
            LinkError::LinePast { .. } | LinkError::LineNotANumber(_) => "line",
            LinkError::PlyPast { .. } | LinkError::PlyNotANumber(_) => "ply",
            LinkError::Player(Player::South, _) => "south",
            LinkError::Player(Player::North, _) => "north",
            LinkError::Header(..) | LinkError::EmptyRecord | LinkError::RecordTooLong(_) => "record",
        }
    }

    /// What the page shows instead, given the game kept (`None` when the fault loses nothing).
    pub fn shown(&self, kept: &Game) -> Option<String> {
        let upto = || match kept.moves().len() {
            0 => "the start position".to_string(),
            n => format!("the game up to move {n}"),
        };
        match self {
            LinkError::TooLong(_) => Some("the start position of Kalah(6,4)".into()),
            LinkError::UnknownPart(_)
            | LinkError::MovesTooLong(_)
            | LinkError::Tree { fault: TreeFault::Unclosed, .. } => None,
            LinkError::Rules(_) => Some("Kalah(6,4) instead".into()),
            LinkError::Setup(_) => Some("the start position instead".into()),
            LinkError::TooManyMoves | LinkError::Move { .. } | LinkError::Illegal { .. } | LinkError::Tree { .. } => {
                Some(upto())
            }
            LinkError::LinePast { .. } | LinkError::LineNotANumber(_) => Some("the main line".into()),
            LinkError::PlyPast { .. } | LinkError::PlyNotANumber(_) => Some("the last position".into()),
            LinkError::Player(..) => Some("a person playing that side".into()),
            LinkError::Header(..) => Some("the record without that line".into()),
            LinkError::EmptyRecord | LinkError::RecordTooLong(_) => Some("the start position of Kalah(6,4)".into()),
        }
    }

    /// The fault and what is shown instead, in one sentence: "move 3 (a) is illegal: ...;
    /// showing the game up to move 2".
    pub fn message(&self, kept: &Game) -> String {
        // Whatever a fault echoes from the link, shown with its hidden characters named.
        let text = match self.shown(kept) {
            Some(shown) => format!("{self}; showing {shown}"),
            None => self.to_string(),
        };
        crate::engine::text::visible(&text).into_owned()
    }
}

impl fmt::Display for LinkError {
    /// The fault alone, after the part: "moves: move 3 (a) is illegal: pit a is empty".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.part())?;
        match self {
            LinkError::TooLong(n) => write!(f, "the link is {n} characters long, too long to read"),
            LinkError::UnknownPart(k) => {
                write!(f, "unknown part '{k}' ignored (a link has rules, setup, moves, line, ply, south and north)")
            }
            LinkError::Rules(e) => e.fmt(f),
            LinkError::Setup(e) => e.fmt(f),
            LinkError::MovesTooLong(n) => write!(f, "the move list is {n} characters long: at most {MAX_TEXT}"),
            LinkError::TooManyMoves => write!(f, "more than {MAX_MOVES} moves"),
            LinkError::Move { index, error } => write!(f, "move {index} {error}"),
            LinkError::Illegal { index, mv, reason } => {
                if *index == 1 {
                    write!(f, "move 1 ({mv}) is illegal: {reason}; the game is shown from its start")
                } else {
                    write!(f, "move {index} ({mv}) is illegal: {reason}; the moves are valid up to move {}", index - 1)
                }
            }
            LinkError::Tree { index, fault } => {
                let after = match index {
                    0 => "before the first move".to_string(),
                    n => format!("after move {n}"),
                };
                match fault {
                    TreeFault::OpenBeforeMove => {
                        write!(f, "a side line '(' {after} has no move before it to stand instead of")
                    }
                    TreeFault::CloseWithoutOpen => write!(f, "a ')' {after} closes no side line"),
                    TreeFault::Unclosed => {
                        write!(f, "a side line '(' {after} is not closed; it was read to the end")
                    }
                    TreeFault::CommentUnclosed => write!(f, "a comment '{{' {after} is not closed"),
                    TreeFault::CloseCommentWithoutOpen => write!(f, "a '}}' {after} closes no comment"),
                    TreeFault::CommentTooLong => {
                        write!(f, "a comment {after} is longer than {MAX_COMMENT} characters")
                    }
                    TreeFault::TooDeep => write!(f, "side lines nested more than {MAX_NESTING} deep {after}"),
                }
            }
            LinkError::LinePast { line, moves } => {
                write!(f, "line {line} is not a move of the game (it has {moves} moves in all)")
            }
            LinkError::LineNotANumber(l) => write!(f, "'{l}' is not a move number"),
            LinkError::PlyPast { ply, moves } => {
                let word = if *moves == 1 { "move" } else { "moves" };
                write!(f, "ply {ply} is past the end of the game's line ({moves} {word})")
            }
            LinkError::PlyNotANumber(p) => write!(f, "'{p}' is not a ply number"),
            LinkError::Player(_, e) => e.fmt(f),
            LinkError::Header(line, text) => {
                write!(f, "line {line} ('{text}') is neither a header [Key \"value\"] nor moves")
            }
            LinkError::RecordTooLong(n) => {
                write!(f, "the record is {n} bytes long: at most {}", crate::engine::text::group(MAX_RECORD as u128))
            }
            LinkError::EmptyRecord => {
                write!(f, "the record is empty: it has no header [Rules \"...\"] and no move")
            }
        }
    }
}

impl std::error::Error for LinkError {}

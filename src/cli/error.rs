//! What can go wrong on the command line: one case a fault, each with its message.

use core::fmt;

use crate::families::ParseRulesError;
use crate::families::SolveError;
use crate::labs::dakon::DakonError;
use crate::notation::LinkError;

/// A fault of a command: printed after `mancala-lab: ` on standard error, with exit code 2.
#[derive(Debug)]
pub enum CliError {
    /// The rules, setup or moves given cannot be read or played.
    Link(LinkError),
    /// A rules id cannot be read.
    Rules(ParseRulesError),
    /// An option's value is out of its range.
    OutOfRange {
        /// The option, with its dashes.
        option: &'static str,
        /// The value given.
        value: u64,
        /// The values allowed, in words ("1 to 4096").
        allowed: &'static str,
    },
    /// A perft deeper than 40.
    TooDeep(u32),
    /// The game is over: nothing to analyze (the position's status, which says why).
    GameOver(String),
    /// A row, or an octal code, that cannot be read or valued (why).
    Row(String),
    /// The command is for another family (its message).
    WrongFamily(String),
    /// Too many seeds to enumerate every state of Dooley's study.
    TooManySeeds(u32),
    /// Tchoukaillon's winning position for this many seeds needs too many pits.
    TooManyPits(u32),
    /// The exact solver failed.
    Solve(SolveError),
    /// A Dakon lab computation failed.
    Dakon(DakonError),
    /// A job needs more memory than may be used (its estimate, or what it holds when stopped).
    Memory(crate::engine::memory::TooLarge),
    /// A Dakon line that cannot be read.
    Moves(String),
    /// A Dakon line that cannot be played (its move and why).
    Replay(String),
    /// A checkpoint file that cannot be read, written, or is of another search.
    Checkpoint(String),
    /// The JSON of a report cannot be made.
    Json(String),
    /// A game record that cannot be read (the file, and why).
    Record(String),
    /// Database files that cannot be read or written, or are of other rules (the file, and
    /// why).
    Files(String),
    /// A build across processes failed: a process died, or cannot be reached (which, and
    /// how to go on).
    Processes(String),
    /// An option this command does not use here (the option, and what the command does instead).
    NotUsed {
        /// The option, with its dashes.
        option: &'static str,
        /// Why it has no effect, in words.
        why: &'static str,
    },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Link(e) => e.fmt(f),
            CliError::Rules(e) => write!(f, "rules: {e}"),
            CliError::OutOfRange { option, value, allowed } => {
                write!(f, "{option} {value} is out of range: use {allowed}")
            }
            CliError::TooDeep(d) => write!(f, "depth {d} is too deep for perft: use at most 40"),
            CliError::GameOver(status) => write!(f, "no move to analyze: {status}"),
            CliError::WrongFamily(why) => f.write_str(why),
            CliError::Row(why) => f.write_str(why),
            CliError::TooManySeeds(n) => {
                write!(f, "{n} seeds is too many to enumerate every state here: use at most 24")
            }
            CliError::TooManyPits(s) => write!(
                f,
                "the winning position for {s} seeds needs more than the {} pits a board here may have",
                crate::labs::tchoukaillon::MAX_BOARD_PITS
            ),
            CliError::Solve(e) => e.fmt(f),
            CliError::Dakon(e) => e.fmt(f),
            CliError::Memory(e) => write!(f, "not enough memory: {e}"),
            CliError::Moves(e) => write!(f, "moves: {e}"),
            CliError::Replay(e)
            | CliError::Checkpoint(e)
            | CliError::Json(e)
            | CliError::Record(e)
            | CliError::Files(e)
            | CliError::Processes(e) => f.write_str(e),
            CliError::NotUsed { option, why } => write!(f, "{option} does not apply here: {why}; leave it out"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<LinkError> for CliError {
    fn from(e: LinkError) -> Self {
        CliError::Link(e)
    }
}

impl From<SolveError> for CliError {
    fn from(e: SolveError) -> Self {
        CliError::Solve(e)
    }
}

impl From<crate::engine::memory::TooLarge> for CliError {
    fn from(e: crate::engine::memory::TooLarge) -> Self {
        CliError::Memory(e)
    }
}

impl From<DakonError> for CliError {
    fn from(e: DakonError) -> Self {
        match e {
            DakonError::Memory(m) => CliError::Memory(m),
            e => CliError::Dakon(e),
        }
    }
}

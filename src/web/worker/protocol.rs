//! The messages between the page and the search worker, as JSON text. Both directions are
//! untrusted: a message that does not parse, or names bad rules or a bad setup, gets an
//! `Error` reply, never a panic.

use serde::{Deserialize, Serialize};

use super::databases::{EndgameReply, EndgameTask};
use crate::families::AnyMove;
use crate::labs::{LabReply, LabTask};
use crate::search::Analysis;

/// Largest transposition table the page may ask for, in MiB.
pub const MAX_TABLE_MIB: usize = 1024;
/// Largest memory budget of the exact solver in the browser, in MiB.
pub const MAX_MEMORY_MIB: usize = 2048;

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the page; every reply carries it so stale replies can be dropped.
    pub id: u32,
    /// What to do.
    pub task: Task,
}

impl Request {
    /// Reads a message's text.
    ///
    /// # Errors
    /// Text that is not a request: the [`Unreadable`] that says why.
    pub fn read(text: &str) -> Result<Request, Unreadable> {
        serde_json::from_str(text).map_err(|e| Unreadable {
            id: serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("id")?.as_u64())
                .map(|x| x as u32),
            message: format!("unreadable request: {e}"),
        })
    }
}

/// A message that is not a request: the id it carries, if any, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// The request's id, where the text has one.
    pub id: Option<u32>,
    /// Why it cannot be read.
    pub message: String,
}

impl From<Unreadable> for Reply {
    fn from(u: Unreadable) -> Reply {
        Reply::Error { id: u.id, message: u.message }
    }
}

/// Work the worker can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// Iterative-deepening analysis of a position, in link notation.
    Analyze {
        /// Rules id.
        rules: String,
        /// Setup of the position to analyze.
        setup: String,
        /// Deepest iteration, in sowings.
        max_depth: u32,
        /// Time limit in ms (0: none, only the depth and Stop limit it).
        time_ms: u64,
        /// Table size in MiB.
        table_mib: usize,
        /// Value the positions the endgame databases cover exactly (families that have them):
        /// the databases this worker holds, after (in the browser) loading those cached.
        #[serde(default)]
        endgame: bool,
    },
    /// Exact values of every legal move of a position (the family's exact solver).
    Solve {
        /// Rules id.
        rules: String,
        /// Setup of the position to solve.
        setup: String,
        /// Memory budget for the table and the endgame database, in MiB.
        memory_mib: usize,
        /// Time limit in ms (0: none).
        time_ms: u64,
        /// Only the value of the position, not of every move (faster; for benchmarks).
        #[serde(default)]
        value_only: bool,
        /// Only these root moves (empty: every legal move). The page shares a position's moves
        /// between several workers this way.
        #[serde(default)]
        moves: Vec<AnyMove>,
        /// A first guess of the value (absolute) for MTD(f), e.g. the best value found so far
        /// by other workers, for moves the solver's short heuristic search has no value for.
        #[serde(default)]
        guess: Option<i32>,
    },
    /// The endgame databases (families that have them): build, load, query.
    Endgame(EndgameTask),
    /// A lab's computation.
    Lab(LabTask),
}

/// A reply from the worker.
///
/// Externally tagged on the wire (`{"done":{…}}`), as every reply the page decodes: serde
/// reads that shape straight through, where an internally tagged enum is first buffered whole
/// (serde's `Content`), and that buffering code cost the page's first download 27 KB gzip.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply<L = LabReply> {
    /// The worker has loaded and listens.
    Ready,
    /// An iteration finished.
    Progress {
        /// Request id.
        id: u32,
        /// The analysis so far.
        analysis: Analysis<AnyMove>,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The exact solver narrowed the value of a root move.
    Window {
        /// Request id.
        id: u32,
        /// The move being solved.
        mv: AnyMove,
        /// Proven lower bound (absolute).
        lower: i32,
        /// Proven upper bound (absolute).
        upper: i32,
    },
    /// The exact solver's table and database are allocated: this much memory, in bytes.
    Memory {
        /// Request id.
        id: u32,
        /// Table and database, in bytes.
        bytes: u64,
    },
    /// Nodes searched so far, sent a few times a second during long iterations.
    Nodes {
        /// Request id.
        id: u32,
        /// Nodes.
        nodes: u64,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The search ended (depth or time reached, or every value proven).
    Done {
        /// Request id.
        id: u32,
        /// The last finished iteration, if any.
        analysis: Option<Analysis<AnyMove>>,
        /// Time since the request arrived.
        elapsed_ms: f64,
        /// Memory the search used (table and database), in bytes.
        #[serde(default)]
        memory_bytes: u64,
    },
    /// What the endgame databases say.
    Endgame {
        /// Request id.
        id: u32,
        /// Progress, what is held, or a position's values.
        reply: EndgameReply,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// A lab's progress or answer.
    Lab {
        /// Request id.
        id: u32,
        /// What the lab says (the worker's [`LabReply`]; the page reads it as a
        /// [`crate::labs::LabWire`]).
        reply: L,
        /// Time since the request arrived.
        elapsed_ms: f64,
    },
    /// The request could not be read or run.
    Error {
        /// Request id, when it could be read.
        id: Option<u32>,
        /// What is wrong.
        message: String,
    },
}

impl<L> Reply<L> {
    /// The request a reply answers (`None` for `Ready`, and for errors about a message whose
    /// id could not be read).
    pub fn id(&self) -> Option<u32> {
        match self {
            Reply::Ready => None,
            Reply::Progress { id, .. }
            | Reply::Nodes { id, .. }
            | Reply::Done { id, .. }
            | Reply::Window { id, .. }
            | Reply::Lab { id, .. }
            | Reply::Endgame { id, .. }
            | Reply::Memory { id, .. } => Some(*id),
            Reply::Error { id, .. } => *id,
        }
    }

    /// The request's last reply: the answer, or the error (not progress).
    pub fn is_final(&self) -> bool
    where
        L: crate::labs::IsAnswer,
    {
        match self {
            Reply::Done { .. } | Reply::Error { .. } => true,
            Reply::Lab { reply, .. } => reply.is_answer(),
            Reply::Endgame { reply, .. } => !matches!(reply, EndgameReply::Progress { .. }),
            _ => false,
        }
    }
}

//! A game: rules, start position, a tree of moves (the main line and side lines, with
//! comments), the line and ply on screen, and who plays each side. This is what a link and a
//! game record hold.
//!
//! The tree's text is PGN-like: moves in the family's notation, a side line in parentheses
//! after the move it replaces, a comment in braces after its move:
//! `fa(cd{a try})bcde` is the main line `f a b c d e` with `c d` tried instead of `a`.

use core::fmt;
use core::str::FromStr;

use std::borrow::Cow;

use super::players::{Opponent, ParseOpponentError};
use super::MAX_TEXT;
use crate::engine::text::clip;
use crate::engine::{ByPlayer, IllegalMove, Player, Trace};
use crate::families::{AnyMove, AnyPosition, AnyRules, ParseMoveError, ParseRulesError, ParseSetupError};

/// Most moves a record may hold (all its lines together).
pub const MAX_MOVES: usize = 20_000;

/// Deepest nesting of side lines a record may hold.
pub const MAX_NESTING: usize = 64;

/// Longest comment on a move, in characters.
pub const MAX_COMMENT: usize = 500;

/// A node of the tree: `0` is the start position.
pub type NodeId = usize;

#[derive(Clone, Debug)]
struct Node {
    parent: Option<NodeId>,
    /// The move that led here (`None` at the start).
    mv: Option<AnyMove>,
    position: AnyPosition,
    /// What the hand did in that move.
    trace: Option<Trace>,
    /// The moves played from here: the first continues the line, the others are side lines.
    children: Vec<NodeId>,
    comment: String,
}

/// A game: rules, start position and a tree of moves, with every position along the way.
///
/// The fields are private so that a game is always consistent: every move was legal, and the
/// ply on screen is on the line on screen. The line is a path from the start to a last move:
/// the path to a node and, after it, the first of each node's continuations.
#[derive(Clone, Debug)]
pub struct Game {
    rules: AnyRules,
    nodes: Vec<Node>,
    /// The line on screen, from the start node.
    line: Vec<NodeId>,
    /// The moves of the line on screen (`line.len() - 1` of them).
    moves: Vec<AnyMove>,
    /// The ply on screen, `0..=moves.len()`.
    ply: usize,
    players: ByPlayer<Opponent>,
}

/// Most bytes a game record may have (the Share panel's file and paste, the CLI's `open`).
pub const MAX_RECORD: usize = 4 * MAX_TEXT;

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
        let upto = || match kept.moves.len() {
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

/// A link's value with its `%XX` escapes decoded (as a browser's address bar writes spaces and
/// other characters); `+` stays `+`. Bytes that are not UTF-8 become U+FFFD.
pub fn percent_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// Text with the characters a link's value cannot hold as they are (`%`, `&`, `#`, spaces,
/// braces, anything not ASCII...) written `%XX`; [`percent_decode`] reads it back.
pub fn percent_encode(s: &str) -> Cow<'_, str> {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"-._~()!*',;:@/?+=$".contains(&b);
    if s.bytes().all(plain) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for b in s.bytes() {
        if plain(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Cow::Owned(out)
}

/// One step of the tree in the order it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    Move(NodeId),
    Open,
    Close,
}

impl Game {
    /// A new game from a start position, a person on each side.
    pub fn new(start: AnyPosition) -> Game {
        Game {
            rules: start.rules(),
            nodes: vec![Node {
                parent: None,
                mv: None,
                position: start,
                trace: None,
                children: vec![],
                comment: String::new(),
            }],
            line: vec![0],
            moves: vec![],
            ply: 0,
            players: ByPlayer { south: Opponent::Human, north: Opponent::Human },
        }
    }

    /// The rules.
    pub fn rules(&self) -> AnyRules {
        self.rules
    }

    /// The position before the first move.
    pub fn start(&self) -> &AnyPosition {
        &self.nodes[0].position
    }

    /// Who plays each side.
    pub fn players(&self) -> &ByPlayer<Opponent> {
        &self.players
    }

    /// Sets who plays a side.
    pub fn set_player(&mut self, side: Player, who: Opponent) {
        *self.players.get_mut(side) = who;
    }

    /// The ply on screen: `0..=moves().len()`.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Shows the position after `k` moves of the line (its last one when `k` is past the end).
    pub fn goto(&mut self, k: usize) {
        self.ply = k.min(self.moves.len());
    }

    /// The moves of the line on screen.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// The position on screen (after `ply` moves of the line).
    pub fn position(&self) -> &AnyPosition {
        &self.nodes[self.line[self.ply]].position
    }

    /// The position after `k` moves of the line.
    pub fn position_at(&self, k: usize) -> &AnyPosition {
        &self.nodes[self.line[k.min(self.moves.len())]].position
    }

    /// What the hand did in move `k` of the line (1-based: the move that led to ply `k`).
    pub fn trace(&self, k: usize) -> Option<&Trace> {
        self.line.get(k).filter(|_| k > 0).and_then(|&n| self.nodes[n].trace.as_ref())
    }

    /// The last position of the line.
    pub fn last(&self) -> &AnyPosition {
        &self.nodes[*self.line.last().expect("never empty")].position
    }

    /// The node on screen.
    pub fn node(&self) -> NodeId {
        self.line[self.ply]
    }

    /// The node after `k` moves of the line.
    pub fn node_at(&self, k: usize) -> NodeId {
        self.line[k.min(self.moves.len())]
    }

    /// The nodes of the line on screen, from the start.
    pub fn line(&self) -> &[NodeId] {
        &self.line
    }

    /// Moves in the tree, all lines together.
    pub fn len(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The moves played from `node`: the first continues its line, the others are side lines.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.nodes[node].children
    }

    /// The node before `node` (`None` at the start).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.nodes[node].parent
    }

    /// The move that led to `node` (`None` at the start).
    pub fn move_of(&self, node: NodeId) -> Option<AnyMove> {
        self.nodes[node].mv
    }

    /// The position at `node`.
    pub fn position_of(&self, node: NodeId) -> &AnyPosition {
        &self.nodes[node].position
    }

    /// What the hand did in the move that led to `node`.
    pub fn trace_of(&self, node: NodeId) -> Option<&Trace> {
        self.nodes[node].trace.as_ref()
    }

    /// The comment on the move that led to `node` (on the game, at the start).
    pub fn comment(&self, node: NodeId) -> &str {
        &self.nodes[node].comment
    }

    /// Sets the comment on `node`'s move: braces become parentheses (a record keeps comments
    /// in braces), control characters spaces, and at most [`MAX_COMMENT`] characters are kept.
    pub fn set_comment(&mut self, node: NodeId, text: &str) {
        // Control characters become spaces before the ends are trimmed (a comment that began
        // with NUL bytes once kept their spaces, and read back as another comment: found by
        // the `records` fuzz target).
        let spaced: String = text
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c if c.is_control() => ' ',
                c => c,
            })
            .collect();
        let clean: String = spaced.trim().chars().take(MAX_COMMENT).collect();
        self.nodes[node].comment = clean.trim_end().to_string();
    }

    /// Moves from the start to `node`.
    pub fn depth(&self, node: NodeId) -> usize {
        let mut d = 0;
        let mut n = node;
        while let Some(p) = self.nodes[n].parent {
            d += 1;
            n = p;
        }
        d
    }

    /// The nodes from the start to `node`, both included.
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = vec![node];
        let mut n = node;
        while let Some(p) = self.nodes[n].parent {
            path.push(p);
            n = p;
        }
        path.reverse();
        path
    }

    /// Whether `node` is on the main line (every move on its path is its parent's first).
    pub fn is_main(&self, node: NodeId) -> bool {
        let mut n = node;
        while let Some(p) = self.nodes[n].parent {
            if self.nodes[p].children[0] != n {
                return false;
            }
            n = p;
        }
        true
    }

    /// The main line's nodes, from the start.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        while let Some(&c) = self.nodes[*line.last().expect("never empty")].children.first() {
            line.push(c);
        }
        line
    }

    /// Shows `node`, on the line through it: its path, then the first continuation of each
    /// node after it.
    pub fn select(&mut self, node: NodeId) {
        let mut line = self.path(node);
        self.ply = line.len() - 1;
        while let Some(&c) = self.nodes[*line.last().expect("never empty")].children.first() {
            line.push(c);
        }
        self.moves = line[1..].iter().map(|&n| self.nodes[n].mv.expect("a move")).collect();
        self.line = line;
    }

    /// The child of `node` reached by `mv`, adding it (as the last side line, or the line's
    /// continuation when it is the first) when it is not in the tree.
    ///
    /// # Errors
    /// When the move is illegal there (or of another family); the game is unchanged.
    pub fn add(&mut self, node: NodeId, mv: AnyMove) -> Result<NodeId, IllegalMove> {
        if let Some(&c) = self.nodes[node].children.iter().find(|&&c| self.nodes[c].mv == Some(mv)) {
            return Ok(c);
        }
        let here = &self.nodes[node].position;
        let (mut next, mut trace) = here.play(mv).map_err(|e| e.reason)?;
        // A position seen before on this path ends the game where the rules say so (Oware).
        if let Some((ended, more)) = next.end_by_repetition() {
            if self.path(node).iter().any(|&n| self.nodes[n].position == next) {
                next = ended;
                trace.steps.extend(more.steps);
            }
        }
        // A position from which no capture can ever happen ends the game (Ayo).
        if let Some((ended, more)) = next.end_without_captures() {
            next = ended;
            trace.steps.extend(more.steps);
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            parent: Some(node),
            mv: Some(mv),
            position: next,
            trace: Some(trace),
            children: vec![],
            comment: String::new(),
        });
        self.nodes[node].children.push(id);
        Ok(id)
    }

    /// Plays a move at the ply on screen: the line goes on when the move is its next one, the
    /// move's node is shown when it is in the tree, and otherwise it is added as a new side
    /// line (or the continuation, from a last move). Nothing is ever cut.
    ///
    /// # Errors
    /// When the move is illegal (or of another family); the game is unchanged.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        if self.moves.get(self.ply) == Some(&mv) {
            self.ply += 1;
            return Ok(());
        }
        let child = self.add(self.node(), mv)?;
        self.select(child);
        Ok(())
    }

    /// Plays `moves` one after another from the ply on screen (adding what the tree lacks),
    /// then shows the node after the first `show` of them.
    ///
    /// # Errors
    /// At the first illegal move, with its index: the moves before it stay in the tree.
    pub fn play_line(&mut self, moves: &[AnyMove], show: usize) -> Result<(), (usize, IllegalMove)> {
        let mut node = self.node();
        let mut shown = node;
        for (k, &mv) in moves.iter().enumerate() {
            node = match self.add(node, mv) {
                Ok(n) => n,
                Err(e) => {
                    self.select(shown);
                    return Err((k, e));
                }
            };
            if k < show {
                shown = node;
            }
        }
        // The line through the new moves, shown at the node asked for.
        let ply = self.depth(shown);
        self.select(node);
        self.ply = ply;
        Ok(())
    }

    /// Makes `node`'s line the main line: each move on its path becomes its parent's first.
    pub fn promote(&mut self, node: NodeId) {
        let mut n = node;
        while let Some(p) = self.nodes[n].parent {
            let ch = &mut self.nodes[p].children;
            if let Some(i) = ch.iter().position(|&c| c == n) {
                let c = ch.remove(i);
                ch.insert(0, c);
            }
            n = p;
        }
        // The line on screen keeps its nodes; only their order among siblings changed.
    }

    /// Deletes `node`'s move and everything after it (not the start). The node on screen
    /// moves to `node`'s parent when it was among them.
    pub fn delete(&mut self, node: NodeId) {
        let Some(parent) = self.nodes[node].parent else { return };
        let shown = self.node();
        let on_path = self.path(shown).contains(&node);
        self.nodes[parent].children.retain(|&c| c != node);
        // Renumber the nodes left, in the order they are written.
        let kept: Vec<NodeId> = self.written_nodes();
        let mut new_id = vec![usize::MAX; self.nodes.len()];
        for (i, &n) in kept.iter().enumerate() {
            new_id[n] = i;
        }
        let mut nodes: Vec<Node> = kept.iter().map(|&n| self.nodes[n].clone()).collect();
        for n in &mut nodes {
            n.parent = n.parent.map(|p| new_id[p]);
            n.children.iter_mut().for_each(|c| *c = new_id[*c]);
        }
        self.nodes = nodes;
        let ply = self.ply;
        let end = *self.line.last().expect("never empty");
        if on_path {
            self.select(new_id[parent]);
        } else if new_id[end] != usize::MAX {
            self.select(new_id[end]);
            self.ply = ply;
        } else {
            // The line went on into the deleted moves: the same node, on its first line.
            self.select(new_id[shown]);
        }
    }

    /// The tree in the order it is written: moves, and where side lines open and close.
    fn written(&self) -> Vec<Written> {
        enum Work {
            Out(Written),
            After(NodeId),
        }
        let mut out = vec![];
        let mut stack = vec![Work::After(0)];
        while let Some(w) = stack.pop() {
            match w {
                Work::Out(x) => out.push(x),
                Work::After(n) => {
                    let ch = &self.nodes[n].children;
                    let Some(&first) = ch.first() else { continue };
                    stack.push(Work::After(first));
                    for &v in ch[1..].iter().rev() {
                        stack.push(Work::Out(Written::Close));
                        stack.push(Work::After(v));
                        stack.push(Work::Out(Written::Move(v)));
                        stack.push(Work::Out(Written::Open));
                    }
                    stack.push(Work::Out(Written::Move(first)));
                }
            }
        }
        out
    }

    /// The nodes in the order they are written, the start first.
    fn written_nodes(&self) -> Vec<NodeId> {
        let mut nodes = vec![0];
        nodes.extend(self.written().into_iter().filter_map(|w| match w {
            Written::Move(n) => Some(n),
            _ => None,
        }));
        nodes
    }

    /// The number of `node`'s move in the order the tree is written (1 for the first move;
    /// 0 for the start): what a link's `line` names.
    pub fn written_index(&self, node: NodeId) -> usize {
        self.written_nodes().iter().position(|&n| n == node).unwrap_or(0)
    }

    /// The tree's text: moves in the family's notation joined as in links (`spaced`: one space
    /// between moves, as in a record), side lines in parentheses, comments in braces.
    pub fn tree_text(&self, spaced: bool) -> String {
        let sep = if spaced { " " } else { self.start().move_separator() };
        let mut s = String::new();
        let root_comment = &self.nodes[0].comment;
        if !root_comment.is_empty() {
            s.push_str(&format!("{{{root_comment}}}"));
        }
        let mut after_move = false;
        for w in self.written() {
            match w {
                Written::Move(n) => {
                    if after_move || (spaced && !s.is_empty() && !s.ends_with('(')) {
                        s.push_str(sep);
                    }
                    let node = &self.nodes[n];
                    s.push_str(&node.mv.expect("a move").to_string());
                    if !node.comment.is_empty() {
                        if spaced {
                            s.push(' ');
                        }
                        s.push_str(&format!("{{{}}}", node.comment));
                    }
                    after_move = node.comment.is_empty();
                }
                Written::Open => {
                    if spaced {
                        s.push(' ');
                    }
                    s.push('(');
                    after_move = false;
                }
                Written::Close => {
                    s.push(')');
                    after_move = false;
                }
            }
        }
        s
    }

    /// Reads a tree's text into this game's tree, from the start node (see the module's
    /// documentation). Keeps what was read before a fault.
    fn read_tree(&mut self, text: &str) -> Result<(), LinkError> {
        if text.len() > MAX_TEXT {
            return Err(LinkError::MovesTooLong(text.len()));
        }
        // (where the next move is played, the last move read) at each open side line, and the
        // moves read before its '(' (where an unclosed one is reported).
        let mut stack: Vec<(NodeId, Option<NodeId>, usize)> = vec![];
        let (mut at, mut last): (NodeId, Option<NodeId>) = (0, None);
        let mut index = 0;
        let mut rest = text;
        while !rest.is_empty() {
            let cut = rest.find(['(', ')', '{', '}']).unwrap_or(rest.len());
            for piece in rest[..cut].split_whitespace() {
                // The move list's turn numbers and names ("1. South f a 2. North b"), where
                // moves are letters, so that neither can be a move.
                let start = self.start();
                let piece = match start.move_separator() {
                    "" if [Player::South, Player::North]
                        .iter()
                        .any(|&p| piece.eq_ignore_ascii_case(start.player_name(p))) =>
                    {
                        continue;
                    }
                    "" => piece.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'),
                    _ => piece,
                };
                for token in self.start().split_moves(piece) {
                    if index >= MAX_MOVES {
                        return Err(LinkError::TooManyMoves);
                    }
                    index += 1;
                    let mv =
                        self.nodes[at].position.parse_move(token).map_err(|error| LinkError::Move { index, error })?;
                    let n = self.add(at, mv).map_err(|reason| LinkError::Illegal { index, mv, reason })?;
                    (at, last) = (n, Some(n));
                }
            }
            rest = &rest[cut..];
            let Some(c) = rest.chars().next() else { break };
            rest = &rest[1..];
            let fault = |fault| LinkError::Tree { index, fault };
            match c {
                '(' => {
                    let Some(l) = last else { return Err(fault(TreeFault::OpenBeforeMove)) };
                    if stack.len() >= MAX_NESTING {
                        return Err(fault(TreeFault::TooDeep));
                    }
                    stack.push((at, last, index));
                    at = self.nodes[l].parent.expect("a move's node has a parent");
                    last = None;
                }
                ')' => {
                    let Some((a, l, _)) = stack.pop() else { return Err(fault(TreeFault::CloseWithoutOpen)) };
                    (at, last) = (a, l);
                }
                '{' => {
                    let Some(end) = rest.find('}') else { return Err(fault(TreeFault::CommentUnclosed)) };
                    let comment = &rest[..end];
                    if comment.chars().count() > MAX_COMMENT {
                        return Err(fault(TreeFault::CommentTooLong));
                    }
                    self.set_comment(last.unwrap_or(at), comment);
                    rest = &rest[end + 1..];
                }
                // A '}' with no '{': nothing to read.
                _ => return Err(fault(TreeFault::CloseCommentWithoutOpen)),
            }
        }
        match stack.first() {
            None => Ok(()),
            // The first side line left open, where it opened.
            Some(&(_, _, opened)) => Err(LinkError::Tree { index: opened, fault: TreeFault::Unclosed }),
        }
    }

    /// Builds a game from the parts of a link (each already percent-decoded), stopping at the
    /// first fault but keeping everything before it: returns the usable game and the fault.
    pub fn from_parts_lenient(
        rules: Option<&str>,
        setup: Option<&str>,
        moves: Option<&str>,
        ply: Option<&str>,
    ) -> (Game, Option<LinkError>) {
        Game::from_link_parts(&LinkParts { rules, setup, moves, ply, ..LinkParts::default() })
    }

    /// Builds a game from every part of a link, as [`Game::from_parts_lenient`].
    fn from_link_parts(parts: &LinkParts<'_>) -> (Game, Option<LinkError>) {
        let default_rules: AnyRules = "kalah-6-4".parse().expect("valid");
        let rules = match parts.rules.map(str::parse::<AnyRules>) {
            None => default_rules,
            Some(Ok(r)) => r,
            Some(Err(e)) => return (Game::new(default_rules.start()), Some(LinkError::Rules(e))),
        };
        let start = match parts.setup.filter(|s| !s.trim().is_empty()) {
            None => rules.start(),
            Some(s) => match rules.parse_setup(s) {
                Ok(p) => p,
                Err(e) => return (Game::new(rules.start()), Some(LinkError::Setup(e))),
            },
        };
        let mut game = Game::new(start);
        // Players first: a fault later keeps them.
        let mut fault = None;
        for (side, text) in [(Player::South, parts.south), (Player::North, parts.north)] {
            match text.map(str::parse::<Opponent>) {
                Some(Ok(o)) => game.set_player(side, o),
                Some(Err(e)) => fault = fault.or(Some(LinkError::Player(side, e))),
                None => {}
            }
        }
        if let Some(m) = parts.moves {
            if let Err(e) = game.read_tree(m) {
                game.select(game.main_line().last().copied().unwrap_or(0));
                return (game, Some(e));
            }
        }
        let main_end = *game.main_line().last().expect("never empty");
        game.select(main_end);
        if let Some(l) = parts.line.map(str::trim) {
            match l.parse::<usize>() {
                Ok(k) if k <= game.len() => {
                    // The whole line through that move, unless a ply says where on it.
                    game.select(game.written_nodes()[k]);
                    game.ply = game.moves.len();
                }
                _ if !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()) => {
                    let err = LinkError::LinePast { line: clip(l, 40), moves: game.len() };
                    return (game, Some(err));
                }
                _ => return (game, Some(LinkError::LineNotANumber(clip(l, 40)))),
            }
        }
        if let Some(p) = parts.ply {
            let p = p.trim();
            match p.parse::<usize>() {
                Ok(k) if k <= game.moves.len() => game.ply = k,
                _ if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                    let err = LinkError::PlyPast { ply: clip(p, 40), moves: game.moves.len() };
                    return (game, Some(err));
                }
                _ => return (game, Some(LinkError::PlyNotANumber(clip(p, 40)))),
            }
        }
        (game, fault)
    }

    /// Parses a link's query (`rules=...&setup=...&moves=...&line=...&ply=...&south=...&north=...`),
    /// keeping what is usable. Values are percent-decoded first. Unknown keys are reported;
    /// repeated keys take the last value.
    pub fn from_query_lenient(query: &str) -> (Game, Option<LinkError>) {
        let query = query.trim().trim_start_matches(['?', '#']);
        if query.len() > 4 * MAX_TEXT {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::TooLong(query.len())));
        }
        let mut values: [Option<Cow<'_, str>>; 7] = Default::default();
        let mut unknown = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = percent_decode(v);
            match LinkParts::KEYS.iter().position(|key| *key == percent_decode(k)) {
                Some(i) => values[i] = Some(v),
                None => unknown = unknown.or(Some(clip(&percent_decode(k), 20))),
            }
        }
        let [rules, setup, moves, line, ply, south, north] = values.each_ref().map(|v| v.as_deref());
        let parts = LinkParts { rules, setup, moves, line, ply, south, north };
        let (game, err) = Game::from_link_parts(&parts);
        (game, err.or(unknown.map(LinkError::UnknownPart)))
    }

    /// Whether the start is the rules' own start position (so a link can leave the setup out).
    pub fn starts_at_rules_start(&self) -> bool {
        *self.start() == self.rules.start()
    }

    /// The game record: headers, then the tree (see `docs/record.md`).
    pub fn record(&self) -> String {
        let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut r = format!("[Rules \"{}\"]\n", self.rules);
        if !self.starts_at_rules_start() {
            r.push_str(&format!("[Setup \"{}\"]\n", self.start()));
        }
        for side in [Player::South, Player::North] {
            let name = if side == Player::South { "South" } else { "North" };
            r.push_str(&format!("[{name} \"{}\"]\n", self.players.get(side)));
        }
        let main = self.main_line();
        let end = self.line.last().copied().unwrap_or(0);
        if !main.contains(&end) {
            r.push_str(&format!("[Line \"{}\"]\n", self.written_index(end)));
        }
        if self.ply != self.moves.len() {
            r.push_str(&format!("[Ply \"{}\"]\n", self.ply));
        }
        let last = self.position_of(*main.last().expect("never empty"));
        if last.outcome().is_some() {
            r.push_str(&format!("[Result \"{}\"]\n", quote(&last.status())));
        }
        r.push('\n');
        r.push_str(&self.tree_text(true));
        r.push('\n');
        r
    }

    /// Reads a game record, keeping what is usable (as links are read): headers
    /// `[Key "value"]` (Rules, Setup, South, North, Line, Ply; Result and unknown keys are
    /// ignored), then the tree's text. Headers come first: once the moves have begun, a line
    /// that starts with `[` is the moves' (a comment's text, or a fault the tree reports), never
    /// a header. A record with neither headers nor moves is refused.
    pub fn from_record_lenient(text: &str) -> (Game, Option<LinkError>) {
        if text.len() > MAX_RECORD {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::RecordTooLong(text.len())));
        }
        let mut values: [Option<String>; 7] = Default::default();
        let mut moves = String::new();
        let mut fault = None;
        let mut headers = 0;
        // A byte-order mark (a file saved by some editors) is no part of the record.
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            let header_line = if moves.is_empty() { l.strip_prefix('[') } else { None };
            if let Some(inner) = header_line {
                headers += 1;
                let header = inner.strip_suffix(']').and_then(|h| {
                    let (key, value) = h.trim().split_once(char::is_whitespace)?;
                    let v = value.trim().strip_prefix('"')?.strip_suffix('"')?;
                    Some((key.to_ascii_lowercase(), v.replace("\\\"", "\"").replace("\\\\", "\\")))
                });
                match header {
                    Some((key, v)) => {
                        if let Some(i) = LinkParts::KEYS.iter().position(|k| *k == key && key != "moves") {
                            values[i] = Some(v);
                        }
                    }
                    None => fault = fault.or(Some(LinkError::Header(i + 1, clip(l, 40)))),
                }
            } else if !l.is_empty() {
                moves.push_str(l);
                moves.push(' ');
            }
        }
        if headers == 0 && moves.is_empty() {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::EmptyRecord));
        }
        values[2] = Some(moves);
        let [rules, setup, moves, line, ply, south, north] = values.each_ref().map(|v| v.as_deref());
        let parts = LinkParts { rules, setup, moves, line, ply, south, north };
        let (game, err) = Game::from_link_parts(&parts);
        (game, err.or(fault))
    }
}

/// The parts of a link, each already percent-decoded.
#[derive(Default)]
struct LinkParts<'a> {
    rules: Option<&'a str>,
    setup: Option<&'a str>,
    moves: Option<&'a str>,
    line: Option<&'a str>,
    ply: Option<&'a str>,
    south: Option<&'a str>,
    north: Option<&'a str>,
}

impl LinkParts<'_> {
    /// The keys, in the order of the fields.
    const KEYS: [&'static str; 7] = ["rules", "setup", "moves", "line", "ply", "south", "north"];
}

impl PartialEq for Game {
    /// The same link: rules, start, tree with comments, line, ply and players.
    fn eq(&self, other: &Game) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Game {}

impl fmt::Display for Game {
    /// The canonical link query: `rules=...[&setup=...][&moves=...][&line=...][&ply=...]`
    /// `[&south=...][&north=...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules={}", self.rules)?;
        if !self.starts_at_rules_start() {
            write!(f, "&setup={}", self.start())?;
        }
        if !self.is_empty() || !self.nodes[0].comment.is_empty() {
            write!(f, "&moves={}", percent_encode(&self.tree_text(false)))?;
            let end = *self.line.last().expect("never empty");
            if self.nodes[end].children.is_empty() && !self.is_main(end) {
                write!(f, "&line={}", self.written_index(end))?;
            }
            if self.ply != self.moves.len() {
                write!(f, "&ply={}", self.ply)?;
            }
        }
        for side in [Player::South, Player::North] {
            let who = *self.players.get(side);
            if who != Opponent::Human {
                let key = if side == Player::South { "south" } else { "north" };
                write!(f, "&{key}={who}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = LinkError;

    /// Strict: any fault is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match Game::from_query_lenient(s) {
            (g, None) => Ok(g),
            (_, Some(e)) => Err(e),
        }
    }
}

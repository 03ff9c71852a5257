//! The tree's text: moves in the family's notation, a side line in parentheses after the move
//! it replaces, a comment in braces after its move (written by [`Game::tree_text`], read back
//! with the faults of a link).

use super::{Game, NodeId, MAX_COMMENT, MAX_MOVES, MAX_NESTING};
use crate::engine::Player;
use crate::notation::{LinkError, TreeFault, MAX_TEXT};

/// One step of the tree in the order it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    Move(NodeId),
    Open,
    Close,
}

impl Game {
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
    pub(super) fn written_nodes(&self) -> Vec<NodeId> {
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
    pub(super) fn read_tree(&mut self, text: &str) -> Result<(), LinkError> {
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
}

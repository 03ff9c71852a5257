//! A game: rules, start position, a tree of moves (the main line and side lines, with
//! comments), the line and ply on screen, and who plays each side. This is what a link and a
//! game record hold.
//!
//! The tree's text is PGN-like: moves in the family's notation, a side line in parentheses
//! after the move it replaces, a comment in braces after its move:
//! `fa(cd{a try})bcde` is the main line `f a b c d e` with `c d` tried instead of `a`.

use super::players::Opponent;
use super::MAX_TEXT;
use crate::engine::{ByPlayer, IllegalMove, Player, Trace};
use crate::families::{AnyMove, AnyPosition, AnyRules};

/// Most moves a record may hold (all its lines together).
pub const MAX_MOVES: usize = 20_000;

/// Deepest nesting of side lines a record may hold.
pub const MAX_NESTING: usize = 64;

/// Longest comment on a move, in characters.
pub const MAX_COMMENT: usize = 500;

/// Most bytes a game record may have (the Share panel's file and paste, the CLI's `open`).
pub const MAX_RECORD: usize = 4 * MAX_TEXT;

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

mod fault;
mod link;
mod record;
mod text;

pub use fault::{LinkError, TreeFault};
pub use link::{percent_decode, percent_encode};

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

    /// Whether the start is the rules' own start position (so a link can leave the setup out).
    pub fn starts_at_rules_start(&self) -> bool {
        *self.start() == self.rules.start()
    }
}

impl PartialEq for Game {
    /// The same link: rules, start, tree with comments, line, ply and players.
    fn eq(&self, other: &Game) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Game {}

//! A position split into subtrees for solvers that do not share a table (processes, or
//! machines): the first plies are played out into a tree (the exact solver's move order at each
//! node, the same position reached twice being one subtree), the subtrees at its leaves are
//! solved apart, and their values are put back together by minimax — the value of the
//! position and of every move at its root, as one solver finds them.
//!
//! Values are absolute, for the side to move at the node: the final difference of the stores
//! (Kalah's exact solver's [`ExactSolver::solve`](crate::families::ExactSolver::solve)). A move
//! that leaves the same side to move (an extra turn) keeps the child's value, any other negates
//! it; a finished game is worth its stores' difference.

use super::{AnyMove, AnyPosition};
use crate::engine::Player;

/// The first plies of a position, and the subtrees at its leaves.
#[derive(Clone, Debug)]
pub struct Split {
    nodes: Vec<Node>,
    /// The positions whose values are asked for, each once.
    pub jobs: Vec<AnyPosition>,
    /// The plies played out.
    pub depth: u32,
}

#[derive(Clone, Debug)]
struct Node {
    turn: Player,
    what: What,
}

#[derive(Clone, Debug)]
enum What {
    /// A finished game: its value.
    Over(i32),
    /// A subtree solved apart: its job.
    Job(usize),
    /// Its moves, and the nodes they lead to.
    Moves(Vec<(AnyMove, usize)>),
}

/// The value of a finished game for the side to move.
fn over_value(pos: &AnyPosition) -> i32 {
    let me = pos.turn();
    pos.store(me) as i32 - pos.store(!me) as i32
}

impl Split {
    /// `root` played out `depth` plies (a finished game stops a line), the leaves left as jobs.
    pub fn new(root: &AnyPosition, depth: u32) -> Split {
        let mut s = Split { nodes: vec![], jobs: vec![], depth };
        s.grow(root, depth);
        s
    }

    /// The shallowest split of `root` with at least `jobs` subtrees (or every leaf of
    /// `most_depth` plies, if fewer).
    pub fn at_least(root: &AnyPosition, jobs: usize, most_depth: u32) -> Split {
        let mut d = 1;
        loop {
            let s = Split::new(root, d);
            if s.jobs.len() >= jobs || d >= most_depth {
                return s;
            }
            d += 1;
        }
    }

    fn grow(&mut self, pos: &AnyPosition, depth: u32) -> usize {
        let at = self.nodes.len();
        let turn = pos.turn();
        let what = if pos.outcome().is_some() {
            What::Over(over_value(pos))
        } else if depth == 0 {
            let job = match self.jobs.iter().position(|j| j == pos) {
                Some(j) => j,
                None => {
                    self.jobs.push(pos.clone());
                    self.jobs.len() - 1
                }
            };
            What::Job(job)
        } else {
            What::Moves(vec![])
        };
        self.nodes.push(Node { turn, what });
        if matches!(self.nodes[at].what, What::Moves(_)) {
            let mut order = pos.solver_root_order();
            if order.is_empty() {
                order = pos.legal_moves();
            }
            let mut children = vec![];
            for mv in order {
                let Ok((next, _)) = pos.play(mv) else { continue };
                children.push((mv, self.grow(&next, depth - 1)));
            }
            self.nodes[at].what = What::Moves(children);
        }
        at
    }
}

/// Beyond any value: a window that every value lies in.
pub const INFINITE: i32 = 10_000;

/// What is known of a job's value: `lo <= value <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// A lower bound.
    pub lo: i32,
    /// An upper bound.
    pub hi: i32,
}

impl Known {
    /// Nothing known yet.
    pub const NOTHING: Known = Known { lo: -INFINITE, hi: INFINITE };

    /// Adds a fail-soft result `v` of a search within `alpha..beta`.
    pub fn learn(&mut self, alpha: i32, beta: i32, v: i32) {
        if v <= alpha {
            self.hi = self.hi.min(v);
        } else if v >= beta {
            self.lo = self.lo.max(v);
        } else {
            (self.lo, self.hi) = (v, v);
        }
    }

    /// What a search within `alpha..beta` would return, if this is enough to say.
    fn within(self, alpha: i32, beta: i32) -> Option<i32> {
        if self.lo == self.hi {
            Some(self.lo)
        } else if self.hi <= alpha {
            Some(self.hi)
        } else if self.lo >= beta {
            Some(self.lo)
        } else {
            None
        }
    }
}

/// A job to search within a window (fail-soft, see [`Known::learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The job.
    pub job: usize,
    /// The window: the value matters only strictly between these.
    pub alpha: i32,
    /// See `alpha`.
    pub beta: i32,
}

impl Split {
    /// The searches that the tree needs next, given what is known of its jobs (empty: every
    /// move at the root has its value). Every move at the root needs its exact value, so its
    /// subtree has the widest window; below, the tree is searched as alpha-beta searches it,
    /// with young brothers waiting: a node's first move is searched alone, and once its value
    /// is known the others at once, each with the window that value leaves (a move proven no
    /// better needs no more than that bound). A job asked for twice gets the window of both.
    pub fn asks(&self, known: &[Known]) -> Vec<Ask> {
        let mut asks: Vec<Ask> = vec![];
        if let What::Moves(children) = &self.nodes[0].what {
            for &(_, c) in children {
                self.need(c, -INFINITE, INFINITE, known, &mut asks);
            }
        } else {
            self.need(0, -INFINITE, INFINITE, known, &mut asks);
        }
        asks
    }

    /// The root's value and its moves' (best first) once [`Split::asks`] is empty.
    ///
    /// # Panics
    /// When some are not known yet.
    pub fn values(&self, known: &[Known]) -> (i32, Vec<(AnyMove, i32)>) {
        let mut asks = vec![];
        let mut moves: Vec<(AnyMove, i32)> = match &self.nodes[0].what {
            What::Moves(children) => children
                .iter()
                .map(|&(mv, c)| {
                    let v = self.need(c, -INFINITE, INFINITE, known, &mut asks).expect("every root move known");
                    (mv, if self.nodes[c].turn == self.nodes[0].turn { v } else { -v })
                })
                .collect(),
            _ => vec![],
        };
        moves.sort_by_key(|m| core::cmp::Reverse(m.1));
        let value = match moves.first() {
            Some(m) => m.1,
            None => self.need(0, -INFINITE, INFINITE, known, &mut asks).expect("known"),
        };
        (value, moves)
    }

    /// Fail-soft alpha-beta over the tree with the jobs' values as far as known: the value of
    /// node `at` within `alpha..beta`, or `None` with the searches it waits for added to
    /// `asks`.
    fn need(&self, at: usize, alpha: i32, beta: i32, known: &[Known], asks: &mut Vec<Ask>) -> Option<i32> {
        match &self.nodes[at].what {
            What::Over(v) => Some(*v),
            What::Job(j) => {
                let v = known[*j].within(alpha, beta);
                if v.is_none() {
                    match asks.iter_mut().find(|a| a.job == *j) {
                        Some(a) => (a.alpha, a.beta) = (a.alpha.min(alpha), a.beta.max(beta)),
                        None => asks.push(Ask { job: *j, alpha, beta }),
                    }
                }
                v
            }
            What::Moves(children) => {
                let turn = self.nodes[at].turn;
                let (mut best, mut a, mut waiting) = (-INFINITE, alpha, false);
                for (i, &(_, c)) in children.iter().enumerate() {
                    let same = self.nodes[c].turn == turn;
                    let r = if same {
                        self.need(c, a, beta, known, asks)
                    } else {
                        self.need(c, -beta, -a, known, asks).map(|v| -v)
                    };
                    let Some(v) = r else {
                        // Young brothers wait for the eldest.
                        if i == 0 {
                            return None;
                        }
                        waiting = true;
                        continue;
                    };
                    best = best.max(v);
                    if best >= beta {
                        return Some(best);
                    }
                    a = a.max(best);
                }
                (!waiting).then_some(best)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{AnyRules, SolveRequest};
    use crate::search::NoHandler;

    /// Split at any depth and put back together from the exact solver's values of the leaves,
    /// the root's value and its moves' are those of the whole position solved at once.
    #[test]
    fn the_leaves_put_back_together_are_the_whole_search() {
        for rules in ["kalah-3-3", "kalah-4-2", "kalah-3-3-e"] {
            let rules: AnyRules = rules.parse().unwrap();
            let root = rules.start();
            let req = SolveRequest::threads(1);
            let mut solver = root.exact_solver(&req).unwrap().unwrap();
            let whole = solver.analyze_moves(&root, None, None, &mut NoHandler).unwrap();
            let mut solve = |p: &AnyPosition| solver.solve(p, &mut NoHandler).unwrap();
            for depth in 1..=3 {
                let split = Split::new(&root, depth);
                let known: Vec<Known> = split.jobs.iter().map(&mut solve).map(|v| Known { lo: v, hi: v }).collect();
                let (value, moves) = split.values(&known);
                assert_eq!(value, whole.value.number(), "{rules} at depth {depth}");
                for m in &whole.moves {
                    let got = moves.iter().find(|x| x.0 == m.mv).unwrap().1;
                    assert_eq!(got, m.value.number(), "{rules} move {} at depth {depth}", m.mv);
                }
            }
            // In rounds with windows: what the tree asks for, searched within its window,
            // until nothing is asked; the same values.
            for depth in 1..=4 {
                let split = Split::new(&root, depth);
                let mut known = vec![Known::NOTHING; split.jobs.len()];
                let (mut rounds, mut searched) = (0, 0);
                loop {
                    let asks = split.asks(&known);
                    if asks.is_empty() {
                        break;
                    }
                    for a in asks {
                        let v = solver.solve_within(&split.jobs[a.job], a.alpha, a.beta, &mut NoHandler).unwrap();
                        known[a.job].learn(a.alpha, a.beta, v);
                        searched += 1;
                    }
                    rounds += 1;
                    assert!(rounds < 100, "{rules}: rounds end");
                }
                let (value, moves) = split.values(&known);
                assert_eq!(value, whole.value.number(), "{rules} in rounds at depth {depth}");
                for m in &whole.moves {
                    assert_eq!(moves.iter().find(|x| x.0 == m.mv).unwrap().1, m.value.number());
                }
                // Windows leave some jobs with a bound only.
                if depth >= 3 {
                    assert!(known.iter().any(|k| k.lo != k.hi), "{rules}: some job needed a bound only");
                }
                assert!(searched > 0);
            }
            let s = Split::at_least(&root, 20, 6);
            assert!(s.jobs.len() >= 20 || s.depth == 6);
            // A position reached twice is one job.
            let mut seen = s.jobs.clone();
            seen.dedup();
            assert_eq!(seen.len(), s.jobs.len());
        }
    }
}

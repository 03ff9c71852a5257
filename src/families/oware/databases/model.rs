//! The rules as the databases play them: a board of bytes seen by the player to move, every
//! pit sown once, what the mover may do. A test checks that the model plays as the engine.

use crate::engine::rank::MAX_PARTS;
use crate::engine::Position;
use crate::families::oware::{Oware, OwareRules, Ruleset};

/// A board seen by the mover: his pits `0..n`, then the opponent's `n..2n`.
pub type MoverBoard = [u8; MAX_PARTS];

/// The board of a position, seen by its side to move.
pub fn board_of(pos: &Oware) -> MoverBoard {
    let n = pos.rules().pits();
    let me = pos.turn();
    let mut b = [0u8; MAX_PARTS];
    for i in 0..n {
        b[i] = pos.pit(me, i).min(255) as u8;
        b[n + i] = pos.pit(!me, i).min(255) as u8;
    }
    b
}

/// The rules as the databases play them, on bytes (see the engine for the rules themselves;
/// a test checks the two agree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Model {
    pub(super) set: Ruleset,
    pub(super) grand_slam_illegal: bool,
    pub(super) n: usize,
}

/// A pit sown: the board after it (not turned round), the seeds captured, and whether it was
/// a grand slam (Oware: played without capture).
#[derive(Clone, Copy, Debug)]
pub(super) struct Sown {
    pub(super) board: MoverBoard,
    pub(super) captured: u8,
    pub(super) slam: bool,
}

/// What the mover of a board can do (on the stack: the first pass makes one a position).
#[allow(clippy::large_enum_variant)]
pub(super) enum Node {
    /// The game is over: the mover's net award.
    Over(i32),
    /// Wari: the mover cannot move and passes.
    Pass,
    /// The legal moves (bit mask) and every sowable pit sown.
    Moves(u32, [Option<Sown>; 12]),
}

impl Model {
    /// The model of a rule set (the seeds a pit at the start do not matter).
    pub fn new(rules: OwareRules) -> Model {
        Model { set: rules.set, grand_slam_illegal: rules.grand_slam_illegal, n: rules.pits() }
    }

    pub(super) fn n2(&self) -> usize {
        2 * self.n
    }

    pub(super) fn side(&self, b: &MoverBoard, opponent: bool) -> u32 {
        let from = if opponent { self.n } else { 0 };
        b[from..from + self.n].iter().map(|&x| x as u32).sum()
    }

    pub(super) fn least(&self) -> u8 {
        if self.set == Ruleset::Wari {
            2
        } else {
            1
        }
    }

    /// The pit that seed `s` (from 0) of a sowing from the mover's pit `o` falls in: Wari sows
    /// from `o` on, into it too; the others skip it.
    pub(super) fn lands(&self, o: usize, s: usize) -> usize {
        let n2 = self.n2();
        if self.set == Ruleset::Wari {
            (o + s % n2) % n2
        } else {
            (o + 1 + s % (n2 - 1)) % n2
        }
    }

    /// Sows the mover's pit `i` and captures as the rules do.
    pub(super) fn sow(&self, b: &MoverBoard, i: usize) -> Sown {
        let n2 = self.n2();
        let wari = self.set == Ruleset::Wari;
        let (mut a, k) = self.spread(b, i);
        let capturable = |a: &MoverBoard, s: usize| (wari || s >= self.n) && matches!(a[s], 2 | 3);
        let (mut s, mut taken, mut len) = (k, 0u32, 0);
        while len < n2 && capturable(&a, s) {
            taken += a[s] as u32;
            len += 1;
            s = (s + n2 - 1) % n2;
        }
        if taken == 0 {
            return Sown { board: a, captured: 0, slam: false };
        }
        let slam = !wari && self.side(&a, true) == taken;
        if slam && self.set == Ruleset::Oware {
            return Sown { board: a, captured: 0, slam };
        }
        let mut s = k;
        for _ in 0..len {
            a[s] = 0;
            s = (s + n2 - 1) % n2;
        }
        Sown { board: a, captured: taken as u8, slam }
    }

    /// Sows the mover's pit `i` (at least one seed), capturing nothing: the board, and the pit
    /// the last seed fell in.
    pub(super) fn spread(&self, b: &MoverBoard, i: usize) -> (MoverBoard, usize) {
        let n2 = self.n2();
        let wari = self.set == Ruleset::Wari;
        let mut a = *b;
        let mut seeds = a[i];
        a[i] = 0;
        let mut k = if wari { (i + n2 - 1) % n2 } else { i };
        while seeds > 0 {
            k += 1;
            if k == n2 {
                k = 0;
            }
            if k == i && !wari {
                continue;
            }
            a[k] += 1;
            seeds -= 1;
        }
        (a, k)
    }

    pub(super) fn expand(&self, b: &MoverBoard) -> Node {
        let n = self.n;
        let least = self.least();
        let mut sown = [None; 12];
        let mut base = 0u32;
        for i in 0..n {
            if b[i] >= least {
                base |= 1 << i;
                sown[i] = Some(self.sow(b, i));
            }
        }
        let mask = |f: &dyn Fn(&Sown) -> bool| {
            (0..n).filter(|&i| sown[i].as_ref().is_some_and(f)).fold(0u32, |m, i| m | 1 << i)
        };
        let keeps = || mask(&|s: &Sown| self.side(&s.board, true) > 0);
        let k = || self.side(b, false) + self.side(b, true);
        let legal = match self.set {
            Ruleset::Wari => {
                if base == 0 {
                    let opponent_can = b[n..2 * n].iter().any(|&x| x >= 2);
                    return if opponent_can { Node::Pass } else { Node::Over(0) };
                }
                base
            }
            Ruleset::Awari => {
                if self.side(b, false) == 0 {
                    return Node::Over(-(k() as i32));
                }
                let keeps = keeps();
                if keeps == 0 {
                    base
                } else {
                    keeps
                }
            }
            Ruleset::Ayo => {
                let keeps = keeps();
                if keeps == 0 {
                    return Node::Over(k() as i32);
                }
                keeps
            }
            Ruleset::Oware => {
                // Feed first; grand slams illegal, one only when every move left is one.
                let mut legal = if self.side(b, true) == 0 { keeps() } else { base };
                if self.grand_slam_illegal {
                    let plain = legal & mask(&|s: &Sown| !s.slam);
                    if plain != 0 {
                        legal = plain;
                    }
                }
                if legal == 0 {
                    return Node::Over(self.side(b, false) as i32 - self.side(b, true) as i32);
                }
                legal
            }
        };
        Node::Moves(legal, sown)
    }

    /// Sowing pit `o` of `p` is a legal move that captures nothing and leaves `r` (not
    /// turned round): an un-move's check. Legality is read from this one sowing where the rules
    /// allow (a move that leaves the opponent seeds, Wari's any move), and from every move of
    /// `p` only where it depends on the others (Awari's "leave him a seed if you can" when this
    /// one does not; Oware's grand slam refused); a test checks it against [`Model::expand`].
    ///
    /// `p` is made from `r` by taking back a sowing of `p[o]` seeds from pit `o` (as
    /// `Databases::predecessors` does), so the sowing leaves `r` unless it captures, which only
    /// its last pit decides: where that pit cannot capture, no sowing is needed (most un-moves:
    /// a fifth of a 20-seed Awari build went to this sowing).
    pub(super) fn unmoves_to(&self, p: &MoverBoard, o: usize, r: &MoverBoard) -> bool {
        let n2 = self.n2();
        let wari = self.set == Ruleset::Wari;
        let c = p[o] as usize;
        let last = self.lands(o, c.saturating_sub(1));
        let (board, slam) = if c > 0 && !((wari || last >= self.n) && matches!(r[last], 2 | 3)) {
            debug_assert_eq!(self.sow(p, o).board[..n2], r[..n2], "{p:?} pit {o}");
            (*r, false)
        } else {
            let s = self.sow(p, o);
            if s.captured > 0 || s.board[..n2] != r[..n2] {
                return false;
            }
            (s.board, s.slam)
        };
        let keeps = self.side(&board, true) > 0;
        let quick = match self.set {
            Ruleset::Wari => Some(true),
            Ruleset::Ayo => Some(keeps),
            Ruleset::Awari => keeps.then_some(true),
            Ruleset::Oware if slam && self.grand_slam_illegal => None,
            Ruleset::Oware => Some(keeps || self.side(p, true) > 0),
        };
        quick.unwrap_or_else(|| matches!(self.expand(p), Node::Moves(legal, _) if legal & (1 << o) != 0))
    }

    /// A board turned round: the opponent's pits first.
    pub(super) fn flip(&self, b: &MoverBoard) -> MoverBoard {
        let mut c = [0u8; MAX_PARTS];
        let n = self.n;
        c[..n].copy_from_slice(&b[n..2 * n]);
        c[n..2 * n].copy_from_slice(&b[..n]);
        c
    }
}

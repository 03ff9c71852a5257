//! Endgame databases of the Oware family by retrograde analysis: the exact value of every
//! position with at most `k` seeds on the board, for Awari, Oware, Ayo and Wari on any board.
//!
//! **What a value is.** A position is a board seen by the player to move (his pits first, then
//! the opponent's: the side to move is folded away, and the seeds already captured do not
//! matter). Its value is the best net number of seeds the mover will still capture or be
//! awarded, minus the opponent's, under perfect play and the rule set's endings. A game that
//! goes round for ever (a repeated position) is worth 0 from there on: Awari shares the seeds
//! left equally and Wari counts them for nobody; Oware's and Ayo's "each takes the seeds on his
//! side" depends on where the players stop, which is not a property of the position, so the
//! databases value endless play as Awari does (the rules cards say so). Oware's "more than
//! half wins" is not applied: it ends a game whose winner is already known, and the databases
//! count every seed to the end. Ayo's "neither player can ever capture, but both players will
//! always have a legal move" ends the game with each player taking his side: the databases
//! find these positions exactly, as the boards of a layer from which no exit (a capture, or
//! a game over) can be reached, going back from every board that has one.
//!
//! **How.** Layer by layer (`k` seeds on the board): a capture always leads to a smaller
//! layer, already solved; moves without capture stay in the layer and can go round in cycles.
//! A first pass plays every move of every position of the layer once: it keeps the best
//! value of the moves that leave the layer (or the value of a finished game) and counts the
//! moves that stay. Then, for t = k down to 1, the positions whose mover can force at least t
//! (W_t) and those whose mover cannot avoid −t or worse (L_t) are grown backwards, by
//! un-moves, from their seeds (an exit worth t; a position whose exits are all worth −t or
//! less once its staying moves all lead into W), the classic retrograde counting of moves:
//! every position is settled once, at its value's level, and what is never settled is
//! worth 0 (its best play goes round for ever, or its best exit is worth 0). Boards are ranked
//! in their layer by the combinatorial number system (no wasted entries), one byte a value.

use crate::families::oware::{Oware, OwareRules, Ruleset};
use crate::engine::Position;

/// Most pits on a board (two rows of twelve).
const SLOTS: usize = 24;

/// A board seen by the mover: his pits `0..n`, then the opponent's `n..2n`.
pub type Board = [u8; SLOTS];

/// The board of a position, seen by its side to move.
pub fn board_of(pos: &Oware) -> Board {
    let n = pos.rules().pits();
    let me = pos.turn();
    let mut b = [0u8; SLOTS];
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
    set: Ruleset,
    grand_slam_illegal: bool,
    n: usize,
}

/// A pit sown: the board after it (not turned round), the seeds captured, and whether it was
/// a grand slam (Oware: played without capture).
#[derive(Clone, Copy, Debug)]
struct Sown {
    board: Board,
    captured: u8,
    slam: bool,
}

/// What the mover of a board can do (on the stack: the first pass makes one a position).
#[allow(clippy::large_enum_variant)]
enum Node {
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

    fn n2(&self) -> usize {
        2 * self.n
    }

    fn side(&self, b: &Board, opponent: bool) -> u32 {
        let from = if opponent { self.n } else { 0 };
        b[from..from + self.n].iter().map(|&x| x as u32).sum()
    }

    fn least(&self) -> u8 {
        if self.set == Ruleset::Wari {
            2
        } else {
            1
        }
    }

    /// Sows the mover's pit `i` and captures as the rules do.
    fn sow(&self, b: &Board, i: usize) -> Sown {
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
        let capturable = |a: &Board, s: usize| (wari || s >= self.n) && matches!(a[s], 2 | 3);
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

    fn expand(&self, b: &Board) -> Node {
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
        let mask = |f: &dyn Fn(&Sown) -> bool| (0..n).filter(|&i| sown[i].as_ref().is_some_and(f)).fold(0u32, |m, i| m | 1 << i);
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
                let legal = if self.side(b, true) == 0 {
                    keeps()
                } else if self.grand_slam_illegal {
                    let plain = mask(&|s: &Sown| !s.slam);
                    if plain == 0 {
                        base
                    } else {
                        plain
                    }
                } else {
                    base
                };
                if legal == 0 {
                    return Node::Over(self.side(b, false) as i32 - self.side(b, true) as i32);
                }
                legal
            }
        };
        Node::Moves(legal, sown)
    }

    /// A board turned round: the opponent's pits first.
    fn flip(&self, b: &Board) -> Board {
        let mut c = [0u8; SLOTS];
        let n = self.n;
        c[..n].copy_from_slice(&b[n..2 * n]);
        c[n..2 * n].copy_from_slice(&b[..n]);
        c
    }
}

/// Ranks and unranks the boards of a layer: every way of putting `k` seeds in `pits` pits, in
/// lexicographic order of the pits (the first varying slowest).
#[derive(Clone, Debug)]
pub struct Ranker {
    pits: usize,
    max_seeds: usize,
    /// binom[a][b] = C(a, b).
    binom: Vec<Vec<u64>>,
    /// before[(i * (K+1) + left) * (K+1) + v]: boards of the layer whose pit i holds fewer
    /// than v seeds, `left` seeds being left for pits i.. (with pits before i fixed).
    before: Vec<u64>,
}

impl Ranker {
    /// A ranker for boards of `pits` pits and layers up to `max_seeds` seeds.
    pub fn new(pits: usize, max_seeds: usize) -> Ranker {
        let size = max_seeds + pits + 1;
        let mut binom = vec![vec![0u64; size + 1]; size + 1];
        for a in 0..=size {
            binom[a][0] = 1;
            for b in 1..=a {
                binom[a][b] = binom[a - 1][b - 1].saturating_add(binom[a - 1][b]);
            }
        }
        let k1 = max_seeds + 1;
        let mut before = vec![0u64; pits * k1 * k1];
        for i in 0..pits.saturating_sub(1) {
            let after = pits - 1 - i;
            for left in 0..=max_seeds {
                let mut acc = 0;
                for v in 0..=left {
                    before[(i * k1 + left) * k1 + v] = acc;
                    acc += binom[left - v + after - 1][after - 1];
                }
            }
        }
        Ranker { pits, max_seeds, binom, before }
    }

    /// Boards with `k` seeds: C(k + pits − 1, pits − 1).
    pub fn layer_size(&self, k: usize) -> u64 {
        self.binom[k + self.pits - 1][self.pits - 1]
    }

    /// The rank of a board in its layer (`board[..pits]`, at most `max_seeds` seeds).
    pub fn rank(&self, board: &[u8]) -> u64 {
        let k1 = self.max_seeds + 1;
        let mut left: usize = board[..self.pits].iter().map(|&x| x as usize).sum();
        let mut r = 0;
        for (i, &pit) in board[..self.pits - 1].iter().enumerate() {
            r += self.before[(i * k1 + left) * k1 + pit as usize];
            left -= pit as usize;
        }
        r
    }

    /// The board of rank `r` in layer `k`.
    pub fn unrank(&self, k: usize, mut r: u64) -> Board {
        let mut board = [0u8; SLOTS];
        let mut left = k;
        for (i, pit) in board.iter_mut().enumerate().take(self.pits - 1) {
            let after = self.pits - 1 - i;
            let mut x = 0;
            loop {
                let count = self.binom[left - x + after - 1][after - 1];
                if r < count {
                    break;
                }
                r -= count;
                x += 1;
            }
            *pit = x as u8;
            left -= x;
        }
        board[self.pits - 1] = left as u8;
        board
    }

    /// The next board of the layer in rank order (false after the last).
    pub fn next(&self, board: &mut Board) -> bool {
        let p = self.pits;
        let mut suffix = board[p - 1] as u32;
        for i in (0..p - 1).rev() {
            if suffix > 0 {
                board[i] += 1;
                for x in &mut board[i + 1..p] {
                    *x = 0;
                }
                board[p - 1] = (suffix - 1) as u8;
                return true;
            }
            suffix += board[i] as u32;
        }
        false
    }
}

/// Positions of every layer up to `seeds` seeds on a board of `pits` pits a side:
/// C(seeds + 2·pits, 2·pits), saturating at `u64::MAX`.
pub fn positions_upto(pits: usize, seeds: usize) -> u64 {
    let slots = 2 * pits as u128;
    let mut c: u128 = 1;
    for i in 1..=slots {
        // C(seeds + i, i) from C(seeds + i − 1, i − 1): exact at each step.
        c = match c.checked_mul(seeds as u128 + i) {
            Some(x) => x / i,
            None => return u64::MAX,
        };
    }
    u64::try_from(c).unwrap_or(u64::MAX)
}

/// A layer's figures, as the CLI prints them and the data file checks them.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LayerStats {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions (boards seen by the mover).
    pub positions: u64,
    /// Won for the mover (value > 0).
    pub won: u64,
    /// Drawn (value 0).
    pub drawn: u64,
    /// Lost for the mover (value < 0).
    pub lost: u64,
    /// The largest value.
    pub largest: i32,
    /// Build time, milliseconds (set by the caller, who has the clock).
    pub millis: f64,
}

/// How a build is going, for a progress line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// The layer being built.
    pub layer: u32,
    /// Positions of that layer done (first pass, then settled).
    pub done: u64,
    /// Positions in that layer.
    pub of: u64,
    /// Bytes held by the databases and the layer's work tables.
    pub bytes: u64,
}

/// Databases built so far: every layer up to [`Endgame::seeds`].
pub struct Endgame {
    rules: OwareRules,
    model: Model,
    ranker: Ranker,
    layers: Vec<Vec<i8>>,
    threads: usize,
}

/// No move leaves the layer.
const NONE: i8 = i8::MIN;

impl Endgame {
    /// Empty databases for these rules, able to grow to `max_seeds` seeds (at most 60).
    pub fn new(rules: OwareRules, max_seeds: usize) -> Endgame {
        let max_seeds = max_seeds.min(60);
        Endgame { rules, model: Model::new(rules), ranker: Ranker::new(2 * rules.pits(), max_seeds), layers: vec![], threads: 0 }
    }

    /// Threads for the first pass of each layer natively (0: every core, at most 8).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }

    /// The rules.
    pub fn rules(&self) -> OwareRules {
        self.rules
    }

    /// Layers built: boards with fewer seeds than this are known.
    pub fn seeds(&self) -> usize {
        self.layers.len()
    }

    /// The most seeds this can be built to.
    pub fn max_seeds(&self) -> usize {
        self.ranker.max_seeds
    }

    /// Positions in layer `k`.
    pub fn layer_size(&self, k: usize) -> u64 {
        self.ranker.layer_size(k)
    }

    /// The values of layer `k` (by rank).
    pub fn layer(&self, k: usize) -> &[i8] {
        &self.layers[k]
    }

    /// Adds a layer built elsewhere (a cache); it must be the next one, of the right size.
    pub fn push_layer(&mut self, values: Vec<i8>) -> Result<(), String> {
        let k = self.layers.len();
        if k > self.ranker.max_seeds || values.len() as u64 != self.ranker.layer_size(k) {
            return Err(format!("layer {k} should hold {} values, not {}", self.ranker.layer_size(k), values.len()));
        }
        self.layers.push(values);
        Ok(())
    }

    /// Bytes held by the values.
    pub fn bytes(&self) -> u64 {
        self.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// The value of a board seen by its mover, if its layer is built.
    pub fn value(&self, board: &Board) -> Option<i32> {
        let k: usize = board[..self.ranker.pits].iter().map(|&x| x as usize).sum();
        self.layers.get(k).map(|l| l[self.ranker.rank(board) as usize] as i32)
    }

    /// The value of a position for its side to move (captures still to come, net), if within
    /// the databases and of these rules (and board size).
    pub fn value_of(&self, pos: &Oware) -> Option<i32> {
        let r = pos.rules();
        if r.set != self.rules.set || r.pits() != self.rules.pits() || r.grand_slam_illegal != self.rules.grand_slam_illegal {
            return None;
        }
        if pos.is_over() {
            return Some(0);
        }
        self.value(&board_of(pos))
    }

    /// Builds the next layer; `progress` is called now and then and stops the build when it
    /// returns false (the layer is then dropped). Returns its figures, or `None` when stopped
    /// or when [`Endgame::max_seeds`] is reached.
    pub fn build_next(&mut self, progress: &mut dyn FnMut(Progress) -> bool) -> Option<LayerStats> {
        let k = self.layers.len();
        if k > self.ranker.max_seeds {
            return None;
        }
        let values = self.solve_layer(k, progress)?;
        let mut s = LayerStats { seeds: k as u32, positions: values.len() as u64, ..LayerStats::default() };
        for &v in &values {
            match v.cmp(&0) {
                core::cmp::Ordering::Greater => s.won += 1,
                core::cmp::Ordering::Equal => s.drawn += 1,
                core::cmp::Ordering::Less => s.lost += 1,
            }
            s.largest = s.largest.max(v as i32);
        }
        self.layers.push(values);
        Some(s)
    }

    /// The first pass over a slice of the layer: for each board, the best exit (or the value
    /// of a finished game) and the number of moves that stay.
    fn first_pass(&self, k: usize, from: u64, best: &mut [i8], count: &mut [u8], progress: &mut dyn FnMut(u64) -> bool) -> bool {
        let mut b = self.ranker.unrank(k, from);
        let m = &self.model;
        for r in 0..best.len() {
            if r > 0 {
                self.ranker.next(&mut b);
            }
            if r & 0xffff == 0xffff && !progress(r as u64) {
                return false;
            }
            match m.expand(&b) {
                Node::Over(v) => {
                    best[r] = v as i8;
                    count[r] = 0;
                }
                Node::Pass => {
                    best[r] = NONE;
                    count[r] = 1;
                }
                Node::Moves(legal, sown) => {
                    let mut top = NONE;
                    let mut stay = 0;
                    for (i, s) in sown.iter().enumerate().take(m.n) {
                        let Some(s) = s else { continue };
                        if legal & (1 << i) == 0 {
                            continue;
                        }
                        if s.captured == 0 {
                            stay += 1;
                        } else {
                            let child = m.flip(&s.board);
                            let v = self.value(&child).expect("a smaller layer is built");
                            top = top.max((s.captured as i32 - v) as i8);
                        }
                    }
                    best[r] = top;
                    count[r] = stay;
                }
            }
        }
        true
    }

    /// Calls `f` with the rank of every board of the layer that reaches `q` by a move that
    /// stays in the layer (a move without capture, or a pass).
    fn predecessors(&self, k: usize, q: &Board, f: &mut impl FnMut(u64)) {
        let m = &self.model;
        let n = m.n;
        let n2 = m.n2();
        // Seen by the previous mover.
        let r = m.flip(q);
        let wari = m.set == Ruleset::Wari;
        // A pass leads here when the one who passed could not move.
        if wari && matches!(m.expand(&r), Node::Pass) {
            f(self.ranker.rank(&r));
        }
        let cycle = if wari { n2 } else { n2 - 1 };
        for o in 0..n {
            if !wari && r[o] != 0 {
                continue;
            }
            for c in m.least() as usize..=k {
                let (full, rem) = (c / cycle, c % cycle);
                let mut p = r;
                let mut ok = true;
                for d in 0..cycle {
                    let j = if wari { (o + d) % n2 } else { (o + 1 + d) % n2 };
                    let got = full + (d < rem) as usize;
                    if (p[j] as usize) < got {
                        ok = false;
                        break;
                    }
                    p[j] -= got as u8;
                }
                if !ok {
                    break;
                }
                if wari && p[o] != 0 {
                    continue;
                }
                p[o] = c as u8;
                if let Node::Moves(legal, sown) = m.expand(&p) {
                    if legal & (1 << o) != 0 {
                        if let Some(s) = sown[o] {
                            if s.captured == 0 && s.board[..n2] == r[..n2] {
                                f(self.ranker.rank(&p));
                            }
                        }
                    }
                }
            }
        }
    }

    fn solve_layer(&self, k: usize, progress: &mut dyn FnMut(Progress) -> bool) -> Option<Vec<i8>> {
        let size = self.ranker.layer_size(k) as usize;
        let below: u64 = self.bytes();
        let mut best = vec![NONE; size];
        let mut count = vec![0u8; size];
        let work = 3 * size as u64;
        let report = |done: u64| Progress { layer: k as u32, done, of: size as u64, bytes: below + work };
        if !self.first_pass_all(k, &mut best, &mut count, &mut |d| progress(report(d / 2))) {
            return None;
        }
        let mut value = vec![0i8; size];
        if self.model.set == Ruleset::Ayo {
            self.end_without_captures(k, &mut best, &mut count, &mut value);
        }
        let mut queue: Vec<u32> = vec![];
        let mut settled = 0u64;
        for t in (1..=k as i32).rev() {
            let ti = t as i8;
            for r in 0..size {
                if value[r] == 0 && (best[r] == ti || (count[r] == 0 && best[r] == -ti)) {
                    value[r] = if best[r] == ti { ti } else { -ti };
                    queue.push(r as u32);
                }
            }
            while let Some(q) = queue.pop() {
                settled += 1;
                if settled & 0xffff == 0 && !progress(report(size as u64 / 2 + settled.min(size as u64) / 2)) {
                    return None;
                }
                let v = value[q as usize];
                let board = self.ranker.unrank(k, q as u64);
                self.predecessors(k, &board, &mut |p| {
                    let p = p as usize;
                    if value[p] != 0 {
                        return;
                    }
                    if v > 0 {
                        count[p] -= 1;
                        if count[p] == 0 && best[p] <= -ti {
                            value[p] = -ti;
                            queue.push(p as u32);
                        }
                    } else {
                        value[p] = ti;
                        queue.push(p as u32);
                    }
                });
            }
        }
        progress(report(size as u64));
        Some(value)
    }

    /// Ayo's "neither player can ever capture, but both players will always have a legal
    /// move": the boards of the layer from which no exit (a capture, or a game over) can be
    /// reached, found by going back from every board with an exit. Each such board is a
    /// finished game, each player taking the seeds on his side: its value is set now, and a
    /// move into it from a board that can still reach an exit counts as an exit.
    fn end_without_captures(&self, k: usize, best: &mut [i8], count: &mut [u8], value: &mut [i8]) {
        let size = best.len();
        let mut reach = vec![0u64; size.div_ceil(64)];
        let marked = |reach: &[u64], r: usize| reach[r / 64] & (1 << (r % 64)) != 0;
        let mut stack: Vec<u32> = vec![];
        for r in 0..size {
            if best[r] == NONE || marked(&reach, r) {
                continue;
            }
            reach[r / 64] |= 1 << (r % 64);
            stack.push(r as u32);
            while let Some(q) = stack.pop() {
                self.predecessors(k, &self.ranker.unrank(k, q as u64), &mut |p| {
                    let p = p as usize;
                    if !marked(&reach, p) {
                        reach[p / 64] |= 1 << (p % 64);
                        stack.push(p as u32);
                    }
                });
            }
        }
        let m = &self.model;
        for r in (0..size).filter(|&r| !marked(&reach, r)) {
            let board = self.ranker.unrank(k, r as u64);
            let v = (m.side(&board, false) as i32 - m.side(&board, true) as i32) as i8;
            value[r] = v;
            best[r] = v;
            count[r] = 0;
            self.predecessors(k, &board, &mut |p| {
                let p = p as usize;
                if marked(&reach, p) {
                    best[p] = best[p].max(-v);
                    count[p] -= 1;
                }
            });
        }
    }

    /// The first pass over the whole layer, on every core natively.
    fn first_pass_all(&self, k: usize, best: &mut [i8], count: &mut [u8], progress: &mut dyn FnMut(u64) -> bool) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let every = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
            let threads = if self.threads == 0 { every } else { self.threads.min(8) };
            if threads > 1 && best.len() > 1 << 16 {
                let chunk = best.len().div_ceil(threads);
                let stop = std::sync::atomic::AtomicBool::new(false);
                let ok = std::thread::scope(|scope| {
                    let mut handles = vec![];
                    let mut rest_b = &mut best[..];
                    let mut rest_c = &mut count[..];
                    let mut from = 0u64;
                    let mut first = None;
                    while !rest_b.is_empty() {
                        let take = chunk.min(rest_b.len());
                        let (b, rb) = rest_b.split_at_mut(take);
                        let (c, rc) = rest_c.split_at_mut(take);
                        rest_b = rb;
                        rest_c = rc;
                        if first.is_none() {
                            first = Some((from, b, c));
                        } else {
                            let stop = &stop;
                            handles.push(scope.spawn(move || {
                                self.first_pass(k, from, b, c, &mut |_| !stop.load(std::sync::atomic::Ordering::Relaxed))
                            }));
                        }
                        from += take as u64;
                    }
                    let (from, b, c) = first.expect("a chunk");
                    let t = threads as u64;
                    let ok = self.first_pass(k, from, b, c, &mut |d| progress(d * t));
                    if !ok {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    handles.into_iter().fold(ok, |acc, h| h.join().expect("no panic") && acc)
                });
                return ok;
            }
        }
        self.first_pass(k, 0, best, count, progress)
    }

    /// Every legal move of a position within the databases with its value for the mover
    /// (captures now, net, and the value of what follows, both as the databases count them:
    /// Oware's "more than half wins" not applied), best first; `None` outside them.
    pub fn move_values(&self, pos: &Oware) -> Option<Vec<(usize, i32)>> {
        self.value_of(pos)?;
        let mut out = vec![];
        if let (false, Node::Moves(legal, sown)) = (pos.is_over(), self.model.expand(&board_of(pos))) {
            for (i, s) in sown.iter().enumerate().take(self.model.n) {
                if let Some(s) = s.filter(|_| legal & (1 << i) != 0) {
                    out.push((i, s.captured as i32 - self.value(&self.model.flip(&s.board))?));
                }
            }
        }
        out.sort_by_key(|&(i, v)| (-v, i));
        Some(out)
    }
}

/// A best line from a position within the databases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves.
    pub moves: Vec<super::OwareMove>,
    /// The line stops because its next position would repeat one of it (endless play).
    pub repeats: bool,
}

impl Endgame {
    /// Can the mover of `b` force a move worth at least `t` within `depth` of his moves (by
    /// an exit, or by staying and leaving the opponent in the same plight)?
    fn forces(&self, b: &Board, t: i32, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        match self.model.expand(b) {
            Node::Over(v) => v >= t,
            Node::Pass => self.cannot_avoid(&self.model.flip(b), t, depth - 1),
            Node::Moves(legal, sown) => (0..self.model.n).any(|i| {
                let Some(s) = sown[i].filter(|_| legal & (1 << i) != 0) else { return false };
                let c = self.model.flip(&s.board);
                if s.captured > 0 {
                    self.value(&c).is_some_and(|v| s.captured as i32 - v >= t)
                } else {
                    self.cannot_avoid(&c, t, depth - 1)
                }
            }),
        }
    }

    /// Does every move of `b`'s mover leave the opponent forcing `t` within `depth`?
    fn cannot_avoid(&self, b: &Board, t: i32, depth: u32) -> bool {
        match self.model.expand(b) {
            Node::Over(v) => v <= -t,
            Node::Pass => self.forces(&self.model.flip(b), t, depth),
            Node::Moves(legal, sown) => (0..self.model.n).all(|i| {
                let Some(s) = sown[i].filter(|_| legal & (1 << i) != 0) else { return true };
                let c = self.model.flip(&s.board);
                if s.captured > 0 {
                    self.value(&c).is_some_and(|v| s.captured as i32 - v <= -t)
                } else {
                    self.forces(&c, t, depth)
                }
            }),
        }
    }

    /// The best move of a position within the databases: a move of the position's value; a
    /// winner's move that makes the quickest progress to his gain (found by a short search:
    /// one byte a position keeps no distances), else a capture, else a move to a position not
    /// yet in `seen`.
    pub fn best_move(&self, pos: &Oware, seen: &[Oware]) -> Option<usize> {
        let moves = self.move_values(pos)?;
        let &(_, top) = moves.first()?;
        let best: Vec<usize> = moves.iter().filter(|m| m.1 == top).map(|m| m.0).collect();
        let here = self.value_of(pos)?;
        if let (true, Node::Moves(_, sown)) = (here > 0, self.model.expand(&board_of(pos))) {
            for depth in 1..=24 {
                for &i in &best {
                    let s = sown[i]?;
                    if s.captured > 0 || self.cannot_avoid(&self.model.flip(&s.board), here, depth - 1) {
                        return Some(i);
                    }
                }
            }
        }
        let fresh = best.iter().copied().find(|&i| {
            let mut next = *pos;
            let e = next.play_unchecked(i);
            e.captured > 0 || next.is_over() || !seen.contains(&next)
        });
        Some(fresh.unwrap_or(best[0]))
    }

    /// The best line from a position, at most `max` moves, stopping at the end of the game
    /// (Ayo's included: no capture can happen again), outside the databases, or before a
    /// position of the line repeats.
    pub fn best_line(&self, pos: &Oware, max: usize) -> Line {
        let mut line = Line::default();
        let mut p = *pos;
        let mut seen = vec![p];
        while line.moves.len() < max && !p.is_over() {
            let Some(i) = self.best_move(&p, &seen) else { break };
            p.play_unchecked(i);
            line.moves.push(super::OwareMove(i as u8));
            if p.captures_impossible() {
                // Ayo: the game ends here, each player taking the seeds on his side.
                break;
            }
            if !p.is_over() && seen.contains(&p) {
                line.repeats = true;
                break;
            }
            seen.push(p);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ByPlayer, Player};
    use crate::families::oware::OwareSetup;
    use std::collections::HashSet;

    fn all_rules(pits: u32) -> Vec<OwareRules> {
        let mut v: Vec<OwareRules> = Ruleset::ALL.iter().map(|&s| OwareRules::new(s, pits, 0, false).unwrap()).collect();
        v.push(OwareRules::new(Ruleset::Oware, pits, 0, true).unwrap());
        v
    }

    /// The engine's position of a board, South to move (finished as the rules say).
    fn engine(rules: OwareRules, b: &Board) -> Oware {
        let n = rules.pits();
        let row = |r: &[u8]| r.iter().map(|&x| x as u32).collect();
        OwareSetup { south: row(&b[..n]), north: row(&b[n..2 * n]), captured: ByPlayer { south: 0, north: 0 }, turn: Player::South }
            .validate(rules)
            .unwrap()
    }

    /// The databases' rules agree with the engine's on every board of the small layers.
    #[test]
    fn the_model_plays_as_the_engine() {
        for pits in [2, 3, 6] {
            for rules in all_rules(pits) {
                let m = Model::new(rules);
                let ranker = Ranker::new(2 * pits as usize, 7);
                for k in 0..=if pits == 6 { 5 } else { 7 } {
                    let mut b = ranker.unrank(k, 0);
                    loop {
                        let pos = engine(rules, &b);
                        // Ayo's positions where no capture can happen again are over at once.
                        assert_eq!(pos.stalled(), rules.set == Ruleset::Ayo && stalled(&m, &b), "{rules} {b:?}");
                        if pos.stalled() {
                            assert!(matches!(m.expand(&b), Node::Moves(..)));
                            if !ranker.next(&mut b) {
                                break;
                            }
                            continue;
                        }
                        match m.expand(&b) {
                            Node::Over(v) => {
                                assert!(pos.is_over(), "{rules} {b:?}");
                                assert_eq!(pos.captured_diff(), v, "{rules} {b:?}");
                            }
                            Node::Pass => assert!(!pos.is_over() && pos.turn() == Player::North, "{rules} {b:?}"),
                            Node::Moves(legal, sown) => {
                                assert!(!pos.is_over() && pos.turn() == Player::South, "{rules} {b:?}");
                                assert_eq!(pos.legal_mask(), legal, "{rules} {b:?}");
                                for mv in pos.legal_moves() {
                                    let i = mv.0 as usize;
                                    let s = sown[i].unwrap();
                                    let mut next = pos;
                                    next.play_unchecked(i);
                                    let child = m.flip(&s.board);
                                    let south = |p: &Oware| p.captured().south as i32 - p.captured().north as i32;
                                    let c = next.captured();
                                    if rules.set == Ruleset::Oware && 2 * c.south.max(c.north) > c.south + c.north + next.board_seeds() {
                                        // Oware's "more than half wins", which the databases
                                        // do not apply.
                                        continue;
                                    }
                                    match m.expand(&child) {
                                        Node::Over(v) => {
                                            assert!(next.is_over(), "{rules} {b:?} {mv}");
                                            assert_eq!(south(&next), s.captured as i32 - v, "{rules} {b:?} {mv}");
                                        }
                                        node => {
                                            let passed = matches!(node, Node::Pass);
                                            assert_eq!(next.turn() == Player::South, passed, "{rules} {b:?} {mv}");
                                            let mut plain = board_of(&next);
                                            if !passed {
                                                plain = m.flip(&plain);
                                            }
                                            assert_eq!(plain[..2 * pits as usize], s.board[..2 * pits as usize], "{rules} {b:?} {mv}");
                                            assert_eq!(south(&next), s.captured as i32, "{rules} {b:?} {mv}");
                                        }
                                    }
                                }
                            }
                        }
                        if !ranker.next(&mut b) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Ayo: no board reachable from `b` is a finished game or has a capturing move (a plain
    /// search of every reachable board).
    fn stalled(m: &Model, b: &Board) -> bool {
        thread_local! {
            static KNOWN: std::cell::RefCell<std::collections::HashMap<(Model, Board), bool>> = Default::default();
        }
        if let Some(&known) = KNOWN.with_borrow(|k| k.get(&(*m, *b)).copied()).as_ref() {
            return known;
        }
        let v = explore(m, b);
        KNOWN.with_borrow_mut(|k| k.insert((*m, *b), v));
        v
    }

    fn explore(m: &Model, b: &Board) -> bool {
        let mut seen = HashSet::from([*b]);
        let mut todo = vec![*b];
        while let Some(b) = todo.pop() {
            let Node::Moves(legal, sown) = m.expand(&b) else { return false };
            for (i, s) in sown.iter().enumerate().take(m.n) {
                let Some(s) = s.filter(|_| legal & (1 << i) != 0) else { continue };
                if s.captured > 0 {
                    return false;
                }
                let c = m.flip(&s.board);
                if seen.insert(c) {
                    todo.push(c);
                }
            }
        }
        true
    }

    /// A plain full-width search of the game as played: a position repeated on the path ends
    /// the game, the seeds left counting for nobody (alpha-beta on the tree of histories).
    fn plain(m: &Model, b: &Board, path: &mut HashSet<Board>, mut alpha: i32, beta: i32) -> i32 {
        if m.set == Ruleset::Ayo && stalled(m, b) {
            return m.side(b, false) as i32 - m.side(b, true) as i32;
        }
        let (legal, sown) = match m.expand(b) {
            Node::Over(v) => return v,
            Node::Pass => {
                let c = m.flip(b);
                return if path.contains(&c) {
                    0
                } else {
                    path.insert(c);
                    let v = -plain(m, &c, path, -beta, -alpha);
                    path.remove(&c);
                    v
                };
            }
            Node::Moves(l, s) => (l, s),
        };
        let mut best = i32::MIN;
        for (i, s) in sown.iter().enumerate().take(m.n) {
            if legal & (1 << i) == 0 {
                continue;
            }
            let s = s.unwrap();
            let c = m.flip(&s.board);
            let v = if s.captured > 0 {
                s.captured as i32 - plain(m, &c, &mut HashSet::from([c]), -99, 99)
            } else if path.contains(&c) {
                0
            } else {
                path.insert(c);
                let v = -plain(m, &c, path, -beta, -alpha);
                path.remove(&c);
                v
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Every position of the small layers of small boards (cycles included) has the value a
    /// plain search of the game gives it.
    #[test]
    fn databases_agree_with_a_plain_search() {
        let mut checked = 0;
        for (pits, seeds) in [(2, 6), (3, 4), (6, 3)] {
            for rules in all_rules(pits) {
                let mut db = Endgame::new(rules, seeds);
                while db.build_next(&mut |_| true).is_some() {}
                assert_eq!(db.seeds(), seeds + 1);
                let m = Model::new(rules);
                for k in 0..=seeds {
                    for r in 0..db.layer_size(k) {
                        let b = db.ranker.unrank(k, r);
                        let want = plain(&m, &b, &mut HashSet::from([b]), -99, 99);
                        assert_eq!(db.value(&b), Some(want), "{rules} {b:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn ranks_are_a_bijection_in_order() {
        let r = Ranker::new(12, 6);
        for k in 0..=4 {
            let n = r.layer_size(k);
            let mut b = r.unrank(k, 0);
            for i in 0..n {
                let u = r.unrank(k, i);
                assert_eq!(u, b);
                assert_eq!(u.iter().map(|&x| x as usize).sum::<usize>(), k);
                assert_eq!(r.rank(&u), i);
                assert_eq!(r.next(&mut b), i + 1 < n);
            }
        }
        assert_eq!(r.layer_size(15 - 9), 12376);
        // The counts of positions with South to move: 15 and 20 seeds at most.
        let r = Ranker::new(12, 20);
        let upto = |k: usize| (0..=k).map(|j| r.layer_size(j)).sum::<u64>();
        assert_eq!((upto(15), upto(20)), (17_383_860, 225_792_840));
        assert_eq!((positions_upto(6, 15), positions_upto(6, 20), positions_upto(6, 18)), (17_383_860, 225_792_840, 86_493_225));
        assert_eq!(positions_upto(12, 60), u64::MAX);
    }
}

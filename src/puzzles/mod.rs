//! Puzzles proven by the solvers (issue 47; the plan is `docs/puzzles-design.md`): a position
//! where exactly one move keeps the best result, then the most resistant defence, then again
//! exactly one move, until nothing is left to find. Everything here is proven by an exact
//! [`MoveOracle`] (the Kalah solver, the Oware family's endgame databases), so a puzzle's every
//! step can be checked again from the oracle alone.

mod generate;
pub mod glicko;
mod record;
pub mod words;

use core::fmt;

use crate::engine::Step as Sown;
use crate::families::{AnyMove, AnyPosition, AnyRules, EndgameDatabases, ExactSolver};
use crate::search::NoHandler;

pub use generate::{generate, oracle_for, Generation, Stream, SEARCH_NODES};
pub use record::{
    finish, plausible, ratings, read, refutation, refutation_of_line, search_depth, verify_file, Puzzle, Refutation,
    FIELDS, FINISH_MOVES, FULL_SCALE, MOST, PLAUSIBLE_DEPTH, RATINGS, RATING_DEPTH, REFUTATION_MOVES,
};

/// The exact value of every legal move of a position, for its side to move: the final
/// difference (stores, or captured seeds) with best play after the move, counted from the
/// start of the game, so that it stays the same along a best line; for a game decided only by
/// who wins, 1 a win and -1 a loss; for a solitaire, 1 still winnable and 0 not. `None` past
/// the oracle's reach.
pub trait MoveOracle {
    /// Every legal move of `pos` with its value for the side to move, in any order.
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>>;

    /// Whether `pos` is within the oracle's reach (the databases' seeds): generation plays on
    /// until a candidate is.
    fn covers(&self, _pos: &AnyPosition) -> bool {
        true
    }

    /// Generation walks along the oracle's best moves (a random one of them at each step)
    /// rather than seeded play: where puzzles are rare among the positions play reaches (a
    /// winning first turn of Dakon-6 is one in 180).
    fn guided(&self) -> bool {
        false
    }

    /// A puzzle from `start` is about to be proven: an oracle whose source depends on where
    /// the puzzle starts ([`BookOracle`]) chooses it here.
    fn begin(&mut self, _start: &AnyPosition) {}

    /// Positions to try as puzzles before seeded play (the opening book's).
    fn starts(&self) -> Vec<AnyPosition> {
        vec![]
    }
}

/// Dakon's first turn as an oracle (Donkers, de Voogt & Uiterwijk's winning openings): a move
/// of the side to move is worth 1 where its turn can still end with fewer counters than a hole
/// holds at the start (n) outside its store — the opponent cannot fill a single hole — and 0
/// where it cannot; within the first turn (the opponent's store empty, South to move).
#[derive(Default)]
pub struct OpeningOracle {
    /// Positions during the turn (the mover to move again) and whether the turn can still win.
    memo: std::collections::HashMap<String, bool>,
}

impl OpeningOracle {
    /// Whether the turn that reached `pos` (a move of `mover`'s) ends, or can still end, in a
    /// winning opening of Dakon-`n`.
    fn wins(&mut self, pos: &AnyPosition, mover: crate::engine::Player, n: u32) -> bool {
        // The turn is over when the other side is to move, the game is over, or the round is
        // (a move that empties the mover's side ends it, and the round's winner starts the
        // next: the same side to move, in a new turn).
        if pos.turn() != mover || pos.outcome().is_some() || opening_holes(pos).is_none() {
            return pos.board_seeds() + pos.store(!mover) < n;
        }
        let key = pos.to_string();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let w = pos.legal_moves().into_iter().any(|m| pos.play(m).is_ok_and(|(q, _)| self.wins(&q, mover, n)));
        self.memo.insert(key, w);
        w
    }
}

/// Holes a side of a Dakon board whose first turn an [`OpeningOracle`] values: the family's
/// own rules (not Sungka's simultaneous start), South to move in the first round's first turn
/// (its setup without a round part), nothing yet in North's store.
pub fn opening_holes(pos: &AnyPosition) -> Option<u32> {
    let first = pos.to_string().split('-').nth(4).is_none();
    let plain =
        first && pos.family() == crate::families::FamilyId::Dakon && !pos.rules().to_string().contains("sungka");
    match pos.layout() {
        crate::families::Layout::TwoRowsWithStores { pits, .. }
            if plain && pos.turn() == crate::engine::Player::South && pos.store(crate::engine::Player::North) == 0 =>
        {
            Some(pits as u32)
        }
        _ => None,
    }
}

impl MoveOracle for OpeningOracle {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        let n = opening_holes(pos)?;
        let mover = pos.turn();
        let mut values = vec![];
        for m in pos.legal_moves() {
            let (q, _) = pos.play(m).ok()?;
            values.push((m, i32::from(self.wins(&q, mover, n))));
        }
        Some(values)
    }

    fn covers(&self, pos: &AnyPosition) -> bool {
        opening_holes(pos).is_some()
    }

    fn guided(&self) -> bool {
        true
    }
}

/// An opening book (`data/book_*.tsv`, proven ahead of time by the exact solver) in front of
/// another oracle: a puzzle that starts in the book is proven by the book alone, so its line
/// stops where the book does (the openings' positions are the solver's slowest); any other by
/// the oracle behind it.
pub struct BookOracle {
    /// The book's text.
    pub book: &'static str,
    /// The rules of the book.
    pub rules: AnyRules,
    /// The oracle behind it.
    pub inner: Box<dyn MoveOracle>,
    /// The puzzle being proven starts in the book.
    in_book: bool,
}

impl BookOracle {
    /// `book` (of `rules`) in front of `inner`.
    pub fn new(book: &'static str, rules: AnyRules, inner: Box<dyn MoveOracle>) -> BookOracle {
        BookOracle { book, rules, inner, in_book: false }
    }

    /// The book's values of `pos`, if it holds it whole.
    fn entry(&self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        crate::families::book::entry(self.book, pos)
    }
}

impl MoveOracle for BookOracle {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        if self.in_book {
            self.entry(pos)
        } else {
            self.inner.move_values(pos)
        }
    }

    fn covers(&self, pos: &AnyPosition) -> bool {
        self.inner.covers(pos)
    }

    fn begin(&mut self, start: &AnyPosition) {
        self.in_book = self.entry(start).is_some();
        self.inner.begin(start);
    }

    fn starts(&self) -> Vec<AnyPosition> {
        let rows = self.book.lines().filter(|l| !l.starts_with('#'));
        rows.filter_map(|l| self.rules.parse_setup(l.split('\t').next()?).ok()).collect()
    }
}

/// The exact solver as an oracle (Kalah): its table and database kept from one position to
/// the next.
pub struct SolverOracle(pub Box<dyn ExactSolver>);

impl MoveOracle for SolverOracle {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        let a = self.0.analyze_moves(pos, None, None, &mut NoHandler).ok()?;
        Some(a.moves.iter().map(|m| (m.mv, m.value.number())).collect())
    }
}

/// Endgame databases as an oracle (the Oware family), within the seeds they were built to.
pub struct DatabasesOracle(pub Box<dyn EndgameDatabases>);

impl MoveOracle for DatabasesOracle {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        self.0.move_values(pos)
    }

    fn covers(&self, pos: &AnyPosition) -> bool {
        self.0.seeds_on_board(pos).is_some_and(|s| s < self.0.seeds())
    }
}

/// The family's own search as an oracle, where it proves every move (the solitaires, the
/// games decided by who moves last: small enough positions), within a node budget a move.
pub struct SearchOracle {
    /// Nodes a position's search may visit before it is given up as out of reach.
    pub nodes: u64,
}

/// Stops a search after so many nodes.
struct Budget(u64);

impl crate::search::SearchHandler<AnyMove> for Budget {
    fn should_stop(&mut self, nodes: u64) -> bool {
        nodes > self.0
    }
    fn on_progress(&mut self, _: &crate::search::Analysis<AnyMove>) {}
}

impl MoveOracle for SearchOracle {
    fn move_values(&mut self, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
        let a = pos.analyze(SEARCH_DEPTH, 16, &mut Budget(self.nodes));
        let proven = !a.moves.is_empty() && a.moves.iter().all(|m| m.exact);
        proven.then(|| a.moves.iter().map(|m| (m.mv, m.value.number())).collect())
    }
}

/// The deepest a [`SearchOracle`] searches.
const SEARCH_DEPTH: u32 = 96;

/// What a puzzle asks the player to keep: the win, in a won position (by any margin), or in
/// a drawn or lost one the best the mover can get (its exact value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win.
    Win,
    /// Hold this value or better (0: the draw).
    Hold(i32),
}

impl Goal {
    /// The goal of a position whose best move is worth `best`.
    pub fn of(best: i32) -> Goal {
        if best > 0 {
            Goal::Win
        } else {
            Goal::Hold(best)
        }
    }

    /// Whether a move worth `value` keeps it.
    pub fn kept_by(self, value: i32) -> bool {
        match self {
            Goal::Win => value > 0,
            Goal::Hold(v) => value >= v,
        }
    }
}

impl fmt::Display for Goal {
    /// "win", "draw", "lose by no more than 4".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Hold(0) => f.write_str("draw"),
            Goal::Hold(v) => write!(f, "lose by no more than {}", -v),
        }
    }
}

/// One step of a solution: the player's move (several where they lead to the same position:
/// any of them is accepted), or the defence's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The moves accepted (the defence's: its one move).
    pub moves: Vec<AnyMove>,
    /// The player's step, not the defence's.
    pub player: bool,
    /// At a player's step, the moves that give the goal up, with their values, in the
    /// position's move order (the defence's: none).
    pub wrong: Vec<(AnyMove, i32)>,
}

/// A proven puzzle's solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// What the player must keep.
    pub goal: Goal,
    /// The start's exact value for the player.
    pub value: i32,
    /// The steps, ending with the player's.
    pub line: Vec<Step>,
}

impl Solution {
    /// The player's steps.
    pub fn player_moves(&self) -> usize {
        self.line.iter().filter(|s| s.player).count()
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAPuzzle {
    /// The game is over.
    Over,
    /// The oracle has no values for it.
    Unknown,
    /// Every move keeps the result: nothing to find.
    Trivial,
    /// More than one move keeps the result, to different positions (how many).
    NotUnique(usize),
}

impl fmt::Display for NotAPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAPuzzle::Over => f.write_str("the game is over"),
            NotAPuzzle::Unknown => f.write_str("its moves' exact values are not known here"),
            NotAPuzzle::Trivial => f.write_str("every move keeps the result: nothing to find"),
            NotAPuzzle::NotUnique(n) => write!(f, "{n} moves keep the result, to different positions"),
        }
    }
}

/// The moves of `values` that keep `goal`, grouped by the position they lead to, in the
/// order of their first move.
fn keeping(pos: &AnyPosition, values: &[(AnyMove, i32)], goal: Goal) -> Vec<Vec<AnyMove>> {
    let mut groups: Vec<(AnyPosition, Vec<AnyMove>)> = vec![];
    for &(mv, _) in values.iter().filter(|(_, v)| goal.kept_by(*v)) {
        let Ok((next, _)) = pos.play(mv) else { continue };
        match groups.iter_mut().find(|(p, _)| *p == next) {
            Some((_, moves)) => moves.push(mv),
            None => groups.push((next, vec![mv])),
        }
    }
    groups.into_iter().map(|(_, moves)| moves).collect()
}

/// The solution of `start` as a puzzle for its side to move, by `oracle`: at the player's
/// steps exactly one move (or moves to one position) keeps the goal; the defence plays its
/// best move (the least value for the player; the first such in the position's move order);
/// the line ends before a step where every move keeps the goal, or more than one does to
/// different positions, or after `most` player moves, or where the game ends, and always
/// with a player's step (`most` is at least 1: the first step is always there).
///
/// # Errors
/// Why `start` is not a puzzle.
pub fn solve(oracle: &mut dyn MoveOracle, start: &AnyPosition, most: usize) -> Result<Solution, NotAPuzzle> {
    if start.outcome().is_some() {
        return Err(NotAPuzzle::Over);
    }
    let player = start.turn();
    let values = values_of(oracle, start).ok_or(NotAPuzzle::Unknown)?;
    let value = values.iter().map(|v| v.1).max().ok_or(NotAPuzzle::Unknown)?;
    let goal = Goal::of(value);
    let mut line: Vec<Step> = vec![];
    let mut pos = start.clone();
    let mut values = Some(values);
    while pos.outcome().is_none() {
        let Some(vals) = values.take().or_else(|| values_of(oracle, &pos)) else { break };
        let step = if pos.turn() == player {
            let groups = keeping(&pos, &vals, goal);
            let all = groups.iter().map(Vec::len).sum::<usize>() == vals.len();
            let done = line.iter().filter(|s| s.player).count();
            match (groups.len(), line.is_empty()) {
                (_, true) if all => return Err(NotAPuzzle::Trivial),
                (n, true) if n > 1 => return Err(NotAPuzzle::NotUnique(n)),
                (1, _) if !all && done < most.max(1) => {
                    let wrong = vals.iter().filter(|v| !goal.kept_by(v.1)).copied().collect();
                    Step { moves: groups.into_iter().next().expect("one group"), player: true, wrong }
                }
                _ => break,
            }
        } else {
            // The defence: its best value is the player's least.
            let mv = first_best(&vals).expect("a legal move");
            Step { moves: vec![mv], player: false, wrong: vec![] }
        };
        pos = pos.play(step.moves[0]).expect("a legal move").0;
        line.push(step);
    }
    while line.last().is_some_and(|s| !s.player) {
        line.pop();
    }
    Ok(Solution { goal, value, line })
}

/// The first move (in the values' order) of the best value: the defence's answer, a
/// refutation's and a finish's next move.
pub(crate) fn first_best(values: &[(AnyMove, i32)]) -> Option<AnyMove> {
    let best = values.iter().map(|v| v.1).max()?;
    values.iter().find(|v| v.1 == best).map(|v| v.0)
}

/// Whether nobody answers the player's moves from `pos`: a solitaire, or Dakon's first turn.
pub(crate) fn alone(pos: &AnyPosition) -> bool {
    pos.family().is_solitaire() || opening_holes(pos).is_some()
}

/// The oracle's values of `pos`, in the position's move order (an oracle may give them in any
/// order: ties are then broken the same way whatever the oracle); `None` unless it values
/// every legal move, and there is one.
pub(crate) fn values_of(oracle: &mut dyn MoveOracle, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
    let values = oracle.move_values(pos)?;
    let legal = pos.legal_moves();
    let ordered: Vec<(AnyMove, i32)> =
        legal.iter().filter_map(|m| values.iter().find(|v| v.0 == *m).copied()).collect();
    (!legal.is_empty() && ordered.len() == legal.len()).then_some(ordered)
}

/// What a solution does, tagged from the engine's traces of its moves (and, for zugzwang,
/// from the oracle's values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Theme {
    /// A move of the player's captures.
    Capture,
    /// The player plays again: a move of the player's earns another turn.
    ExtraTurn,
    /// A move of the player's captures every seed left on the defence's side.
    GrandSlam,
    /// Starving or feeding: a move of the player's sows into the defence's empty side (Oware's
    /// duty to feed), or leaves it empty without capturing there (the defence starves).
    Starving,
    /// Relay sowing: a move of the player's lifts seeds again where its last seed fell, and
    /// goes on sowing (Dakon, Tchouka).
    Relay,
    /// Every move loses something: at the start, passing (the same board, the defence to
    /// move) would be worth more than the best move, were it allowed.
    Zugzwang,
    /// Seeds given away: a player's move after which the defence's answer (its moves until
    /// the player's next) captures and leaves the player's lead in the stores smaller than
    /// before the move, while the result is kept.
    Sacrifice,
    /// Five player moves or more.
    Long,
}

impl Theme {
    /// Every theme, in order.
    pub const ALL: [Theme; 8] = [
        Theme::Capture,
        Theme::ExtraTurn,
        Theme::GrandSlam,
        Theme::Starving,
        Theme::Relay,
        Theme::Zugzwang,
        Theme::Sacrifice,
        Theme::Long,
    ];

    /// Its name in the data files and links.
    pub fn key(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::ExtraTurn => "extra-turn",
            Theme::GrandSlam => "grand-slam",
            Theme::Starving => "starving",
            Theme::Relay => "relay",
            Theme::Zugzwang => "zugzwang",
            Theme::Sacrifice => "sacrifice",
            Theme::Long => "long",
        }
    }
}

/// The seeds on `owner`'s side of `pos` (a board of two rows; 0 for any other).
fn side(pos: &AnyPosition, owner: crate::engine::Player) -> u32 {
    match pos.layout() {
        crate::families::Layout::TwoRowsWithStores { pits, .. } => {
            (0..pits as u16).map(|index| pos.count(crate::engine::Cell::Pit { owner, index })).sum()
        }
        _ => 0,
    }
}

/// What a move of `pos` (its `trace`) does to the other side: (it captured there, the other
/// side is empty once its captures are done, before any seeds are collected at the end).
fn to_the_other_side(pos: &AnyPosition, trace: &crate::engine::Trace) -> (bool, bool) {
    let other = !pos.turn();
    let mut seeds = side(pos, other) as i64;
    let mut captured = false;
    let theirs = |c: &crate::engine::Cell| matches!(c, crate::engine::Cell::Pit { owner, .. } if *owner == other);
    for s in &trace.steps {
        match s {
            Sown::Drop(c) if theirs(c) => seeds += 1,
            Sown::Take(c) if theirs(c) => seeds -= 1,
            Sown::Capture { from, seeds: n, .. } if theirs(from) => {
                seeds -= i64::from(*n);
                captured = true;
            }
            Sown::Collect { .. } => break,
            _ => {}
        }
    }
    (captured, seeds <= 0)
}

/// The themes of `solution`, the solution of `start`, in order (without
/// [`Theme::Zugzwang`], which needs the oracle: [`zugzwang`]).
pub fn themes(start: &AnyPosition, solution: &Solution) -> Vec<Theme> {
    let player = start.turn();
    let lead = |p: &AnyPosition| p.store(player) as i32 - p.store(!player) as i32;
    let two_rows = start.layout().two_sided();
    let mut found = vec![];
    let mut pos = start.clone();
    let captures = |t: &crate::engine::Trace| t.steps.iter().any(|s| matches!(s, Sown::Capture { .. }));
    for (k, step) in solution.line.iter().enumerate() {
        let (next, trace) = pos.play(step.moves[0]).expect("a legal move");
        if step.player {
            if captures(&trace) {
                found.push(Theme::Capture);
            }
            // A solitaire's player always moves again: no theme.
            if next.turn() == player && next.outcome().is_none() && !start.family().is_solitaire() {
                found.push(Theme::ExtraTurn);
            }
            if trace.laps > 1 {
                found.push(Theme::Relay);
            }
            if two_rows {
                let (took, emptied) = to_the_other_side(&pos, &trace);
                if took && emptied {
                    found.push(Theme::GrandSlam);
                }
                let fed = side(&pos, !player) == 0 && !emptied;
                if fed || (emptied && !took) {
                    found.push(Theme::Starving);
                }
            }
            // The defence's answer: its steps of the line until the player's next.
            let (mut answered, mut took) = (next.clone(), false);
            for s in solution.line[k + 1..].iter().take_while(|s| !s.player) {
                let (q, t) = answered.play(s.moves[0]).expect("a legal move");
                took |= captures(&t);
                answered = q;
            }
            if took && lead(&answered) < lead(&pos) {
                found.push(Theme::Sacrifice);
            }
        }
        pos = next;
    }
    if solution.player_moves() >= 5 {
        found.push(Theme::Long);
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// `pos` with the other side to move, where the board's text says whose move it is at its end
/// (Kalah, the Oware family: `…-s`, `…-n`) and the rules take it.
fn passed(pos: &AnyPosition) -> Option<AnyPosition> {
    let text = pos.to_string();
    let flipped = match text.rsplit_once('-')? {
        (board, "s") => format!("{board}-n"),
        (board, "n") => format!("{board}-s"),
        _ => return None,
    };
    pos.rules().parse_setup(&flipped).ok().filter(|q| q.outcome().is_none() && !q.legal_moves().is_empty())
}

/// Whether the puzzle's start is a zugzwang: the player's best move there is worth less than
/// what the same board with the defence to move is worth to the player (every move loses
/// something), by `oracle`'s exact values (games scored by a margin only).
pub fn zugzwang(oracle: &mut dyn MoveOracle, start: &AnyPosition) -> bool {
    if start.value_row().is_some() || start.family().is_solitaire() {
        return false;
    }
    let best =
        |oracle: &mut dyn MoveOracle, p: &AnyPosition| values_of(oracle, p).and_then(|v| v.iter().map(|x| x.1).max());
    let mine = best(oracle, start);
    // The defence's best on the passed board, for the defence: the player's is its negation.
    let theirs = passed(start).and_then(|q| best(oracle, &q));
    matches!((mine, theirs), (Some(mine), Some(theirs)) if -theirs > mine)
}

/// The move a one-ply greedy player picks in `pos`: the most seeds into its store at once,
/// then one that plays again; the first such in the position's move order; `None` where no
/// move gains a seed or a turn (greed has nothing to go by).
pub fn greedy(pos: &AnyPosition) -> Option<AnyMove> {
    let me = pos.turn();
    let gain = |mv: AnyMove| {
        pos.play(mv)
            .ok()
            .map(|(q, _)| (q.store(me) as i64 - pos.store(me) as i64, q.turn() == me && q.outcome().is_none()))
    };
    let mut best: Option<(AnyMove, (i64, bool))> = None;
    for mv in pos.legal_moves() {
        if let Some(g) = gain(mv) {
            if best.is_none_or(|(_, b)| g > b) {
                best = Some((mv, g));
            }
        }
    }
    best.filter(|b| b.1 > (0, false)).map(|b| b.0)
}

#[cfg(test)]
mod tests;

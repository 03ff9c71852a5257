//! Puzzles from seeded play, deterministic for a seed, and the exact source each family's
//! puzzles are proven by.

use super::{BookOracle, DatabasesOracle, MoveOracle, OpeningOracle, Puzzle, SearchOracle, SolverOracle};
use crate::families::{AnyMove, AnyPosition, AnyRules, SolveRequest};
use crate::search::NoHandler;

/// A seeded stream of numbers (xorshift64, started from the seed's SplitMix64, so that every
/// seed has its own stream): the candidates' random play, the same for a seed everywhere.
#[derive(Clone, Debug)]
pub struct Stream(u64);

impl Stream {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Stream {
        // A xorshift state must not be 0.
        Stream(crate::engine::splitmix(seed).max(1))
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// How [`generate`] looks for puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generation {
    /// Puzzles wanted.
    pub count: usize,
    /// The seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// The candidates are this many moves from the start, at least and at most (then more,
    /// until the oracle covers them).
    pub plies: (u32, u32),
    /// Candidate positions looked at, at most.
    pub tries: usize,
    /// Player moves a solution has at most.
    pub most: usize,
}

/// Moves played past `plies` at most, looking for a position the oracle covers.
const FURTHEST: u32 = 400;

/// The worst start value a generated puzzle may have: a win, a draw to hold, or a loss of at
/// most 2 seeds to keep that small (a position lost by 20 teaches little).
pub const WORST: i32 = -2;

/// Up to `g.count` puzzles from `start`, proven by `oracle`: first the oracle's own
/// [`MoveOracle::starts`] (an opening book's positions) that are puzzles, then positions of
/// seeded play: random moves mixed with a short search's, played on until the oracle covers
/// the position; their start's value [`WORST`] or better.
/// The same seed gives the same puzzles. `found` hears of each puzzle (the puzzles so far and
/// the candidates tried).
pub fn generate(
    start: &AnyPosition,
    oracle: &mut dyn MoveOracle,
    g: Generation,
    found: &mut dyn FnMut(usize, usize),
) -> Vec<Puzzle> {
    let Generation { count, seed, plies, tries, most } = g;
    let mut rng = Stream::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut puzzles = vec![];
    for (tried, pos) in oracle.starts().into_iter().enumerate() {
        if puzzles.len() >= count || !seen.insert(pos.to_string()) || pos.outcome().is_some() {
            continue;
        }
        if let Some(p) = candidate(oracle, &pos, most) {
            puzzles.push(p);
            found(puzzles.len(), tried + 1);
        }
    }
    for tried in 1..=tries {
        if puzzles.len() >= count {
            break;
        }
        let span = plies.1.saturating_sub(plies.0) as usize;
        let at_least = plies.0 + rng.below(span + 1) as u32;
        let mut pos = start.clone();
        let mut played = 0;
        while played < at_least + FURTHEST && (played < at_least || !oracle.covers(&pos)) {
            let next = if oracle.guided() { guided_move(oracle, &pos, &mut rng) } else { seeded_move(&pos, &mut rng) };
            let Some(next) = next else { break };
            pos = next;
            played += 1;
        }
        if pos.outcome().is_some() || !oracle.covers(&pos) || !seen.insert(pos.to_string()) {
            continue;
        }
        if let Some(p) = candidate(oracle, &pos, most) {
            puzzles.push(p);
            found(puzzles.len(), tried);
        }
    }
    puzzles
}

/// The puzzle of `pos` by `oracle`, unless its start is worse than [`WORST`] or it is none.
fn candidate(oracle: &mut dyn MoveOracle, pos: &AnyPosition, most: usize) -> Option<Puzzle> {
    oracle.begin(pos);
    // Too far lost is not wanted: one valuation says so before the whole proof.
    let best = super::values_of(oracle, pos).and_then(|v| v.iter().map(|m| m.1).max());
    if best.is_none_or(|b| b < WORST) {
        return None;
    }
    Puzzle::of(oracle, pos, most).ok()
}

/// The position after a seeded move of `pos`: two times in three a short search's (a table of
/// 1 MiB is plenty at depth 2), so that the games stay close, else a random move; `None` when
/// the game is over.
fn seeded_move(pos: &AnyPosition, rng: &mut Stream) -> Option<AnyPosition> {
    let moves = pos.legal_moves();
    if moves.is_empty() || pos.outcome().is_some() {
        return None;
    }
    let mv = if rng.below(3) > 0 {
        pos.analyze(2, 1, &mut NoHandler).moves.first().map_or(moves[0], |m| m.mv)
    } else {
        moves[rng.below(moves.len())]
    };
    pos.play(mv).ok().map(|(q, _)| q)
}

/// The position after a random one of the moves `oracle` values best at `pos`; `None` past the
/// oracle's reach.
fn guided_move(oracle: &mut dyn MoveOracle, pos: &AnyPosition, rng: &mut Stream) -> Option<AnyPosition> {
    let values = super::values_of(oracle, pos)?;
    let best = values.iter().map(|v| v.1).max()?;
    let moves: Vec<AnyMove> = values.iter().filter(|v| v.1 == best).map(|v| v.0).collect();
    pos.play(moves[rng.below(moves.len())]).ok().map(|(q, _)| q)
}

/// Nodes a [`SearchOracle`] gives one position.
pub const SEARCH_NODES: u64 = 4_000_000;

/// The exact source of `rules`' puzzles: Dakon's first turn ([`OpeningOracle`]), the family's
/// exact solver (Kalah, its sizes its own choice for the start; behind the opening book where
/// one is shipped, whose positions are tried first), else its endgame databases built to `db_seeds` seeds (`layer` hears
/// of each layer built), else its own search where it proves every move.
///
/// # Errors
/// A solver that refuses the rules, in words.
pub fn oracle_for(
    rules: &AnyRules,
    db_seeds: usize,
    layer: &mut dyn FnMut(usize),
) -> Result<Box<dyn MoveOracle>, String> {
    if super::opening_holes(&rules.start()).is_some() {
        return Ok(Box::new(OpeningOracle::default()));
    }
    if let Some(solver) = rules.start().exact_solver(&SolveRequest::threads(1)) {
        let solver = Box::new(SolverOracle(solver.map_err(|e| e.to_string())?));
        return Ok(match crate::families::book::shipped(rules) {
            Some(book) => Box::new(BookOracle::new(book, *rules, solver)),
            None => solver,
        });
    }
    if let Some(mut db) = rules.endgame_databases(db_seeds) {
        while db.seeds() <= db_seeds {
            if db.build_next(&mut |_| true).is_none() {
                break;
            }
            layer(db.seeds() - 1);
        }
        return Ok(Box::new(DatabasesOracle(db)));
    }
    Ok(Box::new(SearchOracle { nodes: SEARCH_NODES }))
}

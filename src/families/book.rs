//! Opening books: positions proven once, ahead of time, by the exact solver (`mancala-lab book`),
//! shipped with the page so that the perfect player answers the long openings at once instead
//! of thinking for a minute. A book is a data file (`data/book_*.tsv`): a line a position, its
//! setup as in links, then the exact value of every legal move for the side to move, best first
//! (`c +8 f +4 d -2`).

use crate::engine::Value;
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::search::{Analysis, MoveValue};

/// The books shipped, by rules id.
const SHIPPED: &[(&str, &str)] = &[("kalah-6-4", include_str!("../../data/book_kalah_6_4.tsv"))];

/// The book shipped for `rules`, if any.
pub fn shipped(rules: &AnyRules) -> Option<&'static str> {
    let id = rules.to_string();
    SHIPPED.iter().find(|(r, _)| *r == id).map(|(_, text)| *text)
}

/// The book's moves of one line: `c +8 f +4`, read on `pos` (their legality checked).
fn read_moves(pos: &AnyPosition, text: &str) -> Option<Vec<(AnyMove, i32)>> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.is_empty() || parts.len() % 2 != 0 {
        return None;
    }
    let legal = pos.legal_moves();
    let mut moves = vec![];
    for pair in parts.chunks(2) {
        let mv = pos.parse_move(pair[0]).ok().filter(|m| legal.contains(m))?;
        let value = pair[1].parse::<i32>().ok()?;
        moves.push((mv, value));
    }
    Some(moves)
}

/// What `book` (a book's text) says of `pos`: every move's proven value, best first, as the
/// exact solver's analysis would, with the best line as far as the book follows it. `None` if
/// the book does not hold the position, or holds it damaged (a move not legal there, a value
/// unread, a move missing, the first move not the best).
pub fn lookup(book: &str, pos: &AnyPosition) -> Option<Analysis<AnyMove>> {
    let moves = entry(book, pos)?;
    let best = moves[0];
    // The best line: the book's best move, then the book's best move of each position after
    // it, while the book holds them (perfect play on both sides).
    let mut best_line = vec![best.0];
    let mut at = pos.play(best.0).ok()?.0;
    while best_line.len() < 60 {
        let Some(next) = entry(book, &at) else { break };
        best_line.push(next[0].0);
        at = at.play(next[0].0).ok()?.0;
    }
    Some(Analysis {
        depth: best_line.len() as u32,
        stopped: None,
        nodes: 0,
        value: Value::Margin(best.1),
        exact: true,
        moves: moves.iter().map(|&(mv, v)| MoveValue { mv, value: Value::Margin(v), exact: true }).collect(),
        best_line,
    })
}

/// The book's line of `pos`, whole and sound: every legal move's value, best first (the
/// puzzles' `BookOracle` reads it so).
pub fn entry(book: &str, pos: &AnyPosition) -> Option<Vec<(AnyMove, i32)>> {
    let setup = pos.to_string();
    let line = book.lines().find_map(|l| l.strip_prefix(setup.as_str())?.strip_prefix('\t'))?;
    let moves = read_moves(pos, line)?;
    let best = *moves.first()?;
    // Best first, and every legal move there: a book line is whole or it is not trusted.
    (!moves.iter().any(|m| m.1 > best.1) && moves.len() == pos.legal_moves().len()).then_some(moves)
}

/// A book line: the position's setup and its moves' values, best first.
pub fn line(pos: &AnyPosition, a: &Analysis<AnyMove>) -> String {
    let moves: Vec<String> = a.moves.iter().map(|m| format!("{} {:+}", m.mv, m.value.number())).collect();
    format!("{pos}\t{}", moves.join(" "))
}

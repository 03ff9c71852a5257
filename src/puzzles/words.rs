//! A puzzle in plain words, generated from its values and the engine's traces: the task
//! ("South to move and win"), what a move gives up, and what happens along a line ("North
//! replies b: captures 6 from your d, and plays again").

use super::{Goal, Puzzle, Refutation};
use crate::engine::{Cell, Outcome, Player, Step as Sown};
use crate::families::{AnyMove, AnyPosition};

/// What kind of values a position's family has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// A margin of seeds (Kalah, the Oware family).
    Margin,
    /// Won or lost, by who moves last (1 or -1).
    Decided,
    /// A solitaire: still winnable (1) or not (0).
    Solitaire,
    /// Dakon's first turn: it can still win the game at once (1) or not (0).
    Opening,
}

impl Scale {
    /// The scale of a puzzle from `pos`: a Dakon puzzle is an opening's (its first turn's
    /// winning sequence), else [`Scale::of`].
    pub fn of_puzzle(pos: &AnyPosition) -> Scale {
        if super::opening_holes(pos).is_some() {
            Scale::Opening
        } else {
            Scale::of(pos)
        }
    }

    /// The scale of `pos`'s family's values (a game's: Dakon's a margin).
    pub fn of(pos: &AnyPosition) -> Scale {
        if pos.family().is_solitaire() {
            Scale::Solitaire
        } else if pos.value_row().is_some() {
            Scale::Decided
        } else {
            Scale::Margin
        }
    }

    /// A value on this scale for the player, in words: "wins by 4", "draws", "loses by 2";
    /// "wins", "loses"; "can still be won", "can no longer be won".
    pub fn value(self, v: i32) -> String {
        match (self, v) {
            (Scale::Margin, 0) => "draws".to_string(),
            (Scale::Margin, v) if v > 0 => format!("wins by {v}"),
            (Scale::Margin, v) => format!("loses by {}", -v),
            (Scale::Decided, v) => if v > 0 { "wins" } else { "loses" }.to_string(),
            (Scale::Solitaire, v) => if v > 0 { "can still be won" } else { "can no longer be won" }.to_string(),
            (Scale::Opening, v) => if v > 0 { "wins in this turn" } else { "cannot win in this turn" }.to_string(),
        }
    }

    /// The same, said to the player: "you win by 4", "you draw", "you lose by 2"; "you win",
    /// "you lose"; "the board can still be cleared", "the board can no longer be cleared".
    pub fn to_you(self, v: i32) -> String {
        match (self, v) {
            (Scale::Margin, 0) => "you draw".to_string(),
            (Scale::Margin, v) if v > 0 => format!("you win by {v}"),
            (Scale::Margin, v) => format!("you lose by {}", -v),
            (Scale::Decided, v) => if v > 0 { "you win" } else { "you lose" }.to_string(),
            (Scale::Solitaire, v) => {
                if v > 0 { "the board can still be cleared" } else { "the board can no longer be cleared" }.to_string()
            }
            (Scale::Opening, v) => {
                if v > 0 { "this turn still wins the game" } else { "this turn can no longer win the game" }.to_string()
            }
        }
    }
}

/// The task: "South to move and win", "North to move: draw", "Left to move and win", "Sow
/// until every seed is home".
pub fn task(p: &Puzzle) -> String {
    let who = p.start.player_name(p.start.turn());
    match (Scale::of_puzzle(&p.start), p.solution.goal) {
        (Scale::Solitaire, _) if p.solution.player_moves() == 1 => {
            "Find the move that keeps the board clearable".to_string()
        }
        (Scale::Solitaire, _) => "Find the moves that keep the board clearable".to_string(),
        (Scale::Opening, _) => format!(
            "{who} to move: win in this turn (leave fewer than {} seeds outside your store)",
            super::opening_holes(&p.start).unwrap_or(0)
        ),
        (_, Goal::Win) => format!("{who} to move and win"),
        (_, Goal::Hold(0)) => format!("{who} to move and hold the draw"),
        (_, Goal::Hold(v)) => format!("{who} to move and lose by at most {}", -v),
    }
}

/// What the move `mv` of `pos` does, from the point of view of `me` (the puzzle's player):
/// "relays twice", "captures 6 from your d", "an extra turn", "South wins the game", joined
/// by commas;
/// empty where it only sows. `None` if it is not legal.
pub fn effects(pos: &AnyPosition, mv: AnyMove, me: Player) -> Option<String> {
    let (next, trace) = pos.play(mv).ok()?;
    let two_rows = Scale::of(pos) == Scale::Margin;
    let mover = pos.turn();
    let mut said = vec![];
    // Relay sowing: each lap after the first lifts the pit its last seed fell in.
    match trace.laps {
        0 | 1 => {}
        2 => said.push("relays once".to_string()),
        n => said.push(format!("relays {} times", n - 1)),
    }
    let mut taken = vec![];
    for s in &trace.steps {
        if let Sown::Capture { from, seeds, .. } = s {
            taken.push((*from, *seeds));
        }
    }
    let total: u32 = taken.iter().map(|t| t.1).sum();
    if total > 0 {
        let whose = |c: Cell| match c {
            Cell::Pit { owner, index } if two_rows => {
                let owner = if owner == me { "your".to_string() } else { format!("{}'s", pos.player_name(owner)) };
                Some(format!("{owner} {}", crate::engine::pit_letter(index)))
            }
            _ => None,
        };
        // The mover's own pits (Kalah's capturing seed) go unnamed: what it takes is named.
        let theirs = |c: &Cell| !matches!(c, Cell::Pit { owner, .. } if *owner == mover);
        let places: Vec<(String, u32)> =
            taken.iter().filter(|t| theirs(&t.0)).filter_map(|t| whose(t.0).map(|w| (w, t.1))).collect();
        let from_them: u32 = places.iter().map(|p| p.1).sum();
        let names: Vec<&str> = places.iter().map(|p| p.0.as_str()).collect();
        said.push(match (places.is_empty(), from_them == total) {
            (true, _) => format!("captures {}", seeds(total)),
            (false, true) => format!("captures {} from {}", seeds(total), names.join(" and ")),
            (false, false) => format!("captures {}, {from_them} of them from {}", seeds(total), names.join(" and ")),
        });
    }
    match next.outcome() {
        Some(o) => said.push(ending(&next, o)),
        None if next.turn() == mover && pos.family().is_solitaire() => {}
        None if next.turn() == mover => said.push("an extra turn".to_string()),
        None => {}
    }
    Some(said.join(", "))
}

/// What is said once a puzzle's line is played to `end`: nothing where the game or the turn is
/// over; in a solitaire or an opening, that the goal still holds and how the rest goes (the
/// line stops where more than one move keeps it, or only one move is left); in a game of two,
/// what best play from there ends in.
pub fn solved(p: &Puzzle, end: &AnyPosition) -> String {
    let scale = Scale::of_puzzle(&p.start);
    let rest = if end.legal_moves().len() == 1 { "the rest is forced" } else { "more than one move keeps it" };
    let rest = match p.finish.len() {
        0 => rest.to_string(),
        1 => format!("{rest} (1 more move to the end)"),
        n => format!("{rest} ({n} more moves to the end)"),
    };
    match scale {
        _ if end.outcome().is_some() => String::new(),
        // A game of two goes on: what best play from here ends in.
        Scale::Margin | Scale::Decided => {
            format!("The game goes on from here: with best play {}.", scale.to_you(p.solution.value))
        }
        // The turn over: the other side to move, or (Dakon) a new round.
        _ if end.turn() != p.start.turn() => String::new(),
        Scale::Opening if super::opening_holes(end).is_none() => String::new(),
        Scale::Solitaire => format!("The board can still be cleared from here: {rest}."),
        Scale::Opening => format!("This turn still wins from here: {rest}."),
    }
}

/// "1 seed", "6 seeds".
pub fn seeds(n: u32) -> String {
    if n == 1 {
        "1 seed".to_string()
    } else {
        format!("{n} seeds")
    }
}

/// How the game ended, in words.
fn ending(pos: &AnyPosition, o: Outcome) -> String {
    match o {
        Outcome::Win(p) => format!("{} wins the game", pos.player_name(p)),
        Outcome::Draw => "the game is drawn".to_string(),
        Outcome::Solved => "the board is clear".to_string(),
        Outcome::Stuck => "no move is left".to_string(),
    }
}

/// A line of moves from `pos` in words, one sentence a move: "North replies b: captures 6
/// from your d." (`me`: the puzzle's player, addressed as "you").
pub fn line(pos: &AnyPosition, moves: &[AnyMove], me: Player) -> Vec<String> {
    line_after(pos, moves, me, None)
}

/// [`line`] after a move of `last` (its mover plays "then").
pub fn line_after(pos: &AnyPosition, moves: &[AnyMove], me: Player, mut last: Option<Player>) -> Vec<String> {
    let mut out = vec![];
    let mut q = pos.clone();
    for &mv in moves {
        let Some(said) = effects(&q, mv, me) else { break };
        let mover = q.turn();
        let who = if mover == me { "You".to_string() } else { q.player_name(mover).to_string() };
        let verb = match (mover == me, last == Some(mover)) {
            (true, true) => "then play",
            (false, true) => "then plays",
            (true, false) => "play",
            (false, false) => "replies",
        };
        let head = format!("{who} {verb} {mv}");
        out.push(if said.is_empty() { format!("{head}.") } else { format!("{head}: {said}.") });
        last = Some(mover);
        q = q.play(mv).expect("a legal move").0;
    }
    out
}

/// Why the wrong move `r` of `pos` is wrong, in words: what it gives up (with what the move
/// itself does), then its refutation. "d (an extra turn) gives the win away: with best play
/// you lose by 2. You then play a. North replies b: captures 6 seeds from your d."
pub fn refuted(pos: &AnyPosition, r: &Refutation, goal: Goal) -> String {
    // Any win keeps a puzzle's goal: a wrong move's value is 0 or less.
    let best = match goal {
        Goal::Win => 1,
        Goal::Hold(v) => v,
    };
    worse_on(Scale::of_puzzle(pos), pos, r, best)
}

/// Why the move `r` of `pos` is worse than a best move worth `best` (its value `r.value`, both
/// for the side to move), as the play page's hint panel says it: what it gives up, then best
/// play after it in the page's own words for a move ("c is 2 seeds worse than the best move:
/// with best play you win by 1. North plays e, captures 3."), so that the page's first
/// download carries none of the puzzles' words for a move.
pub fn worse_in_game(pos: &AnyPosition, r: &Refutation, best: i32) -> String {
    let mut text = gives(Scale::of(pos), &r.mv.to_string(), best, r.value);
    let Ok((mut q, _)) = pos.play(r.mv) else { return text };
    for &m in &r.line {
        let Ok((next, trace)) = q.play(m) else { break };
        text.push(' ');
        text += &q.describe_move(m, &trace, &next);
        text.push('.');
        q = next;
    }
    text
}

/// What the move `mv` (as it is to be named) gives up, worth `value` where the best is worth
/// `best`, on `scale`: "d gives the win away: with best play you lose by 2."
fn gives(scale: Scale, mv: &str, best: i32, value: i32) -> String {
    // The win or the draw given away; else the seeds it costs against the best move.
    let given = if best > 0 && value <= 0 {
        Some("the win")
    } else if best == 0 && value < 0 {
        Some("the draw")
    } else {
        None
    };
    match scale {
        Scale::Solitaire => format!("After {mv} the board can no longer be cleared."),
        Scale::Opening => format!("After {mv} this turn can no longer win the game."),
        _ => match given {
            Some(g) => format!("{mv} gives {g} away: with best play {}.", scale.to_you(value)),
            None => format!(
                "{mv} is {} worse than the best move: with best play {}.",
                seeds((best - value).unsigned_abs()),
                scale.to_you(value)
            ),
        },
    }
}

/// Why the move `r` of `pos` is worse than a best move worth `best`, in the puzzles' words on
/// `scale`: what it gives up (with what the move itself does), then its refutation.
fn worse_on(scale: Scale, pos: &AnyPosition, r: &Refutation, best: i32) -> String {
    let me = pos.turn();
    let why = why_lost(pos, r.mv);
    // Where the rules say why, "no move is left" is said there, not beside the move.
    let effects = effects(pos, r.mv, me).map(|e| {
        let kept: Vec<&str> = e.split(", ").filter(|x| why.is_none() || *x != "no move is left").collect();
        kept.join(", ")
    });
    let mv = match effects.filter(|e| !e.is_empty()) {
        Some(e) => format!("{} ({e})", r.mv),
        None => r.mv.to_string(),
    };
    let mut text = gives(scale, &mv, best, r.value);
    if let Some(why) = why {
        text.pop();
        text = format!("{text}: {why}.");
    }
    let Ok((after, _)) = pos.play(r.mv) else { return text };
    // The line goes on from the wrong move: "You then play a" where it earned another turn.
    for sentence in line_after(&after, &r.line, me, Some(me)) {
        text.push(' ');
        text += &sentence;
    }
    // A line cut at the defence's capture (or its length) stops before the game's end.
    let mut end = after;
    for &m in &r.line {
        let Ok((next, _)) = end.play(m) else { break };
        end = next;
    }
    if !r.line.is_empty() && end.outcome().is_none() {
        text += " The line stops there; best play goes on from it to that result.";
    }
    text
}

/// What is said once an opening's finish is played to `end`: the turn over with the seeds
/// left outside the store, a winning opening; nothing for a solitaire (its last move says the
/// board is clear) or a game of two.
pub fn finished(p: &Puzzle, end: &AnyPosition) -> String {
    let Some(n) = super::opening_holes(&p.start) else { return String::new() };
    let other = !p.start.turn();
    let left = end.board_seeds() + end.store(other);
    format!(
        "The turn is over with {} outside your store, fewer than {n}: a winning opening ({} cannot fill a pit).",
        seeds(left),
        p.start.player_name(other)
    )
}

/// Why the move `mv` of `pos` loses a solitaire or Dakon's winning first turn, from the rules
/// and the move's trace: Tchoukaillon's pit overfilled, a last seed in an empty pit (the
/// solitaire lost, or the turn over with the seeds left outside the store), or every way
/// on failing; `None` for the games of two.
pub fn why_lost(pos: &AnyPosition, mv: AnyMove) -> Option<String> {
    let (next, trace) = pos.play(mv).ok()?;
    let mover = pos.turn();
    if pos.family() == crate::families::FamilyId::Tchoukaillon {
        // Proposition 4: the smallest harvestable pit is the only winning move. Any other
        // harvest sows a seed into it, and a pit only gains seeds until it is harvested.
        let pit = |i: u16| Cell::Pit { owner: Player::South, index: i };
        let i = (0u16..).take_while(|&i| i < 255).find(|&i| pos.count(pit(i)) == u32::from(i) + 1)?;
        let n = u32::from(i) + 1;
        return Some(format!(
            "pit {n} now holds {}, one more than {n}; a pit is harvested only with exactly as many seeds as its number, \
             and it can only gain seeds until then, so those never reach the Roumba",
            seeds(next.count(pit(i)))
        ));
    }
    let turn_over = next.turn() != mover || next.outcome().is_some();
    if pos.family().is_solitaire() {
        return Some(if next.outcome() == Some(Outcome::Stuck) {
            format!(
                "its last seed falls in an empty pit, which ends the game with {} on the board",
                seeds(next.board_seeds())
            )
        } else {
            "its last seed reaches the Roumba, but every way on drops a last seed in an empty pit before the board is clear"
                .to_string()
        });
    }
    let n = super::opening_holes(pos)?;
    if !turn_over {
        return Some(format!(
            "its last seed falls in your store, but every way on ends the turn with {n} or more seeds outside it"
        ));
    }
    let taken: u32 = trace.steps.iter().map(|s| if let Sown::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
    let left = next.board_seeds() + next.store(!mover);
    let capture = if taken > 0 { format!(", you capture {}", seeds(taken)) } else { String::new() };
    Some(format!(
        "its last seed falls in an empty pit{capture}, and the turn ends with {left} seeds outside your store ({n} or more)"
    ))
}

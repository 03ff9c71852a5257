//! The Towers-of-Hanoi page's view model: the line the board plays and its words (title, the
//! move shown, the puzzle's state), the board's row and last sowing, and the sequences' table
//! rows and verdict.

use crate::engine::text::group;
use crate::engine::{Cell, Player};
use crate::families::row::Direction;
use crate::families::sowing::{Sowing, SowingRules};
use crate::families::{AnyMove, AnyPosition};
use crate::labs::hanoi::{self, HanoiMove, Minimum};

/// Which line the board plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The user's own moves.
    Own,
    /// Erickson's first algorithm.
    Exponential,
    /// His second.
    Recursive,
    /// A shortest line found by the search.
    Shortest,
}

/// The moves of a line on `n` pots (`own`: the user's, `shortest`: the search's, if it has
/// reached `n`).
pub fn line_moves(line: Line, own: &[HanoiMove], shortest: Option<&[HanoiMove]>, n: usize) -> Vec<HanoiMove> {
    match line {
        Line::Own => own.to_vec(),
        Line::Exponential => hanoi::exponential(n),
        Line::Recursive => hanoi::recursive(n),
        Line::Shortest => shortest.map(<[HanoiMove]>::to_vec).unwrap_or_default(),
    }
}

/// The row as a Sowing position, for the board (impartial: both ways drawn).
pub fn row_position(pots: &[u8]) -> AnyPosition {
    let rules = SowingRules::new(pots.len().clamp(1, 24) as u32, 1, true).expect("1 to 24 pots");
    let counts: Vec<u32> = pots.iter().map(|&p| p as u32).collect();
    AnyPosition::from(Sowing::new(rules, &counts, Player::South).expect("a row"))
}

/// A move on `pots`, in words.
pub fn describe(pots: &[u8], mv: HanoiMove) -> String {
    let k = pots[mv.pot as usize];
    let to = if mv.dir == Direction::Right { mv.pot as usize + k as usize } else { mv.pot as usize - k as usize };
    format!(
        "pot {} sows its {} seed{} to the {}, the last into pot {} ({} before)",
        mv.pot + 1,
        k,
        if k == 1 { "" } else { "s" },
        if mv.dir == Direction::Right { "right" } else { "left" },
        to + 1,
        pots[to]
    )
}

/// "1 move", "2 moves".
pub fn plural(k: usize, word: &str) -> String {
    format!("{k} {word}{}", if k == 1 { "" } else { "s" })
}

/// The puzzle's heading: the line and its length.
pub fn title(line: Line, n: usize, moves: usize) -> String {
    match line {
        Line::Own => "Your moves".to_string(),
        Line::Exponential => format!("Erickson's first algorithm: 2ⁿ⁻¹ − 1 = {} moves", group(moves as u128)),
        Line::Recursive => format!("Erickson's second algorithm: T({n}) = {}", plural(moves, "move")),
        Line::Shortest => format!("A shortest line, proven: {}", plural(moves, "move")),
    }
}

/// The words under the controls: move `k` (`shown`, played on `before`), or how to begin.
pub fn words(line: Line, k: usize, shown: Option<HanoiMove>, before: Option<&Vec<u8>>) -> String {
    match (shown, before) {
        (Some(m), Some(before)) => format!("Move {k}: {}.", describe(before, m)),
        _ if line == Line::Own => "Click a pot to sow it; where both ways are legal, choose one.".to_string(),
        _ => "The start: one seed in each pot.".to_string(),
    }
}

/// The puzzle's state after `k` moves: solved, stuck, or the seeds in the last pot.
pub fn state_text(pots: &[u8], k: usize, legal: usize) -> String {
    let n = pots.len();
    if hanoi::is_solved(pots) {
        format!("Solved: all {n} seeds are in the last pot, in {k} moves.")
    } else if legal == 0 {
        "No pot can be sown: this line cannot finish. Undo, or start again.".to_string()
    } else {
        format!("{} in the last pot; {} possible.", plural(pots[n - 1] as usize, "seed"), plural(legal, "move"))
    }
}

/// "move 3 of 7".
pub fn ply_text(k: usize, last: usize) -> String {
    format!("move {} of {}", group(k as u128), group(last as u128))
}

/// The pot the shown move picked and the pots it sowed, from Sowing's own trace.
pub fn sowing(shown: Option<HanoiMove>, before: Option<&Vec<u8>>) -> (Option<Cell>, Vec<Cell>) {
    match (shown, before) {
        (Some(m), Some(before)) => match row_position(before).play(AnyMove::from(m)) {
            Ok((_, t)) => (t.picked(), t.path().collect()),
            Err(_) => (None, vec![]),
        },
        _ => (None, vec![]),
    }
}

/// A row of the sequences' table.
#[derive(Clone, Debug, PartialEq)]
pub struct SequenceRow {
    /// Pots.
    pub n: u64,
    /// 2ⁿ⁻¹ − 1.
    pub exponential: String,
    /// T(n).
    pub t: u64,
    /// The minimum, or why there is none.
    pub minimum: String,
    /// Whether T(n) is the minimum: `yes`, `no` or `?`.
    pub optimal: &'static str,
    /// Positions searched.
    pub states: String,
    /// The minimum with rightward moves only, or why there is none.
    pub rightward: String,
    /// No rightward line is known.
    pub no_rightward: bool,
}

/// The row of `n` pots: `b` the search with both ways, `r` rightward only.
pub fn sequence_row(b: &Minimum, r: &Minimum) -> SequenceRow {
    let n = b.n as u64;
    let t = hanoi::t_of(n);
    let settled = |m: &Minimum, none: &str| match (m.moves, m.cut) {
        (Some(m), _) => m.to_string(),
        (None, true) => "not settled".into(),
        (None, false) => none.into(),
    };
    SequenceRow {
        n,
        exponential: group(hanoi::exponential_count(n) as u128),
        t,
        minimum: settled(b, "unsolvable"),
        optimal: match b.moves {
            Some(m) if m == t => "yes",
            Some(_) => "no",
            None => "?",
        },
        states: group(b.states as u128),
        rightward: settled(r, "cannot be solved"),
        no_rightward: r.moves.is_none(),
    }
}

/// The search's verdict: where T(n) is the minimum, where a shorter line exists, and which n
/// rightward moves solve.
pub fn verdict(both: &[Minimum], right: &[Minimum]) -> String {
    let last = both.len();
    let (optimal, shorter): (Vec<&Minimum>, Vec<&Minimum>) =
        both.iter().filter(|m| m.moves.is_some()).partition(|m| m.moves == Some(hanoi::t_of(m.n as u64)));
    let list = |ms: &[&Minimum]| ms.iter().map(|m| m.n.to_string()).collect::<Vec<_>>().join(", ");
    let solvable_right: Vec<String> = right.iter().filter(|m| m.moves.is_some()).map(|m| m.n.to_string()).collect();
    format!(
        "Searched for n = 1 to {last}: T(n) is the minimum for n = {}; for n = {} a shorter line exists, so Erickson's second algorithm is not optimal there. With rightward moves only the puzzle can be solved for n = {} and for no other n up to {last}.",
        list(&optimal),
        if shorter.is_empty() { "none".to_string() } else { list(&shorter) },
        solvable_right.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimum(n: usize, right_only: bool) -> Minimum {
        let mut never = |_: u64| true;
        hanoi::minimum(n, right_only, 1_000_000, &mut never)
    }

    #[test]
    fn the_lines_and_their_words() {
        let first = line_moves(Line::Exponential, &[], None, 4);
        assert_eq!(first.len(), 7);
        assert_eq!(title(Line::Exponential, 4, first.len()), "Erickson's first algorithm: 2ⁿ⁻¹ − 1 = 7 moves");
        assert_eq!(title(Line::Recursive, 4, 1), "Erickson's second algorithm: T(4) = 1 move");
        assert!(line_moves(Line::Shortest, &[], None, 4).is_empty());
        let start = hanoi::start(3);
        let mv = HanoiMove::new(0, Direction::Right);
        assert_eq!(describe(&start, mv), "pot 1 sows its 1 seed to the right, the last into pot 2 (1 before)");
        assert_eq!(words(Line::Own, 0, None, None), "Click a pot to sow it; where both ways are legal, choose one.");
        assert_eq!(words(Line::Recursive, 0, None, None), "The start: one seed in each pot.");
        assert_eq!(
            words(Line::Own, 1, Some(mv), Some(&start)),
            "Move 1: pot 1 sows its 1 seed to the right, the last into pot 2 (1 before)."
        );
        assert_eq!(ply_text(1200, 32767), "move 1,200 of 32,767");
    }

    #[test]
    fn the_puzzles_state_and_last_sowing() {
        assert_eq!(state_text(&[0, 0, 3], 3, 0), "Solved: all 3 seeds are in the last pot, in 3 moves.");
        assert_eq!(state_text(&[1, 1, 1], 0, 2), "1 seed in the last pot; 2 moves possible.");
        assert_eq!(state_text(&[0, 2, 1], 1, 0), "No pot can be sown: this line cannot finish. Undo, or start again.");
        let start = hanoi::start(3);
        let (picked, path) = sowing(Some(HanoiMove::new(0, Direction::Right)), Some(&start));
        assert!(picked.is_some());
        assert_eq!(path.len(), 1);
        assert_eq!(sowing(None, Some(&start)), (None, vec![]));
        assert_eq!(row_position(&start).legal_moves().len(), hanoi::moves(&start, false).count());
    }

    #[test]
    fn the_sequences_table() {
        let (b, r) = (minimum(4, false), minimum(4, true));
        let row = sequence_row(&b, &r);
        assert_eq!((row.n, row.exponential.as_str(), row.t), (4, "7", hanoi::t_of(4)));
        assert_eq!(row.minimum, b.moves.unwrap().to_string());
        assert_eq!(row.optimal, if b.moves == Some(row.t) { "yes" } else { "no" });
        assert_eq!(row.no_rightward, r.moves.is_none());
        let cut = Minimum { moves: None, cut: true, ..b.clone() };
        assert_eq!(sequence_row(&cut, &cut).minimum, "not settled");
        assert_eq!(sequence_row(&cut, &cut).optimal, "?");
        let none = Minimum { moves: None, cut: false, ..b };
        assert_eq!(sequence_row(&none, &none).rightward, "cannot be solved");

        let both: Vec<Minimum> = (1..=3).map(|n| minimum(n, false)).collect();
        let right: Vec<Minimum> = (1..=3).map(|n| minimum(n, true)).collect();
        let v = verdict(&both, &right);
        assert!(v.starts_with("Searched for n = 1 to 3: T(n) is the minimum for n = "), "{v}");
        assert!(v.ends_with("and for no other n up to 3."), "{v}");
    }
}

//! A proven puzzle with what is derived from its solution (its difficulty, themes and every
//! wrong move's refutation), its line in a data file, and the proof of a file again.

use super::{greedy, solve, themes, values_of, zugzwang, MoveOracle, NotAPuzzle, Solution, Step, Theme};
use crate::families::{AnyMove, AnyPosition, AnyRules};

/// The deepest the heuristic search is asked when rating a puzzle.
pub const RATING_DEPTH: u32 = 8;

/// The depth of the search whose near-best wrong moves count as plausible.
pub const PLAUSIBLE_DEPTH: u32 = 4;

/// Moves a refutation shows at most.
pub const REFUTATION_MOVES: usize = 8;

/// Player moves a shipped puzzle's solution has at most.
pub const MOST: usize = 10;

/// The fields of a data file's line, in order.
pub const FIELDS: [&str; 12] = [
    "id",
    "rules",
    "setup",
    "solution",
    "value",
    "depth",
    "plausible",
    "themes",
    "easy",
    "rating",
    "refutations",
    "finish",
];

/// Moves a finish shows at most (Tchouka's boards clear in fewer).
pub const FINISH_MOVES: usize = 60;

/// The lowest and highest puzzle rating: a file's puzzles spread over them by difficulty.
pub const RATINGS: (u32, u32) = (800, 2200);

/// The difficulty ([`Puzzle::difficulty`]) from which a file's hardest puzzle is rated the
/// highest of [`RATINGS`]: a search depth of 8 with plausible alternatives (most files' hardest
/// reach 85 to 107; Tchoukaillon's, 13).
pub const FULL_SCALE: i32 = 80;

/// The search depth from which the product's heuristic search (`analyze_fixed_depth`) prefers
/// one of `answer` at `pos` and keeps preferring it up to `most`; `most + 1` if it does not
/// at `most`. The puzzle's difficulty grows with it.
pub fn search_depth(pos: &AnyPosition, answer: &[AnyMove], most: u32) -> u32 {
    let mut from = most + 1;
    for d in (1..=most).rev() {
        match pos.analyze_fixed_depth(d).moves.first() {
            Some(m) if answer.contains(&m.mv) => from = d,
            _ => break,
        }
    }
    from
}

/// The wrong moves a search of [`PLAUSIBLE_DEPTH`] values at least as high as the best of
/// `answer`, less one: the alternatives a player reading that deep would hesitate over.
pub fn plausible(pos: &AnyPosition, answer: &[AnyMove]) -> u32 {
    let a = pos.analyze_fixed_depth(PLAUSIBLE_DEPTH);
    let Some(best) = a.moves.iter().filter(|m| answer.contains(&m.mv)).map(|m| m.value.number()).max() else {
        return 0;
    };
    a.moves.iter().filter(|m| !answer.contains(&m.mv) && m.value.number() >= best.saturating_sub(1)).count() as u32
}

/// Why a wrong move is wrong: its exact value, and best play after it until a move of the
/// defence captures (where the wrong move is punished, mostly) or the game ends, at most
/// [`REFUTATION_MOVES`]; none in a solitaire, where nobody answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The wrong move.
    pub mv: AnyMove,
    /// Its exact value for the player.
    pub value: i32,
    /// The moves that follow it.
    pub line: Vec<AnyMove>,
}

/// The refutation of `mv` at `pos`, worth `value`, by `oracle`: best play (the first best in
/// move order) after it, until a move of the defence captures.
pub fn refutation(oracle: &mut dyn MoveOracle, pos: &AnyPosition, mv: AnyMove, value: i32) -> Refutation {
    cut(pos, mv, value, super::alone(pos), |q| super::first_best(&values_of(oracle, q)?))
}

/// The refutation that `best` (a best line after the wrong move `mv` of `pos`, as a search
/// gives it) shows: cut where [`refutation`] would end it.
pub fn refutation_of_line(pos: &AnyPosition, mv: AnyMove, value: i32, best: &[AnyMove]) -> Refutation {
    let mut moves = best.iter().copied();
    cut(pos, mv, value, pos.family().is_solitaire(), |_| moves.next())
}

/// The refutation of `mv` at `pos`, worth `value`: the moves `next` gives for each position
/// after it, until a move of the defence captures, the game ends, `next` has none, or
/// [`REFUTATION_MOVES`]; none where nobody answers (`alone`).
fn cut(
    pos: &AnyPosition,
    mv: AnyMove,
    value: i32,
    alone: bool,
    mut next: impl FnMut(&AnyPosition) -> Option<AnyMove>,
) -> Refutation {
    let player = pos.turn();
    let mut line = vec![];
    let Ok((mut q, _)) = pos.play(mv) else { return Refutation { mv, value, line } };
    while !alone && q.outcome().is_none() && line.len() < REFUTATION_MOVES {
        let Some(m) = next(&q) else { break };
        line.push(m);
        let Ok((after, trace)) = q.play(m) else { break };
        let captured = trace.steps.iter().any(|s| matches!(s, crate::engine::Step::Capture { .. }));
        if q.turn() != player && captured {
            break;
        }
        q = after;
    }
    Refutation { mv, value, line }
}

/// A proven puzzle, with what is derived from its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The start, its side to move the player.
    pub start: AnyPosition,
    /// The solution.
    pub solution: Solution,
    /// The answer is the one-ply greedy player's move.
    pub easy: bool,
    /// The heuristic search's depth to find the answer ([`search_depth`]).
    pub depth: u32,
    /// The plausible wrong moves at the first step ([`plausible`]).
    pub plausible: u32,
    /// The themes.
    pub themes: Vec<Theme>,
    /// Each player step's wrong moves refuted, in step order.
    pub refutations: Vec<Vec<Refutation>>,
    /// A solitaire's or Dakon's opening: one way on from the solution's end that keeps the
    /// goal to the end (the board clear, the turn over), the first move the oracle values best
    /// at each step; empty for the games of two.
    pub finish: Vec<AnyMove>,
}

/// One way on from `end` (the solution's end of a puzzle of `player`'s) that keeps the goal to
/// the end: while `player` is to move in a solitaire or Dakon's first turn, the first move
/// `oracle` values best; at most [`FINISH_MOVES`]; empty for the games of two, or where the
/// oracle has no values.
pub fn finish(oracle: &mut dyn MoveOracle, end: &AnyPosition, player: crate::engine::Player) -> Vec<AnyMove> {
    let alone = super::alone(end);
    let mut moves = vec![];
    let mut pos = end.clone();
    while alone && pos.turn() == player && pos.outcome().is_none() && moves.len() < FINISH_MOVES {
        let Some(mv) = values_of(oracle, &pos).and_then(|v| super::first_best(&v)) else { break };
        moves.push(mv);
        pos = pos.play(mv).expect("a legal move").0;
    }
    moves
}

impl Puzzle {
    /// The puzzle of `start`, proven by `oracle`, at most `most` player moves.
    ///
    /// # Errors
    /// Why `start` is not a puzzle.
    pub fn of(oracle: &mut dyn MoveOracle, start: &AnyPosition, most: usize) -> Result<Puzzle, NotAPuzzle> {
        oracle.begin(start);
        let solution = solve(oracle, start, most)?;
        let first = &solution.line[0].moves;
        let mut refutations = vec![];
        let mut pos = start.clone();
        for step in &solution.line {
            if step.player {
                refutations.push(step.wrong.iter().map(|&(mv, v)| refutation(oracle, &pos, mv, v)).collect());
            }
            pos = pos.play(step.moves[0]).expect("a legal move").0;
        }
        let finish = finish(oracle, &pos, start.turn());
        let mut themes = themes(start, &solution);
        if zugzwang(oracle, start) {
            themes.push(Theme::Zugzwang);
            themes.sort_unstable();
        }
        Ok(Puzzle {
            easy: greedy(start).is_some_and(|g| first.contains(&g)),
            depth: search_depth(start, first, RATING_DEPTH),
            plausible: plausible(start, first),
            themes,
            refutations,
            finish,
            start: start.clone(),
            solution,
        })
    }

    /// The solution as text: the steps in order, a step's accepted moves joined by `|`.
    pub fn line_text(&self) -> String {
        let step = |s: &Step| s.moves.iter().map(ToString::to_string).collect::<Vec<_>>().join("|");
        self.solution.line.iter().map(step).collect::<Vec<_>>().join(" ")
    }

    /// The puzzle's id: its rules, then 8 hexadecimal digits of its start and solution.
    pub fn id(&self) -> String {
        let h = crate::engine::fnv1a(&format!("{}\t{}", self.start, self.line_text()));
        format!("{}-{:08x}", self.start.rules(), (h ^ (h >> 32)) as u32)
    }

    /// How hard the puzzle is, before a file's puzzles are ranked into ratings: the search's
    /// depth to find the answer counts most, then the plausible wrong moves, then the line's
    /// length; the greedy move's answer counts against.
    pub fn difficulty(&self) -> i32 {
        let moves = self.solution.player_moves().min(6) as i32;
        8 * self.depth as i32 + 4 * self.plausible.min(5) as i32 + 3 * moves - if self.easy { 12 } else { 0 }
    }

    /// The refutations as text: a player step's wrong moves `move:value:line` joined by `,`
    /// (the line's moves by spaces), the steps by `/`.
    pub fn refutations_text(&self) -> String {
        let one = |r: &Refutation| {
            let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
            format!("{}:{:+}:{}", r.mv, r.value, line.join(" "))
        };
        self.refutations.iter().map(|s| s.iter().map(one).collect::<Vec<_>>().join(",")).collect::<Vec<_>>().join("/")
    }

    /// The puzzle as a line of a data file, rated `rating`: the [`FIELDS`] separated by tabs
    /// (themes `-` for none, easy `easy` or `-`, finish `-` for none).
    pub fn record(&self, rating: u32) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.key()).collect();
        let finish: Vec<String> = self.finish.iter().map(ToString::to_string).collect();
        format!(
            "{}\t{}\t{}\t{}\t{:+}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id(),
            self.start.rules(),
            self.start,
            self.line_text(),
            self.solution.value,
            self.depth,
            self.plausible,
            if themes.is_empty() { "-".to_string() } else { themes.join(",") },
            if self.easy { "easy" } else { "-" },
            rating,
            self.refutations_text(),
            if finish.is_empty() { "-".to_string() } else { finish.join(" ") }
        )
    }
}

impl Puzzle {
    /// A data file's line read back as it is written, without proving it (the page reads its
    /// puzzles so; `verify_file` proves them): the puzzle and its rating. Every move must be
    /// legal where it is played, a step's moves must lead to one position, the line must end
    /// with a player's step and each player step have its refutations.
    ///
    /// # Errors
    /// The first thing that cannot be read or played, with its field, in words.
    pub fn parse(line: &str) -> Result<(Puzzle, u32), String> {
        let f = fields_of(line);
        let (start, _) = read(line)?;
        let player = start.turn();
        let number = |k: usize| -> Result<u32, String> {
            f[k].parse::<u32>().map_err(|_| format!("{}: '{}' is not a number", FIELDS[k], clip(f[k])))
        };
        let value: i32 = f[4].parse().map_err(|_| format!("value: '{}' is not a number", clip(f[4])))?;
        let (depth, plausible, rating) = (number(5)?, number(6)?, number(9)?);
        let themes = if f[7] == "-" {
            vec![]
        } else {
            f[7].split(',')
                .map(|k| Theme::ALL.into_iter().find(|t| t.key() == k).ok_or(format!("themes: no theme '{}'", clip(k))))
                .collect::<Result<Vec<_>, _>>()?
        };
        let easy = match f[8] {
            "easy" => true,
            "-" => false,
            other => return Err(format!("easy: '{}' is neither easy nor -", clip(other))),
        };
        let mut refuted: Vec<&str> = if f[10].is_empty() { vec![] } else { f[10].split('/').collect() };
        refuted.reverse();
        let (mut steps, mut refutations) = (vec![], vec![]);
        let mut pos = start.clone();
        for (k, text) in f[3].split(' ').enumerate() {
            let at = format!("solution, step {}", k + 1);
            if pos.outcome().is_some() {
                return Err(format!("{at}: the game is over"));
            }
            let mut moves = vec![];
            let mut next: Option<AnyPosition> = None;
            for m in text.split('|') {
                let mv = pos.parse_move(m).map_err(|e| format!("{at}: {e}"))?;
                let q = pos.play(mv).map_err(|e| format!("{at}: {e}"))?.0;
                if next.as_ref().is_some_and(|n| *n != q) {
                    return Err(format!("{at}: {} and {mv} lead to different positions", moves[0]));
                }
                next = Some(q);
                moves.push(mv);
            }
            let mine = pos.turn() == player;
            if !mine && moves.len() > 1 {
                return Err(format!("{at}: the defence plays one move"));
            }
            let mut wrong = vec![];
            if mine {
                let text = refuted.pop().ok_or(format!("refutations: none for {at}"))?;
                let step = parse_refutations(&pos, text).map_err(|e| format!("refutations of {at}: {e}"))?;
                wrong = step.iter().map(|r| (r.mv, r.value)).collect();
                refutations.push(step);
            }
            steps.push(Step { moves, player: mine, wrong });
            pos = next.expect("a move");
        }
        if !refuted.is_empty() {
            return Err(format!("refutations: {} more steps than the solution's", refuted.len()));
        }
        if steps.last().is_none_or(|s| !s.player) {
            return Err("solution: it must end with the player's move".to_string());
        }
        let mut finish = vec![];
        for (k, m) in f[11].split(' ').filter(|m| f[11] != "-" && !m.is_empty()).enumerate() {
            let at = format!("finish, move {}", k + 1);
            if pos.turn() != player || pos.outcome().is_some() {
                return Err(format!("{at}: the player's turn is over"));
            }
            let mv = pos.parse_move(m).map_err(|e| format!("{at}: {e}"))?;
            pos = pos.play(mv).map_err(|e| format!("{at}: {e}"))?.0;
            finish.push(mv);
        }
        let puzzle = Puzzle {
            solution: Solution { goal: super::Goal::of(value), value, line: steps },
            start,
            easy,
            depth,
            plausible,
            themes,
            refutations,
            finish,
        };
        if puzzle.id() != f[0] {
            return Err(format!("id: '{}' is not this puzzle's ({})", clip(f[0]), puzzle.id()));
        }
        // One way to write a puzzle: "+0" not "0", no stray spaces.
        let again = puzzle.record(rating);
        if let Some(k) = fields_of(&again).iter().zip(&f).position(|(a, b)| a != b) {
            return Err(format!("{}: '{}' is not written as the format writes it", FIELDS[k], clip(f[k])));
        }
        Ok((puzzle, rating))
    }
}

/// A player step's refutations read back: `move:value:line` joined by `,`.
fn parse_refutations(pos: &AnyPosition, text: &str) -> Result<Vec<Refutation>, String> {
    if text.is_empty() {
        return Ok(vec![]);
    }
    text.split(',')
        .map(|r| {
            let [mv, value, line] = r.split(':').collect::<Vec<_>>()[..] else {
                return Err(format!("'{}' is not move:value:line", clip(r)));
            };
            let mv = pos.parse_move(mv).map_err(|e| e.to_string())?;
            let value: i32 = value.parse().map_err(|_| format!("'{}' is not a number", clip(value)))?;
            let mut q = pos.play(mv).map_err(|e| e.to_string())?.0;
            let mut moves = vec![];
            for m in line.split(' ').filter(|m| !m.is_empty()) {
                let m = q.parse_move(m).map_err(|e| format!("after {mv}: {e}"))?;
                q = q.play(m).map_err(|e| format!("after {mv}: {e}"))?.0;
                moves.push(m);
            }
            Ok(Refutation { mv, value, line: moves })
        })
        .collect()
}

/// A field's text clipped for a message.
fn clip(s: &str) -> String {
    crate::engine::text::clip(s, 24)
}

/// The ratings of a file's puzzles: ranked by [`Puzzle::difficulty`] (ties share their mean
/// rank), the ranks spread evenly from the lowest of [`RATINGS`] (the easiest) to a top that
/// the hardest puzzle's own difficulty sets: the highest of [`RATINGS`] from [`FULL_SCALE`] up,
/// in proportion below it, so that a file of only easy puzzles does not rank up to "hard".
pub fn ratings(puzzles: &[Puzzle]) -> Vec<u32> {
    let mut d: Vec<i32> = puzzles.iter().map(Puzzle::difficulty).collect();
    d.sort_unstable();
    let rank = |x: i32| (d.partition_point(|&v| v < x) + d.partition_point(|&v| v <= x) - 1) as f64 / 2.0;
    let (Some(&first), Some(&last)) = (d.first(), d.last()) else { return vec![] };
    let (low, high) = (rank(first), rank(last));
    let lo = f64::from(RATINGS.0);
    let reach = (f64::from(last.max(0)) / f64::from(FULL_SCALE)).min(1.0);
    let hi = lo + f64::from(RATINGS.1 - RATINGS.0) * reach;
    puzzles
        .iter()
        .map(|p| {
            let r = if high <= low {
                (lo + hi) / 2.0
            } else {
                lo + (hi - lo) * (rank(p.difficulty()) - low) / (high - low)
            };
            ((r / 10.0).round() * 10.0) as u32
        })
        .collect()
}

/// A data file's line read back: the puzzle's start and the rating written.
///
/// # Errors
/// What cannot be read, in words.
pub fn read(line: &str) -> Result<(AnyPosition, u32), String> {
    let fields = fields_of(line);
    if fields.len() != FIELDS.len() {
        return Err(format!(
            "a puzzle has {} fields separated by tabs ({}); this line has {}",
            FIELDS.len(),
            FIELDS.join(", "),
            fields.len()
        ));
    }
    let rules: AnyRules = fields[1].parse().map_err(|e| format!("rules: {e}"))?;
    let start = rules.parse_setup(fields[2]).map_err(|e| format!("setup: {e}"))?;
    let rating = fields[9].parse().map_err(|_| format!("rating: '{}' is not a number", clip(fields[9])))?;
    Ok((start, rating))
}

/// Proves a data file's puzzles again with `oracle`, `most` player moves at most: each line
/// must be its start's puzzle exactly (id, solution, value, depth, plausible, themes, easy,
/// refutations) and the ratings those of the file's puzzles together. Lines starting with `#`
/// and empty lines are comments. `each` hears of every line proven (its number).
///
/// # Errors
/// Every line that fails, with its number and what differs.
pub fn verify_file(
    oracle: &mut dyn MoveOracle,
    text: &str,
    most: usize,
    each: &mut dyn FnMut(usize),
) -> Result<Vec<Puzzle>, Vec<String>> {
    let mut errors = vec![];
    let mut proven: Vec<(usize, &str, u32, Puzzle)> = vec![];
    for (k, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let n = k + 1;
        let got = read(line).and_then(|(start, rating)| {
            Puzzle::of(oracle, &start, most)
                .map(|p| (rating, p))
                .map_err(|e| format!("{} is not a puzzle: {e}", fields_of(line)[2]))
        });
        each(n);
        match got {
            Ok((rating, p)) => proven.push((n, line, rating, p)),
            Err(e) => errors.push(format!("line {n}: {e}")),
        }
    }
    let puzzles: Vec<Puzzle> = proven.iter().map(|t| t.3.clone()).collect();
    let mut ids = std::collections::HashSet::new();
    for ((n, line, written, p), rating) in proven.iter().zip(ratings(&puzzles)) {
        let again = p.record(rating);
        if again != *line {
            let differ: Vec<&str> = (fields_of(&again).into_iter().zip(fields_of(line)).zip(FIELDS))
                .filter(|((a, b), _)| a != b)
                .map(|(_, f)| f)
                .collect();
            let why = if differ == ["rating"] {
                format!("its rating among the file's puzzles is {rating}, not {written}")
            } else {
                format!("proven again, its {} differ:\n  {again}", differ.join(", "))
            };
            errors.push(format!("line {n}: {why}"));
        }
        if !ids.insert(p.id()) {
            errors.push(format!("line {n}: the puzzle {} is in the file twice", p.id()));
        }
    }
    if errors.is_empty() {
        Ok(puzzles)
    } else {
        Err(errors)
    }
}

/// A line's fields.
fn fields_of(line: &str) -> Vec<&str> {
    line.split('\t').collect()
}

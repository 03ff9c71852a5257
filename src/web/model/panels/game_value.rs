//! The game-value view of a one-row game: the trail of rows explored from the board's, and
//! the last one's value, outcome, components and options in lines of text; or why it has none
//! yet (valuing, stopped, too large, an error).

use crate::engine::{Cell, Player};
use crate::families::{AnyMove, AnyPosition, AnyRules};
use crate::labs::erickson::{EricksonAnswer, RowOption, RowValue};

/// The rules id and the row of a position whose family has a game-theory value (`None` for
/// other games).
pub fn row_of(p: &AnyPosition) -> Option<(String, String)> {
    p.value_row().map(|row| (p.rules().to_string(), row))
}

/// Who moves next in the board's row: `l` (Left, South) or `r` (Right, North).
pub fn mover(p: &AnyPosition) -> char {
    if p.turn() == Player::South {
        'l'
    } else {
        'r'
    }
}

/// The row shown, with who moves next there: the trail's last (the board's, `here` with
/// `turn`, when the trail is empty).
pub fn shown_row(trail: &[(String, char)], here: &str, turn: char) -> (String, char) {
    trail.last().cloned().unwrap_or_else(|| (here.to_string(), turn))
}

/// The trail after a click: cut after its row `keep`, then `row` explored.
pub fn trail_after(trail: &[(String, char)], row: Option<(String, char)>, keep: Option<usize>) -> Vec<(String, char)> {
    let mut t = trail.to_vec();
    if let Some(k) = keep {
        t.truncate(k + 1);
    }
    if let Some(r) = row {
        t.push(r);
    }
    t
}

/// The valuation's answer when it is that of the row shown and the valuation is over.
pub fn value_shown(answer: Option<EricksonAnswer>, running: bool, shown: &str) -> Option<RowValue> {
    match (answer, running) {
        (Some(EricksonAnswer::Value { value }), false) if value.row == shown => Some(*value),
        _ => None,
    }
}

/// Empty pots at the left end of a row.
pub fn leading_empty(p: &AnyPosition) -> usize {
    p.cells().iter().take_while(|(c, n)| matches!(c, Cell::Pit { .. }) && *n == 0).count()
}

/// A move of a row (`4l`) with its pot number moved on by `shift`.
pub fn renumber(mv: &str, shift: usize) -> String {
    let Some(dir) = mv.chars().last() else { return mv.to_string() };
    match mv[..mv.len() - dir.len_utf8()].parse::<usize>() {
        Ok(n) if shift > 0 => format!("{}{dir}", n + shift),
        _ => mv.to_string(),
    }
}

/// The moves that lead from `from` through the rows of `trail` (after its first), each by the
/// side whose turn it is; `None` when a row is not reached so (two options of one side in a
/// row, which game theory explores and play cannot).
pub fn moves_through(from: &AnyPosition, trail: &[(String, char)]) -> Option<Vec<AnyMove>> {
    let mut p = from.clone();
    let mut moves = vec![];
    for (row, _) in trail.iter().skip(1) {
        let (mv, next) = p.legal_moves().into_iter().find_map(|m| {
            let q = p.play(m).ok()?.0;
            (q.value_row().as_deref() == Some(row.as_str())).then_some((m, q))
        })?;
        moves.push(mv);
        p = next;
    }
    Some(moves)
}

/// What the panel's drawing is computed from.
pub struct GameValueInput<'a> {
    /// The position on the board.
    pub position: &'a AnyPosition,
    /// Its rules id.
    pub rules: &'a str,
    /// Its row.
    pub here: &'a str,
    /// The rows explored, from the board's, each with who moves next there.
    pub trail: &'a [(String, char)],
    /// The value of the row shown (see [`value_shown`]).
    pub value: Option<&'a RowValue>,
    /// The valuation's error.
    pub error: Option<&'a str>,
    /// The valuation was stopped.
    pub stopped: bool,
    /// The row valued whatever its size, when asked.
    pub full: Option<&'a str>,
}

/// A row of the trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crumb {
    /// The row in the paper's notation.
    pub text: String,
    /// The last (shown, not a link).
    pub last: bool,
}

/// One option: a link to explore the row it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionView {
    /// The row it leaves, link notation, with who moves next there (explored on a click).
    pub row: (String, char),
    /// The link's title.
    pub title: String,
    /// The link's text: the move and the row it leaves.
    pub label: String,
    /// Its value, after the link.
    pub value: String,
    /// Its mover wins moving second.
    pub wins: bool,
}

/// One side's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideView {
    /// The heading.
    pub name: &'static str,
    /// The options.
    pub options: Vec<OptionView>,
}

/// A valued row's lines of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowValueView {
    /// The row and its value.
    pub value: String,
    /// Its outcome class in words.
    pub outcome: String,
    /// Its value in CGSuite's syntax.
    pub ascii: String,
    /// The components it splits into, if it splits.
    pub split: Option<String>,
    /// Its .37 heaps, for a sparse Atomic Wari row.
    pub heaps: Option<String>,
    /// The options: either player's (impartial rules), or Left's and Right's.
    pub sides: Vec<SideView>,
    /// The help line below.
    pub help: String,
    /// The label of the button that plays the row explored (`None`: the board's row).
    pub play_row: Option<String>,
}

/// What the panel shows below the trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameValueBody {
    /// The value of the row shown.
    Value(Box<RowValueView>),
    /// A large row, valued only when asked: what was said, and the CLI's command.
    TooBig {
        /// The paragraph's text.
        text: String,
        /// The command that values it.
        command: String,
    },
    /// The valuation's error.
    Error(String),
    /// The valuation was stopped: the CLI's command that values it.
    Stopped {
        /// The command.
        command: String,
    },
    /// Valuing in the worker.
    Valuing,
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameValueView {
    /// The trail of rows explored.
    pub crumbs: Vec<Crumb>,
    /// Below it.
    pub body: GameValueBody,
}

/// The panel for `input`.
pub fn game_value_view(input: &GameValueInput) -> GameValueView {
    let (shown, _) = shown_row(input.trail, input.here, mover(input.position));
    // A row in the paper's notation; a Sowing row that splits as it stands, as a sum.
    let any_rules: Option<AnyRules> = input.rules.parse().ok();
    let paper = |row: &str| any_rules.and_then(|r| r.paper_row(row)).unwrap_or_else(|| row.to_string());
    let crumbs = input
        .trail
        .iter()
        .enumerate()
        .map(|(k, (r, _))| Crumb { text: paper(r), last: k + 1 == input.trail.len() })
        .collect();
    let command = format!("mancala-lab value {} {shown}", input.rules);
    let body = match (input.value, input.error) {
        (Some(v), _) => GameValueBody::Value(Box::new(row_value_view(input, v))),
        (None, Some(e)) if input.full != Some(shown.as_str()) && e.starts_with("more than") => GameValueBody::TooBig {
            text: format!("A large position: {e}. Valuing it may take minutes and much memory (Stop ends it); the CLI is faster: "),
            command,
        },
        (None, Some(e)) => GameValueBody::Error(e.to_string()),
        (None, None) if input.stopped => GameValueBody::Stopped { command },
        // A long row may have millions of followers: the valuation can be stopped.
        _ => GameValueBody::Valuing,
    };
    GameValueView { crumbs, body }
}

/// A valued row's lines.
fn row_value_view(input: &GameValueInput, v: &RowValue) -> RowValueView {
    let (_, next) = shown_row(input.trail, input.here, mover(input.position));
    let first = match v.outcome {
        'L' => "Left wins, whoever moves first",
        'R' => "Right wins, whoever moves first",
        'N' => "the player to move wins",
        _ => "the player to move loses (the second player wins)",
    };
    let split = (!v.components.is_empty()).then(|| {
        format!(
            "The sum of {} independent components (• a pot never sown again): {}.",
            v.components.len(),
            v.components.iter().map(|(r, val)| format!("{r}, of value {val}")).collect::<Vec<_>>().join("; ")
        )
    });
    let heaps = v.heaps.as_ref().map(|h| {
        if h.is_empty() {
            "Sparse (Theorem 3.1): no run of 2s, no .37 heap: 0.".to_string()
        } else {
            format!(
                "Sparse (Theorem 3.1): a sum of .37 heaps, one a run of 2s: {}.",
                h.iter().map(usize::to_string).collect::<Vec<_>>().join(" + ")
            )
        }
    });
    let who = if next == 'l' { "Left" } else { "Right" };
    // Said beforehand: moves on the board, or a new position to go back from.
    let play_row = (input.trail.len() > 1).then(|| match moves_through(input.position, input.trail) {
        Some(_) => format!("Play from this row, {who} to move (a side line of the game)"),
        None => format!("Open this row as a new position, {who} to move (one side moved twice to reach it)"),
    });
    RowValueView {
        value: format!("{} = {}", v.paper_row, v.value),
        outcome: format!("Outcome {}: {first}.", v.outcome),
        ascii: v.ascii.clone(),
        split,
        heaps,
        sides: sides(input, v, next),
        help: format!(
            "A game position has no side to move: its value holds for either. \"wins\": the mover then wins moving second. {} {} valued.",
            crate::web::group(v.followers as u128),
            if v.followers == 1 { "row" } else { "rows" }
        ),
        play_row,
    }
}

/// The options of the row shown, `next` to move there: either player's for impartial rules,
/// else Left's and Right's.
fn sides(input: &GameValueInput, v: &RowValue, next: char) -> Vec<SideView> {
    // The board's row is valued without its empty end pots: its moves are named as on the
    // board (a row explored further is its own row).
    // (A row kept whole, its empty ends included — Reaping's — starts with its empty pots.)
    let shift = if input.trail.len() == 1 && !input.here.starts_with('0') { leading_empty(input.position) } else { 0 };
    let side = |name: &'static str, opts: &[RowOption], after: char| SideView {
        name,
        options: opts
            .iter()
            .map(|o| OptionView {
                row: (o.row.clone(), after),
                title: format!("explore {}", o.paper_row),
                label: format!("{} → {}", renumber(&o.mv, shift), o.paper_row),
                value: format!(" = {}", o.value),
                wins: o.wins,
            })
            .collect(),
    };
    if input.rules.ends_with("-i") {
        vec![side("Options (either player)", &v.left, if next == 'l' { 'r' } else { 'l' })]
    } else {
        vec![side("Left's options", &v.left, 'r'), side("Right's options", &v.right, 'l')]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::erickson::row_value;

    fn board(rules: &str, setup: &str) -> AnyPosition {
        rules.parse::<AnyRules>().unwrap().parse_setup(setup).unwrap()
    }

    fn input<'a>(p: &'a AnyPosition, row: &'a (String, String), trail: &'a [(String, char)]) -> GameValueInput<'a> {
        GameValueInput {
            position: p,
            rules: &row.0,
            here: &row.1,
            trail,
            value: None,
            error: None,
            stopped: false,
            full: None,
        }
    }

    #[test]
    fn moves_are_renumbered_and_trails_cut() {
        assert_eq!(renumber("4l", 2), "6l");
        assert_eq!(renumber("4l", 0), "4l");
        assert_eq!(renumber("x", 3), "x");
        assert_eq!(renumber("", 3), "");
        let trail = vec![("312".to_string(), 'l'), ("3".to_string(), 'r'), ("1".to_string(), 'l')];
        assert_eq!(trail_after(&trail, None, Some(0)), [("312".to_string(), 'l')]);
        assert_eq!(trail_after(&trail[..1], Some(("2".into(), 'r')), None), [("312".into(), 'l'), ("2".into(), 'r')]);
        assert_eq!(shown_row(&trail, "9", 'r'), ("1".to_string(), 'l'));
        assert_eq!(shown_row(&[], "9", 'r'), ("9".to_string(), 'r'));
    }

    #[test]
    fn a_row_shows_its_value_and_options() {
        let p = board("sowing", "0312-l");
        let row = row_of(&p).unwrap();
        assert_eq!(row.0, "sowing");
        assert_eq!(mover(&p), 'l');
        assert_eq!(leading_empty(&p), 1);
        let trail = vec![(row.1.clone(), 'l')];
        let value = row_value(&row.0, &row.1).unwrap();
        let answer = EricksonAnswer::Value { value: Box::new(value.clone()) };
        assert_eq!(value_shown(Some(answer.clone()), true, &row.1), None);
        assert_eq!(value_shown(Some(answer.clone()), false, "other"), None);
        assert_eq!(value_shown(Some(answer), false, &row.1).as_ref(), Some(&value));
        let mut i = input(&p, &row, &trail);
        i.value = Some(&value);
        let view = game_value_view(&i);
        assert_eq!(view.crumbs, [Crumb { text: value.paper_row.clone(), last: true }]);
        let GameValueBody::Value(v) = view.body else { panic!("a value") };
        assert_eq!(v.value, format!("{} = {}", value.paper_row, value.value));
        assert!(v.outcome.starts_with(&format!("Outcome {}: ", value.outcome)));
        assert_eq!(v.ascii, value.ascii);
        assert_eq!(v.sides.iter().map(|s| s.name).collect::<Vec<_>>(), ["Left's options", "Right's options"]);
        assert_eq!(v.sides[0].options.len(), value.left.len());
        // The board's moves are named as on the board: one empty pot at its left end.
        assert_eq!(v.value, "312 = {0|−2}");
        assert_eq!(v.outcome, "Outcome N: the player to move wins.");
        assert_eq!(v.ascii, "{0|-2}");
        let left = &v.sides[0].options[0];
        assert_eq!(
            left,
            &OptionView {
                row: ("303".into(), 'r'),
                title: "explore 303".into(),
                label: "3r → 303".into(),
                value: " = 0".into(),
                wins: true
            }
        );
        assert_eq!(v.sides[1].options.iter().map(|o| o.label.as_str()).collect::<Vec<_>>(), ["3l → 402", "4l → 42"]);
        assert_eq!(v.play_row, None);
        assert!(v.help.ends_with("\"wins\": the mover then wins moving second. 6 rows valued."), "{}", v.help);
        assert_eq!((v.split, v.heaps), (None, None));
    }

    #[test]
    fn an_explored_row_can_be_played() {
        let p = board("sowing", "2213-l");
        let row = row_of(&p).unwrap();
        let trail = vec![(row.1.clone(), 'l'), ("2024".to_string(), 'r')];
        let explored = row_value(&row.0, "2024").unwrap();
        let mut i = input(&p, &row, &trail);
        i.value = Some(&explored);
        let view = game_value_view(&i);
        assert_eq!(
            view.crumbs,
            [Crumb { text: "2213".into(), last: false }, Crumb { text: "2024".into(), last: true }]
        );
        let GameValueBody::Value(v) = view.body else { panic!("a value") };
        assert_eq!(
            moves_through(&p, &trail).map(|m| m.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
            Some(vec!["2r".to_string()])
        );
        assert_eq!(v.play_row.as_deref(), Some("Play from this row, Right to move (a side line of the game)"));
        // An explored row's moves are its own: not renumbered.
        assert_eq!(v.sides[0].options[0].label, format!("{} → 134", explored.left[0].mv));
        // Left moving twice: no line of play reaches the row.
        let trail = vec![(row.1.clone(), 'l'), ("2024".to_string(), 'r'), ("134".to_string(), 'r')];
        assert_eq!(moves_through(&p, &trail), None);
        let explored = row_value(&row.0, "134").unwrap();
        let i = GameValueInput { value: Some(&explored), ..input(&p, &row, &trail) };
        let GameValueBody::Value(v) = game_value_view(&i).body else { panic!("a value") };
        assert_eq!(
            v.play_row.as_deref(),
            Some("Open this row as a new position, Right to move (one side moved twice to reach it)")
        );
    }

    #[test]
    fn without_a_value_the_panel_says_why() {
        let p = board("sowing", "312-l");
        let row = row_of(&p).unwrap();
        let trail = vec![(row.1.clone(), 'l')];
        let mut i = input(&p, &row, &trail);
        assert_eq!(game_value_view(&i).body, GameValueBody::Valuing);
        i.stopped = true;
        assert_eq!(game_value_view(&i).body, GameValueBody::Stopped { command: "mancala-lab value sowing 312".into() });
        i.error = Some("more than 200,000 rows");
        assert_eq!(
            game_value_view(&i).body,
            GameValueBody::TooBig {
                text: "A large position: more than 200,000 rows. Valuing it may take minutes and much memory (Stop ends it); the CLI is faster: ".into(),
                command: "mancala-lab value sowing 312".into()
            }
        );
        // Asked to value it whatever its size: the error is the valuation's own.
        i.full = Some("312");
        assert_eq!(game_value_view(&i).body, GameValueBody::Error("more than 200,000 rows".into()));
    }

    #[test]
    fn impartial_rules_have_one_side() {
        let p = board("sowing-i", "312-l");
        let row = row_of(&p).unwrap();
        let trail = vec![(row.1.clone(), 'l')];
        let value = row_value(&row.0, &row.1).unwrap();
        let mut i = input(&p, &row, &trail);
        i.value = Some(&value);
        let GameValueBody::Value(v) = game_value_view(&i).body else { panic!("a value") };
        assert_eq!(v.sides.len(), 1);
        assert_eq!(v.sides[0].name, "Options (either player)");
        assert!(v.sides[0].options.iter().all(|o| o.row.1 == 'r'));
    }
}

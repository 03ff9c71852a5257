//! The play page's view model: what `web::play`'s page shows — the tab's title, the status
//! line, the marks of the last move on the board, the values on the pits, which controls are
//! shown and their labels, why a click on a pit plays nothing — and the pure part of the
//! computer's turn (what to do for a move, what to say of a fallback), computed from the game,
//! the turn controller and the searches' answers. The page draws and dispatches what these
//! compute.

use crate::engine::{Cell, Player, Step};
use crate::families::{AnyMove, AnyPosition};
use crate::notation::{Game, Opponent};
use crate::search::Analysis;
use crate::web::turn::{Due, Job, Status, Turn, View};

/// Time the perfect computer player may spend solving a position.
pub const PERFECT_TIME_MS: u64 = 60_000;

/// Why the perfect player's move may be a 3 s search's, in rules with endgame databases.
pub const DATABASES_SHORT: &str =
    "the endgame databases cached in this browser do not reach every line yet (build more in the Endgame databases panel)";

/// Why the perfect player's move is a 3 s search's, in rules with neither solver nor databases.
pub const NO_SOLVER: &str = "perfect play needs the exact solver, which is for Kalah";

/// Move `k` (1-based) of the game in words.
pub fn describe_move(game: &Game, k: usize) -> String {
    let before = game.position_at(k - 1);
    let mv = game.moves()[k - 1];
    match game.trace(k) {
        Some(t) => before.describe_move(mv, t, game.position_at(k)),
        None => format!("{} plays {mv}", before.turn()),
    }
}

/// The search's target for a position: its rules and setup.
pub fn target(p: &AnyPosition) -> (String, String) {
    (p.rules().to_string(), p.to_string())
}

/// What the computer is doing while it thinks, with the time so far (and the most it may take,
/// for the perfect player's proof).
pub fn thinking(p: &AnyPosition, who: Opponent, elapsed_ms: f64) -> String {
    let s = (elapsed_ms / 1000.0).floor();
    let name = p.player_name(p.turn());
    match (who, who.limits()) {
        // Short, so that it fits the status line's slot on a phone; the players' panel says
        // what each level does.
        (Opponent::Perfect, _) if p.rules().has_exact_solver() => {
            format!(" {name} (computer) is proving its move: {s:.0} s, at most {} s…", PERFECT_TIME_MS / 1000)
        }
        (_, Some((_, ms, _))) if ms > 0 => format!(" {name} (computer) is thinking: {s:.0} s of {} s…", ms / 1000),
        _ => format!(" {name} (computer) is thinking…"),
    }
}

/// The tab's title: the game and where in it ("Kalah(6,4) — move 12 — Mancala Lab").
pub fn tab_title(g: &Game) -> String {
    let at = match g.ply() {
        0 => "start".to_string(),
        k => format!("move {k}"),
    };
    format!("{} — {at} — Mancala Lab", g.rules().title())
}

/// Why a click on `cell`, a pit that cannot be played, plays nothing: the computer's turn, or
/// the pit.
pub fn refusal(turn: &Turn, g: &Game, cell: Cell) -> String {
    if let Some(why) = turn.refusal(g) {
        return why;
    }
    let p = g.position();
    let name = p.cell_name(cell);
    let seeds = p.cells().iter().find(|(c, _)| *c == cell).map_or(0, |&(_, n)| n);
    match cell {
        Cell::Pit { owner, .. } if p.layout().two_sided() && owner != p.turn() => {
            format!("{name} is {}'s pit: {} is to move.", p.player_name(owner), p.player_name(p.turn()))
        }
        _ => match p.cell_note(cell) {
            Some(n) => format!("{name}: {n}."),
            None if seeds == 0 => format!("{name} is empty: nothing to sow."),
            None => format!("{name} has no move now."),
        },
    }
}

/// The status line's main text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// While the seeds are being sown, only who sows ("South sows c…").
    Sowing(String),
    /// Once they have landed: the move's result (empty at the start), then the position's
    /// status.
    Result {
        /// The last move in words, with its full stop and a space ("" at the start).
        last: String,
        /// The position's status.
        status: String,
    },
}

/// The status line above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusLine {
    /// Its main text.
    pub said: Said,
    /// What the computer is doing, while it chooses its move at the position on screen.
    pub thinking: Option<String>,
    /// That a computer is to move at an earlier ply than the end (it moves there only).
    pub earlier: Option<String>,
    /// That the computer's chosen move waits for the view.
    pub held: Option<String>,
}

/// The status line of `g` with the turn controller `turn`, the view `view`, and the time the
/// computer's search has taken so far.
pub fn status_line(g: &Game, turn: &Turn, view: View, elapsed_ms: f64) -> StatusLine {
    let pos = g.position();
    let status = turn.status(g);
    let said = if view.animating && g.ply() > 0 {
        let before = g.position_at(g.ply() - 1);
        Said::Sowing(format!("{} sows {}…", before.player_name(before.turn()), g.moves()[g.ply() - 1]))
    } else {
        let last = if g.ply() > 0 { format!("{}. ", describe_move(g, g.ply())) } else { String::new() };
        Said::Result { last, status: pos.status() }
    };
    let thinking = match (&status, &turn.job) {
        (Status::ComputerToMove { who, .. }, Some(Job::Thinking { .. })) => Some(thinking(pos, *who, elapsed_ms)),
        _ => None,
    };
    let earlier = match status {
        Status::ComputerEarlier { side } => {
            Some(format!(" {} (computer) moves at the game's end: End goes there.", pos.player_name(side)))
        }
        _ => None,
    };
    let held = turn.held(g, view).filter(|_| !matches!(status, Status::ComputerEarlier { .. })).map(|side| {
        format!(
            " {} (computer) has its move ready: it plays {}.",
            g.last().player_name(side),
            if view.previewing { "once the preview is closed" } else { "at the game's end (End)" }
        )
    });
    StatusLine { said, thinking, earlier, held }
}

/// The marks of the move that led to the position on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sown {
    /// The pit it was played from.
    pub last_move: Option<Cell>,
    /// The cells its seeds were sown into, in order.
    pub path: Vec<Cell>,
    /// The pits it captured (a chain of 2s and 3s), once its sowing is shown.
    pub captured: Vec<Cell>,
}

/// The marks of the move to the position on screen of `g`; `landed`: its sowing is shown (no
/// animation under way).
pub fn sown(g: &Game, landed: bool) -> Sown {
    let (last_move, path) = match (g.ply(), g.trace(g.ply())) {
        (k, Some(t)) if k > 0 => {
            (Some(t.picked().unwrap_or_else(|| g.position_at(k - 1).move_cell(g.moves()[k - 1]))), t.path().collect())
        }
        _ => (None, vec![]),
    };
    let captured = match (g.ply(), g.trace(g.ply()), landed) {
        (k, Some(t), true) if k > 0 => t
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Capture { from, .. } => Some(*from),
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    Sown { last_move, path, captured }
}

/// Whether the move to the position on screen captured (a tone once its seeds have landed).
pub fn captures(g: &Game) -> bool {
    g.trace(g.ply()).is_some_and(|t| t.steps.iter().any(|s| matches!(s, Step::Capture { .. })))
}

/// The analysis whose values the board shows: only one asked for (`asked`: the user's search
/// was an analysis, not the computer's own search), of `searched`, the position on screen
/// `pos`, and not of a finished game.
pub fn shown_analysis<'a>(
    analysis: Option<&'a Analysis<AnyMove>>,
    asked: bool,
    searched: &(String, String),
    pos: &AnyPosition,
) -> Option<&'a Analysis<AnyMove>> {
    analysis.filter(|_| asked && *searched == target(pos) && pos.outcome().is_none())
}

/// The values on the board's pits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// Each legal move's pit with its value.
    pub hints: Vec<(Cell, String)>,
    /// What the databases' proven values assume, when they are the ones shown.
    pub proven_note: Option<String>,
    /// The best move's pit.
    pub best: Option<Cell>,
}

/// The values on the pits of `pos`: the endgame databases' proven values (`endgame`), when the
/// rules have databases and they cover the position, else the shown analysis's (whose panel
/// says what its proven values assume); the best move among them is the analysis's first, or
/// the databases' highest value.
pub fn hints(pos: &AnyPosition, endgame: Option<&[(Cell, String)]>, shown: Option<&Analysis<AnyMove>>) -> Hints {
    let databases = pos.rules().has_databases();
    let analysis_hints: Vec<(Cell, String)> = shown
        .map(|a| {
            a.moves
                .iter()
                .filter(|m| pos.legal_moves().contains(&m.mv))
                .map(|m| (pos.move_cell(m.mv), m.value.short()))
                .collect()
        })
        .unwrap_or_default();
    let (hints, proven_note) = match (endgame, databases) {
        (Some(v), true) => (
            v.to_vec(),
            pos.rules()
                .proven_convention()
                .map(|c| format!("The values on the pits are proven by the endgame databases, assuming {c}.")),
        ),
        _ => (analysis_hints, None),
    };
    let best = match (endgame, databases, shown) {
        (Some(v), true, _) => v
            .iter()
            .filter_map(|(c, h)| Some((*c, h.trim_start_matches('+').parse::<i32>().ok()?)))
            .max_by_key(|&(_, n)| n)
            .map(|(c, _)| c),
        (_, _, Some(a)) => a.moves.first().filter(|m| pos.legal_moves().contains(&m.mv)).map(|m| pos.move_cell(m.mv)),
        _ => None,
    };
    Hints { hints, proven_note, best }
}

/// The bar under the board when the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The result.
    pub status: String,
    /// The label of the button that starts the game again.
    pub rematch: &'static str,
}

/// The game-over bar: at the end of a finished game's line, once the last move's seeds have
/// landed (`animating`: they have not).
pub fn game_over(g: &Game, animating: bool) -> Option<GameOver> {
    let pos = g.position();
    let over = pos.outcome().is_some() && g.ply() == g.moves().len();
    (over && !animating).then(|| GameOver {
        status: pos.status(),
        rematch: if g.start().family().is_solitaire() { "Play again" } else { "Rematch" },
    })
}

/// The controls of the view under the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewControls {
    /// "Move now" is shown: the computer is choosing its move by a search (not during the
    /// short pause of the random player and the book: no search).
    pub move_now: bool,
    /// "Flip board" is shown: the board has two sides.
    pub flip: bool,
    /// The board is turned round.
    pub flipped: bool,
    /// The sound is on.
    pub sound: bool,
}

impl ViewControls {
    /// The sound button's label.
    pub fn sound_label(&self) -> &'static str {
        if self.sound {
            "Sound: on"
        } else {
            "Sound: off"
        }
    }
}

/// The view's controls for the game `g` with the turn controller `turn`, the board
/// `flipped` and the `sound` on or off.
pub fn view_controls(g: &Game, turn: &Turn, flipped: bool, sound: bool) -> ViewControls {
    let move_now =
        matches!((turn.status(g), &turn.job), (Status::ComputerToMove { .. }, Some(Job::Thinking { id: 1.., .. })));
    ViewControls { move_now, flip: g.position().layout().two_sided(), flipped, sound }
}

/// How the computer chooses its move.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// A short pause, then this move (the book's), or a random one.
    Pause(Option<AnyMove>),
    /// The exact solver proves the move, within [`PERFECT_TIME_MS`].
    Prove,
    /// A 3 s search (the endgame databases at its leaves), its move not a proven one: why.
    Fallback(&'static str),
    /// A search to this depth, for at most `ms` (0: no limit), the databases valuing its
    /// leaves when `endgame`.
    Search {
        /// Depth, in moves.
        depth: u32,
        /// Time limit in milliseconds (0: none).
        ms: u64,
        /// The endgame databases value the leaves.
        endgame: bool,
    },
}

/// How the computer `who` chooses its move at `p`; `book`: the move proven in this browser
/// before (or shipped), looked up for the perfect player only.
pub fn plan(who: Opponent, book: Option<AnyMove>, p: &AnyPosition) -> Plan {
    match who {
        Opponent::Random => Plan::Pause(None),
        Opponent::Perfect if book.is_some() => Plan::Pause(book),
        Opponent::Perfect if p.rules().has_exact_solver() => Plan::Prove,
        // The endgame databases prove the moves they reach; short of them, the move of a 3 s
        // search with the databases at its leaves, said to be so.
        Opponent::Perfect if p.rules().has_databases() => Plan::Fallback(DATABASES_SHORT),
        Opponent::Perfect => Plan::Fallback(NO_SOLVER),
        o => {
            let (depth, ms, endgame) = o.limits().unwrap_or((2, 0, false));
            Plan::Search { depth, ms, endgame }
        }
    }
}

/// What to do with a computer's search once it has ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Play its best move.
    Best(AnyMove),
    /// The exact solver gave up (why): a 3 s search instead, its move said to be so.
    Retry(String),
    /// No search could choose (why): a legal move at random.
    Random(String),
}

/// What to do once the computer's search for `p` has ended with `analysis` or `error`;
/// `perfect`: the perfect player asked, `fallback`: its search is a fallback already.
pub fn answer(
    analysis: Option<&Analysis<AnyMove>>,
    error: Option<&String>,
    p: &AnyPosition,
    perfect: bool,
    fallback: bool,
) -> Answer {
    let moves = p.legal_moves();
    let best = analysis.and_then(|a| a.moves.first()).map(|m| m.mv).filter(|m| moves.contains(m));
    match (best, error) {
        (Some(mv), None) => Answer::Best(mv),
        (_, Some(err)) if perfect && !fallback => Answer::Retry(err.clone()),
        _ => Answer::Random(error.cloned().unwrap_or_else(|| "its search found no move".into())),
    }
}

/// What to say of a fallback's move `mv` by `side`, not a proven one: why.
pub fn fallback_note(side: Player, mv: AnyMove, why: &str) -> String {
    format!("{side} played {mv}, the best move of a 3 s search, not a proven one: {why}.")
}

/// What to say of a move `mv` by `side` played at random: why.
pub fn random_note(side: Player, mv: AnyMove, why: &str) -> String {
    format!("{side} played {mv} at random: {why}.")
}

/// The move "Move now" plays for the computer's turn `due` at `p`: its search's best move so
/// far, when the search (of `searched`) is of that turn and the move legal.
pub fn move_now_best(
    analysis: Option<&Analysis<AnyMove>>,
    searched: &(String, String),
    due: &Due,
    p: &AnyPosition,
) -> Option<AnyMove> {
    analysis
        .filter(|_| *searched == (due.rules.clone(), due.setup.clone()))
        .and_then(|a| a.moves.first())
        .map(|m| m.mv)
        .filter(|m| p.legal_moves().contains(m))
}

/// What to say of the move `mv` by `side` that "Move now" played.
pub fn move_now_note(side: Player, mv: AnyMove) -> String {
    format!("{side} played {mv} at once: the best move its search had found (Move now).")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Value;
    use crate::search::MoveValue;

    const FREE: View = View { previewing: false, animating: false };

    fn game(link: &str) -> Game {
        link.parse().expect("a valid link")
    }

    fn pit(owner: Player, index: u16) -> Cell {
        Cell::Pit { owner, index }
    }

    fn mv(p: &AnyPosition, name: &str) -> AnyMove {
        *p.legal_moves().iter().find(|m| m.to_string() == name).expect("a legal move")
    }

    /// An analysis of `moves` with these margins, best first.
    fn analysis(moves: &[(AnyMove, i32)]) -> Analysis<AnyMove> {
        Analysis {
            depth: 4,
            nodes: 100,
            value: Value::Margin(moves[0].1),
            exact: false,
            moves: moves.iter().map(|&(mv, m)| MoveValue { mv, value: Value::Margin(m), exact: false }).collect(),
            best_line: vec![moves[0].0],
            stopped: None,
        }
    }

    /// The turn controller with a computer's job for the end of `g`'s line: thinking by request
    /// `id`, or ready with its first legal move when `id` is `None`.
    fn job(g: &Game, id: Option<u32>) -> Turn {
        let due = Due::of(g).expect("a computer to move at the end");
        let job = match id {
            Some(id) => Job::Thinking { due, id },
            None => Job::Ready { due, mv: g.last().legal_moves()[0], note: None },
        };
        Turn { job: Some(job) }
    }

    #[test]
    fn the_tab_title_says_the_rules_and_the_move() {
        assert_eq!(tab_title(&game("rules=kalah-6-4")), "Kalah(6,4) — start — Mancala Lab");
        assert_eq!(tab_title(&game("rules=kalah-6-4&moves=cf")), "Kalah(6,4) — move 2 — Mancala Lab");
        let mut g = game("rules=kalah-6-4&moves=cf");
        g.goto(1);
        assert_eq!(tab_title(&g), "Kalah(6,4) — move 1 — Mancala Lab");
    }

    #[test]
    fn moves_are_described_and_targets_are_the_rules_and_setup() {
        let g = game("rules=kalah-6-4&moves=ca");
        assert_eq!(describe_move(&g, 1), "South plays c, moves again");
        assert_eq!(describe_move(&g, 2), "South plays a");
        let (rules, setup) = target(g.start());
        assert_eq!(rules, "kalah-6-4");
        assert_eq!(setup, g.start().to_string());
    }

    #[test]
    fn the_status_line_says_the_last_move_then_the_position() {
        let line = status_line(&game("rules=kalah-6-4"), &Turn::default(), FREE, 0.0);
        assert_eq!(line.said, Said::Result { last: String::new(), status: "South to move.".into() });
        assert_eq!((line.thinking, line.earlier, line.held), (None, None, None));
        let g = game("rules=kalah-6-4&moves=a");
        let line = status_line(&g, &Turn::default(), FREE, 0.0);
        assert_eq!(line.said, Said::Result { last: "South plays a. ".into(), status: "North to move.".into() });
        // While the seeds are sown, only who sows.
        let sowing = View { previewing: false, animating: true };
        assert_eq!(status_line(&g, &Turn::default(), sowing, 0.0).said, Said::Sowing("South sows a…".into()));
        // At the start there is no move to sow.
        let line = status_line(&game("rules=kalah-6-4"), &Turn::default(), sowing, 0.0);
        assert_eq!(line.said, Said::Result { last: String::new(), status: "South to move.".into() });
    }

    #[test]
    fn the_status_line_says_what_the_computer_is_doing() {
        let mut g = game("rules=kalah-6-4&moves=a");
        g.set_player(Player::North, Opponent::Hard);
        let line = status_line(&g, &job(&g, Some(3)), FREE, 2500.0);
        assert_eq!(line.thinking.as_deref(), Some(" North (computer) is thinking: 2 s of 1 s…"));
        // Not thinking yet: nothing said.
        assert_eq!(status_line(&g, &Turn::default(), FREE, 2500.0).thinking, None);
        g.set_player(Player::North, Opponent::Perfect);
        let line = status_line(&g, &job(&g, Some(3)), FREE, 12_900.0);
        assert_eq!(line.thinking.as_deref(), Some(" North (computer) is proving its move: 12 s, at most 60 s…"));
        g.set_player(Player::North, Opponent::Easy);
        let line = status_line(&g, &job(&g, Some(3)), FREE, 12_900.0);
        assert_eq!(line.thinking.as_deref(), Some(" North (computer) is thinking…"));
    }

    #[test]
    fn a_chosen_move_held_back_is_said_with_the_way_on() {
        let mut g = game("rules=kalah-6-4&moves=a&north=easy");
        let turn = job(&g, None);
        let previewing = View { previewing: true, animating: false };
        assert_eq!(
            status_line(&g, &turn, previewing, 0.0).held.as_deref(),
            Some(" North (computer) has its move ready: it plays once the preview is closed.")
        );
        g.goto(0);
        assert_eq!(
            status_line(&g, &turn, FREE, 0.0).held.as_deref(),
            Some(" North (computer) has its move ready: it plays at the game's end (End).")
        );
    }

    #[test]
    fn a_computer_to_move_before_the_end_is_said_instead_of_its_held_move() {
        let mut g = game("rules=kalah-6-4&moves=ab&north=easy&south=easy");
        let turn = job(&g, None);
        g.goto(1);
        let line = status_line(&g, &turn, FREE, 0.0);
        assert_eq!(line.earlier.as_deref(), Some(" North (computer) moves at the game's end: End goes there."));
        assert_eq!(line.held, None, "the earlier turn's line says it all");
    }

    #[test]
    fn a_refused_click_says_why() {
        let g = game("rules=kalah-6-4");
        let turn = Turn::default();
        assert_eq!(refusal(&turn, &g, pit(Player::North, 0)), "North a is North's pit: South is to move.");
        assert_eq!(refusal(&turn, &g, Cell::Store(Player::South)), "South store is empty: nothing to sow.");
        let g = game("rules=kalah-6-4&moves=c");
        assert_eq!(refusal(&turn, &g, pit(Player::South, 2)), "South c is empty: nothing to sow.");
        assert_eq!(refusal(&turn, &g, Cell::Store(Player::South)), "South store has no move now.");
        // The computer's turn: the turn's reason, whichever the pit.
        let g = game("rules=kalah-6-4&moves=a&north=easy");
        assert_eq!(
            refusal(&turn, &g, pit(Player::North, 0)),
            "North (the computer) is to move: this click is not played; play once it has moved (or make North a person in Players)."
        );
    }

    #[test]
    fn the_last_move_is_marked_and_its_captures_once_landed() {
        assert_eq!(sown(&game("rules=kalah-6-4"), true), Sown::default());
        let s = sown(&game("rules=kalah-6-4&moves=c"), true);
        assert_eq!(s.last_move, Some(pit(Player::South, 2)));
        assert_eq!(
            s.path,
            vec![pit(Player::South, 3), pit(Player::South, 4), pit(Player::South, 5), Cell::Store(Player::South)]
        );
        assert_eq!(s.captured, vec![]);
        assert!(!captures(&game("rules=kalah-6-4&moves=c")));
        // Always the last legal move, to the first capture: South e's last seed lands in the
        // empty f, and takes it with North's a, opposite.
        let mut g = game("rules=kalah-6-4");
        while !captures(&g) {
            let m = *g.position().legal_moves().last().expect("a capture before the game's end");
            g.play(m).expect("legal");
        }
        let landed = sown(&g, true);
        assert_eq!((landed.last_move, landed.path), (Some(pit(Player::South, 4)), vec![pit(Player::South, 5)]));
        assert_eq!(landed.captured, vec![pit(Player::North, 0), pit(Player::South, 5)]);
        assert_eq!(sown(&g, false).captured, vec![], "not before the seeds have landed");
    }

    #[test]
    fn the_board_shows_an_analysis_asked_for_at_the_position_on_screen() {
        let g = game("rules=kalah-6-4");
        let p = g.position();
        let a = analysis(&[(mv(p, "c"), 2), (mv(p, "a"), -1)]);
        let here = target(p);
        assert_eq!(shown_analysis(Some(&a), true, &here, p), Some(&a));
        assert_eq!(shown_analysis(Some(&a), false, &here, p), None, "the computer's own search");
        let elsewhere = target(game("rules=kalah-6-4&moves=a").position());
        assert_eq!(shown_analysis(Some(&a), true, &elsewhere, p), None, "another position");
        let over = game("rules=kalah-1-1&moves=a");
        assert_eq!(shown_analysis(Some(&a), true, &target(over.position()), over.position()), None, "over");

        let h = hints(p, None, Some(&a));
        assert_eq!(h.hints, vec![(pit(Player::South, 2), "+2".to_string()), (pit(Player::South, 0), "-1".to_string())]);
        assert_eq!((h.best, h.proven_note), (Some(pit(Player::South, 2)), None));
        // Kalah has no databases: their values are not shown.
        let endgame = [(pit(Player::South, 1), "+5".to_string())];
        assert_eq!(hints(p, Some(&endgame), Some(&a)).hints.len(), 2);
        assert_eq!(hints(p, None, None), Hints::default());
    }

    #[test]
    fn the_databases_values_come_first_with_what_they_assume() {
        let p = game("rules=oware").position().clone();
        let a = analysis(&[(mv(&p, "a"), 1)]);
        let endgame = [
            (pit(Player::South, 0), "+1".to_string()),
            (pit(Player::South, 1), "+3".to_string()),
            (pit(Player::South, 2), "-2".to_string()),
        ];
        let h = hints(&p, Some(&endgame), Some(&a));
        assert_eq!(h.hints, endgame.to_vec());
        assert_eq!(h.best, Some(pit(Player::South, 1)), "the highest value");
        assert_eq!(
            h.proven_note.as_deref(),
            Some(
                "The values on the pits are proven by the endgame databases, assuming that a game that would go on for ever shares the seeds left equally, and that play goes on to the last seed, past the majority that wins by the rules."
            )
        );
        // Without them, the analysis's.
        let h = hints(&p, None, Some(&a));
        assert_eq!((h.hints, h.best), (vec![(pit(Player::South, 0), "+1".to_string())], Some(pit(Player::South, 0))));
    }

    #[test]
    fn the_game_over_bar_shows_at_the_end_once_landed() {
        let mut g = game("rules=kalah-1-1&moves=a");
        let over = GameOver { status: "Game over: Draw, 1 to 1.".into(), rematch: "Rematch" };
        assert_eq!(game_over(&g, false), Some(over));
        assert_eq!(game_over(&g, true), None, "while the seeds are sown");
        g.goto(0);
        assert_eq!(game_over(&g, false), None, "not at the end");
        assert_eq!(game_over(&game("rules=kalah-6-4&moves=a"), false), None);
        // A solitaire is played again.
        let mut g = game("rules=tchoukaillon");
        while let Some(&m) = g.position().legal_moves().first() {
            g.play(m).expect("legal");
        }
        assert_eq!(game_over(&g, false).map(|o| o.rematch), Some("Play again"));
    }

    #[test]
    fn move_now_shows_while_a_search_chooses_the_computers_move() {
        let g = game("rules=kalah-6-4&moves=a&north=hard");
        let c = view_controls(&g, &job(&g, Some(4)), true, false);
        assert_eq!(c, ViewControls { move_now: true, flip: true, flipped: true, sound: false });
        assert_eq!(c.sound_label(), "Sound: off");
        // A pause (no search), a chosen move, no job: no Move now.
        assert!(!view_controls(&g, &job(&g, Some(0)), false, true).move_now);
        assert!(!view_controls(&g, &job(&g, None), false, true).move_now);
        assert!(!view_controls(&g, &Turn::default(), false, true).move_now);
        assert_eq!(view_controls(&g, &Turn::default(), false, true).sound_label(), "Sound: on");
        // Not at the end of the line: the computer's move is not the one on screen.
        let mut earlier = game("rules=kalah-6-4&moves=ab&north=hard&south=hard");
        let turn = job(&earlier, Some(4));
        earlier.goto(1);
        assert!(!view_controls(&earlier, &turn, false, true).move_now);
    }

    #[test]
    fn the_computer_plans_by_its_level_and_the_rules() {
        let kalah = game("rules=kalah-6-4").position().clone();
        let oware = game("rules=oware").position().clone();
        let dakon = game("rules=dakon-4").position().clone();
        let book = Some(mv(&kalah, "c"));
        assert_eq!(plan(Opponent::Random, book, &kalah), Plan::Pause(None));
        assert_eq!(plan(Opponent::Perfect, book, &kalah), Plan::Pause(book));
        assert_eq!(plan(Opponent::Perfect, None, &kalah), Plan::Prove);
        assert_eq!(plan(Opponent::Perfect, None, &oware), Plan::Fallback(DATABASES_SHORT));
        assert_eq!(plan(Opponent::Perfect, None, &dakon), Plan::Fallback(NO_SOLVER));
        assert_eq!(plan(Opponent::Easy, None, &kalah), Plan::Search { depth: 2, ms: 0, endgame: false });
        assert_eq!(plan(Opponent::Expert, None, &oware), Plan::Search { depth: 200, ms: 5000, endgame: true });
    }

    #[test]
    fn every_end_of_the_computers_search_ends_in_a_move() {
        let p = game("rules=kalah-6-4&moves=a").position().clone();
        let a = analysis(&[(mv(&p, "b"), 3)]);
        let err = "the solver ran out of memory".to_string();
        assert_eq!(answer(Some(&a), None, &p, false, false), Answer::Best(mv(&p, "b")));
        assert_eq!(answer(Some(&a), Some(&err), &p, true, false), Answer::Retry(err.clone()));
        assert_eq!(answer(Some(&a), Some(&err), &p, true, true), Answer::Random(err.clone()), "a fallback failed");
        assert_eq!(answer(None, Some(&err), &p, false, false), Answer::Random(err.clone()));
        assert_eq!(answer(None, None, &p, true, false), Answer::Random("its search found no move".into()));
        // A move that is not legal is no answer (c is empty after c).
        let start = game("rules=kalah-6-4").position().clone();
        let stale = analysis(&[(mv(&start, "c"), 3)]);
        let after_c = game("rules=kalah-6-4&moves=c").position().clone();
        assert_eq!(
            answer(Some(&stale), None, &after_c, false, false),
            Answer::Random("its search found no move".into())
        );
        let b = mv(&p, "b");
        assert_eq!(
            fallback_note(Player::North, b, NO_SOLVER),
            "North played b, the best move of a 3 s search, not a proven one: perfect play needs the exact solver, which is for Kalah."
        );
        assert_eq!(
            random_note(Player::North, b, "its search found no move"),
            "North played b at random: its search found no move."
        );
    }

    #[test]
    fn move_now_plays_the_searchs_best_move_of_the_turn() {
        let g = game("rules=kalah-6-4&moves=a&north=hard");
        let p = g.last().clone();
        let due = Due::of(&g).expect("North is due");
        let a = analysis(&[(mv(&p, "d"), 1), (mv(&p, "a"), 0)]);
        assert_eq!(move_now_best(Some(&a), &target(&p), &due, &p), Some(mv(&p, "d")));
        assert_eq!(move_now_best(Some(&a), &target(g.start()), &due, &p), None, "a search of another position");
        assert_eq!(move_now_best(None, &target(&p), &due, &p), None);
        assert_eq!(
            move_now_note(Player::North, mv(&p, "d")),
            "North played d at once: the best move its search had found (Move now)."
        );
    }
}

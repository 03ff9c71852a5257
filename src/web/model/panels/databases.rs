//! The endgame databases' panel: the seeds field and its limits, the build's status and
//! progress, and the proven values of the position on the board (its moves, its best line).

use crate::engine::{Cell, Player};
use crate::families::{AnyMove, AnyPosition};
use crate::web::group;
use crate::web::worker::databases::{EndgameReply, DEFAULT_PAGE_POSITIONS, MAX_PAGE_POSITIONS};

/// What the request in flight is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Loading the layers this browser kept.
    Load,
    /// Loading them, then building the rest.
    Build,
    /// Asking for a position's values.
    Query,
}

/// What the worker holds: rules, most seeds (`None`: nothing yet), bytes, and the id of the
/// build that said so (a new build's answer asks for the values again).
pub type HeldDatabases = (String, Option<usize>, u64, u32);

/// The default size for a board: 15 seeds on 6 pits a side, and on other boards the most seeds
/// whose databases are no bigger. The most is every seed of the game.
pub fn default_seeds(p: &AnyPosition) -> usize {
    let rules = p.rules();
    let k = (0..60).take_while(|&k| rules.databases_size(k + 1).is_some_and(|n| n <= DEFAULT_PAGE_POSITIONS)).count();
    k.min(seeds_in_play(p))
}

/// Every seed of the game: on the board and captured.
pub fn seeds_in_play(p: &AnyPosition) -> usize {
    (p.board_seeds() + p.store(Player::South) + p.store(Player::North)) as usize
}

/// Seeds the field accepts: every seed of this game, at most 60.
pub fn most_seeds(p: &AnyPosition) -> usize {
    seeds_in_play(p).min(60)
}

/// Bytes in words: "646 kB", "17 MB".
pub fn size_text(bytes: u64) -> String {
    if bytes < 1_000_000 {
        format!("{} kB", bytes.div_ceil(1000))
    } else {
        format!("{} MB", group((bytes / 1_000_000) as u128))
    }
}

/// A value with its sign: "+3", "0", "-2".
pub fn signed(v: i32) -> String {
    if v == 0 {
        "0".into()
    } else {
        format!("{v:+}")
    }
}

/// The field's size after a build's answer that holds databases to `seeds`: their size (at
/// most `most`) where the field as typed is smaller, so that Build never silently does
/// nothing; `None`: the field stays as it is.
pub fn field_after_build(typed: &str, seeds: Option<usize>, most: usize) -> Option<usize> {
    let typed = typed.trim().parse::<usize>().ok();
    seeds.map(|s| s.min(most)).filter(|&s| typed.is_some_and(|k| k < s))
}

/// Whether the field as typed asks for more seeds than `most` (a new setup of the same rules
/// with fewer seeds: the field goes back to the default).
pub fn field_too_large(typed: &str, most: usize) -> bool {
    typed.trim().parse::<usize>().is_ok_and(|k| k > most)
}

/// Whether the databases held cover the position `p` (a game not over, of their rules, with
/// no more seeds on the board than they hold): its values are then asked for.
pub fn covered(p: Option<&AnyPosition>, held: Option<&HeldDatabases>) -> bool {
    p.is_some_and(|p| {
        p.outcome().is_none()
            && held.is_some_and(|(r, s, _, _)| {
                *r == p.rules().to_string() && s.is_some_and(|s| s >= p.board_seeds() as usize)
            })
    })
}

/// The worker's values, when they are those of the position `rules` and `setup`.
pub fn values_of(reply: Option<&EndgameReply>, rules: &str, setup: &str) -> Option<EndgameReply> {
    match reply {
        Some(v @ EndgameReply::Values { rules: r, setup: s, .. }) if r == rules && s == setup => Some(v.clone()),
        _ => None,
    }
}

/// The pits' values for the board: each move's cell and its signed value (`None`: no values).
pub fn pit_values(position: &AnyPosition, shown: Option<&EndgameReply>) -> Option<Vec<(Cell, String)>> {
    match shown {
        Some(EndgameReply::Values { moves, .. }) => {
            Some(moves.iter().map(|m| (position.move_cell(m.mv), signed(m.value))).collect())
        }
        _ => None,
    }
}

/// What the panel's drawing is computed from.
pub struct DatabasesInput<'a> {
    /// The position on the board (of rules with databases).
    pub position: &'a AnyPosition,
    /// The seeds field as typed.
    pub seeds_text: &'a str,
    /// What the worker holds.
    pub held: Option<&'a HeldDatabases>,
    /// The worker's error.
    pub error: Option<&'a str>,
    /// A request is in flight.
    pub running: bool,
    /// What it is.
    pub mode: Mode,
    /// The build's latest progress report.
    pub progress: Option<&'a EndgameReply>,
    /// The position's values (see [`values_of`]).
    pub values: Option<&'a EndgameReply>,
}

/// The status line above the field: an error (`role="alert"`) or what is held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusLine {
    /// An error, not a status.
    pub error: bool,
    /// The text.
    pub text: String,
}

/// The position's proven values.
#[derive(Clone, Debug, PartialEq)]
pub struct ValuesView {
    /// The value, in bold: "South to move: +2 with perfect play".
    pub value: String,
    /// What the value counts, after it.
    pub detail: String,
    /// The convention a proven value assumes, where the rules have one.
    pub convention: Option<String>,
    /// Each move and its signed value.
    pub moves: Vec<(String, String)>,
    /// The best line.
    pub line: Vec<AnyMove>,
    /// Said after the line where it repeats ("" otherwise).
    pub more: &'static str,
    /// The line's first move (the button plays it; `None`: disabled).
    pub next: Option<AnyMove>,
}

/// What the panel shows below the field.
#[derive(Clone, Debug, PartialEq)]
pub enum DatabasesBody {
    /// The position's values.
    Values(ValuesView),
    /// A paragraph of this class.
    Note {
        /// Its class.
        class: &'static str,
        /// Its text.
        text: String,
    },
    /// Nothing.
    Nothing,
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DatabasesView {
    /// Seeds the field accepts (its `max`).
    pub most: usize,
    /// A build (or a load) is in flight: the field is disabled and Stop shown.
    pub building: bool,
    /// The seeds asked for, when the field is valid.
    pub wanted: Option<usize>,
    /// What is wrong with the field (Build disabled).
    pub field_error: Option<String>,
    /// The size of the databases asked for, when the field is valid.
    pub size: Option<String>,
    /// The status line.
    pub status: StatusLine,
    /// The build's progress, while building.
    pub progress: Option<String>,
    /// Below the field.
    pub body: DatabasesBody,
}

/// The panel for `input`.
pub fn databases_view(input: &DatabasesInput) -> DatabasesView {
    let p = input.position;
    let most = most_seeds(p);
    let building = input.running && input.mode != Mode::Query;
    let wanted = input.seeds_text.trim().parse::<usize>().ok().filter(|&k| k <= most);
    let total = wanted.and_then(|k| p.rules().databases_size(k));
    let too_big = total.is_some_and(|t| t > MAX_PAGE_POSITIONS);
    let field_error = match (wanted, too_big) {
        (None, _) => Some(format!("Seeds on the board: a whole number from 0 to {most} (every seed of this game)")),
        (_, true) => Some(format!(
            "Too big for the page: at most {} positions. The command-line tool (mancala-lab endgame) goes further.",
            group(MAX_PAGE_POSITIONS as u128)
        )),
        _ => None,
    };
    let size = match (total.filter(|_| field_error.is_none()), wanted) {
        (Some(t), Some(k)) => Some(format!("{} positions with {k} seeds or fewer on the board", group(t as u128))),
        _ => None,
    };
    DatabasesView {
        most,
        building,
        wanted,
        field_error,
        size,
        status: status_line(input, building),
        progress: input.progress.filter(|_| building).and_then(progress_text),
        body: body(input),
    }
}

/// The status line: the worker's error, what is held, or what is under way.
fn status_line(input: &DatabasesInput, building: bool) -> StatusLine {
    let held = |text: &str| StatusLine { error: false, text: text.to_string() };
    match (input.held, input.error) {
        (_, Some(e)) if !input.running => StatusLine { error: true, text: e.to_string() },
        (Some((_, Some(s), bytes, _)), _) => held(&format!(
            "Built to {s} seeds on the board, kept in this browser: the databases hold {}.",
            size_text(*bytes)
        )),
        _ if building && input.mode == Mode::Load => held("Loading the layers this browser kept…"),
        _ if building => held("Building: each layer is kept in this browser as soon as it is finished."),
        _ => held("Not built yet in this browser."),
    }
}

/// A build's progress report in words (`None`: not a progress report).
fn progress_text(reply: &EndgameReply) -> Option<String> {
    let EndgameReply::Progress { layer, done, of, built, bytes, rate } = reply else { return None };
    Some(format!(
        // The memory the build uses now: the layers finished and this layer's work
        // tables (8 bytes a position, let go when the layer is done).
        "Layer {layer}: {} of {} positions · {} built · {} positions/s · memory in use {} (the layers finished and this layer's work tables)",
        group(*done as u128), group(*of as u128), group(*built as u128), group(*rate as u128), size_text(*bytes)
    ))
}

/// Below the field: the position's values, or why there are none.
fn body(input: &DatabasesInput) -> DatabasesBody {
    let p = input.position;
    let on_board = p.board_seeds();
    match input.values {
        Some(EndgameReply::Values { value, moves, line, repeats, .. }) => {
            let c = (p.store(Player::South), p.store(Player::North));
            DatabasesBody::Values(ValuesView {
                value: format!("{} to move: {} with perfect play", p.turn(), signed(*value)),
                detail: format!(
                    " — the captured seeds at the end, {} minus {} (so far South {}, North {})",
                    p.turn(),
                    !p.turn(),
                    c.0,
                    c.1
                ),
                convention: p.rules().proven_convention().map(|c| {
                    format!("Proven assuming {c}: the rules' own ending depends on where the players stop.")
                }),
                moves: moves.iter().map(|m| (m.mv.to_string(), signed(m.value))).collect(),
                line: line.clone(),
                more: if *repeats && line.len() <= 20 { " … then it repeats (worth 0 from there)" } else { "" },
                next: line.first().copied(),
            })
        }
        _ if p.outcome().is_some() => DatabasesBody::Note {
            class: "endgame-over",
            text: "The game is over: nothing left to value. Step back through the moves to see the values of earlier positions.".into(),
        },
        _ => match input.held {
            Some((_, Some(s), _, _)) if (on_board as usize) > *s => DatabasesBody::Note {
                class: "endgame-outside",
                text: format!("{on_board} seeds on the board: the databases cover {s}. Play on, or build further."),
            },
            _ => DatabasesBody::Nothing,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::AnyRules;
    use crate::web::worker::databases::DatabaseMove;

    fn awari(setup: &str) -> AnyPosition {
        "awari".parse::<AnyRules>().unwrap().parse_setup(setup).unwrap()
    }

    fn input<'a>(p: &'a AnyPosition, seeds_text: &'a str) -> DatabasesInput<'a> {
        DatabasesInput {
            position: p,
            seeds_text,
            held: None,
            error: None,
            running: false,
            mode: Mode::Load,
            progress: None,
            values: None,
        }
    }

    #[test]
    fn sizes_and_signs_in_words() {
        assert_eq!(size_text(0), "0 kB");
        assert_eq!(size_text(645_200), "646 kB");
        assert_eq!(size_text(17_400_000), "17 MB");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(-2), "-2");
    }

    #[test]
    fn the_field_follows_the_game_and_the_builds() {
        let start = "awari".parse::<AnyRules>().unwrap().start();
        assert_eq!((seeds_in_play(&start), most_seeds(&start), default_seeds(&start)), (48, 48, 15));
        assert_eq!(field_after_build("10", Some(20), 48), Some(20));
        assert_eq!(field_after_build("10", Some(60), 48), Some(48));
        assert_eq!(field_after_build("30", Some(20), 48), None);
        assert_eq!(field_after_build("x", Some(20), 48), None);
        assert!(field_too_large(" 50 ", 48));
        assert!(!field_too_large("48", 48));
        assert!(!field_too_large("", 48));
    }

    #[test]
    fn the_field_is_checked_and_sized() {
        let start = "awari".parse::<AnyRules>().unwrap().start();
        let v = databases_view(&input(&start, "8"));
        assert_eq!((v.most, v.wanted, v.field_error.as_deref(), v.building), (48, Some(8), None, false));
        let size = start.rules().databases_size(8).unwrap();
        assert_eq!(v.size, Some(format!("{} positions with 8 seeds or fewer on the board", group(size as u128))));
        let v = databases_view(&input(&start, "49"));
        assert_eq!(
            v.field_error.as_deref(),
            Some("Seeds on the board: a whole number from 0 to 48 (every seed of this game)")
        );
        assert_eq!((v.wanted, v.size), (None, None));
        let v = databases_view(&input(&start, "40"));
        assert!(v.field_error.unwrap().starts_with("Too big for the page: at most 90,000,000 positions."));
        assert_eq!(v.size, None);
    }

    #[test]
    fn the_status_says_what_is_held_or_under_way() {
        let start = "awari".parse::<AnyRules>().unwrap().start();
        let mut i = input(&start, "8");
        assert_eq!(databases_view(&i).status.text, "Not built yet in this browser.");
        i.running = true;
        let v = databases_view(&i);
        assert!(v.building);
        assert_eq!(v.status.text, "Loading the layers this browser kept…");
        i.mode = Mode::Build;
        assert!(databases_view(&i).status.text.starts_with("Building: each layer"));
        let progress =
            EndgameReply::Progress { layer: 7, done: 1500, of: 3000, built: 12000, bytes: 2_500_000, rate: 1234.4 };
        i.progress = Some(&progress);
        assert_eq!(
            databases_view(&i).progress.as_deref(),
            Some("Layer 7: 1,500 of 3,000 positions · 12,000 built · 1,234 positions/s · memory in use 2 MB (the layers finished and this layer's work tables)")
        );
        // A query in flight is no build: no progress, the field enabled.
        i.mode = Mode::Query;
        let v = databases_view(&i);
        assert_eq!((v.building, v.progress), (false, None));
        let held = ("awari".to_string(), Some(12), 646_000, 3);
        i.held = Some(&held);
        let v = databases_view(&i);
        let expected = "Built to 12 seeds on the board, kept in this browser: the databases hold 646 kB.";
        assert_eq!(v.status, StatusLine { error: false, text: expected.into() });
        // The worker's error, once it has stopped.
        i.error = Some("out of memory");
        assert_eq!(databases_view(&i).status.text, expected);
        i.running = false;
        assert_eq!(databases_view(&i).status, StatusLine { error: true, text: "out of memory".into() });
    }

    #[test]
    fn the_values_of_the_position_are_shown_and_put_on_the_pits() {
        let setup = "1.0.0.2.0.1-0.1.1.0.2.0-20.20-s";
        let p = awari(setup);
        let mv = |m: &str| p.parse_move(m).unwrap();
        let values = EndgameReply::Values {
            rules: "awari".into(),
            setup: setup.into(),
            value: 0,
            moves: vec![DatabaseMove { mv: mv("a"), value: 0 }, DatabaseMove { mv: mv("d"), value: -4 }],
            line: vec![mv("a")],
            repeats: true,
            seeds: 8,
        };
        assert!(values_of(Some(&values), "awari", "other").is_none());
        let shown = values_of(Some(&values), "awari", setup);
        assert_eq!(shown.as_ref(), Some(&values));
        let pits = pit_values(&p, shown.as_ref()).unwrap();
        assert_eq!(pits.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>(), ["0", "-4"]);
        assert_eq!(pits[0].0, p.move_cell(mv("a")));
        let mut i = input(&p, "8");
        i.values = shown.as_ref();
        let DatabasesBody::Values(v) = databases_view(&i).body else { panic!("values") };
        assert_eq!(v.value, "South to move: 0 with perfect play");
        assert_eq!(v.detail, " — the captured seeds at the end, South minus North (so far South 20, North 20)");
        assert_eq!(v.moves, [("a".to_string(), "0".to_string()), ("d".into(), "-4".into())]);
        assert_eq!((v.more, v.next), (" … then it repeats (worth 0 from there)", Some(mv("a"))));
        assert_eq!(v.convention.is_some(), p.rules().proven_convention().is_some());
    }

    #[test]
    fn without_values_the_panel_says_why() {
        let p = awari("1.0.0.2.0.1-0.1.1.0.2.0-20.20-s");
        assert_eq!(p.rules().to_string(), "awari-6-4");
        let held = ("awari-6-4".to_string(), Some(6), 1000, 1);
        assert!(!covered(Some(&p), Some(&held)));
        let mut i = input(&p, "8");
        i.held = Some(&held);
        assert_eq!(
            databases_view(&i).body,
            DatabasesBody::Note {
                class: "endgame-outside",
                text: "8 seeds on the board: the databases cover 6. Play on, or build further.".into()
            }
        );
        let held = ("awari-6-4".to_string(), Some(8), 1000, 1);
        assert!(covered(Some(&p), Some(&held)));
        assert!(!covered(None, Some(&held)));
        assert!(!covered(Some(&p), Some(&("kalah-6-4".to_string(), Some(8), 1000, 1))));
        assert!(!covered(Some(&p), None));
        i.held = Some(&held);
        assert_eq!(databases_view(&i).body, DatabasesBody::Nothing);
        // A game over: nothing to ask for, and the panel says so.
        let over = awari("0.0.0.0.0.0-0.0.0.0.0.0-24.24-s");
        assert!(!covered(Some(&over), Some(&held)));
        let DatabasesBody::Note { class, text } = databases_view(&input(&over, "8")).body else { panic!("note") };
        assert_eq!(class, "endgame-over");
        assert!(text.starts_with("The game is over: nothing left to value."));
    }
}

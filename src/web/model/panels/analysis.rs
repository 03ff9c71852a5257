//! The analysis panel: which buttons it enables, the solver's settings, and what it says of
//! the search (its state, its figures, the value of the position and of every move, the best
//! line) for the position on screen.

use crate::engine::Value;
use crate::families::{AnyMove, AnyPosition};
use crate::search::Analysis;
use crate::web::group;

/// What the panel's drawing is computed from: the position on screen and the analysis
/// worker's state.
pub struct AnalysisInput<'a> {
    /// The position on screen.
    pub position: &'a AnyPosition,
    /// The position searched, as rules and setup (empty: none yet).
    pub target: &'a (String, String),
    /// The search was the panel's (not the computer's).
    pub ours: bool,
    /// A request is in flight.
    pub running: bool,
    /// The search ended by itself (not stopped).
    pub finished: bool,
    /// Its latest finished iteration.
    pub analysis: Option<&'a Analysis<AnyMove>>,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the request was sent, ms.
    pub elapsed_ms: f64,
    /// The worker's error.
    pub error: Option<&'a str>,
    /// The exact solver's window of each root move being proven: (move, lower, upper).
    pub windows: &'a [(AnyMove, i32, i32)],
    /// Workers sharing the search.
    pub workers: usize,
    /// Memory the search used, bytes.
    pub memory_bytes: u64,
    /// The answer came from the opening book.
    pub from_book: bool,
}

/// An option of a select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its value.
    pub value: String,
    /// Its text.
    pub label: String,
    /// Selected.
    pub selected: bool,
}

/// The search's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The depth, or the best line's length once proven: its label and number.
    pub depth: Option<(&'static str, u32)>,
    /// Workers sharing the search, when more than one.
    pub workers: Option<usize>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes searched, grouped.
    pub nodes_text: String,
    /// Nodes a second, grouped.
    pub rate: String,
    /// The time, whole milliseconds.
    pub ms: String,
    /// The time in seconds: "1.5 s".
    pub time: String,
    /// The memory used, when said: "12 MiB".
    pub memory: Option<String>,
}

/// The value of the position and of each move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueLines {
    /// The position's value.
    pub value: String,
    /// Each move with its value.
    pub moves: Vec<MoveLine>,
    /// What a proven value from the endgame databases assumes, where it matters.
    pub convention: Option<String>,
    /// Where not every move is proven, how to have them proven (and so a worse move's
    /// **Why?**).
    pub why_note: Option<String>,
}

/// A move with its value, in the list of values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// "c: -4 proven".
    pub text: String,
    /// A proven move below the best of a position whose every move is proven: why it is
    /// worse can be asked.
    pub why: Option<Why>,
}

/// A move worse than the best, to explain: its value and the best, for the side to move, on
/// the scale of the puzzles' words (a margin; 1 or -1; 1 or 0 for a solitaire).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Why {
    /// The move.
    pub mv: AnyMove,
    /// The best move's value.
    pub best: i32,
    /// Its value.
    pub value: i32,
}

/// A proven value on the words' scale: Dakon's won or lost game by its margin.
fn known(v: Value) -> i32 {
    match v {
        Value::Won(by) => by as i32,
        Value::Lost(by) => -(by as i32),
        v => v.number(),
    }
}

/// The explanation of the move `why` of `pos`, once a search of the position after it has
/// given its best line (`after`): in words, with the wrong move and its refutation as a line
/// to preview. "c gives the win away: with best play you lose by 4. North plays e, captures 3."
pub fn explanation(pos: &AnyPosition, why: Why, after: &Analysis<AnyMove>) -> (String, Vec<AnyMove>) {
    let r = crate::puzzles::refutation_of_line(pos, why.mv, why.value, &after.best_line);
    let mut line = vec![why.mv];
    line.extend(&r.line);
    (crate::puzzles::words::worse_in_game(pos, &r, why.best), line)
}

/// What the panel says of a search of the position on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Its state: "Searching… ", "Done. " or "Stopped. ".
    pub state: &'static str,
    /// The answer came from the opening book.
    pub from_book: bool,
    /// The worker's error.
    pub error: Option<String>,
    /// The solver's windows, while proving.
    pub window: Option<String>,
    /// The figures, once there are some.
    pub figures: Option<Figures>,
    /// The values, once an iteration has finished.
    pub value: Option<ValueLines>,
}

/// What the panel says below its buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchState {
    /// The game is over.
    Over,
    /// The search was of another position: what to say.
    Stale(&'static str),
    /// A search of the position on screen.
    Info(Box<SearchInfo>),
    /// Nothing.
    Nothing,
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisView {
    /// The game is over: the search buttons disabled.
    pub over: bool,
    /// The rules have an exact solver: Solve and its settings shown.
    pub exact: bool,
    /// What the panel says of the search.
    pub state: SearchState,
    /// The best line to preview, when there is one.
    pub best_line: Option<Vec<AnyMove>>,
}

/// The solver's memory choices (`choices` MiB, `memory_mib` selected) and workers' (auto,
/// `auto` of them, or 1 to 4; `setting` selected, 0 for auto).
pub fn solver_choices(choices: &[usize], memory_mib: usize, setting: usize, auto: usize) -> (Vec<Choice>, Vec<Choice>) {
    let memory = choices
        .iter()
        .map(|m| Choice { value: m.to_string(), label: format!("{m} MiB"), selected: *m == memory_mib })
        .collect();
    let workers =
        std::iter::once(Choice { value: "0".into(), label: format!("auto ({auto})"), selected: setting == 0 })
            .chain((1..=4).map(|n| Choice { value: n.to_string(), label: n.to_string(), selected: n == setting }))
            .collect();
    (memory, workers)
}

/// The panel for `input`.
pub fn analysis_view(input: &AnalysisInput) -> AnalysisView {
    let pos = input.position;
    let over = pos.outcome().is_some();
    let here = *input.target == (pos.rules().to_string(), pos.to_string());
    let analysis = input.analysis.filter(|_| here && input.ours && !over);
    let state = if over {
        SearchState::Over
    } else if input.ours && !here && (input.running || input.finished) && !input.target.0.is_empty() {
        // Asked while the computer was to move (or before a move): the position has
        // changed since, so the answer is not for the board.
        SearchState::Stale(if input.running {
            "Searching a position that is no longer on the board (the game moved on): ask again here for this one."
        } else {
            "That search was of an earlier position (the game moved on): ask again for this one."
        })
    } else if input.ours
        && here
        && (input.running || input.nodes > 0 || input.analysis.is_some() || input.error.is_some())
    {
        SearchState::Info(Box::new(search_info(input, analysis)))
    } else {
        SearchState::Nothing
    };
    AnalysisView {
        over,
        exact: pos.rules().has_exact_solver(),
        state,
        best_line: analysis.filter(|a| !a.best_line.is_empty()).map(|a| a.best_line.clone()),
    }
}

/// What the panel says of a search of the position on screen (`analysis`: its latest
/// iteration).
fn search_info(input: &AnalysisInput, analysis: Option<&Analysis<AnyMove>>) -> SearchInfo {
    let window = (input.running && !input.windows.is_empty()).then(|| {
        format!(
            "Proving {}",
            input
                .windows
                .iter()
                .map(|(mv, lo, hi)| format!("move {mv}: between {lo:+} and {hi:+}"))
                .collect::<Vec<_>>()
                .join("; ")
        )
    });
    SearchInfo {
        state: if input.running {
            "Searching… "
        } else if input.finished {
            "Done. "
        } else {
            "Stopped. "
        },
        from_book: input.from_book,
        error: input.error.map(str::to_string),
        window,
        figures: (input.nodes > 0 || input.running).then(|| figures(input)),
        value: analysis.map(|a| value_lines(input.position, a)),
    }
}

/// The search's figures.
fn figures(input: &AnalysisInput) -> Figures {
    let nps = if input.elapsed_ms > 0.0 { input.nodes as f64 / input.elapsed_ms * 1000.0 } else { 0.0 };
    Figures {
        // Proven and done: the length of the best line shown (the depth that proved it can
        // be shorter, where the databases value the leaves).
        depth: input.analysis.filter(|a| a.depth > 0).map(|a| {
            if a.exact && input.finished && !a.best_line.is_empty() {
                ("best line", a.best_line.len() as u32)
            } else {
                ("depth", a.depth)
            }
        }),
        workers: (input.workers > 1).then_some(input.workers),
        nodes: input.nodes,
        nodes_text: group(input.nodes.into()),
        rate: group(nps.max(0.0).round() as u128),
        ms: format!("{:.0}", input.elapsed_ms),
        time: format!("{:.1} s", input.elapsed_ms / 1000.0),
        memory: (input.memory_bytes > 0).then(|| format!("{} MiB", input.memory_bytes >> 20)),
    }
}

/// The value of `pos` and of each move, as analysed in `a`.
fn value_lines(pos: &AnyPosition, a: &Analysis<AnyMove>) -> ValueLines {
    let solitaire = pos.family().is_solitaire();
    let value = if solitaire {
        match a.value {
            Value::Winnable(true) => "This position can be won: the winning move is marked.".to_string(),
            _ => "This position can no longer be won.".to_string(),
        }
    } else {
        let proven = if a.exact { "(proven)" } else { "(to this depth)" };
        format!("Value for {}: {} {} — {}", pos.player_name(pos.turn()), a.value, proven, pos.rules().title())
    };
    // Every move proven: a move below the best can be explained.
    let proven = !a.moves.is_empty() && a.moves.iter().all(|m| m.exact);
    let best = a.moves.iter().map(|m| known(m.value)).max().unwrap_or(0);
    ValueLines {
        value,
        moves: a
            .moves
            .iter()
            .map(|m| MoveLine {
                text: format!("{}: {}{}", m.mv, m.value, if m.exact && !solitaire { " proven" } else { "" }),
                why: (proven && known(m.value) < best).then_some(Why { mv: m.mv, best, value: known(m.value) }),
            })
            .collect(),
        why_note: (!proven && !a.moves.is_empty() && !solitaire).then(|| {
            let how = if pos.rules().has_exact_solver() {
                "press Solve"
            } else if pos.rules().has_databases() {
                "once few seeds are left, build the endgame databases (below) to the seeds on the board, then Analyze"
            } else {
                "Analyze until the search proves them"
            };
            format!("Why? beside a worse move, once every move's value is proven: {how}.")
        }),
        convention: pos.rules().proven_convention().filter(|_| a.moves.iter().any(|m| m.exact)).map(|c| {
            format!("A proven value that comes from the endgame databases (the positions they cover, at the search's leaves) assumes {c}. Where the rules end the game sooner, by a repeated position that gives each player the seeds on his side, it can differ, even in who wins.")
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::AnyRules;

    fn kalah() -> AnyPosition {
        "kalah-4-3".parse::<AnyRules>().unwrap().start()
    }

    fn target(p: &AnyPosition) -> (String, String) {
        (p.rules().to_string(), p.to_string())
    }

    fn input<'a>(p: &'a AnyPosition, target: &'a (String, String)) -> AnalysisInput<'a> {
        AnalysisInput {
            position: p,
            target,
            ours: true,
            running: false,
            finished: false,
            analysis: None,
            nodes: 0,
            elapsed_ms: 0.0,
            error: None,
            windows: &[],
            workers: 1,
            memory_bytes: 0,
            from_book: false,
        }
    }

    #[test]
    fn the_solver_settings_list_their_choices() {
        let (memory, workers) = solver_choices(&[128, 256], 256, 0, 3);
        assert_eq!(
            memory,
            [
                Choice { value: "128".into(), label: "128 MiB".into(), selected: false },
                Choice { value: "256".into(), label: "256 MiB".into(), selected: true },
            ]
        );
        assert_eq!(workers.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["auto (3)", "1", "2", "3", "4"]);
        assert_eq!(workers.iter().map(|c| c.selected).collect::<Vec<_>>(), [true, false, false, false, false]);
        let (_, workers) = solver_choices(&[128], 128, 2, 3);
        assert_eq!(workers.iter().position(|c| c.selected), Some(2));
        assert_eq!(workers[2].value, "2");
    }

    #[test]
    fn an_analysis_of_the_position_shows_its_figures_and_values() {
        let p = kalah();
        let t = target(&p);
        let a = p.analyze_fixed_depth(3);
        let mut i = input(&p, &t);
        assert_eq!(analysis_view(&i).state, SearchState::Nothing);
        i.analysis = Some(&a);
        i.nodes = 12_345;
        i.elapsed_ms = 2000.0;
        i.finished = true;
        i.workers = 2;
        i.memory_bytes = 5 << 20;
        let view = analysis_view(&i);
        assert!(!view.over);
        assert_eq!(view.best_line.as_ref(), Some(&a.best_line));
        let SearchState::Info(info) = view.state else { panic!("info") };
        assert_eq!((info.state, info.window.as_deref(), info.error.as_deref()), ("Done. ", None, None));
        let f = info.figures.unwrap();
        // Not proven: the depth searched, not the best line's length.
        assert_eq!((a.exact, f.depth), (false, Some(("depth", 3))));
        assert_eq!((f.workers, f.nodes, f.nodes_text.as_str()), (Some(2), 12_345, "12,345"));
        assert_eq!((f.rate.as_str(), f.ms.as_str(), f.time.as_str()), ("6,173", "2000", "2.0 s"));
        assert_eq!(f.memory.as_deref(), Some("5 MiB"));
        let v = info.value.unwrap();
        assert_eq!(v.value, "Value for South: +1 (to this depth) — Kalah(4,3)");
        assert_eq!(v.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["b: +1", "c: -1", "d: -1", "a: -2"]);
        // Not proven: nothing to explain, and how to have it explained.
        assert!(v.moves.iter().all(|m| m.why.is_none()));
        assert_eq!(
            v.why_note.as_deref(),
            Some("Why? beside a worse move, once every move's value is proven: press Solve.")
        );
        assert_eq!(v.convention, None);
    }

    #[test]
    fn a_search_in_progress_says_what_it_proves() {
        let p = kalah();
        let t = target(&p);
        let mv = p.legal_moves()[0];
        let windows = [(mv, -2, 3)];
        let mut i = input(&p, &t);
        i.running = true;
        i.windows = &windows;
        let SearchState::Info(info) = analysis_view(&i).state else { panic!("info") };
        assert_eq!(info.state, "Searching… ");
        assert_eq!(info.window, Some(format!("Proving move {mv}: between -2 and +3")));
        let f = info.figures.unwrap();
        assert_eq!((f.depth, f.workers, f.rate.as_str(), f.memory), (None, None, "0", None));
        assert_eq!(info.value, None);
    }

    #[test]
    fn a_search_of_another_position_is_stale() {
        let p = kalah();
        let other = ("kalah-4-3".to_string(), "elsewhere".to_string());
        let a = p.analyze_fixed_depth(2);
        let mut i = input(&p, &other);
        i.analysis = Some(&a);
        i.finished = true;
        let view = analysis_view(&i);
        assert_eq!(
            view.state,
            SearchState::Stale("That search was of an earlier position (the game moved on): ask again for this one.")
        );
        assert_eq!(view.best_line, None);
        i.running = true;
        assert!(matches!(analysis_view(&i).state, SearchState::Stale(s) if s.starts_with("Searching a position")));
        // The computer's search: the panel says nothing of it.
        i.ours = false;
        assert_eq!(analysis_view(&i).state, SearchState::Nothing);
        // Nothing asked yet.
        let none = (String::new(), String::new());
        let i = AnalysisInput { ours: true, ..input(&p, &none) };
        assert_eq!(analysis_view(&AnalysisInput { finished: true, ..i }).state, SearchState::Nothing);
    }

    #[test]
    fn a_proven_worse_move_is_explained() {
        use crate::families::SolveRequest;
        use crate::search::NoHandler;
        let p: AnyPosition = "kalah-3-3".parse::<AnyRules>().unwrap().start();
        let req = SolveRequest { table_mib: Some(4), ..SolveRequest::threads(1) };
        let mut solver = p.exact_solver(&req).unwrap().unwrap();
        let a = solver.analyze_moves(&p, None, None, &mut NoHandler).unwrap();
        let t = target(&p);
        let i = AnalysisInput { analysis: Some(&a), finished: true, nodes: 1, ..input(&p, &t) };
        let SearchState::Info(info) = analysis_view(&i).state else { panic!("info") };
        let v = info.value.unwrap();
        assert_eq!(v.why_note, None);
        let moves = v.moves;
        let text: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(text, ["a: +2 proven", "b: +2 proven", "c: -4 proven"]);
        // Only c is below the best.
        let whys: Vec<Why> = moves.iter().filter_map(|m| m.why).collect();
        assert_eq!(whys.len(), 1);
        let why = whys[0];
        assert_eq!((why.mv.to_string(), why.best, why.value), ("c".to_string(), 2, -4));
        // The search of the position after c: its best line, cut at the defence's capture.
        let (after, _) = p.play(why.mv).unwrap();
        let b = solver.analyze_moves(&after, None, None, &mut NoHandler).unwrap();
        let (words, line) = explanation(&p, why, &b);
        assert!(words.starts_with("c gives the win away: with best play you lose by 4. North "), "{words}");
        assert_eq!(line[0], why.mv);
        assert!(line.len() > 1 && line[1..] == b.best_line[..line.len() - 1], "{line:?} {:?}", b.best_line);
    }
}

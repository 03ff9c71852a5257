//! The Dakon page's view model: the paper's printed openings and figures for a board, the
//! searches' buttons and progress lines, each answer's table rows and sentences, and the
//! replay's words.

use crate::data::{rows, DAKON_COUNTS as COUNTS, DAKON_LINES as LINES, DAKON_SEARCHES as SEARCHES};
use crate::engine::text::group;
use crate::labs::dakon::deep::DeepFound;
use crate::labs::dakon::openings::{Found, Goal, Survey, Trial};
use crate::labs::dakon::{
    self, Board, DakonGoal, DakonLab, DakonParams, DakonTask, Move, MAX_DAKON_BOARDS, MAX_DAKON_SURVEY,
};
use crate::web::route::Route;

/// A printed opening of the paper: where, its holes, and where it disagrees with its table.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    /// Where the paper prints it.
    pub source: String,
    /// Its holes (numbered 1..n from the mover's left).
    pub holes: Vec<usize>,
    /// Where the paper's figures for it differ from the line's, in words.
    pub notes: Vec<String>,
}

/// The distinct printed openings of Dakon-n.
pub fn printed(n: usize) -> Vec<Printed> {
    let mut out: Vec<Printed> = vec![];
    for r in rows(LINES).filter(|r| r.len() > 6 && r[1] == n.to_string()) {
        // Every printed line reads (tests/native/lab_dakon.rs replays them all).
        let Ok(holes) = dakon::parse_holes(r[6]) else { continue };
        let i = match out.iter().position(|p| p.holes == holes) {
            Some(i) => i,
            None => {
                out.push(Printed { source: r[0].to_string(), holes, notes: vec![] });
                out.len() - 1
            }
        };
        if r[3] != r[4] {
            out[i]
                .notes
                .push(format!("{} ({}): the paper says {}, the line gives {} — {}", r[0], r[2], r[3], r[4], r[5]));
        }
    }
    out
}

/// The length of the shortest printed opening, if any is printed.
pub fn best_printed(printed: &[Printed]) -> Option<u32> {
    printed.iter().map(|p| p.holes.len() as u32).min()
}

/// A figure the paper prints for Dakon-n (`figure` as in `dakon_searches.tsv`).
pub fn paper(n: usize, figure: &str) -> String {
    rows(SEARCHES)
        .find(|r| r.len() > 3 && r[1] == n.to_string() && r[2] == figure)
        .map_or("—".to_string(), |r| r[3].to_string())
}

/// The paper's sequence and winning counts for Dakon-n, and the data file's note on them.
pub fn paper_counts(n: usize) -> (String, String, String) {
    let num = |x: &str| x.parse::<u128>().map_or(x.to_string(), group);
    rows(COUNTS)
        .find(|r| r.len() > 2 && r[0] == n.to_string())
        .map_or(("—".into(), "—".into(), String::new()), |r| {
            (num(r[1]), num(r[2]), r.get(6).map_or(String::new(), |x| x.to_string()))
        })
}

/// The page of Dakon-`n`, replaying `line` (the paper's hole numbers) if given.
pub fn route(n: usize, line: Option<&[usize]>) -> Route {
    Route::lab::<DakonLab>(DakonParams { n, line: line.map(<[usize]>::to_vec) })
}

/// What a task asked, for its answer's heading.
pub fn task_label(t: &DakonTask) -> String {
    match t {
        DakonTask::Survey { n } => format!("Dakon-{n}: every first turn counted"),
        DakonTask::Search { n, goal, .. } => format!(
            "Dakon-{n}: {}",
            match goal {
                DakonGoal::Shortest => "shortest opening",
                DakonGoal::MinLaps => "least lap count",
                DakonGoal::MinCycles => "minimum-cycle opening",
            }
        ),
        DakonTask::Prove { n, bound } => format!("Dakon-{n}: proof within {bound} moves"),
    }
}

/// Why Dakon-n cannot be surveyed in the browser (the survey button's tooltip), or nothing.
pub fn survey_refusal(n: usize) -> String {
    if n > MAX_DAKON_SURVEY {
        format!("Dakon-{n} is too large to survey in the browser: use the CLI (mancala-lab dakon survey {n})")
    } else {
        String::new()
    }
}

/// The depth-first proof's bound: the one typed for this board (`typed`: the board and the
/// bound), else one move less than the shortest printed opening, so that "none" proves the
/// printed one shortest.
pub fn bound_value(typed: Option<(usize, u32)>, n: usize, best_printed: Option<u32>) -> u32 {
    typed.filter(|&(k, _)| k == n).map_or_else(|| best_printed.map_or(20, |l| l.saturating_sub(1).max(1)), |(_, b)| b)
}

/// A depth-first proof under way: prefixes searched, moves played and their rate.
pub fn deep_progress(done: usize, total: usize, moves: u64, ms: f64, running: bool) -> String {
    let secs = ms / 1000.0;
    format!(
        "{} {} of {} first-move prefixes searched, {} moves played ({:.1} million a second), {:.0} s",
        if running { "Proving:" } else { "Stopped:" },
        group(done as u128),
        group(total as u128),
        group(moves as u128),
        moves as f64 / secs.max(1e-3) / 1e6,
        secs
    )
}

/// A survey's or search's progress: the level reached (if any) and boards so far.
pub fn level_progress(level: Option<(u32, u64)>, running: bool, ms: f64) -> String {
    match level {
        Some((level, boards)) => format!(
            "{} level {level}, {} boards, {:.1} s",
            if running { "Searching:" } else { "Stopped at" },
            group(boards as u128),
            ms / 1000.0
        ),
        None => {
            if running {
                "Starting…".to_string()
            } else {
                "Stopped.".to_string()
            }
        }
    }
}

/// A row of the survey's table: the figure, ours, the paper's, and whether they differ.
#[derive(Clone, Debug, PartialEq)]
pub struct SurveyRow {
    /// The figure.
    pub what: &'static str,
    /// Ours.
    pub ours: String,
    /// The paper's (`—`: not printed).
    pub theirs: String,
    /// The paper prints another figure.
    pub differs: bool,
}

/// The survey's table, figure by figure.
pub fn survey_rows(s: &Survey) -> Vec<SurveyRow> {
    let n = s.n;
    let c = &s.counts;
    let no_own_losing = c.no_own_counters.0 - c.no_own_counters.1;
    let (paper_seq, paper_win, _) = paper_counts(n);
    let row = |what: &'static str, ours: String, theirs: String| SurveyRow {
        differs: theirs != "—" && theirs.replace(',', "") != ours.replace(',', ""),
        what,
        ours,
        theirs,
    };
    let opt = |x: Option<u32>| x.map_or("none".to_string(), |v| v.to_string());
    let split = |x: (u128, u128)| format!("{} ({} winning)", group(x.0), group(x.1));
    vec![
        row("first turns (all)", group(c.total()), "—".into()),
        row(
            "the paper's \"possible move sequences\" (neither winning nor emptying the mover's side)",
            group(c.total() - c.winning() - no_own_losing),
            paper_seq,
        ),
        row("winning openings", group(c.winning()), paper_win),
        row("… ending with a capture", split(c.capture), "—".into()),
        row("… ending in an empty opponent hole", split(c.empty_opponent), "—".into()),
        row("… ending with the mover's holes empty", split(c.no_own_counters), "—".into()),
        row("shortest winning opening (moves; Table 2)", opt(s.shortest), paper(n, "shortest")),
        row("maximum capture: counters left (Table 1)", opt(s.fewest_left().map(|f| f.0)), paper(n, "fewest_left")),
        row(
            "openings with the maximum capture (Table 1)",
            s.fewest_left().map_or("none".into(), |f| group(f.1)),
            paper(n, "max_capture_ways"),
        ),
        row("least largest lap count of a move (Table 3)", opt(s.least_max_laps), paper(n, "least_max_laps")),
        row("least largest sowing of a move (counters)", opt(s.least_max_sown), "—".into()),
    ]
}

/// The survey table's caption.
pub fn survey_caption(s: &Survey, ms: f64) -> String {
    format!(
        "Every first turn of Dakon-{}: {} distinct boards, {:.2} s in this browser's worker",
        s.n,
        group(s.boards as u128),
        ms / 1000.0
    )
}

/// The note under the survey's table, where the data file has one for Dakon-n.
pub fn survey_note(n: usize) -> Option<String> {
    let (_, _, note) = paper_counts(n);
    (!note.is_empty()).then(|| format!("Highlighted rows differ from the paper. Dakon-{n}: {note}."))
}

/// An opening's holes, as the page lists them.
pub fn line_text(line: &[usize]) -> String {
    line.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// A depth-first proof's verdict (`best_printed`: the shortest printed opening of its board).
pub fn deep_verdict(f: &DeepFound, best_printed: Option<u32>) -> String {
    match (&f.line, f.complete) {
        (Some(l), true) => {
            format!("Shortest winning opening: {} moves, proven (every shorter first turn was tried).", l.len())
        }
        (Some(l), false) => format!("A winning opening of {} moves; stopped before proving it shortest.", l.len()),
        (None, true) => {
            let mut v =
                format!("No winning opening has {} moves or fewer: every first turn that long was tried.", f.bound);
            if best_printed == Some(f.bound + 1) {
                v.push_str(&format!(" The paper's {}-move opening is therefore the shortest.", f.bound + 1));
            }
            v
        }
        (None, false) => "Stopped before the end: nothing proven.".to_string(),
    }
}

/// A depth-first proof's cost.
pub fn deep_help(f: &DeepFound, ms: f64) -> String {
    format!(
        "{} boards expanded, {} moves played, {:.2} s in this browser's worker.",
        group(f.expanded.iter().sum::<u64>() as u128),
        group(f.moves as u128),
        ms / 1000.0
    )
}

/// A limit a search tried, and its verdict.
pub fn trial_text(t: &Trial) -> String {
    let verdict = match t.admits {
        Some(true) => "a winning opening keeps within it",
        Some(false) => "none keeps within it (complete search)",
        None => "board limit reached",
    };
    format!("limit {}: {verdict}, {} boards", t.limit, group(t.boards as u128))
}

/// A search that met the browser's board limit before its answer.
pub fn not_found(ms: f64) -> String {
    format!(
        "No answer within the browser's limit of {} boards ({:.1} s). The CLI has no such limit.",
        group(MAX_DAKON_BOARDS as u128),
        ms / 1000.0
    )
}

/// A search's heading: what it looked for.
pub fn found_heading(f: &Found) -> String {
    match f.goal {
        Goal::Shortest => "Shortest winning opening".to_string(),
        Goal::ShortestWithLaps(l) => format!("Least lap count: {l} laps a move at most; the shortest such opening"),
        Goal::FewestLongMoves(s) => format!(
            "Minimum-cycle opening: at most {s} counters sown a move, the fewest moves of more than one cycle ({} counters)",
            2 * f.n + 1
        ),
    }
}

/// A search's verdict: the opening's cost, and what was proven.
pub fn found_verdict(f: &Found) -> String {
    match (&f.line, f.proven()) {
        (Some(l), true) => {
            format!("{} moves, cost {}: proven least (every cheaper board was expanded).", l.len(), f.cost.unwrap_or(0))
        }
        (Some(l), false) => format!(
            "{} moves, cost {}: best found; proven lower bound {}.",
            l.len(),
            f.cost.unwrap_or(0),
            f.lower_bound
        ),
        (None, _) => format!("None found; proven: every opening costs at least {}.", f.lower_bound),
    }
}

/// A search's cost.
pub fn found_help(f: &Found, ms: f64) -> String {
    format!("{} boards expanded, {} stored, {:.2} s.", group(f.expanded as u128), group(f.boards as u128), ms / 1000.0)
}

/// The replayed board's label: the move, the store and what the opponent has left.
pub fn board_label(n: usize, k: usize, board: &Board) -> String {
    format!(
        "Dakon-{n} after move {k}: store {}, {} counters on the opponent's side",
        board.store(),
        board.opponent_total()
    )
}

/// The replay's position: the start, or move `k` of `line` and its figures.
pub fn replay_at(n: usize, k: usize, line: &[usize], moves: &[Move]) -> String {
    if k == 0 {
        return "start".to_string();
    }
    let cycle = 2 * n as u32 + 1;
    let m = &moves[k - 1];
    format!(
        "move {k} of {}: hole {}, {} laps, {} counters sown ({:.1} cycles)",
        moves.len(),
        line[k - 1],
        m.laps,
        m.sown,
        m.sown as f64 / cycle as f64
    )
}

/// The replayed opening's figures, and whether it wins (empty for no moves).
pub fn replay_summary(n: usize, moves: &[Move]) -> String {
    let cycle = 2 * n as u32 + 1;
    let laps: u32 = moves.iter().map(|m| m.laps).sum();
    match moves.last() {
        Some(m) => format!(
            "{} moves, {} laps, at most {} in one move; {} moves sow more than one cycle ({cycle} counters); {} counters left on the opponent's side, {} on the mover's; {}.",
            moves.len(),
            laps,
            moves.iter().map(|m| m.laps).max().unwrap_or(0),
            moves.iter().filter(|m| m.sown > cycle).count(),
            m.board.opponent_total(),
            m.board.own_total(),
            match (m.end, m.board.is_won()) {
                (None, _) => "the turn is not over",
                (Some(_), true) => "a winning opening",
                (Some(_), false) => "not a winning opening",
            }
        ),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_openings_and_figures() {
        let four = printed(4);
        assert!(!four.is_empty());
        assert_eq!(four[0].source, "Table 1, maximum capture");
        assert_eq!(four[0].holes, vec![1, 4, 2, 4, 2, 2, 2, 4, 3, 1, 4, 4, 3, 4, 1]);
        assert_eq!(best_printed(&four), four.iter().map(|p| p.holes.len() as u32).min());
        assert_eq!(paper(4, "fewest_left"), "2");
        assert_eq!(paper(4, "no-such-figure"), "—");
        assert_eq!(paper_counts(6).0, "7,611,977");
        assert_eq!(paper_counts(99), ("—".to_string(), "—".to_string(), String::new()));
        assert!(survey_note(6)
            .unwrap()
            .starts_with("Highlighted rows differ from the paper. Dakon-6: paper's winning"));
        assert_eq!(survey_note(3), None);
        assert_eq!(route(4, Some(&[1, 2])), Route::lab::<DakonLab>(DakonParams { n: 4, line: Some(vec![1, 2]) }));
    }

    #[test]
    fn buttons_bound_and_progress() {
        assert_eq!(survey_refusal(4), "");
        assert_eq!(
            survey_refusal(8),
            "Dakon-8 is too large to survey in the browser: use the CLI (mancala-lab dakon survey 8)"
        );
        assert_eq!(bound_value(None, 8, Some(29)), 28);
        assert_eq!(bound_value(None, 8, None), 20);
        assert_eq!(bound_value(Some((8, 5)), 8, Some(29)), 5);
        assert_eq!(bound_value(Some((7, 5)), 8, Some(1)), 1);
        assert_eq!(
            task_label(&DakonTask::Search { n: 5, goal: DakonGoal::MinLaps, max_boards: 1 }),
            "Dakon-5: least lap count"
        );
        assert_eq!(task_label(&DakonTask::Prove { n: 8, bound: 28 }), "Dakon-8: proof within 28 moves");
        assert_eq!(
            deep_progress(3, 10, 2_000_000, 1000.0, true),
            "Proving: 3 of 10 first-move prefixes searched, 2,000,000 moves played (2.0 million a second), 1 s"
        );
        assert_eq!(level_progress(Some((4, 1234)), false, 2500.0), "Stopped at level 4, 1,234 boards, 2.5 s");
        assert_eq!(level_progress(None, true, 0.0), "Starting…");
        assert_eq!(level_progress(None, false, 0.0), "Stopped.");
    }

    #[test]
    fn a_survey_beside_the_paper() {
        let s = dakon::openings::survey(4, &mut |_: u32, _: u64| true).unwrap();
        let rows = survey_rows(&s);
        assert_eq!(rows.len(), 11);
        assert_eq!(rows[0].ours, "154");
        assert_eq!((rows[2].ours.as_str(), rows[2].theirs.as_str(), rows[2].differs), ("7", "7", false));
        assert!(rows.iter().all(|r| !r.differs), "Dakon-4 agrees with the paper");
        assert!(survey_caption(&s, 1000.0).starts_with("Every first turn of Dakon-4: "));
    }

    #[test]
    fn answers_and_replay_in_words() {
        let f = DeepFound {
            n: 8,
            bound: 28,
            line: None,
            complete: true,
            prefixes: 0,
            resumed: 0,
            expanded: vec![1000, 234],
            moves: 5_000,
        };
        assert_eq!(
            deep_verdict(&f, Some(29)),
            "No winning opening has 28 moves or fewer: every first turn that long was tried. The paper's 29-move opening is therefore the shortest."
        );
        assert_eq!(
            deep_verdict(&DeepFound { complete: false, ..f.clone() }, None),
            "Stopped before the end: nothing proven."
        );
        assert_eq!(
            deep_help(&f, 1500.0),
            "1,234 boards expanded, 5,000 moves played, 1.50 s in this browser's worker."
        );
        assert_eq!(
            trial_text(&Trial { limit: 3, boards: 4000, admits: Some(false) }),
            "limit 3: none keeps within it (complete search), 4,000 boards"
        );
        assert_eq!(line_text(&[1, 4, 2]), "1, 4, 2");

        let line = printed(4)[0].holes.clone();
        let moves = dakon::replay(4, &line).unwrap();
        assert_eq!(replay_at(4, 0, &line, &moves), "start");
        assert!(replay_at(4, 1, &line, &moves).starts_with("move 1 of 15: hole 1, "));
        let summary = replay_summary(4, &moves);
        assert!(summary.starts_with("15 moves, ") && summary.ends_with("; a winning opening."), "{summary}");
        assert_eq!(replay_summary(4, &[]), "");
        let start = Board::start(4).unwrap();
        assert_eq!(board_label(4, 0, &start), "Dakon-4 after move 0: store 0, 16 counters on the opponent's side");
    }
}

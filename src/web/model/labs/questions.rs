//! The open questions page's view model: the question and form of each search (which inputs
//! it shows, whether Search may run), the inputs cut to the page's limits, the status line,
//! and every answer's sentences and table rows.

use crate::engine::text::group;
use crate::families::grid::domineering::DomineeringRow;
use crate::labs::questions::{
    AtomicWeights, FamilyFind, Followers, QuestionsAnswer, QuestionsParams, QuestionsProgress, QuestionsTask,
    SearchGame, Separation, Tool, ValueFamilies, ValueSearch, FAMILIES, GAMES, PAGE_LIMITS, TOOLS,
};
use crate::web::route::Route;

/// A row's link to the board (`None` for a game only searched).
pub fn play_link(game: &str, row: &str) -> Option<String> {
    let rules = SearchGame::parse(game).ok()?.rules()?;
    Some(Route::Play(format!("rules={rules}&setup={row}-l")).to_string())
}

/// The question each search answers, in Erickson's words, and what it does.
pub fn question(tool: Tool) -> (&'static str, &'static str) {
    match tool {
        Tool::Value => (
            "§2: \"Do Sowing positions exist with values 2⁻ⁿ, n·↑, +ₙ, *n?\"",
            "Every row of the game within the limits, fewest seeds first, then fewest pots, valued exactly; the rows of the value typed (CGSuite's syntax: ^, ^3, 1/4, +_2, *3, {1|0}). Rows no player can move from are not candidates (they are all 0).",
        ),
        Tool::Families => (
            "§2: \"How can we systematically construct positions with these values?\"",
            "Every row within the limits, each value of 2⁻ⁿ, n·↑, +ₙ and *n noted with its first (smallest) row: the table the conjectures below are read from.",
        ),
        Tool::Weights => (
            "§3: \"Are noninteger or nonnumeric atomic weights possible in Atomic Wari?\"",
            "The atomic weight of every Atomic Wari row within the limits (Winning Ways' atomic weight calculus), how often each occurs, and every weight that is not an integer with its first row; and (01300)ⁿ = n·↑ checked.",
        ),
        Tool::Separation => (
            "§2: \"Any two positions separated by sufficiently many empty or full pots should be considered independent, but we don't know how many.\"",
            "For every pair of parts within the limits (both orders), the least run of empty pots between them from which on the row is worth the sum of its parts (checked up to the parts' seeds together plus two).",
        ),
        Tool::Followers => (
            "§2: 1ⁿ has at least 2ⁿ⁻¹ − 1 followers; §3: \"Are there Atomic Wari positions with exponentially many followers? (The answer is yes if we disallow capturing groups of three seeds.)\"",
            "For each number of seeds, the row within the limits with the most followers (positions reachable by any moves of either player), and those of 1ⁿ.",
        ),
        Tool::Domineering => (
            "§4: \"One special case of this game is already quite well-known!\" — Two-dimensional Sowing with one seed a pot is Domineering.",
            "Published Domineering values and outcomes (data/domineering.tsv, each with its source) beside the values of the same shapes as grids of one seed a pot, valued here.",
        ),
    }
}

/// The games a tool takes.
pub fn games(tool: Tool) -> Vec<&'static str> {
    GAMES
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| match tool {
            Tool::Followers => true,
            Tool::Separation => ["sowing", "atomic", "sowing-i", "atomic-i"].contains(id),
            Tool::Weights | Tool::Domineering => false,
            _ => *id != "atomic-twos",
        })
        .collect()
}

/// The most seeds (and pots) the page searches for a tool.
pub fn limit(tool: Tool) -> u32 {
    match tool {
        Tool::Value => PAGE_LIMITS.value,
        Tool::Families => PAGE_LIMITS.families,
        Tool::Weights => PAGE_LIMITS.weights,
        Tool::Separation => PAGE_LIMITS.separation,
        Tool::Followers => PAGE_LIMITS.followers,
        Tool::Domineering => 1,
    }
}

/// The inputs with the seeds and pots cut to what the page searches for the tool, and what was
/// cut, in words.
pub fn clamped(p: &QuestionsParams) -> (QuestionsParams, Option<String>) {
    let most = limit(p.tool);
    if p.tool == Tool::Domineering || (p.seeds <= most && p.pots <= most) {
        return (p.clone(), None);
    }
    let note = format!(
        "The page searches this up to {most} seeds and {most} pots ({} and {} asked): {} and {} used. The CLI's mancala-lab search goes further.",
        p.seeds,
        p.pots,
        p.seeds.min(most),
        p.pots.min(most)
    );
    (QuestionsParams { seeds: p.seeds.min(most), pots: p.pots.min(most), ..p.clone() }, Some(note))
}

/// The task of the link's inputs.
pub fn task_of(p: &QuestionsParams) -> QuestionsTask {
    QuestionsTask {
        tool: p.tool,
        game: p.game.clone(),
        value: p.value.clone(),
        seeds: p.seeds,
        pots: p.pots,
        full: p.full && p.game.starts_with("sowing"),
    }
}

/// The search form of the inputs: what it asks and which of its inputs it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    /// The tab's title (the search's heading).
    pub title: &'static str,
    /// The question, quoted.
    pub asked: &'static str,
    /// What the search does.
    pub what: &'static str,
    /// The most seeds and pots offered.
    pub most: u32,
    /// The games offered.
    pub games: Vec<&'static str>,
    /// The game is one the search takes.
    pub game_ok: bool,
    /// The seeds or pots are past the page's limit.
    pub too_big: bool,
    /// The game is chosen (not for the atomic weights and Domineering).
    pub shows_game: bool,
    /// The value is typed (rows of a value).
    pub shows_value: bool,
    /// Runs of full pots may be chosen (the separation in a Sowing game).
    pub shows_full: bool,
    /// The most seeds and pots are chosen (not for Domineering).
    pub shows_limits: bool,
    /// Why the game cannot be searched, if it cannot.
    pub game_error: Option<String>,
}

/// The form of the inputs `p`.
pub fn form(p: &QuestionsParams) -> Form {
    let tool = p.tool;
    let most = limit(tool);
    let games = games(tool);
    let game_ok = games.contains(&p.game.as_str()) || matches!(tool, Tool::Weights | Tool::Domineering);
    let (asked, what) = question(tool);
    Form {
        title: TOOLS.iter().find(|x| x.0 == tool).map_or("", |x| x.2),
        asked,
        what,
        most,
        games,
        game_ok,
        too_big: tool != Tool::Domineering && (p.seeds > most || p.pots > most),
        shows_game: !matches!(tool, Tool::Weights | Tool::Domineering),
        shows_value: tool == Tool::Value,
        shows_full: tool == Tool::Separation && p.game.starts_with("sowing"),
        shows_limits: tool != Tool::Domineering,
        game_error: (!game_ok).then(|| format!("{} is not a game of this search: choose one above.", p.game)),
    }
}

impl Form {
    /// Search cannot be pressed (a search runs, or the inputs are not searchable).
    pub fn search_disabled(&self, running: bool) -> bool {
        running || self.too_big || !self.game_ok
    }
}

/// The line under the form while a search runs, or after it failed.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// A search runs: where it is.
    Progress(String),
    /// The last search failed: why.
    Error(String),
    /// Nothing to say.
    Quiet,
}

/// The status of the lab's work.
pub fn status(running: bool, progress: Option<QuestionsProgress>, error: Option<String>, elapsed_ms: f64) -> Status {
    match (running, progress, error) {
        (true, Some(g), _) => Status::Progress(format!(
            "Searching: rows of {} seeds, {} looked at ({:.1} s)",
            g.seeds,
            group(g.rows.into()),
            elapsed_ms / 1000.0
        )),
        (true, None, _) => Status::Progress(format!("Searching… ({:.1} s)", elapsed_ms / 1000.0)),
        (false, _, Some(e)) => Status::Error(e),
        _ => Status::Quiet,
    }
}

/// What a stopped search says (`stopped`: its last progress, if it was stopped), once it no
/// longer runs.
pub fn stopped_note(stopped: Option<&Option<QuestionsProgress>>, running: bool) -> Option<String> {
    match stopped {
        Some(Some(g)) if !running => Some(format!(
            "Stopped at rows of {} seeds, {} rows (or pairs) looked at: no answer is claimed for these limits. Search again with fewer seeds or pots, or run mancala-lab search natively.",
            g.seeds,
            group(g.rows.into())
        )),
        Some(None) if !running => Some("Stopped before its first report: no answer is claimed for these limits.".into()),
        _ => None,
    }
}

/// The search an answer answers.
pub fn answer_tool(a: &QuestionsAnswer) -> Tool {
    match a {
        QuestionsAnswer::Value { .. } => Tool::Value,
        QuestionsAnswer::Families { .. } => Tool::Families,
        QuestionsAnswer::Weights { .. } => Tool::Weights,
        QuestionsAnswer::Separation { .. } => Tool::Separation,
        QuestionsAnswer::Followers { .. } => Tool::Followers,
        QuestionsAnswer::Domineering { .. } => Tool::Domineering,
    }
}

/// The answer shown: the last one, if it is the shown tab's search's and no search runs or was
/// stopped since.
pub fn shown_answer(
    answer: Option<QuestionsAnswer>,
    running: bool,
    stopped: bool,
    tool: Tool,
) -> Option<QuestionsAnswer> {
    if running || stopped { None } else { answer }.filter(|a| answer_tool(a) == tool)
}

/// "every row of at most 8 seeds and 8 pots (5,798 rows) in 0.1 s".
pub fn searched(seeds: u32, pots: u32, rows: u64, complete: bool, seconds: f64) -> String {
    format!(
        "Searched {} row of at most {seeds} seeds and {pots} pots ({} rows) in {seconds:.1} s.",
        if complete { "every" } else { "(stopped) not every" },
        group(rows.into())
    )
}

/// Rows of a value: the verdict.
pub fn value_verdict(s: &ValueSearch) -> String {
    if s.total == 0 {
        format!("No {} row of value {} within these limits.", s.game, s.paper)
    } else {
        format!("{} {} rows of value {}; the smallest first.", group(s.total.into()), s.game, s.paper)
    }
}

/// Rows of a value: how many were valued, and the rows skipped (if any), after [`searched`].
pub fn value_valued(s: &ValueSearch) -> (String, Option<String>) {
    (
        format!(" {} rows valued, followers included.", group(s.valued.into())),
        (s.skipped > 0).then(|| {
            format!(" {} rows had too many followers and were skipped: {}.", s.skipped, s.skipped_rows.join(", "))
        }),
    )
}

/// Rows of a value: the rows found but not listed, if any.
pub fn value_more(s: &ValueSearch) -> Option<String> {
    (s.total > s.found.len() as u64).then(|| format!("… and {} more.", group((s.total - s.found.len() as u64).into())))
}

/// A row of the families' table: a family none of whose values was found, or a value's
/// smallest row.
#[derive(Clone, Debug, PartialEq)]
pub enum FamilyRow<'a> {
    /// No value of the family within the limits.
    NoneFound(&'static str),
    /// A value and its smallest row.
    Found(&'a FamilyFind),
}

/// The families' table, family by family.
pub fn family_rows(s: &ValueFamilies) -> Vec<FamilyRow<'_>> {
    FAMILIES
        .iter()
        .flat_map(|fam| {
            let rows: Vec<_> = s.finds.iter().filter(|f| f.family == *fam).collect();
            if rows.is_empty() {
                vec![FamilyRow::NoneFound(fam)]
            } else {
                rows.into_iter().map(FamilyRow::Found).collect()
            }
        })
        .collect()
}

/// Atomic weights: the verdict.
pub fn weights_verdict(s: &AtomicWeights) -> String {
    if s.unusual.is_empty() {
        "Every atomic weight met is an integer.".to_string()
    } else {
        format!(
            "Not every atomic weight is an integer: {}.",
            s.unusual
                .iter()
                .map(|c| format!("{} weighs {} ({} rows)", c.example, c.weight, c.rows))
                .collect::<Vec<_>>()
                .join("; ")
        )
    }
}

/// Atomic weights: what was not counted, after [`searched`].
pub fn weights_skipped(s: &AtomicWeights) -> String {
    format!(" Values not all-small: {}; rows skipped: {}.", s.not_all_small, s.skipped)
}

/// Atomic weights: the check of (01300)ⁿ = n·↑.
pub fn weights_ups(s: &AtomicWeights) -> String {
    s.ups
        .iter()
        .map(|(n, ok)| format!("(01300)^{n} = {n}·↑ {}", if *ok { "holds" } else { "FAILS" }))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Independent parts: what was searched.
pub fn separation_searched(s: &Separation) -> String {
    format!(
        "Every pair of parts of at most {} seeds and {} pots ({} parts, both orders), runs of {} up to their seeds together plus two, in {:.1} s{}.",
        s.max_seeds,
        s.max_pots,
        s.parts,
        if s.full { "full pots (the row A•ʷB against A•ʷ + •ʷB)" } else { "empty pots" },
        s.seconds,
        if s.complete { "" } else { " (stopped)" }
    )
}

/// Follower counts: what was searched.
pub fn followers_searched(s: &Followers) -> String {
    format!(
        "Rows of at most {} pots, {} seeds and fewer, in {:.1} s{}.",
        s.max_pots,
        s.max_seeds,
        s.seconds,
        if s.complete { "" } else { " (stopped)" }
    )
}

/// A count, or a dash where there is none.
pub fn count_or_dash(n: Option<u64>) -> String {
    n.map_or("—".to_string(), |n| group(n.into()))
}

/// A row of the Domineering table.
#[derive(Clone, Debug, PartialEq)]
pub struct DomineeringLine {
    /// The shape's link to the board, where the board can hold it.
    pub href: Option<String>,
    /// The shape.
    pub shape: String,
    /// The row's class: `agrees`, `differs` or `unvalued`.
    pub class: &'static str,
    /// The published value and outcome.
    pub published: String,
    /// Ours.
    pub ours: String,
    /// Where it was published.
    pub source: String,
}

/// The Domineering answer's verdict.
pub fn domineering_verdict(rows: &[DomineeringRow], seconds: f64) -> String {
    let valued = rows.iter().filter(|r| r.ours.is_some()).count();
    let agree = rows.iter().filter(|r| r.agrees == Some(true)).count();
    format!(
        "{agree} of the {valued} shapes valued here agree with their published value and outcome ({:.1} s); {} larger boards are known by their outcome only.",
        seconds,
        rows.len() - valued
    )
}

/// A Domineering row as the table shows it.
pub fn domineering_line(r: &DomineeringRow) -> DomineeringLine {
    let fits = r.grid.split('-').count() <= 8 && r.grid.split('-').all(|x| x.len() <= 8);
    DomineeringLine {
        href: fits.then(|| Route::Play(format!("rules=grid&setup={}-l", r.grid)).to_string()),
        shape: r.shape.clone(),
        class: match r.agrees {
            Some(true) => "agrees",
            Some(false) => "differs",
            None => "unvalued",
        },
        published: format!("{} ({})", r.published.as_deref().unwrap_or("—"), r.outcome),
        ours: r.ours.as_ref().map_or("beyond reach here".to_string(), |(_, paper, o)| format!("{paper} ({o})")),
        source: r.source.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(tool: Tool) -> QuestionsParams {
        QuestionsParams { tool, ..QuestionsParams::default() }
    }

    #[test]
    fn the_form_shows_each_searchs_inputs() {
        let value = form(&params(Tool::Value));
        assert_eq!(value.title, "Rows of a value");
        assert!(value.shows_game && value.shows_value && value.shows_limits && !value.shows_full);
        assert_eq!(value.most, 12);
        assert!(value.game_ok && !value.too_big && !value.search_disabled(false));
        assert!(value.search_disabled(true));
        assert!(!value.games.contains(&"atomic-twos"));

        let weights = form(&params(Tool::Weights));
        assert!(!weights.shows_game && weights.shows_limits && weights.game_ok);

        let dom = form(&params(Tool::Domineering));
        assert!(!dom.shows_limits && !dom.too_big);

        let sep = form(&QuestionsParams { game: "reaping".into(), ..params(Tool::Separation) });
        assert!(!sep.game_ok && !sep.shows_full && sep.too_big && sep.search_disabled(false));
        assert_eq!(sep.game_error.as_deref(), Some("reaping is not a game of this search: choose one above."));
        assert!(form(&params(Tool::Separation)).shows_full);
    }

    #[test]
    fn limits_past_the_pages_are_cut_and_said() {
        let p = QuestionsParams { seeds: 20, pots: 3, ..params(Tool::Separation) };
        let (cut, note) = clamped(&p);
        assert_eq!((cut.seeds, cut.pots), (5, 3));
        assert_eq!(
            note.as_deref(),
            Some("The page searches this up to 5 seeds and 5 pots (20 and 3 asked): 5 and 3 used. The CLI's mancala-lab search goes further.")
        );
        assert_eq!(clamped(&params(Tool::Value)), (params(Tool::Value), None));
        let full_reaping = QuestionsParams { full: true, game: "reaping".into(), ..params(Tool::Separation) };
        assert!(!task_of(&full_reaping).full);
        assert!(task_of(&QuestionsParams { full: true, ..params(Tool::Separation) }).full);
    }

    #[test]
    fn status_and_stop_lines() {
        let g = QuestionsProgress { seeds: 7, rows: 12345 };
        assert_eq!(
            status(true, Some(g.clone()), None, 1530.0),
            Status::Progress("Searching: rows of 7 seeds, 12,345 looked at (1.5 s)".into())
        );
        assert_eq!(status(true, None, None, 200.0), Status::Progress("Searching… (0.2 s)".into()));
        assert_eq!(status(false, None, Some("bad".into()), 0.0), Status::Error("bad".into()));
        assert_eq!(status(false, Some(g.clone()), None, 0.0), Status::Quiet);
        assert!(stopped_note(Some(&Some(g.clone())), false)
            .unwrap()
            .starts_with("Stopped at rows of 7 seeds, 12,345 rows"));
        assert_eq!(stopped_note(Some(&Some(g)), true), None);
        assert_eq!(
            stopped_note(Some(&None), false).as_deref(),
            Some("Stopped before its first report: no answer is claimed for these limits.")
        );
        assert_eq!(stopped_note(None, false), None);
    }

    #[test]
    fn only_the_tabs_answer_is_shown() {
        let a = QuestionsAnswer::Domineering { rows: vec![], seconds: 0.5 };
        assert_eq!(shown_answer(Some(a.clone()), false, false, Tool::Domineering), Some(a.clone()));
        assert_eq!(shown_answer(Some(a.clone()), false, false, Tool::Value), None);
        assert_eq!(shown_answer(Some(a.clone()), true, false, Tool::Domineering), None);
        assert_eq!(shown_answer(Some(a), false, true, Tool::Domineering), None);
    }

    #[test]
    fn answers_sentences() {
        assert_eq!(
            searched(8, 8, 5798, true, 0.12),
            "Searched every row of at most 8 seeds and 8 pots (5,798 rows) in 0.1 s."
        );
        assert!(searched(8, 8, 1, false, 0.0).starts_with("Searched (stopped) not every row"));
        assert_eq!(play_link("sowing", "1332").as_deref(), Some("#/play?rules=sowing&setup=1332-l"));
        assert_eq!(play_link("atomic-twos", "1332"), None);
        assert_eq!(play_link("no-such-game", "1"), None);
        assert_eq!(count_or_dash(None), "—");
        assert_eq!(count_or_dash(Some(1048)), "1,048");
    }

    #[test]
    fn domineering_rows() {
        let row = |grid: &str, agrees, ours| DomineeringRow {
            shape: "2x2".into(),
            grid: grid.into(),
            published: Some("1".into()),
            outcome: 'L',
            source: "WW".into(),
            ours,
            agrees,
        };
        let rows = vec![row("11-11", Some(true), Some(("1".into(), "1".into(), 'L'))), row("111111111-1", None, None)];
        assert_eq!(
            domineering_verdict(&rows, 0.25),
            "1 of the 1 shapes valued here agree with their published value and outcome (0.2 s); 1 larger boards are known by their outcome only."
        );
        let a = domineering_line(&rows[0]);
        assert_eq!((a.class, a.published.as_str(), a.ours.as_str()), ("agrees", "1 (L)", "1 (L)"));
        assert_eq!(a.href.as_deref(), Some("#/play?rules=grid&setup=11-11-l"));
        let b = domineering_line(&rows[1]);
        assert_eq!((b.class, b.href, b.ours.as_str()), ("unvalued", None, "beyond reach here"));
    }
}

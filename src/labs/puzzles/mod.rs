//! The puzzle trainer (issue 47): the shipped puzzles (`data/puzzles/RULES.tsv`, served as
//! `puzzles/RULES.tsv` and fetched when the trainer opens), its link, and the choice of the
//! next puzzle — by rule set, theme and level, the puzzle of the day the same for everyone on
//! a date. The puzzles themselves are [`crate::puzzles`]; the page is
//! `crate::web::labs::puzzles`, its state [`crate::web::model::labs::puzzles`].

mod task;
pub use task::*;

use crate::puzzles::{Puzzle, Theme};

/// The shipped rule sets, a data file each (`data/puzzles/RULES.tsv`), in the filter's order;
/// a native test checks the list against the files.
pub const RULE_SETS: [&str; 23] = [
    "kalah-4-3",
    "kalah-4-4",
    "kalah-5-4",
    "kalah-6-3",
    "kalah-6-4",
    "kalah-6-4-e",
    "awari-6-4",
    "oware-6-4",
    "ayo-6-4",
    "wari-6-4",
    "sowing-8-3",
    "atomic-6-3",
    "reaping-7-2",
    "ratomic-7-3",
    "colour-7-1",
    "grid-4-6-1",
    "tchoukaillon",
    "tchouka-4-2",
    "tchouka-7-5",
    "tchouka-8-4",
    "dakon-4",
    "dakon-5",
    "dakon-6",
];

/// A level: the puzzles' ratings it takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// Any rating.
    #[default]
    Any,
    /// Below 1200.
    Easy,
    /// 1200 to 1700.
    Medium,
    /// Above 1700.
    Hard,
    /// Within 200 of the player's own rating.
    Mine,
}

impl Level {
    /// Every level, in the filter's order.
    pub const ALL: [Level; 5] = [Level::Any, Level::Easy, Level::Medium, Level::Hard, Level::Mine];

    /// Its name in links.
    pub fn key(self) -> &'static str {
        match self {
            Level::Any => "any",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Mine => "mine",
        }
    }

    /// Its name in the filter.
    pub fn label(self) -> &'static str {
        match self {
            Level::Any => "any difficulty",
            Level::Easy => "easy (below 1200)",
            Level::Medium => "medium (1200–1700)",
            Level::Hard => "hard (above 1700)",
            Level::Mine => "near my rating",
        }
    }

    /// Whether a puzzle rated `rating` is of this level, for a player rated `mine`.
    pub fn takes(self, rating: u32, mine: f64) -> bool {
        match self {
            Level::Any => true,
            Level::Easy => rating < 1200,
            Level::Medium => (1200..=1700).contains(&rating),
            Level::Hard => rating > 1700,
            Level::Mine => (f64::from(rating) - mine).abs() <= 200.0,
        }
    }
}

/// The trainer's link: a puzzle (`id=`), or the filters the next puzzle is chosen by.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzlesParams {
    /// The puzzle shown (`id=kalah-6-4-1a2b3c4d`).
    pub id: Option<String>,
    /// The rule set (`rules=`; none: any, written `rules=any` beside an id, since a link of an
    /// id alone keeps to the id's game).
    pub rules: Option<String>,
    /// The theme (`theme=`; none: any).
    pub theme: Option<Theme>,
    /// The level (`level=`).
    pub level: Level,
}

impl crate::labs::LinkParams for PuzzlesParams {
    fn read(query: &str) -> (PuzzlesParams, Vec<String>) {
        use crate::labs::{query_value, unknown_parts};
        let mut faults: Vec<String> = unknown_parts(query, &["id", "rules", "theme", "level"]).into_iter().collect();
        let clip = |t: &str| crate::engine::text::clip(t, 30);
        let mut p = PuzzlesParams::default();
        if let Some(id) = query_value(query, "id") {
            match rules_of_id(id) {
                Some(_) => p.id = Some(id.to_string()),
                None => faults.push(format!(
                    "id={} is not a puzzle's id (its rule set, a dash and 8 hexadecimal digits, e.g. kalah-6-4-1a2b3c4d): showing another puzzle",
                    clip(id)
                )),
            }
        }
        match query_value(query, "rules") {
            // A puzzle's link without a game filter keeps to its game: Next stays in it.
            None => p.rules = p.id.as_deref().and_then(rules_of_id).map(str::to_string),
            Some("any") => {}
            Some(r) => match RULE_SETS.iter().find(|s| **s == r) {
                Some(s) => p.rules = Some((*s).to_string()),
                None => faults.push(format!(
                    "rules={} has no puzzles here (the rule sets: {}): showing every rule set",
                    clip(r),
                    RULE_SETS.join(", ")
                )),
            },
        }
        if let Some(t) = query_value(query, "theme") {
            match Theme::ALL.into_iter().find(|x| x.key() == t) {
                Some(x) => p.theme = Some(x),
                None => faults.push(format!(
                    "theme={} is not a theme (the themes: {}): showing every theme",
                    clip(t),
                    Theme::ALL.map(Theme::key).join(", ")
                )),
            }
        }
        if let Some(l) = query_value(query, "level") {
            match Level::ALL.into_iter().find(|x| x.key() == l) {
                Some(x) => p.level = x,
                None => faults
                    .push(format!("level={} is not a level (any, easy, medium, hard, mine): showing any", clip(l))),
            }
        }
        (p, faults)
    }

    fn write(&self) -> String {
        crate::labs::join_parts([
            self.id.as_ref().map(|i| format!("id={i}")),
            // "any": a puzzle's link without it keeps to the puzzle's game.
            match (&self.rules, &self.id) {
                (Some(r), _) => Some(format!("rules={r}")),
                (None, Some(_)) => Some("rules=any".to_string()),
                (None, None) => None,
            },
            self.theme.map(|t| format!("theme={}", t.key())),
            (self.level != Level::Any).then(|| format!("level={}", self.level.key())),
        ])
    }
}

/// The rule set of a puzzle's id (`kalah-6-4-1a2b3c4d` → `kalah-6-4`), if it is a shipped
/// one's and ends in 8 hexadecimal digits.
pub fn rules_of_id(id: &str) -> Option<&'static str> {
    let (rules, hash) = id.rsplit_once('-')?;
    let hex = hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    RULE_SETS.iter().copied().find(|s| *s == rules).filter(|_| hex)
}

/// A rule set's data file read as the page reads it: its puzzles and ratings, the lines that
/// cannot be read skipped (and counted).
pub fn read_file(text: &str) -> (Vec<(Puzzle, u32)>, usize) {
    let mut bad = 0;
    let puzzles = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| Puzzle::parse(l).map_err(|_| bad += 1).ok())
        .collect();
    (puzzles, bad)
}

/// The puzzle of the day `date` (`2026-11-30`): the same for everyone on that date, a rule set
/// and then a puzzle of its file (of `count`) picked from the date's hash.
pub fn daily_rules(date: &str) -> &'static str {
    RULE_SETS[(crate::engine::fnv1a(date) % RULE_SETS.len() as u64) as usize]
}

/// The index of the day's puzzle among a file's `count`.
pub fn daily_index(date: &str, count: usize) -> usize {
    (crate::engine::splitmix(crate::engine::fnv1a(date)) % count.max(1) as u64) as usize
}

/// The next puzzle among `puzzles` for these filters, for a player rated `mine` who has
/// played `done` (their ids): one not played yet if any is left, else any; picked by `pick`
/// (a random number). `None` if no puzzle passes the filters.
pub fn next<'a>(
    puzzles: &'a [(Puzzle, u32)],
    theme: Option<Theme>,
    level: Level,
    mine: f64,
    done: &[String],
    pick: u64,
) -> Option<&'a (Puzzle, u32)> {
    let fits: Vec<&(Puzzle, u32)> =
        puzzles.iter().filter(|(p, r)| theme.is_none_or(|t| p.themes.contains(&t)) && level.takes(*r, mine)).collect();
    let fresh: Vec<&(Puzzle, u32)> = fits.iter().copied().filter(|(p, _)| !done.contains(&p.id())).collect();
    let from = if fresh.is_empty() { &fits } else { &fresh };
    (!from.is_empty()).then(|| from[(pick % from.len() as u64) as usize])
}

#[cfg(test)]
mod tests;

//! A row's game-theory value and its options' (the play page's Game value panel, the CLI's
//! `value`, and the Erickson lab): next to the row families it values.

use serde::{Deserialize, Serialize};

use super::cgt::{value_within, Memo, Tick};
use super::{kept, paper_row, RowGame};
use crate::cgt::{Games, Gid, Style};

/// One option of a row in the CGT view: the move, the row it leaves, its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowOption {
    /// The move (`2r`).
    pub mv: String,
    /// The row after it, in the link notation.
    pub row: String,
    /// The row in the paper's notation.
    pub paper_row: String,
    /// Its value, in the paper's symbols.
    pub value: String,
    /// Its value, CGSuite's syntax.
    pub ascii: String,
    /// Whether the move wins: its player wins the option moving second (the option is ≥ 0
    /// for a move of Left's, ≤ 0 for Right's).
    pub wins: bool,
}

/// A row's value with everything the CGT view shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowValue {
    /// The rules id.
    pub rules: String,
    /// The row (normal form dropped: as given, empty ends removed), link notation.
    pub row: String,
    /// The row in the paper's notation.
    pub paper_row: String,
    /// The value in the paper's symbols.
    pub value: String,
    /// The value, CGSuite's syntax.
    pub ascii: String,
    /// L, R, N or P.
    pub outcome: char,
    /// The outcome in words.
    pub outcome_words: String,
    /// The components the row splits into (link notation), if it splits.
    pub components: Vec<(String, String)>,
    /// For sparse Atomic Wari rows, the .37 heaps (Theorem 3.1).
    pub heaps: Option<Vec<usize>>,
    /// Left's options.
    pub left: Vec<RowOption>,
    /// Right's options.
    pub right: Vec<RowOption>,
    /// Rows valued.
    pub followers: usize,
}

/// The value of `row` under `rules` (`sowing`, `sowing-i`, `atomic`, `atomic-i`) and of every
/// option, for the page's CGT view.
///
/// # Errors
/// Other rules, a row that cannot be read, or one too large to value.
pub fn row_value(rules: &str, row: &str) -> Result<RowValue, String> {
    row_value_in(rules, row).map(|(v, _, _)| v)
}

/// [`row_value`] valuing at most `limit` rows: past it, [`RowValueError::TooManyFollowers`].
///
/// # Errors
/// As [`row_value`], and past the limit.
pub fn row_value_within(rules: &str, row: &str, limit: usize) -> Result<RowValue, RowValueError> {
    row_value_limited(rules, row, limit, None).map(|(v, _, _)| v)
}

/// A row's value, the table of games it was built in and its place there.
pub type GameValue = (RowValue, Games, Gid);

/// Why a row was not valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowValueError {
    /// More rows follow it than the limit given.
    TooManyFollowers(usize),
    /// Anything else (its message).
    Other(String),
}

impl core::fmt::Display for RowValueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RowValueError::TooManyFollowers(n) => write!(f, "more than {n} rows follow this one"),
            RowValueError::Other(e) => f.write_str(e),
        }
    }
}

/// [`row_value`] with the table of games it built and the row's value in it (for the CLI's
/// atomic weight, mean and temperature).
///
/// # Errors
/// As [`row_value`].
pub fn row_value_in(rules: &str, row: &str) -> Result<GameValue, String> {
    row_value_in_limited(rules, row, super::cgt::MAX_FOLLOWERS)
}

/// [`row_value_in`] valuing at most `limit` rows (the CLI lowers [`MAX_FOLLOWERS`] to what the
/// memory holds).
///
/// [`MAX_FOLLOWERS`]: super::cgt::MAX_FOLLOWERS
///
/// # Errors
/// As [`row_value`], "more than `limit` rows" past the limit.
pub fn row_value_in_limited(rules: &str, row: &str, limit: usize) -> Result<GameValue, String> {
    row_value_in_watched(rules, row, limit, None)
}

/// [`row_value_in_limited`], telling `progress` now and then how many rows have been valued.
///
/// # Errors
/// As [`row_value_in_limited`].
pub fn row_value_in_watched(rules: &str, row: &str, limit: usize, progress: Option<Tick>) -> Result<GameValue, String> {
    row_value_limited(rules, row, limit, progress).map_err(|e| match e {
        RowValueError::TooManyFollowers(_) if limit == super::cgt::MAX_FOLLOWERS => {
            super::cgt::ValueError::TooMany.to_string()
        }
        RowValueError::TooManyFollowers(n) => format!(
            "more than {} rows follow this one: too many to value within the memory that may be used",
            crate::engine::text::group(n as u128)
        ),
        RowValueError::Other(e) => e,
    })
}

fn row_value_limited(rules: &str, row: &str, limit: usize, progress: Option<Tick>) -> Result<GameValue, RowValueError> {
    use crate::families::{AnyRules, FamilyId};
    let rules = rules.parse::<AnyRules>().map_err(|e| RowValueError::Other(e.to_string()))?;
    rules.game_value(row, limit, progress).unwrap_or_else(|| {
        Err(RowValueError::Other(format!(
            "game values are for {}; an impartial version, where there is one, adds -i",
            FamilyId::which(AnyRules::has_game_value)
        )))
    })
}

/// A row in the paper's notation, written as the sum of its parts where it splits as it
/// stands (a sum set up as 312+21 reads so again, and so do its options: 303 + 21).
fn sum_text<G: RowGame>(pots: &[u8]) -> String {
    let parts = G::parts_as_is(pots);
    if parts.len() > 1 {
        parts.iter().map(|p| paper_row(p)).collect::<Vec<_>>().join(" + ")
    } else {
        G::write_paper(pots)
    }
}

/// A row game's [`FamilySearch::game_value`](crate::families::FamilySearch::game_value): the
/// row's value, and every option's.
pub(crate) fn row_value_of<G: RowGame>(
    rules: crate::families::row::RowRules<G>,
    text: &str,
    limit: usize,
    progress: Option<Tick>,
) -> Result<GameValue, RowValueError> {
    let other = |e: &dyn core::fmt::Display| RowValueError::Other(e.to_string());
    let valued = |e: super::cgt::ValueError| match e {
        super::cgt::ValueError::TooMany => RowValueError::TooManyFollowers(limit),
        e => RowValueError::Other(e.to_string()),
    };
    use crate::engine::Position;
    use crate::families::row::Row;
    if text.contains('+') && !G::FULL_POTS {
        return Err(RowValueError::Other(crate::families::row::NO_SUMS.into()));
    }
    let counts = G::read_row(text).map_err(|e| other(&e))?;
    let start = Row::new(rules, &counts, crate::engine::Player::South).map_err(|e| other(&e))?;
    // A row of empty pots is the empty row, 0: valued as one empty pot. The moves are named as
    // on the board: a pot's number counts the empty pots dropped on the left.
    let offset = if G::KEEPS_ENDS { 0 } else { start.pots().iter().position(|&n| n > 0).unwrap_or(0) };
    let pots = match kept::<G>(start.pots()) {
        [] => vec![0],
        p => p.to_vec(),
    };
    let mut t = Games::new();
    let mut memo = progress.map_or_else(Memo::default, Memo::watched);
    let g = value_within::<G>(&mut t, &mut memo, &pots, rules.impartial, limit).map_err(valued)?;
    let zero = t.zero();
    let mut sides = [vec![], vec![]];
    for (k, turn) in [crate::engine::Player::South, crate::engine::Player::North].into_iter().enumerate() {
        let p = Row::new(rules, &pots.iter().map(|&n| n as u32).collect::<Vec<_>>(), turn).map_err(|e| other(&e))?;
        for m in p.legal_moves() {
            let q = p.play(m).map_err(|e| other(&e.reason))?.0;
            let after = kept::<G>(q.pots()).to_vec();
            let h = value_within::<G>(&mut t, &mut memo, &after, rules.impartial, limit).map_err(valued)?;
            // A move wins when the player who made it wins moving second from the option.
            let wins = if k == 0 { t.le(zero, h) } else { t.le(h, zero) };
            sides[k].push(RowOption {
                mv: crate::families::row::RowMove::<G>::new(m.pot + offset as u8, m.dir).to_string(),
                row: G::write_row(&after),
                paper_row: sum_text::<G>(&after),
                value: t.show_in(h, Style::Paper),
                ascii: t.show(h),
                wins,
            });
        }
    }
    // The parts as the row stands (312 and 21 of 312+21), else those of its normal form.
    let as_is = G::parts_as_is(&pots);
    let parts = if as_is.len() > 1 { as_is } else { G::components(&G::normal(&pots)) };
    let components = if parts.len() > 1 {
        parts
            .iter()
            .map(|c| {
                let h =
                    value_within::<G>(&mut t, &mut memo, c, rules.impartial, limit).map(|h| t.show_in(h, Style::Paper));
                (G::write_paper(c), h.unwrap_or_else(|e| e.to_string()))
            })
            .collect()
    } else {
        vec![]
    };
    let heaps = G::heaps(&pots);
    let outcome = t.outcome(g);
    let [left, right] = sides;
    let v = RowValue {
        rules: rules.to_string(),
        row: G::write_row(&pots),
        paper_row: sum_text::<G>(&pots),
        value: t.show_in(g, Style::Paper),
        ascii: t.show(g),
        outcome: outcome.letter(),
        outcome_words: outcome.words().to_string(),
        components,
        heaps,
        left,
        right,
        followers: memo.len(),
    };
    Ok((v, t, g))
}

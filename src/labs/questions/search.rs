//! The searches behind Erickson's open questions, each exhaustive within limits it states
//! (so that "none found" is a result): rows of a value, the smallest rows of 2⁻ⁿ, n·↑, +ₙ
//! and *n, Atomic Wari's atomic weights, the separation that makes two parts independent,
//! and follower counts. Pure functions with progress (`false` from it stops a search: `None`).

use serde::{Deserialize, Serialize};

use crate::cgt::{Dyadic, Games, Gid, Style};
use crate::engine::{IllegalMove, Trace};
use crate::families::atomic::AtomicGame;
use crate::families::ratomic::ReverseAtomicGame;
use crate::families::reaping::ReapingGame;
use crate::families::row::cgt::{options, value, Memo, RowKey};
use crate::families::row::{row_text, Direction, RowGame, RowRules, RowSetupError, FULL, ROOM};
use crate::families::sowing::SowingGame;
use crate::families::{Card, ParseSetupError, Preset};

/// The games the searches take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchGame {
    /// Conway's Sowing.
    Sowing,
    /// Impartial Sowing.
    SowingI,
    /// Atomic Wari.
    Atomic,
    /// Impartial Atomic Wari.
    AtomicI,
    /// Reaping.
    Reaping,
    /// Impartial Reaping.
    ReapingI,
    /// Reverse Atomic Wari.
    ReverseAtomic,
    /// Atomic Wari with captures of two seeds only (§3: "if we disallow capturing groups of
    /// three seeds"), for the follower counts.
    AtomicTwos,
}

/// The games' ids, as the CLI and the lab take them.
pub const GAMES: &[(&str, SearchGame)] = &[
    ("sowing", SearchGame::Sowing),
    ("sowing-i", SearchGame::SowingI),
    ("atomic", SearchGame::Atomic),
    ("atomic-i", SearchGame::AtomicI),
    ("reaping", SearchGame::Reaping),
    ("reaping-i", SearchGame::ReapingI),
    ("ratomic", SearchGame::ReverseAtomic),
    ("atomic-twos", SearchGame::AtomicTwos),
];

impl SearchGame {
    /// The game of an id (`sowing-i`).
    ///
    /// # Errors
    /// An unknown id, with the known ones.
    pub fn parse(id: &str) -> Result<SearchGame, String> {
        GAMES.iter().find(|(k, _)| *k == id.trim()).map(|&(_, g)| g).ok_or_else(|| {
            format!(
                "'{}' is not a game of the searches: use {}",
                crate::engine::text::clip(id, 20),
                GAMES.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            )
        })
    }

    /// Its id.
    pub fn id(self) -> &'static str {
        GAMES.iter().find(|(_, g)| *g == self).map_or("?", |(k, _)| k)
    }

    /// The rules id its rows open with on the play page (`None`: a variant only searched).
    pub fn rules(self) -> Option<&'static str> {
        match self {
            SearchGame::AtomicTwos => None,
            g => Some(g.id()),
        }
    }

    /// Whether its values are nimbers.
    pub fn impartial(self) -> bool {
        matches!(self, SearchGame::SowingI | SearchGame::AtomicI | SearchGame::ReapingI)
    }

    fn visit<V: Visit>(self, v: V) -> V::Out {
        match self {
            SearchGame::Sowing => v.visit::<SowingGame>(false),
            SearchGame::SowingI => v.visit::<SowingGame>(true),
            SearchGame::Atomic => v.visit::<AtomicGame>(false),
            SearchGame::AtomicI => v.visit::<AtomicGame>(true),
            SearchGame::Reaping => v.visit::<ReapingGame>(false),
            SearchGame::ReapingI => v.visit::<ReapingGame>(true),
            SearchGame::ReverseAtomic => v.visit::<ReverseAtomicGame>(false),
            SearchGame::AtomicTwos => v.visit::<AtomicTwos>(false),
        }
    }
}

/// A search generic over the row game, run by [`SearchGame::visit`].
trait Visit {
    type Out;
    fn visit<G: RowGame>(self, impartial: bool) -> Self::Out;
}

pub use crate::families::row::for_each_row;

/// A row found: the row (link notation), its seeds and pots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Found {
    /// The row.
    pub row: String,
    /// Its seeds.
    pub seeds: u32,
    /// Its pots.
    pub pots: u32,
}

/// Most rows a value search lists (it counts the others).
pub const MOST_LISTED: usize = 40;

/// A value search's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueSearch {
    /// The game's id.
    pub game: String,
    /// The value sought, CGSuite's syntax (canonical).
    pub value: String,
    /// The value in the paper's symbols.
    pub paper: String,
    /// The limits: most seeds and most pots.
    pub max_seeds: u32,
    /// Most pots.
    pub max_pots: u32,
    /// Rows looked at (rows no player can move from are not candidates: every one is 0).
    pub rows: u64,
    /// Rows of each size looked at: (seeds, rows).
    pub by_seeds: Vec<(u32, u64)>,
    /// Rows valued, followers included.
    pub valued: u64,
    /// Rows with too many followers to value (each named in `skipped_rows`, the first few).
    pub skipped: u64,
    /// The first rows skipped.
    pub skipped_rows: Vec<String>,
    /// Rows of the value, in the search's order (fewest seeds, then fewest pots): the first
    /// [`MOST_LISTED`].
    pub found: Vec<Found>,
    /// Rows of the value found in all.
    pub total: u64,
    /// Whether every row within the limits was looked at (not stopped).
    pub complete: bool,
    /// Seconds it took (set by the caller, who has the clock).
    #[serde(default)]
    pub seconds: f64,
}

/// Most followers one row of a search may have (a row past it is skipped and named).
pub const ROW_LIMIT: usize = 2_000_000;

/// Every row of `game` of value `value` (CGSuite's syntax) within the limits.
///
/// # Errors
/// A value that cannot be read, or a non-nimber for an impartial game.
pub fn value_search(
    game: SearchGame,
    value_text: &str,
    max_seeds: u32,
    max_pots: u32,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<ValueSearch, String> {
    struct V<'a> {
        text: &'a str,
        max_seeds: u32,
        max_pots: u32,
        progress: &'a mut dyn FnMut(u32, u64) -> bool,
        id: &'static str,
    }
    impl Visit for V<'_> {
        type Out = Result<ValueSearch, String>;
        fn visit<G: RowGame>(self, impartial: bool) -> Self::Out {
            let mut t = Games::new();
            let target = t.parse(self.text).map_err(|e| format!("the value '{}': {e}", self.text))?;
            if impartial && t.nim_value(target).is_none() {
                return Err(format!(
                    "{} is impartial: its values are nimbers (0, *, *2, …), and {} is not one",
                    self.id,
                    t.show(target)
                ));
            }
            let mut memo = Memo::default();
            let mut out = ValueSearch {
                game: self.id.into(),
                value: t.show(target),
                paper: t.show_in(target, Style::Paper),
                max_seeds: self.max_seeds,
                max_pots: self.max_pots,
                rows: 0,
                by_seeds: vec![],
                valued: 0,
                skipped: 0,
                skipped_rows: vec![],
                found: vec![],
                total: 0,
                complete: false,
                seconds: 0.0,
            };
            let progress = self.progress;
            out.complete = for_each_row(self.max_seeds, self.max_pots as usize, G::KEEPS_ENDS, &mut |seeds, row| {
                if !has_move::<G>(row) {
                    return true;
                }
                out.rows += 1;
                match out.by_seeds.last_mut() {
                    Some((s, n)) if *s == seeds => *n += 1,
                    _ => out.by_seeds.push((seeds, 1)),
                }
                match crate::families::row::cgt::value_within::<G>(&mut t, &mut memo, row, impartial, ROW_LIMIT) {
                    Ok(g) if g == target => {
                        out.total += 1;
                        if out.found.len() < MOST_LISTED {
                            out.found.push(Found { row: G::write_row(row), seeds, pots: row.len() as u32 });
                        }
                    }
                    Ok(_) => {}
                    Err(_) => {
                        out.skipped += 1;
                        if out.skipped_rows.len() < 10 {
                            out.skipped_rows.push(G::write_row(row));
                        }
                    }
                }
                out.rows % 4096 != 0 || progress(seeds, out.rows)
            });
            out.valued = memo.len() as u64;
            Ok(out)
        }
    }
    game.visit(V { text: value_text, max_seeds, max_pots, progress, id: game.id() })
}

/// Whether either player can move from the row (a row nobody can move from is 0, and not a
/// candidate: the paper's simplest 0 is 102, not a single seed).
fn has_move<G: RowGame>(row: &[u8]) -> bool {
    options::<G>(row, true, true).is_some_and(|o| !o.is_empty())
}

/// The smallest row of one value of a family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyFind {
    /// `2^-n`, `n.^`, `+_n` or `*n`.
    pub family: String,
    /// n.
    pub n: u32,
    /// The value, CGSuite's syntax.
    pub value: String,
    /// The first row of it (fewest seeds, then fewest pots).
    pub row: String,
    /// Its seeds.
    pub seeds: u32,
    /// Its pots.
    pub pots: u32,
    /// Rows of this value met in all.
    pub count: u64,
}

/// The smallest rows of 2⁻ⁿ, n·↑, +ₙ and *n of a game within limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueFamilies {
    /// The game's id.
    pub game: String,
    /// Most seeds.
    pub max_seeds: u32,
    /// Most pots.
    pub max_pots: u32,
    /// Rows looked at.
    pub rows: u64,
    /// Rows skipped (too many followers).
    pub skipped: u64,
    /// Every value of the families met, by family then n.
    pub finds: Vec<FamilyFind>,
    /// Whether the search ran to its limits.
    pub complete: bool,
    /// Seconds (set by the caller).
    #[serde(default)]
    pub seconds: f64,
}

/// The families' names, in the order they are listed.
pub const FAMILIES: [&str; 4] = ["2^-n", "n.^", "+_n", "*n"];

/// Which family member a value is: (family index, n).
fn family_of(t: &mut Games, g: Gid, tinies: &[Gid]) -> Option<(usize, u32)> {
    if let Some(x) = t.number(g) {
        return (x.num() == 1 && x.exp() >= 1).then_some((0, x.exp()));
    }
    if let Some(n) = t.nim_value(g) {
        return (n >= 1).then_some((3, n));
    }
    // n.^ = {0 | (n-1).^*}: one Left option, 0, and one Right option (checked before naming
    // the value, which is slow beside valuing it).
    let zero = t.zero();
    if t.left(g) != [zero] || t.right(g).len() != 1 {
        return tinies.iter().position(|&h| h == g).map(|k| (2, k as u32 + 1));
    }
    if let Some((x, n, 0)) = t.uptimal(g) {
        if x == Dyadic::ZERO && n >= 1 {
            return Some((1, n as u32));
        }
    }
    tinies.iter().position(|&h| h == g).map(|k| (2, k as u32 + 1))
}

/// Every row of `game` within the limits, each value of the families noted with its first
/// row.
pub fn value_families(
    game: SearchGame,
    max_seeds: u32,
    max_pots: u32,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> ValueFamilies {
    struct V<'a> {
        max_seeds: u32,
        max_pots: u32,
        progress: &'a mut dyn FnMut(u32, u64) -> bool,
        id: &'static str,
    }
    impl Visit for V<'_> {
        type Out = ValueFamilies;
        fn visit<G: RowGame>(self, impartial: bool) -> ValueFamilies {
            let mut t = Games::new();
            let tinies: Vec<Gid> = (1..=16)
                .map(|n| {
                    let x = t.integer(n);
                    t.tiny(x)
                })
                .collect();
            let mut memo = Memo::default();
            let mut finds: Vec<FamilyFind> = vec![];
            let (mut rows, mut skipped) = (0u64, 0u64);
            let progress = self.progress;
            let complete = for_each_row(self.max_seeds, self.max_pots as usize, G::KEEPS_ENDS, &mut |seeds, row| {
                if !has_move::<G>(row) {
                    return true;
                }
                rows += 1;
                match crate::families::row::cgt::value_within::<G>(&mut t, &mut memo, row, impartial, ROW_LIMIT) {
                    Ok(g) => {
                        if let Some((f, n)) = family_of(&mut t, g, &tinies) {
                            match finds.iter_mut().find(|x| x.family == FAMILIES[f] && x.n == n) {
                                Some(x) => x.count += 1,
                                None => finds.push(FamilyFind {
                                    family: FAMILIES[f].into(),
                                    n,
                                    value: t.show(g),
                                    row: G::write_row(row),
                                    seeds,
                                    pots: row.len() as u32,
                                    count: 1,
                                }),
                            }
                        }
                    }
                    Err(_) => skipped += 1,
                }
                rows % 4096 != 0 || progress(seeds, rows)
            });
            finds.sort_by_key(|f| (FAMILIES.iter().position(|&x| x == f.family), f.n));
            ValueFamilies {
                game: self.id.into(),
                max_seeds: self.max_seeds,
                max_pots: self.max_pots,
                rows,
                skipped,
                finds,
                complete,
                seconds: 0.0,
            }
        }
    }
    game.visit(V { max_seeds, max_pots, progress, id: game.id() })
}

/// How often an atomic weight occurs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeightCount {
    /// The weight, CGSuite's syntax.
    pub weight: String,
    /// Rows of it.
    pub rows: u64,
    /// The first row of it.
    pub example: String,
}

/// Atomic Wari's atomic weights over every row within limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtomicWeights {
    /// Most seeds.
    pub max_seeds: u32,
    /// Most pots.
    pub max_pots: u32,
    /// Rows valued.
    pub rows: u64,
    /// Rows whose value is not all-small (no atomic weight; none is expected: every Atomic
    /// Wari position has moves for both players or for neither).
    pub not_all_small: u64,
    /// Rows skipped (too many followers).
    pub skipped: u64,
    /// Each weight met with its count, integers first.
    pub counts: Vec<WeightCount>,
    /// Every weight that is not an integer (non-integer numbers and non-numbers), with its
    /// first row.
    pub unusual: Vec<WeightCount>,
    /// (01300)ⁿ = n·↑ checked: (n, holds).
    pub ups: Vec<(u32, bool)>,
    /// Whether the search ran to its limits.
    pub complete: bool,
    /// Seconds (set by the caller).
    #[serde(default)]
    pub seconds: f64,
}

/// The atomic weights of every Atomic Wari row within the limits, and (01300)ⁿ = n·↑ for n up
/// to `max_ups`.
pub fn atomic_weights(
    max_seeds: u32,
    max_pots: u32,
    max_ups: u32,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> AtomicWeights {
    let mut t = Games::new();
    let mut memo = Memo::default();
    let mut counts: Vec<(Gid, WeightCount)> = vec![];
    let (mut rows, mut not_all_small, mut skipped) = (0u64, 0u64, 0u64);
    let complete = for_each_row(max_seeds, max_pots as usize, false, &mut |seeds, row| {
        rows += 1;
        match crate::families::row::cgt::value_within::<AtomicGame>(&mut t, &mut memo, row, false, ROW_LIMIT) {
            Ok(g) => match t.atomic_weight(g) {
                Some(w) => match counts.iter_mut().find(|(x, _)| *x == w) {
                    Some((_, c)) => c.rows += 1,
                    None => {
                        let weight = t.show(w);
                        counts.push((w, WeightCount { weight, rows: 1, example: row_text(row) }))
                    }
                },
                None => not_all_small += 1,
            },
            Err(_) => skipped += 1,
        }
        rows % 4096 != 0 || progress(seeds, rows)
    });
    let mut ints: Vec<(i64, WeightCount)> = vec![];
    let mut unusual = vec![];
    for (w, c) in counts {
        match t.number(w).filter(|x| x.is_integer()) {
            Some(x) => ints.push((x.num(), c)),
            None => unusual.push(c),
        }
    }
    ints.sort_by_key(|(n, _)| *n);
    let mut ups = vec![];
    let mut row = vec![];
    for n in 1..=max_ups {
        row.extend([0, 1, 3, 0, 0]);
        let holds = value::<AtomicGame>(&mut t, &mut memo, &row, false)
            .is_ok_and(|g| t.uptimal(g) == Some((Dyadic::ZERO, n as i32, 0)));
        ups.push((n, holds));
    }
    AtomicWeights {
        max_seeds,
        max_pots,
        rows,
        not_all_small,
        skipped,
        counts: ints.into_iter().map(|(_, c)| c).collect(),
        unusual,
        ups,
        complete,
        seconds: 0.0,
    }
}

/// The separation measured for parts of one size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeparationSize {
    /// The larger part's seeds.
    pub seeds: u32,
    /// Pairs of parts of this size checked.
    pub pairs: u64,
    /// The least run of empty pots that makes every such pair independent (the row's value
    /// the sum of its parts', for this run and every longer one checked).
    pub least: u32,
    /// A pair that needs it, and the run one shorter where it is not yet a sum.
    pub example: Option<(String, String)>,
    /// The run the proven rule asks for (Sowing: the larger part's seeds), if any.
    pub proven: Option<u32>,
}

/// How many empty (or full) pots make two parts independent, measured over every pair of parts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Separation {
    /// The game's id.
    pub game: String,
    /// Runs of full pots (Sowing's •) between the parts, not of empty pots.
    #[serde(default)]
    pub full: bool,
    /// Most seeds of a part.
    pub max_seeds: u32,
    /// Most pots of a part.
    pub max_pots: u32,
    /// Parts.
    pub parts: u64,
    /// By the larger part's seeds.
    pub by_size: Vec<SeparationSize>,
    /// Whether the search ran to its limits.
    pub complete: bool,
    /// Seconds (set by the caller).
    #[serde(default)]
    pub seconds: f64,
}

/// For every pair of parts (rows of at most `max_seeds` seeds and `max_pots` pots, both
/// orders), the least run of empty pots between them from which on (up to the two parts'
/// seeds together, plus two) the row's value is the sum of the parts' values. With `full`
/// (Sowing only), runs of full pots: the row A•ʷB against A•ʷ + •ʷB.
///
/// # Errors
/// Full pots in a game without them.
pub fn separation(
    game: SearchGame,
    max_seeds: u32,
    max_pots: u32,
    full: bool,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Result<Separation, String> {
    struct V<'a> {
        max_seeds: u32,
        max_pots: u32,
        progress: &'a mut dyn FnMut(u32, u64) -> bool,
        id: &'static str,
        sowing: bool,
        full: bool,
    }
    impl Visit for V<'_> {
        type Out = Separation;
        fn visit<G: RowGame>(self, impartial: bool) -> Separation {
            let mut t = Games::new();
            let mut memo = Memo::default();
            let mut parts: Vec<(Vec<u8>, u32, Gid)> = vec![];
            for_each_row(self.max_seeds, self.max_pots as usize, false, &mut |s, row| {
                if let Ok(g) = value::<G>(&mut t, &mut memo, row, impartial) {
                    parts.push((row.to_vec(), s, g));
                }
                true
            });
            let mut by_size: Vec<SeparationSize> = (1..=self.max_seeds)
                .map(|s| SeparationSize {
                    seeds: s,
                    pairs: 0,
                    least: 0,
                    example: None,
                    proven: self.sowing.then_some(s),
                })
                .collect();
            let mut done = 0u64;
            let progress = self.progress;
            let mut complete = true;
            'pairs: for (a, sa, ga) in &parts {
                for (b, sb, gb) in &parts {
                    let size = (*sa).max(*sb);
                    let most = sa + sb + 2;
                    let pot = if self.full { FULL } else { 0 };
                    let joined = |w: u32, left: &[u8], right: &[u8]| {
                        let mut row = left.to_vec();
                        row.extend(std::iter::repeat_n(pot, w as usize));
                        row.extend_from_slice(right);
                        row
                    };
                    // The least w from which every run up to `most` gives the sum.
                    let mut least = 0;
                    for w in (0..=most).rev() {
                        // Full pots go with each part (A• + •B); empty ones are nothing.
                        let sum = if self.full {
                            let (x, y) = (joined(w, a, &[]), joined(w, &[], b));
                            match (
                                value::<G>(&mut t, &mut memo, &x, impartial),
                                value::<G>(&mut t, &mut memo, &y, impartial),
                            ) {
                                (Ok(x), Ok(y)) => t.add(x, y),
                                _ => continue,
                            }
                        } else {
                            t.add(*ga, *gb)
                        };
                        let row = joined(w, a, b);
                        let same = value::<G>(&mut t, &mut memo, &row, impartial).is_ok_and(|g| g == sum);
                        if !same {
                            least = w + 1;
                            break;
                        }
                    }
                    let entry = &mut by_size[size as usize - 1];
                    entry.pairs += 1;
                    if least > entry.least || entry.example.is_none() && least == entry.least && least > 0 {
                        entry.least = least;
                        entry.example = (least > 0).then(|| (row_text(a), row_text(b)));
                    }
                    done += 1;
                    if done % 256 == 0 && !progress(size, done) {
                        complete = false;
                        break 'pairs;
                    }
                }
            }
            Separation {
                game: self.id.into(),
                full: self.full,
                max_seeds: self.max_seeds,
                max_pots: self.max_pots,
                parts: parts.len() as u64,
                by_size,
                complete,
                seconds: 0.0,
            }
        }
    }
    let sowing = matches!(game, SearchGame::Sowing | SearchGame::SowingI);
    if full && !sowing {
        return Err(format!("full pots are Sowing's: {} has none", game.id()));
    }
    Ok(game.visit(V { max_seeds, max_pots, progress, id: game.id(), sowing, full }))
}

/// Follower counts of one size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowerSize {
    /// Seeds.
    pub seeds: u32,
    /// Rows of this size counted.
    pub rows: u64,
    /// The most followers of such a row (the row included).
    pub most: u64,
    /// A row with the most.
    pub row: String,
    /// The followers of 1ⁿ (n the seeds), if counted within the limit.
    pub ones: Option<u64>,
    /// Erickson's bound for Sowing's 1ⁿ: 2ⁿ⁻¹ − 1.
    pub bound: Option<u64>,
}

/// Follower counts by size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Followers {
    /// The game's id.
    pub game: String,
    /// Most seeds.
    pub max_seeds: u32,
    /// Most pots.
    pub max_pots: u32,
    /// By seeds.
    pub by_size: Vec<FollowerSize>,
    /// Whether the search ran to its limits.
    pub complete: bool,
    /// Seconds (set by the caller).
    #[serde(default)]
    pub seconds: f64,
}

/// The rows reachable from `start` by any moves of either player (the row included), as
/// normal rows; `None` past `limit`.
pub fn follower_count<G: RowGame>(start: &[u8], limit: u64) -> Option<u64> {
    let mut seen: crate::cgt::HashMap<RowKey, ()> = Default::default();
    let first = G::normal(start);
    seen.insert(RowKey::new(&first), ());
    let mut todo = vec![first];
    while let Some(row) = todo.pop() {
        if seen.len() as u64 > limit {
            return None;
        }
        for q in options::<G>(&row, true, true)? {
            if seen.insert(RowKey::new(&q), ()).is_none() {
                todo.push(q);
            }
        }
    }
    Some(seen.len() as u64)
}

/// The most followers of the rows of each size within the limits, and those of 1ⁿ.
pub fn followers(
    game: SearchGame,
    max_seeds: u32,
    max_pots: u32,
    progress: &mut dyn FnMut(u32, u64) -> bool,
) -> Followers {
    struct V<'a> {
        max_seeds: u32,
        max_pots: u32,
        progress: &'a mut dyn FnMut(u32, u64) -> bool,
        id: &'static str,
        sowing: bool,
    }
    impl Visit for V<'_> {
        type Out = Followers;
        fn visit<G: RowGame>(self, _impartial: bool) -> Followers {
            let mut by_size: Vec<FollowerSize> = vec![];
            let mut rows = 0u64;
            let progress = self.progress;
            let complete = for_each_row(self.max_seeds, self.max_pots as usize, G::KEEPS_ENDS, &mut |seeds, row| {
                if by_size.last().is_none_or(|x| x.seeds != seeds) {
                    let ones = follower_count::<G>(&vec![1; seeds as usize], ROW_LIMIT as u64);
                    let bound = (self.sowing && seeds <= 63).then(|| (1u64 << (seeds - 1)) - 1);
                    by_size.push(FollowerSize { seeds, rows: 0, most: 0, row: String::new(), ones, bound });
                }
                let entry = by_size.last_mut().expect("a size");
                entry.rows += 1;
                let n = follower_count::<G>(row, ROW_LIMIT as u64).unwrap_or(u64::MAX);
                if n > entry.most {
                    entry.most = n;
                    entry.row = G::write_row(row);
                }
                rows += 1;
                rows % 1024 != 0 || progress(seeds, rows)
            });
            Followers {
                game: self.id.into(),
                max_seeds: self.max_seeds,
                max_pots: self.max_pots,
                by_size,
                complete,
                seconds: 0.0,
            }
        }
    }
    let sowing = matches!(game, SearchGame::Sowing | SearchGame::SowingI);
    game.visit(V { max_seeds, max_pots, progress, id: game.id(), sowing })
}

/// Atomic Wari with captures of two seeds only (§3's variant with exponentially many
/// followers), for the follower counts: not a game of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtomicTwos;

impl RowGame for AtomicTwos {
    const KEY: &'static str = "atomic-twos";
    const NAME: &'static str = "Atomic Wari, captures of two only";
    const HOW_IT_PLAYS: &'static str = "Atomic Wari capturing 2s only.";
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    const PRESETS: &'static [Preset] = &[];
    const EXAMPLES: &'static [&'static str] = &[];
    const RULES_HELP: &'static str = "";
    const SETUP_HELP: &'static str = "";
    const MOVES_HELP: &'static str = "";
    const SETUP_FORM: &'static str = "";
    const SUBMIT: &'static str = "";
    const DEFAULT: (u32, u32) = (4, 3);
    const MAX_SEEDS: u32 = crate::families::atomic::MAX_SEEDS;
    const HASH_SEED: u64 = 0x0801_F2E2_8583_84FF;

    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        AtomicGame::can_sow(pots, i, dir)
    }

    /// Atomic Wari's sowing, then captures of pots holding exactly two.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, trace: Option<&mut Trace>) -> usize {
        crate::families::atomic::sow_capturing(pots, len, i, dir, trace, |n| n == 2)
    }

    fn refusal(_: &[u8], mv: crate::families::row::RowMove<Self>) -> IllegalMove {
        IllegalMove::NotSowable(mv.to_string())
    }

    fn card(_: &RowRules<Self>) -> Card {
        Card { title: Self::NAME.into(), rules: vec![], sources: vec![], choices: vec![] }
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Form(if matches!(e, RowSetupError::Pots(_)) { "a row of 1 to 64 pots" } else { "a row" })
    }
}

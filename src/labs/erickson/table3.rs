//! Table 3 by exhaustive search: the simplest rows of each nim-value, fewest seeds and fewest
//! pots.

use super::*;

/// The simplest rows found for one nim-value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Simplest {
    /// The nim-value.
    pub value: u32,
    /// The row with the fewest seeds (then the fewest pots), if the search met one.
    pub fewest_seeds: Option<String>,
    /// The row with the fewest pots (then the fewest seeds), if the search met one.
    pub fewest_pots: Option<String>,
    /// Table 3's printed rows (fewest seeds, fewest pots), for values 0 to 9.
    pub printed: Option<(String, String)>,
    /// Whether our fewest-seeds row has as few seeds as the printed one, and our fewest-pots
    /// row as few pots (the tables may pick another row of the same size).
    pub agrees: Option<(bool, bool)>,
}

/// Table 3 recomputed by exhaustive search (positions with at least one move: the paper's
/// simplest 0 is 102, not a single seed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table3Search {
    /// Every row of at most this many seeds was valued (rows that split at a run of empty
    /// pots are sums of smaller rows, so only rows that do not split are listed).
    pub max_seeds: u32,
    /// Every plain row of at most this many pots (with no pot full), and rows of one more
    /// pot up to `max_seeds_long` seeds.
    pub max_pots: u32,
    /// The seed limit of the longest rows searched.
    pub max_seeds_long: u32,
    /// Rows searched.
    pub rows: u64,
    /// Rows valued (memo entries, followers included).
    pub valued: u64,
    /// The simplest rows of every value met, from 0 up.
    pub simplest: Vec<Simplest>,
    /// Seconds it took (set by the caller, who has the clock; 0 when not).
    #[serde(default)]
    pub seconds: f64,
}

/// Calls `f` with every row of exactly `seeds` seeds (first and last pots not empty) that does
/// not split at a run of empty pots ([`crate::families::sowing::split`]'s first rule).
fn rows_with_seeds(seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    fn go(row: &mut Vec<u8>, used: u32, seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if used == seeds {
            return f(row);
        }
        for a in 1..=seeds - used {
            // A gap before this pot (none before the first): shorter than the larger side.
            let gaps = if row.is_empty() { 0 } else { used.max(seeds - used).saturating_sub(1) };
            for g in 0..=gaps {
                let len = row.len();
                row.extend(std::iter::repeat_n(0, g as usize));
                row.push(a as u8);
                let go_on = go(row, used + a, seeds, f);
                row.truncate(len);
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
    go(&mut vec![], 0, seeds, f)
}

/// Calls `f` with every plain row of `pots` pots (ends not empty, no pot full: each holds at
/// most its larger distance to an end) of at most `max_seeds` seeds.
fn rows_with_pots(pots: usize, max_seeds: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    fn go(row: &mut Vec<u8>, pots: usize, left: u32, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        let i = row.len();
        if i == pots {
            return f(row);
        }
        let most = (i.max(pots - 1 - i) as u32).min(left);
        let least = u32::from(i == 0 || i == pots - 1);
        for a in least..=most {
            row.push(a as u8);
            let go_on = go(row, pots, left - a, f);
            row.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    go(&mut vec![], pots, max_seeds, f)
}

/// Table 3's exhaustive search: every row of at most `max_seeds` seeds, then every plain row
/// of at most `max_pots` pots and the rows of `max_pots + 1` pots of at most `max_seeds_long`
/// seeds. `progress(stage, rows so far)` may return `false` to stop (`None`).
pub fn table_3_search(
    max_seeds: u32,
    max_pots: u32,
    max_seeds_long: u32,
    progress: &mut dyn FnMut(&str, u64) -> bool,
) -> Option<Table3Search> {
    let mut memo = Memo::default();
    let mut by_seeds: Vec<Option<(u32, usize, Vec<u8>)>> = vec![];
    let mut by_pots: Vec<Option<(usize, u32, Vec<u8>)>> = vec![];
    let mut rows = 0u64;
    let mut note = |row: &[u8], memo: &mut Memo, rows: &mut u64, seeds_first: bool| {
        let Ok(v) = nim_value::<SowingGame>(memo, row) else { return };
        *rows += 1;
        // As the paper's 102 = 0 shows, a position counts only if it has a move (else a
        // single seed would be the simplest 0).
        if v == 0 && options::<SowingGame>(row, true, true).is_none_or(|o| o.is_empty()) {
            return;
        }
        let v = v as usize;
        let seeds: u32 = row.iter().map(|&n| n as u32).sum();
        if seeds_first {
            if by_seeds.len() <= v {
                by_seeds.resize(v + 1, None);
            }
            let key = (seeds, row.len(), row.to_vec());
            if by_seeds[v].as_ref().is_none_or(|b| key < *b) {
                by_seeds[v] = Some(key);
            }
        }
        if by_pots.len() <= v {
            by_pots.resize(v + 1, None);
        }
        let key = (row.len(), seeds, row.to_vec());
        if by_pots[v].as_ref().is_none_or(|b| key < *b) {
            by_pots[v] = Some(key);
        }
    };
    // Each stage enumerates its rows and values them, telling `progress` as it goes.
    type Rows = dyn Fn(&mut dyn FnMut(&[u8]) -> bool) -> bool;
    let mut stages: Vec<(String, bool, Box<Rows>)> = vec![];
    for s in 1..=max_seeds {
        stages.push((format!("rows of {s} seeds"), true, Box::new(move |f| rows_with_seeds(s, f))));
    }
    for pots in 1..=max_pots as usize + 1 {
        let cap = if pots > max_pots as usize { max_seeds_long } else { u32::MAX / 2 };
        stages.push((format!("rows of {pots} pots"), false, Box::new(move |f| rows_with_pots(pots, cap, f))));
    }
    for (stage, seeds_first, each) in stages {
        if !progress(&stage, rows) {
            return None;
        }
        let finished = each(&mut |row| {
            note(row, &mut memo, &mut rows, seeds_first);
            rows % 262_144 != 0 || progress(&stage, rows)
        });
        if !finished {
            return None;
        }
    }
    let printed: Vec<Vec<&str>> =
        crate::data::rows(crate::data::SOWING_IMPARTIAL).filter(|r| r[3].starts_with("Table 3")).collect();
    let printed_for = |v: usize| -> Option<(String, String)> {
        let want = match v {
            0 => "Table 3 (value 0".to_string(),
            1 => "Table 3 (value *".to_string(),
            v => format!("Table 3 (value *{v}"),
        };
        let ours: Vec<&Vec<&str>> = printed
            .iter()
            .filter(|r| r[3].strip_prefix(want.as_str()).is_some_and(|rest| rest.starts_with([',', ')'])))
            .collect();
        let pick = |tag: &str| {
            ours.iter()
                .find(|r| r[3].contains(tag))
                .or_else(|| ours.iter().find(|r| !r[3].contains("fewest")))
                .map(|r| r[0].to_string())
        };
        Some((pick("fewest seeds")?, pick("fewest pots")?))
    };
    let n = by_seeds.len().max(by_pots.len());
    let simplest = (0..n)
        .map(|v| {
            let fs = by_seeds.get(v).cloned().flatten();
            let fp = by_pots.get(v).cloned().flatten();
            let printed = printed_for(v);
            // A printed row is marked when it does not have the value, when ours is simpler,
            // or when the search found none although the printed row is within its limits; a
            // printed row of the right value beyond the limits is not marked.
            let agrees = printed.as_ref().map(|(a, b)| {
                let pots = |r: &str| r.bytes().map(|c| c.wrapping_sub(b'0')).collect::<Vec<u8>>();
                let seeds = |r: &str| pots(r).iter().map(|&n| n as u32).sum::<u32>();
                let mut has_value =
                    |r: &str| nim_value::<SowingGame>(&mut memo, &pots(r)).is_ok_and(|g| g as usize == v);
                let seeds_ok = has_value(a)
                    && match &fs {
                        Some(f) => f.0 == seeds(a),
                        None => seeds(a) > max_seeds,
                    };
                let within_pots =
                    b.len() <= max_pots as usize || (b.len() == max_pots as usize + 1 && seeds(b) <= max_seeds_long);
                let pots_ok = has_value(b)
                    && match &fp {
                        Some(f) => f.0 == b.len(),
                        None => !within_pots,
                    };
                (seeds_ok, pots_ok)
            });
            Simplest {
                value: v as u32,
                fewest_seeds: fs.map(|f| row_text(&f.2)),
                fewest_pots: fp.map(|f| row_text(&f.2)),
                printed,
                agrees,
            }
        })
        .collect();
    Some(Table3Search { max_seeds, max_pots, max_seeds_long, rows, valued: memo.len() as u64, simplest, seconds: 0.0 })
}

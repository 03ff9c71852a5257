//! Theorems 2.2–2.5 checked on their families of rows, Table 5's case classification past the
//! table, and the followers of 1ⁿ (the Towers-of-Hanoi remark).

use super::*;

/// A theorem checked on its family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Theorem {
    /// "Theorem 2.3".
    pub name: String,
    /// What it says.
    pub statement: String,
    /// Every m, n with m + n at most this was checked (the rows grow: past it, some row had
    /// more followers than the limit).
    pub up_to: u32,
    /// Rows checked.
    pub checked: u32,
    /// Largest number of followers of a row checked.
    pub most_followers: u64,
    /// Rows where it fails (none expected), with our value.
    pub failures: Vec<String>,
}

/// The followers of 1ⁿ in Sowing, against Erickson's lower bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hanoi {
    /// Pots of one seed.
    pub n: u32,
    /// Distinct rows reachable by any sequence of moves (either player, either way), the
    /// row itself included, empty ends dropped.
    pub followers: u64,
    /// 2ⁿ⁻¹ − 1.
    pub bound: u64,
}

/// Table 5's case classification checked past the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Classification {
    /// Largest x and y checked.
    pub up_to: u32,
    /// Rows xy (x ≤ y) checked.
    pub checked: u32,
    /// Rows where the classification and the value differ.
    pub failures: Vec<String>,
}

/// Most followers of a row Theorems 2.2–2.5 are checked on (m + n grows until a row has more).
pub const THEOREM_FOLLOWERS: usize = 300_000;

/// Largest m + n the theorems are checked for (rows of up to 62 pots).
pub const MAX_THEOREM_SUM: u32 = 30;

/// Largest x, y of Table 5's classification check.
pub const CLASSIFICATION_LIMIT: u32 = 16;

/// Follower counts of 1ⁿ stop past this many rows.
pub const HANOI_LIMIT: u64 = 2_000_000;

/// Theorems 2.2–2.5 for every m and n, by growing m + n until a row has more than `limit`
/// followers.
pub fn theorems(t: &mut Games, limit: usize) -> Vec<Theorem> {
    type Family = fn(u32, u32) -> Option<Vec<u8>>;
    type Claim = fn(&mut Games, u32, u32) -> Gid;
    let cases: [(&str, &str, Family, Claim); 4] = [
        (
            "Theorem 2.2",
            "(10)^m 03 (01)^n = 0 for all m and n",
            |m, n| Some([rep(&[1, 0], m), vec![0, 3], rep(&[0, 1], n)].concat()),
            |t, _, _| t.zero(),
        ),
        (
            "Theorem 2.3",
            "(01)^m 2 (01)^n = n+1 for all m and n except m = n = 0",
            |m, n| (m + n > 0).then(|| [rep(&[0, 1], m), vec![2], rep(&[0, 1], n)].concat()),
            |t, _, n| t.integer(n as i64 + 1),
        ),
        (
            "Theorem 2.4",
            "11 (01)^n = {n+1 | 0} for all positive n",
            |m, n| (m == 0 && n > 0).then(|| [vec![1, 1], rep(&[0, 1], n)].concat()),
            |t, _, n| {
                let (a, z) = (t.integer(n as i64 + 1), t.zero());
                t.game(vec![a], vec![z])
            },
        ),
        (
            "Theorem 2.5",
            "(10)^m 2 (01)^n = {n | -m} for all positive m and n",
            |m, n| (m > 0 && n > 0).then(|| [rep(&[1, 0], m), vec![2], rep(&[0, 1], n)].concat()),
            |t, m, n| {
                let (a, b) = (t.integer(n as i64), t.integer(-(m as i64)));
                t.game(vec![a], vec![b])
            },
        ),
    ];
    cases
        .iter()
        .map(|&(name, statement, family, claim)| {
            let mut memo = Memo::default();
            let (mut checked, mut failures, mut up_to, mut most) = (0, vec![], 0, 0);
            'sums: for d in 0..=MAX_THEOREM_SUM {
                for m in 0..=d {
                    let n = d - m;
                    let Some(row) = family(m, n) else { continue };
                    let want = claim(t, m, n);
                    let before = memo.len();
                    match value_within::<SowingGame>(t, &mut memo, &row, false, limit) {
                        Ok(g) if g == want => {}
                        Ok(g) => failures.push(format!("m={m}, n={n}: {} = {}", row_text(&row), t.show(g))),
                        Err(_) => break 'sums,
                    }
                    most = most.max((memo.len() - before) as u64);
                    checked += 1;
                }
                up_to = d;
            }
            Theorem { name: name.into(), statement: statement.into(), up_to, checked, most_followers: most, failures }
        })
        .collect()
}

/// Table 5's classification of xy (x ≤ y) through .37's P-positions, for x, y ≤ `limit`.
pub fn classification(t: &mut Games, memo: &mut Memo, limit: u32) -> Classification {
    let mut s = NimSequence::new(".37".parse().expect("an octal code"));
    s.extend_to(limit as usize + 2, &mut |_| true);
    let p = |n: i64| n >= 0 && s.values[n as usize] == 0;
    let (mut checked, mut failures) = (0, vec![]);
    for x in 1..=limit as i64 {
        for y in x..=limit as i64 {
            let class = if x == 1 {
                match y {
                    1 => "0",
                    2 => "∗",
                    _ => "↑",
                }
            } else if x <= y - 2 {
                if p(x) {
                    "↓(1|0)"
                } else {
                    "↑²∗"
                }
            } else if x == y - 1 {
                if p(x - 2) {
                    "↑(1|0)"
                } else if p(y - 2) {
                    "↓(1|0)"
                } else {
                    "∗2"
                }
            } else if x == 2 || !p(x - 2) {
                "∗2"
            } else {
                "↑(±1)"
            };
            let ours = value::<AtomicGame>(t, memo, &[x as u8, y as u8], false).map(|g| t.show_in(g, Style::Paper));
            match ours {
                Ok(v) if v == class => {}
                Ok(v) => failures.push(format!("{x},{y}: the classification says {class}, the value is {v}")),
                Err(e) => failures.push(format!("{x},{y}: {e}")),
            }
            checked += 1;
        }
    }
    Classification { up_to: limit, checked, failures }
}

/// Follower counts of 1ⁿ for n = 1, 2, … until one passes `limit` rows (or `progress` says
/// stop; it hears each n before it is counted).
pub fn hanoi(limit: u64, progress: &mut dyn FnMut(u32) -> bool) -> Vec<Hanoi> {
    let mut out = vec![];
    for n in 1..=crate::families::row::ROOM as u32 {
        if !progress(n) {
            break;
        }
        match crate::families::sowing::followers(&vec![1; n as usize], limit) {
            Some(f) => out.push(Hanoi { n, followers: f, bound: (1u64 << (n - 1)) - 1 }),
            None => break,
        }
    }
    out
}

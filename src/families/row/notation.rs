//! The row games' text forms: a row (`312`, `3.10.2`, `x` and `~` for full pots), a setup
//! (`312-l`), a sum (`312+21`), a move (`2r`), and the rules id's size and options.

use super::*;

/// Which way a move sows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Direction {
    /// To the left (Right's way).
    Left,
    /// To the right (Left's way).
    Right,
}

impl Direction {
    /// `l` or `r`.
    pub fn letter(self) -> char {
        if self == Direction::Right {
            'r'
        } else {
            'l'
        }
    }

    /// The way in words.
    pub fn word(self) -> &'static str {
        if self == Direction::Right {
            "right"
        } else {
            "left"
        }
    }

    /// The arrow drawn on a pot's button.
    pub fn glyph(self) -> &'static str {
        if self == Direction::Right {
            "→"
        } else {
            "←"
        }
    }
}

/// Reads a row setup: the pots (as `read_row` reads them: digits together, or joined by dots
/// when a pot holds 10 or more), `-`, and who moves (`l` or `r`). `form` describes the setup
/// for messages.
///
/// # Errors
/// The parts, a count, or the side to move, named.
pub(super) fn parse_setup(
    text: &str,
    form: &'static str,
    read_row: fn(&str) -> Result<Vec<u32>, ParseSetupError>,
) -> Result<(Vec<u32>, Player), ParseSetupError> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    let [row, turn] = parts[..] else {
        return Err(ParseSetupError::Parts { form, found: parts.len() });
    };
    let pots = read_row(row)?;
    let turn = match turn.trim().to_ascii_lowercase().as_str() {
        "l" | "left" | "s" => Player::South,
        "r" | "right" | "n" => Player::North,
        _ => return Err(ParseSetupError::Form(form)),
    };
    Ok((pots, turn))
}

pub use crate::families::view::{FULL, WALL};

/// Reads a row: digits together (`312`), or counts joined by dots when a pot holds 10 or more
/// (`3.10.2`); `x` (or `•`) is a full pot and `~` (or `←•`, `•→`) endless full pots at an end
/// ([`FULL`], [`WALL`]: whether the game has them is [`Row::new`]'s to check).
///
/// # Errors
/// A count that is not a number or is above `max_seeds`, naming its pot.
pub fn parse_row(row: &str, max_seeds: u32) -> Result<Vec<u32>, ParseSetupError> {
    if row.contains('+') {
        return parse_sum(row, max_seeds);
    }
    let row = row.trim().replace("←•", "~").replace("•→", "~").replace(['←', '→', '<', '>'], "~");
    // 255 and 254 are how a position's cells count full pots and endless full pots (the
    // editor starts from those counts): read back as such.
    let count = |i: usize, t: &str, max: u64| match t {
        "x" | "X" | "•" | "255" => Ok(FULL as u32),
        "~" | "254" => Ok(WALL as u32),
        _ => parse_count(t, &format!("pot {}:", i + 1), max),
    };
    let pots: Vec<u32> = if row.contains(['.', '_', ' ', ',']) {
        split_fields(&row)
            .into_iter()
            .enumerate()
            .map(|(i, t)| count(i, t, max_seeds as u64))
            .collect::<Result<_, _>>()?
    } else {
        row.chars()
            .enumerate()
            .map(|(i, c)| count(i, &c.to_string(), 9.min(max_seeds as u64)))
            .collect::<Result<_, _>>()?
    };
    Ok(pots)
}

/// Why a game without proven splits refuses sums.
pub const NO_SUMS: &str =
    "sums of rows (a+b) are Sowing's: Atomic Wari's rows grow and capture, and no split of them is proven safe";

/// What a sum's parts must be, for messages.
pub const SUM_FORM: &str = "a sum is rows joined by '+' (312+21), each with seeds";

/// Reads a sum of rows (`312+21`) as one row: the parts, their empty ends dropped, joined by
/// runs of empty pots as wide as the seeds on either side of them (so that the row provably
/// splits into the parts again: see [`crate::families::sowing::split`]). Whether the game
/// may split its rows so is the caller's to check ([`RowGame::FULL_POTS`] games: Sowing).
///
/// # Errors
/// A part that cannot be read or holds no seed.
pub(super) fn parse_sum(text: &str, max_seeds: u32) -> Result<Vec<u32>, ParseSetupError> {
    let seeds = |p: &[u32]| p.iter().filter(|&&n| n < WALL as u32).sum::<u32>();
    let mut parts = vec![];
    for part in text.split('+') {
        let p = parse_row(part, max_seeds)?;
        let start = p.iter().position(|&n| n > 0).unwrap_or(p.len());
        let end = p.iter().rposition(|&n| n > 0).map_or(start, |e| e + 1);
        if seeds(&p[start..end]) == 0 {
            return Err(ParseSetupError::Form(SUM_FORM));
        }
        parts.push(p[start..end].to_vec());
    }
    let total: u32 = parts.iter().map(|p| seeds(p)).sum();
    let mut row: Vec<u32> = vec![];
    let mut left = 0;
    for (k, p) in parts.iter().enumerate() {
        if k > 0 {
            let gap = left.max(total - left) as usize;
            row.extend(std::iter::repeat_n(0, gap.min(ROOM + 1)));
        }
        row.extend_from_slice(p);
        left += seeds(p);
        if row.len() > ROOM {
            // Row::new refuses it with the row's length; no need to build more.
            break;
        }
    }
    Ok(row)
}

/// A pot as the link and the CLI write it: its count, `x` when full, `~` for endless full pots.
pub(super) fn pot_text(n: u8) -> String {
    match n {
        FULL => "x".into(),
        WALL => "~".into(),
        n => n.to_string(),
    }
}

/// The row in the link's notation: digits together when every pot holds fewer than 10 seeds,
/// else joined by dots; `x` a full pot, `~` endless full pots.
pub fn row_text(pots: &[u8]) -> String {
    let sep = if pots.iter().all(|&n| !(10..WALL).contains(&n)) { "" } else { "." };
    let text = pots.iter().map(|&n| pot_text(n)).collect::<Vec<_>>().join(sep);
    // One pot of 10 or more: a dot says it is one count ("10."), not two pots.
    if pots.len() == 1 && !sep.is_empty() {
        text + "."
    } else {
        text
    }
}

/// The row as the paper writes it: full pots `•`, endless ones `←•` and `•→`.
pub fn paper_row(pots: &[u8]) -> String {
    let sep = if pots.iter().all(|&n| !(10..WALL).contains(&n)) { "" } else { "." };
    let last = pots.len().saturating_sub(1);
    pots.iter()
        .enumerate()
        .map(|(i, &n)| match n {
            FULL => "•".into(),
            WALL if i == 0 && last > 0 => "←•".into(),
            WALL => "•→".into(),
            n => n.to_string(),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// The row as a sum of its parts (`312+21`), when it splits as it stands and the sum reads
/// back as exactly this row (its empty pots included); `None` otherwise.
pub(super) fn sum_text_exact<G: RowGame>(pots: &[u8]) -> Option<String> {
    let parts = G::parts_as_is(pots);
    if parts.len() < 2 {
        return None;
    }
    let text = parts.iter().map(|p| row_text(p)).collect::<Vec<_>>().join("+");
    let back = parse_sum(&text, u32::from(u8::MAX)).ok()?;
    (back.len() == pots.len() && back.iter().zip(pots).all(|(&a, &b)| a == u32::from(b))).then_some(text)
}

/// `l` for Left (South), `r` for Right (North).
pub(super) fn turn_letter(p: Player) -> char {
    if p == Player::South {
        'l'
    } else {
        'r'
    }
}

/// Reads a move: a pot's number from 1 and its way, `l` or `r` (`2r`).
///
/// # Errors
/// When the text is not of that form, or the pot is out of `1..=max_pots`.
pub(super) fn parse_move(token: &str, max_pots: usize) -> Result<(u8, Direction), ParseMoveError> {
    let t = token.trim().to_ascii_lowercase();
    let dir = match t.chars().last() {
        Some('l') => Direction::Left,
        Some('r') => Direction::Right,
        _ => return Err(ParseMoveError::NotANumber(clip(&t, 12))),
    };
    match t[..t.len() - 1].parse::<u8>() {
        Ok(n) if n >= 1 && (n as usize) <= max_pots => Ok((n - 1, dir)),
        _ => Err(ParseMoveError::NotANumber(clip(&t, 12))),
    }
}

/// A row game's rules id parts after the key: `-N-S` (N pots of S seeds, else `default`) and
/// `-i` (impartial). Returns (pots, seeds, impartial).
///
/// # Errors
/// Unknown options, or a size that is not two numbers.
pub(super) fn parse_rules(
    parts: &[&str],
    id: &str,
    family: &'static str,
    default: (u32, u32),
) -> Result<(u32, u32, bool), ParseRulesError> {
    let (mut size, mut impartial) = (vec![], false);
    for p in parts.iter().skip(1) {
        match *p {
            "i" => impartial = true,
            t if t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty() => size.push(t),
            other => {
                return Err(ParseRulesError::UnknownOption {
                    family,
                    option: other.to_string(),
                    id: id.to_string(),
                    known: "-N-S (N pots of S seeds) and -i (impartial)",
                })
            }
        }
    }
    let num = |t: &str, what: &'static str| {
        t.parse::<u32>().map_err(|_| ParseRulesError::NotANumber { token: t.to_string(), id: id.to_string(), what })
    };
    let (pots, seeds) = match size[..] {
        [] => default,
        [n, s] => (num(n, "pots")?, num(s, "seeds")?),
        _ => return Err(ParseRulesError::Unknown(clip(id, 40))),
    };
    Ok((pots, seeds, impartial))
}

/// Writes a row game's rules id: `key`, `-N-S` unless the size is `default`, `-i`.
///
/// # Errors
/// Only the formatter's.
pub(super) fn write_rules(
    key: &str,
    size: (u32, u32),
    default: (u32, u32),
    impartial: bool,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str(key)?;
    if size != default {
        write!(f, "-{}-{}", size.0, size.1)?;
    }
    if impartial {
        f.write_str("-i")?;
    }
    Ok(())
}

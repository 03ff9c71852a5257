//! Coloured-seed Sowing (Erickson, "Sowing Games" §4: "Partisan sowing games could be played
//! with either player moving in either direction, but with colored seeds"): a row of pots
//! holding blue and red seeds. Left sows all the blue seeds of a pot, Right all the red ones,
//! either way, one seed a pot into the next pots; the last seed must fall into a pot holding
//! at least one other seed of its colour, and none past the end of the row; then the other
//! colour's seeds in that last pot are captured. The player who cannot move loses.
//!
//! Rules id `colour` (aliases `color`, `coloured`) with the start's size as `colour-N-S` (N
//! pots of S blue and S red seeds); setups are the pots from the left joined by dots, each as
//! its blue and red seeds (`2b1r`, `1b`, `3r`, `0`), then `-` and who moves: `2b1r.0.1b-l`;
//! moves are a pot's number and its way (`2r`). A pot's count packs its blue seeds in the high
//! four bits and its red ones in the low four ([`pot`]), at most 12 of each colour in all.

mod card;
#[cfg(test)]
mod tests;

use super::row::{Direction, Row, RowFamily, RowGame, RowMove, RowRules, RowSetupError, ROOM};
use super::{Card, ParseSetupError, Preset};
use crate::engine::text::{clip, split_fields, CountError};
use crate::engine::{Cell, IllegalMove, Player, Step, Trace};

/// Coloured-seed Sowing, as a [`RowGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourGame;

/// The Coloured-seed Sowing family.
pub type ColourFamily = RowFamily<ColourGame>;
/// Coloured-seed Sowing's rules.
pub type ColourRules = RowRules<ColourGame>;
/// A Coloured-seed Sowing position.
pub type Colour = Row<ColourGame>;
/// A Coloured-seed Sowing move.
pub type ColourMove = RowMove<ColourGame>;

/// Most seeds of one colour on a row.
pub const MAX_COLOUR: u32 = 12;

/// A pot of `blue` and `red` seeds as its count.
pub fn pot(blue: u32, red: u32) -> u8 {
    (blue << 4 | red) as u8
}

/// A pot's blue and red seeds.
pub fn seeds(n: u8) -> (u32, u32) {
    ((n >> 4) as u32, (n & 15) as u32)
}

/// The seeds of `mover`'s colour in the pot `n` (Left's blue, Right's red) and the others.
fn own(n: u8, mover: Player) -> (u32, u32) {
    let (b, r) = seeds(n);
    if mover == Player::South {
        (b, r)
    } else {
        (r, b)
    }
}

/// A pot as the link writes it: `2b1r`, `1b`, `3r`, `0`.
pub fn pot_text(n: u8) -> String {
    match seeds(n) {
        (0, 0) => "0".into(),
        (b, 0) => format!("{b}b"),
        (0, r) => format!("{r}r"),
        (b, r) => format!("{b}b{r}r"),
    }
}

/// What a pot must look like, for messages.
const POT_FORM: &str = "a pot is its blue and red seeds: 2b1r, 1b, 3r or 0";

/// Reads one pot (`2b1r`, `1r2b`, `b`, `0`), named `what` in messages.
fn read_pot(token: &str, what: &str) -> Result<(u32, u32), ParseSetupError> {
    let t = token.trim().to_ascii_lowercase();
    let bad = || {
        ParseSetupError::Count(CountError::NotANumber { what: format!("{what} ({POT_FORM}):"), token: clip(&t, 12) })
    };
    if t == "0" {
        return Ok((0, 0));
    }
    let (mut blue, mut red) = (None, None);
    let mut digits = String::new();
    for c in t.chars() {
        match c {
            '0'..='9' if digits.len() < 3 => digits.push(c),
            'b' | 'r' => {
                let n = if digits.is_empty() { 1 } else { digits.parse::<u32>().map_err(|_| bad())? };
                digits.clear();
                let slot = if c == 'b' { &mut blue } else { &mut red };
                if slot.replace(n).is_some() {
                    return Err(bad());
                }
            }
            _ => return Err(bad()),
        }
    }
    if !digits.is_empty() || (blue.is_none() && red.is_none()) {
        return Err(bad());
    }
    Ok((blue.unwrap_or(0), red.unwrap_or(0)))
}

/// Reads a row: pots joined by dots (`2b1r.0.1b`).
///
/// # Errors
/// A pot that cannot be read, named; more than [`MAX_COLOUR`] seeds of a colour.
pub fn read_row(text: &str) -> Result<Vec<u32>, ParseSetupError> {
    let mut pots = vec![];
    let (mut blue, mut red) = (0, 0);
    for (i, token) in split_fields(text).into_iter().enumerate() {
        let (b, r) = read_pot(token, &format!("pot {}", i + 1))?;
        blue += b;
        red += r;
        for (n, colour) in [(blue, "blue"), (red, "red")] {
            if n > MAX_COLOUR {
                return Err(ParseSetupError::Count(CountError::TooLarge {
                    what: format!("{colour} seeds in all, up to pot {}:", i + 1),
                    value: n as u64,
                    max: MAX_COLOUR as u64,
                }));
            }
        }
        pots.push(pot(b, r) as u32);
        if pots.len() > ROOM {
            break;
        }
    }
    Ok(pots)
}

impl RowGame for ColourGame {
    const KEY: &'static str = "colour";
    const NAME: &'static str = "Coloured-seed Sowing";
    const HOW_IT_PLAYS: &'static str = "One row of blue and red seeds: Left sows a pot's blue seeds, Right its red ones, either way; the last seed falls on a seed of its colour and captures the other colour there.";
    const ALIASES: &'static [(&'static str, &'static str)] =
        &[("color", "colour"), ("coloured", "colour"), ("colored", "colour")];
    const PRESETS: &'static [Preset] = &[Preset {
        id: "colour",
        name: "Coloured-seed Sowing",
        source: "Erickson, \"Sowing Games\", §4: Left sows blue seeds, Right red ones, either way; the last seed onto one of its colour, capturing the other colour there.",
    }];
    const EXAMPLES: &'static [&'static str] = &["colour", "colour-6-1"];
    const RULES_HELP: &'static str = "colour (Coloured-seed Sowing: four pots of one blue and one red seed; Left sows blue, Right red, either way) and colour-N-S (N pots of S blue and S red seeds, at most 12 of a colour); aliases color, coloured";
    const SETUP_HELP: &'static str = "Coloured-seed Sowing setup: the pots from the left joined by dots, each its blue and red seeds (2b1r, 1b, 3r or 0), at most 12 seeds of a colour in all, then '-' and who moves (l for Left, who sows blue; r for Right, red): 2b1r.0.1b-l.";
    const MOVES_HELP: &'static str =
        "Coloured-seed Sowing: a pot's number from 1 and its way, l or r, joined by dots (2r.3l)";
    const SETUP_FORM: &'static str =
        "a Coloured-seed Sowing setup is the pots joined by dots, each like 2b1r, 1b, 3r or 0, then '-' and who moves (l or r)";
    const SUBMIT: &'static str = "Start Coloured-seed Sowing";
    /// Four pots of one blue and one red seed.
    const DEFAULT: (u32, u32) = (4, 1);
    /// A pot's packed count (at most 12 of each colour): the setup reader checks the rest.
    const MAX_SEEDS: u32 = 0xCC;
    const HASH_SEED: u64 = 0xBE54_66CF_34E9_0C6C;
    const EITHER_WAY: bool = true;
    /// Either player sows either way: a row and its mirror image are worth the same.
    const MIRROR_NEGATES: Option<bool> = Some(false);
    const HAS_IMPARTIAL: bool = false;

    /// S blue and S red seeds a pot.
    fn start(pots: u8, seeds: u8) -> Vec<u8> {
        vec![pot(seeds as u32, seeds as u32); pots as usize]
    }

    fn start_fits(pots: u32, seeds: u32) -> Result<(), String> {
        if pots * seeds > MAX_COLOUR {
            return Err(format!(
                "{pots} pots of {seeds} seeds of each colour is {} of a colour: at most {MAX_COLOUR}",
                pots * seeds
            ));
        }
        Ok(())
    }

    /// Either colour could be sown so (the mover decides which: [`RowGame::can_sow_by`]).
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool {
        [Player::South, Player::North].into_iter().any(|p| Self::can_sow_by(pots, i, dir, p))
    }

    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, trace: Option<&mut Trace>) -> usize {
        let mover = if Self::can_sow_by(&pots[..len], i, dir, Player::South) { Player::South } else { Player::North };
        Self::sow_by(pots, len, i, dir, mover, trace)
    }

    /// The pot holds seeds of the mover's colour, and the last falls on the row into a pot
    /// holding one of its colour.
    fn can_sow_by(pots: &[u8], i: usize, dir: Direction, mover: Player) -> bool {
        let k = own(pots[i], mover).0 as usize;
        if k == 0 {
            return false;
        }
        let last = match dir {
            Direction::Right => i + k,
            Direction::Left => match i.checked_sub(k) {
                Some(j) => j,
                None => return false,
            },
        };
        last < pots.len() && own(pots[last], mover).0 > 0
    }

    /// Sows the mover's colour one seed a pot; the last pot's seeds of the other colour are
    /// captured.
    fn sow_by(
        pots: &mut [u8; ROOM],
        len: usize,
        i: usize,
        dir: Direction,
        mover: Player,
        mut trace: Option<&mut Trace>,
    ) -> usize {
        let (k, rest) = own(pots[i], mover);
        let shift = if mover == Player::South { 4 } else { 0 };
        let build = |mine: u32, theirs: u32| if mover == Player::South { pot(mine, theirs) } else { pot(theirs, mine) };
        pots[i] = build(0, rest);
        for _ in 0..k {
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Take(super::row::cell(i)));
            }
        }
        let mut last = i;
        for d in 1..=k as usize {
            last = if dir == Direction::Right { i + d } else { i - d };
            pots[last] += 1 << shift;
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Drop(super::row::cell(last)));
            }
        }
        let (mine, theirs) = own(pots[last], mover);
        if theirs > 0 {
            pots[last] = build(mine, 0);
            if let Some(t) = trace {
                t.steps.push(Step::Capture { from: super::row::cell(last), to: Cell::Store(mover), seeds: theirs });
            }
        }
        len
    }

    fn refusal(pots: &[u8], mv: ColourMove) -> IllegalMove {
        // (Called for a pot with seeds sown a way the mover may go: a colour or the last pot.)
        let _ = pots;
        IllegalMove::Rule {
            mv: mv.to_string(),
            why: "the pot has none of the mover's seeds, or the last seed would not fall onto a seed of its colour on the row",
        }
    }

    fn read_row(text: &str) -> Result<Vec<u32>, ParseSetupError> {
        read_row(text)
    }

    fn write_row(pots: &[u8]) -> String {
        pots.iter().map(|&n| pot_text(n)).collect::<Vec<_>>().join(".")
    }

    fn write_paper(pots: &[u8]) -> String {
        pots.iter().map(|&n| pot_text(n)).collect::<Vec<_>>().join(" ")
    }

    fn colours(n: u8) -> Option<(u32, u32)> {
        Some(seeds(n))
    }

    fn unit(mover: Player) -> u32 {
        if mover == Player::South {
            16
        } else {
            1
        }
    }

    fn invalid(e: RowSetupError<Self>) -> ParseSetupError {
        ParseSetupError::Invalid(crate::families::AnySetupError::Colour(e))
    }

    fn card(rules: &ColourRules) -> Card {
        card::card(rules)
    }
}

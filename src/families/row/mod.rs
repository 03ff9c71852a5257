//! What the one-row games of Erickson's paper share (Conway's Sowing and Atomic Wari): one
//! position, rules, setup and move type generic over the game ([`RowGame`], which says which
//! pots may be sown and how a sowing goes, and names the game), one [`Family`] impl
//! ([`RowFamily`]), one search impl and one valuation in canonical form ([`cgt`]); and their
//! notation: the row setup (`312`, `3.10.2`, then `-l` or `-r` for who moves), moves written
//! as a pot's number and a way (`2r`), Left and Right as the players' names.

pub mod cgt;
mod position;
mod search;
pub mod value;

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

pub use position::*;

use super::{
    Card, Family, FamilySearch, FamilyView, Field, FieldKind, Layout, NewGameForm, ParseMoveError, ParseRulesError,
    ParseSetupError, Preset,
};
use crate::engine::text::{clip, parse_count, split_fields};
use crate::engine::{Cell, IllegalMove, Player, Position, Step, Trace};
use crate::families::AnyMove;
use crate::search::{Analysis, SearchHandler, Searcher};
use cgt::Tick;
use value::{GameValue, RowValueError};

/// One game played on a row: its names and notation help, and its two rules of play (which
/// pots may be sown, and how a sowing goes). A marker type: the game is in its constants.
pub trait RowGame: 'static + Copy + Eq + Hash + fmt::Debug + Send + Sync {
    /// The rules ids' first part (`sowing`).
    const KEY: &'static str;
    /// The game's name in titles ("Conway's Sowing").
    const NAME: &'static str;
    /// As [`Family::HOW_IT_PLAYS`].
    const HOW_IT_PLAYS: &'static str;
    /// As [`Family::ALIASES`].
    const ALIASES: &'static [(&'static str, &'static str)];
    /// As [`Family::PRESETS`].
    const PRESETS: &'static [Preset];
    /// As [`Family::EXAMPLES`].
    const EXAMPLES: &'static [&'static str];
    /// As [`Family::RULES_HELP`].
    const RULES_HELP: &'static str;
    /// As [`Family::SETUP_HELP`].
    const SETUP_HELP: &'static str;
    /// As [`Family::MOVES_HELP`].
    const MOVES_HELP: &'static str;
    /// The setup's form, for messages.
    const SETUP_FORM: &'static str;
    /// The New game form's button.
    const SUBMIT: &'static str;
    /// The start's size (pots, seeds a pot) when an id gives none.
    const DEFAULT: (u32, u32);
    /// Most seeds a pot of a setup may hold.
    const MAX_SEEDS: u32;
    /// Keeps the games' hash keys apart.
    const HASH_SEED: u64;
    /// Whether rows may hold full pots ([`FULL`]) and endless full pots at their ends
    /// ([`WALL`]), as Sowing's do.
    const FULL_POTS: bool = false;
    /// Whether the empty pots at the row's ends are part of the position (Reaping's row is
    /// bounded and its moves drop seeds into empty pots); by default they never matter.
    const KEEPS_ENDS: bool = false;

    /// The start of `pots` pots of `seeds` seeds: by default every pot holds `seeds`.
    fn start(pots: u8, seeds: u8) -> Vec<u8> {
        vec![seeds; pots as usize]
    }

    /// The row as valued: a row of the same value, as small as the game knows how (by
    /// default, without its empty ends where they do not matter).
    fn normal(pots: &[u8]) -> Vec<u8> {
        kept::<Self>(pots).to_vec()
    }

    /// The parts a row reads as where it is a sum as it stands (Sowing's `312+21`), in their
    /// order and not in normal form; by default, the row itself.
    fn parts_as_is(pots: &[u8]) -> Vec<Vec<u8>> {
        vec![pots.to_vec()]
    }

    /// A count of the rows that follow `row` (it included), to run before valuing it where
    /// counting is quick beside valuing (Sowing's): `None` where the game does not count
    /// first; the count gives `None` past `limit` rows.
    fn count_followers(_row: &str, _limit: u64) -> Option<FollowerCount> {
        None
    }

    /// The n of a paper's lower bound of 2^(n-1) - 1 rows following `row`, where it gives one
    /// (Erickson §2: a Sowing row of n ones); `None` otherwise.
    fn followers_bound(_row: &str) -> Option<u32> {
        None
    }

    /// The row as heaps of an octal game, where the paper proves it one (sparse Atomic Wari
    /// rows are heaps of .37); by default none.
    fn heaps(_pots: &[u8]) -> Option<Vec<usize>> {
        None
    }

    /// The independent components of a normal row whose sum it is, where the game can prove
    /// a split safe; by default, the row itself.
    fn components(pots: &[u8]) -> Vec<Vec<u8>> {
        vec![pots.to_vec()]
    }

    /// Whether pot `i` of the row `pots` may be sown the way `dir` (the way is the mover's).
    fn can_sow(pots: &[u8], i: usize, dir: Direction) -> bool;
    /// Sows pot `i` (a legal move) of the row held in the first `len` pots of `pots`,
    /// recording its steps in `trace` if given; returns the row's new length.
    fn sow(pots: &mut [u8; ROOM], len: usize, i: usize, dir: Direction, trace: Option<&mut Trace>) -> usize;
    /// As [`RowGame::can_sow`], by `mover`: a game whose moves depend on the mover beyond
    /// the way (Coloured-seed Sowing's colours) says so here.
    fn can_sow_by(pots: &[u8], i: usize, dir: Direction, _mover: Player) -> bool {
        Self::can_sow(pots, i, dir)
    }
    /// As [`RowGame::sow`], by `mover`.
    fn sow_by(
        pots: &mut [u8; ROOM],
        len: usize,
        i: usize,
        dir: Direction,
        _mover: Player,
        trace: Option<&mut Trace>,
    ) -> usize {
        Self::sow(pots, len, i, dir, trace)
    }
    /// What a row's mirror image is worth: its negative (`Some(true)`: Left's moves mirrored
    /// are Right's, as in Sowing, Atomic Wari, Reaping and Reverse Atomic Wari), the same
    /// (`Some(false)`: both players move either way), or unknown (`None`). The valuation keeps
    /// one of the two (the impartial versions' nim-values are always the same).
    const MIRROR_NEGATES: Option<bool> = Some(true);
    /// A move in words: "sows" (pot 3 to the right), "reaps from".
    const VERB: &'static str = "sows";
    /// Both players may sow either way (Coloured-seed Sowing: the colours tell them apart).
    const EITHER_WAY: bool = false;
    /// The game has an impartial version (`-i`).
    const HAS_IMPARTIAL: bool = true;
    /// Whether a start of `pots` pots of `seeds` seeds is one of the game (the reason in
    /// words if not), beyond the counts' own bounds.
    fn start_fits(_pots: u32, _seeds: u32) -> Result<(), String> {
        Ok(())
    }
    /// Reads a row (the setup's part before `-`).
    ///
    /// # Errors
    /// A pot that cannot be read, named.
    fn read_row(text: &str) -> Result<Vec<u32>, ParseSetupError> {
        parse_row(text, Self::MAX_SEEDS)
    }
    /// Writes a row in the link's notation.
    fn write_row(pots: &[u8]) -> String {
        row_text(pots)
    }
    /// Writes a row as the paper would.
    fn write_paper(pots: &[u8]) -> String {
        paper_row(pots)
    }
    /// A pot's count as its blue and red seeds, in a game of coloured seeds.
    fn colours(_n: u8) -> Option<(u32, u32)> {
        None
    }
    /// What one seed of `mover`'s adds to a pot's count (see [`FamilyView::seed_unit`]).
    fn unit(_mover: Player) -> u32 {
        1
    }
    /// Why sowing pot `mv.pot` of `pots` its way is not allowed (when [`RowGame::can_sow`]
    /// says no for a pot with seeds, sown the mover's way).
    fn refusal(pots: &[u8], mv: RowMove<Self>) -> IllegalMove;
    /// The rules card.
    fn card(rules: &RowRules<Self>) -> Card;

    // The hook below is one line in each game, where the registration list's
    // conversions into the `Any` types are known (in the generic family impl, asking for them
    // would make the list's impls depend on themselves).

    /// A setup error as the family-independent error (`e.into()`).
    fn invalid(e: RowSetupError<Self>) -> ParseSetupError;
}

/// The generic search's analysis of a row position (the row families' [`FamilySearch::analyze`]).
pub fn analyze<G: RowGame>(
    pos: &Row<G>,
    depth: u32,
    table_mib: usize,
    handler: &mut dyn SearchHandler<AnyMove>,
) -> Analysis<AnyMove>
where
    crate::families::AnyMove: From<RowMove<G>>,
{
    Searcher::new(table_mib).analyze(pos, depth, handler).unwrap_or_default()
}

/// The family of a row game: every [`Family`] method, once for all of them.
pub struct RowFamily<G>(PhantomData<G>);

impl<G: RowGame> Family for RowFamily<G> {
    type Rules = RowRules<G>;

    type Position = Row<G>;

    type SetupError = RowSetupError<G>;

    type Move = RowMove<G>;

    const KEY: &'static str = G::KEY;
    const NAME: &'static str = G::NAME;
    const HOW_IT_PLAYS: &'static str = G::HOW_IT_PLAYS;

    const ALIASES: &'static [(&'static str, &'static str)] = G::ALIASES;

    const PRESETS: &'static [Preset] = G::PRESETS;

    const EXAMPLES: &'static [&'static str] = G::EXAMPLES;

    const RULES_HELP: &'static str = G::RULES_HELP;

    const SETUP_HELP: &'static str = G::SETUP_HELP;

    const MOVES_HELP: &'static str = G::MOVES_HELP;

    const MOVES_JOINED: bool = false;

    fn parse_rules(parts: &[&str], id: &str) -> Result<RowRules<G>, ParseRulesError> {
        let (pots, seeds, impartial) = parse_rules(parts, id, G::NAME, G::DEFAULT)?;
        if impartial && !G::HAS_IMPARTIAL {
            return Err(ParseRulesError::OutOfRange {
                id: id.to_string(),
                reason: format!("{} has no impartial version: its colours tell the players apart", G::NAME),
            });
        }
        RowRules::new(pots, seeds, impartial)
            .map_err(|e| ParseRulesError::OutOfRange { id: id.to_string(), reason: e.to_string() })
    }

    fn write_rules(rules: &RowRules<G>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(rules, f)
    }

    fn title(r: &RowRules<G>) -> String {
        format!("{}{}", G::NAME, if r.impartial { ", impartial" } else { "" })
    }

    fn start(rules: &RowRules<G>) -> Row<G> {
        rules.start()
    }

    fn rules_of(pos: &Row<G>) -> RowRules<G> {
        pos.rules()
    }

    fn card(rules: &RowRules<G>) -> Card {
        G::card(rules)
    }

    fn parse_setup(rules: &RowRules<G>, text: &str) -> Result<Row<G>, ParseSetupError> {
        if text.contains('+') && !G::FULL_POTS {
            return Err(ParseSetupError::Form(NO_SUMS));
        }
        let (pots, turn) = parse_setup(text, G::SETUP_FORM, G::read_row)?;
        Row::new(*rules, &pots, turn).map_err(G::invalid)
    }

    fn write_setup(p: &Row<G>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A sum set up as 312+21 is written so again (when it reads back as this very row).
        if G::FULL_POTS {
            if let Some(sum) = sum_text_exact::<G>(p.pots()) {
                return write!(f, "{sum}-{}", turn_letter(p.turn()));
            }
        }
        write!(f, "{}-{}", G::write_row(p.pots()), turn_letter(p.turn()))
    }

    fn parse_move(_: &Row<G>, token: &str) -> Result<RowMove<G>, ParseMoveError> {
        parse_move(token, ROOM).map(|(pot, dir)| RowMove::new(pot, dir))
    }
}

impl<G: RowGame> FamilyView for RowFamily<G> {
    fn layout(pos: &Row<G>) -> Layout {
        Layout::Row { pits: pos.pots().len() }
    }

    fn move_cell(_: &Row<G>, mv: RowMove<G>) -> Cell {
        cell(mv.pot as usize)
    }

    fn cell_move(pos: &Row<G>, c: Cell) -> Option<RowMove<G>> {
        // A click on a pot plays its only legal move; a pot with two (impartial) has a button
        // a way, drawn by the board from the legal moves.
        let Cell::Pit { index, .. } = c else { return None };
        let mut found = vec![];
        pos.for_each_move(|m| {
            if m.pot as u16 == index {
                found.push(m);
            }
        });
        match found[..] {
            [m] => Some(m),
            _ => None,
        }
    }

    fn cell_name(_: &Row<G>, c: Cell) -> String {
        cell_name(c)
    }

    fn cell_label(_: &Row<G>, c: Cell) -> String {
        super::view::pit_number(c)
    }

    fn status(pos: &Row<G>) -> String {
        status(pos.can_move(), pos.turn())
    }

    fn describe_move(before: &Row<G>, mv: RowMove<G>, trace: &Trace, _: &Row<G>) -> String {
        let captured: u32 =
            trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
        let took = if captured > 0 { format!(", capturing {captured}") } else { String::new() };
        format!("{} {} pot {} to the {}{took}", player_name(before.turn()), G::VERB, mv.pot + 1, mv.dir.word())
    }

    fn player_name(p: Player) -> &'static str {
        player_name(p)
    }

    fn move_glyph(mv: RowMove<G>) -> String {
        mv.dir.glyph().into()
    }

    fn move_label(mover: Player, mv: RowMove<G>) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn seed_colours(_: &Row<G>, n: u32) -> Option<(u32, u32)> {
        G::colours(n as u8)
    }

    fn seed_unit(pos: &Row<G>) -> u32 {
        G::unit(pos.turn())
    }

    fn cell_text(_: &Row<G>, n: u32) -> String {
        if G::colours(0).is_some() {
            return G::write_row(&[n as u8]);
        }
        match n {
            n if G::FULL_POTS && n == FULL as u32 => "x".into(),
            n if G::FULL_POTS && n == WALL as u32 => "~".into(),
            n => n.to_string(),
        }
    }

    fn cell_symbols(_: &Row<G>) -> Option<(&'static [&'static str], &'static str)> {
        G::FULL_POTS.then_some((
            &["x", "X", "•", "~", "←•", "•→"],
            "x (or •) a full pot, ~ endless full pots at an end of the row",
        ))
    }

    fn setup_from_cells(pos: &Row<G>, counts: &[(Cell, String)], turn: Player) -> String {
        format!("{}-{}", super::view::row_from_cells(pos.pots().len(), counts), turn_letter(turn))
    }

    fn board_text(p: &Row<G>) -> String {
        let cells = p
            .pots()
            .iter()
            .map(|&n| match G::colours(n) {
                Some(_) => format!("{:>5} ", G::write_row(&[n])),
                None => super::view::count_text(n as u32),
            })
            .collect::<String>();
        let numbers = (1..=p.pots().len()).map(|i| format!("{i:>3} ")).collect::<String>();
        format!("pots   {cells}\n       {numbers}\n")
    }

    fn new_game_form(current: Option<&RowRules<G>>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| RowRules::new(G::DEFAULT.0, G::DEFAULT.1, false).expect("valid"));
        let mut form = new_game_form((r.pots as u32, r.seeds as u32), r.impartial, MAX_POTS, G::SUBMIT);
        if !G::HAS_IMPARTIAL {
            // Coloured-seed Sowing: no impartial version; S blue and S red seeds a pot.
            form.fields.retain(|f| f.id != "ng-version");
            if let Some(f) = form.fields.iter_mut().find(|f| f.id == "ng-pot-seeds") {
                f.label = "Blue and red seeds a pot";
                f.kind = FieldKind::Number { min: 0, max: 3 };
            }
        }
        form
    }

    fn new_game(values: &[String]) -> Result<Row<G>, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("{}-{}-{}{}", G::KEY, v(0), v(1), v(2));
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }
}

impl<G: RowGame> FamilySearch for RowFamily<G>
where
    AnyMove: From<RowMove<G>>,
{
    fn analyze(
        pos: &Row<G>,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        analyze(pos, depth, table_mib, handler)
    }

    fn value_row(pos: &Row<G>) -> Option<String> {
        Some(G::write_row(kept::<G>(pos.pots())))
    }

    fn game_value(
        rules: &RowRules<G>,
        row: &str,
        limit: usize,
        progress: Option<Tick>,
    ) -> Option<Result<GameValue, RowValueError>> {
        Some(value::row_value_of::<G>(*rules, row, limit, progress))
    }

    fn count_followers(_: &RowRules<G>, row: &str, limit: u64) -> Option<FollowerCount> {
        G::count_followers(row, limit)
    }

    fn followers_bound(_: &RowRules<G>, row: &str) -> Option<u32> {
        G::followers_bound(row)
    }

    fn paper_row(_: &RowRules<G>, row: &str) -> Option<String> {
        if G::colours(0).is_some() {
            return Some(G::write_paper(&G::read_row(row).ok()?.iter().map(|&n| n as u8).collect::<Vec<_>>()));
        }
        let pots: Vec<u8> = parse_row(row, 255).ok()?.iter().map(|&n| n as u8).collect();
        Some(G::parts_as_is(&pots).iter().map(|p| paper_row(p)).collect::<Vec<_>>().join(" + "))
    }
}

/// A count of a row's followers, run on demand: their number, `None` past its limit.
pub type FollowerCount = Box<dyn FnOnce() -> Option<u64>>;

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
fn parse_setup(
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
fn parse_sum(text: &str, max_seeds: u32) -> Result<Vec<u32>, ParseSetupError> {
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
fn pot_text(n: u8) -> String {
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
fn sum_text_exact<G: RowGame>(pots: &[u8]) -> Option<String> {
    let parts = G::parts_as_is(pots);
    if parts.len() < 2 {
        return None;
    }
    let text = parts.iter().map(|p| row_text(p)).collect::<Vec<_>>().join("+");
    let back = parse_sum(&text, u32::from(u8::MAX)).ok()?;
    (back.len() == pots.len() && back.iter().zip(pots).all(|(&a, &b)| a == u32::from(b))).then_some(text)
}

/// `l` for Left (South), `r` for Right (North).
fn turn_letter(p: Player) -> char {
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
fn parse_move(token: &str, max_pots: usize) -> Result<(u8, Direction), ParseMoveError> {
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

/// Left and Right, drawn as South and North.
fn player_name(p: Player) -> &'static str {
    match p {
        Player::South => "Left",
        Player::North => "Right",
    }
}

/// "Pot 3".
fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Pit { index, .. } => format!("Pot {}", index + 1),
        Cell::Store(_) => String::new(),
    }
}

/// The cell of pot `i` (0-based).
pub fn cell(i: usize) -> Cell {
    Cell::Pit { owner: Player::South, index: i as u16 }
}

/// The status line of a normal-play game: who moves, or who could not and so lost.
fn status(can_move: bool, turn: Player) -> String {
    if can_move {
        format!("{} to move.", player_name(turn))
    } else {
        format!("Game over: {} cannot move; {} wins.", player_name(turn), player_name(!turn))
    }
}

/// The row without the empty pots at its ends (they never matter; endless full pots are not
/// empty, and the empty pots beside them stay).
pub fn trimmed(pots: &[u8]) -> &[u8] {
    let start = pots.iter().position(|&n| n > 0).unwrap_or(pots.len());
    let end = pots.iter().rposition(|&n| n > 0).map_or(start, |e| e + 1);
    &pots[start..end]
}

/// The row without the empty pots at its ends where they do not matter (every game but
/// Reaping): the row as the game sees it.
pub fn kept<G: RowGame>(pots: &[u8]) -> &[u8] {
    if G::KEEPS_ENDS {
        pots
    } else {
        trimmed(pots)
    }
}

/// Calls `f(seeds, row)` with every row of at most `max_seeds` seeds and `max_pots` pots,
/// fewest seeds first, then fewest pots, then in lexicographic order: rows whose end pots
/// hold seeds, or (`open_ends`: Reaping's bounded rows) any row. Returns `false` if `f` did.
pub fn for_each_row(max_seeds: u32, max_pots: usize, open_ends: bool, f: &mut dyn FnMut(u32, &[u8]) -> bool) -> bool {
    fn go(
        row: &mut Vec<u8>,
        pots: usize,
        left: u32,
        open: bool,
        seeds: u32,
        f: &mut dyn FnMut(u32, &[u8]) -> bool,
    ) -> bool {
        let i = row.len();
        if i == pots {
            return left == 0 && f(seeds, row);
        }
        let end = !open && (i == 0 || i == pots - 1);
        let last = i == pots - 1;
        let least = if last { left } else { u32::from(end) };
        let most = left.min(u8::MAX as u32);
        for a in least..=most {
            if end && a == 0 {
                continue;
            }
            row.push(a as u8);
            let go_on = go(row, pots, left - a, open, seeds, f);
            row.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    for s in 1..=max_seeds {
        for n in 1..=max_pots {
            // Two end pots with seeds need two seeds.
            if !open_ends && n >= 2 && s < 2 {
                continue;
            }
            if !go(&mut Vec::with_capacity(n), n, s, open_ends, s, f) {
                return false;
            }
        }
    }
    true
}

/// A row game's rules id parts after the key: `-N-S` (N pots of S seeds, else `default`) and
/// `-i` (impartial). Returns (pots, seeds, impartial).
///
/// # Errors
/// Unknown options, or a size that is not two numbers.
fn parse_rules(
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
fn write_rules(
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

/// The New game form of a row game: pots, seeds a pot, partizan or impartial.
fn new_game_form(size: (u32, u32), impartial: bool, max_pots: usize, submit: &'static str) -> NewGameForm {
    NewGameForm {
        fields: vec![
            Field {
                id: "ng-pots",
                label: "Pots",
                kind: FieldKind::Number { min: 1, max: max_pots as u32 },
                value: size.0.to_string(),
            },
            Field {
                id: "ng-pot-seeds",
                label: "Seeds a pot",
                kind: FieldKind::Number { min: 0, max: 9 },
                value: size.1.to_string(),
            },
            Field {
                id: "ng-version",
                label: "Version",
                kind: FieldKind::Choice(vec![
                    ("", "partizan (Left sows right, Right sows left)"),
                    ("-i", "impartial (either player, either way)"),
                ]),
                value: if impartial { "-i" } else { "" }.into(),
            },
        ],
        submit,
        class: "custom",
        button_class: "start",
    }
}

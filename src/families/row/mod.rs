//! What the one-row games of Erickson's paper share (Conway's Sowing and Atomic Wari): one
//! position, rules, setup and move type generic over the game ([`RowGame`], which says which
//! pots may be sown and how a sowing goes, and names the game), one [`Family`] impl
//! ([`RowFamily`]), one search impl and one valuation in canonical form ([`cgt`]); and their
//! notation: the row setup (`312`, `3.10.2`, then `-l` or `-r` for who moves), moves written
//! as a pot's number and a way (`2r`), Left and Right as the players' names.

pub mod cgt;
mod notation;
mod position;
mod rows;
mod search;
pub mod value;
mod view;

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

pub use notation::{paper_row, parse_row, row_text, Direction, FULL, NO_SUMS, SUM_FORM, WALL};
use notation::{parse_move, parse_rules, parse_setup, sum_text_exact, turn_letter, write_rules};
pub use position::*;
pub use rows::{for_each_row, kept, trimmed};
pub use view::cell;

use super::{
    Card, Family, FamilyBoard, FamilySearch, FamilyView, Field, FieldKind, Layout, NewGameForm, ParseMoveError,
    ParseRulesError, ParseSetupError, Preset,
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
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
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
    /// Starts the positions' hash keys ([`hash_seed`] of the key by default). The games
    /// written before the default keep the constants they had: the key decides where a
    /// position falls in the search's table, and so the node counts the CLI's outputs and the
    /// benchmarks record.
    const HASH_SEED: u64 = hash_seed(Self::KEY);
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

    // The hook below is one line in each game that names the game's variant of
    // `AnySetupError`, which only the registration list knows. It has no default: the list
    // cannot write `From` for the families' setup errors (Kalah, Oware and Dakon share one
    // type, so those impls would conflict), and the generic family impl cannot ask for the
    // list's `Registered` impl (a supertrait of `Family`: the impl would depend on itself).

    /// A setup error as the family-independent error.
    fn invalid(e: RowSetupError<Self>) -> ParseSetupError;
}

/// A hash seed from a game's key (FNV-1a): the default [`RowGame::HASH_SEED`].
pub const fn hash_seed(key: &str) -> u64 {
    crate::engine::fnv1a(key)
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

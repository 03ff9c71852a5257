//! Dispatch to a family without naming it: each family's traits seen through trait objects.
//!
//! A family is a marker type with associated functions ([`Family`], [`FamilyView`],
//! [`FamilySearch`]); its rules, positions and moves are its own types. The page, the CLI and
//! the searches hold them as [`AnyRules`], [`AnyPosition`] and [`AnyMove`]. Here, once and
//! generically, each family is erased into object-safe traits whose methods take and give the
//! `Any*` types, one a concern, each its own vtable:
//!
//! - the core, which `FamilyId`, `AnyRules` and `AnyPosition` dereference to: [`DynFamily`]
//!   (ids, names, presets, rules parsing), [`DynRules`] (the start, a title, setups, the
//!   databases' size) and [`DynPosition`] (moves, play, the outcome, setups);
//! - the rest, reached through one-line methods of the same names on the `Any*` types:
//!   [`DynFamilyPage`] (help and the New game form), [`DynCard`] (the rules card),
//!   [`DynView`] (the board's drawing, names, labels, a move in words, the editor) and
//!   [`DynSearch`] (searches, solvers, databases, game values, perft).
//!
//! A vtable links every method it holds, whether a binary calls it or not: the concerns are
//! apart so that the page's app links no search and the worker no view (BENCHMARKS.md: one
//! vtable a family took the app's wasm past its 400 KB). `Deref` on the enums goes against the
//! API guideline C-DEREF, on purpose: the enums are the family's value, and the core's methods
//! read as their own without a forwarding line each. The hot loops (searches, solvers,
//! databases) run inside a family on its own types, so a virtual call per page action or per
//! CLI command costs nothing measurable (BENCHMARKS.md).

use core::fmt;
use core::marker::PhantomData;

use super::row::cgt::Tick;
use super::row::value::{GameValue, RowValueError};
use super::row::FollowerCount;
use super::{
    AnyMove, AnyPosition, AnyRules, Card, DatabasePart, EndgameDatabases, ExactSolver, Family, FamilyBoard, FamilyId,
    FamilySearch, FamilyView, Layout, NewGameForm, ParseMoveError, ParseRulesError, ParseSetupError, Preset,
    SolveError, SolveRequest,
};
use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Trace};
use crate::search::{Analysis, SearchHandler};

/// A family in the registration list: its id and its types' places in the `Any*` enums.
/// `families!` writes this impl for every family; nothing else implements it.
pub trait Registered: Family + FamilyBoard + FamilyView + FamilySearch {
    /// The family's id.
    const ID: FamilyId;
    /// The position, if `pos` is of this family.
    fn position_of(pos: &AnyPosition) -> Option<&Self::Position>;
    /// The rules, if `rules` are of this family.
    fn rules_of_any(rules: &AnyRules) -> Option<&Self::Rules>;
    /// The move, if `mv` is of this family.
    fn move_of(mv: AnyMove) -> Option<Self::Move>;
    /// The position as an [`AnyPosition`].
    fn any_position(pos: Self::Position) -> AnyPosition;
    /// The rules as [`AnyRules`].
    fn any_rules(rules: Self::Rules) -> AnyRules;
    /// The move as an [`AnyMove`].
    fn any_move(mv: Self::Move) -> AnyMove;
}

/// A family's position type knows its family (written by `families!`).
pub trait OfFamily {
    /// The family.
    type Family: Registered;
}

/// The family marker `F` as a value, for a `&'static dyn DynFamily` or `DynFamilyPage`.
pub struct Erased<F>(PhantomData<fn() -> F>);

impl<F> Erased<F> {
    /// The marker.
    pub const NEW: Erased<F> = Erased(PhantomData);
}

/// What a family is, with its types erased: reached from a [`FamilyId`].
pub trait DynFamily: Sync {
    /// The first part of the family's rules ids.
    fn key(&self) -> &'static str;
    /// The other first parts its rules ids may have (`ayo`, `awari`, `wari`).
    fn other_keys(&self) -> &'static [&'static str];
    /// The family's name on the home page.
    fn name(&self) -> &'static str;
    /// The family's presets, in order.
    fn presets(&self) -> &'static [Preset];
    /// The family's preset aliases and the ids they stand for.
    fn aliases(&self) -> &'static [(&'static str, &'static str)];
    /// Ids suggested when a rules id is unknown.
    fn examples(&self) -> &'static [&'static str];
    /// A solitaire: one player.
    fn is_solitaire(&self) -> bool;
    /// The family has an exact solver.
    fn has_exact_solver(&self) -> bool;
    /// A move's glyph on its own button, when a pit has several moves (a move of another
    /// family: the move as written).
    fn move_glyph(&self, mv: AnyMove) -> String;
    /// Reads a rules id of this family (see [`Family::parse_rules`]).
    ///
    /// # Errors
    /// Unknown options or numbers out of range, in words.
    fn parse_rules(&self, parts: &[&str], id: &str) -> Result<AnyRules, ParseRulesError>;
}

impl<F: Registered> DynFamily for Erased<F> {
    fn key(&self) -> &'static str {
        F::KEY
    }
    fn other_keys(&self) -> &'static [&'static str] {
        F::OTHER_KEYS
    }
    fn name(&self) -> &'static str {
        F::NAME
    }
    fn presets(&self) -> &'static [Preset] {
        F::PRESETS
    }
    fn aliases(&self) -> &'static [(&'static str, &'static str)] {
        F::ALIASES
    }
    fn examples(&self) -> &'static [&'static str] {
        F::EXAMPLES
    }
    fn is_solitaire(&self) -> bool {
        F::SOLITAIRE
    }
    fn has_exact_solver(&self) -> bool {
        F::EXACT_SOLVER
    }
    fn move_glyph(&self, mv: AnyMove) -> String {
        F::move_of(mv).map_or_else(|| mv.to_string(), F::move_glyph)
    }
    fn parse_rules(&self, parts: &[&str], id: &str) -> Result<AnyRules, ParseRulesError> {
        F::parse_rules(parts, id).map(F::any_rules)
    }
}

/// What the page and the CLI's help show of a family: its rules in words and the New game
/// form. A vtable apart from [`DynFamily`] (reached through [`FamilyId`]'s own methods of the
/// same names), so that the worker, which shows nothing, links none of it.
pub trait DynFamilyPage: Sync {
    /// How the family plays, in one sentence.
    fn how_it_plays(&self) -> &'static str;
    /// The family's rules ids in words.
    fn rules_help(&self) -> &'static str;
    /// The family's setup form in words.
    fn setup_help(&self) -> &'static str;
    /// The family's move form in words.
    fn moves_help(&self) -> &'static str;
    /// The family's New game form, with `current`'s values if it is of this family.
    fn new_game_form(&self, current: Option<&AnyRules>) -> NewGameForm;
    /// A new game's start from the family's New game form's values.
    ///
    /// # Errors
    /// Values out of range, in words.
    fn new_game(&self, values: &[String]) -> Result<AnyPosition, String>;
}

impl<F: Registered> DynFamilyPage for Erased<F> {
    fn how_it_plays(&self) -> &'static str {
        F::HOW_IT_PLAYS
    }
    fn rules_help(&self) -> &'static str {
        F::RULES_HELP
    }
    fn setup_help(&self) -> &'static str {
        F::SETUP_HELP
    }
    fn moves_help(&self) -> &'static str {
        F::MOVES_HELP
    }
    fn new_game_form(&self, current: Option<&AnyRules>) -> NewGameForm {
        F::new_game_form(current.and_then(F::rules_of_any))
    }
    fn new_game(&self, values: &[String]) -> Result<AnyPosition, String> {
        F::new_game(values).map(F::any_position)
    }
}

/// What a family's rules do, with the family's types erased: reached from an [`AnyRules`].
pub trait DynRules {
    /// The convention under which proven values of these rules hold, where the rules would
    /// end a game otherwise (see [`FamilySearch::proven_convention`]).
    fn proven_convention(&self) -> Option<&'static str>;
    /// Positions the endgame databases of these rules hold up to `seeds` seeds (`None`: the
    /// family has none).
    fn databases_size(&self, seeds: usize) -> Option<u64>;
    /// A row of these rules in the paper's notation (`None`: not a row game, or not a row).
    fn paper_row(&self, row: &str) -> Option<String>;
    /// The start position.
    fn start(&self) -> AnyPosition;
    /// A readable name: "Kalah(6,4), empty capture".
    fn title(&self) -> String;
    /// Parses a setup for these rules.
    ///
    /// # Errors
    /// A [`ParseSetupError`] naming the faulty part.
    fn parse_setup(&self, text: &str) -> Result<AnyPosition, ParseSetupError>;
    /// Writes the canonical rules id.
    ///
    /// # Errors
    /// Only the formatter's.
    fn write_rules(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// The rules card of a family's rules: a vtable apart from [`DynRules`] (reached through
/// [`AnyRules::card`]), so that the worker links no card.
pub trait DynCard {
    /// The rules card.
    fn card(&self) -> Card;
}

impl<R> DynCard for R
where
    R: RulesOfFamily,
    R::Family: Family<Rules = R>,
{
    fn card(&self) -> Card {
        R::Family::card(self)
    }
}

/// A family's rules type knows its family (written by `families!`).
pub trait RulesOfFamily {
    /// The family.
    type Family: Registered;
}

impl<R> DynRules for R
where
    R: RulesOfFamily,
    R::Family: Family<Rules = R>,
{
    fn proven_convention(&self) -> Option<&'static str> {
        R::Family::proven_convention(self)
    }
    fn databases_size(&self, seeds: usize) -> Option<u64> {
        R::Family::databases_size(self, seeds)
    }
    fn paper_row(&self, row: &str) -> Option<String> {
        R::Family::paper_row(self, row)
    }
    fn start(&self) -> AnyPosition {
        R::Family::any_position(R::Family::start(self))
    }
    fn title(&self) -> String {
        R::Family::title(self)
    }
    fn parse_setup(&self, text: &str) -> Result<AnyPosition, ParseSetupError> {
        if text.len() > crate::engine::text::MAX_TEXT {
            return Err(ParseSetupError::TooLong(text.len()));
        }
        R::Family::parse_setup(self, text).map(R::Family::any_position)
    }
    fn write_rules(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        R::Family::write_rules(self, f)
    }
}

/// What a position does, with its family's types erased: reached from an [`AnyPosition`].
pub trait DynPosition {
    /// The rules of the position.
    fn rules(&self) -> AnyRules;
    /// Who moves next.
    fn turn(&self) -> Player;
    /// The legal moves.
    fn legal_moves(&self) -> Vec<AnyMove>;
    /// Plays a move.
    ///
    /// # Errors
    /// When the move is illegal here or of another family; the position is handed back.
    fn play(&self, mv: AnyMove) -> Result<(AnyPosition, Trace), PlayError<AnyPosition>>;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Every cell and its seeds.
    fn cells(&self) -> Vec<(Cell, u32)>;
    /// Seeds in the store of `player`.
    fn store(&self, player: Player) -> u32;
    /// Writes the canonical setup.
    ///
    /// # Errors
    /// Only the formatter's.
    fn write_setup(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Parses one move in this family's notation (syntax only; legality is `play`'s job).
    ///
    /// # Errors
    /// When the text is not a move of this family.
    fn parse_move(&self, s: &str) -> Result<AnyMove, ParseMoveError>;
    /// This family writes a move list's moves together (`cfab`) rather than joined by dots.
    fn moves_joined(&self) -> bool;
    /// The position ended as the rules end a game whose position repeats.
    fn end_by_repetition(&self) -> Option<(AnyPosition, Trace)>;
    /// The position ended as the rules end a game where no capture can ever happen again
    /// (Ayo), with what the hand did; `None` otherwise.
    fn end_without_captures(&self) -> Option<(AnyPosition, Trace)>;
    /// The row whose game-theory value is shown, in link notation (`None`: none).
    fn value_row(&self) -> Option<String>;
    /// The exact solver's root moves, most promising first (empty without one): the page
    /// orders a shared solve's moves by it.
    fn solver_root_order(&self) -> Vec<AnyMove>;
}

impl<P> DynPosition for P
where
    P: OfFamily + Position<Move = <P::Family as Family>::Move>,
    P::Family: Family<Position = P>,
{
    fn rules(&self) -> AnyRules {
        P::Family::any_rules(P::Family::rules_of(self))
    }
    fn turn(&self) -> Player {
        Position::turn(self)
    }
    fn legal_moves(&self) -> Vec<AnyMove> {
        Position::legal_moves(self).into_iter().map(P::Family::any_move).collect()
    }
    fn play(&self, mv: AnyMove) -> Result<(AnyPosition, Trace), PlayError<AnyPosition>> {
        let any = P::Family::any_position;
        let Some(m) = P::Family::move_of(mv) else {
            let reason = IllegalMove::WrongFamily { of: mv.family().key(), here: P::Family::KEY };
            return Err(PlayError { position: any(self.clone()), reason });
        };
        match Position::play(self, m) {
            Ok((q, t)) => Ok((any(q), t)),
            Err(e) => Err(PlayError { position: any(e.position), reason: e.reason }),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn cells(&self) -> Vec<(Cell, u32)> {
        Position::cells(self)
    }
    fn store(&self, player: Player) -> u32 {
        Position::store(self, player)
    }
    fn write_setup(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        P::Family::write_setup(self, f)
    }
    fn parse_move(&self, s: &str) -> Result<AnyMove, ParseMoveError> {
        P::Family::parse_move(self, s).map(P::Family::any_move)
    }
    fn moves_joined(&self) -> bool {
        P::Family::MOVES_JOINED
    }
    fn end_by_repetition(&self) -> Option<(AnyPosition, Trace)> {
        P::Family::end_by_repetition(self).map(|(q, t)| (P::Family::any_position(q), t))
    }
    fn end_without_captures(&self) -> Option<(AnyPosition, Trace)> {
        P::Family::end_without_captures(self).map(|(q, t)| (P::Family::any_position(q), t))
    }
    fn value_row(&self) -> Option<String> {
        P::Family::value_row(self)
    }
    fn solver_root_order(&self) -> Vec<AnyMove> {
        P::Family::solver_root_order(self).into_iter().map(P::Family::any_move).collect()
    }
}

/// How a position is shown: the board's drawing, names and labels, words for a move, the
/// editor's text, the text board. A vtable apart from [`DynPosition`] (reached through
/// [`AnyPosition`]'s own methods of the same names), so that the worker links none of it.
pub trait DynView {
    /// How the board is drawn.
    fn layout(&self) -> Layout;
    /// The pit a move is played from (a move of another family: the mover's first pit).
    fn move_cell(&self, mv: AnyMove) -> Cell;
    /// The move a click on `cell` stands for, if the mover may play it.
    fn cell_move(&self, cell: Cell) -> Option<AnyMove>;
    /// The name of a cell on screen and in its accessible name.
    fn cell_name(&self, cell: Cell) -> String;
    /// The short label drawn beside a pit.
    fn cell_label(&self, cell: Cell) -> String;
    /// Why a pit of the player to move is not playable now, where a rule forbids it.
    fn cell_note(&self, cell: Cell) -> Option<String>;
    /// The cell is out of play this round.
    fn is_marked(&self, cell: Cell) -> bool;
    /// Move `mv` from this position in words, given its trace and the position after it.
    fn describe_move(&self, mv: AnyMove, trace: &Trace, after: &AnyPosition) -> String;
    /// A move's label in a move list.
    fn move_label(&self, mv: AnyMove) -> String;
    /// A cell's count as the editor shows it.
    fn cell_text(&self, n: u32) -> String;
    /// As [`FamilyView::seed_colours`].
    fn seed_colours(&self, n: u32) -> Option<(u32, u32)>;
    /// As [`FamilyView::seed_unit`].
    fn seed_unit(&self) -> u32;
    /// As [`FamilyView::cell_symbols`].
    fn cell_symbols(&self) -> Option<(&'static [&'static str], &'static str)>;
    /// The setup text from counts typed in the editor.
    fn setup_from_cells(&self, counts: &[(Cell, String)], turn: Player) -> String;
    /// The board drawn in text.
    fn board_text(&self) -> String;
    /// The status line.
    fn status(&self) -> String;
    /// The name of a player in this family's words.
    fn player_name(&self, p: Player) -> &'static str;
}

impl<P> DynView for P
where
    P: OfFamily + Position<Move = <P::Family as Family>::Move>,
    P::Family: Family<Position = P>,
{
    fn layout(&self) -> Layout {
        P::Family::layout(self)
    }
    fn move_cell(&self, mv: AnyMove) -> Cell {
        match P::Family::move_of(mv) {
            Some(m) => P::Family::move_cell(self, m),
            None => Cell::Pit { owner: Position::turn(self), index: 0 },
        }
    }
    fn cell_move(&self, cell: Cell) -> Option<AnyMove> {
        P::Family::cell_move(self, cell).map(P::Family::any_move)
    }
    fn cell_name(&self, cell: Cell) -> String {
        P::Family::cell_name(self, cell)
    }
    fn cell_label(&self, cell: Cell) -> String {
        P::Family::cell_label(self, cell)
    }
    fn cell_note(&self, cell: Cell) -> Option<String> {
        P::Family::cell_note(self, cell)
    }
    fn is_marked(&self, cell: Cell) -> bool {
        P::Family::is_marked(self, cell)
    }
    fn describe_move(&self, mv: AnyMove, trace: &Trace, after: &AnyPosition) -> String {
        match (P::Family::move_of(mv), P::Family::position_of(after)) {
            (Some(m), Some(q)) => P::Family::describe_move(self, m, trace, q),
            _ => format!("{} plays {mv}", Position::turn(self)),
        }
    }
    fn move_label(&self, mv: AnyMove) -> String {
        match P::Family::move_of(mv) {
            Some(m) => P::Family::move_label(Position::turn(self), m),
            None => mv.to_string(),
        }
    }
    fn cell_text(&self, n: u32) -> String {
        P::Family::cell_text(self, n)
    }
    fn seed_colours(&self, n: u32) -> Option<(u32, u32)> {
        P::Family::seed_colours(self, n)
    }
    fn seed_unit(&self) -> u32 {
        P::Family::seed_unit(self)
    }
    fn cell_symbols(&self) -> Option<(&'static [&'static str], &'static str)> {
        P::Family::cell_symbols(self)
    }
    fn setup_from_cells(&self, counts: &[(Cell, String)], turn: Player) -> String {
        P::Family::setup_from_cells(self, counts, turn)
    }
    fn board_text(&self) -> String {
        P::Family::board_text(self)
    }
    fn status(&self) -> String {
        P::Family::status(self)
    }
    fn player_name(&self, p: Player) -> &'static str {
        P::Family::player_name(p)
    }
}

/// What a family's rules and positions search and solve, with the family's types erased: the
/// heavy half of [`FamilySearch`] (searches, solvers, databases, game values), reached through
/// [`AnyRules`]' and [`AnyPosition`]'s own methods of the same names. It is a vtable apart from
/// [`DynRules`] and [`DynPosition`] so that a binary that never searches (the page's app: the
/// worker searches) links none of it: a vtable keeps every method it holds.
pub trait DynSearch {
    /// Endgame databases of these rules, able to grow to `max_seeds` seeds (`None`: the
    /// family has none).
    fn endgame_databases(&self, max_seeds: usize) -> Option<Box<dyn EndgameDatabases>>;
    /// As [`FamilySearch::database_part`].
    fn database_part(&self, max_seeds: usize, process: usize, processes: usize) -> Option<Box<dyn DatabasePart>>;
    /// As [`FamilySearch::part_bytes`].
    fn part_bytes(&self, seeds: usize, processes: usize) -> Option<u64>;
    /// As [`FamilySearch::game_value`].
    fn game_value(&self, row: &str, limit: usize, progress: Option<Tick>) -> Option<Result<GameValue, RowValueError>>;
    /// As [`FamilySearch::count_followers`].
    fn count_followers(&self, row: &str, limit: u64) -> Option<FollowerCount>;
    /// As [`FamilySearch::followers_bound`].
    fn followers_bound(&self, row: &str) -> Option<u32>;
    /// Every legal move of `pos` valued by the family's search.
    fn analyze(
        &self,
        pos: &AnyPosition,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove>;
    /// The family's exact solver for `pos` as asked (`None`: none; `Some(Err)`: a position or
    /// a size it refuses, or memory that cannot be had).
    fn exact_solver(&self, pos: &AnyPosition, req: &SolveRequest) -> Option<Result<Box<dyn ExactSolver>, SolveError>>;
    /// The move sequences of exactly `depth` moves from `pos`.
    fn perft(&self, pos: &AnyPosition, depth: u32) -> u64;
}

impl<R> DynSearch for R
where
    R: RulesOfFamily,
    R::Family: Family<Rules = R>,
{
    fn endgame_databases(&self, max_seeds: usize) -> Option<Box<dyn EndgameDatabases>> {
        R::Family::endgame_databases(self, max_seeds)
    }
    fn database_part(&self, max_seeds: usize, process: usize, processes: usize) -> Option<Box<dyn DatabasePart>> {
        R::Family::database_part(self, max_seeds, process, processes)
    }
    fn part_bytes(&self, seeds: usize, processes: usize) -> Option<u64> {
        R::Family::part_bytes(self, seeds, processes)
    }
    fn game_value(&self, row: &str, limit: usize, progress: Option<Tick>) -> Option<Result<GameValue, RowValueError>> {
        R::Family::game_value(self, row, limit, progress)
    }
    fn count_followers(&self, row: &str, limit: u64) -> Option<FollowerCount> {
        R::Family::count_followers(self, row, limit)
    }
    fn followers_bound(&self, row: &str) -> Option<u32> {
        R::Family::followers_bound(self, row)
    }
    fn analyze(
        &self,
        pos: &AnyPosition,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove> {
        R::Family::position_of(pos).map_or_else(Analysis::default, |p| R::Family::analyze(p, depth, table_mib, handler))
    }
    fn exact_solver(&self, pos: &AnyPosition, req: &SolveRequest) -> Option<Result<Box<dyn ExactSolver>, SolveError>> {
        R::Family::position_of(pos).and_then(|p| R::Family::exact_solver(p, req))
    }
    fn perft(&self, pos: &AnyPosition, depth: u32) -> u64 {
        R::Family::position_of(pos).map_or(0, |p| R::Family::perft(p, depth))
    }
}

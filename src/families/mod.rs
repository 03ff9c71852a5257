//! The game families, one folder each, and the one list that registers them.
//!
//! A family is a type implementing [`Family`]: its typed rules (with presets and sources), its
//! validated position (a [`Position`]) and move, its notation (rules-id suffixes, setup, moves),
//! its rules card and what the page and the CLI need to show it ([`Layout`], labels, status
//! words, how a value reads). The list at the bottom of this file turns the families into
//! [`AnyRules`], [`AnyPosition`] and [`AnyMove`], whose every method dispatches through the
//! trait: the page, the CLI and the generic search name no family.
//!
//! Adding a family touches its folder, one line in the list, its data file and its tests (see
//! README, "How the code is laid out").

mod any;
pub mod book;
pub mod capability;
pub mod card;
pub mod dispatch;
pub mod row;
pub mod split;
pub mod two_rows;
pub mod view;

use core::fmt;
use core::hash::Hash;

use crate::engine::{Cell, Player, Position, Trace};
use crate::search::{Analysis, SearchHandler};
pub use capability::{DatabasePart, EndgameDatabases, ExactSolver, SolveError, SolveRequest, SolverReport};
pub use card::{Card, Preset};
use row::cgt::Tick;
use row::value::{GameValue, RowValueError};
use row::FollowerCount;
pub use view::{Field, FieldKind, Layout, NewGameForm};

pub use any::{ParseMoveError, ParseRulesError, ParseSetupError};

/// One family of sowing games: its rules and their notation. What the page and the CLI show of
/// it is [`FamilyView`], its searches and capabilities [`FamilySearch`]; the registration list
/// needs all three.
///
/// The methods are associated functions (no `self`): a family is a marker type, and its rules,
/// positions and moves are the associated types.
pub trait Family: 'static {
    /// Typed, validated parameters (pits, seeds, capture policy, ...).
    type Rules: Copy + Eq + Hash + fmt::Debug;
    /// The validated position.
    type Position: Position<Move = Self::Move> + Eq;
    /// Why a setup is not a position of these rules.
    type SetupError: std::error::Error + Clone + PartialEq + Eq;
    /// A move, named relative to the mover.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + serde::Serialize + serde::de::DeserializeOwned;
    /// The first part of the family's rules ids (`kalah` in `kalah-6-4-e`).
    const KEY: &'static str;
    /// The family's name on the home page ("Kalah and Mancala").
    const NAME: &'static str;
    /// How it plays, in one sentence (the rules card has the whole, with its source).
    const HOW_IT_PLAYS: &'static str;
    /// Named presets and the canonical ids they stand for (`("dooley", "kalah-6-4-e")`).
    const ALIASES: &'static [(&'static str, &'static str)];
    /// The presets shown on the home page and in the New game panel, in order.
    const PRESETS: &'static [Preset];
    /// Ids suggested when a rules id is unknown.
    const EXAMPLES: &'static [&'static str];
    /// The rules ids in words, for `--help` and messages.
    const RULES_HELP: &'static str;
    /// The setup form in words, for the editor and `--help`.
    const SETUP_HELP: &'static str;
    /// The move form in words, for `--help`.
    const MOVES_HELP: &'static str;
    /// Moves of a list are written together (`cfab`) rather than joined by dots (`1.2.1`).
    const MOVES_JOINED: bool;
    /// Other first parts of the family's rules ids (the Oware family's `ayo`, `awari`, `wari`).
    const OTHER_KEYS: &'static [&'static str] = &[];
    /// A solitaire: one player, no opponent to choose.
    const SOLITAIRE: bool = false;
    /// Reads a rules id already lower-cased, with presets expanded and split on `-`;
    /// `parts[0]` is [`Family::KEY`] and `id` is the text as given, for messages.
    ///
    /// # Errors
    /// Unknown options or numbers out of range, in words.
    fn parse_rules(parts: &[&str], id: &str) -> Result<Self::Rules, ParseRulesError>;
    /// Writes the canonical rules id.
    ///
    /// # Errors
    /// Only the formatter's.
    fn write_rules(rules: &Self::Rules, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// A readable name: "Kalah(6,4), empty capture".
    fn title(rules: &Self::Rules) -> String;
    /// The start position.
    fn start(rules: &Self::Rules) -> Self::Position;
    /// The rules of a position.
    fn rules_of(pos: &Self::Position) -> Self::Rules;
    /// The rules card: the rules in words, the sources, our choices.
    fn card(rules: &Self::Rules) -> Card;
    /// Reads a setup of these rules.
    ///
    /// # Errors
    /// A [`ParseSetupError`] naming the faulty part.
    fn parse_setup(rules: &Self::Rules, text: &str) -> Result<Self::Position, ParseSetupError>;
    /// Writes the canonical setup.
    ///
    /// # Errors
    /// Only the formatter's.
    fn write_setup(pos: &Self::Position, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Reads one move (syntax only: legality is `play`'s job).
    ///
    /// # Errors
    /// When the text is not a move of this family on this board.
    fn parse_move(pos: &Self::Position, token: &str) -> Result<Self::Move, ParseMoveError>;
    /// The position ended as the rules end a game whose position repeats, with what the hand
    /// did (seeds awarded); `None` where the family has no such rule (its positions never
    /// repeat) or the game is over.
    fn end_by_repetition(_pos: &Self::Position) -> Option<(Self::Position, Trace)> {
        None
    }
    /// The position ended as the rules end a game where no capture can ever happen again (Ayo:
    /// each player is awarded the seeds on his side), with what the hand did; `None` where
    /// the family has no such rule, a capture can still happen, or the game is over.
    fn end_without_captures(_pos: &Self::Position) -> Option<(Self::Position, Trace)> {
        None
    }
}

/// Where a family's moves are on its board: how the board is drawn, the cell a move is played
/// from, the move a click stands for. The two-row families have it from [`two_rows::TwoRowFamily`]
/// (one blanket impl); the others write it.
pub trait FamilyBoard: Family {
    /// How the board is drawn.
    fn layout(pos: &Self::Position) -> Layout;
    /// The pit a move is played from.
    fn move_cell(pos: &Self::Position, mv: Self::Move) -> Cell;
    /// The move a click on `cell` stands for, if the cell is one the mover may play.
    fn cell_move(pos: &Self::Position, cell: Cell) -> Option<Self::Move>;
}

/// What the page and the CLI show of a family: the board's layout, cell names and labels,
/// status words, a move in words, the position editor and the New game form, the text board.
pub trait FamilyView: Family {
    /// The name of a cell on screen and in its accessible name ("South c", "Roumba").
    fn cell_name(_pos: &Self::Position, cell: Cell) -> String {
        cell.to_string()
    }
    /// The short label drawn beside a pit ("c", or Tchoukaillon's pit number).
    fn cell_label(_pos: &Self::Position, cell: Cell) -> String {
        match cell {
            Cell::Pit { index, .. } => crate::engine::pit_letter(index),
            Cell::Store(_) => String::new(),
        }
    }
    /// Why a pit of the player to move that holds seeds is not playable now, where a rule
    /// forbids it (Oware's must-feed, Ayo's must-leave-a-move): shown on the pit.
    fn cell_note(_pos: &Self::Position, _cell: Cell) -> Option<String> {
        None
    }
    /// The cell is out of play this round (Dakon's leaves).
    fn is_marked(_pos: &Self::Position, _cell: Cell) -> bool {
        false
    }
    /// The status line: whose move, the round, the result.
    fn status(pos: &Self::Position) -> String;
    /// One move in words, from the position before it, its trace and the position after it.
    fn describe_move(before: &Self::Position, mv: Self::Move, trace: &Trace, after: &Self::Position) -> String;
    /// The name of a player in this family's words: Sowing's Left and Right are South and
    /// North.
    fn player_name(p: Player) -> &'static str {
        p.name()
    }
    /// The few characters a move's own button on the board shows when a pit has several moves
    /// (Sowing's two directions).
    fn move_glyph(mv: Self::Move) -> String {
        mv.to_string()
    }
    /// The move's label in a move list: "S c", or the bare move in a solitaire.
    fn move_label(mover: Player, mv: Self::Move) -> String {
        if Self::SOLITAIRE {
            mv.to_string()
        } else {
            format!("{} {mv}", mover.letter().to_ascii_uppercase())
        }
    }
    /// A cell's count as the editor shows it (Sowing's full pots as `x` and `~`).
    fn cell_text(_pos: &Self::Position, n: u32) -> String {
        n.to_string()
    }
    /// A cell's count `n` as its blue and red seeds, for a game of coloured seeds (drawn as
    /// round and square seeds); `None` for seeds of one kind.
    fn seed_colours(_pos: &Self::Position, _n: u32) -> Option<(u32, u32)> {
        None
    }
    /// What one seed of the player to move adds to a cell's count (an animation's step): 1 but
    /// in a game whose counts pack two colours.
    fn seed_unit(_pos: &Self::Position) -> u32 {
        1
    }
    /// The symbols an editor field takes besides a count, and their meaning in words (Sowing's
    /// full pots); `None` when a field is a count alone.
    fn cell_symbols(_pos: &Self::Position) -> Option<(&'static [&'static str], &'static str)> {
        None
    }
    /// The setup text from counts typed in the editor (each cell's text as typed), with the
    /// position's own structure (leaves, pit count) kept.
    fn setup_from_cells(pos: &Self::Position, counts: &[(Cell, String)], turn: Player) -> String;
    /// The board drawn in text, for the CLI's `show`.
    fn board_text(pos: &Self::Position) -> String;
    /// The New game form, its values those of `current` when the game on screen is of this
    /// family.
    fn new_game_form(current: Option<&Self::Rules>) -> NewGameForm;
    /// The start of a new game from the form's values (in the form's order).
    ///
    /// # Errors
    /// Values out of range, in words naming the field.
    fn new_game(values: &[String]) -> Result<Self::Position, String>;
}

/// A family's searches, and what only some families have (capabilities: an exact solver,
/// endgame databases, a game-theory value, the convention of their proven values), each an
/// optional hook answered `None` by default.
pub trait FamilySearch: Family {
    /// The family has an exact solver for the page's Solve button and perfect player.
    const EXACT_SOLVER: bool = false;
    /// What values proven by the family's endgame databases assume where the rules would end
    /// a game otherwise, in a player's words completing "proven assuming …" (Oware's and Ayo's
    /// endless play, Oware's "more than half wins"); `None` where proven means proven by the
    /// rules alone.
    fn proven_convention(_rules: &Self::Rules) -> Option<&'static str> {
        None
    }
    /// The family's exact solver for `pos` and the positions of its rules, its sizes those
    /// `req` sets and the rest of the solver's choosing for `pos` (`None`: the family has none;
    /// `Some(Err)`: a position or a size the solver refuses, or memory that cannot be had).
    fn exact_solver(_pos: &Self::Position, _req: &SolveRequest) -> Option<Result<Box<dyn ExactSolver>, SolveError>> {
        None
    }
    /// The exact solver's root moves of `pos`, most promising first (empty without a solver).
    fn solver_root_order(_pos: &Self::Position) -> Vec<Self::Move> {
        vec![]
    }
    /// Endgame databases of these rules, able to grow to `max_seeds` seeds on the board
    /// (`None`: the family has none).
    fn endgame_databases(_rules: &Self::Rules, _max_seeds: usize) -> Option<Box<dyn EndgameDatabases>> {
        None
    }
    /// Process `process`'s part of the endgame databases of these rules, built by `processes`
    /// processes, able to grow to `max_seeds` seeds (`None`: the family has none).
    fn database_part(
        _rules: &Self::Rules,
        _max_seeds: usize,
        _process: usize,
        _processes: usize,
    ) -> Option<Box<dyn DatabasePart>> {
        None
    }
    /// The most bytes one of `processes` processes holds while it builds its part of layer
    /// `seeds` (`None`: the family has no databases).
    fn part_bytes(_rules: &Self::Rules, _seeds: usize, _processes: usize) -> Option<u64> {
        None
    }
    /// Positions the endgame databases of these rules hold up to `seeds` seeds on the board
    /// (`None`: the family has none).
    fn databases_size(_rules: &Self::Rules, _seeds: usize) -> Option<u64> {
        None
    }
    /// The row whose game-theory value the page and the CLI show, in link notation (Sowing's
    /// and Atomic Wari's); `None` for games without one.
    fn value_row(_pos: &Self::Position) -> Option<String> {
        None
    }
    /// The game-theory value of `row` (in link notation) and of its every option, valuing at
    /// most `limit` positions and telling `progress`, if given, now and then how many it has
    /// valued (`None`: the family's games have no value; Erickson's have).
    fn game_value(
        _rules: &Self::Rules,
        _row: &str,
        _limit: usize,
        _progress: Option<Tick>,
    ) -> Option<Result<GameValue, RowValueError>> {
        None
    }
    /// A count of the rows that follow `row` (it included), to run before valuing it where
    /// counting is quick beside valuing (Sowing's): `None` where the family does not count
    /// first; the count gives `None` past `limit` rows.
    fn count_followers(_rules: &Self::Rules, _row: &str, _limit: u64) -> Option<FollowerCount> {
        None
    }
    /// The n of a paper's lower bound of 2^(n-1) - 1 rows following `row`, where it gives one
    /// (Erickson §2: a Sowing row of n ones).
    fn followers_bound(_rules: &Self::Rules, _row: &str) -> Option<u32> {
        None
    }
    /// A row of these rules in the paper's notation (a Sowing row that splits as it stands, as
    /// a sum); `None` for games without rows or a row that does not read.
    fn paper_row(_rules: &Self::Rules, _row: &str) -> Option<String> {
        None
    }
    /// Every legal move valued by a search of at most `depth` (in the family's unit), stopped
    /// when the handler says so.
    fn analyze(
        pos: &Self::Position,
        depth: u32,
        table_mib: usize,
        handler: &mut dyn SearchHandler<AnyMove>,
    ) -> Analysis<AnyMove>;
    /// The move sequences of exactly `depth` moves.
    fn perft(pos: &Self::Position, depth: u32) -> u64 {
        crate::search::perft_generic(pos, depth)
    }
}

impl FamilyId {
    /// The families whose rules (their first preset's) have `what`, in words for a message
    /// that says where a command or a panel applies: "the Oware family (oware, ayo, awari,
    /// wari)". Derived from the registry, so a family given the capability is named by
    /// construction.
    pub fn which(what: impl Fn(&AnyRules) -> bool) -> String {
        let named: Vec<String> = FamilyId::ALL
            .iter()
            .filter(|f| f.presets().first().and_then(|p| p.id.parse::<AnyRules>().ok()).is_some_and(|r| what(&r)))
            .map(|f| {
                let name = f.name().strip_prefix("The ").map_or_else(|| f.name().to_string(), |n| format!("the {n}"));
                let keys: Vec<&str> = [f.key()].into_iter().chain(f.other_keys().iter().copied()).collect();
                format!("{name} ({})", keys.join(", "))
            })
            .collect();
        match named.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            Some((last, _)) => last.clone(),
            None => "no family".to_string(),
        }
    }
}

// The registration list: one line a family, `Variant => folder::FamilyType`.
any::families! {
    /// Kalah and Mancala: two rows with stores.
    Kalah => kalah::KalahFamily,
    /// Tchoukaillon, the solitaire of Broline & Loeb §3.
    Tchoukaillon => tchoukaillon::TchoukaillonFamily,
    /// Dakon: relay sowing, turns of several moves, rounds.
    Dakon => dakon::DakonFamily,
    /// Conway's Sowing, partizan and impartial (Erickson §2).
    Sowing => sowing::SowingFamily,
    /// Atomic Wari, partizan and impartial (Erickson §3).
    Atomic => atomic::AtomicFamily,
    /// Reaping, Sowing played in reverse (Erickson §4).
    Reaping => reaping::ReapingFamily,
    /// Reverse Atomic Wari (Erickson §4).
    ReverseAtomic => ratomic::ReverseAtomicFamily,
    /// Coloured-seed Sowing (Erickson §4).
    Colour => colour::ColourFamily,
    /// Two-dimensional Sowing, and Domineering in it (Erickson §4).
    Grid => grid::GridFamily,
    /// Ayo, Oware (Abapa), Awari and Wari: two rows, captures of 2s and 3s.
    Oware => oware::OwareFamily,
    /// Tchouka and Tchuka Ruma, the solitaire (Broline & Loeb §3).
    Tchouka => tchouka::TchoukaSolo,
    /// Tchouka for two players.
    Tchouka2 => tchouka2::TchoukaDuel,
}

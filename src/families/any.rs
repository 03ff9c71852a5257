//! The `families!` macro: from the registration list, the `Any*` types and their dispatch.
//!
//! Every method here is written once, with one match arm a family produced by the macro, so a
//! new family adds no arm anywhere: only its line in the list.

use core::fmt;

use crate::engine::player::ParsePlayerError;
use crate::engine::text::{clip, CountError, MAX_TEXT};

/// A rules id that is not known, or whose numbers or options are out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRulesError {
    /// Longer than any id (the length given).
    TooLong(usize),
    /// No family has this id (the id as given, clipped).
    Unknown(String),
    /// A part that should be a number is not.
    NotANumber {
        /// The part.
        token: String,
        /// The whole id.
        id: String,
        /// What the number counts ("pits", "seeds", "holes").
        what: &'static str,
    },
    /// An option suffix the family does not know.
    UnknownOption {
        /// The family's name ("Kalah").
        family: &'static str,
        /// The option, without its `-`.
        option: String,
        /// The whole id.
        id: String,
        /// The options there are, in words.
        known: &'static str,
    },
    /// The numbers are out of the family's range.
    OutOfRange {
        /// The whole id.
        id: String,
        /// Why, in words (the family's rules error).
        reason: String,
    },
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRulesError::TooLong(n) => {
                write!(f, "the rules id is {n} characters long; ids are short, like kalah-6-4")
            }
            ParseRulesError::Unknown(id) => {
                write!(
                    f,
                    "unknown rules '{id}': try {}; every game is listed on the home page and by mancala-lab --help",
                    super::AnyRules::examples()
                )
            }
            ParseRulesError::NotANumber { token, id, what } => {
                write!(f, "'{token}' in '{id}' is not a number of {what}")
            }
            ParseRulesError::UnknownOption { family, option, id, known } => {
                write!(f, "unknown {family} option '-{option}' in '{id}': use {known}")
            }
            ParseRulesError::OutOfRange { id, reason } => write!(f, "{id}: {reason}"),
        }
    }
}

impl std::error::Error for ParseRulesError {}

/// A setup that cannot be read, or that is not a valid position of its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSetupError {
    /// Longer than any setup (the length given).
    TooLong(usize),
    /// The wrong number of `-`-separated parts: the family's form in words, and the parts found.
    Parts {
        /// "a Kalah setup has 4 parts separated by '-' (...)".
        form: &'static str,
        /// How many parts there were.
        found: usize,
    },
    /// The text does not have the family's form (the form in words).
    Form(&'static str),
    /// A count that cannot be read.
    Count(CountError),
    /// The stores part does not hold two counts (how many it holds).
    Stores(usize),
    /// The side to move cannot be read.
    Turn(ParsePlayerError),
    /// The counts were read but are not a position of these rules: the family's own error.
    Invalid(super::AnySetupError),
}

impl fmt::Display for ParseSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSetupError::TooLong(n) => write!(f, "the setup is {n} characters long: at most {MAX_TEXT}"),
            ParseSetupError::Parts { form, found } => {
                let parts =
                    if *found == 1 { "1 part (no '-')".to_string() } else { format!("{found} parts joined by '-'") };
                write!(f, "{form}; this one has {parts}")
            }
            ParseSetupError::Form(form) => f.write_str(form),
            ParseSetupError::Count(e) => e.fmt(f),
            ParseSetupError::Stores(n) => {
                write!(f, "the stores part needs two counts (South.North), found {n}")
            }
            ParseSetupError::Turn(e) => e.fmt(f),
            ParseSetupError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseSetupError {}

impl From<CountError> for ParseSetupError {
    fn from(e: CountError) -> Self {
        ParseSetupError::Count(e)
    }
}

/// A move that is not in the family's notation (syntax, not legality).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// A letter past the last pit any board of the family has.
    NotAPit {
        /// The letter.
        letter: char,
        /// "pit" or "hole".
        noun: &'static str,
        /// This board's letters: "a to f".
        letters: String,
    },
    /// Not a single letter (the text, clipped).
    NotALetter(String),
    /// Not a pit number (the text, clipped).
    NotANumber(String),
    /// Not a move of the family's form (the text, clipped; the form in words).
    Form(String, &'static str),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::NotAPit { letter, noun, letters } => {
                write!(f, "'{letter}' is not a {noun}: this board's {noun}s are {letters}")
            }
            ParseMoveError::NotALetter(t) => write!(f, "'{t}' is not a pit letter"),
            ParseMoveError::NotANumber(t) => write!(f, "'{t}' is not a pit number"),
            ParseMoveError::Form(t, form) => write!(f, "'{t}' is not a move: {form}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl ParseMoveError {
    /// A single pit letter of a board `width` pits wide whose family allows at most `max`:
    /// the pit index, or the error naming this board's letters.
    ///
    /// # Errors
    /// When the token is not one letter, or a letter past `max`.
    pub fn letter(token: &str, width: usize, max: usize, noun: &'static str) -> Result<u8, ParseMoveError> {
        let t = token.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                let i = c.to_ascii_lowercase() as u8 - b'a';
                if (i as usize) < max {
                    Ok(i)
                } else {
                    let letters = match width {
                        0 | 1 => "a only".to_string(),
                        w => format!("a to {}", char::from(b'a' + w.min(26) as u8 - 1)),
                    };
                    Err(ParseMoveError::NotAPit { letter: c, noun, letters })
                }
            }
            _ => Err(ParseMoveError::NotALetter(clip(t, 12))),
        }
    }
}

/// Generates, from the registration list, [`FamilyId`](super::FamilyId),
/// [`AnyRules`](super::AnyRules), [`AnyPosition`](super::AnyPosition),
/// [`AnyMove`](super::AnyMove) and [`AnySetupError`](super::AnySetupError): the enums, the
/// conversions between them and each family's own types, and the one match per type that
/// finds a value's family. Every method is then written once, generically, in
/// [`dispatch`](super::dispatch), or below this macro on the enums themselves.
macro_rules! families {
    ($($(#[$doc:meta])* $v:ident => $module:ident :: $fam:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// The family a rules id belongs to. It dereferences to the family's
        /// [`DynFamily`](super::dispatch::DynFamily): `id.name()`, `id.presets()`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FamilyId {
            $($(#[$doc])* $v,)+
        }

        impl FamilyId {
            /// Every family, in the registration list's order.
            pub const ALL: &'static [FamilyId] = &[$(FamilyId::$v),+];

            /// The family's module under `src/families/` (its folder, or its file).
            pub fn module(self) -> &'static str {
                match self { $(FamilyId::$v => stringify!($module),)+ }
            }

            /// What the page and the help show of the family (see [`DynFamilyPage`]).
            fn page(self) -> &'static dyn dispatch::DynFamilyPage {
                match self { $(FamilyId::$v => &dispatch::Erased::<$module::$fam>::NEW,)+ }
            }
        }

        impl core::ops::Deref for FamilyId {
            type Target = dyn dispatch::DynFamily;

            fn deref(&self) -> &Self::Target {
                match self { $(FamilyId::$v => &dispatch::Erased::<$module::$fam>::NEW,)+ }
            }
        }

        /// Why a setup is not a position of its family: the family's own typed error.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnySetupError {
            $($(#[$doc])* $v(<$module::$fam as Family>::SetupError),)+
        }

        impl fmt::Display for AnySetupError {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $(AnySetupError::$v(e) => e.fmt(f),)+ }
            }
        }

        impl std::error::Error for AnySetupError {}

        /// Any rule set: a family and its typed parameters. It dereferences to its family's
        /// [`DynRules`](super::dispatch::DynRules): `rules.start()`, `rules.card()`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyRules {
            $($(#[$doc])* $v(<$module::$fam as Family>::Rules),)+
        }

        /// A position of any family. It dereferences to its family's [`DynPosition`](super::dispatch::DynPosition):
        /// `pos.legal_moves()`, `pos.status()`.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyPosition {
            $($(#[$doc])* $v(<$module::$fam as Family>::Position),)+
        }

        /// A move of any family. In the worker's messages it is tagged with its family
        /// (`{"Kalah":2}`); the page checks it against the position before playing it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum AnyMove {
            $($(#[$doc])* $v(<$module::$fam as Family>::Move),)+
        }

        impl core::ops::Deref for AnyRules {
            type Target = dyn dispatch::DynRules;

            fn deref(&self) -> &Self::Target {
                match self { $(AnyRules::$v(r) => r,)+ }
            }
        }

        impl core::ops::Deref for AnyPosition {
            type Target = dyn dispatch::DynPosition;

            fn deref(&self) -> &Self::Target {
                match self { $(AnyPosition::$v(p) => p,)+ }
            }
        }

        impl AnyRules {
            /// The family.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyRules::$v(_) => FamilyId::$v,)+ }
            }

            /// The family's searches and solvers (see [`DynSearch`]).
            fn searching(&self) -> &dyn dispatch::DynSearch {
                match self { $(AnyRules::$v(r) => r,)+ }
            }

            /// The family's rules card (see [`DynCard`]).
            fn carding(&self) -> &dyn dispatch::DynCard {
                match self { $(AnyRules::$v(r) => r,)+ }
            }
        }

        impl AnyPosition {
            /// The family.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyPosition::$v(_) => FamilyId::$v,)+ }
            }

            /// How the position is shown (see [`DynView`]).
            fn viewing(&self) -> &dyn dispatch::DynView {
                match self { $(AnyPosition::$v(p) => p,)+ }
            }
        }

        impl AnyMove {
            /// The family of the move.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyMove::$v(_) => FamilyId::$v,)+ }
            }
        }

        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $(AnyMove::$v(m) => m.fmt(f),)+ }
            }
        }

        $(
            impl dispatch::Registered for $module::$fam {
                const ID: FamilyId = FamilyId::$v;

                fn position_of(pos: &AnyPosition) -> Option<&Self::Position> {
                    match pos {
                        AnyPosition::$v(p) => Some(p),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn rules_of_any(rules: &AnyRules) -> Option<&Self::Rules> {
                    match rules {
                        AnyRules::$v(r) => Some(r),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn move_of(mv: AnyMove) -> Option<Self::Move> {
                    match mv {
                        AnyMove::$v(m) => Some(m),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn any_position(pos: Self::Position) -> AnyPosition {
                    AnyPosition::$v(pos)
                }

                fn any_rules(rules: Self::Rules) -> AnyRules {
                    AnyRules::$v(rules)
                }

                fn any_move(mv: Self::Move) -> AnyMove {
                    AnyMove::$v(mv)
                }
            }

            impl dispatch::OfFamily for <$module::$fam as Family>::Position {
                type Family = $module::$fam;
            }

            impl dispatch::RulesOfFamily for <$module::$fam as Family>::Rules {
                type Family = $module::$fam;
            }

            impl From<<$module::$fam as Family>::Move> for AnyMove {
                fn from(m: <$module::$fam as Family>::Move) -> AnyMove {
                    AnyMove::$v(m)
                }
            }

            impl TryFrom<AnyMove> for <$module::$fam as Family>::Move {
                type Error = FamilyId;

                /// The move of this family, or the family it is of.
                fn try_from(m: AnyMove) -> Result<Self, FamilyId> {
                    <$module::$fam as dispatch::Registered>::move_of(m).ok_or(m.family())
                }
            }

            impl From<<$module::$fam as Family>::Rules> for AnyRules {
                fn from(r: <$module::$fam as Family>::Rules) -> AnyRules {
                    AnyRules::$v(r)
                }
            }

            impl From<<$module::$fam as Family>::Position> for AnyPosition {
                fn from(p: <$module::$fam as Family>::Position) -> AnyPosition {
                    AnyPosition::$v(p)
                }
            }

            impl<'a> TryFrom<&'a AnyPosition> for &'a <$module::$fam as Family>::Position {
                type Error = FamilyId;

                /// The position of this family, or the family it is of.
                fn try_from(p: &'a AnyPosition) -> Result<Self, FamilyId> {
                    <$module::$fam as dispatch::Registered>::position_of(p).ok_or(p.family())
                }
            }

            impl TryFrom<AnyRules> for <$module::$fam as Family>::Rules {
                type Error = FamilyId;

                /// The rules of this family, or the family they are of.
                fn try_from(r: AnyRules) -> Result<Self, FamilyId> {
                    <$module::$fam as dispatch::Registered>::rules_of_any(&r).copied().ok_or(r.family())
                }
            }
        )+
    };
}

pub(crate) use families;

use super::row::cgt::Tick;
use super::row::value::{GameValue, RowValueError};
use super::row::FollowerCount;
use super::{
    AnyMove, AnyPosition, AnyRules, Card, DatabasePart, EndgameDatabases, ExactSolver, FamilyId, Layout, NewGameForm,
    SolveError, SolveRequest,
};
use crate::engine::{Cell, Player, Trace};
use crate::search::{Analysis, SearchHandler};

impl FamilyId {
    /// How the family plays, in one sentence.
    pub fn how_it_plays(self) -> &'static str {
        self.page().how_it_plays()
    }

    /// The family's rules ids in words.
    pub fn rules_help(self) -> &'static str {
        self.page().rules_help()
    }

    /// The family's setup form in words.
    pub fn setup_help(self) -> &'static str {
        self.page().setup_help()
    }

    /// The family's move form in words.
    pub fn moves_help(self) -> &'static str {
        self.page().moves_help()
    }

    /// The family's New game form, with `current`'s values if it is of this family.
    pub fn new_game_form(self, current: Option<&AnyRules>) -> NewGameForm {
        self.page().new_game_form(current)
    }

    /// A new game's start from the family's New game form's values.
    ///
    /// # Errors
    /// Values out of range, in words.
    pub fn new_game(self, values: &[String]) -> Result<AnyPosition, String> {
        self.page().new_game(values)
    }
}

impl AnyRules {
    /// The family has an exact solver (the page's Solve button and perfect player).
    pub fn has_exact_solver(&self) -> bool {
        self.family().has_exact_solver()
    }

    /// The family has endgame databases.
    pub fn has_databases(&self) -> bool {
        self.databases_size(0).is_some()
    }

    /// The family's positions have a game-theory value (a row).
    pub fn has_game_value(&self) -> bool {
        self.start().value_row().is_some()
    }

    /// The rules card.
    pub fn card(&self) -> Card {
        self.carding().card()
    }

    /// Endgame databases of these rules, able to grow to `max_seeds` seeds (`None`: the family
    /// has none).
    pub fn endgame_databases(&self, max_seeds: usize) -> Option<Box<dyn EndgameDatabases>> {
        self.searching().endgame_databases(max_seeds)
    }

    /// As [`FamilySearch::database_part`](super::FamilySearch::database_part).
    pub fn database_part(&self, max_seeds: usize, process: usize, processes: usize) -> Option<Box<dyn DatabasePart>> {
        self.searching().database_part(max_seeds, process, processes)
    }

    /// As [`FamilySearch::part_bytes`](super::FamilySearch::part_bytes).
    pub fn part_bytes(&self, seeds: usize, processes: usize) -> Option<u64> {
        self.searching().part_bytes(seeds, processes)
    }

    /// As [`FamilySearch::game_value`](super::FamilySearch::game_value).
    pub fn game_value(
        &self,
        row: &str,
        limit: usize,
        progress: Option<Tick>,
    ) -> Option<Result<GameValue, RowValueError>> {
        self.searching().game_value(row, limit, progress)
    }

    /// As [`FamilySearch::count_followers`](super::FamilySearch::count_followers).
    pub fn count_followers(&self, row: &str, limit: u64) -> Option<FollowerCount> {
        self.searching().count_followers(row, limit)
    }

    /// As [`FamilySearch::followers_bound`](super::FamilySearch::followers_bound).
    pub fn followers_bound(&self, row: &str) -> Option<u32> {
        self.searching().followers_bound(row)
    }

    /// Every preset alias and the id it stands for, family by family.
    pub fn aliases() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
        FamilyId::ALL.iter().flat_map(|f| f.aliases())
    }

    /// Every preset, family by family, in the registration list's order.
    pub fn presets() -> impl Iterator<Item = &'static super::Preset> {
        FamilyId::ALL.iter().flat_map(|f| f.presets())
    }

    /// Ids to suggest when an id is unknown: "kalah-6-4, ... or tchoukaillon".
    pub fn examples() -> String {
        // One a family, so that the message stays short (a phone's banner); the presets are on
        // the home page and in `mancala-lab --help`.
        let all: Vec<&str> = FamilyId::ALL.iter().filter_map(|f| f.examples().first()).copied().collect();
        match all.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            Some((last, _)) => last.to_string(),
            None => String::new(),
        }
    }
}

impl fmt::Display for AnyRules {
    /// The canonical rules id.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_rules(f)
    }
}

impl core::str::FromStr for AnyRules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > 64 {
            return Err(ParseRulesError::TooLong(s.len()));
        }
        let lower = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let id = AnyRules::aliases().find(|(a, _)| *a == lower).map_or(lower, |(_, id)| id.to_string());
        let parts: Vec<&str> = id.split('-').collect();
        match FamilyId::ALL.iter().find(|f| parts[0] == f.key() || f.other_keys().contains(&parts[0])) {
            Some(f) => f.parse_rules(&parts, s),
            None => Err(ParseRulesError::Unknown(clip(s, 40))),
        }
    }
}

impl fmt::Display for AnyPosition {
    /// The canonical setup.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_setup(f)
    }
}

impl AnyPosition {
    /// The status line.
    pub fn status(&self) -> String {
        self.viewing().status()
    }

    /// The name of a player in this family's words.
    pub fn player_name(&self, p: Player) -> &'static str {
        self.viewing().player_name(p)
    }

    /// How the board is drawn.
    pub fn layout(&self) -> Layout {
        self.viewing().layout()
    }

    /// The pit a move is played from (a move of another family: the mover's first pit).
    pub fn move_cell(&self, mv: AnyMove) -> Cell {
        self.viewing().move_cell(mv)
    }

    /// The move a click on `cell` stands for, if the mover may play it.
    pub fn cell_move(&self, cell: Cell) -> Option<AnyMove> {
        self.viewing().cell_move(cell)
    }

    /// The name of a cell on screen and in its accessible name.
    pub fn cell_name(&self, cell: Cell) -> String {
        self.viewing().cell_name(cell)
    }

    /// The short label drawn beside a pit.
    pub fn cell_label(&self, cell: Cell) -> String {
        self.viewing().cell_label(cell)
    }

    /// Why a pit of the player to move is not playable now, where a rule forbids it.
    pub fn cell_note(&self, cell: Cell) -> Option<String> {
        self.viewing().cell_note(cell)
    }

    /// The cell is out of play this round.
    pub fn is_marked(&self, cell: Cell) -> bool {
        self.viewing().is_marked(cell)
    }

    /// Move `mv` from this position in words, given its trace and the position after it.
    pub fn describe_move(&self, mv: AnyMove, trace: &Trace, after: &AnyPosition) -> String {
        self.viewing().describe_move(mv, trace, after)
    }

    /// A move's glyph on its own button, when a pit has several moves.
    pub fn move_glyph(&self, mv: AnyMove) -> String {
        // A move's glyph is its own family's, whatever the position.
        mv.family().move_glyph(mv)
    }

    /// A move's label in a move list.
    pub fn move_label(&self, mv: AnyMove) -> String {
        self.viewing().move_label(mv)
    }

    /// A cell's count as the editor shows it.
    pub fn cell_text(&self, n: u32) -> String {
        self.viewing().cell_text(n)
    }

    /// As [`FamilyView::seed_colours`](super::FamilyView::seed_colours).
    pub fn seed_colours(&self, n: u32) -> Option<(u32, u32)> {
        self.viewing().seed_colours(n)
    }

    /// As [`FamilyView::seed_unit`](super::FamilyView::seed_unit).
    pub fn seed_unit(&self) -> u32 {
        self.viewing().seed_unit()
    }

    /// As [`FamilyView::cell_symbols`](super::FamilyView::cell_symbols).
    pub fn cell_symbols(&self) -> Option<(&'static [&'static str], &'static str)> {
        self.viewing().cell_symbols()
    }

    /// The setup text from counts typed in the editor.
    pub fn setup_from_cells(&self, counts: &[(Cell, String)], turn: Player) -> String {
        self.viewing().setup_from_cells(counts, turn)
    }

    /// The board drawn in text.
    pub fn board_text(&self) -> String {
        self.viewing().board_text()
    }

    /// Seeds in a cell.
    pub fn count(&self, cell: crate::engine::Cell) -> u32 {
        self.cells().into_iter().find(|(c, _)| *c == cell).map_or(0, |(_, n)| n)
    }

    /// Seeds in the pits (stores and captured seeds not counted).
    pub fn board_seeds(&self) -> u32 {
        self.cells().into_iter().filter(|(c, _)| matches!(c, crate::engine::Cell::Pit { .. })).map(|(_, n)| n).sum()
    }

    /// Splits a move list into single-move tokens in this family's notation.
    pub fn split_moves<'a>(&self, s: &'a str) -> Vec<&'a str> {
        if self.moves_joined() {
            // Letters written together; separators allowed and ignored.
            s.char_indices()
                .filter(|(_, c)| !matches!(c, '.' | '_' | ' ' | ','))
                .map(|(i, c)| &s[i..i + c.len_utf8()])
                .collect()
        } else {
            crate::engine::text::split_list(s).collect()
        }
    }

    /// What stands between two moves in a move list: nothing (`cfab`) or a dot.
    pub fn move_separator(&self) -> &'static str {
        if self.moves_joined() {
            ""
        } else {
            "."
        }
    }

    /// Writes a move list canonically.
    pub fn join_moves(&self, moves: &[AnyMove]) -> String {
        moves.iter().map(AnyMove::to_string).collect::<Vec<_>>().join(self.move_separator())
    }

    /// Every legal move valued by the family's search.
    pub fn analyze(&self, depth: u32, table_mib: usize, handler: &mut dyn SearchHandler<AnyMove>) -> Analysis<AnyMove> {
        self.rules().searching().analyze(self, depth, table_mib, handler)
    }

    /// The family's exact solver for this position and the others of its rules, its sizes
    /// those `req` sets and the rest the solver's choice for this position (`None`: no exact
    /// solver; `Some(Err)`: a position or a size it refuses, or memory that cannot be had).
    pub fn exact_solver(&self, req: &SolveRequest) -> Option<Result<Box<dyn ExactSolver>, SolveError>> {
        self.rules().searching().exact_solver(self, req)
    }

    /// The move sequences of exactly `depth` moves.
    pub fn perft(&self, depth: u32) -> u64 {
        self.rules().searching().perft(self, depth)
    }

    /// Every legal move valued by a search of `depth` with a small table, never stopped (a
    /// convenience for tests, examples and the CLI).
    pub fn analyze_fixed_depth(&self, depth: u32) -> Analysis<AnyMove> {
        self.analyze(depth, 16, &mut crate::search::NoHandler)
    }
}

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
/// [`AnyRules`](super::AnyRules), [`AnyPosition`](super::AnyPosition) and
/// [`AnyMove`](super::AnyMove) with every method dispatched through [`Family`](super::Family).
macro_rules! families {
    ($($(#[$doc:meta])* $v:ident => $module:ident :: $fam:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// The family a rules id belongs to.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FamilyId {
            $($(#[$doc])* $v,)+
        }

        impl FamilyId {
            /// Every family, in the registration list's order.
            pub const ALL: &'static [FamilyId] = &[$(FamilyId::$v),+];

            /// The first part of the family's rules ids.
            pub fn key(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::KEY,)+ }
            }

            /// The family's module under `src/families/` (its folder, or its file).
            pub fn module(self) -> &'static str {
                match self { $(FamilyId::$v => stringify!($module),)+ }
            }

            /// The other first parts its rules ids may have (`ayo`, `awari`, `wari`).
            pub fn other_keys(self) -> &'static [&'static str] {
                match self { $(FamilyId::$v => <$module::$fam as Family>::OTHER_KEYS,)+ }
            }

            /// The family's name on the home page.
            pub fn name(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::NAME,)+ }
            }

            /// How the family plays, in one sentence.
            pub fn how_it_plays(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::HOW_IT_PLAYS,)+ }
            }

            /// The family's presets, in order.
            pub fn presets(self) -> &'static [Preset] {
                match self { $(FamilyId::$v => <$module::$fam as Family>::PRESETS,)+ }
            }

            /// The family's rules ids in words.
            pub fn rules_help(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::RULES_HELP,)+ }
            }

            /// The family's setup form in words.
            pub fn setup_help(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::SETUP_HELP,)+ }
            }

            /// The family's move form in words.
            pub fn moves_help(self) -> &'static str {
                match self { $(FamilyId::$v => <$module::$fam as Family>::MOVES_HELP,)+ }
            }

            /// A solitaire: one player.
            pub fn is_solitaire(self) -> bool {
                match self { $(FamilyId::$v => <$module::$fam as Family>::SOLITAIRE,)+ }
            }

            /// The family's New game form, with `current`'s values if it is of this family.
            pub fn new_game_form(self, current: Option<&AnyRules>) -> NewGameForm {
                match self {
                    $(FamilyId::$v => <$module::$fam as FamilyView>::new_game_form(current.and_then(|r| match r {
                        AnyRules::$v(r) => Some(r),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    })),)+
                }
            }

            /// A new game's start from the family's New game form's values.
            ///
            /// # Errors
            /// Values out of range, in words.
            pub fn new_game(self, values: &[String]) -> Result<AnyPosition, String> {
                match self { $(FamilyId::$v => <$module::$fam as FamilyView>::new_game(values).map(AnyPosition::$v),)+ }
            }

            /// The family has an exact solver.
            pub fn has_exact_solver(self) -> bool {
                match self { $(FamilyId::$v => <$module::$fam as FamilySearch>::EXACT_SOLVER,)+ }
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


        /// Any rule set: a family and its typed parameters.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyRules {
            $($(#[$doc])* $v(<$module::$fam as Family>::Rules),)+
        }

        /// A position of any family.
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

        $(
            impl From<<$module::$fam as Family>::Move> for AnyMove {
                fn from(m: <$module::$fam as Family>::Move) -> AnyMove {
                    AnyMove::$v(m)
                }
            }

            impl TryFrom<AnyMove> for <$module::$fam as Family>::Move {
                type Error = FamilyId;

                /// The move of this family, or the family it is of.
                fn try_from(m: AnyMove) -> Result<Self, FamilyId> {
                    match m {
                        AnyMove::$v(x) => Ok(x),
                        #[allow(unreachable_patterns)]
                        other => Err(other.family()),
                    }
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
                    match p {
                        AnyPosition::$v(x) => Ok(x),
                        #[allow(unreachable_patterns)]
                        other => Err(other.family()),
                    }
                }
            }

            impl TryFrom<AnyRules> for <$module::$fam as Family>::Rules {
                type Error = FamilyId;

                /// The rules of this family, or the family they are of.
                fn try_from(r: AnyRules) -> Result<Self, FamilyId> {
                    match r {
                        AnyRules::$v(x) => Ok(x),
                        #[allow(unreachable_patterns)]
                        other => Err(other.family()),
                    }
                }
            }
        )+

        impl AnyRules {
            /// The family.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyRules::$v(_) => FamilyId::$v,)+ }
            }

            /// The family has an exact solver (the page's Solve button and perfect player).
            pub fn has_exact_solver(&self) -> bool {
                self.family().has_exact_solver()
            }

            /// The convention under which proven values of these rules hold, where the rules
            /// would end a game otherwise (see [`Family::proven_convention`]).
            pub fn proven_convention(&self) -> Option<&'static str> {
                match self { $(AnyRules::$v(r) => <$module::$fam as FamilySearch>::proven_convention(r),)+ }
            }

            /// The family's exact solver for these rules, with these sizes (`None`: none).
            pub fn exact_solver(&self, opts: $crate::families::SolveOptions) -> Option<Result<Box<dyn $crate::families::ExactSolver>, $crate::families::SolveError>> {
                match self { $(AnyRules::$v(r) => <$module::$fam as FamilySearch>::exact_solver(r, opts),)+ }
            }

            /// Endgame databases of these rules, able to grow to `max_seeds` seeds (`None`:
            /// the family has none).
            pub fn endgame_databases(&self, max_seeds: usize) -> Option<Box<dyn $crate::families::EndgameDatabases>> {
                match self { $(AnyRules::$v(r) => <$module::$fam as FamilySearch>::endgame_databases(r, max_seeds),)+ }
            }

            /// Positions the endgame databases of these rules hold up to `seeds` seeds (`None`:
            /// the family has none).
            pub fn databases_size(&self, seeds: usize) -> Option<u64> {
                match self { $(AnyRules::$v(r) => <$module::$fam as FamilySearch>::databases_size(r, seeds),)+ }
            }

            /// The family has endgame databases.
            pub fn has_databases(&self) -> bool {
                self.databases_size(0).is_some()
            }

            /// A row of these rules in the paper's notation (`None`: not a row game, or not a
            /// row).
            pub fn paper_row(&self, row: &str) -> Option<String> {
                match self { $(AnyRules::$v(r) => <$module::$fam as FamilySearch>::paper_row(r, row),)+ }
            }

            /// The family's positions have a game-theory value (a row).
            pub fn has_game_value(&self) -> bool {
                self.start().value_row().is_some()
            }

            /// The start position.
            pub fn start(&self) -> AnyPosition {
                match self { $(AnyRules::$v(r) => AnyPosition::$v(<$module::$fam as Family>::start(r)),)+ }
            }

            /// A readable name: "Kalah(6,4), empty capture".
            pub fn title(&self) -> String {
                match self { $(AnyRules::$v(r) => <$module::$fam as Family>::title(r),)+ }
            }

            /// The rules card.
            pub fn card(&self) -> Card {
                match self { $(AnyRules::$v(r) => <$module::$fam as Family>::card(r),)+ }
            }

            /// Parses a setup for these rules.
            ///
            /// # Errors
            /// A [`ParseSetupError`] naming the faulty part.
            pub fn parse_setup(&self, s: &str) -> Result<AnyPosition, ParseSetupError> {
                if s.len() > $crate::engine::text::MAX_TEXT {
                    return Err(ParseSetupError::TooLong(s.len()));
                }
                match self {
                    $(AnyRules::$v(r) => <$module::$fam as Family>::parse_setup(r, s).map(AnyPosition::$v),)+
                }
            }

            /// Every preset alias and the id it stands for, family by family.
            pub fn aliases() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
                [$(<$module::$fam as Family>::ALIASES),+].into_iter().flatten()
            }

            /// Every preset, family by family, in the registration list's order.
            pub fn presets() -> impl Iterator<Item = &'static Preset> {
                [$(<$module::$fam as Family>::PRESETS),+].into_iter().flatten()
            }

            /// Ids to suggest when an id is unknown: "kalah-6-4, ... or tchoukaillon".
            pub fn examples() -> String {
                // One a family, so that the message stays short (a phone's banner); the presets
                // are on the home page and in `mancala-lab --help`.
                let all: Vec<&str> = [$(<$module::$fam as Family>::EXAMPLES),+].into_iter().filter_map(|e| e.first()).copied().collect();
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
                match self { $(AnyRules::$v(r) => <$module::$fam as Family>::write_rules(r, f),)+ }
            }
        }

        impl core::str::FromStr for AnyRules {
            type Err = ParseRulesError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                if s.len() > 64 {
                    return Err(ParseRulesError::TooLong(s.len()));
                }
                let lower = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
                let id = AnyRules::aliases().find(|(a, _)| *a == lower).map(|(_, id)| id.to_string()).unwrap_or(lower);
                let parts: Vec<&str> = id.split('-').collect();
                $(
                    if parts[0] == <$module::$fam as Family>::KEY || <$module::$fam as Family>::OTHER_KEYS.contains(&parts[0]) {
                        return <$module::$fam as Family>::parse_rules(&parts, s).map(AnyRules::$v);
                    }
                )+
                Err(ParseRulesError::Unknown($crate::engine::text::clip(s, 40)))
            }
        }

        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $(AnyMove::$v(m) => m.fmt(f),)+ }
            }
        }

        impl AnyMove {
            /// The family of the move.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyMove::$v(_) => FamilyId::$v,)+ }
            }
        }

        impl fmt::Display for AnyPosition {
            /// The canonical setup.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $(AnyPosition::$v(p) => <$module::$fam as Family>::write_setup(p, f),)+ }
            }
        }

        impl AnyPosition {
            /// The family.
            pub fn family(&self) -> FamilyId {
                match self { $(AnyPosition::$v(_) => FamilyId::$v,)+ }
            }

            /// The rules of the position.
            pub fn rules(&self) -> AnyRules {
                match self { $(AnyPosition::$v(p) => AnyRules::$v(<$module::$fam as Family>::rules_of(p)),)+ }
            }

            /// Who moves next.
            pub fn turn(&self) -> $crate::engine::Player {
                match self { $(AnyPosition::$v(p) => p.turn(),)+ }
            }

            /// The legal moves.
            pub fn legal_moves(&self) -> Vec<AnyMove> {
                match self { $(AnyPosition::$v(p) => p.legal_moves().into_iter().map(AnyMove::$v).collect(),)+ }
            }

            /// Plays a move.
            ///
            /// # Errors
            /// When the move is illegal here or of another family; the position is handed back.
            pub fn play(&self, mv: AnyMove) -> Result<(AnyPosition, $crate::engine::Trace), $crate::engine::PlayError<AnyPosition>> {
                use $crate::engine::{IllegalMove, PlayError};
                match (self, mv) {
                    $((AnyPosition::$v(p), AnyMove::$v(m)) => match p.play(m) {
                        Ok((q, t)) => Ok((AnyPosition::$v(q), t)),
                        Err(e) => Err(PlayError { position: AnyPosition::$v(e.position), reason: e.reason }),
                    },)+
                    #[allow(unreachable_patterns)]
                    _ => Err(PlayError {
                        position: self.clone(),
                        reason: IllegalMove::WrongFamily { of: mv.family().key(), here: self.family().key() },
                    }),
                }
            }

            /// `Some` once the game is over.
            pub fn outcome(&self) -> Option<$crate::engine::Outcome> {
                match self { $(AnyPosition::$v(p) => p.outcome(),)+ }
            }

            /// Every cell and its seeds.
            pub fn cells(&self) -> Vec<($crate::engine::Cell, u32)> {
                match self { $(AnyPosition::$v(p) => p.cells(),)+ }
            }

            /// Seeds in a cell.
            pub fn count(&self, cell: $crate::engine::Cell) -> u32 {
                self.cells().into_iter().find(|(c, _)| *c == cell).map_or(0, |(_, n)| n)
            }

            /// Seeds in the store of `player`.
            pub fn store(&self, player: $crate::engine::Player) -> u32 {
                match self { $(AnyPosition::$v(p) => p.store(player),)+ }
            }

            /// Parses one move in this family's notation (syntax only; legality is `play`'s job).
            ///
            /// # Errors
            /// When the text is not a move of this family.
            pub fn parse_move(&self, s: &str) -> Result<AnyMove, ParseMoveError> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as Family>::parse_move(p, s).map(AnyMove::$v),)+ }
            }

            /// Whether this family writes a move list's moves together (`cfab`) or joined by dots.
            fn moves_joined(&self) -> bool {
                match self { $(AnyPosition::$v(_) => <$module::$fam as Family>::MOVES_JOINED,)+ }
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
                    $crate::engine::text::split_list(s).collect()
                }
            }

            /// What stands between two moves in a move list: nothing (`cfab`) or a dot.
            pub fn move_separator(&self) -> &'static str {
                if self.moves_joined() { "" } else { "." }
            }

            /// Writes a move list canonically.
            pub fn join_moves(&self, moves: &[AnyMove]) -> String {
                moves.iter().map(AnyMove::to_string).collect::<Vec<_>>().join(self.move_separator())
            }

            /// How the board is drawn.
            pub fn layout(&self) -> Layout {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::layout(p),)+ }
            }

            /// The pit a move is played from (a move of another family: the mover's first pit).
            pub fn move_cell(&self, mv: AnyMove) -> $crate::engine::Cell {
                match (self, mv) {
                    $((AnyPosition::$v(p), AnyMove::$v(m)) => <$module::$fam as FamilyView>::move_cell(p, m),)+
                    #[allow(unreachable_patterns)]
                    _ => $crate::engine::Cell::Pit { owner: self.turn(), index: 0 },
                }
            }

            /// The move a click on `cell` stands for, if the mover may play it.
            pub fn cell_move(&self, cell: $crate::engine::Cell) -> Option<AnyMove> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_move(p, cell).map(AnyMove::$v),)+ }
            }

            /// The name of a cell on screen and in its accessible name.
            pub fn cell_name(&self, cell: $crate::engine::Cell) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_name(p, cell),)+ }
            }

            /// The short label drawn beside a pit.
            pub fn cell_label(&self, cell: $crate::engine::Cell) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_label(p, cell),)+ }
            }

            /// Why a pit of the player to move is not playable now, where a rule forbids it.
            pub fn cell_note(&self, cell: $crate::engine::Cell) -> Option<String> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_note(p, cell),)+ }
            }

            /// The position ended as the rules end a game whose position repeats.
            pub fn end_by_repetition(&self) -> Option<(AnyPosition, $crate::engine::Trace)> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as Family>::end_by_repetition(p).map(|(q, t)| (AnyPosition::$v(q), t)),)+ }
            }

            /// The position ended as the rules end a game where no capture can ever happen
            /// again (Ayo), with what the hand did; `None` otherwise.
            pub fn end_without_captures(&self) -> Option<(AnyPosition, $crate::engine::Trace)> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as Family>::end_without_captures(p).map(|(q, t)| (AnyPosition::$v(q), t)),)+ }
            }

            /// The cell is out of play this round.
            pub fn is_marked(&self, cell: $crate::engine::Cell) -> bool {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::is_marked(p, cell),)+ }
            }

            /// The status line.
            pub fn status(&self) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::status(p),)+ }
            }

            /// Move `mv` from this position in words, given its trace and the position after it.
            pub fn describe_move(&self, mv: AnyMove, trace: &$crate::engine::Trace, after: &AnyPosition) -> String {
                match (self, mv, after) {
                    $((AnyPosition::$v(p), AnyMove::$v(m), AnyPosition::$v(q)) => <$module::$fam as FamilyView>::describe_move(p, m, trace, q),)+
                    #[allow(unreachable_patterns)]
                    _ => format!("{} plays {mv}", self.turn()),
                }
            }

            /// The name of a player in this family's words.
            pub fn player_name(&self, p: $crate::engine::Player) -> &'static str {
                match self { $(AnyPosition::$v(_) => <$module::$fam as FamilyView>::player_name(p),)+ }
            }

            /// A move's glyph on its own button, when a pit has several moves.
            pub fn move_glyph(&self, mv: AnyMove) -> String {
                match mv { $(AnyMove::$v(m) => <$module::$fam as FamilyView>::move_glyph(m),)+ }
            }

            /// A move's label in a move list.
            pub fn move_label(&self, mv: AnyMove) -> String {
                match (self, mv) {
                    $((AnyPosition::$v(p), AnyMove::$v(m)) => <$module::$fam as FamilyView>::move_label(p.turn(), m),)+
                    #[allow(unreachable_patterns)]
                    _ => mv.to_string(),
                }
            }

            /// A cell's count as the editor shows it.
            pub fn cell_text(&self, n: u32) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_text(p, n),)+ }
            }

            /// As [`FamilyView::seed_colours`].
            pub fn seed_colours(&self, n: u32) -> Option<(u32, u32)> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::seed_colours(p, n),)+ }
            }

            /// As [`FamilyView::seed_unit`].
            pub fn seed_unit(&self) -> u32 {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::seed_unit(p),)+ }
            }

            /// As [`FamilyView::cell_symbols`].
            pub fn cell_symbols(&self) -> Option<(&'static [&'static str], &'static str)> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::cell_symbols(p),)+ }
            }

            /// The setup text from counts typed in the editor.
            pub fn setup_from_cells(&self, counts: &[($crate::engine::Cell, String)], turn: $crate::engine::Player) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::setup_from_cells(p, counts, turn),)+ }
            }

            /// The board drawn in text.
            pub fn board_text(&self) -> String {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilyView>::board_text(p),)+ }
            }

            /// Every legal move valued by the family's search.
            pub fn analyze(&self, depth: u32, table_mib: usize, handler: &mut dyn $crate::search::SearchHandler<$crate::families::AnyMove>) -> $crate::search::Analysis<$crate::families::AnyMove> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilySearch>::analyze(p, depth, table_mib, handler),)+ }
            }

            /// The exact solver's sizes for this position: within `budget_mib` MiB, or as suits
            /// it natively (`None`: no exact solver).
            pub fn solve_options(&self, budget_mib: Option<usize>) -> Option<$crate::families::SolveOptions> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilySearch>::solve_options(p, budget_mib),)+ }
            }

            /// The exact solver's root moves, most promising first (empty without one).
            pub fn solver_root_order(&self) -> Vec<AnyMove> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilySearch>::solver_root_order(p).into_iter().map(AnyMove::$v).collect(),)+ }
            }

            /// The row whose game-theory value is shown, in link notation (`None`: none).
            pub fn value_row(&self) -> Option<String> {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilySearch>::value_row(p),)+ }
            }

            /// Seeds in the pits (stores and captured seeds not counted).
            pub fn board_seeds(&self) -> u32 {
                self.cells().into_iter().filter(|(c, _)| matches!(c, $crate::engine::Cell::Pit { .. })).map(|(_, n)| n).sum()
            }

            /// Every legal move valued by a search of `depth` with a small table, never
            /// stopped (a convenience for tests, examples and the CLI).
            pub fn analyze_fixed_depth(&self, depth: u32) -> $crate::search::Analysis<$crate::families::AnyMove> {
                self.analyze(depth, 16, &mut $crate::search::NoHandler)
            }

            /// The move sequences of exactly `depth` moves.
            pub fn perft(&self, depth: u32) -> u64 {
                match self { $(AnyPosition::$v(p) => <$module::$fam as FamilySearch>::perft(p, depth),)+ }
            }
        }
    };
}

pub(crate) use families;

//! Rules cards and presets: what every family shows about its rules and where they come from.

/// A rules card: the rules in plain words, their sources, and the choices we made where the
/// sources are silent or ambiguous. Shown on the page and by `mancala-lab rules`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Title.
    pub title: String,
    /// The rules in plain words.
    pub rules: Vec<String>,
    /// Where they come from.
    pub sources: Vec<String>,
    /// What we chose where the sources leave a choice.
    pub choices: Vec<String>,
}

/// A preset: a named rule set with its source, shown on the home page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Rules id used in links.
    pub id: &'static str,
    /// Name on screen.
    pub name: &'static str,
    /// One line on the source.
    pub source: &'static str,
}

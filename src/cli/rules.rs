//! `rules`: a rule set's card — the rules in words, their sources and our choices.

use core::fmt;

use serde::Serialize;

use super::CliError;
use crate::families::AnyRules;

/// A rules card.
#[derive(Serialize)]
pub struct CardReport {
    id: String,
    title: String,
    rules: Vec<String>,
    sources: Vec<String>,
    choices: Vec<String>,
}

/// The card of the rules `id`.
///
/// # Errors
/// An id that cannot be read.
pub fn card(id: &str) -> Result<CardReport, CliError> {
    let r: AnyRules = id.parse().map_err(CliError::Rules)?;
    let c = r.card();
    Ok(CardReport { id: r.to_string(), title: c.title, rules: c.rules, sources: c.sources, choices: c.choices })
}

impl fmt::Display for CardReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ({})\n", self.title, self.id)?;
        for p in &self.rules {
            writeln!(f, "{p}\n")?;
        }
        writeln!(f, "Sources:")?;
        for p in &self.sources {
            writeln!(f, "- {p}")?;
        }
        writeln!(f, "\nOur choices:")?;
        for p in &self.choices {
            writeln!(f, "- {p}")?;
        }
        Ok(())
    }
}

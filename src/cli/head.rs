//! What every report of a position begins with.

use serde::Serialize;

use crate::notation::Game;

/// What every report of a position begins with: its rules, its setup and who is to move, in
/// the family's words (Left and Right in Erickson's games); and, for the text, the game's
/// title. A report flattens it into its own fields.
#[derive(Clone, Serialize)]
pub struct Head {
    /// The rules id.
    pub rules: String,
    /// The setup, as a link writes it.
    pub setup: String,
    /// Who is to move.
    pub turn: &'static str,
    /// The game's title ("Kalah(6,4)").
    #[serde(skip)]
    pub title: String,
}

impl Head {
    /// The head of a report of the position on screen of `g`.
    pub fn of(g: &Game) -> Head {
        let p = g.position();
        Head {
            rules: g.rules().to_string(),
            setup: p.to_string(),
            turn: p.player_name(p.turn()),
            title: g.rules().title(),
        }
    }

    /// "Kalah(6,4) — South to move".
    pub fn title_to_move(&self) -> String {
        format!("{} — {} to move", self.title, self.turn)
    }
}

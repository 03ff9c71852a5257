//! Tchouka for two players (Broline & Loeb §3): each player sows until a last seed falls in an
//! empty pit; most seeds put in the Roumba wins. Rules ids `tchouka2-N-S`; the game's code is
//! [`crate::families::tchouka`]'s, with its const parameter set.

/// Tchouka for two, as a family.
pub type TchoukaDuel = super::tchouka::TchoukaFamily<true>;

//! The game record: the link's parts as headers `[Rules "kalah-6-4"]`, then the tree's text
//! (`docs/record.md`).

use super::link::LinkParts;
use super::{Game, MAX_RECORD};
use crate::engine::text::clip;
use crate::engine::Player;
use crate::notation::LinkError;

impl Game {
    /// The game record: headers, then the tree (see `docs/record.md`).
    pub fn record(&self) -> String {
        let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut r = format!("[Rules \"{}\"]\n", self.rules);
        if !self.starts_at_rules_start() {
            r.push_str(&format!("[Setup \"{}\"]\n", self.start()));
        }
        for side in [Player::South, Player::North] {
            let name = if side == Player::South { "South" } else { "North" };
            r.push_str(&format!("[{name} \"{}\"]\n", self.players.get(side)));
        }
        let main = self.main_line();
        let end = self.line.last().copied().unwrap_or(0);
        if !main.contains(&end) {
            r.push_str(&format!("[Line \"{}\"]\n", self.written_index(end)));
        }
        if self.ply != self.moves.len() {
            r.push_str(&format!("[Ply \"{}\"]\n", self.ply));
        }
        let last = self.position_of(*main.last().expect("never empty"));
        if last.outcome().is_some() {
            r.push_str(&format!("[Result \"{}\"]\n", quote(&last.status())));
        }
        r.push('\n');
        r.push_str(&self.tree_text(true));
        r.push('\n');
        r
    }

    /// Reads a game record, keeping what is usable (as links are read): headers
    /// `[Key "value"]` (Rules, Setup, South, North, Line, Ply; Result and unknown keys are
    /// ignored), then the tree's text. Headers come first: once the moves have begun, a line
    /// that starts with `[` is the moves' (a comment's text, or a fault the tree reports), never
    /// a header. A record with neither headers nor moves is refused.
    pub fn from_record_lenient(text: &str) -> (Game, Option<LinkError>) {
        if text.len() > MAX_RECORD {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::RecordTooLong(text.len())));
        }
        let mut values: [Option<String>; 7] = Default::default();
        let mut moves = String::new();
        let mut fault = None;
        let mut headers = 0;
        // A byte-order mark (a file saved by some editors) is no part of the record.
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            let header_line = if moves.is_empty() { l.strip_prefix('[') } else { None };
            if let Some(inner) = header_line {
                headers += 1;
                let header = inner.strip_suffix(']').and_then(|h| {
                    let (key, value) = h.trim().split_once(char::is_whitespace)?;
                    let v = value.trim().strip_prefix('"')?.strip_suffix('"')?;
                    Some((key.to_ascii_lowercase(), v.replace("\\\"", "\"").replace("\\\\", "\\")))
                });
                match header {
                    Some((key, v)) => {
                        if let Some(i) = LinkParts::KEYS.iter().position(|k| *k == key && key != "moves") {
                            values[i] = Some(v);
                        }
                    }
                    None => fault = fault.or(Some(LinkError::Header(i + 1, clip(l, 40)))),
                }
            } else if !l.is_empty() {
                moves.push_str(l);
                moves.push(' ');
            }
        }
        if headers == 0 && moves.is_empty() {
            let (g, _) = Game::from_parts_lenient(None, None, None, None);
            return (g, Some(LinkError::EmptyRecord));
        }
        values[2] = Some(moves);
        let [rules, setup, moves, line, ply, south, north] = values.each_ref().map(|v| v.as_deref());
        let parts = LinkParts { rules, setup, moves, line, ply, south, north };
        let (game, err) = Game::from_link_parts(&parts);
        (game, err.or(fault))
    }
}

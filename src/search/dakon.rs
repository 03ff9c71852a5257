//! A depth-limited search for Dakon, the computer player's and the hints' engine: iterative
//! deepening alpha-beta on the counters each player owns (store and holes, which are theirs
//! when the round ends). A move that lets the mover move again keeps the sign: no fake passes.
//! Dakon games may repeat rounds without end, so values are never claimed exact unless every
//! line reached the end of the game within the depth.

use super::{Analysis, MoveValue, SearchHandler};
use crate::engine::{Outcome, Position};
use crate::families::dakon::{Dakon, DakonMove};

/// Worth of a won game beyond its counters, so that a win always beats a bigger margin.
pub const WIN: i32 = 1000;

/// A value of [`analyze`] in words: "win by 32", "loss by 4", or the margin "+2".
pub fn describe(v: i32) -> String {
    match v {
        v if v >= WIN => format!("win by {}", v - WIN),
        v if v <= -WIN => format!("loss by {}", -(v + WIN)),
        v => format!("{v:+}"),
    }
}

struct Ctx<'h> {
    nodes: u64,
    stopped: bool,
    /// Some line was cut by the depth (the values are estimates).
    cut: bool,
    handler: &'h mut dyn SearchHandler,
}

impl Ctx<'_> {
    /// Value for the side to move in `d`.
    fn value(&mut self, d: &Dakon, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.handler.should_stop(self.nodes) {
            self.stopped = true;
        }
        let me = d.turn();
        let margin = d.owned(me) as i32 - d.owned(!me) as i32;
        if let Some(o) = d.outcome() {
            return margin
                + match o {
                    Outcome::Win(p) if p == me => WIN,
                    Outcome::Win(_) => -WIN,
                    _ => 0,
                };
        }
        if depth == 0 || self.stopped {
            self.cut = true;
            return margin;
        }
        let mut best = i32::MIN + 1;
        for mv in d.legal_moves() {
            let (child, _) = d.play(mv).expect("legal");
            let v = if child.turn() == me {
                self.value(&child, depth - 1, alpha, beta)
            } else {
                -self.value(&child, depth - 1, -beta, -alpha)
            };
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// Every legal move of `d` valued by searches of 1, 2, ... `max_depth` sowings, until the
/// handler stops it; each finished depth is reported. Values are the margin of counters
/// owned (±1000 for a won or lost game).
pub fn analyze(d: &Dakon, max_depth: u32, handler: &mut dyn SearchHandler) -> Analysis {
    let mut ctx = Ctx { nodes: 0, stopped: false, cut: false, handler };
    let mut done = Analysis::default();
    let me = d.turn();
    for depth in 1..=max_depth.max(1) {
        ctx.cut = false;
        let mut moves: Vec<(DakonMove, i32)> = vec![];
        // Search the previous best move first.
        let mut order = d.legal_moves();
        if let Some(first) = done.moves.first().and_then(|m| order.iter().position(|x| x.to_string() == m.mv)) {
            order.swap(0, first);
        }
        for mv in order {
            let (child, _) = d.play(mv).expect("legal");
            let v = if child.turn() == me {
                ctx.value(&child, depth - 1, -100_000, 100_000)
            } else {
                -ctx.value(&child, depth - 1, -100_000, 100_000)
            };
            moves.push((mv, v));
        }
        if ctx.stopped && !done.moves.is_empty() {
            break;
        }
        moves.sort_by_key(|&(_, v)| -v);
        let exact = !ctx.cut;
        done = Analysis {
            depth,
            nodes: ctx.nodes,
            value: moves.first().map_or(0, |m| m.1),
            exact,
            moves: moves.iter().map(|(m, v)| MoveValue { mv: m.to_string(), value: *v, exact }).collect(),
            best_line: moves.first().map(|m| vec![m.0.to_string()]).unwrap_or_default(),
        };
        ctx.handler.on_progress(&done);
        if ctx.stopped || exact {
            break;
        }
    }
    done.nodes = ctx.nodes;
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Player;
    use crate::families::dakon::{DakonRules, DakonSetup};
    use crate::search::NoHandler;

    #[test]
    fn finds_a_winning_capture() {
        // South to move in Dakon-2: hole b (1 counter) ends in the store, then hole a (1)
        // lands in the empty hole b and captures North's hole a (3): South then owns 6 of 8.
        let d = DakonSetup {
            rules: DakonRules::new(2, false).unwrap(),
            holes: [vec![Some(1), Some(1)], vec![Some(1), Some(3)]],
            stores: [2, 0],
            turn: Player::South,
        }
        .validate()
        .unwrap();
        let a = analyze(&d, 6, &mut NoHandler);
        assert_eq!(a.moves.len(), 2);
        assert!(a.value > 0, "{a:?}");
        assert!(a.nodes > 0);
        // Both moves win the game; in words, with the counters won by.
        assert_eq!(a.moves.iter().map(|m| describe(m.value)).collect::<Vec<_>>(), ["win by 8", "win by 6"]);
    }

    #[test]
    fn values_in_words() {
        assert_eq!(describe(WIN + 32), "win by 32");
        assert_eq!(describe(WIN), "win by 0");
        assert_eq!(describe(-WIN - 4), "loss by 4");
        assert_eq!(describe(26), "+26");
        assert_eq!(describe(0), "+0");
        assert_eq!(describe(-28), "-28");
    }
}

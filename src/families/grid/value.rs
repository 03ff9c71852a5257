//! A grid's game-theory value and its options', in the row games' [`RowValue`] (the play
//! page's Game value panel and the CLI's `value`).

use super::{cgt, grid_text, parse_grid, Grid, GridRules};
use crate::cgt::{Games, Style};
use crate::engine::{Player, Position};
use crate::families::row::value::{GameValue, RowOption, RowValue, RowValueError};

/// The grid family's [`FamilySearch::game_value`](crate::families::FamilySearch::game_value):
/// a grid's value (`11-11`), and every option's with the grid it leaves as it stands on the
/// board.
pub(super) fn grid_value(rules: GridRules, text: &str, limit: usize) -> Result<GameValue, RowValueError> {
    let other = |e: &dyn core::fmt::Display| RowValueError::Other(e.to_string());
    let rows = parse_grid(text).map_err(|e| other(&e))?;
    let start = Grid::new(rules, &rows, Player::South).map_err(|e| other(&e))?;
    let (h, w) = start.size();
    let mut t = Games::new();
    let mut memo = cgt::Memo::default();
    let too_many = |_| RowValueError::TooManyFollowers(limit);
    let g = cgt::value(&mut t, &mut memo, h, w, start.pots(), rules.impartial, limit).map_err(too_many)?;
    let zero = t.zero();
    let mut sides = [vec![], vec![]];
    for (k, turn) in [Player::South, Player::North].into_iter().enumerate() {
        let p = Grid::from_pots(rules, h, w, start.pots(), turn);
        for m in p.legal_moves() {
            let q = p.play(m).map_err(|e| other(&e.reason))?.0;
            let v = cgt::value(&mut t, &mut memo, h, w, q.pots(), rules.impartial, limit).map_err(too_many)?;
            let wins = if k == 0 { t.le(zero, v) } else { t.le(v, zero) };
            let row = grid_text(h, w, q.pots());
            sides[k].push(RowOption {
                mv: m.to_string(),
                paper_row: row.replace('-', " / "),
                row,
                value: t.show_in(v, Style::Paper),
                ascii: t.show(v),
                wins,
            });
        }
    }
    let normal = cgt::normal(h, w, start.pots());
    let parts = cgt::components(&normal);
    let components = if parts.len() > 1 {
        parts
            .iter()
            .map(|c| {
                let v = cgt::value(&mut t, &mut memo, c[0] as usize, c[1] as usize, &c[2..], rules.impartial, limit)
                    .map(|v| t.show_in(v, Style::Paper));
                let text = grid_text(c[0] as usize, c[1] as usize, &c[2..]).replace('-', " / ");
                (text, v.unwrap_or_else(|_| "too many followers".into()))
            })
            .collect()
    } else {
        vec![]
    };
    let outcome = t.outcome(g);
    let [left, right] = sides;
    let row = grid_text(h, w, start.pots());
    let v = RowValue {
        rules: rules.to_string(),
        paper_row: row.replace('-', " / "),
        row,
        value: t.show_in(g, Style::Paper),
        ascii: t.show(g),
        outcome: outcome.letter(),
        outcome_words: outcome.words().to_string(),
        components,
        heaps: None,
        left,
        right,
        followers: memo.len(),
    };
    Ok((v, t, g))
}

//! The Solved Kalah page's view model: the grid of boards (a cell a board size, its label,
//! classes and tooltip), the boards "Solve all" queues, the progress line, and the chosen
//! board's values and links.

use crate::engine::text::group;
use crate::families::{AnyMove, AnyRules};
use crate::labs::solved_kalah::QUICK_SEEDS;
use crate::search::Analysis;
use crate::web::route::Route;

/// The grid's largest board: pits a side and seeds a pit.
pub const MOST: u32 = 12;

/// Seeds on the board past which a cell is marked big (its solve can take minutes).
pub const BIG_SEEDS: u32 = 48;

/// A cell of the grid: a board size.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    /// Its rules id (`kalah-6-4`, `kalah-6-4-e`).
    pub rules: String,
    /// The seeds on its board.
    pub seeds_on_board: u32,
}

/// Every rules id the grid can show (both rules), for the cache.
pub fn every_id() -> Vec<String> {
    let mut ids = vec![];
    for n in 1..=MOST {
        for s in 1..=MOST {
            for suffix in ["", "-e"] {
                ids.push(format!("kalah-{n}-{s}{suffix}"));
            }
        }
    }
    ids
}

/// The grid's rows: pits a side, and its cells by seeds a pit.
pub fn grid(max_pits: u32, max_seeds: u32, empty: bool) -> Vec<(u32, Vec<(u32, GridCell)>)> {
    let rule_suffix = if empty { "-e" } else { "" };
    (1..=max_pits)
        .map(|n| {
            (
                n,
                (1..=max_seeds)
                    .map(|s| (s, GridCell { rules: format!("kalah-{n}-{s}{rule_suffix}"), seeds_on_board: 2 * n * s }))
                    .collect(),
            )
        })
        .collect()
}

/// The boards "Solve all" takes: those of at most [`QUICK_SEEDS`] seeds, row by row.
pub fn quick_ids(grid: &[(u32, Vec<(u32, GridCell)>)]) -> Vec<String> {
    grid.iter()
        .flat_map(|(_, row)| row.iter().filter(|(_, c)| c.seeds_on_board <= QUICK_SEEDS).map(|(_, c)| c.rules.clone()))
        .collect()
}

/// "Solve all up to 40 seeds".
pub fn solve_all_label() -> String {
    format!("Solve all up to {QUICK_SEEDS} seeds")
}

/// The grid's caption.
pub fn caption(empty: bool) -> String {
    format!(
        "First player's margin, {} capture; rows: pits a side, columns: seeds a pit",
        if empty { "empty" } else { "standard" }
    )
}

/// The line under the controls while a board is solved.
pub fn progress(target: &str, nodes: u64, elapsed_ms: f64) -> String {
    format!("Solving {target}: {} nodes, {:.1} s", group(nodes.into()), elapsed_ms / 1000.0)
}

/// A cell as the grid shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// Its value (`+2`), once solved.
    pub value: Option<String>,
    /// Its button's text: the value, `…` while it is solved, else `solve`.
    pub text: String,
    /// Not solved yet (class `unsolved`).
    pub unsolved: bool,
    /// More than [`BIG_SEEDS`] seeds (class `big`).
    pub big: bool,
    /// Its button's tooltip.
    pub title: String,
}

/// The cell `c`, given its solved start (if any) and whether it is being solved.
pub fn cell_view(c: &GridCell, solved: Option<&Analysis<AnyMove>>, running: bool) -> CellView {
    let value = solved.map(|a| format!("{:+}", a.value));
    CellView {
        text: if running { "…".to_string() } else { value.clone().unwrap_or_else(|| "solve".into()) },
        unsolved: value.is_none(),
        big: c.seeds_on_board > BIG_SEEDS,
        title: format!("{}: {} seeds", c.rules, c.seeds_on_board),
        value,
    }
}

/// The value of the start in words, from the first player's margin.
pub fn verdict(margin: i32) -> String {
    match margin {
        0 => "With perfect play the game is a draw.".to_string(),
        v if v > 0 => format!("With perfect play South, moving first, wins by {v}."),
        v => format!("With perfect play North, moving second, wins by {}.", -v),
    }
}

/// The chosen board's panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Detail {
    /// Its heading: the rules' title.
    pub title: String,
    /// Its values, once solved.
    pub solved: Option<Solved>,
}

/// A solved board's values and links.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The value of the start, in words.
    pub verdict: String,
    /// Each opening move's link and its text (`c: +2`).
    pub moves: Vec<(String, String)>,
    /// The link to the game from the start.
    pub start: String,
    /// " — best line: …".
    pub best_line: String,
}

/// The panel of the board `id` (`None`: not a board), with its solved start if any.
pub fn detail(id: &str, a: Option<&Analysis<AnyMove>>) -> Option<Detail> {
    let rules = id.parse::<AnyRules>().ok()?;
    Some(Detail {
        title: rules.title(),
        solved: a.map(|a| Solved {
            verdict: verdict(a.value.number()),
            moves: a
                .moves
                .iter()
                .map(|m| (Route::game(rules, &[m.mv]).to_string(), format!("{}: {}", m.mv, m.value)))
                .collect(),
            start: Route::game(rules, &[]).to_string(),
            best_line: format!(" — best line: {}", a.line_text()),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_and_what_solve_all_takes() {
        let g = grid(2, 3, true);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].0, 2);
        assert_eq!(g[1].1[2], (3, GridCell { rules: "kalah-2-3-e".into(), seeds_on_board: 12 }));
        assert_eq!(quick_ids(&g).len(), 6);
        let big = grid(6, 6, false);
        let quick = quick_ids(&big);
        assert!(quick.contains(&"kalah-4-5".to_string()) && !quick.contains(&"kalah-6-4".to_string()));
        assert_eq!(every_id().len(), 288);
        assert_eq!(solve_all_label(), "Solve all up to 40 seeds");
        assert_eq!(caption(false), "First player's margin, standard capture; rows: pits a side, columns: seeds a pit");
        assert_eq!(progress("kalah-4-4", 12345, 2500.0), "Solving kalah-4-4: 12,345 nodes, 2.5 s");
    }

    #[test]
    fn cells_and_the_chosen_board() {
        let c = GridCell { rules: "kalah-6-5".into(), seeds_on_board: 60 };
        let v = cell_view(&c, None, false);
        assert_eq!((v.text.as_str(), v.unsolved, v.big), ("solve", true, true));
        assert_eq!(v.title, "kalah-6-5: 60 seeds");
        assert_eq!(cell_view(&c, None, true).text, "…");

        let rules: AnyRules = "kalah-1-1".parse().unwrap();
        let a = rules.start().analyze_fixed_depth(8);
        let solved = cell_view(&GridCell { rules: "kalah-1-1".into(), seeds_on_board: 2 }, Some(&a), false);
        assert_eq!(solved.value.as_deref(), Some(format!("{:+}", a.value).as_str()));
        assert!(!solved.unsolved && !solved.big);

        let d = detail("kalah-1-1", Some(&a)).unwrap();
        assert_eq!(d.title, rules.title());
        let s = d.solved.unwrap();
        assert_eq!(s.moves.len(), a.moves.len());
        assert_eq!(s.start, Route::game(rules, &[]).to_string());
        assert!(s.best_line.starts_with(" — best line: "));
        assert_eq!(detail("kalah-1-1", None).unwrap().solved, None);
        assert_eq!(detail("not-a-game", None), None);

        assert_eq!(verdict(0), "With perfect play the game is a draw.");
        assert_eq!(verdict(4), "With perfect play South, moving first, wins by 4.");
        assert_eq!(verdict(-2), "With perfect play North, moving second, wins by 2.");
    }
}

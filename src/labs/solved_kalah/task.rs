//! The Solved Kalah lab: its registration (no task of its own) and its limits.

use crate::labs::{Lab, LabError, NoTask, Reporter};

/// The lab (see the module).
pub struct SolvedKalahLab;

/// Seeds on the board up to which "Solve all" includes a board (a few seconds each at most).
pub const QUICK_SEEDS: u32 = 40;
/// The memory budget of each solve, MiB (the play page's default).
pub const MEMORY_MIB: usize = 768;

/// The lab's link: the grid's size and rule, and the cell chosen (`pits=8&seeds=4&rule=e&cell=kalah-5-4-e`).
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedKalahParams {
    /// Pits a side, up to.
    pub pits: u32,
    /// Seeds a pit, up to.
    pub seeds: u32,
    /// The empty-capture rule's grid.
    pub empty: bool,
    /// The cell shown (a rules id of the grid).
    pub cell: Option<String>,
}

impl Default for SolvedKalahParams {
    fn default() -> Self {
        SolvedKalahParams { pits: 6, seeds: 6, empty: false, cell: None }
    }
}

/// Whether `id` is a cell of the grid: `kalah-N-S` or `kalah-N-S-e`, N and S from 1 to 12.
fn is_cell(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("kalah-") else { return false };
    let rest = rest.strip_suffix("-e").unwrap_or(rest);
    let mut parts = rest.split('-');
    let ok = |p: Option<&str>| p.and_then(|p| p.parse::<u32>().ok()).is_some_and(|n| (1..=12).contains(&n));
    ok(parts.next()) && ok(parts.next()) && parts.next().is_none()
}

impl crate::labs::LinkParams for SolvedKalahParams {
    fn read(query: &str) -> (Self, Vec<String>) {
        let d = SolvedKalahParams::default();
        let ([pits, seeds], mut faults) =
            crate::labs::read_numbers(query, [("pits", d.pits.into(), 1..=12), ("seeds", d.seeds.into(), 1..=12)]);
        // The two text parts: read apart (read_numbers named them unknown).
        faults.retain(|f| !f.starts_with("unknown part"));
        faults.extend(crate::labs::unknown_parts(query, &["pits", "seeds", "rule", "cell"]));
        let empty = match crate::labs::query_value(query, "rule") {
            None | Some("") | Some("standard") => false,
            Some("e") => true,
            Some(t) => {
                faults.push(format!(
                    "rule={} is not a rule (e, or none for the standard one): showing the standard rule",
                    crate::engine::text::clip(t, 12)
                ));
                false
            }
        };
        let cell = match crate::labs::query_value(query, "cell") {
            None | Some("") => None,
            Some(t) if is_cell(t) => Some(t.to_string()),
            Some(t) => {
                faults.push(format!(
                    "cell={} is not a board of the grid (kalah-N-S or kalah-N-S-e, N and S from 1 to 12)",
                    crate::engine::text::clip(t, 20)
                ));
                None
            }
        };
        (SolvedKalahParams { pits: pits as u32, seeds: seeds as u32, empty, cell }, faults)
    }

    fn write(&self) -> String {
        let d = SolvedKalahParams::default();
        crate::labs::join_parts([
            (self.pits != d.pits).then(|| format!("pits={}", self.pits)),
            (self.seeds != d.seeds).then(|| format!("seeds={}", self.seeds)),
            self.empty.then(|| "rule=e".to_string()),
            self.cell.as_ref().map(|c| format!("cell={c}")),
        ])
    }
}

impl Lab for SolvedKalahLab {
    const PATH: &'static str = "/lab/solved-kalah";
    const TITLE: &'static str = "Solved Kalah";
    const SUMMARY: &'static str =
        "the exact value of every board size's start position and opening moves, solved in your browser.";
    type Task = NoTask;
    type Progress = ();
    type Answer = ();
    type Params = SolvedKalahParams;

    fn run(task: NoTask, _: &mut Reporter<'_, ()>) -> Result<(), LabError> {
        match task {}
    }
}

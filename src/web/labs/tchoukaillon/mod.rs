//! The Tchoukaillon lab (Broline & Loeb §3–7): Figure 4 live and playable, Figure 5's periods
//! against lcm(1, …, i+1), Figure 6's s(n) against n²/π with its error term, and Figure 7's
//! occupancy picture with the winning position for any number of seeds below 2⁶⁴. The arithmetic is
//! [`crate::labs::tchoukaillon`]; s(n) and the positions are computed in the worker.

use yew::prelude::*;

use crate::engine::{Cell, Player};
use crate::families::tchoukaillon::{Tchoukaillon, TchoukaillonSetup, MAX_PITS};
use crate::families::{AnyMove, AnyPosition};
use crate::labs::tchoukaillon::{
    self as tk, Occupancy, SOfNCheck, TchoukaillonAnswer, TchoukaillonLab, TchoukaillonParams, TchoukaillonTask,
    WinningPosition, FIGURE_7_SEEDS, MAX_OCCUPANCY_PITS, MAX_S_OF_N_PAGE, MAX_TCHOUKA_MAP_PITS, MAX_TCHOUKA_MAP_SEEDS,
};
use crate::notation::Game;
use crate::web::board::Board;
use crate::web::group;
use crate::web::play::bind_input;
use crate::web::route::Route;
use crate::web::use_lab::use_lab;

mod figure4;
mod figure5;
mod figure6;
mod figure7;
mod tchouka;

use figure4::Figure4;
use figure5::Figure5;
use figure6::Figure6;
use figure7::Figure7;
use tchouka::TchoukaMap;

/// The page's properties: its link.
pub type Props = super::LabProps<TchoukaillonParams>;
/// Most rows of the live Figure 4.
const MAX_ROWS: u64 = 200;
/// Largest first s of the live Figure 4.
const MAX_FROM: u64 = 1_000_000_000;
/// Pits Figure 4 gives a column each (wider positions are written in one cell).
const COLUMNS: usize = 12;

/// The lab page.
#[function_component(Page)]
pub fn page(props: &Props) -> Html {
    let seeds = props.params.params.s;
    html! {
        <main class="lab tchouk-lab">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › Tchoukaillon and 1/π"}</nav>
            <h1>{"Tchoukaillon: one winning position for each s, periods lcm(1, …, i+1), and n²/π"}</h1>
            <p class="lede">{"Broline & Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", §3–7. In Tchoukaillon pit i may be harvested only when it holds exactly i seeds; the winning move is always the smallest harvestable pit (Proposition 4), so the strategy runs backwards and there is exactly one winning position with s seeds (Theorem 5)."}</p>
            { super::link_faults(&props.params.faults) }
            <nav class="lab-contents">
                <a href="#figure-4" onclick={jump("figure-4")}>{"Figure 4: the positions"}</a>
                <a href="#figure-5" onclick={jump("figure-5")}>{"Figure 5: periods"}</a>
                <a href="#figure-6" onclick={jump("figure-6")}>{"Figure 6: s(n) and n²/π"}</a>
                <a href="#figure-7" onclick={jump("figure-7")}>{"Figure 7: any s"}</a>
                <a href="#tchouka" onclick={jump("tchouka")}>{"Tchouka and Tchuka Ruma"}</a>
                <a href={Route::rules("tchoukaillon").to_string()}>{"Play Tchoukaillon"}</a>
            </nav>
            <Figure4 />
            <Figure5 />
            <Figure6 />
            <Figure7 seeds={seeds} />
            <TchoukaMap />
        </main>
    }
}

/// The Tchoukaillon position of a winning position's pits (when a board here holds it).
fn board_position(pits: &[u64]) -> Option<Tchoukaillon> {
    if pits.len() > MAX_PITS {
        return None;
    }
    let pits: Vec<u32> = if pits.is_empty() { vec![0] } else { pits.iter().map(|&p| p as u32).collect() };
    TchoukaillonSetup { pits, roumba: 0 }.validate().ok()
}

/// Scrolls to a section without touching the hash (which is the route).
fn jump(id: &'static str) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) {
            el.scroll_into_view();
        }
    })
}

/// A number typed in a box: digits (with `_` or `,` between groups), within `range`.
fn read_typed(text: &str, what: &str, range: core::ops::RangeInclusive<u64>) -> Result<u64, String> {
    let t = text.trim().replace(['_', ','], "");
    t.parse::<u64>().ok().filter(|v| range.contains(v)).ok_or_else(|| {
        format!(
            "{what}: '{}' is not a whole number from {} to {}",
            crate::engine::text::clip(text.trim(), 24),
            group(*range.start() as u128),
            group(*range.end() as u128)
        )
    })
}

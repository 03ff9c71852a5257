//! The SVG board: every pit and store shows its count and up to a readable number of seeds,
//! legal pits are buttons reachable by keyboard, the last move and its path are highlighted.
//!
//! What it shows is computed by its view model ([`crate::web::model::board`]); this module
//! draws it and handles the clicks, keys and focus.

use wasm_bindgen::JsCast;
use yew::prelude::*;

pub use super::model::board::{cell_name, move_of, Fit, Hand};
use super::model::board::{
    chooser, Badge, BoardInput, BoardView, CellView, Choice, Chooser, Click, Dots, HintView, Letter, Sizes, Spot,
    DRAWN_IN_PIT, GRID_LEFT, GRID_ROW, GRID_TOP, THIN_STORE, W,
};
use crate::engine::Cell;
use crate::families::{AnyMove, AnyPosition};

/// Properties of [`Board`].
#[derive(Properties, PartialEq, Clone)]
pub struct BoardProps {
    /// The position whose legal moves are playable (and whose layout is drawn).
    pub position: AnyPosition,
    /// Counts to draw (differ from the position's during an animation).
    pub shown: Vec<(Cell, u32)>,
    /// The pit the last move started from.
    #[prop_or_default]
    pub last_move: Option<Cell>,
    /// Cells the last move dropped seeds in.
    #[prop_or_default]
    pub path: Vec<Cell>,
    /// Cells the last move captured from (shown once its sowing is).
    #[prop_or_default]
    pub captured: Vec<Cell>,
    /// Where the hand is right now (animation).
    #[prop_or_default]
    pub hand: Option<Hand>,
    /// Labels under pits (move values).
    #[prop_or_default]
    pub hints: Vec<(Cell, String)>,
    /// Whether legal pits can be played.
    #[prop_or(true)]
    pub interactive: bool,
    /// Called with the move of a pit clicked, tapped or chosen by keyboard.
    #[prop_or_default]
    pub on_play: Callback<AnyMove>,
    /// A click on a pit that cannot be played now (the page says why), if anyone listens.
    #[prop_or_default]
    pub on_refused: Option<Callback<Cell>>,
    /// A small picture (home page): no labels.
    #[prop_or_default]
    pub compact: bool,
    /// Turned round: North's row at the bottom (two-sided boards).
    #[prop_or_default]
    pub flipped: bool,
    /// The cell of the best move among the hints, marked distinctly.
    #[prop_or_default]
    pub best: Option<Cell>,
    /// The room the board has on screen (its frame's width and the height left in the first
    /// screen for it), in CSS pixels: the board is drawn within it; one whose pits' columns
    /// would be too narrow there takes thin stores, turns upright or wraps (whichever keeps
    /// them widest, in that order of preference), and counts stay at least 15 pixels.
    #[prop_or_default]
    pub fit: Option<Fit>,
    /// A key under the board where its family draws something a rule needs said (coloured
    /// seeds): the trainer's, where no rules card is open beside the board.
    #[prop_or_default]
    pub legend: bool,
}

/// Seed positions in a disc (a sunflower pattern), deterministic per cell, stretched
/// `wide` times along x and `tall` times along y (a store's capsule, standing or lying).
fn seed_dots(cx: f64, cy: f64, n: u32, radius: f64, (wide, tall): (f64, f64)) -> Html {
    let golden = 2.399_963_f64;
    let count = n as f64;
    html! {
        <>{ for (0..n).map(|k| {
            let kf = k as f64 + 0.5;
            let r = radius * (kf / count.max(1.0)).sqrt();
            let (s, c) = (kf * golden).sin_cos();
            let (x, y) = (cx + r * c * wide, cy + r * s * tall);
            let hue = (k * 47 % 60) as f64 + 20.0;
            html! { <circle class="seed" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="6" fill={format!("hsl({hue:.0} 45% 42%)")} /> }
        }) }</>
    }
}

/// A pot's blue seeds (round) and red seeds (square), side by side in the sunflower pattern,
/// blue first.
fn coloured_dots(cx: f64, cy: f64, blue: u32, red: u32) -> Html {
    let golden = 2.399_963_f64;
    let (blue, red) = (blue.min(DRAWN_IN_PIT), red.min(DRAWN_IN_PIT));
    let count = (blue + red) as f64;
    html! {
        <>{ for (0..blue + red).map(|k| {
            let kf = k as f64 + 0.5;
            let r = 28.0 * (kf / count.max(1.0)).sqrt();
            let (s, c) = (kf * golden).sin_cos();
            let (x, y) = (cx + r * c, cy + r * s);
            if k < blue {
                html! { <circle class="seed blue" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="6.5" /> }
            } else {
                html! { <rect class="seed red" x={format!("{:.1}", x - 5.5)} y={format!("{:.1}", y - 5.5)} width="11" height="11" /> }
            }
        }) }</>
    }
}

/// The board's playable pits (one button each), in sowing order (the document's).
fn playable(board: &web_sys::Element) -> Vec<web_sys::Element> {
    let Ok(list) = board.query_selector_all("[data-key]") else { return vec![] };
    (0..list.length()).filter_map(|i| list.get(i)?.dyn_into::<web_sys::Element>().ok()).collect()
}

/// Focuses the page's first element matching `selector`, if there is one.
pub(crate) fn focus_selector(selector: &str) {
    let found = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten());
    if let Some(e) = found {
        focus(&e);
    }
}

fn focus(e: &web_sys::Element) {
    if let Ok(s) = e.clone().dyn_into::<web_sys::SvgElement>() {
        let _ = s.focus();
    } else if let Ok(h) = e.clone().dyn_into::<web_sys::HtmlElement>() {
        let _ = h.focus();
    }
}

/// Moves the focus from the playable pit focused to the next or previous one: on screen
/// (`screen`: left to right, for ← →) or in sowing order (↑ ↓).
fn move_focus(board: &web_sys::Element, forward: bool, screen: bool) {
    let mut items = playable(board);
    if items.is_empty() {
        return;
    }
    if screen {
        items.sort_by(|a, b| a.get_bounding_client_rect().left().total_cmp(&b.get_bounding_client_rect().left()));
    }
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let pos = items.iter().position(|e| Some(e) == active.as_ref());
    let next = match pos {
        Some(i) if forward => (i + 1) % items.len(),
        Some(i) => (i + items.len() - 1) % items.len(),
        None => 0,
    };
    focus(&items[next]);
}

/// Room kept under the board in the first screen for the play page's move controls (Undo,
/// Redo), in CSS pixels.
pub const CONTROLS_PX: f64 = 58.0;

/// The room the board of the page has (its frame `area`), kept up to date as the window turns
/// or resizes and whenever `key` changes (something above the board came or went): the frame's
/// width, and the height from its top to the bottom of the first screen less `below`, the
/// room kept for what follows the board (the move controls: [`CONTROLS_PX`]). Before the frame
/// is measured, a phone's is estimated from the window.
#[hook]
pub fn use_fit(area: &NodeRef, key: bool, below: f64) -> Option<Fit> {
    fn measure(area: &NodeRef, below: f64) -> Option<Fit> {
        let w = web_sys::window()?;
        let inner = w.inner_height().ok()?.as_f64()?;
        let el = area.cast::<web_sys::Element>()?;
        let top = el.get_bounding_client_rect().top() + w.scroll_y().unwrap_or(0.0);
        let width = f64::from(el.client_width());
        (width > 0.0).then(|| Fit { width, height: (inner - top - below).max(150.0) })
    }
    fn estimate(below: f64) -> Option<Fit> {
        let w = web_sys::window()?;
        let (width, height) = (w.inner_width().ok()?.as_f64()?, w.inner_height().ok()?.as_f64()?);
        (width < 700.0).then(|| Fit { width: width - 16.0, height: (height - 150.0 - below).max(150.0) })
    }
    let fit = use_state(|| estimate(below));
    {
        let (fit, area) = (fit.clone(), area.clone());
        use_effect_with(key, move |_| {
            let set = move || {
                let now = measure(&area, below).or_else(|| estimate(below));
                if *fit != now {
                    fit.set(now);
                }
            };
            set();
            let cb = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(set);
            let w = web_sys::window().expect("a window");
            let _ = w.add_event_listener_with_callback("resize", cb.as_ref().unchecked_ref());
            move || {
                let _ = w.remove_event_listener_with_callback("resize", cb.as_ref().unchecked_ref());
                drop(cb);
            }
        });
    }
    *fit
}

/// The pot whose way is being chosen, with the position it was chosen in.
type Chosen = UseStateHandle<Option<(String, Cell)>>;

/// What of the board's properties decides what it shows.
fn input(props: &BoardProps) -> BoardInput<'_> {
    BoardInput {
        position: &props.position,
        shown: &props.shown,
        last_move: props.last_move,
        path: &props.path,
        captured: &props.captured,
        hand: props.hand,
        hints: &props.hints,
        interactive: props.interactive,
        compact: props.compact,
        flipped: props.flipped,
        best: props.best,
        fit: props.fit,
    }
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let chosen = use_state(|| None::<(String, Cell)>);
    let p = &props.position;
    // The pot whose way is being chosen, for this position only.
    let key = p.to_string();
    let asking = chosen.as_ref().filter(|(k, _)| *k == key).map(|(_, c)| *c);
    let view = BoardView::new(&input(props), asking);
    // The chooser takes the focus when it opens (a keyboard goes on from there).
    use_effect_with(asking, |asking| {
        if asking.is_some() {
            focus_selector(".way-chooser button.way");
        }
    });
    let svg = use_node_ref();
    use_keep_focus(&svg, key.clone(), props.interactive);
    let (on_board_key, on_focus_in, on_focus_out) = board_keys(&svg);
    let cells = view.cells.iter().map(|c| cell(c, &view, props, &chosen, &key));
    let (width, height) = (view.width, view.height);
    html! {
        <>
        <div class={classes!("board-wrap", props.compact.then_some("compact"))}>
            <svg class="board" viewBox={format!("0 0 {width} {height}")} style={view.min_width.clone()} role="group" aria-label="Board"
                ref={svg} tabindex={view.board_tab} onkeydown={on_board_key} onfocusin={on_focus_in} onfocusout={on_focus_out}>
                <rect class="plank" x="2" y="2" width={format!("{}", width - 4.0)} height={format!("{}", height - 4.0)} rx="40" />
                { side_labels(&view) }
                { grid_axes(&view, props.compact) }
                { for cells }
            </svg>
        </div>
        { way_chooser(chooser(p, &view.legal, asking, props.compact), &props.on_play, &chosen) }
        { refusals(&view.notes) }
        { legend(p, props.compact || !props.legend) }
        </>
    }
}

/// Coloured-seed Sowing's key under its board: whose seeds are whose, and how a move is named.
fn legend(p: &crate::families::AnyPosition, compact: bool) -> Html {
    // Coloured seeds, the family's capability: its pots hold two colours.
    if compact || p.seed_colours(0).is_none() {
        return html! {};
    }
    html! {
        <p class="board-legend">
            <span class="key-blue" aria-hidden="true">{"●"}</span>{" Left sows the blue seeds (round, counted in the round badge); "}
            <span class="key-red" aria-hidden="true">{"■"}</span>{" Right sows the red ones (square, counted in the square badge). A move is a pot and a way: 3l sows pot 3 to the left, 5r to the right."}
        </p>
    }
}

/// After a move by keyboard (the focus inside the board), the focus goes to a pit the player
/// to move may play, or to the board itself, never to a control that rewinds.
#[hook]
fn use_keep_focus(svg: &NodeRef, key: String, interactive: bool) {
    let svg = svg.clone();
    use_effect_with((key, interactive), move |_| {
        let Some(board) = svg.cast::<web_sys::Element>() else { return };
        let doc = web_sys::window().and_then(|w| w.document());
        let active = doc.as_ref().and_then(|d| d.active_element());
        let inside = active.as_ref().is_some_and(|a| board.contains(Some(a)));
        // A pit that stopped being playable drops the focus to the page's body.
        let body = doc.as_ref().and_then(|d| d.body());
        let lost = active.is_none() || active.zip(body).is_some_and(|(a, b)| a == *b.as_ref());
        let keep = inside || (lost && board.has_attribute("data-had-focus"));
        if !keep {
            return;
        }
        match board.query_selector("[data-key][tabindex='0']").ok().flatten() {
            Some(pit) => focus(&pit),
            None => focus(&board),
        }
    });
}

/// The board's keys (the arrows move between its playable pits) and its focus's comings and
/// goings (whether it had the focus, for [`use_keep_focus`]).
fn board_keys(svg: &NodeRef) -> (Callback<KeyboardEvent>, Callback<FocusEvent>, Callback<FocusEvent>) {
    let on_board_key = {
        let svg = svg.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(board) = svg.cast::<web_sys::Element>() else { return };
            let (forward, screen) = match e.key().as_str() {
                "ArrowRight" => (true, true),
                "ArrowLeft" => (false, true),
                "ArrowDown" => (true, false),
                "ArrowUp" => (false, false),
                _ => return,
            };
            // The board keeps its arrows: the page's ← → (step through the game) stay out.
            e.prevent_default();
            move_focus(&board, forward, screen);
        })
    };
    let on_focus_in = {
        let svg = svg.clone();
        Callback::from(move |_: FocusEvent| {
            if let Some(b) = svg.cast::<web_sys::Element>() {
                let _ = b.set_attribute("data-had-focus", "");
            }
        })
    };
    let on_focus_out = {
        let svg = svg.clone();
        Callback::from(move |e: FocusEvent| {
            // Focus leaving for another element of the page (not lost with a pit re-drawn).
            let to_elsewhere = e.related_target().is_some();
            if let (Some(b), true) = (svg.cast::<web_sys::Element>(), to_elsewhere) {
                let _ = b.remove_attribute("data-had-focus");
            }
        })
    };
    (on_board_key, on_focus_in, on_focus_out)
}

/// The side labels (whose row is whose), readable at the board's scale (a phone's board is
/// drawn small).
fn side_labels(view: &BoardView) -> Html {
    let (width, height, side_size) = (view.width, view.height, view.sizes.side);
    html! {
        <>
        if let Some(top) = view.top {
            <text class="side-label" x={format!("{}", width / 2.0)} y={format!("{:.1}", 9.0 + side_size)} aria-hidden="true" style={format!("font-size: {side_size:.1}px")}>{top}</text>
        }
        if let Some(bottom) = view.bottom {
            <text class="side-label" x={format!("{}", width / 2.0)} y={format!("{:.1}", height - 10.0)} aria-hidden="true" style={format!("font-size: {side_size:.1}px")}>{bottom}</text>
        }
        </>
    }
}

/// A grid's column letters on top and row numbers on the left, as moves name its pots (b1d:
/// column b, row 1, down).
fn grid_axes(view: &BoardView, compact: bool) -> Html {
    let Some((rows, cols)) = view.grid.filter(|_| !compact) else { return html! {} };
    let letter_size = view.sizes.letter;
    html! {
        <g class="grid-axes" aria-hidden="true">
            { for (0..cols).map(|c| html! {
                <text class="letter" x={format!("{}", GRID_LEFT + W * (c as f64 + 0.5))} y={format!("{}", GRID_TOP - 14.0)} style={format!("font-size: {letter_size:.1}px")}>{((b'a' + c as u8) as char).to_string()}</text>
            }) }
            { for (0..rows).map(|r| html! {
                <text class="letter" x={format!("{}", GRID_LEFT / 2.0)} y={format!("{:.1}", GRID_TOP + GRID_ROW * (r as f64 + 0.5) + letter_size * 0.3)} style={format!("font-size: {letter_size:.1}px")}>{(r + 1).to_string()}</text>
            }) }
        </g>
    }
}

/// A cell: its tap target, hole, seeds, count, letter, value and shortcut buttons.
fn cell(c: &CellView, view: &BoardView, props: &BoardProps, chosen: &Chosen, key: &str) -> Html {
    let s = &c.spot;
    let class: Classes = c.classes.iter().copied().collect();
    let (onclick, onkeydown) = handlers(c.click, s.cell, props, chosen, key);
    let label = c.label.clone();
    html! {
        <g {class} id={c.id.clone()} role={c.role} tabindex={c.tabindex} data-key={c.data_key} aria-label={label.clone()} {onclick} {onkeydown} data-count={c.count.to_string()}>
            <title>{label}</title>
            { hit_target(s, view.vertical) }
            { hole(s, c.store_half, view.vertical) }
            { dots(s, c.dots) }
            { badges(&c.badge, &view.sizes) }
            { letter(c.letter.as_ref(), &view.sizes) }
            { hint(c.hint.as_ref(), &view.sizes) }
            { choices(&c.choices, &props.on_play) }
        </g>
    }
}

/// What a click on a cell and Enter (or Space) on it do.
fn handlers(
    click: Click,
    cell: Cell,
    props: &BoardProps,
    chosen: &Chosen,
    key: &str,
) -> (Callback<MouseEvent>, Callback<KeyboardEvent>) {
    match (click, &props.on_refused) {
        (Click::Play(m), _) => {
            let cb = props.on_play.clone();
            let cb2 = props.on_play.clone();
            (
                Callback::from(move |_: MouseEvent| cb.emit(m)),
                Callback::from(move |e: KeyboardEvent| {
                    if matches!(e.key().as_str(), "Enter" | " ") {
                        e.prevent_default();
                        cb2.emit(m)
                    }
                }),
            )
        }
        // Several moves: a tap or Enter asks which way.
        (Click::Ask, _) => {
            let (c1, c2) = (chosen.clone(), chosen.clone());
            let (k1, k2) = (key.to_string(), key.to_string());
            (
                Callback::from(move |_: MouseEvent| c1.set(Some((k1.clone(), cell)))),
                Callback::from(move |e: KeyboardEvent| {
                    if matches!(e.key().as_str(), "Enter" | " ") {
                        e.prevent_default();
                        c2.set(Some((k2.clone(), cell)))
                    }
                }),
            )
        }
        // A pit that cannot be played now: a click says why (the page's `on_refused`).
        (Click::Refuse, Some(cb)) => {
            let cb = cb.clone();
            (Callback::from(move |_: MouseEvent| cb.emit(cell)), Callback::noop())
        }
        _ => (Callback::noop(), Callback::noop()),
    }
}

/// The tap target of a pit: the whole column (the whole row on an upright board), not only
/// the drawn hole.
fn hit_target(s: &Spot, vertical: bool) -> Html {
    if !s.store && vertical {
        html! { <rect class="hit" x={format!("{}", s.x - 55.0)} y={format!("{}", s.y - 44.0)} width="110" height="88" /> }
    } else if !s.store {
        html! { <rect class="hit" x={format!("{}", s.x - W / 2.0)} y={format!("{}", s.y - 55.0)} width={W.to_string()} height="110" /> }
    } else {
        html! {}
    }
}

/// A pit's hole or a store's capsule (standing, lying on an upright board, or thin).
fn hole(s: &Spot, store_half: f64, vertical: bool) -> Html {
    if s.store && vertical {
        html! { <rect class="hole" x={format!("{}", s.x - store_half)} y={format!("{}", s.y - 34.0)} width={format!("{}", 2.0 * store_half)} height="68" rx="34" /> }
    } else if s.store {
        let r = if s.thin { THIN_STORE / 2.0 - 4.0 } else { 34.0 };
        html! { <rect class="hole" x={format!("{}", s.x - r)} y={format!("{}", s.y - store_half)} width={format!("{}", 2.0 * r)} height={format!("{}", 2.0 * store_half)} rx={format!("{r}")} /> }
    } else {
        html! { <circle class="hole" cx={format!("{}", s.x)} cy={format!("{}", s.y)} r="38" /> }
    }
}

/// A cell's seeds.
fn dots(s: &Spot, d: Dots) -> Html {
    match d {
        Dots::Seeds { n, radius, stretch } => seed_dots(s.x, s.y, n, radius, stretch),
        Dots::Coloured { blue, red } => coloured_dots(s.x, s.y, blue, red),
    }
}

/// A cell's count in a badge on its rim (a pot of coloured seeds: a badge a colour).
fn badges(b: &Badge, z: &Sizes) -> Html {
    let count_size = z.count;
    match b {
        Badge::Two { blue_at: (x, y), blue, red_at: (bx, by), red, r } => html! {
            <>
            <g class="badge blue" aria-hidden="true">
                <circle cx={format!("{x}")} cy={format!("{y}")} r={format!("{r:.1}")} />
                <text class="count" x={format!("{x}")} y={format!("{:.1}", y + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{blue.to_string()}</text>
            </g>
            <g class="badge red" aria-hidden="true">
                <rect x={format!("{:.1}", bx - r)} y={format!("{:.1}", by - r)} width={format!("{:.1}", 2.0 * r)} height={format!("{:.1}", 2.0 * r)} rx="3" />
                <text class="count" x={format!("{bx}")} y={format!("{:.1}", by + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{red.to_string()}</text>
            </g>
            </>
        },
        Badge::One { x, y, r, text } => html! {
            <g class="badge" aria-hidden="true">
                <circle cx={format!("{x}")} cy={format!("{y}")} r={format!("{r:.1}")} />
                <text class="count" x={format!("{x}")} y={format!("{:.1}", y + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{text.clone()}</text>
            </g>
        },
    }
}

/// A store's caption (whose it is) or a pit's letter.
fn letter(l: Option<&Letter>, z: &Sizes) -> Html {
    let letter_size = z.letter;
    match l {
        None => html! {},
        Some(Letter::Caption { x, y, text }) => html! {
            <text class="store-caption" x={format!("{x}")} y={format!("{y}")} aria-hidden="true" style={format!("font-size: {:.1}px", letter_size * 0.9)}>{text.clone()}</text>
        },
        Some(Letter::Label { x, y, text }) => html! {
            <text class="letter" x={format!("{x}")} y={format!("{:.1}", y + letter_size * 0.3)} aria-hidden="true" style={format!("font-size: {letter_size:.1}px")}>{text.clone()}</text>
        },
    }
}

/// A move's value, at least 14 pixels on screen however small the board is drawn (a phone's).
fn hint(h: Option<&HintView>, z: &Sizes) -> Html {
    let Some(h) = h else { return html! {} };
    let (hx, hy, hint_size) = (h.x, h.y, z.hint);
    html! {
        <g class={classes!("hint", h.best.then_some("best"))} aria-hidden="true">
            <rect x={format!("{:.1}", hx - 44.0)} y={format!("{:.1}", hy - hint_size * 0.82)} width="88" height={format!("{:.1}", hint_size * 1.64)} rx={format!("{:.1}", hint_size * 0.82)} />
            <text x={format!("{hx}")} y={format!("{:.1}", hy + hint_size * 0.35)} style={format!("font-size: {hint_size:.1}px")}>{h.text.clone()}</text>
        </g>
    }
}

/// A pot's shortcut buttons, one a move.
fn choices(cs: &[Choice], on_play: &Callback<AnyMove>) -> Html {
    if cs.is_empty() {
        return html! {};
    }
    html! { <>{ for cs.iter().map(|c| choice(c, on_play)) }</> }
}

/// One of a pot's shortcut buttons.
fn choice(c: &Choice, on_play: &Callback<AnyMove>) -> Html {
    let m = c.mv;
    let (cb, cb2) = (on_play.clone(), on_play.clone());
    let (x, y) = (c.x, c.y);
    html! {
        <g class="choice" role="button" tabindex={c.tabindex} data-key="" aria-label={c.label.clone()}
            onclick={Callback::from(move |e: MouseEvent| { e.stop_propagation(); cb.emit(m) })}
            onkeydown={Callback::from(move |e: KeyboardEvent| if matches!(e.key().as_str(), "Enter" | " ") { e.prevent_default(); e.stop_propagation(); cb2.emit(m) })}>
            // Half the column below the pot is the shortcut's tap target.
            <rect class="hit" x={format!("{}", c.hit_x)} y={format!("{}", y - 22.0)} width={format!("{}", c.hit_width)} height="44" />
            <circle cx={format!("{x}")} cy={format!("{y}")} r="17" />
            <text x={format!("{x}")} y={format!("{}", y + 7.0)}>{c.glyph.clone()}</text>
        </g>
    }
}

/// The chooser: the pot's moves as full-size buttons, and a way back.
fn way_chooser(c: Option<Chooser>, on_play: &Callback<AnyMove>, chosen: &Chosen) -> Html {
    let Some(c) = c else { return html! {} };
    let cancel = {
        let chosen = chosen.clone();
        Callback::from(move |_: MouseEvent| chosen.set(None))
    };
    html! {
        <div class="way-chooser" role="group" aria-label={c.question.clone()}>
            <span>{c.question.clone()}</span>
            { for c.ways.iter().map(|(m, text)| {
                let (m, play, chosen) = (*m, on_play.clone(), chosen.clone());
                html! { <button class="way" onclick={Callback::from(move |_: MouseEvent| { chosen.set(None); play.emit(m) })}>{text.clone()}</button> }
            }) }
            <button class="way-cancel" onclick={cancel}>{"Cancel"}</button>
        </div>
    }
}

/// The pits a rule forbids now, and why, in words under the board (a tap cannot hover).
fn refusals(notes: &[String]) -> Html {
    if notes.is_empty() {
        return html! {};
    }
    html! {
        <ul class="refusals" aria-live="polite">{ for notes.iter().map(|n| html! { <li>{n.clone()}</li> }) }</ul>
    }
}

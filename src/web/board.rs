//! The SVG board: every pit and store shows its count and up to a readable number of seeds,
//! legal pits are buttons reachable by keyboard, the last move and its path are highlighted.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::engine::{Cell, Player};
use crate::families::view::{FULL, WALL};
use crate::families::{AnyMove, AnyPosition, Layout};

/// Width of one pit column in SVG units.
const W: f64 = 90.0;
/// Seeds drawn in a pit; beyond that only the number tells.
const DRAWN_IN_PIT: u32 = 24;
/// Where the hand is during an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The cell it is over.
    pub cell: Cell,
    /// It passes over the cell without sowing it (the origin pit skipped).
    pub skipping: bool,
}

/// Seeds drawn in a store.
const DRAWN_IN_STORE: u32 = 60;

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
}

/// The room a board has on screen, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Its frame's width.
    pub width: f64,
    /// The height left for it in the first screen (below what is above it, above the move
    /// controls).
    pub height: f64,
}

impl Fit {
    /// The scale at which a drawing of `width` × `height` units fills the room (at most 130
    /// pixels a column: a small board is not huge).
    fn scale(self, width: f64, height: f64) -> f64 {
        (self.width / width).min(self.height / height).min(130.0 / W)
    }
}

struct Spot {
    cell: Cell,
    x: f64,
    y: f64,
    store: bool,
    /// Where the letter label goes: above (-1) or below (+1); on a vertical board, left (-1)
    /// or right (+1).
    label_side: f64,
    /// A board turned upright for a narrow screen: labels beside the pits, stores lying down.
    vertical: bool,
    /// A store's half length when a layout sets it (a wrapped row's Roumba).
    half: Option<f64>,
    /// A store in a thin column (a board whose pits need all the width a phone has).
    thin: bool,
}

impl Spot {
    fn pit(owner: Player, index: usize, x: f64, y: f64, label_side: f64) -> Spot {
        Spot {
            cell: Cell::Pit { owner, index: index as u16 },
            x,
            y,
            store: false,
            label_side,
            vertical: false,
            half: None,
            thin: false,
        }
    }

    fn store(owner: Player, x: f64, y: f64) -> Spot {
        Spot { cell: Cell::Store(owner), x, y, store: true, label_side: 0.0, vertical: false, half: None, thin: false }
    }

    fn upright(mut self) -> Spot {
        self.vertical = true;
        self
    }

    /// Where the count's badge sits, on the pit's rim (at the end of a store).
    fn badge(&self, store_half: f64) -> (f64, f64) {
        match (self.store, self.vertical) {
            (true, false) => (self.x, self.y - store_half + 4.0),
            (true, true) => (self.x - store_half + 4.0, self.y - 26.0),
            (false, false) => (self.x + 29.0, self.y + 29.0 * self.label_side),
            (false, true) => (self.x + 29.0 * self.label_side, self.y - 29.0),
        }
    }

    /// A point `distance` from the pit on its label's side (its letter, then its value).
    fn label_at(&self, distance: f64) -> (f64, f64) {
        if self.vertical {
            (self.x + self.label_side * distance, self.y)
        } else {
            (self.x, self.y + self.label_side * distance)
        }
    }
}

/// Two rows of `n` pits turned upright for a narrow screen: South's pits down the left column
/// into South's store at the bottom, North's up the right column into North's store at the
/// top (counter-clockwise, as on the wide board).
fn two_rows_upright(n: usize) -> (Vec<Spot>, f64, f64) {
    let (width, row, top) = (430.0, 88.0, 120.0);
    let height = top * 2.0 + row * n as f64;
    let mut v = Vec::with_capacity(2 * n + 2);
    v.extend((0..n).map(|i| Spot::pit(Player::South, i, 160.0, top + row * (i as f64 + 0.5), -1.0).upright()));
    v.push(Spot::store(Player::South, width / 2.0, height - 60.0).upright());
    v.extend((0..n).map(|i| Spot::pit(Player::North, i, 270.0, top + row * ((n - 1 - i) as f64 + 0.5), 1.0).upright()));
    v.push(Spot::store(Player::North, width / 2.0, 60.0).upright());
    (v, width, height)
}

/// A row (or a solitaire's Roumba and row) in lines of `per_line` spots.
fn wrapped(spots: Vec<Spot>, per_line: usize) -> (Vec<Spot>, f64, f64) {
    const LINE: f64 = 150.0;
    let per_line = per_line.max(1);
    let lines = spots.len().div_ceil(per_line);
    let v: Vec<Spot> = spots
        .into_iter()
        .enumerate()
        .map(|(k, mut s)| {
            s.x = W * ((k % per_line) as f64 + 0.5) + 12.0;
            s.y = s.y - 30.0 + LINE * (k / per_line) as f64;
            s.half = s.store.then_some(62.0);
            s
        })
        .collect();
    (v, W * per_line as f64 + 36.0, LINE * lines as f64 + 30.0)
}

/// Two rows of `n` pits with a store at each end, South's on the right (on the left when
/// `mirror`): the spots, the width and the height. Each row's letters and values sit on its
/// own outer side, so a value is never between the rows, next to the other player's pit.
/// With `thin` stores (a phone), each store takes a little over half a column, so that the
/// pits keep a tap target's width.
fn two_rows(n: usize, mirror: bool, thin: bool) -> (Vec<Spot>, f64, f64) {
    let store = if thin { THIN_STORE } else { W };
    let width = W * n as f64 + 2.0 * store;
    let x = |x: f64| if mirror { width - x } else { x };
    // In sowing order (a screen reader reads them so): South's pits, South's store, North's
    // pits, North's store.
    let mut v = Vec::with_capacity(2 * n + 2);
    v.extend((0..n).map(|i| Spot::pit(Player::South, i, x(store + W * (i as f64 + 0.5)), 235.0, 1.0)));
    v.push(Spot { thin, ..Spot::store(Player::South, x(store + W * n as f64 + store / 2.0), 180.0) });
    v.extend((0..n).map(|i| Spot::pit(Player::North, i, x(store + W * ((n - 1 - i) as f64 + 0.5)), 125.0, -1.0)));
    v.push(Spot { thin, ..Spot::store(Player::North, x(store / 2.0), 180.0) });
    (v, width, 360.0)
}

/// A thin store's column, in board units (a full column is `W`).
const THIN_STORE: f64 = 52.0;

/// A grid's margin on the left (its row numbers) and on top (its column letters), and the
/// height of a row: a pot and its value (a pot's two ways are asked by the chooser under the
/// board, so a row needs no room for buttons).
const GRID_LEFT: f64 = 40.0;
const GRID_TOP: f64 = 40.0;
const GRID_ROW: f64 = 96.0;
/// A grid's least column on screen, in CSS pixels: 8 columns fit a 390-pixel phone.
const GRID_COLUMN_PX: f64 = 42.0;

/// Least on-screen width of a pit's column, in CSS pixels: a tap target of at least 40 pixels
/// (a board too wide even so scrolls sideways in its frame rather than shrink below it).
const MIN_COLUMN_PX: f64 = 40.5;

/// The spots of a board, turned round (half a turn: North's row at the bottom, every label
/// still upright) when `flipped` and the board has two sides. In a room (`fit`) too small for
/// its pits' columns at full width, a two-row board takes thin stores, else turns upright, and
/// a row wraps into lines: the first of these whose columns are wide enough, else the one
/// whose columns are widest.
fn layout(p: &AnyPosition, flipped: bool, fit: Option<Fit>) -> (Vec<Spot>, f64, f64) {
    let (mut spots, mut width, mut height) = layout_wide(p);
    let grid = matches!(p.layout(), Layout::Grid { .. });
    // A pit's column on screen, in pixels, for a drawing of `w` × `h` units.
    let column = |f: Fit, w: f64, h: f64| f.scale(w, h) * W;
    if let Some(f) = fit.filter(|f| column(*f, width, height) < MIN_COLUMN_PX && !grid) {
        (spots, width, height) = match p.layout() {
            Layout::TwoRowsWithStores { pits, mirrored } => {
                let thin = two_rows(pits, mirrored, true);
                if column(f, thin.1, thin.2) >= MIN_COLUMN_PX {
                    thin
                } else {
                    let (mut v, w, h) = two_rows_upright(pits);
                    // Clockwise sowing: the mirror image.
                    if mirrored {
                        for s in &mut v {
                            s.x = w - s.x;
                            s.label_side = -s.label_side;
                        }
                    }
                    // Whichever keeps the pits' tap targets larger.
                    if f.scale(w, h) * 88.0 >= column(f, thin.1, thin.2) {
                        (v, w, h)
                    } else {
                        thin
                    }
                }
            }
            _ => {
                let per_line = ((f.width - 36.0 / W * MIN_COLUMN_PX) / MIN_COLUMN_PX).floor() as usize;
                wrapped(spots, per_line)
            }
        };
    }
    if flipped && p.layout().two_sided() {
        for s in &mut spots {
            s.x = width - s.x;
            s.y = height - s.y;
            s.label_side = -s.label_side;
        }
    }
    (spots, width, height)
}

fn layout_wide(p: &AnyPosition) -> (Vec<Spot>, f64, f64) {
    match p.layout() {
        Layout::TwoRowsWithStores { pits, mirrored } => two_rows(pits, mirrored, false),
        Layout::Row { pits: n } => {
            let v = (0..n).map(|i| Spot::pit(Player::South, i, W * (i as f64 + 0.5) + 12.0, 100.0, 1.0)).collect();
            (v, W * n as f64 + 24.0, 220.0)
        }
        Layout::Grid { rows, cols } => {
            let v = (0..rows * cols)
                .map(|i| {
                    let (r, c) = ((i / cols) as f64, (i % cols) as f64);
                    Spot::pit(Player::South, i, GRID_LEFT + W * (c + 0.5), GRID_TOP + GRID_ROW * (r + 0.5), 1.0)
                })
                .collect();
            // Room on the right and below for the last pots' count badges.
            (v, GRID_LEFT + W * cols as f64 + 36.0, GRID_TOP + GRID_ROW * rows as f64 + 30.0)
        }
        Layout::Solitaire { pits: n } => {
            let mut v = Vec::with_capacity(n + 1);
            v.push(Spot::store(Player::South, W * 0.5, 110.0));
            v.extend((0..n).map(|i| Spot::pit(Player::South, i, W * (i as f64 + 1.5), 110.0, 1.0)));
            // A little room on the right for the last pit's count badge.
            (v, W * (n as f64 + 1.0) + 24.0, 220.0)
        }
    }
}

/// The move that a cell stands for, if it is a pit of the mover.
pub fn move_of(p: &AnyPosition, cell: Cell) -> Option<AnyMove> {
    p.cell_move(cell)
}

/// The label a cell gets on screen and in its accessible name.
pub fn cell_name(p: &AnyPosition, cell: Cell) -> String {
    p.cell_name(cell)
}

fn seeds_word(n: u32) -> &'static str {
    if n == 1 {
        "seed"
    } else {
        "seeds"
    }
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

fn cell_id(cell: Cell) -> String {
    match cell {
        Cell::Pit { owner, index } => format!("pit-{}-{}", owner.letter(), index),
        Cell::Store(p) => format!("store-{}", p.letter()),
    }
}

/// Room kept under the board in the first screen for the move controls (Undo, Redo), in CSS
/// pixels.
const CONTROLS_PX: f64 = 58.0;

/// The room the board of the page has (its frame `area`), kept up to date as the window turns
/// or resizes and whenever `key` changes (something above the board came or went): the frame's
/// width, and the height from its top to the bottom of the first screen less the move
/// controls'. Before the frame is measured, a phone's is estimated from the window.
#[hook]
pub fn use_fit(area: &NodeRef, key: bool) -> Option<Fit> {
    fn measure(area: &NodeRef) -> Option<Fit> {
        let w = web_sys::window()?;
        let inner = w.inner_height().ok()?.as_f64()?;
        let el = area.cast::<web_sys::Element>()?;
        let top = el.get_bounding_client_rect().top() + w.scroll_y().unwrap_or(0.0);
        let width = f64::from(el.client_width());
        (width > 0.0).then(|| Fit { width, height: (inner - top - CONTROLS_PX).max(150.0) })
    }
    fn estimate() -> Option<Fit> {
        let w = web_sys::window()?;
        let (width, height) = (w.inner_width().ok()?.as_f64()?, w.inner_height().ok()?.as_f64()?);
        (width < 700.0).then(|| Fit { width: width - 16.0, height: (height - 150.0 - CONTROLS_PX).max(150.0) })
    }
    let fit = use_state(estimate);
    {
        let (fit, area) = (fit.clone(), area.clone());
        use_effect_with(key, move |_| {
            let set = move || {
                let now = measure(&area).or_else(estimate);
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

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let chosen = use_state(|| None::<(String, Cell)>);
    let p = &props.position;
    let (spots, width, height) = layout(p, props.flipped, props.fit);
    let vertical = spots.first().is_some_and(|s| s.vertical);
    // The board's scale on screen, and counts of at least 15 pixels at it (the count's size in
    // the board's units).
    // (Never below the tap targets' floor, at which a board too large for its room is drawn.)
    let floor = if matches!(p.layout(), Layout::Grid { .. }) { GRID_COLUMN_PX } else { MIN_COLUMN_PX } / W;
    let scale = props.fit.map_or(1.0, |f| f.scale(width, height).max(floor).min(1.0));
    let count_size = (15.0 / scale).max(17.0);
    let badge_r = (count_size * 0.95).max(16.0);
    let letter_size = (14.0 / scale).max(17.0);
    let side_size = (13.0 / scale).clamp(15.0, 30.0);
    let hint_size = (14.0 / scale).clamp(17.0, 28.0);
    let two_stores = spots.iter().filter(|s| s.store).count() == 2;
    let legal: Vec<AnyMove> = if props.interactive { p.legal_moves() } else { vec![] };
    let count_of = |c: Cell| props.shown.iter().find(|(x, _)| *x == c).map_or(0, |(_, n)| *n);
    // At least a tap target a column (half a column a move where a pit has two moves); at most
    // a comfortable size (a 1-pit board is not huge).
    // A pot with two moves is one tap target too: the tap asks which way (the chooser below
    // the board); its arrows are shortcuts. So a column needs no more width than any other.
    let grid = match p.layout() {
        Layout::Grid { rows, cols } => Some((rows, cols)),
        _ => None,
    };
    let per_column = if grid.is_some() { GRID_COLUMN_PX } else { MIN_COLUMN_PX };
    // The pot whose way is being chosen, for this position only.
    let key = p.to_string();
    let asking = chosen.as_ref().filter(|(k, _)| *k == key).map(|(_, c)| *c);
    // The chooser takes the focus when it opens (a keyboard goes on from there).
    use_effect_with(asking, |asking| {
        if asking.is_some() {
            focus_selector(".way-chooser button.way");
        }
    });
    // At least a tap target a column (a board too large for its room scrolls sideways rather
    // than shrink below it); at most the room's width and the height left in the first screen.
    let min_width = if props.compact {
        String::new()
    } else {
        let most = props.fit.map_or(width / W * 130.0, |f| width * f.scale(width, height));
        let least = width / W * per_column;
        format!("min-width: {}px; max-width: {}px", least.round(), most.max(least).round())
    };
    // The pit the keyboard starts from: the first playable one in sowing order.
    let first_playable = spots.iter().map(|s| s.cell).find(|&c| {
        move_of(p, c).is_some_and(|m| legal.contains(&m)) || legal.iter().filter(|m| p.move_cell(**m) == c).count() > 1
    });
    let svg = use_node_ref();
    // After a move by keyboard (the focus inside the board), the focus goes to a pit the player
    // to move may play, or to the board itself, never to a control that rewinds.
    {
        let svg = svg.clone();
        use_effect_with((key.clone(), props.interactive), move |_| {
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
    let board_tab = if first_playable.is_some() || props.compact { "-1" } else { "0" };
    let cells = spots.iter().map(|s| {
        let n = count_of(s.cell);
        let name = cell_name(p, s.cell);
        let mv = move_of(p, s.cell).filter(|m| legal.contains(m));
        let hint = props.hints.iter().find(|(c, _)| *c == s.cell).map(|(_, h)| h.clone());
        let mut class = classes!(if s.store { "store" } else { "pit" });
        if mv.is_some() {
            class.push("legal");
        }
        if props.last_move == Some(s.cell) {
            class.push("last");
        }
        if props.path.contains(&s.cell) {
            class.push("path");
        }
        if props.captured.contains(&s.cell) {
            class.push("captured");
        }
        if let Some(h) = props.hand.filter(|h| h.cell == s.cell) {
            class.push("hand");
            if h.skipping {
                class.push("skipped");
            }
        }
        if p.is_marked(s.cell) {
            class.push("leaf");
        }
        // Sowing's full pots (the paper's •) and endless full pots (←•, •→) stand for any
        // number of seeds: drawn full, with the paper's symbol for a count.
        let full = match (s.store, n) {
            (false, n) if n == FULL as u32 => Some(("•", "a full pot, never sown")),
            (false, n) if n == WALL as u32 && matches!(s.cell, Cell::Pit { index: 0, .. }) => {
                Some(("←•", "endless full pots to the left"))
            }
            (false, n) if n == WALL as u32 => Some(("•→", "endless full pots to the right")),
            _ => None,
        };
        // Coloured seeds (blue round, red square): two counts.
        let colours = if s.store { None } else { p.seed_colours(n) };
        let content = match (full, colours) {
            (Some((_, words)), _) => words.to_string(),
            (None, Some((b, r))) => format!("{b} blue {} and {r} red {}", seeds_word(b), seeds_word(r)),
            (None, None) => format!("{n} {}", seeds_word(n)),
        };
        let mut label = match &hint {
            Some(h) => format!("{name}: {content}, value {h}"),
            None => format!("{name}: {content}"),
        };
        // A pit a rule forbids now says why (Oware's must-feed, ...).
        let note = if props.interactive && !props.compact { p.cell_note(s.cell) } else { None };
        if let Some(n) = &note {
            label += &format!("; not playable: {n}");
            class.push("refused");
        }
        // A small picture (the home page shows many) names no element: ids stay unique.
        let id = (!props.compact).then(|| cell_id(s.cell));
        // A pit with several moves (impartial Sowing's two ways) gets a button a move.
        let several: Vec<AnyMove> = legal.iter().copied().filter(|m| p.move_cell(*m) == s.cell).collect();
        // A grid's pots ask their way by the chooser alone (a row of buttons under every pot
        // would make the grid too tall for a screen).
        // Nor do a row's where a way's half of the column would be narrower than a thumb.
        let room = W / several.len().max(1) as f64 * scale >= MIN_COLUMN_PX;
        let choices = if several.len() > 1 && !props.compact && grid.is_none() && room {
            let k = several.len() as f64;
            html! { <>{ for several.iter().enumerate().map(|(j, m)| {
                let m = *m;
                let (cb, cb2) = (props.on_play.clone(), props.on_play.clone());
                let x = s.x + (j as f64 - (k - 1.0) / 2.0) * 44.0;
                let y = s.y + s.label_side * 58.0;
                // The pit's first way is the board's Tab stop when the pit is.
                let tabindex = if j == 0 && Some(s.cell) == first_playable { "0" } else { "-1" };
                html! {
                    <g class="choice" role="button" {tabindex} data-key="" aria-label={format!("{name}: {m}")}
                        onclick={Callback::from(move |e: MouseEvent| { e.stop_propagation(); cb.emit(m) })}
                        onkeydown={Callback::from(move |e: KeyboardEvent| if matches!(e.key().as_str(), "Enter" | " ") { e.prevent_default(); e.stop_propagation(); cb2.emit(m) })}>
                        // Half the column below the pot is the shortcut's tap target.
                        <rect class="hit" x={format!("{}", s.x - W / 2.0 + j as f64 * W / k)} y={format!("{}", y - 22.0)} width={format!("{}", W / k)} height="44" />
                        <circle cx={format!("{x}")} cy={format!("{y}")} r="17" />
                        <text x={format!("{x}")} y={format!("{}", y + 7.0)}>{p.move_glyph(m)}</text>
                    </g>
                }
            }) }</> }
        } else {
            html! {}
        };
        let (onclick, onkeydown) = match mv {
            Some(m) => {
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
            None if several.len() > 1 && !props.compact => {
                let (c1, c2, cell) = (chosen.clone(), chosen.clone(), s.cell);
                let (k1, k2) = (key.clone(), key.clone());
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
            // A pit that cannot be played now (or a board no one may play now: the computer's
            // turn): a click says why (the page's `on_refused`).
            None => match (&props.on_refused, s.store) {
                (Some(cb), false) if !props.compact => {
                    let (cb, cell) = (cb.clone(), s.cell);
                    (Callback::from(move |_: MouseEvent| cb.emit(cell)), Callback::noop())
                }
                _ => (Callback::noop(), Callback::noop()),
            },
        };
        // A store's half length: along the board's height, or lying down on a vertical board.
        let store_half = s.half.unwrap_or(if vertical { 110.0 } else { 95.0 * (height / 300.0) });
        let shape = if s.store && vertical {
            html! { <rect class="hole" x={format!("{}", s.x - store_half)} y={format!("{}", s.y - 34.0)} width={format!("{}", 2.0 * store_half)} height="68" rx="34" /> }
        } else if s.store {
            let r = if s.thin { THIN_STORE / 2.0 - 4.0 } else { 34.0 };
            html! { <rect class="hole" x={format!("{}", s.x - r)} y={format!("{}", s.y - store_half)} width={format!("{}", 2.0 * r)} height={format!("{}", 2.0 * store_half)} rx={format!("{r}")} /> }
        } else {
            html! { <circle class="hole" cx={format!("{}", s.x)} cy={format!("{}", s.y)} r="38" /> }
        };
        let dots = if s.store && vertical {
            seed_dots(s.x, s.y, n.min(DRAWN_IN_STORE), 26.0, (store_half / 34.0, 1.0))
        } else if s.store {
            let wide = if s.thin { (THIN_STORE / 2.0 - 12.0) / 26.0 } else { 1.0 };
            seed_dots(s.x, s.y, n.min(DRAWN_IN_STORE), 26.0, (wide, 2.4 * store_half / 95.0))
        } else if let Some((b, r)) = colours {
            coloured_dots(s.x, s.y, b, r)
        } else {
            seed_dots(s.x, s.y, if full.is_some() { DRAWN_IN_PIT } else { n.min(DRAWN_IN_PIT) }, 28.0, (1.0, 1.0))
        };
        // The count sits in a badge on the rim, so the seeds stay visible.
        let (bx, by) = s.badge(store_half);
        // A thin store has no room for its caption: the board's side labels say whose it is.
        let letter = if props.compact || (s.store && (!two_stores || s.thin)) || grid.is_some() {
            html! {}
        } else if let Cell::Store(owner) = s.cell {
            // Whose store (or captured seeds) it is, under it.
            let (x, y) = if vertical { (s.x, s.y + 56.0) } else { (s.x, s.y + store_half + 22.0) };
            html! { <text class="store-caption" x={format!("{x}")} y={format!("{y}")} aria-hidden="true" style={format!("font-size: {:.1}px", letter_size * 0.9)}>{p.player_name(owner)}</text> }
        } else {
            let text = p.cell_label(s.cell);
            // Beyond a badge grown for a narrow screen.
            let (x, y) = s.label_at(52.0 + (badge_r - 16.0));
            html! { <text class="letter" x={format!("{x}")} y={format!("{:.1}", y + letter_size * 0.3)} aria-hidden="true" style={format!("font-size: {letter_size:.1}px")}>{text}</text> }
        };
        let best = props.best == Some(s.cell);
        // A grid's value sits across its pot (its rows are close); a pit's beyond its letter.
        let (hx, hy) = match (grid, vertical) {
            (Some(_), _) => (s.x, s.y),
            (None, true) => s.label_at(104.0 + (badge_r - 16.0)),
            (None, false) => s.label_at(84.0 + (badge_r - 16.0)),
        };
        // At least 14 pixels on screen, however small the board is drawn (a phone's).
        let hint_el = match (&hint, props.compact) {
            (Some(h), false) => html! {
                <g class={classes!("hint", best.then_some("best"))} aria-hidden="true">
                    <rect x={format!("{:.1}", hx - 44.0)} y={format!("{:.1}", hy - hint_size * 0.82)} width="88" height={format!("{:.1}", hint_size * 1.64)} rx={format!("{:.1}", hint_size * 0.82)} />
                    <text x={format!("{hx}")} y={format!("{:.1}", hy + hint_size * 0.35)} style={format!("font-size: {hint_size:.1}px")}>{ if best { format!("★ {h}") } else { h.clone() } }</text>
                </g>
            },
            _ => html! {},
        };
        if best && hint.is_some() {
            label += "; the best move";
        }
        // The board is one Tab stop: its first playable pit (the arrows move between them).
        let asks = several.len() > 1 && !props.compact;
        let tab_stop = Some(s.cell) == first_playable;
        // A pot with two ways is a group of two buttons (its ways), not a button itself.
        let (role, tabindex) = match (mv.is_some(), asks, tab_stop) {
            (true, _, true) => ("button", Some("0")),
            (true, _, false) => ("button", Some("-1")),
            (false, true, _) => ("group", None),
            (false, false, _) => ("img", None),
        };
        let key = mv.is_some().then_some("");
        if asks {
            class.push("legal");
        }
        if asking == Some(s.cell) {
            class.push("asking");
        }
        html! {
            <g {class} {id} role={role} tabindex={tabindex} data-key={key} aria-label={label.clone()} {onclick} {onkeydown} data-count={n.to_string()}>
                <title>{label}</title>
                if !s.store && vertical {
                    // The whole row of the pit is the tap target, not only the drawn hole.
                    <rect class="hit" x={format!("{}", s.x - 55.0)} y={format!("{}", s.y - 44.0)} width="110" height="88" />
                } else if !s.store {
                    // The whole column is the tap target, not only the drawn hole.
                    <rect class="hit" x={format!("{}", s.x - W / 2.0)} y={format!("{}", s.y - 55.0)} width={W.to_string()} height="110" />
                }
                {shape}
                {dots}
                if let Some((b, r)) = colours {
                    // Blue's count in a round badge at the top left of the rim, red's in a
                    // square one at the bottom right (each within the pot's column).
                    <g class="badge blue" aria-hidden="true">
                        <circle cx={format!("{}", 2.0 * s.x - bx)} cy={format!("{}", 2.0 * s.y - by)} r={format!("{badge_r:.1}")} />
                        <text class="count" x={format!("{}", 2.0 * s.x - bx)} y={format!("{:.1}", 2.0 * s.y - by + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{b.to_string()}</text>
                    </g>
                    <g class="badge red" aria-hidden="true">
                        <rect x={format!("{:.1}", bx - badge_r)} y={format!("{:.1}", by - badge_r)} width={format!("{:.1}", 2.0 * badge_r)} height={format!("{:.1}", 2.0 * badge_r)} rx="3" />
                        <text class="count" x={format!("{bx}")} y={format!("{:.1}", by + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{r.to_string()}</text>
                    </g>
                } else {
                    <g class="badge" aria-hidden="true">
                        // A thin store's badge stays within its column (the count still fits).
                        <circle cx={format!("{bx}")} cy={format!("{by}")} r={format!("{:.1}", if s.thin { badge_r.min(THIN_STORE / 2.0 - 2.0) } else { badge_r })} />
                        <text class="count" x={format!("{bx}")} y={format!("{:.1}", by + count_size * 0.35)} style={format!("font-size: {count_size:.1}px")}>{full.map_or(n.to_string(), |f| f.0.to_string())}</text>
                    </g>
                }
                if several.len() <= 1 { {letter} }
                {hint_el}
                {choices}
            </g>
        }
    });
    // On an upright board the stores' captions say whose they are.
    let (top, bottom) = match (p.layout().two_sided() && !props.compact && !vertical, props.flipped) {
        (false, _) => ("", ""),
        (true, false) => ("North", "South"),
        (true, true) => ("South", "North"),
    };
    // The chooser: the pot's moves as full-size buttons, and a way back.
    let chooser = match asking {
        Some(cell) if !props.compact => {
            let name = cell_name(p, cell);
            let moves: Vec<AnyMove> = legal.iter().copied().filter(|m| p.move_cell(*m) == cell).collect();
            let cancel = {
                let chosen = chosen.clone();
                Callback::from(move |_: MouseEvent| chosen.set(None))
            };
            html! {
                <div class="way-chooser" role="group" aria-label={format!("{name}: which way?")}>
                    <span>{format!("{name}: which way?")}</span>
                    { for moves.iter().map(|&m| {
                        let (play, chosen) = (props.on_play.clone(), chosen.clone());
                        let glyph = p.move_glyph(m);
                        let text = match glyph.as_str() {
                            "←" => "← left".to_string(),
                            "→" => "right →".to_string(),
                            "↑" => "↑ up".to_string(),
                            "↓" => "↓ down".to_string(),
                            other => other.to_string(),
                        };
                        html! { <button class="way" onclick={Callback::from(move |_: MouseEvent| { chosen.set(None); play.emit(m) })}>{text}</button> }
                    }) }
                    <button class="way-cancel" onclick={cancel}>{"Cancel"}</button>
                </div>
            }
        }
        _ => html! {},
    };
    // The pits a rule forbids now, and why, in words under the board (a tap cannot hover).
    let notes: Vec<String> = if props.interactive && !props.compact {
        spots.iter().filter_map(|s| p.cell_note(s.cell).map(|n| format!("{}: {n}.", cell_name(p, s.cell)))).collect()
    } else {
        vec![]
    };
    // Whether the hints' values sit on the board's top (-1) or bottom (1) edge.
    let hinted_side = |edge: f64| {
        !props.compact
            && spots
                .iter()
                .any(|s| !s.vertical && s.label_side == edge && props.hints.iter().any(|(c, _)| *c == s.cell))
    };
    html! {
        <>
        <div class={classes!("board-wrap", props.compact.then_some("compact"))}>
            <svg class="board" viewBox={format!("0 0 {width} {height}")} style={min_width} role="group" aria-label="Board"
                ref={svg} tabindex={board_tab} onkeydown={on_board_key} onfocusin={on_focus_in} onfocusout={on_focus_out}>
                <rect class="plank" x="2" y="2" width={format!("{}", width - 4.0)} height={format!("{}", height - 4.0)} rx="40" />
                if !top.is_empty() {
                    // Readable at the board's scale (a phone's board is drawn small); not under
                    // the hints' values, which take its place beyond a row's letters.
                    if !hinted_side(-1.0) {
                        <text class="side-label" x={format!("{}", width / 2.0)} y={format!("{:.1}", 9.0 + side_size)} aria-hidden="true" style={format!("font-size: {side_size:.1}px")}>{top}</text>
                    }
                    if !hinted_side(1.0) {
                        <text class="side-label" x={format!("{}", width / 2.0)} y={format!("{:.1}", height - 10.0)} aria-hidden="true" style={format!("font-size: {side_size:.1}px")}>{bottom}</text>
                    }
                }
                if let Some((rows, cols)) = grid.filter(|_| !props.compact) {
                    // The grid's column letters on top and row numbers on the left, as moves
                    // name its pots (b1d: column b, row 1, down).
                    <g class="grid-axes" aria-hidden="true">
                        { for (0..cols).map(|c| html! {
                            <text class="letter" x={format!("{}", GRID_LEFT + W * (c as f64 + 0.5))} y={format!("{}", GRID_TOP - 14.0)} style={format!("font-size: {letter_size:.1}px")}>{((b'a' + c as u8) as char).to_string()}</text>
                        }) }
                        { for (0..rows).map(|r| html! {
                            <text class="letter" x={format!("{}", GRID_LEFT / 2.0)} y={format!("{:.1}", GRID_TOP + GRID_ROW * (r as f64 + 0.5) + letter_size * 0.3)} style={format!("font-size: {letter_size:.1}px")}>{(r + 1).to_string()}</text>
                        }) }
                    </g>
                }
                { for cells }
            </svg>
        </div>
        {chooser}
        if !notes.is_empty() {
            <ul class="refusals" aria-live="polite">{ for notes.iter().map(|n| html! { <li>{n.clone()}</li> }) }</ul>
        }
        </>
    }
}

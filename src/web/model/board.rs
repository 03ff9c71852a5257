//! The board's view model: where every pit and store goes (the wide layouts, and the thin
//! stores, upright boards and wrapped rows of a narrow screen), the sizes of its texts at the
//! scale it is drawn at, and what each cell shows and says (its count, classes, accessible
//! label, role, badge, letter, value and shortcuts), computed from the position and the
//! board's properties. `web::board` draws what these compute.

use crate::engine::{Cell, Player};
use crate::families::view::{FULL, WALL};
use crate::families::{AnyMove, AnyPosition, Layout};

/// Width of one pit column in SVG units.
pub const W: f64 = 90.0;
/// Seeds drawn in a pit; beyond that only the number tells.
pub const DRAWN_IN_PIT: u32 = 24;
/// Seeds drawn in a store.
pub const DRAWN_IN_STORE: u32 = 60;
/// A thin store's column, in board units (a full column is `W`).
pub const THIN_STORE: f64 = 52.0;

/// A grid's margin on the left (its row numbers).
pub const GRID_LEFT: f64 = 40.0;
/// A grid's margin on top (its column letters).
pub const GRID_TOP: f64 = 40.0;
/// The height of a grid's row: a pot and its value (a pot's two ways are asked by the chooser
/// under the board, so a row needs no room for buttons).
pub const GRID_ROW: f64 = 96.0;
/// A grid's least column on screen, in CSS pixels: 8 columns fit a 390-pixel phone.
pub const GRID_COLUMN_PX: f64 = 42.0;

/// Least on-screen width of a pit's column, in CSS pixels: a tap target of at least 40 pixels
/// (a board too wide even so scrolls sideways in its frame rather than shrink below it).
pub const MIN_COLUMN_PX: f64 = 40.5;

/// Where the hand is during an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The cell it is over.
    pub cell: Cell,
    /// It passes over the cell without sowing it (the origin pit skipped).
    pub skipping: bool,
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
    pub fn scale(self, width: f64, height: f64) -> f64 {
        (self.width / width).min(self.height / height).min(130.0 / W)
    }
}

/// Where a cell is drawn, in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// The cell drawn there.
    pub cell: Cell,
    /// Its centre's x.
    pub x: f64,
    /// Its centre's y.
    pub y: f64,
    /// A store (else a pit).
    pub store: bool,
    /// Where the letter label goes: above (-1) or below (+1); on a vertical board, left (-1)
    /// or right (+1).
    pub label_side: f64,
    /// A board turned upright for a narrow screen: labels beside the pits, stores lying down.
    pub vertical: bool,
    /// A store's half length when a layout sets it (a wrapped row's Roumba).
    pub half: Option<f64>,
    /// A store in a thin column (a board whose pits need all the width a phone has).
    pub thin: bool,
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

/// A row (or a solitaire's Roumba and row) in lines of `per_line` spots, each line after the
/// first turning back under the one before (a snake: neighbours in the row stay neighbours on
/// the board, so a sowing's path reads on), with room above the first line for a store's
/// count badge at a phone's scale.
fn wrapped(spots: Vec<Spot>, per_line: usize) -> (Vec<Spot>, f64, f64) {
    const LINE: f64 = 150.0;
    const TOP: f64 = 14.0;
    let per_line = per_line.max(1);
    let lines = spots.len().div_ceil(per_line);
    let v: Vec<Spot> = spots
        .into_iter()
        .enumerate()
        .map(|(k, mut s)| {
            let (line, at) = (k / per_line, k % per_line);
            let column = if line % 2 == 1 { per_line - 1 - at } else { at };
            s.x = W * (column as f64 + 0.5) + 12.0;
            s.y = s.y - 30.0 + TOP + LINE * line as f64;
            s.half = s.store.then_some(62.0);
            s
        })
        .collect();
    (v, W * per_line as f64 + 36.0, LINE * lines as f64 + 30.0 + TOP)
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

/// The spots of a board, its width and its height: turned round (half a turn: North's row at
/// the bottom, every label still upright) when `flipped` and the board has two sides. In a room
/// (`fit`) too small for its pits' columns at full width, a two-row board takes thin stores,
/// else turns upright, and a row wraps into lines: the first of these whose columns are wide
/// enough, else the one whose columns are widest.
pub fn layout(p: &AnyPosition, flipped: bool, fit: Option<Fit>) -> (Vec<Spot>, f64, f64) {
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

/// "seed" or "seeds", as `n` asks.
pub fn seeds_word(n: u32) -> &'static str {
    if n == 1 {
        "seed"
    } else {
        "seeds"
    }
}

/// A cell's element id: "pit-s-0", "store-n".
pub fn cell_id(cell: Cell) -> String {
    match cell {
        Cell::Pit { owner, index } => format!("pit-{}-{}", owner.letter(), index),
        Cell::Store(p) => format!("store-{}", p.letter()),
    }
}

/// The sizes of a board's texts and badges, in the board's units, at the scale it is drawn at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    /// The board's scale on screen (CSS pixels a board unit).
    pub scale: f64,
    /// A count's font size.
    pub count: f64,
    /// A count's badge's radius.
    pub badge_r: f64,
    /// A pit's letter's font size.
    pub letter: f64,
    /// The side labels' (North, South) font size.
    pub side: f64,
    /// A value's (hint's) font size.
    pub hint: f64,
}

impl Sizes {
    /// The sizes for a drawing of `width` × `height` units in the room `fit` (a `grid`'s
    /// columns may be drawn narrower): counts of at least 15 pixels at the board's scale.
    pub fn new(grid: bool, fit: Option<Fit>, width: f64, height: f64) -> Sizes {
        // (Never below the tap targets' floor, at which a board too large for its room is
        // drawn.)
        let floor = if grid { GRID_COLUMN_PX } else { MIN_COLUMN_PX } / W;
        let scale = fit.map_or(1.0, |f| f.scale(width, height).max(floor).min(1.0));
        let count = (15.0 / scale).max(17.0);
        Sizes {
            scale,
            count,
            badge_r: (count * 0.95).max(16.0),
            letter: (14.0 / scale).max(17.0),
            side: (13.0 / scale).clamp(15.0, 30.0),
            hint: (14.0 / scale).clamp(17.0, 28.0),
        }
    }
}

/// The board's CSS widths: at least a tap target a column (a board too large for its room
/// scrolls sideways rather than shrink below it); at most the room's width and the height
/// left in the first screen. None on a small picture (`compact`).
pub fn min_width_style(compact: bool, fit: Option<Fit>, width: f64, height: f64, per_column: f64) -> String {
    if compact {
        String::new()
    } else {
        let most = fit.map_or(width / W * 130.0, |f| width * f.scale(width, height));
        let least = width / W * per_column;
        format!("min-width: {}px; max-width: {}px", least.round(), most.max(least).round())
    }
}

/// The board's properties that decide what it shows (its `BoardProps` less the callbacks).
#[derive(Clone, Copy, Debug)]
pub struct BoardInput<'a> {
    /// The position whose legal moves are playable (and whose layout is drawn).
    pub position: &'a AnyPosition,
    /// Counts to draw.
    pub shown: &'a [(Cell, u32)],
    /// The pit the last move started from.
    pub last_move: Option<Cell>,
    /// Cells the last move dropped seeds in.
    pub path: &'a [Cell],
    /// Cells the last move captured from.
    pub captured: &'a [Cell],
    /// Where the hand is right now (animation).
    pub hand: Option<Hand>,
    /// Labels under pits (move values).
    pub hints: &'a [(Cell, String)],
    /// Whether legal pits can be played.
    pub interactive: bool,
    /// A small picture: no labels.
    pub compact: bool,
    /// Turned round: North's row at the bottom.
    pub flipped: bool,
    /// The cell of the best move among the hints.
    pub best: Option<Cell>,
    /// The room the board has on screen.
    pub fit: Option<Fit>,
}

/// What a click on a cell (or Enter on it) does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Click {
    /// Plays the move (and Enter or Space does too).
    Play(AnyMove),
    /// Asks which way (a pot with several moves; Enter or Space too).
    Ask,
    /// Says why the pit cannot be played now, if the page listens (a click only).
    Refuse,
    /// Nothing.
    Nothing,
}

/// The seeds drawn in a cell, around its centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dots {
    /// `n` seeds in a disc of `radius`, stretched `wide` along x and `tall` along y.
    Seeds {
        /// How many.
        n: u32,
        /// The disc's radius.
        radius: f64,
        /// The stretch along x and along y.
        stretch: (f64, f64),
    },
    /// A pot's blue seeds and red seeds.
    Coloured {
        /// Blue seeds.
        blue: u32,
        /// Red seeds.
        red: u32,
    },
}

/// A cell's count(s), in badges on its rim.
#[derive(Clone, Debug, PartialEq)]
pub enum Badge {
    /// One count in a round badge.
    One {
        /// The badge's centre's x.
        x: f64,
        /// The badge's centre's y.
        y: f64,
        /// Its radius (a thin store's stays within its column).
        r: f64,
        /// The count, or a full pot's symbol.
        text: String,
    },
    /// Blue's count in a round badge, red's in a square one, side by side above the pot
    /// (within its column and the board, the seeds in the pot left uncovered).
    Two {
        /// Blue's badge's centre.
        blue_at: (f64, f64),
        /// Blue seeds.
        blue: u32,
        /// Red's badge's centre.
        red_at: (f64, f64),
        /// Red seeds.
        red: u32,
        /// Each badge's radius (half the square's side).
        r: f64,
    },
}

/// The text beside a cell: whose store it is, or a pit's letter.
#[derive(Clone, Debug, PartialEq)]
pub enum Letter {
    /// A store's owner, under it.
    Caption {
        /// Where (x).
        x: f64,
        /// Where (y).
        y: f64,
        /// The owner's name (a solitaire's store: its own, the Roumba).
        text: String,
    },
    /// A pit's letter or number, on its label's side.
    Label {
        /// Where (x).
        x: f64,
        /// Where (y: the text's middle).
        y: f64,
        /// The label.
        text: String,
    },
}

/// A move's value drawn beside its pit (across a grid's pot).
#[derive(Clone, Debug, PartialEq)]
pub struct HintView {
    /// Its centre's x.
    pub x: f64,
    /// Its centre's y.
    pub y: f64,
    /// The value, starred if it is the best move's.
    pub text: String,
    /// The best move's.
    pub best: bool,
}

/// A shortcut button of one of a pot's several moves, under the pot.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move.
    pub mv: AnyMove,
    /// The button's centre's x.
    pub x: f64,
    /// The button's centre's y.
    pub y: f64,
    /// Its tap target's left edge (its share of the column).
    pub hit_x: f64,
    /// Its tap target's width.
    pub hit_width: f64,
    /// "0" for the board's Tab stop, else "-1".
    pub tabindex: &'static str,
    /// Its accessible name: "b1: b1d".
    pub label: String,
    /// Its glyph.
    pub glyph: String,
}

/// What a cell shows and says.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// Where it is drawn.
    pub spot: Spot,
    /// Its count.
    pub count: u32,
    /// Its classes, in order.
    pub classes: Vec<&'static str>,
    /// Its element id (none on a small picture, so that ids stay unique).
    pub id: Option<String>,
    /// Its role: "button", "group" (a pot with several moves) or "img".
    pub role: &'static str,
    /// Its tabindex, where it is a button.
    pub tabindex: Option<&'static str>,
    /// `data-key` (empty) on a playable pit.
    pub data_key: Option<&'static str>,
    /// Its accessible name (and title).
    pub label: String,
    /// What a click does.
    pub click: Click,
    /// A store's half length (along the board's height, or lying down on a vertical board).
    pub store_half: f64,
    /// The seeds drawn.
    pub dots: Dots,
    /// Its count's badge(s).
    pub badge: Badge,
    /// Its letter or caption (none on a pot with several moves).
    pub letter: Option<Letter>,
    /// Its move's value.
    pub hint: Option<HintView>,
    /// The shortcut buttons of its several moves.
    pub choices: Vec<Choice>,
}

/// What the whole board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// The drawing's width, in board units.
    pub width: f64,
    /// The drawing's height, in board units.
    pub height: f64,
    /// Turned upright for a narrow screen.
    pub vertical: bool,
    /// Its texts' sizes.
    pub sizes: Sizes,
    /// A grid's rows and columns.
    pub grid: Option<(usize, usize)>,
    /// The moves playable on it now.
    pub legal: Vec<AnyMove>,
    /// Its CSS widths (see [`min_width_style`]).
    pub min_width: String,
    /// The pit the keyboard starts from: the first playable one in sowing order.
    pub first_playable: Option<Cell>,
    /// The board's own tabindex: a Tab stop only when no pit is.
    pub board_tab: &'static str,
    /// The side label on the top edge, where one is drawn.
    pub top: Option<&'static str>,
    /// The side label on the bottom edge, where one is drawn.
    pub bottom: Option<&'static str>,
    /// Its cells, in sowing order.
    pub cells: Vec<CellView>,
    /// The pits a rule forbids now, and why, in words under the board.
    pub notes: Vec<String>,
}

impl BoardView {
    /// What the board `b` shows while the pot `asking` (if any) asks which way.
    pub fn new(b: &BoardInput<'_>, asking: Option<Cell>) -> BoardView {
        let p = b.position;
        let (spots, width, height) = layout(p, b.flipped, b.fit);
        let vertical = spots.first().is_some_and(|s| s.vertical);
        let grid = match p.layout() {
            Layout::Grid { rows, cols } => Some((rows, cols)),
            _ => None,
        };
        let sizes = Sizes::new(grid.is_some(), b.fit, width, height);
        let legal: Vec<AnyMove> = if b.interactive { p.legal_moves() } else { vec![] };
        // At least a tap target a column. A pot with two moves is one tap target too: the tap
        // asks which way (the chooser below the board); its arrows are shortcuts. So a column
        // needs no more width than any other.
        let per_column = if grid.is_some() { GRID_COLUMN_PX } else { MIN_COLUMN_PX };
        let first_playable = spots.iter().map(|s| s.cell).find(|&c| {
            move_of(p, c).is_some_and(|m| legal.contains(&m))
                || legal.iter().filter(|m| p.move_cell(**m) == c).count() > 1
        });
        let (top, bottom) = side_labels(b, &spots, vertical);
        let notes = notes(b, &spots);
        let frame = Frame {
            b,
            legal: &legal,
            first_playable,
            asking,
            vertical,
            height,
            grid: grid.is_some(),
            two_stores: spots.iter().filter(|s| s.store).count() == 2,
            sizes,
        };
        let cells = spots.iter().map(|s| frame.cell(s)).collect();
        BoardView {
            width,
            height,
            vertical,
            sizes,
            grid,
            min_width: min_width_style(b.compact, b.fit, width, height, per_column),
            first_playable,
            board_tab: if first_playable.is_some() || b.compact { "-1" } else { "0" },
            top,
            bottom,
            cells,
            notes,
            legal,
        }
    }
}

/// The side labels on the top and bottom edges (two-sided wide boards), each unless the
/// hints' values take its place beyond a row's letters. (On an upright board the stores'
/// captions say whose they are.)
fn side_labels(b: &BoardInput<'_>, spots: &[Spot], vertical: bool) -> (Option<&'static str>, Option<&'static str>) {
    let (top, bottom) = match (b.position.layout().two_sided() && !b.compact && !vertical, b.flipped) {
        (false, _) => ("", ""),
        (true, false) => ("North", "South"),
        (true, true) => ("South", "North"),
    };
    // Whether the hints' values sit on the board's top (-1) or bottom (1) edge.
    let hinted_side = |edge: f64| {
        !b.compact
            && spots.iter().any(|s| !s.vertical && s.label_side == edge && b.hints.iter().any(|(c, _)| *c == s.cell))
    };
    if top.is_empty() {
        return (None, None);
    }
    ((!hinted_side(-1.0)).then_some(top), (!hinted_side(1.0)).then_some(bottom))
}

/// The pits a rule forbids now, and why, in words under the board (a tap cannot hover).
fn notes(b: &BoardInput<'_>, spots: &[Spot]) -> Vec<String> {
    let p = b.position;
    if b.interactive && !b.compact {
        spots.iter().filter_map(|s| p.cell_note(s.cell).map(|n| format!("{}: {n}.", cell_name(p, s.cell)))).collect()
    } else {
        vec![]
    }
}

/// What every cell of a board shares.
struct Frame<'a> {
    b: &'a BoardInput<'a>,
    legal: &'a [AnyMove],
    first_playable: Option<Cell>,
    asking: Option<Cell>,
    vertical: bool,
    height: f64,
    grid: bool,
    two_stores: bool,
    sizes: Sizes,
}

impl Frame<'_> {
    /// What the cell at `s` shows and says.
    fn cell(&self, s: &Spot) -> CellView {
        let (b, p) = (self.b, self.b.position);
        let n = b.shown.iter().find(|(x, _)| *x == s.cell).map_or(0, |(_, n)| *n);
        let mv = move_of(p, s.cell).filter(|m| self.legal.contains(m));
        let hint = b.hints.iter().find(|(c, _)| *c == s.cell).map(|(_, h)| h.clone());
        // A pit with several moves (impartial Sowing's two ways) gets a button a move.
        let several: Vec<AnyMove> = self.legal.iter().copied().filter(|m| p.move_cell(*m) == s.cell).collect();
        let asks = several.len() > 1 && !b.compact;
        let choices = self.choices(s, &several);
        // Sowing's full pots (the paper's •) and endless full pots (←•, •→) stand for any
        // number of seeds: drawn full, with the paper's symbol for a count.
        let full = full_pot(s, n);
        // Coloured seeds (blue round, red square): two counts.
        let colours = if s.store { None } else { p.seed_colours(n) };
        // A rule forbidding the pit now says why (Oware's must-feed, ...).
        let note = if b.interactive && !b.compact { p.cell_note(s.cell) } else { None };
        let best = b.best == Some(s.cell);
        let refused = note.is_some();
        let label = cell_label(&cell_name(p, s.cell), &content(n, full, colours), hint.as_deref(), note, best);
        // A store's half length: along the board's height, or lying down on a vertical board.
        let store_half = s.half.unwrap_or(if self.vertical { 110.0 } else { 95.0 * (self.height / 300.0) });
        // The board is one Tab stop: its first playable pit (the arrows move between them).
        let tab_stop = Some(s.cell) == self.first_playable;
        // A pot with two ways is a group of two buttons (its ways), not a button itself.
        let (role, tabindex) = match (mv.is_some(), asks, tab_stop) {
            (true, _, true) => ("button", Some("0")),
            (true, _, false) => ("button", Some("-1")),
            (false, true, _) => ("group", None),
            (false, false, _) => ("img", None),
        };
        CellView {
            spot: *s,
            count: n,
            classes: self.classes(s, mv.is_some(), refused, asks),
            // A small picture (the home page shows many) names no element: ids stay unique.
            id: (!b.compact).then(|| cell_id(s.cell)),
            role,
            tabindex,
            data_key: mv.is_some().then_some(""),
            label,
            click: match mv {
                Some(m) => Click::Play(m),
                // Several moves: a tap or Enter asks which way.
                None if asks => Click::Ask,
                // A pit that cannot be played now (or a board no one may play now: the
                // computer's turn): a click says why (the page's `on_refused`).
                None if !s.store && !b.compact => Click::Refuse,
                None => Click::Nothing,
            },
            store_half,
            dots: dots(s, n, store_half, self.vertical, full.is_some(), colours),
            badge: self.badge(s, store_half, n, full, colours),
            // The way buttons stand where the letter would; where a phone has no room for
            // them, the pot keeps its number (the chooser asks the way).
            letter: if choices.is_empty() { self.letter(s, store_half) } else { None },
            hint: self.hint(s, hint, best),
            choices,
        }
    }

    /// A cell's classes, in the order the board gives them.
    fn classes(&self, s: &Spot, playable: bool, refused: bool, asks: bool) -> Vec<&'static str> {
        let b = self.b;
        let mut class = vec![if s.store { "store" } else { "pit" }];
        let mut add = |on: bool, c: &'static str| {
            if on {
                class.push(c);
            }
        };
        add(playable, "legal");
        add(b.last_move == Some(s.cell), "last");
        add(b.path.contains(&s.cell), "path");
        add(b.captured.contains(&s.cell), "captured");
        let hand = b.hand.filter(|h| h.cell == s.cell);
        add(hand.is_some(), "hand");
        add(hand.is_some_and(|h| h.skipping), "skipped");
        add(b.position.is_marked(s.cell), "leaf");
        add(refused, "refused");
        add(asks, "legal");
        add(self.asking == Some(s.cell), "asking");
        class
    }

    /// A cell's count(s): the count sits in a badge on the rim, so the seeds stay visible.
    fn badge(&self, s: &Spot, store_half: f64, n: u32, full: Option<Full>, colours: Option<(u32, u32)>) -> Badge {
        let (bx, by) = s.badge(store_half);
        let badge_r = self.sizes.badge_r;
        match colours {
            Some((blue, red)) => {
                // Two badges fit side by side in a column: 4 r + 2 ≤ W at any scale a phone
                // draws a row of pots at; above the hole (radius 38), clear of the board's top.
                let r = (self.sizes.count * 0.72).clamp(15.0, (W - 2.0) / 4.0);
                let y = s.y - 38.0 - 0.6 * r;
                Badge::Two { blue_at: (s.x - r - 1.0, y), blue, red_at: (s.x + r + 1.0, y), red, r }
            }
            None => Badge::One {
                x: bx,
                y: by,
                // A thin store's badge stays within its column (the count still fits).
                r: if s.thin { badge_r.min(THIN_STORE / 2.0 - 2.0) } else { badge_r },
                text: full.map_or(n.to_string(), |f| f.0.to_string()),
            },
        }
    }

    /// A store's caption or a pit's letter. A thin store has no room for its caption: the
    /// board's side labels say whose it is. A solitaire's one store is named (the Roumba).
    fn letter(&self, s: &Spot, store_half: f64) -> Option<Letter> {
        let (b, p) = (self.b, self.b.position);
        if b.compact || (s.store && s.thin) || self.grid {
            None
        } else if let Cell::Store(owner) = s.cell {
            // Whose store (or captured seeds) it is, under it.
            let (x, y) = if self.vertical { (s.x, s.y + 56.0) } else { (s.x, s.y + store_half + 22.0) };
            let text = if self.two_stores { p.player_name(owner).to_string() } else { p.cell_name(s.cell) };
            // A solitaire's name for its store is wider than a column at a phone's scale.
            let wide = !self.two_stores && self.sizes.letter * 0.9 * 0.6 * text.chars().count() as f64 > W;
            (!wide).then_some(Letter::Caption { x, y, text })
        } else {
            // Beyond a badge grown for a narrow screen.
            let (x, y) = s.label_at(52.0 + (self.sizes.badge_r - 16.0));
            Some(Letter::Label { x, y, text: p.cell_label(s.cell) })
        }
    }

    /// A cell's move's value, if it has one and the board is not a small picture.
    fn hint(&self, s: &Spot, hint: Option<String>, best: bool) -> Option<HintView> {
        let h = hint.filter(|_| !self.b.compact)?;
        let badge_r = self.sizes.badge_r;
        // A grid's value sits across its pot (its rows are close); a pit's beyond its letter.
        let (x, y) = match (self.grid, self.vertical) {
            (true, _) => (s.x, s.y),
            (false, true) => s.label_at(104.0 + (badge_r - 16.0)),
            (false, false) => s.label_at(84.0 + (badge_r - 16.0)),
        };
        Some(HintView { x, y, text: if best { format!("★ {h}") } else { h }, best })
    }

    /// The shortcut buttons of a pot's `several` moves. A grid's pots ask their way by the
    /// chooser alone (a row of buttons under every pot would make the grid too tall for a
    /// screen); nor do a row's where a way's half of the column would be narrower than a
    /// thumb.
    fn choices(&self, s: &Spot, several: &[AnyMove]) -> Vec<Choice> {
        let p = self.b.position;
        let room = W / several.len().max(1) as f64 * self.sizes.scale >= MIN_COLUMN_PX;
        if several.len() <= 1 || self.b.compact || self.grid || !room {
            return vec![];
        }
        let k = several.len() as f64;
        let name = cell_name(p, s.cell);
        several
            .iter()
            .enumerate()
            .map(|(j, &m)| Choice {
                mv: m,
                x: s.x + (j as f64 - (k - 1.0) / 2.0) * 44.0,
                y: s.y + s.label_side * 58.0,
                // Half the column below the pot is the shortcut's tap target.
                hit_x: s.x - W / 2.0 + j as f64 * W / k,
                hit_width: W / k,
                // The pit's first way is the board's Tab stop when the pit is.
                tabindex: if j == 0 && Some(s.cell) == self.first_playable { "0" } else { "-1" },
                label: format!("{name}: {m}"),
                glyph: p.move_glyph(m),
            })
            .collect()
    }
}

/// A full pot's symbol for a count, and its words.
type Full = (&'static str, &'static str);

/// A full pot (the paper's •) or endless full pots (←•, •→): its symbol and words.
fn full_pot(s: &Spot, n: u32) -> Option<Full> {
    match (s.store, n) {
        (false, n) if n == FULL as u32 => Some(("•", "a full pot, never sown")),
        (false, n) if n == WALL as u32 && matches!(s.cell, Cell::Pit { index: 0, .. }) => {
            Some(("←•", "endless full pots to the left"))
        }
        (false, n) if n == WALL as u32 => Some(("•→", "endless full pots to the right")),
        _ => None,
    }
}

/// What a cell holds, in words: "4 seeds", "1 blue seed and 2 red seeds", "a full pot, never
/// sown".
fn content(n: u32, full: Option<Full>, colours: Option<(u32, u32)>) -> String {
    match (full, colours) {
        (Some((_, words)), _) => words.to_string(),
        (None, Some((b, r))) => format!("{b} blue {} and {r} red {}", seeds_word(b), seeds_word(r)),
        (None, None) => format!("{n} {}", seeds_word(n)),
    }
}

/// A cell's accessible name: its name, what it holds, its value, why it is not playable, and
/// whether it is the best move (where it has a value).
pub fn cell_label(name: &str, content: &str, hint: Option<&str>, note: Option<String>, best: bool) -> String {
    let mut label = match hint {
        Some(h) => format!("{name}: {content}, value {h}"),
        None => format!("{name}: {content}"),
    };
    if let Some(n) = &note {
        label += &format!("; not playable: {n}");
    }
    if best && hint.is_some() {
        label += "; the best move";
    }
    label
}

/// The seeds drawn in a cell (a store's stretched to its capsule, standing or lying; a full
/// pot drawn full).
fn dots(s: &Spot, n: u32, store_half: f64, vertical: bool, full: bool, colours: Option<(u32, u32)>) -> Dots {
    if s.store && vertical {
        Dots::Seeds { n: n.min(DRAWN_IN_STORE), radius: 26.0, stretch: (store_half / 34.0, 1.0) }
    } else if s.store {
        let wide = if s.thin { (THIN_STORE / 2.0 - 12.0) / 26.0 } else { 1.0 };
        Dots::Seeds { n: n.min(DRAWN_IN_STORE), radius: 26.0, stretch: (wide, 2.4 * store_half / 95.0) }
    } else if let Some((blue, red)) = colours {
        Dots::Coloured { blue, red }
    } else {
        Dots::Seeds { n: if full { DRAWN_IN_PIT } else { n.min(DRAWN_IN_PIT) }, radius: 28.0, stretch: (1.0, 1.0) }
    }
}

/// A pot's way in words on the chooser's button: "← left", "right →".
pub fn way_text(glyph: &str) -> String {
    match glyph {
        "←" => "← left".to_string(),
        "→" => "right →".to_string(),
        "↑" => "↑ up".to_string(),
        "↓" => "↓ down".to_string(),
        other => other.to_string(),
    }
}

/// The chooser under the board: the pot's moves as full-size buttons, and a way back.
#[derive(Clone, Debug, PartialEq)]
pub struct Chooser {
    /// Its question, also its accessible name: "b1: which way?".
    pub question: String,
    /// The pot's moves, each with its button's text.
    pub ways: Vec<(AnyMove, String)>,
}

/// The chooser of the pot `asking` among the `legal` moves, if one asks (never on a small
/// picture).
pub fn chooser(p: &AnyPosition, legal: &[AnyMove], asking: Option<Cell>, compact: bool) -> Option<Chooser> {
    let cell = asking.filter(|_| !compact)?;
    let ways = legal.iter().copied().filter(|m| p.move_cell(*m) == cell).map(|m| (m, way_text(&p.move_glyph(m))));
    Some(Chooser { question: format!("{}: which way?", cell_name(p, cell)), ways: ways.collect() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::AnyRules;

    fn start(rules: &str) -> AnyPosition {
        rules.parse::<AnyRules>().unwrap().start()
    }

    fn south(index: u16) -> Cell {
        Cell::Pit { owner: Player::South, index }
    }

    fn north(index: u16) -> Cell {
        Cell::Pit { owner: Player::North, index }
    }

    /// Every cell of the position's wide layout with `pit` seeds a pit and none in a store.
    fn counts(p: &AnyPosition, pit: u32) -> Vec<(Cell, u32)> {
        layout(p, false, None).0.iter().map(|s| (s.cell, if s.store { 0 } else { pit })).collect()
    }

    fn input<'a>(p: &'a AnyPosition, shown: &'a [(Cell, u32)], hints: &'a [(Cell, String)]) -> BoardInput<'a> {
        BoardInput {
            position: p,
            shown,
            last_move: None,
            path: &[],
            captured: &[],
            hand: None,
            hints,
            interactive: true,
            compact: false,
            flipped: false,
            best: None,
            fit: None,
        }
    }

    fn cell(v: &BoardView, c: Cell) -> &CellView {
        v.cells.iter().find(|x| x.spot.cell == c).unwrap()
    }

    #[test]
    fn kalah_6_4_is_two_rows_with_a_store_at_each_end() {
        let p = start("kalah-6-4");
        let (spots, width, height) = layout(&p, false, None);
        assert_eq!((spots.len(), width, height), (14, 720.0, 360.0));
        // Sowing order: South's pits left to right, South's store on the right, North's pits
        // right to left, North's store on the left.
        assert_eq!(spots[0].cell, south(0));
        assert_eq!((spots[0].x, spots[0].y, spots[0].label_side), (135.0, 235.0, 1.0));
        assert_eq!((spots[6].cell, spots[6].x, spots[6].y), (Cell::Store(Player::South), 675.0, 180.0));
        assert_eq!((spots[7].cell, spots[7].x, spots[7].y, spots[7].label_side), (north(0), 585.0, 125.0, -1.0));
        assert_eq!((spots[13].cell, spots[13].x, spots[13].y), (Cell::Store(Player::North), 45.0, 180.0));
        assert_eq!(spots.iter().filter(|s| s.store).count(), 2);
        assert!(spots.iter().all(|s| !s.vertical && !s.thin && s.half.is_none()));
    }

    #[test]
    fn a_flipped_board_turns_half_round() {
        let p = start("kalah-6-4");
        let (spots, width, height) = layout(&p, true, None);
        assert_eq!((width, height), (720.0, 360.0));
        assert_eq!((spots[0].x, spots[0].y, spots[0].label_side), (585.0, 125.0, -1.0));
        assert_eq!((spots[6].x, spots[6].y), (45.0, 180.0));
        assert_eq!((spots[13].x, spots[13].y), (675.0, 180.0));
    }

    #[test]
    fn a_narrow_room_takes_thin_stores_then_turns_upright() {
        let p = start("kalah-6-4");
        let room = |width| Some(Fit { width, height: 2000.0 });
        // 360 pixels: 45 a column at full width, enough.
        let (spots, width, _) = layout(&p, false, room(360.0));
        assert_eq!((width, spots[6].thin), (720.0, false));
        // 300 pixels: 37.5 at full width; thin stores (6 × 90 + 2 × 52 units) keep 41.9.
        let (spots, width, height) = layout(&p, false, room(300.0));
        assert_eq!((width, height), (644.0, 360.0));
        assert!(spots[6].thin && spots[13].thin);
        assert_eq!((spots[6].x, spots[13].x), (618.0, 26.0));
        // 250 pixels: upright, South down the left column, its store at the bottom.
        let (spots, width, height) = layout(&p, false, room(250.0));
        assert_eq!((width, height), (430.0, 768.0));
        assert!(spots.iter().all(|s| s.vertical));
        assert_eq!((spots[0].x, spots[0].y, spots[0].label_side), (160.0, 164.0, -1.0));
        assert_eq!((spots[6].x, spots[6].y), (215.0, 708.0));
        assert_eq!((spots[13].x, spots[13].y), (215.0, 60.0));
    }

    #[test]
    fn texts_grow_as_the_board_is_drawn_smaller() {
        // Full size: the least sizes.
        let full = Sizes::new(false, None, 720.0, 360.0);
        assert_eq!(full, Sizes { scale: 1.0, count: 17.0, badge_r: 16.15, letter: 17.0, side: 15.0, hint: 17.0 });
        // Half size: 15 pixels on screen are 30 units.
        let half = Sizes::new(false, Some(Fit { width: 360.0, height: 1000.0 }), 720.0, 360.0);
        assert_eq!((half.scale, half.count, half.badge_r), (0.5, 30.0, 28.5));
        assert_eq!((half.letter, half.side, half.hint), (28.0, 26.0, 28.0));
        // Never below the tap targets' floor (40.5 of 90 units); the values' size is capped.
        let least = Sizes::new(false, Some(Fit { width: 100.0, height: 100.0 }), 720.0, 360.0);
        assert_eq!(least.scale, 0.45);
        assert!((least.count - 15.0 / 0.45).abs() < 1e-9);
        assert_eq!((least.side, least.hint), (13.0 / 0.45, 28.0));
        // A grid's columns may be drawn at 42 pixels.
        assert!(
            (Sizes::new(true, Some(Fit { width: 10.0, height: 10.0 }), 400.0, 300.0).scale - 42.0 / 90.0).abs() < 1e-12
        );
    }

    #[test]
    fn the_board_is_at_least_a_tap_target_a_column_wide() {
        assert_eq!(min_width_style(true, None, 720.0, 360.0, MIN_COLUMN_PX), "");
        assert_eq!(min_width_style(false, None, 720.0, 360.0, MIN_COLUMN_PX), "min-width: 324px; max-width: 1040px");
        let room = Some(Fit { width: 360.0, height: 1000.0 });
        assert_eq!(min_width_style(false, room, 720.0, 360.0, MIN_COLUMN_PX), "min-width: 324px; max-width: 360px");
    }

    #[test]
    fn a_screen_reader_hears_each_pits_name_count_and_value() {
        let p = start("kalah-6-4");
        let shown = counts(&p, 4);
        let hints = vec![(south(2), "+3".to_string())];
        let v = BoardView::new(&BoardInput { best: Some(south(2)), ..input(&p, &shown, &hints) }, None);
        assert_eq!(v.cells.len(), 14);
        let name = cell_name(&p, south(0));
        assert_eq!(cell(&v, south(0)).label, format!("{name}: 4 seeds"));
        let name = cell_name(&p, south(2));
        assert_eq!(cell(&v, south(2)).label, format!("{name}: 4 seeds, value +3; the best move"));
        let store = cell(&v, Cell::Store(Player::North));
        assert_eq!(store.label, format!("{}: 0 seeds", cell_name(&p, Cell::Store(Player::North))));
        let hint = cell(&v, south(2)).hint.as_ref().unwrap();
        assert_eq!((hint.text.as_str(), hint.best), ("★ +3", true));
        // Below the pit: beyond its badge (16.15 units) and letter.
        assert_eq!((hint.x, hint.y), (315.0, 235.0 + (84.0 + (17.0 * 0.95 - 16.0))));
    }

    #[test]
    fn the_movers_pits_are_buttons_and_the_first_is_the_tab_stop() {
        let p = start("kalah-6-4");
        let shown = counts(&p, 4);
        let last = BoardInput { last_move: Some(north(1)), path: &[north(0)], ..input(&p, &shown, &[]) };
        let v = BoardView::new(&last, None);
        assert_eq!((v.first_playable, v.board_tab), (Some(south(0)), "-1"));
        let s0 = cell(&v, south(0));
        assert_eq!(
            (s0.role, s0.tabindex, s0.data_key, &s0.classes[..]),
            ("button", Some("0"), Some(""), &["pit", "legal"][..])
        );
        assert!(matches!(s0.click, Click::Play(_)));
        assert_eq!(s0.id.as_deref(), Some("pit-s-0"));
        let s1 = cell(&v, south(1));
        assert_eq!((s1.role, s1.tabindex), ("button", Some("-1")));
        let n1 = cell(&v, north(1));
        assert_eq!(
            (n1.role, n1.tabindex, n1.click, &n1.classes[..]),
            ("img", None, Click::Refuse, &["pit", "last"][..])
        );
        assert_eq!(cell(&v, north(0)).classes, ["pit", "path"]);
        let store = cell(&v, Cell::Store(Player::South));
        assert_eq!((store.role, store.click, store.id.as_deref()), ("img", Click::Nothing, Some("store-s")));
        // Side labels, and the stores' captions under them.
        assert_eq!((v.top, v.bottom), (Some("North"), Some("South")));
        assert!(matches!(store.letter, Some(Letter::Caption { x: 675.0, y, .. }) if y == 180.0 + 114.0 + 22.0));
        assert!(v.notes.is_empty());
        // No one plays a board that is not interactive: the board itself is the Tab stop.
        let v = BoardView::new(&BoardInput { interactive: false, ..input(&p, &shown, &[]) }, None);
        assert_eq!((v.first_playable, v.board_tab), (None, "0"));
        assert_eq!(cell(&v, south(0)).role, "img");
    }

    #[test]
    fn a_small_picture_names_nothing_and_labels_nothing() {
        let p = start("kalah-6-4");
        let shown = counts(&p, 4);
        let hints = vec![(south(0), "+1".to_string())];
        let v = BoardView::new(&BoardInput { compact: true, ..input(&p, &shown, &hints) }, None);
        assert_eq!((v.min_width.as_str(), v.top, v.board_tab), ("", None, "-1"));
        let s0 = cell(&v, south(0));
        assert_eq!((s0.id.as_ref(), s0.letter.as_ref(), s0.hint.as_ref()), (None, None, None));
    }

    #[test]
    fn counts_badges_and_seeds() {
        let p = start("kalah-6-4");
        let shown = counts(&p, 30);
        let v = BoardView::new(&input(&p, &shown, &[]), None);
        let s0 = cell(&v, south(0));
        assert_eq!(s0.badge, Badge::One { x: 164.0, y: 264.0, r: 16.15, text: "30".into() });
        assert_eq!(s0.dots, Dots::Seeds { n: DRAWN_IN_PIT, radius: 28.0, stretch: (1.0, 1.0) });
        let store = cell(&v, Cell::Store(Player::South));
        assert_eq!(store.store_half, 114.0);
        assert_eq!(store.dots, Dots::Seeds { n: 0, radius: 26.0, stretch: (1.0, 2.4 * 114.0 / 95.0) });
    }

    #[test]
    fn coloured_pots_show_two_counts_and_their_ways() {
        let p = start("colour");
        let shown = counts(&p, 2);
        let v = BoardView::new(&input(&p, &shown, &[]), None);
        // The second pot may be sown either way (the first one only to the right).
        let c = &v.cells[1];
        let Some((blue, red)) = p.seed_colours(2) else { panic!("coloured seeds") };
        assert_eq!(c.dots, Dots::Coloured { blue, red });
        assert!(matches!(c.badge, Badge::Two { blue: b, red: r, .. } if (b, r) == (blue, red)));
        // Side by side above the pot: the seeds uncovered, both within the column and the board.
        let Badge::Two { blue_at, red_at, r, .. } = c.badge else { panic!("two badges") };
        assert!(blue_at.1 < c.spot.y - 38.0 && red_at.1 == blue_at.1 && blue_at.1 - r >= 0.0);
        assert!(blue_at.0 - r >= c.spot.x - W / 2.0 && red_at.0 + r <= c.spot.x + W / 2.0);
        assert!(c.label.ends_with(&format!("{blue} blue {} and {red} red {}", seeds_word(blue), seeds_word(red))));
        // A pot with two ways is a group of two buttons (its column is wide enough), each
        // with half the column below the pot for a tap target.
        assert_eq!(c.choices.len(), 2);
        assert_eq!((c.role, c.tabindex, c.click), ("group", None, Click::Ask));
        assert_eq!(c.classes, ["pit", "legal"]);
        assert_eq!(c.choices[1].tabindex, "-1");
        assert_eq!((c.choices[0].hit_x, c.choices[0].hit_width), (c.spot.x - 45.0, 45.0));
        assert_eq!((c.choices[1].x - c.choices[0].x, c.choices[0].y), (44.0, c.spot.y + 58.0));
        assert_eq!(c.letter, None);
        // Asking: the chooser asks which way, and the pot says so.
        let v = BoardView::new(&input(&p, &shown, &[]), Some(c.spot.cell));
        assert_eq!(v.cells[1].classes, ["pit", "legal", "asking"]);
        let ch = chooser(&p, &v.legal, Some(c.spot.cell), false).unwrap();
        assert_eq!(ch.question, format!("{}: which way?", cell_name(&p, c.spot.cell)));
        assert_eq!(ch.ways.len(), 2);
        assert!(chooser(&p, &v.legal, Some(c.spot.cell), true).is_none());
    }

    #[test]
    fn words() {
        assert_eq!((seeds_word(0), seeds_word(1), seeds_word(2)), ("seeds", "seed", "seeds"));
        assert_eq!(
            (way_text("←"), way_text("→"), way_text("↑"), way_text("↓")),
            ("← left".into(), "right →".into(), "↑ up".into(), "↓ down".into())
        );
        assert_eq!(way_text("x"), "x");
        assert_eq!(cell_id(north(3)), "pit-n-3");
        assert_eq!(cell_id(Cell::Store(Player::North)), "store-n");
        assert_eq!(content(1, None, None), "1 seed");
        assert_eq!(content(3, None, Some((1, 2))), "1 blue seed and 2 red seeds");
        assert_eq!(
            cell_label("a", "3 seeds", Some("-2"), Some("must feed".into()), false),
            "a: 3 seeds, value -2; not playable: must feed"
        );
        // The best move is said only where it has a value.
        assert_eq!(cell_label("a", "3 seeds", None, None, true), "a: 3 seeds");
    }

    #[test]
    fn full_pots_are_said_in_words() {
        let pit = |index| Spot::pit(Player::South, index, 0.0, 0.0, 1.0);
        assert_eq!(full_pot(&pit(2), FULL as u32), Some(("•", "a full pot, never sown")));
        assert_eq!(full_pot(&pit(0), WALL as u32), Some(("←•", "endless full pots to the left")));
        assert_eq!(full_pot(&pit(3), WALL as u32), Some(("•→", "endless full pots to the right")));
        assert_eq!(full_pot(&pit(3), 4), None);
        assert_eq!(content(FULL as u32, full_pot(&pit(2), FULL as u32), None), "a full pot, never sown");
    }

    #[test]
    fn a_wrapped_row_snakes_back_under_itself() {
        // Tchoukaillon's winning position for 40 seeds on a phone: the Roumba and 10 pits.
        let rules: crate::families::AnyRules = "tchoukaillon".parse().unwrap();
        let p = rules.parse_setup("0.1.3.1.5.2.4.6.8.10-0").unwrap();
        let (spots, width, _) = layout(&p, false, Some(Fit { width: 360.0, height: 700.0 }));
        let per_line = spots.iter().filter(|s| s.y == spots[1].y).count();
        assert!((2..spots.len()).contains(&per_line), "{per_line} a line");
        // The second line starts under the first's last spot and runs back to the left.
        assert_eq!(spots[per_line].x, spots[per_line - 1].x);
        assert!(spots[per_line].y > spots[0].y && spots[per_line + 1].x < spots[per_line].x);
        assert!(spots.iter().all(|s| s.x > 0.0 && s.x < width));
        // Room above the Roumba for its count badge.
        assert!(spots[0].y - spots[0].half.unwrap() >= 30.0);
    }

    #[test]
    fn a_grid_has_axes_room_and_no_letters() {
        let p = start("grid");
        let Layout::Grid { rows, cols } = p.layout() else { panic!("a grid") };
        let (spots, width, height) = layout(&p, false, Some(Fit { width: 100.0, height: 100.0 }));
        assert_eq!(spots.len(), rows * cols);
        assert_eq!((width, height), (40.0 + 90.0 * cols as f64 + 36.0, 40.0 + 96.0 * rows as f64 + 30.0));
        assert_eq!((spots[0].x, spots[0].y), (85.0, 88.0));
        let shown = counts(&p, 1);
        let v = BoardView::new(&input(&p, &shown, &[]), None);
        assert_eq!(v.grid, Some((rows, cols)));
        assert!(v.cells.iter().all(|c| c.letter.is_none() && c.choices.is_empty()));
    }
}

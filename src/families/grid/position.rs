//! Two-dimensional Sowing's rules, position and move.

use core::fmt;

use crate::engine::{Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most rows, and most columns, of a grid.
pub const MAX_SIDE: usize = 8;
/// Most pots of a grid.
pub const ROOM: usize = MAX_SIDE * MAX_SIDE;
/// Most seeds a pot of a setup may hold.
pub const MAX_SEEDS: u32 = 99;

/// Which way a move sows: up or down (Left's), left or right (Right's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Way {
    /// Towards the first row.
    Up,
    /// Towards the last row.
    Down,
    /// Towards the first column.
    Left,
    /// Towards the last column.
    Right,
}

impl Way {
    /// Every way, in the order moves are listed.
    pub const ALL: [Way; 4] = [Way::Up, Way::Down, Way::Left, Way::Right];

    /// `u`, `d`, `l` or `r`.
    pub fn letter(self) -> char {
        match self {
            Way::Up => 'u',
            Way::Down => 'd',
            Way::Left => 'l',
            Way::Right => 'r',
        }
    }

    /// The way in words.
    pub fn word(self) -> &'static str {
        match self {
            Way::Up => "up",
            Way::Down => "down",
            Way::Left => "left",
            Way::Right => "right",
        }
    }

    /// The arrow on a pot's button.
    pub fn glyph(self) -> &'static str {
        match self {
            Way::Up => "↑",
            Way::Down => "↓",
            Way::Left => "←",
            Way::Right => "→",
        }
    }

    /// Left's (up and down) or Right's (left and right).
    pub fn vertical(self) -> bool {
        matches!(self, Way::Up | Way::Down)
    }

    /// The step in (rows, columns).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Way::Up => (-1, 0),
            Way::Down => (1, 0),
            Way::Left => (0, -1),
            Way::Right => (0, 1),
        }
    }

    /// The way a grid turned over (transposed) gives this one: up ↔ left, down ↔ right.
    pub fn transposed(self) -> Way {
        match self {
            Way::Up => Way::Left,
            Way::Down => Way::Right,
            Way::Left => Way::Up,
            Way::Right => Way::Down,
        }
    }
}

/// Partizan or impartial, and the start's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridRules {
    /// Either player may sow any of the four ways.
    pub impartial: bool,
    /// Rows of the start.
    pub rows: u8,
    /// Columns of the start.
    pub cols: u8,
    /// Seeds in each pot at the start.
    pub seeds: u8,
}

/// The start's size when a rules id gives none: 4 × 4 pots of one seed (Domineering 4 × 4).
pub const DEFAULT: (u32, u32, u32) = (4, 4, 1);

impl GridRules {
    /// A start of `rows` × `cols` pots of `seeds` seeds.
    ///
    /// # Errors
    /// A side outside 1..=8 or seeds over 99, in words.
    pub fn new(rows: u32, cols: u32, seeds: u32, impartial: bool) -> Result<Self, String> {
        for (n, what) in [(rows, "rows"), (cols, "columns")] {
            if !(1..=MAX_SIDE as u32).contains(&n) {
                return Err(format!("{n} {what} is out of range: use 1 to {MAX_SIDE}"));
            }
        }
        if seeds > MAX_SEEDS {
            return Err(format!("{seeds} seeds a pot is out of range: use 0 to {MAX_SEEDS}"));
        }
        Ok(GridRules { impartial, rows: rows as u8, cols: cols as u8, seeds: seeds as u8 })
    }

    /// The start: every pot holding the seeds, Left to move.
    pub fn start(&self) -> Grid {
        let mut pots = [0u8; ROOM];
        pots[..self.rows as usize * self.cols as usize].fill(self.seeds);
        Grid { rules: *self, rows: self.rows, cols: self.cols, pots, turn: Player::South }
    }

    /// Whether `player` may sow the way `way`.
    pub fn allows(&self, player: Player, way: Way) -> bool {
        self.impartial || way.vertical() == (player == Player::South)
    }
}

impl fmt::Display for GridRules {
    /// The canonical rules id: `grid`, `grid-5-4-1`, `grid-3-3-2-i`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("grid")?;
        if (self.rows as u32, self.cols as u32, self.seeds as u32) != DEFAULT {
            write!(f, "-{}-{}-{}", self.rows, self.cols, self.seeds)?;
        }
        if self.impartial {
            f.write_str("-i")?;
        }
        Ok(())
    }
}

/// A move: the pot (row-major index) and the way. Written as the column's letter, the row's
/// number from 1 at the top, and the way's letter: `b1d` (column b, row 1, down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct GridMove {
    /// The row, from 0 at the top.
    pub row: u8,
    /// The column, from 0 at the left.
    pub col: u8,
    /// The way.
    pub way: Way,
}

impl fmt::Display for GridMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}{}{}", (b'a' + self.col) as char, self.row + 1, self.way.letter()))
    }
}

/// Why a setup is not a grid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridSetupError {
    /// Rows outside 1..=8 (the count).
    Rows(usize),
    /// A row of a length other than the first's, or outside 1..=8 (its number from 1, its
    /// length, the first's).
    Width(usize, usize, usize),
}

impl fmt::Display for GridSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridSetupError::Rows(n) => write!(f, "a grid of {n} rows: use 1 to {MAX_SIDE}"),
            GridSetupError::Width(k, n, _) if !(1..=MAX_SIDE).contains(n) => {
                write!(f, "row {k} has {n} pots: use 1 to {MAX_SIDE}")
            }
            GridSetupError::Width(k, n, first) => {
                write!(f, "row {k} has {n} pots and row 1 has {first}: every row of a grid has as many pots")
            }
        }
    }
}

impl std::error::Error for GridSetupError {}

/// A position of Two-dimensional Sowing: the grid of pots and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rules: GridRules,
    rows: u8,
    cols: u8,
    pots: [u8; ROOM],
    turn: Player,
}

/// The pots a sowing of `k` seeds from (`r`, `c`) the way `way` drops into, in order; `None`
/// when one is off the grid.
pub fn path(rows: usize, cols: usize, r: usize, c: usize, way: Way, k: usize) -> Option<impl Iterator<Item = usize>> {
    let (dr, dc) = way.delta();
    let (er, ec) = (r as isize + dr * k as isize, c as isize + dc * k as isize);
    if er < 0 || ec < 0 || er >= rows as isize || ec >= cols as isize {
        return None;
    }
    Some((1..=k as isize).map(move |d| ((r as isize + dr * d) as usize) * cols + (c as isize + dc * d) as usize))
}

/// Whether the pot at (`r`, `c`) of the grid `pots` (`rows` × `cols`, row-major) may be sown
/// the way `way`: it holds seeds, none falls off the grid, and the last falls into a pot that
/// is not empty.
pub fn can_sow(pots: &[u8], rows: usize, cols: usize, r: usize, c: usize, way: Way) -> bool {
    let k = pots[r * cols + c] as usize;
    if k == 0 {
        return false;
    }
    let (dr, dc) = way.delta();
    let (er, ec) = (r as isize + dr * k as isize, c as isize + dc * k as isize);
    er >= 0 && ec >= 0 && er < rows as isize && ec < cols as isize && pots[er as usize * cols + ec as usize] > 0
}

/// Sows the pot at (`r`, `c`) the way `way` (a legal move): one seed a pot; a seed falling
/// into a pot that holds seeds captures that pot, the seed included. Returns the seeds
/// captured, recording the steps in `trace` if given (the captures in `to`).
pub fn sow(
    pots: &mut [u8],
    rows: usize,
    cols: usize,
    (r, c): (usize, usize),
    way: Way,
    mut trace: Option<(&mut Trace, Cell)>,
) -> u32 {
    let from = r * cols + c;
    let k = std::mem::take(&mut pots[from]) as usize;
    if let Some((t, _)) = trace.as_mut() {
        t.steps.push(Step::Pick(cell(from)));
    }
    let mut captured = 0;
    for j in path(rows, cols, r, c, way, k).expect("a legal move stays on the grid") {
        if let Some((t, _)) = trace.as_mut() {
            t.steps.push(Step::Drop(cell(j)));
        }
        if pots[j] == 0 {
            pots[j] = 1;
        } else {
            let n = pots[j] as u32 + 1;
            pots[j] = 0;
            captured += n;
            if let Some((t, to)) = trace.as_mut() {
                t.steps.push(Step::Capture { from: cell(j), to: *to, seeds: n });
            }
        }
    }
    captured
}

/// The cell of pot `i` (row-major).
pub fn cell(i: usize) -> Cell {
    Cell::Pit { owner: Player::South, index: i as u16 }
}

impl Grid {
    /// The grid of `rows` (each the pots of a row, top first), `turn` to move.
    ///
    /// # Errors
    /// No row or more than 8, rows of unequal lengths or longer than 8.
    pub fn new(rules: GridRules, rows: &[Vec<u32>], turn: Player) -> Result<Grid, GridSetupError> {
        if rows.is_empty() || rows.len() > MAX_SIDE {
            return Err(GridSetupError::Rows(rows.len()));
        }
        let cols = rows[0].len();
        let mut pots = [0u8; ROOM];
        for (k, row) in rows.iter().enumerate() {
            if row.len() != cols || !(1..=MAX_SIDE).contains(&row.len()) {
                return Err(GridSetupError::Width(k + 1, row.len(), cols));
            }
            for (c, &n) in row.iter().enumerate() {
                pots[k * cols + c] = n.min(MAX_SEEDS) as u8;
            }
        }
        Ok(Grid { rules, rows: rows.len() as u8, cols: cols as u8, pots, turn })
    }

    /// A grid of `rows` × `cols` pots (row-major), unchecked.
    pub fn from_pots(rules: GridRules, rows: usize, cols: usize, pots: &[u8], turn: Player) -> Grid {
        let mut all = [0u8; ROOM];
        all[..pots.len()].copy_from_slice(pots);
        Grid { rules, rows: rows as u8, cols: cols as u8, pots: all, turn }
    }

    /// The rules.
    pub fn rules(&self) -> GridRules {
        self.rules
    }

    /// Rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.rows as usize, self.cols as usize)
    }

    /// The pots, row-major.
    pub fn pots(&self) -> &[u8] {
        &self.pots[..self.rows as usize * self.cols as usize]
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: GridMove) -> bool {
        let (rows, cols) = self.size();
        (mv.row as usize) < rows
            && (mv.col as usize) < cols
            && self.rules.allows(self.turn, mv.way)
            && can_sow(self.pots(), rows, cols, mv.row as usize, mv.col as usize, mv.way)
    }

    /// The legal moves without allocating, pot by pot in reading order.
    pub fn for_each_move(&self, mut f: impl FnMut(GridMove)) {
        let (rows, cols) = self.size();
        for r in 0..rows {
            for c in 0..cols {
                if self.pots[r * cols + c] == 0 {
                    continue;
                }
                for way in Way::ALL {
                    if self.rules.allows(self.turn, way) && can_sow(self.pots(), rows, cols, r, c, way) {
                        f(GridMove { row: r as u8, col: c as u8, way });
                    }
                }
            }
        }
    }

    /// Plays a legal move (unchecked), recording its steps when `trace` is given.
    pub fn play_unchecked(&mut self, mv: GridMove, trace: Option<&mut Trace>) {
        let (rows, cols) = self.size();
        let to = Cell::Store(self.turn);
        let n = rows * cols;
        sow(&mut self.pots[..n], rows, cols, (mv.row as usize, mv.col as usize), mv.way, trace.map(|t| (t, to)));
        self.turn = !self.turn;
    }

    /// Whether the side to move has a move.
    pub fn can_move(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| any = true);
        any
    }

    /// A 64-bit key of the rules, the grid and the side to move.
    pub fn hash_key(&self) -> u64 {
        let mut h = 0x3C6E_F372_FE94_F82B ^ (self.rules.impartial as u64) << 1 ^ self.turn.index() as u64;
        h ^= (self.rows as u64) << 8 | (self.cols as u64) << 16;
        for &p in self.pots() {
            h = (h ^ p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        h
    }
}

impl Position for Grid {
    type Move = GridMove;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<GridMove> {
        let mut v = vec![];
        self.for_each_move(|m| v.push(m));
        v
    }

    fn play(&self, mv: GridMove) -> Result<(Self, Trace), PlayError<Self>> {
        if !self.is_legal(mv) {
            let (rows, cols) = self.size();
            let reason = if !self.can_move() {
                IllegalMove::GameOver
            } else if mv.row as usize >= rows || mv.col as usize >= cols {
                IllegalMove::NoSuchPit(mv.to_string())
            } else if self.pots[mv.row as usize * cols + mv.col as usize] == 0 {
                IllegalMove::EmptyPit(mv.to_string())
            } else if !self.rules.allows(self.turn, mv.way) {
                IllegalMove::Rule {
                    mv: mv.to_string(),
                    why: if self.turn == Player::South {
                        "Left sows only up or down"
                    } else {
                        "Right sows only left or right"
                    },
                }
            } else {
                IllegalMove::Rule {
                    mv: mv.to_string(),
                    why: "its last seed would fall into an empty pot or off the grid",
                }
            };
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let mut trace = Trace { laps: 1, ..Trace::default() };
        next.play_unchecked(mv, Some(&mut trace));
        Ok((next, trace))
    }

    /// Normal play: the player who cannot move loses.
    fn outcome(&self) -> Option<Outcome> {
        (!self.can_move()).then_some(Outcome::Win(!self.turn))
    }

    fn store(&self, _: Player) -> u32 {
        0
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        self.pots().iter().enumerate().map(|(i, &n)| (cell(i), n as u32)).collect()
    }
}

//! The Oware family's rules and positions: two rows of pits without stores (captured seeds are
//! kept beside the board, drawn as the stores), sown counterclockwise from the mover's row.
//!
//! Four rule sets share the board:
//! - **Ayo** (Broline & Loeb §2): the origin pit is skipped on every lap (an Odu holds 2n or
//!   more seeds, so skipping it only matters then); captures of 2s and 3s on the opponent's
//!   side, chained backwards; a move must leave the opponent a move if one can, and when none
//!   can the game is over and the mover is awarded every seed left.
//! - **Oware (Abapa)**: the same sowing and captures; a grand slam (a capture of every seed the
//!   opponent has) is played but captures nothing (or, as an option, is illegal); an opponent
//!   without seeds must be fed, and when nobody can feed them the game ends with each player
//!   taking the seeds on his side; a player who has captured more than half the seeds has won.
//! - **Awari** (Romein & Bal's rules): the same sowing and captures; a move must leave the
//!   opponent a seed if any move does (else any move, grand slams capturing); a player without
//!   seeds cannot move, and the opponent then takes every seed left.
//! - **Wari** (Erickson §4): Atomic Wari on the two rows: a pit with at least two seeds, sown
//!   starting with the pit itself, captures of 2s and 3s on either side chained backwards; a
//!   player who cannot move passes the turn, and the game ends when neither can.

use core::fmt;

use crate::engine::{ByPlayer, Cell, IllegalMove, Outcome, PlayError, Player, Position, Step, Trace};

/// Most pits a side.
pub const MAX_PITS: usize = 12;
/// Most seeds a pit at the start of a new game.
pub const MAX_SEEDS_PER_PIT: u32 = 99;
/// Most seeds on a board, captured ones included.
pub const MAX_TOTAL_SEEDS: u32 = 2 * MAX_PITS as u32 * MAX_SEEDS_PER_PIT;

/// Which game of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Broline & Loeb's Ayo.
    Ayo,
    /// Oware as played in international tournaments (Abapa).
    Oware,
    /// Awari as Romein & Bal solved it.
    Awari,
    /// Erickson's Wari.
    Wari,
}

impl Ruleset {
    /// The rules id's first part.
    pub fn key(self) -> &'static str {
        match self {
            Ruleset::Ayo => "ayo",
            Ruleset::Oware => "oware",
            Ruleset::Awari => "awari",
            Ruleset::Wari => "wari",
        }
    }

    /// Every rule set, in the order of the presets.
    pub const ALL: [Ruleset; 4] = [Ruleset::Oware, Ruleset::Awari, Ruleset::Ayo, Ruleset::Wari];
}

/// Typed, validated rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwareRules {
    /// The game.
    pub set: Ruleset,
    pits: u8,
    seeds: u8,
    /// Oware only: a grand slam is illegal (unless every move is one) rather than played
    /// without capture.
    pub grand_slam_illegal: bool,
}

/// Why rules are out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwareRulesError {
    /// Pits a side out of 2..=12.
    Pits(u32),
    /// Seeds a pit out of 0..=99.
    Seeds(u32),
    /// The grand-slam option belongs to Oware.
    GrandSlamOption(Ruleset),
}

impl fmt::Display for OwareRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwareRulesError::Pits(n) => write!(f, "{n} pits a side: use 2 to {MAX_PITS}"),
            OwareRulesError::Seeds(n) => write!(f, "{n} seeds a pit: use 0 to {MAX_SEEDS_PER_PIT}"),
            OwareRulesError::GrandSlamOption(s) => {
                write!(f, "-gi (grand slam illegal) is an option of oware, not of {}", s.key())
            }
        }
    }
}

impl std::error::Error for OwareRulesError {}

impl OwareRules {
    /// Checks the parameters.
    ///
    /// # Errors
    /// Pits or seeds out of range, or the grand-slam option on a game other than Oware.
    pub fn new(set: Ruleset, pits: u32, seeds: u32, grand_slam_illegal: bool) -> Result<Self, OwareRulesError> {
        if !(2..=MAX_PITS as u32).contains(&pits) {
            return Err(OwareRulesError::Pits(pits));
        }
        if seeds > MAX_SEEDS_PER_PIT {
            return Err(OwareRulesError::Seeds(seeds));
        }
        if grand_slam_illegal && set != Ruleset::Oware {
            return Err(OwareRulesError::GrandSlamOption(set));
        }
        Ok(OwareRules { set, pits: pits as u8, seeds: seeds as u8, grand_slam_illegal })
    }

    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// Seeds a pit at the start.
    pub fn seeds(&self) -> u32 {
        self.seeds as u32
    }

    /// The start: every pit holds the same seeds, South to move.
    pub fn start(&self) -> Oware {
        let n = self.pits();
        let setup = OwareSetup {
            south: vec![self.seeds(); n],
            north: vec![self.seeds(); n],
            captured: ByPlayer { south: 0, north: 0 },
            turn: Player::South,
        };
        setup.validate(*self).expect("a start position is valid")
    }
}

/// A board that has not been checked: what an editor or a link produces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct OwareSetup {
    /// South's pits from South's left, in sowing order.
    pub south: Vec<u32>,
    /// North's pits from North's left, in sowing order.
    pub north: Vec<u32>,
    /// Seeds each player has captured (or been awarded).
    pub captured: ByPlayer<u32>,
    /// Who moves next.
    pub turn: Player,
}

pub use crate::families::two_rows::SetupError;

impl OwareSetup {
    /// Checks the setup against the rules; a position whose game is already over is finished
    /// as the rules say (seeds awarded, or the turn passed in Wari).
    ///
    /// # Errors
    /// Wrong row lengths, or more than [`MAX_TOTAL_SEEDS`] seeds.
    pub fn validate(&self, rules: OwareRules) -> Result<Oware, SetupError> {
        let n = rules.pits();
        let captured = [self.captured.south, self.captured.north];
        crate::families::two_rows::check_rows(&self.south, &self.north, captured, n, MAX_TOTAL_SEEDS)?;
        let mut pits = [0u16; 2 * MAX_PITS];
        for i in 0..n {
            pits[i] = self.south[i] as u16;
            pits[n + i] = self.north[i] as u16;
        }
        let mut pos = Oware {
            pits,
            captured: [self.captured.south as u16, self.captured.north as u16],
            rules,
            turn: self.turn,
            over: false,
            repeated: false,
            stalled: false,
        };
        pos.finish(None);
        // Ayo: a setup from which no capture can ever happen is over at once.
        Ok(pos.end_without_captures().map_or(pos, |(ended, _)| ended))
    }
}

/// A move: a pit of the mover, 0-based from the mover's left (shown as a letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct OwareMove(pub u8);

impl fmt::Display for OwareMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&crate::engine::pit_letter(self.0 as u16))
    }
}

/// Most positions [`Oware::captures_impossible`] explores before it assumes that a capture
/// can still happen.
pub const NO_CAPTURE_SEARCH_LIMIT: usize = 100_000;

/// A valid position. Pits form a ring in sowing order: South's `0..n` from South's left, then
/// North's `n..2n` from North's left.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Oware {
    pits: [u16; 2 * MAX_PITS],
    captured: [u16; 2],
    rules: OwareRules,
    turn: Player,
    over: bool,
    /// The game ended because a position repeated (set by the game record, not by a move).
    repeated: bool,
    /// Ayo: the game ended because no capture could ever happen again (set by the game
    /// record, not by a move).
    stalled: bool,
}

impl fmt::Debug for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Oware({} {:?} {:?} {:?})",
            self.rules.set.key(),
            self.row(Player::South),
            self.row(Player::North),
            self.captured
        )?;
        write!(f, " {} to move{}", self.turn, if self.over { ", over" } else { "" })
    }
}

/// What a move did, for the search and the rules' checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// Seeds captured.
    pub captured: u32,
    /// A grand slam was played without capture.
    pub grand_slam: bool,
}

impl Oware {
    /// The rules.
    pub fn rules(&self) -> OwareRules {
        self.rules
    }

    fn n(&self) -> usize {
        self.rules.pits()
    }

    fn slot(&self, player: Player, i: usize) -> usize {
        if player == Player::South {
            i
        } else {
            self.n() + i
        }
    }

    fn owner(&self, slot: usize) -> Player {
        if slot < self.n() {
            Player::South
        } else {
            Player::North
        }
    }

    fn cell(&self, slot: usize) -> Cell {
        let n = self.n();
        Cell::Pit { owner: self.owner(slot), index: (slot % n) as u16 }
    }

    /// Seeds in pit `i` (from its owner's left) of `player`.
    pub fn pit(&self, player: Player, i: usize) -> u32 {
        self.pits[self.slot(player, i)] as u32
    }

    /// A player's row from his left.
    pub fn row(&self, player: Player) -> Vec<u32> {
        (0..self.n()).map(|i| self.pit(player, i)).collect()
    }

    /// Seeds each player has captured or been awarded.
    pub fn captured(&self) -> ByPlayer<u32> {
        ByPlayer { south: self.captured[0] as u32, north: self.captured[1] as u32 }
    }

    /// Seeds on a player's side.
    pub fn side_seeds(&self, player: Player) -> u32 {
        self.row(player).iter().sum()
    }

    /// Seeds on the board (not captured).
    pub fn board_seeds(&self) -> u32 {
        self.pits[..2 * self.n()].iter().map(|&x| x as u32).sum()
    }

    /// The game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Captured seeds of the side to move minus the opponent's.
    pub fn captured_diff(&self) -> i32 {
        let c = self.captured();
        let me = self.turn;
        *c.get(me) as i32 - *c.get(!me) as i32
    }

    /// A hash of everything the future of the game depends on (captured seeds included: Oware
    /// ends when a player has more than half).
    pub fn key(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &x in self.pits[..2 * self.n()].iter().chain(&self.captured) {
            h = (h ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h ^ (self.turn == Player::North) as u64
    }

    /// The least seeds a pit must hold to be sown.
    fn least(&self) -> u16 {
        if self.rules.set == Ruleset::Wari {
            2
        } else {
            1
        }
    }

    /// Sows pit `i` of the side to move and captures, without the rules' legality checks or
    /// the end of the game; returns the effect. `no_capture` plays a grand slam as Oware does.
    fn sow(&mut self, i: usize, no_capture: bool, mut trace: Option<&mut Trace>) -> MoveEffect {
        let me = self.turn;
        let n2 = 2 * self.n();
        let from = self.slot(me, i);
        let mut seeds = self.pits[from];
        self.pits[from] = 0;
        let from_cell = self.cell(from);
        if let Some(t) = trace.as_deref_mut() {
            t.steps.push(Step::Pick(from_cell));
            t.laps = 1;
        }
        let wari = self.rules.set == Ruleset::Wari;
        // Wari sows the pit itself first; the others start at the next pit and skip the origin.
        let mut k = if wari { (from + n2 - 1) % n2 } else { from };
        while seeds > 0 {
            k = (k + 1) % n2;
            if k == from && !wari {
                if let Some(t) = trace.as_deref_mut() {
                    t.steps.push(Step::Skip(from_cell));
                }
                continue;
            }
            self.pits[k] += 1;
            seeds -= 1;
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Drop(self.cell(k)));
            }
        }
        // Captures: the last pit and those before it, while they hold 2 or 3 (on the opponent's
        // side, except in Wari).
        let capturable = |pos: &Oware, s: usize| (wari || pos.owner(s) != me) && matches!(pos.pits[s], 2 | 3);
        let mut chain = vec![];
        let mut s = k;
        while capturable(self, s) && chain.len() < n2 {
            chain.push(s);
            s = (s + n2 - 1) % n2;
        }
        let taken: u32 = chain.iter().map(|&s| self.pits[s] as u32).sum();
        let opponent_left = if wari { 1 } else { self.side_seeds(!me) - taken };
        if taken > 0 && opponent_left == 0 && no_capture {
            return MoveEffect { captured: 0, grand_slam: true };
        }
        let store = Cell::Store(me);
        for &s in &chain {
            let seeds = self.pits[s] as u32;
            self.pits[s] = 0;
            if let Some(t) = trace.as_deref_mut() {
                t.steps.push(Step::Capture { from: self.cell(s), to: store, seeds });
            }
        }
        self.captured[me.index()] += taken as u16;
        MoveEffect { captured: taken, grand_slam: false }
    }

    /// Pit `i` of the side to move holds enough seeds to be sown.
    fn sowable(&self, i: usize) -> bool {
        self.pits[self.slot(self.turn, i)] >= self.least()
    }

    /// The opponent of the side to move keeps (or gets) a seed after sowing pit `i`; `grand`
    /// whether the sowing is a grand slam (a capture of every seed the opponent has).
    fn after(&self, i: usize) -> (bool, bool) {
        let mut c = *self;
        let e = c.sow(i, true, None);
        (e.grand_slam || c.side_seeds(!self.turn) > 0, e.grand_slam)
    }

    /// The legal moves as a bit mask of pits.
    pub fn legal_mask(&self) -> u32 {
        self.legal_with_reasons().0
    }

    /// The legal moves (bit mask), and for each sowable pit that is not legal the reason.
    fn legal_with_reasons(&self) -> (u32, Vec<(usize, IllegalMove)>) {
        if self.over {
            return (0, vec![]);
        }
        let n = self.n();
        let me = self.turn;
        let base: Vec<usize> = (0..n).filter(|&i| self.sowable(i)).collect();
        let mv = |i: usize| OwareMove(i as u8).to_string();
        let mask = |v: &[usize]| v.iter().fold(0u32, |m, &i| m | 1 << i);
        let mut why = vec![];
        let legal: Vec<usize> = match self.rules.set {
            Ruleset::Wari => base,
            Ruleset::Ayo | Ruleset::Awari => {
                let keeps: Vec<usize> = base.iter().copied().filter(|&i| self.after_plain(i)).collect();
                if keeps.is_empty() && self.rules.set == Ruleset::Awari {
                    base
                } else {
                    for &i in base.iter().filter(|i| !keeps.contains(i)) {
                        why.push((i, IllegalMove::Starves { mv: mv(i), opponent: !me }));
                    }
                    keeps
                }
            }
            Ruleset::Oware => {
                // Feed an opponent without seeds first; then, grand slams illegal, a grand slam
                // only when every move left is one (also among the moves that feed: the card's
                // "not allowed; if every move is one, it is played" has no exception, and the
                // independent reference, scripts/oware_reference.c, found this reading missing).
                let mut allowed = base;
                if self.side_seeds(!me) == 0 {
                    let feeds: Vec<usize> = allowed.iter().copied().filter(|&i| self.after(i).0).collect();
                    for &i in allowed.iter().filter(|i| !feeds.contains(i)) {
                        why.push((i, IllegalMove::MustFeed { mv: mv(i), opponent: !me }));
                    }
                    allowed = feeds;
                }
                if self.rules.grand_slam_illegal {
                    let plain: Vec<usize> = allowed.iter().copied().filter(|&i| !self.after(i).1).collect();
                    if !plain.is_empty() {
                        for &i in allowed.iter().filter(|i| !plain.contains(i)) {
                            why.push((i, IllegalMove::GrandSlam { mv: mv(i), opponent: !me }));
                        }
                        allowed = plain;
                    }
                }
                allowed
            }
        };
        (mask(&legal), why)
    }

    /// Sowing pit `i` of the side to move would capture every seed the opponent has.
    pub fn grand_slam(&self, i: usize) -> bool {
        self.after(i).1
    }

    /// Sowing pit `i` as these rules capture leaves the opponent a seed.
    fn after_plain(&self, i: usize) -> bool {
        let mut c = *self;
        c.sow(i, false, None);
        c.side_seeds(!self.turn) > 0
    }

    /// Plays a legal move (pit `i` of the side to move) and ends the turn.
    pub fn play_unchecked(&mut self, i: usize) -> MoveEffect {
        self.play_traced(i, None)
    }

    fn play_traced(&mut self, i: usize, mut trace: Option<&mut Trace>) -> MoveEffect {
        let me = self.turn;
        // Oware's grand slam captures nothing: by the rule, or (grand slams illegal) when
        // every move was one.
        let no_capture = self.rules.set == Ruleset::Oware;
        let e = self.sow(i, no_capture, trace.as_deref_mut());
        self.turn = !me;
        self.finish(trace);
        e
    }

    /// Ends the game where the rules say it ends, awarding seeds as they say, or passes the
    /// turn (Wari) when the player to move cannot move.
    fn finish(&mut self, trace: Option<&mut Trace>) {
        let me = self.turn;
        let total = self.board_seeds() + self.captured[0] as u32 + self.captured[1] as u32;
        match self.rules.set {
            Ruleset::Wari => {
                let can = |p: Player, pos: &Oware| pos.row(p).iter().any(|&x| x >= 2);
                if !can(me, self) {
                    if can(!me, self) {
                        self.turn = !me;
                    } else {
                        self.over = true;
                    }
                }
            }
            Ruleset::Ayo => {
                if self.legal_mask() == 0 {
                    self.award_all(me, trace);
                }
            }
            Ruleset::Awari => {
                if self.side_seeds(me) == 0 {
                    self.award_all(!me, trace);
                }
            }
            Ruleset::Oware => {
                let c = self.captured();
                if 2 * c.south.max(c.north) > total {
                    self.over = true;
                } else if self.legal_mask() == 0 {
                    self.award_sides(trace);
                }
            }
        }
    }

    /// The game ends and `to` takes every seed on the board.
    fn award_all(&mut self, to: Player, trace: Option<&mut Trace>) {
        self.award(|_, _| to, trace);
    }

    /// The game ends and each player takes the seeds on his side.
    fn award_sides(&mut self, trace: Option<&mut Trace>) {
        self.award(|pos, s| pos.owner(s), trace);
    }

    /// The game ends, the seeds of each pit going to `to(pit)`.
    fn award(&mut self, to: impl Fn(&Oware, usize) -> Player, mut trace: Option<&mut Trace>) {
        for s in 0..2 * self.n() {
            let seeds = self.pits[s] as u32;
            if seeds > 0 {
                let who = to(self, s);
                self.pits[s] = 0;
                self.captured[who.index()] += seeds as u16;
                if let Some(t) = trace.as_deref_mut() {
                    t.steps.push(Step::Collect { from: self.cell(s), to: Cell::Store(who), seeds });
                }
            }
        }
        self.over = true;
    }

    /// The game ended because a position repeated.
    pub fn repeated(&self) -> bool {
        self.repeated
    }

    /// The position ended as these rules end a game whose position repeats (`None` when it is
    /// already over): Oware and Ayo, each player takes the seeds on his side; Awari, the seeds
    /// left are shared equally, which changes nobody's lead: they stay on the board, counted
    /// for neither; Wari, the game ends with them counted for neither.
    pub fn end_by_repetition(&self) -> Option<(Oware, Trace)> {
        if self.over {
            return None;
        }
        let mut next = *self;
        let mut trace = Trace::default();
        match self.rules.set {
            Ruleset::Oware | Ruleset::Ayo => next.award_sides(Some(&mut trace)),
            Ruleset::Awari | Ruleset::Wari => next.over = true,
        }
        next.repeated = true;
        Some((next, trace))
    }

    /// The game ended because no capture could ever happen again (Ayo).
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    /// Ayo's "so few stones that neither player can ever capture, but both players will always
    /// have a legal move": every position reachable from this one by legal moves (this one
    /// included) is not over and has no capturing move. The engine explores them all, up to
    /// [`NO_CAPTURE_SEARCH_LIMIT`] positions; past that it answers false and the game goes on.
    /// Always false for the other rule sets and for a finished game.
    pub fn captures_impossible(&self) -> bool {
        if self.over || self.rules.set != Ruleset::Ayo {
            return false;
        }
        let n = self.n();
        let mut seen = std::collections::HashSet::from([(self.pits, self.turn)]);
        let mut stack = vec![*self];
        while let Some(p) = stack.pop() {
            let mask = p.legal_mask();
            for i in (0..n).filter(|i| mask & (1 << i) != 0) {
                let mut c = p;
                if c.play_unchecked(i).captured > 0 || c.over {
                    return false;
                }
                if seen.insert((c.pits, c.turn)) {
                    if seen.len() > NO_CAPTURE_SEARCH_LIMIT {
                        return false;
                    }
                    stack.push(c);
                }
            }
        }
        true
    }

    /// The position ended as Ayo ends a game where no capture can ever happen again (each
    /// player is awarded the seeds on his side), with what the hand did; `None` when a capture
    /// can still happen (see [`Oware::captures_impossible`]).
    pub fn end_without_captures(&self) -> Option<(Oware, Trace)> {
        if !self.captures_impossible() {
            return None;
        }
        let mut next = *self;
        let mut trace = Trace::default();
        next.award_sides(Some(&mut trace));
        next.stalled = true;
        Some((next, trace))
    }

    /// Why move `i` is not legal here, if it is not.
    pub fn refusal(&self, i: usize) -> Option<IllegalMove> {
        let mv = OwareMove(i as u8);
        if let Some(e) = IllegalMove::of_pit(self.over, i, self.n(), || self.pit(self.turn, i), mv) {
            return Some(e);
        }
        if !self.sowable(i) {
            return Some(IllegalMove::TooFewSeeds { mv: mv.to_string(), holds: self.pit(self.turn, i), needs: 2 });
        }
        let (mask, why) = self.legal_with_reasons();
        if mask & (1 << i) != 0 {
            return None;
        }
        why.into_iter().find(|(j, _)| *j == i).map(|(_, e)| e).or(Some(IllegalMove::GameOver))
    }
}

impl Position for Oware {
    type Move = OwareMove;

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self) -> Vec<OwareMove> {
        let m = self.legal_mask();
        (0..self.n()).filter(|&i| m & (1 << i) != 0).map(|i| OwareMove(i as u8)).collect()
    }

    fn play(&self, mv: OwareMove) -> Result<(Self, Trace), PlayError<Self>> {
        let i = mv.0 as usize;
        if let Some(reason) = self.refusal(i) {
            return Err(PlayError { position: *self, reason });
        }
        let mut next = *self;
        let mut trace = Trace::default();
        next.play_traced(i, Some(&mut trace));
        Ok((next, trace))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome::by_scores(self.captured[0] as u32, self.captured[1] as u32))
    }

    fn store(&self, player: Player) -> u32 {
        *self.captured().get(player)
    }

    fn cells(&self) -> Vec<(Cell, u32)> {
        let mut v: Vec<(Cell, u32)> = (0..2 * self.n()).map(|s| (self.cell(s), self.pits[s] as u32)).collect();
        v.push((Cell::Store(Player::South), self.captured[0] as u32));
        v.push((Cell::Store(Player::North), self.captured[1] as u32));
        v
    }
}

//! An independent Kalah, written from the rules in words (the rules cards and Irving et al.),
//! sharing no code with the engine: a second opinion on the pinned perft counts of
//! `data/kalah_perft.tsv`. Deliberately plain: one array, one loop, no speed tricks.

/// Capture rules, as the rules ids spell them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Capture {
    /// The last seed in an empty pit of one's own takes it and the opposite pit, if that holds
    /// seeds.
    Standard,
    /// ... even when the opposite pit is empty (the lone seed goes to the store).
    Empty,
    /// Only the opposite pit's seeds are taken; the last seed stays.
    OppositeOnly,
}

/// A board: `cells[0..n]` South's pits, `cells[n]` South's store, `cells[n+1..2n+1]` North's
/// pits, `cells[2n+1]` North's store; `south` is to move.
#[derive(Clone, Debug)]
pub struct Board {
    n: usize,
    cells: Vec<u32>,
    south: bool,
    capture: Capture,
    /// The game ends only when the player to move has no seeds (Erickson's reading).
    mover_cannot_move: bool,
}

impl Board {
    /// A board from a rules id (`kalah-6-4-e-m`) and a setup (`start`, or `4.4-4.4-0.0-s`).
    pub fn new(rules: &str, setup: &str) -> Board {
        let parts: Vec<&str> = rules.split('-').collect();
        let n: usize = parts[1].parse().unwrap();
        let seeds: u32 = parts[2].parse().unwrap();
        let mut capture = Capture::Standard;
        let mut mover_cannot_move = false;
        for flag in &parts[3..] {
            match *flag {
                "e" => capture = Capture::Empty,
                "o" => capture = Capture::OppositeOnly,
                "m" => mover_cannot_move = true,
                other => panic!("unknown option {other}"),
            }
        }
        let mut cells = vec![0; 2 * n + 2];
        let mut south = true;
        if setup == "start" {
            for i in 0..n {
                cells[i] = seeds;
                cells[n + 1 + i] = seeds;
            }
        } else {
            let s: Vec<&str> = setup.split('-').collect();
            let row = |t: &str| t.split('.').map(|x| x.parse::<u32>().unwrap()).collect::<Vec<_>>();
            let (sp, np, st) = (row(s[0]), row(s[1]), row(s[2]));
            cells[..n].copy_from_slice(&sp);
            cells[n + 1..2 * n + 1].copy_from_slice(&np);
            cells[n] = st[0];
            cells[2 * n + 1] = st[1];
            south = s[3] == "s";
        }
        Board { n, cells, south, capture, mover_cannot_move }
    }

    fn side_empty(&self, south: bool) -> bool {
        let start = if south { 0 } else { self.n + 1 };
        self.cells[start..start + self.n].iter().all(|&c| c == 0)
    }

    /// The game is over.
    pub fn over(&self) -> bool {
        if self.mover_cannot_move {
            self.side_empty(self.south)
        } else {
            self.side_empty(true) || self.side_empty(false)
        }
    }

    /// The mover's non-empty pits, from the mover's left (0-based).
    pub fn moves(&self) -> Vec<usize> {
        if self.over() {
            return vec![];
        }
        let start = if self.south { 0 } else { self.n + 1 };
        (0..self.n).filter(|&i| self.cells[start + i] > 0).collect()
    }

    /// Sows pit `i` of the mover (from the mover's left).
    pub fn play(&mut self, i: usize) {
        let n = self.n;
        let (own_start, own_store, their_store) = if self.south { (0, n, 2 * n + 1) } else { (n + 1, 2 * n + 1, n) };
        let mut at = own_start + i;
        let mut hand = std::mem::take(&mut self.cells[at]);
        while hand > 0 {
            at = (at + 1) % (2 * n + 2);
            if at == their_store {
                continue;
            }
            self.cells[at] += 1;
            hand -= 1;
        }
        let own_pit = at >= own_start && at < own_start + n;
        if own_pit && self.cells[at] == 1 {
            let j = at - own_start;
            let opposite = if self.south { n + 1 + (n - 1 - j) } else { n - 1 - j };
            let theirs = self.cells[opposite];
            match self.capture {
                Capture::Standard if theirs > 0 => {
                    self.cells[own_store] += theirs + 1;
                    self.cells[opposite] = 0;
                    self.cells[at] = 0;
                }
                Capture::Empty => {
                    self.cells[own_store] += theirs + 1;
                    self.cells[opposite] = 0;
                    self.cells[at] = 0;
                }
                Capture::OppositeOnly => {
                    self.cells[own_store] += theirs;
                    self.cells[opposite] = 0;
                }
                _ => {}
            }
        }
        if at != own_store {
            self.south = !self.south;
        }
    }
}

/// The move sequences of exactly `depth` moves (a finished game counts 0 before its depth).
pub fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    b.moves()
        .into_iter()
        .map(|i| {
            let mut c = b.clone();
            c.play(i);
            perft(&c, depth - 1)
        })
        .sum()
}

/// Plays moves written as pit letters relative to the mover (`cf`).
pub fn play_letters(b: &mut Board, moves: &str) {
    for c in moves.chars() {
        b.play((c as u8 - b'a') as usize);
    }
}

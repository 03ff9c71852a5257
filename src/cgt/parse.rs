//! Reading games written in CGSuite's ASCII worksheet syntax, as [`Games::show`] prints them:
//! numbers (`3`, `-1/2`, `3/16`), `*` and `*n`, ups and downs (`^`, `^^`, `^3`, `v`, `vv`,
//! `v3`), tinies and minies (`+_2`, `-_1/2`, `+_{3|1}`), switches (`+-1`, `+-{1|*}`,
//! `+-(1,*)`), and games `{L|R}` whose bars may be doubled (`{2|1||0}`). Terms written side by
//! side are added (`1/2^*`, `2+_1`), as are terms joined by `+`. The paper's symbols (↑ ⇑ ↓ ⇓ ∗
//! ±) are read as their ASCII forms.

use std::fmt;

use super::{Dyadic, Games, Gid};

/// What is wrong with a game's text, and where (a character offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameError {
    /// The character offset (from 0) where the fault is.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for ParseGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.what, self.at + 1)
    }
}

impl std::error::Error for ParseGameError {}

/// The longest text read, so a hostile input cannot make the parser work long.
const MAX_LEN: usize = 4096;
/// The largest up-multiple, nimber or integer written out: the latest birthday kept, so that
/// a sum's value (`1*1*+44+44` is 89) is shown as a number that reads back.
const MAX_COUNT: u64 = MAX_DEPTH as u64;
/// The deepest nesting read, and the latest birthday of a game read: every game read is shown
/// (`Games::show`) nested at most as deep as its birthday, so what is shown reads back. (A sum
/// of short terms can be born late: `^^^…` a hundred times once showed as a game nested 81
/// deep that the parser then refused; found by the `cgt_values` fuzz target, as was the same
/// sum shown in more than `MAX_LEN` characters: a game read is also refused when its canonical
/// form is longer than that.)
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    text: &'a [char],
    at: usize,
    depth: usize,
}

fn err<T>(at: usize, what: impl Into<String>) -> Result<T, ParseGameError> {
    Err(ParseGameError { at, what: what.into() })
}

impl Games {
    /// The game `text` denotes, in canonical form.
    pub fn parse(&mut self, text: &str) -> Result<Gid, ParseGameError> {
        if text.chars().count() > MAX_LEN {
            return err(MAX_LEN, format!("the text is longer than {MAX_LEN} characters"));
        }
        let normal = text
            .replace('⇑', "^^")
            .replace('⇓', "vv")
            .replace('↑', "^")
            .replace('↓', "v")
            .replace('∗', "*")
            .replace('±', "+-")
            .replace('−', "-")
            // CGSuite's function forms of tinies and minies: Tiny(2) is +_2, Miny(2) -_2.
            .replace("Tiny(", "+_(")
            .replace("Miny(", "-_(");
        let chars: Vec<char> = normal.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.is_empty() {
            return err(0, "no game given");
        }
        let mut p = Parser { text: &chars, at: 0, depth: 0 };
        let g = p.sum(self)?;
        if p.at < chars.len() {
            return err(p.at, format!("unexpected '{}'", chars[p.at]));
        }
        // Its canonical form must be short enough to read back (bars grow with the nesting: a
        // game born late can be written longer than the text it was read from).
        if self.birthday(g) > 16 {
            let n = self.show(g).chars().count();
            if n > MAX_LEN {
                return err(0, format!("this game's canonical form takes {n} characters, more than {MAX_LEN}"));
            }
        }
        Ok(g)
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.text.get(self.at + 1).copied()
    }

    /// Terms side by side or joined by `+`, up to `,`, `|`, `}`, `)` or the end.
    fn sum(&mut self, t: &mut Games) -> Result<Gid, ParseGameError> {
        let start = self.at;
        let mut g = t.zero();
        let mut any = false;
        while let Some(c) = self.peek() {
            if matches!(c, ',' | '|' | '}' | ')') {
                break;
            }
            if c == '+' && !matches!(self.peek2(), Some('_') | Some('-')) {
                self.at += 1;
                continue;
            }
            let at = self.at;
            let term = self.term(t)?;
            g = t.add(g, term);
            let born = t.birthday(g);
            if born as usize > MAX_DEPTH {
                return err(at, format!("the game is born on day {born}: games are kept to day {MAX_DEPTH}"));
            }
            any = true;
        }
        if !any {
            return err(start, "a game is missing here");
        }
        Ok(g)
    }

    fn term(&mut self, t: &mut Games) -> Result<Gid, ParseGameError> {
        let at = self.at;
        match (self.peek(), self.peek2()) {
            (Some('{'), _) => self.braces(t),
            (Some('('), _) => {
                self.at += 1;
                let g = self.sum(t)?;
                self.expect(')')?;
                Ok(g)
            }
            (Some('*'), _) => {
                self.at += 1;
                let k = if self.peek().is_some_and(|c| c.is_ascii_digit()) { self.count()? } else { 1 };
                Ok(t.nimber(k as u32))
            }
            (Some(c @ ('^' | 'v')), _) => {
                self.at += 1;
                let n = if self.peek() == Some(c) {
                    self.at += 1;
                    2
                } else if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    self.count()?
                } else {
                    1
                };
                let n = n as i32;
                Ok(t.uptimal_game(Dyadic::ZERO, if c == '^' { n } else { -n }, 0))
            }
            (Some(c @ ('+' | '-')), Some('_')) => {
                self.at += 2;
                let sub = self.subscript(t)?;
                let zero = t.zero();
                if !t.le(zero, sub) || sub == zero {
                    return err(at + 2, "a tiny's subscript must be positive");
                }
                let tiny = t.tiny(sub);
                Ok(if c == '+' { tiny } else { t.neg(tiny) })
            }
            (Some('+'), Some('-')) => {
                self.at += 2;
                // +-(a,b) and CGSuite's +-{a,b} (braces with no bar of their own: a list).
                let listed = self.peek() == Some('(') || (self.peek() == Some('{') && !self.braces_have_bar());
                let opts = if listed {
                    self.at += 1;
                    let mut opts = vec![self.sum(t)?];
                    while self.peek() == Some(',') {
                        self.at += 1;
                        opts.push(self.sum(t)?);
                    }
                    self.expect(if self.text[at + 2] == '{' { '}' } else { ')' })?;
                    opts
                } else {
                    vec![self.subscript(t)?]
                };
                let right = opts.iter().map(|&x| t.neg(x)).collect();
                Ok(t.game(opts, right))
            }
            (Some(c), _) if c.is_ascii_digit() || (c == '-' && self.peek2().is_some_and(|d| d.is_ascii_digit())) => {
                let x = self.number()?;
                Ok(t.number_game(x))
            }
            (Some(c), _) => err(at, format!("unexpected '{c}'")),
            (None, _) => err(at, "the text ends too soon"),
        }
    }

    /// Whether the braces opening here hold a bar of their own (a game `{L|R}`, not a list).
    fn braces_have_bar(&self) -> bool {
        let mut level = 0;
        for &c in &self.text[self.at..] {
            match c {
                '{' | '(' => level += 1,
                '}' | ')' => {
                    level -= 1;
                    if level == 0 {
                        return false;
                    }
                }
                '|' if level == 1 => return true,
                _ => {}
            }
        }
        false
    }

    /// What follows `+_` or `+-`: a number, or one braced or parenthesised game.
    fn subscript(&mut self, t: &mut Games) -> Result<Gid, ParseGameError> {
        match self.peek() {
            Some('{') => self.braces(t),
            Some('(') => {
                self.at += 1;
                let g = self.sum(t)?;
                self.expect(')')?;
                Ok(g)
            }
            _ => {
                let x = self.number()?;
                Ok(t.number_game(x))
            }
        }
    }

    fn expect(&mut self, c: char) -> Result<(), ParseGameError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            err(self.at, format!("'{c}' expected"))
        }
    }

    /// A decimal count up to MAX_COUNT.
    fn count(&mut self) -> Result<u64, ParseGameError> {
        self.count_to(MAX_COUNT)
    }

    /// A natural number of at most `most`.
    fn count_to(&mut self, most: u64) -> Result<u64, ParseGameError> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as u64);
            self.at += 1;
        }
        if self.at == start {
            return err(start, "a number is missing here");
        }
        if n > most {
            // The number as written (clipped), not where the count stopped growing.
            let digits: String = self.text[start..self.at].iter().collect();
            let digits = digits.trim_start_matches('0');
            let written = match digits.len() {
                0..=24 => digits.to_string(),
                _ => format!("{}…", &digits[..24]),
            };
            return err(start, format!("{written} is too large (at most {most} here)"));
        }
        Ok(n)
    }

    /// `-3`, `7`, `3/16`: an integer, or a fraction whose denominator is a power of two.
    fn number(&mut self) -> Result<Dyadic, ParseGameError> {
        let negative = self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        let n = self.count()? as i64;
        let mut x = Dyadic::int(if negative { -n } else { n });
        if self.peek() == Some('/') {
            self.at += 1;
            let d_at = self.at;
            // Denominators up to 2^32 (a dyadic's exponent costs a node a halving).
            let d = self.count_to(1 << 32)?;
            if d == 0 || !d.is_power_of_two() {
                return err(d_at, format!("{d} is not a power of two: short games' numbers are dyadic"));
            }
            x = Dyadic::new(x.num(), d.trailing_zeros());
        }
        Ok(x)
    }

    /// `{ L | R }`, where the separator is the longest run of bars at this level.
    fn braces(&mut self, t: &mut Games) -> Result<Gid, ParseGameError> {
        let open = self.at;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(open, format!("games are nested more than {MAX_DEPTH} deep"));
        }
        // Find the matching brace and the bar runs at this level.
        let mut level = 0usize;
        let mut end = None;
        let mut runs: Vec<(usize, usize)> = vec![];
        let mut i = open + 1;
        while i < self.text.len() {
            match self.text[i] {
                '{' | '(' => level += 1,
                ')' if level > 0 => level -= 1,
                '}' if level > 0 => level -= 1,
                '}' => {
                    end = Some(i);
                    break;
                }
                '|' if level == 0 => {
                    let s = i;
                    while i < self.text.len() && self.text[i] == '|' {
                        i += 1;
                    }
                    runs.push((s, i - s));
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        let Some(end) = end else { return err(open, "'{' is never closed") };
        let Some(&longest) = runs.iter().map(|(_, n)| n).max() else {
            return err(open, "a game needs a '|' between Left's and Right's options");
        };
        let splits: Vec<usize> = runs.iter().filter(|r| r.1 == longest).map(|r| r.0).collect();
        if splits.len() > 1 {
            return err(splits[1], "two separators of the same length: add braces");
        }
        let bar = splits[0];
        let left = self.options(t, open + 1, bar)?;
        let right = self.options(t, bar + longest, end)?;
        self.at = end + 1;
        self.depth -= 1;
        Ok(t.game(left, right))
    }

    /// The options between `from` and `to`: one game if bars remain there, else a list.
    fn options(&mut self, t: &mut Games, from: usize, to: usize) -> Result<Vec<Gid>, ParseGameError> {
        if from == to {
            return Ok(vec![]);
        }
        let inner: Vec<char> = self.text[from..to].to_vec();
        let mut level = 0usize;
        let has_bar = inner.iter().any(|&c| {
            match c {
                '{' | '(' => level += 1,
                '}' | ')' => level = level.saturating_sub(1),
                _ => {}
            }
            c == '|' && level == 0
        });
        if has_bar {
            // A game written without its braces: read it as if it had them.
            let mut wrapped = vec!['{'];
            wrapped.extend(&inner);
            wrapped.push('}');
            let mut p = Parser { text: &wrapped, at: 0, depth: self.depth };
            return p
                .braces(t)
                .map(|g| vec![g])
                .map_err(|e| ParseGameError { at: from + e.at.saturating_sub(1), what: e.what });
        }
        let mut p = Parser { text: &self.text[..to], at: from, depth: self.depth };
        let mut out = vec![p.sum(t)?];
        while p.peek() == Some(',') {
            p.at += 1;
            out.push(p.sum(t)?);
        }
        if p.at != to {
            return err(p.at, format!("unexpected '{}'", self.text[p.at]));
        }
        Ok(out)
    }
}

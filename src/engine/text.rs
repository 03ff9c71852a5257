//! Small pieces of the text forms every family's notation shares: the lenient list splitter,
//! counts with a named field, the longest text accepted.

use core::fmt;

/// Longest text accepted for any one value (a link, a setup, a move list).
pub const MAX_TEXT: usize = 100_000;

/// Splits on the separators the lenient forms accept (`.`, `_`, space, `,`).
pub fn split_list(s: &str) -> impl Iterator<Item = &str> {
    s.split(['.', '_', ' ', ',']).filter(|t| !t.is_empty())
}

/// Splits a setup's counts as [`split_list`] does, but keeps an empty field between two
/// separators (`4..4`) as `""`, so that a count left out is an error rather than silently
/// dropped (spaces around a separator, and separators at either end, are allowed).
pub fn split_fields(s: &str) -> Vec<&str> {
    let s = s.trim().trim_matches(['.', '_', ',']);
    if s.is_empty() {
        return vec![];
    }
    s.split(['.', '_', ','])
        .flat_map(|piece| {
            let words: Vec<&str> = piece.split_whitespace().collect();
            if words.is_empty() {
                vec![""]
            } else {
                words
            }
        })
        .collect()
}

/// The first `n` characters of untrusted text, for quoting it in a message. Control and
/// bidirectional-formatting characters are shown as `<U+202E>`, so that quoted text can
/// neither hide itself nor reverse the message around it.
pub fn clip(s: &str, n: usize) -> String {
    let end = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    visible(&s[..end]).into_owned()
}

/// Whether `c` is shown as `<U+XXXX>` by [`visible`]: a control character, a bidirectional
/// formatting character, or one that takes no room (zero-width spaces and joiners, the word
/// joiner, a byte-order mark).
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}'
        )
}

/// Text with every character [`is_hidden`] written `<U+XXXX>`: what a message echoes from
/// untrusted input, so that the echo can neither hide itself nor reverse the message around
/// it. Borrowed when there is nothing to show.
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(is_hidden) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_hidden(c) {
            out.push_str(&format!("<U+{:04X}>", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A count that could not be read: what it was for, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The number is larger than the field allows.
    TooLarge {
        /// The field, e.g. "South pit a:".
        what: String,
        /// The number read.
        value: u64,
        /// The largest allowed.
        max: u64,
    },
    /// The number is negative (a count is 0 or more).
    Negative {
        /// The field.
        what: String,
        /// The text found, clipped.
        token: String,
    },
    /// A field left empty (two separators in a row).
    Empty {
        /// The field.
        what: String,
    },
    /// A number too large to read at all (its digits, clipped).
    Huge {
        /// The field.
        what: String,
        /// The digits, clipped.
        token: String,
        /// The largest allowed.
        max: u64,
    },
    /// The text is not a number (quoted, at most 12 characters with an ellipsis beyond).
    NotANumber {
        /// The field.
        what: String,
        /// The text found, clipped.
        token: String,
    },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::TooLarge { what, value, max } => write!(f, "{what} {value} is too large (at most {max})"),
            CountError::Negative { what, token } => write!(f, "{what} '{token}' is negative: a count is 0 or more"),
            CountError::NotANumber { what, token } => write!(f, "{what} '{token}' is not a number"),
            CountError::Empty { what } => write!(f, "{what} empty (a count is missing between two separators)"),
            CountError::Huge { what, token, max } => write!(f, "{what} {token} is too large (at most {max})"),
        }
    }
}

impl std::error::Error for CountError {}

impl CountError {
    /// The same fault, its field named within a larger one (`row 2` and `pot 3:` make
    /// `row 2, pot 3:`).
    pub fn within(self, outer: &str) -> CountError {
        let name = |what: String| format!("{outer}, {what}");
        match self {
            CountError::TooLarge { what, value, max } => CountError::TooLarge { what: name(what), value, max },
            CountError::Negative { what, token } => CountError::Negative { what: name(what), token },
            CountError::Empty { what } => CountError::Empty { what: name(what) },
            CountError::Huge { what, token, max } => CountError::Huge { what: name(what), token, max },
            CountError::NotANumber { what, token } => CountError::NotANumber { what: name(what), token },
        }
    }
}

/// Parses a count of at most `max`, naming the field (`what`) when it is not one.
///
/// # Errors
/// [`CountError`] when the token is not a number or is too large.
pub fn parse_count(token: &str, what: &str, max: u64) -> Result<u32, CountError> {
    match token.parse::<u64>() {
        Ok(n) if n <= max => Ok(n as u32),
        Ok(n) => Err(CountError::TooLarge { what: what.to_string(), value: n, max }),
        Err(_) if token.strip_prefix('-').is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())) => {
            Err(CountError::Negative { what: what.to_string(), token: clip(token, 12) })
        }
        Err(_) if token.trim().is_empty() => Err(CountError::Empty { what: what.to_string() }),
        Err(_) if token.bytes().all(|b| b.is_ascii_digit()) => {
            let token = if token.len() > 12 { format!("{}…", clip(token, 12)) } else { token.to_string() };
            Err(CountError::Huge { what: what.to_string(), token, max })
        }
        Err(_) if token.chars().count() > 12 => {
            Err(CountError::NotANumber { what: what.to_string(), token: format!("{}…", clip(token, 12)) })
        }
        Err(_) => Err(CountError::NotANumber { what: what.to_string(), token: token.to_string() }),
    }
}

/// `x` with its digits grouped by threes: 141159240 → "141,159,240".
pub fn group(x: u128) -> String {
    let s = x.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

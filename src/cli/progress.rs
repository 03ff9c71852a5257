//! Progress of long work on standard error: one line rewritten in place a few times a second
//! on a terminal, and nothing when standard error is not a terminal or the output is `--json`
//! (a command's `--progress` asks for plain lines instead, for logs).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Progress of one piece of work.
pub struct Progress {
    mode: Mode,
    start: Instant,
    last: Option<Instant>,
    drawn: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Off,
    /// A line rewritten in place, five times a second.
    Terminal,
    /// A plain line every few seconds (`--progress`, for a log).
    Lines,
}

impl Progress {
    /// Progress on a terminal unless the output is machine-readable; plain lines every few
    /// seconds when `lines` (a command's `--progress`) whatever standard error is.
    pub fn new(json: bool, lines: bool) -> Progress {
        let mode = if lines {
            Mode::Lines
        } else if !json && std::io::stderr().is_terminal() {
            Mode::Terminal
        } else {
            Mode::Off
        };
        Progress { mode, start: Instant::now(), last: None, drawn: false }
    }

    /// Whether anything is shown.
    pub fn on(&self) -> bool {
        self.mode != Mode::Off
    }

    /// Says something once, before the work (its memory need), when progress is shown.
    pub fn say(&mut self, what: &str) {
        if self.on() {
            self.clear();
            line(what);
        }
    }

    /// A milestone (a layer finished), in the plain lines of `--progress` only.
    pub fn milestone(&mut self, what: &str) {
        if self.mode == Mode::Lines {
            line(what);
        }
    }

    /// Shows `what()` (made only when due) with the time since the start.
    pub fn tick(&mut self, what: impl FnOnce() -> String) {
        let every = match self.mode {
            Mode::Off => return,
            Mode::Terminal => Duration::from_millis(200),
            Mode::Lines => Duration::from_secs(5),
        };
        let now = Instant::now();
        if self.last.is_some_and(|t| now - t < every) || (self.last.is_none() && now - self.start < every) {
            return;
        }
        self.last = Some(now);
        let line = format!("{} ({:.0} s)", what(), (now - self.start).as_secs_f64());
        let mut err = std::io::stderr().lock();
        if self.mode == Mode::Terminal {
            let _ = write!(err, "\r\x1b[2K{line}");
            self.drawn = true;
        } else {
            let _ = err.write_all(format!("{line}\n").as_bytes());
        }
        let _ = err.flush();
    }

    fn clear(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[2K");
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    /// The line goes when the work ends: the report follows on a clean screen.
    fn drop(&mut self) {
        self.clear();
    }
}

/// Writes `what` and a newline to standard error in one write, so that the lines of processes
/// sharing it (a build across processes) do not run into each other.
fn line(what: &str) {
    let _ = std::io::stderr().lock().write_all(format!("{what}\n").as_bytes());
}

/// Bytes as MiB or GiB, for the memory a piece of work states before it starts.
pub fn mib(bytes: u64) -> String {
    crate::engine::memory::in_words(bytes)
}

/// A search handler that shows the nodes searched as `what: N nodes` and never stops.
pub struct Nodes<'a> {
    /// Where it shows.
    pub progress: &'a mut Progress,
    /// What is searched (`solve`).
    pub what: &'a str,
}

impl crate::search::SearchHandler<crate::families::AnyMove> for Nodes<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let what = self.what;
        self.progress.tick(|| format!("{what}: {} nodes", crate::engine::text::group(u128::from(nodes))));
        false
    }

    fn on_progress(&mut self, _: &crate::search::Analysis<crate::families::AnyMove>) {}
}

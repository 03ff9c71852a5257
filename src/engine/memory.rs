//! Allocations that may be refused without ending the program. The CLI's allocator ends the
//! program with a message when the system refuses memory (never an abort); code that handles a
//! refusal itself (`try_reserve`, a table that stops growing) asks for its allocations inside
//! [`fallible`], where a refusal is returned to it as the standard library's allocators return
//! it.

use std::cell::Cell;

thread_local! {
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with this thread's refused allocations handed back to it (a null pointer, an `Err`
/// from `try_reserve`) rather than ending the program.
pub fn fallible<T>(f: impl FnOnce() -> T) -> T {
    let was = FALLIBLE.with(|c| c.replace(true));
    let out = f();
    FALLIBLE.with(|c| c.set(was));
    out
}

/// Whether this thread is inside [`fallible`] (read by the CLI's allocator; never allocates).
pub fn is_fallible() -> bool {
    FALLIBLE.with(Cell::get)
}

/// A figure in kB of a `/proc` file (`VmHWM:` of `/proc/self/status`), in bytes.
#[cfg(not(target_arch = "wasm32"))]
fn proc_bytes(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kb| kb * 1024)
}

/// The process's peak resident memory, where the system says it.
pub fn peak() -> Option<u64> {
    #[cfg(not(target_arch = "wasm32"))]
    return proc_bytes("/proc/self/status", "VmHWM:");
    #[cfg(target_arch = "wasm32")]
    None
}

/// The memory this process may still take, where the system says: the least of what the
/// system has available (MemAvailable), what the address-space limit leaves (`ulimit -v`, less
/// what the process maps already) and what its control group leaves (`memory.max` less
/// `memory.current`, cgroup v2). `None` where unknown (the browser).
pub fn available() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    return None;
    #[cfg(not(target_arch = "wasm32"))]
    {
        let mut free = proc_bytes("/proc/meminfo", "MemAvailable:")?;
        #[cfg(unix)]
        {
            let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            // SAFETY: getrlimit writes the limit into the struct given.
            if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0 && limit.rlim_cur != libc::RLIM_INFINITY {
                let mapped = proc_bytes("/proc/self/status", "VmSize:").unwrap_or(0);
                // `rlim_t` is a u64 here, another width on other systems.
                #[allow(clippy::unnecessary_cast)]
                let limit = limit.rlim_cur as u64;
                free = free.min(limit.saturating_sub(mapped));
            }
        }
        let read = |f: &str| std::fs::read_to_string(f).ok().and_then(|t| t.trim().parse::<u64>().ok());
        if let (Some(max), Some(now)) = (read("/sys/fs/cgroup/memory.max"), read("/sys/fs/cgroup/memory.current")) {
            free = free.min(max.saturating_sub(now));
        }
        Some(free)
    }
}

/// What one long job may plan to take: seven eighths of [`available`] (an eighth left for
/// everything else); `None` where unknown.
pub fn usable() -> Option<u64> {
    available().map(|f| f - f / 8)
}

/// What a search that may stop for memory (the Tchouka solitaire's solve, when the page or the
/// CLI analyses a position) may hold: half of [`usable`]; `None` where unknown.
pub fn for_a_solve() -> Option<u64> {
    usable().map(|u| u / 2)
}

/// Bytes in words: `512 MiB`, `3.4 GiB`.
pub fn in_words(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// A job refused for its memory: what it is, what it needs by its estimate (or has reached),
/// and what may be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The job, in words ("Dooley's study of kalah-6-2").
    pub what: String,
    /// Bytes it needs (an estimate made before it starts, or what it holds when stopped).
    pub needs: u64,
    /// Bytes that may be used ([`usable`]).
    pub usable: u64,
    /// Stopped as it grew (`needs` is what it held), not refused ahead.
    pub grew: bool,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, needs, usable) = (&self.what, in_words(self.needs), in_words(self.usable));
        if self.grew {
            write!(f, "{what} held about {needs} and would outgrow the {usable} that may be used (seven eighths of the memory available)")
        } else {
            write!(f, "{what} needs about {needs}, more than the {usable} that may be used (seven eighths of the memory available)")
        }
    }
}

impl std::error::Error for TooLarge {}

/// A job's memory against what may be used: `check` before it starts (its estimate), and
/// `holds` as it grows (what it holds), so that it stops with the figures instead of being
/// killed by the system. Unlimited where the memory available is unknown.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    usable: Option<u64>,
}

impl Budget {
    /// This machine's: [`usable`] now.
    pub fn of_machine() -> Budget {
        Budget { usable: usable() }
    }

    /// No limit (the tests' small jobs, the browser).
    pub fn unlimited() -> Budget {
        Budget { usable: None }
    }

    /// A budget of `bytes` (tests of the refusal).
    pub fn of(bytes: u64) -> Budget {
        Budget { usable: Some(bytes) }
    }

    /// `Err` when `bytes` for `what`, an estimate before it starts, is more than may be used.
    pub fn check(&self, what: impl FnOnce() -> String, bytes: u64) -> Result<(), TooLarge> {
        match self.usable {
            Some(usable) if bytes > usable => Err(TooLarge { what: what(), needs: bytes, usable, grew: false }),
            _ => Ok(()),
        }
    }

    /// `Err` when `what` holds `bytes` as it grows and has come within an eighth of what may be
    /// used (checked now and then, so it stops before the next growth outruns the budget).
    pub fn holds(&self, what: impl FnOnce() -> String, bytes: u64) -> Result<(), TooLarge> {
        match self.usable {
            Some(usable) if bytes > usable - usable / 8 => {
                Err(TooLarge { what: what(), needs: bytes, usable, grew: true })
            }
            _ => Ok(()),
        }
    }
}

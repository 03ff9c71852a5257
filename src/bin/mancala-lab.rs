//! The native command-line tool: the same engine, notation and values as the web page.

use std::alloc::{GlobalAlloc, Layout, System};

/// The system's allocator, except that a refused allocation ends the program with a message
/// and exit status 2 instead of an abort ("memory allocation of N bytes failed", status 134):
/// a command's own estimate refuses what it knows will not fit, and this catches the rest
/// (an address-space limit, `ulimit -v`, a container's limit). Code that handles a refusal
/// itself asks inside `engine::memory::fallible`, and gets the null back.
struct Refusing;

impl Refusing {
    /// Says how much was asked for and exits: no allocation on the way (the message is built
    /// on the stack and written straight to standard error).
    fn refuse(layout: Layout) -> ! {
        use std::io::Write as _;
        let mut buf = [0u8; 200];
        let mut at = 0;
        let mut put = |s: &[u8]| {
            let n = s.len().min(buf.len() - at);
            buf[at..at + n].copy_from_slice(&s[..n]);
            at += n;
        };
        put(b"mancala-lab: not enough memory: an allocation of ");
        let mut digits = [0u8; 20];
        let (mut n, mut k) = (layout.size(), digits.len());
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        put(&digits[k..]);
        put(b" bytes was refused; ask for less (a smaller size, fewer seeds or a lower limit)\n");
        let _ = std::io::stderr().write_all(&buf[..at]);
        std::process::exit(2)
    }
}

unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is System's.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() && !mancala_lab::engine::memory::is_fallible() {
            Self::refuse(layout);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() && !mancala_lab::engine::memory::is_fallible() {
            Self::refuse(layout);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() && !mancala_lab::engine::memory::is_fallible() {
            // SAFETY: `new_size` was checked by the caller to make a valid layout.
            Self::refuse(unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) });
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Refusing = Refusing;

fn main() {
    std::process::exit(mancala_lab::cli::main());
}

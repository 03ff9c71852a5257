//! Big zeroed arrays for the table and the database: zeroed memory costs nothing until it is
//! touched, and on Linux the memory is asked to be backed by huge pages, which cuts the TLB
//! misses of random access over gigabytes.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Types for which all-zero bytes are a valid value.
///
/// # Safety
/// An implementor promises that the all-zero bit pattern is a valid value of the type:
/// [`BigArray::zeroed`] hands out such values without writing them.
pub unsafe trait Zeroable {}
// SAFETY: a bucket is eight atomic u64 and an AtomicU16 a plain integer: valid when zero.
unsafe impl Zeroable for super::Bucket {}
// SAFETY: as above.
unsafe impl Zeroable for std::sync::atomic::AtomicU16 {}
// SAFETY: as above.
unsafe impl Zeroable for std::sync::atomic::AtomicU8 {}

/// A fixed-length zero-initialised array with its own allocation.
pub struct BigArray<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
    /// Made by mmap (unmapped on drop) rather than the allocator.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    mapped: bool,
}

// SAFETY: BigArray owns its memory like a Box<[T]>.
unsafe impl<T: Zeroable + Send> Send for BigArray<T> {}
unsafe impl<T: Zeroable + Sync> Sync for BigArray<T> {}

#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

impl<T: Zeroable> BigArray<T> {
    /// `len` zeroed elements.
    pub fn zeroed(len: usize) -> Result<BigArray<T>, String> {
        let bytes = len.checked_mul(core::mem::size_of::<T>()).ok_or("size overflow")?.max(1);
        let layout = Layout::from_size_align(bytes, core::mem::align_of::<T>().max(64)).map_err(|e| e.to_string())?;
        #[cfg(target_os = "linux")]
        if bytes >= HUGE_PAGE {
            // Anonymous memory is zeroed and only backed when touched; mapped directly so
            // the huge-page advice comes before the first touch.
            // SAFETY: a fresh private anonymous mapping; checked for failure below.
            let raw = unsafe {
                libc::mmap(
                    core::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if raw == libc::MAP_FAILED {
                return Err(format!("could not map {bytes} bytes"));
            }
            // SAFETY: advice on the mapping just made.
            unsafe { libc::madvise(raw, bytes, libc::MADV_HUGEPAGE) };
            let ptr = NonNull::new(raw as *mut T).ok_or("null mapping")?;
            return Ok(BigArray { ptr, len, layout, mapped: true });
        }
        // SAFETY: the layout has a non-zero size.
        let raw = crate::engine::memory::fallible(|| unsafe { alloc_zeroed(layout) });
        let ptr = NonNull::new(raw as *mut T).ok_or_else(|| format!("could not allocate {bytes} bytes"))?;
        Ok(BigArray { ptr, len, layout, mapped: false })
    }
}

impl<T: Zeroable> BigArray<T> {
    /// `len` elements mapped from `file` (of `len` elements' bytes), private to this process:
    /// the pages are the file's, shared by every process that maps it, until one writes to
    /// them (then that page is this process's copy).
    #[cfg(target_os = "linux")]
    pub fn mapped(file: &std::fs::File, len: usize) -> Result<BigArray<T>, String> {
        use std::os::fd::AsRawFd;
        let bytes = len.checked_mul(core::mem::size_of::<T>()).ok_or("size overflow")?;
        let on_disk = file.metadata().map_err(|e| e.to_string())?.len();
        if bytes == 0 || on_disk != bytes as u64 {
            return Err(format!("the file holds {on_disk} bytes, not {bytes}"));
        }
        let layout = Layout::from_size_align(bytes, core::mem::align_of::<T>().max(64)).map_err(|e| e.to_string())?;
        // SAFETY: a private mapping of the whole file, checked for failure below; the file's
        // bytes are valid values of T (any bytes are, for a Zeroable integer type).
        let raw = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE,
                file.as_raw_fd(),
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return Err(format!("could not map {bytes} bytes: {}", std::io::Error::last_os_error()));
        }
        let ptr = NonNull::new(raw as *mut T).ok_or("null mapping")?;
        Ok(BigArray { ptr, len, layout, mapped: true })
    }
}

impl<T: Zeroable> Deref for BigArray<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: ptr points to len zero-initialised (valid) T, owned by self.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> DerefMut for BigArray<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in deref, and &mut self gives unique access.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for BigArray<T> {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if self.mapped {
            // SAFETY: mapped in `zeroed` with this size.
            unsafe { libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.layout.size()) };
            return;
        }
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

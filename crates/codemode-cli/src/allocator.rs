//! The process's allocator: the first mebibyte of allocations is cut from one static block,
//! everything after comes from mimalloc.
//!
//! A run's start (the command line, the runtime, the interpreter's realm) makes about 1,500
//! allocations of 280 KB in all. mimalloc serves each size class from its own 64 KB page and
//! prepares free lists a page at a time, so they touch about 120 pages of memory, each a
//! page fault of ~2 us here, twice what the bytes need. Cut in order from one block, they
//! fill about 60 pages. A block freed here is not reused; the waste is at most the block,
//! once per process.
#![allow(unsafe_code)]

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const ARENA_BYTES: usize = 1 << 20;

/// Zero-initialised, so it lies in .bss: its pages are mapped as they are first touched.
#[repr(C, align(4096))]
struct Arena(UnsafeCell<[u8; ARENA_BYTES]>);

// SAFETY: bytes of the arena are handed out at most once (`USED` only grows, by
// compare-and-swap), so no two threads are ever given the same bytes.
unsafe impl Sync for Arena {}

static ARENA: Arena = Arena(UnsafeCell::new([0; ARENA_BYTES]));
/// How many bytes from the arena's start are handed out.
static USED: AtomicUsize = AtomicUsize::new(0);
/// Cleared when the arena is (nearly) used up: from then on an allocation costs one load
/// more than mimalloc's own.
static OPEN: AtomicBool = AtomicBool::new(true);
/// A request this small that does not fit means the arena is used up.
const CLOSE_BELOW: usize = 64 << 10;

pub struct StartArena;

/// mimalloc, called directly: every block it gives is 8-aligned, so an alignment of 8 or
/// less takes its plain calls, which skip the aligned calls' checks and, for `realloc`, grow
/// in place within the block's size class.
struct Mimalloc;

/// The alignment of every block mimalloc gives.
const MI_MIN_ALIGN: usize = 8;

impl Mimalloc {
    /// # Safety
    /// `GlobalAlloc::alloc`'s contract.
    #[inline]
    unsafe fn alloc(layout: Layout) -> *mut u8 {
        // SAFETY: mimalloc takes any size and a power-of-two alignment.
        unsafe {
            if layout.align() <= MI_MIN_ALIGN {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    /// # Safety
    /// `GlobalAlloc::alloc_zeroed`'s contract.
    #[inline]
    unsafe fn alloc_zeroed(layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe {
            if layout.align() <= MI_MIN_ALIGN {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    /// # Safety
    /// `GlobalAlloc::dealloc`'s contract, for a block of mimalloc's.
    #[inline]
    unsafe fn dealloc(ptr: *mut u8) {
        // SAFETY: `ptr` is a live block of mimalloc's (the caller's word).
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    /// # Safety
    /// `GlobalAlloc::realloc`'s contract, for a block of mimalloc's.
    #[inline]
    unsafe fn realloc(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` is a live block of mimalloc's allocated with `layout`'s alignment.
        unsafe {
            if layout.align() <= MI_MIN_ALIGN {
                mi::mi_realloc(ptr.cast(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
            }
        }
    }
}

impl StartArena {
    fn base() -> usize {
        ARENA.0.get() as usize
    }

    fn owns(ptr: *mut u8) -> bool {
        (ptr as usize).wrapping_sub(Self::base()) < ARENA_BYTES
    }

    /// `layout`'s bytes from the arena, or else from mimalloc.
    #[inline(never)]
    fn alloc_start(layout: Layout, zeroed: bool) -> *mut u8 {
        if let Some(ptr) = Self::cut(layout) {
            // The arena starts zeroed and no byte of it is handed out twice.
            return ptr;
        }
        if layout.size() < CLOSE_BELOW {
            OPEN.store(false, Ordering::Relaxed);
        }
        // SAFETY: the caller's guarantees for `layout` are passed on.
        unsafe {
            if zeroed {
                Mimalloc::alloc_zeroed(layout)
            } else {
                Mimalloc::alloc(layout)
            }
        }
    }

    /// `layout`'s bytes from the arena, or None when they do not fit.
    fn cut(layout: Layout) -> Option<*mut u8> {
        let base = Self::base();
        let mut used = USED.load(Ordering::Relaxed);
        loop {
            let start = (base + used).checked_add(layout.align() - 1)? & !(layout.align() - 1);
            let end = start.checked_add(layout.size())?;
            if end > base + ARENA_BYTES {
                return None;
            }
            match USED.compare_exchange_weak(used, end - base, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some(ARENA.0.get().cast::<u8>().wrapping_add(start - base)),
                Err(now) => used = now,
            }
        }
    }

    /// Grows or shrinks the arena's last block in place.
    fn resize_last(ptr: *mut u8, old_size: usize, new_size: usize) -> bool {
        let offset = ptr as usize - Self::base();
        let Some(new_end) = offset.checked_add(new_size) else {
            return false;
        };
        new_end <= ARENA_BYTES
            && USED
                .compare_exchange(
                    offset + old_size,
                    new_end,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
    }
}

// SAFETY: every block handed out is `layout.size()` bytes aligned to `layout.align()`, from
// the arena (once only) or from mimalloc; a block is given back to whichever gave it.
unsafe impl GlobalAlloc for StartArena {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if OPEN.load(Ordering::Relaxed) {
            return Self::alloc_start(layout, false);
        }
        // SAFETY: the caller's guarantees for `layout` are passed on.
        unsafe { Mimalloc::alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if OPEN.load(Ordering::Relaxed) {
            return Self::alloc_start(layout, true);
        }
        // SAFETY: the caller's guarantees for `layout` are passed on.
        unsafe { Mimalloc::alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        if !Self::owns(ptr) {
            // SAFETY: not the arena's, so mimalloc's (the caller's word).
            unsafe { Mimalloc::dealloc(ptr) }
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if Self::owns(ptr) {
            // SAFETY: the caller's guarantees are passed on.
            return unsafe { Self::realloc_start(ptr, layout, new_size) };
        }
        // SAFETY: mimalloc's block, with the caller's guarantees.
        unsafe { Mimalloc::realloc(ptr, layout, new_size) }
    }
}

impl StartArena {
    /// Resizes a block of the arena: in place when it is the last one, else by moving it.
    ///
    /// # Safety
    /// `GlobalAlloc::realloc`'s contract, for a block of the arena.
    #[inline(never)]
    unsafe fn realloc_start(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if Self::resize_last(ptr, layout.size(), new_size) {
            return ptr;
        }
        // SAFETY: the caller guarantees that `new_size`, rounded up to the alignment, does
        // not overflow isize.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let new = if OPEN.load(Ordering::Relaxed) {
            Self::alloc_start(new_layout, false)
        } else {
            // SAFETY: `new_layout` has a non-zero size (the caller's guarantee).
            unsafe { Mimalloc::alloc(new_layout) }
        };
        if !new.is_null() {
            // SAFETY: both blocks are valid for the smaller size and do not overlap (the
            // new one was just handed out).
            unsafe { std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size)) };
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_distinct_and_keep_their_bytes_when_moved() {
        let a = StartArena;
        let mut blocks = Vec::new();
        for (size, align) in [(1, 1), (24, 8), (100, 16), (4096, 4096), (3, 2)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: non-zero sizes; each block is written within its size and freed once.
            let ptr = unsafe { a.alloc(layout) };
            assert!(!ptr.is_null());
            assert_eq!(ptr as usize % align, 0);
            unsafe { std::ptr::write_bytes(ptr, size as u8, size) };
            blocks.push((ptr, layout));
        }
        for &(ptr, layout) in &blocks {
            let bytes = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
            assert!(bytes.iter().all(|&b| b == layout.size() as u8));
        }
        for (ptr, layout) in blocks {
            // Grown (in place or moved), the bytes stay.
            let grown = unsafe { a.realloc(ptr, layout, layout.size() * 3 + 5) };
            let bytes = unsafe { std::slice::from_raw_parts(grown, layout.size()) };
            assert!(bytes.iter().all(|&b| b == layout.size() as u8));
            assert_eq!(grown as usize % layout.align(), 0);
            let layout = Layout::from_size_align(layout.size() * 3 + 5, layout.align()).unwrap();
            unsafe { a.dealloc(grown, layout) };
        }
    }

    #[test]
    fn a_block_larger_than_the_arena_comes_from_mimalloc() {
        let a = StartArena;
        let layout = Layout::from_size_align(ARENA_BYTES + 1, 8).unwrap();
        // SAFETY: a non-zero size, freed once with its layout.
        let ptr = unsafe { a.alloc_zeroed(layout) };
        assert!(!ptr.is_null() && !StartArena::owns(ptr));
        let bytes = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
        assert!(bytes.iter().all(|&b| b == 0));
        unsafe { a.dealloc(ptr, layout) };
    }
}

//! `bounded_exec`: a program's memory accounting holds against the real allocator.
//!
//! Any Lua or JavaScript program runs under tiny limits ([`bounded_limits`]: 1 MiB of memory,
//! 10^6 fuel) while a counting global allocator ([`Counting`]) records the process's peak of
//! live heap bytes. The peak over the whole run (compile, start, every step, the exported
//! result) must stay under `max_memory_bytes × MEMORY_FACTOR + BASE_BYTES`: an interpreter
//! that allocates without counting, or counts far less than it takes, fails the assertion
//! long before it takes gigabytes.
//!
//! The binary that runs the body installs the allocator (`#[global_allocator]`); the body
//! checks that it did, so a build without it fails instead of passing on zero counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use codemode_core::{CompileOptions, Deadline, Interpreter, StartOptions, ToolRoot, VmLimits};

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// A global allocator that forwards to the system allocator and counts live bytes, their
/// peak and the number of allocations. Install it with
/// `#[global_allocator] static A: Counting = Counting;`.
pub struct Counting;

fn grew(bytes: usize) {
    let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged and only
// updates counters beside it, so the caller gets exactly System's guarantees.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Count the growth first, so a moving realloc's momentary double is not hidden.
            if new_size > layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
                ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            }
        }
        p
    }
}

/// The memory limit every fuzzed program gets.
pub const MAX_MEMORY_BYTES: usize = 1 << 20;

/// How many times the memory limit the real peak may reach: the issue's "peak stays within
/// about twice the configured memory limit plus a fixed base".
pub const MEMORY_FACTOR: usize = 2;

/// What a run may take beside the program's counted memory: the compiled program (at most
/// [`bounded_limits`]'s 16 KiB of source), a fresh execution's globals and prelude (JS shares
/// its built-ins copy-on-write, so only touched objects are copied), the exported result
/// and the interpreters' scratch buffers. Measured: `return 1` peaks at about 50 KiB in Lua
/// and 150 KiB in JavaScript; the biggest committed seed at about 1 MiB. 4 MiB leaves room
/// for the compile of a 16 KiB source.
pub const BASE_BYTES: usize = 4 << 20;

/// Bounds small enough that every input runs in milliseconds and the memory limit is reached
/// by a few lines of code.
pub fn bounded_limits() -> VmLimits {
    VmLimits {
        max_source_bytes: 16 << 10,
        max_nesting: 64,
        max_fuel: 1_000_000,
        max_memory_bytes: MAX_MEMORY_BYTES,
        max_frames: 64,
        max_string_len: 1 << 20,
        max_collection_len: 1 << 16,
    }
}

/// What one run cost, as the allocator saw it.
#[derive(Debug, Clone, Copy)]
pub struct Measured {
    /// Peak live bytes above what was live before the run.
    pub peak_bytes: usize,
    /// Allocations made during the run.
    pub allocations: usize,
}

/// Compiles and runs `source` under [`bounded_limits`] and returns what the allocator saw.
/// Panics if the run does not finish (see [`crate::run_program`]'s driver).
pub fn measure(interpreter: &dyn Interpreter, source: &str) -> Measured {
    let options = CompileOptions {
        tool_root: ToolRoot::Tools,
        limits: bounded_limits(),
        ..CompileOptions::default()
    };
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    let start = StartOptions {
        seed: None,
        // Long enough never to be what ends a run here (fuel does), present so that the
        // interpreters' deadline checks run too.
        deadline: Some(Deadline::after(Duration::from_secs(60))),
        // A fixed clock, so a finding replays the same way.
        now: Some(std::time::UNIX_EPOCH + Duration::from_secs(1_700_000_000)),
        time_zone: None,
    };
    if let Ok(program) = interpreter.compile(source, &options) {
        let mut execution = program.start(start);
        let outcome = crate::drive(execution.as_mut());
        drop(outcome);
    }
    Measured {
        peak_bytes: PEAK.load(Ordering::Relaxed).saturating_sub(before),
        allocations: ALLOCATIONS.load(Ordering::Relaxed) - allocations,
    }
}

/// Whether this process's global allocator is [`Counting`]: one allocation must be seen.
pub fn counting_is_installed() -> bool {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let probe = std::hint::black_box(Box::new([0u8; 64]));
    drop(probe);
    ALLOCATIONS.load(Ordering::Relaxed) > before
}

/// The bound the accounting must hold: `max_memory_bytes × MEMORY_FACTOR + BASE_BYTES`
/// (6 MiB with the limits above).
pub const TARGET_PEAK_BYTES: usize = MAX_MEMORY_BYTES * MEMORY_FACTOR + BASE_BYTES;

/// Overrides [`TARGET_PEAK_BYTES`] for a run (bytes), to look at a finding by hand; CI runs
/// with the target bound.
pub const PEAK_BOUND_VAR: &str = "BOUNDED_EXEC_PEAK_BYTES";

/// The bound [`bounded_exec`] asserts: [`TARGET_PEAK_BYTES`] unless [`PEAK_BOUND_VAR`] says
/// otherwise.
pub fn peak_bound() -> usize {
    static BOUND: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *BOUND.get_or_init(|| {
        std::env::var(PEAK_BOUND_VAR)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(TARGET_PEAK_BYTES)
    })
}

/// Runs `source` in the language `selector` picks (even: Lua, odd: JavaScript).
pub fn measure_input(selector: u8, source: &str) -> Measured {
    if selector & 1 == 0 {
        measure(crate::lua(), source)
    } else {
        measure(crate::js(), source)
    }
}

/// Panics when a run's peak passes [`peak_bound`], naming the input's language.
pub fn check(selector: u8, measured: Measured) {
    let language = if selector & 1 == 0 {
        "Lua"
    } else {
        "JavaScript"
    };
    assert!(
        measured.peak_bytes <= peak_bound(),
        "{language}: peak of {} bytes under a {MAX_MEMORY_BYTES}-byte memory limit (bound {} bytes)",
        measured.peak_bytes,
        peak_bound()
    );
}

/// `bounded_exec`: the first byte picks the language (even: Lua, odd: JavaScript), the rest
/// is the program. Panics when the allocator's peak during the run passes [`peak_bound`].
pub fn bounded_exec(data: &[u8]) {
    assert!(
        counting_is_installed(),
        "no allocation counted: the binary must install bounded::Counting as its global allocator"
    );
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(source) = std::str::from_utf8(rest) else {
        return;
    };
    check(selector, measure_input(selector, source));
}

//! With a counting global allocator: programs an attacker would write to take memory the
//! accounting does not see end within about twice `max_memory_bytes` plus a fixed base,
//! with the process alive and a diagnostic.
// SAFETY (for the whole file): the only unsafe code is the counting allocator, which forwards
// every call unchanged to `System` and only adds to an atomic counter.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use codemode_core::{CompileOptions, Diagnostic, Interpreter, StartOptions, StepState, VmLimits};
use codemode_lua::LuaInterpreter;

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now =
                LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed) + layout.size() as isize;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            let delta = new_size as isize - layout.size() as isize;
            let now = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const LIMIT: usize = 16 << 20;
/// What a run may hold besides twice the limit: the compiled program, the standard
/// library's copy, the test harness.
const BASE: usize = 8 << 20;

fn run(interp: &LuaInterpreter, src: &str) -> (Result<serde_json::Value, Diagnostic>, usize) {
    let options = CompileOptions {
        limits: VmLimits {
            max_memory_bytes: LIMIT,
            max_fuel: 50_000_000,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut exec = interp
        .compile(src, &options)
        .expect("compiles")
        .start(StartOptions::default());
    let result = loop {
        match exec.step(1_000_000).state {
            StepState::Done(c) => break Ok(c.value),
            StepState::Failed(d) => break Err(d),
            _ => {}
        }
    };
    drop(exec);
    let peak = (PEAK.load(Ordering::Relaxed) - before).max(0) as usize;
    (result, peak)
}

// One test function so no other test allocates concurrently.
#[test]
fn programs_that_hide_allocations_stay_within_twice_the_limit() {
    let interp = LuaInterpreter::new();
    let cases: &[(&str, &str)] = &[
        // Issue 9 cause 6 in Lua form: error objects kept alive through pcall in deep
        // recursion, twice per level.
        (
            "catch-and-recurse",
            "local function f(d)
               if d > 22 then error({a = 1, s = string.rep('e', 100)}) end
               local ok, e = pcall(f, d + 1)
               local ok2, e2 = pcall(f, d + 1)
               return e, e2
             end
             pcall(f, 0) return 1",
        ),
        // A shared reference expanded at the data boundary.
        (
            "expanded result",
            "local t = {1} for i = 1, 40 do t = {t, t} end return t",
        ),
        (
            "expanded json.encode",
            "local t = {1} for i = 1, 40 do t = {t, t} end return json.encode(t)",
        ),
        // Many results copied onto the stack in every frame of a deep recursion.
        (
            "unpack in recursion",
            "local big = {} for i = 1, 200000 do big[i] = i end
             local function f(n, ...)
               if n == 0 then return select('#', ...) end
               local r = f(n - 1, table.unpack(big)) return r
             end
             return f(150)",
        ),
        (
            "string.byte into tables",
            "local s = string.rep('x', 900000) local keep = {}
             for i = 1, 100 do keep[i] = {string.byte(s, 1, -1)} end return #keep",
        ),
        (
            "table.concat of many pieces",
            "local parts = {} for i = 1, 3000000 do parts[i] = 'xxxxxxxx' .. i end
             return #table.concat(parts)",
        ),
        (
            "array and hash growth",
            "local t = {} for i = 1, 1e7 do t[i] = i t['k' .. i] = i end return #t",
        ),
        (
            "closures and upvalues",
            "local fs = {} for i = 1, 1e7 do local x = i fs[i] = function() return x end end
             return #fs",
        ),
        (
            "json.decode of many small values",
            "local text = '[' .. string.rep('0,', 4000000) .. '0]' return #json.decode(text)",
        ),
        (
            "string building",
            "local s = '' for i = 1, 1e6 do s = s .. 'abcdefgh' end return #s",
        ),
    ];
    let mut report = Vec::new();
    for (name, src) in cases {
        let (result, peak) = run(&interp, src);
        report.push(format!(
            "{name}: peak {} KiB, {:?}",
            peak >> 10,
            result.as_ref().err().map(|d| &d.message)
        ));
        assert!(
            peak < 2 * LIMIT + BASE,
            "{name}: peak live allocation {peak} bytes for a limit of {LIMIT} ({result:?})"
        );
        let d = result.expect_err(name);
        assert!(
            d.message.contains("not enough memory")
                || d.message.contains("too large when expanded")
                || d.message.contains("instruction budget")
                || d.message.contains("string length limit"),
            "{name}: {}",
            d.message
        );
    }
    println!("{}", report.join("\n"));
}

//! With a counting global allocator: a garbage-producing loop stays under a bound of live
//! bytes, and nothing is left allocated after a run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use codemode_core::{CompileOptions, Interpreter, StartOptions, StepState};
use codemode_lua::LuaInterpreter;

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every method forwards to the system allocator with the caller's arguments unchanged
// and only updates counters beside it, so System's guarantees carry over.
#[allow(unsafe_code)]
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

fn run(interp: &LuaInterpreter, src: &str) -> serde_json::Value {
    let mut exec = interp
        .compile(src, &CompileOptions::default())
        .expect("compiles")
        .start(StartOptions::default());
    loop {
        match exec.step(1_000_000).state {
            StepState::Done(c) => return c.value,
            StepState::Failed(d) => panic!("{d:?}"),
            _ => {}
        }
    }
}

// One test function so no other test allocates concurrently.
#[test]
fn garbage_loops_run_in_bounded_memory_and_nothing_leaks() {
    let interp = LuaInterpreter::new();
    // Warm up (lazy statics, thread-locals of the test harness).
    run(&interp, "return 1");

    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    // About 80 MB of garbage in total (strings and tables), a tiny live set.
    let v = run(
        &interp,
        r#"
local n = 0
for i = 1, 4000 do
  local s = ("payload-"):rep(2500) .. i
  local t = { s = s, parts = { i, i + 1, tostring(i) } }
  n = n + #t.s % 7
end
return n
"#,
    );
    assert!(v.is_number());
    let peak = PEAK.load(Ordering::Relaxed) - before;
    assert!(peak < 16 << 20, "peak live allocation was {peak} bytes");
    let after = LIVE.load(Ordering::Relaxed);
    assert!(
        after - before < 4096,
        "{} bytes still allocated after the run",
        after - before
    );

    // gsub with a function replacement holds one match at a time: 32 position
    // captures per 1-byte match over 50 000 bytes would be ~40 MB of matches if they
    // were collected up front.
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let v = run(
        &interp,
        r##"
local s = ("x"):rep(50000)
local p = ("()"):rep(32) .. "x"
local calls = 0
local out, n = s:gsub(p, function(a, ...)
  calls = calls + 1
  if select("#", ...) ~= 31 then error("wrong capture count") end
  if calls % 2 == 0 then return "y" end
end)
return { n = n, calls = calls, len = #out, head = out:sub(1, 4) }
"##,
    );
    assert_eq!(
        v,
        serde_json::json!({ "n": 50000, "calls": 50000, "len": 50000, "head": "xyxy" })
    );
    let peak = PEAK.load(Ordering::Relaxed) - before;
    assert!(peak < 4 << 20, "gsub peak live allocation was {peak} bytes");
}

//! Issue 9's JavaScript bounds: built-ins count memory before they allocate, long native
//! operations charge fuel for their work and stop at the deadline, `delete` is O(1)
//! amortised, and a program that only ever throws still collects its garbage. Each test
//! asserts the diagnostic, the wall time (loosely, against the deadline) and the peak of
//! the process's allocations (a counting global allocator) against the memory limit.
#![allow(unsafe_code)]

mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Counts the bytes the process holds and the most it held since the last reset.
struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let now = CURRENT.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call forwards to the system allocator with the same layout and pointer;
// the counters only observe sizes.
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
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Count the moment both blocks may exist, as a copying realloc holds them.
            grew(new_size);
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measured run at a time: the peak is process-wide.
static SERIAL: Mutex<()> = Mutex::new(());

const MIB: usize = 1 << 20;
/// Memory limit of these tests.
const LIMIT: usize = 64 * MIB;
/// What an execution holds besides its heap (bytecode, stacks, the driver's buffers).
const BASE: usize = 16 * MIB;

struct Run {
    result: Result<serde_json::Value, Diagnostic>,
    elapsed: Duration,
    /// Most bytes the run held above what the process held before it.
    peak: usize,
}

/// Runs `src` like the driver does: fuel slices, the deadline checked between them.
fn run(interp: &JsInterpreter, src: &str, memory: usize, timeout: Duration) -> Run {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let options = CompileOptions {
        limits: VmLimits {
            max_memory_bytes: memory,
            ..Default::default()
        },
        ..Default::default()
    };
    let program = interp.compile(src, &options).expect("compiles");
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let result = common::run_to_deadline(program, timeout);
    let elapsed = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    Run {
        result,
        elapsed,
        peak,
    }
}

fn assert_memory_limit(src: &str, r: &Run) {
    // The memory limit, or the collection limit when that comes first (a RangeError).
    match &r.result {
        Err(d) => {
            assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}: {d}");
            assert!(
                d.message.contains("memory limit exceeded")
                    || d.message.contains("RangeError: Invalid array length"),
                "{src}: {d}"
            );
        }
        Ok(v) => panic!("{src}: returned {v}"),
    }
    eprintln!("{} MiB peak, {:?}: {src}", r.peak / MIB, r.elapsed);
    assert!(
        r.peak <= 2 * LIMIT + BASE,
        "{src}: peak {} MiB over a {} MiB limit",
        r.peak / MIB,
        LIMIT / MIB
    );
}

#[test]
fn builtins_count_memory_before_they_allocate() {
    let i = JsInterpreter::new();
    for src in [
        // One string per unit.
        r#"return "a".repeat(2e7).split("").length"#,
        r#"return "ab".repeat(1e7).split("b").length"#,
        // One key string per index.
        r#"return Object.keys("a".repeat(3e7)).length"#,
        r#"return Object.keys(new Array(3e6).fill(0)).length"#,
        // One pair array per element.
        r#"return Object.entries(new Array(2e6).fill(0)).length"#,
        r#"return [...new Array(2e6).fill(0).entries()].length"#,
        // A value per element, parsed.
        r#"return JSON.parse("[" + "[0],".repeat(2e6) + "[0]]").length"#,
        r#"return JSON.parse("[" + "0,".repeat(6e6) + "0]").length"#,
        // Spread and copies of a big array.
        r#"const a = new Array(3e6).fill(0); return Math.max(...a, ...a)"#,
        r#"const a = new Array(2e6).fill(0); return a.concat(a, a).length"#,
        r#"const a = new Array(2e6).fill(0); const b = [a.slice(), a.slice(), a.slice()]; return b.length"#,
        r#"return [..."a".repeat(4e6)].length"#,
        // Strings: one piece at a time, kept.
        r#"const s = "a".repeat(1e7); const k = []; for (let i = 0; i < 100; i++) k.push(s.slice(i)); return k.length"#,
        r#"const s = "a".repeat(1e7); const k = []; for (let i = 0; i < 100; i++) k.push(s + i); return k.length"#,
        r#"const k = []; for (let i = 0; i < 100; i++) k.push("b".repeat(1e7 + i)); return k.length"#,
        // Many small keyed objects: the per-property cost is honest.
        r#"const o = {}; for (let i = 0; i < 3e6; i++) o["k" + i] = i; return 1"#,
        r#"const a = []; for (let i = 0; i < 3e6; i++) a.push({ i }); return a.length"#,
        // Map and Set entries are counted as they are added.
        r#"const m = new Map(); for (let i = 0; i < 5e6; i++) m.set(i, i); return m.size"#,
        r#"const s = new Set(); for (let i = 0; i < 5e6; i++) s.add("k" + i); return s.size"#,
        r#"const a = new Array(3e6).fill(0).map((_, i) => i); return new Set(a).size + new Set(a).size"#,
        // Percent-encoding: nine units out per unit in, counted before the string is built.
        r#"const s = "€".repeat(2e6); const k = []; for (let i = 0; i < 10; i++) k.push(encodeURIComponent(s)); return k.length"#,
        r#"const s = "%E2%82%AC".repeat(4e6); const k = []; for (let i = 0; i < 10; i++) k.push(decodeURIComponent(s + i)); return k.length"#,
    ] {
        let r = run(&i, src, LIMIT, Duration::from_secs(60));
        assert_memory_limit(src, &r);
    }
}

#[test]
fn a_program_that_only_throws_still_collects() {
    let i = JsInterpreter::new();
    // 2^19 throws and no return or loop to collect at: the throws are safe points.
    for thrown in ["{a: 1}", "new Error('x')"] {
        let src = format!(
            "function f(d) {{ if (d > 18) throw {thrown}; try {{ return f(d + 1) }} catch (e) {{ return f(d + 1) }} }} try {{ f(0) }} catch (e) {{}} return 1"
        );
        let r = run(&i, &src, 4 * MIB, Duration::from_secs(120));
        assert_eq!(r.result.as_ref().ok(), Some(&json!(1)), "{src}");
        assert!(
            r.peak <= 2 * 4 * MIB + BASE,
            "peak {} MiB over a 4 MiB limit",
            r.peak / MIB
        );
    }
}

fn assert_timeout(src: &str, r: &Run, timeout: Duration) {
    match &r.result {
        Err(d) => assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}: {d}"),
        Ok(v) => panic!("{src}: returned {v}"),
    }
    // Loose: the point is seconds, not the minutes these took before.
    assert!(
        r.elapsed < timeout + Duration::from_secs(5),
        "{src}: ran {:?} for a {:?} timeout",
        r.elapsed,
        timeout
    );
}

#[test]
fn long_native_operations_stop_at_the_deadline() {
    let i = JsInterpreter::new();
    let timeout = Duration::from_millis(500);
    for src in [
        // Each op is one big copy or comparison: fuel is charged by length.
        r#"const s = "a".repeat(1e7); let t; for (;;) t = s + "b";"#,
        r#"const a = "a".repeat(1e7), b = "a".repeat(1e7); let n = 0; for (;;) if (a === b) n++;"#,
        r#"const a = "a".repeat(1e7), b = "a".repeat(1e7); let n = 0; for (;;) if (a !== b) n++;"#,
        // A quadratic search inside one native call.
        r#"return "a".repeat(1e6).indexOf("a".repeat(1e4) + "b")"#,
        r#"return "a".repeat(1e6).lastIndexOf("b" + "a".repeat(1e4))"#,
        r#"return "a".repeat(1e6).includes("a".repeat(1e4) + "b")"#,
        r#"return "a".repeat(1e6).split("a".repeat(1e4) + "b").length"#,
        // Many big natives in a loop.
        r#"const s = "a".repeat(5e6); for (;;) s.toUpperCase();"#,
        r#"const a = new Array(1e6).fill(1); for (;;) a.indexOf(2);"#,
        r#"const a = new Array(1e6).fill("x"); for (;;) a.join("");"#,
        r#"const s = "é".repeat(1e6); for (;;) encodeURI(s);"#,
        r#"const m = new Map(); for (let i = 0; i < 1e5; i++) m.set(i, i); for (;;) m.forEach(() => {});"#,
        r#"const s = new Set([1]); s.forEach((v) => s.add(v + 1));"#,
        r#"const s = "%C3%A9".repeat(2e6); for (;;) decodeURI(s);"#,
    ] {
        let r = run(&i, src, LIMIT, timeout);
        assert_timeout(src, &r, timeout);
    }
}

#[test]
fn delete_is_amortised_constant_time() {
    let i = JsInterpreter::new();
    let src = r#"
        const o = {};
        for (let i = 0; i < 2e5; i++) o["k" + i] = i;
        for (let i = 0; i < 2e5; i += 2) delete o["k" + i];
        let sum = 0;
        for (const k in o) sum += o[k];
        const left = Object.keys(o).length;
        for (let i = 1; i < 2e5; i += 2) delete o["k" + i];
        return [left, sum, Object.keys(o).length];
    "#;
    let r = run(&i, src, 256 * MIB, Duration::from_secs(60));
    let v = r.result.unwrap();
    assert_eq!(v[0], json!(100000));
    assert_eq!(v[1].as_f64(), Some(1e10));
    assert_eq!(v[2], json!(0));
    // Quadratic, this was minutes; a generous bound for a debug build on a busy machine.
    assert!(r.elapsed < Duration::from_secs(30), "{:?}", r.elapsed);
}

#[test]
fn delete_keeps_insertion_order() {
    let i = JsInterpreter::new();
    // Tombstones and compaction must not reorder: node's answers.
    let src = r#"
        const o = {};
        for (let i = 0; i < 40; i++) o["k" + i] = i;
        for (let i = 0; i < 40; i += 3) delete o["k" + i];
        o.k0 = "again";
        o.k1 = "kept";
        delete o.k2;
        for (let i = 0; i < 30; i++) delete o["k" + i];
        o.k5 = 5;
        return [Object.keys(o).join(","), o.k31, o.k33, "k2" in o, JSON.stringify(o).length];
    "#;
    let r = run(&i, src, LIMIT, Duration::from_secs(30));
    assert_eq!(
        r.result.unwrap(),
        json!(["k31,k32,k34,k35,k37,k38,k5", 31, null, false, 62])
    );
}

#[test]
fn frames_past_the_limit_are_a_clean_range_error() {
    let i = JsInterpreter::new();
    let src = r#"function r(n) { return 1 + r(n + 1) } try { r(0) } catch (e) { return [e.name, e.message] }"#;
    let r = run(&i, src, LIMIT, Duration::from_secs(30));
    assert_eq!(
        r.result.unwrap(),
        json!(["RangeError", "Maximum call stack size exceeded"])
    );
    assert!(r.peak <= LIMIT + BASE, "peak {} MiB", r.peak / MIB);
}

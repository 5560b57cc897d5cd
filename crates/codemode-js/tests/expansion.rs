//! Shared references expand at the data boundary (issue 9, cause 1): `t = [t, t]` forty
//! times is 41 arrays in memory and 2^40 values once exported, encoded, cloned, joined or
//! formatted. Every such walk stops at its bound, quickly, within memory, with a clear error.
//! A counting global allocator measures the peak.

// SAFETY of the unsafe below: the allocator only forwards to `System` and counts sizes.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use codemode_core::*;
use codemode_js::JsInterpreter;
use serde_json::{json, Value};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now =
                LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed) + layout.size() as isize;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc`/`realloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`; the new size is the caller's.
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

const MEMORY: usize = 32 << 20;
const TIMEOUT: Duration = Duration::from_secs(20);

struct Run {
    value: Result<Value, Diagnostic>,
    logs: Vec<String>,
    elapsed: Duration,
    peak: usize,
}

/// Runs `src` with a 32 MB memory limit and a 20 s deadline, answering tool calls and
/// `search` with their input's size; measures the wall time and the peak of live bytes.
fn run(interp: &JsInterpreter, src: &str) -> Run {
    run_within(interp, src, MEMORY, TIMEOUT)
}

fn run_within(interp: &JsInterpreter, src: &str, memory: usize, timeout: Duration) -> Run {
    let options = CompileOptions {
        limits: VmLimits {
            max_memory_bytes: memory,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let mut exec = interp
        .compile(src, &options)
        .expect("compiles")
        .start(StartOptions {
            deadline: Some(Deadline::after(timeout)),
            ..StartOptions::default()
        });
    let mut logs = Vec::new();
    let value = loop {
        let step = exec.step(1_000_000);
        logs.extend(step.logs);
        for c in step.calls {
            exec.complete(c.id, HostOutcome::Ok(json!(c.input.to_string().len())));
        }
        match step.state {
            StepState::Done(c) => break Ok(c.value),
            StepState::Failed(d) => break Err(d),
            _ => {}
        }
        assert!(start.elapsed() < Duration::from_secs(30), "runaway: {src}");
    };
    let elapsed = start.elapsed();
    drop(exec);
    Run {
        value,
        logs,
        elapsed,
        peak: (PEAK.load(Ordering::Relaxed) - before).max(0) as usize,
    }
}

/// The substring of the caught message, or the diagnostic's kind and a substring of it.
type Expected = Result<&'static str, (DiagnosticKind, &'static str)>;

const BOMB: &str = "let t = [1]; for (let i = 0; i < 40; i++) t = [t, t];";

// One test function, so no other test allocates while the peak is measured.
#[test]
fn shared_references_stop_at_their_bound_quickly_and_within_memory() {
    let interp = JsInterpreter::new();
    run(&interp, "return 1");

    // (what, program after BOMB, expected: Ok(substring of the caught message) or
    // Err(diagnostic kind and substring))
    let cases: &[(&str, &str, Expected)] = &[
        (
            "result",
            "return t;",
            Err((DiagnosticKind::InvalidDataValue, "too large when expanded")),
        ),
        (
            "result inside an object",
            "return {a: {b: t}};",
            Err((DiagnosticKind::InvalidDataValue, "$.a.b")),
        ),
        (
            "JSON.stringify",
            "try { JSON.stringify(t); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("RangeError: Invalid string length: JSON.stringify's text is too large when expanded"),
        ),
        (
            "JSON.stringify with indentation",
            "try { JSON.stringify({x: t}, null, 2); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("too large when expanded"),
        ),
        (
            "JSON.stringify through toJSON",
            "try { JSON.stringify({toJSON() { return t; }}); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("RangeError: Invalid string length"),
        ),
        (
            "tool input",
            "try { await tools.t.echo({t}); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("tool input is not data: the value is too large when expanded"),
        ),
        (
            "search input",
            "try { search(t); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("too large when expanded"),
        ),
        (
            "console.log %j",
            "try { console.log('%j', t); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("RangeError: Invalid string length"),
        ),
        (
            "join",
            "try { t.join(); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("RangeError: Invalid string length"),
        ),
        (
            "String()",
            "try { String(t); } catch (e) { return e.name + ': ' + e.message; }",
            Ok("RangeError: Invalid string length"),
        ),
    ];
    let mut report = Vec::new();
    for (what, tail, want) in cases {
        let src = format!("{BOMB} {tail}");
        let r = run(&interp, &src);
        match (want, &r.value) {
            (Ok(sub), Ok(Value::String(msg))) => {
                assert!(msg.contains(sub), "{what}: {msg}");
                assert!(
                    msg.contains("too large when expanded")
                        || msg.contains("Invalid string length"),
                    "{what}: {msg}"
                );
            }
            (Err((kind, sub)), Err(d)) => {
                assert_eq!(d.kind, *kind, "{what}: {}", d.message);
                assert!(d.message.contains(sub), "{what}: {}", d.message);
                assert!(
                    d.message.contains("too large when expanded"),
                    "{what}: {}",
                    d.message
                );
            }
            _ => panic!("{what}: unexpected {:?}", r.value),
        }
        // Loose bounds: inside the deadline (a debug build exports the result's 32 MB in about
        // 2 s; a release build in a tenth of that), and the live bytes within twice the
        // memory limit plus a fixed base.
        assert!(
            r.elapsed < Duration::from_secs(10),
            "{what}: took {:?}",
            r.elapsed
        );
        assert!(
            r.peak < 2 * MEMORY + (16 << 20),
            "{what}: peak {} bytes",
            r.peak
        );
        report.push(format!(
            "{what}: {:?}, peak {} KiB",
            r.elapsed,
            r.peak >> 10
        ));
    }

    // console.log of the value itself: node's depth-2 view, a short line.
    let r = run(&interp, &format!("{BOMB} console.log(t); return 1;"));
    assert_eq!(r.value.unwrap(), json!(1));
    assert_eq!(
        r.logs,
        vec!["[\n  [ [ [Array], [Array] ], [ [Array], [Array] ] ],\n  [ [ [Array], [Array] ], [ [Array], [Array] ] ]\n]"]
    );

    // An object with many keys all holding the same wide object: the formatted line stops at
    // its bound instead of writing every expanded entry.
    let r = run(
        &interp,
        "const w = {}; for (let i = 0; i < 2000; i++) w['k' + i] = i; const m = {}; for (let i = 0; i < 2000; i++) m['k' + i] = w; console.log({m}); return 1;",
    );
    assert_eq!(r.value.unwrap(), json!(1));
    assert!(r.logs[0].len() < 8 << 20, "{}", r.logs[0].len());
    assert!(
        r.logs[0].ends_with("...\n  }\n}") || r.logs[0].contains("..."),
        "cut marker"
    );
    assert!(
        r.elapsed < Duration::from_secs(5),
        "console.log took {:?}",
        r.elapsed
    );

    // With memory to spare, the deadline ends the export: uncatchable, soon after it passes.
    let r = run_within(
        &interp,
        &format!("{BOMB} try {{ return t; }} catch (e) {{ return 'caught'; }}"),
        1 << 30,
        Duration::from_millis(300),
    );
    let d = r.value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{}", d.message);
    assert!(r.elapsed < Duration::from_secs(5), "took {:?}", r.elapsed);
    report.push(format!(
        "result past a 300 ms deadline: {:?}, peak {} KiB",
        r.elapsed,
        r.peak >> 10
    ));
    // structuredClone keeps shared references shared (as node's does): the copy of the
    // bomb is its 41 arrays, not 2^40 of them.
    let r = run(
        &interp,
        &format!("{BOMB} const c = structuredClone(t); return c[0] === c[1] && c !== t"),
    );
    assert_eq!(
        r.value.as_ref().ok(),
        Some(&Value::Bool(true)),
        "{:?}",
        r.value
    );
    assert!(r.elapsed < Duration::from_secs(5), "took {:?}", r.elapsed);
    println!("{}", report.join("\n"));
}

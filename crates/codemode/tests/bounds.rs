//! The facade's own bounds (issues 9 and 10), with the real interpreters and a counting
//! global allocator: call records keep bounded previews and stay within their byte bound,
//! pending calls are bounded, the whole serialized result fits `max_output_bytes`, error
//! messages and log lines are cut with a visible marker, and nothing is cut without a
//! `Truncated` warning.
// SAFETY (for the allow): the only unsafe code is the counting allocator below, which
// forwards every call to `System` unchanged and only adds atomic counters.
#![allow(unsafe_code)]

use codemode::{CallStatus, CodeMode, DiagnosticKind, ExecutionResult, Language, Limits, Tool};
use serde_json::{json, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Mutex;

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments, so `System`'s
// guarantees hold; the counters never affect the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size() as isize);
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
            grow(new_size as isize - layout.size() as isize);
        }
        p
    }
}

fn grow(delta: isize) {
    let now = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Memory is measured process-wide, so the tests of this file run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// Runs `f` and returns its value with the peak of live heap bytes above the start.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    (out, peak.max(0) as usize)
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

const MIB: usize = 1 << 20;

fn echo() -> Tool {
    Tool::new(
        "t.echo",
        "Echo",
        json!({"type": "object"}),
        |input: Value, _| async move { Ok(input) },
    )
    .unwrap()
}

fn never() -> Tool {
    Tool::new(
        "t.never",
        "Never answers",
        json!({"type": "object"}),
        |_: Value, _| async move {
            futures::future::pending::<()>().await;
            Ok(Value::Null)
        },
    )
    .unwrap()
}

/// Limits with a small memory limit, so each test's bound is tight and its run short.
fn limits(language: Language, memory: usize) -> Limits {
    let mut limits = Limits::for_language(language);
    limits.vm.max_memory_bytes = memory;
    limits
}

fn run(language: Language, limits: Limits, source: &str) -> (ExecutionResult, String, usize) {
    let rt = CodeMode::builder()
        .language(language)
        .tools(vec![echo(), never()])
        .limits(limits)
        .build()
        .unwrap();
    let ((result, text), peak) = peak_during(|| {
        let result = block_on(rt.execute(source));
        let text = serde_json::to_string(&result.to_json()).unwrap();
        (result, text)
    });
    (result, text, peak)
}

fn truncated_warnings(result: &ExecutionResult) -> Vec<&str> {
    result
        .warnings
        .iter()
        .filter(|w| w.kind == DiagnosticKind::Truncated)
        .map(|w| w.message.as_str())
        .collect()
}

/// Issue 9 cause 2 (Lua): each `search` input is 512 KiB; the records keep a preview, and the
/// whole result fits the 1000-byte output limit.
#[test]
fn lua_call_records_keep_a_bounded_preview_and_fit_the_output_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::Lua, 4 * MIB);
    l.max_output_bytes = Some(1000);
    let source =
        r#"local s=string.rep("x",2^19) for i=1,16 do pcall(search,{query=s}) end return 1"#;
    let (result, text, peak) = run(Language::Lua, l, source);
    assert_eq!(result.value(), Some(&json!(1)), "{text:.2000}");
    assert!(text.len() <= 1000, "{} bytes: {text}", text.len());
    assert_eq!(
        result.tool_calls.len() + result.omitted_tool_calls.count,
        16,
        "{text}"
    );
    for record in &result.tool_calls {
        let input = record.input.as_str().unwrap_or_default();
        assert!(input.contains("…[truncated: "), "{record:?}");
        assert!(input.len() <= 1000);
    }
    assert!(
        truncated_warnings(&result)
            .iter()
            .any(|w| w.contains("host calls were left out")),
        "{text}"
    );
    // One 512 KiB string in the interpreter and one exported input at a time: the 16
    // inputs (8 MiB) are not kept.
    assert!(peak < 4 * MIB, "peak {peak}");
}

/// Issue 9 cause 2 (Lua, no output limit): 16 inputs of 512 KiB are recorded as previews of
/// at most `max_record_input_bytes`.
#[test]
fn lua_record_previews_are_bounded_without_an_output_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::Lua, 4 * MIB);
    l.max_output_bytes = None;
    let source = r#"local s=string.rep("x",2^19) for i=1,16 do tools.t.echo({s=s}) end return 1"#;
    let (result, text, peak) = run(Language::Lua, l, source);
    assert_eq!(result.value(), Some(&json!(1)), "{text:.2000}");
    assert_eq!(result.tool_calls.len(), 16);
    for record in &result.tool_calls {
        assert_eq!(record.status, CallStatus::Succeeded);
        assert!(
            codemode::data::encoded_len(&record.input) <= 1024,
            "{record:?}"
        );
    }
    assert!(text.len() < 16 * 1200, "{} bytes", text.len());
    // Whole records would hold 8 MiB of inputs.
    assert!(peak < 4 * MIB, "peak {peak}");
}

/// Issue 9 cause 2 (JS): a loop that issues calls without awaiting them ends with a clear
/// diagnostic once too many are pending, instead of holding them all.
#[test]
fn js_unawaited_calls_are_bounded() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let memory = 32 * MIB;
    let source = "for (let i = 0; i < 1e6; i++) tools.t.never({i}); return 1";
    let (result, text, peak) = run(
        Language::JavaScript,
        limits(Language::JavaScript, memory),
        source,
    );
    let error = result.error().expect("fails");
    assert_eq!(
        error.kind,
        DiagnosticKind::ToolCallLimitExceeded,
        "{text:.2000}"
    );
    assert!(
        error.message.contains("1024 host calls pending"),
        "{}",
        error.message
    );
    assert!(result.tool_calls.len() + result.omitted_tool_calls.count <= 1025);
    assert!(peak < 2 * memory + 16 * MIB, "peak {peak}");
    assert!(text.len() <= 1 << 20, "{} bytes", text.len());
}

/// Issue 9 cause 2 (JS, no call limit, no output limit): many finished calls keep their
/// records within `max_records_bytes`; the rest are counted and a warning says so.
#[test]
fn js_records_stay_within_their_bound_without_a_call_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::JavaScript, 32 * MIB);
    l.max_records_bytes = 16 * 1024;
    let source = "for (let i = 0; i < 20000; i++) await tools.t.echo({i}); return 1";
    let (result, text, peak) = run(Language::JavaScript, l, source);
    assert_eq!(result.value(), Some(&json!(1)), "{text:.2000}");
    let omitted = result.omitted_tool_calls;
    assert_eq!(result.tool_calls.len() + omitted.count, 20000);
    assert_eq!(omitted.succeeded, omitted.count);
    assert!(result.tool_calls.len() > 100 && result.tool_calls.len() < 1000);
    assert_eq!(result.tool_calls[0].input, json!({"i": 0}));
    assert!(text.len() < 20 * 1024, "{} bytes", text.len());
    let json = result.to_json();
    assert_eq!(json["toolCallsOmitted"]["count"], json!(omitted.count));
    assert!(truncated_warnings(&result)
        .iter()
        .any(|w| w.contains(&format!("{} of 20000 host calls", omitted.count))));
    // 20000 whole records with their hook and progress entries took about 8 MB.
    assert!(peak < 4 * MIB, "peak {peak}");
}

/// Issue 9 cause 9: error messages are cut to the output limit, with a marker.
#[test]
fn error_messages_are_bounded_by_the_output_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::Lua, 32 * MIB);
    l.max_output_bytes = Some(4096);
    let (result, text, _) = run(Language::Lua, l, r#"error(string.rep("E",8*2^20))"#);
    let error = result.error().expect("fails");
    assert!(text.len() <= 4096, "{} bytes", text.len());
    assert!(error.message.starts_with("EEE") || error.message.contains("EEEE"));
    assert!(
        error.message.ends_with("bytes cut]"),
        "{}",
        &error.message[error.message.len() - 60..]
    );

    // No output limit: the fixed 64 KiB bound.
    let l = limits(Language::JavaScript, 64 * MIB);
    let (result, text, _) = run(
        Language::JavaScript,
        l,
        r#"throw new Error("E".repeat(8 * 2 ** 20))"#,
    );
    let error = result.error().expect("fails");
    assert!(error.message.len() <= 64 * 1024, "{}", error.message.len());
    assert!(error.message.ends_with("bytes cut]"));
    assert!(text.len() < 70 * 1024);
}

/// Issue 10: a log line cut by the log budget ends with a marker, and a warning says so.
#[test]
fn a_cut_log_line_says_so() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::Lua, 64 * MIB);
    l.max_log_bytes = 64 * 1024;
    l.max_output_bytes = None;
    let (result, _, _) = run(
        Language::Lua,
        l,
        r#"print("first") print(string.rep("L", 5*2^20)) return 1"#,
    );
    assert_eq!(
        result.logs.len(),
        1,
        "the first line was dropped to make room"
    );
    let line = &result.logs[0];
    assert!(line.len() <= 64 * 1024);
    assert!(line.starts_with("LLLL"));
    assert!(
        line.ends_with("of 5242880 bytes cut]"),
        "{}",
        &line[line.len() - 60..]
    );
    let warnings = truncated_warnings(&result);
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("1 earlier log line(s) were dropped")
                && w.contains("1 log line(s) longer than the budget were cut")),
        "{warnings:?}"
    );
}

/// Issue 10: many log lines never make the buffer grow past its budget, and the dropped
/// lines are counted.
#[test]
fn many_log_lines_stay_within_the_budget() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::JavaScript, 32 * MIB);
    l.max_log_bytes = 64 * 1024;
    let source =
        r#"const s = "x".repeat(1000); for (let i = 0; i < 20000; i++) console.log(s); return 1"#;
    let (result, text, peak) = run(Language::JavaScript, l, source);
    assert_eq!(result.value(), Some(&json!(1)), "{text:.500}");
    let kept: usize = result.logs.iter().map(String::len).sum();
    assert!(kept <= 64 * 1024);
    let dropped = 20000 - result.logs.len();
    assert!(truncated_warnings(&result)
        .iter()
        .any(|w| w.contains(&format!("{dropped} earlier log line(s) were dropped"))));
    // 20 MB of lines went through; the buffer held 64 KiB of them.
    assert!(peak < 4 * MIB, "peak {peak}");
}

/// Issue 10: calls still pending when the program returned are not a timeout.
#[test]
fn calls_pending_at_return_are_not_labelled_a_timeout() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let source = "tools.t.never({}); await tools.t.echo({}); return 1";
    let (result, _, _) = run(
        Language::JavaScript,
        limits(Language::JavaScript, 32 * MIB),
        source,
    );
    assert_eq!(result.value(), Some(&json!(1)));
    assert_eq!(result.tool_calls[0].status, CallStatus::Uncertain);
    let w = &result.warnings[0];
    assert_eq!(w.kind, DiagnosticKind::ExecutionFailure);
    assert!(w.message.contains("did not await"), "{}", w.message);
    assert!(result
        .warnings
        .iter()
        .all(|w| w.kind != DiagnosticKind::TimeoutExceeded));
}

/// The whole result fits the output limit: a large value is truncated so that the value,
/// the warning and the records together fit.
#[test]
fn the_whole_result_fits_the_output_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut l = limits(Language::JavaScript, 64 * MIB);
    l.max_output_bytes = Some(2000);
    let source = r#"for (let i = 0; i < 10; i++) { console.log("line " + i); await tools.t.echo({i}); }
return "v".repeat(5000)"#;
    let (result, text, _) = run(Language::JavaScript, l, source);
    assert!(text.len() <= 2000, "{} bytes: {text}", text.len());
    assert!(result.truncated);
    let value = result.value().unwrap().as_str().unwrap();
    assert!(value.starts_with("\"vvv") && value.contains("…[truncated: 5002 bytes"));
    assert!(truncated_warnings(&result)
        .iter()
        .any(|w| w.contains("the result was 5002 bytes")));
    // What did not fit is counted, never silently gone.
    assert_eq!(
        result.tool_calls.len() + result.omitted_tool_calls.count,
        10
    );
    let dropped_logs = 10 - result.logs.len();
    if dropped_logs > 0 {
        assert!(truncated_warnings(&result)
            .iter()
            .any(|w| w.contains(&format!("{dropped_logs} earlier log line(s)"))));
    }
    if result.omitted_tool_calls.count > 0 {
        assert!(text.contains("toolCallsOmitted"));
    }
}

/// Item 5: truncating a huge value writes out only the prefix it keeps.
#[test]
fn truncating_a_huge_value_writes_only_the_prefix() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let value = json!(["é\"".repeat(4 * MIB), {"k": "x".repeat(MIB)}]);
    let (t, peak) = peak_during(|| codemode::data::truncate(value, 1000));
    assert!(t.truncated);
    assert!(codemode::data::encoded_len(&t.value) <= 1000);
    assert!(t.value.as_str().unwrap().starts_with("[\"é\\\""));
    assert!(peak < 64 * 1024, "peak {peak}");
}

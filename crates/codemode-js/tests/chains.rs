//! Walks over chains and nesting a program builds run as loops or VM frames, never as
//! native recursion: each test runs its programs on a thread with a small native stack,
//! where a recursion as deep as the program's would overflow and abort the process.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, run_with};
use serde_json::{json, Value};

/// A native stack far smaller than the main thread's 8 MiB: 256 KiB optimised. Unoptimised
/// builds spill every temporary, so their parser and compiler frames for one nesting level
/// are many times larger; they get 4 MiB (a recursion as deep as a program's chains, 10^5
/// levels, overflows either).
const SMALL_STACK: usize = if cfg!(debug_assertions) {
    4 << 20
} else {
    256 << 10
};

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the program overflowed the native stack")
}

fn run_small(src: String, limits: VmLimits) -> Result<Value, Diagnostic> {
    on_small_stack(move || {
        let i = JsInterpreter::new();
        let options = CompileOptions {
            limits,
            ..Default::default()
        };
        run_with(&i, &src, &options, &mut echo_tool).value
    })
}

#[test]
fn instanceof_over_a_long_bound_chain_is_a_loop() {
    // The program from the issue: it aborted the process (exit 134) before.
    let src = r#"
        let g = function () {};
        for (let i = 0; i < 200000; i++) { g = g.bind(null); Object.defineProperty(g, 'name', { value: 0 }); }
        return [({}) instanceof g, g() === undefined, new (function () {})() instanceof g];
    "#;
    assert_eq!(
        run_small(src.into(), VmLimits::default()).unwrap(),
        json!([false, true, false])
    );
}

#[test]
fn calls_through_a_bound_chain_are_charged() {
    // 50,000 hops per call: the calls run out of fuel instead of running unmetered.
    let src = r#"
        let g = function () { return 1 };
        for (let i = 0; i < 50000; i++) { g = g.bind(null); Object.defineProperty(g, 'name', { value: 0 }); }
        let n = 0;
        while (true) n += g();
    "#;
    let limits = VmLimits {
        max_fuel: 20_000_000,
        ..Default::default()
    };
    let err = run_small(src.into(), limits).unwrap_err();
    assert_eq!(err.kind, DiagnosticKind::TimeoutExceeded, "{err:?}");
}

#[test]
fn a_long_prototype_chain_is_walked_in_a_loop() {
    let src = r#"
        function F() {}
        let o = new F();
        for (let i = 0; i < 100000; i++) o = Object.create(o);
        return [o instanceof F, o instanceof Array, F.prototype.isPrototypeOf(o)];
    "#;
    assert_eq!(
        run_small(src.into(), VmLimits::default()).unwrap(),
        json!([true, false, true])
    );
}

/// Programs nested as deep as `max_nesting` allows compile and run on the small stack.
#[test]
fn programs_at_the_nesting_limit_compile_and_run_on_a_small_stack() {
    let limits = VmLimits::default();
    let depth = limits.max_nesting / 2 - 2;
    let programs = [
        format!("return {}1{};", "[".repeat(depth), "]".repeat(depth)),
        format!("return {}1{};", "(".repeat(depth), ")".repeat(depth)),
        format!("return {}1;", "- ".repeat(depth)),
        format!(
            "let x = 0; {} x = 1; {} return x;",
            "{".repeat(depth),
            "}".repeat(depth)
        ),
        format!(
            "let x = 0; {} x = 2; {} return x;",
            "if (true) {".repeat(depth / 2),
            "}".repeat(depth / 2)
        ),
        format!(
            "return {}1{};",
            "(() => ".repeat(depth / 2),
            ")()".repeat(depth / 2)
        ),
        format!(
            "return {}{{}}{}.a;",
            "{a: ".repeat(depth),
            "}".repeat(depth)
        ),
    ];
    for src in programs {
        let out = run_small(src.clone(), limits.clone());
        assert!(out.is_ok(), "{out:?} for {}", &src[..src.len().min(80)]);
    }
}

#[test]
fn ten_thousand_nested_calls_run_by_default() {
    let src = r#"
        function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
        const sum = (n) => n === 0 ? 0 : n + sum(n - 1);
        return [depth(10000), sum(20000), depth(50000)];
    "#;
    assert_eq!(
        run_small(src.into(), VmLimits::default()).unwrap(),
        json!([10000, 200010000, 50000])
    );
}

#[test]
fn past_the_frame_limit_is_a_catchable_range_error() {
    let src = r#"
        function down(n) { return 1 + down(n + 1); }
        let caught;
        try { down(0); } catch (e) { caught = [e instanceof RangeError, e.message]; }
        function count(n) { try { return count(n + 1); } catch (e) { return n; } }
        return [caught, count(0) > 10000];
    "#;
    assert_eq!(
        run_small(src.into(), VmLimits::default()).unwrap(),
        json!([[true, "Maximum call stack size exceeded"], true])
    );
}

#[test]
fn call_depth_is_bounded_by_memory() {
    // Frames with many locals each: the memory limit ends the recursion before the frame
    // limit does, uncatchably, as any other memory exhaustion.
    let locals: String = (0..200).map(|i| format!("let v{i} = n;")).collect();
    let src = format!(
        "function f(n) {{ {locals} return f(n + 1) + v0; }} try {{ f(0) }} catch (e) {{ return 'caught' }}"
    );
    let limits = VmLimits {
        max_memory_bytes: 16 << 20,
        ..Default::default()
    };
    let err = run_small(src, limits).unwrap_err();
    assert_eq!(err.kind, DiagnosticKind::ExecutionFailure, "{err:?}");
    assert!(err.message.contains("memory limit exceeded"), "{err:?}");
}

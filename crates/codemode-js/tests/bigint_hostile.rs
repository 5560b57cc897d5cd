//! Hostile BigInt programs: a value's size is checked against the memory limit (and V8's
//! largest BigInt) before num-bigint builds it, and the work of `* / % ** << toString` and
//! of parsing is charged as fuel first, so a program that asks for a huge value ends
//! promptly in a RangeError, the memory limit, fuel or the deadline, never a long native
//! call or an abort.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, limited, run_with};
use serde_json::json;
use std::time::{Duration, Instant};

const MIB: usize = 1 << 20;

/// Runs `src` under the default limits with `memory` bytes and a `timeout` deadline.
fn run(
    src: &str,
    memory: usize,
    timeout: Duration,
) -> (Result<serde_json::Value, Diagnostic>, Duration) {
    let i = JsInterpreter::new();
    let options = CompileOptions {
        limits: VmLimits {
            max_memory_bytes: memory,
            ..Default::default()
        },
        ..Default::default()
    };
    let program = i.compile(src, &options).expect("compiles");
    let start = Instant::now();
    let r = common::run_to_deadline(program, timeout);
    (r, start.elapsed())
}

fn assert_prompt(src: &str, elapsed: Duration, timeout: Duration) {
    // Loose (a debug build on a shared machine): seconds past the deadline, not minutes.
    assert!(
        elapsed < timeout + Duration::from_secs(4),
        "{src}: ran {elapsed:?} for a {timeout:?} timeout"
    );
}

#[test]
fn huge_results_end_in_a_diagnostic_promptly() {
    let timeout = Duration::from_millis(1500);
    for src in [
        // 33 million bits: allowed by memory, too much work for the deadline.
        "const x = 10n ** 10000000n; return x.toString().length",
        // Squaring forever: the value doubles until the memory limit.
        "let x = 3n; for (;;) x = x * x;",
        // Shifts build the value in one step: its size is checked first.
        "let x = 1n << 500000000n; return 1",
        // Writing a big value in decimal is quadratic: charged before it runs.
        "const x = 7n ** 2000000n; return String(x).length",
        // Reading one is too.
        "const s = '9'.repeat(3000000); return BigInt(s) > 0n",
        // Division of a big value by a mid-sized one.
        "const a = 3n ** 20000000n, b = 7n ** 3000000n; for (;;) a / b;",
        // Many values kept: each one's digits count.
        "const a = []; const big = 2n ** 1000000n; for (let i = 0n; ; i++) a.push(big + i);",
    ] {
        let (r, elapsed) = run(src, 64 * MIB, timeout);
        match &r {
            Err(d) => assert!(
                matches!(
                    d.kind,
                    DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
                ),
                "{src}: {d:?}"
            ),
            Ok(v) => panic!("{src}: returned {v}"),
        }
        if let Err(d) = &r {
            if d.kind == DiagnosticKind::ExecutionFailure {
                assert!(d.message.contains("memory limit exceeded"), "{src}: {d}");
            }
        }
        eprintln!(
            "{elapsed:?} {:?}: {src}",
            r.as_ref().err().map(|d| &d.message)
        );
        assert_prompt(src, elapsed, timeout);
    }
}

#[test]
fn past_the_largest_bigint_is_nodes_range_error() {
    let i = JsInterpreter::new();
    let src = r#"
        const out = [];
        for (const f of [
            () => 1n << 10000000000n,
            () => 1n << 2000000000n,
            () => 2n ** 2000000000n,
            () => (-2n) ** (2n ** 64n),
            () => BigInt.asUintN(2 ** 40, -1n),
        ]) {
            try { f(); out.push("no error"); } catch (e) { out.push(e.name + ": " + e.message); }
        }
        return out;
    "#;
    let out = run_with(&i, src, &limited(VmLimits::default()), &mut echo_tool);
    let m = "RangeError: Maximum BigInt size exceeded";
    assert_eq!(out.value.unwrap(), json!([m, m, m, m, m]));
}

#[test]
fn the_work_of_one_operation_is_fuel() {
    let i = JsInterpreter::new();
    // A small fuel budget: one multiplication of two million-bit values exceeds it, and
    // the execution ends before num-bigint multiplies.
    let o = limited(VmLimits {
        max_fuel: 2_000_000,
        ..Default::default()
    });
    for src in [
        "const a = 3n ** 700000n; return (a * a) > 0n",
        "const a = 3n ** 700000n; return String(a).length",
        "return BigInt('1'.repeat(200000)) > 0n",
    ] {
        let start = Instant::now();
        let out = run_with(&i, src, &o, &mut echo_tool);
        let d = out.value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}: {d}");
        assert!(d.message.contains("fuel"), "{src}: {d}");
        assert!(start.elapsed() < Duration::from_secs(5), "{src}");
    }
    // Small values cost little: a loop of ordinary arithmetic runs.
    let out = run_with(
        &i,
        "let s = 0n; for (let i = 0n; i < 1000n; i++) s += i * i % 7n; return String(s)",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!("2001"));
}

#[test]
fn a_bigint_is_not_data_at_the_boundary() {
    let i = JsInterpreter::new();
    for (src, path) in [
        ("return 1n", "$"),
        ("return {ids: [1, 2n]}", "$.ids[1]"),
        ("return Object(3n)", "$"),
    ] {
        let out = run_with(&i, src, &limited(VmLimits::default()), &mut echo_tool);
        let d = out.value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::InvalidDataValue, "{src}: {d}");
        assert!(
            d.message.contains("Do not know how to serialize a BigInt"),
            "{src}: {d}"
        );
        assert!(d.message.contains(path), "{src}: {d}");
    }
}

#[test]
fn bigints_survive_collection() {
    // Values held only in arrays, closures, Map keys and wrappers across many collections.
    let i = JsInterpreter::new();
    let src = r#"
        const keep = [2n ** 200n, Object(5n)];
        const m = new Map([[10n ** 30n, "big"]]);
        const f = ((x) => () => x)(3n ** 50n);
        let junk = 0n;
        for (let i = 0; i < 200000; i++) { junk = BigInt(i) * 12345678901234567890n; }
        return [String(keep[0]), String(keep[1] + 0n), m.get(10n ** 30n), String(f()), String(junk)];
    "#;
    let o = limited(VmLimits {
        max_memory_bytes: 8 * MIB,
        ..Default::default()
    });
    let out = run_with(&i, src, &o, &mut echo_tool);
    assert_eq!(
        out.value.unwrap(),
        json!([
            "1606938044258990275541962092341162602522202993782792835301376",
            "5",
            "big",
            "717897987691852588770249",
            "2469123434568012343432110"
        ])
    );
}

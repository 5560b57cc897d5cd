//! Hostile programs: limits hold, errors are the right kind, nothing leaks across runs.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, limited, run, run_with};
use serde_json::json;

#[test]
fn infinite_loop_runs_out_of_fuel() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 200_000,
        ..Default::default()
    });
    for src in [
        "while (true) {}",
        "for (;;) { try { } catch {} }",
        "const f = () => { while(true) {} }; try { f() } catch (e) { return 'caught' }",
    ] {
        let out = run_with(&i, src, &o, &mut echo_tool);
        assert_eq!(
            out.value.unwrap_err().kind,
            DiagnosticKind::TimeoutExceeded,
            "{src}"
        );
    }
}

#[test]
fn deep_recursion_is_a_catchable_range_error() {
    let i = JsInterpreter::new();
    let out = run(&i, "function r(n) { return r(n + 1) } let m; try { r(0) } catch (e) { m = e.message } return [m, [1,2,3].map(x => x + 1)]");
    assert_eq!(
        out.value.unwrap(),
        json!(["Maximum call stack size exceeded", [2, 3, 4]])
    );
    let out = run(
        &i,
        "const r = async (n) => r(n + 1); try { await r(0) } catch (e) { return e.name }",
    );
    assert_eq!(out.value.unwrap(), json!("RangeError"));
}

#[test]
fn string_and_array_bombs_are_bounded() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_string_len: 1 << 16,
        max_collection_len: 1 << 12,
        ..Default::default()
    });
    let out = run_with(&i, "let s = 'x'; try { while (true) s += s; } catch (e) { return [e.name, e.message, s.length] }", &o, &mut echo_tool);
    assert_eq!(
        out.value.unwrap(),
        json!(["RangeError", "Invalid string length", 65536])
    );
    let out = run_with(
        &i,
        "try { 'ab'.repeat(1e9) } catch (e) { return e.message }",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!("Invalid string length"));
    let out = run_with(
        &i,
        "const a = []; try { while (true) a.push(1) } catch (e) { return [e.message, a.length] }",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!(["Invalid array length", 4096]));
    let out = run_with(
        &i,
        "try { new Array(1e9) } catch (e) { return e.name }",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!("RangeError"));
}

#[test]
fn memory_limit_is_fatal_and_uncatchable() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 8 << 20,
        ..Default::default()
    });
    let out = run_with(&i, "const keep = []; try { while (true) keep.push({a: [1, 2, 3], s: 'x'.repeat(100) + keep.length}) } catch (e) { return 'caught' }", &o, &mut echo_tool);
    let d = out.value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("memory"), "{}", d.message);
}

#[test]
fn garbage_is_collected_during_the_run() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 4 << 20,
        ..Default::default()
    });
    let out = run_with(&i, "let n = 0; for (let i = 0; i < 200000; i++) { const o = {i, s: 'row ' + i, a: [i, i]}; n += o.a.length } return n", &o, &mut echo_tool);
    assert_eq!(out.value.unwrap(), json!(400000));
}

#[test]
fn deep_source_nesting_is_rejected_before_compiling() {
    let i = JsInterpreter::new();
    let src = format!("return {}1{}", "[".repeat(5000), "]".repeat(5000));
    let e = i
        .compile(&src, &CompileOptions::default())
        .err()
        .expect("rejected");
    assert!(matches!(
        e.kind,
        DiagnosticKind::ParseError | DiagnosticKind::UnsupportedSyntax
    ));
    let src = format!("return {}1", "-".repeat(5000));
    assert!(i.compile(&src, &CompileOptions::default()).is_err());
}

#[test]
fn prototype_pollution_does_not_leak_into_the_next_execution() {
    let i = JsInterpreter::new();
    let out = run(&i, "({}).__proto__.polluted = 1; Object.prototype.y = 2; Array.prototype.map = () => 'hijacked'; globalThis.leak = 3; Math.max = null; JSON.stringify = 0; return [({}).y, [1].map(x => x)]");
    assert_eq!(out.value.unwrap(), json!([2, "hijacked"]));
    let out = run(&i, "return [({}).polluted, ({}).y, [1].map(x => x + 1), typeof leak, Math.max(1, 2), JSON.stringify([1])]");
    assert_eq!(
        out.value.unwrap(),
        json!([null, null, [2], "undefined", 2, "[1]"])
    );
}

/// The built-ins, the exporter and the driver use the realm's own intrinsics: replacing every
/// method they could call changes neither this execution's result nor the next one.
#[test]
fn replaced_intrinsics_break_neither_the_exporter_nor_the_next_execution() {
    let i = JsInterpreter::new();
    let pollute = "
      const keep = [1, 2, 3].filter(x => x > 1);
      Function.prototype.call = null; Function.prototype.apply = null; Function.prototype.bind = null;
      Array.prototype.push = () => { throw new Error('push'); }; Array.prototype.slice = null;
      Array.prototype.join = null; Array.prototype.includes = null; Array.prototype.map = null;
      Object.keys = null; Object.entries = null; Object.getOwnPropertyNames = null;
      String.prototype.slice = null; String.prototype.repeat = null; Math.min = null; Math.trunc = null;
      globalThis.isFinite = null; globalThis.Promise = null; globalThis.JSON = undefined;
      const tool = await tools.t.echo({x: [1, 2]});
      return {keep, tool, sorted: [3, 1, 2].toSorted(), nested: {a: [1, {b: null}]}};";
    let out = run(&i, pollute);
    assert_eq!(
        out.value.unwrap(),
        json!({"keep": [2, 3], "tool": {"path": "t.echo", "input": {"x": [1, 2]}}, "sorted": [1, 2, 3], "nested": {"a": [1, {"b": null}]}})
    );
    let out = run(&i, "const p = await Promise.all([tools.a.b(1), 2]); return [[1, 2].map(x => x * 2), JSON.stringify({a: [1]}), Math.min(3, 1), p[0].path, [1, 2].join('-')]");
    assert_eq!(
        out.value.unwrap(),
        json!([[2, 4], "{\"a\":[1]}", 1, "a.b", "1-2"])
    );
}

/// Conversions that re-enter built-ins (no program frames) end in node's RangeError, never
/// in a native stack overflow.
#[test]
fn self_referencing_conversions_are_a_range_error() {
    let i = JsInterpreter::new();
    let out = run(&i, "const e = new Error('x'); e.message = e; try { return String(e); } catch (x) { return x.name + ': ' + x.message; }");
    assert_eq!(
        out.value.unwrap(),
        json!("RangeError: Maximum call stack size exceeded")
    );
    let out = run(&i, "const o = {length: 1, toString: Array.prototype.join}; o[0] = o; let c = o; for (let i = 0; i < 5000; i++) c = {length: 1, 0: c, toString: Array.prototype.join}; let r; try { String(c); } catch (x) { r = x.name; } return [String(o), r];");
    assert_eq!(out.value.unwrap(), json!(["", "RangeError"]));
}

#[test]
fn no_function_constructor_escape() {
    let i = JsInterpreter::new();
    for src in [
        "return (() => {}).constructor.constructor('return this')()",
        "return [].map.constructor('return process')()",
        "return Function('return 1')()",
    ] {
        let out = run(&i, src);
        let d = out.value.unwrap_err();
        assert!(d.message.starts_with("TypeError"), "{src}: {}", d.message);
    }
    let out = run(
        &i,
        "return [typeof process, typeof require, typeof globalThis.process, typeof eval]",
    );
    assert_eq!(
        out.value.unwrap(),
        json!(["undefined", "undefined", "undefined", "undefined"])
    );
}

#[test]
fn execution_is_send() {
    fn assert_send<T: Send>(_: &T) {}
    let i = JsInterpreter::new();
    let p = i.compile("return 1", &CompileOptions::default()).unwrap();
    let e = p.start(StartOptions::default());
    assert_send(&e);
    std::thread::spawn(move || {
        let mut e = e;
        let _ = e.step(1000);
    })
    .join()
    .unwrap();
}

#[test]
fn collection_right_after_the_last_return_keeps_the_result() {
    // The join allocates enough to trigger a collection at the final return, when no
    // frame references the program's result promise any more.
    let i = JsInterpreter::new();
    let out = run(&i, "const parts = []; for (let i = 1; i <= 100000; i++) parts.push(`ROW-${i}`); const s = parts.join(','); return s.length");
    assert_eq!(out.value.unwrap(), json!(988894));
}

#[test]
fn odd_scoping_does_not_panic() {
    let i = JsInterpreter::new();
    // Each reads a binding its scope cannot see yet: node answers ReferenceError for all four
    // (the third uncaught).
    for src in [
        "function f(a = () => x) { var x = 1; return a(); } try { return f() } catch (e) { return e.name }",
        "function g(a = () => y) { let y = 2; return a(); } try { return g() } catch (e) { return e.name }",
        "switch (1) { case 0: let q = 1; case 1: try { q } catch (e) { return e.name } }",
    ] {
        let out = run(&i, src);
        assert_eq!(out.value, Ok(json!("ReferenceError")), "{src}");
    }
    let error = run(&i, "let z = z + 1;").value.unwrap_err();
    assert!(
        error.message.contains("ReferenceError"),
        "{}",
        error.message
    );
}

#[test]
fn corpus_under_tight_limits_never_panics() {
    // Every corpus program, cut short at many points (fuel, memory, frames, lengths):
    // whatever the outcome, it must be a value or a diagnostic.
    let i = JsInterpreter::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let src = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for limits in [
            VmLimits {
                max_fuel: 50,
                ..Default::default()
            },
            VmLimits {
                max_fuel: 2_000,
                ..Default::default()
            },
            VmLimits {
                max_memory_bytes: 64 << 10,
                ..Default::default()
            },
            VmLimits {
                max_frames: 3,
                max_string_len: 8,
                max_collection_len: 3,
                ..Default::default()
            },
        ] {
            let _ = run_with(&i, &src, &limited(limits), &mut echo_tool);
            n += 1;
        }
    }
    assert!(n > 1000);
}

#[test]
fn sparse_arrays_are_bounded() {
    let i = JsInterpreter::new();
    // Elements live in one vector: an index or length past the collection limit is a
    // RangeError (node would make a sparse array) and allocates nothing.
    let out = run(
        &i,
        "const a = []; const r = []; \
         try { a[4294967294] = 1 } catch (e) { r.push(e.name) } \
         try { a.length = 4e9 } catch (e) { r.push(e.name) } \
         try { a.length = 4294967296 } catch (e) { r.push(e.name) } \
         a[4294967295] = 'not an index'; \
         return [r, a.length, Object.keys(a)]",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([
            ["RangeError", "RangeError", "RangeError"],
            0,
            ["4294967295"]
        ])
    );
    // Growing by index or length is charged before the slots are made: under a small
    // memory limit it is the fatal memory error, not a host allocation.
    let o = limited(VmLimits {
        max_memory_bytes: 8 << 20,
        ..Default::default()
    });
    for src in [
        "const a = []; a[15e6] = 1; return a.length",
        "const a = [1]; a.length = 15e6; return a.length",
        "const a = [1]; try { a[15e6] = 1 } catch (e) { return 'caught' }",
        "return new Array(15e6).length",
        "const a = []; for (let k = 0; ; k += 1e5) a.length = k",
    ] {
        let d = run_with(&i, src, &o, &mut echo_tool).value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}");
        assert!(d.message.contains("memory"), "{src}: {}", d.message);
    }
    // Its keys are paid for by the elements it has, not by its length.
    let out = run_with(
        &i,
        "const byId = []; byId[100000] = 'x'; byId[7] = 'y'; \
         return [Object.keys(byId), Object.entries(byId).length, byId.length]",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!([["7", "100000"], 2, 100001]));
    // Walking a mostly-empty array costs fuel per slot, in every method that walks it.
    let o = limited(VmLimits {
        max_fuel: 500_000,
        ..Default::default()
    });
    for src in [
        "const a = []; a[1 << 20] = 1; while (true) a.includes(2)",
        "const a = []; a[1 << 20] = 1; while (true) a.indexOf(2)",
        "const a = new Array(1 << 20); while (true) a.forEach(() => {})",
        "const a = new Array(1 << 20); while (true) Object.keys(a)",
        "const a = []; a[1 << 20] = 1; while (true) a.sort()",
        "const a = new Array(1 << 20); while (true) a.join()",
    ] {
        let d = run_with(&i, src, &o, &mut echo_tool).value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}");
    }
    // A hole never reaches the program as a value, whatever reads it.
    let out = run(
        &i,
        "const a = [, , ]; const [x] = a; const seen = []; \
         for (const v of a) seen.push(typeof v); \
         a.forEach(() => seen.push('visited')); \
         return [typeof a[0], typeof x, seen, typeof a.at(1), typeof a.pop(), \
                 typeof [,].shift(), String([, 1]), a.map(v => 1).length]",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([
            "undefined",
            "undefined",
            ["undefined", "undefined"],
            "undefined",
            "undefined",
            "undefined",
            ",1",
            1
        ])
    );
}

/// A built-in called with many objects whose valueOf is the program's retries once per
/// object (each retry copies the arguments): the copies are paid for in fuel, the retries
/// are VM frames, so the run ends in a limit or a catchable RangeError, never a hang.
#[test]
fn conversions_retried_per_argument_are_bounded() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 2_000_000,
        ..Default::default()
    });
    let src = "const xs = Array.from({ length: 20000 }, (_, i) => ({ valueOf() { return i } }));
               try { return Math.max(...xs) } catch (e) { return e.name }";
    let out = run_with(&i, src, &o, &mut echo_tool);
    match out.value {
        Ok(v) => assert_eq!(v, json!("RangeError")),
        Err(d) => assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded),
    }
    // A few objects convert as node does.
    let out = run(
        &i,
        "return Math.max(...[3, 9, 4].map((n) => ({ valueOf() { return n } })))",
    );
    assert_eq!(out.value.unwrap(), json!(9));
}

/// Natives that scan or copy a long string charge that work: a loop calling one on the
/// same long string many times runs out of fuel (or meets the deadline) instead of hiding
/// the work behind a few instructions per iteration.
#[test]
fn natives_over_a_long_string_are_charged_per_call() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 20_000_000,
        ..Default::default()
    });
    for call in [
        "JSON.stringify(s)",
        "JSON.stringify([s])",
        "parseInt(d)",
        "parseFloat(d)",
    ] {
        let src = format!(
            "const s = 'x'.repeat(1 << 20); const d = '1'.repeat(1 << 20); const keep = [];
             for (let i = 0; i < 1000; i++) {{ keep[i % 4] = {call} }}
             return keep.length"
        );
        let out = run_with(&i, &src, &o, &mut echo_tool);
        assert_eq!(
            out.value.unwrap_err().kind,
            DiagnosticKind::TimeoutExceeded,
            "{call}"
        );
    }
    // Quoting still escapes as node does.
    let out = run(
        &i,
        r#"return JSON.stringify("a\"\n\u0001\ud800\ud83d\ude00")"#,
    );
    assert_eq!(
        out.value.unwrap(),
        json!("\"a\\\"\\n\\u0001\\ud800\u{1F600}\"")
    );
}

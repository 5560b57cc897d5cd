//! Accessor properties against hostile programs: getters and setters run as VM frames (never
//! native recursion) under the execution's fuel and deadline, at the export boundary too,
//! and a program that plants accessors on the shared prototypes breaks neither the driver,
//! the exporter nor the next execution.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, run, run_with};
use serde_json::{json, Value};

/// See chains.rs: small enough that a recursion as deep as the program's would overflow.
const SMALL_STACK: usize = if cfg!(debug_assertions) {
    4 << 20
} else {
    256 << 10
};

fn run_small(src: &str, options: CompileOptions) -> Result<Value, Diagnostic> {
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(move || {
            let i = JsInterpreter::new();
            run_with(&i, &src, &options, &mut echo_tool).value
        })
        .expect("spawn")
        .join()
        .expect("the program overflowed the native stack")
}

fn fuel(n: u64) -> CompileOptions {
    CompileOptions {
        limits: VmLimits {
            max_fuel: n,
            ..VmLimits::default()
        },
        ..Default::default()
    }
}

#[test]
fn a_getter_chain_100000_deep_is_frames_not_native_recursion() {
    // Each getter reads the next object's getter: 100,000 nested getter frames.
    let src = r#"
        let next = { get v() { return 0; } };
        for (let i = 0; i < 100000; i++) { const n = next; next = { get v() { return n.v + 1; } }; }
        const setters = [];
        let target = {};
        for (let i = 0; i < 100000; i++) { const t = target; target = { set v(x) { t.v = x + 1; } }; }
        target.v = 0;
        return next.v;
    "#;
    assert_eq!(run_small(src, fuel(500_000_000)).unwrap(), json!(100000));
    // Past the frame limit: node's catchable RangeError.
    let limited = CompileOptions {
        limits: VmLimits {
            max_frames: 10_000,
            ..VmLimits::default()
        },
        ..Default::default()
    };
    let src = r#"
        let next = { get v() { return 0; } };
        for (let i = 0; i < 100000; i++) { const n = next; next = { get v() { return n.v + 1; } }; }
        try { return next.v; } catch (e) { return e.name + ': ' + e.message; }
    "#;
    assert_eq!(
        run_small(src, limited).unwrap(),
        json!("RangeError: Maximum call stack size exceeded")
    );
}

#[test]
fn getters_that_loop_run_out_of_fuel_and_getters_that_throw_are_catchable() {
    let i = JsInterpreter::new();
    let out = run_with(
        &i,
        "const o = { get x() { for (;;) {} } }; return o.x;",
        &fuel(5_000_000),
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap_err().kind, DiagnosticKind::TimeoutExceeded);
    let out = run(&i, "const o = { get x() { throw new RangeError('nope'); } }; try { return o.x; } catch (e) { return [e.name, e.message]; }");
    assert_eq!(out.value.unwrap(), json!(["RangeError", "nope"]));
    // A setter that loops, reached through the prototype chain.
    let out = run_with(&i, "const p = { set x(v) { while (true) {} } }; const o = Object.create(p); o.x = 1; return 1;", &fuel(5_000_000), &mut echo_tool);
    assert_eq!(out.value.unwrap_err().kind, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn the_export_runs_getters_and_to_json_under_fuel_and_deadline() {
    let i = JsInterpreter::new();
    // A returned getter that throws: the execution fails with its message.
    let out = run(
        &i,
        "return { ok: 1, get bad() { throw new Error('getter exploded'); } };",
    );
    let d = out.value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("getter exploded"), "{}", d.message);
    // A returned toJSON that never returns: out of fuel.
    let out = run_with(
        &i,
        "return { toJSON() { for (;;) {} } };",
        &fuel(5_000_000),
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap_err().kind, DiagnosticKind::TimeoutExceeded);
    // With fuel to spare, a returned getter that never ends runs in the execution's steps
    // like any code (each step returns, so the driver's deadline stops it), not inside
    // one native call.
    let program = i
        .compile(
            "return { get slow() { let n = 0; for (;;) n++; } };",
            &fuel(u64::MAX / 4),
        )
        .unwrap();
    let mut exec = program.start(StartOptions::default());
    for _ in 0..20 {
        assert!(matches!(exec.step(1_000_000).state, StepState::Running));
    }
    // A result that nests getters 100,000 deep: JSON.stringify's walk is VM frames, past
    // node's depth a RangeError, never a native overflow.
    let src = "let o = { get v() { return 1; } }; for (let i = 0; i < 100000; i++) { const n = o; o = { get v() { return n; } }; } return o;";
    let mut options = fuel(500_000_000);
    options.limits.max_frames = 10_000;
    let d = run_small(src, options).unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("RangeError"), "{}", d.message);
}

#[test]
fn accessors_on_shared_prototypes_break_neither_driver_nor_exporter_nor_next_execution() {
    let i = JsInterpreter::new();
    let pollute = r#"
        const trap = () => { throw new Error('trap'); };
        for (const k of ['path', 'input', 'x', 'length', '0', 'constructor']) {
            Object.defineProperty(Object.prototype, k, { get: trap, set: trap, configurable: true });
        }
        Object.defineProperty(Array.prototype, 'push', { get: trap, configurable: true });
        const r = await tools.a.b({ x: 1 });
        return { r, list: [1, 2], nested: { x: 'own' } };
    "#;
    let out = run(&i, pollute);
    assert_eq!(
        out.value.unwrap(),
        json!({"r": {"path": "a.b", "input": {"x": 1}}, "list": [1, 2], "nested": {"x": "own"}})
    );
    // A `then` getter on Object.prototype: node calls it when a promise is resolved with
    // any object; here the resolution (a built-in in Rust) cannot run it and ends the
    // execution with a clear TypeError.
    let out = run(&i, "Object.defineProperty(Object.prototype, 'then', { get() { throw new Error('trap'); } }); return {};");
    let d = out.value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("getter of 'then'"), "{}", d.message);
    let out = run(&i, "const o = {}; o.path = 1; return [o.path, Object.getOwnPropertyDescriptor(Object.prototype, 'path') === undefined, [3].concat([4]).length];");
    assert_eq!(out.value.unwrap(), json!([1, true, 2]));
}

#[test]
fn a_to_json_planted_on_object_prototype_is_honoured_as_node_does_then_gone() {
    let i = JsInterpreter::new();
    let out = run(&i, "Object.prototype.toJSON = function () { return 'hijacked'; }; const r = await tools.t.echo({ x: 1 }); return { r };");
    // JSON.stringify (node's driver) calls it on the tool's input and on the result alike.
    assert_eq!(out.value.unwrap(), json!("hijacked"));
    let out = run(&i, "return [typeof ({}).toJSON, { a: 1 }];");
    assert_eq!(out.value.unwrap(), json!(["undefined", {"a": 1}]));
}

#[test]
fn a_program_defined_getter_inside_a_rust_built_in_is_a_clear_type_error() {
    // Array.prototype.join reads `length` of a generic receiver in Rust: no frame can run.
    let i = JsInterpreter::new();
    let out = run(&i, "const o = { get length() { return 2; }, 0: 'a', 1: 'b' }; try { return Array.prototype.join.call(o, '-'); } catch (e) { return e.name + ': ' + e.message; }");
    let v = out.value.unwrap();
    assert!(
        v == json!("a-b") || v.as_str().is_some_and(|s| s.starts_with("TypeError")),
        "{v}"
    );
}

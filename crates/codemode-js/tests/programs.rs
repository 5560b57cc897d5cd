//! Program-model, host-boundary and data-boundary behaviour (no node needed).
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, run, run_with, value};
use serde_json::json;

fn error(src: &str) -> Diagnostic {
    let i = JsInterpreter::new();
    match run(&i, src).value {
        Ok(v) => panic!("{src}: expected an error, got {v}"),
        Err(d) => d,
    }
}

#[test]
fn program_model() {
    assert_eq!(value("1 + 1"), json!(2));
    assert_eq!(value("const a = 1; a + 1; const b = 2;"), json!(2));
    assert_eq!(value("let x = 1;"), json!(null));
    assert_eq!(
        value("async () => { return await tools.a.b(1) }"),
        json!({"path": "a.b", "input": 1})
    );
    assert_eq!(value("() => [1, 2].map(x => x * 2)"), json!([2, 4]));
    assert_eq!(value("(async function () { return 'f' })"), json!("f"));
    // A function with parameters is a value, not a program: it cannot cross the boundary.
    assert_eq!(error("(x) => x").kind, DiagnosticKind::InvalidDataValue);
    assert_eq!(value("return"), json!(null));
    assert_eq!(
        value("return [undefined, NaN, -Infinity]"),
        json!([null, null, null])
    );
}

#[test]
fn newer_builtins() {
    assert_eq!(
        value("const g = Object.groupBy([1, 2, 3, 4], x => x % 2 ? 'odd' : 'even'); return [g.odd, g.even]"),
        json!([[1, 3], [2, 4]])
    );
    assert_eq!(
        value(
            "const {promise, resolve} = Promise.withResolvers(); resolve(4); return await promise"
        ),
        json!(4)
    );
}

#[test]
fn property_attributes_we_cannot_keep_are_refused_loudly() {
    for (src, message) in [
        (
            "Object.defineProperty([1], '0', {get() { return 1; }})",
            "TypeError: accessor array elements are not supported",
        ),
        (
            "Object.defineProperty([1], '0', {value: 2, configurable: false})",
            "TypeError: non-configurable array elements are not supported",
        ),
        (
            "Object.defineProperty([1], 'length', {writable: false})",
            "TypeError: non-writable array length is not supported",
        ),
        (
            "Object.preventExtensions([])",
            "TypeError: Object.preventExtensions on arrays is not supported",
        ),
        (
            "Array.prototype.indexOf.call({length: 2 ** 40}, 1)",
            "RangeError: Invalid array length (array-like receiver too long to visit)",
        ),
    ] {
        let d = error(src);
        assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}");
        assert_eq!(d.message, message, "{src}");
    }
    // What the heap can keep works: a non-configurable property refuses redefinition.
    assert_eq!(
        value(
            "const o = Object.defineProperty({}, 'k', {value: 1}); \
             try { Object.defineProperty(o, 'k', {value: 2}); } catch (e) { return [e.name, o.k]; }"
        ),
        json!(["TypeError", 1])
    );
}

#[test]
fn uncaught_errors_are_execution_failures_with_location() {
    let d = error("const o = {};\nconst v = o.a.b;");
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert_eq!(
        d.message,
        "TypeError: Cannot read properties of undefined (reading 'b')"
    );
    assert_eq!(d.location.map(|l| l.line), Some(2));
    let d = error("\n\nthrow new RangeError('bad range')");
    assert_eq!(d.message, "RangeError: bad range");
    assert_eq!(d.location.map(|l| l.line), Some(3));
    let d = error("const f = () => { missing() }; f()");
    assert_eq!(d.message, "ReferenceError: missing is not defined");
    let d = error("const obj = {}; obj.foo()");
    assert_eq!(d.message, "TypeError: obj.foo is not a function");
    let d = error("throw 5");
    assert_eq!(d.message, "Uncaught 5");
}

#[test]
fn data_boundary() {
    let d = error("return {a: ['\\ud800']}");
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    assert!(d.message.contains("$.a[0]"), "{}", d.message);
    let d = error("return {f() {}}");
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    // The path names the function itself, as Lua's does.
    let d = error("return {a: {b: [0, {n: 1, f() {}}]}}");
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    assert!(d.message.contains("$.a.b[1].f"), "{}", d.message);
    let d = error("return [1, async () => 2]");
    assert!(d.message.contains("$[1]"), "{}", d.message);
    assert!(d.message.contains("a function"), "{}", d.message);
    let d = error("return {p: Promise.resolve(1)}");
    assert!(d.message.contains("$.p"), "{}", d.message);
    let d = error("const a = []; a.push(a); return a");
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    assert_eq!(value("return {e: {}, a: []}"), json!({"e": {}, "a": []}));
    assert_eq!(
        value("const r = await tools.x({}); return r.input"),
        json!({})
    );
    assert_eq!(value("return '😀'.length"), json!(2));
}

#[test]
fn tool_calls_start_eagerly_and_run_concurrently() {
    let i = JsInterpreter::new();
    let program = i
        .compile(
            "const rs = await Promise.all([tools.a.one(1), tools.a.two(2), tools.b['x-y'](3)]); return rs.map(r => r.path)",
            &CompileOptions::default(),
        )
        .unwrap();
    let paths: Vec<Vec<String>> = program
        .static_tool_paths()
        .into_iter()
        .map(|p| p.0)
        .collect();
    assert_eq!(
        paths,
        vec![vec!["a", "one"], vec!["a", "two"], vec!["b", "x-y"]]
            .into_iter()
            .map(|v| v.into_iter().map(String::from).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
    let mut exec = program.start(StartOptions::default());
    let step = exec.step(1_000_000);
    assert_eq!(
        step.calls.len(),
        3,
        "all three calls are issued in the first step"
    );
    assert!(matches!(step.state, StepState::Waiting));
    assert!(step.calls.iter().all(|c| c.mode == CallMode::Async));
    // Answer in reverse order: the result keeps the call order.
    for c in step.calls.iter().rev() {
        exec.complete(c.id, echo_tool(c));
    }
    match exec.step(1_000_000).state {
        StepState::Done(c) => assert_eq!(c.value, json!(["a.one", "a.two", "b.x-y"])),
        s => panic!("{s:?}"),
    }
}

#[test]
fn tool_errors_and_fatal_outcomes() {
    let i = JsInterpreter::new();
    let out = run(&i, "try { await tools.s.fail({}) } catch (e) { return [e.message, e.code, e instanceof Error] }");
    assert_eq!(
        out.value.unwrap(),
        json!(["the tool failed", "ToolFailure", true])
    );
    let out = run_with(
        &i,
        "try { await tools.s.x({}) } catch (e) { return 'caught' }",
        &CompileOptions::default(),
        &mut |_c| {
            HostOutcome::Fatal(Diagnostic::new(
                DiagnosticKind::ToolCallLimitExceeded,
                "too many calls",
            ))
        },
    );
    assert_eq!(
        out.value.unwrap_err().kind,
        DiagnosticKind::ToolCallLimitExceeded
    );
}

#[test]
fn tool_roots() {
    let i = JsInterpreter::new();
    let named = CompileOptions {
        tool_root: ToolRoot::Named("codemode".into()),
        ..Default::default()
    };
    let out = run_with(
        &i,
        "return (await codemode.orders.get({id: 1})).path",
        &named,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!("orders.get"));
    let globals = CompileOptions {
        tool_root: ToolRoot::Globals,
        tool_globals: vec!["orders".into()],
        ..Default::default()
    };
    let program = i
        .compile("return (await orders.lookup({})).path", &globals)
        .unwrap();
    assert_eq!(
        program.static_tool_paths()[0].0,
        vec!["orders".to_string(), "lookup".to_string()]
    );
    let out = run_with(
        &i,
        "return (await orders.lookup({})).path",
        &globals,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap(), json!("orders.lookup"));
    let out = run_with(&i, "return typeof tools", &globals, &mut echo_tool);
    assert_eq!(out.value.unwrap(), json!("undefined"));
}

#[test]
fn search_blocks_and_may_be_awaited() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "const a = search('x'); const b = await search('y'); return [a, b]",
    );
    assert_eq!(out.value.unwrap(), json!([["found", "x"], ["found", "y"]]));
    assert!(out
        .calls
        .iter()
        .all(|c| c.mode == CallMode::Blocking && c.target == HostTarget::Search));
}

fn ext_options() -> CompileOptions {
    CompileOptions {
        extensions: vec![
            ExtensionDecl {
                name: "now".into(),
                is_async: false,
            },
            ExtensionDecl {
                name: "fs.readFile".into(),
                is_async: true,
            },
            ExtensionDecl {
                name: "crypto.randomUUID".into(),
                is_async: false,
            },
        ],
        ..Default::default()
    }
}

#[test]
fn extensions_and_imports() {
    let i = JsInterpreter::new();
    let o = ext_options();
    let out = run_with(
        &i,
        "return [now(1, 'a'), await fs.readFile('p')]",
        &o,
        &mut echo_tool,
    );
    assert_eq!(
        out.value.unwrap(),
        json!([{"ext": "now", "args": [1, "a"]}, {"ext": "fs.readFile", "args": ["p"]}])
    );
    assert_eq!(out.calls[0].mode, CallMode::Blocking);
    assert_eq!(out.calls[1].mode, CallMode::Async);
    let src = "import fs from 'node:fs';\nimport { readFile } from 'fs/promises';\nconst c = require('crypto');\nconst m = await import('fs');\nreturn [(await fs.readFile('a')).ext, (await readFile('b')).ext, c.randomUUID().ext, (await m.readFile('c')).ext, typeof m.default.readFile]";
    let out = run_with(&i, src, &o, &mut echo_tool);
    assert_eq!(
        out.value.unwrap(),
        json!([
            "fs.readFile",
            "fs.readFile",
            "crypto.randomUUID",
            "fs.readFile",
            "function"
        ])
    );
    let out = run_with(
        &i,
        "try { require('child_process') } catch (e) { return e.message }",
        &o,
        &mut echo_tool,
    );
    assert_eq!(
        out.value.unwrap(),
        json!("Cannot find module 'child_process'")
    );
}

#[test]
fn unhandled_rejection_is_a_warning() {
    let i = JsInterpreter::new();
    let out = run(&i, "Promise.reject(new Error('lost')); return 1");
    assert_eq!(out.value.unwrap(), json!(1));
    assert_eq!(out.warnings.len(), 1);
    assert!(
        out.warnings[0].contains("Error: lost"),
        "{:?}",
        out.warnings
    );
    let out = run(
        &i,
        "const p = Promise.reject(new Error('x')); await null; try { await p } catch {} return 2",
    );
    assert_eq!(out.value.unwrap(), json!(2));
    assert!(out.warnings.is_empty());
}

#[test]
fn never_settling_program_fails() {
    let d = error("await new Promise(() => {})");
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
}

#[test]
fn unsupported_syntax_is_reported_with_location() {
    let i = JsInterpreter::new();
    // A function's `arguments` is supported; the program body's own is not.
    let e = i
        .compile("return arguments.length", &CompileOptions::default())
        .err()
        .unwrap();
    assert_eq!(e.kind, DiagnosticKind::UnsupportedSyntax);
    assert_eq!(e.location.map(|l| (l.line, l.column)), Some((1, 8)));
}

#[test]
fn logs_are_collected_per_call() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "console.log('a', 1); console.error({x: [1, 2]}); return 0",
    );
    assert_eq!(
        out.logs,
        vec!["a 1".to_string(), "{ x: [ 1, 2 ] }".to_string()]
    );
}

//! Generators under hostile programs: bodies that never end, delegation chains deeper than
//! the frame limit, suspended generators that hold memory, polluted prototypes; and tool
//! calls from generator bodies. (Their semantics against node: tests/corpus/gen_*.js.)
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{assert_each_fails, echo_tool, limited, run, run_with, value};
use serde_json::json;

#[test]
fn a_generator_that_never_yields_runs_out_of_fuel() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 200_000,
        ..Default::default()
    });
    let endless = [
        "function* g() { while (true) {} } g().next();",
        "function* g() { while (true) yield 1; } const it = g(); for (;;) it.next();",
        "function* g() { try { yield 1 } finally { while (true) {} } } const it = g(); it.next(); it.return(2);",
        "function* g() { for (;;) { try { yield } catch {} } } const it = g(); it.next(); for (;;) it.throw(1);",
    ];
    assert_each_fails(&i, &endless, &o, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn delegation_deeper_than_the_frame_limit_is_a_catchable_range_error() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_frames: 2_000,
        ..Default::default()
    });
    let src = "function* d(n) { if (n > 0) yield* d(n - 1); else yield 'bottom'; }
        let m; try { d(100000).next() } catch (e) { m = e.message }
        return [m, d(100).next().value];";
    let out = run_with(&i, src, &o, &mut echo_tool);
    assert_eq!(
        out.value.unwrap(),
        json!(["Maximum call stack size exceeded", "bottom"])
    );
}

#[test]
fn suspended_generators_count_against_the_memory_limit() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 8 << 20,
        ..Default::default()
    });
    for src in [
        // Many suspended frames, each with its locals.
        "const keep = []; function* g(a, b, c) { const x = [a, b, c]; yield x; yield 2; }
         try { for (;;) { const it = g(1, 2, 3); it.next(); keep.push(it); } } catch (e) { return 'caught' }",
        // A frame whose operand stack is deep when it yields.
        "const keep = []; function* g() { yield [1, 2, 3, 4, 5, 6, 7, 8, [yield 1]]; }
         try { for (;;) { const it = g(); it.next(); keep.push(it); } } catch (e) { return 'caught' }",
    ] {
        let out = run_with(&i, src, &o, &mut echo_tool);
        let d = out.value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}");
        assert!(d.message.contains("memory"), "{}", d.message);
    }
}

#[test]
fn generators_are_collected_when_unreachable() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 4 << 20,
        ..Default::default()
    });
    let src = "function* g(n) { const pad = 'x'.repeat(1000) + n; yield pad.length; yield n; }
        let total = 0;
        for (let i = 0; i < 20000; i++) { const it = g(i); total += it.next().value; }
        return total;";
    let out = run_with(&i, src, &o, &mut echo_tool);
    let want: usize = (0..20000).map(|n: usize| 1000 + n.to_string().len()).sum();
    assert_eq!(out.value.unwrap(), json!(want));
}

#[test]
fn polluted_generator_prototypes_do_not_reach_the_next_execution() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "const GP = Object.getPrototypeOf(Object.getPrototypeOf((function* () {})()));
         GP.next = () => ({ value: 'hijacked', done: false });
         GP.return = null; GP.throw = 1;
         function* g() { yield 1; }
         return g().next().value;",
    );
    assert_eq!(out.value.unwrap(), json!("hijacked"));
    let out = run(
        &i,
        "function* g() { yield 1; } const it = g(); return [it.next(), it.return(2), it.next()];",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([{"value": 1, "done": false}, {"value": 2, "done": true}, {"done": true}])
    );
}

#[test]
fn generator_bodies_call_tools() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "function* pages() { for (let p = 1; p <= 3; p++) yield tools.api.list({ page: p }); }
         const got = [];
         for (const it = pages(); ; ) {
           const s = it.next();
           if (s.done) break;
           got.push((await s.value).input.page);
         }
         return got;",
    );
    assert_eq!(out.value.unwrap(), json!([1, 2, 3]));
    assert_eq!(out.calls.len(), 3);
}

#[test]
fn async_generator_request_floods_and_endless_bodies_are_bounded() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 8 << 20,
        max_fuel: 50_000_000,
        ..Default::default()
    });
    // Requests queued faster than the body answers them: each is counted.
    let flood = "async function* g() { for (;;) { await null; yield 1; } }
        const it = g(); const keep = [];
        try { for (;;) keep.push(it.next()); } catch (e) { return 'caught' }";
    let d = run_with(&i, flood, &o, &mut echo_tool).value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("memory"), "{}", d.message);
    // A body that never yields, and a consumer that never stops.
    let o = limited(VmLimits {
        max_fuel: 200_000,
        ..Default::default()
    });
    let endless = [
        "async function* g() { for (;;) await null; } await g().next();",
        "async function* g() { for (;;) yield 1; } const it = g(); for (;;) await it.next();",
    ];
    assert_each_fails(&i, &endless, &o, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn a_failing_tool_rejects_the_async_generator_request() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "async function* pages() { yield await tools.api.list({ page: 1 }); yield await tools.api.fail({}); }
         const it = pages();
         const first = (await it.next()).value.input.page;
         let err; try { await it.next(); } catch (e) { err = e.message; }
         return [first, err, await it.next()];",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([1, "the tool failed", {"done": true}])
    );
}

#[test]
fn generators_are_not_data_and_iterate_through_replaced_methods() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "function* g() { yield 1; yield 2; }
         const it = g(); it.next();
         const GP = Object.getPrototypeOf(Object.getPrototypeOf(it));
         const seen = [];
         const original = GP.next;
         GP.next = function (x) { seen.push('next'); return original.call(this, x); };
         const rest = [...g()];
         return { rest, seen: seen.length };",
    );
    assert_eq!(out.value.unwrap(), json!({"rest": [1, 2], "seen": 3}));
    for (src, hint) in [
        ("function* g() {} return { it: g() };", "[...gen]"),
        ("async function* g() {} return [g()];", "for await"),
    ] {
        let d = run(&i, src).value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::InvalidDataValue, "{src}");
        assert!(d.message.contains(hint), "{}", d.message);
    }
}

#[test]
fn runaway_recursion_through_generators_ends_in_a_range_error() {
    // At the default frame limit. Each of these once took minutes: a collection at every
    // safe point once the stack outgrew the heap, and a scan of every try handler for each
    // frame unwound.
    let i = JsInterpreter::new();
    for src in [
        "function* g(n) { yield* g(n + 1); } return [...g(0)];",
        "function* g() { try { yield 1; } finally { for (const x of g()) {} } } const it = g(); it.next(); return it.return(1);",
        "function r(n) { try { return r(n + 1); } finally { n++; } } return r(0);",
    ] {
        let d = run(&i, src).value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}");
        assert!(d.message.contains("Maximum call stack"), "{src}: {}", d.message);
    }
}

#[test]
fn generator_methods_run_by_a_built_in_outside_a_call_are_refused_and_change_nothing() {
    // A getter or valueOf that is `next` itself, run by a built-in: resuming needs the call
    // op, so the built-in's read fails (not supported) and the generator stays where it was.
    let v = value(
        "function* g() { yield 1; yield 2; }
         const it = g();
         Object.defineProperty(it, 'length', { get: Object.getPrototypeOf(it).next });
         let m; try { Array.prototype.indexOf.call(it, 1); } catch (e) { m = e.message; }
         const other = g(); other.valueOf = other.next;
         let n; try { n = +other; } catch (e) { n = e.constructor.name; }
         return [m, Math.max(3, 4), it.next().value, n, other.next().value];",
    );
    assert_eq!(
        v,
        json!([
            "the getter of 'length' cannot run inside this built-in (not supported)",
            4,
            1,
            "TypeError",
            1
        ])
    );
}

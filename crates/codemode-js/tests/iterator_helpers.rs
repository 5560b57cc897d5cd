//! The ES2025 iterator helpers (ECMA-262 §27.1: `Iterator`, `Iterator.from`,
//! `Iterator.prototype.map` ...). node 20, the corpus's reference, has none, so these
//! expectations are written from the specification (test262's built-ins/Iterator runs them
//! too: `cargo xtask test262 --filter built-ins/Iterator/`). Then hostile programs: endless
//! and deeply chained helpers end in the execution's bounds.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{assert_each_fails, echo_tool, limited, run, run_with, value};
use serde_json::json;

#[test]
fn an_agent_pipeline_over_paged_tool_results() {
    let i = JsInterpreter::new();
    // Pages of users behind a cursor.
    let mut tool = |c: &HostCall| {
        let cursor = c.input["cursor"].as_u64().unwrap_or(0);
        let items: Vec<_> = (0..4)
            .map(|k| {
                let n = cursor * 4 + k;
                json!({"name": format!("u{n}"), "active": n % 3 != 0})
            })
            .collect();
        let next = if cursor < 2 {
            json!(cursor + 1)
        } else {
            json!(null)
        };
        HostOutcome::Ok(json!({"items": items, "next": next}))
    };
    let src = "
        const pages = [];
        for (let cursor = 0; cursor !== null; ) {
          const page = await tools.users.list({ cursor });
          pages.push(page.items);
          cursor = page.next;
        }
        function* users() { for (const items of pages) yield* items; }
        return users().filter(u => u.active).map((u, i) => i + ':' + u.name).drop(1).take(4).toArray();";
    let out = run_with(&i, src, &CompileOptions::default(), &mut tool);
    assert_eq!(out.value.unwrap(), json!(["1:u2", "2:u4", "3:u5", "4:u7"]));
    assert_eq!(out.calls.len(), 3);
}

#[test]
fn take_limits_the_tool_calls_an_endless_generator_would_make() {
    let i = JsInterpreter::new();
    let src = "
        function* pageNumbers() { for (let p = 1; ; p++) yield p; }
        const requests = pageNumbers().map(page => tools.orders.page({ page })).take(3).toArray();
        const pages = await Promise.all(requests);
        return pages.map(p => p.input.page);";
    let out = run(&i, src);
    assert_eq!(out.value.unwrap(), json!([1, 2, 3]));
    assert_eq!(out.calls.len(), 3);
}

#[test]
fn helpers_work_on_every_built_in_iterator_and_on_user_iterators() {
    let v = value(
        "const user = { i: 0, next() { return this.i < 3 ? { value: this.i++, done: false } : { done: true }; } };
         const counter = { n: 0, [Symbol.iterator]() { return { next: () => ({ value: ++this.n, done: this.n > 2 }) }; } };
         return [
           [10, 20].values().map(x => x + 1).toArray(),
           [10, 20].entries().map(([k, v]) => k + v).toArray(),
           new Map([['a', 1]]).entries().map(([k, v]) => k + v).toArray(),
           new Set([1, 2, 3]).values().filter(x => x !== 2).toArray(),
           'héllo'[Symbol.iterator]().take(2).toArray().join(''),
           (function* () { yield* [3, 4]; })().reduce((a, b) => a * b),
           Iterator.from(user).map(x => x * 2).toArray(),
           Iterator.from(counter).toArray(),
           Iterator.from('ab').toArray(),
           [[1, 2], [3]].values().flatMap(a => a).toArray(),
           ['ab', 'c'].values().flatMap(s => s[Symbol.iterator]()).toArray(),
         ];",
    );
    assert_eq!(
        v,
        json!([
            [11, 21],
            [10, 21],
            ["a1"],
            [1, 3],
            "hé",
            12,
            [0, 2, 4],
            [1, 2],
            ["a", "b"],
            [1, 2, 3],
            ["a", "b", "c"]
        ])
    );
}

#[test]
fn the_consuming_methods() {
    let v = value(
        "const it = () => [1, 2, 3, 4].values();
         const seen = [];
         it().forEach((v, i) => seen.push(v * 10 + i));
         let empty;
         try { [].values().reduce((a, b) => a + b); } catch (e) { empty = e.constructor.name; }
         return [
           seen,
           it().some(x => x > 3), it().some(x => x > 4),
           it().every(x => x > 0), it().every(x => x < 3),
           it().find(x => x % 2 === 0), it().find(x => x > 9),
           it().reduce((a, b) => a + b), it().reduce((a, b, i) => a + b * i, 100),
           empty, [].values().toArray(),
         ];",
    );
    assert_eq!(
        v,
        json!([
            [10, 21, 32, 43],
            true,
            false,
            true,
            false,
            2,
            null,
            10,
            120,
            "TypeError",
            []
        ])
    );
}

/// An iterator over 1, 2, 3, ... that records `next` and `return` calls in `log`.
const LOGGED: &str = "const log = [];
    const logged = (limit = Infinity) => Iterator.from({
      n: 0,
      next() { log.push('next'); this.n++; return this.n > limit ? { done: true } : { value: this.n, done: false }; },
      return() { log.push('return'); return {}; },
    });";

#[test]
fn helpers_close_the_underlying_iterator_as_the_spec_says() {
    let cases = [
        // take's limit reached: closed at the next call after the last value.
        ("const t = logged().take(2); t.next(); t.next(); t.next(); t.next();",
         json!(["next", "next", "return"])),
        // take(0) closes at the first next() without reading.
        ("logged().take(0).next();", json!(["return"])),
        // A callback that throws closes the underlying iterator; the throw goes on.
        ("try { logged().map(() => { throw 1; }).next(); } catch (e) { log.push('caught ' + e); }",
         json!(["next", "return", "caught 1"])),
        ("try { logged().forEach(() => { throw 2; }); } catch (e) { log.push('caught ' + e); }",
         json!(["next", "return", "caught 2"])),
        // return() on a helper that has not started closes it; later next() is done.
        ("const h = logged().filter(x => x); log.push(JSON.stringify(h.return())); log.push(JSON.stringify(h.next()));",
         json!(["return", "{\"done\":true}", "{\"done\":true}"])),
        // ... and on a suspended one, also; an exhausted one is not closed again.
        ("const h = logged().map(x => x); h.next(); h.return(); h.return();",
         json!(["next", "return"])),
        ("const h = logged(1).map(x => x); h.next(); h.next(); h.return();",
         json!(["next", "next"])),
        // some/every/find stop early and close; reaching the end does not.
        ("logged().some(x => x === 2);", json!(["next", "next", "return"])),
        ("logged(2).every(x => x > 0);", json!(["next", "next", "next"])),
        // flatMap's return() closes the inner iterator, then the outer one.
        ("const inner = { i: 0, next() { return { value: this.i++, done: false }; }, return() { log.push('inner return'); return {}; } };
          const h = logged().flatMap(() => inner); h.next(); h.return();",
         json!(["next", "inner return", "return"])),
        // Validation failures close the receiver without reading `next`.
        ("try { logged().map(5); } catch (e) { log.push(e.constructor.name); }",
         json!(["return", "TypeError"])),
        ("try { logged().take(-1); } catch (e) { log.push(e.constructor.name); }",
         json!(["return", "RangeError"])),
        ("try { logged().drop(NaN); } catch (e) { log.push(e.constructor.name); }",
         json!(["return", "RangeError"])),
        ("try { logged().take(2 ** 53); } catch (e) { log.push(e.constructor.name); }",
         json!(["return", "RangeError"])),
        // A `next` that throws does not close.
        ("const bad = Iterator.from({ next() { throw 3; }, return() { log.push('return'); return {}; } });
          try { bad.map(x => x).next(); } catch (e) { log.push('caught ' + e); }",
         json!(["caught 3"])),
    ];
    let i = JsInterpreter::new();
    for (body, want) in cases {
        let src = format!("{LOGGED}\n{body}\nreturn log;");
        let out = run(&i, &src);
        assert_eq!(out.value.unwrap(), want, "{body}");
    }
}

#[test]
fn argument_validation_order_and_errors() {
    let v = value(
        "const effects = [];
         const receiver = { get next() { effects.push('get next'); return () => ({ done: true }); } };
         Iterator.prototype.take.call(receiver, { valueOf() { effects.push('limit'); return 1; } });
         const errors = [];
         for (const f of [
           () => Iterator.prototype.map.call(1, x => x),
           () => Iterator.prototype.toArray.call(null),
           () => [].values().filter(),
           () => [].values().drop(-0.5).toArray(),
           () => [].values().take(Infinity).toArray(),
           () => [].values().flatMap(x => 1).toArray(),
           () => [1].values().flatMap(x => 1).toArray(),
           () => Iterator.from(5),
           () => Iterator(),
           () => new Iterator(),
         ]) {
           try { const r = f(); errors.push(Array.isArray(r) ? 'ok' : typeof r); } catch (e) { errors.push(e.constructor.name); }
         }
         return [effects, errors];",
    );
    assert_eq!(
        v,
        json!([
            ["limit", "get next"],
            [
                "TypeError",
                "TypeError",
                "TypeError",
                "ok",
                "ok",
                "ok",
                "TypeError",
                "TypeError",
                "TypeError",
                "TypeError"
            ]
        ])
    );
}

#[test]
fn a_helper_is_a_branded_generator_like_object() {
    let v = value(
        "function* nat() { for (let i = 0; ; i++) yield i; }
         let h;
         h = nat().map(x => { if (x === 1) h.next(); return x; });
         const out = [h.next().value];
         try { h.next(); } catch (e) { out.push(e.constructor.name, e.message); }
         const helperProto = Object.getPrototypeOf(nat().map(x => x));
         const genNext = Object.getPrototypeOf(nat()).next;
         for (const [f, r] of [[helperProto.next, nat()], [genNext, nat().map(x => x)], [helperProto.return, {}]]) {
           try { f.call(r); out.push('no error'); } catch (e) { out.push(e.constructor.name); }
         }
         out.push(Object.prototype.toString.call(helperProto), Object.getPrototypeOf(helperProto) === Iterator.prototype,
           typeof helperProto.throw, Object.getOwnPropertyNames(nat().map(x => x)).length);
         const wrap = Object.getPrototypeOf(Iterator.from({ next() {} }));
         out.push(Object.getPrototypeOf(wrap) === Iterator.prototype, Iterator.from([].values()) instanceof Iterator,
           Object.getOwnPropertyNames(wrap).sort().join());
         return out;",
    );
    assert_eq!(
        v,
        json!([
            0,
            "TypeError",
            "Generator is already running",
            "TypeError",
            "TypeError",
            "TypeError",
            "[object Iterator Helper]",
            true,
            "undefined",
            0,
            true,
            true,
            "next,return"
        ])
    );
}

#[test]
fn iterator_prototype_accessors_and_the_constructor() {
    let v = value(
        "const d = Object.getOwnPropertyDescriptor(Iterator.prototype, 'constructor');
         const t = Object.getOwnPropertyDescriptor(Iterator.prototype, Symbol.toStringTag);
         const o = {};
         d.set.call(o, 5);
         const out = [typeof d.get, typeof d.set, d.enumerable, d.configurable, t.get.call(), o.constructor,
           Object.getOwnPropertyDescriptor(o, 'constructor').enumerable,
           Iterator.prototype.constructor === Iterator, [].keys().constructor === Iterator,
           Object.prototype.toString.call(Iterator.from({ next() {} })), Iterator.length, Iterator.from.length,
           Iterator.prototype.reduce.length, Object.getOwnPropertyDescriptor(Iterator, 'prototype').writable];
         try { Iterator.prototype.constructor = 1; } catch (e) { out.push(e.constructor.name); }
         class Countdown extends Iterator {
           constructor(n) { super(); this.n = n; }
           next() { return this.n > 0 ? { value: this.n--, done: false } : { done: true }; }
         }
         out.push(new Countdown(3).map(x => x * 2).toArray(), new Countdown(1) instanceof Iterator);
         return out;",
    );
    assert_eq!(
        v,
        json!([
            "function",
            "function",
            false,
            true,
            "Iterator",
            5,
            true,
            true,
            true,
            "[object Iterator]",
            0,
            1,
            1,
            false,
            "TypeError",
            [6, 4, 2],
            true
        ])
    );
}

#[test]
fn console_log_and_the_result_name_a_helper() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "console.log([1].values().map(x => x)); return [1].values().map(x => x);",
    );
    assert_eq!(out.logs, ["Object [Iterator Helper] {}"]);
    let d = out.value.unwrap_err();
    assert!(d.message.contains("an iterator helper"), "{d}");
}

#[test]
fn endless_helpers_run_out_of_fuel() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 300_000,
        ..Default::default()
    });
    let endless = [
        "function* nat() { for (let i = 0; ; i++) yield i; } nat().map(x => x).forEach(() => {});",
        "function* nat() { for (let i = 0; ; i++) yield i; } nat().filter(() => false).next();",
        "function* nat() { for (let i = 0; ; i++) yield i; } nat().drop(Infinity).next();",
        "function* nat() { for (let i = 0; ; i++) yield i; } nat().some(() => false);",
        "Iterator.from({ next: () => ({ done: false }) }).reduce(a => a, 0);",
        "function* nat() { for (let i = 0; ; i++) yield i; } nat().flatMap(() => []).next();",
    ];
    assert_each_fails(&i, &endless, &o, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn an_endless_generator_under_to_array_ends_at_a_bound_within_the_deadline() {
    let i = JsInterpreter::new();
    let timeout = std::time::Duration::from_millis(500);
    for src in [
        // Collects forever: the memory limit (or the deadline) ends it.
        "function* nat() { for (let i = 0; ; i++) yield i; } return nat().map(x => x * 2).toArray().length;",
        // Collects nothing: only the deadline ends it.
        "function* nat() { for (let i = 0; ; i++) yield i; } return nat().map(x => x).filter(() => false).toArray();",
    ] {
        let options = limited(VmLimits {
            max_memory_bytes: 4 << 20,
            ..Default::default()
        });
        let program = i.compile(src, &options).expect("compiles");
        let start = std::time::Instant::now();
        let d = common::run_to_deadline(program, timeout).unwrap_err();
        assert!(
            matches!(
                d.kind,
                DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
            ),
            "{src}: {d}"
        );
        assert!(start.elapsed() < timeout * 4, "{src}: {:?}", start.elapsed());
    }
    // The interpreter is still usable.
    assert_eq!(
        run(&i, "return [1, 2].values().map(x => x + 1).toArray()")
            .value
            .unwrap(),
        json!([2, 3])
    );
}

#[test]
fn chains_deeper_than_the_frame_limit_are_a_catchable_range_error() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_frames: 2_000,
        ..Default::default()
    });
    for make in [
        "it.flatMap(x => [x])",
        "it.map(x => x)",
        "Iterator.from(it)",
    ] {
        let src = format!(
            "let it = [1, 2].values();
             for (let i = 0; i < 20000; i++) it = {make};
             let m; try {{ it.next(); }} catch (e) {{ m = e.message; }}
             let shallow = [7].values();
             for (let i = 0; i < 100; i++) shallow = shallow.flatMap(x => [x]);
             return [m, shallow.toArray()];"
        );
        let out = run_with(&i, &src, &o, &mut echo_tool);
        let v = out.value.unwrap();
        if make.starts_with("Iterator.from") {
            // Iterator.from returns an iterator that already inherits Iterator.prototype.
            assert_eq!(v, json!([null, [7]]), "{make}");
        } else {
            assert_eq!(
                v,
                json!(["Maximum call stack size exceeded", [7]]),
                "{make}"
            );
        }
    }
}

#[test]
fn replaced_helpers_do_not_leak_into_the_next_execution() {
    let i = JsInterpreter::new();
    let check = "return [1, 2].values().map(x => x * 3).toArray()";
    for src in [
        "Iterator.prototype.map = () => 'forged'; return [].values().map()",
        "delete Iterator.prototype.toArray; return typeof [].values().toArray",
        "Object.getPrototypeOf([].values().map(x => x)).next = () => ({ done: true }); return 1",
        "Object.defineProperty(Iterator.prototype, 'constructor', { value: 1 }); return [].keys().constructor",
    ] {
        assert!(run(&i, src).value.is_ok(), "{src}");
        assert_eq!(run(&i, check).value.unwrap(), json!([3, 6]), "after {src}");
    }
}

#[test]
fn helper_and_wrapper_methods_run_by_a_built_in_as_getters_change_nothing() {
    // A built-in reading a getter runs it outside a call op: a method that needs one
    // (resuming a helper, calling the wrapped `next`) is refused before it does anything.
    let v = value(
        "const log = [];
         const src = Iterator.from({ next() { return { value: 1, done: false }; }, return() { log.push('closed'); return {}; } });
         const h = src.map(x => x + 1);
         Object.defineProperty(h, 'length', { get: Object.getPrototypeOf(h).return });
         try { Array.prototype.indexOf.call(h, 1); } catch (e) { log.push(e.constructor.name); }
         log.push(h.next().value);
         const w = Iterator.from({ next() { return { value: 7, done: false }; } });
         Object.defineProperty(w, 'length', { get: Object.getPrototypeOf(w).next });
         try { Array.prototype.indexOf.call(w, 1); } catch (e) { log.push(e.constructor.name); }
         log.push(Math.max(1, 2), w.next().value);
         return log;",
    );
    assert_eq!(v, json!(["TypeError", 2, "TypeError", 2, 7]));
}

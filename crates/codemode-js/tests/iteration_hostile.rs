//! Hostile programs against Symbol and the iteration protocol: replaced or deleted built-in
//! iterators, polluted Symbol.prototype, iterators that never end or throw. Each is bounded
//! and leaves the next execution as it was.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, limited, run, run_with};
use serde_json::json;

/// A program that checks the built-in iteration works as it should.
const HEALTHY: &str = "const m = new Map([[1, 'a']]); const out = []; \
    for (const x of [1, 2]) out.push(x); for (const c of 'ab') out.push(c); \
    const [p, q] = [3, 4]; \
    return [out, [...m], p + q, typeof Symbol.iterator, String(Symbol('d')), Symbol('d').description]";

fn healthy() -> serde_json::Value {
    json!([[1, 2, "a", "b"], [[1, "a"]], 7, "symbol", "Symbol(d)", "d"])
}

#[test]
fn replaced_or_deleted_iterators_do_not_leak_into_the_next_execution() {
    let i = JsInterpreter::new();
    assert_eq!(run(&i, HEALTHY).value.unwrap(), healthy());
    for src in [
        "delete Array.prototype[Symbol.iterator]; try { for (const x of [1]) {} } catch (e) { return e.name }",
        "Array.prototype[Symbol.iterator] = () => ({ next: () => ({ done: true }) }); return [...[1, 2]].length",
        "delete String.prototype[Symbol.iterator]; try { [...'ab'] } catch (e) { return e.name }",
        "Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true }); return [...[1]].length",
        "Map.prototype[Symbol.iterator] = null; try { [...new Map()] } catch (e) { return e.name }",
        "Object.getPrototypeOf(Object.getPrototypeOf([].values()))[Symbol.iterator] = () => 1; try { for (const x of [].values()) {} } catch (e) { return e.name }",
    ] {
        let out = run(&i, src);
        assert!(out.value.is_ok(), "{src}: {:?}", out.value);
        assert_eq!(run(&i, HEALTHY).value.unwrap(), healthy(), "after {src}");
    }
}

#[test]
fn polluted_symbol_prototype_does_not_leak() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "Symbol.prototype.toString = () => 'x'; \
         Object.defineProperty(Symbol.prototype, 'description', { get: () => 'forged' }); \
         Symbol.for = () => 1; Symbol.iterator = 5; \
         return [Symbol('a').toString(), Symbol('a').description, Symbol.for('k'), typeof Symbol.iterator]",
    );
    assert_eq!(out.value.unwrap(), json!(["x", "forged", 1, "symbol"]));
    assert_eq!(run(&i, HEALTHY).value.unwrap(), healthy());
}

#[test]
fn endless_iterators_run_out_of_fuel() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 300_000,
        ..Default::default()
    });
    let endless = "const it = { [Symbol.iterator]() { return { next: () => ({ value: 1, done: false }) }; } };";
    for body in [
        "for (const x of it) {}",
        "[...it]",
        "const [...all] = it;",
        "new Set(it)",
        "Math.max(...it)",
        "Array.from(it)",
        "await Promise.all(it)",
        "try { for (const x of it) { try {} finally {} } } catch {}",
    ] {
        let src = format!("{endless} {body}");
        let out = run_with(&i, &src, &o, &mut echo_tool);
        let err = out.value.unwrap_err();
        assert!(
            matches!(
                err.kind,
                DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
            ),
            "{body}: {err:?}"
        );
    }
    assert_eq!(run(&i, HEALTHY).value.unwrap(), healthy());
}

#[test]
fn throwing_next_and_return_are_ordinary_exceptions() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "const log = []; \
         const it = (nextThrows, returnThrows) => ({ [Symbol.iterator]() { let n = 0; return { \
           next() { if (nextThrows && n === 1) throw new RangeError('next'); return { value: n++, done: false }; }, \
           return() { log.push('return'); if (returnThrows) throw new TypeError('return'); return {}; } }; } }); \
         try { for (const x of it(true, false)) {} } catch (e) { log.push(e.name); } \
         try { for (const x of it(false, true)) { break; } } catch (e) { log.push(e.name); } \
         try { for (const x of it(false, true)) { throw new SyntaxError('body'); } } catch (e) { log.push(e.name); } \
         try { const [a] = it(false, true); } catch (e) { log.push(e.name); } \
         return log",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([
            "RangeError",
            "return",
            "TypeError",
            "return",
            "SyntaxError",
            "return",
            "TypeError"
        ])
    );
    assert_eq!(run(&i, HEALTHY).value.unwrap(), healthy());
}

#[test]
fn symbol_keys_cannot_be_forged_from_strings() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "const s = Symbol('k'); const o = { [s]: 'secret' }; \
         const guesses = ['Symbol(k)', String(s), s.toString(), s.description, 'k', '@@k']; \
         return [guesses.map((g) => o[g]), Object.keys(o), JSON.stringify(o), o[s], \
           Symbol.iterator in [], 'Symbol(Symbol.iterator)' in []]",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([
            [null, null, null, null, null, null],
            [],
            "{}",
            "secret",
            true,
            false
        ])
    );
}

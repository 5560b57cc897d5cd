//! A built-in called on a long string does work its one call instruction does not show:
//! each such call charges fuel by the string's length, and what it builds is counted, so a
//! loop of cheap-looking calls over a 1 M-unit string runs out of fuel (or memory) instead
//! of running unmetered past its deadline.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, limited, run, run_with};
use serde_json::json;

/// Fuel for about 2,000 iterations of the loop's own instructions, not for 2,000 passes
/// over a million units.
fn small_fuel() -> CompileOptions {
    limited(VmLimits {
        max_fuel: 2_000_000,
        ..Default::default()
    })
}

/// Runs `src` under a 16 MiB memory limit and checks that it ends there.
fn ends_at_the_memory_limit(i: &JsInterpreter, src: &str) {
    let o = limited(VmLimits {
        max_memory_bytes: 16 << 20,
        ..Default::default()
    });
    let d = run_with(i, src, &o, &mut echo_tool).value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{}", d.message);
    assert!(d.message.contains("memory limit"), "{}", d.message);
}

#[test]
fn natives_reading_a_long_string_charge_by_its_length() {
    let i = JsInterpreter::new();
    for expr in [
        "Number(k)",
        "parseInt(k)",
        "parseFloat(k)",
        "+k",
        "m.get(k)",
        "s.has(k)",
        "Symbol.for(k)",
        "k.normalize()",
        "k.localeCompare(k)",
        "Object.prototype.toString.call(tagged)",
        "String(sym)",
        "sym.description",
        "err.toString()",
        "bound.toString()",
        "(() => { try { undefined[k] } catch (e) { return e } })()",
        "(() => { try { BigInt(k) } catch (e) { return e } })()",
    ] {
        let src = format!(
            "const k = 'x'.repeat(1 << 20); const m = new Map(), s = new Set();
             const tagged = {{ [Symbol.toStringTag]: k }}; const sym = Symbol(k);
             const err = new Error(k); const bound = Object.defineProperty(function () {{}}, 'name', {{ value: k }});
             for (let i = 0; i < 2000; i++) {{ {expr} }}
             return 'finished'"
        );
        let out = run_with(&i, &src, &small_fuel(), &mut echo_tool);
        assert_eq!(
            out.value.map_err(|d| d.kind),
            Err(DiagnosticKind::TimeoutExceeded),
            "{expr}"
        );
    }
}

/// Each of these copies the long string into a new one, or compares it with another: the
/// work is charged by its length, so the loop runs out of fuel (a template literal's concatenation was not charged, and
/// `${k}${i}` over a 16 M-unit string ran ten times past its deadline).
#[test]
fn building_from_a_long_string_charges_by_its_length() {
    let i = JsInterpreter::new();
    for expr in [
        "`${k}${i}`.length",
        "`<${k}>`.length",
        "(k + i).length",
        "('y' + k).length",
        "k.concat('y').length",
        "[k, 'y'].join('').length",
        "k.padEnd(k.length + 1).length",
        "k.slice(1).length",
        "k.toUpperCase().length",
        "k.replaceAll('y', 'z').length",
        "k < k2 ? 1 : 0",
        "k >= k2 ? 1 : 0",
        "k.startsWith(k2) ? 1 : 0",
        "k.endsWith(k2) ? 1 : 0",
    ] {
        let src = format!(
            "const k = 'x'.repeat(1 << 20), k2 = 'x'.repeat(1 << 20); let n = 0;
             for (let i = 0; i < 2000; i++) {{ n += {expr} }}
             return 'finished'"
        );
        let out = run_with(&i, &src, &small_fuel(), &mut echo_tool);
        assert_eq!(
            out.value.map_err(|d| d.kind),
            Err(DiagnosticKind::TimeoutExceeded),
            "{expr}"
        );
    }
}

#[test]
fn error_messages_quoting_a_long_key_are_cut() {
    let i = JsInterpreter::new();
    let out = run(
        &i,
        "const k = 'x'.repeat(1 << 20); try { undefined[k] } catch (e) { return [e.message.length < 8300, e.message.includes(' bytes omitted) '), e.message.slice(0, 40), e.message.slice(-5)] }",
    );
    assert_eq!(
        out.value.unwrap(),
        json!([
            true,
            true,
            "Cannot read properties of undefined (rea",
            "xxx')"
        ])
    );
}

#[test]
fn bind_chains_count_their_names() {
    let i = JsInterpreter::new();
    // Each bind's name is "bound " + the last: quadratic in all, counted as it grows.
    ends_at_the_memory_limit(
        &i,
        "let f = function g() {}; for (let i = 0; i < 1e6; i++) f = f.bind(null, i); return f.name.length",
    );
    let out = run(
        &i,
        "function g(a, b, c) {} const f = g.bind(null, 1).bind(null, 2); return [f.name, f.length, String(new Error('\\ud800')).length]",
    );
    assert_eq!(out.value.unwrap(), json!(["bound bound g", 1, 8]));
}

#[test]
fn spreading_a_long_string_into_an_object_is_counted() {
    let i = JsInterpreter::new();
    ends_at_the_memory_limit(
        &i,
        "const o = { ...'x'.repeat(1 << 20) }; return Object.keys(o).length",
    );
    let out = run(&i, "return { ...'ab' }");
    assert_eq!(out.value.unwrap(), json!({"0": "a", "1": "b"}));
}

/// Reversing a long array in place is work by its length: a loop of `a.reverse()` over a
/// million elements ran a second past its deadline between two checks.
#[test]
fn reversing_a_long_array_charges_by_its_length() {
    let i = JsInterpreter::new();
    let src = "const a = new Array(1 << 20).fill(0);
               for (let i = 0; i < 2000; i++) a.reverse();
               return 'finished'";
    let out = run_with(&i, src, &small_fuel(), &mut echo_tool);
    assert_eq!(
        out.value.map_err(|d| d.kind),
        Err(DiagnosticKind::TimeoutExceeded)
    );
}

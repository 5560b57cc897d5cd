//! The VM's fast loop (src/fast.rs) hands every case it does not cover back to the general
//! loop. These programs sit on those boundaries: try handlers in recursive frames, arrow
//! `this`, missing arguments, strings left in stack slots, fuel slices ending inside
//! recursion and loops, the frame limit, and a due GC.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, run, run_with, value};
use serde_json::json;

#[test]
fn recursion_through_open_try_handlers() {
    let src = r#"
function f(n) {
  try {
    if (n === 0) throw new Error("bottom");
    return f(n - 1) + 1;
  } catch (e) {
    return 100;
  }
}
return f(50);
"#;
    assert_eq!(value(src), json!(150));
}

#[test]
fn arrow_this_and_missing_arguments() {
    let src = r#"
const o = { v: 7, m() { const g = (k) => this.v + k; let s = 0; for (let i = 0; i < 10; i++) s = s + g(i); return s; } };
function h(a, b, c) { return c === undefined ? a : a + b + c; }
let t = 0;
for (let i = 0; i < 100; i++) t = t + h(i);
return [o.m(), t, h(1, 2, 3)];
"#;
    assert_eq!(value(src), json!([115, 4950, 6]));
}

#[test]
fn strings_in_frames_and_returned() {
    let src = r#"
function s(n) { let x = "a" + n; return n === 0 ? x.length : s(n - 1) + x.length; }
function label(n) { return n < 1 ? "end" : label(n - 1) + n; }
function pick(n) { const tag = "t" + n; return n % 2 === 0 ? tag : n; }
const picks = [];
for (let i = 0; i < 4; i++) picks.push(pick(i));
return [s(12), label(5), picks];
"#;
    assert_eq!(value(src), json!([29, "end12345", ["t0", 1, "t2", 3]]));
}

#[test]
fn fuel_slices_end_inside_recursion_and_loops() {
    // `run` steps with small fuel slices: both programs are suspended and resumed many
    // times inside the fast loop.
    let src = r#"
function fib(n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
let s = 0;
for (let i = 1; i <= 300000; i++) { s = s + (i % 7) * 3; }
let d = 0;
for (let i = 10; i > 0; i--) d = d + i;
return [fib(22), s, d];
"#;
    assert_eq!(value(src), json!([17711, 2699994, 55]));
}

#[test]
fn runaway_recursion_in_the_fast_loop_is_fuel_or_range_error() {
    let i = JsInterpreter::new();
    let o = CompileOptions {
        limits: VmLimits {
            max_fuel: 1_000_000,
            ..Default::default()
        },
        ..Default::default()
    };
    let out = run_with(
        &i,
        "function f(n) { return n === 0 ? 0 : f(n - 1) + f(n - 1); } return f(40);",
        &o,
        &mut echo_tool,
    );
    assert_eq!(out.value.unwrap_err().kind, DiagnosticKind::TimeoutExceeded);
    let out = run(
        &i,
        "function r(n) { return r(n + 1) + 1 } try { r(0) } catch (e) { return [e.name, e.message] }",
    );
    assert_eq!(
        out.value.unwrap(),
        json!(["RangeError", "Maximum call stack size exceeded"])
    );
}

#[test]
fn garbage_made_between_fast_calls_is_collected() {
    let i = JsInterpreter::new();
    let o = CompileOptions {
        limits: VmLimits {
            max_memory_bytes: 8 << 20,
            max_fuel: 50_000_000,
            ..Default::default()
        },
        ..Default::default()
    };
    let src = r#"
function add(a, b) { return a + b; }
let t = 0;
for (let i = 0; i < 200000; i++) { const junk = [i, i]; t = add(t, junk[1]); }
return t;
"#;
    let out = run_with(&i, src, &o, &mut echo_tool);
    assert_eq!(out.value.unwrap(), json!(19999900000u64));
}

#[test]
fn property_and_element_reads_fall_back_outside_the_plain_case() {
    let src = r#"
const rows = [{ paid: true, n: 1 }, { paid: false, n: 2 }, Object.create({ paid: true, n: 3 })];
const paid = rows.filter((r) => r.paid).map((r) => r.n);
const arr = [10, 20, 30];
const picks = [arr[0], arr[2], arr[3], arr[1.5], arr["1"], "abc"[1]];
function kind(v) { return typeof v; }
function flag(n) { return n > 1; }
function nothing() { return; }
return [paid, picks, kind(1), flag(2), flag(0), nothing(), [].length, arr.length];
"#;
    assert_eq!(
        value(src),
        json!([
            [1, 3],
            [10, 30, null, null, 20, "b"],
            "number",
            true,
            false,
            null,
            0,
            3
        ])
    );
}

#[test]
fn counting_loops_whose_variable_changes_type_or_bound() {
    let src = r#"
const seen = [];
for (let i = 0; i < 6; i++) { if (i === 2) i = "3"; seen.push(i); }
let n = 0;
for (let j = 0.5; j < 3; j++) n = n + j;
let m = 0;
for (let k = 5; k >= -2; k--) m = m + k;
let big = 0;
for (let b = 2147483640; b <= 2147483650; b++) big = big + 1;
return [seen, n, m, big];
"#;
    assert_eq!(value(src), json!([[0, 1, "3", 4, 5], 4.5, 12, 11]));
}

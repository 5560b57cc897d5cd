//! Hostile regular expressions: catastrophic backtracking, huge counts, deep nesting,
//! lookbehind bombs and huge subjects all end within the deadline and the memory limit,
//! as TimeoutExceeded, the memory limit's ExecutionFailure or a catchable SyntaxError; the process lives on.
//! Each test asserts the diagnostic and the wall time (loosely, against the deadline).
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use serde_json::json;
use std::time::{Duration, Instant};

/// Runs `src` like the driver does (fuel slices, the deadline checked between them) with
/// unlimited fuel, so only the deadline or the memory limit can stop it.
fn run_until(
    src: &str,
    timeout: Duration,
    memory: usize,
) -> (Result<serde_json::Value, Diagnostic>, Duration) {
    let interp = JsInterpreter::new();
    let options = CompileOptions {
        limits: VmLimits {
            max_fuel: u64::MAX,
            max_memory_bytes: memory,
            ..Default::default()
        },
        ..Default::default()
    };
    let program = interp.compile(src, &options).expect("compiles");
    let start = Instant::now();
    let result = common::run_to_deadline(program, timeout);
    (result, start.elapsed())
}

fn times_out(src: &str) {
    let timeout = Duration::from_millis(300);
    let (r, took) = run_until(src, timeout, 64 << 20);
    let d = r.expect_err(src);
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}: {d:?}");
    assert!(took < Duration::from_secs(5), "{src}: took {took:?}");
}

#[test]
fn catastrophic_backtracking_ends_at_the_deadline() {
    for src in [
        "return /(a+)+$/.test('a'.repeat(40) + '!')",
        "return /(x+x+)+y/.test('x'.repeat(40))",
        "return /^(a|a)*$/.test('a'.repeat(60) + 'b')",
        "return /(?:(?:(?:a*)*)*)*b/.test('a'.repeat(50))",
        "return 'a'.repeat(40).replace(/(a|aa)+c/g, 'x')",
        "return ('a'.repeat(36) + '!').split(/(a*)*b/)",
        // A lookbehind bomb: every position re-runs an exponential lookbehind.
        "return /(?<=c(a+)+)b/.test('a'.repeat(40) + 'b')",
        "return /(?<!c(a|a)*)$/.test('a'.repeat(60))",
    ] {
        times_out(src);
    }
}

#[test]
fn a_catastrophic_match_cannot_be_caught() {
    // The deadline ends the execution: try/catch does not see it.
    times_out(
        "try { /(a+)+$/.test('a'.repeat(40) + '!') } catch (e) { return 'caught' } return 'no'",
    );
}

#[test]
fn huge_quantifier_counts_are_counters_not_copies() {
    let (r, took) = run_until(
        "const s = 'a'.repeat(100000); return [/^a{0,4294967295}$/.test(s), /a{4294967295}/.test(s), /(?:a|b){0,4294967295}/.exec(s)[0].length, new RegExp('x{99999999999}').source]",
        Duration::from_secs(10),
        64 << 20,
    );
    assert_eq!(r.unwrap(), json!([true, false, 100000, "x{99999999999}"]));
    assert!(took < Duration::from_secs(10));
}

#[test]
fn deep_nesting_is_a_syntax_error() {
    let (r, _) = run_until(
        "const p = '('.repeat(100000) + ')'.repeat(100000); try { new RegExp(p) } catch (e) { return [e.name, e.message.slice(-28)] }",
        Duration::from_secs(10),
        64 << 20,
    );
    assert_eq!(
        r.unwrap(),
        json!(["SyntaxError", "Regular expression too large"])
    );
    let (r, _) = run_until(
        "const p = '(?:'.repeat(150) + 'a' + ')*'.repeat(150); return new RegExp(p).test('aaa')",
        Duration::from_secs(10),
        64 << 20,
    );
    assert_eq!(r.unwrap(), json!(true));
}

#[test]
fn backtracking_state_is_charged_to_the_memory_limit() {
    // `(?:a|b)*c` keeps one alternative per character: 10 million of them would be
    // hundreds of MB; the memory limit stops it.
    let (r, took) = run_until(
        "return /(?:a|b)*c/.test('a'.repeat(1e7))",
        Duration::from_secs(20),
        32 << 20,
    );
    let d = r.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{d:?}");
    assert!(d.message.starts_with("memory limit exceeded"), "{d:?}");
    assert!(took < Duration::from_secs(20));
}

#[test]
fn a_long_subject_from_repeat_is_bounded() {
    // Linear work on ten million units: finishes (or meets the deadline), never blocks.
    let (r, took) = run_until(
        "const s = 'a'.repeat(1e7); return [/a+$/.test(s), s.replace(/a/g, '').length, s.search(/b/)]",
        Duration::from_secs(20),
        256 << 20,
    );
    match r {
        Ok(v) => assert_eq!(v, json!([true, 0, -1])),
        Err(d) => assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{d:?}"),
    }
    assert!(took < Duration::from_secs(25));
    times_out("const s = 'a'.repeat(1e7) + 'b'; for (;;) /a*a*a*c/.test(s)");
}

#[test]
fn regex_fuel_is_the_execution_fuel() {
    // Without a deadline, fuel alone ends a catastrophic match.
    let interp = JsInterpreter::new();
    let o = common::limited(VmLimits {
        max_fuel: 2_000_000,
        ..Default::default()
    });
    let out = common::run_with(
        &interp,
        "return /(a+)+$/.test('a'.repeat(40) + '!')",
        &o,
        &mut common::echo_tool,
    );
    assert_eq!(out.value.unwrap_err().kind, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn many_duplicate_named_groups_stay_bounded() {
    // 20,000 alternatives sharing two names, 150 levels deep: the duplicate check is
    // near-linear.
    let (r, took) = run_until(
        r"const alts = Array(20000).fill('(?<a>x)(?<b>y)').join('|');
          const nested = '(?:'.repeat(150) + alts + '|z' + ')|w'.repeat(150);
          const ok = new RegExp(nested).test('xy');
          let dup; try { new RegExp('(?:' + nested + ')(?<a>q)') } catch (e) { dup = e.message.slice(-28) }
          return [ok, dup]",
        Duration::from_secs(20),
        256 << 20,
    );
    assert_eq!(r.unwrap(), json!([true, "Duplicate capture group name"]));
    assert!(took < Duration::from_secs(20), "took {took:?}");
    // 20,000 `\k<a>` share the name's one list of 20,000 groups, and finding the one that
    // participated is charged: each of the 20,000 alternatives backtracks into a scan, so
    // the match meets the deadline.
    times_out(
        r"const alts = Array(20000).fill('(?<a>x)(?<b>y)').join('|');
          return new RegExp('(?:' + alts + ')' + '\\k<a>'.repeat(20000)).test('xy'.repeat(20))",
    );
}

//! Hostile programs against the metamethods the library calls (`__tostring` from
//! `tostring`/`string.format`, the generic `for`'s closing value, the table library's
//! `__index`/`__newindex`/`__len`): each call is a VM frame, charged and bounded.

mod common;

use codemode_core::{DiagnosticKind, VmLimits};
use common::run_limits;
use serde_json::json;

fn small() -> VmLimits {
    VmLimits {
        max_fuel: 2_000_000,
        max_memory_bytes: 8 << 20,
        max_frames: 100,
        max_string_len: 1 << 20,
        max_collection_len: 100_000,
        ..VmLimits::default()
    }
}

#[test]
fn tostring_recursing_through_its_handler_is_a_stack_overflow() {
    // Each level is a VM frame (no native recursion): the frame limit stops it, catchable.
    for call in ["tostring(s)", "string.format('%s', s)"] {
        let src = format!(
            "local t = setmetatable({{}}, {{__tostring = function(s) return {call} end}}) \
             return {{pcall(tostring, t)}}"
        );
        let out = run_limits(&src, small()).result.unwrap();
        assert_eq!(out[0], json!(false), "{call}");
        let msg = out[1].as_str().unwrap_or("");
        assert!(msg.ends_with("stack overflow"), "{call}: {msg}");
    }
}

#[test]
fn format_handlers_that_never_end_run_out_of_fuel() {
    let src = "local t = setmetatable({}, {__tostring = function() while true do end end}) \
               return pcall(string.format, '%s %s', t, t)";
    let d = run_limits(src, small()).result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{}", d.message);
}

#[test]
fn format_handler_results_are_bounded_by_the_string_limit() {
    let src = "local big = string.rep('x', 600000) \
               local t = setmetatable({}, {__tostring = function() return big end}) \
               return string.format('%s%s', t, t)";
    let d = run_limits(src, small()).result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("string length"), "{}", d.message);
}

#[test]
fn closing_values_of_many_loops_do_not_accumulate() {
    // 20,000 loops each with a closing value: each is closed as its loop ends, so the
    // to-be-closed list stays short and the program ends within a small memory limit.
    let src = "local n = 0 \
               local c = setmetatable({}, {__close = function() n = n + 1 end}) \
               for i = 1, 20000 do for v in next, {}, nil, c do end end \
               for i = 1, 20000 do for v in next, {1}, nil, c do break end end \
               return n";
    let out = run_limits(src, small()).result.unwrap();
    assert_eq!(out, json!(40000));
}

#[test]
fn a_closing_value_whose_close_never_ends_runs_out_of_fuel() {
    let src = "local c = setmetatable({}, {__close = function() while true do end end}) \
               return pcall(function() for v in next, {}, nil, c do end end)";
    let d = run_limits(src, small()).result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{}", d.message);
}

#[test]
fn table_functions_over_endless_proxies_run_out_of_fuel() {
    // lua5.4 would run these until memory or patience ends: each access is charged, so
    // the fuel ends them (none is a native loop without a bound).
    for src in [
        // A move over a huge range read through an __index chain (no call per element).
        "local p = setmetatable({}, {__index = setmetatable({}, {__index = {}})}) \
         table.move(p, 1, math.maxinteger - 1, 1, {})",
        // The same with an __index function.
        "local p = setmetatable({}, {__index = function(_, i) return nil end}) \
         table.move(p, 1, math.maxinteger - 1, 2)",
        // A length that never ends for insert's shifting.
        "local p = setmetatable({}, {__len = function() return math.maxinteger - 1 end, \
         __index = function() return 1 end, __newindex = function() end}) \
         table.insert(p, 1, 'x')",
        "local p = setmetatable({}, {__len = function() return 1 << 40 end, \
         __index = function(_, i) return 'x' end}) return table.concat(p)",
    ] {
        let d = run_limits(src, small()).result.unwrap_err();
        assert!(
            d.kind == DiagnosticKind::TimeoutExceeded || d.message.contains("string length limit"),
            "{src}: {:?} {}",
            d.kind,
            d.message
        );
    }
}

#[test]
fn unpack_and_sort_of_huge_lengths_are_refused_or_bounded() {
    let out = run_limits(
        "local p = setmetatable({}, {__len = function() return 1 << 40 end}) \
         return {pcall(table.unpack, p)}",
        small(),
    )
    .result
    .unwrap();
    assert_eq!(out, json!([false, "too many results to unpack"]));
    let out = run_limits(
        "local p = setmetatable({}, {__len = function() return 1 << 40 end}) \
         return {pcall(table.sort, p)}",
        small(),
    )
    .result
    .unwrap();
    assert_eq!(
        out,
        json!([false, "bad argument #1 to 'table.sort' (array too big)"])
    );
    // A length under lua5.4's limit but past the memory limit: the copy is counted.
    let d = run_limits(
        "local p = setmetatable({}, {__len = function() return (1 << 31) - 2 end, \
         __index = function(_, i) return i end}) table.sort(p)",
        VmLimits {
            max_fuel: 50_000_000,
            ..small()
        },
    )
    .result
    .unwrap_err();
    assert!(
        d.kind == DiagnosticKind::TimeoutExceeded || d.message.contains("memory"),
        "{:?} {}",
        d.kind,
        d.message
    );
}

#[test]
fn metamethods_reentering_the_table_library_overflow_the_frames() {
    // Each __index call is a VM frame over a continuation: the frame limit stops the
    // recursion with a catchable error (lua5.4: "C stack overflow").
    for src in [
        "local p p = setmetatable({}, {__index = function(t, i) return table.unpack(t, i, i) end, \
         __len = function() return 1 end}) return {pcall(table.concat, p)}",
        "local p p = setmetatable({}, {__index = function(t, i) for _, v in ipairs(t) do end end}) \
         return {pcall(function() for _ in ipairs(p) do end end)}",
        "local p p = setmetatable({}, {__lt = function(a, b) table.sort({p, p}) return false end}) \
         return {pcall(table.sort, {p, p})}",
    ] {
        let out = run_limits(src, small()).result.unwrap();
        assert_eq!(out[0], json!(false), "{src}");
        let msg = out[1].as_str().unwrap_or("");
        assert!(msg.ends_with("stack overflow"), "{src}: {msg}");
    }
}

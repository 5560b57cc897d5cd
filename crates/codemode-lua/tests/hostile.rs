//! Hostile programs end in the right diagnostic within their bounds, and pcall cannot
//! catch exhaustion.

mod common;

use codemode_core::{
    CompileOptions, DiagnosticKind, Interpreter, StartOptions, StepState, VmLimits,
};
use codemode_lua::LuaInterpreter;
use common::{run, run_limits};
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

fn kind_and_message(src: &str) -> (DiagnosticKind, String) {
    let d = run_limits(src, small()).result.unwrap_err();
    (d.kind, d.message)
}

#[test]
fn infinite_loops_run_out_of_fuel() {
    for src in [
        "while true do end",
        "local i = 0 repeat i = i + 1 until false",
        "for i = 1, math.huge do end",
        "local function f() return f() end return f()",
    ] {
        let (k, m) = kind_and_message(src);
        assert_eq!(k, DiagnosticKind::TimeoutExceeded, "{src}: {m}");
        assert!(m.contains("instruction budget"), "{m}");
    }
}

#[test]
fn runaway_recursion_is_a_catchable_stack_overflow() {
    // As in lua5.4: past the frame limit, "stack overflow" at the call, catchable.
    let d = run_limits(
        "local function f(n) return 1 + f(n + 1) end return f(1)",
        small(),
    )
    .result
    .unwrap_err();
    assert_eq!(d.message, "program:1: stack overflow");
    let out = run_limits(
        "local function f(n) return 1 + f(n + 1) end return {pcall(f, 1)}",
        small(),
    );
    assert_eq!(
        out.result.unwrap(),
        json!([false, "program:1: stack overflow"])
    );
    // Recursion through builtin continuations ends too.
    let out = run_limits("local function f() return pcall(f) end return f()", small());
    assert_eq!(out.result.unwrap(), json!(true));
    let d = run_limits(
        "local function f(a, b) table.sort({3, 2, 1}, f) return a < b end table.sort({2, 1}, f)",
        small(),
    )
    .result
    .unwrap_err();
    assert!(d.message.contains("stack overflow"), "{}", d.message);
}

#[test]
fn default_limits_allow_deep_recursion() {
    // The default frame limit lets ordinary recursion pass 100,000 nested calls.
    let out = run(
        "local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end \
         return depth(150000)",
    );
    assert_eq!(out.result.unwrap(), json!(150000));
    let out = run(
        "local d = 0 local function f(n) d = n return 1 + f(n + 1) end \
         local ok, e = pcall(f, 1) return {ok, e, d >= 100000}",
    );
    assert_eq!(
        out.result.unwrap(),
        json!([false, "program:1: stack overflow", true])
    );
}

#[test]
fn deep_recursion_is_bounded_by_memory() {
    // Frames count against the memory limit: a small limit ends deep recursion first.
    let limits = VmLimits {
        max_memory_bytes: 2 << 20,
        ..VmLimits::default()
    };
    let d = run_limits(
        "local function f(n) return 1 + f(n + 1) end return f(1)",
        limits,
    )
    .result
    .unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("not enough memory"), "{}", d.message);
}

#[test]
fn string_bombs_hit_the_length_limit() {
    for src in [
        "local s = 'x' while true do s = s .. s end",
        // Within lua5.4's size (it would build it) but past ours; 1 << 40 is lua5.4's
        // catchable "resulting string too large" (tests/bounds.rs).
        "return ('x'):rep(1 << 30)",
        "local t = {} for i = 1, 100 do t[i] = ('y'):rep(100000) .. i end return table.concat(t)",
        "return string.format('%s%s', ('a'):rep(600000), ('b'):rep(600000))",
        "return ('ab'):rep(400000):gsub('a', 'aaaa')",
    ] {
        let (k, m) = kind_and_message(src);
        assert_eq!(k, DiagnosticKind::ExecutionFailure, "{src}: {m}");
        assert!(
            m.contains("string length limit") || m.contains("memory"),
            "{src}: {m}"
        );
    }
}

#[test]
fn table_bombs_hit_memory_or_size_limits() {
    for src in [
        "local t = {} local i = 0 while true do i = i + 1 t[i] = {i} end",
        "local t = {} for i = 1, 1e9 do t['k' .. i] = i end",
        "local t = {} while true do t = {t, t} end",
    ] {
        let (k, m) = kind_and_message(src);
        assert!(
            k == DiagnosticKind::ExecutionFailure || k == DiagnosticKind::TimeoutExceeded,
            "{src}: {k:?} {m}"
        );
        assert!(
            m.contains("memory") || m.contains("table overflow") || m.contains("budget"),
            "{src}: {m}"
        );
    }
}

#[test]
fn pathological_patterns_spend_fuel() {
    let (k, m) =
        kind_and_message("local s = ('a'):rep(30) return s:find(('a?'):rep(30) .. ('a'):rep(30))");
    assert_eq!(k, DiagnosticKind::TimeoutExceeded, "{m}");
    let (k, _) = kind_and_message("local s = ('a'):rep(5000) return s:match('.-.-.-.-b')");
    assert_eq!(k, DiagnosticKind::TimeoutExceeded);
}

#[test]
fn pcall_cannot_catch_exhaustion() {
    for src in [
        "pcall(function() while true do end end) return 'escaped'",
        "pcall(function() local s = 'x' while true do s = s .. s end end) return 'escaped'",
        "xpcall(function() while true do end end, function() return 1 end) return 'escaped'",
        "local ok = pcall(string.rep, 'x', 1 << 30) return 'escaped'",
    ] {
        let out = run_limits(src, small());
        let d = out.result.unwrap_err();
        assert!(
            matches!(
                d.kind,
                DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
            ),
            "{src}: {d:?}"
        );
    }
}

#[test]
fn deep_nesting_in_source_is_a_parse_error() {
    let deep = format!("return {}1{}", "(".repeat(5000), ")".repeat(5000));
    let out = run(&deep);
    assert_eq!(out.result.unwrap_err().kind, DiagnosticKind::ParseError);
    let deep = format!("return {}1{}", "{".repeat(5000), "}".repeat(5000));
    assert_eq!(
        run(&deep).result.unwrap_err().kind,
        DiagnosticKind::ParseError
    );
    let deep = format!("{} {}", "do ".repeat(5000), "end ".repeat(5000));
    assert_eq!(
        run(&deep).result.unwrap_err().kind,
        DiagnosticKind::ParseError
    );
    let deep = format!("return {}1", "- ".repeat(5000));
    assert_eq!(
        run(&deep).result.unwrap_err().kind,
        DiagnosticKind::ParseError
    );
}

#[test]
fn garbage_is_collected_during_the_run() {
    // Each iteration makes a fresh 10 KB string and a table; the live set stays small,
    // so the loop fits a 4 MB heap only if garbage is reclaimed.
    let limits = VmLimits {
        max_memory_bytes: 4 << 20,
        ..VmLimits::default()
    };
    let src = r#"
local kept = 0
for i = 1, 3000 do
  local s = ("x"):rep(10000) .. i
  local t = { s = s, n = i }
  kept = kept + #t.s
end
return kept
"#;
    let out = run_limits(src, limits);
    assert_eq!(
        out.result.unwrap(),
        json!(30_010_893i64 - 30_000_000 + 30_000_000)
    );
}

#[test]
fn escape_attempts_find_nothing() {
    let out = run(r#"
local found = {}
for _, name in ipairs({"io", "os", "require",
    "package", "loadstring", "dofile", "loadfile", "debug", "collectgarbage"}) do
  if _G[name] ~= nil then found[#found + 1] = name end
end
if string.dump ~= nil then found[#found + 1] = "string.dump" end
local ok, err = pcall(function() return io.open("/etc/passwd") end)
return { found = found, err = err }
"#);
    assert_eq!(
        out.result.unwrap(),
        json!({"found": {}, "err": "program:8: attempt to index a nil value (global 'io')"})
    );
}

#[test]
fn globals_do_not_leak_between_executions() {
    let interp = LuaInterpreter::new();
    let opts = CompileOptions::default();
    let run_one = |src: &str| {
        let mut exec = interp
            .compile(src, &opts)
            .unwrap()
            .start(StartOptions::default());
        loop {
            match exec.step(1_000_000).state {
                StepState::Done(c) => return c.value,
                StepState::Failed(d) => panic!("{d:?}"),
                _ => {}
            }
        }
    };
    run_one("string.upper = function() return 'hacked' end x = 1 table.insert = nil math.pi = 3");
    assert_eq!(
        run_one("return { ('a'):upper(), x == nil, table.insert ~= nil, math.pi > 3.14 }"),
        json!(["A", true, true, true])
    );
}

#[test]
fn seeds_make_random_deterministic() {
    let interp = LuaInterpreter::new();
    let opts = CompileOptions::default();
    let draw = |seed: Option<u64>| {
        let mut exec = interp
            .compile(
                "return { math.random(1000000), math.random(1000000) }",
                &opts,
            )
            .unwrap()
            .start(StartOptions {
                seed,
                ..Default::default()
            });
        loop {
            if let StepState::Done(c) = exec.step(1_000_000).state {
                return c.value;
            }
        }
    };
    assert_eq!(draw(None), draw(None));
    assert_eq!(draw(Some(7)), draw(Some(7)));
    assert_ne!(draw(Some(7)), draw(Some(8)));
}

#[test]
fn fuel_slices_resume_where_they_stopped() {
    let interp = LuaInterpreter::new();
    let mut exec = interp
        .compile(
            "local s = 0 for i = 1, 10000 do s = s + i end return s",
            &CompileOptions::default(),
        )
        .unwrap()
        .start(StartOptions::default());
    let mut slices = 0;
    loop {
        slices += 1;
        match exec.step(100).state {
            StepState::Running => continue,
            StepState::Done(c) => {
                assert_eq!(c.value, json!(50005000));
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(slices > 100, "{slices}");
}

#[test]
fn array_growth_is_bounded_by_memory() {
    let limits = VmLimits {
        max_memory_bytes: 4 << 20,
        ..VmLimits::default()
    };
    let d = run_limits(
        "local t = {} for i = 1, 10000000 do t[i] = i end return #t",
        limits,
    )
    .result
    .unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{d:?}");
    assert!(d.message.contains("memory"), "{}", d.message);
}

#[test]
fn huge_repetition_counts_of_empty_strings_return_at_once() {
    let out = run("return #(''):rep(1 << 50) + #(''):rep(1 << 40, '')");
    assert_eq!(out.result.unwrap(), json!(0));
}

#[test]
fn metamethod_abuse_is_bounded() {
    // An __index cycle is lua5.4's catchable loop error, not a hang.
    let out = run_limits(
        "local a, b = {}, {} setmetatable(a, {__index = b}) setmetatable(b, {__index = a}) \
         return {pcall(function() return a.x end)}",
        small(),
    );
    assert_eq!(
        out.result.unwrap(),
        json!([false, "program:1: '__index' chain too long; possible loop"])
    );
    // Metamethods that never return run out of fuel, uncatchably.
    for src in [
        "local t = setmetatable({}, {__index = function() while true do end end}) \
         pcall(function() return t.x end) return 'escaped'",
        "local t = setmetatable({}, {__add = function() while true do end end}) \
         pcall(function() return t + 1 end) return 'escaped'",
        "local t = setmetatable({}, {__lt = function() while true do end end}) \
         pcall(function() return t < t end) return 'escaped'",
        "local t = setmetatable({}, {__eq = function() while true do end end}) \
         pcall(function() return t == {} end) return 'escaped'",
        "local t = setmetatable({}, {__concat = function() while true do end end}) \
         pcall(function() return 'a' .. t end) return 'escaped'",
        "local t = setmetatable({}, {__newindex = function() while true do end end}) \
         pcall(function() t.x = 1 end) return 'escaped'",
        "local t = setmetatable({}, {__tostring = function() while true do end end}) \
         pcall(print, t) return 'escaped'",
    ] {
        let d = run_limits(src, small()).result.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}: {d:?}");
    }
    // Metamethods recursing through themselves are frames: a catchable stack overflow.
    let out = run_limits(
        "local t t = setmetatable({}, {__index = function(_, k) return t[k .. 'x'] end}) \
         local ok, e = pcall(function() return t.a end) return {ok, e}",
        small(),
    );
    assert_eq!(
        out.result.unwrap(),
        json!([false, "program:1: stack overflow"])
    );
    let out = run_limits(
        "local mt = {} mt.__add = function(a, b) return a + b end \
         local t = setmetatable({}, mt) local ok, e = pcall(function() return t + 1 end) return {ok, e}",
        small(),
    );
    assert_eq!(
        out.result.unwrap(),
        json!([false, "program:1: stack overflow"])
    );
    // __call chains through tables are followed, as lua5.4 follows them (each step adds the
    // object as an argument)...
    let out = run_limits(
        "local c = setmetatable({}, {__call = setmetatable({}, {__call = function(...) return select('#', ...) end})}) \
         return {pcall(c, 'x')}",
        small(),
    );
    assert_eq!(out.result.unwrap(), json!([true, 3]));
    // ...and a table that is its own __call (lua5.4 grows its stack until it gives up) is
    // stopped by the limits: each step is charged and its stack growth counted.
    let d = run_limits(
        "local t = setmetatable({}, {}) getmetatable(t).__call = t return pcall(t)",
        small(),
    )
    .result
    .unwrap_err();
    assert!(
        matches!(
            d.kind,
            DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
        ),
        "{d:?}"
    );
}

#[test]
fn deep_metamethod_chains_stay_within_memory() {
    // A long chain of tables each with a metatable: memory-bounded, the lookup fuel-bounded.
    let d = run_limits(
        "local t = {} while true do t = setmetatable({}, {__index = t}) end",
        small(),
    )
    .result
    .unwrap_err();
    assert!(
        matches!(
            d.kind,
            DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
        ),
        "{d:?}"
    );
}

#[test]
fn load_is_bounded_like_the_program() {
    // Past the source limit: nil and a message, before any parsing.
    let limits = VmLimits {
        max_source_bytes: 1000,
        ..small()
    };
    let out = run_limits(
        "local f, e = load(('x = 1 '):rep(500)) return {f == nil, e}",
        limits,
    );
    assert_eq!(
        out.result.unwrap(),
        json!([
            true,
            "load: a chunk of 3000 bytes is longer than the source limit of 1000 bytes"
        ])
    );
    // Deep nesting is a parse error (no native recursion on it).
    let out = run_limits(
        "local f, e = load('return ' .. ('('):rep(100000) .. '1' .. (')'):rep(100000)) \
         return f == nil",
        small(),
    );
    assert_eq!(out.result.unwrap(), json!(true));
    // Loading in a loop: every chunk's code is kept, so memory or fuel ends it.
    let d = run_limits(
        "local i = 0 while true do i = i + 1 load('return ' .. i .. ' + ' .. ('1 + '):rep(200) .. '1') end",
        small(),
    )
    .result
    .unwrap_err();
    assert!(
        matches!(
            d.kind,
            DiagnosticKind::TimeoutExceeded | DiagnosticKind::ExecutionFailure
        ),
        "{d:?}"
    );
    // Binary chunks are refused.
    let out = run_limits("local f, e = load('\\27Lua') return {f == nil, e}", small());
    assert_eq!(
        out.result.unwrap(),
        json!([
            true,
            "attempt to load a binary chunk (binary chunks are not supported)"
        ])
    );
}

#[test]
fn load_readers_are_bounded_by_the_source_limit() {
    let limits = VmLimits {
        max_source_bytes: 64 << 10,
        ..small()
    };
    // A reader that never ends: its pieces together pass the source limit.
    let src = r#"
local f, e = load(function() return "x = 1 " end)
local g, e2 = load(function() return string.rep("-", 100000) end)
local n = 0
local h = load(function() n = n + 1 if n < 100 then return "local a = 1 " end end, "c", "t", {})
return { f == nil, e, g == nil, h ~= nil }
"#;
    let out = run_limits(src, limits);
    let v = out.result.unwrap();
    assert_eq!(v[0], json!(true));
    assert!(v[1].as_str().unwrap_or("").contains("source limit"), "{v}");
    assert_eq!(v[2], json!(true));
    assert_eq!(v[3], json!(true));
}

#[test]
fn a_long_name_is_charged_per_tostring() {
    // `__name` is copied into every tostring, print and `%s`: a loop over one long name
    // runs out of fuel rather than hiding the copies behind a few instructions.
    let limits = VmLimits {
        max_fuel: 20_000_000,
        ..VmLimits::default()
    };
    for call in ["tostring(t)", "string.format('%s', t)"] {
        let src = format!(
            "local t = setmetatable({{}}, {{ __name = string.rep('x', 1 << 20) }})
             local keep = {{}}
             for i = 1, 1000 do keep[i % 4] = {call} end
             return #keep"
        );
        let d = run_limits(&src, limits.clone()).result.unwrap_err();
        assert_eq!(
            d.kind,
            DiagnosticKind::TimeoutExceeded,
            "{call}: {}",
            d.message
        );
    }
    let out = run("return (tostring(setmetatable({}, { __name = 'N' })):gsub('0x%x+', 'A'))");
    assert_eq!(out.result.unwrap(), json!("N: A"));
}

#[test]
fn gsub_copies_of_a_long_subject_are_charged() {
    // One match near the start of a long subject leaves the rest to copy on every call.
    let limits = VmLimits {
        max_fuel: 20_000_000,
        ..VmLimits::default()
    };
    for repl in [
        "{}",
        "function() end",
        "setmetatable({}, { __index = function() end })",
    ] {
        let src = format!(
            "local s = string.rep('x', 1 << 20)
             local r = {repl}
             local keep = {{}}
             for i = 1, 1000 do keep[i % 4] = s:gsub('x', r, 1) end
             return #keep"
        );
        let d = run_limits(&src, limits.clone()).result.unwrap_err();
        assert_eq!(
            d.kind,
            DiagnosticKind::TimeoutExceeded,
            "{repl}: {}",
            d.message
        );
    }
    let out = run("return { ('abcabc'):gsub('b', { b = 'B' }, 1), ('abc'):gsub('%w', function(c) return c:upper() end) }");
    assert_eq!(out.result.unwrap(), json!(["aBcabc", "ABC", 3]));
}

//! lua5.4's C-stack limit (`LUAI_MAXCCALLS`, vm/cstack.rs): recursion through builtins
//! that call back, metamethods and resumes stops at about 200 levels with a catchable
//! "C stack overflow", quickly and within small budgets, while plain Lua recursion still
//! goes 100,000 deep. Behaviour of lua 5.4.5 and later that the reference lua5.4 (5.4.4)
//! lacks is checked here rather than in the differential corpus.

mod common;

use codemode_core::{DiagnosticKind, VmLimits};
use common::run_limits;
use serde_json::json;

fn tight() -> VmLimits {
    VmLimits {
        max_fuel: 3_000_000,
        max_memory_bytes: 32 << 20,
        ..VmLimits::default()
    }
}

#[test]
fn overflow_while_handling_an_overflow_ends_within_a_small_budget() {
    // testes/calls.lua's "C stack overflow while handling one": the handler recurses too.
    let src = "local function loop() assert(pcall(loop)) end \
               return {xpcall(loop, loop)}";
    let out = run_limits(src, tight());
    assert_eq!(
        out.result.unwrap(),
        json!([false, "error in error handling"])
    );
    // A handler that overflows the frames is not called again for its own overflow.
    let frames = VmLimits {
        max_frames: 5_000,
        ..tight()
    };
    let src = "local n = 0 local function r() n = n + 1 return 1 + r() end \
               local ok, e = xpcall(r, r) return {ok, e, n < 20000}";
    let out = run_limits(src, frames);
    assert_eq!(
        out.result.unwrap(),
        json!([false, "error in error handling", true])
    );
}

#[test]
fn nested_pcalls_stop_at_the_c_stack_limit_and_plain_recursion_does_not() {
    let src = "local d = 0 local pcall = pcall \
               local function nest() d = d + 1 return pcall(nest) end \
               local r = {nest()} \
               local function deep(n) if n == 0 then return 0 end return 1 + deep(n - 1) end \
               return {d, r[#r], deep(120000)}";
    let out = run_limits(
        src,
        VmLimits {
            max_memory_bytes: 256 << 20,
            ..tight()
        },
    );
    assert_eq!(
        out.result.unwrap(),
        json!([197, "C stack overflow", 120000])
    );
}

#[test]
fn every_kind_of_c_level_is_bounded() {
    // Each runs away through one kind of C level; each ends in the catchable overflow
    // (with or without a position), well inside the fuel budget.
    for body in [
        "local function f() table.sort({3, 2, 1}, function(a, b) f() return a < b end) end return pcall(f)",
        "local function f() string.gsub('a', 'a', f) end return pcall(f)",
        "local t = setmetatable({}, {__tostring = function(s) return tostring(s) end}) return pcall(tostring, t)",
        "local t t = setmetatable({}, {__index = function(_, k) return t[k] end}) return pcall(function() return t.x end)",
        "local t t = setmetatable({}, {__eq = function(a, b) return a == b end}) return pcall(function() return t == setmetatable({}, getmetatable(t)) end)",
        "local function f() return coroutine.wrap(f)() end return pcall(f)",
        "local function f() local ok, e = coroutine.resume(coroutine.create(f)) error(e, 0) end return pcall(f)",
        "local function f() return parallel({f})[1] end return pcall(f)",
        "local function f() local x <close> = setmetatable({}, {__close = f}) end return pcall(f)",
        "local p p = setmetatable({}, {__pairs = function() for _ in pairs(p) do end end}) return pcall(pairs, p)",
    ] {
        let out = run_limits(body, tight());
        let v = out.result.unwrap_or_else(|d| panic!("{body}: {d:?}"));
        assert_eq!(v, json!(false), "{body}");
    }
    for body in [
        "local function f() table.sort({3, 2, 1}, function(a, b) f() return a < b end) end local ok, e = pcall(f) return e",
        "local t t = setmetatable({}, {__index = function(_, k) return t[k] end}) local ok, e = pcall(function() return t.x end) return e",
        "local function f() local x <close> = setmetatable({}, {__close = f}) end local ok, e = pcall(f) return e",
    ] {
        let out = run_limits(body, tight());
        let v = out.result.unwrap_or_else(|d| panic!("{body}: {d:?}"));
        let msg = v.as_str().unwrap_or("");
        assert!(msg.ends_with("C stack overflow"), "{body}: {msg}");
    }
}

#[test]
fn a_chain_of_coroutine_closes_overflows_the_c_stack() {
    // As lua 5.4.5 on (testes/cstack.lua; 5.4.4 closed all 300 without counting levels):
    // each `coroutine.close` runs the `__close` of the next one a C level deeper.
    let src = r#"
local count, coro = 0, false
for i = 1, 300 do
  local previous = coro
  coro = coroutine.create(function()
    local cc <close> = setmetatable({}, { __close = function()
      count = count + 1
      if previous then assert(coroutine.close(previous)) end
    end })
    coroutine.yield()
  end)
  assert(coroutine.resume(coro))
end
local ok, msg = coroutine.close(coro)
return { ok, count, coroutine.status(coro), msg:sub(-16) }
"#;
    let out = run_limits(src, tight());
    assert_eq!(
        out.result.unwrap(),
        json!([false, 196, "dead", "C stack overflow"])
    );
}

#[test]
fn utf8_codes_rejects_spurious_continuation_bytes() {
    // lua 5.4.5 on (testes/utf8.lua; 5.4.4 skipped such bytes): a continuation byte after
    // a character, or at the start of the string, is an invalid sequence.
    let src = r#"
local function codes(s, lax)
  local ok, e = pcall(function()
    local r = {}
    for p, c in utf8.codes(s, lax) do r[#r + 1] = c end
    return #r
  end)
  return ok and e or e:gsub("^program:%d+: ", "")
end
return { codes("in\x80valid"), codes("in\x80valid", true), codes("\xbfinvalid"),
         codes("αλφ\xBFα"), codes("汉字\x80"), codes("汉字"), codes("a\u{7FF}b") }
"#;
    let out = run_limits(src, tight());
    let bad = "invalid UTF-8 code";
    let bad_arg = "bad argument #1 to 'codes' (invalid UTF-8 code)";
    assert_eq!(
        out.result.unwrap(),
        json!([bad, bad, bad_arg, bad, bad, 2, 3])
    );
}

#[test]
fn runaway_handlers_and_overflows_do_not_outlive_the_budget() {
    // A message handler that keeps raising is called again about 200 times, no more.
    let src = "local n = 0 local function h(m) n = n + 1 error(m) end \
               local r = {xpcall(error, h, 'x')} r[#r + 1] = n return r";
    let out = run_limits(src, tight());
    let v = out.result.unwrap();
    assert_eq!(v[0], json!(false));
    assert_eq!(v[1], json!("error in error handling"));
    assert!(v[2].as_i64().is_some_and(|n| n > 150 && n < 220), "{v}");
    // Overflowing again and again in a loop: each overflow is released.
    let src = "local function f() return pcall(f) end \
               for i = 1, 200 do f() end return 'alive'";
    let out = run_limits(src, tight());
    assert_eq!(out.result.unwrap(), json!("alive"));
    let starved = VmLimits {
        max_fuel: 20_000,
        ..tight()
    };
    let d = run_limits(src, starved).result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{}", d.message);
}

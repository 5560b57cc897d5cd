//! Hostile programs over coroutines and `parallel`: bounded, catchable where lua5.4's
//! would be, and never a native recursion or a crash.

mod common;

use codemode_core::{DiagnosticKind, VmLimits};
use common::run_limits;
use serde_json::json;

fn limits(memory: usize) -> VmLimits {
    VmLimits {
        max_fuel: 200_000_000,
        max_memory_bytes: memory,
        ..VmLimits::default()
    }
}

#[test]
fn a_million_coroutines_are_bounded_by_memory() {
    // Kept alive and started: each holds its own stack, so the memory limit ends it.
    let src = r#"
local t = {}
for i = 1, 1000000 do
  t[i] = coroutine.create(function() coroutine.yield() end)
  coroutine.resume(t[i])
end
return #t
"#;
    let d = run_limits(src, limits(32 << 20)).result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{}", d.message);
    assert!(d.message.contains("not enough memory"), "{}", d.message);
    // Dropped as they are made: the collector frees them and the loop finishes.
    let src = r#"
local n = 0
for i = 1, 100000 do
  local co = coroutine.wrap(function(x) coroutine.yield(x) end)
  n = n + co(1)
end
return n
"#;
    let out = run_limits(src, limits(32 << 20));
    assert_eq!(out.result.unwrap(), json!(100_000));
}

#[test]
fn deep_resume_chains_stop_at_the_c_stack_limit() {
    // A coroutine resuming a coroutine resuming ... 100,000 deep.
    let src = r#"
local function chain(n)
  if n == 0 then return 0 end
  local ok, v = coroutine.resume(coroutine.create(chain), n - 1)
  if not ok then error(v, 0) end
  return v + 1
end
local ok, e = pcall(chain, 100000)
local w
w = function(n) if n == 0 then return 0 end return coroutine.wrap(w)(n - 1) + 1 end
local ok2, e2 = pcall(w, 100000)
return { ok, e, ok2, e2, chain(150) }
"#;
    let out = run_limits(src, limits(256 << 20));
    let v = out.result.unwrap();
    assert_eq!(v[0], json!(false));
    assert_eq!(v[1], json!("C stack overflow"));
    assert_eq!(v[2], json!(false));
    assert!(
        v[3].as_str().unwrap_or("").ends_with("C stack overflow"),
        "{v}"
    );
    assert_eq!(v[4], json!(150));
}

#[test]
fn yields_across_sort_and_gsub_are_catchable_errors() {
    let src = r#"
local function try(f)
  local co = coroutine.create(f)
  local ok, e = coroutine.resume(co)
  return { ok, e, coroutine.status(co) }
end
return {
  try(function() table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end) end),
  try(function() string.gsub("abc", ".", function(c) coroutine.yield(c) end) end),
}
"#;
    let out = run_limits(src, limits(64 << 20));
    let msg = "attempt to yield across a C-call boundary";
    assert_eq!(
        out.result.unwrap(),
        json!([[false, msg, "dead"], [false, msg, "dead"]])
    );
}

#[test]
fn a_coroutine_that_never_yields_runs_out_of_fuel() {
    let tight = VmLimits {
        max_fuel: 2_000_000,
        ..VmLimits::default()
    };
    for src in [
        "return coroutine.wrap(function() while true do end end)()",
        "local co = coroutine.create(function() while true do end end) return pcall(coroutine.resume, co)",
        "return parallel({ function() return 1 end, function() while true do end end })",
    ] {
        let d = run_limits(src, tight.clone()).result.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{src}: {}", d.message);
    }
}

#[test]
fn parallel_with_ten_thousand_functions_and_deep_nesting_is_bounded() {
    let src = r#"
local fns = {}
for i = 1, 10000 do fns[i] = function() return i * 2 end end
local r = parallel(fns)
local function nest(n)
  if n == 0 then return 0 end
  return parallel({ function() return nest(n - 1) end })[1] + 1
end
local ok, e = pcall(nest, 100000)
return { #r, r[10000], ok, e, nest(50) }
"#;
    let out = run_limits(src, limits(128 << 20));
    let v = out.result.unwrap();
    assert_eq!(v[0], json!(10000));
    assert_eq!(v[1], json!(20000));
    assert_eq!(v[2], json!(false));
    // Raised by the innermost `parallel` (with its caller's position), re-raised by each.
    assert!(
        v[3].as_str().unwrap_or("").ends_with("C stack overflow"),
        "{v}"
    );
    assert_eq!(v[4], json!(50));
    // Tasks that each hold memory: the limit ends it, uncatchably.
    let src = r#"
local fns = {}
for i = 1, 10000 do
  fns[i] = function() local t = {} for j = 1, 1000 do t[j] = j end return t end
end
local ok, e = pcall(parallel, fns)
return "survived"
"#;
    let d = run_limits(src, limits(16 << 20)).result.unwrap_err();
    assert!(d.message.contains("not enough memory"), "{}", d.message);
}

#[test]
fn coroutine_close_of_hostile_pending_variables_is_bounded() {
    // A `__close` that never returns, run by coroutine.close: fuel ends it.
    let src = r#"
local co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  coroutine.yield()
end)
coroutine.resume(co)
return coroutine.close(co)
"#;
    let d = run_limits(
        src,
        VmLimits {
            max_fuel: 2_000_000,
            ..VmLimits::default()
        },
    )
    .result
    .unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::TimeoutExceeded, "{}", d.message);
    // 150 pending variables (lua5.4's limit is 200 locals), each `__close` raising: every
    // one runs, the last error wins; thousands of such coroutines dead with an error keep
    // theirs until closed and are collected when dropped.
    let decls: String = (0..150)
        .map(|i| format!("local v{i} <close> = mk({i})\n"))
        .collect();
    let src = format!(
        r#"
local count = 0
local function mk(i)
  return setmetatable({{}}, {{ __close = function(_, e) count = count + 1 error(i, 0) end }})
end
local function body()
{decls}
coroutine.yield()
end
local co = coroutine.create(body)
coroutine.resume(co)
local ok, e = coroutine.close(co)
for i = 1, 3000 do
  local dead = coroutine.create(function() local a <close> = mk(-1) error("x") end)
  coroutine.resume(dead)
end
return {{ ok, e, count }}
"#
    );
    let out = run_limits(&src, limits(32 << 20));
    assert_eq!(out.result.unwrap(), json!([false, 0, 150]));
}

//! `parallel(fns)`: tasks scheduled by the VM, several host calls pending at once, results
//! in order, the lowest-index error raised after every task finished.

use codemode_core::{
    CompileOptions, Diagnostic, HostCall, HostError, HostOutcome, HostTarget, Interpreter,
    StartOptions, StepState,
};
use codemode_lua::LuaInterpreter;
use serde_json::{json, Value};

struct Run {
    result: Result<Value, Diagnostic>,
    /// How many calls were pending at once, at most.
    max_pending: usize,
    calls: Vec<HostCall>,
}

/// Steps the program; answers host calls only when it waits, all of them at once and in
/// reverse order of issue (so an answer never comes back in the order it was asked).
fn run_lazy(source: &str, answer: impl Fn(&HostCall) -> HostOutcome) -> Run {
    let program = LuaInterpreter::new()
        .compile(source, &CompileOptions::default())
        .expect("compiles");
    let mut exec = program.start(StartOptions::default());
    let mut outstanding: Vec<HostCall> = Vec::new();
    let mut all = Vec::new();
    let mut max_pending = 0;
    loop {
        let step = exec.step(100_000);
        outstanding.extend(step.calls.iter().cloned());
        all.extend(step.calls);
        max_pending = max_pending.max(outstanding.len());
        match step.state {
            StepState::Running => {}
            StepState::Waiting => {
                assert!(!outstanding.is_empty(), "waiting on nothing");
                for c in outstanding.drain(..).rev() {
                    let out = answer(&c);
                    exec.complete(c.id, out);
                }
            }
            StepState::Done(c) => {
                return Run {
                    result: Ok(c.value),
                    max_pending,
                    calls: all,
                }
            }
            StepState::Failed(d) => {
                return Run {
                    result: Err(d),
                    max_pending,
                    calls: all,
                }
            }
        }
    }
}

fn echo(c: &HostCall) -> HostOutcome {
    match &c.target {
        HostTarget::Tool(p) if p.join(".") == "t.fail" => {
            HostOutcome::Err(HostError::new("ToolFailure", "tool says no"))
        }
        _ => HostOutcome::Ok(json!({"echo": c.input})),
    }
}

#[test]
fn tool_calls_of_tasks_are_pending_at_once_and_results_keep_their_order() {
    let src = r#"
local fns = {}
for i = 1, 4 do
  fns[i] = function() return tools.t.get({ i = i }).echo.i * 10 end
end
return parallel(fns)
"#;
    let r = run_lazy(src, echo);
    assert_eq!(r.result.unwrap(), json!([10, 20, 30, 40]));
    assert_eq!(r.max_pending, 4);
    assert_eq!(r.calls.len(), 4);
}

#[test]
fn the_lowest_index_error_is_raised_after_every_task_finished() {
    let src = r#"
local done = {}
local ok, err = pcall(parallel, {
  function() done[#done + 1] = "a" return tools.t.get({}) end,
  function() tools.t.get({}) error("second") end,
  function() tools.t.fail({}) end,
  function() tools.t.get({}) done[#done + 1] = "d" return 4 end,
})
return { ok = ok, err = err, done = done }
"#;
    let r = run_lazy(src, echo);
    assert_eq!(
        r.result.unwrap(),
        json!({"ok": false, "err": "program:5: second", "done": ["a", "d"]})
    );
}

#[test]
fn tasks_nest_parallel_and_use_coroutines_and_pcall() {
    let src = r#"
local function page(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(tools.t.get({ p = i }).echo.p) end
  end)
end
local r = parallel({
  function()
    local s = 0
    for v in page(3) do s = s + v end
    return s
  end,
  function()
    return parallel({
      function() return tools.t.get({ x = 1 }).echo.x end,
      function() local ok, e = pcall(tools.t.fail, {}) return e end,
    })
  end,
  function() return "plain" end,
})
return r
"#;
    let r = run_lazy(src, echo);
    assert_eq!(r.result.unwrap(), json!([6, [1, "tool says no"], "plain"]));
    // The first page call of task 1 and both calls of the nested tasks wait together.
    assert!(r.max_pending >= 3, "max pending {}", r.max_pending);
}

#[test]
fn yields_in_tasks_and_bad_arguments_are_errors() {
    let src = r#"
local a = { pcall(parallel, { function() coroutine.yield(1) end }) }
local b = { pcall(parallel, 5) }
local c = { pcall(parallel, { 1 }) }
local d = parallel({})
return { a[2], b[2], c[2], #d }
"#;
    let r = run_lazy(src, echo);
    assert_eq!(
        r.result.unwrap(),
        json!([
            "attempt to yield across a C-call boundary",
            "bad argument #1 to 'parallel' (table expected, got number)",
            "attempt to call a number value",
            0
        ])
    );
}

#[test]
fn ten_thousand_tasks_with_tool_calls_finish() {
    let src = r#"
local fns = {}
for i = 1, 10000 do fns[i] = function() return tools.t.get({ i = i }).echo.i end end
local r = parallel(fns)
local s = 0
for i = 1, #r do s = s + r[i] end
return { n = #r, sum = s }
"#;
    let r = run_lazy(src, echo);
    assert_eq!(r.result.unwrap(), json!({"n": 10000, "sum": 50005000}));
    // Tasks are started a bounded number at a time.
    assert!(r.max_pending <= 64, "max pending {}", r.max_pending);
}

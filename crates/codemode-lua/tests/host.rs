//! The host boundary: tool calls suspend the program, answers resume it.

mod common;

use codemode_core::{
    CallMode, CompileOptions, Diagnostic, DiagnosticKind, ExtensionDecl, HostError, HostOutcome,
    HostTarget, Interpreter, ToolRoot,
};
use codemode_lua::LuaInterpreter;
use common::run_with;
use serde_json::json;

fn tool_err(msg: &str) -> HostOutcome {
    HostOutcome::Err(HostError::new("ToolFailure", msg))
}

#[test]
fn the_seed_example_runs() {
    let src = r#"
local matches = search({ query = "order lookup" })
local order = tools.orders["lookup-by-id"]({ id = "order_42" })
return { id = order.id, needsAttention = order.status ~= "complete", hits = #matches }
"#;
    let out = run_with(src, &CompileOptions::default(), |c| match &c.target {
        HostTarget::Search => HostOutcome::Ok(json!([{"path": "orders.lookup-by-id"}])),
        HostTarget::Tool(p) => {
            assert_eq!(p, &vec!["orders".to_string(), "lookup-by-id".to_string()]);
            assert_eq!(c.input, json!({"id": "order_42"}));
            assert_eq!(c.mode, CallMode::Blocking);
            assert_eq!(c.location.map(|l| l.line), Some(3));
            HostOutcome::Ok(json!({"id": "order_42", "status": "pending"}))
        }
        _ => tool_err("unexpected"),
    });
    assert_eq!(
        out.result.unwrap(),
        json!({"id": "order_42", "needsAttention": true, "hits": 1})
    );
    assert_eq!(out.calls.len(), 2);
    assert_eq!(out.calls[0].input, json!({"query": "order lookup"}));
}

#[test]
fn tool_failures_are_catchable_and_carry_the_message() {
    let src = r#"
local ok, err = pcall(tools.billing.charge, { amount = 5 })
local function inner() return tools.billing.charge({}) end
local ok2, err2 = pcall(function() return inner() end)
return { ok = ok, err = err, ok2 = ok2, err2 = err2 }
"#;
    let out = run_with(src, &CompileOptions::default(), |_| {
        tool_err("card declined")
    });
    assert_eq!(
        out.result.unwrap(),
        json!({"ok": false, "err": "card declined", "ok2": false, "err2": "card declined"})
    );
}

#[test]
fn uncaught_tool_failure_fails_with_the_message() {
    let out = run_with("return tools.a.b()", &CompileOptions::default(), |_| {
        tool_err("upstream 503")
    });
    let d = out.result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert_eq!(d.message, "upstream 503");
}

#[test]
fn fatal_outcomes_end_the_execution_even_inside_pcall() {
    let out = run_with(
        "local ok = pcall(tools.x.y, {}) return 'unreachable'",
        &CompileOptions::default(),
        |_| HostOutcome::Fatal(Diagnostic::new(DiagnosticKind::UnknownTool, "no tool x.y")),
    );
    let d = out.result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::UnknownTool);
}

#[test]
fn results_keep_their_shape() {
    let src = r#"
local r = tools.data.get()
assert(#r.empty_list == 0)
local n = 0
for _ in pairs(r.empty_obj) do n = n + 1 end
return { list = r.empty_list, obj = r.empty_obj, nulls = r.with_null, first_is_null = r.with_null[1] == json.null, missing = r.gone == nil, n = n }
"#;
    let out = run_with(src, &CompileOptions::default(), |_| {
        HostOutcome::Ok(
            json!({"empty_list": [], "empty_obj": {}, "with_null": [null, 1], "gone": null}),
        )
    });
    assert_eq!(
        out.result.unwrap(),
        json!({"list": [], "obj": {}, "nulls": [null, 1], "first_is_null": true, "missing": true, "n": 0})
    );
}

#[test]
fn inputs_follow_the_data_rules() {
    let src = r#"
local ok, err = pcall(tools.a.b, { f = print })
tools.a.c(nil)
tools.a.d({ list = json.array(), obj = {}, n = 1.5, i = 3 })
return err
"#;
    let out = run_with(src, &CompileOptions::default(), |_| {
        HostOutcome::Ok(json!(null))
    });
    let msg = out.result.unwrap();
    assert!(
        msg.as_str().unwrap().contains("a function is not data"),
        "{msg}"
    );
    assert_eq!(out.calls.len(), 2);
    assert_eq!(out.calls[0].input, json!(null));
    assert_eq!(
        out.calls[1].input,
        json!({"list": [], "obj": {}, "n": 1.5, "i": 3})
    );
}

#[test]
fn tool_calls_inside_callbacks_suspend_and_resume() {
    let src = r#"
local rows = { 3, 1, 2 }
table.sort(rows, function(a, b) return tools.cmp.lt({ a = a, b = b }) end)
local s = ("a b"):gsub("%a", function(w) return tools.up.case({ w = w }) end)
return { rows = rows, s = s }
"#;
    let out = run_with(src, &CompileOptions::default(), |c| match &c.target {
        HostTarget::Tool(p) if p[0] == "cmp" => {
            HostOutcome::Ok(json!(c.input["a"].as_i64() < c.input["b"].as_i64()))
        }
        HostTarget::Tool(_) => {
            HostOutcome::Ok(json!(c.input["w"].as_str().unwrap().to_uppercase()))
        }
        _ => tool_err("?"),
    });
    assert_eq!(out.result.unwrap(), json!({"rows": [1, 2, 3], "s": "A B"}));
}

#[test]
fn extensions_and_named_roots() {
    let options = CompileOptions {
        tool_root: ToolRoot::Named("codemode".into()),
        extensions: vec![
            ExtensionDecl {
                name: "now".into(),
                is_async: false,
            },
            ExtensionDecl {
                name: "fs.readFile".into(),
                is_async: false,
            },
        ],
        ..CompileOptions::default()
    };
    let src = r#"
local t = now()
local text = fs.readFile("/a.txt", "utf8")
local r = codemode.ns.tool({ x = 1 })
return { t = t, text = text, r = r, tools = tools == nil, kind = type(now), ns = type(codemode.ns) }
"#;
    let out = run_with(src, &options, |c| match &c.target {
        HostTarget::Extension(n) if n == "now" => {
            assert_eq!(c.input, json!([]));
            HostOutcome::Ok(json!(1234))
        }
        HostTarget::Extension(n) => {
            assert_eq!(n, "fs.readFile");
            assert_eq!(c.input, json!(["/a.txt", "utf8"]));
            HostOutcome::Ok(json!("contents"))
        }
        HostTarget::Tool(p) => {
            assert_eq!(p, &vec!["ns".to_string(), "tool".to_string()]);
            HostOutcome::Ok(json!({"ok": true}))
        }
        HostTarget::Search => tool_err("?"),
    });
    assert_eq!(
        out.result.unwrap(),
        json!({"t": 1234, "text": "contents", "r": {"ok": true}, "tools": true, "kind": "function", "ns": "userdata"})
    );
}

#[test]
fn globals_tool_root() {
    let options = CompileOptions {
        tool_root: ToolRoot::Globals,
        tool_globals: vec!["orders".into()],
        ..CompileOptions::default()
    };
    let out = run_with("return orders.lookup({ id = 1 })", &options, |c| {
        assert_eq!(
            c.target,
            HostTarget::Tool(vec!["orders".into(), "lookup".into()])
        );
        HostOutcome::Ok(json!("found"))
    });
    assert_eq!(out.result.unwrap(), json!("found"));
}

#[test]
fn static_tool_paths_are_literal_chains_from_the_global() {
    let interp = LuaInterpreter::new();
    let src = r#"
tools.orders.lookup({})
local x = tools.billing["charge-card"]
tools.billing["charge-card"]({})
local function f(tools) return tools.shadowed.call() end
local t = tools
t.aliased.call()
tools.dynamic[x]()
"#;
    let program = interp.compile(src, &CompileOptions::default()).unwrap();
    let paths: Vec<Vec<String>> = program
        .static_tool_paths()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        paths,
        vec![
            vec!["orders".to_string(), "lookup".to_string()],
            vec!["billing".to_string(), "charge-card".to_string()],
        ]
    );
}

#[test]
fn print_goes_to_logs_one_entry_per_call() {
    let out = common::run("print('a', 1, nil) print() print(2.5) return 0");
    assert_eq!(
        out.logs,
        vec!["a\t1\tnil".to_string(), String::new(), "2.5".to_string()]
    );
}

#[test]
fn returned_values_that_are_not_data_name_the_path() {
    let out = common::run("return { rows = { { tags = { 1, nil, 3 } } } }");
    let d = out.result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    assert!(d.message.contains("$.rows[0].tags"), "{}", d.message);
    let out = common::run("return { f = function() end }");
    assert!(out.result.unwrap_err().message.contains("$.f"));
}

#[test]
fn object_keys_keep_insertion_order() {
    let out = common::run("local t = {} t.zeta = 1 t.alpha = 2 t.mid = 3 return t");
    let v = out.result.unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["zeta", "alpha", "mid"]);
}

#[test]
fn uncaught_errors_have_lua_messages_and_locations() {
    let out = common::run("local x = 1\n\nlocal t = nil\nreturn t.field");
    let d = out.result.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert_eq!(
        d.message,
        "program:4: attempt to index a nil value (local 't')"
    );
    assert_eq!(d.location.map(|l| l.line), Some(4));
    let d = common::run("error({})").result.unwrap_err();
    assert_eq!(d.message, "(error object is a table value)");
    let d = common::run("\ndofile('x')").result.unwrap_err();
    assert_eq!(
        d.message,
        "program:2: attempt to call a nil value (global 'dofile')"
    );
}

#[test]
fn syntax_errors_are_reported_before_running() {
    let interp = LuaInterpreter::new();
    let e = interp
        .compile("local x = 1\ngoto done\n", &CompileOptions::default())
        .err()
        .unwrap();
    assert_eq!(e.kind, DiagnosticKind::ParseError);
    assert_eq!(
        e.message,
        "program:3: no visible label 'done' for <goto> at line 2"
    );
    // `<close>` runs now; only its compile-time rules are errors.
    let e = interp
        .compile(
            "local f <close>, g <close> = nil",
            &CompileOptions::default(),
        )
        .err()
        .unwrap();
    assert_eq!(e.kind, DiagnosticKind::ParseError);
    let e = interp
        .compile("return (", &CompileOptions::default())
        .err()
        .unwrap();
    assert_eq!(e.kind, DiagnosticKind::ParseError);
}

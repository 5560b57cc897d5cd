//! The driver loop, exercised through the test-only script interpreter.

mod support;

use codemode::{
    after_hook, before_hook, CallOutcome, CallStatus, CodeMode, Context, DiagnosticKind,
    ExecuteOptions, Extension, HookDecision, Limits, OversizedResult, Tool, ToolError, ToolRoot,
};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::{never, runtime, ScriptInterpreter};

fn echo(path: &str) -> Tool {
    Tool::new(
        path,
        format!("Echo for {path}"),
        json!({"type": "object"}),
        |input: Value, cx: codemode::CallContext| async move {
            Ok(json!({"tool": cx.path, "input": input}))
        },
    )
    .unwrap()
}

fn failing(path: &str) -> Tool {
    Tool::new(
        path,
        "Always fails",
        json!({"type": "object"}),
        |_: Value, _| async move {
            Err(ToolError::new("warehouse offline").with_detail("db timeout at 10.0.0.1"))
        },
    )
    .unwrap()
}

#[tokio::test]
async fn tool_results_flow_back_and_are_recorded() {
    let rt = runtime(vec![echo("orders.lookup")]).build().unwrap();
    let result = rt
        .execute("callsync orders.lookup {\"id\":\"42\"}\nlog done\nreturn results")
        .await;
    assert_eq!(
        result.value(),
        Some(&json!([{"tool": "orders.lookup", "input": {"id": "42"}}]))
    );
    assert_eq!(result.logs, vec!["done"]);
    assert_eq!(result.tool_calls.len(), 1);
    assert_eq!(result.tool_calls[0].status, CallStatus::Succeeded);
    let json = result.to_json();
    assert_eq!(json["ok"], json!(true));
    assert_eq!(json["toolCalls"][0]["name"], json!("orders.lookup"));
    assert_eq!(json["toolCalls"][0]["status"], json!("succeeded"));
    assert!(json.get("warnings").is_none() && json.get("truncated").is_none());
}

#[tokio::test]
async fn a_failed_call_is_catchable_and_names_the_kind_when_uncaught() {
    let rt = runtime(vec![failing("stock.check")]).build().unwrap();
    let caught = rt.execute("callsync stock.check {}\nreturn results").await;
    assert_eq!(
        caught.value(),
        Some(&json!([{"error": "warehouse offline", "code": "ToolFailure"}]))
    );
    assert_eq!(caught.tool_calls[0].status, CallStatus::Failed);
    assert_eq!(
        caught.tool_calls[0].error.as_deref(),
        Some("warehouse offline")
    );
    // The host-only detail never reaches the program or the record.
    assert!(!caught.to_json().to_string().contains("10.0.0.1"));

    let uncaught = rt.execute("callsync stock.check {}\nrethrow").await;
    let error = uncaught.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::ToolFailure);
    assert_eq!(
        uncaught.tool_calls.len(),
        1,
        "records are kept after failure"
    );
}

#[tokio::test]
async fn input_and_output_schemas_are_enforced() {
    let strict = Tool::new(
        "orders.lookup",
        "Look up",
        json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
        |_: Value, _| async move { Ok(json!({"status": 7})) },
    )
    .unwrap()
    .with_output_schema(json!({"type": "object", "properties": {"status": {"type": "string"}}}));
    let rt = runtime(vec![strict]).build().unwrap();

    let bad_input = rt
        .execute("callsync orders.lookup {\"id\": 1}\nrethrow")
        .await;
    assert_eq!(
        bad_input.error().unwrap().kind,
        DiagnosticKind::InvalidToolInput
    );
    assert!(
        bad_input.error().unwrap().message.contains("/id"),
        "{:?}",
        bad_input.error()
    );

    let bad_output = rt
        .execute("callsync orders.lookup {\"id\": \"1\"}\nrethrow")
        .await;
    assert_eq!(
        bad_output.error().unwrap().kind,
        DiagnosticKind::InvalidToolOutput
    );
}

#[tokio::test]
async fn render_only_tools_skip_validation() {
    let tool = Tool::new(
        "a.b",
        "x",
        json!({"type": "object", "required": ["id"]}),
        |_: Value, _| async { Ok(json!(1)) },
    )
    .unwrap()
    .render_only();
    let rt = runtime(vec![tool]).build().unwrap();
    assert_eq!(
        rt.execute("callsync a.b {}\nreturn results").await.value(),
        Some(&json!([1]))
    );
}

#[tokio::test]
async fn before_hooks_deny_and_after_hooks_hear_every_outcome() {
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen2 = seen.clone();
    let rt = runtime(vec![
        echo("orders.lookup"),
        echo("orders.delete"),
        failing("orders.fail"),
        never("orders.hang"),
    ])
    .hook(before_hook(|call| {
        if call.name == "orders.delete" {
            HookDecision::Deny("deleting is not allowed".into())
        } else {
            HookDecision::Allow
        }
    }))
    .hook(after_hook(move |call, outcome| {
        let what = match outcome {
            CallOutcome::Succeeded { .. } => "succeeded",
            CallOutcome::Failed { .. } => "failed",
            CallOutcome::Interrupted { .. } => "interrupted",
        };
        seen2.lock().unwrap().push(format!("{} {what}", call.name));
    }))
    .build()
    .unwrap();
    let result = rt
        .execute("call orders.hang {}\ncallsync orders.lookup {}\ncallsync orders.delete {}\ncallsync orders.fail {}\nreturn results")
        .await;
    let value = result.value().unwrap();
    assert_eq!(
        value[2]["error"],
        json!("call to orders.delete was denied: deleting is not allowed")
    );
    assert_eq!(value[2]["code"], json!("Denied"));
    let statuses: Vec<CallStatus> = result.tool_calls.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        vec![
            CallStatus::Uncertain,
            CallStatus::Succeeded,
            CallStatus::Denied,
            CallStatus::Failed
        ]
    );
    assert_eq!(
        *seen.lock().unwrap(),
        vec![
            "orders.lookup succeeded",
            "orders.fail failed",
            "orders.hang interrupted"
        ]
    );
    // Returning with a call still running is successful, with a warning.
    assert!(result.is_ok());
    assert_eq!(result.warnings[0].kind, DiagnosticKind::ExecutionFailure);
    let json = result.to_json();
    assert_eq!(json["toolCalls"][0]["status"], json!("uncertain"));

    // A call issued in the very step that returns never started: nothing to reconcile.
    let r = rt.execute("call orders.lookup {}\nreturn 1").await;
    assert_eq!(r.tool_calls[0].status, CallStatus::Failed);
    assert!(r.tool_calls[0]
        .error
        .as_deref()
        .unwrap()
        .contains("not started"));
}

#[tokio::test]
async fn max_tool_calls_counts_tools_search_and_extensions() {
    let limits = Limits {
        max_tool_calls: Some(3),
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![echo("a.b")])
        .extension(Extension::sync("now", |_, _| Ok(json!(1))))
        .limits(limits)
        .build()
        .unwrap();
    let ok = rt
        .execute("callsync a.b {}\nsearch {\"query\":\"b\"}\next now []\nreturn results")
        .await;
    assert!(ok.is_ok(), "{:?}", ok.error());
    let over = rt
        .execute("callsync a.b {}\nsearch {}\next now []\ncallsync a.b {}\nreturn results")
        .await;
    assert_eq!(
        over.error().unwrap().kind,
        DiagnosticKind::ToolCallLimitExceeded
    );
    assert_eq!(over.tool_calls.len(), 3);
}

#[tokio::test]
async fn concurrency_is_bounded() {
    let current = Arc::new(AtomicUsize::new(0));
    let peak = Arc::new(AtomicUsize::new(0));
    let (c, p) = (current.clone(), peak.clone());
    let slow = Tool::new(
        "work.slow",
        "Slow",
        json!({"type": "object"}),
        move |_: Value, _| {
            let (c, p) = (c.clone(), p.clone());
            async move {
                let now = c.fetch_add(1, Ordering::SeqCst) + 1;
                p.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
                c.fetch_sub(1, Ordering::SeqCst);
                Ok(json!("done"))
            }
        },
    )
    .unwrap();
    let limits = Limits {
        max_host_call_concurrency: 3,
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![slow]).limits(limits).build().unwrap();
    let script: String =
        (0..10).map(|_| "call work.slow {}\n").collect::<String>() + "await\nreturn results";
    let started = std::time::Instant::now();
    let result = rt.execute(&script).await;
    assert_eq!(result.value().unwrap().as_array().unwrap().len(), 10);
    assert_eq!(peak.load(Ordering::SeqCst), 3);
    // Ten 20 ms calls, three at a time: four waves, far less than ten sequential calls.
    assert!(
        started.elapsed() < Duration::from_millis(190),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_timeout_interrupts_a_tool_that_never_finishes() {
    let interrupted = Arc::new(AtomicUsize::new(0));
    let i2 = interrupted.clone();
    let limits = Limits {
        timeout: Some(Duration::from_millis(50)),
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![never("slow.forever")])
        .limits(limits)
        .hook(after_hook(move |_, outcome| {
            if matches!(outcome, CallOutcome::Interrupted { .. }) {
                i2.fetch_add(1, Ordering::SeqCst);
            }
        }))
        .build()
        .unwrap();
    let result = rt.execute("callsync slow.forever {}\nreturn 1").await;
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
    assert_eq!(result.tool_calls[0].status, CallStatus::Uncertain);
    assert_eq!(interrupted.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_timeout_interrupts_a_busy_program() {
    let limits = Limits {
        timeout: Some(Duration::from_millis(30)),
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![]).limits(limits).build().unwrap();
    let result = rt.execute("spin").await;
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
}

#[tokio::test]
async fn unknown_literal_paths_fail_before_any_tool_runs() {
    let ran = Arc::new(AtomicUsize::new(0));
    let r2 = ran.clone();
    let counted = Tool::new(
        "orders.lookup",
        "Look up an order",
        json!({"type": "object"}),
        move |_: Value, _| {
            r2.fetch_add(1, Ordering::SeqCst);
            async { Ok(Value::Null) }
        },
    )
    .unwrap();
    let rt = runtime(vec![counted]).build().unwrap();
    let result = rt
        .execute("callsync orders.lookup {}\nstatic orders.lokup\nreturn 1")
        .await;
    let error = result.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::UnknownTool);
    assert_eq!(error.message, "unknown tool tools.orders.lokup");
    assert_eq!(error.suggestions, vec!["tools.orders.lookup"]);
    assert_eq!(error.location.map(|l| l.line), Some(2));
    assert_eq!(ran.load(Ordering::SeqCst), 0);

    // Dynamic paths fail at the call.
    let dynamic = rt
        .execute("callsync orders.lookup {}\ncallsync orders.nope {}\nreturn 1")
        .await;
    assert_eq!(dynamic.error().unwrap().kind, DiagnosticKind::UnknownTool);
    assert_eq!(ran.load(Ordering::SeqCst), 1);
    let namespace = rt.execute("callsync orders {}\nreturn 1").await;
    assert!(namespace
        .error()
        .unwrap()
        .message
        .contains("is a namespace"));
}

#[tokio::test]
async fn spawned_and_concurrent_executions_share_nothing() {
    let rt = runtime(vec![echo("who.ami")]).build().unwrap();
    let handle = tokio::spawn(rt.execute("return 7"));
    assert_eq!(handle.await.unwrap().value(), Some(&json!(7)));

    let mut handles = Vec::new();
    for i in 0..32 {
        let rt = rt.clone();
        handles.push(tokio::spawn(async move {
            rt.execute(&format!(
                "log run {i}\ncallsync who.ami {{\"n\":{i}}}\nreturn results"
            ))
            .await
        }));
    }
    for (i, h) in handles.into_iter().enumerate() {
        let r = h.await.unwrap();
        assert_eq!(r.logs, vec![format!("run {i}")]);
        assert_eq!(r.value().unwrap()[0]["input"]["n"], json!(i));
        assert_eq!(r.tool_calls.len(), 1);
    }
}

#[derive(Debug)]
struct Caller {
    tenant: &'static str,
    admin: bool,
}

#[tokio::test]
async fn the_execution_context_reaches_tools_hooks_and_enables_tools() {
    let whoami = Tool::new(
        "acct.whoami",
        "Who is calling",
        json!({"type": "object"}),
        |_: Value, cx: codemode::CallContext| async move {
            Ok(json!(cx.context.get::<Caller>().map(|c| c.tenant)))
        },
    )
    .unwrap();
    let admin_only =
        echo("acct.purge").enabled_when(|cx| cx.get::<Caller>().is_some_and(|c| c.admin));
    let hooked: Arc<Mutex<Vec<String>>> = Arc::default();
    let h2 = hooked.clone();
    let rt = runtime(vec![whoami, admin_only])
        .hook(before_hook(move |call| {
            h2.lock().unwrap().push(
                call.context
                    .get::<Caller>()
                    .map(|c| c.tenant)
                    .unwrap_or("-")
                    .to_owned(),
            );
            HookDecision::Allow
        }))
        .build()
        .unwrap();
    let user = ExecuteOptions {
        context: Context::new(Caller {
            tenant: "acme",
            admin: false,
        }),
        ..Default::default()
    };
    let admin = ExecuteOptions {
        context: Context::new(Caller {
            tenant: "root",
            admin: true,
        }),
        ..Default::default()
    };

    let r = rt
        .execute_with("callsync acct.whoami {}\nreturn results", user.clone())
        .await;
    assert_eq!(r.value(), Some(&json!(["acme"])));
    assert_eq!(*hooked.lock().unwrap(), vec!["acme"]);

    // Invisible to the user: not in the catalog, not found by search, unknown when called.
    assert!(rt
        .catalog_for(&user.context)
        .lookup_dotted("acct.purge")
        .is_none());
    assert!(rt
        .catalog_for(&admin.context)
        .lookup_dotted("acct.purge")
        .is_some());
    let search = rt
        .execute_with("search {\"query\":\"purge\"}\nreturn results", user.clone())
        .await;
    assert_eq!(search.value().unwrap()[0]["items"], json!([]));
    let call = rt
        .execute_with("callsync acct.purge {}\nreturn 1", user.clone())
        .await;
    assert_eq!(call.error().unwrap().kind, DiagnosticKind::UnknownTool);
    let call = rt
        .execute_with("callsync acct.purge {}\nreturn 1", admin)
        .await;
    assert!(call.is_ok());
}

#[tokio::test]
async fn search_is_a_host_call() {
    let rt = runtime(vec![echo("orders.lookup"), echo("billing.invoices")])
        .build()
        .unwrap();
    let r = rt
        .execute("search {\"query\":\"orders.lookup\"}\nreturn results")
        .await;
    let page = &r.value().unwrap()[0];
    assert_eq!(page["items"].as_array().unwrap().len(), 1);
    assert_eq!(page["items"][0]["path"], json!("tools.orders.lookup"));
    assert_eq!(r.tool_calls[0].name, "search");
    let bad = rt.execute("search {\"bogus\":1}\nreturn results").await;
    assert_eq!(bad.value().unwrap()[0]["code"], json!("InvalidToolInput"));
}

#[tokio::test]
async fn extensions_are_called_recorded_and_checked_at_construction() {
    let rt = runtime(vec![])
        .extension(Extension::sync("now", |_, _| Ok(json!(1700000000))))
        .extension(Extension::asynchronous(
            "fs.readFile",
            |args: Vec<Value>, _| async move {
                Ok(json!(format!(
                    "contents of {}",
                    args[0].as_str().unwrap_or("?")
                )))
            },
        ))
        .build()
        .unwrap();
    let r = rt
        .execute("ext now []\next fs.readFile [\"a.txt\"]\nreturn results")
        .await;
    assert_eq!(r.value(), Some(&json!([1700000000, "contents of a.txt"])));
    assert_eq!(r.tool_calls[1].name, "fs.readFile");
    let options = rt.execute("return options").await;
    assert_eq!(
        options.value().unwrap()["extensions"],
        json!([["now", false], ["fs.readFile", true]])
    );

    let shadow = runtime(vec![])
        .extension(Extension::sync("JSON", |_, _| Ok(Value::Null)))
        .build();
    assert!(shadow
        .unwrap_err()
        .to_string()
        .contains("shadow the built-in global `JSON`"));
    let twice = runtime(vec![])
        .extension(Extension::sync("now", |_, _| Ok(Value::Null)))
        .extension(Extension::sync("now", |_, _| Ok(Value::Null)))
        .build();
    assert!(twice.unwrap_err().to_string().contains("defined twice"));
    let clash = runtime(vec![])
        .extension(Extension::sync("tools", |_, _| Ok(Value::Null)))
        .build();
    assert!(clash.is_err());
}

#[tokio::test]
async fn each_tool_root() {
    let tools = || vec![echo("orders.lookup"), echo("context7.resolve-library-id")];
    let default = runtime(tools()).build().unwrap();
    assert_eq!(
        default.execute("return options").await.value().unwrap()["root"],
        json!("Tools")
    );
    assert!(default
        .description(2000)
        .unwrap()
        .contains("tools.context7[\"resolve-library-id\"]"));

    let globals = runtime(tools())
        .tool_root(ToolRoot::Globals)
        .build()
        .unwrap();
    let options = globals.execute("return options").await;
    assert_eq!(
        options.value().unwrap()["toolGlobals"],
        json!(["context7", "orders"])
    );
    assert!(globals
        .description(2000)
        .unwrap()
        .contains("orders.lookup("));

    let named = runtime(tools())
        .tool_root(ToolRoot::Named("codemode".into()))
        .build()
        .unwrap();
    assert!(named
        .description(2000)
        .unwrap()
        .contains("codemode.orders.lookup("));
    let r = named
        .execute("callsync orders.lookup {}\nreturn results")
        .await;
    assert!(r.is_ok());

    // A namespace global may not shadow a built-in.
    let bad = runtime(vec![echo("JSON.parse")])
        .tool_root(ToolRoot::Globals)
        .build();
    assert!(bad.is_err());
}

#[tokio::test]
async fn oversized_results_truncate_or_fail() {
    let big = format!("return {}", json!((0..200).collect::<Vec<_>>()));
    let limits = Limits {
        max_output_bytes: Some(100),
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![]).limits(limits.clone()).build().unwrap();
    let r = rt.execute(&big).await;
    assert!(r.truncated);
    assert_eq!(r.warnings[0].kind, DiagnosticKind::Truncated);
    assert!(codemode::data::encoded_len(r.value().unwrap()) <= 100);
    assert_eq!(r.to_json()["truncated"], json!(true));

    let failing = runtime(vec![])
        .limits(Limits {
            oversized_result: OversizedResult::Fail,
            ..limits
        })
        .build()
        .unwrap();
    let r = failing.execute(&big).await;
    assert!(r
        .error()
        .unwrap()
        .message
        .contains("over the 100-byte limit"));
}

#[tokio::test]
async fn per_call_byte_limits_reject_catchably() {
    let limits = Limits {
        max_call_input_bytes: Some(20),
        max_call_output_bytes: Some(24),
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![echo("a.b")]).limits(limits).build().unwrap();
    let r = rt
        .execute(
            "callsync a.b {\"text\":\"a long long long input\"}\ncallsync a.b {}\nreturn results",
        )
        .await;
    let v = r.value().unwrap();
    assert!(v[0]["error"]
        .as_str()
        .unwrap()
        .contains("over the 20-byte per-call limit"));
    assert!(v[1]["error"]
        .as_str()
        .unwrap()
        .contains("over the 24-byte per-call limit"));
}

#[tokio::test]
async fn the_log_budget_keeps_recent_lines() {
    let limits = Limits {
        max_log_lines: 2,
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![]).limits(limits).build().unwrap();
    let r = rt.execute("log a\nlog b\nlog c\nreturn 1").await;
    assert_eq!(r.logs, vec!["b", "c"]);
    assert!(r
        .warnings
        .iter()
        .any(|w| w.message.contains("1 earlier log line")));
}

#[test]
fn invalid_configurations_fail_at_build() {
    let js = || Limits::for_language(codemode::Language::JavaScript);
    for limits in [
        Limits {
            max_host_call_concurrency: 0,
            ..js()
        },
        Limits {
            max_host_call_concurrency: 65,
            ..js()
        },
        Limits {
            timeout: Some(Duration::ZERO),
            ..js()
        },
        Limits {
            max_output_bytes: Some(0),
            ..js()
        },
    ] {
        assert!(runtime(vec![]).limits(limits).build().is_err());
    }
    let dup = runtime(vec![echo("a.b"), echo("a.b")]).build();
    assert!(dup.is_err());
    let wrong_language = CodeMode::builder()
        .language(codemode::Language::Lua)
        .interpreter(ScriptInterpreter::js())
        .build();
    assert!(wrong_language.is_err());
}

#[test]
fn language_defaults_follow_the_seeds() {
    let lua = Limits::for_language(codemode::Language::Lua);
    assert_eq!(lua.timeout, Some(Duration::from_millis(120_000)));
    assert_eq!(lua.max_tool_calls, Some(128));
    assert_eq!(lua.max_output_bytes, Some(65_536));
    assert_eq!(lua.max_host_call_concurrency, 4);
    let js = Limits::for_language(codemode::Language::JavaScript);
    assert_eq!(
        (js.timeout, js.max_tool_calls, js.max_output_bytes),
        (None, None, None)
    );
}

#[tokio::test]
async fn parse_errors_come_back_as_results() {
    let rt = runtime(vec![]).build().unwrap();
    let r = rt.execute("bogus op").await;
    assert_eq!(r.error().unwrap().kind, DiagnosticKind::ParseError);
    let json = r.to_json();
    assert_eq!(json["error"]["location"], json!({"line": 1, "column": 1}));
    assert_eq!(json["toolCalls"], json!([]));
}

#[tokio::test]
async fn a_program_waiting_on_nothing_fails_clearly() {
    let rt = runtime(vec![]).build().unwrap();
    // An await with nothing outstanding after a call that was answered immediately is fine…
    let r = rt.execute("await\nreturn 1").await;
    assert!(r.is_ok());
}

#[tokio::test]
async fn an_interpreter_panic_ends_the_execution_not_the_host() {
    let rt = runtime(vec![echo("a.b")]).build().unwrap();
    let r = rt.execute("callsync a.b {}\npanic").await;
    let error = r.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::ExecutionFailure);
    assert!(
        error.message.contains("script asked to panic"),
        "{}",
        error.message
    );
    assert_eq!(r.tool_calls.len(), 1, "records survive");
    // The runtime keeps serving.
    assert_eq!(rt.execute("return 1").await.value(), Some(&json!(1)));
}

#[tokio::test]
async fn a_call_under_an_unavailable_namespace_is_a_catchable_tool_failure() {
    let rt = runtime(vec![echo("orders.lookup")])
        .unavailable_namespace("memory", "the MCP server memory did not start")
        .build()
        .unwrap();
    let caught = rt
        .execute("callsync memory.create {}\nreturn results")
        .await;
    assert_eq!(
        caught.value(),
        Some(&json!([{
            "error": "memory.create is unavailable: the MCP server memory did not start",
            "code": "ToolFailure"
        }]))
    );
    assert_eq!(caught.tool_calls[0].status, CallStatus::Failed);
    // Outside the namespace an unknown tool is still UnknownTool, and the namespace itself
    // is not a tool.
    let unknown = rt.execute("callsync stock.check {}\nreturn results").await;
    assert_eq!(unknown.error().unwrap().kind, DiagnosticKind::UnknownTool);
    let bare = rt.execute("callsync memory {}\nreturn results").await;
    assert_eq!(bare.error().unwrap().kind, DiagnosticKind::UnknownTool);
}

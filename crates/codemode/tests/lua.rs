//! The facade with the real Lua interpreter: the whole path from host tools to the Result.

use codemode::{CodeMode, DiagnosticKind, Language, Tool, ToolError};
use serde_json::{json, Value};

fn lookup() -> Tool {
    Tool::new(
        "orders.lookup-by-id",
        "Look up an order by ID",
        json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
        |input: Value, _| async move {
            match input["id"].as_str() {
                Some("order_42") => Ok(json!({"id": "order_42", "status": "shipped", "items": []})),
                Some(other) => Err(ToolError::new(format!("no order {other}"))),
                None => Err(ToolError::new("id required")),
            }
        },
    )
    .unwrap()
}

fn runtime() -> CodeMode {
    CodeMode::builder()
        .language(Language::Lua)
        .tool(lookup())
        .namespace("orders", "Purchases and shipments")
        .build()
        .unwrap()
}

#[tokio::test]
async fn the_seeds_example_runs() {
    let result = runtime()
        .execute(
            r#"
local matches = search({ query = "order lookup" })
local order = tools.orders["lookup-by-id"]({ id = "order_42" })
print(#matches.items)
return { id = order.id, needsAttention = order.status ~= "complete", items = order.items }
"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!({"id": "order_42", "needsAttention": true, "items": []})),
        "{:?}",
        result.error()
    );
    assert_eq!(result.logs, vec!["1"]);
    let names: Vec<&str> = result.tool_calls.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, vec!["search", "orders.lookup-by-id"]);
}

#[tokio::test]
async fn tool_failures_are_catchable_and_typed_when_uncaught() {
    let rt = runtime();
    let caught = rt
        .execute(r#"local ok, err = pcall(tools.orders["lookup-by-id"], { id = "x" }) return { ok = ok, err = err }"#)
        .await;
    assert_eq!(
        caught.value(),
        Some(&json!({"ok": false, "err": "no order x"}))
    );
    let uncaught = rt
        .execute(r#"return tools.orders["lookup-by-id"]({ id = "x" })"#)
        .await;
    assert_eq!(uncaught.error().unwrap().kind, DiagnosticKind::ToolFailure);
    let invalid = rt
        .execute(r#"return tools.orders["lookup-by-id"]({ id = 5 })"#)
        .await;
    assert_eq!(
        invalid.error().unwrap().kind,
        DiagnosticKind::InvalidToolInput
    );
}

#[tokio::test]
async fn unknown_literal_tools_are_reported_before_running() {
    let result = runtime()
        .execute("print('never')\nreturn tools.orders.lookup({ id = 'order_42' })")
        .await;
    let error = result.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::UnknownTool);
    assert_eq!(error.location.map(|l| l.line), Some(2));
    assert!(result.logs.is_empty());
    assert!(!error.suggestions.is_empty());
}

#[tokio::test]
async fn parse_errors_have_locations() {
    let rt = runtime();
    let parse = rt.execute("local x = \nfunction(").await;
    assert_eq!(parse.error().unwrap().kind, DiagnosticKind::ParseError);
    assert!(parse.error().unwrap().location.is_some());
    let close = rt
        .execute("local x = 1\nlocal f <close>, g <close> = nil")
        .await;
    assert_eq!(close.error().unwrap().kind, DiagnosticKind::ParseError);
    assert_eq!(close.error().unwrap().location.map(|l| l.line), Some(2));
}

#[tokio::test]
async fn non_data_results_name_their_path() {
    let r = runtime()
        .execute("return { rows = { { f = print } } }")
        .await;
    let error = r.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::InvalidDataValue);
    assert!(error.message.contains("$.rows[0].f"), "{}", error.message);
}

/// A tool that sleeps `ms` and records how many of its calls run at once.
fn sleeping_tool(
    ms: u64,
    current: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    peak: std::sync::Arc<std::sync::atomic::AtomicUsize>,
) -> Tool {
    use std::sync::atomic::Ordering;
    Tool::new(
        "orders.slow",
        "Look up an order slowly",
        json!({"type": "object"}),
        move |input: Value, _| {
            let (c, p) = (current.clone(), peak.clone());
            async move {
                let now = c.fetch_add(1, Ordering::SeqCst) + 1;
                p.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                c.fetch_sub(1, Ordering::SeqCst);
                Ok(json!({"id": input["id"]}))
            }
        },
    )
    .unwrap()
}

#[tokio::test]
async fn parallel_runs_the_tool_calls_of_its_tasks_concurrently() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let (current, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let rt = CodeMode::builder()
        .language(Language::Lua)
        .tool(sleeping_tool(300, current, peak.clone()))
        .build()
        .unwrap();
    let started = std::time::Instant::now();
    let result = rt
        .execute(
            r#"
local fns = {}
for i, id in ipairs({ "a", "b", "c", "d" }) do
  fns[i] = function() return tools.orders.slow({ id = id }).id end
end
return parallel(fns)
"#,
        )
        .await;
    let elapsed = started.elapsed();
    assert_eq!(
        result.value(),
        Some(&json!(["a", "b", "c", "d"])),
        "{:?}",
        result.error()
    );
    assert_eq!(peak.load(Ordering::SeqCst), 4);
    // Four 300 ms calls one after another take 1,200 ms; together about 300 ms.
    assert!(
        elapsed < std::time::Duration::from_millis(600),
        "{elapsed:?}"
    );
    assert_eq!(result.tool_calls.len(), 4);

    // The host's concurrency bound holds for tasks too.
    let (current, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let limits = codemode::Limits {
        max_host_call_concurrency: 2,
        ..codemode::Limits::for_language(Language::Lua)
    };
    let bounded = CodeMode::builder()
        .language(Language::Lua)
        .tool(sleeping_tool(20, current, peak.clone()))
        .limits(limits)
        .build()
        .unwrap();
    let result = bounded
        .execute(
            r#"
local fns = {}
for i = 1, 6 do fns[i] = function() return tools.orders.slow({ id = i }).id end end
local ok, err = pcall(parallel, { function() return 1 end, function() error("task two", 0) end })
return { #parallel(fns), err }
"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!([6, "task two"])),
        "{:?}",
        result.error()
    );
    assert_eq!(peak.load(Ordering::SeqCst), 2);
}

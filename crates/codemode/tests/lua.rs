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
async fn parse_errors_and_unsupported_syntax_have_locations() {
    let rt = runtime();
    let parse = rt.execute("local x = \nfunction(").await;
    assert_eq!(parse.error().unwrap().kind, DiagnosticKind::ParseError);
    assert!(parse.error().unwrap().location.is_some());
    let goto = rt.execute("local f <close> = nil\nreturn 1").await;
    assert_eq!(
        goto.error().unwrap().kind,
        DiagnosticKind::UnsupportedSyntax
    );
    assert_eq!(goto.error().unwrap().location.map(|l| l.line), Some(1));
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

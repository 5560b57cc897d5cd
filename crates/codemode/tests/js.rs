//! The facade with the real JavaScript interpreter: concurrency through Promise.all.

use codemode::{CodeMode, DiagnosticKind, Limits, Tool};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn slow_tool(current: Arc<AtomicUsize>, peak: Arc<AtomicUsize>) -> Tool {
    Tool::new(
        "orders.lookup",
        "Look up an order",
        json!({"type": "object"}),
        move |input: Value, _| {
            let (c, p) = (current.clone(), peak.clone());
            async move {
                let now = c.fetch_add(1, Ordering::SeqCst) + 1;
                p.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(50)).await;
                c.fetch_sub(1, Ordering::SeqCst);
                Ok(json!({"id": input["id"], "status": "complete"}))
            }
        },
    )
    .unwrap()
}

#[tokio::test]
async fn promise_all_runs_calls_concurrently_within_the_bound() {
    let (current, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let rt = CodeMode::builder()
        .tool(slow_tool(current, peak.clone()))
        .build()
        .unwrap();
    let started = Instant::now();
    let result = rt
        .execute(
            r#"
const ids = ["a", "b", "c", "d"];
const orders = await Promise.all(ids.map((id) => tools.orders.lookup({ id })));
return orders.map((o) => o.id);
"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!(["a", "b", "c", "d"])),
        "{:?}",
        result.error()
    );
    assert_eq!(peak.load(Ordering::SeqCst), 4);
    // Four 50 ms calls at once take about one call's time.
    assert!(
        started.elapsed() < Duration::from_millis(180),
        "{:?}",
        started.elapsed()
    );

    let (current, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let limits = Limits {
        max_host_call_concurrency: 2,
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let bounded = CodeMode::builder()
        .tool(slow_tool(current, peak.clone()))
        .limits(limits)
        .build()
        .unwrap();
    let result = bounded
        .execute("return (await Promise.all([1,2,3,4,5,6].map((n) => tools.orders.lookup({ id: n })))).length")
        .await;
    assert_eq!(result.value(), Some(&json!(6)));
    assert_eq!(peak.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_rejected_call_is_catchable_and_unknown_tools_are_reported() {
    let rt = CodeMode::builder()
        .tool(
            Tool::new(
                "a.fail",
                "Fails",
                json!({"type": "object"}),
                |_: Value, _| async { Err(codemode::ToolError::new("nope")) },
            )
            .unwrap(),
        )
        .build()
        .unwrap();
    let caught = rt
        .execute("try { await tools.a.fail({}) } catch (e) { return e.message }")
        .await;
    assert_eq!(caught.value(), Some(&json!("nope")));
    let uncaught = rt.execute("await tools.a.fail({})").await;
    assert_eq!(uncaught.error().unwrap().kind, DiagnosticKind::ToolFailure);
    let unknown = rt.execute("await tools.a.fial({})").await;
    assert_eq!(unknown.error().unwrap().kind, DiagnosticKind::UnknownTool);
}

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

/// Dates read the clock the host fixes for an execution, in the zone set on the runtime
/// (New York: EST in January, EDT in July), and a runtime with an unknown zone is not built.
#[tokio::test]
async fn dates_read_the_hosts_clock_and_zone() {
    use codemode::ExecuteOptions;
    use std::time::{SystemTime, UNIX_EPOCH};
    let rt = CodeMode::builder()
        .time_zone("America/New_York")
        .build()
        .unwrap();
    // 2024-01-02T03:04:05.006Z
    let now = UNIX_EPOCH + Duration::from_millis(1_704_164_645_006);
    let options = ExecuteOptions {
        now: Some(now),
        ..Default::default()
    };
    let program = r#"
const d = new Date();
const july = new Date(Date.UTC(2024, 6, 1, 12));
return [Date.now(), d.toISOString(), d.getHours(), d.getDate(), d.getTimezoneOffset(),
  july.getTimezoneOffset(), july.getHours(), String(d), d.toLocaleString(),
  new Date(2024, 2, 10, 2, 30).toISOString(), new Date(2024, 10, 3, 1, 30).toISOString(),
  new Date("2024-07-01T12:00:00").toISOString(), typeof Date()];
"#;
    let result = rt.execute_with(program, options.clone()).await;
    assert_eq!(
        result.value(),
        Some(&json!([
            1_704_164_645_006_u64,
            "2024-01-02T03:04:05.006Z",
            22,
            1,
            300,
            240,
            8,
            "Mon Jan 01 2024 22:04:05 GMT-0500 (EST)",
            "1/1/2024, 10:04:05 PM",
            // 02:30 on the spring-forward day does not exist: read with the offset before.
            "2024-03-10T07:30:00.000Z",
            // 01:30 on the fall-back day happens twice: the first one.
            "2024-11-03T05:30:00.000Z",
            "2024-07-01T16:00:00.000Z",
            "string"
        ])),
        "{:?}",
        result.error()
    );
    // The same program replays to the same value.
    let again = rt.execute_with(program, options).await;
    assert_eq!(again.value(), result.value());
    // Without a fixed clock, Date.now() is the system's.
    let before = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    let live = rt.execute("return Date.now()").await;
    let t = live.value().and_then(Value::as_f64).unwrap();
    assert!(t >= before && t < before + 60_000.0, "{t} vs {before}");
    let err = CodeMode::builder()
        .time_zone("Mars/Olympus_Mons")
        .build()
        .err()
        .unwrap();
    assert!(err.to_string().contains("unknown time zone"), "{err}");
}

#[tokio::test]
async fn a_finished_execution_goes_to_the_retire_function() {
    let (sender, receiver) = std::sync::mpsc::channel();
    let sender = std::sync::Mutex::new(sender);
    let mut limits = Limits::for_language(codemode::Language::JavaScript);
    limits.timeout = Some(Duration::from_millis(200));
    let rt = CodeMode::builder()
        .limits(limits)
        .retire_with(move |state| sender.lock().unwrap().send(state).unwrap())
        .build()
        .unwrap();
    // Each execution that started hands over its state once: a success, a thrown error and
    // a timeout alike.
    let ok = rt
        .execute("const xs = []; for (let i = 0; i < 1000; i++) xs.push({ i }); return xs.length;")
        .await;
    assert_eq!(ok.value(), Some(&json!(1000)));
    let thrown = rt.execute("throw new Error('no');").await;
    assert!(thrown.error().is_some());
    let timed_out = rt.execute("while (true) {}").await;
    assert_eq!(
        timed_out.error().map(|d| d.kind),
        Some(DiagnosticKind::TimeoutExceeded)
    );
    let retired: Vec<_> = receiver.try_iter().collect();
    assert_eq!(retired.len(), 3);
    // A program that does not compile never starts: nothing to retire.
    let syntax = rt.execute("return (;").await;
    assert_eq!(
        syntax.error().map(|d| d.kind),
        Some(DiagnosticKind::ParseError)
    );
    assert!(receiver.try_recv().is_err());
    // The state is the host's to free where it likes.
    std::thread::spawn(move || drop(retired)).join().unwrap();
}

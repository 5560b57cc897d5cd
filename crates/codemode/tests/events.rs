//! The host's live view of an execution (the event stream) and its cancellation handle,
//! through the test-only script interpreter.

mod support;

use codemode::{
    after_hook, event_channel, CallKind, CallOutcome, CallStatus, CancelHandle, DiagnosticKind,
    ExecuteOptions, ExecutionEvent, Limits, Tool, ToolError,
};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{never, runtime};

fn echo(path: &str) -> Tool {
    Tool::new(
        path,
        "Echo",
        json!({"type": "object"}),
        |input: Value, _| async move { Ok(input) },
    )
    .unwrap()
}

fn failing(path: &str) -> Tool {
    Tool::new(
        path,
        "Fails",
        json!({"type": "object"}),
        |_: Value, _| async move { Err(ToolError::new("warehouse offline")) },
    )
    .unwrap()
}

#[tokio::test]
async fn events_report_logs_and_each_call_start_and_end_in_order() {
    let rt = runtime(vec![echo("a.ok"), failing("a.bad")])
        .redact_secret("hunter22")
        .build()
        .unwrap();
    let (sink, mut stream) = event_channel(64);
    let options = ExecuteOptions {
        events: Some(sink),
        ..Default::default()
    };
    let result = rt
        .execute_with(
            "log hello hunter22\ncallsync a.ok {\"x\":1}\ncallsync a.bad {}\nreturn results",
            options,
        )
        .await;
    assert!(result.is_ok(), "{:?}", result.error());
    let mut events = Vec::new();
    while let Some(event) = stream.recv().await {
        events.push(event);
    }
    assert_eq!(events.len(), 5, "{events:#?}");
    assert_eq!(events[0], ExecutionEvent::Log("hello [REDACTED]".into()));
    assert!(
        matches!(&events[1], ExecutionEvent::CallStarted { seq: 0, name, kind: CallKind::Tool } if name == "a.ok")
    );
    assert!(matches!(
        &events[2],
        ExecutionEvent::CallFinished {
            seq: 0,
            status: CallStatus::Succeeded,
            error: None,
            ..
        }
    ));
    assert!(
        matches!(&events[3], ExecutionEvent::CallStarted { seq: 1, name, .. } if name == "a.bad")
    );
    match &events[4] {
        ExecutionEvent::CallFinished {
            seq: 1,
            status,
            error,
            name,
            ..
        } => {
            assert_eq!(*status, CallStatus::Failed);
            assert_eq!(name, "a.bad");
            assert_eq!(error.as_deref(), Some("warehouse offline"));
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(stream.dropped(), 0);
}

#[tokio::test]
async fn events_arrive_while_the_program_runs() {
    let rt = runtime(vec![never("slow.forever")]).build().unwrap();
    let (sink, mut stream) = event_channel(64);
    let cancel = CancelHandle::new();
    let options = ExecuteOptions {
        events: Some(sink),
        cancel: Some(cancel.clone()),
        ..Default::default()
    };
    let execution =
        tokio::spawn(rt.execute_with("log before\ncallsync slow.forever {}\nreturn 1", options));
    // The log line and the call's start come before the execution can end.
    assert_eq!(
        stream.recv().await,
        Some(ExecutionEvent::Log("before".into()))
    );
    assert!(matches!(
        stream.recv().await,
        Some(ExecutionEvent::CallStarted { .. })
    ));
    assert!(!execution.is_finished());
    cancel.cancel();
    let result = execution.await.unwrap();
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
    assert!(matches!(
        stream.recv().await,
        Some(ExecutionEvent::CallFinished {
            status: CallStatus::Uncertain,
            ..
        })
    ));
    assert_eq!(
        stream.recv().await,
        None,
        "the stream ends with the execution"
    );
}

#[tokio::test]
async fn a_full_event_buffer_drops_events_and_never_blocks_the_program() {
    let rt = runtime(vec![]).build().unwrap();
    let (sink, stream) = event_channel(2);
    let options = ExecuteOptions {
        events: Some(sink),
        ..Default::default()
    };
    let program: String = (0..10)
        .map(|i| format!("log line {i}\n"))
        .collect::<String>()
        + "return 1";
    let result = rt.execute_with(&program, options).await;
    assert!(result.is_ok());
    assert_eq!(stream.dropped(), 8);
    assert_eq!(result.logs.len(), 10, "the result keeps its own logs");
}

#[tokio::test]
async fn cancelling_ends_a_waiting_execution_like_a_timeout() {
    let interrupted = Arc::new(AtomicUsize::new(0));
    let seen = interrupted.clone();
    let rt = runtime(vec![never("slow.forever"), echo("a.ok")])
        .hook(after_hook(move |_, outcome| {
            if matches!(outcome, CallOutcome::Interrupted { .. }) {
                seen.fetch_add(1, Ordering::SeqCst);
            }
        }))
        .build()
        .unwrap();
    let cancel = CancelHandle::new();
    let options = ExecuteOptions {
        cancel: Some(cancel.clone()),
        ..Default::default()
    };
    let started = Instant::now();
    let execution = tokio::spawn(rt.execute_with(
        "callsync a.ok {}\ncallsync slow.forever {}\nreturn 1",
        options,
    ));
    tokio::time::sleep(Duration::from_millis(50)).await;
    cancel.cancel();
    let result = execution.await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    let error = result.error().unwrap();
    assert_eq!(error.kind, DiagnosticKind::TimeoutExceeded);
    assert!(error.message.contains("cancelled"), "{}", error.message);
    let statuses: Vec<CallStatus> = result.tool_calls.iter().map(|r| r.status).collect();
    assert_eq!(statuses, vec![CallStatus::Succeeded, CallStatus::Uncertain]);
    assert_eq!(interrupted.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn cancelling_ends_a_busy_program_without_a_timeout() {
    let limits = Limits {
        timeout: None,
        ..Limits::for_language(codemode::Language::JavaScript)
    };
    let rt = runtime(vec![]).limits(limits).build().unwrap();
    let cancel = CancelHandle::new();
    let options = ExecuteOptions {
        cancel: Some(cancel.clone()),
        ..Default::default()
    };
    let execution = tokio::spawn(rt.execute_with("spin", options));
    tokio::time::sleep(Duration::from_millis(30)).await;
    let started = Instant::now();
    cancel.cancel();
    let result = execution.await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
}

#[tokio::test]
async fn a_handle_cancelled_before_the_start_ends_the_execution_at_once() {
    let rt = runtime(vec![echo("a.ok")]).build().unwrap();
    let cancel = CancelHandle::new();
    cancel.cancel();
    assert!(cancel.is_cancelled());
    let options = ExecuteOptions {
        cancel: Some(cancel),
        ..Default::default()
    };
    let result = rt.execute_with("log x\nreturn 1", options).await;
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
}

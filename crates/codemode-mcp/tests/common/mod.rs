//! What several integration tests share: a server whose one tool never answers.

use codemode::{after_hook, CallOutcome, CodeMode, Language, Tool, ToolError};
use codemode_mcp::CodeModeServer;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server whose `demo.slow` never answers; counts the calls started and interrupted.
pub struct Fixture {
    pub server: CodeModeServer,
    pub started: Arc<AtomicUsize>,
    pub interrupted: Arc<AtomicUsize>,
}

pub fn fixture() -> Fixture {
    let started = Arc::new(AtomicUsize::new(0));
    let counter = started.clone();
    let slow = Tool::new(
        "demo.slow",
        "Never answers",
        json!({"type": "object"}),
        move |_: Value, _| {
            counter.fetch_add(1, Ordering::SeqCst);
            async move { std::future::pending::<Result<Value, ToolError>>().await }
        },
    )
    .unwrap();
    let interrupted = Arc::new(AtomicUsize::new(0));
    let seen = interrupted.clone();
    let runtime = CodeMode::builder()
        .language(Language::JavaScript)
        .tool(slow)
        .namespace("demo", "Tools for tests")
        .hook(after_hook(move |_, outcome| {
            if matches!(outcome, CallOutcome::Interrupted { .. }) {
                seen.fetch_add(1, Ordering::SeqCst);
            }
        }))
        .build()
        .unwrap();
    Fixture {
        server: CodeModeServer::new(runtime, 4000).unwrap(),
        started,
        interrupted,
    }
}

/// Waits (up to 10 s) until `counter` reaches `at_least`.
pub async fn wait_for(what: &str, counter: &AtomicUsize, at_least: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while counter.load(Ordering::SeqCst) < at_least {
        assert!(Instant::now() < deadline, "{what} within 10 s");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

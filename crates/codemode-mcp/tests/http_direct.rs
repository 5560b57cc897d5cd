//! The direct `tools/call` path of the HTTP server (src/http_call.rs) against real HTTP
//! requests: its answers are the ones rmcp's service gives for the same request (a request
//! with a browser Origin is always served by rmcp, so the two can be compared), progress
//! goes on the request's own stream before the answer, `notifications/cancelled` and the
//! end of a session reach a running call, idle sessions end while used ones live, and
//! Origins are checked.

mod common;

use codemode_mcp::{serve_http, CodeModeServer, HttpOptions};
use common::{fixture, wait_for};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

async fn start(
    server: CodeModeServer,
    options: HttpOptions,
) -> (String, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve_http(server, listener, options, async move {
        let _ = stopped.await;
    }));
    (url, stop)
}

/// A raw HTTP client of one server.
struct Raw {
    http: reqwest::Client,
    url: String,
}

struct Answer {
    status: u16,
    content_type: String,
    body: String,
}

impl Raw {
    fn new(url: &str) -> Raw {
        Raw {
            http: reqwest::Client::new(),
            url: url.to_owned(),
        }
    }

    async fn post(&self, headers: &[(&str, &str)], body: &Value) -> Answer {
        let mut request = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.body(body.to_string()).send().await.unwrap();
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let session = response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let mut body = response.text().await.unwrap();
        if let Some(session) = session {
            body = format!("{session}\n{body}");
        }
        Answer {
            status,
            content_type,
            body,
        }
    }

    /// A session (2025-11-25), initialized; its id.
    async fn session(&self) -> String {
        let answer = self
            .post(
                &[],
                &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                    "protocolVersion": "2025-11-25", "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "1"}}}),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let id = answer.body.lines().next().unwrap().to_owned();
        let headers = session_headers(&id);
        let answer = self
            .post(
                &headers,
                &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            )
            .await;
        assert_eq!(answer.status, 202, "{}", answer.body);
        id
    }
}

fn session_headers(id: &str) -> Vec<(&str, &str)> {
    vec![
        ("mcp-session-id", id),
        ("mcp-protocol-version", "2025-11-25"),
    ]
}

fn stateless_headers(tool: &str) -> Vec<(&str, &str)> {
    vec![
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", tool),
    ]
}

fn call(id: u64, tool: &str, arguments: Value, meta: Option<Value>) -> Value {
    let mut params = json!({"name": tool, "arguments": arguments});
    if let Some(meta) = meta {
        params["_meta"] = meta;
    }
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
}

fn stateless_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    })
}

/// The JSON-RPC messages of an answer: a JSON body, or the `data:` lines of a stream.
fn messages(answer: &Answer) -> Vec<Value> {
    if answer.content_type.starts_with("application/json") {
        return vec![serde_json::from_str(&answer.body).unwrap()];
    }
    assert!(
        answer.content_type.starts_with("text/event-stream"),
        "{} {}",
        answer.content_type,
        answer.body
    );
    answer
        .body
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .collect()
}

fn answer_to(answer: &Answer, id: u64) -> Value {
    messages(answer)
        .into_iter()
        .find(|m| m["id"] == json!(id))
        .unwrap_or_else(|| panic!("no answer to {id}: {}", answer.body))
}

const BROWSER: (&str, &str) = ("origin", "http://localhost:5173");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_answers_are_the_answers_rmcp_gives() {
    let fx = fixture();
    let (url, stop) = start(fx.server.clone(), HttpOptions::default()).await;
    let raw = Raw::new(&url);
    let session = raw.session().await;
    let calls = [
        ("execute", json!({"code": "return 6 * 7"})),
        (
            "execute",
            json!({"code": "console.log('x'); return {a: [1, 'b']}"}),
        ),
        ("execute", json!({"code": "throw new Error('nope')"})),
        ("execute", json!({"code": 42})),
        ("execute", json!({"code": "return 1", "extra": true})),
        ("search", json!({"query": "slow"})),
        ("nope", json!({})),
    ];
    for (i, (tool, arguments)) in calls.iter().enumerate() {
        let id = i as u64 + 1;
        // A session: the direct answer is one JSON body; rmcp's is an event stream.
        let mut headers = session_headers(&session);
        let request = call(id, tool, arguments.clone(), None);
        let direct = raw.post(&headers, &request).await;
        headers.push(BROWSER);
        let reference = raw.post(&headers, &request).await;
        assert_eq!(direct.status, 200, "{}", direct.body);
        assert_eq!(reference.status, 200, "{}", reference.body);
        assert_eq!(direct.content_type, "application/json", "{}", direct.body);
        assert_eq!(reference.content_type, "text/event-stream");
        let direct_answer = answer_to(&direct, id);
        assert_eq!(direct_answer, answer_to(&reference, id), "session, {tool}");
        assert!(direct_answer["result"].get("resultType").is_none());

        // Stateless (2026-07-28): the same, with the revision's result shape.
        let mut headers = stateless_headers(tool);
        let request = call(id, tool, arguments.clone(), Some(stateless_meta()));
        let direct = raw.post(&headers, &request).await;
        headers.push(BROWSER);
        let reference = raw.post(&headers, &request).await;
        assert_eq!(direct.status, reference.status, "{}", direct.body);
        assert_eq!(direct.content_type, "application/json", "{}", direct.body);
        let direct_answer = answer_to(&direct, id);
        assert_eq!(
            direct_answer,
            answer_to(&reference, id),
            "stateless, {tool}"
        );
        if direct_answer.get("result").is_some() {
            assert_eq!(direct_answer["result"]["resultType"], json!("complete"));
        }
    }
    // What the direct path does not serve is still refused by rmcp: a stateless request
    // whose Mcp-Name contradicts its body, or without its _meta.
    let request = call(
        9,
        "execute",
        json!({"code": "return 1"}),
        Some(stateless_meta()),
    );
    let answer = raw.post(&stateless_headers("search"), &request).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let request = call(9, "execute", json!({"code": "return 1"}), None);
    let answer = raw.post(&stateless_headers("execute"), &request).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    // An unknown session is 404, an unsupported version 400.
    let request = call(9, "execute", json!({"code": "return 1"}), None);
    let answer = raw
        .post(&session_headers("no-such-session"), &request)
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    let answer = raw
        .post(
            &[
                ("mcp-session-id", &session),
                ("mcp-protocol-version", "1999-01-01"),
            ],
            &request,
        )
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_goes_on_the_requests_stream_before_its_answer() {
    let fx = fixture();
    let (url, stop) = start(fx.server.clone(), HttpOptions::default()).await;
    let raw = Raw::new(&url);
    let session = raw.session().await;
    let code = json!({"code": "console.log('one'); console.log('two'); return 3"});
    for (headers, meta) in [
        (session_headers(&session), json!({"progressToken": "p1"})),
        (stateless_headers("execute"), {
            let mut meta = stateless_meta();
            meta["progressToken"] = json!(17);
            meta
        }),
    ] {
        let answer = raw
            .post(
                &headers,
                &call(5, "execute", code.clone(), Some(meta.clone())),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.content_type, "text/event-stream", "{}", answer.body);
        let messages = messages(&answer);
        let notes: Vec<&Value> = messages
            .iter()
            .filter(|m| m["method"] == json!("notifications/progress"))
            .collect();
        assert_eq!(notes.len(), 2, "{}", answer.body);
        assert_eq!(notes[0]["params"]["message"], json!("log: one"));
        assert_eq!(notes[1]["params"]["message"], json!("log: two"));
        assert_eq!(notes[0]["params"]["progressToken"], meta["progressToken"]);
        assert_eq!(notes[1]["params"]["progress"], json!(2.0));
        // The answer is the last event.
        let last = messages.last().unwrap();
        assert_eq!(last["id"], json!(5), "{}", answer.body);
        assert_eq!(last["result"]["structuredContent"]["value"], json!(3));
        // rmcp's stream for the same request carries the same messages.
        let mut headers = headers.clone();
        headers.push(BROWSER);
        let reference = raw
            .post(
                &headers,
                &call(5, "execute", code.clone(), Some(meta.clone())),
            )
            .await;
        assert_eq!(messages, self::messages(&reference), "{}", reference.body);
    }
    // A progress token on a call that sends nothing first: the answer is one JSON body.
    let answer = raw
        .post(
            &session_headers(&session),
            &call(
                6,
                "execute",
                json!({"code": "return 4"}),
                Some(json!({"progressToken": 1})),
            ),
        )
        .await;
    assert_eq!(answer.content_type, "application/json", "{}", answer.body);
    assert_eq!(
        answer_to(&answer, 6)["result"]["structuredContent"]["value"],
        json!(4)
    );
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancellation_and_the_sessions_end_reach_a_running_call() {
    let fx = fixture();
    let (url, stop) = start(fx.server.clone(), HttpOptions::default()).await;
    let raw = Arc::new(Raw::new(&url));
    let session = raw.session().await;
    let slow = json!({"code": "await tools.demo.slow({}); return 1"});

    // notifications/cancelled naming the running call.
    let pending = {
        let (raw, session, slow) = (raw.clone(), session.clone(), slow.clone());
        tokio::spawn(async move {
            raw.post(&session_headers(&session), &call(11, "execute", slow, None))
                .await
        })
    };
    wait_for("the slow call starts", &fx.started, 1).await;
    let answer = raw
        .post(
            &session_headers(&session),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": 11, "reason": "test"}}),
        )
        .await;
    assert_eq!(answer.status, 202, "{}", answer.body);
    wait_for("the cancelled call is interrupted", &fx.interrupted, 1).await;
    // Its request still ends (with the execution's cancelled result).
    let answer = tokio::time::timeout(Duration::from_secs(10), pending)
        .await
        .expect("the cancelled request ends")
        .unwrap();
    assert_eq!(answer_to(&answer, 11)["result"]["isError"], json!(true));

    // A session's client that drops its connection does not cancel the call (the
    // handshake revisions let it resume); a cancellation still reaches the call.
    let pending = {
        let (raw, session, slow) = (raw.clone(), session.clone(), slow.clone());
        tokio::spawn(async move {
            raw.post(&session_headers(&session), &call(21, "execute", slow, None))
                .await
        })
    };
    wait_for("the dropped call starts", &fx.started, 2).await;
    pending.abort();
    let _ = pending.await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fx.interrupted.load(Ordering::SeqCst), 1, "a drop cancelled");
    let answer = raw
        .post(
            &session_headers(&session),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": 21}}),
        )
        .await;
    assert_eq!(answer.status, 202, "{}", answer.body);
    wait_for("the dropped call is cancelled", &fx.interrupted, 2).await;

    // The same id again is a new call; the session ends (DELETE) while it runs.
    let pending = {
        let (raw, session, slow) = (raw.clone(), session.clone(), slow.clone());
        tokio::spawn(async move {
            raw.post(&session_headers(&session), &call(11, "execute", slow, None))
                .await
        })
    };
    wait_for("the second slow call starts", &fx.started, 3).await;
    let response = raw
        .http
        .delete(&url)
        .header("mcp-session-id", &session)
        .header("mcp-protocol-version", "2025-11-25")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    wait_for(
        "the ended session's call is interrupted",
        &fx.interrupted,
        3,
    )
    .await;
    let _ = tokio::time::timeout(Duration::from_secs(10), pending)
        .await
        .expect("the request ends with its session");
    let request = call(12, "execute", json!({"code": "return 1"}), None);
    let answer = raw.post(&session_headers(&session), &request).await;
    assert_eq!(answer.status, 404, "{}", answer.body);

    // A stateless call whose client goes away mid-execution.
    let request = call(13, "execute", slow.clone(), Some(stateless_meta()));
    let pending = {
        let raw = raw.clone();
        tokio::spawn(async move { raw.post(&stateless_headers("execute"), &request).await })
    };
    wait_for("the third slow call starts", &fx.started, 4).await;
    pending.abort();
    let _ = pending.await;
    wait_for("the abandoned call is interrupted", &fx.interrupted, 4).await;
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_session_ends_and_a_session_in_use_lives() {
    let fx = fixture();
    let options = HttpOptions {
        session_idle_timeout: Duration::from_millis(400),
        ..Default::default()
    };
    let (url, stop) = start(fx.server.clone(), options).await;
    let raw = Raw::new(&url);
    let used = raw.session().await;
    let idle = raw.session().await;
    let request = call(1, "execute", json!({"code": "return 1"}), None);
    // Calls served directly keep their session alive well past the idle timeout.
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(1500) {
        let answer = raw.post(&session_headers(&used), &request).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.content_type, "application/json");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answer = raw.post(&session_headers(&idle), &request).await;
    assert_eq!(
        answer.status, 404,
        "the idle session lives: {}",
        answer.body
    );
    // A running call keeps its session too.
    let pending = {
        let raw = Raw::new(&url);
        let used = used.clone();
        tokio::spawn(async move {
            let slow = json!({"code": "await tools.demo.slow({}); return 1"});
            raw.post(&session_headers(&used), &call(2, "execute", slow, None))
                .await
        })
    };
    wait_for("the slow call starts", &fx.started, 1).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let answer = raw.post(&session_headers(&used), &request).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    pending.abort();
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_and_a_local_one_served() {
    let fx = fixture();
    let (url, stop) = start(fx.server.clone(), HttpOptions::default()).await;
    let raw = Raw::new(&url);
    let request = call(
        1,
        "execute",
        json!({"code": "return 1"}),
        Some(stateless_meta()),
    );
    let mut headers = stateless_headers("execute");
    headers.push(("origin", "http://evil.example"));
    let answer = raw.post(&headers, &request).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let mut headers = stateless_headers("execute");
    headers.push(("origin", "http://127.0.0.1:8080"));
    let answer = raw.post(&headers, &request).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer_to(&answer, 1)["result"]["structuredContent"]["value"],
        json!(1)
    );
    // A session's initialize from a foreign page is refused before any session opens.
    let answer = raw
        .post(
            &[("origin", "https://evil.example")],
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {},
                "clientInfo": {"name": "raw", "version": "1"}}}),
        )
        .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let _ = stop.send(());
}

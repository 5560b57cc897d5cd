//! Protocol versions the server speaks, each asked for by a real client: the handshake
//! versions 2025-06-18 and 2025-11-25 (rmcp's client with that version in `initialize`), and
//! the stateless 2026-07-28 revision (no handshake, no session: rmcp's client in discover
//! mode, and a raw self-contained HTTP request).

use codemode::{CodeMode, Language, Tool};
use codemode_mcp::{serve_http, serve_io, CodeModeServer, HttpOptions};
use rmcp::model::{CallToolRequestParams, ClientConfig, ProtocolVersion};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RunningService};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

fn server() -> CodeModeServer {
    let add = Tool::new(
        "demo.add",
        "Add two numbers",
        json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}),
        |input: Value, _| async move {
            Ok(json!(
                input["a"].as_f64().unwrap_or(0.0) + input["b"].as_f64().unwrap_or(0.0)
            ))
        },
    )
    .unwrap();
    let runtime = CodeMode::builder()
        .language(Language::JavaScript)
        .tool(add)
        .namespace("demo", "Arithmetic for tests")
        .build()
        .unwrap();
    CodeModeServer::new(runtime, 4000).unwrap()
}

fn execute(code: &str) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new("execute");
    params.arguments = json!({ "code": code }).as_object().cloned();
    params
}

fn stdio_pair() -> (
    tokio::io::ReadHalf<tokio::io::DuplexStream>,
    tokio::io::WriteHalf<tokio::io::DuplexStream>,
) {
    let (client_end, server_end) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server_end);
    tokio::spawn(serve_io(server(), server_read, server_write, 1 << 20));
    tokio::io::split(client_end)
}

async fn http_url() -> (String, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve_http(
        server(),
        listener,
        HttpOptions::default(),
        async move {
            let _ = stopped.await;
        },
    ));
    (url, stop)
}

/// The version the server answered, and a program run over the session it opened.
async fn answered_and_runs<S: rmcp::Service<RoleClient>>(
    client: &RunningService<RoleClient, S>,
) -> ProtocolVersion {
    let version = client
        .peer_info()
        .expect("server info")
        .protocol_version
        .clone();
    let result = client
        .call_tool(execute(
            "const r = await tools.demo.add({a: 40, b: 2}); return r;",
        ))
        .await
        .unwrap();
    assert_eq!(
        result.structured_content.as_ref().unwrap()["value"],
        json!(42),
        "{result:?}"
    );
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 2);
    version
}

async fn handshake_with(version: ProtocolVersion) {
    let config = ClientConfig::default().with_protocol_version(version.clone());
    let client = config.clone().serve(stdio_pair()).await.unwrap();
    assert_eq!(answered_and_runs(&client).await, version, "over stdio");
    client.cancel().await.unwrap();

    let (url, stop) = http_url().await;
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url);
    let client = config.serve(transport).await.unwrap();
    assert_eq!(answered_and_runs(&client).await, version, "over HTTP");
    client.cancel().await.unwrap();
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_handshake_accepts_2025_06_18_and_answers_it() {
    handshake_with(ProtocolVersion::V_2025_06_18).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_handshake_accepts_2025_11_25_and_answers_it() {
    handshake_with(ProtocolVersion::V_2025_11_25).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_handshake_version_is_answered_with_the_newest_handshake_version() {
    // The spec: a server that does not support the requested version answers with the
    // latest one it supports (here 2025-11-25, the newest revision with a handshake).
    let (mut read, mut write) = stdio_pair();
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    write
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"1999-01-01\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n")
        .await
        .unwrap();
    let mut lines = tokio::io::BufReader::new(&mut read).lines();
    let line = tokio::time::timeout(std::time::Duration::from_secs(10), lines.next_line())
        .await
        .expect("an answer")
        .unwrap()
        .unwrap();
    let answer: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(
        answer["result"]["protocolVersion"],
        json!("2025-11-25"),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stateless_2026_07_28_requests_are_served_over_http_and_stdio() {
    let modern = || ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    // rmcp's client in the 2026-07-28 lifecycle: server/discover, then self-contained
    // requests carrying their version and capabilities in _meta.
    let (url, stop) = http_url().await;
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.clone());
    let client = ().serve_with_lifecycle(transport, modern()).await.unwrap();
    assert_eq!(
        answered_and_runs(&client).await,
        ProtocolVersion::V_2026_07_28
    );
    client.cancel().await.unwrap();

    let client = ().serve_with_lifecycle(stdio_pair(), modern()).await.unwrap();
    assert_eq!(
        answered_and_runs(&client).await,
        ProtocolVersion::V_2026_07_28
    );
    client.cancel().await.unwrap();

    // One raw request on its own: no initialize before it, and no session after it.
    let http = reqwest::Client::new();
    let post = |body: Value| {
        http.post(&url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", "tools/call")
            .header("mcp-name", "execute")
            .body(body.to_string())
            .send()
    };
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    });
    let response = post(json!({
        "jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "execute", "arguments": {"code": "return 6 * 7"}, "_meta": meta}
    }))
    .await
    .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(
        response.headers().get("mcp-session-id").is_none(),
        "a stateless request opened a session: {:?}",
        response.headers()
    );
    // Nothing was sent before the answer, so it comes as one JSON body, not a stream.
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/json"),
        "{:?}",
        response.headers()
    );
    let body = response.text().await.unwrap();
    let answer = json_rpc_answer(&body, 7);
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!(42),
        "{body}"
    );

    // With a progress token, the progress notification of the log line goes first: the
    // answer comes on a stream after it, none of it lost.
    let mut with_progress = meta.clone();
    with_progress["progressToken"] = json!("p9");
    let response = post(json!({
        "jsonrpc": "2.0", "id": 9, "method": "tools/call",
        "params": {"name": "execute", "arguments": {"code": "console.log('hi'); return 1"}, "_meta": with_progress}
    }))
    .await
    .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("text/event-stream"),
        "{:?}",
        response.headers()
    );
    let body = response.text().await.unwrap();
    assert!(
        body.contains("notifications/progress") && body.contains("log: hi"),
        "{body}"
    );
    let answer = json_rpc_answer(&body, 9);
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!(1),
        "{body}"
    );

    // The same request without its _meta is refused clearly, not run.
    let response = post(json!({
        "jsonrpc": "2.0", "id": 8, "method": "tools/call",
        "params": {"name": "execute", "arguments": {"code": "return 1"}}
    }))
    .await
    .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let body = response.text().await.unwrap();
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["id"], json!(8), "{body}");
    assert_eq!(answer["error"]["code"], json!(-32602), "{body}");
    let _ = stop.send(());
}

/// The JSON-RPC message with this id in a response body: plain JSON, or the `data:` lines
/// of a server-sent event stream.
fn json_rpc_answer(body: &str, id: u64) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message["id"] == json!(id))
        .unwrap_or_else(|| panic!("no answer with id {id} in {body}"))
}

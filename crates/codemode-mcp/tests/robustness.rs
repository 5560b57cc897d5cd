//! The server against bad input and vanishing clients, in-process over real transports:
//! raw malformed JSON-RPC and oversized lines on stdio, and clients that go away
//! mid-execution over stdio and HTTP (a session that ends, a stateless request whose stream
//! closes). After each, the running tool call has ended (its after-hook saw `Interrupted`)
//! and the server still answers. crates/codemode-cli/tests/mcp_robustness.rs does the same
//! with the `codemode mcp` process and checks that no process it started is left.

mod common;

use codemode_mcp::{serve_http, serve_io, CodeModeServer, HttpOptions};
use common::{fixture, wait_for};
use rmcp::model::CallToolRequestParams;
use rmcp::ServiceExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

fn execute(code: &str) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new("execute");
    params.arguments = json!({ "code": code }).as_object().cloned();
    params
}

const SLOW: &str = "await tools.demo.slow({}); return 1";

/// A raw line client of `serve_io` over an in-memory pipe.
struct Raw {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    served: tokio::task::JoinHandle<Result<(), String>>,
}

impl Raw {
    fn start(server: CodeModeServer, max_line: usize) -> Raw {
        let (client_end, server_end) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server_end);
        let served = tokio::spawn(serve_io(server, server_read, server_write, max_line));
        let (read, write) = tokio::io::split(client_end);
        Raw {
            write,
            read: BufReader::new(read).lines(),
            served,
        }
    }

    async fn send(&mut self, line: &str) {
        self.write.write_all(line.as_bytes()).await.unwrap();
        self.write.write_all(b"\n").await.unwrap();
        self.write.flush().await.unwrap();
    }

    /// The answer to request `id`; other messages (notifications, id-less errors) are kept
    /// in `others`.
    async fn answer(&mut self, id: u64, others: &mut Vec<Value>) -> Value {
        loop {
            let line = tokio::time::timeout(Duration::from_secs(10), self.read.next_line())
                .await
                .unwrap_or_else(|_| panic!("no answer to {id}; seen {others:?}"))
                .unwrap()
                .expect("the server closed its output");
            let message: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("not JSON-RPC ({e}): {line}"));
            if message["id"] == json!(id) {
                return message;
            }
            others.push(message);
        }
    }
}

fn call(id: u64, code: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "execute", "arguments": {"code": code}}})
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stdio_answers_malformed_json_rpc_and_skips_oversized_lines_and_lives() {
    let fx = fixture();
    let mut raw = Raw::start(fx.server.clone(), 64 * 1024);
    let mut others = Vec::new();
    raw.send("{this is not json").await;
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#).await;
    let answer = raw.answer(1, &mut others).await;
    assert_eq!(answer["result"]["protocolVersion"], json!("2025-11-25"));
    // The unparsable line earned a parse error without an id, or nothing.
    for message in &others {
        assert_eq!(message["error"]["code"], json!(-32700), "{message}");
    }
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        .await;

    // A line over the cap is dropped unread, with no answer of its own.
    raw.send(&call(2, &format!("return '{}'", "x".repeat(100 * 1024))))
        .await;
    // JSON that is not JSON-RPC, an array of garbage, a wrong jsonrpc version, params of
    // the wrong type: each is answered "Invalid request" (-32600; rmcp sends it without
    // an id), in order, before the next line is read.
    others.clear();
    raw.send(r#"{"hello":"world"}"#).await;
    raw.send("[1, 2, 3]").await;
    raw.send(r#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#)
        .await;
    raw.send(r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"nope"}"#)
        .await;
    // An unknown method and an unknown tool: JSON-RPC errors with their ids.
    raw.send(r#"{"jsonrpc":"2.0","id":5,"method":"no/such/method"}"#)
        .await;
    let answer = raw.answer(5, &mut others).await;
    assert_eq!(answer["error"]["code"], json!(-32601), "{answer}");
    assert_eq!(others.len(), 4, "{others:?}");
    for message in &others {
        assert_eq!(message["error"]["code"], json!(-32600), "{message}");
    }
    raw.send(r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"nope"}}"#)
        .await;
    let answer = raw.answer(6, &mut others).await;
    assert_eq!(answer["error"]["code"], json!(-32602), "{answer}");
    // Alive: a program runs.
    raw.send(&call(7, "return 6 * 7")).await;
    let answer = raw.answer(7, &mut others).await;
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!(42),
        "{answer}"
    );
    // Nothing answered the oversized line or the invalid requests by their ids.
    assert!(
        others
            .iter()
            .all(|m| m["id"] != json!(2) && m["id"] != json!(3) && m["id"] != json!(4)),
        "{others:?}"
    );
    // The session ends when the client closes its output, and the server with it.
    raw.write.shutdown().await.unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(10), raw.served)
        .await
        .expect("serve_io ends when its input ends");
    assert!(ended.unwrap().is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stdio_client_that_goes_away_mid_execution_interrupts_its_call() {
    let fx = fixture();
    let mut raw = Raw::start(fx.server.clone(), 1 << 20);
    let mut others = Vec::new();
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#).await;
    raw.answer(1, &mut others).await;
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        .await;
    raw.send(&call(2, SLOW)).await;
    wait_for("the slow call starts", &fx.started, 1).await;
    // The client vanishes: both ends of its pipe close.
    drop(raw.write);
    drop(raw.read);
    wait_for("the running call is interrupted", &fx.interrupted, 1).await;
    let ended = tokio::time::timeout(Duration::from_secs(10), raw.served)
        .await
        .expect("the session ends with its client");
    let _ = ended.unwrap();
    // The server (the runtime behind it) serves the next client.
    let (client_end, server_end) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server_end);
    tokio::spawn(serve_io(
        fx.server.clone(),
        server_read,
        server_write,
        1 << 20,
    ));
    let client = ().serve(tokio::io::split(client_end)).await.unwrap();
    let result = client.call_tool(execute("return 'alive'")).await.unwrap();
    assert_eq!(result.structured_content.unwrap()["value"], json!("alive"));
}

async fn http_server(server: CodeModeServer) -> (String, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve_http(
        server,
        listener,
        HttpOptions::default(),
        async move {
            let _ = stopped.await;
        },
    ));
    (url, stop)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_client_that_ends_its_session_or_drops_its_stream_interrupts_its_call() {
    let fx = fixture();
    let (url, stop) = http_server(fx.server.clone()).await;

    // A session (2025-11-25) whose client closes it (DELETE) while a call runs.
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.clone());
    let client = ().serve(transport).await.unwrap();
    let peer = client.peer().clone();
    let pending = tokio::spawn(async move { peer.call_tool(execute(SLOW)).await });
    wait_for("the slow call starts", &fx.started, 1).await;
    client.cancel().await.unwrap();
    wait_for(
        "the ended session's call is interrupted",
        &fx.interrupted,
        1,
    )
    .await;
    assert!(pending.await.unwrap().is_err());

    // A stateless request (2026-07-28) whose client drops the response stream: that is
    // its cancellation.
    let http = reqwest::Client::new();
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {
            "name": "execute", "arguments": {"code": SLOW},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {}
            }
        }
    });
    let request = http
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", "execute")
        .body(body.to_string())
        .send();
    let waiting = tokio::spawn(request);
    wait_for("the second slow call starts", &fx.started, 2).await;
    // The response has not come (the call never answers): end the request.
    waiting.abort();
    let _ = waiting.await;
    wait_for(
        "the dropped stream's call is interrupted",
        &fx.interrupted,
        2,
    )
    .await;

    // The server lives on.
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url);
    let client = ().serve(transport).await.unwrap();
    let result = client.call_tool(execute("return 'alive'")).await.unwrap();
    assert_eq!(result.structured_content.unwrap()["value"], json!("alive"));
    client.cancel().await.unwrap();
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_sessions_are_capped_and_a_closed_one_frees_its_place() {
    let fx = fixture();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let options = HttpOptions {
        max_sessions: 2,
        ..Default::default()
    };
    tokio::spawn(serve_http(
        fx.server.clone(),
        listener,
        options,
        async move {
            let _ = stopped.await;
        },
    ));
    let connect = || {
        let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.clone());
        ().serve(transport)
    };
    let first = connect().await.unwrap();
    let second = connect().await.unwrap();
    let error = match connect().await {
        Ok(_) => panic!("a third session was opened"),
        Err(e) => format!("{e:?}"),
    };
    assert!(error.contains("500"), "{error}");
    // The refusal says why (rmcp's client reports only the status).
    let response = reqwest::Client::new()
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 500);
    let body = response.text().await.unwrap();
    assert!(body.contains("2 sessions are open"), "{body}");
    // Stateless requests open no session: they are served while the sessions are full.
    let stateless = json!({
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {
            "name": "execute", "arguments": {"code": "return 'stateless'"},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {}
            }
        }
    });
    let response = reqwest::Client::new()
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", "execute")
        .body(stateless.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let body = response.text().await.unwrap();
    assert!(body.contains(r#""value":"stateless""#), "{body}");
    // The open sessions still work, and closing one makes room.
    let result = second.call_tool(execute("return 2")).await.unwrap();
    assert_eq!(result.structured_content.unwrap()["value"], json!(2));
    first.cancel().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let third = loop {
        match connect().await {
            Ok(client) => break client,
            Err(e) => {
                assert!(Instant::now() < deadline, "no room after a DELETE: {e:?}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let result = third.call_tool(execute("return 3")).await.unwrap();
    assert_eq!(result.structured_content.unwrap()["value"], json!(3));
    second.cancel().await.unwrap();
    third.cancel().await.unwrap();
    let _ = stop.send(());
}

/// The listener reports a connection once its request has arrived (TCP_DEFER_ACCEPT on
/// Linux): a client that connects, waits, and then sends its request in two pieces is still
/// served, and so is one that connects while another connection sits silent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_client_that_speaks_late_or_in_pieces_is_served() {
    let fx = fixture();
    let (url, stop) = http_server(fx.server.clone()).await;
    let address = url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .to_owned();
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "execute", "arguments": {"code": "return 6 * 7"},
            "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {}}}})
    .to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {address}\r\naccept: application/json, text/event-stream\r\n\
         content-type: application/json\r\nmcp-protocol-version: 2026-07-28\r\n\
         mcp-method: tools/call\r\nmcp-name: execute\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n",
        body.len()
    );
    let silent = tokio::net::TcpStream::connect(&address).await.unwrap();
    let mut late = tokio::net::TcpStream::connect(&address).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    late.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    late.write_all(body.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(
        Duration::from_secs(10),
        tokio::io::AsyncReadExt::read_to_string(&mut late, &mut answer),
    )
    .await
    .expect("no answer")
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let json = &answer[answer.find("\r\n\r\n").expect("a head") + 4..];
    let message: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {answer}"));
    assert_eq!(message["id"], json!(7), "{answer}");
    assert_eq!(
        message["result"]["structuredContent"]["value"],
        json!(42),
        "{answer}"
    );
    drop(silent);
    let _ = stop.send(());
}

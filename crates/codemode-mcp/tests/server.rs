//! `CodeModeServer` driven by an independent client (rmcp's), over an in-memory stdio pipe
//! and over streamable HTTP on a real socket.

use codemode::{after_hook, CallOutcome, CodeMode, Language, Tool, ToolError};
use codemode_mcp::{serve_http, serve_io, CodeModeServer, HttpOptions};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientRequest, ProgressNotificationParam, Request,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Remembers every progress message it is sent.
#[derive(Clone, Default)]
struct Recorder {
    messages: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Recorder {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        if let Some(message) = params.message {
            self.messages.lock().unwrap().push(message);
        }
    }
}

impl Recorder {
    fn seen(&self, needle: &str) -> bool {
        self.messages
            .lock()
            .unwrap()
            .iter()
            .any(|m| m.contains(needle))
    }
}

struct Fixture {
    server: CodeModeServer,
    interrupted: Arc<AtomicUsize>,
}

fn fixture() -> Fixture {
    let add = Tool::new(
        "demo.add",
        "Add two numbers",
        json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}),
        |input: Value, _| async move {
            let sum = input["a"].as_f64().unwrap_or(0.0) + input["b"].as_f64().unwrap_or(0.0);
            Ok(json!(sum))
        },
    )
    .unwrap();
    let slow = Tool::new(
        "demo.slow",
        "Never answers",
        json!({"type": "object"}),
        |_: Value, _| async move { std::future::pending::<Result<Value, ToolError>>().await },
    )
    .unwrap();
    let interrupted = Arc::new(AtomicUsize::new(0));
    let seen = interrupted.clone();
    let runtime = CodeMode::builder()
        .language(Language::JavaScript)
        .tool(add)
        .tool(slow)
        .namespace("demo", "Arithmetic for tests")
        .hook(after_hook(move |_, outcome| {
            if matches!(outcome, CallOutcome::Interrupted { .. }) {
                seen.fetch_add(1, Ordering::SeqCst);
            }
        }))
        .build()
        .unwrap();
    Fixture {
        server: CodeModeServer::new(runtime, 4000).unwrap(),
        interrupted,
    }
}

fn execute(code: &str) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new("execute");
    params.arguments = Some(json!({ "code": code }).as_object().unwrap().clone());
    params
}

async fn stdio_client(server: CodeModeServer) -> RunningService<RoleClient, Recorder> {
    let (client_end, server_end) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server_end);
    tokio::spawn(serve_io(server, server_read, server_write, 1 << 20));
    let (client_read, client_write) = tokio::io::split(client_end);
    Recorder::default()
        .serve((client_read, client_write))
        .await
        .unwrap()
}

async fn http_server(
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

async fn http_client(url: &str) -> RunningService<RoleClient, Recorder> {
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.to_owned());
    Recorder::default().serve(transport).await.unwrap()
}

fn structured(result: &CallToolResult) -> &Value {
    result
        .structured_content
        .as_ref()
        .expect("structuredContent")
}

/// Everything a client does, over whichever transport it came with.
async fn exercise(client: &RunningService<RoleClient, Recorder>, fx: &Fixture) {
    // initialize happened in serve(): the server said who it is.
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().unwrap().name, "codemode");

    let tools = client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, vec!["execute", "search"]);
    let description = tools[0].description.as_deref().unwrap();
    assert!(description.contains("demo"), "{description}");
    assert_eq!(tools[0].input_schema["required"], json!(["code"]));
    assert!(tools[0].output_schema.is_some());

    // A program that calls tools.
    let result = client
        .call_tool(execute(
            "console.log('adding'); const s = await tools.demo.add({a: 2, b: 3}); return {s};",
        ))
        .await
        .unwrap();
    let json = structured(&result);
    assert_eq!(json["ok"], json!(true), "{json}");
    assert_eq!(json["value"], json!({"s": 5}));
    assert_eq!(json["logs"], json!(["adding"]));
    assert_eq!(json["toolCalls"][0]["name"], json!("demo.add"));
    assert_eq!(result.is_error, Some(false));
    let text = match &result.content[0] {
        rmcp::model::ContentBlock::Text(t) => t.text.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), *json);
    // Progress notifications carried the log line and the call's events.
    let deadline = Instant::now() + Duration::from_secs(5);
    while !(client.service().seen("log: adding")
        && client.service().seen("call finished: demo.add succeeded"))
    {
        assert!(Instant::now() < deadline, "{:?}", client.service().messages);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(client.service().seen("call started: demo.add"));

    // A failing program: isError, and the Result says why.
    let result = client
        .call_tool(execute("throw new Error('nope')"))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(structured(&result)["ok"], json!(false));
    assert_eq!(
        structured(&result)["error"]["kind"],
        json!("ExecutionFailure")
    );

    // search
    let mut params = CallToolRequestParams::new("search");
    params.arguments = Some(json!({"query": "add numbers"}).as_object().unwrap().clone());
    let result = client.call_tool(params).await.unwrap();
    let page = structured(&result);
    assert_eq!(page["items"][0]["path"], json!("tools.demo.add"), "{page}");

    // Unknown tools and bad arguments are JSON-RPC errors; the session goes on.
    let error = client
        .call_tool(CallToolRequestParams::new("nope"))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("unknown tool"), "{error}");
    let mut params = CallToolRequestParams::new("execute");
    params.arguments = Some(json!({"code": 42}).as_object().unwrap().clone());
    let error = client.call_tool(params).await.unwrap_err();
    assert!(error.to_string().contains("must be a string"), "{error}");

    // Five executions at once on one session, each with its own answer.
    let calls = (0..5).map(|i| {
        client.call_tool(execute(&format!(
            "const r = await tools.demo.add({{a: {i}, b: 100}}); return r;"
        )))
    });
    let results = futures::future::join_all(calls).await;
    for (i, result) in results.into_iter().enumerate() {
        let result = result.unwrap();
        assert_eq!(structured(&result)["value"], json!(i + 100));
    }

    // Cancellation ends the execution; its running call is interrupted.
    let before = fx.interrupted.load(Ordering::SeqCst);
    let handle = client
        .send_cancellable_request(
            ClientRequest::CallToolRequest(Request::new(execute(
                "await tools.demo.slow({}); return 1",
            ))),
            PeerRequestOptions::no_options(),
        )
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !client.service().seen("call started: demo.slow") {
        assert!(Instant::now() < deadline, "the slow call never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    handle.cancel(Some("test".into())).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while fx.interrupted.load(Ordering::SeqCst) == before {
        assert!(
            Instant::now() < deadline,
            "the cancelled call was not interrupted"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The server is alive after all of it.
    let result = client.call_tool(execute("return 7")).await.unwrap();
    assert_eq!(structured(&result)["value"], json!(7));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_rmcp_client_drives_the_server_over_stdio() {
    let fx = fixture();
    let client = stdio_client(fx.server.clone()).await;
    exercise(&client, &fx).await;
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_rmcp_client_drives_the_server_over_http() {
    let fx = fixture();
    let (url, stop) = http_server(fx.server.clone(), HttpOptions::default()).await;
    let client = http_client(&url).await;
    exercise(&client, &fx).await;
    client.cancel().await.unwrap();
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_mid_execution_interrupts_it() {
    let fx = fixture();
    let client = stdio_client(fx.server.clone()).await;
    let peer = client.peer().clone();
    let pending = tokio::spawn(async move {
        peer.call_tool(execute("await tools.demo.slow({}); return 1"))
            .await
    });
    let deadline = Instant::now() + Duration::from_secs(5);
    while !client.service().seen("call started: demo.slow") {
        assert!(Instant::now() < deadline, "the slow call never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    client.cancel().await.unwrap();
    assert!(pending.await.unwrap().is_err());
    // The server side notices the closed pipe and cancels the execution: its call ends.
    // rmcp first gives in-flight handlers up to 5 s to answer after the transport closes
    // (its drain on `QuitReason::Closed`), so the cancellation comes about 5 s later.
    let deadline = Instant::now() + Duration::from_secs(15);
    while fx.interrupted.load(Ordering::SeqCst) == 0 {
        assert!(
            Instant::now() < deadline,
            "the disconnected client's call was not interrupted"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // A new session on the same server works.
    let client = stdio_client(fx.server.clone()).await;
    let result = client.call_tool(execute("return 1")).await.unwrap();
    assert_eq!(structured(&result)["value"], json!(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_oversized_http_requests_get_clear_errors_and_the_server_lives() {
    let fx = fixture();
    let options = HttpOptions {
        max_request_bytes: 64 * 1024,
        ..Default::default()
    };
    let (url, stop) = http_server(fx.server.clone(), options).await;
    let http = reqwest::Client::new();
    let post = |body: String| {
        http.post(&url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body)
            .send()
    };
    let response = post("{not json".into()).await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    assert!(status.is_client_error(), "{status} {text}");
    let response = post("x".repeat(200 * 1024)).await.unwrap();
    assert_eq!(response.status().as_u16(), 413);
    // A new client: the server closes the connection it refused the oversized body on, and
    // a pooled client could reuse it before it sees the close.
    let response = reqwest::Client::new()
        .get(url.replace("/mcp", "/elsewhere"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 404);
    // An unknown method in a real session is a JSON-RPC error; the session lives on.
    let client = http_client(&url).await;
    let result = client
        .send_request(ClientRequest::CustomRequest(
            rmcp::model::CustomRequest::new("no/such/method", None),
        ))
        .await;
    assert!(result.is_err(), "{result:?}");
    let result = client.call_tool(execute("return 'alive'")).await.unwrap();
    assert_eq!(structured(&result)["value"], json!("alive"));
    let _ = stop.send(());
}

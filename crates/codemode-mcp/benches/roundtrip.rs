//! What a one-line `execute` costs through the MCP server, against the same program run
//! through the facade directly.
//!
//! The server runs in its own process (this binary started again with
//! `CODEMODE_MCP_BENCH_SERVER=stdio|http`, on the Tokio runtime `codemode mcp` uses: a
//! current-thread one, under `serve_http`'s own connection threads for HTTP, unless
//! `--stdio-runtime` or `--http-runtime` says `current` or `multi`), and the client is rmcp's: over the child's stdin/stdout, and over streamable
//! HTTP on a loopback socket. For each transport: median and p99 of sequential round trips,
//! and the server process's CPU time per call (the sum of its threads' run time from
//! /proc/PID/task/*/schedstat); its overhead is that minus the facade's CPU time per
//! execution of the same program in this process. CPU time, unlike wall time, does not
//! depend on what else the machine runs. Then 50 HTTP sessions at once: throughput, median
//! and p99.
//!
//! `cargo bench -p codemode-mcp --bench roundtrip [-- --calls N --sessions S --per-session K
//! --stdio-runtime current|multi --http-runtime current|multi
//! --only stdio,http,stateless,sessions --stdio-io pipe|tokio --http-client fresh|pooled]`
//!
//! `--http-client`: `fresh` (the default) is rmcp's default client, which keeps no idle
//! connection and so opens a TCP connection per request; `pooled` is a reqwest client that
//! keeps its connection alive between requests.
//!
//! Under `valgrind --tool=callgrind --trace-children=yes` the server processes get their own
//! profiles: the difference between two runs with different `--calls` is the server's
//! instructions per call (docs/performance/tools.md, "MCP").

use codemode::{CodeMode, Language, Tool};
use codemode_mcp::{serve_http, serve_io, serve_stdio, CodeModeServer, HttpOptions};
use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RunningService};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The program every call runs: one line, no tool call, so the figures are the transport's
/// and the server's, not the tools'.
const PROGRAM: &str = "return 6 * 7";
const ROLE: &str = "CODEMODE_MCP_BENCH_SERVER";
const RUNTIME: &str = "CODEMODE_MCP_BENCH_RUNTIME";
/// `tokio`: the stdio server reads and writes through Tokio's stdin and stdout (a blocking
/// thread per read and write, as before codemode-mcp's own stdio), to compare.
const STDIO_IO: &str = "CODEMODE_MCP_BENCH_STDIO_IO";

/// A runtime like `codemode mcp` serves: a catalog with a namespace and a tool, so the
/// execute description is not empty.
fn runtime() -> CodeMode {
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
    .expect("tool");
    CodeMode::builder()
        .language(Language::JavaScript)
        .tool(add)
        .namespace("demo", "Arithmetic")
        .build()
        .expect("runtime")
}

fn server_main(role: &str) {
    let mut builder = match std::env::var(RUNTIME).as_deref() {
        Ok("current") => tokio::runtime::Builder::new_current_thread(),
        Ok("multi") => tokio::runtime::Builder::new_multi_thread(),
        other => panic!("{RUNTIME} must be current or multi, not {other:?}"),
    };
    let rt = builder.enable_all().build().expect("tokio");
    let _guard = rt.enter();
    let server = CodeModeServer::new(runtime(), 4000).expect("server");
    rt.block_on(async move {
        match role {
            "stdio" if std::env::var(STDIO_IO).as_deref() == Ok("tokio") => serve_io(
                server,
                tokio::io::stdin(),
                tokio::io::stdout(),
                codemode_mcp::DEFAULT_MAX_REQUEST_BYTES,
            )
            .await
            .expect("stdio server"),
            "stdio" => serve_stdio(server, codemode_mcp::DEFAULT_MAX_REQUEST_BYTES)
                .await
                .expect("stdio server"),
            "http" => {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                println!("http://{}/mcp", listener.local_addr().expect("address"));
                // The server ends when the bench closes our stdin.
                let shutdown = async {
                    let mut sink = Vec::new();
                    let _ =
                        tokio::io::AsyncReadExt::read_to_end(&mut tokio::io::stdin(), &mut sink)
                            .await;
                };
                serve_http(server, listener, HttpOptions::default(), shutdown)
                    .await
                    .expect("http server");
            }
            other => panic!("unknown role {other}"),
        }
    });
}

/// CPU time the process has spent so far, all threads, from the scheduler's counters (ns).
fn cpu_time(pid: u32) -> Duration {
    let mut total = 0u64;
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            if let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) {
                total += text
                    .split_whitespace()
                    .next()
                    .and_then(|ns| ns.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
    }
    Duration::from_nanos(total)
}

struct Figures {
    median: Duration,
    p99: Duration,
}

fn figures(mut samples: Vec<Duration>) -> Figures {
    samples.sort();
    let at =
        |q: f64| samples[((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1];
    Figures {
        median: at(0.5),
        p99: at(0.99),
    }
}

fn us(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

fn execute_params() -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new("execute");
    params.arguments = json!({ "code": PROGRAM }).as_object().cloned();
    params
}

fn check(result: &CallToolResult) {
    let value = result
        .structured_content
        .as_ref()
        .and_then(|s| s.get("value"));
    assert_eq!(value, Some(&json!(42)), "{result:?}");
}

async fn sequential_calls(client: &RunningService<RoleClient, ()>, calls: usize) -> Vec<Duration> {
    let mut samples = Vec::with_capacity(calls);
    for _ in 0..calls {
        let started = Instant::now();
        let result = client.call_tool(execute_params()).await.expect("call");
        samples.push(started.elapsed());
        check(&result);
    }
    samples
}

/// One line of figures; with the server's CPU time, also its CPU per call beyond what the
/// facade spends on the same execution.
fn report(label: &str, samples: Vec<Duration>, cpu: Duration, facade_cpu: Option<Duration>) {
    let calls = samples.len() as u32;
    let f = figures(samples);
    let per_call = cpu / calls;
    match facade_cpu {
        Some(facade) => println!(
            "{label:<34} median {:>10}  p99 {:>10}  server CPU/call {:>10}  overhead {:>10}",
            us(f.median),
            us(f.p99),
            us(per_call),
            us(per_call.saturating_sub(facade))
        ),
        None => println!(
            "{label:<34} median {:>10}  p99 {:>10}  CPU/call {:>10}",
            us(f.median),
            us(f.p99),
            us(per_call)
        ),
    }
}

fn spawn_server(role: &str, runtime: &str, stdio_io: &str) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(std::env::current_exe().expect("exe"));
    command
        .env(ROLE, role)
        .env(RUNTIME, runtime)
        .env(STDIO_IO, stdio_io)
        .kill_on_drop(true);
    command
}

struct Options {
    calls: usize,
    sessions: usize,
    per_session: usize,
    stdio_runtime: String,
    http_runtime: String,
    /// The parts to run (stdio, http, stateless, sessions); empty: all.
    only: Vec<String>,
    /// How the stdio server reads and writes: `pipe` (serve_stdio) or `tokio`.
    stdio_io: String,
    /// Whether the HTTP clients keep their connections alive between requests.
    pooled: bool,
}

/// An HTTP client transport for `url`: rmcp's default one (a connection per request), or
/// one whose connections are kept alive.
fn http_transport(
    url: String,
    pooled: bool,
) -> rmcp::transport::StreamableHttpClientTransport<reqwest::Client> {
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    if pooled {
        rmcp::transport::StreamableHttpClientTransport::with_client(
            reqwest::Client::new(),
            StreamableHttpClientTransportConfig::with_uri(url),
        )
    } else {
        rmcp::transport::StreamableHttpClientTransport::from_uri(url)
    }
}

async fn bench(options: Options) {
    let Options {
        calls,
        sessions,
        per_session,
        stdio_runtime,
        http_runtime,
        only,
        stdio_io,
        pooled,
    } = options;
    let runs = |part: &str| only.is_empty() || only.iter().any(|p| p == part);
    let warmup = (calls / 10).max(10);

    // The facade alone: the same program, the same runtime, no protocol.
    let rt = runtime();
    for _ in 0..warmup {
        rt.execute(PROGRAM).await;
    }
    let mut samples = Vec::with_capacity(calls);
    let me = std::process::id();
    let cpu_before = cpu_time(me);
    for _ in 0..calls {
        let t = Instant::now();
        let result = rt.execute(PROGRAM).await;
        samples.push(t.elapsed());
        assert_eq!(result.value(), Some(&json!(42)));
    }
    // The whole process's CPU: the execution and the runtime's scheduling of it.
    let facade_cpu = (cpu_time(me) - cpu_before) / calls as u32;
    report(
        "facade execute (in-process)",
        samples,
        facade_cpu * calls as u32,
        None,
    );

    if runs("stdio") {
        // stdio: the server process's stdin and stdout.
        let transport = rmcp::transport::TokioChildProcess::new(spawn_server(
            "stdio",
            &stdio_runtime,
            &stdio_io,
        ))
        .expect("spawn stdio server");
        let pid = transport.id().expect("pid");
        let client = ().serve(transport).await.expect("stdio handshake");
        sequential_calls(&client, warmup).await;
        let cpu_before = cpu_time(pid);
        let samples = sequential_calls(&client, calls).await;
        let cpu = cpu_time(pid) - cpu_before;
        report(
            &format!("stdio round trip ({calls} calls, {stdio_runtime}, {stdio_io})"),
            samples,
            cpu,
            Some(facade_cpu),
        );
        let _ = client.cancel().await;
    }
    if !["http", "stateless", "sessions"].iter().any(|p| runs(p)) {
        return;
    }

    // Streamable HTTP on a loopback socket.
    let mut command = spawn_server("http", &http_runtime, "");
    command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = command.spawn().expect("spawn http server");
    let pid = child.id().expect("pid");
    let mut stdout = tokio::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut url = String::new();
    tokio::io::AsyncBufReadExt::read_line(&mut stdout, &mut url)
        .await
        .expect("url");
    let url = url.trim().to_owned();
    let kept = if pooled { ", pooled" } else { "" };
    let connect = |url: String| async move {
        let transport = http_transport(url, pooled);
        ().serve(transport).await.expect("http handshake")
    };
    if runs("http") {
        let client = connect(url.clone()).await;
        sequential_calls(&client, warmup).await;
        let cpu_before = cpu_time(pid);
        let samples = sequential_calls(&client, calls).await;
        let cpu = cpu_time(pid) - cpu_before;
        report(
            &format!("http round trip ({calls} calls, {http_runtime}{kept})"),
            samples,
            cpu,
            Some(facade_cpu),
        );
        let _ = client.cancel().await;
    }

    // The stateless 2026-07-28 revision: no session, each request self-contained; its
    // answer is a plain JSON body (no SSE stream) when the execution sends no progress.
    if runs("stateless") {
        let transport = http_transport(url.clone(), pooled);
        let modern = ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        };
        let client = ().serve_with_lifecycle(transport, modern).await.expect("stateless discover");
        sequential_calls(&client, warmup).await;
        let cpu_before = cpu_time(pid);
        let samples = sequential_calls(&client, calls).await;
        let cpu = cpu_time(pid) - cpu_before;
        report(
            &format!("http stateless ({calls} calls{kept})"),
            samples,
            cpu,
            Some(facade_cpu),
        );
        let _ = client.cancel().await;
    }

    // Many sessions at once: each its own client and session, all calling together.
    if runs("sessions") {
        let mut clients = Vec::with_capacity(sessions);
        for _ in 0..sessions {
            clients.push(connect(url.clone()).await);
        }
        for client in &clients {
            sequential_calls(client, 2).await;
        }
        let cpu_before = cpu_time(pid);
        let started = Instant::now();
        let runs = clients
            .iter()
            .map(|client| sequential_calls(client, per_session));
        let samples: Vec<Duration> = futures::future::join_all(runs)
            .await
            .into_iter()
            .flatten()
            .collect();
        let elapsed = started.elapsed();
        let cpu = cpu_time(pid) - cpu_before;
        let total = samples.len();
        report(
            &format!("http, {sessions} sessions at once"),
            samples,
            cpu,
            Some(facade_cpu),
        );
        println!(
            "{:<34} {total} calls in {:.2} s: {:.0} calls/s",
            "",
            elapsed.as_secs_f64(),
            total as f64 / elapsed.as_secs_f64()
        );
        for client in clients {
            let _ = client.cancel().await;
        }
    }
    drop(child.stdin.take());
    let _ = tokio::time::timeout(Duration::from_secs(5), child.wait()).await;
    let _ = child.kill().await;
}

fn main() {
    if let Ok(role) = std::env::var(ROLE) {
        server_main(&role);
        return;
    }
    let mut options = Options {
        calls: 1000,
        sessions: 50,
        per_session: 100,
        stdio_runtime: "current".into(),
        http_runtime: "current".into(),
        only: Vec::new(),
        stdio_io: "pipe".into(),
        pooled: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| panic!("{} expects a positive number", args[i]))
        };
        match args[i].as_str() {
            "--calls" => {
                options.calls = value();
                i += 1;
            }
            "--sessions" => {
                options.sessions = value();
                i += 1;
            }
            "--per-session" => {
                options.per_session = value();
                i += 1;
            }
            "--only" => {
                let parts = args.get(i + 1).expect("--only expects a list");
                options.only = parts.split(',').map(str::to_owned).collect();
                i += 1;
            }
            "--http-client" => {
                options.pooled = match args.get(i + 1).map(String::as_str) {
                    Some("fresh") => false,
                    Some("pooled") => true,
                    _ => panic!("--http-client expects fresh or pooled"),
                };
                i += 1;
            }
            "--stdio-io" => {
                options.stdio_io = match args.get(i + 1).map(String::as_str) {
                    Some(io @ ("pipe" | "tokio")) => io.to_owned(),
                    _ => panic!("--stdio-io expects pipe or tokio"),
                };
                i += 1;
            }
            flag @ ("--stdio-runtime" | "--http-runtime") => {
                let runtime = match args.get(i + 1).map(String::as_str) {
                    Some(r @ ("current" | "multi")) => r.to_owned(),
                    _ => panic!("{flag} expects current or multi"),
                };
                if flag == "--stdio-runtime" {
                    options.stdio_runtime = runtime;
                } else {
                    options.http_runtime = runtime;
                }
                i += 1;
            }
            // What cargo bench passes (--bench, a filter) is not ours.
            _ => {}
        }
        i += 1;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio");
    rt.block_on(bench(options));
}

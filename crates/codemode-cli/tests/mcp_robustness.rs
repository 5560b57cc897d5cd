//! `codemode mcp` as a process against bad input, over stdio and HTTP: malformed and
//! oversized requests, unknown methods and tools, an upstream MCP server that prints garbage
//! or dies, and a client that goes away mid-execution. After each: the server still answers,
//! the execution's running tool call (a `sleep` process started by a command tool) is gone,
//! and when the server ends, no process it started is left.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_codemode");

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "codemode-cli-mcp-robust-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(dir).unwrap()
}

/// An upstream stdio MCP server that answers the handshake and tools/list, then on call:
/// `garbage` prints a line that is not JSON and never answers, `die` exits, `echo` answers.
const BAD_SERVER: &str = r#"
const rl = require("readline").createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + "\n");
const tool = (name) => ({ name, description: name, inputSchema: { type: "object" } });
rl.on("line", (line) => {
  const m = JSON.parse(line);
  if (m.method === "initialize") {
    send({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
      capabilities: { tools: {} }, serverInfo: { name: "bad", version: "1" } } });
  } else if (m.method === "tools/list") {
    send({ jsonrpc: "2.0", id: m.id, result: { tools: ["die", "garbage", "echo"].map(tool) } });
  } else if (m.method === "tools/call") {
    const name = m.params.name;
    if (name === "die") process.exit(3);
    if (name === "garbage") { process.stdout.write("this is not json {{{\n"); return; }
    send({ jsonrpc: "2.0", id: m.id, result: { content: [{ type: "text", text: JSON.stringify(m.params.arguments) }] } });
  }
});
"#;

/// The tool sources of every server here: a command tool that sleeps (its process is how a
/// test sees a tool call running), the bad upstream MCP server, and a second one that no
/// call kills (to see it end with codemode).
fn sources(dir: &Path) -> Vec<String> {
    let manifest = json!({
        "namespaces": { "demo": { "description": "Tools for the robustness tests" } },
        "tools": {
            "demo.slow": {
                "description": "Sleep a long time",
                "input": { "type": "object" },
                "command": ["sleep", "45"]
            }
        }
    });
    let path = dir.join("tools.json");
    std::fs::write(&path, manifest.to_string()).unwrap();
    let script = dir.join("bad.js");
    std::fs::write(&script, BAD_SERVER).unwrap();
    let spare = dir.join("spare.js");
    std::fs::write(&spare, BAD_SERVER).unwrap();
    vec![
        "--tools".into(),
        path.display().to_string(),
        "--mcp".into(),
        format!("bad=node {}", script.display()),
        "--mcp".into(),
        format!("spare=node {}", spare.display()),
        "--max-request-bytes".into(),
        "65536".into(),
        "--timeout-ms".into(),
        "60000".into(),
    ]
}

/// The processes whose parent is `pid`, with their command names.
fn children(pid: u32) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // pid (comm) state ppid ...
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let comm = head
            .split_once('(')
            .map(|(_, c)| c)
            .unwrap_or("")
            .to_owned();
        let mut fields = rest.split_whitespace();
        let state = fields.next().unwrap_or("");
        let ppid = fields.next().and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(pid) && state != "Z" {
            found.push((child, comm));
        }
    }
    found
}

/// Whether the process is gone (or a zombie: it runs nothing).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "{what} within {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The running `sleep` of demo.slow under the server `pid`, once it has started.
fn running_sleep(pid: u32) -> u32 {
    let mut found = None;
    wait_until("the slow tool call starts", Duration::from_secs(20), || {
        found = children(pid)
            .into_iter()
            .find(|(_, comm)| comm == "sleep")
            .map(|(p, _)| p);
        found.is_some()
    });
    found.unwrap()
}

/// The upstream MCP server started from `script` under the server `pid`.
fn upstream_pid(pid: u32, script: &str) -> u32 {
    children(pid)
        .into_iter()
        .map(|(p, _)| p)
        .find(|p| {
            std::fs::read(format!("/proc/{p}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(script))
        })
        .unwrap_or_else(|| panic!("the upstream {script} runs as a child of codemode mcp"))
}

struct StdioServer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl StdioServer {
    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The answer to request `id`, skipping notifications and id-less errors (which are
    /// returned to `others`).
    fn answer(&self, id: u64, others: &mut Vec<Value>) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no answer to request {id}; seen {others:?}"));
            let message: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("stdout is not JSON-RPC ({e}): {line}"));
            if message["id"] == json!(id) {
                return message;
            }
            others.push(message);
        }
    }
}

fn execute(id: u64, code: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "execute", "arguments": {"code": code}}})
    .to_string()
}

#[test]
fn codemode_mcp_on_stdio_survives_bad_input_and_a_vanishing_client_leaving_no_process() {
    let dir = temp_dir("stdio");
    let mut child = Command::new(BIN)
        .arg("mcp")
        .args(sources(&dir))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut server = StdioServer {
        stdin: child.stdin.take(),
        child,
        lines: rx,
    };
    let mut others = Vec::new();
    server.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#);
    let answer = server.answer(1, &mut others);
    assert_eq!(answer["result"]["protocolVersion"], json!("2025-11-25"));
    server.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    let node = upstream_pid(pid, "bad.js");
    let spare = upstream_pid(pid, "spare.js");

    // A request over --max-request-bytes is dropped unread; the session goes on.
    let huge = execute(2, &format!("return '{}'", "x".repeat(200 * 1024)));
    server.send(&huge);
    // JSON that is not JSON-RPC, a batch of garbage, and params of the wrong type.
    server.send(r#"{"hello":"world"}"#);
    server.send("[1, 2, 3]");
    server.send(r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"not an object"}"#);
    server.send(
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
    );
    let answer = server.answer(4, &mut others);
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown tool"),
        "{answer}"
    );
    // The three invalid requests were each answered "Invalid request" (rmcp sends it
    // without an id), in order, before the next line was read.
    assert_eq!(others.len(), 3, "{others:?}");
    for message in &others {
        assert_eq!(message["error"]["code"], json!(-32600), "{message}");
    }
    server.send(r#"{"jsonrpc":"2.0","id":5,"method":"resources/nope"}"#);
    let answer = server.answer(5, &mut others);
    assert_eq!(answer["error"]["code"], json!(-32601), "{answer}");
    // The oversized request never got an answer of its own.
    assert!(others.iter().all(|m| m["id"] != json!(2)), "{others:?}");

    // An upstream that prints garbage, then one that dies: catchable failures, and the
    // server answers after each.
    server.send(&execute(
        6,
        "tools.bad.garbage({}).catch(() => null); return await tools.bad.echo({n: 1});",
    ));
    let answer = server.answer(6, &mut others);
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!({"n": 1}),
        "{answer}"
    );
    server.send(&execute(
        7,
        "try { await tools.bad.die({}); return 'answered'; } catch (e) { return 'caught'; }",
    ));
    let answer = server.answer(7, &mut others);
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!("caught"),
        "{answer}"
    );
    wait_until(
        "the dead upstream is reaped",
        Duration::from_secs(10),
        || gone(node),
    );

    // A client that goes away mid-execution: its running call ends with the server, and
    // nothing the server started is left.
    server.send(&execute(8, "await tools.demo.slow({}); return 1"));
    let sleep = running_sleep(pid);
    drop(server.stdin.take());
    wait_until(
        "codemode mcp ends when its client goes",
        Duration::from_secs(10),
        || server.child.try_wait().unwrap().is_some(),
    );
    wait_until("the running tool call ends", Duration::from_secs(5), || {
        gone(sleep)
    });
    wait_until("the upstream server ends", Duration::from_secs(5), || {
        gone(spare)
    });
    let _ = std::fs::remove_dir_all(dir);
}

/// One HTTP/1.1 request on its own connection; the connection is returned unread.
fn http_send(addr: &str, method: &str, headers: &[(&str, &str)], body: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut request = format!(
        "{method} /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    // A server may answer (413) before reading an oversized body and close: ignore the
    // broken pipe, the answer is what the test reads.
    let _ = stream.write_all(body.as_bytes());
    stream
}

/// The status line, the header block and the body of a whole answer (read to close).
fn http(addr: &str, method: &str, headers: &[(&str, &str)], body: &str) -> (u16, String, String) {
    let mut stream = http_send(addr, method, headers, body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text}"));
    (status, head.to_ascii_lowercase(), body.to_owned())
}

const JSON: [(&str, &str); 2] = [
    ("content-type", "application/json"),
    ("accept", "application/json, text/event-stream"),
];

/// A self-contained (2026-07-28) tools/call: no session, its version in the header and
/// in _meta.
fn stateless_execute(addr: &str, id: u64, code: &str) -> TcpStream {
    let body = json!({
        "jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {
            "name": "execute", "arguments": {"code": code},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {}
            }
        }
    });
    let mut headers = JSON.to_vec();
    headers.extend([
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "execute"),
    ]);
    http_send(addr, "POST", &headers, &body.to_string())
}

fn alive(addr: &str) {
    let mut stream = stateless_execute(addr, 99, "return 'alive'");
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw);
    assert!(raw.contains(r#""value":"alive""#), "{raw}");
}

#[test]
fn codemode_mcp_over_http_survives_bad_input_and_vanishing_clients_leaving_no_process() {
    let dir = temp_dir("http");
    let mut child = Command::new(BIN)
        .arg("mcp")
        .args(sources(&dir))
        .args(["--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let line = lines.next().expect("a line on stderr").unwrap();
    let url = line
        .strip_prefix("codemode: serving MCP at ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    std::thread::spawn(move || for _ in lines {});
    let addr = url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix("/mcp"))
        .unwrap()
        .to_owned();
    let node = upstream_pid(pid, "bad.js");
    let spare = upstream_pid(pid, "spare.js");

    // Malformed, not JSON-RPC, oversized: 4xx answers, and the server lives.
    let (status, _, body) = http(&addr, "POST", &JSON, "{not json");
    assert!((400..500).contains(&status), "{status} {body}");
    let (status, _, body) = http(&addr, "POST", &JSON, r#"{"hello":"world"}"#);
    assert!((400..500).contains(&status), "{status} {body}");
    let (status, _, _) = http(&addr, "POST", &JSON, &"x".repeat(200 * 1024));
    assert_eq!(status, 413);
    alive(&addr);

    // An upstream that prints garbage, then one that dies: catchable, and the server lives.
    let mut stream = stateless_execute(
        &addr,
        1,
        "tools.bad.garbage({}).catch(() => null); const a = await tools.bad.echo({n: 1}); \
         let b; try { await tools.bad.die({}); b = 'answered'; } catch (e) { b = 'caught'; } \
         return [a, b];",
    );
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw);
    assert!(raw.contains(r#""value":[{"n":1},"caught"]"#), "{raw}");
    wait_until(
        "the dead upstream is reaped",
        Duration::from_secs(10),
        || gone(node),
    );
    alive(&addr);

    // A stateless client that disconnects mid-execution cancels it (2026-07-28: closing
    // the response stream is the cancellation): its running call ends.
    let stream = stateless_execute(&addr, 2, "await tools.demo.slow({}); return 1");
    let sleep = running_sleep(pid);
    drop(stream);
    wait_until(
        "the disconnected execution's call ends",
        Duration::from_secs(10),
        || gone(sleep),
    );
    alive(&addr);

    // A session (2025-11-25) whose client ends it (DELETE) mid-execution: the same.
    let (status, head, body) = http(
        &addr,
        "POST",
        &JSON,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
    );
    assert_eq!(status, 200, "{body}");
    let session = head
        .lines()
        .find_map(|l| l.strip_prefix("mcp-session-id:"))
        .expect("a session id")
        .trim()
        .to_owned();
    let mut headers = JSON.to_vec();
    headers.extend([
        ("mcp-session-id", session.as_str()),
        ("mcp-protocol-version", "2025-11-25"),
    ]);
    let (status, _, body) = http(
        &addr,
        "POST",
        &headers,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    );
    assert!((200..300).contains(&status), "{status} {body}");
    let stream = http_send(
        &addr,
        "POST",
        &headers,
        &execute(2, "await tools.demo.slow({}); return 1"),
    );
    let sleep = running_sleep(pid);
    let (status, _, body) = http(&addr, "DELETE", &headers, "");
    assert!((200..300).contains(&status), "{status} {body}");
    wait_until(
        "the ended session's call ends",
        Duration::from_secs(10),
        || gone(sleep),
    );
    drop(stream);
    alive(&addr);

    // Stopped by a signal mid-execution: nothing it started is left.
    let stream = stateless_execute(&addr, 3, "await tools.demo.slow({}); return 1");
    let sleep = running_sleep(pid);
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    wait_until(
        "codemode mcp ends on SIGTERM",
        Duration::from_secs(10),
        || child.try_wait().unwrap().is_some(),
    );
    wait_until("the running tool call ends", Duration::from_secs(5), || {
        gone(sleep)
    });
    wait_until("the upstream server ends", Duration::from_secs(5), || {
        gone(spare)
    });
    drop(stream);
    let _ = std::fs::remove_dir_all(dir);
}

//! The MCP parts of the command line, for real: `codemode mcp` driven by the official
//! Python SDK (a client we did not write) over stdio and HTTP, raw bad input on stdio, and
//! the reference MCP servers from npm as tool sources of `run` and `catalog` (--mcp and a
//! manifest's "mcpServers"). .ci/run installs the SDK and the servers; a missing one fails
//! the test saying how to install it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_codemode");

fn repo_target() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target")
}

fn python() -> PathBuf {
    let path = std::env::var_os("CODEMODE_MCP_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_target().join("mcp-venv/bin/python"));
    assert!(
        path.exists(),
        "the Python MCP SDK venv is missing at {}: python3 -m venv target/mcp-venv && \
         target/mcp-venv/bin/pip install mcp==2.3.0 (.ci/run does this), or set CODEMODE_MCP_PYTHON",
        path.display()
    );
    path
}

fn reference_server(bin: &str) -> String {
    let root = std::env::var_os("CODEMODE_MCP_REF")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_target().join("mcp-ref"));
    let path = root.join("node_modules/.bin").join(bin);
    assert!(
        path.exists(),
        "the reference MCP server {bin} is missing at {}: npm install --prefix target/mcp-ref \
         @modelcontextprotocol/{}@2026.8.31 (.ci/run does this), or set CODEMODE_MCP_REF",
        path.display(),
        bin.trim_start_matches("mcp-")
    );
    path.display().to_string()
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codemode-cli-mcp-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(dir).unwrap()
}

/// A manifest with a command tool that echoes its input and one that never answers.
fn demo_manifest(dir: &Path) -> PathBuf {
    let manifest = json!({
        "namespaces": { "demo": { "description": "Tools for the MCP tests" } },
        "tools": {
            "demo.echo": {
                "description": "Echo the input back",
                "input": { "type": "object" },
                "command": ["python3", "-c", "import sys, json; print(json.dumps(json.load(sys.stdin)))"]
            },
            "demo.slow": {
                "description": "Sleep a long time",
                "input": { "type": "object" },
                "command": ["sleep", "30"]
            }
        }
    });
    let path = dir.join("tools.json");
    std::fs::write(&path, manifest.to_string()).unwrap();
    path
}

fn run_with_deadline(mut command: Command, limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "timed out after {limit:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn check_python_report(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "python client failed: {stderr}");
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(report["serverName"], json!("codemode"), "{report}");
    assert_eq!(report["tools"], json!(["execute", "search"]), "{report}");
    assert_eq!(report["execute"]["ok"], json!(true), "{report}");
    assert_eq!(report["execute"]["value"], json!(42), "{report}");
    assert_eq!(
        report["execute"]["logs"],
        json!(["hi from python"]),
        "{report}"
    );
    assert_eq!(report["isError"], json!(false), "{report}");
    let progress: Vec<String> = report["progress"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m.as_str().map(str::to_owned))
        .collect();
    assert!(
        progress.iter().any(|m| m == "log: hi from python"),
        "{report}"
    );
    assert!(
        progress.iter().any(|m| m == "call started: demo.echo"),
        "{report}"
    );
    assert!(
        progress
            .iter()
            .any(|m| m.starts_with("call finished: demo.echo succeeded")),
        "{report}"
    );
    assert_eq!(report["failingIsError"], json!(true), "{report}");
    assert_eq!(
        report["search"]["items"][0]["path"],
        json!("tools.demo.echo"),
        "{report}"
    );
    assert_eq!(report["cancelled"], json!(true), "{report}");
    assert_eq!(report["concurrent"], json!([0, 1, 2, 3, 4]), "{report}");
    assert!(
        report["unknownTool"]
            .as_str()
            .unwrap()
            .contains("unknown tool"),
        "{report}"
    );
    assert_eq!(report["alive"], json!("alive"), "{report}");
}

#[test]
fn the_python_sdk_drives_codemode_mcp_over_stdio() {
    let dir = temp_dir("py-stdio");
    let manifest = demo_manifest(&dir);
    let mut command = Command::new(python());
    command
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/python_client.py"))
        .arg("stdio")
        .arg(BIN)
        .arg(&manifest);
    let out = run_with_deadline(command, Duration::from_secs(90));
    check_python_report(&out);
    let _ = std::fs::remove_dir_all(dir);
}

/// `codemode mcp --http 127.0.0.1:0`, and the URL it printed.
fn http_server(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(BIN)
        .arg("mcp")
        .args(args)
        .args(["--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let line = lines.next().expect("a line on stderr").unwrap();
    let url = line
        .strip_prefix("codemode: serving MCP at ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    // Keep draining stderr so the server never blocks on it.
    std::thread::spawn(move || for _ in lines {});
    (child, url)
}

#[test]
fn the_python_sdk_drives_codemode_mcp_over_http() {
    let dir = temp_dir("py-http");
    let manifest = demo_manifest(&dir);
    let (mut server, url) = http_server(&["--tools", manifest.to_str().unwrap()]);
    let mut command = Command::new(python());
    command
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/python_client.py"))
        .arg("http")
        .arg(&url);
    let out = run_with_deadline(command, Duration::from_secs(90));
    let _ = server.kill();
    let _ = server.wait();
    check_python_report(&out);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn codemode_mcp_on_stdio_answers_bad_json_rpc_clearly_and_stays_alive() {
    let mut child = Command::new(BIN)
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
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
    let next = |what: &str| -> Value {
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no answer to {what}"));
        serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout is not JSON-RPC ({e}): {line}"))
    };
    let send = |stdin: &mut std::process::ChildStdin, text: &str| {
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    send(&mut stdin, "{this is not json");
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
    );
    // Whatever the garbage earned (a parse error, or nothing), the handshake is answered.
    let mut answer = next("initialize");
    if answer.get("id") != Some(&json!(1)) {
        assert!(answer.get("error").is_some(), "{answer}");
        answer = next("initialize");
    }
    assert_eq!(
        answer["result"]["protocolVersion"],
        json!("2025-06-18"),
        "{answer}"
    );
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    );
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":2,"method":"no/such/method"}"#,
    );
    let answer = next("an unknown method");
    assert_eq!(answer["id"], json!(2));
    assert_eq!(answer["error"]["code"], json!(-32601), "{answer}");
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"execute","arguments":{"code":"return 6*7"}}}"#,
    );
    let answer = next("execute");
    assert_eq!(answer["id"], json!(3));
    assert_eq!(
        answer["result"]["structuredContent"]["value"],
        json!(42),
        "{answer}"
    );
    drop(stdin);
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "codemode mcp did not end with stdin"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

const HANDSHAKE_AND_EXECUTE: [&str; 3] = [
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute","arguments":{"code":"return 6*7"}}}"#,
];

/// The answer to the execute of HANDSHAKE_AND_EXECUTE among `lines`.
fn execute_answer(lines: &str) -> Value {
    let answers: Vec<Value> = lines
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("stdout is not JSON-RPC ({e}): {line}"))
        })
        .collect();
    let answer = answers
        .iter()
        .find(|a| a["id"] == json!(2))
        .unwrap_or_else(|| panic!("no answer to the execute in {answers:?}"));
    answer["result"]["structuredContent"]["value"].clone()
}

fn wait_for_exit(child: &mut Child, what: &str) {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "codemode mcp did not end when {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Node's clients connect a child's stdio through a socket pair, not a pipe: the server
/// reads and writes it through its event loop too.
#[test]
fn codemode_mcp_serves_a_socket_pair_as_stdio() {
    use std::os::fd::OwnedFd;
    use std::os::unix::net::UnixStream;
    let (ours, theirs) = UnixStream::pair().unwrap();
    let mut child = Command::new(BIN)
        .arg("mcp")
        .stdin(Stdio::from(OwnedFd::from(theirs.try_clone().unwrap())))
        .stdout(Stdio::from(OwnedFd::from(theirs)))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    ours.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut reader = BufReader::new(ours.try_clone().unwrap());
    let mut writer = ours;
    let mut received = String::new();
    for (i, message) in HANDSHAKE_AND_EXECUTE.iter().enumerate() {
        writer.write_all(message.as_bytes()).unwrap();
        writer.write_all(b"\n").unwrap();
        // The notification (index 1) has no answer.
        if i != 1 {
            reader.read_line(&mut received).unwrap();
        }
    }
    assert_eq!(execute_answer(&received), json!(42), "{received}");
    writer.shutdown(std::net::Shutdown::Write).unwrap();
    wait_for_exit(&mut child, "its socket was shut down");
}

/// A file as stdin and as stdout (no event loop can wait on them) is served through
/// Tokio's blocking stdio: every request is answered, and the server ends at the file's end.
#[test]
fn codemode_mcp_serves_files_as_stdio() {
    let dir = temp_dir("mcp-files");
    let input = dir.join("requests.jsonl");
    let output = dir.join("answers.jsonl");
    std::fs::write(&input, HANDSHAKE_AND_EXECUTE.join("\n") + "\n").unwrap();
    let mut child = Command::new(BIN)
        .arg("mcp")
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(std::fs::File::create(&output).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_exit(&mut child, "its stdin file ended");
    let answers = std::fs::read_to_string(&output).unwrap();
    assert_eq!(execute_answer(&answers), json!(42), "{answers}");
    let _ = std::fs::remove_dir_all(dir);
}

fn codemode(args: &[&str], cwd: &Path) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(cwd);
    run_with_deadline(command, Duration::from_secs(90))
}

#[test]
fn run_takes_the_memory_server_from_the_mcp_flag_in_lua() {
    let dir = temp_dir("run-mcp");
    let program = dir.join("graph.lua");
    std::fs::write(
        &program,
        r#"
        tools.memory.create_entities({ entities = {
            { name = "Grace", entityType = "person", observations = { "found a moth" } } } })
        local graph = tools.memory.read_graph()
        return graph.entities[1].name
        "#,
    )
    .unwrap();
    let flag = format!("memory={}", reference_server("mcp-server-memory"));
    // The memory server keeps its file next to its own code unless told otherwise: an
    // mcpServers entry can say so; with --mcp the environment is inherited.
    let out = Command::new(BIN)
        .args(["run", "--mcp", &flag, program.to_str().unwrap()])
        .env("MEMORY_FILE_PATH", dir.join("memory.jsonl"))
        .output()
        .unwrap();
    let result: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(result["ok"], json!(true), "{result}");
    assert_eq!(result["value"], json!("Grace"));
    assert_eq!(
        result["toolCalls"][0]["name"],
        json!("memory.create_entities")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_manifest_takes_mcp_servers_in_the_shape_clients_use() {
    let dir = temp_dir("manifest-mcp");
    let memory_file = dir.join("memory.jsonl");
    let manifest = json!({
        "mcpServers": {
            "everything": { "command": reference_server("mcp-server-everything"), "args": ["stdio"] },
            "memory": {
                "command": reference_server("mcp-server-memory"),
                "env": { "MEMORY_FILE_PATH": memory_file.to_str().unwrap() }
            }
        }
    });
    std::fs::write(dir.join("servers.json"), manifest.to_string()).unwrap();
    let program = dir.join("p.js");
    std::fs::write(
        &program,
        r#"
        const echo = await tools.everything.echo({ message: "pasted" });
        await tools.memory.create_entities({ entities: [{ name: "Linus", entityType: "person", observations: [] }] });
        return echo;
        "#,
    )
    .unwrap();
    let out = codemode(
        &["run", "--tools", "servers.json", program.to_str().unwrap()],
        &dir,
    );
    let result: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(result["value"], json!("Echo: pasted"), "{result}");
    // The entry's env reached the server.
    assert!(memory_file.exists());
    let out = codemode(&["catalog", "--tools", "servers.json"], &dir);
    let catalog: Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<String> = catalog["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["path"].as_str().map(str::to_owned))
        .collect();
    assert!(
        paths
            .iter()
            .any(|p| p.contains("memory") && p.contains("read_graph")),
        "{paths:?}"
    );
    let out = codemode(&["search", "--tools", "servers.json", "echo"], &dir);
    let page: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        page["items"][0]["path"]
            .as_str()
            .unwrap()
            .contains("everything"),
        "{page}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_mcp_flag_is_a_usage_error() {
    let out = Command::new(BIN)
        .args(["run", "--mcp", "no-equals-sign", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("NAME=COMMAND"));
    let out = Command::new(BIN)
        .args(["run", "--mcp", "a.b=server", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// CLI.md: "A server that cannot start ... makes its calls fail (ToolFailure)": the program
/// catches the failure (its tools are unknown, so any call under the namespace fails).
#[test]
fn calls_to_a_server_that_cannot_start_fail_catchably() {
    let dir = temp_dir("mcp-cannot-start");
    let program = dir.join("prog.lua");
    std::fs::write(
        &program,
        "local ok, err = pcall(function() return tools.broken.anything({ x = 1 }) end)\n\
         return { ok = ok, err = tostring(err) }\n",
    )
    .unwrap();
    let out = Command::new(BIN)
        .args([
            "run",
            "--mcp",
            "broken=/nonexistent/mcp-server-that-is-not-there",
            program.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let result: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(result["ok"], json!(true), "{result}");
    assert_eq!(result["value"]["ok"], json!(false), "{result}");
    let err = result["value"]["err"].as_str().unwrap_or("");
    assert!(err.contains("broken.anything is unavailable"), "{err}");
    assert_eq!(
        result["toolCalls"][0]["status"],
        json!("failed"),
        "{result}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("calls to its tools will fail"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

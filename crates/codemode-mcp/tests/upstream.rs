//! MCP servers as tool sources, for real: the reference servers from npm (installed by
//! .ci/run into target/mcp-ref, or where CODEMODE_MCP_REF points) driven by Lua and
//! JavaScript programs, and a misbehaving server (garbage on stdout, death, silence).

use codemode::{CodeMode, DiagnosticKind, Language, Limits};
use codemode_mcp::{connect, ClientOptions, Connected, ServerSpec};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const INSTALL: &str = "npm install --prefix target/mcp-ref \
    @modelcontextprotocol/server-memory@2026.8.31 \
    @modelcontextprotocol/server-filesystem@2026.8.31 \
    @modelcontextprotocol/server-everything@2026.8.31 (.ci/run does this)";

/// A reference server's executable. Missing ones fail the test, saying how to install them.
fn reference_server(bin: &str) -> String {
    let root = std::env::var_os("CODEMODE_MCP_REF")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/mcp-ref"));
    let path = root.join("node_modules/.bin").join(bin);
    assert!(
        path.exists(),
        "the reference MCP server {bin} is not installed at {}: {INSTALL}",
        path.display()
    );
    path.display().to_string()
}

fn command(program: String, args: &[&str], env: &[(&str, &str)]) -> ServerSpec {
    ServerSpec::Command {
        program,
        args: args.iter().map(|s| s.to_string()).collect(),
        env: env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
        cwd: None,
    }
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "codemode-mcp-{tag}-{}-{}",
        std::process::id(),
        Instant::now().elapsed().as_nanos()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(dir).unwrap()
}

async fn runtime(
    language: Language,
    connected: Vec<Connected>,
    limits: Option<Limits>,
) -> CodeMode {
    let mut builder = CodeMode::builder().language(language);
    for c in connected {
        if let Some(instructions) = &c.instructions {
            builder = builder.namespace(c.name.clone(), instructions.clone());
        }
        builder = builder.tools(c.tools);
    }
    if let Some(limits) = limits {
        builder = builder.limits(limits);
    }
    builder.build().unwrap()
}

/// Whether the process is gone (or a zombie waiting to be reaped: it runs nothing).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

async fn wait_gone(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !gone(pid) {
        assert!(
            Instant::now() < deadline,
            "process {pid} outlived its connection"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_memory_server_from_javascript_creates_entities_and_reads_the_graph() {
    let dir = temp_dir("memory");
    let file = dir.join("memory.jsonl");
    let spec = command(
        reference_server("mcp-server-memory"),
        &[],
        &[("MEMORY_FILE_PATH", file.to_str().unwrap())],
    );
    let connected = connect("memory", &spec, &ClientOptions::default())
        .await
        .unwrap();
    let pid = connected.connection.pid().expect("a child process");
    let names: Vec<String> = connected.tools.iter().map(|t| t.path().dotted()).collect();
    assert!(
        names.contains(&"memory.create_entities".to_owned()),
        "{names:?}"
    );
    let rt = runtime(Language::JavaScript, vec![connected], None).await;
    let result = rt
        .execute(
            r#"
            await tools.memory.create_entities({ entities: [
                { name: "Ada", entityType: "person", observations: ["wrote the first program"] },
                { name: "Engine", entityType: "machine", observations: [] },
            ]});
            await tools.memory.create_relations({ relations: [{ from: "Ada", to: "Engine", relationType: "programmed" }] });
            const graph = await tools.memory.read_graph();
            return { names: graph.entities.map(e => e.name).sort(), relations: graph.relations.length };
            "#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!({"names": ["Ada", "Engine"], "relations": 1})),
        "{:?}",
        result.error()
    );
    drop(rt);
    wait_gone(pid).await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_filesystem_server_from_lua_writes_lists_and_fails_catchably() {
    let dir = temp_dir("fs");
    let root = dir.to_str().unwrap().to_owned();
    let spec = command(reference_server("mcp-server-filesystem"), &[&root], &[]);
    let connected = connect("fs", &spec, &ClientOptions::default())
        .await
        .unwrap();
    let rt = runtime(Language::Lua, vec![connected], None).await;
    let program = format!(
        r#"
        local root = "{root}"
        tools.fs.write_file({{ path = root .. "/notes.txt", content = "hello from lua" }})
        local text = tools.fs.read_text_file({{ path = root .. "/notes.txt" }})
        local listing = tools.fs.list_directory({{ path = root }})
        local ok, err = pcall(function()
            return tools.fs.read_text_file({{ path = root .. "/missing.txt" }})
        end)
        return {{ text = text, listing = listing, ok = ok, err = tostring(err) }}
        "#
    );
    let result = rt.execute(&program).await;
    let value = result
        .value()
        .unwrap_or_else(|| panic!("{:?}", result.error()));
    assert_eq!(value["text"]["content"], json!("hello from lua"), "{value}");
    assert!(
        value["listing"]["content"]
            .as_str()
            .is_some_and(|s| s.contains("[FILE] notes.txt")),
        "{value}"
    );
    assert_eq!(value["ok"], json!(false));
    assert!(
        value["err"].as_str().unwrap().contains("missing.txt"),
        "{value}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "hello from lua"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_everything_server_echoes_adds_structures_and_runs_long_operations() {
    let spec = command(reference_server("mcp-server-everything"), &["stdio"], &[]);
    let connected = connect("everything", &spec, &ClientOptions::default())
        .await
        .unwrap();
    let names: Vec<String> = connected.tools.iter().map(|t| t.path().dotted()).collect();
    assert!(
        names.contains(&"everything.get-sum".to_owned()),
        "{names:?}"
    );
    let rt = runtime(Language::JavaScript, vec![connected], None).await;
    let result = rt
        .execute(
            r#"
            const echo = await tools.everything.echo({ message: "hi" });
            const sum = await tools.everything["get-sum"]({ a: 2, b: 40 });
            const weather = await tools.everything["get-structured-content"]({ location: "Chicago" });
            const long = await tools.everything["trigger-long-running-operation"]({ duration: 1, steps: 2 });
            return { echo, sum, weather, long };
            "#,
        )
        .await;
    let value = result
        .value()
        .unwrap_or_else(|| panic!("{:?}", result.error()));
    assert_eq!(value["echo"], json!("Echo: hi"));
    assert_eq!(value["sum"], json!("The sum of 2 and 40 is 42."));
    assert!(value["weather"]["temperature"].is_number(), "{value}");
    assert!(
        value["long"]
            .as_str()
            .is_some_and(|s| s.contains("completed")),
        "{value}"
    );
    assert_eq!(result.tool_calls.len(), 4);
}

/// A stdio MCP server that answers the handshake and tools/list, then misbehaves on call:
/// `die` exits, `garbage` prints a line that is not JSON and never answers, `hang` never
/// answers, `echo` answers (after any garbage, to show the session survives it).
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
    send({ jsonrpc: "2.0", id: m.id, result: { tools: ["die", "garbage", "hang", "echo", "big"].map(tool) } });
  } else if (m.method === "tools/call") {
    const name = m.params.name;
    if (name === "die") process.exit(3);
    if (name === "garbage") { process.stdout.write("this is not json {{{\n"); return; }
    if (name === "hang") return;
    if (name === "big") { process.stdout.write('{"jsonrpc":"2.0","id":' + m.id + ',"result":{"content":[{"type":"text","text":"' + "x".repeat(300000) + '"}]}}\n'); return; }
    send({ jsonrpc: "2.0", id: m.id, result: { content: [{ type: "text", text: JSON.stringify(m.params.arguments) }] } });
  }
});
"#;

fn bad_server(dir: &Path) -> ServerSpec {
    let script = dir.join("bad.js");
    std::fs::write(&script, BAD_SERVER).unwrap();
    command("node".into(), &[script.to_str().unwrap()], &[])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_silence_and_oversized_answers_fail_calls_within_the_deadline() {
    let dir = temp_dir("bad");
    let options = ClientOptions {
        max_message_bytes: 64 * 1024,
        ..Default::default()
    };
    let connected = connect("bad", &bad_server(&dir), &options).await.unwrap();
    let limits = Limits {
        timeout: Some(Duration::from_millis(1500)),
        ..Limits::for_language(Language::JavaScript)
    };
    let rt = runtime(Language::JavaScript, vec![connected], Some(limits)).await;

    // Garbage on stdout: the session goes on and answers the next call.
    let result = rt
        .execute(
            r#"
            tools.bad.garbage({}).catch(() => null);
            return await tools.bad.echo({ n: 1 });
            "#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!({"n": 1})),
        "{:?}",
        result.error()
    );

    // A server that never answers: the execution ends at its deadline, not later.
    let started = Instant::now();
    let result = rt.execute("return await tools.bad.hang({})").await;
    assert_eq!(
        result.error().unwrap().kind,
        DiagnosticKind::TimeoutExceeded
    );
    assert!(started.elapsed() < Duration::from_secs(5));

    // An answer over the message cap is refused.
    let started = Instant::now();
    let result = rt
        .execute(
            "try { await tools.bad.big({}); return 'accepted'; } catch (e) { return 'refused'; }",
        )
        .await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_ne!(
        result.value(),
        Some(&json!("accepted")),
        "{:?}",
        result.error()
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_dies_fails_its_calls_catchably_and_leaves_no_process() {
    let dir = temp_dir("die");
    let connected = connect("bad", &bad_server(&dir), &ClientOptions::default())
        .await
        .unwrap();
    let pid = connected.connection.pid().unwrap();
    let rt = runtime(Language::JavaScript, vec![connected], None).await;
    let started = Instant::now();
    let result = rt
        .execute(
            r#"
            let first;
            try { await tools.bad.die({}); first = "answered"; } catch (e) { first = "ToolFailure: " + e.message; }
            let second;
            try { await tools.bad.echo({}); second = "answered"; } catch (e) { second = "failed"; }
            return { first, second };
            "#,
        )
        .await;
    assert!(started.elapsed() < Duration::from_secs(10));
    let value = result
        .value()
        .unwrap_or_else(|| panic!("{:?}", result.error()));
    assert!(
        value["first"].as_str().unwrap().starts_with("ToolFailure"),
        "{value}"
    );
    assert_eq!(value["second"], json!("failed"));
    wait_gone(pid).await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_server_that_cannot_start_is_a_clear_connect_error() {
    let spec = command("/nonexistent/mcp-server".into(), &[], &[]);
    let error = connect("ghost", &spec, &ClientOptions::default())
        .await
        .err()
        .expect("no server");
    assert!(error.to_string().contains("cannot start"), "{error}");
    let spec = ServerSpec::Url {
        url: "http://127.0.0.1:9/mcp".into(),
        headers: BTreeMap::new(),
    };
    let options = ClientOptions {
        connect_timeout: Duration::from_secs(5),
        ..Default::default()
    };
    let started = Instant::now();
    let error = connect("ghost", &spec, &options)
        .await
        .err()
        .expect("no server");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(error.to_string().contains("ghost"), "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_codemode_server_over_http_is_a_tool_source_for_another_codemode() {
    // Upstream: a codemode runtime with one tool, served over streamable HTTP.
    let double = codemode::Tool::new(
        "math.double",
        "Double a number",
        json!({"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]}),
        |input: Value, _| async move { Ok(json!(input["n"].as_f64().unwrap_or(0.0) * 2.0)) },
    )
    .unwrap();
    let upstream = CodeMode::builder().tool(double).build().unwrap();
    let server = codemode_mcp::CodeModeServer::new(upstream, 2000).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(codemode_mcp::serve_http(
        server,
        listener,
        Default::default(),
        async move {
            let _ = stopped.await;
        },
    ));
    let spec = ServerSpec::Url {
        url,
        headers: [("X-Test".to_owned(), "secret-header-value".to_owned())].into(),
    };
    let connected = connect("up", &spec, &ClientOptions::default())
        .await
        .unwrap();
    assert!(connected.instructions.is_some());
    let rt = runtime(Language::Lua, vec![connected], None).await;
    let result = rt
        .execute(r#"local r = tools.up.execute({ code = "return await tools.math.double({n: 21})" }) return r.value"#)
        .await;
    assert_eq!(result.value(), Some(&json!(42)), "{:?}", result.error());
    let result = rt
        .execute(r#"local ok, e = pcall(function() return tools.up.execute({ code = "throw new Error('x')" }) end) return ok"#)
        .await;
    assert_eq!(result.value(), Some(&json!(false)), "{:?}", result.error());
    let _ = stop.send(());
}

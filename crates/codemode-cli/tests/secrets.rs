//! `--auth` and `CODEMODE_AUTH_*` credentials never reach the output, `catalog` lists the
//! skipped OpenAPI operations and keeps the description within `--budget-tokens`.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output};

const TOKEN: &str = "cli-s3cr3t-token";
const KEY: &str = "env key/7&x";

fn codemode(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_codemode"));
    command.args(args);
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("run codemode")
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codemode-cli-secrets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// A one-thread HTTP server that answers each request with the request line and the
/// Authorization header it received, as JSON; 401 for paths ending in `/fail`.
fn echo_server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            let _ = reader.read_line(&mut request_line);
            let mut auth = String::new();
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some((name, value)) = line.split_once(':') {
                    if name.eq_ignore_ascii_case("authorization") {
                        auth = value.trim().to_owned();
                    }
                }
            }
            let body = json!({"auth": auth, "request": request_line.trim()}).to_string();
            let status = if request_line.contains("/fail") {
                "401 Unauthorized"
            } else {
                "200 OK"
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    port
}

fn spec(port: u16) -> String {
    let op = |id: &str| {
        json!({"get": {"operationId": id,
            "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "object"}}}}}}})
    };
    json!({
        "openapi": "3.0.3",
        "info": {"title": "echo", "version": "1"},
        "servers": [{"url": format!("http://127.0.0.1:{port}")}],
        "security": [{"bearer": [], "key": []}],
        "paths": {"/echo": op("echo"), "/echo/fail": op("fail")},
        "components": {"securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer"},
            "key": {"type": "apiKey", "in": "query", "name": "key"},
        }},
    })
    .to_string()
}

#[test]
fn auth_and_environment_credentials_never_reach_the_output() {
    let port = echo_server();
    let spec = temp_file("echo.json", &spec(port));
    let program = temp_file(
        "echo.lua",
        r#"
local r = tools.echo()
print(r.auth, r.request)
local ok, e = pcall(tools.fail, {})
print(e)
return { r = r, e = e, again = tools.fail() }
"#,
    );
    let out = codemode(
        &[
            "run",
            "--openapi",
            spec.to_str().unwrap(),
            "--auth",
            &format!("bearer={TOKEN}"),
            program.to_str().unwrap(),
        ],
        &[("CODEMODE_AUTH_KEY", KEY)],
    );
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    // The uncaught failure ends the run: exit 1, with a diagnostic on stderr.
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    let result: Value = serde_json::from_str(stdout.trim()).unwrap();
    // The request carried both credentials (the server echoed something where they were).
    let logs = result["logs"].to_string();
    assert!(logs.contains("Bearer"), "{logs}");
    assert!(logs.contains("key="), "{logs}");
    assert_eq!(result["error"]["kind"], "ToolFailure");
    for form in [TOKEN, KEY, "env%20key%2F7%26x", "env+key%2F7%26x"] {
        assert!(!stdout.contains(form), "{form:?} in stdout: {stdout}");
        assert!(!stderr.contains(form), "{form:?} in stderr: {stderr}");
    }
}

#[test]
fn catalog_lists_skipped_operations_and_keeps_the_budget() {
    let spec = temp_file(
        "loops.yaml",
        r##"
openapi: 3.0.3
info: {title: t, version: "1"}
servers: [{url: "http://127.0.0.1:9"}]
paths:
  /ok:
    get:
      operationId: ok
      responses: {'204': {description: ok}}
  /loop:
    get:
      operationId: looped
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}
  /remote:
    get:
      operationId: remote
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: 'https://example.com/s.json#/Pet'}}}}}
components:
  schemas:
    A: {$ref: '#/components/schemas/B'}
    B: {$ref: '#/components/schemas/A'}
"##,
    );
    let spec = spec.to_str().unwrap();
    let out = codemode(&["catalog", "--openapi", spec], &[]);
    assert_eq!(out.status.code(), Some(0));
    let catalog: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(catalog["tools"].as_array().unwrap().len(), 1);
    assert_eq!(
        catalog["skipped"],
        json!([
            {"source": spec, "method": "GET", "path": "/loop", "operationId": "looped",
             "reason": "$ref loop #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/A"},
            {"source": spec, "method": "GET", "path": "/remote", "operationId": "remote",
             "reason": "external $ref 'https://example.com/s.json#/Pet'"},
        ])
    );

    // A budget below the minimum is refused with the minimum; the minimum itself is kept.
    let out = codemode(
        &["catalog", "--openapi", spec, "--budget-tokens", "10"],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let minimum: usize = stderr
        .split("minimum of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no minimum in {stderr}"));
    for budget in [minimum, 300, 400] {
        if budget < minimum {
            continue;
        }
        let out = codemode(
            &[
                "catalog",
                "--openapi",
                spec,
                "--budget-tokens",
                &budget.to_string(),
            ],
            &[],
        );
        assert_eq!(out.status.code(), Some(0));
        let catalog: Value = serde_json::from_slice(&out.stdout).unwrap();
        let description = catalog["description"].as_str().unwrap();
        assert!(
            description.len() <= budget * 4,
            "{} bytes for {budget} tokens",
            description.len()
        );
    }
}

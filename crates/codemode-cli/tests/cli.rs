//! The `codemode` binary against its command-line contract (README.md, "The command line").

use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn codemode(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn codemode");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn stdout_json(out: &Output) -> Value {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codemode-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn runs_the_bundled_lua_example() {
    let out = codemode(
        &[
            "run",
            "examples/orders.lua",
            "--tools",
            "examples/tools.json",
        ],
        None,
    );
    let result = stdout_json(&out);
    assert_eq!(out.status.code(), Some(0), "{result}");
    assert_eq!(result["ok"], json!(true));
    assert_eq!(
        result["value"],
        json!({"id": "order_42", "needsAttention": true})
    );
    assert_eq!(result["logs"], json!(["found 2 matching tools"]));
    let names: Vec<&str> = result["toolCalls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["search", "orders.lookup-by-id"]);
}

#[test]
fn a_failing_command_tool_is_a_tool_failure_with_its_stderr() {
    let program = temp_file(
        "missing.lua",
        "return tools.orders['lookup-by-id']({ id = 'order_404' })",
    );
    let out = codemode(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            "examples/tools.json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let result = stdout_json(&out);
    assert_eq!(result["error"]["kind"], json!("ToolFailure"));
    assert_eq!(result["error"]["message"], json!("no order order_404"));
    assert_eq!(result["toolCalls"][0]["status"], json!("failed"));
}

#[test]
fn programs_come_from_stdin_and_pretty_indents() {
    let out = codemode(
        &["run", "--lang", "lua", "--pretty", "-"],
        Some("return { answer = 6 * 7 }"),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() > 1);
    let result: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(result["value"], json!({"answer": 42}));
}

#[test]
fn failures_exit_1_with_a_located_error_and_a_rendered_diagnostic() {
    let program = temp_file("bad.lua", "local x = 1\nlocal y = x +\n");
    let out = codemode(&["run", program.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let result = stdout_json(&out);
    assert_eq!(result["ok"], json!(false));
    assert_eq!(result["error"]["kind"], json!("ParseError"));
    assert!(result["error"]["location"]["line"].is_number());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("ParseError"), "{stderr}");
    assert!(stderr.contains("local y = x +"), "{stderr}");
}

#[test]
fn limits_come_from_flags() {
    let out = codemode(
        &["run", "--lang", "lua", "--max-output-bytes", "64", "-"],
        Some("return string.rep('x', 1000)"),
    );
    let result = stdout_json(&out);
    assert_eq!(result["truncated"], json!(true));
    assert_eq!(result["warnings"][0]["kind"], json!("Truncated"));

    let out = codemode(
        &["run", "--lang", "lua", "--timeout-ms", "50", "-"],
        Some("while true do end"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_json(&out)["error"]["kind"], json!("TimeoutExceeded"));

    let out = codemode(
        &[
            "run",
            "--lang",
            "lua",
            "--tools",
            "examples/tools.json",
            "--max-tool-calls",
            "1",
            "-",
        ],
        Some("search({}) search({}) return 1"),
    );
    assert_eq!(
        stdout_json(&out)["error"]["kind"],
        json!("ToolCallLimitExceeded")
    );
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let cases: Vec<Vec<&str>> = vec![
        vec!["run", "--bogus", "x.lua"],
        vec!["run", "does-not-exist.lua"],
        vec!["run", "--lang", "cobol", "examples/orders.lua"],
        vec!["run", "README.md"],
        vec![
            "run",
            "examples/orders.lua",
            "--tools",
            "does-not-exist.json",
        ],
        vec!["run", "examples/orders.lua", "--tools", "README.md"],
        vec![
            "run",
            "examples/orders.lua",
            "--tools",
            "examples/tools.json",
            "--tools",
            "examples/tools.json",
        ],
    ];
    for args in cases {
        let out = codemode(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}

/// `codemode run` is parsed without the other subcommands (a startup cost); its help and
/// errors stay those of the subcommand.
#[test]
fn run_alone_keeps_the_subcommands_help_and_errors() {
    let out = codemode(&["run", "--help"], None);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("Run a program and print its Result as JSON."),
        "{help}"
    );
    assert!(
        help.contains("Usage: codemode run [OPTIONS] <FILE|->"),
        "{help}"
    );
    assert!(help.contains("--timeout-ms <N>") && help.contains("--mcp <NAME=COMMAND|URL>"));
    let out = codemode(&["run"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("<FILE|->"), "{stderr}");
    let out = codemode(&["--help"], None);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("run") && help.contains("mcp"), "{help}");
}

#[test]
fn invalid_manifests_are_usage_errors() {
    for (name, manifest) in [
        (
            "no-command.json",
            r#"{"tools": {"a.b": {"description": "x"}}}"#,
        ),
        (
            "bad-schema.json",
            r#"{"tools": {"a.b": {"command": ["true"], "input": {"type": 5}}}}"#,
        ),
        ("unknown-field.json", r#"{"tools": {}, "extra": 1}"#),
        (
            "empty-command.json",
            r#"{"tools": {"a.b": {"command": []}}}"#,
        ),
    ] {
        let path = temp_file(name, manifest);
        let out = codemode(
            &[
                "run",
                "--lang",
                "lua",
                "--tools",
                path.to_str().unwrap(),
                "-",
            ],
            Some("return 1"),
        );
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(name), "{name}: {stderr}");
    }
}

#[test]
fn search_and_catalog_print_what_the_model_sees() {
    let out = codemode(
        &[
            "search",
            "--tools",
            "examples/tools.json",
            "--lang",
            "lua",
            "order lookup",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let page = stdout_json(&out);
    assert_eq!(
        page["items"][0]["path"],
        json!("tools.orders[\"lookup-by-id\"]")
    );
    assert!(page["items"][0]["signature"]
        .as_str()
        .unwrap()
        .contains("---@param"));

    let out = codemode(&["catalog", "--tools", "examples/tools.json"], None);
    assert_eq!(out.status.code(), Some(0));
    let catalog = stdout_json(&out);
    assert_eq!(catalog["tools"].as_array().unwrap().len(), 2);
    assert!(catalog["description"]
        .as_str()
        .unwrap()
        .contains("COMPLETE"));
}

#[test]
fn openapi_documents_become_tools() {
    let spec = "fixtures/openapi/oai-petstore.yaml";
    let out = codemode(&["catalog", "--lang", "lua", "--openapi", spec], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let catalog = stdout_json(&out);
    let paths: Vec<&str> = catalog["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["path"].as_str().unwrap())
        .collect();
    assert!(paths.iter().any(|p| p.contains("listPets")), "{paths:?}");

    // The same document twice defines every path twice: a usage error.
    let out = codemode(&["catalog", "--openapi", spec, "--openapi", spec], None);
    assert_eq!(out.status.code(), Some(2));
    // Not an OpenAPI document, and --auth without --openapi.
    let out = codemode(&["catalog", "--openapi", "examples/tools.json"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = codemode(&["catalog", "--auth", "bearer=x"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn lua_sources_with_latin1_bytes_in_literals_run_as_in_lua54() {
    let dir = std::env::temp_dir().join(format!("codemode-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.lua");
    // 0xE9 is 'é' in Latin-1 and not valid UTF-8 on its own; lua5.4 keeps the byte.
    let program: &[u8] = b"-- caf\xe9\nlocal s = 'caf\xe9'\nlocal l = [[\xe9\xe8]]\nreturn {#s, s:byte(4), #l, l:byte(2), ('\xc3\xa9'):byte(1, -1)}\n";
    std::fs::write(&path, program).unwrap();
    let out = codemode(&["run", path.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = stdout_json(&out);
    assert_eq!(
        v["value"],
        serde_json::json!([4, 233, 2, 232, 195, 169]),
        "{v}"
    );
    // JavaScript sources are text: the same bytes stay a usage error.
    let js = dir.join("latin1.js");
    std::fs::write(&js, b"return '\xe9'").unwrap();
    let out = codemode(&["run", js.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
}

/// The environment is hidden from the constructors that run before `main` (mimalloc's reads
/// `MIMALLOC_*` options from it) and given back at once: the allocator ignores it, and a
/// command tool, which inherits codemode's environment, still sees every variable.
#[test]
fn the_allocator_ignores_the_environment_and_tools_still_see_it() {
    let manifest = temp_file(
        "env-tool.json",
        r#"{"tools": {"env.probe": {"command": ["sh", "-c", "printf '{\"probe\":\"%s\"}' \"$CODEMODE_ENV_PROBE\""]}}}"#,
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(["run", "-", "--lang", "lua", "--tools"])
        .arg(&manifest)
        .env("MIMALLOC_VERBOSE", "1")
        .env("MIMALLOC_SHOW_STATS", "1")
        .env("CODEMODE_ENV_PROBE", "seen")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn codemode");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"return tools.env.probe({})").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "nothing on stderr"
    );
    let result = stdout_json(&out);
    assert_eq!(result["value"], json!({"probe": "seen"}), "{result}");
}

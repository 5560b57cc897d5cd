//! The TypeScript differential corpus: every tests/corpus_ts/*.ts runs in codemode as
//! written (types are stripped by the parser) and in node after the `typescript` package
//! strips them (`ts.transpileModule`, tests/ts_transpile.js); value (or error text) and logs
//! must match.
mod common;
use codemode_js::JsInterpreter;
use serde_json::{json, Value};

fn corpus() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus_ts");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus_ts dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ts"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The programs with their types stripped by the `typescript` package.
fn transpile(programs: &[String]) -> Vec<String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ts_transpile.js");
    let mut child = std::process::Command::new("node")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node must be installed for the differential tests");
    let input = serde_json::to_vec(programs).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "tests/ts_transpile.js failed (is the typescript package installed? see .ci/run)"
    );
    let result: Value = serde_json::from_slice(&out.stdout).expect("transpiler output");
    println!("typescript {}", result["version"]);
    result["out"]
        .as_array()
        .expect("one result per program")
        .iter()
        .map(|r| match r["js"].as_str() {
            Some(js) => js.to_string(),
            None => panic!("typescript rejected a corpus program: {}", r["error"]),
        })
        .collect()
}

#[test]
fn typescript_corpus_matches_node_after_type_stripping() {
    let files = corpus();
    assert!(files.len() >= 10, "the TypeScript corpus is missing");
    let sources: Vec<String> = files.iter().map(|f| f.1.clone()).collect();
    let expected = common::run_node(&transpile(&sources));
    let interp = JsInterpreter::new();
    let mut failures = Vec::new();
    for ((name, src), want) in files.iter().zip(expected.iter()) {
        let out = common::run(&interp, src);
        let got = match out.value {
            Ok(v) => json!({"value": v, "logs": out.logs}),
            Err(d) => json!({"error": d.message, "logs": out.logs}),
        };
        let got: Value = serde_json::from_str(&got.to_string()).unwrap();
        if want.get("error").is_some() {
            failures.push(format!("{name}: node failed: {want}"));
        } else if got != *want {
            failures.push(format!("{name}:\n  ours: {got}\n  node: {want}"));
        }
    }
    println!(
        "TypeScript corpus: {} of {} programs match node",
        files.len() - failures.len(),
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

//! The differential corpus: every tests/corpus/*.js runs in codemode and in node (as the
//! body of an async function); value (or error text) and logs must match.
mod common;
use codemode_js::JsInterpreter;
use serde_json::{json, Value};

fn corpus() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
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

pub fn run_ours(interp: &JsInterpreter, src: &str) -> Value {
    let out = common::run(interp, src);
    match out.value {
        Ok(v) => json!({"value": v, "logs": out.logs}),
        Err(d) => json!({"error": d.message, "logs": out.logs}),
    }
}

#[test]
fn corpus_matches_node() {
    let files = corpus();
    let sources: Vec<String> = files.iter().map(|f| f.1.clone()).collect();
    let expected = common::run_node(&sources);
    let interp = JsInterpreter::new();
    let mut failures = Vec::new();
    for ((name, src), want) in files.iter().zip(expected.iter()) {
        // Both sides go through JSON text, so float parsing differences cancel out.
        let got: Value = serde_json::from_str(&run_ours(&interp, src).to_string()).unwrap();
        if got != *want {
            failures.push(format!("{name}:\n  ours: {got}\n  node: {want}"));
        }
    }
    println!(
        "differential corpus: {} of {} programs match node",
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

//! Runs every program of tests/corpus in codemode-lua and in `lua5.4` (through
//! tests/harness.lua) and compares the returned value (numbers numerically) and the logs.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(i), Some(j)) = (x.as_i64(), y.as_i64()) {
                return i == j;
            }
            let (f, g) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            f == g || ((f - g).abs() <= 1e-12 * f.abs().max(g.abs()))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

pub fn reference(path: &Path) -> Value {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/harness.lua");
    let out = Command::new("lua5.4")
        .arg(&harness)
        .arg(path)
        .output()
        .expect("lua5.4 must be installed (apt-get install lua5.4) for the differential tests");
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("harness output for {}: {e}: {text}", path.display()))
}

pub fn ours(source: &str) -> Value {
    let o = common::run(source);
    let logs = Value::Array(o.logs.into_iter().map(Value::String).collect());
    match o.result {
        Ok(v) => serde_json::json!({"ok": true, "value": v, "logs": logs}),
        Err(d) => {
            let msg = match d.kind {
                codemode_core::DiagnosticKind::InvalidDataValue => {
                    format!("not data: {}", d.message)
                }
                _ => d.message,
            };
            serde_json::json!({"ok": false, "error": msg, "logs": logs})
        }
    }
}

fn agree(mine: &Value, theirs: &Value) -> bool {
    if mine["ok"] != theirs["ok"] || mine["logs"] != theirs["logs"] {
        return false;
    }
    if mine["ok"] == Value::Bool(true) {
        return same(&mine["value"], &theirs["value"]);
    }
    let (a, b) = (
        mine["error"].as_str().unwrap_or(""),
        theirs["error"].as_str().unwrap_or(""),
    );
    // Data-contract failures are worded by codemode-data; only the fact must agree.
    a == b || (a.starts_with("not data") && b.starts_with("not data"))
}

#[test]
fn corpus_matches_lua54() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "lua"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 200,
        "the corpus has {} programs, want at least 200",
        files.len()
    );
    let mut failures = Vec::new();
    for f in &files {
        let source = std::fs::read_to_string(f).expect("read corpus file");
        let theirs = reference(f);
        let mine = ours(&source);
        if !agree(&mine, &theirs) {
            failures.push(format!(
                "{}\n  lua5.4:  {}\n  codemode: {}",
                f.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
                theirs,
                mine
            ));
        }
    }
    println!(
        "{} of {} corpus programs agree with lua5.4",
        files.len() - failures.len(),
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

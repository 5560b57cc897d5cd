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

/// Left-associative chains far longer than the nesting bound (which counts depth, as Lua's
/// parser does, not length) run as in lua5.4: values, short-circuits, jumps in conditions
/// and the names in error messages.
#[test]
fn long_chains_match_lua54() {
    let n = 1000;
    let rep = |s: &str| s.repeat(n);
    let programs = [
        format!("return 1{}", rep("+1")),
        format!("local x = 2 return x{}", rep("+x")),
        format!("local x = 7 return x{}", rep("*x//x-x%3")),
        format!("local x = 5 return x{}", rep("|x&x~x<<1>>1")),
        format!("local a, b = true, false return a{}", rep(" and b or a")),
        format!("local a = 1 if a{} then return 'yes' end return 'no'", rep(" and a or nil")),
        format!("local a = 1 if a{} then return 'yes' end return 'no'", rep(" and nil")),
        format!("local a = nil if a{} then return 'yes' end return 'no'", rep(" or a")),
        format!("local a = 1 while a{} do return 'loop' end return 'none'", rep(" or a and nil")),
        format!("local a = 1 return a{}", rep(" == a")),
        format!("local a = 1 return (a{}) and 'eq' or 'ne'", rep(" ~= a")),
        format!("local t = {{}} t.a = t t.v = 42 return t{}.v", rep(".a")),
        format!("local t = {{}} t[1] = t t.v = 9 return t{}.v", rep("[1]")),
        format!("local t = {{}} t.a = t t{}.v = 3 return t.v", rep(".a")),
        format!(
            "local o = {{n = 0}} function o:m() self.n = self.n + 1 return self end return o{}.n",
            rep(":m()")
        ),
        format!("local function f() return f end return f{} == f", rep("()")),
        format!(
            "local o = {{n = 0}} function o:m(k) self.n = self.n + k return self end o{} return o.n",
            rep(":m(2)")
        ),
        format!("local t = {{a = {{}}}} return t.a{}", rep(".b")),
        format!("local s = 'x' return #(s{})", ".. s".repeat(150)),
        // Into an existing local's register (not a fresh temporary) and a table field.
        format!("local x, a = 0, 1 x = a{} return x", rep(" and a or a")),
        format!("local a = 2 local y = 0 y = a{} return y", rep(" - a + a")),
        format!("local a = 'k' local t = {{ a{} }} return t[1]", rep(" and a")),
        // Right-nested: one register per level, as in Lua (not a chain: bounded depth).
        format!("local x = 1 return 2{}", "^x".repeat(195)),
        format!("local x = 3 return x{} + 1", rep(" + x * 2 - x / 1")),
    ];
    let dir = std::env::temp_dir().join(format!("codemode-lua-chains-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failures = Vec::new();
    for (i, source) in programs.iter().enumerate() {
        let path = dir.join(format!("chain{i}.lua"));
        std::fs::write(&path, source).expect("write program");
        let theirs = reference(&path);
        let mine = ours(source);
        if !agree(&mine, &theirs) {
            failures.push(format!(
                "program {i}: {}...\n  lua5.4:  {theirs}\n  codemode: {mine}",
                &source[..source.len().min(80)]
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The crate's fixture directory.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Lua 5.4's verdict on `source`: `None` if it compiles, else its message without the
/// `program:LINE:` prefix, and the line. Panics (loudly) if `lua5.4` is not installed.
pub fn lua_load(source: &str) -> Option<(u32, String)> {
    let mut child = Command::new("lua5.4")
        .arg("-e")
        .arg("local f, e = load(io.read('a'), '=program'); io.stdout:write(e or 'OK')")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lua5.4 must be installed (apt-get install lua5.4) for the differential tests");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(source.as_bytes())
        .expect("write to lua5.4");
    let out = child.wait_with_output().expect("lua5.4 runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if text == "OK" {
        return None;
    }
    // "program:LINE: message", or "message" for errors without position (C stack overflow).
    match text
        .strip_prefix("program:")
        .and_then(|r| r.split_once(": "))
    {
        Some((line, msg)) => Some((line.parse().unwrap_or(0), msg.to_string())),
        None => Some((0, text)),
    }
}

/// The `.lua` files of a directory, sorted.
pub fn lua_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "lua"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

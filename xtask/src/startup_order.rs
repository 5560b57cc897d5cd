//! `cargo xtask startup-order`: writes crates/codemode-cli/startup-order.txt, the functions a
//! short run executes, which the CLI's build script hands to the linker (LLD's
//! `--symbol-ordering-file`) so they lie together in the binary's text. Each first touch of a
//! 64 KB window of text is a page fault at start; spread over the whole text, these
//! functions touched about 80 windows.
//!
//! The functions are those callgrind sees in `codemode run` of the start-up benchmarks
//! (fixtures/bench/startup.{js,lua}), by their symbol names, in the order first seen. A name
//! the next build does not have (its hash changes with the crate's version) is skipped by
//! the linker, so a stale list costs only the gain.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;

pub(crate) fn startup_order(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask startup-order".into());
    }
    crate::run(Command::new("cargo").args(["build", "--release", "-p", "codemode-cli"]))?;
    let root = crate::root();
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let binary = target.join("release/codemode");
    let out = std::env::temp_dir().join(format!("codemode-startup-order-{}", std::process::id()));
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let mut names = Vec::new();
    let mut seen = HashSet::new();
    for program in ["startup.js", "startup.lua"] {
        let profile = out.join(format!("{program}.callgrind"));
        let status = Command::new("valgrind")
            .arg("--tool=callgrind")
            .arg("--demangle=no")
            .arg(format!("--callgrind-out-file={}", profile.display()))
            .arg(&binary)
            .args(["run", "--timeout-ms", "600000"])
            .arg(root.join("fixtures/bench").join(program))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .map_err(|e| format!("cannot run valgrind (is it installed?): {e}"))?;
        if !status.success() {
            return Err(format!("callgrind of {program} failed: {status}"));
        }
        let text = std::fs::read_to_string(&profile).map_err(|e| e.to_string())?;
        for name in functions_of(&text, &binary) {
            if seen.insert(name.clone()) {
                names.push(name);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    let path = root.join("crates/codemode-cli/startup-order.txt");
    std::fs::write(&path, names.join("\n") + "\n").map_err(|e| e.to_string())?;
    eprintln!("wrote {} ({} functions)", path.display(), names.len());
    Ok(())
}

/// The functions of `binary` in a callgrind profile, in the order first named. The format
/// names an object or function once, as `ob=(id) name`, and later by `(id)` alone; `cob=`
/// and `cfn=` name a callee's, whose object is the caller's unless `cob=` says otherwise.
fn functions_of(profile: &str, binary: &Path) -> Vec<String> {
    let binary = binary.display().to_string();
    let mut objects: HashMap<String, String> = HashMap::new();
    let mut functions: HashMap<String, String> = HashMap::new();
    let mut current_object = String::new();
    let mut callee_object: Option<String> = None;
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    for line in profile.lines() {
        let Some((key, rest)) = line.split_once('=') else {
            continue;
        };
        let Some((id, name)) = parse_ref(rest) else {
            continue;
        };
        match key {
            "ob" | "cob" => {
                if let Some(name) = name {
                    objects.insert(id.to_owned(), name.to_owned());
                }
                let object = objects.get(id).cloned().unwrap_or_default();
                if key == "ob" {
                    current_object = object;
                    callee_object = None;
                } else {
                    callee_object = Some(object);
                }
            }
            "fn" | "cfn" => {
                if let Some(name) = name {
                    functions.insert(id.to_owned(), name.to_owned());
                }
                let object = if key == "cfn" {
                    callee_object
                        .take()
                        .unwrap_or_else(|| current_object.clone())
                } else {
                    current_object.clone()
                };
                let Some(name) = functions.get(id) else {
                    continue;
                };
                // Callgrind marks a recursion level as `name'2`.
                let name = name.split('\'').next().unwrap_or(name);
                if object == binary && is_symbol(name) && seen.insert(name.to_owned()) {
                    order.push(name.to_owned());
                }
            }
            _ => {}
        }
    }
    order
}

/// `(id) name` or `(id)`.
fn parse_ref(text: &str) -> Option<(&str, Option<&str>)> {
    let rest = text.strip_prefix('(')?;
    let (id, rest) = rest.split_once(')')?;
    let name = rest.strip_prefix(' ').filter(|n| !n.is_empty());
    Some((id, name))
}

/// A name the linker could know: not callgrind's `(below main)` or a bare address.
fn is_symbol(name: &str) -> bool {
    !name.starts_with("0x") && !name.contains([' ', '(', ')'])
}

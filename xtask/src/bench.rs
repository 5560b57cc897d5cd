//! `cargo xtask bench [lua|js] [--runs N]`: the benchmark programs of fixtures/bench in
//! codemode (whole process, release build, its start included) beside the engines found on
//! the machine: lua5.4, node and boa on PATH (whole process), and QuickJS-ng and LuaJIT's
//! interpreter (`jit.off()`) in-process through the Python packages `quickjs-ng` and `lupa`
//! when the Python in `CODEMODE_BENCH_PYTHON` (default `python3`) can import them (issue
//! 15's anchors: what a user would pick instead of us).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{root, run};

/// Times one program in an engine loaded into Python: a fresh context or Lua state per run
/// (as a fresh process is for the others), one warm-up run, then the mean of `runs` in ms.
const PYTHON_DRIVER: &str = r#"
import sys, time, importlib
engine, path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
src = open(path).read()
if engine == "quickjs":
    import quickjs
    code = "(function(){\n" + src + "\n})()"
    def once():
        quickjs.Context().eval(code)
else:
    lua = importlib.import_module("lupa.luajit21" if engine == "luajit" else "lupa.lua54")
    def once():
        rt = lua.LuaRuntime()
        if engine == "luajit":
            rt.execute("jit.off()")
        rt.execute(src)
once()
total = 0.0
for _ in range(runs):
    start = time.perf_counter()
    once()
    total += time.perf_counter() - start
print(total / runs * 1000.0)
"#;

/// An engine to compare with.
enum Engine {
    /// A whole process: the command, the file appended.
    Process(Vec<String>),
    /// In-process through Python: the driver's engine name.
    Python(&'static str),
}

/// The Python that runs `PYTHON_DRIVER`.
fn python() -> String {
    std::env::var("CODEMODE_BENCH_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Whether the bench's Python can import `module`.
fn python_has(module: &str) -> bool {
    Command::new(python())
        .args(["-c", &format!("import {module}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Mean time of `runs` runs of `file` in a Python-hosted engine.
fn time_python(engine: &str, file: &Path, runs: u32, tmp: &Path) -> Result<Duration, String> {
    let driver = tmp.join("driver.py");
    std::fs::write(&driver, PYTHON_DRIVER).map_err(|e| e.to_string())?;
    let out = Command::new(python())
        .arg(&driver)
        .args([engine, &file.display().to_string(), &runs.to_string()])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", python()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    match text.trim().parse::<f64>() {
        Ok(ms) if out.status.success() => Ok(Duration::from_secs_f64(ms / 1e3)),
        _ => Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .last()
            .unwrap_or("failed")
            .to_string()),
    }
}

fn on_path(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Mean wall time of `runs` runs of a whole process (after one warm-up run).
fn time_process(cmd: &[String], runs: u32) -> Result<Duration, String> {
    let go = || -> Result<Duration, String> {
        let start = Instant::now();
        let out = Command::new(&cmd[0])
            .args(&cmd[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("{}: {e}", cmd[0]))?;
        let elapsed = start.elapsed();
        if !out.status.success() {
            return Err(format!(
                "{} failed: {}",
                cmd.join(" "),
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
            ));
        }
        Ok(elapsed)
    };
    go()?;
    let mut total = Duration::ZERO;
    for _ in 0..runs {
        total += go()?;
    }
    Ok(total / runs)
}

pub(crate) fn bench(args: &[String]) -> Result<(), String> {
    let mut languages = vec!["lua", "js"];
    let mut runs = 5u32;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "lua" => languages = vec!["lua"],
            "js" => languages = vec!["js"],
            "--runs" => {
                i += 1;
                runs = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .ok_or("--runs needs a number")?;
            }
            other => return Err(format!("unknown bench argument {other}")),
        }
        i += 1;
    }
    run(Command::new("cargo").args(["build", "--release", "-p", "codemode-cli"]))?;
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("target"));
    let codemode = target.join("release/codemode").display().to_string();
    let fixtures = root().join("fixtures/bench");
    // regex has no Lua twin (Lua patterns are not regular expressions): JavaScript only.
    let programs_of = |lang: &str| -> Vec<&'static str> {
        let mut p = vec!["startup", "fib", "loop", "records", "strings"];
        if lang == "js" {
            p.push("regex");
        }
        p
    };
    let tmp = std::env::temp_dir().join("codemode-bench");
    let (quickjs, lupa) = (python_has("quickjs"), python_has("lupa"));
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    println!("mean of {runs} runs (after one warm-up): codemode, lua5.4, node and boa whole process; QuickJS-ng and lupa's Lua in-process; ratio = codemode / other");
    for lang in languages {
        println!("\n## {lang}");
        let mut header = String::from("| program | codemode |");
        let mut others: Vec<(&str, Engine)> = Vec::new();
        if on_path("lua5.4") {
            others.push(("lua5.4", Engine::Process(vec!["lua5.4".into()])));
        }
        if lang == "lua" && lupa {
            others.push(("PUC Lua 5.4 in-process", Engine::Python("lua54")));
            others.push(("LuaJIT interp. in-process", Engine::Python("luajit")));
        }
        if lang == "js" {
            if quickjs {
                others.push(("QuickJS-ng in-process", Engine::Python("quickjs")));
            }
            if on_path("node") {
                others.push(("node", Engine::Process(vec!["node".into()])));
            }
            if on_path("boa") {
                others.push(("boa", Engine::Process(vec!["boa".into()])));
            }
        }
        for (name, _) in &others {
            header.push_str(&format!(" {name} | ratio |"));
        }
        println!("{header}");
        println!("{}", "|---".repeat(1 + 2 * others.len() + 1) + "|");
        for program in programs_of(lang) {
            let file = fixtures.join(format!("{program}.{lang}"));
            if !file.exists() {
                return Err(format!("missing benchmark program {}", file.display()));
            }
            let ours = time_process(
                &[codemode.clone(), "run".into(), file.display().to_string()],
                runs,
            );
            let mut row = match &ours {
                Ok(t) => format!("| {program} | {:.1} ms |", t.as_secs_f64() * 1e3),
                Err(e) => format!("| {program} | error: {e} |"),
            };
            for (name, engine) in &others {
                // The Lua twin for lua5.4; a wrapped copy for boa (no top-level return there).
                let target = match *name {
                    "lua5.4" if !fixtures.join(format!("{program}.lua")).exists() => {
                        row.push_str(" - | - |");
                        continue;
                    }
                    "lua5.4" => fixtures.join(format!("{program}.lua")),
                    "boa" => {
                        let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
                        let wrapped = tmp.join(format!("{program}.boa.js"));
                        std::fs::write(&wrapped, format!("(function(){{\n{text}\n}})();\n"))
                            .map_err(|e| e.to_string())?;
                        wrapped
                    }
                    _ => file.clone(),
                };
                let theirs = match engine {
                    Engine::Process(cmd) => {
                        let mut full = cmd.clone();
                        full.push(target.display().to_string());
                        time_process(&full, runs)
                    }
                    Engine::Python(name) => time_python(name, &target, runs, &tmp),
                };
                match (theirs, &ours) {
                    (Ok(t), Ok(o)) => row.push_str(&format!(
                        " {:.1} ms | {:.2}× |",
                        t.as_secs_f64() * 1e3,
                        o.as_secs_f64() / t.as_secs_f64()
                    )),
                    (Ok(t), Err(_)) => {
                        row.push_str(&format!(" {:.1} ms | - |", t.as_secs_f64() * 1e3))
                    }
                    (Err(e), _) => row.push_str(&format!(" error: {e} | - |")),
                }
            }
            println!("{row}");
        }
    }
    println!("\nIn-process figures: cargo bench -p codemode-lua / -p codemode-js (criterion).");
    Ok(())
}

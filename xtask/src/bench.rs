//! `cargo xtask bench [lua|js] [--runs N]`: the benchmark programs of fixtures/bench in
//! codemode (whole process, release build, its start included) beside the engines found on
//! the machine: lua5.4, node and boa on PATH (whole process), and QuickJS-ng and LuaJIT's
//! interpreter (`jit.off()`) in-process through the Python packages `quickjs-ng` and `lupa`
//! when the Python in `CODEMODE_BENCH_PYTHON` (default `python3`) can import them (issue
//! 15's anchors: what a user would pick instead of us).
//!
//! The figures are medians over interleaved rounds, each round running every engine once
//! (the order rotating), of CPU time (user + system) and of wall time: the method of
//! docs/performance.md, so that a drift of the host's speed does not fall on one engine.
//! One Python driver runs every engine of a program: whole processes through `os.wait4`
//! (their own rusage), in-process engines between `time.process_time()` readings.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{root, run};

/// Reads one engine a line (`name`, `kind`, then a command's words for `process` or the
/// program's path for `quickjs`, `lua54` and `luajit`, tab-separated) and prints one line an
/// engine: `name`, median CPU ms, median wall ms; or `name`, `error`, the reason.
const PYTHON_DRIVER: &str = r#"
import importlib, os, statistics, subprocess, sys, tempfile, time

rounds = int(sys.argv[1])
engines = [line.split("\t") for line in sys.stdin.read().splitlines() if line]

def process_runner(cmd):
    err = tempfile.TemporaryFile()
    def once():
        err.seek(0)
        err.truncate()
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            lines = err.read().decode(errors="replace").strip().splitlines()
            raise RuntimeError(" ".join(cmd) + " failed: " + (lines[0] if lines else str(child.returncode)))
        return usage.ru_utime + usage.ru_stime, wall
    return once

def inprocess_runner(kind, path):
    src = open(path).read()
    if kind == "quickjs":
        import quickjs
        code = "(function(){\n" + src + "\n})()"
        def work():
            quickjs.Context().eval(code)
    else:
        lua = importlib.import_module("lupa.luajit21" if kind == "luajit" else "lupa.lua54")
        def work():
            runtime = lua.LuaRuntime()
            if kind == "luajit":
                runtime.execute("jit.off()")
            runtime.execute(src)
    def once():
        cpu, wall = time.process_time(), time.perf_counter()
        work()
        return time.process_time() - cpu, time.perf_counter() - wall
    return once

# [name, runner, cpu samples, wall samples, error]
entries = []
for name, kind, *args in engines:
    try:
        runner = process_runner(args) if kind == "process" else inprocess_runner(kind, args[0])
        runner()
        entries.append([name, runner, [], [], None])
    except Exception as e:
        entries.append([name, None, [], [], str(e)])
for i in range(rounds):
    k = i % len(entries)
    for entry in entries[k:] + entries[:k]:
        if entry[1] is None:
            continue
        try:
            cpu, wall = entry[1]()
            entry[2].append(cpu)
            entry[3].append(wall)
        except Exception as e:
            entry[1], entry[4] = None, str(e)
for name, _, cpu, wall, error in entries:
    if error is not None:
        print(name, "error", " ".join(error.split()), sep="\t")
    else:
        print(name, statistics.median(cpu) * 1e3, statistics.median(wall) * 1e3, sep="\t")
"#;

/// An engine to compare with.
#[derive(Clone)]
enum Engine {
    /// A whole process: the command, the file appended.
    Process(Vec<String>),
    /// In-process through Python: the driver's engine name.
    Python(&'static str),
}

/// Median CPU and wall time of one engine on one program, in ms.
#[derive(Clone, Copy)]
struct Times {
    cpu: f64,
    wall: f64,
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

fn on_path(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `engines` (name, engine, the file it runs) in `rounds` interleaved rounds.
fn measure(
    engines: &[(String, Engine, PathBuf)],
    rounds: u32,
    driver: &Path,
) -> Result<Vec<Result<Times, String>>, String> {
    let mut spec = String::new();
    for (name, engine, file) in engines {
        let file = file.display().to_string();
        let fields: Vec<String> = match engine {
            Engine::Process(cmd) => {
                let mut f = vec![name.clone(), "process".into()];
                f.extend(cmd.iter().cloned());
                f.push(file);
                f
            }
            Engine::Python(kind) => vec![name.clone(), (*kind).into(), file],
        };
        spec.push_str(&fields.join("\t"));
        spec.push('\n');
    }
    let mut child = Command::new(python())
        .arg(driver)
        .arg(rounds.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "xtask bench runs its engines from Python ({}): {e}",
                python()
            )
        })?;
    child
        .stdin
        .take()
        .ok_or("no stdin for the driver")?
        .write_all(spec.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("the bench driver failed with {}", out.status));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != engines.len() {
        return Err(format!("the bench driver printed {text:?}"));
    }
    Ok(lines
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.splitn(3, '\t').collect();
            match fields.as_slice() {
                [_, "error", why] => Err(why.to_string()),
                [_, cpu, wall] => match (cpu.parse(), wall.parse()) {
                    (Ok(cpu), Ok(wall)) => Ok(Times { cpu, wall }),
                    _ => Err(format!("unreadable line {line:?}")),
                },
                _ => Err(format!("unreadable line {line:?}")),
            }
        })
        .collect())
}

/// One table row: the program, codemode's time, then each engine's time and codemode's
/// ratio to it. `None` is an engine without this program (lua5.4 without a Lua twin).
fn row(program: &str, results: &[Option<Result<Times, String>>], pick: fn(Times) -> f64) -> String {
    let (ours, mut row) = match &results[0] {
        Some(Ok(t)) => (
            Some(pick(*t)),
            format!("| {program} | {:.1} ms |", pick(*t)),
        ),
        Some(Err(e)) => (None, format!("| {program} | error: {e} |")),
        None => (None, format!("| {program} | - |")),
    };
    for result in &results[1..] {
        match (result, ours) {
            (Some(Ok(t)), Some(o)) => {
                row.push_str(&format!(" {:.1} ms | {:.2}× |", pick(*t), o / pick(*t)))
            }
            (Some(Ok(t)), None) => row.push_str(&format!(" {:.1} ms | - |", pick(*t))),
            (Some(Err(e)), _) => row.push_str(&format!(" error: {e} | - |")),
            (None, _) => row.push_str(" - | - |"),
        }
    }
    row
}

pub(crate) fn bench(args: &[String]) -> Result<(), String> {
    let mut languages = vec!["lua", "js"];
    let mut rounds = 11u32;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "lua" => languages = vec!["lua"],
            "js" => languages = vec!["js"],
            "--runs" => {
                i += 1;
                rounds = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--runs needs a positive number")?;
            }
            other => return Err(format!("unknown bench argument {other}")),
        }
        i += 1;
    }
    run(Command::new("cargo").args(["build", "--release", "-p", "codemode-cli"]))?;
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("target"));
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
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    // A copy runs, not the linker's output: the file the linker has just written costs the
    // kernel more to map at every start than the same bytes copied (a JS start 21-27 %
    // slower, docs/performance/start.md). An installed binary starts as the copy does.
    let codemode = tmp.join("codemode");
    let _ = std::fs::remove_file(&codemode);
    std::fs::copy(target.join("release/codemode"), &codemode)
        .map_err(|e| format!("copying the release binary: {e}"))?;
    let codemode = codemode.display().to_string();
    let driver = tmp.join("driver.py");
    std::fs::write(&driver, PYTHON_DRIVER).map_err(|e| e.to_string())?;
    let quickjs = python_has("quickjs");
    let (lua54, luajit) = (python_has("lupa.lua54"), python_has("lupa.luajit21"));
    println!(
        "medians of {rounds} interleaved rounds (after one warm-up each): codemode, lua5.4, \
         node and boa as whole processes, QuickJS-ng and lupa's Lua in-process; \
         ratio = codemode / other"
    );
    for lang in languages {
        let mut others: Vec<(&str, Engine)> = Vec::new();
        if on_path("lua5.4") {
            others.push(("lua5.4", Engine::Process(vec!["lua5.4".into()])));
        }
        if lang == "lua" {
            if lua54 {
                others.push(("PUC Lua 5.4 in-process", Engine::Python("lua54")));
            }
            if luajit {
                others.push(("LuaJIT interp. in-process", Engine::Python("luajit")));
            }
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
        let mut header = String::from("| program | codemode |");
        for (name, _) in &others {
            header.push_str(&format!(" {name} | ratio |"));
        }
        let rule = "|---".repeat(2 + 2 * others.len()) + "|";
        let (mut cpu_rows, mut wall_rows) = (Vec::new(), Vec::new());
        for program in programs_of(lang) {
            let file = fixtures.join(format!("{program}.{lang}"));
            if !file.exists() {
                return Err(format!("missing benchmark program {}", file.display()));
            }
            let mut engines = vec![(
                "codemode".to_string(),
                Engine::Process(vec![codemode.clone(), "run".into()]),
                file.clone(),
            )];
            // Engines without this program (lua5.4 without a Lua twin) are left out of the
            // rounds and shown as "-".
            let mut absent = Vec::new();
            for (index, (name, engine)) in others.iter().enumerate() {
                // The Lua twin for lua5.4; a wrapped copy for boa (no top-level return there).
                let target = match *name {
                    "lua5.4" if !fixtures.join(format!("{program}.lua")).exists() => {
                        absent.push(index);
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
                engines.push((name.to_string(), engine.clone(), target));
            }
            eprintln!("bench: {program}.{lang}, {} engines", engines.len());
            let mut results: Vec<_> = measure(&engines, rounds, &driver)?
                .into_iter()
                .map(Some)
                .collect();
            for index in absent {
                results.insert(index + 1, None);
            }
            cpu_rows.push(row(program, &results, |t| t.cpu));
            wall_rows.push(row(program, &results, |t| t.wall));
        }
        println!("\n## {lang}: CPU time (user + system)\n\n{header}\n{rule}");
        cpu_rows.iter().for_each(|r| println!("{r}"));
        println!("\n## {lang}: wall time\n\n{header}\n{rule}");
        wall_rows.iter().for_each(|r| println!("{r}"));
    }
    println!("\nIn-process figures: cargo bench -p codemode-lua / -p codemode-js (criterion).");
    Ok(())
}

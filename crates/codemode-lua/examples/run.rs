//! Runs a Lua file through codemode-lua and prints the result, logs and fuel spent.
//! `cargo run -p codemode-lua --example run -- file.lua [--listing]`

use codemode_core::{CompileOptions, Execution, HostOutcome, StartOptions, StepState};
use codemode_lua::LuaInterpreter;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: run FILE.lua [--listing]");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(path).unwrap_or_default();
    let interp = LuaInterpreter::new();
    if let Some(n) = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1))
    {
        // End to end (compile, run, convert) n times; prints the mean time per execution.
        let n: u32 = n.parse().unwrap_or(1000);
        let start = std::time::Instant::now();
        for _ in 0..n {
            let p = interp
                .compile_lua(&source, &CompileOptions::default())
                .expect("compiles");
            let mut exec = p.start_lua(StartOptions::default());
            while let StepState::Running | StepState::Waiting = exec.step(u64::MAX).state {}
        }
        println!("mean {:?} per execution", start.elapsed() / n);
        return;
    }
    let program = match interp.compile_lua(&source, &CompileOptions::default()) {
        Ok(p) => p,
        Err(d) => {
            if args.iter().any(|a| a == "--json") {
                println!(
                    "{}",
                    serde_json::json!({"ok": false, "error": d.message, "logs": []})
                );
            } else {
                println!("compile error: {d:?}");
            }
            return;
        }
    };
    if args.iter().any(|a| a == "--json") {
        let mut exec = program.start_lua(StartOptions::default());
        let mut logs = Vec::new();
        loop {
            let step = exec.step(1_000_000);
            logs.extend(step.logs);
            for c in step.calls {
                exec.complete(
                    c.id,
                    HostOutcome::Err(codemode_core::HostError::new(
                        "ToolFailure",
                        "no host in tests",
                    )),
                );
            }
            match step.state {
                StepState::Running | StepState::Waiting => {}
                StepState::Done(c) => {
                    println!(
                        "{}",
                        serde_json::json!({"ok": true, "value": c.value, "logs": logs})
                    );
                    return;
                }
                StepState::Failed(d) => {
                    let msg = if d.kind == codemode_core::DiagnosticKind::InvalidDataValue {
                        format!("not data: {}", d.message)
                    } else {
                        d.message
                    };
                    println!(
                        "{}",
                        serde_json::json!({"ok": false, "error": msg, "logs": logs})
                    );
                    return;
                }
            }
        }
    }
    if args.iter().any(|a| a == "--listing") {
        print!("{}", program.listing());
    }
    let start = std::time::Instant::now();
    let mut exec = program.start_lua(StartOptions::default());
    loop {
        let step = exec.step(1_000_000);
        for l in step.logs {
            println!("log: {l}");
        }
        for c in step.calls {
            println!("host call: {:?} {}", c.target, c.input);
            exec.complete(c.id, HostOutcome::Ok(serde_json::Value::Null));
        }
        match step.state {
            StepState::Running | StepState::Waiting => {}
            StepState::Done(c) => {
                println!("value: {}", c.value);
                break;
            }
            StepState::Failed(d) => {
                println!("failed: {d:?}");
                break;
            }
        }
    }
    println!("fuel {} time {:?}", exec.fuel_used(), start.elapsed());
}

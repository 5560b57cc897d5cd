#![allow(dead_code)]
use codemode_core::*;
use codemode_js::JsInterpreter;
use serde_json::Value;

pub struct Outcome {
    pub value: Result<Value, Diagnostic>,
    pub logs: Vec<String>,
    pub warnings: Vec<String>,
    pub calls: Vec<HostCall>,
}

/// Compile options with these limits.
pub fn limited(limits: VmLimits) -> CompileOptions {
    CompileOptions {
        limits,
        ..Default::default()
    }
}

/// Runs a program to completion, answering tool calls with `tool(path, input)`.
pub fn run_with(
    interp: &JsInterpreter,
    src: &str,
    options: &CompileOptions,
    tool: &mut dyn FnMut(&HostCall) -> HostOutcome,
) -> Outcome {
    let mut logs = Vec::new();
    let mut calls = Vec::new();
    let program = match interp.compile(src, options) {
        Ok(p) => p,
        Err(d) => {
            return Outcome {
                value: Err(d),
                logs,
                warnings: vec![],
                calls,
            }
        }
    };
    let mut exec = program.start(StartOptions::default());
    let mut queue: Vec<HostCall> = Vec::new();
    for _ in 0..1_000_000 {
        let step = exec.step(100_000);
        logs.extend(step.logs);
        queue.extend(step.calls.iter().cloned());
        calls.extend(step.calls);
        match step.state {
            StepState::Running => {}
            StepState::Waiting => {
                if queue.is_empty() {
                    panic!("waiting with no calls");
                }
                let c = queue.remove(0);
                let out = tool(&c);
                exec.complete(c.id, out);
            }
            StepState::Done(c) => {
                return Outcome {
                    value: Ok(c.value),
                    logs,
                    warnings: c.warnings,
                    calls,
                }
            }
            StepState::Failed(d) => {
                return Outcome {
                    value: Err(d),
                    logs,
                    warnings: vec![],
                    calls,
                }
            }
        }
    }
    panic!("did not finish");
}

/// The default fake tool: echoes its path and input.
pub fn echo_tool(c: &HostCall) -> HostOutcome {
    match &c.target {
        HostTarget::Tool(p) if p.last().map(|s| s.as_str()) == Some("fail") => {
            HostOutcome::Err(HostError::new("ToolFailure", "the tool failed"))
        }
        HostTarget::Tool(p) => {
            HostOutcome::Ok(serde_json::json!({"path": p.join("."), "input": c.input}))
        }
        HostTarget::Search => HostOutcome::Ok(serde_json::json!(["found", c.input])),
        HostTarget::Extension(n) => HostOutcome::Ok(serde_json::json!({"ext": n, "args": c.input})),
    }
}

/// Default options for tests: a fuel bound low enough that a hang fails fast.
pub fn test_options() -> CompileOptions {
    CompileOptions {
        limits: VmLimits {
            max_fuel: 50_000_000,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    }
}

/// The value `src` returns (a panic naming the program on a diagnostic).
pub fn value(src: &str) -> Value {
    let i = JsInterpreter::new();
    match run(&i, src).value {
        Ok(v) => v,
        Err(d) => panic!("{src}: {d:?}"),
    }
}

pub fn run(interp: &JsInterpreter, src: &str) -> Outcome {
    run_with(interp, src, &test_options(), &mut echo_tool)
}

/// Runs a compiled program that makes no host calls until it ends or `timeout` passes (the
/// execution's deadline, checked between steps too).
pub fn run_to_deadline(
    program: Box<dyn Program>,
    timeout: std::time::Duration,
) -> Result<Value, Diagnostic> {
    let deadline = Deadline::after(timeout);
    let mut exec = program.start(StartOptions {
        deadline: Some(deadline),
        ..Default::default()
    });
    loop {
        let step = exec.step(100_000);
        match step.state {
            StepState::Done(c) => return Ok(c.value),
            StepState::Failed(d) => return Err(d),
            StepState::Running if deadline.passed() => return Err(deadline.diagnostic()),
            StepState::Running => {}
            StepState::Waiting => panic!("no host calls in these programs"),
        }
    }
}

/// Runs each program under `options` and checks that it fails with a diagnostic of `kind`.
pub fn assert_each_fails(
    interp: &JsInterpreter,
    sources: &[&str],
    options: &CompileOptions,
    kind: DiagnosticKind,
) {
    for src in sources {
        let out = run_with(interp, src, options, &mut echo_tool);
        match out.value {
            Err(d) => assert_eq!(d.kind, kind, "{src}: {}", d.message),
            Ok(v) => panic!("{src}: returned {v}"),
        }
    }
}

/// Runs programs in node through tests/node_driver.js (each as an async function body with a
/// fake `tools`, `search` and captured console); one result object per program.
pub fn run_node(programs: &[String]) -> Vec<Value> {
    let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/node_driver.js");
    let mut child = std::process::Command::new("node")
        .arg(driver)
        // codemode's dates are UTC unless the host sets a zone.
        .env("TZ", "UTC")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node must be installed for the differential tests");
    let input = serde_json::to_vec(programs).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let out = child.wait_with_output().unwrap();
    serde_json::from_slice(&out.stdout).expect("node driver output")
}

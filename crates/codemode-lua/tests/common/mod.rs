#![allow(dead_code)]
//! A tiny driver: steps an execution to completion, answering no host calls (or with a
//! caller-supplied answerer).

use codemode_core::{
    CompileOptions, Diagnostic, HostCall, HostOutcome, Interpreter, StartOptions, StepState,
    VmLimits,
};
use codemode_lua::LuaInterpreter;
use serde_json::Value;

pub struct Outcome {
    pub result: Result<Value, Diagnostic>,
    pub logs: Vec<String>,
    pub calls: Vec<HostCall>,
}

pub fn run_with(
    source: &str,
    options: &CompileOptions,
    mut answer: impl FnMut(&HostCall) -> HostOutcome,
) -> Outcome {
    let interp = LuaInterpreter::new();
    let mut logs = Vec::new();
    let mut calls = Vec::new();
    let program = match interp.compile(source, options) {
        Ok(p) => p,
        Err(d) => {
            return Outcome {
                result: Err(d),
                logs,
                calls,
            }
        }
    };
    let mut exec = program.start(StartOptions::default());
    loop {
        let step = exec.step(100_000);
        logs.extend(step.logs);
        for c in &step.calls {
            let out = answer(c);
            exec.complete(c.id, out);
        }
        calls.extend(step.calls);
        match step.state {
            StepState::Running | StepState::Waiting => continue,
            StepState::Done(c) => {
                return Outcome {
                    result: Ok(c.value),
                    logs,
                    calls,
                }
            }
            StepState::Failed(d) => {
                return Outcome {
                    result: Err(d),
                    logs,
                    calls,
                }
            }
        }
    }
}

pub fn run(source: &str) -> Outcome {
    run_with(source, &CompileOptions::default(), |_| {
        HostOutcome::Err(codemode_core::HostError::new(
            "ToolFailure",
            "no host in tests",
        ))
    })
}

pub fn run_limits(source: &str, limits: VmLimits) -> Outcome {
    let options = CompileOptions {
        limits,
        ..CompileOptions::default()
    };
    run_with(source, &options, |_| {
        HostOutcome::Err(codemode_core::HostError::new(
            "ToolFailure",
            "no host in tests",
        ))
    })
}

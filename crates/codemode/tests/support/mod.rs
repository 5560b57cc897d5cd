//! A tiny test-only interpreter that drives the facade without a real language: each line of
//! a "script" is one instruction.
//!
//! ```text
//! call a.b {"x":1}        issue an async tool call (the program keeps running)
//! callsync a.b {"x":1}    issue a blocking call and wait for it
//! search {"query":"x"}    blocking search
//! ext fs.read ["p"]       blocking extension call
//! await                   wait until every issued call is answered
//! log some text           one log line
//! spin                    run forever (burns every slice)
//! static a.b              declare a literal tool path (checked before the run)
//! return <json>|results|options   finish with a value, the answers so far, or the compile options
//! rethrow                 fail with the last call error as an uncaught exception would
//! panic                   panic inside the interpreter (a stand-in for an interpreter bug)
//! ```
#![allow(dead_code)]

use codemode::core::{
    CallId, CallMode, CompileOptions, Completion, Diagnostic, DiagnosticKind, Execution, HostCall,
    HostOutcome, HostTarget, Interpreter, Language, Program, StartOptions, Step, StepState,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

pub struct ScriptInterpreter {
    pub language: Language,
}

impl ScriptInterpreter {
    pub fn lua() -> Arc<dyn Interpreter> {
        Arc::new(ScriptInterpreter {
            language: Language::Lua,
        })
    }
    pub fn js() -> Arc<dyn Interpreter> {
        Arc::new(ScriptInterpreter {
            language: Language::JavaScript,
        })
    }
}

impl Interpreter for ScriptInterpreter {
    fn language(&self) -> Language {
        self.language
    }

    fn compile(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<Box<dyn Program>, Diagnostic> {
        let mut lines = Vec::new();
        let mut statics = Vec::new();
        for (i, line) in source.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (op, rest) = line.split_once(' ').unwrap_or((line, ""));
            match op {
                "call" | "callsync" | "search" | "ext" | "await" | "log" | "spin" | "return"
                | "rethrow" | "panic" => lines.push((op.to_owned(), rest.to_owned())),
                "static" => statics.push((
                    rest.split('.').map(str::to_owned).collect(),
                    Some(codemode::Location::new(i as u32 + 1, 1)),
                )),
                _ => {
                    return Err(Diagnostic::new(
                        DiagnosticKind::ParseError,
                        format!("unknown op {op}"),
                    )
                    .at(codemode::Location::new(i as u32 + 1, 1)))
                }
            }
        }
        let options = json!({
            "toolGlobals": options.tool_globals,
            "root": format!("{:?}", options.tool_root),
            "extensions": options.extensions.iter().map(|e| json!([e.name, e.is_async])).collect::<Vec<_>>(),
        });
        Ok(Box::new(Script {
            lines,
            statics,
            options,
        }))
    }
}

struct Script {
    lines: Vec<(String, String)>,
    statics: Vec<(Vec<String>, Option<codemode::Location>)>,
    options: Value,
}

impl Program for Script {
    fn static_tool_paths(&self) -> Vec<(Vec<String>, Option<codemode::Location>)> {
        self.statics.clone()
    }

    fn start(self: Box<Self>, _options: StartOptions) -> Box<dyn Execution> {
        Box::new(Run {
            script: *self,
            pc: 0,
            next_id: 0,
            outstanding: BTreeMap::new(),
            answers: Vec::new(),
            last_error: None,
        })
    }
}

struct Run {
    script: Script,
    pc: usize,
    next_id: u64,
    outstanding: BTreeMap<u64, usize>,
    answers: Vec<Value>,
    last_error: Option<String>,
}

impl Run {
    fn issue(&mut self, target: HostTarget, input: Value, mode: CallMode) -> HostCall {
        let id = self.next_id;
        self.next_id += 1;
        self.outstanding.insert(id, self.answers.len());
        self.answers.push(Value::Null);
        HostCall {
            id: CallId(id),
            target,
            input,
            mode,
            location: None,
        }
    }
}

fn parse_call(rest: &str) -> (Vec<String>, Value) {
    let (path, input) = rest.split_once(' ').unwrap_or((rest, "null"));
    (
        path.split('.').map(str::to_owned).collect(),
        serde_json::from_str(input).expect("json"),
    )
}

impl Execution for Run {
    fn step(&mut self, _fuel: u64) -> Step {
        let mut calls = Vec::new();
        let mut logs = Vec::new();
        loop {
            let Some((op, rest)) = self.script.lines.get(self.pc).cloned() else {
                return Step {
                    calls,
                    logs,
                    state: StepState::Done(Completion {
                        value: Value::Null,
                        warnings: vec![],
                    }),
                };
            };
            match op.as_str() {
                "call" => {
                    let (path, input) = parse_call(&rest);
                    calls.push(self.issue(HostTarget::Tool(path), input, CallMode::Async));
                }
                "callsync" | "search" | "ext" => {
                    let call = match op.as_str() {
                        "callsync" => {
                            let (path, input) = parse_call(&rest);
                            self.issue(HostTarget::Tool(path), input, CallMode::Blocking)
                        }
                        "search" => self.issue(
                            HostTarget::Search,
                            serde_json::from_str(&rest).expect("json"),
                            CallMode::Blocking,
                        ),
                        _ => {
                            let (name, input) = rest.split_once(' ').unwrap_or((&rest, "[]"));
                            self.issue(
                                HostTarget::Extension(name.to_owned()),
                                serde_json::from_str(input).expect("json"),
                                CallMode::Blocking,
                            )
                        }
                    };
                    let id = call.id.0;
                    calls.push(call);
                    self.pc += 1;
                    self.script
                        .lines
                        .insert(self.pc, ("awaitid".into(), id.to_string()));
                    continue;
                }
                "awaitid" => {
                    let id: u64 = rest.parse().expect("id");
                    if self.outstanding.contains_key(&id) {
                        return Step {
                            calls,
                            logs,
                            state: StepState::Waiting,
                        };
                    }
                }
                "await" => {
                    if !self.outstanding.is_empty() {
                        return Step {
                            calls,
                            logs,
                            state: StepState::Waiting,
                        };
                    }
                }
                "log" => logs.push(rest.clone()),
                "spin" => {
                    return Step {
                        calls,
                        logs,
                        state: StepState::Running,
                    }
                }
                "rethrow" => {
                    let message = self.last_error.clone().unwrap_or_default();
                    return Step {
                        calls,
                        logs,
                        state: StepState::Failed(Diagnostic::new(
                            DiagnosticKind::ExecutionFailure,
                            format!("program:1: {message}"),
                        )),
                    };
                }
                "panic" => panic!("script asked to panic"),
                "return" => {
                    let value = match rest.as_str() {
                        "results" => Value::Array(self.answers.clone()),
                        "options" => self.script.options.clone(),
                        text => serde_json::from_str(text).expect("json"),
                    };
                    return Step {
                        calls,
                        logs,
                        state: StepState::Done(Completion {
                            value,
                            warnings: vec![],
                        }),
                    };
                }
                _ => unreachable!(),
            }
            self.pc += 1;
        }
    }

    fn complete(&mut self, id: CallId, outcome: HostOutcome) {
        let Some(slot) = self.outstanding.remove(&id.0) else {
            return;
        };
        self.answers[slot] = match outcome {
            HostOutcome::Ok(v) => v,
            HostOutcome::Err(e) => {
                self.last_error = Some(e.message.clone());
                json!({"error": e.message, "code": e.code})
            }
            HostOutcome::Fatal(d) => json!({"fatal": d.message}),
        };
    }
}

/// A tool that never answers (for deadlines, cancellation and pending-call bounds).
pub fn never(path: &str) -> codemode::Tool {
    codemode::Tool::new(
        path,
        "Never answers",
        json!({"type": "object"}),
        |_: Value, _| async move {
            std::future::pending::<Result<Value, codemode::ToolError>>().await
        },
    )
    .expect("a valid tool")
}

/// A JavaScript-flavoured runtime over the script interpreter with `tools`.
pub fn runtime(tools: Vec<codemode::Tool>) -> codemode::Builder {
    codemode::CodeMode::builder()
        .interpreter(ScriptInterpreter::js())
        .tools(tools)
}

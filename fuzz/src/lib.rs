//! The bodies of the fuzz targets, kept out of the `fuzz_target!` macros so a plain test
//! (`tests/bodies.rs`) can run them over generated inputs on a stable compiler.
//!
//! Every body panics only when it finds a bug: a panic inside a crate under test, an
//! execution that never finishes, a size accounting that disagrees with serde_json, or a
//! truncation over its budget.

pub mod bounded;

use std::sync::OnceLock;

use codemode_catalog::{signature, CallContext, RenderOptions, SignatureForm, Tool, ToolError};
use codemode_core::{
    CompileOptions, Diagnostic, Execution, HostError, HostOutcome, Interpreter, Language,
    StartOptions, StepState, ToolRoot, VmLimits,
};
use serde_json::Value;

/// Fuel per step: a few dozen steps per execution at most under [`tight_limits`].
const SLICE: u64 = 10_000;

/// More steps than any execution under [`tight_limits`] can need; reaching it means the
/// interpreter stopped charging fuel (a hang).
const MAX_STEPS: usize = 10_000;

/// Bounds small enough that every fuzz input runs in milliseconds.
pub fn tight_limits() -> VmLimits {
    VmLimits {
        max_source_bytes: 64 << 10,
        max_nesting: 64,
        max_fuel: 200_000,
        max_memory_bytes: 8 << 20,
        max_frames: 64,
        max_string_len: 1 << 20,
        max_collection_len: 1 << 16,
    }
}

fn lua() -> &'static codemode_lua::LuaInterpreter {
    static LUA: OnceLock<codemode_lua::LuaInterpreter> = OnceLock::new();
    LUA.get_or_init(codemode_lua::LuaInterpreter::new)
}

fn js() -> &'static codemode_js::JsInterpreter {
    static JS: OnceLock<codemode_js::JsInterpreter> = OnceLock::new();
    JS.get_or_init(codemode_js::JsInterpreter::new)
}

/// Compiles and runs `source` under [`tight_limits`], answering every host call with an
/// error the program may catch. Returns the program's result or its diagnostic; panics if
/// the execution does not finish within the fuel it was given.
pub fn run_program(interpreter: &dyn Interpreter, source: &str) -> Result<Value, Diagnostic> {
    let options = CompileOptions {
        tool_root: ToolRoot::Tools,
        limits: tight_limits(),
        ..CompileOptions::default()
    };
    let program = interpreter.compile(source, &options)?;
    let mut execution = program.start(StartOptions::default());
    drive(execution.as_mut())
}

/// Steps an execution to its end. Calls are answered as soon as they are issued, so an
/// execution that reports `Waiting` without issuing a call waits on nothing.
fn drive(execution: &mut dyn Execution) -> Result<Value, Diagnostic> {
    for _ in 0..MAX_STEPS {
        let step = execution.step(SLICE);
        let issued = step.calls.len();
        for call in step.calls {
            let error = HostError::new("ToolFailure", "no host while fuzzing");
            execution.complete(call.id, HostOutcome::Err(error));
        }
        match step.state {
            StepState::Running => {}
            StepState::Waiting => assert!(
                issued > 0,
                "the execution waits although every host call was answered"
            ),
            StepState::Done(completion) => return Ok(completion.value),
            StepState::Failed(diagnostic) => return Err(diagnostic),
        }
    }
    panic!("the execution did not finish within {MAX_STEPS} steps of {SLICE} fuel");
}

/// `lua_exec`: any Lua program compiles and runs to a result or a diagnostic.
pub fn lua_exec(data: &[u8]) {
    if let Ok(source) = std::str::from_utf8(data) {
        let _ = run_program(lua(), source);
    }
}

/// `js_exec`: any JavaScript program compiles and runs to a result or a diagnostic.
pub fn js_exec(data: &[u8]) {
    if let Ok(source) = std::str::from_utf8(data) {
        let _ = run_program(js(), source);
    }
}

/// `regex_match`: the input is `flags`, a newline, a pattern, a newline and a subject.
/// Any pattern compiles or fails with a SyntaxError; every search ends within a tight
/// budget (fuel and backtracking memory) with spans inside the subject, never hanging or
/// panicking whatever the nesting or the quantifiers.
pub fn regex_match(data: &[u8]) {
    use codemode_regex::{Limits, Regex};
    let text = String::from_utf8_lossy(data);
    let mut parts = text.splitn(3, '\n');
    let flags: Vec<u16> = parts.next().unwrap_or("").encode_utf16().collect();
    let pattern: Vec<u16> = parts.next().unwrap_or("").encode_utf16().collect();
    let subject: Vec<u16> = parts.next().unwrap_or("").encode_utf16().collect();
    let Ok(re) = Regex::with_flags(&pattern, &flags) else {
        return;
    };
    let mut limits = Limits {
        fuel: 200_000,
        max_memory: 1 << 20,
        deadline: None,
    };
    let mut at = 0;
    // Every match, as a global search does, until the budget or the subject ends.
    while at <= subject.len() {
        let Ok(Some(m)) = re.find_at(&subject, at, re.flags().sticky, &mut limits) else {
            break;
        };
        assert!((at..=m.end()).contains(&m.start()), "match {m:?} from {at}");
        assert!(m.end() <= subject.len(), "match {m:?}");
        for i in 0..m.len() {
            if let Some((a, b)) = m.group(i) {
                assert!((a..=subject.len()).contains(&b), "group {i}: {a}..{b}");
            }
        }
        at = if m.end() > m.start() {
            m.end()
        } else {
            m.end() + 1
        };
    }
}

/// A cheap hash of the whole input, so the choices a target makes beside the document (a
/// budget, a tool path) vary with every mutation while any JSON file is still a valid seed.
fn choice(data: &[u8]) -> usize {
    data.iter().fold(data.len(), |h, &b| {
        h.wrapping_mul(31).wrapping_add(usize::from(b))
    })
}

/// `data_roundtrip`: for any JSON document, `encoded_len` is the length of serde_json's
/// encoding, and `truncate` keeps the result within any budget of 64 bytes or more.
pub fn data_roundtrip(data: &[u8]) {
    let budget = 64 + choice(data) % 4096;
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let encoded = serde_json::to_vec(&value).expect("a parsed value encodes");
    assert_eq!(codemode_data::encoded_len(&value), encoded.len());
    let within = codemode_data::encoded_len_within(&value, budget);
    assert_eq!(within, (encoded.len() <= budget).then_some(encoded.len()));
    let truncation = codemode_data::truncate(value.clone(), budget);
    assert_eq!(truncation.original_bytes, encoded.len());
    assert_eq!(truncation.truncated, encoded.len() > budget);
    let out = codemode_data::encoded_len(&truncation.value);
    assert!(out <= budget, "truncated to {out} bytes, budget {budget}");
    if !truncation.truncated {
        assert_eq!(truncation.value, value);
    }
}

/// Tool paths with segments that are and are not identifiers in either language.
const PATHS: [&str; 4] = [
    "orders.lookup",
    "github.issues.list-for-repo",
    "ns.end",
    "weird.\"quoted\".tool",
];

/// `schema_signature`: any JSON value used as a tool's input and output schema renders in
/// both languages and both forms, under each tool root and for paths that are and are not
/// identifiers.
pub fn schema_signature(data: &[u8]) {
    let Ok(schema) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let choice = choice(data);
    let path = PATHS[choice % PATHS.len()];
    let root = match (choice / PATHS.len()) % 3 {
        0 => ToolRoot::Tools,
        1 => ToolRoot::Globals,
        _ => ToolRoot::Named("codemode".to_string()),
    };
    let handler = |_: Value, _: CallContext| async { Err::<Value, _>(ToolError::new("unused")) };
    let Ok(tool) = Tool::new(path, "A fuzzed tool.", schema.clone(), handler) else {
        return;
    };
    let tool = tool.with_output_schema(schema).render_only();
    for language in [Language::JavaScript, Language::Lua] {
        let options = RenderOptions::new(language, root.clone());
        for form in [SignatureForm::Compact, SignatureForm::Full] {
            let text = signature(&tool, &options, form);
            assert!(!text.is_empty());
        }
    }
}

use codemode_core::{Diagnostic, DiagnosticKind, Location};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use std::time::Duration;

/// How a host call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStatus {
    /// The tool answered and its output passed the checks.
    Succeeded,
    /// The call was rejected or the tool failed; the program saw an error.
    Failed,
    /// A before-hook refused it; the tool never ran.
    Denied,
    /// Started, then interrupted (timeout or the program's end): it may or may not have taken
    /// effect, so the host must reconcile it.
    Uncertain,
}

impl CallStatus {
    /// The name used in the serialized result (`succeeded`, `failed`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            CallStatus::Succeeded => "succeeded",
            CallStatus::Failed => "failed",
            CallStatus::Denied => "denied",
            CallStatus::Uncertain => "uncertain",
        }
    }
}

/// What kind of host call a record describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A tool of the catalog.
    Tool,
    /// The built-in `search`.
    Search,
    /// A host extension.
    Extension,
}

impl CallKind {
    /// The name used in the serialized result (`tool`, `search`, `extension`).
    pub fn as_str(self) -> &'static str {
        match self {
            CallKind::Tool => "tool",
            CallKind::Search => "search",
            CallKind::Extension => "extension",
        }
    }
}

/// One admitted host call, in admission order.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCallRecord {
    /// Dotted tool path, `search`, or the extension's dotted name.
    pub name: String,
    /// What was called.
    pub kind: CallKind,
    /// The input, or, when its JSON text is over `Limits::max_record_input_bytes`, a string
    /// holding the start of that text and a truncation marker (the tool got it whole).
    pub input: Value,
    /// How the call ended.
    pub status: CallStatus,
    /// What the program saw when the call failed or was denied (cut to
    /// `Limits::max_record_input_bytes`, with a marker).
    pub error: Option<String>,
    /// How long the call ran (zero when it never started).
    pub duration: Duration,
}

impl Serialize for ToolCallRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("name", &self.name)?;
        m.serialize_entry("kind", self.kind.as_str())?;
        m.serialize_entry("status", self.status.as_str())?;
        m.serialize_entry("input", &self.input)?;
        if let Some(e) = &self.error {
            m.serialize_entry("error", e)?;
        }
        let ms = (self.duration.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0;
        m.serialize_entry("durationMs", &ms)?;
        m.end()
    }
}

/// A non-fatal notice attached to a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// `Truncated` when something was cut, else the kind of failure it is about.
    pub kind: DiagnosticKind,
    /// What happened, for the model.
    pub message: String,
}

impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("kind", self.kind.as_str())?;
        m.serialize_entry("message", &self.message)?;
        m.end()
    }
}

/// Call records left out of a result to keep it within its bounds, counted by status. Only
/// records after the kept ones are left out: `tool_calls` is always the first calls, in
/// admission order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OmittedCalls {
    /// How many records were left out.
    pub count: usize,
    /// How many of them succeeded.
    pub succeeded: usize,
    /// How many failed.
    pub failed: usize,
    /// How many were denied by a hook.
    pub denied: usize,
    /// How many were interrupted after they started: the host must reconcile these.
    pub uncertain: usize,
}

impl OmittedCalls {
    pub(crate) fn add(&mut self, status: CallStatus) {
        self.count += 1;
        match status {
            CallStatus::Succeeded => self.succeeded += 1,
            CallStatus::Failed => self.failed += 1,
            CallStatus::Denied => self.denied += 1,
            CallStatus::Uncertain => self.uncertain += 1,
        }
    }
}

impl Serialize for OmittedCalls {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("count", &self.count)?;
        m.serialize_entry("succeeded", &self.succeeded)?;
        m.serialize_entry("failed", &self.failed)?;
        m.serialize_entry("denied", &self.denied)?;
        m.serialize_entry("uncertain", &self.uncertain)?;
        m.end()
    }
}

/// The result of one execution, serialized in the seeds' camelCase shape:
/// `{ok:true, value, logs?, warnings?, truncated?, toolCalls, toolCallsOmitted?}` or
/// `{ok:false, error:{kind, message, location?, suggestions?}, logs?, warnings?, toolCalls,
/// toolCallsOmitted?}`. When `Limits::max_output_bytes` is set, the serialized result fits
/// in it (when the limit leaves room for the envelope and the warnings at all); whatever was
/// cut to get there is said in a `Truncated` warning.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutionResult {
    /// The returned value, or the diagnostic the execution ended with.
    pub outcome: Result<Value, Diagnostic>,
    /// The most recent log lines within the log budget.
    pub logs: Vec<String>,
    /// Non-fatal notices, `Truncated` ones included.
    pub warnings: Vec<Warning>,
    /// Whether the value was replaced by a truncated preview.
    pub truncated: bool,
    /// The first host calls, in admission order.
    pub tool_calls: Vec<ToolCallRecord>,
    /// The host calls whose records were left out (after `tool_calls`).
    pub omitted_tool_calls: OmittedCalls,
}

impl ExecutionResult {
    /// Whether the execution succeeded.
    pub fn is_ok(&self) -> bool {
        self.outcome.is_ok()
    }

    /// The value, if the execution succeeded.
    pub fn value(&self) -> Option<&Value> {
        self.outcome.as_ref().ok()
    }

    /// The diagnostic, if the execution failed.
    pub fn error(&self) -> Option<&Diagnostic> {
        self.outcome.as_ref().err()
    }

    /// The result as JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

struct ErrorBody<'a>(&'a Diagnostic);

impl Serialize for ErrorBody<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", d.kind.as_str())?;
        m.serialize_entry("message", &d.message)?;
        if let Some(Location { line, column }) = d.location {
            m.serialize_entry(
                "location",
                &serde_json::json!({ "line": line, "column": column }),
            )?;
        }
        if !d.suggestions.is_empty() {
            m.serialize_entry("suggestions", &d.suggestions)?;
        }
        m.end()
    }
}

impl Serialize for ExecutionResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match &self.outcome {
            Ok(value) => {
                m.serialize_entry("ok", &true)?;
                m.serialize_entry("value", value)?;
            }
            Err(d) => {
                m.serialize_entry("ok", &false)?;
                m.serialize_entry("error", &ErrorBody(d))?;
            }
        }
        if !self.logs.is_empty() {
            m.serialize_entry("logs", &self.logs)?;
        }
        // A failed result carries warnings too: what was cut must be said either way.
        if !self.warnings.is_empty() {
            m.serialize_entry("warnings", &self.warnings)?;
        }
        if self.truncated {
            m.serialize_entry("truncated", &true)?;
        }
        m.serialize_entry("toolCalls", &self.tool_calls)?;
        if self.omitted_tool_calls.count > 0 {
            m.serialize_entry("toolCallsOmitted", &self.omitted_tool_calls)?;
        }
        m.end()
    }
}

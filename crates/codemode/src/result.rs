use codemode_core::{Diagnostic, DiagnosticKind, Location};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use std::time::Duration;

/// How a host call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStatus {
    /// The call returned a value.
    Succeeded,
    /// The call failed (the program saw an error).
    Failed,
    /// A before-hook refused it; the tool never ran.
    Denied,
    /// Started, then interrupted (timeout or the program's end): it may or may not have taken
    /// effect, so the host must reconcile it.
    Uncertain,
}

impl CallStatus {
    /// The status as it appears in records (`"succeeded"`, ...).
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
    /// A tool from the catalog.
    Tool,
    /// The built-in `search(...)`.
    Search,
    /// A host extension function.
    Extension,
}

impl CallKind {
    /// The kind as it appears in records (`"tool"`, ...).
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
    /// Whether it was a tool, search or an extension.
    pub kind: CallKind,
    /// The call's input.
    pub input: Value,
    /// How the call ended.
    pub status: CallStatus,
    /// What the program saw when the call failed or was denied.
    pub error: Option<String>,
    /// How long the call took.
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
    /// What kind of notice this is (for example `Truncated`).
    pub kind: DiagnosticKind,
    /// What happened.
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

/// The result of one execution, serialized exactly in the seeds' camelCase shape:
/// `{ok:true, value, warnings?, logs?, truncated?, toolCalls}` or
/// `{ok:false, error:{kind, message, location?, suggestions?}, logs?, truncated?, toolCalls}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutionResult {
    /// The program's value, or the diagnostic it failed with.
    pub outcome: Result<Value, Diagnostic>,
    /// The lines the program logged, within the log budget.
    pub logs: Vec<String>,
    /// Non-fatal notices.
    pub warnings: Vec<Warning>,
    /// Whether the value was cut to fit the output limit.
    pub truncated: bool,
    /// Every admitted host call, in admission order.
    pub tool_calls: Vec<ToolCallRecord>,
}

impl ExecutionResult {
    /// Whether the program returned a value.
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

    pub(crate) fn failed(diagnostic: Diagnostic) -> ExecutionResult {
        ExecutionResult {
            outcome: Err(diagnostic),
            logs: Vec::new(),
            warnings: Vec::new(),
            truncated: false,
            tool_calls: Vec::new(),
        }
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
        if !self.warnings.is_empty() && self.outcome.is_ok() {
            m.serialize_entry("warnings", &self.warnings)?;
        }
        if self.truncated {
            m.serialize_entry("truncated", &true)?;
        }
        m.serialize_entry("toolCalls", &self.tool_calls)?;
        m.end()
    }
}

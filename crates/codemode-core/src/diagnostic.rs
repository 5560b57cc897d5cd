use serde::{Deserialize, Serialize};

/// The kinds of failure an execution can end in (and `Truncated`, which is only ever a
/// warning).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DiagnosticKind {
    /// The source is not a valid program in its language.
    ParseError,
    /// The source is valid but uses a construct codemode does not run.
    UnsupportedSyntax,
    /// The program called a tool that does not exist (or is not enabled).
    UnknownTool,
    /// A tool's input did not match its input schema.
    InvalidToolInput,
    /// A tool answered with a value that does not match its output schema.
    InvalidToolOutput,
    /// A value crossing the data boundary is not JSON data (a function, a cycle, a
    /// non-finite number) or is too large.
    InvalidDataValue,
    /// The program made more tool calls than the limit allows.
    ToolCallLimitExceeded,
    /// The execution ran past its timeout.
    TimeoutExceeded,
    /// A tool failed and the program did not handle the error.
    ToolFailure,
    /// The program raised an error or ran out of a resource (fuel, memory, frames).
    ExecutionFailure,
    /// Output was cut to fit a budget (a warning, never a failure).
    Truncated,
}

impl DiagnosticKind {
    /// The kind's name as it appears in results (`"ParseError"`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            DiagnosticKind::ParseError => "ParseError",
            DiagnosticKind::UnsupportedSyntax => "UnsupportedSyntax",
            DiagnosticKind::UnknownTool => "UnknownTool",
            DiagnosticKind::InvalidToolInput => "InvalidToolInput",
            DiagnosticKind::InvalidToolOutput => "InvalidToolOutput",
            DiagnosticKind::InvalidDataValue => "InvalidDataValue",
            DiagnosticKind::ToolCallLimitExceeded => "ToolCallLimitExceeded",
            DiagnosticKind::TimeoutExceeded => "TimeoutExceeded",
            DiagnosticKind::ToolFailure => "ToolFailure",
            DiagnosticKind::ExecutionFailure => "ExecutionFailure",
            DiagnosticKind::Truncated => "Truncated",
        }
    }
}

impl std::fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position in the program's source: 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl Location {
    /// The location at `line` and `column` (both 1-based).
    pub fn new(line: u32, column: u32) -> Self {
        Location { line, column }
    }

    /// The location of byte offset `offset` in `source`.
    pub fn from_offset(source: &str, offset: usize) -> Self {
        let offset = offset.min(source.len());
        let mut line = 1u32;
        let mut line_start = 0usize;
        for (i, b) in source.as_bytes()[..offset].iter().enumerate() {
            if *b == b'\n' {
                line += 1;
                line_start = i + 1;
            }
        }
        let column = source
            .get(line_start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(offset - line_start) as u32
            + 1;
        Location { line, column }
    }
}

/// How an execution failed: a kind, a message the model can act on, where, and what it may
/// have meant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{kind}: {message}")]
pub struct Diagnostic {
    /// What kind of failure this is.
    pub kind: DiagnosticKind,
    /// What went wrong, written for the model to act on.
    pub message: String,
    /// Where in the source, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// Names the program may have meant (for example close tool paths).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub suggestions: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic of `kind` with `message`, no location and no suggestions.
    pub fn new(kind: DiagnosticKind, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            message: message.into(),
            location: None,
            suggestions: Vec::new(),
        }
    }

    /// The same diagnostic at `location`.
    pub fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    /// The same diagnostic with `location` (or none).
    pub fn with_location(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }

    /// The same diagnostic with `suggestions` in place of its own.
    pub fn with_suggestions(mut self, suggestions: Vec<String>) -> Self {
        self.suggestions = suggestions;
        self
    }
}

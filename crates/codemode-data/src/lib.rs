//! The JSON value boundary.
//!
//! Host values are `serde_json::Value` (with `preserve_order`, so key order is kept end to
//! end). Interpreters export their values through [`export`], which enforces the data
//! contract — arrays vs objects, valid strings, no cycles, no functions, a depth bound — and
//! names the offender with a JSON path (`$.rows[3].tags`). They import host values through
//! [`import`]. [`encoded_len`] and [`truncate`] serve output budgets.

mod export;
mod import;
mod path;
mod size;

pub use export::{
    export, number_from_f64, ExportError, ExportLimits, ExportSource, Key, Shape, Text,
};
pub use import::{import, ImportSink};
pub use path::JsonPath;
pub use size::{
    encoded_len, encoded_len_within, preview, preview_sized, truncate, Truncation,
    TRUNCATION_MARKER,
};

/// Deepest nesting of arrays and objects accepted at the boundary.
pub const DEFAULT_MAX_DEPTH: usize = 128;

/// A value that breaks the data contract, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason} at {path}")]
pub struct DataError {
    /// Where the offender sits, as a JSON path from the root (`$`).
    pub path: String,
    /// What is wrong, in words the program's author understands.
    pub reason: String,
}

impl DataError {
    pub fn new(path: &JsonPath, reason: impl Into<String>) -> Self {
        DataError {
            path: path.to_string(),
            reason: reason.into(),
        }
    }

    /// This error as an `InvalidDataValue` diagnostic.
    pub fn into_diagnostic(self) -> codemode_core::Diagnostic {
        codemode_core::Diagnostic::new(
            codemode_core::DiagnosticKind::InvalidDataValue,
            self.to_string(),
        )
    }
}

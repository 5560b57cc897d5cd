//! codemode: instead of calling tools one by one, an agent writes one small Lua or
//! JavaScript program that calls the host's tools, computes, and returns one JSON value.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use codemode::{CodeMode, Language, Tool};
//! use serde_json::json;
//!
//! let lookup = Tool::new(
//!     "orders.lookup",
//!     "Look up an order by ID",
//!     json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
//!     |input: serde_json::Value, _cx| async move { Ok(json!({"id": input["id"], "status": "open"})) },
//! )?;
//! let runtime = CodeMode::builder().language(Language::Lua).tool(lookup).build()?;
//! let result = runtime
//!     .execute(r#"local o = tools.orders.lookup({ id = "42" }) return o.status"#)
//!     .await;
//! assert_eq!(result.value(), Some(&json!("open")));
//! # Ok(()) }
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod builder;
mod description;
mod driver;
mod events;
mod extension;
mod hooks;
mod interpreters;
mod limits;
mod logs;
mod records;
mod redact;
mod result;
mod retire;
mod shape;

pub use builder::{BuildError, Builder, CodeMode, ExecuteOptions};
pub use description::{DescriptionError, BYTES_PER_TOKEN};
pub use events::{event_channel, CancelHandle, EventSink, EventStream, ExecutionEvent};
pub use extension::Extension;
pub use hooks::{after_hook, before_hook, CallOutcome, Hook, HookCall, HookDecision};
pub use limits::{Limits, OversizedResult};
pub use redact::{RedactFn, Redactor, REDACTED};
pub use result::{CallKind, CallStatus, ExecutionResult, OmittedCalls, ToolCallRecord, Warning};
pub use retire::RetiredExecution;

pub use codemode_catalog as catalog;
pub use codemode_catalog::{CallContext, Context, Tool, ToolError};
pub use codemode_core as core;
pub use codemode_core::{
    Diagnostic, DiagnosticKind, Interpreter, Language, Location, ToolRoot, VmLimits,
};
pub use codemode_data as data;

/// The README's Rust examples (extracted by build.rs), compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!(concat!(env!("OUT_DIR"), "/readme_examples.md"))]
pub struct ReadmeExamples;

/// Runs one program once with the given tools and default limits: the one-shot helper.
pub async fn execute(
    language: Language,
    source: &str,
    tools: Vec<Tool>,
) -> Result<ExecutionResult, BuildError> {
    let runtime = CodeMode::builder()
        .language(language)
        .tools(tools)
        .build()?;
    Ok(runtime.execute(source).await)
}

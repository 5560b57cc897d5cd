//! Tools, namespaces, search and the signatures the model reads.

mod context;
mod tool;

pub use context::{CallContext, Context};
pub use tool::{SchemaMode, Tool, ToolError, ToolFuture, ToolHandler, ToolPath};

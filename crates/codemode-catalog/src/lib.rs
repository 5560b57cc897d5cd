//! Tools, namespaces, search and the signatures the model reads.
//!
//! - [`Tool`]: a path, a description, JSON Schemas and an async handler.
//! - [`Catalog`]: the validated, sorted set of tools with their namespaces and a token index;
//!   [`Catalog::for_context`] is the view of one execution (disabled tools are absent).
//! - [`tool_expression`]: how a program names a tool (`tools.context7["resolve-library-id"]`).
//! - [`signature`]: TypeScript or LuaCATS declarations, one-line ([`SignatureForm::Compact`]) or
//!   documented ([`SignatureForm::Full`]); [`search_signature`] for the built-in `search`.
//! - [`Catalog::search`], [`Catalog::describe`], [`Catalog::descriptors`],
//!   [`Catalog::inline_catalog`]: what the model reads about the tools.

mod catalog;
mod context;
mod describe;
mod expression;
mod inline;
mod namespace;
mod schema;
mod search;
mod signature;
mod tool;

pub use catalog::{Catalog, CatalogError};
pub use context::{CallContext, Context};
pub use describe::{DescribeError, ToolDescriptor};
pub use expression::{is_identifier, quote, tool_expression, RenderOptions};
pub use inline::InlineCatalog;
pub use namespace::{Namespace, NamespaceInfo};
pub use search::{
    SearchError, SearchItem, SearchPage, SearchRequest, DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_BYTES,
};
pub use signature::{
    search_input_schema, search_output_schema, search_signature, signature, SignatureForm,
};
pub use tool::{SchemaMode, Tool, ToolError, ToolFuture, ToolHandler, ToolPath};

//! Tools, namespaces, search and the signatures the model reads.

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
pub use search::{SearchError, SearchItem, SearchPage, SearchRequest, DEFAULT_LIMIT, MAX_LIMIT};
pub use signature::{
    search_input_schema, search_output_schema, search_signature, signature, SignatureForm,
};
pub use tool::{SchemaMode, Tool, ToolError, ToolFuture, ToolHandler, ToolPath};

use codemode_catalog::{CallContext, ToolError, ToolFuture};
use serde_json::Value;
use std::fmt;
use std::future::Future;
use std::sync::Arc;

type Handler = dyn Fn(Vec<Value>, CallContext) -> ToolFuture + Send + Sync;

/// A host function the program calls as a global (`now()`) or as a member of a global object
/// (`fs.readFile(path)`). Extensions are not tools: they are not in the catalog and not found
/// by search, but they count toward the call limit, pass through hooks and are recorded.
#[derive(Clone)]
pub struct Extension {
    name: String,
    is_async: bool,
    handler: Arc<Handler>,
}

impl fmt::Debug for Extension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Extension")
            .field("name", &self.name)
            .field("is_async", &self.is_async)
            .finish_non_exhaustive()
    }
}

impl Extension {
    /// A synchronous extension: in JavaScript the call returns the value itself.
    pub fn sync(
        name: impl Into<String>,
        f: impl Fn(Vec<Value>, CallContext) -> Result<Value, ToolError> + Send + Sync + 'static,
    ) -> Extension {
        Extension {
            name: name.into(),
            is_async: false,
            handler: Arc::new(move |args, cx| {
                let out = f(args, cx);
                Box::pin(async move { out })
            }),
        }
    }

    /// An asynchronous extension: in JavaScript the call returns a promise.
    pub fn asynchronous<Fut>(
        name: impl Into<String>,
        f: impl Fn(Vec<Value>, CallContext) -> Fut + Send + Sync + 'static,
    ) -> Extension
    where
        Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
    {
        Extension {
            name: name.into(),
            is_async: true,
            handler: Arc::new(move |args, cx| Box::pin(f(args, cx))),
        }
    }

    /// Dotted name: `now` or `fs.readFile`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the extension returns a promise in JavaScript.
    pub fn is_async(&self) -> bool {
        self.is_async
    }

    pub(crate) fn call(&self, args: Vec<Value>, cx: CallContext) -> ToolFuture {
        (self.handler)(args, cx)
    }
}

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// Per-execution data the host attaches (the caller's identity, tenant, permissions). Tools,
/// extensions and hooks receive it, so authorization happens inside them.
#[derive(Clone, Default)]
pub struct Context(Option<Arc<dyn Any + Send + Sync>>);

impl Context {
    /// No context.
    pub fn none() -> Self {
        Context(None)
    }

    pub fn new<T: Any + Send + Sync>(value: T) -> Self {
        Context(Some(Arc::new(value)))
    }

    /// The context as `T`, if it is one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_deref().and_then(|v| v.downcast_ref::<T>())
    }

    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("Context(none)"),
            Some(_) => f.write_str("Context(..)"),
        }
    }
}

/// What a tool handler learns about the call it serves.
#[derive(Debug, Clone)]
pub struct CallContext {
    /// The tool's canonical dotted path (`orders.lookup`).
    pub path: String,
    /// The execution's context.
    pub context: Context,
}

use crate::result::CallKind;
use codemode_catalog::Context;
use futures::future::BoxFuture;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// A host call as hooks see it.
#[derive(Debug, Clone)]
pub struct HookCall {
    /// Dotted tool path (`orders.lookup`), `search`, or an extension's dotted name
    /// (`fs.readFile`).
    pub name: String,
    /// Whether it is a tool, search or an extension.
    pub kind: CallKind,
    /// The call's input as the program gave it.
    pub input: Value,
    /// The execution's context (caller identity, tenant, permissions).
    pub context: Context,
}

/// A before-hook's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookDecision {
    /// The call goes ahead.
    Allow,
    /// The call is not made; the program sees an ordinary, catchable failure with this reason.
    Deny(String),
}

/// How a call ended, as after-hooks see it.
#[derive(Debug, Clone, PartialEq)]
pub enum CallOutcome {
    /// The call returned a value.
    Succeeded {
        /// What the call returned.
        output: Value,
        /// How long the call took.
        duration: Duration,
    },
    /// The call failed.
    Failed {
        /// What the program sees.
        message: String,
        /// Host-only detail from the tool (never shown to the program).
        detail: Option<String>,
        /// How long the call took.
        duration: Duration,
    },
    /// Started, then interrupted by a timeout or the program's end.
    Interrupted {
        /// How long the call ran before it was interrupted.
        duration: Duration,
    },
}

/// Observes and gates host calls. Both methods have permissive defaults.
pub trait Hook: Send + Sync + 'static {
    /// Runs before the call (after the input check); may deny it.
    fn before<'a>(&'a self, call: &'a HookCall) -> BoxFuture<'a, HookDecision> {
        let _ = call;
        Box::pin(async { HookDecision::Allow })
    }

    /// Runs after a call that was started, however it ended.
    fn after<'a>(&'a self, call: &'a HookCall, outcome: &'a CallOutcome) -> BoxFuture<'a, ()> {
        let _ = (call, outcome);
        Box::pin(async {})
    }
}

/// A before-hook from a plain function.
pub fn before_hook(f: impl Fn(&HookCall) -> HookDecision + Send + Sync + 'static) -> Arc<dyn Hook> {
    struct Before<F>(F);
    impl<F: Fn(&HookCall) -> HookDecision + Send + Sync + 'static> Hook for Before<F> {
        fn before<'a>(&'a self, call: &'a HookCall) -> BoxFuture<'a, HookDecision> {
            let decision = (self.0)(call);
            Box::pin(async move { decision })
        }
    }
    Arc::new(Before(f))
}

/// An after-hook from a plain function.
pub fn after_hook(f: impl Fn(&HookCall, &CallOutcome) + Send + Sync + 'static) -> Arc<dyn Hook> {
    struct After<F>(F);
    impl<F: Fn(&HookCall, &CallOutcome) + Send + Sync + 'static> Hook for After<F> {
        fn after<'a>(&'a self, call: &'a HookCall, outcome: &'a CallOutcome) -> BoxFuture<'a, ()> {
            (self.0)(call, outcome);
            Box::pin(async {})
        }
    }
    Arc::new(After(f))
}

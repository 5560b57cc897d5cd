use crate::{Diagnostic, Location, VmLimits};
use serde_json::Value;

/// Identifies one host call within one execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallId(pub u64);

/// Where tools appear in the program.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ToolRoot {
    /// Under the global `tools` (`tools.orders.lookup(...)`), the default.
    #[default]
    Tools,
    /// Each top-level namespace is a global (`orders.lookup(...)`).
    Globals,
    /// Under a global of the host's choosing (`codemode.orders.lookup(...)`).
    Named(String),
}

impl ToolRoot {
    /// The global that holds the tools, if there is one.
    pub fn global_name(&self) -> Option<&str> {
        match self {
            ToolRoot::Tools => Some("tools"),
            ToolRoot::Globals => None,
            ToolRoot::Named(name) => Some(name),
        }
    }
}

/// An extension function the host exposes as a global (`now`) or as a member of a global
/// object (`fs.readFile`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtensionDecl {
    /// Dotted name: `now` or `fs.readFile`.
    pub name: String,
    /// Async extensions return a promise in JavaScript; sync ones return the value. In Lua
    /// every host call suspends the program until it is answered.
    pub is_async: bool,
}

/// What the interpreter needs to know at compile time.
#[derive(Debug, Clone, Default)]
pub struct CompileOptions {
    /// Where tools appear in the program.
    pub tool_root: ToolRoot,
    /// With [`ToolRoot::Globals`], the top-level namespace (or tool) names that become
    /// globals.
    pub tool_globals: Vec<String>,
    /// The host's extension functions the program may call.
    pub extensions: Vec<ExtensionDecl>,
    /// The bounds the interpreter enforces on the program.
    pub limits: VmLimits,
}

/// What the interpreter needs to start one execution.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// Seed for the program's random numbers; `None` means a fixed default seed, so runs are
    /// deterministic unless the host asks otherwise.
    pub seed: Option<u64>,
    /// When the execution must end. The driver checks it between fuel slices; interpreters
    /// check it inside long native operations (pattern matching, big copies, sorts), which a
    /// slice boundary cannot interrupt.
    pub deadline: Option<Deadline>,
    /// The instant the program's wall clock shows (JavaScript's `Date.now()` and
    /// `new Date()`): `None` reads the system clock; a fixed instant makes runs replayable.
    pub now: Option<std::time::SystemTime>,
    /// The IANA time zone of the program's local time (JavaScript's Date); `None` is UTC.
    pub time_zone: Option<std::sync::Arc<str>>,
}

/// The moment an execution's time runs out, with the timeout it came from (for the message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// The instant the execution's time runs out.
    pub at: std::time::Instant,
    /// The configured timeout, named in the diagnostic.
    pub timeout: std::time::Duration,
}

impl Deadline {
    /// A deadline `timeout` from now.
    pub fn after(timeout: std::time::Duration) -> Self {
        Deadline {
            at: std::time::Instant::now() + timeout,
            timeout,
        }
    }

    /// Whether the deadline has passed (one clock read).
    pub fn passed(&self) -> bool {
        std::time::Instant::now() >= self.at
    }

    /// The uncatchable diagnostic an execution ends with when the deadline passes.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::new(
            crate::DiagnosticKind::TimeoutExceeded,
            format!(
                "the execution exceeded its {} ms timeout",
                self.timeout.as_millis()
            ),
        )
    }
}

/// What a host call asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostTarget {
    /// A tool, by its segments relative to the tool root.
    Tool(Vec<String>),
    /// The built-in `search(...)`.
    Search,
    /// An extension, by its dotted name.
    Extension(String),
}

/// How the program waits for a host call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallMode {
    /// The calling task is suspended until the answer arrives (Lua; sync extensions).
    Blocking,
    /// The call returned a promise; other tasks keep running (JavaScript tools).
    Async,
}

/// A request from the program to the host.
#[derive(Debug, Clone, PartialEq)]
pub struct HostCall {
    /// The id the answer must carry ([`crate::Execution::complete`]).
    pub id: CallId,
    /// What is called: a tool, search or an extension.
    pub target: HostTarget,
    /// Tools and search receive their one argument (or null); extensions receive their
    /// arguments as an array.
    pub input: Value,
    /// Whether the calling task is suspended or holds a promise.
    pub mode: CallMode,
    /// Where in the source the call was made.
    pub location: Option<Location>,
}

/// A failure the program can see and handle (`pcall`, `catch`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError {
    /// What went wrong, as the program sees it.
    pub message: String,
    /// A short machine-readable class such as `ToolFailure`, `InvalidToolInput` or `Denied`,
    /// which JavaScript exposes as the error's `name`-adjacent `code`.
    pub code: String,
}

impl HostError {
    /// An error of class `code` with `message`.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        HostError {
            code: code.into(),
            message: message.into(),
        }
    }
}

/// The host's answer to a call.
#[derive(Debug, Clone, PartialEq)]
pub enum HostOutcome {
    /// The call succeeded with this value.
    Ok(Value),
    /// The call failed in a way the program may catch.
    Err(HostError),
    /// The execution must end with this diagnostic (unknown tool, call limit, timeout);
    /// program error handlers do not see it.
    Fatal(Diagnostic),
}

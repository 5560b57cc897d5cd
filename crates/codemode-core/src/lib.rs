//! The execution contract every codemode crate agrees on.
//!
//! An [`Interpreter`] compiles source into a [`Program`]; a program is started as an
//! [`Execution`], a state machine the driver steps in fuel slices. A step reports the host
//! calls the program issued ([`HostCall`]), the lines it logged, and whether it is still
//! running, waiting on the host, done, or failed. The driver answers each call with
//! [`Execution::complete`]. Nothing here knows about tools, schemas or HTTP: interpreters see
//! tools only as paths.
#![warn(missing_docs)]

mod diagnostic;
mod host;
mod limits;

pub use diagnostic::{Diagnostic, DiagnosticKind, Location};
pub use host::{
    CallId, CallMode, CompileOptions, Deadline, ExtensionDecl, HostCall, HostError, HostOutcome,
    HostTarget, StartOptions, ToolRoot,
};
pub use limits::VmLimits;

use serde_json::Value;

/// The languages codemode runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Lua 5.4.
    Lua,
    /// The JavaScript subset codemode runs.
    #[serde(rename = "js", alias = "javascript")]
    JavaScript,
}

impl Language {
    /// The short name used on the command line and in file extensions (`lua`, `js`).
    pub fn short_name(self) -> &'static str {
        match self {
            Language::Lua => "lua",
            Language::JavaScript => "js",
        }
    }

    /// The human name (`Lua`, `JavaScript`).
    pub fn display_name(self) -> &'static str {
        match self {
            Language::Lua => "Lua",
            Language::JavaScript => "JavaScript",
        }
    }

    /// Parses `lua`, `js`, `javascript` (any case).
    pub fn parse(name: &str) -> Option<Language> {
        match name.to_ascii_lowercase().as_str() {
            "lua" => Some(Language::Lua),
            "js" | "javascript" | "mjs" | "cjs" => Some(Language::JavaScript),
            _ => None,
        }
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.display_name())
    }
}

/// A language implementation. Built once and shared by every execution (it holds whatever
/// is immutable and expensive, such as prebuilt built-ins), so it is `Send + Sync`.
pub trait Interpreter: Send + Sync {
    /// The language this interpreter runs.
    fn language(&self) -> Language;

    /// Parses and compiles `source`. Fails with `ParseError` or `UnsupportedSyntax` (with a
    /// location) before anything runs.
    fn compile(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<Box<dyn Program>, Diagnostic>;
}

/// A compiled program, ready to start.
pub trait Program: Send {
    /// Tool paths the program names as literal chains (`tools.orders.lookup(...)`), so the
    /// driver can report an unknown tool before any tool runs. Paths are segment lists
    /// relative to the tool root.
    fn static_tool_paths(&self) -> Vec<(Vec<String>, Option<Location>)> {
        Vec::new()
    }

    /// Starts an execution. Nothing runs until the first [`Execution::step`].
    fn start(self: Box<Self>, options: StartOptions) -> Box<dyn Execution>;
}

/// What one [`Execution::step`] reports.
#[derive(Debug)]
pub struct Step {
    /// Host calls issued during this step, in issue order. The driver starts them at once
    /// (JavaScript calls start eagerly) and answers each with [`Execution::complete`].
    pub calls: Vec<HostCall>,
    /// Lines logged during this step (`print`, `console.log`), one entry per call.
    pub logs: Vec<String>,
    /// Where the execution stands after the step.
    pub state: StepState,
}

/// Where an execution stands after a step.
#[derive(Debug)]
pub enum StepState {
    /// The fuel slice ran out; step again (after the driver checks its deadline).
    Running,
    /// Every task waits on a host call; step again after at least one `complete`.
    Waiting,
    /// The program returned. Host calls still outstanding are interrupted by the driver.
    Done(Completion),
    /// The program failed; the diagnostic is final.
    Failed(Diagnostic),
}

/// A finished program's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The returned value, already converted through the data boundary.
    pub value: Value,
    /// Non-fatal notices (for example an unhandled promise rejection).
    pub warnings: Vec<String>,
}

/// A running program: a state machine that never blocks and never recurses natively.
pub trait Execution: Send {
    /// Runs one slice of at most `fuel` units of work.
    fn step(&mut self, fuel: u64) -> Step;

    /// Answers a host call issued by an earlier step. Unknown or already-answered ids are
    /// ignored.
    fn complete(&mut self, id: CallId, outcome: HostOutcome);
}

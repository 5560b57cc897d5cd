use crate::extension::Extension;
use crate::hooks::Hook;
use crate::limits::Limits;
use crate::redact::Redactor;
use crate::result::ExecutionResult;
use crate::retire::{Retire, RetiredExecution};
use codemode_catalog::{Catalog, Context, Namespace, Tool};
use codemode_core::{CompileOptions, ExtensionDecl, Interpreter, Language, ToolRoot};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::future::Future;
use std::sync::Arc;

/// A configuration that cannot run; reported when the runtime is built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid codemode configuration: {0}")]
pub struct BuildError(pub String);

/// Builds a [`CodeMode`] runtime.
pub struct Builder {
    language: Language,
    tools: Vec<Tool>,
    namespaces: Vec<Namespace>,
    extensions: Vec<Extension>,
    hooks: Vec<Arc<dyn Hook>>,
    limits: Option<Limits>,
    tool_root: ToolRoot,
    interpreter: Option<Arc<dyn Interpreter>>,
    redactor: Redactor,
    unavailable: Vec<Unavailable>,
    time_zone: Option<Arc<str>>,
    retire: Option<Retire>,
}

/// A namespace whose tools could not be loaded (a tool source that did not start or answer):
/// a call under it fails with a catchable ToolFailure giving the reason, instead of
/// UnknownTool.
#[derive(Debug, Clone)]
pub(crate) struct Unavailable {
    pub(crate) segments: Vec<String>,
    pub(crate) reason: String,
}

/// Per-execution options.
#[derive(Debug, Clone, Default)]
pub struct ExecuteOptions {
    /// Reaches tools, extensions and hooks (the caller's identity, tenant, permissions), and
    /// decides which tools are enabled.
    pub context: Context,
    /// Seed for the program's random numbers (deterministic by default).
    pub seed: Option<u64>,
    /// Ends the execution when pulled, as a timeout would.
    pub cancel: Option<crate::events::CancelHandle>,
    /// Receives log lines and call events while the program runs.
    pub events: Option<crate::events::EventSink>,
    /// The instant the program's clock shows (JavaScript's `Date.now()`, `new Date()`);
    /// `None` reads the system clock. Fix it to replay a run.
    pub now: Option<std::time::SystemTime>,
}

impl Builder {
    /// The program language (JavaScript by default).
    pub fn language(mut self, language: Language) -> Self {
        self.language = language;
        self
    }

    /// Adds one tool the program can call.
    pub fn tool(mut self, tool: Tool) -> Self {
        self.tools.push(tool);
        self
    }

    /// Adds several tools.
    pub fn tools(mut self, tools: impl IntoIterator<Item = Tool>) -> Self {
        self.tools.extend(tools);
        self
    }

    /// Describes a namespace (`orders`, `github.issues`); the description takes part in
    /// search for every tool under it.
    pub fn namespace(mut self, path: impl Into<String>, description: impl Into<String>) -> Self {
        self.namespaces.push(Namespace {
            path: path.into(),
            description: description.into(),
        });
        self
    }

    /// Adds an extension function the program can call as a global (or a member of one).
    pub fn extension(mut self, extension: Extension) -> Self {
        self.extensions.push(extension);
        self
    }

    /// Adds a hook that observes every host call and may deny it before it runs.
    pub fn hook(mut self, hook: Arc<dyn Hook>) -> Self {
        self.hooks.push(hook);
        self
    }

    /// Replaces the language's default limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// Where tools appear: `tools.` (default), top-level namespace globals, or a global of the
    /// host's choosing.
    pub fn tool_root(mut self, root: ToolRoot) -> Self {
        self.tool_root = root;
        self
    }

    /// Marks the namespace `path` (dotted, e.g. `"memory"`) as unavailable: its tool source
    /// could not be loaded, so its tools are unknown. A call to any tool under it fails with
    /// a catchable ToolFailure whose message is `reason`, as a call to a source that dies
    /// does, rather than ending the program with UnknownTool.
    pub fn unavailable_namespace(mut self, path: &str, reason: impl Into<String>) -> Self {
        self.unavailable.push(Unavailable {
            segments: path.split('.').map(str::to_owned).collect(),
            reason: reason.into(),
        });
        self
    }

    /// Registers a secret (a token, a password, `user:password`): it never reaches the
    /// program or the result. Tool outputs and tool error messages are scrubbed before the
    /// program sees them; the result's value, logs, diagnostic, warnings and call records
    /// before the result leaves the runtime. The secret's JSON-escaped, percent-encoded and
    /// base64 forms are scrubbed too (see [`Redactor`]).
    pub fn redact_secret(mut self, secret: impl Into<String>) -> Self {
        self.redactor.add_secret(secret);
        self
    }

    /// Registers several secrets (see [`Builder::redact_secret`]).
    pub fn redact_secrets<I, S>(mut self, secrets: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        for secret in secrets {
            self.redactor.add_secret(secret);
        }
        self
    }

    /// Adds a function over text that replaces what must not leave the runtime (as
    /// effect-agent's `redactEgress`): it runs where the secrets are scrubbed, after them.
    /// Return `Cow::Borrowed` when nothing changes.
    pub fn redact_with(mut self, f: impl Fn(&str) -> Cow<'_, str> + Send + Sync + 'static) -> Self {
        self.redactor = self.redactor.function(f);
        self
    }

    /// Uses a prepared [`Redactor`] in place of the secrets and functions given so far.
    pub fn redactor(mut self, redactor: Redactor) -> Self {
        self.redactor = redactor;
        self
    }

    /// Uses this interpreter instead of the built-in one for the language.
    pub fn interpreter(mut self, interpreter: Arc<dyn Interpreter>) -> Self {
        self.interpreter = Some(interpreter);
        self
    }

    /// The IANA time zone of the program's local time (JavaScript's Date: `getHours`,
    /// `toString`, ...); UTC unless set. `build` fails on a name the bundled database
    /// does not have.
    pub fn time_zone(mut self, name: impl Into<String>) -> Self {
        self.time_zone = Some(Arc::from(name.into()));
        self
    }

    /// Where a finished execution's state goes. By default it is dropped before `execute`
    /// returns its result, and freeing a large heap takes a share of the run. A server can
    /// send it to a thread that drops it, keeping the free off the response path; a process
    /// that exits after one run (as `codemode run` does) can `std::mem::forget` it and let
    /// the operating system take the memory back.
    pub fn retire_with(mut self, f: impl Fn(RetiredExecution) + Send + Sync + 'static) -> Self {
        self.retire = Some(Arc::new(f));
        self
    }

    /// Checks the configuration and builds the runtime.
    pub fn build(self) -> Result<CodeMode, BuildError> {
        let limits = self
            .limits
            .unwrap_or_else(|| Limits::for_language(self.language));
        limits.validate().map_err(BuildError)?;
        let interpreter = match self.interpreter {
            Some(i) => {
                if i.language() != self.language {
                    return Err(BuildError(format!(
                        "the interpreter runs {}, but the runtime is set to {}",
                        i.language(),
                        self.language
                    )));
                }
                i
            }
            None => crate::interpreters::builtin(self.language).ok_or_else(|| {
                BuildError(format!(
                    "no {} interpreter: enable the `{}` feature of codemode",
                    self.language,
                    self.language.short_name()
                ))
            })?,
        };
        #[cfg(feature = "js")]
        if let Some(zone) = &self.time_zone {
            if !codemode_js::time_zone_exists(zone) {
                return Err(BuildError(format!("unknown time zone {zone:?}")));
            }
        }
        let catalog =
            Catalog::new(self.tools, self.namespaces).map_err(|e| BuildError(e.to_string()))?;
        let tool_globals = match &self.tool_root {
            ToolRoot::Globals => top_level_names(&catalog),
            _ => Vec::new(),
        };
        check_globals(
            self.language,
            &self.tool_root,
            &tool_globals,
            &self.extensions,
        )?;
        let compile_options = CompileOptions {
            tool_root: self.tool_root.clone(),
            tool_globals,
            extensions: self
                .extensions
                .iter()
                .map(|e| ExtensionDecl {
                    name: e.name().to_owned(),
                    is_async: e.is_async(),
                })
                .collect(),
            limits: limits.vm.clone(),
        };
        // Full signatures rendered now, so no search pays for rendering the largest tools
        // (tens of KB each for GitHub's): ~30 ms once for 1,220 tools, nothing for small sets.
        catalog.prerender(&codemode_catalog::RenderOptions {
            language: self.language,
            root: self.tool_root.clone(),
        });
        let has_context_predicates = catalog.tools().any(|t| t.has_enabled_predicate());
        Ok(CodeMode {
            inner: Arc::new(Inner {
                language: self.language,
                interpreter,
                catalog,
                has_context_predicates,
                extensions: self.extensions,
                hooks: self.hooks,
                limits,
                tool_root: self.tool_root,
                compile_options,
                redactor: self.redactor,
                unavailable: self.unavailable,
                time_zone: self.time_zone,
                retire: self.retire,
            }),
        })
    }
}

fn top_level_names(catalog: &Catalog) -> Vec<String> {
    let names: BTreeSet<String> = catalog
        .tools()
        .filter_map(|t| t.path().segments().first().cloned())
        .collect();
    names.into_iter().collect()
}

/// Globals every program of the language already has; extensions and tool globals must not
/// shadow them.
fn builtin_globals(language: Language) -> &'static [&'static str] {
    match language {
        Language::Lua => &[
            "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
            "rawlen", "rawset", "select", "tonumber", "tostring", "type", "xpcall", "_G",
            "_VERSION", "string", "table", "math", "utf8", "json", "search",
        ],
        Language::JavaScript => &[
            "Object",
            "Array",
            "String",
            "Number",
            "Boolean",
            "Math",
            "JSON",
            "Promise",
            "Error",
            "TypeError",
            "RangeError",
            "SyntaxError",
            "ReferenceError",
            "AggregateError",
            "URIError",
            "EvalError",
            "encodeURI",
            "encodeURIComponent",
            "decodeURI",
            "decodeURIComponent",
            "Intl",
            "console",
            "globalThis",
            "parseInt",
            "parseFloat",
            "isNaN",
            "isFinite",
            "structuredClone",
            "undefined",
            "NaN",
            "Infinity",
            "search",
            "require",
            "Symbol",
            "Map",
            "Set",
            "WeakMap",
            "WeakSet",
            "Date",
            "RegExp",
        ],
    }
}

fn check_globals(
    language: Language,
    root: &ToolRoot,
    tool_globals: &[String],
    extensions: &[Extension],
) -> Result<(), BuildError> {
    let builtins = builtin_globals(language);
    let mut taken: Vec<(String, String)> = Vec::new(); // (global, what holds it)
    let mut claim = |name: &str, what: String| -> Result<(), BuildError> {
        if builtins.contains(&name) {
            return Err(BuildError(format!(
                "{what} would shadow the built-in global `{name}`"
            )));
        }
        if let Some((_, other)) = taken.iter().find(|(n, _)| n == name) {
            return Err(BuildError(format!(
                "{what} clashes with {other} (global `{name}`)"
            )));
        }
        taken.push((name.to_owned(), what));
        Ok(())
    };
    if let Some(name) = root.global_name() {
        claim(name, "the tool root".to_owned())?;
    }
    for name in tool_globals {
        claim(name, format!("the tool namespace `{name}`"))?;
    }
    let mut seen_ext: Vec<&str> = Vec::new();
    let mut objects: Vec<&str> = Vec::new();
    for ext in extensions {
        let name = ext.name();
        if name.is_empty() || name.split('.').any(|s| s.is_empty()) || name.split('.').count() > 2 {
            return Err(BuildError(format!(
                "invalid extension name `{name}`: use `name` or `object.name`"
            )));
        }
        if seen_ext.contains(&name) {
            return Err(BuildError(format!("extension `{name}` is defined twice")));
        }
        seen_ext.push(name);
        match name.split_once('.') {
            None => claim(name, format!("extension `{name}`"))?,
            Some((object, _)) => {
                if !objects.contains(&object) {
                    claim(object, format!("extension object `{object}`"))?;
                    objects.push(object);
                }
            }
        }
    }
    Ok(())
}

pub(crate) struct Inner {
    pub(crate) language: Language,
    pub(crate) interpreter: Arc<dyn Interpreter>,
    pub(crate) catalog: Catalog,
    pub(crate) has_context_predicates: bool,
    pub(crate) extensions: Vec<Extension>,
    pub(crate) hooks: Vec<Arc<dyn Hook>>,
    pub(crate) limits: Limits,
    pub(crate) tool_root: ToolRoot,
    pub(crate) compile_options: CompileOptions,
    pub(crate) redactor: Redactor,
    pub(crate) unavailable: Vec<Unavailable>,
    pub(crate) time_zone: Option<Arc<str>>,
    pub(crate) retire: Option<Retire>,
}

impl Inner {
    /// Why a call to `segments` cannot be made, if it is under an unavailable namespace.
    pub(crate) fn unavailable_reason(&self, segments: &[String]) -> Option<&str> {
        self.unavailable
            .iter()
            .find(|u| segments.len() > u.segments.len() && segments.starts_with(&u.segments))
            .map(|u| u.reason.as_str())
    }

    /// The catalog as an execution with this context sees it.
    pub(crate) fn catalog_for(&self, context: &Context) -> Catalog {
        if self.has_context_predicates {
            self.catalog.for_context(context)
        } else {
            self.catalog.clone()
        }
    }
}

/// A configured runtime. Cheap to clone; one runtime serves many concurrent executions, which
/// share nothing.
#[derive(Clone)]
pub struct CodeMode {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for CodeMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodeMode")
            .field("language", &self.inner.language)
            .field("tools", &self.inner.catalog.len())
            .field("tool_root", &self.inner.tool_root)
            .field("limits", &self.inner.limits)
            .finish_non_exhaustive()
    }
}

impl CodeMode {
    /// A builder with no tools and the default limits.
    pub fn builder() -> Builder {
        Builder {
            language: Language::JavaScript,
            tools: Vec::new(),
            namespaces: Vec::new(),
            extensions: Vec::new(),
            hooks: Vec::new(),
            limits: None,
            tool_root: ToolRoot::Tools,
            interpreter: None,
            redactor: Redactor::new(),
            unavailable: Vec::new(),
            time_zone: None,
            retire: None,
        }
    }

    /// The language programs are written in.
    pub fn language(&self) -> Language {
        self.inner.language
    }

    /// The limits every execution runs under (unless overridden per execution).
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Where tools appear in the program.
    pub fn tool_root(&self) -> &ToolRoot {
        &self.inner.tool_root
    }

    /// The whole catalog (as an execution without context sees it).
    pub fn catalog(&self) -> Catalog {
        self.inner.catalog_for(&Context::none())
    }

    /// The catalog as an execution with this context sees it.
    pub fn catalog_for(&self, context: &Context) -> Catalog {
        self.inner.catalog_for(context)
    }

    /// Rendering options for this runtime's language and tool root.
    pub fn render_options(&self) -> codemode_catalog::RenderOptions {
        codemode_catalog::RenderOptions {
            language: self.inner.language,
            root: self.inner.tool_root.clone(),
        }
    }

    /// Runs a program. The future is `Send + 'static`, so `tokio::spawn` accepts it; it must
    /// be polled inside a Tokio runtime with its time driver enabled.
    pub fn execute(&self, source: &str) -> impl Future<Output = ExecutionResult> + Send + 'static {
        self.execute_with(source, ExecuteOptions::default())
    }

    /// Runs a program with a per-execution context and seed.
    pub fn execute_with(
        &self,
        source: &str,
        options: ExecuteOptions,
    ) -> impl Future<Output = ExecutionResult> + Send + 'static {
        let inner = self.inner.clone();
        let run = crate::driver::run(inner.clone(), source.to_owned(), options);
        async move {
            let mut result = run.await;
            inner.redactor.result(&mut result);
            result
        }
    }

    /// What this runtime scrubs from everything a program or the model reads.
    pub fn redactor(&self) -> &Redactor {
        &self.inner.redactor
    }
}

//! The `codemode` command. The contract is ../shared/CLI.md: stdout carries exactly one JSON
//! document; exit 0 when ok, 1 when the program failed, 2 for a usage error (one line on
//! stderr).

// The entry point is `sys::main`: see there for what std's start-up would add. (The unit
// tests keep the test harness's.)
#![cfg_attr(not(test), no_main)]

mod allocator;
mod command_tool;
mod input;
mod manifest;
mod mcp_serve;
mod mcp_sources;
mod output;
mod render;
mod sys;

use clap::{Args, Parser, Subcommand, ValueEnum};
use codemode::{CodeMode, ExecuteOptions, Language, Limits, OversizedResult, Tool};
use output::{say, Stdout};
use std::path::{Path, PathBuf};
use std::time::Duration;

// The interpreters allocate a small object per string, table and closure and free most of them
// soon after; mimalloc's size-class pages serve that without glibc's bin bookkeeping
// (docs/performance/start.md, "The allocator, session 14"), after a start served from one block
// (allocator.rs). Accounting is the interpreters' own and does not depend on the allocator;
// an embedding host keeps whichever allocator it chose.
#[global_allocator]
static ALLOCATOR: allocator::StartArena = allocator::StartArena;

#[derive(Parser)]
#[command(
    name = "codemode",
    version,
    about = "Run one small Lua or JavaScript program that calls your tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a program and print its Result as JSON.
    Run(RunArgs),
    /// Print what a program's search(...) would return.
    Search(SearchArgs),
    /// Print the catalog and the description the model would be shown.
    Catalog(CatalogArgs),
    /// Serve the Model Context Protocol: tools `execute` and `search` (stdio, or --http).
    Mcp(mcp_serve::McpArgs),
}

#[derive(Args, Clone, Default)]
pub(crate) struct Sources {
    /// A tools manifest (JSON).
    #[arg(long = "tools", value_name = "MANIFEST.json")]
    tools: Vec<PathBuf>,
    /// An OpenAPI 3.0/3.1 document (JSON or YAML); may be repeated.
    #[arg(long = "openapi", value_name = "SPEC")]
    openapi: Vec<PathBuf>,
    /// Overrides the OpenAPI document's servers.
    #[arg(long = "base-url", value_name = "URL")]
    base_url: Option<String>,
    /// A credential for the securitySchemes entry SCHEME (bearer token, basic user:password,
    /// or API key). Also read from CODEMODE_AUTH_<SCHEME>.
    #[arg(long = "auth", value_name = "SCHEME=VALUE")]
    auth: Vec<String>,
    /// An MCP server as a tool source: NAME=COMMAND (a child process over stdio, split as
    /// a shell splits words) or NAME=URL (streamable HTTP); its tools are tools.NAME.*.
    #[arg(long = "mcp", value_name = "NAME=COMMAND|URL")]
    mcp: Vec<String>,
}

#[derive(Args)]
struct RunArgs {
    /// lua or js (default: from the file's extension; JavaScript for stdin).
    #[arg(long = "lang", value_name = "lua|js")]
    lang: Option<String>,
    #[command(flatten)]
    sources: Sources,
    /// Wall-clock bound of the execution (default 120000).
    #[arg(long = "timeout-ms", value_name = "N")]
    timeout_ms: Option<u64>,
    /// Host calls admitted (default 128).
    #[arg(long = "max-tool-calls", value_name = "N")]
    max_tool_calls: Option<usize>,
    /// Largest result, as compact JSON bytes (default 65536).
    #[arg(long = "max-output-bytes", value_name = "N")]
    max_output_bytes: Option<usize>,
    /// Largest input of one tool call, as JSON bytes (default: unlimited).
    #[arg(long = "max-call-input-bytes", value_name = "N")]
    max_call_input_bytes: Option<usize>,
    /// Largest output of one tool call, as JSON bytes (default: unlimited; a command
    /// tool's stdout is capped at 16 MiB then).
    #[arg(long = "max-call-output-bytes", value_name = "N")]
    max_call_output_bytes: Option<usize>,
    /// Most log lines kept, the most recent ones (default 1000).
    #[arg(long = "max-log-lines", value_name = "N")]
    max_log_lines: Option<usize>,
    /// Most log bytes kept, the most recent lines (default 262144).
    #[arg(long = "max-log-bytes", value_name = "N")]
    max_log_bytes: Option<usize>,
    /// A result larger than --max-output-bytes is cut (with a Truncated warning) or fails.
    #[arg(long = "oversized", value_name = "truncate|fail")]
    oversized: Option<Oversized>,
    /// Indent the JSON result.
    #[arg(long)]
    pretty: bool,
    /// The program file, or - for stdin.
    #[arg(value_name = "FILE|-")]
    file: String,
}

#[derive(Args)]
struct SearchArgs {
    #[arg(long = "lang", value_name = "lua|js")]
    lang: Option<String>,
    #[arg(long)]
    namespace: Option<String>,
    #[arg(long)]
    limit: Option<usize>,
    #[arg(long, default_value_t = 0)]
    offset: usize,
    #[command(flatten)]
    sources: Sources,
    #[arg(value_name = "QUERY", default_value = "")]
    query: String,
}

#[derive(Args)]
struct CatalogArgs {
    #[arg(long = "lang", value_name = "lua|js")]
    lang: Option<String>,
    /// Token budget for the model-facing description (4 bytes a token), preamble included.
    /// The output's "skipped" lists the OpenAPI operations that did not become tools, and why.
    #[arg(long = "budget-tokens", default_value_t = 4000)]
    budget_tokens: usize,
    #[command(flatten)]
    sources: Sources,
}

#[derive(Clone, Copy, ValueEnum)]
enum Oversized {
    Truncate,
    Fail,
}

/// A usage error: one line on stderr, exit 2.
pub(crate) struct Usage(pub(crate) String);

/// `codemode run` alone, parsed without building the other subcommands' arguments: `run`
/// is the command hosts start per program, and clap's building of the whole command tree
/// was a measurable share of its startup (docs/performance/start.md).
#[derive(Parser)]
#[command(
    name = "codemode run",
    bin_name = "codemode run",
    about = "Run a program and print its Result as JSON.",
    long_about = None
)]
struct RunOnly {
    #[command(flatten)]
    args: RunArgs,
}

fn parse_command() -> Result<Command, clap::Error> {
    let mut argv = std::env::args_os();
    let program = argv.next();
    let first = argv.next();
    if first.as_deref() == Some(std::ffi::OsStr::new("run")) {
        let rest = std::iter::once(std::ffi::OsString::from("codemode run")).chain(argv);
        return RunOnly::try_parse_from(rest).map(|r| Command::Run(r.args));
    }
    Cli::try_parse_from(program.into_iter().chain(first).chain(argv)).map(|cli| cli.command)
}

/// The command, run from the process's entry point (`sys::main`); returns the exit status.
pub(crate) fn run_command() -> u8 {
    let command = match parse_command() {
        Ok(command) => command,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                };
            }
            say(&format!("codemode: {}", first_paragraph(&e.to_string())));
            return 2;
        }
    };
    let code = match run(command) {
        Ok(code) => code,
        Err(Usage(message)) => {
            say(&format!("codemode: {}", message.replace('\n', " ")));
            2
        }
    };
    // Every call's process group is killed when its call ends; this covers any left.
    command_tool::end_all();
    code
}

/// clap's error as one line: its first paragraph, which for a missing argument is the
/// sentence and the argument's name on the next line.
fn first_paragraph(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let line = line.trim_start_matches("error: ");
    if line.is_empty() {
        "invalid arguments".to_owned()
    } else {
        line.to_owned()
    }
}

fn run(command: Command) -> Result<u8, Usage> {
    match command {
        Command::Run(args) => run_program(args),
        Command::Search(args) => search(args),
        Command::Catalog(args) => {
            // It runs no tool, so a closed pipe may end it the way it ends any filter.
            sys::default_sigpipe();
            catalog(args)
        }
        Command::Mcp(args) => mcp_serve::serve(args),
    }
}

pub(crate) fn parse_lang(lang: Option<&str>) -> Result<Option<Language>, Usage> {
    match lang {
        None => Ok(None),
        Some(l) => Language::parse(l)
            .map(Some)
            .ok_or_else(|| Usage(format!("unknown language {l:?}: use lua or js"))),
    }
}

/// A current-thread runtime. Its I/O and signal drivers (an epoll instance, an eventfd and
/// a socket pair) serve only tools (commands and HTTP); a program run without tool sources
/// needs just the timer, so it starts without them.
pub(crate) fn async_runtime(sources: &Sources) -> Result<tokio::runtime::Runtime, Usage> {
    let mut builder = tokio::runtime::Builder::new_current_thread();
    if !has_tool_sources(sources) {
        builder.enable_time();
    } else {
        builder.enable_all();
    }
    builder
        .build()
        .map_err(|e| Usage(format!("cannot start the async runtime: {e}")))
}

fn has_tool_sources(sources: &Sources) -> bool {
    !sources.tools.is_empty() || !sources.openapi.is_empty() || !sources.mcp.is_empty()
}

/// What every tool source gives.
#[derive(Default)]
struct Loaded {
    tools: Vec<Tool>,
    /// Namespace descriptions: (dotted path, description).
    namespaces: Vec<(String, String)>,
    /// Credentials handed in (--auth, CODEMODE_AUTH_*): scrubbed from all the model reads.
    secrets: Vec<String>,
    /// OpenAPI operations that did not become tools, with the reason (`codemode catalog`).
    skipped: Vec<serde_json::Value>,
    /// Namespaces whose source could not be reached, with the reason.
    unavailable: Vec<(String, String)>,
}

/// Loads every tool source; a path two sources both define is a usage error.
/// `max_command_output` caps each command tool's stdout.
/// MCP servers are connected on `rt`, which must run every execution that calls them.
fn load_sources(
    sources: &Sources,
    max_command_output: usize,
    rt: &tokio::runtime::Runtime,
) -> Result<Loaded, Usage> {
    let mut mcp_servers = Vec::new();
    for flag in &sources.mcp {
        mcp_servers.push(mcp_sources::parse_flag(flag).map_err(Usage)?);
    }
    let mut tools: Vec<Tool> = Vec::new();
    let mut namespaces = Vec::new();
    let mut origin: std::collections::HashMap<String, String> = Default::default();
    let mut add = |new: Vec<Tool>, from: &str, tools: &mut Vec<Tool>| -> Result<(), Usage> {
        for tool in new {
            let path = tool.path().dotted();
            if let Some(other) = origin.insert(path.clone(), from.to_owned()) {
                return Err(Usage(format!(
                    "tool {path} is defined by both {other} and {from}"
                )));
            }
            tools.push(tool);
        }
        Ok(())
    };
    for path in &sources.tools {
        let loaded = manifest::load(path, max_command_output).map_err(Usage)?;
        add(loaded.tools, &path.display().to_string(), &mut tools)?;
        namespaces.extend(loaded.namespaces);
        mcp_servers.extend(loaded.mcp);
    }
    if sources.openapi.is_empty() && (sources.base_url.is_some() || !sources.auth.is_empty()) {
        return Err(Usage("--base-url and --auth need --openapi".into()));
    }
    // Every CODEMODE_AUTH_* value is a credential, whichever document names its scheme.
    // Without a tool source nothing can hand one to the program (the environment reaches it
    // only through tools), so the scan is skipped: it costs a small program's start ~3%.
    let mut secrets: Vec<String> = if has_tool_sources(sources) {
        std::env::vars_os()
            .filter(|(name, _)| {
                name.to_str()
                    .is_some_and(|n| n.starts_with("CODEMODE_AUTH_"))
            })
            .filter_map(|(_, value)| value.into_string().ok())
            .collect()
    } else {
        Vec::new()
    };
    let mut skipped = Vec::new();
    for path in &sources.openapi {
        let text = input::read_document(path).map_err(Usage)?;
        let conversion =
            openapi_tools(&text, sources).map_err(|e| Usage(format!("{}: {e}", path.display())))?;
        add(conversion.tools, &path.display().to_string(), &mut tools)?;
        namespaces.extend(conversion.namespaces);
        secrets.extend(conversion.secrets.iter().map(|s| s.expose().to_owned()));
        for s in conversion.skipped {
            skipped.push(serde_json::json!({
                "source": path.display().to_string(),
                "method": s.method,
                "path": s.path,
                "operationId": s.operation_id,
                "reason": s.reason,
            }));
        }
    }
    let mut unavailable = Vec::new();
    if !mcp_servers.is_empty() {
        let options = codemode_mcp::ClientOptions {
            // A message is bounded by what a call may return (and a stdio line by 16 MiB).
            max_message_bytes: max_command_output.saturating_add(64 * 1024),
            ..Default::default()
        };
        let connected = mcp_sources::connect_all(rt, mcp_servers, &options).map_err(Usage)?;
        for tool in connected.tools {
            let origin = format!("MCP server {}", tool.path().segments()[0]);
            add(vec![tool], &origin, &mut tools)?;
        }
        namespaces.extend(connected.namespaces);
        secrets.extend(connected.secrets);
        unavailable = connected.unavailable;
    }
    Ok(Loaded {
        tools,
        namespaces,
        secrets,
        skipped,
        unavailable,
    })
}

fn openapi_tools(text: &str, sources: &Sources) -> Result<codemode_openapi::Conversion, String> {
    let mut credentials = codemode_openapi::Credentials::from_env(text);
    for pair in &sources.auth {
        let (scheme, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("--auth expects SCHEME=VALUE, got {pair:?}"))?;
        credentials.insert(scheme, value);
    }
    let options = codemode_openapi::OpenApiOptions {
        base_url: sources.base_url.clone(),
        credentials,
        ..Default::default()
    };
    codemode_openapi::from_spec(text, options).map_err(|e| e.to_string())
}

pub(crate) fn build(
    language: Language,
    sources: &Sources,
    limits: Option<Limits>,
    rt: &tokio::runtime::Runtime,
) -> Result<CodeMode, Usage> {
    let (builder, _) = configure(language, sources, limits, rt)?;
    builder.build().map_err(|e| Usage(e.to_string()))
}

/// The builder of [`build`], and the OpenAPI operations that did not become tools.
fn configure(
    language: Language,
    sources: &Sources,
    limits: Option<Limits>,
    rt: &tokio::runtime::Runtime,
) -> Result<(codemode::Builder, Vec<serde_json::Value>), Usage> {
    let max_command_output = limits
        .as_ref()
        .and_then(|l| l.max_call_output_bytes)
        .unwrap_or(command_tool::DEFAULT_MAX_OUTPUT_BYTES);
    let loaded = load_sources(sources, max_command_output, rt)?;
    let mut builder = CodeMode::builder()
        .language(language)
        .tools(loaded.tools)
        .redact_secrets(loaded.secrets);
    for (path, description) in loaded.namespaces {
        builder = builder.namespace(path, description);
    }
    for (path, reason) in &loaded.unavailable {
        builder = builder.unavailable_namespace(path, reason.clone());
    }
    if let Some(limits) = limits {
        builder = builder.limits(limits);
    }
    Ok((builder, loaded.skipped))
}

/// The limits of `run` and `search` on the command line: the library's for the language,
/// with Lua's bounded timeout, call count and result size filling what it leaves unlimited,
/// so a program run by hand cannot hang on a tool that never answers.
pub(crate) fn command_line_limits(language: Language) -> Limits {
    let lua = Limits::for_language(Language::Lua);
    let mut limits = Limits::for_language(language);
    limits.timeout = limits.timeout.or(lua.timeout);
    limits.max_tool_calls = limits.max_tool_calls.or(lua.max_tool_calls);
    limits.max_output_bytes = limits.max_output_bytes.or(lua.max_output_bytes);
    limits
}

fn run_limits(language: Language, args: &RunArgs) -> Result<Limits, Usage> {
    let mut limits = command_line_limits(language);
    if let Some(ms) = args.timeout_ms {
        if ms == 0 {
            return Err(Usage("--timeout-ms must be greater than 0".into()));
        }
        limits.timeout = Some(Duration::from_millis(ms));
    }
    if let Some(n) = args.max_tool_calls {
        limits.max_tool_calls = Some(n);
    }
    if let Some(n) = args.max_output_bytes {
        limits.max_output_bytes = Some(n);
    }
    if let Some(n) = args.max_call_input_bytes {
        limits.max_call_input_bytes = Some(n);
    }
    if let Some(n) = args.max_call_output_bytes {
        limits.max_call_output_bytes = Some(n);
    }
    if let Some(n) = args.max_log_lines {
        limits.max_log_lines = n;
    }
    if let Some(n) = args.max_log_bytes {
        limits.max_log_bytes = n;
    }
    if let Some(mode) = args.oversized {
        limits.oversized_result = match mode {
            Oversized::Truncate => OversizedResult::Truncate,
            Oversized::Fail => OversizedResult::Fail,
        };
    }
    Ok(limits)
}

fn run_program(args: RunArgs) -> Result<u8, Usage> {
    let language = match parse_lang(args.lang.as_deref())? {
        Some(l) => l,
        None if args.file == "-" => Language::JavaScript,
        None => language_of(Path::new(&args.file))?,
    };
    let limits = run_limits(language, &args)?;
    let mut stdout = Stdout::open().map_err(Usage)?;
    let (bytes, name) =
        input::read_program(&args.file, limits.vm.max_source_bytes).map_err(Usage)?;
    let source = match language {
        // A Lua source is bytes (lua5.4 runs Latin-1 string literals): turned into text
        // with the same meaning.
        Language::Lua => codemode_lua_syntax::source_from_bytes(&bytes).into_owned(),
        Language::JavaScript => String::from_utf8(bytes)
            .map_err(|_| Usage(format!("cannot read {name}: it is not valid UTF-8")))?,
    };
    let rt = async_runtime(&args.sources)?;
    let (builder, _) = configure(language, &args.sources, Some(limits), &rt)?;
    // The process ends after this one run, and the system takes its memory back at once:
    // freeing the program's heap object by object first would only add to the run's time
    // (35 M instructions for 200,000 objects).
    let runtime = builder
        .retire_with(std::mem::forget)
        .build()
        .map_err(|e| Usage(e.to_string()))?;
    // Boxed: the execution's future is large, and block_on would move it by value twice
    // (a measurable share of a small program's start).
    let execution = Box::pin(runtime.execute_with(&source, ExecuteOptions::default()));
    let has_tools = has_tool_sources(&args.sources);
    let outcome = rt.block_on(async move {
        if !has_tools {
            return Ok(execution.await);
        }
        tokio::select! {
            biased;
            signal = termination_signal() => Err(signal),
            result = execution => Ok(result),
        }
    });
    let result = match outcome {
        Ok(result) => result,
        Err(signal) => {
            // The execution was dropped, and with it every call: their process groups are
            // gone. Say so, and end as the signal asked.
            command_tool::end_all();
            say(&format!(
                "codemode: stopped by signal {signal}; running tools were ended"
            ));
            return Ok(128u8.wrapping_add(signal as u8));
        }
    };
    let json = result.to_json();
    let text = if args.pretty {
        serde_json::to_string_pretty(&json)
    } else {
        serde_json::to_string(&json)
    }
    .unwrap_or_else(|_| "{\"ok\":false}".into());
    stdout.write_line(&text).map_err(Usage)?;
    if let Some(d) = result.error() {
        render::diagnostic(&name, &source, d);
        return Ok(1);
    }
    Ok(0)
}

/// Resolves with the number of the first SIGINT, SIGTERM or SIGHUP. Listening replaces the
/// default action (death), so codemode can end its tools' process groups first.
pub(crate) async fn termination_signal() -> i32 {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut interrupt), Ok(mut terminate), Ok(mut hangup)) = (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
        signal(SignalKind::hangup()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = interrupt.recv() => libc::SIGINT,
        _ = terminate.recv() => libc::SIGTERM,
        _ = hangup.recv() => libc::SIGHUP,
    }
}

fn language_of(path: &Path) -> Result<Language, Usage> {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(Language::parse)
        .ok_or_else(|| {
            Usage(format!(
                "cannot tell the language of {}: use a .lua or .js file or pass --lang",
                path.display()
            ))
        })
}

fn search(args: SearchArgs) -> Result<u8, Usage> {
    let language = parse_lang(args.lang.as_deref())?.unwrap_or(Language::JavaScript);
    let mut stdout = Stdout::open().map_err(Usage)?;
    let rt = async_runtime(&args.sources)?;
    let runtime = build(
        language,
        &args.sources,
        Some(command_line_limits(language)),
        &rt,
    )?;
    let request = codemode::catalog::SearchRequest {
        query: args.query,
        namespace: args.namespace,
        limit: args.limit,
        offset: args.offset,
    };
    let page = runtime
        .catalog()
        .search(&request, &runtime.render_options())
        .map_err(|e| Usage(e.to_string()))?;
    let json = serde_json::to_string(&page).map_err(|e| Usage(e.to_string()))?;
    stdout.write_line(&json).map_err(Usage)?;
    Ok(0)
}

fn catalog(args: CatalogArgs) -> Result<u8, Usage> {
    let language = parse_lang(args.lang.as_deref())?.unwrap_or(Language::JavaScript);
    let rt = async_runtime(&args.sources)?;
    let (builder, skipped) = configure(language, &args.sources, None, &rt)?;
    let runtime = builder.build().map_err(|e| Usage(e.to_string()))?;
    let tools = runtime.catalog().descriptors(&runtime.render_options());
    let description = runtime
        .description(args.budget_tokens)
        .map_err(|e| Usage(format!("--budget-tokens: {e}")))?;
    let out = serde_json::json!({
        "language": language.short_name(),
        "tools": tools,
        "skipped": skipped,
        "description": description,
    });
    println!(
        "{}",
        serde_json::to_string(&out).map_err(|e| Usage(e.to_string()))?
    );
    Ok(0)
}

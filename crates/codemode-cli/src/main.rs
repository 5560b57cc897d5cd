//! The `codemode` command. The contract is ../shared/CLI.md: stdout carries exactly one JSON
//! document; exit 0 when ok, 1 when the program failed, 2 for a usage error (one line on
//! stderr).

mod manifest;
mod render;

use clap::{Args, Parser, Subcommand};
use codemode::{CodeMode, ExecuteOptions, Language, Limits, Tool};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

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
}

#[derive(Args, Clone, Default)]
struct Sources {
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
}

#[derive(Args)]
struct RunArgs {
    /// lua or js (default: from the file's extension; JavaScript for stdin).
    #[arg(long = "lang", value_name = "lua|js")]
    lang: Option<String>,
    #[command(flatten)]
    sources: Sources,
    #[arg(long = "timeout-ms", value_name = "N")]
    timeout_ms: Option<u64>,
    #[arg(long = "max-tool-calls", value_name = "N")]
    max_tool_calls: Option<usize>,
    #[arg(long = "max-output-bytes", value_name = "N")]
    max_output_bytes: Option<usize>,
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

/// A usage error: one line on stderr, exit 2.
struct Usage(String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return ExitCode::from(
                    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        2
                    } else {
                        0
                    },
                );
            }
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("invalid arguments").trim();
            eprintln!("codemode: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(Usage(message)) => {
            eprintln!("codemode: {}", message.replace('\n', " "));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, Usage> {
    match cli.command {
        Command::Run(args) => run_program(args),
        Command::Search(args) => search(args),
        Command::Catalog(args) => catalog(args),
    }
}

fn parse_lang(lang: Option<&str>) -> Result<Option<Language>, Usage> {
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
fn async_runtime(sources: &Sources) -> Result<tokio::runtime::Runtime, Usage> {
    let mut builder = tokio::runtime::Builder::new_current_thread();
    if sources.tools.is_empty() && sources.openapi.is_empty() {
        builder.enable_time();
    } else {
        builder.enable_all();
    }
    builder
        .build()
        .map_err(|e| Usage(format!("cannot start the async runtime: {e}")))
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
}

/// Loads every tool source; a path two sources both define is a usage error.
fn load_sources(sources: &Sources) -> Result<Loaded, Usage> {
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
        let loaded = manifest::load(path).map_err(Usage)?;
        add(loaded.tools, &path.display().to_string(), &mut tools)?;
        namespaces.extend(loaded.namespaces);
    }
    if sources.openapi.is_empty() && (sources.base_url.is_some() || !sources.auth.is_empty()) {
        return Err(Usage("--base-url and --auth need --openapi".into()));
    }
    // Every CODEMODE_AUTH_* value is a credential, whichever document names its scheme.
    let mut secrets: Vec<String> = std::env::vars_os()
        .filter(|(name, _)| {
            name.to_str()
                .is_some_and(|n| n.starts_with("CODEMODE_AUTH_"))
        })
        .filter_map(|(_, value)| value.into_string().ok())
        .collect();
    let mut skipped = Vec::new();
    for path in &sources.openapi {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Usage(format!("cannot read {}: {e}", path.display())))?;
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
    Ok(Loaded {
        tools,
        namespaces,
        secrets,
        skipped,
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

fn build(language: Language, sources: &Sources, limits: Option<Limits>) -> Result<CodeMode, Usage> {
    build_with_skipped(language, sources, limits).map(|(runtime, _)| runtime)
}

/// [`build`], and the OpenAPI operations that did not become tools.
fn build_with_skipped(
    language: Language,
    sources: &Sources,
    limits: Option<Limits>,
) -> Result<(CodeMode, Vec<serde_json::Value>), Usage> {
    let loaded = load_sources(sources)?;
    let mut builder = CodeMode::builder()
        .language(language)
        .tools(loaded.tools)
        .redact_secrets(loaded.secrets);
    for (path, description) in loaded.namespaces {
        builder = builder.namespace(path, description);
    }
    if let Some(limits) = limits {
        builder = builder.limits(limits);
    }
    let runtime = builder.build().map_err(|e| Usage(e.to_string()))?;
    Ok((runtime, loaded.skipped))
}

fn run_program(args: RunArgs) -> Result<ExitCode, Usage> {
    let (source, name) = if args.file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Usage(format!("cannot read the program from stdin: {e}")))?;
        (s, "<stdin>".to_owned())
    } else {
        let s = std::fs::read_to_string(&args.file)
            .map_err(|e| Usage(format!("cannot read {}: {e}", args.file)))?;
        (s, args.file.clone())
    };
    let language = match parse_lang(args.lang.as_deref())? {
        Some(l) => l,
        None if args.file == "-" => Language::JavaScript,
        None => language_of(Path::new(&args.file))?,
    };
    let mut limits = Limits::for_language(language);
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
    let runtime = build(language, &args.sources, Some(limits))?;
    let result = async_runtime(&args.sources)?
        .block_on(runtime.execute_with(&source, ExecuteOptions::default()));
    let json = result.to_json();
    let text = if args.pretty {
        serde_json::to_string_pretty(&json)
    } else {
        serde_json::to_string(&json)
    }
    .unwrap_or_else(|_| "{\"ok\":false}".into());
    println!("{text}");
    if let Some(d) = result.error() {
        render::diagnostic(&name, &source, d);
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
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

fn search(args: SearchArgs) -> Result<ExitCode, Usage> {
    let language = parse_lang(args.lang.as_deref())?.unwrap_or(Language::JavaScript);
    let runtime = build(language, &args.sources, None)?;
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
    println!("{json}");
    Ok(ExitCode::SUCCESS)
}

fn catalog(args: CatalogArgs) -> Result<ExitCode, Usage> {
    let language = parse_lang(args.lang.as_deref())?.unwrap_or(Language::JavaScript);
    let (runtime, skipped) = build_with_skipped(language, &args.sources, None)?;
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
    Ok(ExitCode::SUCCESS)
}

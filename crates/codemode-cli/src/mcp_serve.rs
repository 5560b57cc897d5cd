//! `codemode mcp`: the runtime served as the MCP tools `execute` and `search`, over stdio
//! (stdout carries protocol messages only) or streamable HTTP at `http://ADDR:PORT/mcp`.

use crate::output::say;
use crate::{Sources, Usage};
use clap::Args;
use codemode::Language;
use std::time::Duration;

#[derive(Args)]
pub struct McpArgs {
    /// lua or js (default js).
    #[arg(long = "lang", value_name = "lua|js")]
    lang: Option<String>,
    #[command(flatten)]
    sources: Sources,
    /// Serve streamable HTTP at http://ADDR:PORT/mcp instead of stdio (port 0 picks one;
    /// the address is printed on stderr).
    #[arg(long = "http", value_name = "ADDR:PORT")]
    http: Option<String>,
    /// Wall-clock bound of each execution (default 120000).
    #[arg(long = "timeout-ms", value_name = "N")]
    timeout_ms: Option<u64>,
    /// Host calls admitted per execution (default 128).
    #[arg(long = "max-tool-calls", value_name = "N")]
    max_tool_calls: Option<usize>,
    /// Largest result, as compact JSON bytes (default 65536).
    #[arg(long = "max-output-bytes", value_name = "N")]
    max_output_bytes: Option<usize>,
    /// Token budget of the execute tool's description (4 bytes a token).
    #[arg(long = "budget-tokens", default_value_t = codemode_mcp::DEFAULT_DESCRIPTION_TOKENS)]
    budget_tokens: usize,
    /// Largest request read from a client, in bytes (a stdio line or an HTTP body).
    #[arg(long = "max-request-bytes", value_name = "N", default_value_t = codemode_mcp::DEFAULT_MAX_REQUEST_BYTES)]
    max_request_bytes: usize,
}

pub fn serve(args: McpArgs) -> Result<u8, Usage> {
    let language = crate::parse_lang(args.lang.as_deref())?.unwrap_or(Language::JavaScript);
    let mut limits = crate::command_line_limits(language);
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
    let address = match &args.http {
        None => None,
        Some(text) => Some(
            text.parse::<std::net::SocketAddr>()
                .map_err(|_| Usage(format!("--http expects ADDR:PORT, got {text:?}")))?,
        ),
    };
    // stdio serves one client: one thread runs its messages, their executions (which yield
    // between fuel slices, so requests interleave) and the tools' I/O, without a
    // cross-thread wake-up per message. HTTP serves many clients: `serve_http` runs their
    // connections on threads of its own (one per core, each a current-thread runtime); this
    // runtime only accepts them and runs the MCP tool sources' connections, and a
    // multi-threaded one here measured 10-50 us more server CPU per call
    // (docs/performance/tools.md, "MCP").
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Usage(format!("cannot start the async runtime: {e}")))?;
    let runtime = crate::build(language, &args.sources, Some(limits), &rt)?;
    let server = codemode_mcp::CodeModeServer::new(runtime, args.budget_tokens)
        .map_err(|e| Usage(format!("--budget-tokens: {e}")))?;
    let max_request_bytes = args.max_request_bytes;
    let outcome = rt.block_on(async move {
        match address {
            None => {
                tokio::select! {
                    biased;
                    signal = crate::termination_signal() => Err(format!("stopped by signal {signal}")),
                    served = codemode_mcp::serve_stdio(server, max_request_bytes) => served,
                }
            }
            Some(address) => {
                let listener = tokio::net::TcpListener::bind(address)
                    .await
                    .map_err(|e| format!("cannot listen on {address}: {e}"))?;
                let bound = listener
                    .local_addr()
                    .map_err(|e| format!("cannot listen on {address}: {e}"))?;
                say(&format!("codemode: serving MCP at http://{bound}/mcp"));
                let options = codemode_mcp::HttpOptions {
                    max_request_bytes,
                    ..Default::default()
                };
                let shutdown = async {
                    let signal = crate::termination_signal().await;
                    say(&format!("codemode: stopped by signal {signal}"));
                };
                codemode_mcp::serve_http(server, listener, options, shutdown)
                    .await
                    .map_err(|e| e.to_string())
            }
        }
    });
    // Running executions are dropped with the runtime; MCP servers started for tool
    // sources are killed as their connections drop.
    rt.shutdown_timeout(Duration::from_secs(1));
    match outcome {
        Ok(()) => Ok(0),
        Err(message) => {
            say(&format!("codemode: {message}"));
            Ok(1)
        }
    }
}

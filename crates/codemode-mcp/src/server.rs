//! A built [`CodeMode`] runtime served as MCP tools: `execute` runs a program, `search`
//! pages through the catalog. Progress notifications carry the execution's events; a
//! cancellation ends its execution as a timeout does.

use codemode::catalog::SearchRequest;
use codemode::{event_channel, CancelHandle, CodeMode, ExecuteOptions, ExecutionEvent};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProgressToken,
    ServerCapabilities, ServerConfig, Tool as McpTool,
};
use rmcp::service::{Peer, RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// Unread events an execution keeps for its progress notifications; later ones are dropped
/// (counted in the final notification) rather than slowing the program.
const EVENT_BACKLOG: usize = 1024;

/// The longest progress message: a log line or an error is cut to this.
const MAX_PROGRESS_MESSAGE: usize = 4096;

/// The budget of the execute tool's description, in tokens (4 bytes each).
pub const DEFAULT_DESCRIPTION_TOKENS: usize = 4000;

/// Where a call's progress notifications go.
pub(crate) enum Notifier {
    /// rmcp's session (stdio; HTTP requests rmcp serves).
    Peer(Peer<RoleServer>),
    /// The request's own response stream (HTTP requests served by `http_call`).
    Stream(tokio::sync::mpsc::Sender<ProgressNotificationParam>),
}

impl Notifier {
    async fn notify(&self, param: ProgressNotificationParam) {
        match self {
            Notifier::Peer(peer) => {
                let _ = peer.notify_progress(param).await;
            }
            Notifier::Stream(sender) => {
                let _ = sender.send(param).await;
            }
        }
    }
}

/// Serves one runtime. Cheap to clone: every session of an HTTP server holds one.
#[derive(Clone)]
pub struct CodeModeServer {
    runtime: CodeMode,
    tools: Arc<Vec<McpTool>>,
}

impl std::fmt::Debug for CodeModeServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodeModeServer")
            .field("runtime", &self.runtime)
            .finish_non_exhaustive()
    }
}

impl CodeModeServer {
    /// Serves `runtime`; the execute tool's description is the runtime's model-facing
    /// description within `description_tokens`.
    pub fn new(runtime: CodeMode, description_tokens: usize) -> Result<Self, String> {
        let description = runtime
            .description(description_tokens)
            .map_err(|e| e.to_string())?;
        let tools = vec![execute_tool(description), search_tool(&runtime)];
        Ok(CodeModeServer {
            runtime,
            tools: Arc::new(tools),
        })
    }

    /// The tools this server lists.
    pub fn tools(&self) -> &[McpTool] {
        &self.tools
    }

    /// Runs one `tools/call`: the code both transports share. `progress` is where the
    /// progress notifications of a request that carries a progress token go; `cancelled`
    /// ends the execution as a timeout does (a `notifications/cancelled`, a closed session,
    /// a client gone).
    pub(crate) async fn call(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        progress: Option<(ProgressToken, Notifier)>,
        cancelled: CancellationToken,
    ) -> Result<CallToolResult, McpError> {
        match name {
            // Boxed: the transports spawn this future as a task and move it a few times;
            // boxed, those moves copy a pointer instead of the execute state.
            "execute" => Box::pin(self.execute(&arguments, progress, cancelled)).await,
            "search" => self.search(&arguments),
            other => Err(McpError::invalid_params(
                format!("unknown tool {other:?}: this server has execute and search"),
                None,
            )),
        }
    }

    async fn execute(
        &self,
        arguments: &Map<String, Value>,
        progress: Option<(ProgressToken, Notifier)>,
        cancelled: CancellationToken,
    ) -> Result<CallToolResult, McpError> {
        let code = match arguments.get("code") {
            Some(Value::String(code)) => code,
            Some(_) => {
                return Err(McpError::invalid_params(
                    "execute: \"code\" must be a string",
                    None,
                ))
            }
            None => {
                return Err(McpError::invalid_params(
                    "execute: \"code\" is required",
                    None,
                ))
            }
        };
        if let Some(other) = arguments.keys().find(|k| k.as_str() != "code") {
            return Err(McpError::invalid_params(
                format!("execute: unknown argument {other:?} (only \"code\")"),
                None,
            ));
        }
        let cancel = CancelHandle::new();
        // Events are collected only for a client that asked for progress.
        let (events, progress) = match progress {
            Some((token, notifier)) => {
                let (sink, stream) = event_channel(EVENT_BACKLOG);
                (Some(sink), Some((token, notifier, stream)))
            }
            None => (None, None),
        };
        let options = ExecuteOptions {
            cancel: Some(cancel.clone()),
            events,
            ..Default::default()
        };
        // Boxed: the execution's future is large, and every enclosing future (join, select,
        // the request task) would otherwise copy it on each move.
        let execution = Box::pin(self.runtime.execute_with(code, options));
        let forward = async move {
            let Some((token, notifier, mut stream)) = progress else {
                return;
            };
            let mut progress = 0.0;
            while let Some(event) = stream.recv().await {
                progress += 1.0;
                let param = ProgressNotificationParam::new(token.clone(), progress)
                    .with_message(progress_message(&event));
                // A client gone mid-execution is noticed by the transport; the execution
                // goes on to its end (or its cancellation) either way.
                notifier.notify(param).await;
            }
            let dropped = stream.dropped();
            if dropped > 0 {
                let param = ProgressNotificationParam::new(token, progress + 1.0).with_message(
                    format!("{dropped} events were not sent: the client read them too slowly"),
                );
                notifier.notify(param).await;
            }
        };
        let watch = async move {
            cancelled.cancelled().await;
            cancel.cancel();
            std::future::pending::<std::convert::Infallible>().await
        };
        let run = async move { tokio::join!(execution, forward).0 };
        let result = tokio::select! {
            result = run => result,
            never = watch => match never {},
        };
        let json = result.to_json();
        Ok(if result.is_ok() {
            CallToolResult::structured(json)
        } else {
            CallToolResult::structured_error(json)
        })
    }

    fn search(&self, arguments: &Map<String, Value>) -> Result<CallToolResult, McpError> {
        let request = SearchRequest::from_input(&Value::Object(arguments.clone()))
            .map_err(|e| McpError::invalid_params(format!("search: {e}"), None))?;
        let render = self.runtime.render_options();
        let catalog = self.runtime.catalog();
        let limits = self.runtime.limits();
        let page = match limits.max_call_output_bytes.or(limits.max_output_bytes) {
            Some(max) => catalog.search_within(&request, &render, max),
            None => catalog.search(&request, &render),
        };
        match page {
            Ok(page) => {
                let value = serde_json::to_value(page)
                    .map_err(|e| McpError::internal_error(e.to_string(), None))?;
                Ok(CallToolResult::structured(value))
            }
            Err(e) => Ok(CallToolResult::error(vec![ContentBlock::text(format!(
                "search failed: {e}"
            ))])),
        }
    }
}

fn cut(text: &str) -> String {
    if text.len() <= MAX_PROGRESS_MESSAGE {
        return text.to_owned();
    }
    let mut end = MAX_PROGRESS_MESSAGE;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}… [{} of {} bytes cut]",
        &text[..end],
        text.len() - end,
        text.len()
    )
}

/// One event as a progress message a person can read.
pub fn progress_message(event: &ExecutionEvent) -> String {
    match event {
        ExecutionEvent::Log(line) => format!("log: {}", cut(line)),
        ExecutionEvent::CallStarted { name, .. } => format!("call started: {name}"),
        ExecutionEvent::CallFinished {
            name,
            status,
            error,
            duration,
            ..
        } => {
            let ms = duration.as_secs_f64() * 1000.0;
            match error {
                Some(error) => format!(
                    "call finished: {name} {} after {ms:.1} ms: {}",
                    status.as_str(),
                    cut(error)
                ),
                None => format!("call finished: {name} {} after {ms:.1} ms", status.as_str()),
            }
        }
    }
}

fn object(value: Value) -> Arc<Map<String, Value>> {
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(Map::new()),
    }
}

fn execute_tool(description: String) -> McpTool {
    let input = json!({
        "type": "object",
        "properties": {
            "code": { "type": "string", "description": "The program's source text." }
        },
        "required": ["code"],
        "additionalProperties": false
    });
    let output = json!({
        "type": "object",
        "description": "The execution Result, as `codemode run` prints it.",
        "properties": {
            "ok": { "type": "boolean" },
            "value": {},
            "error": {
                "type": "object",
                "properties": {
                    "kind": { "type": "string" },
                    "message": { "type": "string" },
                    "location": { "type": "object" },
                    "suggestions": { "type": "array", "items": { "type": "string" } }
                },
                "required": ["kind", "message"]
            },
            "logs": { "type": "array", "items": { "type": "string" } },
            "warnings": { "type": "array" },
            "truncated": { "type": "boolean" },
            "toolCalls": { "type": "array", "items": { "type": "object" } }
        },
        "required": ["ok"]
    });
    McpTool::new("execute", description, object(input)).with_raw_output_schema(object(output))
}

fn search_tool(runtime: &CodeMode) -> McpTool {
    let call = match runtime.language() {
        codemode::Language::Lua => "search{ query = \"...\" }",
        codemode::Language::JavaScript => "search({ query: \"...\" })",
    };
    let description = format!(
        "Search the tools an `execute` program can call: each match has the expression that \
         calls it, its description and its full signature. The same as {call} inside a \
         program; page with limit and offset (`next` is the request for the next page)."
    );
    let input = json!({
        "type": "object",
        "properties": {
            "query": { "type": "string", "description": "Words to look for in tool names and descriptions." },
            "namespace": { "type": "string", "description": "Only tools under this namespace (dotted)." },
            "limit": { "type": "integer", "minimum": 0 },
            "offset": { "type": "integer", "minimum": 0 }
        },
        "required": ["query"],
        "additionalProperties": false
    });
    let output = json!({
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": { "type": "string" },
                        "description": { "type": "string" },
                        "signature": { "type": "string" }
                    }
                }
            },
            "remaining": { "type": "integer" },
            "next": { "type": ["object", "null"] }
        },
        "required": ["items", "remaining"]
    });
    McpTool::new("search", description, object(input)).with_raw_output_schema(object(output))
}

impl ServerHandler for CodeModeServer {
    fn get_info(&self) -> ServerConfig {
        let language = match self.runtime.language() {
            codemode::Language::Lua => "Lua 5.4",
            codemode::Language::JavaScript => "JavaScript",
        };
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("codemode", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "Write one small {language} program and run it with the `execute` tool: it \
                 calls the tools of the catalog in the execute description and returns one \
                 JSON value. Use `search` to find tools and their full signatures."
            ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items((*self.tools).clone()))
    }

    fn get_tool(&self, name: &str) -> Option<McpTool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let arguments = request.arguments.unwrap_or_default();
        let progress = context
            .meta
            .get_progress_token()
            .map(|token| (token, Notifier::Peer(context.peer.clone())));
        let result = self
            .call(
                request.name.as_ref(),
                arguments,
                progress,
                context.ct.clone(),
            )
            .await?;
        Ok(result.into())
    }
}

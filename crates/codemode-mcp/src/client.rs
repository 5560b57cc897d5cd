//! MCP servers as tool sources: a server started as a child process (stdio) or reached at a
//! URL (streamable HTTP); each tool it lists becomes a catalog tool under a namespace.

use codemode::{Tool, ToolError};
use process_wrap::tokio::{ChildWrapper, CommandWrap, ProcessGroup};
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::{Peer, RunningService};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How to reach one MCP server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerSpec {
    /// A child process spoken to over its stdin and stdout. Its stderr is codemode's.
    Command {
        /// The program (found on `PATH` when it has no slash).
        program: String,
        /// Its arguments.
        args: Vec<String>,
        /// Variables added to codemode's environment (credentials: never shown).
        env: BTreeMap<String, String>,
        /// Its working folder (codemode's when `None`).
        cwd: Option<PathBuf>,
    },
    /// A server at an `http://` or `https://` URL, over streamable HTTP.
    Url {
        /// The endpoint, e.g. `http://127.0.0.1:9000/mcp`.
        url: String,
        /// Headers sent with every request (credentials: never shown).
        headers: BTreeMap<String, String>,
    },
}

impl ServerSpec {
    /// The values this spec holds that must never reach the model: env and header values.
    pub fn secrets(&self) -> Vec<String> {
        match self {
            ServerSpec::Command { env, .. } => {
                env.values().filter(|v| !v.is_empty()).cloned().collect()
            }
            ServerSpec::Url { headers, .. } => {
                let mut out = Vec::new();
                for value in headers.values() {
                    out.push(value.clone());
                    // `Bearer TOKEN`: the token alone must not leak either.
                    if let Some((_, token)) = value.split_once(' ') {
                        if token.len() >= 4 {
                            out.push(token.to_owned());
                        }
                    }
                }
                out.retain(|v| !v.is_empty());
                out
            }
        }
    }
}

/// Bounds on what a connection reads from its server.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Longest JSON-RPC message (a stdio line, an HTTP body or SSE event) read from the
    /// server; a longer one fails the call it answers.
    pub max_message_bytes: usize,
    /// How long starting the server, the handshake and listing its tools may take.
    pub connect_timeout: Duration,
    /// Most tools taken from one server (the rest are listed in `skipped`).
    pub max_tools: usize,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            max_message_bytes: 16 * 1024 * 1024,
            connect_timeout: Duration::from_secs(60),
            max_tools: 2048,
        }
    }
}

/// A connection failure, naming the server.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("MCP server {name}: {message}")]
pub struct ConnectError {
    /// The namespace the server was given.
    pub name: String,
    /// What went wrong.
    pub message: String,
}

/// A connected server: its tools, ready for a [`codemode::Builder`].
pub struct Connected {
    /// The namespace (`NAME` of `--mcp NAME=...`).
    pub name: String,
    /// One tool per tool the server listed, at `NAME.<tool>`.
    pub tools: Vec<Tool>,
    /// The server's instructions, the namespace's description.
    pub instructions: Option<String>,
    /// Tools the server listed that could not become catalog tools, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Keeps the server alive; dropping the last handle (the tools hold one too) ends it.
    pub connection: Arc<Connection>,
}

/// One live MCP client session. Dropping it ends the session and kills the server's
/// process group (a child process server).
pub struct Connection {
    name: String,
    peer: Peer<RoleClient>,
    service: Mutex<Option<RunningService<RoleClient, ()>>>,
    child: Mutex<Option<ChildGuard>>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// The namespace the server was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id of a child process server.
    pub fn pid(&self) -> Option<u32> {
        self.child
            .lock()
            .ok()
            .and_then(|c| c.as_ref().and_then(|c| c.child.id()))
    }

    /// Ends the session now: cancels the client and kills a child server's process group.
    pub fn close(&self) {
        if let Ok(mut service) = self.service.lock() {
            if let Some(service) = service.take() {
                service.cancellation_token().cancel();
            }
        }
        if let Ok(mut child) = self.child.lock() {
            child.take();
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.close();
    }
}

/// Kills the child's whole process group when dropped (`npx` starts node, which may start
/// more): no child outlives codemode's handle on it.
struct ChildGuard {
    child: Box<dyn ChildWrapper>,
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        // Reap it when it is gone already, so no zombie is left behind.
        let _ = self.child.try_wait();
    }
}

/// Starts or reaches the server, shakes hands and lists its tools.
pub async fn connect(
    name: &str,
    spec: &ServerSpec,
    options: &ClientOptions,
) -> Result<Connected, ConnectError> {
    let error = |message: String| ConnectError {
        name: name.to_owned(),
        message,
    };
    if name.is_empty() || name.contains('.') {
        return Err(error(
            "the name must be one non-empty namespace segment (no dots)".to_owned(),
        ));
    }
    let timeout = options.connect_timeout;
    let (service, child) = match spec {
        ServerSpec::Command {
            program,
            args,
            env,
            cwd,
        } => {
            let mut command = tokio::process::Command::new(program);
            command
                .args(args)
                .envs(env)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .kill_on_drop(true);
            if let Some(cwd) = cwd {
                command.current_dir(cwd);
            }
            let mut wrapped = CommandWrap::from(command);
            wrapped.wrap(ProcessGroup::leader());
            let mut child = wrapped
                .spawn()
                .map_err(|e| error(format!("cannot start {program}: {e}")))?;
            let (Some(stdout), Some(stdin)) = (
                child.inner_mut().stdout().take(),
                child.inner_mut().stdin().take(),
            ) else {
                return Err(error("the child's stdio is not piped".to_owned()));
            };
            let guard = ChildGuard { child };
            let transport = AsyncRwTransport::new_client(stdout, stdin)
                .with_max_line_length(options.max_message_bytes);
            let service = tokio::time::timeout(timeout, ().serve(transport))
                .await
                .map_err(|_| error(format!("no handshake within {} ms", timeout.as_millis())))?
                .map_err(|e| error(format!("handshake failed: {e}")))?;
            (service, Some(guard))
        }
        ServerSpec::Url { url, headers } => {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(error(format!("{url:?} is not an http:// or https:// URL")));
            }
            let mut header_map = HashMap::new();
            for (key, value) in headers {
                let key = http::HeaderName::from_bytes(key.as_bytes())
                    .map_err(|_| error(format!("invalid header name {key:?}")))?;
                let value = http::HeaderValue::from_str(value)
                    .map_err(|_| error(format!("invalid value for header {key}")))?;
                header_map.insert(key, value);
            }
            let config = StreamableHttpClientTransportConfig::with_uri(url.as_str())
                .custom_headers(header_map)
                .max_sse_event_size(options.max_message_bytes)
                .max_json_response_size(options.max_message_bytes)
                .max_error_response_size(64 * 1024);
            let transport = StreamableHttpClientTransport::from_config(config);
            let service = tokio::time::timeout(timeout, ().serve(transport))
                .await
                .map_err(|_| error(format!("no handshake within {} ms", timeout.as_millis())))?
                .map_err(|e| error(format!("handshake failed: {e}")))?;
            (service, None)
        }
    };
    let peer = service.peer().clone();
    let instructions = service
        .peer_info()
        .and_then(|info| info.instructions.clone())
        .filter(|s| !s.trim().is_empty());
    let connection = Arc::new(Connection {
        name: name.to_owned(),
        peer: peer.clone(),
        service: Mutex::new(Some(service)),
        child: Mutex::new(child),
    });
    let listed = tokio::time::timeout(timeout, peer.list_all_tools())
        .await
        .map_err(|_| {
            error(format!(
                "tools/list did not answer within {} ms",
                timeout.as_millis()
            ))
        })?
        .map_err(|e| error(format!("tools/list failed: {e}")))?;
    let mut tools = Vec::new();
    let mut skipped = Vec::new();
    for listed_tool in listed {
        let tool_name = listed_tool.name.to_string();
        if tools.len() >= options.max_tools {
            skipped.push((
                tool_name,
                format!("over the {}-tool limit", options.max_tools),
            ));
            continue;
        }
        match catalog_tool(name, &listed_tool, &connection) {
            Ok(tool) => tools.push(tool),
            Err(reason) => skipped.push((tool_name, reason)),
        }
    }
    Ok(Connected {
        name: name.to_owned(),
        tools,
        instructions,
        skipped,
        connection,
    })
}

/// The catalog tool for one listed tool: the server's schemas and description, a handler
/// that calls it on this connection.
fn catalog_tool(
    namespace: &str,
    listed: &rmcp::model::Tool,
    connection: &Arc<Connection>,
) -> Result<Tool, String> {
    let upstream_name = listed.name.to_string();
    let description = listed
        .description
        .as_deref()
        .or(listed.title.as_deref())
        .unwrap_or("")
        .to_owned();
    let input_schema = Value::Object((*listed.input_schema).clone());
    let path = format!("{namespace}.{upstream_name}");
    let peer = connection.peer.clone();
    // The tools hold the connection: it lives while any runtime can call them.
    let keep = connection.clone();
    let handler = move |input: Value, _cx: codemode::CallContext| {
        let peer = peer.clone();
        let name = upstream_name.clone();
        let _keep = keep.clone();
        Box::pin(async move {
            let _keep = _keep;
            let arguments = match input {
                Value::Object(map) => Some(map),
                Value::Null => None,
                other => {
                    return Err(ToolError::new(format!(
                        "MCP tool arguments must be an object, got {}",
                        json_type(&other)
                    )))
                }
            };
            let mut params = CallToolRequestParams::new(name.clone());
            params.arguments = arguments;
            match peer.call_tool(params).await {
                Ok(result) => call_result(result),
                Err(e) => Err(ToolError::new(format!(
                    "the MCP server did not answer the call to {name}: {e}"
                ))),
            }
        }) as codemode::catalog::ToolFuture
    };
    let mut tool = Tool::new(&path, description, input_schema, handler)?;
    if let Some(output) = &listed.output_schema {
        tool = tool.with_output_schema(Value::Object((**output).clone()));
    }
    // A schema our validator cannot compile is still shown to the model; the server checks
    // the input itself.
    if tool.check_schemas().is_err() {
        tool = tool.render_only();
    }
    Ok(tool)
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Maps a tool result as the contract says: structuredContent when present; else the text
/// content, parsed as JSON when it is one JSON document (several text items: an array of
/// them); `isError` is a failure with the text.
pub fn call_result(result: CallToolResult) -> Result<Value, ToolError> {
    let texts: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text(t) => Some(t.text.clone()),
            ContentBlock::Resource(r) => match &r.resource {
                rmcp::model::ResourceContents::TextResourceContents { text, .. } => {
                    Some(text.clone())
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    if result.is_error == Some(true) {
        let message = if texts.is_empty() {
            match &result.structured_content {
                Some(v) => v.to_string(),
                None => "the tool reported an error without a message".to_owned(),
            }
        } else {
            texts.join("\n")
        };
        return Err(ToolError::new(message));
    }
    if let Some(structured) = result.structured_content {
        return Ok(structured);
    }
    let parse = |text: String| serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
    let mut texts = texts;
    match texts.len() {
        0 => {
            // Images, audio or resource links only: the blocks themselves as data.
            Ok(serde_json::to_value(&result.content).unwrap_or(Value::Null))
        }
        1 => Ok(parse(texts.remove(0))),
        _ => Ok(Value::Array(texts.into_iter().map(parse).collect())),
    }
}

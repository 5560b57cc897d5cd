//! codemode and the Model Context Protocol, both ways.
//!
//! - [`client`]: MCP servers (a child process over stdio, or a URL over streamable HTTP) as
//!   tool sources: every tool a server lists becomes a catalog tool under a namespace.
//! - [`server`]: a built [`codemode::CodeMode`] runtime served as the MCP tools `execute`
//!   and `search`, over stdio ([`serve_stdio`]) or streamable HTTP ([`serve_http`]).

pub mod client;
mod http;
mod http_call;
pub mod server;
mod sessions;
mod stdio;
mod sys;

pub use client::{connect, ClientOptions, ConnectError, Connected, Connection, ServerSpec};
pub use http::{serve_http, HttpOptions};
pub use server::{CodeModeServer, DEFAULT_DESCRIPTION_TOKENS};

use rmcp::ServiceExt;

/// Longest JSON-RPC message the stdio server reads; a longer line is refused.
pub const DEFAULT_MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// Serves `server` over this process's stdin and stdout until the client closes stdin.
/// stdout carries protocol messages only. A pipe or a socket is read and written through
/// the runtime's event loop, without a thread hand-off per message; a current-thread
/// runtime serves it with the least overhead per call (executions yield between fuel
/// slices, so a long one does not hold up other requests).
pub async fn serve_stdio(server: CodeModeServer, max_request_bytes: usize) -> Result<(), String> {
    serve_io(server, stdio::stdin(), stdio::stdout(), max_request_bytes).await
}

/// Serves `server` over a reader and a writer (stdio, a pipe, a socket) until the reader
/// ends.
pub async fn serve_io<R, W>(
    server: CodeModeServer,
    read: R,
    write: W,
    max_request_bytes: usize,
) -> Result<(), String>
where
    R: tokio::io::AsyncRead + Send + Unpin + 'static,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let transport = rmcp::transport::async_rw::AsyncRwTransport::new_server(read, write)
        .with_max_line_length(max_request_bytes);
    let running = server
        .serve(transport)
        .await
        .map_err(|e| format!("MCP handshake failed: {e}"))?;
    running
        .waiting()
        .await
        .map_err(|e| format!("MCP session ended abnormally: {e}"))?;
    Ok(())
}

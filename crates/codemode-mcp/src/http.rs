//! The streamable HTTP transport of the server: rmcp's tower service behind a small hyper
//! accept loop, at the path `/mcp`.

use crate::server::CodeModeServer;
use crate::sessions::BoundedSessions;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Bounds of the HTTP server.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Largest request body; a larger one is answered 413.
    pub max_request_bytes: usize,
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// Sessions (protocol versions up to 2025-11-25) kept at once; an `initialize` beyond
    /// them is refused (HTTP 500 with the reason) until one is deleted or idles out (five
    /// minutes). Stateless 2026-07-28 requests open none.
    pub max_sessions: usize,
    /// Host header values accepted besides loopback names and the bound address (DNS
    /// rebinding protection).
    pub allowed_hosts: Vec<String>,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            max_request_bytes: 4 * 1024 * 1024,
            max_connections: 1024,
            max_sessions: 1024,
            allowed_hosts: Vec::new(),
        }
    }
}

type Body = http_body_util::combinators::BoxBody<Bytes, Infallible>;

/// Serves `server` at `http://<listener address>/mcp` until `shutdown` completes.
pub async fn serve_http(
    server: CodeModeServer,
    listener: TcpListener,
    options: HttpOptions,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    hosts.push(local.ip().to_string());
    hosts.extend(options.allowed_hosts.iter().cloned());
    let stop = tokio_util::sync::CancellationToken::new();
    let mut config = StreamableHttpServerConfig::default().with_allowed_hosts(hosts);
    config.max_request_body_bytes = options.max_request_bytes;
    config.cancellation_token = stop.child_token();
    // Stateless (2026-07-28) requests whose handler sends nothing before its response get
    // it as a plain JSON body, without an SSE stream; one that sends progress first still
    // gets a stream. Session requests are always answered on a stream by rmcp.
    config.json_response = true;
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(BoundedSessions::new(options.max_sessions)),
        config,
    );
    let slots = Arc::new(Semaphore::new(options.max_connections.max(1)));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            _ = &mut shutdown => break,
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let (stream, _peer): (_, SocketAddr) = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // A failed accept (a reset connection, too many open files) ends only itself.
                Err(_) => continue,
            },
        };
        let service = service.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let handler = hyper::service::service_fn(move |request: Request<Incoming>| {
                let mut service = service.clone();
                async move {
                    if request.uri().path() != "/mcp" {
                        return Ok::<Response<Body>, Infallible>(not_found());
                    }
                    tower_service::Service::call(&mut service, request).await
                }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .keep_alive(true)
                .serve_connection(TokioIo::new(stream), handler)
                .await;
        });
    }
    stop.cancel();
    Ok(())
}

fn not_found() -> Response<Body> {
    let mut response = Response::new(
        Full::new(Bytes::from_static(b"not found: the MCP endpoint is /mcp\n")).boxed(),
    );
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

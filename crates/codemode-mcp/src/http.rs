//! The streamable HTTP transport of the server, at the path `/mcp`: a hyper accept loop;
//! `tools/call` requests it fully understands are served directly (http_call.rs), every
//! other request by rmcp's streamable HTTP service (sessions, `initialize`, GET streams,
//! DELETE, the other methods, and every refusal the protocol asks for).

use crate::http_call::{read_body, AllowedHost, Body, Direct};
use crate::server::CodeModeServer;
use crate::sessions::BoundedSessions;
use bytes::Bytes;
use http_body_util::{BodyExt, Either, Full};
use hyper::body::Incoming;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit, Semaphore};

/// Bounds of the HTTP server.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Largest request body; a larger one is answered 413.
    pub max_request_bytes: usize,
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// Sessions (protocol versions up to 2025-11-25) kept at once; an `initialize` beyond
    /// them is refused (HTTP 500 with the reason) until one is deleted or idles out.
    /// Stateless 2026-07-28 requests open none.
    pub max_sessions: usize,
    /// A session no request has named for this long, with no call running, is ended (its
    /// id is then answered 404). Five minutes by default.
    pub session_idle_timeout: Duration,
    /// Host header values accepted besides loopback names and the bound address (DNS
    /// rebinding protection). A browser `Origin` is accepted when its host is one of the
    /// same names (any port); another Origin is refused with 403.
    pub allowed_hosts: Vec<String>,
    /// Threads serving connections, each running the requests (and executions) of the
    /// connections it is given; 0: one per core.
    pub connection_threads: usize,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            max_request_bytes: 4 * 1024 * 1024,
            max_connections: 1024,
            max_sessions: 1024,
            session_idle_timeout: Duration::from_secs(300),
            allowed_hosts: Vec::new(),
            connection_threads: 0,
        }
    }
}

type Rmcp = StreamableHttpService<CodeModeServer, BoundedSessions>;

/// What every connection shares.
struct Shared {
    direct: Direct,
    rmcp: Rmcp,
}

/// An Origin value for `host`: the scheme and any port.
fn origins(host: &str) -> [String; 2] {
    let host = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_owned()
    };
    [format!("http://{host}:*"), format!("https://{host}:*")]
}

/// Serves `server` at `http://<listener address>/mcp` until `shutdown` completes.
pub async fn serve_http(
    server: CodeModeServer,
    listener: TcpListener,
    options: HttpOptions,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    // A connection is reported once its request has arrived (sys.rs): the thread it is
    // handed to then reads the request at once instead of waking again for it.
    crate::sys::defer_accept(&listener);
    let listener = Acceptor::new(listener)?;
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    hosts.push(local.ip().to_string());
    hosts.extend(options.allowed_hosts.iter().cloned());
    let stop = tokio_util::sync::CancellationToken::new();
    // Origins: the allowed hosts' names (a port in an entry is not the page's port).
    let allowed_origins: Vec<String> = hosts
        .iter()
        .filter_map(|h| AllowedHost::parse(h))
        .flat_map(|h| origins(h.host()))
        .collect();
    let mut config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(hosts.clone())
        .with_allowed_origins(allowed_origins)
        .enforce_origin_validation();
    config.max_request_body_bytes = options.max_request_bytes;
    config.cancellation_token = stop.child_token();
    // Stateless (2026-07-28) requests rmcp serves whose handler sends nothing before its
    // response get it as a plain JSON body, without an SSE stream, as the direct path
    // answers; one that sends progress first still gets a stream.
    config.json_response = true;
    let sessions = Arc::new(BoundedSessions::new(
        options.max_sessions,
        stop.child_token(),
    ));
    tokio::spawn(sessions.clone().expire_idle(options.session_idle_timeout));
    let rmcp_server = server.clone();
    let shared = Arc::new(Shared {
        direct: Direct {
            server,
            sessions: sessions.clone(),
            hosts: hosts.iter().filter_map(|h| AllowedHost::parse(h)).collect(),
            max_request_bytes: options.max_request_bytes,
            stop: stop.child_token(),
        },
        rmcp: StreamableHttpService::new(move || Ok(rmcp_server.clone()), sessions, config),
    });
    let workers = Workers::start(options.connection_threads);
    let slots = Arc::new(Semaphore::new(options.max_connections.max(1)));
    let mut next = 0usize;
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            _ = &mut shutdown => break,
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(stream) => stream,
                // A failed accept (a reset connection, too many open files) ends only itself.
                Err(_) => continue,
            },
        };
        // Answers are written whole; nothing gains from Nagle's delay.
        let _ = stream.set_nodelay(true);
        next = next.wrapping_add(1);
        let connection = Connection {
            stream,
            permit,
            shared: shared.clone(),
        };
        // A worker thread that is gone (it could not start its runtime) leaves its
        // connections to this runtime.
        if let Some(connection) = workers.hand_over(next, connection) {
            tokio::spawn(connection.serve());
        }
    }
    stop.cancel();
    workers.stop().await;
    Ok(())
}

/// The listening socket. A connection is accepted as a non-blocking std socket and
/// registered only with the reactor of the thread that serves it, not first with this
/// one's and then moved (two `epoll_ctl` calls fewer per connection).
#[cfg(target_os = "linux")]
struct Acceptor(tokio::io::unix::AsyncFd<std::net::TcpListener>);

#[cfg(target_os = "linux")]
impl Acceptor {
    fn new(listener: TcpListener) -> std::io::Result<Acceptor> {
        Ok(Acceptor(crate::sys::async_listener(listener.into_std()?)?))
    }

    async fn accept(&self) -> std::io::Result<std::net::TcpStream> {
        loop {
            let mut ready = self.0.readable().await?;
            // An empty queue (EAGAIN) clears the readiness, and the loop waits again.
            if let Ok(accepted) = ready.try_io(|listener| {
                socket2::SockRef::from(listener.get_ref())
                    .accept4(libc::SOCK_NONBLOCK | libc::SOCK_CLOEXEC)
            }) {
                return accepted.map(|(socket, _peer)| socket.into());
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
struct Acceptor(TcpListener);

#[cfg(not(target_os = "linux"))]
impl Acceptor {
    fn new(listener: TcpListener) -> std::io::Result<Acceptor> {
        Ok(Acceptor(listener))
    }

    async fn accept(&self) -> std::io::Result<std::net::TcpStream> {
        let (stream, _peer) = self.0.accept().await?;
        stream.into_std()
    }
}

/// An accepted connection and what serving it needs.
struct Connection {
    stream: std::net::TcpStream,
    permit: OwnedSemaphorePermit,
    shared: Arc<Shared>,
}

impl Connection {
    /// Serves the connection on the current runtime, whose reactor it joins here.
    async fn serve(self) {
        let Connection {
            stream,
            permit,
            shared,
        } = self;
        let _permit = permit;
        let Ok(stream) = tokio::net::TcpStream::from_std(stream) else {
            return;
        };
        let handler = hyper::service::service_fn(move |request: Request<Incoming>| {
            let shared = shared.clone();
            async move { Ok::<_, Infallible>(handle(&shared, request).await) }
        });
        let _ = hyper::server::conn::http1::Builder::new()
            .keep_alive(true)
            .serve_connection(TokioIo::new(stream), handler)
            .await;
    }
}

/// The threads that serve connections, each on a current-thread runtime of its own: a
/// connection's requests, the executions they run and the tasks they start stay on one
/// thread, without the multi-threaded runtime's cross-thread wake-ups per message, while
/// the connections (and so the sessions' programs) spread over the cores.
struct Workers {
    inboxes: Vec<mpsc::UnboundedSender<Connection>>,
    ended: Vec<oneshot::Receiver<()>>,
}

impl Workers {
    /// `threads` workers, 0: one per core.
    fn start(threads: usize) -> Workers {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let mut workers = Workers {
            inboxes: Vec::with_capacity(threads),
            ended: Vec::with_capacity(threads),
        };
        for index in 0..threads {
            let (inbox, mut arrivals) = mpsc::unbounded_channel::<Connection>();
            let (end, ended) = oneshot::channel();
            let started = std::thread::Builder::new()
                .name(format!("codemode-http-{index}"))
                .spawn(move || {
                    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                    else {
                        return;
                    };
                    runtime.block_on(async move {
                        while let Some(connection) = arrivals.recv().await {
                            tokio::spawn(connection.serve());
                        }
                    });
                    // The server has stopped: its connections and their executions are
                    // dropped with the runtime (a tool's child process is killed on drop).
                    runtime.shutdown_timeout(Duration::from_secs(1));
                    let _ = end.send(());
                });
            if started.is_ok() {
                workers.inboxes.push(inbox);
                workers.ended.push(ended);
            }
        }
        workers
    }

    /// Gives `connection` to a worker (round robin by `turn`); gives it back when none
    /// takes it.
    fn hand_over(&self, turn: usize, connection: Connection) -> Option<Connection> {
        if self.inboxes.is_empty() {
            return Some(connection);
        }
        let inbox = &self.inboxes[turn % self.inboxes.len()];
        inbox
            .send(connection)
            .err()
            .map(|mpsc::error::SendError(connection)| connection)
    }

    /// Stops taking connections and waits until every worker has dropped its own.
    async fn stop(self) {
        drop(self.inboxes);
        for ended in self.ended {
            let _ = ended.await;
        }
    }
}

async fn handle(shared: &Shared, request: Request<Incoming>) -> Response<Body> {
    if request.uri().path() != "/mcp" {
        return not_found();
    }
    let direct = &shared.direct;
    if request.method() != Method::POST {
        // Any request naming a session keeps it alive.
        if let Some(id) = request.headers().get("mcp-session-id") {
            if let Ok(id) = id.to_str() {
                direct.sessions.touch(id);
            }
        }
        return forward(shared, request.map(Either::Left)).await;
    }
    // `route` marks the session active.
    let Some(route) = direct.route(request.headers()) else {
        if let Some(id) = request.headers().get("mcp-session-id") {
            if let Ok(id) = id.to_str() {
                direct.sessions.touch(id);
            }
        }
        return forward(shared, request.map(Either::Left)).await;
    };
    let (parts, body) = request.into_parts();
    let body = match read_body(body, direct.max_request_bytes).await {
        Ok(body) => body,
        Err(refusal) => return refusal,
    };
    if let Some(call) = direct.decode(&body, &route, &parts.headers) {
        if let Some(response) = direct.serve(call, route).await {
            return response;
        }
    }
    let request = Request::from_parts(parts, Either::Right(Full::new(body)));
    forward(shared, request).await
}

async fn forward(
    shared: &Shared,
    request: Request<Either<Incoming, Full<Bytes>>>,
) -> Response<Body> {
    shared.rmcp.handle(request).await.map(BodyExt::boxed_unsync)
}

fn not_found() -> Response<Body> {
    let mut response = Response::new(
        Full::new(Bytes::from_static(b"not found: the MCP endpoint is /mcp\n")).boxed_unsync(),
    );
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

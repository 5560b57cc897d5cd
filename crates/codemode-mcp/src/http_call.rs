//! `tools/call` over streamable HTTP without rmcp's session machinery: the request most of
//! a client's traffic is, decoded by its `method` and run on the shared handler
//! ([`CodeModeServer::call`]), its answer one JSON body, or an SSE stream when progress
//! notifications go before it.
//!
//! Only a request this path fully understands is served here; anything else (another
//! method, a header or a field this code does not check, an Origin, a session not yet
//! initialized) goes to rmcp's service unchanged, which answers it or refuses it as the
//! protocol says. A request served here is one rmcp would have accepted: a POST with an
//! allowed Host, `Accept` naming both JSON and SSE, a JSON `Content-Type`, and either
//! - a live, initialized session (`Mcp-Session-Id`) with a handshake protocol version
//!   (2025-11-25 and older, or no `MCP-Protocol-Version`, which means 2025-03-26), or
//! - no session, `MCP-Protocol-Version: 2026-07-28` with matching `Mcp-Method`/`Mcp-Name`
//!   headers, and the request's `_meta` carrying that version and the client's
//!   capabilities (the stateless revision).
//!
//! The execution runs inside the request's own future (no task hand-off per call). It is
//! cancelled by `notifications/cancelled` naming the call (sessions.rs), the session's end,
//! the server's stop, or, in the stateless revision, the client dropping the response (the
//! request's stream closing is its cancellation). A call whose response is dropped is
//! finished on a task of its own, so that it still winds down properly (a cancelled one's
//! tool calls interrupted, their after-hooks told).

use crate::server::{CodeModeServer, Notifier};
use crate::sessions::{BoundedSessions, Session};
use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE, HOST, ORIGIN};
use http::{HeaderMap, HeaderValue, Response, StatusCode};
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Frame;
use rmcp::model::{
    CallToolResponse, ClientCapabilities, ErrorData, ProgressNotification,
    ProgressNotificationParam, ProgressToken, ProtocolVersion, RequestId, ServerJsonRpcMessage,
    ServerNotification, ServerResult,
};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub(crate) type Body = UnsyncBoxBody<Bytes, Infallible>;

const SESSION_ID: &str = "mcp-session-id";
const PROTOCOL_VERSION: &str = "mcp-protocol-version";
const MCP_METHOD: &str = "mcp-method";
const MCP_NAME: &str = "mcp-name";
const META_PREFIX: &str = "io.modelcontextprotocol/";
const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const META_CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
/// The revision without sessions, whose requests carry their own version.
const STATELESS: &str = "2026-07-28";
/// Progress notifications a call may have queued before its stream is written.
const PROGRESS_BACKLOG: usize = 64;

/// A host the server answers to: a name or address, and a port when the entry named one.
pub(crate) struct AllowedHost {
    host: String,
    port: Option<u16>,
}

impl AllowedHost {
    /// `host` or `host:port`; brackets around an IPv6 address are optional.
    pub(crate) fn parse(entry: &str) -> Option<AllowedHost> {
        let entry = entry.trim();
        if entry.is_empty() {
            return None;
        }
        Some(match http::uri::Authority::try_from(entry) {
            Ok(authority) => AllowedHost {
                host: normalize_host(authority.host()),
                port: authority.port_u16(),
            },
            Err(_) => AllowedHost {
                host: normalize_host(entry),
                port: None,
            },
        })
    }
}

impl AllowedHost {
    pub(crate) fn host(&self) -> &str {
        &self.host
    }
}

fn normalize_host(host: &str) -> String {
    host.trim_matches('[')
        .trim_matches(']')
        .to_ascii_lowercase()
}

/// What the direct path needs: the handler, the sessions, the checks' settings.
pub(crate) struct Direct {
    pub(crate) server: CodeModeServer,
    pub(crate) sessions: Arc<BoundedSessions>,
    pub(crate) hosts: Vec<AllowedHost>,
    pub(crate) max_request_bytes: usize,
    pub(crate) stop: CancellationToken,
}

/// Where a request that may be served directly belongs.
pub(crate) enum Route {
    Session(Arc<Session>),
    Stateless,
}

/// A decoded `tools/call`.
pub(crate) struct Call {
    id: RequestId,
    name: String,
    arguments: Map<String, Value>,
    progress: Option<ProgressToken>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    jsonrpc: &'a str,
    id: RequestId,
    method: &'a str,
    params: CallParams,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallParams {
    name: String,
    #[serde(default)]
    arguments: Option<Map<String, Value>>,
    #[serde(rename = "_meta", default)]
    meta: Option<Map<String, Value>>,
}

/// The one value of header `name`, as text; None when absent, repeated or not text.
fn single<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    let mut values = headers.get_all(name).iter();
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    value.to_str().ok()
}

/// `Accept` names both media types a streamable HTTP client must take. Entries with
/// parameters (a quality of 0 excludes a type) are left to rmcp's fuller parser.
fn accepts_json_and_sse(headers: &HeaderMap) -> bool {
    let (mut json, mut sse) = (false, false);
    for value in headers.get_all(ACCEPT) {
        let Ok(value) = value.to_str() else {
            return false;
        };
        for entry in value.split(',') {
            let entry = entry.trim();
            if entry.contains(';') || entry.contains('"') {
                return false;
            }
            json |= entry.eq_ignore_ascii_case("application/json");
            sse |= entry.eq_ignore_ascii_case("text/event-stream");
        }
    }
    json && sse
}

fn content_type_is_json(headers: &HeaderMap) -> bool {
    single(headers, CONTENT_TYPE.as_str()).is_some_and(|value| {
        let essence = value.split_once(';').map_or(value, |(essence, _)| essence);
        essence.trim().eq_ignore_ascii_case("application/json")
    })
}

/// A protocol version of the handshake revisions, which use sessions.
fn is_session_version(version: &str) -> bool {
    version < STATELESS
        && ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .any(|v| v.as_str() == version)
}

impl Direct {
    fn host_allowed(&self, headers: &HeaderMap) -> bool {
        let Some(host) = single(headers, HOST.as_str()) else {
            return false;
        };
        let Ok(authority) = http::uri::Authority::try_from(host) else {
            return false;
        };
        let name = normalize_host(authority.host());
        let port = authority.port_u16();
        self.hosts
            .iter()
            .any(|allowed| allowed.host == name && allowed.port.is_none_or(|p| Some(p) == port))
    }

    /// Whether a POST with these headers may be served here, and where it belongs.
    pub(crate) fn route(&self, headers: &HeaderMap) -> Option<Route> {
        if headers.contains_key(ORIGIN)
            || !self.host_allowed(headers)
            || !accepts_json_and_sse(headers)
            || !content_type_is_json(headers)
        {
            return None;
        }
        let version = match headers.get_all(PROTOCOL_VERSION).iter().count() {
            0 => None,
            1 => Some(single(headers, PROTOCOL_VERSION)?),
            _ => return None,
        };
        if headers.contains_key(SESSION_ID) {
            if version.is_some_and(|v| !is_session_version(v)) {
                return None;
            }
            let session = self.sessions.touch(single(headers, SESSION_ID)?)?;
            return session.initialized().then_some(Route::Session(session));
        }
        (version == Some(STATELESS) && single(headers, MCP_METHOD) == Some("tools/call"))
            .then_some(Route::Stateless)
    }

    /// The `tools/call` in `body`, if it is one this path serves.
    pub(crate) fn decode(&self, body: &[u8], route: &Route, headers: &HeaderMap) -> Option<Call> {
        let envelope: Envelope<'_> = serde_json::from_slice(body).ok()?;
        if envelope.jsonrpc != "2.0" || envelope.method != "tools/call" {
            return None;
        }
        let CallParams {
            name,
            arguments,
            meta,
        } = envelope.params;
        let meta = meta.unwrap_or_default();
        let mut progress = None;
        let (mut version, mut capabilities) = (None, None);
        for (key, value) in &meta {
            match key.as_str() {
                "progressToken" => progress = Some(ProgressToken::deserialize(value).ok()?),
                META_PROTOCOL_VERSION => version = Some(value.as_str()?),
                META_CLIENT_CAPABILITIES => capabilities = Some(value),
                META_CLIENT_INFO => {}
                other if other.starts_with(META_PREFIX) => return None,
                _ => {}
            }
        }
        match route {
            // A session's requests carry no lifecycle fields of their own.
            Route::Session(_) => {
                if version.is_some()
                    || capabilities.is_some()
                    || meta.contains_key(META_CLIENT_INFO)
                {
                    return None;
                }
            }
            Route::Stateless => {
                if version != Some(STATELESS)
                    || single(headers, MCP_NAME) != Some(name.as_str())
                    || ClientCapabilities::deserialize(capabilities?).is_err()
                {
                    return None;
                }
            }
        }
        Some(Call {
            id: envelope.id,
            name,
            arguments: arguments.unwrap_or_default(),
            progress,
        })
    }

    /// Runs `call` and answers it: one JSON body when nothing goes before the answer, else
    /// an SSE stream of the progress notifications and then the answer. None when the
    /// session already runs a call with this id (rmcp then decides).
    pub(crate) async fn serve(&self, call: Call, route: Route) -> Option<Response<Body>> {
        let (session, cancelled) = match route {
            Route::Session(session) => {
                let token = self.sessions.begin_call(&session, &call.id)?;
                (Some(session), token)
            }
            Route::Stateless => (None, self.stop.child_token()),
        };
        let Call {
            id,
            name,
            arguments,
            progress,
        } = call;
        let (progress, notes) = match progress {
            Some(token) => {
                let (sender, receiver) = mpsc::channel(PROGRESS_BACKLOG);
                (Some((token, Notifier::Stream(sender))), Some(receiver))
            }
            None => (None, None),
        };
        let server = self.server.clone();
        let sessions = self.sessions.clone();
        let token = cancelled.clone();
        let in_session = session.is_some();
        let mut running = Running {
            call: Some(Box::pin(async move {
                let result = server.call(&name, arguments, progress, token).await;
                if let Some(session) = &session {
                    sessions.end_call(session, &id);
                }
                answer_message(result, id, session.is_some())
            })),
            cancelled,
            // The handshake revisions let a client resume a dropped stream, so there a
            // dropped connection alone does not cancel (2025-11-25, "Cancellation");
            // in the stateless revision closing the stream is the cancellation.
            cancel_on_drop: !in_session,
        };
        let Some(mut notes) = notes else {
            return Some(json_response(&(&mut running).await));
        };
        let first = tokio::select! {
            biased;
            note = notes.recv() => note,
            answer = &mut running => {
                // Progress queued before the answer still goes first, on a stream.
                return Some(match notes.try_recv() {
                    Ok(note) => sse_response(Some(note), Stream::Answered(notes, Box::new(answer))),
                    Err(_) => json_response(&answer),
                });
            }
        };
        Some(sse_response(first, Stream::Running(notes, running)))
    }
}

/// A call's execution, polled by the request that runs it. Dropped before its end (the
/// client went away), it is left to end on its own task, cancelled first when
/// `cancel_on_drop`, so a cancelled execution winds down as one does (its tool calls
/// interrupted, their after-hooks told).
struct Running {
    call: Option<Pin<Box<dyn Future<Output = ServerJsonRpcMessage> + Send>>>,
    cancelled: CancellationToken,
    cancel_on_drop: bool,
}

impl Future for Running {
    type Output = ServerJsonRpcMessage;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<ServerJsonRpcMessage> {
        // Never polled again once it has answered.
        let Some(call) = self.call.as_mut() else {
            return Poll::Pending;
        };
        let answer = std::task::ready!(call.as_mut().poll(cx));
        self.call = None;
        Poll::Ready(answer)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(call) = self.call.take() {
            if self.cancel_on_drop {
                self.cancelled.cancel();
            }
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(call);
            }
        }
    }
}

/// The rest of an SSE answer.
enum Stream {
    /// Progress still to come from the running call, then its answer.
    Running(mpsc::Receiver<ProgressNotificationParam>, Running),
    /// The call has answered: the progress it queued, then the answer.
    Answered(
        mpsc::Receiver<ProgressNotificationParam>,
        Box<ServerJsonRpcMessage>,
    ),
    Done,
}

impl Stream {
    async fn next(self) -> Option<(Frame<Bytes>, Stream)> {
        match self {
            Stream::Running(mut notes, mut running) => {
                tokio::select! {
                    biased;
                    note = notes.recv() => match note {
                        Some(note) => Some((progress_event(note), Stream::Running(notes, running))),
                        // The call's progress sender is gone: it is ending.
                        None => Some((sse_event(&(&mut running).await), Stream::Done)),
                    },
                    answer = &mut running => Some(match notes.try_recv() {
                        Ok(note) => (progress_event(note), Stream::Answered(notes, Box::new(answer))),
                        Err(_) => (sse_event(&answer), Stream::Done),
                    }),
                }
            }
            Stream::Answered(mut notes, answer) => Some(match notes.try_recv() {
                Ok(note) => (progress_event(note), Stream::Answered(notes, answer)),
                Err(_) => (sse_event(&answer), Stream::Done),
            }),
            Stream::Done => None,
        }
    }
}

/// The JSON-RPC answer to a call, shaped as rmcp's session and stateless paths shape it:
/// handshake sessions get the legacy result (no `resultType`), the stateless revision the
/// 2026-07-28 one.
fn answer_message(
    result: Result<rmcp::model::CallToolResult, ErrorData>,
    id: RequestId,
    legacy: bool,
) -> ServerJsonRpcMessage {
    match result {
        Ok(result) => {
            let mut result = ServerResult::from(CallToolResponse::from(result));
            if legacy {
                result.strip_result_type_for_legacy_peer();
                result.strip_non_object_output_for_legacy_peer();
            } else {
                result.fill_missing_cache_hints();
            }
            ServerJsonRpcMessage::response(result, id)
        }
        Err(error) => ServerJsonRpcMessage::error(error, Some(id)),
    }
}

fn to_json(message: &ServerJsonRpcMessage) -> Vec<u8> {
    // Serialising the protocol's own types into memory does not fail.
    serde_json::to_vec(message).unwrap_or_default()
}

fn json_response(message: &ServerJsonRpcMessage) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(to_json(message))).boxed_unsync());
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

fn sse_event(message: &ServerJsonRpcMessage) -> Frame<Bytes> {
    let json = to_json(message);
    let mut event = Vec::with_capacity(json.len() + 8);
    event.extend_from_slice(b"data: ");
    event.extend_from_slice(&json);
    event.extend_from_slice(b"\n\n");
    Frame::data(Bytes::from(event))
}

fn progress_event(param: ProgressNotificationParam) -> Frame<Bytes> {
    let message = ServerJsonRpcMessage::notification(ServerNotification::ProgressNotification(
        ProgressNotification::new(param),
    ));
    sse_event(&message)
}

/// `first`, then the rest of the call's progress and its answer, as server-sent events.
/// The stream dropped before the answer (the client went away) cancels the call.
fn sse_response(first: Option<ProgressNotificationParam>, rest: Stream) -> Response<Body> {
    let first = futures::stream::iter(first.map(|note| Ok::<_, Infallible>(progress_event(note))));
    let rest = futures::stream::unfold(rest, |rest| async move {
        rest.next().await.map(|(frame, rest)| (Ok(frame), rest))
    });
    let body = StreamBody::new(futures::StreamExt::chain(first, rest));
    let mut response = Response::new(BodyExt::boxed_unsync(body));
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(
        http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache"),
    );
    response
}

/// The body of a request served here, read whole; an answer when it is too long or
/// cannot be read (as rmcp answers them).
pub(crate) async fn read_body(
    body: hyper::body::Incoming,
    max: usize,
) -> Result<Bytes, Response<Body>> {
    let limited = http_body_util::Limited::new(body, max);
    match limited.collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(error) => {
            let (status, text) = if error.is::<http_body_util::LengthLimitError>() {
                (
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("Payload Too Large: request body exceeds {max} bytes"),
                )
            } else {
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("Failed to read request body: {error}"),
                )
            };
            let mut response = Response::new(Full::new(Bytes::from(text)).boxed_unsync());
            *response.status_mut() = status;
            Err(response)
        }
    }
}

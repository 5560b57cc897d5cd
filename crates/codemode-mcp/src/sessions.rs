//! The HTTP server's sessions: rmcp's `LocalSessionManager` under a cap, and what the
//! direct `tools/call` path (http_call.rs) needs to know of each session.
//!
//! - The cap: the local manager creates a session for every `initialize` and keeps it
//!   until its client deletes it or it idles out, so without a cap a client looping on
//!   `initialize` grows the server's memory without bound.
//! - Per session: whether the client has sent `notifications/initialized`, the direct
//!   calls running (so `notifications/cancelled` and the session's end reach them), and
//!   when a request last named the session. Idle sessions are ended here
//!   ([`BoundedSessions::expire_idle`]) rather than by rmcp's session worker, whose idle
//!   timer only sees the messages that pass through it: a session whose calls all go the
//!   direct way would otherwise idle out while in use.

use futures::Stream;
use rmcp::model::{ClientJsonRpcMessage, ClientNotification, RequestId, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    RestoreOutcome, ServerSseMessage, SessionId, SessionManager,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

pub(crate) struct BoundedSessions {
    inner: LocalSessionManager,
    max: usize,
    live: Mutex<HashMap<SessionId, Arc<Session>>>,
    /// The server's stop token: every session's `ended` is a child of it.
    stop: CancellationToken,
    /// The origin of the sessions' `last_active` times.
    epoch: Instant,
}

/// What the direct path knows of one session.
pub(crate) struct Session {
    initialized: AtomicBool,
    /// Cancelled when the session ends (DELETE, idle, server stop): the direct calls
    /// running in it end with it.
    ended: CancellationToken,
    /// The direct calls running, by JSON-RPC id, for `notifications/cancelled`.
    calls: Mutex<HashMap<RequestId, CancellationToken>>,
    /// Milliseconds after the manager's epoch when a request last named the session or a
    /// direct call of it ended.
    last_active: AtomicU64,
}

impl Session {
    /// Whether the client has sent `notifications/initialized`: only then are its calls
    /// served directly (before it, rmcp's session decides what to do with them).
    pub(crate) fn initialized(&self) -> bool {
        self.initialized.load(Ordering::Acquire)
    }
}

impl BoundedSessions {
    pub(crate) fn new(max: usize, stop: CancellationToken) -> Self {
        let mut inner = LocalSessionManager::default();
        // Idle sessions are ended by `expire_idle`, which sees every request.
        inner.session_config.keep_alive = None;
        BoundedSessions {
            inner,
            max: max.max(1),
            live: Mutex::new(HashMap::new()),
            stop,
            epoch: Instant::now(),
        }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn live(&self) -> std::sync::MutexGuard<'_, HashMap<SessionId, Arc<Session>>> {
        // A panic while holding the lock leaves the map itself intact.
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The live session `id`, marked active now.
    pub(crate) fn touch(&self, id: &str) -> Option<Arc<Session>> {
        let session = self.live().get(id).cloned()?;
        session.last_active.store(self.now(), Ordering::Relaxed);
        Some(session)
    }

    /// Registers a direct call `id` of `session`; its token is cancelled by the session's
    /// end or a `notifications/cancelled` naming it. None when a call with that id is
    /// already running in the session.
    pub(crate) fn begin_call(
        &self,
        session: &Session,
        id: &RequestId,
    ) -> Option<CancellationToken> {
        let mut calls = session.calls.lock().unwrap_or_else(|e| e.into_inner());
        if calls.contains_key(id) {
            return None;
        }
        let token = session.ended.child_token();
        calls.insert(id.clone(), token.clone());
        Some(token)
    }

    pub(crate) fn end_call(&self, session: &Session, id: &RequestId) {
        session
            .calls
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        session.last_active.store(self.now(), Ordering::Relaxed);
    }

    /// Ends the sessions no request has named for `idle` and with no direct call running,
    /// checking every `idle / 4` (at most every 30 s), until the server stops.
    pub(crate) async fn expire_idle(self: Arc<Self>, idle: Duration) {
        let period = (idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(30));
        let idle_ms = idle.as_millis() as u64;
        loop {
            tokio::select! {
                _ = self.stop.cancelled() => return,
                _ = tokio::time::sleep(period) => {}
            }
            let now = self.now();
            let expired: Vec<SessionId> = self
                .live()
                .iter()
                .filter(|(_, s)| {
                    now.saturating_sub(s.last_active.load(Ordering::Relaxed)) >= idle_ms
                        && s.calls.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
                })
                .map(|(id, _)| id.clone())
                .collect();
            for id in expired {
                let _ = self.close_session(&id).await;
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum BoundedSessionsError {
    #[error(
        "{0} sessions are open, the most this server keeps: end one (DELETE) or wait until \
         one idles out"
    )]
    Full(usize),
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
}

impl SessionManager for BoundedSessions {
    type Error = BoundedSessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        // Checked, then created: requests racing past the check add at most one session
        // each, and their number is bounded by the server's connection limit.
        if self.live().len() >= self.max {
            return Err(BoundedSessionsError::Full(self.max));
        }
        let (id, transport) = self.inner.create_session().await?;
        let session = Session {
            initialized: AtomicBool::new(false),
            ended: self.stop.child_token(),
            calls: Mutex::new(HashMap::new()),
            last_active: AtomicU64::new(self.now()),
        };
        self.live().insert(id.clone(), Arc::new(session));
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        if let Some(session) = self.live().remove(id) {
            session.ended.cancel();
        }
        Ok(self.inner.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        let notification = match &message {
            ClientJsonRpcMessage::Notification(n) => Some(&n.notification),
            _ => None,
        };
        let session = self.live().get(id).cloned();
        // A cancellation of a direct call ends it here; rmcp's session, which does not
        // know the id, ignores it.
        if let (Some(session), Some(ClientNotification::CancelledNotification(cancelled))) =
            (&session, notification)
        {
            if let Some(request) = &cancelled.params.request_id {
                let calls = session.calls.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(token) = calls.get(request) {
                    token.cancel();
                }
            }
        }
        let initialized = matches!(
            notification,
            Some(ClientNotification::InitializedNotification(_))
        );
        self.inner.accept_message(id, message).await?;
        if let (Some(session), true) = (session, initialized) {
            session.initialized.store(true, Ordering::Release);
        }
        Ok(())
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.resume(id, last_event_id).await?)
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        Ok(self.inner.restore_session(id).await?)
    }
}

//! What a host sees of an execution while it runs: a cancellation handle it can pull, and a
//! live stream of events (log lines, calls starting and finishing).

use crate::result::{CallKind, CallStatus};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context as TaskContext, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// Ends an execution from outside. Clones share one switch; pulling it before the execution
/// starts makes it end at once. A cancelled execution ends as a timeout does: a
/// `TimeoutExceeded` diagnostic saying it was cancelled, calls still running recorded as
/// `uncertain` and their after-hooks told `Interrupted`.
#[derive(Debug, Clone)]
pub struct CancelHandle {
    switch: Arc<watch::Sender<bool>>,
}

impl Default for CancelHandle {
    fn default() -> Self {
        Self::new()
    }
}

impl CancelHandle {
    /// A switch not yet pulled.
    pub fn new() -> CancelHandle {
        CancelHandle {
            switch: Arc::new(watch::Sender::new(false)),
        }
    }

    /// Cancels every execution that holds this handle (or a clone of it).
    pub fn cancel(&self) {
        self.switch.send_replace(true);
    }

    /// Whether [`CancelHandle::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        *self.switch.borrow()
    }

    /// Completes once the handle is cancelled.
    pub async fn cancelled(&self) {
        let mut seen = self.switch.subscribe();
        // The sender lives in `self`, so waiting cannot fail with a closed channel.
        let _ = seen.wait_for(|cancelled| *cancelled).await;
    }
}

/// One thing that happened during an execution, in the order the driver saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum ExecutionEvent {
    /// A log line (Lua's `print`, JS's `console.*`), cut to the log byte limit and scrubbed
    /// of secrets as the result's logs are. Every line is sent, including the ones the
    /// result's log budget later drops.
    Log(String),
    /// An admitted call began to run (after its before-hooks and the concurrency bound).
    CallStarted {
        /// The call's index among the execution's host calls (as in the result's records).
        seq: usize,
        /// Dotted tool path, `search`, or the extension's name.
        name: String,
        /// What was called.
        kind: CallKind,
    },
    /// An admitted call ended: answered, failed, was rejected or denied before it ran, or
    /// was interrupted (`Uncertain`) when the execution ended first. Every admitted call
    /// gets exactly one.
    CallFinished {
        /// The call's index, as in [`ExecutionEvent::CallStarted`].
        seq: usize,
        /// Dotted tool path, `search`, or the extension's name.
        name: String,
        /// What was called.
        kind: CallKind,
        /// How it ended.
        status: CallStatus,
        /// What the program saw when it failed or was denied (scrubbed of secrets).
        error: Option<String>,
        /// How long it ran.
        duration: Duration,
    },
}

/// Makes a bounded event channel: give the sink to [`crate::ExecuteOptions::events`] and
/// read the stream while the execution runs. The execution never waits for the reader:
/// when `capacity` events are unread, later ones are dropped and counted
/// ([`EventStream::dropped`]). The stream ends when the execution has ended.
pub fn event_channel(capacity: usize) -> (EventSink, EventStream) {
    let (tx, rx) = mpsc::channel(capacity.max(1));
    let dropped = Arc::new(AtomicUsize::new(0));
    (
        EventSink {
            tx,
            dropped: dropped.clone(),
        },
        EventStream { rx, dropped },
    )
}

/// The sending side of [`event_channel`].
#[derive(Debug, Clone)]
pub struct EventSink {
    tx: mpsc::Sender<ExecutionEvent>,
    dropped: Arc<AtomicUsize>,
}

impl EventSink {
    pub(crate) fn send(&self, event: ExecutionEvent) {
        if self.tx.try_send(event).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether anyone still reads: events nobody reads are not built.
    pub(crate) fn is_open(&self) -> bool {
        !self.tx.is_closed()
    }
}

/// The reading side of [`event_channel`]; also a [`futures::Stream`].
#[derive(Debug)]
pub struct EventStream {
    rx: mpsc::Receiver<ExecutionEvent>,
    dropped: Arc<AtomicUsize>,
}

impl EventStream {
    /// The next event, or `None` once the execution has ended and every event was read.
    pub async fn recv(&mut self) -> Option<ExecutionEvent> {
        self.rx.recv().await
    }

    /// Events dropped because the reader fell `capacity` events behind.
    pub fn dropped(&self) -> usize {
        self.dropped.load(Ordering::Relaxed)
    }
}

impl futures::Stream for EventStream {
    type Item = ExecutionEvent;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx)
    }
}

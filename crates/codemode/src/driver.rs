//! The driver loop: steps the interpreter in fuel slices, admits and runs its host calls
//! (limits, input checks, hooks, the concurrency bound, output checks, records), enforces
//! the deadline, and shapes the final result.

use crate::builder::{ExecuteOptions, Inner};
use crate::events::{CancelHandle, EventSink, ExecutionEvent};
use crate::extension::Extension;
use crate::hooks::{CallOutcome, Hook, HookCall, HookDecision};
use crate::logs::LogBuffer;
use crate::records::Records;
use crate::result::{CallKind, CallStatus, ExecutionResult, Warning};
use crate::retire::RetiredExecution;
use crate::shape::{self, Parts};
use codemode_catalog::{CallContext, Catalog, Context, SearchRequest, Tool};
use codemode_core::{
    CallId, Completion, Deadline, Diagnostic, DiagnosticKind, Execution, HostCall, HostError,
    HostOutcome, HostTarget, Location, StartOptions, StepState,
};
use futures::future::BoxFuture;
use futures::stream::FuturesUnordered;
use futures::{FutureExt, StreamExt};
use serde_json::Value;
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Fuel per slice: small enough that the deadline is checked often (well under a
/// millisecond of work), large enough that slicing costs nothing measurable.
const SLICE_FUEL: u64 = 200_000;

/// Host failures remembered to name the kind of an uncaught one: the most recent ones, each
/// by the end of its message.
const HOST_ERRORS_KEPT: usize = 64;
const HOST_ERROR_TAIL: usize = 256;

pub(crate) async fn run(
    inner: Arc<Inner>,
    source: String,
    options: ExecuteOptions,
) -> ExecutionResult {
    let deadline = inner.limits.timeout.map(Deadline::after);
    let program = match guard(|| inner.interpreter.compile(&source, &inner.compile_options)) {
        Ok(Ok(program)) => program,
        Ok(Err(diagnostic)) | Err(diagnostic) => return shape::failed(diagnostic, &inner.limits),
    };
    let catalog = inner.catalog_for(&options.context);
    let render = codemode_catalog::RenderOptions {
        language: inner.language,
        root: inner.tool_root.clone(),
    };
    // Report unknown literal tool paths before anything runs.
    let static_paths = match guard(|| program.static_tool_paths()) {
        Ok(paths) => paths,
        Err(diagnostic) => return shape::failed(diagnostic, &inner.limits),
    };
    for (segments, location) in static_paths {
        if catalog.lookup(&segments).is_none() && inner.unavailable_reason(&segments).is_none() {
            let d = unknown_tool(&catalog, &render, &segments, location);
            return shape::failed(d, &inner.limits);
        }
    }
    let time_zone = inner.time_zone.clone();
    let mut execution = match guard(move || {
        program.start(StartOptions {
            seed: options.seed,
            deadline,
            now: options.now,
            time_zone,
        })
    }) {
        Ok(execution) => execution,
        Err(diagnostic) => return shape::failed(diagnostic, &inner.limits),
    };
    let limits = &inner.limits;
    // No more records are kept than the output can carry, and each one's input preview is
    // a small share of the output.
    let records_bytes = limits
        .max_output_bytes
        .map_or(limits.max_records_bytes, |m| {
            m.min(limits.max_records_bytes)
        });
    let preview_bytes = limits
        .max_output_bytes
        .map_or(limits.max_record_input_bytes, |m| {
            limits.max_record_input_bytes.min((m / 8).max(64))
        });
    let driver = Driver {
        logs: LogBuffer::new(limits.max_log_lines, limits.max_log_bytes),
        semaphore: Arc::new(Semaphore::new(limits.max_host_call_concurrency)),
        records: Records::new(records_bytes, preview_bytes),
        inner,
        catalog,
        render,
        context: options.context,
        pending: BTreeMap::new(),
        pending_bytes: 0,
        warnings: Vec::new(),
        host_errors: VecDeque::new(),
        deadline,
        poisoned: None,
        cancel: options.cancel,
        events: options.events,
    };
    let retire = driver.inner.retire.clone();
    let result = driver.drive(execution.as_mut()).await;
    match retire {
        Some(retire) => retire(RetiredExecution::new(execution)),
        None => drop(execution),
    }
    result
}

/// Runs interpreter code so that a bug in it (a panic) ends this execution with a
/// diagnostic instead of unwinding into the host. The execution is not resumed afterwards.
fn guard<T>(f: impl FnOnce() -> T) -> Result<T, Diagnostic> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_owned());
        Diagnostic::new(
            DiagnosticKind::ExecutionFailure,
            format!("internal interpreter error (a bug in codemode, not in the program): {what}"),
        )
    })
}

fn cancelled_diagnostic() -> Diagnostic {
    Diagnostic::new(
        DiagnosticKind::TimeoutExceeded,
        "the execution was cancelled by the host",
    )
}

fn unknown_tool(
    catalog: &Catalog,
    render: &codemode_catalog::RenderOptions,
    segments: &[String],
    location: Option<Location>,
) -> Diagnostic {
    let shown = codemode_catalog::tool_expression(
        &codemode_catalog::ToolPath::from_segments(segments.to_vec()),
        render,
    );
    let what = if catalog.is_namespace(segments) {
        format!("{shown} is a namespace, not a tool")
    } else {
        format!("unknown tool {shown}")
    };
    Diagnostic::new(DiagnosticKind::UnknownTool, what)
        .with_location(location)
        .with_suggestions(catalog.suggest(segments, 3, render))
}

/// What the driver knows of a call while it runs.
#[derive(Default)]
struct CallProgress {
    started_at: OnceLock<Instant>,
}

/// An admitted call that has not finished.
struct Pending {
    progress: Arc<CallProgress>,
    /// What the after-hooks hear if it is interrupted (only when there are hooks).
    hook_call: Option<Arc<HookCall>>,
    /// The JSON bytes of its input, counted against the pending-input bound.
    input_bytes: usize,
    /// What the finish event names.
    name: String,
    kind: CallKind,
}

/// A host failure delivered to the program, remembered by the end of its message.
struct HostErrorNote {
    tail: String,
    len: usize,
    kind: DiagnosticKind,
}

/// What a finished call future reports.
struct CallDone {
    id: CallId,
    /// The call's sequence number among the admitted ones.
    seq: usize,
    status: CallStatus,
    error: Option<String>,
    duration: Duration,
    outcome: HostOutcome,
}

enum Admission {
    Started(BoxFuture<'static, CallDone>),
    Immediate(HostOutcome),
    Fatal(Diagnostic),
}

enum Resolved {
    Tool(Tool),
    Search,
    Extension(Extension),
    /// Under a namespace whose source could not be loaded (`Builder::unavailable_namespace`):
    /// the call fails at once with this message.
    Unavailable(String),
}

struct Driver {
    inner: Arc<Inner>,
    catalog: Catalog,
    render: codemode_catalog::RenderOptions,
    context: Context,
    logs: LogBuffer,
    semaphore: Arc<Semaphore>,
    records: Records,
    /// Admitted calls not finished, by sequence number.
    pending: BTreeMap<usize, Pending>,
    /// The JSON bytes of the inputs of the pending calls.
    pending_bytes: usize,
    warnings: Vec<Warning>,
    /// The latest failures delivered to the program, to name the kind if one ends the
    /// execution.
    host_errors: VecDeque<HostErrorNote>,
    deadline: Option<Deadline>,
    /// Set when the interpreter panicked while taking an answer; the execution ends.
    poisoned: Option<Diagnostic>,
    /// The host's switch to end the execution early.
    cancel: Option<CancelHandle>,
    /// Where live events go; `None` when no host listens.
    events: Option<EventSink>,
}

impl Driver {
    async fn drive(mut self, execution: &mut dyn Execution) -> ExecutionResult {
        let mut in_flight: FuturesUnordered<BoxFuture<'static, CallDone>> = FuturesUnordered::new();
        loop {
            if let Some(d) = self.poisoned.take() {
                return self.fail(d, in_flight).await;
            }
            if self.cancelled() {
                return self.fail(cancelled_diagnostic(), in_flight).await;
            }
            let step = match guard(|| execution.step(SLICE_FUEL)) {
                Ok(step) => step,
                Err(d) => return self.fail(d, in_flight).await,
            };
            for line in step.logs {
                self.emit_log(&line);
                self.logs.push(line);
            }
            let mut delivered = false;
            for call in step.calls {
                let id = call.id;
                match self.admit(call) {
                    Admission::Started(fut) => in_flight.push(fut),
                    Admission::Immediate(outcome) => {
                        self.note_host_error(&outcome);
                        self.complete(execution, id, outcome);
                        delivered = true;
                    }
                    Admission::Fatal(d) => return self.fail(d, in_flight).await,
                }
            }
            match step.state {
                StepState::Done(completion) => return self.succeed(completion, in_flight).await,
                StepState::Failed(d) => {
                    let d = self.name_failure(d);
                    return self.fail(d, in_flight).await;
                }
                StepState::Running => {
                    // Hand back answers that are ready without blocking, then let other tasks
                    // (and the tool futures' I/O) run.
                    while let Some(Some(done)) = in_flight.next().now_or_never() {
                        self.deliver(done, execution);
                    }
                    if self.past_deadline() {
                        let d = self.timeout_diagnostic();
                        return self.fail(d, in_flight).await;
                    }
                    tokio::task::yield_now().await;
                }
                StepState::Waiting => {
                    if delivered {
                        continue;
                    }
                    if in_flight.is_empty() {
                        let d = Diagnostic::new(
                            DiagnosticKind::ExecutionFailure,
                            "the program is waiting for something that can never happen \
                             (an await on a promise nothing will settle)",
                        );
                        return self.fail(d, in_flight).await;
                    }
                    if self.cancelled() {
                        return self.fail(cancelled_diagnostic(), in_flight).await;
                    }
                    let deadline = self.deadline;
                    let timed_out = async move {
                        match deadline {
                            Some(deadline) => tokio::time::sleep_until(deadline.at.into()).await,
                            None => futures::future::pending().await,
                        }
                    };
                    let cancel = self.cancel.clone();
                    let cancelled = async move {
                        match &cancel {
                            Some(cancel) => cancel.cancelled().await,
                            None => futures::future::pending().await,
                        }
                    };
                    let next = tokio::select! {
                        done = in_flight.next() => done,
                        _ = timed_out => {
                            let d = self.timeout_diagnostic();
                            return self.fail(d, in_flight).await;
                        }
                        _ = cancelled => {
                            return self.fail(cancelled_diagnostic(), in_flight).await;
                        }
                    };
                    if let Some(done) = next {
                        self.deliver(done, execution);
                        while let Some(Some(done)) = in_flight.next().now_or_never() {
                            self.deliver(done, execution);
                        }
                    }
                }
            }
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelHandle::is_cancelled)
    }

    /// Sends a log line as the result would show it: cut to the log byte limit, scrubbed.
    fn emit_log(&self, line: &str) {
        let Some(events) = self.events.as_ref().filter(|e| e.is_open()) else {
            return;
        };
        let mut line = if line.len() > self.inner.limits.max_log_bytes {
            crate::shape::cut_text(line, self.inner.limits.max_log_bytes)
        } else {
            line.to_owned()
        };
        self.inner.redactor.string(&mut line);
        events.send(ExecutionEvent::Log(line));
    }

    /// Records how call `seq` ended and tells the listener.
    fn finish_call(
        &mut self,
        seq: usize,
        name: &str,
        kind: CallKind,
        status: CallStatus,
        error: Option<String>,
        duration: Duration,
    ) {
        if let Some(events) = self.events.as_ref().filter(|e| e.is_open()) {
            events.send(ExecutionEvent::CallFinished {
                seq,
                name: name.to_owned(),
                kind,
                status,
                error: error.clone(),
                duration,
            });
        }
        self.records.finish(seq, status, error, duration);
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| d.passed())
    }

    fn timeout_diagnostic(&self) -> Diagnostic {
        match self.deadline {
            Some(d) => d.diagnostic(),
            None => Diagnostic::new(DiagnosticKind::TimeoutExceeded, "the execution timed out"),
        }
    }

    fn note_host_error(&mut self, outcome: &HostOutcome) {
        if let HostOutcome::Err(e) = outcome {
            let kind = match e.code.as_str() {
                "InvalidToolInput" => DiagnosticKind::InvalidToolInput,
                "InvalidToolOutput" => DiagnosticKind::InvalidToolOutput,
                _ => DiagnosticKind::ToolFailure,
            };
            if self.host_errors.len() == HOST_ERRORS_KEPT {
                self.host_errors.pop_front();
            }
            let message = &e.message;
            let mut start = message.len().saturating_sub(HOST_ERROR_TAIL);
            while !message.is_char_boundary(start) {
                start += 1;
            }
            self.host_errors.push_back(HostErrorNote {
                tail: message[start..].to_owned(),
                len: message.len(),
                kind,
            });
        }
    }

    /// A program that dies of an uncaught host failure ends with that failure's kind.
    fn name_failure(&self, mut d: Diagnostic) -> Diagnostic {
        if d.kind == DiagnosticKind::ExecutionFailure {
            // The message is the failure's own, or ends with it after ": " or " ".
            let found = self.host_errors.iter().rev().find(|note| {
                if !d.message.ends_with(&note.tail) || d.message.len() < note.len {
                    return false;
                }
                let before = &d.message.as_bytes()[..d.message.len() - note.len];
                before.is_empty() || before.ends_with(b": ") || before.ends_with(b" ")
            });
            if let Some(note) = found {
                d.kind = note.kind;
            }
        }
        d
    }

    fn deliver(&mut self, done: CallDone, execution: &mut dyn Execution) {
        match self.pending.remove(&done.seq) {
            Some(p) => {
                self.pending_bytes -= p.input_bytes;
                self.finish_call(
                    done.seq,
                    &p.name,
                    p.kind,
                    done.status,
                    done.error,
                    done.duration,
                );
            }
            None => self
                .records
                .finish(done.seq, done.status, done.error, done.duration),
        }
        self.note_host_error(&done.outcome);
        self.complete(execution, done.id, done.outcome);
    }

    fn complete(&mut self, execution: &mut dyn Execution, id: CallId, outcome: HostOutcome) {
        if let Err(d) = guard(|| execution.complete(id, outcome)) {
            self.poisoned.get_or_insert(d);
        }
    }

    fn admit(&mut self, call: HostCall) -> Admission {
        // A handle of its own, so rejecting a call can take `self` mutably.
        let inner = self.inner.clone();
        let limits = &inner.limits;
        let admitted = self.records.admitted();
        if let Some(max) = limits.max_tool_calls {
            if admitted >= max {
                return Admission::Fatal(
                    Diagnostic::new(
                        DiagnosticKind::ToolCallLimitExceeded,
                        format!(
                            "the program made more than {max} host calls (tools, search and \
                             extensions all count)"
                        ),
                    )
                    .with_location(call.location),
                );
            }
        }
        if self.pending.len() >= limits.max_pending_calls {
            let max = limits.max_pending_calls;
            return Admission::Fatal(
                Diagnostic::new(
                    DiagnosticKind::ToolCallLimitExceeded,
                    format!(
                        "the program has more than {max} host calls pending at once (issued \
                         and not finished): await calls before issuing more"
                    ),
                )
                .with_location(call.location),
            );
        }
        let (name, kind, resolved) = match &call.target {
            HostTarget::Tool(segments) => match self.catalog.lookup(segments) {
                Some(tool) => (
                    tool.path().dotted(),
                    CallKind::Tool,
                    Resolved::Tool(tool.clone()),
                ),
                None => match self.inner.unavailable_reason(segments) {
                    Some(reason) => {
                        let name = segments.join(".");
                        let message = format!("{name} is unavailable: {reason}");
                        (name, CallKind::Tool, Resolved::Unavailable(message))
                    }
                    None => {
                        return Admission::Fatal(unknown_tool(
                            &self.catalog,
                            &self.render,
                            segments,
                            call.location,
                        ))
                    }
                },
            },
            HostTarget::Search => ("search".to_owned(), CallKind::Search, Resolved::Search),
            HostTarget::Extension(name) => {
                match self.inner.extensions.iter().find(|e| e.name() == name) {
                    Some(ext) => (
                        name.clone(),
                        CallKind::Extension,
                        Resolved::Extension(ext.clone()),
                    ),
                    None => {
                        return Admission::Fatal(
                            Diagnostic::new(
                                DiagnosticKind::UnknownTool,
                                format!("unknown extension {name}"),
                            )
                            .with_location(call.location),
                        )
                    }
                }
            }
        };
        // `tools.x.y()` with no argument calls the tool with an empty object.
        let input = match (&resolved, call.input) {
            (Resolved::Tool(_), Value::Null) => Value::Object(Default::default()),
            (_, input) => input,
        };
        // Counted once, up to the larger of the two bounds it is checked against.
        let pending_room = limits
            .vm
            .max_memory_bytes
            .saturating_sub(self.pending_bytes);
        let input_bytes = codemode_data::encoded_len_within(
            &input,
            pending_room.max(limits.max_call_input_bytes.unwrap_or(0)),
        );
        let seq = self.records.admit(&name, kind, &input, input_bytes);

        // Checks that need nothing to run: a failure here is an ordinary, catchable error.
        let mut reject = |code: &str, message: String| {
            self.finish_call(
                seq,
                &name,
                kind,
                CallStatus::Failed,
                Some(message.clone()),
                Duration::ZERO,
            );
            Admission::Immediate(HostOutcome::Err(HostError::new(code, message)))
        };
        if let Resolved::Unavailable(message) = &resolved {
            return reject("ToolFailure", message.clone());
        }
        if let Some(max) = limits.max_call_input_bytes {
            if input_bytes.is_none_or(|n| n > max) {
                let size = codemode_data::encoded_len(&input);
                return reject(
                    "InvalidToolInput",
                    format!(
                        "the input of {name} is {size} bytes, over the {max}-byte per-call limit"
                    ),
                );
            }
        }
        if let Resolved::Tool(tool) = &resolved {
            if let Err(message) = tool.validate_input(&input) {
                return reject(
                    "InvalidToolInput",
                    format!("invalid input for {name}: {message}"),
                );
            }
        }
        let search_request = match &resolved {
            Resolved::Search => match SearchRequest::from_input(&input) {
                Ok(request) => Some(request),
                Err(e) => return reject("InvalidToolInput", format!("invalid search input: {e}")),
            },
            _ => None,
        };
        // Pending inputs live in host memory until their calls finish: together they stay
        // within the interpreter's memory limit.
        let input_bytes = match input_bytes {
            Some(n) if n <= pending_room => n,
            _ => {
                let max = limits.vm.max_memory_bytes;
                let size = codemode_data::encoded_len(&input);
                self.finish_call(
                    seq,
                    &name,
                    kind,
                    CallStatus::Failed,
                    Some("not started: the execution ended first".to_owned()),
                    Duration::ZERO,
                );
                return Admission::Fatal(
                    Diagnostic::new(
                        DiagnosticKind::ToolCallLimitExceeded,
                        format!(
                            "the inputs of the host calls pending at once would take {} \
                             bytes ({size} for this call to {name}), over the {max}-byte \
                             memory limit: await calls before issuing more",
                            self.pending_bytes.saturating_add(size)
                        ),
                    )
                    .with_location(call.location),
                );
            }
        };
        let progress = Arc::new(CallProgress::default());
        let hook_call = (!self.inner.hooks.is_empty()).then(|| {
            Arc::new(HookCall {
                name: name.clone(),
                kind,
                input: input.clone(),
                context: self.context.clone(),
            })
        });
        self.pending_bytes += input_bytes;
        self.pending.insert(
            seq,
            Pending {
                progress: progress.clone(),
                hook_call: hook_call.clone(),
                input_bytes,
                name: name.clone(),
                kind,
            },
        );
        let events = self.events.clone().filter(EventSink::is_open);

        let hooks: Vec<Arc<dyn Hook>> = self.inner.hooks.clone();
        let semaphore = self.semaphore.clone();
        let catalog = self.catalog.clone();
        let render = self.render.clone();
        let context = self.context.clone();
        let max_output = limits.max_call_output_bytes;
        let redactor = self.inner.redactor.clone();
        let id = call.id;
        // A search page must fit what the program may receive.
        let page_budget = limits.max_call_output_bytes.or(limits.max_output_bytes);
        Admission::Started(Box::pin(async move {
            if let Some(hook_call) = &hook_call {
                for hook in &hooks {
                    if let HookDecision::Deny(reason) = hook.before(hook_call).await {
                        let message = format!("call to {name} was denied: {reason}");
                        return CallDone {
                            id,
                            seq,
                            status: CallStatus::Denied,
                            error: Some(message.clone()),
                            duration: Duration::ZERO,
                            outcome: HostOutcome::Err(HostError::new("Denied", message)),
                        };
                    }
                }
            }
            let _permit = match &resolved {
                Resolved::Search => None,
                _ => semaphore.acquire_owned().await.ok(),
            };
            let start = Instant::now();
            let _ = progress.started_at.set(start);
            if let Some(events) = &events {
                events.send(ExecutionEvent::CallStarted {
                    seq,
                    name: name.clone(),
                    kind,
                });
            }
            let mut detail = None;
            let result: Result<Value, (&'static str, String)> = match &resolved {
                // Failed at admission; kept for completeness of the match.
                Resolved::Unavailable(message) => Err(("ToolFailure", message.clone())),
                Resolved::Tool(tool) => match tool.call(input, context.clone()).await {
                    Ok(v) => Ok(v),
                    Err(e) => {
                        detail = e.detail;
                        Err(("ToolFailure", e.message))
                    }
                },
                Resolved::Extension(ext) => {
                    let args = match input {
                        Value::Array(args) => args,
                        Value::Null => Vec::new(),
                        other => vec![other],
                    };
                    let cx = CallContext {
                        path: name.clone(),
                        context: context.clone(),
                    };
                    ext.call(args, cx).await.map_err(|e| {
                        detail = e.detail;
                        ("ToolFailure", e.message)
                    })
                }
                Resolved::Search => match search_request {
                    Some(request) => match match page_budget {
                        Some(max) => catalog.search_within(&request, &render, max),
                        None => catalog.search(&request, &render),
                    } {
                        Ok(page) => serde_json::to_value(page)
                            .map_err(|e| ("ToolFailure", format!("search failed: {e}"))),
                        Err(e) => Err(("InvalidToolInput", e.to_string())),
                    },
                    None => Err(("InvalidToolInput", "invalid search input".to_owned())),
                },
            };
            let result = result.and_then(|value| {
                if let Some(max) = max_output {
                    if codemode_data::encoded_len_within(&value, max).is_none() {
                        let size = codemode_data::encoded_len(&value);
                        return Err((
                            "ToolFailure",
                            format!("the output of {name} is {size} bytes, over the {max}-byte per-call limit"),
                        ));
                    }
                }
                if let Resolved::Tool(tool) = &resolved {
                    if let Err(message) = tool.validate_output(&value) {
                        return Err((
                            "InvalidToolOutput",
                            format!("{name} returned output that does not match its schema: {message}"),
                        ));
                    }
                }
                Ok(value)
            });
            // Secrets are scrubbed before the program (and the after-hooks) see the outcome:
            // a program given a secret could transform it past any later scrub.
            let result = match result {
                Ok(mut value) => {
                    redactor.value(&mut value);
                    Ok(value)
                }
                Err((code, mut message)) => {
                    redactor.string(&mut message);
                    Err((code, message))
                }
            };
            let duration = start.elapsed();
            let outcome = match &result {
                Ok(output) => CallOutcome::Succeeded {
                    output: output.clone(),
                    duration,
                },
                Err((_, message)) => CallOutcome::Failed {
                    message: message.clone(),
                    detail: detail.clone(),
                    duration,
                },
            };
            if let Some(hook_call) = &hook_call {
                for hook in &hooks {
                    hook.after(hook_call, &outcome).await;
                }
            }
            match result {
                Ok(value) => CallDone {
                    id,
                    seq,
                    status: CallStatus::Succeeded,
                    error: None,
                    duration,
                    outcome: HostOutcome::Ok(value),
                },
                Err((code, message)) => CallDone {
                    id,
                    seq,
                    status: CallStatus::Failed,
                    error: Some(message.clone()),
                    duration,
                    outcome: HostOutcome::Err(HostError::new(code, message)),
                },
            }
        }))
    }

    /// Interrupts calls still running: started ones become `uncertain` (the host must
    /// reconcile them) and their after-hooks hear `Interrupted`; ones that never started fail.
    /// Returns how many were interrupted.
    async fn interrupt(
        &mut self,
        in_flight: FuturesUnordered<BoxFuture<'static, CallDone>>,
    ) -> usize {
        drop(in_flight);
        let pending = std::mem::take(&mut self.pending);
        self.pending_bytes = 0;
        let interrupted = pending.len();
        for (seq, call) in pending {
            match call.progress.started_at.get() {
                Some(start) => {
                    let duration = start.elapsed();
                    self.finish_call(
                        seq,
                        &call.name,
                        call.kind,
                        CallStatus::Uncertain,
                        None,
                        duration,
                    );
                    if let Some(hook_call) = &call.hook_call {
                        let outcome = CallOutcome::Interrupted { duration };
                        for hook in &self.inner.hooks {
                            hook.after(hook_call, &outcome).await;
                        }
                    }
                }
                None => self.finish_call(
                    seq,
                    &call.name,
                    call.kind,
                    CallStatus::Failed,
                    Some("not started: the execution ended first".to_owned()),
                    Duration::ZERO,
                ),
            }
        }
        interrupted
    }

    async fn fail(
        mut self,
        diagnostic: Diagnostic,
        in_flight: FuturesUnordered<BoxFuture<'static, CallDone>>,
    ) -> ExecutionResult {
        self.interrupt(in_flight).await;
        self.finish(Err(diagnostic))
    }

    async fn succeed(
        mut self,
        completion: Completion,
        in_flight: FuturesUnordered<BoxFuture<'static, CallDone>>,
    ) -> ExecutionResult {
        let interrupted = self.interrupt(in_flight).await;
        if interrupted > 0 {
            // Not a timeout: the program ended without waiting for its calls.
            self.warnings.push(Warning {
                kind: DiagnosticKind::ExecutionFailure,
                message: format!(
                    "the program returned while {interrupted} host call(s) it did not await \
                     were still pending; they were interrupted (toolCalls records the ones \
                     that had started as uncertain, the others as failed)"
                ),
            });
        }
        for message in completion.warnings {
            self.warnings.push(Warning {
                kind: DiagnosticKind::ExecutionFailure,
                message,
            });
        }
        self.finish(Ok(completion.value))
    }

    fn finish(self, outcome: Result<Value, Diagnostic>) -> ExecutionResult {
        let (records, omitted) = self.records.into_parts();
        let parts = Parts {
            outcome,
            logs_dropped: self.logs.dropped,
            logs_cut: self.logs.cut,
            logs: self.logs.into_lines(),
            warnings: self.warnings,
            records,
            omitted,
        };
        shape::shape(parts, &self.inner.limits)
    }
}

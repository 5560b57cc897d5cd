//! `parallel(fns)`: each function runs as a task (a coroutine the VM schedules), so the
//! host calls of several tasks are pending at once.
//!
//! The thread that calls `parallel` keeps a `Cont::Parallel` frame on top and its `group`.
//! Whenever that frame is on top, the scheduler runs: it starts the next task, or switches
//! to a task whose host call was answered, or ends the call when every task finished. A
//! thread that waits (on a host call, or in a nested `parallel` with nothing to run) and
//! runs inside a task is parked: the VM switches up to the task's group owner, which runs
//! its other tasks. The VM as a whole waits only when the outermost group has nothing to
//! run. An answer wakes its task by queueing it in its group, and the groups above it.

use std::collections::VecDeque;

use codemode_core::HostOutcome;

use super::coroutine::{CoStatus, Thread, ThreadState, MAX_RESUME_CHAIN};
use super::{Cont, Exit, LResult, LuaError, Vm};
use crate::stdlib::Native;
use crate::value::{ThreadRef, Value};

/// Tasks of one group alive at once (started, not finished): their stacks are what a
/// `parallel` over many functions holds, and the host's own concurrency bound is lower.
const MAX_LIVE_TASKS: usize = 64;

pub struct Group {
    /// The functions, read when `parallel` was called.
    fns: Vec<Value>,
    /// Each task's first result.
    results: Vec<Value>,
    /// The error of the lowest-index task that failed.
    first_error: Option<(usize, Value)>,
    /// The task threads started, by index.
    tasks: Vec<Option<ThreadRef>>,
    next_start: usize,
    live: usize,
    finished: usize,
    /// Tasks whose wait ended (their answer came, or a nested group has work).
    ready: VecDeque<usize>,
}

impl Group {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        for v in self.fns.iter().chain(&self.results) {
            mark(*v);
        }
        if let Some((_, e)) = self.first_error {
            mark(e);
        }
        for t in self.tasks.iter().flatten() {
            mark(Value::Thread(*t));
        }
    }

    fn byte_size(n: usize) -> usize {
        n * (2 * std::mem::size_of::<Value>() + 8)
    }
}

impl Vm {
    /// `parallel(fns)` called at `func`.
    pub fn parallel(&mut self, fns: Vec<Value>, func: usize, nresults: i32) -> LResult<Native> {
        let n = fns.len();
        let me = self.current;
        let size = Group::byte_size(n);
        // Its tasks run one C level above the caller (as under the `pcall` of each in the
        // reference shim, which re-raises a task's "C stack overflow" as it is).
        self.push_cont(Cont::Parallel, func, nresults)?;
        self.reserve_memory(size)?;
        self.heap.bytes += size;
        self.charge(n as u64)?;
        self.heap.thread_mut(me).group = Some(Box::new(Group {
            fns,
            results: vec![Value::Nil; n],
            first_error: None,
            tasks: vec![None; n],
            next_start: 0,
            live: 0,
            finished: 0,
            ready: VecDeque::new(),
        }));
        Ok(Native::Frame)
    }

    /// The scheduler, with the running thread's `Cont::Parallel` frame on top.
    pub(super) fn schedule(&mut self) -> LResult<Option<Exit>> {
        let me = self.current;
        let Some(g) = self.heap.thread_mut(me).group.as_mut() else {
            return Err(super::fatal(
                codemode_core::DiagnosticKind::ExecutionFailure,
                "internal error: a parallel frame without its tasks",
            ));
        };
        if let Some(i) = g.ready.pop_front() {
            let Some(t) = g.tasks.get(i).copied().flatten() else {
                return Ok(None);
            };
            return self.continue_task(t).map(|_| None);
        }
        if g.next_start < g.fns.len() && g.live < MAX_LIVE_TASKS {
            let i = g.next_start;
            g.next_start += 1;
            g.live += 1;
            let f = g.fns[i];
            return self.start_task(me, i, f);
        }
        if g.finished == g.fns.len() {
            return self.end_parallel().map(|_| None);
        }
        Ok(Some(Exit::Suspend))
    }

    fn start_task(&mut self, me: ThreadRef, i: usize, f: Value) -> LResult<Option<Exit>> {
        let mut th = Thread::new(
            ThreadState {
                stack: vec![f],
                top: 1,
                ..ThreadState::default()
            },
            false,
        );
        th.started = true;
        th.status = CoStatus::Running;
        th.resumer = Some(me);
        th.task = Some((me, i as u32));
        self.reserve_memory(th.byte_size())?;
        let t = self.heap.new_thread(th);
        if let Some(g) = self.heap.thread_mut(me).group.as_mut() {
            g.tasks[i] = Some(t);
        }
        self.heap.thread_mut(me).status = CoStatus::Normal;
        let level = self.c_calls;
        self.switch_to(t)?;
        self.enter_thread_at(level);
        self.push_cont(Cont::CoroutineBase, 0, -1)?;
        self.ensure_stack(2)?;
        match self.call_value(0, 0, -1)? {
            super::CallOutcome::Done | super::CallOutcome::Frame => Ok(None),
            super::CallOutcome::Suspend => Ok(Some(Exit::Suspend)),
        }
    }

    /// Switches into a woken task, where it waits, and hands over its answer if it waited
    /// on a host call.
    fn continue_task(&mut self, t: ThreadRef) -> LResult<()> {
        let me = self.current;
        let target = {
            let th = self.heap.thread_mut(t);
            th.queued = false;
            th.blocked_at.take().unwrap_or(t)
        };
        self.heap.thread_mut(me).status = CoStatus::Normal;
        self.switch_to(target)?;
        let (call, answer) = {
            let th = self.heap.thread_mut(target);
            th.status = CoStatus::Running;
            (th.call.take(), th.answer.take())
        };
        let (Some(call), Some(answer)) = (call, answer) else {
            return Ok(());
        };
        match answer {
            HostOutcome::Ok(json) => {
                let v = crate::stdlib::json::import_value(self, &json)?;
                self.rets.clear();
                self.rets.push(v);
                self.place_rets(call.func as usize, call.nresults)?;
                self.rets.clear();
                Ok(())
            }
            HostOutcome::Err(err) => {
                self.error_loc = self.frame_location(0);
                let msg = self.heap.intern(err.message.as_bytes());
                Err(LuaError::Value(Value::Str(msg)))
            }
            HostOutcome::Fatal(d) => Err(LuaError::Fatal(d)),
        }
    }

    /// A task ended (the running thread is its group owner again, `Cont::Parallel` on top).
    pub(super) fn task_finished(&mut self, i: usize, r: Result<Value, Value>) -> LResult<()> {
        let me = self.current;
        if let Some(g) = self.heap.thread_mut(me).group.as_mut() {
            match r {
                Ok(v) => g.results[i] = v,
                Err(e) => {
                    if g.first_error.is_none_or(|(j, _)| i < j) {
                        g.first_error = Some((i, e));
                    }
                }
            }
            g.finished += 1;
            g.live = g.live.saturating_sub(1);
            // The thread is dead and its stack given back; the group no longer needs it.
            g.tasks[i] = None;
        }
        Ok(())
    }

    /// Every task finished: `parallel` returns the array of first results, or raises the
    /// error of the lowest index.
    fn end_parallel(&mut self) -> LResult<()> {
        let me = self.current;
        let Some(g) = self.heap.thread_mut(me).group.take() else {
            return Ok(());
        };
        self.heap.bytes = self
            .heap
            .bytes
            .saturating_sub(Group::byte_size(g.fns.len()));
        if let Some((_, e)) = g.first_error {
            self.pop_frame();
            return Err(LuaError::Value(e));
        }
        let Some(func) = self.frames.last().map(|f| f.func as usize) else {
            return Ok(());
        };
        let n = g.results.len();
        let mut t = crate::table::Table::with_capacity(n, 0);
        t.arr.extend_from_slice(&g.results);
        self.reserve_memory(t.byte_size())?;
        let t = self.heap.new_table_from(t);
        self.ensure_stack(func + 2)?;
        self.stack[func] = Value::Table(t);
        self.do_return(func, 1)
    }

    /// The running thread waits (on a host call, `vm.pending`, or in a `parallel` with
    /// nothing to run). Inside a task it is parked and the task's group owner runs on;
    /// false when no task holds it (the VM as a whole waits).
    pub(super) fn park(&mut self) -> LResult<bool> {
        let x = self.current;
        let Some(task) = self.nearest_task(x) else {
            return Ok(false);
        };
        let Some((owner, _)) = self.heap.thread(task).task else {
            return Ok(false);
        };
        if let Some(p) = self.pending.take() {
            self.task_calls.insert(p.id.0, x);
            self.heap.thread_mut(x).call = Some(p);
        }
        self.heap.thread_mut(x).status = CoStatus::Normal;
        self.heap.thread_mut(task).blocked_at = Some(x);
        self.switch_to(owner)?;
        self.heap.thread_mut(owner).status = CoStatus::Running;
        Ok(true)
    }

    /// The task at or above `x` in its chain of resumers.
    fn nearest_task(&self, x: ThreadRef) -> Option<ThreadRef> {
        let mut t = x;
        // The chain is at most MAX_RESUME_CHAIN long.
        for _ in 0..=MAX_RESUME_CHAIN + 1 {
            let th = self.heap.thread(t);
            if th.task.is_some() {
                return Some(t);
            }
            t = th.resumer?;
        }
        None
    }

    /// Takes the answer to a host call a parked thread waits on; false when no parked
    /// thread waits on `id`.
    pub fn answer_task(&mut self, id: codemode_core::CallId, outcome: HostOutcome) -> bool {
        let Some(x) = self.task_calls.remove(&id.0) else {
            return false;
        };
        self.heap.thread_mut(x).answer = Some(outcome);
        self.wake(x);
        true
    }

    /// `x` can run again: its task is queued in its group, and so is every task above
    /// that waits in the group owner's chain.
    fn wake(&mut self, x: ThreadRef) {
        let mut x = x;
        for _ in 0..=MAX_RESUME_CHAIN + 1 {
            if x == self.current {
                return;
            }
            let Some(task) = self.nearest_task(x) else {
                return;
            };
            let Some((owner, i)) = self.heap.thread(task).task else {
                return;
            };
            if self.heap.thread(task).queued {
                return;
            }
            self.heap.thread_mut(task).queued = true;
            if let Some(g) = self.heap.thread_mut(owner).group.as_mut() {
                g.ready.push_back(i as usize);
            }
            x = owner;
        }
    }
}

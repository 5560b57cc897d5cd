//! Coroutines on the VM's own frames. The running thread's stack, frames and open upvalues
//! are the VM's (`vm.stack`, `vm.frames`, ...), so plain code pays nothing for coroutines;
//! every other thread keeps them in its heap object. A switch moves the vectors (no copy)
//! and re-tags the open upvalues of the two threads (`Upval::Open` for the running one,
//! `Upval::Parked` for the others), charged to fuel by their number.
//!
//! A coroutine's frame stack starts with a `Cont::CoroutineBase` frame: its body returns
//! into it (the coroutine finishes) and an error unwinds into it (the coroutine dies). A
//! `resume` leaves a `Cont::Resume` frame on the resumer's stack that receives what the
//! coroutine yields, returns or raises. Nothing recurses natively: a resume or a yield is a
//! switch followed by the run loop picking up the new top frame.

use super::cstack::{C_STACK_OVERFLOW, LUAI_MAXCCALLS};
use super::{Cont, Frame, FrameKind, LResult, LuaError, Vm};
use crate::heap::{Upval, THREAD_OVERHEAD};
use crate::stdlib::Native;
use crate::value::{ThreadRef, UpvalRef, Value};

/// The longest chain of resumers: each resume takes a C level (see `cstack`), and none
/// starts past the limit.
pub const MAX_RESUME_CHAIN: usize = super::cstack::ERRERR_LEVEL as usize;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CoStatus {
    /// Not started, or stopped in a yield.
    Suspended,
    Running,
    /// It resumed another coroutine and waits for it.
    Normal,
    Dead,
}

/// A thread's registers and frames while it is not the running one.
#[derive(Default)]
pub struct ThreadState {
    pub stack: Vec<Value>,
    pub frames: Vec<Frame>,
    pub top: usize,
    pub open_upvals: Vec<(u32, UpvalRef)>,
    pub tbc: Vec<u32>,
    /// Its C level and the level it was resumed at (`Vm::c_calls`, `Vm::c_floor`).
    pub c_calls: u32,
    pub c_floor: u32,
}

pub struct Thread {
    pub status: CoStatus,
    pub started: bool,
    /// The main thread (never resumed, never yields).
    pub is_main: bool,
    pub state: ThreadState,
    /// Where the values of the next resume go: the slot of the pending `yield` call and
    /// the results it wants.
    pub yield_func: u32,
    pub yield_nresults: i32,
    /// The thread that resumed this one (while it runs or is normal).
    pub resumer: Option<ThreadRef>,
    /// The error a dead coroutine died with (what `coroutine.close` reports).
    pub error: Option<Value>,
    /// The to-be-closed values a coroutine left open when an error ended it (lua5.4 does
    /// not unwind a dead coroutine: `coroutine.close` closes them), in declaration order.
    pub pending_close: Vec<Value>,
    /// A `parallel` task: the thread that runs the `parallel` call and the task's index.
    pub task: Option<(ThreadRef, u32)>,
    /// A task waiting in its group's ready queue.
    pub queued: bool,
    /// A parked task: the thread inside it (itself or one it resumed) that waits on a
    /// host call or on a nested `parallel`.
    pub blocked_at: Option<ThreadRef>,
    /// The host call this thread waits on while parked, and its answer once it came.
    pub call: Option<super::Pending>,
    pub answer: Option<codemode_core::HostOutcome>,
    /// The `parallel` call this thread runs.
    pub group: Option<Box<super::parallel::Group>>,
}

impl Thread {
    pub fn new(state: ThreadState, is_main: bool) -> Thread {
        Thread {
            status: if is_main {
                CoStatus::Running
            } else {
                CoStatus::Suspended
            },
            started: is_main,
            is_main,
            state,
            yield_func: 0,
            yield_nresults: -1,
            resumer: None,
            error: None,
            pending_close: Vec::new(),
            task: None,
            queued: false,
            blocked_at: None,
            call: None,
            answer: None,
            group: None,
        }
    }

    /// Bytes counted for this thread: the object, its stack and its frame stack (they grow
    /// through `Vm::ensure_stack` and `Vm::grow_frames`, which count the growth).
    pub fn byte_size(&self) -> usize {
        THREAD_OVERHEAD
            + self.state.stack.len() * std::mem::size_of::<Value>()
            + self.state.frames.capacity() * std::mem::size_of::<Frame>()
    }

    pub fn mark(&self, mark: &mut dyn FnMut(Value), mark_up: &mut dyn FnMut(UpvalRef)) {
        for v in &self.state.stack {
            mark(*v);
        }
        super::mark_frames(&self.state.frames, mark);
        for (_, u) in &self.state.open_upvals {
            mark_up(*u);
        }
        if let Some(r) = self.resumer {
            mark(Value::Thread(r));
        }
        if let Some(e) = self.error {
            mark(e);
        }
        for v in &self.pending_close {
            mark(*v);
        }
        if let Some((p, _)) = self.task {
            mark(Value::Thread(p));
        }
        if let Some(b) = self.blocked_at {
            mark(Value::Thread(b));
        }
        if let Some(g) = &self.group {
            g.mark(mark);
        }
    }
}

/// Whether a frame is a builtin that cannot be suspended in the middle (lua5.4's C
/// functions without continuations: `table.sort`, `string.gsub`, `print`, `tostring`, the table functions reading through metamethods).
fn blocks_yield(f: &Frame) -> bool {
    matches!(
        f.kind,
        FrameKind::Cont(
            Cont::Sort(_)
                | Cont::Gsub(_)
                | Cont::Print(_)
                | Cont::Tostr(_)
                | Cont::TableMeta(_)
                | Cont::LoadReader(_)
                | Cont::Parallel
                | Cont::CoClose(_)
        )
    )
}

impl Vm {
    /// Makes a suspended coroutine whose body is `f`.
    pub fn new_coroutine(&mut self, f: Value) -> LResult<ThreadRef> {
        let t = Thread::new(
            ThreadState {
                stack: vec![f],
                top: 1,
                ..ThreadState::default()
            },
            false,
        );
        self.reserve_memory(t.byte_size())?;
        Ok(self.heap.new_thread(t))
    }

    /// The status `coroutine.status` reports.
    pub fn co_status(&self, t: ThreadRef) -> CoStatus {
        if t == self.current {
            return CoStatus::Running;
        }
        let th = self.heap.thread(t);
        if th.is_main {
            return CoStatus::Normal;
        }
        th.status
    }

    /// Whether the running thread may yield now.
    pub fn yieldable(&mut self) -> LResult<bool> {
        if self.heap.thread(self.current).is_main {
            return Ok(false);
        }
        self.charge(self.frames.len() as u64 / 16)?;
        Ok(!self.frames.iter().any(blocks_yield))
    }

    /// Makes `to` the running thread: the running one's registers, frames and open
    /// upvalues go into its heap object and `to`'s come out of its own.
    pub(super) fn switch_to(&mut self, to: ThreadRef) -> LResult<()> {
        let from = self.current;
        for &(slot, u) in &self.open_upvals {
            *self.heap.upvals.get_mut(u.0) = Upval::Parked(from.0, slot);
        }
        let parked = self.open_upvals.len();
        let saved = ThreadState {
            stack: std::mem::take(&mut self.stack),
            frames: std::mem::take(&mut self.frames),
            top: self.top,
            open_upvals: std::mem::take(&mut self.open_upvals),
            tbc: std::mem::take(&mut self.tbc),
            c_calls: self.c_calls,
            c_floor: self.c_floor,
        };
        self.heap.thread_mut(from).state = saved;
        let st = std::mem::take(&mut self.heap.thread_mut(to).state);
        self.stack = st.stack;
        self.frames = st.frames;
        self.top = st.top;
        self.open_upvals = st.open_upvals;
        self.tbc = st.tbc;
        self.c_calls = st.c_calls;
        self.c_floor = st.c_floor;
        for &(slot, u) in &self.open_upvals {
            *self.heap.upvals.get_mut(u.0) = Upval::Open(slot);
        }
        self.current = to;
        self.frame_cap = self.frames.capacity().min(self.limits.max_frames);
        self.charge(1 + (parked + self.open_upvals.len()) as u64)
    }

    /// `coroutine.resume` (or a `coroutine.wrap` function, `wrap`) of `co` by the builtin
    /// at `func`, passing the `nargs` values at `args`.
    pub fn resume(
        &mut self,
        co: ThreadRef,
        func: usize,
        args: usize,
        nargs: usize,
        nresults: i32,
        wrap: bool,
    ) -> LResult<Native> {
        let refused = match self.co_status(co) {
            CoStatus::Suspended => None,
            CoStatus::Dead => Some("cannot resume dead coroutine"),
            _ => Some("cannot resume non-suspended coroutine"),
        };
        // As lua_resume: no resume from past the C-stack limit; one that reaches it
        // starts the coroutine only to fail in it ("C stack overflow", the coroutine dead).
        let from = self.c_calls;
        let fresh = !self.heap.thread(co).started;
        let refused = refused.or((from >= LUAI_MAXCCALLS).then_some(C_STACK_OVERFLOW));
        let refused = match refused {
            None if fresh && from + 1 >= LUAI_MAXCCALLS => {
                let m = self.heap.intern(C_STACK_OVERFLOW.as_bytes());
                let th = self.heap.thread_mut(co);
                th.started = true;
                th.status = CoStatus::Dead;
                th.error = Some(Value::Str(m));
                Some(C_STACK_OVERFLOW)
            }
            r => r,
        };
        if let Some(msg) = refused {
            if wrap {
                return Err(LuaError::Msg(msg.into()));
            }
            self.rets.push(Value::Bool(false));
            let m = self.heap.intern(msg.as_bytes());
            self.rets.push(Value::Str(m));
            return Ok(Native::Ret);
        }
        self.charge(nargs as u64)?;
        self.reserve_results(nargs)?;
        self.rets.clear();
        self.rets.extend_from_slice(&self.stack[args..args + nargs]);
        self.push_cont(Cont::Resume { wrap }, func, nresults)?;
        let from = self.current;
        self.heap.thread_mut(from).status = CoStatus::Normal;
        {
            let th = self.heap.thread_mut(co);
            th.resumer = Some(from);
            th.status = CoStatus::Running;
        }
        let level = self.c_calls;
        self.switch_to(co)?;
        self.enter_thread_at(level);
        if !self.heap.thread(co).started {
            self.heap.thread_mut(co).started = true;
            // The base frame receives the body's results (see `finish_coroutine`).
            self.push_cont(Cont::CoroutineBase, 0, -1)?;
            self.ensure_stack(nargs + 2)?;
            for i in 0..nargs {
                self.stack[1 + i] = self.rets[i];
            }
            self.rets.clear();
            return match self.call_value(0, nargs, -1)? {
                super::CallOutcome::Done | super::CallOutcome::Frame => Ok(Native::Frame),
                super::CallOutcome::Suspend => Ok(Native::Suspend),
            };
        }
        let (yf, yn) = {
            let th = self.heap.thread(co);
            (th.yield_func as usize, th.yield_nresults)
        };
        self.place_rets(yf, yn)?;
        self.rets.clear();
        if yn == super::meta::MM_RESULT {
            // The yield was a metamethod: its instruction takes the value now.
            let v = self.stack[yf];
            self.finish_op(v)?;
        }
        Ok(Native::Frame)
    }

    /// `coroutine.yield` by the builtin at `func` with the `nargs` values at `args`.
    pub fn yield_values(
        &mut self,
        func: usize,
        args: usize,
        nargs: usize,
        nresults: i32,
    ) -> LResult<Native> {
        let co = self.current;
        if self.heap.thread(co).is_main {
            // lua5.4 runs a `coroutine.close`'s `__close` on the closed coroutine, where a
            // yield meets the C boundary of the close.
            let in_close = self
                .frames
                .iter()
                .any(|f| matches!(f.kind, FrameKind::Cont(Cont::CoClose(_))));
            return Err(unpositioned(
                self,
                if in_close {
                    "attempt to yield across a C-call boundary"
                } else {
                    "attempt to yield from outside a coroutine"
                },
            ));
        }
        // A task's yields would go to the scheduler, which takes none: as a C function.
        if self.heap.thread(co).task.is_some() || !self.yieldable()? {
            return Err(unpositioned(
                self,
                "attempt to yield across a C-call boundary",
            ));
        }
        self.charge(nargs as u64)?;
        self.reserve_results(nargs)?;
        self.rets.clear();
        self.rets.extend_from_slice(&self.stack[args..args + nargs]);
        let resumer = {
            let th = self.heap.thread_mut(co);
            th.yield_func = func as u32;
            th.yield_nresults = nresults;
            th.status = CoStatus::Suspended;
            th.resumer.take()
        };
        let Some(resumer) = resumer else {
            return Err(unpositioned(
                self,
                "attempt to yield from outside a coroutine",
            ));
        };
        self.switch_to(resumer)?;
        self.heap.thread_mut(resumer).status = CoStatus::Running;
        self.deliver_resume(true)?;
        Ok(Native::Frame)
    }

    /// The body of the running coroutine returned into its base frame (on top): the
    /// coroutine is dead and its resumer gets `true` and the results.
    pub(super) fn finish_coroutine(&mut self) -> LResult<()> {
        let n = self.top.min(self.stack.len());
        self.charge(n as u64)?;
        self.reserve_results(n)?;
        self.rets.clear();
        self.rets.extend_from_slice(&self.stack[..n]);
        self.pop_frame();
        self.end_current();
        let co = self.current;
        let resumer = self.heap.thread_mut(co).resumer.take();
        let Some(resumer) = resumer else {
            return Ok(());
        };
        self.switch_to(resumer)?;
        self.heap.thread_mut(resumer).status = CoStatus::Running;
        if let Some((_, i)) = self.heap.thread(co).task {
            let first = self.rets.first().copied().unwrap_or(Value::Nil);
            self.rets.clear();
            return self.task_finished(i as usize, Ok(first));
        }
        self.deliver_resume(true)
    }

    /// An error reached the running coroutine's base frame (popped): the coroutine is dead
    /// and the resumer is running again, its `Cont::Resume` on top. Returns the error to
    /// raise in the resumer (a `wrap` function re-raises it) or `None` when `resume`
    /// returned false and the error.
    pub(super) fn coroutine_died(&mut self, err: Value) -> LResult<Option<Value>> {
        // Variables the unwinding did not close wait for `coroutine.close`.
        if !self.tbc.is_empty() {
            self.reserve_memory(self.tbc.len() * std::mem::size_of::<Value>())?;
            let pending: Vec<Value> = self
                .tbc
                .iter()
                .map(|&s| self.stack.get(s as usize).copied().unwrap_or(Value::Nil))
                .collect();
            let co = self.current;
            self.heap.thread_mut(co).pending_close = pending;
        }
        self.end_current();
        let co = self.current;
        let resumer = {
            let th = self.heap.thread_mut(co);
            th.error = Some(err);
            th.resumer.take()
        };
        let Some(resumer) = resumer else {
            return Ok(Some(err));
        };
        self.switch_to(resumer)?;
        self.heap.thread_mut(resumer).status = CoStatus::Running;
        if let Some((_, i)) = self.heap.thread(co).task {
            self.task_finished(i as usize, Err(err))?;
            return Ok(None);
        }
        let wrap = matches!(
            self.frames.last().map(|f| &f.kind),
            Some(FrameKind::Cont(Cont::Resume { wrap: true }))
        );
        if !wrap {
            self.rets.clear();
            self.rets.push(err);
            self.deliver_resume(false)?;
            return Ok(None);
        }
        // As lua5.4's auxwrap: a string gets the position of the wrap function's caller.
        let err = match err {
            Value::Str(s) => match self.frame_where(1).filter(|_| self.frame_is_lua(1)) {
                Some((_, mut msg)) => {
                    msg.extend_from_slice(self.heap.str_bytes(s));
                    self.check_len(msg.len())?;
                    Value::Str(self.heap.intern_vec(msg))
                }
                None => err,
            },
            other => other,
        };
        self.pop_frame();
        Ok(Some(err))
    }

    fn frame_is_lua(&self, level: usize) -> bool {
        self.frames
            .len()
            .checked_sub(1 + level)
            .and_then(|i| self.frames.get(i))
            .is_some_and(|f| matches!(f.kind, FrameKind::Lua { .. }))
    }

    /// The running coroutine is dead: its upvalues are closed and its stack given back.
    fn end_current(&mut self) {
        self.close_upvals(0);
        let bytes = self.stack.len() * std::mem::size_of::<Value>()
            + self.frames.capacity() * std::mem::size_of::<Frame>();
        self.heap.bytes = self.heap.bytes.saturating_sub(bytes);
        self.stack = Vec::new();
        self.frames = Vec::new();
        self.tbc = Vec::new();
        self.top = 0;
        self.frame_cap = 0;
        let co = self.current;
        self.heap.thread_mut(co).status = CoStatus::Dead;
    }

    /// Hands the values in `rets` to the `Cont::Resume` frame on top (the resumer's):
    /// `resume` returns `ok` and them, a `wrap` function them alone.
    fn deliver_resume(&mut self, ok: bool) -> LResult<()> {
        let Some(frame) = self.frames.last() else {
            return Ok(());
        };
        let func = frame.func as usize;
        let wrap = matches!(frame.kind, FrameKind::Cont(Cont::Resume { wrap: true }));
        let n = self.rets.len();
        let lead = usize::from(!wrap);
        self.ensure_stack(func + n + lead + 1)?;
        if !wrap {
            self.stack[func] = Value::Bool(ok);
        }
        for i in 0..n {
            self.stack[func + lead + i] = self.rets[i];
        }
        self.rets.clear();
        self.do_return(func, n + lead)
    }

    /// `coroutine.close`: a suspended or dead coroutine becomes dead, its upvalues closed.
    /// Returns the error it died with, if any, and the values of its pending to-be-closed
    /// variables (in declaration order), whose `__close` the caller runs.
    pub fn close_coroutine(&mut self, co: ThreadRef) -> LResult<(Option<Value>, Vec<Value>)> {
        let (n, m) = {
            let st = &self.heap.thread(co).state;
            (st.open_upvals.len(), st.tbc.len())
        };
        self.charge(1 + (n + m) as u64)?;
        let st = std::mem::take(&mut self.heap.thread_mut(co).state);
        for &(slot, u) in &st.open_upvals {
            let v = st.stack.get(slot as usize).copied().unwrap_or(Value::Nil);
            *self.heap.upvals.get_mut(u.0) = Upval::Closed(v);
        }
        let mut pending: Vec<Value> = st
            .tbc
            .iter()
            .map(|&s| st.stack.get(s as usize).copied().unwrap_or(Value::Nil))
            .collect();
        let bytes = st.stack.len() * std::mem::size_of::<Value>()
            + st.frames.capacity() * std::mem::size_of::<Frame>();
        self.heap.bytes = self.heap.bytes.saturating_sub(bytes);
        let th = self.heap.thread_mut(co);
        th.status = CoStatus::Dead;
        if pending.is_empty() {
            pending = std::mem::take(&mut th.pending_close);
        }
        Ok((th.error.take(), pending))
    }

    /// Whether an error raised now ends the running coroutine in a `coroutine.resume`
    /// (no `pcall` of its own catches it): lua5.4 then leaves its to-be-closed variables
    /// open for `coroutine.close`. A `wrap` function and a `parallel` task close them as
    /// the error passes.
    pub(super) fn error_ends_coroutine(&self) -> bool {
        let th = self.heap.thread(self.current);
        if th.is_main || th.task.is_some() {
            return false;
        }
        for f in self.frames.iter().rev() {
            match f.kind {
                FrameKind::Cont(
                    Cont::Pcall
                    | Cont::Xpcall { .. }
                    | Cont::XpcallHandler
                    | Cont::LoadReader(_)
                    | Cont::CoClose(_),
                ) => return false,
                FrameKind::Cont(Cont::CoroutineBase) => break,
                _ => {}
            }
        }
        let Some(r) = th.resumer else {
            return false;
        };
        matches!(
            self.heap.thread(r).state.frames.last().map(|f| &f.kind),
            Some(FrameKind::Cont(Cont::Resume { wrap: false }))
        )
    }

    /// The value of a parked upvalue (a register of a thread that is not running).
    pub(super) fn parked_value(&self, t: u32, slot: u32) -> Value {
        self.heap
            .thread(ThreadRef(t))
            .state
            .stack
            .get(slot as usize)
            .copied()
            .unwrap_or(Value::Nil)
    }

    pub(super) fn set_parked(&mut self, t: u32, slot: u32, v: Value) {
        if let Some(s) = self
            .heap
            .thread_mut(ThreadRef(t))
            .state
            .stack
            .get_mut(slot as usize)
        {
            *s = v;
        }
    }
}

/// A positionless error (raised by the coroutine library itself, as lua_yield raises).
fn unpositioned(vm: &mut Vm, msg: &str) -> LuaError {
    vm.error_loc = vm.frame_location(0);
    LuaError::Value(Value::Str(vm.heap.intern(msg.as_bytes())))
}

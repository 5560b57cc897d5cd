//! To-be-closed variables (`local x <close>`): `__close` runs as a VM frame when the
//! variable's scope ends (a `Close` instruction, run again after each call until no
//! variable of its level is left) or while an error unwinds past it (with the error as
//! second argument; an error in `__close` replaces the one unwinding).

use super::meta::{callable, Event};
use super::{CallOutcome, Cont, FrameKind, LResult, LuaError, Vm};
use crate::stdlib::Native;
use crate::value::{ThreadRef, Value};

/// `coroutine.close` closing a coroutine's pending variables: those left (last first) and
/// the error so far (the coroutine's own, then any a `__close` raised).
pub struct CoCloseState {
    /// The coroutine being closed: "running" until its variables are closed, as lua5.4
    /// runs them on it (closing it again from one of them is an error).
    pub co: ThreadRef,
    pub pending: Vec<Value>,
    pub err: Option<Value>,
}

impl CoCloseState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(Value::Thread(self.co));
        for v in &self.pending {
            mark(*v);
        }
        if let Some(e) = self.err {
            mark(e);
        }
    }
}

impl Vm {
    /// `local x <close> = v` in register slot `slot`; `name` is the variable's name.
    pub(super) fn new_tbc(&mut self, slot: usize, name: Value) -> LResult<()> {
        let v = self.stack[slot];
        if matches!(v, Value::Nil | Value::Bool(false)) {
            return Ok(());
        }
        if self.metamethod(v, Event::Close).is_nil() {
            let name = match name {
                Value::Str(s) => String::from_utf8_lossy(self.heap.str_bytes(s)).into_owned(),
                _ => "?".into(),
            };
            return Err(LuaError::Msg(format!(
                "variable '{name}' got a non-closable value"
            )));
        }
        // Bounded by the stack: at most one entry per register.
        self.tbc.push(slot as u32);
        Ok(())
    }

    /// Calls `__close` of the last to-be-closed variable (at or above `level`) as a frame
    /// over a `Cont` frame, `cont` built from the slot where it sits.
    fn call_close(&mut self, slot: usize, err: Option<Value>) -> LResult<CallOutcome> {
        let v = self.stack.get(slot).copied().unwrap_or(Value::Nil);
        let h = self.metamethod(v, Event::Close);
        let func = self.mm_slot().max(slot + 1).max(self.top);
        self.ensure_stack(func + 5)?;
        let top = self.top as u32;
        let cont = match err {
            Some(err) => Cont::CloseUnwind { err: Box::new(err) },
            None => Cont::CloseVar,
        };
        self.push_cont(cont, func, 0)?;
        if let Some(f) = self.frames.last_mut() {
            f.pc = top;
        }
        if !callable(h) {
            return Err(LuaError::Msg(format!(
                "attempt to call a {} value (metamethod 'close')",
                self.type_name(h)
            )));
        }
        self.stack[func + 1] = h;
        self.stack[func + 2] = v;
        self.stack[func + 3] = err.unwrap_or(Value::Nil);
        self.call_value(func + 1, 2, 0)
    }

    /// The scope of variables at or above stack slot `level` ends: closes the last one.
    pub(super) fn close_next_tbc(&mut self, level: usize) -> LResult<()> {
        let Some(slot) = self.tbc.pop() else {
            return Ok(());
        };
        let _ = level;
        match self.call_close(slot as usize, None)? {
            CallOutcome::Done | CallOutcome::Frame => Ok(()),
            CallOutcome::Suspend => Err(LuaError::Msg(
                "a metamethod cannot wait on a host call".into(),
            )),
        }
    }

    /// While `err` unwinds: if the top frame is a Lua frame with a to-be-closed variable,
    /// starts its `__close` call and returns true (the unwinding goes on when it returns).
    pub(super) fn close_while_unwinding(&mut self, err: Value) -> LResult<bool> {
        let Some(f) = self.frames.last() else {
            return Ok(false);
        };
        if !matches!(f.kind, FrameKind::Lua { .. }) {
            return Ok(false);
        }
        let base = f.base;
        match self.tbc.last() {
            Some(&s) if s >= base => {}
            _ => return Ok(false),
        }
        let Some(slot) = self.tbc.pop() else {
            return Ok(false);
        };
        match self.call_close(slot as usize, Some(err))? {
            CallOutcome::Done | CallOutcome::Frame => Ok(true),
            CallOutcome::Suspend => Err(LuaError::Msg(
                "a metamethod cannot wait on a host call".into(),
            )),
        }
    }

    /// The `Cont::CoClose` frame is on top: calls the `__close` of its next pending
    /// variable (with the error so far, as lua5.4's `lua_closethread`), or ends the
    /// `coroutine.close` call with true, or false and the last error.
    pub(crate) fn co_close_step(&mut self) -> LResult<Native> {
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Ok(Native::Frame);
            };
            let func = frame.func as usize;
            let FrameKind::Cont(Cont::CoClose(st)) = &mut frame.kind else {
                return Ok(Native::Frame);
            };
            let err = st.err;
            let co = st.co;
            let Some(v) = st.pending.pop() else {
                self.heap.thread_mut(co).status = super::coroutine::CoStatus::Dead;
                let n = match err {
                    None => {
                        self.stack[func] = Value::Bool(true);
                        1
                    }
                    Some(e) => {
                        self.ensure_stack(func + 3)?;
                        self.stack[func] = Value::Bool(false);
                        self.stack[func + 1] = e;
                        2
                    }
                };
                self.do_return(func, n)?;
                return Ok(Native::Frame);
            };
            let h = self.metamethod(v, Event::Close);
            if !callable(h) {
                return Err(LuaError::Msg(format!(
                    "attempt to call a {} value",
                    self.type_name(h)
                )));
            }
            self.ensure_stack(func + 5)?;
            self.stack[func + 1] = h;
            self.stack[func + 2] = v;
            self.stack[func + 3] = err.unwrap_or(Value::Nil);
            self.top = func + 4;
            match self.call_value(func + 1, 2, 0)? {
                // A builtin `__close` is done already: on to the next.
                CallOutcome::Done => continue,
                CallOutcome::Frame => return Ok(Native::Frame),
                CallOutcome::Suspend => {
                    return Err(LuaError::Msg(
                        "a metamethod cannot wait on a host call".into(),
                    ))
                }
            }
        }
    }

    /// An error unwound into the `Cont::CoClose` frame `frame` (popped): it becomes the
    /// error so far and the closing goes on. Err: the next `__close` could not be called.
    pub(super) fn co_close_caught(&mut self, frame: super::Frame, err: Value) -> LResult<()> {
        let mut frame = frame;
        if let FrameKind::Cont(Cont::CoClose(st)) = &mut frame.kind {
            st.err = Some(err);
        }
        self.push_frame_back(frame);
        self.co_close_step().map(|_| ())
    }
}

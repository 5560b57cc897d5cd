//! The driver around the dispatch loop: running frames, resuming continuations, and
//! unwinding to a protected call on error.

use super::{Cont, Exit, FrameKind, LResult, LuaError, Vm};
use crate::stdlib;
use crate::value::Value;

impl Vm {
    /// Runs until the slice ends, the program finishes, or it waits on the host.
    pub fn run(&mut self) -> LResult<Exit> {
        loop {
            let Some(frame) = self.frames.last() else {
                return Ok(Exit::Done);
            };
            let is_lua = matches!(frame.kind, FrameKind::Lua { .. });
            let res = if is_lua {
                self.execute()
            } else {
                self.resume_cont()
            };
            match res {
                Ok(Some(Exit::Suspend)) => {
                    // Inside a `parallel` task, only the task waits.
                    if self.park()? {
                        continue;
                    }
                    return Ok(Exit::Suspend);
                }
                Ok(Some(exit)) => return Ok(exit),
                Ok(None) => continue,
                Err(LuaError::Fatal(d)) => return Err(LuaError::Fatal(d)),
                Err(e) => {
                    let level = if is_lua { 0 } else { 1 };
                    let e = self.locate_level(e, level);
                    let LuaError::Value(v) = e else {
                        return Err(e);
                    };
                    if !self.unwind(v)? {
                        return Err(LuaError::Value(v));
                    }
                }
            }
        }
    }

    /// Like `locate`, with the position of the frame `level` below the top, and no
    /// position when that frame is not a Lua frame.
    pub fn locate_level(&mut self, e: LuaError, level: usize) -> LuaError {
        match e {
            LuaError::Msg(m) => {
                let idx = self.frames.len().checked_sub(1 + level);
                let is_lua = idx
                    .and_then(|i| self.frames.get(i))
                    .map(|f| matches!(f.kind, FrameKind::Lua { .. }))
                    .unwrap_or(false);
                let at = if is_lua {
                    self.frame_where(level)
                } else {
                    None
                };
                let loc = at.as_ref().map(|a| a.0);
                let text = match at {
                    Some((_, mut w)) => {
                        w.extend_from_slice(m.as_bytes());
                        w
                    }
                    None => m.into_bytes(),
                };
                if loc.is_some() {
                    self.error_loc = loc;
                } else if self.error_loc.is_none() {
                    self.error_loc = self.frame_location(level + 1);
                }
                let s = self.heap.intern_vec(text);
                LuaError::Value(Value::Str(s))
            }
            other => other,
        }
    }

    /// Unwinds to the nearest `pcall`/`xpcall`; false when there is none.
    pub fn unwind(&mut self, err: Value) -> LResult<bool> {
        let mut err = err;
        // An error that ends a resumed coroutine leaves its variables open (see
        // `error_ends_coroutine`).
        let mut keep_open = self.error_ends_coroutine();
        loop {
            let closing = if keep_open {
                Ok(false)
            } else {
                self.close_while_unwinding(err)
            };
            match closing {
                Ok(true) => return Ok(true),
                Ok(false) => {}
                Err(LuaError::Fatal(d)) => return Err(LuaError::Fatal(d)),
                // `__close` could not be called: that error unwinds instead.
                Err(e) => {
                    if let LuaError::Value(v) = self.locate_level(e, 0) {
                        err = v;
                    }
                    continue;
                }
            }
            let Some(frame) = self.frames.pop() else {
                break;
            };
            match frame.kind {
                FrameKind::Lua { .. } => {
                    self.close_upvals(frame.base.min(frame.func + 1));
                }
                FrameKind::Cont(Cont::Pcall) => {
                    self.close_upvals(frame.func + 1);
                    let func = frame.func as usize;
                    self.stack[func] = Value::Bool(false);
                    self.stack[func + 1] = err;
                    self.frames.push(frame);
                    self.do_return(func, 2)?;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::Xpcall { handler }) => {
                    self.close_upvals(frame.func + 1);
                    let func = frame.func as usize;
                    self.ensure_stack(func + 4)?;
                    self.stack[func + 1] = handler;
                    self.stack[func + 2] = err;
                    self.push_cont(Cont::XpcallHandler, func, frame.nresults)?;
                    match self.call_value(func + 1, 1, 1) {
                        Ok(_) => {}
                        Err(LuaError::Fatal(d)) => return Err(LuaError::Fatal(d)),
                        Err(_) => {
                            // An error calling the handler: lua5.4 calls the handler
                            // again for it, which ends as LUA_ERRERR.
                            self.xpcall_handler_failed(func)?;
                        }
                    }
                    return Ok(true);
                }
                FrameKind::Cont(Cont::XpcallHandler) => {
                    // An error inside the message handler (see above).
                    let func = frame.func as usize;
                    self.close_upvals(frame.func + 1);
                    self.frames.push(frame);
                    self.xpcall_handler_failed(func)?;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::LoadReader(_)) => {
                    // lua5.4's load runs the reader protected: its error is load's message.
                    let func = frame.func as usize;
                    self.ensure_stack(func + 3)?;
                    self.stack[func] = Value::Nil;
                    self.stack[func + 1] = err;
                    self.frames.push(frame);
                    self.do_return(func, 2)?;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::CoroutineBase) => match self.coroutine_died(err)? {
                    // Raised again in the resumer by a `coroutine.wrap` function.
                    Some(e) => {
                        err = e;
                        keep_open = self.error_ends_coroutine();
                    }
                    None => return Ok(true),
                },
                FrameKind::Cont(Cont::CoClose(_)) => {
                    // A `__close` run by `coroutine.close` raised: the closing goes on.
                    match self.co_close_caught(frame, err) {
                        Ok(()) => return Ok(true),
                        Err(LuaError::Fatal(d)) => return Err(LuaError::Fatal(d)),
                        Err(e) => {
                            if let LuaError::Value(v) = self.locate_level(e, 0) {
                                err = v;
                            }
                        }
                    }
                }
                FrameKind::Cont(_) => {}
            }
        }
        Ok(false)
    }

    /// Ends the `xpcall` whose handler frame is on top (at `func`) with false and
    /// "error in error handling", as lua5.4 does when its message handler fails.
    pub(super) fn xpcall_handler_failed(&mut self, func: usize) -> LResult<()> {
        let msg = self.heap.intern(b"error in error handling");
        self.ensure_stack(func + 2)?;
        self.stack[func] = Value::Bool(false);
        self.stack[func + 1] = Value::Str(msg);
        self.do_return(func, 2)
    }

    pub(super) fn resume_cont(&mut self) -> LResult<Option<Exit>> {
        let Some(frame) = self.frames.last_mut() else {
            return Ok(None);
        };
        let func = frame.func as usize;
        match &mut frame.kind {
            FrameKind::Cont(Cont::Pcall) | FrameKind::Cont(Cont::Xpcall { .. }) => {
                self.stack[func] = Value::Bool(true);
                let n = self.top.saturating_sub(func);
                self.do_return(func, n).map(|_| None)
            }
            FrameKind::Cont(Cont::XpcallHandler) => {
                self.stack[func] = Value::Bool(false);
                self.do_return(func, 2).map(|_| None)
            }
            FrameKind::Cont(Cont::Pairs) => self.do_return(func + 1, 3).map(|_| None),
            FrameKind::Cont(Cont::Sort(_)) => stdlib::table::sort_resume(self),
            FrameKind::Cont(Cont::Gsub(_)) => stdlib::string::gsub_resume(self),
            FrameKind::Cont(Cont::Print(_)) => stdlib::base::print_resume(self),
            FrameKind::Cont(Cont::Tostr(_)) => stdlib::tostr::resume(self),
            FrameKind::Cont(Cont::TableMeta(_)) => stdlib::table_meta::resume(self),
            FrameKind::Cont(Cont::LoadReader(_)) => stdlib::load::reader_resume(self),
            FrameKind::Cont(Cont::CoroutineBase) => self.finish_coroutine().map(|_| None),
            FrameKind::Cont(Cont::Parallel) => self.schedule(),
            FrameKind::Cont(Cont::CoClose(_)) => self.co_close_step().map(|_| None),
            FrameKind::Cont(Cont::CloseVar) => {
                self.top = frame.pc as usize;
                self.frames.pop();
                Ok(None)
            }
            FrameKind::Cont(Cont::CloseUnwind { err }) => {
                let err = **err;
                self.frames.pop();
                Err(LuaError::Value(err))
            }
            // A resume's frame is on top only while its coroutine is not running, and it
            // is taken off as the coroutine hands back control.
            FrameKind::Cont(Cont::Resume { .. }) => Err(super::fatal(
                codemode_core::DiagnosticKind::ExecutionFailure,
                "internal error: a coroutine resume was left without its coroutine",
            )),
            FrameKind::Lua { .. } => Ok(None),
        }
    }
}

//! The driver around the dispatch loop: running frames, resuming continuations, and
//! unwinding to a protected call on error.

use super::{cstack, Cont, Exit, FrameKind, LResult, LuaError, Vm};
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
            let Some(frame) = self.pop_frame() else {
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
                    self.push_frame_back(frame);
                    self.do_return(func, 2)?;
                    self.frame_overflow = false;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::Xpcall { handler }) => {
                    self.close_upvals(frame.func + 1);
                    let func = frame.func as usize;
                    self.call_message_handler(func, frame.nresults, handler, err, 0)?;
                    self.frame_overflow = false;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::XpcallHandler) => {
                    // An error inside the message handler: lua5.4 calls the handler again
                    // for it, a C level deeper each time, until LUA_ERRERR.
                    self.close_upvals(frame.func + 1);
                    let func = frame.func as usize;
                    if std::mem::take(&mut self.frame_overflow) {
                        // The handler overflowed the frames itself.
                        self.xpcall_failed_at(func, frame.nresults)?;
                        self.frame_overflow = false;
                        return Ok(true);
                    }
                    let handler = self.stack[func];
                    let again = frame.pc + 1;
                    self.call_message_handler(func, frame.nresults, handler, err, again)?;
                    self.frame_overflow = false;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::LoadReader(_)) => {
                    // lua5.4's load runs the reader protected: its error is load's message.
                    let func = frame.func as usize;
                    self.ensure_stack(func + 3)?;
                    self.stack[func] = Value::Nil;
                    self.stack[func + 1] = err;
                    self.push_frame_back(frame);
                    self.do_return(func, 2)?;
                    self.frame_overflow = false;
                    return Ok(true);
                }
                FrameKind::Cont(Cont::CoroutineBase) => match self.coroutine_died(err)? {
                    // Raised again in the resumer by a `coroutine.wrap` function (an
                    // overflow of the coroutine's frames is not the resumer's).
                    Some(e) => {
                        self.frame_overflow = false;
                        err = e;
                        keep_open = self.error_ends_coroutine();
                    }
                    None => {
                        self.frame_overflow = false;
                        return Ok(true);
                    }
                },
                FrameKind::Cont(Cont::CoClose(_)) => {
                    // A `__close` run by `coroutine.close` raised: the closing goes on.
                    match self.co_close_caught(frame, err) {
                        Ok(()) => {
                            self.frame_overflow = false;
                            return Ok(true);
                        }
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

    /// The `xpcall` at `func` (whose frame is gone) caught `err`: its message handler runs
    /// as a frame over a `Cont::XpcallHandler`, which holds the C levels lua5.4's handler
    /// call would (`cstack::HANDLER_LEVELS`, plus one for each call `again` for an error
    /// in the handler), and `xpcall` returns false and what the handler returns. As in
    /// lua5.4, a handler call that reaches the C-stack limit is called for that overflow
    /// instead, and one past `ERRERR_LEVEL` (or the LUA_ERRERR error itself) ends the
    /// `xpcall` with "error in error handling".
    pub(crate) fn call_message_handler(
        &mut self,
        func: usize,
        nresults: i32,
        handler: Value,
        err: Value,
        again: u32,
    ) -> LResult<()> {
        let mut err = err;
        let mut again = again;
        if self.is_errerr(&LuaError::Value(err)) {
            return self.xpcall_failed_at(func, nresults);
        }
        if self.c_calls + cstack::HANDLER_LEVELS + again == cstack::LUAI_MAXCCALLS {
            err = Value::Str(self.heap.intern(cstack::C_STACK_OVERFLOW.as_bytes()));
            again += 1;
        }
        let levels = cstack::HANDLER_LEVELS + again;
        if self.c_calls + levels >= cstack::ERRERR_LEVEL {
            return self.xpcall_failed_at(func, nresults);
        }
        self.ensure_stack(func + 4)?;
        self.stack[func] = handler;
        self.stack[func + 1] = handler;
        self.stack[func + 2] = err;
        match self.push_cont(Cont::XpcallHandler, func, nresults) {
            Ok(()) => {}
            Err(LuaError::Fatal(d)) => return Err(LuaError::Fatal(d)),
            // No room for the handler's frame: as LUA_ERRERR.
            Err(_) => return self.xpcall_failed_at(func, nresults),
        }
        // The frame holds `levels` (`Frame::c_levels` reads `again` from its `pc`).
        self.c_calls += again;
        if let Some(f) = self.frames.last_mut() {
            f.pc = again;
        }
        match self.call_value(func + 1, 1, 1) {
            Ok(_) => Ok(()),
            Err(LuaError::Fatal(d)) => Err(LuaError::Fatal(d)),
            // No room for the handler's own frame (a stack overflow while handling an
            // error): as LUA_ERRERR.
            Err(_) => {
                self.pop_frame();
                self.xpcall_failed_at(func, nresults)
            }
        }
    }

    /// `xpcall` at `func` returns false and "error in error handling" with no frame of its
    /// own on top.
    fn xpcall_failed_at(&mut self, func: usize, nresults: i32) -> LResult<()> {
        let msg = self.errerr();
        self.rets.clear();
        self.rets.push(Value::Bool(false));
        self.rets.push(msg);
        self.place_rets(func, nresults)?;
        self.rets.clear();
        if nresults == super::meta::MM_RESULT {
            self.finish_op(Value::Bool(false))?;
        }
        Ok(())
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
                self.pop_frame();
                Ok(None)
            }
            FrameKind::Cont(Cont::CloseUnwind { err }) => {
                let err = **err;
                self.pop_frame();
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

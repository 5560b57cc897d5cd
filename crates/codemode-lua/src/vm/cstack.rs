//! lua5.4's C-stack count (`nCcalls`, limit `LUAI_MAXCCALLS`): every call lua5.4 makes
//! from C into Lua nests a level of its C stack — `pcall`, `xpcall`, a metamethod run for
//! an instruction or by a library function, a `table.sort` comparator, a `gsub` callback,
//! `tostring`'s `__tostring`, a `__close`, a `load` reader, a `coroutine.resume`. Here
//! those are VM frames (no native recursion), so nothing overflows; the count gives the
//! program lua5.4's limit and messages anyway: "C stack overflow" when a call would reach
//! level 200, and, for the calls that handle an error (message handlers, `__close` while
//! unwinding) which may go a little past it, "error in error handling" at 220.
//!
//! The count is of the running thread. A frame that counts adds one when it is pushed and
//! takes it back when it is popped; plain Lua-to-Lua calls never count (and their fast
//! paths never look at it). As in lua5.4, a resumed coroutine starts at its resumer's level
//! (plus the resume): the levels it held before it yielded are not counted again, so a pop
//! never goes below the level the thread was resumed at (`c_floor`).

use super::meta::MM_RESULT;
use super::{Cont, Frame, FrameKind, LResult, LuaError, Vm};
use crate::value::Value;

/// lua5.4's `LUAI_MAXCCALLS`: a call that would reach this level fails.
pub const LUAI_MAXCCALLS: u32 = 200;

/// Past the limit (while its error is handled), a call reaching this level fails with
/// "error in error handling" (lua5.4's `LUAI_MAXCCALLS / 10 * 11`).
pub const ERRERR_LEVEL: u32 = LUAI_MAXCCALLS / 10 * 11;

/// The level a program's main chunk runs at: lua5.4's standalone interpreter runs a
/// script two C calls deep (`lua_pcall` of `pmain`, then of the chunk), and the reference
/// harness (tests/harness.lua) runs the program's chunk under one more `pcall`.
pub const MAIN_LEVEL: u32 = 3;

/// How a frame takes a C level.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CLevel {
    /// Not a C level (a Lua call, a coroutine's base frame: its resume counted).
    No,
    /// A C level that fails at `LUAI_MAXCCALLS`.
    Checked,
    /// A C level handling an error (or checked before, as `resume` does): it fails only
    /// at `ERRERR_LEVEL`.
    Handling,
}

impl Cont {
    pub fn c_level(&self) -> CLevel {
        match self {
            Cont::CoroutineBase => CLevel::No,
            Cont::XpcallHandler | Cont::CloseUnwind { .. } | Cont::Resume { .. } => {
                CLevel::Handling
            }
            Cont::Pcall
            | Cont::Xpcall { .. }
            | Cont::Sort(_)
            | Cont::Gsub(_)
            | Cont::Print(_)
            | Cont::Tostr(_)
            | Cont::Pairs
            | Cont::TableMeta(_)
            | Cont::LoadReader(_)
            | Cont::CloseVar
            | Cont::Parallel
            | Cont::CoClose(_) => CLevel::Checked,
        }
    }
}

/// The C levels of a message handler's frame at its first call: lua5.4 calls the handler
/// where the error was raised, inside the `xpcall`'s own level; here the `xpcall` frame
/// is gone by then, so its handler's frame holds both. Each call of the handler again
/// (for an error inside it) holds one more, kept in the frame's `pc`.
pub const HANDLER_LEVELS: u32 = 2;

impl Frame {
    /// The C levels this frame holds: a continuation that is one, or a Lua function run as
    /// a metamethod of an instruction.
    #[inline]
    pub fn c_levels(&self) -> u32 {
        match &self.kind {
            FrameKind::Lua { .. } => u32::from(self.nresults == MM_RESULT),
            FrameKind::Cont(Cont::XpcallHandler) => HANDLER_LEVELS + self.pc,
            FrameKind::Cont(c) => u32::from(c.c_level() != CLevel::No),
        }
    }
}

impl Vm {
    /// Takes `n` C levels for a frame about to be pushed. Err (and none taken): "C stack
    /// overflow" (positionless here; the caller positions it where lua5.4 does) or "error
    /// in error handling".
    #[inline]
    pub(super) fn enter_c(&mut self, how: CLevel, n: u32) -> LResult<()> {
        if how == CLevel::No {
            return Ok(());
        }
        self.c_calls += n;
        if self.c_calls >= LUAI_MAXCCALLS {
            return self.c_stack_full(how, n);
        }
        Ok(())
    }

    /// As lua5.4's `luaE_checkcstack`: exactly at the limit, "C stack overflow"; past it
    /// (an error being handled), more calls until `ERRERR_LEVEL`.
    #[cold]
    fn c_stack_full(&mut self, how: CLevel, n: u32) -> LResult<()> {
        if self.c_calls == LUAI_MAXCCALLS && how == CLevel::Checked {
            self.c_calls -= n;
            return Err(LuaError::Msg(C_STACK_OVERFLOW.into()));
        }
        if self.c_calls >= ERRERR_LEVEL {
            self.c_calls -= n;
            return Err(LuaError::Value(self.errerr()));
        }
        Ok(())
    }

    /// lua5.4's LUA_ERRERR message.
    pub fn errerr(&mut self) -> Value {
        Value::Str(self.heap.intern(ERRERR_MSG.as_bytes()))
    }

    /// Whether `e` is the LUA_ERRERR error (a message handler is not called for it).
    pub fn is_errerr(&self, e: &LuaError) -> bool {
        matches!(e, LuaError::Value(Value::Str(s)) if self.heap.str_bytes(*s) == ERRERR_MSG.as_bytes())
    }

    /// Gives back `n` C levels of a popped frame (never below the level the running thread
    /// was resumed at: frames from before its last yield were not counted again).
    #[inline]
    pub(super) fn leave_c(&mut self, n: u32) {
        self.c_calls = self.c_calls.saturating_sub(n).max(self.c_floor);
    }

    /// Pops the top frame, giving back its C levels.
    #[inline]
    pub(super) fn pop_frame(&mut self) -> Option<Frame> {
        let f = self.frames.pop()?;
        let n = f.c_levels();
        if n != 0 {
            self.leave_c(n);
        }
        Some(f)
    }

    /// Puts back a frame `pop_frame` just took (its C levels with it, unchecked).
    pub(super) fn push_frame_back(&mut self, f: Frame) {
        self.c_calls += f.c_levels();
        self.frames.push(f);
    }

    /// The running thread starts (or goes on) at C level `level`: a resumed coroutine at
    /// its resumer's, a `parallel` task at its group's.
    pub(super) fn enter_thread_at(&mut self, level: u32) {
        self.c_calls = level;
        self.c_floor = level;
    }
}

const ERRERR_MSG: &str = "error in error handling";

pub const C_STACK_OVERFLOW: &str = "C stack overflow";

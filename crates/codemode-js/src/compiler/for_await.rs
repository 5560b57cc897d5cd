//! `for await (... of ...)`: a bytecode loop that awaits each `next()` of the async iterator
//! (the prelude's hooks get the iterator and call its methods, so they run as ordinary
//! calls), and awaits its `return()` when a break, return or throw leaves the loop.

use super::*;
use crate::builtins::{HOOK_ASYNC_CLOSE, HOOK_ASYNC_ITERATOR, HOOK_ASYNC_NEXT, HOOK_ASYNC_RESULT};

impl<'a> Compiler<'a> {
    pub(super) fn for_await_of(
        &mut self,
        labels: Vec<String>,
        left: &ForHead,
        right: &Expr,
        body: &Stmt,
    ) -> CResult<()> {
        let done = self.str_const(&"done".encode_utf16().collect::<Vec<_>>());
        let value = self.str_const(&"value".encode_utf16().collect::<Vec<_>>());
        let it = self.new_slot()?;
        self.expr(right)?;
        self.emit(Op::CallHook(HOOK_ASYNC_ITERATOR as u8, 1));
        self.emit(Op::SetLocal(it));
        let on_throw = self.emit(Op::PushHandler(0));
        self.st().tries.push(TryEntry::AsyncIterClose(it));
        let start = self.here();
        self.emit(Op::GetLocal(it));
        self.emit(Op::CallHook(HOOK_ASYNC_NEXT as u8, 1));
        self.emit(Op::Await);
        self.emit(Op::CallHook(HOOK_ASYNC_RESULT as u8, 1));
        self.emit(Op::Dup);
        self.emit(Op::GetProp(done));
        let finished = self.emit(Op::JumpIfTrue(0));
        self.emit(Op::GetProp(value));
        self.loop_binding_and_body(labels, left, body)?;
        let lp = self.st().loops.pop().unwrap_or_else(|| unreachable!());
        self.pop_scope();
        for c in lp.continues {
            self.patch(c, start);
        }
        self.emit(Op::Jump(start));
        // Done: the result goes, then the handler.
        self.patch_here(finished);
        self.emit(Op::Pop);
        self.iterator_loop_exits(lp.breaks, on_throw, &|c: &mut Self, quiet| {
            c.emit_async_close(it, quiet)
        });
        Ok(())
    }

    /// Calls `return()` of the async iterator in `slot` and awaits what it gives (a throw
    /// from it is swallowed when `quiet`).
    pub(super) fn emit_async_close(&mut self, slot: u16, quiet: bool) {
        self.emit(Op::GetLocal(slot));
        self.emit(if quiet { Op::True } else { Op::False });
        self.emit(Op::CallHook(HOOK_ASYNC_CLOSE as u8, 2));
        self.emit(Op::Await);
        self.emit(Op::Pop);
    }
}

//! `yield*`: a loop over the inner iterator, in bytecode so each step's `next`, `throw` or
//! `return` runs as an ordinary call and the outer generator suspends on its own frame.

use super::*;
use crate::builtins::{
    HOOK_ASYNC_DELEGATE_STEP, HOOK_ASYNC_ITERATOR, HOOK_ASYNC_RESULT, HOOK_DELEGATE_ITERATOR,
    HOOK_DELEGATE_STEP,
};

impl<'a> Compiler<'a> {
    /// [iterable] -> [the inner iterator's return value]. Each inner result that is not
    /// done is handed to the outer caller as it is (`Op::YieldDelegate`); what the outer
    /// generator is resumed with goes to the inner iterator in the same mode. Resumed by
    /// `return(x)` and the inner iterator done, the outer generator returns its value.
    /// In an async generator the inner iterator is an async one (or a sync one whose
    /// values are awaited), each step is awaited, and the outer request gets the inner
    /// value.
    pub(super) fn yield_delegate(&mut self, is_async: bool) -> CResult<()> {
        let done = self.str_const(&"done".encode_utf16().collect::<Vec<_>>());
        let value = self.str_const(&"value".encode_utf16().collect::<Vec<_>>());
        let (it, mode, received) = (self.new_slot()?, self.new_slot()?, self.new_slot()?);
        self.emit(if is_async {
            Op::CallHook(HOOK_ASYNC_ITERATOR as u8, 1)
        } else {
            Op::CallHook(HOOK_DELEGATE_ITERATOR as u8, 1)
        });
        self.emit(Op::SetLocal(it));
        self.emit(Op::Num(crate::vm::RESUME_NEXT as f64));
        self.emit(Op::SetLocal(mode));
        self.emit(Op::Undef);
        self.emit(Op::SetLocal(received));
        let step = self.here();
        self.emit(Op::GetLocal(it));
        self.emit(Op::GetLocal(mode));
        self.emit(Op::GetLocal(received));
        if is_async {
            self.emit(Op::CallHook(HOOK_ASYNC_DELEGATE_STEP as u8, 3));
            self.emit(Op::Await);
            self.emit(Op::CallHook(HOOK_ASYNC_RESULT as u8, 1));
        } else {
            self.emit(Op::CallHook(HOOK_DELEGATE_STEP as u8, 3));
        }
        self.emit(Op::Dup);
        self.emit(Op::GetProp(done));
        let finished = self.emit(Op::JumpIfTrue(0));
        if is_async {
            // The outer request gets the inner value (an async generator's yield makes
            // the `{ value, done }`).
            self.emit(Op::GetProp(value));
        }
        self.emit(Op::YieldDelegate);
        self.emit(Op::SetLocal(mode));
        self.emit(Op::SetLocal(received));
        self.emit(Op::Jump(step));
        self.patch_here(finished);
        self.emit(Op::GetProp(value));
        self.emit(Op::GetLocal(mode));
        self.emit(Op::Num(crate::vm::RESUME_RETURN as f64));
        self.emit(Op::StrictEq);
        let not_returned = self.emit(Op::JumpIfFalse(0));
        if is_async {
            self.emit(Op::Await);
        }
        self.emit_return()?;
        self.patch_here(not_returned);
        Ok(())
    }
}

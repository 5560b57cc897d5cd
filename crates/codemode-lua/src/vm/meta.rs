//! Metatables: metamethod lookup and calls. A metamethod runs as a call placed above the
//! registers of the Lua frame executing the instruction that needs it; a Lua metamethod is
//! a VM frame (no native recursion), and when it returns, `finish_op` completes the
//! interrupted instruction with its first result, as lvm.c's `luaV_finishOp` does.

use super::{CallOutcome, FrameKind, LResult, LuaError, Vm};
use crate::bytecode::{ArithOp, Op};
use crate::value::{TableRef, Value};

/// `nresults` of a metamethod's frame: one result, handed to `finish_op`.
pub const MM_RESULT: i32 = -2;

/// Longest `__index`/`__newindex` chain followed (lvm.c's MAXTAGLOOP).
const MAX_TAG_LOOP: usize = 2000;

/// The events codemode dispatches (`__gc` and `__mode` are not among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Index,
    NewIndex,
    Call,
    Eq,
    Lt,
    Le,
    Len,
    Concat,
    Unm,
    BNot,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
    IDiv,
    BAnd,
    BOr,
    BXor,
    Shl,
    Shr,
    ToString,
    Name,
    Metatable,
    Pairs,
    Close,
}

pub const EVENT_NAMES: [&str; 27] = [
    "__index",
    "__newindex",
    "__call",
    "__eq",
    "__lt",
    "__le",
    "__len",
    "__concat",
    "__unm",
    "__bnot",
    "__add",
    "__sub",
    "__mul",
    "__div",
    "__mod",
    "__pow",
    "__idiv",
    "__band",
    "__bor",
    "__bxor",
    "__shl",
    "__shr",
    "__tostring",
    "__name",
    "__metatable",
    "__pairs",
    "__close",
];

pub fn arith_event(op: ArithOp) -> Event {
    match op {
        ArithOp::Add => Event::Add,
        ArithOp::Sub => Event::Sub,
        ArithOp::Mul => Event::Mul,
        ArithOp::Div => Event::Div,
        ArithOp::Mod => Event::Mod,
        ArithOp::Pow => Event::Pow,
        ArithOp::IDiv => Event::IDiv,
        ArithOp::BAnd => Event::BAnd,
        ArithOp::BOr => Event::BOr,
        ArithOp::BXor => Event::BXor,
        ArithOp::Shl => Event::Shl,
        ArithOp::Shr => Event::Shr,
    }
}

/// A table access by a builtin: its result, or the metamethod to call and its arguments
/// (two for `__index`, three for `__newindex`).
pub enum Access {
    Value(Value),
    Call(Value, [Value; 3]),
}

/// A metamethod call: finished now (a builtin), or running as a frame whose result
/// `finish_op` will place.
pub enum Mm {
    Done(Value),
    Pending,
}

pub fn callable(v: Value) -> bool {
    matches!(v, Value::Func(_) | Value::Builtin(_))
}

fn stringish(v: Value) -> bool {
    matches!(v, Value::Str(_) | Value::Int(_) | Value::Float(_))
}

impl Vm {
    /// The metatable of `v` (tables only: strings index the string library directly).
    #[inline]
    pub fn metatable(&self, v: Value) -> Option<TableRef> {
        match v {
            Value::Table(t) => self.heap.table(t).meta,
            _ => None,
        }
    }

    /// The handler of `e` in `v`'s metatable (nil when none).
    pub fn metamethod(&self, v: Value, e: Event) -> Value {
        match self.metatable(v) {
            Some(m) => self.heap.table(m).get_str(self.names.events[e as usize]),
            None => Value::Nil,
        }
    }

    /// The metatable programs see for strings: `{__index = string}`, made on first use;
    /// string indexing does not read it, so changing it changes nothing (read-only).
    pub fn string_metatable(&mut self) -> TableRef {
        if let Some(t) = self.string_meta {
            return t;
        }
        let t = self.heap.new_table(0, 1);
        let key = Value::Str(self.names.events[Event::Index as usize]);
        let lib = Value::Table(self.string_lib);
        let _ = self
            .heap
            .with_table(t, |tab, m| tab.set(key, lib, m.max(1)));
        self.string_meta = Some(t);
        t
    }

    /// The slot above the top Lua frame's registers, where metamethod calls go.
    pub(super) fn mm_slot(&self) -> usize {
        match self.frames.last() {
            Some(f) => match f.kind {
                FrameKind::Lua { proto, .. } => {
                    f.base as usize
                        + self
                            .protos
                            .get(proto as usize)
                            .map_or(0, |p| p.max_stack as usize)
                }
                FrameKind::Cont(_) => self.top.max(f.base as usize),
            },
            None => self.top,
        }
    }

    /// Calls metamethod `f` with `args`; its first result completes the instruction being
    /// executed (now, for a builtin; through `finish_op`, for a Lua function).
    pub fn call_mm(&mut self, f: Value, args: &[Value]) -> LResult<Mm> {
        if !callable(f) {
            return Err(LuaError::Msg(format!(
                "attempt to call a {} value",
                self.type_name(f)
            )));
        }
        let func = self.mm_slot();
        self.ensure_stack(func + args.len() + 2)?;
        self.stack[func] = f;
        for (i, a) in args.iter().enumerate() {
            self.stack[func + 1 + i] = *a;
        }
        match self.call_value(func, args.len(), MM_RESULT)? {
            CallOutcome::Done => Ok(Mm::Done(self.stack[func])),
            CallOutcome::Frame => Ok(Mm::Pending),
            CallOutcome::Suspend => Err(LuaError::Msg(
                "a metamethod cannot wait on a host call".into(),
            )),
        }
    }

    /// `t[key]` through `__index` (tables, or the first step off a table with a metatable).
    pub fn index_meta(&mut self, t: Value, key: Value) -> LResult<Mm> {
        match self.index_access(t, key)? {
            Access::Value(v) => Ok(Mm::Done(v)),
            Access::Call(h, args) => self.call_mm(h, &args[..2]),
        }
    }

    /// `t[key]` as far as it goes without a call: the value, or the `__index` function to
    /// call with `(table, key)` (the chain's last table).
    pub fn index_access(&mut self, t: Value, key: Value) -> LResult<Access> {
        let mut t = t;
        for _ in 0..MAX_TAG_LOOP {
            let h = match t {
                Value::Table(tr) => {
                    let tab = self.heap.table(tr);
                    let v = tab.get(key);
                    if !v.is_nil() {
                        return Ok(Access::Value(v));
                    }
                    let Some(m) = tab.meta else {
                        return Ok(Access::Value(Value::Nil));
                    };
                    let h = self
                        .heap
                        .table(m)
                        .get_str(self.names.events[Event::Index as usize]);
                    if h.is_nil() {
                        return Ok(Access::Value(Value::Nil));
                    }
                    h
                }
                other => {
                    return match self.index(other, key) {
                        Ok(v) => Ok(Access::Value(v)),
                        Err(_) => Err(LuaError::Msg(format!(
                            "attempt to index a {} value",
                            self.type_name(other)
                        ))),
                    }
                }
            };
            self.charge(1)?;
            if callable(h) {
                return Ok(Access::Call(h, [t, key, Value::Nil]));
            }
            t = h;
        }
        Err(LuaError::Msg(
            "'__index' chain too long; possible loop".into(),
        ))
    }

    /// `t[key] = v` through `__newindex` (`t` a table with a metatable, or a chain step).
    pub fn newindex_meta(&mut self, t: Value, key: Value, v: Value) -> LResult<Mm> {
        match self.newindex_access(t, key, v)? {
            Access::Value(_) => Ok(Mm::Done(Value::Nil)),
            Access::Call(h, args) => self.call_mm(h, &args),
        }
    }

    /// `t[key] = v` as far as it goes without a call: done (`Access::Value`), or the
    /// `__newindex` function to call with `(table, key, v)`.
    pub fn newindex_access(&mut self, t: Value, key: Value, v: Value) -> LResult<Access> {
        let mut t = t;
        for _ in 0..MAX_TAG_LOOP {
            let h = match t {
                Value::Table(tr) => {
                    let tab = self.heap.table(tr);
                    let h = match tab.meta {
                        Some(m) if tab.get(key).is_nil() => self
                            .heap
                            .table(m)
                            .get_str(self.names.events[Event::NewIndex as usize]),
                        _ => Value::Nil,
                    };
                    if h.is_nil() {
                        crate::stdlib::table::table_set(self, tr, key, v)?;
                        return Ok(Access::Value(Value::Nil));
                    }
                    h
                }
                other => {
                    return Err(LuaError::Msg(format!(
                        "attempt to index a {} value",
                        self.type_name(other)
                    )))
                }
            };
            self.charge(1)?;
            if callable(h) {
                return Ok(Access::Call(h, [t, key, v]));
            }
            t = h;
        }
        Err(LuaError::Msg(
            "'__newindex' chain too long; possible loop".into(),
        ))
    }

    /// A binary arithmetic or bitwise metamethod of `a` or `b`, called; `None` when neither
    /// has one (the caller raises the operation's own error).
    pub fn arith_mm(&mut self, op: ArithOp, a: Value, b: Value) -> LResult<Option<Mm>> {
        let e = arith_event(op);
        let mut h = self.metamethod(a, e);
        if h.is_nil() {
            h = self.metamethod(b, e);
        }
        if h.is_nil() {
            return Ok(None);
        }
        self.call_mm(h, &[a, b]).map(Some)
    }

    /// A unary metamethod (`__unm`, `__bnot`, `__len`) of `a`, called with `a` twice as
    /// Lua does; `None` when there is none.
    pub fn unary_mm(&mut self, e: Event, a: Value) -> LResult<Option<Mm>> {
        let h = self.metamethod(a, e);
        if h.is_nil() {
            return Ok(None);
        }
        self.call_mm(h, &[a, a]).map(Some)
    }

    /// `__lt`/`__le` of `a` or `b`; `None` when neither has one.
    pub fn compare_mm(&mut self, e: Event, a: Value, b: Value) -> LResult<Option<Mm>> {
        self.arith_like(e, a, b)
    }

    /// `__eq` for two distinct tables; `None` when neither has one.
    pub fn eq_mm(&mut self, a: Value, b: Value) -> LResult<Option<Mm>> {
        self.arith_like(Event::Eq, a, b)
    }

    fn arith_like(&mut self, e: Event, a: Value, b: Value) -> LResult<Option<Mm>> {
        let mut h = self.metamethod(a, e);
        if h.is_nil() {
            h = self.metamethod(b, e);
        }
        if h.is_nil() {
            return Ok(None);
        }
        self.call_mm(h, &[a, b]).map(Some)
    }

    /// Concatenates registers `ra..ra+m` right to left (lvm.c's luaV_concat), calling
    /// `__concat` for pairs that are not strings or numbers. `n` is the instruction's
    /// operand count: while a metamethod runs, the count left is kept in its last register.
    /// Returns the result, or `None` while a metamethod frame runs.
    pub fn concat_meta(&mut self, ra: usize, mut m: usize, n: usize) -> LResult<Option<Value>> {
        loop {
            if m <= 1 {
                return Ok(Some(self.stack[ra]));
            }
            let x = self.stack[ra + m - 2];
            let y = self.stack[ra + m - 1];
            if stringish(x) && stringish(y) {
                let mut k = 2;
                while k < m && stringish(self.stack[ra + m - 1 - k]) {
                    k += 1;
                }
                let mut len = 0usize;
                for v in &self.stack[ra + m - k..ra + m] {
                    len = len.saturating_add(match v {
                        Value::Str(s) => self.heap.str_bytes(*s).len(),
                        _ => 24,
                    });
                }
                self.check_len(len)?;
                self.charge(len as u64 / 16)?;
                let mut out = Vec::with_capacity(len);
                for i in ra + m - k..ra + m {
                    match self.stack[i] {
                        Value::Str(s) => out.extend_from_slice(self.heap.str_bytes(s)),
                        v => super::arith::write_number(&mut out, v),
                    }
                }
                let s = self.new_str_vec(out)?;
                self.stack[ra + m - k] = s;
                m -= k - 1;
                continue;
            }
            let mut h = self.metamethod(x, Event::Concat);
            if h.is_nil() {
                h = self.metamethod(y, Event::Concat);
            }
            if h.is_nil() {
                let bad = if stringish(x) { y } else { x };
                return Err(LuaError::Msg(format!(
                    "attempt to concatenate a {} value",
                    self.type_name(bad)
                )));
            }
            // The count after this pair is folded, for `finish_op`.
            self.stack[ra + n - 1] = Value::Int(m as i64 - 1);
            match self.call_mm(h, &[x, y])? {
                Mm::Done(v) => {
                    self.stack[ra + m - 2] = v;
                    m -= 1;
                }
                Mm::Pending => return Ok(None),
            }
        }
    }

    /// Completes the instruction of the top (Lua) frame that was waiting on a metamethod,
    /// whose result is `v`.
    pub fn finish_op(&mut self, v: Value) -> LResult<()> {
        let Some(f) = self.frames.last() else {
            return Ok(());
        };
        let FrameKind::Lua { proto, .. } = f.kind else {
            return Ok(());
        };
        let base = f.base as usize;
        let pc = f.pc as usize;
        let Some(op) = self
            .protos
            .get(proto as usize)
            .and_then(|p| p.code.get(pc.wrapping_sub(1)))
            .copied()
        else {
            return Ok(());
        };
        let jump = |vm: &mut Vm, k: bool, off: i32| {
            if v.truthy() == k {
                if let Some(f) = vm.frames.last_mut() {
                    f.pc = (f.pc as i64 + off as i64) as u32;
                }
            }
        };
        match op {
            Op::GetTable { a, .. }
            | Op::GetField { a, .. }
            | Op::GetInt { a, .. }
            | Op::GetGlobal { a, .. }
            | Op::SelfOp { a, .. }
            | Op::Add { a, .. }
            | Op::Sub { a, .. }
            | Op::Mul { a, .. }
            | Op::Div { a, .. }
            | Op::Mod { a, .. }
            | Op::Pow { a, .. }
            | Op::IDiv { a, .. }
            | Op::BAnd { a, .. }
            | Op::BOr { a, .. }
            | Op::BXor { a, .. }
            | Op::Shl { a, .. }
            | Op::Shr { a, .. }
            | Op::AddI { a, .. }
            | Op::ArithI { a, .. }
            | Op::MulI { a, .. }
            | Op::ModI { a, .. }
            | Op::ArithK { a, .. }
            | Op::Unm { a, .. }
            | Op::BNot { a, .. }
            | Op::Len { a, .. } => {
                self.stack[base + a as usize] = v;
            }
            Op::Concat { a, n } => {
                let ra = base + a as usize;
                let n = n as usize;
                let m = match self.stack[ra + n - 1] {
                    Value::Int(m) if m >= 1 && (m as usize) < n => m as usize,
                    _ => 1,
                };
                self.stack[ra + m - 1] = v;
                if let Some(r) = self.concat_meta(ra, m, n)? {
                    self.stack[ra] = r;
                }
            }
            Op::Eq { k, off, .. }
            | Op::Lt { k, off, .. }
            | Op::Le { k, off, .. }
            | Op::LtI { k, off, .. }
            | Op::LeI { k, off, .. }
            | Op::GtI { k, off, .. }
            | Op::GeI { k, off, .. } => jump(self, k, off),
            _ => {}
        }
        Ok(())
    }
}

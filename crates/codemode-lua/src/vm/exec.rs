//! The dispatch loop.

use codemode_lua_text::number::Number;

use super::arith;
use super::meta::{Event, Mm, MM_RESULT};
use super::{CallOutcome, Frame, FrameKind, LResult, LuaError, Vm};
use crate::bytecode::{ArithOp, Op};
use crate::heap::Upval;
use crate::stdlib;
use crate::table::{KeyError, SetError};
use crate::value::{FuncRef, Value};

/// The value cannot be indexed (the caller words the error with the variable's name).
#[derive(Debug, Clone, Copy)]
pub struct NotIndexable;

/// Stack slots every Lua frame has from its base: more than any register operand (the
/// compiler uses at most 251 registers) plus the small offsets instructions add to it.
pub const WINDOW: usize = 264;

/// Copies a value reading its tag and payload separately: a 16-byte reload of a slot
/// written moments before (as two smaller stores) stalls on store forwarding.
#[inline(always)]
fn copy_value(v: &Value) -> Value {
    match v {
        Value::Int(i) => Value::Int(*i),
        Value::Float(f) => Value::Float(*f),
        Value::Table(t) => Value::Table(*t),
        Value::Str(s) => Value::Str(*s),
        Value::Func(f) => Value::Func(*f),
        other => *other,
    }
}

pub enum Exit {
    /// The fuel slice ran out.
    Yield,
    /// The main chunk returned; its values are at `stack[0..top]`.
    Done,
    /// Waiting on a host call.
    Suspend,
}

fn set_error(e: SetError, max: usize) -> LuaError {
    match e {
        SetError::Key(KeyError::Nil) => LuaError::Msg("table index is nil".into()),
        SetError::Key(KeyError::NaN) => LuaError::Msg("table index is NaN".into()),
        SetError::Overflow => super::fatal(
            codemode_core::DiagnosticKind::ExecutionFailure,
            format!("table overflow: a table may hold at most {max} elements"),
        ),
    }
}

impl Vm {
    /// Executes Lua frames until the top frame is a continuation (`Ok(None)`), or the slice
    /// ends or the program suspends or finishes (`Ok(Some(_))`).
    // A metamethod's fallback may leave the window just taken unused (`mm_opt!`).
    #[allow(unused_assignments)]
    pub(super) fn execute(&mut self) -> LResult<Option<Exit>> {
        let protos = self.protos.clone();
        'frame: loop {
            // The top frame is the one running; its saved pc is written back only when
            // something may read it (calls, errors, yields).
            let (mut closure, proto_idx, mut base, mut pc) = match self.frames.last() {
                None => return Ok(Some(Exit::Done)),
                Some(f) => match f.kind {
                    FrameKind::Lua { closure, proto, .. } => {
                        (closure, proto, f.base as usize, f.pc as usize)
                    }
                    FrameKind::Cont(_) => return Ok(None),
                },
            };
            macro_rules! save_pc {
                () => {
                    if let Some(f) = self.frames.last_mut() {
                        f.pc = pc as u32;
                    }
                };
            }
            // The frame's state lives in these locals; calls and returns between Lua
            // frames switch them in place rather than restarting the outer loop.
            // A prototype `load` added after this loop took its copy of the table: start
            // again with the current one.
            let Some(mut p) = protos.get(proto_idx as usize) else {
                return Ok(None);
            };
            let mut code = &p.code[..];
            if let Err(e) = self.ensure_stack(base + WINDOW) {
                save_pc!();
                return Err(e);
            }

            // The frame's registers: a fixed-size window, so a `u8` register operand (plus
            // a small offset) indexes it with no bounds check. Taken again after anything
            // that needs `self` whole (the borrow checker insists); every Lua frame has
            // WINDOW slots of stack from its base (checked above and on the call path).
            macro_rules! window {
                () => {
                    match self
                        .stack
                        .get_mut(base..)
                        .and_then(|s| s.first_chunk_mut::<WINDOW>())
                    {
                        Some(w) => w,
                        None => {
                            save_pc!();
                            return Err(super::fatal(
                                codemode_core::DiagnosticKind::ExecutionFailure,
                                "stack overflow",
                            ));
                        }
                    }
                };
            }
            let mut regs: &mut [Value; WINDOW] = window!();
            macro_rules! r {
                ($x:expr) => {
                    regs[$x as usize]
                };
            }
            // Fuel lives in a local during the loop; `save!` writes it (and pc) back
            // before anything that may read or charge it, `reload!` reads it after.
            let mut fuel = self.fuel;
            macro_rules! save {
                () => {
                    save_pc!();
                    self.fuel = fuel;
                };
            }
            macro_rules! reload {
                () => {
                    fuel = self.fuel;
                };
            }
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(err) => {
                            save!();
                            return Err(err);
                        }
                    }
                };
            }
            // The general indexing of `t` (register `b`) by `key`, off the table fast paths:
            // `self.index` needs the whole VM, so the register window is taken again after.
            // An instruction's metamethod: its result now (registers taken again), or the
            // handler's frame runs and `finish_op` completes the instruction.
            macro_rules! mm_value {
                ($call:expr) => {{
                    save!();
                    match $call {
                        Ok(Mm::Done(v)) => {
                            reload!();
                            regs = window!();
                            v
                        }
                        Ok(Mm::Pending) => continue 'frame,
                        Err(e) => return Err(e),
                    }
                }};
            }
            // The same for an operation whose handler may be missing (`None`): then `$or`
            // (the operation's own error) runs.
            macro_rules! mm_opt {
                ($call:expr, $or:expr) => {{
                    save!();
                    match $call {
                        Ok(Some(Mm::Done(v))) => {
                            reload!();
                            regs = window!();
                            v
                        }
                        Ok(Some(Mm::Pending)) => continue 'frame,
                        Ok(None) => {
                            regs = window!();
                            $or
                        }
                        Err(e) => return Err(e),
                    }
                }};
            }
            // `<`/`<=` off the integer fast path: tables go to `__lt`/`__le`.
            macro_rules! compare_slow {
                ($ev:expr, $f:ident, $x:expr, $y:expr) => {{
                    let (x, y) = ($x, $y);
                    if matches!(x, Value::Table(_)) || matches!(y, Value::Table(_)) {
                        mm_opt!(self.compare_mm($ev, x, y), {
                            save!();
                            return Err(self.compare_error(x, y));
                        })
                        .truthy()
                    } else {
                        tri!(self.$f(x, y))
                    }
                }};
            }
            macro_rules! index_slow {
                ($t:expr, $key:expr, $b:expr) => {{
                    let t = $t;
                    let key = $key;
                    if let Value::Table(_) = t {
                        mm_value!(self.index_meta(t, key))
                    } else {
                        let res = self.index(t, key);
                        regs = window!();
                        match res {
                            Ok(v) => v,
                            Err(NotIndexable) => {
                                save!();
                                return Err(self.op_error(p, pc - 1, $b, t, "index"));
                            }
                        }
                    }
                }};
            }
            // Fuel is charged per basic block rather than per instruction: a backward
            // jump charges the length of the loop body it closes, and a fresh frame
            // charges (up to 32) for its straight-line code. Every loop iteration and
            // every call therefore costs fuel, which keeps the budget a bound on work.
            macro_rules! jump {
                ($off:expr) => {{
                    let off = $off as i64;
                    pc = (pc as i64 + off) as usize;
                    if off < 0 {
                        fuel -= -off;
                        if fuel <= 0 {
                            save!();
                            return Ok(Some(Exit::Yield));
                        }
                    }
                }};
            }
            macro_rules! arith_rr {
                ($a:expr, $b:expr, $c:expr, $op:expr, $int:expr, $flt:expr) => {{
                    // Match through references: copying whole 16-byte values right after
                    // they were written stalls on store forwarding.
                    match (&r!($b), &r!($c)) {
                        (Value::Int(x), Value::Int(y)) => {
                            if let Some(v) = $int(*x, *y) {
                                r!($a) = v;
                                continue;
                            }
                        }
                        (Value::Float(x), Value::Float(y)) => {
                            let f = $flt(*x, *y);
                            r!($a) = Value::Float(f);
                            continue;
                        }
                        (Value::Int(x), Value::Float(y)) => {
                            let f = $flt(*x as f64, *y);
                            r!($a) = Value::Float(f);
                            continue;
                        }
                        (Value::Float(x), Value::Int(y)) => {
                            let f = $flt(*x, *y as f64);
                            r!($a) = Value::Float(f);
                            continue;
                        }
                        _ => {}
                    }
                    let res = match arith::arith(&self.heap, &mut fuel, $op, r!($b), r!($c)) {
                        Ok(v) => v,
                        Err(e) => {
                            let (vb, vc) = (r!($b), r!($c));
                            mm_opt!(self.arith_mm($op, vb, vc), {
                                save!();
                                return Err(self.arith_error(p, pc - 1, e, $b, Some($c), vb, vc));
                            })
                        }
                    };
                    r!($a) = copy_value(&res);
                }};
            }
            // `R[a] = R[b] op i`: `ArithI`, `MulI` and `ModI` (whose constant `op` folds the
            // tests below away).
            macro_rules! arith_i {
                ($a:expr, $b:expr, $op:expr, $i:expr) => {{
                    let y = $i as i64;
                    if let Value::Int(x) = &r!($b) {
                        let x = *x;
                        // The common operators are tested first, before a table jump.
                        let n = if $op == ArithOp::Mod && y > 0 {
                            // A positive divisor (the usual `i % n`): Lua's floored
                            // modulo is the Euclidean remainder; others take the
                            // general path below.
                            Some(x.rem_euclid(y))
                        } else if $op == ArithOp::Mul {
                            Some(x.wrapping_mul(y))
                        } else if $op == ArithOp::Sub {
                            Some(x.wrapping_sub(y))
                        } else {
                            match $op {
                                ArithOp::Add => Some(x.wrapping_add(y)),
                                ArithOp::IDiv if y != 0 => Some(arith::int_idiv(x, y)),
                                ArithOp::BAnd => Some(x & y),
                                ArithOp::BOr => Some(x | y),
                                ArithOp::BXor => Some(x ^ y),
                                ArithOp::Shl => Some(arith::shift_left(x, y)),
                                ArithOp::Shr => Some(arith::shift_left(x, y.wrapping_neg())),
                                _ => None,
                            }
                        };
                        // Stored in place: merging whole values first costs four stores.
                        if let Some(n) = n {
                            r!($a) = Value::Int(n);
                            continue;
                        }
                        if matches!($op, ArithOp::Div | ArithOp::Pow) {
                            if let Some(f) = arith::float_arith($op, x as f64, y as f64) {
                                r!($a) = Value::Float(f);
                                continue;
                            }
                        }
                    } else if let Value::Float(x) = &r!($b) {
                        if let Some(f) = arith::float_arith($op, *x, y as f64) {
                            r!($a) = Value::Float(f);
                            continue;
                        }
                    }
                    let v = match arith::arith(&self.heap, &mut fuel, $op, r!($b), Value::Int(y)) {
                        Ok(v) => v,
                        Err(e) => {
                            let vb = r!($b);
                            mm_opt!(self.arith_mm($op, vb, Value::Int(y)), {
                                save!();
                                return Err(self.arith_error(
                                    p,
                                    pc - 1,
                                    e,
                                    $b,
                                    None,
                                    vb,
                                    Value::Int(y),
                                ));
                            })
                        }
                    };
                    r!($a) = copy_value(&v);
                }};
            }
            macro_rules! bit_rr {
                ($a:expr, $b:expr, $c:expr, $op:expr, $int:expr) => {{
                    let vb = r!($b);
                    let vc = r!($c);
                    let res = match (vb, vc) {
                        (Value::Int(x), Value::Int(y)) => $int(x, y),
                        _ => match arith::arith(&self.heap, &mut fuel, $op, vb, vc) {
                            Ok(v) => v,
                            Err(e) => mm_opt!(self.arith_mm($op, vb, vc), {
                                save!();
                                return Err(self.arith_error(p, pc - 1, e, $b, Some($c), vb, vc));
                            }),
                        },
                    };
                    r!($a) = res;
                }};
            }
            macro_rules! call_and_dispatch {
                ($func:expr, $nargs:expr, $nres:expr) => {{
                    save!();
                    match self.call_value($func, $nargs, $nres) {
                        Ok(CallOutcome::Done) => {
                            reload!();
                            if self.heap.debt_exceeded() {
                                self.collect()?;
                            }
                            regs = window!();
                        }
                        Ok(CallOutcome::Frame) => continue 'frame,
                        Ok(CallOutcome::Suspend) => return Ok(Some(Exit::Suspend)),
                        Err(LuaError::Msg(m)) => {
                            // Name the called value, as Lua does.
                            let fv = self.stack[$func];
                            let callable =
                                matches!(fv, Value::Func(_) | Value::Builtin(_) | Value::Proxy(_));
                            if m.starts_with("attempt to call") && !callable {
                                let reg = ($func - base) as u8;
                                return Err(self.op_error(p, pc - 1, reg, fv, "call"));
                            }
                            return Err(LuaError::Msg(m));
                        }
                        Err(e) => return Err(e),
                    }
                }};
            }

            // Runs the fast loop (`fast.rs`) from the current op, then takes up whichever
            // Lua frame it stopped in, at the op it left.
            macro_rules! fast {
                () => {{
                    save!();
                    self.run_fast(&protos);
                    reload!();
                    match self.frames.last() {
                        Some(Frame {
                            kind:
                                FrameKind::Lua {
                                    closure: c, proto, ..
                                },
                            base: fb,
                            pc: fpc,
                            ..
                        }) => match protos.get(*proto as usize) {
                            Some(q) => {
                                closure = *c;
                                base = *fb as usize;
                                pc = *fpc as usize;
                                p = q;
                                code = &q.code[..];
                            }
                            None => continue 'frame,
                        },
                        _ => continue 'frame,
                    }
                    regs = window!();
                }};
            }

            if pc == 0 {
                if fuel <= 0 {
                    save!();
                    return Ok(Some(Exit::Yield));
                }
                fuel -= code.len().min(32) as i64;
            } else {
                // Returning into this frame (or resuming it).
                fuel -= 1;
            }
            fast!();

            loop {
                // By reference: each arm loads only its own operands (a copied op has every
                // operand field loaded before the dispatch jump, and spilled).
                let op = &code[pc];
                pc += 1;
                match *op {
                    Op::Move { a, b } => {
                        // Copy field-wise for the common cases (see `copy_value`).
                        let v = copy_value(&r!(b));
                        r!(a) = v;
                    }
                    Op::LoadK { a, k: kk } => r!(a) = p.consts[kk as usize],
                    Op::LoadI { a, i } => r!(a) = Value::Int(i as i64),
                    Op::LoadNil { a, n } => {
                        let a = a as usize;
                        if let Some(rs) = regs.get_mut(a..=a + n as usize) {
                            rs.fill(Value::Nil);
                        }
                    }
                    Op::LoadBool { a, b } => r!(a) = Value::Bool(b),
                    Op::GetUpval { a, b } => {
                        let u = self.heap.closures.get(closure).upvals[b as usize];
                        // Stored from each arm (see AddI).
                        match self.heap.upvals.get(u.0) {
                            Upval::Closed(v) => r!(a) = *v,
                            &Upval::Open(i) => match (i as usize).checked_sub(base) {
                                Some(j) if j < WINDOW => r!(a) = regs[j],
                                _ => {
                                    // A register of an enclosing frame, below this window.
                                    let v = self.stack.get(i as usize).copied();
                                    regs = window!();
                                    r!(a) = v.unwrap_or(Value::Nil);
                                }
                            },
                            &Upval::Parked(t, i) => {
                                let v = self.parked_value(t, i);
                                regs = window!();
                                r!(a) = v;
                            }
                        }
                    }
                    Op::SetUpval { a, b } => {
                        let u = self.heap.closures.get(closure).upvals[b as usize];
                        let v = r!(a);
                        self.set_upval(u, v);
                        regs = window!();
                    }
                    Op::GetGlobal { a, k: kk } => {
                        let key = p.consts[kk as usize];
                        let g = self.heap.table(self.globals);
                        let mut v = match key {
                            Value::Str(s) => g.get_str(s),
                            _ => Value::Nil,
                        };
                        if v.is_nil() && g.meta.is_some() {
                            let gv = Value::Table(self.globals);
                            v = mm_value!(self.index_meta(gv, key));
                        }
                        r!(a) = v;
                    }
                    Op::SetGlobal { a, k: kk } => {
                        let v = r!(a);
                        let key = p.consts[kk as usize];
                        let g = self.globals;
                        if self.heap.table(g).meta.is_some() {
                            mm_value!(self.newindex_meta(Value::Table(g), key, v));
                            continue;
                        }
                        let max = self.heap.max_collection_len;
                        tri!(self
                            .heap
                            .with_table(g, |t, m| set_const(t, key, v, m))
                            .map_err(|e| set_error(e, max)));
                    }
                    Op::GetTable { a, b, c } => {
                        let t = r!(b);
                        let v = match (&t, &r!(c)) {
                            (Value::Table(tr), Value::Int(i)) => {
                                let tab = self.heap.table(*tr);
                                let v = tab.get_int(*i);
                                if v.is_nil() && tab.meta.is_some() {
                                    let key = Value::Int(*i);
                                    index_slow!(t, key, b)
                                } else {
                                    v
                                }
                            }
                            (Value::Table(tr), key) => {
                                let tab = self.heap.table(*tr);
                                let v = tab.get(*key);
                                if v.is_nil() && tab.meta.is_some() {
                                    let key = *key;
                                    index_slow!(t, key, b)
                                } else {
                                    v
                                }
                            }
                            (_, key) => {
                                let key = *key;
                                index_slow!(t, key, b)
                            }
                        };
                        r!(a) = v;
                    }
                    Op::GetField { a, b, k: kk } => {
                        let key = p.consts[kk as usize];
                        let v = match (&r!(b), &key) {
                            (Value::Table(tr), Value::Str(s)) => {
                                let tab = self.heap.table(*tr);
                                let v = tab.get_str(*s);
                                if v.is_nil() && tab.meta.is_some() {
                                    let t = Value::Table(*tr);
                                    index_slow!(t, key, b)
                                } else {
                                    v
                                }
                            }
                            (t, _) => {
                                let t = *t;
                                index_slow!(t, key, b)
                            }
                        };
                        r!(a) = v;
                    }
                    Op::GetInt { a, b, c } => {
                        let t = r!(b);
                        let v = match t {
                            Value::Table(tr) => {
                                let tab = self.heap.table(tr);
                                let v = tab.get_int(c as i64);
                                if v.is_nil() && tab.meta.is_some() {
                                    index_slow!(t, Value::Int(c as i64), b)
                                } else {
                                    v
                                }
                            }
                            _ => index_slow!(t, Value::Int(c as i64), b),
                        };
                        r!(a) = v;
                    }
                    Op::SetTable { a, b, c } => {
                        let t = r!(a);
                        let key = r!(b);
                        let v = r!(c);
                        match t {
                            Value::Table(tr) if self.heap.table(tr).meta.is_some() => {
                                mm_value!(self.newindex_meta(t, key, v));
                            }
                            Value::Table(tr) => {
                                let max = self.heap.max_collection_len;
                                tri!(self
                                    .heap
                                    .with_table(tr, |t, m| t.set(key, v, m))
                                    .map_err(|e| set_error(e, max)));
                                if self.heap.debt_exceeded() {
                                    save!();
                                    self.collect()?;
                                    regs = window!();
                                }
                            }
                            _ => {
                                save!();
                                return Err(self.op_error(p, pc - 1, a, t, "index"));
                            }
                        }
                    }
                    Op::SetField { a, c, k: kk } => {
                        let t = r!(a);
                        let key = p.consts[kk as usize];
                        let v = r!(c);
                        match t {
                            Value::Table(tr) if self.heap.table(tr).meta.is_some() => {
                                mm_value!(self.newindex_meta(t, key, v));
                            }
                            Value::Table(tr) => {
                                let max = self.heap.max_collection_len;
                                tri!(self
                                    .heap
                                    .with_table(tr, |t, m| set_const(t, key, v, m))
                                    .map_err(|e| set_error(e, max)));
                                if self.heap.debt_exceeded() {
                                    save!();
                                    self.collect()?;
                                    regs = window!();
                                }
                            }
                            _ => {
                                save!();
                                return Err(self.op_error(p, pc - 1, a, t, "index"));
                            }
                        }
                    }
                    Op::NewTable { a, narr, nhash } => {
                        let t = self.heap.new_table(narr as usize, nhash as usize);
                        r!(a) = Value::Table(t);
                        if self.heap.debt_exceeded() {
                            save!();
                            self.collect()?;
                            regs = window!();
                        }
                    }
                    Op::SelfOp { a, b, k: kk } => {
                        let t = r!(b);
                        let key = p.consts[kk as usize];
                        // Set first: a metamethod's frame completes only R[a].
                        r!(a as usize + 1) = t;
                        let v = index_slow!(t, key, b);
                        r!(a) = v;
                    }
                    Op::Add { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::Add,
                        |x: i64, y: i64| Some(Value::Int(x.wrapping_add(y))),
                        |x: f64, y: f64| x + y
                    ),
                    Op::Sub { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::Sub,
                        |x: i64, y: i64| Some(Value::Int(x.wrapping_sub(y))),
                        |x: f64, y: f64| x - y
                    ),
                    Op::Mul { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::Mul,
                        |x: i64, y: i64| Some(Value::Int(x.wrapping_mul(y))),
                        |x: f64, y: f64| x * y
                    ),
                    Op::Div { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::Div,
                        |x: i64, y: i64| Some(Value::Float(x as f64 / y as f64)),
                        |x: f64, y: f64| x / y
                    ),
                    Op::Mod { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::Mod,
                        |x: i64, y: i64| if y != 0 {
                            Some(Value::Int(arith::int_mod(x, y)))
                        } else {
                            None
                        },
                        arith::float_mod
                    ),
                    Op::Pow { a, b, c } => {
                        let (vb, vc) = (r!(b), r!(c));
                        let v = match arith::arith(&self.heap, &mut fuel, ArithOp::Pow, vb, vc) {
                            Ok(v) => v,
                            Err(e) => mm_opt!(self.arith_mm(ArithOp::Pow, vb, vc), {
                                save!();
                                return Err(self.arith_error(p, pc - 1, e, b, Some(c), vb, vc));
                            }),
                        };
                        r!(a) = v;
                    }
                    Op::IDiv { a, b, c } => arith_rr!(
                        a,
                        b,
                        c,
                        ArithOp::IDiv,
                        |x: i64, y: i64| if y != 0 {
                            Some(Value::Int(arith::int_idiv(x, y)))
                        } else {
                            None
                        },
                        |x: f64, y: f64| (x / y).floor()
                    ),
                    Op::BAnd { a, b, c } => {
                        bit_rr!(a, b, c, ArithOp::BAnd, |x: i64, y: i64| Value::Int(x & y))
                    }
                    Op::BOr { a, b, c } => {
                        bit_rr!(a, b, c, ArithOp::BOr, |x: i64, y: i64| Value::Int(x | y))
                    }
                    Op::BXor { a, b, c } => {
                        bit_rr!(a, b, c, ArithOp::BXor, |x: i64, y: i64| Value::Int(x ^ y))
                    }
                    Op::Shl { a, b, c } => {
                        bit_rr!(a, b, c, ArithOp::Shl, |x: i64, y: i64| Value::Int(
                            arith::shift_left(x, y)
                        ))
                    }
                    Op::Shr { a, b, c } => {
                        bit_rr!(a, b, c, ArithOp::Shr, |x: i64, y: i64| Value::Int(
                            arith::shift_left(x, y.wrapping_neg())
                        ))
                    }
                    Op::AddI { a, b, sub, i } => {
                        // Results are stored in place from each arm: a merged `Value`
                        // would be written back with its padding, byte by byte.
                        match &r!(b) {
                            Value::Int(x) => {
                                r!(a) = Value::Int(x.wrapping_add(i as i64));
                                continue;
                            }
                            Value::Float(x) => {
                                r!(a) = Value::Float(x + i as f64);
                                continue;
                            }
                            _ => {}
                        }
                        let vb = r!(b);
                        // The operation as written, for coercions and messages.
                        let (op, c) = if sub {
                            (ArithOp::Sub, Value::Int(-(i as i64)))
                        } else {
                            (ArithOp::Add, Value::Int(i as i64))
                        };
                        let v = match arith::arith(&self.heap, &mut fuel, op, vb, c) {
                            Ok(v) => v,
                            Err(e) => mm_opt!(self.arith_mm(op, vb, c), {
                                save!();
                                return Err(self.arith_error(p, pc - 1, e, b, None, vb, c));
                            }),
                        };
                        r!(a) = v;
                    }
                    Op::ArithI { a, b, op, i } => arith_i!(a, b, op, i),
                    Op::MulI { a, b, i } => arith_i!(a, b, ArithOp::Mul, i),
                    Op::ModI { a, b, i } => arith_i!(a, b, ArithOp::Mod, i),
                    Op::ArithK { a, b, op, k: kk } => {
                        let vc = p.consts[kk as usize];
                        // Each common case stored from its own arm (see `arith_i`).
                        match (&r!(b), vc) {
                            (Value::Int(x), Value::Int(y)) => {
                                let n = match op {
                                    ArithOp::Mod if y != 0 => Some(arith::int_mod(*x, y)),
                                    ArithOp::Mul => Some(x.wrapping_mul(y)),
                                    ArithOp::Add => Some(x.wrapping_add(y)),
                                    ArithOp::Sub => Some(x.wrapping_sub(y)),
                                    _ => None,
                                };
                                if let Some(n) = n {
                                    r!(a) = Value::Int(n);
                                    continue;
                                }
                                if matches!(op, ArithOp::Div | ArithOp::Pow) {
                                    if let Some(f) = arith::float_arith(op, *x as f64, y as f64) {
                                        r!(a) = Value::Float(f);
                                        continue;
                                    }
                                }
                            }
                            (vb, vc) => {
                                if let Some((x, y)) = arith::float_operands(vb, &vc) {
                                    if let Some(f) = arith::float_arith(op, x, y) {
                                        r!(a) = Value::Float(f);
                                        continue;
                                    }
                                }
                            }
                        }
                        let vb = r!(b);
                        let v = match arith::arith(&self.heap, &mut fuel, op, vb, vc) {
                            Ok(v) => v,
                            Err(e) => mm_opt!(self.arith_mm(op, vb, vc), {
                                save!();
                                return Err(self.arith_error(p, pc - 1, e, b, None, vb, vc));
                            }),
                        };
                        r!(a) = copy_value(&v);
                    }
                    Op::Unm { a, b } => {
                        let vb = r!(b);
                        let v = match vb {
                            Value::Int(x) => Value::Int(x.wrapping_neg()),
                            Value::Float(x) => Value::Float(-x),
                            Value::Table(_) => mm_opt!(self.unary_mm(Event::Unm, vb), {
                                save!();
                                return Err(self.op_error(
                                    p,
                                    pc - 1,
                                    b,
                                    vb,
                                    "perform arithmetic on",
                                ));
                            }),
                            _ => match arith::to_number_metered(&self.heap, &mut fuel, vb) {
                                Some(Number::Int(x)) => Value::Int(x.wrapping_neg()),
                                Some(Number::Float(x)) => Value::Float(-x),
                                None => {
                                    save!();
                                    if let Value::Str(_) = vb {
                                        return Err(LuaError::Msg(
                                            "attempt to unm a 'string' with a 'string'".into(),
                                        ));
                                    }
                                    return Err(self.op_error(
                                        p,
                                        pc - 1,
                                        b,
                                        vb,
                                        "perform arithmetic on",
                                    ));
                                }
                            },
                        };
                        r!(a) = v;
                    }
                    Op::BNot { a, b } => {
                        let vb = r!(b);
                        let v = match arith::arith(
                            &self.heap,
                            &mut fuel,
                            ArithOp::BXor,
                            vb,
                            Value::Int(-1),
                        ) {
                            Ok(v) => v,
                            Err(e) => {
                                mm_opt!(self.unary_mm(Event::BNot, vb), {
                                    save!();
                                    return Err(self.arith_error(
                                        p,
                                        pc - 1,
                                        e,
                                        b,
                                        None,
                                        vb,
                                        Value::Int(-1),
                                    ));
                                })
                            }
                        };
                        r!(a) = v;
                    }
                    Op::Not { a, b } => r!(a) = Value::Bool(!r!(b).truthy()),
                    Op::Len { a, b } => {
                        let vb = r!(b);
                        let v = match vb {
                            Value::Str(s) => Value::Int(self.heap.str_bytes(s).len() as i64),
                            Value::Table(t) if self.heap.table(t).meta.is_none() => {
                                Value::Int(self.heap.table(t).len() as i64)
                            }
                            Value::Table(t) => {
                                let n = self.heap.table(t).len() as i64;
                                mm_opt!(self.unary_mm(Event::Len, vb), Value::Int(n))
                            }
                            _ => {
                                save!();
                                return Err(self.op_error(p, pc - 1, b, vb, "get length of"));
                            }
                        };
                        r!(a) = v;
                    }
                    Op::Concat { a, n } => {
                        save!();
                        let ra = base + a as usize;
                        let with_mm = self.stack[ra..ra + n as usize]
                            .iter()
                            .any(|v| !self.metamethod(*v, Event::Concat).is_nil());
                        let v = if with_mm {
                            match self.concat_meta(ra, n as usize, n as usize)? {
                                Some(v) => v,
                                None => continue 'frame,
                            }
                        } else {
                            self.concat(p, pc - 1, a as usize, n as usize, base)?
                        };
                        reload!();
                        regs = window!();
                        // Rooted in its register before a collection can run.
                        r!(a) = v;
                        if self.heap.debt_exceeded() {
                            self.collect()?;
                            regs = window!();
                        }
                    }
                    Op::Jmp { off } => jump!(off),
                    Op::Test { a, k: kk, off } => {
                        let truthy = !matches!(&r!(a), Value::Nil | Value::Bool(false));
                        if truthy == kk {
                            jump!(off);
                        }
                    }
                    Op::Eq { a, b, k: kk, off } => {
                        let (va, vb) = (r!(a), r!(b));
                        let mut eq = va.raw_eq(vb);
                        if !eq {
                            if let (Value::Table(_), Value::Table(_)) = (va, vb) {
                                eq = mm_opt!(self.eq_mm(va, vb), Value::Bool(false)).truthy();
                            }
                        }
                        if eq == kk {
                            jump!(off);
                        }
                    }
                    Op::EqK { a, c, off } => {
                        if r!(a).raw_eq(p.consts[c as usize]) {
                            jump!(off);
                        }
                    }
                    Op::NeK { a, c, off } => {
                        if !r!(a).raw_eq(p.consts[c as usize]) {
                            jump!(off);
                        }
                    }
                    Op::EqI { a, k: kk, i, off } => {
                        let eq = match r!(a) {
                            Value::Int(x) => x == i as i64,
                            Value::Float(x) => x == i as f64,
                            _ => false,
                        };
                        if eq == kk {
                            jump!(off);
                        }
                    }
                    Op::Lt { a, b, k: kk, off } => {
                        let res = match (&r!(a), &r!(b)) {
                            (Value::Int(x), Value::Int(y)) => x < y,
                            (va, vb) => {
                                let (va, vb) = (*va, *vb);
                                let res = compare_slow!(Event::Lt, less_than, va, vb);
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::Le { a, b, k: kk, off } => {
                        let res = match (&r!(a), &r!(b)) {
                            (Value::Int(x), Value::Int(y)) => x <= y,
                            (va, vb) => {
                                let (va, vb) = (*va, *vb);
                                let res = compare_slow!(Event::Le, less_equal, va, vb);
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::LtI { a, k: kk, i, off } => {
                        let res = match &r!(a) {
                            Value::Int(x) => *x < i as i64,
                            va => {
                                let va = *va;
                                let res =
                                    compare_slow!(Event::Lt, less_than, va, Value::Int(i as i64));
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::LeI { a, k: kk, i, off } => {
                        let res = match &r!(a) {
                            Value::Int(x) => *x <= i as i64,
                            va => {
                                let va = *va;
                                let res =
                                    compare_slow!(Event::Le, less_equal, va, Value::Int(i as i64));
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::GtI { a, k: kk, i, off } => {
                        let res = match &r!(a) {
                            Value::Int(x) => *x > i as i64,
                            va => {
                                let va = *va;
                                let res =
                                    compare_slow!(Event::Lt, less_than, Value::Int(i as i64), va);
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::GeI { a, k: kk, i, off } => {
                        let res = match &r!(a) {
                            Value::Int(x) => *x >= i as i64,
                            va => {
                                let va = *va;
                                let res =
                                    compare_slow!(Event::Le, less_equal, Value::Int(i as i64), va);
                                regs = window!();
                                res
                            }
                        };
                        if res == kk {
                            jump!(off);
                        }
                    }
                    Op::Call { a, b, c } => {
                        let func = base + a as usize;
                        // Fast path (what `call_value` does for this case): a Lua function
                        // with fixed parameters, called with exactly that many arguments,
                        // whose register window fits in the stack already.
                        if let Value::Func(FuncRef(cl, proto)) = r!(a) {
                            if let Some(q) = protos.get(proto as usize) {
                                if !q.is_vararg
                                    && b as usize == q.num_params as usize + 1
                                    && self.frames.len() < self.frame_cap
                                    && func + 1 + WINDOW <= self.stack.len()
                                {
                                    save_pc!();
                                    self.frames.push(Frame::lua_call(
                                        cl,
                                        proto,
                                        func,
                                        c as i32 - 1,
                                    ));
                                    closure = cl;
                                    base = func + 1;
                                    pc = 0;
                                    p = q;
                                    code = &q.code[..];
                                    regs = window!();
                                    if fuel <= 0 {
                                        save!();
                                        return Ok(Some(Exit::Yield));
                                    }
                                    fuel -= code.len().min(32) as i64;
                                    fast!();
                                    continue;
                                }
                            }
                        }
                        let nargs = if b == 0 {
                            self.top.saturating_sub(func + 1)
                        } else {
                            b as usize - 1
                        };
                        call_and_dispatch!(func, nargs, c as i32 - 1);
                    }
                    Op::TailCall { a, b } => {
                        let func = base + a as usize;
                        let nargs = if b == 0 {
                            self.top.saturating_sub(func + 1)
                        } else {
                            b as usize - 1
                        };
                        if let (Value::Func(_), Some(frame)) =
                            (self.stack[func], self.frames.last())
                        {
                            // Replace this frame: move the callee and its arguments down.
                            let dst = frame.func as usize;
                            let nresults = frame.nresults;
                            save!();
                            self.close_upvals(base as u32);
                            for i in 0..=nargs {
                                self.stack[dst + i] = self.stack[func + i];
                            }
                            self.pop_frame();
                            match self.call_value(dst, nargs, nresults) {
                                Ok(CallOutcome::Done) if nresults == MM_RESULT => {
                                    // A metamethod that tail-called a builtin: its result
                                    // completes the caller's instruction now.
                                    let v = self.stack[dst];
                                    self.finish_op(v)?;
                                    continue 'frame;
                                }
                                Ok(_) => continue 'frame,
                                Err(e) => {
                                    // Keep a frame for the error position.
                                    return Err(e);
                                }
                            }
                        }
                        call_and_dispatch!(func, nargs, -1);
                    }
                    Op::Return { a, b } => {
                        let src = base + a as usize;
                        let n = if b == 0 {
                            self.top.saturating_sub(src)
                        } else {
                            b as usize - 1
                        };
                        save!();
                        self.do_return(src, n)?;
                        continue 'frame;
                    }
                    Op::Return0 => {
                        save!();
                        self.do_return(base, 0)?;
                        continue 'frame;
                    }
                    Op::Return1 { a } => {
                        let v = copy_value(&r!(a));
                        // Fast path for the common single-result return to a Lua caller:
                        // both frames are read with one length check, and the caller's
                        // state is switched in place.
                        if let [.., caller, callee] = &self.frames[..] {
                            if let (
                                1,
                                FrameKind::Lua {
                                    closure: c, proto, ..
                                },
                            ) = (callee.nresults, &caller.kind)
                            {
                                if let Some(q) = protos.get(*proto as usize) {
                                    let func = callee.func as usize;
                                    closure = *c;
                                    let caller_base = caller.base as usize;
                                    pc = caller.pc as usize;
                                    // The result slot is below this frame's registers, so
                                    // it can be written before they are closed over.
                                    if let Some(slot) = self.stack.get_mut(func) {
                                        *slot = v;
                                    }
                                    self.top = func + 1;
                                    if !self.open_upvals.is_empty() {
                                        self.close_upvals(base as u32);
                                    }
                                    self.frames.pop();
                                    base = caller_base;
                                    p = q;
                                    code = &q.code[..];
                                    regs = window!();
                                    fuel -= 1;
                                    continue;
                                }
                            }
                        }
                        save!();
                        self.do_return(base + a as usize, 1)?;
                        continue 'frame;
                    }
                    Op::ForPrep { a, off } => {
                        save!();
                        let skip = tri!(self.for_prep(p, pc - 1, base + a as usize));
                        regs = window!();
                        if skip {
                            jump!(off);
                        }
                        // A loop starts: its body may be all fast ops.
                        fast!();
                    }
                    Op::ForLoop { a, off } => {
                        let a = a as usize;
                        // The loop's four registers: no bounds check within the window.
                        let r = &mut regs[a..a + 4];
                        match r[2] {
                            Value::Int(step) => {
                                if let (Value::Int(count), Value::Int(i)) = (&r[1], &r[0]) {
                                    let (count, i) = (*count, *i);
                                    if count > 0 {
                                        let ni = i.wrapping_add(step);
                                        r[1] = Value::Int(count - 1);
                                        r[0] = Value::Int(ni);
                                        r[3] = Value::Int(ni);
                                        jump!(off);
                                    }
                                }
                            }
                            Value::Float(step) => {
                                if let (Value::Float(i), Value::Float(lim)) = (&r[0], &r[1]) {
                                    let (i, lim) = (*i, *lim);
                                    let ni = i + step;
                                    let go = if step > 0.0 { ni <= lim } else { lim <= ni };
                                    if go {
                                        r[0] = Value::Float(ni);
                                        r[3] = Value::Float(ni);
                                        jump!(off);
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    Op::TForPrep { off, .. } => jump!(off),
                    Op::TForCall { a, c } => {
                        let a = a as usize;
                        let f = r!(a);
                        if let Value::Builtin(id) = f {
                            if id == stdlib::NEXT {
                                match r!(a + 1) {
                                    Value::Table(t) => {
                                        let key = r!(a + 2);
                                        let r = self.heap.table(t).next(key);
                                        match r {
                                            Ok(Some((nk, nv))) => {
                                                r!(a + 4) = nk;
                                                if c >= 2 {
                                                    r!(a + 5) = nv;
                                                }
                                            }
                                            Ok(None) => r!(a + 4) = Value::Nil,
                                            Err(_) => {
                                                save!();
                                                return Err(LuaError::Msg(
                                                    "invalid key to 'next'".into(),
                                                ));
                                            }
                                        }
                                        if let Some(rest) = regs.get_mut(a + 6..a + 4 + c as usize)
                                        {
                                            rest.fill(Value::Nil);
                                        }
                                        continue;
                                    }
                                    other => {
                                        save!();
                                        return Err(LuaError::Msg(format!(
                                            "bad argument #1 to 'for iterator' (table expected, got {})",
                                            self.type_name(other)
                                        )));
                                    }
                                }
                            } else if id == stdlib::IPAIRS_ITER {
                                if let (Value::Table(t), Value::Int(i)) = (r!(a + 1), r!(a + 2)) {
                                    let ni = i.wrapping_add(1);
                                    let tab = self.heap.table(t);
                                    let v = tab.get_int(ni);
                                    // A missing element of a table with a metatable may
                                    // come from `__index`: the iterator's own call reads it.
                                    if !(v.is_nil() && tab.meta.is_some()) {
                                        if v.is_nil() {
                                            r!(a + 4) = Value::Nil;
                                        } else {
                                            r!(a + 4) = Value::Int(ni);
                                            if c >= 2 {
                                                r!(a + 5) = v;
                                            }
                                        }
                                        if let Some(rest) = regs.get_mut(a + 6..a + 4 + c as usize)
                                        {
                                            rest.fill(Value::Nil);
                                        }
                                        continue;
                                    }
                                }
                            }
                        }
                        r!(a + 4) = f;
                        r!(a + 5) = r!(a + 1);
                        r!(a + 6) = r!(a + 2);
                        call_and_dispatch!(base + a + 4, 2, c as i32);
                    }
                    Op::TForLoop { a, off } => {
                        let a = a as usize;
                        let v = r!(a + 4);
                        if !v.is_nil() {
                            r!(a + 2) = v;
                            jump!(off);
                        }
                    }
                    Op::SetList { a, n, start } => {
                        let ra = base + a as usize;
                        let n = if n == 0 {
                            self.top.saturating_sub(ra + 1)
                        } else {
                            n as usize
                        };
                        let Value::Table(t) = r!(a) else {
                            continue;
                        };
                        let max = self.heap.max_collection_len;
                        save!();
                        let end = (ra + 1 + n).min(self.stack.len());
                        let vals = &self.stack[(ra + 1).min(end)..end];
                        self.heap
                            .with_table(t, |tab, m| tab.set_list(start as i64 + 1, vals, m))
                            .map_err(|e| set_error(e, max))?;
                        if self.heap.debt_exceeded() {
                            self.collect()?;
                        }
                        regs = window!();
                    }
                    Op::Closure { a, p: pi } => {
                        let Some(np) = protos.get(pi as usize) else {
                            // Run this instruction again with the current table.
                            pc -= 1;
                            save!();
                            return Ok(None);
                        };
                        let mut ups = Vec::with_capacity(np.upvals.len());
                        for d in &np.upvals {
                            if d.in_stack {
                                ups.push(self.find_upval((base + d.index as usize) as u32));
                            } else {
                                ups.push(self.heap.closures.get(closure).upvals[d.index as usize]);
                            }
                        }
                        let f = self.heap.new_closure(pi, ups.into_boxed_slice());
                        regs = window!();
                        r!(a) = Value::Func(f);
                        if self.heap.debt_exceeded() {
                            save!();
                            self.collect()?;
                            regs = window!();
                        }
                    }
                    Op::Vararg { a, c } => {
                        let (nvar, vfunc) = match self.frames.last() {
                            Some(Frame {
                                kind: FrameKind::Lua { nvarargs, .. },
                                func,
                                ..
                            }) => (*nvarargs as usize, *func as usize),
                            _ => (0, base),
                        };
                        let vstart = vfunc + 1 + p.num_params as usize;
                        let want = if c == 0 { nvar } else { c as usize - 1 };
                        let ra = base + a as usize;
                        tri!(self.ensure_stack(ra + want + 1));
                        for i in 0..want {
                            self.stack[ra + i] = if i < nvar {
                                self.stack[vstart + i]
                            } else {
                                Value::Nil
                            };
                        }
                        self.top = ra + want;
                        regs = window!();
                    }
                    Op::Close { a } => {
                        let level = base + a as usize;
                        if self.tbc.last().is_some_and(|&s| s as usize >= level) {
                            // Runs `__close` as a frame; this instruction runs again
                            // when it returns, for the next variable (an error starting
                            // it is positioned at this instruction).
                            save!();
                            let me = self.frames.len().saturating_sub(1);
                            self.close_next_tbc(level)?;
                            if let Some(f) = self.frames.get_mut(me) {
                                f.pc -= 1;
                            }
                            continue 'frame;
                        }
                        self.close_upvals(level as u32);
                        regs = window!();
                    }
                    Op::Tbc { a, k } => {
                        save!();
                        tri!(self.new_tbc(base + a as usize, p.consts[k as usize]));
                        reload!();
                        regs = window!();
                    }
                }
            }
        }
    }
}

#[allow(dead_code)]
fn _assert_send() {
    fn is_send<T: Send>() {}
    is_send::<Vm>();
    let _ = FuncRef(0, 0);
}

/// `t[key] = v` for a constant key (`SetField`, `SetGlobal`): a string key skips the
/// checks and normalization other keys need.
#[inline(always)]
fn set_const(
    t: &mut crate::table::Table,
    key: Value,
    v: Value,
    max: usize,
) -> Result<(), crate::table::SetError> {
    match key {
        Value::Str(s) => t.set_str(s, v, max),
        _ => t.set(key, v, max),
    }
}

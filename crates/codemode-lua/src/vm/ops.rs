//! The slow paths of instructions: error messages, comparisons of mixed operands,
//! indexing non-tables, concatenation and numeric for-loop preparation.

use codemode_lua_text::number::{self, FloatToInt, Number};

use super::arith::{self, ArithError};
use super::describe::describe_reg;
use super::exec::NotIndexable;
use super::shortbuf::{ShortBuf, SHORT_MAX, SMALL};
use super::{LResult, LuaError, Vm};
use crate::bytecode::{ArithOp, Op, Proto};
use crate::heap::Proxy;
use crate::value::{StrRef, Value};

impl Vm {
    pub(super) fn op_error(&self, p: &Proto, pc: usize, reg: u8, v: Value, what: &str) -> LuaError {
        let mut msg = format!("attempt to {} a {} value", what, self.type_name(v));
        if let Some(d) = describe_reg(p, &self.heap, pc, reg) {
            msg.push_str(&format!(" ({d})"));
        }
        LuaError::Msg(msg)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn arith_error(
        &mut self,
        p: &Proto,
        pc: usize,
        e: ArithError,
        rb: u8,
        rc: Option<u8>,
        vb: Value,
        vc: Value,
    ) -> LuaError {
        if matches!(e, ArithError::DivZero | ArithError::ModZero)
            && (matches!(vb, Value::Str(_)) || matches!(vc, Value::Str(_)))
        {
            // Raised inside the string library's arithmetic metamethod: no position.
            let msg: &[u8] = if matches!(e, ArithError::DivZero) {
                b"attempt to divide by zero"
            } else {
                b"attempt to perform 'n%0'"
            };
            self.error_loc = self.frame_location(0);
            return LuaError::Value(Value::Str(self.heap.intern(msg)));
        }
        if let ArithError::Arith(_) = e {
            // The string library's arithmetic metamethods word the failure themselves.
            if matches!(vb, Value::Str(_)) || matches!(vc, Value::Str(_)) {
                let name = match p.code.get(pc) {
                    Some(Op::Add { .. }) | Some(Op::AddI { sub: false, .. }) => "add",
                    Some(Op::Sub { .. }) | Some(Op::AddI { sub: true, .. }) => "sub",
                    Some(Op::Mul { .. }) | Some(Op::MulI { .. }) => "mul",
                    Some(Op::Div { .. }) => "div",
                    Some(Op::Mod { .. }) | Some(Op::ModI { .. }) => "mod",
                    Some(Op::Pow { .. }) => "pow",
                    Some(Op::IDiv { .. }) => "idiv",
                    Some(Op::Unm { .. }) => "unm",
                    Some(Op::ArithK { op, .. }) | Some(Op::ArithI { op, .. }) => match op {
                        ArithOp::Add => "add",
                        ArithOp::Sub => "sub",
                        ArithOp::Mul => "mul",
                        ArithOp::Div => "div",
                        ArithOp::Mod => "mod",
                        ArithOp::Pow => "pow",
                        _ => "idiv",
                    },
                    _ => "add",
                };
                return LuaError::Msg(format!(
                    "attempt to {} a '{}' with a '{}'",
                    name,
                    self.type_name(vb),
                    self.type_name(vc)
                ));
            }
        }
        match e {
            ArithError::Arith(side) | ArithError::Bitwise(side) => {
                let what = if matches!(e, ArithError::Arith(_)) {
                    "perform arithmetic on"
                } else {
                    "perform bitwise operation on"
                };
                let (reg, v) = if side == 0 { (Some(rb), vb) } else { (rc, vc) };
                // A string that does not read as a number is named too.
                match reg {
                    Some(r) => self.op_error(p, pc, r, v, what),
                    None => {
                        LuaError::Msg(format!("attempt to {} a {} value", what, self.type_name(v)))
                    }
                }
            }
            ArithError::NoInteger(side) => {
                let reg = if side == 0 { Some(rb) } else { rc };
                match reg.and_then(|r| describe_reg(p, &self.heap, pc, r)) {
                    Some(d) => LuaError::Msg(format!("number ({d}) has no integer representation")),
                    None => LuaError::Msg("number has no integer representation".into()),
                }
            }
            ArithError::DivZero => LuaError::Msg("attempt to divide by zero".into()),
            ArithError::ModZero => LuaError::Msg("attempt to perform 'n%0'".into()),
        }
    }

    pub(super) fn compare_error(&self, a: Value, b: Value) -> LuaError {
        let (ta, tb) = (self.type_name(a), self.type_name(b));
        if ta == tb {
            LuaError::Msg(format!("attempt to compare two {ta} values"))
        } else {
            LuaError::Msg(format!("attempt to compare {ta} with {tb}"))
        }
    }

    /// `a < b` with Lua's rules (numbers, or strings byte-wise).
    /// Charges a string comparison by the bytes it may read (long strings compare in
    /// time proportional to their common prefix).
    pub(super) fn charge_compare(&mut self, x: StrRef, y: StrRef) -> LResult<()> {
        let n = self
            .heap
            .str_bytes(x)
            .len()
            .min(self.heap.str_bytes(y).len());
        self.charge(n as u64 / 64)
    }

    pub fn less_than(&mut self, a: Value, b: Value) -> LResult<bool> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => Ok(x < y),
            (Value::Str(x), Value::Str(y)) => {
                self.charge_compare(x, y)?;
                Ok(self.heap.str_bytes(x) < self.heap.str_bytes(y))
            }
            _ => match (arith::as_number(a), arith::as_number(b)) {
                (Some(x), Some(y)) => Ok(arith::num_lt(x, y)),
                _ => Err(self.compare_error(a, b)),
            },
        }
    }

    pub fn less_equal(&mut self, a: Value, b: Value) -> LResult<bool> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => Ok(x <= y),
            (Value::Str(x), Value::Str(y)) => {
                self.charge_compare(x, y)?;
                Ok(self.heap.str_bytes(x) <= self.heap.str_bytes(y))
            }
            _ => match (arith::as_number(a), arith::as_number(b)) {
                (Some(x), Some(y)) => Ok(arith::num_le(x, y)),
                _ => Err(self.compare_error(a, b)),
            },
        }
    }

    /// `t[k]` for any indexable value (tables; strings index the string library; tool
    /// paths extend).
    pub fn index(&mut self, t: Value, k: Value) -> Result<Value, NotIndexable> {
        match t {
            Value::Table(tr) => Ok(self.heap.table(tr).get(k)),
            Value::Str(_) => Ok(self.heap.table(self.string_lib).get(k)),
            Value::Proxy(p) => {
                let Value::Str(ks) = k else {
                    return Err(NotIndexable);
                };
                let seg = String::from_utf8_lossy(self.heap.str_bytes(ks)).into_owned();
                match self.heap.proxies.get(p.0) {
                    Proxy::Tool(path) => {
                        let mut path = path.clone();
                        path.push(seg);
                        Ok(Value::Proxy(self.heap.new_proxy(Proxy::Tool(path))))
                    }
                    _ => Err(NotIndexable),
                }
            }
            _ => Err(NotIndexable),
        }
    }

    #[inline(never)]
    pub(super) fn concat(
        &mut self,
        p: &Proto,
        pc: usize,
        a: usize,
        n: usize,
        base: usize,
    ) -> LResult<Value> {
        let vals = &self.stack[base + a..base + a + n];
        let bad = |v: &Value| !matches!(v, Value::Str(_) | Value::Int(_) | Value::Float(_));
        if vals.iter().any(bad) {
            // Find the operand Lua blames: it concatenates pairwise from the right.
            let mut culprit = n - 1;
            if n >= 2 && bad(&vals[n - 2]) {
                culprit = n - 2;
            } else if !bad(&vals[n - 1]) {
                for i in (0..n.saturating_sub(2)).rev() {
                    if bad(&vals[i]) {
                        culprit = i;
                        break;
                    }
                }
            }
            let v = vals[culprit];
            return Err(self.op_error(p, pc, (a + culprit) as u8, v, "concatenate"));
        }
        let mut len = 0usize;
        for v in vals {
            len += match v {
                Value::Str(s) => self.heap.str_bytes(*s).len(),
                _ => 24,
            };
        }
        self.check_len(len)?;
        // Charged before the copy (and the deadline seen), the size being known.
        self.charge(len as u64 / 16)?;
        if len <= SMALL {
            let mut out = ShortBuf::<SMALL>::new();
            if self.concat_short(&mut out, base + a, n).is_some() {
                return self.new_str(out.bytes());
            }
        } else if len <= SHORT_MAX {
            let mut out = ShortBuf::<SHORT_MAX>::new();
            if self.concat_short(&mut out, base + a, n).is_some() {
                return self.new_str(out.bytes());
            }
        }
        let mut out = Vec::with_capacity(len);
        for i in 0..n {
            let v = self.stack[base + a + i];
            match v {
                Value::Str(s) => out.extend_from_slice(self.heap.str_bytes(s)),
                _ => arith::write_number(&mut out, v),
            }
        }
        self.new_str_vec(out)
    }

    /// `..` of the `n` strings and numbers at `from` into `out`; `None` if they do not fit.
    #[inline]
    fn concat_short<const N: usize>(
        &self,
        out: &mut ShortBuf<N>,
        from: usize,
        n: usize,
    ) -> Option<()> {
        for &v in self.stack.get(from..from + n)? {
            match v {
                Value::Str(s) => out.push(self.heap.str_bytes(s))?,
                Value::Int(x) => out.push_int(x).map(drop)?,
                _ => {
                    let mut text = Vec::new();
                    arith::write_number(&mut text, v);
                    out.push(&text)?
                }
            }
        }
        Some(())
    }

    pub(super) fn for_error(&self, what: &str, v: Value) -> LuaError {
        LuaError::Msg(format!(
            "bad 'for' {what} (number expected, got {})",
            self.type_name(v)
        ))
    }

    /// Prepares a numeric for loop at `ra`; returns true when the loop is skipped.
    #[inline(never)]
    pub(super) fn for_prep(&mut self, _p: &Proto, _pc: usize, ra: usize) -> LResult<bool> {
        let init = self.stack[ra];
        let limit = self.stack[ra + 1];
        let step = self.stack[ra + 2];
        if let (Value::Int(i0), Value::Int(st)) = (init, step) {
            if st == 0 {
                return Err(LuaError::Msg("'for' step is zero".into()));
            }
            // The limit as an integer (floats are floored/ceiled; out-of-range clips).
            let lim = match limit {
                Value::Int(l) => l,
                _ => {
                    let n = match self.to_number(limit) {
                        Some(n) => n,
                        None => return Err(self.for_error("limit", limit)),
                    };
                    match n {
                        Number::Int(l) => l,
                        Number::Float(f) => {
                            if f.is_nan() {
                                return Ok(true);
                            }
                            let mode = if st > 0 {
                                FloatToInt::Floor
                            } else {
                                FloatToInt::Ceil
                            };
                            match number::float_to_int(f, mode) {
                                Some(l) => l,
                                None => {
                                    if f > 0.0 {
                                        if st < 0 {
                                            return Ok(true);
                                        }
                                        i64::MAX
                                    } else {
                                        if st > 0 {
                                            return Ok(true);
                                        }
                                        i64::MIN
                                    }
                                }
                            }
                        }
                    }
                }
            };
            if (st > 0 && i0 > lim) || (st < 0 && i0 < lim) {
                return Ok(true);
            }
            let mut count = if st > 0 {
                (lim as u64).wrapping_sub(i0 as u64)
            } else {
                (i0 as u64).wrapping_sub(lim as u64)
            };
            if st != 1 && st != -1 {
                let d = if st > 0 {
                    st as u64
                } else {
                    (-(st + 1)) as u64 + 1
                };
                count /= d;
            }
            self.stack[ra + 1] = Value::Int(count as i64);
            self.stack[ra + 3] = Value::Int(i0);
            // A count above i64::MAX is stored wrapped; the loop treats it as unsigned.
            if (count as i64) < 0 {
                self.stack[ra + 1] = Value::Int(i64::MAX);
            }
            return Ok(false);
        }
        let fl = match self.to_number(limit) {
            Some(n) => arith::to_float(n),
            None => return Err(self.for_error("limit", limit)),
        };
        let fs = match self.to_number(step) {
            Some(n) => arith::to_float(n),
            None => return Err(self.for_error("step", step)),
        };
        let fi = match self.to_number(init) {
            Some(n) => arith::to_float(n),
            None => return Err(self.for_error("initial value", init)),
        };
        if fs == 0.0 {
            return Err(LuaError::Msg("'for' step is zero".into()));
        }
        let skip = if fs > 0.0 { fl < fi } else { fi < fl };
        if skip {
            return Ok(true);
        }
        self.stack[ra] = Value::Float(fi);
        self.stack[ra + 1] = Value::Float(fl);
        self.stack[ra + 2] = Value::Float(fs);
        self.stack[ra + 3] = Value::Float(fi);
        Ok(false)
    }
}

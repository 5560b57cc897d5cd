//! BigInt operators: ToNumeric, the numeric operators' slow path (Number or BigInt, never
//! both), and the bounds of each BigInt operation. Before num-bigint runs, the result's
//! size is checked against the memory limit and V8's largest BigInt, and the work
//! estimated from the operands' lengths is charged as fuel (with the deadline checked), so
//! no single call into the crate runs long unmetered; a power runs as one metered
//! multiplication at a time.

use super::*;
use crate::bigint::{self as big, MAX_BITS};
use crate::bytecode::Op;
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

const MIX: &str = "Cannot mix BigInt and other types, use explicit conversions";

impl Vm {
    /// The value of the BigInt `r`.
    #[inline]
    pub fn big(&self, r: ObjRef) -> &BigInt {
        self.heap.bigint(r)
    }

    /// A BigInt value holding `b` (0n without an object), its bytes charged.
    pub fn new_bigint(&mut self, b: BigInt) -> JsResult<Value> {
        if b.is_zero() {
            return Ok(Value::BigInt(ObjRef::ZERO_BIGINT));
        }
        if b.bits() > MAX_BITS {
            return Err(self.range_error("Maximum BigInt size exceeded"));
        }
        self.heap.charge(big::byte_size(&b));
        let r = self.alloc(None, Kind::BigInt(Box::new(b)));
        // Built before it was counted (its size was checked by `reserve_bigint`).
        self.check_memory()?;
        Ok(Value::BigInt(r))
    }

    /// Before an operation whose result has up to `bits` bits and that does `work` units:
    /// the size limits (V8's RangeError past its largest BigInt; the memory limit for the
    /// result and the operation's temporaries), then the work as fuel.
    pub fn reserve_bigint(&mut self, bits: u64, work: u64) -> JsResult<()> {
        if bits > MAX_BITS {
            return Err(self.range_error("Maximum BigInt size exceeded"));
        }
        self.ensure_memory(big::bytes_for_bits(bits).saturating_mul(3))?;
        self.charge_bigint_work(work)
    }

    /// Charges `work` units as fuel; a call long enough to matter (over ~16 ms) that would
    /// end past the deadline (a unit taken as a nanosecond: the estimates are upper
    /// bounds) ends the execution now instead of running past it inside num-bigint.
    fn charge_bigint_work(&mut self, work: u64) -> JsResult<()> {
        self.charge(work.min(usize::MAX as u64) as usize)?;
        if work >= 1 << 24 {
            if let Some(d) = &self.deadline {
                let end =
                    std::time::Instant::now().checked_add(std::time::Duration::from_nanos(work));
                if end.is_none_or(|e| e > d.at) {
                    return Err(Throw::Fatal(d.diagnostic()));
                }
            }
        }
        Ok(())
    }

    /// ToNumeric: a Number or a BigInt (objects through their primitive, number first).
    pub fn to_numeric(&mut self, v: Value) -> JsResult<Value> {
        match v {
            Value::Num(_) | Value::BigInt(_) => Ok(v),
            Value::Obj(_) => {
                let p = self.to_primitive(&v, true)?;
                match p {
                    Value::BigInt(_) => Ok(p),
                    p => Ok(Value::Num(self.to_number(&p)?)),
                }
            }
            v => Ok(Value::Num(self.to_number(&v)?)),
        }
    }

    /// A binary numeric operator (`- * / % ** << >> >>> & | ^`, and `+` once neither side
    /// is a string) on any operands: both converted, then Number or BigInt arithmetic.
    pub(crate) fn numeric_binary(&mut self, op: Op, a: Value, b: Value) -> JsResult<Value> {
        let a = self.to_numeric(a)?;
        let b = self.to_numeric(b)?;
        match (a, b) {
            (Value::Num(x), Value::Num(y)) => Ok(Value::Num(number_op(op, x, y))),
            (Value::BigInt(x), Value::BigInt(y)) => self.bigint_binary(op, x, y),
            _ => Err(self.type_error(MIX)),
        }
    }

    /// A unary numeric operator (`-`, `~`, `++`, `--`) on any operand.
    pub(crate) fn numeric_unary(&mut self, op: Op, v: Value) -> JsResult<Value> {
        match self.to_numeric(v)? {
            Value::BigInt(r) => {
                let bits = self.big(r).bits() + 1;
                self.reserve_bigint(bits, big::limbs(bits))?;
                let x = self.big(r);
                let res = match op {
                    Op::Neg => -x,
                    Op::BitNot => !x,
                    Op::Inc => x + 1u8,
                    _ => x - 1u8,
                };
                self.new_bigint(res)
            }
            Value::Num(n) => Ok(Value::Num(match op {
                Op::Neg => -n,
                Op::BitNot => !crate::number::to_int32(n) as f64,
                Op::Inc => n + 1.0,
                _ => n - 1.0,
            })),
            _ => Ok(Value::Num(f64::NAN)),
        }
    }

    fn bigint_binary(&mut self, op: Op, x: ObjRef, y: ObjRef) -> JsResult<Value> {
        let (xb, yb) = (self.big(x).bits(), self.big(y).bits());
        let wide = xb.max(yb) + 1;
        let res = match op {
            Op::Add | Op::Sub => {
                self.reserve_bigint(wide, big::limbs(wide))?;
                let (a, b) = (self.big(x), self.big(y));
                if op == Op::Add {
                    a + b
                } else {
                    a - b
                }
            }
            Op::BitAnd | Op::BitOr | Op::BitXor => {
                self.reserve_bigint(wide, 2 * big::limbs(wide))?;
                let (a, b) = (self.big(x), self.big(y));
                match op {
                    Op::BitAnd => a & b,
                    Op::BitOr => a | b,
                    _ => a ^ b,
                }
            }
            Op::Mul => {
                self.reserve_bigint(xb + yb, big::mul_work(xb, yb))?;
                self.big(x) * self.big(y)
            }
            Op::Div | Op::Rem => {
                if self.big(y).is_zero() {
                    return Err(self.range_error("Division by zero"));
                }
                self.reserve_bigint(xb, big::div_work(xb, yb))?;
                let (a, b) = (self.big(x), self.big(y));
                // Truncating division; the remainder takes the dividend's sign.
                if op == Op::Div {
                    a / b
                } else {
                    a % b
                }
            }
            Op::Exp => return self.bigint_pow(x, y),
            Op::Shl | Op::Shr => {
                let amount = self.big(y).clone();
                let left = if op == Op::Shl { amount } else { -amount };
                return self.bigint_shift(x, &left);
            }
            Op::UShr => {
                return Err(self.type_error("BigInts have no unsigned right shift, use >> instead"))
            }
            _ => return Err(self.type_error(MIX)),
        };
        self.new_bigint(res)
    }

    /// `x << left` (a negative `left` shifts right, rounding toward -Infinity).
    fn bigint_shift(&mut self, x: ObjRef, left: &BigInt) -> JsResult<Value> {
        let xb = self.big(x).bits();
        if xb == 0 {
            return Ok(Value::BigInt(ObjRef::ZERO_BIGINT));
        }
        let n = left.to_i64();
        match n {
            Some(n) if n >= 0 => {
                let bits = xb.saturating_add(n as u64);
                self.reserve_bigint(bits, big::limbs(bits))?;
                let r = self.big(x) << (n as u64);
                self.new_bigint(r)
            }
            Some(n) if n.unsigned_abs() < xb => {
                self.charge(big::limbs(xb) as usize)?;
                let r = self.big(x) >> n.unsigned_abs();
                self.new_bigint(r)
            }
            None if left.sign() == Sign::Plus => {
                Err(self.range_error("Maximum BigInt size exceeded"))
            }
            // Every bit shifted out: 0, or -1 for a negative value (floor).
            _ => {
                let r = if self.big(x).is_negative() {
                    BigInt::from(-1)
                } else {
                    BigInt::zero()
                };
                self.new_bigint(r)
            }
        }
    }

    /// `x ** y` by squaring, one metered multiplication at a time.
    fn bigint_pow(&mut self, x: ObjRef, y: ObjRef) -> JsResult<Value> {
        if self.big(y).is_negative() {
            // V8's wording, word for word.
            return Err(self.range_error("undefined must be positive"));
        }
        let base = self.big(x).clone();
        if self.big(y).is_zero() {
            return self.new_bigint(BigInt::one());
        }
        if base.is_zero() || base.is_one() {
            return self.new_bigint(base);
        }
        if base == BigInt::from(-1) {
            let odd = self.big(y).bit(0);
            return self.new_bigint(if odd { base } else { BigInt::one() });
        }
        // |base| >= 2: the result has at least (bits - 1) * e + 1 bits.
        let e = match self.big(y).to_u64() {
            Some(e) if (base.bits() - 1).saturating_mul(e) < MAX_BITS => e,
            _ => return Err(self.range_error("Maximum BigInt size exceeded")),
        };
        let mut result = BigInt::one();
        let mut square = base;
        let mut rest = e;
        loop {
            if rest & 1 == 1 {
                let (a, b) = (result.bits(), square.bits());
                self.reserve_bigint(a + b, big::mul_work(a, b))?;
                result *= &square;
            }
            rest >>= 1;
            if rest == 0 {
                break;
            }
            let b = square.bits();
            self.reserve_bigint(2 * b, big::mul_work(b, b))?;
            square = &square * &square;
        }
        self.new_bigint(result)
    }

    /// The ECMAScript string of a BigInt in `radix`, its work charged first.
    pub fn bigint_to_string(&mut self, r: ObjRef, radix: u32) -> JsResult<String> {
        let bits = self.big(r).bits();
        let digits = (bits as f64 / (radix as f64).log2()) as usize + 2;
        self.ensure_memory(digits.saturating_mul(4))?;
        self.charge_bigint_work(big::to_string_work(bits, radix))?;
        Ok(big::to_string_radix(self.big(r), radix))
    }

    /// StringToBigInt (None for text that is no integer literal), its work charged first.
    pub fn string_to_bigint(&mut self, s: &JsStr) -> JsResult<Option<BigInt>> {
        let Some((negative, radix, digits)) = big::string_literal_parts(s.units()) else {
            return Ok(None);
        };
        let bits = (digits.len() as f64 * (radix as f64).log2()) as u64 + 1;
        self.reserve_bigint(bits, big::parse_work(digits.len(), radix))?;
        Ok(Some(big::from_parts(negative, radix, &digits)))
    }

    /// A BigInt literal of the program (the lexer's digits, `0x` ... prefix kept).
    pub(crate) fn bigint_literal(&mut self, text: &JsStr) -> JsResult<Value> {
        let s = text.to_rust();
        let (radix, n) = match s.get(..2) {
            Some("0x") => (16, s.len() - 2),
            Some("0o") => (8, s.len() - 2),
            Some("0b") => (2, s.len() - 2),
            _ => (10, s.len()),
        };
        let bits = (n as f64 * (radix as f64).log2()) as u64 + 1;
        self.reserve_bigint(bits, big::parse_work(n, radix))?;
        self.new_bigint(big::parse_literal(&s))
    }

    /// ToBigInt (the BigInt() function's conversion of a non-Number, and asIntN's):
    /// booleans, strings by StringToBigInt, BigInts; a TypeError or SyntaxError otherwise.
    pub fn to_bigint(&mut self, v: &Value) -> JsResult<Value> {
        let p = self.to_primitive(v, true)?;
        match &p {
            Value::BigInt(_) => Ok(p),
            Value::Bool(b) => self.new_bigint(BigInt::from(*b as u8)),
            Value::Str(s) => match self.string_to_bigint(s)? {
                Some(b) => self.new_bigint(b),
                None => {
                    let shown = s.to_rust();
                    Err(self.syntax_error(&format!("Cannot convert {shown} to a BigInt")))
                }
            },
            Value::Num(n) => {
                let shown = crate::number::to_string(*n);
                Err(self.type_error(&format!("Cannot convert {shown} to a BigInt")))
            }
            Value::Sym(s) => {
                let shown = s.to_rust();
                Err(self.type_error(&format!("Cannot convert {shown} to a BigInt")))
            }
            Value::Null => Err(self.type_error("Cannot convert null to a BigInt")),
            _ => Err(self.type_error("Cannot convert undefined to a BigInt")),
        }
    }

    /// How the BigInt `b` compares with the primitive `other` for `<` (None: undefined,
    /// i.e. NaN or a string that is no integer). `other` is a Number, BigInt or String.
    pub(crate) fn compare_bigint(
        &mut self,
        b: ObjRef,
        other: &Value,
    ) -> JsResult<Option<std::cmp::Ordering>> {
        Ok(match other {
            Value::BigInt(o) => {
                self.charge_compare(&Value::BigInt(b), other)?;
                Some(self.big(b).cmp(self.big(*o)))
            }
            Value::Str(s) => self.string_to_bigint(s)?.map(|o| self.big(b).cmp(&o)),
            v => {
                let n = self.to_number(v)?;
                big::cmp_f64(self.big(b), n)
            }
        })
    }
}

/// A Number operator on two Numbers.
pub(crate) fn number_op(op: Op, x: f64, y: f64) -> f64 {
    use crate::number::{to_int32, to_uint32};
    match op {
        Op::Add => x + y,
        Op::Sub => x - y,
        Op::Mul => x * y,
        Op::Div => x / y,
        Op::Rem => operators::js_rem(x, y),
        Op::Exp => operators::js_pow(x, y),
        Op::Shl => to_int32(x).wrapping_shl(to_uint32(y) & 31) as f64,
        Op::Shr => (to_int32(x) >> (to_uint32(y) & 31)) as f64,
        Op::UShr => (to_uint32(x) >> (to_uint32(y) & 31)) as f64,
        Op::BitAnd => (to_int32(x) & to_int32(y)) as f64,
        Op::BitOr => (to_int32(x) | to_int32(y)) as f64,
        Op::BitXor => (to_int32(x) ^ to_int32(y)) as f64,
        _ => f64::NAN,
    }
}

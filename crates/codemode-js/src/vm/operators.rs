//! Operators on values: equality, addition, arithmetic and comparison slow paths, instanceof.

use super::*;
use crate::bytecode::{Arith, Cmp, Op};

impl Vm {
    // ---------- operators ----------

    pub fn loose_equals(&mut self, a: &Value, b: &Value) -> JsResult<bool> {
        Ok(match (a, b) {
            (Value::Undefined | Value::Null, Value::Undefined | Value::Null) => true,
            (Value::Undefined | Value::Null, _) | (_, Value::Undefined | Value::Null) => false,
            (Value::Num(_), Value::Str(_)) | (Value::Str(_), Value::Num(_)) => {
                self.to_number(a)? == self.to_number(b)?
            }
            (Value::BigInt(x), Value::BigInt(y)) => {
                self.charge_compare(a, b)?;
                x == y || self.big(*x) == self.big(*y)
            }
            (Value::BigInt(x), Value::Num(_) | Value::Str(_)) => {
                matches!(self.compare_bigint(*x, b)?, Some(std::cmp::Ordering::Equal))
            }
            (Value::Num(_) | Value::Str(_), Value::BigInt(y)) => {
                matches!(self.compare_bigint(*y, a)?, Some(std::cmp::Ordering::Equal))
            }
            (Value::Bool(_), _) => {
                let n = Value::Num(self.to_number(a)?);
                return self.loose_equals(&n, b);
            }
            (_, Value::Bool(_)) => {
                let n = Value::Num(self.to_number(b)?);
                return self.loose_equals(a, &n);
            }
            (Value::Obj(_), Value::Num(_) | Value::Str(_) | Value::Sym(_) | Value::BigInt(_)) => {
                let p = self.to_primitive(a, !self.is_date(a))?;
                return self.loose_equals(&p, b);
            }
            (Value::Num(_) | Value::Str(_) | Value::Sym(_) | Value::BigInt(_), Value::Obj(_)) => {
                let p = self.to_primitive(b, !self.is_date(b))?;
                return self.loose_equals(a, &p);
            }
            _ => strict_equals(&self.heap, a, b),
        })
    }

    /// A Date's default hint is string (ToPrimitive in `+` and `==`).
    fn is_date(&self, v: &Value) -> bool {
        matches!(v, Value::Obj(r) if matches!(self.heap.get(*r).kind, Kind::Date(_)))
    }

    pub fn add(&mut self, a: Value, b: Value) -> JsResult<Value> {
        if let (Value::Num(x), Value::Num(y)) = (&a, &b) {
            return Ok(Value::Num(x + y));
        }
        // A string and an integer (`"id_" + i`): the digits go straight into the result,
        // with no string of their own.
        let mut digits = [0u16; 16];
        let joined = match (&a, &b) {
            (Value::Str(s), Value::Num(n)) => {
                crate::number::integer_units(*n, &mut digits).map(|d| [s.units(), d])
            }
            (Value::Num(n), Value::Str(s)) => {
                crate::number::integer_units(*n, &mut digits).map(|d| [d, s.units()])
            }
            _ => None,
        };
        if let Some(parts) = joined {
            let len = parts[0].len() + parts[1].len();
            self.count_new_string(len)?;
            self.charge(len / crate::limits::COPY_UNITS_PER_CHARGE)?;
            return Ok(Value::Str(JsStr::from_parts(&parts)));
        }
        let a = self.to_primitive(&a, !self.is_date(&a))?;
        let b = self.to_primitive(&b, !self.is_date(&b))?;
        if matches!(a, Value::Str(_)) || matches!(b, Value::Str(_)) {
            let x = self.to_string(&a)?;
            let y = self.to_string(&b)?;
            if x.is_empty() {
                return Ok(Value::Str(y));
            }
            if y.is_empty() {
                return Ok(Value::Str(x));
            }
            let len = x.len().saturating_add(y.len());
            self.count_new_string(len)?;
            // The fuel of the copy (as `reserve_string`).
            self.charge(len / crate::limits::COPY_UNITS_PER_CHARGE)?;
            return Ok(Value::Str(JsStr::from_parts(&[x.units(), y.units()])));
        }
        self.numeric_binary(Op::Add, a, b)
    }

    /// Abstract relational comparison: Some(true) if a < b, None if undefined (NaN).
    /// `a + b`, `a - b`, `a * b`, `a / b` or `a % b` with ECMAScript's conversions.
    pub(crate) fn arith_slow(&mut self, f: Arith, a: Value, b: Value) -> JsResult<Value> {
        if let Arith::Add = f {
            return self.add(a, b);
        }
        let op = match f {
            Arith::Sub => Op::Sub,
            Arith::Mul => Op::Mul,
            Arith::Div => Op::Div,
            _ => Op::Rem,
        };
        self.numeric_binary(op, a, b)
    }

    /// `a < b`, `a <= b`, `a > b` or `a >= b` with ECMAScript's conversions.
    pub(crate) fn relational(&mut self, c: Cmp, a: &Value, b: &Value) -> JsResult<bool> {
        if let (Value::Num(x), Value::Num(y)) = (a, b) {
            return Ok(c.holds(*x, *y));
        }
        Ok(match c {
            Cmp::Lt => self.less_than(a, b)?.unwrap_or(false),
            Cmp::Gt => self.less_than(b, a)?.unwrap_or(false),
            Cmp::Le => matches!(self.less_than(b, a)?, Some(false)),
            Cmp::Ge => matches!(self.less_than(a, b)?, Some(false)),
        })
    }

    pub(crate) fn less_than(&mut self, a: &Value, b: &Value) -> JsResult<Option<bool>> {
        let pa = self.to_primitive(a, true)?;
        let pb = self.to_primitive(b, true)?;
        if let (Value::Str(x), Value::Str(y)) = (&pa, &pb) {
            // A comparison of long strings is a memcmp its one instruction does not show.
            let common = x.len().min(y.len());
            if common >= 64 {
                self.charge(common / crate::limits::COPY_UNITS_PER_CHARGE)?;
            }
            return Ok(Some(x.units() < y.units()));
        }
        if let Value::BigInt(x) = pa {
            let o = self.compare_bigint(x, &pb)?;
            return Ok(o.map(|o| o == std::cmp::Ordering::Less));
        }
        if let Value::BigInt(y) = pb {
            let o = self.compare_bigint(y, &pa)?;
            return Ok(o.map(|o| o == std::cmp::Ordering::Greater));
        }
        let x = self.to_number(&pa)?;
        let y = self.to_number(&pb)?;
        if x.is_nan() || y.is_nan() {
            return Ok(None);
        }
        Ok(Some(x < y))
    }

    /// `Op::InstanceOf`: [v, c] -> [bool]; true when a program-defined
    /// `c[Symbol.hasInstance]` answers instead (run by the prelude's `hasInstance`, a frame).
    pub(crate) fn op_instance_of(&mut self) -> JsResult<bool> {
        let c = self.stack.pop().unwrap_or_default();
        let v = self.stack.pop().unwrap_or_default();
        if self.may_have_instance_method(&c)? {
            let key = self.realm.well_known.has_instance.clone();
            let f = self.get_prop(&c, &key)?;
            if !f.is_nullish() {
                let args = vec![f, c, v];
                self.call_hook(crate::builtins::HOOK_HAS_INSTANCE, args, ACC_GET)?;
                return Ok(true);
            }
        }
        let r = self.instance_of(&v, &c)?;
        self.stack.push(Value::Bool(r));
        Ok(false)
    }

    /// Whether `c` (or its prototype chain) may hold `Symbol.hasInstance`: no built-in
    /// defines it, so only objects the program made or wrote to are searched (a loop,
    /// charged per hop: the chain is program-built).
    fn may_have_instance_method(&mut self, c: &Value) -> JsResult<bool> {
        let Value::Obj(r) = c else {
            return Ok(false);
        };
        let mut cur = Some(*r);
        let mut hops = 0usize;
        let mut found = false;
        while let Some(o) = cur {
            let obj = self.heap.get(o);
            if !self.heap.is_pristine(o)
                && obj
                    .props
                    .find(&self.realm.well_known.has_instance)
                    .is_some()
            {
                found = true;
                break;
            }
            cur = obj.proto;
            hops += 1;
        }
        self.charge(hops)?;
        Ok(found)
    }

    pub(crate) fn instance_of(&mut self, v: &Value, c: &Value) -> JsResult<bool> {
        if !self.is_callable(c) {
            return Err(self.type_error("Right-hand side of 'instanceof' is not callable"));
        }
        // A bound function answers for its target (ECMAScript InstanceofOperator): followed
        // in a loop, since a program can bind a bound function to any depth.
        let mut c = c.clone();
        let mut hops = 0usize;
        while let Value::Obj(cr) = c {
            let Kind::Bound(b) = &self.heap.get(cr).kind else {
                break;
            };
            c = b.0.clone();
            hops += 1;
        }
        self.charge(hops)?;
        let Value::Obj(mut r) = v.clone() else {
            return Ok(false);
        };
        let proto = self.get_prop(&c, &JsStr::from_str("prototype"))?;
        let Value::Obj(p) = proto else {
            return Ok(false);
        };
        let mut hops = 0usize;
        let found = loop {
            match self.heap.get(r).proto {
                Some(x) if x == p => break true,
                Some(x) => r = x,
                None => break false,
            }
            hops += 1;
        };
        self.charge(hops)?;
        Ok(found)
    }
}

/// `a == b` converts an object only against a primitive other than null/undefined.
pub(crate) fn loose_equality_converts(a: &Value, b: &Value) -> bool {
    let is_obj = |v: &Value| matches!(v, Value::Obj(_));
    is_obj(a) != is_obj(b) && !a.is_nullish() && !b.is_nullish()
}

/// The converter's operator codes (the `switch` of `convert` in prelude.js).
/// The converter's codes for a computed member whose key needs a program-defined
/// conversion (`o[k]` read and written; the prelude's `convert`).
pub(crate) const CONVERT_GET_ELEM: u8 = 32;
pub(crate) const CONVERT_SET_ELEM: u8 = 33;
/// ...and the key alone (`Op::ToPropertyKey`, a key evaluated before the value).
pub(crate) const CONVERT_PROPERTY_KEY: u8 = 34;

pub(crate) fn convert_code(op: Op) -> u8 {
    match op {
        Op::Add => 0,
        Op::Sub => 1,
        Op::Mul => 2,
        Op::Div => 3,
        Op::Rem => 4,
        Op::Exp => 5,
        Op::Shl => 6,
        Op::Shr => 7,
        Op::UShr => 8,
        Op::BitAnd => 9,
        Op::BitOr => 10,
        Op::BitXor => 11,
        Op::Lt => 12,
        Op::Le => 13,
        Op::Gt => 14,
        Op::Ge => 15,
        Op::Eq => 16,
        Op::Ne => 17,
        Op::ToStr => 20,
        Op::Neg => 21,
        Op::Plus => 22,
        Op::ToNumeric => 26,
        Op::BitNot => 23,
        Op::Inc => 24,
        Op::Dec => 25,
        _ => 22,
    }
}

pub(crate) fn arith_code(f: Arith) -> u8 {
    match f {
        Arith::Add => 0,
        Arith::Sub => 1,
        Arith::Mul => 2,
        Arith::Div => 3,
        Arith::Rem => 4,
    }
}

pub(crate) fn cmp_code(c: Cmp) -> u8 {
    match c {
        Cmp::Lt => 12,
        Cmp::Le => 13,
        Cmp::Gt => 14,
        Cmp::Ge => 15,
    }
}

impl Arith {
    #[inline(always)]
    pub(crate) fn apply(self, x: f64, y: f64) -> f64 {
        match self {
            Arith::Add => x + y,
            Arith::Sub => x - y,
            Arith::Mul => x * y,
            Arith::Div => x / y,
            Arith::Rem => js_rem(x, y),
        }
    }
}

impl Cmp {
    #[inline(always)]
    pub(crate) fn holds(self, x: f64, y: f64) -> bool {
        match self {
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
        }
    }
}

#[inline(always)]
pub fn js_rem(x: f64, y: f64) -> f64 {
    // Integers (the common case) avoid fmod; the sign of a zero result follows x. Adding
    // 1.5 * 2^52 leaves a number of magnitude below 2^51, rounded to an integer, in the low
    // bits of the mantissa: their low 32 bits are a candidate i32 without the range
    // fix-ups of a saturating `as`. The exact round trip back to f64 then tests integrality
    // and range at once, and a 32-bit division is the cheap one.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let xi = (x + ROUND).to_bits() as i32;
    let yi = (y + ROUND).to_bits() as i32;
    if xi as f64 == x && yi as f64 == y && yi != 0 {
        let r = xi.wrapping_rem(yi);
        return if r == 0 && x.is_sign_negative() {
            -0.0
        } else {
            r as f64
        };
    }
    js_rem_slow(x, y)
}

#[cold]
#[inline(never)]
pub(crate) fn js_rem_slow(x: f64, y: f64) -> f64 {
    const LIM: f64 = 9_007_199_254_740_992.0;
    if x.fract() == 0.0 && y.fract() == 0.0 && x.abs() < LIM && y.abs() < LIM && y != 0.0 {
        let r = (x as i64) % (y as i64);
        return if r == 0 && x.is_sign_negative() {
            -0.0
        } else {
            r as f64
        };
    }
    if y == 0.0 || x.is_infinite() || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    x % y
}

pub fn js_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    if (x == 1.0 || x == -1.0) && y.is_infinite() {
        return f64::NAN;
    }
    x.powf(y)
}

#[cfg(test)]
mod tests {
    use super::js_rem;

    /// The integer fast path agrees bit for bit (signed zeros, NaN) with fmod, which is
    /// ECMAScript's Number::remainder, on the edges of its range and around them.
    #[test]
    fn remainder_matches_fmod() {
        let edges = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            2.0,
            7.0,
            -7.0,
            7.5,
            1e-300,
            2147483647.0,
            2147483648.0,
            -2147483648.0,
            -2147483649.0,
            4294967296.0,
            4294967303.0,
            2251799813685248.0,
            -2251799813685247.0,
            4503599627370495.5,
            9007199254740991.0,
            9007199254740992.0,
            -9007199254740993.0,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for &x in &edges {
            for &y in &edges {
                let (got, want) = (js_rem(x, y), x % y);
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "{x} % {y}: {got} (want {want})"
                );
            }
        }
    }
}

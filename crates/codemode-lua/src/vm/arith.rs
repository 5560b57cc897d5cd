//! Arithmetic, comparison and conversion semantics of Lua 5.4 (no metamethods).

use codemode_lua_text::number::{self, Number};

use crate::bytecode::ArithOp;
use crate::heap::Heap;
use crate::value::{self, float_to_int_exact, Value};

/// Why an arithmetic operation failed (the VM adds positions and variable names).
pub enum ArithError {
    /// "attempt to perform arithmetic on a X value" for the operand at this side (0 or 1).
    Arith(usize),
    /// "attempt to perform bitwise operation on a X value".
    Bitwise(usize),
    /// "number has no integer representation", for the operand at this side.
    NoInteger(usize),
    DivZero,
    ModZero,
}

/// A number, from a number or a string that reads as one (Lua's arithmetic coercion).
#[inline]
pub fn to_number(heap: &Heap, v: Value) -> Option<Number> {
    match v {
        Value::Int(i) => Some(Number::Int(i)),
        Value::Float(f) => Some(Number::Float(f)),
        Value::Str(s) => number::parse_number(heap.str_bytes(s)),
        _ => None,
    }
}

/// `to_number` with the reading of a string's numeral taken from `fuel`.
#[inline]
pub fn to_number_metered(heap: &Heap, fuel: &mut i64, v: Value) -> Option<Number> {
    if let Value::Str(s) = v {
        *fuel -= numeral_cost(heap, s);
    }
    to_number(heap, v)
}

/// Fuel for reading a numeral from string `s` (nothing for a short one).
#[inline]
pub fn numeral_cost(heap: &Heap, s: crate::value::StrRef) -> i64 {
    let n = heap.str_bytes(s).len();
    if n > 64 {
        (n / 8) as i64
    } else {
        0
    }
}

pub fn to_float(n: Number) -> f64 {
    match n {
        Number::Int(i) => i as f64,
        Number::Float(f) => f,
    }
}

/// An integer for bitwise operations (exact floats and numeric strings convert).
fn to_int_bitwise(_heap: &Heap, v: Value) -> Result<i64, Option<()>> {
    // Strings are not coerced for bitwise operators in Lua 5.4.
    match v {
        Value::Int(i) => Ok(i),
        Value::Float(f) => float_to_int_exact(f).ok_or(Some(())),
        _ => Err(None),
    }
}

#[inline(always)]
pub fn int_idiv(a: i64, b: i64) -> i64 {
    if b == -1 {
        return a.wrapping_neg();
    }
    let q = a / b;
    if (a % b != 0) && ((a ^ b) < 0) {
        q - 1
    } else {
        q
    }
}

#[inline(always)]
pub fn int_mod(a: i64, b: i64) -> i64 {
    if b == -1 {
        return 0;
    }
    let m = a % b;
    if m != 0 && (m ^ b) < 0 {
        m + b
    } else {
        m
    }
}

#[inline]
pub fn float_mod(a: f64, b: f64) -> f64 {
    let m = a % b;
    if (m > 0.0 && b < 0.0) || (m < 0.0 && b > 0.0) {
        m + b
    } else {
        m
    }
}

#[inline(always)]
pub fn shift_left(x: i64, y: i64) -> i64 {
    if y <= -64 || y >= 64 {
        0
    } else if y >= 0 {
        ((x as u64) << y) as i64
    } else {
        ((x as u64) >> (-y)) as i64
    }
}

/// The full (slow-path) binary arithmetic.
/// `a op b` off the instruction fast paths. Reading a numeral from a string operand costs
/// fuel by its length (taken from `fuel`, the dispatch loop's counter): `k + 1` over a
/// 16 M-byte `k` is work its one instruction does not show.
pub fn arith(
    heap: &Heap,
    fuel: &mut i64,
    op: ArithOp,
    a: Value,
    b: Value,
) -> Result<Value, ArithError> {
    for v in [a, b] {
        if let Value::Str(s) = v {
            *fuel -= numeral_cost(heap, s);
        }
    }
    if op.is_bitwise() {
        let x = match to_int_bitwise(heap, a) {
            Ok(x) => x,
            Err(Some(())) => {
                return Err(if matches!(b, Value::Int(_) | Value::Float(_)) {
                    ArithError::NoInteger(0)
                } else {
                    ArithError::Bitwise(1)
                })
            }
            Err(None) => {
                return Err(
                    if !matches!(b, Value::Int(_) | Value::Float(_))
                        && matches!(a, Value::Int(_) | Value::Float(_))
                    {
                        ArithError::Bitwise(1)
                    } else {
                        ArithError::Bitwise(0)
                    },
                )
            }
        };
        let y = match to_int_bitwise(heap, b) {
            Ok(y) => y,
            Err(Some(())) => return Err(ArithError::NoInteger(1)),
            Err(None) => return Err(ArithError::Bitwise(1)),
        };
        return Ok(Value::Int(match op {
            ArithOp::BAnd => x & y,
            ArithOp::BOr => x | y,
            ArithOp::BXor => x ^ y,
            ArithOp::Shl => shift_left(x, y),
            _ => shift_left(x, y.wrapping_neg()),
        }));
    }
    let x = match to_number(heap, a) {
        Some(x) => x,
        None => return Err(ArithError::Arith(0)),
    };
    let y = match to_number(heap, b) {
        Some(y) => y,
        None => return Err(ArithError::Arith(1)),
    };
    arith_num(op, x, y)
}

pub fn arith_num(op: ArithOp, x: Number, y: Number) -> Result<Value, ArithError> {
    if let (Number::Int(a), Number::Int(b)) = (x, y) {
        return Ok(match op {
            ArithOp::Add => Value::Int(a.wrapping_add(b)),
            ArithOp::Sub => Value::Int(a.wrapping_sub(b)),
            ArithOp::Mul => Value::Int(a.wrapping_mul(b)),
            ArithOp::IDiv => {
                if b == 0 {
                    return Err(ArithError::DivZero);
                }
                Value::Int(int_idiv(a, b))
            }
            ArithOp::Mod => {
                if b == 0 {
                    return Err(ArithError::ModZero);
                }
                Value::Int(int_mod(a, b))
            }
            ArithOp::Div => Value::Float(a as f64 / b as f64),
            ArithOp::Pow => Value::Float((a as f64).powf(b as f64)),
            _ => return Err(ArithError::NoInteger(0)),
        });
    }
    match float_arith(op, to_float(x), to_float(y)) {
        Some(f) => Ok(Value::Float(f)),
        None => Err(ArithError::NoInteger(0)),
    }
}

/// `a op b` once either operand is a float (both converted), as Lua computes it; `None`
/// for the bitwise operators, which need integers. The VMs' fast paths call this too.
#[inline(always)]
pub fn float_arith(op: ArithOp, a: f64, b: f64) -> Option<f64> {
    Some(match op {
        ArithOp::Add => a + b,
        ArithOp::Sub => a - b,
        ArithOp::Mul => a * b,
        ArithOp::Div => a / b,
        ArithOp::Mod => float_mod(a, b),
        ArithOp::IDiv => (a / b).floor(),
        ArithOp::Pow => {
            if b == 2.0 {
                a * a
            } else {
                a.powf(b)
            }
        }
        _ => return None,
    })
}

/// Both operands as floats when they are numbers and at least one is a float (the case
/// `float_arith` computes), read in place.
#[inline(always)]
pub fn float_operands(a: &Value, b: &Value) -> Option<(f64, f64)> {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => Some((*x, *y)),
        (Value::Int(x), Value::Float(y)) => Some((*x as f64, *y)),
        (Value::Float(x), Value::Int(y)) => Some((*x, *y as f64)),
        _ => None,
    }
}

/// `a < b` for numbers.
#[inline]
pub fn num_lt(a: Number, b: Number) -> bool {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x < y,
        (Number::Float(x), Number::Float(y)) => x < y,
        (Number::Int(x), Number::Float(y)) => value::lt_int_float(x, y),
        (Number::Float(x), Number::Int(y)) => value::lt_float_int(x, y),
    }
}

#[inline]
pub fn num_le(a: Number, b: Number) -> bool {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x <= y,
        (Number::Float(x), Number::Float(y)) => x <= y,
        (Number::Int(x), Number::Float(y)) => value::le_int_float(x, y),
        (Number::Float(x), Number::Int(y)) => value::le_float_int(x, y),
    }
}

pub fn as_number(v: Value) -> Option<Number> {
    match v {
        Value::Int(i) => Some(Number::Int(i)),
        Value::Float(f) => Some(Number::Float(f)),
        _ => None,
    }
}

/// Appends the string form of a number (for `..` and `tostring`).
pub fn write_number(out: &mut Vec<u8>, v: Value) {
    match v {
        Value::Int(i) => number::write_int(out, i),
        Value::Float(f) => number::write_float(out, f),
        _ => {}
    }
}

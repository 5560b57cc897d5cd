//! What the dispatch loop reads besides the op: a function's constants and copies of stack
//! slots.

use crate::bytecode::FuncCode;
use crate::heap::{Heap, Kind, ACCESSOR};
use crate::value::{JsStr, Value};

pub(crate) fn const_str(code: &FuncCode, k: u32) -> JsStr {
    match code.consts.get(k as usize) {
        Some(Value::Str(s)) => s.clone(),
        _ => JsStr::from_str(""),
    }
}

pub(crate) fn const_name(code: &FuncCode, k: u32) -> String {
    match code.consts.get(k as usize) {
        Some(Value::Str(s)) => s.to_rust(),
        _ => "variable".into(),
    }
}

/// Pushes a copy of `v` when it is a number or an object, field by field (see
/// `push_local`); false (nothing pushed) for the other values.
#[inline(always)]
pub(crate) fn push_plain(stack: &mut Vec<Value>, v: &Value) -> bool {
    match *v {
        Value::Num(n) => stack.push(Value::Num(n)),
        Value::Obj(r) => stack.push(Value::Obj(r)),
        _ => return false,
    }
    true
}

/// Pushes a copy of stack slot `i`. Numbers, objects and strings are pushed field by
/// field: a whole-value copy goes through a temporary whose bytes are read back in
/// overlapping pieces, which stalls on store forwarding.
#[inline(always)]
pub(crate) fn push_local(stack: &mut Vec<Value>, i: usize) {
    match stack.get(i) {
        Some(&Value::Num(n)) => stack.push(Value::Num(n)),
        Some(&Value::Obj(o)) => stack.push(Value::Obj(o)),
        Some(Value::Str(s)) => {
            let s = s.clone();
            stack.push(Value::Str(s))
        }
        Some(v) => {
            let v = v.clone();
            stack.push(v)
        }
        None => stack.push(Value::Undefined),
    }
}

/// `o[k]` on the two values on top, when it needs no conversion, getter or prototype
/// lookup: an array element in range (not a hole) under an integer, or an own data
/// property of an ordinary object under a string (as `get_elem_raw` finds them first).
/// The element replaces the object and the key is popped; false (nothing changed) for
/// anything else. The element is written by variant, not moved through a temporary (see
/// `push_local`).
#[inline(always)]
pub(crate) fn get_elem_in_place(heap: &Heap, stack: &mut Vec<Value>) -> bool {
    let n = stack.len();
    let (Some(Value::Obj(r)), Some(k)) =
        (stack.get(n.wrapping_sub(2)), stack.get(n.wrapping_sub(1)))
    else {
        return false;
    };
    let obj = heap.get(*r);
    let v = match (k, &obj.kind) {
        (Value::Num(n), Kind::Array(items)) => {
            let i = *n as usize;
            match items.get(i) {
                Some(v) if i as f64 == *n && !v.is_empty() => v,
                _ => return false,
            }
        }
        (Value::Str(key), Kind::Ordinary) => match obj.props.entry(key) {
            Some(p) if p.flags & ACCESSOR == 0 => &p.value,
            _ => return false,
        },
        _ => return false,
    };
    let v = copy_value(v);
    stack.pop();
    if let Some(top) = stack.last_mut() {
        *top = v;
    }
    true
}

/// Whether `i in o` holds because `o` is an array with an element at integer `i` (no
/// key to make, no prototype to ask).
#[inline(always)]
pub(crate) fn has_plain_elem(heap: &Heap, o: &Value, k: &Value) -> bool {
    match (o, k) {
        (Value::Obj(r), Value::Num(n)) => match &heap.get(*r).kind {
            Kind::Array(items) => {
                let i = *n as usize;
                i as f64 == *n && items.get(i).is_some_and(|v| !v.is_empty())
            }
            _ => false,
        },
        _ => false,
    }
}

/// A copy of `v`: numbers, objects and booleans field by field, inline (the loop's
/// property and element reads); the rest by `clone`.
#[inline(always)]
pub(crate) fn copy_value(v: &Value) -> Value {
    match *v {
        Value::Num(n) => Value::Num(n),
        Value::Obj(o) => Value::Obj(o),
        Value::Bool(b) => Value::Bool(b),
        Value::Str(ref s) => Value::Str(s.clone()),
        ref v => v.clone(),
    }
}

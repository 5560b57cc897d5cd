//! What the dispatch loop reads besides the op: a function's constants and copies of stack
//! slots.

use crate::bytecode::FuncCode;
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

/// Pushes a copy of stack slot `i`. Numbers are pushed field by field: a whole-value copy
/// of a slot just written field by field stalls on store forwarding.
#[inline(always)]
pub(crate) fn push_local(stack: &mut Vec<Value>, i: usize) {
    match stack.get(i) {
        Some(&Value::Num(n)) => stack.push(Value::Num(n)),
        Some(v) => {
            let v = v.clone();
            stack.push(v)
        }
        None => stack.push(Value::Undefined),
    }
}

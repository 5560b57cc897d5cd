//! BigInt: the function (a conversion, not a constructor), asIntN/asUintN and
//! BigInt.prototype. The values and their bounded arithmetic are in vm/bigint.rs.

use super::*;
use crate::bigint::{self as big, MAX_BITS};
use num_traits::Signed;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let proto = b.realm.bigint_proto;
    let ctor = b.def(global, "BigInt", bigint_ctor, 1);
    b.link(ctor, proto);
    b.def(ctor, "asIntN", bigint_as_int_n, 2);
    b.def(ctor, "asUintN", bigint_as_uint_n, 2);
    b.def(proto, "toString", bigint_to_string, 0);
    b.def(proto, "toLocaleString", bigint_to_locale_string, 0);
    b.def(proto, "valueOf", bigint_value_of, 0);
    let tag = b.realm.well_known.to_string_tag.clone();
    b.heap
        .get_mut(proto)
        .props
        .insert(tag, Value::str("BigInt"), 0);
}

/// `BigInt(value)`: a Number must be an integer; anything else converts by ToBigInt.
fn bigint_ctor(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    if vm.is_new {
        return Err(vm.type_error("BigInt is not a constructor"));
    }
    if convert_in_prelude(vm, 27, &arg(a, 0), &Value::Undefined) {
        return Ok(Value::Undefined);
    }
    let p = vm.to_primitive(&arg(a, 0), true)?;
    if let Value::Num(n) = p {
        return match big::from_f64(n) {
            Some(b) => {
                vm.reserve_bigint(1100, 32)?;
                vm.new_bigint(b)
            }
            None => {
                let shown = crate::number::to_string(n);
                Err(vm.range_error(&format!(
                    "The number {shown} cannot be converted to a BigInt because it is not an integer"
                )))
            }
        };
    }
    vm.to_bigint(&p)
}

/// Hands the call to the prelude's converter (operator `code`) when converting `a` or `b`
/// runs a program's method (valueOf, toString, `Symbol.toPrimitive`, a getter): those run
/// as frames there, and the converter calls this built-in again with primitives.
fn convert_in_prelude(vm: &mut Vm, code: u8, a: &Value, b: &Value) -> bool {
    let Some(f) = vm.realm.converter else {
        return false;
    };
    if !vm.program_converts(a, true) && !vm.program_converts(b, true) {
        return false;
    }
    let args = vec![Value::Num(code as f64), a.clone(), b.clone()];
    vm.tail_call = Some((Value::Obj(f), Value::Undefined, args));
    true
}

/// The BigInt `this` is (a BigInt, or a BigInt wrapper object); a TypeError otherwise.
fn this_bigint(vm: &mut Vm, this: &Value, what: &str) -> JsResult<ObjRef> {
    match this {
        Value::BigInt(r) => Ok(*r),
        Value::Obj(r) => match &vm.heap.get(*r).kind {
            Kind::Primitive(Value::BigInt(b)) => Ok(*b),
            _ => Err(vm.type_error(&format!("{what} requires that 'this' be a BigInt"))),
        },
        _ => Err(vm.type_error(&format!("{what} requires that 'this' be a BigInt"))),
    }
}

fn bigint_to_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_bigint(vm, this, "BigInt.prototype.toString")?;
    let radix = match arg(a, 0) {
        Value::Undefined => 10.0,
        v => vm.to_number(&v)?.trunc(),
    };
    if !(2.0..=36.0).contains(&radix) {
        return Err(vm.range_error("toString() radix argument must be between 2 and 36"));
    }
    let s = vm.bigint_to_string(r, radix as u32)?;
    vm.new_string(s.encode_utf16().collect())
}

fn bigint_to_locale_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_bigint(vm, this, "BigInt.prototype.toLocaleString")?;
    super::intl::bigint_to_locale_string(vm, r, a)
}

fn bigint_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let r = this_bigint(vm, this, "BigInt.prototype.valueOf")?;
    Ok(Value::BigInt(r))
}

/// ToIndex of asIntN's first argument: an integer in 0..=2^53-1.
fn to_bit_count(vm: &mut Vm, v: &Value) -> JsResult<u64> {
    let n = match v {
        Value::Undefined => 0.0,
        v => {
            let n = vm.to_number(v)?;
            if n.is_nan() {
                0.0
            } else {
                n.trunc()
            }
        }
    };
    if !(0.0..=9_007_199_254_740_991.0).contains(&n) {
        return Err(vm.range_error("Invalid value: not (convertible to) a safe integer"));
    }
    Ok(n as u64)
}

fn bigint_as_uint_n(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    if convert_in_prelude(vm, 29, &arg(a, 0), &arg(a, 1)) {
        return Ok(Value::Undefined);
    }
    let bits = to_bit_count(vm, &arg(a, 0))?;
    let x = vm.to_bigint(&arg(a, 1))?;
    let Value::BigInt(r) = x else {
        return Ok(x);
    };
    let v = vm.big(r);
    if bits == 0 {
        return Ok(Value::BigInt(ObjRef::ZERO_BIGINT));
    }
    if !v.is_negative() && v.bits() <= bits {
        return Ok(x);
    }
    if v.is_negative() && bits > MAX_BITS {
        return Err(vm.range_error("Maximum BigInt size exceeded"));
    }
    // Now bits <= max(|x|'s bits, MAX_BITS): the mask is as large as the result.
    let out = bits.min(v.bits().max(bits));
    vm.reserve_bigint(out, 4 * big::limbs(out))?;
    let res = big::as_uint_n(vm.big(r), bits);
    vm.new_bigint(res)
}

fn bigint_as_int_n(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    if convert_in_prelude(vm, 28, &arg(a, 0), &arg(a, 1)) {
        return Ok(Value::Undefined);
    }
    let bits = to_bit_count(vm, &arg(a, 0))?;
    let x = vm.to_bigint(&arg(a, 1))?;
    let Value::BigInt(r) = x else {
        return Ok(x);
    };
    if bits == 0 {
        return Ok(Value::BigInt(ObjRef::ZERO_BIGINT));
    }
    // A value of fewer bits than the width (sign aside) is its own wrap.
    if vm.big(r).bits() < bits {
        return Ok(x);
    }
    vm.reserve_bigint(bits, 4 * big::limbs(bits))?;
    let res = big::as_int_n(vm.big(r), bits);
    vm.new_bigint(res)
}

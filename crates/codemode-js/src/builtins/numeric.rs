//! Number, Boolean and the numeric globals (isNaN, isFinite, parseFloat, parseInt).

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let number_proto = b.realm.number_proto;
    let boolean_proto = b.realm.boolean_proto;
    // Number
    let numberc = b.def(global, "Number", number_ctor, 1);
    b.link(numberc, number_proto);
    b.def(numberc, "isInteger", number_is_integer, 1);
    b.def(numberc, "isSafeInteger", number_is_safe_integer, 1);
    b.def(numberc, "isFinite", number_is_finite, 1);
    b.def(numberc, "isNaN", number_is_nan, 1);
    let pf = b.def(numberc, "parseFloat", global_parse_float, 1);
    let pi = b.def(numberc, "parseInt", global_parse_int, 2);
    b.set(global, "parseFloat", Value::Obj(pf));
    b.set(global, "parseInt", Value::Obj(pi));
    for (n, v) in [
        ("MAX_SAFE_INTEGER", 9007199254740991.0),
        ("MIN_SAFE_INTEGER", -9007199254740991.0),
        ("MAX_VALUE", f64::MAX),
        ("MIN_VALUE", 5e-324),
        ("EPSILON", f64::EPSILON),
        ("POSITIVE_INFINITY", f64::INFINITY),
        ("NEGATIVE_INFINITY", f64::NEG_INFINITY),
        ("NaN", f64::NAN),
    ] {
        b.set(numberc, n, Value::Num(v));
    }
    b.def(number_proto, "toFixed", num_to_fixed, 1);
    b.def(number_proto, "toPrecision", num_to_precision, 1);
    b.def(number_proto, "toExponential", num_to_exponential, 1);
    b.def(number_proto, "toString", num_to_string, 1);
    b.def(number_proto, "valueOf", num_value_of, 0);

    let boolean = b.def(global, "Boolean", boolean_ctor, 1);
    b.link(boolean, boolean_proto);
    b.def(boolean_proto, "toString", bool_to_string, 0);
    b.def(boolean_proto, "valueOf", bool_value_of, 0);

    b.def(global, "isNaN", global_is_nan, 1);
    b.def(global, "isFinite", global_is_finite, 1);
}

pub(crate) fn number_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if vm.is_new {
        let n = match a.first() {
            None => 0.0,
            Some(v) => number_of(vm, v)?,
        };
        return Ok(Value::Obj(vm.new_wrapper(Value::Num(n))));
    }
    if a.is_empty() {
        return Ok(Value::Num(0.0));
    }
    if convert_by_program(vm, 22, &a[0], true) {
        return Ok(Value::Undefined);
    }
    Ok(Value::Num(number_of(vm, &a[0])?))
}

/// Number(value): ToNumeric, a BigInt to the nearest Number.
fn number_of(vm: &mut Vm, v: &Value) -> JsResult<f64> {
    match vm.to_numeric(v.clone())? {
        Value::BigInt(r) => Ok(crate::bigint::to_f64(vm.big(r))),
        Value::Num(n) => Ok(n),
        _ => Ok(f64::NAN),
    }
}
pub(crate) fn number_is_integer(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite() && n.fract() == 0.0),
    ))
}
pub(crate) fn number_is_safe_integer(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite() && n.fract() == 0.0 && n.abs() <= 9007199254740991.0),
    ))
}
pub(crate) fn number_is_finite(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite()),
    ))
}
pub(crate) fn number_is_nan(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_nan()),
    ))
}
pub(crate) fn global_is_nan(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.to_number(&arg(a, 0))?.is_nan()))
}
pub(crate) fn global_is_finite(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.to_number(&arg(a, 0))?.is_finite()))
}
pub(crate) fn global_parse_float(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let s = vm.to_rust_string(&arg(a, 0))?;
    // The scan of the digits is the program's (a long numeric string in a loop).
    vm.charge(s.len())?;
    Ok(Value::Num(number::parse_float(&s)))
}
pub(crate) fn global_parse_int(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let s = vm.to_rust_string(&arg(a, 0))?;
    let r = number::to_int32(vm.to_number(&arg(a, 1))?);
    vm.charge(s.len())?;
    Ok(Value::Num(number::parse_int(&s, r)))
}
// Number.prototype, Boolean.prototype and String.prototype are themselves wrapper objects
// of 0, false and "" (ECMAScript); other wrappers hold their value in `Kind::Primitive`.
pub(crate) fn this_num(vm: &mut Vm, this: &Value) -> JsResult<f64> {
    match this {
        Value::Num(n) => Ok(*n),
        Value::Obj(r) if *r == vm.realm.number_proto => Ok(0.0),
        v => match vm.wrapped(v) {
            Some(Value::Num(n)) => Ok(n),
            _ => {
                Err(vm.type_error("Number.prototype method called on a value that is not a number"))
            }
        },
    }
}
pub(crate) fn num_to_fixed(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let f = to_int(vm, &arg(a, 0))?;
    if !(0.0..=100.0).contains(&f) {
        return Err(vm.range_error("toFixed() digits argument must be between 0 and 100"));
    }
    Ok(Value::str(&number::to_fixed(x, f as usize)))
}
pub(crate) fn num_to_precision(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    if let Value::Undefined = arg(a, 0) {
        return Ok(Value::str(&number::to_string(x)));
    }
    let p = to_int(vm, &arg(a, 0))?;
    if !x.is_finite() {
        return Ok(Value::str(&number::to_string(x)));
    }
    if !(1.0..=100.0).contains(&p) {
        return Err(vm.range_error("toPrecision() argument must be between 1 and 100"));
    }
    Ok(Value::str(&number::to_precision(x, p as usize)))
}
pub(crate) fn num_to_exponential(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let f = match arg(a, 0) {
        Value::Undefined => None,
        v => Some(to_int(vm, &v)?),
    };
    if !x.is_finite() {
        return Ok(Value::str(&number::to_string(x)));
    }
    if let Some(f) = f {
        if !(0.0..=100.0).contains(&f) {
            return Err(vm.range_error("toExponential() argument must be between 0 and 100"));
        }
    }
    Ok(Value::str(&number::to_exponential(
        x,
        f.map(|f| f as usize),
    )))
}
pub(crate) fn num_to_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let radix = match arg(a, 0) {
        Value::Undefined => 10.0,
        v => to_int(vm, &v)?,
    };
    if !(2.0..=36.0).contains(&radix) {
        return Err(vm.range_error("toString() radix must be between 2 and 36"));
    }
    if radix == 10.0 {
        return Ok(Value::str(&number::to_string(x)));
    }
    Ok(Value::str(&number::to_radix(x, radix as u32)))
}
pub(crate) fn num_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(this_num(vm, this)?))
}
pub(crate) fn boolean_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let b = Value::Bool(arg(a, 0).truthy());
    if vm.is_new {
        return Ok(Value::Obj(vm.new_wrapper(b)));
    }
    Ok(b)
}
/// `this` of the Boolean.prototype methods: a boolean, a Boolean object, or the prototype.
pub(crate) fn this_bool(vm: &mut Vm, this: &Value, method: &str) -> JsResult<bool> {
    match this {
        Value::Bool(b) => Ok(*b),
        Value::Obj(r) if *r == vm.realm.boolean_proto => Ok(false),
        v => match vm.wrapped(v) {
            Some(Value::Bool(b)) => Ok(b),
            _ => Err(vm.type_error(&format!(
                "Boolean.prototype.{method} requires that 'this' be a Boolean"
            ))),
        },
    }
}
pub(crate) fn bool_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let b = this_bool(vm, this, "toString")?;
    Ok(Value::str(if b { "true" } else { "false" }))
}
pub(crate) fn bool_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(this_bool(vm, this, "valueOf")?))
}

//! Math.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    // Math
    let math = b.obj(Some(object_proto), Kind::Ordinary);
    b.set(global, "Math", Value::Obj(math));
    for (n, v) in [
        ("PI", std::f64::consts::PI),
        ("E", std::f64::consts::E),
        ("LN2", std::f64::consts::LN_2),
        ("LN10", std::f64::consts::LN_10),
        ("LOG2E", std::f64::consts::LOG2_E),
        ("LOG10E", std::f64::consts::LOG10_E),
        ("SQRT2", std::f64::consts::SQRT_2),
        ("SQRT1_2", std::f64::consts::FRAC_1_SQRT_2),
    ] {
        b.set(math, n, Value::Num(v));
    }
    for (name, f, len) in [
        ("abs", math_abs as NativeFn, 1u8),
        ("floor", math_floor, 1),
        ("ceil", math_ceil, 1),
        ("round", math_round, 1),
        ("trunc", math_trunc, 1),
        ("sign", math_sign, 1),
        ("sqrt", math_sqrt, 1),
        ("cbrt", math_cbrt, 1),
        ("exp", math_exp, 1),
        ("expm1", math_expm1, 1),
        ("log", math_log, 1),
        ("log2", math_log2, 1),
        ("log10", math_log10, 1),
        ("log1p", math_log1p, 1),
        ("sin", math_sin, 1),
        ("cos", math_cos, 1),
        ("tan", math_tan, 1),
        ("asin", math_asin, 1),
        ("acos", math_acos, 1),
        ("atan", math_atan, 1),
        ("sinh", math_sinh, 1),
        ("cosh", math_cosh, 1),
        ("tanh", math_tanh, 1),
        ("asinh", math_asinh, 1),
        ("acosh", math_acosh, 1),
        ("atanh", math_atanh, 1),
        ("fround", math_fround, 1),
        ("clz32", math_clz32, 1),
        ("atan2", math_atan2, 2),
        ("pow", math_pow, 2),
        ("imul", math_imul, 2),
        ("max", math_max, 2),
        ("min", math_min, 2),
        ("hypot", math_hypot, 2),
        ("random", math_random, 0),
    ] {
        b.def(math, name, f, len);
    }
}

macro_rules! math1 {
    ($name:ident, $f:expr) => {
        fn $name(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
            let x = vm.to_number(&arg(a, 0))?;
            let f: fn(f64) -> f64 = $f;
            Ok(Value::Num(f(x)))
        }
    };
}
math1!(math_abs, f64::abs);
math1!(math_floor, f64::floor);
math1!(math_ceil, f64::ceil);
math1!(math_round, |x| {
    if !x.is_finite() || x.fract() == 0.0 {
        return x;
    }
    let f = x.floor();
    let r = if x - f >= 0.5 { f + 1.0 } else { f };
    if r == 0.0 && x < 0.0 {
        -0.0
    } else {
        r
    }
});
math1!(math_trunc, f64::trunc);
math1!(math_sign, |x| if x.is_nan() || x == 0.0 {
    x
} else {
    x.signum()
});
math1!(math_sqrt, f64::sqrt);
math1!(math_cbrt, f64::cbrt);
math1!(math_exp, f64::exp);
math1!(math_expm1, f64::exp_m1);
math1!(math_log, f64::ln);
math1!(math_log2, f64::log2);
math1!(math_log10, f64::log10);
math1!(math_log1p, f64::ln_1p);
math1!(math_sin, f64::sin);
math1!(math_cos, f64::cos);
math1!(math_tan, f64::tan);
math1!(math_asin, f64::asin);
math1!(math_acos, f64::acos);
math1!(math_atan, f64::atan);
math1!(math_sinh, f64::sinh);
math1!(math_cosh, f64::cosh);
math1!(math_tanh, f64::tanh);
math1!(math_asinh, f64::asinh);
math1!(math_acosh, f64::acosh);
math1!(math_atanh, f64::atanh);
math1!(math_fround, |x| x as f32 as f64);
math1!(math_clz32, |x| number::to_uint32(x).leading_zeros() as f64);
pub(crate) fn math_atan2(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let y = vm.to_number(&arg(a, 0))?;
    let x = vm.to_number(&arg(a, 1))?;
    Ok(Value::Num(y.atan2(x)))
}
pub(crate) fn math_pow(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let x = vm.to_number(&arg(a, 0))?;
    let y = vm.to_number(&arg(a, 1))?;
    Ok(Value::Num(crate::vm::js_pow(x, y)))
}
pub(crate) fn math_imul(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let x = number::to_int32(vm.to_number(&arg(a, 0))?);
    let y = number::to_int32(vm.to_number(&arg(a, 1))?);
    Ok(Value::Num(x.wrapping_mul(y) as f64))
}
pub(crate) fn math_max(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut m = f64::NEG_INFINITY;
    vm.charge(a.len())?;
    for x in a {
        let n = vm.to_number(x)?;
        if n.is_nan() || m.is_nan() {
            m = f64::NAN;
        } else if n > m || (n == 0.0 && m == 0.0 && !n.is_sign_negative()) {
            m = n;
        }
    }
    Ok(Value::Num(m))
}
pub(crate) fn math_min(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut m = f64::INFINITY;
    vm.charge(a.len())?;
    for x in a {
        let n = vm.to_number(x)?;
        if n.is_nan() || m.is_nan() {
            m = f64::NAN;
        } else if n < m || (n == 0.0 && m == 0.0 && n.is_sign_negative()) {
            m = n;
        }
    }
    Ok(Value::Num(m))
}
pub(crate) fn math_hypot(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    // Every argument is converted first; an infinity wins over NaN.
    let mut nums = Vec::with_capacity(a.len());
    for x in a {
        nums.push(vm.to_number(x)?);
    }
    if nums.iter().any(|n| n.is_infinite()) {
        return Ok(Value::Num(f64::INFINITY));
    }
    if nums.iter().any(|n| n.is_nan()) {
        return Ok(Value::Num(f64::NAN));
    }
    // Scaled by the largest magnitude (no overflow of the squares), Kahan-summed, as V8 does.
    let max = nums.iter().fold(0.0f64, |m, n| m.max(n.abs()));
    if max == 0.0 {
        return Ok(Value::Num(0.0));
    }
    let (mut sum, mut compensation) = (0.0f64, 0.0f64);
    for n in nums {
        let r = n.abs() / max;
        let summand = r * r - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    Ok(Value::Num(sum.sqrt() * max))
}
pub(crate) fn math_random(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(vm.next_random()))
}

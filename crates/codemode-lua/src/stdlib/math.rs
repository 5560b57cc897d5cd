//! The math library.

use codemode_lua_text::number::{float_to_int, FloatToInt, Number};

use super::{lib_error_vm, ret1, Args, Native};
use crate::value::Value;
use crate::vm::{arith, LResult, Vm};

fn float_or_int(f: f64) -> Value {
    match float_to_int(f, FloatToInt::Exact) {
        Some(i) => Value::Int(i),
        None => Value::Float(f),
    }
}

pub fn abs(vm: &mut Vm, a: Args) -> LResult<Native> {
    // Only integer values (not numeric strings) take the integer path, as in Lua.
    let v = match a.get(vm, 0) {
        Value::Int(i) => Value::Int(i.wrapping_abs()),
        _ => Value::Float(a.check_float(vm, 0)?.abs()),
    };
    ret1(vm, v)
}

pub fn ceil(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = match a.get(vm, 0) {
        Value::Int(i) => Value::Int(i),
        _ => float_or_int(a.check_float(vm, 0)?.ceil()),
    };
    ret1(vm, v)
}

pub fn floor(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = match a.get(vm, 0) {
        Value::Int(i) => Value::Int(i),
        _ => float_or_int(a.check_float(vm, 0)?.floor()),
    };
    ret1(vm, v)
}

pub fn fmod(vm: &mut Vm, a: Args) -> LResult<Native> {
    // The reference build checks the second argument first.
    let y = a.check_number(vm, 1)?;
    let x = a.check_number(vm, 0)?;
    let ints = matches!((a.get(vm, 0), a.get(vm, 1)), (Value::Int(_), Value::Int(_)));
    let v = match (x, y) {
        (Number::Int(m), Number::Int(d)) if ints => {
            if d == 0 {
                return Err(a.error_vm(vm, 1, "zero"));
            }
            if d == -1 {
                Value::Int(0)
            } else {
                Value::Int(m % d)
            }
        }
        _ => Value::Float(arith::to_float(x) % arith::to_float(y)),
    };
    ret1(vm, v)
}

pub fn modf(vm: &mut Vm, a: Args) -> LResult<Native> {
    // lmathlib: an integer is its own integral part; a float's integral part is pushed
    // as an integer when it fits one (`pushnumint`).
    if let Value::Int(i) = a.get(vm, 0) {
        vm.rets.push(Value::Int(i));
        vm.rets.push(Value::Float(0.0));
        return Ok(Native::Ret);
    }
    let f = a.check_float(vm, 0)?;
    let ip = if f < 0.0 { f.ceil() } else { f.floor() };
    vm.rets.push(float_or_int(ip));
    let frac = if f == ip { 0.0 } else { f - ip };
    vm.rets.push(Value::Float(frac));
    Ok(Native::Ret)
}

fn minmax(vm: &mut Vm, a: Args, want_max: bool) -> LResult<Native> {
    if a.n == 0 {
        return Err(a.error_vm(vm, 0, "value expected"));
    }
    // Lua compares with lua_compare, so any comparable values work.
    let mut best = a.get(vm, 0);
    for i in 1..a.n {
        let x = a.get(vm, i);
        let better = if want_max {
            vm.less_than(best, x)
        } else {
            vm.less_than(x, best)
        };
        if super::unpositioned(vm, better)? {
            best = x;
        }
    }
    ret1(vm, best)
}

pub fn max(vm: &mut Vm, a: Args) -> LResult<Native> {
    minmax(vm, a, true)
}

pub fn min(vm: &mut Vm, a: Args) -> LResult<Native> {
    minmax(vm, a, false)
}

macro_rules! float_fn {
    ($name:ident, $f:expr) => {
        pub fn $name(vm: &mut Vm, a: Args) -> LResult<Native> {
            let x = a.check_float(vm, 0)?;
            let f: fn(f64) -> f64 = $f;
            ret1(vm, Value::Float(f(x)))
        }
    };
}

float_fn!(sqrt, f64::sqrt);
float_fn!(exp, f64::exp);
float_fn!(sin, f64::sin);
float_fn!(cos, f64::cos);
float_fn!(tan, f64::tan);
float_fn!(asin, f64::asin);
float_fn!(acos, f64::acos);
// As lmathlib computes them (the constant factor first), for the same last bits.
float_fn!(deg, |x| x * (180.0 / std::f64::consts::PI));
float_fn!(rad, |x| x * (std::f64::consts::PI / 180.0));

pub fn atan(vm: &mut Vm, a: Args) -> LResult<Native> {
    let y = a.check_float(vm, 0)?;
    let x = if a.get(vm, 1).is_nil() {
        1.0
    } else {
        a.check_float(vm, 1)?
    };
    ret1(vm, Value::Float(y.atan2(x)))
}

pub fn log(vm: &mut Vm, a: Args) -> LResult<Native> {
    let x = a.check_float(vm, 0)?;
    let r = if a.get(vm, 1).is_nil() {
        x.ln()
    } else {
        let b = a.check_float(vm, 1)?;
        if b == 2.0 {
            x.log2()
        } else if b == 10.0 {
            x.log10()
        } else {
            x.ln() / b.ln()
        }
    };
    ret1(vm, Value::Float(r))
}

pub fn tointeger(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = match a.get(vm, 0) {
        Value::Int(i) => Value::Int(i),
        Value::Float(f) => match float_to_int(f, FloatToInt::Exact) {
            Some(i) => Value::Int(i),
            None => Value::Nil,
        },
        Value::Str(s) => {
            vm.charge(crate::vm::arith::numeral_cost(&vm.heap, s) as u64)?;
            match vm.to_number(a.get(vm, 0)) {
                Some(Number::Int(i)) => Value::Int(i),
                Some(Number::Float(f)) => float_to_int(f, FloatToInt::Exact)
                    .map(Value::Int)
                    .unwrap_or(Value::Nil),
                None => Value::Nil,
            }
        }
        _ => {
            a.check_any(vm, 0)?;
            Value::Nil
        }
    };
    ret1(vm, v)
}

pub fn type_(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = match a.check_any(vm, 0)? {
        Value::Int(_) => Value::Str(vm.names.integer),
        Value::Float(_) => Value::Str(vm.names.float),
        _ => Value::Nil,
    };
    ret1(vm, v)
}

pub fn ult(vm: &mut Vm, a: Args) -> LResult<Native> {
    let x = a.check_int(vm, 0)?;
    let y = a.check_int(vm, 1)?;
    ret1(vm, Value::Bool((x as u64) < (y as u64)))
}

pub fn random(vm: &mut Vm, a: Args) -> LResult<Native> {
    let (low, up) = match a.n {
        0 => {
            let f = vm.rng.float();
            return ret1(vm, Value::Float(f));
        }
        1 => {
            let m = a.check_int(vm, 0)?;
            if m == 0 {
                let r = vm.rng.full();
                return ret1(vm, Value::Int(r));
            }
            (1, m)
        }
        2 => (a.check_int(vm, 0)?, a.check_int(vm, 1)?),
        _ => return Err(crate::vm::LuaError::Msg("wrong number of arguments".into())),
    };
    let r = vm.rng.range(low, up).map_err(|e| lib_error_vm(vm, &a, e))?;
    ret1(vm, Value::Int(r))
}

pub fn randomseed(vm: &mut Vm, a: Args) -> LResult<Native> {
    if a.n == 0 {
        // Lua seeds from time and address; a sandbox stays deterministic. The seeds are
        // returned, as lua5.4 returns them, so that a program can repeat the sequence.
        const SEED: i64 = 0x2545_f491_4f6c_dd1d;
        vm.rng.seed(SEED, 0);
        vm.rets.push(Value::Int(SEED));
        vm.rets.push(Value::Int(0));
        return Ok(Native::Ret);
    }
    let n1 = a.check_int(vm, 0)?;
    let n2 = a.opt_int(vm, 1, 0)?;
    vm.rng.seed(n1, n2);
    vm.rets.push(Value::Int(n1));
    vm.rets.push(Value::Int(n2));
    Ok(Native::Ret)
}

//! The utf8 library.

use codemode_lua_text::utf8 as u;

use super::{lib_error_vm, meter, ret1, settle, Args, Native};
use crate::value::Value;
use crate::vm::{LResult, Vm};

pub fn char(vm: &mut Vm, a: Args) -> LResult<Native> {
    let mut out = Vec::new();
    for i in 0..a.n {
        let c = a.check_int(vm, i)?;
        u::char(c, i + 1, &mut out).map_err(|e| lib_error_vm(vm, &a, e))?;
    }
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

pub fn len(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let i = a.opt_int(vm, 1, 1)?;
    let j = a.opt_int(vm, 2, -1)?;
    let lax = a.get(vm, 3).truthy();
    let mut m = meter(vm);
    let start = m.remaining();
    let r = u::len(vm.heap.str_bytes(s), i, j, lax, &mut m);
    settle(vm, &m, start)?;
    match r.map_err(|e| lib_error_vm(vm, &a, e))? {
        Ok(n) => ret1(vm, Value::Int(n)),
        Err(p) => {
            vm.rets.push(Value::Nil);
            vm.rets.push(Value::Int(p));
            Ok(Native::Ret)
        }
    }
}

pub fn codepoint(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let i = a.opt_int(vm, 1, 1)?;
    let j = a.opt_int(vm, 2, i)?;
    let lax = a.get(vm, 3).truthy();
    let mut m = meter(vm);
    let start = m.remaining();
    let mut out = Vec::new();
    let r = u::codepoint(vm.heap.str_bytes(s), i, j, lax, &mut out, &mut m);
    settle(vm, &m, start)?;
    r.map_err(|e| lib_error_vm(vm, &a, e))?;
    vm.reserve_results(out.len())?;
    for c in out {
        vm.rets.push(Value::Int(c));
    }
    Ok(Native::Ret)
}

pub fn offset(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let n = a.check_int(vm, 1)?;
    let i = if a.get(vm, 2).is_nil() {
        None
    } else {
        Some(a.check_int(vm, 2)?)
    };
    let mut m = meter(vm);
    let start = m.remaining();
    let r = u::offset(vm.heap.str_bytes(s), n, i, &mut m);
    settle(vm, &m, start)?;
    let v = match r.map_err(|e| lib_error_vm(vm, &a, e))? {
        Some(p) => Value::Int(p),
        None => Value::Nil,
    };
    ret1(vm, v)
}

pub fn codes(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let lax = a.get(vm, 1).truthy();
    // As lua 5.4.5 on: a string may not start with a continuation byte.
    if vm
        .heap
        .str_bytes(s)
        .first()
        .is_some_and(|&c| c & 0xC0 == 0x80)
    {
        return Err(a.error_vm(vm, 0, "invalid UTF-8 code"));
    }
    vm.rets.push(Value::Builtin(if lax {
        super::UTF8_CODES_LAX_ITER
    } else {
        super::UTF8_CODES_ITER
    }));
    vm.rets.push(Value::Str(s));
    vm.rets.push(Value::Int(0));
    Ok(Native::Ret)
}

fn codes_step(vm: &mut Vm, a: Args, strict: bool) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let n = a.check_int(vm, 1)?;
    vm.charge(1)?;
    let next =
        u::codes_next(vm.heap.str_bytes(s), n, strict).map_err(|e| lib_error_vm(vm, &a, e))?;
    // No values at the end, as lua5.4's `iter_aux` (the generic `for` sees nil).
    if let Some((p, c)) = next {
        vm.rets.push(Value::Int(p));
        vm.rets.push(Value::Int(c));
    }
    Ok(Native::Ret)
}

pub fn codes_iter(vm: &mut Vm, a: Args) -> LResult<Native> {
    codes_step(vm, a, true)
}

pub fn codes_iter_lax(vm: &mut Vm, a: Args) -> LResult<Native> {
    codes_step(vm, a, false)
}

//! The basic library.

use codemode_lua_text::number::{self as lnum, Number};

use super::{ret1, Args, Native};
use crate::value::Value;
use crate::vm::meta::Event;
use crate::vm::{Cont, LResult, LuaError, Vm};

pub fn next(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let k = a.get(vm, 1);
    match vm.heap.table(t).next(k) {
        Ok(Some((k, v))) => {
            vm.rets.push(k);
            vm.rets.push(v);
        }
        Ok(None) => vm.rets.push(Value::Nil),
        Err(_) => return Err(LuaError::Msg("invalid key to 'next'".into())),
    }
    Ok(Native::Ret)
}

pub fn ipairs_iter(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.get(vm, 0);
    let i = a.check_int(vm, 1)?.wrapping_add(1);
    let v = match t {
        Value::Table(tr) => {
            let v = vm.heap.table(tr).get_int(i);
            if v.is_nil() && super::table_meta::needs_meta(vm, t) {
                return super::table_meta::ipairs_step(vm, &a, t, i);
            }
            v
        }
        _ => match vm.index(t, Value::Int(i)) {
            Ok(v) => v,
            Err(_) => {
                // Raised inside lua5.4's C iterator: no position.
                let e = LuaError::Msg(format!("attempt to index a {} value", vm.type_name(t)));
                return super::unpositioned(vm, Err(e));
            }
        },
    };
    if v.is_nil() {
        vm.rets.push(Value::Nil);
    } else {
        vm.rets.push(Value::Int(i));
        vm.rets.push(v);
    }
    Ok(Native::Ret)
}

pub fn setmetatable(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let mt = match a.get(vm, 1) {
        Value::Nil if a.n >= 2 => None,
        Value::Table(m) => Some(m),
        other => {
            let got = if a.n < 2 {
                "no value"
            } else {
                vm.type_name(other)
            };
            return Err(a.error_vm(vm, 1, format!("nil or table expected, got {got}")));
        }
    };
    if !vm.metamethod(Value::Table(t), Event::Metatable).is_nil() {
        return Err(LuaError::Msg("cannot change a protected metatable".into()));
    }
    vm.heap.with_table(t, |tab, _| tab.meta = mt);
    ret1(vm, Value::Table(t))
}

pub fn getmetatable(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.check_any(vm, 0)?;
    let mt = match v {
        Value::Str(_) => Some(vm.string_metatable()),
        _ => vm.metatable(v),
    };
    let r = match mt {
        None => Value::Nil,
        Some(m) => {
            let protected = vm.metamethod(v, Event::Metatable);
            if protected.is_nil() {
                Value::Table(m)
            } else {
                protected
            }
        }
    };
    ret1(vm, r)
}

pub fn pairs(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_any(vm, 0)?;
    let h = vm.metamethod(t, Event::Pairs);
    if !h.is_nil() {
        // `__pairs(t)` supplies the iterator triple: exactly its first three results (a
        // fourth would become a generic for's closing value), called from a continuation
        // (yieldable, as lua5.4's `pairscont`).
        let func = a.base - 1;
        vm.push_cont(Cont::Pairs, func, a.nresults)?;
        vm.ensure_stack(func + 4)?;
        vm.stack[func + 1] = h;
        vm.stack[func + 2] = t;
        return match vm.call_value(func + 1, 1, 3)? {
            crate::vm::CallOutcome::Suspend => Ok(Native::Suspend),
            _ => Ok(Native::Frame),
        };
    }
    vm.rets.push(Value::Builtin(super::NEXT));
    vm.rets.push(t);
    vm.rets.push(Value::Nil);
    Ok(Native::Ret)
}

pub fn ipairs(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_any(vm, 0)?;
    vm.rets.push(Value::Builtin(super::IPAIRS_ITER));
    vm.rets.push(t);
    vm.rets.push(Value::Int(0));
    Ok(Native::Ret)
}

pub fn pcall(vm: &mut Vm, a: Args) -> LResult<Native> {
    a.check_any(vm, 0)?;
    let func = a.base - 1;
    if let Err(e) = vm.push_cont(Cont::Pcall, func, a.nresults) {
        // lua5.4 makes the call inside the protection: a C-stack (or stack) overflow at
        // it is pcall's false and message.
        let e = caught(vm, e)?;
        vm.rets.push(Value::Bool(false));
        vm.rets.push(e);
        return Ok(Native::Ret);
    }
    call_protected(vm, func + 1, a.n - 1)
}

/// The value of a catchable error raised where lua5.4 has no Lua function to position it
/// at (a protected call failing to start); an uncatchable one goes on.
fn caught(vm: &mut Vm, e: LuaError) -> LResult<Value> {
    vm.frame_overflow = false;
    match e {
        LuaError::Value(v) => Ok(v),
        LuaError::Msg(m) => {
            vm.error_loc = vm.frame_location(0);
            Ok(Value::Str(vm.heap.intern(m.as_bytes())))
        }
        fatal @ LuaError::Fatal(_) => Err(fatal),
    }
}

/// Calls the value at `func` inside a protected continuation just pushed.
fn call_protected(vm: &mut Vm, func: usize, nargs: usize) -> LResult<Native> {
    use crate::vm::CallOutcome;
    match vm.call_value(func, nargs, -1)? {
        CallOutcome::Done | CallOutcome::Frame => Ok(Native::Frame),
        CallOutcome::Suspend => Ok(Native::Suspend),
    }
}

pub fn xpcall(vm: &mut Vm, a: Args) -> LResult<Native> {
    if a.n < 2 {
        return Err(a.error_vm(vm, 1, "value expected"));
    }
    let handler = a.get(vm, 1);
    let func = a.base - 1;
    // Shift the arguments over the handler: f, args... at func+1.
    let f = a.get(vm, 0);
    for i in 2..a.n {
        vm.stack[a.base + i - 1] = vm.stack[a.base + i];
    }
    vm.stack[a.base] = f;
    if let Err(e) = vm.push_cont(Cont::Xpcall { handler }, func, a.nresults) {
        // As for `pcall`; the message handler gets the error (not LUA_ERRERR's).
        let e = caught(vm, e)?;
        vm.call_message_handler(func, a.nresults, handler, e, 0)?;
        return Ok(Native::Frame);
    }
    call_protected(vm, func + 1, a.n - 2)
}

pub fn error(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.get(vm, 0);
    let level = a.opt_int(vm, 1, 1)?;
    if let Value::Str(s) = v {
        if level > 0 {
            // Level 1: where error was called; 2: that function's caller...
            if let Some((loc, mut msg)) = vm.frame_where(level as usize - 1) {
                msg.extend_from_slice(vm.str(s));
                vm.error_loc = Some(loc);
                let v = vm.new_str_vec(msg)?;
                return Err(LuaError::Value(v));
            }
        }
    }
    vm.error_loc = vm.frame_location(0);
    Err(LuaError::Value(v))
}

pub fn assert(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.check_any(vm, 0)?;
    if v.truthy() {
        for i in 0..a.n {
            let x = a.get(vm, i);
            vm.rets.push(x);
        }
        return Ok(Native::Ret);
    }
    if a.n >= 2 {
        // Like error(message, 1): a string message gets the caller's position.
        let m = a.get(vm, 1);
        vm.error_loc = vm.frame_location(0);
        if let (Value::Str(s), Some((_, mut msg))) = (m, vm.frame_where(0)) {
            msg.extend_from_slice(vm.str(s));
            let v = vm.new_str_vec(msg)?;
            return Err(LuaError::Value(v));
        }
        return Err(LuaError::Value(m));
    }
    Err(LuaError::Msg("assertion failed!".into()))
}

/// A `print` waiting on an argument's `__tostring`.
pub struct PrintState {
    /// The argument being converted (or next to convert).
    next: usize,
    n: usize,
    /// A `__tostring` call for argument `next` is running.
    pending: bool,
    out: Vec<u8>,
}

/// Drives a `print` whose arguments have `__tostring`: each handler runs as a call above
/// the arguments, and the line is logged when all are converted.
pub fn print_resume(vm: &mut Vm) -> LResult<Option<crate::vm::Exit>> {
    use crate::vm::{CallOutcome, Exit, FrameKind};
    loop {
        let Some(frame) = vm.frames.last_mut() else {
            return Ok(None);
        };
        let func = frame.func as usize;
        let FrameKind::Cont(Cont::Print(st)) = &mut frame.kind else {
            return Ok(None);
        };
        let mut st = std::mem::replace(
            st,
            Box::new(PrintState {
                next: 0,
                n: 0,
                pending: false,
                out: Vec::new(),
            }),
        );
        let slot = func + 1 + st.n;
        if st.pending {
            match vm.stack[slot] {
                v @ (Value::Str(_) | Value::Int(_) | Value::Float(_)) => {
                    vm.write_tostring(&mut st.out, v)
                }
                _ => return Err(LuaError::Msg("'__tostring' must return a string".into())),
            }
            vm.check_len(st.out.len())?;
            st.pending = false;
            st.next += 1;
        }
        let mut call = None;
        while st.next < st.n {
            let v = vm.stack[func + 1 + st.next];
            if st.next > 0 {
                st.out.push(b'\t');
            }
            let h = vm.metamethod(v, Event::ToString);
            if !h.is_nil() {
                call = Some((h, v));
                break;
            }
            super::tostr::write_named(vm, &mut st.out, v)?;
            vm.check_len(st.out.len())?;
            st.next += 1;
        }
        let Some((h, v)) = call else {
            vm.charge(st.out.len() as u64 / 8)?;
            vm.log(String::from_utf8_lossy(&st.out).into_owned())?;
            vm.do_return(func, 0)?;
            return Ok(None);
        };
        st.pending = true;
        vm.charge(1)?;
        vm.ensure_stack(slot + 3)?;
        vm.stack[slot] = h;
        vm.stack[slot + 1] = v;
        if let Some(frame) = vm.frames.last_mut() {
            if let FrameKind::Cont(Cont::Print(s)) = &mut frame.kind {
                *s = st;
            }
        }
        match vm.call_value(slot, 1, 1)? {
            CallOutcome::Done => continue,
            CallOutcome::Frame => return Ok(None),
            CallOutcome::Suspend => return Ok(Some(Exit::Suspend)),
        }
    }
}

pub fn print(vm: &mut Vm, a: Args) -> LResult<Native> {
    let with_meta = (0..a.n).any(|i| vm.metatable(a.get(vm, i)).is_some());
    if with_meta {
        let func = a.base - 1;
        let state = PrintState {
            next: 0,
            n: a.n,
            pending: false,
            out: Vec::new(),
        };
        vm.push_cont(Cont::Print(Box::new(state)), func, a.nresults)?;
        return match print_resume(vm)? {
            Some(crate::vm::Exit::Suspend) => Ok(Native::Suspend),
            _ => Ok(Native::Frame),
        };
    }
    let mut out = Vec::new();
    for i in 0..a.n {
        if i > 0 {
            out.push(b'\t');
        }
        let v = a.get(vm, i);
        vm.write_tostring(&mut out, v);
    }
    vm.charge(out.len() as u64 / 8)?;
    vm.log(String::from_utf8_lossy(&out).into_owned())?;
    Ok(Native::Ret)
}

pub fn rawequal(vm: &mut Vm, a: Args) -> LResult<Native> {
    let x = a.check_any(vm, 0)?;
    let y = a.check_any(vm, 1)?;
    ret1(vm, Value::Bool(x.raw_eq(y)))
}

pub fn rawget(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let k = a.get(vm, 1);
    let v = vm.heap.table(t).get(k);
    ret1(vm, v)
}

pub fn rawlen(vm: &mut Vm, a: Args) -> LResult<Native> {
    let n = match a.get(vm, 0) {
        Value::Table(t) => vm.heap.table(t).len() as i64,
        Value::Str(s) => vm.str(s).len() as i64,
        _ => return Err(a.error_vm(vm, 0, "table or string expected")),
    };
    ret1(vm, Value::Int(n))
}

pub fn rawset(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let k = a.check_any(vm, 1)?;
    let v = a.check_any(vm, 2)?;
    crate::stdlib::table::table_set(vm, t, k, v)?;
    ret1(vm, Value::Table(t))
}

pub fn select(vm: &mut Vm, a: Args) -> LResult<Native> {
    let n = a.n as i64;
    if let Value::Str(s) = a.get(vm, 0) {
        if vm.str(s) == b"#" {
            return ret1(vm, Value::Int(n - 1));
        }
    }
    let i = a.check_int(vm, 0)?;
    let start = if i < 0 {
        if -i > n - 1 {
            return Err(a.error_vm(vm, 0, "index out of range"));
        }
        n + i
    } else if i == 0 {
        return Err(a.error_vm(vm, 0, "index out of range"));
    } else {
        i.min(n)
    };
    vm.charge((a.n - start as usize) as u64 / 4)?;
    vm.reserve_results(a.n - start as usize)?;
    for j in start as usize..a.n {
        let v = a.get(vm, j);
        vm.rets.push(v);
    }
    Ok(Native::Ret)
}

pub fn tonumber(vm: &mut Vm, a: Args) -> LResult<Native> {
    let base = a.get(vm, 1);
    if base.is_nil() {
        let v = a.check_any(vm, 0)?;
        let r = match v {
            Value::Int(_) | Value::Float(_) => v,
            Value::Str(s) => {
                vm.charge(crate::vm::arith::numeral_cost(&vm.heap, s) as u64)?;
                match lnum::parse_number(vm.str(s)) {
                    Some(Number::Int(i)) => Value::Int(i),
                    Some(Number::Float(f)) => Value::Float(f),
                    None => Value::Nil,
                }
            }
            _ => Value::Nil,
        };
        return ret1(vm, r);
    }
    let b = a.check_int(vm, 1)?;
    let s = match a.get(vm, 0) {
        Value::Str(s) => s,
        _ => return Err(a.type_error(vm, 0, "string")),
    };
    if !(2..=36).contains(&b) {
        return Err(a.error_vm(vm, 1, "base out of range"));
    }
    vm.charge(crate::vm::arith::numeral_cost(&vm.heap, s) as u64)?;
    let r = match lnum::parse_int_base(vm.str(s), b as u32) {
        Some(i) => Value::Int(i),
        None => Value::Nil,
    };
    ret1(vm, r)
}

pub fn tostring(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.check_any(vm, 0)?;
    if vm.metatable(v).is_some() {
        if !vm.metamethod(v, Event::ToString).is_nil() {
            return super::tostr::start(vm, &a, super::tostr::TostrFor::Tostring, vec![0]);
        }
        let mut out = Vec::new();
        super::tostr::write_named(vm, &mut out, v)?;
        let s = vm.new_str_vec(out)?;
        return ret1(vm, s);
    }
    let s = vm.tostring(v)?;
    ret1(vm, s)
}

pub fn type_(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.check_any(vm, 0)?;
    let name = vm.type_name(v);
    let s = vm.names.type_name(name);
    ret1(vm, Value::Str(s))
}

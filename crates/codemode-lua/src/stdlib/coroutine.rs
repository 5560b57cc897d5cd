//! The `coroutine` library over the VM's threads (see `vm::coroutine`).

use super::{Args, Native};
use crate::heap::Proxy;
use crate::value::{ThreadRef, Value};
use crate::vm::coroutine::CoStatus;
use crate::vm::{LResult, Vm};

fn check_function(vm: &Vm, a: &Args, i: usize) -> LResult<Value> {
    let f = a.get(vm, i);
    if i >= a.n || vm.type_name(f) != "function" {
        return Err(a.type_error(vm, i, "function"));
    }
    Ok(f)
}

fn check_thread(vm: &Vm, a: &Args, i: usize) -> LResult<ThreadRef> {
    match a.get(vm, i) {
        Value::Thread(t) => Ok(t),
        _ => Err(a.type_error(vm, i, "thread")),
    }
}

pub fn create(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = check_function(vm, &a, 0)?;
    let t = vm.new_coroutine(f)?;
    super::ret1(vm, Value::Thread(t))
}

pub fn resume(vm: &mut Vm, a: Args) -> LResult<Native> {
    let co = check_thread(vm, &a, 0)?;
    vm.resume(co, a.base - 1, a.base + 1, a.n - 1, a.nresults, false)
}

pub fn yield_(vm: &mut Vm, a: Args) -> LResult<Native> {
    vm.yield_values(a.base - 1, a.base, a.n, a.nresults)
}

pub fn wrap(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = check_function(vm, &a, 0)?;
    let t = vm.new_coroutine(f)?;
    let p = vm.heap.new_proxy(Proxy::Wrap(t));
    super::ret1(vm, Value::Proxy(p))
}

pub fn status(vm: &mut Vm, a: Args) -> LResult<Native> {
    let co = check_thread(vm, &a, 0)?;
    let name: &[u8] = match vm.co_status(co) {
        CoStatus::Suspended => b"suspended",
        CoStatus::Running => b"running",
        CoStatus::Normal => b"normal",
        CoStatus::Dead => b"dead",
    };
    let s = vm.heap.intern(name);
    super::ret1(vm, Value::Str(s))
}

pub fn running(vm: &mut Vm, _a: Args) -> LResult<Native> {
    vm.rets.push(Value::Thread(vm.current));
    vm.rets.push(Value::Bool(vm.current == vm.main));
    Ok(Native::Ret)
}

pub fn isyieldable(vm: &mut Vm, a: Args) -> LResult<Native> {
    let yieldable = if a.get(vm, 0).is_nil() {
        vm.yieldable()?
    } else {
        let co = check_thread(vm, &a, 0)?;
        if co == vm.current {
            vm.yieldable()?
        } else {
            // A suspended or normal coroutine stopped in a yield or a resume, both of
            // which it may leave by yielding.
            !vm.heap.thread(co).is_main
        }
    };
    super::ret1(vm, Value::Bool(yieldable))
}

pub fn close(vm: &mut Vm, a: Args) -> LResult<Native> {
    let co = check_thread(vm, &a, 0)?;
    match vm.co_status(co) {
        CoStatus::Running => Err(crate::vm::LuaError::Msg(
            "cannot close a running coroutine".into(),
        )),
        CoStatus::Normal => Err(crate::vm::LuaError::Msg(
            "cannot close a normal coroutine".into(),
        )),
        CoStatus::Suspended | CoStatus::Dead => match vm.close_coroutine(co)? {
            (None, p) if p.is_empty() => super::ret1(vm, Value::Bool(true)),
            (Some(e), p) if p.is_empty() => {
                vm.rets.push(Value::Bool(false));
                vm.rets.push(e);
                Ok(Native::Ret)
            }
            // Its pending variables are closed here, last first, each `__close` a frame.
            (err, pending) => {
                vm.heap.thread_mut(co).status = CoStatus::Running;
                let st = crate::vm::close::CoCloseState { co, pending, err };
                let pushed = vm.push_cont(
                    crate::vm::Cont::CoClose(Box::new(st)),
                    a.base - 1,
                    a.nresults,
                );
                match pushed {
                    Ok(()) => vm.co_close_step(),
                    // No C level left for the `__close` calls: lua5.4's protected close
                    // fails at each, and `close` returns false and the overflow.
                    Err(crate::vm::LuaError::Value(e)) => {
                        vm.heap.thread_mut(co).status = CoStatus::Dead;
                        vm.rets.push(Value::Bool(false));
                        vm.rets.push(e);
                        Ok(Native::Ret)
                    }
                    Err(e) => {
                        vm.heap.thread_mut(co).status = CoStatus::Dead;
                        Err(e)
                    }
                }
            }
        },
    }
}

/// `parallel(fns)`: runs each function of the array `fns` as a task (see `vm::parallel`).
pub fn parallel(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let n = vm.heap.table(t).len();
    vm.charge(n as u64)?;
    vm.reserve_memory(n.saturating_mul(std::mem::size_of::<Value>()))?;
    let fns: Vec<Value> = (1..=n as i64)
        .map(|i| vm.heap.table(t).get_int(i))
        .collect();
    vm.parallel(fns, a.base - 1, a.nresults)
}

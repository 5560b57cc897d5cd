//! `__tostring` calls of `tostring` and of `string.format`'s `%s` (lauxlib's
//! `luaL_tolstring`): each handler runs as a call above the builtin's arguments, from a
//! continuation frame, and its result must be a string (or a number, made a string).

use super::{Args, Native};
use crate::value::Value;
use crate::vm::meta::Event;
use crate::vm::{CallOutcome, Cont, Exit, FrameKind, LResult, LuaError, Vm};

/// What the converted values are for.
#[derive(Clone, Copy)]
pub enum TostrFor {
    /// `tostring(v)`: returns the one converted value.
    Tostring,
    /// `string.format`: formats with the converted values in place of their arguments.
    Format { from_lua: bool },
}

/// A builtin waiting on `__tostring` calls for some of its arguments.
pub struct TostrState {
    purpose: TostrFor,
    nargs: usize,
    /// Argument indices (0-based) to convert, in order.
    todo: Vec<usize>,
    /// The converted strings of `todo`'s first entries.
    done: Vec<Value>,
    /// A `__tostring` call for `todo[done.len()]` is running.
    pending: bool,
}

impl TostrState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        for v in &self.done {
            mark(*v);
        }
    }

    fn empty() -> Self {
        TostrState {
            purpose: TostrFor::Tostring,
            nargs: 0,
            todo: Vec::new(),
            done: Vec::new(),
            pending: false,
        }
    }
}

/// `tostring` of a value without `__tostring`: `__name` names a table, as lua5.4 shows it.
/// The name is the program's and may be long: its copy is charged and bounded first.
pub fn write_named(vm: &mut Vm, out: &mut Vec<u8>, v: Value) -> LResult<()> {
    if let Value::Str(name) = vm.metamethod(v, Event::Name) {
        let len = vm.str(name).len();
        vm.check_len(out.len().saturating_add(len))?;
        vm.check_memory_with(out.len().saturating_add(len))?;
        vm.charge(len as u64 / 8)?;
        out.extend_from_slice(vm.str(name));
        out.extend_from_slice(b": ");
        let mut addr = Vec::new();
        vm.write_tostring(&mut addr, v);
        let tail = addr.iter().position(|&b| b == b' ').map_or(0, |i| i + 1);
        out.extend_from_slice(&addr[tail..]);
    } else {
        vm.write_tostring(out, v);
    }
    Ok(())
}

/// Starts converting arguments `todo` of the builtin `a` with their `__tostring`.
pub fn start(vm: &mut Vm, a: &Args, purpose: TostrFor, todo: Vec<usize>) -> LResult<Native> {
    // The list is at most one entry per argument, already on the stack.
    vm.charge(todo.len() as u64)?;
    let state = TostrState {
        purpose,
        nargs: a.n,
        todo,
        done: Vec::new(),
        pending: false,
    };
    super::start_cont(vm, Cont::Tostr(Box::new(state)), a, resume)
}

/// Takes the last handler's result and calls the next handler, or finishes the builtin.
pub fn resume(vm: &mut Vm) -> LResult<Option<Exit>> {
    loop {
        let Some(frame) = vm.frames.last_mut() else {
            return Ok(None);
        };
        let func = frame.func as usize;
        let nresults = frame.nresults;
        let FrameKind::Cont(Cont::Tostr(st)) = &mut frame.kind else {
            return Ok(None);
        };
        let mut st = std::mem::replace(st, Box::new(TostrState::empty()));
        let slot = func + 1 + st.nargs;
        if st.pending {
            let s = match vm.stack[slot] {
                v @ Value::Str(_) => v,
                v @ (Value::Int(_) | Value::Float(_)) => vm.tostring(v)?,
                _ => return Err(LuaError::Msg("'__tostring' must return a string".into())),
            };
            st.done.push(s);
            st.pending = false;
        }
        let Some(&i) = st.todo.get(st.done.len()) else {
            return finish(vm, func, nresults, *st).map(|_| None);
        };
        let v = vm.stack[func + 1 + i];
        let h = vm.metamethod(v, Event::ToString);
        if h.is_nil() {
            // An earlier handler removed this one: convert as lua5.4 would now.
            let mut out = Vec::new();
            write_named(vm, &mut out, v)?;
            let s = vm.new_str_vec(out)?;
            st.done.push(s);
            put_back(vm, st);
            continue;
        }
        st.pending = true;
        vm.charge(1)?;
        vm.ensure_stack(slot + 3)?;
        vm.stack[slot] = h;
        vm.stack[slot + 1] = v;
        put_back(vm, st);
        // A builtin handler's own errors carry no position (lua5.4 calls it from C).
        let called = vm.call_value(slot, 1, 1);
        match super::unpositioned(vm, called)? {
            CallOutcome::Done => continue,
            CallOutcome::Frame => return Ok(None),
            CallOutcome::Suspend => return Ok(Some(Exit::Suspend)),
        }
    }
}

fn put_back(vm: &mut Vm, st: Box<TostrState>) {
    if let Some(frame) = vm.frames.last_mut() {
        if let FrameKind::Cont(Cont::Tostr(s)) = &mut frame.kind {
            *s = st;
        }
    }
}

fn finish(vm: &mut Vm, func: usize, nresults: i32, st: TostrState) -> LResult<()> {
    let result = match st.purpose {
        TostrFor::Tostring => st.done.first().copied().unwrap_or(Value::Nil),
        TostrFor::Format { from_lua } => {
            let a = Args {
                base: func + 1,
                n: st.nargs,
                name: "format",
                lib: "string",
                nresults,
                resumed_from_lua: from_lua,
            };
            let converted: Vec<(usize, Value)> = st.todo.iter().copied().zip(st.done).collect();
            super::string::format_with(vm, &a, &converted)?
        }
    };
    vm.ensure_stack(func + 2)?;
    vm.stack[func] = result;
    vm.do_return(func, 1)
}

/// The arguments of `string.format` whose `%s` conversion calls `__tostring`, in order,
/// each with the offset of its `%` in `fmt`. The scan stops at a missing argument or an
/// unknown conversion; the caller checks that the formats before each one succeed.
pub fn format_tostring_args(vm: &Vm, a: &Args, fmt: &[u8]) -> Vec<(usize, usize)> {
    let mut todo = Vec::new();
    let mut arg = 0usize;
    let mut i = 0usize;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        let at = i;
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        arg += 1;
        if arg >= a.n {
            break;
        }
        while i < fmt.len() && b"-+ #0123456789.".contains(&fmt[i]) {
            i += 1;
        }
        match fmt.get(i) {
            Some(b's') => {
                let v = a.get(vm, arg);
                if !vm.metamethod(v, Event::ToString).is_nil() {
                    todo.push((arg, at));
                }
            }
            Some(c) if b"acdEefgGioqpuxX".contains(c) => {}
            _ => break,
        }
        i += 1;
    }
    todo
}

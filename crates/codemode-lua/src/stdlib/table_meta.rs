//! The table library (and `ipairs`) over tables whose metatable has `__index`,
//! `__newindex` or `__len`: lua5.4 reads them with `lua_geti`, writes with `lua_seti` and
//! measures with `luaL_len`, so those metamethods apply. Each function here is a state
//! machine run from a `Cont::TableMeta` frame: it asks the driver for one access at a time,
//! and an access that needs a metamethod function calls it as a frame above the builtin's
//! arguments (no native recursion); the function resumes with the result. Tables without
//! such a metatable never come here (the library's plain loops serve them).

use super::table::{lt_metamethod, sort_step, SortState, Step};
use super::{Args, Native};
use crate::value::{TableRef, Value};
use crate::vm::meta::{Access, Event};
use crate::vm::{CallOutcome, Cont, Exit, FrameKind, LResult, LuaError, Vm};

/// Whether `t` is a table whose accesses by the library may call metamethods.
pub fn needs_meta(vm: &Vm, t: Value) -> bool {
    let Value::Table(t) = t else {
        return false;
    };
    let Some(m) = vm.heap.table(t).meta else {
        return false;
    };
    let m = vm.heap.table(m);
    [Event::Index, Event::NewIndex, Event::Len]
        .iter()
        .any(|&e| !m.get_str(vm.names.events[e as usize]).is_nil())
}

/// One access a function asks for; its result comes back as the next step's input.
enum Next {
    /// `luaL_len(t)` (the input is the length, an integer).
    Len(Value),
    Get(Value, i64),
    Set(Value, i64, Value),
    /// Calls a comparator (or `__lt`) with two values; the input is its first result.
    Call(Value, Value, Value),
    /// The function returns these values.
    Return(Vec<Value>),
}

/// Where a function is; the fields are its loop variables.
enum Op {
    /// `table.insert(t, [pos,] v)`; `pos` None: append.
    Insert {
        t: Value,
        pos: Option<i64>,
        v: Value,
        i: i64,
        phase: u8,
    },
    Remove {
        t: Value,
        pos: Option<i64>,
        size: i64,
        result: Value,
        phase: u8,
    },
    Concat {
        t: Value,
        sep: Vec<u8>,
        i: i64,
        j: Option<i64>,
        k: i64,
        out: Vec<u8>,
        phase: u8,
    },
    Unpack {
        t: Value,
        i: i64,
        j: Option<i64>,
        k: i64,
        vals: Vec<Value>,
        phase: u8,
    },
    Move {
        from: Value,
        f: i64,
        to: Value,
        t: i64,
        /// Elements left to move; `backward`: from the last.
        left: i64,
        backward: bool,
        k: i64,
        phase: u8,
    },
    /// The `ipairs` iterator's step `i`.
    Ipairs { t: Value, i: i64, phase: u8 },
    /// `table.sort`: reads the `n` elements, sorts them (lua5.4's quicksort, as for plain
    /// tables), writes them back.
    Sort {
        t: TableRef,
        comp: Value,
        n: i64,
        k: i64,
        vals: Vec<Value>,
        sort: Option<Box<SortState>>,
        phase: u8,
    },
}

pub struct TableMetaState {
    op: Op,
    /// Program code called the function (names it `insert`, not `table.insert`).
    from_lua: bool,
    /// The function's name in argument errors.
    name: &'static str,
    nargs: usize,
    /// A metamethod call is running; its result lands at the call slot.
    waiting: bool,
    /// The result of the last access done without a call.
    input: Value,
}

impl TableMetaState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(self.input);
        match &self.op {
            Op::Insert { t, v, .. } => {
                mark(*t);
                mark(*v);
            }
            Op::Remove { t, result, .. } => {
                mark(*t);
                mark(*result);
            }
            Op::Concat { t, .. } | Op::Ipairs { t, .. } => mark(*t),
            Op::Unpack { t, vals, .. } => {
                mark(*t);
                for v in vals {
                    mark(*v);
                }
            }
            Op::Move { from, to, .. } => {
                mark(*from);
                mark(*to);
            }
            Op::Sort {
                t,
                comp,
                vals,
                sort,
                ..
            } => {
                mark(Value::Table(*t));
                mark(*comp);
                for v in vals {
                    mark(*v);
                }
                if let Some(st) = sort {
                    st.mark(mark);
                }
            }
        }
    }
}

/// `luaL_len`'s integer: `__len`'s result must convert to an integer.
fn length(vm: &Vm, v: Value) -> LResult<i64> {
    use codemode_lua_text::number::Number;
    match vm.to_number(v) {
        Some(Number::Int(i)) => Ok(i),
        Some(Number::Float(f))
            if f.fract() == 0.0 && f >= -(2f64.powi(63)) && f < 2f64.powi(63) =>
        {
            Ok(f as i64)
        }
        _ => Err(LuaError::Msg("object length is not an integer".into())),
    }
}

impl Op {
    /// Advances with `input` (the result of the access asked for last).
    fn step(&mut self, vm: &mut Vm, a: &Args, input: Value) -> LResult<Next> {
        match self {
            Op::Insert {
                t,
                pos,
                v,
                i,
                phase,
            } => match *phase {
                0 => {
                    *phase = 1;
                    Ok(Next::Len(*t))
                }
                1 => {
                    let e = length(vm, input)?.wrapping_add(1);
                    // lua5.4 measures the table before it looks at the other arguments.
                    match a.n {
                        2 => *v = a.get(vm, 1),
                        3 => {
                            *pos = Some(a.check_int(vm, 1)?);
                            *v = a.get(vm, 2);
                        }
                        _ => {
                            return Err(LuaError::Msg(
                                "wrong number of arguments to 'insert'".into(),
                            ))
                        }
                    }
                    let Some(p) = *pos else {
                        *phase = 9;
                        return Ok(Next::Set(*t, e, *v));
                    };
                    if (p as u64).wrapping_sub(1) >= e as u64 {
                        return Err(a.error_vm(vm, 1, "position out of bounds"));
                    }
                    *i = e;
                    *phase = 2;
                    self.step(vm, a, Value::Nil)
                }
                // Shifting up: t[i] = t[i - 1] down to pos + 1.
                2 => {
                    let p = pos.unwrap_or(0);
                    if *i > p {
                        *phase = 3;
                        return Ok(Next::Get(*t, *i - 1));
                    }
                    *phase = 9;
                    Ok(Next::Set(*t, p, *v))
                }
                3 => {
                    let at = *i;
                    *i -= 1;
                    *phase = 2;
                    Ok(Next::Set(*t, at, input))
                }
                _ => Ok(Next::Return(Vec::new())),
            },
            Op::Remove {
                t,
                pos,
                size,
                result,
                phase,
            } => match *phase {
                0 => {
                    *phase = 1;
                    Ok(Next::Len(*t))
                }
                1 => {
                    *size = length(vm, input)?;
                    let p = a.opt_int(vm, 1, *size)?;
                    // As ltablib's tremove: a position other than the size must be in
                    // [1, size + 1].
                    if p != *size && (p as u64).wrapping_sub(1) > *size as u64 {
                        return Err(a.error_vm(vm, 0, "position out of bounds"));
                    }
                    *pos = Some(p);
                    *phase = 2;
                    Ok(Next::Get(*t, p))
                }
                2 => {
                    *result = input;
                    *phase = 3;
                    self.step(vm, a, Value::Nil)
                }
                // Shifting down: t[pos] = t[pos + 1] while pos < size.
                3 => {
                    let p = pos.unwrap_or(0);
                    if p < *size {
                        *phase = 4;
                        return Ok(Next::Get(*t, p + 1));
                    }
                    *phase = 9;
                    Ok(Next::Set(*t, p, Value::Nil))
                }
                4 => {
                    let p = pos.unwrap_or(0);
                    *pos = Some(p + 1);
                    *phase = 3;
                    Ok(Next::Set(*t, p, input))
                }
                _ => Ok(Next::Return(vec![*result])),
            },
            Op::Concat {
                t,
                sep,
                i,
                j,
                k,
                out,
                phase,
            } => match *phase {
                0 => {
                    // lua5.4 measures the table even when `j` is given.
                    *phase = 1;
                    Ok(Next::Len(*t))
                }
                1 => {
                    let last = length(vm, input)?;
                    if let Some(s) = a.opt_str(vm, 1)? {
                        *sep = vm.str(s).to_vec();
                    }
                    *i = a.opt_int(vm, 2, 1)?;
                    let j = *j.insert(a.opt_int(vm, 3, last)?);
                    if *i > j {
                        let s = vm.new_str_vec(Vec::new())?;
                        return Ok(Next::Return(vec![s]));
                    }
                    *k = *i;
                    *phase = 2;
                    Ok(Next::Get(*t, *k))
                }
                _ => {
                    let before = out.len();
                    match input {
                        Value::Str(s) => out.extend_from_slice(vm.str(s)),
                        Value::Int(_) | Value::Float(_) => vm.write_tostring(out, input),
                        other => {
                            return Err(LuaError::Msg(format!(
                                "invalid value ({}) at index {} in table for 'concat'",
                                vm.type_name(other),
                                k
                            )))
                        }
                    }
                    if Some(*k) == *j {
                        vm.check_len(out.len())?;
                        let s = vm.new_str_vec(std::mem::take(out))?;
                        return Ok(Next::Return(vec![s]));
                    }
                    out.extend_from_slice(sep);
                    vm.check_len(out.len())?;
                    vm.charge(1 + (out.len() - before) as u64 / 16)?;
                    *k += 1;
                    Ok(Next::Get(*t, *k))
                }
            },
            Op::Unpack {
                t,
                i,
                j,
                k,
                vals,
                phase,
            } => match *phase {
                0 => {
                    *phase = 1;
                    if j.is_none() {
                        return Ok(Next::Len(*t));
                    }
                    self.step(vm, a, Value::Nil)
                }
                1 => {
                    let j = match *j {
                        Some(j) => j,
                        None => {
                            let l = length(vm, input)?;
                            *j = Some(l);
                            l
                        }
                    };
                    if *i > j {
                        return Ok(Next::Return(Vec::new()));
                    }
                    let n = (j as i128 - *i as i128 + 1) as u128;
                    super::check_results(
                        n.min(usize::MAX as u128) as usize,
                        "too many results to unpack",
                    )?;
                    // May collect: nothing read yet, the table is an argument on the stack.
                    vm.reserve_results(n as usize)?;
                    vals.reserve(n as usize);
                    *k = *i;
                    *phase = 2;
                    Ok(Next::Get(*t, *k))
                }
                _ => {
                    vals.push(input);
                    if Some(*k) == *j {
                        return Ok(Next::Return(std::mem::take(vals)));
                    }
                    *k += 1;
                    Ok(Next::Get(*t, *k))
                }
            },
            Op::Move {
                from,
                f,
                to,
                t,
                left,
                backward,
                k,
                phase,
            } => {
                if *phase == 1 {
                    // The value read: write it, then the next.
                    *phase = 0;
                    let at = *t + *k;
                    if *backward {
                        *k -= 1;
                    } else {
                        *k += 1;
                    }
                    *left -= 1;
                    return Ok(Next::Set(*to, at, input));
                }
                if *left <= 0 {
                    return Ok(Next::Return(vec![*to]));
                }
                *phase = 1;
                Ok(Next::Get(*from, *f + *k))
            }
            Op::Sort {
                t,
                comp,
                n,
                k,
                vals,
                sort,
                phase,
            } => match *phase {
                0 => {
                    *phase = 1;
                    Ok(Next::Len(Value::Table(*t)))
                }
                1 => {
                    *n = length(vm, input)?;
                    if *n < 2 {
                        return Ok(Next::Return(Vec::new()));
                    }
                    if *n >= i32::MAX as i64 {
                        return Err(a.error_vm(vm, 0, "array too big"));
                    }
                    *comp = a.get(vm, 1);
                    if !comp.is_nil() && !callable_arg(*comp) {
                        return Err(a.type_error(vm, 1, "function"));
                    }
                    *k = 1;
                    *phase = 2;
                    Ok(Next::Get(Value::Table(*t), 1))
                }
                2 => {
                    vals.push(input);
                    if vals.len() % 1024 == 0 {
                        // The copy is held outside the heap while the sort runs (and
                        // outside the frame now: no collection here).
                        vm.check_memory_with(vals.len() * std::mem::size_of::<Value>())?;
                    }
                    if *k < *n {
                        *k += 1;
                        return Ok(Next::Get(Value::Table(*t), *k));
                    }
                    *sort = Some(Box::new(SortState::new(*t, std::mem::take(vals), *comp)));
                    *phase = 3;
                    self.step(vm, a, Value::Bool(false))
                }
                3 => {
                    let Some(st) = sort.as_mut() else {
                        return Ok(Next::Return(Vec::new()));
                    };
                    let mut res = input.truthy();
                    while let Step::Compare(x, y) = sort_step(st, res)? {
                        let h = match *comp {
                            Value::Nil => lt_metamethod(vm, x, y),
                            c => c,
                        };
                        if !h.is_nil() {
                            return Ok(Next::Call(h, x, y));
                        }
                        vm.charge(1)?;
                        let r = vm.less_than(x, y);
                        res = super::unpositioned(vm, r)?;
                    }
                    *vals = st.take_items();
                    *sort = None;
                    *k = 1;
                    *phase = 4;
                    Ok(Next::Set(
                        Value::Table(*t),
                        1,
                        vals.first().copied().unwrap_or(Value::Nil),
                    ))
                }
                _ => {
                    if *k < *n {
                        *k += 1;
                        let v = vals.get(*k as usize - 1).copied().unwrap_or(Value::Nil);
                        return Ok(Next::Set(Value::Table(*t), *k, v));
                    }
                    Ok(Next::Return(Vec::new()))
                }
            },
            Op::Ipairs { t, i, phase } => {
                if *phase == 0 {
                    *phase = 1;
                    return Ok(Next::Get(*t, *i));
                }
                if input.is_nil() {
                    Ok(Next::Return(vec![Value::Nil]))
                } else {
                    Ok(Next::Return(vec![Value::Int(*i), input]))
                }
            }
        }
    }
}

/// Starts `op` for the builtin `a` from a continuation frame.
fn start(vm: &mut Vm, a: &Args, op: Op) -> LResult<Native> {
    let from_lua = matches!(
        vm.frames.last().map(|f| &f.kind),
        Some(FrameKind::Lua { .. })
    );
    let state = TableMetaState {
        op,
        from_lua,
        name: a.name,
        nargs: a.n,
        waiting: false,
        input: Value::Nil,
    };
    super::start_cont(vm, Cont::TableMeta(Box::new(state)), a, resume)
}

/// Runs the function on top until it returns or waits on a metamethod call.
pub fn resume(vm: &mut Vm) -> LResult<Option<Exit>> {
    loop {
        let Some(frame) = vm.frames.last_mut() else {
            return Ok(None);
        };
        let func = frame.func as usize;
        let FrameKind::Cont(Cont::TableMeta(st)) = &mut frame.kind else {
            return Ok(None);
        };
        let slot = func + 1 + st.nargs;
        let input = if st.waiting {
            st.waiting = false;
            vm.stack.get(slot).copied().unwrap_or(Value::Nil)
        } else {
            std::mem::replace(&mut st.input, Value::Nil)
        };
        let a = Args {
            base: func + 1,
            n: st.nargs,
            name: st.name,
            lib: "table",
            nresults: frame.nresults,
            resumed_from_lua: st.from_lua,
        };
        // The op leaves its frame while it steps, so a step must not collect (its memory
        // checks do not; the accesses and calls below run with the op back in place).
        let mut op = std::mem::replace(
            &mut st.op,
            Op::Ipairs {
                t: Value::Nil,
                i: 0,
                phase: 0,
            },
        );
        let next = op.step(vm, &a, input);
        if let Some(FrameKind::Cont(Cont::TableMeta(st))) =
            vm.frames.last_mut().map(|f| &mut f.kind)
        {
            st.op = op;
        }
        vm.charge(1)?;
        let mut nargs = 2;
        let access = match next? {
            Next::Return(vals) => {
                let n = vals.len();
                vm.ensure_stack(func + n + 1)?;
                for (i, v) in vals.into_iter().enumerate() {
                    vm.stack[func + i] = v;
                }
                vm.do_return(func, n)?;
                return Ok(None);
            }
            Next::Len(t) => {
                let h = vm.metamethod(t, Event::Len);
                match t {
                    _ if !h.is_nil() => Access::Call(h, [t, t, Value::Nil]),
                    Value::Table(tr) => Access::Value(Value::Int(vm.heap.table(tr).len() as i64)),
                    Value::Str(s) => Access::Value(Value::Int(vm.str(s).len() as i64)),
                    _ => {
                        let e = LuaError::Msg(format!(
                            "attempt to get length of a {} value",
                            vm.type_name(t)
                        ));
                        return super::unpositioned(vm, Err(e));
                    }
                }
            }
            // Errors of the access itself are the VM's (lua5.4's luaG_typeerror from a C
            // function): no position.
            Next::Get(t, k) => {
                let r = vm.index_access(t, Value::Int(k));
                super::unpositioned(vm, r)?
            }
            Next::Call(h, x, y) => Access::Call(h, [x, y, Value::Nil]),
            Next::Set(t, k, v) => {
                nargs = 3;
                let r = vm.newindex_access(t, Value::Int(k), v);
                super::unpositioned(vm, r)?
            }
        };
        let (h, args) = match access {
            Access::Value(v) => {
                set_input(vm, v);
                continue;
            }
            Access::Call(h, args) => (h, args),
        };
        if !crate::vm::meta::callable(h) {
            let e = LuaError::Msg(format!("attempt to call a {} value", vm.type_name(h)));
            return super::unpositioned(vm, Err(e));
        }
        vm.ensure_stack(slot + 5)?;
        vm.stack[slot] = h;
        vm.stack[slot + 1..slot + 4].copy_from_slice(&args);
        if let Some(FrameKind::Cont(Cont::TableMeta(st))) =
            vm.frames.last_mut().map(|f| &mut f.kind)
        {
            st.waiting = true;
        }
        // A builtin metamethod's own errors carry no position (lua5.4 calls it from C).
        let called = vm.call_value(slot, nargs, 1);
        match super::unpositioned(vm, called)? {
            CallOutcome::Done => continue,
            CallOutcome::Frame => return Ok(None),
            CallOutcome::Suspend => {
                return Err(LuaError::Msg(
                    "a metamethod cannot wait on a host call".into(),
                ))
            }
        }
    }
}

fn set_input(vm: &mut Vm, v: Value) {
    if let Some(FrameKind::Cont(Cont::TableMeta(st))) = vm.frames.last_mut().map(|f| &mut f.kind) {
        st.input = v;
    }
}

// ---- entry points (the table is known to need metamethods) ----

// The other arguments are read after `__len` runs, as lua5.4 reads them.

pub fn insert(vm: &mut Vm, a: &Args) -> LResult<Native> {
    let op = Op::Insert {
        t: a.get(vm, 0),
        pos: None,
        v: Value::Nil,
        i: 0,
        phase: 0,
    };
    start(vm, a, op)
}

pub fn remove(vm: &mut Vm, a: &Args) -> LResult<Native> {
    let op = Op::Remove {
        t: a.get(vm, 0),
        pos: None,
        size: 0,
        result: Value::Nil,
        phase: 0,
    };
    start(vm, a, op)
}

pub fn concat(vm: &mut Vm, a: &Args) -> LResult<Native> {
    let op = Op::Concat {
        t: a.get(vm, 0),
        sep: Vec::new(),
        i: 1,
        j: None,
        k: 0,
        out: Vec::new(),
        phase: 0,
    };
    start(vm, a, op)
}

pub fn unpack(vm: &mut Vm, a: &Args) -> LResult<Native> {
    let t = a.get(vm, 0);
    let i = a.opt_int(vm, 1, 1)?;
    let j = if a.get(vm, 2).is_nil() {
        None
    } else {
        Some(a.check_int(vm, 2)?)
    };
    let op = Op::Unpack {
        t,
        i,
        j,
        k: 0,
        vals: Vec::new(),
        phase: 0,
    };
    start(vm, a, op)
}

/// `table.move` of `n` elements `from[f..]` to `to[t..]` (arguments checked), last first
/// when `backward`.
pub fn move_elements(
    vm: &mut Vm,
    a: &Args,
    (from, f): (TableRef, i64),
    (to, t): (TableRef, i64),
    n: i64,
    backward: bool,
) -> LResult<Native> {
    let op = Op::Move {
        from: Value::Table(from),
        f,
        to: Value::Table(to),
        t,
        left: n,
        backward,
        k: if backward { n - 1 } else { 0 },
        phase: 0,
    };
    start(vm, a, op)
}

/// The `ipairs` iterator's step to index `i` of `t`.
pub fn ipairs_step(vm: &mut Vm, a: &Args, t: Value, i: i64) -> LResult<Native> {
    start(vm, a, Op::Ipairs { t, i, phase: 0 })
}

/// Whether `v` passes `luaL_checktype(L, i, LUA_TFUNCTION)`.
pub fn callable_arg(v: Value) -> bool {
    matches!(v, Value::Func(_) | Value::Builtin(_) | Value::Proxy(_))
}

pub fn sort(vm: &mut Vm, a: &Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    let op = Op::Sort {
        t,
        comp: Value::Nil,
        n: 0,
        k: 0,
        vals: Vec::new(),
        sort: None,
        phase: 0,
    };
    start(vm, a, op)
}

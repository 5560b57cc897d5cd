//! The table library. `sort` is PUC Lua 5.4's quicksort written as a resumable state
//! machine, so a comparator written in Lua runs on the VM's frame stack.

use super::{ret1, Args, Native};
use crate::table::{KeyError, SetError};
use crate::value::{TableRef, Value};
use crate::vm::{fatal, CallOutcome, Cont, Exit, FrameKind, LResult, LuaError, Vm};

pub fn table_set(vm: &mut Vm, t: TableRef, k: Value, v: Value) -> LResult<()> {
    let max = vm.heap.max_collection_len;
    vm.heap
        .with_table(t, |tab, m| tab.set(k, v, m))
        .map_err(|e| match e {
            SetError::Key(KeyError::Nil) => LuaError::Msg("table index is nil".into()),
            SetError::Key(KeyError::NaN) => LuaError::Msg("table index is NaN".into()),
            SetError::Overflow => fatal(
                codemode_core::DiagnosticKind::ExecutionFailure,
                format!("table overflow: a table may hold at most {max} elements"),
            ),
        })
}

fn set_int(vm: &mut Vm, t: TableRef, i: i64, v: Value) -> LResult<()> {
    table_set(vm, t, Value::Int(i), v)
}

pub fn insert(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    if super::table_meta::needs_meta(vm, Value::Table(t)) {
        return super::table_meta::insert(vm, &a);
    }
    let e = vm.heap.table(t).len() as i64 + 1;
    match a.n {
        2 => {
            let v = a.get(vm, 1);
            set_int(vm, t, e, v)?;
        }
        3 => {
            let pos = a.check_int(vm, 1)?;
            if (pos as u64).wrapping_sub(1) >= e as u64 {
                return Err(a.error_vm(vm, 1, "position out of bounds"));
            }
            vm.charge((e - pos) as u64 / 4)?;
            let mut i = e;
            while i > pos {
                let v = vm.heap.table(t).get_int(i - 1);
                set_int(vm, t, i, v)?;
                i -= 1;
            }
            let v = a.get(vm, 2);
            set_int(vm, t, pos, v)?;
        }
        _ => {
            return Err(LuaError::Msg(
                "wrong number of arguments to 'insert'".into(),
            ))
        }
    }
    Ok(Native::Ret)
}

pub fn remove(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    if super::table_meta::needs_meta(vm, Value::Table(t)) {
        return super::table_meta::remove(vm, &a);
    }
    let size = vm.heap.table(t).len() as i64;
    let mut pos = a.opt_int(vm, 1, size)?;
    // As ltablib's tremove: a position other than the size must be in [1, size + 1].
    if pos != size && (pos as u64).wrapping_sub(1) > size as u64 {
        // Lua 5.4 names argument #1 here.
        return Err(a.error_vm(vm, 0, "position out of bounds"));
    }
    let v = vm.heap.table(t).get_int(pos);
    vm.charge((size - pos).max(0) as u64 / 4)?;
    while pos < size {
        let next = vm.heap.table(t).get_int(pos + 1);
        set_int(vm, t, pos, next)?;
        pos += 1;
    }
    set_int(vm, t, pos, Value::Nil)?;
    ret1(vm, v)
}

pub fn concat(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    if super::table_meta::needs_meta(vm, Value::Table(t)) {
        return super::table_meta::concat(vm, &a);
    }
    let sep = a.opt_str(vm, 1)?;
    let i = a.opt_int(vm, 2, 1)?;
    let len = vm.heap.table(t).len() as i64;
    let j = a.opt_int(vm, 3, len)?;
    let mut out = Vec::new();
    if i <= j {
        let seplen = sep.map(|s| vm.str(s).len()).unwrap_or(0);
        let mut before = 0;
        let mut k = i;
        loop {
            let v = vm.heap.table(t).get_int(k);
            match v {
                Value::Str(s) => out.extend_from_slice(vm.str(s)),
                Value::Int(_) | Value::Float(_) => vm.write_tostring(&mut out, v),
                other => {
                    return Err(LuaError::Msg(format!(
                        "invalid value ({}) at index {} in table for 'concat'",
                        vm.type_name(other),
                        k
                    )))
                }
            }
            if k == j {
                break;
            }
            if let Some(s) = sep {
                out.extend_from_slice(vm.heap.str_bytes(s));
            }
            if out.len() + seplen > vm.limits.max_string_len {
                vm.check_len(out.len() + seplen)?;
            }
            // Charged as it goes (the length of the result is not known in advance), so
            // the deadline is seen inside a long concatenation.
            let piece = out.len() - before;
            vm.charge(1 + piece as u64 / 16)?;
            before = out.len();
            k += 1;
        }
    }
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

pub fn pack(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = vm.heap.new_table(a.n, 1);
    // Like lua5.4, the items fill an array part of size n, nils included.
    let vals = &vm.stack[a.base..a.base + a.n];
    let max = vm.heap.max_collection_len;
    vm.heap
        .with_table(t, |tab, m| tab.set_list(1, vals, m))
        .map_err(|_| {
            fatal(
                codemode_core::DiagnosticKind::ExecutionFailure,
                format!("table overflow: a table may hold at most {max} elements"),
            )
        })?;
    let n = Value::Str(vm.names.n);
    table_set(vm, t, n, Value::Int(a.n as i64))?;
    vm.charge(a.n as u64 / 4)?;
    ret1(vm, Value::Table(t))
}

pub fn unpack(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.get(vm, 0);
    // Anything but a plain table is read as lua5.4 reads it (`luaL_len`, `lua_geti`).
    if !matches!(t, Value::Table(_)) || super::table_meta::needs_meta(vm, t) {
        return super::table_meta::unpack(vm, &a);
    }
    let Value::Table(tr) = t else {
        return Ok(Native::Ret);
    };
    let i = a.opt_int(vm, 1, 1)?;
    let j = if a.get(vm, 2).is_nil() {
        vm.heap.table(tr).len() as i64
    } else {
        a.check_int(vm, 2)?
    };
    if i > j {
        return Ok(Native::Ret);
    }
    let n = (j as i128 - i as i128 + 1) as u128;
    super::check_results(
        n.min(usize::MAX as u128) as usize,
        "too many results to unpack",
    )?;
    vm.charge(n as u64 / 4)?;
    vm.reserve_results(n as usize)?;
    for k in i..=j {
        let v = vm.heap.table(tr).get_int(k);
        vm.rets.push(v);
    }
    Ok(Native::Ret)
}

pub fn move_(vm: &mut Vm, a: Args) -> LResult<Native> {
    let a1 = a.check_table(vm, 0)?;
    let f = a.check_int(vm, 1)?;
    let e = a.check_int(vm, 2)?;
    let t = a.check_int(vm, 3)?;
    let tt = if a.get(vm, 4).is_nil() {
        a1
    } else {
        a.check_table(vm, 4)?
    };
    if e >= f {
        if !(f > 0 || e < i64::MAX + f) {
            return Err(a.error_vm(vm, 2, "too many elements to move"));
        }
        if t > i64::MAX - (e - f) {
            return Err(a.error_vm(vm, 3, "destination wrap around"));
        }
        let backward = !(t > e || t <= f || tt != a1);
        if super::table_meta::needs_meta(vm, Value::Table(a1))
            || super::table_meta::needs_meta(vm, Value::Table(tt))
        {
            return super::table_meta::move_elements(vm, &a, (a1, f), (tt, t), e - f + 1, backward);
        }
        vm.charge((e - f) as u64 / 4)?;
        if !backward {
            for i in 0..=(e - f) {
                let v = vm.heap.table(a1).get_int(f + i);
                set_int(vm, tt, t + i, v)?;
            }
        } else {
            let mut i = e - f;
            loop {
                let v = vm.heap.table(a1).get_int(f + i);
                set_int(vm, tt, t + i, v)?;
                if i == 0 {
                    break;
                }
                i -= 1;
            }
        }
    }
    ret1(vm, Value::Table(tt))
}

// ---- sort ----

const RANLIMIT: usize = 100;

#[derive(Clone, Copy)]
enum Phase {
    /// Top of the interval loop.
    Loop,
    /// After `a[up] < a[lo]`.
    Cmp1,
    /// After `a[p] < a[lo]`.
    Cmp2,
    /// After `a[up] < a[p]`.
    Cmp3,
    /// After `a[i] < P` in the partition.
    PartI,
    /// After `P < a[j]` in the partition.
    PartJ,
}

pub struct SortState {
    t: TableRef,
    /// The elements, `a[k-1]` for Lua index `k`.
    a: Vec<Value>,
    comp: Value,
    pending: Vec<(usize, usize)>,
    lo: usize,
    up: usize,
    p: usize,
    i: usize,
    j: usize,
    pivot: Value,
    rnd: u32,
    phase: Phase,
    /// A comparator call is in flight; its result is at `func + 1`.
    waiting: bool,
}

impl SortState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(Value::Table(self.t));
        mark(self.comp);
        mark(self.pivot);
        for v in &self.a {
            mark(*v);
        }
    }

    fn get(&self, k: usize) -> Value {
        self.a.get(k.wrapping_sub(1)).copied().unwrap_or(Value::Nil)
    }

    fn swap(&mut self, x: usize, y: usize) {
        if x >= 1 && y >= 1 && x <= self.a.len() && y <= self.a.len() {
            self.a.swap(x - 1, y - 1);
        }
    }
}

pub(super) enum Step {
    Compare(Value, Value),
    Done,
}

fn invalid_order() -> LuaError {
    LuaError::Msg("invalid order function for sorting".into())
}

/// Advances the sort with the result of the last comparison; returns the next one needed.
pub(super) fn sort_step(st: &mut SortState, mut res: bool) -> LResult<Step> {
    loop {
        match st.phase {
            Phase::Loop => {
                if st.lo >= st.up {
                    match st.pending.pop() {
                        Some((lo, up)) => {
                            st.lo = lo;
                            st.up = up;
                            continue;
                        }
                        None => return Ok(Step::Done),
                    }
                }
                st.phase = Phase::Cmp1;
                return Ok(Step::Compare(st.get(st.up), st.get(st.lo)));
            }
            Phase::Cmp1 => {
                if res {
                    st.swap(st.lo, st.up);
                }
                if st.up - st.lo == 1 {
                    st.lo = st.up;
                    st.phase = Phase::Loop;
                    continue;
                }
                st.p = if st.up - st.lo < RANLIMIT || st.rnd == 0 {
                    (st.lo + st.up) / 2
                } else {
                    let r4 = (st.up - st.lo) / 4;
                    (st.rnd as usize) % (r4 * 2) + (st.lo + r4)
                };
                st.phase = Phase::Cmp2;
                return Ok(Step::Compare(st.get(st.p), st.get(st.lo)));
            }
            Phase::Cmp2 => {
                if res {
                    st.swap(st.p, st.lo);
                    res = false;
                    st.phase = Phase::Cmp3;
                    // Skip the third comparison.
                    st.after_median();
                    if st.up - st.lo == 2 {
                        st.lo = st.up;
                        st.phase = Phase::Loop;
                        continue;
                    }
                    return Ok(st.start_partition());
                }
                st.phase = Phase::Cmp3;
                return Ok(Step::Compare(st.get(st.up), st.get(st.p)));
            }
            Phase::Cmp3 => {
                if res {
                    st.swap(st.p, st.up);
                }
                if st.up - st.lo == 2 {
                    st.lo = st.up;
                    st.phase = Phase::Loop;
                    continue;
                }
                return Ok(st.start_partition());
            }
            Phase::PartI => {
                if res {
                    if st.i == st.up - 1 {
                        return Err(invalid_order());
                    }
                    st.i += 1;
                    return Ok(Step::Compare(st.get(st.i), st.pivot));
                }
                st.j -= 1;
                st.phase = Phase::PartJ;
                return Ok(Step::Compare(st.pivot, st.get(st.j)));
            }
            Phase::PartJ => {
                if res {
                    if st.j < st.i {
                        return Err(invalid_order());
                    }
                    st.j -= 1;
                    return Ok(Step::Compare(st.pivot, st.get(st.j)));
                }
                if st.j < st.i {
                    st.swap(st.up - 1, st.i);
                    let p = st.i;
                    st.finish_partition(p);
                    st.phase = Phase::Loop;
                    continue;
                }
                st.swap(st.i, st.j);
                st.i += 1;
                st.phase = Phase::PartI;
                return Ok(Step::Compare(st.get(st.i), st.pivot));
            }
        }
    }
}

impl SortState {
    /// The sort of `items` (the elements of `t`, first at 0) by `comp` (nil: `<`).
    pub(super) fn new(t: TableRef, items: Vec<Value>, comp: Value) -> SortState {
        let up = items.len();
        SortState {
            t,
            a: items,
            comp,
            pending: Vec::new(),
            lo: 1,
            up,
            p: 0,
            i: 0,
            j: 0,
            pivot: Value::Nil,
            rnd: 0,
            phase: Phase::Loop,
            waiting: false,
        }
    }

    pub(super) fn take_items(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.a)
    }

    fn after_median(&mut self) {}

    fn start_partition(&mut self) -> Step {
        self.pivot = self.get(self.p);
        self.swap(self.p, self.up - 1);
        self.i = self.lo + 1;
        self.j = self.up - 1;
        self.phase = Phase::PartI;
        Step::Compare(self.get(self.i), self.pivot)
    }

    fn finish_partition(&mut self, p: usize) {
        let (lo, up) = (self.lo, self.up);
        let n;
        if p - lo < up - p {
            // Sort the smaller lower part first; the upper part waits.
            self.pending.push((p + 1, up));
            n = p - lo;
            self.up = p.saturating_sub(1);
            if (up - (p + 1)) / 128 > n {
                self.rnd = self.rnd.wrapping_mul(1_103_515_245).wrapping_add(12_345) | 1;
            }
        } else {
            self.pending.push((lo, p.saturating_sub(1)));
            n = up - p;
            self.lo = p + 1;
            if (p.saturating_sub(1).saturating_sub(lo)) / 128 > n {
                self.rnd = self.rnd.wrapping_mul(1_103_515_245).wrapping_add(12_345) | 1;
            }
        }
        if self.lo > self.up {
            self.lo = self.up;
        }
    }
}

/// The `__lt` handler `x < y` calls when either is a table (nil: none).
pub(super) fn lt_metamethod(vm: &Vm, x: Value, y: Value) -> Value {
    use crate::vm::meta::Event;
    if !matches!(x, Value::Table(_)) && !matches!(y, Value::Table(_)) {
        return Value::Nil;
    }
    match vm.metamethod(x, Event::Lt) {
        Value::Nil => vm.metamethod(y, Event::Lt),
        h => h,
    }
}

pub fn sort(vm: &mut Vm, a: Args) -> LResult<Native> {
    let t = a.check_table(vm, 0)?;
    if super::table_meta::needs_meta(vm, Value::Table(t)) {
        return super::table_meta::sort(vm, &a);
    }
    let n = vm.heap.table(t).len();
    // As ltablib's sort: the arguments are checked only when there is something to sort.
    if n < 2 {
        return Ok(Native::Ret);
    }
    if n >= i32::MAX as usize {
        return Err(a.error_vm(vm, 0, "array too big"));
    }
    let comp = a.get(vm, 1);
    if !comp.is_nil() && !super::table_meta::callable_arg(comp) {
        return Err(a.type_error(vm, 1, "function"));
    }
    let items = vm.heap.table(t).arr.clone();
    vm.heap.bytes += items.len() * 16;
    let mut state = SortState::new(t, items, comp);
    state.up = n;
    let func = a.base - 1;
    vm.push_cont(Cont::Sort(Box::new(state)), func, a.nresults)?;
    match sort_resume(vm)? {
        Some(Exit::Suspend) => Ok(Native::Suspend),
        _ => Ok(Native::Frame),
    }
}

pub fn sort_resume(vm: &mut Vm) -> LResult<Option<Exit>> {
    let Some(frame) = vm.frames.last() else {
        return Ok(None);
    };
    let func = frame.func as usize;
    let mut res = false;
    loop {
        let Some(frame) = vm.frames.last_mut() else {
            return Ok(None);
        };
        let FrameKind::Cont(Cont::Sort(st)) = &mut frame.kind else {
            return Ok(None);
        };
        if st.waiting {
            st.waiting = false;
            res = vm.stack[func + 1].truthy();
        }
        let step = sort_step(st, res)?;
        match step {
            Step::Done => {
                let Some(frame) = vm.frames.last_mut() else {
                    return Ok(None);
                };
                let FrameKind::Cont(Cont::Sort(st)) = &mut frame.kind else {
                    return Ok(None);
                };
                let items = std::mem::take(&mut st.a);
                let t = st.t;
                vm.heap.bytes = vm.heap.bytes.saturating_sub(items.len() * 16);
                for (i, v) in items.into_iter().enumerate() {
                    set_int(vm, t, i as i64 + 1, v)?;
                }
                vm.do_return(func, 0)?;
                return Ok(None);
            }
            Step::Compare(x, y) => {
                // Without a comparator, `<` of tables is their `__lt` (lua_lessthan).
                let comp = match st.comp {
                    Value::Nil => lt_metamethod(vm, x, y),
                    c => c,
                };
                if !comp.is_nil() {
                    if let Some(FrameKind::Cont(Cont::Sort(st))) =
                        vm.frames.last_mut().map(|f| &mut f.kind)
                    {
                        st.waiting = true;
                    }
                }
                vm.charge(1)?;
                if comp.is_nil() {
                    let r = vm.less_than(x, y);
                    res = super::unpositioned(vm, r)?;
                    continue;
                }
                vm.ensure_stack(func + 4)?;
                vm.stack[func + 1] = comp;
                vm.stack[func + 2] = x;
                vm.stack[func + 3] = y;
                match vm.call_value(func + 1, 2, 1)? {
                    CallOutcome::Done => continue,
                    CallOutcome::Frame => return Ok(None),
                    CallOutcome::Suspend => return Ok(Some(Exit::Suspend)),
                }
            }
        }
    }
}

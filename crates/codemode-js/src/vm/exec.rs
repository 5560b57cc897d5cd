//! The dispatch loop.

use super::operands::{
    const_name, const_str, copy_value, get_elem_in_place, has_plain_elem, push_local, push_plain,
};
use super::*;
use crate::bytecode::{Cmp, Op, FOR_STEP_INC};
use crate::number;
use codemode_core::{Diagnostic, DiagnosticKind};
use std::sync::Arc;

impl Vm {
    // ---------- the interpreter loop ----------

    /// Runs frames until none are left, fuel runs out, or a blocking call suspends.
    pub fn run(&mut self) -> RunState {
        loop {
            match self.run_inner() {
                Ok(state) => return state,
                Err(Throw::Fatal(d)) => return RunState::Fatal(d),
                Err(Throw::Value(v)) => {
                    let caught = self.throw_value(v).and_then(|()| {
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        Ok(())
                    });
                    if let Err(e) = caught {
                        match e {
                            Throw::Fatal(d) => return RunState::Fatal(d),
                            Throw::Value(v) => {
                                // No frame left to catch: cannot happen for programs (the
                                // main frame is async), but report it rather than lose it.
                                let msg = crate::format::error_text(self, &v);
                                return RunState::Fatal(
                                    Diagnostic::new(DiagnosticKind::ExecutionFailure, msg)
                                        .with_location(self.last_throw),
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    pub(crate) fn run_inner(&mut self) -> JsResult<RunState> {
        // Held once per slice, so switching frames costs no reference counting.
        let program: Arc<Module> = match &self.program {
            Some(p) => p.clone(),
            None => self.prelude.clone(),
        };
        let prelude: Arc<Module> = self.prelude.clone();
        // Every frame switch first tries the fast loop (fast.rs); when it stops at an op it
        // cannot run, the general loop runs from there until its next frame switch.
        // A visit that stops before any call or loop iteration (code that mixes in ops only
        // the general loop runs, such as a callback reading a property and calling a native)
        // costs more than it saves, in instructions and in switching between the two loops'
        // code: after one, the next frame switches skip the fast loop.
        let mut fast_backoff = 0u32;
        'frames: loop {
            if fast_backoff > 0 {
                fast_backoff -= 1;
            } else if self.fuel > 0 && self.run_fast(&program, &prelude) < FAST_VISIT_MIN_PROGRESS {
                fast_backoff = FAST_BACKOFF_SWITCHES;
            }
            let Some(frame) = self.frames.last() else {
                return Ok(RunState::Idle);
            };
            let func = frame.func;
            let base = frame.base as usize;
            let mut pc = frame.pc as usize;
            let closure = frame.closure;
            let Some(code) = code_of(&program, &prelude, func) else {
                return Ok(RunState::Idle);
            };
            let ops = &code.ops[..];
            macro_rules! save_pc {
                () => {
                    if let Some(f) = self.frames.last_mut() {
                        f.pc = pc as u32;
                    }
                };
            }
            macro_rules! throw {
                ($e:expr) => {{
                    save_pc!();
                    let e: Throw = $e;
                    match e {
                        Throw::Value(v) => {
                            self.throw_value(v)?;
                            // A safe point: a program that only ever throws (never returns
                            // or loops) must still collect what it threw.
                            if self.heap.wants_gc() {
                                self.maybe_gc()?;
                            }
                            continue 'frames;
                        }
                        f => return Err(f),
                    }
                }};
            }
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => throw!(e),
                    }
                };
            }
            macro_rules! cell_of {
                ($slot:expr) => {
                    match &self.stack[base + $slot as usize] {
                        Value::Obj(r) => *r,
                        _ => ObjRef(u32::MAX),
                    }
                };
            }
            macro_rules! upval {
                ($i:expr) => {
                    match closure.map(|c| &self.heap.get(c).kind) {
                        Some(Kind::Closure(c)) => c
                            .cells
                            .get($i as usize)
                            .copied()
                            .unwrap_or(ObjRef(u32::MAX)),
                        _ => ObjRef(u32::MAX),
                    }
                };
            }
            // An operand whose conversion needs a program-defined valueOf/toString: the
            // whole operation runs in the prelude's converter as an ordinary call, whose
            // result lands where the operands were (see `call_converter`).
            macro_rules! program_convert {
                ($code:expr, $a:expr, $b:expr, $number_first:expr) => {
                    if self.program_converts(&$a, $number_first)
                        || self.program_converts(&$b, $number_first)
                    {
                        save_pc!();
                        tri!(self.call_converter($code, $a, $b));
                        continue 'frames;
                    }
                };
            }
            // An operation whose built-in conversion stopped at a program-defined valueOf/
            // toString further in (an array whose element has one: `pending_conversion`)
            // runs in the prelude's converter instead, like `program_convert!`.
            macro_rules! or_convert {
                ($r:expr, $code:expr, $a:expr, $b:expr) => {
                    match $r {
                        Ok(v) => v,
                        Err(e) => {
                            if self.pending_conversion.take().is_some() {
                                save_pc!();
                                let (a, b) = ($a, $b);
                                tri!(self.call_converter($code, a, b));
                                continue 'frames;
                            }
                            throw!(e)
                        }
                    }
                };
            }
            macro_rules! int2 {
                ($op:expr, $f:expr) => {{
                    let b = pop!(self);
                    let a = pop!(self);
                    if let (Value::Num(x), Value::Num(y)) = (&a, &b) {
                        self.stack.push(Value::Num($f(*x, *y)));
                    } else {
                        // Conversions, BigInt arithmetic, or the TypeError of a mix.
                        program_convert!(convert_code($op), a, b, true);
                        let v = tri!(self.numeric_binary($op, a, b));
                        self.stack.push(v);
                    }
                }};
            }
            macro_rules! num2 {
                ($op:expr, $f:expr) => {{
                    // Fast path: both numbers, result written in place.
                    let n = self.stack.len();
                    if n >= 2 {
                        if let (Value::Num(x), Value::Num(y)) =
                            (&self.stack[n - 2], &self.stack[n - 1])
                        {
                            let r = $f(*x, *y);
                            self.stack.truncate(n - 1);
                            self.stack[n - 2] = Value::Num(r);
                            continue;
                        }
                    }
                    int2!($op, $f)
                }};
            }
            // The common return: a number or object (moved field by field, see
            // `push_local`) from a plain call with no try handler left open in its frame.
            macro_rules! return_plain {
                ($v:expr) => {{
                    let dst = base.wrapping_sub(2);
                    if returns_plainly(&self.frames, &self.handlers) && dst < self.stack.len() {
                        let v = $v;
                        self.stack.truncate(dst);
                        self.stack.push(v);
                        self.frames.pop();
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                }};
            }
            // Fuel is charged per basic block rather than per op: a backward jump charges
            // the ops of the loop it closes, entering a function charges its length (an
            // upper bound of its straight-line work), built-ins charge their work.
            if self.fuel <= 0 {
                return Ok(RunState::OutOfFuel);
            }
            macro_rules! back_edge {
                ($t:expr) => {{
                    let t = $t as usize;
                    if t < pc {
                        self.fuel -= (pc - t) as i64;
                        if self.fuel <= 0 {
                            pc = t;
                            save_pc!();
                            return Ok(RunState::OutOfFuel);
                        }
                    }
                    pc = t;
                }};
            }
            // A fused loop's back edge to `t` (a GC at a safe point, the fuel of the loop),
            // then its numeric loop test evaluated in place.
            macro_rules! loop_back_edge {
                ($t:expr) => {{
                    let t = $t;
                    if (t as usize) < pc && self.heap.wants_gc() {
                        save_pc!();
                        self.maybe_gc()?;
                    }
                    back_edge!(t);
                    if let Some(&Op::LocalCmpNumJump(a, c, k, exit)) = ops.get(pc) {
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            pc = if c.holds(*x, k) {
                                pc + 4
                            } else {
                                exit as usize
                            };
                        }
                    }
                }};
            }
            // A fused arithmetic op off its number case: the operator alone on the two
            // operands on top, as the op it replaced; the ops after it run as usual.
            macro_rules! arith_slow_push {
                ($f:expr) => {{
                    let f = $f;
                    let b = pop!(self);
                    let a = pop!(self);
                    program_convert!(arith_code(f), a, b, true);
                    save_pc!();
                    let v = tri!(self.arith_slow(f, a, b));
                    self.stack.push(v);
                }};
            }
            loop {
                let Some(&op) = ops.get(pc) else {
                    // Falling off the end returns undefined.
                    save_pc!();
                    self.do_return(Value::Undefined)?;
                    continue 'frames;
                };
                pc += 1;
                match op {
                    Op::Const(k) => {
                        let v = copy_value(&code.consts[k as usize]);
                        self.stack.push(v)
                    }
                    Op::Num(n) => self.stack.push(Value::Num(n)),
                    Op::BigInt(k) => {
                        let text = match code.consts.get(k as usize) {
                            Some(Value::Str(t)) => t.clone(),
                            _ => JsStr::from_str("0"),
                        };
                        let v = tri!(self.bigint_literal(&text));
                        self.stack.push(v);
                    }
                    Op::Undef => self.stack.push(Value::Undefined),
                    Op::Null => self.stack.push(Value::Null),
                    Op::True => self.stack.push(Value::Bool(true)),
                    Op::False => self.stack.push(Value::Bool(false)),
                    Op::Pop => {
                        self.stack.pop();
                    }
                    Op::Dup => {
                        let v = self.stack.last().cloned().unwrap_or_default();
                        self.stack.push(v);
                    }
                    Op::Dup2 => {
                        let n = self.stack.len();
                        let a = self.stack[n - 2].clone();
                        let b = self.stack[n - 1].clone();
                        self.stack.push(a);
                        self.stack.push(b);
                    }
                    Op::Swap => {
                        let n = self.stack.len();
                        self.stack.swap(n - 1, n - 2);
                    }
                    Op::RotRight3 => {
                        let v = pop!(self);
                        let n = self.stack.len();
                        self.stack.insert(n - 2, v);
                    }
                    Op::RotRight4 => {
                        let v = pop!(self);
                        let n = self.stack.len();
                        self.stack.insert(n - 3, v);
                    }
                    Op::GetLocal(s) => {
                        push_local(&mut self.stack, base + s as usize);
                    }
                    Op::GetLocalChecked(s, name) => {
                        let v = self.stack[base + s as usize].clone();
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::CheckLocal(s, name) => {
                        if let Value::Empty = self.stack[base + s as usize] {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                    }
                    Op::CheckCell(s, name) => {
                        let c = cell_of!(s);
                        if let Kind::Cell(Value::Empty) = self.heap.get(c).kind {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                    }
                    Op::SetLocal(s) | Op::InitLocal(s) => {
                        // Numbers are moved field by field: a whole-value move right after
                        // the arithmetic that wrote the tag and the number separately
                        // stalls on store forwarding.
                        let top = self.stack.len().wrapping_sub(1);
                        if let Some(&Value::Num(n)) = self.stack.get(top) {
                            self.stack.truncate(top);
                            if let Some(slot) = self.stack.get_mut(base + s as usize) {
                                *slot = Value::Num(n);
                            }
                            continue;
                        }
                        let v = pop!(self);
                        self.stack[base + s as usize] = v;
                    }
                    Op::TeeLocal(s) => {
                        let v = self.stack.last().cloned().unwrap_or_default();
                        self.stack[base + s as usize] = v;
                    }
                    Op::ClearLocal(s) => self.stack[base + s as usize] = Value::Empty,
                    Op::NopBox(_) | Op::NopCopy(_) => {}
                    Op::BoxLocal(s) => {
                        let v = std::mem::take(&mut self.stack[base + s as usize]);
                        let c = self.alloc(None, Kind::Cell(v));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::NewCell(s) => {
                        let c = self.alloc(None, Kind::Cell(Value::Empty));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::CopyCell(s) => {
                        let old = cell_of!(s);
                        let v = match &self.heap.get(old).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        let c = self.alloc(None, Kind::Cell(v));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::GetCell(s, name) => {
                        let c = cell_of!(s);
                        let v = match &self.heap.get(c).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::SetCell(s) | Op::InitCell(s) => {
                        let v = pop!(self);
                        let c = cell_of!(s);
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::GetUpval(i, name) | Op::GetUpvalUndef(i, name) => {
                        let c = upval!(i);
                        if let Kind::Cell(v) = &self.heap.get(c).kind {
                            if push_plain(&mut self.stack, v) {
                                if let Op::GetUpvalUndef(..) = op {
                                    self.stack.push(Value::Undefined);
                                    pc += 1;
                                }
                                continue;
                            }
                        }
                        // Otherwise the GetUpval alone, with its checks (an Undef follows).
                        let v = match &self.heap.get(c).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::SetUpval(i) => {
                        let v = pop!(self);
                        let c = upval!(i);
                        if let Kind::Cell(Value::Empty) = self.heap.get(c).kind {
                            let n = self.upval_name(func, i);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::InitUpval(i) => {
                        let v = pop!(self);
                        let c = upval!(i);
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::Callee => {
                        let v = self.stack[base - 2].clone();
                        self.stack.push(v);
                    }
                    Op::GetGlobal(k) => {
                        let key = const_str(code, k);
                        let g = self.realm.global;
                        match self.heap.get(g).props.entry(&key) {
                            Some(p) if p.flags & ACCESSOR != 0 => {
                                let slot = p.value.clone();
                                let getter = self.accessor_pair(&slot).0;
                                save_pc!();
                                tri!(self.call_accessor(getter, Value::Obj(g), None, ACC_GET));
                                continue 'frames;
                            }
                            Some(p) => {
                                let v = p.value.clone();
                                self.stack.push(v)
                            }
                            None => {
                                throw!(self
                                    .reference_error(&format!("{} is not defined", key.to_rust())))
                            }
                        }
                    }
                    Op::SetGlobal(k) => {
                        let key = const_str(code, k);
                        let v = pop!(self);
                        let g = self.realm.global;
                        tri!(self.set_prop(&Value::Obj(g), key, v));
                    }
                    Op::TypeofGlobal(k) => {
                        let key = const_str(code, k);
                        let g = self.realm.global;
                        let t = match self.heap.get(g).props.get(&key) {
                            Some(v) => {
                                let v = v.clone();
                                self.type_of(&v)
                            }
                            None => "undefined",
                        };
                        let t = Value::Str(self.realm.typeof_names.get(t));
                        self.stack.push(t);
                    }
                    Op::ThrowConstAssign(_) => {
                        throw!(self.type_error("Assignment to constant variable."))
                    }
                    Op::GetProp(k) => {
                        // Fast path: own data property of an ordinary object, which replaces
                        // the object on top in place.
                        if let (Some(Value::Obj(r)), Some(Value::Str(key))) =
                            (self.stack.last(), code.consts.get(k as usize))
                        {
                            let obj = self.heap.get(*r);
                            if let (Kind::Ordinary, Some(p)) = (&obj.kind, obj.props.entry(key)) {
                                if p.flags & ACCESSOR == 0 {
                                    let v = copy_value(&p.value);
                                    if let Some(top) = self.stack.last_mut() {
                                        *top = v;
                                    }
                                    continue;
                                }
                            }
                        }
                        let o = pop!(self);
                        let key = const_str(code, k);
                        save_pc!();
                        match tri!(self.get_prop_raw(&o, &key)) {
                            Ok(v) => self.stack.push(v),
                            Err(getter) => {
                                tri!(self.call_accessor(getter, o, None, ACC_GET));
                                continue 'frames;
                            }
                        }
                    }
                    Op::GetMethod(k) => {
                        let o = pop!(self);
                        if let Some(Value::Str(key)) = code.consts.get(k as usize) {
                            if let Some(f) = self.cached_proto_prop(&o, key) {
                                self.stack.push(f);
                                self.stack.push(o);
                                continue;
                            }
                        }
                        let key = const_str(code, k);
                        save_pc!();
                        match tri!(self.get_prop_raw(&o, &key)) {
                            Ok(v) => {
                                self.stack.push(v);
                                self.stack.push(o);
                            }
                            Err(getter) => {
                                self.stack.push(o.clone());
                                tri!(self.call_accessor(getter, o, None, ACC_METHOD));
                                continue 'frames;
                            }
                        }
                    }
                    Op::GetElem => {
                        if get_elem_in_place(&self.heap, &mut self.stack) {
                            continue;
                        }
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        match or_convert!(self.get_elem_raw(&o, &k), CONVERT_GET_ELEM, o, k) {
                            Ok(v) => self.stack.push(v),
                            Err(getter) => {
                                tri!(self.call_accessor(getter, o, None, ACC_GET));
                                continue 'frames;
                            }
                        }
                    }
                    Op::GetElemMethod => {
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        match tri!(self.get_elem_raw(&o, &k)) {
                            Ok(v) => {
                                self.stack.push(v);
                                self.stack.push(o);
                            }
                            Err(getter) => {
                                self.stack.push(o.clone());
                                tri!(self.call_accessor(getter, o, None, ACC_METHOD));
                                continue 'frames;
                            }
                        }
                    }
                    Op::SetProp(k) => {
                        let v = pop!(self);
                        let o = pop!(self);
                        let key = const_str(code, k);
                        save_pc!();
                        let setter = tri!(self.set_prop_raw(&o, key, v.clone()));
                        self.stack.push(v.clone());
                        if let Some(setter) = setter {
                            tri!(self.call_accessor(setter, o, Some(v), ACC_DISCARD));
                            continue 'frames;
                        }
                    }
                    Op::SetElem => {
                        // An own writable data property of an ordinary object under a string
                        // key (`totals[name] = ...`), overwritten in place as `set_elem_raw`
                        // does; the value replaces the object and the key on the stack.
                        let n = self.stack.len();
                        if n >= 3 {
                            if let (Value::Obj(r), Value::Str(key)) =
                                (&self.stack[n - 3], &self.stack[n - 2])
                            {
                                let r = *r;
                                let obj = self.heap.get(r);
                                if let (Kind::Ordinary, Some(i)) = (&obj.kind, obj.props.find(key))
                                {
                                    let flags = obj.props.entries[i].flags;
                                    if flags & ACCESSOR == 0 {
                                        let v = copy_value(&self.stack[n - 1]);
                                        let o = self.heap.get_mut(r);
                                        if !o.frozen && flags & WRITABLE != 0 {
                                            o.props.entries[i].value = v;
                                        }
                                        // The value moves down over the object (whole
                                        // slots swapped, no temporary), then the object and
                                        // the key are popped.
                                        self.stack.swap(n - 3, n - 1);
                                        self.stack.pop();
                                        self.stack.pop();
                                        continue;
                                    }
                                }
                            }
                        }
                        let v = pop!(self);
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        let setter = or_convert!(
                            self.set_elem_raw(&o, &k, v.clone()),
                            CONVERT_SET_ELEM,
                            o,
                            Value::Obj(self.new_array(vec![k, v.clone()]))
                        );
                        self.stack.push(v.clone());
                        if let Some(setter) = setter {
                            tri!(self.call_accessor(setter, o, Some(v), ACC_DISCARD));
                            continue 'frames;
                        }
                    }
                    Op::DeleteProp(k) => {
                        let o = pop!(self);
                        let key = const_str(code, k);
                        let r = tri!(self.delete(&o, &key));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::DeleteElem => {
                        let k = pop!(self);
                        let o = pop!(self);
                        let key = tri!(self.to_property_key(&k));
                        let r = tri!(self.delete(&o, &key));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::Call(argc, text) => {
                        save_pc!();
                        // The common call, a program or prelude function that needs no
                        // rest array, `arguments` object or promise, pushes its frame here
                        // instead of going through `call_value`.
                        let argc = argc as usize;
                        let callee_pos = self.stack.len().wrapping_sub(argc + 2);
                        let mut native = None;
                        if let Some(&Value::Obj(r)) = self.stack.get(callee_pos) {
                            let kind = &self.heap.get(r).kind;
                            if argc <= NATIVE_FEW_ARGS && matches!(kind, Kind::Native(_)) {
                                native = Some(r);
                            }
                            if let Kind::Closure(c) = kind {
                                let f = c.func;
                                if let Some(callee) = code_of(&program, &prelude, f) {
                                    if callee.enters_plainly(argc)
                                        && self.frames.len() < self.frame_room
                                        && callee_pos + 2 + callee.nlocals as usize
                                            <= self.stack.capacity()
                                    {
                                        if callee.is_arrow {
                                            let t = c.this.clone();
                                            self.stack[callee_pos + 1] = t;
                                        }
                                        let new_base = callee_pos + 2;
                                        self.stack.resize(
                                            new_base + callee.nlocals as usize,
                                            Value::Undefined,
                                        );
                                        self.frames.push(Frame {
                                            func: f,
                                            pc: 0,
                                            base: new_base as u32,
                                            closure: Some(r),
                                            kind: FrameKind::Normal,
                                            resumed: false,
                                        });
                                        self.fuel -= callee.ops.len() as i64 + 1;
                                        // The frame switch runs the callee in the fast loop.
                                        continue 'frames;
                                    }
                                }
                            }
                        }
                        let depth = self.frames.len();
                        if let Some(r) = native {
                            tri!(self.call_native_few(r, argc, text));
                        } else {
                            tri!(self.call_value(argc, text, FrameKind::Normal));
                        }
                        if self.blocked.is_some() {
                            return Ok(RunState::Blocked);
                        }
                        if self.frames.len() == depth {
                            // A native call: a safe point (its result is on the stack), so
                            // garbage it made is collected before the next one adds more.
                            if self.heap.wants_gc() {
                                self.maybe_gc()?;
                            }
                            if self.fuel > 0 {
                                // This frame goes on, no frame switch.
                                continue;
                            }
                        }
                        continue 'frames;
                    }
                    Op::CallSpread(text) => {
                        save_pc!();
                        let args = pop!(self);
                        let items = tri!(self.array_items(&args));
                        let n = items.len();
                        self.stack.extend(items);
                        tri!(self.call_value(n, text, FrameKind::Normal));
                        if self.blocked.is_some() {
                            return Ok(RunState::Blocked);
                        }
                        continue 'frames;
                    }
                    Op::New(argc, text) => {
                        save_pc!();
                        tri!(self.construct(argc as usize, text));
                        continue 'frames;
                    }
                    Op::NewSpread(text) => {
                        save_pc!();
                        let args = pop!(self);
                        let items = tri!(self.array_items(&args));
                        let n = items.len();
                        self.stack.extend(items);
                        tri!(self.construct(n, text));
                        continue 'frames;
                    }
                    Op::Return => {
                        match self.stack.last() {
                            Some(&Value::Num(n)) => return_plain!(Value::Num(n)),
                            Some(&Value::Obj(r)) => return_plain!(Value::Obj(r)),
                            // A predicate's answer (a filter or find callback).
                            Some(&Value::Bool(b)) => return_plain!(Value::Bool(b)),
                            _ => {}
                        }
                        let v = pop!(self);
                        save_pc!();
                        self.do_return(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::Await => {
                        let v = pop!(self);
                        save_pc!();
                        tri!(self.do_await(v));
                        continue 'frames;
                    }
                    Op::GenStart => {
                        save_pc!();
                        tri!(self.gen_start());
                        continue 'frames;
                    }
                    Op::Yield | Op::YieldDelegate => {
                        let v = pop!(self);
                        save_pc!();
                        tri!(self.gen_yield(v, matches!(op, Op::YieldDelegate)));
                        continue 'frames;
                    }
                    Op::CallHook(hook, argc) => {
                        let at = self.stack.len() - argc as usize;
                        let args: Vec<Value> = self.stack.drain(at..).collect();
                        save_pc!();
                        tri!(self.call_hook(hook as usize, args, ACC_GET));
                        continue 'frames;
                    }
                    Op::Jump(t) => {
                        if (t as usize) < pc && self.heap.wants_gc() {
                            save_pc!();
                            self.maybe_gc()?;
                        }
                        back_edge!(t);
                    }
                    Op::JumpIfFalse(t) => {
                        let v = pop!(self);
                        let b = match v {
                            Value::Bool(b) => b,
                            v => v.truthy(),
                        };
                        if !b {
                            back_edge!(t);
                        }
                    }
                    Op::JumpIfTrue(t) => {
                        if pop!(self).truthy() {
                            back_edge!(t);
                        }
                    }
                    Op::JumpIfFalseKeep(t) => {
                        if !self.stack.last().map(|v| v.truthy()).unwrap_or(false) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfTrueKeep(t) => {
                        if self.stack.last().map(|v| v.truthy()).unwrap_or(false) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfNotNullishKeep(t) => {
                        if !self.stack.last().map(|v| v.is_nullish()).unwrap_or(true) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfNullish(x) => {
                        let depth = (x >> 28) as usize;
                        let t = (x & 0x0fff_ffff) as usize;
                        if self.stack.last().map(|v| v.is_nullish()).unwrap_or(false) {
                            let n = self.stack.len();
                            self.stack.truncate(n.saturating_sub(depth));
                            self.stack.push(Value::Undefined);
                            pc = t;
                        }
                    }
                    Op::Add => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = x + y;
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Num(r);
                                continue;
                            }
                        }
                        let b = pop!(self);
                        let a = pop!(self);
                        if let (Value::Num(x), Value::Num(y)) = (&a, &b) {
                            self.stack.push(Value::Num(x + y));
                        } else {
                            program_convert!(convert_code(op), a, b, true);
                            save_pc!();
                            let v =
                                or_convert!(self.add(a.clone(), b.clone()), convert_code(op), a, b);
                            self.stack.push(v);
                        }
                    }
                    Op::Sub => num2!(op, |x: f64, y: f64| x - y),
                    Op::Mul => num2!(op, |x: f64, y: f64| x * y),
                    Op::Div => num2!(op, |x: f64, y: f64| x / y),
                    Op::Rem => num2!(op, js_rem),
                    Op::Exp => num2!(op, js_pow),
                    Op::Shl => int2!(op, |x, y| (number::to_int32(x)
                        .wrapping_shl(number::to_uint32(y) & 31))
                        as f64),
                    Op::Shr => {
                        int2!(
                            op,
                            |x, y| (number::to_int32(x) >> (number::to_uint32(y) & 31)) as f64
                        )
                    }
                    Op::UShr => {
                        int2!(
                            op,
                            |x, y| (number::to_uint32(x) >> (number::to_uint32(y) & 31)) as f64
                        )
                    }
                    Op::BitAnd => int2!(op, |x, y| (number::to_int32(x) & number::to_int32(y))
                        as f64),
                    Op::BitOr => int2!(op, |x, y| (number::to_int32(x) | number::to_int32(y))
                        as f64),
                    Op::BitXor => int2!(op, |x, y| (number::to_int32(x) ^ number::to_int32(y))
                        as f64),
                    Op::StrictEq => {
                        let b = pop!(self);
                        let a = pop!(self);
                        tri!(self.charge_compare(&a, &b));
                        self.stack
                            .push(Value::Bool(strict_equals(&self.heap, &a, &b)));
                    }
                    Op::StrictNe => {
                        let b = pop!(self);
                        let a = pop!(self);
                        tri!(self.charge_compare(&a, &b));
                        self.stack
                            .push(Value::Bool(!strict_equals(&self.heap, &a, &b)));
                    }
                    Op::Eq => {
                        let b = pop!(self);
                        let a = pop!(self);
                        if loose_equality_converts(&a, &b) {
                            program_convert!(convert_code(op), a, b, true);
                        }
                        let r = tri!(self.loose_equals(&a, &b));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::Ne => {
                        let b = pop!(self);
                        let a = pop!(self);
                        if loose_equality_converts(&a, &b) {
                            program_convert!(convert_code(op), a, b, true);
                        }
                        let r = tri!(self.loose_equals(&a, &b));
                        self.stack.push(Value::Bool(!r));
                    }
                    Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = match op {
                                    Op::Lt => x < y,
                                    Op::Le => x <= y,
                                    Op::Gt => x > y,
                                    _ => x >= y,
                                };
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Bool(r);
                                continue;
                            }
                        }
                        let b = pop!(self);
                        let a = pop!(self);
                        let c = match op {
                            Op::Lt => Cmp::Lt,
                            Op::Le => Cmp::Le,
                            Op::Gt => Cmp::Gt,
                            _ => Cmp::Ge,
                        };
                        program_convert!(cmp_code(c), a, b, true);
                        let r = tri!(self.relational(c, &a, &b));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::GetLocal2(a, b) => {
                        push_local(&mut self.stack, base + a as usize);
                        push_local(&mut self.stack, base + b as usize);
                        pc += 1;
                    }
                    Op::LocalCmpNumJump(a, c, k, t) => {
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            if c.holds(*x, k) {
                                pc += 3;
                            } else {
                                back_edge!(t);
                            }
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::CmpJump(c, t) => {
                        let n = self.stack.len();
                        let b = pop!(self);
                        let a = pop!(self);
                        let r = match (&a, &b) {
                            (Value::Num(x), Value::Num(y)) => {
                                pc += 1;
                                if !c.holds(*x, *y) {
                                    back_edge!(t);
                                }
                                continue;
                            }
                            _ if n < 2 => false,
                            _ => {
                                program_convert!(cmp_code(c), a, b, true);
                                save_pc!();
                                tri!(self.relational(c, &a, &b))
                            }
                        };
                        // Not numbers: the comparison only; the JumpIfFalse after it runs.
                        self.stack.push(Value::Bool(r));
                    }
                    Op::ArithNum(f, k) => {
                        if let Some(Value::Num(x)) = self.stack.last_mut() {
                            *x = f.apply(*x, k);
                            pc += 1;
                        } else {
                            self.stack.push(Value::Num(k));
                        }
                    }
                    Op::LocalArithNum(a, f, k) | Op::LocalArithNumCall(a, f, k) => {
                        // (The call after a LocalArithNumCall runs as its own op here.)
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            let r = f.apply(*x, k);
                            self.stack.push(Value::Num(r));
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::JumpLoopTest(t) => {
                        loop_back_edge!(t);
                    }
                    Op::ArithSetLocal(f, a) => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f.apply(*x, *y);
                                self.stack.truncate(n - 2);
                                if let Some(slot) = self.stack.get_mut(base + a as usize) {
                                    *slot = Value::Num(r);
                                }
                                pc += 1;
                                continue;
                            }
                        }
                        // Not numbers: the arithmetic op alone; the SetLocal after it runs.
                        arith_slow_push!(f);
                    }
                    Op::ArithReturn(f) => {
                        // The arithmetic alone; the Return after it runs as its own op.
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f.apply(*x, *y);
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Num(r);
                                continue;
                            }
                        }
                        arith_slow_push!(f);
                    }
                    Op::LocalsArith(a, b, f) => {
                        if let (Some(Value::Num(x)), Some(Value::Num(y))) = (
                            self.stack.get(base + a as usize),
                            self.stack.get(base + b as usize),
                        ) {
                            let r = f.apply(*x, *y);
                            self.stack.push(Value::Num(r));
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::LocalLocalArithNum(a, b, f, k) => {
                        push_local(&mut self.stack, base + a as usize);
                        if let Some(&Value::Num(y)) = self.stack.get(base + b as usize) {
                            self.stack.push(Value::Num(f.apply(y, k)));
                            pc += 3;
                        }
                    }
                    Op::ArithNumArithSetLocal(f1, f2, a, k) => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f2.apply(*x, f1.apply(*y, k));
                                self.stack.pop();
                                self.stack.pop();
                                if let Some(slot) = self.stack.get_mut(base + a as usize) {
                                    *slot = Value::Num(r);
                                }
                                pc += 3;
                                continue;
                            }
                        }
                        self.stack.push(Value::Num(k));
                    }
                    Op::IncLocalLoop(..) | Op::ForStep(..) => {
                        // A ForStep runs here as the IncLocalLoop it was made from.
                        let (a, inc, t) = match op {
                            Op::IncLocalLoop(a, inc, t) => (a, inc, t),
                            Op::ForStep(a, flags, _, body, _) => {
                                (a, flags & FOR_STEP_INC != 0, body.wrapping_sub(4))
                            }
                            _ => continue,
                        };
                        let Some(Value::Num(x)) = self.stack.get_mut(base + a as usize) else {
                            push_local(&mut self.stack, base + a as usize);
                            continue;
                        };
                        *x += if inc { 1.0 } else { -1.0 };
                        // Now the back edge, as the JumpLoopTest after the update does it.
                        pc += 3;
                        loop_back_edge!(t);
                    }
                    Op::ReturnLocal(a) => {
                        match self.stack.get(base + a as usize) {
                            Some(&Value::Num(n)) => return_plain!(Value::Num(n)),
                            Some(&Value::Obj(r)) => return_plain!(Value::Obj(r)),
                            _ => {}
                        }
                        push_local(&mut self.stack, base + a as usize);
                        pc += 1;
                        let v = pop!(self);
                        save_pc!();
                        self.do_return(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::IncLocal(a, inc) => {
                        if let Some(Value::Num(x)) = self.stack.get_mut(base + a as usize) {
                            *x += if inc { 1.0 } else { -1.0 };
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::In => {
                        let n = self.stack.len();
                        if n >= 2
                            && has_plain_elem(&self.heap, &self.stack[n - 1], &self.stack[n - 2])
                        {
                            self.stack.pop();
                            self.stack[n - 2] = Value::Bool(true);
                            continue;
                        }
                        let o = pop!(self);
                        let k = pop!(self);
                        let r = tri!(self.has_property(&o, &k));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::InstanceOf => {
                        save_pc!();
                        if tri!(self.op_instance_of()) {
                            continue 'frames;
                        }
                    }
                    Op::Neg | Op::BitNot | Op::Inc | Op::Dec => {
                        let v = pop!(self);
                        if let Value::Num(n) = v {
                            self.stack.push(Value::Num(match op {
                                Op::Neg => -n,
                                Op::BitNot => !number::to_int32(n) as f64,
                                Op::Inc => n + 1.0,
                                _ => n - 1.0,
                            }));
                            continue;
                        }
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let v = tri!(self.numeric_unary(op, v));
                        self.stack.push(v);
                    }
                    Op::Plus | Op::ToNumeric => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let v = match v {
                            Value::Num(_) => v,
                            // `+x` converts to a Number (a TypeError for a BigInt).
                            v if op == Op::Plus => Value::Num(tri!(self.to_number(&v))),
                            v => tri!(self.to_numeric(v)),
                        };
                        self.stack.push(v);
                    }
                    Op::Not => {
                        let v = pop!(self);
                        self.stack.push(Value::Bool(!v.truthy()));
                    }
                    Op::Typeof => {
                        let v = pop!(self);
                        let t = self.type_of_value(&v);
                        self.stack.push(t);
                    }
                    Op::ToPropertyKey => {
                        let v = pop!(self);
                        let base_nullish =
                            matches!(self.stack.last(), Some(Value::Null | Value::Undefined));
                        let v = match v {
                            Value::Num(_) | Value::Str(_) => v,
                            // `base[key] op= v` on a nullish base: the access that follows
                            // throws before the key is converted.
                            Value::Obj(_) if base_nullish => v,
                            v => Value::Str(or_convert!(
                                self.to_property_key(&v),
                                CONVERT_PROPERTY_KEY,
                                v,
                                Value::Undefined
                            )),
                        };
                        self.stack.push(v);
                    }
                    Op::ToStr => {
                        // A number is left for the Concat after it (see `concat_top`).
                        if let Some(Value::Str(_) | Value::Num(_)) = self.stack.last() {
                            continue;
                        }
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, false);
                        let s = match v {
                            Value::Str(s) => s,
                            v => or_convert!(
                                self.to_string(&v),
                                convert_code(op),
                                v,
                                Value::Undefined
                            ),
                        };
                        self.stack.push(Value::Str(s));
                    }
                    Op::Concat(n) => {
                        let s = tri!(self.concat_top(n as usize));
                        self.stack.push(s);
                    }
                    Op::NewObject => {
                        let o = self.new_object();
                        self.stack.push(Value::Obj(o));
                    }
                    Op::NewObjectLit(first, n) => {
                        let o = self.new_object_literal(code, first as usize, n as usize);
                        self.stack.push(Value::Obj(o));
                    }
                    Op::NewArray(n) => {
                        let a = self.new_array(Vec::with_capacity(n.min(1024) as usize));
                        self.stack.push(Value::Obj(a));
                    }
                    Op::ArrayPush => {
                        let v = pop!(self);
                        self.op_array_push(v);
                    }
                    Op::ArrayHole => self.op_array_push(Value::Empty),
                    Op::ArraySpread => {
                        save_pc!();
                        if tri!(self.op_array_spread(func & PROGRAM_BIT == 0)) {
                            continue 'frames;
                        }
                    }
                    Op::InitProp(k) => {
                        let v = pop!(self);
                        self.op_init_prop(const_str(code, k), v);
                    }
                    Op::InitElem => tri!(self.op_init_elem()),
                    Op::ObjectSpread => {
                        save_pc!();
                        if tri!(self.op_object_spread()) {
                            continue 'frames;
                        }
                    }
                    Op::ObjectRest => {
                        save_pc!();
                        if tri!(self.op_object_rest()) {
                            continue 'frames;
                        }
                    }
                    Op::Closure(idx) => {
                        let c = self.new_closure(idx, base, closure);
                        self.stack.push(Value::Obj(c));
                    }
                    Op::This => {
                        let v = self.stack[base - 1].clone();
                        self.stack.push(v);
                    }
                    Op::ThisChecked => {
                        let v = self.stack[base - 1].clone();
                        if let Value::Empty = v {
                            throw!(self.reference_error(
                                "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"
                            ));
                        }
                        self.stack.push(v);
                    }
                    Op::MakeClass(has_heritage) => tri!(self.make_class(has_heritage)),
                    Op::DefineMethod => tri!(self.define_method()),
                    Op::DefineAccessor(bits) => tri!(self.define_accessor_op(bits)),
                    Op::SuperGet => {
                        let this = pop!(self);
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        match tri!(self.get_elem_raw(&o, &k)) {
                            Ok(v) => self.stack.push(v),
                            Err(getter) => {
                                tri!(self.call_accessor(getter, this, None, ACC_GET));
                                continue 'frames;
                            }
                        }
                    }
                    Op::SuperSet => {
                        save_pc!();
                        if tri!(self.super_set()) {
                            continue 'frames;
                        }
                    }
                    Op::NewPrivateName(k) => {
                        let text = const_str(code, k);
                        self.stack
                            .push(Value::Sym(JsStr::new_private_name(text.units())));
                    }
                    Op::PrivateGet => {
                        save_pc!();
                        if tri!(self.private_get()) {
                            continue 'frames;
                        }
                    }
                    Op::PrivateSet => {
                        save_pc!();
                        if tri!(self.private_set()) {
                            continue 'frames;
                        }
                    }
                    Op::PrivateIn => {
                        save_pc!();
                        tri!(self.private_in());
                    }
                    Op::PrivateDefine(kind, class_name) => {
                        save_pc!();
                        let class_name = const_str(code, class_name);
                        tri!(self.private_define(kind, class_name));
                    }
                    Op::SuperCall(argc, text) => {
                        save_pc!();
                        tri!(self.super_call(argc as usize, text, closure));
                        continue 'frames;
                    }
                    Op::SuperCallSpread(text) => {
                        save_pc!();
                        let args = pop!(self);
                        let items = tri!(self.array_items(&args));
                        let n = items.len();
                        self.stack.extend(items);
                        tri!(self.super_call(n, text, closure));
                        continue 'frames;
                    }
                    Op::BindThis => {
                        let v = self.stack.last().cloned().unwrap_or_default();
                        if !matches!(self.stack[base - 1], Value::Empty) {
                            throw!(
                                self.reference_error("Super constructor may only be called once")
                            );
                        }
                        self.stack[base - 1] = v;
                    }
                    Op::NewTarget => {
                        let v = match self.frames.last().map(|f| &f.kind) {
                            Some(FrameKind::Construct(nt)) => Value::Obj(*nt),
                            _ => Value::Undefined,
                        };
                        self.stack.push(v);
                    }
                    Op::SuperBase => {
                        let home = pop!(self);
                        let v = match home {
                            Value::Obj(r) => match self.heap.get(r).proto {
                                Some(p) => Value::Obj(p),
                                None => Value::Null,
                            },
                            _ => Value::Undefined,
                        };
                        self.stack.push(v);
                    }
                    Op::Throw => {
                        let v = pop!(self);
                        save_pc!();
                        self.last_throw = self.location_of(func, pc as u32 - 1);
                        if func & PROGRAM_BIT == 0 {
                            self.last_throw = None;
                        }
                        self.throw_value(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::PushHandler(t) => {
                        let depth = self.frames.len() as u32 - 1;
                        self.handlers.push(Handler {
                            frame: depth,
                            pc: t,
                            height: (self.stack.len() - base) as u32,
                        });
                    }
                    Op::PopHandler => {
                        self.handlers.pop();
                    }
                    Op::IterInit => {
                        save_pc!();
                        if tri!(self.op_iter_init(func & PROGRAM_BIT == 0)) {
                            continue 'frames;
                        }
                    }
                    Op::ForInInit => {
                        let v = pop!(self);
                        let keys = tri!(self.for_in_keys(&v));
                        let a = self.new_array(keys);
                        self.stack.push(Value::Obj(a));
                    }
                    Op::IterNext(s, t) => {
                        let it = self.stack[base + s as usize].clone();
                        let idx = match self.stack[base + s as usize + 1] {
                            Value::Num(n) => n as usize,
                            _ => 0,
                        };
                        match tri!(self.iter_next(&it, idx)) {
                            super::iter::IterStep::Value(v, next) => {
                                self.stack[base + s as usize + 1] = Value::Num(next as f64);
                                self.stack.push(v);
                                // Skip the IterValue that reads a protocol result.
                                pc += 1;
                            }
                            super::iter::IterStep::Done => pc = t as usize,
                            super::iter::IterStep::Protocol => {
                                save_pc!();
                                tri!(self.iter_call_next(base + s as usize, &it));
                                continue 'frames;
                            }
                        }
                    }
                    Op::IterValue(s, t) => {
                        let result = pop!(self);
                        match tri!(self.iter_result(&result)) {
                            Some(v) => {
                                self.stack[base + s as usize + 1] = Value::Num(0.0);
                                self.stack.push(v);
                            }
                            None => pc = t as usize,
                        }
                    }
                    Op::IterClose(s, quiet) => {
                        save_pc!();
                        if tri!(self.op_iter_close(base + s as usize, quiet)) {
                            continue 'frames;
                        }
                    }
                    Op::ToArray(n) => {
                        save_pc!();
                        if tri!(self.op_to_array(n, func & PROGRAM_BIT == 0)) {
                            continue 'frames;
                        }
                    }
                    Op::IndexOf(i) => tri!(self.op_index_of(i as usize)),
                    Op::SliceFrom(i) => tri!(self.op_slice_from(i as usize)),
                    Op::RequireObject(_) => {
                        if let Some(v) = self.stack.last() {
                            if v.is_nullish() {
                                let what = if matches!(v, Value::Null) {
                                    "null"
                                } else {
                                    "undefined"
                                };
                                save_pc!();
                                throw!(self.type_error(&format!(
                                    "Cannot destructure '{what}' as it is {what}."
                                )));
                            }
                        }
                    }
                    Op::TemplateObject(i) => {
                        let arr = self.template_object(func, i, &code.templates[i as usize]);
                        self.stack.push(Value::Obj(arr));
                    }
                    Op::Intrinsic(id, argc) => {
                        save_pc!();
                        let v = tri!(self.call_intrinsic(id, argc as usize));
                        self.stack.push(v);
                    }
                    Op::Import => {
                        let v = pop!(self);
                        save_pc!();
                        let m = tri!(crate::builtins::import_module(self, &v));
                        self.stack.push(m);
                    }
                }
            }
        }
    }
}

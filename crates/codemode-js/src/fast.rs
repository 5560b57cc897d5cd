//! The fast loop: the ops that dominate calls and numeric loops, run by a small function
//! over the value stack as a plain slice with the stack top in a local, instead of pushing
//! and popping the VM's `Vec` (a capacity check and a length store in memory each time) as
//! the general loop does. Slots above the top may hold stale values until they are
//! overwritten or the loop ends and the `Vec` is cut back to the top; no GC runs meanwhile.
//!
//! It runs only what needs no conversion, allocation, exception or host work. Any other op,
//! or a fast op whose operands are not the plain case (not numbers, a callee that needs an
//! `arguments` object, a GC or fuel check that is due), ends the fast loop with the frame's
//! `pc` at that op: the general loop runs it, with the exact semantics, and re-enters the
//! fast loop at its next frame switch. State is never split between the two: the fast loop
//! keeps frames, fuel and the heap consistent at every op boundary.

use crate::bytecode::{Cmp, FuncCode, Op, FOR_STEP_INC};
use crate::heap::{Heap, Kind, ACCESSOR};
use crate::value::{strict_equals, ObjRef, Value};
use crate::vm::{code_of, returns_plainly, Frame, FrameKind, Handler, Module, Vm};

/// The running frame's registers inside the fast loop.
struct Regs<'m> {
    base: usize,
    pc: usize,
    closure: Option<ObjRef>,
    code: &'m FuncCode,
}

impl Vm {
    /// Runs the top frame (and the plain calls and returns it makes) until an op needs the
    /// general loop. On return the top frame's `pc` names the next op to run.
    #[inline(never)]
    /// Returns how many calls and loop iterations it made (0: the visit was short).
    pub(crate) fn run_fast(&mut self, program: &Module, prelude: &Module) -> u32 {
        let Some(frame) = self.frames.last() else {
            return 0;
        };
        let Some(code) = code_of(program, prelude, frame.func) else {
            return 0;
        };
        let mut r = Regs {
            base: frame.base as usize,
            pc: frame.pc as usize,
            closure: frame.closure,
            code,
        };
        let mut stack = std::mem::take(&mut self.stack);
        let mut sp = stack.len();
        // Split borrows: the heap is only read here, which lets the compiler keep what it
        // loads from it across stores to the stack and frames.
        let m = Machine {
            heap: &self.heap,
            handlers: &self.handlers,
            max_frames: self.frame_room,
        };
        let frames = &mut self.frames;
        let mut fuel = self.fuel;
        let mut progress = 0u32;
        // The loop stops to ask for room; the stack grows by a few slots at a time so that
        // a short visit (a frame that soon needs the general loop) stays cheap.
        while let Some(need) = fast_loop(
            &m,
            frames,
            &mut fuel,
            &mut progress,
            &mut stack[..],
            &mut sp,
            &mut r,
            program,
            prelude,
        ) {
            let len = sp + need.max(4);
            if len > stack.capacity() {
                // Growth is counted against the memory limit by the general loop's call
                // path (`reserve_call`), which runs this op.
                break;
            }
            while stack.len() < len {
                stack.push(Value::Undefined);
            }
        }
        self.fuel = fuel;
        // Pops rather than `truncate`: the few values above the top drop inline.
        while stack.len() > sp {
            stack.pop();
        }
        self.stack = stack;
        if let Some(f) = self.frames.last_mut() {
            f.pc = r.pc as u32;
        }
        progress
    }
}

/// What the fast loop reads of the VM.
struct Machine<'a> {
    heap: &'a Heap,
    handlers: &'a [Handler],
    max_frames: usize,
}

/// The loop itself. Returns None with `r.pc` at the op the general loop must run, or
/// Some(n) when it needs `n` more slots above `sp` to go on (nothing changed then).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn fast_loop<'m>(
    m: &Machine<'_>,
    frames: &mut Vec<Frame>,
    fuel_out: &mut i64,
    progress_out: &mut u32,
    slots: &mut [Value],
    sp_out: &mut usize,
    r: &mut Regs<'m>,
    program: &'m Module,
    prelude: &'m Module,
) -> Option<usize> {
    let heap: &Heap = m.heap;
    let handlers: &[Handler] = m.handlers;
    let max_frames = m.max_frames;
    let mut fuel = *fuel_out;
    let mut progress = 0u32;
    // Nothing allocates in the fast loop, so whether a GC is due cannot change in it.
    let gc_due = m.heap.wants_gc();
    // The registers live in locals for the duration of the loop.
    let mut sp = *sp_out;
    let mut pc = r.pc;
    let mut base = r.base;
    let mut closure = r.closure;
    let mut code = r.code;
    macro_rules! save {
        () => {
            *fuel_out = fuel;
            *progress_out = progress_out.saturating_add(progress);
            *sp_out = sp;
            *r = Regs {
                base,
                pc,
                closure,
                code,
            };
        };
    }
    macro_rules! stop {
        () => {{
            save!();
            return None;
        }};
    }
    // Charges a taken backward jump's loop (see the general loop's `back_edge`); a due
    // GC or exhausted fuel hands the jump to the general loop, which does both.
    macro_rules! jump {
        ($t:expr) => {{
            let t = $t as usize;
            if t <= pc {
                progress += 1;
                if gc_due || fuel <= (pc + 1 - t) as i64 {
                    stop!();
                }
                fuel -= (pc + 1 - t) as i64;
            }
            pc = t;
        }};
    }
    // Makes sure `n` values can be pushed; an op that pushes asks before it changes
    // anything, so that the loop can stop there and go on once the stack has grown.
    macro_rules! room {
        ($n:expr) => {
            if sp + $n > slots.len() {
                save!();
                return Some($n);
            }
        };
    }
    // Pushes a value onto room the op has asked for.
    macro_rules! push {
        ($v:expr) => {{
            let v = $v;
            if let Some(slot) = slots.get_mut(sp) {
                put(slot, v);
            }
            sp += 1;
        }};
    }
    // The two top values when both are numbers.
    macro_rules! top_nums {
        () => {
            match (slots.get(sp.wrapping_sub(2)), slots.get(sp.wrapping_sub(1))) {
                (Some(&Value::Num(x)), Some(&Value::Num(y))) => (x, y),
                _ => stop!(),
            }
        };
    }
    macro_rules! local_num {
        ($s:expr) => {
            match slots.get(base + $s as usize) {
                Some(&Value::Num(x)) => x,
                _ => stop!(),
            }
        };
    }
    // A call of a program or prelude function that needs no rest array, `arguments`
    // object or promise, with at most its parameter count of arguments: pushes its
    // frame and switches to it. `pc` is at the Call op.
    macro_rules! call {
        ($argc:expr) => {{
            let argc: usize = $argc;
            let callee_pos = sp.wrapping_sub(argc + 2);
            let Some(&Value::Obj(obj)) = slots.get(callee_pos) else {
                stop!();
            };
            let Kind::Closure(c) = &heap.get(obj).kind else {
                stop!();
            };
            let func = c.func;
            let Some(callee) = code_of(program, prelude, func) else {
                stop!();
            };
            let entry_fuel = callee.ops.len() as i64 + 1;
            if !callee.enters_plainly(argc) || frames.len() >= max_frames || fuel <= entry_fuel {
                stop!();
            }
            let new_base = callee_pos + 2;
            let top = new_base + callee.nlocals as usize;
            if top + 2 > slots.len() {
                save!();
                return Some(top + 2 - sp);
            }
            if callee.is_arrow {
                put(&mut slots[callee_pos + 1], c.this.clone());
            }
            for slot in slots.get_mut(sp..top).unwrap_or_default() {
                put(slot, Value::Undefined);
            }
            sp = top;
            if let Some(f) = frames.last_mut() {
                f.pc = pc as u32 + 1;
            }
            frames.push(Frame {
                func,
                pc: 0,
                base: new_base as u32,
                closure: Some(obj),
                kind: FrameKind::Normal,
                resumed: false,
            });
            fuel -= entry_fuel;
            progress += 1;
            base = new_base;
            pc = 0;
            closure = Some(obj);
            code = callee;
            continue;
        }};
    }
    // Returns `v` to the caller.
    macro_rules! ret {
        ($v:expr) => {{
            let v: Value = $v;
            // A plain frame with no try handler open in it, and a caller to go on
            // with; anything else (or a due GC) is the general loop's.
            let depth = frames.len().wrapping_sub(1);
            let dst = base.wrapping_sub(2);
            if frames.len() < 2 || gc_due || dst >= sp || !returns_plainly(frames, handlers) {
                stop!();
            }
            let Some(caller) = frames.get(depth - 1) else {
                stop!();
            };
            let Some(caller_code) = code_of(program, prelude, caller.func) else {
                stop!();
            };
            (base, pc, closure, code) = (
                caller.base as usize,
                caller.pc as usize,
                caller.closure,
                caller_code,
            );
            put(&mut slots[dst], v);
            sp = dst + 1;
            frames.pop();
            continue;
        }};
    }
    loop {
        // By reference: each arm loads only its own operands, which leaves the registers
        // to the stack top, the frame base and the slots (a copied op loads every operand
        // field before the dispatch and spills those).
        let Some(op) = code.ops.get(pc) else {
            stop!();
        };
        match *op {
            Op::Num(n) => {
                room!(1);
                push!(Value::Num(n))
            }
            Op::Undef => {
                room!(1);
                push!(Value::Undefined)
            }
            Op::Null => {
                room!(1);
                push!(Value::Null)
            }
            Op::True => {
                room!(1);
                push!(Value::Bool(true))
            }
            Op::False => {
                room!(1);
                push!(Value::Bool(false))
            }
            Op::Pop => {
                if sp == 0 {
                    stop!();
                }
                sp -= 1;
            }
            Op::Dup => {
                room!(1);
                let Some(v) = slots.get(sp.wrapping_sub(1)) else {
                    stop!();
                };
                let v = plain_copy(v);
                push!(v);
            }
            Op::GetLocal(s) => {
                room!(1);
                let Some(v) = slots.get(base + s as usize) else {
                    stop!();
                };
                let v = plain_copy(v);
                push!(v);
            }
            Op::GetLocal2(a, b) => {
                room!(2);
                let (Some(x), Some(y)) =
                    (slots.get(base + a as usize), slots.get(base + b as usize))
                else {
                    stop!();
                };
                let (x, y) = (plain_copy(x), plain_copy(y));
                push!(x);
                push!(y);
                pc += 1;
            }
            Op::GetLocalChecked(s, _) => {
                room!(1);
                let v = match slots.get(base + s as usize) {
                    Some(Value::Empty) | None => stop!(),
                    Some(v) => plain_copy(v),
                };
                push!(v);
            }
            Op::ClearLocal(s) => match slots.get_mut(base + s as usize) {
                Some(slot) => put(slot, Value::Empty),
                None => stop!(),
            },
            Op::CheckLocal(s, _) => {
                if let Some(Value::Empty) | None = slots.get(base + s as usize) {
                    stop!();
                }
            }
            Op::SetLocal(s) | Op::InitLocal(s) => {
                let i = base + s as usize;
                let top = sp.wrapping_sub(1);
                if i >= top {
                    stop!();
                }
                let Some(top) = slots.get_mut(top) else {
                    stop!();
                };
                let v = std::mem::take(top);
                put(&mut slots[i], v);
                sp -= 1;
            }
            Op::GetUpval(i, _) | Op::GetUpvalUndef(i, _) => {
                room!(2);
                let cell = upval_cell(heap, closure, i);
                let v = match &heap.get(cell).kind {
                    Kind::Cell(Value::Num(n)) => Value::Num(*n),
                    Kind::Cell(Value::Obj(o)) => Value::Obj(*o),
                    _ => stop!(),
                };
                push!(v);
                if let Op::GetUpvalUndef(..) = *op {
                    push!(Value::Undefined);
                    pc += 1;
                }
            }
            Op::GetCell(s, _) => {
                room!(1);
                let Some(&Value::Obj(cell)) = slots.get(base + s as usize) else {
                    stop!();
                };
                let v = match &heap.get(cell).kind {
                    Kind::Cell(Value::Num(n)) => Value::Num(*n),
                    Kind::Cell(Value::Obj(o)) => Value::Obj(*o),
                    _ => stop!(),
                };
                push!(v);
            }
            Op::GetProp(k) => {
                // An own data property of an ordinary object (as the general loop's
                // first case); anything else needs `get_prop`.
                let Some(&Value::Obj(o)) = slots.get(sp.wrapping_sub(1)) else {
                    stop!();
                };
                let obj = heap.get(o);
                let (Kind::Ordinary, Some(Value::Str(key))) =
                    (&obj.kind, code.consts.get(k as usize))
                else {
                    stop!();
                };
                // An accessor runs its getter in the general loop.
                let Some(p) = obj.props.entry(key) else {
                    stop!();
                };
                if p.flags & ACCESSOR != 0 {
                    stop!();
                }
                put(&mut slots[sp - 1], plain_copy(&p.value));
            }
            Op::GetElem => {
                // An array element in range.
                let (Some(&Value::Obj(o)), Some(&Value::Num(n))) =
                    (slots.get(sp.wrapping_sub(2)), slots.get(sp.wrapping_sub(1)))
                else {
                    stop!();
                };
                let Kind::Array(items) = &heap.get(o).kind else {
                    stop!();
                };
                let i = n as usize;
                let (true, Some(v)) = (i as f64 == n, items.get(i)) else {
                    stop!();
                };
                if v.is_empty() {
                    // A hole: read through the prototypes by the general loop.
                    stop!();
                }
                let v = plain_copy(v);
                sp -= 1;
                put(&mut slots[sp - 1], v);
            }
            Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem => {
                let (x, y) = top_nums!();
                let v = match *op {
                    Op::Add => x + y,
                    Op::Sub => x - y,
                    Op::Mul => x * y,
                    Op::Div => x / y,
                    _ => crate::vm::js_rem(x, y),
                };
                sp -= 1;
                set_num(&mut slots[sp - 1], v);
            }
            Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                let (x, y) = top_nums!();
                let b = match *op {
                    Op::Lt => x < y,
                    Op::Le => x <= y,
                    Op::Gt => x > y,
                    _ => x >= y,
                };
                sp -= 1;
                put(&mut slots[sp - 1], Value::Bool(b));
            }
            Op::StrictEq | Op::StrictNe => {
                let (Some(a), Some(b)) =
                    (slots.get(sp.wrapping_sub(2)), slots.get(sp.wrapping_sub(1)))
                else {
                    stop!();
                };
                // Long strings of one length cost a memcmp the general loop charges for.
                if let (Value::Str(x), Value::Str(y)) = (a, b) {
                    if x.len() >= 256 && x.len() == y.len() {
                        stop!();
                    }
                }
                // Two BigInts compare digit by digit: the general loop charges for it.
                if let (Value::BigInt(_), Value::BigInt(_)) = (a, b) {
                    stop!();
                }
                let eq = strict_equals(m.heap, a, b) == matches!(*op, Op::StrictEq);
                sp -= 1;
                put(&mut slots[sp - 1], Value::Bool(eq));
            }
            Op::Not => match slots.get_mut(sp.wrapping_sub(1)) {
                Some(top) => {
                    let b = !top.truthy();
                    put(top, Value::Bool(b))
                }
                None => stop!(),
            },
            Op::Jump(t) => {
                jump!(t);
                continue;
            }
            Op::JumpIfFalse(t) | Op::JumpIfTrue(t) => {
                let Some(v) = slots.get(sp.wrapping_sub(1)) else {
                    stop!();
                };
                let taken = v.truthy() == matches!(*op, Op::JumpIfTrue(_));
                if taken && (t as usize) <= pc {
                    // A backward conditional jump: the general loop charges it.
                    stop!();
                }
                sp -= 1;
                if taken {
                    pc = t as usize;
                    continue;
                }
            }
            Op::LocalCmpNumJump(a, c, k, t) => {
                if c.holds(local_num!(a), k) {
                    pc += 3;
                } else {
                    jump!(t);
                    continue;
                }
            }
            Op::CmpJump(c, t) => {
                let (x, y) = top_nums!();
                let holds = c.holds(x, y);
                if !holds && (t as usize) <= pc {
                    stop!();
                }
                sp -= 2;
                if holds {
                    pc += 1;
                } else {
                    pc = t as usize;
                    continue;
                }
            }
            Op::ArithNum(f, k) => match slots.get_mut(sp.wrapping_sub(1)) {
                Some(Value::Num(x)) => {
                    *x = f.apply(*x, k);
                    pc += 1;
                }
                _ => stop!(),
            },
            Op::LocalArithNum(a, f, k) => {
                room!(1);
                let x = local_num!(a);
                push!(Value::Num(f.apply(x, k)));
                pc += 2;
            }
            Op::LocalsArith(a, b, f) => {
                room!(1);
                let (x, y) = (local_num!(a), local_num!(b));
                push!(Value::Num(f.apply(x, y)));
                pc += 2;
            }
            Op::LocalLocalArithNum(a, b, f, k) => {
                room!(2);
                let (x, y) = (local_num!(a), local_num!(b));
                push!(Value::Num(x));
                push!(Value::Num(f.apply(y, k)));
                pc += 3;
            }
            Op::ArithSetLocal(f, a) => {
                let (x, y) = top_nums!();
                let i = base + a as usize;
                if i >= sp - 2 {
                    stop!();
                }
                set_num(&mut slots[i], f.apply(x, y));
                sp -= 2;
                pc += 1;
            }
            Op::ArithNumArithSetLocal(f1, f2, a, k) => {
                let (x, y) = top_nums!();
                let i = base + a as usize;
                if i >= sp - 2 {
                    stop!();
                }
                set_num(&mut slots[i], f2.apply(x, f1.apply(y, k)));
                sp -= 2;
                pc += 3;
            }
            Op::IncLocal(a, inc) => match slots.get_mut(base + a as usize) {
                Some(Value::Num(x)) => {
                    *x += if inc { 1.0 } else { -1.0 };
                    pc += 2;
                }
                _ => stop!(),
            },
            Op::ForStep(a, flags, k, body, exit) => {
                let Some(Value::Num(x)) = slots.get_mut(base + a as usize) else {
                    stop!();
                };
                *x += if flags & FOR_STEP_INC != 0 { 1.0 } else { -1.0 };
                let x = *x;
                // The back edge of the JumpLoopTest this stands for (three ops on), to the
                // loop test four ops before the body.
                let charge = (pc + 4) as i64 - (body as i64 - 4);
                if gc_due || fuel <= charge {
                    // The general loop does the back edge, its GC and its fuel check.
                    pc += 3;
                    stop!();
                }
                fuel -= charge;
                progress += 1;
                pc = if Cmp::from_bits(flags).holds(x, k as f64) {
                    body as usize
                } else {
                    exit as usize
                };
                continue;
            }
            Op::JumpLoopTest(t) | Op::IncLocalLoop(_, _, t) => {
                if let Op::IncLocalLoop(a, inc, _) = *op {
                    match slots.get_mut(base + a as usize) {
                        Some(Value::Num(x)) => *x += if inc { 1.0 } else { -1.0 },
                        _ => stop!(),
                    }
                    // Now at the back edge (the JumpLoopTest after the update).
                    pc += 3;
                }
                jump!(t);
                if let Some(&Op::LocalCmpNumJump(a, c, k, exit)) = code.ops.get(pc) {
                    if let Some(&Value::Num(x)) = slots.get(base + a as usize) {
                        pc = if c.holds(x, k) { pc + 4 } else { exit as usize };
                    }
                }
                continue;
            }
            Op::Call(argc, _) => call!(argc as usize),
            Op::LocalArithNumCall(a, f, k) => {
                room!(1);
                let x = local_num!(a);
                push!(Value::Num(f.apply(x, k)));
                pc += 3;
                call!(1)
            }
            Op::Return => match slots.get(sp.wrapping_sub(1)) {
                Some(Value::Empty) | None => stop!(),
                Some(v) => ret!(plain_copy(v)),
            },
            Op::ReturnLocal(a) => match slots.get(base + a as usize) {
                Some(Value::Empty) | None => stop!(),
                Some(v) => ret!(plain_copy(v)),
            },
            Op::ArithReturn(f) => {
                let (x, y) = top_nums!();
                ret!(Value::Num(f.apply(x, y)))
            }
            _ => stop!(),
        }
        pc += 1;
    }
}

/// The cell of the running closure's captured variable `i`.
#[inline(always)]
fn upval_cell(heap: &Heap, closure: Option<ObjRef>, i: u16) -> ObjRef {
    match closure.map(|c| &heap.get(c).kind) {
        Some(Kind::Closure(c)) => c.cells.get(i as usize).copied().unwrap_or(ObjRef(u32::MAX)),
        _ => ObjRef(u32::MAX),
    }
}

/// Stores `v` in a slot. Only an old string or symbol needs dropping: its drop runs out
/// of line, so that the loop carries no reference-count code (which costs the loop
/// registers in every op that writes a slot).
#[inline(always)]
fn put(slot: &mut Value, v: Value) {
    let old = std::mem::replace(slot, v);
    if matches!(old, Value::Str(_) | Value::Sym(_)) {
        drop_cold(old);
    } else {
        // Nothing to release: numbers, booleans and handles.
        std::mem::forget(old);
    }
}

#[cold]
#[inline(never)]
fn drop_cold(v: Value) {
    drop(v);
}

/// Stores a number, writing only the payload when the slot already holds one.
#[inline(always)]
fn set_num(slot: &mut Value, n: f64) {
    match slot {
        Value::Num(x) => *x = n,
        other => put(other, Value::Num(n)),
    }
}

/// A copy of a value; numbers are copied field by field (see `push_local` in vm/operands.rs).
#[inline(always)]
fn plain_copy(v: &Value) -> Value {
    match *v {
        Value::Num(n) => Value::Num(n),
        Value::Obj(o) => Value::Obj(o),
        ref v => v.clone(),
    }
}

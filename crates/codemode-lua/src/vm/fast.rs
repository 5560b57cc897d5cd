//! The fast loop: the ops that dominate calls and numeric loops (register moves, integer
//! and float arithmetic, comparisons and jumps, the numeric `for`, plain Lua calls and
//! single-result returns), run by a small function whose state (pc, base, the register
//! window, fuel) stays in machine registers. The general loop in `exec.rs` handles every
//! op, but it is one large function with calls everywhere, so LLVM keeps its pc, code
//! slice and window in stack slots and reloads them around each op.
//!
//! The fast loop runs an op only when its operands are the plain case and the op needs no
//! metamethod, allocation, error or host work. Otherwise it stops with the top frame's pc
//! at that op, before changing anything, and the general loop runs it with the exact
//! semantics. Fuel is charged exactly as the general loop charges it (a frame's entry, a
//! return, each taken backward jump); an op whose charge would exhaust the slice is left to
//! the general loop too, which charges it and yields.

use super::exec::WINDOW;
use super::{arith, Frame, FrameKind, Vm};
use crate::bytecode::{ArithOp, Op, Proto};
use crate::heap::Upval;
use crate::value::{FuncRef, Value};

impl Vm {
    /// Runs the top Lua frame (and the plain calls and returns it makes) until an op needs
    /// the general loop, or the slice's fuel is low. On return the top frame is a Lua frame
    /// whose `pc` names the next op to run, and `self.fuel` is current.
    #[inline(never)]
    pub(super) fn run_fast(&mut self, protos: &[Proto]) {
        let Vm {
            heap,
            stack,
            frames,
            top,
            open_upvals,
            frame_cap,
            fuel: fuel_out,
            ..
        } = self;
        let frame_cap = *frame_cap;
        let no_open_upvals = open_upvals.is_empty();
        // Nothing here changes the heap: a closed upvalue's value stays as read until this
        // function returns.
        let heap = &*heap;
        // The last closed upvalue read that held a Lua function: (closure, upvalue index,
        // the function). A recursive function reads itself through the same one on every
        // call. Only a function is kept: a `FuncRef` is stored as two words, where a whole
        // cached `Value` was copied byte-wise through stack slots (loads that could not be
        // forwarded from the stores: fib.lua ran 30 % slower on fewer instructions).
        // The key is `closure | index << 32` (never `u64::MAX`), built from the op: compared
        // field by field, LLVM tested the closure at every op's dispatch.
        let mut upval_fn: (u64, FuncRef) = (u64::MAX, FuncRef(0, 0));
        let stack: &mut [Value] = &mut stack[..];
        let (mut closure, mut base, mut pc, mut p) = match frames.last() {
            Some(Frame {
                kind: FrameKind::Lua { closure, proto, .. },
                base,
                pc,
                ..
            }) => match protos.get(*proto as usize) {
                // The closure widened once here: as a `u32`, LLVM widened it at every
                // op's dispatch for `GetUpval`'s key.
                Some(p) => (*closure as u64, *base as usize, *pc as usize, p),
                None => return,
            },
            _ => return,
        };
        let mut code = &p.code[..];
        let mut fuel = *fuel_out;
        let Some(mut regs) = stack
            .get_mut(base..)
            .and_then(|s| s.first_chunk_mut::<WINDOW>())
        else {
            return;
        };
        macro_rules! r {
            ($x:expr) => {
                regs[$x as usize]
            };
        }
        // Leaves the op at `pc` (not yet run) to the general loop.
        macro_rules! stop {
            () => {{
                cold();
                if let Some(f) = frames.last_mut() {
                    f.pc = pc as u32;
                }
                *fuel_out = fuel;
                return;
            }};
        }
        // A taken jump by `off` from the op at `pc` (already advanced past it): a backward
        // one charges its loop's length, and one that would exhaust the slice is left to
        // the general loop (which charges it and yields). `$then` runs the op's effects
        // once the jump is sure to be taken here.
        macro_rules! jump {
            ($off:expr, $then:block) => {{
                let off = $off as i64;
                if off < 0 {
                    if fuel + off <= 0 {
                        pc -= 1;
                        stop!();
                    }
                    fuel += off;
                }
                $then
                pc = (pc as i64 + off) as usize;
            }};
            ($off:expr) => {
                jump!($off, {})
            };
        }
        // The same for a jump known to go backward (a loop's back edge; any other offset
        // goes to the general loop).
        macro_rules! back_jump {
            ($off:expr, $then:block) => {{
                let off = $off as i64;
                if off >= 0 || fuel + off <= 0 {
                    pc -= 1;
                    stop!();
                }
                fuel += off;
                $then
                pc = (pc as i64 + off) as usize;
            }};
        }
        macro_rules! cond_jump {
            ($cond:expr, $off:expr) => {
                if $cond {
                    jump!($off);
                }
            };
        }
        loop {
            let Some(op) = code.get(pc) else {
                stop!();
            };
            pc += 1;
            // By reference: each arm loads only its own operands.
            match *op {
                Op::Move { a, b } => {
                    let v = match &r!(b) {
                        Value::Int(i) => Value::Int(*i),
                        Value::Float(f) => Value::Float(*f),
                        Value::Table(t) => Value::Table(*t),
                        Value::Str(s) => Value::Str(*s),
                        Value::Func(f) => Value::Func(*f),
                        other => *other,
                    };
                    r!(a) = v;
                }
                Op::LoadK { a, k } => match p.consts.get(k as usize) {
                    Some(v) => r!(a) = *v,
                    None => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::LoadI { a, i } => r!(a) = Value::Int(i as i64),
                Op::LoadBool { a, b } => r!(a) = Value::Bool(b),
                Op::GetUpval { a, b } => {
                    let key = closure | (b as u64) << 32;
                    if key == upval_fn.0 {
                        r!(a) = Value::Func(upval_fn.1);
                        continue;
                    }
                    let u = heap
                        .closures
                        .get(closure as u32)
                        .upvals
                        .get(b as usize)
                        .copied();
                    let v = match u.map(|u| heap.upvals.get(u.0)) {
                        Some(Upval::Closed(v)) => {
                            if let Value::Func(f) = v {
                                upval_fn = (key, *f);
                            }
                            *v
                        }
                        Some(&Upval::Open(i)) => match (i as usize).checked_sub(base) {
                            Some(j) if j < WINDOW => regs[j],
                            _ => {
                                pc -= 1;
                                stop!();
                            }
                        },
                        _ => {
                            pc -= 1;
                            stop!();
                        }
                    };
                    r!(a) = v;
                }
                Op::AddI { a, b, i, .. } => match &r!(b) {
                    Value::Int(x) => r!(a) = Value::Int(x.wrapping_add(i as i64)),
                    Value::Float(x) => {
                        cold();
                        r!(a) = Value::Float(x + i as f64)
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::MulI { a, b, i } => match &r!(b) {
                    Value::Int(x) => r!(a) = Value::Int(x.wrapping_mul(i as i64)),
                    Value::Float(x) => {
                        cold();
                        r!(a) = Value::Float(x * i as f64)
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::ModI { a, b, i } => match &r!(b) {
                    // Lua's floored modulo by a positive divisor is the Euclidean remainder.
                    Value::Int(x) if i > 0 => r!(a) = Value::Int(x.rem_euclid(i as i64)),
                    Value::Float(x) => {
                        cold();
                        r!(a) = Value::Float(arith::float_mod(*x, i as f64))
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::ArithI { a, b, op, i } => {
                    let y = i as i64;
                    match (&r!(b), op) {
                        (Value::Int(x), ArithOp::Add) => r!(a) = Value::Int(x.wrapping_add(y)),
                        (Value::Int(x), ArithOp::Sub) => r!(a) = Value::Int(x.wrapping_sub(y)),
                        (Value::Int(x), ArithOp::Div) => {
                            r!(a) = Value::Float(*x as f64 / y as f64);
                        }
                        (Value::Float(x), _) => match arith::float_arith(op, *x, y as f64) {
                            Some(f) => {
                                cold();
                                r!(a) = Value::Float(f);
                            }
                            None => {
                                pc -= 1;
                                stop!();
                            }
                        },
                        _ => {
                            pc -= 1;
                            stop!();
                        }
                    }
                }
                // A numeric constant that is not a small integer: a float, mostly.
                Op::ArithK { a, b, op, k } => {
                    let f = match p.consts.get(k as usize) {
                        Some(kv) => arith::float_operands(&r!(b), kv)
                            .and_then(|(x, y)| arith::float_arith(op, x, y)),
                        None => None,
                    };
                    match f {
                        Some(f) => r!(a) = Value::Float(f),
                        None => {
                            pc -= 1;
                            stop!();
                        }
                    }
                }
                Op::Div { a, b, c } => match (&r!(b), &r!(c)) {
                    (Value::Int(x), Value::Int(y)) => r!(a) = Value::Float(*x as f64 / *y as f64),
                    (x, y) => match arith::float_operands(x, y) {
                        Some((x, y)) => r!(a) = Value::Float(x / y),
                        None => {
                            pc -= 1;
                            stop!();
                        }
                    },
                },
                Op::Add { a, b, c } => match (&r!(b), &r!(c)) {
                    (Value::Int(x), Value::Int(y)) => r!(a) = Value::Int(x.wrapping_add(*y)),
                    (Value::Float(x), Value::Float(y)) => {
                        cold();
                        r!(a) = Value::Float(x + y)
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::Sub { a, b, c } => match (&r!(b), &r!(c)) {
                    (Value::Int(x), Value::Int(y)) => r!(a) = Value::Int(x.wrapping_sub(*y)),
                    (Value::Float(x), Value::Float(y)) => {
                        cold();
                        r!(a) = Value::Float(x - y)
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::Mul { a, b, c } => match (&r!(b), &r!(c)) {
                    (Value::Int(x), Value::Int(y)) => r!(a) = Value::Int(x.wrapping_mul(*y)),
                    (Value::Float(x), Value::Float(y)) => {
                        cold();
                        r!(a) = Value::Float(x * y)
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::Mod { a, b, c } => match (&r!(b), &r!(c)) {
                    (Value::Int(x), Value::Int(y)) if *y != 0 => {
                        r!(a) = Value::Int(arith::int_mod(*x, *y))
                    }
                    (Value::Float(x), Value::Float(y)) => {
                        cold();
                        r!(a) = Value::Float(arith::float_mod(*x, *y))
                    }
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::Jmp { off } => jump!(off),
                Op::Test { a, k, off } => {
                    let truthy = !matches!(&r!(a), Value::Nil | Value::Bool(false));
                    cond_jump!(truthy == k, off);
                }
                Op::EqK { a, c, off } => match p.consts.get(c as usize) {
                    Some(k) => cond_jump!(r!(a).raw_eq(*k), off),
                    None => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::NeK { a, c, off } => match p.consts.get(c as usize) {
                    Some(k) => cond_jump!(!r!(a).raw_eq(*k), off),
                    None => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::EqI { a, k, i, off } => {
                    let eq = match &r!(a) {
                        Value::Int(x) => *x == i as i64,
                        Value::Float(x) => *x == i as f64,
                        _ => false,
                    };
                    cond_jump!(eq == k, off);
                }
                Op::Lt { a, b, k, off } => match (&r!(a), &r!(b)) {
                    (Value::Int(x), Value::Int(y)) => cond_jump!((x < y) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::Le { a, b, k, off } => match (&r!(a), &r!(b)) {
                    (Value::Int(x), Value::Int(y)) => cond_jump!((x <= y) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::LtI { a, k, i, off } => match &r!(a) {
                    Value::Int(x) => cond_jump!((*x < i as i64) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::LeI { a, k, i, off } => match &r!(a) {
                    Value::Int(x) => cond_jump!((*x <= i as i64) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::GtI { a, k, i, off } => match &r!(a) {
                    Value::Int(x) => cond_jump!((*x > i as i64) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::GeI { a, k, i, off } => match &r!(a) {
                    Value::Int(x) => cond_jump!((*x >= i as i64) == k, off),
                    _ => {
                        pc -= 1;
                        stop!();
                    }
                },
                Op::ForLoop { a, off } => {
                    let a = a as usize;
                    // The loop's four registers: no bounds check within the window.
                    let Ok(r) = <&mut [Value; 4]>::try_from(&mut regs[a..a + 4]) else {
                        pc -= 1;
                        stop!();
                    };
                    // The index and counter are updated in place (their tags stay); the
                    // variable the body sees may hold anything by now.
                    match r {
                        [Value::Int(i), Value::Int(count), Value::Int(step), var] => {
                            if *count > 0 {
                                back_jump!(off, {
                                    let ni = i.wrapping_add(*step);
                                    *count -= 1;
                                    *i = ni;
                                    *var = Value::Int(ni);
                                });
                            }
                        }
                        [Value::Float(i), Value::Float(lim), Value::Float(step), var] => {
                            cold();
                            let ni = *i + *step;
                            let go = if *step > 0.0 { ni <= *lim } else { *lim <= ni };
                            if go {
                                back_jump!(off, {
                                    *i = ni;
                                    *var = Value::Float(ni);
                                });
                            }
                        }
                        _ => {
                            pc -= 1;
                            stop!();
                        }
                    }
                }
                Op::Call { a, b, c } => {
                    // What the general loop's own fast path does: a Lua function with fixed
                    // parameters, called with exactly that many arguments, whose register
                    // window fits in the stack already; with fuel to enter it.
                    let func = base + a as usize;
                    let Value::Func(FuncRef(cl, proto)) = r!(a) else {
                        pc -= 1;
                        stop!();
                    };
                    let Some(q) = protos.get(proto as usize) else {
                        pc -= 1;
                        stop!();
                    };
                    if q.is_vararg
                        || b as usize != q.num_params as usize + 1
                        || frames.len() >= frame_cap
                        || fuel <= 0
                    {
                        pc -= 1;
                        stop!();
                    }
                    // The callee's window, which is also the check that it fits.
                    let Some(window) = stack
                        .get_mut(func + 1..)
                        .and_then(|s| s.first_chunk_mut::<WINDOW>())
                    else {
                        pc -= 1;
                        stop!();
                    };
                    if let Some(f) = frames.last_mut() {
                        f.pc = pc as u32;
                    }
                    frames.push(Frame::lua_call(cl, proto, func, c as i32 - 1));
                    closure = cl as u64;
                    base = func + 1;
                    pc = 0;
                    p = q;
                    code = &q.code[..];
                    fuel -= code.len().min(32) as i64;
                    regs = window;
                }
                Op::Return1 { a } => {
                    // A single result to a Lua caller that wants one, with no open upvalue
                    // to close (else the general loop returns).
                    if !no_open_upvals {
                        pc -= 1;
                        stop!();
                    }
                    let [.., caller, callee] = &frames[..] else {
                        pc -= 1;
                        stop!();
                    };
                    let (
                        1,
                        FrameKind::Lua {
                            closure: c, proto, ..
                        },
                    ) = (callee.nresults, &caller.kind)
                    else {
                        pc -= 1;
                        stop!();
                    };
                    let Some(q) = protos.get(*proto as usize) else {
                        pc -= 1;
                        stop!();
                    };
                    let func = callee.func as usize;
                    let v = r!(a);
                    closure = *c as u64;
                    base = caller.base as usize;
                    pc = caller.pc as usize;
                    frames.pop();
                    if let Some(slot) = stack.get_mut(func) {
                        *slot = v;
                    }
                    *top = func + 1;
                    p = q;
                    code = &q.code[..];
                    fuel -= 1;
                    regs = match stack
                        .get_mut(base..)
                        .and_then(|s| s.first_chunk_mut::<WINDOW>())
                    {
                        Some(w) => w,
                        // Every Lua frame has its window (the general loop's invariant);
                        // the caller's pc was saved when it called.
                        None => {
                            *fuel_out = fuel;
                            return;
                        }
                    };
                }
                _ => {
                    pc -= 1;
                    stop!();
                }
            }
        }
    }
}

/// Marks the path it is on as unlikely: `std::hint::cold_path` where the compiler has it
/// (Rust 1.95), else nothing. The fast loop's stops and float arms are cold, so LLVM lays
/// out each op's integer case to fall through; left 50/50, it jumped to the integer case
/// and back through shared tails, some 15 taken branches in loop.lua's four-op iteration,
/// and ran 12 % slower on the same instructions (docs/performance/lua.md).
#[rustversion::since(1.95)]
#[allow(clippy::incompatible_msrv)]
#[inline(always)]
fn cold() {
    std::hint::cold_path()
}

#[rustversion::before(1.95)]
#[inline(always)]
fn cold() {}

//! A peephole pass over a finished function: drops the capture placeholders that stayed
//! no-ops, then writes fused ops (see the end of `Op`) over the first op of the hot
//! sequences of a stack machine — local reads, compare-and-branch, arithmetic with a
//! constant, `i++` as a statement — so a loop iteration dispatches about half as many ops.

use crate::bytecode::{Arith, Cmp, FuncCode, Op, FOR_STEP_INC};

/// Rewrites `code` in place. Semantics are unchanged: a fused op falls back to the op it
/// replaced whenever its fast path does not apply.
pub fn optimize(code: &mut FuncCode) {
    drop_nops(code);
    fuse(&mut code.ops);
}

/// The target bits of `JumpIfNullish`, whose top bits hold a stack depth.
const TARGET_MASK: u32 = 0x0fff_ffff;

/// The jump target an op carries, if any (`JumpIfNullish` is handled apart). Every op with a target must be listed here (the
/// compiler's `patch` sets the same set); `ForStep`, with two targets, is only written after
/// the last relocation.
fn target_mut(op: &mut Op) -> Option<&mut u32> {
    match op {
        Op::Jump(t)
        | Op::JumpIfFalse(t)
        | Op::JumpIfTrue(t)
        | Op::JumpIfFalseKeep(t)
        | Op::JumpIfTrueKeep(t)
        | Op::JumpIfNotNullishKeep(t)
        | Op::PushHandler(t)
        | Op::IterNext(_, t)
        | Op::IterValue(_, t)
        | Op::LocalCmpNumJump(_, _, _, t)
        | Op::CmpJump(_, t)
        | Op::JumpLoopTest(t)
        | Op::IncLocalLoop(_, _, t) => Some(t),
        _ => None,
    }
}

/// Removes `NopBox`/`NopCopy` (placeholders for variables that were never captured) and
/// relocates jump targets and spans.
fn drop_nops(code: &mut FuncCode) {
    let is_nop = |op: &Op| matches!(op, Op::NopBox(_) | Op::NopCopy(_));
    if !code.ops.iter().any(is_nop) {
        return;
    }
    // new_index[i]: where old op i (or, if it is removed, the next kept op) ends up.
    let mut new_index = Vec::with_capacity(code.ops.len() + 1);
    let mut kept = 0u32;
    for op in &code.ops {
        new_index.push(kept);
        if !is_nop(op) {
            kept += 1;
        }
    }
    new_index.push(kept);
    let mut ops = Vec::with_capacity(kept as usize);
    let mut spans = Vec::with_capacity(kept as usize);
    for (i, op) in code.ops.iter().enumerate() {
        if is_nop(op) {
            continue;
        }
        let relocate = |t: u32| new_index.get(t as usize).copied().unwrap_or(kept);
        let mut op = *op;
        if let Op::JumpIfNullish(x) = &mut op {
            // The stack depth to drop rides in the top 4 bits (see the compiler's chains).
            *x = (*x & !TARGET_MASK) | relocate(*x & TARGET_MASK);
        } else if let Some(t) = target_mut(&mut op) {
            *t = relocate(*t);
        }
        ops.push(op);
        spans.push(code.spans.get(i).copied().unwrap_or(0));
    }
    code.ops = ops;
    code.spans = spans;
}

fn arith(op: Op) -> Option<Arith> {
    Some(match op {
        Op::Add => Arith::Add,
        Op::Sub => Arith::Sub,
        Op::Mul => Arith::Mul,
        Op::Div => Arith::Div,
        Op::Rem => Arith::Rem,
        _ => return None,
    })
}

fn cmp(op: Op) -> Option<Cmp> {
    Some(match op {
        Op::Lt => Cmp::Lt,
        Op::Le => Cmp::Le,
        Op::Gt => Cmp::Gt,
        Op::Ge => Cmp::Ge,
        _ => return None,
    })
}

/// Each position is fused from the original sequence starting there, independently of its
/// neighbours: a fused op stands for the original ops, so overlapping sequences are fine.
fn fuse(ops: &mut [Op]) {
    let orig = ops.to_vec();
    for (q, slot) in ops.iter_mut().enumerate() {
        if let Some(f) = fused_at(&orig[q..]) {
            *slot = f;
        }
    }
    // Back edges into a fused loop test (the fused ops are known only now), and a loop
    // update right before such a back edge.
    for q in 0..ops.len() {
        if let Op::Jump(t) = ops[q] {
            if matches!(ops.get(t as usize), Some(Op::LocalCmpNumJump(..))) {
                ops[q] = Op::JumpLoopTest(t);
            }
        }
    }
    for q in 0..ops.len() {
        if let (Op::IncLocal(a, inc), Some(&Op::JumpLoopTest(t))) = (ops[q], ops.get(q + 3)) {
            ops[q] = Op::IncLocalLoop(a, inc, t);
            // A counting loop over the same variable with an integer bound: the test too.
            if let Some(&Op::LocalCmpNumJump(b, c, k, exit)) = ops.get(t as usize) {
                let body = t.checked_add(4);
                let integer_bound = k.fract() == 0.0 && k.abs() < 2147483648.0;
                if let (true, true, true, Some(body)) =
                    (b == a, integer_bound, (t as usize) < q, body)
                {
                    let flags = c.bits() | if inc { FOR_STEP_INC } else { 0 };
                    ops[q] = Op::ForStep(a, flags, k as i32, body, exit);
                }
            }
        }
    }
}

fn fused_at(o: &[Op]) -> Option<Op> {
    let at = |i: usize| o.get(i).copied();
    match (at(0)?, at(1), at(2), at(3)) {
        (Op::GetLocal(a), Some(Op::Num(k)), Some(c), Some(Op::JumpIfFalse(t)))
            if cmp(c).is_some() =>
        {
            Some(Op::LocalCmpNumJump(a, cmp(c)?, k, t))
        }
        (Op::GetLocal(a), Some(Op::Inc), Some(Op::SetLocal(b)), _) if a == b => {
            Some(Op::IncLocal(a, true))
        }
        (Op::GetLocal(a), Some(Op::Dec), Some(Op::SetLocal(b)), _) if a == b => {
            Some(Op::IncLocal(a, false))
        }
        (Op::GetLocal(a), Some(Op::GetLocal(b)), Some(Op::Num(k)), Some(x))
            if arith(x).is_some() =>
        {
            Some(Op::LocalLocalArithNum(a, b, arith(x)?, k))
        }
        (Op::Num(k), Some(x), Some(y), Some(Op::SetLocal(a)))
            if arith(x).is_some() && arith(y).is_some() =>
        {
            Some(Op::ArithNumArithSetLocal(arith(x)?, arith(y)?, a, k))
        }
        (Op::GetUpval(i, name), Some(Op::Undef), _, _) => Some(Op::GetUpvalUndef(i, name)),
        (Op::GetLocal(a), Some(Op::Return), _, _) => Some(Op::ReturnLocal(a)),
        (Op::GetLocal(a), Some(Op::Num(k)), Some(x), Some(Op::Call(1, _)))
            if arith(x).is_some() =>
        {
            Some(Op::LocalArithNumCall(a, arith(x)?, k))
        }
        (x, Some(Op::Return), _, _) if arith(x).is_some() => Some(Op::ArithReturn(arith(x)?)),
        (Op::GetLocal(a), Some(Op::Num(k)), Some(x), _) if arith(x).is_some() => {
            Some(Op::LocalArithNum(a, arith(x)?, k))
        }
        (Op::GetLocal(a), Some(Op::GetLocal(b)), Some(x), _) if arith(x).is_some() => {
            Some(Op::LocalsArith(a, b, arith(x)?))
        }
        (Op::GetLocal(a), Some(Op::GetLocal(b)), _, _) => Some(Op::GetLocal2(a, b)),
        (x, Some(Op::SetLocal(a)), _, _) if arith(x).is_some() => {
            Some(Op::ArithSetLocal(arith(x)?, a))
        }
        (c, Some(Op::JumpIfFalse(t)), _, _) if cmp(c).is_some() => Some(Op::CmpJump(cmp(c)?, t)),
        (Op::Num(k), Some(x), _, _) if arith(x).is_some() => Some(Op::ArithNum(arith(x)?, k)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(ops: Vec<Op>) -> FuncCode {
        FuncCode {
            spans: (0..ops.len() as u32).collect(),
            ops,
            ..FuncCode::default()
        }
    }

    #[test]
    fn nops_are_dropped_and_targets_relocated() {
        let mut c = code(vec![
            Op::NopBox(0),
            Op::Jump(3),
            Op::NopCopy(1),
            Op::NopCopy(1),
            Op::Undef,
            Op::JumpIfFalse(0),
            Op::PushHandler(6),
        ]);
        optimize(&mut c);
        assert_eq!(
            c.ops,
            vec![
                Op::Jump(1),
                Op::Undef,
                Op::JumpIfFalse(0),
                Op::PushHandler(3)
            ]
        );
        assert_eq!(c.spans, vec![1, 4, 5, 6]);
    }

    #[test]
    fn optional_chain_jumps_keep_their_depth() {
        let mut c = code(vec![
            Op::NopBox(0),
            Op::GetLocal(0),
            Op::JumpIfNullish(4 | (2 << 28)),
            Op::Undef,
            Op::Return,
        ]);
        optimize(&mut c);
        assert_eq!(
            c.ops,
            vec![
                Op::GetLocal(0),
                Op::JumpIfNullish(3 | (2 << 28)),
                Op::Undef,
                Op::Return
            ]
        );
    }

    #[test]
    fn fused_ops_keep_the_originals_after_them() {
        let mut c = code(vec![
            Op::GetLocal(2),
            Op::Num(5.0),
            Op::Le,
            Op::JumpIfFalse(9),
            Op::GetLocal(1),
            Op::GetLocal(2),
            Op::Inc,
            Op::SetLocal(2),
            Op::Jump(0),
        ]);
        optimize(&mut c);
        assert_eq!(
            c.ops,
            vec![
                Op::LocalCmpNumJump(2, Cmp::Le, 5.0, 9),
                Op::Num(5.0),
                Op::CmpJump(Cmp::Le, 9),
                Op::JumpIfFalse(9),
                Op::GetLocal2(1, 2),
                // The update before the back edge carries the jump and the loop test too:
                // `<=` (bits 1) plus the increment flag, bound 5, body at 4, exit at 9.
                Op::ForStep(2, Cmp::Le.bits() | FOR_STEP_INC, 5, 4, 9),
                Op::Inc,
                Op::SetLocal(2),
                Op::JumpLoopTest(0),
            ]
        );
    }
}

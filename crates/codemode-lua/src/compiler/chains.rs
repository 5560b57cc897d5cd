//! Left-associative chains (`1+1+...`, `a and b and ...`, `a.b.c...`, `o:m():m()...`),
//! compiled in a loop.
//!
//! Lua's parser reads these chains in a loop, so their length is bounded only by the source
//! size; the tree the grammar builds nests one level per operator along its left spine
//! ([`Expr::spine_child`]). Short chains take the ordinary recursive path (bytecode as
//! before); from [`LONG_CHAIN`] nodes on, the innermost node is compiled first into the
//! destination register and each enclosing node is applied to that register in turn, which
//! also keeps register use constant however long the chain is.

use super::{arith_op, Compiler, R};
use crate::bytecode::Op;
use codemode_lua_syntax::{self as ast, BinOp, Expr, ExprKind};

/// From this many nested chain nodes on, a chain is compiled in a loop.
const LONG_CHAIN: usize = 16;

/// An operand that is either still an expression or already in a register.
#[derive(Clone, Copy)]
pub(super) enum Operand<'e> {
    Expr(&'e Expr),
    Reg(u8),
}

impl<'e> Operand<'e> {
    pub(super) fn expr(self) -> Option<&'e Expr> {
        match self {
            Operand::Expr(e) => Some(e),
            Operand::Reg(_) => None,
        }
    }

    pub(super) fn is_eq_const(self) -> bool {
        self.expr().is_some_and(Compiler::eq_const)
    }
}

/// A node compiled by [`Compiler::apply_to_reg`] once its spine child's value is in a
/// register. `..` is left out: its left operand binds tighter, so it never chains.
fn chains(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary { op, .. } => *op != BinOp::Concat,
        ExprKind::Index { .. } | ExprKind::Field { .. } | ExprKind::Call(_) => true,
        _ => false,
    }
}

fn is_logic(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Binary {
            op: BinOp::And | BinOp::Or,
            ..
        }
    )
}

/// Whether `e` starts a chain of at least [`LONG_CHAIN`] nodes that [`chains`].
pub(super) fn is_long_chain(e: &Expr) -> bool {
    long_run(e, chains)
}

/// Whether `e` starts a run of at least [`LONG_CHAIN`] nested `and`/`or` nodes.
pub(super) fn is_logic_chain(e: &Expr) -> bool {
    long_run(e, is_logic)
}

fn long_run(e: &Expr, part: impl Fn(&Expr) -> bool) -> bool {
    let mut cur = e;
    for _ in 0..LONG_CHAIN {
        if !part(cur) {
            return false;
        }
        match cur.spine_child() {
            Some(child) => cur = child,
            None => return false,
        }
    }
    true
}

/// The nodes of `e`'s run of `part` nodes along its spine, outermost first; the last one's
/// spine child is not a `part` node.
fn run(e: &Expr, part: impl Fn(&Expr) -> bool) -> Vec<&Expr> {
    let mut nodes = vec![e];
    let mut cur = e;
    while let Some(child) = cur.spine_child().filter(|c| part(c)) {
        nodes.push(child);
        cur = child;
    }
    nodes
}

impl Compiler<'_> {
    pub(super) fn operand_anyreg(&mut self, o: Operand<'_>) -> R<u8> {
        match o {
            Operand::Expr(e) => self.exp2anyreg(e),
            Operand::Reg(r) => Ok(r),
        }
    }

    pub(super) fn operand_nextreg(&mut self, o: Operand<'_>) -> R<u8> {
        match o {
            Operand::Expr(e) => self.exp2nextreg(e),
            Operand::Reg(r) => {
                let n = self.reserve(1)?;
                self.emit(Op::Move { a: n, b: r });
                Ok(n)
            }
        }
    }

    /// Compiles the long chain `e` into `dest`, innermost node first.
    pub(super) fn chain_to_reg(&mut self, e: &Expr, dest: u8) -> R<()> {
        if !self.is_top(dest) {
            // Each step overwrites its register, which must be a temporary of its own.
            let t = self.exp2nextreg(e)?;
            self.emit(Op::Move { a: dest, b: t });
            self.set_freereg(t as u32);
            return Ok(());
        }
        let nodes = run(e, chains);
        let Some((innermost, outer)) = nodes.split_last() else {
            return Err(self.err("internal error: empty chain"));
        };
        self.exp2reg(innermost, dest)?;
        for node in outer.iter().rev() {
            let saved_span = self.span;
            self.span = node.span;
            self.apply_to_reg(node, dest)?;
            self.span = saved_span;
            self.set_freereg(dest as u32 + 1);
        }
        Ok(())
    }

    /// Compiles `node` into `dest` when its spine child's value is already in `dest`, the
    /// top temporary.
    fn apply_to_reg(&mut self, node: &Expr, dest: u8) -> R<()> {
        match &node.kind {
            ExprKind::Binary {
                op, rhs, op_span, ..
            } => match op {
                BinOp::And | BinOp::Or => {
                    self.span = *op_span;
                    let j = self.emit(Op::Test {
                        a: dest,
                        k: *op == BinOp::Or,
                        off: 0,
                    });
                    self.exp2reg(rhs, dest)?;
                    self.patch_here(vec![j]);
                }
                _ => match arith_op(*op) {
                    Some(aop) => self.arith_rest(aop, dest, rhs, *op_span, dest)?,
                    None => {
                        let f = self.compare_jump(*op, Operand::Reg(dest), rhs, *op_span, false)?;
                        self.emit(Op::LoadBool { a: dest, b: true });
                        let j = self.emit_jump();
                        self.patch_here(f);
                        self.emit(Op::LoadBool { a: dest, b: false });
                        self.patch_here(vec![j]);
                    }
                },
            },
            ExprKind::Field { name, .. } => {
                let k = self.str_const(name.name.as_bytes());
                self.emit(Op::GetField {
                    a: dest,
                    b: dest,
                    k,
                });
            }
            ExprKind::Index { key, .. } => match &key.kind {
                ExprKind::Str(s) => {
                    let k = self.str_const(s);
                    self.span = node.span;
                    self.emit(Op::GetField {
                        a: dest,
                        b: dest,
                        k,
                    });
                }
                ExprKind::Int(i) if (1..=255).contains(i) => {
                    self.emit(Op::GetInt {
                        a: dest,
                        b: dest,
                        c: *i as u8,
                    });
                }
                _ => {
                    let kr = self.exp2anyreg(key)?;
                    self.span = node.span;
                    self.emit(Op::GetTable {
                        a: dest,
                        b: dest,
                        c: kr,
                    });
                }
            },
            ExprKind::Call(call) => self.call_on_reg(call, dest)?,
            // `chains` admits only the kinds above.
            _ => {}
        }
        Ok(())
    }

    /// A one-result call whose function (or, for a method call, receiver) is in `dest`.
    fn call_on_reg(&mut self, call: &ast::Call, dest: u8) -> R<()> {
        self.note_tool_path(call);
        let nargs = match &call.method {
            Some(m) => {
                self.set_freereg(dest as u32 + 1);
                self.reserve(1)?;
                let k = self.str_const(m.name.as_bytes());
                let saved_span = self.span;
                self.span = m.span;
                self.emit(Op::SelfOp {
                    a: dest,
                    b: dest,
                    k,
                });
                self.span = saved_span;
                1
            }
            None => {
                self.set_freereg(dest as u32 + 1);
                0
            }
        };
        self.call_args(call, dest, nargs, dest as u32, 1)
    }

    /// [`Compiler::cond_jump`] for a long run of `and`/`or`: the same jumps as the
    /// recursive rules, computed innermost first. Each node asks of its left operand the
    /// truth its own operator tests (`or`: jump if true); when that is the truth the node
    /// itself jumps on, the operand's jumps are the node's, otherwise they land after the
    /// node's right operand.
    pub(super) fn logic_chain_jump(&mut self, e: &Expr, jump_if: bool) -> R<Vec<usize>> {
        let nodes = run(e, is_logic);
        let Some(ExprKind::Binary { lhs: base, .. }) = nodes.last().map(|n| &n.kind) else {
            return Err(self.err("internal error: empty chain"));
        };
        // The truth each node is asked to jump on, outermost first.
        let asked: Vec<bool> = std::iter::once(jump_if)
            .chain(nodes.iter().map(|n| op_of(n) == BinOp::Or))
            .collect();
        let mut jumps = self.cond_jump(base, asked[nodes.len()])?;
        for (i, node) in nodes.iter().enumerate().rev() {
            let ExprKind::Binary { rhs, .. } = &node.kind else {
                continue;
            };
            let (mine, child) = (asked[i], asked[i + 1]);
            if mine == child {
                jumps.extend(self.cond_jump(rhs, mine)?);
            } else {
                let own = self.cond_jump(rhs, mine)?;
                self.patch_here(std::mem::replace(&mut jumps, own));
            }
        }
        Ok(jumps)
    }
}

fn op_of(e: &Expr) -> BinOp {
    match &e.kind {
        ExprKind::Binary { op, .. } => *op,
        _ => BinOp::Concat,
    }
}

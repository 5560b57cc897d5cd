//! Conditions: the jumps an `if`, `while` or `and`/`or` test compiles to, comparisons
//! included (constants folded into the comparison instruction where Lua does).

use super::*;

impl Compiler<'_> {
    /// Emits code that jumps when `e`'s truthiness equals `jump_if`; returns the jumps.
    pub(super) fn cond_jump(&mut self, e: &Expr, jump_if: bool) -> R<Vec<usize>> {
        if chains::is_logic_chain(e) {
            return self.logic_chain_jump(e, jump_if);
        }
        match &e.kind {
            ExprKind::True | ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) => {
                return Ok(if jump_if {
                    vec![self.emit_jump()]
                } else {
                    vec![]
                });
            }
            ExprKind::Nil | ExprKind::False => {
                return Ok(if jump_if {
                    vec![]
                } else {
                    vec![self.emit_jump()]
                });
            }
            ExprKind::Paren(inner) => return self.cond_jump(inner, jump_if),
            ExprKind::Unary {
                op: UnOp::Not,
                operand,
            } => return self.cond_jump(operand, !jump_if),
            ExprKind::Binary {
                op,
                lhs,
                rhs,
                op_span,
            } => match op {
                BinOp::And => {
                    if !jump_if {
                        let mut j = self.cond_jump(lhs, false)?;
                        j.extend(self.cond_jump(rhs, false)?);
                        return Ok(j);
                    }
                    let f = self.cond_jump(lhs, false)?;
                    let t = self.cond_jump(rhs, true)?;
                    self.patch_here(f);
                    return Ok(t);
                }
                BinOp::Or => {
                    if jump_if {
                        let mut j = self.cond_jump(lhs, true)?;
                        j.extend(self.cond_jump(rhs, true)?);
                        return Ok(j);
                    }
                    let t = self.cond_jump(lhs, true)?;
                    let f = self.cond_jump(rhs, false)?;
                    self.patch_here(t);
                    return Ok(f);
                }
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    return self.compare_jump(*op, Operand::Expr(lhs), rhs, *op_span, jump_if);
                }
                _ => {}
            },
            _ => {}
        }
        let save = self.freereg();
        let r = self.exp2anyreg(e)?;
        let j = self.emit(Op::Test {
            a: r,
            k: jump_if,
            off: 0,
        });
        self.set_freereg(save);
        Ok(vec![j])
    }

    pub(super) fn small_int(e: &Expr) -> Option<i8> {
        match num_const(e)? {
            Value::Int(i) => i8::try_from(i).ok(),
            _ => None,
        }
    }

    pub(super) fn compare_jump(
        &mut self,
        op: BinOp,
        lhs: Operand<'_>,
        rhs: &Expr,
        op_span: Span,
        jump_if: bool,
    ) -> R<Vec<usize>> {
        let save = self.freereg();
        let rhs = Operand::Expr(rhs);
        let j;
        match op {
            BinOp::Eq | BinOp::Ne => {
                let k = jump_if == (op == BinOp::Eq);
                // Put a constant operand on the right.
                let (l, r) = if lhs.is_eq_const() && !rhs.is_eq_const() {
                    (rhs, lhs)
                } else {
                    (lhs, rhs)
                };
                let a = self.operand_anyreg(l)?;
                self.span = op_span;
                if let Some(i) = r.expr().and_then(Self::small_int) {
                    j = self.emit(Op::EqI { a, k, i, off: 0 });
                } else if let Some(v) = r.expr().and_then(|e| self.eq_const_value(e)) {
                    let c = self.value_const(v);
                    if c <= u16::MAX as u32 {
                        j = if k {
                            self.emit(Op::EqK {
                                a,
                                c: c as u16,
                                off: 0,
                            })
                        } else {
                            self.emit(Op::NeK {
                                a,
                                c: c as u16,
                                off: 0,
                            })
                        };
                    } else {
                        let b = self.operand_nextreg(r)?;
                        j = self.emit(Op::Eq { a, b, k, off: 0 });
                    }
                } else {
                    let b = self.operand_anyreg(r)?;
                    self.span = op_span;
                    j = self.emit(Op::Eq { a, b, k, off: 0 });
                }
            }
            _ => {
                // a > b is b < a, a >= b is b <= a (as PUC Lua compiles them).
                let (l, r, strict, swapped) = match op {
                    BinOp::Lt => (lhs, rhs, true, false),
                    BinOp::Le => (lhs, rhs, false, false),
                    BinOp::Gt => (rhs, lhs, true, true),
                    _ => (rhs, lhs, false, true),
                };
                if let Some(i) = r.expr().and_then(Self::small_int) {
                    let a = self.operand_anyreg(l)?;
                    self.span = op_span;
                    j = if strict {
                        self.emit(Op::LtI {
                            a,
                            k: jump_if,
                            i,
                            off: 0,
                        })
                    } else {
                        self.emit(Op::LeI {
                            a,
                            k: jump_if,
                            i,
                            off: 0,
                        })
                    };
                } else if let Some(i) = l.expr().and_then(Self::small_int) {
                    let a = self.operand_anyreg(r)?;
                    self.span = op_span;
                    j = if strict {
                        self.emit(Op::GtI {
                            a,
                            k: jump_if,
                            i,
                            off: 0,
                        })
                    } else {
                        self.emit(Op::GeI {
                            a,
                            k: jump_if,
                            i,
                            off: 0,
                        })
                    };
                } else {
                    // Operands are evaluated in source order, then compared swapped.
                    let first = self.operand_anyreg(lhs)?;
                    let second = self.operand_anyreg(rhs)?;
                    let (a, b) = if !swapped {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    self.span = op_span;
                    j = if strict {
                        self.emit(Op::Lt {
                            a,
                            b,
                            k: jump_if,
                            off: 0,
                        })
                    } else {
                        self.emit(Op::Le {
                            a,
                            b,
                            k: jump_if,
                            off: 0,
                        })
                    };
                }
            }
        }
        self.set_freereg(save);
        Ok(vec![j])
    }

    pub(super) fn eq_const(e: &Expr) -> bool {
        matches!(
            e.kind,
            ExprKind::Nil
                | ExprKind::True
                | ExprKind::False
                | ExprKind::Str(_)
                | ExprKind::Int(_)
                | ExprKind::Float(_)
        ) || num_const(e).is_some()
    }

    pub(super) fn eq_const_value(&mut self, e: &Expr) -> Option<Value> {
        match &e.kind {
            ExprKind::Nil => Some(Value::Nil),
            ExprKind::True => Some(Value::Bool(true)),
            ExprKind::False => Some(Value::Bool(false)),
            ExprKind::Str(s) => {
                let r = self.heap.intern_fixed(s);
                Some(Value::Str(r))
            }
            _ => num_const(e),
        }
    }
}

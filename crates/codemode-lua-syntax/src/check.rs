//! Constructs codemode parses but does not run.

use crate::ast::*;
use codemode_core::{Diagnostic, DiagnosticKind};

/// Reports the first construct (in source order) that codemode does not run: to-be-closed
/// variables (`<close>`), as `UnsupportedSyntax` at its line and column.
pub fn check_supported(chunk: &Chunk) -> Result<(), Diagnostic> {
    match first_unsupported(&chunk.block) {
        None => Ok(()),
        Some((what, at)) => Err(Diagnostic::new(DiagnosticKind::UnsupportedSyntax, what)
            .at(chunk.line_index.location(at))),
    }
}

type Found = Option<(&'static str, u32)>;

// Recursion is bounded: the parser limits the tree's depth.
fn first_unsupported(block: &Block) -> Found {
    for stat in &block.stats {
        if let Some(f) = in_stat(stat) {
            return Some(f);
        }
    }
    block
        .ret
        .as_ref()
        .and_then(|r| r.values.iter().find_map(in_expr))
}

fn in_stat(stat: &Stat) -> Found {
    match &stat.kind {
        StatKind::Empty | StatKind::Break | StatKind::Goto(_) | StatKind::Label(_) => None,
        StatKind::Local { names, values } => {
            if let Some(n) = names.iter().find(|n| n.attrib == Some(Attrib::Close)) {
                return Some((
                    "to-be-closed variables (<close>) are not supported",
                    n.attrib_span.start,
                ));
            }
            values.iter().find_map(in_expr)
        }
        StatKind::Assign { targets, values } => {
            targets.iter().chain(values.iter()).find_map(in_expr)
        }
        StatKind::Call(call) => in_call(call),
        StatKind::Do(b) => first_unsupported(b),
        StatKind::While { cond, body } => in_expr(cond).or_else(|| first_unsupported(body)),
        StatKind::Repeat { body, cond } => first_unsupported(body).or_else(|| in_expr(cond)),
        StatKind::If {
            clauses,
            else_block,
        } => clauses
            .iter()
            .find_map(|c| in_expr(&c.cond).or_else(|| first_unsupported(&c.body)))
            .or_else(|| else_block.as_ref().and_then(first_unsupported)),
        StatKind::NumericFor {
            start,
            limit,
            step,
            body,
            ..
        } => in_expr(start)
            .or_else(|| in_expr(limit))
            .or_else(|| step.as_ref().and_then(in_expr))
            .or_else(|| first_unsupported(body)),
        StatKind::GenericFor { exprs, body, .. } => exprs
            .iter()
            .find_map(in_expr)
            .or_else(|| first_unsupported(body)),
        StatKind::Function { func, .. } | StatKind::LocalFunction { func, .. } => {
            first_unsupported(&func.body)
        }
    }
}

fn in_call(call: &Call) -> Found {
    in_expr(&call.func).or_else(|| in_args(&call.args))
}

fn in_args(args: &Args) -> Found {
    match args {
        Args::List(v) => v.iter().find_map(in_expr),
        Args::Table(t) => in_table(t),
        Args::Str(_) => None,
    }
}

fn in_table(t: &Table) -> Found {
    t.fields.iter().find_map(|f| match f {
        TableField::Positional(e) => in_expr(e),
        TableField::Keyed { key, value } => in_expr(key).or_else(|| in_expr(value)),
        TableField::Named { value, .. } => in_expr(value),
    })
}

fn in_expr(e: &Expr) -> Found {
    e.find_in_spine(in_expr_node)
}

/// [`in_expr`] for one node of a spine, without its spine child.
fn in_expr_node(e: &Expr) -> Found {
    match &e.kind {
        ExprKind::Nil
        | ExprKind::True
        | ExprKind::False
        | ExprKind::Vararg
        | ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Str(_)
        | ExprKind::Name(_) => None,
        ExprKind::Function(f) => first_unsupported(&f.body),
        ExprKind::Table(t) => in_table(t),
        ExprKind::Binary { rhs, .. } => in_expr(rhs),
        ExprKind::Unary { operand, .. } => in_expr(operand),
        ExprKind::Index { key, .. } => in_expr(key),
        ExprKind::Field { .. } => None,
        ExprKind::Call(call) => in_args(&call.args),
        ExprKind::Paren(inner) => in_expr(inner),
    }
}

/// Lua's parse-time check that no `<const>` or `<close>` local is assigned (also through
/// closures, and by `function x() end`): "attempt to assign to const variable 'x'".
pub(crate) fn check_const_assignments(chunk: &Chunk) -> Result<(), Diagnostic> {
    let mut scopes = ConstScopes { vars: Vec::new() };
    match scopes.block(&chunk.block) {
        None => Ok(()),
        Some((name, at)) => Err(Diagnostic::new(
            DiagnosticKind::ParseError,
            format!("attempt to assign to const variable '{name}'"),
        )
        .at(chunk.line_index.location(at))),
    }
}

type ConstFound<'a> = Option<(&'a str, u32)>;

/// Visible locals, innermost last: (name, read-only).
struct ConstScopes<'a> {
    vars: Vec<(&'a str, bool)>,
}

impl<'a> ConstScopes<'a> {
    fn is_const(&self, name: &str) -> bool {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .is_some_and(|(_, c)| *c)
    }

    fn target(&self, e: &'a Expr) -> ConstFound<'a> {
        match &e.kind {
            ExprKind::Name(n) if self.is_const(n) => Some((n, e.span.start)),
            _ => None,
        }
    }

    // Recursion is bounded: the parser limits the tree's depth.
    fn block(&mut self, b: &'a Block) -> ConstFound<'a> {
        let mark = self.vars.len();
        let found = self.block_in_scope(b);
        self.vars.truncate(mark);
        found
    }

    fn block_in_scope(&mut self, b: &'a Block) -> ConstFound<'a> {
        for s in &b.stats {
            if let Some(f) = self.stat(s) {
                return Some(f);
            }
        }
        if let Some(r) = &b.ret {
            for e in &r.values {
                if let Some(f) = self.expr(e) {
                    return Some(f);
                }
            }
        }
        None
    }

    fn exprs(&mut self, es: &'a [Expr]) -> ConstFound<'a> {
        es.iter().find_map(|e| self.expr(e))
    }

    fn function(&mut self, f: &'a Function) -> ConstFound<'a> {
        let mark = self.vars.len();
        self.vars.extend(f.params.iter().map(|p| (&*p.name, false)));
        let found = self.block(&f.body);
        self.vars.truncate(mark);
        found
    }

    fn stat(&mut self, s: &'a Stat) -> ConstFound<'a> {
        match &s.kind {
            StatKind::Empty | StatKind::Break | StatKind::Goto(_) | StatKind::Label(_) => None,
            StatKind::Local { names, values } => {
                let found = self.exprs(values);
                self.vars
                    .extend(names.iter().map(|n| (&*n.name.name, n.attrib.is_some())));
                found
            }
            StatKind::Assign { targets, values } => targets
                .iter()
                .find_map(|t| self.target(t))
                .or_else(|| targets.iter().find_map(|t| self.expr(t)))
                .or_else(|| self.exprs(values)),
            StatKind::Call(c) => self.call(c),
            StatKind::Do(b) => self.block(b),
            StatKind::While { cond, body } => self.expr(cond).or_else(|| self.block(body)),
            StatKind::Repeat { body, cond } => {
                // The condition sees the body's locals.
                let mark = self.vars.len();
                let found = self.block_in_scope(body).or_else(|| self.expr(cond));
                self.vars.truncate(mark);
                found
            }
            StatKind::If {
                clauses,
                else_block,
            } => {
                for c in clauses {
                    if let Some(f) = self.expr(&c.cond).or_else(|| self.block(&c.body)) {
                        return Some(f);
                    }
                }
                else_block.as_ref().and_then(|b| self.block(b))
            }
            StatKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                let found = self
                    .expr(start)
                    .or_else(|| self.expr(limit))
                    .or_else(|| step.as_ref().and_then(|e| self.expr(e)));
                if found.is_some() {
                    return found;
                }
                let mark = self.vars.len();
                self.vars.push((&var.name, false));
                let found = self.block(body);
                self.vars.truncate(mark);
                found
            }
            StatKind::GenericFor { names, exprs, body } => {
                if let Some(f) = self.exprs(exprs) {
                    return Some(f);
                }
                let mark = self.vars.len();
                self.vars.extend(names.iter().map(|n| (&*n.name, false)));
                let found = self.block(body);
                self.vars.truncate(mark);
                found
            }
            StatKind::Function { name, func } => {
                if name.fields.is_empty() && name.method.is_none() && self.is_const(&name.base.name)
                {
                    return Some((&name.base.name, name.base.span.start));
                }
                self.function(func)
            }
            StatKind::LocalFunction { name, func } => {
                self.vars.push((&name.name, false));
                self.function(func)
            }
        }
    }

    fn call(&mut self, c: &'a Call) -> ConstFound<'a> {
        self.expr(&c.func).or_else(|| self.args(&c.args))
    }

    fn args(&mut self, args: &'a Args) -> ConstFound<'a> {
        match args {
            Args::List(v) => self.exprs(v),
            Args::Table(t) => self.table(t),
            Args::Str(_) => None,
        }
    }

    fn table(&mut self, t: &'a Table) -> ConstFound<'a> {
        t.fields.iter().find_map(|f| match f {
            TableField::Positional(e) => self.expr(e),
            TableField::Keyed { key, value } => self.expr(key).or_else(|| self.expr(value)),
            TableField::Named { value, .. } => self.expr(value),
        })
    }

    fn expr(&mut self, e: &'a Expr) -> ConstFound<'a> {
        e.find_in_spine(|n| self.expr_node(n))
    }

    /// [`Self::expr`] for one node of a spine, without its spine child.
    fn expr_node(&mut self, e: &'a Expr) -> ConstFound<'a> {
        match &e.kind {
            ExprKind::Function(f) => self.function(f),
            ExprKind::Table(t) => self.table(t),
            ExprKind::Binary { rhs, .. } => self.expr(rhs),
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Index { key, .. } => self.expr(key),
            ExprKind::Field { .. } => None,
            ExprKind::Call(c) => self.args(&c.args),
            ExprKind::Paren(inner) => self.expr(inner),
            _ => None,
        }
    }
}

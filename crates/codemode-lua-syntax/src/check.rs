//! Constructs codemode parses but does not run.

use crate::ast::*;
use codemode_core::{Diagnostic, DiagnosticKind};

/// Reports the first construct (in source order) that codemode does not run: `goto`, labels
/// and to-be-closed variables (`<close>`), as `UnsupportedSyntax` at its line and column.
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
        StatKind::Goto(_) => Some(("goto is not supported", stat.span.start)),
        StatKind::Label(_) => Some(("labels are not supported", stat.span.start)),
        StatKind::Empty | StatKind::Break => None,
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
    in_expr(&call.func).or_else(|| match &call.args {
        Args::List(v) => v.iter().find_map(in_expr),
        Args::Table(t) => in_table(t),
        Args::Str(_) => None,
    })
}

fn in_table(t: &Table) -> Found {
    t.fields.iter().find_map(|f| match f {
        TableField::Positional(e) => in_expr(e),
        TableField::Keyed { key, value } => in_expr(key).or_else(|| in_expr(value)),
        TableField::Named { value, .. } => in_expr(value),
    })
}

fn in_expr(e: &Expr) -> Found {
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
        ExprKind::Binary { lhs, rhs, .. } => in_expr(lhs).or_else(|| in_expr(rhs)),
        ExprKind::Unary { operand, .. } => in_expr(operand),
        ExprKind::Index { obj, key } => in_expr(obj).or_else(|| in_expr(key)),
        ExprKind::Field { obj, .. } => in_expr(obj),
        ExprKind::Call(call) => in_call(call),
        ExprKind::Paren(inner) => in_expr(inner),
    }
}

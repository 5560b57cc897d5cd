//! A compact, stable text rendering of the AST (for snapshot tests and debugging).
//!
//! Statements go one per line, blocks indented; expressions are written inline, operators
//! in prefix form with parentheses: `(+ a (* b c))`. Each statement ends with its byte span.

use crate::ast::*;
use std::fmt::Write;

/// Renders a chunk.
pub fn render(chunk: &Chunk) -> String {
    let mut r = Renderer {
        out: String::new(),
        positions: true,
    };
    r.block(&chunk.block, 0);
    r.out
}

/// Renders a chunk without spans and function lines (to compare trees parsed from
/// different texts).
pub fn render_structure(chunk: &Chunk) -> String {
    let mut r = Renderer {
        out: String::new(),
        positions: false,
    };
    r.block(&chunk.block, 0);
    r.out
}

/// Renders one expression (function bodies on indented lines).
pub fn render_expr(e: &Expr) -> String {
    let mut r = Renderer {
        out: String::new(),
        positions: true,
    };
    r.expr(e, 0);
    r.out
}

struct Renderer {
    out: String,
    positions: bool,
}

impl Renderer {
    fn line(&mut self, depth: usize) {
        self.out.push('\n');
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn block(&mut self, b: &Block, depth: usize) {
        for s in &b.stats {
            self.line(depth);
            self.stat(s, depth);
        }
        if let Some(ret) = &b.ret {
            self.line(depth);
            self.out.push_str("return");
            if !ret.values.is_empty() {
                self.out.push(' ');
                self.list(&ret.values, depth);
            }
            if self.positions {
                let _ = write!(self.out, "  @{}..{}", ret.span.start, ret.span.end);
            }
        }
    }

    fn list(&mut self, es: &[Expr], depth: usize) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(e, depth);
        }
    }

    fn names(&mut self, ns: &[Name]) {
        for (i, n) in ns.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&n.name);
        }
    }

    fn stat(&mut self, s: &Stat, depth: usize) {
        match &s.kind {
            StatKind::Empty => self.out.push(';'),
            StatKind::Local { names, values } => {
                self.out.push_str("local ");
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str(&n.name.name);
                    match n.attrib {
                        Some(Attrib::Const) => self.out.push_str("<const>"),
                        Some(Attrib::Close) => self.out.push_str("<close>"),
                        None => {}
                    }
                }
                if !values.is_empty() {
                    self.out.push_str(" = ");
                    self.list(values, depth);
                }
            }
            StatKind::Assign { targets, values } => {
                self.out.push_str("assign ");
                self.list(targets, depth);
                self.out.push_str(" = ");
                self.list(values, depth);
            }
            StatKind::Call(call) => {
                self.out.push_str("call ");
                self.call(call, depth);
            }
            StatKind::Do(b) => {
                self.out.push_str("do");
                self.block(b, depth + 1);
                self.line(depth);
                self.out.push_str("end");
            }
            StatKind::While { cond, body } => {
                self.out.push_str("while ");
                self.expr(cond, depth);
                self.block(body, depth + 1);
                self.line(depth);
                self.out.push_str("end");
            }
            StatKind::Repeat { body, cond } => {
                self.out.push_str("repeat");
                self.block(body, depth + 1);
                self.line(depth);
                self.out.push_str("until ");
                self.expr(cond, depth);
            }
            StatKind::If {
                clauses,
                else_block,
            } => {
                for (i, c) in clauses.iter().enumerate() {
                    if i > 0 {
                        self.line(depth);
                        self.out.push_str("elseif ");
                    } else {
                        self.out.push_str("if ");
                    }
                    self.expr(&c.cond, depth);
                    self.block(&c.body, depth + 1);
                }
                if let Some(b) = else_block {
                    self.line(depth);
                    self.out.push_str("else");
                    self.block(b, depth + 1);
                }
                self.line(depth);
                self.out.push_str("end");
            }
            StatKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                let _ = write!(self.out, "for {} = ", var.name);
                self.expr(start, depth);
                self.out.push_str(", ");
                self.expr(limit, depth);
                if let Some(st) = step {
                    self.out.push_str(", ");
                    self.expr(st, depth);
                }
                self.block(body, depth + 1);
                self.line(depth);
                self.out.push_str("end");
            }
            StatKind::GenericFor { names, exprs, body } => {
                self.out.push_str("for ");
                self.names(names);
                self.out.push_str(" in ");
                self.list(exprs, depth);
                self.block(body, depth + 1);
                self.line(depth);
                self.out.push_str("end");
            }
            StatKind::Function { name, func } => {
                self.out.push_str("function ");
                self.out.push_str(&name.base.name);
                for f in &name.fields {
                    let _ = write!(self.out, ".{}", f.name);
                }
                if let Some(m) = &name.method {
                    let _ = write!(self.out, ":{}", m.name);
                }
                self.func(func, depth);
            }
            StatKind::LocalFunction { name, func } => {
                let _ = write!(self.out, "local function {}", name.name);
                self.func(func, depth);
            }
            StatKind::Break => self.out.push_str("break"),
            StatKind::Goto(n) => {
                let _ = write!(self.out, "goto {}", n.name);
            }
            StatKind::Label(n) => {
                let _ = write!(self.out, "::{}::", n.name);
            }
        }
        if self.positions {
            let _ = write!(self.out, "  @{}..{}", s.span.start, s.span.end);
        }
    }

    fn func(&mut self, f: &Function, depth: usize) {
        self.out.push('(');
        self.names(&f.params);
        if f.is_vararg {
            if !f.params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
        }
        self.out.push(')');
        if self.positions {
            let _ = write!(self.out, " [lines {}-{}]", f.line, f.end_line);
        }
        self.block(&f.body, depth + 1);
        self.line(depth);
        self.out.push_str("end");
    }

    fn call(&mut self, c: &Call, depth: usize) {
        self.expr(&c.func, depth);
        self.call_suffix(c, depth);
    }

    /// What follows the called function (or receiver) in a call.
    fn call_suffix(&mut self, c: &Call, depth: usize) {
        if let Some(m) = &c.method {
            let _ = write!(self.out, ":{}", m.name);
        }
        match &c.args {
            Args::List(v) => {
                self.out.push('(');
                self.list(v, depth);
                self.out.push(')');
            }
            Args::Table(t) => self.table(t, depth),
            Args::Str(s) => self.string(s),
        }
    }

    fn table(&mut self, t: &Table, depth: usize) {
        self.out.push('{');
        for (i, f) in t.fields.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match f {
                TableField::Positional(e) => self.expr(e, depth),
                TableField::Keyed { key, value } => {
                    self.out.push('[');
                    self.expr(key, depth);
                    self.out.push_str("]=");
                    self.expr(value, depth);
                }
                TableField::Named { name, value } => {
                    let _ = write!(self.out, "{}=", name.name);
                    self.expr(value, depth);
                }
            }
        }
        self.out.push('}');
    }

    fn string(&mut self, s: &[u8]) {
        self.out.push('"');
        for &b in s {
            match b {
                b'"' => self.out.push_str("\\\""),
                b'\\' => self.out.push_str("\\\\"),
                b'\n' => self.out.push_str("\\n"),
                b'\r' => self.out.push_str("\\r"),
                b'\t' => self.out.push_str("\\t"),
                0x20..=0x7e => self.out.push(b as char),
                _ => {
                    let _ = write!(self.out, "\\x{b:02X}");
                }
            }
        }
        self.out.push('"');
    }

    /// Renders a chain's left spine in a loop (see [`Expr::spine`]): the prefixes of its
    /// nodes outermost first, the innermost operand, then each node's rest.
    fn expr(&mut self, e: &Expr, depth: usize) {
        if e.spine_child().is_none() {
            return self.expr_node(e, depth);
        }
        let spine = e.spine();
        for node in spine.iter().rev() {
            if let ExprKind::Binary { op, .. } = &node.kind {
                let _ = write!(self.out, "({} ", op.as_str());
            }
        }
        self.expr_node(spine[0], depth);
        for node in &spine[1..] {
            match &node.kind {
                ExprKind::Binary { rhs, .. } => {
                    self.out.push(' ');
                    self.expr(rhs, depth);
                    self.out.push(')');
                }
                ExprKind::Index { key, .. } => {
                    self.out.push('[');
                    self.expr(key, depth);
                    self.out.push(']');
                }
                ExprKind::Field { name, .. } => {
                    let _ = write!(self.out, ".{}", name.name);
                }
                ExprKind::Call(c) => self.call_suffix(c, depth),
                _ => {}
            }
        }
    }

    /// An expression that is not a chain (no spine child).
    fn expr_node(&mut self, e: &Expr, depth: usize) {
        match &e.kind {
            ExprKind::Nil => self.out.push_str("nil"),
            ExprKind::True => self.out.push_str("true"),
            ExprKind::False => self.out.push_str("false"),
            ExprKind::Vararg => self.out.push_str("..."),
            ExprKind::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            ExprKind::Float(f) => {
                let _ = write!(self.out, "{f:?}f");
            }
            ExprKind::Str(s) => self.string(s),
            ExprKind::Function(f) => {
                self.out.push_str("function");
                self.func(f, depth);
            }
            ExprKind::Table(t) => self.table(t, depth),
            ExprKind::Unary { op, operand } => {
                let _ = write!(self.out, "({} ", op.as_str());
                self.expr(operand, depth);
                self.out.push(')');
            }
            ExprKind::Name(n) => self.out.push_str(n),
            // Chains are rendered by `expr`.
            ExprKind::Binary { .. }
            | ExprKind::Index { .. }
            | ExprKind::Field { .. }
            | ExprKind::Call(_) => {}
            ExprKind::Paren(inner) => {
                self.out.push_str("paren(");
                self.expr(inner, depth);
                self.out.push(')');
            }
        }
    }
}

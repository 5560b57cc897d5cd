//! A compact, deterministic rendering of the AST (S-expressions for expressions, one line
//! per statement) for snapshot tests and debugging.

use std::fmt::Write;

use crate::ast::*;

/// Renders a program: one statement per line, nested blocks indented by two spaces.
pub fn render(program: &Program) -> String {
    let mut r = Renderer { out: String::new() };
    for stmt in &program.body {
        r.stmt(stmt, 0);
    }
    r.out
}

/// Renders one expression as an S-expression.
pub fn render_expr(expr: &Expr) -> String {
    let mut r = Renderer { out: String::new() };
    r.expr(expr);
    r.out
}

struct Renderer {
    out: String,
}

fn utf16(s: &[u16]) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in char::decode_utf16(s.iter().copied()) {
        match c {
            Ok('"') => out.push_str("\\\""),
            Ok('\\') => out.push_str("\\\\"),
            Ok('\n') => out.push_str("\\n"),
            Ok('\r') => out.push_str("\\r"),
            Ok('\t') => out.push_str("\\t"),
            Ok(c) if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            Ok(c) => out.push(c),
            Err(e) => {
                let _ = write!(out, "\\u{{{:x}}}", e.unpaired_surrogate());
            }
        }
    }
    out.push('"');
    out
}

fn number(n: f64) -> String {
    if n.is_finite() && n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{}", n as i128)
    } else {
        format!("{n}")
    }
}

impl Renderer {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn sub(&self) -> Renderer {
        Renderer { out: String::new() }
    }

    fn block(&mut self, stmts: &[Stmt], depth: usize) {
        for s in stmts {
            self.stmt(s, depth);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, depth: usize) {
        let mut r = self.sub();
        match &stmt.kind {
            StmtKind::Expr(e) => {
                r.expr(e);
                self.line(depth, &format!("expr {}", r.out));
            }
            StmtKind::VarDecl(d) => {
                r.var_decl(d);
                self.line(depth, &r.out);
            }
            StmtKind::FunctionDecl(f) => {
                r.function_head(f);
                self.line(depth, &r.out);
                self.function_body(f, depth + 1);
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    r.expr(e);
                    self.line(depth, &format!("return {}", r.out));
                } else {
                    self.line(depth, "return");
                }
            }
            StmtKind::If {
                test,
                consequent,
                alternate,
            } => {
                r.expr(test);
                self.line(depth, &format!("if {}", r.out));
                self.stmt(consequent, depth + 1);
                if let Some(a) = alternate {
                    self.line(depth, "else");
                    self.stmt(a, depth + 1);
                }
            }
            StmtKind::Block(b) => {
                self.line(depth, "block");
                self.block(b, depth + 1);
            }
            StmtKind::For {
                init,
                test,
                update,
                body,
            } => {
                match init {
                    Some(ForInit::VarDecl(d)) => r.var_decl(d),
                    Some(ForInit::Expr(e)) => r.expr(e),
                    None => r.out.push('_'),
                }
                r.out.push_str("; ");
                match test {
                    Some(e) => r.expr(e),
                    None => r.out.push('_'),
                }
                r.out.push_str("; ");
                match update {
                    Some(e) => r.expr(e),
                    None => r.out.push('_'),
                }
                self.line(depth, &format!("for ({})", r.out));
                self.stmt(body, depth + 1);
            }
            StmtKind::ForIn { left, right, body }
            | StmtKind::ForOf {
                left, right, body, ..
            } => {
                let word = match stmt.kind {
                    StmtKind::ForIn { .. } => "in",
                    StmtKind::ForOf { is_await: true, .. } => "await-of",
                    _ => "of",
                };
                match left {
                    ForHead::Decl { kind, target } => {
                        r.out.push_str(kind.as_str());
                        r.out.push(' ');
                        r.pattern(target);
                    }
                    ForHead::Target(p) => r.pattern(p),
                }
                let _ = write!(r.out, " {word} ");
                r.expr(right);
                self.line(depth, &format!("for ({})", r.out));
                self.stmt(body, depth + 1);
            }
            StmtKind::While { test, body } => {
                r.expr(test);
                self.line(depth, &format!("while {}", r.out));
                self.stmt(body, depth + 1);
            }
            StmtKind::DoWhile { body, test } => {
                self.line(depth, "do");
                self.stmt(body, depth + 1);
                r.expr(test);
                self.line(depth, &format!("while {}", r.out));
            }
            StmtKind::Switch {
                discriminant,
                cases,
            } => {
                r.expr(discriminant);
                self.line(depth, &format!("switch {}", r.out));
                for case in cases {
                    match &case.test {
                        Some(t) => {
                            let mut c = self.sub();
                            c.expr(t);
                            self.line(depth + 1, &format!("case {}", c.out));
                        }
                        None => self.line(depth + 1, "default"),
                    }
                    self.block(&case.body, depth + 2);
                }
            }
            StmtKind::Labeled { label, body } => {
                self.line(depth, &format!("label {}", label.name));
                self.stmt(body, depth + 1);
            }
            StmtKind::Break(l) => match l {
                Some(l) => self.line(depth, &format!("break {}", l.name)),
                None => self.line(depth, "break"),
            },
            StmtKind::Continue(l) => match l {
                Some(l) => self.line(depth, &format!("continue {}", l.name)),
                None => self.line(depth, "continue"),
            },
            StmtKind::Throw(e) => {
                r.expr(e);
                self.line(depth, &format!("throw {}", r.out));
            }
            StmtKind::Try {
                block,
                handler,
                finalizer,
            } => {
                self.line(depth, "try");
                self.block(block, depth + 1);
                if let Some(h) = handler {
                    match &h.param {
                        Some(p) => {
                            r.pattern(p);
                            self.line(depth, &format!("catch {}", r.out));
                        }
                        None => self.line(depth, "catch"),
                    }
                    self.block(&h.body, depth + 1);
                }
                if let Some(f) = finalizer {
                    self.line(depth, "finally");
                    self.block(f, depth + 1);
                }
            }
            StmtKind::Empty => self.line(depth, "empty"),
            StmtKind::ClassDecl(c) => self.class(c, depth),
            StmtKind::Import(i) => {
                let mut parts = Vec::new();
                if let Some(d) = &i.default {
                    parts.push(format!("default {}", d.name));
                }
                if let Some(n) = &i.namespace {
                    parts.push(format!("* as {}", n.name));
                }
                for s in &i.named {
                    parts.push(format!("{} as {}", s.imported, s.local.name));
                }
                self.line(
                    depth,
                    &format!("import {{{}}} from {:?}", parts.join(", "), i.source),
                );
            }
        }
    }

    fn var_decl(&mut self, d: &VarDecl) {
        self.out.push_str(d.kind.as_str());
        for (i, decl) in d.declarators.iter().enumerate() {
            self.out.push_str(if i == 0 { " " } else { ", " });
            self.pattern(&decl.target);
            if let Some(init) = &decl.init {
                self.out.push_str(" = ");
                self.expr(init);
            }
        }
    }

    fn function_head(&mut self, f: &Function) {
        if f.is_async {
            self.out.push_str("async ");
        }
        self.out.push_str(match f.kind {
            FunctionKind::Normal => "function",
            FunctionKind::Arrow => "arrow",
            FunctionKind::Method => "method",
        });
        if f.is_generator {
            self.out.push('*');
        }
        if let Some(n) = &f.name {
            let _ = write!(self.out, " {}", n.name);
        }
        self.out.push_str(" (");
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.pattern(p);
        }
        if let Some(rest) = &f.rest {
            if !f.params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
            self.pattern(rest);
        }
        self.out.push(')');
    }

    fn function_body(&mut self, f: &Function, depth: usize) {
        match &f.body {
            FunctionBody::Block(b) => self.block(b, depth),
            FunctionBody::Expr(e) => {
                let mut r = self.sub();
                r.expr(e);
                self.line(depth, &format!("=> {}", r.out));
            }
        }
    }

    /// A function inside an expression: `{head | stmt; stmt}`.
    fn function_inline(&mut self, f: &Function) {
        self.out.push('(');
        self.function_head(f);
        match &f.body {
            FunctionBody::Expr(e) => {
                self.out.push_str(" => ");
                self.expr(e);
            }
            FunctionBody::Block(b) => {
                self.out.push_str(" {");
                let mut inner = self.sub();
                inner.block(b, 0);
                let body: Vec<&str> = inner.out.lines().map(str::trim_start).collect();
                self.out.push_str(&body.join("; "));
                self.out.push('}');
            }
        }
        self.out.push(')');
    }

    fn key(&mut self, k: &PropKey) {
        match k {
            PropKey::Ident(n) | PropKey::Private(n) => self.out.push_str(n),
            PropKey::String(s) => self.out.push_str(&utf16(s)),
            PropKey::Number(n) => self.out.push_str(&number(*n)),
            PropKey::Computed(e) => {
                self.out.push('[');
                self.expr(e);
                self.out.push(']');
            }
        }
    }

    fn pattern(&mut self, p: &Pattern) {
        match &p.kind {
            PatternKind::Ident(n) => self.out.push_str(n),
            PatternKind::Member(e) => self.expr(e),
            PatternKind::Object { props, rest } => {
                self.out.push('{');
                for (i, prop) in props.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if prop.shorthand {
                        self.pattern(&prop.value);
                    } else {
                        self.key(&prop.key);
                        self.out.push_str(": ");
                        self.pattern(&prop.value);
                    }
                }
                if let Some(r) = rest {
                    if !props.is_empty() {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("...");
                    self.pattern(r);
                }
                self.out.push('}');
            }
            PatternKind::Array { elements, rest } => {
                self.out.push('[');
                for (i, el) in elements.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match el {
                        Some(el) => self.pattern(el),
                        None => self.out.push_str("<hole>"),
                    }
                }
                if let Some(r) = rest {
                    if !elements.is_empty() {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("...");
                    self.pattern(r);
                }
                self.out.push(']');
            }
            PatternKind::Assign { target, default } => {
                self.pattern(target);
                self.out.push_str(" = ");
                self.expr(default);
            }
        }
    }

    fn args(&mut self, args: &[Argument]) {
        for a in args {
            self.out.push(' ');
            match a {
                Argument::Expr(e) => self.expr(e),
                Argument::Spread(e) => {
                    self.out.push_str("(... ");
                    self.expr(e);
                    self.out.push(')');
                }
            }
        }
    }

    fn template(&mut self, t: &Template) {
        for (i, q) in t.quasis.iter().enumerate() {
            self.out.push(' ');
            match &q.cooked {
                Some(c) => self.out.push_str(&utf16(c)),
                None => self.out.push_str("<invalid>"),
            }
            if q.cooked.as_ref() != Some(&q.raw) {
                let _ = write!(self.out, " raw {}", utf16(&q.raw));
            }
            if let Some(e) = t.exprs.get(i) {
                self.out.push(' ');
                self.expr(e);
            }
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Number(n) => self.out.push_str(&number(*n)),
            ExprKind::BigInt(digits) => {
                self.out.push_str(digits);
                self.out.push('n');
            }
            ExprKind::String(s) => self.out.push_str(&utf16(s)),
            ExprKind::RegExp { pattern, flags } => {
                self.out.push('/');
                self.out.push_str(&String::from_utf16_lossy(pattern));
                self.out.push('/');
                self.out.push_str(&String::from_utf16_lossy(flags));
            }
            ExprKind::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            ExprKind::Null => self.out.push_str("null"),
            ExprKind::Ident(n) => self.out.push_str(n),
            ExprKind::This => self.out.push_str("this"),
            ExprKind::Template(t) => {
                self.out.push_str("(template");
                self.template(t);
                self.out.push(')');
            }
            ExprKind::TaggedTemplate { tag, quasi } => {
                self.out.push_str("(tagged ");
                self.expr(tag);
                self.template(quasi);
                self.out.push(')');
            }
            ExprKind::Array(elems) => {
                self.out.push('[');
                for (i, el) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match el {
                        ArrayElement::Hole => self.out.push_str("<hole>"),
                        ArrayElement::Expr(e) => self.expr(e),
                        ArrayElement::Spread(e) => {
                            self.out.push_str("...");
                            self.expr(e);
                        }
                    }
                }
                self.out.push(']');
            }
            ExprKind::Object(props) => {
                self.out.push('{');
                for (i, p) in props.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match p {
                        Property::KeyValue {
                            key,
                            value,
                            shorthand,
                            ..
                        } => {
                            if *shorthand {
                                self.expr(value);
                            } else {
                                self.key(key);
                                self.out.push_str(": ");
                                self.expr(value);
                            }
                        }
                        Property::Method { key, function, .. } => {
                            self.key(key);
                            self.out.push_str(": ");
                            self.function_inline(function);
                        }
                        Property::Accessor {
                            key,
                            kind,
                            function,
                            ..
                        } => {
                            self.out.push_str(if *kind == MethodKind::Get {
                                "get "
                            } else {
                                "set "
                            });
                            self.key(key);
                            self.out.push_str(": ");
                            self.function_inline(function);
                        }
                        Property::Spread(e) => {
                            self.out.push_str("...");
                            self.expr(e);
                        }
                    }
                }
                self.out.push('}');
            }
            ExprKind::Function(f) | ExprKind::Arrow(f) => self.function_inline(f),
            ExprKind::Unary { op, arg } => {
                let _ = write!(self.out, "({} ", op.as_str());
                self.expr(arg);
                self.out.push(')');
            }
            ExprKind::Update { op, prefix, target } => {
                if *prefix {
                    let _ = write!(self.out, "({} ", op.as_str());
                    self.pattern(target);
                } else {
                    self.out.push_str("(postfix");
                    let _ = write!(self.out, "{} ", op.as_str());
                    self.pattern(target);
                }
                self.out.push(')');
            }
            ExprKind::Binary { op, left, right } => {
                let _ = write!(self.out, "({} ", op.as_str());
                self.expr(left);
                self.out.push(' ');
                self.expr(right);
                self.out.push(')');
            }
            ExprKind::Logical { op, left, right } => {
                let _ = write!(self.out, "({} ", op.as_str());
                self.expr(left);
                self.out.push(' ');
                self.expr(right);
                self.out.push(')');
            }
            ExprKind::Assign { op, target, value } => {
                let _ = write!(self.out, "({} ", op.as_str());
                self.pattern(target);
                self.out.push(' ');
                self.expr(value);
                self.out.push(')');
            }
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } => {
                self.out.push_str("(? ");
                self.expr(test);
                self.out.push(' ');
                self.expr(consequent);
                self.out.push(' ');
                self.expr(alternate);
                self.out.push(')');
            }
            ExprKind::Call {
                callee,
                args,
                optional,
            } => {
                self.out
                    .push_str(if *optional { "(?.call " } else { "(call " });
                self.expr(callee);
                self.args(args);
                self.out.push(')');
            }
            ExprKind::New { callee, args } => {
                self.out.push_str("(new ");
                self.expr(callee);
                self.args(args);
                self.out.push(')');
            }
            ExprKind::Member {
                object,
                property,
                optional,
            } => match property {
                MemberProp::Name(n) => {
                    self.out.push_str(if *optional { "(?. " } else { "(. " });
                    self.expr(object);
                    let _ = write!(self.out, " {})", n.name);
                }
                MemberProp::Private(n) => {
                    self.out.push_str(if *optional { "(?. " } else { "(. " });
                    self.expr(object);
                    let _ = write!(self.out, " {n})");
                }
                MemberProp::Computed(k) => {
                    self.out.push_str(if *optional { "(?.[] " } else { "([] " });
                    self.expr(object);
                    self.out.push(' ');
                    self.expr(k);
                    self.out.push(')');
                }
            },
            ExprKind::OptionalChain(e) => {
                self.out.push_str("(chain ");
                self.expr(e);
                self.out.push(')');
            }
            ExprKind::Sequence(items) => {
                self.out.push_str("(,");
                for i in items {
                    self.out.push(' ');
                    self.expr(i);
                }
                self.out.push(')');
            }
            ExprKind::Await(e) => {
                self.out.push_str("(await ");
                self.expr(e);
                self.out.push(')');
            }
            ExprKind::Yield { argument, delegate } => {
                self.out
                    .push_str(if *delegate { "(yield*" } else { "(yield" });
                if let Some(a) = argument {
                    self.out.push(' ');
                    self.expr(a);
                }
                self.out.push(')');
            }
            ExprKind::Import(e) => {
                self.out.push_str("(import ");
                self.expr(e);
                self.out.push(')');
            }
            ExprKind::Class(c) => {
                let mut inner = self.sub();
                inner.class(c, 0);
                let body: Vec<&str> = inner.out.lines().map(str::trim_start).collect();
                self.out.push('(');
                self.out.push_str(&body.join("; "));
                self.out.push(')');
            }
            ExprKind::SuperCall(args) => {
                self.out.push_str("(super");
                for a in args {
                    self.out.push(' ');
                    match a {
                        Argument::Expr(x) => self.expr(x),
                        Argument::Spread(x) => {
                            self.out.push_str("...");
                            self.expr(x);
                        }
                    }
                }
                self.out.push(')');
            }
            ExprKind::SuperMember(p) => {
                self.out.push_str("(super");
                match p {
                    MemberProp::Name(n) => {
                        self.out.push('.');
                        self.out.push_str(&n.name)
                    }
                    MemberProp::Private(n) => {
                        self.out.push('.');
                        self.out.push_str(n)
                    }
                    MemberProp::Computed(k) => {
                        self.out.push('[');
                        self.expr(k);
                        self.out.push(']');
                    }
                }
                self.out.push(')');
            }
            ExprKind::NewTarget => self.out.push_str("new.target"),
            ExprKind::PrivateName(n) => self.out.push_str(n),
        }
    }

    /// A class: a header line, then one line per member.
    fn class(&mut self, c: &Class, depth: usize) {
        let mut head = String::from("class");
        if let Some(n) = &c.name {
            head.push(' ');
            head.push_str(&n.name);
        }
        if let Some(h) = &c.super_class {
            let mut r = self.sub();
            r.expr(h);
            head.push_str(" extends ");
            head.push_str(&r.out);
        }
        self.line(depth, &head);
        if let Some(f) = &c.constructor {
            let mut r = self.sub();
            r.function_head(f);
            self.line(depth + 1, &format!("constructor {}", r.out));
            self.function_body(f, depth + 2);
        }
        for m in &c.members {
            let mut r = self.sub();
            match m {
                ClassMember::Method {
                    key,
                    is_static,
                    kind,
                    function,
                    ..
                } => {
                    r.key(key);
                    let what = match kind {
                        MethodKind::Method => "method",
                        MethodKind::Get => "get",
                        MethodKind::Set => "set",
                    };
                    let stat = if *is_static { "static " } else { "" };
                    let mut h = self.sub();
                    h.function_head(function);
                    self.line(depth + 1, &format!("{stat}{what} {} {}", r.out, h.out));
                    self.function_body(function, depth + 2);
                }
                ClassMember::Field {
                    key,
                    is_static,
                    value,
                    ..
                } => {
                    r.key(key);
                    if let Some(v) = value {
                        r.out.push_str(" = ");
                        r.expr(v);
                    }
                    let stat = if *is_static { "static " } else { "" };
                    self.line(depth + 1, &format!("{stat}field {}", r.out));
                }
                ClassMember::StaticBlock { body, .. } => {
                    self.line(depth + 1, "static block");
                    self.block(body, depth + 2);
                }
            }
        }
    }
}

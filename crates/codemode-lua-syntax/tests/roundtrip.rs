//! Round trip: parse, print the AST back as Lua, parse again: the trees must be equal (up to
//! positions). Covers every construct through the fixtures (all_constructs.lua has them all)
//! and the benchmark programs (fixtures/bench).

mod common;

use codemode_lua_syntax::render::render_structure;
use codemode_lua_syntax::*;
use std::fmt::Write;

struct Printer {
    out: String,
}

impl Printer {
    fn block(&mut self, b: &Block) {
        for s in &b.stats {
            self.stat(s);
            self.out.push('\n');
        }
        if let Some(r) = &b.ret {
            self.out.push_str("return ");
            self.list(&r.values);
            self.out.push('\n');
        }
    }

    fn list(&mut self, es: &[Expr]) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(e);
        }
    }

    fn names(&mut self, ns: &[Name]) {
        let v: Vec<&str> = ns.iter().map(|n| &*n.name).collect();
        self.out.push_str(&v.join(", "));
    }

    fn funcbody(&mut self, f: &Function, skip_self: bool) {
        self.out.push('(');
        let params = if skip_self {
            &f.params[1..]
        } else {
            &f.params[..]
        };
        self.names(params);
        if f.is_vararg {
            if !params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
        }
        self.out.push_str(")\n");
        self.block(&f.body);
        self.out.push_str("end");
    }

    fn stat(&mut self, s: &Stat) {
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
                        Some(Attrib::Const) => self.out.push_str(" <const>"),
                        Some(Attrib::Close) => self.out.push_str(" <close>"),
                        None => {}
                    }
                }
                if !values.is_empty() {
                    self.out.push_str(" = ");
                    self.list(values);
                }
            }
            StatKind::Assign { targets, values } => {
                self.list(targets);
                self.out.push_str(" = ");
                self.list(values);
            }
            StatKind::Call(c) => self.call(c),
            StatKind::Do(b) => {
                self.out.push_str("do\n");
                self.block(b);
                self.out.push_str("end");
            }
            StatKind::While { cond, body } => {
                self.out.push_str("while ");
                self.expr(cond);
                self.out.push_str(" do\n");
                self.block(body);
                self.out.push_str("end");
            }
            StatKind::Repeat { body, cond } => {
                self.out.push_str("repeat\n");
                self.block(body);
                self.out.push_str("until ");
                self.expr(cond);
            }
            StatKind::If {
                clauses,
                else_block,
            } => {
                for (i, c) in clauses.iter().enumerate() {
                    self.out.push_str(if i == 0 { "if " } else { "elseif " });
                    self.expr(&c.cond);
                    self.out.push_str(" then\n");
                    self.block(&c.body);
                }
                if let Some(b) = else_block {
                    self.out.push_str("else\n");
                    self.block(b);
                }
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
                self.expr(start);
                self.out.push_str(", ");
                self.expr(limit);
                if let Some(st) = step {
                    self.out.push_str(", ");
                    self.expr(st);
                }
                self.out.push_str(" do\n");
                self.block(body);
                self.out.push_str("end");
            }
            StatKind::GenericFor { names, exprs, body } => {
                self.out.push_str("for ");
                self.names(names);
                self.out.push_str(" in ");
                self.list(exprs);
                self.out.push_str(" do\n");
                self.block(body);
                self.out.push_str("end");
            }
            StatKind::Function { name, func } => {
                let _ = write!(self.out, "function {}", name.base.name);
                for f in &name.fields {
                    let _ = write!(self.out, ".{}", f.name);
                }
                if let Some(m) = &name.method {
                    let _ = write!(self.out, ":{}", m.name);
                }
                self.funcbody(func, name.method.is_some());
            }
            StatKind::LocalFunction { name, func } => {
                let _ = write!(self.out, "local function {}", name.name);
                self.funcbody(func, false);
            }
            StatKind::Break => self.out.push_str("break"),
            StatKind::Goto(n) => {
                let _ = write!(self.out, "goto {}", n.name);
            }
            StatKind::Label(n) => {
                let _ = write!(self.out, "::{}::", n.name);
            }
        }
    }

    fn call(&mut self, c: &Call) {
        self.expr(&c.func);
        if let Some(m) = &c.method {
            let _ = write!(self.out, ":{}", m.name);
        }
        match &c.args {
            Args::List(v) => {
                self.out.push('(');
                self.list(v);
                self.out.push(')');
            }
            Args::Table(t) => self.table(t),
            Args::Str(s) => self.string(s),
        }
    }

    fn table(&mut self, t: &Table) {
        self.out.push('{');
        for (i, f) in t.fields.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match f {
                TableField::Positional(e) => self.expr(e),
                TableField::Keyed { key, value } => {
                    self.out.push('[');
                    self.expr(key);
                    self.out.push_str("] = ");
                    self.expr(value);
                }
                TableField::Named { name, value } => {
                    let _ = write!(self.out, "{} = ", name.name);
                    self.expr(value);
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
                0x20..=0x7e => self.out.push(b as char),
                _ => {
                    let _ = write!(self.out, "\\{b:03}");
                }
            }
        }
        self.out.push('"');
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Nil => self.out.push_str("nil"),
            ExprKind::True => self.out.push_str("true"),
            ExprKind::False => self.out.push_str("false"),
            ExprKind::Vararg => self.out.push_str("..."),
            ExprKind::Int(i) if *i < 0 => {
                let _ = write!(self.out, "0x{:x}", *i as u64);
            }
            ExprKind::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            ExprKind::Float(f) if f.is_infinite() => self.out.push_str("1e999"),
            ExprKind::Float(f) => {
                let _ = write!(self.out, "{f:?}");
            }
            ExprKind::Str(s) => self.string(s),
            ExprKind::Function(f) => {
                self.out.push_str("function");
                self.funcbody(f, false);
            }
            ExprKind::Table(t) => self.table(t),
            ExprKind::Binary { op, lhs, rhs, .. } => {
                self.expr(lhs);
                let _ = write!(self.out, " {} ", op.as_str());
                self.expr(rhs);
            }
            ExprKind::Unary { op, operand } => {
                let _ = write!(self.out, "{} ", op.as_str());
                self.expr(operand);
            }
            ExprKind::Name(n) => self.out.push_str(n),
            ExprKind::Index { obj, key } => {
                self.expr(obj);
                self.out.push('[');
                self.expr(key);
                self.out.push(']');
            }
            ExprKind::Field { obj, name } => {
                self.expr(obj);
                let _ = write!(self.out, ".{}", name.name);
            }
            ExprKind::Call(c) => self.call(c),
            ExprKind::Paren(inner) => {
                self.out.push('(');
                self.expr(inner);
                self.out.push(')');
            }
        }
    }
}

fn to_lua(chunk: &Chunk) -> String {
    let mut p = Printer { out: String::new() };
    p.block(&chunk.block);
    p.out
}

fn round_trip(name: &str, src: &str) {
    let limits = ParseLimits::default();
    let first = parse(src, &limits).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    let printed = to_lua(&first);
    let second =
        parse(&printed, &limits).unwrap_or_else(|d| panic!("{name} reprinted: {d:?}\n{printed}"));
    assert_eq!(
        render_structure(&first),
        render_structure(&second),
        "{name}: round trip changed the tree; printed:\n{printed}"
    );
    assert_eq!(to_lua(&second), printed, "{name}: printing is not stable");
    // Lua agrees the printed program is valid.
    assert_eq!(
        common::lua_load(&printed),
        None,
        "{name}: lua5.4 rejects\n{printed}"
    );
}

#[test]
fn fixtures_round_trip() {
    for path in common::lua_files(&common::fixtures()) {
        let src = std::fs::read_to_string(&path).unwrap();
        round_trip(&path.display().to_string(), &src);
    }
}

#[test]
fn bench_programs_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bench");
    let files = common::lua_files(&dir);
    // All five benchmark programs, so a missing or emptied folder fails instead of passing.
    assert!(
        files.len() >= 5,
        "expected the Lua benchmark programs in {}, found {}",
        dir.display(),
        files.len()
    );
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        round_trip(&path.display().to_string(), &src);
    }
}

//! Early errors that need scopes: redeclarations, `await` outside async functions,
//! `break`/`continue` targets and duplicate labels. The walk recurses over the AST, whose
//! depth the token adapter has already bounded.

use std::collections::HashMap;

/// foldhash with a per-process random seed: much cheaper than SipHash on short names, and
/// seeded so a program cannot choose colliding names ahead of time.
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

use crate::ast::*;

type VResult = Result<(), (usize, String)>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    /// `let`, `const`, class, a function declaration in a block: no redeclaration.
    Lexical,
    /// A parameter or a simple catch parameter: `var` may repeat it, `let` may not.
    Param,
}

struct Scope<'a> {
    /// Lexical names declared directly in this scope.
    lexical: FastMap<&'a str, Binding>,
    /// `var` (and top-level function) names declared in this scope or hoisted through it.
    vars: FastMap<&'a str, ()>,
    /// A function's top scope (vars stop here).
    function: bool,
}

impl Scope<'_> {
    fn new(function: bool) -> Self {
        Scope {
            lexical: FastMap::default(),
            vars: FastMap::default(),
            function,
        }
    }
}

struct Label {
    name: String,
    is_loop: bool,
}

struct FnCtx {
    /// A class field initializer or static block, or an arrow inside one: `arguments` is
    /// an early error there.
    no_arguments: bool,
    is_async: bool,
    is_generator: bool,
    /// Walking the parameter list (no `yield`/`await` expressions there).
    in_params: bool,
    /// A class static block: no `return`.
    no_return: bool,
    loops: usize,
    switches: usize,
    labels: Vec<Label>,
}

struct Validator<'a> {
    scopes: Vec<Scope<'a>>,
    fns: Vec<FnCtx>,
    /// The private names of the class bodies around the walk, innermost last.
    privates: Vec<FastMap<&'a str, ()>>,
    /// The next function walked is a field initializer or static block.
    initializer_next: bool,
    /// The next function walked is a static block.
    static_block_next: bool,
}

fn redeclared(name: &str, at: Span) -> (usize, String) {
    (
        at.start as usize,
        format!("Identifier '{name}' has already been declared"),
    )
}

pub fn validate(program: &Program) -> VResult {
    let mut v = Validator {
        scopes: vec![Scope::new(true)],
        fns: vec![FnCtx {
            no_arguments: false,
            is_async: true,
            is_generator: false,
            in_params: false,
            no_return: false,
            loops: 0,
            switches: 0,
            labels: Vec::new(),
        }],
        privates: Vec::new(),
        initializer_next: false,
        static_block_next: false,
    };
    v.hoist_and_declare(&program.body, true)?;
    for s in &program.body {
        v.stmt(s)?;
    }
    Ok(())
}

/// `__proto__: v` (identifier or string key, not computed, not shorthand).
fn is_proto_key(p: &Property) -> bool {
    const PROTO: &str = "__proto__";
    match p {
        Property::KeyValue {
            key: PropKey::Ident(n),
            ..
        } => n == PROTO,
        Property::KeyValue {
            key: PropKey::String(s),
            ..
        } => s.iter().copied().eq(PROTO.encode_utf16()),
        _ => false,
    }
}

/// Whether an identifier was written with escapes (its source is longer than its name).
fn written_escaped(name: &str, span: Span) -> bool {
    (span.end - span.start) as usize != name.len()
}

/// Words an identifier may not be in strict code (codemode code is always strict): the
/// reserved words (reachable only through escapes, which the lexer leaves to this check so
/// that `o.br\u0065ak` and `{ br\u0065ak() {} }` stay property names) and the strict-mode
/// future reserved words. `await` is decided by the function around it.
fn strict_reserved(name: &str) -> bool {
    name != "await"
        && (crate::ident_escape::is_reserved(name)
            || matches!(
                name,
                "implements" | "interface" | "package" | "private" | "protected" | "public"
            ))
}

/// `"use strict"` written as a directive: a string statement whose source is exactly the
/// quoted words (no escapes, no parentheses).
fn is_use_strict(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::String(v) => {
                e.span.start == s.span.start
                    && e.span.end - e.span.start == 12
                    && v.iter().copied().eq("use strict".encode_utf16())
            }
            _ => false,
        },
        _ => false,
    }
}

/// The `"use strict"` directive in a body's directive prologue (its leading string
/// statements), if there is one.
fn use_strict_directive(body: &[Stmt]) -> Option<&Stmt> {
    body.iter()
        .take_while(
            |s| matches!(&s.kind, StmtKind::Expr(e) if matches!(e.kind, ExprKind::String(_))),
        )
        .find(|s| is_use_strict(s))
}

/// The names a binding pattern declares, with their spans.
fn bound_names<'a>(p: &'a Pattern, out: &mut Vec<(&'a str, Span)>) {
    match &p.kind {
        PatternKind::Ident(n) => out.push((n, p.span)),
        PatternKind::Member(_) => {}
        PatternKind::Object { props, rest } => {
            for prop in props {
                bound_names(&prop.value, out);
            }
            if let Some(r) = rest {
                bound_names(r, out);
            }
        }
        PatternKind::Array { elements, rest } => {
            for el in elements.iter().flatten() {
                bound_names(el, out);
            }
            if let Some(r) = rest {
                bound_names(r, out);
            }
        }
        PatternKind::Assign { target, .. } => bound_names(target, out),
    }
}

impl<'a> Validator<'a> {
    /// A validator for a synthesized method (see `synthetic_method`).
    fn new_function_walk() -> Self {
        Validator {
            scopes: vec![Scope::new(true)],
            fns: vec![FnCtx {
                no_arguments: false,
                is_async: false,
                is_generator: false,
                in_params: false,
                no_return: false,
                loops: 0,
                switches: 0,
                labels: Vec::new(),
            }],
            privates: Vec::new(),
            initializer_next: false,
            static_block_next: false,
        }
    }

    /// An identifier used as a reference, binding or label: not a reserved word (strict
    /// code), not `await` in an async function; a binding or assignment target
    /// (`binding`) is not `eval` or `arguments`.
    fn check_ident(&mut self, name: &str, span: Span, binding: bool) -> VResult {
        let reserved = strict_reserved(name) || (name == "await" && self.fctx().is_async);
        if reserved {
            let message = if written_escaped(name, span) {
                "Keyword must not contain escaped characters"
            } else {
                "Unexpected strict mode reserved word"
            };
            return Err((span.start as usize, message.into()));
        }
        if binding && (name == "eval" || name == "arguments") {
            return Err((
                span.start as usize,
                "Unexpected eval or arguments in strict mode".into(),
            ));
        }
        Ok(())
    }

    fn scope(&mut self) -> &mut Scope<'a> {
        let last = self.scopes.len() - 1;
        &mut self.scopes[last]
    }

    fn fctx(&mut self) -> &mut FnCtx {
        let last = self.fns.len() - 1;
        &mut self.fns[last]
    }

    fn declare_lexical(&mut self, name: &'a str, span: Span, kind: Binding) -> VResult {
        let scope = self.scope();
        // Strict code: no Annex B allowance for repeated block functions or a block
        // function named like the catch parameter.
        if scope.lexical.contains_key(name) {
            return Err(redeclared(name, span));
        }
        if scope.vars.contains_key(name) && kind != Binding::Param {
            return Err(redeclared(name, span));
        }
        scope.lexical.insert(name, kind);
        Ok(())
    }

    /// A `var` name: conflicts with a lexical name in any scope up to the function scope.
    fn declare_var(&mut self, name: &'a str, span: Span) -> VResult {
        for scope in self.scopes.iter_mut().rev() {
            match scope.lexical.get(name) {
                Some(Binding::Param) | None => {}
                Some(_) => return Err(redeclared(name, span)),
            }
            scope.vars.insert(name, ());
            if scope.function {
                break;
            }
        }
        Ok(())
    }

    /// Declares the lexical names and function declarations of a statement list in the
    /// current scope (before walking it, so a later `let` conflicts with an earlier `var`
    /// and vice versa in source order as V8 reports).
    fn hoist_and_declare(&mut self, stmts: &'a [Stmt], function_top: bool) -> VResult {
        for s in stmts {
            match &s.kind {
                StmtKind::VarDecl(d) => {
                    let mut names = Vec::new();
                    for decl in &d.declarators {
                        bound_names(&decl.target, &mut names);
                    }
                    for (name, span) in names {
                        if d.kind == VarKind::Var {
                            self.declare_var(name, span)?;
                        } else {
                            self.declare_lexical(name, span, Binding::Lexical)?;
                        }
                    }
                }
                StmtKind::FunctionDecl(f) => {
                    if let Some(name) = &f.name {
                        if function_top {
                            self.declare_var(&name.name, name.span)?;
                        } else {
                            self.declare_lexical(&name.name, name.span, Binding::Lexical)?;
                        }
                    }
                }
                StmtKind::ClassDecl(c) => {
                    if let Some(name) = &c.name {
                        self.declare_lexical(&name.name, name.span, Binding::Lexical)?;
                    }
                }
                StmtKind::Import(i) => {
                    let locals = i
                        .default
                        .iter()
                        .chain(i.namespace.iter())
                        .chain(i.named.iter().map(|s| &s.local));
                    for local in locals {
                        self.declare_lexical(&local.name, local.span, Binding::Lexical)?;
                    }
                }
                _ => self.hoist_vars_nested(s)?,
            }
        }
        Ok(())
    }

    /// `var` declarations nested in statements that do not open a function (their names are
    /// declared when the nested block is walked; here only for-heads and bare bodies).
    fn hoist_vars_nested(&mut self, _s: &'a Stmt) -> VResult {
        Ok(())
    }

    fn block(&mut self, stmts: &'a [Stmt]) -> VResult {
        self.scopes.push(Scope::new(false));
        let result = self
            .hoist_and_declare(stmts, false)
            .and_then(|_| stmts.iter().try_for_each(|s| self.stmt(s)));
        self.scopes.pop();
        result
    }

    /// A statement in a position without its own block (loop bodies, if branches, labels).
    fn body(&mut self, s: &'a Stmt) -> VResult {
        match &s.kind {
            StmtKind::VarDecl(d) if d.kind == VarKind::Var => {
                let mut names = Vec::new();
                for decl in &d.declarators {
                    bound_names(&decl.target, &mut names);
                }
                for (name, span) in names {
                    self.declare_var(name, span)?;
                }
                self.stmt(s)
            }
            StmtKind::VarDecl(d) => Err((
                s.span.start as usize,
                format!(
                    "Lexical declaration cannot appear in a single-statement context ({})",
                    d.kind.as_str()
                ),
            )),
            _ => self.stmt(s),
        }
    }

    fn loop_body(&mut self, s: &'a Stmt) -> VResult {
        self.fctx().loops += 1;
        let r = self.body(s);
        self.fctx().loops -= 1;
        r
    }

    fn stmt(&mut self, s: &'a Stmt) -> VResult {
        match &s.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::VarDecl(d) => self.var_decl_exprs(d),
            StmtKind::FunctionDecl(f) => self.function(f),
            StmtKind::Return(e) => {
                if self.fctx().no_return {
                    return Err((s.span.start as usize, "Illegal return statement".into()));
                }
                e.as_deref().map_or(Ok(()), |e| self.expr(e))
            }
            StmtKind::If {
                test,
                consequent,
                alternate,
            } => {
                self.expr(test)?;
                self.body(consequent)?;
                alternate.as_deref().map_or(Ok(()), |a| self.body(a))
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::For {
                init,
                test,
                update,
                body,
            } => {
                self.scopes.push(Scope::new(false));
                let r = (|| {
                    match init {
                        Some(ForInit::VarDecl(d)) => {
                            let mut names = Vec::new();
                            for decl in &d.declarators {
                                bound_names(&decl.target, &mut names);
                            }
                            for (name, span) in names {
                                if d.kind == VarKind::Var {
                                    self.declare_var(name, span)?;
                                } else {
                                    self.declare_lexical(name, span, Binding::Lexical)?;
                                }
                            }
                            self.var_decl_exprs(d)?;
                        }
                        Some(ForInit::Expr(e)) => self.expr(e)?,
                        None => {}
                    }
                    if let Some(t) = test {
                        self.expr(t)?;
                    }
                    if let Some(u) = update {
                        self.expr(u)?;
                    }
                    self.loop_body(body)
                })();
                self.scopes.pop();
                r
            }
            StmtKind::ForIn { left, right, body }
            | StmtKind::ForOf {
                left, right, body, ..
            } => {
                if matches!(s.kind, StmtKind::ForOf { is_await: true, .. }) && !self.fctx().is_async
                {
                    return Err((s.span.start as usize, "Unexpected reserved word".into()));
                }
                self.expr(right)?;
                self.scopes.push(Scope::new(false));
                let r = (|| {
                    match left {
                        ForHead::Decl { kind, target } => {
                            let mut names = Vec::new();
                            bound_names(target, &mut names);
                            for (name, span) in names {
                                if *kind == VarKind::Var {
                                    self.declare_var(name, span)?;
                                } else {
                                    self.declare_lexical(name, span, Binding::Lexical)?;
                                }
                            }
                            self.pattern(target)?;
                        }
                        ForHead::Target(p) => self.pattern(p)?,
                    }
                    self.loop_body(body)
                })();
                self.scopes.pop();
                r
            }
            StmtKind::While { test, body } => {
                self.expr(test)?;
                self.loop_body(body)
            }
            StmtKind::DoWhile { body, test } => {
                self.loop_body(body)?;
                self.expr(test)
            }
            StmtKind::Switch {
                discriminant,
                cases,
            } => {
                self.expr(discriminant)?;
                self.scopes.push(Scope::new(false));
                self.fctx().switches += 1;
                let r = (|| {
                    for case in cases {
                        self.hoist_and_declare(&case.body, false)?;
                    }
                    for case in cases {
                        if let Some(t) = &case.test {
                            self.expr(t)?;
                        }
                        for s in &case.body {
                            self.stmt(s)?;
                        }
                    }
                    Ok(())
                })();
                self.fctx().switches -= 1;
                self.scopes.pop();
                r
            }
            StmtKind::Labeled { label, body } => {
                self.check_ident(&label.name, label.span, false)?;
                if self.fctx().labels.iter().any(|l| l.name == label.name) {
                    return Err((
                        label.span.start as usize,
                        format!("Label '{}' has already been declared", label.name),
                    ));
                }
                let mut inner = &**body;
                while let StmtKind::Labeled { body, .. } = &inner.kind {
                    inner = body;
                }
                let is_loop = matches!(
                    inner.kind,
                    StmtKind::For { .. }
                        | StmtKind::ForIn { .. }
                        | StmtKind::ForOf { .. }
                        | StmtKind::While { .. }
                        | StmtKind::DoWhile { .. }
                );
                self.fctx().labels.push(Label {
                    name: label.name.clone(),
                    is_loop,
                });
                let r = self.body(body);
                self.fctx().labels.pop();
                r
            }
            StmtKind::Break(label) => {
                let f = self.fctx();
                match label {
                    None if f.loops == 0 && f.switches == 0 => {
                        Err((s.span.start as usize, "Illegal break statement".into()))
                    }
                    Some(l) if !f.labels.iter().any(|x| x.name == l.name) => Err((
                        l.span.start as usize,
                        format!("Undefined label '{}'", l.name),
                    )),
                    _ => Ok(()),
                }
            }
            StmtKind::Continue(label) => {
                let f = self.fctx();
                match label {
                    None if f.loops == 0 => Err((
                        s.span.start as usize,
                        "Illegal continue statement: no surrounding iteration statement".into(),
                    )),
                    Some(l) => match f.labels.iter().rev().find(|x| x.name == l.name) {
                        None => Err((
                            l.span.start as usize,
                            format!("Undefined label '{}'", l.name),
                        )),
                        Some(x) if !x.is_loop => Err((
                            l.span.start as usize,
                            format!(
                                "Illegal continue statement: '{}' does not denote an iteration statement",
                                l.name
                            ),
                        )),
                        Some(_) => Ok(()),
                    },
                    None => Ok(()),
                }
            }
            StmtKind::Throw(e) => self.expr(e),
            StmtKind::Try {
                block,
                handler,
                finalizer,
            } => {
                self.block(block)?;
                if let Some(h) = handler {
                    self.scopes.push(Scope::new(false));
                    let r = (|| {
                        if let Some(p) = &h.param {
                            let mut names = Vec::new();
                            bound_names(p, &mut names);
                            let kind = if matches!(p.kind, PatternKind::Ident(_)) {
                                Binding::Param
                            } else {
                                Binding::Lexical
                            };
                            for (name, span) in names {
                                self.declare_lexical(name, span, kind)?;
                            }
                            self.pattern(p)?;
                        }
                        // The catch body shares the parameter's scope for redeclarations.
                        self.hoist_and_declare(&h.body, false)?;
                        h.body.iter().try_for_each(|s| self.stmt(s))
                    })();
                    self.scopes.pop();
                    r?;
                }
                if let Some(f) = finalizer {
                    self.block(f)?;
                }
                Ok(())
            }
            StmtKind::Empty | StmtKind::Import(_) => Ok(()),
            StmtKind::ClassDecl(c) => self.class(c),
        }
    }

    /// A class: its heritage, computed keys, methods, field initializers and static blocks
    /// (each initializer and block is checked as the body of a method).
    fn class(&mut self, c: &'a Class) -> VResult {
        if let Some(name) = &c.name {
            self.check_ident(&name.name, name.span, true)?;
        }
        // The heritage sees the private names around the class, the body its own too.
        if let Some(h) = &c.super_class {
            self.expr(h)?;
        }
        let names = c
            .members
            .iter()
            .filter_map(|m| match m {
                ClassMember::Method {
                    key: PropKey::Private(n),
                    ..
                }
                | ClassMember::Field {
                    key: PropKey::Private(n),
                    ..
                } => Some((n.as_str(), ())),
                _ => None,
            })
            .collect();
        self.privates.push(names);
        let checked = self.class_body(c);
        self.privates.pop();
        checked
    }

    /// `obj.#x` and `#x in obj` name a private name of an enclosing class body.
    fn private_ref(&self, name: &str, at: Span) -> VResult {
        if self.privates.iter().any(|names| names.contains_key(name)) {
            return Ok(());
        }
        Err((
            at.start as usize,
            format!("Private field '{name}' must be declared in an enclosing class"),
        ))
    }

    fn class_body(&mut self, c: &'a Class) -> VResult {
        if let Some(f) = &c.constructor {
            self.function(f)?;
        }
        for m in &c.members {
            match m {
                ClassMember::Method { key, function, .. } => {
                    if let PropKey::Computed(k) = key {
                        self.expr(k)?;
                    }
                    self.function(function)?;
                }
                ClassMember::Field {
                    key, value, span, ..
                } => {
                    if let PropKey::Computed(k) = key {
                        self.expr(k)?;
                    }
                    if let Some(v) = value {
                        let body = [Stmt {
                            kind: StmtKind::Return(Some(v.clone())),
                            span: *span,
                        }];
                        self.synthetic_method(&body, *span, false)?;
                    }
                }
                ClassMember::StaticBlock { body, span } => {
                    self.synthetic_method(body, *span, true)?;
                }
            }
        }
        Ok(())
    }

    /// Checks `body` as the body of a parameterless method.
    fn synthetic_method(&mut self, body: &[Stmt], span: Span, static_block: bool) -> VResult {
        let f = Function {
            name: None,
            kind: FunctionKind::Method,
            is_async: false,
            is_generator: false,
            params: Vec::new(),
            rest: None,
            body: FunctionBody::Block(body.to_vec()),
            span,
        };
        // The checks borrow from the tree for its whole walk: a synthesized node is checked
        // by a walk of its own.
        let mut v = Validator::new_function_walk();
        v.privates.clone_from(&self.privates);
        v.initializer_next = true;
        v.static_block_next = static_block;
        v.function(&f)
    }

    fn var_decl_exprs(&mut self, d: &'a VarDecl) -> VResult {
        for decl in &d.declarators {
            self.pattern(&decl.target)?;
            if let Some(init) = &decl.init {
                self.expr(init)?;
            }
        }
        Ok(())
    }

    fn function(&mut self, f: &'a Function) -> VResult {
        // A method's `name` is its key, not a binding.
        if let (Some(name), FunctionKind::Normal) = (&f.name, f.kind) {
            self.check_ident(&name.name, name.span, true)?;
        }
        let inherited =
            f.kind == FunctionKind::Arrow && self.fns.last().is_some_and(|c| c.no_arguments);
        let no_arguments = std::mem::take(&mut self.initializer_next) || inherited;
        self.fns.push(FnCtx {
            no_arguments,
            is_async: f.is_async,
            is_generator: f.is_generator,
            in_params: true,
            no_return: std::mem::take(&mut self.static_block_next),
            loops: 0,
            switches: 0,
            labels: Vec::new(),
        });
        self.scopes.push(Scope::new(true));
        let r = (|| {
            let mut names = Vec::new();
            for p in &f.params {
                bound_names(p, &mut names);
            }
            if let Some(r) = &f.rest {
                bound_names(r, &mut names);
            }
            let simple = f.rest.is_none()
                && f.params
                    .iter()
                    .all(|p| matches!(p.kind, PatternKind::Ident(_)));
            if let FunctionBody::Block(b) = &f.body {
                if let Some(directive) = use_strict_directive(b).filter(|_| !simple) {
                    return Err((
                        directive.span.start as usize,
                        "Illegal 'use strict' directive in function with non-simple parameter list"
                            .into(),
                    ));
                }
            }
            let mut seen: FastMap<&str, ()> = FastMap::default();
            for (name, span) in &names {
                // Strict code: never a duplicate parameter.
                if seen.insert(name, ()).is_some() {
                    return Err((
                        span.start as usize,
                        "Duplicate parameter name not allowed in this context".to_string(),
                    ));
                }
                self.scope().lexical.insert(name, Binding::Param);
            }
            for p in &f.params {
                self.pattern(p)?;
            }
            if let Some(r) = &f.rest {
                self.pattern(r)?;
            }
            self.fctx().in_params = false;
            match &f.body {
                FunctionBody::Block(b) => {
                    self.hoist_and_declare(b, true)?;
                    b.iter().try_for_each(|s| self.stmt(s))
                }
                FunctionBody::Expr(e) => self.expr(e),
            }
        })();
        self.scopes.pop();
        self.fns.pop();
        r
    }

    fn pattern(&mut self, p: &'a Pattern) -> VResult {
        match &p.kind {
            PatternKind::Ident(n) => self.check_ident(n, p.span, true),
            PatternKind::Member(e) => self.expr(e),
            PatternKind::Object { props, rest } => {
                for prop in props {
                    if let PropKey::Computed(k) = &prop.key {
                        self.expr(k)?;
                    }
                    self.pattern(&prop.value)?;
                }
                rest.as_deref().map_or(Ok(()), |r| self.pattern(r))
            }
            PatternKind::Array { elements, rest } => {
                for el in elements.iter().flatten() {
                    self.pattern(el)?;
                }
                rest.as_deref().map_or(Ok(()), |r| self.pattern(r))
            }
            PatternKind::Assign { target, default } => {
                self.pattern(target)?;
                self.expr(default)
            }
        }
    }

    fn args(&mut self, args: &'a [Argument]) -> VResult {
        for a in args {
            match a {
                Argument::Expr(e) | Argument::Spread(e) => self.expr(e)?,
            }
        }
        Ok(())
    }

    fn expr(&mut self, e: &'a Expr) -> VResult {
        // Left-associative spines (`a + b + c`, `a.b.c`, `f()()`) are walked with a loop so
        // that long chains do not recurse.
        let mut spine: Vec<&Expr> = Vec::new();
        let mut cur = e;
        let bottom = loop {
            match &cur.kind {
                // `#x in obj`: the brand check, the one place a bare private name is valid.
                ExprKind::Binary {
                    op: BinaryOp::In,
                    left,
                    ..
                } if matches!(left.kind, ExprKind::PrivateName(_)) => {
                    if let ExprKind::PrivateName(n) = &left.kind {
                        self.private_ref(n, left.span)?;
                    }
                    spine.push(cur);
                    break None;
                }
                ExprKind::Binary { left, .. } | ExprKind::Logical { left, .. } => {
                    spine.push(cur);
                    cur = left;
                }
                ExprKind::Member { object, .. } => {
                    spine.push(cur);
                    cur = object;
                }
                ExprKind::Call { callee, .. } => {
                    spine.push(cur);
                    cur = callee;
                }
                _ => break Some(cur),
            }
        };
        if spine.is_empty() {
            return self.expr_node(e);
        }
        if let Some(b) = bottom {
            self.expr_node(b)?;
        }
        for node in spine.into_iter().rev() {
            match &node.kind {
                ExprKind::Binary { right, .. } | ExprKind::Logical { right, .. } => {
                    self.expr(right)?
                }
                ExprKind::Member {
                    property: MemberProp::Computed(k),
                    ..
                } => self.expr(k)?,
                ExprKind::Member {
                    property: MemberProp::Private(n),
                    ..
                } => self.private_ref(n, node.span)?,
                ExprKind::Call { args, .. } => self.args(args)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn expr_node(&mut self, e: &'a Expr) -> VResult {
        match &e.kind {
            ExprKind::Number(_)
            | ExprKind::BigInt(_)
            | ExprKind::String(_)
            | ExprKind::RegExp { .. }
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::Ident(_)
            | ExprKind::This => {
                if let ExprKind::Ident(n) = &e.kind {
                    self.check_ident(n, e.span, false)?;
                }
                if matches!(&e.kind, ExprKind::Ident(n) if n == "arguments")
                    && self.fns.last().is_some_and(|c| c.no_arguments)
                {
                    return Err((
                        e.span.start as usize,
                        "'arguments' is not allowed in class field initializer or static initialization block".into(),
                    ));
                }
                Ok(())
            }
            ExprKind::Template(t) => t.exprs.iter().try_for_each(|x| self.expr(x)),
            ExprKind::TaggedTemplate { tag, quasi } => {
                self.expr(tag)?;
                quasi.exprs.iter().try_for_each(|x| self.expr(x))
            }
            ExprKind::Array(elems) => {
                for el in elems {
                    match el {
                        ArrayElement::Hole => {}
                        ArrayElement::Expr(x) | ArrayElement::Spread(x) => self.expr(x)?,
                    }
                }
                Ok(())
            }
            ExprKind::Object(props) => {
                let mut proto = false;
                for p in props {
                    if let Property::KeyValue {
                        key: PropKey::Ident(_) | PropKey::String(_),
                        shorthand: false,
                        span,
                        ..
                    } = p
                    {
                        if is_proto_key(p) {
                            if proto {
                                return Err((
                                    span.start as usize,
                                    "Duplicate __proto__ fields are not allowed in object literals"
                                        .into(),
                                ));
                            }
                            proto = true;
                        }
                    }
                    match p {
                        Property::KeyValue { key, value, .. } => {
                            if let PropKey::Computed(k) = key {
                                self.expr(k)?;
                            }
                            self.expr(value)?;
                        }
                        Property::Method { key, function, .. }
                        | Property::Accessor { key, function, .. } => {
                            if let PropKey::Computed(k) = key {
                                self.expr(k)?;
                            }
                            self.function(function)?;
                        }
                        Property::Spread(x) => self.expr(x)?,
                    }
                }
                Ok(())
            }
            ExprKind::Function(f) | ExprKind::Arrow(f) => self.function(f),
            ExprKind::Unary {
                op: UnaryOp::Delete,
                arg,
            } if matches!(
                arg.kind,
                ExprKind::Member {
                    property: MemberProp::Private(_),
                    ..
                }
            ) =>
            {
                Err((
                    e.span.start as usize,
                    "Private fields can not be deleted".into(),
                ))
            }
            ExprKind::Unary {
                op: UnaryOp::Delete,
                arg,
            } if matches!(arg.kind, ExprKind::Ident(_)) => Err((
                e.span.start as usize,
                "Delete of an unqualified identifier in strict mode.".into(),
            )),
            ExprKind::Unary { arg, .. } => self.expr(arg),
            ExprKind::PrivateName(n) => Err((
                e.span.start as usize,
                format!("Unexpected identifier '{n}'"),
            )),
            ExprKind::Update { target, .. } => self.pattern(target),
            ExprKind::Binary { left, right, .. } | ExprKind::Logical { left, right, .. } => {
                self.expr(left)?;
                self.expr(right)
            }
            ExprKind::Assign { target, value, .. } => {
                self.pattern(target)?;
                self.expr(value)
            }
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } => {
                self.expr(test)?;
                self.expr(consequent)?;
                self.expr(alternate)
            }
            ExprKind::Call { callee, args, .. } | ExprKind::New { callee, args } => {
                self.expr(callee)?;
                self.args(args)
            }
            ExprKind::Member {
                object, property, ..
            } => {
                self.expr(object)?;
                match property {
                    MemberProp::Computed(k) => self.expr(k),
                    MemberProp::Name(_) => Ok(()),
                    MemberProp::Private(n) => self.private_ref(n, e.span),
                }
            }
            ExprKind::OptionalChain(x) | ExprKind::Import(x) => self.expr(x),
            ExprKind::Class(c) => self.class(c),
            ExprKind::SuperCall(args) => self.args(args),
            ExprKind::SuperMember(p) => match p {
                MemberProp::Computed(k) => self.expr(k),
                MemberProp::Name(_) | MemberProp::Private(_) => Ok(()),
            },
            ExprKind::NewTarget => Ok(()),
            ExprKind::Sequence(items) => items.iter().try_for_each(|x| self.expr(x)),
            ExprKind::Await(x) => {
                if !self.fctx().is_async {
                    return Err((
                        e.span.start as usize,
                        "await is only valid in async functions and the top level bodies of modules"
                            .into(),
                    ));
                }
                if self.fctx().in_params {
                    return Err((
                        e.span.start as usize,
                        "Illegal await-expression in formal parameters of async function".into(),
                    ));
                }
                self.expr(x)
            }
            ExprKind::Yield { argument, .. } => {
                if !self.fctx().is_generator {
                    return Err((
                        e.span.start as usize,
                        "yield is only valid in generator functions (codemode reads `yield` as a keyword everywhere)".into(),
                    ));
                }
                if self.fctx().in_params {
                    return Err((
                        e.span.start as usize,
                        "Yield expression not allowed in formal parameter".into(),
                    ));
                }
                argument.as_deref().map_or(Ok(()), |x| self.expr(x))
            }
        }
    }
}

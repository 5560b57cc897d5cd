//! Grammar actions: AST construction, the cover grammars (arrow parameters, destructuring
//! assignment) and automatic semicolon insertion.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use lalrpop_util::{ErrorRecovery, ParseError};

use crate::ast::*;
use crate::tokens::{Tok, TplPart};

/// An error raised by a grammar action (or the lexer): byte offset, message, kind.
#[derive(Debug, Clone, PartialEq)]
pub struct PError {
    pub offset: usize,
    pub message: String,
    pub unsupported: bool,
}

pub type PResult<T> = Result<T, ParseError<usize, Tok, PError>>;

/// A parenthesized list before we know whether it is an expression, arrow parameters or
/// the arguments of `async(...)`.
pub struct Cover {
    pub items: Vec<CoverItem>,
    pub trailing_comma: bool,
    pub span: Span,
}

pub enum CoverItem {
    Expr(Expr),
    Rest(Expr, Span),
}

/// A `for` head before the body is known.
pub enum ForHeadT {
    Classic(Option<ForInit>, Option<Expr>, Option<Expr>),
    In(ForHead, Expr),
    Of(ForHead, Expr),
    /// `for await (... of ...)`.
    OfAwait(ForHead, Expr),
}

#[derive(Default)]
pub struct ImportClause {
    pub default: Option<Ident>,
    pub namespace: Option<Ident>,
    pub named: Vec<ImportSpecifier>,
}

/// One template chunk with the substitution that follows it.
pub struct TplPiece {
    pub part: Box<TplPart>,
    pub expr: Option<Expr>,
    pub span: Span,
}

/// One class body element before its modifiers are checked.
pub enum ClassElem {
    Empty,
    Method(Vec<(usize, String)>, PropKey, FnTailT, Span),
    Field(Vec<(usize, String)>, PropKey, Option<Expr>, Span),
    Block(Vec<(usize, String)>, Vec<Stmt>, Span),
}

type FnTailT = (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>);

/// Parser context shared by the grammar actions.
pub struct Ctx<'s> {
    pub src: &'s str,
    /// Start offset of every token (sorted; u32 like spans, to keep this copy small).
    pub starts: Vec<u32>,
    /// End offset of every token.
    pub ends: Vec<u32>,
    /// Whether a line terminator precedes each token.
    pub newline_before: Vec<bool>,
    /// Whether each token is `}`.
    pub is_rbrace: Vec<bool>,
    /// Spans (start << 32 | end) of parenthesized expressions.
    parens: RefCell<HashSet<u64, foldhash::fast::RandomState>>,
    /// Starts of `{ a = 1 }` shorthand initializers not (yet) converted to patterns.
    cover_inits: RefCell<Vec<u32>>,
    /// Whether lalrpop should list the expected tokens in its errors (slow; only when
    /// re-parsing a failed program to word the message).
    want_expected: bool,
}

fn key(span: Span) -> u64 {
    (u64::from(span.start) << 32) | u64::from(span.end)
}

fn user(offset: usize, message: impl Into<String>) -> ParseError<usize, Tok, PError> {
    ParseError::User {
        error: PError {
            offset,
            message: message.into(),
            unsupported: false,
        },
    }
}

impl<'s> Ctx<'s> {
    pub fn new(
        src: &'s str,
        tokens: &crate::tokens::TokenBuf,
        newline_before: Vec<bool>,
        want_expected: bool,
    ) -> Self {
        let mut starts = Vec::with_capacity(tokens.len());
        let mut ends = Vec::with_capacity(tokens.len());
        let mut is_rbrace = Vec::with_capacity(tokens.len());
        for (start, tok, end) in tokens.iter() {
            starts.push(*start as u32);
            ends.push(*end as u32);
            is_rbrace.push(matches!(tok, Tok::RBrace));
        }
        Ctx {
            src,
            starts,
            ends,
            is_rbrace,
            newline_before,
            parens: RefCell::new(HashSet::default()),
            cover_inits: RefCell::new(Vec::new()),
            want_expected,
        }
    }

    /// See the field; read by the patched generated parser (build.rs).
    pub fn want_expected(&self) -> bool {
        self.want_expected
    }

    /// The first shorthand initializer (`{ a = 1 }`) used as an expression, if any.
    pub fn leftover_cover_init(&self) -> Option<usize> {
        self.cover_inits.borrow().iter().min().map(|&s| s as usize)
    }

    pub fn span(&self, l: usize, r: usize) -> Span {
        Span::new(l, r.max(l))
    }

    pub fn stmt(&self, kind: StmtKind, l: usize, r: usize) -> Stmt {
        Stmt {
            kind,
            span: self.span(l, r),
        }
    }

    pub fn expr(&self, kind: ExprKind, l: usize, r: usize) -> Expr {
        Expr {
            kind,
            span: self.span(l, r),
        }
    }

    pub fn pat(&self, kind: PatternKind, l: usize, r: usize) -> Pattern {
        Pattern {
            kind,
            span: self.span(l, r),
        }
    }

    pub fn unsupported(&self, offset: usize, message: &str) -> ParseError<usize, Tok, PError> {
        ParseError::User {
            error: PError {
                offset,
                message: message.to_string(),
                unsupported: true,
            },
        }
    }

    /// Automatic semicolon insertion: the recovery symbol was shifted where a statement may
    /// end. Accept it only if the offending token follows a line terminator, is `}`, or is
    /// the end of input (`always` for the semicolon after `do ... while (...)`), and only
    /// if nothing was popped or dropped (the insertion is exactly before the token).
    pub fn asi(
        &self,
        at: usize,
        recovery: ErrorRecovery<usize, Tok, PError>,
        always: bool,
    ) -> PResult<()> {
        if !recovery.dropped_tokens.is_empty() {
            return Err(recovery.error);
        }
        let index = match &recovery.error {
            ParseError::UnrecognizedToken { token, .. } => {
                match self.starts.binary_search(&(token.0 as u32)) {
                    Ok(i) => i,
                    Err(_) => return Err(recovery.error),
                }
            }
            ParseError::UnrecognizedEof { .. } => self.starts.len(),
            _ => return Err(recovery.error),
        };
        let prev_end = match index.checked_sub(1).and_then(|i| self.ends.get(i)) {
            Some(&e) => e as usize,
            None => return Err(recovery.error),
        };
        if at != prev_end {
            return Err(recovery.error);
        }
        let allowed = always
            || index == self.starts.len()
            || self.newline_before.get(index).copied().unwrap_or(false)
            || self.is_rbrace.get(index).copied().unwrap_or(false);
        if allowed {
            Ok(())
        } else {
            Err(recovery.error)
        }
    }

    pub fn var_stmt(
        &self,
        kind: VarKind,
        declarators: Vec<Declarator>,
        l: usize,
        r: usize,
    ) -> PResult<Stmt> {
        self.check_initializers(kind, &declarators)?;
        Ok(self.stmt(StmtKind::VarDecl(VarDecl { kind, declarators }), l, r))
    }

    fn check_initializers(&self, kind: VarKind, declarators: &[Declarator]) -> PResult<()> {
        for d in declarators {
            if d.init.is_none() {
                if !matches!(d.target.kind, PatternKind::Ident(_)) {
                    return Err(user(
                        d.span.end as usize,
                        "Missing initializer in destructuring declaration",
                    ));
                }
                if kind == VarKind::Const {
                    return Err(user(
                        d.span.end as usize,
                        "Missing initializer in const declaration",
                    ));
                }
            }
        }
        Ok(())
    }

    pub fn for_decl_init(
        &self,
        kind: VarKind,
        declarators: Vec<Declarator>,
        _l: usize,
        _r: usize,
    ) -> PResult<ForInit> {
        self.check_initializers(kind, &declarators)?;
        Ok(ForInit::VarDecl(VarDecl { kind, declarators }))
    }

    fn function(
        &self,
        name: Option<Ident>,
        kind: FunctionKind,
        is_async: bool,
        tail: (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>),
        l: usize,
        r: usize,
    ) -> Function {
        Function {
            name,
            kind,
            is_async,
            is_generator: false,
            params: tail.0,
            rest: tail.1,
            body: FunctionBody::Block(tail.2),
            span: self.span(l, r),
        }
    }

    pub fn function_decl(
        &self,
        name: Ident,
        is_async: bool,
        tail: (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>),
        l: usize,
        r: usize,
    ) -> Stmt {
        let f = self.function(Some(name), FunctionKind::Normal, is_async, tail, l, r);
        self.stmt(StmtKind::FunctionDecl(Box::new(f)), l, r)
    }

    pub fn function_expr(
        &self,
        name: Option<Ident>,
        is_async: bool,
        tail: (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>),
        l: usize,
        r: usize,
    ) -> Expr {
        let f = self.function(name, FunctionKind::Normal, is_async, tail, l, r);
        self.expr(ExprKind::Function(Box::new(f)), l, r)
    }

    /// Marks the function of a declaration `function_decl` made as a generator.
    pub fn generator_decl(&self, mut s: Stmt) -> Stmt {
        if let StmtKind::FunctionDecl(f) = &mut s.kind {
            f.is_generator = true;
        }
        s
    }

    /// Marks the function of an expression `function_expr` made as a generator.
    pub fn generator_expr(&self, mut e: Expr) -> Expr {
        if let ExprKind::Function(f) = &mut e.kind {
            f.is_generator = true;
        }
        e
    }

    /// Marks a method `method` made as a generator.
    pub fn generator_method(&self, mut p: Property) -> Property {
        if let Property::Method { function, .. } = &mut p {
            function.is_generator = true;
        }
        p
    }

    pub fn class_decl(
        &self,
        name: Ident,
        tail: (Option<Expr>, Vec<ClassElem>),
        l: usize,
        r: usize,
    ) -> PResult<Stmt> {
        let class = self.class(Some(name), tail, l, r)?;
        Ok(self.stmt(StmtKind::ClassDecl(Box::new(class)), l, r))
    }

    pub fn class_expr(
        &self,
        name: Option<Ident>,
        tail: (Option<Expr>, Vec<ClassElem>),
        l: usize,
        r: usize,
    ) -> PResult<Expr> {
        let class = self.class(name, tail, l, r)?;
        Ok(self.expr(ExprKind::Class(Box::new(class)), l, r))
    }

    pub fn new_target(&self, name: String, at: usize, l: usize, r: usize) -> PResult<Expr> {
        if name != "target" {
            return Err(self.syntax_error(at, &format!("Unexpected identifier '{name}'")));
        }
        if self.written_escaped(at, &name) {
            return Err(self.syntax_error(at, "'new.target' must not contain escaped characters"));
        }
        Ok(self.expr(ExprKind::NewTarget, l, r))
    }

    /// `a?.b\`t\``: always an error (the grammar matches it so that automatic semicolon
    /// insertion cannot split it into two statements).
    pub fn tagged_optional_chain(&self, at: usize) -> PResult<Expr> {
        Err(self.syntax_error(at, "Invalid tagged template on optional chain"))
    }

    /// Whether the word `word` at `at` is written with unicode escapes.
    fn written_escaped(&self, at: usize, word: &str) -> bool {
        self.src.get(at..at + word.len()) != Some(word)
    }

    /// A contextual keyword (`get`, `set`, `static`, `async` before a member) must be
    /// written without escapes; written with them it is a plain identifier.
    fn check_unescaped(&self, at: usize, word: &str) -> PResult<()> {
        if self.written_escaped(at, word) {
            return Err(self.syntax_error(at, "Keyword must not contain escaped characters"));
        }
        Ok(())
    }

    fn syntax_error(&self, offset: usize, message: &str) -> ParseError<usize, Tok, PError> {
        ParseError::User {
            error: PError {
                offset,
                message: message.to_string(),
                unsupported: false,
            },
        }
    }

    /// Checks the modifiers of each member and builds the class.
    fn class(
        &self,
        name: Option<Ident>,
        tail: (Option<Expr>, Vec<ClassElem>),
        l: usize,
        r: usize,
    ) -> PResult<Class> {
        let (super_class, elems) = tail;
        let mut constructor = None;
        let mut members = Vec::new();
        let mut privates = PrivateNames::default();
        for elem in self.split_fields_at_line_breaks(elems) {
            if let ClassElem::Method(mods, ..)
            | ClassElem::Field(mods, ..)
            | ClassElem::Block(mods, ..) = &elem
            {
                for (at, m) in mods {
                    self.check_unescaped(*at, m)?;
                }
            }
            match elem {
                ClassElem::Empty => {}
                ClassElem::Method(mods, key, fn_tail, span) => {
                    let mut is_static = false;
                    let mut is_async = false;
                    let mut is_generator = false;
                    let mut kind = MethodKind::Method;
                    for (at, m) in &mods {
                        match m.as_str() {
                            // Always last (see the grammar's ClassElement).
                            "*" if kind == MethodKind::Method => is_generator = true,
                            "static" if !is_static && !is_async && kind == MethodKind::Method => {
                                is_static = true
                            }
                            "async" if !is_async && kind == MethodKind::Method => is_async = true,
                            "get" | "set" if kind == MethodKind::Method && !is_async => {
                                kind = if m == "get" {
                                    MethodKind::Get
                                } else {
                                    MethodKind::Set
                                }
                            }
                            _ => return Err(self.syntax_error(*at, "Unexpected identifier")),
                        }
                    }
                    let is_ctor = !is_static
                        && matches!(&key, PropKey::Ident(n) if n == "constructor")
                        || matches!(&key, PropKey::String(s) if s.iter().copied().eq("constructor".encode_utf16()));
                    let fn_name = match &key {
                        PropKey::Ident(n) | PropKey::Private(n) => Some(n.clone()),
                        PropKey::String(s) => Some(String::from_utf16_lossy(s)),
                        _ => None,
                    };
                    let start = span.start as usize;
                    let end = span.end as usize;
                    let fname = fn_name.map(|n| Ident {
                        name: n,
                        span: self.span(start, start),
                    });
                    let mut f =
                        self.function(fname, FunctionKind::Method, is_async, fn_tail, start, end);
                    f.is_generator = is_generator;
                    if is_ctor && !is_static {
                        if kind != MethodKind::Method {
                            return Err(self
                                .syntax_error(start, "Class constructor may not be an accessor"));
                        }
                        if is_async {
                            return Err(self.syntax_error(
                                start,
                                "Class constructor may not be an async method",
                            ));
                        }
                        if is_generator {
                            return Err(self
                                .syntax_error(start, "Class constructor may not be a generator"));
                        }
                        if constructor.is_some() {
                            return Err(
                                self.syntax_error(start, "A class may only have one constructor")
                            );
                        }
                        constructor = Some(Box::new(f));
                        continue;
                    }
                    if is_static && key_names(&key, "prototype") {
                        return Err(self.syntax_error(
                            start,
                            "Classes may not have a static property named 'prototype'",
                        ));
                    }
                    self.check_accessor_params(kind, &f)?;
                    if let PropKey::Private(n) = &key {
                        let what = match kind {
                            MethodKind::Get => PrivateKind::Getter,
                            MethodKind::Set => PrivateKind::Setter,
                            MethodKind::Method => PrivateKind::Other,
                        };
                        if n == "#constructor" {
                            return Err(self.syntax_error(
                                start,
                                "Class constructor may not be a private method",
                            ));
                        }
                        privates.declare(self, n, what, is_static, start)?;
                    }
                    members.push(ClassMember::Method {
                        key,
                        is_static,
                        kind,
                        function: Box::new(f),
                        span,
                    });
                }
                ClassElem::Field(mods, key, value, span) => {
                    let is_static = match mods.as_slice() {
                        [] => false,
                        [(_, m)] if m == "static" => true,
                        [(at, _), ..] => {
                            return Err(self.syntax_error(*at, "Unexpected identifier"))
                        }
                    };
                    if key_names(&key, "constructor") {
                        return Err(self.syntax_error(
                            span.start as usize,
                            "Classes may not have a field named 'constructor'",
                        ));
                    }
                    if is_static && key_names(&key, "prototype") {
                        return Err(self.syntax_error(
                            span.start as usize,
                            "Classes may not have a static property named 'prototype'",
                        ));
                    }
                    if let PropKey::Private(n) = &key {
                        privates.declare(
                            self,
                            n,
                            PrivateKind::Other,
                            is_static,
                            span.start as usize,
                        )?;
                    }
                    members.push(ClassMember::Field {
                        key,
                        is_static,
                        value: value.map(Box::new),
                        span,
                    });
                }
                ClassElem::Block(mods, body, span) => match mods.as_slice() {
                    [(_, m)] if m == "static" => {
                        members.push(ClassMember::StaticBlock { body, span })
                    }
                    [(at, _), ..] => return Err(self.syntax_error(*at, "Unexpected identifier")),
                    [] => {
                        return Err(self.syntax_error(span.start as usize, "Unexpected token '{'"))
                    }
                },
            }
        }
        Ok(Class {
            name,
            super_class: super_class.map(Box::new),
            constructor,
            members,
            span: self.span(l, r),
        })
    }

    /// Automatic semicolons between class elements: the grammar reads `a\n b = 1` as a
    /// member `b` with the modifier `a`; a leading word that cannot be a modifier there and is
    /// followed by a line break is a field of its own (`a;`). Likewise `get`/`set` before a
    /// line break and a generator's `*`, and `async` before any line break (ECMAScript
    /// allows none there). `static`, and `get`/`set` before a name, stay modifiers.
    fn split_fields_at_line_breaks(&self, elems: Vec<ClassElem>) -> Vec<ClassElem> {
        let mut out = Vec::with_capacity(elems.len());
        for elem in elems {
            let mods = match &elem {
                ClassElem::Method(m, ..) | ClassElem::Field(m, ..) => m,
                _ => {
                    out.push(elem);
                    continue;
                }
            };
            let mut split = 0;
            while let Some((at, m)) = mods.get(split) {
                let end = at + m.len();
                let next = mods.get(split + 1).map(|(_, n)| n.as_str());
                // The token after the word (type annotations are already stripped).
                let following = self.starts.partition_point(|&t| (t as usize) < end);
                let line_break = self.newline_before.get(following) == Some(&true);
                let separate = line_break
                    && match m.as_str() {
                        "static" => false,
                        "async" => true,
                        "get" | "set" => next == Some("*"),
                        "*" => false,
                        _ => true,
                    };
                if !separate {
                    break;
                }
                out.push(ClassElem::Field(
                    Vec::new(),
                    PropKey::Ident(m.clone()),
                    None,
                    self.span(*at, end),
                ));
                split += 1;
            }
            out.push(match elem {
                ClassElem::Method(m, k, t, sp) => ClassElem::Method(m[split..].to_vec(), k, t, sp),
                ClassElem::Field(m, k, v, sp) => ClassElem::Field(m[split..].to_vec(), k, v, sp),
                e => e,
            });
        }
        out
    }

    pub fn method(
        &self,
        key: PropKey,
        is_async: bool,
        tail: (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>),
        l: usize,
        r: usize,
    ) -> Property {
        let name = match &key {
            PropKey::Ident(n) => Some(Ident {
                name: n.clone(),
                span: self.span(l, l),
            }),
            _ => None,
        };
        let f = self.function(name, FunctionKind::Method, is_async, tail, l, r);
        Property::Method {
            key,
            function: Box::new(f),
            span: self.span(l, r),
        }
    }

    /// `get key() {}` / `set key(v) {}` in an object literal (`m` is the word before the key).
    pub fn accessor(
        &self,
        m: String,
        key: PropKey,
        tail: (Vec<Pattern>, Option<Box<Pattern>>, Vec<Stmt>),
        l: usize,
        r: usize,
    ) -> PResult<Property> {
        let kind = match m.as_str() {
            "get" => MethodKind::Get,
            "set" => MethodKind::Set,
            _ => return Err(self.syntax_error(l, "Unexpected identifier")),
        };
        self.check_unescaped(l, &m)?;
        let name = match &key {
            PropKey::Ident(n) => Some(Ident {
                name: n.clone(),
                span: self.span(l, l),
            }),
            _ => None,
        };
        let f = self.function(name, FunctionKind::Method, false, tail, l, r);
        self.check_accessor_params(kind, &f)?;
        Ok(Property::Accessor {
            key,
            kind,
            function: Box::new(f),
            span: self.span(l, r),
        })
    }

    /// A getter takes no parameters, a setter exactly one (not a rest), as V8 words it.
    fn check_accessor_params(&self, kind: MethodKind, f: &Function) -> PResult<()> {
        let at = f.span.start as usize;
        match kind {
            MethodKind::Get if !f.params.is_empty() || f.rest.is_some() => {
                Err(self.syntax_error(at, "Getter must not have any formal parameters."))
            }
            MethodKind::Set if f.rest.is_some() => {
                Err(self.syntax_error(at, "Setter function argument must not be a rest parameter"))
            }
            MethodKind::Set if f.params.len() != 1 => {
                Err(self.syntax_error(at, "Setter must have exactly one formal parameter."))
            }
            _ => Ok(()),
        }
    }

    pub fn for_stmt(&self, head: ForHeadT, body: Stmt, l: usize, r: usize) -> Stmt {
        let body = Box::new(body);
        let kind = match head {
            ForHeadT::Classic(init, test, update) => StmtKind::For {
                init,
                test: test.map(Box::new),
                update: update.map(Box::new),
                body,
            },
            ForHeadT::In(left, right) => StmtKind::ForIn {
                left,
                right: Box::new(right),
                body,
            },
            ForHeadT::Of(left, right) => StmtKind::ForOf {
                left,
                right: Box::new(right),
                body,
                is_await: false,
            },
            ForHeadT::OfAwait(left, right) => StmtKind::ForOf {
                left,
                right: Box::new(right),
                body,
                is_await: true,
            },
        };
        self.stmt(kind, l, r)
    }

    pub fn for_target(&self, target: Expr, is_of: bool) -> PResult<Pattern> {
        let start = target.span.start as usize;
        if is_of
            && matches!(&target.kind, ExprKind::Ident(n) if n == "async")
            && target.span.end - target.span.start == 5
        {
            return Err(user(
                start,
                "The left-hand side of a for-of loop may not be 'async'.",
            ));
        }
        self.to_target(target, false).map_err(|_| {
            user(
                start,
                if is_of {
                    "Invalid left-hand side in for-of loop"
                } else {
                    "Invalid left-hand side in for-in loop"
                },
            )
        })
    }

    pub fn switch_stmt(
        &self,
        discriminant: Expr,
        cases: Vec<SwitchCase>,
        l: usize,
        r: usize,
    ) -> PResult<Stmt> {
        let mut defaults = cases.iter().filter(|c| c.test.is_none());
        defaults.next();
        if let Some(second) = defaults.next() {
            return Err(user(
                second.span.start as usize,
                "More than one default clause in switch statement",
            ));
        }
        Ok(self.stmt(
            StmtKind::Switch {
                discriminant: Box::new(discriminant),
                cases,
            },
            l,
            r,
        ))
    }

    pub fn import_decl(
        &self,
        clause: ImportClause,
        source: Vec<u16>,
        sl: usize,
        sr: usize,
        l: usize,
        r: usize,
    ) -> Stmt {
        self.stmt(
            StmtKind::Import(ImportDecl {
                default: clause.default,
                namespace: clause.namespace,
                named: clause.named,
                source: String::from_utf16_lossy(&source),
                source_span: self.span(sl, sr),
            }),
            l,
            r,
        )
    }

    pub fn sequence(&self, a: Expr, b: Expr, l: usize, r: usize) -> Expr {
        match a.kind {
            ExprKind::Sequence(mut items) if !self.is_parenthesized(a.span) => {
                items.push(b);
                self.expr(ExprKind::Sequence(items), l, r)
            }
            kind => {
                let a = Expr { kind, span: a.span };
                self.expr(ExprKind::Sequence(vec![a, b]), l, r)
            }
        }
    }

    pub fn binary(&self, op: BinaryOp, a: Expr, b: Expr, l: usize, r: usize) -> Expr {
        self.expr(
            ExprKind::Binary {
                op,
                left: Box::new(a),
                right: Box::new(b),
            },
            l,
            r,
        )
    }

    /// Folds a flat chain `a op b op c ...` of the left-associative binary operators by
    /// precedence (operator-precedence parsing with explicit stacks: no recursion, whatever
    /// the chain's length). Spans run from the left operand's start to the right one's end,
    /// as the grammar's positions would give.
    pub fn fold_binary(&self, first: Expr, rest: Vec<(BinaryOp, Expr)>) -> Expr {
        let mut operands: Vec<Expr> = Vec::with_capacity(rest.len() + 1);
        let mut ops: Vec<BinaryOp> = Vec::with_capacity(rest.len());
        operands.push(first);
        for (op, e) in rest {
            while ops
                .last()
                .is_some_and(|&top| precedence(top) >= precedence(op))
            {
                self.reduce_top(&mut operands, &mut ops);
            }
            ops.push(op);
            operands.push(e);
        }
        while !ops.is_empty() {
            self.reduce_top(&mut operands, &mut ops);
        }
        match operands.pop() {
            Some(e) => e,
            // Unreachable: every reduction leaves one operand more than operators.
            None => self.expr(ExprKind::Null, 0, 0),
        }
    }

    fn reduce_top(&self, operands: &mut Vec<Expr>, ops: &mut Vec<BinaryOp>) {
        let (Some(op), Some(b), Some(a)) = (ops.pop(), operands.pop(), operands.pop()) else {
            return;
        };
        let (l, r) = (a.span.start as usize, b.span.end as usize);
        operands.push(self.binary(op, a, b, l, r));
    }

    pub fn logical(&self, op: LogicalOp, a: Expr, b: Expr, l: usize, r: usize) -> Expr {
        self.expr(
            ExprKind::Logical {
                op,
                left: Box::new(a),
                right: Box::new(b),
            },
            l,
            r,
        )
    }

    pub fn member_name(&self, o: Expr, n: Ident, optional: bool, l: usize, r: usize) -> Expr {
        self.expr(
            ExprKind::Member {
                object: Box::new(o),
                property: MemberProp::Name(n),
                optional,
            },
            l,
            r,
        )
    }

    pub fn member_private(&self, o: Expr, n: String, optional: bool, l: usize, r: usize) -> Expr {
        self.expr(
            ExprKind::Member {
                object: Box::new(o),
                property: MemberProp::Private(n),
                optional,
            },
            l,
            r,
        )
    }

    pub fn member_index(&self, o: Expr, e: Expr, optional: bool, l: usize, r: usize) -> Expr {
        self.expr(
            ExprKind::Member {
                object: Box::new(o),
                property: MemberProp::Computed(Box::new(e)),
                optional,
            },
            l,
            r,
        )
    }

    pub fn call(
        &self,
        callee: Expr,
        args: Vec<Argument>,
        optional: bool,
        l: usize,
        r: usize,
    ) -> Expr {
        self.expr(
            ExprKind::Call {
                callee: Box::new(callee),
                args,
                optional,
            },
            l,
            r,
        )
    }

    pub fn async_call(&self, cover: Cover, l: usize, r: usize) -> PResult<Expr> {
        let callee = self.expr(ExprKind::Ident("async".into()), l, l + 5);
        let args = cover
            .items
            .into_iter()
            .map(|item| match item {
                CoverItem::Expr(e) => Argument::Expr(e),
                CoverItem::Rest(e, _) => Argument::Spread(e),
            })
            .collect();
        Ok(self.call(callee, args, false, l, r))
    }

    pub fn update(&self, op: UpdateOp, prefix: bool, e: Expr, l: usize, r: usize) -> PResult<Expr> {
        let start = e.span.start as usize;
        let target = match e.kind {
            ExprKind::Ident(_) | ExprKind::Member { .. } => self.simple_target(e),
            _ => None,
        };
        match target {
            Some(target) => Ok(self.expr(
                ExprKind::Update {
                    op,
                    prefix,
                    target: Box::new(target),
                },
                l,
                r,
            )),
            None => Err(user(
                start,
                if prefix {
                    "Invalid left-hand side expression in prefix operation"
                } else {
                    "Invalid left-hand side expression in postfix operation"
                },
            )),
        }
    }

    fn is_parenthesized(&self, span: Span) -> bool {
        self.parens.borrow().contains(&key(span))
    }

    /// An identifier or a (non-optional) member expression as an assignment target.
    fn simple_target(&self, e: Expr) -> Option<Pattern> {
        let span = e.span;
        match e.kind {
            ExprKind::Ident(name) => Some(Pattern {
                kind: PatternKind::Ident(name),
                span,
            }),
            ExprKind::Member { .. } | ExprKind::SuperMember(_) => Some(Pattern {
                kind: PatternKind::Member(Box::new(e)),
                span,
            }),
            _ => None,
        }
    }

    pub fn assign(
        &self,
        op: AssignOp,
        target: Expr,
        value: Expr,
        l: usize,
        r: usize,
    ) -> PResult<Expr> {
        let start = target.span.start as usize;
        let target = if op == AssignOp::Assign {
            let destructuring = matches!(target.kind, ExprKind::Object(_) | ExprKind::Array(_))
                && !self.is_parenthesized(target.span);
            match self.to_target(target, false) {
                Ok(p) => p,
                Err((offset, message)) => {
                    if destructuring {
                        return Err(user(offset, message));
                    }
                    return Err(user(start, "Invalid left-hand side in assignment"));
                }
            }
        } else {
            match self.simple_target(target) {
                Some(p) => p,
                None => return Err(user(start, "Invalid left-hand side in assignment")),
            }
        };
        Ok(self.expr(
            ExprKind::Assign {
                op,
                target: Box::new(target),
                value: Box::new(value),
            },
            l,
            r,
        ))
    }

    /// Converts an expression (parsed through the cover grammar) into an assignment target
    /// or, with `binding`, into a binding pattern (no members, no parenthesized names).
    fn to_target(&self, e: Expr, binding: bool) -> Result<Pattern, (usize, &'static str)> {
        const INVALID: &str = "Invalid destructuring assignment target";
        let span = e.span;
        let start = span.start as usize;
        let parenthesized = self.is_parenthesized(span);
        match e.kind {
            ExprKind::Ident(name) => {
                if binding && parenthesized {
                    return Err((start, INVALID));
                }
                Ok(Pattern {
                    kind: PatternKind::Ident(name),
                    span,
                })
            }
            ExprKind::Member { .. } | ExprKind::SuperMember(_) if !binding => Ok(Pattern {
                kind: PatternKind::Member(Box::new(e)),
                span,
            }),
            ExprKind::Object(props) if !parenthesized => {
                let count = props.len();
                let mut out = Vec::with_capacity(count);
                let mut rest = None;
                for (i, prop) in props.into_iter().enumerate() {
                    match prop {
                        Property::KeyValue {
                            key,
                            value,
                            shorthand,
                            span,
                        } => {
                            if shorthand {
                                self.cover_inits.borrow_mut().retain(|&s| s != span.start);
                            }
                            out.push(ObjectPatternProp {
                                key,
                                value: self.element_to_target(value, binding)?,
                                shorthand,
                                span,
                            });
                        }
                        Property::Method { span, .. } | Property::Accessor { span, .. } => {
                            return Err((span.start as usize, INVALID));
                        }
                        Property::Spread(e) => {
                            if i + 1 != count || self.trailing_comma_before(e.span.end, span.end) {
                                return Err((
                                    e.span.start as usize,
                                    "Rest element must be last element",
                                ));
                            }
                            let target = match e.kind {
                                ExprKind::Ident(_) | ExprKind::Member { .. } => {
                                    self.to_target(e, binding)?
                                }
                                _ => return Err((e.span.start as usize, "`...` must be followed by an assignable reference in assignment contexts")),
                            };
                            rest = Some(Box::new(target));
                        }
                    }
                }
                Ok(Pattern {
                    kind: PatternKind::Object { props: out, rest },
                    span,
                })
            }
            ExprKind::Array(elems) if !parenthesized => {
                let count = elems.len();
                let mut out = Vec::with_capacity(count);
                let mut rest = None;
                for (i, el) in elems.into_iter().enumerate() {
                    match el {
                        ArrayElement::Hole => out.push(None),
                        ArrayElement::Expr(e) => {
                            out.push(Some(self.element_to_target(e, binding)?))
                        }
                        ArrayElement::Spread(e) => {
                            if i + 1 != count || self.trailing_comma_before(e.span.end, span.end) {
                                return Err((
                                    e.span.start as usize,
                                    "Rest element must be last element",
                                ));
                            }
                            if matches!(e.kind, ExprKind::Assign { .. }) {
                                return Err((e.span.start as usize, INVALID));
                            }
                            rest = Some(Box::new(self.to_target(e, binding)?));
                        }
                    }
                }
                Ok(Pattern {
                    kind: PatternKind::Array {
                        elements: out,
                        rest,
                    },
                    span,
                })
            }
            _ => Err((start, INVALID)),
        }
    }

    /// Whether a `,` appears between `from` and the closing bracket at `close_end - 1`.
    fn trailing_comma_before(&self, from: u32, close_end: u32) -> bool {
        let end = (close_end as usize).saturating_sub(1);
        self.src
            .get(from as usize..end)
            .is_some_and(|s| s.contains(','))
    }

    /// An element of a destructuring pattern: a target, possibly with `= default`.
    fn element_to_target(&self, e: Expr, binding: bool) -> Result<Pattern, (usize, &'static str)> {
        let span = e.span;
        if self.is_parenthesized(span) {
            if let ExprKind::Assign { .. } = e.kind {
                return Err((
                    span.start as usize,
                    "Invalid destructuring assignment target",
                ));
            }
        }
        match e.kind {
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value,
            } => {
                let target = if binding {
                    self.rebind(*target)?
                } else {
                    *target
                };
                Ok(Pattern {
                    kind: PatternKind::Assign {
                        target: Box::new(target),
                        default: value,
                    },
                    span,
                })
            }
            kind => self.to_target(Expr { kind, span }, binding),
        }
    }

    /// Checks that an already converted assignment pattern is also a binding pattern (for
    /// arrow parameters with defaults: `([a, b] = x) => ...`).
    fn rebind(&self, p: Pattern) -> Result<Pattern, (usize, &'static str)> {
        let bad = |p: &Pattern| {
            (
                p.span.start as usize,
                "Invalid destructuring assignment target",
            )
        };
        fn walk(
            p: &Pattern,
            bad: &dyn Fn(&Pattern) -> (usize, &'static str),
        ) -> Result<(), (usize, &'static str)> {
            match &p.kind {
                PatternKind::Ident(_) => Ok(()),
                PatternKind::Member(_) => Err(bad(p)),
                PatternKind::Object { props, rest } => {
                    for prop in props {
                        walk(&prop.value, bad)?;
                    }
                    rest.as_deref().map_or(Ok(()), |r| walk(r, bad))
                }
                PatternKind::Array { elements, rest } => {
                    for el in elements.iter().flatten() {
                        walk(el, bad)?;
                    }
                    rest.as_deref().map_or(Ok(()), |r| walk(r, bad))
                }
                PatternKind::Assign { target, .. } => walk(target, bad),
            }
        }
        walk(&p, &bad)?;
        Ok(p)
    }

    pub fn cover_init(
        &self,
        name: String,
        default: Expr,
        l: usize,
        nr: usize,
        r: usize,
    ) -> Property {
        self.cover_inits.borrow_mut().push(l as u32);
        let target = self.pat(PatternKind::Ident(name.clone()), l, nr);
        let value = self.expr(
            ExprKind::Assign {
                op: AssignOp::Assign,
                target: Box::new(target),
                value: Box::new(default),
            },
            l,
            r,
        );
        Property::KeyValue {
            key: PropKey::Ident(name),
            value,
            shorthand: true,
            span: self.span(l, r),
        }
    }

    pub fn paren_expr(&self, cover: Cover) -> PResult<Expr> {
        let close = (cover.span.end as usize).saturating_sub(1);
        if cover.items.is_empty() || cover.trailing_comma {
            return Err(user(close, "Unexpected token ')'"));
        }
        let mut items = Vec::with_capacity(cover.items.len());
        for item in cover.items {
            match item {
                CoverItem::Expr(e) => items.push(e),
                CoverItem::Rest(_, span) => {
                    return Err(user(span.start as usize, "Unexpected token '...'"))
                }
            }
        }
        let kind = if items.len() == 1 {
            match items.pop() {
                Some(e) => e.kind,
                None => return Err(user(close, "Unexpected token ')'")),
            }
        } else {
            ExprKind::Sequence(items)
        };
        self.parens.borrow_mut().insert(key(cover.span));
        Ok(Expr {
            kind,
            span: cover.span,
        })
    }

    fn arrow(
        &self,
        params: Vec<Pattern>,
        rest: Option<Box<Pattern>>,
        is_async: bool,
        body: FunctionBody,
        l: usize,
        r: usize,
    ) -> Expr {
        let f = Function {
            name: None,
            kind: FunctionKind::Arrow,
            is_async,
            is_generator: false,
            params,
            rest,
            body,
            span: self.span(l, r),
        };
        self.expr(ExprKind::Arrow(Box::new(f)), l, r)
    }

    pub fn arrow_ident(
        &self,
        param: Ident,
        is_async: bool,
        body: FunctionBody,
        l: usize,
        r: usize,
    ) -> PResult<Expr> {
        let p = Pattern {
            kind: PatternKind::Ident(param.name),
            span: param.span,
        };
        Ok(self.arrow(vec![p], None, is_async, body, l, r))
    }

    pub fn arrow_cover(
        &self,
        cover: Cover,
        is_async: bool,
        body: FunctionBody,
        l: usize,
        r: usize,
    ) -> PResult<Expr> {
        let count = cover.items.len();
        let mut params = Vec::with_capacity(count);
        let mut rest = None;
        for (i, item) in cover.items.into_iter().enumerate() {
            match item {
                CoverItem::Expr(e) => {
                    let p = self
                        .element_to_target(e, true)
                        .map_err(|(o, m)| user(o, m))?;
                    params.push(p);
                }
                CoverItem::Rest(e, span) => {
                    if i + 1 != count || cover.trailing_comma {
                        return Err(user(
                            span.start as usize,
                            "Rest parameter must be last formal parameter",
                        ));
                    }
                    if matches!(e.kind, ExprKind::Assign { .. }) {
                        return Err(user(
                            span.start as usize,
                            "Rest parameter may not have a default initializer",
                        ));
                    }
                    let p = self.to_target(e, true).map_err(|(o, m)| user(o, m))?;
                    rest = Some(Box::new(p));
                }
            }
        }
        Ok(self.arrow(params, rest, is_async, body, l, r))
    }

    pub fn template(&self, pieces: Vec<TplPiece>, _tagged: bool) -> Template {
        let mut quasis = Vec::with_capacity(pieces.len());
        let mut exprs = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let cut = if piece.expr.is_some() { 2 } else { 1 };
            let span = Span {
                start: piece.span.start + 1,
                end: piece.span.end.saturating_sub(cut).max(piece.span.start + 1),
            };
            let part = *piece.part;
            quasis.push(TemplateElement {
                cooked: part.cooked,
                raw: part.raw,
                span,
            });
            if let Some(e) = piece.expr {
                exprs.push(e);
            }
        }
        Template { quasis, exprs }
    }

    pub fn untagged_template(&self, pieces: Vec<TplPiece>) -> PResult<Template> {
        for piece in &pieces {
            if let Some((offset, message)) = piece.part.error {
                return Err(user(offset, message));
            }
        }
        Ok(self.template(pieces, false))
    }
}

/// Binding power of the operators `Ctx::fold_binary` folds (higher binds tighter).
fn precedence(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 8,
        BinaryOp::Add | BinaryOp::Sub => 7,
        BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr => 6,
        BinaryOp::Lt
        | BinaryOp::Gt
        | BinaryOp::LtEq
        | BinaryOp::GtEq
        | BinaryOp::InstanceOf
        | BinaryOp::In => 5,
        BinaryOp::Eq | BinaryOp::NotEq | BinaryOp::StrictEq | BinaryOp::StrictNotEq => 4,
        BinaryOp::BitAnd => 3,
        BinaryOp::BitXor => 2,
        BinaryOp::BitOr => 1,
        // `**` is not folded here (ExpExpr in the grammar); bind it tightest if it ever is.
        BinaryOp::Exp => 9,
    }
}

/// What a private name of a class body declares (for the duplicate check).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PrivateKind {
    Getter,
    Setter,
    Other,
}

/// The private names a class body has declared so far: each once, except a getter and a
/// setter of the same placement (both static or both not).
#[derive(Default)]
struct PrivateNames(HashMap<String, PrivateEntry, foldhash::fast::RandomState>);

/// What a private name has declared: its first kind, placement, and whether a getter and
/// setter already pair under it.
struct PrivateEntry {
    kind: PrivateKind,
    is_static: bool,
    paired: bool,
}

impl PrivateNames {
    fn declare(
        &mut self,
        ctx: &Ctx<'_>,
        name: &str,
        kind: PrivateKind,
        is_static: bool,
        at: usize,
    ) -> PResult<()> {
        if name == "#constructor" {
            return Err(ctx.syntax_error(
                at,
                "Classes may not have a private field named '#constructor'",
            ));
        }
        match self.0.get_mut(name) {
            None => {
                self.0.insert(
                    name.to_string(),
                    PrivateEntry {
                        kind,
                        is_static,
                        paired: false,
                    },
                );
                Ok(())
            }
            Some(e)
                if !e.paired
                    && e.is_static == is_static
                    && matches!(
                        (e.kind, kind),
                        (PrivateKind::Getter, PrivateKind::Setter)
                            | (PrivateKind::Setter, PrivateKind::Getter)
                    ) =>
            {
                e.paired = true;
                Ok(())
            }
            Some(_) => Err(ctx.syntax_error(
                at,
                &format!("Identifier '{name}' has already been declared"),
            )),
        }
    }
}

/// Whether a class element's key is `name`, written as an identifier or a string (a
/// computed key is not: `["constructor"]` names an ordinary member).
fn key_names(key: &PropKey, name: &str) -> bool {
    match key {
        PropKey::Ident(n) => n == name,
        PropKey::String(s) => s.iter().copied().eq(name.encode_utf16()),
        _ => false,
    }
}

//! Expressions: functions, operators, calls, member access, assignment and update.

use super::*;

impl<'a> Compiler<'a> {
    // ---- functions ----

    /// A getter or setter under a key named `key` ("" when computed: `DefineAccessor`
    /// names it then): its name is "get key" / "set key", as node names them.
    pub(super) fn accessor_function(
        &mut self,
        f: &Function,
        kind: MethodKind,
        key: &str,
    ) -> CResult<()> {
        let mut f = f.clone();
        f.name = None;
        let name = if key.is_empty() {
            String::new()
        } else if kind == MethodKind::Set {
            format!("set {key}")
        } else {
            format!("get {key}")
        };
        self.function(&f, &name, false)
    }

    pub(super) fn function(&mut self, f: &Function, inferred: &str, is_expr: bool) -> CResult<()> {
        let name = f
            .name
            .as_ref()
            .map(|n| n.name.clone())
            .unwrap_or_else(|| inferred.to_string());
        let is_arrow = f.kind == FunctionKind::Arrow;
        self.begin_fn(&name, f.is_async, is_arrow, f.kind == FunctionKind::Method);
        self.st().code.is_generator = f.is_generator;
        self.span_pos = f.span.start;
        self.class_ctor_prologue()?;
        let st = self.st();
        st.code.nparams = f.params.len() as u16;
        st.code.length = f
            .params
            .iter()
            .position(|p| matches!(p.kind, PatternKind::Assign { .. }))
            .unwrap_or(f.params.len()) as u16;
        st.code.has_rest = f.rest.is_some();
        // Parameter slots come first.
        let simple = f
            .params
            .iter()
            .all(|p| matches!(p.kind, PatternKind::Ident(_)));
        let mut param_slots = Vec::new();
        for p in &f.params {
            match (&p.kind, simple) {
                (PatternKind::Ident(n), true) => {
                    let id = self.declare(n, VarKind::Var, p.span)?;
                    self.st().vars[id].is_param = true;
                    param_slots.push(self.st().vars[id].slot);
                }
                _ => param_slots.push(self.new_slot()?),
            }
        }
        let rest_slot = if f.rest.is_some() {
            Some(self.new_slot()?)
        } else {
            None
        };
        // Named function expressions see their own name (in an outer scope of the body), unless
        // a parameter or a declaration at the top of the body shadows it everywhere.
        if is_expr && f.kind == FunctionKind::Normal {
            if let Some(n) = f.name.as_ref().filter(|n| !shadows_own_name(f, &n.name)) {
                let id = self.declare(&n.name, VarKind::Const, n.span)?;
                let slot = self.st().vars[id].slot;
                self.emit_var(id, Op::ClearLocal(slot));
                self.emit(Op::Callee);
                self.emit_var(id, Op::InitLocal(slot));
                self.push_scope();
            }
        }
        if simple {
            // Box captured params (placeholders patched at the end).
            for (i, p) in f.params.iter().enumerate() {
                if let PatternKind::Ident(n) = &p.kind {
                    let id = Self::lookup_local(&self.fns[self.fns.len() - 1], n).unwrap_or(0);
                    self.emit_var(id, Op::NopBox(param_slots[i]));
                }
            }
        } else {
            for (i, p) in f.params.iter().enumerate() {
                let mut names = Vec::new();
                pattern_names(p, &mut names);
                for n in &names {
                    let id = self.declare(n, VarKind::Let, p.span)?;
                    let slot = self.st().vars[id].slot;
                    self.emit_var(id, Op::ClearLocal(slot));
                }
                self.emit(Op::GetLocal(param_slots[i]));
                self.bind_pattern(p, true)?;
            }
        }
        if let (Some(r), Some(slot)) = (&f.rest, rest_slot) {
            let mut names = Vec::new();
            pattern_names(r, &mut names);
            for n in &names {
                let id = self.declare(n, VarKind::Let, r.span)?;
                let s = self.st().vars[id].slot;
                self.emit_var(id, Op::ClearLocal(s));
            }
            self.emit(Op::GetLocal(slot));
            self.bind_pattern(r, true)?;
        }
        if f.is_generator {
            self.emit(Op::GenStart);
        }
        match &f.body {
            FunctionBody::Block(stmts) => {
                self.block_body(stmts, true)?;
                self.emit(Op::Undef);
                self.emit(Op::Return);
            }
            FunctionBody::Expr(e) => {
                self.expr(e)?;
                self.emit(Op::Return);
            }
        }
        let code = self.end_fn();
        let idx = self.out.len() as u32 + 1 + self.opts.func_base;
        self.out.push(Some(code));
        // Captures are read from the enclosing function's state when the closure is made.
        self.emit(Op::Closure(idx));
        // Named function expressions: bind the name inside is approximated by the
        // enclosing scope lookup (declarations) — expressions rely on callers' bindings.
        Ok(())
    }

    // ---- expressions ----

    /// An expression whose value is not used: assignments and updates of plain names skip
    /// the copy of the result.
    pub(super) fn expr_discard(&mut self, e: &Expr) -> CResult<()> {
        let saved = self.span_pos;
        self.span_pos = e.span.start;
        match &e.kind {
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value,
            } if matches!(target.kind, PatternKind::Ident(_)) => {
                let PatternKind::Ident(n) = &target.kind else {
                    unreachable!()
                };
                self.named_expr(value, n)?;
                self.store_name(n, false)?;
            }
            ExprKind::Assign {
                op: AssignOp::Binary(b),
                target,
                value,
            } if matches!(target.kind, PatternKind::Ident(_)) => {
                let PatternKind::Ident(n) = &target.kind else {
                    unreachable!()
                };
                self.load_name(n, target.span)?;
                self.expr(value)?;
                self.emit(binop(*b));
                self.store_name(n, false)?;
            }
            ExprKind::Update { op, target, .. } if matches!(target.kind, PatternKind::Ident(_)) => {
                let PatternKind::Ident(n) = &target.kind else {
                    unreachable!()
                };
                self.load_name(n, target.span)?;
                self.emit(if *op == UpdateOp::Increment {
                    Op::Inc
                } else {
                    Op::Dec
                });
                self.store_name(n, false)?;
            }
            _ => {
                self.expr(e)?;
                self.emit(Op::Pop);
            }
        }
        self.span_pos = saved;
        Ok(())
    }

    pub(super) fn named_expr(&mut self, e: &Expr, name: &str) -> CResult<()> {
        match &e.kind {
            ExprKind::Function(f) | ExprKind::Arrow(f) if f.name.is_none() => {
                self.span_pos = e.span.start;
                self.function(f, name, true)
            }
            ExprKind::Class(c) if c.name.is_none() => self.class(c, name),
            _ => self.expr(e),
        }
    }

    /// `/re/.test(x)` with `x` a local variable or a literal: a fast path that runs the
    /// test without making the literal's RegExp object (which nothing else can see) when
    /// `RegExp.prototype` is untouched and `x` is a string; otherwise (the intrinsic gives
    /// undefined) the ordinary call follows. Reading `x` has no effect, so evaluating it
    /// on both paths, and before the method lookup, is not observable. Returns the jump
    /// past the ordinary call, to patch after it.
    fn literal_test(&mut self, callee: &Expr, args: &[Argument]) -> CResult<Option<usize>> {
        let Some((object, x)) = one_arg_method_call(callee, args, "test") else {
            return Ok(None);
        };
        let ExprKind::RegExp { pattern, flags } = &object.kind else {
            return Ok(None);
        };
        let plain = match &x.kind {
            ExprKind::String(_) | ExprKind::Number(_) => true,
            ExprKind::Ident(n) => n != "arguments" && !matches!(self.resolve(n), Resolved::Global),
            _ => false,
        };
        let Some(intr) = self.intrinsic_index("regexpLiteralTest").filter(|_| plain) else {
            return Ok(None);
        };
        self.regexp_source(pattern, flags);
        self.expr(x)?;
        self.emit(Op::Intrinsic(intr, 3));
        Ok(Some(self.emit(Op::JumpIfNotNullishKeep(0))))
    }

    /// The index of the intrinsic `name`, when the compiler was given it.
    fn intrinsic_index(&self, name: &str) -> Option<u16> {
        let i = self.opts.intrinsics.iter().position(|n| *n == name)?;
        u16::try_from(i).ok()
    }

    /// Pushes a regular expression literal's pattern and flags as strings.
    fn regexp_source(&mut self, pattern: &[u16], flags: &[u16]) {
        let p = self.str_const(pattern);
        self.emit(Op::Const(p));
        let f = self.str_const(flags);
        self.emit(Op::Const(f));
    }

    /// `x.split(/re/)`: `x` is evaluated once; when it is a string and the built-ins
    /// involved are untouched, the `regexpLiteralSplit` intrinsic splits it without making
    /// the literal's RegExp object (a new object no one else can reach); otherwise (it
    /// gives undefined) the method is looked up on `x` and called as usual. The literal's
    /// evaluation has no effect, so doing the check before the lookup is not observable.
    fn literal_split(&mut self, callee: &Expr, args: &[Argument], span: Span) -> CResult<bool> {
        let Some((object, sep)) = one_arg_method_call(callee, args, "split") else {
            return Ok(false);
        };
        let ExprKind::RegExp { pattern, flags } = &sep.kind else {
            return Ok(false);
        };
        let Some(intr) = self.intrinsic_index("regexpLiteralSplit") else {
            return Ok(false);
        };
        self.record_tool_path(callee, span);
        // [x] -> [x, x, p, f] -> [x, r]: r kept (x dropped) unless undefined.
        self.expr(object)?;
        self.emit(Op::Dup);
        self.regexp_source(pattern, flags);
        self.emit(Op::Intrinsic(intr, 3));
        let fast = self.emit(Op::JumpIfNotNullishKeep(0));
        // [x] -> [fn, x] -> the ordinary call.
        self.span_pos = callee.span.start;
        let c = self.name_const("split");
        self.emit(Op::GetMethod(c));
        let text = self.callee_text(callee);
        self.span_pos = span.start;
        self.call_args(args, text, false)?;
        let done = self.emit(Op::Jump(0));
        self.patch_here(fast);
        self.emit(Op::Swap);
        self.emit(Op::Pop);
        self.patch_here(done);
        Ok(true)
    }

    pub(super) fn expr(&mut self, e: &Expr) -> CResult<()> {
        let saved = self.span_pos;
        self.span_pos = e.span.start;
        let r = self.expr_inner(e);
        self.span_pos = saved;
        r
    }

    pub(super) fn expr_inner(&mut self, e: &Expr) -> CResult<()> {
        match &e.kind {
            ExprKind::Number(n) => {
                self.emit(Op::Num(*n));
            }
            ExprKind::String(s) => {
                let c = self.str_const(s);
                self.emit(Op::Const(c));
            }
            ExprKind::BigInt(digits) => {
                let units: Vec<u16> = digits.encode_utf16().collect();
                let c = self.str_const(&units);
                self.emit(Op::BigInt(c));
            }
            ExprKind::Bool(b) => {
                self.emit(if *b { Op::True } else { Op::False });
            }
            ExprKind::RegExp { pattern, flags } => {
                // A new RegExp object per evaluation; the compiled pattern is cached.
                self.regexp_source(pattern, flags);
                let id = self.intrinsic_index("regexpLiteral").unwrap_or(0);
                self.emit(Op::Intrinsic(id, 2));
            }
            ExprKind::Null => {
                self.emit(Op::Null);
            }
            ExprKind::Ident(n) => self.load_name(n, e.span)?,
            ExprKind::This => self.this(),
            ExprKind::Template(t) => {
                let mut n = 0u16;
                for (i, q) in t.quasis.iter().enumerate() {
                    let cooked = q.cooked.clone().unwrap_or_default();
                    if !cooked.is_empty() || (i == 0 && t.exprs.is_empty()) {
                        let c = self.str_const(&cooked);
                        self.emit(Op::Const(c));
                        n += 1;
                    }
                    if let Some(x) = t.exprs.get(i) {
                        self.expr(x)?;
                        self.emit(Op::ToStr);
                        n += 1;
                    }
                }
                if n == 0 {
                    let c = self.str_const(&[]);
                    self.emit(Op::Const(c));
                } else if n > 1 || !t.exprs.is_empty() {
                    // A lone substitution also ends in Concat: its ToStr may leave a number.
                    self.emit(Op::Concat(n));
                }
            }
            ExprKind::TaggedTemplate { tag, quasi } => {
                self.callee(tag)?;
                let cooked: Vec<Value> = quasi
                    .quasis
                    .iter()
                    .map(|q| match &q.cooked {
                        Some(c) => Value::Str(JsStr::from_units(c)),
                        None => Value::Undefined,
                    })
                    .collect();
                let raw: Vec<Value> = quasi
                    .quasis
                    .iter()
                    .map(|q| Value::Str(JsStr::from_units(&q.raw)))
                    .collect();
                let st = self.st();
                st.code.templates.push((cooked, raw));
                let idx = st.code.templates.len() as u32 - 1;
                self.emit(Op::TemplateObject(idx));
                for x in &quasi.exprs {
                    self.expr(x)?;
                }
                let text = self.callee_text(tag);
                self.emit(Op::Call(quasi.exprs.len() as u16 + 1, text));
            }
            ExprKind::Array(items) => {
                self.emit(Op::NewArray(items.len() as u32));
                for it in items {
                    match it {
                        ArrayElement::Hole => {
                            self.emit(Op::ArrayHole);
                        }
                        ArrayElement::Expr(x) => {
                            self.expr(x)?;
                            self.emit(Op::ArrayPush);
                        }
                        ArrayElement::Spread(x) => {
                            self.expr(x)?;
                            self.emit(Op::ArraySpread);
                        }
                    }
                }
            }
            ExprKind::Object(props) => {
                if self.object_literal_of_constant_keys(props)? {
                    return Ok(());
                }
                self.emit(Op::NewObject);
                for p in props {
                    match p {
                        Property::KeyValue {
                            key,
                            value,
                            span,
                            shorthand,
                        } => {
                            self.span_pos = span.start;
                            match key {
                                PropKey::Computed(k) => {
                                    self.expr(k)?;
                                    self.emit(Op::ToPropertyKey);
                                    self.expr(value)?;
                                    self.emit(Op::InitElem);
                                }
                                k => {
                                    let units = static_key(k);
                                    if !*shorthand
                                        && units == "__proto__".encode_utf16().collect::<Vec<_>>()
                                    {
                                        // `__proto__: v` sets the new object's prototype
                                        // (when v is an object or null) instead of a property.
                                        self.emit(Op::Dup);
                                        self.expr(value)?;
                                        let id = self.intrinsic_index("literalProto").unwrap_or(0);
                                        self.emit(Op::Intrinsic(id, 2));
                                        self.emit(Op::Pop);
                                        continue;
                                    }
                                    let name = String::from_utf16_lossy(&units);
                                    self.named_expr(value, &name)?;
                                    let c = self.str_const(&units);
                                    self.emit(Op::InitProp(c));
                                }
                            }
                        }
                        Property::Method {
                            key,
                            function,
                            span,
                        } => {
                            self.span_pos = span.start;
                            match key {
                                PropKey::Computed(k) => {
                                    self.expr(k)?;
                                    self.emit(Op::ToPropertyKey);
                                    self.function(function, "", true)?;
                                    self.emit(Op::InitElem);
                                }
                                k => {
                                    let units = static_key(k);
                                    let name = String::from_utf16_lossy(&units);
                                    self.function(function, &name, true)?;
                                    let c = self.str_const(&units);
                                    self.emit(Op::InitProp(c));
                                }
                            }
                        }
                        Property::Accessor {
                            key,
                            kind,
                            function,
                            span,
                        } => {
                            self.span_pos = span.start;
                            let name = match key {
                                PropKey::Computed(k) => {
                                    self.expr(k)?;
                                    self.emit(Op::ToPropertyKey);
                                    String::new()
                                }
                                k => {
                                    let units = static_key(k);
                                    let c = self.str_const(&units);
                                    self.emit(Op::Const(c));
                                    String::from_utf16_lossy(&units)
                                }
                            };
                            self.accessor_function(function, *kind, &name)?;
                            self.emit(Op::DefineAccessor(accessor_bits(*kind, true)));
                        }
                        Property::Spread(x) => {
                            self.expr(x)?;
                            self.emit(Op::ObjectSpread);
                        }
                    }
                }
            }
            ExprKind::Function(f) | ExprKind::Arrow(f) => self.function(f, "", true)?,
            ExprKind::Unary { op, arg } => match op {
                UnaryOp::Typeof => {
                    if let ExprKind::Ident(n) = &arg.kind {
                        if let Resolved::Global = self.resolve(n) {
                            let c = self.name_const(n);
                            self.emit(Op::TypeofGlobal(c));
                            return Ok(());
                        }
                    }
                    self.expr(arg)?;
                    self.emit(Op::Typeof);
                }
                UnaryOp::Delete => match &arg.kind {
                    ExprKind::Member {
                        object, property, ..
                    } => {
                        self.expr(object)?;
                        match property {
                            MemberProp::Name(id) => {
                                let c = self.name_const(&id.name);
                                self.emit(Op::DeleteProp(c));
                            }
                            MemberProp::Computed(k) => {
                                self.expr(k)?;
                                self.emit(Op::DeleteElem);
                            }
                            MemberProp::Private(_) => {
                                return Err(
                                    self.syntax_error(e.span, "Private fields can not be deleted")
                                )
                            }
                        }
                    }
                    _ => {
                        self.expr(arg)?;
                        self.emit(Op::Pop);
                        self.emit(Op::True);
                    }
                },
                UnaryOp::Void => {
                    self.expr(arg)?;
                    self.emit(Op::Pop);
                    self.emit(Op::Undef);
                }
                _ => {
                    self.expr(arg)?;
                    self.emit(match op {
                        UnaryOp::Neg => Op::Neg,
                        UnaryOp::Plus => Op::Plus,
                        UnaryOp::Not => Op::Not,
                        _ => Op::BitNot,
                    });
                }
            },
            ExprKind::Update { op, prefix, target } => self.update(*op, *prefix, target)?,
            ExprKind::Binary {
                op: BinaryOp::In,
                left,
                right,
            } if matches!(left.kind, ExprKind::PrivateName(_)) => {
                if let ExprKind::PrivateName(n) = &left.kind {
                    self.private_name(n, left.span)?;
                }
                self.expr(right)?;
                self.span_pos = e.span.start;
                self.emit(Op::PrivateIn);
            }
            ExprKind::Binary { op, left, right } => {
                self.expr(left)?;
                self.expr(right)?;
                self.span_pos = e.span.start;
                self.emit(binop(*op));
            }
            ExprKind::PrivateName(n) => {
                return Err(self.syntax_error(e.span, &format!("Unexpected identifier '{n}'")))
            }
            ExprKind::Logical { op, left, right } => {
                self.expr(left)?;
                let j = self.emit(match op {
                    LogicalOp::And => Op::JumpIfFalseKeep(0),
                    LogicalOp::Or => Op::JumpIfTrueKeep(0),
                    LogicalOp::Nullish => Op::JumpIfNotNullishKeep(0),
                });
                self.expr(right)?;
                self.patch_here(j);
            }
            ExprKind::Assign { op, target, value } => self.assign(*op, target, value)?,
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } => {
                self.expr(test)?;
                let j = self.emit(Op::JumpIfFalse(0));
                self.expr(consequent)?;
                let j2 = self.emit(Op::Jump(0));
                self.patch_here(j);
                self.expr(alternate)?;
                self.patch_here(j2);
            }
            ExprKind::Call {
                callee,
                args,
                optional,
            } => {
                // require("m")
                if let ExprKind::Ident(n) = &callee.kind {
                    if n == "require" && args.len() == 1 {
                        if let Resolved::Global = self.resolve(n) {
                            if let Argument::Expr(a) = &args[0] {
                                self.expr(a)?;
                                self.emit(Op::Import);
                                return Ok(());
                            }
                        }
                    }
                    if self.opts.prelude {
                        if let Some(name) = n.strip_prefix("__cm_") {
                            // `__cm_call(f, this, ...args)`: a plain call with an explicit
                            // `this`, so built-ins never go through the program-replaceable
                            // Function.prototype.call.
                            if name == "call" {
                                let (Some(Argument::Expr(f)), Some(Argument::Expr(this))) =
                                    (args.first(), args.get(1))
                                else {
                                    return Err(self.unsupported(e.span, n));
                                };
                                self.expr(f)?;
                                self.expr(this)?;
                                let text = self.callee_text(f);
                                self.span_pos = e.span.start;
                                self.call_args(&args[2..], text, false)?;
                                return Ok(());
                            }
                            let id = self
                                .opts
                                .intrinsics
                                .iter()
                                .position(|x| *x == name)
                                .ok_or_else(|| self.unsupported(e.span, n))?;
                            for a in args {
                                match a {
                                    Argument::Expr(x) => self.expr(x)?,
                                    Argument::Spread(_) => {
                                        return Err(self.unsupported(e.span, "spread intrinsic"))
                                    }
                                }
                            }
                            self.emit(Op::Intrinsic(id as u16, args.len() as u16));
                            return Ok(());
                        }
                    }
                }
                if !*optional && self.literal_split(callee, args, e.span)? {
                    return Ok(());
                }
                let fused = if *optional {
                    None
                } else {
                    self.literal_test(callee, args)?
                };
                self.record_tool_path(callee, e.span);
                self.callee(callee)?;
                if *optional {
                    // [fn, this]: short-circuit when fn is nullish.
                    self.emit(Op::Swap);
                    let j = self.emit(Op::JumpIfNullish(2));
                    self.add_opt_jump(j, e.span)?;
                    self.emit(Op::Swap);
                }
                let text = self.callee_text(callee);
                self.span_pos = e.span.start;
                self.call_args(args, text, false)?;
                if let Some(j) = fused {
                    self.patch_here(j);
                }
            }
            ExprKind::New { callee, args } => {
                self.expr(callee)?;
                let text = self.callee_text(callee);
                self.call_args(args, text, true)?;
            }
            ExprKind::Member {
                object,
                property,
                optional,
            } => {
                self.expr(object)?;
                if *optional {
                    let j = self.emit(Op::JumpIfNullish(1));
                    self.add_opt_jump(j, e.span)?;
                }
                self.span_pos = e.span.start;
                match property {
                    MemberProp::Name(id) => {
                        let c = self.name_const(&id.name);
                        self.emit(Op::GetProp(c));
                    }
                    MemberProp::Computed(k) => {
                        self.expr(k)?;
                        self.emit(Op::GetElem);
                    }
                    MemberProp::Private(n) => {
                        self.private_name(n, e.span)?;
                        self.emit(Op::PrivateGet);
                    }
                }
            }
            ExprKind::OptionalChain(inner) => {
                self.st().opt_chains.push(Vec::new());
                self.expr(inner)?;
                let jumps = self.st().opt_chains.pop().unwrap_or_default();
                let end = self.here();
                for j in jumps {
                    self.st().code.ops[j] = match self.st().code.ops[j] {
                        Op::JumpIfNullish(depth) => Op::JumpIfNullish(end | (depth << 28)),
                        o => o,
                    };
                }
            }
            ExprKind::Sequence(items) => {
                for (i, x) in items.iter().enumerate() {
                    self.expr(x)?;
                    if i + 1 < items.len() {
                        self.emit(Op::Pop);
                    }
                }
            }
            ExprKind::Await(x) => {
                self.expr(x)?;
                self.span_pos = e.span.start;
                self.emit(Op::Await);
            }
            ExprKind::Yield { argument, delegate } => {
                match argument {
                    Some(x) => self.expr(x)?,
                    None => {
                        self.emit(Op::Undef);
                    }
                }
                self.span_pos = e.span.start;
                let is_async = self.st().code.is_async;
                if *delegate {
                    self.yield_delegate(is_async)?;
                } else {
                    // An async generator awaits what it yields, and what it is asked to return.
                    if is_async {
                        self.emit(Op::Await);
                    }
                    self.emit(Op::Yield);
                    // Resumed by `return(x)`: return x from here (finally blocks run).
                    let resumed = self.emit(Op::JumpIfFalse(0));
                    if is_async {
                        self.emit(Op::Await);
                    }
                    self.emit_return()?;
                    self.patch_here(resumed);
                }
            }
            ExprKind::Import(x) => {
                self.expr(x)?;
                self.emit(Op::Import);
                let id = self.intrinsic_index("dynamicImport").unwrap_or(0);
                self.emit(Op::Intrinsic(id, 1));
            }
            ExprKind::Class(c) => self.class(c, "")?,
            ExprKind::SuperCall(args) => self.super_call(args, e.span)?,
            ExprKind::SuperMember(p) => self.super_member(p, e.span)?,
            ExprKind::NewTarget => self.new_target(e.span)?,
        }
        Ok(())
    }

    pub(super) fn add_opt_jump(&mut self, j: usize, span: Span) -> CResult<()> {
        match self.st().opt_chains.last_mut() {
            Some(v) => {
                v.push(j);
                Ok(())
            }
            None => Err(self.unsupported(span, "optional chaining outside a chain")),
        }
    }

    /// Pushes [fn, this] for a call.
    pub(super) fn callee(&mut self, callee: &Expr) -> CResult<()> {
        match &callee.kind {
            ExprKind::Member {
                object,
                property,
                optional,
            } => {
                self.expr(object)?;
                if *optional {
                    let j = self.emit(Op::JumpIfNullish(1));
                    self.add_opt_jump(j, callee.span)?;
                }
                self.span_pos = callee.span.start;
                match property {
                    MemberProp::Name(id) => {
                        let c = self.name_const(&id.name);
                        self.emit(Op::GetMethod(c));
                    }
                    MemberProp::Computed(k) => {
                        self.expr(k)?;
                        self.emit(Op::GetElemMethod);
                    }
                    MemberProp::Private(n) => {
                        // [obj] -> [obj, obj, name] -> [obj, fn] -> [fn, obj]
                        self.emit(Op::Dup);
                        self.private_name(n, callee.span)?;
                        self.emit(Op::PrivateGet);
                        self.emit(Op::Swap);
                    }
                }
            }
            ExprKind::SuperMember(p) => {
                self.super_member(p, callee.span)?;
                self.this();
            }
            // `(a?.b)()` and `(a?.b.c)()`: a parenthesized chain ending in a member is still a
            // reference, so the call gets its `this`; a short-circuit leaves [undefined,
            // undefined] (the call then fails as calling undefined).
            ExprKind::OptionalChain(inner) if matches!(inner.kind, ExprKind::Member { .. }) => {
                self.st().opt_chains.push(Vec::new());
                self.callee(inner)?;
                let jumps = self.st().opt_chains.pop().unwrap_or_default();
                let over = self.emit(Op::Jump(0));
                let end = self.here();
                for j in jumps {
                    self.st().code.ops[j] = match self.st().code.ops[j] {
                        Op::JumpIfNullish(depth) => Op::JumpIfNullish(end | (depth << 28)),
                        o => o,
                    };
                }
                self.emit(Op::Undef);
                self.patch_here(over);
            }
            _ => {
                self.expr(callee)?;
                self.emit(Op::Undef);
            }
        }
        Ok(())
    }

    pub(super) fn callee_text(&mut self, callee: &Expr) -> u32 {
        let s = self.opts.source;
        let text = s
            .get(callee.span.start as usize..callee.span.end as usize)
            .unwrap_or("expression");
        let text: String = if text.chars().count() > 60 || text.contains('\n') {
            "expression".into()
        } else {
            text.into()
        };
        self.name_const(&text)
    }

    /// The arguments of a call with a spread, as one array on the stack.
    pub(super) fn args_array(&mut self, args: &[Argument]) -> CResult<()> {
        self.emit(Op::NewArray(args.len() as u32));
        for a in args {
            match a {
                Argument::Expr(x) => {
                    self.expr(x)?;
                    self.emit(Op::ArrayPush);
                }
                Argument::Spread(x) => {
                    self.expr(x)?;
                    self.emit(Op::ArraySpread);
                }
            }
        }
        Ok(())
    }

    pub(super) fn call_args(&mut self, args: &[Argument], text: u32, is_new: bool) -> CResult<()> {
        if args.iter().any(|a| matches!(a, Argument::Spread(_))) {
            self.args_array(args)?;
            self.emit(if is_new {
                Op::NewSpread(text)
            } else {
                Op::CallSpread(text)
            });
        } else {
            for a in args {
                if let Argument::Expr(x) = a {
                    self.expr(x)?;
                }
            }
            if args.len() > u16::MAX as usize {
                return Err(Diagnostic::new(
                    DiagnosticKind::UnsupportedSyntax,
                    "too many arguments",
                ));
            }
            self.emit(if is_new {
                Op::New(args.len() as u16, text)
            } else {
                Op::Call(args.len() as u16, text)
            });
        }
        Ok(())
    }

    pub(super) fn record_tool_path(&mut self, callee: &Expr, span: Span) {
        let mut segs = Vec::new();
        let mut cur = callee;
        loop {
            match &cur.kind {
                ExprKind::Member {
                    object, property, ..
                } => {
                    match property {
                        MemberProp::Name(id) => segs.push(id.name.clone()),
                        MemberProp::Computed(k) => match &k.kind {
                            ExprKind::String(s) => segs.push(String::from_utf16_lossy(s)),
                            _ => return,
                        },
                        MemberProp::Private(_) => return,
                    }
                    cur = object;
                }
                ExprKind::Ident(root) => {
                    if !matches!(self.resolve(root), Resolved::Global) {
                        return;
                    }
                    if self.opts.tool_global.as_deref() == Some(root.as_str()) {
                    } else if self.opts.tool_globals.iter().any(|g| g == root) {
                        segs.push(root.clone());
                    } else {
                        return;
                    }
                    break;
                }
                _ => return,
            }
        }
        if segs.is_empty() {
            return;
        }
        segs.reverse();
        let loc = self.loc(span);
        self.tool_paths.push((segs, Some(loc)));
    }

    pub(super) fn assign(&mut self, op: AssignOp, target: &Pattern, value: &Expr) -> CResult<()> {
        match (&target.kind, op) {
            (PatternKind::Ident(n), AssignOp::Assign) => {
                self.named_expr(value, n)?;
                self.emit(Op::Dup);
                self.store_name(n, false)?;
            }
            (PatternKind::Ident(n), AssignOp::Binary(b)) => {
                self.load_name(n, target.span)?;
                self.expr(value)?;
                self.emit(binop(b));
                self.emit(Op::Dup);
                self.store_name(n, false)?;
            }
            (PatternKind::Ident(n), AssignOp::Logical(l)) => {
                self.load_name(n, target.span)?;
                let j = self.emit(logical_skip(l));
                self.named_expr(value, n)?;
                self.emit(Op::Dup);
                self.store_name(n, false)?;
                self.patch_here(j);
            }
            (PatternKind::Member(m), _) => {
                if let ExprKind::SuperMember(p) = &m.kind {
                    return self.super_assign(p, op, value, m.span);
                }
                let ExprKind::Member {
                    object, property, ..
                } = &m.kind
                else {
                    return Err(self.unsupported(target.span, "this assignment target"));
                };
                self.expr(object)?;
                match property {
                    MemberProp::Name(id) => {
                        let c = self.name_const(&id.name);
                        match op {
                            AssignOp::Assign => {
                                self.expr(value)?;
                            }
                            AssignOp::Binary(b) => {
                                self.emit(Op::Dup);
                                self.emit(Op::GetProp(c));
                                self.expr(value)?;
                                self.emit(binop(b));
                            }
                            AssignOp::Logical(l) => {
                                self.emit(Op::Dup);
                                self.emit(Op::GetProp(c));
                                let j = self.emit(logical_skip(l));
                                self.expr(value)?;
                                self.emit(Op::SetProp(c));
                                let end = self.emit(Op::Jump(0));
                                self.patch_here(j);
                                self.emit(Op::Swap);
                                self.emit(Op::Pop);
                                self.patch_here(end);
                                return Ok(());
                            }
                        }
                        self.span_pos = target.span.start;
                        self.emit(Op::SetProp(c));
                    }
                    MemberProp::Computed(_) | MemberProp::Private(_) => {
                        let (get, set) = self.elem_key(property, target.span)?;
                        match op {
                            AssignOp::Assign => {
                                self.expr(value)?;
                            }
                            AssignOp::Binary(b) => {
                                self.emit(Op::Dup2);
                                self.emit(get);
                                self.expr(value)?;
                                self.emit(binop(b));
                            }
                            AssignOp::Logical(l) => {
                                self.emit(Op::Dup2);
                                self.emit(get);
                                let j = self.emit(logical_skip(l));
                                self.expr(value)?;
                                self.emit(set);
                                let end = self.emit(Op::Jump(0));
                                self.patch_here(j);
                                // [obj, key, old] -> [old]
                                self.emit(Op::RotRight3);
                                self.emit(Op::Pop);
                                self.emit(Op::Pop);
                                self.patch_here(end);
                                return Ok(());
                            }
                        }
                        self.span_pos = target.span.start;
                        self.emit(set);
                    }
                }
            }
            (_, AssignOp::Assign) => {
                self.expr(value)?;
                self.emit(Op::Dup);
                self.bind_pattern(target, false)?;
            }
            _ => return Err(self.unsupported(target.span, "this compound assignment target")),
        }
        Ok(())
    }

    pub(super) fn update(&mut self, op: UpdateOp, prefix: bool, target: &Pattern) -> CResult<()> {
        let step = if op == UpdateOp::Increment {
            Op::Inc
        } else {
            Op::Dec
        };
        match &target.kind {
            PatternKind::Ident(n) => {
                self.load_name(n, target.span)?;
                self.emit(Op::ToNumeric);
                if prefix {
                    self.emit(step);
                    self.emit(Op::Dup);
                } else {
                    self.emit(Op::Dup);
                    self.emit(step);
                }
                self.store_name(n, false)?;
            }
            PatternKind::Member(m) => {
                let ExprKind::Member {
                    object, property, ..
                } = &m.kind
                else {
                    return Err(self.unsupported(target.span, "this update target"));
                };
                self.expr(object)?;
                match property {
                    MemberProp::Name(id) => {
                        let c = self.name_const(&id.name);
                        self.emit(Op::Dup);
                        self.emit(Op::GetProp(c));
                        self.emit(Op::ToNumeric);
                        if prefix {
                            self.emit(step);
                            self.emit(Op::SetProp(c));
                        } else {
                            self.emit(Op::Dup);
                            self.emit(Op::RotRight3);
                            self.emit(step);
                            self.emit(Op::SetProp(c));
                            self.emit(Op::Pop);
                        }
                    }
                    MemberProp::Computed(_) | MemberProp::Private(_) => {
                        let (get, set) = self.elem_key(property, target.span)?;
                        self.emit(Op::Dup2);
                        self.emit(get);
                        self.emit(Op::ToNumeric);
                        if prefix {
                            self.emit(step);
                            self.emit(set);
                        } else {
                            self.emit(Op::Dup);
                            self.emit(Op::RotRight4);
                            self.emit(step);
                            self.emit(set);
                            self.emit(Op::Pop);
                        }
                    }
                }
            }
            _ => return Err(self.unsupported(target.span, "this update target")),
        }
        Ok(())
    }
}

impl Compiler<'_> {
    /// [obj] -> [obj, key] for a computed or private member written to; returns the ops
    /// that read and write it.
    pub(super) fn elem_key(&mut self, prop: &MemberProp, span: Span) -> CResult<(Op, Op)> {
        match prop {
            MemberProp::Private(n) => {
                self.private_name(n, span)?;
                Ok((Op::PrivateGet, Op::PrivateSet))
            }
            MemberProp::Computed(k) => {
                self.expr(k)?;
                self.emit(Op::ToPropertyKey);
                Ok((Op::GetElem, Op::SetElem))
            }
            MemberProp::Name(id) => {
                let c = self.name_const(&id.name);
                self.emit(Op::Const(c));
                Ok((Op::GetElem, Op::SetElem))
            }
        }
    }
}

/// `DefineAccessor`'s operand: `ACCESSOR_SET` for a setter, `ACCESSOR_ENUMERABLE` for an
/// object literal's (a class's are not enumerable).
pub(super) fn accessor_bits(kind: MethodKind, enumerable: bool) -> u8 {
    let mut bits = 0;
    if kind == MethodKind::Set {
        bits |= crate::bytecode::ACCESSOR_SET;
    }
    if enumerable {
        bits |= crate::bytecode::ACCESSOR_ENUMERABLE;
    }
    bits
}

/// `object.name(arg)`, not optional, with one argument and no spread: (object, arg).
fn one_arg_method_call<'e>(
    callee: &'e Expr,
    args: &'e [Argument],
    name: &str,
) -> Option<(&'e Expr, &'e Expr)> {
    let ExprKind::Member {
        object,
        property: MemberProp::Name(id),
        optional: false,
    } = &callee.kind
    else {
        return None;
    };
    let [Argument::Expr(arg)] = args else {
        return None;
    };
    (id.name == name).then_some((object, arg))
}

//! Statements: hoisting, blocks, loops, switch, try, declarations and binding patterns.

use super::*;

impl<'a> Compiler<'a> {
    // ---- hoisting ----

    /// Declares the block's lexical bindings and function declarations, and emits their
    /// initialisation (TDZ markers, closures).
    pub(super) fn hoist_block(&mut self, stmts: &[Stmt], top: bool) -> CResult<()> {
        for s in stmts {
            if let StmtKind::ClassDecl(c) = &s.kind {
                if let Some(n) = &c.name {
                    let id = self.declare(&n.name, VarKind::Let, s.span)?;
                    let slot = self.st().vars[id].slot;
                    self.emit_var(id, Op::ClearLocal(slot));
                }
            }
            if let StmtKind::VarDecl(d) = &s.kind {
                if d.kind != VarKind::Var {
                    for decl in &d.declarators {
                        let mut names = Vec::new();
                        pattern_names(&decl.target, &mut names);
                        for n in names {
                            let id = self.declare(&n, d.kind, s.span)?;
                            let slot = self.st().vars[id].slot;
                            self.emit_var(id, Op::ClearLocal(slot));
                        }
                    }
                }
            }
        }
        if top {
            let mut vars = Vec::new();
            for s in stmts {
                var_names(s, &mut vars);
            }
            for n in vars {
                let id = self.declare(&n, VarKind::Var, Span::default())?;
                self.init_var_cell(id);
            }
        }
        for s in stmts {
            if let StmtKind::FunctionDecl(f) = &s.kind {
                let name = f.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
                // Block-level functions are fresh bindings of their block.
                let kind = if top { VarKind::Var } else { VarKind::Let };
                let id = self.declare(&name, kind, s.span)?;
                let slot = self.st().vars[id].slot;
                if top {
                    self.emit_var(id, Op::NopBox(slot));
                } else {
                    self.emit_var(id, Op::ClearLocal(slot));
                }
            }
        }
        for s in stmts {
            if let StmtKind::FunctionDecl(f) = &s.kind {
                let name = f.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
                let id = Self::lookup_local(self.st(), &name).unwrap_or(0);
                self.span_pos = s.span.start;
                self.function(f, &name, false)?;
                let slot = self.st().vars[id].slot;
                self.emit_var(id, Op::InitLocal(slot));
            }
        }
        Ok(())
    }

    /// Placeholder that becomes `NewCell` (boxing the current value) if the var is captured.
    pub(super) fn init_var_cell(&mut self, id: usize) {
        // var slots start undefined; a captured var needs its cell before any closure.
        let slot = self.st().vars[id].slot;
        self.emit_var(id, Op::NopBox(slot));
    }

    pub(super) fn hoist_import(&mut self, d: &ImportDecl) -> CResult<()> {
        self.span_pos = d.source_span.start;
        let k = self.name_const(&d.source);
        self.emit(Op::Const(k));
        self.emit(Op::Import);
        let mut binds: Vec<(String, Option<String>)> = Vec::new();
        if let Some(n) = &d.default {
            binds.push((n.name.clone(), None));
        }
        if let Some(n) = &d.namespace {
            binds.push((n.name.clone(), None));
        }
        for s in &d.named {
            binds.push((s.local.name.clone(), Some(s.imported.clone())));
        }
        for (local, imported) in binds {
            self.emit(Op::Dup);
            if let Some(imp) = imported {
                if imp != "default" {
                    let k = self.name_const(&imp);
                    self.emit(Op::GetProp(k));
                }
            }
            let id = self.declare(&local, VarKind::Const, d.source_span)?;
            let slot = self.st().vars[id].slot;
            self.emit_var(id, Op::ClearLocal(slot));
            self.emit_var(id, Op::InitLocal(slot));
        }
        self.emit(Op::Pop);
        Ok(())
    }

    // ---- statements ----

    pub(super) fn block_body(&mut self, stmts: &[Stmt], top: bool) -> CResult<()> {
        self.hoist_block(stmts, top)?;
        for s in stmts {
            self.stmt(s, top && self.fns.len() == 1)?;
        }
        Ok(())
    }

    pub(super) fn block(&mut self, stmts: &[Stmt]) -> CResult<()> {
        self.push_scope();
        self.block_body(stmts, false)?;
        self.pop_scope();
        Ok(())
    }

    pub(super) fn stmt(&mut self, s: &Stmt, program_top: bool) -> CResult<()> {
        self.span_pos = s.span.start;
        let labels = std::mem::take(&mut self.st().pending_labels);
        match &s.kind {
            StmtKind::Expr(e) => match (program_top, self.st().completion_slot) {
                (true, Some(slot)) => {
                    self.expr(e)?;
                    self.emit(Op::SetLocal(slot));
                }
                _ => self.expr_discard(e)?,
            },
            StmtKind::VarDecl(d) => self.var_decl(d)?,
            StmtKind::FunctionDecl(_) | StmtKind::Empty | StmtKind::Import(_) => {}
            StmtKind::ClassDecl(c) => {
                let name = c.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
                self.class(c, &name)?;
                self.store_name(&name, true)?;
            }
            StmtKind::Return(e) => {
                match e {
                    Some(e) => {
                        self.expr(e)?;
                        // An async generator awaits the value it returns.
                        let code = &self.st().code;
                        if code.is_generator && code.is_async {
                            self.emit(Op::Await);
                        }
                    }
                    None => {
                        self.emit(Op::Undef);
                    }
                }
                self.emit_return()?;
            }
            StmtKind::If {
                test,
                consequent,
                alternate,
            } => {
                self.expr(test)?;
                let j = self.emit(Op::JumpIfFalse(0));
                self.stmt(consequent, false)?;
                if let Some(alt) = alternate {
                    let j2 = self.emit(Op::Jump(0));
                    self.patch_here(j);
                    self.stmt(alt, false)?;
                    self.patch_here(j2);
                } else {
                    self.patch_here(j);
                }
            }
            StmtKind::Block(b) => {
                if labels.is_empty() {
                    self.block(b)?;
                } else {
                    self.labeled_block(labels, |c| c.block(b))?;
                }
            }
            StmtKind::For {
                init,
                test,
                update,
                body,
            } => self.for_stmt(labels, init, test, update, body)?,
            StmtKind::ForIn { left, right, body } => {
                self.for_in_of(labels, left, right, body, true)?
            }
            StmtKind::ForOf {
                left,
                right,
                body,
                is_await: true,
            } => self.for_await_of(labels, left, right, body)?,
            StmtKind::ForOf {
                left, right, body, ..
            } => self.for_in_of(labels, left, right, body, false)?,
            StmtKind::While { test, body } => {
                let start = self.here();
                self.expr(test)?;
                let exit = self.emit(Op::JumpIfFalse(0));
                self.push_loop(labels, true);
                self.stmt(body, false)?;
                let lp = self.st().loops.pop().unwrap();
                for c in lp.continues {
                    self.patch(c, start);
                }
                self.emit(Op::Jump(start));
                self.patch_here(exit);
                for b in lp.breaks {
                    self.patch_here(b);
                }
            }
            StmtKind::DoWhile { body, test } => {
                let start = self.here();
                self.push_loop(labels, true);
                self.stmt(body, false)?;
                let lp = self.st().loops.pop().unwrap();
                let cont = self.here();
                for c in lp.continues {
                    self.patch(c, cont);
                }
                self.span_pos = test.span.start;
                self.expr(test)?;
                self.emit(Op::JumpIfTrue(start));
                for b in lp.breaks {
                    self.patch_here(b);
                }
            }
            StmtKind::Switch {
                discriminant,
                cases,
            } => self.switch(labels, discriminant, cases)?,
            StmtKind::Labeled { label, body } => {
                let mut labels = labels;
                labels.push(label.name.clone());
                self.st().pending_labels = labels;
                self.stmt(body, false)?;
                self.st().pending_labels.clear();
            }
            StmtKind::Break(label) => self.jump_out(label.as_ref(), false, s.span)?,
            StmtKind::Continue(label) => self.jump_out(label.as_ref(), true, s.span)?,
            StmtKind::Throw(e) => {
                self.expr(e)?;
                self.span_pos = s.span.start;
                self.emit(Op::Throw);
            }
            StmtKind::Try {
                block,
                handler,
                finalizer,
            } => self.try_stmt(labels, block, handler.as_ref(), finalizer.as_ref())?,
        }
        Ok(())
    }

    pub(super) fn labeled_block(
        &mut self,
        labels: Vec<String>,
        f: impl FnOnce(&mut Self) -> CResult<()>,
    ) -> CResult<()> {
        self.push_loop(labels, false);
        f(self)?;
        let lp = self.st().loops.pop().unwrap();
        for b in lp.breaks {
            self.patch_here(b);
        }
        Ok(())
    }

    pub(super) fn push_loop(&mut self, labels: Vec<String>, is_loop: bool) {
        let depth = self.st().tries.len();
        self.st().loops.push(LoopCtx {
            labels,
            is_loop,
            breaks: Vec::new(),
            continues: Vec::new(),
            tries_depth: depth,
        });
    }

    /// Runs the finalizers and pops the handlers of the try statements above `depth`.
    pub(super) fn unwind_tries(&mut self, depth: usize) -> CResult<()> {
        let n = self.st().tries.len();
        for i in (depth..n).rev() {
            let entry = self.st().tries[i].clone();
            self.emit(Op::PopHandler);
            match entry {
                TryEntry::Finally(stmts) => {
                    let saved = self.st().tries.split_off(i);
                    let r = self.block(&stmts);
                    self.st().tries.extend(saved);
                    r?;
                }
                TryEntry::AsyncIterClose(slot) => self.emit_async_close(slot, false),
                TryEntry::IterClose(slot) => {
                    self.emit(Op::IterClose(slot, false));
                }
                TryEntry::Handler => {}
            }
        }
        Ok(())
    }

    pub(super) fn emit_return(&mut self) -> CResult<()> {
        if self.st().tries.is_empty() {
            self.emit(Op::Return);
            return Ok(());
        }
        let tmp = self.new_slot()?;
        self.emit(Op::SetLocal(tmp));
        self.unwind_tries(0)?;
        self.emit(Op::GetLocal(tmp));
        self.emit(Op::Return);
        Ok(())
    }

    pub(super) fn jump_out(
        &mut self,
        label: Option<&Ident>,
        is_continue: bool,
        span: Span,
    ) -> CResult<()> {
        let st = self.st();
        let idx = st.loops.iter().rposition(|l| match label {
            Some(lb) => l.labels.contains(&lb.name) && (!is_continue || l.is_loop),
            None => l.is_loop || (!is_continue && l.labels.is_empty()),
        });
        let Some(idx) = idx else {
            return Err(Diagnostic::new(
                DiagnosticKind::ParseError,
                "break or continue outside of a loop",
            )
            .at(self.loc(span)));
        };
        let depth = self.st().loops[idx].tries_depth;
        self.unwind_tries(depth)?;
        let j = self.emit(Op::Jump(0));
        let l = &mut self.st().loops[idx];
        if is_continue {
            l.continues.push(j);
        } else {
            l.breaks.push(j);
        }
        Ok(())
    }

    pub(super) fn var_decl(&mut self, d: &VarDecl) -> CResult<()> {
        for decl in &d.declarators {
            self.span_pos = decl.span.start;
            match &decl.init {
                Some(init) => {
                    let name = match &decl.target.kind {
                        PatternKind::Ident(n) => n.clone(),
                        _ => String::new(),
                    };
                    self.named_expr(init, &name)?;
                }
                None => {
                    if d.kind == VarKind::Var {
                        continue; // `var x;` does not reset x.
                    }
                    self.emit(Op::Undef);
                }
            }
            self.bind_pattern(&decl.target, true)?;
        }
        Ok(())
    }

    pub(super) fn for_stmt(
        &mut self,
        labels: Vec<String>,
        init: &Option<ForInit>,
        test: &Option<Box<Expr>>,
        update: &Option<Box<Expr>>,
        body: &Stmt,
    ) -> CResult<()> {
        self.push_scope();
        let mut per_iter: Vec<usize> = Vec::new();
        match init {
            Some(ForInit::VarDecl(d)) => {
                if d.kind != VarKind::Var {
                    for decl in &d.declarators {
                        let mut names = Vec::new();
                        pattern_names(&decl.target, &mut names);
                        for n in names {
                            let id = self.declare(&n, d.kind, decl.span)?;
                            let slot = self.st().vars[id].slot;
                            self.emit_var(id, Op::ClearLocal(slot));
                            per_iter.push(id);
                        }
                    }
                }
                self.var_decl(d)?;
            }
            Some(ForInit::Expr(e)) => {
                self.expr(e)?;
                self.emit(Op::Pop);
            }
            None => {}
        }
        let start = self.here();
        let exit = match test {
            Some(t) => {
                self.span_pos = t.span.start;
                self.expr(t)?;
                Some(self.emit(Op::JumpIfFalse(0)))
            }
            None => None,
        };
        self.push_loop(labels, true);
        self.stmt(body, false)?;
        let lp = self.st().loops.pop().unwrap();
        let cont = self.here();
        for c in lp.continues {
            self.patch(c, cont);
        }
        for &id in &per_iter {
            // Placeholder: CopyCell when captured (fresh binding per iteration).
            let slot = self.st().vars[id].slot;
            self.emit_var(id, Op::NopCopy(slot));
        }
        if let Some(u) = update {
            self.span_pos = u.span.start;
            self.expr_discard(u)?;
        }
        self.emit(Op::Jump(start));
        if let Some(e) = exit {
            self.patch_here(e);
        }
        for b in lp.breaks {
            self.patch_here(b);
        }
        self.pop_scope();
        Ok(())
    }

    pub(super) fn for_in_of(
        &mut self,
        labels: Vec<String>,
        left: &ForHead,
        right: &Expr,
        body: &Stmt,
        is_in: bool,
    ) -> CResult<()> {
        let it = self.new_slot()?;
        let idx = self.new_slot()?;
        self.expr(right)?;
        self.emit(if is_in { Op::ForInInit } else { Op::IterInit });
        self.emit(Op::SetLocal(it));
        self.emit(Op::Num(0.0));
        self.emit(Op::SetLocal(idx));
        // for-of: a throw out of the loop closes the iterator (handler `on_throw`), as
        // does a jump out of it (the `IterClose` try entry; a `break` of this loop goes to
        // `on_break`).
        let on_throw = if is_in {
            None
        } else {
            let h = self.emit(Op::PushHandler(0));
            self.st().tries.push(TryEntry::IterClose(it));
            Some(h)
        };
        let start = self.here();
        let next = self.emit(Op::IterNext(it, 0));
        // IterNext skips the IterValue after it when it pushes a value itself (always, for
        // for-in's key array), so every IterNext has one.
        let value = Some(self.emit(Op::IterValue(it, 0)));
        self.loop_binding_and_body(labels, left, body)?;
        let lp = self.st().loops.pop().unwrap();
        self.pop_scope();
        for c in lp.continues {
            self.patch(c, start);
        }
        self.emit(Op::Jump(start));
        self.patch_here(next);
        if let Some(v) = value {
            self.patch_here(v);
        }
        let Some(on_throw) = on_throw else {
            for b in lp.breaks {
                self.patch_here(b);
            }
            return Ok(());
        };
        self.iterator_loop_exits(lp.breaks, on_throw, &|c: &mut Self, quiet| {
            c.emit(Op::IterClose(it, quiet));
        });
        Ok(())
    }

    /// The end of a loop whose iterator a break or a throw must close (for-of, for await),
    /// its try entry popped: done, the handler goes; break, the handler goes and
    /// `close(false)` closes the iterator; throw, `close(true)` closes it quietly and the
    /// exception goes on.
    pub(super) fn iterator_loop_exits(
        &mut self,
        breaks: Vec<usize>,
        on_throw: usize,
        close: &dyn Fn(&mut Self, bool),
    ) {
        self.st().tries.pop();
        self.emit(Op::PopHandler);
        let mut exits = vec![self.emit(Op::Jump(0))];
        for b in breaks {
            self.patch_here(b);
        }
        self.emit(Op::PopHandler);
        close(self, false);
        exits.push(self.emit(Op::Jump(0)));
        self.patch_here(on_throw);
        close(self, true);
        self.emit(Op::Throw);
        for e in exits {
            self.patch_here(e);
        }
    }

    /// A for-in/of/await loop's step after the value is on the stack: a new scope binds it
    /// to the head (fresh `let`/`const` bindings each iteration), then the body runs as a
    /// loop (its `LoopCtx` left on the stack for the caller to patch).
    pub(super) fn loop_binding_and_body(
        &mut self,
        labels: Vec<String>,
        left: &ForHead,
        body: &Stmt,
    ) -> CResult<()> {
        self.push_scope();
        match left {
            ForHead::Decl { kind, target } => {
                if *kind != VarKind::Var {
                    let mut names = Vec::new();
                    pattern_names(target, &mut names);
                    for n in names {
                        let id = self.declare(&n, *kind, target.span)?;
                        let slot = self.st().vars[id].slot;
                        self.emit_var(id, Op::ClearLocal(slot));
                    }
                }
                self.bind_pattern(target, true)?;
            }
            ForHead::Target(p) => self.bind_pattern(p, false)?,
        }
        self.push_loop(labels, true);
        self.stmt(body, false)?;
        Ok(())
    }

    pub(super) fn switch(
        &mut self,
        labels: Vec<String>,
        disc: &Expr,
        cases: &[SwitchCase],
    ) -> CResult<()> {
        let tmp = self.new_slot()?;
        self.expr(disc)?;
        self.emit(Op::SetLocal(tmp));
        self.push_scope();
        let depth = self.st().scopes.len() - 1;
        self.st().switch_scopes.push(depth);
        let all: Vec<Stmt> = cases.iter().flat_map(|c| c.body.iter().cloned()).collect();
        self.hoist_block(&all, false)?;
        let mut jumps = Vec::new();
        for c in cases {
            if let Some(t) = &c.test {
                self.emit(Op::GetLocal(tmp));
                self.expr(t)?;
                self.emit(Op::StrictEq);
                jumps.push(Some(self.emit(Op::JumpIfTrue(0))));
            } else {
                jumps.push(None);
            }
        }
        let to_default = self.emit(Op::Jump(0));
        self.push_loop(labels, false);
        let mut default_target = None;
        for (c, j) in cases.iter().zip(jumps) {
            match j {
                Some(j) => self.patch_here(j),
                None => default_target = Some(self.here()),
            }
            for s in &c.body {
                self.stmt(s, false)?;
            }
        }
        let lp = self.st().loops.pop().unwrap();
        let end = self.here();
        self.patch(to_default, default_target.unwrap_or(end));
        for b in lp.breaks {
            self.patch_here(b);
        }
        self.st().switch_scopes.pop();
        self.pop_scope();
        Ok(())
    }

    pub(super) fn try_stmt(
        &mut self,
        labels: Vec<String>,
        block: &[Stmt],
        handler: Option<&CatchClause>,
        finalizer: Option<&Vec<Stmt>>,
    ) -> CResult<()> {
        if !labels.is_empty() {
            return self.labeled_block(labels, |c| {
                c.try_stmt(Vec::new(), block, handler, finalizer)
            });
        }
        let fin_handler = if let Some(f) = finalizer {
            let h = self.emit(Op::PushHandler(0));
            self.st().tries.push(TryEntry::Finally(f.clone()));
            Some(h)
        } else {
            None
        };
        if let Some(h) = handler {
            let ch = self.emit(Op::PushHandler(0));
            self.st().tries.push(TryEntry::Handler);
            self.block(block)?;
            self.st().tries.pop();
            self.emit(Op::PopHandler);
            let skip = self.emit(Op::Jump(0));
            self.patch_here(ch);
            self.span_pos = h.span.start;
            self.push_scope();
            match &h.param {
                Some(p) => {
                    let mut names = Vec::new();
                    pattern_names(p, &mut names);
                    for n in names {
                        let id = self.declare(&n, VarKind::Let, h.span)?;
                        let slot = self.st().vars[id].slot;
                        self.emit_var(id, Op::ClearLocal(slot));
                    }
                    self.bind_pattern(p, true)?;
                }
                None => {
                    self.emit(Op::Pop);
                }
            }
            self.block_body(&h.body, false)?;
            self.pop_scope();
            self.patch_here(skip);
        } else {
            self.block(block)?;
        }
        if let (Some(fh), Some(f)) = (fin_handler, finalizer) {
            self.st().tries.pop();
            self.emit(Op::PopHandler);
            self.block(f)?;
            let end = self.emit(Op::Jump(0));
            self.patch_here(fh);
            let tmp = self.new_slot()?;
            self.emit(Op::SetLocal(tmp));
            self.block(f)?;
            self.emit(Op::GetLocal(tmp));
            self.emit(Op::Throw);
            self.patch_here(end);
        }
        Ok(())
    }

    // ---- patterns ----

    /// Binds the value on top of the stack to a pattern (consumes it).
    pub(super) fn bind_pattern(&mut self, p: &Pattern, init: bool) -> CResult<()> {
        match &p.kind {
            PatternKind::Ident(n) => self.store_name(n, init),
            PatternKind::Member(e) => {
                // [v] -> [obj, v] -> SetProp
                match &e.kind {
                    ExprKind::Member {
                        object, property, ..
                    } => {
                        self.expr(object)?;
                        match property {
                            MemberProp::Name(id) => {
                                self.emit(Op::Swap);
                                let k = self.name_const(&id.name);
                                self.emit(Op::SetProp(k));
                            }
                            MemberProp::Computed(k) => {
                                self.expr(k)?;
                                self.emit(Op::RotRight3);
                                self.emit(Op::RotRight3);
                                self.emit(Op::SetElem);
                            }
                            MemberProp::Private(n) => {
                                self.private_name(n, p.span)?;
                                self.emit(Op::RotRight3);
                                self.emit(Op::RotRight3);
                                self.emit(Op::PrivateSet);
                            }
                        }
                        self.emit(Op::Pop);
                        Ok(())
                    }
                    _ => Err(self.unsupported(p.span, "this assignment target")),
                }
            }
            PatternKind::Assign { target, default } => {
                self.emit(Op::Dup);
                self.emit(Op::Undef);
                self.emit(Op::StrictEq);
                let skip = self.emit(Op::JumpIfFalse(0));
                self.emit(Op::Pop);
                let name = match &target.kind {
                    PatternKind::Ident(n) => n.clone(),
                    _ => String::new(),
                };
                self.named_expr(default, &name)?;
                self.patch_here(skip);
                self.bind_pattern(target, init)
            }
            PatternKind::Object { props, rest } => {
                let what = self.name_const("");
                self.emit(Op::RequireObject(what));
                let mut key_slots = Vec::new();
                for prop in props {
                    self.emit(Op::Dup);
                    match &prop.key {
                        PropKey::Computed(k) => {
                            self.expr(k)?;
                            self.emit(Op::ToPropertyKey);
                            if rest.is_some() {
                                let s = self.new_slot()?;
                                self.emit(Op::TeeLocal(s));
                                key_slots.push(s);
                            }
                            self.emit(Op::GetElem);
                        }
                        k => {
                            let units = static_key(k);
                            let c = self.str_const(&units);
                            self.emit(Op::GetProp(c));
                        }
                    }
                    self.bind_pattern(&prop.value, init)?;
                }
                if let Some(r) = rest {
                    self.emit(Op::NewArray(0));
                    let mut ks = key_slots.into_iter();
                    for prop in props {
                        match &prop.key {
                            PropKey::Computed(_) => {
                                if let Some(s) = ks.next() {
                                    self.emit(Op::GetLocal(s));
                                }
                            }
                            k => {
                                let units = static_key(k);
                                let c = self.str_const(&units);
                                self.emit(Op::Const(c));
                            }
                        }
                        self.emit(Op::ArrayPush);
                    }
                    self.emit(Op::ObjectRest);
                    self.bind_pattern(r, init)?;
                } else {
                    self.emit(Op::Pop);
                }
                Ok(())
            }
            PatternKind::Array { elements, rest } => {
                let n = if rest.is_some() {
                    u32::MAX
                } else {
                    elements.len() as u32
                };
                self.emit(Op::ToArray(n));
                for (i, el) in elements.iter().enumerate() {
                    if let Some(el) = el {
                        self.emit(Op::IndexOf(i as u32));
                        self.bind_pattern(el, init)?;
                    }
                }
                if let Some(r) = rest {
                    self.emit(Op::SliceFrom(elements.len() as u32));
                    self.bind_pattern(r, init)?;
                }
                self.emit(Op::Pop);
                Ok(())
            }
        }
    }
}

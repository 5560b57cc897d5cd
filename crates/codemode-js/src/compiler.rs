//! AST -> bytecode. One pass per function; captured variables are discovered while
//! compiling inner functions and their accesses are patched from slots to cells.

use crate::bytecode::{Capture, FuncCode, Op};
use crate::value::{JsStr, Value};
use codemode_core::{Diagnostic, DiagnosticKind, Location};
use codemode_js_syntax::ast::*;
use std::collections::HashMap;

pub struct Compiled {
    pub funcs: Vec<FuncCode>,
    pub tool_paths: Vec<(Vec<String>, Option<Location>)>,
}

pub struct Options<'a> {
    pub source: &'a str,
    pub prelude: bool,
    /// The global holding the tool root (`tools`), for static tool paths.
    pub tool_global: Option<String>,
    pub tool_globals: Vec<String>,
    pub intrinsics: &'a [&'a str],
    /// Function indices are offset by this (program functions follow the prelude's).
    pub func_base: u32,
}

#[derive(Debug)]
#[allow(dead_code)]
struct VarInfo {
    name: String,
    slot: u16,
    kind: VarKind,
    captured: bool,
    /// Op indices that access the slot (patched to cell ops when captured).
    refs: Vec<usize>,
    is_param: bool,
    /// A let/const whose declaration has been emitted: later accesses in this function are
    /// past its dead zone (control reaches them only through the declaration), so they skip
    /// the TDZ check. Never set for declarations directly in a switch, whose cases jump
    /// past them.
    initialized: bool,
    in_switch: bool,
}

impl VarInfo {
    fn new(name: &str, slot: u16, kind: VarKind, in_switch: bool) -> VarInfo {
        VarInfo {
            name: name.to_string(),
            slot,
            kind,
            captured: false,
            refs: Vec::new(),
            is_param: false,
            initialized: false,
            in_switch,
        }
    }
}

struct LoopCtx {
    labels: Vec<String>,
    is_loop: bool,
    breaks: Vec<usize>,
    continues: Vec<usize>,
    tries_depth: usize,
}

#[derive(Clone)]
enum TryEntry {
    Handler,
    Finally(Vec<Stmt>),
}

#[allow(dead_code)]
struct FnState {
    code: FuncCode,
    vars: Vec<VarInfo>,
    scopes: Vec<Vec<(String, usize)>>,
    nslots: u32,
    upvals: Vec<(String, Capture, VarKind)>,
    loops: Vec<LoopCtx>,
    tries: Vec<TryEntry>,
    opt_chains: Vec<Vec<usize>>,
    /// foldhash, seeded per process (program strings are keys): SipHash cost more here.
    str_consts: HashMap<Vec<u16>, u32, foldhash::fast::RandomState>,
    is_arrow: bool,
    pending_labels: Vec<String>,
    completion_slot: Option<u16>,
    /// Depths (indices into `scopes`) of the scopes that are switch bodies.
    switch_scopes: Vec<usize>,
    /// The hidden `arguments` variable, declared on first use.
    arguments_var: Option<usize>,
}

pub struct Compiler<'a> {
    opts: Options<'a>,
    fns: Vec<FnState>,
    out: Vec<Option<FuncCode>>,
    tool_paths: Vec<(Vec<String>, Option<Location>)>,
    line_index: codemode_js_syntax::LineIndex,
    span_pos: u32,
}

type CResult<T> = Result<T, Diagnostic>;

enum Resolved {
    Local(usize),
    Upval(u16, VarKind),
    Global,
}

impl<'a> Compiler<'a> {
    pub fn new(opts: Options<'a>) -> Self {
        let line_index = codemode_js_syntax::LineIndex::new(opts.source);
        Compiler {
            opts,
            fns: Vec::new(),
            out: Vec::new(),
            tool_paths: Vec::new(),
            line_index,
            span_pos: 0,
        }
    }

    fn loc(&self, span: Span) -> Location {
        self.line_index
            .location(self.opts.source, span.start as usize)
    }

    fn unsupported(&self, span: Span, what: &str) -> Diagnostic {
        Diagnostic::new(
            DiagnosticKind::UnsupportedSyntax,
            format!("{what} is not supported"),
        )
        .at(self.loc(span))
    }

    /// Compiles the program (the body of an async function) as function 0 (+ func_base).
    pub fn compile_program(mut self, program: &Program) -> CResult<Compiled> {
        let body = &program.body;
        // A program that is a single parameterless function: call it and await its result.
        if let [Stmt {
            kind: StmtKind::Expr(e),
            ..
        }] = &body[..]
        {
            if let ExprKind::Function(f) | ExprKind::Arrow(f) = &e.kind {
                if f.params.is_empty() && f.rest.is_none() {
                    self.begin_fn("", true, false, false);
                    self.span_pos = e.span.start;
                    self.expr(e)?;
                    self.emit(Op::Undef);
                    self.emit(Op::Call(0, u32::MAX));
                    self.emit(Op::Await);
                    self.emit(Op::Return);
                    let code = self.end_fn();
                    return Ok(self.finish(code));
                }
            }
        }
        self.begin_fn("", true, false, false);
        let slot = self.new_slot()?;
        self.fns.last_mut().unwrap().completion_slot = Some(slot);
        // Imports first (they are hoisted).
        for s in body {
            if let StmtKind::Import(d) = &s.kind {
                self.hoist_import(d)?;
            }
        }
        self.block_body(body, true)?;
        self.emit(Op::GetLocal(slot));
        self.emit(Op::Return);
        let code = self.end_fn();
        Ok(self.finish(code))
    }

    fn finish(mut self, main: FuncCode) -> Compiled {
        let mut funcs = vec![main];
        for f in self.out.drain(..) {
            funcs.push(f.unwrap_or_default());
        }
        Compiled {
            funcs,
            tool_paths: self.tool_paths,
        }
    }

    fn begin_fn(&mut self, name: &str, is_async: bool, is_arrow: bool, is_method: bool) {
        let code = FuncCode {
            name: name.to_string(),
            is_async,
            is_arrow,
            is_method,
            ..Default::default()
        };
        self.fns.push(FnState {
            code,
            vars: Vec::new(),
            scopes: vec![Vec::new()],
            nslots: 0,
            upvals: Vec::new(),
            loops: Vec::new(),
            tries: Vec::new(),
            opt_chains: Vec::new(),
            str_consts: HashMap::default(),
            is_arrow,
            pending_labels: Vec::new(),
            completion_slot: None,
            switch_scopes: Vec::new(),
            arguments_var: None,
        });
    }

    fn end_fn(&mut self) -> FuncCode {
        let mut st = self.fns.pop().unwrap();
        for v in &st.vars {
            if v.captured {
                for &i in &v.refs {
                    let op = st.code.ops[i];
                    st.code.ops[i] = match op {
                        Op::GetLocal(s) => Op::GetCell(s, u32::MAX),
                        Op::GetLocalChecked(s, n) => Op::GetCell(s, n),
                        Op::CheckLocal(s, n) => Op::CheckCell(s, n),
                        Op::SetLocal(s) => Op::SetCell(s),
                        Op::InitLocal(s) => Op::InitCell(s),
                        Op::ClearLocal(s) => Op::NewCell(s),
                        Op::NopBox(s) => Op::BoxLocal(s),
                        Op::NopCopy(s) => Op::CopyCell(s),
                        other => other,
                    };
                }
            }
        }
        crate::fuse::optimize(&mut st.code);
        st.code.arguments = st
            .arguments_var
            .map(|id| (st.vars[id].slot, st.vars[id].captured));
        st.code.nlocals = st.nslots as u16;
        st.code.captures = st.upvals.iter().map(|u| u.1).collect();
        st.code.finish();
        st.code
    }

    fn st(&mut self) -> &mut FnState {
        self.fns.last_mut().unwrap()
    }

    fn emit(&mut self, op: Op) -> usize {
        let pos = self.span_pos;
        let st = self.fns.last_mut().unwrap();
        st.code.ops.push(op);
        st.code.spans.push(pos);
        st.code.ops.len() - 1
    }

    fn here(&mut self) -> u32 {
        self.st().code.ops.len() as u32
    }

    fn patch(&mut self, at: usize, target: u32) {
        let op = &mut self.st().code.ops[at];
        *op = match *op {
            Op::Jump(_) => Op::Jump(target),
            Op::JumpIfFalse(_) => Op::JumpIfFalse(target),
            Op::JumpIfTrue(_) => Op::JumpIfTrue(target),
            Op::JumpIfFalseKeep(_) => Op::JumpIfFalseKeep(target),
            Op::JumpIfTrueKeep(_) => Op::JumpIfTrueKeep(target),
            Op::JumpIfNotNullishKeep(_) => Op::JumpIfNotNullishKeep(target),
            Op::JumpIfNullish(_) => Op::JumpIfNullish(target),
            Op::PushHandler(_) => Op::PushHandler(target),
            Op::IterNext(s, _) => Op::IterNext(s, target),
            other => other,
        };
    }

    fn patch_here(&mut self, at: usize) {
        let h = self.here();
        self.patch(at, h);
    }

    fn new_slot(&mut self) -> CResult<u16> {
        let st = self.st();
        let s = st.nslots;
        if s >= u16::MAX as u32 - 1 {
            return Err(Diagnostic::new(
                DiagnosticKind::UnsupportedSyntax,
                "too many local variables in one function",
            ));
        }
        st.nslots += 1;
        Ok(s as u16)
    }

    fn str_const(&mut self, units: &[u16]) -> u32 {
        let st = self.fns.last_mut().unwrap();
        if let Some(&i) = st.str_consts.get(units) {
            return i;
        }
        let i = st.code.consts.len() as u32;
        st.code.consts.push(Value::Str(JsStr::from_units(units)));
        st.str_consts.insert(units.to_vec(), i);
        i
    }

    fn name_const(&mut self, name: &str) -> u32 {
        let units: Vec<u16> = name.encode_utf16().collect();
        self.str_const(&units)
    }

    // ---- scopes and variables ----

    fn push_scope(&mut self) {
        self.st().scopes.push(Vec::new());
    }
    fn pop_scope(&mut self) {
        self.st().scopes.pop();
    }

    fn declare(&mut self, name: &str, kind: VarKind, span: Span) -> CResult<usize> {
        // var re-declarations reuse the function-level binding.
        let st = self.fns.last_mut().unwrap();
        if kind == VarKind::Var {
            if let Some(&(_, id)) = st.scopes[0].iter().find(|(n, _)| n == name) {
                return Ok(id);
            }
        } else if let Some(scope) = st.scopes.last() {
            if let Some(&(_, id)) = scope.iter().find(|(n, _)| n == name) {
                if st.vars[id].kind != VarKind::Var || st.vars[id].is_param {
                    // A function declaration re-declared or a duplicate let: the parser should
                    // have rejected duplicates; reuse the binding.
                    return Ok(id);
                }
                let _ = span;
            }
        }
        let slot = self.new_slot()?;
        let st = self.fns.last_mut().unwrap();
        let id = st.vars.len();
        let in_switch = st.switch_scopes.last() == Some(&(st.scopes.len() - 1));
        st.vars.push(VarInfo::new(name, slot, kind, in_switch));
        if kind == VarKind::Var {
            st.scopes[0].push((name.to_string(), id));
        } else {
            st.scopes.last_mut().unwrap().push((name.to_string(), id));
        }
        Ok(id)
    }

    /// Emits an op referring to a variable's slot, remembering it for patching.
    fn emit_var(&mut self, id: usize, op: Op) {
        let at = self.emit(op);
        self.st().vars[id].refs.push(at);
    }

    fn lookup_local(st: &FnState, name: &str) -> Option<usize> {
        for scope in st.scopes.iter().rev() {
            if let Some(&(_, id)) = scope.iter().rev().find(|(n, _)| n == name) {
                return Some(id);
            }
        }
        None
    }

    fn resolve(&mut self, name: &str) -> Resolved {
        let r = self.resolve_declared(name);
        if let Resolved::Global = r {
            if name == "arguments" && self.declare_arguments() {
                return self.resolve_declared(name);
            }
        }
        r
    }

    /// Declares `arguments` in the nearest enclosing function that has its own (arrows
    /// see their parent's); false at the program's top level, whose `arguments` is
    /// not supported. The VM fills the slot when the function is entered.
    fn declare_arguments(&mut self) -> bool {
        let Some(d) = (1..self.fns.len()).rev().find(|&d| !self.fns[d].is_arrow) else {
            return false;
        };
        let st = &mut self.fns[d];
        if st.arguments_var.is_some() || st.nslots >= u16::MAX as u32 - 1 {
            return false;
        }
        let slot = st.nslots as u16;
        st.nslots += 1;
        let id = st.vars.len();
        st.vars
            .push(VarInfo::new("arguments", slot, VarKind::Var, false));
        st.scopes[0].push(("arguments".to_string(), id));
        st.arguments_var = Some(id);
        true
    }

    fn resolve_declared(&mut self, name: &str) -> Resolved {
        let depth = self.fns.len() - 1;
        if let Some(id) = Self::lookup_local(&self.fns[depth], name) {
            return Resolved::Local(id);
        }
        match self.resolve_upval(depth, name) {
            Some((i, k)) => Resolved::Upval(i, k),
            None => Resolved::Global,
        }
    }

    fn resolve_upval(&mut self, depth: usize, name: &str) -> Option<(u16, VarKind)> {
        if let Some(i) = self.fns[depth].upvals.iter().position(|u| u.0 == name) {
            return Some((i as u16, self.fns[depth].upvals[i].2));
        }
        if depth == 0 {
            return None;
        }
        let parent = depth - 1;
        let (cap, kind) = if let Some(id) = Self::lookup_local(&self.fns[parent], name) {
            let v = &mut self.fns[parent].vars[id];
            v.captured = true;
            (Capture::Local(v.slot), v.kind)
        } else {
            let (i, k) = self.resolve_upval(parent, name)?;
            (Capture::Upval(i), k)
        };
        let ups = &mut self.fns[depth].upvals;
        ups.push((name.to_string(), cap, kind));
        Some(((ups.len() - 1) as u16, kind))
    }

    fn load_name(&mut self, name: &str, span: Span) -> CResult<()> {
        if name == "undefined" {
            if let Resolved::Global = self.resolve(name) {
                self.emit(Op::Undef);
                return Ok(());
            }
        }
        match self.resolve(name) {
            Resolved::Local(id) => {
                let (kind, slot, initialized) = {
                    let v = &self.st().vars[id];
                    (v.kind, v.slot, v.initialized)
                };
                if kind == VarKind::Var || initialized {
                    self.emit_var(id, Op::GetLocal(slot));
                } else {
                    let n = self.name_const(name);
                    self.emit_var(id, Op::GetLocalChecked(slot, n));
                }
            }
            Resolved::Upval(i, _) => {
                let n = self.name_const(name);
                self.emit(Op::GetUpval(i, n));
            }
            Resolved::Global => {
                if name == "arguments" {
                    return Err(self.unsupported(span, "`arguments` at the top level"));
                }
                let n = self.name_const(name);
                self.emit(Op::GetGlobal(n));
            }
        }
        Ok(())
    }

    /// Stores the top of the stack into a name (pops it). `init` marks declarations.
    fn store_name(&mut self, name: &str, init: bool) -> CResult<()> {
        match self.resolve(name) {
            Resolved::Local(id) => {
                let (kind, slot, initialized) = {
                    let v = &self.st().vars[id];
                    (v.kind, v.slot, v.initialized)
                };
                if kind == VarKind::Const && !init {
                    let n = self.name_const(name);
                    self.emit(Op::ThrowConstAssign(n));
                    return Ok(());
                }
                if kind != VarKind::Var && !init && !initialized {
                    // Assignment in the TDZ is a ReferenceError: check by reading first.
                    let n = self.name_const(name);
                    self.emit_var(id, Op::CheckLocal(slot, n));
                }
                if init {
                    self.emit_var(id, Op::InitLocal(slot));
                    let v = &mut self.st().vars[id];
                    v.initialized = !v.in_switch;
                } else {
                    self.emit_var(id, Op::SetLocal(slot));
                }
            }
            Resolved::Upval(i, kind) => {
                if kind == VarKind::Const && !init {
                    let n = self.name_const(name);
                    self.emit(Op::ThrowConstAssign(n));
                    return Ok(());
                }
                if init {
                    self.emit(Op::InitUpval(i));
                } else {
                    self.emit(Op::SetUpval(i));
                }
            }
            Resolved::Global => {
                let n = self.name_const(name);
                self.emit(Op::SetGlobal(n));
            }
        }
        Ok(())
    }

    // ---- hoisting ----

    /// Declares the block's lexical bindings and function declarations, and emits their
    /// initialisation (TDZ markers, closures).
    fn hoist_block(&mut self, stmts: &[Stmt], top: bool) -> CResult<()> {
        for s in stmts {
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
    fn init_var_cell(&mut self, id: usize) {
        // var slots start undefined; a captured var needs its cell before any closure.
        let slot = self.st().vars[id].slot;
        self.emit_var(id, Op::NopBox(slot));
    }

    fn hoist_import(&mut self, d: &ImportDecl) -> CResult<()> {
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

    fn block_body(&mut self, stmts: &[Stmt], top: bool) -> CResult<()> {
        self.hoist_block(stmts, top)?;
        for s in stmts {
            self.stmt(s, top && self.fns.len() == 1)?;
        }
        Ok(())
    }

    fn block(&mut self, stmts: &[Stmt]) -> CResult<()> {
        self.push_scope();
        self.block_body(stmts, false)?;
        self.pop_scope();
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt, program_top: bool) -> CResult<()> {
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
            StmtKind::Return(e) => {
                match e {
                    Some(e) => self.expr(e)?,
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
            StmtKind::ForOf { left, right, body } => {
                self.for_in_of(labels, left, right, body, false)?
            }
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

    fn labeled_block(
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

    fn push_loop(&mut self, labels: Vec<String>, is_loop: bool) {
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
    fn unwind_tries(&mut self, depth: usize) -> CResult<()> {
        let n = self.st().tries.len();
        for i in (depth..n).rev() {
            let entry = self.st().tries[i].clone();
            self.emit(Op::PopHandler);
            if let TryEntry::Finally(stmts) = entry {
                let saved = self.st().tries.split_off(i);
                let r = self.block(&stmts);
                self.st().tries.extend(saved);
                r?;
            }
        }
        Ok(())
    }

    fn emit_return(&mut self) -> CResult<()> {
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

    fn jump_out(&mut self, label: Option<&Ident>, is_continue: bool, span: Span) -> CResult<()> {
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

    fn var_decl(&mut self, d: &VarDecl) -> CResult<()> {
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

    fn for_stmt(
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

    fn for_in_of(
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
        let start = self.here();
        let next = self.emit(Op::IterNext(it, 0));
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
        let lp = self.st().loops.pop().unwrap();
        self.pop_scope();
        for c in lp.continues {
            self.patch(c, start);
        }
        self.emit(Op::Jump(start));
        self.patch_here(next);
        for b in lp.breaks {
            self.patch_here(b);
        }
        Ok(())
    }

    fn switch(&mut self, labels: Vec<String>, disc: &Expr, cases: &[SwitchCase]) -> CResult<()> {
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

    fn try_stmt(
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
    fn bind_pattern(&mut self, p: &Pattern, init: bool) -> CResult<()> {
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
                self.emit(Op::ToArray);
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

    // ---- functions ----

    fn function(&mut self, f: &Function, inferred: &str, is_expr: bool) -> CResult<()> {
        let name = f
            .name
            .as_ref()
            .map(|n| n.name.clone())
            .unwrap_or_else(|| inferred.to_string());
        let is_arrow = f.kind == FunctionKind::Arrow;
        self.begin_fn(&name, f.is_async, is_arrow, f.kind == FunctionKind::Method);
        self.span_pos = f.span.start;
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
    fn expr_discard(&mut self, e: &Expr) -> CResult<()> {
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

    fn named_expr(&mut self, e: &Expr, name: &str) -> CResult<()> {
        match &e.kind {
            ExprKind::Function(f) | ExprKind::Arrow(f) if f.name.is_none() => {
                self.span_pos = e.span.start;
                self.function(f, name, true)
            }
            _ => self.expr(e),
        }
    }

    fn expr(&mut self, e: &Expr) -> CResult<()> {
        let saved = self.span_pos;
        self.span_pos = e.span.start;
        let r = self.expr_inner(e);
        self.span_pos = saved;
        r
    }

    fn expr_inner(&mut self, e: &Expr) -> CResult<()> {
        match &e.kind {
            ExprKind::Number(n) => {
                self.emit(Op::Num(*n));
            }
            ExprKind::String(s) => {
                let c = self.str_const(s);
                self.emit(Op::Const(c));
            }
            ExprKind::Bool(b) => {
                self.emit(if *b { Op::True } else { Op::False });
            }
            ExprKind::Null => {
                self.emit(Op::Null);
            }
            ExprKind::Ident(n) => self.load_name(n, e.span)?,
            ExprKind::This => {
                self.emit(Op::This);
            }
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
                } else if n > 1 {
                    self.emit(Op::Concat(n));
                } else if t.exprs.is_empty() {
                    // a single constant
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
                                        let id = self
                                            .opts
                                            .intrinsics
                                            .iter()
                                            .position(|n| *n == "literalProto")
                                            .unwrap_or(0);
                                        self.emit(Op::Intrinsic(id as u16, 2));
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
            ExprKind::Binary { op, left, right } => {
                self.expr(left)?;
                self.expr(right)?;
                self.span_pos = e.span.start;
                self.emit(binop(*op));
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
            ExprKind::Import(x) => {
                self.expr(x)?;
                self.emit(Op::Import);
                let id = self
                    .opts
                    .intrinsics
                    .iter()
                    .position(|n| *n == "dynamicImport")
                    .unwrap_or(0);
                self.emit(Op::Intrinsic(id as u16, 1));
            }
        }
        Ok(())
    }

    fn add_opt_jump(&mut self, j: usize, span: Span) -> CResult<()> {
        match self.st().opt_chains.last_mut() {
            Some(v) => {
                v.push(j);
                Ok(())
            }
            None => Err(self.unsupported(span, "optional chaining outside a chain")),
        }
    }

    /// Pushes [fn, this] for a call.
    fn callee(&mut self, callee: &Expr) -> CResult<()> {
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
                }
            }
            _ => {
                self.expr(callee)?;
                self.emit(Op::Undef);
            }
        }
        Ok(())
    }

    fn callee_text(&mut self, callee: &Expr) -> u32 {
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

    fn call_args(&mut self, args: &[Argument], text: u32, is_new: bool) -> CResult<()> {
        if args.iter().any(|a| matches!(a, Argument::Spread(_))) {
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

    fn record_tool_path(&mut self, callee: &Expr, span: Span) {
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

    fn assign(&mut self, op: AssignOp, target: &Pattern, value: &Expr) -> CResult<()> {
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
                    MemberProp::Computed(k) => {
                        self.expr(k)?;
                        self.emit(Op::ToPropertyKey);
                        match op {
                            AssignOp::Assign => {
                                self.expr(value)?;
                            }
                            AssignOp::Binary(b) => {
                                self.emit(Op::Dup2);
                                self.emit(Op::GetElem);
                                self.expr(value)?;
                                self.emit(binop(b));
                            }
                            AssignOp::Logical(l) => {
                                self.emit(Op::Dup2);
                                self.emit(Op::GetElem);
                                let j = self.emit(logical_skip(l));
                                self.expr(value)?;
                                self.emit(Op::SetElem);
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
                        self.emit(Op::SetElem);
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

    fn update(&mut self, op: UpdateOp, prefix: bool, target: &Pattern) -> CResult<()> {
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
                    MemberProp::Computed(k) => {
                        self.expr(k)?;
                        self.emit(Op::ToPropertyKey);
                        self.emit(Op::Dup2);
                        self.emit(Op::GetElem);
                        self.emit(Op::ToNumeric);
                        if prefix {
                            self.emit(step);
                            self.emit(Op::SetElem);
                        } else {
                            self.emit(Op::Dup);
                            self.emit(Op::RotRight4);
                            self.emit(step);
                            self.emit(Op::SetElem);
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

fn logical_skip(l: LogicalOp) -> Op {
    // Jump (keeping the current value) when the assignment must not happen.
    match l {
        LogicalOp::And => Op::JumpIfFalseKeep(0),
        LogicalOp::Or => Op::JumpIfTrueKeep(0),
        LogicalOp::Nullish => Op::JumpIfNotNullishKeep(0),
    }
}

fn binop(op: BinaryOp) -> Op {
    match op {
        BinaryOp::Add => Op::Add,
        BinaryOp::Sub => Op::Sub,
        BinaryOp::Mul => Op::Mul,
        BinaryOp::Div => Op::Div,
        BinaryOp::Rem => Op::Rem,
        BinaryOp::Exp => Op::Exp,
        BinaryOp::Shl => Op::Shl,
        BinaryOp::Shr => Op::Shr,
        BinaryOp::UShr => Op::UShr,
        BinaryOp::BitAnd => Op::BitAnd,
        BinaryOp::BitOr => Op::BitOr,
        BinaryOp::BitXor => Op::BitXor,
        BinaryOp::Eq => Op::Eq,
        BinaryOp::NotEq => Op::Ne,
        BinaryOp::StrictEq => Op::StrictEq,
        BinaryOp::StrictNotEq => Op::StrictNe,
        BinaryOp::Lt => Op::Lt,
        BinaryOp::LtEq => Op::Le,
        BinaryOp::Gt => Op::Gt,
        BinaryOp::GtEq => Op::Ge,
        BinaryOp::In => Op::In,
        BinaryOp::InstanceOf => Op::InstanceOf,
    }
}

fn static_key(k: &PropKey) -> Vec<u16> {
    match k {
        PropKey::Ident(s) => s.encode_utf16().collect(),
        PropKey::String(s) => s.clone(),
        PropKey::Number(n) => crate::number::to_string(*n).encode_utf16().collect(),
        PropKey::Computed(_) => Vec::new(),
    }
}

pub fn pattern_names(p: &Pattern, out: &mut Vec<String>) {
    match &p.kind {
        PatternKind::Ident(n) => out.push(n.clone()),
        PatternKind::Member(_) => {}
        PatternKind::Object { props, rest } => {
            for pr in props {
                pattern_names(&pr.value, out);
            }
            if let Some(r) = rest {
                pattern_names(r, out);
            }
        }
        PatternKind::Array { elements, rest } => {
            for el in elements.iter().flatten() {
                pattern_names(el, out);
            }
            if let Some(r) = rest {
                pattern_names(r, out);
            }
        }
        PatternKind::Assign { target, .. } => pattern_names(target, out),
    }
}

/// Whether a parameter, or a declaration at the function level of the body, binds `name`:
/// such a binding shadows the function expression's own name in the whole body.
fn shadows_own_name(f: &Function, name: &str) -> bool {
    let mut names = Vec::new();
    for p in f.params.iter().chain(f.rest.as_deref()) {
        pattern_names(p, &mut names);
    }
    if let FunctionBody::Block(body) = &f.body {
        for s in body {
            var_names(s, &mut names);
            match &s.kind {
                StmtKind::VarDecl(d) => {
                    for decl in &d.declarators {
                        pattern_names(&decl.target, &mut names);
                    }
                }
                StmtKind::FunctionDecl(g) => names.extend(g.name.as_ref().map(|n| n.name.clone())),
                _ => {}
            }
        }
    }
    names.iter().any(|n| n == name)
}

/// `var` names declared anywhere in a statement (not inside nested functions).
fn var_names(s: &Stmt, out: &mut Vec<String>) {
    match &s.kind {
        StmtKind::VarDecl(d) if d.kind == VarKind::Var => {
            for decl in &d.declarators {
                pattern_names(&decl.target, out);
            }
        }
        StmtKind::If {
            consequent,
            alternate,
            ..
        } => {
            var_names(consequent, out);
            if let Some(a) = alternate {
                var_names(a, out);
            }
        }
        StmtKind::Block(b) => b.iter().for_each(|x| var_names(x, out)),
        StmtKind::For { init, body, .. } => {
            if let Some(ForInit::VarDecl(d)) = init {
                if d.kind == VarKind::Var {
                    for decl in &d.declarators {
                        pattern_names(&decl.target, out);
                    }
                }
            }
            var_names(body, out);
        }
        StmtKind::ForIn { left, body, .. } | StmtKind::ForOf { left, body, .. } => {
            if let ForHead::Decl {
                kind: VarKind::Var,
                target,
            } = left
            {
                pattern_names(target, out);
            }
            var_names(body, out);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => var_names(body, out),
        StmtKind::Labeled { body, .. } => var_names(body, out),
        StmtKind::Switch { cases, .. } => {
            for c in cases {
                c.body.iter().for_each(|x| var_names(x, out));
            }
        }
        StmtKind::Try {
            block,
            handler,
            finalizer,
        } => {
            block.iter().for_each(|x| var_names(x, out));
            if let Some(h) = handler {
                h.body.iter().for_each(|x| var_names(x, out));
            }
            if let Some(f) = finalizer {
                f.iter().for_each(|x| var_names(x, out));
            }
        }
        _ => {}
    }
}

//! AST -> bytecode. One pass per function; captured variables are discovered while
//! compiling inner functions and their accesses are patched from slots to cells.

use crate::bytecode::{Capture, FuncCode, Op};
use crate::value::{JsStr, Value};
use codemode_core::{Diagnostic, DiagnosticKind, Location};
use codemode_js_syntax::ast::*;
use std::collections::HashMap;

mod class;
mod expr;
mod for_await;
mod generator;
mod stmt;

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
    /// A for-of loop's iterator (its state slot): closed when a jump leaves the loop.
    IterClose(u16),
    /// A for-await loop's async iterator (its slot): closed, and the closing awaited, when a
    /// jump leaves the loop.
    AsyncIterClose(u16),
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
    /// Inside a class method or initializer (arrows inherit it): `Some(is_static)`.
    home: Option<bool>,
    /// `CLASS_BASE` / `CLASS_DERIVED` for a class constructor, else 0.
    class_ctor: u8,
    /// A class constructor whose class has instance fields.
    has_fields: bool,
    /// `this` may be unbound (a derived constructor and the arrows in it).
    derived_this: bool,
}

pub struct Compiler<'a> {
    opts: Options<'a>,
    fns: Vec<FnState>,
    out: Vec<Option<FuncCode>>,
    tool_paths: Vec<(Vec<String>, Option<Location>)>,
    line_index: codemode_js_syntax::LineIndex,
    span_pos: u32,
    /// The class role of the next function `begin_fn` starts.
    next_fn: Option<class::FnRole>,
    /// One `JsStr` per distinct string constant of the module: a key an object literal
    /// stores and a property access in another function then compare by pointer.
    strings: HashMap<Vec<u16>, JsStr>,
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
            next_fn: None,
            strings: HashMap::new(),
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
        let role = self.next_fn.take();
        let (home, class_ctor, has_fields, derived_this) = match (role, self.fns.last()) {
            (Some(r), _) => (
                r.home,
                r.ctor,
                r.has_fields,
                r.ctor == crate::bytecode::CLASS_DERIVED,
            ),
            (None, Some(parent)) if is_arrow => (parent.home, 0, false, parent.derived_this),
            _ => (None, 0, false, false),
        };
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
            home,
            class_ctor,
            has_fields,
            derived_this,
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
            Op::IterValue(s, _) => Op::IterValue(s, target),
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
        let s = self
            .strings
            .entry(units.to_vec())
            .or_insert_with(|| JsStr::from_units(units))
            .clone();
        let i = st.code.consts.len() as u32;
        st.code.consts.push(Value::Str(s));
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

impl Compiler<'_> {
    /// An object literal of plain `key: value` properties with distinct constant keys
    /// (none `__proto__`): its values, then one `NewObjectLit` that builds the object with
    /// all of them at once. Nothing can observe the object before it is complete, so
    /// defining the properties after evaluating every value is the same as defining each
    /// after its own. Returns false (nothing emitted) for any other literal.
    pub(super) fn object_literal_of_constant_keys(&mut self, props: &[Property]) -> CResult<bool> {
        let mut keys: Vec<Vec<u16>> = Vec::with_capacity(props.len());
        for p in props {
            let Property::KeyValue { key, .. } = p else {
                return Ok(false);
            };
            if matches!(key, PropKey::Computed(_) | PropKey::Private(_)) {
                return Ok(false);
            }
            let units = static_key(key);
            if keys.contains(&units) || units == "__proto__".encode_utf16().collect::<Vec<_>>() {
                return Ok(false);
            }
            keys.push(units);
        }
        if keys.is_empty() || keys.len() > u16::MAX as usize {
            return Ok(false);
        }
        for (p, units) in props.iter().zip(&keys) {
            if let Property::KeyValue { value, span, .. } = p {
                self.span_pos = span.start;
                self.named_expr(value, &String::from_utf16_lossy(units))?;
            }
        }
        // The keys as consecutive constants (shared with the module's other uses of them).
        let first = self.st().code.consts.len() as u32;
        for units in &keys {
            let s = self
                .strings
                .entry(units.clone())
                .or_insert_with(|| JsStr::from_units(units))
                .clone();
            self.st().code.consts.push(Value::Str(s));
        }
        self.emit(Op::NewObjectLit(first, keys.len() as u16));
        Ok(true)
    }
}

fn static_key(k: &PropKey) -> Vec<u16> {
    match k {
        PropKey::Ident(s) | PropKey::Private(s) => s.encode_utf16().collect(),
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
                StmtKind::ClassDecl(c) => names.extend(c.name.as_ref().map(|n| n.name.clone())),
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

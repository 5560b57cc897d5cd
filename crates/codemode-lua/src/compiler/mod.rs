//! AST → bytecode. One pass over the (depth-bounded) tree with Lua-style register allocation:
//! locals occupy the lowest registers of a frame in declaration order and temporaries are
//! stacked above them.

use std::collections::HashMap;
use std::sync::Arc;

use codemode_core::{Diagnostic, DiagnosticKind, Location};
use codemode_lua_syntax as ast;
use codemode_lua_syntax::{BinOp, Expr, ExprKind, LineIndex, Span, StatKind, UnOp};

use crate::bytecode::{ArithOp, LocVar, Op, Proto, UpvalDesc};

mod calls;
mod chains;
mod conditions;
use crate::heap::Heap;
use crate::value::{TableRef, Value};
use chains::Operand;

mod globals;
mod goto;

use globals::names_env;
pub use globals::MAIN_ENV;

const MAX_REGS: u32 = 250;
/// Array items flushed per SETLIST.
const FIELDS_PER_FLUSH: u32 = 50;

/// Where the program's tools are rooted, for static tool-path discovery.
#[derive(Debug, Clone)]
pub enum ToolRoots {
    /// Tools hang off one global (`tools`).
    Named(String),
    /// Each listed namespace is a global.
    Globals(Vec<String>),
}

pub struct CompileOutput {
    /// Every function of the chunk; index 0 is the main chunk.
    pub protos: Vec<Proto>,
    pub tool_paths: Vec<(Vec<String>, Option<Location>)>,
}

type R<T> = Result<T, Diagnostic>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ConstKey {
    Nil,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(u32),
    /// The `env` table of a chunk loaded with one.
    Env,
}

struct ActiveVar {
    name: Box<str>,
    reg: u8,
    is_const: bool,
    locvar: usize,
}

struct BlockScope {
    nactive: usize,
    /// The block's first entries in `FuncState::labels` and `FuncState::gotos`.
    first_label: usize,
    first_goto: usize,
    reg_level: u32,
    is_loop: bool,
    breaks: Vec<usize>,
    /// Some local of this block is captured by a closure, or is to be closed: close on
    /// exit.
    captured: bool,
    /// The block declares a to-be-closed variable: returns close, and are no tail calls.
    tbc: bool,
}

/// A visible label.
struct LabelDesc {
    name: Box<str>,
    pc: usize,
    /// Active locals at the label (for a label that ends its block, the block's own).
    nactive: usize,
    line: u32,
}

/// A forward `goto` waiting for its label.
struct GotoDesc {
    name: Box<str>,
    jmp: usize,
    /// Active locals where the goto is (lowered as it leaves blocks).
    nactive: usize,
    line: u32,
    /// It leaves a block whose locals were captured: the label closes upvalues.
    close: bool,
}

struct FuncState {
    proto: Proto,
    labels: Vec<LabelDesc>,
    gotos: Vec<GotoDesc>,
    index: u32,
    actives: Vec<ActiveVar>,
    blocks: Vec<BlockScope>,
    freereg: u32,
    consts: HashMap<ConstKey, u32>,
}

#[derive(Clone, Copy)]
enum Var {
    Local(u8),
    Upval(u8),
    Global,
}

pub struct Compiler<'a> {
    heap: &'a mut Heap,
    /// The chunk's text (for the positions of some compile errors).
    source: &'a str,
    lines: &'a LineIndex,
    roots: &'a ToolRoots,
    funcs: Vec<FuncState>,
    protos: Vec<Proto>,
    tool_paths: Vec<(Vec<String>, Option<Location>)>,
    span: Span,
    /// The table globals resolve in (`load` with an env), instead of the globals table.
    env: Option<Value>,
    /// The chunk name of a `load`ed chunk (for compile errors; the VM keeps it for runtime
    /// messages, see `Vm::chunk_names`).
    chunk: Option<Arc<[u8]>>,
    /// The chunk names `_ENV`: its main function keeps the environment in a local named
    /// `_ENV` and every free name is a field of whatever `_ENV` is in scope (Lua 5.4 §2.2).
    /// Chunks that never name it read globals with `GetGlobal` (or the load env constant).
    env_mode: bool,
}

pub fn compile(
    chunk: &ast::Chunk,
    source: &str,
    heap: &mut Heap,
    roots: &ToolRoots,
    globals: TableRef,
) -> R<CompileOutput> {
    compile_in(chunk, source, heap, roots, None, None, globals)
}

/// [`compile`] with globals read and written as fields of the table `env` (a constant of
/// every function of the chunk), as a chunk `load`ed with an env sees them.
pub fn compile_in(
    chunk: &ast::Chunk,
    source: &str,
    heap: &mut Heap,
    roots: &ToolRoots,
    env: Option<Value>,
    chunk_name: Option<Arc<[u8]>>,
    globals: TableRef,
) -> R<CompileOutput> {
    let env_mode = names_env(source);
    let mut c = Compiler {
        env_mode,
        env,
        chunk: chunk_name,
        heap,
        source,
        lines: &chunk.line_index,
        roots,
        funcs: Vec::new(),
        protos: Vec::new(),
        tool_paths: Vec::new(),
        span: Span::default(),
    };
    c.open_function(0, true, 0);
    if env_mode {
        c.declare_main_env(env.unwrap_or(Value::Table(globals)))?;
    }
    c.block(&chunk.block)?;
    c.final_return();
    c.check_gotos_resolved(source.len() as u32)?;
    c.close_function();
    Ok(CompileOutput {
        protos: c.protos,
        tool_paths: c.tool_paths,
    })
}

fn is_multi(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Call(_) | ExprKind::Vararg)
}

fn num_const(e: &Expr) -> Option<Value> {
    match &e.kind {
        ExprKind::Int(i) => Some(Value::Int(*i)),
        ExprKind::Float(f) => Some(Value::Float(*f)),
        ExprKind::Unary {
            op: UnOp::Neg,
            operand,
        } => match num_const(operand)? {
            Value::Int(i) => Some(Value::Int(i.wrapping_neg())),
            Value::Float(f) => Some(Value::Float(-f)),
            _ => None,
        },
        _ => None,
    }
}

fn arith_op(op: BinOp) -> Option<ArithOp> {
    Some(match op {
        BinOp::Add => ArithOp::Add,
        BinOp::Sub => ArithOp::Sub,
        BinOp::Mul => ArithOp::Mul,
        BinOp::Div => ArithOp::Div,
        BinOp::Mod => ArithOp::Mod,
        BinOp::Pow => ArithOp::Pow,
        BinOp::IDiv => ArithOp::IDiv,
        BinOp::BAnd => ArithOp::BAnd,
        BinOp::BOr => ArithOp::BOr,
        BinOp::BXor => ArithOp::BXor,
        BinOp::Shl => ArithOp::Shl,
        BinOp::Shr => ArithOp::Shr,
        _ => return None,
    })
}

/// The truthiness of a constant expression (literals, `not` of constants), if known.
fn const_truth(e: &Expr) -> Option<bool> {
    match &e.kind {
        ExprKind::Nil | ExprKind::False => Some(false),
        ExprKind::True | ExprKind::Str(_) | ExprKind::Int(_) | ExprKind::Float(_) => Some(true),
        ExprKind::Unary {
            op: UnOp::Not,
            operand,
        } => const_truth(operand).map(|t| !t),
        _ if num_const(e).is_some() => Some(true),
        _ => None,
    }
}

/// Whether evaluating `e` straight into an existing variable's register is safe: the
/// register is written only by the final instruction, after every operand is read.
fn direct_safe(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Table(_) => false,
        ExprKind::Binary { op, .. } => !matches!(op, BinOp::And | BinOp::Or),
        ExprKind::Paren(inner) => direct_safe(inner),
        _ => true,
    }
}

impl<'a> Compiler<'a> {
    fn fs(&mut self) -> &mut FuncState {
        let n = self.funcs.len() - 1;
        &mut self.funcs[n]
    }

    fn fsr(&self) -> &FuncState {
        &self.funcs[self.funcs.len() - 1]
    }

    fn location(&self, span: Span) -> Location {
        self.lines.location(span.start)
    }

    fn err(&self, msg: impl Into<String>) -> Diagnostic {
        let loc = self.location(self.span);
        Diagnostic::new(
            DiagnosticKind::ParseError,
            format!("{}:{}: {}", self.chunk_label(), loc.line, msg.into()),
        )
        .at(loc)
    }

    /// The chunk name as compile errors show it.
    fn chunk_label(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(self.chunk.as_deref().unwrap_or(b"program"))
    }

    fn open_function(&mut self, line: u32, is_vararg: bool, nparams: u8) {
        let index = self.protos.len() as u32;
        self.protos.push(Proto::default());
        let proto = Proto {
            is_vararg,
            num_params: nparams,
            line_defined: line,
            ..Proto::default()
        };
        self.funcs.push(FuncState {
            proto,
            index,
            actives: Vec::new(),
            labels: Vec::new(),
            gotos: Vec::new(),
            blocks: vec![BlockScope {
                nactive: 0,
                first_label: 0,
                first_goto: 0,
                reg_level: 0,
                is_loop: false,
                breaks: Vec::new(),
                captured: false,
                tbc: false,
            }],
            freereg: 0,
            consts: HashMap::new(),
        });
    }

    fn close_function(&mut self) -> u32 {
        let Some(mut fs) = self.funcs.pop() else {
            return 0;
        };
        let end = fs.proto.code.len() as u32;
        for a in &fs.actives {
            fs.proto.locvars[a.locvar].end_pc = end;
        }
        let idx = fs.index;
        self.protos[idx as usize] = fs.proto;
        idx
    }

    // ---- emission ----

    fn emit(&mut self, op: Op) -> usize {
        let loc = self.location(self.span);
        let fs = self.fs();
        fs.proto.code.push(op);
        fs.proto.lines.push(loc.line);
        fs.proto.columns.push(loc.column);
        fs.proto.code.len() - 1
    }

    fn pc(&self) -> usize {
        self.fsr().proto.code.len()
    }

    fn emit_jump(&mut self) -> usize {
        self.emit(Op::Jmp { off: 0 })
    }

    fn patch(&mut self, at: usize, target: usize) {
        let off = target as i32 - (at as i32 + 1);
        let op = &mut self.fs().proto.code[at];
        match op {
            Op::Jmp { off: o }
            | Op::Test { off: o, .. }
            | Op::Eq { off: o, .. }
            | Op::Lt { off: o, .. }
            | Op::Le { off: o, .. }
            | Op::EqK { off: o, .. }
            | Op::NeK { off: o, .. }
            | Op::EqI { off: o, .. }
            | Op::LtI { off: o, .. }
            | Op::LeI { off: o, .. }
            | Op::GtI { off: o, .. }
            | Op::GeI { off: o, .. }
            | Op::ForPrep { off: o, .. }
            | Op::ForLoop { off: o, .. }
            | Op::TForPrep { off: o, .. }
            | Op::TForLoop { off: o, .. } => *o = off,
            _ => {}
        }
    }

    fn patch_here(&mut self, list: Vec<usize>) {
        let here = self.pc();
        for j in list {
            self.patch(j, here);
        }
    }

    fn add_const(&mut self, key: ConstKey, v: Value) -> u32 {
        let fs = self.fs();
        if let Some(&k) = fs.consts.get(&key) {
            return k;
        }
        let k = fs.proto.consts.len() as u32;
        fs.proto.consts.push(v);
        fs.consts.insert(key, k);
        k
    }

    fn str_const(&mut self, s: &[u8]) -> u32 {
        let r = self.heap.intern_fixed(s);
        self.add_const(ConstKey::Str(r.0), Value::Str(r))
    }

    fn value_const(&mut self, v: Value) -> u32 {
        let key = match v {
            Value::Nil => ConstKey::Nil,
            Value::Bool(b) => ConstKey::Bool(b),
            Value::Int(i) => ConstKey::Int(i),
            Value::Float(f) => ConstKey::Float(f.to_bits()),
            Value::Str(s) => ConstKey::Str(s.0),
            _ => ConstKey::Nil,
        };
        self.add_const(key, v)
    }

    // ---- registers ----

    fn reserve(&mut self, n: u32) -> R<u8> {
        let fs = self.fs();
        let r = fs.freereg;
        fs.freereg += n;
        if fs.freereg > MAX_REGS {
            return Err(self.err("function or expression needs too many registers"));
        }
        let fr = fs.freereg as u16;
        if fr > fs.proto.max_stack {
            fs.proto.max_stack = fr;
        }
        Ok(r as u8)
    }

    fn set_freereg(&mut self, r: u32) {
        self.fs().freereg = r;
    }

    fn freereg(&self) -> u32 {
        self.fsr().freereg
    }

    fn active_regs(&self) -> u32 {
        let fs = self.fsr();
        fs.actives.last().map(|a| a.reg as u32 + 1).unwrap_or(0)
    }

    // ---- variables ----

    fn declare_local(&mut self, name: &str, reg: u8, is_const: bool) {
        let fs = self.fs();
        let start = fs.proto.code.len() as u32;
        fs.proto.locvars.push(LocVar {
            name: name.into(),
            reg,
            start_pc: start,
            end_pc: u32::MAX,
        });
        let locvar = fs.proto.locvars.len() - 1;
        fs.actives.push(ActiveVar {
            name: name.into(),
            reg,
            is_const,
            locvar,
        });
    }

    fn find_var(&mut self, level: usize, name: &str) -> R<Option<Var>> {
        let fs = &mut self.funcs[level];
        if let Some(i) = fs.actives.iter().rposition(|a| &*a.name == name) {
            return Ok(Some(Var::Local(fs.actives[i].reg)));
        }
        if let Some(i) = fs.proto.upval_names.iter().position(|n| &**n == name) {
            return Ok(Some(Var::Upval(i as u8)));
        }
        if level == 0 {
            return Ok(None);
        }
        let desc = match self.find_var(level - 1, name)? {
            None => return Ok(None),
            Some(Var::Global) => return Ok(None),
            Some(Var::Local(reg)) => {
                let parent = &mut self.funcs[level - 1];
                if let Some(i) = parent.actives.iter().rposition(|a| &*a.name == name) {
                    // Mark the block that declared it so it closes its upvalues on exit.
                    if let Some(b) = parent.blocks.iter_mut().rev().find(|b| b.nactive <= i) {
                        b.captured = true;
                    }
                }
                UpvalDesc {
                    in_stack: true,
                    index: reg,
                }
            }
            Some(Var::Upval(i)) => UpvalDesc {
                in_stack: false,
                index: i,
            },
        };
        let fs = &mut self.funcs[level];
        if fs.proto.upvals.len() >= 255 {
            return Err(self.err("too many upvalues"));
        }
        fs.proto.upvals.push(desc);
        fs.proto.upval_names.push(name.into());
        Ok(Some(Var::Upval((fs.proto.upvals.len() - 1) as u8)))
    }

    fn resolve(&mut self, name: &str) -> R<Var> {
        let level = self.funcs.len() - 1;
        Ok(self.find_var(level, name)?.unwrap_or(Var::Global))
    }

    fn is_const_local(&self, name: &str) -> bool {
        // Only locals of the current function can be assigned by register; upvalues that
        // are const are found by walking outward.
        for fs in self.funcs.iter().rev() {
            if let Some(a) = fs.actives.iter().rev().find(|a| &*a.name == name) {
                return a.is_const;
            }
        }
        false
    }

    // ---- blocks ----

    fn enter_block(&mut self, is_loop: bool) {
        let fs = self.fs();
        let nactive = fs.actives.len();
        let reg_level = fs.freereg;
        let (first_label, first_goto) = (fs.labels.len(), fs.gotos.len());
        fs.blocks.push(BlockScope {
            nactive,
            first_label,
            first_goto,
            reg_level,
            is_loop,
            breaks: Vec::new(),
            captured: false,
            tbc: false,
        });
    }

    /// Leaves a block: closes captured locals and ends their scope. Returns break jumps
    /// of a loop block for the caller to patch.
    fn leave_block(&mut self) -> Vec<usize> {
        let Some(b) = self.fs().blocks.pop() else {
            return Vec::new();
        };
        if b.captured {
            self.emit(Op::Close {
                a: b.reg_level as u8,
            });
        }
        let fs = self.fs();
        // Labels of the block go out of sight; its pending gotos move out to the
        // enclosing block, with the locals they leave.
        fs.labels.truncate(b.first_label);
        for g in fs.gotos.iter_mut().skip(b.first_goto) {
            if g.nactive > b.nactive {
                g.close |= b.captured;
                g.nactive = b.nactive;
            }
        }
        let end = fs.proto.code.len() as u32;
        while fs.actives.len() > b.nactive {
            if let Some(a) = fs.actives.pop() {
                fs.proto.locvars[a.locvar].end_pc = end;
            }
        }
        fs.freereg = b.reg_level;
        b.breaks
    }

    fn block(&mut self, b: &ast::Block) -> R<()> {
        self.block_until(b, None)
    }

    /// A block's statements; `until` is the condition of a `repeat` whose body this is
    /// (a label before it still sees the body's locals).
    fn block_until(&mut self, b: &ast::Block, until: Option<&Expr>) -> R<()> {
        for (i, s) in b.stats.iter().enumerate() {
            if let StatKind::Label(n) = &s.kind {
                self.span = s.span;
                let rest = &b.stats[i + 1..];
                let void = |s: &&ast::Stat| matches!(s.kind, StatKind::Empty | StatKind::Label(_));
                let next = rest.iter().find(|s| !void(s));
                let last = next.is_none() && b.ret.is_none() && until.is_none();
                // lua5.4 checks the label after reading the void statements that follow.
                let run_end = rest
                    .iter()
                    .take_while(void)
                    .last()
                    .map_or(s.span.end, |s| s.span.end);
                let next_line = self.next_token_line(run_end);
                self.label_stat(n, last, next_line)?;
                continue;
            }
            self.stat(s)?;
        }
        if let Some(r) = &b.ret {
            self.ret(r)?;
        }
        Ok(())
    }

    fn scoped_block(&mut self, b: &ast::Block) -> R<()> {
        self.enter_block(false);
        self.block(b)?;
        self.leave_block();
        Ok(())
    }

    // ---- statements ----

    fn stat(&mut self, s: &ast::Stat) -> R<()> {
        self.span = s.span;
        match &s.kind {
            StatKind::Empty => {}
            StatKind::Local { names, values } => self.local_stat(names, values)?,
            StatKind::Assign { targets, values } => self.assign(targets, values)?,
            StatKind::Call(call) => {
                let base = self.freereg();
                self.call(call, base, 0)?;
                self.set_freereg(base);
            }
            StatKind::Do(b) => self.scoped_block(b)?,
            StatKind::While { cond, body } => {
                let start = self.pc();
                let exits = self.cond_jump(cond, false)?;
                self.enter_block(true);
                self.block(body)?;
                let breaks = self.leave_block();
                let j = self.emit_jump();
                self.patch(j, start);
                self.patch_here(exits);
                self.patch_here(breaks);
            }
            StatKind::Repeat { body, cond } => {
                let start = self.pc();
                self.enter_block(true);
                self.block_until(body, Some(cond))?;
                self.span = cond.span;
                let captured = self
                    .fsr()
                    .blocks
                    .last()
                    .map(|b| b.captured)
                    .unwrap_or(false);
                if captured {
                    let level = self.fsr().blocks.last().map(|b| b.reg_level).unwrap_or(0);
                    let exit = self.cond_jump(cond, true)?;
                    self.emit(Op::Close { a: level as u8 });
                    let j = self.emit_jump();
                    self.patch(j, start);
                    self.patch_here(exit);
                } else {
                    let back = self.cond_jump(cond, false)?;
                    for j in back {
                        self.patch(j, start);
                    }
                }
                let breaks = self.leave_block();
                self.patch_here(breaks);
            }
            StatKind::If {
                clauses,
                else_block,
            } => {
                let mut ends = Vec::new();
                for (i, clause) in clauses.iter().enumerate() {
                    self.span = clause.cond.span;
                    let f = self.cond_jump(&clause.cond, false)?;
                    self.scoped_block(&clause.body)?;
                    let last = i + 1 == clauses.len() && else_block.is_none();
                    if !last {
                        ends.push(self.emit_jump());
                    }
                    self.patch_here(f);
                }
                if let Some(b) = else_block {
                    self.scoped_block(b)?;
                }
                self.patch_here(ends);
            }
            StatKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                let base = self.freereg();
                self.enter_block(true);
                let r = self.reserve(3)?;
                self.exp2reg(start, r)?;
                self.exp2reg(limit, r + 1)?;
                match step {
                    Some(st) => self.exp2reg(st, r + 2)?,
                    None => {
                        self.emit(Op::LoadI { a: r + 2, i: 1 });
                    }
                }
                self.declare_local("(for state)", r, false);
                self.declare_local("(for state)", r + 1, false);
                self.declare_local("(for state)", r + 2, false);
                self.span = s.span;
                let prep = self.emit(Op::ForPrep { a: r, off: 0 });
                let body_start = self.pc();
                self.enter_block(false);
                let v = self.reserve(1)?;
                self.declare_local(&var.name, v, false);
                self.block(body)?;
                self.leave_block();
                self.span = s.span;
                let lp = self.emit(Op::ForLoop { a: r, off: 0 });
                self.patch(lp, body_start);
                self.patch(prep, lp + 1);
                let breaks = self.leave_block();
                self.patch_here(breaks);
                self.set_freereg(base);
            }
            StatKind::GenericFor { names, exprs, body } => {
                let base = self.freereg();
                self.enter_block(true);
                // Iterator, state, control and closing value (Lua 5.4 §3.3.5).
                self.explist_to(exprs, 4)?;
                let r = base as u8;
                for i in 0..4 {
                    self.declare_local("(for state)", r + i, false);
                }
                self.span = s.span;
                // The closing value is closed as a `<close>` variable when the loop ends.
                let k = self.str_const(b"(for state)");
                if let Some(b) = self.fs().blocks.last_mut() {
                    b.captured = true;
                    b.tbc = true;
                }
                self.emit(Op::Tbc { a: r + 3, k });
                let prep = self.emit(Op::TForPrep { a: r, off: 0 });
                let body_start = self.pc();
                self.enter_block(false);
                let nvars = names.len().min(200) as u32;
                // TForCall places the call (iterator, state, control) at the variables.
                let v = self.reserve(nvars.max(3))?;
                self.set_freereg(v as u32 + nvars);
                for (i, n) in names.iter().enumerate() {
                    self.declare_local(&n.name, v + i as u8, false);
                }
                self.block(body)?;
                self.leave_block();
                self.span = s.span;
                let call = self.emit(Op::TForCall {
                    a: r,
                    c: nvars as u8,
                });
                self.patch(prep, call);
                let lp = self.emit(Op::TForLoop { a: r, off: 0 });
                self.patch(lp, body_start);
                let breaks = self.leave_block();
                self.patch_here(breaks);
                self.set_freereg(base);
            }
            StatKind::Function { name, func } => {
                let is_method = name.method.is_some();
                let base = self.freereg();
                let fr = self.reserve(1)?;
                let p = self.function(func, is_method)?;
                self.span = s.span;
                if name.fields.is_empty() && name.method.is_none() {
                    self.emit(Op::Closure { a: fr, p });
                    self.store_name(&name.base.name, fr)?;
                } else {
                    let mut obj = self.var_to_reg(&name.base.name)?;
                    let mut keys: Vec<&ast::Name> = name.fields.iter().collect();
                    if let Some(m) = &name.method {
                        keys.push(m);
                    }
                    let last = keys.pop();
                    for k in keys {
                        let kc = self.str_const(k.name.as_bytes());
                        let t = self.reserve(1)?;
                        self.emit(Op::GetField {
                            a: t,
                            b: obj,
                            k: kc,
                        });
                        obj = t;
                    }
                    self.emit(Op::Closure { a: fr, p });
                    if let Some(last) = last {
                        let kc = self.str_const(last.name.as_bytes());
                        self.emit(Op::SetField {
                            a: obj,
                            c: fr,
                            k: kc,
                        });
                    }
                }
                self.set_freereg(base);
            }
            StatKind::LocalFunction { name, func } => {
                let r = self.reserve(1)?;
                self.declare_local(&name.name, r, false);
                let p = self.function(func, false)?;
                self.span = s.span;
                self.emit(Op::Closure { a: r, p });
            }
            StatKind::Break => {
                let fs = self.fsr();
                let Some(li) = fs.blocks.iter().rposition(|b| b.is_loop) else {
                    return Err(self.err("break outside a loop"));
                };
                let needs_close = fs.blocks[li..].iter().any(|b| b.captured);
                let level = fs.blocks[li].reg_level;
                if needs_close {
                    self.emit(Op::Close { a: level as u8 });
                }
                let j = self.emit_jump();
                self.fs().blocks[li].breaks.push(j);
            }
            StatKind::Goto(n) => self.goto_stat(n)?,
            // Placed by `block_until`, which knows what follows the label.
            StatKind::Label(n) => self.label_stat(n, false, self.location(n.span).line)?,
        }
        Ok(())
    }

    fn local_stat(&mut self, names: &[ast::LocalName], values: &[Expr]) -> R<()> {
        let base = self.freereg();
        self.explist_to(values, names.len() as u32)?;
        for (i, n) in names.iter().enumerate() {
            let r = (base + i as u32) as u8;
            self.declare_local(&n.name.name, r, n.attrib == Some(ast::Attrib::Const));
            if n.attrib == Some(ast::Attrib::Close) {
                let k = self.str_const(n.name.name.as_bytes());
                if let Some(b) = self.fs().blocks.last_mut() {
                    b.captured = true;
                    b.tbc = true;
                }
                self.emit(Op::Tbc { a: r, k });
            }
        }
        Ok(())
    }

    /// Evaluates `values` into `want` consecutive new registers at freereg (adjusting).
    fn explist_to(&mut self, values: &[Expr], want: u32) -> R<()> {
        let base = self.freereg();
        let n = values.len() as u32;
        for (i, e) in values.iter().enumerate() {
            let i = i as u32;
            let last = i + 1 == n;
            if last && is_multi(e) && want > i {
                let need = want - i;
                self.multi(e, need as i32)?;
                self.set_freereg(base + want);
                return Ok(());
            }
            if i < want {
                let r = self.reserve(1)?;
                self.exp2reg(e, r)?;
            } else {
                // Extra values are evaluated for their effects and dropped.
                let save = self.freereg();
                let r = self.reserve(1)?;
                self.exp2reg(e, r)?;
                self.set_freereg(save);
            }
        }
        if n < want {
            let r = self.reserve(want - n)?;
            self.emit(Op::LoadNil {
                a: r,
                n: (want - n - 1) as u8,
            });
        }
        self.set_freereg(base + want);
        Ok(())
    }

    fn check_assignable(&self, name: &str) -> R<()> {
        if self.is_const_local(name) {
            return Err(self.err(format!("attempt to assign to const variable '{name}'")));
        }
        Ok(())
    }

    fn store_name(&mut self, name: &str, src: u8) -> R<()> {
        self.check_assignable(name)?;
        match self.resolve(name)? {
            Var::Local(r) => {
                if r != src {
                    self.emit(Op::Move { a: r, b: src });
                }
            }
            Var::Upval(u) => {
                self.emit(Op::SetUpval { a: src, b: u });
            }
            Var::Global => self.store_global(name, src)?,
        }
        Ok(())
    }

    fn var_to_reg(&mut self, name: &str) -> R<u8> {
        match self.resolve(name)? {
            Var::Local(r) => Ok(r),
            Var::Upval(u) => {
                let r = self.reserve(1)?;
                self.emit(Op::GetUpval { a: r, b: u });
                Ok(r)
            }
            Var::Global => {
                let r = self.reserve(1)?;
                let k = self.str_const(name.as_bytes());
                self.get_global(r, k)?;
                Ok(r)
            }
        }
    }

    fn assign(&mut self, targets: &[Expr], values: &[Expr]) -> R<()> {
        if targets.len() == 1 && values.len() == 1 {
            let target = &targets[0];
            let value = &values[0];
            match &target.kind {
                ExprKind::Name(name) => {
                    self.check_assignable(name)?;
                    match self.resolve(name)? {
                        Var::Local(r) if direct_safe(value) => {
                            return self.exp2reg(value, r);
                        }
                        _ => {
                            let save = self.freereg();
                            let r = self.exp2anyreg(value)?;
                            self.store_name(name, r)?;
                            self.set_freereg(save);
                            return Ok(());
                        }
                    }
                }
                ExprKind::Index { obj, key } => {
                    let save = self.freereg();
                    let o = self.exp2anyreg(obj)?;
                    if let ExprKind::Str(s) = &key.kind {
                        let k = self.str_const(s);
                        let v = self.exp2anyreg(value)?;
                        self.span = target.span;
                        self.emit(Op::SetField { a: o, c: v, k });
                    } else {
                        let kr = self.exp2anyreg(key)?;
                        let v = self.exp2anyreg(value)?;
                        self.span = target.span;
                        self.emit(Op::SetTable { a: o, b: kr, c: v });
                    }
                    self.set_freereg(save);
                    return Ok(());
                }
                ExprKind::Field { obj, name } => {
                    let save = self.freereg();
                    let o = self.exp2anyreg(obj)?;
                    let k = self.str_const(name.name.as_bytes());
                    let v = self.exp2anyreg(value)?;
                    self.span = target.span;
                    self.emit(Op::SetField { a: o, c: v, k });
                    self.set_freereg(save);
                    return Ok(());
                }
                _ => return Err(self.err("syntax error (cannot assign to this expression)")),
            }
        }
        // General case: evaluate target objects and keys, then values, then store from
        // the last target to the first (as PUC Lua does).
        enum Place {
            Name(Box<str>),
            Index(u8, u8),
            Field(u8, u32),
        }
        let save = self.freereg();
        let mut places = Vec::with_capacity(targets.len());
        for t in targets {
            match &t.kind {
                ExprKind::Name(n) => {
                    self.check_assignable(n)?;
                    places.push(Place::Name(n.clone()));
                }
                ExprKind::Index { obj, key } => {
                    let o = self.exp2nextreg(obj)?;
                    let k = self.exp2nextreg(key)?;
                    places.push(Place::Index(o, k));
                }
                ExprKind::Field { obj, name } => {
                    let o = self.exp2nextreg(obj)?;
                    let k = self.str_const(name.name.as_bytes());
                    places.push(Place::Field(o, k));
                }
                _ => return Err(self.err("syntax error (cannot assign to this expression)")),
            }
        }
        let vbase = self.freereg();
        self.explist_to(values, targets.len() as u32)?;
        for (i, p) in places.iter().enumerate().rev() {
            let src = (vbase + i as u32) as u8;
            match p {
                Place::Name(n) => self.store_name(n, src)?,
                Place::Index(o, k) => {
                    self.emit(Op::SetTable {
                        a: *o,
                        b: *k,
                        c: src,
                    });
                }
                Place::Field(o, k) => {
                    self.emit(Op::SetField {
                        a: *o,
                        c: src,
                        k: *k,
                    });
                }
            }
        }
        self.set_freereg(save);
        Ok(())
    }

    fn ret(&mut self, r: &ast::Return) -> R<()> {
        self.span = r.span;
        if self.fsr().blocks.iter().any(|b| b.tbc) {
            return self.ret_closing(r);
        }
        let base = self.freereg();
        match r.values.len() {
            0 => {
                self.emit(Op::Return0);
            }
            1 if !is_multi(&r.values[0]) => {
                let reg = self.exp2anyreg(&r.values[0])?;
                self.emit(Op::Return1 { a: reg });
            }
            1 if matches!(r.values[0].kind, ExprKind::Call(_)) => {
                if let ExprKind::Call(call) = &r.values[0].kind {
                    self.call(call, base, -1)?;
                    // Turn the call into a tail call.
                    let fs = self.fs();
                    if let Some(Op::Call { a, b, .. }) = fs.proto.code.last().copied() {
                        let n = fs.proto.code.len() - 1;
                        fs.proto.code[n] = Op::TailCall { a, b };
                    }
                    self.emit(Op::Return {
                        a: base as u8,
                        b: 0,
                    });
                }
            }
            _ => {
                let n = r.values.len() as u32;
                let multi = r.values.last().map(is_multi).unwrap_or(false);
                for (i, e) in r.values.iter().enumerate() {
                    if i as u32 + 1 == n && multi {
                        self.multi(e, -1)?;
                    } else {
                        let reg = self.reserve(1)?;
                        self.exp2reg(e, reg)?;
                    }
                }
                self.emit(Op::Return {
                    a: base as u8,
                    b: if multi { 0 } else { (n + 1) as u8 },
                });
            }
        }
        self.set_freereg(base);
        Ok(())
    }

    /// The return at the end of a function's body: it closes the to-be-closed variables
    /// of the body's outermost block first (a `return` statement closes them itself).
    fn final_return(&mut self) {
        if self.fsr().blocks.iter().any(|b| b.tbc) {
            self.emit(Op::Close { a: 0 });
        }
        self.emit(Op::Return0);
    }

    /// A return inside the scope of a to-be-closed variable: the values are computed, the
    /// variables closed (a `Close` the VM runs again after each `__close` call returns),
    /// then the frame returns. No tail call: the frame must outlive the call.
    fn ret_closing(&mut self, r: &ast::Return) -> R<()> {
        let base = self.freereg();
        let n = r.values.len() as u32;
        let multi = r.values.last().map(is_multi).unwrap_or(false);
        for (i, e) in r.values.iter().enumerate() {
            if i as u32 + 1 == n && multi {
                self.multi(e, -1)?;
            } else {
                let reg = self.reserve(1)?;
                self.exp2reg(e, reg)?;
            }
        }
        self.emit(Op::Close { a: 0 });
        self.emit(Op::Return {
            a: base as u8,
            b: if multi { 0 } else { (n + 1) as u8 },
        });
        self.set_freereg(base);
        Ok(())
    }

    fn function(&mut self, f: &ast::Function, _is_method: bool) -> R<u32> {
        if f.params.len() > 200 {
            return Err(self.err("too many parameters"));
        }
        self.open_function(f.line, f.is_vararg, f.params.len() as u8);
        for p in &f.params {
            let r = self.reserve(1)?;
            self.declare_local(&p.name, r, false);
        }
        self.block(&f.body)?;
        self.span = Span::new(f.span.end.saturating_sub(1), f.span.end);
        self.final_return();
        self.check_gotos_resolved(f.span.end)?;
        Ok(self.close_function())
    }

    // ---- expressions ----

    /// Evaluates `e` into a new register at the top.
    fn exp2nextreg(&mut self, e: &Expr) -> R<u8> {
        let r = self.reserve(1)?;
        self.exp2reg(e, r)?;
        Ok(r)
    }

    /// A register holding `e`'s value: a local's own register, or a new temporary.
    fn exp2anyreg(&mut self, e: &Expr) -> R<u8> {
        if let ExprKind::Name(n) = &e.kind {
            if let Var::Local(r) = self.resolve(n)? {
                return Ok(r);
            }
        }
        self.exp2nextreg(e)
    }

    /// Whether `dest` is the last reserved temporary (so code may place results there).
    fn is_top(&self, dest: u8) -> bool {
        dest as u32 + 1 == self.freereg() && dest as u32 >= self.active_regs()
    }

    fn exp2reg(&mut self, e: &Expr, dest: u8) -> R<()> {
        let saved_span = self.span;
        self.span = e.span;
        let r = self.exp2reg_inner(e, dest);
        self.span = saved_span;
        r
    }

    fn exp2reg_inner(&mut self, e: &Expr, dest: u8) -> R<()> {
        if chains::is_long_chain(e) {
            return self.chain_to_reg(e, dest);
        }
        match &e.kind {
            ExprKind::Nil => {
                self.emit(Op::LoadNil { a: dest, n: 0 });
            }
            ExprKind::True => {
                self.emit(Op::LoadBool { a: dest, b: true });
            }
            ExprKind::False => {
                self.emit(Op::LoadBool { a: dest, b: false });
            }
            ExprKind::Int(i) => self.load_int(dest, *i),
            ExprKind::Float(f) => {
                let k = self.value_const(Value::Float(*f));
                self.emit(Op::LoadK { a: dest, k });
            }
            ExprKind::Str(s) => {
                let k = self.str_const(s);
                self.emit(Op::LoadK { a: dest, k });
            }
            ExprKind::Vararg => {
                self.emit(Op::Vararg { a: dest, c: 2 });
            }
            ExprKind::Function(f) => {
                let p = self.function(f, false)?;
                self.span = e.span;
                self.emit(Op::Closure { a: dest, p });
            }
            ExprKind::Table(t) => self.table(t, dest)?,
            ExprKind::Name(n) => match self.resolve(n)? {
                Var::Local(r) => {
                    if r != dest {
                        self.emit(Op::Move { a: dest, b: r });
                    }
                }
                Var::Upval(u) => {
                    self.emit(Op::GetUpval { a: dest, b: u });
                }
                Var::Global => {
                    let k = self.str_const(n.as_bytes());
                    self.get_global(dest, k)?;
                }
            },
            ExprKind::Index { obj, key } => {
                let save = self.freereg();
                let o = self.exp2anyreg(obj)?;
                match &key.kind {
                    ExprKind::Str(s) => {
                        let k = self.str_const(s);
                        self.span = e.span;
                        self.emit(Op::GetField { a: dest, b: o, k });
                    }
                    ExprKind::Int(i) if (1..=255).contains(i) => {
                        self.span = e.span;
                        self.emit(Op::GetInt {
                            a: dest,
                            b: o,
                            c: *i as u8,
                        });
                    }
                    _ => {
                        let kr = self.exp2anyreg(key)?;
                        self.span = e.span;
                        self.emit(Op::GetTable {
                            a: dest,
                            b: o,
                            c: kr,
                        });
                    }
                }
                self.set_freereg(save.max(dest as u32 + 1).min(self.freereg()));
                self.set_freereg(save);
            }
            ExprKind::Field { obj, name } => {
                let save = self.freereg();
                let o = self.exp2anyreg(obj)?;
                let k = self.str_const(name.name.as_bytes());
                self.span = e.span;
                self.emit(Op::GetField { a: dest, b: o, k });
                self.set_freereg(save);
            }
            ExprKind::Call(call) => {
                if self.is_top(dest) {
                    self.set_freereg(dest as u32);
                    self.call(call, dest as u32, 1)?;
                    self.set_freereg(dest as u32 + 1);
                } else {
                    let base = self.freereg();
                    self.call(call, base, 1)?;
                    self.emit(Op::Move {
                        a: dest,
                        b: base as u8,
                    });
                    self.set_freereg(base);
                }
            }
            ExprKind::Paren(inner) => self.exp2reg(inner, dest)?,
            ExprKind::Unary { op, operand } => {
                if *op == UnOp::Neg {
                    if let Some(v) = num_const(e) {
                        match v {
                            Value::Int(i) => self.load_int(dest, i),
                            _ => {
                                let k = self.value_const(v);
                                self.emit(Op::LoadK { a: dest, k });
                            }
                        }
                        return Ok(());
                    }
                }
                let save = self.freereg();
                let r = self.exp2anyreg(operand)?;
                self.span = e.span;
                let op = match op {
                    UnOp::Neg => Op::Unm { a: dest, b: r },
                    UnOp::Not => Op::Not { a: dest, b: r },
                    UnOp::Len => Op::Len { a: dest, b: r },
                    UnOp::BNot => Op::BNot { a: dest, b: r },
                };
                self.emit(op);
                self.set_freereg(save);
            }
            ExprKind::Binary {
                op,
                lhs,
                rhs,
                op_span,
            } => self.binary(*op, lhs, rhs, *op_span, dest)?,
        }
        Ok(())
    }

    fn load_int(&mut self, dest: u8, i: i64) {
        if let Ok(small) = i32::try_from(i) {
            self.emit(Op::LoadI { a: dest, i: small });
        } else {
            let k = self.value_const(Value::Int(i));
            self.emit(Op::LoadK { a: dest, k });
        }
    }

    /// `dest = R[b] aop rhs`, with the left operand already in register `b`.
    fn arith_rest(&mut self, aop: ArithOp, b: u8, rhs: &Expr, op_span: Span, dest: u8) -> R<()> {
        if let Some(v) = num_const(rhs) {
            self.span = op_span;
            match (aop, v) {
                (ArithOp::Add, Value::Int(i)) if i16::try_from(i).is_ok() => {
                    self.emit(Op::AddI {
                        a: dest,
                        b,
                        sub: false,
                        i: i as i16,
                    });
                }
                // `x - c` as `x + (-c)`, as PUC Lua compiles it: the same result for
                // integers (wrapping) and floats (IEEE subtraction is addition of the
                // negation), and like Lua `-0.0 - 0` is `-0.0 + 0`, which is `0.0`.
                (ArithOp::Sub, Value::Int(i)) if i16::try_from(i).is_ok_and(|s| s != i16::MIN) => {
                    self.emit(Op::AddI {
                        a: dest,
                        b,
                        sub: true,
                        i: -(i as i16),
                    });
                }
                (_, Value::Int(i)) if i32::try_from(i).is_ok() => {
                    let (a, i) = (dest, i as i32);
                    self.emit(match aop {
                        ArithOp::Mul => Op::MulI { a, b, i },
                        ArithOp::Mod => Op::ModI { a, b, i },
                        op => Op::ArithI { a, b, op, i },
                    });
                }
                _ => {
                    let k = self.value_const(v);
                    self.emit(Op::ArithK {
                        a: dest,
                        b,
                        op: aop,
                        k,
                    });
                }
            }
            return Ok(());
        }
        let c = self.exp2anyreg(rhs)?;
        self.span = op_span;
        let ins = match aop {
            ArithOp::Add => Op::Add { a: dest, b, c },
            ArithOp::Sub => Op::Sub { a: dest, b, c },
            ArithOp::Mul => Op::Mul { a: dest, b, c },
            ArithOp::Div => Op::Div { a: dest, b, c },
            ArithOp::Mod => Op::Mod { a: dest, b, c },
            ArithOp::Pow => Op::Pow { a: dest, b, c },
            ArithOp::IDiv => Op::IDiv { a: dest, b, c },
            ArithOp::BAnd => Op::BAnd { a: dest, b, c },
            ArithOp::BOr => Op::BOr { a: dest, b, c },
            ArithOp::BXor => Op::BXor { a: dest, b, c },
            ArithOp::Shl => Op::Shl { a: dest, b, c },
            ArithOp::Shr => Op::Shr { a: dest, b, c },
        };
        self.emit(ins);
        Ok(())
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, op_span: Span, dest: u8) -> R<()> {
        if let Some(aop) = arith_op(op) {
            let save = self.freereg();
            // A fresh temporary destination holds the left operand itself (the result
            // overwrites it last): one register per level of a right-nested `^` chain.
            let b = if self.is_top(dest) && !matches!(lhs.kind, ExprKind::Name(_)) {
                self.exp2reg(lhs, dest)?;
                dest
            } else {
                self.exp2anyreg(lhs)?
            };
            self.arith_rest(aop, b, rhs, op_span, dest)?;
            self.set_freereg(save);
            return Ok(());
        }
        match op {
            BinOp::Concat => {
                let mut operands = vec![lhs];
                let mut cur = rhs;
                loop {
                    if let ExprKind::Binary {
                        op: BinOp::Concat,
                        lhs: l2,
                        rhs: r2,
                        ..
                    } = &cur.kind
                    {
                        operands.push(l2);
                        cur = r2;
                    } else {
                        operands.push(cur);
                        break;
                    }
                }
                let save = self.freereg();
                let top = self.is_top(dest);
                let base = if top {
                    self.set_freereg(dest as u32);
                    dest as u32
                } else {
                    save
                };
                for o in &operands {
                    self.exp2nextreg(o)?;
                }
                self.span = op_span;
                self.emit(Op::Concat {
                    a: base as u8,
                    n: operands.len().min(255) as u8,
                });
                if !top {
                    self.emit(Op::Move {
                        a: dest,
                        b: base as u8,
                    });
                    self.set_freereg(save);
                } else {
                    self.set_freereg(dest as u32 + 1);
                }
            }
            BinOp::And | BinOp::Or => {
                // A constant left operand decides at compile time (as PUC Lua folds it).
                let lhs_truth = const_truth(lhs);
                // Only `true-constant and x` and `false-constant or x` fold (to x).
                if lhs_truth == Some(op == BinOp::And) {
                    return self.exp2reg(rhs, dest);
                }
                self.exp2reg(lhs, dest)?;
                self.span = op_span;
                let j = self.emit(Op::Test {
                    a: dest,
                    k: op == BinOp::Or,
                    off: 0,
                });
                self.exp2reg(rhs, dest)?;
                self.patch_here(vec![j]);
            }
            _ => {
                // Comparison producing a boolean.
                let f = self.compare_jump(op, Operand::Expr(lhs), rhs, op_span, false)?;
                self.emit(Op::LoadBool { a: dest, b: true });
                let j = self.emit_jump();
                self.patch_here(f);
                self.emit(Op::LoadBool { a: dest, b: false });
                self.patch_here(vec![j]);
            }
        }
        Ok(())
    }
}

//! Variable names for error messages ("(global 'x')", "(field 'y')"), found from the
//! bytecode like PUC Lua's `getobjname`: the active local in a register, or the
//! instruction that last loaded it.

use crate::bytecode::{Op, Proto};
use crate::heap::Heap;
use crate::value::Value;

fn writes(op: &Op, reg: u8) -> bool {
    match *op {
        Op::Move { a, .. }
        | Op::LoadK { a, .. }
        | Op::LoadI { a, .. }
        | Op::LoadBool { a, .. }
        | Op::GetUpval { a, .. }
        | Op::GetGlobal { a, .. }
        | Op::GetTable { a, .. }
        | Op::GetField { a, .. }
        | Op::GetInt { a, .. }
        | Op::NewTable { a, .. }
        | Op::Add { a, .. }
        | Op::Sub { a, .. }
        | Op::Mul { a, .. }
        | Op::Div { a, .. }
        | Op::Mod { a, .. }
        | Op::Pow { a, .. }
        | Op::IDiv { a, .. }
        | Op::BAnd { a, .. }
        | Op::BOr { a, .. }
        | Op::BXor { a, .. }
        | Op::Shl { a, .. }
        | Op::Shr { a, .. }
        | Op::ArithK { a, .. }
        | Op::ArithI { a, .. }
        | Op::MulI { a, .. }
        | Op::ModI { a, .. }
        | Op::AddI { a, .. }
        | Op::Unm { a, .. }
        | Op::Not { a, .. }
        | Op::Len { a, .. }
        | Op::BNot { a, .. }
        | Op::Concat { a, .. }
        | Op::Closure { a, .. } => a == reg,
        Op::SelfOp { a, .. } => a == reg || a + 1 == reg,
        Op::LoadNil { a, n } => reg >= a && reg as u32 <= a as u32 + n as u32,
        Op::Call { a, .. } | Op::TailCall { a, .. } | Op::Vararg { a, .. } => reg >= a,
        Op::TForCall { a, .. } => reg >= a + 4,
        _ => false,
    }
}

fn jump_target(op: &Op, pc: usize) -> Option<usize> {
    let off = match *op {
        Op::Jmp { off }
        | Op::Test { off, .. }
        | Op::Eq { off, .. }
        | Op::Lt { off, .. }
        | Op::Le { off, .. }
        | Op::EqK { off, .. }
        | Op::NeK { off, .. }
        | Op::EqI { off, .. }
        | Op::LtI { off, .. }
        | Op::LeI { off, .. }
        | Op::GtI { off, .. }
        | Op::GeI { off, .. } => off,
        _ => return None,
    };
    let t = pc as i64 + 1 + off as i64;
    (t >= 0).then_some(t as usize)
}

/// The last instruction before `lastpc` that sets `reg`, if it dominates `lastpc`.
fn find_set_reg(p: &Proto, lastpc: usize, reg: u8) -> Option<usize> {
    let mut setreg = None;
    let mut jmptarget = 0usize;
    for (pc, op) in p.code.iter().enumerate().take(lastpc) {
        if let Some(t) = jump_target(op, pc) {
            if pc < t && t <= lastpc && t > jmptarget {
                jmptarget = t;
            }
            continue;
        }
        if writes(op, reg) {
            setreg = if pc < jmptarget { None } else { Some(pc) };
        }
    }
    setreg
}

fn const_str(p: &Proto, heap: &Heap, k: u32) -> Option<String> {
    match p.consts.get(k as usize)? {
        Value::Str(s) => Some(String::from_utf8_lossy(heap.str_bytes(*s)).into_owned()),
        _ => None,
    }
}

/// Describes register `reg` at instruction `pc` of `p` ("global 'x'", "local 'y'", ...).
pub fn describe_reg(p: &Proto, heap: &Heap, pc: usize, reg: u8) -> Option<String> {
    describe_depth(p, heap, pc, reg, 0)
}

fn describe_depth(p: &Proto, heap: &Heap, pc: usize, reg: u8, depth: u32) -> Option<String> {
    if let Some(name) = p.local_name(reg, pc as u32) {
        if name == crate::compiler::MAIN_ENV {
            return Some("upvalue '_ENV'".into());
        }
        if !name.starts_with('(') {
            return Some(format!("local '{name}'"));
        }
        return None;
    }
    if depth > 8 {
        return None;
    }
    let setpc = find_set_reg(p, pc, reg)?;
    match p.code[setpc] {
        Op::Move { a, b } if b < a => describe_depth(p, heap, setpc, b, depth + 1),
        Op::GetGlobal { k, .. } => Some(format!("global '{}'", const_str(p, heap, k)?)),
        // A global of a chunk loaded with an env: the env table is a constant loaded just
        // before (lua5.4 names `_ENV.x` a global).
        Op::GetField { k, a, b }
            if a == b
                && setpc > 0
                && matches!(p.code[setpc - 1], Op::LoadK { a: la, k: lk }
                    if la == b && matches!(p.consts.get(lk as usize), Some(crate::value::Value::Table(_)))) =>
        {
            Some(format!("global '{}'", const_str(p, heap, k)?))
        }
        // A field of a table named `_ENV` (a local or an upvalue) is a global (isEnv).
        Op::GetField { k, b, .. } if is_env(p, setpc, b) => {
            Some(format!("global '{}'", const_str(p, heap, k)?))
        }
        Op::GetField { k, .. } => Some(format!("field '{}'", const_str(p, heap, k)?)),
        // lvm's getobjname: an integer key is "integer index"; a key in a register is named
        // only when it holds a string constant (rname).
        Op::GetInt { .. } => Some("field 'integer index'".into()),
        Op::GetTable { b, c, .. } => {
            let key = match describe_depth(p, heap, setpc, c, depth + 1) {
                Some(d) if d.starts_with("constant '") => {
                    d["constant '".len()..d.len() - 1].to_string()
                }
                _ => "?".to_string(),
            };
            let kind = if is_env(p, setpc, b) {
                "global"
            } else {
                "field"
            };
            Some(format!("{kind} '{key}'"))
        }
        Op::GetUpval { b, .. } => Some(format!("upvalue '{}'", p.upval_names.get(b as usize)?)),
        Op::SelfOp { k, a, .. } if a == reg => Some(format!("method '{}'", const_str(p, heap, k)?)),
        // Only the env of a `load`ed chunk is a nil or table constant.
        Op::LoadK { k, .. }
            if matches!(p.consts.get(k as usize), Some(Value::Nil | Value::Table(_))) =>
        {
            Some("upvalue '_ENV'".into())
        }
        Op::LoadK { k, .. } => Some(format!("constant '{}'", const_str(p, heap, k)?)),
        _ => None,
    }
}

/// Whether register `reg` holds `_ENV` at `pc`: the local of that name, or the upvalue
/// just loaded into it.
fn is_env(p: &Proto, pc: usize, reg: u8) -> bool {
    if let Some(name) = p.local_name(reg, pc as u32) {
        return name == "_ENV" || name == crate::compiler::MAIN_ENV;
    }
    match find_set_reg(p, pc, reg).map(|i| p.code[i]) {
        Some(Op::GetUpval { b, .. }) => p
            .upval_names
            .get(b as usize)
            .is_some_and(|n| &**n == "_ENV"),
        _ => false,
    }
}

impl crate::vm::Vm {
    /// The name the Lua frame `level` below the top calls its callee by (`f` in `f()`,
    /// `rep` in `s:rep()` or `string.rep()`), as lua5.4's `getfuncname` finds it.
    pub fn call_site_name(&self, level: usize) -> Option<String> {
        let f = self.frames.get(self.frames.len().checked_sub(1 + level)?)?;
        let crate::vm::FrameKind::Lua { proto, .. } = f.kind else {
            return None;
        };
        let p = self.protos.get(proto as usize)?;
        let pc = (f.pc as usize).checked_sub(1)?;
        let (Op::Call { a, .. } | Op::TailCall { a, .. }) = *p.code.get(pc)? else {
            return None;
        };
        let d = describe_reg(p, &self.heap, pc, a)?;
        let start = d.find('\'')? + 1;
        let end = d.rfind('\'')?;
        d.get(start..end).map(str::to_string)
    }

    /// Whether the call made by the Lua frame `level` below the top (its current
    /// instruction) calls a function fetched by `obj:name` (lua5.4's "method" namewhat).
    pub fn called_as_method(&self, level: usize) -> bool {
        let Some(f) = self
            .frames
            .len()
            .checked_sub(1 + level)
            .and_then(|i| self.frames.get(i))
        else {
            return false;
        };
        let crate::vm::FrameKind::Lua { proto, .. } = f.kind else {
            return false;
        };
        let Some(p) = self.protos.get(proto as usize) else {
            return false;
        };
        let pc = (f.pc as usize).saturating_sub(1);
        let (Some(Op::Call { a, .. }) | Some(Op::TailCall { a, .. })) = p.code.get(pc).copied()
        else {
            return false;
        };
        matches!(
            find_set_reg(p, pc, a).map(|i| p.code[i]),
            Some(Op::SelfOp { a: sa, .. }) if sa == a
        )
    }
}

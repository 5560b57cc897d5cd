//! Table constructors, multiple results and calls (including the literal tool paths the
//! driver checks before a run).

use super::*;

impl Compiler<'_> {
    pub(super) fn table(&mut self, t: &ast::Table, dest: u8) -> R<()> {
        let top = self.is_top(dest);
        let save = self.freereg();
        let treg = if top { dest } else { self.reserve(1)? };
        let narr = t
            .fields
            .iter()
            .filter(|f| matches!(f, ast::TableField::Positional(_)))
            .count();
        let nhash = t.fields.len() - narr;
        self.emit(Op::NewTable {
            a: treg,
            narr: narr.min(u16::MAX as usize) as u16,
            nhash: nhash.min(255) as u8,
        });
        let mut pending = 0u32;
        let mut stored = 0u32;
        let nfields = t.fields.len();
        for (i, f) in t.fields.iter().enumerate() {
            match f {
                ast::TableField::Positional(e) => {
                    if i + 1 == nfields && is_multi(e) {
                        self.multi(e, -1)?;
                        self.emit(Op::SetList {
                            a: treg,
                            n: 0,
                            start: stored,
                        });
                        stored += pending;
                        pending = 0;
                        self.set_freereg(treg as u32 + 1);
                        continue;
                    }
                    self.exp2nextreg(e)?;
                    pending += 1;
                    if pending == FIELDS_PER_FLUSH {
                        self.emit(Op::SetList {
                            a: treg,
                            n: pending as u8,
                            start: stored,
                        });
                        stored += pending;
                        pending = 0;
                        self.set_freereg(treg as u32 + 1);
                    }
                }
                ast::TableField::Named { name, value } => {
                    let s = self.freereg();
                    let k = self.str_const(name.name.as_bytes());
                    let v = self.exp2anyreg(value)?;
                    self.emit(Op::SetField { a: treg, c: v, k });
                    self.set_freereg(s);
                }
                ast::TableField::Keyed { key, value } => {
                    let s = self.freereg();
                    if let ExprKind::Str(ks) = &key.kind {
                        let k = self.str_const(ks);
                        let v = self.exp2anyreg(value)?;
                        self.emit(Op::SetField { a: treg, c: v, k });
                    } else {
                        let kr = self.exp2anyreg(key)?;
                        let v = self.exp2anyreg(value)?;
                        self.span = key.span;
                        self.emit(Op::SetTable {
                            a: treg,
                            b: kr,
                            c: v,
                        });
                    }
                    self.set_freereg(s);
                }
            }
        }
        if pending > 0 {
            self.emit(Op::SetList {
                a: treg,
                n: pending as u8,
                start: stored,
            });
        }
        if top {
            self.set_freereg(dest as u32 + 1);
        } else {
            self.emit(Op::Move { a: dest, b: treg });
            self.set_freereg(save);
        }
        Ok(())
    }

    /// Compiles a multi-value expression (call or `...`) at freereg with `want` results
    /// (-1: all, up to the VM's top).
    pub(super) fn multi(&mut self, e: &Expr, want: i32) -> R<()> {
        let base = self.freereg();
        match &e.kind {
            ExprKind::Call(call) => {
                self.call(call, base, want)?;
            }
            ExprKind::Vararg => {
                self.span = e.span;
                let r = self.reserve(want.max(1) as u32)?;
                self.emit(Op::Vararg {
                    a: r,
                    c: (want + 1) as u8,
                });
            }
            _ => {
                self.exp2nextreg(e)?;
            }
        }
        if want >= 0 {
            self.set_freereg(base);
            self.reserve(want as u32)?;
        }
        Ok(())
    }

    /// Compiles a call with the function at `base` and `nresults` results (-1: all).
    /// Leaves freereg at `base`.
    pub(super) fn call(&mut self, call: &ast::Call, base: u32, nresults: i32) -> R<()> {
        self.set_freereg(base);
        self.note_tool_path(call);
        let fr = self.reserve(1)?;
        let nargs: u32;
        if let Some(m) = &call.method {
            let save_span = self.span;
            let o = self.exp2anyreg(&call.func)?;
            self.reserve(1)?;
            let k = self.str_const(m.name.as_bytes());
            self.span = m.span;
            self.emit(Op::SelfOp { a: fr, b: o, k });
            self.span = save_span;
            self.set_freereg(fr as u32 + 2);
            nargs = 1;
        } else {
            nargs = 0;
            self.exp2reg(&call.func, fr)?;
            self.set_freereg(fr as u32 + 1);
        }
        self.call_args(call, fr, nargs, base, nresults)
    }

    /// The rest of [`Self::call`] once the function (and for a method call the receiver,
    /// counted in `nargs`) is in place at `fr`: the arguments, then the call.
    pub(super) fn call_args(
        &mut self,
        call: &ast::Call,
        fr: u8,
        mut nargs: u32,
        base: u32,
        nresults: i32,
    ) -> R<()> {
        let mut multi = false;
        match &call.args {
            ast::Args::List(list) => {
                let n = list.len();
                for (i, a) in list.iter().enumerate() {
                    if i + 1 == n && is_multi(a) {
                        self.multi(a, -1)?;
                        multi = true;
                    } else {
                        self.exp2nextreg(a)?;
                    }
                    nargs += 1;
                }
            }
            ast::Args::Table(t) => {
                let r = self.reserve(1)?;
                self.table(t, r)?;
                nargs += 1;
            }
            ast::Args::Str(s) => {
                let r = self.reserve(1)?;
                let k = self.str_const(s);
                self.emit(Op::LoadK { a: r, k });
                nargs += 1;
            }
        }
        if nargs > 250 {
            return Err(self.err("function or expression needs too many registers"));
        }
        // Errors in a call are reported at the line of its arguments' opening (as Lua).
        self.span = Span::new(call.args_span.start, call.args_span.start);
        self.emit(Op::Call {
            a: fr,
            b: if multi { 0 } else { (nargs + 1) as u8 },
            c: (nresults + 1) as u8,
        });
        self.set_freereg(base);
        Ok(())
    }

    /// Records `tools.a.b(...)`-style literal chains for the driver.
    pub(super) fn note_tool_path(&mut self, call: &ast::Call) {
        if call.method.is_some() {
            return;
        }
        let mut segs: Vec<String> = Vec::new();
        let mut cur = &call.func;
        loop {
            match &cur.kind {
                ExprKind::Field { obj, name } => {
                    segs.push(name.name.to_string());
                    cur = obj;
                }
                ExprKind::Index { obj, key } => match &key.kind {
                    ExprKind::Str(s) => match std::str::from_utf8(s) {
                        Ok(s) => {
                            segs.push(s.to_string());
                            cur = obj;
                        }
                        Err(_) => return,
                    },
                    _ => return,
                },
                ExprKind::Paren(inner) => cur = inner,
                ExprKind::Name(n) => {
                    let level = self.funcs.len() - 1;
                    let is_global = self.find_var_readonly(level, n);
                    if !is_global {
                        return;
                    }
                    match self.roots {
                        ToolRoots::Named(root) => {
                            if **n != **root || segs.is_empty() {
                                return;
                            }
                        }
                        ToolRoots::Globals(names) => {
                            if !names.iter().any(|g| **g == **n) {
                                return;
                            }
                            segs.push(n.to_string());
                        }
                    }
                    segs.reverse();
                    let loc = self.location(call.func.span);
                    self.tool_paths.push((segs, Some(loc)));
                    return;
                }
                _ => return,
            }
        }
    }

    /// Whether `name` is a global at this point (not a local or upvalue anywhere out).
    pub(super) fn find_var_readonly(&self, level: usize, name: &str) -> bool {
        for fs in self.funcs[..=level].iter() {
            if fs.actives.iter().any(|a| &*a.name == name) {
                return false;
            }
        }
        true
    }
}

//! `goto` and labels: Lua 5.4's visibility rules and compile errors (lparser.c's
//! `createlabel`, `solvegotos`, `movegotosout`), worded and positioned as lua5.4 reports
//! them.

use codemode_core::{Diagnostic, DiagnosticKind, Location};
use codemode_lua_syntax as ast;

use super::{Compiler, GotoDesc, LabelDesc, R};
use crate::bytecode::Op;

impl Compiler<'_> {
    /// Fails on a `goto` whose label was never seen (at the end of its function, as
    /// lua5.4 reports it: at the token after the function).
    pub(super) fn check_gotos_resolved(&self, end_offset: u32) -> R<()> {
        if let Some(g) = self.fsr().gotos.first() {
            let line = self.next_token_line(end_offset);
            return Err(self.err_at_line(
                line,
                format!(
                    "no visible label '{}' for <goto> at line {}",
                    g.name, g.line
                ),
            ));
        }
        Ok(())
    }

    /// The line of the first token at or after `offset` (skipping blanks and comments).
    pub(super) fn next_token_line(&self, offset: u32) -> u32 {
        let src = self.source.as_bytes();
        let mut i = offset as usize;
        loop {
            while i < src.len() && src[i].is_ascii_whitespace() {
                i += 1;
            }
            if src.get(i..i + 2) == Some(b"--") {
                i += 2;
                // A long comment `--[==[ ... ]==]` or a line comment.
                let mut j = i;
                if src.get(j) == Some(&b'[') {
                    j += 1;
                    let mut level = 0;
                    while src.get(j) == Some(&b'=') {
                        level += 1;
                        j += 1;
                    }
                    if src.get(j) == Some(&b'[') {
                        let mut close = vec![b']'];
                        close.extend(std::iter::repeat_n(b'=', level));
                        close.push(b']');
                        i = match src[j..].windows(close.len()).position(|w| w == close) {
                            Some(k) => j + k + close.len(),
                            None => src.len(),
                        };
                        continue;
                    }
                }
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            break;
        }
        self.lines.line(i as u32)
    }

    pub(super) fn err_at_line(&self, line: u32, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(
            DiagnosticKind::ParseError,
            format!("{}:{}: {}", self.chunk_label(), line, msg.into()),
        )
        .at(Location::new(line, 1))
    }

    /// Register level below the first `nactive` locals.
    pub(super) fn level_of(&self, nactive: usize) -> u32 {
        match nactive.checked_sub(1) {
            Some(i) => self.fsr().actives[i].reg as u32 + 1,
            None => 0,
        }
    }

    pub(super) fn goto_stat(&mut self, name: &ast::Name) -> R<()> {
        let line = self.location(name.span).line;
        let fs = self.fsr();
        let nactive = fs.actives.len();
        if let Some(l) = fs.labels.iter().find(|l| l.name == name.name) {
            // Backward: the label is already placed; close what lies above its level.
            let (target, lnactive) = (l.pc, l.nactive);
            let level = self.level_of(lnactive);
            if self.level_of(nactive) > level {
                self.emit(Op::Close { a: level as u8 });
            }
            let j = self.emit_jump();
            self.patch(j, target);
            return Ok(());
        }
        let jmp = self.emit_jump();
        self.fs().gotos.push(GotoDesc {
            name: name.name.clone(),
            jmp,
            nactive,
            line,
            close: false,
        });
        Ok(())
    }

    /// `::name::`; `last` when only void statements follow it in its block (it is then
    /// outside the scope of the block's locals); `next_line` is where lua5.4 would be
    /// reading when it checks the label (for its error messages).
    pub(super) fn label_stat(&mut self, name: &ast::Name, last: bool, next_line: u32) -> R<()> {
        let line = self.location(name.span).line;
        if let Some(l) = self.fsr().labels.iter().find(|l| l.name == name.name) {
            return Err(self.err_at_line(
                next_line,
                format!("label '{}' already defined on line {}", name.name, l.line),
            ));
        }
        let fs = self.fsr();
        let (block_nactive, first_goto) = match fs.blocks.last() {
            Some(b) => (b.nactive, b.first_goto),
            None => (0, 0),
        };
        let nactive = if last {
            block_nactive
        } else {
            fs.actives.len()
        };
        let mut close = false;
        let mut i = first_goto;
        let mut resolved = Vec::new();
        while i < self.fsr().gotos.len() {
            let g = &self.fsr().gotos[i];
            if g.name != name.name {
                i += 1;
                continue;
            }
            if g.nactive < nactive {
                let var = self.fsr().actives[g.nactive].name.clone();
                return Err(self.err_at_line(
                    next_line,
                    format!(
                        "<goto {}> at line {} jumps into the scope of local '{}'",
                        g.name, g.line, var
                    ),
                ));
            }
            let g = self.fs().gotos.remove(i);
            close |= g.close;
            resolved.push(g.jmp);
        }
        let pc = self.pc();
        if close {
            let level = self.level_of(nactive);
            self.emit(Op::Close { a: level as u8 });
        }
        for j in resolved {
            self.patch(j, pc);
        }
        self.fs().labels.push(LabelDesc {
            name: name.name.clone(),
            pc,
            nactive,
            line,
        });
        Ok(())
    }
}

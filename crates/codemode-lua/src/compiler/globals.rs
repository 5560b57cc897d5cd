//! Free names (Lua 5.4 §2.2: `x` is `_ENV.x`). A chunk that never names `_ENV` reads and
//! writes globals with `GetGlobal`/`SetGlobal` (or as fields of its `load` env constant);
//! a chunk that names it keeps its environment in a local `_ENV` of the main function
//! (set from load's env or the globals table), and every free name is a field of the
//! `_ENV` in scope: that local, an upvalue of it, or a program's own `local _ENV` or
//! parameter `_ENV`. The choice is made per chunk at compile time, so the global fast path
//! is untouched where `_ENV` does not appear.

use super::{Compiler, ConstKey, Var, R};
use crate::bytecode::Op;
use crate::value::Value;

/// The debug name of the main function's `_ENV` local (described as lua5.4's upvalue).
pub const MAIN_ENV: &str = "(_ENV)";

/// Whether `source` has the identifier `_ENV` (anywhere, comments and strings included:
/// naming it there only costs the faster global access).
pub(super) fn names_env(source: &str) -> bool {
    let b = source.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut from = 0;
    while let Some(i) = source[from..].find("_ENV") {
        let at = from + i;
        let end = at + 4;
        let before = at == 0 || !ident(b[at - 1]);
        let after = end >= b.len() || !ident(b[end]);
        if before && after {
            return true;
        }
        from = end;
    }
    false
}

impl Compiler<'_> {
    /// The main function's `_ENV` local, holding `init` (load's env or the globals table).
    pub(super) fn declare_main_env(&mut self, init: Value) -> R<()> {
        let r = self.reserve(1)?;
        let k = self.add_const(ConstKey::Env, init);
        self.emit(Op::LoadK { a: r, k });
        self.declare_local("_ENV", r, false);
        // lua5.4 has it as the main function's upvalue: messages name it so.
        if let Some(v) = self.fs().proto.locvars.last_mut() {
            v.name = MAIN_ENV.into();
        }
        Ok(())
    }

    /// R[r] = the global named by K[k].
    pub(super) fn get_global(&mut self, r: u8, k: u32) -> R<()> {
        if self.env_mode {
            match self.resolve("_ENV")? {
                Var::Local(e) => {
                    self.emit(Op::GetField { a: r, b: e, k });
                    return Ok(());
                }
                Var::Upval(u) => {
                    self.emit(Op::GetUpval { a: r, b: u });
                    self.emit(Op::GetField { a: r, b: r, k });
                    return Ok(());
                }
                Var::Global => {}
            }
        }
        match self.env {
            Some(env) => {
                let ke = self.add_const(ConstKey::Env, env);
                self.emit(Op::LoadK { a: r, k: ke });
                self.emit(Op::GetField { a: r, b: r, k });
            }
            None => {
                self.emit(Op::GetGlobal { a: r, k });
            }
        }
        Ok(())
    }

    /// The global `name` = R[src].
    pub(super) fn store_global(&mut self, name: &str, src: u8) -> R<()> {
        let k = self.str_const(name.as_bytes());
        let env = if self.env_mode {
            self.resolve("_ENV")?
        } else {
            Var::Global
        };
        match (env, self.env) {
            (Var::Local(e), _) => {
                self.emit(Op::SetField { a: e, c: src, k });
            }
            (Var::Upval(u), _) => {
                let save = self.freereg();
                let t = self.reserve(1)?;
                self.emit(Op::GetUpval { a: t, b: u });
                self.emit(Op::SetField { a: t, c: src, k });
                self.set_freereg(save);
            }
            (Var::Global, Some(env)) => {
                let save = self.freereg();
                let t = self.reserve(1)?;
                let ke = self.add_const(ConstKey::Env, env);
                self.emit(Op::LoadK { a: t, k: ke });
                self.emit(Op::SetField { a: t, c: src, k });
                self.set_freereg(save);
            }
            (Var::Global, None) => {
                self.emit(Op::SetGlobal { a: src, k });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::names_env;
    use crate::bytecode::Op;
    use crate::compiler::{compile, ToolRoots};
    use crate::heap::Heap;

    fn code(source: &str) -> Vec<Op> {
        let chunk = codemode_lua_syntax::parse(source, &Default::default()).expect("parses");
        let mut heap = Heap::new(usize::MAX);
        let globals = heap.new_table(0, 0);
        let out = compile(
            &chunk,
            source,
            &mut heap,
            &ToolRoots::Globals(Vec::new()),
            globals,
        )
        .expect("compiles");
        out.protos.into_iter().flat_map(|p| p.code).collect()
    }

    #[test]
    fn globals_use_the_fast_path_unless_the_chunk_names_env() {
        let plain = code("x = y + 1 local function f() return z end return f()");
        assert!(plain.iter().any(|op| matches!(op, Op::GetGlobal { .. })));
        assert!(plain.iter().any(|op| matches!(op, Op::SetGlobal { .. })));
        assert!(!plain
            .iter()
            .any(|op| matches!(op, Op::GetField { .. } | Op::SetField { .. })));
        let env = code("x = y + 1 local function f() return z end return f(), _ENV");
        assert!(!env
            .iter()
            .any(|op| matches!(op, Op::GetGlobal { .. } | Op::SetGlobal { .. })));
        assert!(env.iter().any(|op| matches!(op, Op::GetField { .. })));
        assert!(env.iter().any(|op| matches!(op, Op::SetField { .. })));
    }

    #[test]
    fn env_is_found_only_as_a_whole_identifier() {
        assert!(names_env("_ENV.x = 1"));
        assert!(names_env("local _ENV = {}"));
        assert!(names_env("f(_ENV)"));
        assert!(!names_env("local my_ENV = 1"));
        assert!(!names_env("_ENVx = 1"));
        assert!(!names_env("x = 1"));
    }
}

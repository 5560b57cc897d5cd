//! The built-in interpreters, created once per process and shared by every runtime.
use codemode_core::{Interpreter, Language};
use std::sync::Arc;

/// The built-in interpreter for `language`, if this build includes it.
pub(crate) fn builtin(language: Language) -> Option<Arc<dyn Interpreter>> {
    match language {
        Language::Lua => lua(),
        Language::JavaScript => js(),
    }
}

fn lua() -> Option<Arc<dyn Interpreter>> {
    None
}

fn js() -> Option<Arc<dyn Interpreter>> {
    None
}

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

#[cfg(feature = "lua")]
fn lua() -> Option<Arc<dyn Interpreter>> {
    static LUA: std::sync::OnceLock<Arc<dyn Interpreter>> = std::sync::OnceLock::new();
    Some(
        LUA.get_or_init(|| Arc::new(codemode_lua::LuaInterpreter::new()))
            .clone(),
    )
}

#[cfg(not(feature = "lua"))]
fn lua() -> Option<Arc<dyn Interpreter>> {
    None
}

#[cfg(feature = "js")]
fn js() -> Option<Arc<dyn Interpreter>> {
    static JS: std::sync::OnceLock<Arc<dyn Interpreter>> = std::sync::OnceLock::new();
    Some(
        JS.get_or_init(|| Arc::new(codemode_js::JsInterpreter::new()))
            .clone(),
    )
}

#[cfg(not(feature = "js"))]
fn js() -> Option<Arc<dyn Interpreter>> {
    None
}

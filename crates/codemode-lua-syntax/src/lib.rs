//! Lua 5.4 lexer (logos), parser (lalrpop) and AST for codemode.

pub mod ast;
mod limits;
mod line_index;

pub use ast::*;
pub use limits::ParseLimits;
pub use line_index::LineIndex;

//! Lua 5.4 lexer (logos), parser (lalrpop) and AST for codemode.
//!
//! [`parse`] turns source text into a [`Chunk`] or a Lua-worded `ParseError` diagnostic;
//! [`check_supported`] reports the constructs codemode parses but does not run (`goto`,
//! labels, `<close>`). The tree's depth is bounded by [`ParseLimits::max_nesting`], so
//! recursive passes over it (and its `Drop`) are safe.

pub mod ast;
mod check;
mod lexer;
mod limits;
mod line_index;
mod parser;
pub mod render;
mod tokens;

pub use ast::*;
pub use check::check_supported;
pub use lexer::{str_to_number, Number};
pub use limits::ParseLimits;
pub use line_index::LineIndex;
pub use parser::parse;

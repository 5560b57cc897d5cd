//! Lua 5.4 lexer (logos), parser (lalrpop) and AST for codemode.
//!
//! - [`parse`] turns source text into a [`Chunk`] (the AST of [`ast`], with a [`LineIndex`]
//!   for lines and columns) or a `ParseError` diagnostic worded as Lua 5.4 words it, without
//!   Lua's `chunk:line:` prefix, located at the offending token.
//! - [`check_supported`] reports what codemode parses but does not run (`<close>`) as
//!   `UnsupportedSyntax`.
//! - [`render::render`] prints a compact view of a tree (tests, debugging).
//!
//! The parser makes Lua's parse-time checks: `...` outside a vararg function, `break` outside
//! a loop (reported, as in Lua 5.4, after the enclosing function ends), unknown attributes,
//! several `<close>` in one `local`, and assignment to `<const>`/`<close>` locals (checked
//! after the whole chunk has parsed, so a later syntax error wins over it, unlike Lua).
//! Not checked here: `goto`/label resolution (goto is unsupported anyway) and Lua's limits
//! on locals, upvalues and registers per function (the compiler's).
//!
//! Before the parser runs, the token pass bounds the nesting (open blocks and brackets plus
//! operator and suffix chains within each level) by [`ParseLimits::max_nesting`], so the
//! tree's depth is bounded and recursive passes over it, and its `Drop`, are safe. Left
//! associative chains (`a+a+...`) count too: Lua accepts any length of those, we accept
//! `max_nesting` operators per expression.

pub mod ast;
mod bytes;
mod check;
mod lexer;
mod limits;
mod line_index;
mod parser;
pub mod render;
mod tokens;

pub use ast::*;
pub use bytes::source_from_bytes;
pub use check::check_supported;
pub use lexer::{str_to_number, Number};
pub use limits::ParseLimits;
pub use line_index::LineIndex;
pub use parser::parse;

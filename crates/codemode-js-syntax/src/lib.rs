//! JavaScript-subset lexer (logos), parser (lalrpop) and AST for codemode.
//!
//! The subset and what is reported as `UnsupportedSyntax` is described in the crate's
//! README-level docs of [`parse`] (once the parser lands) and in `ast`.

pub mod ast;
mod line_index;

pub use ast::*;
pub use line_index::LineIndex;

/// Bounds the parser enforces before any recursive pass sees the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest accepted source, in bytes.
    pub max_source_bytes: usize,
    /// Deepest accepted nesting of brackets, braces, parentheses, template substitutions and
    /// unbracketed prefix/right-recursive chains (`- - x`, `a = b = c`, `x => y => z`).
    pub max_nesting: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits::from(&codemode_core::VmLimits::default())
    }
}

impl From<&codemode_core::VmLimits> for ParseLimits {
    fn from(limits: &codemode_core::VmLimits) -> Self {
        ParseLimits {
            max_source_bytes: limits.max_source_bytes,
            max_nesting: limits.max_nesting,
        }
    }
}

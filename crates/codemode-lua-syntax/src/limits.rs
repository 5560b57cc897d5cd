//! Bounds the parser enforces.

use codemode_core::VmLimits;

/// Bounds the parser enforces before any recursive pass sees the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest accepted source, in bytes.
    pub max_source_bytes: usize,
    /// Deepest accepted syntactic nesting: brackets, blocks, and chains of unary or
    /// right-associative operators.
    pub max_nesting: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits::from(&VmLimits::default())
    }
}

impl From<&VmLimits> for ParseLimits {
    fn from(limits: &VmLimits) -> Self {
        ParseLimits {
            max_source_bytes: limits.max_source_bytes,
            max_nesting: limits.max_nesting,
        }
    }
}

//! Byte offsets -> 1-based line and column.

use codemode_core::Location;

/// Turns byte offsets of one source into [`Location`]s (1-based line; 1-based column counted
/// in characters, as `codemode_core::Location` specifies) without keeping the source.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineIndex {
    /// Byte offset where each line starts; `line_starts[0] == 0`.
    line_starts: Vec<u32>,
    /// Offsets of UTF-8 continuation bytes (empty for ASCII sources), so columns count
    /// characters.
    continuation: Vec<u32>,
}

impl LineIndex {
    /// Index `source`. Lines end at `\n` (a `\r\n` pair counts once, as `\n`).
    pub fn new(source: &str) -> Self {
        let bytes = source.as_bytes();
        let mut line_starts = vec![0u32];
        let mut continuation = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            } else if b & 0xC0 == 0x80 {
                continuation.push(i as u32);
            }
        }
        LineIndex {
            line_starts,
            continuation,
        }
    }

    /// The 1-based line of byte `offset`.
    pub fn line(&self, offset: u32) -> u32 {
        // partition_point >= 1 because line_starts[0] == 0 <= offset.
        self.line_starts.partition_point(|&s| s <= offset).max(1) as u32
    }

    /// Number of lines (at least 1).
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// The 1-based line and column of byte `offset`.
    pub fn location(&self, offset: u32) -> Location {
        let line = self.line(offset);
        let start = self
            .line_starts
            .get(line as usize - 1)
            .copied()
            .unwrap_or(0);
        let bytes = offset.saturating_sub(start);
        let cont = if self.continuation.is_empty() {
            0
        } else {
            let a = self.continuation.partition_point(|&c| c < start);
            let b = self.continuation.partition_point(|&c| c < offset);
            (b - a) as u32
        };
        Location::new(line, bytes - cont + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_core_from_offset() {
        let src = "a = 1\nb = 'é'\r\n\nc=ü..x";
        let idx = LineIndex::new(src);
        for off in 0..=src.len() {
            if src.is_char_boundary(off) {
                assert_eq!(
                    idx.location(off as u32),
                    Location::from_offset(src, off),
                    "offset {off}"
                );
            }
        }
        assert_eq!(idx.line_count(), 4);
    }
}

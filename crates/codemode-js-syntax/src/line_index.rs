use codemode_core::Location;

/// Turns byte offsets into 1-based line and column [`Location`]s (columns count characters,
/// as `codemode_core::Location` specifies). Lines end at `\n`, `\r\n`, `\r`, U+2028 and
/// U+2029, as in JavaScript.
///
/// The line table is built on the first [`LineIndex::location`] call: most sources (the
/// self-hosted prelude above all) never need a location, so indexing them up front would be
/// wasted work.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    /// Byte offset of the first character of each line, once computed.
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl LineIndex {
    /// An index of `source` (the table itself is computed lazily, in linear time).
    pub fn new(_source: &str) -> LineIndex {
        LineIndex::default()
    }

    fn compute(source: &str) -> Vec<u32> {
        let mut line_starts = vec![0u32];
        let bytes = source.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => line_starts.push(i as u32 + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => line_starts.push(i as u32 + 1),
                // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
                0xE2 if bytes.get(i + 1) == Some(&0x80)
                    && matches!(bytes.get(i + 2), Some(0xA8) | Some(0xA9)) =>
                {
                    line_starts.push(i as u32 + 3);
                    i += 2;
                }
                _ => {}
            }
            i += 1;
        }
        line_starts
    }

    /// The location of byte `offset` in `source` (the same source given to [`LineIndex::new`]).
    /// Offsets past the end clamp to the end; offsets inside a character count as that
    /// character.
    pub fn location(&self, source: &str, offset: usize) -> Location {
        let offset = offset.min(source.len());
        let line_starts = self.line_starts.get_or_init(|| LineIndex::compute(source));
        let line = match line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = line_starts.get(line).copied().unwrap_or(0) as usize;
        let column = source
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or_else(|| {
                // `offset` is inside a multi-byte character: count whole characters before it.
                source
                    .get(start..)
                    .map(|s| {
                        s.char_indices()
                            .take_while(|(i, _)| start + i < offset)
                            .count()
                    })
                    .unwrap_or(0)
            });
        Location::new(line as u32 + 1, column as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let src = "ab\ncé d\r\nx\u{2028}y";
        let index = LineIndex::new(src);
        assert_eq!(index.location(src, 0), Location::new(1, 1));
        assert_eq!(index.location(src, 3), Location::new(2, 1));
        // 'd' is after "cé " (é is two bytes) -> column 4.
        assert_eq!(index.location(src, 7), Location::new(2, 4));
        assert_eq!(index.location(src, 10), Location::new(3, 1));
        assert_eq!(index.location(src, src.len() - 1), Location::new(4, 1));
        assert_eq!(index.location(src, 1000), Location::new(4, 2));
    }
}

//! Lua sources are bytes; the parser reads `&str`. [`source_from_bytes`] turns a source
//! that is not valid UTF-8 into an equivalent `&str` one, so a program with (say) Latin-1
//! bytes inside its string literals runs as in lua5.4 instead of being refused.

use std::borrow::Cow;

/// The source as text with the same meaning. Valid UTF-8 is returned as is. Otherwise:
/// - inside a quoted string, each byte that is not part of a valid UTF-8 character becomes
///   the decimal escape `\ddd` (the same byte in the string's value);
/// - a long string (`[[...]]`, `[==[...]==]`) holding such bytes becomes a quoted string
///   with the same value (each line break kept as `\` + the break, so line numbers do not
///   move);
/// - anywhere else (code, comments) such bytes become U+FFFD: ignored in a comment, and in
///   code a syntax error as lua5.4 reports one (an unexpected symbol).
pub fn source_from_bytes(src: &[u8]) -> Cow<'_, str> {
    if let Ok(s) = std::str::from_utf8(src) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    let mut i = 0;
    while i < src.len() {
        match src[i] {
            q @ (b'"' | b'\'') => i = quoted(src, i, q, &mut out),
            b'-' if src.get(i + 1) == Some(&b'-') => {
                out.push_str("--");
                i += 2;
                if let Some(level) = long_bracket(src, i) {
                    let end = long_end(src, i + level + 2, level);
                    push_lossy(&src[i..end], &mut out);
                    i = end;
                } else {
                    let end = src[i..]
                        .iter()
                        .position(|&b| b == b'\n' || b == b'\r')
                        .map_or(src.len(), |p| i + p);
                    push_lossy(&src[i..end], &mut out);
                    i = end;
                }
            }
            b'[' => match long_bracket(src, i) {
                Some(level) => i = long_string(src, i, level, &mut out),
                None => {
                    out.push('[');
                    i += 1;
                }
            },
            _ => {
                // Code up to the next byte that may start a string or a comment.
                let end = src[i + 1..]
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\'' | b'-' | b'['))
                    .map_or(src.len(), |p| i + 1 + p);
                push_lossy(&src[i..end], &mut out);
                i = end;
            }
        }
    }
    Cow::Owned(out)
}

/// Appends `bytes`, each invalid sequence as U+FFFD.
fn push_lossy(bytes: &[u8], out: &mut String) {
    out.push_str(&String::from_utf8_lossy(bytes));
}

/// The level of a long bracket `[=*[` at `i`, if there is one.
fn long_bracket(src: &[u8], i: usize) -> Option<usize> {
    if src.get(i) != Some(&b'[') {
        return None;
    }
    let level = src[i + 1..].iter().take_while(|&&b| b == b'=').count();
    (src.get(i + 1 + level) == Some(&b'[')).then_some(level)
}

/// The offset just past the closing `]=*]` of `level` searched from `from` (or the end).
fn long_end(src: &[u8], from: usize, level: usize) -> usize {
    let mut j = from;
    while j < src.len() {
        if src[j] == b']'
            && src[j + 1..].iter().take(level).all(|&b| b == b'=')
            && src.get(j + 1 + level) == Some(&b']')
        {
            return j + level + 2;
        }
        j += 1;
    }
    src.len()
}

/// Appends the bytes of a string's value from `bytes`: valid UTF-8 characters as they are,
/// other bytes as `\ddd`.
fn push_escaped_invalid(mut bytes: &[u8], out: &mut String) {
    while !bytes.is_empty() {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or(""));
                let bad = e.error_len().unwrap_or(rest.len());
                for b in &rest[..bad] {
                    out.push_str(&format!("\\{b:03}"));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// A quoted string starting at `i`; returns the offset after it. An escape's backslash
/// and the byte after it are kept together, so `\"` does not end the string and a byte
/// after `\` is never split from it (an invalid one is then Lua's "invalid escape").
fn quoted(src: &[u8], i: usize, q: u8, out: &mut String) -> usize {
    let mut j = i + 1;
    while j < src.len() {
        match src[j] {
            b'\\' => j += 2,
            b'\n' | b'\r' => break,
            b if b == q => {
                j += 1;
                break;
            }
            _ => j += 1,
        }
    }
    let j = j.min(src.len());
    push_escaped_invalid(&src[i..j], out);
    j
}

/// A long string at `i` of `level`; returns the offset after it.
fn long_string(src: &[u8], i: usize, level: usize, out: &mut String) -> usize {
    let open = level + 2;
    let end = long_end(src, i + open, level);
    let whole = &src[i..end];
    if std::str::from_utf8(whole).is_ok() {
        push_lossy(whole, out);
        return end;
    }
    let closer = [b"]".as_slice(), &vec![b'='; level], b"]"].concat();
    let closed = end >= i + open + closer.len() && src[..end].ends_with(&closer);
    if !closed {
        // Unfinished: lua5.4 reports it; keep the text (lossily) so our lexer does too.
        push_lossy(whole, out);
        return end;
    }
    let mut body = &src[i + open..end - (level + 2)];
    // Lua skips a line break right after the opening bracket.
    if body.starts_with(b"\r\n") || body.starts_with(b"\n\r") {
        body = &body[2..];
    } else if body.starts_with(b"\n") || body.starts_with(b"\r") {
        body = &body[1..];
    }
    out.push('"');
    let mut k = 0;
    while k < body.len() {
        let b = body[k];
        match b {
            b'\n' | b'\r' => {
                // `\` + the break: one newline in the value, one line in the source.
                out.push('\\');
                let pair = body
                    .get(k + 1)
                    .is_some_and(|&c| (c == b'\n' || c == b'\r') && c != b);
                let n = if pair { 2 } else { 1 };
                push_lossy(&body[k..k + n], out);
                k += n;
            }
            b'"' => {
                out.push_str("\\\"");
                k += 1;
            }
            b'\\' => {
                out.push_str("\\\\");
                k += 1;
            }
            _ => {
                let run = body[k..]
                    .iter()
                    .position(|&c| matches!(c, b'\n' | b'\r' | b'"' | b'\\'))
                    .map_or(body.len(), |p| k + p);
                push_escaped_invalid(&body[k..run], out);
                k = run;
            }
        }
    }
    out.push('"');
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_sources_are_borrowed() {
        assert!(matches!(source_from_bytes(b"return 'x'"), Cow::Borrowed(_)));
    }

    #[test]
    fn invalid_bytes_in_literals_become_escapes() {
        assert_eq!(
            source_from_bytes(b"return '\xe9t\xe9'"),
            "return '\\233t\\233'"
        );
        assert_eq!(
            source_from_bytes(b"return \"a\\\"\xff\""),
            "return \"a\\\"\\255\""
        );
        assert_eq!(
            source_from_bytes(b"return '\xe9' .. '\xc3\xa9'"),
            "return '\\233' .. '\u{e9}'"
        );
        assert_eq!(
            source_from_bytes(b"return [[\n\xe9\n\"\\]]"),
            "return \"\\233\\\n\\\"\\\\\""
        );
        assert_eq!(
            source_from_bytes(b"-- \xff\nreturn 1"),
            "-- \u{fffd}\nreturn 1"
        );
        assert_eq!(
            source_from_bytes(b"--[==[ \xff ]==] return 1"),
            "--[==[ \u{fffd} ]==] return 1"
        );
        assert_eq!(source_from_bytes(b"return \xff"), "return \u{fffd}");
    }
}

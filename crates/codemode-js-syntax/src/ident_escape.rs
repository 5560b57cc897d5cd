//! Identifiers with unicode escapes (`\u0061bc`, `a\u{62}c`): the logos lexer stops at the
//! `\`, and the token adapter rescans the whole identifier here.

use logos::Logos;

use crate::lexer::Raw;
use crate::tokens::LexError;

/// An identifier with at least one escape: its decoded name and where it ends.
pub(crate) struct EscapedIdent {
    pub name: String,
    pub end: usize,
}

/// Whether `c` may start an identifier (`ID_Start`, `$`, `_`), asked of the lexer itself
/// so the two agree.
fn is_start(c: char) -> bool {
    let mut buf = [0u8; 4];
    let text = c.encode_utf8(&mut buf);
    let mut lex = Raw::lexer(text);
    matches!(lex.next(), Some(Ok(Raw::Ident | Raw::Word))) && lex.span().end == text.len()
}

/// Whether `c` may continue an identifier (`ID_Continue`, `$`, ZWNJ, ZWJ).
fn is_part(c: char) -> bool {
    let mut text = String::from("a");
    text.push(c);
    let mut lex = Raw::lexer(&text);
    matches!(lex.next(), Some(Ok(Raw::Ident | Raw::Word))) && lex.span().end == text.len()
}

/// Decodes `\uXXXX` or `\u{X...}` at `at` (the backslash); returns the character and the
/// offset after the escape, or V8's message.
fn escape(src: &str, at: usize) -> Result<(char, usize), &'static str> {
    const INVALID: &str = "Invalid Unicode escape sequence";
    let rest = src
        .get(at..)
        .and_then(|r| r.strip_prefix("\\u"))
        .ok_or(INVALID)?;
    let (digits, len) = if let Some(braced) = rest.strip_prefix('{') {
        let close = braced.find('}').ok_or(INVALID)?;
        (&braced[..close], close + 2)
    } else {
        (rest.get(..4).ok_or(INVALID)?, 4)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(INVALID);
    }
    let trimmed = digits.trim_start_matches('0');
    let value = if trimmed.len() > 6 {
        u32::MAX
    } else {
        u32::from_str_radix(if trimmed.is_empty() { "0" } else { trimmed }, 16)
            .map_err(|_| INVALID)?
    };
    if value > 0x10FFFF {
        return Err("Undefined Unicode code-point");
    }
    // Surrogates are not identifier characters.
    let c = char::from_u32(value).ok_or("Invalid or unexpected token")?;
    Ok((c, at + 2 + len))
}

/// Scans the identifier starting at `start` (plain characters and escapes).
pub(crate) fn scan(src: &str, start: usize) -> Result<EscapedIdent, LexError> {
    let error = |offset: usize, message: &str| LexError {
        offset,
        message: message.into(),
        unsupported: false,
    };
    let mut name = String::new();
    let mut at = start;
    while let Some(c) = src.get(at..).and_then(|r| r.chars().next()) {
        let (decoded, next) = if c == '\\' {
            escape(src, at).map_err(|m| error(at, m))?
        } else {
            (c, at + c.len_utf8())
        };
        let fits = if name.is_empty() {
            is_start(decoded)
        } else {
            is_part(decoded)
        };
        if !fits {
            if c == '\\' {
                return Err(error(at, "Invalid or unexpected token"));
            }
            break;
        }
        name.push(decoded);
        at = next;
    }
    if name.is_empty() {
        return Err(error(start, "Invalid or unexpected token"));
    }
    Ok(EscapedIdent { name, end: at })
}

/// Reserved words cannot be written with escapes (`\u0069f` is not `if`); contextual words
/// written with escapes are plain identifiers.
pub(crate) fn is_reserved(name: &str) -> bool {
    matches!(
        name,
        "await"
            | "break"
            | "case"
            | "catch"
            | "class"
            | "const"
            | "continue"
            | "debugger"
            | "default"
            | "delete"
            | "do"
            | "else"
            | "enum"
            | "export"
            | "extends"
            | "false"
            | "finally"
            | "for"
            | "function"
            | "if"
            | "import"
            | "in"
            | "instanceof"
            | "let"
            | "new"
            | "null"
            | "return"
            | "static"
            | "super"
            | "switch"
            | "this"
            | "throw"
            | "true"
            | "try"
            | "typeof"
            | "var"
            | "void"
            | "while"
            | "with"
            | "yield"
    )
}

/// The identifier token starting at `start` that contains an escape: its name and end.
/// A reserved word written so is an identifier token; where an identifier is not allowed
/// the validator (or the parser's error report) rejects it.
pub(crate) fn token(src: &str, start: usize) -> Result<(String, usize), LexError> {
    let id = scan(src, start)?;
    Ok((id.name, id.end))
}

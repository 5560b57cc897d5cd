//! The logos lexer: tokens, Lua numerals, and the scanning/decoding of string literals.
//!
//! Tokens carry no heap data: names and strings are decoded from their spans by the grammar's
//! actions, numbers are converted here (they are small and `Copy`).

use logos::{Lexer, Logos};

/// A lexical error: Lua's message and the "near" text (`None` means `<eof>`), and the byte
/// offset where Lua would report it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LexError {
    /// Lua's wording, e.g. `malformed number`; empty for an unexpected character.
    pub msg: &'static str,
    /// What Lua prints after `near` (without quotes); `None` for `<eof>`.
    pub near: Option<String>,
    /// Where the error is detected.
    pub at: u32,
    /// For unfinished long strings/comments: the line they started on is added by the
    /// adapter, which knows lines; this is the offset of their start.
    pub started_at: Option<u32>,
}

/// A numeral's value, classified as Lua does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer numeral.
    Int(i64),
    /// A float numeral.
    Float(f64),
}

/// The tokens of Lua 5.4 (plus `Bad`, an unknown character, and `VSep`, an invisible
/// statement separator the adapter inserts).
#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(error = LexError)]
pub enum Tok {
    #[token("and")]
    And,
    #[token("break")]
    Break,
    #[token("do")]
    Do,
    #[token("else")]
    Else,
    #[token("elseif")]
    Elseif,
    #[token("end")]
    End,
    #[token("false")]
    False,
    #[token("for")]
    For,
    #[token("function")]
    Function,
    #[token("goto")]
    Goto,
    #[token("if")]
    If,
    #[token("in")]
    In,
    #[token("local")]
    Local,
    #[token("nil")]
    Nil,
    #[token("not")]
    Not,
    #[token("or")]
    Or,
    #[token("repeat")]
    Repeat,
    #[token("return")]
    Return,
    #[token("then")]
    Then,
    #[token("true")]
    True,
    #[token("until")]
    Until,
    #[token("while")]
    While,

    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("//")]
    DSlash,
    #[token("%")]
    Percent,
    #[token("^")]
    Caret,
    #[token("#")]
    Hash,
    #[token("&")]
    Amp,
    #[token("~")]
    Tilde,
    #[token("|")]
    Pipe,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token("==")]
    EqEq,
    #[token("~=")]
    Ne,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("=")]
    Assign,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("::")]
    DColon,
    #[token(";")]
    Semi,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("..")]
    Concat,
    #[token("...")]
    Dots,

    /// An identifier (text from the span).
    #[regex("[a-zA-Z_][a-zA-Z0-9_]*")]
    Name,
    /// A numeral, already converted.
    #[regex("[0-9]", numeral)]
    #[regex(r"\.[0-9]", numeral)]
    Num(Number),
    /// A short or long string literal (decoded from the span by `decode_string`).
    #[token("\"", short_string)]
    #[token("'", short_string)]
    #[regex(r"\[=*\[", long_string)]
    Str,
    /// `[=` not followed by a long bracket.
    #[regex(r"\[=+", bad_long_delimiter)]
    BadDelimiter,
    /// Whitespace and comments: dropped by the adapter. They are tokens rather than logos
    /// skips because logos re-enters its lexing function after every skip, so a long run of
    /// comment lines would recurse once per line (logos issue #504).
    #[regex(r"[ \t\n\r\x0B\x0C]+")]
    #[token("--", comment)]
    Trivia,

    /// Never produced by logos: an unknown character, or the point of a deferred error.
    Bad,
    /// Never produced by logos: inserted before a `(` that must start a new statement.
    VSep,
}

impl Tok {
    /// The token as Lua quotes it in messages (`'end'`), for fixed tokens.
    pub fn text(self) -> Option<&'static str> {
        Some(match self {
            Tok::And => "and",
            Tok::Break => "break",
            Tok::Do => "do",
            Tok::Else => "else",
            Tok::Elseif => "elseif",
            Tok::End => "end",
            Tok::False => "false",
            Tok::For => "for",
            Tok::Function => "function",
            Tok::Goto => "goto",
            Tok::If => "if",
            Tok::In => "in",
            Tok::Local => "local",
            Tok::Nil => "nil",
            Tok::Not => "not",
            Tok::Or => "or",
            Tok::Repeat => "repeat",
            Tok::Return => "return",
            Tok::Then => "then",
            Tok::True => "true",
            Tok::Until => "until",
            Tok::While => "while",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::DSlash => "//",
            Tok::Percent => "%",
            Tok::Caret => "^",
            Tok::Hash => "#",
            Tok::Amp => "&",
            Tok::Tilde => "~",
            Tok::Pipe => "|",
            Tok::Shl => "<<",
            Tok::Shr => ">>",
            Tok::EqEq => "==",
            Tok::Ne => "~=",
            Tok::Le => "<=",
            Tok::Ge => ">=",
            Tok::Lt => "<",
            Tok::Gt => ">",
            Tok::Assign => "=",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::DColon => "::",
            Tok::Semi => ";",
            Tok::Colon => ":",
            Tok::Comma => ",",
            Tok::Dot => ".",
            Tok::Concat => "..",
            Tok::Dots => "...",
            _ => return None,
        })
    }
}

fn err(msg: &'static str, near: Option<String>, at: usize) -> LexError {
    LexError {
        msg,
        near,
        at: at as u32,
        started_at: None,
    }
}

fn near_bytes(bytes: &[u8]) -> Option<String> {
    Some(String::from_utf8_lossy(bytes).into_owned())
}

// ---------------------------------------------------------------------------------------
// Numerals

/// Lua's `read_numeral`: the extent of a numeral starting at `start` (a digit, or `.` and a
/// digit). Returns the end offset.
fn numeral_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    let first_digit = if bytes.get(i) == Some(&b'.') {
        i += 1;
        bytes.get(i).copied()
    } else {
        bytes.get(i).copied()
    };
    i += 1;
    let mut expo: &[u8] = b"Ee";
    if first_digit == Some(b'0') && matches!(bytes.get(i), Some(b'x' | b'X')) {
        i += 1;
        expo = b"Pp";
    }
    loop {
        match bytes.get(i) {
            Some(c) if expo.contains(c) => {
                i += 1;
                if matches!(bytes.get(i), Some(b'+' | b'-')) {
                    i += 1;
                }
            }
            Some(c) if c.is_ascii_hexdigit() || *c == b'.' => i += 1,
            _ => break,
        }
    }
    // A numeral touching a letter takes it, to force an error (as Lua does).
    if matches!(bytes.get(i), Some(c) if c.is_ascii_alphabetic() || *c == b'_') {
        i += 1;
    }
    i
}

fn numeral(lex: &mut Lexer<Tok>) -> Result<Number, LexError> {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let end = numeral_end(bytes, start);
    // The regex matched at most two bytes; extend to the numeral's end.
    let have = lex.span().end;
    if end > have {
        lex.bump(end - have);
    }
    let text = bytes.get(start..end).unwrap_or_default();
    str_to_number(text).ok_or_else(|| err("malformed number", near_bytes(text), start))
}

/// Converts a numeral (no sign, no spaces) by Lua 5.4's rules: integers if they fit
/// (decimal) or always (hex, wrapping); floats otherwise. `None` if malformed.
pub fn str_to_number(text: &[u8]) -> Option<Number> {
    if let Some(i) = str_to_int(text) {
        return Some(Number::Int(i));
    }
    // Lua rejects 'inf' and 'nan' spellings; our numerals cannot contain them anyway
    // except through letters, which the checks below reject.
    if text.iter().any(|c| *c == b'n' || *c == b'N') {
        return None;
    }
    if text.len() > 2 && text[0] == b'0' && (text[1] == b'x' || text[1] == b'X') {
        return hex_float(&text[2..]).map(Number::Float);
    }
    dec_float(text).map(Number::Float)
}

fn str_to_int(text: &[u8]) -> Option<i64> {
    if text.len() > 2 && text[0] == b'0' && (text[1] == b'x' || text[1] == b'X') {
        let mut v: u64 = 0;
        for &c in &text[2..] {
            let d = (c as char).to_digit(16)?;
            v = v.wrapping_mul(16).wrapping_add(d as u64);
        }
        return Some(v as i64);
    }
    if text.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for &c in text {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add((c - b'0') as i64)?;
    }
    Some(v)
}

/// A decimal float as C's `strtod` reads it (the whole text must be consumed).
fn dec_float(text: &[u8]) -> Option<f64> {
    // Validate the shape: digits [. digits] [e [+-] digits], at least one mantissa digit.
    let mut i = 0;
    let mut mant = 0;
    while i < text.len() && text[i].is_ascii_digit() {
        i += 1;
        mant += 1;
    }
    if i < text.len() && text[i] == b'.' {
        i += 1;
        while i < text.len() && text[i].is_ascii_digit() {
            i += 1;
            mant += 1;
        }
    }
    if mant == 0 {
        return None;
    }
    if i < text.len() && (text[i] == b'e' || text[i] == b'E') {
        i += 1;
        if i < text.len() && (text[i] == b'+' || text[i] == b'-') {
            i += 1;
        }
        let digits_start = i;
        while i < text.len() && text[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits_start {
            return None;
        }
    }
    if i != text.len() {
        return None;
    }
    let s = std::str::from_utf8(text).ok()?;
    // Rust's parser does not take "1." or ".5" forms uniformly across versions; normalise.
    if s.contains(".e") || s.contains(".E") || s.ends_with('.') || s.starts_with('.') {
        let mut owned = String::with_capacity(s.len() + 2);
        if s.starts_with('.') {
            owned.push('0');
        }
        for (k, ch) in s.char_indices() {
            owned.push(ch);
            if ch == '.' && !s[k + 1..].starts_with(|c: char| c.is_ascii_digit()) {
                owned.push('0');
            }
        }
        return owned.parse::<f64>().ok();
    }
    s.parse::<f64>().ok()
}

/// A hexadecimal float (after `0x`): hex digits with an optional `.`, an optional binary
/// exponent `p[+-]digits`; correctly rounded to nearest-even.
fn hex_float(text: &[u8]) -> Option<f64> {
    let mut i = 0;
    let mut mant: u64 = 0; // the first 16 significant hex digits
    let mut sticky = false; // any nonzero digit dropped
    let mut exp: i64 = 0; // binary exponent adjustment
    let mut any_digit = false;
    let mut seen_dot = false;
    let mut sig_digits = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'.' {
            if seen_dot {
                return None;
            }
            seen_dot = true;
        } else if let Some(d) = (c as char).to_digit(16) {
            any_digit = true;
            if sig_digits == 0 && d == 0 {
                // leading zero: only the position matters
                if seen_dot {
                    exp -= 4;
                }
            } else if sig_digits < 16 {
                mant = (mant << 4) | d as u64;
                sig_digits += 1;
                if seen_dot {
                    exp -= 4;
                }
            } else {
                sticky |= d != 0;
                if !seen_dot {
                    exp += 4;
                }
            }
        } else {
            break;
        }
        i += 1;
    }
    if !any_digit {
        return None;
    }
    if i < text.len() && (text[i] == b'p' || text[i] == b'P') {
        i += 1;
        let mut neg = false;
        if i < text.len() && (text[i] == b'+' || text[i] == b'-') {
            neg = text[i] == b'-';
            i += 1;
        }
        let start = i;
        let mut e: i64 = 0;
        while i < text.len() && text[i].is_ascii_digit() {
            e = (e * 10 + (text[i] - b'0') as i64).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp += if neg { -e } else { e };
    }
    if i != text.len() {
        return None;
    }
    Some(compose_float(mant, sticky, exp))
}

/// `mant * 2^exp` (plus a sticky bit below `mant`), rounded to nearest-even.
fn compose_float(mant: u64, sticky: bool, exp: i64) -> f64 {
    if mant == 0 {
        return 0.0;
    }
    // Normalise so the top bit is bit 63: value = m * 2^(e) with m in [2^63, 2^64).
    let lz = mant.leading_zeros() as i64;
    let m = mant << lz;
    let e = exp - lz; // value = m * 2^e
    let top = e + 63;
    if top > 1023 {
        return f64::INFINITY;
    }
    // Number of mantissa bits we can keep: 53 for normals, fewer for subnormals.
    let keep: i64 = if top >= -1022 { 53 } else { 53 - (-1022 - top) };
    if keep <= 0 {
        // Below half the smallest subnormal (or exactly half: rounds to even = 0) unless
        // keep == 0 and more bits exist: then it rounds up to the smallest subnormal.
        if keep == 0 && (m > (1u64 << 63) || (m == (1u64 << 63) && sticky)) {
            return f64::from_bits(1);
        }
        return 0.0;
    }
    let drop = 64 - keep as u32;
    let mut kept = m >> drop;
    let rem = m & ((1u64 << drop) - 1);
    let half = 1u64 << (drop - 1);
    if rem > half || (rem == half && (sticky || kept & 1 == 1)) {
        kept += 1;
    }
    // value = kept * 2^scale, exactly representable by construction; multiply by powers of
    // two in steps that keep each intermediate normal (so every step is exact).
    let mut v = kept as f64;
    let mut s = e + drop as i64;
    while s != 0 {
        let step = s.clamp(-1000, 1000);
        v *= f64::powi(2.0, step as i32);
        s -= step;
    }
    v
}

// ---------------------------------------------------------------------------------------
// Strings

fn short_string(lex: &mut Lexer<Tok>) -> Result<(), LexError> {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let mut scratch = Vec::new();
    let end = scan_short_string(bytes, start, &mut scratch)?;
    lex.bump(end - lex.span().end);
    Ok(())
}

/// Scans a quoted string starting at `start` (the quote), decoding into `out`. Returns the
/// offset just after the closing quote.
pub fn scan_short_string(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> Result<usize, LexError> {
    let quote = bytes[start];
    let mut i = start + 1;
    out.clear();
    // `near` for errors: Lua's buffer holds the opening quote and the decoded text so far.
    let near = |out: &Vec<u8>, extra: &[u8]| {
        let mut v = Vec::with_capacity(out.len() + extra.len() + 1);
        v.push(quote);
        v.extend_from_slice(out);
        v.extend_from_slice(extra);
        near_bytes(&v)
    };
    loop {
        let Some(&c) = bytes.get(i) else {
            return Err(err("unfinished string", None, i));
        };
        match c {
            b'\n' | b'\r' => return Err(err("unfinished string", near(out, b""), i)),
            b'\\' => {
                let esc_start = i;
                i += 1;
                let Some(&e) = bytes.get(i) else {
                    return Err(err("unfinished string", None, i));
                };
                match e {
                    b'a' => out.push(7),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'n' => out.push(b'\n'),
                    b'r' => out.push(b'\r'),
                    b't' => out.push(b'\t'),
                    b'v' => out.push(11),
                    b'\\' => out.push(b'\\'),
                    b'"' => out.push(b'"'),
                    b'\'' => out.push(b'\''),
                    b'\n' | b'\r' => {
                        out.push(b'\n');
                        // \r\n or \n\r count as one newline
                        if let Some(&n) = bytes.get(i + 1) {
                            if (n == b'\n' || n == b'\r') && n != e {
                                i += 1;
                            }
                        }
                    }
                    b'x' => {
                        let mut v = 0u32;
                        for k in 1..=2 {
                            match bytes.get(i + k) {
                                Some(h) if h.is_ascii_hexdigit() => {
                                    v = v * 16 + (*h as char).to_digit(16).unwrap_or(0);
                                }
                                other => {
                                    let mut raw = bytes[esc_start..i + k].to_vec();
                                    if let Some(o) = other {
                                        raw.push(*o);
                                    }
                                    return Err(err(
                                        "hexadecimal digit expected",
                                        near(out, &raw),
                                        i + k,
                                    ));
                                }
                            }
                        }
                        i += 2;
                        out.push(v as u8);
                    }
                    b'z' => {
                        i += 1;
                        while matches!(
                            bytes.get(i),
                            Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
                        ) {
                            i += 1;
                        }
                        continue;
                    }
                    b'u' => {
                        let mut k = i + 1;
                        if bytes.get(k) != Some(&b'{') {
                            let mut raw = bytes[esc_start..k].to_vec();
                            if let Some(o) = bytes.get(k) {
                                raw.push(*o);
                            }
                            return Err(err("missing '{'", near(out, &raw), k));
                        }
                        k += 1;
                        let mut r: u32 = 0;
                        let mut ndigits = 0;
                        while let Some(h) = bytes.get(k).filter(|h| h.is_ascii_hexdigit()) {
                            if r > (0x7FFF_FFFF >> 4) {
                                let raw = bytes[esc_start..=k].to_vec();
                                return Err(err("UTF-8 value too large", near(out, &raw), k));
                            }
                            r = (r << 4) + (*h as char).to_digit(16).unwrap_or(0);
                            ndigits += 1;
                            k += 1;
                        }
                        if ndigits == 0 {
                            let mut raw = bytes[esc_start..k].to_vec();
                            if let Some(o) = bytes.get(k) {
                                raw.push(*o);
                            }
                            return Err(err("hexadecimal digit expected", near(out, &raw), k));
                        }
                        if bytes.get(k) != Some(&b'}') {
                            let mut raw = bytes[esc_start..k].to_vec();
                            if let Some(o) = bytes.get(k) {
                                raw.push(*o);
                            }
                            return Err(err("missing '}'", near(out, &raw), k));
                        }
                        utf8_encode(r, out);
                        i = k;
                    }
                    b'0'..=b'9' => {
                        let mut v: u32 = 0;
                        let mut k = i;
                        while k < i + 3 {
                            match bytes.get(k) {
                                Some(d) if d.is_ascii_digit() => {
                                    v = v * 10 + (d - b'0') as u32;
                                    k += 1;
                                }
                                _ => break,
                            }
                        }
                        if v > 255 {
                            let mut raw = bytes[esc_start..k].to_vec();
                            if let Some(o) = bytes.get(k) {
                                raw.push(*o);
                            }
                            return Err(err("decimal escape too large", near(out, &raw), k));
                        }
                        out.push(v as u8);
                        i = k;
                        continue;
                    }
                    _ => {
                        // Lua quotes the escape with the character that follows the '\'
                        // (a whole UTF-8 character here, since the source is text).
                        let len = utf8_len(e);
                        let end = (i + len).min(bytes.len());
                        let raw = &bytes[esc_start..end];
                        return Err(err("invalid escape sequence", near(out, raw), esc_start));
                    }
                }
                i += 1;
            }
            c if c == quote => return Ok(i + 1),
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// Lua's `luaO_utf8esc`: encodes up to 0x7FFFFFFF in the original (up to 6-byte) UTF-8.
fn utf8_encode(x: u32, out: &mut Vec<u8>) {
    if x < 0x80 {
        out.push(x as u8);
        return;
    }
    let mut buf = [0u8; 8];
    let mut n = 1;
    let mut x = x;
    let mut mfb: u32 = 0x3f; // maximum that fits in the first byte
    loop {
        buf[8 - n] = 0x80 | (x & 0x3f) as u8;
        n += 1;
        x >>= 6;
        mfb >>= 1;
        if x <= mfb {
            break;
        }
    }
    buf[8 - n] = ((!mfb << 1) | x) as u8;
    out.extend_from_slice(&buf[8 - n..]);
}

/// The level of a long bracket opening at `start` (`[` followed by `=`*level and `[`), or
/// `None` if it is not one.
fn long_bracket_level(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while bytes.get(i) == Some(&b'=') {
        i += 1;
    }
    (bytes.get(i) == Some(&b'[')).then(|| i - start - 1)
}

/// Finds the end of a long bracket body starting after its opener at `body`; returns the
/// offset of the closing `]` and the offset after it.
fn long_bracket_close(bytes: &[u8], body: usize, level: usize) -> Option<(usize, usize)> {
    let mut i = body;
    while let Some(rel) = memchr_close(&bytes[i..]) {
        let j = i + rel;
        let mut k = j + 1;
        let mut eq = 0;
        while bytes.get(k) == Some(&b'=') {
            eq += 1;
            k += 1;
        }
        if eq == level && bytes.get(k) == Some(&b']') {
            return Some((j, k + 1));
        }
        i = j + 1;
    }
    None
}

fn memchr_close(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b']')
}

fn long_string(lex: &mut Lexer<Tok>) -> Result<(), LexError> {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let level = lex.span().len() - 2;
    let body = lex.span().end;
    match long_bracket_close(bytes, body, level) {
        Some((_, end)) => {
            lex.bump(end - body);
            Ok(())
        }
        None => Err(LexError {
            msg: "unfinished long string",
            near: None,
            at: bytes.len() as u32,
            started_at: Some(start as u32),
        }),
    }
}

fn bad_long_delimiter(lex: &mut Lexer<Tok>) -> Result<(), LexError> {
    Err(err(
        "invalid long string delimiter",
        Some(lex.slice().to_string()),
        lex.span().start,
    ))
}

fn comment(lex: &mut Lexer<Tok>) -> Result<(), LexError> {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let after = lex.span().end;
    if bytes.get(after) == Some(&b'[') {
        if let Some(level) = long_bracket_level(bytes, after) {
            let body = after + level + 2;
            return match long_bracket_close(bytes, body, level) {
                Some((_, end)) => {
                    lex.bump(end - after);
                    Ok(())
                }
                None => Err(LexError {
                    msg: "unfinished long comment",
                    near: None,
                    at: bytes.len() as u32,
                    started_at: Some(start as u32),
                }),
            };
        }
    }
    let rest = &bytes[after..];
    let len = rest
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(rest.len());
    lex.bump(len);
    Ok(())
}

/// Decodes a string token's source text (quoted or long bracket) into its bytes. The lexer
/// has validated it already.
pub fn decode_string(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(b'[') => {
            let level = long_bracket_level(bytes, 0).unwrap_or(0);
            let body_start = level + 2;
            let body_end = bytes.len().saturating_sub(level + 2).max(body_start);
            let body = &bytes[body_start..body_end];
            let mut out = Vec::with_capacity(body.len());
            let mut i = 0;
            // The first newline right after the opener is skipped.
            if let Some(&c) = body.first() {
                if c == b'\n' || c == b'\r' {
                    i = 1;
                    if let Some(&n) = body.get(1) {
                        if (n == b'\n' || n == b'\r') && n != c {
                            i = 2;
                        }
                    }
                }
            }
            // Any newline sequence (\n, \r, \r\n, \n\r) becomes '\n'.
            while i < body.len() {
                let c = body[i];
                if c == b'\n' || c == b'\r' {
                    out.push(b'\n');
                    if let Some(&n) = body.get(i + 1) {
                        if (n == b'\n' || n == b'\r') && n != c {
                            i += 1;
                        }
                    }
                } else {
                    out.push(c);
                }
                i += 1;
            }
            out
        }
        Some(_) => {
            let mut out = Vec::with_capacity(bytes.len());
            // Validated by the lexer; on the impossible error keep what was decoded.
            let _ = scan_short_string(bytes, 0, &mut out);
            out
        }
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Option<Number> {
        str_to_number(s.as_bytes())
    }

    #[test]
    fn numerals() {
        assert_eq!(num("10"), Some(Number::Int(10)));
        assert_eq!(num("9223372036854775807"), Some(Number::Int(i64::MAX)));
        assert_eq!(
            num("9223372036854775808"),
            Some(Number::Float(9223372036854775808.0))
        );
        assert_eq!(num("0xff"), Some(Number::Int(255)));
        assert_eq!(num("0xffffffffffffffff"), Some(Number::Int(-1)));
        assert_eq!(num("0x10000000000000000"), Some(Number::Int(0)));
        assert_eq!(num("1.5"), Some(Number::Float(1.5)));
        assert_eq!(num("1."), Some(Number::Float(1.0)));
        assert_eq!(num(".5"), Some(Number::Float(0.5)));
        assert_eq!(num("1.e2"), Some(Number::Float(100.0)));
        assert_eq!(num("1e+2"), Some(Number::Float(100.0)));
        assert_eq!(num("3e-2"), Some(Number::Float(0.03)));
        assert_eq!(num("0x1p4"), Some(Number::Float(16.0)));
        assert_eq!(num("0x.8"), Some(Number::Float(0.5)));
        assert_eq!(num("0xA.8p1"), Some(Number::Float(21.0)));
        assert_eq!(num("0x1P-1"), Some(Number::Float(0.5)));
        assert_eq!(num("0x1p-1074"), Some(Number::Float(f64::from_bits(1))));
        assert_eq!(num("0x1p-1075"), Some(Number::Float(0.0)));
        assert_eq!(num("0x1.8p-1074"), Some(Number::Float(f64::from_bits(2))));
        assert_eq!(num("0x1p1024"), Some(Number::Float(f64::INFINITY)));
        assert_eq!(
            num("0x1.fffffffffffff8p0"),
            Some(Number::Float(2.0)) // ties to even rounds up here
        );
        assert_eq!(
            num("0x1.fffffffffffff7ffffp0"),
            Some(Number::Float(f64::from_bits(0x3FFF_FFFF_FFFF_FFFF)))
        );
        assert_eq!(
            num("0x123456789abcdef01"),
            Some(Number::Int(0x23456789abcdef01))
        );
        assert_eq!(num("1e"), None);
        assert_eq!(num("0x"), None);
        assert_eq!(num("3x"), None);
        assert_eq!(num("3..2"), None);
        assert_eq!(num("1e1000"), Some(Number::Float(f64::INFINITY)));
    }

    #[test]
    fn utf8_escapes() {
        let mut v = Vec::new();
        utf8_encode(0x7FFF_FFFF, &mut v);
        assert_eq!(v, [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
        v.clear();
        utf8_encode(0xE9, &mut v);
        assert_eq!(v, "é".as_bytes());
        v.clear();
        utf8_encode(0x10FFFF, &mut v);
        assert_eq!(v, [0xF4, 0x8F, 0xBF, 0xBF]);
    }

    #[test]
    fn decode() {
        assert_eq!(decode_string(r#""a\65\x41\u{41}\z   b""#), b"aAAAb");
        assert_eq!(decode_string("[==[\nab]]\r\nc]==]"), b"ab]]\nc");
        assert_eq!(decode_string("'a\\\r\nb'"), b"a\nb");
    }
}

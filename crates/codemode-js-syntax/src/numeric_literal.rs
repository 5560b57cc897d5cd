//! Numeric literals as the lexer reads them: decimal and radix Numbers, BigInt digits,
//! numeric separators (with V8's wording for a misplaced one).

use crate::tokens::LexError;

/// V8's wording for a misplaced numeric separator in the literal `text`.
pub(crate) fn separator_error(offset: usize, text: &str) -> LexError {
    let message = if text.contains("__") {
        "Only one underscore is allowed as numeric separator"
    } else if text.ends_with('_') {
        "Numeric separators are not allowed at the end of numeric literals"
    } else {
        "Numeric separator can not be used after leading 0."
    };
    LexError::new(offset, message)
}

/// Valid numeric separators: only between two digits.
pub(crate) fn separators_ok(digits: &str, is_digit: impl Fn(u8) -> bool) -> bool {
    let b = digits.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i.checked_sub(1).and_then(|j| b.get(j)).copied();
            let after = b.get(i + 1).copied();
            if !before.is_some_and(&is_digit) || !after.is_some_and(&is_digit) {
                return false;
            }
        }
    }
    true
}

pub(crate) fn parse_decimal(text: &str) -> Option<f64> {
    if !separators_ok(text, |c| c.is_ascii_digit()) {
        return None;
    }
    if text.starts_with("0_") {
        return None;
    }
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    cleaned.parse::<f64>().ok()
}

/// The digits of the BigInt literal `text` (without its `n`), separators removed. A
/// leading 0 before more digits (`01n`, a legacy octal form) is not a BigInt literal.
pub(crate) fn bigint_literal(start: usize, text: &str) -> Result<String, LexError> {
    let b = text.as_bytes();
    let (prefix, digits, radix) = match b.get(1) {
        Some(b'x' | b'X') => (&text[..2], &text[2..], 16),
        Some(b'o' | b'O') => (&text[..2], &text[2..], 8),
        Some(b'b' | b'B') => (&text[..2], &text[2..], 2),
        _ => ("", text, 10),
    };
    if radix == 10 && b.len() > 1 && b[0] == b'0' {
        if b[1] == b'_' {
            return Err(separator_error(start, text));
        }
        return Err(LexError::new(start, "Invalid or unexpected token"));
    }
    if !separators_ok(digits, |c| (c as char).is_digit(radix)) {
        return Err(separator_error(start, text));
    }
    let mut out = prefix.to_ascii_lowercase();
    out.extend(digits.chars().filter(|&c| c != '_'));
    Ok(out)
}

pub(crate) fn parse_radix(digits: &str, radix: u32) -> Option<f64> {
    if !separators_ok(digits, |c| (c as char).is_digit(radix)) {
        return None;
    }
    let mut wide: u128 = 0;
    let mut overflow = false;
    let mut value = 0f64;
    for c in digits.chars().filter(|&c| c != '_') {
        let d = c.to_digit(radix)?;
        if !overflow {
            match wide
                .checked_mul(u128::from(radix))
                .and_then(|w| w.checked_add(u128::from(d)))
            {
                Some(w) => wide = w,
                None => {
                    overflow = true;
                    value = wide as f64;
                }
            }
        }
        if overflow {
            value = value * f64::from(radix) + f64::from(d);
        }
    }
    Some(if overflow { value } else { wide as f64 })
}

/// The end of a `.digits[e[+-]digits]` number starting at `from` (a `.`).
pub(crate) fn scan_fraction(src: &str, from: usize) -> usize {
    let b = src.as_bytes();
    let mut i = from + 1;
    while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
        i += 1;
    }
    if matches!(b.get(i), Some(b'e') | Some(b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+') | Some(b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(|c| c.is_ascii_digit()) {
            i = j;
            while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
                i += 1;
            }
        }
    }
    i
}

/// The property key a BigInt literal names (`{0x10n: v}` is key "16"): its decimal digits.
pub(crate) fn bigint_key(digits: &str) -> Vec<u16> {
    let (radix, body) = match digits.get(..2) {
        Some("0x") => (16, &digits[2..]),
        Some("0o") => (8, &digits[2..]),
        Some("0b") => (2, &digits[2..]),
        _ => (10, digits),
    };
    let text = num_bigint::BigUint::parse_bytes(body.as_bytes(), radix)
        .map(|n| n.to_string())
        .unwrap_or_else(|| body.to_string());
    text.encode_utf16().collect()
}

//! Lua numerals: `tostring` of numbers, `lua_stringtonumber`, `tonumber(s, base)`,
//! and exact conversions and comparisons between integers and floats.

use crate::printf::{self, Spec};

/// A Lua number: the integer and float subtypes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// The integer subtype.
    Int(i64),
    /// The float subtype.
    Float(f64),
}

/// `tostring` of a float: `%.14g`, plus ".0" when the result looks like an integer
/// (`1.0`, `-0.0`, but `1e+15`, `inf`, `-nan` stay as printed).
pub fn fmt_float(f: f64) -> String {
    let mut out = Vec::with_capacity(24);
    write_float(&mut out, f);
    String::from_utf8(out).unwrap_or_default()
}

/// [`fmt_float`] appending to `out` without allocating.
pub fn write_float(out: &mut Vec<u8>, f: f64) {
    let start = out.len();
    let spec = Spec {
        precision: Some(14),
        ..Spec::default()
    };
    printf::fmt_float(out, &spec, f, b'g');
    let looks_int = out
        .get(start..)
        .is_some_and(|t| t.iter().all(|&c| c == b'-' || c.is_ascii_digit()));
    if looks_int {
        out.extend_from_slice(b".0");
    }
}

/// `tostring` of an integer.
pub fn fmt_int(i: i64) -> String {
    let mut out = Vec::with_capacity(20);
    write_int(&mut out, i);
    String::from_utf8(out).unwrap_or_default()
}

/// [`fmt_int`] appending to `out` without allocating.
pub fn write_int(out: &mut Vec<u8>, i: i64) {
    let mut buf = [0u8; 20];
    let mut pos = buf.len();
    let mut v = i.unsigned_abs();
    loop {
        pos -= 1;
        if let Some(slot) = buf.get_mut(pos) {
            *slot = b'0' + (v % 10) as u8;
        }
        v /= 10;
        if v == 0 || pos == 0 {
            break;
        }
    }
    if i < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(buf.get(pos..).unwrap_or(&[]));
}

/// [`write_int`] or [`write_float`] by subtype.
pub fn write_number(out: &mut Vec<u8>, n: Number) {
    match n {
        Number::Int(i) => write_int(out, i),
        Number::Float(f) => write_float(out, f),
    }
}

/// C's `isspace` in the C locale.
pub(crate) fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

fn hex_value(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

/// `lua_stringtonumber`: a decimal or hexadecimal integer (decimal ones that overflow
/// become floats, hexadecimal ones wrap around), else a float numeral (decimal with
/// optional exponent, or hexadecimal with optional fraction and `p` exponent),
/// surrounded by optional whitespace. `inf`/`nan` and embedded zeros are rejected.
pub fn parse_number(s: &[u8]) -> Option<Number> {
    if s.contains(&0) {
        return None;
    }
    if let Some(i) = str2int(s) {
        return Some(Number::Int(i));
    }
    str2d(s).map(Number::Float)
}

fn skip_space(s: &[u8], mut i: usize) -> usize {
    while s.get(i).copied().is_some_and(is_space) {
        i += 1;
    }
    i
}

/// Reads an optional sign; returns (negative, next index).
fn sign(s: &[u8], i: usize) -> (bool, usize) {
    match s.get(i) {
        Some(b'-') => (true, i + 1),
        Some(b'+') => (false, i + 1),
        _ => (false, i),
    }
}

fn str2int(s: &[u8]) -> Option<i64> {
    let mut i = skip_space(s, 0);
    let (neg, j) = sign(s, i);
    i = j;
    let mut a: u64 = 0;
    let mut empty = true;
    if s.get(i) == Some(&b'0') && matches!(s.get(i + 1), Some(b'x' | b'X')) {
        i += 2;
        while let Some(d) = s.get(i).copied().and_then(hex_value) {
            a = a.wrapping_mul(16).wrapping_add(u64::from(d));
            empty = false;
            i += 1;
        }
    } else {
        let maxby10 = (i64::MAX / 10) as u64;
        let maxlastd = (i64::MAX % 10) as u64;
        while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            let d = u64::from(c - b'0');
            if a >= maxby10 && (a > maxby10 || d > maxlastd + u64::from(neg)) {
                return None;
            }
            a = a * 10 + d;
            empty = false;
            i += 1;
        }
    }
    i = skip_space(s, i);
    if empty || i != s.len() {
        return None;
    }
    Some((if neg { 0u64.wrapping_sub(a) } else { a }) as i64)
}

fn str2d(s: &[u8]) -> Option<f64> {
    let mode = s
        .iter()
        .find(|c| matches!(c, b'.' | b'x' | b'X' | b'n' | b'N'))
        .map(|c| c.to_ascii_lowercase());
    match mode {
        Some(b'n') => None,
        Some(b'x') => strx2number(s),
        _ => decimal_float(s),
    }
}

/// The `strtod` subset Lua accepts for decimal numerals.
fn decimal_float(s: &[u8]) -> Option<f64> {
    let start = skip_space(s, 0);
    let (_, mut i) = sign(s, start);
    let int_digits = s
        .get(i..)?
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    i += int_digits;
    let mut frac_digits = 0;
    if s.get(i) == Some(&b'.') {
        i += 1;
        frac_digits = s
            .get(i..)?
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        i += frac_digits;
    }
    if int_digits + frac_digits == 0 {
        return None;
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let (_, j) = sign(s, i + 1);
        let exp_digits = s
            .get(j..)?
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if exp_digits > 0 {
            i = j + exp_digits;
        }
    }
    let end = i;
    if skip_space(s, end) != s.len() {
        return None;
    }
    let text = std::str::from_utf8(s.get(start..end)?).ok()?;
    text.parse::<f64>().ok()
}

/// `lua_strx2number`: accumulates at most 30 significant hex digits in a double (as
/// Lua does, so rounding matches), then scales by the binary exponent.
fn strx2number(s: &[u8]) -> Option<f64> {
    const MAXSIGDIG: i32 = 30;
    let mut i = skip_space(s, 0);
    let (neg, j) = sign(s, i);
    i = j;
    if !(s.get(i) == Some(&b'0') && matches!(s.get(i + 1), Some(b'x' | b'X'))) {
        return None;
    }
    i += 2;
    let mut r = 0.0f64;
    let mut sigdig = 0i32;
    let mut nosigdig = 0i32;
    let mut e: i64 = 0;
    let mut hasdot = false;
    loop {
        match s.get(i) {
            Some(b'.') => {
                if hasdot {
                    break;
                }
                hasdot = true;
            }
            Some(&c) if c.is_ascii_hexdigit() => {
                if sigdig == 0 && c == b'0' {
                    nosigdig += 1;
                } else {
                    sigdig += 1;
                    if sigdig <= MAXSIGDIG {
                        r = r * 16.0 + f64::from(hex_value(c).unwrap_or(0));
                    } else {
                        e += 1;
                    }
                }
                if hasdot {
                    e -= 1;
                }
            }
            _ => break,
        }
        i += 1;
    }
    if nosigdig + sigdig == 0 {
        return None;
    }
    e *= 4;
    if matches!(s.get(i), Some(b'p' | b'P')) {
        let (neg1, j) = sign(s, i + 1);
        let digits = s
            .get(j..)?
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 {
            return None;
        }
        let mut exp1: i64 = 0;
        for &c in s.get(j..j + digits)? {
            exp1 = (exp1 * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        e += if neg1 { -exp1 } else { exp1 };
        i = j + digits;
    }
    if skip_space(s, i) != s.len() {
        return None;
    }
    if neg {
        r = -r;
    }
    Some(ldexp(r, e))
}

/// `x * 2^e` with a single rounding, as C's `ldexp`.
pub fn ldexp(x: f64, e: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let e = e.clamp(-4000, 4000) as i32;
    // Normalise so the mantissa is a 53-bit integer m with x = m * 2^q.
    let bits = x.to_bits();
    let neg = bits >> 63 == 1;
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut q) = if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp_bits - 1075)
    };
    while m & (1u64 << 52) == 0 {
        m <<= 1;
        q -= 1;
    }
    q += e;
    // Value is m * 2^q with m in [2^52, 2^53): unbiased exponent is q + 52.
    let unbiased = q + 52;
    let result = if unbiased > 1023 {
        f64::INFINITY
    } else if unbiased >= -1022 {
        f64::from_bits((((unbiased + 1023) as u64) << 52) | (m & ((1u64 << 52) - 1)))
    } else {
        // Subnormal: shift right to exponent -1074, rounding half to even.
        let shift = -1074 - q;
        if shift > 54 {
            0.0
        } else {
            let shift = shift as u32;
            let kept = m >> shift;
            let rem = m & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            let rounded = if rem > half || (rem == half && kept & 1 == 1) {
                kept + 1
            } else {
                kept
            };
            f64::from_bits(rounded)
        }
    };
    if neg {
        -result
    } else {
        result
    }
}

/// `tonumber(s, base)` for 2 ≤ base ≤ 36: optional whitespace and sign, then
/// alphanumeric digits (at least one), wrapping around on overflow as Lua does.
pub fn parse_int_base(s: &[u8], base: u32) -> Option<i64> {
    let mut i = skip_space(s, 0);
    let (neg, j) = sign(s, i);
    i = j;
    if !s.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut n: u64 = 0;
    while let Some(&c) = s.get(i).filter(|c| c.is_ascii_alphanumeric()) {
        let digit = if c.is_ascii_digit() {
            u32::from(c - b'0')
        } else {
            u32::from(c.to_ascii_uppercase() - b'A') + 10
        };
        if digit >= base {
            return None;
        }
        n = n
            .wrapping_mul(u64::from(base))
            .wrapping_add(u64::from(digit));
        i += 1;
    }
    i = skip_space(s, i);
    if i != s.len() {
        return None;
    }
    Some((if neg { 0u64.wrapping_sub(n) } else { n }) as i64)
}

/// 2^63 as a double: the first float above every i64.
const TWO63: f64 = 9_223_372_036_854_775_808.0;

/// How a float with a fractional part becomes an integer (`luaV_flttointns` modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatToInt {
    /// Only integral values convert (`math.tointeger`, table keys, `%d`).
    Exact,
    /// Round down (for-loop limits with a positive step).
    Floor,
    /// Round up (for-loop limits with a negative step).
    Ceil,
}

/// Float to integer under `mode`; `None` when out of range, NaN, or (for `Exact`)
/// not integral.
pub fn float_to_int(f: f64, mode: FloatToInt) -> Option<i64> {
    let g = match mode {
        FloatToInt::Exact => {
            if f.floor() != f {
                return None;
            }
            f
        }
        FloatToInt::Floor => f.floor(),
        FloatToInt::Ceil => f.ceil(),
    };
    if (-TWO63..TWO63).contains(&g) {
        Some(g as i64)
    } else {
        None
    }
}

/// `math.tointeger` and friends: the integer with exactly this value.
pub fn float_to_int_exact(f: f64) -> Option<i64> {
    float_to_int(f, FloatToInt::Exact)
}

/// True when `i` converts to a double without rounding.
fn int_fits_float(i: i64) -> bool {
    const MAXINTFITSF: u64 = 1 << 53;
    i.unsigned_abs() <= MAXINTFITSF
}

/// `i < f` exactly.
pub fn int_lt_float(i: i64, f: f64) -> bool {
    if int_fits_float(i) {
        (i as f64) < f
    } else {
        // i < f  <=>  i < ceil(f)
        match float_to_int(f, FloatToInt::Ceil) {
            Some(fi) => i < fi,
            None => f > 0.0,
        }
    }
}

/// `i <= f` exactly.
pub fn int_le_float(i: i64, f: f64) -> bool {
    if int_fits_float(i) {
        (i as f64) <= f
    } else {
        // i <= f  <=>  i <= floor(f)
        match float_to_int(f, FloatToInt::Floor) {
            Some(fi) => i <= fi,
            None => f > 0.0,
        }
    }
}

/// `f < i` exactly.
pub fn float_lt_int(f: f64, i: i64) -> bool {
    if int_fits_float(i) {
        f < (i as f64)
    } else {
        // f < i  <=>  floor(f) < i
        match float_to_int(f, FloatToInt::Floor) {
            Some(fi) => fi < i,
            None => f < 0.0,
        }
    }
}

/// `f <= i` exactly.
pub fn float_le_int(f: f64, i: i64) -> bool {
    if int_fits_float(i) {
        f <= (i as f64)
    } else {
        // f <= i  <=>  ceil(f) <= i
        match float_to_int(f, FloatToInt::Ceil) {
            Some(fi) => fi <= i,
            None => f < 0.0,
        }
    }
}

/// `i == f` exactly (Lua's `luaV_equalobj` for mixed subtypes).
pub fn int_eq_float(i: i64, f: f64) -> bool {
    float_to_int_exact(f) == Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_text() {
        assert_eq!(fmt_float(1.0), "1.0");
        assert_eq!(fmt_float(-0.0), "-0.0");
        assert_eq!(fmt_float(1e15), "1e+15");
        assert_eq!(fmt_float(1e14), "1e+14");
        assert_eq!(fmt_float(123456789012.0), "123456789012.0");
        assert_eq!(fmt_float(0.1), "0.1");
        assert_eq!(fmt_float(f64::INFINITY), "inf");
        assert_eq!(fmt_float(f64::NEG_INFINITY), "-inf");
        assert_eq!(fmt_float(f64::NAN), "nan");
        assert_eq!(fmt_float(-f64::NAN), "-nan");
        assert_eq!(fmt_int(i64::MIN), "-9223372036854775808");
    }

    #[test]
    fn numerals() {
        assert_eq!(parse_number(b" 10 "), Some(Number::Int(10)));
        assert_eq!(parse_number(b"0x10"), Some(Number::Int(16)));
        assert_eq!(parse_number(b"0xffffffffffffffffff"), Some(Number::Int(-1)));
        assert_eq!(
            parse_number(b"9223372036854775808"),
            Some(Number::Float(TWO63))
        );
        assert_eq!(
            parse_number(b"-9223372036854775808"),
            Some(Number::Int(i64::MIN))
        );
        assert_eq!(parse_number(b"0x1p4"), Some(Number::Float(16.0)));
        assert_eq!(parse_number(b"0x.8"), Some(Number::Float(0.5)));
        assert_eq!(parse_number(b"1e"), None);
        assert_eq!(parse_number(b"inf"), None);
        assert_eq!(parse_number(b"nan"), None);
        assert_eq!(parse_number(b"1 2"), None);
        assert_eq!(parse_number(b""), None);
        assert_eq!(parse_number(b"."), None);
        assert_eq!(parse_number(b"5."), Some(Number::Float(5.0)));
        assert_eq!(parse_number(b"1\0"), None);
    }

    #[test]
    fn bases() {
        assert_eq!(parse_int_base(b"ff", 16), Some(255));
        assert_eq!(parse_int_base(b"  -zz ", 36), Some(-1295));
        assert_eq!(parse_int_base(b"8", 8), None);
        assert_eq!(parse_int_base(b"", 10), None);
    }

    #[test]
    fn mixed_comparisons() {
        assert!(int_lt_float(i64::MAX, TWO63));
        assert!(!int_le_float(
            i64::MAX,
            9_223_372_036_854_775_807.0 - 1024.0
        ));
        assert!(float_lt_int(-TWO63 - 4096.0, i64::MIN));
        assert!(!int_eq_float(i64::MAX, TWO63));
        assert!(int_eq_float(i64::MIN, -TWO63));
        assert!(!int_lt_float(1, f64::NAN));
        assert!(float_le_int(f64::NEG_INFINITY, i64::MIN));
    }

    #[test]
    fn ldexp_rounds_once() {
        assert_eq!(ldexp(1.0, -1074), f64::from_bits(1));
        assert_eq!(ldexp(1.0, -1075), 0.0);
        assert_eq!(ldexp(3.0, -1075), f64::from_bits(2));
        assert_eq!(ldexp(1.0, 1024), f64::INFINITY);
        assert_eq!(ldexp(1.5, 4), 24.0);
    }
}

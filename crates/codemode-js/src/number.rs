//! ECMAScript number <-> string conversions.

use crate::value::JsStr;

/// Number::toString(10): shortest round trip, ECMAScript's exponent rules.
pub fn to_string(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n == 0.0 {
        return "0".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return format!("{}", n as i64);
    }
    let mut buf = ryu_js::Buffer::new();
    buf.format(n).to_string()
}

/// Number::toString(10) as a `JsStr`. Integers (array indices, counters, ids: most of the
/// numbers programs print) are written digit by digit into the string's units, without the
/// intermediate `String` and UTF-16 re-encoding of `to_string`.
pub fn to_js_str(n: f64) -> JsStr {
    let mut buf = [0u16; 16];
    if let Some(units) = integer_units(n, &mut buf) {
        return JsStr::from_units(units);
    }
    JsStr::from_str(&to_string(n))
}

/// "00" to "99": two digits per table read instead of a division and a remainder by 10.
const DIGIT_PAIRS: [[u16; 2]; 100] = {
    let mut t = [[0u16; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' as u16 + (i / 10) as u16, b'0' as u16 + (i % 10) as u16];
        i += 1;
    }
    t
};

/// The decimal digits of `n` written into `buf` when it is a nonzero integer below 1e15 in
/// magnitude (what Number::toString gives it then); None for any other number.
#[inline]
pub fn integer_units(n: f64, buf: &mut [u16; 16]) -> Option<&[u16]> {
    // NaN fails the first test; below 1e15 the conversion is exact for an integer, and it
    // truncates a fraction, which the comparison then sees (no call to trunc).
    if !(n.abs() < 1e15 && n != 0.0) {
        return None;
    }
    let mut v = n.abs() as u64;
    if v as f64 != n.abs() {
        return None;
    }
    let mut at = buf.len();
    // Two digits per division (while the value fits 32 bits, whose division is cheaper).
    while v >= 100 {
        let (q, r) = if v <= u32::MAX as u64 {
            ((v as u32 / 100) as u64, v as u32 % 100)
        } else {
            (v / 100, (v % 100) as u32)
        };
        at -= 2;
        buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[r as usize]);
        v = q;
    }
    if v >= 10 {
        at -= 2;
        buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[v as usize]);
    } else if v > 0 {
        at -= 1;
        buf[at] = b'0' as u16 + v as u16;
    }
    if n < 0.0 {
        at -= 1;
        buf[at] = b'-' as u16;
    }
    Some(&buf[at..])
}

fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{a}' | '\u{b}' | '\u{c}' | '\u{d}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

pub fn trim_js(s: &str) -> &str {
    s.trim_matches(is_js_space)
}
pub fn trim_js_start(s: &str) -> &str {
    s.trim_start_matches(is_js_space)
}

/// The radix of a `0x`/`0o`/`0b` prefix (either case) that `b` starts with.
pub fn radix_prefix(b: &[u8]) -> Option<u32> {
    match b {
        [b'0', b'x' | b'X', ..] => Some(16),
        [b'0', b'o' | b'O', ..] => Some(8),
        [b'0', b'b' | b'B', ..] => Some(2),
        _ => None,
    }
}

/// StringToNumber (`Number("...")`, unary `+`).
pub fn string_to_number(s: &str) -> f64 {
    let t = trim_js(s);
    if t.is_empty() {
        return 0.0;
    }
    let b = t.as_bytes();
    if b.len() > 2 {
        if let Some(radix) = radix_prefix(b) {
            let mut v = 0f64;
            for &c in &b[2..] {
                match (c as char).to_digit(radix) {
                    Some(d) => v = v * radix as f64 + d as f64,
                    None => return f64::NAN,
                }
            }
            return v;
        }
    }
    match t {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    if decimal_literal_len(t) == t.len() {
        t.parse::<f64>().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
}

/// Length of the longest prefix of `t` that is a StrDecimalLiteral (without Infinity).
fn decimal_literal_len(t: &str) -> usize {
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        let j = i + 1;
        let mut k = j;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if digits > 0 || k > j {
            digits += k - j;
            i = k;
        }
    }
    if digits == 0 {
        return 0;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut k = i + 1;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            k += 1;
        }
        let ds = k;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k > ds {
            i = k;
        }
    }
    i
}

/// The global parseFloat.
pub fn parse_float(s: &str) -> f64 {
    let t = trim_js_start(s);
    for (prefix, v) in [
        ("Infinity", f64::INFINITY),
        ("+Infinity", f64::INFINITY),
        ("-Infinity", f64::NEG_INFINITY),
    ] {
        if t.starts_with(prefix) {
            return v;
        }
    }
    let n = decimal_literal_len(t);
    if n == 0 {
        return f64::NAN;
    }
    t[..n].parse::<f64>().unwrap_or(f64::NAN)
}

/// The global parseInt.
pub fn parse_int(s: &str, radix: i32) -> f64 {
    let mut t = trim_js_start(s);
    let mut sign = 1.0;
    if let Some(r) = t.strip_prefix('-') {
        sign = -1.0;
        t = r;
    } else if let Some(r) = t.strip_prefix('+') {
        t = r;
    }
    let mut radix = radix;
    let mut strip_prefix = true;
    if radix != 0 {
        if !(2..=36).contains(&radix) {
            return f64::NAN;
        }
        if radix != 16 {
            strip_prefix = false;
        }
    } else {
        radix = 10;
    }
    if strip_prefix && (t.starts_with("0x") || t.starts_with("0X")) {
        t = &t[2..];
        radix = 16;
    }
    let end = t
        .char_indices()
        .find(|(_, c)| c.to_digit(radix as u32).is_none())
        .map(|(i, _)| i)
        .unwrap_or(t.len());
    let digits = &t[..end];
    if digits.is_empty() {
        return f64::NAN;
    }
    if radix == 10 {
        return sign * digits.parse::<f64>().unwrap_or(f64::NAN);
    }
    let mut v = 0f64;
    for c in digits.chars() {
        v = v * radix as f64 + c.to_digit(radix as u32).unwrap_or(0) as f64;
    }
    sign * v
}

/// Exact decimal digits of a finite positive double: (digits, exponent) with
/// value = 0.d1d2d3... × 10^exponent and no trailing zeros.
fn exact_digits(x: f64) -> (Vec<u8>, i32) {
    let s = format!("{:.800e}", x);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mant
        .bytes()
        .filter(|c| c.is_ascii_digit())
        .map(|c| c - b'0')
        .collect();
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    (digits, exp + 1)
}

/// Rounds digits to `n` digits, half up; returns possibly one more leading digit via exponent bump.
fn round_digits(digits: &[u8], exp: i32, n: usize) -> (Vec<u8>, i32) {
    if digits.len() <= n {
        let mut d = digits.to_vec();
        d.resize(n, 0);
        return (d, exp);
    }
    let mut d = digits[..n].to_vec();
    if digits[n] >= 5 {
        let mut i = n;
        loop {
            if i == 0 {
                d.insert(0, 1);
                d.truncate(n.max(1));
                return (d, exp + 1);
            }
            i -= 1;
            if d[i] == 9 {
                d[i] = 0;
            } else {
                d[i] += 1;
                break;
            }
        }
    }
    (d, exp)
}

fn digits_str(d: &[u8]) -> String {
    d.iter().map(|c| (b'0' + c) as char).collect()
}

/// Number.prototype.toFixed (0 <= f <= 100).
pub fn to_fixed(x: f64, f: usize) -> String {
    if !x.is_finite() {
        return to_string(x);
    }
    if x.abs() >= 1e21 {
        return to_string(x);
    }
    let neg = x < 0.0;
    let a = x.abs();
    let body = if a == 0.0 {
        if f == 0 {
            "0".to_string()
        } else {
            format!("0.{}", "0".repeat(f))
        }
    } else {
        let (digits, exp) = exact_digits(a);
        // Number of digits kept: integer digits (exp) + f fraction digits.
        let keep = exp + f as i32;
        let (d, e) = if keep < 0 {
            (vec![], exp)
        } else if keep == 0 {
            if digits[0] >= 5 {
                (vec![1], exp + 1)
            } else {
                (vec![], exp)
            }
        } else {
            round_digits(&digits, exp, keep as usize)
        };
        // Build integer and fraction parts from d (value = 0.d × 10^e).
        let mut all = String::new();
        if e <= 0 {
            all.push('0');
            let mut frac = "0".repeat((-e) as usize);
            frac.push_str(&digits_str(&d));
            frac.truncate(f);
            while frac.len() < f {
                frac.push('0');
            }
            if f > 0 {
                all.push('.');
                all.push_str(&frac);
            }
        } else {
            let ds = digits_str(&d);
            let e = e as usize;
            let (ip, fp) = if ds.len() >= e {
                (ds[..e].to_string(), ds[e..].to_string())
            } else {
                (format!("{}{}", ds, "0".repeat(e - ds.len())), String::new())
            };
            all.push_str(&ip);
            let mut fp = fp;
            fp.truncate(f);
            while fp.len() < f {
                fp.push('0');
            }
            if f > 0 {
                all.push('.');
                all.push_str(&fp);
            }
        }
        all
    };
    if neg && body.bytes().any(|c| c != b'0' && c != b'.') {
        format!("-{body}")
    } else if neg {
        // (-0.0001).toFixed(2) is "-0.00" in JavaScript.
        format!("-{body}")
    } else {
        body
    }
}

/// Number.prototype.toExponential; `f` None means as many digits as needed.
pub fn to_exponential(x: f64, f: Option<usize>) -> String {
    if !x.is_finite() {
        return to_string(x);
    }
    let neg = x < 0.0;
    let a = x.abs();
    let (d, e) = if a == 0.0 {
        (vec![0u8; f.unwrap_or(0) + 1], 1)
    } else {
        match f {
            Some(f) => {
                let (digits, exp) = exact_digits(a);
                round_digits(&digits, exp, f + 1)
            }
            None => shortest_digits(a),
        }
    };
    let ds = digits_str(&d);
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    out.push_str(&ds[..1]);
    if ds.len() > 1 {
        out.push('.');
        out.push_str(&ds[1..]);
    }
    let e = e - 1;
    out.push('e');
    out.push(if e < 0 { '-' } else { '+' });
    out.push_str(&e.abs().to_string());
    out
}

/// Shortest round-trip digits (value = 0.d × 10^e).
fn shortest_digits(a: f64) -> (Vec<u8>, i32) {
    let s = format!("{:e}", a);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: Vec<u8> = mant
        .bytes()
        .filter(|c| c.is_ascii_digit())
        .map(|c| c - b'0')
        .collect();
    (digits, exp + 1)
}

/// Number.prototype.toPrecision (1 <= p <= 100).
pub fn to_precision(x: f64, p: usize) -> String {
    if !x.is_finite() {
        return to_string(x);
    }
    let neg = x < 0.0;
    let a = x.abs();
    let (d, e) = if a == 0.0 {
        (vec![0u8; p], 1)
    } else {
        let (digits, exp) = exact_digits(a);
        round_digits(&digits, exp, p)
    };
    let ds = digits_str(&d);
    let e1 = e - 1; // exponent in scientific notation
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if e1 < -6 || e1 >= p as i32 {
        out.push_str(&ds[..1]);
        if p > 1 {
            out.push('.');
            out.push_str(&ds[1..]);
        }
        out.push('e');
        out.push(if e1 < 0 { '-' } else { '+' });
        out.push_str(&e1.abs().to_string());
    } else if e1 >= 0 {
        let k = (e1 + 1) as usize;
        out.push_str(&ds[..k]);
        if p > k {
            out.push('.');
            out.push_str(&ds[k..]);
        }
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat((-(e1 + 1)) as usize));
        out.push_str(&ds);
    }
    out
}

/// Number.prototype.toString(radix) for radix != 10.
pub fn to_radix(x: f64, radix: u32) -> String {
    if !x.is_finite() || x == 0.0 {
        return to_string(x);
    }
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let neg = x < 0.0;
    let a = x.abs();
    let mut int = a.floor();
    let mut frac = a - int;
    let mut int_digits = Vec::new();
    if int == 0.0 {
        int_digits.push(b'0');
    }
    while int >= 1.0 {
        let d = (int % radix as f64) as usize;
        int_digits.push(DIGITS[d]);
        int = ((int - d as f64) / radix as f64).floor();
    }
    int_digits.reverse();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    out.push_str(std::str::from_utf8(&int_digits).unwrap_or("0"));
    if frac > 0.0 {
        // Emit digits until the value is uniquely identified (as V8 does).
        let next = f64::from_bits(a.to_bits() + 1);
        let mut delta = (0.5 * (next - a)).max(f64::from_bits(1));
        let mut fd: Vec<u8> = Vec::new();
        if frac >= delta {
            loop {
                frac *= radix as f64;
                delta *= radix as f64;
                let d = frac.floor() as usize;
                fd.push(d as u8);
                frac -= d as f64;
                if frac > 0.5 || (frac == 0.5 && (d & 1) == 1) {
                    if frac + delta > 1.0 {
                        // Round up, propagating carries.
                        loop {
                            match fd.last_mut() {
                                Some(last) if (*last as u32) + 1 == radix => {
                                    fd.pop();
                                }
                                Some(last) => {
                                    *last += 1;
                                    break;
                                }
                                None => break,
                            }
                        }
                        break;
                    }
                }
                if frac < delta || fd.len() > 1100 {
                    break;
                }
            }
        }
        if !fd.is_empty() {
            out.push('.');
            for d in fd {
                out.push(DIGITS[d as usize] as char);
            }
        }
    }
    out
}

/// ToInt32.
pub fn to_int32(n: f64) -> i32 {
    if n.is_finite() && n.abs() < 2147483648.0 {
        return n as i32;
    }
    to_uint32(n) as i32
}

/// ToUint32.
pub fn to_uint32(n: f64) -> u32 {
    if !n.is_finite() {
        return 0;
    }
    let t = n.trunc();
    let m = t.rem_euclid(4294967296.0);
    m as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_str_digits_match_to_string() {
        let cases = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            7.0,
            10.0,
            -10.0,
            123456789.0,
            999999999999999.0,
            -999999999999999.0,
            1e15,
            -1e15,
            1e21,
            0.5,
            -2.5,
            1e-7,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            4294967295.0,
            9007199254740991.0,
        ];
        for n in cases {
            assert_eq!(to_js_str(n).to_rust(), to_string(n), "{n}");
        }
    }
    #[test]
    fn formats() {
        assert_eq!(to_string(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(to_string(1e21), "1e+21");
        assert_eq!(to_string(-0.0), "0");
        assert_eq!(to_string(5e-7), "5e-7");
        assert_eq!(to_string(123456789012345680000.0), "123456789012345680000");
        assert_eq!(to_fixed(2.5, 0), "3");
        assert_eq!(to_fixed(1.005, 2), "1.00");
        assert_eq!(to_fixed(1.45, 1), "1.4");
        assert_eq!(to_fixed(0.000001, 2), "0.00");
        assert_eq!(to_fixed(123.456, 2), "123.46");
        assert_eq!(to_precision(123.456, 4), "123.5");
        assert_eq!(to_precision(0.00001234, 2), "0.000012");
        assert_eq!(to_precision(1234567.0, 2), "1.2e+6");
        assert_eq!(to_exponential(123456.0, Some(2)), "1.23e+5");
        assert_eq!(to_exponential(0.00015, None), "1.5e-4");
        assert_eq!(to_radix(255.0, 16), "ff");
        assert_eq!(to_radix(0.5, 2), "0.1");
        assert_eq!(to_radix(-10.0, 2), "-1010");
        assert_eq!(parse_int("  42px", 0), 42.0);
        assert_eq!(parse_int("0x1f", 0), 31.0);
        assert_eq!(parse_float("2.5abc"), 2.5);
        assert!(string_to_number("12px").is_nan());
        assert_eq!(string_to_number(" 12 "), 12.0);
        assert_eq!(string_to_number("0x10"), 16.0);
        assert!(string_to_number("inf").is_nan());
        assert_eq!(to_int32(4294967296.0 + 5.0), 5);
    }
}

//! C `printf` conversions of numbers, as glibc prints them (the reference `lua5.4`
//! is linked against glibc). Digits come from Rust's exact float formatting, which
//! rounds the exact binary value half-to-even like glibc does.

use std::fmt;

/// Big enough for the longest item: `%.99f` of the largest double (309 integer digits,
/// a point and 99 decimals), and for `%99.99e`.
const STACK_CAP: usize = 512;

/// A fixed buffer on the stack so the hot paths of `string.format` and `tostring`
/// never touch the heap.
pub(crate) struct StackBuf<const N: usize = STACK_CAP> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> StackBuf<N> {
    pub(crate) fn new() -> Self {
        StackBuf {
            buf: [0; N],
            len: 0,
        }
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    pub(crate) fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    pub(crate) fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
    }

    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
        }
    }
}

impl<const N: usize> fmt::Write for StackBuf<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        match self.buf.get_mut(self.len..end) {
            Some(dst) => {
                dst.copy_from_slice(s.as_bytes());
                self.len = end;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}

/// Flags, width and precision of one conversion (Lua limits both numbers to 2 digits).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Spec {
    pub left: bool,
    pub plus: bool,
    pub space: bool,
    pub alt: bool,
    pub zero: bool,
    pub width: usize,
    pub precision: Option<usize>,
}

fn push_repeat(out: &mut Vec<u8>, b: u8, n: usize) {
    out.resize(out.len() + n, b);
}

/// Lay out sign, prefix and body in the field width.
fn pad(
    out: &mut Vec<u8>,
    spec: &Spec,
    sign: Option<u8>,
    prefix: &[u8],
    body: &[u8],
    zero_ok: bool,
) {
    let total = usize::from(sign.is_some()) + prefix.len() + body.len();
    let fill = spec.width.saturating_sub(total);
    if spec.left {
        out.extend(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        push_repeat(out, b' ', fill);
    } else if spec.zero && zero_ok {
        out.extend(sign);
        out.extend_from_slice(prefix);
        push_repeat(out, b'0', fill);
        out.extend_from_slice(body);
    } else {
        push_repeat(out, b' ', fill);
        out.extend(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
}

/// Pad a string (`%s`, `%c`): only `-` and the width apply here.
pub(crate) fn pad_str(out: &mut Vec<u8>, spec: &Spec, body: &[u8]) {
    pad(out, spec, None, b"", body, false);
}

/// Digits of `v` in `base`, most significant first, into `buf`.
fn digits<const N: usize>(buf: &mut StackBuf<N>, mut v: u64, base: u64, upper: bool) {
    let mut tmp = [0u8; 64];
    let mut i = tmp.len();
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    loop {
        i -= 1;
        let d = (v % base) as usize;
        if let (Some(slot), Some(&c)) = (tmp.get_mut(i), table.get(d)) {
            *slot = c;
        }
        v /= base;
        if v == 0 || i == 0 {
            break;
        }
    }
    buf.extend(tmp.get(i..).unwrap_or(&[]));
}

/// Apply a C integer precision (minimum number of digits) to `raw` digits.
fn with_precision(raw: &[u8], precision: Option<usize>, zero_value: bool) -> StackBuf {
    let mut body = StackBuf::new();
    match precision {
        Some(0) if zero_value => {}
        Some(p) => {
            for _ in raw.len()..p {
                body.push(b'0');
            }
            body.extend(raw);
        }
        None => body.extend(raw),
    }
    body
}

/// `%d` / `%i`.
pub(crate) fn fmt_signed(out: &mut Vec<u8>, spec: &Spec, v: i64) {
    let mut raw = StackBuf::<72>::new();
    digits(&mut raw, v.unsigned_abs(), 10, false);
    let body = with_precision(raw.as_bytes(), spec.precision, v == 0);
    let sign = if v < 0 {
        Some(b'-')
    } else if spec.plus {
        Some(b'+')
    } else if spec.space {
        Some(b' ')
    } else {
        None
    };
    pad(
        out,
        spec,
        sign,
        b"",
        body.as_bytes(),
        spec.precision.is_none(),
    );
}

/// `%u`, `%o`, `%x`, `%X` (the integer's two's-complement bits, as C's `%llx`).
pub(crate) fn fmt_unsigned(out: &mut Vec<u8>, spec: &Spec, v: u64, conv: u8) {
    let (base, upper) = match conv {
        b'o' => (8, false),
        b'x' => (16, false),
        b'X' => (16, true),
        _ => (10, false),
    };
    let mut raw = StackBuf::<72>::new();
    digits(&mut raw, v, base, upper);
    let mut body = with_precision(raw.as_bytes(), spec.precision, v == 0);
    if spec.alt && conv == b'o' && body.as_bytes().first() != Some(&b'0') {
        let mut fixed = StackBuf::new();
        fixed.push(b'0');
        fixed.extend(body.as_bytes());
        body = fixed;
    }
    let prefix: &[u8] = if spec.alt && v != 0 && conv == b'x' {
        b"0x"
    } else if spec.alt && v != 0 && conv == b'X' {
        b"0X"
    } else {
        b""
    };
    pad(
        out,
        spec,
        None,
        prefix,
        body.as_bytes(),
        spec.precision.is_none(),
    );
}

/// `%e %E %f %F %g %G %a %A` of a double.
pub(crate) fn fmt_float(out: &mut Vec<u8>, spec: &Spec, x: f64, conv: u8) {
    let upper = conv.is_ascii_uppercase();
    let sign = if x.is_sign_negative() {
        Some(b'-')
    } else if spec.plus {
        Some(b'+')
    } else if spec.space {
        Some(b' ')
    } else {
        None
    };
    if !x.is_finite() {
        let body: &[u8] = match (x.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        pad(out, spec, sign, b"", body, false);
        return;
    }
    let ax = x.abs();
    let mut body = StackBuf::new();
    let lower = conv.to_ascii_lowercase();
    let prefix: &[u8] = match lower {
        b'a' => {
            body_a(&mut body, ax, spec.precision, spec.alt);
            b"0x"
        }
        b'e' => {
            body_e(&mut body, ax, spec.precision.unwrap_or(6), spec.alt);
            b""
        }
        b'f' => {
            body_f(&mut body, ax, spec.precision.unwrap_or(6), spec.alt);
            b""
        }
        _ => {
            body_g(&mut body, ax, spec.precision, spec.alt);
            b""
        }
    };
    if upper {
        let up = body.as_bytes().to_ascii_uppercase_stack();
        let prefix_up: &[u8] = if prefix.is_empty() { b"" } else { b"0X" };
        pad(out, spec, sign, prefix_up, up.as_bytes(), true);
    } else {
        pad(out, spec, sign, prefix, body.as_bytes(), true);
    }
}

/// Upper-casing into a stack buffer (avoids `to_ascii_uppercase`'s allocation).
trait UpperStack {
    fn to_ascii_uppercase_stack(&self) -> StackBuf;
}

impl UpperStack for [u8] {
    fn to_ascii_uppercase_stack(&self) -> StackBuf {
        let mut b = StackBuf::new();
        for &c in self {
            b.push(c.to_ascii_uppercase());
        }
        b
    }
}

/// Split Rust's `{:e}` output ("1.25e-3") into mantissa and exponent.
fn rust_exp<const N: usize>(buf: &mut StackBuf<N>, ax: f64, prec: usize) -> i32 {
    use fmt::Write as _;
    let start = buf.len;
    let _ = write!(buf, "{:.*e}", prec, ax);
    let written = buf.as_bytes().get(start..).unwrap_or(&[]);
    let epos = written
        .iter()
        .position(|&c| c == b'e')
        .unwrap_or(written.len());
    let exp = written
        .get(epos + 1..)
        .and_then(|t| std::str::from_utf8(t).ok())
        .and_then(|t| t.parse::<i32>().ok())
        .unwrap_or(0);
    buf.truncate(start + epos);
    exp
}

fn push_exponent(buf: &mut StackBuf, exp: i32) {
    buf.push(b'e');
    buf.push(if exp < 0 { b'-' } else { b'+' });
    let mut d = StackBuf::<8>::new();
    digits(&mut d, u64::from(exp.unsigned_abs()), 10, false);
    if d.as_bytes().len() < 2 {
        buf.push(b'0');
    }
    buf.extend(d.as_bytes());
}

fn body_e(buf: &mut StackBuf, ax: f64, prec: usize, alt: bool) {
    let exp = rust_exp(buf, ax, prec);
    if prec == 0 && alt {
        buf.push(b'.');
    }
    push_exponent(buf, exp);
}

fn body_f(buf: &mut StackBuf, ax: f64, prec: usize, alt: bool) {
    use fmt::Write as _;
    if !fixed_small(buf, ax, prec) {
        let _ = write!(buf, "{:.*}", prec, ax);
    }
    if prec == 0 && alt {
        buf.push(b'.');
    }
}

/// `%.{prec}f` by integer arithmetic for the common case (|x| < 2^64, prec <= 15):
/// x = m * 2^e exactly, so x * 10^prec rounds half-to-even from an exact quotient
/// and remainder. Returns false (writing nothing) outside that range.
fn fixed_small(buf: &mut StackBuf, ax: f64, prec: usize) -> bool {
    if prec > 15 {
        return false;
    }
    let bits = ax.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp_bits - 1075)
    };
    let pow10 = 10u128.pow(prec as u32);
    let q: u128 = if e >= 0 {
        if e > 11 {
            return false;
        }
        (u128::from(m) << e) * pow10
    } else {
        let k = e.unsigned_abs();
        if k > 127 {
            0
        } else {
            let prod = u128::from(m) * pow10;
            let q = prod >> k;
            let r = prod & ((1u128 << k) - 1);
            let half = 1u128 << (k - 1);
            if r > half || (r == half && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        }
    };
    // Decimal digits of q, at least prec + 1 of them.
    let mut tmp = [0u8; 48];
    let mut i = tmp.len();
    let mut v = q;
    while v > 0 || tmp.len() - i < prec + 1 {
        i -= 1;
        if let Some(slot) = tmp.get_mut(i) {
            *slot = b'0' + (v % 10) as u8;
        }
        v /= 10;
        if i == 0 {
            break;
        }
    }
    let digits = tmp.get(i..).unwrap_or(&[]);
    let int_len = digits.len() - prec;
    buf.extend(digits.get(..int_len).unwrap_or(&[]));
    if prec > 0 {
        buf.push(b'.');
        buf.extend(digits.get(int_len..).unwrap_or(&[]));
    }
    true
}

fn strip_fraction_zeros(buf: &mut StackBuf, from: usize) {
    let bytes = buf.as_bytes();
    let Some(rel_dot) = bytes
        .get(from..)
        .and_then(|t| t.iter().position(|&c| c == b'.'))
    else {
        return;
    };
    let dot = from + rel_dot;
    let mut end = bytes.len();
    while end > dot + 1 && bytes.get(end - 1) == Some(&b'0') {
        end -= 1;
    }
    if end == dot + 1 {
        end = dot;
    }
    buf.truncate(end);
}

/// When the shortest round-trip digits of `ax` number at most `p` (and p <= 15, so a
/// normal double's rounding error is below half a unit of the p-th digit), they are exactly
/// the p-digit rounding: fill `sig` with them, zero-padded, and return the exponent.
/// The shortest conversion is much cheaper than an exact one.
fn shortest_digits<const N: usize>(sig: &mut StackBuf<N>, ax: f64, p: usize) -> Option<i32> {
    use fmt::Write as _;
    if p > 15 || !ax.is_normal() {
        return None;
    }
    let mut tmp = StackBuf::<40>::new();
    let _ = write!(tmp, "{ax:e}");
    let text = tmp.as_bytes();
    let epos = text.iter().position(|&c| c == b'e')?;
    let exp: i32 = std::str::from_utf8(text.get(epos + 1..)?)
        .ok()?
        .parse()
        .ok()?;
    let mant = text.get(..epos)?;
    let ndigits = mant.iter().filter(|c| c.is_ascii_digit()).count();
    if ndigits > p {
        return None;
    }
    for &c in mant.iter().filter(|c| c.is_ascii_digit()) {
        sig.push(c);
    }
    for _ in ndigits..p {
        sig.push(b'0');
    }
    Some(exp)
}

/// `x = m * 2^e * 10^k` rounded half-to-even to an integer, when every intermediate
/// fits in 128 bits.
fn scaled_round(m: u64, e: i32, k: i32) -> Option<u128> {
    fn shl(v: u128, by: u32) -> Option<u128> {
        if by >= 128 || (by > 0 && v.leading_zeros() < by) {
            None
        } else {
            Some(v << by)
        }
    }
    let pow10 = |n: u32| 10u128.checked_pow(n);
    if k >= 0 && e < 0 {
        // The usual case (a fraction): divide by a power of two with shifts.
        let num = u128::from(m).checked_mul(pow10(k.unsigned_abs())?)?;
        let sh = e.unsigned_abs();
        if sh >= 128 {
            return Some(0);
        }
        let q = num >> sh;
        let r = num & ((1u128 << sh) - 1);
        let half = 1u128 << (sh - 1);
        let up = r > half || (r == half && q & 1 == 1);
        return Some(if up { q + 1 } else { q });
    }
    let mut num = u128::from(m);
    let mut den = 1u128;
    if k >= 0 {
        num = num.checked_mul(pow10(k.unsigned_abs())?)?;
    } else {
        den = pow10(k.unsigned_abs())?;
    }
    if e >= 0 {
        num = shl(num, e.unsigned_abs())?;
    } else {
        den = shl(den, e.unsigned_abs())?;
    }
    let q = num / den;
    let r = num % den;
    let half_up = r > den - r || (r == den - r && q & 1 == 1);
    Some(if half_up { q + 1 } else { q })
}

/// The `p` significant digits of `ax` (normal, p <= 17) by exact integer arithmetic,
/// for the common range of magnitudes; `None` leaves it to the general path.
fn integer_digits<const N: usize>(sig: &mut StackBuf<N>, ax: f64, p: usize) -> Option<i32> {
    if p == 0 || p > 17 || !ax.is_normal() {
        return None;
    }
    let bits = ax.to_bits();
    let m = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let e = ((bits >> 52) & 0x7ff) as i32 - 1075;
    let p32 = p as u32;
    let lo = 10u128.pow(p32 - 1);
    let hi = 10u128.pow(p32);
    // log10 may be off by one near powers of ten; the range check corrects it.
    let mut x_exp = ax.log10().floor() as i32;
    for _ in 0..3 {
        let q = scaled_round(m, e, p as i32 - 1 - x_exp)?;
        if q >= hi {
            x_exp += 1;
        } else if q < lo {
            x_exp -= 1;
        } else {
            let mut digits = [0u8; 17];
            let mut v = q;
            for slot in digits.iter_mut().take(p).rev() {
                *slot = b'0' + (v % 10) as u8;
                v /= 10;
            }
            sig.extend(digits.get(..p).unwrap_or(&[]));
            return Some(x_exp);
        }
    }
    None
}

fn body_g(buf: &mut StackBuf, ax: f64, precision: Option<usize>, alt: bool) {
    let p = match precision {
        None => 6,
        Some(0) => 1,
        Some(p) => p,
    };
    // The p significant digits and the exponent after rounding: one exact conversion
    // serves both styles, since %f with p-1-X decimals rounds at the same digit.
    let mut sig = StackBuf::<128>::new();
    let x_exp = if ax == 0.0 {
        for _ in 0..p {
            sig.push(b'0');
        }
        0
    } else if let Some(exp) = integer_digits(&mut sig, ax, p) {
        exp
    } else if let Some(exp) = shortest_digits(&mut sig, ax, p) {
        exp
    } else {
        let exp = rust_exp(&mut sig, ax, p - 1);
        // "d.ddd" -> "dddd"
        if sig.len > 1 {
            sig.buf.copy_within(2..sig.len, 1);
            sig.len -= 1;
        }
        exp
    };
    let d = sig.as_bytes();
    let p_i = i32::try_from(p).unwrap_or(i32::MAX);
    if x_exp < -4 || x_exp >= p_i {
        buf.extend(d.get(..1).unwrap_or(b"0"));
        if p > 1 || alt {
            buf.push(b'.');
            buf.extend(d.get(1..).unwrap_or(&[]));
        }
        if !alt {
            strip_fraction_zeros(buf, 0);
        }
        push_exponent(buf, x_exp);
    } else {
        if x_exp >= 0 {
            let int_len = (x_exp + 1) as usize;
            buf.extend(d.get(..int_len).unwrap_or(d));
            let frac = d.get(int_len..).unwrap_or(&[]);
            if !frac.is_empty() || alt {
                buf.push(b'.');
                buf.extend(frac);
            }
        } else {
            buf.extend(b"0.");
            for _ in 0..(-x_exp - 1) {
                buf.push(b'0');
            }
            buf.extend(d);
        }
        if !alt {
            strip_fraction_zeros(buf, 0);
        }
    }
}

/// glibc's `%a`: normal numbers print as `1.xxxp+e`, subnormals as `0.xxxp-1022`;
/// a requested precision rounds half-to-even and may carry into the leading digit.
fn body_a(buf: &mut StackBuf, ax: f64, precision: Option<usize>, alt: bool) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bits = ax.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, exp) = if exp_bits == 0 {
        (0u64, if frac == 0 { 0 } else { -1022 })
    } else {
        (1u64, exp_bits - 1023)
    };
    let full = (lead << 52) | frac;
    let (lead_digit, frac_digits, ndigits) = match precision {
        None => {
            let mut n = 13usize;
            let mut f = frac;
            while n > 0 && f & 0xf == 0 {
                f >>= 4;
                n -= 1;
            }
            (lead, f, n)
        }
        Some(p) if p >= 13 => (lead, frac, 13),
        Some(p) => {
            let shift = (13 - p) * 4;
            let mut kept = full >> shift;
            let rem = full & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            if rem > half || (rem == half && kept & 1 == 1) {
                kept += 1;
            }
            let fbits = p * 4;
            let mask = if fbits == 0 { 0 } else { (1u64 << fbits) - 1 };
            (kept >> fbits, kept & mask, p)
        }
    };
    if let Some(&c) = HEX.get(lead_digit as usize & 0xf) {
        buf.push(c);
    }
    let extra_zeros = match precision {
        Some(p) if p > 13 => p - 13,
        _ => 0,
    };
    if ndigits > 0 || extra_zeros > 0 || alt {
        buf.push(b'.');
    }
    for i in (0..ndigits).rev() {
        let d = (frac_digits >> (i * 4)) & 0xf;
        if let Some(&c) = HEX.get(d as usize) {
            buf.push(c);
        }
    }
    for _ in 0..extra_zeros {
        buf.push(b'0');
    }
    buf.push(b'p');
    buf.push(if exp < 0 { b'-' } else { b'+' });
    let mut d = StackBuf::<8>::new();
    digits(&mut d, u64::from(exp.unsigned_abs()), 10, false);
    buf.extend(d.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(spec: Spec, x: f64, conv: u8) -> String {
        let mut out = Vec::new();
        fmt_float(&mut out, &spec, x, conv);
        String::from_utf8(out).unwrap_or_default()
    }

    fn prec(p: usize) -> Spec {
        Spec {
            precision: Some(p),
            ..Spec::default()
        }
    }

    #[test]
    fn g_conversions() {
        assert_eq!(f(prec(14), 0.1, b'g'), "0.1");
        assert_eq!(f(prec(14), 1e15, b'g'), "1e+15");
        assert_eq!(f(prec(14), 2f64.powi(63), b'g'), "9.2233720368548e+18");
        assert_eq!(f(Spec::default(), 0.0001, b'g'), "0.0001");
        assert_eq!(f(Spec::default(), 123456789.0, b'g'), "1.23457e+08");
        assert_eq!(f(Spec::default(), 1e-5, b'g'), "1e-05");
    }

    #[test]
    fn hex_floats() {
        assert_eq!(f(Spec::default(), 1.0, b'a'), "0x1p+0");
        assert_eq!(f(Spec::default(), 0.5, b'A'), "0X1P-1");
        assert_eq!(f(Spec::default(), -0.0, b'a'), "-0x0p+0");
        assert_eq!(f(Spec::default(), 1e-320, b'a'), "0x0.00000000007e8p-1022");
        assert_eq!(f(prec(0), 1.5, b'a'), "0x2p+0");
        assert_eq!(f(prec(3), 1.9999999, b'a'), "0x2.000p+0");
    }

    #[test]
    fn fixed_fast_path_agrees_with_exact_formatting() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..200_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = match k % 3 {
                0 => f64::from_bits(x >> 2),
                1 => (x >> 11) as f64 / (1u64 << (x % 60)) as f64,
                _ => (x % 100_000) as f64 / 1000.0 + 0.0005,
            };
            if !v.is_finite() {
                continue;
            }
            let prec = (k % 16) as usize;
            let mut fast = StackBuf::<512>::new();
            if fixed_small(&mut fast, v, prec) {
                let exact = format!("{v:.prec$}");
                assert_eq!(fast.as_bytes(), exact.as_bytes(), "{v:e} .{prec}");
            }
        }
    }

    #[test]
    fn integer_digits_agree_with_exact_formatting() {
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut hits = 0;
        for k in 0..300_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = match k % 3 {
                0 => f64::from_bits(x >> 1),
                1 => (x >> 11) as f64 / (1u64 << (x % 50)) as f64,
                _ => (x % 1_000_000) as f64 / 7.0,
            };
            if !v.is_normal() {
                continue;
            }
            let p = 1 + (k % 17) as usize;
            let mut fast = StackBuf::<512>::new();
            if let Some(exp) = integer_digits(&mut fast, v, p) {
                hits += 1;
                let mut slow = StackBuf::<512>::new();
                let slow_exp = rust_exp(&mut slow, v, p - 1);
                let slow_digits: Vec<u8> = slow
                    .as_bytes()
                    .iter()
                    .copied()
                    .filter(u8::is_ascii_digit)
                    .collect();
                assert_eq!(
                    (fast.as_bytes(), exp),
                    (&slow_digits[..], slow_exp),
                    "{v:e} p={p}"
                );
            }
        }
        assert!(
            hits > 100_000,
            "fast path should cover common magnitudes ({hits})"
        );
    }

    #[test]
    fn integers() {
        let mut out = Vec::new();
        fmt_signed(&mut out, &prec(3), 5);
        fmt_unsigned(&mut out, &Spec::default(), u64::MAX, b'x');
        assert_eq!(out, b"005ffffffffffffffff");
    }
}

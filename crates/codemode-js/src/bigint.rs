//! BigInt values (num-bigint's `BigInt`) and what the VM needs to bound them: the bytes a
//! value of some length takes and the work of each operation, estimated from its
//! operands' lengths before the operation runs. Conversions follow ECMAScript 2025
//! (StringToBigInt, NumberToBigInt, BigInt::toString, the exact Number comparisons).

use num_bigint::BigInt;
use num_traits::{FromPrimitive, ToPrimitive};
use std::cmp::Ordering;

use crate::heap::BLOCK_OVERHEAD;

/// The largest BigInt, in bits: V8's (node says "Maximum BigInt size exceeded").
pub const MAX_BITS: u64 = 1 << 30;

/// Bytes a BigInt of `bits` bits holds: the boxed header and its 64-bit digits.
pub fn bytes_for_bits(bits: u64) -> usize {
    let digits = bits.div_ceil(64) as usize;
    std::mem::size_of::<BigInt>() + 2 * BLOCK_OVERHEAD + digits.saturating_mul(8)
}

/// Bytes the value `b` holds outside its arena slot.
pub fn byte_size(b: &BigInt) -> usize {
    bytes_for_bits(b.bits())
}

/// 64-bit digits of a value of `bits` bits (at least one).
pub fn limbs(bits: u64) -> u64 {
    bits.div_ceil(64).max(1)
}

/// Work units (about a nanosecond each; `Vm::charge` turns them into fuel) of a
/// multiplication of an `a`-bit by a `b`-bit value. num-bigint multiplies schoolbook
/// below 32 digits and by Karatsuba/Toom-3 above: measured, a square of n digits costs
/// under 8·n^1.5 ns, and a long by a short operand runs as long/short squares.
pub fn mul_work(a: u64, b: u64) -> u64 {
    let (s, l) = if a < b { (a, b) } else { (b, a) };
    let (s, l) = (limbs(s), limbs(l));
    if s <= 32 {
        return s.saturating_mul(l).saturating_add(l);
    }
    let per_block = 8.0 * (s as f64).powf(1.5);
    let blocks = l.div_ceil(s) as f64;
    let w = per_block * blocks;
    if w >= u64::MAX as f64 {
        u64::MAX
    } else {
        w as u64 + l
    }
}

/// Work of dividing an `a`-bit value by a `b`-bit one (quotient and remainder): long
/// division, digits of the quotient times digits of the divisor.
pub fn div_work(a: u64, b: u64) -> u64 {
    if a < b {
        return limbs(a);
    }
    let q = limbs(a - b + 1);
    q.saturating_mul(limbs(b)).saturating_add(limbs(a))
}

/// Work of writing a `bits`-bit value in `radix`: linear for a power of two, otherwise
/// num-bigint's repeated division (quadratic in the digits at worst).
pub fn to_string_work(bits: u64, radix: u32) -> u64 {
    let n = limbs(bits);
    if radix.is_power_of_two() {
        n * 16
    } else {
        n.saturating_mul(n).saturating_add(n * 32)
    }
}

/// Work of reading `digits` digits in `radix` (quadratic for a radix not a power of two).
pub fn parse_work(digits: usize, radix: u32) -> u64 {
    let n = (digits as u64) / 16 + 1;
    if radix.is_power_of_two() {
        n * 16
    } else {
        n.saturating_mul(n).saturating_add(n * 16)
    }
}

/// The digits of a literal (`10`, `0x1f`: the lexer's form, separators removed).
pub fn parse_literal(text: &str) -> BigInt {
    let (radix, digits) = match text.get(..2) {
        Some("0x") => (16, &text[2..]),
        Some("0o") => (8, &text[2..]),
        Some("0b") => (2, &text[2..]),
        _ => (10, text),
    };
    BigInt::parse_bytes(digits.as_bytes(), radix).unwrap_or_default()
}

/// The radix and digits of a StringToBigInt input (ECMAScript's StringIntegerLiteral:
/// whitespace around, an optional sign before decimal digits, or a 0x/0o/0b prefix with no
/// sign; empty is 0). None when it is no such literal.
pub fn string_literal_parts(units: &[u16]) -> Option<(bool, u32, String)> {
    let s = String::from_utf16(units).ok()?;
    let t = crate::number::trim_js(&s);
    if t.is_empty() {
        return Some((false, 10, "0".to_string()));
    }
    let b = t.as_bytes();
    if b.len() > 2 {
        if let Some(radix) = crate::number::radix_prefix(b) {
            let digits = &t[2..];
            return digits
                .chars()
                .all(|c| c.is_digit(radix))
                .then(|| (false, radix, digits.to_string()));
        }
    }
    let (negative, digits) = match b[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    (!digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()))
        .then(|| (negative, 10, digits.to_string()))
}

/// Reads the digits `string_literal_parts` found.
pub fn from_parts(negative: bool, radix: u32, digits: &str) -> BigInt {
    let n = BigInt::parse_bytes(digits.as_bytes(), radix).unwrap_or_default();
    if negative {
        -n
    } else {
        n
    }
}

/// NumberToBigInt: the integer `n` exactly; None for a fraction, NaN or an infinity.
pub fn from_f64(n: f64) -> Option<BigInt> {
    if !n.is_finite() || n.trunc() != n {
        return None;
    }
    BigInt::from_f64(n)
}

/// The Number nearest `b` (ties to even; ±Infinity past the largest finite one).
pub fn to_f64(b: &BigInt) -> f64 {
    b.to_f64().unwrap_or(f64::NAN)
}

/// How `b` compares with the Number `n`, exactly (None for NaN).
pub fn cmp_f64(b: &BigInt, n: f64) -> Option<Ordering> {
    if n.is_nan() {
        return None;
    }
    if n == f64::INFINITY {
        return Some(Ordering::Less);
    }
    if n == f64::NEG_INFINITY {
        return Some(Ordering::Greater);
    }
    let floor = n.floor();
    let f = BigInt::from_f64(floor)?;
    Some(match b.cmp(&f) {
        // b == floor(n) <= n: less when n has a fraction.
        Ordering::Equal if floor != n => Ordering::Less,
        o => o,
    })
}

/// `b` in `radix` (2..=36), lower-case digits, `-` for a negative value.
pub fn to_string_radix(b: &BigInt, radix: u32) -> String {
    b.to_str_radix(radix)
}

/// `b` mod 2^bits (BigInt.asUintN), when `bits` is small enough to build the mask; the
/// caller has ruled out the cases where the answer is `b` itself or too large.
pub fn as_uint_n(b: &BigInt, bits: u64) -> BigInt {
    let mask = (BigInt::from(1u8) << bits) - 1u8;
    b & mask
}

/// `b` wrapped to a signed `bits`-bit integer (BigInt.asIntN; `bits` at least 1).
pub fn as_int_n(b: &BigInt, bits: u64) -> BigInt {
    let m = as_uint_n(b, bits);
    if m.bit(bits - 1) {
        m - (BigInt::from(1u8) << bits)
    } else {
        m
    }
}

//! The algorithms of Lua 5.4's `utf8` library over byte strings.

use crate::format::FormatError;
use crate::meter::Meter;

/// `utf8.charpattern`.
pub const CHARPATTERN: &[u8] = b"[\x00-\x7F\xC2-\xFD][\x80-\xBF]*";

/// Largest code point of strict UTF-8.
pub const MAXUNICODE: u32 = 0x10FFFF;
/// Largest value of the lax (original, up to 6 bytes) encoding.
pub const MAXUTF: u32 = 0x7FFF_FFFF;

fn is_cont(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(|&c| c & 0xC0 == 0x80)
}

/// Decode one sequence at the start of `s`: `(code point, byte length)`, or `None`
/// when invalid. `strict` rejects surrogates and values above U+10FFFF; lax mode
/// accepts up to 0x7FFFFFFF as Lua does.
pub fn decode(s: &[u8], strict: bool) -> Option<(u32, usize)> {
    const LIMITS: [u32; 6] = [u32::MAX, 0x80, 0x800, 0x10000, 0x200000, 0x4000000];
    let c = u32::from(*s.first()?);
    let (res, len) = if c < 0x80 {
        (c, 1)
    } else {
        let mut count = 0usize;
        let mut res: u32 = 0;
        let mut c = c;
        while c & 0x40 != 0 {
            count += 1;
            let cc = u32::from(s.get(count).copied().unwrap_or(0));
            if cc & 0xC0 != 0x80 {
                return None;
            }
            res = (res << 6) | (cc & 0x3F);
            c <<= 1;
            if count > 5 {
                return None;
            }
        }
        let shift = count * 5;
        res |= (c & 0x7F).checked_shl(shift as u32).unwrap_or(0);
        let limit = LIMITS.get(count).copied().unwrap_or(u32::MAX);
        if count > 5 || res > MAXUTF || res < limit {
            return None;
        }
        (res, count + 1)
    };
    if strict && (res > MAXUNICODE || (0xD800..=0xDFFF).contains(&res)) {
        return None;
    }
    Some((res, len))
}

/// Append the encoding of `code` (up to 0x7FFFFFFF, in the original 6-byte scheme).
/// Larger values are refused with `false`.
pub fn encode(code: u32, out: &mut Vec<u8>) -> bool {
    if code > MAXUTF {
        return false;
    }
    if code < 0x80 {
        out.push(code as u8);
        return true;
    }
    let mut buf = [0u8; 8];
    let mut n = 0usize;
    let mut x = code;
    let mut mfb: u32 = 0x3f;
    loop {
        if let Some(slot) = buf.get_mut(7 - n) {
            *slot = (0x80 | (x & 0x3f)) as u8;
        }
        n += 1;
        x >>= 6;
        mfb >>= 1;
        if x <= mfb {
            break;
        }
    }
    if let Some(slot) = buf.get_mut(7 - n) {
        *slot = ((!mfb << 1) | x) as u8;
    }
    out.extend_from_slice(buf.get(7 - n..).unwrap_or(&[]));
    true
}

/// `utf8.char` for one argument (`argn` for the error): "value out of range".
pub fn char(code: i64, argn: usize, out: &mut Vec<u8>) -> Result<(), FormatError> {
    let ok = u32::try_from(code).is_ok_and(|c| encode(c, out));
    if ok {
        Ok(())
    } else {
        Err(FormatError::arg(argn, "value out of range"))
    }
}

/// Lua's `u_posrelat`: negative positions count from the end; clipped at 0.
pub fn posrelat(pos: i64, len: usize) -> i64 {
    if pos >= 0 {
        pos
    } else if pos.unsigned_abs() > len as u64 {
        0
    } else {
        len as i64 + pos + 1
    }
}

/// `utf8.len(s, i, j, lax)` with `i`, `j` as given (defaults 1 and -1). `Ok(Ok(n))`
/// is the count, `Ok(Err(p))` the 1-based position of the first invalid byte (Lua
/// returns fail and p).
pub fn len(
    s: &[u8],
    i: i64,
    j: i64,
    lax: bool,
    meter: &mut Meter,
) -> Result<Result<i64, i64>, FormatError> {
    let ls = s.len() as i64;
    let mut posi = posrelat(i, s.len());
    let mut posj = posrelat(j, s.len());
    if !(1 <= posi && posi - 1 <= ls) {
        return Err(FormatError::arg(2, "initial position out of bounds"));
    }
    posi -= 1;
    posj -= 1;
    if posj >= ls {
        return Err(FormatError::arg(3, "final position out of bounds"));
    }
    meter.charge(1 + (posj - posi).max(0) as u64 / 8)?;
    let mut n = 0i64;
    while posi <= posj {
        match decode(s.get(posi as usize..).unwrap_or(&[]), !lax) {
            Some((_, l)) => {
                posi += l as i64;
                n += 1;
            }
            None => return Ok(Err(posi + 1)),
        }
    }
    Ok(Ok(n))
}

/// lua5.4's `LUAI_MAXSTACK`: a call cannot return this many values.
pub const MAX_RESULTS: i64 = 1_000_000;

/// `utf8.codepoint(s, i, j, lax)`: pass `j = i` when Lua's 3rd argument is absent.
/// Appends the code points to `out`; fails like lua5.4 when the slice could yield
/// [`MAX_RESULTS`] values or more.
pub fn codepoint(
    s: &[u8],
    i: i64,
    j: i64,
    lax: bool,
    out: &mut Vec<i64>,
    meter: &mut Meter,
) -> Result<(), FormatError> {
    let posi = posrelat(i, s.len());
    let pose = posrelat(j, s.len());
    if posi < 1 {
        return Err(FormatError::arg(2, "out of bounds"));
    }
    if pose > s.len() as i64 {
        return Err(FormatError::arg(3, "out of bounds"));
    }
    if posi > pose {
        return Ok(());
    }
    if pose - posi >= i64::from(i32::MAX) {
        return Err(FormatError::msg("string slice too long"));
    }
    // lua5.4's `luaL_checkstack(L, n, ...)`: one result per byte at most, and no more than
    // `LUAI_MAXSTACK` values on its stack.
    if pose - posi + 1 >= MAX_RESULTS {
        return Err(FormatError::msg("stack overflow (string slice too long)"));
    }
    meter.charge(1 + (pose - posi) as u64 / 4)?;
    let end = pose as usize;
    let mut p = (posi - 1) as usize;
    while p < end {
        match decode(s.get(p..).unwrap_or(&[]), !lax) {
            Some((code, l)) => {
                out.push(i64::from(code));
                p += l;
            }
            None => return Err(FormatError::msg("invalid UTF-8 code")),
        }
    }
    Ok(())
}

/// `utf8.offset(s, n, i)`: `i` is Lua's optional 3rd argument. `Ok(None)` is fail.
pub fn offset(
    s: &[u8],
    n: i64,
    i: Option<i64>,
    meter: &mut Meter,
) -> Result<Option<i64>, FormatError> {
    let len = s.len() as i64;
    let default = if n >= 0 { 1 } else { len + 1 };
    let mut posi = posrelat(i.unwrap_or(default), s.len());
    if !(1 <= posi && posi - 1 <= len) {
        return Err(FormatError::arg(3, "position out of bounds"));
    }
    posi -= 1;
    let mut n = n;
    meter.charge(1)?;
    let cont = |p: i64| usize::try_from(p).is_ok_and(|p| is_cont(s, p));
    if n == 0 {
        while posi > 0 && cont(posi) {
            posi -= 1;
        }
        meter.charge(1 + len as u64 / 64)?;
    } else {
        if cont(posi) {
            return Err(FormatError::msg("initial position is a continuation byte"));
        }
        let mut steps = 0u64;
        if n < 0 {
            while n < 0 && posi > 0 {
                loop {
                    posi -= 1;
                    steps += 1;
                    if !(posi > 0 && cont(posi)) {
                        break;
                    }
                }
                n += 1;
            }
        } else {
            n -= 1;
            while n > 0 && posi < len {
                loop {
                    posi += 1;
                    steps += 1;
                    if !cont(posi) {
                        break;
                    }
                }
                n -= 1;
            }
        }
        meter.charge(steps / 8)?;
    }
    Ok(if n == 0 { Some(posi + 1) } else { None })
}

/// One step of `utf8.codes` (`iter_aux`): from control value `n` (0 at the start),
/// the next `(1-based position, code point)`, or `None` at the end.
pub fn codes_next(s: &[u8], n: i64, strict: bool) -> Result<Option<(i64, i64)>, FormatError> {
    let len = s.len() as u64;
    let mut n = n as u64;
    if n < len {
        while is_cont(s, n as usize) {
            n += 1;
        }
    }
    if n >= len {
        return Ok(None);
    }
    // A continuation byte right after a character is invalid too (lua 5.4.5 on; 5.4.4
    // skipped it, the bug "'utf8.codes' accepts spurious continuation bytes").
    match decode(s.get(n as usize..).unwrap_or(&[]), strict) {
        Some((code, size)) if !is_cont(s, n as usize + size) => {
            Ok(Some((n as i64 + 1, i64::from(code))))
        }
        _ => Err(FormatError::msg("invalid UTF-8 code")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for code in [
            0u32, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff, 0x7fffffff,
        ] {
            let mut out = Vec::new();
            assert!(encode(code, &mut out));
            assert_eq!(decode(&out, false), Some((code, out.len())));
        }
        assert_eq!(decode("é".as_bytes(), true), Some((0xe9, 2)));
        assert_eq!(decode(b"\xed\xa0\x80", true), None);
        assert_eq!(decode(b"\xed\xa0\x80", false), Some((0xd800, 3)));
        assert_eq!(decode(b"\xc0\x80", false), None);
        assert_eq!(decode(b"\xff", false), None);
    }

    #[test]
    fn library_functions() {
        let mut m = Meter::unlimited();
        assert_eq!(len("aé€".as_bytes(), 1, -1, false, &mut m), Ok(Ok(3)));
        assert_eq!(len(b"a\xffb", 1, -1, false, &mut m), Ok(Err(2)));
        assert_eq!(offset("aé€".as_bytes(), 3, None, &mut m), Ok(Some(4)));
        assert_eq!(offset("aé€".as_bytes(), -1, None, &mut m), Ok(Some(4)));
        let mut cps = Vec::new();
        assert_eq!(
            codepoint("aé".as_bytes(), 1, -1, false, &mut cps, &mut m),
            Ok(())
        );
        assert_eq!(cps, vec![97, 0xe9]);
        assert_eq!(codes_next("aé".as_bytes(), 1, true), Ok(Some((2, 0xe9))));
        assert_eq!(codes_next("aé".as_bytes(), 2, true), Ok(None));
    }
}

//! `string.pack`, `string.unpack` and `string.packsize` (Lua 5.4 §6.4.2).
//!
//! Native layout is that of the reference build (x86-64 Linux): little endian,
//! `int` 4 bytes, `short` 2, `long`/`size_t`/`lua_Integer` 8, maximum alignment 8.

use crate::format::{FormatArg, FormatError};
use crate::number;

/// A value handed to `string.pack` (everything after the format string).
pub type PackArg<'a> = FormatArg<'a>;
/// Alias kept for the name used in the design notes.
pub type PackValue<'a> = FormatArg<'a>;

/// A value produced by `string.unpack`.
#[derive(Debug, Clone, PartialEq)]
pub enum Unpacked {
    /// From an integer option.
    Int(i64),
    /// From `f`, `d` or `n`.
    Float(f64),
    /// From `s`, `z` or `c`.
    Str(Vec<u8>),
}

const MAXINTSIZE: usize = 16;
const SZINT: usize = 8;
const NATIVE_ALIGN: usize = 8;
/// Lua's MAXSIZE for these functions: the largest `int`.
const MAXSIZE: usize = i32::MAX as usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KOption {
    Int,
    Uint,
    Float,
    Number,
    Double,
    Char,
    String,
    Zstr,
    Padding,
    PaddAlign,
    Nop,
}

struct Header<'f> {
    fmt: &'f [u8],
    pos: usize,
    little: bool,
    maxalign: usize,
}

impl<'f> Header<'f> {
    fn new(fmt: &'f [u8]) -> Self {
        Header {
            fmt,
            pos: 0,
            little: true,
            maxalign: 1,
        }
    }

    /// Format strings are C strings to Lua: a '\0' ends them.
    fn at_end(&self) -> bool {
        matches!(self.fmt.get(self.pos), None | Some(0))
    }

    fn peek(&self) -> u8 {
        self.fmt.get(self.pos).copied().unwrap_or(0)
    }

    /// Lua's `getnum`: digits while the value stays small enough.
    fn getnum(&mut self, df: usize) -> usize {
        if !self.peek().is_ascii_digit() {
            return df;
        }
        let mut a: usize = 0;
        loop {
            a = a * 10 + usize::from(self.peek() - b'0');
            self.pos += 1;
            if !(self.peek().is_ascii_digit() && a <= (MAXSIZE - 9) / 10) {
                return a;
            }
        }
    }

    fn getnumlimit(&mut self, df: usize) -> Result<usize, FormatError> {
        let sz = self.getnum(df);
        if sz > MAXINTSIZE || sz == 0 {
            return Err(FormatError::msg(format!(
                "integral size ({sz}) out of limits [1,{MAXINTSIZE}]"
            )));
        }
        Ok(sz)
    }

    fn getoption(&mut self) -> Result<(KOption, usize), FormatError> {
        let opt = self.peek();
        self.pos += 1;
        Ok(match opt {
            b'b' => (KOption::Int, 1),
            b'B' => (KOption::Uint, 1),
            b'h' => (KOption::Int, 2),
            b'H' => (KOption::Uint, 2),
            b'l' | b'j' => (KOption::Int, 8),
            b'L' | b'J' | b'T' => (KOption::Uint, 8),
            b'f' => (KOption::Float, 4),
            b'n' => (KOption::Number, 8),
            b'd' => (KOption::Double, 8),
            b'i' => (KOption::Int, self.getnumlimit(4)?),
            b'I' => (KOption::Uint, self.getnumlimit(4)?),
            b's' => (KOption::String, self.getnumlimit(8)?),
            b'c' => {
                if !self.peek().is_ascii_digit() {
                    return Err(FormatError::msg("missing size for format option 'c'"));
                }
                (KOption::Char, self.getnum(0))
            }
            b'z' => (KOption::Zstr, 0),
            b'x' => (KOption::Padding, 1),
            b'X' => (KOption::PaddAlign, 0),
            b' ' => (KOption::Nop, 0),
            b'<' => {
                self.little = true;
                (KOption::Nop, 0)
            }
            b'>' => {
                self.little = false;
                (KOption::Nop, 0)
            }
            b'=' => {
                self.little = true;
                (KOption::Nop, 0)
            }
            b'!' => {
                self.maxalign = self.getnumlimit(NATIVE_ALIGN)?;
                (KOption::Nop, 0)
            }
            other => {
                let shown = String::from_utf8_lossy(&[other]).into_owned();
                return Err(FormatError::msg(format!("invalid format option '{shown}'")));
            }
        })
    }

    /// Next option with its size and the padding needed before it at `total`.
    fn getdetails(&mut self, total: usize) -> Result<(KOption, usize, usize), FormatError> {
        let (opt, size) = self.getoption()?;
        let mut align = size;
        if opt == KOption::PaddAlign {
            let bad = if self.at_end() {
                true
            } else {
                let (next, next_size) = self.getoption()?;
                align = next_size;
                next == KOption::Char || align == 0
            };
            if bad {
                return Err(FormatError::arg(1, "invalid next option for option 'X'"));
            }
        }
        let ntoalign = if align <= 1 || opt == KOption::Char {
            0
        } else {
            let align = align.min(self.maxalign);
            if !align.is_power_of_two() {
                return Err(FormatError::arg(
                    1,
                    "format asks for alignment not power of 2",
                ));
            }
            (align - (total & (align - 1))) & (align - 1)
        };
        Ok((opt, size, ntoalign))
    }
}

fn pack_int(out: &mut Vec<u8>, n: u64, little: bool, size: usize, neg: bool) {
    let mut bytes = [0u8; MAXINTSIZE];
    let mut v = n;
    for (i, b) in bytes.iter_mut().enumerate().take(size) {
        *b = if i >= SZINT {
            if neg {
                0xff
            } else {
                0
            }
        } else {
            let byte = (v & 0xff) as u8;
            v >>= 8;
            byte
        };
    }
    let used = bytes.get(..size).unwrap_or(&[]);
    if little {
        out.extend_from_slice(used);
    } else {
        out.extend(used.iter().rev());
    }
}

fn arg_at<'a, 'b>(args: &'b [PackArg<'a>], k: usize) -> Option<&'b PackArg<'a>> {
    args.get(k)
}

/// A missing argument: Lua's `str_pack` pushes a nil mark after the arguments, so
/// the first missing one reads as nil.
fn no_value(argn: usize, expected: &str) -> FormatError {
    FormatError::arg(argn, format!("{expected} expected, got nil"))
}

fn check_int(arg: Option<&PackArg<'_>>, argn: usize) -> Result<i64, FormatError> {
    match arg {
        Some(a) => crate::format::check_integer(a, argn),
        None => Err(no_value(argn, "number")),
    }
}

fn check_num(arg: Option<&PackArg<'_>>, argn: usize) -> Result<f64, FormatError> {
    match arg {
        Some(a) => crate::format::check_number(a, argn),
        None => Err(no_value(argn, "number")),
    }
}

/// `luaL_checklstring`: strings, and numbers converted as `tostring` does.
fn check_str<'a>(
    arg: Option<&PackArg<'a>>,
    argn: usize,
    scratch: &'a mut Vec<u8>,
) -> Result<&'a [u8], FormatError> {
    match arg {
        Some(FormatArg::Str(s)) => Ok(s),
        Some(FormatArg::Int(i)) => {
            number::write_int(scratch, *i);
            Ok(scratch.as_slice())
        }
        Some(FormatArg::Float(f)) => {
            number::write_float(scratch, *f);
            Ok(scratch.as_slice())
        }
        Some(other) => Err(crate::format::type_error(other, argn, "string")),
        None => Err(no_value(argn, "string")),
    }
}

fn too_large() -> FormatError {
    FormatError::msg("resulting string too large")
}

/// `string.pack(fmt, args...)`, appending to `out` (at most `max_len` bytes, else
/// "resulting string too large"). Argument numbers in errors count `fmt` as #1.
/// On error `out` is left as it was.
pub fn pack(
    fmt: &[u8],
    args: &[PackArg<'_>],
    out: &mut Vec<u8>,
    max_len: usize,
) -> Result<(), FormatError> {
    let start = out.len();
    let r = pack_inner(fmt, args, out, start, max_len);
    if r.is_err() {
        out.truncate(start);
    }
    r
}

fn pack_inner(
    fmt: &[u8],
    args: &[PackArg<'_>],
    out: &mut Vec<u8>,
    start: usize,
    max_len: usize,
) -> Result<(), FormatError> {
    let mut h = Header::new(fmt);
    let mut next = 0usize;
    let mut total = 0usize;
    while !h.at_end() {
        let (opt, size, ntoalign) = h.getdetails(total)?;
        total = total.saturating_add(ntoalign + size);
        if out.len() - start + ntoalign + size > max_len {
            return Err(too_large());
        }
        out.resize(out.len() + ntoalign, 0);
        let argn = next + 2;
        let arg = arg_at(args, next);
        match opt {
            KOption::Int => {
                let n = check_int(arg, argn)?;
                if size < SZINT {
                    let lim = 1i64 << (size * 8 - 1);
                    if !(-lim <= n && n < lim) {
                        return Err(FormatError::arg(argn, "integer overflow"));
                    }
                }
                pack_int(out, n as u64, h.little, size, n < 0);
            }
            KOption::Uint => {
                let n = check_int(arg, argn)?;
                if size < SZINT && (n as u64) >= (1u64 << (size * 8)) {
                    return Err(FormatError::arg(argn, "unsigned overflow"));
                }
                pack_int(out, n as u64, h.little, size, false);
            }
            KOption::Float => {
                let f = check_num(arg, argn)? as f32;
                let b = if h.little {
                    f.to_le_bytes()
                } else {
                    f.to_be_bytes()
                };
                out.extend_from_slice(&b);
            }
            KOption::Number | KOption::Double => {
                let f = check_num(arg, argn)?;
                let b = if h.little {
                    f.to_le_bytes()
                } else {
                    f.to_be_bytes()
                };
                out.extend_from_slice(&b);
            }
            KOption::Char => {
                let mut scratch = Vec::new();
                let s = check_str(arg, argn, &mut scratch)?;
                if s.len() > size {
                    return Err(FormatError::arg(argn, "string longer than given size"));
                }
                out.extend_from_slice(s);
                out.resize(out.len() + (size - s.len()), 0);
            }
            KOption::String => {
                let mut scratch = Vec::new();
                let s = check_str(arg, argn, &mut scratch)?;
                if size < 8 && (s.len() as u64) >= (1u64 << (size * 8)) {
                    return Err(FormatError::arg(
                        argn,
                        "string length does not fit in given size",
                    ));
                }
                if out.len() - start + s.len() > max_len {
                    return Err(too_large());
                }
                pack_int(out, s.len() as u64, h.little, size, false);
                out.extend_from_slice(s);
                total = total.saturating_add(s.len());
            }
            KOption::Zstr => {
                let mut scratch = Vec::new();
                let s = check_str(arg, argn, &mut scratch)?;
                if s.contains(&0) {
                    return Err(FormatError::arg(argn, "string contains zeros"));
                }
                if out.len() - start + s.len() + 1 > max_len {
                    return Err(too_large());
                }
                out.extend_from_slice(s);
                out.push(0);
                total = total.saturating_add(s.len() + 1);
            }
            KOption::Padding => {
                out.push(0);
                continue;
            }
            KOption::PaddAlign | KOption::Nop => continue,
        }
        next += 1;
    }
    Ok(())
}

/// `string.packsize(fmt)`.
pub fn packsize(fmt: &[u8]) -> Result<usize, FormatError> {
    let mut h = Header::new(fmt);
    let mut total = 0usize;
    while !h.at_end() {
        let (opt, size, ntoalign) = h.getdetails(total)?;
        if matches!(opt, KOption::String | KOption::Zstr) {
            return Err(FormatError::arg(1, "variable-length format"));
        }
        let size = size + ntoalign;
        if total > MAXSIZE - size.min(MAXSIZE) || size > MAXSIZE {
            return Err(FormatError::arg(1, "format result too large"));
        }
        total += size;
    }
    Ok(total)
}

fn unpack_int(data: &[u8], little: bool, size: usize, signed: bool) -> Result<i64, FormatError> {
    let byte = |i: usize| -> u8 {
        let idx = if little { i } else { size - 1 - i };
        data.get(idx).copied().unwrap_or(0)
    };
    let limit = size.min(SZINT);
    let mut res: u64 = 0;
    for i in (0..limit).rev() {
        res = (res << 8) | u64::from(byte(i));
    }
    if size < SZINT {
        if signed {
            let mask = 1u64 << (size * 8 - 1);
            res = (res ^ mask).wrapping_sub(mask);
        }
    } else if size > SZINT {
        let mask = if !signed || (res as i64) >= 0 {
            0
        } else {
            0xff
        };
        for i in limit..size {
            if byte(i) != mask {
                return Err(FormatError::msg(format!(
                    "{size}-byte integer does not fit into Lua Integer"
                )));
            }
        }
    }
    Ok(res as i64)
}

/// `string.unpack(fmt, data, pos)` with `pos` 0-based (the caller applies Lua's
/// relative-position rule first). Returns the values and the next 0-based position
/// (Lua returns it plus one).
pub fn unpack(fmt: &[u8], data: &[u8], pos: usize) -> Result<(Vec<Unpacked>, usize), FormatError> {
    if pos > data.len() {
        return Err(FormatError::arg(3, "initial position out of string"));
    }
    let ld = data.len();
    let mut pos = pos;
    let mut h = Header::new(fmt);
    let mut values = Vec::new();
    while !h.at_end() {
        let (opt, size, ntoalign) = h.getdetails(pos)?;
        if ntoalign + size > ld - pos {
            return Err(FormatError::arg(2, "data string too short"));
        }
        pos += ntoalign;
        let here = data.get(pos..).unwrap_or(&[]);
        match opt {
            KOption::Int | KOption::Uint => {
                values.push(Unpacked::Int(unpack_int(
                    here,
                    h.little,
                    size,
                    opt == KOption::Int,
                )?));
            }
            KOption::Float => {
                let mut b = [0u8; 4];
                b.copy_from_slice(here.get(..4).unwrap_or(&[0; 4]));
                let f = if h.little {
                    f32::from_le_bytes(b)
                } else {
                    f32::from_be_bytes(b)
                };
                values.push(Unpacked::Float(f64::from(f)));
            }
            KOption::Number | KOption::Double => {
                let mut b = [0u8; 8];
                b.copy_from_slice(here.get(..8).unwrap_or(&[0; 8]));
                let f = if h.little {
                    f64::from_le_bytes(b)
                } else {
                    f64::from_be_bytes(b)
                };
                values.push(Unpacked::Float(f));
            }
            KOption::Char => {
                values.push(Unpacked::Str(here.get(..size).unwrap_or(&[]).to_vec()));
            }
            KOption::String => {
                let len = unpack_int(here, h.little, size, false)? as u64;
                let avail = (ld - pos - size) as u64;
                if len > avail {
                    return Err(FormatError::arg(2, "data string too short"));
                }
                let len = len as usize;
                values.push(Unpacked::Str(
                    here.get(size..size + len).unwrap_or(&[]).to_vec(),
                ));
                pos += len;
            }
            KOption::Zstr => {
                let len = here.iter().position(|&c| c == 0).unwrap_or(here.len());
                if pos + len >= ld {
                    return Err(FormatError::arg(2, "unfinished string for format 'z'"));
                }
                values.push(Unpacked::Str(here.get(..len).unwrap_or(&[]).to_vec()));
                pos += len + 1;
            }
            KOption::PaddAlign | KOption::Padding | KOption::Nop => {}
        }
        pos += size;
    }
    Ok((values, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut out = Vec::new();
        let args = [
            FormatArg::Int(-2),
            FormatArg::Int(300),
            FormatArg::Str(b"hi"),
            FormatArg::Float(1.5),
        ];
        assert_eq!(pack(b"<i2>I3zd", &args, &mut out, 1 << 20), Ok(()));
        assert_eq!(out.len(), 2 + 3 + 3 + 8);
        let (vals, next) = unpack(b"<i2>I3zd", &out, 0).unwrap_or_default();
        assert_eq!(next, out.len());
        assert_eq!(
            vals,
            vec![
                Unpacked::Int(-2),
                Unpacked::Int(300),
                Unpacked::Str(b"hi".to_vec()),
                Unpacked::Float(1.5)
            ]
        );
    }

    #[test]
    fn errors() {
        let mut out = Vec::new();
        let e = pack(b"i17", &[FormatArg::Int(1)], &mut out, 100).unwrap_err();
        assert_eq!(e.message, "integral size (17) out of limits [1,16]");
        let e = pack(b"i1", &[FormatArg::Int(200)], &mut out, 100).unwrap_err();
        assert_eq!(
            e.render("pack"),
            "bad argument #2 to 'pack' (integer overflow)"
        );
        assert_eq!(
            packsize(b"s").unwrap_err().message,
            "variable-length format"
        );
        assert_eq!(
            packsize(b"!8i3d"),
            Err(FormatError::arg(
                1,
                "format asks for alignment not power of 2"
            ))
        );
        assert_eq!(packsize(b"!4 i1 i8"), Ok(12));
        assert_eq!(
            unpack(b"i4", b"abc", 0).unwrap_err().message,
            "data string too short"
        );
        assert_eq!(
            unpack(b"z", b"abc", 0).unwrap_err().message,
            "unfinished string for format 'z'"
        );
        let nine = [0u8, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(
            unpack(b"<i9", &nine, 0).unwrap_err().message,
            "9-byte integer does not fit into Lua Integer"
        );
    }
}

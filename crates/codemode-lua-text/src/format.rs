//! `string.format` as Lua 5.4 does it, appending into the caller's buffer.

use std::fmt;

use crate::meter::{Meter, OutOfFuel};
use crate::number::{self, float_to_int_exact, parse_number, Number};
use crate::printf::{self, Spec};

/// One argument of `string.format` (everything after the format string).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FormatArg<'a> {
    /// `nil`.
    Nil,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string (byte string).
    Str(&'a [u8]),
    /// Any other value: its type name (for "number expected, got table") and the text
    /// `tostring` gives it (for `%s`).
    Other {
        /// Lua's type name, e.g. "table".
        type_name: &'a str,
        /// What `tostring` gives for the value.
        text: &'a [u8],
    },
}

/// An error of a library function, worded as `lua5.4` words it.
///
/// With `arg: Some(n)` the VM renders `bad argument #n to 'format' (message)`; `n`
/// counts as Lua does (the format string is #1). With `arg: None` the message is the
/// whole error. `out_of_fuel` marks the uncatchable fuel exhaustion (message
/// "out of fuel"), which the VM must not hand to `pcall`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The argument the error is about (1-based as Lua counts), if any.
    pub arg: Option<usize>,
    /// Lua's message (without the "bad argument" frame).
    pub message: String,
    /// Fuel ran out: uncatchable, not a Lua error.
    pub out_of_fuel: bool,
}

/// The same error shape serves every function of this crate that raises Lua errors.
pub type LibError = FormatError;

impl FormatError {
    /// An error about argument `arg` (1-based, as Lua counts).
    pub fn arg(arg: usize, message: impl Into<String>) -> Self {
        FormatError {
            arg: Some(arg),
            message: message.into(),
            out_of_fuel: false,
        }
    }

    /// An error that is not about one argument.
    pub fn msg(message: impl Into<String>) -> Self {
        FormatError {
            arg: None,
            message: message.into(),
            out_of_fuel: false,
        }
    }

    /// The text Lua raises for function `fname` (e.g. "format", "pack").
    pub fn render(&self, fname: &str) -> String {
        match self.arg {
            Some(n) => format!("bad argument #{n} to '{fname}' ({})", self.message),
            None => self.message.clone(),
        }
    }
}

impl From<OutOfFuel> for FormatError {
    fn from(_: OutOfFuel) -> Self {
        FormatError {
            arg: None,
            message: "out of fuel".to_string(),
            out_of_fuel: true,
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("format"))
    }
}

impl std::error::Error for FormatError {}

impl FormatArg<'_> {
    /// Lua's type name of the value (`luaL_typename`).
    pub fn type_name(&self) -> &str {
        match self {
            FormatArg::Nil => "nil",
            FormatArg::Bool(_) => "boolean",
            FormatArg::Int(_) | FormatArg::Float(_) => "number",
            FormatArg::Str(_) => "string",
            FormatArg::Other { type_name, .. } => type_name,
        }
    }
}

/// `luaL_checkinteger` on a format argument.
pub(crate) fn check_integer(arg: &FormatArg<'_>, argn: usize) -> Result<i64, FormatError> {
    let n = match arg {
        FormatArg::Int(i) => return Ok(*i),
        FormatArg::Float(f) => Number::Float(*f),
        FormatArg::Str(s) => match parse_number(s) {
            Some(n) => n,
            None => return Err(type_error(arg, argn, "number")),
        },
        _ => return Err(type_error(arg, argn, "number")),
    };
    match n {
        Number::Int(i) => Ok(i),
        Number::Float(f) => float_to_int_exact(f)
            .ok_or_else(|| FormatError::arg(argn, "number has no integer representation")),
    }
}

/// `luaL_checknumber` on a format argument.
pub(crate) fn check_number(arg: &FormatArg<'_>, argn: usize) -> Result<f64, FormatError> {
    match arg {
        FormatArg::Int(i) => Ok(*i as f64),
        FormatArg::Float(f) => Ok(*f),
        FormatArg::Str(s) => match parse_number(s) {
            Some(Number::Int(i)) => Ok(i as f64),
            Some(Number::Float(f)) => Ok(f),
            None => Err(type_error(arg, argn, "number")),
        },
        _ => Err(type_error(arg, argn, "number")),
    }
}

pub(crate) fn type_error(arg: &FormatArg<'_>, argn: usize, expected: &str) -> FormatError {
    FormatError::arg(
        argn,
        format!("{expected} expected, got {}", arg.type_name()),
    )
}

/// `luaL_tolstring` of an argument, appended to `out`.
fn push_tostring(out: &mut Vec<u8>, arg: &FormatArg<'_>) {
    match arg {
        FormatArg::Nil => out.extend_from_slice(b"nil"),
        FormatArg::Bool(true) => out.extend_from_slice(b"true"),
        FormatArg::Bool(false) => out.extend_from_slice(b"false"),
        FormatArg::Int(i) => number::write_int(out, *i),
        FormatArg::Float(f) => number::write_float(out, *f),
        FormatArg::Str(s) => out.extend_from_slice(s),
        FormatArg::Other { text, .. } => out.extend_from_slice(text),
    }
}

const FLAGS_F: &[u8] = b"-+#0 ";
const FLAGS_X: &[u8] = b"-#0";
const FLAGS_I: &[u8] = b"-+0 ";
const FLAGS_U: &[u8] = b"-0";
const FLAGS_C: &[u8] = b"-";
/// Lua's MAX_FORMAT (32) less room for '%', a length modifier and '\0'.
const MAX_SPEC: usize = 22;

/// One conversion specification: the bytes between '%' and the conversion.
struct Item<'f> {
    /// Flags, width, '.', precision, as written.
    body: &'f [u8],
    /// Conversion character (0 when the format ends after the '%').
    conv: u8,
}

impl Item<'_> {
    /// The specification as Lua quotes it in messages: "%-5.2y".
    fn form(&self) -> String {
        let mut v = Vec::with_capacity(self.body.len() + 2);
        v.push(b'%');
        v.extend_from_slice(self.body);
        if self.conv != 0 {
            v.push(self.conv);
        }
        String::from_utf8_lossy(&v).into_owned()
    }

    /// Lua's `checkformat`: only `flags`, then at most 2 width digits, then (if
    /// `precision`) '.' and at most 2 digits, then the conversion.
    fn check(&self, flags: &[u8], precision: bool) -> Result<Spec, FormatError> {
        let b = self.body;
        let mut i = b.iter().take_while(|c| flags.contains(c)).count();
        if b.get(i) != Some(&b'0') {
            i += two_digits(b, i);
            if precision && b.get(i) == Some(&b'.') {
                i += 1;
                i += two_digits(b, i);
            }
        }
        if i != b.len() {
            return Err(FormatError::msg(format!(
                "invalid conversion specification: '{}'",
                self.form()
            )));
        }
        Ok(parse_spec(b))
    }
}

fn two_digits(b: &[u8], i: usize) -> usize {
    b.get(i..)
        .unwrap_or(&[])
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count()
}

/// Flags, width and precision of an already validated specification.
fn parse_spec(b: &[u8]) -> Spec {
    let mut spec = Spec::default();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'-' => spec.left = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alt = true,
            b'0' => spec.zero = true,
            _ => break,
        }
        i += 1;
    }
    while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
        spec.width = spec.width * 10 + usize::from(c - b'0');
        i += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        let mut p = 0;
        while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
            p = p * 10 + usize::from(c - b'0');
            i += 1;
        }
        spec.precision = Some(p);
    }
    spec
}

fn too_large() -> FormatError {
    FormatError::msg("resulting string too large")
}

/// `string.format(fmt, args...)`, appending the result to `out`.
///
/// At most `max_len` bytes are appended; a longer result fails with "resulting string
/// too large". Fuel is charged per conversion and in proportion to the bytes written.
/// On error `out` is left as it was.
pub fn format(
    fmt: &[u8],
    args: &[FormatArg<'_>],
    out: &mut Vec<u8>,
    max_len: usize,
    meter: &mut Meter,
) -> Result<(), FormatError> {
    let start = out.len();
    let result = format_inner(fmt, args, out, start, max_len, meter);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn format_inner(
    fmt: &[u8],
    args: &[FormatArg<'_>],
    out: &mut Vec<u8>,
    start: usize,
    max_len: usize,
    meter: &mut Meter,
) -> Result<(), FormatError> {
    meter.charge(1 + fmt.len() as u64 / 16)?;
    let mut next_arg = 0usize;
    let mut i = 0usize;
    while i < fmt.len() {
        let rest = fmt.get(i..).unwrap_or(&[]);
        let run = rest.iter().position(|&c| c == b'%').unwrap_or(rest.len());
        if run > 0 {
            if out.len() - start + run > max_len {
                return Err(too_large());
            }
            out.extend_from_slice(rest.get(..run).unwrap_or(&[]));
            i += run;
            continue;
        }
        // At a '%'.
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            if out.len() - start >= max_len {
                return Err(too_large());
            }
            out.push(b'%');
            i += 1;
            continue;
        }
        let argn = next_arg + 2;
        let Some(arg) = args.get(next_arg) else {
            return Err(FormatError::arg(argn, "no value"));
        };
        next_arg += 1;
        let tail = fmt.get(i..).unwrap_or(&[]);
        let span = tail
            .iter()
            .take_while(|&&c| matches!(c, b'-' | b'+' | b'#' | b' ' | b'.' | b'0'..=b'9'))
            .count();
        if span + 1 >= MAX_SPEC {
            return Err(FormatError::msg("invalid format (too long)"));
        }
        let item = Item {
            body: tail.get(..span).unwrap_or(&[]),
            conv: tail.get(span).copied().unwrap_or(0),
        };
        i += span + 1;
        let before = out.len();
        convert(&item, arg, argn, out, start, max_len)?;
        let written = out.len() - before;
        meter.charge(1 + written as u64 / 16)?;
        if out.len() - start > max_len {
            return Err(too_large());
        }
    }
    Ok(())
}

fn convert(
    item: &Item<'_>,
    arg: &FormatArg<'_>,
    argn: usize,
    out: &mut Vec<u8>,
    start: usize,
    max_len: usize,
) -> Result<(), FormatError> {
    match item.conv {
        b'c' => {
            let spec = item.check(FLAGS_C, false)?;
            let n = check_integer(arg, argn)?;
            printf::pad_str(out, &spec, &[n as u8]);
        }
        b'd' | b'i' => {
            let n = check_integer(arg, argn)?;
            if item.body.is_empty() {
                number::write_int(out, n);
            } else {
                let spec = item.check(FLAGS_I, true)?;
                printf::fmt_signed(out, &spec, n);
            }
        }
        b'u' | b'o' | b'x' | b'X' => {
            let n = check_integer(arg, argn)?;
            let flags = if item.conv == b'u' { FLAGS_U } else { FLAGS_X };
            let spec = item.check(flags, true)?;
            printf::fmt_unsigned(out, &spec, n as u64, item.conv);
        }
        b'a' | b'A' => {
            let spec = item.check(FLAGS_F, true)?;
            let x = check_number(arg, argn)?;
            printf::fmt_float(out, &spec, x, item.conv);
        }
        b'f' | b'e' | b'E' | b'g' | b'G' => {
            let x = check_number(arg, argn)?;
            let spec = item.check(FLAGS_F, true)?;
            printf::fmt_float(out, &spec, x, item.conv);
        }
        b'p' => {
            let spec = item.check(FLAGS_C, false)?;
            // Values without an address print "(null)" as in C Lua; for objects the
            // address is the one their `tostring` text shows.
            let text: &[u8] = match arg {
                FormatArg::Other { text, .. } => text
                    .iter()
                    .position(|&c| c == b' ')
                    .and_then(|p| text.get(p + 1..))
                    .filter(|t| t.starts_with(b"0x"))
                    .unwrap_or(b"(null)"),
                _ => b"(null)",
            };
            printf::pad_str(out, &spec, text);
        }
        b'q' => {
            if !item.body.is_empty() {
                return Err(FormatError::msg("specifier '%q' cannot have modifiers"));
            }
            add_literal(arg, argn, out, start, max_len)?;
        }
        b's' => {
            let direct_len = match arg {
                FormatArg::Str(s) => s.len(),
                FormatArg::Other { text, .. } => text.len(),
                _ => 0,
            };
            if !item.body.contains(&b'.') && out.len() - start + direct_len > max_len {
                return Err(too_large());
            }
            if item.body.is_empty() {
                push_tostring(out, arg);
                return Ok(());
            }
            // Modifiers: format from a borrowed slice (numbers and the like are short
            // and go through a stack buffer), so the common "%-10s" never allocates.
            let mut small = printf::StackBuf::<64>::new();
            let text: &[u8] = match arg {
                FormatArg::Str(s) => s,
                FormatArg::Other { text, .. } => text,
                _ => {
                    let from = out.len();
                    push_tostring(out, arg);
                    small.extend(out.get(from..).unwrap_or(&[]));
                    out.truncate(from);
                    small.as_bytes()
                }
            };
            if text.contains(&0) {
                return Err(FormatError::arg(argn, "string contains zeros"));
            }
            let spec = item.check(FLAGS_C, true)?;
            match spec.precision {
                None if text.len() >= 100 => out.extend_from_slice(text),
                Some(p) => printf::pad_str(out, &spec, text.get(..p).unwrap_or(text)),
                None => printf::pad_str(out, &spec, text),
            }
        }
        _ => {
            return Err(FormatError::msg(format!(
                "invalid conversion '{}' to 'format'",
                item.form()
            )))
        }
    }
    Ok(())
}

/// `%q`: a literal that Lua reads back as the same value.
fn add_literal(
    arg: &FormatArg<'_>,
    argn: usize,
    out: &mut Vec<u8>,
    start: usize,
    max_len: usize,
) -> Result<(), FormatError> {
    match arg {
        FormatArg::Str(s) => {
            // Worst case 4 output bytes per input byte; check before building.
            if out.len() - start + s.len() + 2 > max_len {
                let mut need = 2usize;
                for (k, &c) in s.iter().enumerate() {
                    need += quoted_len(c, s.get(k + 1).copied());
                }
                if out.len() - start + need > max_len {
                    return Err(too_large());
                }
            }
            quote_string(s, out);
        }
        FormatArg::Int(i) => {
            if *i == i64::MIN {
                out.extend_from_slice(b"0x8000000000000000");
            } else {
                number::write_int(out, *i);
            }
        }
        FormatArg::Float(f) => {
            if *f == f64::INFINITY {
                out.extend_from_slice(b"1e9999");
            } else if *f == f64::NEG_INFINITY {
                out.extend_from_slice(b"-1e9999");
            } else if f.is_nan() {
                out.extend_from_slice(b"(0/0)");
            } else {
                printf::fmt_float(out, &Spec::default(), *f, b'a');
            }
        }
        FormatArg::Nil | FormatArg::Bool(_) => push_tostring(out, arg),
        FormatArg::Other { .. } => {
            return Err(FormatError::arg(argn, "value has no literal form"));
        }
    }
    Ok(())
}

fn is_cntrl(c: u8) -> bool {
    c < 0x20 || c == 0x7f
}

fn quoted_len(c: u8, next: Option<u8>) -> usize {
    if c == b'"' || c == b'\\' || c == b'\n' {
        2
    } else if is_cntrl(c) {
        if next.is_some_and(|n| n.is_ascii_digit()) {
            4
        } else {
            1 + if c >= 100 {
                3
            } else if c >= 10 {
                2
            } else {
                1
            }
        }
    } else {
        1
    }
}

/// Lua's `addquoted`: `"`, `\`, newline escaped with a backslash, control bytes as
/// decimal escapes (3 digits when a digit follows), everything else verbatim.
pub fn quote_string(s: &[u8], out: &mut Vec<u8>) {
    out.push(b'"');
    for (k, &c) in s.iter().enumerate() {
        if c == b'"' || c == b'\\' || c == b'\n' {
            out.push(b'\\');
            out.push(c);
        } else if is_cntrl(c) {
            out.push(b'\\');
            let next_digit = s.get(k + 1).is_some_and(|n| n.is_ascii_digit());
            if next_digit {
                out.push(b'0' + c / 100);
                out.push(b'0' + (c / 10) % 10);
                out.push(b'0' + c % 10);
            } else {
                number::write_int(out, i64::from(c));
            }
        } else {
            out.push(c);
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(f: &str, args: &[FormatArg<'_>]) -> Result<String, FormatError> {
        let mut out = Vec::new();
        format(
            f.as_bytes(),
            args,
            &mut out,
            1 << 20,
            &mut Meter::unlimited(),
        )?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn basic_conversions() {
        use FormatArg::*;
        assert_eq!(fmt("%s-%d", &[Str(b"ROW"), Int(7)]).as_deref(), Ok("ROW-7"));
        assert_eq!(fmt("%5.2f|", &[Float(1.23456)]).as_deref(), Ok(" 1.23|"));
        assert_eq!(fmt("%d", &[Str(b"10")]).as_deref(), Ok("10"));
        assert_eq!(fmt("%x", &[Int(-1)]).as_deref(), Ok("ffffffffffffffff"));
        assert_eq!(
            fmt("%q", &[Int(i64::MIN)]).as_deref(),
            Ok("0x8000000000000000")
        );
        assert_eq!(
            fmt("%q", &[Str(b"a\0b\n\x01")]).as_deref(),
            Ok("\"a\\0b\\\n\\1\"")
        );
        assert_eq!(
            fmt("%s %s", &[Float(1.0), Bool(true)]).as_deref(),
            Ok("1.0 true")
        );
        assert_eq!(fmt("%%", &[]).as_deref(), Ok("%"));
    }

    #[test]
    fn errors() {
        use FormatArg::*;
        let e = fmt("%d", &[Float(1.5)]).unwrap_err();
        assert_eq!(
            e.render("format"),
            "bad argument #2 to 'format' (number has no integer representation)"
        );
        let e = fmt("%d %d", &[Int(1)]).unwrap_err();
        assert_eq!(e.render("format"), "bad argument #3 to 'format' (no value)");
        let e = fmt("%y", &[Int(1)]).unwrap_err();
        assert_eq!(e.render("format"), "invalid conversion '%y' to 'format'");
        let e = fmt("%100d", &[Int(1)]).unwrap_err();
        assert_eq!(e.message, "invalid conversion specification: '%100d'");
        let e = fmt("%10q", &[Int(1)]).unwrap_err();
        assert_eq!(e.message, "specifier '%q' cannot have modifiers");
    }

    #[test]
    fn max_len_is_enforced() {
        let mut out = b"keep".to_vec();
        let r = format(
            b"%s%s",
            &[FormatArg::Str(b"abc"), FormatArg::Str(b"def")],
            &mut out,
            5,
            &mut Meter::unlimited(),
        );
        assert_eq!(
            r.map_err(|e| e.message),
            Err("resulting string too large".to_string())
        );
        assert_eq!(out, b"keep");
    }
}

//! `string.format`'s common case: a format of literal text, `%%`, and `%s`/`%d`/`%i`
//! without flags, width or precision, over arguments that are strings, integers, floats
//! with an integer value (`%d` only), booleans or nil, and a result of at most 256 bytes.
//! The result is written once, into a buffer on the stack, with no buffer per argument,
//! and interned from there (an allocation only when the string is new).
//!
//! Anything else (other conversions, modifiers, a missing argument, a table or other
//! object among the arguments, a result past the string limit or the fuel left) makes
//! [`format_plain`] return `None` before it has changed anything, and the general path
//! runs with its full semantics and errors. When it does succeed it charges exactly the
//! fuel the general path charges for the same call.

use super::Args;
use crate::value::{float_to_int_exact, StrRef, Value};
use crate::vm::shortbuf::{ShortBuf, SHORT_MAX, SMALL};
use crate::vm::{LResult, Vm};

/// Writes `string.format(fmt, args)` into `out`; returns the fuel the general path's
/// meter charges for it (one unit and one per 16 bytes of the format, and one unit and
/// one per 16 bytes written for each conversion), or `None` when it is not covered.
#[inline(always)]
fn write<const N: usize>(out: &mut ShortBuf<N>, fmt: &[u8], vm: &Vm, a: &Args) -> Option<u64> {
    let mut fuel = 1 + fmt.len() as u64 / 16;
    let mut next_arg = 1;
    let mut rest = fmt;
    loop {
        let run = rest.iter().position(|&c| c == b'%').unwrap_or(rest.len());
        let (lit, at_pct) = rest.split_at(run);
        out.push(lit)?;
        let [_, conv, tail @ ..] = at_pct else {
            // The end, or a '%' that ends the format (an error the general path raises).
            return at_pct.is_empty().then_some(fuel);
        };
        rest = tail;
        if *conv == b'%' {
            out.push(b"%")?;
            continue;
        }
        if next_arg >= a.n {
            return None;
        }
        let v = a.get(vm, next_arg);
        next_arg += 1;
        let written = match (*conv, v) {
            (b's', Value::Str(s)) => {
                let b = vm.heap.str_bytes(s);
                out.push(b)?;
                b.len()
            }
            (b's' | b'd' | b'i', Value::Int(n)) => out.push_int(n)?,
            (b'd' | b'i', Value::Float(f)) => out.push_int(float_to_int_exact(f)?)?,
            (b's', Value::Nil) => out.push(b"nil").map(|()| 3)?,
            (b's', Value::Bool(true)) => out.push(b"true").map(|()| 4)?,
            (b's', Value::Bool(false)) => out.push(b"false").map(|()| 5)?,
            _ => return None,
        };
        fuel += 1 + written as u64 / 16;
    }
}

/// `string.format(f, ...)` when the fast path covers it: `Some(result)` with the fuel
/// charged as the general path charges it; `None`, with nothing charged or changed,
/// when the general path must run.
pub fn format_plain(vm: &mut Vm, a: &Args, f: StrRef) -> LResult<Option<Value>> {
    let fmt = vm.heap.str_bytes(f);
    // Most results fit the small buffer; the rest are written again into the large one.
    let mut small = ShortBuf::<SMALL>::new();
    let mut large: ShortBuf<SHORT_MAX>;
    let (fuel, bytes) = match write(&mut small, fmt, vm, a) {
        Some(fuel) => (fuel, small.bytes()),
        None if !small.overflowed => return Ok(None),
        None => {
            large = ShortBuf::new();
            match write(&mut large, fmt, vm, a) {
                Some(fuel) => (fuel, large.bytes()),
                None => return Ok(None),
            }
        }
    };
    // The general path reads every string argument whole, used or not, and formats the
    // others' `tostring` texts (which may call `__name`): any object sends it there.
    let mut read = fmt.len() as u64;
    for i in 1..a.n {
        match a.get(vm, i) {
            Value::Str(s) => read += vm.heap.str_bytes(s).len() as u64,
            Value::Nil | Value::Bool(_) | Value::Int(_) | Value::Float(_) => {}
            _ => return Ok(None),
        }
    }
    // Past the string limit or the fuel left, the general path fails as it must.
    if bytes.len() > vm.limits.max_string_len
        || (read / 16).saturating_add(fuel) > vm.total_fuel_left()
    {
        return Ok(None);
    }
    vm.charge(read / 16)?;
    vm.charge(fuel)?;
    vm.new_str(bytes).map(Some)
}

//! encodeURI, encodeURIComponent, decodeURI and decodeURIComponent (ECMAScript 19.2.6):
//! UTF-8 percent-encoding over the string's UTF-16 code units, URIError "URI malformed" on a
//! lone surrogate or an invalid escape, as V8 words it.

use super::*;

/// Characters encodeURIComponent leaves as they are, besides ASCII letters and digits.
const UNRESERVED_MARKS: &[u8] = b"-_.!~*'()";
/// What encodeURI also leaves, and decodeURI leaves escaped: the URI's reserved
/// characters and `#`.
const RESERVED: &[u8] = b";/?:@&=+$,#";

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    b.def(global, "encodeURI", encode_uri, 1);
    b.def(global, "encodeURIComponent", encode_uri_component, 1);
    b.def(global, "decodeURI", decode_uri, 1);
    b.def(global, "decodeURIComponent", decode_uri_component, 1);
}

fn encode_uri(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    encode(vm, &arg(a, 0), RESERVED)
}
fn encode_uri_component(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    encode(vm, &arg(a, 0), b"")
}
fn decode_uri(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    decode(vm, &arg(a, 0), RESERVED)
}
fn decode_uri_component(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    decode(vm, &arg(a, 0), b"")
}

fn uri_error(vm: &mut Vm) -> Throw {
    let p = vm.realm.uri_error_proto;
    Throw::Value(vm.make_error(p, "URI malformed"))
}

fn kept(u: u16, extra: &[u8]) -> bool {
    u < 0x80 && {
        let c = u as u8;
        c.is_ascii_alphanumeric() || UNRESERVED_MARKS.contains(&c) || extra.contains(&c)
    }
}

/// The code point at `i` and the units it takes, or None for a lone surrogate.
fn code_point_at(u: &[u16], i: usize) -> Option<(u32, usize)> {
    let c = u[i];
    match c {
        0xD800..=0xDBFF => match u.get(i + 1) {
            Some(&d @ 0xDC00..=0xDFFF) => Some((
                0x10000 + ((c as u32 - 0xD800) << 10) + (d as u32 - 0xDC00),
                2,
            )),
            _ => None,
        },
        0xDC00..=0xDFFF => None,
        _ => Some((c as u32, 1)),
    }
}

fn encode(vm: &mut Vm, v: &Value, extra: &[u8]) -> JsResult<Value> {
    let s = vm.to_string(v)?;
    let u = s.units();
    vm.charge(u.len())?;
    // First pass: the exact length, so the memory is checked before the string is built.
    let mut len = 0usize;
    let mut i = 0;
    while i < u.len() {
        vm.tick(i)?;
        if kept(u[i], extra) {
            len += 1;
            i += 1;
            continue;
        }
        let Some((cp, n)) = code_point_at(u, i) else {
            return Err(uri_error(vm));
        };
        len += 3 * utf8_len(cp);
        i += n;
    }
    vm.reserve_string(len)?;
    let mut out = Vec::with_capacity(len);
    let mut i = 0;
    while i < u.len() {
        if kept(u[i], extra) {
            out.push(u[i]);
            i += 1;
            continue;
        }
        let (cp, n) = code_point_at(u, i).unwrap_or((0xFFFD, 1));
        let mut buf = [0u8; 4];
        let bytes = char::from_u32(cp)
            .unwrap_or('\u{FFFD}')
            .encode_utf8(&mut buf);
        for &byte in bytes.as_bytes() {
            out.extend_from_slice(&[b'%' as u16, hex_digit(byte >> 4), hex_digit(byte & 15)]);
        }
        i += n;
    }
    vm.new_string(out)
}

fn utf8_len(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

fn hex_digit(n: u8) -> u16 {
    b"0123456789ABCDEF"[n as usize] as u16
}

fn hex_value(u: u16) -> Option<u8> {
    char::from_u32(u as u32)?.to_digit(16).map(|d| d as u8)
}

/// The byte of the escape `%XX` at `i`, or None if there is none.
fn escape_at(u: &[u16], i: usize) -> Option<u8> {
    if u.get(i) != Some(&(b'%' as u16)) {
        return None;
    }
    Some(hex_value(*u.get(i + 1)?)? << 4 | hex_value(*u.get(i + 2)?)?)
}

fn decode(vm: &mut Vm, v: &Value, preserved: &[u8]) -> JsResult<Value> {
    let s = vm.to_string(v)?;
    let u = s.units();
    vm.charge(u.len())?;
    // The result is never longer than the input: an escape of 3..12 units gives 1 or 2.
    vm.reserve_string(u.len())?;
    let mut out: Vec<u16> = Vec::with_capacity(u.len());
    let mut i = 0;
    while i < u.len() {
        vm.tick(i)?;
        if u[i] != b'%' as u16 {
            out.push(u[i]);
            i += 1;
            continue;
        }
        let Some(lead) = escape_at(u, i) else {
            return Err(uri_error(vm));
        };
        if lead < 0x80 {
            if preserved.contains(&lead) {
                out.extend_from_slice(&u[i..i + 3]);
            } else {
                out.push(lead as u16);
            }
            i += 3;
            continue;
        }
        let n = lead.leading_ones() as usize;
        if !(2..=4).contains(&n) {
            return Err(uri_error(vm));
        }
        let mut bytes = [lead, 0, 0, 0];
        for (k, byte) in bytes.iter_mut().enumerate().take(n).skip(1) {
            match escape_at(u, i + 3 * k) {
                Some(b) if b & 0xC0 == 0x80 => *byte = b,
                _ => return Err(uri_error(vm)),
            }
        }
        // std's decoder rejects what ECMAScript rejects: overlong forms, surrogates and
        // code points past U+10FFFF.
        let Some(c) = std::str::from_utf8(&bytes[..n])
            .ok()
            .and_then(|t| t.chars().next())
        else {
            return Err(uri_error(vm));
        };
        let mut buf = [0u16; 2];
        out.extend_from_slice(c.encode_utf16(&mut buf));
        i += 3 * n;
    }
    vm.new_string(out)
}

//! The prelude's bytecode, compiled once by `cargo xtask codegen` and built into the binary
//! (`prelude.image`), so a process starts without parsing and compiling the prelude (which
//! was 23 M of JavaScript's 27 M startup instructions).
//!
//! The image is the postcard encoding of a fingerprint and the prelude's `FuncCode`s. The
//! fingerprint hashes, at compile time, the prelude's source and `bytecode.rs` (the op
//! layout the encoding depends on): an image that does not match them is not used, and the
//! prelude is compiled from source instead, as before — a slower start, never a wrong one.
//! What the fingerprint cannot see (a compiler change that emits different code for the
//! same source) is caught by the test `prelude_image_is_current`, which fails when the
//! committed image differs from a fresh compile and rewrites it.

use crate::bytecode::FuncCode;
use crate::funcs::{FuncHead, Funcs};
use crate::value::{JsStr, Value};
use serde::{Deserialize, Serialize};

/// The committed image.
const IMAGE: &[u8] = include_bytes!("prelude.image");

/// The prelude's source: the self-hosted built-ins.
pub(crate) const PRELUDE: &str = concat!(
    include_str!("prelude.js"),
    include_str!("builtins/regexp.js")
);

/// FNV-1a, usable in a constant.
const fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// What an image must have been built from to be used.
pub(crate) const FINGERPRINT: u64 = fnv1a(
    include_str!("bytecode.rs").as_bytes(),
    fnv1a(PRELUDE.as_bytes(), 0xcbf2_9ce4_8422_2325),
);

/// A function's head and its own postcard encoding, so each can be decoded alone.
struct EncodedFunc<'a>(FuncHead, &'a [u8]);

impl Serialize for EncodedFunc<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        struct Bytes<'b>(&'b [u8]);
        impl Serialize for Bytes<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(self.0)
            }
        }
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&self.0)?;
        t.serialize_element(&Bytes(self.1))?;
        t.end()
    }
}

/// The prelude's functions from the built-in image, each decoded when first used, or None
/// when the image is stale (the caller compiles the prelude from source).
pub(crate) fn load() -> Option<Funcs> {
    let (fingerprint, funcs) = postcard::take_from_bytes::<u64>(IMAGE).ok()?;
    if fingerprint != FINGERPRINT {
        return None;
    }
    // The encodings are borrowed from the image in the binary, not copied.
    let entries: Vec<(FuncHead, &'static [u8])> = postcard::from_bytes(funcs).ok()?;
    Some(Funcs::lazy(entries))
}

/// Encodes compiled prelude functions as an image: the fingerprint, then each function's
/// head and encoding.
pub(crate) fn encode(funcs: &[FuncCode]) -> Result<Vec<u8>, String> {
    let err = |e: postcard::Error| format!("prelude image: {e}");
    let bodies = funcs
        .iter()
        .map(postcard::to_allocvec)
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    let entries: Vec<EncodedFunc> = funcs
        .iter()
        .zip(&bodies)
        .map(|(f, body)| EncodedFunc(FuncHead::of(f), body))
        .collect();
    let mut out = postcard::to_allocvec(&FINGERPRINT).map_err(err)?;
    out.extend(postcard::to_allocvec(&entries).map_err(err)?);
    Ok(out)
}

/// The constants a compiled function holds (the compiler makes no others).
#[derive(Serialize, Deserialize)]
enum Const {
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(Vec<u16>),
}

struct ConstRef<'a>(&'a Value);

impl Serialize for ConstRef<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = match self.0 {
            Value::Undefined => Const::Undefined,
            Value::Null => Const::Null,
            Value::Bool(b) => Const::Bool(*b),
            Value::Num(n) => Const::Num(*n),
            Value::Str(t) => Const::Str(t.units().to_vec()),
            other => {
                return Err(serde::ser::Error::custom(format!(
                    "a constant the image cannot hold: {other:?}"
                )))
            }
        };
        c.serialize(s)
    }
}

fn from_const(c: Const) -> Value {
    match c {
        Const::Undefined => Value::Undefined,
        Const::Null => Value::Null,
        Const::Bool(b) => Value::Bool(b),
        Const::Num(n) => Value::Num(n),
        Const::Str(units) => Value::Str(JsStr::new(units)),
    }
}

/// `FuncCode::consts` through `Const`.
pub(crate) mod consts {
    use super::*;

    pub fn serialize<S: serde::Serializer>(v: &[Value], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(ConstRef))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Value>, D::Error> {
        Ok(Vec::<Const>::deserialize(d)?
            .into_iter()
            .map(from_const)
            .collect())
    }
}

/// `FuncCode::templates` (cooked and raw strings) through `Const`.
pub(crate) mod templates {
    use super::*;

    type Template = (Vec<Value>, Vec<Value>);

    pub fn serialize<S: serde::Serializer>(v: &[Template], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|(cooked, raw)| {
            (
                cooked.iter().map(ConstRef).collect::<Vec<_>>(),
                raw.iter().map(ConstRef).collect::<Vec<_>>(),
            )
        }))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Template>, D::Error> {
        Ok(Vec::<(Vec<Const>, Vec<Const>)>::deserialize(d)?
            .into_iter()
            .map(|(cooked, raw)| {
                (
                    cooked.into_iter().map(from_const).collect(),
                    raw.into_iter().map(from_const).collect(),
                )
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed image is what the prelude compiles to now; when it is not, the image
    /// is rewritten (commit it) and the test fails.
    #[test]
    fn prelude_image_is_current() {
        let fresh = crate::interpreter::prelude_image().expect("the prelude compiles");
        if fresh != IMAGE {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/prelude.image");
            std::fs::write(path, &fresh).expect("write the prelude image");
            panic!(
                "crates/codemode-js/src/prelude.image was stale ({} bytes, now {}): it has \
                 been rewritten; rebuild and commit it (`cargo xtask codegen` does the same)",
                IMAGE.len(),
                fresh.len()
            );
        }
        let funcs = load().expect("the current image is used");
        for i in 0..funcs.len() {
            assert!(funcs.decodes(i), "prelude function {i} decodes");
        }
    }
}

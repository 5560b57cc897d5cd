//! The built-ins' heap as the prelude's top level leaves it, saved by `cargo xtask codegen`
//! (`realm.image`) and loaded by every process instead of building it: building the realm's
//! objects and running the prelude's top level was most of JavaScript's start.
//!
//! The image holds the template heap's objects, the `Realm` (the handles and symbols the VM
//! reads directly), the heap's byte count, and what it was built from: the prelude image's
//! fingerprint and the native table's names and lengths. The natives themselves (function
//! pointers) cannot be saved; `builtins::build_natives` lists them again in the same order,
//! and an image whose list differs is not used — the realm is then built as before, a
//! slower start, never a wrong one. What neither check sees (a built-in's data property
//! changed in Rust) is caught by the test `realm_image_is_current`, which rebuilds the
//! realm, compares, and rewrites the image.
//!
//! The format is a flat byte stream (LEB128 integers), written and read by hand: a string
//! table first (every string and symbol once, by identity, so a symbol shared by a property
//! key, a realm field and a closure's cell stays one symbol), then the objects, then the
//! realm's fields.

use crate::builtins::{IterRealm, NativeFn, Realm, WellKnown, HOOKS};
use crate::heap::{Closure, Heap, Kind, Object, Prop, PropMap, REMOVED};
use crate::value::{JsStr, ObjRef, Value};
use crate::vm::TypeofNames;
use std::collections::HashMap;

/// The `Realm`'s handle fields, `IterRealm`'s and `WellKnown`'s, listed once: the image
/// writes and reads them in this order. Destructuring and building without `..`, a field
/// added to one of the structs does not compile until it is listed here.
macro_rules! realm_fields {
    ($m:ident) => {
        $m!(
            [
                global, object_proto, function_proto, array_proto, string_proto,
                number_proto, boolean_proto, promise_proto, date_proto, number_format_proto,
                map_proto, set_proto, weak_map_proto, weak_set_proto, collection_iter_proto,
                generator_proto, async_generator_proto, generator_function_proto,
                async_generator_function_proto, date_time_format_proto, regexp_proto,
                regexp_ctor, error_proto, type_error_proto, range_error_proto,
                syntax_error_proto, reference_error_proto, aggregate_error_proto,
                uri_error_proto, eval_error_proto, symbol_proto, bigint_proto
            ]
            [
                iterator_proto, array_iter_proto, string_iter_proto, array_values,
                string_iterator, array_iter_next, collection_iter_next, map_entries,
                set_values, iterator_self, iterator_ctor, helper_proto, wrap_proto
            ]
            [
                iterator, async_iterator, has_instance, to_primitive, to_string_tag, match_,
                match_all, replace, search, split, species
            ]
        )
    };
}

/// The committed image (empty until `cargo xtask codegen` or the test has written one).
const IMAGE: &[u8] = include_bytes!("realm.image");

/// A template heap's contents, loaded.
pub(crate) struct RealmImage {
    pub objects: Vec<Object>,
    pub realm: Realm,
    pub bytes: usize,
    pub next_gc: usize,
}

/// Encodes the template: its objects, realm and byte counts, and the natives it was built
/// with. Fails on an object of a kind the image cannot hold (none is in the built-ins).
pub(crate) fn encode(
    heap: &Heap,
    realm: &Realm,
    natives: &[(NativeFn, &'static str, u8)],
) -> Result<Vec<u8>, String> {
    let objects = heap.template_objects();
    let mut body = Writer::default();
    body.uint(objects.len() as u64);
    for (i, o) in objects.iter().enumerate() {
        body.object(o).map_err(|kind| {
            format!("realm image: object {i} is a {kind}, which has no encoding")
        })?;
    }
    body.realm(realm);
    let mut out = Writer::default();
    out.out
        .extend_from_slice(&crate::prelude_image::FINGERPRINT.to_le_bytes());
    out.uint(natives.len() as u64);
    for (_, name, len) in natives {
        out.uint(name.len() as u64);
        out.out.extend_from_slice(name.as_bytes());
        out.out.push(*len);
    }
    out.uint(heap.bytes as u64);
    out.uint(heap.next_gc as u64);
    out.uint(body.table.len() as u64);
    // A string's length is doubled, plus one when its units are not all ASCII: ASCII ones
    // (nearly all) are a byte a unit, the others two bytes, little-endian.
    for s in &body.table {
        out.out.push(s.symbol_tag());
        let units = s.units();
        if units.iter().all(|&u| u < 0x80) {
            out.uint(units.len() as u64 * 2);
            out.out.extend(units.iter().map(|&u| u as u8));
        } else {
            out.uint(units.len() as u64 * 2 + 1);
            out.out.extend(units.iter().flat_map(|u| u.to_le_bytes()));
        }
    }
    out.out.extend_from_slice(&body.out);
    Ok(out.out)
}

/// The committed image, when it was built from this prelude and these natives.
pub(crate) fn load(natives: &[(NativeFn, &'static str, u8)]) -> Option<RealmImage> {
    decode(IMAGE, natives)
}

fn decode(bytes: &[u8], natives: &[(NativeFn, &'static str, u8)]) -> Option<RealmImage> {
    let (fingerprint, rest) = bytes.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*fingerprint) != crate::prelude_image::FINGERPRINT {
        return None;
    }
    let mut r = Reader {
        bytes: rest,
        strings: Vec::new(),
    };
    if r.len()? != natives.len() {
        return None;
    }
    for (_, name, len) in natives {
        let n = r.len()?;
        if r.take(n)? != name.as_bytes() || r.byte()? != *len {
            return None;
        }
    }
    let heap_bytes = r.len()?;
    let next_gc = r.len()?;
    let count = r.len()?;
    r.strings.reserve_exact(count);
    for _ in 0..count {
        let tag = r.byte()?;
        let n = r.len()?;
        let s = if n % 2 == 0 {
            JsStr::with_tag(r.take(n / 2)?.iter().map(|&b| u16::from(b)), tag)
        } else {
            let bytes = r.take(n / 2 * 2)?;
            JsStr::with_tag(
                bytes
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
                tag,
            )
        };
        r.strings.push(s);
    }
    let count = r.len()?;
    let mut objects = Vec::with_capacity(count.min(r.bytes.len()));
    for _ in 0..count {
        objects.push(r.object()?);
    }
    let realm = r.realm()?;
    r.bytes.is_empty().then_some(RealmImage {
        objects,
        realm,
        bytes: heap_bytes,
        next_gc,
    })
}

#[derive(Default)]
struct Writer {
    out: Vec<u8>,
    /// Each string's index in the table, by identity.
    index: HashMap<usize, u32>,
    table: Vec<JsStr>,
}

impl Writer {
    fn uint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.out.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.out.push(n as u8);
    }

    fn str(&mut self, s: &JsStr) {
        let next = self.table.len() as u32;
        let i = *self.index.entry(s.addr()).or_insert(next);
        if i == next {
            self.table.push(s.clone());
        }
        self.uint(u64::from(i));
    }

    fn obj_ref(&mut self, r: ObjRef) {
        self.uint(u64::from(r.0));
    }

    fn opt_ref(&mut self, r: Option<ObjRef>) {
        self.uint(r.map_or(0, |r| u64::from(r.0) + 1));
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Undefined => self.out.push(0),
            Value::Null => self.out.push(1),
            Value::Bool(b) => self.out.push(2 + u8::from(*b)),
            Value::Num(n) => {
                self.out.push(4);
                self.out.extend_from_slice(&n.to_bits().to_le_bytes());
            }
            Value::Str(s) => {
                self.out.push(5);
                self.str(s);
            }
            Value::Sym(s) => {
                self.out.push(6);
                self.str(s);
            }
            Value::Obj(r) => {
                self.out.push(7);
                self.obj_ref(*r);
            }
            Value::Empty => self.out.push(8),
            Value::BigInt(r) => {
                self.out.push(9);
                self.obj_ref(*r);
            }
        }
    }

    fn values(&mut self, vs: &[Value]) {
        self.uint(vs.len() as u64);
        for v in vs {
            self.value(v);
        }
    }

    /// Writes `o`, or names its kind when the image cannot hold it.
    fn object(&mut self, o: &Object) -> Result<(), &'static str> {
        self.opt_ref(o.proto);
        self.out
            .push(u8::from(o.extensible) | (u8::from(o.frozen) << 1) | (u8::from(o.holes) << 2));
        // Deleted entries (tombstones of an indexed map) are left out; the loaded map
        // rebuilds its index.
        let live = o.props.entries.iter().filter(|p| p.flags & REMOVED == 0);
        self.uint(live.clone().count() as u64);
        for p in live {
            self.str(&p.key);
            self.out.push(p.flags);
            self.value(&p.value);
        }
        match &o.kind {
            Kind::Ordinary => self.out.push(0),
            Kind::Array(vs) => {
                self.out.push(1);
                self.values(vs);
            }
            Kind::Closure(c) => {
                self.out.push(2);
                self.uint(u64::from(c.func));
                self.uint(c.cells.len() as u64);
                for &cell in &c.cells {
                    self.obj_ref(cell);
                }
                self.value(&c.this);
            }
            Kind::Native(id) => {
                self.out.push(3);
                self.uint(u64::from(*id));
            }
            Kind::Error => self.out.push(4),
            Kind::Primitive(v) => {
                self.out.push(5);
                self.value(v);
            }
            Kind::Date(t) => {
                self.out.push(6);
                self.out.extend_from_slice(&t.to_bits().to_le_bytes());
            }
            Kind::Cell(v) => {
                self.out.push(7);
                self.value(v);
            }
            Kind::Accessor(pair) => {
                self.out.push(8);
                self.value(&pair.0);
                self.value(&pair.1);
            }
            Kind::Free => self.out.push(9),
            Kind::Search => self.out.push(10),
            Kind::Bound(_) => return Err("bound function"),
            Kind::Resolver { .. } => return Err("promise resolver"),
            Kind::Promise(_) => return Err("promise"),
            Kind::Collection(_) => return Err("collection"),
            Kind::CollectionIter(_) => return Err("collection iterator"),
            Kind::ArrayIter(_) => return Err("array iterator"),
            Kind::IterWrap(_) => return Err("wrapped iterator"),
            Kind::NumberFormat(_) => return Err("number format"),
            Kind::DateTimeFormat(_) => return Err("date-time format"),
            Kind::Coroutine(_) => return Err("coroutine"),
            Kind::Generator(_) => return Err("generator"),
            Kind::ToolPath(_) => return Err("tool path"),
            Kind::Extension { .. } => return Err("host extension"),
            Kind::BigInt(_) => return Err("BigInt"),
            Kind::RegExp(_) => return Err("RegExp"),
        }
        Ok(())
    }

    /// The realm's fields (`realm_fields!` lists them once for both directions).
    fn realm(&mut self, realm: &Realm) {
        macro_rules! write_realm {
            ([$($r:ident),*] [$($i:ident),*] [$($w:ident),*]) => {
                let Realm { $($r,)* converter, hooks, iter, well_known, typeof_names } = realm;
                $(self.obj_ref(*$r);)*
                self.opt_ref(*converter);
                for h in hooks {
                    self.opt_ref(*h);
                }
                let IterRealm { $($i),* } = iter;
                $(self.obj_ref(*$i);)*
                let WellKnown { $($w),* } = well_known;
                $(self.str($w);)*
                for s in &typeof_names.0 {
                    self.str(s);
                }
            };
        }
        realm_fields!(write_realm);
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    strings: Vec<JsStr>,
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(b)
    }

    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.bytes.split_at_checked(n)?;
        self.bytes = rest;
        Some(head)
    }

    fn uint(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    fn len(&mut self) -> Option<usize> {
        usize::try_from(self.uint()?).ok()
    }

    fn f64(&mut self) -> Option<f64> {
        Some(f64::from_bits(u64::from_le_bytes(
            *self.take(8)?.first_chunk::<8>()?,
        )))
    }

    fn str(&mut self) -> Option<JsStr> {
        let i = self.len()?;
        self.strings.get(i).cloned()
    }

    fn obj_ref(&mut self) -> Option<ObjRef> {
        Some(ObjRef(u32::try_from(self.uint()?).ok()?))
    }

    fn opt_ref(&mut self) -> Option<Option<ObjRef>> {
        Some(match self.uint()? {
            0 => None,
            n => Some(ObjRef(u32::try_from(n - 1).ok()?)),
        })
    }

    fn value(&mut self) -> Option<Value> {
        Some(match self.byte()? {
            0 => Value::Undefined,
            1 => Value::Null,
            2 => Value::Bool(false),
            3 => Value::Bool(true),
            4 => Value::Num(self.f64()?),
            5 => Value::Str(self.str()?),
            6 => Value::Sym(self.str()?),
            7 => Value::Obj(self.obj_ref()?),
            8 => Value::Empty,
            9 => Value::BigInt(self.obj_ref()?),
            _ => return None,
        })
    }

    fn values(&mut self) -> Option<Vec<Value>> {
        let n = self.len()?;
        let mut vs = Vec::with_capacity(n.min(self.bytes.len()));
        for _ in 0..n {
            vs.push(self.value()?);
        }
        Some(vs)
    }

    fn object(&mut self) -> Option<Object> {
        let proto = self.opt_ref()?;
        let flags = self.byte()?;
        let n = self.len()?;
        let mut entries = Vec::with_capacity(n.min(self.bytes.len()));
        for _ in 0..n {
            let key = self.str()?;
            let flags = self.byte()?;
            let value = self.value()?;
            entries.push(Prop { key, value, flags });
        }
        let kind = match self.byte()? {
            0 => Kind::Ordinary,
            1 => Kind::Array(self.values()?),
            2 => {
                let func = u32::try_from(self.uint()?).ok()?;
                let n = self.len()?;
                let mut cells = Vec::with_capacity(n.min(self.bytes.len()));
                for _ in 0..n {
                    cells.push(self.obj_ref()?);
                }
                let this = self.value()?;
                Kind::Closure(Box::new(Closure { func, cells, this }))
            }
            3 => Kind::Native(u16::try_from(self.uint()?).ok()?),
            4 => Kind::Error,
            5 => Kind::Primitive(self.value()?),
            6 => Kind::Date(self.f64()?),
            7 => Kind::Cell(self.value()?),
            8 => Kind::Accessor(Box::new((self.value()?, self.value()?))),
            9 => Kind::Free,
            10 => Kind::Search,
            _ => return None,
        };
        let mut o = Object::new(proto, kind);
        o.props = PropMap::from_distinct(entries);
        o.extensible = flags & 1 != 0;
        o.frozen = flags & 2 != 0;
        o.holes = flags & 4 != 0;
        Some(o)
    }

    /// The realm's fields, in `Writer::realm`'s order (a struct expression's fields are
    /// evaluated as written).
    fn realm(&mut self) -> Option<Realm> {
        macro_rules! read_realm {
            ([$($r:ident),*] [$($i:ident),*] [$($w:ident),*]) => {{
                $(let $r = self.obj_ref()?;)*
                let converter = self.opt_ref()?;
                let mut hooks = [None; HOOKS];
                for h in &mut hooks {
                    *h = self.opt_ref()?;
                }
                let iter = IterRealm { $($i: self.obj_ref()?),* };
                let well_known = WellKnown { $($w: self.str()?),* };
                let names: Vec<JsStr> = (0..8).map(|_| self.str()).collect::<Option<_>>()?;
                let typeof_names = TypeofNames(names.try_into().ok()?);
                Some(Realm { $($r,)* converter, hooks, iter, well_known, typeof_names })
            }};
        }
        realm_fields!(read_realm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed image is the realm built now; when it is not, the image is rewritten
    /// (commit it) and the test fails.
    #[test]
    fn realm_image_is_current() {
        let fresh = crate::interpreter::realm_image().expect("the realm encodes");
        if fresh != IMAGE {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/realm.image");
            std::fs::write(path, &fresh).expect("write the realm image");
            panic!(
                "crates/codemode-js/src/realm.image was stale ({} bytes, now {}): it has been \
                 rewritten; rebuild and commit it (`cargo xtask codegen` does the same)",
                IMAGE.len(),
                fresh.len()
            );
        }
        // What a process loads encodes to the same image again: every field is read back
        // where it was written.
        let natives = crate::builtins::build_natives();
        let image = load(&natives).expect("the current image is used");
        let heap = Heap::from_template(image.objects, image.bytes, image.next_gc);
        assert!(encode(&heap, &image.realm, &natives).unwrap() == fresh);
    }

    /// An image built from other natives, or cut short, is not used.
    #[test]
    fn a_mismatched_image_is_not_used() {
        let natives = crate::builtins::build_natives();
        let image = crate::interpreter::realm_image().expect("the realm encodes");
        assert!(decode(&image, &natives).is_some());
        assert!(decode(&image, &natives[1..]).is_none());
        assert!(decode(&image[..image.len() - 1], &natives).is_none());
        let mut other = image.clone();
        other[0] ^= 1;
        assert!(decode(&other, &natives).is_none());
    }
}

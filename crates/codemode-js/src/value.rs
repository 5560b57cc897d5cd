//! Program values: numbers, UTF-16 strings and handles into the heap.

use std::fmt;
use std::hash::{Hash, Hasher};
use triomphe::ThinArc;

use crate::heap::Heap;

/// An index into the execution's object arena.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ObjRef(pub u32);

impl ObjRef {
    /// The handle of `0n`: no object (the arena never reaches it), so a zero BigInt costs
    /// no allocation and its falsiness is read from the handle alone.
    pub const ZERO_BIGINT: ObjRef = ObjRef(u32::MAX);
}

/// The fixed cost of a string: its header (counts, tag and length, 24 bytes) and the
/// allocator's overhead, with room to spare (the figure from when a string took two blocks).
pub const STR_HEADER: usize = 64;

/// An immutable JavaScript string: UTF-16 code units, shared by reference count (strings
/// cannot form cycles, so they need no tracing). A thin pointer keeps `Value` at 16 bytes;
/// the header (count, tag, length) and the units share one allocation (triomphe's
/// `ThinArc`), so making or dropping a string is one call into the allocator, not two.
///
/// A JsStr is also how a Symbol is represented (`Value::Sym`) and how it is stored as a
/// property key: its units are the symbol's descriptive string `Symbol(desc)` (what node
/// prints for a symbol key in messages) and its `tag` is not `STRING`. A symbol equals only
/// itself (the same allocation), so no string a program builds can name a symbol key, and
/// string keys compare exactly as before (a symbol's text never equals a key the VM looks
/// for by name: every one starts with `Symbol(`).
#[derive(Clone)]
pub struct JsStr(ThinArc<u8, u16>);

/// `JsStr` tags: a string, or a symbol with a description, without one (`Symbol()`), or
/// one from the registry (`Symbol.for`).
const STRING: u8 = 0;
pub const SYM_DESC: u8 = 1;
pub const SYM_NO_DESC: u8 = 2;
pub const SYM_REGISTERED: u8 = 3;
/// A class's private name (`#x`): its units are the name with `#`. Never a program value:
/// it lives in a hidden binding of the class scope and keys `PRIVATE` entries.
pub const PRIVATE_NAME: u8 = 4;

impl JsStr {
    pub fn new(units: Vec<u16>) -> Self {
        JsStr::from_units(&units)
    }
    #[inline]
    pub fn from_units(units: &[u16]) -> Self {
        JsStr(ThinArc::from_header_and_slice(STRING, units))
    }
    /// A string of exactly the units `units` yields (its length known up front: one
    /// allocation, no intermediate buffer).
    #[inline]
    pub fn from_exact_iter<I: ExactSizeIterator<Item = u16>>(units: I) -> Self {
        JsStr(ThinArc::from_header_and_iter(STRING, units))
    }
    /// The concatenation of `parts`: one allocation of the final length. Short results
    /// are gathered in a buffer on the native stack first; long ones are zeroed in place,
    /// then each part copied in (a `memcpy` per part).
    pub fn from_parts(parts: &[&[u16]]) -> Self {
        let total: usize = parts.iter().map(|p| p.len()).sum();
        const SHORT: usize = 64;
        if total <= SHORT {
            // Gathered on the native stack, then copied into the string at once.
            let mut buf = [0u16; SHORT];
            let mut at = 0;
            for p in parts {
                if let Some(dst) = buf.get_mut(at..at + p.len()) {
                    dst.copy_from_slice(p);
                }
                at += p.len();
            }
            return JsStr::from_units(&buf[..total]);
        }
        JsStr::filled(total, |out| {
            let mut at = 0;
            for p in parts {
                if let Some(dst) = out.get_mut(at..at + p.len()) {
                    dst.copy_from_slice(p);
                }
                at += p.len();
            }
        })
    }
    /// A string of `len` units that `fill` writes into its block (zeroed first): one
    /// allocation of the final size, no buffer to copy from.
    pub fn filled(len: usize, fill: impl FnOnce(&mut [u16])) -> Self {
        let mut arc = ThinArc::from_header_and_iter(STRING, std::iter::repeat_n(0u16, len));
        arc.with_arc_mut(|a| {
            // Just made, so unique: get_mut always answers.
            if let Some(inner) = triomphe::Arc::get_mut(a) {
                fill(inner.slice_mut());
            }
        });
        JsStr(arc)
    }
    /// A new symbol (`tag` one of the `SYM_` tags) whose description is `desc` (ignored
    /// for `SYM_NO_DESC`).
    pub fn new_symbol(desc: &[u16], tag: u8) -> Self {
        let mut units: Vec<u16> = "Symbol(".encode_utf16().collect();
        if tag != SYM_NO_DESC {
            units.extend_from_slice(desc);
        }
        units.push(b')' as u16);
        JsStr(ThinArc::from_header_and_slice(tag, &units))
    }
    /// The name a function defined under this key takes: the key, or `[desc]` for a
    /// symbol (empty for one without a description), as ECMAScript's SetFunctionName.
    pub fn function_name(&self) -> JsStr {
        if !self.is_symbol() {
            return self.clone();
        }
        match self.symbol_description() {
            Some(d) => {
                let mut u = Vec::with_capacity(d.len() + 2);
                u.push(b'[' as u16);
                u.extend_from_slice(d);
                u.push(b']' as u16);
                JsStr::new(u)
            }
            None => JsStr::new(Vec::new()),
        }
    }
    /// Whether this is a symbol (a `Value::Sym` or a symbol property key).
    #[inline(always)]
    pub fn is_symbol(&self) -> bool {
        self.tag() != STRING
    }
    #[inline(always)]
    fn tag(&self) -> u8 {
        self.0.header.header
    }
    pub fn symbol_tag(&self) -> u8 {
        self.tag()
    }
    /// A symbol's description (None for `Symbol()`); None for a string.
    pub fn symbol_description(&self) -> Option<&[u16]> {
        let u = self.units();
        match self.tag() {
            SYM_DESC | SYM_REGISTERED if u.len() >= 8 => Some(&u[7..u.len() - 1]),
            _ => None,
        }
    }
    /// A new private name (`#x`, the text with `#`), distinct from every other key.
    pub fn new_private_name(text: &[u16]) -> Self {
        JsStr(ThinArc::from_header_and_slice(PRIVATE_NAME, text))
    }
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(s: &str) -> Self {
        // ASCII (every built-in name) in one exact allocation; encode_utf16's size hint is
        // a third of the length, so collecting it grew the vector.
        if s.is_ascii() {
            return JsStr::from_exact_iter(s.bytes().map(u16::from));
        }
        JsStr::new(s.encode_utf16().collect())
    }
    #[inline(always)]
    pub fn units(&self) -> &[u16] {
        &self.0.slice
    }
    pub fn len(&self) -> usize {
        self.0.header.length
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// A string of `units` with tag `tag` as `symbol_tag` returns it (the realm image
    /// restores strings and symbols with it).
    pub(crate) fn with_tag<I: ExactSizeIterator<Item = u16>>(units: I, tag: u8) -> Self {
        JsStr(ThinArc::from_header_and_iter(tag, units))
    }
    /// The address of the shared units (an identity while this string is alive).
    #[inline(always)]
    pub fn addr(&self) -> usize {
        self.0.ptr() as usize
    }
    #[inline(always)]
    pub fn ptr_eq(&self, other: &JsStr) -> bool {
        self.0.ptr() == other.0.ptr()
    }
    /// Lossy conversion (lone surrogates become U+FFFD); for messages and formatting.
    pub fn to_rust(&self) -> String {
        String::from_utf16_lossy(self.units())
    }
    pub fn eq_str(&self, s: &str) -> bool {
        let mut it = self.units().iter();
        for u in s.encode_utf16() {
            if it.next() != Some(&u) {
                return false;
            }
        }
        it.next().is_none()
    }
    /// The array index this key denotes (canonical decimal below 2^32 - 1), if any.
    pub fn as_index(&self) -> Option<u32> {
        let u = self.units();
        if u.is_empty() || u.len() > 10 {
            return None;
        }
        if u[0] == b'0' as u16 {
            return if u.len() == 1 { Some(0) } else { None };
        }
        let mut n: u64 = 0;
        for &c in u.iter() {
            if !(b'0' as u16..=b'9' as u16).contains(&c) {
                return None;
            }
            n = n * 10 + (c - b'0' as u16) as u64;
        }
        if n < u32::MAX as u64 {
            Some(n as u32)
        } else {
            None
        }
    }
    /// Bytes this string holds: its units, the shared header and the allocator's overhead.
    pub fn byte_size(&self) -> usize {
        Self::cost(self.len())
    }
    /// The bytes a string of `len` units costs (see `byte_size`).
    pub const fn cost(len: usize) -> usize {
        len.saturating_mul(2).saturating_add(STR_HEADER)
    }
    /// This holder's share of `byte_size`: a string referenced from many places is paid
    /// for once in total, not once per reference.
    pub fn shared_size(&self) -> usize {
        // Most strings have one holder: no division then (the collector sums this for
        // every string it keeps); nor when there are more holders than bytes (a property
        // key every record shares), which leaves each a share of 0.
        let size = self.byte_size();
        match ThinArc::strong_count(&self.0) {
            0 | 1 => size,
            n if n > size => 0,
            n => size / n,
        }
    }
}

impl PartialEq for JsStr {
    fn eq(&self, other: &Self) -> bool {
        self.ptr_eq(other)
            || (self.units() == other.units() && !self.is_symbol() && !other.is_symbol())
    }
}
impl Eq for JsStr {}
impl Hash for JsStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.units().hash(state)
    }
}
impl PartialOrd for JsStr {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for JsStr {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Consistent with `eq`: symbols order after strings of the same text, and by address.
        self.units()
            .cmp(other.units())
            .then(self.tag().cmp(&other.tag()))
            .then_with(|| {
                if self.is_symbol() {
                    self.0.ptr().cmp(&other.0.ptr())
                } else {
                    std::cmp::Ordering::Equal
                }
            })
    }
}
impl fmt::Debug for JsStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_rust())
    }
}

/// A program value. `Empty` marks an uninitialised `let`/`const` binding (the TDZ) and an
/// array's hole (see `heap::Kind::Array`), and never escapes to the program.
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(JsStr),
    /// A symbol: a `JsStr` with a symbol tag (see `JsStr`), which is also its property key.
    Sym(JsStr),
    Obj(ObjRef),
    Empty,
    /// A BigInt: an immutable `Kind::BigInt` object holding its digits (`ObjRef::ZERO_BIGINT`
    /// for 0n). A Copy handle rather than a reference count, so `Value` keeps its size and
    /// its dropping code; compared by value (`strict_equals`), never by handle. Last, so
    /// the other variants keep their discriminants.
    BigInt(ObjRef),
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(JsStr::from_str(s))
    }
    pub fn is_undefined(&self) -> bool {
        matches!(self, Value::Undefined)
    }
    /// The TDZ marker, or (in an array's elements) a hole.
    #[inline]
    pub fn is_empty(&self) -> bool {
        matches!(self, Value::Empty)
    }
    pub fn is_nullish(&self) -> bool {
        matches!(self, Value::Undefined | Value::Null)
    }
    pub fn as_obj(&self) -> Option<ObjRef> {
        match self {
            Value::Obj(r) => Some(*r),
            _ => None,
        }
    }
    pub fn truthy(&self) -> bool {
        match self {
            Value::Undefined | Value::Null | Value::Empty => false,
            Value::Bool(b) => *b,
            Value::Num(n) => !(*n == 0.0 || n.is_nan()),
            Value::Str(s) => !s.is_empty(),
            Value::Obj(_) | Value::Sym(_) => true,
            Value::BigInt(r) => *r != ObjRef::ZERO_BIGINT,
        }
    }
    /// The heap object a value keeps alive (an object or a BigInt's digits): what the
    /// collector traces.
    #[inline]
    pub fn heap_ref(&self) -> Option<ObjRef> {
        match self {
            Value::Obj(r) | Value::BigInt(r) => Some(*r),
            _ => None,
        }
    }
}

/// SameValueZero (used by includes, Map-like lookups).
pub fn same_value_zero(heap: &Heap, a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => x == y || (x.is_nan() && y.is_nan()),
        _ => strict_equals(heap, a, b),
    }
}

/// SameValue (Object.is).
pub fn same_value(heap: &Heap, a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => {
            (x.is_nan() && y.is_nan()) || (x == y && x.is_sign_negative() == y.is_sign_negative())
        }
        _ => strict_equals(heap, a, b),
    }
}

/// `a === b`. The heap is read only for two BigInts (equal by value).
pub fn strict_equals(heap: &Heap, a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::BigInt(x), Value::BigInt(y)) => x == y || bigint_equals(heap, *x, *y),
        (Value::Undefined, Value::Undefined) | (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Num(x), Value::Num(y)) => x == y,
        (Value::Str(x), Value::Str(y)) | (Value::Sym(x), Value::Sym(y)) => x == y,
        (Value::Obj(x), Value::Obj(y)) => x == y,
        _ => false,
    }
}

/// Two BigInts' values compared: out of line, so the inlined `strict_equals` of the hot
/// loops stays small.
#[cold]
#[inline(never)]
fn bigint_equals(heap: &Heap, x: ObjRef, y: ObjRef) -> bool {
    heap.bigint(x) == heap.bigint(y)
}

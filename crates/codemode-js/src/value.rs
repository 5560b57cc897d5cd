//! Program values: numbers, UTF-16 strings and handles into the heap.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// An index into the execution's object arena.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ObjRef(pub u32);

/// The fixed cost of a string: `Arc` counts and the `Vec` (40 bytes) and two blocks'
/// allocator overhead.
pub const STR_HEADER: usize = 64;

/// An immutable JavaScript string: UTF-16 code units, shared by reference count (strings
/// cannot form cycles, so they need no tracing). A thin pointer keeps `Value` at 16 bytes.
#[derive(Clone)]
pub struct JsStr(Arc<Vec<u16>>);

impl JsStr {
    pub fn new(units: Vec<u16>) -> Self {
        JsStr(Arc::new(units))
    }
    pub fn from_units(units: &[u16]) -> Self {
        JsStr(Arc::new(units.to_vec()))
    }
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(s: &str) -> Self {
        JsStr::new(s.encode_utf16().collect())
    }
    pub fn units(&self) -> &[u16] {
        self.0.as_slice()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn ptr_eq(&self, other: &JsStr) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// Lossy conversion (lone surrogates become U+FFFD); for messages and formatting.
    pub fn to_rust(&self) -> String {
        String::from_utf16_lossy(self.0.as_slice())
    }
    pub fn eq_str(&self, s: &str) -> bool {
        let mut it = self.0.iter();
        for u in s.encode_utf16() {
            if it.next() != Some(&u) {
                return false;
            }
        }
        it.next().is_none()
    }
    /// The array index this key denotes (canonical decimal below 2^32 - 1), if any.
    pub fn as_index(&self) -> Option<u32> {
        let u = &self.0;
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
    /// Bytes this string holds: its units (capacity), the shared header (counts and
    /// `Vec`) and the allocator's overhead for the two blocks.
    pub fn byte_size(&self) -> usize {
        Self::cost(self.0.capacity())
    }
    /// The bytes a string of `len` units costs (see `byte_size`).
    pub const fn cost(len: usize) -> usize {
        len.saturating_mul(2).saturating_add(STR_HEADER)
    }
    /// This holder's share of `byte_size`: a string referenced from many places is paid
    /// for once in total, not once per reference.
    pub fn shared_size(&self) -> usize {
        self.byte_size() / Arc::strong_count(&self.0).max(1)
    }
}

impl PartialEq for JsStr {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0[..] == other.0[..]
    }
}
impl Eq for JsStr {}
impl Hash for JsStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0[..].hash(state)
    }
}
impl PartialOrd for JsStr {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for JsStr {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0[..].cmp(&other.0[..])
    }
}
impl fmt::Debug for JsStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_rust())
    }
}

/// A program value. `Empty` marks an uninitialised `let`/`const` binding (the TDZ) and
/// never escapes to the program.
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(JsStr),
    Obj(ObjRef),
    Empty,
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(JsStr::from_str(s))
    }
    pub fn is_undefined(&self) -> bool {
        matches!(self, Value::Undefined)
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
            Value::Obj(_) => true,
        }
    }
}

/// SameValueZero (used by includes, Map-like lookups).
pub fn same_value_zero(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => x == y || (x.is_nan() && y.is_nan()),
        _ => strict_equals(a, b),
    }
}

/// SameValue (Object.is).
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => {
            (x.is_nan() && y.is_nan()) || (x == y && x.is_sign_negative() == y.is_sign_negative())
        }
        _ => strict_equals(a, b),
    }
}

pub fn strict_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Undefined, Value::Undefined) | (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Num(x), Value::Num(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Obj(x), Value::Obj(y)) => x == y,
        _ => false,
    }
}

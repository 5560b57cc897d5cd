//! Program values: small `Copy` words (16 bytes) whose heap parts live in the execution's
//! [`Heap`](crate::heap::Heap) arenas and are named by index handles.

/// An interned byte string. Strings are interned, so equal strings have equal handles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrRef(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableRef(pub u32);

/// A Lua closure: its handle and the index of its prototype (fixed when the closure is
/// made; carried in the value so a call needs no closure lookup to find its code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuncRef(pub u32, pub u32);

/// A host object: a tool path, `search`, or an extension function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProxyRef(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UpvalRef(pub u32);

/// A coroutine (or the main thread): its frames and registers live in the heap's thread
/// arena while it is not running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThreadRef(pub u32);

/// A function implemented in Rust (index into the builtin registry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuiltinId(pub u16);

#[derive(Debug, Clone, Copy)]
pub enum Value {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(StrRef),
    Table(TableRef),
    Func(FuncRef),
    Builtin(BuiltinId),
    Proxy(ProxyRef),
    Thread(ThreadRef),
    /// `json.null`: a non-nil value that exports as JSON null.
    JsonNull,
}

const _: () = assert!(std::mem::size_of::<Value>() == 16);

impl Value {
    #[inline(always)]
    pub fn truthy(self) -> bool {
        !matches!(self, Value::Nil | Value::Bool(false))
    }

    #[inline(always)]
    pub fn is_nil(self) -> bool {
        matches!(self, Value::Nil)
    }

    /// Raw equality (Lua's `rawequal`; without metatables also `==`).
    #[inline]
    pub fn raw_eq(self, other: Value) -> bool {
        match (self, other) {
            (Value::Nil, Value::Nil) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => {
                int_float_eq(a, b)
            }
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Table(a), Value::Table(b)) => a == b,
            (Value::Func(a), Value::Func(b)) => a == b,
            (Value::Builtin(a), Value::Builtin(b)) => a == b,
            (Value::Proxy(a), Value::Proxy(b)) => a == b,
            (Value::Thread(a), Value::Thread(b)) => a == b,
            (Value::JsonNull, Value::JsonNull) => true,
            _ => false,
        }
    }

    /// The name `type()` reports.
    pub fn type_name(self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "boolean",
            Value::Int(_) | Value::Float(_) => "number",
            Value::Str(_) => "string",
            Value::Table(_) => "table",
            Value::Func(_) | Value::Builtin(_) => "function",
            // Tool paths are callable and indexable host objects; extensions and search are
            // reported as functions by the proxy itself (see Heap::type_name).
            Value::Proxy(_) => "userdata",
            Value::JsonNull => "userdata",
            Value::Thread(_) => "thread",
        }
    }
}

/// 2^63, the first float above every i64.
const TWO63: f64 = (1u64 << 63) as f64;

/// Exact comparison of an integer with a float (no rounding of either).
#[inline]
pub fn int_float_eq(i: i64, f: f64) -> bool {
    match float_to_int_exact(f) {
        Some(fi) => fi == i,
        None => false,
    }
}

/// The integer a float equals exactly, if any.
#[inline]
pub fn float_to_int_exact(f: f64) -> Option<i64> {
    // -2^63 is representable; 2^63 is not an i64.
    if f.fract() == 0.0 && (-TWO63..TWO63).contains(&f) {
        Some(f as i64)
    } else {
        None
    }
}

/// `i < f` exactly.
pub fn lt_int_float(i: i64, f: f64) -> bool {
    if f.is_nan() {
        return false;
    }
    if f >= TWO63 {
        return true;
    }
    if f < -TWO63 {
        return false;
    }
    // f in i64 range: compare with ceil(f): i < f  <=>  i < ceil(f)
    let c = f.ceil();
    if c >= TWO63 {
        return true;
    }
    i < c as i64
}

/// `i <= f` exactly.
pub fn le_int_float(i: i64, f: f64) -> bool {
    if f.is_nan() {
        return false;
    }
    if f >= TWO63 {
        return true;
    }
    if f < -TWO63 {
        return false;
    }
    i <= f.floor() as i64
}

/// `f < i` exactly.
pub fn lt_float_int(f: f64, i: i64) -> bool {
    if f.is_nan() {
        return false;
    }
    if f >= TWO63 {
        return false;
    }
    if f < -TWO63 {
        return true;
    }
    (f.floor() as i64) < i
}

/// `f <= i` exactly.
pub fn le_float_int(f: f64, i: i64) -> bool {
    if f.is_nan() {
        return false;
    }
    if f >= TWO63 {
        return false;
    }
    if f < -TWO63 {
        return true;
    }
    let c = f.ceil();
    if c >= TWO63 {
        return false;
    }
    (c as i64) <= i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_comparisons_are_exact() {
        assert!(int_float_eq(3, 3.0));
        assert!(!int_float_eq(i64::MAX, TWO63));
        assert!(lt_int_float(i64::MAX, TWO63));
        assert!(le_int_float(1, 1.0));
        assert!(!lt_int_float(1, 1.0));
        assert!(lt_float_int(0.5, 1));
        assert!(le_float_int(-0.5, 0));
        assert!(!lt_float_int(f64::NAN, 1));
    }
}

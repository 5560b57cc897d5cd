//! The bounds a native operation checks before and while it works: the deadline, the
//! memory limit, the collection and string limits, and fuel in proportion to the work.
//!
//! The interpreter loop checks fuel and collects garbage at safe points (back edges,
//! returns, after a native call); a native cannot collect (its Rust locals are not roots),
//! so it checks the memory it is about to take against the limit before allocating, and a
//! long one checks the deadline every `DEADLINE_STRIDE` units of work.

use crate::heap::OBJECT_COST;
use crate::value::{JsStr, Value};
use crate::vm::{JsResult, Throw, Vm};

/// Units of work (elements, code units) between two deadline checks in a native loop.
pub const DEADLINE_STRIDE: usize = 1 << 16;

/// A copy or comparison of code units (memcpy, memcmp) runs this many units in the time of
/// one unit of work elsewhere: `s += x` in a loop stays affordable, its cost still linear.
pub const COPY_UNITS_PER_CHARGE: usize = 8;

/// Bytes one array element costs: the value, and the `Vec`'s doubling while it grows.
pub const ELEMENT_COST: usize = std::mem::size_of::<Value>();

/// A piece of `Vm::concat_strings`: fixed ASCII text, or a string's code units.
pub enum StrPart<'a> {
    Ascii(&'static str),
    Units(&'a [u16]),
}

impl StrPart<'_> {
    fn len(&self) -> usize {
        match self {
            StrPart::Ascii(s) => s.len(),
            StrPart::Units(u) => u.len(),
        }
    }
}

impl Vm {
    /// Ends the execution (uncatchably, like running out of fuel) if its deadline passed.
    #[inline]
    pub fn check_deadline(&self) -> JsResult<()> {
        match &self.deadline {
            Some(d) if d.passed() => Err(Throw::Fatal(d.diagnostic())),
            _ => Ok(()),
        }
    }

    /// The deadline check of a native loop at step `i` (one clock read per stride).
    #[inline]
    pub fn tick(&self, i: usize) -> JsResult<()> {
        if i % DEADLINE_STRIDE == DEADLINE_STRIDE - 1 {
            self.check_deadline()
        } else {
            Ok(())
        }
    }

    /// Fails (uncatchably) unless `bytes` more fit under the memory limit. Charges nothing:
    /// the allocation that follows charges what it really takes.
    #[inline]
    pub fn ensure_memory(&self, bytes: usize) -> JsResult<()> {
        if self.heap.bytes.saturating_add(bytes) > self.limits.max_memory_bytes {
            return Err(self.fatal_memory());
        }
        Ok(())
    }

    /// Fails (uncatchably) if the program already holds more than the memory limit: the
    /// check of a native loop that allocates as it goes (JSON.parse, entries).
    #[inline]
    pub fn check_memory(&self) -> JsResult<()> {
        self.ensure_memory(0)
    }

    /// Before building an array of `n` elements: the collection limit (a RangeError), the
    /// memory it takes (fatal) and the fuel of filling it.
    pub fn reserve_array(&mut self, n: usize) -> JsResult<()> {
        self.check_len(n)?;
        self.ensure_memory(n.saturating_mul(ELEMENT_COST).saturating_add(OBJECT_COST))?;
        self.charge(n)
    }

    /// Before building `count` strings holding `units` code units in all (split, keys).
    pub fn reserve_strings(&mut self, count: usize, units: usize) -> JsResult<()> {
        self.ensure_memory(
            count
                .saturating_mul(JsStr::cost(0))
                .saturating_add(units.saturating_mul(2)),
        )?;
        self.charge(units.saturating_add(count))
    }

    /// Before building one string of `len` code units: the string limit (a RangeError, as
    /// in node), the memory (fatal) and the fuel of the copy.
    pub fn reserve_string(&mut self, len: usize) -> JsResult<()> {
        if len > self.limits.max_string_len {
            return Err(self.range_error("Invalid string length"));
        }
        self.ensure_memory(JsStr::cost(len))?;
        self.charge(len / COPY_UNITS_PER_CHARGE)
    }

    /// The concatenation of `parts` as one new string: the string limit, the memory and the
    /// fuel of the copy are checked before it is built (names and tags built from a
    /// program's strings: `bound f`, `[object T]`, `Name: message`).
    pub fn concat_strings(&mut self, parts: &[StrPart]) -> JsResult<Value> {
        let len = parts.iter().fold(0usize, |n, p| n.saturating_add(p.len()));
        self.reserve_string(len)?;
        let mut units = Vec::with_capacity(len);
        for p in parts {
            match p {
                StrPart::Ascii(s) => units.extend(s.bytes().map(u16::from)),
                StrPart::Units(u) => units.extend_from_slice(u),
            }
        }
        self.new_string(units)
    }

    /// A string copied from `units`, counted as the program's memory.
    pub fn str_from(&mut self, units: &[u16]) -> JsResult<Value> {
        self.reserve_string(units.len())?;
        self.heap.charge(JsStr::cost(units.len()));
        Ok(Value::Str(JsStr::from_units(units)))
    }

    /// A one-unit string (indexing, charAt), counted as the program's memory.
    #[inline]
    pub fn unit_string(&mut self, u: u16) -> Value {
        self.heap.charge(JsStr::cost(1));
        Value::Str(JsStr::from_units(&[u]))
    }

    /// `===` on two strings: a memcmp, charged by length when they could be equal (long
    /// equal-length strings are the only costly case).
    #[inline]
    pub fn charge_compare(&mut self, a: &Value, b: &Value) -> JsResult<()> {
        match (a, b) {
            (Value::Str(x), Value::Str(y)) => {
                if x.len() == y.len() && x.len() >= 256 && !x.ptr_eq(y) {
                    self.charge(x.len() / COPY_UNITS_PER_CHARGE)?;
                }
            }
            (Value::BigInt(x), Value::BigInt(y)) if x != y => {
                let bits = self.big(*x).bits().min(self.big(*y).bits());
                self.charge(crate::bigint::limbs(bits) as usize)?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// `h.indexOf(n, from)` on code units, charging fuel for the positions it tries (times the
/// needle's length, the cost of a naive search) and checking the deadline as it goes.
pub fn find_units_bounded(
    vm: &mut Vm,
    h: &[u16],
    n: &[u16],
    from: usize,
) -> JsResult<Option<usize>> {
    if n.is_empty() {
        return Ok(Some(from.min(h.len())));
    }
    if n.len() > h.len() || from > h.len() - n.len() {
        return Ok(None);
    }
    let last = h.len() - n.len();
    // Positions per check: about 16 strides of unit comparisons at worst.
    let chunk = (DEADLINE_STRIDE * 16 / n.len()).max(1);
    let mut at = from;
    while at <= last {
        let end = (at + chunk).min(last + 1);
        if let Some(i) = (at..end).find(|&i| h[i] == n[0] && h[i..i + n.len()] == *n) {
            // Charged for the positions tried (split calls this once per piece).
            vm.charge((i + 1 - at).saturating_mul(n.len()))?;
            return Ok(Some(i));
        }
        vm.charge((end - at).saturating_mul(n.len()))?;
        vm.check_deadline()?;
        at = end;
    }
    Ok(None)
}

/// `h.lastIndexOf(n, from)` on code units, bounded like `find_units_bounded`.
pub fn rfind_units_bounded(
    vm: &mut Vm,
    h: &[u16],
    n: &[u16],
    from: usize,
) -> JsResult<Option<usize>> {
    if n.len() > h.len() {
        return Ok(None);
    }
    let start = from.min(h.len() - n.len());
    let chunk = (DEADLINE_STRIDE * 16 / n.len().max(1)).max(1);
    // Candidate positions `lo..hi`, walked from the top down.
    let mut hi = start + 1;
    while hi > 0 {
        let lo = hi.saturating_sub(chunk);
        if let Some(i) = (lo..hi).rev().find(|&i| h[i..i + n.len()] == *n) {
            vm.charge((hi - i).saturating_mul(n.len().max(1)))?;
            return Ok(Some(i));
        }
        vm.charge((hi - lo).saturating_mul(n.len().max(1)))?;
        vm.check_deadline()?;
        hi = lo;
    }
    Ok(None)
}

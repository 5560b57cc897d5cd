//! Lua tables: an array part for keys 1..n and an insertion-ordered hash part.
//!
//! Invariants: the array part never ends in nil (trailing nils are popped), and the hash part
//! never holds a live integer key in `1..=arr.len()+1`, so `#t` is `arr.len()`. Removing a
//! hash key leaves a tombstone (key kept, value nil) so `next` keeps working while a program
//! clears fields during traversal; tombstones are dropped only when a new key needs room.
//! Keys are normalized: floats with an integral value become integers. Strings are
//! interned, so a string key hashes and compares by handle.

use crate::value::{float_to_int_exact, TableRef, Value};

/// Up to this many hash entries are searched linearly (no index).
const LINEAR_MAX: usize = 8;

#[derive(Debug, Clone, Default)]
pub struct Table {
    pub arr: Vec<Value>,
    entries: Vec<(Value, Value)>,
    /// Open-addressing index into `entries` (entry + 1; 0 = empty); empty while small.
    index: Vec<u32>,
    dead: usize,
    /// Marked by `json.array` or imported from a JSON array: exports as an array even empty.
    pub array_mark: bool,
    /// The metatable (`setmetatable`); a table without one takes the VM's fast paths.
    pub meta: Option<TableRef>,
}

/// Why a key cannot be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyError {
    Nil,
    NaN,
}

#[inline]
pub fn normalize_key(k: Value) -> Value {
    if let Value::Float(f) = k {
        if let Some(i) = float_to_int_exact(f) {
            return Value::Int(i);
        }
    }
    k
}

#[inline]
fn key_bits(k: Value) -> u64 {
    match k {
        Value::Int(i) => i as u64,
        Value::Float(f) => f.to_bits() ^ 0x5bd1_e995_0000_0001,
        Value::Str(s) => (s.0 as u64) ^ (1 << 40),
        Value::Bool(b) => (b as u64) ^ (2 << 40),
        Value::Table(t) => (t.0 as u64) ^ (3 << 40),
        Value::Func(f) => (f.0 as u64) ^ (4 << 40),
        Value::Builtin(b) => (b.0 as u64) ^ (5 << 40),
        Value::Proxy(p) => (p.0 as u64) ^ (6 << 40),
        Value::JsonNull => 7 << 40,
        Value::Nil => 8 << 40,
        Value::Thread(t) => (t.0 as u64) ^ (9 << 40),
    }
}

#[inline]
fn hash_slot(k: Value, mask: usize) -> usize {
    let h = key_bits(k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 32) as usize ^ (h as usize)) & mask
}

#[inline]
fn same_key(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        _ => a.raw_eq(b) && std::mem::discriminant(&a) == std::mem::discriminant(&b),
    }
}

impl Table {
    pub fn with_capacity(narr: usize, nhash: usize) -> Table {
        let mut t = Table {
            arr: Vec::with_capacity(narr),
            entries: Vec::with_capacity(nhash),
            ..Table::default()
        };
        if nhash > LINEAR_MAX {
            t.rebuild_index();
        }
        t
    }

    /// Bytes this table holds (for the heap's accounting).
    pub fn byte_size(&self) -> usize {
        64 + self.arr.capacity() * 16 + self.entries.capacity() * 32 + self.index.capacity() * 4
    }

    /// Number of elements (live array items and live hash entries).
    pub fn count_hint(&self) -> usize {
        self.arr.len() + self.entries.len() - self.dead
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.arr.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arr.is_empty() && self.entries.len() == self.dead
    }

    fn find(&self, k: Value) -> Option<usize> {
        if self.index.is_empty() {
            return self.entries.iter().position(|(ek, _)| same_key(*ek, k));
        }
        let mask = self.index.len() - 1;
        let mut i = hash_slot(k, mask);
        loop {
            let e = self.index[i];
            if e == 0 {
                return None;
            }
            let idx = (e - 1) as usize;
            if same_key(self.entries[idx].0, k) {
                return Some(idx);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    pub fn get_int(&self, i: i64) -> Value {
        if i >= 1 && (i as u64) <= self.arr.len() as u64 {
            return self.arr[(i - 1) as usize];
        }
        self.get_hash(Value::Int(i))
    }

    #[inline]
    pub fn get_str(&self, s: crate::value::StrRef) -> Value {
        if self.index.is_empty() {
            for (k, v) in &self.entries {
                if let Value::Str(ks) = k {
                    if *ks == s {
                        return *v;
                    }
                }
            }
            return Value::Nil;
        }
        self.get_str_indexed(s)
    }

    /// [`Table::get_str`] through the index: the probe sequence of
    /// `hash_slot(Value::Str(s))`, comparing handles only (no match on the key's type).
    fn get_str_indexed(&self, s: crate::value::StrRef) -> Value {
        match self.find_str_indexed(s) {
            Some(e) => self.entries[e].1,
            None => Value::Nil,
        }
    }

    #[inline]
    fn find_str_indexed(&self, s: crate::value::StrRef) -> Option<usize> {
        let mask = self.index.len() - 1;
        let mut i = hash_slot(Value::Str(s), mask);
        loop {
            let e = self.index[i];
            if e == 0 {
                return None;
            }
            let idx = (e - 1) as usize;
            if let Some((Value::Str(ks), _)) = self.entries.get(idx) {
                if *ks == s {
                    return Some(idx);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// [`Table::find`] of a string key.
    #[inline]
    fn find_str(&self, s: crate::value::StrRef) -> Option<usize> {
        if self.index.is_empty() {
            return self
                .entries
                .iter()
                .position(|(k, _)| matches!(k, Value::Str(ks) if *ks == s));
        }
        self.find_str_indexed(s)
    }

    /// `t[s] = v` for a string key (`SetField`): [`Table::set`] without the key's checks.
    pub fn set_str(
        &mut self,
        s: crate::value::StrRef,
        v: Value,
        max_len: usize,
    ) -> Result<(), SetError> {
        let found = self.find_str(s);
        self.set_hash_at(found, Value::Str(s), v, max_len)
    }

    fn get_hash(&self, k: Value) -> Value {
        match self.find(k) {
            Some(i) => self.entries[i].1,
            None => Value::Nil,
        }
    }

    /// `t[k]` without metamethods (there are none).
    #[inline]
    pub fn get(&self, k: Value) -> Value {
        match k {
            Value::Int(i) => self.get_int(i),
            Value::Str(s) => self.get_str(s),
            Value::Nil => Value::Nil,
            Value::Float(f) => match float_to_int_exact(f) {
                Some(i) => self.get_int(i),
                None => self.get_hash(k),
            },
            _ => self.get_hash(k),
        }
    }

    /// `t[k] = v`. Fails for nil and NaN keys, or when the table would pass `max_len`
    /// elements.
    #[inline(never)]
    pub fn set(&mut self, k: Value, v: Value, max_len: usize) -> Result<(), SetError> {
        match k {
            Value::Nil => return Err(SetError::Key(KeyError::Nil)),
            Value::Float(f) if f.is_nan() => return Err(SetError::Key(KeyError::NaN)),
            _ => {}
        }
        let k = normalize_key(k);
        if let Value::Int(i) = k {
            return self.set_int(i, v, max_len);
        }
        self.set_hash(k, v, max_len)
    }

    pub fn set_int(&mut self, i: i64, v: Value, max_len: usize) -> Result<(), SetError> {
        let n = self.arr.len();
        if i >= 1 && (i as u64) <= n as u64 {
            let idx = (i - 1) as usize;
            self.arr[idx] = v;
            if v.is_nil() && idx + 1 == n {
                while matches!(self.arr.last(), Some(Value::Nil)) {
                    self.arr.pop();
                }
            }
            return Ok(());
        }
        if i >= 1 && (i as u64) == n as u64 + 1 {
            if v.is_nil() {
                return Ok(());
            }
            if n >= max_len {
                return Err(SetError::Overflow);
            }
            self.arr.push(v);
            if self.entries.len() > self.dead {
                self.migrate();
            }
            return Ok(());
        }
        self.set_hash(Value::Int(i), v, max_len)
    }

    /// Moves keys `arr.len()+1, ...` from the hash part into the array part.
    /// A constructor's positional items `vals` at `start`, `start + 1`, ...: like lua5.4,
    /// they go to the array part, nils included, so `#{10, 20, nil, 40}` is 4 (the array
    /// part is sized by the constructor, and its last item is not nil).
    pub fn set_list(&mut self, start: i64, vals: &[Value], max_len: usize) -> Result<(), SetError> {
        let first = start as u64;
        let fits = start >= 1
            && first <= self.arr.len() as u64 + 1
            && (first - 1).saturating_add(vals.len() as u64) <= max_len as u64;
        if !fits {
            for (j, v) in vals.iter().enumerate() {
                self.set_int(start.wrapping_add(j as i64), *v, max_len)?;
            }
            return Ok(());
        }
        let at = (first - 1) as usize;
        let overlap = (self.arr.len() - at).min(vals.len());
        self.arr[at..at + overlap].copy_from_slice(&vals[..overlap]);
        self.arr.extend_from_slice(&vals[overlap..]);
        if self.entries.len() > self.dead {
            // An item now in the array shadows the same key given as `[k] = v`.
            for k in start..start + vals.len() as i64 {
                if let Some(e) = self.find(Value::Int(k)) {
                    if !self.entries[e].1.is_nil() {
                        self.entries[e].1 = Value::Nil;
                        self.dead += 1;
                    }
                }
            }
        }
        while matches!(self.arr.last(), Some(Value::Nil)) {
            self.arr.pop();
        }
        if self.entries.len() > self.dead {
            self.migrate();
        }
        Ok(())
    }

    fn migrate(&mut self) {
        loop {
            let next = Value::Int(self.arr.len() as i64 + 1);
            match self.find(next) {
                Some(e) if !self.entries[e].1.is_nil() => {
                    let v = self.entries[e].1;
                    self.entries[e].1 = Value::Nil;
                    self.dead += 1;
                    self.arr.push(v);
                }
                _ => return,
            }
        }
    }

    fn set_hash(&mut self, k: Value, v: Value, max_len: usize) -> Result<(), SetError> {
        let found = self.find(k);
        self.set_hash_at(found, k, v, max_len)
    }

    /// `set_hash` with `found`, the entry of `k` if it has one, already looked up.
    #[inline]
    fn set_hash_at(
        &mut self,
        found: Option<usize>,
        k: Value,
        v: Value,
        max_len: usize,
    ) -> Result<(), SetError> {
        if let Some(e) = found {
            let was_nil = self.entries[e].1.is_nil();
            self.entries[e].1 = v;
            match (was_nil, v.is_nil()) {
                (true, false) => self.dead -= 1,
                (false, true) => self.dead += 1,
                _ => {}
            }
            return Ok(());
        }
        if v.is_nil() {
            return Ok(());
        }
        if self.count_hint() >= max_len {
            return Err(SetError::Overflow);
        }
        if self.entries.len() == self.entries.capacity() {
            if self.dead > 0 && self.dead * 4 >= self.entries.len() {
                self.compact();
            } else {
                let new_cap = (self.entries.capacity() * 2).max(4);
                self.entries.reserve_exact(new_cap - self.entries.len());
                if new_cap > LINEAR_MAX {
                    self.rebuild_index();
                }
            }
        }
        self.entries.push((k, v));
        if !self.index.is_empty() {
            let mask = self.index.len() - 1;
            let mut i = hash_slot(k, mask);
            while self.index[i] != 0 {
                i = (i + 1) & mask;
            }
            self.index[i] = self.entries.len() as u32;
        }
        Ok(())
    }

    fn compact(&mut self) {
        self.entries.retain(|(_, v)| !v.is_nil());
        self.dead = 0;
        if self.entries.capacity() > LINEAR_MAX {
            self.rebuild_index();
        } else {
            self.index = Vec::new();
        }
    }

    fn rebuild_index(&mut self) {
        let size = (self.entries.capacity() * 2).next_power_of_two().max(16);
        self.index.clear();
        self.index.resize(size, 0);
        let mask = size - 1;
        for (n, (k, _)) in self.entries.iter().enumerate() {
            let mut i = hash_slot(*k, mask);
            while self.index[i] != 0 {
                i = (i + 1) & mask;
            }
            self.index[i] = n as u32 + 1;
        }
    }

    /// The entry after `k` in traversal order (`next`). `None` inside `Ok` ends the
    /// traversal; `Err` means `k` is not a key of the table.
    #[inline(never)]
    pub fn next(&self, k: Value) -> Result<Option<(Value, Value)>, InvalidKey> {
        let mut start_entry = 0usize;
        match normalize_key(k) {
            Value::Nil => {
                if let Some(r) = self.next_from_arr(0) {
                    return Ok(Some(r));
                }
            }
            Value::Int(i) if i >= 1 && (i as u64) <= self.arr.len() as u64 => {
                if let Some(r) = self.next_from_arr(i as usize) {
                    return Ok(Some(r));
                }
            }
            key => match self.find(key) {
                Some(e) => start_entry = e + 1,
                None => match key {
                    // An array index whose tail was cleared during traversal (the array
                    // part keeps its capacity when trailing nils are popped).
                    Value::Int(i) if i >= 1 && (i as u64) <= self.arr.capacity() as u64 => {}
                    _ => return Err(InvalidKey),
                },
            },
        }
        for (k, v) in &self.entries[start_entry.min(self.entries.len())..] {
            if !v.is_nil() {
                return Ok(Some((*k, *v)));
            }
        }
        Ok(None)
    }

    fn next_from_arr(&self, from: usize) -> Option<(Value, Value)> {
        for (i, v) in self.arr.iter().enumerate().skip(from) {
            if !v.is_nil() {
                return Some((Value::Int(i as i64 + 1), *v));
            }
        }
        None
    }

    /// Live hash entries in insertion order.
    pub fn hash_entries(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.entries
            .iter()
            .filter(|(_, v)| !v.is_nil())
            .map(|(k, v)| (*k, *v))
    }

    /// Every key and value, for the collector.
    pub fn for_each_value(&self, mut f: impl FnMut(Value)) {
        for v in &self.arr {
            f(*v);
        }
        for (k, v) in &self.entries {
            if !v.is_nil() {
                f(*k);
                f(*v);
            }
        }
    }

    pub fn hash_len(&self) -> usize {
        self.entries.len() - self.dead
    }
}

/// `next` was given a key the table does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidKey;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetError {
    Key(KeyError),
    Overflow,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::StrRef;

    const MAX: usize = 1 << 20;

    #[test]
    fn array_part_and_border() {
        let mut t = Table::default();
        for i in 1..=10 {
            t.set(Value::Int(i), Value::Int(i * 10), MAX).unwrap();
        }
        assert_eq!(t.len(), 10);
        t.set(Value::Int(10), Value::Nil, MAX).unwrap();
        assert_eq!(t.len(), 9);
        t.set(Value::Int(12), Value::Int(1), MAX).unwrap();
        assert_eq!(t.len(), 9);
        t.set(Value::Int(10), Value::Int(1), MAX).unwrap();
        t.set(Value::Int(11), Value::Int(1), MAX).unwrap();
        assert_eq!(t.len(), 12, "12 migrated from the hash part");
        assert!(matches!(t.get(Value::Float(3.0)), Value::Int(30)));
    }

    #[test]
    fn hash_keeps_insertion_order_and_tolerates_clearing_during_next() {
        let mut t = Table::default();
        for i in 0..20u32 {
            t.set(Value::Str(StrRef(i)), Value::Int(i as i64), MAX)
                .unwrap();
        }
        let mut k = Value::Nil;
        let mut seen = 0;
        while let Ok(Some((key, _))) = t.next(k) {
            t.set(key, Value::Nil, MAX).unwrap();
            k = key;
            seen += 1;
        }
        assert_eq!(seen, 20);
        assert!(t.is_empty());
        assert_eq!(
            t.set(Value::Nil, Value::Int(1), MAX),
            Err(SetError::Key(KeyError::Nil))
        );
    }
}

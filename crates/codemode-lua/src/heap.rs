//! The execution's heap: arenas of strings, tables, closures, upvalues and host proxies,
//! named by index handles (so the whole VM is `Send` without reference counting), with byte
//! accounting on every allocation and a tracing mark-and-sweep collector.
//!
//! The collector never runs inside an allocation: allocations only add to the debt, and the
//! VM collects at safe points where every live value is reachable from its roots.

use crate::table::Table;
use crate::value::{FuncRef, ProxyRef, StrRef, TableRef, ThreadRef, UpvalRef, Value};
use crate::vm::coroutine::Thread;

pub const STRING_OVERHEAD: usize = 40;
pub const CLOSURE_OVERHEAD: usize = 48;
pub const UPVAL_SIZE: usize = 32;
/// A thread object without its stack and frames (counted apart as they grow).
pub const THREAD_OVERHEAD: usize = 160;

struct Slot<T> {
    value: Option<T>,
    marked: bool,
}

pub struct Arena<T> {
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T: Clone> Clone for Arena<T> {
    fn clone(&self) -> Self {
        Arena {
            slots: self
                .slots
                .iter()
                .map(|s| Slot {
                    value: s.value.clone(),
                    marked: s.marked,
                })
                .collect(),
            free: self.free.clone(),
        }
    }
}

impl<T> Arena<T> {
    fn insert(&mut self, value: T) -> u32 {
        if let Some(i) = self.free.pop() {
            self.slots[i as usize] = Slot {
                value: Some(value),
                marked: false,
            };
            i
        } else {
            self.slots.push(Slot {
                value: Some(value),
                marked: false,
            });
            (self.slots.len() - 1) as u32
        }
    }

    #[inline(always)]
    pub fn get(&self, i: u32) -> &T {
        match &self.slots[i as usize].value {
            Some(v) => v,
            None => unreachable!("dangling heap handle"),
        }
    }

    #[inline(always)]
    pub fn get_mut(&mut self, i: u32) -> &mut T {
        match &mut self.slots[i as usize].value {
            Some(v) => v,
            None => unreachable!("dangling heap handle"),
        }
    }

    /// Marks slot `i`; returns whether it was unmarked before.
    #[inline]
    fn mark(&mut self, i: u32) -> bool {
        let s = &mut self.slots[i as usize];
        let was = s.marked;
        s.marked = true;
        !was
    }

    pub fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}

/// String storage: library names are static (cloning the library template copies no
/// bytes); program strings are owned.
#[derive(Clone)]
pub enum StrBytes {
    Static(&'static [u8]),
    Owned(Box<[u8]>),
}

impl std::ops::Deref for StrBytes {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match self {
            StrBytes::Static(b) => b,
            StrBytes::Owned(b) => b,
        }
    }
}

#[derive(Clone)]
pub struct LuaStr {
    pub bytes: StrBytes,
    hash: u64,
    /// Constants and library names: never collected.
    fixed: bool,
}

/// An entry of the intern table: a string and the low 32 bits of its hash (which also
/// place it). The table is open-addressed with linear probing and at most half full, and
/// a lookup compares these bits before it reads a string: probing past other strings
/// touches only this array. With chained buckets every probe read a string's slot, a cache
/// miss each once the heap is large (records.lua spent a fifth of its time there).
#[derive(Clone, Copy)]
struct InternSlot {
    string: u32,
    hash: u32,
}

const EMPTY_SLOT: InternSlot = InternSlot {
    string: NO_STR,
    hash: 0,
};

#[derive(Clone)]
pub struct Closure {
    pub proto: u32,
    pub upvals: Box<[UpvalRef]>,
}

#[derive(Clone, Copy)]
pub enum Upval {
    /// Still a live register of the running thread: index into the VM's stack.
    Open(u32),
    Closed(Value),
    /// A live register of a thread that is not running (thread index, stack slot).
    Parked(u32, u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proxy {
    /// A tool path relative to the tool root (empty for the root itself).
    Tool(Vec<String>),
    Search,
    Extension(String),
    /// The function `coroutine.wrap` returns.
    Wrap(ThreadRef),
    /// A `string.gmatch` iterator: subject, pattern, next position, end of last match.
    Gmatch {
        s: StrRef,
        p: StrRef,
        pos: usize,
        last: Option<usize>,
    },
}

const NO_STR: u32 = u32::MAX;

/// Reports the roots: values to the first callback, upvalues to the second.
pub type RootFn<'a> = dyn FnMut(&mut dyn FnMut(Value), &mut dyn FnMut(UpvalRef)) + 'a;

#[derive(Clone)]
pub struct Heap {
    pub strings: Arena<LuaStr>,
    /// The intern table (see `InternSlot`); its length is a power of two.
    interned: Vec<InternSlot>,
    pub tables: Arena<Table>,
    pub closures: Arena<Closure>,
    pub upvals: Arena<Upval>,
    pub proxies: Arena<Proxy>,
    pub threads: Threads,
    /// Bytes currently accounted to live (or not yet collected) objects.
    pub bytes: usize,
    /// Collect when `bytes` passes this.
    pub threshold: usize,
    pub max_collection_len: usize,
}

#[inline(always)]
fn word8(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_le_bytes)
}

#[inline(always)]
fn word4(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 4)
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
}

pub fn hash_bytes(b: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let n = b.len();
    let mut h: u64 = (n as u64).wrapping_mul(K);
    // Words that together cover every byte (overlapping where the length is not a
    // multiple of their size); with the length mixed in first, that decides the string.
    let (x, y) = if n > 16 {
        let mut at = 0;
        while at + 8 < n - 8 {
            h = (h.rotate_left(5) ^ word8(b, at)).wrapping_mul(K);
            at += 8;
        }
        (word8(b, at), word8(b, n - 8))
    } else if n >= 8 {
        (word8(b, 0), word8(b, n - 8))
    } else if n >= 4 {
        (word4(b, 0), word4(b, n - 4))
    } else if n > 0 {
        let at = |i: usize| u64::from(b.get(i).copied().unwrap_or(0));
        (at(0) | at(n / 2) << 8 | at(n - 1) << 16, 0)
    } else {
        (0, 0)
    };
    h = (h.rotate_left(5) ^ x).wrapping_mul(K);
    h = (h.rotate_left(5) ^ y).wrapping_mul(K);
    // Final avalanche so the low bits (the bucket index) depend on every input byte.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

impl Heap {
    pub fn new(max_collection_len: usize) -> Heap {
        Heap {
            strings: Arena::default(),
            interned: vec![EMPTY_SLOT; 256],
            tables: Arena::default(),
            closures: Arena::default(),
            upvals: Arena::default(),
            proxies: Arena::default(),
            threads: Threads::default(),
            bytes: 0,
            threshold: 1 << 20,
            max_collection_len,
        }
    }

    #[inline(always)]
    pub fn debt_exceeded(&self) -> bool {
        self.bytes > self.threshold
    }

    // ---- strings ----

    pub fn intern(&mut self, b: &[u8]) -> StrRef {
        let hash = hash_bytes(b);
        match self.find_interned(b, hash) {
            Ok(i) => StrRef(i),
            Err(at) => self.insert_string(StrBytes::Owned(b.into()), hash, at),
        }
    }

    /// Interns an owned buffer (avoids a copy when the string is new and the buffer is
    /// exactly its size; shrinking one in place costs more than a fresh allocation).
    pub fn intern_vec(&mut self, b: Vec<u8>) -> StrRef {
        if b.capacity() != b.len() {
            return self.intern(&b);
        }
        let hash = hash_bytes(&b);
        match self.find_interned(&b, hash) {
            Ok(i) => StrRef(i),
            Err(at) => self.insert_string(StrBytes::Owned(b.into_boxed_slice()), hash, at),
        }
    }

    /// The interned string with bytes `b` (whose hash is `hash`), or the free entry of the
    /// intern table where it goes. Ends: the table always has free entries.
    #[inline]
    fn find_interned(&self, b: &[u8], hash: u64) -> Result<u32, usize> {
        let mask = self.interned.len() - 1;
        let h = hash as u32;
        let mut at = h as usize & mask;
        loop {
            let e = self.interned[at];
            if e.string == NO_STR {
                return Err(at);
            }
            if e.hash == h && *self.strings.get(e.string).bytes == *b {
                return Ok(e.string);
            }
            at = (at + 1) & mask;
        }
    }

    /// Adds a new string at entry `at` of the intern table (from `find_interned`).
    fn insert_string(&mut self, bytes: StrBytes, hash: u64, at: usize) -> StrRef {
        self.bytes += STRING_OVERHEAD + bytes.len();
        let i = self.strings.insert(LuaStr {
            bytes,
            hash,
            fixed: false,
        });
        self.interned[at] = InternSlot {
            string: i,
            hash: hash as u32,
        };
        if self.strings.live() * 2 > self.interned.len() {
            self.grow_interned();
        }
        StrRef(i)
    }

    /// Doubles the intern table (counted as the bytes it adds).
    fn grow_interned(&mut self) {
        let n = self.interned.len() * 2;
        self.bytes += self.interned.len() * std::mem::size_of::<InternSlot>();
        let mut table = vec![EMPTY_SLOT; n];
        let mask = n - 1;
        for e in self.interned.iter().filter(|e| e.string != NO_STR) {
            let mut at = e.hash as usize & mask;
            while table[at].string != NO_STR {
                at = (at + 1) & mask;
            }
            table[at] = *e;
        }
        self.interned = table;
    }

    /// Takes string `i` (with hash bits `h`) out of the intern table, moving back the
    /// entries after it that probed past it (linear probing's deletion, no tombstones).
    fn remove_interned(&mut self, i: u32, h: u32) {
        let mask = self.interned.len() - 1;
        let mut hole = h as usize & mask;
        while self.interned[hole].string != i {
            if self.interned[hole].string == NO_STR {
                return;
            }
            hole = (hole + 1) & mask;
        }
        let mut j = (hole + 1) & mask;
        loop {
            let e = self.interned[j];
            if e.string == NO_STR {
                break;
            }
            // `e` may fill the hole when the hole lies on its probe path (from its home
            // entry to `j`).
            let home = e.hash as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.interned[hole] = e;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.interned[hole] = EMPTY_SLOT;
    }

    /// Interns a library name that lives for the whole program (no copy of its bytes).
    pub fn intern_static(&mut self, b: &'static [u8]) -> StrRef {
        let hash = hash_bytes(b);
        let r = match self.find_interned(b, hash) {
            Ok(i) => StrRef(i),
            Err(at) => self.insert_string(StrBytes::Static(b), hash, at),
        };
        self.strings.get_mut(r.0).fixed = true;
        r
    }

    pub fn intern_fixed(&mut self, b: &[u8]) -> StrRef {
        let r = self.intern(b);
        self.strings.get_mut(r.0).fixed = true;
        r
    }

    #[inline(always)]
    pub fn str_bytes(&self, s: StrRef) -> &[u8] {
        &self.strings.get(s.0).bytes
    }

    pub fn str_value(&mut self, b: &[u8]) -> Value {
        Value::Str(self.intern(b))
    }

    // ---- tables ----

    #[inline(never)]
    pub fn new_table(&mut self, narr: usize, nhash: usize) -> TableRef {
        let t = Table::with_capacity(narr, nhash);
        self.bytes += t.byte_size();
        TableRef(self.tables.insert(t))
    }

    pub fn new_table_from(&mut self, t: Table) -> TableRef {
        self.bytes += t.byte_size();
        TableRef(self.tables.insert(t))
    }

    #[inline(always)]
    pub fn table(&self, t: TableRef) -> &Table {
        self.tables.get(t.0)
    }

    /// Mutates a table and keeps the byte accounting in step with its capacity.
    #[inline]
    pub fn with_table<R>(&mut self, t: TableRef, f: impl FnOnce(&mut Table, usize) -> R) -> R {
        let max = self.max_collection_len;
        let tab = self.tables.get_mut(t.0);
        let before = tab.byte_size();
        let r = f(tab, max);
        let after = tab.byte_size();
        if after != before {
            self.bytes = (self.bytes + after).saturating_sub(before);
        }
        r
    }

    // ---- closures, upvalues, proxies ----

    #[inline(never)]
    pub fn new_closure(&mut self, proto: u32, upvals: Box<[UpvalRef]>) -> FuncRef {
        self.bytes += CLOSURE_OVERHEAD + upvals.len() * 4;
        FuncRef(self.closures.insert(Closure { proto, upvals }), proto)
    }

    pub fn new_upval(&mut self, u: Upval) -> UpvalRef {
        self.bytes += UPVAL_SIZE;
        UpvalRef(self.upvals.insert(u))
    }

    pub fn new_proxy(&mut self, p: Proxy) -> ProxyRef {
        self.bytes += 64
            + match &p {
                Proxy::Tool(path) => path.iter().map(|s| s.len() + 24).sum(),
                Proxy::Extension(n) => n.len(),
                Proxy::Search | Proxy::Gmatch { .. } | Proxy::Wrap(_) => 0,
            };
        ProxyRef(self.proxies.insert(p))
    }

    pub fn new_thread(&mut self, t: Thread) -> ThreadRef {
        self.bytes += t.byte_size();
        ThreadRef(self.threads.0.insert(t))
    }

    #[inline]
    pub fn thread(&self, t: ThreadRef) -> &Thread {
        self.threads.0.get(t.0)
    }

    #[inline]
    pub fn thread_mut(&mut self, t: ThreadRef) -> &mut Thread {
        self.threads.0.get_mut(t.0)
    }

    // ---- collection ----

    /// Marks everything reachable from `roots` (plus fixed strings), frees the rest and
    /// sets the next threshold.
    pub fn collect(&mut self, roots: &mut RootFn<'_>) {
        let mut gray: Vec<Value> = Vec::new();
        let mut gray_upvals: Vec<UpvalRef> = Vec::new();
        roots(&mut |v| gray.push(v), &mut |u| gray_upvals.push(u));
        loop {
            if let Some(u) = gray_upvals.pop() {
                if self.upvals.mark(u.0) {
                    match *self.upvals.get(u.0) {
                        Upval::Closed(v) => gray.push(v),
                        // Its value lives in the thread's stack.
                        Upval::Parked(t, _) => gray.push(Value::Thread(ThreadRef(t))),
                        Upval::Open(_) => {}
                    }
                }
                continue;
            }
            let Some(v) = gray.pop() else { break };
            match v {
                Value::Str(s) => {
                    self.strings.mark(s.0);
                }
                Value::Table(t) if self.tables.mark(t.0) => {
                    let tab = self.tables.get(t.0);
                    if let Some(m) = tab.meta {
                        gray.push(Value::Table(m));
                    }
                    // Strings have nothing to trace: marked here, not queued.
                    let strings = &mut self.strings;
                    tab.for_each_value(|x| match x {
                        Value::Str(s) => {
                            strings.mark(s.0);
                        }
                        x if needs_mark(x) => gray.push(x),
                        _ => {}
                    });
                }
                Value::Func(f) if self.closures.mark(f.0) => {
                    gray_upvals.extend(self.closures.get(f.0).upvals.iter().copied());
                }
                Value::Proxy(p) if self.proxies.mark(p.0) => match self.proxies.get(p.0) {
                    Proxy::Gmatch { s, p, .. } => {
                        gray.push(Value::Str(*s));
                        gray.push(Value::Str(*p));
                    }
                    Proxy::Wrap(t) => gray.push(Value::Thread(*t)),
                    _ => {}
                },
                Value::Thread(t) if self.threads.0.mark(t.0) => {
                    self.threads
                        .0
                        .get(t.0)
                        .mark(&mut |v| gray.push(v), &mut |u| gray_upvals.push(u));
                }
                _ => {}
            }
        }
        self.sweep();
        self.threshold = self.bytes.saturating_mul(2).saturating_add(1 << 20);
    }

    fn sweep(&mut self) {
        // Strings: dead ones leave the intern table.
        for i in 0..self.strings.slots.len() {
            let slot = &mut self.strings.slots[i];
            let Some(s) = &slot.value else { continue };
            if slot.marked || s.fixed {
                slot.marked = false;
                continue;
            }
            let (hash, len) = (s.hash, s.bytes.len());
            self.remove_interned(i as u32, hash as u32);
            self.strings.slots[i].value = None;
            self.strings.free.push(i as u32);
            self.bytes = self.bytes.saturating_sub(STRING_OVERHEAD + len);
        }
        let mut freed = 0usize;
        sweep_arena(&mut self.tables, |t| freed += t.byte_size());
        sweep_arena(&mut self.closures, |c| {
            freed += CLOSURE_OVERHEAD + c.upvals.len() * 4
        });
        sweep_arena(&mut self.upvals, |_| freed += UPVAL_SIZE);
        sweep_arena(&mut self.proxies, |_| freed += 64);
        sweep_arena(&mut self.threads.0, |t| freed += t.byte_size());
        self.bytes = self.bytes.saturating_sub(freed);
    }
}

/// The thread arena. Only the library template's heap is ever cloned, and it holds no
/// threads (threads are made by running programs), so a clone starts empty.
#[derive(Default)]
pub struct Threads(pub Arena<Thread>);

impl Clone for Threads {
    fn clone(&self) -> Self {
        Threads::default()
    }
}

#[inline]
fn needs_mark(v: Value) -> bool {
    matches!(
        v,
        Value::Str(_) | Value::Table(_) | Value::Func(_) | Value::Proxy(_) | Value::Thread(_)
    )
}

fn sweep_arena<T>(arena: &mut Arena<T>, mut on_free: impl FnMut(&T)) {
    for i in 0..arena.slots.len() {
        let slot = &mut arena.slots[i];
        if slot.value.is_none() {
            continue;
        }
        if slot.marked {
            slot.marked = false;
            continue;
        }
        if let Some(v) = slot.value.take() {
            on_free(&v);
        }
        arena.free.push(i as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_and_collection() {
        let mut h = Heap::new(1 << 20);
        let a = h.intern(b"hello");
        let b = h.intern(b"hello");
        assert_eq!(a, b);
        let keep = h.intern(b"keep");
        for i in 0..1000 {
            h.intern(format!("garbage{i}").as_bytes());
        }
        let t = h.new_table(0, 0);
        h.collect(&mut |mark, _| {
            mark(Value::Str(keep));
            mark(Value::Table(t));
        });
        assert_eq!(h.strings.live(), 1);
        assert_eq!(h.intern(b"keep"), keep);
        let again = h.intern(b"garbage5");
        assert_eq!(h.str_bytes(again), b"garbage5");
    }

    /// Collections that keep every third string, over a table grown to thousands of
    /// entries: each survivor is still found as itself (so no entry was lost when the
    /// entries after a removed one moved back, around the table's end included), and
    /// every dead string interns anew, once.
    #[test]
    fn intern_table_removal_keeps_probe_paths() {
        let mut h = Heap::new(1 << 20);
        let names: Vec<Vec<u8>> = (0..5000).map(|i| format!("s{i}").into_bytes()).collect();
        for round in 0..4 {
            let refs: Vec<StrRef> = names.iter().map(|n| h.intern(n)).collect();
            assert_eq!(h.strings.live(), names.len());
            let kept: Vec<usize> = (0..names.len()).filter(|i| (i + round) % 3 == 0).collect();
            h.collect(&mut |mark, _| {
                for &i in &kept {
                    mark(Value::Str(refs[i]));
                }
            });
            assert_eq!(h.strings.live(), kept.len());
            for &i in &kept {
                assert_eq!(h.intern(&names[i]), refs[i]);
                assert_eq!(h.str_bytes(refs[i]), &names[i][..]);
            }
        }
    }
}

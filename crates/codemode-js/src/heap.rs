//! The object arena: handles, property maps, byte accounting and a mark-sweep collector.

use crate::value::{JsStr, ObjRef, Value};
use std::collections::HashMap;

/// The hash index of an object's keys. foldhash with a per-process random seed: property
/// lookups on the big built-in prototypes hash a key on every method call, and SipHash cost
/// ~5 % of a string-building loop; the seed keeps colliding keys from being precomputed.
type KeyIndex = HashMap<JsStr, u32, foldhash::fast::RandomState>;

pub const ENUMERABLE: u8 = 1;
pub const WRITABLE: u8 = 2;
pub const DEFAULT_FLAGS: u8 = ENUMERABLE | WRITABLE;
/// Built-in methods: writable, not enumerable.
pub const HIDDEN: u8 = WRITABLE;
/// An accessor property: its value is a `Kind::Accessor` object holding the getter and
/// setter (WRITABLE is never set with it). Readers of plain data (the fast paths) bail out
/// on this flag.
pub const ACCESSOR: u8 = 8;
/// A private element (`#x` of a class; see vm/private.rs): keyed by a private name, found
/// only by the private-name ops, skipped by `PropMap::iter` and so by every reflection,
/// copy, freeze and export.
pub const PRIVATE: u8 = 16;

#[derive(Clone, Debug)]
pub struct Prop {
    pub key: JsStr,
    pub value: Value,
    pub flags: u8,
}

/// Marks a deleted entry of an indexed map (a tombstone; see `PropMap::remove`).
pub const REMOVED: u8 = 0x80;

/// Own properties in insertion order, with a hash index once there are many.
///
/// Deleting from an indexed map leaves a tombstone (flags `REMOVED`) instead of shifting
/// the entries after it, and compacts once half the entries are tombstones, so `delete` is
/// O(1) amortised; read the live entries through `iter`/`iter_mut` (or an index from
/// `find`, which never names a tombstone).
#[derive(Clone, Debug, Default)]
pub struct PropMap {
    pub entries: Vec<Prop>,
    index: Option<Box<KeyIndex>>,
    removed: usize,
}

const INDEX_AT: usize = 12;

impl PropMap {
    pub fn find(&self, key: &JsStr) -> Option<usize> {
        if let Some(index) = &self.index {
            return index.get(key).map(|&i| i as usize);
        }
        // Pointer equality first: keys from the same constant pool are shared.
        if let Some(i) = self.entries.iter().position(|p| p.key.ptr_eq(key)) {
            return Some(i);
        }
        self.entries.iter().position(|p| p.key == *key)
    }
    pub fn get(&self, key: &JsStr) -> Option<&Value> {
        self.find(key).map(|i| &self.entries[i].value)
    }
    /// The entry of `key` (its value and flags).
    #[inline]
    pub fn entry(&self, key: &JsStr) -> Option<&Prop> {
        self.find(key).map(|i| &self.entries[i])
    }
    /// The live properties in insertion order (private elements are not properties).
    pub fn iter(&self) -> impl Iterator<Item = &Prop> {
        self.entries
            .iter()
            .filter(|p| p.flags & (REMOVED | PRIVATE) == 0)
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Prop> {
        self.entries
            .iter_mut()
            .filter(|p| p.flags & (REMOVED | PRIVATE) == 0)
    }
    /// Inserts or overwrites (keeping position); returns true if it was new.
    pub fn insert(&mut self, key: JsStr, value: Value, flags: u8) -> bool {
        if let Some(i) = self.find(&key) {
            self.entries[i].value = value;
            return false;
        }
        let pos = self.entries.len() as u32;
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), pos);
        }
        self.entries.push(Prop { key, value, flags });
        if self.index.is_none() && self.entries.len() > INDEX_AT {
            self.rebuild_index();
        }
        true
    }
    /// A map of `entries`, whose keys the caller knows to be distinct (no lookup per
    /// insertion, one allocation).
    pub fn from_distinct(entries: Vec<Prop>) -> PropMap {
        let mut map = PropMap {
            entries,
            index: None,
            removed: 0,
        };
        if map.entries.len() > INDEX_AT {
            map.rebuild_index();
        }
        map
    }
    fn rebuild_index(&mut self) {
        let mut map =
            KeyIndex::with_capacity_and_hasher(self.entries.len() * 2, Default::default());
        for (i, p) in self.entries.iter().enumerate() {
            map.insert(p.key.clone(), i as u32);
        }
        self.index = Some(Box::new(map));
    }
    pub fn remove(&mut self, key: &JsStr) -> bool {
        let Some(i) = self.find(key) else {
            return false;
        };
        let Some(index) = &mut self.index else {
            // Small maps (at most INDEX_AT entries) shift in place.
            self.entries.remove(i);
            return true;
        };
        index.remove(key);
        let p = &mut self.entries[i];
        p.value = Value::Undefined;
        p.flags = REMOVED;
        self.removed += 1;
        if self.removed * 2 >= self.entries.len() {
            self.entries.retain(|p| p.flags & REMOVED == 0);
            self.removed = 0;
            self.rebuild_index();
        }
        true
    }
    /// Bytes held by the entries and the index (capacity, not length: that is what the
    /// allocator holds), plus this object's share of each key and string value.
    fn byte_size(&self) -> usize {
        let mut n = self.entries.capacity() * std::mem::size_of::<Prop>();
        if let Some(index) = &self.index {
            // hashbrown: one slot of (key, position) plus one control byte per bucket.
            n += index.capacity() * 8 / 7 * (std::mem::size_of::<(JsStr, u32)>() + 1) + 64;
        }
        for p in &self.entries {
            n += p.key.shared_size();
            if let Value::Str(s) = &p.value {
                n += s.shared_size();
            }
        }
        n
    }
}

/// Promise state.
#[derive(Clone, Debug)]
pub enum PromiseState {
    Pending,
    Fulfilled(Value),
    Rejected(Value),
}

#[derive(Clone, Debug)]
pub enum ReactionTarget {
    /// Resolve/reject this derived promise with the handler's outcome.
    Promise(ObjRef),
    /// No derived promise (internal reactions).
    None,
    /// Resume this suspended async function.
    Await(ObjRef),
}

#[derive(Clone, Debug)]
pub struct Reaction {
    pub on_fulfilled: Value,
    pub on_rejected: Value,
    pub target: ReactionTarget,
}

#[derive(Clone, Debug)]
pub struct PromiseData {
    pub state: PromiseState,
    pub reactions: Vec<Reaction>,
    pub handled: bool,
}

/// A suspended async function: its frame, its slice of the value stack, its try handlers.
#[derive(Clone, Debug)]
pub struct Coroutine {
    pub frame: crate::vm::Frame,
    pub stack: Vec<Value>,
    pub handlers: Vec<crate::vm::Handler>,
}

/// A generator's state (ECMAScript's suspended-start, suspended-yield, executing and
/// completed).
#[derive(Clone, Debug)]
pub enum GenState {
    /// Created: its frame stopped after the parameters (`Op::GenStart`).
    Start(Coroutine),
    /// Stopped at a `yield` (`delegate`: at a `yield*` step, resumed with its mode as a value).
    Yield {
        co: Coroutine,
        delegate: bool,
    },
    /// Its frame is on the VM's frame stack (or, for an async generator, waiting in an
    /// `await`); `caller` is how the caller of `next`, `return` or `throw` takes the result
    /// (as the kind of a frame it called) while it waits: for an async generator, with the
    /// promise it is to get when the body first stops, and None once it has it.
    Running {
        caller: Option<(crate::vm::FrameKind, Option<ObjRef>)>,
    },
    Done,
}

/// A generator object.
#[derive(Clone, Debug)]
pub struct Generator {
    pub state: GenState,
    /// An async generator's requests not yet settled — (mode, value, promise), oldest
    /// first; None for a sync generator.
    pub queue: Option<std::collections::VecDeque<(u8, Value, ObjRef)>>,
    /// An iterator helper's underlying iterator (`Iterator.prototype.map` ...: a generator
    /// of the prelude's, builtins/iterator_helpers.rs). Also its brand: only
    /// %IteratorHelperPrototype%'s methods resume a generator that has one, and only
    /// %GeneratorPrototype%'s one that has none.
    pub underlying: Option<Value>,
}

impl Generator {
    pub fn trace(&self, work: &mut Vec<ObjRef>) {
        if let Some(r) = self.underlying.as_ref().and_then(Value::heap_ref) {
            work.push(r);
        }
        match &self.state {
            GenState::Start(c) | GenState::Yield { co: c, .. } => c.trace(work),
            GenState::Running {
                caller: Some((kind, p)),
            } => {
                kind.trace(work);
                work.extend(p.iter().copied());
            }
            GenState::Running { caller: None } | GenState::Done => {}
        }
        for (_, v, p) in self.queue.iter().flatten() {
            if let Some(r) = v.heap_ref() {
                work.push(r);
            }
            work.push(*p);
        }
    }
    pub fn byte_size(&self) -> usize {
        let mut n = std::mem::size_of::<Generator>() + BLOCK_OVERHEAD;
        if let GenState::Start(c) | GenState::Yield { co: c, .. } = &self.state {
            n += c.byte_size();
        }
        if let Some(q) = &self.queue {
            n += q.capacity() * std::mem::size_of::<(u8, Value, ObjRef)>();
        }
        n
    }
}

impl Coroutine {
    pub fn trace(&self, work: &mut Vec<ObjRef>) {
        for v in &self.stack {
            if let Some(r) = v.heap_ref() {
                work.push(r);
            }
        }
        self.frame.trace(work);
    }
    pub fn byte_size(&self) -> usize {
        std::mem::size_of::<Coroutine>()
            + self.stack.capacity() * std::mem::size_of::<Value>()
            + self.handlers.capacity() * std::mem::size_of::<crate::vm::Handler>()
            + BLOCK_OVERHEAD
    }
}

#[derive(Clone, Debug)]
pub struct Closure {
    pub func: u32,
    pub cells: Vec<ObjRef>,
    /// Lexical `this` of arrow functions.
    pub this: Value,
}

#[derive(Clone, Debug)]
pub enum Kind {
    Ordinary,
    /// An array's elements, its length the vector's. A hole (an index below the length
    /// with no property: `[1, , 3]`, `delete a[i]`, `a.length = 10`) is `Value::Empty`,
    /// never handed to a program: element reads see it as absent and look up the
    /// prototype chain (`Vm::hole_value`). Arrays with holes set `Object::holes`.
    Array(Vec<Value>),
    Closure(Box<Closure>),
    Native(u16),
    /// `fn.bind(this, ...args)`.
    Bound(Box<(Value, Value, Vec<Value>)>),
    /// A promise's resolve (or reject) function; `already` is a shared cell holding a bool.
    Resolver {
        promise: ObjRef,
        reject: bool,
        already: ObjRef,
    },
    Promise(Box<PromiseData>),
    Error,
    /// A wrapper object (`new Number(1)`, `new String("a")`, `Object(true)`): its
    /// primitive value (a number, string or boolean; never an object).
    Primitive(Value),
    /// A Date: its time value (milliseconds since the epoch, NaN when invalid).
    Date(f64),
    /// A Map, Set, WeakMap or WeakSet.
    Collection(Box<crate::builtins::Collection>),
    /// An iterator over a Map or Set (`entries()`, `keys()`, `values()`).
    CollectionIter(Box<crate::builtins::CollectionIter>),
    /// An iterator over an array, array-like or string (builtins/iterator.rs).
    ArrayIter(Box<crate::builtins::ArrayIter>),
    /// What `Iterator.from` wraps an iterator that does not inherit %Iterator.prototype% in
    /// (%WrapForValidIteratorPrototype%): the iterator and its `next` method.
    IterWrap(Box<(Value, Value)>),
    /// An Intl.NumberFormat: how it writes numbers.
    NumberFormat(Box<crate::builtins::NumberFormat>),
    /// An Intl.DateTimeFormat: its resolved options.
    DateTimeFormat(Box<crate::builtins::DateTimeOptions>),
    Cell(Value),
    /// The slot of an accessor property (flag `ACCESSOR`): (getter, setter), each a
    /// function or undefined. Never a value the program sees.
    Accessor(Box<(Value, Value)>),
    Coroutine(Box<Coroutine>),
    /// A generator object: where its body stands (see vm/generator.rs).
    Generator(Box<Generator>),
    /// A path under the tool root; calling it is a host call.
    ToolPath(Vec<JsStr>),
    /// A host extension function by dotted name.
    Extension {
        name: JsStr,
        is_async: bool,
    },
    /// The built-in `search`.
    Search,
    /// A BigInt's value (`Value::BigInt`; never zero: 0n is `ObjRef::ZERO_BIGINT`).
    /// Immutable once made.
    BigInt(Box<num_bigint::BigInt>),
    /// A RegExp object's internal slots (shared with the execution's cache).
    RegExp(std::sync::Arc<RegExpSlots>),
    /// Free slot.
    Free,
}

/// A RegExp's internal slots: [[RegExpMatcher]] (the compiled pattern, which the slots
/// deref to), [[OriginalSource]] as the `source` getter gives it (escaped) and
/// [[OriginalFlags]] in canonical order, as the `flags` getter gives them.
#[derive(Debug)]
pub struct RegExpSlots {
    pub regex: codemode_regex::Regex,
    pub source: JsStr,
    pub flags: JsStr,
    /// The keys of `groups` in a match result, one per `regex.group_names()` entry.
    pub group_keys: Vec<JsStr>,
    /// [`RegExpSlots::byte_size`], summed once (every literal evaluation checks it).
    pub bytes: usize,
}

impl RegExpSlots {
    pub fn new(
        regex: codemode_regex::Regex,
        source: JsStr,
        flags: JsStr,
        group_keys: Vec<JsStr>,
    ) -> RegExpSlots {
        let bytes = regex.memory_size()
            + source.byte_size()
            + flags.byte_size()
            + group_keys.iter().map(|k| k.byte_size()).sum::<usize>();
        RegExpSlots {
            regex,
            source,
            flags,
            group_keys,
            bytes,
        }
    }
    pub fn byte_size(&self) -> usize {
        self.bytes
    }
}

impl std::ops::Deref for RegExpSlots {
    type Target = codemode_regex::Regex;
    fn deref(&self) -> &codemode_regex::Regex {
        &self.regex
    }
}

#[derive(Clone, Debug)]
pub struct Object {
    pub proto: Option<ObjRef>,
    pub props: PropMap,
    pub kind: Kind,
    pub extensible: bool,
    pub frozen: bool,
    /// An array that may hold holes (`Value::Empty` elements: absent properties, see
    /// `Kind::Array`). Set wherever a hole is made, never cleared except by
    /// `builtins::dense`, which proves there are none: while it is false the array methods
    /// take their dense paths.
    pub holes: bool,
}

impl Object {
    pub fn new(proto: Option<ObjRef>, kind: Kind) -> Object {
        Object {
            proto,
            props: PropMap::default(),
            kind,
            extensible: true,
            frozen: false,
            holes: false,
        }
    }
    pub fn is_callable(&self) -> bool {
        matches!(
            self.kind,
            Kind::Closure(_)
                | Kind::Native(_)
                | Kind::Bound(_)
                | Kind::Resolver { .. }
                | Kind::ToolPath(_)
                | Kind::Extension { .. }
                | Kind::Search
        )
    }
    /// Bytes this object holds outside its arena slot (the slot is counted by the arena:
    /// see `Heap::arena_bytes`). Vectors count their capacity, strings this object's share.
    fn byte_size(&self) -> usize {
        let mut n = self.props.byte_size();
        match &self.kind {
            Kind::Array(v) => {
                n += v.capacity() * std::mem::size_of::<Value>();
                for x in v {
                    if let Value::Str(s) = x {
                        n += s.shared_size();
                    }
                }
            }
            Kind::Primitive(Value::Str(s)) | Kind::Cell(Value::Str(s)) => n += s.shared_size(),
            Kind::Closure(c) => {
                n += std::mem::size_of::<Closure>() + c.cells.capacity() * 4 + BLOCK_OVERHEAD
            }
            Kind::Bound(b) => {
                n += std::mem::size_of::<(Value, Value, Vec<Value>)>()
                    + b.2.capacity() * std::mem::size_of::<Value>()
                    + BLOCK_OVERHEAD
            }
            Kind::Coroutine(c) => n += c.byte_size(),
            Kind::Generator(g) => n += g.byte_size(),
            Kind::Promise(p) => {
                n += std::mem::size_of::<PromiseData>()
                    + p.reactions.capacity() * std::mem::size_of::<Reaction>()
                    + BLOCK_OVERHEAD
            }
            Kind::ToolPath(p) => n += p.iter().map(|s| s.shared_size()).sum::<usize>(),
            Kind::Collection(c) => n += c.byte_size() + BLOCK_OVERHEAD,
            Kind::CollectionIter(_) => {
                n += std::mem::size_of::<crate::builtins::CollectionIter>() + BLOCK_OVERHEAD
            }
            Kind::ArrayIter(_) => {
                n += std::mem::size_of::<crate::builtins::ArrayIter>() + BLOCK_OVERHEAD
            }
            Kind::RegExp(rx) => n += rx.byte_size() / std::sync::Arc::strong_count(rx).max(1),
            Kind::Accessor(_) | Kind::IterWrap(_) => {
                n += 2 * std::mem::size_of::<Value>() + BLOCK_OVERHEAD
            }
            Kind::BigInt(b) => n += crate::bigint::byte_size(b),
            _ => {}
        }
        n
    }
}

/// The cost of one more property: its entry and its index slot, each in a buffer that
/// doubles as it grows.
pub const PROP_COST: usize =
    2 * (std::mem::size_of::<Prop>() + std::mem::size_of::<(JsStr, u32)>() + 1);

/// What the allocator adds to each block it hands out (header and rounding), roughly.
pub const BLOCK_OVERHEAD: usize = 16;

/// The cost of one more object slot in the arena: the slot, its mark byte, and the
/// arena's doubling (a `Vec` holds up to twice its length, and both the old and the new
/// buffer while it grows).
pub const OBJECT_COST: usize = 2 * std::mem::size_of::<Object>() + 1;

static NO_OBJECT: Object = Object {
    proto: None,
    props: PropMap {
        entries: Vec::new(),
        index: None,
        removed: 0,
    },
    kind: Kind::Free,
    extensible: false,
    frozen: true,
    holes: false,
};

/// The arena. Executions share the built-ins' objects (`base`, built once per interpreter)
/// and copy one into `overlay` only when they write to it, so starting an execution costs
/// one small allocation instead of a copy of every built-in.
pub struct Heap {
    base: std::sync::Arc<Vec<Object>>,
    overlay: Vec<Option<Box<Object>>>,
    objects: Vec<Object>,
    free: Vec<u32>,
    marks: Vec<bool>,
    /// Write target for an invalid handle (see `get_mut`).
    scratch: Object,
    /// Estimated live bytes (exact after a collection, grows with every allocation).
    pub bytes: usize,
    /// Bytes at which the next collection runs.
    pub next_gc: usize,
    pub max_bytes: usize,
}

impl Heap {
    pub fn new(max_bytes: usize) -> Heap {
        Heap {
            base: std::sync::Arc::new(Vec::new()),
            overlay: Vec::new(),
            objects: Vec::new(),
            free: Vec::new(),
            marks: Vec::new(),
            scratch: Object::new(None, Kind::Free),
            bytes: 0,
            next_gc: 1 << 20,
            max_bytes,
        }
    }

    /// Turns every object into a shared template object (done once, after the built-ins
    /// are built). Handles stay valid.
    pub fn into_template(mut self) -> Heap {
        // The realm is built in a heap without a template: its objects are moved, not copied.
        if self.base.is_empty() {
            let all = std::mem::take(&mut self.objects);
            return self.sharing(std::sync::Arc::new(all));
        }
        let mut all: Vec<Object> = self.base.iter().cloned().collect();
        for (i, o) in self.overlay.drain(..).enumerate() {
            if let Some(o) = o {
                all[i] = *o;
            }
        }
        all.append(&mut self.objects);
        self.sharing(std::sync::Arc::new(all))
    }

    /// A template heap of `objects` (from the realm image) holding `bytes`.
    pub fn from_template(objects: Vec<Object>, bytes: usize, next_gc: usize) -> Heap {
        let mut heap = Heap::new(usize::MAX);
        heap.bytes = bytes;
        heap.next_gc = next_gc;
        heap.sharing(std::sync::Arc::new(objects))
    }

    /// A template heap's objects (see `into_template`).
    pub fn template_objects(&self) -> &[Object] {
        &self.base
    }

    /// A fresh heap for one execution, sharing the template objects.
    pub fn fork(&self) -> Heap {
        self.sharing(self.base.clone())
    }

    /// An empty heap over the shared objects `base`, with this heap's accounting.
    fn sharing(&self, base: std::sync::Arc<Vec<Object>>) -> Heap {
        let n = base.len();
        Heap {
            base,
            overlay: std::iter::repeat_with(|| None).take(n).collect(),
            objects: Vec::new(),
            free: Vec::new(),
            marks: Vec::new(),
            scratch: Object::new(None, Kind::Free),
            bytes: self.bytes,
            next_gc: self.next_gc,
            max_bytes: self.max_bytes,
        }
    }

    /// Room for `n` more objects without growing (and copying) the arena.
    pub fn reserve(&mut self, n: usize) {
        self.objects.reserve(n);
    }

    pub fn alloc(&mut self, obj: Object) -> ObjRef {
        self.bytes += OBJECT_COST;
        let n = self.base.len();
        if let Some(i) = self.free.pop() {
            self.objects[i as usize - n] = obj;
            ObjRef(i)
        } else {
            self.objects.push(obj);
            ObjRef((n + self.objects.len() - 1) as u32)
        }
    }

    /// Accounts for `n` more bytes held by the program.
    #[inline]
    pub fn charge(&mut self, n: usize) {
        self.bytes += n;
    }

    #[inline]
    pub fn wants_gc(&self) -> bool {
        self.bytes >= self.next_gc
    }

    /// The object behind a handle. A handle that names no object (which only a compiler
    /// bug could produce) reads as an empty object instead of panicking.
    #[inline(always)]
    pub fn get(&self, r: ObjRef) -> &Object {
        let i = r.0 as usize;
        let n = self.base.len();
        if i < n {
            match &self.overlay[i] {
                Some(o) => o,
                None => &self.base[i],
            }
        } else {
            self.objects.get(i - n).unwrap_or(&NO_OBJECT)
        }
    }
    #[inline]
    pub fn get_mut(&mut self, r: ObjRef) -> &mut Object {
        let i = r.0 as usize;
        let n = self.base.len();
        if i < n {
            let base = &self.base;
            self.overlay[i].get_or_insert_with(|| Box::new(base[i].clone()))
        } else if i - n < self.objects.len() {
            &mut self.objects[i - n]
        } else {
            self.scratch = Object::new(None, Kind::Free);
            &mut self.scratch
        }
    }

    /// The value of the BigInt `r` (`Value::BigInt`): zero for `ObjRef::ZERO_BIGINT` (and
    /// for a handle that names no BigInt, which only a VM bug could produce).
    #[inline]
    pub fn bigint(&self, r: ObjRef) -> &num_bigint::BigInt {
        static ZERO: num_bigint::BigInt = num_bigint::BigInt::ZERO;
        match &self.get(r).kind {
            Kind::BigInt(b) => b,
            _ => &ZERO,
        }
    }

    /// Whether `r` is a shared built-in object this execution has not written to (so it
    /// still holds what the interpreter built: the iteration fast paths rely on it).
    #[inline]
    pub fn is_pristine(&self, r: ObjRef) -> bool {
        matches!(self.overlay.get(r.0 as usize), Some(None))
    }

    fn len(&self) -> usize {
        self.base.len() + self.objects.len()
    }

    /// The arena's own allocations: every slot (free or not), a mark byte and a free-list
    /// entry per slot, and the overlay's table.
    fn arena_bytes(&self) -> usize {
        self.objects.capacity() * (std::mem::size_of::<Object>() + 1 + 4)
            + self.overlay.capacity() * std::mem::size_of::<Option<Box<Object>>>()
    }

    /// Marks from `roots` and frees everything unreachable; recomputes `bytes`.
    pub fn collect(&mut self, roots: &[ObjRef], extra: impl Iterator<Item = ObjRef>) {
        self.marks.clear();
        let total = self.len();
        self.marks.resize(total, false);
        let mut work: Vec<ObjRef> = roots.to_vec();
        work.extend(extra);
        while let Some(r) = work.pop() {
            let i = r.0 as usize;
            if i >= self.marks.len() || self.marks[i] {
                continue;
            }
            self.marks[i] = true;
            // A reference already marked (the prototype every record shares, most often)
            // is not pushed: the pop would only skip it.
            let marks = &self.marks;
            let unmarked = |r: ObjRef| marks.get(r.0 as usize).is_some_and(|m| !m);
            let push_val = |v: &Value, work: &mut Vec<ObjRef>| {
                if let Some(r) = v.heap_ref() {
                    if unmarked(r) {
                        work.push(r);
                    }
                }
            };
            let o = self.get(r);
            if let Some(p) = o.proto {
                if unmarked(p) {
                    work.push(p);
                }
            }
            for p in &o.props.entries {
                push_val(&p.value, &mut work);
            }
            match &o.kind {
                Kind::Array(v) => v.iter().for_each(|x| push_val(x, &mut work)),
                Kind::Closure(c) => {
                    work.extend(c.cells.iter().copied());
                    push_val(&c.this, &mut work);
                }
                Kind::Bound(b) => {
                    push_val(&b.0, &mut work);
                    push_val(&b.1, &mut work);
                    b.2.iter().for_each(|x| push_val(x, &mut work));
                }
                Kind::Resolver {
                    promise, already, ..
                } => {
                    work.push(*promise);
                    work.push(*already);
                }
                Kind::Promise(p) => {
                    match &p.state {
                        PromiseState::Fulfilled(v) | PromiseState::Rejected(v) => {
                            push_val(v, &mut work)
                        }
                        PromiseState::Pending => {}
                    }
                    for re in &p.reactions {
                        push_val(&re.on_fulfilled, &mut work);
                        push_val(&re.on_rejected, &mut work);
                        match re.target {
                            ReactionTarget::Promise(t) | ReactionTarget::Await(t) => work.push(t),
                            ReactionTarget::None => {}
                        }
                    }
                }
                Kind::Cell(v) | Kind::Primitive(v) => push_val(v, &mut work),
                Kind::Collection(c) => c.trace(&mut work),
                Kind::CollectionIter(it) => work.push(it.target),
                Kind::ArrayIter(it) => push_val(&it.target, &mut work),
                Kind::Accessor(pair) | Kind::IterWrap(pair) => {
                    push_val(&pair.0, &mut work);
                    push_val(&pair.1, &mut work);
                }
                Kind::Coroutine(c) => c.trace(&mut work),
                Kind::Generator(g) => g.trace(&mut work),
                _ => {}
            }
        }
        let mut bytes = self.arena_bytes();
        self.free.clear();
        let n = self.base.len();
        for o in self.overlay.iter().flatten() {
            bytes += std::mem::size_of::<Object>() + BLOCK_OVERHEAD + o.byte_size();
        }
        for i in n..total {
            if self.marks[i] {
                bytes += self.objects[i - n].byte_size();
            } else {
                if !matches!(self.objects[i - n].kind, Kind::Free) {
                    self.objects[i - n] = Object::new(None, Kind::Free);
                }
                self.free.push(i as u32);
            }
        }
        // Reuse low slots first.
        self.free.reverse();
        self.bytes = bytes;
        self.next_gc = (bytes * 2).max(1 << 20);
    }
}

//! Map, Set, WeakMap and WeakSet: insertion-ordered entries keyed by SameValueZero.
//! Deleted entries leave holes, so an iterator's position survives deletions and sees
//! entries added while it runs (ECMAScript's live iteration); holes are compacted once
//! they outnumber the live entries, and the iterators of that collection move with them.
//! The methods that call the program (forEach, groupBy, the Set algebra) are in
//! prelude.js; these natives never call back.

use super::*;
use std::collections::HashMap;

/// Which collection an object is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionKind {
    Map,
    Set,
    WeakMap,
    WeakSet,
}

impl CollectionKind {
    /// The kind numbered `k` (0 Map, 1 Set, 2 WeakMap, 3 WeakSet): the natives are
    /// instantiated per kind, so each checks its own brand.
    const fn of(k: u8) -> CollectionKind {
        match k {
            0 => CollectionKind::Map,
            1 => CollectionKind::Set,
            2 => CollectionKind::WeakMap,
            _ => CollectionKind::WeakSet,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            CollectionKind::Map => "Map",
            CollectionKind::Set => "Set",
            CollectionKind::WeakMap => "WeakMap",
            CollectionKind::WeakSet => "WeakSet",
        }
    }
    fn weak(self) -> bool {
        matches!(self, CollectionKind::WeakMap | CollectionKind::WeakSet)
    }
}

/// A key under SameValueZero: -0 is +0, every NaN is one NaN, strings by content.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Undefined,
    Null,
    Bool(bool),
    Num(u64),
    Str(JsStr),
    Obj(u32),
    /// A BigInt by value (two BigInts with one value are one key).
    BigInt(Box<num_bigint::BigInt>),
}

fn key_of(heap: &crate::heap::Heap, v: &Value) -> Key {
    match v {
        Value::Undefined | Value::Empty => Key::Undefined,
        Value::Null => Key::Null,
        Value::Bool(b) => Key::Bool(*b),
        Value::Num(n) if n.is_nan() => Key::Num(f64::NAN.to_bits()),
        Value::Num(n) => Key::Num((n + 0.0).to_bits()),
        // A symbol equals only itself (see `JsStr`), never a string of its text.
        Value::Str(s) | Value::Sym(s) => Key::Str(s.clone()),
        Value::Obj(r) => Key::Obj(r.0),
        Value::BigInt(r) => Key::BigInt(Box::new(heap.bigint(*r).clone())),
    }
}

/// `key_of` with its work charged: a BigInt key is copied and hashed whole.
fn key_for(vm: &mut Vm, v: &Value) -> JsResult<Key> {
    match v {
        Value::BigInt(r) => {
            let bits = vm.big(*r).bits();
            vm.charge(crate::bigint::limbs(bits) as usize)?;
        }
        // Hashed (and on a hit compared) whole.
        Value::Str(s) if s.len() > 64 => {
            vm.charge(s.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
        }
        _ => {}
    }
    Ok(key_of(&vm.heap, v))
}

/// Bytes one more entry may take: its slot and its index entry, in buffers that double.
const ENTRY_COST: usize = 2 * (std::mem::size_of::<Option<(Value, Value)>>() + 48);

#[derive(Clone, Debug)]
pub struct Collection {
    pub kind: CollectionKind,
    /// Entries in insertion order; `None` where one was deleted.
    pub entries: Vec<Option<(Value, Value)>>,
    index: HashMap<Key, u32, foldhash::fast::RandomState>,
    /// Iterators over this collection (weakly: checked before use), moved on compaction.
    iterators: Vec<ObjRef>,
}

impl Collection {
    fn new(kind: CollectionKind) -> Collection {
        Collection {
            kind,
            entries: Vec::new(),
            index: HashMap::default(),
            iterators: Vec::new(),
        }
    }
    pub fn len(&self) -> usize {
        self.index.len()
    }
    /// An empty collection of the same kind (structuredClone fills it).
    pub fn empty_like(&self) -> Collection {
        Collection::new(self.kind)
    }
    pub fn byte_size(&self) -> usize {
        let mut n = self.entries.capacity() * std::mem::size_of::<Option<(Value, Value)>>()
            + self.index.capacity() * 48
            + self.iterators.capacity() * 4;
        for (k, v) in self.entries.iter().flatten() {
            for x in [k, v] {
                if let Value::Str(s) = x {
                    n += s.shared_size();
                }
            }
        }
        // The index's copies of BigInt keys (the values themselves are arena objects).
        for k in self.index.keys() {
            if let Key::BigInt(b) = k {
                n += crate::bigint::byte_size(b);
            }
        }
        n
    }
    pub fn trace(&self, work: &mut Vec<ObjRef>) {
        for (k, v) in self.entries.iter().flatten() {
            for x in [k, v] {
                if let Some(r) = x.heap_ref() {
                    work.push(r);
                }
            }
        }
    }
}

/// Where an iterator over a collection stands.
#[derive(Clone, Debug)]
pub struct CollectionIter {
    pub target: ObjRef,
    /// 0 keys, 1 values, 2 entries.
    pub what: u8,
    pub position: usize,
    pub done: bool,
}

pub(super) fn install(b: &mut RealmBuilder) {
    let iter_proto = b.realm.collection_iter_proto;
    b.def(iter_proto, "next", iter_next, 0);
    install_kind::<0>(b, map_ctor, b.realm.map_proto);
    install_kind::<1>(b, set_ctor, b.realm.set_proto);
    install_kind::<2>(b, weak_map_ctor, b.realm.weak_map_proto);
    install_kind::<3>(b, weak_set_ctor, b.realm.weak_set_proto);
}

fn install_kind<const K: u8>(b: &mut RealmBuilder, ctor: NativeFn, proto: ObjRef) {
    let kind = CollectionKind::of(K);
    let global = b.realm.global;
    let c = b.def(global, kind.name(), ctor, 0);
    b.link(c, proto);
    let is_map = matches!(kind, CollectionKind::Map | CollectionKind::WeakMap);
    if is_map {
        b.def(proto, "get", get::<K>, 1);
        b.def(proto, "set", set::<K>, 2);
    } else {
        b.def(proto, "add", add::<K>, 1);
    }
    b.def(proto, "has", has::<K>, 1);
    b.def(proto, "delete", delete::<K>, 1);
    if !kind.weak() {
        b.def(proto, "clear", clear::<K>, 0);
        b.def(proto, "entries", iter_entries::<K>, 0);
        let values = b.def(proto, "values", iter_values::<K>, 0);
        if is_map {
            b.def(proto, "keys", iter_keys::<K>, 0);
        } else {
            b.set(proto, "keys", Value::Obj(values));
        }
    }
}

/// The collection `this` is, if it is one of kind `K` (V8's TypeError otherwise).
fn this_collection<const K: u8>(vm: &mut Vm, this: &Value, method: &str) -> JsResult<ObjRef> {
    let kind = CollectionKind::of(K);
    if let Value::Obj(r) = this {
        if matches!(&vm.heap.get(*r).kind, Kind::Collection(c) if c.kind == kind) {
            return Ok(*r);
        }
    }
    let shown = match this {
        Value::Obj(_) => "#<Object>".to_string(),
        v => vm.to_rust_string(v).unwrap_or_default(),
    };
    Err(vm.type_error(&format!(
        "Method {}.prototype.{method} called on incompatible receiver {shown}",
        kind.name()
    )))
}

/// The collection behind `r`, which the callers have checked (or which an iterator holds).
fn collection(vm: &mut Vm, r: ObjRef) -> Option<&mut Collection> {
    match &mut vm.heap.get_mut(r).kind {
        Kind::Collection(c) => Some(c),
        _ => None,
    }
}

fn construct(vm: &mut Vm, kind: CollectionKind, a: &[Value]) -> JsResult<Value> {
    if !vm.is_new {
        return Err(vm.type_error(&format!("Constructor {} requires 'new'", kind.name())));
    }
    let proto = match kind {
        CollectionKind::Map => vm.realm.map_proto,
        CollectionKind::Set => vm.realm.set_proto,
        CollectionKind::WeakMap => vm.realm.weak_map_proto,
        CollectionKind::WeakSet => vm.realm.weak_set_proto,
    };
    let o = vm.alloc(
        Some(proto),
        Kind::Collection(Box::new(Collection::new(kind))),
    );
    let init = arg(a, 0);
    if init.is_nullish() {
        return Ok(Value::Obj(o));
    }
    if !vm.iterates_natively(&init, false) {
        let code = match kind {
            CollectionKind::Map => 0.0,
            CollectionKind::Set => 1.0,
            CollectionKind::WeakMap => 2.0,
            CollectionKind::WeakSet => 3.0,
        };
        return super::object::to_hook(vm, HOOK_WITH_ITEMS, &[Value::Num(code), init]);
    }
    let items = vm.iterate_to_vec(&init)?;
    vm.charge(items.len())?;
    for item in items {
        match kind {
            CollectionKind::Map | CollectionKind::WeakMap => {
                if !matches!(item, Value::Obj(_)) {
                    let shown = vm.to_rust_string(&item)?;
                    return Err(
                        vm.type_error(&format!("Iterator value {shown} is not an entry object"))
                    );
                }
                let k = vm.get_prop(&item, &JsStr::from_str("0"))?;
                let v = vm.get_prop(&item, &JsStr::from_str("1"))?;
                insert(vm, o, kind, k, v)?;
            }
            _ => insert(vm, o, kind, item, Value::Undefined)?,
        }
    }
    Ok(Value::Obj(o))
}

fn map_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    construct(vm, CollectionKind::Map, a)
}
fn set_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    construct(vm, CollectionKind::Set, a)
}
fn weak_map_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    construct(vm, CollectionKind::WeakMap, a)
}
fn weak_set_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    construct(vm, CollectionKind::WeakSet, a)
}

/// Adds or replaces an entry, counting its memory first.
fn insert(vm: &mut Vm, r: ObjRef, kind: CollectionKind, k: Value, v: Value) -> JsResult<()> {
    if kind.weak() && !matches!(k, Value::Obj(_)) {
        return Err(vm.type_error(if kind == CollectionKind::WeakMap {
            "Invalid value used as weak map key"
        } else {
            "Invalid value used in weak set"
        }));
    }
    let k = match k {
        // SameValueZero keys: -0 + 0 is +0, every other number is unchanged.
        Value::Num(n) => Value::Num(n + 0.0),
        k => k,
    };
    let key = key_for(vm, &k)?;
    let Some(c) = collection(vm, r) else {
        return Ok(());
    };
    if let Some(&i) = c.index.get(&key) {
        if let Some(entry) = c.entries[i as usize].as_mut() {
            entry.1 = v;
        }
        return Ok(());
    }
    let len = c.entries.len();
    if len >= vm.limits.max_collection_len {
        return Err(vm.range_error(&format!("{} maximum size exceeded", kind.name())));
    }
    vm.ensure_memory(ENTRY_COST)?;
    let mut cost = ENTRY_COST / 2;
    for x in [&k, &v] {
        if let Value::Str(s) = x {
            cost += s.shared_size();
        }
    }
    // The index holds its own copy of a BigInt key's digits.
    if let Value::BigInt(b) = &k {
        let size = crate::bigint::byte_size(vm.big(*b));
        vm.ensure_memory(size)?;
        cost += size;
    }
    vm.heap.charge(cost);
    if let Some(c) = collection(vm, r) {
        c.index.insert(key, len as u32);
        c.entries.push(Some((k, v)));
    }
    Ok(())
}

/// Adds an entry to collection `r` whatever its kind (structuredClone's copies).
pub(crate) fn insert_into(vm: &mut Vm, r: ObjRef, k: Value, v: Value) -> JsResult<()> {
    let Some(kind) = collection(vm, r).map(|c| c.kind) else {
        return Ok(());
    };
    insert(vm, r, kind, k, v)
}

fn get<const K: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "get")?;
    let key = key_for(vm, &arg(a, 0))?;
    let Some(c) = collection(vm, r) else {
        return Ok(Value::Undefined);
    };
    Ok(match c.index.get(&key) {
        Some(&i) => c.entries[i as usize]
            .as_ref()
            .map(|e| e.1.clone())
            .unwrap_or_default(),
        None => Value::Undefined,
    })
}

fn set<const K: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "set")?;
    insert(vm, r, CollectionKind::of(K), arg(a, 0), arg(a, 1))?;
    Ok(this.clone())
}

fn add<const K: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "add")?;
    insert(vm, r, CollectionKind::of(K), arg(a, 0), Value::Undefined)?;
    Ok(this.clone())
}

fn has<const K: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "has")?;
    let key = key_for(vm, &arg(a, 0))?;
    Ok(Value::Bool(
        collection(vm, r).is_some_and(|c| c.index.contains_key(&key)),
    ))
}

fn delete<const K: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "delete")?;
    let key = key_for(vm, &arg(a, 0))?;
    let Some(c) = collection(vm, r) else {
        return Ok(Value::Bool(false));
    };
    let Some(i) = c.index.remove(&key) else {
        return Ok(Value::Bool(false));
    };
    c.entries[i as usize] = None;
    let holes = c.entries.len() - c.index.len();
    if holes > 8 && holes > c.index.len() {
        compact(vm, r);
    }
    Ok(Value::Bool(true))
}

fn clear<const K: u8>(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "clear")?;
    if let Some(c) = collection(vm, r) {
        c.index.clear();
        c.entries.iter_mut().for_each(|e| *e = None);
        compact(vm, r);
    }
    Ok(Value::Undefined)
}

/// Drops the holes; every live iterator of `r` moves to the same entry's new position.
fn compact(vm: &mut Vm, r: ObjRef) {
    let Some(c) = collection(vm, r) else {
        return;
    };
    // live_before[i]: live entries before old position i.
    let mut live_before = Vec::with_capacity(c.entries.len() + 1);
    let mut live = 0u32;
    for e in &c.entries {
        live_before.push(live);
        live += e.is_some() as u32;
    }
    live_before.push(live);
    c.entries.retain(Option::is_some);
    c.entries.shrink_to(c.entries.len() * 2);
    // Every key keeps its entry: only positions move (keys are not rebuilt from values,
    // which would need the heap for a BigInt's).
    for pos in c.index.values_mut() {
        *pos = live_before[(*pos as usize).min(live_before.len() - 1)];
    }
    let mut iterators = std::mem::take(&mut c.iterators);
    iterators.sort_unstable_by_key(|o| o.0);
    iterators.dedup();
    iterators.retain(|&it| match &mut vm.heap.get_mut(it).kind {
        Kind::CollectionIter(ci) if ci.target == r && !ci.done => {
            ci.position = live_before[ci.position.min(live_before.len() - 1)] as usize;
            true
        }
        _ => false,
    });
    if let Some(c) = collection(vm, r) {
        c.iterators = iterators;
    }
}

/// A new iterator over collection `r` (0 keys, 1 values, 2 entries), registered with it.
fn new_iter(vm: &mut Vm, r: ObjRef, what: u8) -> Value {
    let proto = vm.realm.collection_iter_proto;
    let it = vm.alloc(
        Some(proto),
        Kind::CollectionIter(Box::new(CollectionIter {
            target: r,
            what,
            position: 0,
            done: false,
        })),
    );
    vm.heap.charge(4);
    let Some(c) = collection(vm, r) else {
        return Value::Obj(it);
    };
    // Forget finished iterators now and then, so the list stays as long as the live ones.
    if c.iterators.len() >= 64 && c.iterators.len().is_power_of_two() {
        let mut list = std::mem::take(&mut c.iterators);
        list.retain(|&o| {
            matches!(&vm.heap.get(o).kind, Kind::CollectionIter(ci) if ci.target == r && !ci.done)
        });
        if let Some(c) = collection(vm, r) {
            c.iterators = list;
        }
    }
    if let Some(c) = collection(vm, r) {
        c.iterators.push(it);
    }
    Value::Obj(it)
}

fn iter_keys<const K: u8>(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "keys")?;
    Ok(new_iter(vm, r, 0))
}
fn iter_values<const K: u8>(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "values")?;
    Ok(new_iter(vm, r, 1))
}
fn iter_entries<const K: u8>(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let r = this_collection::<K>(vm, this, "entries")?;
    Ok(new_iter(vm, r, 2))
}

/// `{ value, done }`.
fn result(vm: &mut Vm, value: Value, done: bool) -> Value {
    let o = vm.new_object();
    let props = &mut vm.heap.get_mut(o).props;
    props.insert(JsStr::from_str("value"), value, crate::heap::DEFAULT_FLAGS);
    props.insert(
        JsStr::from_str("done"),
        Value::Bool(done),
        crate::heap::DEFAULT_FLAGS,
    );
    vm.heap.charge(2 * crate::heap::PROP_COST);
    Value::Obj(o)
}

fn iter_next(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let it = match this {
        Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::CollectionIter(_)) => *r,
        _ => return Err(vm.type_error("next method called on incompatible receiver")),
    };
    match step(vm, it)? {
        Some(v) => Ok(result(vm, v, false)),
        None => Ok(result(vm, Value::Undefined, true)),
    }
}

/// Advances iterator `it` (a `Kind::CollectionIter`): its next value, None at the end.
pub(crate) fn step(vm: &mut Vm, it: ObjRef) -> JsResult<Option<Value>> {
    let ci = match &vm.heap.get(it).kind {
        Kind::CollectionIter(ci) => (**ci).clone(),
        _ => return Ok(None),
    };
    if ci.done {
        return Ok(None);
    }
    let Some(c) = collection(vm, ci.target) else {
        return Ok(None);
    };
    let mut pos = ci.position;
    let found = loop {
        match c.entries.get(pos) {
            None => break None,
            Some(None) => pos += 1,
            Some(Some(e)) => break Some(e.clone()),
        }
    };
    let skipped = pos - ci.position;
    if let Kind::CollectionIter(state) = &mut vm.heap.get_mut(it).kind {
        state.position = pos + 1;
        state.done = found.is_none();
    }
    vm.charge(skipped)?;
    let Some((k, v)) = found else {
        return Ok(None);
    };
    let is_set = collection(vm, ci.target).is_some_and(|c| c.kind == CollectionKind::Set);
    Ok(Some(match ci.what {
        0 => k,
        1 if is_set => k,
        1 => v,
        _ if is_set => Value::Obj(vm.new_array(vec![k.clone(), k])),
        _ => Value::Obj(vm.new_array(vec![k, v])),
    }))
}

/// The iterator `for...of` takes over a Map (its entries) or a Set (its values).
pub(crate) fn default_iter(vm: &mut Vm, r: ObjRef) -> JsResult<Value> {
    let what = match &vm.heap.get(r).kind {
        Kind::Collection(c) if c.kind == CollectionKind::Map => 2,
        Kind::Collection(c) if c.kind == CollectionKind::Set => 1,
        _ => return Err(vm.type_error("object is not iterable")),
    };
    Ok(new_iter(vm, r, what))
}

/// Every live entry as (key, value), for spread, `Array.from` and the constructors.
pub(crate) fn snapshot(vm: &mut Vm, r: ObjRef) -> JsResult<Vec<(Value, Value)>> {
    let items: Vec<(Value, Value)> = match collection(vm, r) {
        Some(c) => c.entries.iter().flatten().cloned().collect(),
        None => Vec::new(),
    };
    vm.reserve_array(items.len())?;
    Ok(items)
}

/// The rest of a Map or Set iterator, advanced to its end (spread and `Array.from` of
/// `map.keys()` and the like).
pub(crate) fn drain(vm: &mut Vm, it: ObjRef) -> JsResult<Vec<Value>> {
    let mut out = Vec::new();
    while let Some(v) = step(vm, it)? {
        if out.len() >= vm.limits.max_collection_len {
            return Err(vm.range_error("Invalid array length"));
        }
        vm.ensure_memory(crate::limits::ELEMENT_COST)?;
        out.push(v);
    }
    Ok(out)
}

//! The iterator objects of arrays and strings (%ArrayIteratorPrototype%,
//! %StringIteratorPrototype%), %IteratorPrototype% and the `[Symbol.iterator]` methods of
//! the built-in iterables. The VM iterates these natively while they are unmodified (see
//! vm/iter.rs); a program that replaces one gets the protocol, through its own methods.

use super::*;

/// An array (or array-like, or string) iterator: `Kind::ArrayIter`.
#[derive(Clone, Debug)]
pub struct ArrayIter {
    /// The array, array-like object or string walked.
    pub target: Value,
    /// `ITER_KEYS`, `ITER_VALUES`, `ITER_ENTRIES` or `ITER_STRING` (code points).
    pub what: u8,
    pub position: usize,
    pub done: bool,
}

pub const ITER_KEYS: u8 = 0;
pub const ITER_VALUES: u8 = 1;
pub const ITER_ENTRIES: u8 = 2;
pub const ITER_STRING: u8 = 3;

/// The built-in iteration methods, which the VM's fast paths compare against.
#[derive(Clone, Copy, Debug)]
pub struct IterRealm {
    pub iterator_proto: ObjRef,
    pub array_iter_proto: ObjRef,
    pub string_iter_proto: ObjRef,
    /// Array.prototype.values (also Array.prototype[Symbol.iterator]).
    pub array_values: ObjRef,
    pub string_iterator: ObjRef,
    pub array_iter_next: ObjRef,
    pub collection_iter_next: ObjRef,
    pub map_entries: ObjRef,
    pub set_values: ObjRef,
    /// %IteratorPrototype%[Symbol.iterator] (returns `this`).
    pub iterator_self: ObjRef,
    /// The `Iterator` global, %IteratorHelperPrototype% and %WrapForValidIteratorPrototype%
    /// (builtins/iterator_helpers.rs).
    pub iterator_ctor: ObjRef,
    pub helper_proto: ObjRef,
    pub wrap_proto: ObjRef,
}

impl IterRealm {
    pub fn placeholder() -> IterRealm {
        let z = ObjRef(0);
        IterRealm {
            iterator_proto: z,
            array_iter_proto: z,
            string_iter_proto: z,
            array_values: z,
            string_iterator: z,
            array_iter_next: z,
            collection_iter_next: z,
            map_entries: z,
            set_values: z,
            iterator_self: z,
            iterator_ctor: z,
            helper_proto: z,
            wrap_proto: z,
        }
    }
    pub fn roots(&self) -> [ObjRef; 6] {
        [
            self.iterator_proto,
            self.array_iter_proto,
            self.string_iter_proto,
            self.iterator_ctor,
            self.helper_proto,
            self.wrap_proto,
        ]
    }
}

/// Puts `f` on `target` under symbol key `key` (not enumerable).
fn set_symbol(b: &mut RealmBuilder, target: ObjRef, key: &JsStr, v: Value) {
    b.heap.get_mut(target).props.insert(key.clone(), v, HIDDEN);
}

/// A native function object not stored anywhere yet.
fn native(b: &mut RealmBuilder, name: &'static str, f: NativeFn, len: u8) -> ObjRef {
    b.natives.push((f, name, len));
    let id = (b.natives.len() - 1) as u16;
    let fp = b.realm.function_proto;
    b.obj(Some(fp), Kind::Native(id))
}

/// Runs after array, string and collections are installed.
pub(super) fn install(b: &mut RealmBuilder) {
    let object_proto = b.realm.object_proto;
    let wk = b.realm.well_known.clone();
    let iterator_proto = b.obj(Some(object_proto), Kind::Ordinary);
    let iterator_self = native(b, "[Symbol.iterator]", iterator_return_this, 0);
    set_symbol(b, iterator_proto, &wk.iterator, Value::Obj(iterator_self));

    let array_iter_proto = b.obj(Some(iterator_proto), Kind::Ordinary);
    let array_iter_next = b.def(array_iter_proto, "next", array_iter_next, 0);
    let tag = wk.to_string_tag.clone();
    b.heap
        .get_mut(array_iter_proto)
        .props
        .insert(tag.clone(), Value::str("Array Iterator"), 0);
    let string_iter_proto = b.obj(Some(iterator_proto), Kind::Ordinary);
    b.set(string_iter_proto, "next", Value::Obj(array_iter_next));
    b.heap
        .get_mut(string_iter_proto)
        .props
        .insert(tag, Value::str("String Iterator"), 0);

    let array_proto = b.realm.array_proto;
    let array_values = b.def(array_proto, "values", array_values, 0);
    b.def(array_proto, "keys", array_keys, 0);
    b.def(array_proto, "entries", array_entries, 0);
    set_symbol(b, array_proto, &wk.iterator, Value::Obj(array_values));
    let string_proto = b.realm.string_proto;
    let string_iterator = native(b, "[Symbol.iterator]", string_iterator, 0);
    set_symbol(b, string_proto, &wk.iterator, Value::Obj(string_iterator));

    // Map and Set: their default iterators, and their iterators' prototype.
    let collection_iter_proto = b.realm.collection_iter_proto;
    b.heap.get_mut(collection_iter_proto).proto = Some(iterator_proto);
    // Map and Set iterators share this prototype, so its [Symbol.toStringTag] (in
    // ECMAScript a string on each of two prototypes) is a getter that asks the receiver;
    // it stands before Iterator.prototype's own "Iterator".
    b.def_getter(
        collection_iter_proto,
        wk.to_string_tag.clone(),
        "get [Symbol.toStringTag]",
        collection_iter_tag,
    );
    let get =
        |b: &RealmBuilder, o: ObjRef, k: &str| match b.heap.get(o).props.get(&JsStr::from_str(k)) {
            Some(Value::Obj(f)) => *f,
            _ => ObjRef(0),
        };
    let collection_iter_next = get(b, collection_iter_proto, "next");
    let (map_proto, set_proto) = (b.realm.map_proto, b.realm.set_proto);
    let map_entries = get(b, map_proto, "entries");
    let set_values = get(b, set_proto, "values");
    set_symbol(b, map_proto, &wk.iterator, Value::Obj(map_entries));
    set_symbol(b, set_proto, &wk.iterator, Value::Obj(set_values));

    b.realm.iter = IterRealm {
        iterator_proto,
        array_iter_proto,
        string_iter_proto,
        array_values,
        string_iterator,
        array_iter_next,
        collection_iter_next,
        map_entries,
        set_values,
        iterator_self,
        iterator_ctor: ObjRef(0),
        helper_proto: ObjRef(0),
        wrap_proto: ObjRef(0),
    };
}

/// "Map Iterator" or "Set Iterator" for a Map or Set iterator (undefined otherwise).
fn collection_iter_tag(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if let Value::Obj(r) = this {
        if let Kind::CollectionIter(it) = &vm.heap.get(*r).kind {
            let set = matches!(&vm.heap.get(it.target).kind,
                Kind::Collection(c) if c.kind == super::CollectionKind::Set);
            return Ok(Value::str(if set {
                "Set Iterator"
            } else {
                "Map Iterator"
            }));
        }
    }
    Ok(Value::Undefined)
}

fn iterator_return_this(_vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(this.clone())
}

/// A new iterator over `target`.
pub(crate) fn new_array_iter(vm: &mut Vm, target: Value, what: u8) -> Value {
    let proto = if what == ITER_STRING {
        vm.realm.iter.string_iter_proto
    } else {
        vm.realm.iter.array_iter_proto
    };
    vm.heap
        .charge(std::mem::size_of::<ArrayIter>() + crate::heap::BLOCK_OVERHEAD);
    let it = vm.alloc(
        Some(proto),
        Kind::ArrayIter(Box::new(ArrayIter {
            target,
            what,
            position: 0,
            done: false,
        })),
    );
    Value::Obj(it)
}

/// The object an array iterator walks: `this` as an object (a TypeError for null and
/// undefined; a primitive iterates as its wrapper would).
fn iter_target(vm: &mut Vm, this: &Value, method: &str) -> JsResult<Value> {
    if this.is_nullish() {
        return Err(vm.type_error(&format!(
            "Array.prototype.{method} called on null or undefined"
        )));
    }
    Ok(this.clone())
}

fn array_values(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let t = iter_target(vm, this, "values")?;
    Ok(new_array_iter(vm, t, ITER_VALUES))
}
fn array_keys(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let t = iter_target(vm, this, "keys")?;
    Ok(new_array_iter(vm, t, ITER_KEYS))
}
fn array_entries(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let t = iter_target(vm, this, "entries")?;
    Ok(new_array_iter(vm, t, ITER_ENTRIES))
}
fn string_iterator(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if this.is_nullish() {
        return Err(vm.type_error("String.prototype[Symbol.iterator] called on null or undefined"));
    }
    let s = vm.to_string(this)?;
    Ok(new_array_iter(vm, Value::Str(s), ITER_STRING))
}

fn array_iter_next(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let it = match this {
        Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::ArrayIter(_)) => *r,
        _ => {
            let shown = match this {
                Value::Obj(_) => "#<Object>".to_string(),
                v => vm.to_rust_string(v).unwrap_or_default(),
            };
            return Err(vm.type_error(&format!(
                "Method Array Iterator.prototype.next called on incompatible receiver {shown}"
            )));
        }
    };
    let (value, done) = match array_iter_step(vm, it)? {
        Some(v) => (v, false),
        None => (Value::Undefined, true),
    };
    let o = vm.new_object();
    let props = &mut vm.heap.get_mut(o).props;
    props.insert(JsStr::from_str("value"), value, DEFAULT_FLAGS);
    props.insert(JsStr::from_str("done"), Value::Bool(done), DEFAULT_FLAGS);
    vm.heap.charge(2 * crate::heap::PROP_COST);
    Ok(Value::Obj(o))
}

/// Advances array iterator `it`: its next value, None at the end. An array-like target is
/// read through `length` and its indices (built-in getters only: see `Vm::get_prop`).
pub(crate) fn array_iter_step(vm: &mut Vm, it: ObjRef) -> JsResult<Option<Value>> {
    let (target, what, pos) = match &vm.heap.get(it).kind {
        Kind::ArrayIter(ai) if !ai.done => (ai.target.clone(), ai.what, ai.position),
        _ => return Ok(None),
    };
    let (next, value) = if what == ITER_STRING {
        let Value::Str(s) = &target else {
            return Ok(None);
        };
        let u = s.units();
        if pos >= u.len() {
            (pos, None)
        } else {
            let n = if (0xD800..0xDC00).contains(&u[pos])
                && u.get(pos + 1).is_some_and(|x| (0xDC00..0xE000).contains(x))
            {
                2
            } else {
                1
            };
            vm.heap.charge(JsStr::cost(n));
            let piece = JsStr::from_units(&u[pos..pos + n]);
            (pos + n, Some(Value::Str(piece)))
        }
    } else {
        let len = match &target {
            Value::Obj(r) => match &vm.heap.get(*r).kind {
                Kind::Array(items) => items.len(),
                _ => {
                    let l = vm.get_prop(&target, &JsStr::from_str("length"))?;
                    let l = vm.to_number(&l)?;
                    if l.is_nan() || l <= 0.0 {
                        0
                    } else {
                        l.min(u32::MAX as f64) as usize
                    }
                }
            },
            Value::Str(s) => s.len(),
            _ => 0,
        };
        if pos >= len {
            (pos, None)
        } else {
            let v = match what {
                ITER_KEYS => Value::Num(pos as f64),
                _ => {
                    let x = vm.get_elem(&target, &Value::Num(pos as f64))?;
                    if what == ITER_ENTRIES {
                        Value::Obj(vm.new_array(vec![Value::Num(pos as f64), x]))
                    } else {
                        x
                    }
                }
            };
            (pos + 1, Some(v))
        }
    };
    if let Kind::ArrayIter(ai) = &mut vm.heap.get_mut(it).kind {
        ai.position = next;
        ai.done = value.is_none();
    }
    Ok(value)
}

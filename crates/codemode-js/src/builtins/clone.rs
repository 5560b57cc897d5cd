//! structuredClone: a deep copy of plain objects, arrays, Dates, Maps, Sets, wrapper
//! objects and errors, keeping shared references shared and cycles cyclic, as the HTML
//! structured clone algorithm does. Class instances come back as plain objects; functions,
//! promises, iterators and weak collections are a DataCloneError. The walk is a loop over
//! a work list (no native recursion), charged to fuel, memory and the deadline.

use super::*;
use std::collections::HashMap;

pub(crate) fn structured_clone(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut copies: HashMap<u32, ObjRef> = HashMap::new();
    let mut work: Vec<(ObjRef, ObjRef)> = Vec::new();
    let root = copy_of(vm, &arg(a, 0), &mut copies, &mut work)?;
    let mut steps = 0usize;
    while let Some((src, dst)) = work.pop() {
        steps += 1;
        vm.tick(steps)?;
        fill(vm, src, dst, &mut copies, &mut work)?;
    }
    Ok(root)
}

fn data_clone_error(vm: &mut Vm, v: &Value) -> Throw {
    let shown = match v {
        Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::Promise(_)) => "#<Promise>".into(),
        Value::Obj(r) if vm.heap.get(*r).is_callable() => {
            vm.to_rust_string(v).unwrap_or_else(|_| "function".into())
        }
        Value::Sym(s) => s.to_rust(),
        _ => match super::object::builtin_tag(vm, v, &[]) {
            Ok(Value::Str(tag)) => {
                let tag = tag.to_rust();
                format!(
                    "#<{}>",
                    tag.trim_start_matches("[object ").trim_end_matches(']')
                )
            }
            _ => "#<Object>".into(),
        },
    };
    let proto = vm.realm.error_proto;
    let e = vm.make_error(proto, &format!("{shown} could not be cloned."));
    if let Value::Obj(r) = &e {
        vm.define_hidden(*r, "name", Value::str("DataCloneError"));
    }
    Throw::Value(e)
}

/// The copy of `v`: itself for a primitive, the copy already made for an object seen
/// before, else a new empty object of the same kind (queued to be filled).
fn copy_of(
    vm: &mut Vm,
    v: &Value,
    copies: &mut HashMap<u32, ObjRef>,
    work: &mut Vec<(ObjRef, ObjRef)>,
) -> JsResult<Value> {
    let Value::Obj(r) = v else {
        if let Value::Sym(_) = v {
            return Err(data_clone_error(vm, v));
        }
        return Ok(v.clone());
    };
    if let Some(c) = copies.get(&r.0) {
        return Ok(Value::Obj(*c));
    }
    vm.charge(1)?;
    vm.ensure_memory(crate::heap::OBJECT_COST)?;
    let object_proto = vm.realm.object_proto;
    let (proto, kind) = match &vm.heap.get(*r).kind {
        Kind::Ordinary => (Some(object_proto), Kind::Ordinary),
        Kind::Array(_) => (Some(vm.realm.array_proto), Kind::Array(Vec::new())),
        Kind::Date(t) => (Some(vm.realm.date_proto), Kind::Date(*t)),
        Kind::Primitive(p) => {
            let p = p.clone();
            let w = vm.new_wrapper(p);
            copies.insert(r.0, w);
            return Ok(Value::Obj(w));
        }
        Kind::Error => (Some(error_proto_named(vm, *r)), Kind::Error),
        Kind::Collection(c) if matches!(c.kind, CollectionKind::Map | CollectionKind::Set) => {
            let proto = if c.kind == CollectionKind::Map {
                vm.realm.map_proto
            } else {
                vm.realm.set_proto
            };
            (Some(proto), Kind::Collection(Box::new(c.empty_like())))
        }
        _ => return Err(data_clone_error(vm, v)),
    };
    let copy = vm.alloc(proto, kind);
    copies.insert(r.0, copy);
    work.push((*r, copy));
    Ok(Value::Obj(copy))
}

/// The prototype a cloned error takes: the one its `name` names, else Error.prototype.
fn error_proto_named(vm: &mut Vm, r: ObjRef) -> ObjRef {
    let name = match vm.get_prop(&Value::Obj(r), &JsStr::from_str("name")) {
        Ok(Value::Str(s)) => s.to_rust(),
        _ => String::new(),
    };
    for (n, proto_of) in super::error::ERRORS {
        if n == name {
            return proto_of(&vm.realm);
        }
    }
    vm.realm.error_proto
}

fn fill(
    vm: &mut Vm,
    src: ObjRef,
    dst: ObjRef,
    copies: &mut HashMap<u32, ObjRef>,
    work: &mut Vec<(ObjRef, ObjRef)>,
) -> JsResult<()> {
    match &vm.heap.get(src).kind {
        Kind::Array(items) => {
            let items = items.clone();
            vm.reserve_array(items.len())?;
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                vm.tick(i)?;
                out.push(copy_of(vm, item, copies, work)?);
            }
            vm.heap.charge(out.len() * crate::limits::ELEMENT_COST);
            // Holes stay holes (node's structuredClone keeps them).
            let holes = vm.heap.get(src).holes;
            let d = vm.heap.get_mut(dst);
            d.kind = Kind::Array(out);
            d.holes = holes;
            return Ok(());
        }
        Kind::Collection(c) => {
            let entries: Vec<(Value, Value)> = c.entries.iter().flatten().cloned().collect();
            for (i, (k, v)) in entries.iter().enumerate() {
                vm.tick(i)?;
                let k = copy_of(vm, k, copies, work)?;
                let v = copy_of(vm, v, copies, work)?;
                super::collections::insert_into(vm, dst, k, v)?;
            }
            return Ok(());
        }
        Kind::Error => {
            // An error keeps its message (and cause) whether or not they are enumerable.
            for key in ["message", "cause"] {
                let k = JsStr::from_str(key);
                if let Some(v) = vm.heap.get(src).props.get(&k).cloned() {
                    let v = copy_of(vm, &v, copies, work)?;
                    vm.define_hidden(dst, key, v);
                }
            }
        }
        _ => {}
    }
    let keys = vm.own_keys(src);
    vm.charge(keys.len())?;
    for k in keys {
        let Some(v) = vm.heap.get(src).props.get(&k).cloned() else {
            continue;
        };
        let v = copy_of(vm, &v, copies, work)?;
        vm.ensure_memory(crate::heap::PROP_COST)?;
        vm.heap.charge(crate::heap::PROP_COST);
        vm.heap
            .get_mut(dst)
            .props
            .insert(k, v, crate::heap::DEFAULT_FLAGS);
    }
    Ok(())
}

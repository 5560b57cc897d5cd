//! The `Iterator` global and the ES2025 iterator helpers (ECMA-262 §27.1): the abstract
//! constructor, %IteratorHelperPrototype% (`next`, `return`) and
//! %WrapForValidIteratorPrototype% (what `Iterator.from` wraps a foreign iterator in).
//!
//! The methods themselves (`Iterator.prototype.map` ..., `Iterator.from`, the accessors of
//! `Iterator.prototype`) are in the prelude, where every callback is a VM frame. A helper is
//! a generator of the prelude's, branded with its underlying iterator (`__cm_helper`): the
//! spec's CreateIteratorFromClosure makes helpers generator objects too, so `next` and
//! `return` are the generator machinery with the "Iterator Helper" brand, "already running"
//! included.

use super::*;
use crate::vm::{RESUME_NEXT, RESUME_RETURN};

/// Runs after iterator.rs (the prototypes here inherit %Iterator.prototype%).
pub(super) fn install(b: &mut RealmBuilder) {
    let iterator_proto = b.realm.iter.iterator_proto;
    let global = b.realm.global;
    let ctor = b.def(global, "Iterator", iterator_ctor, 0);
    b.heap.get_mut(ctor).props.insert(
        JsStr::from_str("prototype"),
        Value::Obj(iterator_proto),
        super::object::NON_CONFIGURABLE,
    );

    // `constructor` and [Symbol.toStringTag] are accessors (their getters built-ins, so a
    // built-in such as console.log reads them; the prelude adds the setters).
    let tag = b.realm.well_known.to_string_tag.clone();
    for (key, name, getter) in [
        (
            JsStr::from_str("constructor"),
            "get constructor",
            get_constructor as NativeFn,
        ),
        (tag.clone(), "get [Symbol.toStringTag]", get_tag),
    ] {
        b.def_getter(iterator_proto, key, name, getter);
    }

    let helper_proto = b.obj(Some(iterator_proto), Kind::Ordinary);
    b.def(helper_proto, "next", helper_next, 0);
    b.def(helper_proto, "return", helper_return, 0);
    b.heap
        .get_mut(helper_proto)
        .props
        .insert(tag, Value::str("Iterator Helper"), 0);

    let wrap_proto = b.obj(Some(iterator_proto), Kind::Ordinary);
    b.def(wrap_proto, "next", wrap_next, 0);
    b.def(wrap_proto, "return", wrap_return, 0);

    b.realm.iter.iterator_ctor = ctor;
    b.realm.iter.helper_proto = helper_proto;
    b.realm.iter.wrap_proto = wrap_proto;
}

/// `Iterator()`: abstract, so only a subclass's `super()` constructs one.
fn iterator_ctor(vm: &mut Vm, _this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !vm.is_new {
        return Err(vm.type_error("Constructor Iterator requires 'new'"));
    }
    if vm.new_target == Some(vm.realm.iter.iterator_ctor) {
        return Err(vm.type_error("Abstract class Iterator not directly constructable"));
    }
    // `construct_with` gives it the subclass's prototype.
    let proto = vm.realm.iter.iterator_proto;
    Ok(Value::Obj(vm.alloc(Some(proto), Kind::Ordinary)))
}

fn get_constructor(vm: &mut Vm, _this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.realm.iter.iterator_ctor))
}

fn get_tag(_vm: &mut Vm, _this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::str("Iterator"))
}

fn helper_next(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, Value::Undefined, RESUME_NEXT, true)
}

fn helper_return(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, Value::Undefined, RESUME_RETURN, true)
}

/// The iterator and `next` method a wrapper holds; a TypeError for anything else.
fn wrapped(vm: &mut Vm, this: &Value, method: &str) -> JsResult<(Value, Value)> {
    if let Value::Obj(r) = this {
        if let Kind::IterWrap(pair) = &vm.heap.get(*r).kind {
            return Ok((pair.0.clone(), pair.1.clone()));
        }
    }
    Err(vm.type_error(&format!(
        "Method %WrapForValidIteratorPrototype%.{method} called on incompatible receiver"
    )))
}

/// `next()`: the wrapped iterator's `next`, called as it is (a frame for a program one).
fn wrap_next(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let (it, next) = wrapped(vm, this, "next")?;
    vm.tail_call = Some((next, it, Vec::new()));
    Ok(Value::Undefined)
}

/// `return()`: the prelude's `wrapReturn(iterator)` reads and calls the iterator's own
/// `return` (a program getter may stand there).
fn wrap_return(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let (it, _) = wrapped(vm, this, "return")?;
    let Some(hook) = vm.realm.hooks[HOOK_WRAP_RETURN] else {
        return Err(vm.type_error("Iterator.from is not available"));
    };
    vm.tail_call = Some((Value::Obj(hook), Value::Undefined, vec![it]));
    Ok(Value::Undefined)
}

/// `__cm_helper(generator, iterator)`: makes a prelude generator an iterator helper over
/// `iterator` (its prototype %IteratorHelperPrototype%, its brand); returns it.
pub(crate) fn intr_helper(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let g = arg(a, 0);
    if let Value::Obj(r) = g {
        let proto = vm.realm.iter.helper_proto;
        let o = vm.heap.get_mut(r);
        if let Kind::Generator(s) = &mut o.kind {
            s.underlying = Some(arg(a, 1));
            o.proto = Some(proto);
        }
    }
    Ok(g)
}

/// `__cm_helperStop(helper)`: finishes a helper not yet started; its underlying iterator
/// (which the caller closes).
pub(crate) fn intr_helper_stop(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Value::Obj(r) = arg(a, 0) {
        if let Kind::Generator(s) = &mut vm.heap.get_mut(r).kind {
            if matches!(s.state, GenState::Start(_)) {
                s.state = GenState::Done;
            }
            return Ok(s.underlying.clone().unwrap_or_default());
        }
    }
    Ok(Value::Undefined)
}

/// `__cm_wrap(iterator, next)`: a new %WrapForValidIteratorPrototype% object.
pub(crate) fn intr_wrap(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    vm.heap
        .charge(2 * std::mem::size_of::<Value>() + crate::heap::BLOCK_OVERHEAD);
    let proto = vm.realm.iter.wrap_proto;
    let w = vm.alloc(
        Some(proto),
        Kind::IterWrap(Box::new((arg(a, 0), arg(a, 1)))),
    );
    Ok(Value::Obj(w))
}

//! %GeneratorPrototype% and %AsyncGeneratorPrototype%: `next`, `return` and `throw` (the
//! generator machinery is in vm/generator.rs).

use super::*;
use crate::vm::{RESUME_NEXT, RESUME_RETURN, RESUME_THROW};

/// Runs after iterator.rs (the generators' prototypes inherit %IteratorPrototype% and a new
/// %AsyncIteratorPrototype%).
pub(super) fn install(b: &mut RealmBuilder) {
    let wk = b.realm.well_known.clone();
    let iterator_proto = b.realm.iter.iterator_proto;
    let object_proto = b.realm.object_proto;
    let async_iterator_proto = b.obj(Some(object_proto), Kind::Ordinary);
    let this_fn = b.def(
        async_iterator_proto,
        "[Symbol.asyncIterator]",
        return_this,
        0,
    );
    let props = &mut b.heap.get_mut(async_iterator_proto).props;
    props.remove(&JsStr::from_str("[Symbol.asyncIterator]"));
    props.insert(wk.async_iterator.clone(), Value::Obj(this_fn), HIDDEN);
    for (proto, parent, tag) in [
        (b.realm.generator_proto, iterator_proto, "Generator"),
        (
            b.realm.async_generator_proto,
            async_iterator_proto,
            "AsyncGenerator",
        ),
    ] {
        let o = b.heap.get_mut(proto);
        o.proto = Some(parent);
        o.props.insert(wk.to_string_tag.clone(), Value::str(tag), 0);
    }
    // The generator functions' own prototypes: `prototype` is the generator objects'.
    for (fproto, proto, tag) in [
        (
            b.realm.generator_function_proto,
            b.realm.generator_proto,
            "GeneratorFunction",
        ),
        (
            b.realm.async_generator_function_proto,
            b.realm.async_generator_proto,
            "AsyncGeneratorFunction",
        ),
    ] {
        let props = &mut b.heap.get_mut(fproto).props;
        props.insert(wk.to_string_tag.clone(), Value::str(tag), 0);
        props.insert(JsStr::from_str("prototype"), Value::Obj(proto), 0);
        b.heap
            .get_mut(proto)
            .props
            .insert(JsStr::from_str("constructor"), Value::Obj(fproto), 0);
    }
    let proto = b.realm.generator_proto;
    b.def(proto, "next", next, 1);
    b.def(proto, "return", return_, 1);
    b.def(proto, "throw", throw, 1);
    let proto = b.realm.async_generator_proto;
    b.def(proto, "next", async_next, 1);
    b.def(proto, "return", async_return, 1);
    b.def(proto, "throw", async_throw, 1);
}

fn return_this(_: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    Ok(this.clone())
}
fn async_next(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.async_gen_method(this, arg(a, 0), RESUME_NEXT)
}
fn async_return(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.async_gen_method(this, arg(a, 0), RESUME_RETURN)
}
fn async_throw(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.async_gen_method(this, arg(a, 0), RESUME_THROW)
}

fn next(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, arg(a, 0), RESUME_NEXT, false)
}
fn return_(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, arg(a, 0), RESUME_RETURN, false)
}
fn throw(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, arg(a, 0), RESUME_THROW, false)
}

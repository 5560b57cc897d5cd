//! %GeneratorPrototype% and %AsyncGeneratorPrototype%: `next`, `return` and `throw` (the
//! generator machinery is in vm/generator.rs).

use super::*;
use crate::vm::{RESUME_NEXT, RESUME_RETURN, RESUME_THROW};

pub(super) fn install(b: &mut RealmBuilder) {
    let proto = b.realm.generator_proto;
    b.def(proto, "next", next, 1);
    b.def(proto, "return", return_, 1);
    b.def(proto, "throw", throw, 1);
    let proto = b.realm.async_generator_proto;
    b.def(proto, "next", async_next, 1);
    b.def(proto, "return", async_return, 1);
    b.def(proto, "throw", async_throw, 1);
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
    vm.gen_method(this, arg(a, 0), RESUME_NEXT)
}
fn return_(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, arg(a, 0), RESUME_RETURN)
}
fn throw(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    vm.gen_method(this, arg(a, 0), RESUME_THROW)
}

//! %GeneratorPrototype%: `next`, `return` and `throw` (the generator machinery is in
//! vm/generator.rs).

use super::*;
use crate::vm::{RESUME_NEXT, RESUME_RETURN, RESUME_THROW};

pub(super) fn install(b: &mut RealmBuilder) {
    let proto = b.realm.generator_proto;
    b.def(proto, "next", next, 1);
    b.def(proto, "return", return_, 1);
    b.def(proto, "throw", throw, 1);
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

//! Promise.prototype.then (the constructor and the rest are self-hosted in prelude.js).

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let promise_proto = b.realm.promise_proto;
    // Promise (constructor is self-hosted; these are the primitives)
    b.def(promise_proto, "then", promise_then, 2);
    b.heap.get_mut(promise_proto).props.insert(
        JsStr::from_str("__cm_tag"),
        Value::str("Promise"),
        0,
    );
}

pub(crate) fn promise_then(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let Some(p) = vm.is_promise(this) else {
        return Err(vm.type_error("Method Promise.prototype.then called on incompatible receiver"));
    };
    let f = arg(a, 0);
    let r = arg(a, 1);
    let f = if vm.is_callable(&f) {
        f
    } else {
        Value::Undefined
    };
    let r = if vm.is_callable(&r) {
        r
    } else {
        Value::Undefined
    };
    let d = vm.new_promise();
    vm.perform_then(p, f, r, ReactionTarget::Promise(d));
    Ok(Value::Obj(d))
}

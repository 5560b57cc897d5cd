//! console.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    // console
    let console = b.obj(Some(object_proto), Kind::Ordinary);
    b.set(global, "console", Value::Obj(console));
    for name in ["log", "info", "warn", "error", "debug"] {
        b.def(console, name, console_log, 0);
    }
}

pub(crate) fn console_log(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let line = crate::format::format_log(vm, a)?;
    vm.charge(line.len())?;
    vm.logs.push(line);
    Ok(Value::Undefined)
}

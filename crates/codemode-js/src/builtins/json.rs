//! JSON and structuredClone (a JSON round trip).

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    // JSON
    let json = b.obj(Some(object_proto), Kind::Ordinary);
    b.set(global, "JSON", Value::Obj(json));
    b.def(json, "parse", crate::format::json_parse_native, 2);
    b.def(global, "structuredClone", structured_clone, 1);
}

pub(crate) fn structured_clone(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    let json = match crate::interop::export_value(vm, &v) {
        Ok(j) => j,
        Err(codemode_data::ExportError::DeadlinePassed) => {
            return Err(crate::interop::deadline_passed(vm))
        }
        Err(e) => return Err(vm.type_error(&format!("structuredClone: {e}"))),
    };
    match crate::interop::import_value(vm, &json) {
        Ok(v) => Ok(v),
        Err(e) => Err(Throw::Value(e)),
    }
}

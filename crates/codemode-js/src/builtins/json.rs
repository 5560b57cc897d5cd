//! JSON (its parse; stringify is in prelude.js) and the structuredClone global.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    // JSON
    let json = b.obj(Some(object_proto), Kind::Ordinary);
    b.set(global, "JSON", Value::Obj(json));
    b.def(json, "parse", crate::format::json_parse_native, 2);
    b.def(global, "structuredClone", super::clone::structured_clone, 1);
}

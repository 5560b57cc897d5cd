//! The Error constructors (one table) and Error.prototype.

use super::*;

/// Picks an error kind's prototype out of the realm.
type ProtoOf = fn(&Realm) -> ObjRef;

/// The error constructors: name and the realm's prototype for it. Error is first: the
/// others inherit from it (their constructors' prototype is Error, as in ECMAScript).
pub(crate) const ERRORS: [(&str, ProtoOf); 8] = [
    ("Error", |r| r.error_proto),
    ("TypeError", |r| r.type_error_proto),
    ("RangeError", |r| r.range_error_proto),
    ("SyntaxError", |r| r.syntax_error_proto),
    ("ReferenceError", |r| r.reference_error_proto),
    ("AggregateError", |r| r.aggregate_error_proto),
    ("URIError", |r| r.uri_error_proto),
    ("EvalError", |r| r.eval_error_proto),
];
const AGGREGATE: usize = 5;

/// The constructor of `ERRORS[K]`: one function, instantiated per entry of the table.
fn error_ctor<const K: usize>(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = (ERRORS[K].1)(&vm.realm);
    if K == AGGREGATE {
        return aggregate_error(vm, p, a);
    }
    make_error_with(vm, p, a)
}

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let ctors: [NativeFn; 8] = [
        error_ctor::<0>,
        error_ctor::<1>,
        error_ctor::<2>,
        error_ctor::<3>,
        error_ctor::<4>,
        error_ctor::<AGGREGATE>,
        error_ctor::<6>,
        error_ctor::<7>,
    ];
    let mut base = None;
    for ((name, proto_of), f) in ERRORS.into_iter().zip(ctors) {
        let proto = proto_of(&b.realm);
        let c = b.def(global, name, f, 1);
        b.link(c, proto);
        b.set(proto, "name", Value::str(name));
        b.set(proto, "message", Value::str(""));
        match base {
            None => base = Some(c),
            Some(error_ctor) => b.heap.get_mut(c).proto = Some(error_ctor),
        }
    }
    let error_proto = b.realm.error_proto;
    b.def(error_proto, "toString", error_to_string, 0);
}

pub(crate) fn make_error_with(vm: &mut Vm, proto: ObjRef, a: &[Value]) -> JsResult<Value> {
    let o = vm.alloc(Some(proto), Kind::Error);
    if let Some(m) = a.first() {
        if !matches!(m, Value::Undefined) {
            let s = vm.to_string(m)?;
            vm.define_hidden(o, "message", Value::Str(s));
        }
    }
    if let Some(opts @ Value::Obj(_)) = a.get(1) {
        if vm.has_property(opts, &Value::str("cause"))? {
            let c = vm.get_prop(opts, &JsStr::from_str("cause"))?;
            vm.define_hidden(o, "cause", c);
        }
    }
    Ok(Value::Obj(o))
}
fn aggregate_error(vm: &mut Vm, p: ObjRef, a: &[Value]) -> JsResult<Value> {
    let errs = vm.iterate_to_vec(&arg(a, 0))?;
    let o = make_error_with(vm, p, a.get(1..).unwrap_or(&[]))?;
    let arr = vm.new_array(errs);
    if let Value::Obj(r) = o {
        vm.define_hidden(r, "errors", Value::Obj(arr));
    }
    Ok(o)
}
pub(crate) fn error_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !matches!(this, Value::Obj(_)) {
        return Err(vm.type_error("Error.prototype.toString requires that 'this' be an Object"));
    }
    let name = vm.get_prop(this, &JsStr::from_str("name"))?;
    let name = if matches!(name, Value::Undefined) {
        JsStr::from_str("Error")
    } else {
        vm.to_string(&name)?
    };
    let msg = vm.get_prop(this, &JsStr::from_str("message"))?;
    let msg = if matches!(msg, Value::Undefined) {
        JsStr::from_str("")
    } else {
        vm.to_string(&msg)?
    };
    // Built from the units (a lone surrogate survives) and counted like any string.
    match (name.is_empty(), msg.is_empty()) {
        (_, true) => Ok(Value::Str(name)),
        (true, false) => Ok(Value::Str(msg)),
        _ => vm.concat_strings(&[
            StrPart::Units(name.units()),
            StrPart::Ascii(": "),
            StrPart::Units(msg.units()),
        ]),
    }
}

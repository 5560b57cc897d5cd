//! Function and Function.prototype.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    // Function.prototype is itself a function (ECMAScript): it accepts any arguments and
    // returns undefined, so `typeof Function.prototype` is "function".
    b.natives.push((function_proto_call, "", 0));
    let id = (b.natives.len() - 1) as u16;
    b.heap.get_mut(b.realm.function_proto).kind = Kind::Native(id);
    let global = b.realm.global;
    let function_proto = b.realm.function_proto;
    // Function
    let function = b.def(global, "Function", function_ctor, 1);
    b.link(function, function_proto);
    b.def(function_proto, "call", function_call, 1);
    b.def(function_proto, "apply", function_apply, 2);
    b.def(function_proto, "bind", function_bind, 1);
    b.def(function_proto, "toString", function_to_string, 0);
}

pub(crate) fn function_ctor(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Err(vm.type_error("the Function constructor (code from strings) is not supported"))
}
pub(crate) fn function_call(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let rest = a.get(1..).map(|s| s.to_vec()).unwrap_or_default();
    vm.tail_call = Some((this.clone(), arg(a, 0), rest));
    Ok(Value::Undefined)
}
pub(crate) fn function_apply(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    // CreateListFromArrayLike: arrays and array-likes, never other primitives or iterables.
    let args = match arg(a, 1) {
        Value::Undefined | Value::Null => Vec::new(),
        v if is_array_value(vm, &v) => vm.array_items(&v)?,
        v @ Value::Obj(_) => {
            let len = generic_len(vm, &v, "apply")?;
            generic_items(vm, &v, 0.0, len)?
        }
        _ => return Err(vm.type_error("CreateListFromArrayLike called on non-object")),
    };
    vm.tail_call = Some((this.clone(), arg(a, 0), args));
    Ok(Value::Undefined)
}
pub(crate) fn function_bind(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !vm.is_callable(this) {
        return Err(vm.type_error("Bind must be called on a function"));
    }
    let rest = a.get(1..).map(|s| s.to_vec()).unwrap_or_default();
    // The bound function's own `length` (what is left of the target's) and `name`.
    let length = match own_descriptor(vm, this, &JsStr::from_str("length"))? {
        Some(_) => match vm.get_prop(this, &JsStr::from_str("length"))? {
            Value::Num(n) if n.is_nan() => 0.0,
            // Not `f64::max`: which zero it returns for -0 and +0 is unspecified, and a
            // target length of -0 must give +0.
            Value::Num(n) => {
                let left = n.trunc() - rest.len() as f64;
                if left > 0.0 {
                    left
                } else {
                    0.0
                }
            }
            _ => 0.0,
        },
        None => 0.0,
    };
    // "bound " + the target's name: a chain of binds makes ever longer names, each a copy
    // counted like any other string the program builds.
    let name = match vm.get_prop(this, &JsStr::from_str("name"))? {
        Value::Str(s) => s,
        _ => JsStr::from_str(""),
    };
    let name = vm.concat_strings(&[StrPart::Ascii("bound "), StrPart::Units(name.units())])?;
    vm.reserve_array(rest.len())?;
    vm.heap.charge(
        std::mem::size_of::<(Value, Value, Vec<Value>)>()
            + rest.len() * std::mem::size_of::<Value>(),
    );
    let fp = vm.realm.function_proto;
    let bound = vm.alloc(
        Some(fp),
        Kind::Bound(Box::new((this.clone(), arg(a, 0), rest))),
    );
    let props = &mut vm.heap.get_mut(bound).props;
    props.insert(JsStr::from_str("length"), Value::Num(length), 0);
    props.insert(JsStr::from_str("name"), name, 0);
    Ok(Value::Obj(bound))
}
pub(crate) fn function_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let name = vm.get_prop(this, &JsStr::from_str("name"))?;
    let name = vm.to_string(&name)?;
    vm.concat_strings(&[
        StrPart::Ascii("function "),
        StrPart::Units(name.units()),
        StrPart::Ascii("() { [native code] }"),
    ])
}
pub(crate) fn function_proto_call(_vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Undefined)
}

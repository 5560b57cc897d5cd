//! The intrinsics the self-hosted prelude (prelude.js) calls, and dynamic import.

use super::*;

pub static INTRINSICS: &[(&str, NativeFn)] = &[
    ("def", intr_def),
    ("newPromise", intr_new_promise),
    ("resolvers", intr_resolvers),
    ("promiseResolve", intr_promise_resolve),
    ("promiseReject", intr_promise_reject),
    ("isPromise", intr_is_promise),
    ("unwrap", intr_unwrap),
    ("setConverter", intr_set_converter),
    ("setHook", intr_set_hook),
    ("defineData", intr_define_data),
    ("quote", intr_quote),
    ("isArray", intr_is_array),
    ("ownKeys", intr_own_keys),
    ("len", intr_len),
    ("push", intr_push),
    ("typeError", intr_type_error),
    ("rangeError", intr_range_error),
    ("error", intr_error),
    ("isCallable", intr_is_callable),
    ("numToString", intr_num_to_string),
    ("toStr", intr_to_str),
    ("toNum", intr_to_num),
    ("promiseProto", intr_promise_proto),
    ("setProto", intr_set_proto),
    ("literalProto", intr_literal_proto),
    ("dynamicImport", intr_dynamic_import),
    ("markHandled", intr_mark_handled),
    ("isErrorish", intr_is_errorish),
    ("strIndex", intr_str_index),
    ("newArray", intr_new_array),
    ("isDense", intr_is_dense),
    ("builtinTag", intr_builtin_tag),
    ("chargeFuel", intr_charge),
    ("jsonBudget", crate::json::intr_json_budget),
    ("jsonTooLarge", crate::json::intr_json_too_large),
    ("regexpLiteral", super::regexp::intr_regexp_literal),
    ("isRegExp", super::regexp::intr_is_regexp),
    ("regexpFlags", super::regexp::intr_regexp_flags),
    ("regexpReplace", super::regexp::intr_regexp_replace),
    ("strMatch", super::regexp::intr_str_match),
    ("strSearch", super::regexp::intr_str_search),
    ("strSplit", super::regexp::intr_str_split),
    ("regexpTest", super::regexp::intr_regexp_test),
    ("isConstructor", intr_is_constructor),
    ("helper", super::iterator_helpers::intr_helper),
    ("helperStop", super::iterator_helpers::intr_helper_stop),
    ("wrap", super::iterator_helpers::intr_wrap),
    ("regexpLiteralTest", super::regexp::intr_regexp_literal_test),
    (
        "regexpLiteralSplit",
        super::regexp::intr_regexp_literal_split,
    ),
];

pub(crate) fn intr_def(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let (Value::Obj(o), Value::Str(k)) = (arg(a, 0), arg(a, 1)) {
        vm.heap.get_mut(o).props.insert(k, arg(a, 2), HIDDEN);
    }
    Ok(Value::Undefined)
}
pub(crate) fn intr_new_promise(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.new_promise()))
}
pub(crate) fn intr_resolvers(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Obj(p) = arg(a, 0) else {
        return Ok(Value::Undefined);
    };
    let (r, j) = vm.make_resolvers(p);
    Ok(Value::Obj(vm.new_array(vec![r, j])))
}
pub(crate) fn intr_promise_resolve(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.promise_resolve(arg(a, 0))?))
}
pub(crate) fn intr_promise_reject(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.new_promise();
    vm.settle(p, arg(a, 0), true);
    Ok(Value::Obj(p))
}
pub(crate) fn intr_set_converter(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    vm.realm.converter = arg(a, 0).as_obj();
    Ok(Value::Undefined)
}
pub(crate) fn intr_set_hook(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Value::Num(i) = arg(a, 0) {
        if let Some(slot) = vm.realm.hooks.get_mut(i as usize) {
            *slot = arg(a, 1).as_obj();
        }
    }
    Ok(Value::Undefined)
}
/// `__cm_defineData(o, key, v)`: CreateDataProperty (no setter intercepts it).
pub(crate) fn intr_define_data(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Obj(o) = arg(a, 0) else {
        return Ok(Value::Undefined);
    };
    let key = vm.to_property_key(&arg(a, 1))?;
    if let Kind::Array(_) = vm.heap.get(o).kind {
        return vm
            .set_prop(&Value::Obj(o), key, arg(a, 2))
            .map(|_| Value::Undefined);
    }
    vm.heap
        .get_mut(o)
        .props
        .insert(key, arg(a, 2), DEFAULT_FLAGS);
    vm.heap.charge(crate::heap::PROP_COST);
    Ok(Value::Undefined)
}
/// The primitive value of a wrapper object, or the value itself.
pub(crate) fn intr_unwrap(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    Ok(vm.wrapped(&v).unwrap_or(v))
}
pub(crate) fn intr_is_promise(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.is_promise(&arg(a, 0)).is_some()))
}
pub(crate) fn intr_mark_handled(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some(p) = vm.is_promise(&arg(a, 0)) {
        if let Kind::Promise(pd) = &mut vm.heap.get_mut(p).kind {
            pd.handled = true;
        }
        vm.unhandled.retain(|x| *x != p);
    }
    Ok(Value::Undefined)
}
pub(crate) fn intr_quote(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Str(s) = arg(a, 0) else {
        return Ok(Value::Undefined);
    };
    // A scan per unit, and the quoted text (up to six units per unit) counted before it is
    // built: a loop quoting one long string must meet the deadline and the memory limit.
    vm.charge(s.len())?;
    vm.reserve_string(crate::format::json_quoted_len(s.units()))?;
    let out = crate::format::json_quote(s.units());
    vm.new_string(out)
}
pub(crate) fn intr_is_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Obj(r) if matches!(vm.heap.get(r).kind, Kind::Array(_))),
    ))
}
pub(crate) fn intr_own_keys(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let keys = match arg(a, 0) {
        Value::Obj(r) => {
            reserve_keys(vm, r)?;
            // With a true second argument, enumerable symbol keys too (spread, assign).
            let symbols = arg(a, 1).truthy();
            vm.own_keys_and_symbols(r, symbols)
                .into_iter()
                .map(|k| {
                    if k.is_symbol() {
                        Value::Sym(k)
                    } else {
                        Value::Str(k)
                    }
                })
                .collect()
        }
        _ => Vec::new(),
    };
    Ok(Value::Obj(vm.new_array(keys)))
}
pub(crate) fn intr_builtin_tag(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    super::object::builtin_tag(vm, &arg(a, 0), &[])
}
pub(crate) fn intr_len(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(match arg(a, 0) {
        Value::Obj(r) => match &vm.heap.get(r).kind {
            Kind::Array(v) => v.len() as f64,
            _ => 0.0,
        },
        Value::Str(s) => s.len() as f64,
        _ => 0.0,
    }))
}
pub(crate) fn intr_push(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    array_push(vm, &arg(a, 0), &a[1.min(a.len())..])
}
pub(crate) fn intr_type_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.type_error(&m))
}
pub(crate) fn intr_range_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.range_error(&m))
}
pub(crate) fn intr_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.plain_error(&m))
}
pub(crate) fn intr_is_constructor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(match arg(a, 0) {
        Value::Obj(r) => vm.is_constructor(r),
        _ => false,
    }))
}
pub(crate) fn intr_is_callable(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.is_callable(&arg(a, 0))))
}
pub(crate) fn intr_num_to_string(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    match arg(a, 0) {
        Value::Num(n) => Ok(Value::str(&number::to_string(n))),
        v => Ok(v),
    }
}
pub(crate) fn intr_to_str(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Str(vm.to_string(&arg(a, 0))?))
}
pub(crate) fn intr_to_num(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(vm.to_number(&arg(a, 0))?))
}
pub(crate) fn intr_promise_proto(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.realm.promise_proto))
}
pub(crate) fn intr_set_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Value::Obj(o) = arg(a, 0) {
        vm.heap.get_mut(o).proto = arg(a, 1).as_obj();
    }
    Ok(Value::Undefined)
}
/// `__proto__: v` in an object literal: the fresh object (which nothing else can reach
/// yet, so no cycle can form) takes v as its prototype when v is an object or null.
pub(crate) fn intr_literal_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Value::Obj(o) = arg(a, 0) {
        match arg(a, 1) {
            Value::Obj(p) => vm.heap.get_mut(o).proto = Some(p),
            Value::Null => vm.heap.get_mut(o).proto = None,
            _ => {}
        }
    }
    Ok(Value::Undefined)
}
pub(crate) fn intr_is_errorish(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Obj(r) if matches!(vm.heap.get(r).kind, Kind::Error)),
    ))
}
pub(crate) fn intr_str_index(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    // indexOf(haystack, needle, from) on code units.
    let h = vm.to_string(&arg(a, 0))?;
    let n = vm.to_string(&arg(a, 1))?;
    let from = vm.to_number(&arg(a, 2))? as usize;
    Ok(Value::Num(
        find_units_bounded(vm, h.units(), n.units(), from)?
            .map(|x| x as f64)
            .unwrap_or(-1.0),
    ))
}
pub(crate) fn intr_new_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let n = vm.to_number(&arg(a, 0))?;
    if !(n >= 0.0 && n.fract() == 0.0) {
        return Err(vm.range_error("Invalid array length"));
    }
    vm.reserve_array(n as usize)?;
    // Undefined, not holes: the prelude fills it, and an own element is written in place
    // (CreateDataProperty) where a hole would look for a setter on the prototypes.
    Ok(Value::Obj(vm.new_array(vec![Value::Undefined; n as usize])))
}
/// `__cm_isDense(o)`: o is an array without holes (its methods may read every index).
pub(crate) fn intr_is_dense(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(match arg(a, 0) {
        Value::Obj(r) if is_array_value(vm, &Value::Obj(r)) => dense(vm, r)?,
        _ => false,
    }))
}
pub(crate) fn intr_charge(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let n = vm.to_number(&arg(a, 0))?;
    vm.charge(n.max(0.0) as usize)?;
    Ok(Value::Undefined)
}
pub(crate) fn intr_dynamic_import(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = arg(a, 0);
    let ns = vm.new_object();
    vm.copy_props(ns, &m, &[])?;
    vm.heap
        .get_mut(ns)
        .props
        .insert(JsStr::from_str("default"), m, DEFAULT_FLAGS);
    Ok(Value::Obj(vm.promise_resolve(Value::Obj(ns))?))
}

/// `import`/`require` of a Node module name: the extension global that provides it.
pub fn import_module(vm: &mut Vm, name: &Value) -> JsResult<Value> {
    let name = vm.to_rust_string(name)?;
    let bare = name.strip_prefix("node:").unwrap_or(&name);
    let bare = match bare {
        "fs/promises" => "fs",
        "dns/promises" => "dns",
        "timers/promises" => "timers",
        b => b,
    };
    let g = vm.realm.global;
    if let Some(v) = vm.heap.get(g).props.get(&JsStr::from_str(bare)) {
        if matches!(v, Value::Obj(_)) {
            return Ok(v.clone());
        }
    }
    if matches!(bare, "url" | "util" | "buffer") {
        return Ok(Value::Obj(g));
    }
    Err(vm.plain_error(&format!("Cannot find module '{name}'")))
}

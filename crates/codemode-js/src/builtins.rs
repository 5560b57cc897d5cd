//! Built-in objects implemented in Rust, the realm they live in, and the intrinsics the
//! self-hosted prelude (prelude.js) calls.

use crate::heap::*;
use crate::limits::{find_units_bounded, rfind_units_bounded};
use crate::number;
use crate::value::*;
use crate::vm::{JsResult, Throw, Vm};

pub type NativeFn = fn(&mut Vm, &Value, &[Value]) -> JsResult<Value>;

#[derive(Clone, Debug)]
pub struct Realm {
    pub global: ObjRef,
    pub object_proto: ObjRef,
    pub function_proto: ObjRef,
    pub array_proto: ObjRef,
    pub string_proto: ObjRef,
    pub number_proto: ObjRef,
    pub boolean_proto: ObjRef,
    pub promise_proto: ObjRef,
    pub error_proto: ObjRef,
    pub type_error_proto: ObjRef,
    pub range_error_proto: ObjRef,
    pub syntax_error_proto: ObjRef,
    pub reference_error_proto: ObjRef,
    pub aggregate_error_proto: ObjRef,
    /// The prelude's `convert`: operators whose operands need a program-defined
    /// valueOf/toString run there (see `Vm::call_converter`).
    pub converter: Option<ObjRef>,
}

impl Realm {
    pub fn roots(&self) -> Vec<ObjRef> {
        vec![
            self.global,
            self.object_proto,
            self.function_proto,
            self.array_proto,
            self.string_proto,
            self.number_proto,
            self.boolean_proto,
            self.promise_proto,
            self.error_proto,
            self.type_error_proto,
            self.range_error_proto,
            self.syntax_error_proto,
            self.reference_error_proto,
            self.aggregate_error_proto,
        ]
        .into_iter()
        .chain(self.converter)
        .collect()
    }
}

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).cloned().unwrap_or_default()
}

/// Builds the realm's objects into `heap`; returns the realm and the native table.
pub fn build_realm(heap: &mut Heap) -> (Realm, Vec<(NativeFn, &'static str, u8)>) {
    let mut natives: Vec<(NativeFn, &'static str, u8)> = Vec::new();
    let obj =
        |heap: &mut Heap, proto: Option<ObjRef>, kind: Kind| heap.alloc(Object::new(proto, kind));
    let object_proto = obj(heap, None, Kind::Ordinary);
    let function_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let array_proto = obj(heap, Some(object_proto), Kind::Array(Vec::new()));
    let string_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let number_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let boolean_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let promise_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let error_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let mk_err = |heap: &mut Heap| heap.alloc(Object::new(Some(error_proto), Kind::Ordinary));
    let type_error_proto = mk_err(heap);
    let range_error_proto = mk_err(heap);
    let syntax_error_proto = mk_err(heap);
    let reference_error_proto = mk_err(heap);
    let aggregate_error_proto = mk_err(heap);
    let global = obj(heap, Some(object_proto), Kind::Ordinary);
    let realm = Realm {
        global,
        object_proto,
        function_proto,
        array_proto,
        string_proto,
        number_proto,
        boolean_proto,
        promise_proto,
        error_proto,
        type_error_proto,
        range_error_proto,
        syntax_error_proto,
        reference_error_proto,
        aggregate_error_proto,
        converter: None,
    };
    let mut def = |heap: &mut Heap, target: ObjRef, name: &'static str, f: NativeFn, len: u8| {
        natives.push((f, name, len));
        let id = (natives.len() - 1) as u16;
        let fo = heap.alloc(Object::new(Some(function_proto), Kind::Native(id)));
        heap.get_mut(target)
            .props
            .insert(JsStr::from_str(name), Value::Obj(fo), HIDDEN);
        fo
    };
    let set = |heap: &mut Heap, target: ObjRef, name: &str, v: Value| {
        heap.get_mut(target)
            .props
            .insert(JsStr::from_str(name), v, HIDDEN);
    };
    let link = |heap: &mut Heap, ctor: ObjRef, proto: ObjRef| {
        heap.get_mut(ctor)
            .props
            .insert(JsStr::from_str("prototype"), Value::Obj(proto), 0);
        heap.get_mut(proto)
            .props
            .insert(JsStr::from_str("constructor"), Value::Obj(ctor), HIDDEN);
    };

    set(heap, global, "globalThis", Value::Obj(global));
    set(heap, global, "NaN", Value::Num(f64::NAN));
    set(heap, global, "Infinity", Value::Num(f64::INFINITY));
    set(heap, global, "undefined", Value::Undefined);

    // Object
    let object = def(heap, global, "Object", object_ctor, 1);
    link(heap, object, object_proto);
    def(heap, object, "keys", object_keys, 1);
    def(heap, object, "values", object_values, 1);
    def(heap, object, "entries", object_entries, 1);
    def(heap, object, "assign", object_assign, 2);
    def(heap, object, "freeze", object_freeze, 1);
    def(heap, object, "isFrozen", object_is_frozen, 1);
    def(heap, object, "fromEntries", object_from_entries, 1);
    def(heap, object, "hasOwn", object_has_own, 2);
    def(heap, object, "getPrototypeOf", object_get_proto, 1);
    def(heap, object, "create", object_create, 2);
    def(heap, object, "is", object_is, 2);
    def(
        heap,
        object,
        "getOwnPropertyNames",
        object_get_own_property_names,
        1,
    );
    def(
        heap,
        object,
        "getOwnPropertyDescriptor",
        object_get_own_property_descriptor,
        2,
    );
    def(heap, object, "defineProperty", object_define_property, 3);
    def(
        heap,
        object,
        "defineProperties",
        object_define_properties,
        2,
    );
    def(heap, object, "isExtensible", object_is_extensible, 1);
    def(heap, object, "seal", object_seal, 1);
    def(heap, object, "isSealed", object_is_sealed, 1);
    def(
        heap,
        object,
        "preventExtensions",
        object_prevent_extensions,
        1,
    );
    def(
        heap,
        object_proto,
        "isPrototypeOf",
        object_proto_is_prototype_of,
        1,
    );
    def(
        heap,
        object_proto,
        "propertyIsEnumerable",
        object_proto_property_is_enumerable,
        1,
    );
    def(
        heap,
        object_proto,
        "hasOwnProperty",
        object_proto_has_own,
        1,
    );
    def(heap, object_proto, "toString", object_proto_to_string, 0);
    def(
        heap,
        object_proto,
        "toLocaleString",
        object_proto_to_string,
        0,
    );
    def(heap, object_proto, "valueOf", object_proto_value_of, 0);

    // Function
    let function = def(heap, global, "Function", function_ctor, 1);
    link(heap, function, function_proto);
    def(heap, function_proto, "call", function_call, 1);
    def(heap, function_proto, "apply", function_apply, 2);
    def(heap, function_proto, "bind", function_bind, 1);
    def(heap, function_proto, "toString", function_to_string, 0);

    // Array
    let array = def(heap, global, "Array", array_ctor, 1);
    link(heap, array, array_proto);
    def(heap, array, "isArray", array_is_array, 1);
    def(heap, array, "of", array_of, 0);
    for (name, f, len) in [
        ("push", array_push as NativeFn, 1u8),
        ("pop", array_pop, 0),
        ("shift", array_shift, 0),
        ("unshift", array_unshift, 1),
        ("slice", array_slice, 2),
        ("splice", array_splice, 2),
        ("concat", array_concat, 1),
        ("join", array_join, 1),
        ("reverse", array_reverse, 0),
        ("indexOf", array_index_of, 1),
        ("lastIndexOf", array_last_index_of, 1),
        ("includes", array_includes, 1),
        ("at", array_at, 1),
        ("fill", array_fill, 1),
        ("keys", array_keys, 0),
        ("values", array_values, 0),
        ("entries", array_entries, 0),
        ("toString", array_to_string, 0),
        ("flat", array_flat, 0),
    ] {
        def(heap, array_proto, name, f, len);
    }

    // String
    let string = def(heap, global, "String", string_ctor, 1);
    link(heap, string, string_proto);
    // String.prototype is itself the String object of "" (ECMAScript), so it has a length.
    heap.get_mut(string_proto).props.insert(
        JsStr::from_str("length"),
        Value::Num(0.0),
        NON_CONFIGURABLE,
    );
    def(heap, string, "fromCharCode", string_from_char_code, 1);
    def(heap, string, "fromCodePoint", string_from_code_point, 1);
    for (name, f, len) in [
        ("charAt", str_char_at as NativeFn, 1u8),
        ("charCodeAt", str_char_code_at, 1),
        ("codePointAt", str_code_point_at, 1),
        ("at", str_at, 1),
        ("indexOf", str_index_of, 1),
        ("lastIndexOf", str_last_index_of, 1),
        ("includes", str_includes, 1),
        ("startsWith", str_starts_with, 1),
        ("endsWith", str_ends_with, 1),
        ("slice", str_slice, 2),
        ("substring", str_substring, 2),
        ("substr", str_substr, 2),
        ("toUpperCase", str_upper, 0),
        ("toLowerCase", str_lower, 0),
        ("toLocaleUpperCase", str_upper, 0),
        ("toLocaleLowerCase", str_lower, 0),
        ("trim", str_trim, 0),
        ("trimStart", str_trim_start, 0),
        ("trimEnd", str_trim_end, 0),
        ("padStart", str_pad_start, 2),
        ("padEnd", str_pad_end, 2),
        ("repeat", str_repeat, 1),
        ("split", str_split, 2),
        ("concat", str_concat, 1),
        ("localeCompare", str_locale_compare, 1),
        ("normalize", str_normalize, 0),
        ("toString", str_value_of, 0),
        ("valueOf", str_value_of, 0),
    ] {
        def(heap, string_proto, name, f, len);
    }

    // Number
    let numberc = def(heap, global, "Number", number_ctor, 1);
    link(heap, numberc, number_proto);
    def(heap, numberc, "isInteger", number_is_integer, 1);
    def(heap, numberc, "isSafeInteger", number_is_safe_integer, 1);
    def(heap, numberc, "isFinite", number_is_finite, 1);
    def(heap, numberc, "isNaN", number_is_nan, 1);
    let pf = def(heap, numberc, "parseFloat", global_parse_float, 1);
    let pi = def(heap, numberc, "parseInt", global_parse_int, 2);
    set(heap, global, "parseFloat", Value::Obj(pf));
    set(heap, global, "parseInt", Value::Obj(pi));
    for (n, v) in [
        ("MAX_SAFE_INTEGER", 9007199254740991.0),
        ("MIN_SAFE_INTEGER", -9007199254740991.0),
        ("MAX_VALUE", f64::MAX),
        ("MIN_VALUE", 5e-324),
        ("EPSILON", f64::EPSILON),
        ("POSITIVE_INFINITY", f64::INFINITY),
        ("NEGATIVE_INFINITY", f64::NEG_INFINITY),
        ("NaN", f64::NAN),
    ] {
        set(heap, numberc, n, Value::Num(v));
    }
    def(heap, number_proto, "toFixed", num_to_fixed, 1);
    def(heap, number_proto, "toPrecision", num_to_precision, 1);
    def(heap, number_proto, "toExponential", num_to_exponential, 1);
    def(heap, number_proto, "toString", num_to_string, 1);
    def(heap, number_proto, "toLocaleString", num_to_string, 0);
    def(heap, number_proto, "valueOf", num_value_of, 0);

    let boolean = def(heap, global, "Boolean", boolean_ctor, 1);
    link(heap, boolean, boolean_proto);
    def(heap, boolean_proto, "toString", bool_to_string, 0);
    def(heap, boolean_proto, "valueOf", bool_value_of, 0);

    def(heap, global, "isNaN", global_is_nan, 1);
    def(heap, global, "isFinite", global_is_finite, 1);
    def(heap, global, "structuredClone", structured_clone, 1);

    // Math
    let math = obj(heap, Some(object_proto), Kind::Ordinary);
    set(heap, global, "Math", Value::Obj(math));
    for (n, v) in [
        ("PI", std::f64::consts::PI),
        ("E", std::f64::consts::E),
        ("LN2", std::f64::consts::LN_2),
        ("LN10", std::f64::consts::LN_10),
        ("LOG2E", std::f64::consts::LOG2_E),
        ("LOG10E", std::f64::consts::LOG10_E),
        ("SQRT2", std::f64::consts::SQRT_2),
        ("SQRT1_2", std::f64::consts::FRAC_1_SQRT_2),
    ] {
        set(heap, math, n, Value::Num(v));
    }
    for (name, f, len) in [
        ("abs", math_abs as NativeFn, 1u8),
        ("floor", math_floor, 1),
        ("ceil", math_ceil, 1),
        ("round", math_round, 1),
        ("trunc", math_trunc, 1),
        ("sign", math_sign, 1),
        ("sqrt", math_sqrt, 1),
        ("cbrt", math_cbrt, 1),
        ("exp", math_exp, 1),
        ("expm1", math_expm1, 1),
        ("log", math_log, 1),
        ("log2", math_log2, 1),
        ("log10", math_log10, 1),
        ("log1p", math_log1p, 1),
        ("sin", math_sin, 1),
        ("cos", math_cos, 1),
        ("tan", math_tan, 1),
        ("asin", math_asin, 1),
        ("acos", math_acos, 1),
        ("atan", math_atan, 1),
        ("sinh", math_sinh, 1),
        ("cosh", math_cosh, 1),
        ("tanh", math_tanh, 1),
        ("asinh", math_asinh, 1),
        ("acosh", math_acosh, 1),
        ("atanh", math_atanh, 1),
        ("fround", math_fround, 1),
        ("clz32", math_clz32, 1),
        ("atan2", math_atan2, 2),
        ("pow", math_pow, 2),
        ("imul", math_imul, 2),
        ("max", math_max, 2),
        ("min", math_min, 2),
        ("hypot", math_hypot, 2),
        ("random", math_random, 0),
    ] {
        def(heap, math, name, f, len);
    }

    // JSON
    let json = obj(heap, Some(object_proto), Kind::Ordinary);
    set(heap, global, "JSON", Value::Obj(json));
    def(heap, json, "parse", crate::format::json_parse_native, 2);

    // console
    let console = obj(heap, Some(object_proto), Kind::Ordinary);
    set(heap, global, "console", Value::Obj(console));
    for name in ["log", "info", "warn", "error", "debug"] {
        def(heap, console, name, console_log, 0);
    }

    // Errors
    let mut err_ctor = |heap: &mut Heap, name: &'static str, f: NativeFn, proto: ObjRef| {
        let c = def(heap, global, name, f, 1);
        link(heap, c, proto);
        heap.get_mut(proto)
            .props
            .insert(JsStr::from_str("name"), Value::str(name), HIDDEN);
        heap.get_mut(proto)
            .props
            .insert(JsStr::from_str("message"), Value::str(""), HIDDEN);
        c
    };
    let error_ctor_obj = err_ctor(heap, "Error", error_ctor, error_proto);
    for (name, f, p) in [
        ("TypeError", type_error_ctor as NativeFn, type_error_proto),
        ("RangeError", range_error_ctor, range_error_proto),
        ("SyntaxError", syntax_error_ctor, syntax_error_proto),
        (
            "ReferenceError",
            reference_error_ctor,
            reference_error_proto,
        ),
        (
            "AggregateError",
            aggregate_error_ctor,
            aggregate_error_proto,
        ),
    ] {
        let c = err_ctor(heap, name, f, p);
        heap.get_mut(c).proto = Some(error_ctor_obj);
    }
    def(heap, error_proto, "toString", error_to_string, 0);

    // Promise (constructor is self-hosted; these are the primitives)
    def(heap, promise_proto, "then", promise_then, 2);
    heap.get_mut(promise_proto)
        .props
        .insert(JsStr::from_str("__cm_tag"), Value::str("Promise"), 0);

    // search
    let search = obj(heap, Some(function_proto), Kind::Search);
    set(heap, global, "search", Value::Obj(search));

    (realm, natives)
}

// ---------------- intrinsics for the prelude ----------------

pub static INTRINSICS: &[(&str, NativeFn)] = &[
    ("def", intr_def),
    ("newPromise", intr_new_promise),
    ("resolvers", intr_resolvers),
    ("promiseResolve", intr_promise_resolve),
    ("promiseReject", intr_promise_reject),
    ("isPromise", intr_is_promise),
    ("unwrap", intr_unwrap),
    ("setConverter", intr_set_converter),
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
    ("dynamicImport", intr_dynamic_import),
    ("markHandled", intr_mark_handled),
    ("isErrorish", intr_is_errorish),
    ("strIndex", intr_str_index),
    ("newArray", intr_new_array),
    ("chargeFuel", intr_charge),
    ("jsonBudget", crate::json::intr_json_budget),
    ("jsonTooLarge", crate::json::intr_json_too_large),
];

fn intr_def(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let (Value::Obj(o), Value::Str(k)) = (arg(a, 0), arg(a, 1)) {
        vm.heap.get_mut(o).props.insert(k, arg(a, 2), HIDDEN);
    }
    Ok(Value::Undefined)
}
fn intr_new_promise(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.new_promise()))
}
fn intr_resolvers(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Obj(p) = arg(a, 0) else {
        return Ok(Value::Undefined);
    };
    let (r, j) = vm.make_resolvers(p);
    Ok(Value::Obj(vm.new_array(vec![r, j])))
}
fn intr_promise_resolve(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.promise_resolve(arg(a, 0))?))
}
fn intr_promise_reject(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.new_promise();
    vm.settle(p, arg(a, 0), true);
    Ok(Value::Obj(p))
}
fn intr_set_converter(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    vm.realm.converter = arg(a, 0).as_obj();
    Ok(Value::Undefined)
}
/// The primitive value of a wrapper object, or the value itself.
fn intr_unwrap(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    Ok(vm.wrapped(&v).unwrap_or(v))
}
fn intr_is_promise(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.is_promise(&arg(a, 0)).is_some()))
}
fn intr_mark_handled(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some(p) = vm.is_promise(&arg(a, 0)) {
        if let Kind::Promise(pd) = &mut vm.heap.get_mut(p).kind {
            pd.handled = true;
        }
        vm.unhandled.retain(|x| *x != p);
    }
    Ok(Value::Undefined)
}
fn intr_quote(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Str(s) = arg(a, 0) else {
        return Ok(Value::Undefined);
    };
    let out = crate::format::json_quote(s.units());
    vm.new_string(out)
}
fn intr_is_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Obj(r) if matches!(vm.heap.get(r).kind, Kind::Array(_))),
    ))
}
fn intr_own_keys(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let keys = match arg(a, 0) {
        Value::Obj(r) => {
            reserve_keys(vm, r)?;
            vm.own_keys(r).into_iter().map(Value::Str).collect()
        }
        _ => Vec::new(),
    };
    Ok(Value::Obj(vm.new_array(keys)))
}
fn intr_len(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(match arg(a, 0) {
        Value::Obj(r) => match &vm.heap.get(r).kind {
            Kind::Array(v) => v.len() as f64,
            _ => 0.0,
        },
        Value::Str(s) => s.len() as f64,
        _ => 0.0,
    }))
}
fn intr_push(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    array_push(vm, &arg(a, 0), &a[1.min(a.len())..])
}
fn intr_type_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.type_error(&m))
}
fn intr_range_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.range_error(&m))
}
fn intr_error(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let m = vm.to_rust_string(&arg(a, 0))?;
    Err(vm.plain_error(&m))
}
fn intr_is_callable(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.is_callable(&arg(a, 0))))
}
fn intr_num_to_string(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    match arg(a, 0) {
        Value::Num(n) => Ok(Value::str(&number::to_string(n))),
        v => Ok(v),
    }
}
fn intr_to_str(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Str(vm.to_string(&arg(a, 0))?))
}
fn intr_to_num(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(vm.to_number(&arg(a, 0))?))
}
fn intr_promise_proto(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.realm.promise_proto))
}
fn intr_set_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Value::Obj(o) = arg(a, 0) {
        vm.heap.get_mut(o).proto = arg(a, 1).as_obj();
    }
    Ok(Value::Undefined)
}
fn intr_is_errorish(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Obj(r) if matches!(vm.heap.get(r).kind, Kind::Error)),
    ))
}
fn intr_str_index(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
fn intr_new_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let n = vm.to_number(&arg(a, 0))?;
    if !(n >= 0.0 && n.fract() == 0.0) {
        return Err(vm.range_error("Invalid array length"));
    }
    vm.reserve_array(n as usize)?;
    Ok(Value::Obj(vm.new_array(vec![Value::Undefined; n as usize])))
}
fn intr_charge(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let n = vm.to_number(&arg(a, 0))?;
    vm.charge(n.max(0.0) as usize)?;
    Ok(Value::Undefined)
}
fn intr_dynamic_import(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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

// ---------------- Object ----------------

fn object_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    match arg(a, 0) {
        v @ Value::Obj(_) => Ok(v),
        v @ (Value::Num(_) | Value::Str(_) | Value::Bool(_)) => Ok(Value::Obj(vm.new_wrapper(v))),
        _ => Ok(Value::Obj(vm.new_object())),
    }
}
fn require_obj(vm: &mut Vm, v: &Value) -> JsResult<Option<ObjRef>> {
    match v {
        Value::Obj(r) => Ok(Some(*r)),
        Value::Undefined | Value::Null => {
            Err(vm.type_error("Cannot convert undefined or null to object"))
        }
        _ => Ok(None),
    }
}
/// Before `own_keys(r)`: its elements' keys are new strings, one per element.
fn reserve_keys(vm: &mut Vm, r: ObjRef) -> JsResult<()> {
    let o = vm.heap.get(r);
    let elements = match &o.kind {
        Kind::Array(items) => items.len(),
        Kind::Primitive(Value::Str(s)) => s.len(),
        _ => 0,
    };
    let n = elements + o.props.entries.len();
    vm.reserve_array(n)?;
    // The list of keys, then the array made of it.
    vm.ensure_memory(n * crate::limits::ELEMENT_COST)?;
    vm.reserve_strings(elements, elements * 8)?;
    vm.heap.charge(elements * JsStr::cost(8));
    Ok(())
}
fn keys_of(vm: &mut Vm, v: &Value) -> JsResult<Vec<JsStr>> {
    match v {
        Value::Str(s) => {
            vm.reserve_array(s.len())?;
            vm.reserve_strings(s.len(), s.len() * 8)?;
            vm.heap.charge(s.len() * JsStr::cost(8));
            let mut out = Vec::with_capacity(s.len());
            for i in 0..s.len() {
                vm.tick(i)?;
                out.push(JsStr::from_str(&i.to_string()));
            }
            Ok(out)
        }
        _ => match require_obj(vm, v)? {
            Some(r) => {
                reserve_keys(vm, r)?;
                Ok(vm.own_keys(r))
            }
            None => Ok(Vec::new()),
        },
    }
}
fn object_keys(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let keys = keys_of(vm, &arg(a, 0))?;
    let items = keys.into_iter().map(Value::Str).collect();
    Ok(Value::Obj(vm.new_array(items)))
}
fn object_values(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    let keys = keys_of(vm, &o)?;
    vm.reserve_array(keys.len())?;
    let mut items = Vec::with_capacity(keys.len());
    for (i, k) in keys.into_iter().enumerate() {
        vm.tick(i)?;
        items.push(vm.get_prop(&o, &k)?);
    }
    Ok(Value::Obj(vm.new_array(items)))
}
fn object_entries(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    let keys = keys_of(vm, &o)?;
    // The outer array, then one two-element array per key.
    vm.reserve_array(keys.len())?;
    vm.ensure_memory(keys.len() * (crate::heap::OBJECT_COST + 3 * crate::limits::ELEMENT_COST))?;
    let mut items = Vec::with_capacity(keys.len());
    for (i, k) in keys.into_iter().enumerate() {
        if i % crate::limits::DEADLINE_STRIDE == 0 {
            vm.check_deadline()?;
            vm.check_memory()?;
        }
        let v = vm.get_prop(&o, &k)?;
        let pair = vm.new_array(vec![Value::Str(k), v]);
        items.push(Value::Obj(pair));
    }
    Ok(Value::Obj(vm.new_array(items)))
}
fn object_assign(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let t = arg(a, 0);
    let Some(r) = require_obj(vm, &t)? else {
        return Ok(t);
    };
    for src in a.iter().skip(1) {
        if let Value::Obj(s) = src {
            let keys = vm.own_keys(*s);
            vm.charge(keys.len())?;
            for k in keys {
                let v = vm.get_prop(src, &k)?;
                strict_set(vm, r, k, v)?;
            }
        } else if let Value::Str(_) = src {
            vm.copy_props(r, src, &[])?;
        }
    }
    Ok(t)
}
/// Set(O, key, v, true): writing a read-only own property, or adding one to a non-extensible
/// object, is a TypeError (the VM's own assignment ignores those writes).
fn strict_set(vm: &mut Vm, r: ObjRef, key: JsStr, v: Value) -> JsResult<()> {
    let o = vm.heap.get(r);
    let is_element = matches!(&o.kind, Kind::Array(items)
        if key.as_index().is_some_and(|i| (i as usize) < items.len()) || key.eq_str("length"));
    let read_only = match o.props.find(&key) {
        Some(i) => o.frozen || o.props.entries[i].flags & WRITABLE == 0,
        None if is_element => o.frozen,
        None => !o.extensible,
    };
    if read_only {
        return Err(vm.type_error(&format!(
            "Cannot assign to read only property '{}' of object",
            key.to_rust()
        )));
    }
    vm.set_prop(&Value::Obj(r), key, v)
}
fn object_freeze(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    if let Value::Obj(r) = v {
        let o = vm.heap.get_mut(r);
        o.frozen = true;
        o.extensible = false;
        for p in o.props.iter_mut() {
            p.flags &= !WRITABLE;
        }
    }
    Ok(v)
}
fn object_is_frozen(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(locked_down(vm, &arg(a, 0), |f| {
        f & WRITABLE == 0 && f & NON_CONFIGURABLE != 0
    })))
}
/// isFrozen/isSealed: frozen, or not extensible with every own property's flags passing
/// `props_ok` (array elements carry no flags, so a non-empty array never passes).
fn locked_down(vm: &Vm, v: &Value, props_ok: impl Fn(u8) -> bool) -> bool {
    match v {
        Value::Obj(r) => {
            let o = vm.heap.get(*r);
            o.frozen
                || (!o.extensible
                    && o.props.iter().all(|p| props_ok(p.flags))
                    && !matches!(&o.kind, Kind::Array(v) if !v.is_empty()))
        }
        _ => true,
    }
}
fn object_from_entries(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let items = vm.iterate_to_vec(&arg(a, 0))?;
    let o = vm.new_object();
    vm.charge(items.len())?;
    for it in items {
        let k = vm.get_elem(&it, &Value::Num(0.0))?;
        let v = vm.get_elem(&it, &Value::Num(1.0))?;
        let k = vm.to_property_key(&k)?;
        vm.set_prop(&Value::Obj(o), k, v)?;
    }
    Ok(Value::Obj(o))
}
fn has_own(vm: &mut Vm, o: &Value, k: &Value) -> JsResult<bool> {
    let key = vm.to_property_key(k)?;
    Ok(match o {
        Value::Obj(r) => {
            let obj = vm.heap.get(*r);
            if let Kind::Array(items) = &obj.kind {
                if let Some(i) = key.as_index() {
                    return Ok((i as usize) < items.len());
                }
                if key.eq_str("length") {
                    return Ok(true);
                }
            }
            obj.props.find(&key).is_some()
                || (matches!(
                    obj.kind,
                    Kind::Closure(_) | Kind::Native(_) | Kind::Bound(_)
                ) && (key.eq_str("name") || key.eq_str("length")))
        }
        Value::Str(s) => {
            key.eq_str("length") || key.as_index().is_some_and(|i| (i as usize) < s.len())
        }
        _ => false,
    })
}
// Property descriptors. The heap keeps `writable` and `enumerable` bits per property and
// `frozen`/`extensible` per object; `defineProperty` adds a NON_CONFIGURABLE bit that
// descriptors and redefinition honour (the VM's `delete` only honours `frozen` so far).
// Accessor properties (get/set) are not supported and are refused loudly.

/// Property flag: not configurable (set by `Object.defineProperty`).
pub const NON_CONFIGURABLE: u8 = 4;

/// The own property `key` of `o` as (value, writable, enumerable, configurable).
fn own_descriptor(
    vm: &mut Vm,
    o: &Value,
    key: &JsStr,
) -> JsResult<Option<(Value, bool, bool, bool)>> {
    match o {
        Value::Obj(r) => {
            let obj = vm.heap.get(*r);
            let frozen = obj.frozen;
            if let Kind::Array(items) = &obj.kind {
                if let Some(i) = key.as_index() {
                    return Ok(items
                        .get(i as usize)
                        .map(|v| (v.clone(), !frozen, true, !frozen)));
                }
                if key.eq_str("length") {
                    return Ok(Some((
                        Value::Num(items.len() as f64),
                        !frozen,
                        false,
                        false,
                    )));
                }
            }
            if let Some(i) = obj.props.find(key) {
                let p = &obj.props.entries[i];
                return Ok(Some((
                    p.value.clone(),
                    p.flags & WRITABLE != 0,
                    p.flags & ENUMERABLE != 0,
                    !frozen && p.flags & NON_CONFIGURABLE == 0,
                )));
            }
            if matches!(
                obj.kind,
                Kind::Closure(_) | Kind::Native(_) | Kind::Bound(_)
            ) && (key.eq_str("name") || key.eq_str("length"))
            {
                // Synthesized by the VM: read-only, not enumerable, configurable.
                let v = vm.get_prop(o, key)?;
                return Ok(Some((v, false, false, !frozen)));
            }
            Ok(None)
        }
        Value::Str(s) => {
            if key.eq_str("length") {
                return Ok(Some((Value::Num(s.len() as f64), false, false, false)));
            }
            Ok(key
                .as_index()
                .and_then(|i| s.units().get(i as usize).copied())
                .map(|u| (Value::Str(JsStr::from_units(&[u])), false, true, false)))
        }
        _ => Ok(None),
    }
}
fn object_get_own_property_descriptor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    require_obj(vm, &o)?;
    let key = vm.to_property_key(&arg(a, 1))?;
    let Some((value, writable, enumerable, configurable)) = own_descriptor(vm, &o, &key)? else {
        return Ok(Value::Undefined);
    };
    let d = vm.new_object();
    let dv = Value::Obj(d);
    vm.set_prop(&dv, JsStr::from_str("value"), value)?;
    vm.set_prop(&dv, JsStr::from_str("writable"), Value::Bool(writable))?;
    vm.set_prop(&dv, JsStr::from_str("enumerable"), Value::Bool(enumerable))?;
    vm.set_prop(
        &dv,
        JsStr::from_str("configurable"),
        Value::Bool(configurable),
    )?;
    Ok(dv)
}
fn object_get_own_property_names(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    let mut keys: Vec<JsStr> = Vec::new();
    match &o {
        Value::Str(s) => {
            keys.extend((0..s.len()).map(|i| JsStr::from_str(&i.to_string())));
            keys.push(JsStr::from_str("length"));
        }
        _ => {
            if let Some(r) = require_obj(vm, &o)? {
                let obj = vm.heap.get(r);
                let mut ints: Vec<(u32, JsStr)> = Vec::new();
                let mut named: Vec<JsStr> = Vec::new();
                if let Kind::Array(items) = &obj.kind {
                    ints.extend(
                        (0..items.len()).map(|i| (i as u32, JsStr::from_str(&i.to_string()))),
                    );
                }
                for p in obj.props.iter() {
                    match p.key.as_index() {
                        Some(i) => ints.push((i, p.key.clone())),
                        None => named.push(p.key.clone()),
                    }
                }
                ints.sort_by_key(|(i, _)| *i);
                if matches!(obj.kind, Kind::Array(_)) {
                    named.insert(0, JsStr::from_str("length"));
                }
                if matches!(
                    obj.kind,
                    Kind::Closure(_) | Kind::Native(_) | Kind::Bound(_)
                ) {
                    // The VM synthesizes these two until they are overwritten.
                    for k in ["name", "length"] {
                        if obj.props.find(&JsStr::from_str(k)).is_none() {
                            named.insert(0, JsStr::from_str(k));
                        }
                    }
                }
                keys.extend(ints.into_iter().map(|(_, k)| k));
                keys.extend(named);
            }
        }
    }
    vm.charge(keys.len())?;
    let items = keys.into_iter().map(Value::Str).collect();
    Ok(Value::Obj(vm.new_array(items)))
}
/// Reads one field of a descriptor object: None when absent.
fn desc_field(vm: &mut Vm, d: &Value, name: &str) -> JsResult<Option<Value>> {
    let k = JsStr::from_str(name);
    if vm.has_property(d, &Value::Str(k.clone()))? {
        Ok(Some(vm.get_prop(d, &k)?))
    } else {
        Ok(None)
    }
}
fn define_one(vm: &mut Vm, o: &Value, key: JsStr, desc: &Value) -> JsResult<()> {
    let Value::Obj(r) = *o else {
        return Err(vm.type_error("Object.defineProperty called on non-object"));
    };
    if !matches!(desc, Value::Obj(_)) {
        let d = vm.to_rust_string(desc)?;
        return Err(vm.type_error(&format!("Property description must be an object: {d}")));
    }
    let truthy = |v: Option<Value>| v.map(|v| v.truthy());
    let enumerable = truthy(desc_field(vm, desc, "enumerable")?);
    let configurable = truthy(desc_field(vm, desc, "configurable")?);
    let value = desc_field(vm, desc, "value")?;
    let writable = truthy(desc_field(vm, desc, "writable")?);
    let get = desc_field(vm, desc, "get")?;
    let set = desc_field(vm, desc, "set")?;
    if get.is_some() || set.is_some() {
        if value.is_some() || writable.is_some() {
            return Err(vm.type_error(
                "Invalid property descriptor. Cannot both specify accessors and a value or writable attribute",
            ));
        }
        return Err(vm.type_error("accessor properties (get/set) are not supported"));
    }
    let name = key.to_rust();
    let current = own_descriptor(vm, o, &key)?;
    let obj = vm.heap.get(r);
    let (frozen, extensible) = (obj.frozen, obj.extensible);
    if let Some((old, old_w, old_e, old_c)) = &current {
        if !old_c {
            // A non-configurable property may only keep its attributes (and its value when
            // it is writable).
            let same_value = value.as_ref().is_none_or(|v| same_value(v, old));
            let ok = configurable != Some(true)
                && enumerable.is_none_or(|e| e == *old_e)
                && (*old_w || (writable != Some(true) && same_value));
            if !ok {
                return Err(vm.type_error(&format!("Cannot redefine property: {name}")));
            }
            if !*old_w {
                return Ok(());
            }
        }
    } else if !extensible || frozen {
        return Err(vm.type_error(&format!(
            "Cannot define property {name}, object is not extensible"
        )));
    }
    if let Kind::Array(_) = &vm.heap.get(r).kind {
        if key.as_index().is_some() || key.eq_str("length") {
            // Array elements and length have no attributes of their own here.
            // Absent attributes keep the current ones, and default to false for a new element.
            let old_w = current.as_ref().is_some_and(|c| c.1);
            let old_e = current.as_ref().is_some_and(|c| c.2);
            if !writable.unwrap_or(old_w) {
                return Err(vm.type_error(&format!(
                    "non-writable array {} is not supported",
                    if key.eq_str("length") {
                        "length"
                    } else {
                        "elements"
                    }
                )));
            }
            let old_c = current.as_ref().is_some_and(|c| c.3);
            if key.as_index().is_some() && !configurable.unwrap_or(old_c) {
                return Err(vm.type_error("non-configurable array elements are not supported"));
            }
            if key.as_index().is_some() && !enumerable.unwrap_or(old_e) {
                return Err(vm.type_error("non-enumerable array elements are not supported"));
            }
            if key.eq_str("length") {
                if let Some(v) = value {
                    let n = vm.to_number(&v)?;
                    if !(n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64) {
                        return Err(vm.range_error("Invalid array length"));
                    }
                    vm.set_prop(o, key, Value::Num(n))?;
                }
                return Ok(());
            }
            if let Some(v) = value {
                vm.set_prop(o, key, v)?;
            } else if current.is_none() {
                vm.set_prop(o, key, Value::Undefined)?;
            }
            return Ok(());
        }
    }
    let (old_value, old_w, old_e, old_c) = match current {
        Some((v, w, e, c)) => (v, w, e, c),
        None => (Value::Undefined, false, false, false),
    };
    let mut flags = 0;
    if !configurable.unwrap_or(old_c) {
        flags |= NON_CONFIGURABLE;
    }
    if writable.unwrap_or(old_w) {
        flags |= WRITABLE;
    }
    if enumerable.unwrap_or(old_e) {
        flags |= ENUMERABLE;
    }
    let v = value.unwrap_or(old_value);
    let o = vm.heap.get_mut(r);
    match o.props.find(&key) {
        Some(i) => {
            o.props.entries[i].value = v;
            o.props.entries[i].flags = flags;
        }
        None => {
            o.props.insert(key, v, flags);
            vm.heap.charge(crate::heap::PROP_COST);
        }
    }
    Ok(())
}
fn object_define_property(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if !matches!(o, Value::Obj(_)) {
        return Err(vm.type_error("Object.defineProperty called on non-object"));
    }
    let key = vm.to_property_key(&arg(a, 1))?;
    define_one(vm, &o, key, &arg(a, 2))?;
    Ok(o)
}
fn object_define_properties(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if !matches!(o, Value::Obj(_)) {
        return Err(vm.type_error("Object.defineProperties called on non-object"));
    }
    let props = arg(a, 1);
    require_obj(vm, &props)?;
    let keys = keys_of(vm, &props)?;
    // All descriptors are read before any is applied, as ECMAScript orders it.
    let mut descs = Vec::with_capacity(keys.len());
    for k in keys {
        let d = vm.get_prop(&props, &k)?;
        descs.push((k, d));
    }
    for (k, d) in descs {
        define_one(vm, &o, k, &d)?;
    }
    Ok(o)
}
fn object_is_extensible(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(match arg(a, 0) {
        Value::Obj(r) => vm.heap.get(r).extensible,
        _ => false,
    }))
}
fn object_prevent_extensions(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    if let Value::Obj(r) = v {
        if matches!(vm.heap.get(r).kind, Kind::Array(_)) {
            // Dense arrays grow through paths that only honour `frozen`.
            return Err(vm.type_error("Object.preventExtensions on arrays is not supported"));
        }
        vm.heap.get_mut(r).extensible = false;
    }
    Ok(v)
}
fn object_seal(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    if let Value::Obj(r) = v {
        if matches!(vm.heap.get(r).kind, Kind::Array(_)) {
            return Err(vm.type_error("Object.seal on arrays is not supported"));
        }
        let o = vm.heap.get_mut(r);
        o.extensible = false;
        for p in o.props.iter_mut() {
            p.flags |= NON_CONFIGURABLE;
        }
    }
    Ok(v)
}
fn object_is_sealed(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(locked_down(vm, &arg(a, 0), |f| {
        f & NON_CONFIGURABLE != 0
    })))
}
fn object_proto_is_prototype_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let Value::Obj(v) = arg(a, 0) else {
        return Ok(Value::Bool(false));
    };
    let Some(me) = require_obj(vm, this)? else {
        return Ok(Value::Bool(false));
    };
    let mut cur = vm.heap.get(v).proto;
    while let Some(p) = cur {
        if p == me {
            return Ok(Value::Bool(true));
        }
        cur = vm.heap.get(p).proto;
    }
    Ok(Value::Bool(false))
}
fn object_proto_property_is_enumerable(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let key = vm.to_property_key(&arg(a, 0))?;
    require_obj(vm, this)?;
    Ok(Value::Bool(
        own_descriptor(vm, this, &key)?.is_some_and(|(_, _, e, _)| e),
    ))
}
fn object_has_own(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    require_obj(vm, &o)?;
    Ok(Value::Bool(has_own(vm, &o, &arg(a, 1))?))
}
fn object_proto_has_own(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(has_own(vm, this, &arg(a, 0))?))
}
fn object_get_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let v = arg(a, 0);
    require_obj(vm, &v)?;
    Ok(match vm.to_object_proto(&v) {
        Some(r) if matches!(v, Value::Obj(_)) => match vm.heap.get(r).proto {
            Some(p) => Value::Obj(p),
            None => Value::Null,
        },
        Some(r) => Value::Obj(r),
        None => Value::Null,
    })
}
fn object_create(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let proto = match arg(a, 0) {
        Value::Obj(r) => Some(r),
        Value::Null => None,
        _ => return Err(vm.type_error("Object prototype may only be an Object or null")),
    };
    let o = Value::Obj(vm.alloc(proto, Kind::Ordinary));
    match arg(a, 1) {
        Value::Undefined => Ok(o),
        props => object_define_properties(vm, &Value::Undefined, &[o, props]),
    }
}
fn object_is(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(same_value(&arg(a, 0), &arg(a, 1))))
}
fn object_proto_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let t = match this {
        Value::Undefined => "[object Undefined]",
        Value::Null => "[object Null]",
        Value::Obj(r) => match vm.heap.get(*r).kind {
            Kind::Array(_) => "[object Array]",
            Kind::Error => "[object Error]",
            Kind::Primitive(Value::Num(_)) => "[object Number]",
            Kind::Primitive(Value::Str(_)) => "[object String]",
            Kind::Primitive(Value::Bool(_)) => "[object Boolean]",
            _ if vm.heap.get(*r).is_callable() => "[object Function]",
            _ => "[object Object]",
        },
        Value::Num(_) => "[object Number]",
        Value::Str(_) => "[object String]",
        Value::Bool(_) => "[object Boolean]",
        Value::Empty => "[object Undefined]",
    };
    Ok(Value::str(t))
}
fn object_proto_value_of(_vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(this.clone())
}

// ---------------- Function ----------------

fn function_ctor(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Err(vm.type_error("the Function constructor (code from strings) is not supported"))
}
fn function_call(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let rest = a.get(1..).map(|s| s.to_vec()).unwrap_or_default();
    vm.tail_call = Some((this.clone(), arg(a, 0), rest));
    Ok(Value::Undefined)
}
fn function_apply(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
fn function_bind(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
    let name = match vm.get_prop(this, &JsStr::from_str("name"))? {
        Value::Str(s) => s.to_rust(),
        _ => String::new(),
    };
    let fp = vm.realm.function_proto;
    let bound = vm.alloc(
        Some(fp),
        Kind::Bound(Box::new((this.clone(), arg(a, 0), rest))),
    );
    let props = &mut vm.heap.get_mut(bound).props;
    props.insert(JsStr::from_str("length"), Value::Num(length), 0);
    props.insert(
        JsStr::from_str("name"),
        Value::str(&format!("bound {name}")),
        0,
    );
    Ok(Value::Obj(bound))
}
fn function_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let name = vm.get_prop(this, &JsStr::from_str("name"))?;
    let n = vm.to_rust_string(&name)?;
    Ok(Value::str(&format!("function {n}() {{ [native code] }}")))
}

// ---------------- Array ----------------

fn array_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if a.len() == 1 {
        if let Value::Num(n) = a[0] {
            if !(n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64) {
                return Err(vm.range_error("Invalid array length"));
            }
            vm.reserve_array(n as usize)?;
            return Ok(Value::Obj(vm.new_array(vec![Value::Undefined; n as usize])));
        }
    }
    Ok(Value::Obj(vm.new_array(a.to_vec())))
}
fn array_is_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    intr_is_array(vm, &Value::Undefined, a)
}
fn array_of(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.new_array(a.to_vec())))
}

fn this_array(vm: &mut Vm, this: &Value, method: &str) -> JsResult<ObjRef> {
    match this {
        Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::Array(_)) => Ok(*r),
        _ => Err(vm.type_error(&format!(
            "Array.prototype.{method} called on a value that is not an array (not supported)"
        ))),
    }
}
// Generic receivers: Array.prototype methods accept any array-like `this` (ECMAScript), read
// through `length` and index properties. Visiting more indices than an array may hold is a
// RangeError, so one native call stays bounded.
fn generic_len(vm: &mut Vm, this: &Value, method: &str) -> JsResult<f64> {
    if matches!(this, Value::Undefined | Value::Null) {
        return Err(vm.type_error(&format!(
            "Array.prototype.{method} called on null or undefined"
        )));
    }
    let n = vm.get_prop(this, &JsStr::from_str("length"))?;
    let n = vm.to_number(&n)?;
    // ToLength: -0 and NaN become +0 (`clamp` would keep -0).
    Ok(if n > 0.0 {
        n.trunc().min(9007199254740991.0)
    } else {
        0.0
    })
}
fn generic_span(vm: &mut Vm, from: f64, to: f64) -> JsResult<()> {
    let count = (to - from).max(0.0);
    if count > vm.limits.max_collection_len as f64 {
        return Err(vm.range_error("Invalid array length (array-like receiver too long to visit)"));
    }
    vm.charge(count as usize * 4)
}
fn index_key(i: f64) -> JsStr {
    JsStr::from_str(&format!("{}", i as u64))
}
fn generic_has(vm: &mut Vm, this: &Value, i: f64) -> JsResult<bool> {
    match this {
        Value::Obj(_) => vm.has_property(this, &Value::Str(index_key(i))),
        Value::Str(s) => Ok(i < s.units().len() as f64),
        _ => Ok(false),
    }
}
fn generic_get(vm: &mut Vm, this: &Value, i: f64) -> JsResult<Value> {
    vm.get_prop(this, &index_key(i))
}
/// ToIntegerOrInfinity of a relative index argument, resolved against `len` and clamped to
/// 0..=len (`slice`, `indexOf`, `includes`).
fn rel_index_f(vm: &mut Vm, v: &Value, len: f64, default: f64) -> JsResult<f64> {
    if let Value::Undefined = v {
        return Ok(default);
    }
    let n = vm.to_number(v)?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    Ok(if n < 0.0 {
        (len + n).max(0.0)
    } else {
        n.min(len)
    })
}
fn is_array_value(vm: &Vm, v: &Value) -> bool {
    matches!(v, Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::Array(_)))
}
fn generic_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "indexOf")?;
    if len == 0.0 {
        return Ok(Value::Num(-1.0));
    }
    let from = rel_index_f(vm, &arg(a, 1), len, 0.0)?;
    generic_span(vm, from, len)?;
    let x = arg(a, 0);
    let mut i = from;
    while i < len {
        if generic_has(vm, this, i)? && strict_equals(&generic_get(vm, this, i)?, &x) {
            return Ok(Value::Num(i));
        }
        i += 1.0;
    }
    Ok(Value::Num(-1.0))
}
/// The start of a backwards search: `len - 1`, or fromIndex resolved (None: nothing to visit).
fn last_index_start(vm: &mut Vm, a: &[Value], len: f64) -> JsResult<Option<f64>> {
    if len == 0.0 {
        return Ok(None);
    }
    let k = if a.len() > 1 {
        let n = vm.to_number(&a[1])?;
        let n = if n.is_nan() { 0.0 } else { n.trunc() };
        if n >= 0.0 {
            n.min(len - 1.0)
        } else {
            len + n
        }
    } else {
        len - 1.0
    };
    Ok(if k < 0.0 { None } else { Some(k) })
}
fn generic_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "lastIndexOf")?;
    let Some(start) = last_index_start(vm, a, len)? else {
        return Ok(Value::Num(-1.0));
    };
    generic_span(vm, 0.0, start + 1.0)?;
    let x = arg(a, 0);
    let mut i = start;
    while i >= 0.0 {
        if generic_has(vm, this, i)? && strict_equals(&generic_get(vm, this, i)?, &x) {
            return Ok(Value::Num(i));
        }
        i -= 1.0;
    }
    Ok(Value::Num(-1.0))
}
fn generic_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "includes")?;
    if len == 0.0 {
        return Ok(Value::Bool(false));
    }
    let from = rel_index_f(vm, &arg(a, 1), len, 0.0)?;
    generic_span(vm, from, len)?;
    let x = arg(a, 0);
    let mut i = from;
    while i < len {
        if same_value_zero(&generic_get(vm, this, i)?, &x) {
            return Ok(Value::Bool(true));
        }
        i += 1.0;
    }
    Ok(Value::Bool(false))
}
/// The elements `from..to` of an array-like, absent ones as undefined (arrays are dense).
fn generic_items(vm: &mut Vm, this: &Value, from: f64, to: f64) -> JsResult<Vec<Value>> {
    generic_span(vm, from, to)?;
    vm.reserve_array((to - from).max(0.0) as usize)?;
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        vm.tick(i as usize)?;
        out.push(generic_get(vm, this, i)?);
        i += 1.0;
    }
    Ok(out)
}

/// Set(O, key, v, true) for a generic receiver: a frozen object is a TypeError.
fn generic_set(vm: &mut Vm, this: &Value, key: JsStr, v: Value) -> JsResult<()> {
    if let Value::Obj(r) = this {
        if vm.heap.get(*r).frozen {
            return Err(vm.type_error(&format!(
                "Cannot assign to read only property '{}' of object",
                key.to_rust()
            )));
        }
    }
    vm.set_prop(this, key, v)
}
/// DeletePropertyOrThrow for a generic receiver.
fn generic_delete(vm: &mut Vm, this: &Value, i: f64) -> JsResult<()> {
    if let Value::Obj(r) = this {
        let key = index_key(i);
        let o = vm.heap.get_mut(*r);
        if o.frozen {
            return Err(vm.type_error(&format!(
                "Cannot delete property '{}' of object",
                key.to_rust()
            )));
        }
        if let Some(i) = o.props.find(&key) {
            if o.props.entries[i].flags & NON_CONFIGURABLE != 0 {
                return Err(vm.type_error(&format!(
                    "Cannot delete property '{}' of object",
                    key.to_rust()
                )));
            }
        }
        o.props.remove(&key);
    }
    Ok(())
}
fn set_length(vm: &mut Vm, this: &Value, n: f64) -> JsResult<()> {
    generic_set(vm, this, JsStr::from_str("length"), Value::Num(n))
}
/// Moves element `from` to `to` (or deletes `to` when `from` is absent).
fn generic_move(vm: &mut Vm, this: &Value, from: f64, to: f64) -> JsResult<()> {
    if generic_has(vm, this, from)? {
        let v = generic_get(vm, this, from)?;
        generic_set(vm, this, index_key(to), v)
    } else {
        generic_delete(vm, this, to)
    }
}
const MAX_SAFE_LEN: f64 = 9007199254740991.0;
fn generic_push(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "push")?;
    if len + a.len() as f64 > MAX_SAFE_LEN {
        return Err(vm.type_error("Pushing elements past 2^53-1 length"));
    }
    for (i, v) in a.iter().enumerate() {
        generic_set(vm, this, index_key(len + i as f64), v.clone())?;
    }
    let n = len + a.len() as f64;
    set_length(vm, this, n)?;
    Ok(Value::Num(n))
}
fn generic_pop(vm: &mut Vm, this: &Value) -> JsResult<Value> {
    let len = generic_len(vm, this, "pop")?;
    if len == 0.0 {
        set_length(vm, this, 0.0)?;
        return Ok(Value::Undefined);
    }
    let v = generic_get(vm, this, len - 1.0)?;
    generic_delete(vm, this, len - 1.0)?;
    set_length(vm, this, len - 1.0)?;
    Ok(v)
}
fn generic_shift(vm: &mut Vm, this: &Value) -> JsResult<Value> {
    let len = generic_len(vm, this, "shift")?;
    if len == 0.0 {
        set_length(vm, this, 0.0)?;
        return Ok(Value::Undefined);
    }
    generic_span(vm, 0.0, len)?;
    let first = generic_get(vm, this, 0.0)?;
    let mut k = 1.0;
    while k < len {
        generic_move(vm, this, k, k - 1.0)?;
        k += 1.0;
    }
    generic_delete(vm, this, len - 1.0)?;
    set_length(vm, this, len - 1.0)?;
    Ok(first)
}
fn generic_unshift(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "unshift")?;
    let argc = a.len() as f64;
    if argc > 0.0 {
        if len + argc > MAX_SAFE_LEN {
            return Err(vm.type_error("Unshifting elements past 2^53-1 length"));
        }
        generic_span(vm, 0.0, len)?;
        let mut k = len;
        while k > 0.0 {
            generic_move(vm, this, k - 1.0, k + argc - 1.0)?;
            k -= 1.0;
        }
        for (j, v) in a.iter().enumerate() {
            generic_set(vm, this, index_key(j as f64), v.clone())?;
        }
    }
    set_length(vm, this, len + argc)?;
    Ok(Value::Num(len + argc))
}
fn generic_reverse(vm: &mut Vm, this: &Value) -> JsResult<Value> {
    let len = generic_len(vm, this, "reverse")?;
    generic_span(vm, 0.0, len)?;
    let mut lower = 0.0;
    let middle = (len / 2.0).floor();
    while lower != middle {
        let upper = len - lower - 1.0;
        let lower_exists = generic_has(vm, this, lower)?;
        let lower_v = if lower_exists {
            generic_get(vm, this, lower)?
        } else {
            Value::Undefined
        };
        let upper_exists = generic_has(vm, this, upper)?;
        let upper_v = if upper_exists {
            generic_get(vm, this, upper)?
        } else {
            Value::Undefined
        };
        match (lower_exists, upper_exists) {
            (true, true) => {
                generic_set(vm, this, index_key(lower), upper_v)?;
                generic_set(vm, this, index_key(upper), lower_v)?;
            }
            (false, true) => {
                generic_set(vm, this, index_key(lower), upper_v)?;
                generic_delete(vm, this, upper)?;
            }
            (true, false) => {
                generic_delete(vm, this, lower)?;
                generic_set(vm, this, index_key(upper), lower_v)?;
            }
            (false, false) => {}
        }
        lower += 1.0;
    }
    Ok(this.clone())
}
fn generic_fill(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "fill")?;
    let s = rel_index_f(vm, &arg(a, 1), len, 0.0)?;
    let e = rel_index_f(vm, &arg(a, 2), len, len)?;
    generic_span(vm, s, e)?;
    let x = arg(a, 0);
    let mut i = s;
    while i < e {
        generic_set(vm, this, index_key(i), x.clone())?;
        i += 1.0;
    }
    Ok(this.clone())
}
fn items_mut(vm: &mut Vm, r: ObjRef) -> Option<&mut Vec<Value>> {
    let o = vm.heap.get_mut(r);
    if o.frozen {
        return None;
    }
    match &mut o.kind {
        Kind::Array(v) => Some(v),
        _ => None,
    }
}
fn items(vm: &Vm, r: ObjRef) -> &Vec<Value> {
    static EMPTY: Vec<Value> = Vec::new();
    match &vm.heap.get(r).kind {
        Kind::Array(v) => v,
        _ => &EMPTY,
    }
}
fn frozen_err(vm: &mut Vm) -> Throw {
    vm.type_error("Cannot add property, object is not extensible")
}

pub fn array_push(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = match this {
        Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::Array(_)) => *r,
        _ => return generic_push(vm, this, a),
    };
    let max = vm.limits.max_collection_len;
    // Twice the element: the vector doubles as it grows.
    vm.heap.charge(a.len() * 2 * crate::limits::ELEMENT_COST);
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    if v.len() + a.len() > max {
        return Err(vm.range_error("Invalid array length"));
    }
    v.extend_from_slice(a);
    Ok(Value::Num(v.len() as f64))
}
fn array_pop(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_pop(vm, this);
    }
    let r = this_array(vm, this, "pop")?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    Ok(v.pop().unwrap_or_default())
}
fn array_shift(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_shift(vm, this);
    }
    let r = this_array(vm, this, "shift")?;
    let n = items(vm, r).len();
    vm.charge(n)?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    if v.is_empty() {
        return Ok(Value::Undefined);
    }
    Ok(v.remove(0))
}
fn array_unshift(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_unshift(vm, this, a);
    }
    let r = this_array(vm, this, "unshift")?;
    let n = items(vm, r).len();
    vm.charge(n)?;
    vm.check_len(n + a.len())?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    v.splice(0..0, a.iter().cloned());
    Ok(Value::Num(v.len() as f64))
}
fn rel_index(vm: &mut Vm, v: &Value, len: usize, default: usize) -> JsResult<usize> {
    if let Value::Undefined = v {
        return Ok(default);
    }
    let n = vm.to_number(v)?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    Ok(if n < 0.0 {
        (len as f64 + n).max(0.0) as usize
    } else {
        n.min(len as f64) as usize
    })
}
fn array_slice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        let len = generic_len(vm, this, "slice")?;
        let s = rel_index_f(vm, &arg(a, 0), len, 0.0)?;
        let e = rel_index_f(vm, &arg(a, 1), len, len)?;
        let out = generic_items(vm, this, s, e)?;
        return Ok(Value::Obj(vm.new_array(out)));
    }
    let r = this_array(vm, this, "slice")?;
    let len = items(vm, r).len();
    let s = rel_index(vm, &arg(a, 0), len, 0)?;
    let e = rel_index(vm, &arg(a, 1), len, len)?;
    vm.reserve_array(e.saturating_sub(s))?;
    let out = if s < e {
        items(vm, r)[s..e].to_vec()
    } else {
        Vec::new()
    };
    Ok(Value::Obj(vm.new_array(out)))
}
fn array_splice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "splice")?;
    let len = items(vm, r).len();
    let s = rel_index(vm, &arg(a, 0), len, 0)?;
    let del = if a.is_empty() {
        0
    } else if a.len() < 2 {
        len - s
    } else {
        let d = vm.to_number(&a[1])?;
        let d = if d.is_nan() { 0.0 } else { d.trunc() };
        (d.max(0.0) as usize).min(len - s)
    };
    let ins: Vec<Value> = a.get(2..).map(|x| x.to_vec()).unwrap_or_default();
    vm.charge(len)?;
    vm.check_len(len - del + ins.len())?;
    vm.reserve_array(del + ins.len())?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    let removed: Vec<Value> = v.splice(s..s + del, ins).collect();
    Ok(Value::Obj(vm.new_array(removed)))
}
fn array_concat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "concat")?;
    let mut total = items(vm, r).len();
    for x in a {
        total += match x {
            Value::Obj(o) if matches!(vm.heap.get(*o).kind, Kind::Array(_)) => items(vm, *o).len(),
            _ => 1,
        };
    }
    vm.reserve_array(total)?;
    let mut out = items(vm, r).clone();
    for x in a {
        match x {
            Value::Obj(o) if matches!(vm.heap.get(*o).kind, Kind::Array(_)) => {
                out.extend(items(vm, *o).iter().cloned())
            }
            v => out.push(v.clone()),
        }
        vm.check_len(out.len())?;
    }
    vm.charge(out.len())?;
    Ok(Value::Obj(vm.new_array(out)))
}
/// The most joins that may be under way at once through a conversion (an object whose
/// `toString` is Array.prototype.join holding another): each is a native recursion, so past
/// this node's RangeError ends them. Nested arrays are joined in one loop and do not count.
const MAX_NESTED_JOINS: usize = 64;

/// Array.prototype.join of `r` (whose receiver is `this`): elements that are arrays are joined
/// with "," in the same loop (an explicit stack, not native recursion), and an array already
/// being joined, here or further out (`vm.join_stack`), joins as "" (node's cycle rule:
/// `a = [1, 2]; a.push(a); a.join()` is "1,2,").
pub fn join_values(vm: &mut Vm, this: &Value, r: ObjRef, sep: &[u16]) -> JsResult<Vec<u16>> {
    if let Value::Obj(receiver) = this {
        if vm.join_stack.contains(receiver) {
            return Ok(Vec::new());
        }
    }
    if vm.join_stack.len() >= MAX_NESTED_JOINS {
        return Err(vm.range_error("Maximum call stack size exceeded"));
    }
    let outer = vm.join_stack.len();
    if let Value::Obj(receiver) = this {
        vm.join_stack.push(*receiver);
    }
    let result = join_loop(vm, r, sep);
    vm.join_stack.truncate(outer);
    result
}

fn join_loop(vm: &mut Vm, r: ObjRef, sep: &[u16]) -> JsResult<Vec<u16>> {
    // (array, next index) for each array under way, and the same arrays as a set: a cycle
    // through one of them, or through a receiver further out, joins as "".
    let mut path: Vec<(ObjRef, usize)> = vec![(r, 0)];
    let mut on_path: std::collections::HashSet<ObjRef> = std::collections::HashSet::new();
    on_path.insert(r);
    let mut out: Vec<u16> = Vec::new();
    vm.charge(items(vm, r).len())?;
    let mut steps = 0u32;
    let mut nested_checked = false;
    while let Some(&mut (arr, ref mut next)) = path.last_mut() {
        steps = steps.wrapping_add(1);
        if steps % crate::limits::DEADLINE_STRIDE as u32 == 0 {
            // The buffer doubles as it grows: it may hold twice its length.
            vm.ensure_memory(out.len() * 4)?;
            vm.check_deadline()?;
        }
        let i = *next;
        let Some(v) = items(vm, arr).get(i).cloned() else {
            path.pop();
            on_path.remove(&arr);
            continue;
        };
        *next += 1;
        if i > 0 {
            out.extend_from_slice(if path.len() == 1 { sep } else { &[b',' as u16] });
        }
        match v {
            Value::Undefined | Value::Null | Value::Empty => {}
            Value::Obj(o) if matches!(vm.heap.get(o).kind, Kind::Array(_)) => {
                if !nested_checked {
                    // Nested arrays may be shared (`t = [t, t]`): prove a text too long
                    // before writing it, in time proportional to the arrays.
                    nested_checked = true;
                    let bound = joined_lower_bound(vm, r, sep.len())?;
                    if bound > vm.limits.max_string_len {
                        return Err(vm.range_error("Invalid string length"));
                    }
                    if bound.saturating_mul(2) > vm.limits.max_memory_bytes {
                        return Err(vm.fatal_memory());
                    }
                }
                if !on_path.contains(&o) && !vm.join_stack.contains(&o) {
                    vm.charge(items(vm, o).len())?;
                    on_path.insert(o);
                    path.push((o, 0));
                }
            }
            v => {
                let s = vm.to_string(&v)?;
                out.extend_from_slice(s.units());
            }
        }
        if out.len() > vm.limits.max_string_len {
            return Err(vm.range_error("Invalid string length"));
        }
        // The text is held outside the heap until it becomes a string: it may not outgrow
        // the memory limit on its own.
        if out.len() * 2 > vm.limits.max_memory_bytes {
            return Err(vm.fatal_memory());
        }
    }
    Ok(out)
}
/// A lower bound of the length of `r` joined with a separator of `sep_len` units (nested
/// arrays with ","), each array measured once however often it appears; past the longest
/// string the walk stops early. Elements that are not arrays count their length if they are
/// strings, one unit if numbers or booleans, nothing otherwise; a cycle counts nothing.
fn joined_lower_bound(vm: &mut Vm, r: ObjRef, sep_len: usize) -> JsResult<usize> {
    const ON_PATH: usize = usize::MAX;
    let limit = vm.limits.max_string_len;
    let mut done: std::collections::HashMap<ObjRef, usize> = std::collections::HashMap::new();
    // (array, next index, length so far)
    let mut path: Vec<(ObjRef, usize, usize)> = vec![(r, 0, 0)];
    done.insert(r, ON_PATH);
    vm.charge(items(vm, r).len())?;
    let mut steps = 0u32;
    loop {
        let depth = path.len();
        let Some(&mut (arr, ref mut next, ref mut total)) = path.last_mut() else {
            return Ok(0);
        };
        steps = steps.wrapping_add(1);
        if steps % 65_536 == 0 {
            if let Some(d) = vm.deadline.filter(|d| d.passed()) {
                return Err(Throw::Fatal(d.diagnostic()));
            }
        }
        let i = *next;
        let Some(v) = items(vm, arr).get(i).cloned() else {
            let size = *total;
            path.pop();
            done.insert(arr, size);
            match path.last_mut() {
                Some(parent) => parent.2 = parent.2.saturating_add(size),
                None => return Ok(size),
            }
            continue;
        };
        *next += 1;
        let sep = if i == 0 {
            0
        } else if depth == 1 {
            sep_len
        } else {
            1
        };
        let add = match v {
            Value::Str(s) => s.len(),
            Value::Num(_) | Value::Bool(_) => 1,
            Value::Obj(o) if matches!(vm.heap.get(o).kind, Kind::Array(_)) => match done.get(&o) {
                Some(&ON_PATH) => 0,
                Some(&size) => size,
                None => {
                    done.insert(o, ON_PATH);
                    vm.charge(items(vm, o).len())?;
                    *total = total.saturating_add(sep);
                    path.push((o, 0, 0));
                    continue;
                }
            },
            _ => 0,
        };
        *total = total.saturating_add(sep + add);
        if *total > limit {
            return Ok(*total);
        }
    }
}
fn array_join(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        let len = generic_len(vm, this, "join")?;
        let sep = match arg(a, 0) {
            Value::Undefined => JsStr::from_str(","),
            v => vm.to_string(&v)?,
        };
        let list = generic_items(vm, this, 0.0, len)?;
        let tmp = vm.new_array(list);
        let out = join_values(vm, this, tmp, sep.units())?;
        vm.charge(out.len() / 8)?;
        return vm.new_string(out);
    }
    let r = this_array(vm, this, "join")?;
    let sep = match arg(a, 0) {
        Value::Undefined => JsStr::from_str(","),
        v => vm.to_string(&v)?,
    };
    let out = join_values(vm, this, r, sep.units())?;
    vm.charge(out.len() / 8)?;
    vm.new_string(out)
}
fn array_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    array_join(vm, this, &[])
}
fn array_reverse(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_reverse(vm, this);
    }
    let r = this_array(vm, this, "reverse")?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    v.reverse();
    Ok(this.clone())
}
fn array_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_index_of(vm, this, a);
    }
    let r = this_array(vm, this, "indexOf")?;
    let len = items(vm, r).len();
    let from = rel_index(vm, &arg(a, 1), len, 0)?;
    let x = arg(a, 0);
    vm.charge(len)?;
    let pos = items(vm, r)
        .iter()
        .skip(from)
        .position(|v| strict_equals(v, &x));
    Ok(Value::Num(pos.map(|p| (p + from) as f64).unwrap_or(-1.0)))
}
fn array_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_last_index_of(vm, this, a);
    }
    let r = this_array(vm, this, "lastIndexOf")?;
    let x = arg(a, 0);
    let len = items(vm, r).len();
    let Some(start) = last_index_start(vm, a, len as f64)? else {
        return Ok(Value::Num(-1.0));
    };
    vm.charge(len)?;
    // fromIndex's conversion ran first; the array may have shrunk since.
    let end = (start as usize + 1).min(items(vm, r).len());
    let pos = items(vm, r)[..end]
        .iter()
        .rposition(|v| strict_equals(v, &x));
    Ok(Value::Num(pos.map(|p| p as f64).unwrap_or(-1.0)))
}
fn array_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_includes(vm, this, a);
    }
    let r = this_array(vm, this, "includes")?;
    let len = items(vm, r).len();
    let from = rel_index(vm, &arg(a, 1), len, 0)?;
    let x = arg(a, 0);
    vm.charge(len)?;
    Ok(Value::Bool(
        items(vm, r)
            .iter()
            .skip(from)
            .any(|v| same_value_zero(v, &x)),
    ))
}
fn array_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        let len = generic_len(vm, this, "at")?;
        let n = vm.to_number(&arg(a, 0))?;
        let n = if n.is_nan() { 0.0 } else { n.trunc() };
        let i = if n < 0.0 { len + n } else { n };
        if i < 0.0 || i >= len {
            return Ok(Value::Undefined);
        }
        return generic_get(vm, this, i);
    }
    let r = this_array(vm, this, "at")?;
    let len = items(vm, r).len() as f64;
    let n = vm.to_number(&arg(a, 0))?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    let i = if n < 0.0 { len + n } else { n };
    if i < 0.0 || i >= len {
        return Ok(Value::Undefined);
    }
    Ok(items(vm, r)[i as usize].clone())
}
fn array_fill(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_fill(vm, this, a);
    }
    let r = this_array(vm, this, "fill")?;
    let len = items(vm, r).len();
    let s = rel_index(vm, &arg(a, 1), len, 0)?;
    let e = rel_index(vm, &arg(a, 2), len, len)?;
    let x = arg(a, 0);
    vm.charge(len)?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    for slot in v.iter_mut().take(e).skip(s) {
        *slot = x.clone();
    }
    Ok(this.clone())
}
fn array_keys(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "keys")?;
    let n = items(vm, r).len();
    vm.reserve_array(n)?;
    let out = (0..n).map(|i| Value::Num(i as f64)).collect();
    Ok(Value::Obj(vm.new_array(out)))
}
fn array_values(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "values")?;
    vm.reserve_array(items(vm, r).len())?;
    let out = items(vm, r).clone();
    Ok(Value::Obj(vm.new_array(out)))
}
fn array_entries(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "entries")?;
    let n = items(vm, r).len();
    vm.reserve_array(n)?;
    vm.ensure_memory(n * (crate::heap::OBJECT_COST + 3 * crate::limits::ELEMENT_COST))?;
    let list = items(vm, r).clone();
    let mut out = Vec::with_capacity(list.len());
    for (i, v) in list.into_iter().enumerate() {
        vm.tick(i)?;
        out.push(Value::Obj(vm.new_array(vec![Value::Num(i as f64), v])));
    }
    Ok(Value::Obj(vm.new_array(out)))
}
fn flatten(vm: &mut Vm, list: &[Value], depth: f64, out: &mut Vec<Value>) -> JsResult<()> {
    for v in list {
        match v {
            Value::Obj(o) if depth >= 1.0 && matches!(vm.heap.get(*o).kind, Kind::Array(_)) => {
                let inner = items(vm, *o).clone();
                flatten(vm, &inner, (depth - 1.0).min(100.0), out)?;
            }
            v => out.push(v.clone()),
        }
        if out.len() > vm.limits.max_collection_len {
            return Err(vm.range_error("Invalid array length"));
        }
        vm.ensure_memory(out.capacity() * crate::limits::ELEMENT_COST)?;
    }
    vm.charge(list.len())?;
    Ok(())
}
fn array_flat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let r = this_array(vm, this, "flat")?;
    let depth = match arg(a, 0) {
        Value::Undefined => 1.0,
        v => vm.to_number(&v)?,
    };
    let list = items(vm, r).clone();
    let mut out = Vec::new();
    flatten(vm, &list, depth, &mut out)?;
    vm.charge(out.len())?;
    Ok(Value::Obj(vm.new_array(out)))
}

// ---------------- String ----------------

/// `String(v)`/`Number(v)` of an object with a program-defined valueOf/toString: the
/// converter (an ordinary call) computes the result in place of the native.
fn convert_by_program(vm: &mut Vm, code: u8, v: &Value, number_first: bool) -> bool {
    let Some(f) = vm.realm.converter else {
        return false;
    };
    if !vm.program_converts(v, number_first) {
        return false;
    }
    let args = vec![Value::Num(code as f64), v.clone(), Value::Undefined];
    vm.tail_call = Some((Value::Obj(f), Value::Undefined, args));
    true
}
fn string_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some(v) = a.first().filter(|_| !vm.is_new) {
        if convert_by_program(vm, 20, v, false) {
            return Ok(Value::Undefined);
        }
    }
    let s = match a.first() {
        None => Value::str(""),
        Some(v) => Value::Str(vm.to_string(v)?),
    };
    if vm.is_new {
        return Ok(Value::Obj(vm.new_wrapper(s)));
    }
    Ok(s)
}
fn string_from_char_code(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut out = Vec::new();
    for x in a {
        out.push(number::to_uint32(vm.to_number(x)?) as u16);
    }
    vm.new_string(out)
}
fn string_from_code_point(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut out = Vec::new();
    for x in a {
        let n = vm.to_number(x)?;
        if !(0.0..=1114111.0).contains(&n) || n.fract() != 0.0 {
            let t = vm.to_rust_string(x)?;
            return Err(vm.range_error(&format!("Invalid code point {t}")));
        }
        let n = n as u32;
        if n < 0x10000 {
            out.push(n as u16);
        } else {
            let m = n - 0x10000;
            out.push(0xD800 + (m >> 10) as u16);
            out.push(0xDC00 + (m & 0x3ff) as u16);
        }
    }
    vm.new_string(out)
}
fn this_str(vm: &mut Vm, this: &Value) -> JsResult<JsStr> {
    match this {
        Value::Str(s) => Ok(s.clone()),
        Value::Undefined | Value::Null => {
            Err(vm.type_error("String.prototype method called on null or undefined"))
        }
        v => vm.to_string(v),
    }
}
fn unit_str(vm: &mut Vm, u: u16) -> Value {
    vm.unit_string(u)
}
fn to_int(vm: &mut Vm, v: &Value) -> JsResult<f64> {
    let n = vm.to_number(v)?;
    Ok(if n.is_nan() { 0.0 } else { n.trunc() })
}
fn str_char_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    Ok(if i >= 0.0 && (i as usize) < s.len() {
        unit_str(vm, s.units()[i as usize])
    } else {
        Value::str("")
    })
}
fn str_char_code_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    Ok(Value::Num(if i >= 0.0 && (i as usize) < s.len() {
        s.units()[i as usize] as f64
    } else {
        f64::NAN
    }))
}
fn str_code_point_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    if !(i >= 0.0 && (i as usize) < s.len()) {
        return Ok(Value::Undefined);
    }
    let u = s.units();
    let i = i as usize;
    let c = u[i];
    if (0xD800..0xDC00).contains(&c) {
        if let Some(&d) = u.get(i + 1) {
            if (0xDC00..0xE000).contains(&d) {
                return Ok(Value::Num(
                    (((c as u32 - 0xD800) << 10) + (d as u32 - 0xDC00) + 0x10000) as f64,
                ));
            }
        }
    }
    Ok(Value::Num(c as f64))
}
fn str_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = to_int(vm, &arg(a, 0))?;
    let len = s.len() as f64;
    let i = if n < 0.0 { len + n } else { n };
    if i < 0.0 || i >= len {
        return Ok(Value::Undefined);
    }
    Ok(unit_str(vm, s.units()[i as usize]))
}
fn str_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = to_int(vm, &arg(a, 1))?.max(0.0) as usize;
    Ok(Value::Num(
        find_units_bounded(vm, s.units(), n.units(), from)?
            .map(|x| x as f64)
            .unwrap_or(-1.0),
    ))
}
fn str_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = match arg(a, 1) {
        Value::Undefined => usize::MAX,
        v => {
            let x = vm.to_number(&v)?;
            if x.is_nan() {
                usize::MAX
            } else {
                x.max(0.0) as usize
            }
        }
    };
    Ok(Value::Num(
        rfind_units_bounded(vm, s.units(), n.units(), from)?
            .map(|x| x as f64)
            .unwrap_or(-1.0),
    ))
}
fn str_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = to_int(vm, &arg(a, 1))?.max(0.0) as usize;
    Ok(Value::Bool(
        find_units_bounded(vm, s.units(), n.units(), from)?.is_some(),
    ))
}
fn str_starts_with(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = (to_int(vm, &arg(a, 1))?.max(0.0) as usize).min(s.len());
    Ok(Value::Bool(s.units()[from..].starts_with(n.units())))
}
fn str_ends_with(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let end = match arg(a, 1) {
        Value::Undefined => s.len(),
        v => (to_int(vm, &v)?.max(0.0) as usize).min(s.len()),
    };
    Ok(Value::Bool(s.units()[..end].ends_with(n.units())))
}
fn str_slice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len();
    let b = rel_index(vm, &arg(a, 0), len, 0)?;
    let e = rel_index(vm, &arg(a, 1), len, len)?;
    vm.str_from(if b < e { &s.units()[b..e] } else { &[] })
}
fn str_substring(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len() as f64;
    let b = to_int(vm, &arg(a, 0))?.clamp(0.0, len) as usize;
    let e = match arg(a, 1) {
        Value::Undefined => len as usize,
        v => to_int(vm, &v)?.clamp(0.0, len) as usize,
    };
    let (b, e) = if b > e { (e, b) } else { (b, e) };
    vm.str_from(&s.units()[b..e])
}
fn str_substr(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len();
    let b = rel_index(vm, &arg(a, 0), len, 0)?;
    let n = match arg(a, 1) {
        Value::Undefined => len,
        v => to_int(vm, &v)?.max(0.0) as usize,
    };
    let e = (b + n.min(len)).min(len);
    vm.str_from(&s.units()[b..e])
}
fn str_upper(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    vm.reserve_string(s.len())?;
    if s.units().iter().all(|&u| u < 128) {
        let u: Vec<u16> = s
            .units()
            .iter()
            .map(|&c| (c as u8).to_ascii_uppercase() as u16)
            .collect();
        return vm.new_string(u);
    }
    let r = s.to_rust().to_uppercase();
    vm.new_string(r.encode_utf16().collect())
}
fn str_lower(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    vm.reserve_string(s.len())?;
    if s.units().iter().all(|&u| u < 128) {
        let u: Vec<u16> = s
            .units()
            .iter()
            .map(|&c| (c as u8).to_ascii_lowercase() as u16)
            .collect();
        return vm.new_string(u);
    }
    let r = s.to_rust().to_lowercase();
    vm.new_string(r.encode_utf16().collect())
}
fn is_ws(u: u16) -> bool {
    char::from_u32(u as u32).is_some_and(|c| number::trim_js(&c.to_string()).is_empty())
}
fn str_trim(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let b = u.iter().position(|&c| !is_ws(c)).unwrap_or(u.len());
    let e = u
        .iter()
        .rposition(|&c| !is_ws(c))
        .map(|x| x + 1)
        .unwrap_or(b);
    vm.str_from(&u[b..e.max(b)])
}
fn str_trim_start(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let b = u.iter().position(|&c| !is_ws(c)).unwrap_or(u.len());
    vm.str_from(&u[b..])
}
fn str_trim_end(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let e = u
        .iter()
        .rposition(|&c| !is_ws(c))
        .map(|x| x + 1)
        .unwrap_or(0);
    vm.str_from(&u[..e])
}
fn pad(vm: &mut Vm, this: &Value, a: &[Value], start: bool) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let target = to_int(vm, &arg(a, 0))?;
    let filler = match arg(a, 1) {
        Value::Undefined => JsStr::from_str(" "),
        v => vm.to_string(&v)?,
    };
    if target <= s.len() as f64 || filler.is_empty() {
        return Ok(Value::Str(s));
    }
    if target > vm.limits.max_string_len as f64 {
        return Err(vm.range_error("Invalid string length"));
    }
    let need = target as usize - s.len();
    vm.reserve_string(target as usize)?;
    let fill: Vec<u16> = filler.units().iter().copied().cycle().take(need).collect();
    let mut out = Vec::with_capacity(target as usize);
    if start {
        out.extend(fill);
        out.extend_from_slice(s.units());
    } else {
        out.extend_from_slice(s.units());
        out.extend(fill);
    }
    vm.new_string(out)
}
fn str_pad_start(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    pad(vm, this, a, true)
}
fn str_pad_end(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    pad(vm, this, a, false)
}
fn str_repeat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_number(&arg(a, 0))?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    if n < 0.0 || n.is_infinite() {
        return Err(vm.range_error(&format!("Invalid count value: {}", number::to_string(n))));
    }
    if s.len() as f64 * n > vm.limits.max_string_len as f64 {
        return Err(vm.range_error("Invalid string length"));
    }
    vm.reserve_string(s.len() * n as usize)?;
    vm.new_string(s.units().repeat(n as usize))
}
fn str_split(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let limit = match arg(a, 1) {
        Value::Undefined => u32::MAX as usize,
        v => number::to_uint32(vm.to_number(&v)?) as usize,
    };
    let mut out = Vec::new();
    match arg(a, 0) {
        Value::Undefined => out.push(Value::Str(s.clone())),
        sep => {
            let sep = vm.to_string(&sep)?;
            let u = s.units();
            vm.charge(u.len())?;
            if sep.is_empty() {
                let n = u.len().min(limit);
                vm.reserve_array(n)?;
                vm.reserve_strings(n, n)?;
                out.reserve_exact(n);
                for (i, &c) in u.iter().take(limit).enumerate() {
                    vm.tick(i)?;
                    out.push(unit_str(vm, c));
                }
            } else {
                let mut start = 0;
                while let Some(i) = find_units_bounded(vm, u, sep.units(), start)? {
                    if out.len() >= limit {
                        break;
                    }
                    if out.len() % crate::limits::DEADLINE_STRIDE == 0 {
                        // The list so far, and its doubling (each piece is counted as
                        // it is made).
                        vm.check_len(out.len())?;
                        vm.ensure_memory(2 * out.capacity() * crate::limits::ELEMENT_COST)?;
                    }
                    out.push(vm.str_from(&u[start..i])?);
                    start = i + sep.len();
                }
                if out.len() < limit {
                    out.push(vm.str_from(&u[start..])?);
                }
                vm.reserve_array(out.len())?;
            }
        }
    }
    out.truncate(limit);
    Ok(Value::Obj(vm.new_array(out)))
}
fn str_concat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let mut out = s.units().to_vec();
    for x in a {
        let t = vm.to_string(x)?;
        vm.reserve_string(out.len() + t.len())?;
        out.extend_from_slice(t.units());
        if out.len() > vm.limits.max_string_len {
            return Err(vm.range_error("Invalid string length"));
        }
    }
    vm.new_string(out)
}
/// A deterministic ordering: compares case-insensitively (ASCII folding of the lowercased
/// text), then lowercase before uppercase, then by code units. Matches ICU for ASCII words.
fn str_locale_compare(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?.to_rust();
    let t = vm.to_string(&arg(a, 0))?.to_rust();
    let key = |x: &str| -> Vec<(u32, u8)> {
        x.chars()
            .map(|c| {
                let l = c.to_lowercase().next().unwrap_or(c);
                // punctuation and digits sort before letters as in ICU
                let class = if l.is_alphabetic() {
                    2
                } else if l.is_numeric() {
                    1
                } else {
                    0
                };
                (
                    (class << 24) | l as u32,
                    if c.is_uppercase() { 1 } else { 0 },
                )
            })
            .collect()
    };
    let (ka, kb) = (key(&s), key(&t));
    let primary = ka.iter().map(|x| x.0).cmp(kb.iter().map(|x| x.0));
    let ord = primary.then_with(|| ka.iter().map(|x| x.1).cmp(kb.iter().map(|x| x.1)));
    Ok(Value::Num(match ord {
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
        std::cmp::Ordering::Greater => 1.0,
    }))
}
fn str_normalize(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    // Without Unicode tables, only text that is already normalized is accepted.
    let s = this_str(vm, this)?;
    if let Some(form) = a.first().filter(|f| !matches!(f, Value::Undefined)) {
        let form = vm.to_rust_string(form)?;
        if !matches!(form.as_str(), "NFC" | "NFD" | "NFKC" | "NFKD") {
            return Err(
                vm.range_error("The normalization form should be one of NFC, NFD, NFKC, NFKD.")
            );
        }
    }
    if s.units().iter().all(|&u| u < 0x300) {
        return Ok(Value::Str(s));
    }
    Err(vm.type_error("String.prototype.normalize is only supported for text below U+0300"))
}
fn str_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    match this {
        Value::Str(s) => Ok(Value::Str(s.clone())),
        Value::Obj(r) if *r == vm.realm.string_proto => Ok(Value::str("")),
        v => match vm.wrapped(v) {
            Some(s @ Value::Str(_)) => Ok(s),
            _ => Err(vm.type_error("String.prototype.valueOf requires that 'this' be a String")),
        },
    }
}

// ---------------- Number / Boolean ----------------

fn number_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if vm.is_new {
        let n = match a.first() {
            None => 0.0,
            Some(v) => vm.to_number(v)?,
        };
        return Ok(Value::Obj(vm.new_wrapper(Value::Num(n))));
    }
    if a.is_empty() {
        return Ok(Value::Num(0.0));
    }
    if convert_by_program(vm, 22, &a[0], true) {
        return Ok(Value::Undefined);
    }
    Ok(Value::Num(vm.to_number(&a[0])?))
}
fn number_is_integer(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite() && n.fract() == 0.0),
    ))
}
fn number_is_safe_integer(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite() && n.fract() == 0.0 && n.abs() <= 9007199254740991.0),
    ))
}
fn number_is_finite(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_finite()),
    ))
}
fn number_is_nan(_vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(
        matches!(arg(a, 0), Value::Num(n) if n.is_nan()),
    ))
}
fn global_is_nan(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.to_number(&arg(a, 0))?.is_nan()))
}
fn global_is_finite(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(vm.to_number(&arg(a, 0))?.is_finite()))
}
fn global_parse_float(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let s = vm.to_rust_string(&arg(a, 0))?;
    Ok(Value::Num(number::parse_float(&s)))
}
fn global_parse_int(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let s = vm.to_rust_string(&arg(a, 0))?;
    let r = number::to_int32(vm.to_number(&arg(a, 1))?);
    Ok(Value::Num(number::parse_int(&s, r)))
}
// Number.prototype, Boolean.prototype and String.prototype are themselves wrapper objects
// of 0, false and "" (ECMAScript); other wrappers hold their value in `Kind::Primitive`.
fn this_num(vm: &mut Vm, this: &Value) -> JsResult<f64> {
    match this {
        Value::Num(n) => Ok(*n),
        Value::Obj(r) if *r == vm.realm.number_proto => Ok(0.0),
        v => match vm.wrapped(v) {
            Some(Value::Num(n)) => Ok(n),
            _ => {
                Err(vm.type_error("Number.prototype method called on a value that is not a number"))
            }
        },
    }
}
fn num_to_fixed(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let f = to_int(vm, &arg(a, 0))?;
    if !(0.0..=100.0).contains(&f) {
        return Err(vm.range_error("toFixed() digits argument must be between 0 and 100"));
    }
    Ok(Value::str(&number::to_fixed(x, f as usize)))
}
fn num_to_precision(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    if let Value::Undefined = arg(a, 0) {
        return Ok(Value::str(&number::to_string(x)));
    }
    let p = to_int(vm, &arg(a, 0))?;
    if !x.is_finite() {
        return Ok(Value::str(&number::to_string(x)));
    }
    if !(1.0..=100.0).contains(&p) {
        return Err(vm.range_error("toPrecision() argument must be between 1 and 100"));
    }
    Ok(Value::str(&number::to_precision(x, p as usize)))
}
fn num_to_exponential(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let f = match arg(a, 0) {
        Value::Undefined => None,
        v => Some(to_int(vm, &v)?),
    };
    if !x.is_finite() {
        return Ok(Value::str(&number::to_string(x)));
    }
    if let Some(f) = f {
        if !(0.0..=100.0).contains(&f) {
            return Err(vm.range_error("toExponential() argument must be between 0 and 100"));
        }
    }
    Ok(Value::str(&number::to_exponential(
        x,
        f.map(|f| f as usize),
    )))
}
fn num_to_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = this_num(vm, this)?;
    let radix = match arg(a, 0) {
        Value::Undefined => 10.0,
        v => to_int(vm, &v)?,
    };
    if !(2.0..=36.0).contains(&radix) {
        return Err(vm.range_error("toString() radix must be between 2 and 36"));
    }
    if radix == 10.0 {
        return Ok(Value::str(&number::to_string(x)));
    }
    Ok(Value::str(&number::to_radix(x, radix as u32)))
}
fn num_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(this_num(vm, this)?))
}
fn boolean_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let b = Value::Bool(arg(a, 0).truthy());
    if vm.is_new {
        return Ok(Value::Obj(vm.new_wrapper(b)));
    }
    Ok(b)
}
/// `this` of the Boolean.prototype methods: a boolean, a Boolean object, or the prototype.
fn this_bool(vm: &mut Vm, this: &Value, method: &str) -> JsResult<bool> {
    match this {
        Value::Bool(b) => Ok(*b),
        Value::Obj(r) if *r == vm.realm.boolean_proto => Ok(false),
        v => match vm.wrapped(v) {
            Some(Value::Bool(b)) => Ok(b),
            _ => Err(vm.type_error(&format!(
                "Boolean.prototype.{method} requires that 'this' be a Boolean"
            ))),
        },
    }
}
fn bool_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let b = this_bool(vm, this, "toString")?;
    Ok(Value::str(if b { "true" } else { "false" }))
}
fn bool_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(this_bool(vm, this, "valueOf")?))
}
fn structured_clone(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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

// ---------------- Math ----------------

macro_rules! math1 {
    ($name:ident, $f:expr) => {
        fn $name(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
            let x = vm.to_number(&arg(a, 0))?;
            let f: fn(f64) -> f64 = $f;
            Ok(Value::Num(f(x)))
        }
    };
}
math1!(math_abs, f64::abs);
math1!(math_floor, f64::floor);
math1!(math_ceil, f64::ceil);
math1!(math_round, |x| {
    if !x.is_finite() || x.fract() == 0.0 {
        return x;
    }
    let f = x.floor();
    let r = if x - f >= 0.5 { f + 1.0 } else { f };
    if r == 0.0 && x < 0.0 {
        -0.0
    } else {
        r
    }
});
math1!(math_trunc, f64::trunc);
math1!(math_sign, |x| if x.is_nan() || x == 0.0 {
    x
} else {
    x.signum()
});
math1!(math_sqrt, f64::sqrt);
math1!(math_cbrt, f64::cbrt);
math1!(math_exp, f64::exp);
math1!(math_expm1, f64::exp_m1);
math1!(math_log, f64::ln);
math1!(math_log2, f64::log2);
math1!(math_log10, f64::log10);
math1!(math_log1p, f64::ln_1p);
math1!(math_sin, f64::sin);
math1!(math_cos, f64::cos);
math1!(math_tan, f64::tan);
math1!(math_asin, f64::asin);
math1!(math_acos, f64::acos);
math1!(math_atan, f64::atan);
math1!(math_sinh, f64::sinh);
math1!(math_cosh, f64::cosh);
math1!(math_tanh, f64::tanh);
math1!(math_asinh, f64::asinh);
math1!(math_acosh, f64::acosh);
math1!(math_atanh, f64::atanh);
math1!(math_fround, |x| x as f32 as f64);
math1!(math_clz32, |x| number::to_uint32(x).leading_zeros() as f64);
fn math_atan2(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let y = vm.to_number(&arg(a, 0))?;
    let x = vm.to_number(&arg(a, 1))?;
    Ok(Value::Num(y.atan2(x)))
}
fn math_pow(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let x = vm.to_number(&arg(a, 0))?;
    let y = vm.to_number(&arg(a, 1))?;
    Ok(Value::Num(crate::vm::js_pow(x, y)))
}
fn math_imul(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let x = number::to_int32(vm.to_number(&arg(a, 0))?);
    let y = number::to_int32(vm.to_number(&arg(a, 1))?);
    Ok(Value::Num(x.wrapping_mul(y) as f64))
}
fn math_max(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut m = f64::NEG_INFINITY;
    vm.charge(a.len())?;
    for x in a {
        let n = vm.to_number(x)?;
        if n.is_nan() || m.is_nan() {
            m = f64::NAN;
        } else if n > m || (n == 0.0 && m == 0.0 && !n.is_sign_negative()) {
            m = n;
        }
    }
    Ok(Value::Num(m))
}
fn math_min(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut m = f64::INFINITY;
    vm.charge(a.len())?;
    for x in a {
        let n = vm.to_number(x)?;
        if n.is_nan() || m.is_nan() {
            m = f64::NAN;
        } else if n < m || (n == 0.0 && m == 0.0 && n.is_sign_negative()) {
            m = n;
        }
    }
    Ok(Value::Num(m))
}
fn math_hypot(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    // Every argument is converted first; an infinity wins over NaN.
    let mut nums = Vec::with_capacity(a.len());
    for x in a {
        nums.push(vm.to_number(x)?);
    }
    if nums.iter().any(|n| n.is_infinite()) {
        return Ok(Value::Num(f64::INFINITY));
    }
    if nums.iter().any(|n| n.is_nan()) {
        return Ok(Value::Num(f64::NAN));
    }
    // Scaled by the largest magnitude (no overflow of the squares), Kahan-summed, as V8 does.
    let max = nums.iter().fold(0.0f64, |m, n| m.max(n.abs()));
    if max == 0.0 {
        return Ok(Value::Num(0.0));
    }
    let (mut sum, mut compensation) = (0.0f64, 0.0f64);
    for n in nums {
        let r = n.abs() / max;
        let summand = r * r - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    Ok(Value::Num(sum.sqrt() * max))
}
fn math_random(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(vm.next_random()))
}

// ---------------- console, errors, promises ----------------

fn console_log(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let line = crate::format::format_log(vm, a)?;
    vm.charge(line.len())?;
    vm.logs.push(line);
    Ok(Value::Undefined)
}

fn make_error_with(vm: &mut Vm, proto: ObjRef, a: &[Value]) -> JsResult<Value> {
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
fn error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.error_proto;
    make_error_with(vm, p, a)
}
fn type_error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.type_error_proto;
    make_error_with(vm, p, a)
}
fn range_error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.range_error_proto;
    make_error_with(vm, p, a)
}
fn syntax_error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.syntax_error_proto;
    make_error_with(vm, p, a)
}
fn reference_error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.reference_error_proto;
    make_error_with(vm, p, a)
}
fn aggregate_error_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let p = vm.realm.aggregate_error_proto;
    let errs = vm.iterate_to_vec(&arg(a, 0))?;
    let o = make_error_with(vm, p, a.get(1..).unwrap_or(&[]))?;
    let arr = vm.new_array(errs);
    if let Value::Obj(r) = o {
        vm.define_hidden(r, "errors", Value::Obj(arr));
    }
    Ok(o)
}
fn error_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let name = vm.get_prop(this, &JsStr::from_str("name"))?;
    let msg = vm.get_prop(this, &JsStr::from_str("message"))?;
    let name = if matches!(name, Value::Undefined) {
        "Error".to_string()
    } else {
        vm.to_rust_string(&name)?
    };
    let msg = if matches!(msg, Value::Undefined) {
        String::new()
    } else {
        vm.to_rust_string(&msg)?
    };
    Ok(Value::str(&match (name.is_empty(), msg.is_empty()) {
        (_, true) => name,
        (true, false) => msg,
        _ => format!("{name}: {msg}"),
    }))
}
fn promise_then(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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

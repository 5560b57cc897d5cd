//! Object and Object.prototype, property descriptors.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    // Object
    let object = b.def(global, "Object", object_ctor, 1);
    b.link(object, object_proto);
    b.def(object, "keys", object_keys, 1);
    b.def(object, "values", object_values, 1);
    b.def(object, "entries", object_entries, 1);
    b.def(object, "assign", object_assign, 2);
    b.def(object, "freeze", object_freeze, 1);
    b.def(object, "isFrozen", object_is_frozen, 1);
    b.def(object, "fromEntries", object_from_entries, 1);
    b.def(object, "hasOwn", object_has_own, 2);
    b.def(object, "getPrototypeOf", object_get_proto, 1);
    b.def(object, "setPrototypeOf", object_set_proto, 2);
    b.def(object, "create", object_create, 2);
    b.def(object, "is", object_is, 2);
    b.def(
        object,
        "getOwnPropertyNames",
        object_get_own_property_names,
        1,
    );
    b.def(
        object,
        "getOwnPropertySymbols",
        object_get_own_property_symbols,
        1,
    );
    b.def(
        object,
        "getOwnPropertyDescriptor",
        object_get_own_property_descriptor,
        2,
    );
    b.def(object, "defineProperty", object_define_property, 3);
    b.def(object, "defineProperties", object_define_properties, 2);
    b.def(object, "isExtensible", object_is_extensible, 1);
    b.def(object, "seal", object_seal, 1);
    b.def(object, "isSealed", object_is_sealed, 1);
    b.def(object, "preventExtensions", object_prevent_extensions, 1);
    b.def(
        object_proto,
        "isPrototypeOf",
        object_proto_is_prototype_of,
        1,
    );
    b.def(
        object_proto,
        "propertyIsEnumerable",
        object_proto_property_is_enumerable,
        1,
    );
    b.def(object_proto, "hasOwnProperty", object_proto_has_own, 1);
    b.def(object_proto, "toString", object_proto_to_string, 0);
    b.def(object_proto, "toLocaleString", object_proto_to_string, 0);
    b.def(object_proto, "valueOf", object_proto_value_of, 0);
}

pub(crate) fn object_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    match arg(a, 0) {
        v @ Value::Obj(_) => Ok(v),
        v @ (Value::Num(_) | Value::Str(_) | Value::Bool(_) | Value::Sym(_) | Value::BigInt(_)) => {
            Ok(Value::Obj(vm.new_wrapper(v)))
        }
        _ => Ok(Value::Obj(vm.new_object())),
    }
}
pub(crate) fn require_obj(vm: &mut Vm, v: &Value) -> JsResult<Option<ObjRef>> {
    match v {
        Value::Obj(r) => Ok(Some(*r)),
        Value::Undefined | Value::Null => {
            Err(vm.type_error("Cannot convert undefined or null to object"))
        }
        _ => Ok(None),
    }
}
/// Before `own_keys(r)`: its elements' keys are new strings, one per element.
pub(crate) fn reserve_keys(vm: &mut Vm, r: ObjRef) -> JsResult<()> {
    let o = vm.heap.get(r);
    let scanned = match &o.kind {
        Kind::Array(items) if o.holes => items.len(),
        _ => 0,
    };
    let elements = match &o.kind {
        // Holes have no key: a sparse array pays for the elements it has.
        Kind::Array(items) if o.holes => items.iter().filter(|v| !v.is_empty()).count(),
        Kind::Array(items) => items.len(),
        Kind::Primitive(Value::Str(s)) => s.len(),
        _ => 0,
    };
    let n = elements + o.props.entries.len();
    vm.charge(scanned / 16)?;
    vm.reserve_array(n)?;
    // The list of keys, then the array made of it.
    vm.ensure_memory(n * crate::limits::ELEMENT_COST)?;
    vm.reserve_strings(elements, elements * 8)?;
    vm.heap.charge(elements * JsStr::cost(8));
    Ok(())
}
pub(crate) fn keys_of(vm: &mut Vm, v: &Value) -> JsResult<Vec<JsStr>> {
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
pub(crate) fn object_keys(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let keys = keys_of(vm, &arg(a, 0))?;
    let items = keys.into_iter().map(Value::Str).collect();
    Ok(Value::Obj(vm.new_array(items)))
}
/// Whether `v` is an object with an own accessor property (read by the prelude's versions
/// of the built-ins, where getters run as frames). Only looked for once the program has
/// defined an accessor.
pub(crate) fn has_own_accessor(vm: &Vm, v: &Value) -> bool {
    match v {
        Value::Obj(r) if vm.accessors_defined => vm
            .heap
            .get(*r)
            .props
            .iter()
            .any(|p| p.flags & ACCESSOR != 0),
        _ => false,
    }
}
/// Hands the call to the prelude's hook `i` (see `Realm::hooks`) with arguments `a`.
pub(crate) fn to_hook(vm: &mut Vm, i: usize, a: &[Value]) -> JsResult<Value> {
    match vm.realm.hooks.get(i).copied().flatten() {
        Some(f) => {
            vm.tail_call = Some((Value::Obj(f), Value::Undefined, a.to_vec()));
            Ok(Value::Undefined)
        }
        None => Err(vm.type_error("accessor properties are not supported here")),
    }
}
pub(crate) fn object_values(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if has_own_accessor(vm, &o) {
        return to_hook(vm, HOOK_VALUES, a);
    }
    let keys = keys_of(vm, &o)?;
    vm.reserve_array(keys.len())?;
    let mut items = Vec::with_capacity(keys.len());
    for (i, k) in keys.into_iter().enumerate() {
        vm.tick(i)?;
        items.push(vm.get_prop(&o, &k)?);
    }
    Ok(Value::Obj(vm.new_array(items)))
}
pub(crate) fn object_entries(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if has_own_accessor(vm, &o) {
        return to_hook(vm, HOOK_ENTRIES, a);
    }
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
pub(crate) fn object_assign(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let t = arg(a, 0);
    // A setter on the target (or its prototypes) or a getter on a source runs as a frame.
    if vm.accessors_defined {
        return to_hook(vm, HOOK_ASSIGN, a);
    }
    let Some(r) = require_obj(vm, &t)? else {
        return Ok(t);
    };
    for src in a.iter().skip(1) {
        if let Value::Obj(s) = src {
            let keys = vm.own_keys_and_symbols(*s, true);
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
pub(crate) fn strict_set(vm: &mut Vm, r: ObjRef, key: JsStr, v: Value) -> JsResult<()> {
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
pub(crate) fn object_freeze(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn object_is_frozen(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(locked_down(vm, &arg(a, 0), |f| {
        f & WRITABLE == 0 && f & NON_CONFIGURABLE != 0
    })))
}
/// isFrozen/isSealed: frozen, or not extensible with every own property's flags passing
/// `props_ok` (array elements carry no flags, so a non-empty array never passes).
pub(crate) fn locked_down(vm: &Vm, v: &Value, props_ok: impl Fn(u8) -> bool) -> bool {
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
pub(crate) fn object_from_entries(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if !vm.iterates_natively(&arg(a, 0), false) {
        return to_hook(vm, HOOK_WITH_ITEMS, &[Value::Num(4.0), arg(a, 0)]);
    }
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
pub(crate) fn has_own(vm: &mut Vm, o: &Value, k: &Value) -> JsResult<bool> {
    let key = vm.to_property_key(k)?;
    Ok(match o {
        Value::Obj(r) => {
            let obj = vm.heap.get(*r);
            if let Kind::Array(items) = &obj.kind {
                if let Some(i) = key.as_index() {
                    return Ok(items.get(i as usize).is_some_and(|v| !v.is_empty()));
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
// Accessor properties hold their getter and setter in a `Kind::Accessor` slot (flag
// ACCESSOR; see heap.rs).

/// Property flag: not configurable (set by `Object.defineProperty`).
pub const NON_CONFIGURABLE: u8 = 4;

/// The own property `key` of `o` as (value, writable, enumerable, configurable).
pub(crate) fn own_descriptor(
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
                        .filter(|v| !v.is_empty())
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
/// The own accessor property `key` of `o` as (getter, setter, enumerable, configurable).
pub(crate) fn own_accessor(vm: &Vm, o: &Value, key: &JsStr) -> Option<(Value, Value, bool, bool)> {
    let Value::Obj(r) = o else {
        return None;
    };
    let obj = vm.heap.get(*r);
    let p = obj.props.entry(key)?;
    if p.flags & ACCESSOR == 0 {
        return None;
    }
    let (get, set) = vm.accessor_pair(&p.value);
    Some((
        get,
        set,
        p.flags & ENUMERABLE != 0,
        !obj.frozen && p.flags & NON_CONFIGURABLE == 0,
    ))
}
/// CreateDataProperty on a fresh object (no setter on its prototypes may intercept it).
pub(crate) fn create_data(vm: &mut Vm, r: ObjRef, key: &str, v: Value) {
    vm.heap
        .get_mut(r)
        .props
        .insert(JsStr::from_str(key), v, DEFAULT_FLAGS);
    vm.heap.charge(crate::heap::PROP_COST);
}
pub(crate) fn object_get_own_property_descriptor(
    vm: &mut Vm,
    _: &Value,
    a: &[Value],
) -> JsResult<Value> {
    let o = arg(a, 0);
    require_obj(vm, &o)?;
    let key = vm.to_property_key(&arg(a, 1))?;
    if let Some((get, set, enumerable, configurable)) = own_accessor(vm, &o, &key) {
        let d = vm.new_object();
        create_data(vm, d, "get", get);
        create_data(vm, d, "set", set);
        create_data(vm, d, "enumerable", Value::Bool(enumerable));
        create_data(vm, d, "configurable", Value::Bool(configurable));
        return Ok(Value::Obj(d));
    }
    let Some((value, writable, enumerable, configurable)) = own_descriptor(vm, &o, &key)? else {
        return Ok(Value::Undefined);
    };
    let d = vm.new_object();
    create_data(vm, d, "value", value);
    create_data(vm, d, "writable", Value::Bool(writable));
    create_data(vm, d, "enumerable", Value::Bool(enumerable));
    create_data(vm, d, "configurable", Value::Bool(configurable));
    Ok(Value::Obj(d))
}
/// Every own symbol key (enumerable or not), in insertion order.
pub(crate) fn object_get_own_property_symbols(
    vm: &mut Vm,
    _: &Value,
    a: &[Value],
) -> JsResult<Value> {
    let o = arg(a, 0);
    let mut keys = Vec::new();
    if let Some(r) = require_obj(vm, &o)? {
        let obj = vm.heap.get(r);
        keys.extend(
            obj.props
                .iter()
                .filter(|p| p.key.is_symbol())
                .map(|p| Value::Sym(p.key.clone())),
        );
    }
    vm.charge(keys.len())?;
    Ok(Value::Obj(vm.new_array(keys)))
}
pub(crate) fn object_get_own_property_names(
    vm: &mut Vm,
    _: &Value,
    a: &[Value],
) -> JsResult<Value> {
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
                        (0..items.len())
                            .filter(|&i| !items[i].is_empty())
                            .map(|i| (i as u32, JsStr::from_str(&i.to_string()))),
                    );
                }
                for p in obj.props.iter().filter(|p| !p.key.is_symbol()) {
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
pub(crate) fn desc_field(vm: &mut Vm, d: &Value, name: &str) -> JsResult<Option<Value>> {
    let k = JsStr::from_str(name);
    if vm.has_property(d, &Value::Str(k.clone()))? {
        Ok(Some(vm.get_prop(d, &k)?))
    } else {
        Ok(None)
    }
}
pub(crate) fn define_one(vm: &mut Vm, o: &Value, key: JsStr, desc: &Value) -> JsResult<()> {
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
                "Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, #<Object>",
            ));
        }
        for (which, f) in [("Getter", &get), ("Setter", &set)] {
            let Some(f) = f else {
                continue;
            };
            if !f.is_undefined() && !vm.is_callable(f) {
                let shown = match f {
                    Value::Obj(fr) if matches!(vm.heap.get(*fr).kind, Kind::Array(_)) => {
                        "[object Array]".to_string()
                    }
                    Value::Obj(_) => "#<Object>".to_string(),
                    v => vm.to_rust_string(v)?,
                };
                return Err(vm.type_error(&format!("{which} must be a function: {shown}")));
            }
        }
        return define_accessor_desc(vm, r, key, get, set, enumerable, configurable);
    }
    if let Some((_, _, old_e, old_c)) = own_accessor(vm, o, &key) {
        // An accessor redefined by a data (or generic) descriptor.
        let name = key.to_rust();
        if !old_c
            && (configurable == Some(true)
                || enumerable.is_some_and(|e| e != old_e)
                || value.is_some()
                || writable.is_some())
        {
            return Err(vm.type_error(&format!("Cannot redefine property: {name}")));
        }
        if value.is_none() && writable.is_none() {
            // Generic: only the attributes change.
            let obj = vm.heap.get_mut(r);
            if let Some(i) = obj.props.find(&key) {
                let p = &mut obj.props.entries[i];
                if enumerable.unwrap_or(old_e) {
                    p.flags |= ENUMERABLE;
                } else {
                    p.flags &= !ENUMERABLE;
                }
                if !configurable.unwrap_or(old_c) {
                    p.flags |= NON_CONFIGURABLE;
                }
            }
            return Ok(());
        }
        let mut flags = 0;
        if enumerable.unwrap_or(old_e) {
            flags |= ENUMERABLE;
        }
        if !configurable.unwrap_or(old_c) {
            flags |= NON_CONFIGURABLE;
        }
        if writable == Some(true) {
            flags |= WRITABLE;
        }
        let obj = vm.heap.get_mut(r);
        if let Some(i) = obj.props.find(&key) {
            obj.props.entries[i].value = value.unwrap_or_default();
            obj.props.entries[i].flags = flags;
        }
        return Ok(());
    }
    let name = key.to_rust();
    let current = own_descriptor(vm, o, &key)?;
    let obj = vm.heap.get(r);
    let (frozen, extensible) = (obj.frozen, obj.extensible);
    if let Some((old, old_w, old_e, old_c)) = &current {
        if !old_c {
            // A non-configurable property may only keep its attributes (and its value when
            // it is writable).
            let same_value = value.as_ref().is_none_or(|v| same_value(&vm.heap, v, old));
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
/// `defineProperty` with a `get` and/or `set`: ValidateAndApplyPropertyDescriptor for an
/// accessor descriptor (absent halves and attributes keep the current accessor's).
fn define_accessor_desc(
    vm: &mut Vm,
    r: ObjRef,
    key: JsStr,
    get: Option<Value>,
    set: Option<Value>,
    enumerable: Option<bool>,
    configurable: Option<bool>,
) -> JsResult<()> {
    let o = Value::Obj(r);
    let name = key.to_rust();
    if let Kind::Array(_) = vm.heap.get(r).kind {
        if key.as_index().is_some() || key.eq_str("length") {
            return Err(vm.type_error("accessor array elements are not supported"));
        }
    }
    let (old_e, old_c, keep_get, keep_set) = if let Some((g, s, e, c)) = own_accessor(vm, &o, &key)
    {
        if !c {
            let changes = configurable == Some(true)
                || enumerable.is_some_and(|x| x != e)
                || get.as_ref().is_some_and(|x| !same_value(&vm.heap, x, &g))
                || set.as_ref().is_some_and(|x| !same_value(&vm.heap, x, &s));
            if changes {
                return Err(vm.type_error(&format!("Cannot redefine property: {name}")));
            }
        }
        (e, c, g, s)
    } else if let Some((_, _, e, c)) = own_descriptor(vm, &o, &key)? {
        if !c {
            return Err(vm.type_error(&format!("Cannot redefine property: {name}")));
        }
        (e, c, Value::Undefined, Value::Undefined)
    } else {
        let obj = vm.heap.get(r);
        if !obj.extensible || obj.frozen {
            return Err(vm.type_error(&format!(
                "Cannot define property {name}, object is not extensible"
            )));
        }
        (false, false, Value::Undefined, Value::Undefined)
    };
    let mut flags = 0;
    if enumerable.unwrap_or(old_e) {
        flags |= ENUMERABLE;
    }
    if !configurable.unwrap_or(old_c) {
        flags |= NON_CONFIGURABLE;
    }
    let get = get.unwrap_or(keep_get);
    let set = set.unwrap_or(keep_set);
    vm.define_accessor(r, key, Some(get), Some(set), flags);
    Ok(())
}
pub(crate) fn object_define_property(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if !matches!(o, Value::Obj(_)) {
        return Err(vm.type_error("Object.defineProperty called on non-object"));
    }
    let key = vm.to_property_key(&arg(a, 1))?;
    define_one(vm, &o, key, &arg(a, 2))?;
    Ok(o)
}
pub(crate) fn object_define_properties(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if !matches!(o, Value::Obj(_)) {
        return Err(vm.type_error("Object.defineProperties called on non-object"));
    }
    let props = arg(a, 1);
    require_obj(vm, &props)?;
    let mut keys = keys_of(vm, &props)?;
    // Enumerable symbol keys define properties too (after the string keys).
    if let Value::Obj(p) = props {
        let all = vm.own_keys_and_symbols(p, true);
        keys.extend(all.into_iter().filter(|k| k.is_symbol()));
    }
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
pub(crate) fn object_is_extensible(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(match arg(a, 0) {
        Value::Obj(r) => vm.heap.get(r).extensible,
        _ => false,
    }))
}
pub(crate) fn object_prevent_extensions(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn object_seal(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn object_is_sealed(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(locked_down(vm, &arg(a, 0), |f| {
        f & NON_CONFIGURABLE != 0
    })))
}
pub(crate) fn object_proto_is_prototype_of(
    vm: &mut Vm,
    this: &Value,
    a: &[Value],
) -> JsResult<Value> {
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
pub(crate) fn object_proto_property_is_enumerable(
    vm: &mut Vm,
    this: &Value,
    a: &[Value],
) -> JsResult<Value> {
    let key = vm.to_property_key(&arg(a, 0))?;
    require_obj(vm, this)?;
    Ok(Value::Bool(
        own_descriptor(vm, this, &key)?.is_some_and(|(_, _, e, _)| e),
    ))
}
pub(crate) fn object_has_own(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    require_obj(vm, &o)?;
    Ok(Value::Bool(has_own(vm, &o, &arg(a, 1))?))
}
pub(crate) fn object_proto_has_own(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(has_own(vm, this, &arg(a, 0))?))
}
pub(crate) fn object_get_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn object_set_proto(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let o = arg(a, 0);
    if o.is_nullish() {
        return Err(vm.type_error("Object.setPrototypeOf called on null or undefined"));
    }
    let proto = match arg(a, 1) {
        Value::Obj(p) => Some(p),
        Value::Null => None,
        other => {
            // A primitive: its string conversion runs no program code.
            let shown = vm.to_rust_string(&other)?;
            return Err(vm.type_error(&format!(
                "Object prototype may only be an Object or null: {shown}"
            )));
        }
    };
    let Value::Obj(r) = o else {
        return Ok(o);
    };
    if !vm.set_prototype(r, proto)? {
        return Err(vm.type_error("#<Object> is not extensible"));
    }
    Ok(o)
}
pub(crate) fn object_create(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn object_is(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(same_value(&vm.heap, &arg(a, 0), &arg(a, 1))))
}
pub(crate) fn object_proto_to_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    // A BigInt's tag is BigInt.prototype's `Symbol.toStringTag`.
    if let Value::Obj(_) | Value::BigInt(_) = this {
        let tag_key = vm.realm.well_known.to_string_tag.clone();
        let tag = match vm.get_prop_raw(this, &tag_key)? {
            Ok(v) => v,
            // A program-defined getter runs in the prelude (as a frame).
            Err(getter) if vm.is_callable(&getter) => {
                return to_hook(vm, HOOK_TO_STRING_TAG, &[this.clone(), getter]);
            }
            Err(_) => Value::Undefined,
        };
        if let Value::Str(tag) = tag {
            return vm.concat_strings(&[
                StrPart::Ascii("[object "),
                StrPart::Units(tag.units()),
                StrPart::Ascii("]"),
            ]);
        }
    }
    builtin_tag(vm, this, a)
}
/// Object.prototype.toString without `Symbol.toStringTag`: the tag of the object's kind.
pub(crate) fn builtin_tag(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let t = match this {
        Value::Undefined => "[object Undefined]",
        Value::Null => "[object Null]",
        Value::Sym(_) => "[object Symbol]",
        Value::Obj(r) => match &vm.heap.get(*r).kind {
            Kind::Array(_) => "[object Array]",
            Kind::Error => "[object Error]",
            Kind::Date(_) => "[object Date]",
            Kind::Collection(c) => match c.kind {
                CollectionKind::Map => "[object Map]",
                CollectionKind::Set => "[object Set]",
                CollectionKind::WeakMap => "[object WeakMap]",
                CollectionKind::WeakSet => "[object WeakSet]",
            },
            Kind::CollectionIter(it) => match &vm.heap.get(it.target).kind {
                Kind::Collection(c) if c.kind == CollectionKind::Set => "[object Set Iterator]",
                _ => "[object Map Iterator]",
            },
            Kind::NumberFormat(_) => "[object Intl.NumberFormat]",
            Kind::DateTimeFormat(_) => "[object Intl.DateTimeFormat]",
            Kind::Primitive(Value::Num(_)) => "[object Number]",
            Kind::Primitive(Value::Str(_)) => "[object String]",
            Kind::Primitive(Value::Bool(_)) => "[object Boolean]",
            Kind::Primitive(Value::Sym(_)) => "[object Symbol]",
            _ if vm.heap.get(*r).is_callable() => "[object Function]",
            _ => "[object Object]",
        },
        Value::Num(_) => "[object Number]",
        Value::Str(_) => "[object String]",
        Value::Bool(_) => "[object Boolean]",
        // A BigInt's tag comes from BigInt.prototype[Symbol.toStringTag].
        Value::BigInt(_) => "[object Object]",
        Value::Empty => "[object Undefined]",
    };
    Ok(Value::str(t))
}
pub(crate) fn object_proto_value_of(_vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(this.clone())
}

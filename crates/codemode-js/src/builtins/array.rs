//! Array and Array.prototype.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let array_proto = b.realm.array_proto;
    // Array
    let array = b.def(global, "Array", array_ctor, 1);
    b.link(array, array_proto);
    b.def(array, "isArray", array_is_array, 1);
    b.def(array, "of", array_of, 0);
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
        ("toString", array_to_string, 0),
        ("flat", array_flat, 0),
    ] {
        b.def(array_proto, name, f, len);
    }
}

pub(crate) fn array_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if a.len() == 1 {
        if let Value::Num(n) = a[0] {
            if !(n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64) {
                return Err(vm.range_error("Invalid array length"));
            }
            vm.reserve_array(n as usize)?;
            return Ok(Value::Obj(vm.new_array_of_holes(n as usize)));
        }
    }
    Ok(Value::Obj(vm.new_array(a.to_vec())))
}
pub(crate) fn array_is_array(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    intr_is_array(vm, &Value::Undefined, a)
}
pub(crate) fn array_of(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Obj(vm.new_array(a.to_vec())))
}

pub(crate) fn this_array(vm: &mut Vm, this: &Value, method: &str) -> JsResult<ObjRef> {
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
pub(crate) fn generic_len(vm: &mut Vm, this: &Value, method: &str) -> JsResult<f64> {
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
pub(crate) fn generic_span(vm: &mut Vm, from: f64, to: f64) -> JsResult<()> {
    let count = (to - from).max(0.0);
    if count > vm.limits.max_collection_len as f64 {
        return Err(vm.range_error("Invalid array length (array-like receiver too long to visit)"));
    }
    vm.charge(count as usize * 4)
}
pub(crate) fn index_key(i: f64) -> JsStr {
    JsStr::from_str(&format!("{}", i as u64))
}
pub(crate) fn generic_has(vm: &mut Vm, this: &Value, i: f64) -> JsResult<bool> {
    match this {
        Value::Obj(_) => vm.has_property(this, &Value::Str(index_key(i))),
        Value::Str(s) => Ok(i < s.units().len() as f64),
        _ => Ok(false),
    }
}
pub(crate) fn generic_get(vm: &mut Vm, this: &Value, i: f64) -> JsResult<Value> {
    vm.get_prop(this, &index_key(i))
}
/// ToIntegerOrInfinity of a relative index argument, resolved against `len` and clamped to
/// 0..=len (`slice`, `indexOf`, `includes`).
pub(crate) fn rel_index_f(vm: &mut Vm, v: &Value, len: f64, default: f64) -> JsResult<f64> {
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
pub(crate) fn is_array_value(vm: &Vm, v: &Value) -> bool {
    matches!(v, Value::Obj(r) if matches!(vm.heap.get(*r).kind, Kind::Array(_)))
}

/// Whether array `r` has no holes. An array flagged as holey is scanned (charged) and its
/// flag cleared when none are left, so an array filled after `new Array(n)` goes back to
/// the dense paths.
pub(crate) fn dense(vm: &mut Vm, r: ObjRef) -> JsResult<bool> {
    let o = vm.heap.get(r);
    if !o.holes {
        return Ok(true);
    }
    let Kind::Array(items) = &o.kind else {
        return Ok(true);
    };
    let n = items.len();
    let none = !items.iter().any(|v| v.is_empty());
    vm.charge(n / 16)?;
    if none {
        vm.heap.get_mut(r).holes = false;
    }
    Ok(none)
}

/// Whether a prototype of `r` has an element (an index property): then a hole of `r`
/// reads through to it, and HasProperty finds it, so the methods take their generic paths.
/// The built-in prototypes have none unless the program wrote to them.
pub(crate) fn chain_has_elements(vm: &mut Vm, r: ObjRef) -> JsResult<bool> {
    let mut cur = vm.heap.get(r).proto;
    let mut work = 0usize;
    let mut found = false;
    while let Some(c) = cur {
        let o = vm.heap.get(c);
        if !vm.heap.is_pristine(c) {
            work += 1 + o.props.entries.len();
            found = match &o.kind {
                Kind::Array(items) => items.iter().any(|v| !v.is_empty()),
                Kind::Primitive(Value::Str(s)) => !s.is_empty(),
                _ => false,
            } || o.props.iter().any(|p| p.key.as_index().is_some());
            if found || work > 1_000_000 {
                break;
            }
        }
        cur = o.proto;
        work += 1;
    }
    vm.charge(work)?;
    Ok(found)
}

/// Replaces each hole in `out` (a copy of array `src`'s elements) that reads through to an
/// element of a prototype with that element's value: HasProperty finds it, so the copying
/// methods copy it as an own element.
pub(crate) fn holes_from_chain(vm: &mut Vm, src: ObjRef, out: &mut [Value]) -> JsResult<()> {
    if !chain_has_elements(vm, src)? {
        return Ok(());
    }
    let proto = vm.heap.get(src).proto;
    for (k, slot) in out.iter_mut().enumerate() {
        if !slot.is_empty() {
            continue;
        }
        vm.tick(k)?;
        *slot = match vm.element_on_chain_if_any(proto, k)? {
            None => continue,
            Some(Ok(v)) => v,
            Some(Err(getter)) => {
                let key = index_key(k as f64);
                vm.call_getter_here(getter, &Value::Obj(src), &key)?
            }
        };
    }
    Ok(())
}

/// How an Array.prototype method walks its receiver.
pub(crate) enum Walk {
    /// An array without holes: its elements are all there.
    Dense(ObjRef),
    /// An array with holes whose prototypes have no elements: a hole is absent and reads as
    /// undefined, so the method works on the elements' vector, `Value::Empty` and all.
    Holey(ObjRef),
    /// Anything else, read through `length`, HasProperty and Get.
    Generic,
}

pub(crate) fn walk_of(vm: &mut Vm, this: &Value) -> JsResult<Walk> {
    let Value::Obj(r) = *this else {
        return Ok(Walk::Generic);
    };
    if !matches!(vm.heap.get(r).kind, Kind::Array(_)) {
        return Ok(Walk::Generic);
    }
    if dense(vm, r)? {
        return Ok(Walk::Dense(r));
    }
    Ok(if chain_has_elements(vm, r)? {
        Walk::Generic
    } else {
        Walk::Holey(r)
    })
}
pub(crate) fn generic_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "indexOf")?;
    if len == 0.0 {
        return Ok(Value::Num(-1.0));
    }
    let from = rel_index_f(vm, &arg(a, 1), len, 0.0)?;
    generic_span(vm, from, len)?;
    let x = arg(a, 0);
    let mut i = from;
    while i < len {
        if generic_has(vm, this, i)? && {
            let v = generic_get(vm, this, i)?;
            strict_equals(&vm.heap, &v, &x)
        } {
            return Ok(Value::Num(i));
        }
        i += 1.0;
    }
    Ok(Value::Num(-1.0))
}
/// The start of a backwards search: `len - 1`, or fromIndex resolved (None: nothing to visit).
pub(crate) fn last_index_start(vm: &mut Vm, a: &[Value], len: f64) -> JsResult<Option<f64>> {
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
pub(crate) fn generic_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "lastIndexOf")?;
    let Some(start) = last_index_start(vm, a, len)? else {
        return Ok(Value::Num(-1.0));
    };
    generic_span(vm, 0.0, start + 1.0)?;
    let x = arg(a, 0);
    let mut i = start;
    while i >= 0.0 {
        if generic_has(vm, this, i)? && {
            let v = generic_get(vm, this, i)?;
            strict_equals(&vm.heap, &v, &x)
        } {
            return Ok(Value::Num(i));
        }
        i -= 1.0;
    }
    Ok(Value::Num(-1.0))
}
pub(crate) fn generic_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let len = generic_len(vm, this, "includes")?;
    if len == 0.0 {
        return Ok(Value::Bool(false));
    }
    let from = rel_index_f(vm, &arg(a, 1), len, 0.0)?;
    generic_span(vm, from, len)?;
    let x = arg(a, 0);
    let mut i = from;
    while i < len {
        let v = generic_get(vm, this, i)?;
        if same_value_zero(&vm.heap, &v, &x) {
            return Ok(Value::Bool(true));
        }
        i += 1.0;
    }
    Ok(Value::Bool(false))
}
/// The elements `from..to` of an array-like, absent ones as undefined.
pub(crate) fn generic_items(vm: &mut Vm, this: &Value, from: f64, to: f64) -> JsResult<Vec<Value>> {
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
pub(crate) fn generic_set(vm: &mut Vm, this: &Value, key: JsStr, v: Value) -> JsResult<()> {
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
pub(crate) fn generic_delete(vm: &mut Vm, this: &Value, i: f64) -> JsResult<()> {
    if let Value::Obj(r) = this {
        let key = index_key(i);
        if is_array_value(vm, this) {
            let present = vm.has_own_element(*r, i);
            if vm.heap.get(*r).frozen && present {
                return Err(vm.type_error(&format!(
                    "Cannot delete property '{}' of object",
                    key.to_rust()
                )));
            }
            vm.delete(this, &key)?;
            return Ok(());
        }
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
pub(crate) fn set_length(vm: &mut Vm, this: &Value, n: f64) -> JsResult<()> {
    generic_set(vm, this, JsStr::from_str("length"), Value::Num(n))
}
/// Moves element `from` to `to` (or deletes `to` when `from` is absent).
pub(crate) fn generic_move(vm: &mut Vm, this: &Value, from: f64, to: f64) -> JsResult<()> {
    if generic_has(vm, this, from)? {
        let v = generic_get(vm, this, from)?;
        generic_set(vm, this, index_key(to), v)
    } else {
        generic_delete(vm, this, to)
    }
}
const MAX_SAFE_LEN: f64 = 9007199254740991.0;
pub(crate) fn generic_push(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn generic_pop(vm: &mut Vm, this: &Value) -> JsResult<Value> {
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
pub(crate) fn generic_shift(vm: &mut Vm, this: &Value) -> JsResult<Value> {
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
pub(crate) fn generic_unshift(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn generic_reverse(vm: &mut Vm, this: &Value) -> JsResult<Value> {
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
pub(crate) fn generic_fill(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn items_mut(vm: &mut Vm, r: ObjRef) -> Option<&mut Vec<Value>> {
    let o = vm.heap.get_mut(r);
    if o.frozen {
        return None;
    }
    match &mut o.kind {
        Kind::Array(v) => Some(v),
        _ => None,
    }
}
pub(crate) fn items(vm: &Vm, r: ObjRef) -> &Vec<Value> {
    static EMPTY: Vec<Value> = Vec::new();
    match &vm.heap.get(r).kind {
        Kind::Array(v) => v,
        _ => &EMPTY,
    }
}
pub(crate) fn frozen_err(vm: &mut Vm) -> Throw {
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
pub(crate) fn array_pop(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_pop(vm, this);
    }
    let r = this_array(vm, this, "pop")?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    let last = v.pop().unwrap_or_default();
    if last.is_empty() {
        // A hole: Get reads through the prototypes.
        let at = items(vm, r).len();
        return vm.hole_value(r, at);
    }
    Ok(last)
}
pub(crate) fn array_shift(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_shift(vm, this);
    }
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_shift(vm, this);
    };
    let n = items(vm, r).len();
    vm.charge(n)?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    if v.is_empty() {
        return Ok(Value::Undefined);
    }
    // The holes move down with the elements (each is a Delete in ECMAScript's loop).
    let first = v.remove(0);
    if first.is_empty() {
        return vm.hole_value(r, 0);
    }
    Ok(first)
}
pub(crate) fn array_unshift(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if !is_array_value(vm, this) {
        return generic_unshift(vm, this, a);
    }
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_unshift(vm, this, a);
    };
    let n = items(vm, r).len();
    vm.charge(n)?;
    vm.check_len(n + a.len())?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    v.splice(0..0, a.iter().cloned());
    Ok(Value::Num(v.len() as f64))
}
pub(crate) fn rel_index(vm: &mut Vm, v: &Value, len: usize, default: usize) -> JsResult<usize> {
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
pub(crate) fn array_slice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        // An absent element leaves a hole in the copy (HasProperty, then Get).
        let len = generic_len(vm, this, "slice")?;
        let s = rel_index_f(vm, &arg(a, 0), len, 0.0)?;
        let e = rel_index_f(vm, &arg(a, 1), len, len)?;
        generic_span(vm, s, e)?;
        vm.reserve_array((e - s).max(0.0) as usize)?;
        let mut out = Vec::new();
        let mut holes = false;
        let mut i = s;
        while i < e {
            vm.tick(out.len())?;
            if generic_has(vm, this, i)? {
                out.push(generic_get(vm, this, i)?);
            } else {
                out.push(Value::Empty);
                holes = true;
            }
            i += 1.0;
        }
        return Ok(Value::Obj(vm.new_array_with_holes(out, holes)));
    };
    let len = items(vm, r).len();
    let s = rel_index(vm, &arg(a, 0), len, 0)?;
    let e = rel_index(vm, &arg(a, 1), len, len)?;
    vm.reserve_array(e.saturating_sub(s))?;
    // The conversions ran first: the array may have shrunk since.
    let e = e.min(items(vm, r).len());
    let out = if s < e {
        items(vm, r)[s..e].to_vec()
    } else {
        Vec::new()
    };
    let holes = vm.heap.get(r).holes;
    Ok(Value::Obj(vm.new_array_with_holes(out, holes)))
}
pub(crate) fn array_splice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
    // Holes keep their places, in the removed elements as in the array.
    let removed: Vec<Value> = v.splice(s..s + del, ins).collect();
    let holes = vm.heap.get(r).holes;
    Ok(Value::Obj(vm.new_array_with_holes(removed, holes)))
}
pub(crate) fn array_concat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
    // Holes stay holes in the result, unless a prototype has the element.
    let mut holes = vm.heap.get(r).holes;
    if holes {
        holes_from_chain(vm, r, &mut out)?;
    }
    for x in a {
        match x {
            Value::Obj(o) if matches!(vm.heap.get(*o).kind, Kind::Array(_)) => {
                let at = out.len();
                out.extend(items(vm, *o).iter().cloned());
                if vm.heap.get(*o).holes {
                    holes = true;
                    holes_from_chain(vm, *o, &mut out[at..])?;
                }
            }
            v => out.push(v.clone()),
        }
        vm.check_len(out.len())?;
    }
    vm.charge(out.len())?;
    Ok(Value::Obj(vm.new_array_with_holes(out, holes)))
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

pub(crate) fn join_loop(vm: &mut Vm, r: ObjRef, sep: &[u16]) -> JsResult<Vec<u16>> {
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
pub(crate) fn joined_lower_bound(vm: &mut Vm, r: ObjRef, sep_len: usize) -> JsResult<usize> {
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
pub(crate) fn array_join(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if matches!(walk_of(vm, this)?, Walk::Generic) {
        let len = generic_len(vm, this, "join")?;
        let sep = match arg(a, 0) {
            Value::Undefined => JsStr::from_str(","),
            v => vm.to_string(&v)?,
        };
        let list = generic_items(vm, this, 0.0, len)?;
        let tmp = vm.new_array(list);
        let out = match join_values(vm, this, tmp, sep.units()) {
            Ok(out) => out,
            Err(e) => return join_by_program(vm, this, sep, e),
        };
        vm.charge(out.len() / 8)?;
        return vm.new_string(out);
    }
    let r = this_array(vm, this, "join")?;
    let sep = match arg(a, 0) {
        Value::Undefined => JsStr::from_str(","),
        v => vm.to_string(&v)?,
    };
    if let Some(joined) = join_strings(vm, r, sep.units())? {
        return Ok(joined);
    }
    let out = match join_values(vm, this, r, sep.units()) {
        Ok(out) => out,
        Err(e) => return join_by_program(vm, this, sep, e),
    };
    vm.charge(out.len() / 8)?;
    vm.new_string(out)
}

/// `join` of an array whose elements are all strings (`parts.join(",")`): the length is
/// summed first, so the result is counted and then built once at its final size, with no
/// growing buffer and no copy of one. The fuel is the general join's (an element each,
/// then the copy). None, having charged only for the elements it looked at, when an
/// element is not a string, the array is being joined further out, or the text would
/// pass a limit: the general join then runs and ends as it does.
fn join_strings(vm: &mut Vm, r: ObjRef, sep: &[u16]) -> JsResult<Option<Value>> {
    if vm.join_stack.contains(&r) {
        return Ok(None);
    }
    let list = items(vm, r);
    let n = list.len();
    let mut total = sep.len().saturating_mul(n.saturating_sub(1));
    let mut strings = true;
    for (i, v) in list.iter().enumerate() {
        let Value::Str(s) = v else {
            strings = false;
            total = i;
            break;
        };
        total = total.saturating_add(s.len());
        vm.tick(i)?;
    }
    if !strings {
        vm.charge(total)?;
        return Ok(None);
    }
    // Where the general join's checks could fail (the string limit, its buffer against
    // the memory), it runs instead and fails as it does.
    let bytes = vm.heap.bytes.saturating_add(total.saturating_mul(4));
    if total > vm.limits.max_string_len || bytes > vm.limits.max_memory_bytes {
        return Ok(None);
    }
    vm.charge(n)?;
    vm.charge(total / 8)?;
    vm.count_new_string(total)?;
    let list = items(vm, r);
    let joined = JsStr::filled(total, |out| {
        let mut at = 0;
        for (i, v) in list.iter().enumerate() {
            if i > 0 {
                if let Some(dst) = out.get_mut(at..at + sep.len()) {
                    dst.copy_from_slice(sep);
                }
                at += sep.len();
            }
            if let Value::Str(s) = v {
                if let Some(dst) = out.get_mut(at..at + s.len()) {
                    dst.copy_from_slice(s.units());
                }
                at += s.len();
            }
        }
    });
    Ok(Some(Value::Str(joined)))
}

/// A join that stopped at an element needing a program-defined toString (recorded in
/// `pending_conversion`): the prelude's converter runs the whole join instead, converting
/// each element by a call, in the native's stead. Any other error stands.
fn join_by_program(vm: &mut Vm, this: &Value, sep: JsStr, e: Throw) -> JsResult<Value> {
    let (Some(_), Some(converter), Throw::Value(_)) =
        (vm.pending_conversion.take(), vm.realm.converter, &e)
    else {
        return Err(e);
    };
    vm.tail_call = Some((
        Value::Obj(converter),
        Value::Undefined,
        vec![Value::Num(31.0), this.clone(), Value::Str(sep)],
    ));
    Ok(Value::Undefined)
}
pub(crate) fn array_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    array_join(vm, this, &[])
}
pub(crate) fn array_reverse(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    // Reversing the slots moves the holes as ECMAScript's swaps and deletes do.
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_reverse(vm, this);
    };
    let len = items(vm, r).len();
    vm.charge(len)?;
    let Some(v) = items_mut(vm, r) else {
        return Err(frozen_err(vm));
    };
    v.reverse();
    Ok(this.clone())
}
pub(crate) fn array_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    // A hole (Value::Empty) equals nothing: it is skipped.
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_index_of(vm, this, a);
    };
    let len = items(vm, r).len();
    let from = rel_index(vm, &arg(a, 1), len, 0)?;
    let x = arg(a, 0);
    vm.charge(len)?;
    let pos = items(vm, r)
        .iter()
        .skip(from)
        .position(|v| strict_equals(&vm.heap, v, &x));
    Ok(Value::Num(pos.map(|p| (p + from) as f64).unwrap_or(-1.0)))
}
pub(crate) fn array_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_last_index_of(vm, this, a);
    };
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
        .rposition(|v| strict_equals(&vm.heap, v, &x));
    Ok(Value::Num(pos.map(|p| p as f64).unwrap_or(-1.0)))
}
pub(crate) fn array_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (Walk::Dense(r) | Walk::Holey(r)) = walk_of(vm, this)? else {
        return generic_includes(vm, this, a);
    };
    let len = items(vm, r).len();
    let from = rel_index(vm, &arg(a, 1), len, 0)?;
    let x = arg(a, 0);
    vm.charge(len)?;
    // A hole reads as undefined (no prototype has the element).
    let undefined = x.is_undefined();
    Ok(Value::Bool(items(vm, r).iter().skip(from).any(|v| {
        same_value_zero(&vm.heap, v, &x) || (undefined && v.is_empty())
    })))
}
pub(crate) fn array_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
    match items(vm, r).get(i as usize) {
        Some(Value::Empty) => vm.hole_value(r, i as usize),
        v => Ok(v.cloned().unwrap_or_default()),
    }
}
pub(crate) fn array_fill(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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
pub(crate) fn flatten(
    vm: &mut Vm,
    list: &[Value],
    depth: f64,
    out: &mut Vec<Value>,
) -> JsResult<()> {
    for v in list {
        match v {
            // A hole is skipped (FlattenIntoArray's HasProperty).
            Value::Empty => {}
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
pub(crate) fn array_flat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
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

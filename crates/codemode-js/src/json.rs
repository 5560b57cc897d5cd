//! The bound on JSON.stringify's text (the prelude's `__cm_jsonBudget`, `__cm_jsonTooLarge`).
//!
//! A value holding shared references (`t = [t, t]` forty times) is a few objects in memory and
//! 2^40 values as JSON text. The prelude counts the text it writes and stops at the longest
//! string, but writing that much first would take seconds; so before it starts, a lower bound of
//! the compact text's length is computed once per object, in time proportional to the objects
//! (each is walked once; a shared one counts every time it appears). A value whose bound
//! exceeds the longest string fails at once, as node's does after running out of string length.

use crate::heap::Kind;
use crate::value::{JsStr, ObjRef, Value};
use crate::vm::{JsResult, Throw, Vm};
use std::collections::HashMap;

/// `__cm_jsonBudget(value, plain, left)`: the most characters JSON.stringify may write (the
/// longest string). With `plain` (no replacer, which could change any part), throws first
/// when the lower bound of `value`'s text already exceeds `left` (default: all of them).
pub fn intr_json_budget(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let max = vm.limits.max_string_len;
    let limit = match a.get(2) {
        Some(Value::Num(n)) if *n >= 0.0 => (*n as usize).min(max),
        _ => max,
    };
    let plain = a.get(1).is_some_and(Value::truthy);
    if plain {
        if let Some(Value::Obj(root)) = a.first() {
            if text_lower_bound(vm, *root, limit)? > limit {
                return Err(too_large(vm));
            }
        }
    }
    Ok(Value::Num(max as f64))
}

/// `__cm_jsonTooLarge()`: the RangeError of a text past the bound.
pub fn intr_json_too_large(vm: &mut Vm, _: &Value, _a: &[Value]) -> JsResult<Value> {
    Err(too_large(vm))
}

fn too_large(vm: &mut Vm) -> Throw {
    let limit = vm.limits.max_string_len;
    vm.range_error(&format!(
        "Invalid string length: JSON.stringify's text is too large when expanded (over {limit} characters; a shared reference is written out each time it appears)"
    ))
}

/// What one value adds to its container's text, before walking it.
enum Part {
    /// A primitive of at least this many characters.
    Text(usize),
    /// Written as nothing in an object and as `null` in an array (undefined, functions).
    Absent,
    /// Whatever `toJSON`, a wrapper's conversion or a promise makes of it: at least one
    /// character in an array, possibly nothing in an object.
    Unknown,
    /// An array or object JSON.stringify walks.
    Walk(ObjRef),
}

fn classify(vm: &Vm, v: &Value) -> Part {
    match v {
        Value::Undefined | Value::Empty | Value::Sym(_) => Part::Absent,
        Value::Null => Part::Text(4),
        Value::Bool(b) => Part::Text(if *b { 4 } else { 5 }),
        Value::Num(_) => Part::Text(1),
        // A TypeError when written (or what its toJSON makes of it).
        Value::BigInt(_) => Part::Unknown,
        Value::Str(s) => Part::Text(s.len() + 2),
        Value::Obj(r) => {
            let o = vm.heap.get(*r);
            if o.is_callable() {
                return Part::Absent;
            }
            match o.kind {
                Kind::Array(_) | Kind::Ordinary | Kind::Error if !has_to_json(vm, *r) => {
                    Part::Walk(*r)
                }
                _ => Part::Unknown,
            }
        }
    }
}

/// Whether `r` or its prototypes hold a callable `toJSON` (read without running anything:
/// an accessor `toJSON` counts as one, since its getter may return a function).
pub(crate) fn has_to_json(vm: &Vm, r: ObjRef) -> bool {
    let key = JsStr::from_str("toJSON");
    let mut cur = Some(r);
    let mut hops = 0usize;
    while let Some(o) = cur {
        let obj = vm.heap.get(o);
        if let Some(p) = obj.props.entry(&key) {
            if p.flags & crate::heap::ACCESSOR != 0 {
                return true;
            }
            return matches!(p.value, Value::Obj(f) if vm.heap.get(f).is_callable());
        }
        hops += 1;
        if hops > 10_000 {
            return true;
        }
        cur = obj.proto;
    }
    false
}

const ON_PATH: usize = usize::MAX;

/// One object on the walk's path.
struct Frame {
    obj: ObjRef,
    /// The object's keys (None for an array, whose elements are read by index).
    keys: Option<Vec<JsStr>>,
    next: usize,
    /// Characters of the children counted so far.
    total: usize,
    /// What the parent adds for this child's place besides its text (key, colon, comma).
    place: usize,
}

/// A lower bound of the compact JSON text of `root` (an object), or any number past `limit`
/// as soon as one is proved. Iterative: the depth is the program's.
fn text_lower_bound(vm: &mut Vm, root: ObjRef, limit: usize) -> JsResult<usize> {
    // Finished objects' bounds, and ON_PATH for those still on the path: meeting one is a
    // cycle, which JSON.stringify reports itself (counted as nothing here).
    let mut done: HashMap<ObjRef, usize> = HashMap::new();
    done.insert(root, ON_PATH);
    let mut path: Vec<Frame> = vec![open(vm, root, 0)?];
    let mut steps = 0u32;
    loop {
        steps = steps.wrapping_add(1);
        if steps % 65_536 == 0 {
            if let Some(d) = vm.deadline.filter(|d| d.passed()) {
                return Err(Throw::Fatal(d.diagnostic()));
            }
        }
        let Some(top) = path.last_mut() else {
            return Ok(0);
        };
        let in_array = top.keys.is_none();
        let child = match &top.keys {
            None => match &vm.heap.get(top.obj).kind {
                Kind::Array(items) => items.get(top.next).map(|v| (v.clone(), 1)),
                _ => None,
            },
            Some(keys) => keys.get(top.next).map(|k| {
                let v = vm.heap.get(top.obj).props.get(k).cloned();
                // "key": and a comma or bracket.
                (v.unwrap_or_default(), k.len() + 4)
            }),
        };
        let Some((value, place)) = child else {
            // The object is complete: its brackets and its children.
            let Some(f) = path.pop() else {
                return Ok(0);
            };
            let size = 1 + f.total;
            done.insert(f.obj, size);
            match path.last_mut() {
                Some(parent) => {
                    parent.total = parent.total.saturating_add(f.place + size);
                    if parent.total > limit {
                        return Ok(parent.total);
                    }
                }
                None => return Ok(size),
            }
            continue;
        };
        top.next += 1;
        let add = match classify(vm, &value) {
            Part::Text(n) => place + n,
            Part::Absent if in_array => place + 4,
            Part::Unknown if in_array => place + 1,
            Part::Absent | Part::Unknown => 0,
            Part::Walk(c) => match done.get(&c) {
                Some(&ON_PATH) => place,
                Some(size) => place + size,
                None => {
                    done.insert(c, ON_PATH);
                    let f = open(vm, c, place)?;
                    path.push(f);
                    continue;
                }
            },
        };
        let Some(top) = path.last_mut() else {
            return Ok(0);
        };
        top.total = top.total.saturating_add(add);
        if top.total > limit {
            return Ok(top.total);
        }
    }
}

/// Starts the walk of one object, charging fuel for its children.
fn open(vm: &mut Vm, obj: ObjRef, place: usize) -> JsResult<Frame> {
    let (keys, n) = match &vm.heap.get(obj).kind {
        Kind::Array(items) => (None, items.len()),
        _ => {
            let keys = vm.own_keys(obj);
            let n = keys.len();
            (Some(keys), n)
        }
    };
    vm.charge(n + 4)?;
    Ok(Frame {
        obj,
        keys,
        next: 0,
        total: 0,
        place,
    })
}

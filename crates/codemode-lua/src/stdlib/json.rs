//! `json.null`, `json.array`, `json.encode`, `json.decode`, and the data boundary in both
//! directions (export of program values, import of host values).

use codemode_data::{DataError, ExportError, ExportLimits, ExportSource, ImportSink, Shape, Text};
use serde_json::Number as JsonNumber;

use super::{ret1, Args, Native};
use crate::heap::Heap;
use crate::table::Table;
use crate::value::Value;
use crate::vm::{LResult, LuaError, Vm};

/// Exports through the heap.
pub struct Exporter<'h>(pub &'h Heap);

impl ExportSource for Exporter<'_> {
    type Value = Value;

    fn shape<'a>(&'a self, value: &Value) -> Shape<'a, Value> {
        let heap = self.0;
        match *value {
            Value::Nil | Value::JsonNull => Shape::Null,
            Value::Bool(b) => Shape::Bool(b),
            Value::Int(i) => Shape::Int(i),
            Value::Float(f) => Shape::Float(f),
            Value::Str(s) => Shape::Text(Text::Bytes(heap.str_bytes(s))),
            Value::Func(_) | Value::Builtin(_) => Shape::NotData("a function".into()),
            Value::Proxy(_) => Shape::NotData("a tool reference".into()),
            Value::Thread(_) => Shape::NotData("a coroutine".into()),
            Value::Table(t) => table_shape(heap, heap.table(t), t.0 as usize),
        }
    }
}

fn table_shape<'a>(heap: &'a Heap, t: &'a Table, identity: usize) -> Shape<'a, Value> {
    let hash_len = t.hash_len();
    if hash_len == 0 {
        if t.arr.is_empty() {
            if t.array_mark {
                return Shape::Array {
                    identity,
                    items: Vec::new(),
                };
            }
            return Shape::Object {
                identity,
                entries: Vec::new(),
            };
        }
        if t.arr.iter().any(|v| v.is_nil()) {
            return Shape::NotData("a sparse table (an array with holes)".into());
        }
        return Shape::Array {
            identity,
            items: t.arr.clone(),
        };
    }
    let mut entries = Vec::with_capacity(hash_len);
    let mut has_int = false;
    let mut has_other = false;
    for (k, v) in t.hash_entries() {
        match k {
            Value::Str(s) => entries.push((Text::Bytes(heap.str_bytes(s)), v)),
            Value::Int(_) => has_int = true,
            _ => has_other = true,
        }
    }
    if has_other {
        return Shape::NotData("a table with non-string keys".into());
    }
    if has_int && entries.is_empty() {
        return Shape::NotData("a sparse table (integer keys that are not 1..n)".into());
    }
    if has_int || !t.arr.is_empty() {
        return Shape::NotData("a table with mixed keys (both array items and string keys)".into());
    }
    Shape::Object { identity, entries }
}

pub fn export_value(
    heap: &Heap,
    v: Value,
    limits: &ExportLimits,
) -> Result<serde_json::Value, ExportError> {
    codemode_data::export(&Exporter(heap), &v, limits)
}

/// An export failure as the program sees it: a value that is not data (or too large when
/// expanded) is a catchable error worded `{what}: {reason}`; a deadline that passed during
/// the walk ends the execution.
pub fn export_error(vm: &Vm, e: ExportError, what: &str) -> LuaError {
    match e {
        ExportError::DeadlinePassed => LuaError::Fatal(e.into_diagnostic(vm.deadline.as_ref())),
        ExportError::Data(_) => LuaError::Msg(format!("{what}: {e}")),
    }
}

/// Imports into the VM's heap (arrays and objects keep their shape even when empty).
pub struct Importer<'v> {
    pub heap: &'v mut Heap,
    pub null_in_arrays: bool,
}

impl ImportSink for Importer<'_> {
    type Value = Value;
    type Error = DataError;

    fn null(&mut self) -> Result<Value, DataError> {
        Ok(Value::Nil)
    }
    fn bool(&mut self, b: bool) -> Result<Value, DataError> {
        Ok(Value::Bool(b))
    }
    fn number(&mut self, n: &JsonNumber) -> Result<Value, DataError> {
        Ok(match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        })
    }
    fn string(&mut self, s: &str) -> Result<Value, DataError> {
        Ok(Value::Str(self.heap.intern(s.as_bytes())))
    }
    fn array(&mut self, items: Vec<Value>) -> Result<Value, DataError> {
        let mut t = Table::with_capacity(items.len(), 0);
        t.array_mark = true;
        // A null inside an array stays as json.null so positions survive.
        t.arr = items
            .into_iter()
            .map(|v| if v.is_nil() { Value::JsonNull } else { v })
            .collect();
        Ok(Value::Table(self.heap.new_table_from(t)))
    }
    fn object(&mut self, entries: Vec<(&str, Value)>) -> Result<Value, DataError> {
        let t = self.heap.new_table(0, entries.len());
        for (k, v) in entries {
            if v.is_nil() {
                continue;
            }
            let k = Value::Str(self.heap.intern(k.as_bytes()));
            let _ = self.heap.with_table(t, |tab, _| tab.set(k, v, usize::MAX));
        }
        Ok(Value::Table(t))
    }
}

pub fn import_value(vm: &mut Vm, json: &serde_json::Value) -> LResult<Value> {
    let mut imp = Importer {
        heap: &mut vm.heap,
        null_in_arrays: true,
    };
    let v = codemode_data::import(&mut imp, json, codemode_data::DEFAULT_MAX_DEPTH)
        .map_err(|e| LuaError::Msg(format!("cannot import value: {e}")))?;
    Ok(v)
}

pub fn array(vm: &mut Vm, a: Args) -> LResult<Native> {
    let mut t = Table::with_capacity(a.n, 0);
    t.array_mark = true;
    let mut items: Vec<Value> = (0..a.n).map(|i| a.get(vm, i)).collect();
    while matches!(items.last(), Some(Value::Nil)) {
        items.pop();
    }
    t.arr = items;
    let r = vm.heap.new_table_from(t);
    ret1(vm, Value::Table(r))
}

pub fn encode(vm: &mut Vm, a: Args) -> LResult<Native> {
    let v = a.check_any(vm, 0)?;
    let max = vm.limits.max_string_len;
    let limits = vm.export_limits().with_encoded_bytes(max);
    let json =
        export_value(&vm.heap, v, &limits).map_err(|e| export_error(vm, e, "json.encode"))?;
    let Some(len) = codemode_data::encoded_len_within(&json, max) else {
        return Err(vm.too_long());
    };
    vm.charge(len as u64 / 16)?;
    let text = serde_json::to_vec(&json).unwrap_or_default();
    let s = vm.new_str_vec(text)?;
    ret1(vm, s)
}

/// An upper bound of the memory `serde_json` takes for the document `text`: every value
/// starts the text, or follows a `[`, `{`, `,` or `:` outside a string.
fn decoded_size_bound(text: &[u8]) -> usize {
    let mut values = 1usize;
    let mut in_str = false;
    let mut escaped = false;
    for &b in text {
        if in_str {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_str = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_str = true,
                b'[' | b'{' | b',' | b':' => values += 1,
                _ => {}
            }
        }
    }
    // A node, its slot in a Vec or map entry, and the text's own bytes (strings, keys).
    values.saturating_mul(std::mem::size_of::<serde_json::Value>() + 32) + text.len()
}

pub fn decode(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let n = vm.str(s).len();
    // Charged, and the memory of the parsed tree counted, before parsing.
    vm.charge(n as u64 / 8)?;
    let need = decoded_size_bound(vm.str(s));
    vm.reserve_memory(need)?;
    let json: serde_json::Value = serde_json::from_slice(vm.str(s))
        .map_err(|e| LuaError::Msg(format!("json.decode: {e}")))?;
    let v = import_value(vm, &json)?;
    ret1(vm, v)
}

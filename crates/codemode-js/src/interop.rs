//! The data boundary: program values <-> JSON through codemode-data.

use crate::heap::Kind;
use crate::value::{JsStr, Value};
use crate::vm::{Throw, Vm};
use codemode_data::{
    DataError, ExportError, ExportLimits, ExportSource, ImportSink, Key, Shape, Text,
};

/// The exporter's view of the heap. `script` is set when a value met needs program code
/// to run before it is data (a getter, a `toJSON`): the export fails, and the caller runs
/// the prelude's `exportPrepare` (JSON.stringify's walk, as VM frames) and exports that.
struct Source<'a> {
    vm: &'a Vm,
    script: std::cell::Cell<bool>,
}

impl Source<'_> {
    fn needs_script(&self, r: crate::value::ObjRef) -> bool {
        let o = self.vm.heap.get(r);
        let found = (self.vm.accessors_defined
            && o.props.iter().any(|p| p.flags & crate::heap::ACCESSOR != 0))
            || crate::json::has_to_json(self.vm, r);
        if found {
            self.script.set(true);
        }
        found
    }
}

/// What JSON.stringify says of a BigInt (a TypeError there, not data here).
const BIGINT: &str =
    "a BigInt (Do not know how to serialize a BigInt: convert it with String() or Number())";

const NEEDS_SCRIPT: &str = "a value whose getters or toJSON must run";

impl ExportSource for Source<'_> {
    type Value = Value;
    fn shape<'a>(&'a self, v: &'a Value) -> Shape<'a, Value> {
        let vm = self.vm;
        match v {
            Value::Undefined | Value::Null | Value::Empty | Value::Sym(_) => Shape::Null,
            Value::Bool(b) => Shape::Bool(*b),
            Value::Num(n) => Shape::Float(*n),
            Value::Str(s) => Shape::Text(Text::Utf16(s.units())),
            Value::BigInt(_) => Shape::NotData(BIGINT.into()),
            Value::Obj(r) => {
                let o = vm.heap.get(*r);
                match &o.kind {
                    // Wrapper objects cross as their primitive value (as JSON.stringify does).
                    Kind::Primitive(Value::Bool(b)) => Shape::Bool(*b),
                    Kind::Primitive(Value::Num(n)) => Shape::Float(*n),
                    Kind::Primitive(Value::Str(s)) => Shape::Text(Text::Utf16(s.units())),
                    Kind::Primitive(Value::BigInt(_)) => Shape::NotData(BIGINT.into()),
                    // A Date crosses as JSON.stringify writes it: its ISO text (toJSON), or
                    // null when it is invalid.
                    Kind::Date(t) => match crate::builtins::date_export_text(*t) {
                        Some(text) => Shape::OwnedText(text),
                        None => Shape::Null,
                    },
                    Kind::Array(_) | Kind::Ordinary | Kind::Error if self.needs_script(*r) => {
                        Shape::NotData(NEEDS_SCRIPT.into())
                    }
                    Kind::Array(items) => Shape::Array {
                        identity: r.0 as usize,
                        items: items.clone(),
                    },
                    Kind::Ordinary | Kind::Error => {
                        let mut entries = Vec::new();
                        for k in vm.own_keys(*r) {
                            let val = o.props.get(&k).cloned().unwrap_or_default();
                            // undefined-valued properties are dropped, as JSON.stringify does.
                            if matches!(val, Value::Undefined | Value::Sym(_)) {
                                continue;
                            }
                            let idx = o.props.find(&k).unwrap_or(0);
                            let key_units: &'a [u16] = o.props.entries[idx].key.units();
                            entries.push((Key::Utf16(key_units), val));
                        }
                        Shape::Object {
                            identity: r.0 as usize,
                            entries,
                        }
                    }
                    Kind::Promise(_) => Shape::NotData("a promise (missing await?)".into()),
                    Kind::Generator(g) if g.queue.is_some() => Shape::NotData(
                        "an async generator (collect it with for await ... of)".into(),
                    ),
                    Kind::Generator(g) if g.underlying.is_some() => {
                        Shape::NotData("an iterator helper (collect it with .toArray())".into())
                    }
                    Kind::Generator(_) => {
                        Shape::NotData("a generator (collect it with [...gen])".into())
                    }
                    Kind::Collection(c) => Shape::NotData(match c.kind {
                        crate::builtins::CollectionKind::Map => {
                            "a Map (convert it with Object.fromEntries(map) or [...map])".into()
                        }
                        crate::builtins::CollectionKind::Set => {
                            "a Set (convert it with [...set])".into()
                        }
                        other => format!("a {}", other.name()),
                    }),
                    Kind::Closure(_)
                    | Kind::Native(_)
                    | Kind::Bound(_)
                    | Kind::Resolver { .. }
                    | Kind::ToolPath(_)
                    | Kind::Extension { .. }
                    | Kind::Search => Shape::NotData("a function".into()),
                    _ => Shape::NotData("an internal object".into()),
                }
            }
        }
    }
}

/// Exports `v` within the memory limit (counting shared references each time they appear)
/// and the execution's deadline.
pub fn export_value(vm: &Vm, v: &Value) -> Result<serde_json::Value, ExportError> {
    export_or_prepare(vm, v).map_err(|(e, _)| e)
}

/// Exports `v`; the error says (true) when a getter or `toJSON` must run first (see
/// `Source`).
pub fn export_or_prepare(vm: &Vm, v: &Value) -> Result<serde_json::Value, (ExportError, bool)> {
    let limits = ExportLimits {
        deadline: vm.deadline,
        ..ExportLimits::within_memory(vm.limits.max_memory_bytes)
    };
    let source = Source {
        vm,
        script: std::cell::Cell::new(false),
    };
    codemode_data::export(&source, v, &limits).map_err(|e| (e, source.script.get()))
}

/// The uncatchable end of an execution whose deadline passed during an export.
pub fn deadline_passed(vm: &Vm) -> Throw {
    Throw::Fatal(ExportError::DeadlinePassed.into_diagnostic(vm.deadline.as_ref()))
}

struct Sink<'a>(&'a mut Vm);

impl ImportSink for Sink<'_> {
    type Value = Value;
    type Error = DataError;
    fn null(&mut self) -> Result<Value, DataError> {
        Ok(Value::Null)
    }
    fn bool(&mut self, b: bool) -> Result<Value, DataError> {
        Ok(Value::Bool(b))
    }
    fn number(&mut self, n: &serde_json::Number) -> Result<Value, DataError> {
        Ok(Value::Num(n.as_f64().unwrap_or(f64::NAN)))
    }
    fn string(&mut self, s: &str) -> Result<Value, DataError> {
        self.0.heap.charge(s.len() * 2 + 24);
        Ok(Value::str(s))
    }
    fn array(&mut self, items: Vec<Value>) -> Result<Value, DataError> {
        Ok(Value::Obj(self.0.new_array(items)))
    }
    fn object(&mut self, entries: Vec<(&str, Value)>) -> Result<Value, DataError> {
        let o = self.0.new_object();
        let obj = self.0.heap.get_mut(o);
        let n = entries.len();
        for (k, v) in entries {
            obj.props
                .insert(JsStr::from_str(k), v, crate::heap::DEFAULT_FLAGS);
        }
        self.0.heap.charge(n * crate::heap::PROP_COST);
        Ok(Value::Obj(o))
    }
}

/// Imports a host value; on failure returns an Error value to reject with.
pub fn import_value(vm: &mut Vm, json: &serde_json::Value) -> Result<Value, Value> {
    match codemode_data::import(&mut Sink(vm), json, codemode_data::DEFAULT_MAX_DEPTH) {
        Ok(v) => Ok(v),
        Err(e) => {
            let p = vm.realm.type_error_proto;
            Err(vm.make_error(p, &e.to_string()))
        }
    }
}

//! Symbol: the constructor, the registry (`Symbol.for`/`keyFor`), Symbol.prototype and the
//! well-known symbols the VM consults (see `JsStr` for how a symbol is represented).

use super::*;
use crate::value::{SYM_DESC, SYM_NO_DESC, SYM_REGISTERED};

/// The well-known symbols (shared by every execution of an interpreter).
#[derive(Clone, Debug)]
pub struct WellKnown {
    pub iterator: JsStr,
    pub async_iterator: JsStr,
    pub has_instance: JsStr,
    pub to_primitive: JsStr,
    pub to_string_tag: JsStr,
    /// The RegExp protocol's (`String.prototype.match` ... call these methods; builtins/regexp.js).
    pub match_: JsStr,
    pub match_all: JsStr,
    pub replace: JsStr,
    pub search: JsStr,
    pub split: JsStr,
    pub species: JsStr,
}

impl WellKnown {
    pub fn new() -> WellKnown {
        let mk = |name: &str| {
            let desc: Vec<u16> = format!("Symbol.{name}").encode_utf16().collect();
            JsStr::new_symbol(&desc, SYM_DESC)
        };
        WellKnown {
            iterator: mk("iterator"),
            async_iterator: mk("asyncIterator"),
            has_instance: mk("hasInstance"),
            to_primitive: mk("toPrimitive"),
            to_string_tag: mk("toStringTag"),
            match_: mk("match"),
            match_all: mk("matchAll"),
            replace: mk("replace"),
            search: mk("search"),
            split: mk("split"),
            species: mk("species"),
        }
    }
}

impl Default for WellKnown {
    fn default() -> Self {
        Self::new()
    }
}

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let proto = b.realm.symbol_proto;
    let ctor = b.def(global, "Symbol", symbol_ctor, 0);
    b.link(ctor, proto);
    b.def(ctor, "for", symbol_for, 1);
    b.def(ctor, "keyFor", symbol_key_for, 1);
    let wk = b.realm.well_known.clone();
    for (name, s) in [
        ("iterator", &wk.iterator),
        ("asyncIterator", &wk.async_iterator),
        ("hasInstance", &wk.has_instance),
        ("toPrimitive", &wk.to_primitive),
        ("toStringTag", &wk.to_string_tag),
        ("match", &wk.match_),
        ("matchAll", &wk.match_all),
        ("replace", &wk.replace),
        ("search", &wk.search),
        ("split", &wk.split),
        ("species", &wk.species),
    ] {
        b.heap
            .get_mut(ctor)
            .props
            .insert(JsStr::from_str(name), Value::Sym(s.clone()), 0);
    }
    b.def(proto, "toString", symbol_to_string, 0);
    b.def(proto, "valueOf", symbol_value_of, 0);
    // `description` is a getter of the prototype (as in node).
    b.def_getter(
        proto,
        JsStr::from_str("description"),
        "get description",
        symbol_description,
    );
    b.heap
        .get_mut(proto)
        .props
        .insert(wk.to_string_tag.clone(), Value::str("Symbol"), 0);
    // Symbol.prototype[Symbol.toPrimitive] returns the symbol itself.
    let to_prim = b.def(proto, "[Symbol.toPrimitive]", symbol_value_of, 1);
    let pm = &mut b.heap.get_mut(proto).props;
    pm.remove(&JsStr::from_str("[Symbol.toPrimitive]"));
    pm.insert(wk.to_primitive.clone(), Value::Obj(to_prim), 0);
}

/// The symbol `this` is (a symbol, or a Symbol wrapper object); a TypeError otherwise.
fn this_symbol(vm: &mut Vm, this: &Value, what: &str) -> JsResult<JsStr> {
    match this {
        Value::Sym(s) => Ok(s.clone()),
        Value::Obj(r) => match &vm.heap.get(*r).kind {
            Kind::Primitive(Value::Sym(s)) => Ok(s.clone()),
            _ => Err(vm.type_error(&format!("{what} requires that 'this' be a Symbol"))),
        },
        _ => Err(vm.type_error(&format!("{what} requires that 'this' be a Symbol"))),
    }
}

/// A new symbol's cost: its text and the shared header.
fn charge_symbol(vm: &mut Vm, len: usize) -> JsResult<()> {
    vm.charge(1)?;
    vm.ensure_memory(JsStr::cost(len + 8))
}

fn symbol_ctor(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    if vm.is_new {
        return Err(vm.type_error("Symbol is not a constructor"));
    }
    let sym = match arg(a, 0) {
        Value::Undefined => JsStr::new_symbol(&[], SYM_NO_DESC),
        d => {
            let d = vm.to_string(&d)?;
            charge_symbol(vm, d.len())?;
            JsStr::new_symbol(d.units(), SYM_DESC)
        }
    };
    vm.heap.charge(JsStr::cost(sym.len()));
    Ok(Value::Sym(sym))
}

fn symbol_for(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    let key = vm.to_string(&arg(a, 0))?;
    // The registry hashes the key whole.
    vm.charge(key.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
    if let Some(s) = vm.symbol_registry.get(&key) {
        return Ok(Value::Sym(s.clone()));
    }
    charge_symbol(vm, key.len())?;
    let sym = JsStr::new_symbol(key.units(), SYM_REGISTERED);
    vm.heap.charge(JsStr::cost(sym.len()) + key.byte_size());
    vm.symbol_registry.insert(key, sym.clone());
    Ok(Value::Sym(sym))
}

fn symbol_key_for(vm: &mut Vm, _this: &Value, a: &[Value]) -> JsResult<Value> {
    match arg(a, 0) {
        Value::Sym(s) if s.symbol_tag() == SYM_REGISTERED => {
            vm.str_from(s.symbol_description().unwrap_or(&[]))
        }
        Value::Sym(_) => Ok(Value::Undefined),
        v => {
            let t = match v {
                Value::Obj(_) => "[object Object]".to_string(),
                v => vm.to_rust_string(&v)?,
            };
            Err(vm.type_error(&format!("{t} is not a symbol")))
        }
    }
}

fn symbol_to_string(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_symbol(vm, this, "Symbol.prototype.toString")?;
    vm.str_from(s.units())
}

fn symbol_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    Ok(Value::Sym(this_symbol(
        vm,
        this,
        "Symbol.prototype.valueOf",
    )?))
}

fn symbol_description(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_symbol(vm, this, "Symbol.prototype.description")?;
    match s.symbol_description() {
        Some(d) => vm.str_from(d),
        None => Ok(Value::Undefined),
    }
}

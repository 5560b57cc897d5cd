//! The ops that build array and object literals and take destructuring patterns apart:
//! element pushes, property initialisers, spreads and rests.

use super::*;
use crate::number;

impl Vm {
    /// `ArrayPush`/`ArrayHole`: `v` (a hole is `Value::Empty`) appended to the array literal
    /// on top of the stack.
    pub(crate) fn op_array_push(&mut self, v: Value) {
        if let Some(Value::Obj(a)) = self.stack.last() {
            let a = *a;
            let o = self.heap.get_mut(a);
            if v.is_empty() {
                o.holes = true;
            }
            if let Kind::Array(items) = &mut o.kind {
                items.push(v);
            }
            self.heap.charge(2 * crate::limits::ELEMENT_COST);
        }
    }

    /// `InitProp`: a data property of the object literal on top of the stack.
    pub(crate) fn op_init_prop(&mut self, key: JsStr, v: Value) {
        if let Some(Value::Obj(o)) = self.stack.last() {
            let o = *o;
            self.heap.get_mut(o).props.insert(key, v, DEFAULT_FLAGS);
            self.heap.charge(crate::heap::PROP_COST);
        }
    }

    /// `InitElem`: a computed-key property of the object literal under the key and value.
    pub(crate) fn op_init_elem(&mut self) -> JsResult<()> {
        let v = pop!(self);
        let k = pop!(self);
        let key = self.to_property_key(&k)?;
        self.name_method(&v, &key);
        self.op_init_prop(key, v);
        Ok(())
    }

    /// `ObjectSpread`: the own enumerable properties of the value on top copied into the
    /// object literal under it. True when a getter runs as a frame (a frame switch).
    pub(crate) fn op_object_spread(&mut self) -> JsResult<bool> {
        let src = pop!(self);
        if crate::builtins::has_own_accessor(self, &src) {
            // Its getters run as frames, in the prelude's copy.
            if let Some(Value::Obj(o)) = self.stack.last() {
                let o = Value::Obj(*o);
                self.call_hook(crate::builtins::HOOK_COPY_PROPS, vec![o, src], ACC_DISCARD)?;
                return Ok(true);
            }
        }
        if let Some(Value::Obj(o)) = self.stack.last() {
            let o = *o;
            self.copy_props(o, &src, &[])?;
        }
        Ok(false)
    }

    /// `ObjectRest`: a new object with the source's own enumerable properties but the
    /// listed keys. True when a getter runs as a frame (a frame switch).
    pub(crate) fn op_object_rest(&mut self) -> JsResult<bool> {
        let keys = pop!(self);
        let src = pop!(self);
        let ks: Vec<JsStr> = match &keys {
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Array(items) => items
                    .iter()
                    .filter_map(|v| match v {
                        Value::Str(s) => Some(s.clone()),
                        Value::Num(n) => Some(number::to_js_str(*n)),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        let o = self.new_object();
        if crate::builtins::has_own_accessor(self, &src) {
            self.call_hook(
                crate::builtins::HOOK_COPY_PROPS,
                vec![Value::Obj(o), src, keys],
                ACC_GET,
            )?;
            return Ok(true);
        }
        self.copy_props(o, &src, &ks)?;
        self.stack.push(Value::Obj(o));
        Ok(false)
    }

    /// `IndexOf`: element `i` of the array pattern's source on top (left in place).
    pub(crate) fn op_index_of(&mut self, i: usize) -> JsResult<()> {
        let v = match self.stack.last() {
            Some(&Value::Obj(r)) => match &self.heap.get(r).kind {
                Kind::Array(items) => match items.get(i) {
                    Some(Value::Empty) => self.hole_value(r, i)?,
                    v => v.cloned().unwrap_or_default(),
                },
                _ => Value::Undefined,
            },
            _ => Value::Undefined,
        };
        self.stack.push(v);
        Ok(())
    }

    /// `SliceFrom`: an array pattern's rest element, the source's elements from `i`.
    pub(crate) fn op_slice_from(&mut self, i: usize) -> JsResult<()> {
        let rest = match self.stack.last() {
            Some(&Value::Obj(r)) => self.elements_read(r, i)?,
            _ => Vec::new(),
        };
        let a = self.new_array(rest);
        self.stack.push(Value::Obj(a));
        Ok(())
    }
}

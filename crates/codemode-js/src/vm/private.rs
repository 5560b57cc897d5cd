//! Private class elements (`#x`): fields, methods and accessors keyed by private names.
//!
//! A private name is a `JsStr` with the `PRIVATE_NAME` tag, made fresh each time a class
//! is evaluated and kept in a hidden binding of the class scope, so only code inside the
//! class body can name it. An object's private elements are entries of its property map
//! flagged `PRIVATE`: `PropMap::iter` skips them, so reflection, copies, freezing and the
//! export never see them, and ordinary lookups cannot name their key. They are own
//! elements only (no prototype walk) and are added even to frozen or non-extensible
//! objects, as ECMAScript's PrivateFieldAdd does.

use super::*;
use crate::bytecode::{PRIVATE_FIELD, PRIVATE_GETTER, PRIVATE_METHOD, PRIVATE_SETTER};
use crate::heap::{ACCESSOR, PRIVATE, PROP_COST, WRITABLE};

/// How an object holds a private name.
enum Element {
    Missing,
    Field(usize),
    Method(Value),
    /// (getter, setter), each a function or undefined.
    Accessor(Value, Value),
}

impl Vm {
    fn private_element(&self, obj: &Value, name: &JsStr) -> Element {
        let Value::Obj(o) = obj else {
            return Element::Missing;
        };
        let props = &self.heap.get(*o).props;
        let Some(i) = props.find(name) else {
            return Element::Missing;
        };
        let p = &props.entries[i];
        if p.flags & ACCESSOR != 0 {
            let (get, set) = self.accessor_pair(&p.value);
            Element::Accessor(get, set)
        } else if p.flags & WRITABLE != 0 {
            Element::Field(i)
        } else {
            Element::Method(p.value.clone())
        }
    }

    /// `PrivateGet`: [obj, name] -> [value]. True when a getter was started as a frame.
    pub(crate) fn private_get(&mut self) -> JsResult<bool> {
        let name = self.pop_private_name();
        let obj = self.stack.pop().unwrap_or_default();
        match self.private_element(&obj, &name) {
            Element::Missing => Err(self.missing_private(&name, "read", "from")),
            Element::Field(i) => {
                let v = match &obj {
                    Value::Obj(o) => self.heap.get(*o).props.entries[i].value.clone(),
                    _ => Value::Undefined,
                };
                self.stack.push(v);
                Ok(false)
            }
            Element::Method(f) => {
                self.stack.push(f);
                Ok(false)
            }
            Element::Accessor(get, _) if get.is_undefined() => {
                Err(self.type_error(&format!("'{}' was defined without a getter", shown(&name))))
            }
            Element::Accessor(get, _) => {
                self.call_accessor(get, obj, None, ACC_GET)?;
                Ok(true)
            }
        }
    }

    /// `PrivateSet`: [obj, name, v] -> [v]. True when a setter was started as a frame.
    pub(crate) fn private_set(&mut self) -> JsResult<bool> {
        let v = self.stack.pop().unwrap_or_default();
        let name = self.pop_private_name();
        let obj = self.stack.pop().unwrap_or_default();
        match self.private_element(&obj, &name) {
            Element::Missing => Err(self.missing_private(&name, "write", "to")),
            Element::Field(i) => {
                if let Value::Obj(o) = &obj {
                    self.heap.get_mut(*o).props.entries[i].value = v.clone();
                }
                self.stack.push(v);
                Ok(false)
            }
            Element::Method(_) => Err(self.type_error(&format!(
                "Private method '{}' is not writable",
                shown(&name)
            ))),
            Element::Accessor(_, set) if set.is_undefined() => {
                Err(self.type_error(&format!("'{}' was defined without a setter", shown(&name))))
            }
            Element::Accessor(_, set) => {
                self.stack.push(v.clone());
                self.call_accessor(set, obj, Some(v), ACC_DISCARD)?;
                Ok(true)
            }
        }
    }

    /// `PrivateIn`: [name, obj] -> [bool].
    pub(crate) fn private_in(&mut self) -> JsResult<()> {
        let obj = self.stack.pop().unwrap_or_default();
        let name = self.pop_private_name();
        if !matches!(obj, Value::Obj(_)) {
            let o = self.to_rust_string(&obj)?;
            return Err(self.type_error(&format!(
                "Cannot use 'in' operator to search for '{}' in {o}",
                shown(&name)
            )));
        }
        let has = !matches!(self.private_element(&obj, &name), Element::Missing);
        self.stack.push(Value::Bool(has));
        Ok(())
    }

    /// `PrivateDefine(kind, class name)`: [obj, name, v] -> [obj]. A getter and a setter of
    /// one name make one element (the getter is always defined first).
    pub(crate) fn private_define(&mut self, kind: u8, class_name: JsStr) -> JsResult<()> {
        let v = self.stack.pop().unwrap_or_default();
        let name = self.pop_private_name();
        let Some(&Value::Obj(o)) = self.stack.last() else {
            return Ok(());
        };
        let obj = Value::Obj(o);
        let existing = self.private_element(&obj, &name);
        let completes_pair = kind == PRIVATE_SETTER
            && matches!(&existing, Element::Accessor(g, s) if !g.is_undefined() && s.is_undefined());
        if !matches!(existing, Element::Missing) && !completes_pair {
            let msg = if kind == PRIVATE_FIELD {
                format!(
                    "Cannot initialize {} twice on the same object",
                    shown(&name)
                )
            } else {
                format!(
                    "Cannot initialize private methods of class {} twice on the same object",
                    class_name.to_rust()
                )
            };
            return Err(self.type_error(&msg));
        }
        match kind {
            PRIVATE_FIELD | PRIVATE_METHOD => {
                let flags = if kind == PRIVATE_FIELD {
                    PRIVATE | WRITABLE
                } else {
                    PRIVATE
                };
                self.heap.charge(PROP_COST);
                self.heap.get_mut(o).props.insert(name, v, flags);
            }
            PRIVATE_GETTER => self.define_accessor(o, name, Some(v), None, PRIVATE),
            _ => self.define_accessor(o, name, None, Some(v), PRIVATE),
        }
        Ok(())
    }

    /// The TypeError for an object without the private element `name`: a private method's
    /// name says which receiver it needs (as node does).
    fn missing_private(&mut self, name: &JsStr, verb: &str, prep: &str) -> Throw {
        let text = name.to_rust();
        match text.split_once(' ') {
            Some((_, receiver)) => self.type_error(&format!("Receiver must be {receiver}")),
            None => self.type_error(&format!(
                "Cannot {verb} private member {text} {prep} an object whose class did not declare it"
            )),
        }
    }

    /// The private name an op finds on top of the stack (the compiler only ever puts one
    /// there, from the class scope's hidden binding).
    fn pop_private_name(&mut self) -> JsStr {
        match self.stack.pop() {
            Some(Value::Sym(s)) => s,
            _ => JsStr::new_private_name(&[]),
        }
    }
}

/// How messages show a private name: `#x` (a method's name also carries, after a space,
/// what its receiver must be; see `Compiler::class`).
fn shown(name: &JsStr) -> String {
    let text = name.to_rust();
    match text.split_once(' ') {
        Some((n, _)) => n.to_string(),
        None => text,
    }
}

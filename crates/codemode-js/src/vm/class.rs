//! Classes: linking a constructor to its prototype and parent, methods and accessors,
//! `super(...)`.

use super::*;

impl Vm {
    /// Whether `r` can be `new`ed (and so extended).
    pub(crate) fn is_constructor(&self, r: ObjRef) -> bool {
        match &self.heap.get(r).kind {
            Kind::Closure(c) => {
                let code = self.code(c.func);
                !(code.is_arrow || code.is_method || code.is_async || code.is_generator)
            }
            Kind::Native(_) | Kind::Bound(_) => r != self.realm.function_proto,
            _ => false,
        }
    }

    /// A value as V8 names it in class errors: primitives as written, objects as
    /// `#<Constructor>`.
    fn class_error_text(&mut self, v: &Value) -> String {
        match v {
            Value::Obj(_) => {
                let ctor = self
                    .get_prop(v, &JsStr::from_str("constructor"))
                    .ok()
                    .and_then(|c| match c {
                        Value::Obj(_) => self.get_prop(&c, &JsStr::from_str("name")).ok(),
                        _ => None,
                    });
                match ctor {
                    Some(Value::Str(s)) if !s.is_empty() => format!("#<{}>", s.to_rust()),
                    _ => "#<Object>".into(),
                }
            }
            Value::Str(s) => s.to_rust(),
            other => match self.to_string(other) {
                Ok(s) => s.to_rust(),
                Err(_) => String::new(),
            },
        }
    }

    /// `MakeClass`: [ctor, heritage?] -> [ctor, prototype].
    pub(crate) fn make_class(&mut self, has_heritage: bool) -> JsResult<()> {
        let heritage = if has_heritage {
            Some(self.stack.pop().unwrap_or_default())
        } else {
            None
        };
        let Some(&Value::Obj(ctor)) = self.stack.last() else {
            return Err(self.type_error("class constructor missing"));
        };
        let function_proto = self.realm.function_proto;
        let (proto_parent, ctor_parent) = match heritage {
            None => (Some(self.realm.object_proto), function_proto),
            Some(Value::Null) => (None, function_proto),
            Some(Value::Obj(h)) if self.is_constructor(h) => {
                match self.get_prop(&Value::Obj(h), &JsStr::from_str("prototype"))? {
                    Value::Obj(p) => (Some(p), h),
                    Value::Null => (None, h),
                    other => {
                        let text = self.class_error_text(&other);
                        return Err(self.type_error(&format!(
                            "Class extends value does not have valid prototype property {text}"
                        )));
                    }
                }
            }
            Some(other) => {
                let text = self.class_error_text(&other);
                return Err(self.type_error(&format!(
                    "Class extends value {text} is not a constructor or null"
                )));
            }
        };
        let proto = self.alloc(proto_parent, Kind::Ordinary);
        self.heap.get_mut(proto).props.insert(
            JsStr::from_str("constructor"),
            Value::Obj(ctor),
            HIDDEN,
        );
        let c = self.heap.get_mut(ctor);
        c.props
            .insert(JsStr::from_str("prototype"), Value::Obj(proto), 0);
        c.proto = Some(ctor_parent);
        self.heap.charge(2 * crate::heap::PROP_COST);
        self.stack.push(Value::Obj(proto));
        Ok(())
    }

    /// Names an object literal's method defined under a computed key by that key (its code
    /// has no name), unless it is named already.
    pub(crate) fn name_method(&mut self, f: &Value, key: &JsStr) {
        let Value::Obj(fr) = f else {
            return;
        };
        let Kind::Closure(c) = &self.heap.get(*fr).kind else {
            return;
        };
        let code = self.code(c.func);
        let name = JsStr::from_str("name");
        if code.is_method && code.name.is_empty() && self.heap.get(*fr).props.find(&name).is_none()
        {
            let v = Value::Str(key.function_name());
            self.heap.get_mut(*fr).props.insert(name, v, 0);
            self.heap.charge(crate::heap::PROP_COST);
        }
    }

    /// `DefineMethod`: [obj, key, fn] -> [obj].
    pub(crate) fn define_method(&mut self) -> JsResult<()> {
        let f = self.stack.pop().unwrap_or_default();
        let k = self.stack.pop().unwrap_or_default();
        let key = self.to_property_key(&k)?;
        let Some(&Value::Obj(o)) = self.stack.last() else {
            return Ok(());
        };
        // A method under a computed key is named by the key (its code has no name).
        if let Value::Obj(fr) = f {
            if let Kind::Closure(c) = &self.heap.get(fr).kind {
                if self.code(c.func).name.is_empty() {
                    self.heap.get_mut(fr).props.insert(
                        JsStr::from_str("name"),
                        Value::Str(key.function_name()),
                        0,
                    );
                    self.heap.charge(crate::heap::PROP_COST);
                }
            }
        }
        let props = &mut self.heap.get_mut(o).props;
        match props.find(&key) {
            Some(i) => {
                props.entries[i].value = f;
                props.entries[i].flags = HIDDEN;
            }
            None => {
                props.insert(key, f, HIDDEN);
            }
        }
        self.heap.charge(crate::heap::PROP_COST);
        Ok(())
    }

    /// `DefineAccessor(bits)`: [obj, key, fn] -> [obj].
    pub(crate) fn define_accessor_op(&mut self, bits: u8) -> JsResult<()> {
        let f = self.stack.pop().unwrap_or_default();
        let k = self.stack.pop().unwrap_or_default();
        let key = self.to_property_key(&k)?;
        let Some(&Value::Obj(o)) = self.stack.last() else {
            return Ok(());
        };
        let is_set = bits & crate::bytecode::ACCESSOR_SET != 0;
        // A getter under a computed key is named by it (its code has no name).
        if let Value::Obj(fr) = f {
            if let Kind::Closure(c) = &self.heap.get(fr).kind {
                if self.code(c.func).name.is_empty() {
                    let mut name = if is_set { "set " } else { "get " }
                        .encode_utf16()
                        .collect::<Vec<_>>();
                    name.extend_from_slice(key.function_name().units());
                    self.heap.get_mut(fr).props.insert(
                        JsStr::from_str("name"),
                        Value::Str(JsStr::new(name)),
                        0,
                    );
                    self.heap.charge(crate::heap::PROP_COST);
                }
            }
        }
        let flags = if bits & crate::bytecode::ACCESSOR_ENUMERABLE != 0 {
            ENUMERABLE
        } else {
            0
        };
        let (get, set) = if is_set {
            (None, Some(f))
        } else {
            (Some(f), None)
        };
        self.define_accessor(o, key, get, set, flags);
        Ok(())
    }

    /// Makes `key` of `o` an accessor property with `flags` (ENUMERABLE and
    /// NON_CONFIGURABLE; ACCESSOR is added): a half given as None keeps the one an
    /// existing accessor has (or is undefined).
    pub(crate) fn define_accessor(
        &mut self,
        o: ObjRef,
        key: JsStr,
        get: Option<Value>,
        set: Option<Value>,
        flags: u8,
    ) {
        self.accessors_defined = true;
        let old = match self.heap.get(o).props.entry(&key) {
            Some(p) if p.flags & ACCESSOR != 0 => {
                let slot = p.value.clone();
                self.accessor_pair(&slot)
            }
            _ => (Value::Undefined, Value::Undefined),
        };
        let pair = (get.unwrap_or(old.0), set.unwrap_or(old.1));
        let slot = self.alloc(None, Kind::Accessor(Box::new(pair)));
        let props = &mut self.heap.get_mut(o).props;
        match props.find(&key) {
            Some(i) => {
                props.entries[i].value = Value::Obj(slot);
                props.entries[i].flags = flags | ACCESSOR;
            }
            None => {
                props.insert(key, Value::Obj(slot), flags | ACCESSOR);
            }
        }
        self.heap.charge(crate::heap::PROP_COST);
    }

    /// `super(args)` in the running derived constructor (whose closure is `closure`):
    /// stack [placeholder, args...]; constructs the class's parent with this construct's
    /// new.target (the frame it pushes returns the object to `BindThis`).
    pub(crate) fn super_call(
        &mut self,
        argc: usize,
        text: u32,
        closure: Option<ObjRef>,
    ) -> JsResult<()> {
        let new_target = match self.frames.last().map(|f| &f.kind) {
            Some(FrameKind::Construct(nt)) => *nt,
            _ => return Err(self.syntax_error("'super' keyword unexpected here")),
        };
        let Some(ctor) = closure else {
            return Err(self.syntax_error("'super' keyword unexpected here"));
        };
        let parent = self.heap.get(ctor).proto;
        match parent {
            Some(p) if self.is_constructor(p) => {
                let at = self.stack.len() - argc - 1;
                self.stack[at] = Value::Obj(p);
                self.construct_with(argc, text, Some(new_target))
            }
            other => {
                let what = match other {
                    Some(p) if p != self.realm.function_proto => {
                        self.class_error_text(&Value::Obj(p))
                    }
                    _ => "null".to_string(),
                };
                let name = match &self.heap.get(ctor).kind {
                    Kind::Closure(c) => self.code(c.func).name.clone(),
                    _ => String::new(),
                };
                let name = if name.is_empty() {
                    "anonymous class".to_string()
                } else {
                    name
                };
                Err(self.type_error(&format!(
                    "Super constructor {what} of {name} is not a constructor"
                )))
            }
        }
    }
}

impl Vm {
    /// `Op::SuperSet`: [base, key, v, this] -> [v], ECMAScript's OrdinarySet(base, key, v,
    /// this). A setter found from `base` up runs with `this` as receiver (true: the loop
    /// switches to its frame); a non-writable data property there, or an accessor without a
    /// setter, ignores the write (sloppy, as the VM's other writes); otherwise `this` gets,
    /// or updates, an own data property — never through a setter of its own class, so a
    /// subclass setter that writes `super.x` does not call itself.
    pub(crate) fn super_set(&mut self) -> JsResult<bool> {
        let this = self.stack.pop().unwrap_or_default();
        let v = self.stack.pop().unwrap_or_default();
        let k = self.stack.pop().unwrap_or_default();
        let base = self.stack.pop().unwrap_or_default();
        self.stack.push(v.clone());
        let key = self.to_property_key(&k)?;
        match self.nearest_on_chain(base.as_obj(), &key)? {
            Some((flags, slot)) if flags & ACCESSOR != 0 => {
                let setter = self.accessor_pair(&slot).1;
                self.call_accessor(setter, this, Some(v), ACC_DISCARD)?;
                return Ok(true);
            }
            Some((flags, _)) if flags & WRITABLE == 0 => return Ok(false),
            _ => {}
        }
        let Value::Obj(r) = this else {
            return Ok(false);
        };
        if matches!(self.heap.get(r).kind, Kind::Array(_)) {
            self.set_prop(&Value::Obj(r), key, v)?;
            return Ok(false);
        }
        let o = self.heap.get(r);
        match o.props.entry(&key) {
            Some(p) if p.flags & (ACCESSOR | WRITABLE) != WRITABLE => return Ok(false),
            Some(_) => {}
            None if !o.extensible || o.frozen => return Ok(false),
            None => self.heap.charge(PROP_COST),
        }
        self.heap.get_mut(r).props.insert(key, v, DEFAULT_FLAGS);
        Ok(false)
    }
}

//! The object model: property get/set/delete, keys, and the walks over them.

use super::*;

impl Vm {
    // ---------- properties ----------

    /// Sets `r`'s prototype (ECMAScript [[SetPrototypeOf]]); false when `r` is not
    /// extensible and the prototype would change. A cycle is a TypeError; the walk that
    /// looks for one goes up a program-built chain, so it is a loop charged per hop.
    pub fn set_prototype(&mut self, r: ObjRef, new: Option<ObjRef>) -> JsResult<bool> {
        if self.heap.get(r).proto == new {
            return Ok(true);
        }
        if !self.heap.get(r).extensible {
            return Ok(false);
        }
        let mut cur = new;
        let mut hops = 0usize;
        while let Some(c) = cur {
            if c == r {
                self.charge(hops)?;
                return Err(self.type_error("Cyclic __proto__ value"));
            }
            cur = self.heap.get(c).proto;
            hops += 1;
        }
        self.charge(hops)?;
        self.heap.get_mut(r).proto = new;
        Ok(true)
    }

    /// [[Get]] where no VM frame can be pushed (inside a built-in written in Rust): a
    /// program-defined getter met here is a TypeError (the built-ins that read properties
    /// a program may define as accessors route through the prelude instead, where reads
    /// are ordinary ops).
    pub fn get_prop(&mut self, v: &Value, key: &JsStr) -> JsResult<Value> {
        match self.get_prop_raw(v, key)? {
            Ok(x) => Ok(x),
            Err(getter) => self.call_getter_here(getter, v, key),
        }
    }

    /// Runs `getter` now if it is a built-in; a program function cannot run here.
    pub(crate) fn call_getter_here(
        &mut self,
        getter: Value,
        this: &Value,
        key: &JsStr,
    ) -> JsResult<Value> {
        let Value::Obj(f) = getter else {
            return Ok(Value::Undefined);
        };
        if let Kind::Native(id) = self.heap.get(f).kind {
            if let Some(v) = self.native_here(id, this, &[])? {
                return Ok(v);
            }
        }
        Err(self.type_error(&format!(
            "the getter of '{}' cannot run inside this built-in (not supported)",
            key.to_rust()
        )))
    }

    /// Runs native `id` outside a call op (a built-in reading a getter, writing through a
    /// setter, converting to a primitive). None when the native asked for what only a call
    /// op carries out (`tail_call`, `gen_resume`: calling a function, resuming a
    /// generator); such natives change nothing before that, so the request is dropped.
    pub(crate) fn native_here(
        &mut self,
        id: u16,
        this: &Value,
        args: &[Value],
    ) -> JsResult<Option<Value>> {
        let nf = self.natives[id as usize].0;
        let r = nf(self, this, args);
        if self.tail_call.take().is_some() | self.gen_resume.take().is_some() {
            return Ok(None);
        }
        r.map(Some)
    }

    /// The getter and setter in an accessor slot's value.
    pub fn accessor_pair(&self, slot: &Value) -> (Value, Value) {
        match slot {
            Value::Obj(a) => match &self.heap.get(*a).kind {
                Kind::Accessor(pair) => (pair.0.clone(), pair.1.clone()),
                _ => (Value::Undefined, Value::Undefined),
            },
            _ => (Value::Undefined, Value::Undefined),
        }
    }

    /// [[Get]]: `Ok(value)` for data, `Err(getter)` (a function or undefined) when the
    /// property is an accessor, which the caller runs (as a VM frame in the dispatch loop).
    /// `v[key]` when it is a data property of a built-in prototype this execution has not
    /// written to (`Heap::is_pristine`: a shared object nothing can change), found on the
    /// first object of the chain past a string, an array or an ordinary object that lacks
    /// the key: what `get_prop_raw` answers then, remembered by the key's address so a
    /// method call (`s.toUpperCase()`, `a.push(x)`) skips the hashed lookup. None: not
    /// that case, or not remembered yet (`get_prop_raw` answers).
    #[inline]
    pub(crate) fn cached_proto_prop(&mut self, v: &Value, key: &JsStr) -> Option<Value> {
        const SLOTS: usize = 64;
        let proto = match v {
            Value::Str(_) => self.realm.string_proto,
            Value::Obj(r) => {
                let o = self.heap.get(*r);
                if !matches!(o.kind, Kind::Array(_) | Kind::Ordinary)
                    || (!o.props.entries.is_empty() && o.props.find(key).is_some())
                {
                    return None;
                }
                o.proto?
            }
            _ => return None,
        };
        if !self.heap.is_pristine(proto) {
            return None;
        }
        let slot = (key.addr() >> 4) % SLOTS;
        if let Some(Some((p, k, value))) = self.proto_cache.get(slot) {
            if *p == proto && k.ptr_eq(key) {
                return Some(value.clone());
            }
        }
        // The keys a string, an array or `get_prop_raw` itself answer before the chain.
        if key.as_index().is_some() || key.eq_str("length") || key.eq_str("__proto__") {
            return None;
        }
        let p = self.heap.get(proto).props.entry(key)?;
        if p.flags & ACCESSOR != 0 {
            return None;
        }
        let value = p.value.clone();
        if self.proto_cache.len() < SLOTS {
            self.proto_cache.resize(SLOTS, None);
        }
        self.proto_cache[slot] = Some((proto, key.clone(), value.clone()));
        Some(value)
    }

    pub fn get_prop_raw(&mut self, v: &Value, key: &JsStr) -> JsResult<Result<Value, Value>> {
        let start = match v {
            Value::Obj(r) => *r,
            Value::Str(s) => {
                if key.eq_str("length") {
                    return Ok(Ok(Value::Num(s.len() as f64)));
                }
                if let Some(i) = key.as_index() {
                    return Ok(Ok(match s.units().get(i as usize) {
                        Some(&u) => self.unit_string(u),
                        None => Value::Undefined,
                    }));
                }
                self.realm.string_proto
            }
            Value::Num(_) => self.realm.number_proto,
            Value::Bool(_) => self.realm.boolean_proto,
            Value::Sym(_) => self.realm.symbol_proto,
            Value::BigInt(_) => self.realm.bigint_proto,
            Value::Undefined | Value::Null | Value::Empty => {
                let what = if matches!(v, Value::Null) {
                    "null"
                } else {
                    "undefined"
                };
                return Err(self.type_error(&format!(
                    "Cannot read properties of {what} (reading '{}')",
                    key.to_rust()
                )));
            }
        };
        // Own special properties.
        match &self.heap.get(start).kind {
            // `size` of a Map or Set (a getter of the prototype in ECMAScript).
            Kind::Collection(c)
                if key.eq_str("size")
                    && matches!(
                        c.kind,
                        crate::builtins::CollectionKind::Map | crate::builtins::CollectionKind::Set
                    ) =>
            {
                return Ok(Ok(Value::Num(c.len() as f64)));
            }
            // A String object's characters and length are its own properties.
            Kind::Primitive(Value::Str(s)) => {
                if key.eq_str("length") {
                    return Ok(Ok(Value::Num(s.len() as f64)));
                }
                if let Some(i) = key.as_index() {
                    if let Some(&u) = s.units().get(i as usize) {
                        return Ok(Ok(self.unit_string(u)));
                    }
                }
            }
            Kind::Array(items) => {
                if let Some(i) = key.as_index() {
                    if let Some(v) = items.get(i as usize).filter(|v| !v.is_empty()) {
                        return Ok(Ok(v.clone()));
                    }
                    let proto = self.heap.get(start).proto;
                    return self.element_on_chain(proto, i as usize);
                }
                if key.eq_str("length") {
                    return Ok(Ok(Value::Num(items.len() as f64)));
                }
            }
            Kind::ToolPath(path) => {
                // A symbol never names a tool (node's proxy answers undefined too).
                if key.eq_str("then") || key.eq_str("toJSON") || key.is_symbol() {
                    return Ok(Ok(Value::Undefined));
                }
                if self.heap.get(start).props.find(key).is_none() {
                    let mut p = path.clone();
                    p.push(key.clone());
                    let fp = self.realm.function_proto;
                    return Ok(Ok(Value::Obj(self.alloc(Some(fp), Kind::ToolPath(p)))));
                }
            }
            Kind::Closure(c) => {
                if self.heap.get(start).props.find(key).is_none() {
                    let func = c.func;
                    if key.eq_str("name") {
                        return Ok(Ok(Value::str(&self.code(func).name.clone())));
                    }
                    if key.eq_str("length") {
                        return Ok(Ok(Value::Num(self.code(func).length as f64)));
                    }
                    if key.eq_str("prototype") {
                        let code = self.code(func);
                        if code.is_generator {
                            // A generator function's prototype: the generator objects' own
                            // prototype (no `constructor`).
                            let gp = if code.is_async {
                                self.realm.async_generator_proto
                            } else {
                                self.realm.generator_proto
                            };
                            let proto = self.alloc(Some(gp), Kind::Ordinary);
                            self.heap.get_mut(start).props.insert(
                                key.clone(),
                                Value::Obj(proto),
                                WRITABLE,
                            );
                            return Ok(Ok(Value::Obj(proto)));
                        }
                        if code.is_arrow || code.is_method || code.is_async {
                            return Ok(Ok(Value::Undefined));
                        }
                        let proto = self.new_object();
                        self.heap.get_mut(proto).props.insert(
                            JsStr::from_str("constructor"),
                            Value::Obj(start),
                            HIDDEN,
                        );
                        self.heap.get_mut(start).props.insert(
                            key.clone(),
                            Value::Obj(proto),
                            WRITABLE,
                        );
                        return Ok(Ok(Value::Obj(proto)));
                    }
                }
            }
            Kind::Native(id) => {
                if self.heap.get(start).props.find(key).is_none() {
                    let (_, name, len) = self.natives[*id as usize];
                    if key.eq_str("name") {
                        return Ok(Ok(Value::str(name)));
                    }
                    if key.eq_str("length") {
                        return Ok(Ok(Value::Num(len as f64)));
                    }
                }
            }
            _ => {}
        }
        if key.eq_str("__proto__") && self.heap.get(start).props.find(key).is_none() {
            return Ok(Ok(match self.heap.get(start).proto {
                Some(p) => Value::Obj(p),
                None => Value::Null,
            }));
        }
        let mut cur = Some(start);
        let mut hops = 0;
        while let Some(r) = cur {
            let o = self.heap.get(r);
            if let Some(p) = o.props.entry(key) {
                if p.flags & ACCESSOR != 0 {
                    let slot = p.value.clone();
                    return Ok(Err(self.accessor_pair(&slot).0));
                }
                return Ok(Ok(p.value.clone()));
            }
            cur = o.proto;
            hops += 1;
            if hops > 10_000 {
                break;
            }
        }
        Ok(Ok(Value::Undefined))
    }

    /// Element `i` of an array that has none of its own (a hole, or past the end): the
    /// nearest on the prototype chain from `start`, as `get_prop_raw` answers.
    /// The built-in prototypes hold no elements, so an object this execution has not
    /// written to is passed without making the key: a miss on `Array.prototype` and
    /// `Object.prototype` costs no allocation.
    pub(crate) fn element_on_chain(
        &mut self,
        start: Option<ObjRef>,
        i: usize,
    ) -> JsResult<Result<Value, Value>> {
        Ok(self
            .element_on_chain_if_any(start, i)?
            .unwrap_or(Ok(Value::Undefined)))
    }

    /// `element_on_chain`, None when no object on the chain has element `i`.
    pub(crate) fn element_on_chain_if_any(
        &mut self,
        start: Option<ObjRef>,
        i: usize,
    ) -> JsResult<Option<Result<Value, Value>>> {
        // The usual chain, Array.prototype then Object.prototype, both untouched.
        let (ap, op) = (self.realm.array_proto, self.realm.object_proto);
        if start == Some(ap) && self.heap.is_pristine(ap) && self.heap.is_pristine(op) {
            return Ok(None);
        }
        let mut cur = start;
        let mut key: Option<JsStr> = None;
        let mut hops = 0;
        while let Some(c) = cur {
            if !self.heap.is_pristine(c) {
                let o = self.heap.get(c);
                match &o.kind {
                    Kind::Array(items) => {
                        if let Some(v) = items.get(i).filter(|v| !v.is_empty()) {
                            return Ok(Some(Ok(v.clone())));
                        }
                    }
                    Kind::Primitive(Value::Str(s)) => {
                        if let Some(&u) = s.units().get(i) {
                            return Ok(Some(Ok(self.unit_string(u))));
                        }
                    }
                    _ => {}
                }
                if !o.props.entries.is_empty() {
                    let k = key.get_or_insert_with(|| JsStr::from_str(&i.to_string()));
                    if let Some(p) = o.props.entry(k) {
                        if p.flags & ACCESSOR != 0 {
                            let slot = p.value.clone();
                            return Ok(Some(Err(self.accessor_pair(&slot).0)));
                        }
                        return Ok(Some(Ok(p.value.clone())));
                    }
                }
            }
            cur = self.heap.get(c).proto;
            hops += 1;
            if hops > 10_000 {
                break;
            }
        }
        Ok(None)
    }

    /// The value a hole at `i` of array `r` reads as (undefined unless a prototype has
    /// element `i`; a getter there runs as in `get_prop`).
    pub(crate) fn hole_value(&mut self, r: ObjRef, i: usize) -> JsResult<Value> {
        let proto = self.heap.get(r).proto;
        match self.element_on_chain(proto, i)? {
            Ok(v) => Ok(v),
            Err(getter) => {
                let key = JsStr::from_str(&i.to_string());
                self.call_getter_here(getter, &Value::Obj(r), &key)
            }
        }
    }

    /// Array `r`'s elements from `from` on, holes read as `hole_value` gives them (what
    /// iterating the array yields).
    pub(crate) fn elements_read(&mut self, r: ObjRef, from: usize) -> JsResult<Vec<Value>> {
        let (mut out, holes) = match &self.heap.get(r).kind {
            Kind::Array(items) => (
                items.get(from..).map(|s| s.to_vec()).unwrap_or_default(),
                self.heap.get(r).holes,
            ),
            _ => (Vec::new(), false),
        };
        if holes {
            for (k, slot) in out.iter_mut().enumerate() {
                if slot.is_empty() {
                    *slot = self.hole_value(r, from + k)?;
                }
            }
        }
        Ok(out)
    }

    /// Whether array `r` has element `i` of its own (not a hole, not past the end).
    pub(crate) fn has_own_element(&self, r: ObjRef, i: f64) -> bool {
        match &self.heap.get(r).kind {
            Kind::Array(items) => {
                i >= 0.0 && i.fract() == 0.0 && items.get(i as usize).is_some_and(|v| !v.is_empty())
            }
            _ => false,
        }
    }

    pub fn get_elem(&mut self, obj: &Value, key: &Value) -> JsResult<Value> {
        match self.get_elem_raw(obj, key)? {
            Ok(v) => Ok(v),
            Err(getter) => {
                let k = self.to_property_key(key)?;
                self.call_getter_here(getter, obj, &k)
            }
        }
    }

    /// `obj[key]` as `get_prop_raw` answers it.
    pub fn get_elem_raw(&mut self, obj: &Value, key: &Value) -> JsResult<Result<Value, Value>> {
        if let (Value::Obj(r), Value::Num(n)) = (obj, key) {
            let o = self.heap.get(*r);
            if let Kind::Array(items) = &o.kind {
                let i = *n as usize;
                if i as f64 == *n {
                    match items.get(i) {
                        Some(Value::Empty) | None => {
                            // A hole, or past the end.
                            let proto = o.proto;
                            return self.element_on_chain(proto, i);
                        }
                        Some(v) => return Ok(Ok(v.clone())),
                    }
                }
            }
        }
        if let (Value::Str(s), Value::Num(n)) = (obj, key) {
            let i = *n as usize;
            if i as f64 == *n {
                return Ok(Ok(match s.units().get(i) {
                    Some(&u) => self.unit_string(u),
                    None => Value::Undefined,
                }));
            }
        }
        // An own data property of an ordinary object under a string key (a record used as
        // a map: `totals[name]`), as `get_prop_raw` finds it first.
        if let (Value::Obj(r), Value::Str(k)) = (obj, key) {
            let o = self.heap.get(*r);
            if let (Kind::Ordinary, Some(p)) = (&o.kind, o.props.entry(k)) {
                if p.flags & ACCESSOR == 0 {
                    return Ok(Ok(p.value.clone()));
                }
            }
        }
        nullish_base(self, obj, key, "read")?;
        let k = self.to_property_key(key)?;
        self.get_prop_raw(obj, &k)
    }

    /// [[Set]] where no VM frame can be pushed (see `get_prop`): a built-in setter runs,
    /// a program-defined one is a TypeError.
    pub fn set_prop(&mut self, obj: &Value, key: JsStr, v: Value) -> JsResult<()> {
        match self.set_prop_raw(obj, key.clone(), v.clone())? {
            None => Ok(()),
            Some(setter) => self.run_setter_here(setter, obj, &key, v),
        }
    }

    fn run_setter_here(
        &mut self,
        setter: Value,
        obj: &Value,
        key: &JsStr,
        v: Value,
    ) -> JsResult<()> {
        let Value::Obj(f) = setter else {
            return Ok(());
        };
        if let Kind::Native(id) = self.heap.get(f).kind {
            if self.native_here(id, obj, &[v])?.is_some() {
                return Ok(());
            }
        }
        Err(self.type_error(&format!(
            "the setter of '{}' cannot run inside this built-in (not supported)",
            key.to_rust()
        )))
    }

    /// The setter of `key` inherited by `r` (from its prototypes), when the nearest
    /// property of that name on the chain is an accessor: `Some(setter or undefined)`.
    /// The chain is program-built: the walk is a loop charged per hop.
    fn inherited_setter(&mut self, r: ObjRef, key: &JsStr) -> JsResult<Option<Value>> {
        let start = self.heap.get(r).proto;
        Ok(match self.nearest_on_chain(start, key)? {
            Some((flags, slot)) if flags & ACCESSOR != 0 => Some(self.accessor_pair(&slot).1),
            _ => None,
        })
    }

    /// The nearest property `key` on the prototype chain from `start` up: its flags and
    /// slot. The chain is program-built: the walk is a loop charged per hop (at most
    /// 10,000 hops).
    pub(crate) fn nearest_on_chain(
        &mut self,
        start: Option<ObjRef>,
        key: &JsStr,
    ) -> JsResult<Option<(u8, Value)>> {
        let mut cur = start;
        let mut hops = 0usize;
        let mut found = None;
        while let Some(c) = cur {
            let o = self.heap.get(c);
            if let Some(p) = o.props.entry(key) {
                found = Some((p.flags, p.value.clone()));
                break;
            }
            cur = o.proto;
            hops += 1;
            if hops > 10_000 {
                break;
            }
        }
        self.charge(hops)?;
        Ok(found)
    }

    /// [[Set]]: `None` when done, `Some(setter)` when `key` is an accessor (own or
    /// inherited) whose setter (a function, or undefined: the write is ignored) the caller
    /// runs.
    pub fn set_prop_raw(&mut self, obj: &Value, key: JsStr, v: Value) -> JsResult<Option<Value>> {
        let r = match obj {
            Value::Obj(r) => *r,
            Value::Undefined | Value::Null | Value::Empty => {
                let what = if matches!(obj, Value::Null) {
                    "null"
                } else {
                    "undefined"
                };
                return Err(self.type_error(&format!(
                    "Cannot set properties of {what} (setting '{}')",
                    key.to_rust()
                )));
            }
            _ => return Ok(None), // primitives: ignored (sloppy mode)
        };
        let max = self.limits.max_collection_len;
        if key.eq_str("__proto__") && self.heap.get(r).props.find(&key).is_none() {
            // Prototype changes stay inside this execution's heap; cycles are refused.
            let new = match v {
                Value::Obj(p) => Some(p),
                Value::Null => None,
                _ => return Ok(None),
            };
            self.set_prototype(r, new)?;
            return Ok(None);
        }
        // An element the array has (or a hole, while no setter can intercept it): written
        // in place (arrays keep no element accessors).
        if let (Kind::Array(_), Some(i)) = (&self.heap.get(r).kind, key.as_index()) {
            let accessors = self.accessors_defined;
            let o = self.heap.get_mut(r);
            let frozen = o.frozen;
            if let Kind::Array(items) = &mut o.kind {
                if let Some(slot) = items
                    .get_mut(i as usize)
                    .filter(|v| !v.is_empty() || !accessors)
                {
                    if !frozen {
                        *slot = v;
                    }
                    return Ok(None);
                }
            }
        }
        // Looked up once: the writes below reuse the position.
        let found = self.heap.get(r).props.find(&key);
        match found {
            Some(i) => {
                let p = &self.heap.get(r).props.entries[i];
                if p.flags & ACCESSOR != 0 {
                    let slot = p.value.clone();
                    return Ok(Some(self.accessor_pair(&slot).1));
                }
            }
            // A RegExp inherits RegExp.prototype's built-in getters (which have no setter)
            // before any program accessor exists.
            None if self.accessors_defined || matches!(self.heap.get(r).kind, Kind::RegExp(_)) => {
                if let Some(setter) = self.inherited_setter(r, &key)? {
                    return Ok(Some(setter));
                }
            }
            None => {}
        }
        let o = self.heap.get(r);
        if o.frozen {
            return Ok(None);
        }
        if let Kind::Array(items) = &o.kind {
            let len = items.len();
            // The new length (None: not an element or `length` write).
            let grow_to = if let Some(i) = key.as_index() {
                Some((i as usize + 1).max(len))
            } else if key.eq_str("length") {
                match v {
                    Value::Num(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => {
                        Some(n as usize)
                    }
                    _ => return Err(self.range_error("Invalid array length")),
                }
            } else {
                None
            };
            if let Some(n) = grow_to {
                // Elements past the collection limit would be slots: a RangeError, not
                // sparse storage (docs/conformance.md).
                if n > max {
                    return Err(self.range_error("Invalid array length"));
                }
                // Twice the slots: the vector doubles as it grows.
                // (and fuel for filling them).
                let grow = n.saturating_sub(len);
                self.ensure_memory(grow * 2 * crate::limits::ELEMENT_COST)?;
                self.charge(grow)?;
                self.heap.charge(grow * 2 * crate::limits::ELEMENT_COST);
                let o = self.heap.get_mut(r);
                if let Kind::Array(items) = &mut o.kind {
                    match key.as_index() {
                        Some(i) => {
                            let i = i as usize;
                            if i >= len {
                                // The indices between the old end and `i` are holes.
                                o.holes |= i > len;
                                items.resize(i + 1, Value::Empty);
                            }
                            items[i] = v;
                        }
                        None => {
                            o.holes |= n > len;
                            items.resize(n, Value::Empty);
                        }
                    }
                }
                return Ok(None);
            }
        }
        let o = self.heap.get_mut(r);
        if let Some(i) = found {
            if o.props.entries[i].flags & WRITABLE != 0 {
                o.props.entries[i].value = v;
            }
            return Ok(None);
        }
        if !o.extensible {
            return Ok(None);
        }
        o.props.insert(key, v, DEFAULT_FLAGS);
        self.heap.charge(crate::heap::PROP_COST);
        Ok(None)
    }

    /// `obj[key] = v` as `set_prop_raw` answers it.
    pub fn set_elem_raw(&mut self, obj: &Value, key: &Value, v: Value) -> JsResult<Option<Value>> {
        if let (Value::Obj(r), Value::Num(n)) = (obj, key) {
            let o = self.heap.get_mut(*r);
            if !o.frozen {
                if let Kind::Array(items) = &mut o.kind {
                    let i = *n as usize;
                    // A hole is no element: filling it may meet a setter on a prototype,
                    // which only the general path looks for (and only once one exists).
                    if i as f64 == *n
                        && i < items.len()
                        && (!self.accessors_defined || !items[i].is_empty())
                    {
                        items[i] = v;
                        return Ok(None);
                    }
                    if i as f64 == *n && i == items.len() && i < self.limits.max_collection_len {
                        items.push(v);
                        self.heap.charge(2 * crate::limits::ELEMENT_COST);
                        return Ok(None);
                    }
                }
            }
        }
        // An own data property of an ordinary object under a string key: overwritten in
        // place (unless frozen or read-only), as `set_prop_raw` does once it found it.
        if let (Value::Obj(r), Value::Str(k)) = (obj, key) {
            let o = self.heap.get(*r);
            if let Kind::Ordinary = o.kind {
                if let Some(i) = o.props.find(k) {
                    if o.props.entries[i].flags & ACCESSOR == 0 {
                        let o = self.heap.get_mut(*r);
                        if !o.frozen && o.props.entries[i].flags & WRITABLE != 0 {
                            o.props.entries[i].value = v;
                        }
                        return Ok(None);
                    }
                }
            }
        }
        nullish_base(self, obj, key, "set")?;
        let k = self.to_property_key(key)?;
        self.set_prop_raw(obj, k, v)
    }

    /// The template object of tagged template `i` of function `func` (its cooked strings,
    /// with the raw ones as `raw`, both frozen): made once per site and kept, so a site
    /// evaluated again passes the same object, as ECMAScript's GetTemplateObject does.
    pub(crate) fn template_object(
        &mut self,
        func: u32,
        i: u32,
        strings: &(Vec<Value>, Vec<Value>),
    ) -> ObjRef {
        if let Some(&arr) = self.template_objects.get(&(func, i)) {
            return arr;
        }
        let (cooked, raw) = strings.clone();
        let raw_arr = self.new_array(raw);
        let arr = self.new_array(cooked);
        self.heap
            .get_mut(arr)
            .props
            .insert(JsStr::from_str("raw"), Value::Obj(raw_arr), 0);
        for r in [raw_arr, arr] {
            let o = self.heap.get_mut(r);
            o.frozen = true;
            o.extensible = false;
        }
        self.template_objects.insert((func, i), arr);
        arr
    }

    pub fn define_hidden(&mut self, obj: ObjRef, name: &str, v: Value) {
        self.heap
            .get_mut(obj)
            .props
            .insert(JsStr::from_str(name), v, HIDDEN);
    }

    /// Own enumerable string keys, then (with `symbols`) own enumerable symbol keys, in
    /// ECMAScript order: what object spread and Object.assign copy.
    pub fn own_keys_and_symbols(&self, r: ObjRef, symbols: bool) -> Vec<JsStr> {
        let mut keys = self.own_keys(r);
        if symbols {
            let o = self.heap.get(r);
            keys.extend(
                o.props
                    .iter()
                    .filter(|p| p.key.is_symbol() && p.flags & ENUMERABLE != 0)
                    .map(|p| p.key.clone()),
            );
        }
        keys
    }

    /// Own enumerable string keys in ECMAScript order (integer keys first); no symbols.
    pub fn own_keys(&self, r: ObjRef) -> Vec<JsStr> {
        let o = self.heap.get(r);
        let mut out = Vec::new();
        match &o.kind {
            Kind::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    if !v.is_empty() {
                        out.push(JsStr::from_str(&i.to_string()));
                    }
                }
            }
            Kind::Primitive(Value::Str(s)) => {
                for i in 0..s.len() {
                    out.push(JsStr::from_str(&i.to_string()));
                }
            }
            _ => {}
        }
        let mut ints: Vec<(u32, JsStr)> = Vec::new();
        let mut strs = Vec::new();
        for p in o.props.iter() {
            if p.flags & ENUMERABLE == 0 || p.key.is_symbol() {
                continue;
            }
            match p.key.as_index() {
                Some(i) => ints.push((i, p.key.clone())),
                None => strs.push(p.key.clone()),
            }
        }
        if !ints.is_empty() {
            ints.sort_by_key(|x| x.0);
            out.extend(ints.into_iter().map(|x| x.1));
        }
        out.extend(strs);
        out
    }

    pub fn has_property(&mut self, obj: &Value, key: &Value) -> JsResult<bool> {
        let Value::Obj(r) = obj else {
            let k = self.to_rust_string(key)?;
            let o = self.to_rust_string(obj)?;
            return Err(self.type_error(&format!(
                "Cannot use 'in' operator to search for '{k}' in {o}"
            )));
        };
        // `i in array` for an element it has, without making the key (the array methods'
        // HasProperty on each index).
        if let (Value::Num(n), Kind::Array(items)) = (key, &self.heap.get(*r).kind) {
            let i = *n as usize;
            if i as f64 == *n && items.get(i).is_some_and(|v| !v.is_empty()) {
                return Ok(true);
            }
        }
        let k = self.to_property_key(key)?;
        let mut cur = Some(*r);
        while let Some(c) = cur {
            let o = self.heap.get(c);
            if let Kind::Array(items) = &o.kind {
                if let Some(i) = k.as_index() {
                    if items.get(i as usize).is_some_and(|v| !v.is_empty()) {
                        return Ok(true);
                    }
                }
                if k.eq_str("length") {
                    return Ok(true);
                }
            }
            if o.props.find(&k).is_some() {
                return Ok(true);
            }
            cur = o.proto;
        }
        Ok(false)
    }

    pub(crate) fn delete(&mut self, o: &Value, key: &JsStr) -> JsResult<bool> {
        match o {
            Value::Obj(r) => {
                let obj = self.heap.get_mut(*r);
                if obj.frozen {
                    // Only a property it has stays; deleting an absent one succeeds.
                    let element = matches!(&obj.kind, Kind::Array(items)
                        if key.as_index().is_some_and(|i| items.get(i as usize).is_some_and(|v| !v.is_empty())));
                    return Ok(!element && obj.props.find(key).is_none());
                }
                if let Kind::Array(items) = &mut obj.kind {
                    if let Some(i) = key.as_index() {
                        // The element becomes a hole; the length stays.
                        if let Some(slot) = items.get_mut(i as usize) {
                            *slot = Value::Empty;
                            obj.holes = true;
                        }
                        return Ok(true);
                    }
                }
                // A non-configurable property stays (false, as node's sloppy scripts answer).
                if let Some(i) = obj.props.find(key) {
                    if obj.props.entries[i].flags & crate::builtins::NON_CONFIGURABLE != 0 {
                        return Ok(false);
                    }
                }
                obj.props.remove(key);
                Ok(true)
            }
            Value::Undefined | Value::Null => Err(self.type_error(&format!(
                "Cannot convert undefined or null to object (deleting '{}')",
                key.to_rust()
            ))),
            _ => Ok(true),
        }
    }

    pub fn array_items(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        if let Value::Obj(r) = v {
            if let Kind::Array(items) = &self.heap.get(*r).kind {
                let n = items.len();
                // A spread's copy (and the stack it lands on) is held until the call ends.
                self.ensure_memory(n * crate::limits::ELEMENT_COST * 2)?;
                self.charge(n)?;
                self.heap.charge(n * crate::limits::ELEMENT_COST);
                return self.elements_read(*r, 0);
            }
        }
        self.iterate_to_vec(v)
    }

    /// Iterates arrays and strings (the iterables of this subset).
    pub fn iterate_to_vec(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        match v {
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Array(_) => self.array_items(v),
                Kind::CollectionIter(_) => crate::builtins::drain_collection_iter(self, *r),
                Kind::ArrayIter(_) => {
                    let mut out = Vec::new();
                    while let Some(v) = crate::builtins::array_iter_step(self, *r)? {
                        self.check_len(out.len() + 1)?;
                        self.tick(out.len())?;
                        self.ensure_memory(crate::limits::ELEMENT_COST)?;
                        self.heap.charge(crate::limits::ELEMENT_COST);
                        out.push(v);
                    }
                    Ok(out)
                }
                Kind::Collection(c) if c.kind == crate::builtins::CollectionKind::Set => {
                    let items = crate::builtins::collection_snapshot(self, *r)?;
                    Ok(items.into_iter().map(|(k, _)| k).collect())
                }
                Kind::Collection(c) if c.kind == crate::builtins::CollectionKind::Map => {
                    let items = crate::builtins::collection_snapshot(self, *r)?;
                    self.ensure_memory(items.len().saturating_mul(crate::heap::OBJECT_COST + 64))?;
                    Ok(items
                        .into_iter()
                        .map(|(k, v)| Value::Obj(self.new_array(vec![k, v])))
                        .collect())
                }
                _ => Err(self.type_error(
                    "object is not iterable (only arrays and strings are iterable here)",
                )),
            },
            Value::Str(s) => {
                let s = s.clone();
                self.reserve_array(s.len())?;
                self.reserve_strings(s.len(), s.len())?;
                self.heap.charge(s.len() * JsStr::cost(1));
                let mut out = Vec::with_capacity(s.len());
                for (i, c) in char::decode_utf16(s.units().iter().copied()).enumerate() {
                    self.tick(i)?;
                    let units: Vec<u16> = match c {
                        Ok(c) => {
                            let mut b = [0u16; 2];
                            c.encode_utf16(&mut b).to_vec()
                        }
                        Err(e) => vec![e.unpaired_surrogate()],
                    };
                    out.push(Value::Str(JsStr::new(units)));
                }
                Ok(out)
            }
            _ => {
                let t = self.to_rust_string(v)?;
                Err(self.type_error(&format!("{t} is not iterable")))
            }
        }
    }

    pub fn copy_props(&mut self, dst: ObjRef, src: &Value, exclude: &[JsStr]) -> JsResult<()> {
        match src {
            Value::Obj(r) => {
                let keys = self.own_keys_and_symbols(*r, true);
                self.charge(keys.len())?;
                for k in keys {
                    if exclude.contains(&k) {
                        continue;
                    }
                    let v = self.get_prop(src, &k)?;
                    self.heap.get_mut(dst).props.insert(k, v, DEFAULT_FLAGS);
                    self.heap.charge(crate::heap::PROP_COST);
                }
            }
            Value::Str(s) => {
                // One property per code unit: its key, its one-unit string and its slot.
                let n = s.len();
                self.reserve_strings(n.saturating_mul(2), n.saturating_mul(11))?;
                self.ensure_memory(n.saturating_mul(crate::heap::PROP_COST))?;
                self.heap.charge(
                    n.saturating_mul(crate::heap::PROP_COST + JsStr::cost(1) + JsStr::cost(10)),
                );
                for (i, u) in s.units().iter().enumerate() {
                    self.tick(i)?;
                    let k = JsStr::from_str(&i.to_string());
                    if exclude.contains(&k) {
                        continue;
                    }
                    self.heap.get_mut(dst).props.insert(
                        k,
                        Value::Str(JsStr::from_units(&[*u])),
                        DEFAULT_FLAGS,
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    pub(crate) fn for_in_keys(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        let mut out: Vec<Value> = Vec::new();
        match v {
            Value::Obj(r) => {
                // Keys seen on the chain so far: a set, so a big object is not quadratic.
                let mut seen: std::collections::HashSet<JsStr> = Default::default();
                let mut cur = Some(*r);
                while let Some(c) = cur {
                    let keys = self.own_keys(c);
                    self.reserve_array(out.len() + keys.len())?;
                    self.ensure_memory(keys.len() * 2 * crate::limits::ELEMENT_COST)?;
                    for k in keys {
                        if seen.insert(k.clone()) {
                            out.push(Value::Str(k));
                        }
                    }
                    cur = self.heap.get(c).proto;
                }
            }
            Value::Str(s) => {
                self.reserve_array(s.len())?;
                self.reserve_strings(s.len(), s.len() * 8)?;
                for i in 0..s.len() {
                    self.tick(i)?;
                    out.push(Value::str(&i.to_string()));
                }
                self.heap.charge(s.len() * JsStr::cost(8));
            }
            _ => {}
        }
        Ok(out)
    }
}

/// A member access on null or undefined with an object key is a TypeError before the key is
/// converted (its toString is not called), as ECMAScript orders it and node words it.
fn nullish_base(vm: &mut Vm, obj: &Value, key: &Value, verb: &str) -> JsResult<()> {
    let what = match obj {
        Value::Null => "null",
        Value::Undefined => "undefined",
        _ => return Ok(()),
    };
    if !matches!(key, Value::Obj(_)) {
        return Ok(());
    }
    Err(vm.type_error(&format!("Cannot {verb} properties of {what}")))
}

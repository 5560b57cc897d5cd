//! The iteration protocol of for-of, spread and array destructuring.
//!
//! Arrays, strings, Maps, Sets and their iterators are walked natively while the built-in
//! methods that define how they iterate are in place (`iterates_natively`): the loop state
//! is the value itself (or a Map's or Set's live iterator) and a position. Anything else
//! goes through the protocol: `Op::IterInit` asks the prelude's `getIterator` for a record
//! `{ iterator, next }`, and each `Op::IterNext` calls `next` as an ordinary call (a frame
//! for a program function or a generator), whose result `Op::IterValue` reads. For a
//! record, the position slot says whether the iterator may still be closed (0) or not (1:
//! it is done, or its `next` threw or is running); `Op::IterClose` calls `return()` through
//! the prelude's `iterClose`. Spread and destructuring of such values collect them in the
//! prelude (`iterCollect`), which runs the same protocol.

use super::*;

/// The remembered property slots of `Vm::slot_holds`.
pub(crate) const ITER_SLOTS: usize = 7;

/// What `Op::IterInit` leaves in the loop's state slot.
pub(crate) enum IterStart {
    /// Walked natively from position 0.
    Native(Value),
    /// Needs the protocol (the prelude's `getIterator`).
    Protocol,
}

/// What `Op::IterNext` found.
pub(crate) enum IterStep {
    Value(Value, usize),
    Done,
    /// The state is a protocol record: `next` must be called.
    Protocol,
}

impl Vm {
    /// Whether `key` of `v` is the built-in `expected` (a data property; never runs a getter).
    fn resolves_to(&mut self, v: &Value, key: &JsStr, expected: ObjRef) -> bool {
        matches!(self.get_prop_raw(v, key), Ok(Ok(Value::Obj(f))) if f == expected)
    }

    /// Whether own property `key` (`Symbol.iterator` when `key` is None) of `obj` is the
    /// data property holding `expected`. The entry's position is remembered in
    /// `iter_slots[which]` and checked first, so the common case hashes nothing.
    fn slot_holds(
        &mut self,
        obj: ObjRef,
        key: Option<&str>,
        which: usize,
        expected: ObjRef,
    ) -> bool {
        const NEXT: [u16; 4] = [b'n' as u16, b'e' as u16, b'x' as u16, b't' as u16];
        let props = &self.heap.get(obj).props;
        let cached = self.iter_slots[which] as usize;
        let hit = props.entries.get(cached).is_some_and(|p| {
            p.flags & REMOVED == 0
                && match key {
                    None => p.key.ptr_eq(&self.realm.well_known.iterator),
                    // Only `next` is looked up by name (a symbol's text never equals it).
                    Some(_) => p.key.units() == NEXT,
                }
        });
        let at = if hit {
            Some(cached)
        } else {
            match key {
                None => props.find(&self.realm.well_known.iterator),
                Some(name) => props.find(&JsStr::from_str(name)),
            }
        };
        let Some(at) = at else {
            return false;
        };
        let p = &props.entries[at];
        let holds = p.flags & ACCESSOR == 0 && matches!(p.value, Value::Obj(f) if f == expected);
        self.iter_slots[which] = at as u32;
        holds
    }

    /// Whether plain object `r` (an array, Map or Set) inherits its iteration from
    /// `proto` unchanged: it has that prototype and no own `Symbol.iterator`.
    fn plain_instance(&self, r: ObjRef, proto: ObjRef) -> bool {
        let o = self.heap.get(r);
        o.proto == Some(proto)
            && (o.props.entries.is_empty()
                || o.props.find(&self.realm.well_known.iterator).is_none())
    }

    /// Whether `v` iterates as the built-ins define (so the VM may walk it itself): an
    /// array, string, Map, Set or one of their iterators whose `[Symbol.iterator]` and
    /// `next` are the built-in ones. The prelude's own loops (`in_prelude`) take arrays
    /// and strings natively always, as node's built-ins do not consult a program's
    /// replacement of `Array.prototype[Symbol.iterator]`. The usual case (an instance of
    /// the built-in prototype) reads two remembered property slots; anything else is
    /// decided by ordinary lookups.
    pub(crate) fn iterates_natively(&mut self, v: &Value, in_prelude: bool) -> bool {
        let ir = self.realm.iter;
        match v {
            Value::Str(_) => {
                in_prelude
                    || (self.heap.is_pristine(self.realm.string_proto)
                        && self.heap.is_pristine(ir.string_iter_proto))
                    || (self.slot_holds(self.realm.string_proto, None, 0, ir.string_iterator)
                        && self.slot_holds(
                            ir.string_iter_proto,
                            Some("next"),
                            1,
                            ir.array_iter_next,
                        ))
            }
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Array(_) => {
                    if in_prelude {
                        return true;
                    }
                    let array_proto = self.realm.array_proto;
                    let own = if self.plain_instance(*r, array_proto) {
                        // Untouched built-ins (the usual case) need no lookup at all.
                        if self.heap.is_pristine(array_proto)
                            && self.heap.is_pristine(ir.array_iter_proto)
                        {
                            return true;
                        }
                        self.slot_holds(array_proto, None, 2, ir.array_values)
                    } else {
                        let key = self.realm.well_known.iterator.clone();
                        self.resolves_to(v, &key, ir.array_values)
                    };
                    own && self.slot_holds(ir.array_iter_proto, Some("next"), 3, ir.array_iter_next)
                }
                Kind::Collection(c) => {
                    let (proto, f, which) = match c.kind {
                        crate::builtins::CollectionKind::Map => {
                            (self.realm.map_proto, ir.map_entries, 4)
                        }
                        crate::builtins::CollectionKind::Set => {
                            (self.realm.set_proto, ir.set_values, 5)
                        }
                        _ => return false,
                    };
                    let own = if self.plain_instance(*r, proto) {
                        let cip = self.realm.collection_iter_proto;
                        if self.heap.is_pristine(proto) && self.heap.is_pristine(cip) {
                            return true;
                        }
                        self.slot_holds(proto, None, which, f)
                    } else {
                        let key = self.realm.well_known.iterator.clone();
                        self.resolves_to(v, &key, f)
                    };
                    let cip = self.realm.collection_iter_proto;
                    own && self.slot_holds(cip, Some("next"), 6, ir.collection_iter_next)
                }
                Kind::CollectionIter(_) | Kind::ArrayIter(_) => {
                    let (proto, next) = match &self.heap.get(*r).kind {
                        Kind::ArrayIter(it) if it.what == crate::builtins::ITER_STRING => {
                            (ir.string_iter_proto, ir.array_iter_next)
                        }
                        Kind::ArrayIter(_) => (ir.array_iter_proto, ir.array_iter_next),
                        _ => (self.realm.collection_iter_proto, ir.collection_iter_next),
                    };
                    let o = self.heap.get(*r);
                    if o.proto == Some(proto)
                        && o.props.entries.is_empty()
                        && self.heap.is_pristine(proto)
                        && self.heap.is_pristine(ir.iterator_proto)
                    {
                        return true;
                    }
                    let key = self.realm.well_known.iterator.clone();
                    self.resolves_to(v, &key, ir.iterator_self)
                        && self.resolves_to(v, &JsStr::from_str("next"), next)
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// `Op::IterInit`: the state a native walk starts from, or `Protocol`.
    pub(super) fn iter_init(&mut self, v: Value, in_prelude: bool) -> JsResult<IterStart> {
        if !self.iterates_natively(&v, in_prelude) {
            return Ok(IterStart::Protocol);
        }
        if let Value::Obj(r) = v {
            if matches!(self.heap.get(r).kind, Kind::Collection(_)) {
                return Ok(IterStart::Native(crate::builtins::collection_default_iter(
                    self, r,
                )?));
            }
        }
        Ok(IterStart::Native(v))
    }

    /// `Op::IterInit`: [iterable] -> [state]; true when the prelude's `getIterator` runs
    /// (as a frame) to make the state.
    pub(super) fn op_iter_init(&mut self, in_prelude: bool) -> JsResult<bool> {
        let v = self.stack.pop().unwrap_or_default();
        match self.iter_init(v.clone(), in_prelude)? {
            IterStart::Native(s) => {
                self.stack.push(s);
                Ok(false)
            }
            IterStart::Protocol => {
                self.call_hook(crate::builtins::HOOK_GET_ITERATOR, vec![v], ACC_GET)?;
                Ok(true)
            }
        }
    }

    /// `Op::IterNext` on protocol record `record` (in stack slot `at`): `next()` as an
    /// ordinary call. 1 in the position slot: not to be closed while it runs (or if it
    /// throws); `Op::IterValue` sets it back to 0.
    pub(super) fn iter_call_next(&mut self, at: usize, record: &Value) -> JsResult<()> {
        let next = self.record_field(record, "next");
        let iterator = self.record_field(record, "iterator");
        self.stack[at + 1] = Value::Num(1.0);
        self.stack.push(next);
        self.stack.push(iterator);
        self.call_value(0, u32::MAX, FrameKind::Normal)
    }

    /// `Op::IterClose` of the state in stack slot `at`: true when `iterClose` runs (a
    /// protocol record not yet done).
    pub(super) fn op_iter_close(&mut self, at: usize, quiet: bool) -> JsResult<bool> {
        let state = self.stack[at].clone();
        let open = matches!(self.stack[at + 1], Value::Num(n) if n == 0.0);
        if !open || !self.is_iter_record(&state) {
            return Ok(false);
        }
        self.stack[at + 1] = Value::Num(1.0);
        let iterator = self.record_field(&state, "iterator");
        let args = vec![iterator, Value::Bool(quiet)];
        self.call_hook(crate::builtins::HOOK_ITER_CLOSE, args, ACC_DISCARD)?;
        Ok(true)
    }

    /// `Op::ToArray(n)`: [value] -> [array of its first n values]; arrays that iterate
    /// natively pass through. True when the prelude's `iterCollect` runs (as a frame).
    pub(super) fn op_to_array(&mut self, n: u32, in_prelude: bool) -> JsResult<bool> {
        let v = self.stack.pop().unwrap_or_default();
        if !self.iterates_natively(&v, in_prelude) {
            let n = if n == u32::MAX {
                Value::Undefined
            } else {
                Value::Num(n as f64)
            };
            self.call_hook(crate::builtins::HOOK_ITER_COLLECT, vec![v, n], ACC_GET)?;
            return Ok(true);
        }
        if let Value::Obj(r) = &v {
            if matches!(self.heap.get(*r).kind, Kind::Array(_)) {
                self.stack.push(v);
                return Ok(false);
            }
        }
        let items = self.iterate_to_vec(&v)?;
        let a = self.new_array(items);
        self.stack.push(Value::Obj(a));
        Ok(false)
    }

    /// `Op::ArraySpread`: [array, iterable] -> [array] with the values appended. True when
    /// the prelude's `spreadInto` runs (as a frame).
    pub(super) fn op_array_spread(&mut self, in_prelude: bool) -> JsResult<bool> {
        let src = self.stack.pop().unwrap_or_default();
        if !self.iterates_natively(&src, in_prelude) {
            let arr = self.stack.pop().unwrap_or_default();
            self.call_hook(crate::builtins::HOOK_SPREAD, vec![arr, src], ACC_GET)?;
            return Ok(true);
        }
        let items = self.iterate_to_vec(&src)?;
        let have = match self.stack.last() {
            Some(Value::Obj(a)) => match &self.heap.get(*a).kind {
                Kind::Array(v) => v.len(),
                _ => 0,
            },
            _ => 0,
        };
        self.check_len(have + items.len())?;
        if let Some(Value::Obj(a)) = self.stack.last() {
            let a = *a;
            self.heap
                .charge(items.len() * 2 * crate::limits::ELEMENT_COST);
            if let Kind::Array(v) = &mut self.heap.get_mut(a).kind {
                v.extend(items);
            }
        }
        Ok(false)
    }

    /// Whether a loop state is a protocol record (not a natively walked value).
    pub(super) fn is_iter_record(&self, state: &Value) -> bool {
        matches!(state, Value::Obj(r) if matches!(self.heap.get(*r).kind, Kind::Ordinary))
    }

    /// A protocol record's field (`iterator` or `next`), read as the data property the
    /// prelude made it.
    pub(super) fn record_field(&self, state: &Value, name: &str) -> Value {
        match state {
            Value::Obj(r) => self
                .heap
                .get(*r)
                .props
                .get(&JsStr::from_str(name))
                .cloned()
                .unwrap_or_default(),
            _ => Value::Undefined,
        }
    }

    /// `Op::IterValue`: the `{ value, done }` a protocol `next()` returned: Some(value), or
    /// None when done.
    pub(super) fn iter_result(&mut self, result: &Value) -> JsResult<Option<Value>> {
        if !matches!(result, Value::Obj(_)) {
            let shown = match result {
                Value::Sym(s) => s.to_rust(),
                v => self.to_rust_string(v)?,
            };
            return Err(self.type_error(&format!("Iterator result {shown} is not an object")));
        }
        let done = self.get_prop(result, &JsStr::from_str("done"))?;
        if done.truthy() {
            return Ok(None);
        }
        Ok(Some(self.get_prop(result, &JsStr::from_str("value"))?))
    }

    /// A hole met by `iter_next`: it iterates as the value a read of it gives.
    #[cold]
    #[inline(never)]
    fn hole_step(&mut self, r: ObjRef, idx: usize) -> JsResult<IterStep> {
        Ok(IterStep::Value(self.hole_value(r, idx)?, idx + 1))
    }

    /// `Op::IterNext`: the value after position `idx` of a native state and the position
    /// after it, `Done` at the end, or `Protocol` for a protocol record.
    #[inline]
    pub(super) fn iter_next(&mut self, it: &Value, idx: usize) -> JsResult<IterStep> {
        let step = |x: Option<Value>, next: usize| match x {
            Some(v) => IterStep::Value(v, next),
            None => IterStep::Done,
        };
        match it {
            Value::Obj(r) => Ok(match &self.heap.get(*r).kind {
                Kind::Array(items) => match items.get(idx) {
                    Some(Value::Empty) => return self.hole_step(*r, idx),
                    Some(v) => IterStep::Value(v.clone(), idx + 1),
                    None => IterStep::Done,
                },
                Kind::CollectionIter(_) => {
                    step(crate::builtins::collection_iter_step(self, *r)?, idx + 1)
                }
                Kind::ArrayIter(_) => step(crate::builtins::array_iter_step(self, *r)?, idx + 1),
                Kind::Ordinary => IterStep::Protocol,
                _ => IterStep::Done,
            }),
            Value::Str(st) => {
                let u = st.units();
                if idx >= u.len() {
                    return Ok(IterStep::Done);
                }
                // A surrogate pair is one step, as the string iterator reads code points.
                let n = if (0xD800..0xDC00).contains(&u[idx])
                    && u.get(idx + 1).is_some_and(|x| (0xDC00..0xE000).contains(x))
                {
                    2
                } else {
                    1
                };
                let piece = JsStr::from_units(&u[idx..idx + n]);
                Ok(IterStep::Value(Value::Str(piece), idx + n))
            }
            _ => Ok(IterStep::Done),
        }
    }
}

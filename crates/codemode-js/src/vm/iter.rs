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

    /// Whether `v` iterates as the built-ins define (so the VM may walk it itself): an
    /// array, string, Map, Set or one of their iterators whose `[Symbol.iterator]` and
    /// `next` are the built-in ones. The prelude's own loops (`in_prelude`) take arrays
    /// and strings natively always, as node's built-ins do not consult a program's
    /// replacement of `Array.prototype[Symbol.iterator]`.
    pub(crate) fn iterates_natively(&mut self, v: &Value, in_prelude: bool) -> bool {
        let key = self.realm.well_known.iterator.clone();
        let ir = self.realm.iter;
        let next = || JsStr::from_str("next");
        match v {
            Value::Str(_) => in_prelude || self.resolves_to(v, &key, ir.string_iterator),
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Array(_) => {
                    in_prelude
                        || (self.resolves_to(v, &key, ir.array_values)
                            && self.resolves_to(
                                &Value::Obj(ir.array_iter_proto),
                                &next(),
                                ir.array_iter_next,
                            ))
                }
                Kind::Collection(c) => {
                    let f = match c.kind {
                        crate::builtins::CollectionKind::Map => ir.map_entries,
                        crate::builtins::CollectionKind::Set => ir.set_values,
                        _ => return false,
                    };
                    self.resolves_to(v, &key, f)
                        && self.resolves_to(
                            &Value::Obj(self.realm.collection_iter_proto),
                            &next(),
                            ir.collection_iter_next,
                        )
                }
                Kind::CollectionIter(_) => {
                    self.resolves_to(v, &key, ir.iterator_self)
                        && self.resolves_to(v, &next(), ir.collection_iter_next)
                }
                Kind::ArrayIter(_) => {
                    self.resolves_to(v, &key, ir.iterator_self)
                        && self.resolves_to(v, &next(), ir.array_iter_next)
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
                Kind::Array(items) => step(items.get(idx).cloned(), idx + 1),
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

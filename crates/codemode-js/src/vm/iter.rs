//! The for-of loop's iteration (`Op::IterInit`, `Op::IterNext`): arrays and strings by index,
//! Maps and Sets through their live iterators.

use super::*;

impl Vm {
    /// `Op::IterInit`: what a for-of loop walks — the array or string itself, or a Map's or
    /// Set's live iterator; a TypeError for anything else.
    pub(super) fn iter_init(&mut self, v: Value) -> JsResult<Value> {
        if let Value::Obj(r) = v {
            if matches!(self.heap.get(r).kind, Kind::Collection(_)) {
                return crate::builtins::collection_default_iter(self, r);
            }
        }
        match &v {
            Value::Str(_) => Ok(v),
            Value::Obj(r)
                if matches!(
                    self.heap.get(*r).kind,
                    Kind::Array(_) | Kind::CollectionIter(_)
                ) =>
            {
                Ok(v)
            }
            Value::Obj(_) => Err(self
                .type_error("object is not iterable (only arrays and strings are iterable here)")),
            _ => {
                let t = format!("{} is not iterable", self.to_rust_string(&v)?);
                Err(self.type_error(&t))
            }
        }
    }

    /// `Op::IterNext`: the value after position `idx` of what `iter_init` gave, and the
    /// position after it; None at the end.
    #[inline]
    pub(super) fn iter_next(&mut self, it: &Value, idx: usize) -> JsResult<Option<(Value, usize)>> {
        match it {
            Value::Obj(r) => Ok(match &self.heap.get(*r).kind {
                Kind::Array(items) => items.get(idx).cloned().map(|v| (v, idx + 1)),
                Kind::CollectionIter(_) => {
                    crate::builtins::collection_iter_step(self, *r)?.map(|v| (v, idx + 1))
                }
                _ => None,
            }),
            Value::Str(st) => {
                let u = st.units();
                if idx >= u.len() {
                    return Ok(None);
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
                Ok(Some((Value::Str(piece), idx + n)))
            }
            _ => Ok(None),
        }
    }
}

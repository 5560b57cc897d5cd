//! Conversions: ToNumber, ToString, ToPrimitive, property keys, wrappers.

use super::*;
use crate::number;

impl Vm {
    // ---------- conversions ----------

    pub fn is_callable(&self, v: &Value) -> bool {
        match v {
            Value::Obj(r) => self.heap.get(*r).is_callable(),
            _ => false,
        }
    }

    pub fn type_of(&self, v: &Value) -> &'static str {
        match v {
            Value::Undefined | Value::Empty => "undefined",
            Value::Null => "object",
            Value::Bool(_) => "boolean",
            Value::Num(_) => "number",
            Value::Str(_) => "string",
            Value::Sym(_) => "symbol",
            Value::BigInt(_) => "bigint",
            Value::Obj(r) => {
                if self.heap.get(*r).is_callable() {
                    "function"
                } else {
                    "object"
                }
            }
        }
    }

    /// `typeof v` as a string value (shared, not allocated).
    pub fn type_of_value(&self, v: &Value) -> Value {
        // Indices into TYPEOF_NAMES.
        let i = match v {
            Value::Undefined | Value::Empty => 0,
            Value::Null => 1,
            Value::Bool(_) => 2,
            Value::Num(_) => 3,
            Value::Str(_) => 4,
            Value::Sym(_) => 5,
            Value::BigInt(_) => 6,
            Value::Obj(r) => {
                if self.heap.get(*r).is_callable() {
                    7
                } else {
                    1
                }
            }
        };
        Value::Str(self.realm.typeof_names.0[i].clone())
    }

    pub fn to_number(&mut self, v: &Value) -> JsResult<f64> {
        Ok(match v {
            Value::Num(n) => *n,
            Value::Undefined | Value::Empty => f64::NAN,
            Value::Null => 0.0,
            Value::Bool(b) => *b as u8 as f64,
            Value::Str(s) => {
                // Parsing reads (and first copies) every unit: `Number(k)` in a loop over a
                // long k is work the loop's instruction count does not show.
                if s.len() > 64 {
                    self.charge(s.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
                }
                number::string_to_number(&s.to_rust())
            }
            Value::Sym(_) => {
                return Err(self.type_error("Cannot convert a Symbol value to a number"))
            }
            Value::BigInt(_) => {
                return Err(self.type_error("Cannot convert a BigInt value to a number"))
            }
            Value::Obj(_) => {
                let p = self.to_primitive(v, true)?;
                return self.to_number(&p);
            }
        })
    }

    pub fn to_string(&mut self, v: &Value) -> JsResult<JsStr> {
        Ok(match v {
            Value::Str(s) => s.clone(),
            Value::Num(n) => number::to_js_str(*n),
            Value::Undefined | Value::Empty => JsStr::from_str("undefined"),
            Value::Null => JsStr::from_str("null"),
            Value::Bool(b) => JsStr::from_str(if *b { "true" } else { "false" }),
            Value::Sym(_) => {
                return Err(self.type_error("Cannot convert a Symbol value to a string"))
            }
            Value::BigInt(r) => JsStr::from_str(&self.bigint_to_string(*r, 10)?),
            Value::Obj(_) => {
                let p = self.to_primitive(v, false)?;
                return self.to_string(&p);
            }
        })
    }

    /// A template literal's concatenation: the top `n` values, strings or numbers by now
    /// (each part went through `Op::ToStr`, which leaves a number for this to write: an
    /// integer's digits go straight into the result, with no string of their own), popped
    /// and joined into one string.
    pub(crate) fn concat_top(&mut self, n: usize) -> JsResult<Value> {
        let start = self.stack.len().saturating_sub(n);
        if n == 1 {
            if let Some(Value::Str(_)) = self.stack.last() {
                return Ok(pop!(self));
            }
        }
        // The parts' units, on the native stack for the usual few (an integer's digits in
        // its own buffer).
        const FEW: usize = 8;
        let few = self.stack.len() - start <= FEW;
        let mut digits = [[0u16; 16]; FEW];
        let mut digit_lens = [0u8; FEW];
        let mut total = 0usize;
        for (i, v) in self.stack[start..].iter_mut().enumerate() {
            match v {
                Value::Str(s) => total = total.saturating_add(s.len()),
                Value::Num(x) => {
                    let d = if few {
                        crate::number::integer_units(*x, &mut digits[i]).map(|d| d.len())
                    } else {
                        None
                    };
                    match d {
                        Some(len) => {
                            digit_lens[i] = len as u8;
                            total = total.saturating_add(len);
                        }
                        None => {
                            // Zero, a fraction, a large or special number: its string.
                            let s = crate::number::to_js_str(*x);
                            total = total.saturating_add(s.len());
                            *v = Value::Str(s);
                        }
                    }
                }
                _ => {}
            }
        }
        self.count_new_string(total)?;
        // The copy is work its one instruction does not show (and a long one checks the
        // deadline).
        self.charge(total / crate::limits::COPY_UNITS_PER_CHARGE)?;
        let s = if few {
            let mut parts: [&[u16]; FEW] = [&[]; FEW];
            for (((slot, v), buf), len) in parts
                .iter_mut()
                .zip(&self.stack[start..])
                .zip(&digits)
                .zip(digit_lens)
            {
                *slot = match v {
                    Value::Str(s) => s.units(),
                    Value::Num(_) => &buf[buf.len() - len as usize..],
                    _ => &[],
                };
            }
            JsStr::from_parts(&parts[..self.stack.len() - start])
        } else {
            let strs = self.stack[start..].iter().filter_map(|v| match v {
                Value::Str(s) => Some(s.units()),
                _ => None,
            });
            JsStr::from_parts(&strs.collect::<Vec<_>>())
        };
        self.stack.truncate(start);
        Ok(Value::Str(s))
    }

    /// The value as a Rust string: a copy (and re-encoding) of every unit, charged.
    pub fn to_rust_string(&mut self, v: &Value) -> JsResult<String> {
        let s = self.to_string(v)?;
        if s.len() > 64 {
            self.charge(s.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
        }
        Ok(s.to_rust())
    }

    /// ToPrimitive for the built-in objects. A program-defined `toString`/`valueOf` cannot
    /// run inside a native: the native ends with a TypeError and `v` is recorded, so that
    /// the call op converts `v` by a call and calls the native again when `v` is one of its
    /// arguments or its receiver (`Vm::retry_with_conversion`); elsewhere the TypeError
    /// stands.
    pub fn to_primitive(&mut self, v: &Value, prefer_number: bool) -> JsResult<Value> {
        match self.native_to_primitive(v, prefer_number)? {
            Ok(p) => Ok(p),
            Err(name) => {
                self.pending_conversion = Some((v.clone(), prefer_number));
                Err(self.type_error(&format!(
                    "converting an object with a program-defined {name}() to a primitive is not supported here"
                )))
            }
        }
    }

    /// Whether converting `v` to a primitive calls a program-defined valueOf/toString (then
    /// operators route through `call_converter`).
    /// Decided from the methods alone, without running the built-in ones (the conversion
    /// that follows runs them): a built-in method yields a primitive, except
    /// Object.prototype.valueOf, which yields the object and passes to the next method.
    #[inline]
    pub fn program_converts(&mut self, v: &Value, prefer_number: bool) -> bool {
        // Only an object has methods of the program's to call.
        matches!(v, Value::Obj(_)) && self.object_converts(v, prefer_number)
    }

    #[inline(never)]
    fn object_converts(&mut self, v: &Value, prefer_number: bool) -> bool {
        let exotic = self.realm.well_known.to_primitive.clone();
        match self.get_prop_raw(v, &exotic) {
            Ok(Ok(Value::Undefined | Value::Null)) => {}
            // A Symbol wrapper's own method (Symbol.prototype's) runs natively.
            Ok(Ok(Value::Obj(f))) if matches!(self.heap.get(f).kind, Kind::Native(_)) => {}
            _ => return true,
        }
        let order = if prefer_number {
            ["valueOf", "toString"]
        } else {
            ["toString", "valueOf"]
        };
        for name in order {
            let key = JsStr::from_str(name);
            let f = match self.get_prop_raw(v, &key) {
                Ok(Ok(Value::Obj(f))) => f,
                // A getter runs as a frame: in the prelude's converter.
                Ok(Err(getter)) if self.is_callable(&getter) => return true,
                _ => continue,
            };
            match self.heap.get(f).kind {
                Kind::Closure(_) | Kind::Bound(_) => return true,
                Kind::Native(_) => {
                    // Object.prototype.toString runs a program's `Symbol.toStringTag` getter.
                    if name == "toString" {
                        let tag = self.realm.well_known.to_string_tag.clone();
                        if let Ok(Err(g)) = self.get_prop_raw(v, &tag) {
                            if self.is_callable(&g) {
                                return true;
                            }
                        }
                    }
                    let object_value_of = self.heap.get(self.realm.object_proto).props.get(&key);
                    let is_object_value_of =
                        matches!(object_value_of, Some(Value::Obj(g)) if *g == f);
                    if name != "valueOf" || !is_object_value_of {
                        return false;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Runs operator `code` (see `convert_code`) on `a` and `b` in the prelude's converter,
    /// which converts with the program's valueOf/toString as ordinary calls. The result
    /// replaces the operands on the stack when the call returns.
    pub fn call_converter(&mut self, code: u8, a: Value, b: Value) -> JsResult<()> {
        let Some(f) = self.realm.converter else {
            return Err(self.type_error("Cannot convert object to primitive value"));
        };
        self.stack.push(Value::Obj(f));
        self.stack.push(Value::Undefined);
        self.stack.push(Value::Num(code as f64));
        self.stack.push(a);
        self.stack.push(b);
        self.call_value(3, u32::MAX, FrameKind::Normal)
    }

    /// ToPrimitive with the built-in methods only: `Ok(Err(name))` when the method that
    /// would run is the program's own.
    pub(crate) fn native_to_primitive(
        &mut self,
        v: &Value,
        prefer_number: bool,
    ) -> JsResult<Result<Value, &'static str>> {
        let Value::Obj(r) = v else {
            return Ok(Ok(v.clone()));
        };
        let r = *r;
        // A program's Symbol.toPrimitive runs by a call (a built-in one, Date's or Symbol's,
        // agrees with the method order below).
        let exotic = self.realm.well_known.to_primitive.clone();
        match self.get_prop_raw(v, &exotic)? {
            Ok(Value::Obj(f)) if matches!(self.heap.get(f).kind, Kind::Native(_)) => {}
            Ok(Value::Undefined | Value::Null) => {}
            _ => return Ok(Err("[Symbol.toPrimitive]")),
        }
        let order: [&str; 2] = if prefer_number {
            ["valueOf", "toString"]
        } else {
            ["toString", "valueOf"]
        };
        for name in order {
            let f = self.get_prop(v, &JsStr::from_str(name))?;
            if let Value::Obj(fr) = f {
                match &self.heap.get(fr).kind {
                    Kind::Native(id) => {
                        let id = *id;
                        if self.conversion_depth >= MAX_NESTED_CONVERSIONS {
                            return Err(self.range_error("Maximum call stack size exceeded"));
                        }
                        self.conversion_depth += 1;
                        let res = self.native_here(id, v, &[]);
                        self.conversion_depth -= 1;
                        if res.is_err() && self.pending_conversion.is_some() {
                            // A conversion inside this built-in method needs the program:
                            // converting `v` itself by a call runs the method as a call.
                            self.pending_conversion = Some((v.clone(), prefer_number));
                        }
                        let Some(res) = res? else {
                            // The built-in needs a call op (it calls a function or resumes a
                            // generator): the prelude makes it an ordinary call.
                            return Ok(Err(name));
                        };
                        if !matches!(res, Value::Obj(_)) {
                            return Ok(Ok(res));
                        }
                    }
                    Kind::Closure(_) | Kind::Bound(_) => return Ok(Err(name)),
                    _ => {}
                }
            }
        }
        let _ = r;
        Err(self.type_error("Cannot convert object to primitive value"))
    }

    pub fn to_property_key(&mut self, v: &Value) -> JsResult<JsStr> {
        match v {
            Value::Str(s) | Value::Sym(s) => Ok(s.clone()),
            Value::Obj(_) => match self.to_primitive(v, false)? {
                Value::Sym(s) => Ok(s),
                p => self.to_string(&p),
            },
            _ => self.to_string(v),
        }
    }

    pub fn to_object_proto(&self, v: &Value) -> Option<ObjRef> {
        match v {
            Value::Obj(r) => Some(*r),
            Value::Str(_) => Some(self.realm.string_proto),
            Value::Num(_) => Some(self.realm.number_proto),
            Value::Bool(_) => Some(self.realm.boolean_proto),
            Value::Sym(_) => Some(self.realm.symbol_proto),
            Value::BigInt(_) => Some(self.realm.bigint_proto),
            _ => None,
        }
    }

    /// The primitive value of a wrapper object (`new String("a")` and its kin).
    pub fn wrapped(&self, v: &Value) -> Option<Value> {
        match v {
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Primitive(p) => Some(p.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// A wrapper object for a number, string or boolean.
    pub fn new_wrapper(&mut self, p: Value) -> ObjRef {
        let proto = match p {
            Value::Str(_) => self.realm.string_proto,
            Value::Bool(_) => self.realm.boolean_proto,
            Value::Sym(_) => self.realm.symbol_proto,
            Value::BigInt(_) => self.realm.bigint_proto,
            _ => self.realm.number_proto,
        };
        self.alloc(Some(proto), Kind::Primitive(p))
    }
}

/// The results of `typeof`, made once per interpreter.
#[derive(Clone, Debug)]
pub struct TypeofNames(pub(crate) [JsStr; 8]);

const TYPEOF_NAMES: [&str; 8] = [
    "undefined",
    "object",
    "boolean",
    "number",
    "string",
    "symbol",
    "bigint",
    "function",
];

impl TypeofNames {
    pub fn new() -> TypeofNames {
        TypeofNames(TYPEOF_NAMES.map(JsStr::from_str))
    }
    /// The shared string of one of `type_of`'s results.
    pub fn get(&self, name: &str) -> JsStr {
        match TYPEOF_NAMES.iter().position(|n| *n == name) {
            Some(i) => self.0[i].clone(),
            None => JsStr::from_str(name),
        }
    }
}

impl Default for TypeofNames {
    fn default() -> Self {
        Self::new()
    }
}

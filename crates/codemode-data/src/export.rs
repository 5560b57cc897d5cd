use crate::{DataError, JsonPath};
use serde_json::{Map, Number, Value};

/// A string as an interpreter stores it.
#[derive(Debug, Clone, Copy)]
pub enum Text<'a> {
    /// Already known to be UTF-8.
    Str(&'a str),
    /// Lua byte strings: must be valid UTF-8 to cross.
    Bytes(&'a [u8]),
    /// JavaScript strings: UTF-16 code units; lone surrogates cannot cross.
    Utf16(&'a [u16]),
}

/// Object keys are strings.
pub type Key<'a> = Text<'a>;

/// What a program value is, as far as the data contract cares.
#[derive(Debug)]
pub enum Shape<'a, V> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(Text<'a>),
    /// A dense array. `identity` is unique per live container (cycle detection).
    Array {
        identity: usize,
        items: Vec<V>,
    },
    /// An object with string keys in the order they should appear.
    Object {
        identity: usize,
        entries: Vec<(Key<'a>, V)>,
    },
    /// Not data: the reason names what it is ("a function", "a sparse table").
    NotData(String),
}

/// An interpreter's view of its own values for export.
pub trait ExportSource {
    type Value;
    fn shape<'a>(&'a self, value: &'a Self::Value) -> Shape<'a, Self::Value>;
}

/// Converts a program value into JSON, enforcing the data contract.
pub fn export<S: ExportSource>(
    source: &S,
    value: &S::Value,
    max_depth: usize,
) -> Result<Value, DataError> {
    let mut walker = Walker {
        source,
        path: JsonPath::root(),
        ancestors: Vec::new(),
        max_depth,
    };
    walker.walk(value)
}

struct Walker<'s, S> {
    source: &'s S,
    path: JsonPath,
    ancestors: Vec<usize>,
    max_depth: usize,
}

impl<S: ExportSource> Walker<'_, S> {
    fn walk(&mut self, value: &S::Value) -> Result<Value, DataError> {
        let source = self.source;
        match source.shape(value) {
            Shape::Null => Ok(Value::Null),
            Shape::Bool(b) => Ok(Value::Bool(b)),
            Shape::Int(i) => Ok(Value::Number(i.into())),
            Shape::Float(f) => Ok(number_from_f64(f)),
            Shape::Text(t) => Ok(Value::String(self.text(t)?)),
            Shape::NotData(what) => Err(DataError::new(&self.path, format!("{what} is not data"))),
            Shape::Array { identity, items } => {
                self.enter(identity)?;
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.path.push_index(i);
                    out.push(self.walk(item)?);
                    self.path.pop();
                }
                self.ancestors.pop();
                Ok(Value::Array(out))
            }
            Shape::Object { identity, entries } => {
                self.enter(identity)?;
                let mut out = Map::with_capacity(entries.len());
                for (key, item) in &entries {
                    let key = self.text(*key)?;
                    self.path.push_key(&key);
                    let v = self.walk(item)?;
                    self.path.pop();
                    out.insert(key, v);
                }
                self.ancestors.pop();
                Ok(Value::Object(out))
            }
        }
    }

    fn enter(&mut self, identity: usize) -> Result<(), DataError> {
        if self.ancestors.contains(&identity) {
            return Err(DataError::new(
                &self.path,
                "a cycle (a value that contains itself) is not data",
            ));
        }
        if self.ancestors.len() >= self.max_depth {
            return Err(DataError::new(
                &self.path,
                format!("nesting deeper than {} levels is not data", self.max_depth),
            ));
        }
        self.ancestors.push(identity);
        Ok(())
    }

    fn text(&self, text: Text<'_>) -> Result<String, DataError> {
        match text {
            Text::Str(s) => Ok(s.to_owned()),
            Text::Bytes(b) => match std::str::from_utf8(b) {
                Ok(s) => Ok(s.to_owned()),
                Err(e) => Err(DataError::new(
                    &self.path,
                    format!(
                        "a string that is not valid UTF-8 (bad byte at offset {}) is not data",
                        e.valid_up_to()
                    ),
                )),
            },
            Text::Utf16(units) => {
                let mut out = String::with_capacity(units.len());
                for (i, c) in char::decode_utf16(units.iter().copied()).enumerate() {
                    match c {
                        Ok(c) => out.push(c),
                        Err(e) => {
                            return Err(DataError::new(
                                &self.path,
                                format!(
                                    "a string with a lone surrogate (\\u{:04x}, near code unit {i}) is not data",
                                    e.unpaired_surrogate()
                                ),
                            ))
                        }
                    }
                }
                Ok(out)
            }
        }
    }
}

/// A float as JSON: non-finite numbers become null; integral values in the exactly
/// representable range become integers (`5.0` → `5`, as JSON has one number type).
pub fn number_from_f64(f: f64) -> Value {
    if !f.is_finite() {
        return Value::Null;
    }
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if f.fract() == 0.0 && f.abs() <= EXACT {
        return Value::Number(Number::from(f as i64));
    }
    Number::from_f64(f)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

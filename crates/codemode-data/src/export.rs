use crate::{DataError, JsonPath};
use codemode_core::{Deadline, Diagnostic, DiagnosticKind};
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
    /// A string the interpreter made for the export (a JavaScript Date's ISO text).
    OwnedText(String),
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

/// Bounds of one export. A program can hold a small graph whose export is enormous (a table
/// holding itself twice, forty times over, is 40 tables and 2^40 values once expanded), so
/// the walk counts what it produces as it goes and stops at the first bound passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportLimits {
    /// Deepest nesting of arrays and objects.
    pub max_depth: usize,
    /// Most bytes of compact JSON the result may encode to (counted as the walk goes: string
    /// escapes are not counted, so this is a lower bound of the real encoding).
    pub max_encoded_bytes: usize,
    /// Most bytes the produced `serde_json::Value` may take in memory (an estimate: nodes,
    /// string bytes, object entries).
    pub max_memory_bytes: usize,
    /// Checked every few thousand values, so a long export cannot outlive the execution.
    pub deadline: Option<Deadline>,
}

impl ExportLimits {
    /// The default depth, the memory bound given, and no separate encoded-size bound.
    pub fn within_memory(max_memory_bytes: usize) -> Self {
        ExportLimits {
            max_depth: crate::DEFAULT_MAX_DEPTH,
            max_encoded_bytes: usize::MAX,
            max_memory_bytes,
            deadline: None,
        }
    }

    /// The same bounds with a bound on the encoded size too.
    pub fn with_encoded_bytes(self, max_encoded_bytes: usize) -> Self {
        ExportLimits {
            max_encoded_bytes,
            ..self
        }
    }

    /// The same bounds, checking `deadline` as the walk goes.
    pub fn with_deadline(self, deadline: Option<Deadline>) -> Self {
        ExportLimits { deadline, ..self }
    }
}

/// Why an export stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// The value is not data, or is too large once expanded (`InvalidDataValue`).
    #[error(transparent)]
    Data(#[from] DataError),
    /// The deadline passed during the walk (the execution ends with `TimeoutExceeded`).
    #[error("the deadline passed while the value was converted")]
    DeadlinePassed,
}

impl ExportError {
    /// The diagnostic the execution ends with when this error is not caught by the program.
    pub fn into_diagnostic(self, deadline: Option<&Deadline>) -> Diagnostic {
        match self {
            ExportError::Data(e) => e.into_diagnostic(),
            ExportError::DeadlinePassed => match deadline {
                Some(d) => d.diagnostic(),
                None => Diagnostic::new(DiagnosticKind::TimeoutExceeded, "the execution timed out"),
            },
        }
    }
}

/// Memory of one `serde_json::Value` node, and the extra of an object entry (key string,
/// index slot, hash): what the estimate charges besides string bytes.
const NODE_BYTES: usize = std::mem::size_of::<Value>();
const ENTRY_BYTES: usize = 56;
/// Values walked between deadline checks.
const DEADLINE_EVERY: u32 = 4096;

/// Converts a program value into JSON, enforcing the data contract and `limits`.
pub fn export<S: ExportSource>(
    source: &S,
    value: &S::Value,
    limits: &ExportLimits,
) -> Result<Value, ExportError> {
    let mut walker = Walker {
        source,
        path: JsonPath::root(),
        ancestors: Vec::new(),
        limits,
        encoded: 0,
        memory: 0,
        until_deadline_check: DEADLINE_EVERY,
    };
    walker.walk(value)
}

struct Walker<'s, S> {
    source: &'s S,
    path: JsonPath,
    ancestors: Vec<usize>,
    limits: &'s ExportLimits,
    encoded: usize,
    memory: usize,
    until_deadline_check: u32,
}

impl<S: ExportSource> Walker<'_, S> {
    fn walk(&mut self, value: &S::Value) -> Result<Value, ExportError> {
        let source = self.source;
        self.tick()?;
        match source.shape(value) {
            Shape::Null => {
                self.count(4, 0)?;
                Ok(Value::Null)
            }
            Shape::Bool(b) => {
                self.count(5, 0)?;
                Ok(Value::Bool(b))
            }
            Shape::Int(i) => {
                self.count(digits(i), 0)?;
                Ok(Value::Number(i.into()))
            }
            Shape::Float(f) => {
                // A lower bound without formatting: integral values print as integers, any
                // other float (or null) takes at least three bytes.
                let at_least = if f.fract() == 0.0 && f.abs() < 9e15 {
                    digits(f as i64)
                } else {
                    3
                };
                self.count(at_least, 0)?;
                Ok(number_from_f64(f))
            }
            Shape::Text(t) => {
                self.count(text_len(t) + 2, text_len(t))?;
                Ok(Value::String(self.text(t)?))
            }
            Shape::OwnedText(s) => {
                self.count(s.len() + 2, s.len())?;
                Ok(Value::String(s))
            }
            Shape::NotData(what) => {
                Err(DataError::new(&self.path, format!("{what} is not data")).into())
            }
            Shape::Array { identity, items } => {
                self.enter(identity)?;
                // Brackets and commas: n + 1 bytes.
                self.count(1 + items.len(), items.len() * NODE_BYTES)?;
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
                // Braces, commas, quotes and colons: 4n + 1 bytes besides the keys.
                self.count(
                    1 + entries.len() * 4,
                    entries.len() * (NODE_BYTES + ENTRY_BYTES),
                )?;
                let mut out = Map::with_capacity(entries.len());
                for (key, item) in &entries {
                    self.count(text_len(*key), text_len(*key))?;
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

    /// Charges the bytes a value adds to the encoding and to memory; fails past a bound.
    fn count(&mut self, encoded: usize, memory: usize) -> Result<(), ExportError> {
        self.encoded = self.encoded.saturating_add(encoded);
        self.memory = self.memory.saturating_add(memory);
        if self.encoded > self.limits.max_encoded_bytes {
            return Err(self.too_large(format!(
                "more than {} bytes of JSON",
                self.limits.max_encoded_bytes
            )));
        }
        if self.memory > self.limits.max_memory_bytes {
            return Err(self.too_large(format!(
                "more than {} bytes of memory",
                self.limits.max_memory_bytes
            )));
        }
        Ok(())
    }

    fn too_large(&self, what: String) -> ExportError {
        DataError::new(
            &self.path,
            format!(
                "the value is too large when expanded ({what}; shared references are copied \
                 each time they appear)"
            ),
        )
        .into()
    }

    fn tick(&mut self) -> Result<(), ExportError> {
        self.until_deadline_check -= 1;
        if self.until_deadline_check == 0 {
            self.until_deadline_check = DEADLINE_EVERY;
            if self.limits.deadline.is_some_and(|d| d.passed()) {
                return Err(ExportError::DeadlinePassed);
            }
        }
        Ok(())
    }

    fn enter(&mut self, identity: usize) -> Result<(), ExportError> {
        if self.ancestors.contains(&identity) {
            return Err(DataError::new(
                &self.path,
                "a cycle (a value that contains itself) is not data",
            )
            .into());
        }
        if self.ancestors.len() >= self.limits.max_depth {
            return Err(DataError::new(
                &self.path,
                format!(
                    "nesting deeper than {} levels is not data",
                    self.limits.max_depth
                ),
            )
            .into());
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

/// Decimal digits of `i`, sign included.
fn digits(i: i64) -> usize {
    let sign = usize::from(i < 0);
    let mut n = i.unsigned_abs();
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d + sign
}

/// The UTF-8 length a text will have once converted (UTF-16 units count 1 to 3 bytes).
fn text_len(t: Text<'_>) -> usize {
    match t {
        Text::Str(s) => s.len(),
        Text::Bytes(b) => b.len(),
        Text::Utf16(u) => u.len(),
    }
}

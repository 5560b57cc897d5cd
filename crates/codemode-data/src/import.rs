use crate::{DataError, JsonPath};
use serde_json::{Number, Value};

/// An interpreter's constructor for its own values from JSON.
pub trait ImportSink {
    type Value;
    type Error: From<DataError>;
    fn null(&mut self) -> Result<Self::Value, Self::Error>;
    fn bool(&mut self, b: bool) -> Result<Self::Value, Self::Error>;
    fn number(&mut self, n: &Number) -> Result<Self::Value, Self::Error>;
    fn string(&mut self, s: &str) -> Result<Self::Value, Self::Error>;
    /// A JSON array, even an empty one (its shape must survive a round trip).
    fn array(&mut self, items: Vec<Self::Value>) -> Result<Self::Value, Self::Error>;
    /// A JSON object, even an empty one, with keys in document order.
    fn object(&mut self, entries: Vec<(&str, Self::Value)>) -> Result<Self::Value, Self::Error>;
}

/// Builds a program value from JSON. Nesting deeper than `max_depth` is refused (host values
/// built in Rust can be arbitrarily deep).
pub fn import<K: ImportSink>(
    sink: &mut K,
    value: &Value,
    max_depth: usize,
) -> Result<K::Value, K::Error> {
    let mut path = JsonPath::root();
    walk(sink, value, &mut path, max_depth)
}

fn walk<K: ImportSink>(
    sink: &mut K,
    value: &Value,
    path: &mut JsonPath,
    max_depth: usize,
) -> Result<K::Value, K::Error> {
    match value {
        Value::Null => sink.null(),
        Value::Bool(b) => sink.bool(*b),
        Value::Number(n) => sink.number(n),
        Value::String(s) => sink.string(s),
        Value::Array(_) | Value::Object(_) if path.depth() >= max_depth => Err(DataError::new(
            path,
            format!("nesting deeper than {max_depth} levels is not data"),
        )
        .into()),
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                path.push_index(i);
                out.push(walk(sink, item, path, max_depth)?);
                path.pop();
            }
            sink.array(out)
        }
        Value::Object(map) => {
            let mut out = Vec::with_capacity(map.len());
            for (key, item) in map {
                path.push_key(key);
                out.push((key.as_str(), walk(sink, item, path, max_depth)?));
                path.pop();
            }
            sink.object(out)
        }
    }
}

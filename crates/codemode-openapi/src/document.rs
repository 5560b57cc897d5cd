//! Reading a document (JSON or YAML) into a `serde_json::Value` and checking its version.

use crate::OpenApiError;
use serde_json::{Map, Number, Value};

/// Which OpenAPI line a document belongs to. Both are read by the same code; the version only
/// decides a few 3.0-only schema rewrites (`nullable`, boolean `exclusiveMinimum`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V3_0,
    V3_1,
}

/// A parsed OpenAPI document. Parse once and pass it to [`crate::convert`] and
/// [`crate::Credentials::from_env_document`] when both are needed.
#[derive(Debug, Clone)]
pub struct Document {
    pub(crate) root: Value,
    pub(crate) version: Version,
}

impl Document {
    /// Parses JSON (when the text starts with `{`) or YAML, and checks that the result is an
    /// OpenAPI 3.0.x or 3.1.x document.
    pub fn parse(text: &str) -> Result<Document, OpenApiError> {
        let root = parse_value(text)?;
        Document::from_value(root)
    }

    /// Checks an already-parsed document.
    pub fn from_value(root: Value) -> Result<Document, OpenApiError> {
        let Some(object) = root.as_object() else {
            return Err(OpenApiError::NotOpenApi(format!(
                "the document is {}, not an object",
                kind_of(&root)
            )));
        };
        let version = match object.get("openapi") {
            Some(Value::String(v)) => v.clone(),
            Some(other) => {
                return Err(OpenApiError::NotOpenApi(format!(
                    "the `openapi` field is {}, not a version string like \"3.1.0\"",
                    kind_of(other)
                )))
            }
            None => {
                if let Some(swagger) = object.get("swagger") {
                    let v = swagger.as_str().unwrap_or("?");
                    return Err(OpenApiError::UnsupportedVersion(format!(
                        "swagger {v} (convert it to OpenAPI 3 first)"
                    )));
                }
                return Err(OpenApiError::NotOpenApi(
                    "there is no `openapi` version field".to_owned(),
                ));
            }
        };
        let version = if version.starts_with("3.0") {
            Version::V3_0
        } else if version.starts_with("3.1") {
            Version::V3_1
        } else {
            return Err(OpenApiError::UnsupportedVersion(truncate(&version, 40)));
        };
        match object.get("paths") {
            None | Some(Value::Object(_)) => {}
            Some(other) => {
                return Err(OpenApiError::NotOpenApi(format!(
                    "`paths` is {}, not an object",
                    kind_of(other)
                )))
            }
        }
        Ok(Document { root, version })
    }

    pub fn version(&self) -> Version {
        self.version
    }

    /// The names of the document's `components.securitySchemes`, in document order.
    pub fn security_scheme_names(&self) -> Vec<String> {
        self.root
            .pointer("/components/securitySchemes")
            .and_then(Value::as_object)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The parsed document.
    pub fn as_value(&self) -> &Value {
        &self.root
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_owned();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

fn parse_value(text: &str) -> Result<Value, OpenApiError> {
    let trimmed = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    if trimmed.starts_with('{') {
        return serde_json::from_str(trimmed).map_err(|e| OpenApiError::Syntax {
            format: "JSON",
            message: strip_location(&e.to_string()),
            line: Some(e.line()),
            column: Some(e.column()),
        });
    }
    let mut yaml: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(text).map_err(|e| OpenApiError::Syntax {
            format: "YAML",
            message: strip_location(&e.to_string()),
            line: e.location().map(|l| l.line()),
            column: e.location().map(|l| l.column()),
        })?;
    yaml.apply_merge().map_err(|e| OpenApiError::Syntax {
        format: "YAML",
        message: e.to_string(),
        line: None,
        column: None,
    })?;
    Ok(from_yaml(yaml, 0))
}

/// serde's messages end in " at line L column C"; the error carries those separately.
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

/// YAML's parser bounds nesting (128), so this recursion is bounded too; the explicit depth
/// check is a second guard.
fn from_yaml(value: serde_yaml_ng::Value, depth: usize) -> Value {
    use serde_yaml_ng::Value as Y;
    if depth > 256 {
        return Value::Null;
    }
    match value {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(b),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Number(i.into())
            } else if let Some(u) = n.as_u64() {
                Value::Number(u.into())
            } else {
                n.as_f64()
                    .and_then(Number::from_f64)
                    .map(Value::Number)
                    .unwrap_or(Value::Null)
            }
        }
        Y::String(s) => Value::String(s),
        Y::Sequence(items) => Value::Array(
            items
                .into_iter()
                .map(|item| from_yaml(item, depth + 1))
                .collect(),
        ),
        Y::Mapping(mapping) => {
            let mut out = Map::new();
            for (k, v) in mapping {
                // Response codes (`200:`) are numbers in YAML; OpenAPI means strings.
                let key = match k {
                    Y::String(s) => s,
                    Y::Number(n) => n.to_string(),
                    Y::Bool(b) => b.to_string(),
                    Y::Null => "null".to_owned(),
                    _ => continue,
                };
                out.insert(key, from_yaml(v, depth + 1));
            }
            Value::Object(out)
        }
        Y::Tagged(tagged) => from_yaml(tagged.value, depth + 1),
    }
}

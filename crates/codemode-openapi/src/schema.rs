//! OpenAPI schema objects -> self-contained JSON Schema (2020-12 flavour).
//!
//! Internal `$ref`s are inlined so every tool's schema stands alone (signatures and the
//! validator need nothing else). A recursive `$ref` is inlined once inside itself and then
//! becomes `{}`; so does anything past a nesting depth or a per-schema node budget, which bounds the
//! output of hostile documents (a DAG of refs can otherwise expand exponentially).
//! 3.0-only keywords are rewritten: `nullable: true` adds `"null"` to `type`, boolean
//! `exclusiveMinimum`/`exclusiveMaximum` become the numeric form. Documentation-only keywords
//! (`example`, `examples`, `xml`, `externalDocs`, `discriminator`, `x-*`) are dropped.

use serde_json::{json, Map, Value};

/// Which side of the wire a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Sent by the client: readOnly properties are omitted.
    Request,
    /// Sent by the server: writeOnly properties are omitted.
    Response,
}

/// Why a reference cannot be followed. Either skips the operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RefError {
    External(String),
    Unresolved(String),
}

impl RefError {
    pub(crate) fn reason(&self) -> String {
        match self {
            RefError::External(r) => {
                format!("external $ref '{}'", crate::document::truncate(r, 120))
            }
            RefError::Unresolved(r) => {
                format!("unresolved $ref '{}'", crate::document::truncate(r, 120))
            }
        }
    }
}

/// Nesting depth (schema levels, counting inlined refs) past which a schema becomes `{}`.
const MAX_DEPTH: usize = 40;
/// How many times a recursive schema is inlined inside itself before the recursion becomes
/// `{}` (1: a tree's children are shown as trees whose own children are `{}`).
const RECURSION_LEVELS: usize = 1;
/// Schema nodes one top-level schema may expand to.
const NODE_BUDGET: usize = 40_000;
/// `$ref` -> `$ref` hops followed for parameters, bodies and responses.
const MAX_HOPS: usize = 16;

pub(crate) struct Schemas<'a> {
    root: &'a Value,
    stack: Vec<&'a str>,
    budget: usize,
}

impl<'a> Schemas<'a> {
    pub(crate) fn new(root: &'a Value) -> Self {
        Schemas {
            root,
            stack: Vec::new(),
            budget: NODE_BUDGET,
        }
    }

    /// Resolves a `$ref` string inside the document.
    pub(crate) fn lookup(&self, reference: &str) -> Result<&'a Value, RefError> {
        let Some(fragment) = reference.strip_prefix('#') else {
            return Err(RefError::External(reference.to_owned()));
        };
        if fragment.is_empty() {
            return Ok(self.root);
        }
        if !fragment.starts_with('/') {
            // Named anchors (`#foo`) are not supported.
            return Err(RefError::Unresolved(reference.to_owned()));
        }
        let decoded = percent_encoding::percent_decode_str(fragment).decode_utf8_lossy();
        let mut node = self.root;
        for token in decoded.split('/').skip(1) {
            let token = token.replace("~1", "/").replace("~0", "~");
            node = match node {
                Value::Object(map) => map.get(&token),
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            }
            .ok_or_else(|| RefError::Unresolved(reference.to_owned()))?;
        }
        Ok(node)
    }

    /// Follows `$ref` chains of a parameter, request body or response object.
    pub(crate) fn deref(&self, mut value: &'a Value) -> Result<&'a Value, RefError> {
        for _ in 0..MAX_HOPS {
            match value.get("$ref") {
                Some(Value::String(reference)) => value = self.lookup(reference)?,
                _ => return Ok(value),
            }
        }
        Err(RefError::Unresolved("a chain of $refs too long".to_owned()))
    }

    /// One self-contained schema.
    pub(crate) fn schema(
        &mut self,
        schema: &'a Value,
        direction: Direction,
    ) -> Result<Value, RefError> {
        self.stack.clear();
        self.budget = NODE_BUDGET;
        self.walk(schema, direction, 0)
    }

    fn walk(&mut self, schema: &'a Value, dir: Direction, depth: usize) -> Result<Value, RefError> {
        if depth > MAX_DEPTH || self.budget == 0 {
            return Ok(json!({}));
        }
        self.budget -= 1;
        let map = match schema {
            Value::Bool(b) => return Ok(Value::Bool(*b)),
            Value::Object(map) => map,
            _ => return Ok(json!({})),
        };
        if let Some(Value::String(reference)) = map.get("$ref") {
            return self.walk_ref(reference, map, dir, depth);
        }
        self.walk_object(map, dir, depth)
    }

    fn walk_ref(
        &mut self,
        reference: &'a str,
        map: &'a Map<String, Value>,
        dir: Direction,
        depth: usize,
    ) -> Result<Value, RefError> {
        let target = self.lookup(reference)?;
        let seen = self.stack.iter().filter(|r| **r == reference).count();
        let inner = if seen > RECURSION_LEVELS {
            json!({})
        } else {
            self.stack.push(reference);
            let inner = self.walk(target, dir, depth + 1);
            self.stack.pop();
            inner?
        };
        if map.len() == 1 {
            return Ok(inner);
        }
        // Siblings of `$ref` (allowed in 3.1, common in 3.0 documents anyway).
        let (siblings, nullable) = self.walk_keys(map, dir, depth)?;
        let merged = if siblings.keys().all(|k| is_annotation(k)) {
            match inner {
                Value::Object(mut inner) => {
                    inner.extend(siblings);
                    Value::Object(inner)
                }
                other if siblings.is_empty() => other,
                other => json!({ "allOf": [other], "description": siblings.get("description") }),
            }
        } else {
            json!({ "allOf": [inner, Value::Object(siblings)] })
        };
        Ok(if nullable {
            make_nullable(merged)
        } else {
            merged
        })
    }

    fn walk_object(
        &mut self,
        map: &'a Map<String, Value>,
        dir: Direction,
        depth: usize,
    ) -> Result<Value, RefError> {
        let (out, nullable) = self.walk_keys(map, dir, depth)?;
        let out = Value::Object(out);
        Ok(if nullable { make_nullable(out) } else { out })
    }

    /// The keywords of one schema object (`$ref` ignored) and whether it said `nullable`.
    fn walk_keys(
        &mut self,
        map: &'a Map<String, Value>,
        dir: Direction,
        depth: usize,
    ) -> Result<(Map<String, Value>, bool), RefError> {
        let mut out = Map::new();
        let mut nullable = false;
        let mut dropped: Vec<&str> = Vec::new();
        let mut exclusive_min = false;
        let mut exclusive_max = false;
        for (key, value) in map {
            match key.as_str() {
                "properties" => {
                    let Value::Object(props) = value else {
                        continue;
                    };
                    let mut walked = Map::new();
                    for (name, prop) in props {
                        let prop = self.walk(prop, dir, depth + 1)?;
                        let omit = match dir {
                            Direction::Request => flag(&prop, "readOnly"),
                            Direction::Response => flag(&prop, "writeOnly"),
                        };
                        if omit {
                            dropped.push(name);
                        } else {
                            walked.insert(name.clone(), prop);
                        }
                    }
                    out.insert(key.clone(), Value::Object(walked));
                }
                "patternProperties" | "dependentSchemas" | "$defs" | "definitions" => {
                    // `$defs` is dropped: refs into it are inlined by pointer.
                    if key.starts_with('$') || key == "definitions" {
                        continue;
                    }
                    let Value::Object(props) = value else {
                        continue;
                    };
                    let mut walked = Map::new();
                    for (name, prop) in props {
                        walked.insert(name.clone(), self.walk(prop, dir, depth + 1)?);
                    }
                    out.insert(key.clone(), Value::Object(walked));
                }
                "items" if value.is_array() => {
                    out.insert(key.clone(), self.walk_list(value, dir, depth)?);
                }
                "items"
                | "additionalProperties"
                | "unevaluatedProperties"
                | "unevaluatedItems"
                | "not"
                | "contains"
                | "propertyNames"
                | "if"
                | "then"
                | "else"
                | "additionalItems"
                | "contentSchema" => {
                    if value.is_object() || value.is_boolean() {
                        out.insert(key.clone(), self.walk(value, dir, depth + 1)?);
                    }
                }
                "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                    if value.is_array() {
                        out.insert(key.clone(), self.walk_list(value, dir, depth)?);
                    }
                }
                "nullable" => nullable = value == &Value::Bool(true),
                "exclusiveMinimum" if value.is_boolean() => {
                    exclusive_min = value == &Value::Bool(true)
                }
                "exclusiveMaximum" if value.is_boolean() => {
                    exclusive_max = value == &Value::Bool(true)
                }
                "type" => {
                    if value.is_string()
                        || value
                            .as_array()
                            .is_some_and(|a| a.iter().all(Value::is_string))
                    {
                        out.insert(key.clone(), value.clone());
                    }
                }
                "required" => {
                    if let Value::Array(names) = value {
                        let names: Vec<Value> =
                            names.iter().filter(|n| n.is_string()).cloned().collect();
                        out.insert(key.clone(), Value::Array(names));
                    }
                }
                "$ref" | "example" | "examples" | "xml" | "externalDocs" | "discriminator"
                | "$id" | "$schema" | "$anchor" | "$dynamicAnchor" | "$dynamicRef"
                | "$recursiveRef" | "$recursiveAnchor" | "$comment" | "$vocabulary" => {}
                k if k.starts_with("x-") => {}
                _ => {
                    out.insert(key.clone(), value.clone());
                }
            }
        }
        if !dropped.is_empty() {
            if let Some(Value::Array(required)) = out.get_mut("required") {
                required.retain(|n| !n.as_str().is_some_and(|n| dropped.contains(&n)));
            }
        }
        if out
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(Vec::is_empty)
        {
            out.remove("required");
        }
        if exclusive_min {
            if let Some(min) = out.remove("minimum") {
                out.insert("exclusiveMinimum".to_owned(), min);
            }
        }
        if exclusive_max {
            if let Some(max) = out.remove("maximum") {
                out.insert("exclusiveMaximum".to_owned(), max);
            }
        }
        // `nullable` is a 3.0 keyword; 3.1 documents that still carry it mean the same, so it
        // is honoured for both versions.
        Ok((out, nullable))
    }

    fn walk_list(
        &mut self,
        list: &'a Value,
        dir: Direction,
        depth: usize,
    ) -> Result<Value, RefError> {
        let Value::Array(items) = list else {
            return Ok(Value::Array(Vec::new()));
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(self.walk(item, dir, depth + 1)?);
        }
        Ok(Value::Array(out))
    }
}

fn flag(schema: &Value, key: &str) -> bool {
    schema.get(key) == Some(&Value::Bool(true))
}

fn is_annotation(key: &str) -> bool {
    matches!(
        key,
        "description" | "title" | "default" | "readOnly" | "writeOnly" | "deprecated" | "format"
    )
}

/// Lets a schema also accept `null`.
pub(crate) fn make_nullable(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if map.is_empty() {
        return Value::Object(map);
    }
    if let Some(Value::Array(values)) = map.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
    match map.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            map.insert("type".to_owned(), json!([t, "null"]));
            Value::Object(map)
        }
        Some(Value::Array(types)) => {
            if !types.iter().any(|t| t == "null") {
                types.push(json!("null"));
            }
            Value::Object(map)
        }
        _ => {
            let mut wrapper = Map::new();
            for key in ["description", "title", "default"] {
                if let Some(v) = map.remove(key) {
                    wrapper.insert(key.to_owned(), v);
                }
            }
            wrapper.insert(
                "anyOf".to_owned(),
                json!([Value::Object(map), {"type": "null"}]),
            );
            Value::Object(wrapper)
        }
    }
}

/// Whether a (walked) schema admits `null`.
pub(crate) fn is_nullable(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        Some(Value::String(t)) => t == "null",
        _ => ["anyOf", "oneOf"].iter().any(|k| {
            schema
                .get(*k)
                .and_then(Value::as_array)
                .is_some_and(|alts| alts.iter().any(is_nullable))
        }),
    }
}

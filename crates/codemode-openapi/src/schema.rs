//! OpenAPI schema objects -> self-contained JSON Schema (2020-12 flavour).
//!
//! Every tool schema stands alone (signatures and the validator need nothing else): the
//! document's schemas it references are copied into its own `$defs` and the references
//! rewritten to `#/$defs/<name>`. A definition used once is inlined at its use; one used
//! several times (GitHub's `simple-user` appears a dozen times in one response) or recursively
//! stays a definition, so recursion needs no cut and a DAG of references cannot expand
//! exponentially. Nesting depth and node budgets (per schema and per conversion) bound the
//! output of hostile documents: past them a schema becomes `{}`.
//! 3.0-only keywords are rewritten: `nullable: true` adds `"null"` to `type`, boolean
//! `exclusiveMinimum`/`exclusiveMaximum` become the numeric form. Documentation-only keywords
//! (`example`, `examples`, `xml`, `externalDocs`, `discriminator`, `x-*`) are dropped.

use serde_json::{json, Map, Value};
use std::collections::{HashMap, HashSet};

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
    /// A chain of `$ref`s that comes back to itself without a schema in between (the
    /// references, in order, the first repeated at the end).
    Loop(Vec<String>),
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
            RefError::Loop(chain) => {
                let shown: Vec<String> = chain
                    .iter()
                    .map(|r| crate::document::truncate(r, 80))
                    .collect();
                format!(
                    "$ref loop {}",
                    crate::document::truncate(&shown.join(" -> "), 400)
                )
            }
        }
    }
}

/// Nesting depth of the walk (schema levels, counting references) past which a schema
/// becomes `{}`; bounds native recursion.
const MAX_DEPTH: usize = 96;
/// Schema nodes one tool schema (input or output, with its `$defs`) may hold.
const SCHEMA_BUDGET: usize = 250_000;
/// Schema nodes a whole conversion may produce: a small document whose thousands of
/// operations all use one huge schema cannot multiply it without bound.
const CONVERSION_BUDGET: usize = 20_000_000;
/// `$ref` -> `$ref` hops followed for parameters, bodies and responses.
const MAX_HOPS: usize = 16;

pub(crate) struct Schemas<'a> {
    root: &'a Value,
    dir: Direction,
    /// Nodes left for the schema being built.
    budget: usize,
    /// Nodes left for the whole conversion.
    total: usize,
    /// Document reference -> its name under `$defs` (for the schema being built).
    names: HashMap<&'a str, String>,
    taken: HashSet<String>,
    defs: Map<String, Value>,
}

impl<'a> Schemas<'a> {
    pub(crate) fn new(root: &'a Value) -> Self {
        Schemas {
            root,
            dir: Direction::Request,
            budget: SCHEMA_BUDGET,
            total: CONVERSION_BUDGET,
            names: HashMap::new(),
            taken: HashSet::new(),
            defs: Map::new(),
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
        let mut chain: Vec<&str> = Vec::new();
        loop {
            match value.get("$ref") {
                Some(Value::String(reference)) => {
                    if chain.contains(&reference.as_str()) {
                        chain.push(reference);
                        return Err(RefError::Loop(
                            chain.into_iter().map(str::to_owned).collect(),
                        ));
                    }
                    if chain.len() >= MAX_HOPS {
                        return Err(RefError::Unresolved("a chain of $refs too long".to_owned()));
                    }
                    chain.push(reference);
                    value = self.lookup(reference)?;
                }
                _ => return Ok(value),
            }
        }
    }

    /// Starts a new self-contained schema (one tool's input, or its output): every schema
    /// walked until [`Schemas::finish`] shares one `$defs`.
    pub(crate) fn begin(&mut self, dir: Direction) {
        self.dir = dir;
        self.budget = SCHEMA_BUDGET.min(self.total);
        self.names.clear();
        self.taken.clear();
        self.defs = Map::new();
    }

    /// One schema of the current session. Document references become `#/$defs/...`.
    pub(crate) fn schema(&mut self, schema: &'a Value) -> Result<Value, RefError> {
        self.walk(schema, 0)
    }

    /// The schema a local `#/$defs/...` reference of the current session stands for (a copy),
    /// or the schema itself.
    pub(crate) fn resolve_local(&self, schema: &Value) -> Value {
        self.local_target(schema).clone()
    }

    fn local_target<'s>(&'s self, schema: &'s Value) -> &'s Value {
        let mut node = schema;
        for _ in 0..MAX_HOPS {
            let next = node
                .as_object()
                .filter(|m| m.len() == 1)
                .and_then(|m| m.get("$ref"))
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
                .and_then(|name| self.defs.get(name));
            match next {
                Some(target) => node = target,
                None => break,
            }
        }
        node
    }

    /// Ends the session: keeps the definitions `root` reaches, inlines those used once, and
    /// attaches the rest as `$defs`.
    pub(crate) fn finish(&mut self, root: Value) -> Value {
        let used = SCHEMA_BUDGET.min(self.total) - self.budget;
        self.total = self.total.saturating_sub(used);
        let mut defs = std::mem::take(&mut self.defs);
        if defs.is_empty() {
            return root;
        }
        // Reachable definitions, and how often each is referenced from reachable places.
        let mut counts: HashMap<String, usize> = HashMap::new();
        let mut queue: Vec<String> = Vec::new();
        count_refs(&root, &mut counts, &mut queue, 0);
        let mut reachable: HashSet<String> = HashSet::new();
        while let Some(name) = queue.pop() {
            if !reachable.insert(name.clone()) {
                continue;
            }
            if let Some(body) = defs.get(&name) {
                let mut found = Vec::new();
                count_refs(body, &mut counts, &mut found, 0);
                queue.extend(found);
            }
        }
        defs.retain(|name, _| reachable.contains(name));
        let single: HashSet<String> = counts
            .iter()
            .filter(|(name, n)| **n == 1 && defs.contains_key(*name))
            .map(|(name, _)| name.clone())
            .collect();
        let mut root = root;
        expand(&mut root, &mut defs, &single, 0);
        let names: Vec<String> = defs.keys().cloned().collect();
        for name in names {
            if let Some(mut body) = defs.remove(&name) {
                expand(&mut body, &mut defs, &single, 0);
                defs.insert(name, body);
            }
        }
        if defs.is_empty() {
            return root;
        }
        match root {
            Value::Object(mut map) => {
                map.insert("$defs".to_owned(), Value::Object(defs));
                Value::Object(map)
            }
            other => other,
        }
    }

    fn walk(&mut self, schema: &'a Value, depth: usize) -> Result<Value, RefError> {
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
            return self.walk_ref(reference, map, depth);
        }
        self.walk_object(map, depth)
    }

    /// The `$defs` name for a document reference, walking its target the first time.
    fn definition(&mut self, reference: &'a str, depth: usize) -> Result<String, RefError> {
        if let Some(name) = self.names.get(reference) {
            return Ok(name.clone());
        }
        let target = self.lookup(reference)?;
        // A schema that is only a reference back to itself (`A: {$ref: B}`, `B: {$ref: A}`)
        // describes no value: the operation is skipped rather than given a schema that
        // cannot be validated. Recursion through properties or items stays supported.
        if let Err(RefError::Loop(chain)) = self.deref(target) {
            // Named from `reference` when the loop passes through it, else as found.
            return Err(RefError::Loop(
                match chain.iter().position(|r| r == reference) {
                    Some(at) => std::iter::once(reference.to_owned())
                        .chain(chain[..=at].iter().cloned())
                        .collect(),
                    None => chain,
                },
            ));
        }
        let base = def_name(reference);
        let mut name = base.clone();
        let mut n = 1;
        while self.taken.contains(&name) {
            n += 1;
            name = format!("{base}{n}");
        }
        self.taken.insert(name.clone());
        // Registered before the walk, so a recursive reference finds the name.
        self.names.insert(reference, name.clone());
        let body = self.walk(target, depth + 1)?;
        self.defs.insert(name.clone(), body);
        Ok(name)
    }

    fn walk_ref(
        &mut self,
        reference: &'a str,
        map: &'a Map<String, Value>,
        depth: usize,
    ) -> Result<Value, RefError> {
        let name = self.definition(reference, depth)?;
        let node = json!({ "$ref": format!("#/$defs/{name}") });
        if map.len() == 1 {
            return Ok(node);
        }
        // Siblings of `$ref` (allowed in 3.1, common in 3.0 documents anyway) apply too.
        let (siblings, nullable) = self.walk_keys(map, depth)?;
        let Value::Object(mut merged) = node else {
            return Ok(node);
        };
        merged.extend(siblings);
        let merged = Value::Object(merged);
        Ok(if nullable {
            make_nullable(merged)
        } else {
            merged
        })
    }

    fn walk_object(
        &mut self,
        map: &'a Map<String, Value>,
        depth: usize,
    ) -> Result<Value, RefError> {
        let (out, nullable) = self.walk_keys(map, depth)?;
        let out = Value::Object(out);
        Ok(if nullable { make_nullable(out) } else { out })
    }

    /// Whether a walked property is hidden in this direction (readOnly in requests,
    /// writeOnly in responses), looking through a plain reference.
    fn hidden(&self, prop: &Value) -> bool {
        let key = match self.dir {
            Direction::Request => "readOnly",
            Direction::Response => "writeOnly",
        };
        flag(prop, key) || flag(self.local_target(prop), key)
    }

    /// The keywords of one schema object (`$ref` ignored) and whether it said `nullable`.
    fn walk_keys(
        &mut self,
        map: &'a Map<String, Value>,
        depth: usize,
    ) -> Result<(Map<String, Value>, bool), RefError> {
        let mut out = Map::with_capacity(map.len());
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
                    let mut walked = Map::with_capacity(props.len());
                    for (name, prop) in props {
                        let prop = self.walk(prop, depth + 1)?;
                        if self.hidden(&prop) {
                            dropped.push(name);
                        } else {
                            walked.insert(name.clone(), prop);
                        }
                    }
                    out.insert(key.clone(), Value::Object(walked));
                }
                "patternProperties" | "dependentSchemas" => {
                    let Value::Object(props) = value else {
                        continue;
                    };
                    let mut walked = Map::with_capacity(props.len());
                    for (name, prop) in props {
                        walked.insert(name.clone(), self.walk(prop, depth + 1)?);
                    }
                    out.insert(key.clone(), Value::Object(walked));
                }
                "items" if value.is_array() => {
                    out.insert(key.clone(), self.walk_list(value, depth)?);
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
                        out.insert(key.clone(), self.walk(value, depth + 1)?);
                    }
                }
                "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                    if value.is_array() {
                        out.insert(key.clone(), self.walk_list(value, depth)?);
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
                // `$defs` of the document's schemas are reached by pointer and land in the
                // tool's own `$defs`.
                "$ref" | "$defs" | "definitions" | "example" | "examples" | "xml"
                | "externalDocs" | "discriminator" | "$id" | "$schema" | "$anchor"
                | "$dynamicAnchor" | "$dynamicRef" | "$recursiveRef" | "$recursiveAnchor"
                | "$comment" | "$vocabulary" => {}
                k if k.starts_with("x-") => {}
                _ => {
                    self.budget = self.budget.saturating_sub(1);
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

    fn walk_list(&mut self, list: &'a Value, depth: usize) -> Result<Value, RefError> {
        let Value::Array(items) = list else {
            return Ok(Value::Array(Vec::new()));
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(self.walk(item, depth + 1)?);
        }
        Ok(Value::Array(out))
    }
}

/// `#/components/schemas/full-repository` -> `full-repository`: the last pointer segment,
/// with anything but letters, digits, `_`, `-` and `.` turned into `_` (so the name needs no
/// escaping inside a `$ref`).
fn def_name(reference: &str) -> String {
    let last = reference.rsplit('/').next().unwrap_or("");
    let decoded = percent_encoding::percent_decode_str(last).decode_utf8_lossy();
    let decoded = decoded.replace("~1", "/").replace("~0", "~");
    let name: String = decoded
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() || name.starts_with('#') {
        "def".to_owned()
    } else {
        name
    }
}

/// The `$defs` name a plain local reference node points at.
fn local_ref(value: &Value) -> Option<&str> {
    value
        .as_object()
        .filter(|m| m.len() == 1)
        .and_then(|m| m.get("$ref"))
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
}

/// Counts `#/$defs/...` references below `value` (not descending into definitions, which
/// the caller visits by reachability) and queues the names found.
fn count_refs(
    value: &Value,
    counts: &mut HashMap<String, usize>,
    found: &mut Vec<String>,
    depth: usize,
) {
    if depth > 2 * MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
            {
                let n = counts.entry(name.to_owned()).or_default();
                // A reference with siblings is never inlined: count it twice.
                *n += if map.len() == 1 { 1 } else { 2 };
                found.push(name.to_owned());
            }
            for (k, v) in map {
                if k != "$defs" {
                    count_refs(v, counts, found, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            for v in items {
                count_refs(v, counts, found, depth + 1);
            }
        }
        _ => {}
    }
}

/// Replaces plain references to definitions used once by their bodies.
fn expand(
    value: &mut Value,
    defs: &mut Map<String, Value>,
    single: &HashSet<String>,
    depth: usize,
) {
    if depth > 2 * MAX_DEPTH {
        return;
    }
    if let Some(name) = local_ref(value) {
        if single.contains(name) {
            if let Some(body) = defs.remove(name) {
                *value = body;
                expand(value, defs, single, depth + 1);
                return;
            }
        }
    }
    match value {
        Value::Object(map) => {
            for (_, v) in map.iter_mut() {
                expand(v, defs, single, depth + 1);
            }
        }
        Value::Array(items) => {
            for v in items.iter_mut() {
                expand(v, defs, single, depth + 1);
            }
        }
        _ => {}
    }
}

fn flag(schema: &Value, key: &str) -> bool {
    schema.get(key) == Some(&Value::Bool(true))
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

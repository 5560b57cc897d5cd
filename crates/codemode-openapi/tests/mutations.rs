//! A cheap, deterministic stand-in for the fuzz target that runs with every `cargo test`:
//! structural mutations of real documents (subtrees replaced by odd values, self-references,
//! deep nesting) and byte-level damage never panic the converter.

use codemode_openapi::{from_spec, OpenApiOptions};
use serde_json::{json, Value};
use std::fmt::Write;

macro_rules! fixture {
    ($name:literal) => {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/openapi/",
            $name
        )
    };
}

/// xorshift64: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(14) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!("x"),
        4 => json!([]),
        5 => json!({}),
        6 => json!({"$ref": "#"}),
        7 => json!({"$ref": "#/paths"}),
        8 => json!({"$ref": "#/components/schemas/Missing"}),
        9 => json!({"$ref": "other.json#/x"}),
        10 => json!({"type": ["string", "null"], "nullable": true, "enum": [1]}),
        11 => json!({"allOf": [{"$ref": "#/components/schemas"}, true]}),
        12 => json!({"in": "path", "name": "{", "style": "label"}),
        _ => json!({"content": {"*/*": {"schema": {"$ref": "#/components"}}}}),
    }
}

/// Replaces the `target`-th node (pre-order) with `replacement`; returns nodes seen.
fn replace_nth(value: &mut Value, target: usize, seen: &mut usize, replacement: &Value) -> bool {
    if *seen == target {
        *value = replacement.clone();
        return true;
    }
    *seen += 1;
    match value {
        Value::Object(map) => map
            .iter_mut()
            .any(|(_, v)| replace_nth(v, target, seen, replacement)),
        Value::Array(items) => items
            .iter_mut()
            .any(|v| replace_nth(v, target, seen, replacement)),
        _ => false,
    }
}

fn count(value: &Value) -> usize {
    1 + match value {
        Value::Object(map) => map.values().map(count).sum(),
        Value::Array(items) => items.iter().map(count).sum(),
        _ => 0,
    }
}

fn convert(text: &str) {
    if let Ok(conversion) = from_spec(text, OpenApiOptions::default()) {
        for tool in &conversion.tools {
            assert!(tool.input_schema().is_object());
        }
    }
}

#[test]
fn structural_mutations_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for path in [
        fixture!("fastapi-inventory-3.1.json"),
        fixture!("oai-petstore-expanded.yaml"),
        fixture!("oai-link-example.yaml"),
        fixture!("oai-uspto.yaml"),
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        let original: Value = if text.trim_start().starts_with('{') {
            serde_json::from_str(&text).unwrap()
        } else {
            serde_yaml_ng::from_str(&text).unwrap()
        };
        let nodes = count(&original);
        for _ in 0..150 {
            let mut doc = original.clone();
            for _ in 0..1 + rng.below(3) {
                let replacement = odd_value(&mut rng);
                let target = rng.below(nodes);
                replace_nth(&mut doc, target, &mut 0, &replacement);
            }
            convert(&doc.to_string());
        }
    }
}

#[test]
fn byte_damage_never_panics() {
    let mut rng = Rng(42);
    let text = std::fs::read_to_string(fixture!("oai-petstore.yaml")).unwrap();
    for _ in 0..300 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => {
                    bytes.remove(at);
                }
                1 => {
                    let pool = b"{}[]:'\"&*!|>-\n ";
                    bytes.insert(at, pool[rng.below(pool.len())])
                }
                _ => {
                    let other = rng.below(bytes.len());
                    bytes.swap(at, other)
                }
            }
        }
        if let Ok(text) = String::from_utf8(bytes) {
            convert(&text);
        }
    }
}

#[test]
fn deep_and_self_referencing_documents() {
    // Deep nesting right at the parser's limit, inside a schema.
    let mut schema = String::from("{\"type\": \"string\"}");
    for _ in 0..120 {
        schema = format!("{{\"type\": \"array\", \"items\": {schema}}}");
    }
    let spec = format!(
        r##"{{"openapi": "3.1.0", "paths": {{"/a": {{"get": {{"responses": {{"200": {{"description": "",
           "content": {{"application/json": {{"schema": {schema}}}}}}}}}}}}}}}}}"##
    );
    convert(&spec);
    // References to themselves, to the document, and chains of parameter refs.
    let spec = r##"{"openapi": "3.0.0", "paths": {"/a/{id}": {"$ref": "#/paths/~1a~1{id}",
        "get": {"parameters": [{"$ref": "#/components/parameters/P"}],
                "responses": {"200": {"$ref": "#/components/responses/R"}}}}},
      "components": {"parameters": {"P": {"$ref": "#/components/parameters/P"}},
                     "responses": {"R": {"$ref": "#/components/responses/R"}},
                     "schemas": {"S": {"$ref": "#/components/schemas/S"}}}}"##;
    convert(spec);
    let spec = r##"{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"description": "",
        "content": {"application/json": {"schema": {"$ref": "#"}}}}}}}}}"##;
    convert(spec);
    // YAML aliases that would expand a billion times ("billion laughs") are refused.
    let mut laughs =
        String::from("openapi: 3.0.0\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let p = i - 1;
        writeln!(
            laughs,
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]"
        )
        .unwrap();
    }
    laughs.push_str("paths: {}\n");
    let started = std::time::Instant::now();
    let refused = from_spec(&laughs, OpenApiOptions::default()).unwrap_err();
    assert!(refused.to_string().starts_with("invalid YAML"), "{refused}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

//! Signatures of schemas written to exercise every rendering rule.

mod common;

use codemode_catalog::{search_signature, signature, RenderOptions, SignatureForm, Tool};
use codemode_core::{Language, ToolRoot};
use common::echo_tool;
use serde_json::{json, Value};

fn all_forms(tool: &Tool) -> String {
    let mut out = String::new();
    for language in [Language::JavaScript, Language::Lua] {
        let opts = RenderOptions::new(language, ToolRoot::Tools);
        for form in [SignatureForm::Compact, SignatureForm::Full] {
            out.push_str(&format!("===== {} {form:?} =====\n", language.short_name()));
            out.push_str(&signature(tool, &opts, form));
            out.push_str("\n\n");
        }
    }
    out
}

fn kitchen_sink() -> Tool {
    let input = json!({
        "type": "object",
        "$defs": {
            "Address": {
                "type": "object",
                "description": "Where to ship",
                "properties": {
                    "street": {"type": "string"},
                    "zip": {"type": "string", "pattern": "^[0-9]{5}$"}
                },
                "required": ["street"]
            },
            "TreeNode": {
                "type": "object",
                "properties": {
                    "value": {"type": "number"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/TreeNode"}}
                },
                "required": ["value"]
            }
        },
        "definitions": {"Timestamp": {"type": "string", "format": "date-time"}},
        "properties": {
            "id": {"type": "integer", "minimum": 1, "description": "The order id"},
            "email": {"type": "string", "format": "email"},
            "status": {"enum": ["open", "complete", 3, null]},
            "kind": {"const": "order"},
            "note": {"type": ["string", "null"], "description": "Free text; a comment ends with */ in C"},
            "shipTo": {"$ref": "#/$defs/Address"},
            "billTo": {"$ref": "#/$defs/Address", "description": "Billing address (overrides the definition's description)"},
            "tree": {"$ref": "#/$defs/TreeNode"},
            "when": {"$ref": "#/definitions/Timestamp"},
            "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
            "payment": {"oneOf": [
                {"type": "object", "properties": {"card": {"type": "string"}}, "required": ["card"]},
                {"type": "object", "properties": {"iban": {"type": "string"}}, "required": ["iban"]}
            ]},
            "flags": {"type": "object", "additionalProperties": {"type": "boolean"}},
            "meta": {
                "type": "object",
                "properties": {"source": {"type": "string"}},
                "additionalProperties": {"type": "string"}
            },
            "combined": {"allOf": [
                {"$ref": "#/$defs/Address"},
                {"type": "object", "properties": {"country": {"type": "string"}}, "required": ["country"]}
            ]},
            "mixed": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "array", "items": {"type": ["string", "integer"]}}]},
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
            "x-trace-id": {"type": "string", "description": "A header.\nSent as is.\n\nNever logged."},
            "end": {"type": "boolean", "description": "A Lua keyword as a field name"},
            "count": {"type": "number", "default": 3, "maximum": 10, "deprecated": true},
            "legacyNullable": {"type": "string", "nullable": true},
            "anything": {},
            "nothing": false,
            "remote": {"$ref": "https://example.com/schema.json"}
        },
        "required": ["id", "status", "end"]
    });
    let output = json!({
        "type": "object",
        "description": "The order as stored",
        "properties": {
            "id": {"type": "integer"},
            "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}},
            "total": {"allOf": [{"type": "number"}, {"minimum": 0}]}
        },
        "required": ["id", "lines"],
        "additionalProperties": false,
        "$defs": {"Line": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}, "required": ["sku", "qty"]}}
    });
    echo_tool(
        "shop.orders.update",
        "Updates an order.\nThis description spans lines and mentions */ which must not end the comment.\n@internal is text, not a tag.\n- a list item",
        input,
    )
    .with_output_schema(output)
}

#[test]
fn kitchen_sink_schema() {
    let tool = kitchen_sink();
    let text = all_forms(&tool);
    insta::assert_snapshot!(text);
}

/// Every `/**` comment closes exactly once, at its own end: descriptions containing `*/`
/// cannot close a comment early.
#[test]
fn comments_cannot_end_early() {
    let tool = kitchen_sink();
    let full = signature(&tool, &RenderOptions::default(), SignatureForm::Full);
    assert!(full.contains("*\\/"));
    let mut rest = full.as_str();
    while let Some(start) = rest.find("/**") {
        let after = &rest[start + 3..];
        let end = after.find("*/").expect("comment closes");
        assert!(!after[..end].contains("/**"), "nested comment in {full}");
        let closing_line_rest = after[end + 2..].split('\n').next().unwrap_or("");
        assert!(
            closing_line_rest.trim().is_empty(),
            "text after a comment's end on the same line: {closing_line_rest:?}"
        );
        rest = &after[end + 2..];
    }
}

#[test]
fn recursive_root_and_mutual_recursion() {
    let tool = echo_tool(
        "fs.walk",
        "Walk a tree",
        json!({
            "$ref": "#/definitions/Dir",
            "definitions": {
                "Dir": {"type": "object", "properties": {"name": {"type": "string"}, "entries": {"type": "array", "items": {"$ref": "#/definitions/Entry"}}}, "required": ["name"]},
                "Entry": {"anyOf": [{"$ref": "#/definitions/Dir"}, {"type": "object", "properties": {"file": {"type": "string"}}}]}
            }
        }),
    )
    .with_output_schema(json!({
        "type": "object",
        "properties": {"self": {"$ref": "#"}, "depth": {"type": "integer"}}
    }));
    insta::assert_snapshot!(all_forms(&tool));
}

#[test]
fn tool_without_output_schema_and_odd_names() {
    let tool = echo_tool(
        "context7.resolve-library-id",
        "",
        json!({"type": "object", "properties": {"library-name": {"type": "string"}, "class": {"type": "string"}}, "required": ["library-name"]}),
    );
    let js = RenderOptions::default();
    assert_eq!(
        signature(&tool, &js, SignatureForm::Compact),
        "tools.context7[\"resolve-library-id\"](input: { \"library-name\": string; class?: string }): Promise<unknown>"
    );
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    assert_eq!(
        signature(&tool, &lua, SignatureForm::Compact),
        "tools.context7[\"resolve-library-id\"](input: { [\"library-name\"]: string, class?: string }): any"
    );
    let full = signature(&tool, &lua, SignatureForm::Full);
    assert_eq!(
        full,
        "---@class Context7ResolveLibraryIdInput\n---@field [\"library-name\"] string\n---@field class? string\n\n---Run calls concurrently: parallel({ function() return tools.context7[\"resolve-library-id\"](a) end, ... })\n---@param input Context7ResolveLibraryIdInput\n---@return any\ntools.context7[\"resolve-library-id\"] = function(input) end"
    );
    let globals = RenderOptions::new(Language::Lua, ToolRoot::Globals);
    let named = echo_tool("orders.lookup", "", json!({"type": "object"}));
    assert!(signature(&named, &globals, SignatureForm::Full).ends_with(
        "---@param input table<string, any>\n---@return any\nfunction orders.lookup(input) end"
    ));
    let js_named = RenderOptions::new(Language::JavaScript, ToolRoot::Named("codemode".into()));
    assert_eq!(
        signature(&named, &js_named, SignatureForm::Compact),
        "codemode.orders.lookup(input: Record<string, unknown>): Promise<unknown>"
    );
}

/// A schema whose references fan out exponentially, and one nested far deeper than the
/// depth cap, both render quickly and within a bounded size.
#[test]
fn hostile_schemas_stay_bounded() {
    let mut defs = serde_json::Map::new();
    for i in 0..40 {
        let next = format!("#/$defs/d{}", i + 1);
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": {"a": {"$ref": next}, "b": {"$ref": next}}}),
        );
    }
    defs.insert("d40".into(), json!({"type": "string"}));
    let fanout = json!({"$ref": "#/$defs/d0", "$defs": Value::Object(defs)});
    let tool = echo_tool("x.fanout", "", fanout).render_only();
    for language in [Language::JavaScript, Language::Lua] {
        let opts = RenderOptions::new(language, ToolRoot::Tools);
        let text = signature(&tool, &opts, SignatureForm::Full);
        assert!(text.len() < 1_000_000, "{} bytes", text.len());
    }

    let mut deep = json!({"type": "string"});
    for _ in 0..300 {
        deep = json!({"type": "object", "properties": {"x": deep}, "required": ["x"]});
    }
    let tool = echo_tool("x.deep", "", deep).render_only();
    let text = signature(&tool, &RenderOptions::default(), SignatureForm::Compact);
    assert!(text.contains("Record<string, unknown>"), "{text}");
    assert!(text.len() < 1000);
    let mut deep_arrays = json!({"type": "string"});
    for _ in 0..300 {
        deep_arrays = json!({"type": "array", "items": deep_arrays});
    }
    let tool = echo_tool("x.arrays", "", deep_arrays).render_only();
    let text = signature(&tool, &RenderOptions::default(), SignatureForm::Compact);
    assert!(text.contains("unknown[]"), "{text}");
    let mut deep_anyof = json!({"type": "string"});
    for _ in 0..300 {
        deep_anyof = json!({"anyOf": [deep_anyof, {"type": "null"}]});
    }
    let tool = echo_tool("x.anyof", "", deep_anyof).render_only();
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    assert!(signature(&tool, &lua, SignatureForm::Full).contains("---@param input any"));
}

#[test]
fn search_signatures() {
    insta::assert_snapshot!("search_js", search_signature(Language::JavaScript));
    insta::assert_snapshot!("search_lua", search_signature(Language::Lua));
}

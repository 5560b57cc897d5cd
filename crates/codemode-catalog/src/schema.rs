//! Local `$ref` resolution inside one schema document (`#`, `#/$defs/x`, `#/definitions/x`,
//! `#anchor`). Remote references are never fetched: they resolve to nothing and render as
//! `unknown`.

use serde_json::Value;

/// How many `$ref` hops one lookup may follow before giving up (a chain of references that
/// point at each other never ends).
const MAX_HOPS: usize = 32;

/// The schema a local reference points at, if it resolves.
pub(crate) fn resolve_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    if fragment.is_empty() {
        return Some(root);
    }
    if let Some(pointer) = fragment.strip_prefix('/') {
        let mut node = root;
        for raw in pointer.split('/') {
            // Most tokens need no decoding; only decode (and allocate) when they do.
            let decoded;
            let token = if raw.contains(['%', '~']) {
                decoded = percent_decode(raw).replace("~1", "/").replace("~0", "~");
                decoded.as_str()
            } else {
                raw
            };
            node = match node {
                Value::Object(map) => map.get(token)?,
                Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        return Some(node);
    }
    find_anchor(root, fragment)
}

/// Follows `$ref` chains from `schema`. Returns the final schema and the references passed
/// through (outermost first); `None` when a reference does not resolve or the chain is too
/// long.
pub(crate) fn follow<'a>(root: &'a Value, schema: &'a Value) -> Option<(&'a Value, Vec<String>)> {
    let mut refs = Vec::new();
    let mut node = schema;
    while let Some(reference) = node.get("$ref").and_then(Value::as_str) {
        if refs.len() >= MAX_HOPS || refs.iter().any(|r| r == reference) {
            return None;
        }
        refs.push(reference.to_owned());
        node = resolve_ref(root, reference)?;
    }
    Some((node, refs))
}

/// A readable name for what a reference points at: its last pointer segment
/// (`#/$defs/TreeNode` → `TreeNode`), or `Root` for `#`.
pub(crate) fn ref_name(reference: &str) -> String {
    let fragment = reference.rsplit('/').next().unwrap_or(reference);
    let decoded = percent_decode(fragment.trim_start_matches('#'));
    if decoded.is_empty() {
        "Root".to_owned()
    } else {
        decoded
    }
}

fn find_anchor<'a>(root: &'a Value, anchor: &str) -> Option<&'a Value> {
    let matches = |v: &Value| {
        v.get("$anchor").and_then(Value::as_str) == Some(anchor)
            || v.get("$id").and_then(Value::as_str) == Some(&format!("#{anchor}"))
    };
    if matches(root) {
        return Some(root);
    }
    for key in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = root.get(key) {
            if let Some(found) = defs.values().find(|v| matches(v)) {
                return Some(found);
            }
        }
    }
    None
}

fn percent_decode(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn resolves_pointers_and_anchors() {
        let root = json!({
            "$defs": {"a/b": {"type": "string"}, "Tree": {"$anchor": "tree", "type": "object"}},
            "definitions": {"N": {"$ref": "#/definitions/M"}, "M": {"type": "number"}}
        });
        assert_eq!(
            resolve_ref(&root, "#/$defs/a~1b"),
            Some(&json!({"type": "string"}))
        );
        assert_eq!(
            resolve_ref(&root, "#/$defs/a%7E1b"),
            Some(&json!({"type": "string"}))
        );
        assert_eq!(
            resolve_ref(&root, "#tree").and_then(|v| v.get("type")),
            Some(&json!("object"))
        );
        assert_eq!(resolve_ref(&root, "#"), Some(&root));
        assert_eq!(resolve_ref(&root, "https://example.com/s.json"), None);
        let start = json!({"$ref": "#/definitions/N"});
        let (target, refs) = follow(&root, &start).unwrap();
        assert_eq!(target, &json!({"type": "number"}));
        assert_eq!(refs.len(), 2);
        assert_eq!(ref_name("#/definitions/N"), "N");
    }

    #[test]
    fn reference_loops_do_not_hang() {
        let root = json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}});
        assert!(follow(&root, &json!({"$ref": "#/$defs/a"})).is_none());
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}

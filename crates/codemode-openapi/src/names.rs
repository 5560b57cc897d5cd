//! Tool names: from operationIds (dots and slashes make namespaces) or from method + path.

use std::collections::HashSet;

/// Turns free text into an identifier: ASCII letters, digits and `_` are kept, every other
/// run of characters separates words and the next letter is upper-cased
/// (`get-actions-cache` -> `getActionsCache`). A leading digit gets a `_` prefix. Empty
/// when nothing usable remains.
pub(crate) fn identifier(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut upper_next = false;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            if upper_next && !out.is_empty() {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            upper_next = false;
        } else {
            upper_next = true;
        }
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// The segments an operationId names (`issues.list`, `repos/get`), or `None` when nothing
/// usable remains.
pub(crate) fn from_operation_id(operation_id: &str) -> Option<Vec<String>> {
    let segments: Vec<String> = operation_id
        .split(['.', '/'])
        .map(identifier)
        .filter(|s| !s.is_empty())
        .collect();
    (!segments.is_empty()).then_some(segments)
}

/// `GET /users/{id}/posts` -> `getUsersByIdPosts`.
pub(crate) fn from_method_path(method: &str, path: &str) -> String {
    let mut text = method.to_ascii_lowercase();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        text.push(' ');
        if let Some(param) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            text.push_str("by ");
            text.push_str(param);
        } else {
            text.push_str(segment);
        }
    }
    let name = identifier(&text);
    if name.is_empty() {
        "call".to_owned()
    } else {
        name
    }
}

/// Hands out unique tool paths in document order. A path clashes with an earlier tool, with an
/// earlier namespace (a tool may not be named like a namespace) or runs through an earlier
/// tool; clashes get a numeric suffix on the last segment (`list2`, `list3`), and a path
/// running through an earlier tool is joined into one name first.
#[derive(Default)]
pub(crate) struct Names {
    tools: HashSet<String>,
    namespaces: HashSet<String>,
}

impl Names {
    pub(crate) fn claim(&mut self, prefix: &[String], mut segments: Vec<String>) -> Vec<String> {
        let through_tool = |names: &Names, segments: &[String]| {
            (1..segments.len()).any(|n| {
                let head: Vec<&str> = prefix
                    .iter()
                    .map(String::as_str)
                    .chain(segments[..n].iter().map(String::as_str))
                    .collect();
                names.tools.contains(&head.join("."))
            })
        };
        if segments.len() > 1 && through_tool(self, &segments) {
            let joined = identifier(&segments.join(" "));
            segments = vec![joined];
        }
        let dotted = |segments: &[String]| {
            prefix
                .iter()
                .chain(segments.iter())
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(".")
        };
        let base = segments.last().cloned().unwrap_or_default();
        let mut n = 1;
        while {
            let d = dotted(&segments);
            self.tools.contains(&d) || self.namespaces.contains(&d)
        } {
            n += 1;
            if let Some(last) = segments.last_mut() {
                *last = format!("{base}{n}");
            }
        }
        let full: Vec<String> = prefix.iter().chain(segments.iter()).cloned().collect();
        for n in 1..full.len() {
            self.namespaces.insert(full[..n].join("."));
        }
        self.tools.insert(full.join("."));
        full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert_eq!(
            identifier("get-actions-cache-usage"),
            "getActionsCacheUsage"
        );
        assert_eq!(identifier("list_warehouses_get"), "list_warehouses_get");
        assert_eq!(identifier("2fa setup"), "_2faSetup");
        assert_eq!(identifier("--"), "");
        assert_eq!(from_method_path("GET", "/users/{id}"), "getUsersById");
        assert_eq!(from_method_path("DELETE", "/"), "delete");
        assert_eq!(
            from_operation_id("repos/get").unwrap(),
            vec!["repos", "get"]
        );
        assert_eq!(from_operation_id("./."), None);
    }

    #[test]
    fn claims_are_unique() {
        let mut names = Names::default();
        let v = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names.claim(&[], v(&["a", "b"])), v(&["a", "b"]));
        assert_eq!(names.claim(&[], v(&["a", "b"])), v(&["a", "b2"]));
        assert_eq!(names.claim(&[], v(&["a"])), v(&["a2"]));
        assert_eq!(names.claim(&[], v(&["a", "b", "c"])), v(&["aBC"]));
    }
}

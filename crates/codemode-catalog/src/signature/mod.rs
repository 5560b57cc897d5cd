//! Signatures the model reads: TypeScript and LuaCATS, compact and full.

pub(crate) mod ir;
pub(crate) mod lua;
pub(crate) mod typescript;

use crate::expression::{is_identifier, segments_expression, RenderOptions};
use crate::Tool;
use codemode_core::{Language, ToolRoot};
use ir::{type_name, Builder, Def, Doc, Ty};
use serde_json::{json, Value};

/// Which rendering of a signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignatureForm {
    /// One line, no comments: for catalogs.
    Compact,
    /// A declaration with documentation comments: for search results and `describe`.
    Full,
}

/// Everything a printer needs about one callable.
pub(crate) struct SignatureParts<'a> {
    pub expression: String,
    /// Lua: every segment is a plain name, so `function a.b.c(input) end` is valid.
    pub segments_are_names: bool,
    pub description: &'a str,
    pub input: Ty<'a>,
    pub input_doc: Doc<'a>,
    pub optional_input: bool,
    pub output: Option<(Ty<'a>, Doc<'a>)>,
    pub defs: Vec<Def<'a>>,
    /// JavaScript: tools return promises, `search` returns its page directly.
    pub is_async: bool,
    /// Lua class names.
    pub class_base: String,
    pub input_class: String,
    pub output_class: String,
}

/// The signature of `tool` in the options' language.
pub fn signature(tool: &Tool, opts: &RenderOptions, form: SignatureForm) -> String {
    let segments = tool.path().segments();
    let class_base: String = segments.iter().map(|s| type_name(s)).collect();
    // The full form declares each referenced object once and names it; the one-line form
    // cannot declare anything, so it expands references (to a smaller depth).
    let mut builder = match form {
        SignatureForm::Compact => Builder::new(ir::COMPACT_DEPTH, false).without_property_docs(),
        SignatureForm::Full => Builder::new(ir::FULL_DEPTH, true),
    };
    let (input, input_doc) = builder.root(tool.input_schema());
    let output = tool.output_schema().map(|s| builder.root(s));
    let parts = SignatureParts {
        expression: segments_expression(segments, opts),
        segments_are_names: names_only(segments, opts),
        description: tool.description(),
        input,
        input_doc,
        optional_input: false,
        output,
        defs: builder.finish(),
        is_async: true,
        input_class: format!("{class_base}Input"),
        output_class: format!("{class_base}Output"),
        class_base,
    };
    render(&parts, opts.language, form)
}

/// Text on one line: runs of whitespace (line breaks included) become one space.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// [`one_line`] written into `out`, without building it when the text is one line already
/// (the usual case; descriptions are checked byte by byte, non-ASCII ones the slow way).
pub(crate) fn push_one_line(out: &mut String, text: &str) {
    if is_one_line(text) {
        out.push_str(text);
    } else {
        out.push_str(&one_line(text));
    }
}

fn is_one_line(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.first() == Some(&b' ') || bytes.last() == Some(&b' ') {
        return false;
    }
    let mut after_space = false;
    for &b in bytes {
        match b {
            b' ' if after_space => return false,
            b' ' => after_space = true,
            b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => return false,
            0x80.. => {
                // Unicode whitespace (no-break space, line separator ...) is multi-byte.
                return !text.contains(|c: char| c.is_whitespace() && c != ' ')
                    && !text.contains("  ");
            }
            _ => after_space = false,
        }
    }
    true
}

fn render(parts: &SignatureParts<'_>, language: Language, form: SignatureForm) -> String {
    match language {
        Language::JavaScript => typescript::render(parts, form),
        Language::Lua => lua::render(parts, form),
    }
}

fn names_only(segments: &[String], opts: &RenderOptions) -> bool {
    let root_ok = match &opts.root {
        ToolRoot::Named(name) => is_identifier(name, Language::Lua),
        _ => true,
    };
    root_ok && segments.iter().all(|s| is_identifier(s, Language::Lua))
}

/// The input schema of the built-in `search`.
pub fn search_input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Words to look for, or an exact tool path. Empty lists tools alphabetically."},
            "namespace": {"type": "string", "description": "Only tools below this namespace (dotted path)."},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10, "description": "Results per page."},
            "offset": {"type": "integer", "minimum": 0, "default": 0, "description": "Results to skip (from the previous page's next)."}
        },
        "additionalProperties": false
    })
}

/// The output schema of the built-in `search`.
pub fn search_output_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "description": "The expression that calls the tool."},
                        "description": {"type": "string"},
                        "signature": {"type": "string", "description": "The tool's full declaration."}
                    },
                    "required": ["path", "description", "signature"]
                }
            },
            "remaining": {"type": "integer", "description": "Matches after this page."},
            "next": {
                "description": "The input for the next page, or null on the last page.",
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {
                            "query": {"type": "string"},
                            "namespace": {"type": "string"},
                            "limit": {"type": "integer"},
                            "offset": {"type": "integer"}
                        },
                        "required": ["query", "offset"]
                    },
                    {"type": "null"}
                ]
            }
        },
        "required": ["items", "remaining", "next"]
    })
}

/// The full signature of the built-in `search(input)` in `language`. In JavaScript it returns
/// the page directly (awaiting it is harmless).
pub fn search_signature(language: Language) -> String {
    let input_schema = search_input_schema();
    let output_schema = search_output_schema();
    let mut builder = Builder::new(ir::FULL_DEPTH, true);
    let (input, input_doc) = builder.root(&input_schema);
    let output = Some(builder.root(&output_schema));
    let parts = SignatureParts {
        expression: "search".into(),
        segments_are_names: true,
        description: "Finds tools by words in their paths, descriptions, namespace descriptions and parameter names, or by exact path. Returns one page of matches with their full signatures.",
        input,
        input_doc,
        optional_input: true,
        output,
        defs: builder.finish(),
        is_async: false,
        class_base: "Search".into(),
        input_class: "SearchRequest".into(),
        output_class: "SearchPage".into(),
    };
    render(&parts, language, SignatureForm::Full)
}

#[cfg(test)]
mod tests {
    use super::{is_one_line, one_line};

    #[test]
    fn one_line_check_agrees_with_one_line() {
        for text in [
            "plain words",
            "two  spaces",
            " leading",
            "trailing ",
            "line\nbreak",
            "tab\there",
            "cr\r",
            "vt\u{b}ff\u{c}",
            "no-break\u{a0}space",
            "line\u{2028}separator",
            "café au lait",
            "",
            "x",
        ] {
            assert_eq!(is_one_line(text), one_line(text) == text, "{text:?}");
        }
    }
}

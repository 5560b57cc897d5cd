//! How a tool path is written in a program: `tools.orders.lookup`,
//! `tools.context7["resolve-library-id"]`, `orders.lookup`, `codemode.orders.lookup`.

use crate::ToolPath;
use codemode_core::{Language, ToolRoot};

/// What every rendering needs to know: the program's language and where tools live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    pub language: Language,
    pub root: ToolRoot,
}

impl Default for RenderOptions {
    /// JavaScript, tools under `tools.`.
    fn default() -> Self {
        RenderOptions {
            language: Language::JavaScript,
            root: ToolRoot::Tools,
        }
    }
}

impl RenderOptions {
    pub fn new(language: Language, root: ToolRoot) -> RenderOptions {
        RenderOptions { language, root }
    }
}

const LUA_KEYWORDS: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
];

const JS_RESERVED: &[&str] = &[
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// Whether `name` is a plain ASCII identifier (letters, digits, `_`, and `$` in JavaScript,
/// not starting with a digit) that is not reserved in `language`.
pub fn is_identifier(name: &str, language: Language) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let ok_char = |c: char, first: bool| -> bool {
        c.is_ascii_alphabetic()
            || c == '_'
            || (c == '$' && language == Language::JavaScript)
            || (!first && c.is_ascii_digit())
    };
    if !ok_char(first, true) || !chars.all(|c| ok_char(c, false)) {
        return false;
    }
    match language {
        Language::Lua => !LUA_KEYWORDS.contains(&name),
        Language::JavaScript => !JS_RESERVED.contains(&name),
    }
}

/// A double-quoted string literal readable by both JavaScript and Lua.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Appends `.name` or `["name"]`.
pub(crate) fn push_member(out: &mut String, segment: &str, language: Language) {
    if is_identifier(segment, language) {
        out.push('.');
        out.push_str(segment);
    } else {
        out.push('[');
        out.push_str(&quote(segment));
        out.push(']');
    }
}

/// The expression a program writes to reach the tool at `path`.
pub fn tool_expression(path: &ToolPath, opts: &RenderOptions) -> String {
    segments_expression(path.segments(), opts)
}

pub(crate) fn segments_expression(segments: &[String], opts: &RenderOptions) -> String {
    let mut out = String::new();
    let rest = match opts.root.global_name() {
        Some(global) => {
            root_global(&mut out, global, opts.language);
            segments
        }
        None => match segments.split_first() {
            None => return out,
            Some((first, rest)) => {
                root_global(&mut out, first, opts.language);
                rest
            }
        },
    };
    for segment in rest {
        push_member(&mut out, segment, opts.language);
    }
    out
}

/// A global variable by name; a name that cannot be a global is reached through the global
/// table.
fn root_global(out: &mut String, name: &str, language: Language) {
    if is_identifier(name, language) {
        out.push_str(name);
    } else {
        out.push_str(match language {
            Language::JavaScript => "globalThis",
            Language::Lua => "_G",
        });
        out.push('[');
        out.push_str(&quote(name));
        out.push(']');
    }
}

/// Reads a path written as a program would (`tools.a["b-c"]`, `a.b`, `_G["x"].y`) or in
/// canonical dotted form back into candidate segment lists (most literal first); empty when
/// the text cannot be a path.
pub(crate) fn parse_path_text(text: &str, opts: &RenderOptions) -> Vec<Vec<String>> {
    let text = text.trim();
    let mut candidates: Vec<Vec<String>> = Vec::new();
    if text.is_empty() || text.len() > 4096 {
        return candidates;
    }
    let mut push = |c: Option<Vec<String>>| {
        if let Some(c) = c {
            if !c.is_empty() && !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    };
    // The canonical dotted form.
    if !text.contains(['[', ']', '"', '\'', ' ']) {
        push(Some(text.split('.').map(str::to_owned).collect()));
    }
    if let Some(all) = parse_expression(text) {
        // `tools.x.y`, `codemode.x.y`: strip a root global.
        let roots = ["tools", opts.root.global_name().unwrap_or("tools")];
        if all.len() > 1 && roots.contains(&all[0].as_str()) {
            push(Some(all[1..].to_vec()));
        }
        push(Some(all));
    }
    candidates
}

/// Parses `a.b["c"]['d']`, also with a leading `globalThis[...]` or `_G[...]`.
fn parse_expression(text: &str) -> Option<Vec<String>> {
    let mut segments = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut expect_name = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '[' {
            let quote_char = *chars.get(i + 1)?;
            if quote_char != '"' && quote_char != '\'' {
                return None;
            }
            i += 2;
            let mut seg = String::new();
            loop {
                let c = *chars.get(i)?;
                i += 1;
                if c == quote_char {
                    break;
                }
                if c == '\\' {
                    let e = *chars.get(i)?;
                    i += 1;
                    match e {
                        'n' => seg.push('\n'),
                        'r' => seg.push('\r'),
                        't' => seg.push('\t'),
                        'x' => {
                            let hex: String = chars.get(i..i + 2)?.iter().collect();
                            i += 2;
                            seg.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                        }
                        other => seg.push(other),
                    }
                } else {
                    seg.push(c);
                }
            }
            if chars.get(i) != Some(&']') {
                return None;
            }
            i += 1;
            segments.push(seg);
            expect_name = false;
        } else if c == '.' {
            if expect_name {
                return None;
            }
            i += 1;
            expect_name = true;
        } else {
            if !expect_name {
                return None;
            }
            let start = i;
            while i < chars.len() && chars[i] != '.' && chars[i] != '[' {
                if chars[i].is_whitespace() || matches!(chars[i], '"' | '\'' | ']' | '(' | ')') {
                    return None;
                }
                i += 1;
            }
            segments.push(chars[start..i].iter().collect());
            expect_name = false;
        }
    }
    if expect_name {
        return None;
    }
    if let Some(first) = segments.first() {
        if (first == "globalThis" || first == "_G") && segments.len() > 1 {
            segments.remove(0);
        }
    }
    Some(segments)
}

//! TypeScript renderings: a one-line form for catalogs and a declaration with JSDoc.

use super::ir::{Def, Doc, Obj, Ty};
use super::{one_line, push_one_line, SignatureForm, SignatureParts};
use crate::expression::quote;

/// Comments longer than this (or with line breaks) get one line per part.
const ONE_LINE_COMMENT: usize = 100;

pub(crate) fn render(parts: &SignatureParts<'_>, form: SignatureForm) -> String {
    let multiline = form == SignatureForm::Full;
    let printer = Printer {
        defs: &parts.defs,
        multiline,
    };
    let mut out = String::with_capacity(4096);
    if multiline {
        for def in parts.defs.iter() {
            if let Some(d) = &def.description {
                push_doc(
                    &mut out,
                    0,
                    &Doc {
                        description: Some(d),
                        tags: Vec::new(),
                    },
                );
            }
            out.push_str("type ");
            out.push_str(&def.name);
            out.push_str(" = ");
            printer.ty(&def.ty, 0, &mut out);
            out.push_str(";\n");
        }
        let mut lines: Vec<String> = Vec::new();
        if !parts.description.trim().is_empty() {
            lines.extend(parts.description.trim().lines().map(str::to_owned));
        }
        if let Some(d) = &parts.input_doc.description {
            lines.push(format!("@param input {}", one_line(d)));
        }
        if let Some(d) = parts
            .output
            .as_ref()
            .and_then(|(_, doc)| doc.description.as_ref())
        {
            lines.push(format!("@returns {}", one_line(d)));
        }
        if !lines.is_empty() {
            out.push_str("/**\n");
            for line in lines {
                push_comment_line(&mut out, 0, &line);
            }
            out.push_str(" */\n");
        }
    }
    out.push_str(&parts.expression);
    out.push_str(if parts.optional_input {
        "(input?: "
    } else {
        "(input: "
    });
    printer.ty(&parts.input, 0, &mut out);
    out.push_str("): ");
    let mut output = String::new();
    match &parts.output {
        Some((ty, _)) => printer.ty(ty, 0, &mut output),
        None => output.push_str("unknown"),
    }
    if parts.is_async {
        out.push_str("Promise<");
        out.push_str(&output);
        out.push('>');
    } else {
        out.push_str(&output);
    }
    out
}

struct Printer<'a> {
    defs: &'a [Def<'a>],
    multiline: bool,
}

impl Printer<'_> {
    fn ty(&self, ty: &Ty, indent: usize, out: &mut String) {
        match ty {
            Ty::Unknown => out.push_str("unknown"),
            Ty::Never => out.push_str("never"),
            Ty::Null => out.push_str("null"),
            Ty::String => out.push_str("string"),
            Ty::Number | Ty::Integer => out.push_str("number"),
            Ty::Boolean => out.push_str("boolean"),
            Ty::Opaque => out.push_str("Record<string, unknown>"),
            Ty::Literal(value) => out.push_str(&literal(value)),
            Ty::Named(index) => match self.defs.get(*index) {
                Some(def) => out.push_str(&def.name),
                None => out.push_str("unknown"),
            },
            Ty::Array(item) => {
                let wrap = matches!(**item, Ty::Union(_) | Ty::Intersection(_));
                if wrap {
                    out.push('(');
                }
                self.ty(item, indent, out);
                if wrap {
                    out.push(')');
                }
                out.push_str("[]");
            }
            Ty::Tuple(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.ty(item, indent, out);
                }
                out.push(']');
            }
            Ty::Record(value) => {
                out.push_str("Record<string, ");
                self.ty(value, indent, out);
                out.push('>');
            }
            Ty::Union(members) => {
                // `integer | number` both print as `number`: print each spelling once.
                // Members print in place; a repeat is cut off again.
                let mut seen: Vec<(usize, usize)> = Vec::with_capacity(members.len());
                for m in members {
                    let before = out.len();
                    if !seen.is_empty() {
                        out.push_str(" | ");
                    }
                    let start = out.len();
                    self.ty(m, indent, out);
                    let text = &out[start..];
                    if seen.iter().any(|&(a, b)| &out[a..b] == text) {
                        out.truncate(before);
                    } else {
                        seen.push((start, out.len()));
                    }
                }
            }
            Ty::Intersection(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" & ");
                    }
                    let wrap = matches!(p, Ty::Union(_));
                    if wrap {
                        out.push('(');
                    }
                    self.ty(p, indent, out);
                    if wrap {
                        out.push(')');
                    }
                }
            }
            Ty::Object(obj) => self.object(obj, indent, out),
        }
    }

    fn object(&self, obj: &Obj, indent: usize, out: &mut String) {
        if obj.props.is_empty() && obj.extra.is_none() {
            out.push_str("{}");
            return;
        }
        if !self.multiline {
            out.push_str("{ ");
            let mut first = true;
            for prop in &obj.props {
                if !first {
                    out.push_str("; ");
                }
                first = false;
                push_key(out, prop.name);
                if prop.optional {
                    out.push('?');
                }
                out.push_str(": ");
                self.ty(&prop.ty, indent, out);
            }
            if let Some(extra) = &obj.extra {
                if !first {
                    out.push_str("; ");
                }
                out.push_str("[key: string]: ");
                self.ty(extra, indent, out);
            }
            out.push_str(" }");
            return;
        }
        out.push_str("{\n");
        let inner = indent + 1;
        for prop in &obj.props {
            push_doc(out, inner, &prop.doc);
            push_indent(out, inner);
            push_key(out, prop.name);
            if prop.optional {
                out.push('?');
            }
            out.push_str(": ");
            self.ty(&prop.ty, inner, out);
            out.push_str(";\n");
        }
        if let Some(extra) = &obj.extra {
            push_indent(out, inner);
            out.push_str("[key: string]: ");
            self.ty(extra, inner, out);
            out.push_str(";\n");
        }
        push_indent(out, indent);
        out.push('}');
    }
}

/// A property name: bare when it is an identifier (reserved words are fine as property
/// names), quoted otherwise.
fn push_key(out: &mut String, name: &str) {
    let mut chars = name.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if ident {
        out.push_str(name);
    } else {
        out.push_str(&quote(name));
    }
}

pub(crate) fn literal(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => quote(s),
        other => other.to_string(),
    }
}

fn push_indent(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// Text made safe inside a block comment.
fn push_escaped(out: &mut String, text: &str) {
    if text.contains("*/") {
        out.push_str(&text.replace("*/", "*\\/"));
    } else {
        out.push_str(text);
    }
}

fn push_comment_line(out: &mut String, indent: usize, line: &str) {
    push_indent(out, indent);
    let line = line.trim_end();
    if line.is_empty() {
        out.push_str(" *\n");
    } else {
        out.push_str(" * ");
        push_escaped(out, line);
        out.push('\n');
    }
}

/// `/** description @tag value */`, or one line per part when that is long.
fn push_doc(out: &mut String, indent: usize, doc: &Doc) {
    if doc.is_empty() {
        return;
    }
    let description = doc.description.unwrap_or("").trim();
    // The one-line form, written in place and taken back when it is too long.
    let before = out.len();
    if !description.contains('\n') {
        push_indent(out, indent);
        out.push_str("/** ");
        let start = out.len();
        out.push_str(description);
        for (tag, value) in &doc.tags {
            if out.len() > start {
                out.push(' ');
            }
            out.push('@');
            out.push_str(tag);
            if !value.is_empty() {
                out.push(' ');
                push_one_line(out, value);
            }
        }
        if out.len() - start <= ONE_LINE_COMMENT {
            if out[start..].contains("*/") {
                let text = out.split_off(start);
                push_escaped(out, &text);
            }
            out.push_str(" */\n");
            return;
        }
        out.truncate(before);
    }
    push_indent(out, indent);
    out.push_str("/**\n");
    for line in description.lines() {
        push_comment_line(out, indent, line);
    }
    for (tag, value) in &doc.tags {
        let t = if value.is_empty() {
            format!("@{tag}")
        } else {
            format!("@{tag} {}", one_line(value))
        };
        push_comment_line(out, indent, &t);
    }
    push_indent(out, indent);
    out.push_str(" */\n");
}

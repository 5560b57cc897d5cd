//! TypeScript renderings: a one-line form for catalogs and a declaration with JSDoc.

use super::ir::{Def, Doc, Obj, Ty};
use super::{SignatureForm, SignatureParts};
use crate::expression::quote;

/// Comments longer than this (or with line breaks) get one line per part.
const ONE_LINE_COMMENT: usize = 100;

pub(crate) fn render(parts: &SignatureParts<'_>, form: SignatureForm) -> String {
    let multiline = form == SignatureForm::Full;
    let printer = Printer {
        defs: &parts.defs,
        multiline,
    };
    let mut out = String::new();
    if multiline {
        for def in parts.defs.iter() {
            if let Some(d) = &def.description {
                push_doc(
                    &mut out,
                    0,
                    &Doc {
                        description: Some(d.clone()),
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
    defs: &'a [Def],
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
                let mut seen: Vec<String> = Vec::new();
                for m in members {
                    let mut text = String::new();
                    self.ty(m, indent, &mut text);
                    if !seen.contains(&text) {
                        seen.push(text);
                    }
                }
                out.push_str(&seen.join(" | "));
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
                out.push_str(&key(&prop.name));
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
            out.push_str(&key(&prop.name));
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
fn key(name: &str) -> String {
    let mut chars = name.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if ident {
        name.to_owned()
    } else {
        quote(name)
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
fn escape_comment(text: &str) -> String {
    text.replace("*/", "*\\/")
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn push_comment_line(out: &mut String, indent: usize, line: &str) {
    push_indent(out, indent);
    let line = escape_comment(line.trim_end());
    if line.is_empty() {
        out.push_str(" *\n");
    } else {
        out.push_str(" * ");
        out.push_str(&line);
        out.push('\n');
    }
}

/// `/** description @tag value */`, or one line per part when that is long.
fn push_doc(out: &mut String, indent: usize, doc: &Doc) {
    if doc.is_empty() {
        return;
    }
    let tags: Vec<String> = doc
        .tags
        .iter()
        .map(|(tag, value)| {
            if value.is_empty() {
                format!("@{tag}")
            } else {
                format!("@{tag} {}", one_line(value))
            }
        })
        .collect();
    let description = doc.description.as_deref().unwrap_or("").trim();
    let mut single = description.to_owned();
    for t in &tags {
        if !single.is_empty() {
            single.push(' ');
        }
        single.push_str(t);
    }
    if !description.contains('\n') && single.len() <= ONE_LINE_COMMENT {
        push_indent(out, indent);
        out.push_str("/** ");
        out.push_str(&escape_comment(&single));
        out.push_str(" */\n");
        return;
    }
    push_indent(out, indent);
    out.push_str("/**\n");
    for line in description.lines() {
        push_comment_line(out, indent, line);
    }
    for t in &tags {
        push_comment_line(out, indent, t);
    }
    push_indent(out, indent);
    out.push_str(" */\n");
}

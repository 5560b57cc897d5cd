//! Lua renderings in LuaCATS, the annotation dialect the Lua Language Server reads: a
//! one-line form for catalogs and `---@class` / `---@param` / `---@return` declarations.

use super::ir::{type_name, Doc, Obj, Ty};
use super::{one_line, push_one_line, SignatureForm, SignatureParts};
use crate::expression::{is_identifier, quote};
use codemode_core::Language;
use std::borrow::Cow;
use std::collections::HashSet;

pub(crate) fn render(parts: &SignatureParts<'_>, form: SignatureForm) -> String {
    match form {
        SignatureForm::Compact => compact(parts),
        SignatureForm::Full => full(parts),
    }
}

/// Lua names of the recursive definitions: prefixed with the tool's class base, since
/// LuaCATS classes are global.
fn def_names(parts: &SignatureParts<'_>) -> Vec<String> {
    parts
        .defs
        .iter()
        .map(|d| format!("{}{}", parts.class_base, d.name))
        .collect()
}

fn compact(parts: &SignatureParts<'_>) -> String {
    let names = def_names(parts);
    let mut out = parts.expression.clone();
    out.push_str(if parts.optional_input {
        "(input?: "
    } else {
        "(input: "
    });
    out.push_str(&inline(&parts.input, &names));
    out.push_str("): ");
    match &parts.output {
        Some((ty, _)) => out.push_str(&inline(ty, &names)),
        None => out.push_str("any"),
    }
    out
}

/// A LuaCATS type written inline (table literals for objects).
fn inline(ty: &Ty, defs: &[String]) -> String {
    match ty {
        Ty::Unknown => "any".into(),
        Ty::Never | Ty::Null => "nil".into(),
        Ty::String => "string".into(),
        Ty::Number => "number".into(),
        Ty::Integer => "integer".into(),
        Ty::Boolean => "boolean".into(),
        Ty::Opaque => "table".into(),
        Ty::Literal(v) => literal(v),
        Ty::Named(i) => defs.get(*i).cloned().unwrap_or_else(|| "any".into()),
        Ty::Array(item) => array_of(inline(item, defs), item),
        Ty::Tuple(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|t| inline(t, defs))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Ty::Record(value) => format!("table<string, {}>", inline(value, defs)),
        Ty::Union(members) => members
            .iter()
            .map(|m| inline(m, defs))
            .collect::<Vec<_>>()
            .join("|"),
        // LuaCATS has no intersections; object parts were merged already, so show the
        // most specific remaining part.
        Ty::Intersection(parts) => parts.first().map_or("any".into(), |p| inline(p, defs)),
        Ty::Object(obj) => {
            if obj.props.is_empty() && obj.extra.is_none() {
                return "table".into();
            }
            let mut fields: Vec<String> = obj
                .props
                .iter()
                .map(|p| {
                    format!(
                        "{}{}: {}",
                        field_name(p.name),
                        if p.optional { "?" } else { "" },
                        inline(&p.ty, defs)
                    )
                })
                .collect();
            if let Some(extra) = &obj.extra {
                fields.push(format!("[string]: {}", inline(extra, defs)));
            }
            format!("{{ {} }}", fields.join(", "))
        }
    }
}

fn array_of(item_text: String, item: &Ty) -> String {
    if matches!(item, Ty::Union(_)) {
        format!("({item_text})[]")
    } else {
        format!("{item_text}[]")
    }
}

fn literal(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => quote(s),
        serde_json::Value::Null => "nil".into(),
        serde_json::Value::Bool(_) | serde_json::Value::Number(_) => value.to_string(),
        _ => "table".into(),
    }
}

fn field_name(name: &str) -> String {
    if is_identifier(name, Language::Lua) {
        name.to_owned()
    } else {
        format!("[{}]", quote(name))
    }
}

/// Classes collected while rendering the full form, in the order they are first named.
struct Classes {
    def_names: Vec<String>,
    blocks: Vec<String>,
    /// Every class name taken (a large API's signature declares hundreds).
    names: HashSet<String>,
}

impl Classes {
    fn unique(&mut self, base: &str) -> String {
        let mut name = base.to_owned();
        let mut n = 2;
        while self.names.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.names.insert(name.clone());
        name
    }

    /// The type's name or inline text; every object becomes a class named from `hint`.
    fn ty(&mut self, ty: &Ty, hint: &str) -> String {
        match ty {
            Ty::Object(obj) => self.class(obj, hint, None, &[]),
            Ty::Named(i) => self
                .def_names
                .get(*i)
                .cloned()
                .unwrap_or_else(|| "any".into()),
            Ty::Array(item) => {
                let text = self.ty(item, &format!("{hint}Item"));
                array_of(text, item)
            }
            Ty::Tuple(items) => {
                let texts: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| self.ty(t, &format!("{hint}{}", i + 1)))
                    .collect();
                format!("[{}]", texts.join(", "))
            }
            Ty::Record(value) => {
                let text = self.ty(value, &format!("{hint}Value"));
                format!("table<string, {text}>")
            }
            Ty::Union(members) => {
                let objects = members
                    .iter()
                    .filter(|m| matches!(m, Ty::Object(_)))
                    .count();
                let mut k = 0;
                let texts: Vec<String> = members
                    .iter()
                    .map(|m| {
                        if objects > 1 && matches!(m, Ty::Object(_)) {
                            k += 1;
                            self.ty(m, &format!("{hint}{k}"))
                        } else {
                            self.ty(m, hint)
                        }
                    })
                    .collect();
                texts.join("|")
            }
            Ty::Intersection(parts) => {
                // Named objects become parent classes, inline objects the class's own fields.
                let parents: Vec<String> = parts
                    .iter()
                    .filter_map(|p| match p {
                        Ty::Named(i) => self.def_names.get(*i).cloned(),
                        _ => None,
                    })
                    .collect();
                let objects: Vec<&Obj> = parts
                    .iter()
                    .filter_map(|p| match p {
                        Ty::Object(o) => Some(o),
                        _ => None,
                    })
                    .collect();
                if parents.len() + objects.len() == parts.len() && !parents.is_empty() {
                    let merged = Obj {
                        props: objects
                            .iter()
                            .flat_map(|o| o.props.iter().cloned())
                            .collect(),
                        extra: objects.iter().find_map(|o| o.extra.clone()),
                    };
                    self.class(&merged, hint, None, &parents)
                } else {
                    match parts.first() {
                        Some(p) => self.ty(p, hint),
                        None => "any".into(),
                    }
                }
            }
            other => inline(other, &self.def_names),
        }
    }

    /// Declares a class for `obj` and returns its name. `doc` documents the class itself.
    fn class(&mut self, obj: &Obj, hint: &str, doc: Option<&str>, parents: &[String]) -> String {
        let name = self.unique(hint);
        // Reserve the slot so a class is listed before the classes of its fields.
        let slot = self.blocks.len();
        self.blocks.push(String::new());
        let mut block = String::new();
        if let Some(doc) = doc {
            push_description(&mut block, doc);
        }
        block.push_str("---@class ");
        block.push_str(&name);
        if !parents.is_empty() {
            block.push_str(": ");
            block.push_str(&parents.join(", "));
        }
        block.push('\n');
        for prop in &obj.props {
            // Only types that declare classes use the hint.
            let hint = if needs_hint(&prop.ty) {
                format!("{name}{}", type_name(prop.name))
            } else {
                String::new()
            };
            let ty: Cow<'static, str> = match scalar_name(&prop.ty) {
                Some(name) => Cow::Borrowed(name),
                None => Cow::Owned(self.ty(&prop.ty, &hint)),
            };
            block.push_str("---@field ");
            if is_identifier(prop.name, Language::Lua) {
                block.push_str(prop.name);
            } else {
                block.push_str(&field_name(prop.name));
            }
            if prop.optional {
                block.push('?');
            }
            block.push(' ');
            block.push_str(&ty);
            push_field_doc(&mut block, &prop.doc);
            block.push('\n');
        }
        if let Some(extra) = &obj.extra {
            let ty = self.ty(extra, &format!("{name}Value"));
            block.push_str("---@field [string] ");
            block.push_str(&ty);
            block.push('\n');
        }
        if let Some(b) = self.blocks.get_mut(slot) {
            *b = block;
        }
        name
    }
}

fn full(parts: &SignatureParts<'_>) -> String {
    // Recursive definitions are classes named after the tool and the definition.
    let def_names = def_names(parts);
    let mut classes = Classes {
        names: def_names.iter().cloned().collect(),
        def_names,
        blocks: Vec::new(),
    };
    let input = match &parts.input {
        Ty::Object(obj) => classes.class(obj, &parts.input_class, None, &[]),
        other => classes.ty(other, &parts.input_class),
    };
    let output = match &parts.output {
        Some((Ty::Object(obj), _)) => classes.class(obj, &parts.output_class, None, &[]),
        Some((other, _)) => classes.ty(other, &parts.output_class),
        None => "any".into(),
    };
    for (i, def) in parts.defs.iter().enumerate() {
        let name = classes.def_names.get(i).cloned().unwrap_or_default();
        match &def.ty {
            Ty::Object(obj) => {
                // The name is taken already; declare the class under it.
                classes.names.remove(&name);
                classes.class(obj, &name, def.description, &[]);
            }
            Ty::Intersection(_) => {
                classes.names.remove(&name);
                classes.ty(&def.ty, &name);
            }
            other => {
                let text = classes.ty(other, &name);
                let mut block = String::new();
                if let Some(d) = &def.description {
                    push_description(&mut block, d);
                }
                block.push_str(&format!("---@alias {name} {text}\n"));
                classes.blocks.push(block);
            }
        }
    }
    let mut out = String::new();
    for block in classes.blocks.iter().filter(|b| !b.is_empty()) {
        out.push_str(block);
        out.push('\n');
    }
    push_description(&mut out, parts.description);
    if parts.is_async {
        // A tool call (not `search`): a Lua call waits for its result, so say once where the
        // call is shown how calls run at the same time.
        out.push_str("---Run calls concurrently: parallel({ function() return ");
        out.push_str(&parts.expression);
        out.push_str("(a) end, ... })\n");
    }
    out.push_str("---@param input");
    if parts.optional_input {
        out.push('?');
    }
    out.push(' ');
    out.push_str(&input);
    if let Some(d) = &parts.input_doc.description {
        out.push(' ');
        out.push_str(&one_line(d));
    }
    out.push('\n');
    out.push_str("---@return ");
    out.push_str(&output);
    if let Some(d) = parts
        .output
        .as_ref()
        .and_then(|(_, doc)| doc.description.as_ref())
    {
        out.push(' ');
        out.push_str(&one_line(d));
    }
    out.push('\n');
    if parts.segments_are_names {
        out.push_str("function ");
        out.push_str(&parts.expression);
        out.push_str("(input) end");
    } else {
        out.push_str(&parts.expression);
        out.push_str(" = function(input) end");
    }
    out
}

/// `---text` lines. A line that starts with `@` would read as an annotation and one that
/// starts with `-` would run into the comment marker, so those are set off by a space.
fn push_description(out: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    for line in text.lines() {
        let line = line.trim_end();
        out.push_str("---");
        if line.starts_with(['@', '-']) || line.trim_start().starts_with('@') {
            out.push(' ');
        }
        out.push_str(line);
        out.push('\n');
    }
}

/// A field's description on one line, with its constraints in parentheses, after a space
/// (nothing when there is neither).
fn push_field_doc(out: &mut String, doc: &Doc<'_>) {
    let start = out.len();
    out.push(' ');
    if let Some(description) = doc.description {
        push_one_line(out, description);
    }
    if !doc.tags.is_empty() {
        if out.len() > start + 1 {
            out.push(' ');
        }
        out.push('(');
        for (i, (tag, value)) in doc.tags.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(tag);
            if !value.is_empty() {
                out.push(' ');
                push_one_line(out, value);
            }
        }
        out.push(')');
    }
    if out.len() == start + 1 {
        out.truncate(start);
    }
}

/// The LuaCATS name of a type that is one word (what [`inline`] gives it).
fn scalar_name(ty: &Ty<'_>) -> Option<&'static str> {
    Some(match ty {
        Ty::Unknown => "any",
        Ty::Never | Ty::Null => "nil",
        Ty::String => "string",
        Ty::Number => "number",
        Ty::Integer => "integer",
        Ty::Boolean => "boolean",
        Ty::Opaque => "table",
        _ => return None,
    })
}

/// Whether rendering `ty` in the full form may declare a class (and so needs a name hint).
fn needs_hint(ty: &Ty<'_>) -> bool {
    matches!(
        ty,
        Ty::Object(_)
            | Ty::Array(_)
            | Ty::Tuple(_)
            | Ty::Record(_)
            | Ty::Union(_)
            | Ty::Intersection(_)
    )
}

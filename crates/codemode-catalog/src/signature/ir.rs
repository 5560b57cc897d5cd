//! A JSON Schema turned into a small type language both signature printers read. Building it
//! once keeps the TypeScript and Lua renderings in agreement about what a schema means.

use crate::schema::{ref_name, resolve_ref};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

/// Object and array nesting deeper than this renders as an opaque object (full form).
pub(crate) const FULL_DEPTH: usize = 6;
/// The same for the one-line form, which catalogs repeat for every tool.
pub(crate) const COMPACT_DEPTH: usize = 4;
/// Native recursion bound for one build (nesting plus `$ref` hops plus combinators).
const MAX_LEVEL: usize = 64;
/// How many schema nodes one signature may visit; a schema that expands beyond this (for
/// example references that fan out exponentially) renders the rest as `unknown`.
const NODE_BUDGET: usize = 4000;
/// `enum` lists longer than this render as the types of their values.
const MAX_LITERALS: usize = 64;
/// `anyOf`/`oneOf` with more members than this render as `unknown`.
const MAX_MEMBERS: usize = 256;
/// Constraint values (`@default`, `@example`, `@pattern`) are cut at this many characters.
const MAX_TAG_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ty<'a> {
    Unknown,
    Never,
    Null,
    String,
    Number,
    Integer,
    Boolean,
    Literal(&'a Value),
    Array(Box<Ty<'a>>),
    Tuple(Vec<Ty<'a>>),
    Object(Obj<'a>),
    /// An object with only arbitrary keys.
    Record(Box<Ty<'a>>),
    Union(Vec<Ty<'a>>),
    Intersection(Vec<Ty<'a>>),
    /// A recursive definition, by index into the definitions.
    Named(usize),
    /// An object past the depth cap.
    Opaque,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Obj<'a> {
    pub props: Vec<Prop<'a>>,
    /// The type of keys not listed (index signature), when the schema allows them.
    pub extra: Option<Box<Ty<'a>>>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Prop<'a> {
    pub name: &'a str,
    pub ty: Ty<'a>,
    pub optional: bool,
    pub doc: Doc<'a>,
}

/// What a schema says about a value beyond its type: description and constraint tags.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Doc<'a> {
    pub description: Option<&'a str>,
    pub tags: Vec<(&'static str, Cow<'a, str>)>,
}

impl Doc<'_> {
    pub fn is_empty(&self) -> bool {
        self.description.is_none() && self.tags.is_empty()
    }
}

/// A named definition: one that refers to itself, or (when sharing) any object-like `$ref`
/// target, declared once and referred to by name.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Def<'a> {
    pub name: String,
    pub ty: Ty<'a>,
    pub description: Option<&'a str>,
}

/// Builds types from one or more schema documents (a tool's input and output), sharing the
/// table of recursive definitions.
pub(crate) struct Builder<'a> {
    roots: Vec<&'a Value>,
    defs: Vec<Def<'a>>,
    /// (document, reference) -> index into `defs`.
    def_keys: HashMap<(usize, &'a str), usize>,
    stack: Vec<(usize, &'a str)>,
    budget: usize,
    max_depth: usize,
    /// Name every object-like `$ref` target instead of expanding it at each use.
    share: bool,
    /// Collect each property's description and constraints (the one-line form prints none).
    property_docs: bool,
}

const TAGS: &[&str] = &[
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "default",
    "examples",
    "deprecated",
];

/// The position of `key` in [`TAGS`] (a `match` the compiler turns into a few comparisons;
/// every key of every documented schema is looked up).
fn tag_index(key: &str) -> Option<usize> {
    let i = match key {
        "format" => 0,
        "minimum" => 1,
        "maximum" => 2,
        "exclusiveMinimum" => 3,
        "exclusiveMaximum" => 4,
        "multipleOf" => 5,
        "minLength" => 6,
        "maxLength" => 7,
        "pattern" => 8,
        "minItems" => 9,
        "maxItems" => 10,
        "uniqueItems" => 11,
        "minProperties" => 12,
        "maxProperties" => 13,
        "default" => 14,
        "examples" => 15,
        "deprecated" => 16,
        _ => return None,
    };
    debug_assert_eq!(TAGS.get(i), Some(&key));
    Some(i)
}

impl<'a> Builder<'a> {
    /// A builder that renders nesting up to `max_depth` levels; with `share`, referenced
    /// object definitions become named types.
    pub fn new(max_depth: usize, share: bool) -> Self {
        Builder {
            share,
            property_docs: true,
            max_depth,
            roots: Vec::new(),
            defs: Vec::new(),
            def_keys: HashMap::new(),
            stack: Vec::new(),
            budget: NODE_BUDGET,
        }
    }

    /// A builder that leaves property documentation out (for renderings that print none).
    pub fn without_property_docs(mut self) -> Self {
        self.property_docs = false;
        self
    }

    /// The type of a whole document, and its own documentation.
    pub fn root(&mut self, schema: &'a Value) -> (Ty<'a>, Doc<'a>) {
        let id = self.roots.len();
        self.roots.push(schema);
        let ty = self.build(id, schema, 0, 0);
        let mut doc = self.doc(id, schema);
        // A document's title names the type (`Order`); only a description says something.
        doc.description = schema
            .get("description")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty());
        (ty, doc)
    }

    pub fn finish(self) -> Vec<Def<'a>> {
        self.defs
    }

    fn build(&mut self, root: usize, schema: &'a Value, depth: usize, level: usize) -> Ty<'a> {
        let map = match schema {
            Value::Bool(false) => return Ty::Never,
            Value::Object(map) => map,
            _ => return Ty::Unknown,
        };
        if self.budget == 0 || level >= MAX_LEVEL {
            return Ty::Unknown;
        }
        self.budget -= 1;
        let kw = Keywords::read(map);
        if let Some(reference) = kw.reference {
            return self.build_ref(root, reference, depth, level + 1);
        }
        let base = self.base(root, &kw, depth, level + 1);
        if kw.any_of.is_none() && kw.one_of.is_none() && kw.all_of.is_none() {
            // No combinators: the base is the type (what `intersect` of one part gives).
            return if kw.nullable && !matches!(base, Ty::Unknown) {
                union(vec![base, Ty::Null])
            } else {
                base
            };
        }
        let mut parts = Vec::new();
        if base != Ty::Unknown {
            parts.push(base);
        }
        for members in [kw.any_of, kw.one_of].into_iter().flatten() {
            if members.len() > MAX_MEMBERS {
                return Ty::Unknown;
            }
            let members: Vec<Ty<'a>> = members
                .iter()
                .map(|m| self.build(root, m, depth, level + 1))
                .collect();
            let u = union(members);
            if u != Ty::Unknown {
                parts.push(u);
            }
        }
        for m in kw.all_of.into_iter().flatten() {
            let t = self.build(root, m, depth, level + 1);
            if t != Ty::Unknown {
                parts.push(t);
            }
        }
        let ty = intersect(parts);
        if kw.nullable && ty != Ty::Unknown {
            union(vec![ty, Ty::Null])
        } else {
            ty
        }
    }

    fn build_ref(&mut self, root: usize, reference: &'a str, depth: usize, level: usize) -> Ty<'a> {
        let key = (root, reference);
        if let Some(index) = self.def_keys.get(&key) {
            return Ty::Named(*index);
        }
        if self.stack.contains(&key) {
            return Ty::Named(self.def_index(key));
        }
        let Some(target) = self.roots.get(root).and_then(|r| resolve_ref(r, reference)) else {
            return Ty::Unknown;
        };
        self.stack.push(key);
        // A shared definition is declared at the top level, so its nesting starts afresh.
        let ty = self.build(root, target, if self.share { 0 } else { depth }, level);
        self.stack.pop();
        let index = match self.def_keys.get(&key) {
            Some(index) => *index,
            None if self.share && worth_naming(&ty) => self.def_index(key),
            None => return ty,
        };
        let description = target
            .get("description")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty());
        if let Some(def) = self.defs.get_mut(index) {
            def.ty = ty;
            def.description = description;
        }
        Ty::Named(index)
    }

    fn def_index(&mut self, key: (usize, &'a str)) -> usize {
        if let Some(index) = self.def_keys.get(&key) {
            return *index;
        }
        let base = type_name(&ref_name(key.1));
        let mut name = base.clone();
        let mut n = 2;
        while self.defs.iter().any(|d| d.name == name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.defs.push(Def {
            name,
            ty: Ty::Unknown,
            description: None,
        });
        self.def_keys.insert(key, self.defs.len() - 1);
        self.defs.len() - 1
    }

    /// The type from `const`, `enum`, `type` and the structural keywords.
    fn base(&mut self, root: usize, kw: &Keywords<'a>, depth: usize, level: usize) -> Ty<'a> {
        if let Some(value) = kw.constant {
            return Ty::Literal(value);
        }
        if let Some(values) = kw.enumeration {
            if values.len() <= MAX_LITERALS {
                return union(values.iter().map(Ty::Literal).collect());
            }
            // A long list reads better (and costs less) as the types of its values.
            return union(values.iter().map(json_type).collect());
        }
        if let Some(Value::String(t)) = kw.types {
            // The common case, without collecting members.
            return self.named_type(root, kw, t, depth, level);
        }
        let members: Vec<Ty<'a>> = match kw.types {
            Some(Value::Array(ts)) => {
                let mut members = Vec::with_capacity(ts.len());
                for t in ts.iter().filter_map(Value::as_str) {
                    members.push(self.named_type(root, kw, t, depth, level));
                }
                members
            }
            _ => {
                if kw.has_properties || kw.additional.is_some() || kw.patterns.is_some() {
                    return self.named_type(root, kw, "object", depth, level);
                } else if kw.items.is_some() || kw.prefix_items.is_some() {
                    return self.named_type(root, kw, "array", depth, level);
                }
                return Ty::Unknown;
            }
        };
        if members.is_empty() {
            Ty::Unknown
        } else {
            union(members)
        }
    }

    /// The type a `type` keyword value names.
    fn named_type(
        &mut self,
        root: usize,
        kw: &Keywords<'a>,
        name: &str,
        depth: usize,
        level: usize,
    ) -> Ty<'a> {
        match name {
            "string" => Ty::String,
            "number" => Ty::Number,
            "integer" => Ty::Integer,
            "boolean" => Ty::Boolean,
            "null" => Ty::Null,
            "object" => self.object(root, kw, depth, level),
            "array" => self.array(root, kw, depth, level),
            _ => Ty::Unknown,
        }
    }

    fn object(&mut self, root: usize, kw: &Keywords<'a>, depth: usize, level: usize) -> Ty<'a> {
        if depth >= self.max_depth {
            return Ty::Opaque;
        }
        let required: Vec<&str> = kw
            .required
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut props = Vec::with_capacity(kw.properties.map_or(0, Map::len));
        for (name, schema) in kw.properties.into_iter().flatten() {
            if self.budget == 0 {
                break;
            }
            let ty = self.build(root, schema, depth + 1, level + 1);
            let doc = if self.property_docs {
                self.doc(root, schema)
            } else {
                Doc::default()
            };
            props.push(Prop {
                name: name.as_str(),
                ty,
                optional: !required.contains(&name.as_str()),
                doc,
            });
        }
        let mut extras = Vec::new();
        let mut closed = false;
        match kw.additional {
            Some(Value::Bool(false)) => closed = true,
            Some(schema @ Value::Object(_)) => {
                extras.push(self.build(root, schema, depth + 1, level + 1))
            }
            Some(Value::Bool(true)) => extras.push(Ty::Unknown),
            _ => {}
        }
        for schema in kw.patterns.into_iter().flat_map(|p| p.values()) {
            extras.push(self.build(root, schema, depth + 1, level + 1));
        }
        let extra = if extras.is_empty() {
            // An object that lists nothing at all accepts anything.
            (!closed && !kw.has_properties).then_some(Ty::Unknown)
        } else {
            Some(union(extras))
        };
        match extra {
            Some(extra) if props.is_empty() => Ty::Record(Box::new(extra)),
            extra => Ty::Object(Obj {
                props,
                extra: extra.map(Box::new),
            }),
        }
    }

    fn array(&mut self, root: usize, kw: &Keywords<'a>, depth: usize, level: usize) -> Ty<'a> {
        if depth >= self.max_depth {
            return Ty::Array(Box::new(Ty::Unknown));
        }
        let tuple = match (kw.prefix_items, kw.items) {
            (Some(items), _) | (None, Some(Value::Array(items))) => Some(items),
            _ => None,
        };
        if let Some(items) = tuple {
            return Ty::Tuple(
                items
                    .iter()
                    .map(|s| self.build(root, s, depth + 1, level + 1))
                    .collect(),
            );
        }
        match kw.items {
            Some(items) => Ty::Array(Box::new(self.build(root, items, depth + 1, level + 1))),
            None => Ty::Array(Box::new(Ty::Unknown)),
        }
    }

    /// Description and constraint tags of a schema; a `$ref` contributes what its target
    /// says unless the schema says it itself.
    fn doc(&self, root: usize, schema: &'a Value) -> Doc<'a> {
        let mut doc = Doc::default();
        let Some(map) = schema.as_object() else {
            return doc;
        };
        let target = map
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| self.roots.get(root).and_then(|root| resolve_ref(root, r)))
            .and_then(Value::as_object);
        // One pass over each map (the target first, so the schema's own keywords win).
        let mut description = None;
        let mut title = None;
        let mut found: [Option<&Value>; TAGS.len()] = [None; TAGS.len()];
        for (key, value) in target.into_iter().flatten().chain(map) {
            match key.as_str() {
                "description" => description = Some(value),
                "title" => title = Some(value),
                key => {
                    if let Some(i) = tag_index(key) {
                        found[i] = Some(value);
                    }
                }
            }
        }
        doc.description = description
            .or(title)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty());
        for (tag, value) in TAGS.iter().zip(found) {
            let Some(value) = value else { continue };
            let text: Cow<'a, str> = match (*tag, value) {
                ("default", value) => value.to_string().into(),
                (_, Value::String(s)) => Cow::Borrowed(s.as_str()),
                ("deprecated", Value::Bool(true)) => Cow::Borrowed(""),
                ("deprecated", _) => continue,
                ("examples", Value::Array(items)) => match items.first() {
                    Some(first) => first.to_string().into(),
                    None => continue,
                },
                (_, value) => value.to_string().into(),
            };
            let tag: &'static str = if *tag == "examples" { "example" } else { tag };
            doc.tags.push((tag, clip(text, MAX_TAG_CHARS)));
        }
        doc
    }
}

/// The keywords a rendering reads, collected in one pass over a schema object.
#[derive(Default)]
struct Keywords<'a> {
    reference: Option<&'a str>,
    constant: Option<&'a Value>,
    enumeration: Option<&'a Vec<Value>>,
    types: Option<&'a Value>,
    has_properties: bool,
    properties: Option<&'a Map<String, Value>>,
    required: Option<&'a Vec<Value>>,
    additional: Option<&'a Value>,
    patterns: Option<&'a Map<String, Value>>,
    items: Option<&'a Value>,
    prefix_items: Option<&'a Vec<Value>>,
    any_of: Option<&'a Vec<Value>>,
    one_of: Option<&'a Vec<Value>>,
    all_of: Option<&'a Vec<Value>>,
    nullable: bool,
}

impl<'a> Keywords<'a> {
    fn read(map: &'a Map<String, Value>) -> Keywords<'a> {
        let mut kw = Keywords::default();
        for (key, value) in map {
            match key.as_str() {
                "$ref" => kw.reference = value.as_str(),
                "const" => kw.constant = Some(value),
                "enum" => kw.enumeration = value.as_array(),
                "type" => kw.types = Some(value),
                "properties" => {
                    kw.has_properties = true;
                    kw.properties = value.as_object();
                }
                "required" => kw.required = value.as_array(),
                "additionalProperties" => kw.additional = Some(value),
                "patternProperties" => kw.patterns = value.as_object(),
                "items" => kw.items = Some(value),
                "prefixItems" => kw.prefix_items = value.as_array(),
                "anyOf" => kw.any_of = value.as_array(),
                "oneOf" => kw.one_of = value.as_array(),
                "allOf" => kw.all_of = value.as_array(),
                "nullable" => kw.nullable = value == &Value::Bool(true),
                _ => {}
            }
        }
        kw
    }
}

/// Whether a shared definition is worth a name: objects and unions or intersections of
/// them (a `string` with a format reads better inline).
fn worth_naming(ty: &Ty<'_>) -> bool {
    match ty {
        Ty::Object(obj) => !obj.props.is_empty(),
        Ty::Union(members) | Ty::Intersection(members) => members.iter().any(worth_naming),
        _ => false,
    }
}

fn clip(text: Cow<'_, str>, max: usize) -> Cow<'_, str> {
    if text.len() <= max || text.chars().count() <= max {
        text
    } else {
        let mut out: String = text.chars().take(max).collect();
        out.push('…');
        Cow::Owned(out)
    }
}

/// The type of a JSON value (for long `enum` lists).
fn json_type(value: &Value) -> Ty<'static> {
    match value {
        Value::Null => Ty::Null,
        Value::Bool(_) => Ty::Boolean,
        Value::Number(n) if n.is_f64() => Ty::Number,
        Value::Number(_) => Ty::Integer,
        Value::String(_) => Ty::String,
        Value::Array(_) => Ty::Array(Box::new(Ty::Unknown)),
        Value::Object(_) => Ty::Record(Box::new(Ty::Unknown)),
    }
}

/// A union with nested unions flattened, duplicates removed, `unknown` absorbing everything
/// and `never` dropped.
pub(crate) fn union(mut members: Vec<Ty<'_>>) -> Ty<'_> {
    if members.len() == 1 && !matches!(members[0], Ty::Union(_)) {
        return members.pop().unwrap_or(Ty::Never);
    }
    if !members.iter().any(|m| matches!(m, Ty::Union(_))) {
        // Flat already: the same rules without the work list.
        let mut out: Vec<Ty<'_>> = Vec::with_capacity(members.len());
        for m in members {
            match m {
                Ty::Unknown => return Ty::Unknown,
                Ty::Never => {}
                m => {
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        return match out.len() {
            0 => Ty::Never,
            1 => out.pop().unwrap_or(Ty::Never),
            _ => Ty::Union(out),
        };
    }
    let mut out: Vec<Ty<'_>> = Vec::new();
    let mut stack: Vec<Ty<'_>> = members.into_iter().rev().collect();
    while let Some(m) = stack.pop() {
        match m {
            Ty::Unknown => return Ty::Unknown,
            Ty::Never => {}
            Ty::Union(inner) => stack.extend(inner.into_iter().rev()),
            m => {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    match out.len() {
        0 => Ty::Never,
        1 => out.pop().unwrap_or(Ty::Never),
        _ => Ty::Union(out),
    }
}

/// An intersection; parts that are all objects merge into one object.
pub(crate) fn intersect(mut parts: Vec<Ty<'_>>) -> Ty<'_> {
    if parts.len() <= 1 && !matches!(parts.first(), Some(Ty::Intersection(_))) {
        return parts.pop().unwrap_or(Ty::Unknown);
    }
    let mut flat: Vec<Ty<'_>> = Vec::new();
    for p in parts {
        match p {
            Ty::Unknown => {}
            Ty::Intersection(inner) => flat.extend(inner),
            p => {
                if !flat.contains(&p) {
                    flat.push(p);
                }
            }
        }
    }
    if flat.len() <= 1 {
        return flat.pop().unwrap_or(Ty::Unknown);
    }
    if flat.iter().all(|t| matches!(t, Ty::Object(_))) {
        let mut merged = Obj::default();
        for part in flat {
            let Ty::Object(obj) = part else { continue };
            for prop in obj.props {
                match merged.props.iter_mut().find(|p| p.name == prop.name) {
                    Some(existing) => {
                        existing.optional &= prop.optional;
                        if existing.ty == Ty::Unknown {
                            existing.ty = prop.ty;
                        }
                        if existing.doc.is_empty() {
                            existing.doc = prop.doc;
                        }
                    }
                    None => merged.props.push(prop),
                }
            }
            if merged.extra.is_none() {
                merged.extra = obj.extra;
            }
        }
        return Ty::Object(merged);
    }
    Ty::Intersection(flat)
}

/// A PascalCase identifier from arbitrary text (`resolve-library-id` → `ResolveLibraryId`).
pub(crate) fn type_name(text: &str) -> String {
    let mut out = String::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{tag_index, TAGS};

    #[test]
    fn tag_index_agrees_with_the_tag_list() {
        for (i, tag) in TAGS.iter().enumerate() {
            assert_eq!(tag_index(tag), Some(i), "{tag}");
        }
        assert_eq!(tag_index("description"), None);
        assert_eq!(tag_index("Format"), None);
    }
}

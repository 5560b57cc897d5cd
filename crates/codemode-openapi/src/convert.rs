//! One operation -> one call plan plus the schemas and description of its tool.

use crate::auth::SecurityScheme;
use crate::names;
use crate::schema::{is_nullable, Direction, RefError, Schemas};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::Arc;

pub(crate) const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ParamIn {
    Path,
    Query,
    Header,
}

impl ParamIn {
    fn prefix(self) -> &'static str {
        match self {
            ParamIn::Path => "path",
            ParamIn::Query => "query",
            ParamIn::Header => "header",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Simple,
    Form,
    DeepObject,
}

/// How one input field reaches the request.
#[derive(Debug, Clone)]
pub(crate) struct Param {
    /// The name on the wire.
    pub name: String,
    /// The field of the tool's input.
    pub key: String,
    pub location: ParamIn,
    pub style: Style,
    pub explode: bool,
}

#[derive(Debug, Clone)]
pub(crate) enum PathPiece {
    Literal(String),
    /// Index into `Operation::params`.
    Param(usize),
}

#[derive(Debug, Clone)]
pub(crate) enum BodyFields {
    /// The input field `key` is the whole body.
    Whole { key: String },
    /// The body is an object whose properties are input fields: (input key, property name).
    Flattened(Vec<(String, String)>),
}

#[derive(Debug, Clone)]
pub(crate) struct Body {
    pub content_type: String,
    pub fields: BodyFields,
    pub required: bool,
}

/// Everything needed at call time.
#[derive(Debug)]
pub(crate) struct Operation {
    pub method: reqwest::Method,
    /// `GET /items/{id}`: names the operation in error messages (never carries input).
    pub display: String,
    pub path: Vec<PathPiece>,
    pub params: Vec<Param>,
    pub body: Option<Body>,
    pub accept: Option<String>,
    /// Alternatives (any one suffices) of scheme sets (all needed). Empty: no auth.
    pub security: Vec<Vec<Arc<SecurityScheme>>>,
    /// The base URL: `Err` explains why there is none.
    pub base_url: Result<String, String>,
}

/// A converted operation before naming.
pub(crate) struct Converted {
    pub operation: Operation,
    pub description: String,
    pub input_schema: Value,
    pub output_schema: Option<Arc<Value>>,
}

/// Output schemas already built, by what they were built from. Many operations return the
/// same type (GitHub: 1,220 tools, 480 distinct outputs); sharing one copy keeps a large
/// API's catalog small.
#[derive(Default)]
pub(crate) struct OutputCache {
    built: HashMap<String, (Option<Arc<Value>>, Option<String>)>,
}

/// Document-wide facts every operation needs.
pub(crate) struct Shared<'a> {
    pub schemes: HashMap<String, Result<Arc<SecurityScheme>, String>>,
    pub global_security: Option<&'a Value>,
    pub root_servers: Option<&'a Value>,
    pub base_url_override: Option<String>,
}

pub(crate) struct OperationSource<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub item: &'a Map<String, Value>,
    pub op: &'a Map<String, Value>,
}

/// Converts one operation, or says why it is skipped.
pub(crate) fn convert<'a>(
    schemas: &mut Schemas<'a>,
    outputs: &mut OutputCache,
    shared: &Shared<'a>,
    src: &OperationSource<'a>,
) -> Result<Converted, String> {
    let method = reqwest::Method::from_bytes(src.method.to_ascii_uppercase().as_bytes())
        .map_err(|_| format!("unknown method '{}'", src.method))?;
    let display = format!("{} {}", method, src.path);

    // Parameters: the operation's override the path item's with the same name and location.
    let mut raw_params: Vec<&Map<String, Value>> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for list in [src.op.get("parameters"), src.item.get("parameters")] {
        let Some(Value::Array(list)) = list else {
            continue;
        };
        for p in list {
            let p = schemas.deref(p).map_err(|e| e.reason())?;
            let Value::Object(p) = p else {
                return Err("a parameter is not an object".to_owned());
            };
            let name = p.get("name").and_then(Value::as_str).unwrap_or_default();
            let location = p.get("in").and_then(Value::as_str).unwrap_or_default();
            let id = (name.to_owned(), location.to_owned());
            if !seen.contains(&id) {
                seen.push(id);
                raw_params.push(p);
            }
        }
    }

    let mut fields: Vec<Field> = Vec::new();
    let mut params: Vec<Param> = Vec::new();
    schemas.begin(Direction::Request);
    for p in raw_params {
        let Some(name) = p
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.is_empty())
        else {
            return Err("a parameter has no name".to_owned());
        };
        let location = match p.get("in").and_then(Value::as_str) {
            Some("path") => ParamIn::Path,
            Some("query") => ParamIn::Query,
            Some("header") => ParamIn::Header,
            Some("cookie") => return Err(format!("cookie parameter '{name}'")),
            other => {
                return Err(format!(
                    "parameter '{name}' has an unknown location {}",
                    other.unwrap_or("(none)")
                ))
            }
        };
        // OpenAPI ignores these header parameters: the client owns them.
        if location == ParamIn::Header
            && ["accept", "content-type", "authorization"]
                .contains(&name.to_ascii_lowercase().as_str())
        {
            continue;
        }
        if let Some(Value::Object(content)) = p.get("content") {
            let media = content.keys().next().map(String::as_str).unwrap_or("?");
            return Err(format!(
                "{} parameter '{name}' is encoded as content ({media})",
                location.prefix()
            ));
        }
        let style_name = p.get("style").and_then(Value::as_str);
        let style = match (location, style_name) {
            (ParamIn::Path | ParamIn::Header, None | Some("simple")) => Style::Simple,
            (ParamIn::Query, None | Some("form")) => Style::Form,
            (ParamIn::Query, Some("deepObject")) => Style::DeepObject,
            (_, Some(other)) => {
                return Err(format!(
                    "{} parameter '{name}' uses style '{other}'",
                    location.prefix()
                ))
            }
        };
        let explode = p
            .get("explode")
            .and_then(Value::as_bool)
            .unwrap_or(style == Style::Form);
        let mut schema = match p.get("schema") {
            Some(s) => schemas.schema(s).map_err(|e| e.reason())?,
            None => json!({}),
        };
        copy_description(p, &mut schema);
        let required = location == ParamIn::Path
            || p.get("required").and_then(Value::as_bool).unwrap_or(false);
        fields.push(Field {
            origin: FieldOrigin::Param(params.len()),
            prefix: location.prefix(),
            name: name.to_owned(),
            schema,
            required,
        });
        params.push(Param {
            name: name.to_owned(),
            key: String::new(),
            location,
            style,
            explode,
        });
    }

    let path = parse_template(src.path, &params)?;

    // Request body: JSON only.
    let mut body = None;
    if let Some(raw) = src.op.get("requestBody") {
        let raw = schemas.deref(raw).map_err(|e| e.reason())?;
        if let Some(Value::Object(content)) = raw.get("content") {
            if !content.is_empty() {
                let Some((media, media_object)) = content.iter().find(|(m, _)| is_json(m)) else {
                    let types: Vec<&str> = content.keys().map(String::as_str).collect();
                    return Err(format!("request body is not JSON ({})", types.join(", ")));
                };
                let required = raw
                    .get("required")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                let mut schema = match media_object.get("schema") {
                    Some(s) => schemas.schema(s).map_err(|e| e.reason())?,
                    None => json!({}),
                };
                let content_type = media.split(';').next().unwrap_or(media).trim().to_owned();
                let content_type = if content_type.contains('*') {
                    "application/json".to_owned()
                } else {
                    content_type
                };
                match flattenable(&schema, schemas) {
                    Some(object) => {
                        let required_props: Vec<&str> = object
                            .get("required")
                            .and_then(Value::as_array)
                            .map(|r| r.iter().filter_map(Value::as_str).collect())
                            .unwrap_or_default();
                        let mut props = Vec::new();
                        if let Some(Value::Object(properties)) = object.get("properties") {
                            for (prop, prop_schema) in properties {
                                fields.push(Field {
                                    origin: FieldOrigin::BodyProp(props.len()),
                                    prefix: "body",
                                    name: prop.clone(),
                                    schema: prop_schema.clone(),
                                    required: required && required_props.contains(&prop.as_str()),
                                });
                                props.push((String::new(), prop.clone()));
                            }
                        }
                        body = Some(Body {
                            content_type,
                            fields: BodyFields::Flattened(props),
                            required,
                        });
                    }
                    None => {
                        if let Value::Object(raw) = raw {
                            copy_description(raw, &mut schema);
                        }
                        fields.push(Field {
                            origin: FieldOrigin::WholeBody,
                            prefix: "body",
                            name: "body".to_owned(),
                            schema,
                            required,
                        });
                        body = Some(Body {
                            content_type,
                            fields: BodyFields::Whole { key: String::new() },
                            required,
                        });
                    }
                }
            }
        }
    }

    // Input field names: collisions across locations get the location as prefix.
    let keys = field_keys(&fields);
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (field, key) in fields.into_iter().zip(keys) {
        match field.origin {
            FieldOrigin::Param(i) => {
                if let Some(p) = params.get_mut(i) {
                    p.key = key.clone();
                }
            }
            FieldOrigin::BodyProp(i) => {
                if let Some(Body {
                    fields: BodyFields::Flattened(props),
                    ..
                }) = body.as_mut()
                {
                    if let Some(prop) = props.get_mut(i) {
                        prop.0 = key.clone();
                    }
                }
            }
            FieldOrigin::WholeBody => {
                if let Some(Body {
                    fields: BodyFields::Whole { key: k },
                    ..
                }) = body.as_mut()
                {
                    *k = key.clone();
                }
            }
        }
        if field.required {
            required.push(Value::String(key.clone()));
        }
        properties.insert(key, field.schema);
    }
    let mut input_schema = Map::new();
    input_schema.insert("type".to_owned(), json!("object"));
    input_schema.insert("properties".to_owned(), Value::Object(properties));
    if !required.is_empty() {
        input_schema.insert("required".to_owned(), Value::Array(required));
    }
    input_schema.insert("additionalProperties".to_owned(), json!(false));
    let input_schema = schemas.finish(Value::Object(input_schema));

    let (output_schema, accept) = responses(schemas, outputs, src.op.get("responses"))?;
    let security = security(shared, src.op.get("security"))?;
    let base_url = base_url(shared, src);

    Ok(Converted {
        operation: Operation {
            method,
            display,
            path,
            params,
            body,
            accept,
            security,
            base_url,
        },
        description: description(src),
        input_schema,
        output_schema,
    })
}

enum FieldOrigin {
    Param(usize),
    BodyProp(usize),
    WholeBody,
}

struct Field {
    origin: FieldOrigin,
    prefix: &'static str,
    name: String,
    schema: Value,
    required: bool,
}

fn field_keys(fields: &[Field]) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for f in fields {
        *counts.entry(f.name.as_str()).or_default() += 1;
    }
    let mut taken: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut keys = Vec::with_capacity(fields.len());
    for f in fields {
        let mut key = if counts.get(f.name.as_str()).copied().unwrap_or(0) > 1 {
            format!("{}_{}", f.prefix, f.name)
        } else {
            f.name.clone()
        };
        let base = key.clone();
        let mut n = 1;
        while taken.contains(&key) {
            n += 1;
            key = format!("{base}_{n}");
        }
        taken.insert(key.clone());
        keys.push(key);
    }
    keys
}

fn copy_description(from: &Map<String, Value>, schema: &mut Value) {
    if let (Some(Value::String(d)), Value::Object(s)) = (from.get("description"), &mut *schema) {
        if !s.contains_key("description") && !d.trim().is_empty() {
            s.insert("description".to_owned(), json!(d.trim()));
        }
    }
}

/// A plain object body whose properties can become input fields; `allOf` of plain objects is
/// merged first. Composed, nullable and dictionary bodies stay whole.
fn flattenable(schema: &Value, schemas: &Schemas<'_>) -> Option<Map<String, Value>> {
    let schema = &schemas.resolve_local(schema);
    let plain = |s: &Value| -> bool {
        let Value::Object(m) = s else { return false };
        let object_typed = match m.get("type") {
            Some(Value::String(t)) => t == "object",
            None => m.contains_key("properties"),
            _ => false,
        };
        object_typed
            && m.get("properties")
                .is_some_and(|p| p.as_object().is_some_and(|p| !p.is_empty()))
            && !["allOf", "anyOf", "oneOf", "not", "if", "patternProperties"]
                .iter()
                .any(|k| m.contains_key(*k))
            && m.get("additionalProperties")
                .is_none_or(|a| a == &Value::Bool(false))
            && !is_nullable(s)
    };
    if plain(schema) {
        return schema.as_object().cloned();
    }
    let Value::Object(m) = schema else {
        return None;
    };
    let Some(Value::Array(parts)) = m.get("allOf") else {
        return None;
    };
    let only_all_of = m
        .keys()
        .all(|k| matches!(k.as_str(), "allOf" | "type" | "description" | "title"))
        && m.get("type").is_none_or(|t| t == "object");
    let parts: Vec<Value> = parts.iter().map(|p| schemas.resolve_local(p)).collect();
    if !only_all_of || parts.is_empty() || !parts.iter().all(plain) {
        return None;
    }
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for part in &parts {
        if let Some(Value::Object(p)) = part.get("properties") {
            for (k, v) in p {
                properties.insert(k.clone(), v.clone());
            }
        }
        if let Some(Value::Array(r)) = part.get("required") {
            for name in r {
                if !required.contains(name) {
                    required.push(name.clone());
                }
            }
        }
    }
    let mut merged = Map::new();
    merged.insert("type".to_owned(), json!("object"));
    merged.insert("properties".to_owned(), Value::Object(properties));
    merged.insert("required".to_owned(), Value::Array(required));
    Some(merged)
}

fn parse_template(path: &str, params: &[Param]) -> Result<Vec<PathPiece>, String> {
    let mut pieces = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let (literal, after) = rest.split_at(open);
        if literal.contains('}') {
            return Err(format!("malformed path template '{path}'"));
        }
        if !literal.is_empty() {
            pieces.push(PathPiece::Literal(literal.to_owned()));
        }
        let Some(close) = after.find('}') else {
            return Err(format!("malformed path template '{path}'"));
        };
        let name = &after[1..close];
        let Some(index) = params
            .iter()
            .position(|p| p.location == ParamIn::Path && p.name == name)
        else {
            return Err(format!("path parameter '{name}' is not declared"));
        };
        pieces.push(PathPiece::Param(index));
        rest = &after[close + 1..];
    }
    if rest.contains('}') {
        return Err(format!("malformed path template '{path}'"));
    }
    if !rest.is_empty() {
        pieces.push(PathPiece::Literal(rest.to_owned()));
    }
    Ok(pieces)
}

pub(crate) fn is_json(media: &str) -> bool {
    let essence = media
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "*/*"
        || essence == "application/*"
        || essence.ends_with("/json")
        || essence.ends_with("+json")
}

pub(crate) fn is_text(media: &str) -> bool {
    let essence = media
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    (essence.starts_with("text/") && essence != "text/event-stream")
        || essence.ends_with("/xml")
        || essence.ends_with("+xml")
}

/// The output schema (union of the success responses) and the Accept header.
fn responses<'a>(
    schemas: &mut Schemas<'a>,
    cache: &mut OutputCache,
    responses: Option<&'a Value>,
) -> Result<(Option<Arc<Value>>, Option<String>), String> {
    let Some(Value::Object(responses)) = responses else {
        return Ok((None, None));
    };
    let mut success: Vec<(&String, &Value)> = responses
        .iter()
        .filter(|(code, _)| {
            let c = code.as_bytes();
            c.len() == 3
                && c[0] == b'2'
                && (c[1..].iter().all(u8::is_ascii_digit)
                    || &code[1..] == "XX"
                    || &code[1..] == "xx")
        })
        .collect();
    success.sort_by(|a, b| a.0.cmp(b.0));
    if success.is_empty() {
        if responses.contains_key("101") {
            return Err("WebSocket upgrade (101 Switching Protocols)".to_owned());
        }
        return Ok((None, Some("application/json, text/*;q=0.5".to_owned())));
    }
    let key = output_key(schemas, &success);
    if let Some(hit) = key.as_ref().and_then(|k| cache.built.get(k)) {
        return Ok(hit.clone());
    }
    let mut variants: Vec<Value> = Vec::new();
    let mut accept: Vec<String> = Vec::new();
    schemas.begin(Direction::Response);
    let mut unsupported: Vec<String> = Vec::new();
    for (_, response) in success {
        let response = schemas.deref(response).map_err(|e: RefError| e.reason())?;
        let content = match response.get("content") {
            Some(Value::Object(c)) if !c.is_empty() => c,
            _ => {
                push_unique(&mut variants, json!({"type": "null"}));
                continue;
            }
        };
        if let Some((media, object)) = content.iter().find(|(m, _)| is_json(m)) {
            let schema = match object.get("schema") {
                Some(s) => schemas.schema(s).map_err(|e| e.reason())?,
                None => json!({}),
            };
            push_unique(&mut variants, schema);
            let essence = media.split(';').next().unwrap_or(media).trim().to_owned();
            if !accept.contains(&essence) {
                accept.push(essence);
            }
        } else if let Some((media, _)) = content.iter().find(|(m, _)| is_text(m)) {
            push_unique(&mut variants, json!({"type": "string"}));
            let essence = media.split(';').next().unwrap_or(media).trim().to_owned();
            if !accept.contains(&essence) {
                accept.push(essence);
            }
        } else {
            unsupported.extend(content.keys().cloned());
        }
    }
    if variants.is_empty()
        || variants.iter().all(|v| v == &json!({"type": "null"})) && !unsupported.is_empty()
    {
        let what = unsupported.join(", ");
        if unsupported.iter().any(|m| m.contains("event-stream")) {
            return Err(format!("server-sent events response ({what})"));
        }
        return Err(format!("binary response ({what})"));
    }
    let output = if variants.len() == 1 {
        variants.pop().unwrap_or_else(|| json!({}))
    } else {
        json!({ "anyOf": variants })
    };
    let output = Arc::new(schemas.finish(output));
    let accept = (!accept.is_empty()).then(|| accept.join(", "));
    let result = (Some(output), accept);
    if let Some(key) = key {
        cache.built.insert(key, result.clone());
    }
    Ok(result)
}

/// What an operation's output schema and accepted media types are built from: per success
/// response, its JSON media type and schema (a lone `$ref` by its target, any other schema by
/// its place in the document), its text media type, or no content. `None` when a response
/// cannot be keyed (the conversion then builds the schema without sharing it).
fn output_key(schemas: &Schemas<'_>, success: &[(&String, &Value)]) -> Option<String> {
    use std::fmt::Write;
    let mut key = String::new();
    // Length-prefixed pieces: no media type or reference can be mistaken for another.
    let mut piece = |text: &str| {
        let _ = write!(key, "{}:{text}", text.len());
    };
    for (_, response) in success {
        let response = schemas.deref(response).ok()?;
        let content = match response.get("content") {
            Some(Value::Object(c)) if !c.is_empty() => c,
            _ => {
                piece("null");
                continue;
            }
        };
        if let Some((media, object)) = content.iter().find(|(m, _)| is_json(m)) {
            piece("json");
            piece(media.split(';').next().unwrap_or(media).trim());
            match object.get("schema") {
                None => piece("{}"),
                Some(Value::Object(map)) if map.len() == 1 && map.contains_key("$ref") => {
                    piece("$ref");
                    piece(map.get("$ref").and_then(Value::as_str)?);
                }
                Some(schema) => {
                    piece("at");
                    piece(&format!("{:p}", std::ptr::from_ref(schema)));
                }
            }
        } else if let Some((media, _)) = content.iter().find(|(m, _)| is_text(m)) {
            piece("text");
            piece(media.split(';').next().unwrap_or(media).trim());
        } else {
            return None;
        }
    }
    Some(key)
}

fn push_unique(list: &mut Vec<Value>, v: Value) {
    if !list.contains(&v) {
        list.push(v);
    }
}

fn security(
    shared: &Shared<'_>,
    own: Option<&Value>,
) -> Result<Vec<Vec<Arc<SecurityScheme>>>, String> {
    let Some(Value::Array(requirements)) = own.or(shared.global_security) else {
        return Ok(Vec::new());
    };
    let mut alternatives = Vec::new();
    let mut problems = Vec::new();
    let mut anonymous = false;
    for requirement in requirements {
        let Value::Object(requirement) = requirement else {
            continue;
        };
        if requirement.is_empty() {
            anonymous = true;
            continue;
        }
        let mut set = Vec::new();
        for name in requirement.keys() {
            match shared.schemes.get(name) {
                Some(Ok(scheme)) => set.push(scheme.clone()),
                Some(Err(why)) => problems.push(format!("'{name}': {why}")),
                None => problems.push(format!("'{name}' is not defined")),
            }
        }
        if set.len() == requirement.len() {
            alternatives.push(set);
        }
    }
    if alternatives.is_empty() && !anonymous && !problems.is_empty() {
        return Err(format!(
            "unsupported security scheme {}",
            problems.join("; ")
        ));
    }
    if anonymous {
        // No credentials at all is acceptable; alternatives are tried first when available.
        alternatives.push(Vec::new());
    }
    Ok(alternatives)
}

fn base_url(shared: &Shared<'_>, src: &OperationSource<'_>) -> Result<String, String> {
    if let Some(url) = &shared.base_url_override {
        return Ok(url.trim_end_matches('/').to_owned());
    }
    let servers = [
        src.op.get("servers"),
        src.item.get("servers"),
        shared.root_servers,
    ]
    .into_iter()
    .flatten()
    .find_map(|s| s.as_array().and_then(|a| a.first()));
    let Some(server) = servers else {
        return Err("the document names no server; set a base URL".to_owned());
    };
    let Some(template) = server.get("url").and_then(Value::as_str) else {
        return Err("the document's server has no url; set a base URL".to_owned());
    };
    let mut url = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        url.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            return Err(format!("malformed server url '{template}'; set a base URL"));
        };
        let name = &rest[open + 1..open + close];
        let default = server
            .pointer(&format!(
                "/variables/{}/default",
                name.replace('~', "~0").replace('/', "~1")
            ))
            .and_then(Value::as_str);
        match default {
            Some(d) => url.push_str(d),
            None => {
                return Err(format!(
                    "server variable '{name}' has no default; set a base URL"
                ))
            }
        }
        rest = &rest[open + close + 1..];
    }
    url.push_str(rest);
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(format!(
            "the document's server url '{url}' is not an absolute http(s) URL; set a base URL"
        ));
    }
    Ok(url.trim_end_matches('/').to_owned())
}

fn description(src: &OperationSource<'_>) -> String {
    let text = |k: &str| {
        src.op
            .get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let mut out = match (text("summary"), text("description")) {
        (Some(s), Some(d)) if d != s => format!("{s}\n\n{d}"),
        (Some(s), _) => s.to_owned(),
        (None, Some(d)) => d.to_owned(),
        (None, None) => format!("{} {}", src.method.to_ascii_uppercase(), src.path),
    };
    if src.op.get("deprecated") == Some(&Value::Bool(true)) {
        out.push_str("\n\nDeprecated.");
    }
    out
}

/// The tool name an operation asks for (before de-duplication).
pub(crate) fn wanted_name(method: &str, path: &str, operation_id: Option<&str>) -> Vec<String> {
    operation_id
        .and_then(names::from_operation_id)
        .unwrap_or_else(|| vec![names::from_method_path(method, path)])
}

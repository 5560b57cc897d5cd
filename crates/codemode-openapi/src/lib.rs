//! OpenAPI 3.0/3.1 operations as codemode tools over HTTP.
//!
//! [`from_spec`] turns every supported operation of a document (JSON or YAML) into a
//! [`codemode_catalog::Tool`] whose handler makes the HTTP call with reqwest, and lists the
//! operations it could not support in [`Conversion::skipped`] with a reason.
//!
//! # Why no OpenAPI model crate
//!
//! The document is read as a `serde_json::Value` and walked by a small typed layer of our own
//! (operations, parameters, bodies, responses, security) instead of through `openapiv3`.
//! `openapiv3` reads 3.0 only; 3.1 documents (what FastAPI emits: `type: [x, "null"]`,
//! `const`, `examples`, JSON Schema 2020-12 keywords) would need a lossy normalization pass
//! before it could read them, and a strict model also rejects whole documents over one odd
//! field. Working on the `Value` reads 3.0 and 3.1 with the same code, keeps schemas as the
//! JSON they already are (a tool's schema is JSON anyway), and lets a malformed operation be
//! skipped instead of failing the document. The only version-specific work is rewriting the
//! 3.0 schema keywords (`nullable`, boolean `exclusiveMinimum`) into JSON Schema.
//!
//! See docs/openapi.md for the rules (names, flattened inputs, encodings, auth).

#![forbid(unsafe_code)]
mod auth;
mod convert;
mod document;
mod http;
mod names;
mod schema;

pub use auth::{
    env_var_name, ApiKeyLocation, AuthRequest, AuthResolver, Credentials, SchemeKind, Secret,
    SecurityScheme, SharedAuthResolver,
};
pub use codemode_catalog::SchemaMode;
pub use document::{Document, Version};

use codemode_catalog::{CallContext, Tool};
use convert::{OperationSource, Shared, METHODS};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A document that cannot be converted at all. Single operations never cause this: they are
/// skipped with a reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenApiError {
    /// Neither JSON nor YAML.
    #[error("invalid {format}: {message}{}", location(*line, *column))]
    Syntax {
        format: &'static str,
        message: String,
        line: Option<usize>,
        column: Option<usize>,
    },
    /// JSON or YAML, but not an OpenAPI document.
    #[error("not an OpenAPI document: {0}")]
    NotOpenApi(String),
    /// An OpenAPI (or Swagger) version other than 3.0.x and 3.1.x.
    #[error("unsupported OpenAPI version {0}: only 3.0.x and 3.1.x are supported")]
    UnsupportedVersion(String),
    /// An option that cannot be used (an invalid header, namespace prefix or base URL).
    #[error("invalid option: {0}")]
    InvalidOption(String),
}

fn location(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!(" (line {l}, column {c})"),
        (Some(l), None) => format!(" (line {l})"),
        _ => String::new(),
    }
}

/// What the filter sees of an operation.
#[derive(Debug, Clone)]
pub struct OperationInfo<'a> {
    /// Upper-case (`GET`).
    pub method: &'a str,
    /// The path template (`/items/{id}`).
    pub path: &'a str,
    pub operation_id: Option<&'a str>,
    pub tags: Vec<&'a str>,
}

/// Which operations become tools. Operations it rejects are left out silently (they are not
/// "skipped": nothing is wrong with them).
#[derive(Clone)]
pub struct OperationFilter(Arc<dyn Fn(&OperationInfo<'_>) -> bool + Send + Sync>);

impl OperationFilter {
    pub fn new(predicate: impl Fn(&OperationInfo<'_>) -> bool + Send + Sync + 'static) -> Self {
        OperationFilter(Arc::new(predicate))
    }

    /// Keeps the operations named in `names`, each an operationId (`items.list`), a
    /// `METHOD /path` (`GET /items/{id}`), or a tag prefixed with `tag:` (`tag:stock`).
    pub fn allow<I, S>(names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let names: std::collections::HashSet<String> = names.into_iter().map(Into::into).collect();
        OperationFilter::new(move |op| {
            op.operation_id.is_some_and(|id| names.contains(id))
                || names.contains(&format!("{} {}", op.method, op.path))
                || op.tags.iter().any(|t| names.contains(&format!("tag:{t}")))
        })
    }

    pub fn matches(&self, op: &OperationInfo<'_>) -> bool {
        (self.0)(op)
    }
}

impl fmt::Debug for OperationFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OperationFilter(..)")
    }
}

/// How to convert a document and make its calls.
#[derive(Clone)]
pub struct OpenApiOptions {
    /// Overrides the document's `servers` (`https://api.example.com/v2`).
    pub base_url: Option<String>,
    /// Sent with every request (`User-Agent`, tenant headers ...). Their values never appear
    /// in `Debug` output.
    pub headers: Vec<(String, String)>,
    /// Secrets by `securitySchemes` name.
    pub credentials: Credentials,
    /// Asked before `credentials` on every call, with the execution's context.
    pub auth_resolver: Option<SharedAuthResolver>,
    /// Only these operations become tools (all when `None`).
    pub operations: Option<OperationFilter>,
    /// Per request, from connecting to the end of the body. Default 30 s.
    pub timeout: Duration,
    /// A success response whose body is larger is a failure. Default 50 MiB.
    pub max_response_bytes: usize,
    /// Puts every tool under this dotted namespace (`github` -> `github.repos.get`).
    pub namespace_prefix: Option<String>,
    /// Whether the driver enforces the generated schemas (`Validate`, the default) or only
    /// shows them (`RenderOnly`), for APIs whose responses drift from their description.
    pub schema_mode: SchemaMode,
}

impl Default for OpenApiOptions {
    fn default() -> Self {
        OpenApiOptions {
            base_url: None,
            headers: Vec::new(),
            credentials: Credentials::default(),
            auth_resolver: None,
            operations: None,
            timeout: Duration::from_secs(30),
            max_response_bytes: 50 * 1024 * 1024,
            namespace_prefix: None,
            schema_mode: SchemaMode::Validate,
        }
    }
}

impl fmt::Debug for OpenApiOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, _)| (k.as_str(), "<redacted>"))
            .collect();
        f.debug_struct("OpenApiOptions")
            .field("base_url", &self.base_url)
            .field("headers", &headers)
            .field("credentials", &self.credentials)
            .field("auth_resolver", &self.auth_resolver.as_ref().map(|_| ".."))
            .field("operations", &self.operations)
            .field("timeout", &self.timeout)
            .field("max_response_bytes", &self.max_response_bytes)
            .field("namespace_prefix", &self.namespace_prefix)
            .field("schema_mode", &self.schema_mode)
            .finish()
    }
}

/// An operation that did not become a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// Upper-case (`POST`).
    pub method: String,
    pub path: String,
    pub operation_id: Option<String>,
    pub reason: String,
}

/// The result of a conversion.
#[derive(Debug, Clone)]
pub struct Conversion {
    /// One per supported operation, in document order.
    pub tools: Vec<Tool>,
    pub skipped: Vec<Skipped>,
    /// Descriptions of namespaces (dotted, including the prefix): the namespace prefix gets the
    /// document's title, and a namespace named like a tag gets the tag's description.
    pub namespaces: Vec<(String, String)>,
    /// Every credential the tools may send, for a host to scrub echoes of them from what the
    /// model reads (the facade's `Builder::redact_secrets`): each static credential, the
    /// password of a basic `user:password` credential on its own, and the values of extra
    /// headers whose name says they carry a credential (see [`is_credential_header`]).
    /// Secrets an [`AuthResolver`] gives per call are not known here; the tools scrub those
    /// from their own outputs and error messages.
    pub secrets: Vec<Secret>,
}

/// Whether an extra header's name says its value is a credential: `Authorization`,
/// `Proxy-Authorization`, `Cookie`, or a name containing `key`, `token`, `secret`, `auth`,
/// `session`, `password` or `signature` (case-insensitive).
pub fn is_credential_header(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name == "cookie"
        || [
            "auth",
            "key",
            "token",
            "secret",
            "session",
            "password",
            "signature",
        ]
        .iter()
        .any(|part| name.contains(part))
}

/// The secrets of [`Conversion::secrets`].
fn sent_secrets(
    options: &OpenApiOptions,
    schemes: &HashMap<String, Result<Arc<SecurityScheme>, String>>,
) -> Vec<Secret> {
    let mut secrets: Vec<Secret> = Vec::new();
    let mut add = |s: &str| {
        if !s.is_empty() && !secrets.iter().any(|known| known.expose() == s) {
            secrets.push(Secret::new(s));
        }
    };
    for scheme in options.credentials.schemes() {
        let Some(secret) = options.credentials.get(scheme) else {
            continue;
        };
        add(secret.expose());
        let basic = matches!(
            schemes.get(scheme),
            Some(Ok(s)) if s.kind == SchemeKind::Basic
        );
        if let (true, Some((_, password))) = (basic, secret.expose().split_once(':')) {
            add(password);
        }
    }
    for (name, value) in &options.headers {
        if is_credential_header(name) {
            add(value);
            // `Authorization: Bearer x` / `Basic x`: the part after the scheme too.
            if let Some((_, rest)) = value.split_once(' ') {
                add(rest.trim());
            }
        }
    }
    secrets
}

/// Converts a document (JSON or YAML text).
pub fn from_spec(spec: &str, options: OpenApiOptions) -> Result<Conversion, OpenApiError> {
    let document = Document::parse(spec)?;
    convert(&document, options)
}

/// Converts an already-parsed document.
pub fn convert(document: &Document, options: OpenApiOptions) -> Result<Conversion, OpenApiError> {
    let root = &document.root;
    let prefix = match &options.namespace_prefix {
        None => Vec::new(),
        Some(p) => {
            let segments: Vec<String> = p.split('.').map(names::identifier).collect();
            if segments.iter().any(String::is_empty) {
                return Err(OpenApiError::InvalidOption(format!(
                    "namespace prefix {p:?} is not a dotted name"
                )));
            }
            segments
        }
    };
    let headers = header_map(&options.headers)?;
    let base_url_override = match &options.base_url {
        None => None,
        Some(url) => match reqwest::Url::parse(url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => Some(url.clone()),
            _ => {
                return Err(OpenApiError::InvalidOption(format!(
                    "base URL {url:?} is not an absolute http(s) URL"
                )))
            }
        },
    };

    let mut schemes = HashMap::new();
    if let Some(Value::Object(defined)) = root.pointer("/components/securitySchemes") {
        let lookup = schema::Schemas::new(root);
        for (name, scheme) in defined {
            let parsed = lookup
                .deref(scheme)
                .map_err(|e| e.reason())
                .and_then(|s| SecurityScheme::parse(name, s))
                .map(Arc::new);
            schemes.insert(name.clone(), parsed);
        }
    }
    let shared = Shared {
        schemes,
        global_security: root.get("security"),
        root_servers: root.get("servers"),
        base_url_override,
    };
    let runtime = Arc::new(http::Runtime::new(
        headers,
        options.credentials.clone(),
        options.auth_resolver.clone(),
        options.timeout,
        options.max_response_bytes,
    ));

    let mut schemas = schema::Schemas::new(root);
    let mut outputs = convert::OutputCache::default();
    let mut claimed = names::Names::default();
    let mut tools = Vec::new();
    let mut skipped = Vec::new();
    let empty = serde_json::Map::new();
    let paths = root
        .get("paths")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    for (path, item) in paths {
        // A path item that cannot be read is one entry for all its operations (`*`).
        let item = match schemas.deref(item) {
            Ok(Value::Object(item)) => item,
            Ok(_) => {
                skipped.push(Skipped {
                    method: "*".to_owned(),
                    path: path.clone(),
                    operation_id: None,
                    reason: "the path item is not an object".to_owned(),
                });
                continue;
            }
            Err(e) => {
                skipped.push(Skipped {
                    method: "*".to_owned(),
                    path: path.clone(),
                    operation_id: None,
                    reason: e.reason(),
                });
                continue;
            }
        };
        for (method, op) in item {
            if !METHODS.contains(&method.as_str()) {
                continue;
            }
            let upper = method.to_ascii_uppercase();
            let Value::Object(op) = op else {
                skipped.push(Skipped {
                    method: upper,
                    path: path.clone(),
                    operation_id: None,
                    reason: "the operation is not an object".to_owned(),
                });
                continue;
            };
            let operation_id = op.get("operationId").and_then(Value::as_str);
            let tags: Vec<&str> = op
                .get("tags")
                .and_then(Value::as_array)
                .map(|t| t.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if let Some(filter) = &options.operations {
                let info = OperationInfo {
                    method: &upper,
                    path,
                    operation_id,
                    tags,
                };
                if !filter.matches(&info) {
                    continue;
                }
            }
            let skip = |reason: String| Skipped {
                method: upper.clone(),
                path: path.clone(),
                operation_id: operation_id.map(str::to_owned),
                reason,
            };
            if !path.starts_with('/') {
                skipped.push(skip("the path does not start with '/'".to_owned()));
                continue;
            }
            let src = OperationSource {
                method,
                path,
                item,
                op,
            };
            let converted = match convert::convert(&mut schemas, &mut outputs, &shared, &src) {
                Ok(c) => c,
                Err(reason) => {
                    skipped.push(skip(reason));
                    continue;
                }
            };
            let name = claimed.claim(&prefix, convert::wanted_name(method, path, operation_id));
            let operation = Arc::new(converted.operation);
            let rt = runtime.clone();
            let handler = move |input: Value, cx: CallContext| {
                let rt = rt.clone();
                let op = operation.clone();
                async move { http::call(&rt, &op, input, cx).await }
            };
            match Tool::new(
                &name.join("."),
                converted.description,
                converted.input_schema,
                handler,
            ) {
                Ok(tool) => {
                    let tool = match converted.output_schema {
                        Some(schema) => tool.with_shared_output_schema(schema),
                        None => tool,
                    };
                    let tool = match options.schema_mode {
                        SchemaMode::RenderOnly => tool.render_only(),
                        SchemaMode::Validate => tool,
                    };
                    tools.push(tool);
                }
                Err(why) => skipped.push(skip(why)),
            }
        }
    }

    let namespaces = namespace_descriptions(root, &prefix, &tools);
    Ok(Conversion {
        tools,
        skipped,
        namespaces,
        secrets: sent_secrets(&options, &shared.schemes),
    })
}

fn header_map(headers: &[(String, String)]) -> Result<HeaderMap, OpenApiError> {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        let header = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| OpenApiError::InvalidOption(format!("invalid header name {name:?}")))?;
        let mut value = HeaderValue::from_str(value).map_err(|_| {
            OpenApiError::InvalidOption(format!("the value of header {name:?} is not valid"))
        })?;
        // Extra headers often carry tokens: keep them out of any Debug output.
        value.set_sensitive(true);
        map.append(header, value);
    }
    Ok(map)
}

fn namespace_descriptions(
    root: &Value,
    prefix: &[String],
    tools: &[Tool],
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    if !prefix.is_empty() {
        let info = |k: &str| {
            root.pointer(&format!("/info/{k}"))
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let text = match (info("title"), info("description")) {
            (Some(t), Some(d)) => format!("{t}\n\n{d}"),
            (Some(t), None) => t.to_owned(),
            (None, Some(d)) => d.to_owned(),
            (None, None) => String::new(),
        };
        if !text.is_empty() {
            out.push((prefix.join("."), text));
        }
    }
    let mut tags: HashMap<String, String> = HashMap::new();
    if let Some(Value::Array(list)) = root.get("tags") {
        for tag in list {
            let name = tag
                .get("name")
                .and_then(Value::as_str)
                .map(names::identifier);
            let description = tag
                .get("description")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|d| !d.is_empty());
            if let (Some(name), Some(description)) = (name, description) {
                tags.entry(name).or_insert_with(|| description.to_owned());
            }
        }
    }
    if tags.is_empty() {
        return out;
    }
    let mut seen = std::collections::HashSet::new();
    for tool in tools {
        let segments = tool.path().segments();
        for n in prefix.len() + 1..segments.len() {
            let namespace = segments[..n].join(".");
            if !seen.insert(namespace.clone()) {
                continue;
            }
            if let Some(description) = segments.get(n - 1).and_then(|last| tags.get(last)) {
                out.push((namespace, description.clone()));
            }
        }
    }
    out
}

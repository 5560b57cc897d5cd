//! Making the call: input -> request, response -> value.

use crate::auth::{
    ApiKeyLocation, AuthRequest, Credentials, SchemeKind, Secret, SharedAuthResolver,
};
use crate::convert::{is_json, is_text, BodyFields, Operation, ParamIn, PathPiece, Style};
use codemode_catalog::{CallContext, ToolError};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::{Map, Value};
use std::sync::OnceLock;
use std::time::Duration;

/// Everything but the unreserved characters of RFC 3986 is percent-encoded.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// How much of a failed response's body is read, and how much of it the message quotes.
const ERROR_READ_BYTES: usize = 64 * 1024;
const ERROR_EXCERPT_BYTES: usize = 1_000;

/// State shared by every tool of one conversion. The HTTP client is built on the first call so
/// that converting a large document stays cheap.
pub(crate) struct Runtime {
    pub headers: HeaderMap,
    pub credentials: Credentials,
    pub resolver: Option<SharedAuthResolver>,
    pub timeout: Duration,
    pub max_response_bytes: usize,
    client: OnceLock<Result<reqwest::Client, String>>,
}

impl Runtime {
    pub(crate) fn new(
        headers: HeaderMap,
        credentials: Credentials,
        resolver: Option<SharedAuthResolver>,
        timeout: Duration,
        max_response_bytes: usize,
    ) -> Runtime {
        Runtime {
            headers,
            credentials,
            resolver,
            timeout,
            max_response_bytes,
            client: OnceLock::new(),
        }
    }

    fn client(&self) -> Result<&reqwest::Client, ToolError> {
        self.client
            .get_or_init(|| {
                reqwest::Client::builder()
                    // Redirects stay on the same origin: credentials must not follow a
                    // redirect to another host.
                    .redirect(reqwest::redirect::Policy::custom(|attempt| {
                        let same_origin = attempt
                            .previous()
                            .first()
                            .is_some_and(|first| first.origin() == attempt.url().origin());
                        if same_origin && attempt.previous().len() < 5 {
                            attempt.follow()
                        } else {
                            attempt.stop()
                        }
                    }))
                    .build()
                    .map_err(|e| error_text(e.without_url()))
            })
            .as_ref()
            .map_err(|e| ToolError::new(format!("could not create the HTTP client: {e}")))
    }
}

pub(crate) async fn call(
    runtime: &Runtime,
    op: &Operation,
    input: Value,
    cx: CallContext,
) -> Result<Value, ToolError> {
    let input = match input {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        _ => return Err(ToolError::new("the input must be an object")),
    };
    let base = op
        .base_url
        .as_ref()
        .map_err(|why| ToolError::new(why.clone()))?;

    // Path.
    let mut url = base.clone();
    for piece in &op.path {
        match piece {
            PathPiece::Literal(text) => url.push_str(text),
            PathPiece::Param(i) => {
                let Some(param) = op.params.get(*i) else {
                    continue;
                };
                let value = input
                    .get(&param.key)
                    .filter(|v| !v.is_null())
                    .ok_or_else(|| {
                        ToolError::new(format!("missing path parameter '{}'", param.key))
                    })?;
                let text = simple(value, param.explode, true);
                if text.is_empty() || text == "." || text == ".." {
                    return Err(ToolError::new(format!(
                        "path parameter '{}' must not be empty, '.' or '..'",
                        param.key
                    )));
                }
                url.push_str(&text);
            }
        }
    }

    // Query and headers.
    let mut query: Vec<String> = Vec::new();
    let mut headers = runtime.headers.clone();
    for param in &op.params {
        let Some(value) = input.get(&param.key).filter(|v| !v.is_null()) else {
            continue;
        };
        match param.location {
            ParamIn::Path => {}
            ParamIn::Query => match param.style {
                Style::DeepObject => deep_object(&mut query, &param.name, value, 0),
                _ => form(&mut query, &param.name, value, param.explode),
            },
            ParamIn::Header => {
                let name = HeaderName::from_bytes(param.name.as_bytes()).map_err(|_| {
                    ToolError::new(format!("'{}' is not a valid header name", param.name))
                })?;
                let text = simple(value, param.explode, false);
                let value = HeaderValue::from_str(&text).map_err(|_| {
                    ToolError::new(format!(
                        "header parameter '{}' has an invalid value",
                        param.key
                    ))
                })?;
                headers.insert(name, value);
            }
        }
    }
    if let Some(accept) = &op.accept {
        if let Ok(v) = HeaderValue::from_str(accept) {
            headers.insert(reqwest::header::ACCEPT, v);
        }
    }

    // Body.
    let mut body_bytes = None;
    if let Some(body) = &op.body {
        let value = match &body.fields {
            BodyFields::Whole { key } => input.get(key).cloned(),
            BodyFields::Flattened(props) => {
                let mut object = Map::new();
                for (key, prop) in props {
                    if let Some(v) = input.get(key) {
                        object.insert(prop.clone(), v.clone());
                    }
                }
                (!object.is_empty() || body.required).then_some(Value::Object(object))
            }
        };
        if let Some(value) = value {
            let bytes = serde_json::to_vec(&value)
                .map_err(|e| ToolError::new(format!("could not encode the body: {e}")))?;
            if let Ok(v) = HeaderValue::from_str(&body.content_type) {
                headers.insert(reqwest::header::CONTENT_TYPE, v);
            }
            body_bytes = Some(bytes);
        }
    }

    // Authentication: the first alternative whose every scheme has a secret.
    // Every form of the secrets sent, to scrub server echoes of them from what comes back.
    let mut echo: Vec<String> = Vec::new();
    'alternatives: for alternative in &op.security {
        let mut found = Vec::new();
        for scheme in alternative {
            let request = AuthRequest {
                scheme,
                tool: &cx.path,
                context: &cx.context,
            };
            let secret = runtime
                .resolver
                .as_ref()
                .and_then(|r| r.resolve(&request))
                .or_else(|| runtime.credentials.get(&scheme.name).cloned());
            match secret {
                Some(secret) => found.push((scheme, secret)),
                None => continue 'alternatives,
            }
        }
        for (scheme, secret) in found {
            apply_auth(&scheme.kind, &secret, &mut headers, &mut query)?;
            echo_forms(&secret, scheme.kind == SchemeKind::Basic, &mut echo);
        }
        break;
    }

    if !query.is_empty() {
        url.push(if url.contains('?') { '&' } else { '?' });
        url.push_str(&query.join("&"));
    }
    let url = reqwest::Url::parse(&url)
        .map_err(|e| ToolError::new(format!("invalid request URL for {}: {e}", op.display)))?;

    let client = runtime.client()?;
    let mut request = client
        .request(op.method.clone(), url)
        .headers(headers)
        .timeout(runtime.timeout);
    if let Some(bytes) = body_bytes {
        request = request.body(bytes);
    }
    let mut response = request
        .send()
        .await
        .map_err(|e| transport_error(e, op, runtime))?;

    let status = response.status();
    if !status.is_success() {
        let bytes = read_capped(
            &mut response,
            ERROR_READ_BYTES.min(runtime.max_response_bytes),
            false,
            op,
            runtime,
        )
        .await
        .unwrap_or_default();
        let mut excerpt = String::from_utf8_lossy(&bytes).trim().to_owned();
        for secret in runtime.credentials.values() {
            echo_forms(secret, false, &mut echo);
        }
        scrub(&mut excerpt, &echo);
        let excerpt = crate::document::truncate(&excerpt, ERROR_EXCERPT_BYTES);
        let mut message = format!("HTTP {status} from {}", op.display);
        if !excerpt.is_empty() {
            message.push_str(": ");
            message.push_str(&excerpt);
        }
        return Err(ToolError::new(message).with_detail(format!("status {}", status.as_u16())));
    }

    let content_type = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let bytes = read_capped(&mut response, runtime.max_response_bytes, true, op, runtime).await?;
    let mut value = decode(&bytes, &content_type, op)?;
    if !echo.is_empty() {
        scrub_value(&mut value, &echo);
    }
    Ok(value)
}

/// What replaces a secret a server echoed.
const REDACTED: &str = "<redacted>";

/// Adds the forms `secret` takes when a server echoes what it received: the value, its
/// percent-encoded form (query, cookie), its JSON-escaped form (inside JSON text), its
/// base64 (a basic `Authorization` header), and for basic credentials the password alone.
/// Forms shorter than 4 bytes are left alone: they would match ordinary text by chance.
fn echo_forms(secret: &Secret, basic: bool, forms: &mut Vec<String>) {
    let value = secret.expose();
    let mut add = |form: String| {
        if form.len() >= 4 && !forms.contains(&form) {
            forms.push(form);
        }
    };
    add(value.to_owned());
    add(utf8_percent_encode(value, COMPONENT).to_string());
    let json = serde_json::to_string(value).unwrap_or_default();
    add(json
        .get(1..json.len().saturating_sub(1))
        .unwrap_or("")
        .to_owned());
    let encoded = base64(value.as_bytes());
    add(encoded.trim_end_matches('=').to_owned());
    add(encoded);
    if let (true, Some((_, password))) = (basic, value.split_once(':')) {
        add(password.to_owned());
        add(utf8_percent_encode(password, COMPONENT).to_string());
    }
    // Longest first, so a form that contains another is replaced whole.
    forms.sort_by_key(|f| std::cmp::Reverse(f.len()));
}

fn scrub(text: &mut String, forms: &[String]) {
    for form in forms {
        if text.contains(form.as_str()) {
            *text = text.replace(form.as_str(), REDACTED);
        }
    }
}

/// Scrubs every string of a decoded response, object keys included; an explicit stack, so
/// a deep response cannot overflow the native stack.
fn scrub_value(value: &mut Value, forms: &[String]) {
    let mut stack: Vec<&mut Value> = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(text) => scrub(text, forms),
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => {
                if map
                    .keys()
                    .any(|k| forms.iter().any(|f| k.contains(f.as_str())))
                {
                    let old = std::mem::take(map);
                    for (mut key, item) in old {
                        scrub(&mut key, forms);
                        map.insert(key, item);
                    }
                }
                stack.extend(map.values_mut());
            }
            _ => {}
        }
    }
}

fn apply_auth(
    kind: &SchemeKind,
    secret: &Secret,
    headers: &mut HeaderMap,
    query: &mut Vec<String>,
) -> Result<(), ToolError> {
    let sensitive = |text: String| {
        HeaderValue::from_str(&text)
            .map(|mut v| {
                v.set_sensitive(true);
                v
            })
            .map_err(|_| ToolError::new("a credential is not a valid header value"))
    };
    match kind {
        SchemeKind::Bearer | SchemeKind::OAuth2 | SchemeKind::OpenIdConnect => {
            headers.insert(
                reqwest::header::AUTHORIZATION,
                sensitive(format!("Bearer {}", secret.expose()))?,
            );
        }
        SchemeKind::Basic => {
            headers.insert(
                reqwest::header::AUTHORIZATION,
                sensitive(format!("Basic {}", base64(secret.expose().as_bytes())))?,
            );
        }
        SchemeKind::ApiKey { location, name } => match location {
            ApiKeyLocation::Header => {
                let header = HeaderName::from_bytes(name.as_bytes())
                    .map_err(|_| ToolError::new(format!("'{name}' is not a valid header name")))?;
                headers.insert(header, sensitive(secret.expose().to_owned())?);
            }
            ApiKeyLocation::Query => query.push(format!(
                "{}={}",
                utf8_percent_encode(name, COMPONENT),
                utf8_percent_encode(secret.expose(), COMPONENT)
            )),
            ApiKeyLocation::Cookie => {
                let cookie = format!("{name}={}", utf8_percent_encode(secret.expose(), COMPONENT));
                let value = match headers
                    .get(reqwest::header::COOKIE)
                    .and_then(|v| v.to_str().ok())
                {
                    Some(existing) => format!("{existing}; {cookie}"),
                    None => cookie,
                };
                headers.insert(reqwest::header::COOKIE, sensitive(value)?);
            }
        },
    }
    Ok(())
}

fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(TABLE[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Text of a scalar for `simple` and `form` encodings (strings bare, others as JSON).
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// `simple` style (path and header): arrays `a,b`; objects `k,v,k2,v2` or, exploded,
/// `k=v,k2=v2`. Path values are percent-encoded piece by piece so the delimiters survive.
fn simple(value: &Value, explode: bool, encode: bool) -> String {
    let enc = |s: &str| -> String {
        if encode {
            utf8_percent_encode(s, COMPONENT).to_string()
        } else {
            s.to_owned()
        }
    };
    match value {
        Value::Array(items) => items
            .iter()
            .map(|v| enc(&scalar(v)))
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| {
                if explode {
                    format!("{}={}", enc(k), enc(&scalar(v)))
                } else {
                    format!("{},{}", enc(k), enc(&scalar(v)))
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        other => enc(&scalar(other)),
    }
}

/// `form` style: `name=v`; arrays `name=a&name=b` (exploded) or `name=a,b`; objects
/// `k=v&k2=v2` (exploded) or `name=k,v,k2,v2`.
fn form(query: &mut Vec<String>, name: &str, value: &Value, explode: bool) {
    let name_enc = utf8_percent_encode(name, COMPONENT).to_string();
    let enc = |s: &str| utf8_percent_encode(s, COMPONENT).to_string();
    match value {
        Value::Array(items) => {
            let items = items.iter().filter(|v| !v.is_null());
            if explode {
                for v in items {
                    query.push(format!("{name_enc}={}", enc(&scalar(v))));
                }
            } else {
                let joined: Vec<String> = items.map(|v| enc(&scalar(v))).collect();
                query.push(format!("{name_enc}={}", joined.join(",")));
            }
        }
        Value::Object(map) => {
            let entries = map.iter().filter(|(_, v)| !v.is_null());
            if explode {
                for (k, v) in entries {
                    query.push(format!("{}={}", enc(k), enc(&scalar(v))));
                }
            } else {
                let joined: Vec<String> = entries
                    .map(|(k, v)| format!("{},{}", enc(k), enc(&scalar(v))))
                    .collect();
                query.push(format!("{name_enc}={}", joined.join(",")));
            }
        }
        other => query.push(format!("{name_enc}={}", enc(&scalar(other)))),
    }
}

/// `deepObject` style: `name[k]=v`; nested objects continue the brackets
/// (`name[a][b]=v`), arrays repeat the key.
fn deep_object(query: &mut Vec<String>, name: &str, value: &Value, depth: usize) {
    let enc = |s: &str| utf8_percent_encode(s, COMPONENT).to_string();
    match value {
        Value::Object(map) if depth < 8 => {
            for (k, v) in map {
                deep_object(query, &format!("{name}[{k}]"), v, depth + 1);
            }
        }
        Value::Array(items) => {
            for v in items.iter().filter(|v| !v.is_null()) {
                query.push(format!("{}={}", enc(name), enc(&scalar(v))));
            }
        }
        Value::Null => {}
        other => query.push(format!("{}={}", enc(name), enc(&scalar(other)))),
    }
}

/// Reads the body, stopping at `cap` bytes. Past the cap: an error when `strict`, else the
/// first `cap` bytes.
async fn read_capped(
    response: &mut reqwest::Response,
    cap: usize,
    strict: bool,
    op: &Operation,
    runtime: &Runtime,
) -> Result<Vec<u8>, ToolError> {
    let over = || {
        ToolError::new(format!(
            "the response of {} exceeds the {} cap on response bodies",
            op.display,
            human_bytes(cap)
        ))
    };
    if strict && response.content_length().is_some_and(|n| n > cap as u64) {
        return Err(over());
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| transport_error(e, op, runtime))?
    {
        if bytes.len() + chunk.len() > cap {
            if strict {
                return Err(over());
            }
            let room = cap - bytes.len();
            bytes.extend_from_slice(&chunk[..room.min(chunk.len())]);
            break;
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

fn human_bytes(n: usize) -> String {
    if n >= 1024 * 1024 && n % (1024 * 1024) == 0 {
        format!("{} MiB", n / (1024 * 1024))
    } else if n >= 1024 && n % 1024 == 0 {
        format!("{} KiB", n / 1024)
    } else {
        format!("{n} bytes")
    }
}

fn decode(bytes: &[u8], content_type: &str, op: &Operation) -> Result<Value, ToolError> {
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    if is_json(content_type) && !content_type.trim().is_empty() {
        return serde_json::from_slice(bytes).map_err(|e| {
            ToolError::new(format!(
                "the response of {} is not valid JSON: {e}",
                op.display
            ))
        });
    }
    if is_text(content_type) {
        return Ok(Value::String(String::from_utf8_lossy(bytes).into_owned()));
    }
    if content_type.trim().is_empty() {
        if let Ok(v) = serde_json::from_slice(bytes) {
            return Ok(v);
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(text) if content_type.trim().is_empty() => Ok(Value::String(text.to_owned())),
        _ => Err(ToolError::new(format!(
            "the response of {} is binary ({}), which is not supported",
            op.display,
            if content_type.is_empty() {
                "no content type"
            } else {
                content_type
            }
        ))),
    }
}

fn transport_error(e: reqwest::Error, op: &Operation, runtime: &Runtime) -> ToolError {
    // `without_url`: the URL may carry an API key in its query.
    let e = e.without_url();
    if e.is_timeout() {
        return ToolError::new(format!(
            "{} timed out after {:?}",
            op.display, runtime.timeout
        ));
    }
    if e.is_connect() {
        return ToolError::new(format!("{}: could not connect to the server", op.display))
            .with_detail(error_text(e));
    }
    ToolError::new(format!("{} failed: {}", op.display, error_text(e)))
}

/// An error with its causes (reqwest's own message is terse).
fn error_text(e: reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(&e);
    let mut n = 0;
    while let Some(s) = source {
        n += 1;
        if n > 5 {
            break;
        }
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn encodings() {
        assert_eq!(base64(b"user:pa ss"), "dXNlcjpwYSBzcw==");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(simple(&json!(["a b", "c,d"]), false, true), "a%20b,c%2Cd");
        assert_eq!(simple(&json!({"x": 1, "y": "z"}), true, false), "x=1,y=z");
        let mut q = Vec::new();
        form(&mut q, "tag", &json!(["a", "b"]), true);
        form(&mut q, "ids", &json!([1, 2]), false);
        deep_object(
            &mut q,
            "filter",
            &json!({"status": "on", "range": {"min": 1}}),
            0,
        );
        assert_eq!(
            q,
            [
                "tag=a",
                "tag=b",
                "ids=1,2",
                "filter%5Bstatus%5D=on",
                "filter%5Brange%5D%5Bmin%5D=1"
            ]
        );
    }
}

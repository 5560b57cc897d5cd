//! Credentials never reach the model: a server that echoes every credential it received
//! (in a success value, in an error body, in a value that breaks the output schema), called
//! by Lua and JavaScript programs that also log what they got. No form of any secret — plain,
//! JSON-escaped, percent-encoded, base64 — appears anywhere in the result.

use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use axum::Router;
use codemode::{CodeMode, Language};
use codemode_openapi::{from_spec, Credentials, OpenApiOptions};
use serde_json::{json, Value};

const TOKEN: &str = "s3cr3t-token/+\"x";
const BASIC: &str = "alice:p@ss w0rd!";
const PASSWORD: &str = "p@ss w0rd!";
const QUERY_KEY: &str = "k3y with space&=";
const HEADER_KEY: &str = "hdr-key-9f8e7d";

/// Answers every request with what it received: the Authorization, X-API-Key and Cookie
/// headers and the raw (percent-encoded) query. `/fail` answers 401 with the same body,
/// `/mismatch` with a body whose `echo` breaks the declared output schema, `/text` as text.
async fn echo(request: Request<Body>) -> Response<Body> {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let body = json!({
        "auth": header("authorization"),
        "key": header("x-api-key"),
        "cookie": header("cookie"),
        "query": request.uri().query().unwrap_or(""),
    });
    let path = request.uri().path();
    let (status, content_type, text) = if path.ends_with("/fail") {
        (
            StatusCode::UNAUTHORIZED,
            "application/json",
            body.to_string(),
        )
    } else if path.ends_with("/mismatch") {
        (
            StatusCode::OK,
            "application/json",
            json!({ "echo": body }).to_string(),
        )
    } else if path.ends_with("/text") {
        (StatusCode::OK, "text/plain", format!("you sent {body}"))
    } else {
        (StatusCode::OK, "application/json", body.to_string())
    };
    Response::builder()
        .status(status)
        .header("content-type", content_type)
        .body(Body::from(text))
        .unwrap()
}

async fn start() -> (u16, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let app = Router::new().fallback(echo);
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (port, task)
}

fn spec(port: u16) -> String {
    let op = |id: &str, security: Value, schema: Value| {
        json!({"get": {
            "operationId": id,
            "security": security,
            "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": schema}}}}}})
    };
    let any = json!({"type": "object"});
    let bearer = json!([{"bearer": [], "queryKey": [], "session": []}]);
    let basic = json!([{"basic": [], "headerKey": []}]);
    json!({
        "openapi": "3.1.0",
        "info": {"title": "echo", "version": "1"},
        "servers": [{"url": format!("http://127.0.0.1:{port}")}],
        "paths": {
            "/bearer": op("bearer.echo", bearer.clone(), any.clone()),
            "/bearer/fail": op("bearer.fail", bearer.clone(), any.clone()),
            "/bearer/mismatch": op("bearer.mismatch", bearer.clone(),
                json!({"type": "object", "properties": {"echo": {"type": "object",
                    "properties": {"auth": {"type": "integer"}}}}})),
            "/bearer/text": {"get": {"operationId": "bearer.text", "security": bearer,
                "responses": {"200": {"description": "ok",
                    "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
            "/basic": op("basic.echo", basic.clone(), any.clone()),
            "/basic/fail": op("basic.fail", basic, any),
        },
        "components": {"securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer"},
            "basic": {"type": "http", "scheme": "basic"},
            "queryKey": {"type": "apiKey", "in": "query", "name": "api_key"},
            "headerKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            "session": {"type": "apiKey", "in": "cookie", "name": "session"},
        }},
    })
    .to_string()
}

fn runtime(port: u16, language: Language) -> CodeMode {
    let options = OpenApiOptions {
        credentials: Credentials::new()
            .with("bearer", TOKEN)
            .with("basic", BASIC)
            .with("queryKey", QUERY_KEY)
            .with("headerKey", HEADER_KEY)
            .with("session", TOKEN),
        ..Default::default()
    };
    let conversion = from_spec(&spec(port), options).expect("spec converts");
    assert!(conversion.skipped.is_empty(), "{:?}", conversion.skipped);
    CodeMode::builder()
        .language(language)
        .tools(conversion.tools)
        .redact_secrets(conversion.secrets.iter().map(|s| s.expose().to_owned()))
        .build()
        .expect("runtime builds")
}

fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(TABLE[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// Every form in which a secret could show: as sent, inside JSON text, percent-encoded
/// (both hex cases, `+` for space), base64.
fn forms() -> Vec<String> {
    let mut out = Vec::new();
    for secret in [TOKEN, BASIC, PASSWORD, QUERY_KEY, HEADER_KEY] {
        out.push(secret.to_owned());
        let json = serde_json::to_string(secret).unwrap();
        out.push(json[1..json.len() - 1].to_owned());
        let pct: String = secret
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        out.push(pct.replace("%20", "+"));
        out.push(pct.to_lowercase());
        out.push(pct);
        out.push(base64(secret.as_bytes()));
    }
    out
}

fn assert_clean(result: &codemode::ExecutionResult) {
    let text = serde_json::to_string(&result.to_json()).unwrap();
    for form in forms() {
        assert!(!text.contains(&form), "{form:?} leaked in {text}");
    }
    // Debug output (what a host might log) is clean too.
    let debug = format!("{result:?}");
    for form in forms() {
        assert!(!debug.contains(&form), "{form:?} leaked in Debug output");
    }
}

#[tokio::test]
async fn a_lua_program_sees_no_credential_in_values_errors_or_logs() {
    let (port, _server) = start().await;
    let rt = runtime(port, Language::Lua);
    let result = rt
        .execute(
            r#"
local b = tools.bearer.echo()
local c = tools.basic.echo()
print("got " .. b.auth .. " " .. b.query .. " " .. b.cookie)
print("and " .. c.auth .. " " .. c.key)
print(json.encode(b))
local ok1, e1 = pcall(tools.bearer.fail, {})
local ok2, e2 = pcall(tools.basic.fail, {})
local ok3, e3 = pcall(tools.bearer.mismatch, {})
print(e1) print(e2) print(e3)
return { b = b, c = c, text = tools.bearer.text(), errors = { e1, e2, e3 }, ok = { ok1, ok2, ok3 } }
"#,
        )
        .await;
    let value = result
        .value()
        .unwrap_or_else(|| panic!("{:?}", result.error()));
    // The calls went through with the real credentials: the server saw them.
    assert_eq!(value["b"]["auth"], json!("Bearer <redacted>"));
    assert_eq!(value["c"]["auth"], json!("Basic <redacted>"));
    assert_eq!(value["ok"], json!([false, false, false]));
    let errors = value["errors"].to_string();
    assert!(errors.contains("HTTP 401"), "{errors}");
    assert!(errors.contains("does not match its schema"), "{errors}");
    assert!(result.logs.len() >= 6, "{:?}", result.logs);
    assert_clean(&result);
}

#[tokio::test]
async fn a_javascript_program_sees_no_credential_and_uncaught_errors_are_clean() {
    let (port, _server) = start().await;
    let rt = runtime(port, Language::JavaScript);
    let result = rt
        .execute(
            r#"
const [b, c] = await Promise.all([tools.bearer.echo(), tools.basic.echo()]);
console.log(JSON.stringify(b), JSON.stringify(c), await tools.bearer.text());
try { await tools.bearer.fail({}); } catch (e) { console.log(e.message); }
try { await tools.basic.fail({}); } catch (e) { console.log(String(e)); }
await tools.bearer.mismatch();
"#,
        )
        .await;
    // The last call's failure ends the program: the diagnostic is clean too.
    let error = result.error().expect("the mismatch is uncaught");
    assert!(
        error.message.contains("does not match its schema"),
        "{}",
        error.message
    );
    assert_eq!(result.tool_calls.len(), 6);
    assert_clean(&result);
}

#[tokio::test]
async fn a_host_secret_and_a_text_function_scrub_a_plain_tool() {
    // The same promise for secrets a Rust host registers itself, with a tool that is not
    // OpenAPI: the echo reaches neither the program nor the result.
    let echo = codemode::Tool::new(
        "vault.read",
        "Reads a secret",
        json!({"type": "object"}),
        |_: Value, _| async {
            Err(codemode::ToolError::new(format!(
                "denied for {{\"auth\":\"Bearer {TOKEN}\"}} at internal-host-7"
            )))
        },
    )
    .unwrap();
    let rt = CodeMode::builder()
        .language(Language::Lua)
        .tool(echo)
        .redact_secret(TOKEN)
        .redact_with(|t| {
            if t.contains("internal-host-7") {
                std::borrow::Cow::Owned(t.replace("internal-host-7", "[host]"))
            } else {
                std::borrow::Cow::Borrowed(t)
            }
        })
        .build()
        .unwrap();
    let result = rt
        .execute(r#"local ok, e = pcall(tools.vault.read, {}) print(e) return e"#)
        .await;
    let value = result.value().unwrap().as_str().unwrap().to_owned();
    assert!(
        value.contains("Bearer [REDACTED]") && value.contains("[host]"),
        "{value}"
    );
    assert_clean(&result);
}

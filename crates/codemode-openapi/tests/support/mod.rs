//! A small library API served on 127.0.0.1:0, with its OpenAPI document, for HTTP tests of the
//! generated tools (and, later, of programs that use them through the facade).
//!
//! Every request is recorded (method, path, raw query, headers) so tests can check exactly
//! what went over the wire. Credentials it accepts: bearer `test-token`, basic
//! `reader:secret`, API key `key-123` (header `X-API-Key` or query `api_key`).
#![allow(dead_code)]

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, Response, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

pub const TOKEN: &str = "test-token";
pub const BASIC: &str = "reader:secret";
pub const API_KEY: &str = "key-123";
/// Bytes of the `/big` response: over any cap the tests set (they use 64 KiB).
pub const BIG_BYTES: usize = 256 * 1024;

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The raw query string, still percent-encoded.
    pub query: Option<String>,
    pub headers: BTreeMap<String, String>,
    pub body: String,
}

#[derive(Default)]
struct State {
    books: BTreeMap<u64, Value>,
    next_id: u64,
    requests: Vec<Recorded>,
}

pub struct TestServer {
    pub base_url: String,
    pub port: u16,
    state: Arc<Mutex<State>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestServer {
    /// Starts the server with two books already on the shelf.
    pub async fn start() -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local addr").port();
        let state = Arc::new(Mutex::new(State::default()));
        {
            let mut s = state.lock().unwrap();
            for (title, author, year, tags) in [
                ("Dune", "Herbert", 1965, vec!["sf", "classic"]),
                ("Emma", "Austen", 1815, vec!["classic"]),
            ] {
                s.next_id += 1;
                let id = s.next_id;
                s.books.insert(
                    id,
                    json!({"id": id, "title": title, "author": author, "year": year, "tags": tags}),
                );
            }
        }
        let shared = state.clone();
        let app = Router::new().fallback(move |request: Request<Body>| {
            let state = shared.clone();
            async move { handle(state, port, request).await }
        });
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        TestServer {
            base_url: format!("http://127.0.0.1:{port}/api"),
            port,
            state,
            task,
        }
    }

    /// The document, with the server's port as the default of the `port` server variable.
    pub fn spec(&self) -> String {
        spec(self.port)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    pub fn last_request(&self) -> Recorded {
        self.requests().pop().expect("a request was made")
    }

    pub fn book_titles(&self) -> Vec<String> {
        let s = self.state.lock().unwrap();
        s.books
            .values()
            .filter_map(|b| b["title"].as_str().map(str::to_owned))
            .collect()
    }
}

fn response(status: StatusCode, content_type: &str, body: impl Into<Body>) -> Response<Body> {
    Response::builder()
        .status(status)
        .header("content-type", content_type)
        .body(body.into())
        .unwrap()
}

fn json_response(status: StatusCode, value: Value) -> Response<Body> {
    response(status, "application/json", value.to_string())
}

fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8_lossy()
        .into_owned()
}

/// Decoded query pairs in order.
fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    query
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {TOKEN}"))
}

async fn handle(state: Arc<Mutex<State>>, port: u16, request: Request<Body>) -> Response<Body> {
    let (parts, body) = request.into_parts();
    let body: Bytes = axum::body::to_bytes(body, 1 << 20)
        .await
        .unwrap_or_default();
    let path = parts.uri.path().to_owned();
    let query = parts.uri.query().map(str::to_owned);
    let headers: BTreeMap<String, String> = parts
        .headers
        .iter()
        .map(|(k, v)| (k.as_str().to_owned(), v.to_str().unwrap_or("?").to_owned()))
        .collect();
    state.lock().unwrap().requests.push(Recorded {
        method: parts.method.to_string(),
        path: path.clone(),
        query: query.clone(),
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    let pairs = query_pairs(query.as_deref());
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let method = parts.method.clone();

    if path == "/openapi.json" {
        return response(StatusCode::OK, "application/json", spec(port));
    }
    match (method, segments.as_slice()) {
        (Method::GET, ["api", "motd"]) => {
            response(StatusCode::OK, "text/plain; charset=utf-8", "Quiet please.")
        }
        (Method::GET, ["api", "big"]) => {
            let chunked = pairs.iter().any(|(k, _)| k == "chunked");
            let item = json!({"line": "x".repeat(1000)}).to_string();
            let count = BIG_BYTES / item.len() + 1;
            if chunked {
                // No Content-Length: the client must stop while streaming.
                let chunks = (0..count).map(move |i| {
                    let mut s = if i == 0 {
                        "[".to_owned()
                    } else {
                        ",".to_owned()
                    };
                    s.push_str(&item);
                    if i + 1 == count {
                        s.push(']');
                    }
                    Ok::<_, std::io::Error>(Bytes::from(s))
                });
                response(
                    StatusCode::OK,
                    "application/json",
                    Body::from_stream(futures::stream::iter(chunks)),
                )
            } else {
                let all: Vec<&str> = (0..count).map(|_| item.as_str()).collect();
                response(
                    StatusCode::OK,
                    "application/json",
                    format!("[{}]", all.join(",")),
                )
            }
        }
        (Method::GET, ["api", "whoami", _]) => {
            let h = |name: &str| {
                parts
                    .headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            let key = h("x-api-key").or_else(|| {
                pairs
                    .iter()
                    .find(|(k, _)| k == "api_key")
                    .map(|(_, v)| v.clone())
            });
            let ok = key.as_deref() == Some(API_KEY)
                || h("authorization").is_some_and(|a| {
                    a == format!("Bearer {TOKEN}") || a == "Basic cmVhZGVyOnNlY3JldA=="
                    // reader:secret
                });
            if ok {
                json_response(StatusCode::OK, json!({"user": "reader"}))
            } else {
                json_response(
                    StatusCode::UNAUTHORIZED,
                    json!({"error": format!("bad credentials {}", key.unwrap_or_default())}),
                )
            }
        }
        (_, ["api", "books", ..]) if !authorized(&parts.headers) => json_response(
            StatusCode::UNAUTHORIZED,
            json!({"error": "missing bearer token"}),
        ),
        (Method::GET, ["api", "books"]) => {
            let tags: Vec<&str> = pairs
                .iter()
                .filter(|(k, _)| k == "tag")
                .map(|(_, v)| v.as_str())
                .collect();
            let author = pairs
                .iter()
                .find(|(k, _)| k == "filter[author]")
                .map(|p| &p.1);
            let year = pairs
                .iter()
                .find(|(k, _)| k == "filter[year]")
                .and_then(|p| p.1.parse::<i64>().ok());
            let ids: Option<Vec<u64>> = pairs
                .iter()
                .find(|(k, _)| k == "ids")
                .map(|(_, v)| v.split(',').filter_map(|i| i.parse().ok()).collect());
            let limit = pairs
                .iter()
                .find(|(k, _)| k == "limit")
                .and_then(|p| p.1.parse::<usize>().ok())
                .unwrap_or(100);
            let s = state.lock().unwrap();
            let books: Vec<Value> = s
                .books
                .values()
                .filter(|b| {
                    tags.is_empty()
                        || b["tags"].as_array().is_some_and(|t| {
                            t.iter().any(|t| tags.contains(&t.as_str().unwrap_or("")))
                        })
                })
                .filter(|b| author.is_none_or(|a| b["author"] == **a))
                .filter(|b| year.is_none_or(|y| b["year"] == y))
                .filter(|b| {
                    ids.as_ref()
                        .is_none_or(|ids| ids.contains(&b["id"].as_u64().unwrap_or(0)))
                })
                .take(limit)
                .cloned()
                .collect();
            json_response(StatusCode::OK, Value::Array(books))
        }
        (Method::POST, ["api", "books"]) => {
            let Ok(Value::Object(mut book)) = serde_json::from_slice::<Value>(&body) else {
                return json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"error": "body must be a JSON object"}),
                );
            };
            if !book.get("title").is_some_and(Value::is_string) {
                return json_response(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    json!({"error": "title is required"}),
                );
            }
            let mut s = state.lock().unwrap();
            s.next_id += 1;
            let id = s.next_id;
            book.insert("id".to_owned(), json!(id));
            let book = Value::Object(book);
            s.books.insert(id, book.clone());
            json_response(StatusCode::CREATED, book)
        }
        (method, ["api", "books", id]) => {
            let Ok(id) = id.parse::<u64>() else {
                return json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"error": "id must be a number"}),
                );
            };
            let mut s = state.lock().unwrap();
            match method {
                Method::GET => match s.books.get(&id) {
                    Some(book) => json_response(StatusCode::OK, book.clone()),
                    None => json_response(
                        StatusCode::NOT_FOUND,
                        json!({"error": format!("no book {id}")}),
                    ),
                },
                Method::DELETE => match s.books.remove(&id) {
                    Some(_) => response(StatusCode::NO_CONTENT, "text/plain", ""),
                    None => json_response(
                        StatusCode::NOT_FOUND,
                        json!({"error": format!("no book {id}")}),
                    ),
                },
                _ => json_response(StatusCode::METHOD_NOT_ALLOWED, json!({"error": "method"})),
            }
        }
        _ => json_response(
            StatusCode::NOT_FOUND,
            json!({"error": format!("no route {path}")}),
        ),
    }
}

/// The library's OpenAPI 3.1 document.
pub fn spec(port: u16) -> String {
    let port = port.to_string();
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Library", "version": "1.0", "description": "A small lending library."},
        "servers": [{"url": "http://127.0.0.1:{port}/api", "variables": {"port": {"default": port}}}],
        "tags": [{"name": "books", "description": "The books on the shelves"}],
        "security": [{"bearer": []}],
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "basic": {"type": "http", "scheme": "basic"},
                "headerKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
                "queryKey": {"type": "apiKey", "in": "query", "name": "api_key"}
            },
            "schemas": {
                "Book": {
                    "type": "object",
                    "required": ["id", "title"],
                    "properties": {
                        "id": {"type": "integer", "readOnly": true},
                        "title": {"type": "string"},
                        "author": {"type": "string"},
                        "year": {"type": "integer"},
                        "tags": {"type": "array", "items": {"type": "string"}}
                    }
                },
                "Error": {"type": "object", "properties": {"error": {"type": "string"}}}
            },
            "parameters": {
                "BookId": {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}
            }
        },
        "paths": {
            "/books": {
                "get": {
                    "operationId": "books.list",
                    "tags": ["books"],
                    "summary": "List books",
                    "parameters": [
                        {"name": "tag", "in": "query", "description": "Any of these tags",
                         "schema": {"type": "array", "items": {"type": "string"}}},
                        {"name": "ids", "in": "query", "explode": false,
                         "schema": {"type": "array", "items": {"type": "integer"}}},
                        {"name": "filter", "in": "query", "style": "deepObject",
                         "schema": {"type": "object", "properties": {
                             "author": {"type": "string"}, "year": {"type": "integer"}}}},
                        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                        {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}
                    ],
                    "responses": {
                        "200": {"description": "The books", "content": {"application/json": {
                            "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Book"}}}}},
                        "401": {"description": "No token", "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/Error"}}}}
                    }
                },
                "post": {
                    "operationId": "books.create",
                    "tags": ["books"],
                    "summary": "Add a book",
                    "requestBody": {"required": true, "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Book"}}}},
                    "responses": {"201": {"description": "Added", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Book"}}}}}
                }
            },
            "/books/{id}": {
                "parameters": [{"$ref": "#/components/parameters/BookId"}],
                "get": {
                    "operationId": "books.get",
                    "tags": ["books"],
                    "summary": "One book",
                    "responses": {
                        "200": {"description": "The book", "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/Book"}}}},
                        "404": {"description": "No such book", "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/Error"}}}}
                    }
                },
                "delete": {
                    "operationId": "books.delete",
                    "tags": ["books"],
                    "summary": "Remove a book",
                    "responses": {"204": {"description": "Removed"}}
                }
            },
            "/motd": {"get": {
                "operationId": "motd",
                "summary": "Message of the day",
                "security": [],
                "responses": {"200": {"description": "Text", "content": {"text/plain": {"schema": {"type": "string"}}}}}
            }},
            "/big": {"get": {
                "operationId": "big",
                "summary": "A large listing",
                "security": [],
                "parameters": [{"name": "chunked", "in": "query", "schema": {"type": "boolean"}}],
                "responses": {"200": {"description": "Lines", "content": {"application/json": {
                    "schema": {"type": "array", "items": {"type": "object"}}}}}}
            }},
            "/whoami/basic": {"get": {
                "operationId": "whoami.basic",
                "security": [{"basic": []}],
                "responses": {"200": {"description": "Who", "content": {"application/json": {"schema": {"type": "object"}}}}}
            }},
            "/whoami/key": {"get": {
                "operationId": "whoami.key",
                "security": [{"headerKey": []}, {"queryKey": []}],
                "responses": {"200": {"description": "Who", "content": {"application/json": {"schema": {"type": "object"}}}}}
            }},
            "/whoami/query": {"get": {
                "operationId": "whoami.query",
                "security": [{"queryKey": []}],
                "responses": {"200": {"description": "Who", "content": {"application/json": {"schema": {"type": "object"}}}}}
            }}
        }
    })
    .to_string()
}

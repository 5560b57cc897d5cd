//! The generated tools against a real server on 127.0.0.1 (tests/support).

mod support;

use codemode_catalog::{Context, Tool, ToolError};
use codemode_openapi::{
    from_spec, AuthRequest, Credentials, OpenApiOptions, OperationFilter, Secret,
};
use serde_json::{json, Value};
use std::sync::Arc;
use support::TestServer;

fn tool<'a>(tools: &'a [Tool], path: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.path().dotted() == path)
        .unwrap_or_else(|| panic!("no tool {path}"))
}

fn options_with_token() -> OpenApiOptions {
    OpenApiOptions {
        credentials: Credentials::new().with("bearer", support::TOKEN),
        ..OpenApiOptions::default()
    }
}

async fn call(tools: &[Tool], path: &str, input: Value) -> Result<Value, ToolError> {
    tool(tools, path).call(input, Context::none()).await
}

#[tokio::test]
async fn list_create_get_delete() {
    let server = TestServer::start().await;
    // The spec as the server serves it; its server URL comes from a variable's default.
    let spec = reqwest::get(format!("http://127.0.0.1:{}/openapi.json", server.port))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let tools = from_spec(&spec, options_with_token()).unwrap().tools;

    let all = call(&tools, "books.list", json!({})).await.unwrap();
    assert_eq!(all.as_array().unwrap().len(), 2);
    let r = server.last_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("GET", "/api/books"));
    assert_eq!(r.query, None);
    assert_eq!(r.headers["authorization"], "Bearer test-token");
    assert_eq!(r.headers["accept"], "application/json");

    // The readOnly id is not part of the input; the body is flattened.
    let input_schema = tool(&tools, "books.create").input_schema();
    assert!(input_schema["properties"].get("id").is_none());
    let created = call(
        &tools,
        "books.create",
        json!({"title": "Ulysses", "author": "Joyce", "year": 1922, "tags": ["modern"]}),
    )
    .await
    .unwrap();
    assert_eq!(created["id"], 3);
    assert_eq!(created["title"], "Ulysses");
    let r = server.last_request();
    assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/api/books"));
    assert_eq!(r.headers["content-type"], "application/json");
    let sent: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(
        sent,
        json!({"title": "Ulysses", "author": "Joyce", "year": 1922, "tags": ["modern"]})
    );

    let fetched = call(&tools, "books.get", json!({"id": 3})).await.unwrap();
    assert_eq!(fetched, created);
    assert_eq!(server.last_request().path, "/api/books/3");

    let deleted = call(&tools, "books.delete", json!({"id": 3}))
        .await
        .unwrap();
    assert_eq!(deleted, Value::Null);
    assert_eq!(server.last_request().method, "DELETE");
    assert_eq!(server.book_titles(), ["Dune", "Emma"]);
}

#[tokio::test]
async fn query_arrays_deep_objects_and_headers() {
    let server = TestServer::start().await;
    let tools = from_spec(&server.spec(), options_with_token())
        .unwrap()
        .tools;

    let found = call(
        &tools,
        "books.list",
        json!({"tag": ["sf", "a b&c"], "ids": [1, 2], "filter": {"author": "Herbert", "year": 1965},
               "limit": 5, "X-Trace": "t-1"}),
    )
    .await
    .unwrap();
    assert_eq!(
        found,
        json!([{"id": 1, "title": "Dune", "author": "Herbert", "year": 1965, "tags": ["sf", "classic"]}])
    );
    let r = server.last_request();
    assert_eq!(
        r.query.as_deref(),
        Some(
            "tag=sf&tag=a%20b%26c&ids=1,2&filter%5Bauthor%5D=Herbert&filter%5Byear%5D=1965&limit=5"
        )
    );
    assert_eq!(r.headers["x-trace"], "t-1");

    // Null values are left out, as FastAPI's optional parameters expect.
    call(
        &tools,
        "books.list",
        json!({"limit": null, "filter": {"author": "Austen"}}),
    )
    .await
    .unwrap();
    assert_eq!(
        server.last_request().query.as_deref(),
        Some("filter%5Bauthor%5D=Austen")
    );
}

#[tokio::test]
async fn not_found_is_a_failure_with_status_and_excerpt() {
    let server = TestServer::start().await;
    let tools = from_spec(&server.spec(), options_with_token())
        .unwrap()
        .tools;
    let err = call(&tools, "books.get", json!({"id": 42}))
        .await
        .unwrap_err();
    assert_eq!(
        err.message,
        r#"HTTP 404 Not Found from GET /books/{id}: {"error":"no book 42"}"#
    );
}

#[tokio::test]
async fn path_values_are_encoded_and_dot_segments_refused() {
    let server = TestServer::start().await;
    let tools = from_spec(&server.spec(), options_with_token())
        .unwrap()
        .tools;
    let err = call(&tools, "books.get", json!({"id": "a/b c"}))
        .await
        .unwrap_err();
    assert!(err.message.starts_with("HTTP 400"), "{}", err.message);
    // The server saw one segment: `/` and the space were encoded.
    assert_eq!(server.last_request().path, "/api/books/a%2Fb%20c");
    let n = server.requests().len();
    let err = call(&tools, "books.get", json!({"id": ".."}))
        .await
        .unwrap_err();
    assert!(err.message.contains("'.' or '..'"), "{}", err.message);
    let err = call(&tools, "books.get", json!({})).await.unwrap_err();
    assert_eq!(err.message, "missing path parameter 'id'");
    assert_eq!(server.requests().len(), n, "no request for refused input");
}

#[tokio::test]
async fn responses_over_the_cap_fail() {
    let server = TestServer::start().await;
    let options = OpenApiOptions {
        max_response_bytes: 64 * 1024,
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&server.spec(), options).unwrap().tools;
    for input in [json!({}), json!({"chunked": true})] {
        let err = call(&tools, "big", input.clone()).await.unwrap_err();
        assert_eq!(
            err.message, "the response of GET /big exceeds the 64 KiB cap on response bodies",
            "{input}"
        );
    }
    // Under a larger cap the same response decodes.
    let options = OpenApiOptions {
        max_response_bytes: 1024 * 1024,
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&server.spec(), options).unwrap().tools;
    let lines = call(&tools, "big", json!({"chunked": true})).await.unwrap();
    assert!(lines.as_array().unwrap().len() > 200);
}

#[tokio::test]
async fn text_responses_become_strings() {
    let server = TestServer::start().await;
    let tools = from_spec(&server.spec(), OpenApiOptions::default())
        .unwrap()
        .tools;
    assert_eq!(
        call(&tools, "motd", json!({})).await.unwrap(),
        json!("Quiet please.")
    );
    let r = server.last_request();
    assert_eq!(r.headers["accept"], "text/plain");
    assert!(!r.headers.contains_key("authorization"));
}

#[tokio::test]
async fn every_auth_kind() {
    let server = TestServer::start().await;
    let credentials = Credentials::new()
        .with("basic", support::BASIC)
        .with("headerKey", support::API_KEY)
        .with("queryKey", support::API_KEY);
    let options = OpenApiOptions {
        credentials,
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&server.spec(), options).unwrap().tools;

    call(&tools, "whoami.basic", json!({})).await.unwrap();
    assert_eq!(
        server.last_request().headers["authorization"],
        "Basic cmVhZGVyOnNlY3JldA=="
    );
    // The first alternative (header) wins when both are available.
    call(&tools, "whoami.key", json!({})).await.unwrap();
    let r = server.last_request();
    assert_eq!(r.headers["x-api-key"], support::API_KEY);
    assert_eq!(r.query, None);
    call(&tools, "whoami.query", json!({})).await.unwrap();
    let r = server.last_request();
    assert_eq!(r.query.as_deref(), Some("api_key=key-123"));
    assert!(!r.headers.contains_key("x-api-key"));

    // Without the header key, the query alternative is used.
    let options = OpenApiOptions {
        credentials: Credentials::new().with("queryKey", support::API_KEY),
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&server.spec(), options).unwrap().tools;
    call(&tools, "whoami.key", json!({})).await.unwrap();
    assert_eq!(
        server.last_request().query.as_deref(),
        Some("api_key=key-123")
    );
}

#[tokio::test]
async fn missing_or_wrong_credentials_fail_without_leaking() {
    let server = TestServer::start().await;
    let tools = from_spec(&server.spec(), OpenApiOptions::default())
        .unwrap()
        .tools;
    let err = call(&tools, "books.list", json!({})).await.unwrap_err();
    assert_eq!(
        err.message,
        r#"HTTP 401 Unauthorized from GET /books: {"error":"missing bearer token"}"#
    );

    // The server echoes a wrong key; the excerpt hides it.
    let options = OpenApiOptions {
        credentials: Credentials::new().with("queryKey", "wrong-key-999"),
        ..OpenApiOptions::default()
    };
    let conversion = from_spec(&server.spec(), options.clone()).unwrap();
    let err = call(&conversion.tools, "whoami.query", json!({}))
        .await
        .unwrap_err();
    assert_eq!(
        err.message,
        r#"HTTP 401 Unauthorized from GET /whoami/query: {"error":"bad credentials <redacted>"}"#
    );
    assert!(!format!("{err:?}").contains("wrong-key-999"));
    assert!(!format!("{options:?}").contains("wrong-key-999"));
    assert!(!format!("{:?}", conversion.tools).contains("wrong-key-999"));
}

#[tokio::test]
async fn resolver_sees_the_context_and_wins_over_credentials() {
    let server = TestServer::start().await;
    let resolver = |request: &AuthRequest<'_>| -> Option<Secret> {
        assert_eq!(request.scheme.name, "bearer");
        request
            .context
            .get::<&'static str>()
            .map(|user| Secret::new(format!("{}-token", user)))
    };
    let options = OpenApiOptions {
        credentials: Credentials::new().with("bearer", "static-token"),
        auth_resolver: Some(Arc::new(resolver)),
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&server.spec(), options).unwrap().tools;
    tool(&tools, "books.list")
        .call(json!({}), Context::new("test"))
        .await
        .unwrap();
    assert_eq!(
        server.last_request().headers["authorization"],
        "Bearer test-token"
    );
    // Without a context the resolver answers None: the static credential is used.
    let err = call(&tools, "books.list", json!({})).await.unwrap_err();
    assert!(err.message.starts_with("HTTP 401"), "{}", err.message);
    assert_eq!(
        server.last_request().headers["authorization"],
        "Bearer static-token"
    );
}

#[tokio::test]
async fn base_url_headers_and_filter_options() {
    let server = TestServer::start().await;
    let options = OpenApiOptions {
        // The document says port 1; the option wins.
        base_url: Some(server.base_url.clone()),
        headers: vec![
            ("User-Agent".into(), "codemode-test".into()),
            ("X-Tenant".into(), "t9".into()),
        ],
        operations: Some(OperationFilter::allow(["motd", "GET /books/{id}"])),
        namespace_prefix: Some("library".into()),
        ..options_with_token()
    };
    let conversion = from_spec(&support::spec(1), options).unwrap();
    let paths: Vec<String> = conversion.tools.iter().map(|t| t.path().dotted()).collect();
    assert_eq!(paths, ["library.books.get", "library.motd"]);
    assert_eq!(
        conversion.namespaces,
        [
            (
                "library".to_owned(),
                "Library\n\nA small lending library.".to_owned()
            ),
            (
                "library.books".to_owned(),
                "The books on the shelves".to_owned()
            ),
        ]
    );
    call(&conversion.tools, "library.books.get", json!({"id": 1}))
        .await
        .unwrap();
    let r = server.last_request();
    assert_eq!(r.headers["user-agent"], "codemode-test");
    assert_eq!(r.headers["x-tenant"], "t9");
}

#[tokio::test]
async fn timeouts_and_unreachable_servers_are_failures() {
    // A listener that accepts but never answers.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let hold = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    let options = OpenApiOptions {
        base_url: Some(format!("http://127.0.0.1:{port}/api")),
        timeout: std::time::Duration::from_millis(300),
        ..OpenApiOptions::default()
    };
    let tools = from_spec(&support::spec(1), options).unwrap().tools;
    let err = call(&tools, "motd", json!({})).await.unwrap_err();
    assert_eq!(err.message, "GET /motd timed out after 300ms");
    hold.abort();

    // Nothing listens on the document's port 1.
    let tools = from_spec(&support::spec(1), OpenApiOptions::default())
        .unwrap()
        .tools;
    let err = call(&tools, "motd", json!({})).await.unwrap_err();
    assert_eq!(err.message, "GET /motd: could not connect to the server");
}

//! Programs, not just tools: a Lua and a JavaScript program list, create, fetch and delete
//! books through the generated tools, through the facade, against the test server.

mod support;

use codemode::{CodeMode, DiagnosticKind, Language};
use codemode_openapi::{from_spec, Credentials, OpenApiOptions};
use serde_json::json;
use support::TestServer;

fn runtime(server: &TestServer, language: Language) -> CodeMode {
    let options = OpenApiOptions {
        credentials: Credentials::new().with("bearer", support::TOKEN),
        max_response_bytes: 64 * 1024,
        ..Default::default()
    };
    let conversion = from_spec(&server.spec(), options).expect("spec converts");
    let mut builder = CodeMode::builder()
        .language(language)
        .tools(conversion.tools);
    for (path, description) in conversion.namespaces {
        builder = builder.namespace(path, description);
    }
    builder.build().expect("runtime builds")
}

#[tokio::test]
async fn a_lua_program_works_the_api() {
    let server = TestServer::start().await;
    let rt = runtime(&server, Language::Lua);
    let result = rt
        .execute(
            r#"
local classics = tools.books.list({ tag = { "classic" }, filter = { author = "Austen" } })
local added = tools.books.create({ title = "Middlemarch", author = "Eliot", year = 1871 })
local fetched = tools.books.get({ id = added.id })
tools.books.delete({ id = added.id })
local ok, err = pcall(tools.books.get, { id = added.id })
local big_ok, big_err = pcall(tools.big, {})
return {
  classics = #classics, fetched = fetched.title, gone = not ok,
  missing = string.find(err, "404") ~= nil, big = not big_ok,
}
"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(
            &json!({"classics": 1, "fetched": "Middlemarch", "gone": true, "missing": true, "big": true})
        ),
        "{:?}",
        result.error()
    );
    let list = server
        .requests()
        .into_iter()
        .find(|r| r.path == "/api/books" && r.method == "GET")
        .unwrap();
    let query = list.query.unwrap_or_default();
    assert!(query.contains("tag=classic"), "{query}");
    assert!(
        query.contains("filter%5Bauthor%5D=Austen") || query.contains("filter[author]=Austen"),
        "{query}"
    );
    assert_eq!(
        list.headers.get("authorization").map(String::as_str),
        Some("Bearer test-token")
    );
    assert_eq!(server.book_titles(), vec!["Dune", "Emma"]);
    // The credential never reaches the program's view.
    assert!(!result.to_json().to_string().contains(support::TOKEN));
}

#[tokio::test]
async fn a_javascript_program_works_the_api() {
    let server = TestServer::start().await;
    let rt = runtime(&server, Language::JavaScript);
    let result = rt
        .execute(
            r#"
const [sf, classics] = await Promise.all([
  tools.books.list({ tag: ["sf"] }),
  tools.books.list({ ids: [1, 2] }),
]);
const added = await tools.books.create({ title: "Beloved", author: "Morrison", year: 1987 });
const fetched = await tools.books.get({ id: added.id });
await tools.books.delete({ id: added.id });
let missing = null;
try { await tools.books.get({ id: added.id }); } catch (e) { missing = e.message.includes("404"); }
return { sf: sf.map((b) => b.title), both: classics.length, fetched: fetched.title, missing };
"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!({"sf": ["Dune"], "both": 2, "fetched": "Beloved", "missing": true})),
        "{:?}",
        result.error()
    );
    assert!(server.requests().iter().any(|r| r
        .query
        .as_deref()
        .is_some_and(|q| q.contains("ids=1%2C2") || q.contains("ids=1,2"))));
    let uncaught = rt
        .execute("return await tools.books.get({ id: 999 })")
        .await;
    assert_eq!(uncaught.error().unwrap().kind, DiagnosticKind::ToolFailure);
}

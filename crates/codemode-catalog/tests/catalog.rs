//! Catalog construction, lookups, namespaces, per-context views, suggestions, expressions.

mod common;

use codemode_catalog::{
    tool_expression, Catalog, CatalogError, Context, Namespace, RenderOptions, ToolPath,
};
use codemode_core::{Language, ToolRoot};
use common::echo_tool;
use serde_json::json;

fn obj() -> serde_json::Value {
    json!({"type": "object"})
}

fn segs(path: &str) -> Vec<String> {
    path.split('.').map(str::to_owned).collect()
}

#[test]
fn rejects_duplicate_tools() {
    let err = Catalog::new(
        vec![echo_tool("a.b", "", obj()), echo_tool("a.b", "", obj())],
        vec![],
    )
    .unwrap_err();
    assert_eq!(err, CatalogError::DuplicateTool("a.b".into()));
    assert_eq!(err.to_string(), "duplicate tool `a.b`");
}

#[test]
fn rejects_a_tool_that_is_also_a_namespace() {
    // `a.b-x` sorts between `a.b` and `a.b.c`: the check must not rely on neighbours.
    let err = Catalog::new(
        vec![
            echo_tool("a.b.c", "", obj()),
            echo_tool("a.b-x", "", obj()),
            echo_tool("a.b", "", obj()),
        ],
        vec![],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tool `a.b` is also the namespace of tool `a.b.c`; a path is either a tool or a namespace"
    );
}

#[test]
fn rejects_bad_namespaces_and_schemas() {
    let tools = || vec![echo_tool("a.b", "", obj())];
    let err = Catalog::new(tools(), vec![Namespace::new("a..x", "")]).unwrap_err();
    assert_eq!(err.to_string(), "invalid path \"a..x\": empty segment");
    let err = Catalog::new(tools(), vec![Namespace::new("a.b", "")]).unwrap_err();
    assert_eq!(err, CatalogError::NamespaceIsTool("a.b".into()));
    let err = Catalog::new(
        tools(),
        vec![Namespace::new("a", "x"), Namespace::new("a", "y")],
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "namespace `a` is declared twice");
    let err = Catalog::new(vec![echo_tool("a.b", "", json!({"type": 12}))], vec![]).unwrap_err();
    match &err {
        CatalogError::InvalidSchema { path, .. } => assert_eq!(path, "a.b"),
        other => panic!("unexpected {other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with("tool `a.b` has an invalid schema: "),
        "{err}"
    );
    // A render-only tool is not compiled, so its schema may be anything.
    let render_only = echo_tool("a.c", "", json!({"type": 12})).render_only();
    assert!(Catalog::new(vec![render_only], vec![]).is_ok());
    // Empty path segments cannot reach a catalog through `Tool::new` either.
    assert!(ToolPath::parse("a..b").is_err());
}

#[test]
fn sorted_lookup_and_namespaces() {
    let catalog = Catalog::new(
        vec![
            echo_tool("shop.orders.lookup", "Find one order", obj()),
            echo_tool("shop.orders.cancel", "Cancel an order", obj()),
            echo_tool("shop.customers.get", "Get a customer", obj()),
            echo_tool("ping", "Top-level tool", obj()),
        ],
        vec![Namespace::new("shop.orders", "Orders placed in the shop")],
    )
    .unwrap();
    let paths: Vec<String> = catalog.tools().map(|t| t.path().dotted()).collect();
    assert_eq!(
        paths,
        [
            "ping",
            "shop.customers.get",
            "shop.orders.cancel",
            "shop.orders.lookup"
        ]
    );
    assert_eq!(
        catalog
            .lookup(&segs("shop.orders.lookup"))
            .map(|t| t.description()),
        Some("Find one order")
    );
    assert!(catalog.lookup(&segs("shop.orders")).is_none());
    assert!(catalog
        .lookup(&["shop.orders".into(), "lookup".into()])
        .is_none());
    assert!(catalog.lookup_dotted("ping").is_some());
    assert!(catalog.is_namespace(&segs("shop")));
    assert!(catalog.is_namespace(&segs("shop.orders")));
    assert!(!catalog.is_namespace(&segs("shop.orders.lookup")));
    assert!(!catalog.is_namespace(&segs("ping")));
    let ns: Vec<(String, String, usize)> = catalog
        .namespaces()
        .into_iter()
        .map(|n| (n.path, n.description, n.tools))
        .collect();
    assert_eq!(
        ns,
        [
            ("shop".into(), "".into(), 3),
            ("shop.customers".into(), "".into(), 1),
            ("shop.orders".into(), "Orders placed in the shop".into(), 2),
        ]
    );
    assert_eq!(catalog.top_level_names(), ["ping", "shop"]);
    let copy = catalog.clone();
    assert_eq!(copy.len(), 4);
}

#[test]
fn catalog_is_send_sync_and_cheap_to_clone() {
    fn assert_send_sync<T: Send + Sync + Clone>() {}
    assert_send_sync::<Catalog>();
}

#[derive(Debug)]
struct Role(&'static str);

#[test]
fn disabled_tools_are_absent_everywhere() {
    let admin_only = echo_tool("admin.purge", "Purge everything", obj())
        .enabled_when(|cx: &Context| cx.get::<Role>().is_some_and(|r| r.0 == "admin"));
    let catalog = Catalog::new(
        vec![admin_only, echo_tool("admin.status", "Show status", obj())],
        vec![Namespace::new("admin", "Administration")],
    )
    .unwrap();
    let js = RenderOptions::default();
    let guest = catalog.for_context(&Context::new(Role("guest")));
    let admin = catalog.for_context(&Context::new(Role("admin")));
    let nobody = catalog.for_context(&Context::none());
    assert_eq!(admin.len(), 2);
    for view in [&guest, &nobody] {
        assert_eq!(view.len(), 1);
        assert!(view.lookup(&segs("admin.purge")).is_none());
        assert!(view.lookup_dotted("admin.purge").is_none());
        assert!(view.find("tools.admin.purge", &js).is_none());
        assert_eq!(view.tools().count(), 1);
        assert_eq!(view.namespaces()[0].tools, 1);
        let page = view
            .search(&codemode_catalog::SearchRequest::query("purge"), &js)
            .unwrap();
        assert!(page.items.is_empty());
        let page = view
            .search(&codemode_catalog::SearchRequest::query("admin.purge"), &js)
            .unwrap();
        assert!(page.items.iter().all(|i| i.path == "tools.admin.status"));
        let all = view
            .search(&codemode_catalog::SearchRequest::default(), &js)
            .unwrap();
        assert_eq!(all.items.len(), 1);
        assert!(view
            .descriptors(&js)
            .iter()
            .all(|d| d.path != "admin.purge"));
        assert!(!view.inline_catalog(&js, 10_000).text.contains("purge"));
        assert!(view.describe(&["admin.purge".into()], 10_000, &js).is_err());
        assert!(!view
            .suggest(&segs("admin.purg"), 5, &js)
            .iter()
            .any(|s| s.contains("purge")));
    }
    assert_eq!(
        admin.suggest(&segs("admin.purg"), 5, &js),
        ["tools.admin.purge"]
    );
    // A namespace whose tools are all disabled disappears too.
    let only_admin = Catalog::new(
        vec![echo_tool("secret.x", "", obj()).enabled_when(|_| false)],
        vec![],
    )
    .unwrap()
    .for_context(&Context::none());
    assert!(only_admin.is_empty());
    assert!(!only_admin.is_namespace(&segs("secret")));
    assert!(only_admin.namespaces().is_empty());
}

#[test]
fn suggestions_for_unknown_tools() {
    let catalog = common::mcp_catalog();
    let js = RenderOptions::default();
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    // A typo.
    assert_eq!(
        catalog.suggest(&segs("filesystem.read_fil"), 1, &js),
        ["tools.filesystem.read_file"]
    );
    // The right name in the wrong (or no) namespace.
    assert_eq!(
        catalog.suggest(&segs("read_text_file"), 3, &js),
        ["tools.filesystem.read_text_file"]
    );
    // camelCase for snake_case.
    assert_eq!(
        catalog.suggest(&segs("memory.readGraph"), 1, &lua),
        ["tools.memory.read_graph"]
    );
    // A namespace called as a tool suggests its tools.
    let s = catalog.suggest(&segs("sequential-thinking"), 3, &js);
    assert_eq!(s, ["tools[\"sequential-thinking\"].sequentialthinking"]);
    assert!(catalog.suggest(&segs("zzzzzzzzzzzz"), 3, &js).is_empty());
    // Hostile input stays cheap and bounded.
    let long = vec!["x".repeat(100_000)];
    assert!(catalog.suggest(&long, 3, &js).is_empty());
}

#[test]
fn tool_expressions_for_every_root_and_language() {
    let cases = [
        "orders.lookup",
        "context7.resolve-library-id",
        "lua.end",
        "js.class",
        "my-server.get",
        "single",
        "weird.a\"b\\c\nd",
    ];
    let roots = [
        ToolRoot::Tools,
        ToolRoot::Globals,
        ToolRoot::Named("codemode".into()),
        ToolRoot::Named("my-root".into()),
    ];
    let mut out = String::new();
    for path in cases {
        let path = ToolPath::from_segments(path.split('.').map(str::to_owned).collect());
        for language in [Language::JavaScript, Language::Lua] {
            for root in &roots {
                let opts = RenderOptions::new(language, root.clone());
                out.push_str(&format!(
                    "{:<40} {:<10} {:<28} {}\n",
                    format!("{:?}", path.dotted()),
                    language.short_name(),
                    format!("{root:?}"),
                    tool_expression(&path, &opts)
                ));
            }
        }
    }
    insta::assert_snapshot!(out);
    let p = ToolPath::parse("context7.resolve-library-id").unwrap();
    assert_eq!(
        tool_expression(&p, &RenderOptions::default()),
        "tools.context7[\"resolve-library-id\"]"
    );
}

#[test]
fn find_accepts_every_spelling() {
    let catalog = common::mcp_catalog();
    for (language, root, text) in [
        (
            Language::JavaScript,
            ToolRoot::Tools,
            "everything.get-annotated-message",
        ),
        (
            Language::JavaScript,
            ToolRoot::Tools,
            "tools.everything.get-annotated-message",
        ),
        (
            Language::JavaScript,
            ToolRoot::Tools,
            "tools.everything[\"get-annotated-message\"]",
        ),
        (
            Language::Lua,
            ToolRoot::Tools,
            "tools.everything['get-annotated-message']",
        ),
        (
            Language::JavaScript,
            ToolRoot::Globals,
            "everything[\"get-annotated-message\"]",
        ),
        (
            Language::Lua,
            ToolRoot::Named("codemode".into()),
            "codemode.everything[\"get-annotated-message\"]",
        ),
        (
            Language::Lua,
            ToolRoot::Tools,
            "  tools.everything[\"get-annotated-message\"] ",
        ),
    ] {
        let opts = RenderOptions::new(language, root);
        let tool = catalog.find(text, &opts);
        assert_eq!(
            tool.map(|t| t.path().dotted()).as_deref(),
            Some("everything.get-annotated-message"),
            "{text}"
        );
    }
    let js = RenderOptions::default();
    for bad in [
        "tools.",
        "tools..x",
        "everything[\"get",
        "a b",
        "",
        "tools[1]",
    ] {
        assert!(catalog.find(bad, &js).is_none(), "{bad}");
    }
}

#[test]
fn cached_signatures_match_fresh_renderings() {
    let catalog = common::mcp_catalog();
    let view = catalog.for_context(&Context::none());
    for language in [Language::JavaScript, Language::Lua] {
        for root in [
            ToolRoot::Tools,
            ToolRoot::Globals,
            ToolRoot::Named("cm".into()),
        ] {
            let opts = RenderOptions::new(language, root);
            for form in [
                codemode_catalog::SignatureForm::Compact,
                codemode_catalog::SignatureForm::Full,
            ] {
                for tool in view.tools() {
                    let fresh = codemode_catalog::signature(tool, &opts, form);
                    assert_eq!(*catalog.signature(tool, &opts, form), *fresh);
                    assert_eq!(*view.signature(tool, &opts, form), *fresh);
                }
            }
        }
    }
}

#[test]
fn search_schema_agrees_with_request_parsing() {
    let tool = echo_tool("x.search", "", codemode_catalog::search_input_schema());
    for input in [
        json!({}),
        json!({"query": "read", "namespace": "fs", "limit": 5, "offset": 10}),
    ] {
        assert!(tool.validate_input(&input).is_ok(), "{input}");
        assert!(
            codemode_catalog::SearchRequest::from_input(&input).is_ok(),
            "{input}"
        );
    }
    for input in [
        json!({"q": "read"}),
        json!({"limit": "5"}),
        json!({"offset": -1}),
    ] {
        assert!(tool.validate_input(&input).is_err(), "{input}");
        assert!(
            codemode_catalog::SearchRequest::from_input(&input).is_err(),
            "{input}"
        );
    }
    let out = echo_tool("x.page", "", codemode_catalog::search_output_schema());
    let catalog = common::mcp_catalog();
    let page = catalog
        .search(
            &codemode_catalog::SearchRequest {
                limit: Some(2),
                ..Default::default()
            },
            &RenderOptions::default(),
        )
        .unwrap();
    assert!(out
        .validate_input(&serde_json::to_value(&page).unwrap())
        .is_ok());
}

/// Rendered expressions are valid JavaScript (checked by node) and valid Lua (checked by
/// lua5.4), for every root.
#[test]
fn expressions_parse_in_the_reference_engines() {
    use std::process::Command;
    let paths = [
        "orders.lookup",
        "context7.resolve-library-id",
        "lua.end",
        "js.class",
        "js.yield",
        "my-server.get",
        "function.return",
        "single",
        "weird.a\"b\\c\nd\te",
        "uni.caf\u{e9}",
    ];
    let roots = [
        ToolRoot::Tools,
        ToolRoot::Globals,
        ToolRoot::Named("codemode".into()),
        ToolRoot::Named("my-root".into()),
    ];
    let mut js = String::from("\"use strict\";\n");
    let mut lua = String::new();
    for path in paths {
        let path = ToolPath::from_segments(path.split('.').map(str::to_owned).collect());
        for root in &roots {
            let e = tool_expression(
                &path,
                &RenderOptions::new(Language::JavaScript, root.clone()),
            );
            js.push_str(&format!("(() => {e});\n"));
            let e = tool_expression(&path, &RenderOptions::new(Language::Lua, root.clone()));
            lua.push_str(&format!("local _ = function() return {e} end\n"));
        }
    }
    let node = Command::new("node")
        .args([
            "-e",
            &format!("new Function({})", serde_json::to_string(&js).unwrap()),
        ])
        .output()
        .expect("node must be installed (the reference engine for JavaScript tests)");
    assert!(
        node.status.success(),
        "{}\n{js}",
        String::from_utf8_lossy(&node.stderr)
    );
    let check = format!(
        "local f, e = load({}) if not f then io.stderr:write(e) os.exit(1) end",
        codemode_catalog::quote(&lua)
    );
    let lua54 = Command::new("lua5.4")
        .args(["-e", &check])
        .output()
        .expect("lua5.4 must be installed (the reference engine for Lua tests)");
    assert!(
        lua54.status.success(),
        "{}\n{lua}",
        String::from_utf8_lossy(&lua54.stderr)
    );
}

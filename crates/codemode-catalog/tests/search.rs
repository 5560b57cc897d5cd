//! Search over the real MCP tools: exact paths, scopes, browsing, ranking, paging; plus
//! describe, descriptors and the inline catalog.

mod common;

use codemode_catalog::{
    Catalog, DescribeError, Namespace, RenderOptions, SearchError, SearchPage, SearchRequest,
};
use codemode_core::{Language, ToolRoot};
use common::echo_tool;
use serde_json::json;

fn js() -> RenderOptions {
    RenderOptions::default()
}

fn paths(page: &SearchPage) -> Vec<&str> {
    page.items.iter().map(|i| i.path.as_str()).collect()
}

fn top(catalog: &Catalog, query: &str) -> Vec<String> {
    let page = catalog.search(&SearchRequest::query(query), &js()).unwrap();
    page.items.into_iter().map(|i| i.path).collect()
}

#[test]
fn exact_paths_return_only_that_tool() {
    let catalog = common::mcp_catalog();
    for (opts, query, expected) in [
        (js(), "filesystem.read_file", "tools.filesystem.read_file"),
        (
            js(),
            "tools.filesystem.read_file",
            "tools.filesystem.read_file",
        ),
        (
            js(),
            "everything.get-annotated-message",
            "tools.everything[\"get-annotated-message\"]",
        ),
        (
            js(),
            "tools.everything[\"get-annotated-message\"]",
            "tools.everything[\"get-annotated-message\"]",
        ),
        (
            RenderOptions::new(Language::Lua, ToolRoot::Tools),
            "tools[\"sequential-thinking\"].sequentialthinking",
            "tools[\"sequential-thinking\"].sequentialthinking",
        ),
        (
            RenderOptions::new(Language::JavaScript, ToolRoot::Globals),
            "memory.read_graph",
            "memory.read_graph",
        ),
        (
            RenderOptions::new(Language::Lua, ToolRoot::Named("codemode".into())),
            "codemode.memory.read_graph",
            "codemode.memory.read_graph",
        ),
    ] {
        let page = catalog.search(&SearchRequest::query(query), &opts).unwrap();
        assert_eq!(paths(&page), [expected], "{query}");
        assert_eq!(page.remaining, 0);
        assert_eq!(page.next, None);
        let signature = &page.items[0].signature;
        assert!(signature.contains(expected), "{signature}");
    }
}

#[test]
fn namespace_scope() {
    let catalog = common::mcp_catalog();
    let req = SearchRequest {
        query: "read".into(),
        namespace: Some("memory".into()),
        ..SearchRequest::default()
    };
    let page = catalog.search(&req, &js()).unwrap();
    assert_eq!(paths(&page), ["tools.memory.read_graph"]);
    // The scope may be written as the program would.
    let req = SearchRequest {
        query: "".into(),
        namespace: Some("tools[\"sequential-thinking\"]".into()),
        ..SearchRequest::default()
    };
    let page = catalog.search(&req, &js()).unwrap();
    assert_eq!(
        paths(&page),
        ["tools[\"sequential-thinking\"].sequentialthinking"]
    );
    // An exact path outside the scope is not returned.
    let req = SearchRequest {
        query: "filesystem.read_file".into(),
        namespace: Some("memory".into()),
        ..SearchRequest::default()
    };
    let page = catalog.search(&req, &js()).unwrap();
    assert!(paths(&page).iter().all(|p| p.starts_with("tools.memory.")));
    let err = catalog
        .search(
            &SearchRequest {
                namespace: Some("filesytem".into()),
                ..SearchRequest::default()
            },
            &js(),
        )
        .unwrap_err();
    assert_eq!(err.suggestions(), ["filesystem"]);
    assert_eq!(
        err.to_string(),
        "unknown namespace `filesytem`; did you mean filesystem?"
    );
    assert!(matches!(err, SearchError::UnknownNamespace { .. }));
    // Program-supplied text in errors is clipped.
    let long = "x".repeat(10_000);
    let err = catalog
        .search(
            &SearchRequest {
                namespace: Some(long.clone()),
                ..SearchRequest::default()
            },
            &js(),
        )
        .unwrap_err();
    assert!(err.to_string().len() < 300);
    let err = catalog.describe(&[long], 1000, &js()).unwrap_err();
    assert!(err.to_string().len() < 300);
    // A tool is not a namespace.
    assert!(catalog
        .search(
            &SearchRequest {
                namespace: Some("memory.read_graph".into()),
                ..SearchRequest::default()
            },
            &js()
        )
        .is_err());
}

#[test]
fn browse_pages_through_everything_alphabetically() {
    let catalog = common::mcp_catalog();
    let mut req = SearchRequest::default();
    let mut seen = Vec::new();
    let mut pages = 0;
    loop {
        let page = catalog.search(&req, &js()).unwrap();
        pages += 1;
        assert_eq!(page.remaining, 37 - seen.len() - page.items.len());
        seen.extend(page.items.iter().map(|i| i.path.clone()));
        match page.next {
            Some(next) => {
                assert_eq!(next.offset, seen.len());
                req = next;
            }
            None => break,
        }
    }
    assert_eq!(pages, 4);
    assert_eq!(seen.len(), 37);
    let canonical: Vec<String> = catalog.tools().map(|t| t.path().dotted()).collect();
    let mut sorted = canonical.clone();
    sorted.sort();
    assert_eq!(canonical, sorted);
    assert_eq!(seen[0], "tools.everything.echo");
    assert_eq!(
        seen[36],
        "tools[\"sequential-thinking\"].sequentialthinking"
    );
    // Past the end: an empty last page.
    let page = catalog
        .search(
            &SearchRequest {
                offset: 100,
                ..SearchRequest::default()
            },
            &js(),
        )
        .unwrap();
    assert!(page.items.is_empty());
    assert_eq!((page.remaining, page.next), (0, None));
}

#[test]
fn limits_are_clamped_and_next_keeps_the_request() {
    let catalog = common::mcp_catalog();
    let req = SearchRequest {
        query: "file".into(),
        namespace: Some("filesystem".into()),
        limit: Some(3),
        offset: 0,
    };
    let page = catalog.search(&req, &js()).unwrap();
    assert_eq!(page.items.len(), 3);
    let next = page.next.clone().expect("more pages");
    assert_eq!(next.query, "file");
    assert_eq!(next.namespace.as_deref(), Some("filesystem"));
    assert_eq!((next.limit, next.offset), (Some(3), 3));
    let total = 3 + page.remaining;
    let second = catalog.search(&next, &js()).unwrap();
    assert_eq!(second.remaining, total - 6);
    assert!(second
        .items
        .iter()
        .all(|i| !paths(&page).contains(&i.path.as_str())));
    let big = catalog
        .search(
            &SearchRequest {
                limit: Some(500),
                ..SearchRequest::default()
            },
            &js(),
        )
        .unwrap();
    assert_eq!(big.items.len(), 37.min(codemode_catalog::MAX_LIMIT));
    let zero = catalog
        .search(
            &SearchRequest {
                limit: Some(0),
                ..SearchRequest::default()
            },
            &js(),
        )
        .unwrap();
    assert_eq!(zero.items.len(), 1);
}

#[test]
fn ranking_on_real_tools() {
    let catalog = common::mcp_catalog();
    assert_eq!(top(&catalog, "read file")[0], "tools.filesystem.read_file");
    assert_eq!(
        top(&catalog, "directory tree")[0],
        "tools.filesystem.directory_tree"
    );
    assert_eq!(
        top(&catalog, "create entities")[0],
        "tools.memory.create_entities"
    );
    // Plural folding both ways.
    assert_eq!(
        top(&catalog, "create entity")[0],
        "tools.memory.create_entities"
    );
    assert_eq!(
        top(&catalog, "relations delete")[0],
        "tools.memory.delete_relations"
    );
    assert_eq!(
        top(&catalog, "read multiple file")[0],
        "tools.filesystem.read_multiple_files"
    );
    // camelCase, snake_case and kebab-case all split.
    assert_eq!(top(&catalog, "readFile")[0], "tools.filesystem.read_file");
    assert_eq!(
        top(&catalog, "list_directory_with_sizes")[0],
        "tools.filesystem.list_directory_with_sizes"
    );
    assert_eq!(
        top(&catalog, "annotatedMessage")[0],
        "tools.everything[\"get-annotated-message\"]"
    );
    // Namespace segments count as path words.
    assert_eq!(
        top(&catalog, "thinking")[0],
        "tools[\"sequential-thinking\"].sequentialthinking"
    );
    // Descriptions are searched too.
    assert_eq!(
        top(&catalog, "knowledge graph observations")[0],
        "tools.memory.add_observations"
    );
    assert_eq!(
        top(&catalog, "environment variables")[0],
        "tools.everything[\"get-env\"]"
    );
    // Input property names are the weakest signal, but they count.
    assert!(
        top(&catalog, "excludePatterns").contains(&"tools.filesystem.directory_tree".to_owned())
    );
    // Prefixes of words match.
    assert_eq!(
        top(&catalog, "gzip")[0],
        "tools.everything[\"gzip-file-as-resource\"]"
    );
    assert!(top(&catalog, "direct")
        .iter()
        .any(|p| p == "tools.filesystem.create_directory"));
    // Nothing matches: nothing returned.
    let page = catalog
        .search(&SearchRequest::query("zebra quantum"), &js())
        .unwrap();
    assert!(page.items.is_empty());
    assert_eq!((page.remaining, page.next), (0, None));
    // Only stop words: nothing to rank.
    assert!(top(&catalog, "the of and").is_empty());
}

#[test]
fn ties_are_broken_by_path() {
    let catalog = Catalog::new(
        vec![
            echo_tool("b.lookup", "Look up", json!({"type": "object"})),
            echo_tool("a.lookup", "Look up", json!({"type": "object"})),
            echo_tool("c.lookup", "Look up", json!({"type": "object"})),
        ],
        vec![],
    )
    .unwrap();
    assert_eq!(
        top(&catalog, "lookup"),
        ["tools.a.lookup", "tools.b.lookup", "tools.c.lookup"]
    );
}

#[test]
fn namespace_descriptions_rank_their_tools() {
    let catalog = Catalog::new(
        vec![
            echo_tool("billing.list", "List records", json!({"type": "object"})),
            echo_tool("crm.list", "List records", json!({"type": "object"})),
            echo_tool(
                "crm.notes.add",
                "Add a note",
                json!({"type": "object", "properties": {"invoiceId": {"type": "string"}}}),
            ),
        ],
        vec![
            Namespace::new("billing", "Invoices and payments"),
            Namespace::new("crm", "Customer relationships"),
        ],
    )
    .unwrap();
    // Ancestor descriptions apply to every descendant; they outrank property names.
    assert_eq!(
        top(&catalog, "invoices"),
        ["tools.billing.list", "tools.crm.notes.add"]
    );
    assert_eq!(top(&catalog, "customer list")[0], "tools.crm.list");
}

#[test]
fn page_serializes_in_the_documented_shape() {
    let catalog = common::mcp_catalog();
    let req = SearchRequest::from_input(&json!({"query": "echo", "limit": 1})).unwrap();
    let page = catalog.search(&req, &js()).unwrap();
    let value = serde_json::to_value(&page).unwrap();
    insta::assert_json_snapshot!(value);
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    let page = catalog
        .search(&SearchRequest::query("everything.echo"), &lua)
        .unwrap();
    assert_eq!(serde_json::to_value(&page).unwrap()["next"], json!(null));
    assert!(page.items[0]
        .signature
        .contains("---@param input EverythingEchoInput"));
}

#[test]
fn describe_chosen_tools() {
    let catalog = common::mcp_catalog();
    let text = catalog
        .describe(
            &[
                "memory.read_graph".into(),
                "tools.everything[\"get-sum\"]".into(),
                "memory.read_graph".into(),
            ],
            10_000,
            &js(),
        )
        .unwrap();
    insta::assert_snapshot!(text);
    let err = catalog
        .describe(&["filesystem.read_fiel".into()], 10_000, &js())
        .unwrap_err();
    assert_eq!(
        err,
        DescribeError::UnknownTool {
            path: "filesystem.read_fiel".into(),
            suggestions: vec!["tools.filesystem.read_file".into()],
        }
    );
    assert_eq!(
        err.to_string(),
        "unknown tool `filesystem.read_fiel`; did you mean tools.filesystem.read_file?"
    );
    let err = catalog
        .describe(
            &["sequential-thinking.sequentialthinking".into()],
            100,
            &js(),
        )
        .unwrap_err();
    let DescribeError::TooLarge {
        size,
        budget,
        tools,
    } = err.clone()
    else {
        panic!("{err:?}");
    };
    assert!(size > 100);
    assert_eq!((budget, tools), (100, 1));
    assert_eq!(
        err.to_string(),
        format!("the declarations of 1 tool(s) take {size} bytes, over the budget of 100 bytes; describe fewer tools")
    );
}

#[test]
fn descriptors_list_every_tool() {
    let catalog = common::mcp_catalog();
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Globals);
    let descriptors = catalog.descriptors(&lua);
    assert_eq!(descriptors.len(), 37);
    let d = descriptors
        .iter()
        .find(|d| d.path == "everything.get-annotated-message")
        .unwrap();
    assert_eq!(d.expression, "everything[\"get-annotated-message\"]");
    assert!(d.signature.starts_with("everything[\"get-annotated-message\"](input: { messageType: \"error\"|\"success\"|\"debug\""));
    let v = serde_json::to_value(d).unwrap();
    assert_eq!(
        v.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["path", "expression", "description", "signature"]
    );
}

#[test]
fn inline_catalog_complete_and_partial() {
    let catalog = common::mcp_catalog();
    let full = catalog.inline_catalog(&js(), 1_000_000);
    assert!(full.complete);
    assert_eq!((full.shown, full.total), (37, 37));
    assert_eq!(
        full.per_namespace,
        [
            ("everything".to_owned(), 13, 13),
            ("filesystem".to_owned(), 14, 14),
            ("memory".to_owned(), 9, 9),
            ("sequential-thinking".to_owned(), 1, 1)
        ]
    );
    assert!(full.text.len() <= 1_000_000);

    let budget = 3_000;
    let partial = catalog.inline_catalog(&js(), budget);
    assert!(!partial.complete);
    assert!(partial.text.len() <= budget, "{}", partial.text.len());
    assert_eq!(partial.total, 37);
    assert_eq!(
        partial.shown,
        partial
            .per_namespace
            .iter()
            .map(|(_, s, _)| s)
            .sum::<usize>()
    );
    // Fair: every namespace got a turn before any got a second one.
    assert!(partial
        .per_namespace
        .iter()
        .all(|(_, shown, _)| *shown >= 1));
    insta::assert_snapshot!(partial.text);

    let lua = catalog.inline_catalog(&RenderOptions::new(Language::Lua, ToolRoot::Tools), 1_500);
    assert!(lua.text.len() <= 1_500);
    assert!(lua.text.starts_with("-- namespace everything (13 tools): Everything Reference Server\n-- Echoes back the input string\ntools.everything.echo(input: { message: string }): any\n"), "{}", lua.text);
    let none = catalog.inline_catalog(&js(), 10);
    assert_eq!(
        (none.shown, none.complete, none.text.as_str()),
        (0, false, "")
    );
}

#[test]
fn pages_fit_a_byte_budget() {
    let catalog = common::mcp_catalog();
    let req = SearchRequest {
        namespace: Some("filesystem".into()),
        ..SearchRequest::default()
    };
    let unlimited = catalog.search(&req, &js()).unwrap();
    assert_eq!(unlimited.items.len(), 10);
    let budget = 4_000;
    let mut req = req;
    let mut seen = Vec::new();
    loop {
        let page = catalog.search_within(&req, &js(), budget).unwrap();
        assert!(!page.items.is_empty());
        let bytes = serde_json::to_vec(&page).unwrap().len();
        assert!(page.items.len() == 1 || bytes <= budget, "{bytes} bytes");
        seen.extend(page.items.into_iter().map(|i| i.path));
        match page.next {
            Some(next) => req = next,
            None => break,
        }
    }
    // Every tool of the namespace exactly once, in order, across more, smaller pages.
    let expected: Vec<String> = catalog
        .tools()
        .filter(|t| t.path().segments()[0] == "filesystem")
        .map(|t| codemode_catalog::tool_expression(t.path(), &js()))
        .collect();
    assert_eq!(seen, expected);
    // A budget smaller than any item still returns one item per page.
    let tiny = catalog
        .search_within(&SearchRequest::default(), &js(), 1)
        .unwrap();
    assert_eq!(tiny.items.len(), 1);
    assert_eq!(tiny.remaining, 36);
    assert_eq!(tiny.next.map(|n| n.offset), Some(1));
}

#[test]
fn prerendered_signatures_are_the_ones_search_renders() {
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    let lazy = common::mcp_catalog();
    let eager = common::mcp_catalog();
    eager.prerender(&js());
    eager.prerender(&lua);
    for opts in [js(), lua] {
        for query in ["", "read file", "memory.read_graph", "graph entities"] {
            let req = SearchRequest {
                query: query.into(),
                limit: Some(50),
                ..SearchRequest::default()
            };
            let page = eager.search(&req, &opts).unwrap();
            assert!(!page.items.is_empty(), "{query:?}");
            assert_eq!(page, lazy.search(&req, &opts).unwrap(), "{query:?}");
        }
    }
}

#[test]
fn an_oversized_query_is_refused_before_any_work() {
    let long = "x".repeat(codemode_catalog::MAX_QUERY_BYTES + 1);
    let err = SearchRequest::from_input(&json!({ "query": long })).unwrap_err();
    assert!(
        err.to_string().contains("over the 4096-byte limit"),
        "{err}"
    );
    assert!(SearchRequest::from_input(&json!(long)).is_err());
    assert!(SearchRequest::from_input(&json!({ "namespace": long })).is_err());
    let at_limit = "x".repeat(codemode_catalog::MAX_QUERY_BYTES);
    assert!(SearchRequest::from_input(&json!({ "query": at_limit })).is_ok());
}

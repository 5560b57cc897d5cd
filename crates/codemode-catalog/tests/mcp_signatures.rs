//! Signatures of the 37 real MCP tools, snapshotted in every form.

mod common;

use codemode_catalog::{signature, Catalog, RenderOptions, SignatureForm};
use codemode_core::{Language, ToolRoot};

fn render_server(
    catalog: &Catalog,
    server: &str,
    opts: &RenderOptions,
    form: SignatureForm,
) -> String {
    catalog
        .tools()
        .filter(|t| t.path().segments()[0] == server)
        .map(|t| signature(t, opts, form))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn thirty_seven_tools_in_four_namespaces() {
    let catalog = common::mcp_catalog();
    assert_eq!(catalog.len(), 37);
    let counts: Vec<(String, usize)> = catalog
        .namespaces()
        .into_iter()
        .map(|n| (n.path, n.tools))
        .collect();
    assert_eq!(
        counts,
        [
            ("everything".to_owned(), 13),
            ("filesystem".to_owned(), 14),
            ("memory".to_owned(), 9),
            ("sequential-thinking".to_owned(), 1)
        ]
    );
}

#[test]
fn typescript_compact() {
    let catalog = common::mcp_catalog();
    let opts = RenderOptions::new(Language::JavaScript, ToolRoot::Tools);
    for server in common::SERVERS {
        insta::assert_snapshot!(
            format!("ts_compact_{server}"),
            render_server(&catalog, server, &opts, SignatureForm::Compact)
        );
    }
}

#[test]
fn typescript_full() {
    let catalog = common::mcp_catalog();
    let opts = RenderOptions::new(Language::JavaScript, ToolRoot::Tools);
    for server in common::SERVERS {
        insta::assert_snapshot!(
            format!("ts_full_{server}"),
            render_server(&catalog, server, &opts, SignatureForm::Full)
        );
    }
}

#[test]
fn lua_compact() {
    let catalog = common::mcp_catalog();
    let opts = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    for server in common::SERVERS {
        insta::assert_snapshot!(
            format!("lua_compact_{server}"),
            render_server(&catalog, server, &opts, SignatureForm::Compact)
        );
    }
}

#[test]
fn lua_full() {
    let catalog = common::mcp_catalog();
    let opts = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    for server in common::SERVERS {
        insta::assert_snapshot!(
            format!("lua_full_{server}"),
            render_server(&catalog, server, &opts, SignatureForm::Full)
        );
    }
}

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

/// Every Lua declaration is valid Lua 5.4 (checked by the reference compiler), for every
/// tool root, including paths that need brackets.
#[test]
fn lua_declarations_compile_with_lua54() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut tools: Vec<codemode_catalog::Tool> = common::mcp_catalog().tools().cloned().collect();
    tools.push(common::echo_tool(
        "weird.a\"b\\c\nd",
        "A ]] long bracket and \\ backslash",
        serde_json::json!({"type": "object", "properties": {"end": {"type": "string"}, "x-y": {"type": "number"}}}),
    ));
    tools.push(common::echo_tool(
        "lua.end",
        "",
        serde_json::json!({"type": "object"}),
    ));
    let mut chunk = String::new();
    for root in [
        ToolRoot::Tools,
        ToolRoot::Globals,
        ToolRoot::Named("codemode".into()),
        ToolRoot::Named("my-root".into()),
    ] {
        let opts = RenderOptions::new(Language::Lua, root);
        for tool in &tools {
            chunk.push_str(&signature(tool, &opts, SignatureForm::Full));
            chunk.push_str("\n\n");
        }
    }
    chunk.push_str(&codemode_catalog::search_signature(Language::Lua));
    let mut child = Command::new("lua5.4")
        .args([
            "-e",
            "local f, e = load(io.read('a'), 'signatures', 't') if not f then io.stderr:write(e) os.exit(1) end",
        ])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lua5.4 must be installed (the reference engine for Lua tests)");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(chunk.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("lua5.4 runs");
    assert!(
        out.status.success(),
        "lua5.4 rejected the declarations: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

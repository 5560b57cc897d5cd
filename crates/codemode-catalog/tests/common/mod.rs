#![allow(dead_code)]

use codemode_catalog::{Catalog, Namespace, Tool, ToolError};
use serde_json::Value;
use std::path::PathBuf;

pub fn mcp_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/schemas/mcp"
    ))
}

/// The servers' names, in file order.
pub const SERVERS: [&str; 4] = ["everything", "filesystem", "memory", "sequential-thinking"];

/// A tool that answers with its input (enough for catalog tests).
pub fn echo_tool(path: &str, description: &str, input: Value) -> Tool {
    Tool::new(path, description, input, |input: Value, _cx| async move {
        Ok::<Value, ToolError>(input)
    })
    .expect("valid path")
}

/// The tools of one MCP server file, each under the server's namespace.
pub fn server_tools(server: &str) -> (Vec<Tool>, Namespace) {
    let path = mcp_dir().join(format!("{server}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let info = &doc["server"];
    let description = info["title"]
        .as_str()
        .or(info["name"].as_str())
        .unwrap_or("")
        .to_owned();
    let tools = doc["tools"]
        .as_array()
        .expect("tools array")
        .iter()
        .map(|t| {
            let name = t["name"].as_str().expect("name");
            let mut tool = echo_tool(
                &format!("{server}.{name}"),
                t["description"].as_str().unwrap_or(""),
                t["inputSchema"].clone(),
            );
            if let Some(out) = t.get("outputSchema") {
                tool = tool.with_output_schema(out.clone());
            }
            tool
        })
        .collect();
    (tools, Namespace::new(server, description))
}

/// All 37 real MCP tools, one namespace per server.
pub fn mcp_catalog() -> Catalog {
    let mut tools = Vec::new();
    let mut namespaces = Vec::new();
    for server in SERVERS {
        let (t, ns) = server_tools(server);
        tools.extend(t);
        namespaces.push(ns);
    }
    Catalog::new(tools, namespaces).expect("the MCP tools form a valid catalog")
}

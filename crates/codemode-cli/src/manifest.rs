//! The tools manifest (`--tools`): namespaces and command tools. A command tool receives the
//! call's input as one JSON document on stdin and answers with one JSON document on stdout.

use crate::command_tool::CommandTool;
use codemode::Tool;
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    #[serde(default)]
    namespaces: serde_json::Map<String, Value>,
    #[serde(default)]
    tools: serde_json::Map<String, Value>,
    #[serde(default, rename = "mcpServers")]
    mcp_servers: serde_json::Map<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ToolEntry {
    #[serde(default)]
    description: String,
    #[serde(default = "empty_object_schema")]
    input: Value,
    output: Option<Value>,
    command: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NamespaceEntry {
    #[serde(default)]
    description: String,
}

fn empty_object_schema() -> Value {
    serde_json::json!({ "type": "object" })
}

pub struct Loaded {
    pub tools: Vec<Tool>,
    pub namespaces: Vec<(String, String)>,
    /// The MCP servers of "mcpServers", connected by the caller.
    pub mcp: Vec<crate::mcp_sources::Declared>,
}

/// Reads and checks a manifest; every problem is one line naming the file and the entry.
/// `max_output_bytes` caps each command tool's stdout.
pub fn load(path: &Path, max_output_bytes: usize) -> Result<Loaded, String> {
    let shown = path.display();
    let text = crate::input::read_document(path)?;
    let manifest: Manifest =
        serde_json::from_str(&text).map_err(|e| format!("invalid manifest {shown}: {e}"))?;
    let folder = path
        .parent()
        .map(Path::to_path_buf)
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| PathBuf::from("."));
    let folder = std::fs::canonicalize(&folder).unwrap_or(folder);

    let mut namespaces = Vec::new();
    for (name, entry) in manifest.namespaces {
        let entry: NamespaceEntry = serde_json::from_value(entry)
            .map_err(|e| format!("invalid manifest {shown}: namespace {name:?}: {e}"))?;
        namespaces.push((name, entry.description));
    }
    let mut tools = Vec::new();
    for (name, entry) in manifest.tools {
        let entry: ToolEntry = serde_json::from_value(entry)
            .map_err(|e| format!("invalid manifest {shown}: tool {name:?}: {e}"))?;
        if entry.command.is_empty() || entry.command[0].is_empty() {
            return Err(format!(
                "invalid manifest {shown}: tool {name:?}: command is empty"
            ));
        }
        let mut command = entry.command;
        if command[0].contains('/') && Path::new(&command[0]).is_relative() {
            command[0] = folder.join(&command[0]).display().to_string();
        }
        let handler = CommandTool {
            command: Arc::new(command),
            folder: folder.clone(),
            max_output_bytes,
        };
        let mut tool = Tool::new(&name, entry.description, entry.input, move |input, _cx| {
            handler.clone().call(input)
        })
        .map_err(|e| format!("invalid manifest {shown}: {e}"))?;
        if let Some(output) = entry.output {
            tool = tool.with_output_schema(output);
        }
        tool.check_schemas()
            .map_err(|e| format!("invalid manifest {shown}: {e}"))?;
        tools.push(tool);
    }
    let mcp = crate::mcp_sources::from_manifest(manifest.mcp_servers, &folder, &shown.to_string())?;
    Ok(Loaded {
        tools,
        namespaces,
        mcp,
    })
}

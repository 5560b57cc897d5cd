//! The tools manifest (`--tools`): namespaces and command tools. A command tool receives the
//! call's input as one JSON document on stdin and answers with one JSON document on stdout.

use codemode::{Tool, ToolError};
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use tokio::io::AsyncWriteExt;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    #[serde(default)]
    namespaces: serde_json::Map<String, Value>,
    #[serde(default)]
    tools: serde_json::Map<String, Value>,
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
}

/// Reads and checks a manifest; every problem is one line naming the file and the entry.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
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
    Ok(Loaded { tools, namespaces })
}

#[derive(Clone)]
struct CommandTool {
    command: Arc<Vec<String>>,
    folder: PathBuf,
}

/// Largest stdout a command tool may produce.
const MAX_COMMAND_OUTPUT: u64 = 64 << 20;

impl CommandTool {
    async fn call(self, input: Value) -> Result<Value, ToolError> {
        let program = &self.command[0];
        let mut child = tokio::process::Command::new(program)
            .args(&self.command[1..])
            .current_dir(&self.folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // An interrupted call (timeout, the program's end) must not leave processes behind.
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| ToolError::new(format!("cannot start {program}: {e}")))?;
        if let Some(mut stdin) = child.stdin.take() {
            let bytes = serde_json::to_vec(&input).unwrap_or_default();
            // A tool that exits without reading its input is not an error by itself.
            let _ = stdin.write_all(&bytes).await;
            drop(stdin);
        }
        let output = child
            .wait_with_output()
            .await
            .map_err(|e| ToolError::new(format!("{program} failed: {e}")))?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr).trim().to_owned();
            let message = if stderr.is_empty() {
                format!("{program} exited with {}", output.status)
            } else {
                stderr
            };
            return Err(ToolError::new(message));
        }
        if output.stdout.len() as u64 > MAX_COMMAND_OUTPUT {
            return Err(ToolError::new(format!(
                "{program} wrote more than {MAX_COMMAND_OUTPUT} bytes"
            )));
        }
        serde_json::from_slice(&output.stdout)
            .map_err(|e| ToolError::new(format!("{program} did not answer with JSON: {e}")))
    }
}

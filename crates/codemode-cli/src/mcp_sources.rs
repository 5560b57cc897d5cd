//! MCP servers as tool sources: `--mcp NAME=COMMAND|URL` and a manifest's "mcpServers" (the
//! shape MCP clients use), connected before the runtime is built.

use codemode::Tool;
use codemode_mcp::{ClientOptions, Connected, ServerSpec};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// One server to connect, and where it was declared (for messages).
pub struct Declared {
    pub name: String,
    pub spec: ServerSpec,
    pub origin: String,
}

/// `NAME=COMMAND` (split as a POSIX shell splits words) or `NAME=URL`.
pub fn parse_flag(value: &str) -> Result<Declared, String> {
    let (name, target) = value
        .split_once('=')
        .ok_or_else(|| format!("--mcp expects NAME=COMMAND or NAME=URL, got {value:?}"))?;
    check_name(name).map_err(|e| format!("--mcp {name:?}: {e}"))?;
    let target = target.trim();
    let spec = if target.starts_with("http://") || target.starts_with("https://") {
        ServerSpec::Url {
            url: target.to_owned(),
            headers: BTreeMap::new(),
        }
    } else {
        let words = shell_words::split(target)
            .map_err(|e| format!("--mcp {name}: cannot split the command: {e}"))?;
        let mut words = words.into_iter();
        let program = words
            .next()
            .filter(|p| !p.is_empty())
            .ok_or_else(|| format!("--mcp {name}: the command is empty"))?;
        ServerSpec::Command {
            program,
            args: words.collect(),
            env: BTreeMap::new(),
            cwd: None,
        }
    };
    Ok(Declared {
        name: name.to_owned(),
        spec,
        origin: "--mcp".to_owned(),
    })
}

fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("the name is empty".into());
    }
    if name.contains('.') {
        return Err("the name is one namespace segment: no dots".into());
    }
    Ok(())
}

/// One entry of "mcpServers". Other keys MCP clients write ("type", "disabled", ...) are
/// accepted so a configuration can be pasted in whole.
#[derive(Deserialize)]
struct Entry {
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<String>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    #[serde(default)]
    disabled: bool,
}

/// The servers of a manifest's "mcpServers"; a relative command (one with a slash) and
/// the working folder resolve against the manifest's folder.
pub fn from_manifest(
    servers: serde_json::Map<String, Value>,
    folder: &Path,
    shown: &str,
) -> Result<Vec<Declared>, String> {
    let mut out = Vec::new();
    for (name, entry) in servers {
        let bad =
            |message: String| format!("invalid manifest {shown}: mcpServers {name:?}: {message}");
        check_name(&name).map_err(bad)?;
        let entry: Entry = serde_json::from_value(entry).map_err(|e| bad(e.to_string()))?;
        if entry.disabled {
            continue;
        }
        let spec = match (entry.command, entry.url) {
            (Some(_), Some(_)) => return Err(bad("give either command or url, not both".into())),
            (None, None) => return Err(bad("give a command or a url".into())),
            (Some(command), None) => {
                if command.is_empty() {
                    return Err(bad("command is empty".into()));
                }
                let program = if command.contains('/') && Path::new(&command).is_relative() {
                    folder.join(&command).display().to_string()
                } else {
                    command
                };
                let cwd = match entry.cwd {
                    Some(cwd) => folder.join(cwd),
                    None => folder.to_path_buf(),
                };
                ServerSpec::Command {
                    program,
                    args: entry.args,
                    env: entry.env,
                    cwd: Some(cwd),
                }
            }
            (None, Some(url)) => {
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(bad(format!("url {url:?} is not http:// or https://")));
                }
                ServerSpec::Url {
                    url,
                    headers: entry.headers,
                }
            }
        };
        out.push(Declared {
            name,
            spec,
            origin: shown.to_owned(),
        });
    }
    Ok(out)
}

/// What the connected servers give the runtime.
#[derive(Default)]
pub struct Loaded {
    pub tools: Vec<Tool>,
    pub namespaces: Vec<(String, String)>,
    /// Env and header values: scrubbed from all the model reads.
    pub secrets: Vec<String>,
    /// The live sessions (the tools hold them too).
    pub connections: Vec<std::sync::Arc<codemode_mcp::Connection>>,
    /// Servers that could not be reached, with the reason: a call under one of these
    /// namespaces fails with a catchable ToolFailure (as for a server that dies later).
    pub unavailable: Vec<(String, String)>,
}

/// Connects every server at once. A server that cannot be reached is reported on stderr,
/// and calls to its tools fail with a ToolFailure giving the reason.
pub fn connect_all(
    runtime: &tokio::runtime::Runtime,
    declared: Vec<Declared>,
    options: &ClientOptions,
) -> Result<Loaded, String> {
    let mut seen = std::collections::HashSet::new();
    for d in &declared {
        if !seen.insert(d.name.clone()) {
            return Err(format!(
                "MCP server name {:?} is used twice (the second in {})",
                d.name, d.origin
            ));
        }
    }
    let mut loaded = Loaded::default();
    for d in &declared {
        loaded.secrets.extend(d.spec.secrets());
    }
    let results: Vec<Result<Connected, codemode_mcp::ConnectError>> =
        runtime.block_on(futures::future::join_all(
            declared
                .iter()
                .map(|d| codemode_mcp::connect(&d.name, &d.spec, options)),
        ));
    for (d, result) in declared.iter().zip(results) {
        match result {
            Ok(connected) => {
                for (tool, reason) in &connected.skipped {
                    crate::output::say(&format!(
                        "codemode: MCP server {}: tool {tool:?} left out: {reason}",
                        d.name
                    ));
                }
                if let Some(instructions) = connected.instructions {
                    loaded.namespaces.push((d.name.clone(), instructions));
                }
                loaded.tools.extend(connected.tools);
                loaded.connections.push(connected.connection);
            }
            Err(e) => {
                let mut message = e.to_string();
                for secret in d.spec.secrets() {
                    message = message.replace(&secret, codemode::REDACTED);
                }
                crate::output::say(&format!(
                    "codemode: {message}; calls to its tools will fail"
                ));
                loaded.unavailable.push((d.name.clone(), message));
            }
        }
    }
    Ok(loaded)
}

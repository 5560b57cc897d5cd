use serde::Serialize;

/// A namespace the host declares to describe a group of tools. Its description takes part in
/// search for every tool below it. Namespaces that are never declared still exist implicitly
/// as prefixes of tool paths (with an empty description).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Namespace {
    /// Dotted path (`github.repos`).
    pub path: String,
    pub description: String,
}

impl Namespace {
    pub fn new(path: impl Into<String>, description: impl Into<String>) -> Namespace {
        Namespace {
            path: path.into(),
            description: description.into(),
        }
    }
}

/// A namespace as the catalog reports it: every prefix of a visible tool's path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NamespaceInfo {
    /// Canonical dotted path.
    pub path: String,
    /// The declared description, or empty.
    pub description: String,
    /// How many visible tools are below this namespace (at any depth).
    pub tools: usize,
}
